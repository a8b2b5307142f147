//! Issue 28, missing primitives (part B): reindex_cache_read,
//! reindex_cache_write and blockize of a list of blocks. Each legal case is TVM 0.27's own test
//! (`test_tir_schedule_cache_read_write.py`) checked against the lines of
//! TVM's program that matter, with the result unchanged (interpreter; lowered
//! on the SIMT simulator and as CUDA text); each negative fails at the step
//! TVM fails at; programs TVM would build wrong are refused.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

fn replay(src: &str, steps: &str) -> Result<Trace, String> {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").map_err(|e| e.to_string())?;
    let func = tirtui::script::parse_func(src, None).unwrap();
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

/// Applies the steps; the printed program parses back to itself and the
/// interpreter's outputs are the workload's. Returns the printed program.
#[track_caller]
fn legal(src: &str, steps: &str) -> (PrimFunc, String) {
    let func = replay(src, steps)
        .unwrap_or_else(|e| panic!("{e}"))
        .func()
        .clone();
    let printed = tirtui::script::print_func(&func);
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    same_results(src, &func, |f, args| {
        interp::run(f, args).map_err(|e| e.to_string())
    });
    (func, printed)
}

#[track_caller]
fn same_results(
    src: &str,
    scheduled: &PrimFunc,
    run: impl Fn(&PrimFunc, &mut [interp::Tensor]) -> Result<(), String>,
) {
    let workload = tirtui::script::parse_func(src, None).unwrap();
    for seed in [3, 17] {
        let mut want = interp::random_args(&workload, seed).unwrap();
        let mut got = want.clone();
        interp::run(&workload, &mut want).unwrap();
        run(scheduled, &mut got).unwrap_or_else(|e| panic!("{e}"));
        for (g, e) in got.iter().zip(&want) {
            assert!(
                g.max_rel_err(e) <= 1e-3,
                "results differ:\n{}",
                tirtui::script::print_func(scheduled)
            );
        }
    }
}

/// The last step fails, leaving the program as it was; returns the message.
#[track_caller]
fn refused(src: &str, steps: &str) -> String {
    let err = replay(src, steps).expect_err("the last step must fail");
    assert!(err.contains("^^^"), "the culprit is marked:\n{err}");
    err
}

/// TVM's `elementwise`.
const ELEMENTWISE: &str = r#"
@T.prim_func
def elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)
"#;

#[test]
fn reindex_cache_read_lays_the_cache_out_by_the_map() {
    // test_reindex_cache_read
    let steps = "  - {op: reindex_cache_read, block: C, read_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (j, i // 2, i % 2)\", out: b0}\n";
    let (_, text) = legal(ELEMENTWISE, steps);
    for line in [
        "B_shared = T.alloc_buffer((128, 64, 2), scope=\"shared\")",
        "with T.block(\"B_shared\"):",
        "B_shared[vj, vi // 2, vi % 2] = B[vi, vj]",
        "C[vi, vj] = B_shared[vj, vi // 2, vi % 2] + T.float32(1.0)",
    ] {
        assert!(text.contains(line), "missing `{line}`:\n{text}");
    }
}

/// TVM's `func_multi_consumer` with an output, so the interpreter sees the result.
const MULTI_CONSUMER: &str = r#"
@T.prim_func
def func_multi_consumer(D: T.Buffer((128,), "float32"), E: T.Buffer((128,), "float32")):
    A = T.alloc_buffer((128,))
    B = T.alloc_buffer((128,))
    for i in range(8):
        for j in range(16):
            with T.block("A"):
                vi = T.axis.spatial(128, i * 16 + j)
                A[vi] = D[vi] * T.float32(2)
        for j in range(16):
            with T.block("B"):
                vi = T.axis.spatial(128, i * 16 + j)
                B[vi] = A[vi] + T.float32(1)
    for i in range(128):
        with T.block("C"):
            vi = T.axis.spatial(128, i)
            E[vi] = A[vi] + B[vi]
"#;

