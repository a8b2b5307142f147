//! Tests of `simplify` / `simplify_with`: one-line cases per rule, and property
//! tests that simplification keeps the value of random index expressions.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;
use crate::arith::bound::VarRanges;
use crate::arith::testutil::*;
use crate::ir::{BinOp, BufferId, DataType, Expr, Intrinsic, Range, VarId};

fn ranges(rs: &[(u32, i64, i64)]) -> VarRanges {
    rs.iter()
        .map(|(x, m, e)| (VarId(*x), Range::new(c(*m), c(*e))))
        .collect()
}

fn check(input: Expr, expected: Expr) {
    assert_eq!(simplify(&input), expected, "simplify({input:?})");
}

fn check_with(input: Expr, rs: &VarRanges, expected: Expr) {
    assert_eq!(
        simplify_with(&input, rs),
        expected,
        "simplify_with({input:?})"
    );
}

fn add(a: Expr, b: Expr) -> Expr {
    Expr::add(a, b)
}
fn sub(a: Expr, b: Expr) -> Expr {
    Expr::sub(a, b)
}
fn mul(a: Expr, b: Expr) -> Expr {
    Expr::mul(a, b)
}
fn fdiv(a: Expr, b: Expr) -> Expr {
    Expr::floordiv(a, b)
}
fn fmod(a: Expr, b: Expr) -> Expr {
    Expr::floormod(a, b)
}
fn f32c(x: f64) -> Expr {
    Expr::Float(x, DataType::F32)
}
fn load(x: u32) -> Expr {
    Expr::Load(BufferId(0), vec![v(x)])
}

#[test]
fn affine_canonical_form() {
    check(
        add(add(mul(v(0), c(16)), v(1)), c(0)),
        add(mul(v(0), c(16)), v(1)),
    );
    check(sub(add(mul(v(0), c(2)), c(3)), mul(v(0), c(2))), c(3));
    check(sub(add(mul(v(0), c(16)), v(1)), mul(v(0), c(16))), v(1));
    // Terms in order of first appearance, constant last: by*16 + ty*4 + 2.
    check(
        add(add(c(2), mul(v(0), c(16))), mul(c(4), v(1))),
        add(add(mul(v(0), c(16)), mul(v(1), c(4))), c(2)),
    );
    check(mul(add(v(0), c(1)), c(4)), add(mul(v(0), c(4)), c(4)));
    check(sub(c(16), v(0)), sub(c(16), v(0)));
    check(sub(v(0), v(1)), sub(v(0), v(1)));
}

#[test]
fn identities() {
    check(mul(v(0), c(1)), v(0));
    check(add(v(0), c(0)), v(0));
    check(mul(v(0), c(0)), c(0));
    check(sub(v(0), v(0)), c(0));
    check(fdiv(v(0), c(1)), v(0));
    check(fmod(v(0), c(1)), c(0));
    check(Expr::binary(BinOp::Div, v(0), c(1)), v(0));
    check(Expr::binary(BinOp::Mod, v(0), c(1)), c(0));
    check(Expr::binary(BinOp::Min, v(0), v(0)), v(0));
    check(
        Expr::binary(BinOp::Max, add(v(0), c(1)), v(0)),
        add(v(0), c(1)),
    );
    check(Expr::binary(BinOp::Min, add(v(0), c(1)), v(0)), v(0));
}

#[test]
fn integer_constant_folding_uses_tir_semantics() {
    check(fdiv(c(-7), c(2)), c(-4));
    check(fmod(c(-7), c(2)), c(1));
    check(Expr::binary(BinOp::Div, c(-7), c(2)), c(-3));
    check(Expr::binary(BinOp::Mod, c(-7), c(2)), c(-1));
    check(Expr::binary(BinOp::Min, c(3), c(-2)), c(-2));
    check(Expr::binary(BinOp::Max, c(3), c(-2)), c(3));
    check(Expr::lt(c(1), c(2)), Expr::bool(true));
    check(Expr::binary(BinOp::Ge, c(1), c(2)), Expr::bool(false));
    check(Expr::binary(BinOp::Eq, c(2), c(2)), Expr::bool(true));
}

