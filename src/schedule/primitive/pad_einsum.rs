//! pad_einsum: an einsum block's iteration space rounded up to multiples of
//! `padding`, its inputs copied into zero-padded buffers `X_pad` and its
//! output computed into `Y_pad`, copied back to `Y` after.
//!
//! TVM: src/s_tir/schedule/primitive/pad_einsum.cc. Every region of the block
//! is a point whose indices are iterators or constants, no buffer twice. An
//! iterator whose extent `e` is not a multiple of its padding `p` gets the
//! extent `ceildiv(e, p) * p`, and so does the loop it is bound to (when bound
//! to a plain loop variable). Each buffer indexed by such an iterator gets a
//! `_pad` copy shaped by the padded extents (1 on constant axes, the buffer's
//! own extent on the other iterators): an input copy block `X_pad` (guarded
//! `T.if_then_else(v0 < n, X[v0, v1], 0)`) before the statement of the scope
//! holding the block, an output copy block `Y_pad` after it.
//!
//! TVM checks no more than that, and builds programs that compute something
//! else in these cases, which tirtui refuses (each with its reason):
//! - a padded reduction iterator whose padded terms are not zero (`C += exp(A)`
//!   adds `exp(0)`; only `Y = Y + X` where X vanishes when a padded input is 0);
//! - a buffer axis indexed by a padded iterator whose extent is not the
//!   iterator's (the copy fills from the buffer past the iteration space);
//! - a constant index other than 0 in a padded buffer (its copy has one row);
//! - an output the block does not write whole (an unpadded axis longer than
//!   its iterator, an iterator on two axes, a `T.where`): the copy back would
//!   overwrite the rest with what nothing computed;
//! - a padded loop holding other blocks, or whose variable other bindings use;
//! - other blocks in the same statement accessing a padded buffer.

