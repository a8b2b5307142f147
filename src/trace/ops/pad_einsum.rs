//! pad_einsum: an einsum block's iterators padded to multiples, through
//! zero-padded copies of its buffers.

use super::{f, op, Applied, S};
use crate::schedule::primitive::pad_einsum;
use crate::trace::replay::{arg_err, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "pad_einsum",
        vec![f("block", Name).block_by_name(), f("padding", Ints)],
        Returns::Nothing,
        apply,
    )
    .with_probe_args(|_| vec![("padding", Arg::List(vec![Arg::Int(32), Arg::Int(32)]))])]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let padding: Vec<i64> = match step.arg("padding") {
        Some(Arg::List(v)) => v
            .iter()
            .map(|a| match a {
                Arg::Int(i) => Ok(*i),
                _ => Err(arg_err("padding", "expected integers")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(arg_err("padding", "expected a list of integers")),
    };
    r.schedule
        .transact(|func| pad_einsum::pad_einsum(func, b, &padding))
        .map_err(S)?;
    Ok(vec![])
}
