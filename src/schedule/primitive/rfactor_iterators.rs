//! rfactor's rf block iterators, in TVM's order (RFactorBlockCreator in
//! src/s_tir/schedule/primitive/reduction.cc), so that a TVM trace's later
//! steps on the rf block see the iterators TVM made.

use crate::ir::{BlockRealize, Expr, IterKind, IterVar, LoopId, PrimFunc, Range, VarId};
use crate::schedule::analysis::loop_culprit;
use crate::schedule::error::ScheduleError;

/// The rf block's iterators and bindings, and the map from the original
/// block's iterators to expressions over them.
pub(crate) struct RfIterators {
    pub iters: Vec<IterVar>,
    pub values: Vec<Expr>,
    pub map: Vec<(VarId, Expr)>,
    /// The spatial iterator of the factored loop (it indexes the partial sums).
    pub rf_iter: VarId,
}

/// rf block iterators in TVM's order (RFactorBlockCreator): first a spatial
/// iterator for the factored loop (`rf_loop_var`); then, in the block's
/// order, each spatial iterator and each reduction iterator whose binding
/// does not use the factored loop as they were (a fresh variable of the same
/// name, the same binding), and for a reduction iterator that uses it one new
/// reduction iterator per loop of its binding not yet given one. Each
/// original iterator maps to its binding over the new iterators.
pub(crate) fn rf_iterators(
    func: &mut PrimFunc,
    realize: &BlockRealize,
    driving: &[(VarId, i64)],
    rf_loop_var: VarId,
    loop_id: LoopId,
) -> Result<RfIterators, ScheduleError> {
    let Some(&(_, rf_extent)) = driving.iter().find(|(v, _)| *v == rf_loop_var) else {
        return Err(ScheduleError::InvalidArgument {
            what: "rfactor",
            why: format!(
                "{} does not drive the reduction",
                loop_culprit(func, loop_id)
            ),
        });
    };
    let loop_iter = |func: &mut PrimFunc, lv: VarId, ext: i64, kind: IterKind| {
        let dtype = func.var(lv).dtype;
        let nv = func.new_var(format!("v{}", func.var_name(lv)), dtype);
        let iter = IterVar {
            var: nv,
            dom: Range::from_extent(Expr::Int(ext, dtype)),
            kind,
        };
        (nv, iter)
    };
    let (rf_iter, first) = loop_iter(func, rf_loop_var, rf_extent, IterKind::Spatial);
    let mut rf_iters = vec![first];
    let mut rf_values = vec![Expr::Var(rf_loop_var)];
    let mut loop_to_iter: Vec<(VarId, VarId)> = vec![(rf_loop_var, rf_iter)];
    let mut map: Vec<(VarId, Expr)> = Vec::new();
    for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
        if iv.kind != IterKind::Reduce || !value.uses_var(rf_loop_var) {
            let nv = func.new_var(func.var_name(iv.var).to_string(), func.var(iv.var).dtype);
            map.push((iv.var, Expr::Var(nv)));
            rf_iters.push(IterVar {
                var: nv,
                ..iv.clone()
            });
            rf_values.push(value.clone());
            continue;
        }
        let mut used: Vec<VarId> = Vec::new();
        value.visit(&mut |e| {
            if let Expr::Var(v) = e {
                if !used.contains(v) {
                    used.push(*v);
                }
            }
        });
        for lv in used {
            let Some(&(_, ext)) = driving.iter().find(|(v, _)| *v == lv) else {
                continue;
            };
            if loop_to_iter.iter().any(|(a, _)| *a == lv) {
                continue;
            }
            let (nv, iter) = loop_iter(func, lv, ext, IterKind::Reduce);
            rf_iters.push(iter);
            rf_values.push(Expr::Var(lv));
            loop_to_iter.push((lv, nv));
        }
        let mut e = value.clone();
        e.substitute(&|v| {
            loop_to_iter
                .iter()
                .find(|(a, _)| *a == v)
                .map(|(_, b)| Expr::Var(*b))
        });
        map.push((iv.var, crate::arith::simplify(&e)));
    }
    Ok(RfIterators {
        iters: rf_iters,
        values: rf_values,
        map,
        rf_iter,
    })
}
