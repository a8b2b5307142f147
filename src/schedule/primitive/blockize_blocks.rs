//! blockize of a list of blocks: one outer block over consecutive loop nests.
//!
//! TVM: src/s_tir/schedule/primitive/blockize_tensorize.cc (BlockizeBlocks,
//! BlockizeRewriter). The blocks' lowest common ancestor holds them in
//! consecutive statements; each statement's loops become inner loops. Every
//! block's bindings divide into a part over the loops above the ancestor and
//! a part over its own loops; the outer block `outer_<B>_<C>_` takes the
//! first block's outer iterators (`vi_o`), and the other blocks must have the
//! same outer parts (TVM stops with an internal check otherwise). Each block
//! becomes an inner block over its inner iterators (`vi_i`; an iterator of
//! inner extent 1 becomes its outer iterator, or its value with
//! `preserve_unit_iters: false` when that is a constant).
//!
//! Refused beyond TVM, which would drop them or build something else: a
//! statement holding more than the block's own loop chain (TVM rebuilds only
//! the chain, losing the rest), a block with a `T.where`, a block with a
//! `T.init` and an outer reduction iterator (TVM: internal check).

use super::blockize_tensorize::{divide, relax_over_inner, substitute_block};
use crate::arith::bound::VarRanges;
use crate::arith::simplify;
use crate::ir::{
    BlockId, BlockRealize, BufferRegion, Expr, IterKind, IterVar, PrimFunc, Range, Shared, Stmt,
    VarId,
};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::loop_transformation::loop_ranges;
use crate::schedule::tree::{self, Ancestor};
use std::collections::{HashMap, HashSet};

const WHAT: &str = "blockize.target";

