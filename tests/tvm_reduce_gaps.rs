//! Issue 28, "refused valid" cases of the reduction family and a few small
//! ones: schedules TVM 0.27 applies that tirtui refused. Each lifted refusal
//! is checked against TVM's program (the lines that matter) with the
//! interpreter as an oracle (the scheduled program computes what the
//! original does); where TVM's own program computes something else than the
//! original, tirtui keeps a refusal and the test says why.

use tirtui::trace::{Session, Trace};

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

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
    for seed in [5, 17] {
        let mut expected = tirtui::interp::random_args(&func, seed).unwrap();
        let mut got = expected.clone();
        tirtui::interp::run(&func, &mut expected).unwrap();
        tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        for (e, g) in expected.iter().zip(&got) {
            assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
        }
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
    let full = err.to_diagnostic("case.yaml").render();
    assert!(full.contains("^^^"), "the culprit is marked:\n{full}");
    err.to_string()
}

/// The CUDA text of the scheduled program (no GPU here: lowering is enough).
#[track_caller]
fn cuda(workload: &str, steps: &str) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func, &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let cuda = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    cuda.kernel.source
}

/// The steps that name block `block` `b` and its loops `loops`.
fn loops(block: &str, loops: &str) -> String {
    format!("  - {{op: get_block, name: {block}, out: b}}\n  - {{op: get_loops, block: b, out: [{loops}]}}\n")
}

// ---- unroll of a thread-bound loop (test_unroll_after_bind) -------------

const ROWSUM: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    for i, k in T.grid(128, 128):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
"#;

/// TVM's unroll replaces the loop's thread binding: the loop is unrolled,
/// bound to nothing (its iterations run in one thread, which computes the same).
#[test]
fn unroll_replaces_a_thread_binding() {
    let steps = loops("B", "i, k")
        + "  - {op: bind, loop: i, thread_axis: blockIdx.x}\n  - {op: unroll, loop: i}\n";
    let printed = legal(ROWSUM, &steps);
    assert!(printed.contains("for i in T.unroll(128):"), "{printed}");
    assert!(!printed.contains("blockIdx"), "{printed}");
    // With the inner loop bound instead, the program still lowers to CUDA.
    let steps = loops("B", "i, k")
        + "  - {op: bind, loop: k, thread_axis: threadIdx.x}\n  - {op: bind, loop: i, thread_axis: blockIdx.x}\n  - {op: unroll, loop: k}\n";
    let text = cuda(ROWSUM, &steps);
    assert!(!text.contains("threadIdx.x"), "{text}");
}

/// Parallel and vectorize keep tirtui's refusal of a bound loop.
#[test]
fn vectorize_of_a_bound_loop_is_still_refused() {
    let steps = loops("B", "i, k")
        + "  - {op: bind, loop: i, thread_axis: threadIdx.x}\n  - {op: vectorize, loop: i}\n";
    let msg = fail(ROWSUM, &steps);
    assert!(msg.contains("cannot also be made vectorized"), "{msg}");
}

// ---- reorder over an overlapping binding (test_reorder_overlapped_access) --

const OVERLAPPED: &str = r#"
@T.prim_func
def main(A: T.Buffer((14, 4), "float32"), B: T.Buffer((14, 4), "float32")):
    for v0, v1, v2 in T.grid(6, 4, 4):
        with T.block("block"):
            i = T.axis.spatial(14, v0 * 2 + v1)
            j = T.axis.spatial(4, v2)
            B[i, j] = A[i, j] + T.float32(1)
"#;

/// `v0 * 2 + v1` with `v1` over 4 overlaps (some rows are written twice, with
/// the same value): TVM's surjective check accepts it, and reordering keeps
/// the instances that run.
#[test]
fn reorder_accepts_an_overlapping_binding() {
    let printed = legal(
        OVERLAPPED,
        &(loops("block", "v0, v1, v2") + "  - {op: reorder, ordered_loops: [v0, v2, v1]}\n"),
    );
    assert!(
        printed.contains("for v0, v2, v1 in T.grid(6, 4, 4):"),
        "{printed}"
    );
    assert!(
        printed.contains("i = T.axis.spatial(14, v0 * 2 + v1)"),
        "{printed}"
    );
}

