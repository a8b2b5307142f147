//! Test support for `arith`: a tiny integer evaluator (the oracle that
//! simplification keeps values) and proptest generators of index expressions.
//!
//! Invariant: compiled for tests only.

use std::collections::HashMap;

use proptest::prelude::*;

use super::affine::{floor_div, floor_mod};
use crate::ir::{BinOp, DataType, Expr, Intrinsic, Range, VarId};

pub fn v(i: u32) -> Expr {
    Expr::Var(VarId(i))
}

pub fn c(x: i64) -> Expr {
    Expr::int(x)
}

/// Evaluates an integer/boolean expression (booleans as 0/1); `None` on division by
/// zero, overflow, unbound variables or non-integer nodes.
pub fn eval(e: &Expr, env: &HashMap<VarId, i64>) -> Option<i64> {
    Some(match e {
        Expr::Int(x, _) => *x,
        Expr::Var(x) => *env.get(x)?,
        Expr::Binary(op, a, b) => {
            let (x, y) = (eval(a, env)?, eval(b, env)?);
            match op {
                BinOp::Add => x.checked_add(y)?,
                BinOp::Sub => x.checked_sub(y)?,
                BinOp::Mul => x.checked_mul(y)?,
                BinOp::Div => x.checked_div(y)?,
                BinOp::Mod => x.checked_rem(y)?,
                BinOp::FloorDiv => floor_div(x, y)?,
                BinOp::FloorMod => floor_mod(x, y)?,
                BinOp::Min => x.min(y),
                BinOp::Max => x.max(y),
                BinOp::Eq => (x == y) as i64,
                BinOp::Ne => (x != y) as i64,
                BinOp::Lt => (x < y) as i64,
                BinOp::Le => (x <= y) as i64,
                BinOp::Gt => (x > y) as i64,
                BinOp::Ge => (x >= y) as i64,
                BinOp::And => (x != 0 && y != 0) as i64,
                BinOp::Or => (x != 0 || y != 0) as i64,
            }
        }
        Expr::Not(a) => (eval(a, env)? == 0) as i64,
        Expr::Select(cond, a, b) => {
            let (cv, av, bv) = (eval(cond, env)?, eval(a, env)?, eval(b, env)?);
            if cv != 0 {
                av
            } else {
                bv
            }
        }
        Expr::Cast(DataType::Bool, a) => (eval(a, env)? != 0) as i64,
        Expr::Cast(t, a) if t.is_int() => eval(a, env)?,
        Expr::Call(Intrinsic::IfThenElse, args) if args.len() == 3 => {
            if eval(&args[0], env)? != 0 {
                eval(&args[1], env)?
            } else {
                eval(&args[2], env)?
            }
        }
        _ => return None,
    })
}

pub const N_VARS: u32 = 4;

/// Random integer index expressions over `v0..v3`, with the operators schedules produce.
pub fn arb_expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        3 => (0..N_VARS).prop_map(v),
        2 => (-20i64..40).prop_map(c),
    ];
    leaf.prop_recursive(5, 48, 2, |inner| {
        let divisor = prop_oneof![4 => 1i64..17, 1 => -5i64..1];
        prop_oneof![
            4 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::add(a, b)),
            2 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::sub(a, b)),
            3 => (inner.clone(), -6i64..17).prop_map(|(a, k)| Expr::mul(a, c(k))),
            1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::mul(a, b)),
            2 => (inner.clone(), divisor.clone()).prop_map(|(a, k)| Expr::floordiv(a, c(k))),
            2 => (inner.clone(), divisor.clone()).prop_map(|(a, k)| Expr::floormod(a, c(k))),
            1 => (inner.clone(), divisor.clone())
                .prop_map(|(a, k)| Expr::binary(BinOp::Div, a, c(k))),
            1 => (inner.clone(), divisor).prop_map(|(a, k)| Expr::binary(BinOp::Mod, a, c(k))),
            1 => (inner.clone(), inner.clone(), prop::bool::ANY).prop_map(|(a, b, mn)| {
                Expr::binary(if mn { BinOp::Min } else { BinOp::Max }, a, b)
            }),
            1 => (inner.clone(), inner.clone(), inner.clone(), inner).prop_map(|(x, y, a, b)| {
                Expr::Select(Box::new(Expr::lt(x, y)), Box::new(a), Box::new(b))
            }),
        ]
    })
}

/// Int32 linear sums over `v0..v3`: the shapes the fast paths take, with
/// cancellations, negative scales and numbers near the int32 edge (where the
/// general path keeps nodes unfolded and the fast paths must step aside).
pub fn arb_linear() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        4 => (0..N_VARS).prop_map(v),
        2 => (-20i64..40).prop_map(c),
        1 => prop_oneof![Just(i32::MAX as i64), Just(i32::MIN as i64), Just(1 << 20)].prop_map(c),
    ];
    leaf.prop_recursive(6, 64, 2, |inner| {
        prop_oneof![
            4 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::add(a, b)),
            3 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::sub(a, b)),
            3 => (inner.clone(), -6i64..17, prop::bool::ANY).prop_map(|(a, k, left)| {
                if left { Expr::mul(c(k), a) } else { Expr::mul(a, c(k)) }
            }),
            1 => (inner.clone(), prop_oneof![Just(1i64 << 16), Just(-(1i64 << 17))])
                .prop_map(|(a, k)| Expr::mul(a, c(k))),
            1 => (inner.clone(), inner).prop_map(|(a, b)| Expr::mul(a, b)),
        ]
    })
}

/// Random boolean conditions over index expressions.
pub fn arb_cond() -> impl Strategy<Value = Expr> {
    let cmp = prop_oneof![
        Just(BinOp::Lt),
        Just(BinOp::Le),
        Just(BinOp::Gt),
        Just(BinOp::Ge),
        Just(BinOp::Eq),
        Just(BinOp::Ne),
    ];
    (arb_expr(), arb_expr(), cmp).prop_map(|(a, b, op)| Expr::binary(op, a, b))
}

/// Constant ranges `[min, min + extent)` for every variable.
pub fn arb_ranges() -> impl Strategy<Value = Vec<(i64, i64)>> {
    prop::collection::vec((-4i64..8, 1i64..24), N_VARS as usize)
}

pub fn to_var_ranges(rs: &[(i64, i64)]) -> super::bound::VarRanges {
    rs.iter()
        .enumerate()
        .map(|(i, (m, e))| (VarId(i as u32), Range::new(c(*m), c(*e))))
        .collect()
}

/// Assignments inside the ranges: every corner-ish value plus `seeds` mixed in.
pub fn samples(rs: &[(i64, i64)], seeds: &[u64]) -> Vec<HashMap<VarId, i64>> {
    seeds
        .iter()
        .map(|s| {
            rs.iter()
                .enumerate()
                .map(|(i, (m, e))| {
                    let pick = (s >> (i * 8)) as i64 & 0xff;
                    // Bias towards the ends of the range, where bugs live.
                    let off = match pick % 4 {
                        0 => 0,
                        1 => e - 1,
                        _ => pick % e,
                    };
                    (VarId(i as u32), m + off)
                })
                .collect()
        })
        .collect()
}
