//! annotate, unannotate, storage_align, set_scope.
//!
//! TVM: src/tir/schedule/primitive/annotate.cc, block_annotate.cc

use super::loop_transformation::BlockOrLoop;
use crate::ir::{AnnValue, Annotations, BlockId, PrimFunc, StorageScope};
use crate::schedule::analysis::{block_culprit, get_block, get_loop};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// The annotation key TVM uses for storage_align.
pub const BUFFER_DIM_ALIGN: &str = "buffer_dim_align";

/// tirtui's block annotation laying out the shared buffer a block writes
/// (its write 0) with a 32/64/128-byte swizzle (`ir::Buffer::swizzle_bytes`):
/// the layout wgmma descriptors and TMA copies name. TVM keeps it as an
/// ordinary annotation.
pub const BUFFER_SWIZZLE: &str = "buffer_swizzle";

/// tirtui's loop annotation: how many wgmma groups stay in flight at the
/// end of each iteration of the loop (`lower::batch_wgmma`; PTX's
/// `wgmma.wait_group N`). TVM keeps it as an ordinary annotation.
pub const WGMMA_WAIT_GROUP: &str = "wgmma_wait_group";

/// tirtui's block annotation: the shared tile the block copies from global
/// memory (a cache_read block) is filled by the Tensor Memory Accelerator,
/// one thread issuing a bulk tensor copy that an mbarrier counts
/// (`lower::tma_copy`; TileLang's `tma_load`). TVM keeps it as an ordinary
/// annotation.
pub const TMA_LOAD: &str = "tma_load";

fn annotations_mut(
    func: &mut PrimFunc,
    target: BlockOrLoop,
) -> Result<&mut Annotations, ScheduleError> {
    match target {
        BlockOrLoop::Block(b) => Ok(&mut tree::block_realize_mut(func, b)
            .ok_or(ScheduleError::StaleBlock(b))?
            .block
            .annotations),
        BlockOrLoop::Loop(l) => Ok(&mut tree::loop_mut(func, l)
            .ok_or(ScheduleError::StaleLoop(l))?
            .annotations),
    }
}

pub fn annotate(
    func: &mut PrimFunc,
    target: BlockOrLoop,
    key: &str,
    value: AnnValue,
) -> Result<(), ScheduleError> {
    if key.is_empty() {
        return Err(ScheduleError::InvalidArgument {
            what: "annotate",
            why: "the annotation key is empty".into(),
        });
    }
    if key == BUFFER_SWIZZLE {
        check_swizzle(func, target, &value)?;
    }
    if key == WGMMA_WAIT_GROUP {
        check_wait_group(target, &value)?;
    }
    if key == TMA_LOAD {
        check_tma_load(func, target, &value)?;
    }
    let anns = annotations_mut(func, target)?;
    match anns.iter_mut().find(|(k, _)| k == key) {
        Some(slot) => slot.1 = value,
        None => anns.push((key.to_string(), value)),
    }
    Ok(())
}

/// `buffer_swizzle` goes on a block that writes a shared buffer the
/// function allocates, with a swizzle row of 32, 64 or 128 bytes.
fn check_swizzle(
    func: &PrimFunc,
    target: BlockOrLoop,
    value: &AnnValue,
) -> Result<(), ScheduleError> {
    let bad = |why: String| ScheduleError::InvalidArgument {
        what: "annotate",
        why,
    };
    let BlockOrLoop::Block(block) = target else {
        return Err(bad(format!(
            "`{BUFFER_SWIZZLE}` lays out the buffer a block writes: annotate the block that fills the shared tile (e.g. the cache_read block), not a loop"
        )));
    };
    if !matches!(value, AnnValue::Int(32 | 64 | 128)) {
        return Err(bad(format!(
            "`{BUFFER_SWIZZLE}` takes the swizzle row in bytes, 32, 64 or 128 (wgmma's and TMA's swizzle modes)"
        )));
    }
    written_tile_is_shared(
        func,
        block,
        &format!("`{BUFFER_SWIZZLE}` swizzles shared memory"),
    )
}

/// The buffer `block` writes is one the function allocates in shared memory;
/// `what` says why the annotation needs it.
fn written_tile_is_shared(
    func: &PrimFunc,
    block: BlockId,
    what: &str,
) -> Result<(), ScheduleError> {
    let buffer = allocated_write_buffer(func, block, 0)?;
    let buf = func.buffer(buffer);
    if !buf.scope.is_shared() {
        return Err(ScheduleError::InvalidArgument {
            what: "annotate",
            why: format!(
                "{what}; {} is in {} memory (cache it with storage_scope shared)",
                buf.name,
                buf.scope.name()
            ),
        });
    }
    Ok(())
}

/// `wgmma_wait_group` goes on a loop, with PTX's range of groups, 0 to 7.
fn check_wait_group(target: BlockOrLoop, value: &AnnValue) -> Result<(), ScheduleError> {
    let bad = |why: String| ScheduleError::InvalidArgument {
        what: "annotate",
        why,
    };
    if matches!(target, BlockOrLoop::Block(_)) {
        return Err(bad(format!(
            "`{WGMMA_WAIT_GROUP}` says how many wgmma groups a loop leaves in flight per iteration: annotate the pipelined k loop, not a block"
        )));
    }
    if !matches!(value, AnnValue::Int(0..=7)) {
        return Err(bad(format!(
            "`{WGMMA_WAIT_GROUP}` takes the number of wgmma groups left in flight, 0 to 7 (PTX's wgmma.wait_group N)"
        )));
    }
    Ok(())
}

