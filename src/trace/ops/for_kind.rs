//! Loop kinds and thread binding: parallel, vectorize, unroll, bind.

use super::{f, op, Applied, S};
use crate::ir::ThreadAxis;
use crate::schedule::primitive::for_kind;
use crate::schedule::ScheduleError;
use crate::trace::replay::Replayer;
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op("parallel", vec![f("loop", Name)], Nothing, parallel),
        op("vectorize", vec![f("loop", Name)], Nothing, vectorize),
        op("unroll", vec![f("loop", Name)], Nothing, unroll),
        op(
            "bind",
            vec![f("loop", Name), f("thread_axis", Str)],
            Nothing,
            bind,
        )
        .with_probe_args(|_| vec![("thread_axis", Arg::Str("threadIdx.x".into()))]),
    ]
}

fn parallel(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    r.schedule
        .transact(|f| for_kind::parallel(f, l))
        .map_err(S)?;
    Ok(vec![])
}

fn vectorize(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    r.schedule
        .transact(|f| for_kind::vectorize(f, l))
        .map_err(S)?;
    Ok(vec![])
}

fn unroll(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    r.schedule.transact(|f| for_kind::unroll(f, l)).map_err(S)?;
    Ok(vec![])
}

fn bind(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let tag = r.string(step, "thread_axis")?;
    let axis = ThreadAxis::from_tag(tag)
        .ok_or_else(|| S(ScheduleError::UnknownThreadAxis(tag.to_string())))?;
    r.schedule
        .transact(|f| for_kind::bind(f, l, axis))
        .map_err(S)?;
    Ok(vec![])
}
