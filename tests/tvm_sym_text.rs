//! TVM 0.27's schedule tests over shape variables in allocations, the
//! well-formedness refusals TVM makes at a primitive, and TVM's printed form
//! (issue 28): each case was unreadable, "equivalent" or a different program
//! before its fix. A legal case is checked against TVM's program (the lines
//! that matter) and, with the shape variables bound to several sizes, against
//! the original in the interpreter; a refusal fails at TVM's step.

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
        tirtui::interp::run(&scheduled, &mut got).unwrap_or_else(|e| {
            panic!(
                "{values:?}: {e}
{printed}"
            )
        });
        for (e, g) in expected.iter().zip(&got) {
            assert!(
                g.max_rel_err(e) <= 1e-5,
                "{values:?}: results differ:\n{printed}"
            );
        }
    }
    printed
}

// ---- 1. Shape variables in allocations -------------------------------------

/// test_compute_at_int64_loop: `C` is allocated `(n, m)`.
const INT64_LOOP: &str = r#"
m = TypeVar("m")
n = TypeVar("n")
@T.prim_func(s_tir=True)
def main(A: T.Buffer((n, m), "float32"), B: T.Buffer((n, m), "float32"), D: T.Buffer((n, m), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((n, m))
    for i, j in T.grid(n, m):
        with T.sblock("C"):
            v_i = T.axis.spatial(n, i)
            v_j = T.axis.spatial(m, j)
            T.reads(A[v_i, v_j], B[v_i, v_j])
            T.writes(C[v_i, v_j])
            C[v_i, v_j] = A[v_i, v_j] + B[v_i, v_j]
    for i, j in T.grid(n, m):
        with T.sblock("D"):
            v_i = T.axis.spatial(n, i)
            v_j = T.axis.spatial(m, j)
            T.reads(C[v_i, v_j])
            T.writes(D[v_i, v_j])
            D[v_i, v_j] = C[v_i, v_j] + T.float32(1.0)
"#;

#[test]
fn compute_at_over_a_symbolic_allocation_needs_no_guard() {
    let printed = legal(
        INT64_LOOP,
        "  - {op: get_block, name: C, out: b0}\n  - {op: get_block, name: D, out: b1}\n  - {op: get_loops, block: b1, out: [l2, l3]}\n  - {op: compute_at, block: b0, loop: l2}\n",
        &[&[("n", 3), ("m", 5)], &[("n", 1), ("m", 1)], &[("n", 4), ("m", 2)]],
    );
    assert!(printed.contains("C = T.alloc_buffer((n, m))"), "{printed}");
    assert!(printed.contains("for ax0 in range(m):"), "{printed}");
    // TVM proves `i < n` from the loop `i` over `[0, n)`.
    assert!(!printed.contains("T.where"), "{printed}");
}

/// test_shape_var_as_bound: `C_rf` is allocated `(128, 32, 1, n)`, the
/// loop fused over `n * 32` and divided back by `n`.
const SHAPE_VAR_AS_BOUND: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((32, 1, 128), "float32"), B: T.Buffer((32, "n", 128), "float32"), C: T.Buffer((32, 1, n), "float32")):
    n = T.int32()
    # with T.sblock("root"):
    C_rf = T.sblock_alloc_buffer((128, 32, 1, n))
    for ax0_ax1_fused, ax2_fused_1, ax2_fused_0 in T.grid(n * 32, 128, 1):
        with T.sblock("NT_matmul_rf"):
            vax2_fused_1 = T.axis.spatial(128, ax2_fused_1)
            v0 = T.axis.spatial(32, ax0_ax1_fused // n)
            v1 = T.axis.spatial(n, ax0_ax1_fused % n)
            vax2_fused_0 = T.axis.reduce(1, ax2_fused_0)
            T.reads(A[v0, 0, vax2_fused_0 * 128 + vax2_fused_1], B[v0, v1, vax2_fused_0 * 128 + vax2_fused_1])
            T.writes(C_rf[vax2_fused_1, v0, 0, v1])
            with T.init():
                C_rf[vax2_fused_1, v0, 0, v1] = T.float32(0.0)
            C_rf[vax2_fused_1, v0, 0, v1] = C_rf[vax2_fused_1, v0, 0, v1] + A[v0, 0, vax2_fused_0 * 128 + vax2_fused_1] * B[v0, v1, vax2_fused_0 * 128 + vax2_fused_1]
    for ax0_ax1_fused, ax2_fused_1 in T.grid(n * 32, 128):
        with T.sblock("NT_matmul"):
            vax2_fused_1 = T.axis.reduce(128, ax2_fused_1)
            v0 = T.axis.spatial(32, ax0_ax1_fused // n)
            v1 = T.axis.spatial(n, ax0_ax1_fused % n)
            T.reads(C_rf[vax2_fused_1, v0, 0, v1])
            T.writes(C[v0, 0, v1])
            with T.init():
                C[v0, 0, v1] = T.float32(0.0)
            C[v0, 0, v1] = C[v0, 0, v1] + C_rf[vax2_fused_1, v0, 0, v1]
"#;

#[test]
fn reverse_compute_at_divides_a_fused_symbolic_loop_without_a_guard() {
    let printed = legal(
        SHAPE_VAR_AS_BOUND,
        "  - {op: get_block, name: NT_matmul, out: b0}\n  - {op: get_block, name: NT_matmul_rf, out: b1}\n  - {op: get_loops, block: b1, out: [l2, l3, l4]}\n  - {op: reverse_compute_at, block: b0, loop: l2, preserve_unit_loops: true}\n",
        &[&[("n", 3)], &[("n", 1)]],
    );
    assert!(
        printed.contains("v0 = T.axis.spatial(32, ax0_ax1_fused // n + ax1)"),
        "{printed}"
    );
    assert!(
        printed.contains("v1 = T.axis.spatial(n, ax0_ax1_fused % n + ax2)"),
        "{printed}"
    );
    assert!(!printed.contains("T.where"), "{printed}");
}

/// test_compute_at_simplify_symbolic_predicate: a cache of `X`, allocated
/// `(8, n * 32)`, under a split of the `n * 32` loop.
const SIMPLIFY_SYMBOLIC_PREDICATE: &str = r#"
@T.prim_func(s_tir=True)
def main(X: T.Buffer((T.int64(8), "n * T.int64(32)"), "float32"), Y: T.Buffer((T.int64(8), n * T.int64(32)), "float32"), n: T.int64):
    # with T.sblock("root"):
    for i, k in T.grid(T.int64(8), n * T.int64(32)):
        with T.sblock("Y"):
            vi, vk = T.axis.remap("SS", [i, k])
            T.reads(X[vi, vk])
            T.writes(Y[vi, vk])
            Y[vi, vk] = X[vi, vk]
"#;

#[test]
fn compute_at_under_a_split_symbolic_loop_proves_the_cache_bound() {
    let printed = legal(
        SIMPLIFY_SYMBOLIC_PREDICATE,
        "  - {op: get_block, name: Y, out: b0}\n  - {op: get_loops, block: b0, out: [l2, l3]}\n  - {op: split, loop: l3, factors: [null, 32], out: [l4, l5]}\n  - {op: cache_read, block: b0, read_buffer_index: 0, storage_scope: global, out: b6}\n  - {op: compute_at, block: b6, loop: l4}\n",
        &[&[("n", 2)], &[("n", 1)]],
    );
    assert!(
        printed.contains("X_global = T.alloc_buffer((T.int64(8), n * T.int64(32)))"),
        "{printed}"
    );
    assert!(!printed.contains("T.where"), "{printed}");
}

/// test_compute_inline_softmax: three allocations over `n` and `m`.
const SOFTMAX: &str = r#"
m = TypeVar("m")
n = TypeVar("n")
@T.prim_func(s_tir=True)
def before(lv44: T.Buffer((T.int64(1), T.int64(32), n, m), "float32"), var_compute_intermediate: T.Buffer((T.int64(1), T.int64(32), n, m), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_softmax_maxelem = T.sblock_alloc_buffer((T.int64(1), T.int64(32), n))
    T_softmax_exp = T.sblock_alloc_buffer((T.int64(1), T.int64(32), n, m))
    T_softmax_expsum = T.sblock_alloc_buffer((T.int64(1), T.int64(32), n))
    var_T_softmax_norm_intermediate = T.sblock_alloc_buffer((T.int64(1), T.int64(32), n, m))
    for i0, i1, i2, k in T.grid(T.int64(1), T.int64(32), n, m):
        with T.sblock("T_softmax_maxelem"):
            v_i0, v_i1, v_i2, v_k = T.axis.remap("SSSR", [i0, i1, i2, k])
            T.reads(lv44[v_i0, v_i1, v_i2, v_k])
            T.writes(T_softmax_maxelem[v_i0, v_i1, v_i2])
            with T.init():
                T_softmax_maxelem[v_i0, v_i1, v_i2] = T.float32(-340282346638528859811704183484516925440.0)
            T_softmax_maxelem[v_i0, v_i1, v_i2] = T.max(T_softmax_maxelem[v_i0, v_i1, v_i2], lv44[v_i0, v_i1, v_i2, v_k])
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(32), n, m):
        with T.sblock("T_softmax_exp"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(lv44[v_i0, v_i1, v_i2, v_i3], T_softmax_maxelem[v_i0, v_i1, v_i2])
            T.writes(T_softmax_exp[v_i0, v_i1, v_i2, v_i3])
            T_softmax_exp[v_i0, v_i1, v_i2, v_i3] = T.exp(lv44[v_i0, v_i1, v_i2, v_i3] - T_softmax_maxelem[v_i0, v_i1, v_i2])
    for i0, i1, i2, k in T.grid(T.int64(1), T.int64(32), n, m):
        with T.sblock("T_softmax_expsum"):
            v_i0, v_i1, v_i2, v_k = T.axis.remap("SSSR", [i0, i1, i2, k])
            T.reads(T_softmax_exp[v_i0, v_i1, v_i2, v_k])
            T.writes(T_softmax_expsum[v_i0, v_i1, v_i2])
            with T.init():
                T_softmax_expsum[v_i0, v_i1, v_i2] = T.float32(0.0)
            T_softmax_expsum[v_i0, v_i1, v_i2] = T_softmax_expsum[v_i0, v_i1, v_i2] + T_softmax_exp[v_i0, v_i1, v_i2, v_k]
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(32), n, m):
        with T.sblock("T_softmax_norm"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(T_softmax_exp[v_i0, v_i1, v_i2, v_i3], T_softmax_expsum[v_i0, v_i1, v_i2])
            T.writes(var_T_softmax_norm_intermediate[v_i0, v_i1, v_i2, v_i3])
            T.sblock_attr({"axis": 3})
            var_T_softmax_norm_intermediate[v_i0, v_i1, v_i2, v_i3] = T_softmax_exp[v_i0, v_i1, v_i2, v_i3] / T_softmax_expsum[v_i0, v_i1, v_i2]
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(32), n, m):
        with T.sblock("compute"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(var_T_softmax_norm_intermediate[v_i0, v_i1, v_i2, v_i3])
            T.writes(var_compute_intermediate[v_i0, v_i1, v_i2, v_i3])
            var_compute_intermediate[v_i0, v_i1, v_i2, v_i3] = T.Cast("float16", var_T_softmax_norm_intermediate[v_i0, v_i1, v_i2, v_i3])
"#;

#[test]
fn compute_inline_into_a_softmax_over_symbolic_allocations() {
    let printed = legal(
        SOFTMAX,
        "  - {op: get_block, name: T_softmax_exp, out: b0}\n  - {op: compute_inline, block: b0}\n",
        &[&[("n", 2), ("m", 3)], &[("n", 1), ("m", 4)]],
    );
    assert!(!printed.contains("T.block(\"T_softmax_exp\")"), "{printed}");
    assert!(
        printed.contains("T.exp(lv44[v_i0, v_i1, v_i2, v_k]"),
        "{printed}"
    );
    assert!(
        printed.contains("T_softmax_expsum = T.alloc_buffer((T.int64(1), T.int64(32), n))"),
        "{printed}"
    );
}

/// An allocation may use the function's shape variables, not a loop's.
#[test]
fn an_allocation_sized_by_a_loop_is_refused_when_read() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B = T.alloc_buffer((vi,))
            A[vi] = T.float32(0)
"#;
    let err = tirtui::script::parse_func(workload, None).expect_err("vi is no shape variable");
    let msg = err.to_string();
    assert!(
        msg.contains("uses `vi`, which is not a shape variable"),
        "{msg}"
    );
}

/// Lowering names the unbound shape variable of an allocation; bound, the
/// allocation is a constant and the kernel lowers.
#[test]
fn lowering_a_symbolic_allocation_needs_its_shape_variables_bound() {
    let steps = session(
        "  - {op: get_block, name: C, out: b0}\n  - {op: get_block, name: D, out: b1}\n  - {op: set_scope, block: b0, buffer_index: 0, storage_scope: shared}\n  - {op: get_loops, block: b1, out: [l2, l3]}\n  - {op: compute_at, block: b0, loop: l2}\n  - {op: bind, loop: l2, thread_axis: blockIdx.x}\n",
    )
    .steps;
    let func = tirtui::script::parse_func(INT64_LOOP, None).unwrap();
    let trace = Trace::replay(func.clone(), &steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let msg = tirtui::lower::lower_program(trace.func())
        .expect_err("n and m are unbound")
        .to_string();
    assert!(msg.contains("`n`") && msg.contains("--bind"), "{msg}");
    let bound = bind(&func, &[("n", 64), ("m", 32)]);
    let trace = Trace::replay(bound, &steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let out = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    // The shared stage is one row of `m` = 32 once bound.
    assert!(
        out.kernel.source.contains("__shared__"),
        "{}",
        out.kernel.source
    );
    assert!(out.kernel.source.contains("[32]"), "{}", out.kernel.source);
}

// ---- 2. Well-formedness refusals at TVM's step ------------------------------

/// test_reorder_fail_with_wrong_block_var_type: \`vk\` is a scan axis.
const WRONG_BLOCK_VAR_TYPE: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    for i, j, k in T.grid(128, 128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            vk = T.axis.scan(128, k)
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
"#;

#[test]
fn a_scan_axis_is_read_printed_and_run_and_reorder_refuses_it() {
    // Read, printed back as TVM writes it, and run as its binding says.
    let printed = legal(
        WRONG_BLOCK_VAR_TYPE,
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: split, loop: l1, factors: [null, 32], out: [l4, l5]}\n",
        &[&[]],
    );
    assert!(printed.contains("vk = T.axis.scan(128, k)"), "{printed}");
    // TVM: "have block iter type other than data-parallel or reduction", at reorder.
    let session = session(
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: reorder, ordered_loops: [l2, l1]}\n",
    );
    let func = tirtui::script::parse_func(WRONG_BLOCK_VAR_TYPE, None).unwrap();
    let (n, last) = (session.steps.len(), session.steps.last().unwrap().clone());
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let msg = trace.push(last).expect_err("reorder must fail").to_string();
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    assert!(msg.contains("`T.axis.scan`"), "{msg}");
    assert!(msg.contains("`vk`"), "{msg}");
    assert!(msg.contains("\"B\""), "{msg}");
}

// ---- 3. TVM's printed form ---------------------------------------------------

/// test_compute_at_non_perfect_channel_group: 720 channels in two groups of
/// 360 read a bias of 45 (one per 16 channels); group `c_o` starts at bias
/// `c_o * 360 // 16`.
const NON_PERFECT_CHANNEL_GROUP: &str = r#"
@T.prim_func
def grouped_channel_bias(X: T.Buffer((720, 8, 8), "float32"), Y: T.Buffer((720, 8, 8), "float32")):
    B = T.alloc_buffer((45,))
    for i in range(45):
        with T.block("init"):
            vi = T.axis.spatial(45, i)
            T.reads()
            T.writes(B[vi])
            B[vi] = T.Cast("float32", vi)
    for c_o, h, w, c_i in T.grid(2, 8, 8, 360):
        with T.block("compute"):
            hh, ww = T.axis.remap("SS", [h, w])
            cc = T.axis.spatial(720, c_o * 360 + c_i)
            T.reads(X[cc, hh, ww], B[cc // 16])
            T.writes(Y[cc, hh, ww])
            Y[cc, hh, ww] = X[cc, hh, ww] + B[cc // 16]
"#;

#[test]
fn compute_at_writes_a_non_perfect_group_start_as_tvm_simplifies_it() {
    let printed = legal(
        NON_PERFECT_CHANNEL_GROUP,
        "  - {op: get_block, name: compute, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3, l4]}\n  - {op: get_block, name: init, out: b5}\n  - {op: compute_at, block: b5, loop: l1}\n",
        &[&[]],
    );
    // TVM: `c_o * 45 // 2` is `c_o * 22` over c_o in [0, 2).
    assert!(printed.contains("for ax0 in range(23):"), "{printed}");
    assert!(
        printed.contains("vi = T.axis.spatial(45, c_o * 22 + ax0)"),
        "{printed}"
    );
}

/// The coefficient split keeps the division where the reduced quotient is
/// not one constant: `c * 45 // 2` over c in [0, 4) stays as it is.
#[test]
fn a_division_whose_reduced_quotient_varies_is_kept() {
    use tirtui::arith::{simplify_with, VarRanges};
    use tirtui::ir::{Expr, Range, VarId};
    let c = Expr::Var(VarId(0));
    let e = Expr::floordiv(Expr::mul(c.clone(), Expr::int(45)), Expr::int(2));
    let mut ranges = VarRanges::new();
    ranges.insert(VarId(0), Range::from_extent(Expr::int(2)));
    let expected = Expr::mul(c.clone(), Expr::int(22));
    assert_eq!(simplify_with(&e, &ranges), expected);
    ranges.insert(VarId(0), Range::from_extent(Expr::int(4)));
    assert_ne!(simplify_with(&e, &ranges), expected);
    // Exact for every value of c in range: the oracle is integer arithmetic.
    for v in 0..4 {
        let got = simplify_with(&e, &ranges);
        let mut at = got.clone();
        at.substitute(&|x| (x == VarId(0)).then(|| Expr::int(v)));
        assert_eq!(tirtui::arith::simplify(&at).as_int(), Some(v * 45 / 2));
    }
}
