//! Cross-thread reductions over every thread layout people use: row sums and
//! row maxima over 2..1024 threads of threadIdx.x, one row per thread block
//! or several rows on threadIdx.y, with a tail predicate. Each lowers,
//! computes on the SIMT simulator (lanes in warps, shuffle masks checked)
//! what the interpreter computes, and takes the path TVM takes: warp shuffles
//! when the reducing threads tile warps, the shared tree otherwise.

use tirtui::interp;

#[derive(Clone, Copy, Debug)]
struct Case {
    /// Threads of threadIdx.x reducing one row.
    reduce: i64,
    /// Rows per thread block on threadIdx.y (1: no threadIdx.y loop).
    rows: i64,
    /// The rows are a serial loop instead: the block reduces them one after
    /// the other, reusing its buffers (loop-carried barriers).
    serial: bool,
    op: &'static str,
    dtype: &'static str,
    /// Where the row result lives: "global" (the output), or "local": a
    /// per-thread copy every thread reads after the reduction.
    result: &'static str,
}

/// Row reductions of a (4 * rows) x (3 * reduce - 1) matrix: 3 in-thread
/// steps, the last one short by one column (a `T.where` tail).
fn program(c: &Case) -> String {
    let cols = 3 * c.reduce - 1;
    let nrows = 4 * c.rows;
    let (init, update) = match c.op {
        "sum" => (format!("T.{}(0)", c.dtype), "S[vi] + A[vi, vk]".to_string()),
        _ => (
            format!("T.min_value(\"{}\")", c.dtype),
            "T.max(S[vi], A[vi, vk])".to_string(),
        ),
    };
    let (row_loops, vi) = if c.rows == 1 {
        (
            "    for i_0 in T.thread_binding(4, thread=\"blockIdx.x\"):\n".to_string(),
            "i_0".to_string(),
        )
    } else {
        (
            format!(
                "    for i_0 in T.thread_binding(4, thread=\"blockIdx.x\"):\n        for i_1 in {binding}:\n",
                binding = if c.serial {
                    format!("range({})", c.rows)
                } else {
                    format!("T.thread_binding({}, thread=\"threadIdx.y\")", c.rows)
                }
            ),
            format!("i_0 * {} + i_1", c.rows),
        )
    };
    let ind = if c.rows == 1 {
        "        "
    } else {
        "            "
    };
    let reduce_nest = format!(
        "{ind}for k_1 in T.thread_binding({r}, thread=\"threadIdx.x\"):
{ind}    for k_0 in range(3):
{ind}        with T.block(\"S\"):
{ind}            vi = T.axis.spatial({nrows}, {vi})
{ind}            vk = T.axis.reduce({cols}, k_0 * {r} + k_1)
{ind}            T.where(k_0 * {r} + k_1 < {cols})
{ind}            T.reads(A[vi, vk])
{ind}            T.writes(S[vi])
{ind}            with T.init():
{ind}                S[vi] = {init}
{ind}            S[vi] = {update}
",
        r = c.reduce
    );
    if c.result == "global" {
        return format!(
            "@T.prim_func
def main(A: T.Buffer(({nrows}, {cols}), \"{d}\"), S: T.Buffer(({nrows},), \"{d}\")):
{row_loops}{reduce_nest}",
            d = c.dtype
        );
    }
    // Every thread of the row reads its own copy of the result.
    format!(
        "@T.prim_func
def main(A: T.Buffer(({nrows}, {cols}), \"{d}\"), B: T.Buffer(({nrows}, {cols}), \"{d}\")):
    S = T.alloc_buffer(({nrows},), \"{d}\", scope=\"local\")
{row_loops}{reduce_nest}{ind}for j_1 in T.thread_binding({r}, thread=\"threadIdx.x\"):
{ind}    for j_0 in range(3):
{ind}        with T.block(\"B\"):
{ind}            vi = T.axis.spatial({nrows}, {vi})
{ind}            vj = T.axis.spatial({cols}, j_0 * {r} + j_1)
{ind}            T.where(j_0 * {r} + j_1 < {cols})
{ind}            T.reads(A[vi, vj], S[vi])
{ind}            T.writes(B[vi, vj])
{ind}            B[vi, vj] = A[vi, vj] - S[vi]
",
        d = c.dtype,
        r = c.reduce
    )
}

/// TVM's choice (IsWarpReduction for CUDA): the reducing lanes tile warps.
fn tvm_uses_shuffles(c: &Case) -> bool {
    let groups = if c.serial { 1 } else { c.rows };
    c.reduce > 1 && (32 % c.reduce == 0 || c.reduce % 32 == 0 || (groups == 1 && c.reduce <= 32))
}

fn check(c: &Case) {
    let text = program(c);
    let func = tirtui::script::parse_func(&text, None)
        .unwrap_or_else(|e| panic!("{c:?}: {}\n{text}", e.to_diagnostic("case", &text).render()));
    let lowered = tirtui::lower::lower_program(&func).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    let printed: String = lowered.kernels.iter().map(|k| k.to_string()).collect();
    assert_eq!(
        printed.contains("tvm_warp_shuffle_down"),
        tvm_uses_shuffles(c),
        "{c:?}: warp shuffles where TVM uses them, the shared tree elsewhere\n{printed}"
    );
    let mut expected = interp::random_args(&func, 11).unwrap();
    let mut got = expected.clone();
    interp::run(&func, &mut expected).unwrap_or_else(|e| panic!("{c:?}: interpreter: {e}"));
    tirtui::simt::simulate_program(&lowered, &mut got)
        .unwrap_or_else(|e| panic!("{c:?}: simulation: {e}\n{printed}"));
    for (g, e) in got.iter().zip(&expected) {
        assert!(
            g == e || g.max_rel_err(e) <= 1e-5,
            "{c:?}: max rel err {}\n{printed}",
            g.max_rel_err(e)
        );
    }
}

#[test]
fn row_reductions_over_every_thread_count_match_the_interpreter() {
    let extents = [2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1024];
    for reduce in extents {
        for rows in [1, 2, 4] {
            if reduce * rows > 1024 {
                continue;
            }
            for (op, dtype) in [("sum", "float32"), ("max", "float32"), ("sum", "int32")] {
                for serial in [false, true] {
                    check(&Case {
                        reduce,
                        rows,
                        serial,
                        op,
                        dtype,
                        result: "global",
                    });
                }
            }
        }
    }
}

#[test]
fn a_local_result_reaches_every_thread() {
    for reduce in [16, 24, 32, 48, 128, 256] {
        for rows in [1, 2] {
            for op in ["sum", "max"] {
                check(&Case {
                    reduce,
                    rows,
                    serial: false,
                    op,
                    dtype: "float32",
                    result: "local",
                });
            }
        }
    }
}

fn lowered(c: &Case) -> (tirtui::ir::PrimFunc, tirtui::lower::LoweredProgram) {
    let text = program(c);
    let func = tirtui::script::parse_func(&text, None).unwrap();
    let lowered = tirtui::lower::lower_program(&func).unwrap();
    (func, lowered)
}

fn row_sum(reduce: i64) -> Case {
    Case {
        reduce,
        rows: 1,
        serial: false,
        op: "sum",
        dtype: "float32",
        result: "global",
    }
}

/// The simulator holds shuffles to CUDA's rules: a lane outside the mask
/// must not shuffle, and a mask must not name lanes that do not execute it.
#[test]
fn the_simulator_rejects_shuffles_with_a_wrong_mask() {
    use tirtui::ir::{DataType, Expr, Intrinsic};
    use tirtui::{lower::LStmt, simt::SimError};
    for (mask, what) in [(0xffff, "leaves it out"), (-1, "do not execute")] {
        // 24 threads: a mask of all 32 lanes names 8 that do not exist.
        let (func, mut p) = lowered(&row_sum(if mask == -1 { 24 } else { 32 }));
        let mut replaced = 0;
        p.kernels[0].body.rewrite(&mut |s| {
            if let LStmt::Store(st) = s {
                if matches!(st.value, Expr::Call(Intrinsic::WarpActiveMask, _)) {
                    st.value = Expr::Int(mask, DataType::I32);
                    replaced += 1;
                }
            }
        });
        assert_eq!(replaced, 1);
        let mut args = interp::random_args(&func, 3).unwrap();
        match tirtui::simt::simulate_program(&p, &mut args) {
            Err(SimError::Shuffle(m)) => assert!(m.contains(what), "{m}"),
            other => panic!("mask {mask:#x}: expected a shuffle error, got {other:?}"),
        }
    }
}

/// A value shuffled from a lane outside the mask is undefined: without the
/// guard on the first step of a partial warp (24 threads), lanes 8..15 add
/// what lanes 24..31 (which do not exist) hold, and the row sums are wrong.
#[test]
fn the_partial_warp_guard_is_needed() {
    use tirtui::lower::LStmt;
    let (func, mut p) = lowered(&row_sum(24));
    let mut expected = interp::random_args(&func, 5).unwrap();
    let mut got = expected.clone();
    interp::run(&func, &mut expected).unwrap();
    let names: Vec<String> = p.kernels[0]
        .buffers
        .iter()
        .map(|b| b.name.clone())
        .collect();
    let mut unguarded = 0;
    p.kernels[0].body.rewrite(&mut |s| {
        if let LStmt::If(i) = s {
            let step = matches!(&i.then_case, LStmt::Store(st)
                if names[st.buffer.0 as usize].ends_with("_red_buf"));
            if step && i.else_case.is_none() {
                *s = i.then_case.clone();
                unguarded += 1;
            }
        }
    });
    assert_eq!(unguarded, 1, "one guarded step (offset 16 of 24 lanes)");
    tirtui::simt::simulate_program(&p, &mut got).unwrap();
    let out = got.len() - 1;
    assert!(
        got[out].to_f64_vec().iter().all(|x| x.is_nan()),
        "every row sum takes in an undefined lane: {:?} vs {:?}",
        got[out].to_f64_vec(),
        expected[out].to_f64_vec()
    );
}

/// Regression: a max over int64 values below the int32 range started from
/// int32's minimum, which every such value lost to.
#[test]
fn an_int64_max_below_the_int32_range_is_exact() {
    use tirtui::interp::{Tensor, TensorData};
    for reduce in [32, 48] {
        let c = Case {
            reduce,
            rows: 1,
            serial: false,
            op: "max",
            dtype: "int64",
            result: "global",
        };
        let (func, p) = lowered(&c);
        let mut args = interp::random_args(&func, 1).unwrap();
        if let TensorData::Int(v) = &mut args[0].data {
            for (k, x) in v.iter_mut().enumerate() {
                *x = -(1i64 << 40) - k as i64;
            }
        }
        let mut expected: Vec<Tensor> = args.clone();
        interp::run(&func, &mut expected).unwrap();
        tirtui::simt::simulate_program(&p, &mut args).unwrap();
        assert_eq!(args[1], expected[1], "{c:?}");
        assert!(expected[1].to_f64_vec().iter().all(|&x| x < -1e12));
    }
}

/// Rows on threadIdx.y in an enclosing block's loop nest (a SparseTIR
/// row nest, or any opaque outer block) still split the threads into groups:
/// before, only the reduction block's own loops counted, so every row's
/// threads shared one slice of the buffer and raced (a wrong kernel, no error).
#[test]
fn rows_bound_in_an_enclosing_block_get_their_own_slice() {
    for (reduce, serial_k) in [(128, 1), (100, 1), (32, 3), (48, 2)] {
        let cols = reduce * serial_k;
        let text = format!(
            "@T.prim_func
def main(A: T.Buffer((16, {cols}), \"float32\"), S: T.Buffer((16,), \"float32\")):
    for i_0 in T.thread_binding(4, thread=\"blockIdx.x\"):
        for i_1 in T.thread_binding(4, thread=\"threadIdx.y\"):
            with T.block(\"row\"):
                vi = T.axis.spatial(16, i_0 * 4 + i_1)
                T.reads(A[vi, 0:{cols}])
                T.writes(S[vi])
                for k_1 in T.thread_binding({reduce}, thread=\"threadIdx.x\"):
                    for k_0 in range({serial_k}):
                        with T.block(\"S\"):
                            vk = T.axis.reduce({cols}, k_0 * {reduce} + k_1)
                            T.reads(A[vi, vk])
                            T.writes(S[vi])
                            with T.init():
                                S[vi] = T.float32(0)
                            S[vi] = S[vi] + A[vi, vk]
"
        );
        let func = tirtui::script::parse_func(&text, None)
            .unwrap_or_else(|e| panic!("{}\n{text}", e.to_diagnostic("case", &text).render()));
        let lowered = tirtui::lower::lower_program(&func).unwrap_or_else(|e| panic!("{e}"));
        let printed: String = lowered.kernels.iter().map(|k| k.to_string()).collect();
        let mut expected = interp::random_args(&func, 5).unwrap();
        let mut got = expected.clone();
        interp::run(&func, &mut expected).unwrap();
        tirtui::simt::simulate_program(&lowered, &mut got)
            .unwrap_or_else(|e| panic!("reduce {reduce}: simulation: {e}\n{printed}"));
        for (g, e) in got.iter().zip(&expected) {
            assert!(
                g.max_rel_err(e) <= 1e-5,
                "reduce {reduce}: max rel err {}\n{printed}",
                g.max_rel_err(e)
            );
        }
    }
}
