//! Where the moved block goes in the loop body, the loop nest regenerated
//! around it, and the move itself.

use super::Move;
use crate::arith::VarRanges;
use crate::ir::{Block, BlockId, BlockRealize, Expr, For, ForKind, PrimFunc, Range, Stmt};
use crate::schedule::analysis::{block_culprit, consumers, get_loop, loop_culprit, producers};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// Index of the first child of `body` (as a statement list) containing any of `blocks`.
fn first_child_with(body: &Stmt, blocks: &[BlockId]) -> Option<usize> {
    body.as_slice().iter().position(|c| {
        tree::blocks_in(c)
            .iter()
            .any(|b| blocks.contains(&b.block.id))
    })
}

fn last_child_with(body: &Stmt, blocks: &[BlockId]) -> Option<usize> {
    body.as_slice().iter().rposition(|c| {
        tree::blocks_in(c)
            .iter()
            .any(|b| blocks.contains(&b.block.id))
    })
}

/// Where in the loop body the block goes: after the last child holding one of
/// its producers and before the first holding one of its consumers; `index`
/// picks among those (-1: the last, -2: the first).
pub(super) fn insertion_point(
    func: &PrimFunc,
    mv: Move,
    index: i64,
) -> Result<usize, ScheduleError> {
    let Move { block, loop_id, .. } = mv;
    let primitive = mv.primitive();
    let target = get_loop(func, loop_id)?;
    let producers_of_me = producers(func, block);
    let consumers_of_me = consumers(func, block);
    let lo = last_child_with(&target.body, &producers_of_me)
        .map(|i| i + 1)
        .unwrap_or(0);
    let n_children = target.body.as_slice().len();
    let hi = first_child_with(&target.body, &consumers_of_me).unwrap_or(n_children);
    if lo > hi {
        return Err(ScheduleError::InvalidArgument {
            what: primitive,
            why: format!(
                "under {} a consumer of {} comes before one of its producers, so there is no place to put it",
                loop_culprit(func, loop_id),
                block_culprit(func, block)
            ),
        });
    }
    match index {
        -1 => Ok(hi),
        -2 => Ok(lo),
        i if i >= 0 && (i as usize) >= lo && (i as usize) <= hi => Ok(i as usize),
        i => Err(ScheduleError::InvalidArgument {
            what: primitive,
            why: format!("index {i} is outside the valid insertion points {lo}..={hi} (or -1 for the last, -2 for the first)"),
        }),
    }
}

/// The new nest for the block over `doms`: one loop per iterator whose domain
/// is not a single point (or every iterator, with `preserve_unit_loops`).
pub(super) fn build_nest(
    func: &mut PrimFunc,
    mut ranges: VarRanges,
    mut units: VarRanges,
    me: Block,
    domains: &super::domain::Domains,
    preserve_unit_loops: bool,
) -> Stmt {
    let doms = &domains.doms;
    let mut iter_values = Vec::new();
    let mut new_loops: Vec<(crate::ir::VarId, Expr)> = Vec::new();
    for dom in doms {
        let unit = dom.extent.as_int() == Some(1);
        if unit && !preserve_unit_loops {
            iter_values.push(dom.min.clone());
        } else {
            let v = func.new_var(format!("ax{}", new_loops.len()), crate::ir::DataType::I32);
            new_loops.push((v, dom.extent.clone()));
            // TVM binds `min + ax` as built, folding only a zero `min`
            // (`hh_0 * 8 - 1 + ax0`); a later primitive that simplifies the
            // block's bindings puts it in canonical order.
            iter_values.push(match dom.min.as_int() {
                Some(0) => Expr::Var(v),
                _ => Expr::add(dom.min.clone(), Expr::Var(v)),
            });
        }
    }
    // Where the region may run past an iterator's domain (a non-divisible split
    // above), guard the block with a predicate, as TVM does.
    for (v, extent) in &new_loops {
        ranges.insert(*v, Range::from_extent(extent.clone()));
        if extent.as_int() == Some(1) {
            units.insert(*v, Range::from_extent(extent.clone()));
        }
    }
    // The guard is simplified knowing every loop, the new ones included, so a
    // unit loop drops out of it (TVM: `i_0 * 16 + i_1 < 1`, not `... + ax0 < 1`)
    // while the bindings keep it.
    let guarded: Vec<Expr> = iter_values
        .iter()
        .map(|v| crate::arith::fold_unit_ranges(v, &units))
        .collect();
    let mut predicate = crate::schedule::region::domain_guard(&me.iter_vars, &guarded, &ranges);
    // What is left of a buffer's bound (TVM's `BlockVarDomainInfo::bound`),
    // where it says more than the iterator's domain.
    for ((value, bound), iv) in guarded.iter().zip(&domains.bounds).zip(&me.iter_vars) {
        let Some(bound) = bound else { continue };
        let conds = [
            Expr::binary(crate::ir::BinOp::Ge, value.clone(), bound.lo.clone()),
            Expr::lt(value.clone(), Expr::add(bound.hi.clone(), Expr::int(1))),
        ];
        // Over a symbolic extent, what TVM's analyzer proves (`symbolic`).
        let symbolic = crate::arith::symbolic::is_symbolic(value, &ranges);
        let proven = [
            symbolic && crate::arith::symbolic::prove_le(&bound.lo, value, &ranges),
            symbolic && crate::arith::symbolic::prove_le(value, &bound.hi, &ranges),
        ];
        for (c, proven) in conds.into_iter().zip(proven) {
            if proven {
                continue;
            }
            let c = crate::arith::simplify_with(&c, &ranges);
            let in_guard = crate::schedule::region::domain_guard(
                std::slice::from_ref(iv),
                std::slice::from_ref(value),
                &ranges,
            );
            if c.is_const_true() || in_guard == c {
                continue;
            }
            predicate = if predicate.is_const_true() {
                c
            } else {
                Expr::and(predicate, c)
            };
        }
    }
    let mut stmt = Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values,
        predicate,
        block: me,
    }));
    for (v, extent) in new_loops.into_iter().rev() {
        stmt = Stmt::For(crate::ir::Shared::new(For {
            id: func.new_loop_id(),
            var: v,
            min: Expr::int(0),
            extent,
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    stmt
}

/// Removes the block (and loops left empty), then inserts `nest` at `pos` of
/// the loop body. As TVM, neither the nest (built simplified) nor the blocks
/// beside it are simplified again.
pub(super) fn replace_block(
    func: &mut PrimFunc,
    mv: Move,
    pos: usize,
    nest: Stmt,
) -> Result<(), ScheduleError> {
    let Move { block, loop_id, .. } = mv;
    tree::remove_block(&mut func.body, block);
    tree::cleanup_empty(&mut func.body);
    let l = tree::loop_mut(func, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    let old = std::mem::replace(&mut l.body, Stmt::Seq(Vec::new()));
    let mut items: Vec<Stmt> = match old {
        Stmt::Seq(v) => v,
        single => vec![single],
    };
    items.insert(pos.min(items.len()), nest);
    l.body = Stmt::Seq(items);
    Ok(())
}
