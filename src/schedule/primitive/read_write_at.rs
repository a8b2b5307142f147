//! read_at, write_at: a cache of one buffer filled (read_at) or written back
//! (write_at) at one loop, by one copy block holding its own loops.
//!
//! TVM: src/s_tir/schedule/primitive/read_write_at.cc. The statements in the
//! loop's body that read (write) the buffer give the copied region: their
//! top-level blocks' regions relaxed over the loops under the loop, and over
//! the thread loops the cache's scope is shared across (shared: threadIdx and
//! vthread; global: every thread loop). The copy block `X_<scope>` (annotated
//! `auto_copy`) has one iterator per loop variable the region uses, bound to
//! it, and loops `ax0..` over the region inside. read_at puts it before the
//! first reading statement, which and everything after it then use the
//! cache; write_at puts it after the last writing statement, which and
//! everything before it use the cache. The cache is the buffer's full shape.
//!
//! Refused beyond TVM (which stops with an internal check on the first two):
//! no statement accessing the buffer, a write of the buffer after the first
//! read (read_at) or a read after the last write (write_at). Refused where
//! TVM would write back elements nothing computed: a write_at whose writes do
//! not cover the copied region exactly (checked point by point on affine
//! indices), or come from a block with a `T.where`.

use crate::arith::bound::VarRanges;
use crate::arith::to_affine;
use crate::ir::{
    AnnValue, Block, BlockId, BlockRealize, BufferId, BufferRegion, BufferStore, DataType, Expr,
    For, ForKind, IterKind, IterVar, LoopId, PrimFunc, Range, Shared, Stmt, StorageScope,
    ThreadAxis, VarId,
};
use crate::schedule::analysis::{get_loop, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::cache_read_write::{nth_buffer, parse_scope, scoped_buffer};
use crate::schedule::region::{all_loop_ranges, relaxed_access_in};
use crate::schedule::tree;

/// TVM's `read_at(loop, block, read_buffer_index, storage_scope)`.
pub fn read_at(
    func: &mut PrimFunc,
    loop_id: LoopId,
    block: BlockId,
    read_buffer_index: i64,
    storage_scope: &str,
) -> Result<BlockId, ScheduleError> {
    read_write_at(func, loop_id, block, read_buffer_index, storage_scope, true)
}

/// TVM's `write_at(loop, block, write_buffer_index, storage_scope)`.
pub fn write_at(
    func: &mut PrimFunc,
    loop_id: LoopId,
    block: BlockId,
    write_buffer_index: i64,
    storage_scope: &str,
) -> Result<BlockId, ScheduleError> {
    read_write_at(
        func,
        loop_id,
        block,
        write_buffer_index,
        storage_scope,
        false,
    )
}

fn refuse(func: &PrimFunc, loop_id: LoopId, why: String) -> ScheduleError {
    ScheduleError::LoopPrecondition {
        loop_: loop_culprit(func, loop_id),
        primitive: "read_at/write_at",
        why,
        hint: "pick the loop whose body reads (read_at) or writes (write_at) the buffer in whole statements".into(),
    }
}

fn read_write_at(
    func: &mut PrimFunc,
    loop_id: LoopId,
    block: BlockId,
    buffer_index: i64,
    storage_scope: &str,
    is_read: bool,
) -> Result<BlockId, ScheduleError> {
    let storage = parse_scope(storage_scope)?;
    let src = nth_buffer(func, block, buffer_index, !is_read)?;
    let the_loop = get_loop(func, loop_id)?.clone();
    let scope_block =
        tree::scope_of_loop(func, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    let extra = relaxed_thread_loops(func, loop_id, storage)?;
    let ranges = all_loop_ranges(func);
    let children: Vec<Stmt> = match &the_loop.body {
        Stmt::Seq(v) => v.clone(),
        other => vec![other.clone()],
    };
    let (mut r_pos, mut w_pos, mut regions, mut writers) = (vec![], vec![], vec![], vec![]);
    for (i, child) in children.iter().enumerate() {
        let mut realizes = Vec::new();
        top_realizes(child, &mut realizes);
        let (mut has_r, mut has_w) = (false, false);
        for r in realizes {
            let reads = r.block.reads.iter().any(|x| x.buffer == src);
            let writes = r.block.writes.iter().any(|x| x.buffer == src);
            has_r |= reads;
            has_w |= writes;
            if (is_read && reads) || (!is_read && writes) {
                let region = relaxed_access_in(
                    func,
                    &ranges,
                    r.block.id,
                    src,
                    !is_read,
                    Some(loop_id),
                    &extra,
                )
                .ok_or_else(|| {
                    refuse(
                        func,
                        loop_id,
                        format!(
                            "cannot bound the region of `{}` in block `{}` over the loops under it",
                            func.buffer(src).name,
                            r.block.name
                        ),
                    )
                })?;
                regions.push(region);
                if !is_read {
                    writers.push(r.block.id);
                }
            }
        }
        if has_r {
            r_pos.push(i);
        }
        if has_w {
            w_pos.push(i);
        }
    }
    let name = func.buffer(src).name.clone();
    let (insert_pos, replaced) = if is_read {
        let Some(&first) = r_pos.first() else {
            return Err(refuse(
                func,
                loop_id,
                format!("has no statement in its body that reads `{name}`"),
            ));
        };
        if w_pos.last().is_some_and(|&w| w >= first) {
            return Err(refuse(func, loop_id, format!("has a statement in its body that writes `{name}` at or after the first read (TVM: internal check)")));
        }
        (first, first..children.len())
    } else {
        let Some(&last) = w_pos.last() else {
            return Err(refuse(
                func,
                loop_id,
                format!("has no statement in its body that writes `{name}`"),
            ));
        };
        if r_pos.last().is_some_and(|&r| r > last) {
            return Err(refuse(func, loop_id, format!("has a statement in its body that reads `{name}` after the last write (TVM: internal check)")));
        }
        (last + 1, 0..last + 1)
    };
    let domain = union(func, loop_id, &regions)?;
    if !is_read {
        check_exact_cover(func, loop_id, &writers, src, &domain, &extra)?;
    }
    let dst = scoped_buffer(func, src, storage);
    let copy_name = format!("{}_{}", name, storage_scope.replace('.', "_"));
    let (from, to) = if is_read { (src, dst) } else { (dst, src) };
    let (stage, stage_id) = make_copy(func, loop_id, &copy_name, &domain, from, to)?;
    let mut new_children = Vec::with_capacity(children.len() + 1);
    for (i, mut child) in children.into_iter().enumerate() {
        if replaced.contains(&i) {
            replace_buffer(&mut child, src, dst);
        }
        if i == insert_pos {
            new_children.push(stage.clone());
        }
        new_children.push(child);
    }
    if insert_pos == new_children.len() {
        new_children.push(stage);
    }
    tree::loop_mut(func, loop_id)
        .ok_or(ScheduleError::StaleLoop(loop_id))?
        .body = Stmt::Seq(new_children);
    if let Some(r) = tree::block_realize_mut(func, scope_block) {
        r.block.alloc_buffers.push(dst);
    }
    Ok(stage_id)
}

/// The thread loops at and above `loop_id` (in its scope) that a cache of
/// `storage` is shared across (TVM's CanRelaxStorageUnderThread).
fn relaxed_thread_loops(
    func: &PrimFunc,
    loop_id: LoopId,
    storage: StorageScope,
) -> Result<Vec<LoopId>, ScheduleError> {
    let relaxes = |axis: ThreadAxis| match storage {
        StorageScope::Global => true,
        StorageScope::Shared | StorageScope::SharedDyn => !matches!(axis, ThreadAxis::BlockIdx(_)),
        _ => false,
    };
    if !matches!(
        storage,
        StorageScope::Global | StorageScope::Shared | StorageScope::SharedDyn | StorageScope::Local
    ) {
        return Err(refuse(func, loop_id, format!("cannot take a cache in `{}`: read_at/write_at copy into global, shared, shared.dyn or local", storage.name())));
    }
    let mut loops =
        tree::loops_above_loop(func, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    loops.push(loop_id);
    Ok(loops
        .into_iter()
        .filter(|l| {
            func.find_loop(*l)
                .is_some_and(|f| matches!(f.kind, ForKind::ThreadBinding(a) if relaxes(a)))
        })
        .collect())
}

/// The blocks under `stmt` that no other block under it holds.
fn top_realizes<'a>(stmt: &'a Stmt, out: &mut Vec<&'a BlockRealize>) {
    match stmt {
        Stmt::BlockRealize(r) => out.push(r),
        other => other.for_each_child(|c| top_realizes(c, out)),
    }
}

/// The bounding box of the regions: equal bounds, or bounds a constant apart.
fn union(
    func: &PrimFunc,
    loop_id: LoopId,
    regions: &[Vec<Range>],
) -> Result<Vec<Range>, ScheduleError> {
    let mut out = regions.first().cloned().unwrap_or_default();
    for region in &regions[1.min(regions.len())..] {
        for (a, b) in out.iter_mut().zip(region) {
            if a == b {
                continue;
            }
            let shift = crate::arith::simplify(&Expr::sub(b.min.clone(), a.min.clone())).as_int();
            let (Some(d), Some(ae), Some(be)) = (shift, a.extent.as_int(), b.extent.as_int())
            else {
                return Err(refuse(func, loop_id, "holds statements accessing regions whose bounds differ by more than a constant".into()));
            };
            let (lo, hi) = (d.min(0), ae.max(d + be));
            a.min = crate::arith::simplify(&Expr::add(a.min.clone(), Expr::int(lo)));
            a.extent = Expr::int(hi - lo);
        }
    }
    Ok(out)
}

/// The points the writers write, over the loops under `loop_id` and the
/// relaxed thread loops, are every point of `domain`: the write back copies
/// the whole domain, so an element nothing wrote would overwrite the buffer.
fn check_exact_cover(
    func: &PrimFunc,
    loop_id: LoopId,
    writers: &[BlockId],
    buffer: BufferId,
    domain: &[Range],
    extra: &[LoopId],
) -> Result<(), ScheduleError> {
    const LIMIT: i64 = 1 << 22;
    let not_covered = |why: &str| {
        refuse(
            func,
            loop_id,
            format!(
                "holds writes of `{}` that do not cover the region written back exactly: {why}",
                func.buffer(buffer).name
            ),
        )
    };
    let mins: Option<Vec<i64>> = domain.iter().map(|r| eval_affine(&r.min, &[])).collect();
    let exts: Option<Vec<i64>> = domain.iter().map(|r| r.extent.as_int()).collect();
    let (Some(mins), Some(exts)) = (mins, exts) else {
        return Err(not_covered("the region is not affine"));
    };
    let volume = exts
        .iter()
        .try_fold(1i64, |a, e| a.checked_mul(*e))
        .filter(|v| *v <= LIMIT)
        .ok_or_else(|| not_covered("the region is too large to check"))?;
    let mut seen = vec![false; volume as usize];
    let ranges = all_loop_ranges(func);
    for w in writers {
        let (realize, loops) =
            tree::block_and_loops(func, *w).ok_or(ScheduleError::StaleBlock(*w))?;
        if !matches!(realize.predicate.as_bool(), Some(true)) {
            return Err(not_covered("a writer has a T.where"));
        }
        let start = loops
            .iter()
            .position(|l| l.id == loop_id)
            .map_or(0, |i| i + 1);
        let mut relax: Vec<VarId> = loops[start..].iter().map(|l| l.var).collect();
        relax.extend(
            extra
                .iter()
                .filter_map(|l| func.find_loop(*l))
                .map(|l| l.var),
        );
        let region = written_region(realize, buffer);
        mark_points(&region, &relax, &ranges, &mins, &exts, &mut seen, LIMIT).ok_or_else(|| {
            not_covered(
                "a write index is not affine in the loops, or there are too many points to check",
            )
        })?;
    }
    if seen.iter().all(|s| *s) {
        Ok(())
    } else {
        Err(not_covered("some elements of the region are never written"))
    }
}

/// The block's write region of `buffer` in terms of the loops (bindings substituted).
fn written_region(realize: &BlockRealize, buffer: BufferId) -> Vec<Range> {
    let map = |v: VarId| {
        realize
            .block
            .iter_vars
            .iter()
            .zip(&realize.iter_values)
            .find(|(iv, _)| iv.var == v)
            .map(|(_, e)| e.clone())
    };
    let mut region: Vec<Range> = realize
        .block
        .writes
        .iter()
        .find(|r| r.buffer == buffer)
        .map(|r| r.region.clone())
        .unwrap_or_default();
    for r in &mut region {
        r.min.substitute(&map);
        r.extent.substitute(&map);
    }
    region
}

/// Marks every point the region covers, over all values of `relax`.
fn mark_points(
    region: &[Range],
    relax: &[VarId],
    ranges: &VarRanges,
    mins: &[i64],
    exts: &[i64],
    seen: &mut [bool],
    limit: i64,
) -> Option<()> {
    let used: Vec<(VarId, i64, i64)> = relax
        .iter()
        .filter(|v| region.iter().any(|r| r.min.uses_var(**v)))
        .map(|v| {
            let r = ranges.get(v)?;
            Some((*v, r.min.as_int()?, r.extent.as_int()?))
        })
        .collect::<Option<_>>()?;
    let count = used
        .iter()
        .try_fold(1i64, |a, u| a.checked_mul(u.2))
        .filter(|c| *c <= limit)?;
    let region_exts: Vec<i64> = region
        .iter()
        .map(|r| r.extent.as_int())
        .collect::<Option<_>>()?;
    let mut vals: Vec<(VarId, i64)> = used.iter().map(|u| (u.0, u.1)).collect();
    for n in 0..count {
        let mut rest = n;
        for (slot, u) in vals.iter_mut().zip(&used).rev() {
            slot.1 = u.1 + rest % u.2;
            rest /= u.2;
        }
        let starts: Vec<i64> = region
            .iter()
            .map(|r| eval_affine(&r.min, &vals))
            .collect::<Option<_>>()?;
        let mut offset = vec![0i64; region.len()];
        loop {
            let mut flat = 0i64;
            for d in 0..region.len() {
                let p = starts[d] + offset[d] - mins[d];
                if p < 0 || p >= exts[d] {
                    return None;
                }
                flat = flat * exts[d] + p;
            }
            seen[flat as usize] = true;
            if !next_offset(&mut offset, &region_exts) {
                break;
            }
        }
    }
    Some(())
}

/// The value of `e`, affine in variables, with `vals` given and every other
/// variable 0; `None` when `e` is not affine in plain variables.
fn eval_affine(e: &Expr, vals: &[(VarId, i64)]) -> Option<i64> {
    let a = to_affine(e)?;
    let mut v = a.constant;
    for (t, k) in &a.terms {
        let Expr::Var(x) = t else { return None };
        v += k * vals.iter().find(|(y, _)| y == x).map_or(0, |p| p.1);
    }
    Some(v)
}

/// Steps `offset` to the next point of a box of extents `exts` (row-major);
/// false after the last.
fn next_offset(offset: &mut [i64], exts: &[i64]) -> bool {
    for d in (0..offset.len()).rev() {
        offset[d] += 1;
        if offset[d] < exts[d] {
            return true;
        }
        offset[d] = 0;
    }
    false
}

/// The copy block: an iterator per loop variable of the region (bound to
/// it), loops `ax0..` over the region inside.
fn make_copy(
    func: &mut PrimFunc,
    loop_id: LoopId,
    name: &str,
    domain: &[Range],
    from: BufferId,
    to: BufferId,
) -> Result<(Stmt, BlockId), ScheduleError> {
    let mut loops =
        tree::loops_above_loop(func, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    loops.push(loop_id);
    let loop_doms: Vec<(VarId, Expr, Expr)> = loops
        .iter()
        .filter_map(|l| func.find_loop(*l))
        .map(|l| (l.var, l.min.clone(), l.extent.clone()))
        .collect();
    let mut iter_vars: Vec<IterVar> = Vec::new();
    let mut iter_values = Vec::new();
    let mut bound: Vec<(VarId, VarId)> = Vec::new();
    let mut region = domain.to_vec();
    for r in &mut region {
        for e in [&mut r.min, &mut r.extent] {
            let mut order = Vec::new();
            e.visit(&mut |x| {
                if let Expr::Var(v) = x {
                    order.push(*v);
                }
            });
            for v in order {
                if bound.iter().any(|(o, _)| *o == v) {
                    continue;
                }
                let Some((_, min, extent)) = loop_doms.iter().find(|d| d.0 == v) else {
                    return Err(refuse(
                        func,
                        loop_id,
                        format!(
                            "has a copied region using `{}`, which is not a loop at or above it",
                            func.var_name(v)
                        ),
                    ));
                };
                let var = func.new_var(format!("v{}", iter_vars.len()), func.var(v).dtype);
                iter_vars.push(IterVar {
                    var,
                    dom: Range::new(min.clone(), extent.clone()),
                    kind: IterKind::Spatial,
                });
                iter_values.push(Expr::Var(v));
                bound.push((v, var));
            }
            e.substitute(&|v| {
                bound
                    .iter()
                    .find(|(o, _)| *o == v)
                    .map(|(_, n)| Expr::Var(*n))
            });
        }
    }
    let axes: Vec<VarId> = (0..region.len())
        .map(|i| func.new_var(format!("ax{i}"), DataType::I32))
        .collect();
    let indices: Vec<Expr> = region
        .iter()
        .zip(&axes)
        .map(|(r, a)| Expr::add(r.min.clone(), Expr::Var(*a)))
        .collect();
    let mut body = Stmt::BufferStore(BufferStore {
        buffer: to,
        indices: indices.clone(),
        value: Expr::Load(from, indices),
    });
    for (r, a) in region.iter().zip(&axes).rev() {
        body = Stmt::For(Shared::new(For {
            id: func.new_loop_id(),
            var: *a,
            min: Expr::int(0),
            extent: r.extent.clone(),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body,
        }));
    }
    let id = func.new_block_id();
    let stage = Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values,
        predicate: Expr::bool(true),
        block: Block {
            id,
            name: name.to_string(),
            iter_vars,
            reads: vec![BufferRegion {
                buffer: from,
                region: region.clone(),
            }],
            writes: vec![BufferRegion { buffer: to, region }],
            init: None,
            body,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: vec![("auto_copy".to_string(), AnnValue::Bool(true))],
        },
    }));
    Ok((stage, id))
}

/// Every access of `from` under `stmt`, and every block region of it, goes to `to`.
fn replace_buffer(stmt: &mut Stmt, from: BufferId, to: BufferId) {
    stmt.visit_mut(&mut |s| {
        match s {
            Stmt::BufferStore(st) if st.buffer == from => st.buffer = to,
            Stmt::BlockRealize(r) => {
                let b = &mut r.block;
                for reg in b.reads.iter_mut().chain(b.writes.iter_mut()) {
                    if reg.buffer == from {
                        reg.buffer = to;
                    }
                }
                for m in &mut b.match_buffers {
                    if m.source.buffer == from {
                        m.source.buffer = to;
                    }
                }
            }
            _ => {}
        }
        s.for_each_expr_mut(|e| {
            e.rewrite(&mut |x| {
                if let Expr::Load(b, _) = x {
                    if *b == from {
                        *b = to;
                    }
                }
            })
        });
    });
}
