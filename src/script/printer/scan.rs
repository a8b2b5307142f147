//! Whole-function facts the printer needs before it writes a line: which loops fold
//! into `T.grid`, whether the root block is implicit, which buffers fit a `T.Buffer`
//! annotation, where `storage_align` shows, and what is used but never bound.
//!
//! TVM: src/script/printer/tir/{for_loop,function}.cc. Knows only `ir`.

use std::collections::{HashMap, HashSet};

use crate::ir::{
    AnnValue, BlockId, BlockRealize, Buffer, BufferId, Expr, For, ForKind, PrimFunc, Stmt,
    StorageScope, VarId,
};

use super::expr::is_zero;
use super::names::Namer;

/// The loops that print as one `T.grid`: a chain of serial, unannotated loops from 0
/// whose extents do not use the chain's own variables.
pub(super) fn grid_nest(l: &For) -> Vec<&For> {
    let plain = |l: &For| l.kind == ForKind::Serial && is_zero(&l.min) && l.annotations.is_empty();
    let mut grid: Vec<&For> = Vec::new();
    let mut cur = Some(l);
    while let Some(c) = cur {
        if !plain(c) || grid.iter().any(|g| c.extent.uses_var(g.var)) {
            break;
        }
        grid.push(c);
        cur = match &c.body {
            Stmt::For(next) => Some(next),
            _ => None,
        };
    }
    grid
}

/// TVM hides the root block when it only holds allocations and the blocks below it.
pub(super) fn is_implicit_root(r: &BlockRealize) -> bool {
    let b = &r.block;
    if !r.iter_values.is_empty()
        || !r.predicate.is_const_true()
        || !b.iter_vars.is_empty()
        || !b.annotations.is_empty()
        || !b.match_buffers.is_empty()
        || !b.reads.is_empty()
        || !b.writes.is_empty()
        || b.init.is_some()
    {
        return false;
    }
    let mut has_block = false;
    b.body
        .visit(&mut |s| has_block |= matches!(s, Stmt::BlockRealize(_)));
    let body_is_iterless_block =
        matches!(&b.body, Stmt::BlockRealize(c) if c.block.iter_vars.is_empty());
    !b.alloc_buffers.is_empty() || (has_block && !body_is_iterless_block)
}

/// A parameter buffer that `T.Buffer(shape, dtype)` describes fully.
pub(super) fn is_simple(b: &Buffer) -> bool {
    b.scope == StorageScope::Global
        && b.strides.is_empty()
        && b.elem_offset.as_ref().is_none_or(is_zero)
}

/// `buffer_dim_align` annotations for `storage_align`ed buffers, keyed by the first
/// block (pre-order) that writes each buffer: `[[write_index, axis, factor, offset]]`.
pub(super) fn dim_align_annotations(f: &PrimFunc) -> HashMap<BlockId, AnnValue> {
    let mut out: HashMap<BlockId, Vec<AnnValue>> = HashMap::new();
    let mut done: HashSet<BufferId> = HashSet::new();
    for block in f.blocks() {
        if block
            .annotations
            .iter()
            .any(|(k, _)| k == "buffer_dim_align")
        {
            continue;
        }
        for (idx, w) in block.writes.iter().enumerate() {
            let Some(buf) = f.buffers.get(w.buffer.0 as usize) else {
                continue;
            };
            if buf.axis_align.is_empty() || !done.insert(w.buffer) {
                continue;
            }
            for &(axis, factor, offset) in &buf.axis_align {
                out.entry(block.id).or_default().push(AnnValue::List(vec![
                    AnnValue::Int(idx as i64),
                    AnnValue::Int(axis as i64),
                    AnnValue::Int(factor),
                    AnnValue::Int(offset),
                ]));
            }
        }
    }
    out.into_iter()
        .map(|(k, v)| (k, AnnValue::List(v)))
        .collect()
}

/// Variables used but bound nowhere in the function, and buffers accessed but never
/// declared, each in first-use order.
pub(super) fn free_vars_and_buffers(f: &PrimFunc, names: &Namer) -> (Vec<VarId>, Vec<BufferId>) {
    let mut bound: HashSet<VarId> = HashSet::new();
    let mut declared: HashSet<BufferId> = HashSet::new();
    let mut used_vars: Vec<VarId> = Vec::new();
    let mut used_bufs: Vec<BufferId> = Vec::new();
    let use_expr = |e: &Expr, vars: &mut Vec<VarId>, bufs: &mut Vec<BufferId>| {
        e.visit(&mut |x| match x {
            Expr::Var(v) => vars.push(*v),
            Expr::Load(b, _) => bufs.push(*b),
            _ => {}
        });
    };
    f.body.visit(&mut |s| {
        s.for_each_expr(|e| use_expr(e, &mut used_vars, &mut used_bufs));
        match s {
            Stmt::For(l) => {
                bound.insert(l.var);
            }
            Stmt::LetStmt(l) => {
                bound.insert(l.var);
            }
            Stmt::BufferStore(st) => used_bufs.push(st.buffer),
            Stmt::BlockRealize(r) => {
                let b = &r.block;
                bound.extend(b.iter_vars.iter().map(|iv| iv.var));
                declared.extend(b.alloc_buffers.iter().copied());
                declared.extend(b.match_buffers.iter().map(|m| m.buffer));
                let regions = b.reads.iter().chain(&b.writes);
                used_bufs.extend(regions.map(|r| r.buffer));
                used_bufs.extend(b.match_buffers.iter().map(|m| m.source.buffer));
            }
            _ => {}
        }
    });
    // Shapes of every buffer the text mentions can use variables too.
    let mut all_bufs: Vec<BufferId> = f.param_buffers();
    all_bufs.extend(declared.iter().copied());
    all_bufs.extend(used_bufs.iter().copied());
    all_bufs.sort();
    all_bufs.dedup();
    for b in all_bufs {
        if let Some(buf) = f.buffers.get(b.0 as usize) {
            let exprs = buf.shape.iter().chain(&buf.strides).chain(&buf.elem_offset);
            for e in exprs {
                use_expr(e, &mut used_vars, &mut Vec::new());
            }
        }
    }
    let mut seen = HashSet::new();
    let vars = used_vars
        .into_iter()
        .filter(|v| !bound.contains(v) && !names.is_var_defined(*v) && seen.insert(*v))
        .collect();
    let mut seen = HashSet::new();
    let bufs = used_bufs
        .into_iter()
        .filter(|b| !declared.contains(b) && !names.is_buffer_defined(*b) && seen.insert(*b))
        .collect();
    (vars, bufs)
}
