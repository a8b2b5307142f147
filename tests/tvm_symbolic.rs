//! Symbolic extents and shapes (issue 28, item 4): TVM 0.27's schedule tests
//! over shape variables (`n`, `N, M = T.int32(), T.int32()`, int64
//! `n * T.int64(32)`) replayed as tirtui sessions. Each legal case is checked
//! against TVM's printed program (the lines that matter) and, with the shape
//! variables bound to several sizes, against the original program in the
//! interpreter; each refusal fails at the step TVM fails at.

use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

fn bind(func: &PrimFunc, values: &[(&str, i64)]) -> PrimFunc {
    let values: Vec<(String, i64)> = values.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    tirtui::ir::bind_shape_vars(func, &values).unwrap_or_else(|e| panic!("{e}"))
}

/// Applies the steps, checks that the printed program parses back to itself
/// and that, for every binding in `sizes`, the scheduled program computes
/// what the original does; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str, sizes: &[&[(&str, i64)]]) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    for values in sizes {
        let (original, scheduled) = (bind(&func, values), bind(trace.func(), values));
        let mut expected = tirtui::interp::random_args(&original, 7).unwrap();
        let mut got = expected.clone();
        tirtui::interp::run(&original, &mut expected).unwrap();
        tirtui::interp::run(&scheduled, &mut got)
            .unwrap_or_else(|e| panic!("{values:?}: {e}\n{printed}"));
        for (e, g) in expected.iter().zip(&got) {
            assert!(
                g.max_rel_err(e) <= 1e-6,
                "{values:?}: results differ:\n{printed}"
            );
        }
    }
    printed
}

/// Applies all steps but the last, which must fail without changing the
/// program. Returns the message.
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
    err.to_string()
}

#[track_caller]
fn assert_lines(printed: &str, lines: &[&str]) {
    for l in lines {
        assert!(printed.contains(l), "missing `{l}` in:\n{printed}");
    }
}

/// TVM's `elementwise_symbolic` (test_tir_schedule_split_fuse.py).
const ELEMENTWISE_SYMBOLIC: &str = r#"
@T.prim_func
def elementwise_symbolic(A: T.Buffer((128, 128, "n"), "float32"), B: T.Buffer((128, 128, n), "float32"), n: T.int32):
    for i, j, k in T.grid(128, 128, n):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2)
"#;

const GET_LOOPS_IJK: &str =
    "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n";

/// Small sizes: the interpreter runs 128 * 128 * n elements.
const N_SIZES: &[&[(&str, i64)]] = &[&[("n", 1)], &[("n", 10)], &[("n", 13)]];

/// test_split_symbolic, test_split_int64_factors: the inferred factor is
/// `(n + 9) // 10`, with TVM's guard.
#[test]
fn split_of_a_symbolic_extent_infers_the_factor_with_tvms_guard() {
    let steps = format!("{GET_LOOPS_IJK}  - {{op: split, loop: l3, factors: [10, null]}}\n");
    let printed = legal(ELEMENTWISE_SYMBOLIC, &steps, N_SIZES);
    assert_lines(
        &printed,
        &[
            "for i, j, k_0, k_1 in T.grid(128, 128, 10, (n + 9) // 10):",
            "vk = T.axis.spatial(n, k_0 * ((n + 9) // 10) + k_1)",
            "T.where(k_0 * ((n + 9) // 10) + k_1 < n)",
        ],
    );
}

/// test_fuse_symbolic: the fused extent `n * 16384` and TVM's bindings.
#[test]
fn fuse_of_a_symbolic_extent_gives_tvms_bindings() {
    let steps = format!("{GET_LOOPS_IJK}  - {{op: fuse, loops: [l1, l2, l3]}}\n");
    let printed = legal(ELEMENTWISE_SYMBOLIC, &steps, N_SIZES);
    assert_lines(
        &printed,
        &[
            "for i_j_k_fused in range(n * 16384):",
            "vi = T.axis.spatial(128, i_j_k_fused // (n * 128))",
            "vj = T.axis.spatial(128, i_j_k_fused % (n * 128) // n)",
            "vk = T.axis.spatial(n, i_j_k_fused % n)",
        ],
    );
}