#[test]
fn division_by_zero_and_overflow_stay_unfolded() {
    check(fdiv(c(5), c(0)), fdiv(c(5), c(0)));
    check(fmod(v(0), c(0)), fmod(v(0), c(0)));
    check(
        Expr::binary(BinOp::Div, c(5), c(0)),
        Expr::binary(BinOp::Div, c(5), c(0)),
    );
    let big = add(c(i32::MAX as i64), c(1));
    check(big.clone(), big);
    let min = Expr::Int(i64::MIN, DataType::I64);
    let neg = Expr::Int(-1, DataType::I64);
    check(fdiv(min.clone(), neg.clone()), fdiv(min, neg));
}

#[test]
fn boolean_folding() {
    let t = Expr::bool(true);
    let f = Expr::bool(false);
    let p = Expr::lt(v(0), v(1));
    check(Expr::Not(Box::new(t.clone())), f.clone());
    check(Expr::and(t.clone(), p.clone()), p.clone());
    check(Expr::and(p.clone(), f.clone()), f.clone());
    check(Expr::binary(BinOp::Or, p.clone(), t.clone()), t.clone());
    check(Expr::binary(BinOp::Or, f.clone(), p.clone()), p.clone());
    check(
        Expr::Not(Box::new(p.clone())),
        Expr::binary(BinOp::Ge, v(0), v(1)),
    );
    check(Expr::Not(Box::new(Expr::Not(Box::new(load(0))))), load(0));
    let sel = |cnd: Expr| Expr::Select(Box::new(cnd), Box::new(v(0)), Box::new(v(1)));
    check(sel(t.clone()), v(0));
    check(sel(f.clone()), v(1));
    check(
        Expr::Select(Box::new(p.clone()), Box::new(v(2)), Box::new(v(2))),
        v(2),
    );
    let ite = |cnd: Expr| Expr::Call(Intrinsic::IfThenElse, vec![cnd, load(0), f32c(0.0)]);
    check(ite(t), load(0));
    check(ite(f), f32c(0.0));
    check(ite(p.clone()), ite(p));
}

#[test]
fn floats_fold_but_never_reassociate() {
    check(add(f32c(1.5), f32c(2.25)), f32c(3.75));
    check(mul(f32c(0.1), f32c(3.0)), f32c((0.1f32 * 3.0f32) as f64));
    check(
        Expr::binary(BinOp::Div, f32c(1.0), f32c(0.0)),
        Expr::binary(BinOp::Div, f32c(1.0), f32c(0.0)),
    );
    let e = add(add(load(0), f32c(1.0)), f32c(2.0));
    check(e.clone(), e);
    // Loads have unknown type here: no cancellation, no `x * 0`.
    let e = sub(load(0), load(0));
    check(e.clone(), e);
    let e = mul(load(0), c(0));
    check(e.clone(), e);
    check(mul(load(0), f32c(1.0)), load(0));
    check(add(load(0), c(0)), load(0));
    check(Expr::Cast(DataType::F32, Box::new(c(3))), f32c(3.0));
    check(Expr::Cast(DataType::I32, Box::new(f32c(-2.7))), c(-2));
    check(
        Expr::Cast(DataType::F16, Box::new(f32c(0.1))),
        Expr::Float(half::f16::from_f64(0.1).to_f64(), DataType::F16),
    );
}

#[test]
fn typed_simplification_knows_float_vars_and_int_loads() {
    let mut f = crate::ir::PrimFunc {
        name: "f".into(),
        params: Vec::new(),
        attrs: Vec::new(),
        vars: Default::default(),
        buffers: Default::default(),
        body: crate::ir::Stmt::Seq(Vec::new()),
        next_loop_id: 0,
        next_block_id: 0,
        param_layouts: Vec::new(),
        unprinted_reads: Vec::new(),
        tensor_intrins: Default::default(),
    };
    let x = f.new_var("x", DataType::F32);
    let idx = f.new_buffer(crate::ir::Buffer::new("idx", vec![c(8)], DataType::I32));
    let empty = VarRanges::new();
    let xx = sub(Expr::Var(x), Expr::Var(x));
    assert_eq!(simplify_in(Some(&f), &xx, &empty), xx);
    let ld = Expr::Load(idx, vec![c(0)]);
    assert_eq!(simplify_in(Some(&f), &sub(ld.clone(), ld), &empty), c(0));
}

