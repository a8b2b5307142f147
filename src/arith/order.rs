//! How lowered kernels write index sums: the largest scale first, negative
//! terms after the positive ones, the constant last (`by * 2048 + ty * 128 +
//! tx + 4`), as TVM's CUDA reads. The script printer keeps the simplifier's
//! order of first appearance instead, as TVMScript does.
//!
//! Invariant: only reorders terms of sums (integer addition commutes), never
//! changes a value or adds an operation.

use std::cmp::Reverse;

use super::affine::Affine;
use super::affine::{Kind, TypeCtx};
use super::bound::VarRanges;
use super::fold::fits;
use super::simplify::{linear_i32_sum, simplify_typed};
use crate::ir::{BinOp, DataType, Expr};

/// The simplifier of the lowering passes and codegen: `simplify_typed` under
/// the ranges of the loops around `e`, sums written largest scale first.
pub fn simplify_kernel(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> Expr {
    // Most lowered indices are sums of int32 variables: simplifying prints
    // their affine form, and ordering reads it back and sorts it. The terms
    // are distinct variables, which the sort orders totally whatever order
    // they came in, so sorting the form read once gives the same expression.
    if let Some(mut f) = linear_i32_sum(ctx, e) {
        sort_terms(&mut f);
        return f.into_expr_typed(DataType::I32);
    }
    largest_scale_first_owned(ctx, simplify_typed(ctx, e, ranges))
}

/// Largest scale first, negative terms after positive ones; among equal
/// scales variables by id, then other atoms in their order (a stable sort).
fn sort_terms(f: &mut Affine) {
    f.terms.sort_by_key(|(a, k)| {
        let rank = match a {
            Expr::Var(v) => v.0 as u64,
            _ => u64::MAX,
        };
        (*k < 0, Reverse(k.unsigned_abs()), rank)
    });
}

/// `a + k * b` for `a` and `b` simplified already (lowered indices): their
/// affine forms added, in kernel order, without simplifying again; the full
/// `simplify_kernel` where either has no affine form (or on overflow).
pub fn add_simplified(ctx: TypeCtx, a: &Expr, b: &Expr, k: i64) -> Expr {
    let sum = ctx
        .to_affine(a)
        .zip(ctx.to_affine(b))
        .and_then(|(fa, fb)| fa.add(&fb.scale(k)?));
    let dtype = ctx.index_dtype(a);
    match sum {
        Some(f) if fits(f.constant, dtype) && f.terms.iter().all(|(_, c)| fits(*c, dtype)) => {
            largest_scale_first_owned(ctx, f.into_expr_typed(dtype))
        }
        _ => {
            let e = Expr::add(a.clone(), Expr::mul(b.clone(), Expr::Int(k, dtype)));
            simplify_kernel(ctx, &e, &VarRanges::new())
        }
    }
}

/// Reorders every integer sum in `e` (atoms included) largest scale first;
/// among equal scales variables come in order of their ids, then other atoms
/// in their order of appearance.
pub fn largest_scale_first(ctx: TypeCtx, e: &Expr) -> Expr {
    largest_scale_first_owned(ctx, e.clone())
}

/// `largest_scale_first` of an expression the caller gives up: rewritten in
/// place, without copying each level's subtree again.
pub fn largest_scale_first_owned(ctx: TypeCtx, mut e: Expr) -> Expr {
    let is_sum = matches!(e, Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..));
    if is_sum && ctx.kind(&e) == Kind::Int {
        if let Some(mut f) = ctx.to_affine(&e) {
            let dtype = ctx.index_dtype(&e);
            let whole_atom =
                f.terms.len() == 1 && f.constant == 0 && f.terms[0].0 == e && f.terms[0].1 == 1;
            let all_fit = fits(f.constant, dtype) && f.terms.iter().all(|(_, k)| fits(*k, dtype));
            if !whole_atom && all_fit {
                drop(e);
                for (atom, _) in &mut f.terms {
                    atom.for_each_child_mut(|c| reorder_in_place(ctx, c));
                }
                sort_terms(&mut f);
                return f.into_expr_typed(dtype);
            }
        }
    }
    e.for_each_child_mut(|c| reorder_in_place(ctx, c));
    e
}

fn reorder_in_place(ctx: TypeCtx, c: &mut Expr) {
    let old = std::mem::replace(c, Expr::Int(0, DataType::I32));
    *c = largest_scale_first_owned(ctx, old);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::testutil::{c, v};

    #[test]
    fn larger_scales_lead_and_the_constant_trails() {
        // 3 + v1 + v0 * 16 - v2 * 2  ->  v0 * 16 + v1 - v2 * 2 + 3
        let e = Expr::sub(
            Expr::add(Expr::add(c(3), v(1)), Expr::mul(v(0), c(16))),
            Expr::mul(v(2), c(2)),
        );
        let want = Expr::add(
            Expr::sub(
                Expr::add(Expr::mul(v(0), c(16)), v(1)),
                Expr::mul(v(2), c(2)),
            ),
            c(3),
        );
        assert_eq!(largest_scale_first(TypeCtx::default(), &e), want);
    }

    #[test]
    fn sums_inside_atoms_are_ordered_too() {
        let inner = Expr::add(v(1), Expr::mul(v(0), c(4)));
        let e = Expr::add(v(2), Expr::mul(Expr::floordiv(inner, c(8)), c(32)));
        let want = Expr::add(
            Expr::mul(
                Expr::floordiv(Expr::add(Expr::mul(v(0), c(4)), v(1)), c(8)),
                c(32),
            ),
            v(2),
        );
        assert_eq!(largest_scale_first(TypeCtx::default(), &e), want);
    }
}