/// TVM refuses a split whose given factors cannot be proven to cover a
/// symbolic extent ("The product of factors is not larger than or equal to
/// the extent of loop").
#[test]
fn split_with_every_factor_given_over_a_symbolic_extent_is_refused() {
    let steps = format!("{GET_LOOPS_IJK}  - {{op: split, loop: l3, factors: [4, 8]}}\n");
    let msg = fail(ELEMENTWISE_SYMBOLIC, &steps);
    assert!(msg.contains("symbolic extent `n`"), "{msg}");
    assert!(msg.contains("cannot be proven to cover"), "{msg}");
    // With disable_predication the guard could not be dropped either.
    let steps = format!(
        "{GET_LOOPS_IJK}  - {{op: split, loop: l3, factors: [null, 8], disable_predication: true}}\n"
    );
    let msg = fail(ELEMENTWISE_SYMBOLIC, &steps);
    assert!(msg.contains("disable_predication"), "{msg}");
}

/// test_split_with_dynamic_inferred_factor: shape variables declared in the
/// body, one inferred factor outer and one inner.
const DYNAMIC_BEFORE: &str = r#"
@T.prim_func
def before(A: T.Buffer(("N", 128, "M"), "float32"), B: T.Buffer((N, 128, M), "float32")):
    N, M = T.int32(), T.int32()
    for i, j, k in T.grid(N, 128, M):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2)
"#;

#[test]
fn split_with_dynamic_inferred_factors_matches_tvm() {
    let steps = format!(
        "{GET_LOOPS_IJK}  - {{op: split, loop: l1, factors: [null, 16]}}\n  - {{op: split, loop: l2, factors: [4, 32]}}\n  - {{op: split, loop: l3, factors: [16, null]}}\n"
    );
    let sizes: &[&[(&str, i64)]] = &[&[("N", 17), ("M", 5)], &[("N", 3), ("M", 32)]];
    let printed = legal(DYNAMIC_BEFORE, &steps, sizes);
    assert_lines(
        &printed,
        &[
            "for i_0, i_1, j_0, j_1, k_0, k_1 in T.grid((N + 15) // 16, 16, 4, 32, 16, (M + 15) // 16):",
            "vi = T.axis.spatial(N, i_0 * 16 + i_1)",
            "vk = T.axis.spatial(M, k_0 * ((M + 15) // 16) + k_1)",
            "T.where(i_0 * 16 + i_1 < N and k_0 * ((M + 15) // 16) + k_1 < M)",
        ],
    );
}

/// test_fused_symbolic_2D_tiling: split both, reorder, fuse the outer tiles.
#[test]
fn fused_symbolic_2d_tiling_matches_tvm() {
    let workload = r#"
@T.prim_func
def before(A: T.Buffer(("M", "N"), "float32"), B: T.Buffer((M, N), "float32"), M: T.int32, N: T.int32):
    for i, j in T.grid(M, N):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
"#;
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2]}\n  - {op: split, loop: l1, factors: [null, 64], out: [l3, l4]}\n  - {op: split, loop: l2, factors: [null, 16], out: [l5, l6]}\n  - {op: reorder, ordered_loops: [l3, l5, l4, l6]}\n  - {op: fuse, loops: [l3, l5]}\n";
    let sizes: &[&[(&str, i64)]] = &[&[("M", 70), ("N", 20)], &[("M", 64), ("N", 16)]];
    let printed = legal(workload, steps, sizes);
    assert_lines(
        &printed,
        &[
            "for i_0_j_0_fused, i_1, j_1 in T.grid((M + 63) // 64 * ((N + 15) // 16), 64, 16):",
            "vi = T.axis.spatial(M, i_0_j_0_fused // ((N + 15) // 16) * 64 + i_1)",
            "vj = T.axis.spatial(N, i_0_j_0_fused % ((N + 15) // 16) * 16 + j_1)",
            "T.where(i_0_j_0_fused // ((N + 15) // 16) * 64 + i_1 < M and i_0_j_0_fused % ((N + 15) // 16) * 16 + j_1 < N)",
        ],
    );
}