#[test]
fn ranges_resolve_floordiv_floormod() {
    let rs = ranges(&[(0, 0, 64), (1, 0, 16)]);
    check_with(fdiv(v(1), c(16)), &rs, c(0));
    check_with(fmod(v(1), c(16)), &rs, v(1));
    let fused = add(mul(v(0), c(16)), v(1));
    check_with(fdiv(fused.clone(), c(16)), &rs, v(0));
    check_with(fmod(fused.clone(), c(16)), &rs, v(1));
    check_with(
        fdiv(fused.clone(), c(4)),
        &rs,
        add(mul(v(0), c(4)), fdiv(v(1), c(4))),
    );
    check_with(Expr::lt(v(0), c(64)), &rs, Expr::bool(true));
    check_with(Expr::lt(fused.clone(), c(1024)), &rs, Expr::bool(true));
    check_with(
        Expr::lt(fused.clone(), c(1000)),
        &rs,
        Expr::lt(fused, c(1000)),
    );
    // Constants move to the constant side.
    let shifted = add(add(mul(v(0), c(16)), v(1)), c(3));
    check(
        Expr::lt(shifted.clone(), c(100)),
        Expr::lt(add(mul(v(0), c(16)), v(1)), c(97)),
    );
    check(
        Expr::binary(BinOp::Le, c(1), add(v(0), c(1))),
        Expr::binary(BinOp::Le, c(0), v(0)),
    );
    // Without ranges the divisible part still comes out.
    check(
        fdiv(add(mul(v(0), c(16)), v(1)), c(16)),
        add(v(0), fdiv(v(1), c(16))),
    );
    check(fmod(add(mul(v(0), c(16)), v(1)), c(16)), fmod(v(1), c(16)));
    // Truncating division on a non-negative dividend is floor division.
    check_with(Expr::binary(BinOp::Div, v(1), c(16)), &rs, c(0));
}

#[test]
fn fuse_then_split_bindings() {
    // f = fo * 32 + fi, fi in [0, 32); i = f // 64, j = f % 64.
    let rs = ranges(&[(0, 0, 128), (1, 0, 32)]);
    let f = add(mul(v(0), c(32)), v(1));
    check_with(fdiv(f.clone(), c(64)), &rs, fdiv(v(0), c(2)));
    check_with(
        fmod(f.clone(), c(64)),
        &rs,
        add(mul(fmod(v(0), c(2)), c(32)), v(1)),
    );
    // Nested divisions merge.
    check(fdiv(fdiv(v(0), c(4)), c(8)), fdiv(v(0), c(32)));
    check_with(fmod(fmod(v(0), c(64)), c(16)), &rs, fmod(v(0), c(16)));
    // Shifted split: (i*4 + j + 4) // 4 with j in [0, 4).
    let rs = ranges(&[(0, 0, 8), (1, 0, 4)]);
    check_with(
        fdiv(add(add(mul(v(0), c(4)), v(1)), c(4)), c(4)),
        &rs,
        add(v(0), c(1)),
    );
}

#[test]
fn symbolic_range_minimum() {
    // v1 in [v0 * 4, v0 * 4 + 4), v0 in [0, 8): v1 < 32 always.
    let mut rs = ranges(&[(0, 0, 8)]);
    rs.insert(VarId(1), Range::new(mul(v(0), c(4)), c(4)));
    check_with(Expr::lt(v(1), c(32)), &rs, Expr::bool(true));
    check_with(Expr::lt(v(1), c(31)), &rs, Expr::lt(v(1), c(31)));
}

#[test]
fn self_referential_range_terminates() {
    let mut rs = VarRanges::new();
    rs.insert(VarId(0), Range::new(v(0), c(4)));
    let e = Expr::lt(v(0), c(10));
    assert_eq!(simplify_with(&e, &rs), e);
}

#[test]
fn deep_expression_simplifies() {
    // Its speed is measured by the replay bench, not with a clock here.
    let mut e = v(0);
    for i in 0..200 {
        e = add(mul(e, c(1)), fdiv(v(i % 4), c(4)));
    }
    let rs = ranges(&[(0, 0, 4), (1, 0, 4), (2, 0, 4), (3, 0, 4)]);
    assert_eq!(simplify_with(&e, &rs), v(0));
}

fn env_ok(e: &Expr, s: &Expr, env: &HashMap<VarId, i64>) -> Result<(), TestCaseError> {
    if let Some(want) = eval(e, env) {
        prop_assert_eq!(
            eval(s, env),
            Some(want),
            "{:?}\n => {:?}\n at {:?}",
            e,
            s,
            env
        );
    }
    Ok(())
}

