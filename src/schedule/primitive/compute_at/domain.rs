//! The region of each buffer that the related blocks need under the target
//! loop, as a domain of the moved block's iterators.

use super::solve::{self, Interval, VarDomain};
use super::Move;
use crate::arith::VarRanges;
use crate::ir::{Block, BlockId, BufferId, Expr, ForKind, LoopId, PrimFunc, Range, StorageScope};
use crate::schedule::analysis::{block_culprit, loop_culprit};
use crate::schedule::error::{ErrorExpr, ScheduleError};
use crate::schedule::region::{relaxed_access_in, union_all_in};
use crate::schedule::tree;

/// Thread-bound loops at or above `loop_id` over which the required region is
/// relaxed, as TVM's `LoopDomainOfSRefTreePath` with `CanRelaxStorageUnderThread`:
/// only compute_at looks at the storage scope (reverse_compute_at relaxes as
/// for global), a global buffer relaxes no thread loop, a shared one relaxes
/// threadIdx and vthread loops (the threads of a block share it), a local one none.
fn thread_loops_to_relax(
    func: &PrimFunc,
    loop_id: LoopId,
    scope: StorageScope,
    reverse: bool,
) -> Vec<LoopId> {
    let shared = matches!(scope, StorageScope::Shared | StorageScope::SharedDyn);
    if reverse || !shared {
        return Vec::new();
    }
    let mut loops = tree::loops_above_loop(func, loop_id).unwrap_or_default();
    loops.push(loop_id);
    loops
        .into_iter()
        .filter(|l| {
            func.find_loop(*l).is_some_and(
                |f| matches!(f.kind, ForKind::ThreadBinding(axis) if !axis.is_block_idx()),
            )
        })
        .collect()
}

/// The domains of the moved block's iterators under the loop, and what is
/// left of the buffers' bounds on them (`None`: nothing; else the block's
/// predicate keeps the iterator inside it).
pub(super) struct Domains {
    pub doms: Vec<Range>,
    pub bounds: Vec<Option<Interval>>,
}

/// The domain of each of the block's iterators under the loop: for every buffer
/// it writes (compute_at) or reads (reverse), the region the related blocks
/// touch there, mapped back onto the iterator that indexes it. Iterators no
/// region constrains keep their own domain. An access whose every index is
/// one iterator plus a constant maps directly; any other goes through TVM's
/// solver (`solve`).
pub(super) fn required_domains(
    func: &PrimFunc,
    ranges: &VarRanges,
    units: &VarRanges,
    mv: Move,
    me: &Block,
    related: &[BlockId],
) -> Result<Domains, ScheduleError> {
    let own = if mv.reverse { &me.reads } else { &me.writes };
    let mut doms: Vec<Range> = me.iter_vars.iter().map(|iv| iv.dom.clone()).collect();
    let mut constrained = vec![false; doms.len()];
    let mut solved: Vec<Option<VarDomain>> = vec![None; doms.len()];
    for buffer in own.iter().map(|r| r.buffer) {
        let Some(required) = required_region(func, ranges, mv, related, buffer)? else {
            continue;
        };
        // Map the region back onto the block's iterators through its own access.
        let Some(access) = own.iter().find(|r| r.buffer == buffer) else {
            continue;
        };
        if !access
            .region
            .iter()
            .all(|r| shifted_iterator(me, &r.min).is_some())
        {
            let found =
                solve_through_indices(func, ranges, mv, me, &access.region, &required, buffer)?;
            for (pos, info) in found {
                match &mut solved[pos] {
                    Some(acc) => acc.union(info, ranges),
                    slot @ None => *slot = Some(info),
                }
            }
            continue;
        }
        for (dim, range) in access.region.iter().enumerate() {
            let Some(req) = required.get(dim) else {
                continue;
            };
            let Some(Some((pos, offset))) = shifted_iterator(me, &range.min) else {
                continue;
            };
            if constrained[pos] {
                continue;
            }
            let min = Expr::sub(
                crate::arith::fold_unit_ranges(&req.min, units),
                Expr::int(offset),
            );
            let min = crate::arith::simplify(&min);
            doms[pos] = Range::new(min, req.extent.clone());
            constrained[pos] = true;
        }
    }
    let mut bounds = vec![None; doms.len()];
    for (pos, info) in solved.into_iter().enumerate() {
        let Some(info) = info else { continue };
        if constrained[pos] {
            continue;
        }
        let (dom, rest) = solve::finish(info, &me.iter_vars[pos], ranges);
        doms[pos] = dom;
        bounds[pos] = rest;
    }
    Ok(Domains { doms, bounds })
}

