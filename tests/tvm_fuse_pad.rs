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
    let w = format!(
        r#"
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
"#
    );
    let msg = fail(&w, FUSE);
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
