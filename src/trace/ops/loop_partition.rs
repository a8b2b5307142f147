//! loop_partition: a loop split into consecutive parts of its range.

use super::{d, f, loops_out, op, Applied, S};
use crate::schedule::primitive::loop_partition;
use crate::trace::replay::Replayer;
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "loop_partition",
        vec![
            f("loop", Name),
            f("factors", Factors),
            d("preserve_unit_iters", Bool, Arg::Bool(true)),
        ],
        Returns::Many,
        apply,
    )
    .with_probe_args(probe)]
}

/// A palette probe cuts the first iteration off (a peeled prologue).
fn probe(_extent: Option<i64>) -> Vec<(&'static str, Arg)> {
    vec![("factors", Arg::List(vec![Arg::Int(1), Arg::Null]))]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let factors = r.factors(step)?;
    let p = r.boolean(step, "preserve_unit_iters")?;
    let loops = r
        .schedule
        .transact(|f| loop_partition::loop_partition(f, l, &factors, p))
        .map_err(S)?;
    Ok(loops_out(loops))
}
