//! Tests of `const_bounds`, `relax` and `can_prove`, including property tests
//! that every sampled value lies inside the computed bounds.

use proptest::prelude::*;

use super::*;
use crate::arith::testutil::*;
use crate::ir::{BinOp, BufferId, Expr, Range, VarId};

fn ranges(rs: &[(u32, i64, i64)]) -> VarRanges {
    rs.iter()
        .map(|(x, m, e)| (VarId(*x), Range::new(c(*m), c(*e))))
        .collect()
}

fn add(a: Expr, b: Expr) -> Expr {
    Expr::add(a, b)
}
fn mul(a: Expr, b: Expr) -> Expr {
    Expr::mul(a, b)
}

#[test]
fn constant_bounds() {
    let rs = ranges(&[(0, 0, 64), (1, 0, 16)]);
    assert_eq!(
        const_bounds(&add(mul(v(0), c(16)), v(1)), &rs),
        Some((0, 1023))
    );
    // v2 has no range but cancels.
    let e = Expr::sub(add(mul(v(2), c(16)), v(1)), mul(v(2), c(16)));
    assert_eq!(const_bounds(&e, &rs), Some((0, 15)));
    assert_eq!(const_bounds(&v(2), &rs), None);
    assert_eq!(
        const_bounds(&Expr::floormod(v(2), c(16)), &rs),
        Some((0, 15))
    );
    assert_eq!(
        const_bounds(&Expr::floordiv(v(0), c(4)), &rs),
        Some((0, 15))
    );
    assert_eq!(const_bounds(&mul(v(0), c(-2)), &rs), Some((-126, 0)));
    assert_eq!(const_bounds(&mul(v(0), v(1)), &rs), Some((0, 63 * 15)));
    assert_eq!(
        const_bounds(&Expr::binary(BinOp::Min, v(0), c(10)), &rs),
        Some((0, 10))
    );
    assert_eq!(
        const_bounds(&Expr::Load(BufferId(0), vec![v(0)]), &rs),
        None
    );
    assert_eq!(const_bounds(&c(7), &VarRanges::new()), Some((7, 7)));
}

#[test]
fn empty_range_is_unbounded() {
    let rs = ranges(&[(0, 0, 0)]);
    assert_eq!(const_bounds(&v(0), &rs), None);
}

#[test]
fn proofs() {
    let rs = ranges(&[(0, 0, 64), (1, 0, 16)]);
    assert!(can_prove(
        &Expr::lt(add(mul(v(0), c(16)), v(1)), c(1024)),
        &rs
    ));
    assert!(!can_prove(
        &Expr::lt(add(mul(v(0), c(16)), v(1)), c(1000)),
        &rs
    ));
    assert!(can_prove(
        &Expr::and(Expr::lt(v(1), c(16)), Expr::binary(BinOp::Ge, v(0), c(0))),
        &rs
    ));
    assert!(!can_prove(&Expr::lt(v(5), c(3)), &rs));
    assert!(!can_prove(&v(0), &rs));
}

#[test]
fn relax_affine_is_exact() {
    let rs = ranges(&[(1, 0, 16), (2, 0, 4)]);
    // vi*16 + ii over ii in [0, 16): [vi*16, vi*16 + 16).
    let r = relax(&add(mul(v(0), c(16)), v(1)), &[VarId(1)], &rs).unwrap();
    assert_eq!(r, Range::new(mul(v(0), c(16)), c(16)));
    // vi - k over k in [0, 4): [vi - 3, vi + 1).
    let r = relax(&Expr::sub(v(0), v(2)), &[VarId(2)], &rs).unwrap();
    assert_eq!(r, Range::new(Expr::sub(v(0), c(3)), c(4)));
    // Two relaxed vars: ii*4 + k covers [0, 64).
    let r = relax(&add(mul(v(1), c(4)), v(2)), &[VarId(1), VarId(2)], &rs).unwrap();
    assert_eq!(r, Range::new(c(0), c(64)));
    // Nothing relaxed: a point.
    let r = relax(&add(v(0), c(1)), &[], &rs).unwrap();
    assert_eq!(r, Range::point(add(v(0), c(1))));
}

