//! blockize and tensorize.
//!
//! TVM: src/tir/schedule/primitive/blockize_tensorize.cc. `blockize(loop)` splits
//! the block under `loop` into an outer block (iterating what the loops above
//! `loop` iterate) around an inner block (the loops from `loop` down); every
//! block binding must divide into `outer * inner_extent + inner` (TVM's
//! SubspaceDivide). `tensorize` blockizes when given a loop, then checks the
//! block against a tensor intrinsic's description and replaces its body.

use crate::arith::bound::VarRanges;
use crate::arith::{const_bounds, relax_region, simplify, simplify_with, to_affine};
use crate::ir::{
    Block, BlockId, BlockRealize, BufferRegion, Expr, For, IterKind, IterVar, LoopId, PrimFunc,
    Range, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, get_loop, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::loop_transformation::loop_ranges;
use crate::schedule::tree;
use std::collections::{HashMap, HashSet};

/// One block binding divided over the loops at and under the blockized loop.
struct Division {
    /// The part over the outer loops, already divided by `inner_extent`.
    outer: Expr,
    outer_extent: i64,
    /// The part over the inner loops.
    inner: Expr,
    inner_extent: i64,
}

/// TVM's `blockize(loop)`: returns the new outer block.
pub fn blockize(
    func: &mut PrimFunc,
    loop_id: LoopId,
    preserve_unit_iters: bool,
) -> Result<BlockId, ScheduleError> {
    let target = get_loop(func, loop_id)?;
    let realizes = tree::child_blocks(&target.body);
    let [realize] = realizes[..] else {
        return Err(ScheduleError::UnsupportedPattern {
            block: loop_culprit_as_block(func, loop_id, &realizes),
            why: format!(
                "blockize needs exactly one block under {}, found {}",
                loop_culprit(func, loop_id),
                realizes.len()
            ),
        });
    };
    let block_id = realize.block.id;
    let realize = realize.clone();
    let mut inner_loops: Vec<&For> = Vec::new();
    collect_path_loops(&func.body, loop_id, block_id, &mut inner_loops);
    let inner_loop_vars: HashSet<VarId> = inner_loops.iter().map(|l| l.var).collect();
    let loops_inner_first: Vec<For> = inner_loops.iter().rev().map(|l| (*l).clone()).collect();
    let ranges = loop_ranges(func);
    let culprit = || block_culprit(func, block_id);

    // Step 1: divide every binding (SubspaceDivide).
    let mut divisions = Vec::new();
    for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
        let d = divide(value, &inner_loop_vars, &ranges).ok_or_else(|| {
            ScheduleError::UnsupportedPattern {
                block: culprit(),
                why: format!(
                    "the binding `{}` of its iterator `{}` does not divide into an outer part times the extent of an inner part over the loops at and under {} (TVM: the bindings cannot be blockized)",
                    crate::script::print_expr(func, value),
                    func.var_name(iv.var),
                    loop_culprit(func, loop_id)
                ),
            }
        })?;
        divisions.push(d);
    }
    let pred_uses_inner = {
        let mut uses = false;
        realize.predicate.visit(&mut |e| {
            if let Expr::Var(v) = e {
                uses |= inner_loop_vars.contains(v);
            }
        });
        uses
    };
    if pred_uses_inner {
        return Err(ScheduleError::UnsupportedPattern {
            block: culprit(),
            why: format!(
                "its T.where guard depends on the loops at and under {}; blockize a loop whose inner loops divide the block's extents",
                loop_culprit(func, loop_id)
            ),
        });
    }

    // Step 2: outer and inner iterators, and what the old iterators become.
    let mut outer_ivs = Vec::new();
    let mut outer_values = Vec::new();
    let mut inner_ivs = Vec::new();
    let mut inner_values = Vec::new();
    let mut subst: HashMap<VarId, Expr> = HashMap::new();
    let mut inner_ranges = VarRanges::new();
    for ((iv, d), value) in realize
        .block
        .iter_vars
        .iter()
        .zip(divisions)
        .zip(&realize.iter_values)
    {
        let name = func.var_name(iv.var).to_string();
        let dtype = func.var(iv.var).dtype;
        if d.inner_extent == 1 {
            // Only outer loops: the iterator moves to the outer block (renamed, as TVM does).
            let outer_var = func.new_var(format!("{name}_o"), dtype);
            outer_ivs.push(IterVar {
                var: outer_var,
                dom: iv.dom.clone(),
                kind: iv.kind,
            });
            outer_values.push(value.clone());
            subst.insert(iv.var, Expr::Var(outer_var));
            continue;
        }
        let inner_var = func.new_var(format!("{name}_i"), dtype);
        let sub = if d.outer_extent == 1 {
            if preserve_unit_iters {
                let outer_var = func.new_var(format!("{name}_o"), dtype);
                outer_ivs.push(IterVar {
                    var: outer_var,
                    dom: Range::from_extent(Expr::int(1)),
                    kind: iv.kind,
                });
                outer_values.push(d.outer);
            }
            Expr::Var(inner_var)
        } else {
            let outer_var = func.new_var(format!("{name}_o"), dtype);
            outer_ivs.push(IterVar {
                var: outer_var,
                dom: Range::from_extent(Expr::int(d.outer_extent)),
                kind: iv.kind,
            });
            outer_values.push(d.outer);
            Expr::add(
                Expr::mul(Expr::Var(outer_var), Expr::int(d.inner_extent)),
                Expr::Var(inner_var),
            )
        };
        subst.insert(iv.var, sub);
        let dom = Range::from_extent(Expr::int(d.inner_extent));
        inner_ranges.insert(inner_var, dom.clone());
        inner_ivs.push(IterVar {
            var: inner_var,
            dom,
            kind: iv.kind,
        });
        inner_values.push(d.inner);
    }

    // Step 3: the inner block: the old one over the inner iterators, without init.
    let mut inner_block = realize.block.clone();
    let init = inner_block.init.take();
    inner_block.iter_vars = inner_ivs;
    substitute_block(&mut inner_block, &subst);
    let inner_realize = BlockRealize {
        iter_values: inner_values,
        predicate: Expr::bool(true),
        block: inner_block,
    };

    // Step 4: the outer init, a block over the inner spatial loops it needs.
    let outer_init = match init {
        Some(mut init) => {
            init.substitute(&|v| subst.get(&v).cloned());
            Some(outer_init(func, init, &inner_realize, &loops_inner_first))
        }
        None => None,
    };

    // Step 5: the outer block's regions are the inner ones relaxed over the inner iterators.
    let relax_vars: Vec<VarId> = inner_ranges.keys().copied().collect();
    let relax = |regions: &[BufferRegion]| -> Result<Vec<BufferRegion>, ScheduleError> {
        regions
            .iter()
            .map(|r| {
                let region =
                    relax_region(&r.region, &relax_vars, &inner_ranges).ok_or_else(|| {
                        ScheduleError::UnsupportedPattern {
                            block: block_culprit(func, block_id),
                            why: format!(
                                "its region of `{}` cannot be bounded over the inner iterators",
                                func.buffer(r.buffer).name
                            ),
                        }
                    })?;
                Ok(BufferRegion {
                    buffer: r.buffer,
                    region: region
                        .into_iter()
                        .map(|x| Range::new(simplify(&x.min), simplify(&x.extent)))
                        .collect(),
                })
            })
            .collect()
    };
    let reads = relax(&inner_realize.block.reads)?;
    let writes = relax(&inner_realize.block.writes)?;

    // Step 6: the loop nest keeps its loops with the inner block in place of the old one.
    let mut body = Stmt::For(Box::new(get_loop(func, loop_id)?.clone()));
    if let Some(Stmt::BlockRealize(slot)) = tree::block_stmt_mut(&mut body, block_id) {
        **slot = inner_realize;
    }
    let outer_id = func.new_block_id();
    let outer = BlockRealize {
        iter_values: outer_values.iter().map(simplify).collect(),
        predicate: realize.predicate.clone(),
        block: Block {
            id: outer_id,
            name: format!("{}_o", realize.block.name),
            iter_vars: outer_ivs,
            reads,
            writes,
            init: outer_init,
            body,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    };
    let slot =
        tree::loop_stmt_mut(&mut func.body, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    *slot = Stmt::BlockRealize(Box::new(outer));
    Ok(outer_id)
}

/// A block culprit for a loop that does not hold exactly one block: the first
/// block found, else the loop's scope block.
fn loop_culprit_as_block(
    func: &PrimFunc,
    loop_id: LoopId,
    realizes: &[&BlockRealize],
) -> crate::schedule::Culprit {
    match realizes.first() {
        Some(r) => block_culprit(func, r.block.id),
        None => match tree::scope_of_loop(func, loop_id) {
            Some(b) => block_culprit(func, b),
            None => loop_culprit(func, loop_id),
        },
    }
}

/// The loops from `top` (inclusive) down to `block`, outermost first.
fn collect_path_loops<'a>(stmt: &'a Stmt, top: LoopId, block: BlockId, out: &mut Vec<&'a For>) {
    fn walk<'a>(stmt: &'a Stmt, block: BlockId, path: &mut Vec<&'a For>) -> bool {
        if matches!(stmt, Stmt::BlockRealize(r) if r.block.id == block) {
            return true;
        }
        if let Stmt::For(l) = stmt {
            path.push(l);
        }
        let mut found = false;
        stmt.for_each_child(|c| {
            if !found {
                found = walk(c, block, path);
            }
        });
        if !found && matches!(stmt, Stmt::For(_)) {
            path.pop();
        }
        found
    }
    if let Some(top) = tree::loops_in(stmt).into_iter().find(|l| l.id == top) {
        out.push(top);
        if !walk(&top.body, block, out) {
            out.clear();
        }
    }
}

