//! cache_read, cache_write.
//!
//! TVM: src/tir/schedule/primitive/cache_read_write.cc. The cache stage is a
//! copy block (`A_shared`, `C_local`) over the region the cached block touches,
//! inserted where TVM's CacheLocDetector would put it.

use crate::ir::{
    Block, BlockId, BlockRealize, Buffer, BufferId, BufferRegion, BufferStore, DataType, Expr, For,
    ForKind, IterKind, IterVar, LoopId, PrimFunc, Range, Stmt, StorageScope,
};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::region::{full_region, relaxed_access};
use crate::schedule::tree;

/// Where a new stage goes: the body of a block or loop, at a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Loc {
    Block(BlockId),
    Loop(LoopId),
}

/// TVM's CacheLocDetector: the lowest common ancestor of `block` and any of
/// `related`, and the position right before the first related child after `block`.
struct Detector<'a> {
    scope: BlockId,
    block: BlockId,
    related: &'a [BlockId],
    visited_block: bool,
    visited_related: bool,
    loc: Option<Loc>,
    loc_pos: Option<usize>,
}

impl Detector<'_> {
    fn visit(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Seq(v) => {
                let (prev_b, prev_r) = (self.visited_block, self.visited_related);
                self.visited_block = false;
                self.visited_related = false;
                let mut pos = None;
                // Positions count the flattened sequence, as `insert_stage`
                // inserts into it: a step that nests one sequence in another
                // (merge, decompose_reduction) must not shift the stage past
                // a consumer (found by the property test: a cache read after
                // merge landed after its first reader).
                let mut children = Vec::with_capacity(v.len());
                flatten_into(v, &mut children);
                for (i, s) in children.into_iter().enumerate() {
                    if self.loc_pos.is_some() {
                        break;
                    }
                    self.visit(s);
                    if self.visited_block && self.visited_related && pos.is_none() {
                        pos = Some(i);
                    }
                }
                self.visited_block |= prev_b;
                self.visited_related |= prev_r;
                if self.visited_block && self.visited_related && self.loc_pos.is_none() {
                    self.loc_pos = pos;
                }
            }
            Stmt::BlockRealize(r) => {
                let id = r.block.id;
                if id == self.scope {
                    self.visit(&r.block.body);
                    if self.visited_block && self.visited_related && self.loc.is_none() {
                        self.loc = Some(Loc::Block(id));
                        if self.loc_pos.is_none() {
                            self.loc_pos = Some(1);
                        }
                    }
                } else if id == self.block {
                    self.visited_block = true;
                } else if self.related.contains(&id) {
                    self.visited_related = true;
                }
            }
            Stmt::For(l) => {
                self.visit(&l.body);
                if self.visited_block
                    && self.visited_related
                    && self.loc.is_none()
                    && self.loc_pos.is_some()
                {
                    self.loc = Some(Loc::Loop(l.id));
                }
            }
            other => other.for_each_child(|c| self.visit(c)),
        }
    }
}

fn detect_location(
    func: &PrimFunc,
    scope: BlockId,
    block: BlockId,
    related: &[BlockId],
) -> (Loc, usize) {
    if related.is_empty() {
        let n = match func.find_block(scope).map(|r| &r.block.body) {
            Some(Stmt::Seq(v)) => v.len(),
            _ => 1,
        };
        return (Loc::Block(scope), n);
    }
    let mut d = Detector {
        scope,
        block,
        related,
        visited_block: false,
        visited_related: false,
        loc: None,
        loc_pos: None,
    };
    if let Some(r) = func.find_block(scope) {
        d.visit(&Stmt::BlockRealize(crate::ir::Shared::new(r.clone())));
    }
    (d.loc.unwrap_or(Loc::Block(scope)), d.loc_pos.unwrap_or(0))
}

