//! rolling_buffer: shrink a tiled producer's buffer to one tile's window
//! along one axis and index it circularly, reusing the overlap between
//! adjacent tiles instead of recomputing it.
//!
//! TVM: src/s_tir/schedule/primitive/rolling_buffer.cc. The block's
//! `write_buffer_index`-th write must not be an output, the block must have
//! only read-after-write dependences in its scope, and the lowest common
//! ancestor of the block and its consumers must be a loop. The written region,
//! relaxed over the loops under that ancestor, is matched axis by axis against
//! `v * stride`, `v * stride // d`, `v` or a constant; an axis whose extent
//! exceeds its stride overlaps the previous tile. The outermost loop among
//! those overlapping vars picks the rolling axis: the buffer's extent there
//! becomes the window's, every access takes `% window`, every block of the
//! scope gets that iterator made opaque (as TVM does, by position), and the
//! writer skips the overlap of every overlapping axis after the first tile
//! (`v < 1 or overlap <= inner`).
//!
//! Beyond TVM (which crashes or builds an ill-formed program there), a
//! window extent that is not a constant, a buffer the scope block does not
//! allocate, and a writer whose bindings are fewer than the buffer's axes
//! (TVM pairs buffer axes with bindings by position) are refused.

use crate::arith::simplify;
use crate::ir::{BinOp, BlockId, BufferId, Expr, IterKind, LoopId, PrimFunc, Range, Stmt, VarId};
use crate::schedule::analysis::{
    block_culprit, consumers, get_block, output_buffer_of, read_buffers, sibling_blocks,
    written_buffers,
};
use crate::schedule::error::ScheduleError;
use crate::schedule::region::relaxed_access;
use crate::schedule::tree::{self, Ancestor};

const PRIMITIVE: &str = "rolling_buffer";

/// One axis of the relaxed written region: the loop var its start moves
/// with and how far a tile overlaps the previous one (None: no overlap).
struct AxisRoll {
    var: Option<VarId>,
    overlap: i64,
}

/// What the rewrite needs: the buffer, its rolling axis and window.
struct RollPlan {
    buffer: BufferId,
    axis: usize,
    window: i64,
    axes: Vec<AxisRoll>,
}

/// TVM's `rolling_buffer(block, write_buffer_index)`.
pub fn rolling_buffer(
    func: &mut PrimFunc,
    block: BlockId,
    write_buffer_index: i64,
) -> Result<(), ScheduleError> {
    let buffer = nth_write(func, block, write_buffer_index)?;
    let scope =
        tree::scope_of_block(func, block).ok_or_else(|| ScheduleError::InvalidArgument {
            what: "rolling_buffer.block",
            why: "the root block has no enclosing scope".into(),
        })?;
    let realize = get_block(func, block)?;
    if let Some(out) = output_buffer_of(func, &realize.block) {
        return Err(ScheduleError::OutputBlock {
            block: block_culprit(func, block),
            buffer: func.buffer(out).name.clone(),
        });
    }
    check_only_raw(func, block)?;
    let lca = consumers_lca(func, block, buffer)?;
    let plan = match_rolling(func, block, buffer, lca)?;
    check_allocated_by_scope(func, block, scope, buffer)?;
    rewrite(func, scope, block, &plan)
}

/// The block's `index`-th written buffer (TVM's GetNthAccessBufferRegion).
fn nth_write(func: &PrimFunc, block: BlockId, index: i64) -> Result<BufferId, ScheduleError> {
    let writes = &get_block(func, block)?.block.writes;
    usize::try_from(index)
        .ok()
        .and_then(|i| writes.get(i))
        .map(|r| r.buffer)
        .ok_or_else(|| ScheduleError::BufferIndexOutOfRange {
            block: block_culprit(func, block),
            kind: "write",
            index,
            count: writes.len(),
        })
}

fn precondition(func: &PrimFunc, block: BlockId, why: String, hint: &str) -> ScheduleError {
    ScheduleError::BlockPrecondition {
        block: block_culprit(func, block),
        primitive: PRIMITIVE,
        why,
        hint: hint.into(),
    }
}

