//! Issue 28's fusion and padding primitives, as TVM 0.27 applies them
//! (apache/tvm `tests/python/s_tir/schedule/test_tir_schedule_*.py`):
//! TVM's program where tirtui reproduces it, the interpreter's results
//! unchanged after every legal step, lowering to CUDA, TVM's refusals at the
//! same step, and the refusals where TVM's own program would compute
//! something else.

use tirtui::trace::{Session, Trace};

/// Applies all steps but the last, then the last, which must fail without
/// changing anything. Returns the one-line message.
#[track_caller]
fn fail(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let (n, last) = (session.steps.len(), session.steps.last().unwrap().clone());
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace.push(last).expect_err("the last step must fail");
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    assert_eq!(trace.steps.len(), n - 1, "a failed step was appended");
    let full = err.to_diagnostic("case.yaml").render();
    assert!(full.contains("^^^"), "the culprit is marked:\n{full}");
    err.to_string()
}

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the scheduled trace.
#[track_caller]
fn legal(workload: &str, steps: &str) -> Trace {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    for seed in [5, 17] {
        let mut expected = tirtui::interp::random_args(&func, seed).unwrap();
        let mut got = expected.clone();
        tirtui::interp::run(&func, &mut expected).unwrap();
        tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        for (e, g) in expected.iter().zip(&got) {
            // A parameter nothing reads or writes keeps its NaN poison in both.
            let untouched = |t: &tirtui::interp::Tensor| t.to_f64_vec().iter().all(|x| x.is_nan());
            if untouched(e) && untouched(g) {
                continue;
            }
            assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
        }
    }
    trace
}

/// Lowers the scheduled program, runs it on the SIMT simulator against the
/// workload's results, and returns the CUDA source.
#[track_caller]
fn lowers(workload: &str, scheduled: &tirtui::ir::PrimFunc) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let mut want = tirtui::interp::random_args(&func, 3).unwrap();
    let mut got = want.clone();
    tirtui::interp::run(&func, &mut want).unwrap();
    let lowered = tirtui::lower::lower_program(scheduled).unwrap_or_else(|e| panic!("{e}"));
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap();
    for (g, e) in got.iter().zip(&want) {
        assert!(g.max_rel_err(e) <= 1e-5, "the lowered program differs");
    }
    tirtui::codegen::emit_program(&lowered)
        .unwrap()
        .kernel
        .source
}

/// The steps exported as TVM Python call `call`, and `trace` (as TVM's
/// `print(sch.trace)` writes the same schedule) reads back into the program
/// the steps make.
#[track_caller]
fn python_round_trip(workload: &str, steps: &str, call: &str, trace: &str) {
    let session = session(steps);
    let python = tirtui::trace::python::to_python(&session.steps, "case.yaml").unwrap();
    assert!(python.contains(call), "missing `{call}`:\n{python}");
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let back = tirtui::trace::pyscript::read_trace_file(trace, func.clone())
        .unwrap_or_else(|e| panic!("{e:?}\n{trace}"));
    let direct = Trace::replay(func, &session.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(printed(&back), printed(&direct));
}

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

fn printed(trace: &Trace) -> String {
    tirtui::script::print_func(trace.func())
}

// ---------------------------------------------------------------------------
// fuse_reduction_epilogue

/// test_tir_schedule_fuse_reduction_epilogue.py's matmul_bias_before, with
/// the epilogue `EPILOGUE` and the extra parameters `PARAMS`.
fn matmul_bias(epilogue: &str, params: &str, dtype: &str, acc: &str) -> String {
    format!(
        r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "{dtype}"), B: T.Buffer((16, 16), "{dtype}"), C: T.Buffer((16, 16), "{acc}"), D: T.Buffer((16, 16), "{acc}"){params}):
    temp = T.alloc_buffer((16, 16), "{acc}")
    for i, j, k in T.grid(16, 16, 16):
        with T.block("multiply"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp[vi, vj] = T.{acc}(0)
            temp[vi, vj] = temp[vi, vj] + T.Cast("{acc}", A[vi, vk]) * T.Cast("{acc}", B[vj, vk])
    for i, j in T.grid(16, 16):
        with T.block("add"):
            vi, vj = T.axis.remap("SS", [i, j])
            {epilogue}
"#
    )
}

const FUSE: &str =
    "  - {op: fuse_reduction_epilogue, reduction_block: multiply, epilogue_block: add}\n";

