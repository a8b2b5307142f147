//! Issue 28, missing primitives (part A): rolling_buffer as TVM 0.27 builds
//! it (the printed program of TVM's own tests), the result unchanged
//! (interpreter; lowered, on the SIMT simulator and as CUDA text), TVM's
//! refusals at the same step, and the Python round trip.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

/// TVM's test_1d_rolling_buffer workload.
const ONE_D: &str = r#"
@T.prim_func
def before(A: T.Buffer((4, 12), "int32"), C: T.Buffer((4, 8), "int32")):
    B = T.alloc_buffer((4, 10), "int32")
    for c in range(4):
        for i, k in T.grid(10, 3):
            with T.block("B"):
                cc, vi, vk = T.axis.remap("SSR", [c, i, k])
                with T.init():
                    B[cc, vi] = 0
                B[cc, vi] = B[cc, vi] + A[cc, vi + vk]
        for i, k in T.grid(8, 3):
            with T.block("C"):
                cc, vi, vk = T.axis.remap("SSR", [c, i, k])
                with T.init():
                    C[cc, vi] = 0
                C[cc, vi] = C[cc, vi] + B[cc, vi + vk]
"#;

const ONE_D_STEPS: &str = "  - {op: get_block, name: C, out: b0}
  - {op: get_loops, block: b0, out: [l1, l2, l3]}
  - {op: split, loop: l2, factors: [2, 4], out: [l4, l5]}
  - {op: get_block, name: B, out: b6}
  - {op: compute_at, block: b6, loop: l4}
  - {op: rolling_buffer, block: b6, write_buffer_index: 0}
";

/// TVM's cascade_3_max_pool2d_with_stride, smaller in channels.
const CASCADE_3: &str = r#"
@T.prim_func
def cascade(A: T.Buffer((1, 24, 24, 2), "int8"), C: T.Buffer((1, 8, 8, 2), "int8")):
    B_0 = T.alloc_buffer((1, 22, 22, 2), "int8")
    B_1 = T.alloc_buffer((1, 10, 10, 2), "int8")
    for i0, i1, i2, i3, i4, i5 in T.grid(1, 22, 22, 2, 3, 3):
        with T.block("B_0"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [i0, i1, i2, i3, i4, i5])
            with T.init():
                B_0[ax0, ax1, ax2, ax3] = T.int8(-128)
            B_0[ax0, ax1, ax2, ax3] = T.max(B_0[ax0, ax1, ax2, ax3], A[ax0, ax1 + rv0, ax2 + rv1, ax3])
    for i0, i1, i2, i3, i4, i5 in T.grid(1, 10, 10, 2, 3, 3):
        with T.block("B_1"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [i0, i1, i2, i3, i4, i5])
            with T.init():
                B_1[ax0, ax1, ax2, ax3] = T.int8(-128)
            B_1[ax0, ax1, ax2, ax3] = T.max(B_1[ax0, ax1, ax2, ax3], B_0[ax0, ax1 * 2 + rv0, ax2 * 2 + rv1, ax3])
    for i0, i1, i2, i3, i4, i5 in T.grid(1, 8, 8, 2, 3, 3):
        with T.block("C"):
            ax0, ax1, ax2, ax3, rv0, rv1 = T.axis.remap("SSSSRR", [i0, i1, i2, i3, i4, i5])
            with T.init():
                C[ax0, ax1, ax2, ax3] = T.int8(-128)
            C[ax0, ax1, ax2, ax3] = T.max(C[ax0, ax1, ax2, ax3], B_1[ax0, ax1 + rv0, ax2 + rv1, ax3])
"#;

const CASCADE_3_STEPS: &str = "  - {op: get_block, name: C, out: b0}
  - {op: get_loops, block: b0, out: [l1, l2, l3, l4, l5, l6]}
  - {op: split, loop: l1, factors: [null, 1], out: [l7, l8]}
  - {op: split, loop: l2, factors: [null, 4], out: [l9, l10]}
  - {op: split, loop: l3, factors: [null, 4], out: [l11, l12]}
  - {op: split, loop: l4, factors: [null, 2], out: [l13, l14]}
  - {op: reorder, ordered_loops: [l7, l9, l11, l13, l8, l10, l12, l14]}
  - {op: get_block, name: B_1, out: b15}
  - {op: compute_at, block: b15, loop: l13}
  - {op: get_block, name: B_0, out: b16}
  - {op: compute_at, block: b16, loop: l13}
  - {op: rolling_buffer, block: b16, write_buffer_index: 0}
  - {op: rolling_buffer, block: b15, write_buffer_index: 0}
