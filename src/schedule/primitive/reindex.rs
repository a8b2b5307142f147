//! reindex: a copy of one buffer laid out by the iterators of the block that
//! accesses it.
//!
//! TVM: src/s_tir/schedule/primitive/cache_read_write.cc (ReIndex). The block
//! must be a leaf that loads or stores the buffer with one set of indices
//! (simplified over the iterators' domains). A new buffer `X_reindex` gets one
//! axis per iterator those indices use, in the block's iterator order; the
//! block then accesses it at its iterators, and a copy stage (one loop per
//! such iterator, over its domain) fills it from `X` before the block's loop
//! nest (a read) or writes it back into `X` after the nest (a write).
//!
//! Beyond TVM, which builds them without complaint, three programs that would
//! compute something else are refused: reindexing as a read a buffer the block
//! also writes (the result would never reach `X`), as a write a buffer the
//! block reads before writing it (an update without `T.init` would read the
//! new buffer uninitialized), and as a write a block whose bindings do not
//! cover its iterators' domains exactly (the copy back would write elements
//! the block never computed). A read copy whose indices could leave the buffer
//! over the iterators' domains is refused as well.

use crate::arith::bound::VarRanges;
use crate::ir::{
    Block, BlockId, BlockRealize, Buffer, BufferId, BufferRegion, BufferStore, Expr, For, ForKind,
    IterKind, IterVar, PrimFunc, Range, Shared, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::cache_read_write::{insert_stage, Loc};
use crate::schedule::primitive::layout_transformation::{resolve_buffer, BufferRef};
use crate::schedule::tree;

const PRIMITIVE: &str = "reindex";

/// TVM's `reindex(block, buffer)`: returns the new copy stage's block.
pub fn reindex(
    func: &mut PrimFunc,
    block: BlockId,
    buffer: &BufferRef,
) -> Result<BlockId, ScheduleError> {
    let (target, is_write) = resolve_access(func, block, buffer)?;
    let scope =
        tree::scope_of_block(func, block).ok_or_else(|| ScheduleError::InvalidArgument {
            what: "reindex.block",
            why: "the root block has no enclosing scope to put a copy stage in".into(),
        })?;
    let realize = get_block(func, block)?;
    let indices = unique_access_indices(func, &realize.block, target)?;
    let ranges = iter_ranges(&realize.block);
    let indices: Vec<Expr> = indices
        .iter()
        .map(|e| simplify_non_trivial(func, e, &ranges))
        .collect();
    let covered = covered_iters(&realize.block, &indices);
    check_semantics(func, realize, target, is_write, &indices, &ranges)?;
    let position = nest_position(func, scope, block)? + usize::from(is_write);

    let new_buffer = reindex_buffer(func, target, block, &covered)?;
    let (stage, stage_id) = make_stage(func, block, target, new_buffer, is_write, &indices)?;
    rewrite_block(func, block, target, new_buffer, &covered)?;
    insert_stage(func, Loc::Block(scope), position, stage)?;
    if let Some(r) = tree::block_realize_mut(func, scope) {
        r.block.alloc_buffers.push(new_buffer);
    }
    Ok(stage_id)
}

/// The buffer and whether it is reindexed as the block's write. A name the
/// block both reads and writes is its write, as TVM's Python resolves it.
fn resolve_access(
    func: &PrimFunc,
    block: BlockId,
    buffer: &BufferRef,
) -> Result<(BufferId, bool), ScheduleError> {
    let target = resolve_buffer(func, block, buffer)?;
    let is_write = match buffer {
        BufferRef::Read(_) => false,
        BufferRef::Write(_) => true,
        BufferRef::Name(_) => get_block(func, block)?
            .block
            .writes
            .iter()
            .any(|w| w.buffer == target),
    };
    Ok((target, is_write))
}

fn precondition(func: &PrimFunc, block: BlockId, why: String, hint: &str) -> ScheduleError {
    ScheduleError::BlockPrecondition {
        block: block_culprit(func, block),
        primitive: PRIMITIVE,
        why,
        hint: hint.into(),
    }
}

/// TVM's ReIndexCollector: the indices of every load and store of `buffer`
/// in the block's body, which must all be the same; the block must hold no
/// other block, and no tensor call or match_buffer may see the buffer whole.
fn unique_access_indices(
    func: &PrimFunc,
    block: &Block,
    buffer: BufferId,
) -> Result<Vec<Expr>, ScheduleError> {
    let name = &func.buffer(buffer).name;
    if !tree::blocks_in(&block.body).is_empty() {
        return Err(precondition(
            func,
            block.id,
            "is not a leaf block: it holds other blocks".into(),
            "reindex the innermost block that loads or stores the buffer",
        ));
    }
    if block
        .match_buffers
        .iter()
        .any(|m| m.source.buffer == buffer)
    {
        return Err(precondition(
            func,
            block.id,
            format!("views `{name}` through a match_buffer (an opaque access)"),
            "reindex a block that loads or stores the buffer element by element",
        ));
    }
    let mut seen: Option<Vec<Expr>> = None;
    let mut differing = false;
    let mut opaque = false;
    let mut note = |idx: &Vec<Expr>| match &seen {
        None => seen = Some(idx.clone()),
        Some(first) => differing |= first != idx,
    };
    block.body.visit(&mut |s| {
        if let Stmt::BufferStore(st) = s {
            if st.buffer == buffer {
                note(&st.indices);
            }
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x| match x {
                Expr::Load(b, idx) if *b == buffer => note(idx),
                Expr::Call(f, args) if f.is_tensor_call() => {
                    opaque |= args
                        .iter()
                        .any(|a| matches!(a, Expr::Load(b, _) if *b == buffer))
                }
                _ => {}
            })
        });
    });
    let why_tail = "reindex needs every load and store of it in the block to use the same indices";
    if opaque {
        return Err(precondition(
            func,
            block.id,
            format!("passes `{name}` to a tensor call (an opaque access)"),
            "reindex before tensorize",
        ));
    }
    if differing {
        return Err(precondition(
            func,
            block.id,
            format!("accesses `{name}` at different indices; {why_tail}"),
            "reindex a block with a single access pattern, or cache_read the buffer instead",
        ));
    }
    seen.ok_or_else(|| {
        precondition(
            func,
            block.id,
            format!("never loads or stores `{name}` in its body; {why_tail}"),
            "pick a buffer the block's body accesses",
        )
    })
}

