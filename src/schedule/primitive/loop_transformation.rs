//! split, fuse, reorder, merge, add_unit_loop.
//!
//! TVM: src/tir/schedule/primitive/loop_transformation.cc

use crate::arith::bound::VarRanges;
use crate::arith::simplify_with;
use crate::ir::{BlockId, DataType, Expr, For, ForKind, LoopId, PrimFunc, Range, Stmt, VarId};
use crate::schedule::analysis::{
    check_starts_at_zero, const_extent, get_block, get_loop, loop_culprit,
};
use crate::schedule::error::ScheduleError;
use crate::schedule::{limits, tree};

/// Simplifies the bindings and predicates of every block under `stmt`, and the
/// bounds of inner loops, knowing the given loop-variable ranges. Statements
/// whose expressions are already simplified are left alone (not written
/// through, so not copied where another program shares them).
pub(crate) fn simplify_bindings(stmt: &mut Stmt, ranges: &VarRanges) {
    simplify_bindings_as(stmt, ranges, Predicates::Simplify);
}

/// What `simplify_bindings` does with block predicates.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Predicates {
    Simplify,
    /// Left as substituted: TVM's split and fuse simplify only the iterator
    /// values (IterMapSimplify), so their predicates print as built
    /// (`(i_0 * 2 + i_1) * 3 + i_2 < 128`).
    Keep,
}

/// `simplify_bindings`, saying what happens to predicates.
pub(crate) fn simplify_bindings_as(stmt: &mut Stmt, ranges: &VarRanges, preds: Predicates) {
    if simplified_in_place(stmt, ranges, preds) {
        return;
    }
    if let Some(new) = simplified_bindings(stmt, ranges, preds) {
        *stmt = new;
    }
}

/// The simplified expression when it differs (a leaf simplifies to itself).
fn simplified(e: &Expr, ranges: &VarRanges) -> Option<Expr> {
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => None,
        _ => Some(simplify_with(e, ranges)).filter(|s| s != e),
    }
}

fn simplify_in_place(e: &mut Expr, ranges: &VarRanges) {
    if let Some(s) = simplified(e, ranges) {
        *e = s;
    }
}

/// `simplify_bindings` of a statement no other program holds (one this step
/// built), written in place: rebuilding it would copy it a second time.
/// False, with nothing done, when the statement's node is shared.
fn simplified_in_place(stmt: &mut Stmt, ranges: &VarRanges, preds: Predicates) -> bool {
    match stmt {
        Stmt::BlockRealize(r) => {
            let Some(r) = r.get_mut() else {
                return false;
            };
            // As `simplified_bindings`: known bindings are left alone.
            let known = crate::schedule::fixpoints::is_known(r, ranges);
            if !known {
                r.iter_values
                    .iter_mut()
                    .for_each(|v| simplify_in_place(v, ranges));
                if preds == Predicates::Simplify {
                    simplify_in_place(&mut r.predicate, ranges);
                }
            }
            if let Some(init) = &mut r.block.init {
                simplify_bindings_as(init, ranges, preds);
            }
            simplify_bindings_as(&mut r.block.body, ranges, preds);
            // A kept predicate is not known to be simplified: not recorded.
            if !known && preds == Predicates::Simplify {
                crate::schedule::fixpoints::record(r, ranges);
            }
        }
        Stmt::For(l) => {
            let Some(l) = l.get_mut() else {
                return false;
            };
            simplify_in_place(&mut l.min, ranges);
            simplify_in_place(&mut l.extent, ranges);
            simplify_bindings_as(&mut l.body, ranges, preds);
        }
        Stmt::IfThenElse(i) => {
            let Some(i) = i.get_mut() else {
                return false;
            };
            simplify_bindings_as(&mut i.then_case, ranges, preds);
            if let Some(e) = &mut i.else_case {
                simplify_bindings_as(e, ranges, preds);
            }
        }
        Stmt::LetStmt(l) => {
            let Some(l) = l.get_mut() else {
                return false;
            };
            simplify_bindings_as(&mut l.body, ranges, preds);
        }
        Stmt::Seq(v) => v
            .iter_mut()
            .for_each(|c| simplify_bindings_as(c, ranges, preds)),
        Stmt::BufferStore(_) | Stmt::Evaluate(_) => {}
    }
    true
}