#[test]
fn reindex_cache_read_goes_between_producer_and_the_block_under_their_loop() {
    // test_reindex_cache_read_multi_consumer: only B reads the cache, the copy
    // goes under `i` before B with a copy of B's loop `j`.
    let steps = "  - {op: reindex_cache_read, block: B, read_buffer_index: 0, storage_scope: shared, index_map: \"lambda i: (i // 32, i % 32)\", out: b0}\n";
    let (_, text) = legal(MULTI_CONSUMER, steps);
    let expected = "        for j in range(16):
            with T.block(\"A_shared\"):
                vi = T.axis.spatial(128, i * 16 + j)
                T.reads(A[vi])
                T.writes(A_shared[vi // 32, vi % 32])
                A_shared[vi // 32, vi % 32] = A[vi]
        for j in range(16):
            with T.block(\"B\"):";
    assert!(text.contains(expected), "{text}");
    assert!(
        text.contains("A_shared = T.alloc_buffer((4, 32), scope=\"shared\")"),
        "{text}"
    );
    assert!(
        text.contains("E[vi] = A[vi] + B[vi]"),
        "C keeps reading A:\n{text}"
    );
}

#[test]
fn reindex_cache_write_copies_back_after_the_block() {
    // test_reindex_cache_write
    let steps = "  - {op: reindex_cache_write, block: B, write_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (j, i)\", out: b0}\n";
    let (_, text) = legal(ELEMENTWISE, steps);
    for line in [
        "B_shared[vj, vi] = A[vi, vj] * T.float32(2.0)",
        "B[vi, vj] = B_shared[vj, vi]",
        "C[vi, vj] = B[vi, vj] + T.float32(1.0)",
    ] {
        assert!(text.contains(line), "missing `{line}`:\n{text}");
    }
}

/// TVM's `reduce`, smaller.
const REDUCE: &str = r#"
@T.prim_func
def reduce(A: T.Buffer((8, 8, 8, 8), "float32"), C: T.Buffer((8, 8), "float32")):
    B = T.alloc_buffer((8, 8, 8))
    for i, j, k in T.grid(8, 8, 8):
        for l in range(8):
            with T.block("B"):
                vi, vj, vk, vl = T.axis.remap("SSSR", [i, j, k, l])
                with T.init():
                    B[vi, vj, vk] = T.float32(0)
                B[vi, vj, vk] = B[vi, vj, vk] + A[vi, vj, vk, vl]
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + B[vi, vj, vk]
"#;

#[test]
fn reindex_cache_write_of_reductions_places_each_copy_before_its_reader() {
    // test_reindex_cache_write_reduce
    let steps = "  - {op: reindex_cache_write, block: B, write_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j, k, l: (j, i, k)\", out: b0}
  - {op: reindex_cache_write, block: C, write_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j, k: (j, i)\", out: b1}
";
    let (_, text) = legal(REDUCE, steps);
    let expected = "        with T.block(\"B_shared\"):
            vi, vj, vk = T.axis.remap(\"SSS\", [i, j, k])
            T.reads(B_shared[vj, vi, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = B_shared[vj, vi, vk]
        with T.block(\"C\"):";
    assert!(text.contains(expected), "{text}");
    assert!(
        text.contains("C_shared[vj, vi] = C_shared[vj, vi] + B[vi, vj, vk]"),
        "{text}"
    );
    assert!(text.contains("C[vi, vj] = C_shared[vj, vi]"), "{text}");
}

#[test]
fn tvms_refusals_at_the_same_step() {
    // test_reindex_cache_read_fail_not_match / test_reindex_cache_write_fail_not_match
    let e = refused(ELEMENTWISE, "  - {op: reindex_cache_read, block: C, read_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (j * 2,)\"}\n");
    assert!(
        e.contains("`vi` that appears in the buffer's indices but not in the map's outputs"),
        "{e}"
    );
    let e = refused(ELEMENTWISE, "  - {op: reindex_cache_write, block: B, write_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (i,)\"}\n");
    assert!(
        e.contains("`vj` that appears in the buffer's indices"),
        "{e}"
    );
    // test_reindex_cache_read_failed_not_single_point (and the write one).
    let scope = r#"
@T.prim_func
def access_under_scope(B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    A = T.alloc_buffer((128, 128))
    for i0, j0 in T.grid(8, 8):
        with T.block("scope"):
            i, j = T.axis.remap("SS", [i0, j0])
            T.reads(A[i * 16:i * 16 + 16, j * 16:j * 16 + 16])
            T.writes(B[i * 16:i * 16 + 16, j * 16:j * 16 + 16])
            for x, y in T.grid(16, 16):
                with T.block("B"):
                    vi, vj = T.axis.remap("SS", [x, y])
                    B[i * 16 + vi, j * 16 + vj] = A[i * 16 + vi, j * 16 + vj] + T.float32(1)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] * T.float32(2)
"#;
    for op in [
        "reindex_cache_read, block: scope, read_buffer_index",
        "reindex_cache_write, block: scope, write_buffer_index",
    ] {
        let e = refused(
            scope,
            &format!(
                "  - {{op: {op}: 0, storage_scope: shared, index_map: \"lambda i, j: (i, j)\"}}\n"
            ),
        );
        assert!(e.contains("not a single point"), "{e}");
    }
}

#[test]
fn a_map_that_folds_two_points_into_one_element_is_refused() {
    // TVM builds this: B_shared[vi + vj] holds one of up to 128 values per
    // element, and C reads the wrong one.
    let e = refused(ELEMENTWISE, "  - {op: reindex_cache_read, block: C, read_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (i + j,)\"}\n");
    assert!(e.contains("not injective"), "{e}");
}

#[test]
fn a_block_with_a_predicate_is_refused() {
    // TVM drops the predicate: the copy would read B past its end.
    let steps = "  - {op: get_loops, block: C, out: [i, j]}
  - {op: split, loop: j, factors: [null, 48], out: [j0, j1]}
  - {op: reindex_cache_read, block: C, read_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (j, i)\"}
";
    let e = refused(ELEMENTWISE, steps);
    assert!(e.contains("has a predicate"), "{e}");
}

#[test]
fn the_stages_lower_to_cuda_and_compute_the_same() {
    let steps = "  - {op: reindex_cache_write, block: B, write_buffer_index: 0, storage_scope: global, index_map: \"lambda i, j: (j, i)\", out: bw}
  - {op: reindex_cache_read, block: C, read_buffer_index: 0, storage_scope: global, index_map: \"lambda i, j: (j // 2, i, j % 2)\", out: cr}
  - {op: get_loops, block: B, out: [b0, b1]}
  - {op: bind, loop: b0, thread_axis: blockIdx.x}
  - {op: bind, loop: b1, thread_axis: threadIdx.x}
  - {op: get_loops, block: bw, out: [w0, w1]}
  - {op: bind, loop: w0, thread_axis: blockIdx.x}
  - {op: bind, loop: w1, thread_axis: threadIdx.x}
  - {op: get_loops, block: cr, out: [r0, r1]}
  - {op: bind, loop: r0, thread_axis: blockIdx.x}
  - {op: bind, loop: r1, thread_axis: threadIdx.x}
  - {op: get_loops, block: C, out: [c0, c1]}
  - {op: bind, loop: c0, thread_axis: blockIdx.x}
  - {op: bind, loop: c1, thread_axis: threadIdx.x}
";
    let (scheduled, _) = legal(ELEMENTWISE, steps);
    let lowered = tirtui::lower::lower_program(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    same_results(ELEMENTWISE, &scheduled, |_, args| {
        tirtui::simt::simulate_program(&lowered, args).map_err(|e| e.to_string())
    });
    let cuda = tirtui::codegen::emit_program(&lowered).unwrap();
    let source = &cuda.kernel.source;
    assert!(source.contains("B_global"), "{source}");
    assert!(source.contains("elementwise_kernel_3"), "{source}");
}

#[test]
fn the_python_export_reads_back() {
    let steps = "  - {op: reindex_cache_read, block: C, read_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (j, i // 2, i % 2)\", out: b0}
  - {op: reindex_cache_write, block: B, write_buffer_index: 0, storage_scope: shared, index_map: \"lambda i, j: (j, i)\", out: b1}
";
    let trace = replay(ELEMENTWISE, steps).unwrap();
    let py = tirtui::trace::python::to_python(&trace.steps, "case").unwrap();
    assert!(py.contains("sch.reindex_cache_read("), "{py}");
    assert!(py.contains("lambda i, j: (j, i // 2, i % 2)"), "{py}");
    let func = tirtui::script::parse_func(ELEMENTWISE, None).unwrap();
    let back = tirtui::trace::pyscript::read_trace_file(&py, func)
        .unwrap_or_else(|e| panic!("{}\n{py}", e.message()));
    assert_eq!(
        tirtui::script::print_func(back.func()),
        tirtui::script::print_func(trace.func())
    );
}

/// TVM's `blocks_func` (test_blockize_blocks).
const BLOCKS: &str = r#"
@T.prim_func
def blocks_func(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    for m in range(6):
        for i, j in T.grid(3, 1):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * T.float32(2)
        for i, j in T.grid(128, 64):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj + 64] = A[vi, vj + 64] * T.float32(3)
"#;

#[test]
fn blockize_of_a_list_puts_the_blocks_loop_nests_in_one_outer_block() {
    let steps = "  - {op: get_block, name: B, out: b0}
  - {op: get_block, name: C, out: b1}
  - {op: blockize, target: [b0, b1], preserve_unit_iters: false, out: b2}
";
    let trace = replay(BLOCKS, steps).unwrap_or_else(|e| panic!("{e}"));
    let text = tirtui::script::print_func(trace.func());
    let expected = "    for m in range(6):
        with T.block(\"outer_B_C_\"):
            vi_o = T.axis.spatial(1, 0)
            vj_o = T.axis.spatial(1, 0)
            T.reads(A[0:128, 0:128])
            T.writes(B[0:128, 0:128])
            for i, j in T.grid(3, 1):
                with T.block(\"B\"):
                    vi_i = T.axis.spatial(3, i)
                    T.reads(A[vi_i, 0])
                    T.writes(B[vi_i, 0])
                    B[vi_i, 0] = A[vi_i, 0] * T.float32(2.0)
            for i, j in T.grid(128, 64):
                with T.block(\"C\"):
                    vi_i, vj_i = T.axis.remap(\"SS\", [i, j])";
    assert!(text.contains(expected), "{text}");
    // The list round-trips through the Python export.
    let py = tirtui::trace::python::to_python(&trace.steps, "case").unwrap();
    assert!(py.contains("sch.blockize(target=[b0, b1]"), "{py}");
    let func = tirtui::script::parse_func(BLOCKS, None).unwrap();
    let back = tirtui::trace::pyscript::read_trace_file(&py, func)
        .unwrap_or_else(|e| panic!("{}\n{py}", e.message()));
    assert_eq!(tirtui::script::print_func(back.func()), text);
}

#[test]
fn blockize_of_a_list_computes_the_same() {
    // TVM's workload leaves most of B unwritten (NaN in the interpreter's
    // outputs); this one writes all of it, with a reduction in one block.
    let full = r#"
@T.prim_func
def main(A: T.Buffer((8, 16), "float32"), B: T.Buffer((8, 16), "float32"), S: T.Buffer((8,), "float32")):
    for m in range(4):
        for i, j in T.grid(8, 8):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * T.float32(2)
        for i, j in T.grid(8, 8):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj + 8] = A[vi, vj + 8] * T.float32(3)
        for i, k in T.grid(8, 16):
            with T.block("R"):
                vi, vk = T.axis.remap("SR", [i, k])
                with T.init():
                    S[vi] = T.float32(0)
                S[vi] = S[vi] + A[vi, vk]
"#;
    for preserve in ["true", "false"] {
        let steps = format!(
            "  - {{op: blockize, target: [B, C, R], preserve_unit_iters: {preserve}, out: o}}\n"
        );
        let (_, text) = legal(full, &steps);
        assert!(text.contains("T.writes(B[0:8, 0:16], S[0:8])"), "{text}");
        assert!(text.contains("with T.block(\"outer_B_C_R_\")"), "{text}");
    }
    let e = refused(full, "  - {op: blockize, target: [R]}\n");
    assert!(e.contains("at least two blocks"), "{e}");
}

#[test]
fn blockize_of_a_list_refuses_what_tvm_would_drop_or_stop_on() {
    // A statement holding more than the block's loops: TVM rebuilds only the
    // block's loop chain and loses the other block.
    let shared = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    for m in range(2):
        for i in range(16):
            with T.block("B"):
                vi = T.axis.spatial(16, i)
                B[vi] = A[vi] * T.float32(2)
            with T.block("D"):
                vi = T.axis.spatial(16, i)
                C[vi] = A[vi] + T.float32(1)
        for i in range(16):
            with T.block("C"):
                vi = T.axis.spatial(16, i)
                C[vi] = C[vi] + B[vi]
"#;
    let e = refused(shared, "  - {op: blockize, target: [B, C]}\n");
    assert!(e.contains("holds more than the block's own loops"), "{e}");
    // Not side by side: a block under another's loop nest's sibling order.
    let e = refused(BLOCKS, "  - {op: blockize, target: [C, B]}\n");
    assert!(e.contains("not in consecutive statements"), "{e}");
    // Outer parts that differ (TVM: an internal check).
    let differ = r#"
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 8), "float32")):
    for m in range(4):
        for j in range(8):
            with T.block("B"):
                vm, vj = T.axis.remap("SS", [m, j])
                B[vm, vj] = A[vm, vj] * T.float32(2)
        for j in range(8):
            with T.block("C"):
                vj = T.axis.spatial(8, j)
                B[0, vj] = B[0, vj] + A[0, vj]
"#;
    let e = refused(differ, "  - {op: blockize, target: [B, C]}\n");
    assert!(e.contains("differ from the first block's"), "{e}");
}

/// TVM's `cuda_matmul` (test_tir_schedule_read_write_at.py), 64 x 64.
const CUDA_MATMUL: &str = r#"
@T.prim_func
def cuda_matmul(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    for by in T.thread_binding(4, thread="blockIdx.y"):
        for bx in T.thread_binding(4, thread="blockIdx.x"):
            for vy in T.thread_binding(2, thread="vthread.y"):
                for vx in T.thread_binding(2, thread="vthread.x"):
                    for ty in T.thread_binding(2, thread="threadIdx.y"):
                        for tx in T.thread_binding(2, thread="threadIdx.x"):
                            for k0 in range(8):
                                for k1 in T.unroll(8):
                                    for _, i, j in T.grid(1, 4, 4):
                                        with T.block("C"):
                                            vi = T.axis.spatial(64, by * 16 + vy * 8 + ty * 4 + i)
                                            vj = T.axis.spatial(64, bx * 16 + vx * 8 + tx * 4 + j)
                                            vk = T.axis.reduce(64, k0 * 8 + k1)
                                            T.reads(C[vi, vj], A[vi, vk], B[vk, vj])
                                            T.writes(C[vi, vj])
                                            with T.init():
                                                C[vi, vj] = T.float32(0)
                                            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

const AT_STEPS: &str = "  - {op: get_block, name: C, out: b0}
  - {op: get_loops, block: b0, out: [l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11]}
";

#[test]
fn read_at_copies_the_tile_the_loop_body_reads() {
    // test_read_at_global_to_shared_ab
    let steps = format!("{AT_STEPS}  - {{op: read_at, loop: l7, block: b0, read_buffer_index: 1, storage_scope: shared, out: a}}\n  - {{op: read_at, loop: l7, block: b0, read_buffer_index: 2, storage_scope: shared, out: b}}\n");
    let (_, text) = legal(CUDA_MATMUL, &steps);
    let expected = "                            for k0 in range(8):
                                with T.block(\"A_shared\"):
                                    v0, v1 = T.axis.remap(\"SS\", [by, k0])
                                    T.reads(A[v0 * 16:v0 * 16 + 16, v1 * 8:v1 * 8 + 8])
                                    T.writes(A_shared[v0 * 16:v0 * 16 + 16, v1 * 8:v1 * 8 + 8])
                                    T.block_attr({\"auto_copy\": True})
                                    for ax0, ax1 in T.grid(16, 8):
                                        A_shared[v0 * 16 + ax0, v1 * 8 + ax1] = A[v0 * 16 + ax0, v1 * 8 + ax1]
                                with T.block(\"B_shared\"):
                                    v0, v1 = T.axis.remap(\"SS\", [k0, bx])";
    assert!(text.contains(expected), "{text}");
    assert!(
        text.contains("C[vi, vj] = C[vi, vj] + A_shared[vi, vk] * B_shared[vk, vj]"),
        "{text}"
    );
}

#[test]
fn write_at_copies_back_after_the_last_write_and_lowers() {
    // test_read_at_local_to_shared_c
    let steps = format!("{AT_STEPS}  - {{op: write_at, loop: l6, block: b0, write_buffer_index: 0, storage_scope: shared, out: c}}\n");
    let (scheduled, text) = legal(CUDA_MATMUL, &steps);
    let expected = "                            with T.block(\"C_shared\"):
                                v0, v1 = T.axis.remap(\"SS\", [by, bx])
                                T.reads(C_shared[v0 * 16:v0 * 16 + 16, v1 * 16:v1 * 16 + 16])
                                T.writes(C[v0 * 16:v0 * 16 + 16, v1 * 16:v1 * 16 + 16])";
    assert!(text.contains(expected), "{text}");
    // Every virtual thread writes the whole tile back: lowering refuses the
    // dependence between virtual threads rather than guess an order.
    let e = tirtui::lower::lower_program(&scheduled).expect_err("vthreads share the copy");
    assert!(e.to_string().contains("virtual threads"), "{e}");
}

/// A GEMM over thread loops without virtual threads: read_at's copy lowers.
const THREAD_GEMM: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    for bi in T.thread_binding(4, thread="blockIdx.x"):
        for ti in T.thread_binding(16, thread="threadIdx.x"):
            for j in range(64):
                for k0, k1 in T.grid(8, 8):
                    with T.block("C"):
                        vi = T.axis.spatial(64, bi * 16 + ti)
                        vj = T.axis.spatial(64, j)
                        vk = T.axis.reduce(64, k0 * 8 + k1)
                        with T.init():
                            C[vi, vj] = T.float32(0)
                        C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

#[test]
fn read_at_into_shared_lowers_to_cuda_and_computes_the_same() {
    let steps = "  - {op: get_loops, block: C, out: [bi, ti, j, k0, k1]}
  - {op: read_at, loop: k0, block: C, read_buffer_index: 0, storage_scope: shared, out: a}
";
    let (scheduled, text) = legal(THREAD_GEMM, steps);
    assert!(
        text.contains("T.reads(A[v0 * 16:v0 * 16 + 16, v1 * 8:v1 * 8 + 8])"),
        "{text}"
    );
    let lowered = tirtui::lower::lower_program(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    same_results(THREAD_GEMM, &scheduled, |_, args| {
        tirtui::simt::simulate_program(&lowered, args).map_err(|e| e.to_string())
    });
    let cuda = tirtui::codegen::emit_program(&lowered).unwrap();
    assert!(
        cuda.kernel.source.contains("__shared__"),
        "{}",
        cuda.kernel.source
    );
}

#[test]
fn write_at_refuses_a_write_back_of_elements_nothing_wrote() {
    // Only the even columns are written: TVM copies the whole box back,
    // overwriting the odd columns with whatever the cache held.
    let strided = r#"
@T.prim_func
def main(A: T.Buffer((8, 16), "float32"), B: T.Buffer((8, 16), "float32")):
    for i in range(8):
        for j in range(8):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj * 2] = A[vi, vj * 2] * T.float32(2)
"#;
    let steps = "  - {op: get_loops, block: B, out: [i, j]}\n  - {op: write_at, loop: i, block: B, write_buffer_index: 0, storage_scope: global}\n";
    let e = replay(strided, steps).expect_err("the write back must be refused");
    assert!(
        e.contains("never written") && e.contains("^ loop `i`"),
        "{e}"
    );
    // The read side of the same block is fine: read_at copies what is read.
    let steps = "  - {op: get_loops, block: B, out: [i, j]}\n  - {op: get_block, name: B, out: b}\n  - {op: read_at, loop: j, block: b, read_buffer_index: 0, storage_scope: shared}\n";
    let text = tirtui::script::print_func(replay(strided, steps).unwrap().func());
    assert!(
        text.contains("A_shared[v0 + ax0, v1 * 2 + ax1] = A[v0 + ax0, v1 * 2 + ax1]"),
        "{text}"
    );
}