";

/// TVM's test_upscale workload (tiles starting at `i * 5 // 2`: strides 2
/// and 3 alternate), smaller in channels.
const UPSCALE: &str = r#"
@T.prim_func
def before(A: T.Buffer((1, 16, 16, 2), "int8"), C: T.Buffer((1, 24, 24, 2), "int8")):
    B = T.alloc_buffer((1, 14, 14, 2), "int8")
    for i0_0, i1_0, i2_0, i3_0 in T.grid(1, 5, 5, 1):
        for ax0, ax1, ax2, ax3, ax4 in T.grid(5, 5, 2, 3, 3):
            with T.block("B"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.spatial(14, i1_0 * 5 // 2 + ax0)
                ax2_1 = T.axis.spatial(14, i2_0 * 5 // 2 + ax1)
                ax3_1, rv0, rv1 = T.axis.remap("SRR", [ax2, ax3, ax4])
                T.where(i1_0 * 5 // 2 + ax0 < 14 and i2_0 * 5 // 2 + ax1 < 14)
                with T.init():
                    B[ax0_1, ax1_1, ax2_1, ax3_1] = T.int8(-128)
                B[ax0_1, ax1_1, ax2_1, ax3_1] = T.max(B[ax0_1, ax1_1, ax2_1, ax3_1], A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
        for i0_1, i1_1, i2_1, i3_1, i4, i5 in T.grid(1, 5, 5, 2, 3, 3):
            with T.block("C"):
                ax0 = T.axis.spatial(1, i0_0 + i0_1)
                ax1 = T.axis.spatial(24, i1_0 * 5 + i1_1)
                ax2 = T.axis.spatial(24, i2_0 * 5 + i2_1)
                ax3 = T.axis.spatial(2, i3_0 * 2 + i3_1)
                rv0, rv1 = T.axis.remap("RR", [i4, i5])
                T.where(i1_0 * 5 + i1_1 < 24 and i2_0 * 5 + i2_1 < 24)
                with T.init():
                    C[ax0, ax1, ax2, ax3] = T.int8(-128)
                C[ax0, ax1, ax2, ax3] = T.max(C[ax0, ax1, ax2, ax3], B[ax0, ax1 // 2 + rv0, ax2 // 2 + rv1, ax3])
"#;

fn replay(src: &str, steps: &str) -> Result<Trace, String> {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").map_err(|e| e.to_string())?;
    let func = tirtui::script::parse_func(src, None).unwrap();
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

/// Applies the steps; the printed program parses back to itself and the
/// interpreter's outputs are those of the workload.
#[track_caller]
fn legal(src: &str, steps: &str) -> PrimFunc {
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
    func
}

/// The outputs of `scheduled`, run by `run`, equal the workload's (interpreted).
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
                g.max_rel_err(e) <= 1e-6,
                "results differ:\n{}",
                tirtui::script::print_func(scheduled)
            );
        }
    }
}

/// The last step fails, naming `says`, and leaves the program as it was.
#[track_caller]
fn refused(src: &str, steps: &str, says: &str) -> String {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap();
    let func = tirtui::script::parse_func(src, None).unwrap();
    let n = session.steps.len();
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace
        .push(session.steps[n - 1].clone())
        .expect_err("the last step must fail");
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    let full = err.to_diagnostic("case.yaml").render();
    assert!(full.contains("^^^"), "the culprit is marked:\n{full}");
    assert!(full.contains(says), "expected `{says}` in:\n{full}");
    assert!(full.contains("help: "), "a hint is given:\n{full}");
    full
}

#[test]
fn rolling_buffer_1d_prints_as_tvm() {
    let f = legal(ONE_D, ONE_D_STEPS);
    let text = tirtui::script::print_func(&f);
    // TVM's test_1d_rolling_buffer expected program.
    for line in [
        "B = T.alloc_buffer((4, 6), \"int32\")",
        "vi = T.axis.opaque(10, i_0 * 4 + ax0)",
        "T.where(i_0 < 1 or 2 <= ax0)",
        "T.reads(A[cc, vi + vk])",
        "T.writes(B[cc, vi % 6])",
        "B[cc, vi % 6] = B[cc, vi % 6] + A[cc, vi + vk]",
        "vi = T.axis.opaque(8, i_0 * 4 + i_1)",
        "T.reads(B[cc, (vi + vk) % 6])",
        "C[cc, vi] = C[cc, vi] + B[cc, (vi + vk) % 6]",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
}

#[test]
fn rolling_buffer_cascade_with_stride_keeps_the_result() {
    let f = legal(CASCADE_3, CASCADE_3_STEPS);
    let text = tirtui::script::print_func(&f);
    for line in [
        "B_0 = T.alloc_buffer((1, 13, 22, 2), \"int8\")",
        "B_1 = T.alloc_buffer((1, 6, 10, 2), \"int8\")",
        "T.where((i1_0 < 1 or 5 <= ax0) and (i2_0 < 1 or 5 <= ax1))",
        "T.where((i1_0 < 1 or 2 <= ax0) and (i2_0 < 1 or 2 <= ax1))",
        "B_0[ax0_1, (ax1_1 * 2 + rv0) % 13, ax2_1 * 2 + rv1, ax3_1]",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
}

#[test]
fn rolling_buffer_with_fractional_stride_keeps_the_result() {
    let steps = "  - {op: rolling_buffer, block: B, write_buffer_index: 0}\n";
    let f = legal(UPSCALE, steps);
    let text = tirtui::script::print_func(&f);
    for line in [
        "B = T.alloc_buffer((1, 5, 14, 2), \"int8\")",
        "ax1_1 = T.axis.opaque(14, i1_0 * 5 // 2 + ax0)",
        "T.where(i1_0 * 5 // 2 + ax0 < 14 and i2_0 * 5 // 2 + ax1 < 14 and (i1_0 < 1 or 2 <= ax0) and (i2_0 < 1 or 2 <= ax1))",
        "T.reads(B[ax0, (ax1 // 2 + rv0) % 5, ax2 // 2 + rv1, ax3])",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
}

#[test]
fn rolling_buffer_lowers_to_cuda_and_computes_the_same() {
    // The tile loop's parent bound first (TVM checks bindings on the blocks
    // as they are); each thread rolls its own row of a shared B.
    let steps = ONE_D_STEPS.replace(
        "  - {op: split",
        "  - {op: bind, loop: l1, thread_axis: threadIdx.x}\n  - {op: split",
    ) + "  - {op: set_scope, block: b6, buffer_index: 0, storage_scope: shared}\n";
    let scheduled = legal(ONE_D, &steps);
    let lowered = tirtui::lower::lower_program(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    same_results(ONE_D, &scheduled, |_, args| {
        tirtui::simt::simulate_program(&lowered, args).map_err(|e| e.to_string())
    });
    let cuda = tirtui::codegen::emit_program(&lowered).unwrap();
    let source = &cuda.kernel.source;
    assert!(source.contains("% 6"), "{source}");
}

/// TVM's func_multi_writers, smaller: two blocks write B under one tile.
const MULTI_WRITERS: &str = r#"
@T.prim_func
def multi(A: T.Buffer((1, 12, 12, 2), "int8"), C: T.Buffer((1, 12, 12, 2), "int8")):
    B = T.alloc_buffer((1, 12, 12, 2), "int8")
    for i0, i1, i2, i3 in T.grid(1, 3, 3, 1):
        for ax0, ax1, ax2 in T.grid(6, 6, 2):
            with T.block("B_writer_0"):
                ax0_1 = T.axis.spatial(1, i0)
                ax1_1 = T.axis.spatial(12, i1 * 4 + ax0)
                ax2_1 = T.axis.spatial(12, i2 * 4 + ax1)
                ax3_1 = T.axis.spatial(2, ax2)
                T.where(i1 * 4 + ax0 < 12 and i2 * 4 + ax1 < 12)
                B[ax0_1, ax1_1, ax2_1, ax3_1] = A[ax0_1, ax1_1, ax2_1, ax3_1] + T.int8(1)
        for ax0, ax1, ax2 in T.grid(6, 6, 2):
            with T.block("B_writer_1"):
                ax0_2 = T.axis.spatial(1, i0)
                ax1_2 = T.axis.spatial(12, i1 * 4 + ax0)
                ax2_2 = T.axis.spatial(12, i2 * 4 + ax1)
                ax3_2 = T.axis.spatial(2, ax2)
                T.where(i1 * 4 + ax0 < 12 and i2 * 4 + ax1 < 12)
                B[ax0_2, ax1_2, ax2_2, ax3_2] = B[ax0_2, ax1_2, ax2_2, ax3_2] + A[ax0_2, ax1_2, ax2_2, ax3_2] * T.int8(2)
        for ax1, ax2, ax3 in T.grid(4, 4, 2):
            with T.block("C"):
                ax0_3 = T.axis.spatial(1, i0)
                ax1_3 = T.axis.spatial(12, i1 * 4 + ax1)
                ax2_3 = T.axis.spatial(12, i2 * 4 + ax2)
                ax3_3 = T.axis.spatial(2, ax3)
                C[ax0_3, ax1_3, ax2_3, ax3_3] = B[ax0_3, ax1_3, ax2_3, ax3_3]
"#;

/// TVM's func_non_overlap, smaller: C reads each tile of B point-wise, so
/// the tiles do not overlap.
const NON_OVERLAP: &str = r#"
@T.prim_func
def non_overlap(A: T.Buffer((1, 12, 12, 2), "int8"), C: T.Buffer((1, 12, 12, 2), "int8")):
    B = T.alloc_buffer((1, 12, 12, 2), "int8")
    for i0_0, i1_0, i2_0, i3_0 in T.grid(1, 3, 3, 1):
        for ax0, ax1, ax2 in T.grid(4, 4, 2):
            with T.block("B"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.spatial(12, i1_0 * 4 + ax0)
                ax2_1 = T.axis.spatial(12, i2_0 * 4 + ax1)
                ax3 = T.axis.spatial(2, ax2)
                B[ax0_1, ax1_1, ax2_1, ax3] = A[ax0_1, ax1_1, ax2_1, ax3]
        for i1_1, i2_1, i3_1 in T.grid(4, 4, 2):
            with T.block("C"):
                ax0 = T.axis.spatial(1, 0)
                ax1 = T.axis.spatial(12, i1_0 * 4 + i1_1)
                ax2 = T.axis.spatial(12, i2_0 * 4 + i2_1)
                ax3 = T.axis.spatial(2, i3_0 * 2 + i3_1)
                C[ax0, ax1, ax2, ax3] = B[ax0, ax1, ax2, ax3]
"#;

#[test]
fn rolling_buffer_refusals_at_tvms_step() {
    // test_fail_rolling_buffer_multi_writers.
    refused(
        MULTI_WRITERS,
        "  - {op: rolling_buffer, block: B_writer_0, write_buffer_index: 0}\n",
        "only read-after-write dependences",
    );
    // test_fail_rolling_buffer_injection_invalid: B and C in separate nests.
    refused(
        CASCADE_3,
        "  - {op: rolling_buffer, block: B_1, write_buffer_index: 0}\n",
        "is a loop",
    );
    // test_fail_rolling_buffer_not_match: the tiles do not overlap (C reads
    // B point-wise), so no axis rolls.
    refused(
        NON_OVERLAP,
        "  - {op: rolling_buffer, block: B, write_buffer_index: 0}\n",
        "rolling pattern",
    );
    // Beyond TVM: B written transposed (`B[vi, cc]`), which TVM pairs with
    // the binding of `cc` and so skips the wrong elements.
    refused(
        &ONE_D
            .replace("(4, 10), \"int32\")", "(10, 4), \"int32\")")
            .replace("B[cc, vi]", "B[vi, cc]")
            .replace("B[cc, vi + vk]", "B[vi + vk, cc]"),
        ONE_D_STEPS,
        "does not write axis 0 of `B` at its iterator 0",
    );
    // An output block (C writes a parameter) and an index past the writes.
    refused(
        ONE_D,
        "  - {op: rolling_buffer, block: C, write_buffer_index: 0}\n",
        "output block",
    );
    let err = replay(
        ONE_D,
        "  - {op: rolling_buffer, block: B, write_buffer_index: 1}\n",
    )
    .unwrap_err();
    assert!(err.contains("index 1 is out of range"), "{err}");
}

#[test]
fn rolling_buffer_round_trips_through_python() {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{ONE_D_STEPS}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap();
    let python = tirtui::trace::python::to_python(&session.steps, "case").unwrap();
    assert!(
        python.contains("sch.rolling_buffer(block=b6, write_buffer_index=0)"),
        "{python}"
    );
    let func = tirtui::script::parse_func(ONE_D, None).unwrap();
    let back = tirtui::trace::pyscript::read_trace_file(&python, func)
        .unwrap_or_else(|e| panic!("{}\n{python}", e.message()));
    let direct = replay(ONE_D, ONE_D_STEPS).unwrap();
    assert_eq!(
        tirtui::script::print_func(back.func()),
        tirtui::script::print_func(direct.func())
    );
}
