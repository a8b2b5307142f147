//! loop_partition: a loop becomes consecutive loops over parts of its range,
//! each under an opaque block of its own, all under one common block.
//!
//! TVM: src/s_tir/schedule/primitive/loop_transformation.cc (`LoopPartition`)
//! and concrete_schedule.cc (the factor checks). For `for i in range(128)`
//! around block "B", `factors=[2, 1, 64]` gives the parts [0, 2), [2, 3),
//! [3, 67) and, since the factors do not reach the extent, [67, 128):
//! block "B_i_common" holds blocks "B_i0_partition" .. "B_i3_partition", each
//! a loop `i0` .. `i3` over its part around a copy of the body, where every
//! block takes the suffix `_i0` .. `_i3`; a block iterator bound to the loop
//! variable itself gets the part as its domain, and the block's regions of
//! buffers it indexes by its iterators alone are rewritten to the iterators'
//! domains (TVM's BufferIndicesMapExtractor). One `None` factor is what the
//! others leave of the extent (then no part is added). The parts' loops are
//! returned. `preserve_unit_iters` is accepted and, as in TVM, unused.
//!
//! Refused as TVM refuses: a loop whose min or extent is not a constant, two
//! `None`s, a factor below 1, factors that reach the extent, an annotated or
//! thread-bound loop. Refused where TVM would build a wrong program or
//! crash: a loop not starting at 0 (TVM's parts would start their count at 0
//! and miss the last `min` iterations), a body that is not one loop nest
//! around a block (TVM names the blocks after that block), and a reduction
//! whose `T.init` runs at the first iteration of the loop (each part would
//! run it again).

use crate::ir::{
    Block, BlockRealize, BufferRegion, Expr, For, ForKind, LoopId, PrimFunc, Range, Shared, Stmt,
    VarId,
};
use crate::schedule::analysis::{const_extent, get_loop, loop_culprit};
use crate::schedule::error::{ErrorExpr, ScheduleError};
use crate::schedule::{limits, tree};

