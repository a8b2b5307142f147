//! TVM 0.27's cache_index, cache_inplace and transform_layout tests (apache/tvm
//! `tests/python/s_tir/schedule/test_tir_schedule_cache_index.py`,
//! `test_tir_schedule_cache_read_write.py::test_cache_inplace`,
//! `test_tir_schedule_transform_layout.py`) replayed as tirtui sessions
//! (issue 28, layout and cache gaps): each case was a missing primitive, a
//! refusal or another program than TVM's before its fix. A legal case is
//! checked against TVM's program (the lines that matter), with the
//! interpreter, and lowered to CUDA where it applies.

use tirtui::trace::{Session, Trace};

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session(steps).steps)
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
    err.to_string()
}

/// The CUDA of the scheduled program (its loops already bound).
#[track_caller]
fn cuda_of(workload: &str, steps: &str) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func, &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    tirtui::codegen::generate(trace.func())
        .unwrap_or_else(|e| panic!("{e}"))
        .kernel
        .source
}

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// test_cache_inplace, with a body the interpreter runs in place of TVM's
/// `T.call_extern`: one block reads and writes all of `data_io`.
const INPLACE: &str = r#"
@T.prim_func
def inplace_call(data_io: T.Buffer((64,), "int32")):
    for i0 in range(1):
        with T.block("ext_call"):
            T.reads(data_io[0:64])
            T.writes(data_io[0:64])
            for k in range(64):
                data_io[k] = data_io[k] * 3 + data_io[63 - k]
"#;

const INPLACE_STEPS: &str = "  - {op: get_block, name: ext_call, out: b0}
  - {op: cache_inplace, block: b0, read_buffer_index: 0, storage_scope: local, out: [b1, b2]}
";

#[test]
fn cache_inplace_fills_and_writes_back_around_the_block() {
    let printed = legal(INPLACE, INPLACE_STEPS);
    // TVM: both stages in the loop around the block, named after the cache.
    let want = r#"    data_io_local = T.alloc_buffer((64,), "int32", scope="local")
    for i0 in range(1):
        for ax0 in range(64):
            with T.block("data_io_local"):
                v0 = T.axis.spatial(64, ax0)
                T.reads(data_io[v0])
                T.writes(data_io_local[v0])
                data_io_local[v0] = data_io[v0]
        with T.block("ext_call"):
            T.reads(data_io_local[0:64])
            T.writes(data_io_local[0:64])
"#;
    assert!(printed.contains(want), "{printed}");
    let back = r#"        for ax0 in range(64):
            with T.block("data_io_local"):
                v0 = T.axis.spatial(64, ax0)
                T.reads(data_io_local[v0])
                T.writes(data_io[v0])
                data_io[v0] = data_io_local[v0]"#;
    assert!(printed.trim_end().ends_with(back), "{printed}");
}

/// The rest of test_cache_inplace: a global cache read of the fill stage,
/// then a global cache write of the write-back. The second copy back must
/// come after the block (it came first, before `data_io_global_1` held
/// anything: the fill stage, which reads `data_io` before the writer, was
/// taken for a consumer of the writer).
#[test]
fn cache_write_after_cache_inplace_goes_after_the_writer() {
    let steps = format!(
        "{INPLACE_STEPS}  - {{op: cache_read, block: b1, read_buffer_index: 0, storage_scope: global, consumer_blocks: [b1], out: b3}}
  - {{op: cache_write, block: b2, write_buffer_index: 0, storage_scope: global, out: b4}}
"
    );
    let printed = legal(INPLACE, &steps);
    let last = r#"    for ax0 in range(64):
        with T.block("data_io_global"):
            v0 = T.axis.spatial(64, ax0)
            T.reads(data_io_global_1[v0])
            T.writes(data_io[v0])
            data_io[v0] = data_io_global_1[v0]"#;
    assert!(printed.trim_end().ends_with(last), "{printed}");
    assert!(
        printed.contains("    data_io_local = T.alloc_buffer((64,), \"int32\", scope=\"local\")\n    data_io_global = T.alloc_buffer((64,), \"int32\")\n    data_io_global_1 = T.alloc_buffer((64,), \"int32\")\n"),
        "{printed}"
    );
}

#[test]
fn cache_inplace_refuses_a_block_that_only_reads_the_buffer() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    for i0 in range(1):
        with T.block("copy"):
            T.reads(A[0:64])
            T.writes(B[0:64])
            for k in range(64):
                B[k] = A[k]
"#;
    let err = fail(
        workload,
        "  - {op: cache_inplace, block: copy, read_buffer_index: 0, storage_scope: local}\n",
    );
    assert!(err.contains("does not both read and write `A`"), "{err}");
}

/// TVM 0.27 puts the stages outside the block with the block's own `vi` in
/// their bindings, unbound there: tirtui refuses rather than print that.
#[test]
fn cache_inplace_refuses_a_region_over_the_blocks_own_iterators() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((16,), "int32")):
    for i in range(16):
        with T.block("b"):
            vi = T.axis.spatial(16, i)
            T.reads(A[vi])
            T.writes(A[vi])
            A[vi] = A[vi] + 1
"#;
    let err = fail(
        workload,
        "  - {op: cache_inplace, block: b, read_buffer_index: 0, storage_scope: local}\n",
    );
    assert!(err.contains("over its own iterators"), "{err}");
}

/// A thread-bound update: the local copy is each thread's own.
const INPLACE_BOUND: &str = r#"
@T.prim_func
def main(A: T.Buffer((256,), "float32")):
    for t in T.thread_binding(64, thread="threadIdx.x"):
        with T.block("upd"):
            T.reads(A[t * 4:t * 4 + 4])
            T.writes(A[t * 4:t * 4 + 4])
            for k in range(4):
                A[t * 4 + k] = A[t * 4 + k] * T.float32(2) + T.float32(1)
"#;

#[test]
fn cache_inplace_lowers_to_cuda() {
    let steps = "  - {op: cache_inplace, block: upd, read_buffer_index: 0, storage_scope: local}\n";
    let printed = legal(INPLACE_BOUND, steps);
    assert!(
        printed.contains("v0 = T.axis.spatial(256, t * 4 + ax0)"),
        "{printed}"
    );
    let cuda = cuda_of(INPLACE_BOUND, steps);
    assert!(cuda.contains("A_local["), "{cuda}");
}

#[test]
fn cache_inplace_exports_to_python_and_back() {
    round_trips_through_python(
        INPLACE,
        INPLACE_STEPS,
        "cache_inplace(block=b0, read_buffer_index=0, storage_scope=\"local\")",
    );
}

/// `--emit python` writes `call`, and the Python-trace reader replays the
/// exported script to the same program.
#[track_caller]
fn round_trips_through_python(workload: &str, steps: &str, call: &str) {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace =
        Trace::replay(func.clone(), &session(steps).steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let python = tirtui::trace::python::to_python(&trace.steps, "case.yaml").unwrap();
    assert!(python.contains(call), "{python}");
    let again = tirtui::trace::pyscript::read_trace_file(&python, func)
        .unwrap_or_else(|e| panic!("{}\n{python}", e.message()));
    assert_eq!(
        tirtui::script::print_func(again.func()),
        tirtui::script::print_func(trace.func())
    );
}