/// TVM's RollingBufferDependencyError: every dependence between the block and
/// the other blocks of its scope must be read-after-write (a second writer of
/// a buffer it touches, or a reader of a buffer before it writes it, would see
/// the window's recycled elements).
fn check_only_raw(func: &PrimFunc, block: BlockId) -> Result<(), ScheduleError> {
    let me = &get_block(func, block)?.block;
    let (my_reads, my_writes) = (read_buffers(me), written_buffers(me));
    let mut before = true;
    for other in sibling_blocks(func, block) {
        if other == block {
            before = false;
            continue;
        }
        let o = &get_block(func, other)?.block;
        let (o_reads, o_writes) = (read_buffers(o), written_buffers(o));
        let waw = o_writes.iter().any(|b| my_writes.contains(b));
        // Reads of what the other writes are RAW when it comes first, WAR after;
        // its reads of what this block writes are the reverse.
        let war = if before {
            o_reads.iter().any(|b| my_writes.contains(b))
        } else {
            o_writes.iter().any(|b| my_reads.contains(b))
        };
        if waw || war {
            let kind = if waw {
                "write-after-write"
            } else {
                "write-after-read"
            };
            return Err(precondition(
                func,
                block,
                format!(
                    "is required to have only read-after-write dependences, but it has a {kind} dependence with {}",
                    block_culprit(func, other)
                ),
                "rolling_buffer reuses the elements a tile shares with the previous one, so the block must be the only writer of what it writes and nothing may write what it reads after it",
            ));
        }
    }
    Ok(())
}

/// The lowest common ancestor of the block and its consumers, which must be a
/// loop (TVM's RollingBufferInsertionError).
fn consumers_lca(
    func: &PrimFunc,
    block: BlockId,
    buffer: BufferId,
) -> Result<LoopId, ScheduleError> {
    let path_to = |b: BlockId| -> Result<Vec<Ancestor>, ScheduleError> {
        let mut p = tree::ancestors_of_block(func, b).ok_or(ScheduleError::StaleBlock(b))?;
        p.push(Ancestor::Block(b));
        Ok(p)
    };
    let mut common = path_to(block)?;
    for c in consumers(func, block) {
        let p = path_to(c)?;
        let same = common.iter().zip(&p).take_while(|(a, b)| a == b).count();
        common.truncate(same);
    }
    match common.last() {
        Some(Ancestor::Loop(l)) => Ok(*l),
        _ => Err(precondition(
            func,
            block,
            format!(
                "should be tiled so that the lowest common ancestor of the accesses to `{}` (the block and its consumers) is a loop; it is a block",
                func.buffer(buffer).name
            ),
            "split the consumer's loops into tiles and compute_at the block under a tile loop of the consumer first",
        )),
    }
}

