//! unsafe_set_dtype: change the element type of a buffer a block allocates.
//!
//! TVM: src/s_tir/schedule/primitive/layout_transformation.cc (SetDType's
//! checks) — the buffer is the block's `buffer_index`-th write, allocated by a
//! block (not a parameter, not a match_buffer view); every store to it casts
//! the stored value to the new type and every load from it casts back to the
//! old one, so the rest of the program keeps its types. "Unsafe": values the
//! new type cannot hold are rounded or wrapped, as the casts say.

use crate::ir::{BlockId, BufferId, DataType, Expr, PrimFunc, Stmt};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;

/// TVM's `unsafe_set_dtype(block, buffer_index, dtype)`. Setting the type the
/// buffer already has changes nothing (TVM does the same).
pub fn unsafe_set_dtype(
    func: &mut PrimFunc,
    block: BlockId,
    buffer_index: i64,
    dtype: &str,
) -> Result<(), ScheduleError> {
    let new = DataType::from_name(dtype).ok_or_else(|| ScheduleError::InvalidArgument {
        what: "unsafe_set_dtype.dtype",
        why: format!(
            "unknown dtype `{dtype}`; one of {}",
            DataType::ALL.map(DataType::name).join(", ")
        ),
    })?;
    let buffer = block_allocated_write(func, block, buffer_index)?;
    let old = func.buffer(buffer).dtype;
    if old == new {
        return Ok(());
    }
    // A block's match_buffer view of the buffer takes its type too (TVM
    // checks that a view and its source agree), with the same casts.
    let retyped = with_match_views(func, buffer);
    for &b in &retyped {
        func.buffer_mut(b).dtype = new;
    }
    func.body.visit_mut(&mut |s| {
        s.for_each_expr_mut(|e| cast_loads(e, &retyped, old));
        if let Stmt::BufferStore(store) = s {
            if retyped.contains(&store.buffer) {
                let value = std::mem::replace(&mut store.value, Expr::Int(0, DataType::I32));
                store.value = Expr::Cast(new, Box::new(value));
            }
        }
    });
    Ok(())
}

/// The block's `buffer_index`-th written buffer, which some block must
/// allocate (TVM refuses parameters and match_buffer views alike).
fn block_allocated_write(
    func: &PrimFunc,
    block: BlockId,
    buffer_index: i64,
) -> Result<BufferId, ScheduleError> {
    let writes = &get_block(func, block)?.block.writes;
    let Some(region) = usize::try_from(buffer_index)
        .ok()
        .and_then(|i| writes.get(i))
    else {
        return Err(ScheduleError::BufferIndexOutOfRange {
            block: block_culprit(func, block),
            kind: "write",
            index: buffer_index,
            count: writes.len(),
        });
    };
    let buffer = region.buffer;
    let allocated = func
        .blocks()
        .iter()
        .any(|b| b.alloc_buffers.contains(&buffer));
    if !allocated {
        return Err(ScheduleError::InvalidArgument {
            what: "unsafe_set_dtype.buffer_index",
            why: format!(
                "`{}` is not allocated by a block: it is a parameter of the function or a match_buffer view, whose type is fixed",
                func.buffer(buffer).name
            ),
        });
    }
    Ok(buffer)
}

/// `buffer` and every match_buffer view of it, views of views included.
pub fn with_match_views(func: &PrimFunc, buffer: BufferId) -> Vec<BufferId> {
    let blocks = func.blocks();
    let mut out = vec![buffer];
    let mut next = 0;
    while let Some(&source) = out.get(next) {
        for view in blocks.iter().flat_map(|b| &b.match_buffers) {
            if view.source.buffer == source && !out.contains(&view.buffer) {
                out.push(view.buffer);
            }
        }
        next += 1;
    }
    out
}

/// Wraps every load of `buffers` in `e` (at any depth) in a cast to `old`.
fn cast_loads(e: &mut Expr, buffers: &[BufferId], old: DataType) {
    e.for_each_child_mut(|c| cast_loads(c, buffers, old));
    if matches!(e, Expr::Load(b, _) if buffers.contains(b)) {
        let load = std::mem::replace(e, Expr::Int(0, DataType::I32));
        *e = Expr::Cast(old, Box::new(load));
    }
}
