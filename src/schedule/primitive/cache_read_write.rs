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

/// TVM 0.27's CacheLocDetector: the lowest common ancestor of `block` and
/// any of `related`, and the position right before the first related child
/// after `block`. The search stops at the first related block: when one comes
/// before `block` (a consumer read before the buffer's only writer, as in an
/// in-place update of a parameter), the stage goes to the start of the scope.
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
                let prev_block = self.visited_block;
                self.visited_block = false;
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
                    if self.visited_block && self.visited_related && self.loc_pos.is_none() {
                        self.loc_pos = Some(i);
                        break;
                    }
                    if self.visited_related {
                        // The first related block ends the search.
                        break;
                    }
                }
                self.visited_block |= prev_block;
            }
            Stmt::BlockRealize(r) => {
                let id = r.block.id;
                if id == self.scope {
                    self.visit(&r.block.body);
                    if self.visited_related && self.loc.is_none() {
                        self.loc = Some(Loc::Block(id));
                        // A related block before `block` (or an input of the
                        // scope): the stage goes first.
                        if self.loc_pos.is_none() {
                            // Both under one statement that is not a sequence:
                            // after it, as before.
                            self.loc_pos = Some(if self.visited_block { 1 } else { 0 });
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

pub(crate) fn detect_location(
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
pub(crate) fn flatten_into<'a>(seq: &'a [Stmt], out: &mut Vec<&'a Stmt>) {
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

pub(crate) fn parse_scope(scope: &str) -> Result<StorageScope, ScheduleError> {
    StorageScope::from_name(scope)
        .ok_or_else(|| ScheduleError::UnknownStorageScope(scope.to_string()))
}

/// A copy of `src` in another scope, named like TVM's WithScope (`A_shared`).
pub(crate) fn scoped_buffer(func: &mut PrimFunc, src: BufferId, scope: StorageScope) -> BufferId {
    let b = func.buffer(src).clone();
    let name = format!("{}_{}", b.name, scope.name().replace('.', "_"));
    func.new_buffer(Buffer {
        name,
        scope,
        strides: Vec::new(),
        elem_offset: None,
        axis_align: Vec::new(),
        swizzle_bytes: 0,
        ..b
    })
}

/// TVM's MakeCacheStage: loops `ax0..` over `region`, a block `v0..` copying `from` into `to`.
/// With `compact` (the cache, one of the two, sized to the region), the
/// iterators run over the region's extents and only the original buffer's
/// indices add the region's start (TVM's cache_full_region = false).
pub(crate) fn make_cache_stage(
    func: &mut PrimFunc,
    name: String,
    region: &[Range],
    from: BufferId,
    to: BufferId,
    compact: Option<BufferId>,
) -> (Stmt, BlockId) {
    let loop_vars: Vec<_> = (0..region.len())
        .map(|i| func.new_var(format!("ax{i}"), DataType::I32))
        .collect();
    let (iter_vars, iter_values, predicate, from_idx, to_idx) = match compact {
        Some(cache) => {
            let iter_vars: Vec<IterVar> = region
                .iter()
                .enumerate()
                .map(|(i, r)| IterVar {
                    var: func.new_var(format!("v{i}"), DataType::I32),
                    dom: Range::from_extent(r.extent.clone()),
                    kind: IterKind::Spatial,
                })
                .collect();
            let vars: Vec<Expr> = iter_vars.iter().map(|iv| Expr::Var(iv.var)).collect();
            let shifted: Vec<Expr> = region
                .iter()
                .zip(&vars)
                .map(|(r, v)| crate::arith::simplify(&Expr::add(r.min.clone(), v.clone())))
                .collect();
            let (from_idx, to_idx) = if cache == to {
                (shifted, vars)
            } else {
                (vars, shifted)
            };
            let values = loop_vars.iter().map(|v| Expr::Var(*v)).collect();
            (iter_vars, values, Expr::bool(true), from_idx, to_idx)
        }
        None => {
            let shape = func.buffer(from).shape.clone();
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
            let iter_values: Vec<Expr> = region
                .iter()
                .zip(&loop_vars)
                .map(|(r, v)| crate::arith::simplify(&Expr::add(r.min.clone(), Expr::Var(*v))))
                .collect();
            let mut ranges = crate::schedule::region::all_loop_ranges(func);
            for (r, v) in region.iter().zip(&loop_vars) {
                ranges.insert(*v, Range::from_extent(r.extent.clone()));
            }
            let predicate =
                crate::schedule::region::domain_guard(&iter_vars, &iter_values, &ranges);
            (iter_vars, iter_values, predicate, indices.clone(), indices)
        }
    };
    let block_id = func.new_block_id();
    let block = Block {
        id: block_id,
        name,
        iter_vars,
        reads: vec![BufferRegion {
            buffer: from,
            region: from_idx.iter().cloned().map(Range::point).collect(),
        }],
        writes: vec![BufferRegion {
            buffer: to,
            region: to_idx.iter().cloned().map(Range::point).collect(),
        }],
        init: None,
        body: Stmt::BufferStore(BufferStore {
            buffer: to,
            indices: to_idx,
            value: Expr::Load(from, from_idx),
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

/// Replaces loads of `from` by loads of `to` in the bounds of `regions`
/// (an index read from another buffer: `A[B[v], w]`).
fn replace_loads_in_regions(regions: &mut [BufferRegion], from: BufferId, to: BufferId) {
    let swap = |e: &mut Expr| {
        e.rewrite(&mut |x| {
            if let Expr::Load(b, _) = x {
                if *b == from {
                    *b = to;
                }
            }
        })
    };
    for range in regions.iter_mut().flat_map(|r| r.region.iter_mut()) {
        swap(&mut range.min);
        swap(&mut range.extent);
    }
}

/// Replaces loads of `from` by loads of `to` in a statement tree, and the
/// opaque `from.data` a builtin takes (TVM rewrites every access).
fn replace_loads(stmt: &mut Stmt, from: BufferId, to: BufferId) {
    stmt.visit_mut(&mut |s| {
        s.for_each_expr_mut(|e| {
            e.rewrite(&mut |x| match x {
                Expr::Load(b, _) if *b == from => *b = to,
                Expr::Opaque(o) => {
                    if let crate::ir::Opaque::Data(b) = &mut **o {
                        if *b == from {
                            *b = to;
                        }
                    }
                }
                _ => {}
            })
        })
    });
}

/// The single block of the scope that writes `buffer`, if any.
pub(crate) fn only_writer(
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

pub(crate) fn nth_buffer(
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

pub(crate) fn scope_root(func: &PrimFunc, block: BlockId) -> Result<BlockId, ScheduleError> {
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
    let scope_body = &func
        .find_block(scope_block)
        .ok_or(ScheduleError::StaleBlock(scope_block))?
        .block
        .body;
    let mut readers = Vec::new();
    readers_outside_writers(scope_body, buffer, &mut readers);
    let consumers: Vec<BlockId> = if consumer_blocks.is_empty() {
        readers.clone()
    } else {
        // As TVM: a named consumer's nested blocks read the cache too, but
        // nothing inside a block that writes the buffer is rewritten.
        let mut named = Vec::new();
        for c in consumer_blocks {
            if let Some(r) = func.find_block(*c) {
                named.push(*c);
                named.extend(tree::blocks_in(&r.block.body).iter().map(|b| b.block.id));
            }
        }
        named.retain(|c| readers.contains(c) || consumer_blocks.contains(c));
        named
    };
    let (loc, pos, region) = match only_writer(func, scope_block, buffer)? {
        Some(writer) => {
            refuse_consumers_around_writer(func, scope_block, writer, &consumers)?;
            let (loc, pos) = detect_location(func, scope_block, writer, &consumers);
            let region = relaxed_access(func, writer, buffer, true, stop_loop(loc), &[])
                .unwrap_or_else(|| full_region(func, buffer));
            (loc, pos, region)
        }
        // An input of the scope: the region the scope block says it reads
        // (a nested scope reads a tile, not the whole buffer).
        None => {
            let declared = get_block(func, scope_block)?
                .block
                .reads
                .iter()
                .find(|r| r.buffer == buffer)
                .map(|r| r.region.clone());
            let region = nested_guarded_region(func, block, buffer)
                .or(declared)
                .unwrap_or_else(|| full_region(func, buffer));
            (Loc::Block(scope_block), 0, region)
        }
    };
    let compact = compact_cache(func, cache, loc, &region);
    let name = format!("{}_{}", func.buffer(buffer).name, scope.replace('.', "_"));
    let (stage, stage_id) = make_cache_stage(func, name, &region, buffer, cache, compact);
    let shift = shift_of(compact, &region);
    for c in &consumers {
        if let Some(r) = tree::block_realize_mut(func, *c) {
            replace_buffer_in_regions(&mut r.block.reads, buffer, cache);
            if shift.is_none() {
                // TVM replaces the buffer in the regions' indices too
                // (`A[B_global[v], w]` for `A[B[v], w]`). A shifted cache's
                // regions are recomputed from the body below.
                replace_loads_in_regions(&mut r.block.reads, buffer, cache);
            }
            for m in &mut r.block.match_buffers {
                if m.source.buffer == buffer {
                    m.source.buffer = cache;
                    shift_region(&mut m.source.region, shift);
                }
            }
            if let Some(init) = &mut r.block.init {
                replace_accesses(init, buffer, cache, shift);
            }
            replace_accesses(&mut r.block.body, buffer, cache, shift);
        }
    }
    if shift.is_some() {
        crate::schedule::region::refresh_regions(func, &consumers);
    }
    insert_stage(func, loc, pos, stage)?;
    if let Some(r) = tree::block_realize_mut(func, scope_block) {
        r.block.alloc_buffers.push(cache);
    }
    Ok(stage_id)
}

/// TVM's cache_read of a scope input read only by a block nested in `block`
/// under a `T.where` (CollectNestedBlockPredicates): `block`'s read region,
/// relaxed over its loops narrowed by that predicate, so the cache holds
/// only what is read. `None` (the declared region is used) unless exactly
/// one nested block reads the buffer, `block`'s own statements load none of
/// it, and the predicate, in terms of `block`'s loops, bounds some of them
/// (`i < 10`); conjuncts of other forms are left out, which only widens.
fn nested_guarded_region(func: &PrimFunc, block: BlockId, buffer: BufferId) -> Option<Vec<Range>> {
    let (outer, loops) = tree::block_and_loops(func, block)?;
    outer.block.reads.iter().find(|r| r.buffer == buffer)?;
    if loads_outside_nested_blocks(&outer.block.body, buffer) {
        return None;
    }
    let nested: Vec<&BlockRealize> = tree::blocks_in(&outer.block.body)
        .into_iter()
        .filter(|r| r.block.reads.iter().any(|rr| rr.buffer == buffer))
        .collect();
    let [inner] = nested.as_slice() else {
        return None;
    };
    let mut predicate = inner.predicate.clone();
    for realize in [*inner, outer] {
        predicate.substitute(&|v| {
            realize
                .block
                .iter_vars
                .iter()
                .zip(&realize.iter_values)
                .find(|(iv, _)| iv.var == v)
                .map(|(_, e)| e.clone())
        });
    }
    let mut conjuncts = Vec::new();
    split_conjuncts(&predicate, &mut conjuncts);
    let mut ranges = crate::schedule::region::all_loop_ranges(func);
    let mut narrowed = false;
    for c in conjuncts {
        let Expr::Binary(crate::ir::BinOp::Lt, a, b) = c else {
            continue;
        };
        let (Some(v), Some(bound)) = (a.as_var(), b.as_int()) else {
            continue;
        };
        let Some(l) = loops.iter().find(|l| l.var == v) else {
            continue;
        };
        let (Some(0), Some(extent)) = (l.min.as_int(), l.extent.as_int()) else {
            continue;
        };
        if bound > 0 && bound < extent {
            let dtype = match &l.extent {
                Expr::Int(_, t) => *t,
                _ => DataType::I32,
            };
            ranges.insert(v, Range::from_extent(Expr::Int(bound, dtype)));
            narrowed = true;
        }
    }
    if !narrowed {
        return None;
    }
    crate::schedule::region::relaxed_access_in(func, &ranges, block, buffer, false, None, &[])
}

fn split_conjuncts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(crate::ir::BinOp::And, a, b) => {
            split_conjuncts(a, out);
            split_conjuncts(b, out);
        }
        _ => out.push(e),
    }
}

/// True when a statement of `stmt` outside the blocks nested in it loads `buffer`.
fn loads_outside_nested_blocks(stmt: &Stmt, buffer: BufferId) -> bool {
    if matches!(stmt, Stmt::BlockRealize(_)) {
        return false;
    }
    let mut found = false;
    stmt.for_each_expr(|e| {
        e.visit(&mut |x| {
            if matches!(x, Expr::Load(b, _) if *b == buffer) {
                found = true;
            }
        })
    });
    let mut below = false;
    stmt.for_each_child(|c| below |= loads_outside_nested_blocks(c, buffer));
    found || below
}

/// One cache stage cannot serve consumers on both sides of the buffer's only
/// writer: TVM 0.27 puts it before the first consumer, so those after the
/// writer would read the values from before it (TVM accepts this and
/// computes something else; tirtui refuses).
fn refuse_consumers_around_writer(
    func: &PrimFunc,
    scope: BlockId,
    writer: BlockId,
    consumers: &[BlockId],
) -> Result<(), ScheduleError> {
    let Some(r) = func.find_block(scope) else {
        return Ok(());
    };
    let mut children = Vec::new();
    match &r.block.body {
        Stmt::Seq(v) => flatten_into(v, &mut children),
        other => children.push(other),
    }
    let position = |id: BlockId| {
        children
            .iter()
            .position(|c| tree::blocks_in(c).iter().any(|b| b.block.id == id))
    };
    let Some(at) = position(writer) else {
        return Ok(());
    };
    let sides: Vec<_> = consumers.iter().filter_map(|c| position(*c)).collect();
    if sides.iter().any(|p| *p < at) && sides.iter().any(|p| *p > at) {
        let name = |id: BlockId| {
            func.find_block(id)
                .map(|b| b.block.name.clone())
                .unwrap_or_default()
        };
        return Err(ScheduleError::Unsupported(
            "cache_read",
            format!(
                "the consumers read the buffer both before and after its only writer \"{}\"; \
                 one cache stage cannot hold both the old and the new values (name the \
                 consumers on one side with consumer_blocks)",
                name(writer)
            ),
        ));
    }
    Ok(())
}

/// The blocks under `stmt` that read `buffer`, leaving out everything inside
/// a block that writes it: that block produces the buffer, and its own reads
/// of it come before any cache stage could be filled (TVM leaves the writer's
/// subtree as it is; rewriting it read a cache filled only afterwards).
fn readers_outside_writers(stmt: &Stmt, buffer: BufferId, out: &mut Vec<BlockId>) {
    if let Stmt::BlockRealize(r) = stmt {
        if r.block.writes.iter().any(|w| w.buffer == buffer) {
            return;
        }
        if r.block.reads.iter().any(|x| x.buffer == buffer) {
            out.push(r.block.id);
        }
    }
    stmt.for_each_child(|c| readers_outside_writers(c, buffer, out));
}

/// TVM allocates the cache for just the region when the stage goes into a
/// block's body (every consumer is under it): sized to the region's extents,
/// each access shifted by the region's start. Returns the cache when so, and
/// resizes it.
fn compact_cache(
    func: &mut PrimFunc,
    cache: BufferId,
    loc: Loc,
    region: &[Range],
) -> Option<BufferId> {
    if !matches!(loc, Loc::Block(_)) {
        return None;
    }
    func.buffer_mut(cache).shape = region.iter().map(|r| r.extent.clone()).collect();
    Some(cache)
}

/// The starts to subtract from the accesses of a compact cache; `None` when
/// there is nothing to shift (all starts zero).
fn shift_of(compact: Option<BufferId>, region: &[Range]) -> Option<&[Range]> {
    compact?;
    let zero = |e: &Expr| e.as_int() == Some(0);
    (!region.iter().all(|r| zero(&r.min))).then_some(region)
}

fn shift_region(region: &mut [Range], shift: Option<&[Range]>) {
    let Some(shift) = shift else { return };
    for (r, s) in region.iter_mut().zip(shift) {
        r.min = crate::arith::simplify(&Expr::sub(r.min.clone(), s.min.clone()));
    }
}

fn shifted(indices: &[Expr], shift: Option<&[Range]>) -> Vec<Expr> {
    match shift {
        None => indices.to_vec(),
        Some(shift) => indices
            .iter()
            .zip(shift)
            .map(|(i, s)| crate::arith::simplify(&Expr::sub(i.clone(), s.min.clone())))
            .collect(),
    }
}

/// Replaces loads of and stores to `from` by accesses of `to`, indices
/// shifted by `shift`'s starts (a compact cache).
fn replace_accesses(stmt: &mut Stmt, from: BufferId, to: BufferId, shift: Option<&[Range]>) {
    if shift.is_none() {
        return replace_loads(stmt, from, to);
    }
    stmt.visit_mut(&mut |s| {
        if let Stmt::BufferStore(st) = s {
            if st.buffer == from {
                st.buffer = to;
                st.indices = shifted(&st.indices, shift);
            }
        }
        s.for_each_expr_mut(|e| {
            e.rewrite(&mut |x| {
                if let Expr::Load(b, idx) = x {
                    if *b == from {
                        *x = Expr::Load(to, shifted(idx, shift));
                    }
                }
            })
        })
    });
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
    // The write-back must come before the readers left on the original
    // buffer; the named consumers read the cache and do not place it (TVM's
    // CacheLocDetector skips them: after `consumer_blocks: [B]` the copy goes
    // before C, not inside the loop that A and B share).
    // Only readers after the writer are its consumers in TVM's dependence
    // graph: a reader before it (the fill stage of a cache_inplace) must not
    // pull the write-back ahead of the writer.
    let order = blocks_in_order(func, scope_block);
    let at = |id: BlockId| order.iter().position(|b| *b == id);
    let placing: Vec<BlockId> = consumers
        .iter()
        .copied()
        .filter(|c| !consumer_blocks.contains(c) && at(*c) > at(block))
        .collect();
    let (loc, pos) = detect_location(func, scope_block, block, &placing);
    let region = relaxed_access(func, block, buffer, true, stop_loop(loc), &[])
        .unwrap_or_else(|| full_region(func, buffer));
    let compact = compact_cache(func, cache, loc, &region);
    let name = format!("{}_{}", func.buffer(buffer).name, scope.replace('.', "_"));
    let (stage, stage_id) = make_cache_stage(func, name, &region, cache, buffer, compact);
    let shift = shift_of(compact, &region);
    // The writer (and anything nested in it) now writes and reads the cache.
    let mut changed = vec![block];
    if let Some(r) = tree::block_realize_mut(func, block) {
        rewrite_block_buffer(&mut r.block, buffer, cache, shift);
        changed.extend(tree::blocks_in(&r.block.body).iter().map(|b| b.block.id));
    }
    for c in consumer_blocks {
        if let Some(r) = tree::block_realize_mut(func, *c) {
            replace_buffer_in_regions(&mut r.block.reads, buffer, cache);
            replace_accesses(&mut r.block.body, buffer, cache, shift);
            changed.push(*c);
        }
    }
    if shift.is_some() {
        crate::schedule::region::refresh_regions(func, &changed);
    }
    insert_stage(func, loc, pos, stage)?;
    if let Some(r) = tree::block_realize_mut(func, scope_block) {
        r.block.alloc_buffers.push(cache);
    }
    Ok(stage_id)
}

/// Replaces every store to, load of, and region of `from` with `to` inside a block.
pub(crate) fn rewrite_block_buffer(
    block: &mut Block,
    from: BufferId,
    to: BufferId,
    shift: Option<&[Range]>,
) {
    replace_buffer_in_regions(&mut block.reads, from, to);
    replace_buffer_in_regions(&mut block.writes, from, to);
    // A view of the written buffer writes through to it: it must view the
    // cache, or the copy back would overwrite what the block wrote.
    for m in &mut block.match_buffers {
        if m.source.buffer == from {
            m.source.buffer = to;
            shift_region(&mut m.source.region, shift);
        }
    }
    let fix = |s: &mut Stmt| {
        s.visit_mut(&mut |x| {
            if let Stmt::BufferStore(st) = x {
                if st.buffer == from && shift.is_none() {
                    st.buffer = to;
                }
            }
            if let Stmt::BlockRealize(r) = x {
                replace_buffer_in_regions(&mut r.block.reads, from, to);
                replace_buffer_in_regions(&mut r.block.writes, from, to);
            }
        });
        replace_accesses(s, from, to, shift);
    };
    if let Some(init) = &mut block.init {
        fix(init);
    }
    fix(&mut block.body);
}

/// The blocks under `scope` in program order (pre-order).
fn blocks_in_order(func: &PrimFunc, scope: BlockId) -> Vec<BlockId> {
    func.find_block(scope)
        .map(|r| {
            tree::blocks_in(&r.block.body)
                .iter()
                .map(|b| b.block.id)
                .collect()
        })
        .unwrap_or_default()
}