/// Divides `value` into `outer * inner_extent + inner`, where `inner` is a
/// mixed-radix sum over the inner loops (coefficients 1, e0, e0*e1, ...) and
/// `outer` uses only the loops above. `None` when it does not divide.
fn divide(value: &Expr, inner_vars: &HashSet<VarId>, ranges: &VarRanges) -> Option<Division> {
    let value = simplify_with(value, ranges);
    let affine = to_affine(&value)?;
    let mut inner_terms: Vec<(VarId, i64, i64)> = Vec::new(); // (var, coeff, extent)
    let mut outer_terms: Vec<(Expr, i64)> = Vec::new();
    for (atom, coeff) in &affine.terms {
        let mut uses_inner = false;
        atom.visit(&mut |e| {
            if let Expr::Var(v) = e {
                uses_inner |= inner_vars.contains(v);
            }
        });
        if !uses_inner {
            outer_terms.push((atom.clone(), *coeff));
            continue;
        }
        let v = atom.as_var()?;
        let r = ranges.get(&v)?;
        if r.min.as_int() != Some(0) {
            return None;
        }
        let extent = r.extent.as_int()?;
        if extent > 1 {
            inner_terms.push((v, *coeff, extent));
        }
    }
    inner_terms.sort_by_key(|t| t.1);
    let mut inner_extent = 1i64;
    for &(_, coeff, extent) in &inner_terms {
        if coeff != inner_extent {
            return None;
        }
        inner_extent = inner_extent.checked_mul(extent)?;
    }
    if affine.constant % inner_extent != 0 || outer_terms.iter().any(|(_, c)| c % inner_extent != 0)
    {
        return None;
    }
    let mut outer = Expr::int(affine.constant / inner_extent);
    for (atom, coeff) in outer_terms {
        outer = Expr::add(outer, Expr::mul(atom, Expr::int(coeff / inner_extent)));
    }
    let outer = simplify(&outer);
    let outer_extent = match const_bounds(&outer, ranges) {
        Some((lo, hi)) if lo >= 0 => hi + 1,
        _ => return None,
    };
    let mut inner = Expr::int(0);
    for &(v, coeff, _) in inner_terms.iter().rev() {
        inner = Expr::add(inner, Expr::mul(Expr::Var(v), Expr::int(coeff)));
    }
    Some(Division {
        outer,
        outer_extent,
        inner: simplify(&inner),
        inner_extent,
    })
}

