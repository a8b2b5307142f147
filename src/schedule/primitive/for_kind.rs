//! parallel, vectorize, unroll, bind.
//!
//! TVM: src/tir/schedule/primitive/for_kind.cc. Beyond TVM: a thread-bound loop
//! cannot be silently turned into a vectorized/unrolled/parallel one, and two
//! nested loops bound to the same thread axis are rejected when a block uses both.

use crate::ir::{ForKind, IterKind, LoopId, PrimFunc, Stmt, ThreadAxis};
use crate::schedule::analysis::{get_loop, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

fn kind_name(kind: ForKind) -> String {
    match kind {
        ForKind::Serial => "serial".into(),
        ForKind::Parallel => "parallelized".into(),
        ForKind::Vectorized => "vectorized".into(),
        ForKind::Unrolled => "unrolled".into(),
        ForKind::ThreadBinding(a) => format!("bound to {}", a.tag()),
    }
}

/// Checks that every block under the loop uses its variable only in spatial
/// iterators, or in reduction iterators when the loop is bound to threadIdx.*
/// (a cross-thread reduction; TVM's CheckLoopParallelizableInBlock).
fn check_parallelizable(func: &PrimFunc, id: LoopId, kind: ForKind) -> Result<(), ScheduleError> {
    let l = get_loop(func, id)?;
    let cross_thread = matches!(kind, ForKind::ThreadBinding(a) if a.is_thread_idx());
    for r in tree::blocks_in(&l.body) {
        for (iv, value) in r.block.iter_vars.iter().zip(&r.iter_values) {
            if !value.uses_var(l.var) {
                continue;
            }
            match iv.kind {
                IterKind::Spatial => {}
                IterKind::Reduce if cross_thread => {}
                IterKind::Reduce => {
                    return Err(ScheduleError::NotParallelizable {
                        loop_: loop_culprit(func, id),
                        what: kind_name(kind),
                        block: r.block.name.clone(),
                        iter: func.var_name(iv.var).to_string(),
                    })
                }
                IterKind::Opaque | IterKind::Scan => {
                    return Err(ScheduleError::OpaqueUse {
                        loop_: loop_culprit(func, id),
                        what: kind_name(kind),
                        block: r.block.name.clone(),
                    })
                }
            }
        }
    }
    Ok(())
}

/// TVM's CheckSubtreeCompactDataflow: every block under the loop is a
/// complete block (spatial iterators only, reading none of the buffers it
/// writes) or a reduction block with quasi-affine bindings. Anything else has
/// iterations that depend on each other in ways TVM does not let a parallel
/// or vector loop (or a thread) reorder: `B[vk] = B[vk] + A[vi, vk]` under a
/// parallel `i` races on B.
fn check_compact_dataflow(func: &PrimFunc, id: LoopId, kind: ForKind) -> Result<(), ScheduleError> {
    let l = get_loop(func, id)?;
    // The blocks directly under the loop (a blockized block's inner block is
    // the outer block's business, as in TVM's sref tree).
    for r in tree::child_blocks(&l.body) {
        let b = &r.block;
        let complete = b.iter_vars.iter().all(|iv| iv.kind == IterKind::Spatial)
            && !b
                .reads
                .iter()
                .any(|x| b.writes.iter().any(|w| w.buffer == x.buffer));
        let reduction = crate::schedule::analysis::check_reduction(func, b.id).is_ok()
            && r.iter_values
                .iter()
                .all(super::rfactor_checks::is_quasi_affine);
        if !complete && !reduction {
            return Err(ScheduleError::UnsupportedPattern {
                block: crate::schedule::analysis::block_culprit(func, b.id),
                why: format!(
                    "it is neither a complete block (spatial iterators only, reading none of what it writes) nor a reduction block (an init, quasi-affine bindings, no reduction iterator in the written indices), so {} has no compact dataflow and cannot be {}, as TVM refuses",
                    loop_culprit(func, id),
                    kind_name(kind)
                ),
            });
        }
    }
    Ok(())
}

fn set_kind(func: &mut PrimFunc, id: LoopId, kind: ForKind) -> Result<(), ScheduleError> {
    let l = get_loop(func, id)?;
    if let ForKind::ThreadBinding(axis) = l.kind {
        // TVM's unroll replaces a thread binding (the loop then runs every
        // iteration in one thread, which computes the same); parallel and
        // vectorize keep tirtui's refusal.
        if !matches!(kind, ForKind::ThreadBinding(_) | ForKind::Unrolled) {
            let what = match kind {
                ForKind::Parallel => "parallelized",
                ForKind::Vectorized => "vectorized",
                ForKind::Unrolled => "unrolled",
                _ => "changed",
            };
            return Err(ScheduleError::BoundLoop(
                loop_culprit(func, id),
                axis.tag(),
                what,
            ));
        }
    }
    if let Some(l) = tree::loop_mut(func, id) {
        l.kind = kind;
    }
    Ok(())
}

pub fn parallel(func: &mut PrimFunc, id: LoopId) -> Result<(), ScheduleError> {
    check_parallelizable(func, id, ForKind::Parallel)?;
    check_compact_dataflow(func, id, ForKind::Parallel)?;
    set_kind(func, id, ForKind::Parallel)
}

pub fn vectorize(func: &mut PrimFunc, id: LoopId) -> Result<(), ScheduleError> {
    check_parallelizable(func, id, ForKind::Vectorized)?;
    check_compact_dataflow(func, id, ForKind::Vectorized)?;
    set_kind(func, id, ForKind::Vectorized)
}

pub fn unroll(func: &mut PrimFunc, id: LoopId) -> Result<(), ScheduleError> {
    get_loop(func, id)?;
    set_kind(func, id, ForKind::Unrolled)
}

/// TVM's `bind`. A threadIdx loop may drive reduction iterators: lowering turns
/// the block into a cross-thread reduction (`lower_cross_thread_reduction`).
pub fn bind(func: &mut PrimFunc, id: LoopId, axis: ThreadAxis) -> Result<(), ScheduleError> {
    let kind = ForKind::ThreadBinding(axis);
    check_parallelizable(func, id, kind)?;
    check_compact_dataflow(func, id, kind)?;
    check_axis_conflict(func, id, axis)?;
    set_kind(func, id, kind)
}

/// Rejects binding `id` to `axis` when a nested loop (above or below it) is bound
/// to the same axis and some block's bindings use both loops: both would read the
/// same hardware index, collapsing distinct iterations onto one thread.
fn check_axis_conflict(func: &PrimFunc, id: LoopId, axis: ThreadAxis) -> Result<(), ScheduleError> {
    let me = get_loop(func, id)?;
    let mut others: Vec<&crate::ir::For> = tree::loops_in(&me.body)
        .into_iter()
        .filter(|l| l.kind == ForKind::ThreadBinding(axis))
        .collect();
    if let Some((_, above)) = tree::loop_and_loops_above(func, id) {
        others.extend(
            above
                .into_iter()
                .filter(|f| f.kind == ForKind::ThreadBinding(axis)),
        );
    }
    for other in others {
        let (outer, inner) = if tree::loop_contains_loop(func, id, other.id) {
            (me, other)
        } else {
            (other, me)
        };
        for r in tree::blocks_in(&inner.body) {
            let uses = |v| r.iter_values.iter().any(|e| e.uses_var(v)) || r.predicate.uses_var(v);
            if uses(outer.var) && uses(inner.var) {
                return Err(ScheduleError::ThreadAxisConflict {
                    loop_: loop_culprit(func, id),
                    other: loop_culprit(func, other.id),
                    axis: axis.tag(),
                    block: r.block.name.clone(),
                });
            }
        }
    }
    Ok(())
}

/// All loops of the function bound to a thread axis (used by lowering checks too).
pub fn bound_loops(func: &PrimFunc) -> Vec<(LoopId, ThreadAxis)> {
    let mut out = Vec::new();
    func.body.visit(&mut |s| {
        if let Stmt::For(l) = s {
            if let ForKind::ThreadBinding(a) = l.kind {
                out.push((l.id, a));
            }
        }
    });
    out
}
