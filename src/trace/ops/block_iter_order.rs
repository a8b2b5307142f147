//! reorder_block_iter_var: the order of a block's iterators.

use super::{f, op, Applied, S};
use crate::schedule::primitive::block_iter_order;
use crate::trace::replay::{arg_err, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "reorder_block_iter_var",
        vec![f("block", Name).block_by_name(), f("new_order", Ints)],
        Returns::Nothing,
        apply,
    )
    .with_probe_args(|_| vec![("new_order", Arg::List(vec![Arg::Int(1), Arg::Int(0)]))])]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let order: Vec<i64> = match step.arg("new_order") {
        Some(Arg::List(v)) => v
            .iter()
            .map(|a| match a {
                Arg::Int(i) => Ok(*i),
                _ => Err(arg_err("new_order", "expected integers")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(arg_err("new_order", "expected a list of integers")),
    };
    r.schedule
        .transact(|func| block_iter_order::reorder_block_iter_var(func, b, &order))
        .map_err(S)?;
    Ok(vec![])
}
