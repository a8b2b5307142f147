//! Sampling: sample_perfect_tile, sample_categorical (their decisions are
//! recorded into the step).

use super::{d, f, op, Applied, S};
use crate::schedule::primitive::sampling;
use crate::trace::replay::{arg_err, Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op(
            "sample_perfect_tile",
            vec![
                f("loop", Name),
                f("n", Int),
                d("max_innermost_factor", Int, Arg::Int(16)),
                d("decision", OptInts, Arg::Null),
            ],
            Many,
            sample_perfect_tile,
        )
        .with_probe_args(|_| vec![("n", Arg::Int(2))])
        .with_out_count(|step| match step.arg("n") {
            Some(Arg::Int(n)) if *n > 0 => Some(*n as usize),
            _ => None,
        })
        .sampling(),
        op(
            "sample_categorical",
            vec![
                f("candidates", Ints),
                f("probs", Floats),
                d("decision", OptInt, Arg::Null),
            ],
            One,
            sample_categorical,
        )
        .sampling(),
    ]
}

fn sample_perfect_tile(r: &mut Replayer, index: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let n = r.int(step, "n")?;
    let max_inner = r.int(step, "max_innermost_factor")?;
    let decision = match step.arg("decision") {
        Some(Arg::List(v)) => Some(
            v.iter()
                .map(|a| match a {
                    Arg::Int(i) => Ok(*i),
                    _ => Err(arg_err("decision", "expected integers")),
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
        // A decision of another type is an error, never a reason to resample.
        None | Some(Arg::Null) => None,
        Some(_) => {
            return Err(arg_err(
                "decision",
                "expected a list of integers (or null to sample)",
            ))
        }
    };
    let mut rng = sampling::Rng(0x7170_7475_6900 ^ index as u64);
    let factors =
        sampling::sample_perfect_tile(r.func(), l, n, max_inner, decision.as_deref(), &mut rng)
            .map_err(S)?;
    step.set_arg(
        "decision",
        Arg::List(factors.iter().map(|f| Arg::Int(*f)).collect()),
    );
    Ok(factors.into_iter().map(Handle::Int).collect())
}

fn sample_categorical(_: &mut Replayer, index: usize, step: &mut Step) -> Applied {
    let candidates: Vec<i64> = match step.arg("candidates") {
        Some(Arg::List(v)) => v
            .iter()
            .map(|a| match a {
                Arg::Int(i) => Ok(*i),
                _ => Err(arg_err("candidates", "expected integers")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(arg_err("candidates", "expected a list of integers")),
    };
    let probs: Vec<f64> = match step.arg("probs") {
        Some(Arg::List(v)) => v
            .iter()
            .map(|a| match a {
                Arg::Float(f) => Ok(*f),
                Arg::Int(i) => Ok(*i as f64),
                _ => Err(arg_err("probs", "expected numbers")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(arg_err("probs", "expected a list of numbers")),
    };
    let decision = match step.arg("decision") {
        Some(Arg::Int(i)) => Some(*i),
        None | Some(Arg::Null) => None,
        Some(_) => {
            return Err(arg_err(
                "decision",
                "expected an integer index (or null to sample)",
            ))
        }
    };
    let mut rng = sampling::Rng(0x6361_7465_6700 ^ index as u64);
    let (d, value) =
        sampling::sample_categorical(&candidates, &probs, decision, &mut rng).map_err(S)?;
    step.set_arg("decision", Arg::Int(d));
    Ok(vec![Handle::Int(value)])
}
