//! The sparse stages (SparseTIR, docs/sparse.md): the stage-I primitive
//! `sparse_reorder`, then `lower_sparse_iter` and `lower_sparse_buffer`, on a
//! workload held unlowered (`sparse::stage`). Until `lower_sparse_buffer`
//! only these steps apply; `refuse_dense_on_held` says so for the others.

use super::{d, f, op, Applied};
use crate::ir::PrimFunc;
use crate::sparse::csr::RowLengths;
use crate::sparse::stage::{self, StageError};
use crate::trace::replay::{arg_err, Replayer, StepFailure};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![
        op(
            "sparse_reorder",
            vec![f("sp_iteration", Str), f("new_order", Any)],
            Returns::Nothing,
            apply_sparse_reorder,
        ),
        op(
            "sparse_format_decompose",
            vec![
                f("sp_iteration", Str),
                d("rule", Str, Arg::Str("hyb".into())),
                f("widths", Ints),
                d("dist", Str, Arg::Str("uniform".into())),
                d(
                    "alpha",
                    Any,
                    Arg::Float(crate::sparse::options::DEFAULT_ALPHA),
                ),
                d(
                    "seed",
                    Int,
                    Arg::Int(crate::sparse::format::DEFAULT_PATTERN_SEED as i64),
                ),
            ],
            Returns::Nothing,
            apply_sparse_format_decompose,
        ),
        op(
            "lower_sparse_iter",
            vec![],
            Returns::Nothing,
            apply_lower_sparse_iter,
        ),
        op(
            "lower_sparse_buffer",
            vec![],
            Returns::Nothing,
            apply_lower_sparse_buffer,
        ),
    ]
}

fn stage_failure(e: StageError) -> StepFailure {
    StepFailure::Stage(e.to_string())
}

/// Replaces the program with a stage's result (one transaction: undo restores it).
fn replace(
    r: &mut Replayer,
    stage: impl FnOnce(&PrimFunc) -> Result<PrimFunc, StageError>,
) -> Applied {
    let next = stage(r.func()).map_err(stage_failure)?;
    r.schedule
        .transact(|func| {
            *func = next;
            Ok(())
        })
        .map_err(StepFailure::Schedule)?;
    Ok(vec![])
}

fn apply_lower_sparse_iter(r: &mut Replayer, _: usize, _: &mut Step) -> Applied {
    replace(r, stage::apply_lower_sparse_iter)
}

fn apply_lower_sparse_buffer(r: &mut Replayer, _: usize, _: &mut Step) -> Applied {
    replace(r, stage::apply_lower_sparse_buffer)
}

fn apply_sparse_reorder(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let iteration = r.string(step, "sp_iteration")?.to_string();
    let order = match step.arg("new_order") {
        Some(Arg::List(items)) => items
            .iter()
            .map(|a| match a {
                Arg::Str(s) => Ok(s.clone()),
                _ => Err(arg_err(
                    "new_order",
                    "expected the iteration's variable names, e.g. [vi, vj, vk]",
                )),
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => {
            return Err(arg_err(
                "new_order",
                "expected a list of the iteration's variable names, e.g. [vi, vj, vk]",
            ))
        }
    };
    replace(r, |func| {
        stage::apply_sparse_reorder(func, &iteration, &order)
    })
}

/// `{op: sparse_format_decompose, sp_iteration: spmm, widths: [1, 2, 4], dist: power-law, seed: 7}`.
fn apply_sparse_format_decompose(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let iteration = r.string(step, "sp_iteration")?.to_string();
    let rule = r.string(step, "rule")?;
    if rule != "hyb" {
        return Err(arg_err(
            "rule",
            format!("`{rule}`: the format rewrite rule this version has is `hyb` (ELL widths + a CSR remainder); BSR is not there yet"),
        ));
    }
    let widths = match step.arg("widths") {
        Some(Arg::List(items)) => items
            .iter()
            .map(|a| match a {
                Arg::Int(w) => Ok(*w),
                _ => Err(arg_err(
                    "widths",
                    "expected integers, e.g. [1, 2, 4, 8, 16, 32]",
                )),
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => {
            return Err(arg_err(
                "widths",
                "expected a list of ELL widths, e.g. [1, 2, 4, 8, 16, 32]",
            ))
        }
    };
    let alpha = match step.arg("alpha") {
        Some(Arg::Float(a)) if a.is_finite() && *a > 0.0 => *a,
        Some(Arg::Int(a)) if *a > 0 => *a as f64,
        _ => return Err(arg_err("alpha", "a power-law exponent is a number above 0")),
    };
    let lengths = match r.string(step, "dist")? {
        "uniform" => RowLengths::Uniform,
        "power-law" => RowLengths::PowerLaw { alpha },
        other => {
            return Err(arg_err(
                "dist",
                format!("`{other}`: the distributions are `uniform` and `power-law`"),
            ))
        }
    };
    let seed = r.int(step, "seed")? as u64;
    replace(r, |func| {
        stage::apply_sparse_format_decompose(func, &iteration, &widths, lengths, seed)
    })
}

/// A TIR primitive on a held (still SparseTIR) program is refused, naming the
/// level and the steps that come first.
pub(in crate::trace) fn refuse_dense_on_held(func: &PrimFunc, op: &str) -> Result<(), StepFailure> {
    if stage::is_stage_op(op) {
        return Ok(());
    }
    match stage::held_level(func) {
        Some(level) => Err(stage_failure(StageError::StillSparse {
            op: op.to_string(),
            level,
        })),
        None => Ok(()),
    }
}