#[test]
fn fuse_reduction_epilogue_folds_the_bias_into_the_init_as_tvm_does() {
    let w = matmul_bias("D[vi, vj] = temp[vi, vj] + C[vi, vj]", "", "int8", "int32");
    let text = printed(&legal(&w, FUSE));
    // TVM 0.27's program (test_fuse_reduction_epilogue_basic): the reduction
    // keeps its name and loops, reads C first, accumulates into D; the
    // epilogue's nest is gone and temp's allocation stays.
    for line in [
        "T.reads(C[vi, vj], A[vi, vk], B[vj, vk])",
        "T.writes(D[vi, vj])",
        "D[vi, vj] = C[vi, vj]",
        "D[vi, vj] = D[vi, vj] + T.Cast(\"int32\", A[vi, vk]) * T.Cast(\"int32\", B[vj, vk])",
        "temp = T.alloc_buffer((16, 16), \"int32\")",
    ] {
        assert!(text.contains(line), "missing `{line}`:\n{text}");
    }
    assert!(!text.contains("\"add\""), "{text}");
    assert_eq!(text.matches("T.grid").count(), 1, "{text}");
}

#[test]
fn fuse_reduction_epilogue_takes_the_bias_on_either_side_in_float() {
    for (epilogue, init) in [
        (
            "D[vi, vj] = C[vi, vj] + temp[vi, vj]",
            "D[vi, vj] = C[vi, vj]",
        ),
        ("D[vi, vj] = temp[vi, vj]", "D[vi, vj] = T.float32(0.0)"),
    ] {
        let w = matmul_bias(epilogue, "", "float32", "float32");
        let text = printed(&legal(&w, FUSE));
        assert!(text.contains(init), "{epilogue}:\n{text}");
        assert!(
            text.contains("D[vi, vj] = D[vi, vj] + A[vi, vk] * B[vj, vk]"),
            "{epilogue}:\n{text}"
        );
    }
}

#[test]
fn fuse_reduction_epilogue_writes_a_transposed_output_where_the_epilogue_did() {
    // TVM maps the epilogue's iterators to the reduction's by position and
    // stores at temp's indices; tirtui maps them through temp's indices, so a
    // transposing epilogue keeps its result.
    let w = matmul_bias(
        "D[vj, vi] = temp[vi, vj] + C[vj, vi]",
        "",
        "float32",
        "float32",
    );
    let text = printed(&legal(&w, FUSE));
    assert!(text.contains("D[vj, vi] = C[vj, vi]"), "{text}");
}

