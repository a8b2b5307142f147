//! decompose_padding, can_decompose_padding: split a padding block
//! `y[v] = T.if_then_else(cond(v), x[f(v)], pad)` into a block that fills the
//! whole region with `pad` and one that writes only the in-bound part.
//!
//! TVM: src/s_tir/schedule/primitive/decompose_padding.cc. The `<name>_pad_const`
//! block gets serial copies of the loops from the given loop down, inserted
//! right before that loop; the original block keeps its name and is trimmed
//! to the in-bound region: its iterators start at 0 over the region's extent,
//! a loop that binds one of them directly (in the chain of single-child loops
//! above the block) shrinks to that extent, and the rest of the condition
//! becomes its `T.where`. Returns the `_pad_const` block.
//!
//! The in-bound region comes from `cond`'s conjuncts, each a constant bound
//! on one iterator (`3 <= v`, `v < 228`); TVM's iterator-map analysis takes
//! a few more forms, which tirtui refuses. The written indices must be
//! distinct iterators plus constants, so that each element is written by one
//! iterator value: the pad fill and the in-bound write of an element then
//! agree on its final value whatever order the loops run in.

use crate::arith::bound::VarRanges;
use crate::arith::simplify::simplify_with;
use crate::ir::{
    BinOp, Block, BlockId, BlockRealize, BufferRegion, BufferStore, Expr, For, ForKind, Intrinsic,
    IterKind, IterVar, LoopId, PrimFunc, Range, Shared, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, check_complete, get_block, get_loop, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::tree;

/// TVM's `decompose_padding(block, loop)`.
pub fn decompose_padding(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
) -> Result<BlockId, ScheduleError> {
    check_complete(func, block)?;
    get_loop(func, loop_id)?;
    let loops = tree::loops_of_block(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    let Some(at) = loops.iter().position(|l| *l == loop_id) else {
        return Err(ScheduleError::NotAncestor {
            loop_: loop_culprit(func, loop_id),
            block: block_culprit(func, block),
        });
    };
    check_no_thread_bound_copy(func, &loops[at..])?;
    let in_bound_top = in_bound_top(func, &loops, at)?;
    let realize = get_block(func, block)?.clone();
    let ranges = crate::schedule::region::all_loop_ranges(func);
    let info = padding_info(func, &realize, &ranges)?;
    let (const_nest, const_id) = const_nest(func, &realize, &info, &loops[at..], &ranges)?;
    let in_bound_nest = in_bound_nest(func, &realize, &info, &loops[in_bound_top..], &ranges)?;
    let top = loops[in_bound_top];
    let slot = tree::loop_stmt_mut(&mut func.body, top).ok_or(ScheduleError::StaleLoop(top))?;
    *slot = in_bound_nest;
    let slot =
        tree::loop_stmt_mut(&mut func.body, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    let old = std::mem::replace(slot, Stmt::Seq(Vec::new()));
    *slot = Stmt::Seq(vec![const_nest, old]);
    tree::cleanup_empty(&mut func.body);
    Ok(const_id)
}

/// The fill copies the loops from the given one down as serial loops; a copy
/// of a thread-bound loop would run in every thread, and one thread's fill
/// could land after another's in-bound writes (TVM 0.27 copies it anyway).
fn check_no_thread_bound_copy(func: &PrimFunc, nest: &[LoopId]) -> Result<(), ScheduleError> {
    for l in nest {
        // A virtual thread runs its iterations one after another in one
        // thread, like the serial copy.
        if let ForKind::ThreadBinding(axis) = get_loop(func, *l)?.kind {
            if matches!(axis, crate::ir::ThreadAxis::VThread(_)) {
                continue;
            }
            return Err(ScheduleError::LoopPrecondition {
                loop_: loop_culprit(func, *l),
                primitive: "decompose_padding",
                why: format!(
                    "is bound to {}; the pad fill would copy it as a serial loop run by every thread, racing with the other threads' in-bound writes",
                    axis.tag()
                ),
                hint: "decompose the padding before binding its loops (then bind the fill's loops and the in-bound block's), or pass a loop below the bound ones".into(),
            });
        }
    }
    Ok(())
}

/// TVM's `CanDecomposePadding`: whether `decompose_padding` would apply (the
/// program does not change).
pub fn can_decompose_padding(func: &PrimFunc, block: BlockId, loop_id: LoopId) -> bool {
    let mut copy = func.clone();
    decompose_padding(&mut copy, block, loop_id).is_ok()
}

/// The index (in `loops`, outermost first) of the highest loop at or below
/// `at` such that every loop from it down has a single loop or the block as
/// its body: the nest the in-bound block is rebuilt in.
fn in_bound_top(func: &PrimFunc, loops: &[LoopId], at: usize) -> Result<usize, ScheduleError> {
    let mut top = loops.len() - 1;
    for idx in (at..loops.len()).rev() {
        let body = &get_loop(func, loops[idx])?.body;
        if idx == loops.len() - 1 || matches!(body, Stmt::For(_) | Stmt::BlockRealize(_)) {
            top = idx;
        } else {
            break;
        }
    }
    Ok(top)
}

/// The padding block's parts, checked.
struct PaddingInfo {
    store: BufferStore,
    in_bound_value: Expr,
    pad_value: Expr,
    /// The in-bound condition over loop variables, one conjunct each.
    in_bound_conjuncts: Vec<Expr>,
    /// Per iterator, the in-bound `[min, min + extent)`.
    region: Vec<(i64, i64)>,
}

fn pattern_error(func: &PrimFunc, block: BlockId, why: &str) -> ScheduleError {
    ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block),
        why: format!("decompose_padding expects the block to match the padding pattern `y[v] = T.if_then_else(cond, x[...], pad)`: {why}"),
    }
}

fn padding_info(
    func: &PrimFunc,
    realize: &BlockRealize,
    ranges: &VarRanges,
) -> Result<PaddingInfo, ScheduleError> {
    let id = realize.block.id;
    let err = |why: &str| pattern_error(func, id, why);
    let Stmt::BufferStore(store) = &realize.block.body else {
        return Err(err("the block's body is not a store to the written buffer"));
    };
    let Expr::Call(Intrinsic::IfThenElse, args) = &store.value else {
        return Err(err(
            "the stored value is not a `T.if_then_else` on a padding condition",
        ));
    };
    let [cond, in_bound_value, pad_value] = args.as_slice() else {
        return Err(err("`T.if_then_else` takes three arguments"));
    };
    if !matches!(pad_value, Expr::Int(..) | Expr::Float(..)) {
        return Err(err("the pad value is not a constant"));
    }
    check_injective_store(func, realize, store)?;
    let region = in_bound_region(func, realize, cond)?;
    let bind = |e: &Expr| {
        let mut e = e.clone();
        e.substitute(&|v| {
            realize
                .block
                .iter_vars
                .iter()
                .position(|iv| iv.var == v)
                .map(|i| realize.iter_values[i].clone())
        });
        e
    };
    let mut conjuncts = Vec::new();
    collect_conjuncts(&bind(cond), &mut conjuncts);
    collect_conjuncts(&realize.predicate, &mut conjuncts);
    let in_bound_conjuncts: Vec<Expr> = conjuncts
        .iter()
        .map(|c| simplify_with(c, ranges))
        .filter(|c| !c.is_const_true())
        .collect();
    if in_bound_conjuncts.is_empty() {
        return Err(err(
            "the in-bound predicate is trivial (always true): there is no padding",
        ));
    }
    Ok(PaddingInfo {
        store: store.clone(),
        in_bound_value: in_bound_value.clone(),
        pad_value: pad_value.clone(),
        in_bound_conjuncts,
        region,
    })
}

/// `a and b and ...`, flattened, with `T.likely` dropped (as TVM does).
fn collect_conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            collect_conjuncts(a, out);
            collect_conjuncts(b, out);
        }
        Expr::Call(Intrinsic::Likely, args) if args.len() == 1 => collect_conjuncts(&args[0], out),
        _ if e.is_const_true() => {}
        _ => out.push(e.clone()),
    }
}