/// A reduction whose reduction iterator overlaps: the duplicated instances add
/// twice in both orders, and the init still runs at the first iteration.
const OVERLAPPED_SUM: &str = r#"
@T.prim_func
def main(A: T.Buffer((8, 14), "float32"), B: T.Buffer((8,), "float32")):
    for i, r0, r1 in T.grid(8, 6, 4):
        with T.block("sum"):
            vi = T.axis.spatial(8, i)
            vk = T.axis.reduce(14, r0 * 2 + r1)
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
"#;

#[test]
fn reorder_over_an_overlapping_reduction_binding_keeps_the_sums() {
    let printed = legal(
        OVERLAPPED_SUM,
        &(loops("sum", "i, r0, r1") + "  - {op: reorder, ordered_loops: [r1, r0]}\n"),
    );
    assert!(printed.contains("r1, r0 in T.grid("), "{printed}");
}

/// A binding whose smallest coefficient is not 1 stays refused (TVM's
/// surjective check only lets a sum starting at stride 1 overlap).
#[test]
fn reorder_still_refuses_a_gapped_binding() {
    let workload = OVERLAPPED.replace("v0 * 2 + v1", "v0 * 3 + v1 * 2");
    let workload = workload.replace("(6, 4, 4)", "(4, 2, 4)");
    let msg = fail(
        &workload,
        &(loops("block", "v0, v1, v2") + "  - {op: reorder, ordered_loops: [v0, v2, v1]}\n"),
    );
    assert!(
        msg.contains("is not affine over the reordered loops"),
        "{msg}"
    );
}

// ---- reverse_compute_inline into a block with an init ---------------------

/// test_inline_with_reduction: "bmm" has an init but only spatial iterators
/// (its init runs at every instance); the consumer is a plain transpose.
const BMM_TRANSPOSE: &str = r#"
@T.prim_func
def main(S: T.Buffer((T.int64(6), T.int64(1), T.int64(1)), "float32"), R: T.Buffer((T.int64(6), T.int64(1), T.int64(64)), "float32"), O: T.Buffer((T.int64(1), T.int64(1), T.int64(6), T.int64(64)), "float32")):
    M = T.alloc_buffer((T.int64(6), T.int64(1), T.int64(64)))
    for ax0, ax1 in T.grid(T.int64(6), T.int64(64)):
        with T.block("bmm"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(S[v0, T.int64(0), T.int64(0)], R[v0, T.int64(0), v1])
            T.writes(M[v0, T.int64(0), v1])
            with T.init():
                M[v0, T.int64(0), v1] = T.float32(0)
            M[v0, T.int64(0), v1] = M[v0, T.int64(0), v1] + S[v0, T.int64(0), T.int64(0)] * R[v0, T.int64(0), v1]
    for ax0, ax1 in T.grid(T.int64(6), T.int64(64)):
        with T.block("transpose"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            O[T.int64(0), T.int64(0), v0, v1] = M[v0, T.int64(0), v1]
"#;

#[test]
fn reverse_compute_inline_folds_a_copy_into_a_block_with_an_init() {
    let printed = legal(
        BMM_TRANSPOSE,
        "  - {op: get_block, name: transpose, out: b}\n  - {op: reverse_compute_inline, block: b}\n",
    );
    let out = "O[T.int64(0), T.int64(0), v0, v1]";
    assert!(
        printed.contains(&format!("{out} = T.float32(0.0)")),
        "{printed}"
    );
    assert!(
        printed.contains(&format!(
            "{out} = {out} + S[v0, T.int64(0), T.int64(0)] * R[v0, T.int64(0), v1]"
        )),
        "{printed}"
    );
    assert!(printed.contains(&format!("T.writes({out})")), "{printed}");
    assert!(!printed.contains("alloc_buffer"), "{printed}");
    assert!(!printed.contains("\"transpose\""), "{printed}");
}

/// A consumer that is not a plain copy would apply at the init and again at
/// every update (TVM 0.27 folds it and computes `((0 * 2) + x) * 2`): refused.
#[test]
fn reverse_compute_inline_refuses_an_expression_over_an_init_block() {
    let workload = BMM_TRANSPOSE.replace(
        "= M[v0, T.int64(0), v1]\n",
        "= M[v0, T.int64(0), v1] * T.float32(2)\n",
    );
    let msg = fail(
        &workload,
        "  - {op: get_block, name: transpose, out: b}\n  - {op: reverse_compute_inline, block: b}\n",
    );
    assert!(msg.contains("only a plain copy of `M`"), "{msg}");
}

/// A real reduction (a reduction iterator) stays refused, as TVM refuses it.
#[test]
fn reverse_compute_inline_still_refuses_a_reduction_producer() {
    let msg = fail(
        ROWSUM_COPY,
        "  - {op: get_block, name: C, out: b}\n  - {op: reverse_compute_inline, block: b}\n",
    );
    assert!(msg.contains("is not spatial"), "{msg}");
}

const ROWSUM_COPY: &str = r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16,), "float32")):
    B = T.alloc_buffer((16,))
    for i, k in T.grid(16, 16):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]
    for i in range(16):
        with T.block("C"):
            vi = T.axis.remap("S", [i])
            C[vi] = B[vi]