#[test]
fn fuse_reduction_epilogue_after_tiling_lowers_to_cuda() {
    let w = matmul_bias(
        "D[vi, vj] = temp[vi, vj] + C[vi, vj]",
        "",
        "float32",
        "float32",
    );
    let steps = format!(
        "{FUSE}  - {{op: get_loops, block: multiply, out: [i, j, k]}}
  - {{op: split, loop: k, factors: [null, 4], out: [k0, k1]}}
  - {{op: bind, loop: i, thread_axis: blockIdx.x}}
  - {{op: bind, loop: j, thread_axis: threadIdx.x}}
"
    );
    let trace = legal(&w, &steps);
    let cuda = lowers(&w, trace.func());
    assert!(cuda.contains("__global__"), "{cuda}");
    python_round_trip(
        &w,
        FUSE,
        "sch.fuse_reduction_epilogue(reduction_block=get_block(\"multiply\"), epilogue_block=get_block(\"add\"))",
        "def apply_trace(sch):
  b0 = sch.get_sblock(name=\"multiply\", func_name=\"main\")
  b1 = sch.get_sblock(name=\"add\", func_name=\"main\")
  sch.fuse_reduction_epilogue(reduction_block=b0, epilogue_block=b1)
",
    );
}

#[test]
fn fuse_reduction_epilogue_refuses_what_tvm_refuses() {
    // test_fuse_reduction_epilogue_reject_scaling / _reject_multiple_use.
    let w = matmul_bias(
        "D[vi, vj] = temp[vi, vj] * 2 + C[vi, vj]",
        "",
        "int8",
        "int32",
    );
    assert!(fail(&w, FUSE).contains("scaled"), "{}", fail(&w, FUSE));
    let w = matmul_bias(
        "D[vi, vj] = (temp[vi, vj] + C[vi, vj]) * (temp[vi, vj] + C[vi, vj])",
        "",
        "int8",
        "int32",
    );
    assert!(fail(&w, FUSE).contains("reads the result 2 times"));
    // Not a reduction; an epilogue that is not complete.
    let steps =
        "  - {op: fuse_reduction_epilogue, reduction_block: add, epilogue_block: multiply}\n";
    let w = matmul_bias("D[vi, vj] = temp[vi, vj] + C[vi, vj]", "", "int8", "int32");
    assert!(
        fail(&w, steps).contains("block \"add\""),
        "{}",
        fail(&w, steps)
    );
}

#[test]
fn fuse_reduction_epilogue_refuses_a_max_shell_whose_fusion_changes_the_result() {
    // TVM 0.27 fuses ReLU and clipping by clamping every partial sum
    // (test_tir_schedule_fuse_reduction_epilogue_relu.py): another result.
    let w = matmul_bias(
        "D[vi, vj] = T.max(temp[vi, vj] + C[vi, vj], T.float32(0))",
        "",
        "float32",
        "float32",
    );
    let msg = fail(&w, FUSE);
    assert!(msg.contains("clamp every partial sum"), "{msg}");
    let w = matmul_bias(
        "D[vi, vj] = T.min(T.max(temp[vi, vj], lo), hi)",
        ", lo: T.float32, hi: T.float32",
        "float32",
        "float32",
    );
    assert!(fail(&w, FUSE).contains("max/min"));
}

#[test]
fn fuse_reduction_epilogue_refuses_while_another_block_reads_the_intermediate() {
    // TVM 0.27 fuses and leaves "add2" reading temp, which nothing writes
    // any more (test_fuse_reduction_epilogue_multiple_epilogue).
    let w = matmul_bias(
        "D[vi, vj] = temp[vi, vj] + C[vi, vj]
    for i, j in T.grid(16, 16):
        with T.block(\"add2\"):
            vi, vj = T.axis.remap(\"SS\", [i, j])
            C[vi, vj] = temp[vi, vj] + T.int32(1)",
        "",
        "int8",
        "int32",
    );
    let msg = fail(&w, FUSE);
    assert!(msg.contains("also accessed by \"add2\""), "{msg}");
}

#[test]
fn fuse_reduction_epilogue_refuses_a_block_between_that_writes_the_bias() {
    let w = r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32")):
    temp = T.alloc_buffer((16, 16))
    C = T.alloc_buffer((16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.block("multiply"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                temp[vi, vj] = T.float32(0)
            temp[vi, vj] = temp[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(16, 16):
        with T.block("bias"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(16, 16):
        with T.block("add"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = temp[vi, vj] + C[vi, vj]
"#;
    let msg = fail(w, FUSE);
    assert!(msg.contains("block \"bias\""), "{msg}");
    assert!(msg.contains("stands between"), "{msg}");
}

#[test]
fn fuse_reduction_epilogue_refuses_an_epilogue_over_a_part_of_the_result() {
    let w = matmul_bias(
        "D[vi, vj] = temp[vi, vj] + C[vi, vj]",
        "",
        "float32",
        "float32",
    )
    .replace("for i, j in T.grid(16, 16):\n        with T.block(\"add\"):\n            vi, vj = T.axis.remap(\"SS\", [i, j])",
        "for i, j in T.grid(8, 16):\n        with T.block(\"add\"):\n            vi = T.axis.spatial(8, i)\n            vj = T.axis.spatial(16, j)");
    let msg = fail(&w, FUSE);
    assert!(msg.contains("another domain"), "{msg}");
}

// ---------------------------------------------------------------------------
// decompose_padding, can_decompose_padding

/// test_tir_schedule_decompose_padding.py's test_1d_decompose_padding.
const PAD_1D: &str = r#"
@T.prim_func
def main(x: T.Buffer((128,), "int32"), y: T.Buffer((140,), "int32")):
    for i in range(140):
        with T.block("block"):
            vi = T.axis.remap("S", [i])
            y[vi] = T.if_then_else(vi >= 6 and vi < 134, x[vi - 6], 0)
"#;

#[test]
fn decompose_padding_splits_a_1d_pad_as_tvm_does() {
    let steps = "  - {op: get_loops, block: block, out: [i]}
  - {op: decompose_padding, block: block, loop: i, out: pad}
";
    let text = printed(&legal(PAD_1D, steps));
    // TVM 0.27's program: a fill of the whole buffer, then the in-bound copy
    // over 128 elements with its loop shrunk and no T.where left.
    let expected = [
        "    for i in range(140):",
        "        with T.block(\"block_pad_const\"):",
        "            vi = T.axis.spatial(140, i)",
        "            T.reads()",
        "            T.writes(y[vi])",
        "            y[vi] = 0",
        "    for i in range(128):",
        "        with T.block(\"block\"):",
        "            vi = T.axis.spatial(128, i)",
        "            T.reads(x[vi])",
        "            T.writes(y[vi + 6])",
        "            y[vi + 6] = x[vi]",
    ]
    .join("\n");
    assert!(text.contains(&expected), "{text}");
    assert!(!text.contains("T.where"), "{text}");
}

/// A small sum pool over a padded input (TVM's sum_pool_2d, 1x2x10x10 with
/// a 3x3 window and padding 1).
const POOL: &str = r#"
@T.prim_func
def main(x: T.Buffer((1, 2, 10, 10), "int8"), tensor: T.Buffer((1, 2, 10, 10), "int8")):
    pad_temp = T.alloc_buffer((1, 2, 12, 12), "int8")
    for i0, i1, i2, i3 in T.grid(1, 2, 12, 12):
        with T.block("pad_temp"):
            ax0, ax1, ax2, ax3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            pad_temp[ax0, ax1, ax2, ax3] = T.if_then_else(1 <= ax2 and ax2 < 11 and 1 <= ax3 and ax3 < 11, x[ax0, ax1, ax2 - 1, ax3 - 1], T.int8(0))
    for i0, i1, i2, i3, i4, i5 in T.grid(1, 2, 10, 10, 3, 3):
        with T.block("tensor"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [i0, i1, i2, i3, i4, i5])
            with T.init():
                tensor[ax0, ax1, ax2, ax3] = T.int8(0)
            tensor[ax0, ax1, ax2, ax3] = tensor[ax0, ax1, ax2, ax3] + pad_temp[ax0, ax1, ax2 + rv0, ax3 + rv1]
"#;

#[test]
fn decompose_padding_under_non_perfect_tiles_keeps_the_result() {
    // test_decompose_hw_padding_non_perfect_tiled, smaller: the pad is
    // computed per overlapping tile, then decomposed inside the tile.
    let steps = "  - {op: get_loops, block: tensor, out: [l0, l1, l2, l3, l4, l5]}
  - {op: split, loop: l2, factors: [null, 4], out: [l2o, l2i]}
  - {op: split, loop: l3, factors: [null, 4], out: [l3o, l3i]}
  - {op: reorder, ordered_loops: [l0, l2o, l3o, l1, l2i, l3i, l4, l5]}
  - {op: compute_at, block: pad_temp, loop: l3o}
  - {op: get_loops, block: pad_temp, out: [p0, p1, p2, p3, p4, p5]}
  - {op: decompose_padding, block: pad_temp, loop: p3, out: pad}
";
    let text = printed(&legal(POOL, steps));
    assert!(
        text.contains("with T.block(\"pad_temp_pad_const\")"),
        "{text}"
    );
    // The in-bound block keeps the padding condition (and the tile's bound)
    // as its predicate.
    assert!(text.contains("T.where(1 <= "), "{text}");
    // Lifted to the outermost loop: one fill before every tile.
    let lifted = steps.replace("loop: p3, out: pad", "loop: p0, out: pad");
    legal(POOL, &lifted);
}

#[test]
fn decompose_padding_below_shared_loops_inserts_the_fill_there() {
    // test_decompose_wrt_single_child_subtree.
    let steps = "  - {op: get_loops, block: pad_temp, out: [i0, i1, i2, i3]}
  - {op: decompose_padding, block: pad_temp, loop: i2, out: pad}
";
    let text = printed(&legal(POOL, steps));
    assert!(
        text.contains("    for i0, i1 in T.grid(1, 2):\n        for i2, i3 in T.grid(12, 12):"),
        "{text}"
    );
    assert!(
        text.contains("        for i2, i3 in T.grid(10, 10):"),
        "{text}"
    );
}

#[test]
fn decompose_padding_lowers_to_cuda() {
    let steps = "  - {op: get_loops, block: block, out: [i]}
  - {op: decompose_padding, block: block, loop: i, out: pad}
  - {op: get_loops, block: pad, out: [p]}
  - {op: split, loop: p, factors: [null, 32], out: [po, pi]}
  - {op: bind, loop: po, thread_axis: blockIdx.x}
  - {op: bind, loop: pi, thread_axis: threadIdx.x}
  - {op: get_loops, block: block, out: [c]}
  - {op: split, loop: c, factors: [null, 32], out: [co, ci]}
  - {op: bind, loop: co, thread_axis: blockIdx.x}
  - {op: bind, loop: ci, thread_axis: threadIdx.x}
";
    let trace = legal(PAD_1D, steps);
    let cuda = lowers(PAD_1D, trace.func());
    assert!(cuda.contains("__global__"), "{cuda}");
    python_round_trip(
        POOL,
        "  - {op: get_loops, block: pad_temp, out: [i0, i1, i2, i3]}\n  - {op: decompose_padding, block: pad_temp, loop: i2, out: pad}\n",
        "pad = sch.decompose_padding(block=get_block(\"pad_temp\"), loop=i2)",
        "def apply_trace(sch):
  b0 = sch.get_sblock(name=\"pad_temp\", func_name=\"main\")
  l1, l2, l3, l4 = sch.get_loops(block=b0)
  b5 = sch.decompose_padding(block=b0, loop=l3)
",
    );
}

#[test]
fn decompose_padding_refuses_a_trivial_or_missing_pad() {
    // test_not_to_decompose_trivial_predicate: the condition always holds.
    let trivial = POOL
        .replace(
            "1 <= ax2 and ax2 < 11 and 1 <= ax3 and ax3 < 11",
            "0 <= ax2 and ax2 < 12",
        )
        .replace(
            "x[ax0, ax1, ax2 - 1, ax3 - 1]",
            "x[ax0, ax1, T.min(ax2, 9), T.min(ax3, 9)]",
        );
    let steps = "  - {op: get_loops, block: pad_temp, out: [i0, i1, i2, i3]}
  - {op: decompose_padding, block: pad_temp, loop: i2, out: pad}
";
    let msg = fail(&trivial, steps);
    assert!(msg.contains("trivial"), "{msg}");
    // can_decompose_padding answers 0 there, 1 on the padded one, and
    // changes nothing.
    let query = "  - {op: get_loops, block: pad_temp, out: [i0, i1, i2, i3]}
  - {op: can_decompose_padding, block: pad_temp, loop: i2, out: ok}
";
    for (w, want) in [(trivial.as_str(), 0), (POOL, 1)] {
        let trace = legal(w, query);
        let answer = trace.state.lookup("ok");
        assert_eq!(answer, Some(&tirtui::trace::replay::Handle::Int(want)));
        assert_eq!(
            printed(&trace),
            tirtui::script::print_func(&tirtui::script::parse_func(w, None).unwrap())
        );
    }
    // Not a padding block; a loop that is not above the block.
    let steps = "  - {op: get_loops, block: tensor, out: [l0, l1, l2, l3, l4, l5]}
  - {op: get_loops, block: pad_temp, out: [i0, i1, i2, i3]}
  - {op: decompose_padding, block: pad_temp, loop: l2, out: pad}
";
    assert!(
        fail(POOL, steps).contains("not an ancestor"),
        "{}",
        fail(POOL, steps)
    );
    let w = PAD_1D.replace(
        "T.if_then_else(vi >= 6 and vi < 134, x[vi - 6], 0)",
        "x[vi % 128]",
    );
    let steps = "  - {op: get_loops, block: block, out: [i]}
  - {op: decompose_padding, block: block, loop: i, out: pad}
";
    assert!(
        fail(&w, steps).contains("padding pattern"),
        "{}",
        fail(&w, steps)
    );
}

#[test]
fn decompose_padding_refuses_a_condition_over_several_iterators() {
    let w = POOL.replace(
        "1 <= ax2 and ax2 < 11 and 1 <= ax3 and ax3 < 11",
        "1 <= ax2 and ax2 < 11 and 1 <= ax3 and ax3 < 11 and ax2 + ax3 < 20",
    );
    let steps = "  - {op: get_loops, block: pad_temp, out: [i0, i1, i2, i3]}
  - {op: decompose_padding, block: pad_temp, loop: i0, out: pad}
";
    let msg = fail(&w, steps);
    assert!(msg.contains("not independent"), "{msg}");
}

#[test]
fn decompose_padding_refuses_to_copy_a_thread_bound_loop_into_the_fill() {
    // The fill's copy of a threadIdx loop would be serial, run by every
    // thread, and could overwrite another thread's in-bound values.
    let steps = "  - {op: get_loops, block: block, out: [i]}
  - {op: split, loop: i, factors: [null, 32], out: [io, ii]}
  - {op: bind, loop: ii, thread_axis: threadIdx.x}
  - {op: decompose_padding, block: block, loop: io, out: pad}
";
    let msg = fail(PAD_1D, steps);
    assert!(msg.contains("threadIdx.x"), "{msg}");
}