#[test]
fn three_way_splits_join_back() {
    // x // 3136 * 3136 + x // 56 % 56 * 56 + x % 56 is x (a fused loop over
    // three axes, flattened back to the same row-major buffer).
    let x = add(mul(v(0), c(256)), v(1));
    let three = add(
        add(
            mul(fdiv(x.clone(), c(3136)), c(3136)),
            mul(fmod(fdiv(x.clone(), c(56)), c(56)), c(56)),
        ),
        fmod(x.clone(), c(56)),
    );
    check(three, x.clone());
    // The middle and inner parts alone join into one floormod.
    let two = add(
        mul(fmod(fdiv(x.clone(), c(10)), c(10)), c(10)),
        fmod(x.clone(), c(10)),
    );
    check(two, fmod(x.clone(), c(100)));
    // Coefficients that do not line up stay apart.
    let apart = add(
        mul(fmod(fdiv(x.clone(), c(10)), c(10)), c(20)),
        fmod(x.clone(), c(10)),
    );
    assert_ne!(simplify(&apart), fmod(x, c(100)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn simplify_keeps_values(e in arb_expr(), rs in arb_ranges(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        let s = simplify(&e);
        for env in samples(&rs, &seeds) {
            env_ok(&e, &s, &env)?;
        }
    }

    #[test]
    fn simplify_with_keeps_values(e in arb_expr(), rs in arb_ranges(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        let s = simplify_with(&e, &to_var_ranges(&rs));
        for env in samples(&rs, &seeds) {
            env_ok(&e, &s, &env)?;
        }
    }

    #[test]
    fn simplify_with_keeps_conditions(e in arb_cond(), rs in arb_ranges(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        let s = simplify_with(&e, &to_var_ranges(&rs));
        for env in samples(&rs, &seeds) {
            env_ok(&e, &s, &env)?;
        }
    }

    #[test]
    fn simplify_is_idempotent(e in arb_expr()) {
        let s = simplify(&e);
        prop_assert_eq!(simplify(&s), s);
    }

    #[test]
    fn simplify_with_is_idempotent(e in arb_expr(), rs in arb_ranges()) {
        let vr = to_var_ranges(&rs);
        let s = simplify_with(&e, &vr);
        prop_assert_eq!(simplify_with(&s, &vr), s);
    }

    #[test]
    fn conditions_are_idempotent(e in arb_cond(), rs in arb_ranges()) {
        let vr = to_var_ranges(&rs);
        let s = simplify_with(&e, &vr);
        prop_assert_eq!(simplify_with(&s, &vr), s);
    }
}

/// The simplifier as it was before `+`/`-`/`*` were built bottom-up (issue 13):
/// every operator on simplified children, the affine form of each arithmetic
/// node read again from the whole node (`Simplifier::arith`). The bottom-up
/// path must give exactly the same expressions.
fn reference_simp(s: &Simplifier, e: &Expr) -> Expr {
    let r = |x: &Expr| reference_simp(s, x);
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => e.clone(),
        Expr::Binary(op, a, b) => s.binary(*op, r(a), r(b)),
        Expr::Not(a) => s.not(r(a)),
        Expr::Select(c, a, b) => s.select(r(c), r(a), r(b)),
        Expr::Cast(t, a) => s.cast(*t, r(a)),
        Expr::Load(buf, idx) => Expr::Load(*buf, idx.iter().map(r).collect()),
        Expr::Call(f, args) => s.call(*f, args.iter().map(r).collect()),
        Expr::Opaque(o) => {
            let mut o = o.clone();
            o.args_mut().iter_mut().for_each(|a| *a = r(a));
            Expr::Opaque(o)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn bottom_up_arithmetic_matches_reading_each_node_again(e in arb_expr(), c in arb_cond(), rs in arb_ranges()) {
        let vr = to_var_ranges(&rs);
        let s = Simplifier::new(TypeCtx::default(), &vr);
        for x in [&e, &c] {
            prop_assert_eq!(s.simp(x), reference_simp(&s, x));
            // The form handed to a parent is what reading the result gives,
            // and a part's kind and dtype are those of its expression (a
            // pending part's, without building it).
            let part = s.simp_with_form(x);
            let (is_int, dtype) = (s.part_is_int(&part), s.part_int_dtype(&part));
            let form = part.form.clone();
            let simplified = part.into_expr(&s, x);
            prop_assert_eq!(&simplified, &s.simp(x));
            let ctx = TypeCtx::default();
            prop_assert_eq!(form, ctx.to_affine(&simplified));
            prop_assert_eq!(is_int, ctx.is_int(&simplified));
            prop_assert_eq!(dtype, ctx.int_dtype(&simplified));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn an_operator_on_simplified_operands_is_the_whole_simplified(
        a in arb_expr(),
        b in arb_expr(),
        rs in arb_ranges(),
        pick in 0usize..9,
    ) {
        let vr = to_var_ranges(&rs);
        let op = [
            BinOp::Ge, BinOp::Lt, BinOp::Eq, BinOp::Le, BinOp::FloorDiv,
            BinOp::FloorMod, BinOp::Min, BinOp::Add, BinOp::Mul,
        ][pick];
        let whole = simplify_with(&Expr::binary(op, a.clone(), b.clone()), &vr);
        let (sa, sb) = (simplify_with(&a, &vr), simplify_with(&b, &vr));
        prop_assert_eq!(super::simplify_binary_of_simplified(op, sa, sb, &vr), whole);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn linear_fast_paths_match_the_general_simplifier(e in arb_linear(), rs in arb_ranges()) {
        let vr = to_var_ranges(&rs);
        let s = Simplifier::new(TypeCtx::default(), &vr);
        let reference = reference_simp(&s, &e);
        prop_assert_eq!(s.simp(&e), reference.clone());
        let ctx = TypeCtx::default();
        prop_assert_eq!(
            crate::arith::simplify_kernel(ctx, &e, &vr),
            crate::arith::order::largest_scale_first(ctx, &reference)
        );
    }
}

#[test]
fn linear_fast_paths_are_taken_and_keep_the_general_order() {
    let none = VarRanges::new();
    let s = Simplifier::new(TypeCtx::default(), &none);
    // (0 - v0 + v1 + v2) - v1 * 2: the inner sum is read back `v1 - v0 + v2`
    // before `v1` turns negative, so `v2` leads and `v1` comes before `v0`.
    let inner = add(add(sub(c(0), v(0)), v(1)), v(2));
    let e = sub(inner, mul(v(1), c(2)));
    let want = sub(sub(v(2), v(1)), v(0));
    assert!(s.linear_form(&e).is_some());
    assert_eq!(s.simp(&e), want);
    assert_eq!(reference_simp(&s, &e), want);
    assert!(super::linear_i32_sum(TypeCtx::default(), &e).is_some());
    // A product of two variables or an int64 literal is not linear int32.
    assert!(s.linear_form(&mul(v(0), v(1))).is_none());
    let wide = add(v(0), Expr::Int(1, DataType::I64));
    assert!(s.linear_form(&wide).is_none());
    assert!(super::linear_i32_sum(TypeCtx::default(), &wide).is_none());
}

/// A sum whose subtraction of `v1 + i32::MIN` stays unfolded (2^31 is no
/// int32) and whose whole folds again (the constants cancel to 1): the
/// general path reads the kept node leaf by leaf, `v0` cancelling and coming
/// back after `v2`, and the bottom-up path must order the terms the same.
#[test]
fn a_sum_over_a_node_kept_at_the_int32_edge_orders_terms_as_the_general_path() {
    let (mx, mn) = (c(i32::MAX as i64), c(i32::MIN as i64));
    let e = add(
        sub(add(add(v(1), v(2)), sub(v(0), mx)), v(2)),
        add(sub(sub(v(2), v(0)), v(1)), sub(v(0), add(v(1), mn))),
    );
    let none = VarRanges::new();
    let s = Simplifier::new(TypeCtx::default(), &none);
    let want = add(sub(add(v(2), v(0)), v(1)), c(1));
    assert_eq!(reference_simp(&s, &e), want);
    assert_eq!(s.simp(&e), want);
}

/// A product whose first factor overflows even int64 (no affine form) times
/// a factor that simplifies to 0: the general path folds the whole to 0, and
/// so must the bottom-up path.
#[test]
fn a_product_of_an_overflowing_node_and_zero_is_zero_as_in_the_general_path() {
    let a = mul(add(mul(c(i32::MAX as i64), c(65536)), v(0)), c(-131072));
    let e = mul(a, mul(sub(v(0), v(0)), v(0)));
    let none = VarRanges::new();
    let s = Simplifier::new(TypeCtx::default(), &none);
    assert_eq!(reference_simp(&s, &e), c(0));
    assert_eq!(s.simp(&e), c(0));
}