/// The written region relaxed over the loops under `lca`, matched against the
/// rolling pattern (TVM's RollingBufferInfoCollector).
fn match_rolling(
    func: &PrimFunc,
    block: BlockId,
    buffer: BufferId,
    lca: LoopId,
) -> Result<RollPlan, ScheduleError> {
    let no_match = |region: &[Range]| {
        let shown: Vec<String> = region
            .iter()
            .map(|r| {
                format!(
                    "{}:+{}",
                    crate::script::printer::print_expr(func, &r.min),
                    crate::script::printer::print_expr(func, &r.extent)
                )
            })
            .collect();
        precondition(
            func,
            block,
            format!(
                "writes `{}` over the region [{}] per tile, which has no axis of the rolling pattern `outer * stride + inner` with tiles overlapping",
                func.buffer(buffer).name,
                shown.join(", ")
            ),
            "rolling_buffer needs a tiled producer computed at a tile loop of its consumer whose adjacent tiles overlap (a window larger than the stride)",
        )
    };
    let region =
        relaxed_access(func, block, buffer, true, Some(lca), &[]).ok_or_else(|| no_match(&[]))?;
    let mut axes = Vec::with_capacity(region.len());
    let mut windows = Vec::with_capacity(region.len());
    for r in &region {
        let Some((var, stride)) = start_pattern(&r.min) else {
            return Err(no_match(&region));
        };
        let extent = r.extent.as_int();
        let overlap = match (var, extent) {
            (Some(_), Some(e)) => e - stride,
            (Some(_), None) => {
                return Err(precondition(
                    func,
                    block,
                    format!(
                        "writes `{}` over a tile whose extent `{}` is not a constant",
                        func.buffer(buffer).name,
                        crate::script::printer::print_expr(func, &r.extent)
                    ),
                    "rolling_buffer sizes the window by the tile's extent, which must be known",
                ));
            }
            (None, _) => 0,
        };
        axes.push(AxisRoll {
            var: var.filter(|_| overlap > 0),
            overlap,
        });
        windows.push(extent);
    }
    let loops = tree::loops_of_block(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    let axis = loops.iter().find_map(|l| {
        let v = func.find_loop(*l)?.var;
        axes.iter().position(|a| a.var == Some(v))
    });
    let Some(axis) = axis else {
        return Err(no_match(&region));
    };
    let window = windows[axis].ok_or_else(|| no_match(&region))?;
    Ok(RollPlan {
        buffer,
        axis,
        window,
        axes,
    })
}

/// A tile start of the forms TVM rolls: `v * s // d` (stride ceil(s / d)),
/// `v * s`, `v` (stride 1), or a constant (no var). None: anything else.
fn start_pattern(min: &Expr) -> Option<(Option<VarId>, i64)> {
    let scaled = |e: &Expr| -> Option<(VarId, i64)> {
        match e {
            Expr::Binary(BinOp::Mul, a, b) => match (&**a, &**b) {
                (Expr::Var(v), Expr::Int(s, _)) | (Expr::Int(s, _), Expr::Var(v)) => Some((*v, *s)),
                _ => None,
            },
            _ => None,
        }
    };
    match min {
        Expr::Binary(BinOp::FloorDiv, num, den) => {
            let (v, s) = scaled(num)?;
            let d = den.as_int().filter(|d| *d > 0)?;
            Some((Some(v), (s + d - 1).div_euclid(d)))
        }
        Expr::Var(v) => Some((Some(*v), 1)),
        Expr::Int(..) => Some((None, 0)),
        e => scaled(e).map(|(v, s)| (Some(v), s)),
    }
}

/// TVM rewrites the buffer inside the scope only, so the scope block must
/// allocate it (elsewhere, the accesses outside would keep the old shape).
fn check_allocated_by_scope(
    func: &PrimFunc,
    block: BlockId,
    scope: BlockId,
    buffer: BufferId,
) -> Result<(), ScheduleError> {
    let allocated = get_block(func, scope)?
        .block
        .alloc_buffers
        .contains(&buffer);
    if allocated {
        return Ok(());
    }
    Err(precondition(
        func,
        block,
        format!(
            "writes `{}`, which its scope block does not allocate",
            func.buffer(buffer).name
        ),
        "rolling_buffer rewrites the buffer within the block's scope; allocate it in the block that encloses the producer and its consumers",
    ))
}

/// Applies the plan: the window's shape, `% window` on every access, opaque
/// iterators at the rolling position, the writer's skip predicate and the
/// regions of the blocks that touch the buffer.
fn rewrite(
    func: &mut PrimFunc,
    scope: BlockId,
    writer: BlockId,
    plan: &RollPlan,
) -> Result<(), ScheduleError> {
    let skip = skip_predicate(func, writer, plan)?;
    func.buffer_mut(plan.buffer).shape[plan.axis] = Expr::int(plan.window);
    let realize = tree::block_realize_mut(func, scope).ok_or(ScheduleError::StaleBlock(scope))?;
    let mut touched = Vec::new();
    realize.block.body.visit_mut(&mut |s| {
        if let Stmt::BlockRealize(r) = s {
            if r.block.id == writer {
                r.predicate = match std::mem::replace(&mut r.predicate, Expr::bool(true)) {
                    p if p.is_const_true() => skip.clone(),
                    p => conjoin(p, &skip),
                };
            }
            let b = &mut r.block;
            if let Some(iv) = b.iter_vars.get_mut(plan.axis) {
                iv.kind = IterKind::Opaque;
            }
            let accesses = b.reads.iter().chain(&b.writes);
            if accesses.clone().any(|region| region.buffer == plan.buffer) {
                touched.push(b.id);
            }
        }
        if let Stmt::BufferStore(st) = s {
            if st.buffer == plan.buffer {
                wrap_index(&mut st.indices, plan);
            }
        }
        s.for_each_expr_mut(|e| {
            e.rewrite(&mut |x| {
                if let Expr::Load(b, idx) = x {
                    if *b == plan.buffer {
                        wrap_index(idx, plan);
                    }
                }
            })
        });
    });
    refresh_buffer_regions(func, &touched, plan.buffer);
    Ok(())
}

fn wrap_index(indices: &mut [Expr], plan: &RollPlan) {
    if let Some(i) = indices.get_mut(plan.axis) {
        let old = std::mem::replace(i, Expr::int(0));
        *i = Expr::floormod(old, Expr::int(plan.window));
    }
}

/// `predicate and a and b ...`, one conjunct at a time (TVM's And chain).
fn conjoin(mut predicate: Expr, skip: &Expr) -> Expr {
    let mut terms = Vec::new();
    split_and(skip, &mut terms);
    for t in terms {
        predicate = Expr::and(predicate, t.clone());
    }
    predicate
}

fn split_and<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            split_and(a, out);
            split_and(b, out);
        }
        other => out.push(other),
    }
}