/// TVM's `loop_partition(loop, factors, preserve_unit_iters)`.
pub fn loop_partition(
    func: &mut PrimFunc,
    loop_id: LoopId,
    factors: &[Option<i64>],
    _preserve_unit_iters: bool,
) -> Result<Vec<LoopId>, ScheduleError> {
    let bounds = partition_bounds(func, loop_id, factors)?;
    check_partitionable(func, loop_id)?;
    let old = get_loop(func, loop_id)?.clone();
    let dtype = func.var(old.var).dtype;
    let loop_name = func.var_name(old.var).to_string();
    let prefix = format!("{}_{loop_name}", first_block_name(&old.body)?);

    let mut parts = Vec::with_capacity(bounds.len());
    let mut loops = Vec::with_capacity(bounds.len());
    let mut lo = 0;
    for (i, &hi) in bounds.iter().enumerate() {
        let var = func.new_var(limits::bounded_name(&loop_name, &i.to_string()), dtype);
        let mut body = old.body.clone();
        body.substitute(&|v| (v == old.var).then_some(Expr::Var(var)));
        renew_definitions(func, &mut body);
        let suffix = format!("_{}", func.var_name(var));
        narrow_blocks(func, &mut body, var, &suffix, lo, hi);
        let id = func.new_loop_id();
        loops.push(id);
        let part = Stmt::For(Shared::new(For {
            id,
            var,
            min: Expr::Int(lo, dtype),
            extent: Expr::Int(hi - lo, dtype),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body,
        }));
        let name = limits::bounded_name(&prefix, &format!("{i}_partition"));
        parts.push(opaque_block(func, name, part));
        lo = hi;
    }
    let common = opaque_block(
        func,
        limits::bounded_name(&prefix, "_common"),
        Stmt::Seq(parts),
    );
    let slot =
        tree::loop_stmt_mut(&mut func.body, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    *slot = common;
    Ok(loops)
}

/// The parts' end points (the last is the extent), after TVM's checks.
fn partition_bounds(
    func: &PrimFunc,
    loop_id: LoopId,
    factors: &[Option<i64>],
) -> Result<Vec<i64>, ScheduleError> {
    let l = get_loop(func, loop_id)?;
    if l.min.as_int().is_none() {
        return Err(ScheduleError::NonConstantExtent(
            loop_culprit(func, loop_id),
            ErrorExpr::new(&l.min),
        ));
    }
    let extent = const_extent(func, loop_id)?;
    limits::check_factor_count(factors.len() + 1, "loop_partition")?;
    if factors.iter().filter(|f| f.is_none()).count() > 1 {
        return Err(ScheduleError::MultipleInferredFactors(loop_culprit(
            func, loop_id,
        )));
    }
    if let Some(bad) = factors.iter().flatten().find(|f| **f <= 0) {
        return Err(ScheduleError::NonPositiveFactor {
            loop_: loop_culprit(func, loop_id),
            factor: *bad,
        });
    }
    let sum = factors
        .iter()
        .flatten()
        .try_fold(0i64, |acc, f| acc.checked_add(*f))
        .filter(|s| *s < extent)
        .ok_or_else(|| ScheduleError::LoopPrecondition {
            loop_: loop_culprit(func, loop_id),
            primitive: "loop_partition",
            why: format!("the factors add up to the extent {extent} or more"),
            hint: format!(
                "give factors whose sum is below {extent}: the rest of the range becomes the last part (or one factor None)"
            ),
        })?;
    let mut bounds = Vec::with_capacity(factors.len() + 1);
    let mut end = 0;
    for f in factors {
        end += f.unwrap_or(extent - sum);
        bounds.push(end);
    }
    if !factors.contains(&None) {
        bounds.push(extent);
    }
    Ok(bounds)
}

/// TVM's refusals of the loop itself, and the cases where its result would
/// be wrong (see the module header).
fn check_partitionable(func: &PrimFunc, loop_id: LoopId) -> Result<(), ScheduleError> {
    let l = get_loop(func, loop_id)?;
    let refuse = |why: String, hint: &str| ScheduleError::LoopPrecondition {
        loop_: loop_culprit(func, loop_id),
        primitive: "loop_partition",
        why,
        hint: hint.to_string(),
    };
    if let ForKind::ThreadBinding(axis) = l.kind {
        return Err(refuse(
            format!(
                "is bound to {}; TVM refuses to partition a bound loop",
                axis.tag()
            ),
            "partition before binding",
        ));
    }
    if let Some((key, _)) = l.annotations.first() {
        return Err(refuse(
            format!("carries the annotation `{key}`; TVM refuses to partition an annotated loop"),
            "partition before annotating, or unannotate the loop first",
        ));
    }
    if l.min.as_int() != Some(0) {
        return Err(ScheduleError::LoopNotStartWithZero(
            loop_culprit(func, loop_id),
            ErrorExpr::new(&l.min),
        ));
    }
    let mut init_block = None;
    l.body.visit(&mut |s| {
        if let Stmt::BlockRealize(r) = s {
            let binds_loop = r.block.iter_vars.iter().zip(&r.iter_values).any(|(iv, v)| {
                iv.kind == crate::ir::IterKind::Reduce && v.mentions(&|x| x == l.var)
            });
            if r.block.init.is_some() && binds_loop && init_block.is_none() {
                init_block = Some(r.block.name.clone());
            }
        }
    });
    if let Some(block) = init_block {
        return Err(refuse(
            format!("block \"{block}\" reduces over it and has a T.init, which every part would run again"),
            "decompose_reduction first, then partition the loop of the update block",
        ));
    }
    Ok(())
}

/// The name of the block the loop's nest leads to (TVM names the new blocks
/// after it and cannot go through a sequence).
fn first_block_name(body: &Stmt) -> Result<String, ScheduleError> {
    match body {
        Stmt::BlockRealize(r) => Ok(r.block.name.clone()),
        Stmt::For(l) => first_block_name(&l.body),
        _ => Err(ScheduleError::Unsupported(
            "loop_partition",
            "the loop's body is not one loop nest around a block (TVM names the new blocks after that block); partition a loop whose body is a single nest".into(),
        )),
    }
}

/// An opaque block (no iterators, no regions) around `body`, always run.
fn opaque_block(func: &mut PrimFunc, name: String, body: Stmt) -> Stmt {
    Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values: Vec::new(),
        predicate: Expr::bool(true),
        block: Block {
            id: func.new_block_id(),
            name,
            iter_vars: Vec::new(),
            reads: Vec::new(),
            writes: Vec::new(),
            init: None,
            body,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    }))
}

