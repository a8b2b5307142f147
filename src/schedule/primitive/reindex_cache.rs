//! reindex_cache_read, reindex_cache_write: a cache_read/cache_write whose
//! cache is laid out by an index map over the block's iterators.
//!
//! TVM: src/s_tir/schedule/primitive/cache_read_write.cc (ReindexCacheRead,
//! ReindexCacheWrite). The block must access the buffer at one point; the map
//! takes the block's iterators (`lambda vi, vj: (vj, vi // 2, vi % 2)`) and
//! gives the cache's indices, and the iterators the buffer's indices use must
//! be exactly those the map's outputs use. The copy stage has the block's
//! iterators that appear there (same names and domains, spatial) under copies
//! of the loops they are bound to between the block and the stage's place
//! (TVM's CacheLocDetector, as cache_read/cache_write). Only this block reads
//! (writes) the cache; other readers keep the buffer.
//!
//! Beyond TVM, which builds them without a check, these would compute
//! something else and are refused: a map that sends two points of the block
//! to one cache element, a block with a predicate (the copy would run where
//! the block does not), and a block whose loads or stores of the buffer are
//! not at the point its region declares.

use crate::ir::{
    Block, BlockId, BlockRealize, BufferId, BufferRegion, BufferStore, Expr, For, ForKind,
    IterKind, IterVar, PrimFunc, Range, Shared, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::cache_read_write::{
    detect_location, insert_stage, nth_buffer, only_writer, parse_scope, scope_root, scoped_buffer,
    Loc,
};
use crate::schedule::primitive::index_map::IndexMap;
use crate::schedule::primitive::layout_transformation::check_map;
use crate::schedule::tree;

/// TVM's `reindex_cache_read(block, read_buffer_index, storage_scope, index_map)`.
pub fn reindex_cache_read(
    func: &mut PrimFunc,
    block: BlockId,
    read_buffer_index: i64,
    storage_scope: &str,
    index_map: &str,
) -> Result<BlockId, ScheduleError> {
    let plan = plan(
        func,
        block,
        read_buffer_index,
        storage_scope,
        index_map,
        false,
    )?;
    let (loc, pos) = match only_writer(func, plan.scope, plan.buffer)? {
        Some(writer) => detect_location(func, plan.scope, writer, &[block]),
        None => (Loc::Block(plan.scope), 0),
    };
    finish(func, plan, loc, pos)
}

/// TVM's `reindex_cache_write(block, write_buffer_index, storage_scope, index_map)`.
pub fn reindex_cache_write(
    func: &mut PrimFunc,
    block: BlockId,
    write_buffer_index: i64,
    storage_scope: &str,
    index_map: &str,
) -> Result<BlockId, ScheduleError> {
    let plan = plan(
        func,
        block,
        write_buffer_index,
        storage_scope,
        index_map,
        true,
    )?;
    if only_writer(func, plan.scope, plan.buffer)? != Some(block) {
        return Err(precondition(
            func,
            block,
            plan.primitive,
            format!(
                "is not the only block of its scope that writes `{}`",
                func.buffer(plan.buffer).name
            ),
            "cache the writes of the block that produces the buffer",
        ));
    }
    let consumers: Vec<BlockId> = crate::schedule::analysis::consumers(func, block)
        .into_iter()
        .filter(|c| {
            func.find_block(*c)
                .is_some_and(|r| r.block.reads.iter().any(|x| x.buffer == plan.buffer))
        })
        .collect();
    let (loc, pos) = detect_location(func, plan.scope, block, &consumers);
    finish(func, plan, loc, pos)
}

/// What both primitives check and compute before anything changes.
struct Plan {
    primitive: &'static str,
    is_write: bool,
    block: BlockId,
    scope: BlockId,
    buffer: BufferId,
    storage_scope: String,
    /// The buffer's indices in the block (its region's point).
    old_indices: Vec<Expr>,
    /// The cache's indices in the block: the map over its iterators.
    new_indices: Vec<Expr>,
    new_shape: Vec<i64>,
    /// The block's iterators the indices use, with their bindings.
    used_iters: Vec<(IterVar, Expr)>,
}

fn plan(
    func: &PrimFunc,
    block: BlockId,
    buffer_index: i64,
    storage_scope: &str,
    index_map: &str,
    is_write: bool,
) -> Result<Plan, ScheduleError> {
    let primitive = if is_write {
        "reindex_cache_write"
    } else {
        "reindex_cache_read"
    };
    parse_scope(storage_scope)?;
    let buffer = nth_buffer(func, block, buffer_index, is_write)?;
    let scope = scope_root(func, block)?;
    let map = IndexMap::parse_index_map(index_map).map_err(|e| ScheduleError::BadIndexMap {
        text: index_map.to_string(),
        span: e.span,
        why: e.why,
    })?;
    let realize = get_block(func, block)?;
    let regions = if is_write {
        &realize.block.writes
    } else {
        &realize.block.reads
    };
    let region = regions
        .iter()
        .find(|r| r.buffer == buffer)
        .map(|r| r.region.clone())
        .unwrap_or_default();
    let name = func.buffer(buffer).name.clone();
    let single_point = region.iter().all(|r| r.extent.as_int() == Some(1));
    let old_indices: Vec<Expr> = region.iter().map(|r| r.min.clone()).collect();
    let iters = &realize.block.iter_vars;
    if map.params.len() != iters.len() {
        return Err(ScheduleError::BadIndexMap {
            text: map.text.clone(),
            span: map.body_span,
            why: format!(
                "takes {} indices but block `{}` has {} iterators (the map is over the block's iterators)",
                map.params.len(),
                realize.block.name,
                iters.len()
            ),
        });
    }
    // TVM checks the point before the map for a read, after it for a write.
    let not_single_point = || {
        precondition(
            func,
            block,
            primitive,
            format!("accesses `{name}` over a region that is not a single point"),
            "the block must load (store) one element of the buffer per iteration; reindex_cache needs a point access",
        )
    };
    if !is_write && !single_point {
        return Err(not_single_point());
    }
    let args: Vec<Expr> = iters.iter().map(|iv| Expr::Var(iv.var)).collect();
    let new_indices: Vec<Expr> = map
        .apply(&args)
        .iter()
        .map(crate::arith::simplify)
        .collect();
    let mut used_iters = Vec::new();
    for (iv, value) in iters.iter().zip(&realize.iter_values) {
        let in_old = old_indices.iter().any(|e| e.uses_var(iv.var));
        let in_new = new_indices.iter().any(|e| e.uses_var(iv.var));
        if in_old != in_new {
            let (has, lacks) = if in_old {
                ("the buffer's indices", "the map's outputs")
            } else {
                ("the map's outputs", "the buffer's indices")
            };
            return Err(precondition(
                func,
                block,
                primitive,
                format!(
                    "has an iterator `{}` that appears in {has} but not in {lacks}",
                    func.var(iv.var).name
                ),
                "the map must use exactly the iterators that index the buffer",
            ));
        }
        if in_old {
            used_iters.push((iv.clone(), value.clone()));
        }
    }
    if is_write && !single_point {
        return Err(not_single_point());
    }
    if !matches!(realize.predicate.as_bool(), Some(true)) {
        return Err(precondition(
            func,
            block,
            primitive,
            "has a predicate; the copy stage would run where the block does not (TVM drops the predicate)".into(),
            "cache before splitting the block's loops unevenly, or use cache_read/cache_write",
        ));
    }
    check_point_accesses(func, &realize.block, buffer, &old_indices, primitive)?;
    let new_shape = cache_shape(func, &realize.block, &map, &used_iters, primitive)?;
    Ok(Plan {
        primitive,
        is_write,
        block,
        scope,
        buffer,
        storage_scope: storage_scope.to_string(),
        old_indices,
        new_indices,
        new_shape,
        used_iters,
    })
}

fn precondition(
    func: &PrimFunc,
    block: BlockId,
    primitive: &'static str,
    why: String,
    hint: &str,
) -> ScheduleError {
    ScheduleError::BlockPrecondition {
        block: block_culprit(func, block),
        primitive,
        why,
        hint: hint.into(),
    }
}

/// Every load and store of the buffer in the block is at `point`, the block
/// holds no other block: the rewrite replaces each access by the cache's
/// point, which is only right for accesses at the declared one.
fn check_point_accesses(
    func: &PrimFunc,
    block: &Block,
    buffer: BufferId,
    point: &[Expr],
    primitive: &'static str,
) -> Result<(), ScheduleError> {
    let mut ok = tree::blocks_in(&block.body).is_empty();
    let mut visit = |s: &Stmt| {
        s.visit(&mut |x| {
            if let Stmt::BufferStore(st) = x {
                ok &= st.buffer != buffer || st.indices == point;
            }
            x.for_each_expr(|e| {
                e.visit(&mut |y| {
                    if let Expr::Load(b, idx) = y {
                        ok &= *b != buffer || idx.as_slice() == point;
                    }
                })
            });
        })
    };
    if let Some(init) = &block.init {
        visit(init);
    }
    visit(&block.body);
    if ok {
        return Ok(());
    }
    Err(precondition(
        func,
        block.id,
        primitive,
        format!(
            "accesses `{}` at other indices than its declared point, or holds other blocks",
            func.buffer(buffer).name
        ),
        "apply it to the innermost block, whose reads and writes match its body",
    ))
}

/// The cache's shape: one past the largest value of each output over the
/// used iterators' domains (TVM's MapShape), checked injective there (two
/// points of the block in one cache element would lose one of them).
fn cache_shape(
    func: &PrimFunc,
    block: &Block,
    map: &IndexMap,
    used: &[(IterVar, Expr)],
    primitive: &'static str,
) -> Result<Vec<i64>, ScheduleError> {
    let mut shape = Vec::with_capacity(block.iter_vars.len());
    for iv in &block.iter_vars {
        if !used.iter().any(|(u, _)| u.var == iv.var) {
            // The map does not use it: one value stands for all.
            shape.push(1);
            continue;
        }
        match (iv.dom.min.as_int(), iv.dom.extent.as_int()) {
            (Some(0), Some(n)) => shape.push(n),
            _ => {
                return Err(precondition(
                    func,
                    block.id,
                    primitive,
                    format!(
                        "has an iterator `{}` that does not run over a constant range from 0",
                        func.var(iv.var).name
                    ),
                    "reindex_cache sizes the cache from the iterators' constant domains",
                ))
            }
        }
    }
    Ok(check_map(map, &shape)?.0)
}

/// Builds the cache, the copy stage and rewrites the block.
fn finish(func: &mut PrimFunc, plan: Plan, loc: Loc, pos: usize) -> Result<BlockId, ScheduleError> {
    let storage = parse_scope(&plan.storage_scope)?;
    let cache = scoped_buffer(func, plan.buffer, storage);
    func.buffer_mut(cache).shape = plan.new_shape.iter().map(|d| Expr::int(*d)).collect();
    let (stage, stage_id) = make_stage(func, &plan, cache, loc)?;
    rewrite_block(func, &plan, cache)?;
    insert_stage(func, loc, pos, stage)?;
    if let Some(r) = tree::block_realize_mut(func, plan.scope) {
        r.block.alloc_buffers.push(cache);
    }
    Ok(stage_id)
}

/// TVM's MakeReindexCacheStage: the used iterators (spatial) under copies of
/// the loops, between the block and `loc`, that their bindings use.
fn make_stage(
    func: &mut PrimFunc,
    plan: &Plan,
    cache: BufferId,
    loc: Loc,
) -> Result<(Stmt, BlockId), ScheduleError> {
    let (_, loops) =
        tree::block_and_loops(func, plan.block).ok_or(ScheduleError::StaleBlock(plan.block))?;
    let below_loc = match loc {
        Loc::Loop(l) => loops.iter().position(|x| x.id == l).map_or(0, |i| i + 1),
        Loc::Block(_) => 0,
    };
    let loops: Vec<(VarId, Expr, Expr)> = loops[below_loc..]
        .iter()
        .filter(|l| plan.used_iters.iter().any(|(_, v)| v.uses_var(l.var)))
        .map(|l| (l.var, l.min.clone(), l.extent.clone()))
        .collect();
    let mut renamed: Vec<(VarId, VarId)> = Vec::new();
    let mut loop_vars = Vec::new();
    for (v, _, _) in &loops {
        let old = func.var(*v).clone();
        let new = func.new_var(old.name.clone(), old.dtype);
        renamed.push((*v, new));
        loop_vars.push(new);
    }
    let mut iter_vars = Vec::new();
    let mut iter_values = Vec::new();
    for (iv, value) in &plan.used_iters {
        let old = func.var(iv.var).clone();
        let new = func.new_var(old.name.clone(), old.dtype);
        renamed.push((iv.var, new));
        iter_vars.push(IterVar {
            var: new,
            dom: iv.dom.clone(),
            kind: IterKind::Spatial,
        });
        iter_values.push(substituted(value, &renamed));
    }
    let old_idx: Vec<Expr> = plan
        .old_indices
        .iter()
        .map(|e| substituted(e, &renamed))
        .collect();
    let new_idx: Vec<Expr> = plan
        .new_indices
        .iter()
        .map(|e| substituted(e, &renamed))
        .collect();
    let (from, from_idx, to, to_idx) = if plan.is_write {
        (cache, new_idx, plan.buffer, old_idx)
    } else {
        (plan.buffer, old_idx, cache, new_idx)
    };
    let point = |b: BufferId, idx: &[Expr]| BufferRegion {
        buffer: b,
        region: idx.iter().cloned().map(Range::point).collect(),
    };
    let stage_id = func.new_block_id();
    let stage_block = Block {
        id: stage_id,
        name: format!(
            "{}_{}",
            func.buffer(plan.buffer).name,
            plan.storage_scope.replace('.', "_")
        ),
        iter_vars,
        reads: vec![point(from, &from_idx)],
        writes: vec![point(to, &to_idx)],
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
    let mut stmt = Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values,
        predicate: Expr::bool(true),
        block: stage_block,
    }));
    for ((_, min, extent), var) in loops.into_iter().zip(loop_vars).rev() {
        stmt = Stmt::For(Shared::new(For {
            id: func.new_loop_id(),
            var,
            min,
            extent,
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    Ok((stmt, stage_id))
}

fn substituted(e: &Expr, renamed: &[(VarId, VarId)]) -> Expr {
    let mut e = e.clone();
    e.substitute(&|v| {
        renamed
            .iter()
            .find(|(old, _)| *old == v)
            .map(|(_, new)| Expr::Var(*new))
    });
    e
}

/// The block reads (reindex_cache_read) or writes and reads
/// (reindex_cache_write) the cache at the map's point instead of the buffer.
fn rewrite_block(func: &mut PrimFunc, plan: &Plan, cache: BufferId) -> Result<(), ScheduleError> {
    let r =
        tree::block_realize_mut(func, plan.block).ok_or(ScheduleError::StaleBlock(plan.block))?;
    let (buffer, new_idx) = (plan.buffer, &plan.new_indices);
    let cache_region = BufferRegion {
        buffer: cache,
        region: new_idx.iter().cloned().map(Range::point).collect(),
    };
    let mut regions: Vec<&mut Vec<BufferRegion>> = vec![&mut r.block.reads];
    if plan.is_write {
        regions.push(&mut r.block.writes);
    }
    for list in regions {
        for reg in list.iter_mut().filter(|reg| reg.buffer == buffer) {
            *reg = cache_region.clone();
        }
    }
    for m in &mut r.block.match_buffers {
        if m.source.buffer == buffer {
            m.source = cache_region.clone();
        }
    }
    let is_write = plan.is_write;
    let fix = |s: &mut Stmt| {
        s.visit_mut(&mut |x| {
            if let Stmt::BufferStore(st) = x {
                if is_write && st.buffer == buffer {
                    st.buffer = cache;
                    st.indices = new_idx.clone();
                }
            }
            x.for_each_expr_mut(|e| {
                e.rewrite(&mut |y| {
                    if let Expr::Load(b, _) = y {
                        if *b == buffer {
                            *y = Expr::Load(cache, new_idx.clone());
                        }
                    }
                })
            });
        })
    };
    if let Some(init) = &mut r.block.init {
        fix(init);
    }
    fix(&mut r.block.body);
    Ok(())
}
