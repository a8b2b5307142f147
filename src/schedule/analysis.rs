//! Reusable analyses and checks over a scheduled function (TVM: src/tir/schedule/analysis).

use super::error::{Culprit, ErrorExpr, ScheduleError};
use super::tree;
use crate::ir::{Block, BlockId, BlockRealize, BufferId, Expr, IterKind, LoopId, PrimFunc, Stmt};

pub fn block_culprit(func: &PrimFunc, id: BlockId) -> Culprit {
    let name = func
        .find_block(id)
        .map(|r| r.block.name.clone())
        .unwrap_or_else(|| format!("#{}", id.0));
    Culprit::Block(id, name)
}

pub fn loop_culprit(func: &PrimFunc, id: LoopId) -> Culprit {
    let name = func
        .find_loop(id)
        .map(|l| func.var_name(l.var).to_string())
        .unwrap_or_else(|| format!("#{}", id.0));
    Culprit::Loop(id, name)
}

pub fn get_block(func: &PrimFunc, id: BlockId) -> Result<&BlockRealize, ScheduleError> {
    func.find_block(id).ok_or(ScheduleError::StaleBlock(id))
}

pub fn get_loop(func: &PrimFunc, id: LoopId) -> Result<&crate::ir::For, ScheduleError> {
    func.find_loop(id).ok_or(ScheduleError::StaleLoop(id))
}

/// Buffers a block writes, from its declared write regions.
pub fn written_buffers(block: &Block) -> Vec<BufferId> {
    block.writes.iter().map(|r| r.buffer).collect()
}

/// Buffers a block reads, from its declared read regions.
pub fn read_buffers(block: &Block) -> Vec<BufferId> {
    block.reads.iter().map(|r| r.buffer).collect()
}

/// An output block writes a buffer that is a function parameter (TVM's CheckNotOutputBlock).
pub fn output_buffer_of(func: &PrimFunc, block: &Block) -> Option<BufferId> {
    written_buffers(block)
        .into_iter()
        .find(|b| func.is_param_buffer(*b))
}

/// Blocks that share a scope root with `id` (the children of its scope block), program order.
pub fn sibling_blocks(func: &PrimFunc, id: BlockId) -> Vec<BlockId> {
    sibling_realizes(func, id)
        .iter()
        .map(|c| c.block.id)
        .collect()
}

/// `sibling_blocks`, as the blocks themselves (no lookup by id for each).
fn sibling_realizes(func: &PrimFunc, id: BlockId) -> Vec<&BlockRealize> {
    match tree::scope_realize_of_block(func, id) {
        Some(r) => tree::child_blocks_of_block(&r.block),
        None => Vec::new(),
    }
}

/// Blocks of the same scope that write a buffer `id` reads (TVM's get_producers).
pub fn producers(func: &PrimFunc, id: BlockId) -> Vec<BlockId> {
    let Some(me) = func.find_block(id) else {
        return Vec::new();
    };
    let reads = read_buffers(&me.block);
    sibling_realizes(func, id)
        .into_iter()
        .filter(|r| r.block.id != id)
        .filter(|r| written_buffers(&r.block).iter().any(|w| reads.contains(w)))
        .map(|r| r.block.id)
        .collect()
}

/// Blocks of the same scope that read a buffer `id` writes (TVM's get_consumers).
pub fn consumers(func: &PrimFunc, id: BlockId) -> Vec<BlockId> {
    let Some(me) = func.find_block(id) else {
        return Vec::new();
    };
    let writes = written_buffers(&me.block);
    sibling_realizes(func, id)
        .into_iter()
        .filter(|r| r.block.id != id)
        .filter(|r| read_buffers(&r.block).iter().any(|w| writes.contains(w)))
        .map(|r| r.block.id)
        .collect()
}

/// A complete block (TVM's CheckCompleteBlock): only spatial iterators, it is
/// the only writer of its outputs in its scope (dominant), and it writes no
/// buffer it reads.
pub fn check_complete(func: &PrimFunc, id: BlockId) -> Result<(), ScheduleError> {
    let r = get_block(func, id)?;
    let block = &r.block;
    if block.init.is_some() {
        // An init makes it a reduction even when every iterator is spatial (an
        // rfactor block over its only reduction loop); found by the property test.
        return Err(ScheduleError::WrongBlockKind {
            block: block_culprit(func, id),
            want: "complete",
            why: "it has a `T.init()`: it accumulates into what it writes".into(),
        });
    }
    check_complete_but_init(func, id)
}

