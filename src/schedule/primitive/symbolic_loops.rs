//! `split` and `fuse` of loops whose extents are expressions rather than
//! integers: shape variables (`n`, `n * T.int64(32)`) and bounds that use an
//! outer loop (`T.min(31, 126 - i * 32) + 1`), as TVM 0.27 does them.
//!
//! The constant case stays in `loop_transformation` (its output is pinned by
//! every shipped session); this module takes over only when an extent is not
//! an integer, so it never changes a constant program.
//!
//! TVM: src/s_tir/schedule/primitive/loop_transformation.cc (Split, Fuse) and
//! concrete_schedule.cc (the inferred factor `(extent + known - 1) // known`,
//! and the refusal when the given factors cannot be proven to cover the
//! extent).

use crate::arith::simplify_in;
use crate::ir::{DataType, Expr, For, ForKind, LoopId, PrimFunc, Range, Shared, Stmt, VarId};
use crate::schedule::analysis::{get_loop, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::{limits, tree};

use super::loop_transformation::{
    append_predicate, loop_ranges, predicate_index, serial_nest, simplify_bindings_as, Predicates,
};

/// Splits a loop whose extent is an expression. The caller has checked the
/// loop (starts at 0, not thread-bound, not annotated) and the factors' count
/// and signs. At most one factor is `None`; it becomes
/// `(extent + known - 1) // known`. With every factor given, TVM refuses
/// unless it can prove that their product covers the extent; a symbolic
/// extent has no upper bound it knows, so that is refused here too.
pub(super) fn split_symbolic(
    func: &mut PrimFunc,
    loop_id: LoopId,
    factors: &[Option<i64>],
    preserve_unit_iters: bool,
    disable_predication: bool,
) -> Result<Vec<LoopId>, ScheduleError> {
    let old = get_loop(func, loop_id)?.clone();
    let dtype = loop_dtype(func, old.var, &old.extent);
    let ranges = loop_ranges(func);
    let simp = |func: &PrimFunc, e: Expr| simplify_in(Some(func), &e, &ranges);
    let known: i64 = factors
        .iter()
        .flatten()
        .try_fold(1i64, |acc, f| acc.checked_mul(*f))
        .ok_or(ScheduleError::InvalidArgument {
            what: "split",
            why: "the factors' product overflows".into(),
        })?;
    if factors.iter().all(Option::is_some) {
        return Err(ScheduleError::LoopPrecondition {
            loop_: loop_culprit(func, loop_id),
            primitive: "split",
            why: format!(
                "has the symbolic extent `{}`: the factors' product {known} cannot be proven to cover it (TVM refuses it the same way)",
                crate::script::print_expr(func, &old.extent)
            ),
            hint: "give one factor as None (null) so that it is inferred from the extent".into(),
        });
    }
    let inferred = simp(
        func,
        Expr::floordiv(
            Expr::add(old.extent.clone(), Expr::Int(known - 1, dtype)),
            Expr::Int(known, dtype),
        ),
    );
    let factor_exprs: Vec<Expr> = factors
        .iter()
        .map(|f| match f {
            Some(f) => Expr::Int(*f, dtype),
            None => inferred.clone(),
        })
        .collect();
    let product = factor_exprs
        .iter()
        .cloned()
        .reduce(Expr::mul)
        .unwrap_or(Expr::Int(1, dtype));
    let exact = simp(func, Expr::sub(product, old.extent.clone())).as_int() == Some(0);
    if disable_predication && !exact {
        return Err(ScheduleError::LoopPrecondition {
            loop_: loop_culprit(func, loop_id),
            primitive: "split",
            why: format!(
                "with disable_predication the factors' product must equal the extent `{}`, which cannot be proven here: without the guard the iterations past it would run out of range",
                crate::script::print_expr(func, &old.extent)
            ),
            hint: "drop disable_predication (a T.where guard keeps the extra iterations out)".into(),
        });
    }

    let base = func.var_name(old.var).to_string();
    let new_vars: Vec<VarId> = (0..factor_exprs.len())
        .map(|k| func.new_var(limits::bounded_name(&base, &format!("_{k}")), dtype))
        .collect();
    let value = symbolic_split_index(&new_vars, &factor_exprs, preserve_unit_iters, dtype);
    let mut body = old.body;
    let old_var = old.var;
    body.substitute_vars(&|v| v == old_var, &|v| {
        (v == old_var).then(|| value.clone())
    });
    if !exact {
        append_predicate(
            &mut body,
            &Expr::lt(
                predicate_index(&new_vars, &factor_exprs),
                old.extent.clone(),
            ),
        );
    }
    let mut ranges = loop_ranges(func);
    for (v, f) in new_vars.iter().zip(&factor_exprs) {
        ranges.insert(*v, Range::from_extent(f.clone()));
    }
    simplify_bindings_as(&mut body, &ranges, Predicates::Keep);
    let (stmt, ids) = serial_nest(func, &new_vars, &factor_exprs, body, dtype);
    let slot =
        tree::loop_stmt_mut(&mut func.body, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    *slot = stmt;
    Ok(ids)
}

/// The type of a loop's variables: int64 when its extent is (`n *
/// T.int64(32)` over an int64 shape variable), whatever the parsed variable
/// says, so the new loops print as TVM's (`T.int64(32)`).
fn loop_dtype(func: &PrimFunc, var: VarId, extent: &Expr) -> DataType {
    match crate::arith::TypeCtx::new(Some(func)).index_dtype(extent) {
        DataType::I64 => DataType::I64,
        _ => func.var(var).dtype,
    }
}

/// `((v0 * f1 + v1) * f2 + v2) ...` with expression factors; a factor of 1
/// contributes 0 unless `preserve_unit_iters` keeps its variable.
fn symbolic_split_index(
    new_vars: &[VarId],
    factors: &[Expr],
    preserve_unit_iters: bool,
    dtype: DataType,
) -> Expr {
    let mut value: Option<Expr> = None;
    for (v, f) in new_vars.iter().zip(factors) {
        let term = if f.as_int() == Some(1) && !preserve_unit_iters {
            Expr::Int(0, dtype)
        } else {
            Expr::Var(*v)
        };
        value = Some(match value {
            None => term,
            Some(acc) => Expr::add(Expr::mul(acc, f.clone()), term),
        });
    }
    value.unwrap_or(Expr::Int(0, dtype))
}

/// The substitution and extent of a fuse of loops with the given variables and
/// (some symbolic) extents, in TVM's form: the innermost variables are
/// `fused % (lower * extent) // lower`, the outermost `fused // lower`.
fn symbolic_fuse_values(
    func: &PrimFunc,
    vars: &[VarId],
    extents: &[Expr],
    fused: VarId,
    preserve_unit_iters: bool,
) -> (Vec<(VarId, Expr)>, Expr) {
    let dtype = func.var(fused).dtype;
    let ranges = loop_ranges(func);
    let simp = |e: Expr| simplify_in(Some(func), &e, &ranges);
    let mut lower = Expr::Int(1, dtype);
    let mut subst = Vec::new();
    for k in (0..vars.len()).rev() {
        let unit = extents[k].as_int() == Some(1) && !preserve_unit_iters;
        // The innermost part has no `// 1`: predicates are kept as built
        // (not simplified), so it would show there.
        let over_lower = |e: Expr| match lower.as_int() {
            Some(1) => e,
            _ => Expr::floordiv(e, lower.clone()),
        };
        let value = if unit {
            Expr::Int(0, dtype)
        } else if k == 0 {
            over_lower(Expr::Var(fused))
        } else {
            let span = simp(Expr::mul(lower.clone(), extents[k].clone()));
            over_lower(Expr::floormod(Expr::Var(fused), span))
        };
        subst.push((vars[k], value));
        lower = simp(Expr::mul(lower, extents[k].clone()));
    }
    // TVM multiplies the fused extent outermost first (the order shows in
    // a product of two symbolic extents).
    let total = extents.iter().fold(Expr::Int(1, dtype), |acc, e| {
        simp(Expr::mul(acc, e.clone()))
    });
    (subst, total)
}

/// TVM refuses to fuse a loop whose bounds use the variable of another loop
/// being fused (the fused extent would not be a product).
pub(super) fn check_independent_bounds(
    func: &PrimFunc,
    loops: &[LoopId],
) -> Result<(), ScheduleError> {
    for (i, outer) in loops.iter().enumerate() {
        let outer_var = get_loop(func, *outer)?.var;
        for inner in &loops[i + 1..] {
            let l = get_loop(func, *inner)?;
            if l.min.uses_var(outer_var) || l.extent.uses_var(outer_var) {
                return Err(ScheduleError::LoopPrecondition {
                    loop_: loop_culprit(func, *inner),
                    primitive: "fuse",
                    why: format!(
                        "has the extent `{}`, which depends on {}, another loop being fused; TVM refuses to fuse dependent loops",
                        crate::script::print_expr(func, &l.extent),
                        loop_culprit(func, *outer)
                    ),
                    hint: "fuse only loops whose bounds do not use each other's variables".into(),
                });
            }
        }
    }
    Ok(())
}

/// `fuse` of loops some of whose extents are expressions: TVM's
/// substitution (`symbolic_loops::symbolic_fuse_values`), then the bindings
/// simplified as for constant extents.
pub(super) fn fuse_symbolic(
    func: &mut PrimFunc,
    loops: &[LoopId],
    vars: &[VarId],
    preserve_unit_iters: bool,
) -> Result<LoopId, ScheduleError> {
    let extents: Vec<Expr> = loops
        .iter()
        .map(|l| get_loop(func, *l).map(|f| f.extent.clone()))
        .collect::<Result<_, _>>()?;
    let joined = vars
        .iter()
        .map(|v| func.var_name(*v).to_string())
        .collect::<Vec<_>>()
        .join("_");
    let name = limits::bounded_name(&joined, "_fused");
    let dtype = vars
        .iter()
        .zip(&extents)
        .map(|(v, e)| loop_dtype(func, *v, e))
        .max_by_key(|t| t.bytes())
        .unwrap_or(DataType::I32);
    let fused = func.new_var(name, dtype);
    let (subst, total) = symbolic_fuse_values(func, vars, &extents, fused, preserve_unit_iters);
    let innermost = get_loop(func, *loops.last().unwrap_or(&loops[0]))?.clone();
    let mut body = innermost.body;
    body.substitute_vars(&|v| subst.iter().any(|(x, _)| *x == v), &|v| {
        subst.iter().find(|(x, _)| *x == v).map(|(_, e)| e.clone())
    });
    let mut ranges = loop_ranges(func);
    ranges.insert(fused, Range::from_extent(total.clone()));
    simplify_bindings_as(&mut body, &ranges, Predicates::Keep);
    let id = func.new_loop_id();
    let new_loop = Stmt::For(Shared::new(For {
        id,
        var: fused,
        min: Expr::Int(0, dtype),
        extent: total,
        kind: ForKind::Serial,
        annotations: Vec::new(),
        body,
    }));
    let slot =
        tree::loop_stmt_mut(&mut func.body, loops[0]).ok_or(ScheduleError::StaleLoop(loops[0]))?;
    *slot = new_loop;
    Ok(id)
}
