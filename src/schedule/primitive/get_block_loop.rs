//! get_block, get_loops, get_child_blocks, get_producers, get_consumers.
//!
//! TVM: src/tir/schedule/primitive/get_block_loop.cc

use super::loop_transformation::BlockOrLoop;
use crate::ir::{BlockId, LoopId, PrimFunc};
use crate::schedule::analysis::{self, get_block, get_loop};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// TVM's `get_block` (`get_sblock` in current TVM): the one block with this name.
pub fn get_block_by_name(func: &PrimFunc, name: &str) -> Result<BlockId, ScheduleError> {
    let found = func.blocks_named(name);
    match found.len() {
        1 => Ok(found[0].id),
        0 => Err(ScheduleError::NoSuchBlock {
            name: name.to_string(),
            known: func
                .blocks()
                .iter()
                .filter(|b| b.name != "root")
                .map(|b| format!("\"{}\"", b.name))
                .collect(),
        }),
        n => Err(ScheduleError::AmbiguousBlock {
            name: name.to_string(),
            count: n,
        }),
    }
}

/// TVM's `get_loops`: every loop above the block up to its scope, outermost first.
pub fn get_loops(func: &PrimFunc, block: BlockId) -> Result<Vec<LoopId>, ScheduleError> {
    get_block(func, block)?;
    tree::loops_of_block(func, block).ok_or(ScheduleError::StaleBlock(block))
}

/// TVM's `get_child_blocks`: blocks directly under a block or loop (not nested deeper).
pub fn get_child_blocks(
    func: &PrimFunc,
    target: BlockOrLoop,
) -> Result<Vec<BlockId>, ScheduleError> {
    let children = match target {
        BlockOrLoop::Block(b) => tree::child_blocks_of_block(&get_block(func, b)?.block),
        BlockOrLoop::Loop(l) => tree::child_blocks(&get_loop(func, l)?.body),
    };
    Ok(children.iter().map(|r| r.block.id).collect())
}

pub fn get_producers(func: &PrimFunc, block: BlockId) -> Result<Vec<BlockId>, ScheduleError> {
    get_block(func, block)?;
    Ok(analysis::producers(func, block))
}

pub fn get_consumers(func: &PrimFunc, block: BlockId) -> Result<Vec<BlockId>, ScheduleError> {
    get_block(func, block)?;
    Ok(analysis::consumers(func, block))
}
