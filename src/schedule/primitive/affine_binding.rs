//! TVM's partial affine-binding check for `reorder` (CheckPartialAffineBinding,
//! with the iterator map's surjective level): over the loops being reordered
//! and those below them, each binding must be a sum of those loop variables
//! that packs them like one mixed-radix number (`i * 16 + j` with `j` over
//! 16), or a split / fuse of such a sum (`f // 16`, `f % 16`); loops above
//! the reordered ones count as constants. `v0 * v0 + v1` and `l * 16` with
//! `l` alone are not: reordering their loops is refused, as TVM refuses it.
//!
//! TVM: src/s_tir/schedule/primitive/loop_transformation.cc, arith/iter_affine_map.cc.

use crate::ir::{BinOp, Expr, VarId};

/// The first of `values` that is not an affine binding over `inner` (loop
/// variables with their extents), if any.
pub(crate) fn first_non_affine<'a>(values: &'a [Expr], inner: &[(VarId, i64)]) -> Option<&'a Expr> {
    values
        .iter()
        .find(|v| !is_affine_binding(v, inner, Level::Bijective))
}

/// Like [`first_non_affine`], at TVM's surjective level: a sum whose smallest
/// coefficient is 1 may overlap (`v0 * 2 + v1` with `v1` over 4), each next
/// coefficient at most the previous one times its extent. Reorder uses it: an
/// overlapping binding runs some block instances twice, and reordering keeps
/// that multiset of instances (and the all-zero iteration, where `T.init`
/// runs, first).
pub(crate) fn first_non_surjective<'a>(
    values: &'a [Expr],
    inner: &[(VarId, i64)],
) -> Option<&'a Expr> {
    values
        .iter()
        .find(|v| !is_affine_binding(v, inner, Level::Surjective))
}

/// TVM's iterator-map check levels (the two tirtui uses).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Bijective,
    Surjective,
}

fn uses_inner(e: &Expr, inner: &[(VarId, i64)]) -> bool {
    inner.iter().any(|(v, _)| e.uses_var(*v))
}

fn is_affine_binding(value: &Expr, inner: &[(VarId, i64)], level: Level) -> bool {
    if !uses_inner(value, inner) {
        return true;
    }
    let Some(affine) = crate::arith::to_affine(value) else {
        return false;
    };
    let mut linear: Vec<(i64, i64)> = Vec::new();
    let mut has_split = false;
    for (atom, coef) in &affine.terms {
        if !uses_inner(atom, inner) {
            continue;
        }
        match atom {
            Expr::Var(v) => {
                let extent = inner.iter().find(|(x, _)| x == v).map_or(1, |(_, e)| *e);
                // A unit loop adds nothing, whatever its coefficient.
                if extent > 1 {
                    linear.push((*coef, extent));
                }
            }
            Expr::Binary(BinOp::FloorDiv | BinOp::FloorMod, a, d)
                if d.as_int().is_some_and(|d| d > 0) && is_affine_binding(a, inner, level) =>
            {
                has_split = true
            }
            _ => return false,
        }
    }
    // With a split or fuse in the sum its parts are not plain strides; its
    // pieces were checked above.
    has_split || is_mixed_radix(linear, level)
}

/// `c0 * x0 + c1 * x1 + ...` covers a dense range exactly when, smallest
/// coefficient first, it is 1 and each next one is the previous one times the
/// previous variable's extent.
/// At the surjective level a coefficient may also be smaller than that
/// product (the terms overlap), as long as the smallest one is 1.
fn is_mixed_radix(mut terms: Vec<(i64, i64)>, level: Level) -> bool {
    terms.sort_unstable();
    // `None` once a term's extent is unknown (a symbolic extent stands as
    // i64::MAX): only the outermost term may have one.
    let mut stride = Some(1i64);
    for (k, (coef, extent)) in terms.into_iter().enumerate() {
        let overlapping =
            level == Level::Surjective && k > 0 && coef > 0 && stride.is_some_and(|s| coef < s);
        if Some(coef) != stride && !overlapping {
            return false;
        }
        // The next stride is this coefficient times its extent (TVM's
        // expected scale after a match, exact or overlapping).
        stride = coef.checked_mul(extent);
    }
    true
}

/// TVM checks affinity with the block's predicate (`DetectIterMap` with the
/// `T.where` as a constraint): a conjunct `S < c` over two or more of the
/// loops makes `S` one constrained iterator, which the bindings may use only
/// whole (`S`, or `S // a`, `S % b`). A binding that uses a loop of `S`
/// without the rest of `S` (the predicate of a flattened bound over separate
/// iterators) is not affine. Returns the conjunct that breaks affinity.
pub(crate) fn predicate_breaking_affinity<'a>(
    predicate: &'a Expr,
    values: &[Expr],
    inner: &[(VarId, i64)],
) -> Option<&'a Expr> {
    let mut conjuncts = Vec::new();
    collect_conjuncts(predicate, &mut conjuncts);
    conjuncts.into_iter().find(|c| {
        let Expr::Binary(BinOp::Lt, lhs, rhs) = c else {
            return false;
        };
        if rhs.as_int().is_none() {
            return false;
        }
        let Some(sum) = crate::arith::to_affine(lhs) else {
            return false;
        };
        let fused: Vec<(VarId, i64)> = sum
            .terms
            .iter()
            .filter_map(|(a, k)| {
                a.as_var()
                    .filter(|v| inner.iter().any(|(x, _)| x == v))
                    .map(|v| (v, *k))
            })
            .collect();
        fused.len() >= 2 && values.iter().any(|v| !uses_fused_whole(v, &fused))
    })
}

fn collect_conjuncts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            collect_conjuncts(a, out);
            collect_conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// `value` uses the loops of `fused` not at all, or as the whole sum (with the
/// same coefficients), directly or inside a split of it.
fn uses_fused_whole(value: &Expr, fused: &[(VarId, i64)]) -> bool {
    if !fused.iter().any(|(v, _)| value.uses_var(*v)) {
        return true;
    }
    let Some(affine) = crate::arith::to_affine(value) else {
        return false;
    };
    let direct: Vec<(VarId, i64)> = affine
        .terms
        .iter()
        .filter_map(|(a, k)| {
            a.as_var()
                .filter(|v| fused.iter().any(|(x, _)| x == v))
                .map(|v| (v, *k))
        })
        .collect();
    if !direct.is_empty() {
        return direct.len() == fused.len() && fused.iter().all(|t| direct.contains(t));
    }
    affine.terms.iter().all(|(atom, _)| match atom {
        Expr::Binary(BinOp::FloorDiv | BinOp::FloorMod, a, _) => uses_fused_whole(a, fused),
        other => !fused.iter().any(|(v, _)| other.uses_var(*v)),
    })
}