/// `stmt` with its bindings simplified, or `None` when nothing changes.
fn simplified_bindings(stmt: &Stmt, ranges: &VarRanges, preds: Predicates) -> Option<Stmt> {
    let simp = |e: &Expr| simplified(e, ranges);
    match stmt {
        Stmt::BlockRealize(r) => {
            // Bindings this schedule simplified already under the same ranges
            // are left alone (`fixpoints`): simplifying them again gives them back.
            let known = crate::schedule::fixpoints::is_known(r, ranges);
            let (values, predicate): (Vec<Option<Expr>>, _) = if known {
                (vec![None; r.iter_values.len()], None)
            } else {
                let predicate = match preds {
                    Predicates::Simplify => simp(&r.predicate),
                    Predicates::Keep => None,
                };
                (r.iter_values.iter().map(simp).collect(), predicate)
            };
            let init = r
                .block
                .init
                .as_ref()
                .and_then(|i| simplified_bindings(i, ranges, preds));
            let body = simplified_bindings(&r.block.body, ranges, preds);
            if values.iter().all(Option::is_none)
                && predicate.is_none()
                && init.is_none()
                && body.is_none()
            {
                if !known && preds == Predicates::Simplify {
                    crate::schedule::fixpoints::record(r, ranges);
                }
                return None;
            }
            let values_changed = values.iter().any(Option::is_some) || predicate.is_some();
            let mut r = r.clone();
            let r_mut = &mut *r;
            for (slot, v) in r_mut.iter_values.iter_mut().zip(values) {
                if let Some(v) = v {
                    *slot = v;
                }
            }
            if let Some(p) = predicate {
                r_mut.predicate = p;
            }
            if let Some(i) = init {
                r_mut.block.init = Some(i);
            }
            if let Some(b) = body {
                r_mut.block.body = b;
            }
            if (!known || values_changed) && preds == Predicates::Simplify {
                crate::schedule::fixpoints::record(&r, ranges);
            }
            Some(Stmt::BlockRealize(r))
        }
        Stmt::For(l) => {
            let (min, extent) = (simp(&l.min), simp(&l.extent));
            let body = simplified_bindings(&l.body, ranges, preds);
            if min.is_none() && extent.is_none() && body.is_none() {
                return None;
            }
            let mut l = l.clone();
            let l_mut = &mut *l;
            if let Some(m) = min {
                l_mut.min = m;
            }
            if let Some(e) = extent {
                l_mut.extent = e;
            }
            if let Some(b) = body {
                l_mut.body = b;
            }
            Some(Stmt::For(l))
        }
        _ => {
            let changed = stmt.changed_children(|c| simplified_bindings(c, ranges, preds));
            if changed.is_empty() {
                return None;
            }
            let mut res = stmt.clone();
            res.replace_children(changed);
            Some(res)
        }
    }
}

/// Ranges of every loop variable on the path to (and inside) a statement.
pub(crate) fn loop_ranges(func: &PrimFunc) -> VarRanges {
    crate::schedule::region::all_loop_ranges(func)
}

/// Adds `cond` to the predicate of every block realize directly under `stmt`
/// (not inside nested blocks), as TVM's BlockPredicateAppender does.
pub(super) fn append_predicate(stmt: &mut Stmt, cond: &Expr) {
    match stmt {
        Stmt::BlockRealize(r) => {
            r.predicate = if r.predicate.is_const_true() {
                cond.clone()
            } else {
                Expr::and(r.predicate.clone(), cond.clone())
            };
        }
        _ => stmt.for_each_child_mut(|c| append_predicate(c, cond)),
    }
}