/// TVM's IsCompleteBlock, which does not look at the init: spatial iterators
/// only, dominant, and no declared read of what it writes. A block with an
/// init that passes runs its init at every instance (it has no reduction
/// iterator to wait for).
pub fn check_complete_but_init(func: &PrimFunc, id: BlockId) -> Result<(), ScheduleError> {
    let r = get_block(func, id)?;
    let block = &r.block;
    check_dominant(func, id, block)?;
    if let Some(iv) = block
        .iter_vars
        .iter()
        .find(|iv| iv.kind != IterKind::Spatial)
    {
        return Err(ScheduleError::WrongBlockKind {
            block: block_culprit(func, id),
            want: "complete",
            why: format!("its iterator `{}` is not spatial", func.var_name(iv.var)),
        });
    }
    let reads = read_buffers(block);
    if let Some(w) = written_buffers(block)
        .into_iter()
        .find(|w| reads.contains(w))
    {
        return Err(ScheduleError::WrongBlockKind {
            block: block_culprit(func, id),
            want: "complete",
            why: format!("it both reads and writes `{}`", func.buffer(w).name),
        });
    }
    Ok(())
}

/// TVM's IsDominantBlock: no other block of the scope writes a buffer this one
/// writes, so what a reader sees is exactly what this block computed.
fn check_dominant(func: &PrimFunc, id: BlockId, block: &Block) -> Result<(), ScheduleError> {
    for w in written_buffers(block) {
        let other = sibling_realizes(func, id)
            .into_iter()
            .find(|r| r.block.id != id && written_buffers(&r.block).contains(&w))
            .map(|r| r.block.id);
        if let Some(other) = other {
            return Err(ScheduleError::WrongBlockKind {
                block: block_culprit(func, id),
                want: "complete",
                why: format!(
                    "it is not the only writer of `{}` in its scope (block \"{}\" writes it too)",
                    func.buffer(w).name,
                    block_culprit_name(func, other)
                ),
            });
        }
    }
    Ok(())
}

fn block_culprit_name(func: &PrimFunc, id: BlockId) -> String {
    match block_culprit(func, id) {
        Culprit::Block(_, name) | Culprit::Loop(_, name) => name,
    }
}

/// A reduction block: has an init, spatial and reduce iterators only, and its
/// reduce iterators do not index the written buffer (TVM's CheckReductionBlock).
pub fn check_reduction(func: &PrimFunc, id: BlockId) -> Result<(), ScheduleError> {
    let r = get_block(func, id)?;
    let block = &r.block;
    let err = |why: String| ScheduleError::WrongBlockKind {
        block: block_culprit(func, id),
        want: "reduction",
        why,
    };
    if block.init.is_none() {
        return Err(err("it has no `T.init()`".into()));
    }
    if let Some(iv) = block.iter_vars.iter().find(|iv| iv.kind.is_opaque_like()) {
        return Err(err(format!(
            "its iterator `{}` is opaque",
            func.var_name(iv.var)
        )));
    }
    for w in &block.writes {
        for range in &w.region {
            for iv in block
                .iter_vars
                .iter()
                .filter(|iv| iv.kind == IterKind::Reduce)
            {
                if range.min.uses_var(iv.var) {
                    return Err(err(format!(
                        "the reduction iterator `{}` indexes the written buffer `{}`",
                        func.var_name(iv.var),
                        func.buffer(w.buffer).name
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Loop ids used by an expression (through their vars).
pub fn loops_used_by(func: &PrimFunc, loops: &[LoopId], e: &Expr) -> Vec<LoopId> {
    loops
        .iter()
        .copied()
        .filter(|l| func.find_loop(*l).is_some_and(|f| e.uses_var(f.var)))
        .collect()
}

/// Integer extent of a loop, or an error naming it.
pub fn const_extent(func: &PrimFunc, id: LoopId) -> Result<i64, ScheduleError> {
    let l = get_loop(func, id)?;
    l.extent.as_int().ok_or_else(|| {
        ScheduleError::NonConstantExtent(loop_culprit(func, id), ErrorExpr::new(&l.extent))
    })
}

/// Checks that a loop starts at 0 (split, fuse and friends need it).
pub fn check_starts_at_zero(func: &PrimFunc, id: LoopId) -> Result<(), ScheduleError> {
    let l = get_loop(func, id)?;
    if l.min.as_int() != Some(0) {
        return Err(ScheduleError::LoopNotStartWithZero(
            loop_culprit(func, id),
            ErrorExpr::new(&l.min),
        ));
    }
    Ok(())
}

/// All blocks under a loop (any depth).
pub fn blocks_under_loop(func: &PrimFunc, id: LoopId) -> Vec<&BlockRealize> {
    match func.find_loop(id) {
        Some(l) => tree::blocks_in(&l.body),
        None => Vec::new(),
    }
}

/// The statement that holds exactly the given block and its private loop nest:
/// the highest loop above the block (inside its scope) whose subtree has no
/// other block. Returns the loop id, or None when the block stands directly in
/// its scope's body.
pub fn private_nest_root(func: &PrimFunc, id: BlockId) -> Option<LoopId> {
    let loops = tree::loops_of_block(func, id)?;
    let mut root = None;
    for l in loops.iter().rev() {
        match func.find_loop(*l) {
            Some(f) if single_path(&f.body) => root = Some(*l),
            _ => break,
        }
    }
    root
}

/// True when a statement is a chain of loops ending in one block (no Seq on the way).
fn single_path(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::For(l) => single_path(&l.body),
        Stmt::BlockRealize(_) => true,
        _ => false,
    }
}
