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
        .skip_while(|l| !l.starts_with("def apply_trace"))
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && !l.starts_with("get_block =") && *l != "return sch")
        .map(|l| format!("{}\n", l.replace("get_block(", "sch.get_sblock(")))
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

/// test_tir_schedule_partition.py's elementwise, at 16^3 for the interpreter.
const ELEMENTWISE_3D: &str = r#"
@T.prim_func
def main(A: T.Buffer((16, 16, 16), "float32"), B: T.Buffer((16, 16, 16), "float32")):
    for i, j, k in T.grid(16, 16, 16):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2)
"#;

/// TVM 0.27's program for `PARTITION_STEPS` (printed by TVM, `T.sblock` read
/// as `T.block`): parts [0, 2), [2, 3), [3, 11) and the rest [11, 16) of `i`;
/// then [0, 4) and the inferred rest of `j` inside the first part.
const PARTITIONED_BY_TVM: &str = r#"
@T.prim_func
def main(A: T.Buffer((16, 16, 16), "float32"), B: T.Buffer((16, 16, 16), "float32")):
    with T.block("root"):
        T.reads()
        T.writes()
        with T.block("B_i_common"):
            T.reads()
            T.writes()
            with T.block("B_i0_partition"):
                T.reads()
                T.writes()
                for i0 in range(2):
                    with T.block("B_i0_j_common"):
                        T.reads()
                        T.writes()
                        with T.block("B_i0_j0_partition"):
                            T.reads()
                            T.writes()
                            for j0, k in T.grid(4, 16):
                                with T.block("B_i0_j0"):
                                    vi, vj, vk = T.axis.remap("SSS", [i0, j0, k])
                                    T.reads(A[0:2, 0:4, 0:16])
                                    T.writes(B[0:2, 0:4, 0:16])
                                    B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
                        with T.block("B_i0_j1_partition"):
                            T.reads()
                            T.writes()
                            for j1 in range(4, 16):
                                for k in range(16):
                                    with T.block("B_i0_j1"):
                                        vi, vj, vk = T.axis.remap("SSS", [i0, j1, k])
                                        T.reads(A[0:2, 4:16, 0:16])
                                        T.writes(B[0:2, 4:16, 0:16])
                                        B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.block("B_i1_partition"):
                T.reads()
                T.writes()
                for i1 in range(2, 3):
                    for j, k in T.grid(16, 16):
                        with T.block("B_i1"):
                            vi, vj, vk = T.axis.remap("SSS", [i1, j, k])
                            T.reads(A[2, 0:16, 0:16])
                            T.writes(B[2, 0:16, 0:16])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.block("B_i2_partition"):
                T.reads()
                T.writes()
                for i2 in range(3, 11):
                    for j, k in T.grid(16, 16):
                        with T.block("B_i2"):
                            vi, vj, vk = T.axis.remap("SSS", [i2, j, k])
                            T.reads(A[3:11, 0:16, 0:16])
                            T.writes(B[3:11, 0:16, 0:16])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
            with T.block("B_i3_partition"):
                T.reads()
                T.writes()
                for i3 in range(11, 16):
                    for j, k in T.grid(16, 16):
                        with T.block("B_i3"):
                            vi, vj, vk = T.axis.remap("SSS", [i3, j, k])
                            T.reads(A[11:16, 0:16, 0:16])
                            T.writes(B[11:16, 0:16, 0:16])
                            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
"#;

const PARTITION_STEPS: &str = "  - {op: get_block, name: B, out: b0}
  - {op: get_loops, block: b0, out: [i, j, k]}
  - {op: loop_partition, loop: i, factors: [2, 1, 8], out: [i0, i1, i2, i3]}
  - {op: get_block, name: B_i0, out: b1}
  - {op: get_loops, block: b1, out: [l0, l1, l2]}
  - {op: loop_partition, loop: l1, factors: [4, null], out: [j0, j1]}
";

/// The program's lines without the import comment, blank lines and `# ` comments.
fn program_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("# "))
        .collect()
}

#[test]
fn loop_partition_is_tvms_program_and_computes_the_same() {
    let printed = legal(ELEMENTWISE_3D, PARTITION_STEPS);
    assert_eq!(program_lines(&printed), program_lines(PARTITIONED_BY_TVM));
    python_round_trip(ELEMENTWISE_3D, PARTITION_STEPS);
}