pub(super) fn reject_thread_bound(
    func: &PrimFunc,
    id: LoopId,
    what: &'static str,
) -> Result<(), ScheduleError> {
    let l = get_loop(func, id)?;
    if let ForKind::ThreadBinding(axis) = l.kind {
        return Err(ScheduleError::BoundLoop(
            loop_culprit(func, id),
            axis.tag(),
            what,
        ));
    }
    Ok(())
}

/// TVM's `split`: one loop becomes `factors.len()` nested loops.
/// `None` marks the one factor to infer. A product larger than the extent adds a `T.where` guard.
pub fn split(
    func: &mut PrimFunc,
    loop_id: LoopId,
    factors: &[Option<i64>],
    preserve_unit_iters: bool,
) -> Result<Vec<LoopId>, ScheduleError> {
    split_with(func, loop_id, factors, preserve_unit_iters, false)
}

/// `split` with TVM's `disable_predication`: no `T.where` guard. TVM then
/// runs the iterations past the extent when the factors' product exceeds
/// it (its docs: "may result in incorrect code"); tirtui refuses that case,
/// so the flag only ever drops a guard that is not needed.
pub fn split_with(
    func: &mut PrimFunc,
    loop_id: LoopId,
    factors: &[Option<i64>],
    preserve_unit_iters: bool,
    disable_predication: bool,
) -> Result<Vec<LoopId>, ScheduleError> {
    get_loop(func, loop_id)?;
    check_starts_at_zero(func, loop_id)?;
    reject_thread_bound(func, loop_id, "split")?;
    reject_annotated_split_fuse(func, loop_id, "split")?;
    check_split_factors(func, loop_id, factors)?;
    if get_loop(func, loop_id)?.extent.as_int().is_none() {
        return super::symbolic_loops::split_symbolic(
            func,
            loop_id,
            factors,
            preserve_unit_iters,
            disable_predication,
        );
    }
    let extent = const_extent(func, loop_id)?;
    let (factors, product) = resolve_split_factors(func, loop_id, factors, extent)?;
    if disable_predication && product != extent {
        return Err(ScheduleError::LoopPrecondition {
            loop_: loop_culprit(func, loop_id),
            primitive: "split",
            why: format!(
                "with disable_predication the factors' product {product} must be the extent {extent}: without the guard the iterations past it would run out of range"
            ),
            hint: "drop disable_predication (a T.where guard keeps the extra iterations out), or give factors whose product is the extent".into(),
        });
    }

    let old = get_loop(func, loop_id)?.clone();
    let base = func.var_name(old.var).to_string();
    let dtype = func.var(old.var).dtype;
    let new_vars: Vec<VarId> = (0..factors.len())
        .map(|k| func.new_var(limits::bounded_name(&base, &format!("_{k}")), dtype))
        .collect();
    let value = split_index(&new_vars, &factors, preserve_unit_iters, dtype);

    let mut body = old.body;
    let old_var = old.var;
    body.substitute_vars(&|v| v == old_var, &|v| {
        (v == old_var).then(|| value.clone())
    });
    if product != extent {
        let factor_exprs: Vec<Expr> = factors.iter().map(|f| Expr::Int(*f, dtype)).collect();
        append_predicate(
            &mut body,
            &Expr::lt(
                predicate_index(&new_vars, &factor_exprs),
                Expr::Int(extent, dtype),
            ),
        );
    }
    let mut ranges = loop_ranges(func);
    for (v, f) in new_vars.iter().zip(&factors) {
        ranges.insert(*v, Range::from_extent(Expr::Int(*f, dtype)));
    }
    simplify_bindings_as(&mut body, &ranges, Predicates::Keep);

    let extents: Vec<Expr> = factors.iter().map(|f| Expr::Int(*f, dtype)).collect();
    let (stmt, ids) = serial_nest(func, &new_vars, &extents, body, dtype);
    let slot =
        tree::loop_stmt_mut(&mut func.body, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    *slot = stmt;
    Ok(ids)
}

/// Checks `split`'s factors on their own: their count, at most one `None`,
/// each positive and within the loop variable's type.
fn check_split_factors(
    func: &PrimFunc,
    loop_id: LoopId,
    factors: &[Option<i64>],
) -> Result<(), ScheduleError> {
    if factors.len() < 2 {
        return Err(ScheduleError::TooFewLoops {
            what: "split",
            min: 2,
            got: factors.len(),
        });
    }
    limits::check_factor_count(factors.len(), "split")?;
    limits::check_nest_growth(func, loop_id, factors.len(), "split")?;
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
    // The extent's type is the loop's.
    let loop_dtype = match get_loop(func, loop_id)?.extent {
        Expr::Int(_, dtype) => dtype,
        _ => func.var(get_loop(func, loop_id)?.var).dtype,
    };
    if let Some((_, max)) = loop_dtype.int_range() {
        if let Some(big) = factors.iter().flatten().find(|f| **f > max) {
            return Err(ScheduleError::InvalidArgument {
                what: "split",
                why: format!(
                    "factor {big} does not fit {}'s type {loop_dtype} (at most {max})",
                    loop_culprit(func, loop_id)
                ),
            });
        }
    }
    Ok(())
}

/// Fills in the inferred factor of a split of a loop with a constant extent.
/// Returns the factors and their product (at least `extent`).
fn resolve_split_factors(
    func: &PrimFunc,
    loop_id: LoopId,
    factors: &[Option<i64>],
    extent: i64,
) -> Result<(Vec<i64>, i64), ScheduleError> {
    let known: i64 = factors
        .iter()
        .flatten()
        .try_fold(1i64, |acc, f| acc.checked_mul(*f))
        .ok_or(ScheduleError::InvalidArgument {
            what: "split",
            why: "the factors' product overflows".into(),
        })?;
    // ceil(extent / known), without the overflow of `extent + known - 1`.
    let inferred = if extent > 0 {
        (extent - 1) / known.max(1) + 1
    } else {
        0
    };
    let factors: Vec<i64> = factors.iter().map(|f| f.unwrap_or(inferred)).collect();
    let product: i64 = factors
        .iter()
        .try_fold(1i64, |acc, f| acc.checked_mul(*f))
        .unwrap_or(i64::MAX);
    if product < extent {
        return Err(ScheduleError::WrongFactorProduct {
            loop_: loop_culprit(func, loop_id),
            extent,
            product,
        });
    }
    Ok((factors, product))
}

/// The old loop variable in terms of the new ones: `((v0 * f1 + v1) * f2 + v2) ...`.
/// Unit loops contribute 0 unless `preserve_unit_iters` keeps their variable.
/// Constants take the loop's type: an int64 loop splits into int64 loops, as
/// TVM prints them (`T.int64(4)`).
fn split_index(
    new_vars: &[VarId],
    factors: &[i64],
    preserve_unit_iters: bool,
    dtype: DataType,
) -> Expr {
    let mut value: Option<Expr> = None;
    for (v, f) in new_vars.iter().zip(factors) {
        let term = if *f == 1 && !preserve_unit_iters {
            Expr::Int(0, dtype)
        } else {
            Expr::Var(*v)
        };
        value = Some(match value {
            None => term,
            Some(acc) => Expr::add(Expr::mul(acc, Expr::Int(*f, dtype)), term),
        });
    }
    value.unwrap_or(Expr::Int(0, dtype))
}

/// The split index of a `T.where` guard as TVM builds it,
/// `(v0 * f1 + v1) * f2 + v2`, with the folds of its operators (`x * 1` is
/// `x`) and every variable kept (the predicate is not simplified, so a unit
/// loop's variable stays in it).
pub(super) fn predicate_index(new_vars: &[VarId], factors: &[Expr]) -> Expr {
    let mut value: Option<Expr> = None;
    for (v, f) in new_vars.iter().zip(factors) {
        value = Some(match value {
            None => Expr::Var(*v),
            Some(acc) if f.as_int() == Some(1) => Expr::add(acc, Expr::Var(*v)),
            Some(acc) => Expr::add(Expr::mul(acc, f.clone()), Expr::Var(*v)),
        });
    }
    value.unwrap_or(Expr::Int(0, DataType::I32))
}

/// Wraps `body` in serial loops over `vars` with `extents`, outermost first.
/// Returns the nest and its fresh loop ids in the same order.
pub(super) fn serial_nest(
    func: &mut PrimFunc,
    vars: &[VarId],
    extents: &[Expr],
    body: Stmt,
    dtype: DataType,
) -> (Stmt, Vec<LoopId>) {
    let ids: Vec<LoopId> = extents.iter().map(|_| func.new_loop_id()).collect();
    let mut stmt = body;
    for k in (0..extents.len()).rev() {
        stmt = Stmt::For(crate::ir::Shared::new(For {
            id: ids[k],
            var: vars[k],
            min: Expr::Int(0, dtype),
            extent: extents[k].clone(),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    (stmt, ids)
}

/// Checks that `loops` form a chain where each is the only child of the previous one.
fn check_chain(func: &PrimFunc, loops: &[LoopId]) -> Result<(), ScheduleError> {
    for w in loops.windows(2) {
        let outer = get_loop(func, w[0])?;
        match &outer.body {
            Stmt::For(inner) if inner.id == w[1] => {}
            _ => {
                let why = if tree::loop_contains_loop(func, w[0], w[1]) {
                    "something else stands between them".to_string()
                } else {
                    "the second is not directly inside the first".to_string()
                };
                return Err(ScheduleError::NotSingleChain {
                    outer: loop_culprit(func, w[0]),
                    inner: loop_culprit(func, w[1]),
                    why,
                });
            }
        }
    }
    Ok(())
}

pub(super) fn check_no_duplicates(func: &PrimFunc, loops: &[LoopId]) -> Result<(), ScheduleError> {
    for (i, l) in loops.iter().enumerate() {
        if loops[..i].contains(l) {
            return Err(ScheduleError::DuplicateLoop(loop_culprit(func, *l)));
        }
    }
    Ok(())
}

/// TVM's `fuse`: a chain of directly nested loops becomes one loop.
pub fn fuse(
    func: &mut PrimFunc,
    loops: &[LoopId],
    preserve_unit_iters: bool,
) -> Result<LoopId, ScheduleError> {
    if loops.is_empty() {
        return Err(ScheduleError::TooFewLoops {
            what: "fuse",
            min: 1,
            got: 0,
        });
    }
    for l in loops {
        get_loop(func, *l)?;
    }
    check_no_duplicates(func, loops)?;
    check_chain(func, loops)?;
    for l in loops {
        check_starts_at_zero(func, *l)?;
        reject_thread_bound(func, *l, "fused")?;
        reject_annotated_split_fuse(func, *l, "fuse")?;
    }
    super::symbolic_loops::check_independent_bounds(func, loops)?;
    let vars: Vec<VarId> = loops
        .iter()
        .map(|l| get_loop(func, *l).map(|f| f.var))
        .collect::<Result<_, _>>()?;
    let symbolic = loops
        .iter()
        .any(|l| get_loop(func, *l).is_ok_and(|f| f.extent.as_int().is_none()));
    if symbolic {
        return super::symbolic_loops::fuse_symbolic(func, loops, &vars, preserve_unit_iters);
    }
    let extents = loops
        .iter()
        .map(|l| const_extent(func, *l))
        .collect::<Result<Vec<i64>, _>>()?;
    let joined = vars
        .iter()
        .map(|v| func.var_name(*v).to_string())
        .collect::<Vec<_>>()
        .join("_");
    let name = limits::bounded_name(&joined, "_fused");
    let total: i64 = extents
        .iter()
        .try_fold(1i64, |a, e| a.checked_mul(*e))
        .ok_or(ScheduleError::InvalidArgument {
            what: "fuse",
            why: "the fused extent overflows".into(),
        })?;
    let dtype = func.var(vars[0]).dtype;
    let fused = func.new_var(name, dtype);
    let innermost = get_loop(func, *loops.last().unwrap_or(&loops[0]))?.clone();
    let mut body = innermost.body;
    // Each original var is recovered from the fused one as TVM writes it (and
    // as its iterator-map normaliser prints a middle split):
    // (fused % (stride * extent)) // stride, the outermost fused // stride.
    let mut stride = 1i64;
    let mut subst: Vec<(VarId, Expr)> = Vec::new();
    for k in (0..loops.len()).rev() {
        let span = stride.saturating_mul(extents[k]);
        let e = if extents[k] == 1 && !preserve_unit_iters {
            Expr::Int(0, dtype)
        } else {
            let low = if k == 0 {
                Expr::Var(fused)
            } else {
                Expr::floormod(Expr::Var(fused), Expr::Int(span, dtype))
            };
            if stride == 1 {
                low
            } else {
                Expr::floordiv(low, Expr::Int(stride, dtype))
            }
        };
        subst.push((vars[k], e));
        stride = span;
    }
    body.substitute_vars(&|v| subst.iter().any(|(x, _)| *x == v), &|v| {
        subst.iter().find(|(x, _)| *x == v).map(|(_, e)| e.clone())
    });
    let mut ranges = loop_ranges(func);
    ranges.insert(fused, Range::from_extent(Expr::Int(total, dtype)));
    simplify_bindings_as(&mut body, &ranges, Predicates::Keep);
    let id = func.new_loop_id();
    let new_loop = Stmt::For(crate::ir::Shared::new(For {
        id,
        var: fused,
        min: Expr::Int(0, dtype),
        extent: Expr::Int(total, dtype),
        kind: ForKind::Serial,
        annotations: Vec::new(),
        body,
    }));
    let slot =
        tree::loop_stmt_mut(&mut func.body, loops[0]).ok_or(ScheduleError::StaleLoop(loops[0]))?;
    *slot = new_loop;
    Ok(id)
}

/// TVM's `reorder`: permutes loops on one chain; loops not listed keep their places.
pub fn reorder(func: &mut PrimFunc, ordered: &[LoopId]) -> Result<(), ScheduleError> {
    for l in ordered {
        get_loop(func, *l)?;
    }
    check_no_duplicates(func, ordered)?;
    if ordered.len() < 2 {
        return Ok(());
    }
    // Find the outermost listed loop: the one that contains all the others.
    let outer = *ordered
        .iter()
        .find(|o| {
            ordered
                .iter()
                .all(|x| x == *o || tree::loop_contains_loop(func, **o, *x))
        })
        .ok_or_else(|| {
            ScheduleError::NotOnOnePath(
                ordered
                    .iter()
                    .map(|l| loop_culprit(func, *l).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        })?;
    // Walk the single-child chain down from the outermost until every listed loop is seen.
    let mut chain: Vec<For> = Vec::new();
    let mut cursor = get_loop(func, outer)?;
    let mut seen = 0;
    loop {
        if ordered.contains(&cursor.id) {
            seen += 1;
        }
        chain.push(For {
            body: Stmt::Seq(Vec::new()),
            ..cursor.clone()
        });
        if seen == ordered.len() {
            break;
        }
        match &cursor.body {
            Stmt::For(next) => cursor = next,
            _ => {
                let missing = ordered
                    .iter()
                    .find(|l| !chain.iter().any(|c| c.id == **l))
                    .copied()
                    .unwrap_or(outer);
                return Err(ScheduleError::NotSingleChain {
                    outer: loop_culprit(func, cursor.id),
                    inner: loop_culprit(func, missing),
                    why: "the loops are not directly nested (a block or several statements stand between them)".into(),
                });
            }
        }
    }
    let innermost_body = cursor.body.clone();
    check_reorder_blocks(func, &innermost_body, &chain, ordered)?;
    // Place the listed loops into the listed positions, in the requested order.
    let positions: Vec<usize> = chain
        .iter()
        .enumerate()
        .filter(|(_, c)| ordered.contains(&c.id))
        .map(|(i, _)| i)
        .collect();
    let originals = chain.clone();
    for (pos, want) in positions.iter().zip(ordered) {
        if let Some(f) = originals.iter().find(|c| c.id == *want) {
            chain[*pos] = f.clone();
        }
    }
    check_loop_bounds_order(func, &chain)?;
    let mut stmt = innermost_body;
    for mut f in chain.into_iter().rev() {
        f.body = stmt;
        stmt = Stmt::For(crate::ir::Shared::new(f));
    }
    let slot = tree::loop_stmt_mut(&mut func.body, outer).ok_or(ScheduleError::StaleLoop(outer))?;
    *slot = stmt;
    Ok(())
}

/// Blocks under reordered loops must not have opaque iterators bound to them,
/// and a reordered loop must not drive both spatial and reduction iterators of
/// one block: moving it would change which iteration first touches an output
/// element, so `T.init` would run at the wrong time.
fn check_reorder_blocks(
    func: &PrimFunc,
    body: &Stmt,
    chain: &[For],
    listed: &[LoopId],
) -> Result<(), ScheduleError> {
    // The loops from the outermost reordered one down (TVM counts those
    // above it as constants).
    let mut inner: Vec<(VarId, i64)> = chain
        .iter()
        .map(|l| (l.var, l.extent.as_int().unwrap_or(i64::MAX)))
        .collect();
    body.visit(&mut |s| {
        if let Stmt::For(l) = s {
            inner.push((l.var, l.extent.as_int().unwrap_or(i64::MAX)));
        }
    });
    for r in tree::blocks_in(body) {
        // TVM refuses a block with a scan iterator under the reordered loops
        // whatever loop drives it (opaque ones: only those the chain drives).
        if let Some(iv) = r
            .block
            .iter_vars
            .iter()
            .find(|iv| iv.kind == crate::ir::IterKind::Scan)
        {
            return Err(ScheduleError::UnsupportedPattern {
                block: crate::schedule::analysis::block_culprit(func, r.block.id),
                why: format!(
                    "its iterator `{}` is a `T.axis.scan`: the block under the loops to be reordered has an iterator type other than data-parallel or reduction (TVM refuses the same)",
                    func.var_name(iv.var)
                ),
            });
        }
        if let Some(value) = super::affine_binding::first_non_surjective(&r.iter_values, &inner) {
            return Err(ScheduleError::UnsupportedPattern {
                block: crate::schedule::analysis::block_culprit(func, r.block.id),
                why: format!(
                    "its binding `{}` is not affine over the reordered loops (a sum of their variables packed like one index, or a split or fuse of one); TVM refuses to reorder over it",
                    crate::script::print_expr(func, value)
                ),
            });
        }
        if let Some(c) =
            super::affine_binding::predicate_breaking_affinity(&r.predicate, &r.iter_values, &inner)
        {
            return Err(ScheduleError::UnsupportedPattern {
                block: crate::schedule::analysis::block_culprit(func, r.block.id),
                why: format!(
                    "it is required to have an affine binding, and its `T.where` condition `{}` bounds several loops as one fused index that its bindings use separately; TVM refuses to reorder over it",
                    crate::script::print_expr(func, c)
                ),
            });
        }
        for l in chain.iter().filter(|l| listed.contains(&l.id)) {
            let drives = |kind: crate::ir::IterKind| {
                r.block
                    .iter_vars
                    .iter()
                    .zip(&r.iter_values)
                    .any(|(iv, v)| iv.kind == kind && v.uses_var(l.var))
            };
            if drives(crate::ir::IterKind::Spatial) && drives(crate::ir::IterKind::Reduce) {
                return Err(ScheduleError::UnsupportedPattern {
                    block: crate::schedule::analysis::block_culprit(func, r.block.id),
                    why: format!(
                        "{} drives both spatial and reduction iterators of this block (it was fused from both kinds); reordering it would change when T.init runs",
                        loop_culprit(func, l.id)
                    ),
                });
            }
        }
        for (iv, value) in r.block.iter_vars.iter().zip(&r.iter_values) {
            if iv.kind.is_opaque_like() {
                if let Some(l) = chain.iter().find(|l| value.uses_var(l.var)) {
                    return Err(ScheduleError::OpaqueUse {
                        loop_: loop_culprit(func, l.id),
                        what: "reordered".into(),
                        block: r.block.name.clone(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// A loop whose bounds use another loop's variable must stay inside that loop.
fn check_loop_bounds_order(func: &PrimFunc, chain: &[For]) -> Result<(), ScheduleError> {
    for (i, l) in chain.iter().enumerate() {
        for inner in &chain[i + 1..] {
            if l.min.uses_var(inner.var) || l.extent.uses_var(inner.var) {
                return Err(ScheduleError::NotSingleChain {
                    outer: loop_culprit(func, l.id),
                    inner: loop_culprit(func, inner.id),
                    why: "the outer loop's bounds depend on the inner loop's variable".into(),
                });
            }
        }
    }
    Ok(())
}

pub use super::merge::merge;

/// TVM refuses to split or fuse an annotated loop: the new loops could not
/// say which of them the annotation (a pragma, a pipeline stage list) meant,
/// and dropping it silently changed the program.
fn reject_annotated_split_fuse(
    func: &PrimFunc,
    id: LoopId,
    primitive: &'static str,
) -> Result<(), ScheduleError> {
    let l = get_loop(func, id)?;
    match l.annotations.first() {
        Some((key, _)) => Err(ScheduleError::LoopPrecondition {
            loop_: loop_culprit(func, id),
            primitive,
            why: format!(
                "carries the annotation `{key}`; TVM refuses to {primitive} an annotated loop"
            ),
            hint: format!("{primitive} before annotating, or unannotate the loop first"),
        }),
        None => Ok(()),
    }
}

/// What `add_unit_loop` wraps.
#[derive(Clone, Copy, Debug)]
pub enum BlockOrLoop {
    Block(BlockId),
    Loop(LoopId),
}

/// TVM's `add_unit_loop`: wraps a block or loop in a new loop of extent 1.
pub fn add_unit_loop(func: &mut PrimFunc, target: BlockOrLoop) -> Result<LoopId, ScheduleError> {
    let var = func.new_var("u", DataType::I32);
    let id = func.new_loop_id();
    let slot = match target {
        BlockOrLoop::Block(b) => {
            if func.root_block().is_some_and(|r| r.id == b) {
                return Err(ScheduleError::InvalidArgument {
                    what: "add_unit_loop",
                    why: "the root block cannot be wrapped in a loop".into(),
                });
            }
            get_block(func, b)?;
            check_block_nest_growth(func, b)?;
            tree::block_stmt_mut(&mut func.body, b).ok_or(ScheduleError::StaleBlock(b))?
        }
        BlockOrLoop::Loop(l) => {
            limits::check_nest_growth(func, l, 2, "add_unit_loop")?;
            tree::loop_stmt_mut(&mut func.body, l).ok_or(ScheduleError::StaleLoop(l))?
        }
    };
    let inner = std::mem::replace(slot, Stmt::Seq(Vec::new()));
    *slot = Stmt::For(crate::ir::Shared::new(For {
        id,
        var,
        min: Expr::int(0),
        extent: Expr::int(1),
        kind: ForKind::Serial,
        annotations: Vec::new(),
        body: inner,
    }));
    Ok(id)
}

/// Fails when one more loop around block `b` would nest loops too deeply.
fn check_block_nest_growth(func: &PrimFunc, b: BlockId) -> Result<(), ScheduleError> {
    let above = tree::ancestors_of_block(func, b)
        .unwrap_or_default()
        .iter()
        .filter(|a| matches!(a, tree::Ancestor::Loop(_)))
        .count();
    let below = get_block(func, b).map(|r| limits::max_loop_nest(&r.block.body))?;
    let depth = above + 1 + below;
    if depth > limits::MAX_LOOP_NEST {
        return Err(ScheduleError::LimitExceeded {
            what: "add_unit_loop",
            why: format!(
                "the loops around and inside {} would nest {depth} deep; tirtui allows at most {}",
                crate::schedule::analysis::block_culprit(func, b),
                limits::MAX_LOOP_NEST
            ),
        });
    }
    Ok(())
}