"#;

// ---- merge of loop nests (test_merge2) -----------------------------------

const TWO_TILED: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32"), D: T.Buffer((64, 64), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i_0, j_0, i_1, j_1 in T.grid(8, 8, 16, 16):
        with T.block("C"):
            vi = T.axis.spatial(128, i_0 * 16 + i_1)
            vj = T.axis.spatial(128, j_0 * 16 + j_1)
            C[vi, vj] = B[vi, vj] + T.float32(1)
    for i_0, j_0, i_1, j_1 in T.grid(8, 8, 8, 8):
        with T.block("D"):
            vi = T.axis.spatial(64, i_0 * 8 + i_1)
            vj = T.axis.spatial(64, j_0 * 8 + j_1)
            D[vi, vj] = B[vi, vj] + T.float32(2)
"#;

const MERGE_STEPS: &str = "  - {op: get_block, name: C, out: c}\n  - {op: get_block, name: D, out: d}\n  - {op: get_loops, block: c, out: [c0, c1, c2, c3]}\n  - {op: get_loops, block: d, out: [d0, d1, d2, d3]}\n";

/// Merging the second loops merges the whole nests above them up to their
/// common ancestor (the root), level by level, as TVM does.
#[test]
fn merge_takes_the_loops_up_to_the_common_ancestor() {
    let steps = format!("{MERGE_STEPS}  - {{op: merge, loops: [c1, d1]}}\n");
    let printed = legal(TWO_TILED, &steps);
    assert!(
        printed.contains("for i_0, j_0 in T.grid(8, 8):"),
        "{printed}"
    );
    assert!(
        printed.contains("for i_1, j_1 in T.grid(16, 16):"),
        "{printed}"
    );
    assert!(
        printed.contains("for i_1, j_1 in T.grid(8, 8):"),
        "{printed}"
    );
    assert!(
        printed.contains("vi = T.axis.spatial(64, i_0 * 8 + i_1)"),
        "{printed}"
    );
    assert_eq!(printed.matches("for i_0").count(), 1, "{printed}");
}

/// Merging the nests where the second reads what the first writes at
/// another element of the same tile would read it before it is written.
#[test]
fn merge_of_nests_refuses_a_broken_dependence() {
    let workload = TWO_TILED
        .replace(
            "C[vi, vj] = B[vi, vj] + T.float32(1)",
            "B[vi, vj] = A[vi, vj] + T.float32(1)",
        )
        .replace(
            "D[vi, vj] = B[vi, vj] + T.float32(2)",
            "D[vi, vj] = B[vj, vi] + T.float32(2)",
        );
    let steps = format!("{MERGE_STEPS}  - {{op: merge, loops: [c1, d1]}}\n");
    let msg = fail(&workload, &steps);
    assert!(msg.contains("B"), "{msg}");
}

