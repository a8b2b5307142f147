//! Buffer regions a block touches, seen from an outer loop: the bridge between
//! a block's declared regions (in its iterators) and the loops around it.

use crate::arith::bound::VarRanges;
use crate::arith::region::relax_region;
use crate::ir::{BlockId, BufferId, Expr, LoopId, PrimFunc, Range, Stmt};
use crate::schedule::tree;

/// The region of `buffer` that block `block` reads (`is_write` false) or writes,
/// with the block's bindings substituted and every loop between the block and
/// `stop` (exclusive; `None` means up to the scope root) relaxed over its range,
/// plus the loops in `extra_relax`. Clamped to the buffer's shape.
pub fn relaxed_access(
    func: &PrimFunc,
    block: BlockId,
    buffer: BufferId,
    is_write: bool,
    stop: Option<LoopId>,
    extra_relax: &[LoopId],
) -> Option<Vec<Range>> {
    let ranges = all_loop_ranges(func);
    relaxed_access_in(func, &ranges, block, buffer, is_write, stop, extra_relax)
}

/// `relaxed_access` with the function's loop ranges (`all_loop_ranges`)
/// computed once by a caller that asks for several regions.
pub fn relaxed_access_in(
    func: &PrimFunc,
    ranges: &VarRanges,
    block: BlockId,
    buffer: BufferId,
    is_write: bool,
    stop: Option<LoopId>,
    extra_relax: &[LoopId],
) -> Option<Vec<Range>> {
    let (realize, loops) = tree::block_and_loops(func, block)?;
    let regions = if is_write {
        &realize.block.writes
    } else {
        &realize.block.reads
    };
    let declared = regions.iter().find(|r| r.buffer == buffer)?;
    // Each iterator's binding, looked up in place (no table of copies).
    let map = |v| {
        realize
            .block
            .iter_vars
            .iter()
            .zip(&realize.iter_values)
            .find(|(iv, _)| iv.var == v)
            .map(|(_, e)| e.clone())
    };
    let mut region = declared.region.clone();
    for r in &mut region {
        r.min.substitute(&map);
        r.extent.substitute(&map);
    }
    let start = match stop {
        Some(s) => loops.iter().position(|l| l.id == s)? + 1,
        None => 0,
    };
    let mut relax: Vec<crate::ir::VarId> = loops[start..].iter().map(|l| l.var).collect();
    for l in extra_relax {
        if let Some(f) = func.find_loop(*l) {
            relax.push(f.var);
        }
    }
    let relaxed = relax_region(&region, &relax, ranges)?;
    Some(clamp_to_shape(func, buffer, relaxed))
}

/// Clamps constant region bounds to `[0, shape)`.
fn clamp_to_shape(func: &PrimFunc, buffer: BufferId, region: Vec<Range>) -> Vec<Range> {
    let shape = &func.buffer(buffer).shape;
    region
        .into_iter()
        .zip(shape)
        .map(
            |(r, dim)| match (r.min.as_int(), r.extent.as_int(), dim.as_int()) {
                (Some(lo), Some(ext), Some(n)) => {
                    let lo2 = lo.max(0);
                    let hi = lo.saturating_add(ext).min(n);
                    Range::new(Expr::int(lo2), Expr::int((hi - lo2).max(0)))
                }
                _ => r,
            },
        )
        .collect()
}

/// Ranges of every loop variable in the function (where two loops share a
/// variable, the later one in program order).
pub fn all_loop_ranges(func: &PrimFunc) -> VarRanges {
    // Sized up front: growing the map rehashes every entry at each doubling.
    let mut ranges = VarRanges::with_capacity(64);
    insert_loop_ranges(&func.body, &mut ranges);
    ranges
}

/// Adds the ranges of the loops under `stmt` (itself included), in program order.
pub(crate) fn insert_loop_ranges(stmt: &Stmt, ranges: &mut VarRanges) {
    if let Stmt::For(l) = stmt {
        ranges.insert(l.var, Range::new(copy(&l.min), copy(&l.extent)));
    }
    stmt.for_each_child(|c| insert_loop_ranges(c, ranges));
}