/// Inserts `stage` into the body of `loc` at `pos`.
pub(crate) fn insert_stage(
    func: &mut PrimFunc,
    loc: Loc,
    pos: usize,
    stage: Stmt,
) -> Result<(), ScheduleError> {
    let body = match loc {
        Loc::Block(b) => {
            &mut tree::block_realize_mut(func, b)
                .ok_or(ScheduleError::StaleBlock(b))?
                .block
                .body
        }
        Loc::Loop(l) => {
            &mut tree::loop_mut(func, l)
                .ok_or(ScheduleError::StaleLoop(l))?
                .body
        }
    };
    let old = std::mem::replace(body, Stmt::Seq(Vec::new()));
    *body = match old {
        Stmt::Seq(nested) => {
            // `pos` counts the flattened sequence (`Detector`).
            let mut v = Vec::with_capacity(nested.len() + 1);
            flatten_owned(nested, &mut v);
            v.insert(pos.min(v.len()), stage);
            Stmt::Seq(v)
        }
        single if pos == 0 => Stmt::Seq(vec![stage, single]),
        single => Stmt::Seq(vec![single, stage]),
    };
    Ok(())
}

/// The statements of a sequence with nested sequences spliced in.
fn flatten_into<'a>(seq: &'a [Stmt], out: &mut Vec<&'a Stmt>) {
    for s in seq {
        match s {
            Stmt::Seq(inner) => flatten_into(inner, out),
            other => out.push(other),
        }
    }
}

/// `flatten_into` for an owned sequence.
fn flatten_owned(seq: Vec<Stmt>, out: &mut Vec<Stmt>) {
    for s in seq {
        match s {
            Stmt::Seq(inner) => flatten_owned(inner, out),
            other => out.push(other),
        }
    }
}

fn parse_scope(scope: &str) -> Result<StorageScope, ScheduleError> {
    StorageScope::from_name(scope)
        .ok_or_else(|| ScheduleError::UnknownStorageScope(scope.to_string()))
}

/// A copy of `src` in another scope, named like TVM's WithScope (`A_shared`).
fn scoped_buffer(func: &mut PrimFunc, src: BufferId, scope: StorageScope) -> BufferId {
    let b = func.buffer(src).clone();
    let name = format!("{}_{}", b.name, scope.name().replace('.', "_"));
    func.new_buffer(Buffer {
        name,
        scope,
        strides: Vec::new(),
        elem_offset: None,
        axis_align: Vec::new(),
        ..b
    })
}

