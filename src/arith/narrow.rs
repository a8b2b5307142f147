//! Variable ranges narrowed by a condition: inside `if i * 16 + j < 1000`,
//! `i` is at most 62 when `j` is in `[0, 16)`. Buffer compaction uses it for
//! accesses under a `T.where` predicate.
//!
//! TVM: the constraint scopes of `arith::Analyzer` (`ConstraintContext`).
//! Invariant: knows only `ir`; sound (every point satisfying the condition
//! stays inside the narrowed ranges), checked arithmetic.

use super::affine::{Affine, TypeCtx};
use super::bound::{const_range, Bounder, VarRanges};
use super::simplify::simplify_typed;
use crate::ir::{BinOp, Expr, Intrinsic, VarId};

/// Tighter constant ranges for variables inside `if cond`: every conjunct
/// `a < b`, `a <= b`, `a > b`, `a >= b` bounds each variable term by what the
/// other terms leave. Returns only the ranges that changed.
pub fn narrow(ctx: TypeCtx, cond: &Expr, ranges: &VarRanges) -> VarRanges {
    let mut out = ranges.clone();
    let mut changed = VarRanges::new();
    let mut conjuncts = vec![cond];
    while let Some(c) = conjuncts.pop() {
        let (op, a, b) = match c {
            Expr::Binary(BinOp::And, x, y) => {
                conjuncts.push(x);
                conjuncts.push(y);
                continue;
            }
            Expr::Call(Intrinsic::Likely, args) if args.len() == 1 => {
                conjuncts.push(&args[0]);
                continue;
            }
            Expr::Binary(op, a, b) if op.is_comparison() => (*op, a, b),
            _ => continue,
        };
        // Normalised to `l <= 0` (`l + 1 <= 0` for a strict comparison).
        let (lhs, rhs, strict) = match op {
            BinOp::Lt => (a, b, true),
            BinOp::Le => (a, b, false),
            BinOp::Gt => (b, a, true),
            BinOp::Ge => (b, a, false),
            _ => continue,
        };
        let diff = simplify_typed(ctx, &Expr::sub((**lhs).clone(), (**rhs).clone()), &out);
        let Some(l) = ctx
            .to_affine(&diff)
            .and_then(|l| l.add(&Affine::constant(i64::from(strict))))
        else {
            continue;
        };
        for (i, (atom, k)) in l.terms.iter().enumerate() {
            let Expr::Var(v) = atom else { continue };
            if let Some((lo, hi)) = tighter(ctx, &l, i, *v, *k, &out) {
                out.insert(*v, const_range(lo, hi));
                changed.insert(*v, const_range(lo, hi));
            }
        }
    }
    changed
}

/// The range of `v` (the `i`-th term of `l`, coefficient `k`) left by `l <= 0`,
/// when it is tighter than the current one.
fn tighter(
    ctx: TypeCtx,
    l: &Affine,
    i: usize,
    v: VarId,
    k: i64,
    ranges: &VarRanges,
) -> Option<(i64, i64)> {
    let bounder = Bounder::new(ranges, ctx);
    let (lo, hi) = bounder.bounds(&Expr::Var(v))?;
    let mut rest = l.clone();
    rest.terms.remove(i);
    // k*v + rest <= 0  =>  k*v <= -min(rest)
    let limit = bounder.affine(&rest, 0)?.0.checked_neg()?;
    let (nlo, nhi) = if k > 0 {
        (lo, hi.min(limit.div_euclid(k)))
    } else {
        // -|k| v <= limit  =>  v >= ceil(-limit / |k|)
        let m = k.checked_neg()?;
        let num = limit.checked_neg()?.checked_add(m - 1)?;
        (lo.max(num.div_euclid(m)), hi)
    };
    ((nlo, nhi) != (lo, hi) && nlo <= nhi).then_some((nlo, nhi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::testutil::{c, v};
    use crate::ir::Range;

    #[test]
    fn a_guard_bounds_the_outer_variable() {
        // v0 * 16 + v1 < 1000 with v0 in [0, 64), v1 in [0, 16): v0 <= 62.
        let mut r = VarRanges::new();
        r.insert(VarId(0), Range::from_extent(c(64)));
        r.insert(VarId(1), Range::from_extent(c(16)));
        let cond = Expr::lt(Expr::add(Expr::mul(v(0), c(16)), v(1)), c(1000));
        let n = narrow(TypeCtx::default(), &cond, &r);
        assert_eq!(n.get(&VarId(0)), Some(&const_range(0, 62)));
        assert!(!n.contains_key(&VarId(1)));
    }
}