fn substitute_block(block: &mut Block, subst: &HashMap<VarId, Expr>) {
    let map = |v: VarId| subst.get(&v).cloned();
    block.body.substitute(&map);
    for region in block.reads.iter_mut().chain(block.writes.iter_mut()) {
        for r in &mut region.region {
            r.min.substitute(&map);
            r.extent.substitute(&map);
            r.min = simplify(&r.min);
        }
    }
    for m in &mut block.match_buffers {
        for r in &mut m.source.region {
            r.min.substitute(&map);
            r.min = simplify(&r.min);
        }
    }
}

/// TVM's GenerateOuterInit: the init becomes a block `<name>_init` over the
/// inner spatial iterators it uses, under copies of the inner loops that bind them.
fn outer_init(
    func: &mut PrimFunc,
    init: Stmt,
    inner: &BlockRealize,
    loops_inner_first: &[For],
) -> Stmt {
    let mut subst: HashMap<VarId, Expr> = HashMap::new();
    let mut iter_vars = Vec::new();
    let mut iter_values = Vec::new();
    for (iv, value) in inner.block.iter_vars.iter().zip(&inner.iter_values) {
        let used = stmt_uses_var(&init, iv.var);
        if iv.kind == IterKind::Spatial && used {
            let name = format!("{}_init", func.var_name(iv.var));
            let v = func.new_var(name, func.var(iv.var).dtype);
            subst.insert(iv.var, Expr::Var(v));
            iter_vars.push(IterVar {
                var: v,
                dom: iv.dom.clone(),
                kind: iv.kind,
            });
            iter_values.push(value.clone());
        }
    }
    let id = func.new_block_id();
    let mut stmt = Stmt::BlockRealize(Box::new(BlockRealize {
        iter_values,
        predicate: inner.predicate.clone(),
        block: Block {
            id,
            name: format!("{}_init", inner.block.name),
            iter_vars,
            reads: Vec::new(),
            writes: inner.block.writes.clone(),
            init: None,
            body: init,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        },
    }));
    for l in loops_inner_first {
        if stmt_binding_uses(&stmt, l.var) {
            stmt = copy_loop(func, l, stmt, &mut subst);
        }
    }
    stmt.substitute(&|v| subst.get(&v).cloned());
    stmt
}

/// True when the init block's bindings (anywhere below `stmt`) use `v`.
fn stmt_binding_uses(stmt: &Stmt, v: VarId) -> bool {
    tree::blocks_in(stmt)
        .iter()
        .any(|r| r.iter_values.iter().any(|e| e.uses_var(v)))
}

fn copy_loop(func: &mut PrimFunc, l: &For, body: Stmt, subst: &mut HashMap<VarId, Expr>) -> Stmt {
    let var = func.new_var(func.var_name(l.var).to_string(), func.var(l.var).dtype);
    subst.insert(l.var, Expr::Var(var));
    Stmt::For(Box::new(For {
        id: func.new_loop_id(),
        var,
        min: l.min.clone(),
        extent: l.extent.clone(),
        kind: l.kind,
        annotations: l.annotations.clone(),
        body,
    }))
}

fn stmt_uses_var(stmt: &Stmt, v: VarId) -> bool {
    let mut used = false;
    stmt.visit(&mut |s| {
        s.for_each_expr(|e| used |= e.uses_var(v));
    });
    used
}