/// `tma_load: 1` goes on a block that writes a shared buffer the function
/// allocates (the cache_read block of a tile); lowering checks the rest
/// (a box copy from a 2-d global parameter, the swizzle, the pipeline).
fn check_tma_load(
    func: &PrimFunc,
    target: BlockOrLoop,
    value: &AnnValue,
) -> Result<(), ScheduleError> {
    let bad = |why: String| ScheduleError::InvalidArgument {
        what: "annotate",
        why,
    };
    let BlockOrLoop::Block(block) = target else {
        return Err(bad(format!(
            "`{TMA_LOAD}` copies the shared tile a block writes: annotate the cache_read block that fills it, not a loop"
        )));
    };
    if !matches!(value, AnnValue::Int(1)) {
        return Err(bad(format!(
            "`{TMA_LOAD}` takes 1 (the block's tile is copied by the Tensor Memory Accelerator); remove the annotation to copy it with the threads"
        )));
    }
    written_tile_is_shared(
        func,
        block,
        &format!("`{TMA_LOAD}` copies into shared memory"),
    )
}

pub fn unannotate(
    func: &mut PrimFunc,
    target: BlockOrLoop,
    key: &str,
) -> Result<(), ScheduleError> {
    let anns = annotations_mut(func, target)?;
    let before = anns.len();
    anns.retain(|(k, _)| k != key);
    if anns.len() == before {
        return Err(ScheduleError::InvalidArgument {
            what: "unannotate",
            why: format!("there is no annotation `{key}` to remove"),
        });
    }
    Ok(())
}

/// TVM's `storage_align`: pads the stride of `axis` of the buffer the block writes
/// so that `stride % factor == offset` (avoids shared-memory bank conflicts).
pub fn storage_align(
    func: &mut PrimFunc,
    block: BlockId,
    buffer_index: i64,
    axis: i64,
    factor: i64,
    offset: i64,
) -> Result<(), ScheduleError> {
    let buffer = allocated_write_buffer(func, block, buffer_index)?;
    let ndim = func.buffer(buffer).shape.len() as i64;
    let axis = if axis < 0 { axis + ndim } else { axis };
    if axis < 0 || axis >= ndim {
        return Err(ScheduleError::InvalidArgument {
            what: "storage_align",
            why: format!("axis {axis} is out of range for a {ndim}-d buffer"),
        });
    }
    if factor <= 0 || offset < 0 || offset >= factor {
        return Err(ScheduleError::InvalidArgument {
            what: "storage_align",
            why: format!(
                "need factor > 0 and 0 <= offset < factor, got factor {factor}, offset {offset}"
            ),
        });
    }
    let entry = AnnValue::List(vec![
        AnnValue::Int(buffer_index),
        AnnValue::Int(axis),
        AnnValue::Int(factor),
        AnnValue::Int(offset),
    ]);
    let anns = annotations_mut(func, BlockOrLoop::Block(block))?;
    match anns.iter_mut().find(|(k, _)| k == BUFFER_DIM_ALIGN) {
        Some((_, AnnValue::List(items))) => {
            items.retain(|it| {
                !matches!(it, AnnValue::List(v) if v.first() == Some(&AnnValue::Int(buffer_index)) && v.get(1) == Some(&AnnValue::Int(axis)))
            });
            items.push(entry);
        }
        _ => {
            anns.retain(|(k, _)| k != BUFFER_DIM_ALIGN);
            anns.push((BUFFER_DIM_ALIGN.to_string(), AnnValue::List(vec![entry])));
        }
    }
    Ok(())
}

/// TVM's `set_scope`: changes the storage scope of a buffer the block writes
/// and renames it after the scope.
pub fn set_scope(
    func: &mut PrimFunc,
    block: BlockId,
    buffer_index: i64,
    scope: &str,
) -> Result<(), ScheduleError> {
    let storage = StorageScope::from_name(scope)
        .ok_or_else(|| ScheduleError::UnknownStorageScope(scope.to_string()))?;
    let buffer = allocated_write_buffer(func, block, buffer_index)?;
    // A block's match_buffer view of the buffer moves with it (TVM checks
    // that a view and its source agree on the scope) and is renamed alike.
    for b in super::set_dtype::with_match_views(func, buffer) {
        let buf = func.buffer_mut(b);
        // TVM 0.27 renames the buffer after its new scope (`C` -> `C_local`,
        // `shared.dyn` -> `_shared_dyn`); setting the scope it has is a no-op.
        if buf.scope != storage {
            buf.name = format!("{}_{}", buf.name, storage.name().replace('.', "_"));
            buf.scope = storage;
        }
    }
    Ok(())
}

/// The buffer the block writes at `buffer_index`, which must be one the
/// function allocates (a parameter's layout and scope are fixed).
fn allocated_write_buffer(
    func: &PrimFunc,
    block: BlockId,
    buffer_index: i64,
) -> Result<crate::ir::BufferId, ScheduleError> {
    let r = get_block(func, block)?;
    let n = r.block.writes.len();
    if buffer_index < 0 || buffer_index as usize >= n {
        return Err(ScheduleError::BufferIndexOutOfRange {
            block: block_culprit(func, block),
            kind: "write",
            index: buffer_index,
            count: n,
        });
    }
    let buffer = r.block.writes[buffer_index as usize].buffer;
    if func.is_param_buffer(buffer) {
        return Err(ScheduleError::ParamBuffer(func.buffer(buffer).name.clone()));
    }
    Ok(buffer)
}

/// Checks a loop or block handle is alive (for annotate's argument).
pub fn check_target(func: &PrimFunc, target: BlockOrLoop) -> Result<(), ScheduleError> {
    match target {
        BlockOrLoop::Block(b) => get_block(func, b).map(|_| ()),
        BlockOrLoop::Loop(l) => get_loop(func, l).map(|_| ()),
    }
}