/// test_fuse_not_affine: an inner extent that uses an outer loop.
#[test]
fn fuse_of_loops_under_a_dependent_extent_matches_tvm() {
    let workload = r#"
@T.prim_func
def elementwise_not_affine(A: T.Buffer((127, 128), "float32"), B: T.Buffer((127, 128), "float32")):
    for i in range(4):
        for j, k in T.grid(T.min(31, 126 - i * 32) + 1, 128):
            with T.block("B"):
                vi = T.axis.spatial(127, i * 32 + j)
                vj = T.axis.spatial(128, k)
                B[vi, vj] = A[vi, vj]
"#;
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: fuse, loops: [l2, l3]}\n";
    let printed = legal(workload, steps, &[&[]]);
    assert_lines(
        &printed,
        &[
            "for j_k_fused in range(T.min(31, 126 - i * 32) * 128 + 128):",
            "vi = T.axis.spatial(127, i * 32 + j_k_fused // 128)",
            "vj = T.axis.spatial(128, j_k_fused % 128)",
        ],
    );
    // Fusing the outer loop with the one whose extent uses it is refused
    // (the fused extent would not be a product).
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: fuse, loops: [l1, l2]}\n";
    let msg = fail(workload, steps);
    assert!(msg.contains("depends on loop `i`"), "{msg}");
}

/// An int64 extent `n * T.int64(32)` split by 32 divides exactly: no guard
/// (test_compute_at_simplify_symbolic_predicate's split).
#[test]
fn int64_symbolic_split_that_divides_needs_no_guard() {
    let workload = r#"
n = TypeVar("n")
@T.prim_func
def main(X: T.Buffer((T.int64(8), n * T.int64(32)), "float32"), Y: T.Buffer((T.int64(8), n * T.int64(32)), "float32")):
    for i, k in T.grid(T.int64(8), n * T.int64(32)):
        with T.block("Y"):
            vi, vk = T.axis.remap("SS", [i, k])
            Y[vi, vk] = X[vi, vk]
"#;
    let steps = "  - {op: get_block, name: Y, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2]}\n  - {op: split, loop: l2, factors: [null, 32]}\n";
    let sizes: &[&[(&str, i64)]] = &[&[("n", 1)], &[("n", 3)]];
    let printed = legal(workload, steps, sizes);
    assert_lines(
        &printed,
        &[
            "for i, k_0, k_1 in T.grid(T.int64(8), n, T.int64(32)):",
            "vk = T.axis.spatial(n * T.int64(32), k_0 * T.int64(32) + k_1)",
        ],
    );
    assert!(!printed.contains("T.where"), "{printed}");
}

/// Lowering names an unbound shape variable; bound, the same schedule lowers
/// to a kernel with the size as a constant.
#[test]
fn lowering_refuses_unbound_shape_variables_and_lowers_bound_ones() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer(("n",), "float32"), B: T.Buffer((n,), "float32")):
    n = T.int32()
    for i in range(n):
        with T.block("B"):
            vi = T.axis.spatial(n, i)
            B[vi] = A[vi] * T.float32(2)
"#;
    let steps = session(
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1]}\n  - {op: split, loop: l1, factors: [null, 32], out: [l2, l3]}\n  - {op: bind, loop: l2, thread_axis: blockIdx.x}\n  - {op: bind, loop: l3, thread_axis: threadIdx.x}\n",
    )
    .steps;
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let err = tirtui::lower::lower_program(trace.func()).expect_err("n is unbound");
    let msg = err.to_string();
    assert!(msg.contains("shape variable(s) `n`"), "{msg}");
    assert!(msg.contains("--bind"), "{msg}");

    let bound = bind(&func, &[("n", 1000)]);
    let trace = Trace::replay(bound, &steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let out = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.kernel.source.contains("< 1000"),
        "{}",
        out.kernel.source
    );
}

#[test]
fn binding_refuses_unknown_names_twice_bound_and_out_of_range_values() {
    let func = tirtui::script::parse_func(ELEMENTWISE_SYMBOLIC, None).unwrap();
    let err = |values: &[(&str, i64)]| {
        let values: Vec<(String, i64)> = values.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        tirtui::ir::bind_shape_vars(&func, &values)
            .expect_err("must be refused")
            .to_string()
    };
    assert!(err(&[("m", 3)]).contains("`m` is not a shape variable"));
    assert!(err(&[("n", 3), ("n", 4)]).contains("bound twice"));
    assert!(err(&[("n", 1 << 40)]).contains("does not fit its type int32"));
    // Bound, the scalar parameter is gone and the shapes are constants.
    let bound = bind(&func, &[("n", 5)]);
    let printed = tirtui::script::print_func(&bound);
    assert!(
        printed.contains("A: T.Buffer((128, 128, 5), \"float32\")"),
        "{printed}"
    );
    assert!(!printed.contains("n: T.int32"), "{printed}");
}
