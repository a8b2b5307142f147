//! Soundness of the index arithmetic: every rewrite keeps the value of the
//! expression for every assignment of the variables inside their ranges.

use super::index::*;
use crate::ir::{BinOp, DataType, Expr, VarDecl, VarId};
use proptest::prelude::*;

const N_VARS: u32 = 4;
const EXTENTS: [i64; 4] = [4, 16, 3, 32];

fn eval(e: &Expr, env: &[i64]) -> i64 {
    match e {
        Expr::Int(v, _) => *v,
        Expr::Var(v) => env[v.0 as usize],
        Expr::Binary(op, a, b) => {
            let (a, b) = (eval(a, env), eval(b, env));
            match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::FloorDiv => a.div_euclid(b),
                BinOp::FloorMod => a.rem_euclid(b),
                BinOp::Min => a.min(b),
                BinOp::Max => a.max(b),
                BinOp::Lt => (a < b) as i64,
                BinOp::Eq => (a == b) as i64,
                other => panic!("unexpected {other:?}"),
            }
        }
        other => panic!("unexpected {other:?}"),
    }
}

fn arb_expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        (0..N_VARS).prop_map(|v| Expr::Var(VarId(v))),
        (-20i64..40).prop_map(Expr::int),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::add(a, b)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::sub(a, b)),
            (inner.clone(), -6i64..9).prop_map(|(a, c)| Expr::mul(a, Expr::int(c))),
            (inner.clone(), 1i64..33).prop_map(|(a, c)| Expr::floordiv(a, Expr::int(c))),
            (inner.clone(), 1i64..33).prop_map(|(a, c)| Expr::floormod(a, Expr::int(c))),
            (inner.clone(), inner).prop_map(|(a, b)| Expr::binary(BinOp::Min, a, b)),
        ]
    })
}

fn ranges() -> Ranges {
    (0..N_VARS)
        .map(|v| (VarId(v), (0, EXTENTS[v as usize] - 1)))
        .collect()
}

fn envs() -> impl Strategy<Value = Vec<i64>> {
    (0..EXTENTS[0], 0..EXTENTS[1], 0..EXTENTS[2], 0..EXTENTS[3])
        .prop_map(|(a, b, c, d)| vec![a, b, c, d])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn linear_form_keeps_the_value(e in arb_expr(), env in envs()) {
        let l = linear(&e, &ranges());
        prop_assert_eq!(eval(&l.to_expr(), &env), eval(&e, &env), "{:?} -> {:?}", e, l.to_expr());
    }

    #[test]
    fn bounds_contain_the_value(e in arb_expr(), env in envs()) {
        let (lo, hi) = expr_bounds(&e, &ranges());
        let v = eval(&e, &env);
        prop_assert!(lo.is_none_or(|lo| lo <= v) && hi.is_none_or(|hi| v <= hi), "{e:?}: {v} not in {lo:?}..{hi:?}");
    }

    #[test]
    fn lane_split_is_exact(e in arb_expr(), env in envs()) {
        // Variable 0 is the lane (extent 4).
        let r = ranges();
        if let Some((base, stride)) = lane_split(&linear(&e, &r), VarId(0), 4, &r) {
            let b = eval(&base.to_expr(), &env);
            prop_assert_eq!(b + stride * env[0], eval(&e, &env), "{:?}: base {:?} stride {}", e, base.to_expr(), stride);
        }
    }

    #[test]
    fn relax_bounds_the_relaxed_variables(e in arb_expr(), env in envs()) {
        // Relax variables 2 and 3; 0 and 1 stay fixed at their values in `env`.
        let r = ranges();
        let relaxed: Ranges = [(VarId(2), (0, 2)), (VarId(3), (0, 31))].into_iter().collect();
        if let Some((lo, hi)) = relax(&linear(&e, &r), &relaxed, &r) {
            let v = eval(&e, &env);
            prop_assert!(eval(&lo.to_expr(), &env) <= v && v <= eval(&hi.to_expr(), &env));
        }
    }

    #[test]
    fn narrowed_ranges_keep_every_satisfying_point(a in arb_expr(), b in arb_expr(), env in envs()) {
        let cond = Expr::binary(BinOp::Lt, a.clone(), b.clone());
        if eval(&a, &env) < eval(&b, &env) {
            for (v, (lo, hi)) in narrow(&cond, &ranges()) {
                let x = env[v.0 as usize];
                prop_assert!(lo <= x && x <= hi, "{cond:?}: {v:?}={x} outside {lo}..{hi}");
            }
        }
    }
}

fn simplifier() -> (Vec<VarDecl>, Ranges) {
    let vars = (0..N_VARS)
        .map(|i| VarDecl {
            name: format!("v{i}"),
            dtype: DataType::I32,
        })
        .collect();
    (vars, ranges())
}

fn v(i: u32) -> Expr {
    Expr::Var(VarId(i))
}

#[test]
fn fused_split_index_recombines() {
    // (f // 16) * 16 + f % 16 == f for f = v1 * 4 + v0
    let f = Expr::add(Expr::mul(v(1), Expr::int(4)), v(0));
    let e = Expr::add(
        Expr::mul(Expr::floordiv(f.clone(), Expr::int(16)), Expr::int(16)),
        Expr::floormod(f, Expr::int(16)),
    );
    let (vars, ranges) = simplifier();
    let s = Simplifier {
        vars: &vars,
        buffers: &[],
        ranges,
    };
    assert_eq!(
        s.simplify(&e),
        Expr::add(Expr::mul(v(1), Expr::int(4)), v(0))
    );
}

#[test]
fn provable_conditions_fold() {
    let (vars, ranges) = simplifier();
    let s = Simplifier {
        vars: &vars,
        buffers: &[],
        ranges,
    };
    // v0 < 4 always holds (v0 in 0..4); v1 < 8 does not.
    assert_eq!(s.simplify(&Expr::lt(v(0), Expr::int(4))), Expr::bool(true));
    assert_eq!(
        s.simplify(&Expr::lt(v(1), Expr::int(8))),
        Expr::lt(v(1), Expr::int(8))
    );
}

#[test]
fn lane_split_sees_through_floor_division() {
    // (v3 * 4 + lane) % 16 and // 16 with lane in 0..4: contiguous, stride 1 and 0.
    let r = ranges();
    let x = Expr::add(Expr::mul(v(3), Expr::int(4)), v(0));
    let m = linear(&Expr::floormod(x.clone(), Expr::int(16)), &r);
    assert_eq!(lane_split(&m, VarId(0), 4, &r).map(|(_, s)| s), Some(1));
    let d = linear(&Expr::floordiv(x, Expr::int(16)), &r);
    assert_eq!(lane_split(&d, VarId(0), 4, &r).map(|(_, s)| s), Some(0));
    // v3 * 2 + lane crosses a period of 16 for some v3: not contiguous.
    let y = Expr::floormod(
        Expr::add(Expr::mul(v(3), Expr::int(2)), v(0)),
        Expr::int(16),
    );
    assert_eq!(lane_split(&linear(&y, &r), VarId(0), 4, &r), None);
}