/// TVM's MakeCacheStage: loops `ax0..` over `region`, a block `v0..` copying `from` into `to`.
fn make_cache_stage(
    func: &mut PrimFunc,
    name: String,
    region: &[Range],
    from: BufferId,
    to: BufferId,
) -> (Stmt, BlockId) {
    let shape = func.buffer(from).shape.clone();
    let loop_vars: Vec<_> = (0..region.len())
        .map(|i| func.new_var(format!("ax{i}"), DataType::I32))
        .collect();
    let iter_vars: Vec<IterVar> = shape
        .iter()
        .enumerate()
        .map(|(i, dim)| IterVar {
            var: func.new_var(format!("v{i}"), DataType::I32),
            dom: Range::from_extent(dim.clone()),
            kind: IterKind::Spatial,
        })
        .collect();
    let indices: Vec<Expr> = iter_vars.iter().map(|iv| Expr::Var(iv.var)).collect();
    let access: Vec<Range> = indices.iter().cloned().map(Range::point).collect();
    let iter_values: Vec<Expr> = region
        .iter()
        .zip(&loop_vars)
        .map(|(r, v)| crate::arith::simplify(&Expr::add(r.min.clone(), Expr::Var(*v))))
        .collect();
    let mut ranges = crate::schedule::region::all_loop_ranges(func);
    for (r, v) in region.iter().zip(&loop_vars) {
        ranges.insert(*v, Range::from_extent(r.extent.clone()));
    }
    let predicate = crate::schedule::region::domain_guard(&iter_vars, &iter_values, &ranges);
    let block_id = func.new_block_id();
    let block = Block {
        id: block_id,
        name,
        iter_vars,
        reads: vec![BufferRegion {
            buffer: from,
            region: access.clone(),
        }],
        writes: vec![BufferRegion {
            buffer: to,
            region: access,
        }],
        init: None,
        body: Stmt::BufferStore(BufferStore {
            buffer: to,
            indices: indices.clone(),
            value: Expr::Load(from, indices),
        }),
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        annotations: Vec::new(),
    };
    let mut stmt = Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values,
        predicate,
        block,
    }));
    for (r, v) in region.iter().zip(loop_vars).rev() {
        stmt = Stmt::For(crate::ir::Shared::new(For {
            id: func.new_loop_id(),
            var: v,
            min: Expr::int(0),
            extent: r.extent.clone(),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    (stmt, block_id)
}

fn replace_buffer_in_regions(regions: &mut [BufferRegion], from: BufferId, to: BufferId) {
    for r in regions {
        if r.buffer == from {
            r.buffer = to;
        }
    }
}

/// Replaces loads of `from` by loads of `to` in a statement tree.
fn replace_loads(stmt: &mut Stmt, from: BufferId, to: BufferId) {
    stmt.visit_mut(&mut |s| {
        s.for_each_expr_mut(|e| {
            e.rewrite(&mut |x| {
                if let Expr::Load(b, _) = x {
                    if *b == from {
                        *b = to;
                    }
                }
            })
        })
    });
}

/// The single block of the scope that writes `buffer`, if any.
fn only_writer(
    func: &PrimFunc,
    scope: BlockId,
    buffer: BufferId,
) -> Result<Option<BlockId>, ScheduleError> {
    let Some(r) = func.find_block(scope) else {
        return Err(ScheduleError::StaleBlock(scope));
    };
    let writers: Vec<BlockId> = tree::child_blocks_of_block(&r.block)
        .into_iter()
        .filter(|b| b.block.writes.iter().any(|w| w.buffer == buffer))
        .map(|b| b.block.id)
        .collect();
    match writers.len() {
        0 => Ok(None),
        1 => Ok(Some(writers[0])),
        n => Err(ScheduleError::UnsupportedPattern {
            block: block_culprit(func, writers[0]),
            why: format!(
                "`{}` is written by {n} blocks; caching needs a single writer",
                func.buffer(buffer).name
            ),
        }),
    }
}

fn nth_buffer(
    func: &PrimFunc,
    block: BlockId,
    index: i64,
    write: bool,
) -> Result<BufferId, ScheduleError> {
    let r = get_block(func, block)?;
    let regions = if write {
        &r.block.writes
    } else {
        &r.block.reads
    };
    if index < 0 || index as usize >= regions.len() {
        return Err(ScheduleError::BufferIndexOutOfRange {
            block: block_culprit(func, block),
            kind: if write { "write" } else { "read" },
            index,
            count: regions.len(),
        });
    }
    Ok(regions[index as usize].buffer)
}

fn scope_root(func: &PrimFunc, block: BlockId) -> Result<BlockId, ScheduleError> {
    tree::scope_of_block(func, block).ok_or_else(|| ScheduleError::InvalidArgument {
        what: "cache",
        why: "the root block has no enclosing scope".into(),
    })
}

/// Loops from `loc` (exclusive) down to the block: the ones the cache region is relaxed over.
fn stop_loop(loc: Loc) -> Option<LoopId> {
    match loc {
        Loc::Loop(l) => Some(l),
        Loc::Block(_) => None,
    }
}

/// TVM's `cache_read`: a stage copying the buffer read at `read_buffer_index` into
/// a new buffer of `scope`, read by `consumer_blocks` (all readers when empty).
pub fn cache_read(
    func: &mut PrimFunc,
    block: BlockId,
    read_buffer_index: i64,
    scope: &str,
    consumer_blocks: &[BlockId],
) -> Result<BlockId, ScheduleError> {
    let storage = parse_scope(scope)?;
    let buffer = nth_buffer(func, block, read_buffer_index, false)?;
    let scope_block = scope_root(func, block)?;
    for c in consumer_blocks {
        get_block(func, *c)?;
    }
    let cache = scoped_buffer(func, buffer, storage);
    let readers: Vec<BlockId> = tree::blocks_in(
        &func
            .find_block(scope_block)
            .ok_or(ScheduleError::StaleBlock(scope_block))?
            .block
            .body,
    )
    .into_iter()
    .filter(|b| b.block.reads.iter().any(|r| r.buffer == buffer))
    .filter(|b| !b.block.writes.iter().any(|w| w.buffer == buffer))
    .map(|b| b.block.id)
    .collect();
    let consumers: Vec<BlockId> = if consumer_blocks.is_empty() {
        readers.clone()
    } else {
        consumer_blocks.to_vec()
    };
    let (loc, pos, region) = match only_writer(func, scope_block, buffer)? {
        Some(writer) => {
            let (loc, pos) = detect_location(func, scope_block, writer, &consumers);
            let region = relaxed_access(func, writer, buffer, true, stop_loop(loc), &[])
                .unwrap_or_else(|| full_region(func, buffer));
            (loc, pos, region)
        }
        None => (Loc::Block(scope_block), 0, full_region(func, buffer)),
    };
    let name = format!("{}_{}", func.buffer(buffer).name, scope.replace('.', "_"));
    let (stage, stage_id) = make_cache_stage(func, name, &region, buffer, cache);
    for c in &consumers {
        if let Some(r) = tree::block_realize_mut(func, *c) {
            replace_buffer_in_regions(&mut r.block.reads, buffer, cache);
            for m in &mut r.block.match_buffers {
                if m.source.buffer == buffer {
                    m.source.buffer = cache;
                }
            }
            if let Some(init) = &mut r.block.init {
                replace_loads(init, buffer, cache);
            }
            replace_loads(&mut r.block.body, buffer, cache);
        }
    }
    insert_stage(func, loc, pos, stage)?;
    if let Some(r) = tree::block_realize_mut(func, scope_block) {
        r.block.alloc_buffers.push(cache);
    }
    Ok(stage_id)
}

/// TVM's `cache_write`: the block writes a new buffer of `scope`, and a stage
/// after it copies that into the original buffer. `consumer_blocks` then read
/// the cache directly.
pub fn cache_write(
    func: &mut PrimFunc,
    block: BlockId,
    write_buffer_index: i64,
    scope: &str,
    consumer_blocks: &[BlockId],
) -> Result<BlockId, ScheduleError> {
    let storage = parse_scope(scope)?;
    let buffer = nth_buffer(func, block, write_buffer_index, true)?;
    let scope_block = scope_root(func, block)?;
    for c in consumer_blocks {
        get_block(func, *c)?;
    }
    only_writer(func, scope_block, buffer)?;
    let cache = scoped_buffer(func, buffer, storage);
    let consumers: Vec<BlockId> = crate::schedule::analysis::consumers(func, block)
        .into_iter()
        .filter(|c| {
            func.find_block(*c)
                .is_some_and(|r| r.block.reads.iter().any(|x| x.buffer == buffer))
        })
        .collect();
    let (loc, pos) = detect_location(func, scope_block, block, &consumers);
    let region = relaxed_access(func, block, buffer, true, stop_loop(loc), &[])
        .unwrap_or_else(|| full_region(func, buffer));
    let name = format!("{}_{}", func.buffer(buffer).name, scope.replace('.', "_"));
    let (stage, stage_id) = make_cache_stage(func, name, &region, cache, buffer);
    // The writer (and anything nested in it) now writes and reads the cache.
    if let Some(r) = tree::block_realize_mut(func, block) {
        rewrite_block_buffer(&mut r.block, buffer, cache);
    }
    for c in consumer_blocks {
        if let Some(r) = tree::block_realize_mut(func, *c) {
            replace_buffer_in_regions(&mut r.block.reads, buffer, cache);
            replace_loads(&mut r.block.body, buffer, cache);
        }
    }
    insert_stage(func, loc, pos, stage)?;
    if let Some(r) = tree::block_realize_mut(func, scope_block) {
        r.block.alloc_buffers.push(cache);
    }
    Ok(stage_id)
}

/// Replaces every store to, load of, and region of `from` with `to` inside a block.
fn rewrite_block_buffer(block: &mut Block, from: BufferId, to: BufferId) {
    replace_buffer_in_regions(&mut block.reads, from, to);
    replace_buffer_in_regions(&mut block.writes, from, to);
    let fix = |s: &mut Stmt| {
        s.visit_mut(&mut |x| {
            if let Stmt::BufferStore(st) = x {
                if st.buffer == from {
                    st.buffer = to;
                }
            }
            if let Stmt::BlockRealize(r) = x {
                replace_buffer_in_regions(&mut r.block.reads, from, to);
                replace_buffer_in_regions(&mut r.block.writes, from, to);
            }
        });
        replace_loads(s, from, to);
    };
    if let Some(init) = &mut block.init {
        fix(init);
    }
    fix(&mut block.body);
}
