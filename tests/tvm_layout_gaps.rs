//! TVM 0.27's transform_layout tests (apache/tvm
//! `tests/python/s_tir/schedule/test_tir_schedule_transform_layout.py`) and
//! their neighbours, replayed as tirtui sessions (issue 28, layout gaps):
//! each case here was refused, accepted wrongly, or printed another program
//! than TVM's before its fix. A legal case is checked against TVM's program
//! (the lines that matter) and with the interpreter.

use tirtui::trace::{Session, Trace};

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    let mut expected = tirtui::interp::random_args(&func, 5).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    for (e, g) in expected.iter().zip(&got) {
        assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
    }
    printed
}

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// test_set_dtype_subregion / test_set_scope_subregion: a block views one
/// element of `B` through `T.match_buffer(..., offset_factor=1)`.
const SUBREGION_MATCH: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B_subregion0 = T.match_buffer(B[vi, vj], (), offset_factor=1)
            B_subregion0[()] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            B_subregion1 = T.match_buffer(B[vi, vj], (), offset_factor=4)
            C[vi, vj] = B_subregion1[()] + T.float32(1.0)
"#;

#[test]
fn match_buffer_offset_factor_survives_set_dtype() {
    let printed = legal(
        SUBREGION_MATCH,
        "  - {op: get_block, name: B, out: b0}\n  - {op: unsafe_set_dtype, block: b0, buffer_index: 0, dtype: float16}\n",
    );
    // TVM: the views keep their offset_factor (0, the default, prints nothing).
    assert!(
        printed.contains("B_subregion0 = T.match_buffer(B[vi, vj], (), \"float16\", offset_factor=1)"),
        "{printed}"
    );
    assert!(
        printed.contains("B_subregion1 = T.match_buffer(B[vi, vj], (), \"float16\", offset_factor=4)"),
        "{printed}"
    );
}

#[test]
fn match_buffer_offset_factor_survives_set_scope() {
    let printed = legal(
        SUBREGION_MATCH,
        "  - {op: get_block, name: B, out: b0}\n  - {op: set_scope, block: b0, buffer_index: 0, storage_scope: shared}\n",
    );
    assert!(
        printed.contains(
            "B_subregion0_shared = T.match_buffer(B_shared[vi, vj], (), scope=\"shared\", offset_factor=1)"
        ),
        "{printed}"
    );
}

#[test]
fn match_buffer_without_offset_factor_prints_none() {
    let plain = SUBREGION_MATCH.replace(", offset_factor=1", "").replace(", offset_factor=4", "");
    let printed = legal(&plain, "  - {op: get_block, name: B, out: b0}\n");
    assert!(!printed.contains("offset_factor"), "{printed}");
}