/// How an index reads the block's iterators when it is one of them plus a
/// constant: `Some(Some((position, constant)))`; `Some(None)` when it uses
/// none; `None` for any other index.
fn shifted_iterator(me: &Block, index: &Expr) -> Option<Option<(usize, i64)>> {
    let Some(pos) = me.iter_vars.iter().position(|iv| index.uses_var(iv.var)) else {
        return Some(None);
    };
    let var = me.iter_vars[pos].var;
    match crate::arith::affine::to_affine(index) {
        Some(a) if a.terms.len() == 1 && a.coeff_of(var) == 1 => Some(Some((pos, a.constant))),
        _ => None,
    }
}

/// The iterators' domains from an access with other indices (`solve`), its
/// refusal as a typed error at the index.
fn solve_through_indices(
    func: &PrimFunc,
    ranges: &VarRanges,
    mv: Move,
    me: &Block,
    provided: &[Range],
    required: &[Range],
    buffer: BufferId,
) -> Result<Vec<(usize, VarDomain)>, ScheduleError> {
    let required: Vec<Interval> = required
        .iter()
        .map(|r| Interval {
            lo: r.min.clone(),
            hi: crate::arith::simplify_with(
                &Expr::sub(Expr::add(r.min.clone(), r.extent.clone()), Expr::int(1)),
                ranges,
            ),
        })
        .collect();
    let shape = &func.buffer(buffer).shape;
    solve::solve_buffer(&me.iter_vars, provided, &required, shape, ranges).map_err(|refusal| {
        ScheduleError::UnsupportedIndex {
            block: block_culprit(func, mv.block),
            primitive: mv.primitive(),
            buffer: func.buffer(buffer).name.clone(),
            want: refusal.want,
            index: ErrorExpr::new(&refusal.index),
        }
    })
}

/// The union of the regions of `buffer` that the related blocks touching it
/// access under the loop; `None` when none touches it.
fn required_region(
    func: &PrimFunc,
    ranges: &VarRanges,
    mv: Move,
    related: &[BlockId],
    buffer: BufferId,
) -> Result<Option<Vec<Range>>, ScheduleError> {
    let Move {
        block,
        loop_id,
        reverse,
    } = mv;
    let extra = thread_loops_to_relax(func, loop_id, func.buffer(buffer).scope, reverse);
    let touching: Vec<BlockId> = related
        .iter()
        .copied()
        .filter(|b| {
            func.find_block(*b).is_some_and(|r| {
                let regions = if reverse {
                    &r.block.writes
                } else {
                    &r.block.reads
                };
                regions.iter().any(|x| x.buffer == buffer)
            })
        })
        .collect();
    if touching.is_empty() {
        return Ok(None);
    }
    let mut regions = Vec::new();
    for b in &touching {
        let region = relaxed_access_in(func, ranges, *b, buffer, reverse, Some(loop_id), &extra)
            .ok_or_else(|| {
                ScheduleError::CannotBound(
                    block_culprit(func, *b),
                    format!(
                        "the region of `{}` it touches under {} has no bound tirtui can compute",
                        func.buffer(buffer).name,
                        loop_culprit(func, loop_id)
                    ),
                )
            })?;
        regions.push(region);
    }
    let required = union_all_in(ranges, regions).ok_or_else(|| {
        ScheduleError::CannotBound(
            block_culprit(func, block),
            format!(
                "the regions of `{}` cannot be combined",
                func.buffer(buffer).name
            ),
        )
    })?;
    Ok(Some(required))
}