/// Each iterator's domain, for simplifying indices over it.
fn iter_ranges(block: &Block) -> VarRanges {
    block
        .iter_vars
        .iter()
        .map(|iv| (iv.var, iv.dom.clone()))
        .collect()
}

/// TVM's SimplifyNonTrivialExpr: the simplified index, unless it folds to a
/// constant (then the index is kept as written).
fn simplify_non_trivial(func: &PrimFunc, e: &Expr, ranges: &VarRanges) -> Expr {
    let simplified = crate::arith::simplify_in(Some(func), e, ranges);
    if simplified.as_int().is_some() {
        e.clone()
    } else {
        simplified
    }
}

/// The block's iterators the indices use, in the block's order.
fn covered_iters(block: &Block, indices: &[Expr]) -> Vec<IterVar> {
    block
        .iter_vars
        .iter()
        .filter(|iv| indices.iter().any(|e| e.uses_var(iv.var)))
        .cloned()
        .collect()
}

/// The refusals that keep reindex from changing what the program computes
/// (module header).
fn check_semantics(
    func: &PrimFunc,
    realize: &BlockRealize,
    buffer: BufferId,
    is_write: bool,
    indices: &[Expr],
    ranges: &VarRanges,
) -> Result<(), ScheduleError> {
    let block = &realize.block;
    let name = &func.buffer(buffer).name;
    let writes = block.writes.iter().any(|w| w.buffer == buffer);
    let reads = block.reads.iter().any(|r| r.buffer == buffer);
    if !is_write && writes {
        return Err(precondition(
            func,
            block.id,
            format!("also writes `{name}`; reindexed as a read, the block's result would stay in the copy and never reach `{name}`"),
            "reindex the block's write of the buffer instead (buffer=(\"write\", N) or its name)",
        ));
    }
    if is_write && reads && block.init.is_none() {
        return Err(precondition(
            func,
            block.id,
            format!("reads `{name}` before writing it (an update without T.init); reindexed, it would read the new buffer uninitialized"),
            "reindex a block that computes the buffer's elements itself (a reduction with T.init, or a plain store)",
        ));
    }
    if is_write {
        check_bindings_cover_domain(func, realize, indices)
    } else {
        check_copy_in_bounds(func, block.id, buffer, indices, ranges)
    }
}