/// Gives every loop, block and variable a copy defines fresh ids (same
/// names): each part's copy is a definition of its own, as in TVM.
fn renew_definitions(func: &mut PrimFunc, stmt: &mut Stmt) {
    let mut defined: Vec<VarId> = Vec::new();
    stmt.visit(&mut |s| match s {
        Stmt::For(l) => defined.push(l.var),
        Stmt::BlockRealize(r) => defined.extend(r.block.iter_vars.iter().map(|iv| iv.var)),
        Stmt::LetStmt(l) => defined.push(l.var),
        _ => {}
    });
    let renamed: Vec<(VarId, VarId)> = defined
        .into_iter()
        .map(|v| {
            let decl = func.var(v).clone();
            (v, func.new_var(decl.name, decl.dtype))
        })
        .collect();
    let fresh = |v: VarId| renamed.iter().find(|(old, _)| *old == v).map(|(_, n)| *n);
    stmt.substitute(&|v| fresh(v).map(Expr::Var));
    stmt.visit_mut(&mut |s| match s {
        Stmt::For(l) => {
            l.id = func.new_loop_id();
            l.var = fresh(l.var).unwrap_or(l.var);
        }
        Stmt::BlockRealize(r) => {
            r.block.id = func.new_block_id();
            for iv in &mut r.block.iter_vars {
                iv.var = fresh(iv.var).unwrap_or(iv.var);
            }
        }
        Stmt::LetStmt(l) => l.var = fresh(l.var).unwrap_or(l.var),
        _ => {}
    });
}

/// Renames every block of a part and narrows the iterator bound to the
/// part's loop variable to the part's range, with the regions that follow.
fn narrow_blocks(func: &PrimFunc, stmt: &mut Stmt, var: VarId, suffix: &str, lo: i64, hi: i64) {
    stmt.visit_mut(&mut |s| {
        let Stmt::BlockRealize(r) = s else {
            return;
        };
        let r = &mut **r;
        r.block.name = limits::bounded_name(&r.block.name, suffix);
        let Some(k) = r.iter_values.iter().position(|v| *v == Expr::Var(var)) else {
            return;
        };
        let iter = &mut r.block.iter_vars[k];
        let dtype = func.var(iter.var).dtype;
        iter.dom = Range::new(Expr::Int(lo, dtype), Expr::Int(hi - lo, dtype));
        let doms: Vec<(VarId, Range)> = r
            .block
            .iter_vars
            .iter()
            .map(|iv| (iv.var, iv.dom.clone()))
            .collect();
        let body = &r.block.body;
        for region in r.block.reads.iter_mut().chain(r.block.writes.iter_mut()) {
            widen_to_domains(body, region, &doms);
        }
    });
}

/// TVM rewrites the region of a buffer the block indexes by iterators alone
/// (`A[vi, vj]`) to those iterators' domains. Done here only where every
/// access of the buffer uses the same iterators, so the region still covers
/// them all (TVM looks at the first access alone).
fn widen_to_domains(body: &Stmt, region: &mut BufferRegion, doms: &[(VarId, Range)]) {
    let mut patterns: Vec<Option<Vec<VarId>>> = Vec::new();
    let mut note = |buffer, indices: &[Expr]| {
        if buffer != region.buffer {
            return;
        }
        let vars: Option<Vec<VarId>> = indices
            .iter()
            .map(|e| match e {
                Expr::Var(v) => Some(*v),
                _ => None,
            })
            .collect();
        if !patterns.contains(&vars) {
            patterns.push(vars);
        }
    };
    body.visit(&mut |s| {
        if let Stmt::BufferStore(st) = s {
            note(st.buffer, &st.indices);
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x| {
                if let Expr::Load(b, idx) = x {
                    note(*b, idx);
                }
            })
        });
    });
    let [Some(vars)] = patterns.as_slice() else {
        return;
    };
    let ranges: Option<Vec<Range>> = vars
        .iter()
        .map(|v| doms.iter().find(|(d, _)| d == v).map(|(_, r)| r.clone()))
        .collect();
    if let Some(ranges) = ranges.filter(|r| r.len() == region.region.len()) {
        region.region = ranges;
    }
}
