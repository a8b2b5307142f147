//! compute_at, reverse_compute_at.
//!
//! TVM: src/tir/schedule/primitive/compute_at.cc. The block's private loop nest
//! is removed and regenerated under the target loop, covering exactly the
//! region its consumers (compute_at) or producers (reverse_compute_at) touch
//! there. For a shared buffer, compute_at relaxes the region over the
//! threadIdx/vthread loops at and above the target too, so one stage serves
//! the whole thread block; no other scope or direction relaxes thread loops
//! (TVM's `CanRelaxStorageUnderThread`).

use crate::ir::{
    BlockId, BlockRealize, BufferId, Expr, For, ForKind, LoopId, PrimFunc, Range, Stmt,
    StorageScope,
};
use crate::schedule::analysis::{
    block_culprit, check_complete, check_reduction, consumers, get_block, get_loop, loop_culprit,
    output_buffer_of, producers,
};
use crate::schedule::error::{ErrorExpr, ScheduleError};
use crate::schedule::primitive::loop_transformation::{loop_ranges, simplify_bindings};
use crate::schedule::region::{relaxed_access, union_all};
use crate::schedule::tree;

pub fn compute_at(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
    preserve_unit_loops: bool,
    index: i64,
) -> Result<(), ScheduleError> {
    move_block(func, block, loop_id, preserve_unit_loops, index, false)
}

pub fn reverse_compute_at(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
    preserve_unit_loops: bool,
    index: i64,
) -> Result<(), ScheduleError> {
    move_block(func, block, loop_id, preserve_unit_loops, index, true)
}

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