/// A write copy stage stores every point of the covered iterators' domains,
/// so the block must have computed each: its bindings of those iterators are
/// sums of distinct loop variables packed like a mixed-radix number (as after
/// `split` and `reorder`, never a `T.where` guard), spanning the domain.
fn check_bindings_cover_domain(
    func: &PrimFunc,
    realize: &BlockRealize,
    indices: &[Expr],
) -> Result<(), ScheduleError> {
    let block = &realize.block;
    let hint =
        "reindex the block before split, fuse or compute_at change its loops, as MetaSchedule does";
    let fail = |why: String| precondition(func, block.id, why, hint);
    if let Some(extra) = predicate_beyond_domains(func, realize) {
        return Err(fail(format!(
            "runs under `T.where({})`, which says more than its iterators' domains: it may compute only part of them, and the copy back would store elements it never computed",
            crate::script::print_expr(func, &extra)
        )));
    }
    let loops = tree::block_and_loops(func, block.id)
        .map(|(_, loops)| loops)
        .unwrap_or_default();
    let extent_of = |v: VarId| {
        loops
            .iter()
            .find(|l| l.var == v)
            .and_then(|l| l.extent.as_int().filter(|_| l.min.as_int() == Some(0)))
    };
    let mut used_loops: Vec<VarId> = Vec::new();
    for (iv, value) in block.iter_vars.iter().zip(&realize.iter_values) {
        if !indices.iter().any(|e| e.uses_var(iv.var)) {
            continue;
        }
        let iter_name = func.var_name(iv.var);
        let not_exact = || {
            fail(format!(
                "binds iterator `{iter_name}` to `{}`, which does not visit its domain exactly once per point; the copy back would store elements the block never computed",
                crate::script::print_expr(func, value)
            ))
        };
        let Some(affine) = crate::arith::to_affine(value) else {
            return Err(not_exact());
        };
        let mut terms: Vec<(i64, i64)> = Vec::new();
        for (atom, coef) in &affine.terms {
            let Some(v) = atom.as_var() else {
                return Err(not_exact());
            };
            let Some(extent) = extent_of(v) else {
                return Err(not_exact());
            };
            if used_loops.contains(&v) {
                return Err(not_exact());
            }
            used_loops.push(v);
            if extent > 1 {
                terms.push((*coef, extent));
            }
        }
        // The binding covers [constant, constant + span); a larger span than
        // the domain is cut back to it by a guard (a non-dividing split).
        let span = mixed_radix_span(terms).ok_or_else(not_exact)?;
        let spans_domain = match (iv.dom.min.as_int(), iv.dom.extent.as_int()) {
            (Some(lo), Some(n)) => affine.constant <= lo && lo + n <= affine.constant + span,
            _ => false,
        };
        if !spans_domain {
            return Err(not_exact());
        }
    }
    Ok(())
}

/// A conjunct of the block's `T.where` that is not one of the bounds its
/// iterators' domains put on their bindings (those only cut a non-dividing
/// split back to the domain), if any.
fn predicate_beyond_domains(func: &PrimFunc, realize: &BlockRealize) -> Option<Expr> {
    if realize.predicate.is_const_true() {
        return None;
    }
    let ranges = crate::schedule::region::all_loop_ranges(func);
    let guard = crate::schedule::region::domain_guard(
        &realize.block.iter_vars,
        &realize.iter_values,
        &ranges,
    );
    let mut guards = Vec::new();
    conjuncts(&guard, &mut guards);
    let mut own = Vec::new();
    conjuncts(&realize.predicate, &mut own);
    own.into_iter()
        .find(|c| !c.is_const_true() && !guards.contains(c))
        .cloned()
}