/// The nests must be as deep and as wide, level by level (TVM's refusals).
#[test]
fn merge_of_nests_needs_equal_depths_and_only_children() {
    let steps = format!("{MERGE_STEPS}  - {{op: merge, loops: [c1, d2]}}\n");
    let msg = fail(TWO_TILED, &steps);
    assert!(msg.contains("nest equally deep"), "{msg}");
    let steps = format!("{MERGE_STEPS}  - {{op: merge, loops: [c2, d2]}}\n");
    let msg = fail(TWO_TILED, &steps);
    assert!(msg.contains("extent"), "{msg}");
}

// ---- rfactor gaps ----------------------------------------------------------

/// test_reduction_rfactor_matmul_with_let: the update goes through a let.
const MATMUL_WITH_LET: &str = r#"
@T.prim_func
def main(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32, 32), "float32"), C: T.Buffer((32, 32), "float32")):
    for i0, i1, i2_outer, i2_inner in T.grid(32, 32, 8, 4):
        with T.block("update"):
            vi, vj = T.axis.remap("SS", [i0, i1])
            vk = T.axis.reduce(32, i2_outer * 4 + i2_inner)
            with T.init():
                C[vi, vj] = T.float32(0)
            v_C: T.float32 = C[vi, vj] + A[vi, vk] * B[vj, vk]
            C[vi, vj] = v_C
"#;

#[test]
fn rfactor_inlines_the_lets_of_the_update() {
    let steps = loops("update", "i0, i1, i2_outer, i2_inner")
        + "  - {op: rfactor, loop: i2_inner, factor_axis: 0}\n";
    let printed = legal(MATMUL_WITH_LET, &steps);
    assert!(
        printed.contains("C_rf[vi2_inner, vi, vj] = C_rf[vi2_inner, vi, vj] + A[vi, vi2_outer * 4 + vi2_inner] * B[vj, vi2_outer * 4 + vi2_inner]"),
        "{printed}"
    );
    assert!(
        printed.contains("C[vi, vj] = C[vi, vj] + C_rf[vi2_inner, vi, vj]"),
        "{printed}"
    );
    assert!(!printed.contains("v_C"), "{printed}");
}

