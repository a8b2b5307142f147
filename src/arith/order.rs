//! How lowered kernels write index sums: the largest scale first, negative
//! terms after the positive ones, the constant last (`by * 2048 + ty * 128 +
//! tx + 4`), as TVM's CUDA reads. The script printer keeps the simplifier's
//! order of first appearance instead, as TVMScript does.
//!
//! Invariant: only reorders terms of sums (integer addition commutes), never
//! changes a value or adds an operation.

use std::cmp::Reverse;

use super::affine::Affine;
use super::affine::TypeCtx;
use super::bound::{const_interval, VarRanges};
use super::fold::fits;
use super::simplify::{linear_i32_sum, simplify_typed};
use crate::ir::{BinOp, DataType, Expr, VarId};

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

/// The first and last values of an int32 linear sum of variables
/// (`linear_i32_sum`) with the variables in `relax` ranging over their
/// constant ranges, in kernel order: what `relax_typed` gives for it, with
/// its ends then ordered (`largest_scale_first` of the min, the min plus the
/// extent less one through `add_simplified`), without simplifying anything:
/// a linear sum relaxes exactly, one term at a time, and both paths print
/// the same affine forms sorted. `None` for any other expression, a relaxed
/// variable without an int32 constant range, or numbers near the int32 edge
/// (the general path decides those).
pub fn relax_linear_i32(
    ctx: TypeCtx,
    e: &Expr,
    relax: &[VarId],
    ranges: &VarRanges,
) -> Option<(Expr, Expr)> {
    let f = linear_i32_sum(ctx, e)?;
    let mut lo = Affine::constant(f.constant);
    let mut hi = Affine::constant(f.constant);
    for (atom, c) in f.terms {
        let Expr::Var(v) = atom else { return None };
        if !relax.contains(&v) {
            lo.terms.push((atom.clone(), c));
            hi.terms.push((atom, c));
            continue;
        }
        // int32 range ends only: the general path keeps a lone variable's
        // min as written, and an int64 literal there would print as one.
        let r = ranges.get(&v)?;
        let int32 = |e: &Expr| matches!(e, Expr::Int(_, DataType::I32));
        if !(int32(&r.min) && int32(&r.extent)) {
            return None;
        }
        let (first, last) = const_interval(r)?;
        let (a, b) = (c.checked_mul(first)?, c.checked_mul(last)?);
        lo.constant = lo.constant.checked_add(a.min(b))?;
        hi.constant = hi.constant.checked_add(a.max(b))?;
    }
    // Every level of either end (and the extent between them) within int32.
    let small = |f: &Affine| {
        f.terms
            .iter()
            .try_fold(f.constant.unsigned_abs(), |s, (_, c)| {
                s.checked_add(c.unsigned_abs())
            })
            .is_some_and(|s| s <= i32::MAX as u64)
    };
    let extent = hi.constant.checked_sub(lo.constant)?.checked_add(1)?;
    if !(small(&lo) && small(&hi) && fits(extent, DataType::I32)) {
        return None;
    }
    sort_terms(&mut lo);
    sort_terms(&mut hi);
    Some((
        lo.into_expr_typed(DataType::I32),
        hi.into_expr_typed(DataType::I32),
    ))
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
    // An expression with an affine form is an integer one (its literals and
    // atoms are), so `to_affine` alone says what `kind` would, without
    // walking the subtree once more per level.
    if is_sum {
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
    use crate::arith::testutil::{arb_linear, arb_ranges, c, to_var_ranges, v, N_VARS};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The linear path gives exactly what relaxing, then ordering, gives.
        #[test]
        fn linear_relaxation_matches_the_general_path(
            e in arb_linear(),
            rs in arb_ranges(),
            mask in 0u32..16,
        ) {
            let ctx = TypeCtx::default();
            let ranges = to_var_ranges(&rs);
            let relax: Vec<VarId> = (0..N_VARS).filter(|i| mask >> i & 1 == 1).map(VarId).collect();
            if let Some((lo, hi)) = relax_linear_i32(ctx, &e, &relax, &ranges) {
                let r = crate::arith::relax_typed(ctx, &e, &relax, &ranges);
                prop_assert!(r.is_some(), "general path gave none for {:?}", e);
                let r = r.unwrap();
                let last = add_simplified(ctx, &r.extent, &Expr::int(1), -1);
                let want_hi = add_simplified(ctx, &r.min, &last, 1);
                let want_lo = largest_scale_first(ctx, &r.min);
                prop_assert_eq!((lo, hi), (want_lo, want_hi));
            }
        }
    }

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
