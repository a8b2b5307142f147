//! The checks of compute_at / reverse_compute_at before anything moves: where
//! the target loop is, which blocks must be under it, and the dependences and
//! writes that moving the block must not reorder.

use super::Move;
use crate::ir::{BlockId, BufferId, PrimFunc};
use crate::schedule::analysis::{
    block_culprit, check_complete, check_reduction, consumers, get_block, get_loop, loop_culprit,
    output_buffer_of, producers,
};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// The target loop is outside the block's own nest and in its scope; the block
/// is not an output (compute_at) and is complete or a reduction.
pub(super) fn check_placement(func: &PrimFunc, mv: Move) -> Result<(), ScheduleError> {
    let Move {
        block,
        loop_id,
        reverse,
    } = mv;
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
    Ok(())
}

/// The related blocks (consumers for compute_at, producers for reverse), which
/// must all be under the loop.
pub(super) fn related_blocks_under_loop(
    func: &PrimFunc,
    mv: Move,
) -> Result<Vec<BlockId>, ScheduleError> {
    let Move {
        block,
        loop_id,
        reverse,
    } = mv;
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
    Ok(related)
}

/// Dependences outside the loop must keep their order: for compute_at every
/// producer outside the loop runs before it; for reverse_compute_at every
/// consumer outside the loop runs after it.
pub(super) fn check_outside_dependences(func: &PrimFunc, mv: Move) -> Result<(), ScheduleError> {
    let Move {
        block,
        loop_id,
        reverse,
    } = mv;
    let order: Vec<BlockId> = func.blocks().iter().map(|b| b.id).collect();
    let inside: Vec<usize> = tree::blocks_in(&get_loop(func, loop_id)?.body)
        .iter()
        .filter_map(|r| order.iter().position(|b| *b == r.block.id))
        .collect();
    let (Some(first), Some(last)) = (inside.iter().min(), inside.iter().max()) else {
        return Ok(());
    };
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
                    "its {} {} runs {} {}, so {} would break that dependence",
                    if must_precede { "producer" } else { "consumer" },
                    block_culprit(func, other),
                    if must_precede { "after" } else { "before" },
                    loop_culprit(func, loop_id),
                    mv.primitive()
                ),
            });
        }
    }
    Ok(())
}

/// Another block under the loop that also writes what this block writes would
/// interleave with it differently once this block runs inside the loop.
pub(super) fn check_no_other_writer(func: &PrimFunc, mv: Move) -> Result<(), ScheduleError> {
    let Move { block, loop_id, .. } = mv;
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
    let Some(other) = tree::blocks_in(target_body).into_iter().find(|r| {
        r.block.id != block && r.block.writes.iter().any(|w| me_writes.contains(&w.buffer))
    }) else {
        return Ok(());
    };
    let buffer = other
        .block
        .writes
        .iter()
        .find(|w| me_writes.contains(&w.buffer))
        .map(|w| func.buffer(w.buffer).name.clone())
        .unwrap_or_default();
    Err(ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block),
        why: format!(
            "block \"{}\" in the loop nest of {} also writes `{buffer}`; {} would change the order of their writes",
            other.block.name,
            loop_culprit(func, loop_id),
            mv.primitive()
        ),
    })
}
