//! transform_layout's padding by an epilogue (TVM's EpiloguePlan): where the
//! buffer's writer cannot be rewritten to loop over the new shape (its body
//! stores more than the buffer, or it does not store at its iterators), a
//! block `buffer_<B>_padding` after the writer's statement fills every
//! padding element with the pad value, under `T.where(<padding>)`.
//!
//! The writer's own accesses never reach the padding (they are the old
//! indices, mapped), so writing it afterwards changes no value the program
//! computed; it only defines the padding, as TVM does.
//!
//! TVM: src/s_tir/schedule/primitive/layout_transformation.cc (EpiloguePlan).

use super::index_map::MapExpr;
use super::layout_transformation::{pad_expr, padding_condition, PadValue};
use crate::ir::{
    Block, BlockId, BlockRealize, BufferId, BufferRegion, BufferStore, DataType, Expr, For,
    ForKind, IterKind, IterVar, PrimFunc, Range, Shared, Stmt,
};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// What the epilogue needs: the map's inverse (old index of each new one),
/// the old and new shapes and the value.
pub struct Padding<'a> {
    pub inverse: &'a [MapExpr],
    pub shape: &'a [i64],
    pub new_shape: &'a [i64],
    pub pad: &'a PadValue,
}

/// Puts the padding block after the statement of `writer`'s scope that
/// holds it. `buf` already has its new shape and accesses.
pub fn insert(
    func: &mut PrimFunc,
    buf: BufferId,
    writer: BlockId,
    padding: &Padding<'_>,
) -> Result<(), ScheduleError> {
    let scope = tree::scope_of_block(func, writer).ok_or(ScheduleError::StaleBlock(writer))?;
    let stmt = padding_nest(func, buf, padding);
    let realize = tree::block_realize_mut(func, scope).ok_or(ScheduleError::StaleBlock(scope))?;
    let body = &mut realize.block.body;
    let holds_writer = |s: &Stmt| tree::blocks_in(s).iter().any(|r| r.block.id == writer);
    match body {
        Stmt::Seq(items) => {
            let at = items
                .iter()
                .position(holds_writer)
                .ok_or(ScheduleError::StaleBlock(writer))?;
            items.insert(at + 1, stmt);
        }
        other => {
            let first = std::mem::replace(other, Stmt::Seq(Vec::new()));
            *other = Stmt::Seq(vec![first, stmt]);
        }
    }
    Ok(())
}

/// `for axis0, ..: with block("buffer_B_padding"): T.where(padding) B[v..] = pad`.
fn padding_nest(func: &mut PrimFunc, buf: BufferId, padding: &Padding<'_>) -> Stmt {
    let n = padding.new_shape.len();
    let loop_vars: Vec<_> = (0..n)
        .map(|k| func.new_var(format!("axis{k}"), DataType::I32))
        .collect();
    let iter_vars: Vec<_> = (0..n)
        .map(|k| func.new_var(format!("v_axis{k}"), DataType::I32))
        .collect();
    let loop_idx: Vec<Expr> = loop_vars.iter().map(|v| Expr::var(*v)).collect();
    let new_idx: Vec<Expr> = iter_vars.iter().map(|v| Expr::var(*v)).collect();
    let dtype = func.buffer(buf).dtype;
    let (name, block_id) = (
        format!("buffer_{}_padding", func.buffer(buf).name),
        func.new_block_id(),
    );
    let block = Block {
        id: block_id,
        name,
        iter_vars: iter_vars
            .iter()
            .zip(padding.new_shape)
            .map(|(v, d)| IterVar {
                var: *v,
                dom: Range::from_extent(Expr::int(*d)),
                kind: IterKind::Spatial,
            })
            .collect(),
        reads: Vec::new(),
        writes: vec![BufferRegion {
            buffer: buf,
            region: new_idx.iter().map(|e| Range::point(e.clone())).collect(),
        }],
        init: None,
        body: Stmt::BufferStore(BufferStore {
            buffer: buf,
            indices: new_idx.clone(),
            value: pad_expr(padding.pad, dtype, &new_idx),
        }),
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        annotations: Vec::new(),
    };
    let mut stmt = Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values: loop_idx.clone(),
        predicate: padding_condition(padding.inverse, padding.shape, &loop_idx),
        block,
    }));
    for (k, v) in loop_vars.iter().enumerate().rev() {
        stmt = Stmt::For(Shared::new(For {
            id: func.new_loop_id(),
            var: *v,
            min: Expr::int(0),
            extent: Expr::int(padding.new_shape[k]),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    stmt
}
