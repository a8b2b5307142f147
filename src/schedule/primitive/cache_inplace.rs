//! cache_inplace: a block that reads and writes one buffer works on a copy
//! of it in another scope, filled right before the block and copied back
//! right after it.
//!
//! TVM: src/s_tir/schedule/primitive/cache_read_write.cc (CacheInplace, its
//! CacheInplaceLocDetector): a cache read then a cache write of the same new
//! buffer, both stages placed beside the block in its innermost enclosing
//! loop (or its scope block), both named after the cache (`A_local`), over
//! the regions the block declares.

use crate::ir::{BlockId, BufferId, BufferRegion, PrimFunc, Range, Stmt};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::cache_read_write::{
    flatten_into, insert_stage, make_cache_stage, nth_buffer, parse_scope, rewrite_block_buffer,
    scope_root, scoped_buffer, Loc,
};
use crate::schedule::tree;

/// TVM's `cache_inplace`: returns the read stage and the write-back stage.
pub fn cache_inplace(
    func: &mut PrimFunc,
    block: BlockId,
    read_buffer_index: i64,
    scope: &str,
) -> Result<Vec<BlockId>, ScheduleError> {
    let storage = parse_scope(scope)?;
    let buffer = nth_buffer(func, block, read_buffer_index, false)?;
    let scope_block = scope_root(func, block)?;
    let (read_region, write_region) = declared_regions(func, block, buffer)?;
    let (loc, pos) = stage_location(func, scope_block, block)?;
    let cache = scoped_buffer(func, buffer, storage);
    let name = format!("{}_{}", func.buffer(buffer).name, scope.replace('.', "_"));
    let (read_stage, read_id) =
        make_cache_stage(func, name.clone(), &read_region, buffer, cache, None);
    let (write_stage, write_id) = make_cache_stage(func, name, &write_region, cache, buffer, None);
    // The block (and anything nested in it) now reads and writes the cache
    // only: TVM's read rewriter leaves the writer alone and its write
    // rewriter then replaces every access of the writer.
    if let Some(r) = tree::block_realize_mut(func, block) {
        rewrite_block_buffer(&mut r.block, buffer, cache, None);
    }
    insert_stage(func, loc, pos, read_stage)?;
    // After the read stage and the block itself.
    insert_stage(func, loc, pos + 2, write_stage)?;
    if let Some(r) = tree::block_realize_mut(func, scope_block) {
        r.block.alloc_buffers.push(cache);
    }
    Ok(vec![read_id, write_id])
}

/// The regions of `buffer` the block declares reading and writing. Refuses
/// a block that does not do both (TVM's NotReadWriteError) and regions over
/// the block's own iterators: the stages sit outside the block, where TVM
/// leaves those iterators unbound (its program reads an undefined `vi`).
fn declared_regions(
    func: &PrimFunc,
    block: BlockId,
    buffer: BufferId,
) -> Result<(Vec<Range>, Vec<Range>), ScheduleError> {
    let b = &get_block(func, block)?.block;
    let find = |regions: &[BufferRegion]| {
        regions
            .iter()
            .find(|r| r.buffer == buffer)
            .map(|r| r.region.clone())
    };
    let name = func.buffer(buffer).name.clone();
    let (Some(read), Some(write)) = (find(&b.reads), find(&b.writes)) else {
        return Err(ScheduleError::BlockPrecondition {
            block: block_culprit(func, block),
            primitive: "cache_inplace",
            why: format!("does not both read and write `{name}`"),
            hint: "cache_inplace is for a block that updates a buffer in place; use cache_read or cache_write otherwise".into(),
        });
    };
    let iters: Vec<_> = b.iter_vars.iter().map(|iv| iv.var).collect();
    let uses_iter = |region: &[Range]| {
        region.iter().any(|r| {
            iters
                .iter()
                .any(|v| r.min.uses_var(*v) || r.extent.uses_var(*v))
        })
    };
    if uses_iter(&read) || uses_iter(&write) {
        return Err(ScheduleError::BlockPrecondition {
            block: block_culprit(func, block),
            primitive: "cache_inplace",
            why: format!(
                "declares its region of `{name}` over its own iterators; the copy stages go \
                 outside the block, where TVM 0.27 leaves those iterators unbound (its program \
                 would read an undefined variable)"
            ),
            hint: "blockize the block first so that its region is over the loops outside, or use cache_read and cache_write".into(),
        });
    }
    Ok((read, write))
}

/// TVM's CacheInplaceLocDetector: the innermost loop around the block (the
/// scope block when there is none), before the child that holds the block.
fn stage_location(
    func: &PrimFunc,
    scope_block: BlockId,
    block: BlockId,
) -> Result<(Loc, usize), ScheduleError> {
    let loops = tree::loops_of_block(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    let (loc, body) = match loops.last() {
        Some(l) => (
            Loc::Loop(*l),
            &func.find_loop(*l).ok_or(ScheduleError::StaleLoop(*l))?.body,
        ),
        None => (
            Loc::Block(scope_block),
            &get_block(func, scope_block)?.block.body,
        ),
    };
    let pos = match body {
        Stmt::Seq(v) => {
            let mut children = Vec::with_capacity(v.len());
            flatten_into(v, &mut children);
            children
                .iter()
                .position(|c| tree::blocks_in(c).iter().any(|b| b.block.id == block))
                .unwrap_or(0)
        }
        _ => 0,
    };
    Ok((loc, pos))
}