/// Each written index is a distinct iterator, plus a constant.
fn check_injective_store(
    func: &PrimFunc,
    realize: &BlockRealize,
    store: &BufferStore,
) -> Result<(), ScheduleError> {
    let mut seen: Vec<VarId> = Vec::new();
    for idx in &store.indices {
        let var = match idx {
            Expr::Var(v) => Some(*v),
            Expr::Binary(BinOp::Add | BinOp::Sub, a, c) if c.as_int().is_some() => a.as_var(),
            _ => None,
        };
        match var {
            Some(v) if !seen.contains(&v) && realize.block.iter_vars.iter().any(|iv| iv.var == v) => {
                seen.push(v)
            }
            _ => {
                return Err(pattern_error(
                    func,
                    realize.block.id,
                    "tirtui needs each written index to be a distinct iterator plus a constant, so that every element is written by one iteration",
                ))
            }
        }
    }
    Ok(())
}

/// The in-bound `[min, min + extent)` of each iterator: its domain narrowed by
/// the conjuncts of `cond`, each a constant bound on one iterator.
fn in_bound_region(
    func: &PrimFunc,
    realize: &BlockRealize,
    cond: &Expr,
) -> Result<Vec<(i64, i64)>, ScheduleError> {
    let id = realize.block.id;
    let mut bounds: Vec<(i64, i64)> = Vec::with_capacity(realize.block.iter_vars.len());
    for iv in &realize.block.iter_vars {
        let (Some(min), Some(extent)) = (iv.dom.min.as_int(), iv.dom.extent.as_int()) else {
            return Err(pattern_error(
                func,
                id,
                "an iterator's domain is not constant",
            ));
        };
        bounds.push((min, min + extent));
    }
    let mut conjuncts = Vec::new();
    collect_conjuncts(cond, &mut conjuncts);
    for c in &conjuncts {
        let Some((var, lo, hi)) = single_bound(c) else {
            return Err(pattern_error(
                func,
                id,
                "each conjunct of the condition must bound one iterator by a constant (`3 <= v`, `v < 228`); block iterators are not independent with respect to this condition",
            ));
        };
        let Some(i) = realize.block.iter_vars.iter().position(|iv| iv.var == var) else {
            return Err(pattern_error(
                func,
                id,
                "the condition bounds a variable that is not an iterator of the block",
            ));
        };
        let b = &mut bounds[i];
        *b = (
            b.0.max(lo.unwrap_or(i64::MIN)),
            b.1.min(hi.unwrap_or(i64::MAX)),
        );
    }
    if bounds.iter().any(|(lo, hi)| lo >= hi) {
        return Err(pattern_error(func, id, "the in-bound region is empty"));
    }
    Ok(bounds.into_iter().map(|(lo, hi)| (lo, hi - lo)).collect())
}