fn move_block(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
    preserve_unit_loops: bool,
    index: i64,
    reverse: bool,
) -> Result<(), ScheduleError> {
    let primitive = if reverse {
        "reverse_compute_at"
    } else {
        "compute_at"
    };
    get_block(func, block)?;
    get_loop(func, loop_id)?;
    // The target must be outside the block's own nest, in the same scope.
    let inside_own_nest = tree::loop_contains_block(func, loop_id, block)
        || tree::ancestors_of_loop(func, loop_id)
            .is_some_and(|p| p.contains(&tree::Ancestor::Block(block)));
    if inside_own_nest {
        return Err(ScheduleError::LoopInsideOwnNest {
            block: block_culprit(func, block),
            loop_: loop_culprit(func, loop_id),
        });
    }
    if tree::scope_of_block(func, block) != tree::scope_of_loop(func, loop_id) {
        return Err(ScheduleError::NotSameScope {
            block: block_culprit(func, block),
            loop_: loop_culprit(func, loop_id),
        });
    }
    if !reverse {
        let r = get_block(func, block)?;
        if let Some(out) = output_buffer_of(func, &r.block) {
            return Err(ScheduleError::OutputBlock {
                block: block_culprit(func, block),
                buffer: func.buffer(out).name.clone(),
            });
        }
    }
    if check_complete(func, block).is_err() {
        if let Err(e) = check_reduction(func, block) {
            return Err(match e {
                ScheduleError::WrongBlockKind { block, why, .. } => ScheduleError::WrongBlockKind {
                    block,
                    want: "complete or reduction",
                    why,
                },
                other => other,
            });
        }
    }

    // The related blocks (consumers for compute_at, producers for reverse) must all be under the loop.
    let related: Vec<BlockId> = if reverse {
        producers(func, block)
    } else {
        consumers(func, block)
    };
    let outside: Vec<_> = related
        .iter()
        .filter(|b| !tree::loop_contains_block(func, loop_id, **b))
        .map(|b| block_culprit(func, *b))
        .collect();
    if !outside.is_empty() {
        return Err(if reverse {
            ScheduleError::ProducersNotUnderLoop {
                block: block_culprit(func, block),
                loop_: loop_culprit(func, loop_id),
                producers: outside,
            }
        } else {
            ScheduleError::ConsumersNotUnderLoop {
                block: block_culprit(func, block),
                loop_: loop_culprit(func, loop_id),
                consumers: outside,
            }
        });
    }

    // Dependences outside the loop must keep their order: for compute_at every
    // producer outside the loop runs before it; for reverse_compute_at every
    // consumer outside the loop runs after it.
    let order: Vec<BlockId> = func.blocks().iter().map(|b| b.id).collect();
    let inside: Vec<usize> = tree::blocks_in(&get_loop(func, loop_id)?.body)
        .iter()
        .filter_map(|r| order.iter().position(|b| *b == r.block.id))
        .collect();
    if let (Some(first), Some(last)) = (inside.iter().min(), inside.iter().max()) {
        let (others, must_precede) = if reverse {
            (consumers(func, block), false)
        } else {
            (producers(func, block), true)
        };
        for other in others {
            if tree::loop_contains_block(func, loop_id, other) {
                continue;
            }
            let Some(pos) = order.iter().position(|b| *b == other) else {
                continue;
            };
            let misplaced = if must_precede {
                pos > *first
            } else {
                pos < *last
            };
            if misplaced {
                return Err(ScheduleError::UnsupportedPattern {
                    block: block_culprit(func, block),
                    why: format!(
                        "its {} {} runs {} {}, so {primitive} would break that dependence",
                        if must_precede { "producer" } else { "consumer" },
                        block_culprit(func, other),
                        if must_precede { "after" } else { "before" },
                        loop_culprit(func, loop_id)
                    ),
                });
            }
        }
    }

    // Another block under the loop that also writes what this block writes would
    // interleave with it differently once this block runs inside the loop.
    let me_writes: Vec<BufferId> = get_block(func, block)?
        .block
        .writes
        .iter()
        .map(|w| w.buffer)
        .collect();
    // The block will repeat for every iteration of the loops around the target, so
    // look at the whole loop nest the target belongs to, not only the target loop.
    let nest_root = tree::loops_above_loop(func, loop_id)
        .and_then(|v| v.first().copied())
        .unwrap_or(loop_id);
    let target_body = &get_loop(func, nest_root)?.body;
    if let Some(other) = tree::blocks_in(target_body).into_iter().find(|r| {
        r.block.id != block && r.block.writes.iter().any(|w| me_writes.contains(&w.buffer))
    }) {
        let buffer = other
            .block
            .writes
            .iter()
            .find(|w| me_writes.contains(&w.buffer))
            .map(|w| func.buffer(w.buffer).name.clone())
            .unwrap_or_default();
        return Err(ScheduleError::UnsupportedPattern {
            block: block_culprit(func, block),
            why: format!(
                "block \"{}\" in the loop nest of {} also writes `{buffer}`; {primitive} would change the order of their writes",
                other.block.name,
                loop_culprit(func, loop_id)
            ),
        });
    }

    // The region of each buffer that the related blocks need under the loop.
    let me = get_block(func, block)?.clone();
    let buffers: Vec<BufferId> = if reverse {
        me.block.reads.iter().map(|r| r.buffer).collect()
    } else {
        me.block.writes.iter().map(|r| r.buffer).collect()
    };
    let mut doms: Vec<Range> = me.block.iter_vars.iter().map(|iv| iv.dom.clone()).collect();
    let mut constrained = vec![false; doms.len()];
    for buffer in buffers {
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
            continue;
        }
        let mut regions = Vec::new();
        for b in &touching {
            let region = relaxed_access(func, *b, buffer, reverse, Some(loop_id), &extra)
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
        let required = union_all(func, regions).ok_or_else(|| {
            ScheduleError::CannotBound(
                block_culprit(func, block),
                format!(
                    "the regions of `{}` cannot be combined",
                    func.buffer(buffer).name
                ),
            )
        })?;
        // Map the region back onto the block's iterators through its own access.
        let own = if reverse {
            &me.block.reads
        } else {
            &me.block.writes
        };
        let Some(access) = own.iter().find(|r| r.buffer == buffer) else {
            continue;
        };
        for (dim, range) in access.region.iter().enumerate() {
            let Some(req) = required.get(dim) else {
                continue;
            };
            let affine = crate::arith::affine::to_affine(&range.min);
            let iter_pos = me
                .block
                .iter_vars
                .iter()
                .position(|iv| range.min.uses_var(iv.var));
            let Some(pos) = iter_pos else { continue };
            let var = me.block.iter_vars[pos].var;
            let offset = match &affine {
                Some(a) if a.terms.len() == 1 && a.coeff_of(var) == 1 => a.constant,
                _ => {
                    return Err(ScheduleError::UnsupportedIndex {
                        block: block_culprit(func, block),
                        primitive,
                        buffer: func.buffer(buffer).name.clone(),
                        want: "one iterator plus a constant",
                        index: ErrorExpr::new(&range.min),
                    })
                }
            };
            if constrained[pos] {
                continue;
            }
            let min = crate::arith::simplify(&Expr::sub(req.min.clone(), Expr::int(offset)));
            doms[pos] = Range::new(min, req.extent.clone());
            constrained[pos] = true;
        }
    }

    crate::schedule::dependence::check_reduction_tiles_disjoint(
        func,
        block,
        loop_id,
        &me.block.iter_vars,
        &doms,
    )?;

    // Insertion point in the loop body.
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
    let pos = match index {
        -1 => hi,
        -2 => lo,
        i if i >= 0 && (i as usize) >= lo && (i as usize) <= hi => i as usize,
        i => {
            return Err(ScheduleError::InvalidArgument {
                what: primitive,
                why: format!("index {i} is outside the valid insertion points {lo}..={hi} (or -1 for the last, -2 for the first)"),
            })
        }
    };

    // Build the new nest: one loop per iterator whose domain is not a single point.
    let mut iter_values = Vec::new();
    let mut new_loops: Vec<(crate::ir::VarId, Expr)> = Vec::new();
    for dom in &doms {
        let unit = dom.extent.as_int() == Some(1);
        if unit && !preserve_unit_loops {
            iter_values.push(dom.min.clone());
        } else {
            let v = func.new_var(format!("ax{}", new_loops.len()), crate::ir::DataType::I32);
            new_loops.push((v, dom.extent.clone()));
            iter_values.push(crate::arith::simplify(&Expr::add(
                dom.min.clone(),
                Expr::Var(v),
            )));
        }
    }
    // Where the region may run past an iterator's domain (a non-divisible split
    // above), guard the block with a predicate, as TVM does.
    let mut ranges = loop_ranges(func);
    for (v, extent) in &new_loops {
        ranges.insert(*v, Range::from_extent(extent.clone()));
    }
    let predicate =
        crate::schedule::region::domain_guard(&me.block.iter_vars, &iter_values, &ranges);
    let mut stmt = Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values,
        predicate,
        block: me.block.clone(),
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

    // Remove the block (and loops left empty), then insert the new nest.
    tree::remove_stmt(
        &mut func.body,
        &|s| matches!(s, Stmt::BlockRealize(r) if r.block.id == block),
    );
    tree::cleanup_empty(&mut func.body);
    let body = &mut tree::loop_mut(func, loop_id)
        .ok_or(ScheduleError::StaleLoop(loop_id))?
        .body;
    let old = std::mem::replace(body, Stmt::Seq(Vec::new()));
    let mut items: Vec<Stmt> = match old {
        Stmt::Seq(v) => v,
        single => vec![single],
    };
    items.insert(pos.min(items.len()), stmt);
    *body = Stmt::Seq(items);
    let ranges = loop_ranges(func);
    if let Some(l) = tree::loop_mut(func, loop_id) {
        simplify_bindings(&mut l.body, &ranges);
    }
    Ok(())
}
