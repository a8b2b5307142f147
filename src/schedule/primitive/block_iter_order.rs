//! reorder_block_iter_var: the order in which a block declares its
//! iterators (and their bindings), nothing else.
//!
//! TVM: src/s_tir/schedule/primitive/reorder_block_iter_var.cc. The new order
//! must be a permutation of the iterators' positions; the block's body,
//! regions and loops do not change, so neither does what it computes.

use crate::ir::{BlockId, PrimFunc};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// TVM's `reorder_block_iter_var(block, new_order)`: the iterator at
/// `new_order[i]` becomes the i-th.
pub fn reorder_block_iter_var(
    func: &mut PrimFunc,
    block: BlockId,
    new_order: &[i64],
) -> Result<(), ScheduleError> {
    let count = get_block(func, block)?.block.iter_vars.len();
    let mut seen = vec![false; count];
    let valid = new_order.len() == count
        && new_order.iter().all(|&i| {
            usize::try_from(i)
                .ok()
                .filter(|&i| i < count)
                .is_some_and(|i| !std::mem::replace(&mut seen[i], true))
        });
    if !valid {
        let shown: Vec<String> = new_order.iter().map(i64::to_string).collect();
        return Err(ScheduleError::BlockPrecondition {
            block: block_culprit(func, block),
            primitive: "reorder_block_iter_var",
            why: format!(
                "has {count} iterators, and [{}] is not a permutation of [0, 1, ..., {}]",
                shown.join(", "),
                count.saturating_sub(1)
            ),
            hint: format!("list each of the block's {count} iterator positions once"),
        });
    }
    if tree::scope_of_block(func, block).is_none() {
        return Err(ScheduleError::InvalidArgument {
            what: "reorder_block_iter_var.block",
            why: "the root block's iterators cannot be reordered".into(),
        });
    }
    let realize = tree::block_realize_mut(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    let order: Vec<usize> = new_order
        .iter()
        .filter_map(|&i| usize::try_from(i).ok())
        .collect();
    let iters = order
        .iter()
        .map(|&i| realize.block.iter_vars[i].clone())
        .collect();
    let values = order
        .iter()
        .map(|&i| realize.iter_values[i].clone())
        .collect();
    realize.block.iter_vars = iters;
    realize.iter_values = values;
    Ok(())
}
