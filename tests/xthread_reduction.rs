//! In-thread + cross-thread reductions as TVM's LowerCrossThreadReduction
//! lowers them (issue 28 item 5): the reduction loop is split, its inner
//! part bound to threadIdx.x and the outer part left serial outside it
//! (MetaSchedule's CrossThreadReduction rule writes exactly this), or serial
//! loops on both sides of the thread loop. Every thread first reduces its
//! share over the serial loops, then the threads combine their partials
//! once. Row sum, softmax, layer norm and RMS norm, for thread counts that
//! divide the row and ones that do not (a `T.where` tail), with a shared,
//! global or local (every thread's own copy) result, and beside threadIdx.y
//! rows: each lowers to CUDA and computes on the SIMT simulator what the
//! interpreter computes for the unscheduled workload. What TVM refuses (a
//! spatial loop among the reduction loops) is refused at lowering, naming
//! the loop.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const ROWS: i64 = 4;

fn row_sum(cols: i64) -> String {
    format!(
        r#"
@T.prim_func
def main(A: T.Buffer(({ROWS}, {cols}), "float32"), B: T.Buffer(({ROWS},), "float32")):
    for i, k in T.grid({ROWS}, {cols}):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
"#
    )
}

fn softmax(cols: i64) -> String {
    format!(
        r#"
@T.prim_func
def main(A: T.Buffer(({ROWS}, {cols}), "float32"), T_softmax_norm: T.Buffer(({ROWS}, {cols}), "float32")):
    T_softmax_maxelem = T.alloc_buffer(({ROWS},))
    T_softmax_exp = T.alloc_buffer(({ROWS}, {cols}))
    T_softmax_expsum = T.alloc_buffer(({ROWS},))
    for i0, k in T.grid({ROWS}, {cols}):
        with T.block("T_softmax_maxelem"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            with T.init():
                T_softmax_maxelem[v_i0] = T.float32(-3.4028234663852886e+38)
            T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], A[v_i0, v_k])
    for i0, i1 in T.grid({ROWS}, {cols}):
        with T.block("T_softmax_exp"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T_softmax_exp[v_i0, v_i1] = T.exp(A[v_i0, v_i1] - T_softmax_maxelem[v_i0])
    for i0, k in T.grid({ROWS}, {cols}):
        with T.block("T_softmax_expsum"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            with T.init():
                T_softmax_expsum[v_i0] = T.float32(0.0)
            T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_softmax_exp[v_i0, v_k]
    for i0, i1 in T.grid({ROWS}, {cols}):
        with T.block("T_softmax_norm"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T_softmax_norm[v_i0, v_i1] = T_softmax_exp[v_i0, v_i1] / T_softmax_expsum[v_i0]
"#
    )
}

fn layer_norm(cols: i64) -> String {
    format!(
        r#"
@T.prim_func
def main(X: T.Buffer(({ROWS}, {cols}), "float32"), gamma: T.Buffer(({cols},), "float32"), beta: T.Buffer(({cols},), "float32"), T_layer_norm: T.Buffer(({ROWS}, {cols}), "float32")):
    X_sum = T.alloc_buffer(({ROWS},))
    X_mean = T.alloc_buffer(({ROWS},))
    X_var_sum = T.alloc_buffer(({ROWS},))
    for ax0, k1 in T.grid({ROWS}, {cols}):
        with T.block("X_sum"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            with T.init():
                X_sum[v_ax0] = T.float32(0.0)
            X_sum[v_ax0] = X_sum[v_ax0] + X[v_ax0, v_k1]
    for ax0 in range({ROWS}):
        with T.block("X_mean"):
            v_ax0 = T.axis.spatial({ROWS}, ax0)
            X_mean[v_ax0] = X_sum[v_ax0] / T.float32({cols})
    for ax0, k1 in T.grid({ROWS}, {cols}):
        with T.block("X_var_sum"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            with T.init():
                X_var_sum[v_ax0] = T.float32(0.0)
            X_var_sum[v_ax0] = X_var_sum[v_ax0] + (X[v_ax0, v_k1] - X_mean[v_ax0]) * (X[v_ax0, v_k1] - X_mean[v_ax0])
    for ax0, ax1 in T.grid({ROWS}, {cols}):
        with T.block("T_layer_norm"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T_layer_norm[v_ax0, v_ax1] = (X[v_ax0, v_ax1] - X_mean[v_ax0]) * T.rsqrt(X_var_sum[v_ax0] / T.float32({cols}) + T.float32(1.0e-05)) * gamma[v_ax1] + beta[v_ax1]
"#
    )
}

fn rms_norm(cols: i64) -> String {
    format!(
        r#"
@T.prim_func
def main(X: T.Buffer(({ROWS}, {cols}), "float32"), W: T.Buffer(({cols},), "float32"), Y: T.Buffer(({ROWS}, {cols}), "float32")):
    X_sq_sum = T.alloc_buffer(({ROWS},))
    for ax0, k1 in T.grid({ROWS}, {cols}):
        with T.block("X_sq_sum"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            with T.init():
                X_sq_sum[v_ax0] = T.float32(0.0)
            X_sq_sum[v_ax0] = X_sq_sum[v_ax0] + X[v_ax0, v_k1] * X[v_ax0, v_k1]
    for ax0, ax1 in T.grid({ROWS}, {cols}):
        with T.block("Y"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            Y[v_ax0, v_ax1] = X[v_ax0, v_ax1] * T.rsqrt(X_sq_sum[v_ax0] / T.float32({cols}) + T.float32(1.0e-06)) * W[v_ax1]
"#
    )
}

/// How a reduction loop is split around its thread loop: `[null, T]` (the
/// serial loop outside, as MetaSchedule writes it) or `[null, T, 2]`
/// (serial loops on both sides).
#[derive(Clone, Copy, Debug)]
enum Split {
    Outer,
    Both,
}

/// Steps splitting reduction block `block`'s last loop by `threads` and
/// binding the thread part to threadIdx.x, without moving it outermost.
fn reduce_steps(block: &str, threads: i64, split: Split) -> String {
    let (factors, outs, bound) = match split {
        Split::Outer => (format!("[null, {threads}]"), "[ko, kt]", "kt"),
        Split::Both => (format!("[null, {threads}, 2]"), "[ko, kt, ki]", "kt"),
    };
    format!(
        "  - {{op: get_block, name: {block}, out: r}}
  - {{op: get_loops, block: r, out: [ri, rk]}}
  - {{op: split, loop: rk, factors: {factors}, out: {outs}}}
  - {{op: bind, loop: {bound}, thread_axis: threadIdx.x}}
"
    )
}

/// One row per thread block in one kernel, as the shipped
/// `*_2_cross_thread` sessions, but with the serial reduction loops left
/// outside the thread loop: the output block `out` spreads its row over the
/// threads, and each reduction block in `reductions` (last consumer first)
/// is computed at the row loop with its result in `scope`.
fn fused_session(
    inline: &[&str],
    out: &str,
    reductions: &[&str],
    scope: &str,
    threads: i64,
    split: Split,
) -> String {
    let mut s = String::new();
    for b in inline {
        s += &format!(
            "  - {{op: get_block, name: {b}, out: x}}\n  - {{op: compute_inline, block: x}}\n"
        );
    }
    s += &format!(
        "  - {{op: get_block, name: {out}, out: nm}}
  - {{op: get_loops, block: nm, out: [ni, nj]}}
  - {{op: split, loop: nj, factors: [null, {threads}], out: [njo, nji]}}
  - {{op: reorder, ordered_loops: [nji, njo]}}
  - {{op: bind, loop: ni, thread_axis: blockIdx.x}}
  - {{op: bind, loop: nji, thread_axis: threadIdx.x}}
"
    );
    for r in reductions {
        s += &format!(
            "  - {{op: get_block, name: {r}, out: r}}
  - {{op: set_scope, block: r, buffer_index: 0, storage_scope: {scope}}}
  - {{op: compute_at, block: r, loop: ni}}
"
        );
    }
    for r in reductions {
        s += &reduce_steps(r, threads, split);
    }
    s
}

fn replay(workload: &str, steps: &str) -> (PrimFunc, PrimFunc) {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    let func = tirtui::script::parse_func(workload, None).unwrap_or_else(|e| panic!("{e}"));
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}\n{steps}", e.to_diagnostic("case").render()));
    (func, trace.func().clone())
}

/// Lowers the scheduled program, checks its CUDA has one cross-thread
/// combine per reduction with the in-thread loop inside the thread loop,
/// and that the SIMT simulator computes what the interpreter computes for
/// the workload. Returns the CUDA.
#[track_caller]
fn check(what: &str, workload: &PrimFunc, scheduled: &PrimFunc) -> String {
    let lowered = tirtui::lower::lower_program(scheduled)
        .unwrap_or_else(|e| panic!("{what}: {e}\n{}", tirtui::script::print_func(scheduled)));
    let cuda = tirtui::codegen::generate(scheduled)
        .unwrap_or_else(|e| panic!("{what}: {e}"))
        .kernel
        .source;
    let mut expected = interp::random_args(workload, 7).unwrap();
    let mut got = expected.clone();
    interp::run(workload, &mut expected).unwrap_or_else(|e| panic!("{what}: interpreter: {e}"));
    tirtui::simt::simulate_program(&lowered, &mut got)
        .unwrap_or_else(|e| panic!("{what}: simulation: {e}\n{cuda}"));
    for (g, e) in got.iter().zip(&expected) {
        assert!(
            g.max_rel_err(e) <= 1e-5,
            "{what}: max rel err {}\n{cuda}",
            g.max_rel_err(e)
        );
    }
    cuda
}

/// The thread counts: warp-tiling ones, a partial warp, and ones that do
/// not divide the row (48, 96 of 200 columns: a `T.where` tail).
const THREADS: [i64; 6] = [4, 24, 32, 48, 64, 96];
const COLS: i64 = 200;

#[test]
fn row_sums_with_serial_loops_outside_the_thread_loop_compute_the_workload() {
    let text = row_sum(COLS);
    for threads in THREADS {
        for split in [Split::Outer, Split::Both] {
            let steps = format!(
                "{}  - {{op: bind, loop: ri, thread_axis: blockIdx.x}}\n",
                reduce_steps("B", threads, split)
            );
            let (workload, scheduled) = replay(&text, &steps);
            let what = format!("row sum, {threads} threads, {split:?}");
            let cuda = check(&what, &workload, &scheduled);
            // TVM's shape: the partial over the serial loop `k_0` is summed by
            // each thread before one combine across the threads.
            let serial = cuda
                .find("for (int k_0")
                .unwrap_or_else(|| panic!("{what}\n{cuda}"));
            let combine = cuda
                .find("__shfl_down_sync")
                .or_else(|| cuda.find("__syncthreads"))
                .unwrap_or_else(|| panic!("{what}: no combine\n{cuda}"));
            assert!(
                serial < combine,
                "{what}: the combine precedes the serial loop\n{cuda}"
            );
        }
    }
}

#[test]
fn softmax_with_serial_loops_outside_the_thread_loop_computes_the_workload() {
    let text = softmax(COLS);
    for threads in THREADS {
        for scope in ["shared", "local"] {
            let steps = fused_session(
                &["T_softmax_exp"],
                "T_softmax_norm",
                &["T_softmax_expsum", "T_softmax_maxelem"],
                scope,
                threads,
                Split::Outer,
            );
            let (workload, scheduled) = replay(&text, &steps);
            check(
                &format!("softmax, {threads} threads, {scope}"),
                &workload,
                &scheduled,
            );
        }
    }
}

#[test]
fn layer_norm_with_serial_loops_around_the_thread_loop_computes_the_workload() {
    let text = layer_norm(COLS);
    for threads in THREADS {
        for split in [Split::Outer, Split::Both] {
            let steps = fused_session(
                &["X_mean"],
                "T_layer_norm",
                &["X_var_sum", "X_sum"],
                "shared",
                threads,
                split,
            );
            let (workload, scheduled) = replay(&text, &steps);
            check(
                &format!("layer norm, {threads} threads, {split:?}"),
                &workload,
                &scheduled,
            );
        }
    }
}

#[test]
fn rms_norm_with_serial_loops_around_the_thread_loop_computes_the_workload() {
    let text = rms_norm(COLS);
    for threads in THREADS {
        for (split, scope) in [(Split::Outer, "local"), (Split::Both, "shared")] {
            let steps = fused_session(&[], "Y", &["X_sq_sum"], scope, threads, split);
            let (workload, scheduled) = replay(&text, &steps);
            check(
                &format!("RMS norm, {threads} threads, {split:?}, {scope}"),
                &workload,
                &scheduled,
            );
        }
    }
}

/// Two rows per thread block on threadIdx.y beside the reducing threadIdx.x:
/// each row's threads combine their partials apart from the other row's.
#[test]
fn rows_on_thread_idx_y_reduce_apart_with_serial_loops_outside() {
    let text = row_sum(COLS);
    for threads in [4, 16, 24, 32, 48, 64] {
        let steps = format!(
            "{}  - {{op: split, loop: ri, factors: [null, 2], out: [rb, ry]}}
  - {{op: bind, loop: rb, thread_axis: blockIdx.x}}
  - {{op: bind, loop: ry, thread_axis: threadIdx.y}}
",
            reduce_steps("B", threads, Split::Outer)
        );
        let (workload, scheduled) = replay(&text, &steps);
        check(
            &format!("two rows, {threads} threads"),
            &workload,
            &scheduled,
        );
    }
}

/// TVM refuses a cross-thread reduction whose reduction loops are not the
/// innermost loops above the block ("requires all the reduction-related
/// loops to be the deepest"): here the serial row loop sits between the
/// serial and the thread-bound reduction loops. Lowering refuses, naming it.
#[test]
fn a_spatial_loop_among_the_reduction_loops_is_refused() {
    let text = row_sum(COLS);
    let steps = format!(
        "{}  - {{op: split, loop: ri, factors: [null, 2], out: [rb, rr]}}
  - {{op: reorder, ordered_loops: [ko, rr, kt]}}
  - {{op: bind, loop: rb, thread_axis: blockIdx.x}}
",
        reduce_steps("B", 32, Split::Outer)
    );
    let (_, scheduled) = replay(&text, &steps);
    let err = tirtui::lower::lower_program(&scheduled)
        .err()
        .unwrap_or_else(|| panic!("lowered:\n{}", tirtui::script::print_func(&scheduled)))
        .to_string();
    assert!(
        err.contains("loop `i_1` between the reduction loop `k_0` and the thread loop `k_1` drives a spatial iterator"),
        "{err}"
    );
    assert!(
        err.contains("move loop `i_1` above loop `k_0` (reorder)"),
        "{err}"
    );
}

/// A reduction bound to threadIdx.y and threadIdx.x at once: TVM's
/// allreduce combines both axes; tirtui refuses with the way out its hint
/// names (fuse the two loops, bind the fused one), which lowers and computes.
#[test]
fn a_reduction_over_two_thread_axes_is_refused_and_the_fused_form_computes() {
    let text = row_sum(COLS);
    let split = "  - {op: get_block, name: B, out: r}
  - {op: get_loops, block: r, out: [ri, rk]}
  - {op: split, loop: rk, factors: [null, 4, 8], out: [ko, ky, kx]}
  - {op: bind, loop: ri, thread_axis: blockIdx.x}
";
    let two_axes = format!(
        "{split}  - {{op: bind, loop: ky, thread_axis: threadIdx.y}}\n  - {{op: bind, loop: kx, thread_axis: threadIdx.x}}\n"
    );
    let (_, scheduled) = replay(&text, &two_axes);
    let err = tirtui::lower::lower_program(&scheduled)
        .err()
        .unwrap_or_else(|| panic!("lowered:\n{}", tirtui::script::print_func(&scheduled)))
        .to_string();
    assert!(
        err.contains("bound to 2 thread loops (`k_1`, `k_2`)"),
        "{err}"
    );
    assert!(err.contains("fuse the reduction loops"), "{err}");
    let fused = format!(
        "{split}  - {{op: fuse, loops: [ky, kx], out: kf}}\n  - {{op: bind, loop: kf, thread_axis: threadIdx.x}}\n"
    );
    let (workload, scheduled) = replay(&text, &fused);
    check("fused threadIdx.y and x", &workload, &scheduled);
}