#[test]
fn loop_partition_returns_the_parts_loops() {
    let session = session(PARTITION_STEPS);
    let func = tirtui::script::parse_func(ELEMENTWISE_3D, None).unwrap();
    let trace = Trace::replay(func, &session.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let f = trace.func();
    let ranges: Vec<(i64, i64)> = ["i0", "i1", "i2", "i3", "j0", "j1"]
        .iter()
        .map(|name| match trace.state.lookup(name) {
            Some(tirtui::trace::Handle::Loop(l)) => {
                let l = f.find_loop(*l).unwrap();
                (l.min.as_int().unwrap(), l.extent.as_int().unwrap())
            }
            other => panic!("{name}: {other:?}"),
        })
        .collect();
    assert_eq!(ranges, [(0, 2), (2, 1), (3, 8), (11, 5), (0, 4), (4, 12)]);
}

#[test]
fn loop_partition_refuses_as_tvm_does() {
    let steps = |factors: &str| {
        format!("  - {{op: get_loops, block: B, out: [i, j, k]}}\n  - {{op: loop_partition, loop: i, factors: {factors}}}\n")
    };
    // TVM: "The sum of factors is larger than or equal to the extent of loop".
    let sum = fail(ELEMENTWISE_3D, &steps("[10, 2, 4]"));
    assert!(
        sum.contains("the factors add up to the extent 16 or more"),
        "{sum}"
    );
    assert!(sum.contains("sum is below 16"), "{sum}");
    // "All the constant factors are required to be positive".
    let zero = fail(ELEMENTWISE_3D, &steps("[0, null]"));
    assert!(zero.contains("factor 0 is not positive"), "{zero}");
    let two_none = fail(ELEMENTWISE_3D, &steps("[null, null]"));
    assert!(two_none.contains("loop `i`"), "{two_none}");
    // "has annotation or thread binding".
    let bound = fail(
        ELEMENTWISE_3D,
        "  - {op: get_loops, block: B, out: [i, j, k]}\n  - {op: bind, loop: k, thread_axis: threadIdx.x}\n  - {op: loop_partition, loop: k, factors: [null, 4]}\n",
    );
    assert!(bound.contains("is bound to threadIdx.x"), "{bound}");
    let annotated = fail(
        ELEMENTWISE_3D,
        "  - {op: get_loops, block: B, out: [i, j, k]}\n  - {op: annotate, block_or_loop: k, ann_key: pragma, ann_val: 1}\n  - {op: loop_partition, loop: k, factors: [null, 4]}\n",
    );
    assert!(
        annotated.contains("carries the annotation `pragma`"),
        "{annotated}"
    );
}

/// A reduction over the loop: TVM 0.27 partitions it, and every part's
/// T.init zeroes the sum again (checked under TVM on the CPU: a row of ones
/// summed to 5, not 8, with factors [3]). tirtui refuses instead.
const ROW_SUM: &str = r#"
@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), C: T.Buffer((8,), "float32")):
    for i, k in T.grid(8, 8):
        with T.block("C"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                C[vi] = T.float32(0)
            C[vi] = C[vi] + A[vi, vk]
"#;

#[test]
fn loop_partition_refuses_a_reduction_loop_whose_init_would_run_per_part() {
    let e = fail(
        ROW_SUM,
        "  - {op: get_loops, block: C, out: [i, k]}\n  - {op: loop_partition, loop: k, factors: [3]}\n",
    );
    assert!(
        e.contains("has a T.init, which every part would run again"),
        "{e}"
    );
    assert!(e.contains("decompose_reduction first"), "{e}");
    // The spatial loop of the same block partitions, and so does the
    // reduction loop of the update block once the init is decomposed.
    legal(
        ROW_SUM,
        "  - {op: get_loops, block: C, out: [i, k]}\n  - {op: loop_partition, loop: i, factors: [3]}\n",
    );
    legal(
        ROW_SUM,
        "  - {op: get_loops, block: C, out: [i, k]}\n  - {op: decompose_reduction, block: C, loop: k, out: init}\n  - {op: get_loops, block: C_update, out: [i2, k2]}\n  - {op: loop_partition, loop: k2, factors: [3]}\n",
    );
}

#[test]
fn loop_partition_of_a_partition_part_not_starting_at_zero_is_refused() {
    // TVM would count the parts from 0 and drop the part's last iterations.
    let e = fail(
        ELEMENTWISE_3D,
        "  - {op: get_loops, block: B, out: [i, j, k]}\n  - {op: loop_partition, loop: i, factors: [4], out: [a, b]}\n  - {op: loop_partition, loop: b, factors: [2]}\n",
    );
    assert!(e.contains("loop `i1`"), "{e}");
}

#[test]
fn a_partitioned_kernel_lowers_to_cuda_and_simulates_correctly() {
    let before = tirtui::script::parse_func(ELEMENTWISE_3D, None).unwrap();
    let steps = "  - {op: get_loops, block: B, out: [i, j, k]}
  - {op: bind, loop: i, thread_axis: blockIdx.x}
  - {op: bind, loop: j, thread_axis: threadIdx.x}
  - {op: loop_partition, loop: k, factors: [1, null], out: [k0, k1]}
";
    let trace =
        Trace::replay(before.clone(), &session(steps).steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let mut want = tirtui::interp::random_args(&before, 5).unwrap();
    let mut got = want.clone();
    tirtui::interp::run(&before, &mut want).unwrap();
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want);
    let cuda = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    let text = &cuda.kernel.source;
    assert!(text.contains("for (int k1 = 1; k1 < 16; ++k1)"), "{text}");
}

#[test]
fn split_takes_disable_predication_and_refuses_it_where_the_guard_is_needed() {
    // test_split[True]: factors whose product is the extent; TVM's program.
    let steps = "  - {op: get_loops, block: B, out: [i, j, k]}
  - {op: split, loop: i, factors: [2, 1, 8], disable_predication: true, out: [i0, i1, i2]}
  - {op: split, loop: j, factors: [4, 4], disable_predication: true, out: [j0, j1]}
";
    let printed = legal(ELEMENTWISE_3D, steps);
    assert!(
        printed.contains("for i_0, i_1, i_2, j_0, j_1, k in T.grid(2, 1, 8, 4, 4, 16):"),
        "{printed}"
    );
    assert!(
        printed.contains("vi = T.axis.spatial(16, i_0 * 8 + i_1 * 8 + i_2)"),
        "{printed}"
    );
    assert!(!printed.contains("T.where"), "{printed}");
    let python = python_round_trip(ELEMENTWISE_3D, steps);
    assert!(python.contains("disable_predication=True"), "{python}");
    // TVM drops the guard of 3 * 6 > 16 too and runs i = 16, 17 out of range.
    let e = fail(
        ELEMENTWISE_3D,
        "  - {op: get_loops, block: B, out: [i, j, k]}\n  - {op: split, loop: i, factors: [3, 6], disable_predication: true}\n",
    );
    assert!(
        e.contains("the factors' product 18 must be the extent 16"),
        "{e}"
    );
    assert!(e.contains("drop disable_predication"), "{e}");
    // Without the flag the same split is guarded.
    let guarded = legal(
        ELEMENTWISE_3D,
        "  - {op: get_loops, block: B, out: [i, j, k]}\n  - {op: split, loop: i, factors: [3, 6]}\n",
    );
    assert!(guarded.contains("T.where(i_0 * 6 + i_1 < 16)"), "{guarded}");
}

/// Every loop of the elementwise nest, partitioned by assorted factor lists
/// (inferred, padded with the rest, single parts, many parts), computes what
/// the workload does; lists reaching the extent are refused, changing nothing.
#[test]
fn loop_partition_keeps_the_result_for_assorted_factors() {
    let lists = [
        "[1]",
        "[15]",
        "[3, null]",
        "[null, 5]",
        "[2, 2, 2]",
        "[1, 1, 1, 1]",
        "[7, 8]",
    ];
    for target in ["i", "j", "k"] {
        for factors in lists {
            let steps = format!(
                "  - {{op: get_loops, block: B, out: [i, j, k]}}\n  - {{op: loop_partition, loop: {target}, factors: {factors}}}\n"
            );
            let printed = legal(ELEMENTWISE_3D, &steps);
            assert!(printed.contains(&format!("B_{target}_common")), "{printed}");
        }
        for too_many in ["[16]", "[8, 8]", "[10, 6, null]"] {
            let steps = format!(
                "  - {{op: get_loops, block: B, out: [i, j, k]}}\n  - {{op: loop_partition, loop: {target}, factors: {too_many}}}\n"
            );
            fail(ELEMENTWISE_3D, &steps);
        }
    }
}

/// A block allocating a buffer inside the partitioned loop: each part's copy
/// allocates it (as in TVM, the same buffer), the parts run one after the
/// other, and the kernel declares it once.
const ALLOC_IN_LOOP: &str = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in T.thread_binding(2, thread="blockIdx.x"):
        for i2 in range(2):
            with T.block("outer"):
                vi = T.axis.spatial(4, i * 2 + i2)
                T.reads(A[vi * 4:vi * 4 + 4])
                T.writes(B[vi * 4:vi * 4 + 4])
                tmp = T.alloc_buffer((4,), scope="local")
                for j in range(4):
                    with T.block("t"):
                        vj = T.axis.spatial(4, j)
                        tmp[vj] = A[vi * 4 + vj]
                for j in range(4):
                    with T.block("b"):
                        vj = T.axis.spatial(4, j)
                        B[vi * 4 + vj] = tmp[vj] * T.float32(2)
"#;

#[test]
fn a_partitioned_loop_with_an_allocating_block_lowers_and_simulates_correctly() {
    let before = tirtui::script::parse_func(ALLOC_IN_LOOP, None).unwrap();
    let steps = "  - {op: get_loops, block: outer, out: [i, i2]}\n  - {op: loop_partition, loop: i2, factors: [1, null], out: [p0, p1]}\n";
    legal(ALLOC_IN_LOOP, steps);
    let trace =
        Trace::replay(before.clone(), &session(steps).steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let mut want = tirtui::interp::random_args(&before, 5).unwrap();
    let mut got = want.clone();
    tirtui::interp::run(&before, &mut want).unwrap();
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want);
    let cuda = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        cuda.kernel.source.matches("float tmp[4];").count(),
        1,
        "{}",
        cuda.kernel.source
    );
}
