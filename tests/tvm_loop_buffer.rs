//! TVM 0.27's loop and buffer primitives and argument forms (issue 28):
//! buffers given by name where TVM takes `Union[int, str, Buffer]`,
//! set_scope / unsafe_set_dtype through a block's match_buffer view,
//! loop_partition, rolling_buffer, annotate_buffer_access and
//! `split(..., disable_predication=True)`. Each legal case is checked against
//! TVM's program (the lines that matter, from the same schedule run under TVM
//! 0.27 on the CPU) and with the interpreter; each refusal happens at the step
//! TVM refuses, leaving the program as it was.

use tirtui::trace::{Session, Trace};

/// Applies all steps but the last, then the last, which must fail without
/// changing anything. Returns the rendered diagnostic (message and hint).
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
    err.to_diagnostic("case.yaml").render()
}

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    legal_within(1e-5, workload, steps)
}

/// `legal` with a relative tolerance (a narrower type rounds).
#[track_caller]
fn legal_within(tolerance: f64, workload: &str, steps: &str) -> String {
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
        assert!(g.max_rel_err(e) <= tolerance, "results differ:\n{printed}");
    }
    printed
}

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// The Python export of the steps, read back as a trace, gives the same program.
#[track_caller]
fn python_round_trip(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let direct = Trace::replay(func.clone(), &session.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let python = tirtui::trace::python::to_python(&session.steps, "case.yaml").unwrap();
    // The export's calls as a plain script (its `get_block` alias is TVM's).
    let calls: String = python
        .lines()
        .filter_map(|l| l.trim().strip_prefix("sch."))
        .map(|call| format!("sch.{}\n", call.replace("get_block(", "sch.get_sblock(")))
        .collect();
    let read = tirtui::trace::pyscript::read_trace_file(&calls, func)
        .unwrap_or_else(|e| panic!("{}\n{calls}", e.message()));
    assert_eq!(
        tirtui::script::print_func(read.func()),
        tirtui::script::print_func(direct.func()),
        "{python}"
    );
    python
}

/// test_tir_schedule_set_scope.py / cache_read_write.py's element_wise.
const ELEMENTWISE: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
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
fn set_scope_takes_the_buffer_by_name_as_tvm_does() {
    let by_name = legal(
        ELEMENTWISE,
        "  - {op: set_scope, block: B, buffer_index: B, storage_scope: shared}\n",
    );
    // An integer still works (sessions written before stay valid).
    let by_index = legal(
        ELEMENTWISE,
        "  - {op: set_scope, block: B, buffer_index: 0, storage_scope: shared}\n",
    );
    assert_eq!(by_name, by_index);
    assert!(
        by_name.contains(r#"B_shared = T.alloc_buffer((128, 128), scope="shared")"#),
        "{by_name}"
    );
    let python = python_round_trip(
        ELEMENTWISE,
        "  - {op: set_scope, block: B, buffer_index: B, storage_scope: shared}\n",
    );
    assert!(python.contains(r#"buffer_index="B""#), "{python}");
}

#[test]
fn set_scope_by_name_refuses_a_read_buffer_and_an_unknown_name() {
    // TVM: "Expected buffer to be read buffer, but A was a read buffer" (an
    // assertion in _normalize_buffer_arg): set_scope needs a written buffer.
    let read = fail(
        ELEMENTWISE,
        "  - {op: set_scope, block: B, buffer_index: A, storage_scope: shared}\n",
    );
    assert!(read.contains("buffer `A`"), "{read}");
    assert!(read.contains("a read buffer of the block"), "{read}");
    assert!(read.contains("write buffers: B"), "{read}");
    let unknown = fail(
        ELEMENTWISE,
        "  - {op: set_scope, block: B, buffer_index: Z, storage_scope: shared}\n",
    );
    assert!(unknown.contains("neither reads nor writes"), "{unknown}");
    assert!(unknown.contains("accesses: A, B"), "{unknown}");
    // The output block's buffer C is a parameter: refused as with an index.
    let param = fail(
        ELEMENTWISE,
        "  - {op: set_scope, block: C, buffer_index: C, storage_scope: shared}\n",
    );
    assert!(param.contains('C'), "{param}");
}

#[test]
fn cache_read_and_cache_write_take_the_buffer_by_name() {
    let by_name = legal(
        ELEMENTWISE,
        "  - {op: cache_read, block: B, read_buffer_index: A, storage_scope: global}\n  - {op: cache_read, block: C, read_buffer_index: B, storage_scope: local}\n  - {op: cache_write, block: C, write_buffer_index: C, storage_scope: local}\n",
    );
    let by_index = legal(
        ELEMENTWISE,
        "  - {op: cache_read, block: B, read_buffer_index: 0, storage_scope: global}\n  - {op: cache_read, block: C, read_buffer_index: 0, storage_scope: local}\n  - {op: cache_write, block: C, write_buffer_index: 0, storage_scope: local}\n",
    );
    assert_eq!(by_name, by_index);
    for block in ["A_global", "B_local", "C_local"] {
        assert!(
            by_name.contains(&format!("T.block(\"{block}\")")),
            "{by_name}"
        );
    }
    python_round_trip(
        ELEMENTWISE,
        "  - {op: cache_read, block: B, read_buffer_index: A, storage_scope: global}\n  - {op: cache_write, block: C, write_buffer_index: C, storage_scope: local}\n",
    );
    // cache_write needs a written buffer: A is read by B.
    let wrong_side = fail(
        ELEMENTWISE,
        "  - {op: cache_write, block: B, write_buffer_index: A, storage_scope: local}\n",
    );
    assert!(
        wrong_side.contains("a write buffer is needed"),
        "{wrong_side}"
    );
}

/// test_tir_schedule_set_scope.py / set_dtype.py: element_wise_subregion_match.
const SUBREGION: &str = r#"
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
            B_subregion1 = T.match_buffer(B[vi, vj], (), offset_factor=1)
            C[vi, vj] = B_subregion1[()] + T.float32(1.0)
"#;

#[test]
fn set_scope_moves_a_match_buffer_view_with_its_source() {
    let printed = legal(
        SUBREGION,
        "  - {op: set_scope, block: B, buffer_index: 0, storage_scope: shared}\n",
    );
    // TVM: the views are renamed and rescoped like the buffer.
    assert!(
        printed.contains(
            r#"B_subregion0_shared = T.match_buffer(B_shared[vi, vj], (), scope="shared""#
        ),
        "{printed}"
    );
    assert!(
        printed.contains("B_subregion0_shared[()] = A[vi, vj]"),
        "{printed}"
    );
    assert!(
        printed.contains(
            r#"B_subregion1_shared = T.match_buffer(B_shared[vi, vj], (), scope="shared""#
        ),
        "{printed}"
    );
}

#[test]
fn unsafe_set_dtype_retypes_a_match_buffer_view_with_casts() {
    let printed = legal_within(
        1e-3,
        SUBREGION,
        "  - {op: unsafe_set_dtype, block: B, buffer_index: 0, dtype: float16}\n",
    );
    // TVM: the views take the new type; stores into and loads from them cast.
    assert!(
        printed.contains(r#"B_subregion0 = T.match_buffer(B[vi, vj], (), "float16""#),
        "{printed}"
    );
    assert!(
        printed.contains(r#"B_subregion0[()] = T.Cast("float16", A[vi, vj] * T.float32(2.0))"#),
        "{printed}"
    );
    assert!(
        printed.contains(r#"C[vi, vj] = T.Cast("float32", B_subregion1[()]) + T.float32(1.0)"#),
        "{printed}"
    );
}