#[test]
fn relax_divisions() {
    let rs = ranges(&[(1, 0, 16), (2, 0, 64), (3, 0, 8)]);
    let e = Expr::floordiv(add(mul(v(0), c(16)), v(1)), c(4));
    let r = relax(&e, &[VarId(1)], &rs).unwrap();
    assert_eq!(r, Range::new(mul(v(0), c(4)), c(4)));
    let r = relax(&Expr::floormod(v(2), c(16)), &[VarId(2)], &rs).unwrap();
    assert_eq!(r, Range::new(c(0), c(16)));
    let r = relax(&Expr::floormod(v(3), c(16)), &[VarId(3)], &rs).unwrap();
    assert_eq!(r, Range::new(c(0), c(8)));
    // Inside one period: (vi*16 + ii) % 16 covers [0, 16).
    let e = Expr::floormod(add(mul(v(0), c(16)), v(1)), c(16));
    let r = relax(&e, &[VarId(1)], &rs).unwrap();
    assert_eq!(r, Range::new(c(0), c(16)));
}

#[test]
fn relax_symbolic_extent_and_missing_range() {
    // k in [0, n): k + 1 covers [1, n + 1).
    let mut rs = VarRanges::new();
    rs.insert(VarId(1), Range::new(c(0), v(9)));
    let r = relax(&add(v(1), c(1)), &[VarId(1)], &rs).unwrap();
    assert_eq!(r, Range::new(c(1), v(9)));
    assert_eq!(relax(&v(4), &[VarId(4)], &rs), None);
    // A load indexed by a relaxed var cannot be bounded.
    let ld = Expr::Load(BufferId(0), vec![v(1)]);
    assert_eq!(relax(&ld, &[VarId(1)], &rs), None);
}

/// Evaluates `min` and `extent` and checks `val` lies in `[min, min + extent)`.
fn covers(r: &Range, val: i64, env: &std::collections::HashMap<VarId, i64>) -> bool {
    match (eval(&r.min, env), eval(&r.extent, env)) {
        (Some(m), Some(e)) => m <= val && val < m + e,
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn const_bounds_contain_values(e in arb_expr(), rs in arb_ranges(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        if let Some((lo, hi)) = const_bounds(&e, &to_var_ranges(&rs)) {
            for env in samples(&rs, &seeds) {
                if let Some(val) = eval(&e, &env) {
                    prop_assert!(lo <= val && val <= hi, "{:?} = {} not in [{}, {}] at {:?}", e, val, lo, hi, env);
                }
            }
        }
    }

    #[test]
    fn relax_contains_values(e in arb_expr(), rs in arb_ranges(), mask in 0u32..16, seeds in prop::collection::vec(any::<u64>(), 8)) {
        let relaxed: Vec<VarId> = (0..N_VARS).filter(|i| mask & (1 << i) != 0).map(VarId).collect();
        let vr = to_var_ranges(&rs);
        if let Some(r) = relax(&e, &relaxed, &vr) {
            for x in &relaxed {
                prop_assert!(!r.min.uses_var(*x) && !r.extent.uses_var(*x), "{:?} -> {:?}", e, r);
            }
            for env in samples(&rs, &seeds) {
                if let Some(val) = eval(&e, &env) {
                    prop_assert!(covers(&r, val, &env), "{:?} = {} not in {:?} at {:?}", e, val, r, env);
                }
            }
        }
    }
}

// `VarRanges` lets literal bounds go without dropping them: symbolic ones
// are still dropped, and the entries still come back out whole.
#[test]
fn ranges_with_symbolic_bounds_drop_and_iterate_whole() {
    let v = |i| Expr::Var(VarId(i));
    let mut rs = ranges(&[(0, 0, 16)]);
    rs.insert(VarId(1), Range::new(mul(v(0), c(4)), add(v(0), c(1))));
    let copy = rs.clone();
    drop(rs);
    let mut back: Vec<(VarId, Range)> = copy.into_iter().collect();
    back.sort_by_key(|(x, _)| *x);
    assert_eq!(back[0].1, Range::new(c(0), c(16)));
    assert_eq!(back[1].1, Range::new(mul(v(0), c(4)), add(v(0), c(1))));
}