/// `c <= v`, `v < c` and the other comparisons of a variable with a
/// constant, as (variable, lower bound, upper bound exclusive).
fn single_bound(c: &Expr) -> Option<(VarId, Option<i64>, Option<i64>)> {
    let Expr::Binary(op, a, b) = c else {
        return None;
    };
    // Normalise to `v OP k`.
    let (v, k, op) = match (a.as_var(), b.as_int(), a.as_int(), b.as_var()) {
        (Some(v), Some(k), _, _) => (v, k, *op),
        (_, _, Some(k), Some(v)) => (
            v,
            k,
            match op {
                BinOp::Lt => BinOp::Gt,
                BinOp::Le => BinOp::Ge,
                BinOp::Gt => BinOp::Lt,
                BinOp::Ge => BinOp::Le,
                other => *other,
            },
        ),
        _ => return None,
    };
    match op {
        BinOp::Lt => Some((v, None, Some(k))),
        BinOp::Le => Some((v, None, k.checked_add(1))),
        BinOp::Gt => Some((v, k.checked_add(1), None)),
        BinOp::Ge => Some((v, Some(k), None)),
        _ => None,
    }
}

/// `simplify_with`, and a variable whose range holds one value is that
/// value (TVM's analyzer folds a unit loop's variable the same way).
fn simplify_folding_units(func: &PrimFunc, e: &Expr, ranges: &VarRanges) -> Expr {
    let mut e = e.clone();
    e.substitute(&|v| {
        let r = ranges.get(&v)?;
        let min = r.min.as_int()?;
        (r.extent.as_int() == Some(1)).then(|| Expr::Int(min, func.var(v).dtype))
    });
    simplify_with(&e, ranges)
}

