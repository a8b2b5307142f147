//! Tests of `modular`, `lane_split`, `narrow` and the recombination of split
//! indices: each result holds for every assignment of the variables in range.
//! (Moved here with the rules from lowering's own index engine.)

use proptest::prelude::*;

use super::*;
use crate::arith::bound::{const_interval, const_range};
use crate::arith::narrow::narrow;
use crate::arith::simplify::simplify_with;
use crate::arith::testutil::*;
use crate::ir::{BinOp, Range};

fn simplified(e: &Expr, r: &VarRanges) -> Affine {
    let ctx = TypeCtx::default();
    ctx.to_affine(&simplify_typed(ctx, e, r))
        .expect("an integer index")
}

fn fixed_ranges(rs: &[(i64, i64)]) -> VarRanges {
    to_var_ranges(rs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn residues_hold(e in arb_expr(), rs in arb_ranges(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        let r = fixed_ranges(&rs);
        let f = simplified(&e, &r);
        let (g, m) = modular(TypeCtx::default(), &f);
        for env in samples(&rs, &seeds) {
            if let Some(x) = eval(&f.to_expr(), &env) {
                if g == 0 {
                    prop_assert_eq!(x, m, "{:?}", f);
                } else {
                    prop_assert_eq!(x.rem_euclid(g), m, "{:?}", f);
                }
            }
        }
    }

    #[test]
    fn lane_split_is_exact(e in arb_expr(), rs in arb_ranges(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        // Variable 0 is the lane: four lanes from 0.
        let mut rs = rs;
        rs[0] = (0, 4);
        let r = fixed_ranges(&rs);
        let f = simplified(&e, &r);
        if let Some((base, stride)) = lane_split(TypeCtx::default(), &f, VarId(0), 4, &r) {
            prop_assert!(!base.uses_var(VarId(0)));
            for env in samples(&rs, &seeds) {
                if let (Some(b), Some(want)) = (eval(&base.to_expr(), &env), eval(&e, &env)) {
                    prop_assert_eq!(b + stride * env[&VarId(0)], want, "{:?}: base {:?} stride {}", e, base.to_expr(), stride);
                }
            }
        }
    }

    #[test]
    fn narrowed_ranges_keep_every_satisfying_point(a in arb_expr(), b in arb_expr(), rs in arb_ranges(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        let cond = Expr::binary(BinOp::Lt, a.clone(), b.clone());
        let n = narrow(TypeCtx::default(), &cond, &fixed_ranges(&rs));
        for env in samples(&rs, &seeds) {
            if eval(&cond, &env) == Some(1) {
                for (v, r) in &n {
                    let (lo, hi) = const_interval(r).expect("constant");
                    let x = env[v];
                    prop_assert!(lo <= x && x <= hi, "{cond:?}: {v:?}={x} outside {lo}..{hi}");
                }
            }
        }
    }
}

#[test]
fn fused_split_index_recombines() {
    // (f // 16) * 16 + f % 16 == f for f = v1 * 4 + v0
    let f = Expr::add(Expr::mul(v(1), c(4)), v(0));
    let e = Expr::add(
        Expr::mul(Expr::floordiv(f.clone(), c(16)), c(16)),
        Expr::floormod(f.clone(), c(16)),
    );
    assert_eq!(simplify_with(&e, &VarRanges::new()), f);
    // Scaled by 3 as well, with other terms around.
    let e3 = Expr::add(
        Expr::add(v(2), Expr::mul(Expr::floormod(f.clone(), c(16)), c(3))),
        Expr::mul(Expr::floordiv(f.clone(), c(16)), c(48)),
    );
    let want = Expr::add(
        Expr::add(v(2), Expr::mul(v(1), c(12))),
        Expr::mul(v(0), c(3)),
    );
    assert_eq!(simplify_with(&e3, &VarRanges::new()), want);
}

#[test]
fn lane_split_sees_through_floor_division() {
    // (v3 * 4 + lane) % 16 and // 16 with lane in 0..4: contiguous, stride 1 and 0.
    let ctx = TypeCtx::default();
    let mut r = VarRanges::new();
    r.insert(VarId(0), Range::from_extent(c(4)));
    r.insert(VarId(3), const_range(0, 31));
    let x = Expr::add(Expr::mul(v(3), c(4)), v(0));
    let m = simplified(&Expr::floormod(x.clone(), c(16)), &r);
    assert_eq!(
        lane_split(ctx, &m, VarId(0), 4, &r).map(|(_, s)| s),
        Some(1)
    );
    let d = simplified(&Expr::floordiv(x, c(16)), &r);
    assert_eq!(
        lane_split(ctx, &d, VarId(0), 4, &r).map(|(_, s)| s),
        Some(0)
    );
    // v3 * 2 + lane crosses a period of 16 for some v3: not contiguous.
    let y = Expr::floormod(Expr::add(Expr::mul(v(3), c(2)), v(0)), c(16));
    assert_eq!(lane_split(ctx, &simplified(&y, &r), VarId(0), 4, &r), None);
}

#[test]
fn residues_of_split_indices() {
    let ctx = TypeCtx::default();
    // v0 * 8 + 4: 4 modulo 8.
    let f = simplified(&Expr::add(Expr::mul(v(0), c(8)), c(4)), &VarRanges::new());
    assert_eq!(modular(ctx, &f), (8, 4));
    // floordiv(v0 * 32, 4) * 2 = v0 * 16: 0 modulo 16.
    let d = Affine {
        terms: vec![(Expr::floordiv(Expr::mul(v(0), c(32)), c(4)), 2)],
        constant: 0,
    };
    assert_eq!(modular(ctx, &d), (16, 0));
    // Overflowing coefficients say nothing instead of a wrong residue.
    let big = Affine {
        terms: vec![(
            Expr::floordiv(Expr::mul(v(0), c(i64::MAX - 1)), c(1)),
            i64::MAX,
        )],
        constant: 0,
    };
    assert_eq!(modular(ctx, &big), (1, 0));
}