/// `e.clone()`, with the usual literal bound copied in line (this runs for
/// every loop, several times a step).
fn copy(e: &Expr) -> Expr {
    match e {
        Expr::Int(v, t) => Expr::Int(*v, *t),
        other => other.clone(),
    }
}

/// Hull of several regions of one buffer; `None` when they cannot be combined.
pub fn union_all(func: &PrimFunc, regions: Vec<Vec<Range>>) -> Option<Vec<Range>> {
    union_all_in(&all_loop_ranges(func), regions)
}

/// `union_all` with the function's loop ranges computed by the caller.
pub fn union_all_in(ranges: &VarRanges, regions: Vec<Vec<Range>>) -> Option<Vec<Range>> {
    let mut iter = regions.into_iter();
    let mut acc = iter.next()?;
    for r in iter {
        acc = crate::arith::region::union_region(&acc, &r, ranges)?;
    }
    Some(acc)
}

/// The full region of a buffer.
pub fn full_region(func: &PrimFunc, buffer: BufferId) -> Vec<Range> {
    func.buffer(buffer)
        .shape
        .iter()
        .map(|d| Range::from_extent(d.clone()))
        .collect()
}

/// Recomputes the declared read/write regions of every block under `stmt`
/// (after a rewrite changed the buffers or loops they touch).
pub fn refresh_regions(func: &mut PrimFunc, ids: &[BlockId]) {
    for id in ids {
        let Some(r) = func.find_block(*id) else {
            continue;
        };
        let (reads, writes) = crate::arith::region::infer_access_regions(func, &r.block);
        if let Some(r) = tree::block_realize_mut(func, *id) {
            r.block.reads = reads;
            r.block.writes = writes;
        }
    }
}

/// A predicate that keeps each binding inside its iterator's domain, with only
/// the bounds that cannot be proven from `ranges` (true when all are proven).
/// A region that runs past a domain (after a non-divisible split) needs it.
pub fn domain_guard(iter_vars: &[crate::ir::IterVar], values: &[Expr], ranges: &VarRanges) -> Expr {
    use crate::arith::simplify::simplify_binary_of_simplified;
    use crate::arith::simplify_with;
    let mut predicate = Expr::bool(true);
    for (iv, value) in iter_vars.iter().zip(values) {
        // Two literals fold as the simplifier would fold them (its first rule).
        let folded = match (&iv.dom.min, &iv.dom.extent) {
            (lo @ Expr::Int(..), ext @ Expr::Int(..)) => {
                // The extent's type: `T.axis.remap` over int64 loops gives an
                // int64 extent beside a plain `0` (TVM: `< T.int64(2)`).
                crate::arith::fold_consts(crate::ir::BinOp::Add, ext, lo)
            }
            _ => None,
        };
        let hi = folded.unwrap_or_else(|| {
            crate::arith::simplify(&Expr::add(iv.dom.min.clone(), iv.dom.extent.clone()))
        });
        // `simplify_with(lo <= value)` and `simplify_with(value < hi)`, with
        // `value` simplified once for both.
        let value = simplify_with(value, ranges);
        let lo = simplify_with(&iv.dom.min, ranges);
        let hi = simplify_with(&hi, ranges);
        // Over symbolic extents (`i` over `[0, n)` bound to `v_i` of
        // `[0, n)`) the simplifier cannot prove what TVM's analyzer does.
        let symbolic = crate::arith::symbolic::is_symbolic(&value, ranges);
        let proven = [
            symbolic && crate::arith::symbolic::prove_le(&lo, &value, ranges),
            symbolic
                && crate::arith::symbolic::prove_le(
                    &value,
                    &Expr::sub(hi.clone(), Expr::int(1)),
                    ranges,
                ),
        ];
        let conds = [
            // TVM's simplifier writes `a >= b` as `b <= a` (`16 <= i`).
            simplify_binary_of_simplified(crate::ir::BinOp::Le, lo, value.clone(), ranges),
            simplify_binary_of_simplified(crate::ir::BinOp::Lt, value, hi, ranges),
        ];
        for (c, proven) in conds.into_iter().zip(proven) {
            // `can_prove` is this simplification being true.
            if !c.is_const_true() && !proven {
                predicate = if predicate.is_const_true() {
                    c
                } else {
                    Expr::and(predicate, c)
                };
            }
        }
    }
    predicate
}