/// `e` with variables replaced by `map` (old, replacement).
fn substituted(e: &Expr, map: &[(VarId, Expr)]) -> Expr {
    let mut e = e.clone();
    e.substitute(&|v| map.iter().find(|(x, _)| *x == v).map(|(_, r)| r.clone()));
    e
}

fn substituted_region(
    func: &PrimFunc,
    r: &BufferRegion,
    map: &[(VarId, Expr)],
    ranges: &VarRanges,
) -> BufferRegion {
    BufferRegion {
        buffer: r.buffer,
        region: r
            .region
            .iter()
            .map(|x| {
                Range::new(
                    simplify_folding_units(func, &substituted(&x.min, map), ranges),
                    simplify_folding_units(func, &substituted(&x.extent, map), ranges),
                )
            })
            .collect(),
    }
}

/// Wraps `stmt` in `loops` (outermost first).
fn wrap(mut stmt: Stmt, loops: Vec<For>) -> Stmt {
    for mut f in loops.into_iter().rev() {
        f.body = stmt;
        stmt = Stmt::For(Shared::new(f));
    }
    stmt
}

/// The `<name>_pad_const` block under serial copies of `nest` (from the
/// given loop down). Returns the nest and the block's id.
fn const_nest(
    func: &mut PrimFunc,
    realize: &BlockRealize,
    info: &PaddingInfo,
    nest: &[LoopId],
    ranges: &VarRanges,
) -> Result<(Stmt, BlockId), ScheduleError> {
    let mut map: Vec<(VarId, Expr)> = Vec::new();
    let mut iter_vars = Vec::with_capacity(realize.block.iter_vars.len());
    for iv in &realize.block.iter_vars {
        let nv = func.new_var(func.var_name(iv.var).to_string(), func.var(iv.var).dtype);
        map.push((iv.var, Expr::Var(nv)));
        iter_vars.push(IterVar {
            var: nv,
            dom: iv.dom.clone(),
            kind: IterKind::Spatial,
        });
    }
    let id = func.new_block_id();
    let mut copies = Vec::with_capacity(nest.len());
    for l in nest {
        let f = get_loop(func, *l)?.clone();
        // The copies' ranges stay unknown to the simplifier, as in TVM: a
        // binding to a copied unit loop keeps its variable.
        let nv = func.new_var(func.var_name(f.var).to_string(), func.var(f.var).dtype);
        map.push((f.var, Expr::Var(nv)));
        copies.push(For {
            id: func.new_loop_id(),
            var: nv,
            min: substituted(&f.min, &map),
            extent: substituted(&f.extent, &map),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: Stmt::Seq(Vec::new()),
        });
    }
    let rewrite = |e: &Expr| simplify_folding_units(func, &substituted(e, &map), ranges);
    let store = BufferStore {
        buffer: info.store.buffer,
        indices: info.store.indices.iter().map(rewrite).collect(),
        value: info.pad_value.clone(),
    };
    let block = Block {
        id,
        name: format!("{}_pad_const", realize.block.name),
        iter_vars,
        reads: Vec::new(),
        writes: realize
            .block
            .writes
            .iter()
            .map(|w| substituted_region(func, w, &map, ranges))
            .collect(),
        init: None,
        body: Stmt::BufferStore(store),
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        annotations: Vec::new(),
    };
    let new_realize = BlockRealize {
        iter_values: realize.iter_values.iter().map(rewrite).collect(),
        predicate: rewrite(&realize.predicate),
        block,
    };
    Ok((
        wrap(Stmt::BlockRealize(Shared::new(new_realize)), copies),
        id,
    ))
}