/// For each overlapping axis `i` moving with loop var `v`: `v < 1 or overlap
/// <= start_i`, where `start_i` is the writer's `i`-th binding at `v = 0`:
/// after the first tile, the elements the previous tile computed are kept.
fn skip_predicate(
    func: &PrimFunc,
    writer: BlockId,
    plan: &RollPlan,
) -> Result<Expr, ScheduleError> {
    let realize = get_block(func, writer)?;
    let mut skip: Option<Expr> = None;
    for (i, axis) in plan.axes.iter().enumerate() {
        let Some(v) = axis.var else { continue };
        let Some(binding) = realize.iter_values.get(i) else {
            return Err(precondition(
                func,
                writer,
                format!(
                    "has {} iterators but `{}` has {} axes; TVM pairs the buffer's axes with the block's bindings by position",
                    realize.iter_values.len(),
                    func.buffer(plan.buffer).name,
                    plan.axes.len()
                ),
                "give the block one iterator per axis of the buffer, in the buffer's order",
            ));
        };
        check_axis_is_iterator(func, writer, plan, i)?;
        let mut at_first = binding.clone();
        at_first.substitute(&|x| (x == v).then(|| Expr::int(0)));
        let first_tile = Expr::lt(Expr::var(v), Expr::int(1));
        let kept = Expr::binary(BinOp::Le, Expr::int(axis.overlap), simplify(&at_first));
        let term = Expr::binary(BinOp::Or, first_tile, kept);
        skip = Some(match skip {
            None => term,
            Some(s) => Expr::and(s, term),
        });
    }
    Ok(skip.unwrap_or_else(|| Expr::bool(true)))
}

/// TVM takes the writer's `i`-th binding for the buffer's axis `i`; that is
/// the written index only when the block writes axis `i` at its `i`-th
/// iterator. Otherwise TVM's predicate skips other elements than those the
/// previous tile computed (a wrong result), so it is refused.
fn check_axis_is_iterator(
    func: &PrimFunc,
    writer: BlockId,
    plan: &RollPlan,
    axis: usize,
) -> Result<(), ScheduleError> {
    let block = &get_block(func, writer)?.block;
    let iter = block.iter_vars.get(axis).map(|iv| iv.var);
    let written = block.writes.iter().find(|w| w.buffer == plan.buffer);
    let index = written.and_then(|w| w.region.get(axis));
    let paired = match (iter, index) {
        (Some(v), Some(r)) => r.min.as_var() == Some(v) && r.extent.as_int() == Some(1),
        _ => false,
    };
    if paired {
        return Ok(());
    }
    Err(precondition(
        func,
        writer,
        format!(
            "does not write axis {axis} of `{}` at its iterator {axis}; TVM pairs the buffer's axes with the block's bindings by position, and its predicate would skip elements the previous tile did not compute",
            func.buffer(plan.buffer).name
        ),
        "write the buffer at the block's iterators in the buffer's axis order (transform_block_layout or reorder_block_iter_var can reorder the iterators)",
    ))
}

/// Re-infers, from their bodies, the regions of `buffer` in the blocks that
/// touch it (the other buffers' regions stay as declared).
fn refresh_buffer_regions(func: &mut PrimFunc, blocks: &[BlockId], buffer: BufferId) {
    for id in blocks {
        let Some(r) = func.find_block(*id) else {
            continue;
        };
        let (reads, writes) = crate::arith::region::infer_access_regions(func, &r.block);
        let Some(r) = tree::block_realize_mut(func, *id) else {
            continue;
        };
        for (declared, inferred) in [(&mut r.block.reads, reads), (&mut r.block.writes, writes)] {
            for region in declared.iter_mut().filter(|d| d.buffer == buffer) {
                if let Some(new) = inferred.iter().find(|i| i.buffer == buffer) {
                    *region = new.clone();
                }
            }
        }
    }
}
