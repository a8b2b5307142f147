//! Residues of index forms modulo constants (is an access aligned to the
//! vector width?) and the split of an index into `base + stride * lane` over
//! the lanes of a vectorized loop.
//!
//! TVM: src/arith/modular_set.cc; the Ramp detection of
//! src/tir/transforms/vectorize_loop.cc.
//! Invariant: knows only `ir`; checked arithmetic, and "unknown" (`(1, 0)`,
//! `None`) wherever a step overflows or cannot be proved.

use super::affine::{Affine, TypeCtx};
use super::bound::VarRanges;
use super::simplify::simplify_typed;
use crate::ir::{BinOp, Expr, VarId};

/// `(g, r)`: every value of `f` is `r` modulo `g` (`g == 0`: exactly `r`;
/// `(1, 0)` says nothing).
pub fn modular(ctx: TypeCtx, f: &Affine) -> (i64, i64) {
    residue(ctx, f).unwrap_or((1, 0))
}

fn residue(ctx: TypeCtx, f: &Affine) -> Option<(i64, i64)> {
    let mut g = 0i64;
    let mut rem = f.constant;
    for (a, k) in &f.terms {
        let (ga, ra) = atom_residue(ctx, a);
        g = gcd(g, ga.checked_mul(*k)?)?;
        rem = rem.checked_add(ra.checked_mul(*k)?)?;
    }
    Some(if g == 0 {
        (0, rem)
    } else {
        (g, rem.rem_euclid(g))
    })
}

fn atom_residue(ctx: TypeCtx, a: &Expr) -> (i64, i64) {
    let inner = |x: &Expr| ctx.to_affine(x).map_or((1, 0), |f| modular(ctx, &f));
    match a {
        // x = gx*t + rx, so x mod c = rx modulo gcd(gx, c).
        Expr::Binary(BinOp::FloorMod, x, c) => match c.as_int() {
            Some(c) if c > 0 => {
                let (gx, rx) = inner(x);
                let d = gcd(gx, c).unwrap_or(1);
                (d, rx.rem_euclid(d.max(1)))
            }
            _ => (1, 0),
        },
        // When c divides gx, floordiv(gx*t + rx, c) = (gx/c)*t + floordiv(rx, c).
        Expr::Binary(BinOp::FloorDiv, x, c) => match c.as_int() {
            Some(c) if c > 0 => {
                let (gx, rx) = inner(x);
                if gx % c == 0 {
                    (gx / c, rx.div_euclid(c))
                } else {
                    (1, 0)
                }
            }
            _ => (1, 0),
        },
        _ => (1, 0),
    }
}

/// Splits `f` as `base + stride * lane` for `lane` in `0..lanes`, when that
/// holds exactly (floor division/modulo by constants included); `None` otherwise.
/// `ranges` must hold the lane's range `[0, lanes)`.
pub fn lane_split(
    ctx: TypeCtx,
    f: &Affine,
    lane: VarId,
    lanes: i64,
    ranges: &VarRanges,
) -> Option<(Affine, i64)> {
    let mut base = Affine::constant(f.constant);
    let mut stride = 0i64;
    for (a, k) in &f.terms {
        if !a.uses_var(lane) {
            base.add_term(a.clone(), *k)?;
            continue;
        }
        match a {
            Expr::Var(v) if *v == lane => stride = stride.checked_add(*k)?,
            Expr::Binary(op @ (BinOp::FloorDiv | BinOp::FloorMod), x, c) => {
                let c = c.as_int().filter(|c| *c > 0)?;
                let (bx, sx) = lane_split(ctx, &ctx.to_affine(x)?, lane, lanes, ranges)?;
                if sx < 0 {
                    return None;
                }
                // All lanes stay in one period of `c`: the largest residue of
                // `bx` modulo `c` plus the last lane's offset must stay below `c`.
                let (g, rx) = modular(ctx, &bx);
                let span = sx.checked_mul(lanes - 1)?;
                let fits = if g == 0 {
                    rx.rem_euclid(c).checked_add(span).is_some_and(|x| x < c)
                } else {
                    let d = gcd(g, c)?;
                    rx.rem_euclid(d).checked_add(span).is_some_and(|x| x < d)
                };
                if !fits {
                    return None;
                }
                let dtype = ctx.index_dtype(x);
                let part = Expr::binary(*op, bx.to_expr_typed(dtype), Expr::Int(c, dtype));
                let part = ctx.to_affine(&simplify_typed(ctx, &part, ranges))?;
                base = base.add(&part.scale(*k)?)?;
                if *op == BinOp::FloorMod {
                    stride = stride.checked_add(k.checked_mul(sx)?)?;
                }
            }
            _ => return None,
        }
    }
    Some((base, stride))
}

/// Greatest common divisor (non-negative); `None` only for `i64::MIN` alone.
pub(crate) fn gcd(a: i64, b: i64) -> Option<i64> {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).ok()
}

#[cfg(test)]
#[path = "modular_tests.rs"]
mod tests;