use crate::arith::simplify::simplify;
use crate::ir::{
    BinOp, Block, BlockId, BlockRealize, Buffer, BufferId, BufferRegion, BufferStore, DataType,
    Expr, For, ForKind, Intrinsic, IterKind, IterVar, LoopId, PrimFunc, Range, Shared, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::cache_read_write::{insert_stage, rewrite_block_buffer, Loc};
use crate::schedule::tree;

const PRIMITIVE: &str = "pad_einsum";

/// One buffer access of the einsum: per axis, the iterator or a constant.
struct Access {
    buffer: BufferId,
    axes: Vec<Axis>,
}

#[derive(Clone, Copy, PartialEq)]
enum Axis {
    Const(i64),
    Iter(VarId),
}

struct Plan {
    /// Padded iterators and their new extents.
    iters: Vec<(VarId, Expr)>,
    /// Loops bound to padded iterators and their new extents.
    loops: Vec<(LoopId, Expr)>,
    /// Padded inputs, then padded outputs: (buffer, padded shape).
    reads: Vec<(BufferId, Vec<Expr>)>,
    writes: Vec<(BufferId, Vec<Expr>)>,
    scope: BlockId,
    pos: usize,
}

/// TVM's `pad_einsum(block, padding)`.
pub fn pad_einsum(
    func: &mut PrimFunc,
    block: BlockId,
    padding: &[i64],
) -> Result<(), ScheduleError> {
    let plan = plan(func, block, padding)?;
    apply(func, block, plan)
}

fn refuse(func: &PrimFunc, block: BlockId, why: String, hint: &str) -> ScheduleError {
    ScheduleError::BlockPrecondition {
        block: block_culprit(func, block),
        primitive: PRIMITIVE,
        why,
        hint: hint.to_string(),
    }
}

fn plan(func: &PrimFunc, block: BlockId, padding: &[i64]) -> Result<Plan, ScheduleError> {
    let realize = get_block(func, block)?;
    let b = &realize.block;
    if padding.len() != b.iter_vars.len() || padding.iter().any(|p| *p <= 0) {
        return Err(refuse(
            func,
            block,
            format!(
                "has an invalid padding {padding:?}: it should be a list of {} positive integers",
                b.iter_vars.len()
            ),
            "give one positive padding per block iterator, 1 to leave one as it is",
        ));
    }
    let (reads, writes) = einsum_accesses(func, block, b)?;
    let Some(iters) = padded_iters(b, padding) else {
        return Err(refuse(
            func,
            block,
            format!("has a padding {padding:?} that makes an extent exceed int32"),
            "pad each iterator to at most 2147483647",
        ));
    };
    let is_padded = |v: &VarId| iters.iter().any(|(x, _)| x == v);
    let (_, loops) = tree::block_and_loops(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    let mut loop_pad = Vec::new();
    for (i, iv) in b.iter_vars.iter().enumerate() {
        let Some((_, new)) = iters.iter().find(|(v, _)| *v == iv.var) else {
            continue;
        };
        if iv.dom.min.as_int() != Some(0) {
            return Err(refuse(
                func,
                block,
                format!("iterator `{}` does not start at 0", func.var_name(iv.var)),
                "pad_einsum pads iterators whose domain starts at 0",
            ));
        }
        let Some(lv) = realize.iter_values[i].as_var() else {
            continue;
        };
        let Some(l) = loops.iter().find(|l| l.var == lv) else {
            continue;
        };
        check_padded_loop(func, block, realize, i, l)?;
        loop_pad.push((l.id, new.clone()));
    }
    let mut plan = Plan {
        loops: loop_pad,
        reads: Vec::new(),
        writes: Vec::new(),
        scope: tree::scope_of_block(func, block).ok_or(ScheduleError::StaleBlock(block))?,
        pos: 0,
        iters: Vec::new(),
    };
    for (is_write, list) in [(false, &reads), (true, &writes)] {
        for a in list.iter() {
            if !a
                .axes
                .iter()
                .any(|x| matches!(x, Axis::Iter(v) if is_padded(v)))
            {
                continue;
            }
            let shape = padded_shape(func, block, b, a, &iters, is_write)?;
            if is_write {
                check_written_whole(func, block, realize, a)?;
                plan.writes.push((a.buffer, shape));
            } else {
                plan.reads.push((a.buffer, shape));
            }
        }
    }
    let padded_reduce = b
        .iter_vars
        .iter()
        .any(|iv| iv.kind == IterKind::Reduce && is_padded(&iv.var));
    if padded_reduce {
        check_zero_terms(func, block, b, &plan, &iters)?;
    }
    plan.iters = iters;
    plan.pos = position_in_scope(func, block, &plan)?;
    Ok(plan)
}

/// TVM's ExtractEinsum: every region a point at iterators or constants, no
/// buffer listed twice.
fn einsum_accesses(
    func: &PrimFunc,
    block: BlockId,
    b: &Block,
) -> Result<(Vec<Access>, Vec<Access>), ScheduleError> {
    let non_einsum = || {
        refuse(
            func,
            block,
            "is not a computation of Einsum pattern".into(),
            "each region must be one point indexed by iterators or constants, each buffer once",
        )
    };
    let mut seen: Vec<BufferId> = Vec::new();
    let mut out = (Vec::new(), Vec::new());
    for (is_write, list) in [(false, &b.reads), (true, &b.writes)] {
        for r in list {
            if seen.contains(&r.buffer) {
                return Err(non_einsum());
            }
            seen.push(r.buffer);
            let mut axes = Vec::new();
            for rg in &r.region {
                if rg.extent.as_int() != Some(1) {
                    return Err(non_einsum());
                }
                axes.push(match (&rg.min, rg.min.as_int()) {
                    (_, Some(c)) => Axis::Const(c),
                    (Expr::Var(v), None) => Axis::Iter(*v),
                    _ => return Err(non_einsum()),
                });
            }
            let access = Access {
                buffer: r.buffer,
                axes,
            };
            if is_write {
                out.1.push(access);
            } else {
                out.0.push(access);
            }
        }
    }
    Ok(out)
}

/// The iterators whose extent is not a multiple of their padding, with the
/// padded extent (`(n + 31) // 32 * 32` for a symbolic `n`); `None` when a
/// padding or a padded constant extent does not fit int32.
fn padded_iters(b: &Block, padding: &[i64]) -> Option<Vec<(VarId, Expr)>> {
    let mut out = Vec::new();
    for (iv, &p) in b.iter_vars.iter().zip(padding) {
        if p > i64::from(i32::MAX) {
            return None;
        }
        let e = &iv.dom.extent;
        let new = match e.as_int() {
            Some(c) => {
                let padded = c.checked_add(p - 1)?.div_euclid(p).checked_mul(p)?;
                if padded > i64::from(i32::MAX) {
                    return None;
                }
                Expr::Int(padded, DataType::I32)
            }
            None => simplify(&Expr::mul(
                Expr::floordiv(Expr::add(e.clone(), Expr::int(p - 1)), Expr::int(p)),
                Expr::int(p),
            )),
        };
        if simplify(&new) != simplify(e) {
            out.push((iv.var, new));
        }
    }
    Some(out)
}

/// A loop whose extent grows must hold only this block, and its variable
/// must bind only this iterator.
fn check_padded_loop(
    func: &PrimFunc,
    block: BlockId,
    realize: &BlockRealize,
    index: usize,
    l: &For,
) -> Result<(), ScheduleError> {
    let others = tree::blocks_in(&l.body).len() > 1;
    let shared_var = realize
        .iter_values
        .iter()
        .enumerate()
        .any(|(j, v)| j != index && v.uses_var(l.var))
        || realize.predicate.uses_var(l.var);
    if others || shared_var {
        return Err(refuse(
            func,
            block,
            format!(
                "is bound to loop `{}`, which {}: growing the loop would run that past its domain",
                func.var_name(l.var),
                if others {
                    "holds other blocks"
                } else {
                    "other bindings or the predicate use"
                }
            ),
            "give the block a loop of its own first (split, reorder, or leave the iterator unpadded)",
        ));
    }
    Ok(())
}

/// The shape of `X_pad` (TVM's BufferPadding::FromBufferRegion), refusing
/// the axes whose copy would not hold what the block reads.
fn padded_shape(
    func: &PrimFunc,
    block: BlockId,
    b: &Block,
    a: &Access,
    iters: &[(VarId, Expr)],
    is_write: bool,
) -> Result<Vec<Expr>, ScheduleError> {
    let buf = func.buffer(a.buffer);
    let mut shape = Vec::new();
    for (d, axis) in a.axes.iter().enumerate() {
        shape.push(match axis {
            Axis::Const(0) => Expr::int(1),
            Axis::Const(c) => {
                return Err(refuse(
                    func,
                    block,
                    format!(
                        "indexes `{}` at the constant {c}: its padded copy has one row there, \
                         so the block would read past it",
                        buf.name
                    ),
                    "pad_einsum pads buffers whose constant indices are 0",
                ))
            }
            Axis::Iter(v) => match iters.iter().find(|(x, _)| x == v) {
                Some((_, new)) => {
                    let iv = b.iter_vars.iter().find(|iv| iv.var == *v);
                    let extent = iv.map(|iv| simplify(&iv.dom.extent));
                    if extent != Some(simplify(&buf.shape[d])) {
                        return Err(refuse(
                            func,
                            block,
                            format!(
                                "indexes axis {d} of `{}` (extent `{}`) by the padded iterator \
                                 `{}` of another extent: the padded {} would {}",
                                buf.name,
                                crate::script::printer::print_expr(func, &buf.shape[d]),
                                func.var_name(*v),
                                if is_write { "output" } else { "input" },
                                if is_write {
                                    "be copied back over elements nothing computed"
                                } else {
                                    "take real elements where zeros belong"
                                }
                            ),
                            "pad_einsum pads buffers whose padded axes span the iterator's domain",
                        ));
                    }
                    new.clone()
                }
                None => buf.shape[d].clone(),
            },
        });
    }
    Ok(shape)
}

/// The copy back writes every element of the output: the block must have
/// written each one.
fn check_written_whole(
    func: &PrimFunc,
    block: BlockId,
    realize: &BlockRealize,
    a: &Access,
) -> Result<(), ScheduleError> {
    let buf = func.buffer(a.buffer);
    let b = &realize.block;
    let mut used: Vec<VarId> = Vec::new();
    let whole = a.axes.iter().enumerate().all(|(d, axis)| match axis {
        Axis::Const(_) => buf.shape[d].as_int() == Some(1),
        Axis::Iter(v) => {
            let fresh = !used.contains(v);
            used.push(*v);
            fresh
                && b.iter_vars.iter().any(|iv| {
                    iv.var == *v
                        && iv.dom.min.as_int() == Some(0)
                        && simplify(&iv.dom.extent) == simplify(&buf.shape[d])
                })
        }
    });
    if !whole || !realize.predicate.is_const_true() {
        return Err(refuse(
            func,
            block,
            format!(
                "does not write all of `{}`: copying the padded output back would overwrite \
                 elements it does not compute",
                buf.name
            ),
            "pad_einsum pads an output the block writes whole (no T.where, one iterator per axis \
             spanning it)",
        ));
    }
    Ok(())
}

/// A padded reduction adds the terms of the padded iterations: they must be
/// zero once the padded inputs are. The update must be `Y = Y + X` with X
/// zero wherever a padded input read at a padded reduction iterator is.
fn check_zero_terms(
    func: &PrimFunc,
    block: BlockId,
    b: &Block,
    plan: &Plan,
    iters: &[(VarId, Expr)],
) -> Result<(), ScheduleError> {
    let reduce_padded: Vec<VarId> = b
        .iter_vars
        .iter()
        .filter(|iv| iv.kind == IterKind::Reduce && iters.iter().any(|(v, _)| *v == iv.var))
        .map(|iv| iv.var)
        .collect();
    let zeroed = |e: &Expr| match e {
        Expr::Load(buf, idx) => {
            plan.reads.iter().any(|(x, _)| x == buf)
                && idx
                    .iter()
                    .any(|i| reduce_padded.iter().any(|v| i.uses_var(*v)))
        }
        _ => false,
    };
    let ok = match &b.body {
        Stmt::BufferStore(st) => match &st.value {
            Expr::Binary(BinOp::Add, x, y) => {
                let acc = |e: &Expr| matches!(e, Expr::Load(buf, idx) if *buf == st.buffer && *idx == st.indices);
                (acc(x) && vanishes(y, &zeroed)) || (acc(y) && vanishes(x, &zeroed))
            }
            _ => false,
        },
        _ => false,
    };
    if !ok {
        return Err(refuse(
            func,
            block,
            "pads a reduction iterator, but its update is not a sum whose padded terms are zero: \
             the padded iterations would change the result"
                .into(),
            "pad only spatial iterators here (padding 1 on reduction iterators), or write the \
             update as `Y = Y + A * B`",
        ));
    }
    Ok(())
}

/// Whether `e` is zero whenever every load `zeroed` accepts is zero.
fn vanishes(e: &Expr, zeroed: &impl Fn(&Expr) -> bool) -> bool {
    match e {
        Expr::Int(0, _) => true,
        Expr::Float(v, _) => *v == 0.0,
        Expr::Load(..) => zeroed(e),
        Expr::Binary(BinOp::Mul, a, b) => vanishes(a, zeroed) || vanishes(b, zeroed),
        Expr::Binary(BinOp::Add | BinOp::Sub, a, b) => vanishes(a, zeroed) && vanishes(b, zeroed),
        Expr::Cast(_, a) => vanishes(a, zeroed),
        _ => false,
    }
}

/// Where the block's statement sits in its scope's body; refuses other
/// blocks in that statement that touch a padded buffer.
fn position_in_scope(func: &PrimFunc, block: BlockId, plan: &Plan) -> Result<usize, ScheduleError> {
    let scope = get_block(func, plan.scope)?;
    let mut flat = Vec::new();
    flatten(&scope.block.body, &mut flat);
    let pos = flat
        .iter()
        .position(|s| crate::ir::find_block_in(s, block).is_some())
        .ok_or(ScheduleError::StaleBlock(block))?;
    let padded: Vec<BufferId> = plan
        .reads
        .iter()
        .chain(&plan.writes)
        .map(|(b, _)| *b)
        .collect();
    for other in tree::blocks_in(flat[pos]) {
        if other.block.id == block {
            continue;
        }
        let touches = other
            .block
            .reads
            .iter()
            .chain(&other.block.writes)
            .any(|r| padded.contains(&r.buffer));
        if touches {
            return Err(refuse(
                func,
                block,
                format!(
                    "shares its loops with block \"{}\", which accesses a buffer pad_einsum pads",
                    other.block.name
                ),
                "move the other block out of the loop nest first",
            ));
        }
    }
    let names: Vec<String> = padded
        .iter()
        .map(|b| format!("{}_pad", func.buffer(*b).name))
        .collect();
    if let Some(n) = names.iter().find(|n| !func.blocks_named(n).is_empty()) {
        return Err(refuse(
            func,
            block,
            format!("would add a block \"{n}\", a name already taken"),
            "rename the existing block first",
        ));
    }
    Ok(pos)
}

fn flatten<'a>(s: &'a Stmt, out: &mut Vec<&'a Stmt>) {
    match s {
        Stmt::Seq(v) => v.iter().for_each(|c| flatten(c, out)),
        other => out.push(other),
    }
}

fn apply(func: &mut PrimFunc, block: BlockId, plan: Plan) -> Result<(), ScheduleError> {
    let mut before = Vec::new();
    let mut after = Vec::new();
    let mut allocs = Vec::new();
    let mut renames = Vec::new();
    for (is_write, list) in [(false, &plan.reads), (true, &plan.writes)] {
        for (buffer, shape) in list {
            let src = func.buffer(*buffer).clone();
            let padded = func.new_buffer(Buffer {
                name: format!("{}_pad", src.name),
                shape: shape.clone(),
                strides: Vec::new(),
                elem_offset: None,
                axis_align: Vec::new(),
                swizzle_bytes: 0,
                ..src
            });
            let stage = copy_stage(func, *buffer, padded, is_write);
            if is_write {
                after.push(stage);
            } else {
                before.push(stage);
            }
            allocs.push(padded);
            renames.push((*buffer, padded));
        }
    }
    for (l, extent) in &plan.loops {
        tree::loop_mut(func, *l)
            .ok_or(ScheduleError::StaleLoop(*l))?
            .extent = extent.clone();
    }
    let r = tree::block_realize_mut(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    for iv in &mut r.block.iter_vars {
        if let Some((_, new)) = plan.iters.iter().find(|(v, _)| *v == iv.var) {
            iv.dom.extent = new.clone();
        }
    }
    for (from, to) in renames {
        rewrite_block_buffer(&mut r.block, from, to, None);
    }
    let n_before = before.len();
    for (k, stage) in before.into_iter().enumerate() {
        insert_stage(func, Loc::Block(plan.scope), plan.pos + k, stage)?;
    }
    for (k, stage) in after.into_iter().enumerate() {
        insert_stage(
            func,
            Loc::Block(plan.scope),
            plan.pos + n_before + 1 + k,
            stage,
        )?;
    }
    let scope =
        tree::block_realize_mut(func, plan.scope).ok_or(ScheduleError::StaleBlock(plan.scope))?;
    scope.block.alloc_buffers.extend(allocs);
    Ok(())
}

/// TVM's BufferPadding::MakeCopyBlock: loops `i0..` over the padded shape
/// (input) or the buffer's (output), a block `X_pad` with iterators `v0..`.
fn copy_stage(func: &mut PrimFunc, buffer: BufferId, padded: BufferId, is_write: bool) -> Stmt {
    let shape = if is_write {
        func.buffer(buffer).shape.clone()
    } else {
        func.buffer(padded).shape.clone()
    };
    let mut loop_vars = Vec::new();
    let mut iter_vars = Vec::new();
    for (i, dim) in shape.iter().enumerate() {
        loop_vars.push(func.new_var(format!("i{i}"), DataType::I32));
        iter_vars.push(IterVar {
            var: func.new_var(format!("v{i}"), DataType::I32),
            dom: Range::from_extent(dim.clone()),
            kind: IterKind::Spatial,
        });
    }
    let idx: Vec<Expr> = iter_vars.iter().map(|iv| Expr::Var(iv.var)).collect();
    let point = |b: BufferId| BufferRegion {
        buffer: b,
        region: idx.iter().cloned().map(Range::point).collect(),
    };
    let (body, reads, writes) = if is_write {
        let store = BufferStore {
            buffer,
            indices: idx.clone(),
            value: Expr::Load(padded, idx.clone()),
        };
        (store, point(padded), point(buffer))
    } else {
        let (src, dst) = (func.buffer(buffer), func.buffer(padded));
        let mut guard: Option<Expr> = None;
        for (d, v) in idx.iter().enumerate() {
            if simplify(&src.shape[d]) != simplify(&dst.shape[d]) {
                let c = Expr::lt(v.clone(), src.shape[d].clone());
                guard = Some(match guard {
                    Some(g) => Expr::and(g, c),
                    None => c,
                });
            }
        }
        let load = Expr::Load(buffer, idx.clone());
        let value = match guard {
            Some(g) => {
                let zero = if src.dtype.is_float() {
                    Expr::Float(0.0, src.dtype)
                } else {
                    Expr::Int(0, src.dtype)
                };
                Expr::Call(Intrinsic::IfThenElse, vec![g, load, zero])
            }
            None => load,
        };
        let store = BufferStore {
            buffer: padded,
            indices: idx.clone(),
            value,
        };
        (store, point(buffer), point(padded))
    };
    let stage = Block {
        id: func.new_block_id(),
        name: func.buffer(padded).name.clone(),
        iter_vars,
        reads: vec![reads],
        writes: vec![writes],
        init: None,
        body: Stmt::BufferStore(body),
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        annotations: Vec::new(),
    };
    let mut stmt = Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values: loop_vars.iter().map(|v| Expr::Var(*v)).collect(),
        predicate: Expr::bool(true),
        block: stage,
    }));
    for (var, dim) in loop_vars.into_iter().zip(shape).rev() {
        stmt = Stmt::For(Shared::new(For {
            id: func.new_loop_id(),
            var,
            min: Expr::int(0),
            extent: dim,
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    stmt
}