/// The original block trimmed to the in-bound region, in `nest` (the chain
/// of single-child loops above it, outermost first): iterators over
/// `[0, extent)` standing for `min + v`, loops that bind one directly
/// shrunk to its extent, the in-bound condition as its `T.where`.
fn in_bound_nest(
    func: &PrimFunc,
    realize: &BlockRealize,
    info: &PaddingInfo,
    nest: &[LoopId],
    ranges: &VarRanges,
) -> Result<Stmt, ScheduleError> {
    let mut loops: Vec<For> = Vec::with_capacity(nest.len());
    for l in nest {
        loops.push(get_loop(func, *l)?.clone());
    }
    let mut ranges = ranges.clone();
    let mut map: Vec<(VarId, Expr)> = Vec::new();
    let mut iter_vars = Vec::with_capacity(realize.block.iter_vars.len());
    let mut shrunk: Vec<(usize, i64)> = Vec::new();
    for (iv, (min, extent)) in realize.block.iter_vars.iter().zip(&info.region) {
        let dtype = func.var(iv.var).dtype;
        let lit = |v: i64| Expr::Int(v, dtype);
        iter_vars.push(IterVar {
            var: iv.var,
            dom: Range::new(lit(0), lit(*extent)),
            kind: IterKind::Spatial,
        });
        map.push((iv.var, plus(Expr::Var(iv.var), *min, dtype)));
    }
    for (i, value) in realize.iter_values.iter().enumerate() {
        let Some(v) = value.as_var() else { continue };
        let Some(at) = loops.iter().position(|f| f.var == v) else {
            continue;
        };
        if shrunk.iter().any(|(x, _)| *x == at) {
            continue;
        }
        let (min, extent) = info.region[i];
        let dtype = func.var(v).dtype;
        shrunk.push((at, extent));
        map.push((v, plus(Expr::Var(v), min, dtype)));
        ranges.insert(v, Range::new(Expr::Int(0, dtype), Expr::Int(extent, dtype)));
    }
    let rewrite = |e: &Expr| simplify_folding_units(func, &substituted(e, &map), &ranges);
    let iter_values: Vec<Expr> = realize
        .iter_values
        .iter()
        .enumerate()
        .map(|(i, value)| match value.as_var() {
            Some(v) if shrunk.iter().any(|(at, _)| loops[*at].var == v) => value.clone(),
            _ => {
                let dtype = func.var(realize.block.iter_vars[i].var).dtype;
                rewrite(&plus(value.clone(), -info.region[i].0, dtype))
            }
        })
        .collect();
    let predicate = info
        .in_bound_conjuncts
        .iter()
        .map(rewrite)
        .filter(|c| !c.is_const_true())
        .reduce(Expr::and)
        .unwrap_or_else(|| Expr::bool(true));
    let mut block = realize.block.clone();
    block.iter_vars = iter_vars;
    block.reads = realize
        .block
        .reads
        .iter()
        .map(|r| substituted_region(func, r, &map, &ranges))
        .collect();
    block.writes = realize
        .block
        .writes
        .iter()
        .map(|r| substituted_region(func, r, &map, &ranges))
        .collect();
    block.body = Stmt::BufferStore(BufferStore {
        buffer: info.store.buffer,
        indices: info.store.indices.iter().map(rewrite).collect(),
        value: rewrite(&info.in_bound_value),
    });
    for (at, extent) in shrunk {
        let dtype = func.var(loops[at].var).dtype;
        loops[at].min = Expr::Int(0, dtype);
        loops[at].extent = Expr::Int(extent, dtype);
    }
    let new_realize = BlockRealize {
        iter_values,
        predicate,
        block,
    };
    Ok(wrap(Stmt::BlockRealize(Shared::new(new_realize)), loops))
}

/// `e + k` (`e - |k|` for a negative `k`, `e` for 0) in `e`'s type.
fn plus(e: Expr, k: i64, dtype: crate::ir::DataType) -> Expr {
    match k {
        0 => e,
        k if k < 0 => Expr::binary(BinOp::Sub, e, Expr::Int(-k, dtype)),
        k => Expr::binary(BinOp::Add, e, Expr::Int(k, dtype)),
    }
}