/// test_reduction_rfactor_square_sum_square_root: the factored loop is a unit
/// loop no iterator uses; it indexes the one partial result.
const SQUARE_SUM_UNIT: &str = r#"
@T.prim_func
def main(A: T.Buffer((4, 16, 16), "float32"), D: T.Buffer((4,), "float32")):
    C = T.alloc_buffer((4,))
    for i0, f_outer, f_inner in T.grid(4, 256, 1):
        with T.block("C"):
            b = T.axis.spatial(4, i0)
            i = T.axis.reduce(16, f_outer // 16)
            j = T.axis.reduce(16, f_outer % 16)
            with T.init():
                C[b] = T.float32(0)
            C[b] = C[b] + A[b, i, j] * A[b, i, j]
    for i0 in range(4):
        with T.block("D"):
            b = T.axis.spatial(4, i0)
            D[b] = T.sqrt(C[b])
"#;

#[test]
fn rfactor_over_an_unused_unit_loop() {
    let steps =
        loops("C", "i0, f_outer, f_inner") + "  - {op: rfactor, loop: f_inner, factor_axis: 0}\n";
    let printed = legal(SQUARE_SUM_UNIT, &steps);
    assert!(
        printed.contains("C_rf = T.alloc_buffer((1, 4))"),
        "{printed}"
    );
    assert!(
        printed.contains("for i0, f_inner in T.grid(4, 1):"),
        "{printed}"
    );
    assert!(
        printed.contains("C[b] = C[b] + C_rf[vf_inner, b]"),
        "{printed}"
    );
    let text = cuda(
        SQUARE_SUM_UNIT,
        &(steps + "  - {op: get_block, name: C_rf, out: rf}\n  - {op: get_loops, block: rf, out: [r0, r1, r2]}\n  - {op: bind, loop: r0, thread_axis: blockIdx.x}\n  - {op: get_block, name: C, out: wb}\n  - {op: get_loops, block: wb, out: [w0, w1]}\n  - {op: bind, loop: w0, thread_axis: blockIdx.x}\n  - {op: get_block, name: D, out: d}\n  - {op: get_loops, block: d, out: [d0]}\n  - {op: bind, loop: d0, thread_axis: blockIdx.x}\n"),
    );
    assert!(text.contains("C_rf"), "{text}");
}

/// A longer loop no iterator uses runs each block instance, init included,
/// again: the partial sums would not repeat that, so it stays refused.
#[test]
fn rfactor_refuses_an_unused_longer_loop() {
    let workload = SQUARE_SUM_UNIT.replace("T.grid(4, 256, 1)", "T.grid(4, 256, 2)");
    let steps =
        loops("C", "i0, f_outer, f_inner") + "  - {op: rfactor, loop: f_inner, factor_axis: 0}\n";
    let msg = fail(&workload, &steps);
    assert!(msg.contains("is used by no iterator"), "{msg}");
}

/// test_reduction_rfactor_outermost_loop_multiple_children: the outermost
/// loop also holds the consumers; the rf nest copies only the loops down to
/// the block, before that loop.
const MULTIPLE_CHILDREN: &str = r#"
@T.prim_func
def main(A: T.Buffer((8, 8, 8), "float32"), D: T.Buffer((8, 8), "float32")):
    C = T.alloc_buffer((8, 8))
    for i in range(8):
        for j1 in range(8):
            for k1o, k1i in T.grid(2, 4):
                with T.block("C"):
                    ci, cj = T.axis.remap("SS", [i, j1])
                    ck = T.axis.reduce(8, k1o * 4 + k1i)
                    with T.init():
                        C[ci, cj] = T.float32(0)
                    C[ci, cj] = C[ci, cj] + A[ci, cj, ck]
        for j2 in range(8):
            for k2 in range(8):
                with T.block("D"):
                    di, dj, dk = T.axis.remap("SSR", [i, j2, k2])
                    with T.init():
                        D[di, dj] = T.float32(0)
                    D[di, dj] = D[di, dj] + A[di, dj, dk] * C[di, dk]
"#;

#[test]
fn rfactor_copies_the_loops_down_to_the_block_under_a_shared_loop() {
    let steps = loops("C", "i, j1, k1o, k1i") + "  - {op: rfactor, loop: k1o, factor_axis: 2}\n";
    let printed = legal(MULTIPLE_CHILDREN, &steps);
    assert!(
        printed.contains("for i, j1, k1o, k1i in T.grid(8, 8, 2, 4):"),
        "{printed}"
    );
    assert!(
        printed.contains("C_rf = T.alloc_buffer((8, 8, 2))"),
        "{printed}"
    );
    let rf = printed.find("\"C_rf\"").unwrap();
    let shared = printed.find("for i in range(8):").unwrap();
    assert!(rf < shared, "{printed}");
}

/// With a block under the shared loop writing what the reduction reads, the
/// hoisted partial reduction would read it before it is written: refused.
#[test]
fn rfactor_under_a_shared_loop_refuses_a_hoist_over_a_writer() {
    let workload = MULTIPLE_CHILDREN
        .replace("A: T.Buffer((8, 8, 8), \"float32\"), D", "A: T.Buffer((8, 8, 8), \"float32\"), E: T.Buffer((8, 8, 8), \"float32\"), D")
        .replace("C[ci, cj] + A[ci, cj, ck]", "C[ci, cj] + E[ci, cj, ck]")
        .replace("D[di, dj] = D[di, dj] + A[di, dj, dk] * C[di, dk]", "E[di, dj, dk] = A[di, dj, dk] * C[di, dk]")
        .replace("di, dj, dk = T.axis.remap(\"SSR\"", "di, dj, dk = T.axis.remap(\"SSS\"")
        .replace("                    with T.init():\n                        D[di, dj] = T.float32(0)\n", "");
    let steps = loops("C", "i, j1, k1o, k1i") + "  - {op: rfactor, loop: k1o, factor_axis: 2}\n";
    let msg = fail(&workload, &steps);
    assert!(msg.contains("before it is written"), "{msg}");
}