/// TVM's `blockize([b0, b1, ...])`: returns the new outer block.
pub fn blockize_blocks(
    func: &mut PrimFunc,
    blocks: &[BlockId],
    preserve_unit_iters: bool,
) -> Result<BlockId, ScheduleError> {
    match blocks {
        [] => {
            return Err(ScheduleError::InvalidArgument {
                what: WHAT,
                why: "the list of blocks is empty".into(),
            })
        }
        [only] => {
            return Err(refuse(
                func,
                *only,
                "is alone in the list; a list needs at least two blocks (blockize one block's loop instead)".into(),
            ))
        }
        _ => {}
    }
    let (lca, first_pos) = consecutive_under_lca(func, blocks)?;
    let ranges = loop_ranges(func);
    let mut outer: Option<(Vec<IterVar>, Vec<Expr>)> = None;
    let mut elements = Vec::new();
    let mut reads: Vec<BufferRegion> = Vec::new();
    let mut writes: Vec<BufferRegion> = Vec::new();
    let mut name = String::from("outer_");
    for (k, b) in blocks.iter().enumerate() {
        let element = seq_of(func, lca)?[first_pos + k].clone();
        let realize = get_block(func, *b)?.clone();
        let inner_vars = chain_loop_vars(&element, *b).ok_or_else(|| refuse(func, *b,
            "its statement under the blocks' common ancestor holds more than the block's own loops; TVM would drop the rest".into()))?;
        if !matches!(realize.predicate.as_bool(), Some(true)) {
            return Err(refuse(func, *b, "has a T.where".into()));
        }
        let parts = divide_all(func, &realize, &inner_vars, &ranges)?;
        let (outer_ivs, outer_values) = match &outer {
            Some(o) => o.clone(),
            None => {
                let o = first_outer(func, &realize, &parts);
                outer = Some(o.clone());
                o
            }
        };
        check_same_outer(func, &realize, &parts, &outer_ivs, &outer_values)?;
        if realize.block.init.is_some() && outer_ivs.iter().any(|iv| iv.kind == IterKind::Reduce) {
            return Err(refuse(func, *b, "has a T.init and the outer block would reduce (TVM: no reduction iterators allowed for the outer loops)".into()));
        }
        let (inner, inner_ranges) =
            inner_block(func, &realize, parts, &outer_ivs, preserve_unit_iters);
        reads.extend(relax_over_inner(
            func,
            *b,
            &inner.block.reads,
            &inner_ranges,
        )?);
        writes.extend(relax_over_inner(
            func,
            *b,
            &inner.block.writes,
            &inner_ranges,
        )?);
        name.push_str(&realize.block.name);
        name.push('_');
        let mut element = element;
        if let Some(Stmt::BlockRealize(slot)) = tree::block_stmt_mut(&mut element, *b) {
            **slot = inner;
        }
        elements.push(element);
    }
    let (outer_ivs, outer_values) = outer.unwrap_or_default();
    let outer_id = func.new_block_id();
    let outer_realize = BlockRealize {
        iter_values: outer_values,
        predicate: Expr::bool(true),
        block: crate::ir::Block {
            id: outer_id,
            name,
            iter_vars: outer_ivs,
            reads: union_regions(func, blocks[0], reads)?,
            writes: union_regions(func, blocks[0], writes)?,
            init: None,
            body: Stmt::Seq(elements),
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    };
    let seq = seq_of_mut(func, lca)?;
    seq.splice(
        first_pos..first_pos + blocks.len(),
        [Stmt::BlockRealize(Shared::new(outer_realize))],
    );
    if seq.len() == 1 {
        let only = seq.remove(0);
        *body_of_mut(func, lca)? = only;
    }
    Ok(outer_id)
}

fn refuse(func: &PrimFunc, b: BlockId, why: String) -> ScheduleError {
    ScheduleError::BlockPrecondition {
        block: block_culprit(func, b),
        primitive: "blockize",
        why,
        hint: "blockize blocks that sit alone under their own loops, side by side under one loop or block".into(),
    }
}

/// The blocks' lowest common ancestor and the position of the first block's
/// statement in its body; each block in the next statement, in order.
fn consecutive_under_lca(
    func: &PrimFunc,
    blocks: &[BlockId],
) -> Result<(Ancestor, usize), ScheduleError> {
    let mut paths = Vec::new();
    for b in blocks {
        let mut p = tree::ancestors_of_block(func, *b).ok_or(ScheduleError::StaleBlock(*b))?;
        p.push(Ancestor::Block(*b));
        paths.push(p);
    }
    let common = (0..paths[0].len())
        .take_while(|&i| paths.iter().all(|p| p.get(i) == paths[0].get(i)))
        .count();
    let not_side_by_side = || {
        refuse(
            func,
            blocks[0],
            "and the other blocks are not in consecutive statements of one loop or block, in order, none inside another".into(),
        )
    };
    if common == 0 || paths.iter().any(|p| p.len() <= common) {
        return Err(not_side_by_side());
    }
    let lca = paths[0][common - 1];
    let seq = seq_of(func, lca).map_err(|_| not_side_by_side())?;
    let position = |child: Ancestor| {
        seq.iter().position(|s| match (s, child) {
            (Stmt::For(l), Ancestor::Loop(id)) => l.id == id,
            (Stmt::BlockRealize(r), Ancestor::Block(id)) => r.block.id == id,
            _ => false,
        })
    };
    let first = position(paths[0][common]).ok_or_else(not_side_by_side)?;
    for (k, p) in paths.iter().enumerate() {
        if position(p[common]) != Some(first + k) {
            return Err(not_side_by_side());
        }
    }
    Ok((lca, first))
}

fn body_of_mut(func: &mut PrimFunc, at: Ancestor) -> Result<&mut Stmt, ScheduleError> {
    match at {
        Ancestor::Loop(l) => Ok(&mut tree::loop_mut(func, l)
            .ok_or(ScheduleError::StaleLoop(l))?
            .body),
        Ancestor::Block(b) => Ok(&mut tree::block_realize_mut(func, b)
            .ok_or(ScheduleError::StaleBlock(b))?
            .block
            .body),
    }
}

fn seq_of(func: &PrimFunc, at: Ancestor) -> Result<&Vec<Stmt>, ScheduleError> {
    let body = match at {
        Ancestor::Loop(l) => &func.find_loop(l).ok_or(ScheduleError::StaleLoop(l))?.body,
        Ancestor::Block(b) => {
            &func
                .find_block(b)
                .ok_or(ScheduleError::StaleBlock(b))?
                .block
                .body
        }
    };
    match body {
        Stmt::Seq(v) => Ok(v),
        _ => Err(ScheduleError::InvalidArgument {
            what: WHAT,
            why: "the blocks' common ancestor holds a single statement".into(),
        }),
    }
}

fn seq_of_mut(func: &mut PrimFunc, at: Ancestor) -> Result<&mut Vec<Stmt>, ScheduleError> {
    match body_of_mut(func, at)? {
        Stmt::Seq(v) => Ok(v),
        _ => Err(ScheduleError::InvalidArgument {
            what: WHAT,
            why: "the blocks' common ancestor holds a single statement".into(),
        }),
    }
}

/// The loop variables of a chain of loops ending in block `b` (each loop
/// holding only the next); `None` when the statement holds anything else.
fn chain_loop_vars(stmt: &Stmt, b: BlockId) -> Option<HashSet<VarId>> {
    let mut vars = HashSet::new();
    let mut at = stmt;
    loop {
        match at {
            Stmt::For(l) => {
                vars.insert(l.var);
                at = &l.body;
            }
            Stmt::BlockRealize(r) if r.block.id == b => return Some(vars),
            _ => return None,
        }
    }
}

type Parts = Vec<super::blockize_tensorize::Division>;

fn divide_all(
    func: &PrimFunc,
    realize: &BlockRealize,
    inner_vars: &HashSet<VarId>,
    ranges: &VarRanges,
) -> Result<Parts, ScheduleError> {
    realize
        .block
        .iter_vars
        .iter()
        .zip(&realize.iter_values)
        .map(|(iv, value)| {
            divide(value, inner_vars, ranges, func.var(iv.var).dtype).ok_or_else(|| {
                refuse(
                    func,
                    realize.block.id,
                    format!(
                        "the binding `{}` of its iterator `{}` does not divide into a part over the loops above the common ancestor and one over its own loops",
                        crate::script::print_expr(func, value),
                        func.var_name(iv.var)
                    ),
                )
            })
        })
        .collect()
}

/// The outer iterators from the first block: one per iterator, `<name>_o`.
fn first_outer(
    func: &mut PrimFunc,
    realize: &BlockRealize,
    parts: &Parts,
) -> (Vec<IterVar>, Vec<Expr>) {
    let mut ivs = Vec::new();
    let mut values = Vec::new();
    for (iv, d) in realize.block.iter_vars.iter().zip(parts) {
        let name = format!("{}_o", func.var_name(iv.var));
        let var = func.new_var(name, func.var(iv.var).dtype);
        ivs.push(IterVar {
            var,
            dom: Range::from_extent(Expr::int(d.outer_extent)),
            kind: iv.kind,
        });
        values.push(simplify(&d.outer));
    }
    (ivs, values)
}

/// Every block's outer parts equal the first block's (TVM's internal check),
/// and a constant outer part lies in its extent.
fn check_same_outer(
    func: &PrimFunc,
    realize: &BlockRealize,
    parts: &Parts,
    ivs: &[IterVar],
    values: &[Expr],
) -> Result<(), ScheduleError> {
    let same = parts.len() == ivs.len()
        && parts.iter().zip(ivs).zip(values).all(|((d, iv), v)| {
            iv.dom.extent.as_int() == Some(d.outer_extent)
                && simplify(&d.outer) == *v
                && v.as_int().is_none_or(|c| (0..d.outer_extent).contains(&c))
        });
    if same {
        return Ok(());
    }
    Err(refuse(
        func,
        realize.block.id,
        "its iterators' parts over the loops above the common ancestor differ from the first block's (TVM stops with an internal check)".into(),
    ))
}

/// The block over its inner iterators (TVM's DeriveBlockBinding and
/// GenerateInner without an outer reduction: the init stays in it).
fn inner_block(
    func: &mut PrimFunc,
    realize: &BlockRealize,
    parts: Parts,
    outer_ivs: &[IterVar],
    preserve_unit_iters: bool,
) -> (BlockRealize, VarRanges) {
    let mut subst: HashMap<VarId, Expr> = HashMap::new();
    let mut inner_ivs = Vec::new();
    let mut inner_values = Vec::new();
    let mut inner_ranges = VarRanges::new();
    for ((iv, d), outer) in realize.block.iter_vars.iter().zip(parts).zip(outer_ivs) {
        let sub = if d.inner_extent == 1 {
            match simplify(&d.outer).as_int() {
                Some(c) if d.outer_extent == 1 && !preserve_unit_iters => Expr::int(c),
                _ => Expr::Var(outer.var),
            }
        } else {
            let name = format!("{}_i", func.var_name(iv.var));
            let var = func.new_var(name, func.var(iv.var).dtype);
            let dom = Range::from_extent(Expr::int(d.inner_extent));
            inner_ranges.insert(var, dom.clone());
            inner_ivs.push(IterVar {
                var,
                dom,
                kind: iv.kind,
            });
            inner_values.push(d.inner);
            if d.outer_extent == 1 {
                Expr::Var(var)
            } else {
                Expr::add(
                    Expr::mul(Expr::Var(outer.var), Expr::int(d.inner_extent)),
                    Expr::Var(var),
                )
            }
        };
        subst.insert(iv.var, sub);
    }
    let mut block = realize.block.clone();
    block.iter_vars = inner_ivs;
    substitute_block(&mut block, &subst);
    if let Some(init) = &mut block.init {
        init.substitute(&|v| subst.get(&v).cloned());
    }
    (
        BlockRealize {
            iter_values: inner_values,
            predicate: Expr::bool(true),
            block,
        },
        inner_ranges,
    )
}

/// TVM's UnionRegions: one region per buffer, in order of first appearance,
/// the bounding box of its regions (constant bounds, or all the same).
fn union_regions(
    func: &PrimFunc,
    culprit: BlockId,
    regions: Vec<BufferRegion>,
) -> Result<Vec<BufferRegion>, ScheduleError> {
    let mut out: Vec<BufferRegion> = Vec::new();
    for r in regions {
        let Some(prev) = out.iter_mut().find(|p| p.buffer == r.buffer) else {
            out.push(r);
            continue;
        };
        for (a, b) in prev.region.iter_mut().zip(&r.region) {
            if a == b {
                continue;
            }
            let bounds = (
                a.min.as_int(),
                a.extent.as_int(),
                b.min.as_int(),
                b.extent.as_int(),
            );
            let (Some(am), Some(ae), Some(bm), Some(be)) = bounds else {
                return Err(refuse(
                    func,
                    culprit,
                    format!(
                        "the blocks' regions of `{}` have symbolic bounds that differ; tirtui unions constant ones",
                        func.buffer(r.buffer).name
                    ),
                ));
            };
            let (lo, hi) = (am.min(bm), (am + ae).max(bm + be));
            *a = Range::new(Expr::int(lo), Expr::int(hi - lo));
        }
    }
    Ok(out)
}
