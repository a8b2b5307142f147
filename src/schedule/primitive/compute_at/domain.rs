//! The region of each buffer that the related blocks need under the target
//! loop, as a domain of the moved block's iterators.

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

/// The domain of each of the block's iterators under the loop: for every buffer
/// it writes (compute_at) or reads (reverse), the region the related blocks
/// touch there, mapped back onto the iterator that indexes it. Iterators no
/// region constrains keep their own domain.
pub(super) fn required_domains(
    func: &PrimFunc,
    ranges: &VarRanges,
    units: &VarRanges,
    mv: Move,
    me: &Block,
    related: &[BlockId],
) -> Result<Vec<Range>, ScheduleError> {
    let own = if mv.reverse { &me.reads } else { &me.writes };
    let mut doms: Vec<Range> = me.iter_vars.iter().map(|iv| iv.dom.clone()).collect();
    let mut constrained = vec![false; doms.len()];
    for buffer in own.iter().map(|r| r.buffer) {
        let Some(required) = required_region(func, ranges, mv, related, buffer)? else {
            continue;
        };
        // Map the region back onto the block's iterators through its own access.
        let Some(access) = own.iter().find(|r| r.buffer == buffer) else {
            continue;
        };
        for (dim, range) in access.region.iter().enumerate() {
            let Some(req) = required.get(dim) else {
                continue;
            };
            let affine = crate::arith::affine::to_affine(&range.min);
            let iter_pos = me
                .iter_vars
                .iter()
                .position(|iv| range.min.uses_var(iv.var));
            let Some(pos) = iter_pos else { continue };
            let var = me.iter_vars[pos].var;
            let offset = match &affine {
                Some(a) if a.terms.len() == 1 && a.coeff_of(var) == 1 => a.constant,
                _ => {
                    return Err(ScheduleError::UnsupportedIndex {
                        block: block_culprit(func, mv.block),
                        primitive: mv.primitive(),
                        buffer: func.buffer(buffer).name.clone(),
                        want: "one iterator plus a constant",
                        index: ErrorExpr::new(&range.min),
                    })
                }
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
    Ok(doms)
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