fn conjuncts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(crate::ir::BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// How many consecutive values `c0 * x0 + c1 * x1 + ...` covers when its
/// coefficients, smallest first, are 1 and each next the previous times the
/// previous variable's extent; `None` otherwise.
fn mixed_radix_span(mut terms: Vec<(i64, i64)>) -> Option<i64> {
    terms.sort_unstable();
    let mut stride = 1i64;
    for (coef, extent) in terms {
        if coef != stride {
            return None;
        }
        stride = stride.checked_mul(extent)?;
    }
    Some(stride)
}

/// A read copy stage loads the buffer at every point of the covered
/// iterators' domains; that must stay inside the buffer.
fn check_copy_in_bounds(
    func: &PrimFunc,
    block: BlockId,
    buffer: BufferId,
    indices: &[Expr],
    ranges: &VarRanges,
) -> Result<(), ScheduleError> {
    let shape = func.buffer(buffer).shape.clone();
    for (axis, (index, dim)) in indices.iter().zip(&shape).enumerate() {
        let bounds = crate::arith::const_bounds(index, ranges);
        let inside =
            matches!((bounds, dim.as_int()), (Some((lo, hi)), Some(n)) if lo >= 0 && hi < n);
        if !inside {
            return Err(precondition(
                func,
                block,
                format!(
                    "loads `{}` on axis {axis} at `{}`, which over its iterators' whole domains may leave the buffer's extent `{}`; the copy stage would read out of bounds",
                    func.buffer(buffer).name,
                    crate::script::print_expr(func, index),
                    crate::script::print_expr(func, dim),
                ),
                "reindex a block whose iterators' domains keep its indices inside the buffer",
            ));
        }
    }
    Ok(())
}

/// Where the block's loop nest sits in its scope's body (the flattened
/// sequence `insert_stage` counts). TVM requires the loops between the scope
/// and the block to form a chain, each the only statement in its parent.
fn nest_position(func: &PrimFunc, scope: BlockId, block: BlockId) -> Result<usize, ScheduleError> {
    let (realize, loops) =
        tree::block_and_loops(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    for (i, l) in loops.iter().enumerate() {
        let only_child = match single(&l.body) {
            Stmt::For(inner) => loops.get(i + 1).is_some_and(|n| n.id == inner.id),
            Stmt::BlockRealize(r) => i + 1 == loops.len() && r.block.id == block,
            _ => false,
        };
        if !only_child {
            return Err(precondition(
                func,
                block,
                format!(
                    "shares loop `{}` with other statements; reindex places its copy stage beside the block's own loop nest",
                    func.var_name(l.var)
                ),
                "reindex before compute_at or fuse put other blocks under the block's loops",
            ));
        }
    }
    let top_is = |s: &Stmt| match (s, loops.first()) {
        (Stmt::For(l), Some(outer)) => l.id == outer.id,
        (Stmt::BlockRealize(r), None) => r.block.id == realize.block.id,
        _ => false,
    };
    let scope_body = &get_block(func, scope)?.block.body;
    let mut flat = Vec::new();
    flatten(scope_body, &mut flat);
    flat.iter()
        .position(|s| top_is(s))
        .ok_or(ScheduleError::StaleBlock(block))
}

/// A statement, or the only statement of a one-element sequence.
fn single(s: &Stmt) -> &Stmt {
    match s {
        Stmt::Seq(v) if v.len() == 1 => single(&v[0]),
        other => other,
    }
}

fn flatten<'a>(s: &'a Stmt, out: &mut Vec<&'a Stmt>) {
    match s {
        Stmt::Seq(v) => v.iter().for_each(|x| flatten(x, out)),
        other => out.push(other),
    }
}

/// TVM's CreateReindexBuffer: `X_reindex`, one axis per covered iterator,
/// sized to its domain's end, compact, in `X`'s type and scope.
fn reindex_buffer(
    func: &mut PrimFunc,
    buffer: BufferId,
    block: BlockId,
    covered: &[IterVar],
) -> Result<BufferId, ScheduleError> {
    if covered.is_empty() {
        return Err(precondition(
            func,
            block,
            format!(
                "accesses `{}` at indices that use none of its iterators",
                func.buffer(buffer).name
            ),
            "reindex a buffer whose indices follow the block's iterators",
        ));
    }
    let old = func.buffer(buffer).clone();
    let shape = covered.iter().map(|iv| domain_end(&iv.dom)).collect();
    Ok(func.new_buffer(Buffer {
        name: format!("{}_reindex", old.name),
        shape,
        strides: Vec::new(),
        elem_offset: None,
        offset_factor: 0,
        data_alignment: 0,
        axis_align: Vec::new(),
        swizzle_bytes: 0,
        uniform_across: Vec::new(),
        ..old
    }))
}

/// `min + extent` in the domain's own type (`T.int64(2)` stays int64: the
/// simplifier's sums are int32).
fn domain_end(dom: &Range) -> Expr {
    match (&dom.min, &dom.extent) {
        (Expr::Int(0, _), extent) => extent.clone(),
        (lo @ Expr::Int(..), hi @ Expr::Int(..)) => {
            crate::arith::fold_consts(crate::ir::BinOp::Add, lo, hi)
                .unwrap_or_else(|| Expr::add(lo.clone(), hi.clone()))
        }
        (lo, hi) => crate::arith::simplify(&Expr::add(lo.clone(), hi.clone())),
    }
}

/// TVM's MakeReIndexStage: loops `ax0..` over the covered iterators' domains,
/// a block `v0..` copying between the buffer (at the block's indices, in the
/// new iterators) and the reindex buffer (at the new iterators).
fn make_stage(
    func: &mut PrimFunc,
    block: BlockId,
    buffer: BufferId,
    new_buffer: BufferId,
    is_write: bool,
    indices: &[Expr],
) -> Result<(Stmt, BlockId), ScheduleError> {
    let old_iters = get_block(func, block)?.block.iter_vars.clone();
    let mut iter_vars = Vec::new();
    let mut replace: Vec<(VarId, VarId)> = Vec::new();
    for iv in &old_iters {
        if !indices.iter().any(|e| e.uses_var(iv.var)) {
            continue;
        }
        let dtype = func.var(iv.var).dtype;
        let var = func.new_var(format!("v{}", iter_vars.len()), dtype);
        replace.push((iv.var, var));
        iter_vars.push(IterVar {
            var,
            dom: iv.dom.clone(),
            kind: IterKind::Spatial,
        });
    }
    let target_indices: Vec<Expr> = indices
        .iter()
        .map(|e| {
            let mut e = e.clone();
            e.substitute(&|v| {
                replace
                    .iter()
                    .find(|(old, _)| *old == v)
                    .map(|(_, new)| Expr::Var(*new))
            });
            e
        })
        .collect();
    let reindex_indices: Vec<Expr> = iter_vars.iter().map(|iv| Expr::Var(iv.var)).collect();
    let (from, from_idx, to, to_idx) = if is_write {
        (new_buffer, reindex_indices, buffer, target_indices)
    } else {
        (buffer, target_indices, new_buffer, reindex_indices)
    };
    let point = |b: BufferId, idx: &[Expr]| BufferRegion {
        buffer: b,
        region: idx.iter().cloned().map(Range::point).collect(),
    };
    let stage_id = func.new_block_id();
    let loop_vars: Vec<VarId> = iter_vars
        .iter()
        .enumerate()
        .map(|(i, iv)| {
            let dtype = func.var(iv.var).dtype;
            func.new_var(format!("ax{i}"), dtype)
        })
        .collect();
    let stage_block = Block {
        id: stage_id,
        name: format!("{}_reindex", func.buffer(to).name),
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
        iter_vars: iter_vars.clone(),
    };
    let mut stmt = Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values: loop_vars.iter().map(|v| Expr::Var(*v)).collect(),
        predicate: Expr::bool(true),
        block: stage_block,
    }));
    for (iv, var) in iter_vars.iter().zip(loop_vars).rev() {
        stmt = Stmt::For(Shared::new(For {
            id: func.new_loop_id(),
            var,
            min: iv.dom.min.clone(),
            extent: iv.dom.extent.clone(),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    Ok((stmt, stage_id))
}

/// TVM's ReIndexRewriter on the block: every load and store of the buffer
/// (body and init) goes to the reindex buffer at the covered iterators, and
/// so do its read, write and match_buffer regions of it.
fn rewrite_block(
    func: &mut PrimFunc,
    block: BlockId,
    buffer: BufferId,
    new_buffer: BufferId,
    covered: &[IterVar],
) -> Result<(), ScheduleError> {
    let indices: Vec<Expr> = covered.iter().map(|iv| Expr::Var(iv.var)).collect();
    let region = BufferRegion {
        buffer: new_buffer,
        region: indices.iter().cloned().map(Range::point).collect(),
    };
    let r = tree::block_realize_mut(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    for regions in [&mut r.block.reads, &mut r.block.writes] {
        for reg in regions.iter_mut().filter(|reg| reg.buffer == buffer) {
            *reg = region.clone();
        }
    }
    let redirect = |s: &mut Stmt| {
        s.visit_mut(&mut |x| {
            if let Stmt::BufferStore(st) = x {
                if st.buffer == buffer {
                    st.buffer = new_buffer;
                    st.indices = indices.clone();
                }
            }
            x.for_each_expr_mut(|e| {
                e.rewrite(&mut |y| {
                    if matches!(y, Expr::Load(b, _) if *b == buffer) {
                        *y = Expr::Load(new_buffer, indices.clone());
                    }
                })
            });
        })
    };
    if let Some(init) = &mut r.block.init {
        redirect(init);
    }
    redirect(&mut r.block.body);
    Ok(())
}
