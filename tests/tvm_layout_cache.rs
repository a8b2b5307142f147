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

/// test_basic_cache_index.
const RESIZE: &str = r#"
@T.prim_func
def resize(A: T.Buffer((1, 3, 40, 40), "float32"), B: T.Buffer((1, 3, 80, 80), "float32")):
    for i0, i1, i2, i3 in T.grid(1, 3, 80, 80):
        with T.block("A"):
            n, c, vi, vj = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(A[n, c, vi // 4 + vj // 4, vj // 2])
            T.writes(B[n, c, vi, vj])
            B[n, c, vi, vj] = A[n, c, vi // 4 + vj // 4, vj // 2]
"#;

const RESIZE_STEPS: &str = "  - {op: get_block, name: A, out: b0}
  - {op: cache_index, block: b0, storage_scope: global, out: [b1, b2]}
";

#[test]
fn cache_index_precomputes_the_index_expressions() {
    let printed = legal(RESIZE, RESIZE_STEPS);
    // TVM's program.
    let want = r#"    index_var_0 = T.alloc_buffer((80, 80), "int32", strides=(1,))
    index_var_1 = T.alloc_buffer((80,), "int32", strides=(1,))
    for ax0, ax1 in T.grid(80, 80):
        with T.block("index_0"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads()
            T.writes(index_var_0[v0, v1])
            index_var_0[v0, v1] = v0 // 4 + v1 // 4
    for ax0 in range(80):
        with T.block("index_1"):
            v0 = T.axis.spatial(80, ax0)
            T.reads()
            T.writes(index_var_1[v0])
            index_var_1[v0] = v0 // 2
    for i0, i1, i2, i3 in T.grid(1, 3, 80, 80):
"#;
    assert!(printed.contains(want), "{printed}");
    assert!(
        printed.contains("B[n, c, vi, vj] = A[n, c, index_var_0[vi, vj], index_var_1[vj]]"),
        "{printed}"
    );
    // TVM 0.27 keeps `T.reads(A[...])` alone, and so does tirtui's print
    // (the caches stay reads inside: tests/tvm_layout_more.rs).
    assert!(
        printed.contains("T.reads(A[n, c, vi // 4 + vj // 4, vj // 2])\n"),
        "{printed}"
    );
}

/// With the caches listed as reads, inlining a stage keeps the program
/// correct (it would have been dropped as unread).
#[test]
fn cache_index_stages_are_producers_of_the_block() {
    let steps = format!("{RESIZE_STEPS}  - {{op: compute_inline, block: b2}}\n");
    let printed = legal(RESIZE, &steps);
    assert!(
        printed.contains("B[n, c, vi, vj] = A[n, c, index_var_0[vi, vj], vj // 2]"),
        "{printed}"
    );
}

/// test_resize_bilinear_cache_index (cse_thresh 4): float and integer
/// computations repeated in a bilinear resize; the interpreter gets the same
/// float16 results.
#[test]
fn cache_index_with_a_threshold_caches_the_repeated_computations() {
    let workload = include_str!("data/bilinear_resize_cache_index.tir");
    let steps = "  - {op: get_block, name: resize, out: b0}
  - {op: cache_index, block: b0, storage_scope: global, cse_thresh: 4, out: [b1, b2, b3]}
";
    let printed = legal(workload, steps);
    for want in [
        "    index_var_0 = T.alloc_buffer((80,), strides=(1,))\n",
        "            index_var_0[v0] = (T.Cast(\"float32\", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5) - T.Cast(\"float32\", T.Cast(\"int32\", T.floor((T.Cast(\"float32\", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5))))\n",
        "            index_var_2[v0] = T.Cast(\"int32\", T.floor((T.Cast(\"float32\", v0) + T.float32(0.5)) * T.float32(0.5) - T.float32(0.5)))\n",
        "T.max(T.min(index_var_1[i2_1] + 1, 39), 0), T.max(T.min(index_var_2[i3_1] + 1, 39), 0)]) * index_var_0[i3_1])",
    ] {
        assert!(printed.contains(want), "{want}\n{printed}");
    }
}

#[test]
fn cache_index_lowers_to_cuda() {
    let func = tirtui::script::parse_func(RESIZE, None).unwrap();
    let trace =
        Trace::replay(func, &session(RESIZE_STEPS).steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let mapped = tirtui::schedule::auto::default_gpu_schedule(trace.func()).unwrap();
    let cuda = tirtui::codegen::generate(&mapped)
        .unwrap_or_else(|e| panic!("{e}"))
        .kernel
        .source;
    // `strides=(1,)` on a 2-d cache is row-major: the stage writes element
    // `v0 * 80 + v1` of the fused loop, not `v0` (the lone stride).
    assert!(
        cuda.contains("index_var_0[((int)blockIdx.x) * 256 + ((int)threadIdx.x)] = "),
        "{cuda}"
    );
}

#[test]
fn cache_index_exports_to_python_and_back() {
    round_trips_through_python(
        RESIZE,
        "  - {op: cache_index, block: A, storage_scope: global, cse_thresh: 0, out: [b1, b2]}\n",
        "cache_index(block=",
    );
}

#[test]
fn cache_index_refuses_a_negative_threshold() {
    let err = fail(
        RESIZE,
        "  - {op: cache_index, block: A, storage_scope: global, cse_thresh: -1}\n",
    );
    assert!(err.contains("cse_thresh must not be negative"), "{err}");
}

/// TVM pairs each iterator with a loop of the bindings by position: with
/// `vi = i * 2 + j` its stage would run `vi` over the wrong range.
#[test]
fn cache_index_refuses_an_iterator_bound_to_an_expression() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((16, 2), "float32")):
    for i, j in T.grid(16, 2):
        with T.block("B"):
            vi = T.axis.spatial(32, i * 2 + j)
            vj = T.axis.spatial(2, j)
            B[vi // 2, vj] = A[vi * 2 + vj]
"#;
    let err = fail(
        workload,
        "  - {op: cache_index, block: B, storage_scope: global}\n",
    );
    assert!(err.contains("not bound to a loop of its own"), "{err}");
}

/// test_index_map_dtype_legalize: a buffer of int64 extents keeps them
/// through a padded transform, and so do the padded writer's loops and
/// iterators (they were int32, printed `8`).
#[test]
fn a_padded_transform_keeps_int64_extents() {
    let workload = r#"
@T.prim_func
def func(A: T.Buffer((T.int64(58),), "int32")):
    for i in range(T.int64(58)):
        with T.block("block"):
            vi = T.axis.spatial(T.int64(58), i)
            T.reads()
            T.writes(A[vi])
            A[vi] = 0
"#;
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let steps = "  - {op: transform_layout, block: block, buffer: A, index_map: \"lambda h: (h // 8, h % 8)\", pad_value: 0}\n";
    let trace = Trace::replay(func, &session(steps).steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let printed = tirtui::script::print_func(trace.func());
    for want in [
        "def func(A: T.Buffer((T.int64(8), T.int64(8)), \"int32\")):",
        "    for axis0, axis1 in T.grid(T.int64(8), T.int64(8)):",
        "            A[v_axis0, v_axis1] = T.if_then_else(v_axis0 == T.int64(7) and T.int64(2) <= v_axis1, 0, 0)",
    ] {
        assert!(printed.contains(want), "{want}\n{printed}");
    }
}

/// The same on an intermediate buffer: the padding never changes what the
/// program computes.
#[test]
fn a_padded_int64_intermediate_computes_the_same() {
    let workload = r#"
@T.prim_func
def func(A: T.Buffer((T.int64(58),), "float32"), C: T.Buffer((T.int64(58),), "float32")):
    B = T.alloc_buffer((T.int64(58),))
    for i in range(T.int64(58)):
        with T.block("B"):
            vi = T.axis.spatial(T.int64(58), i)
            B[vi] = A[vi] * T.float32(2)
    for i in range(T.int64(58)):
        with T.block("C"):
            vi = T.axis.spatial(T.int64(58), i)
            C[vi] = B[vi] + T.float32(1)
"#;
    // Not `legal`: the consumer's rewritten `vi // T.int64(8)` prints back
    // as `vi // 8` (the parser types the literal int32), before this change too.
    let steps = "  - {op: transform_layout, block: B, buffer: B, index_map: \"lambda h: (h // 8, h % 8)\", pad_value: 0.0}\n";
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace =
        Trace::replay(func.clone(), &session(steps).steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let printed = tirtui::script::print_func(trace.func());
    let mut expected = tirtui::interp::random_args(&func, 5).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    for (e, g) in expected.iter().zip(&got) {
        assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
    }
    assert!(
        printed.contains("B = T.alloc_buffer((T.int64(8), T.int64(8)))"),
        "{printed}"
    );
}
