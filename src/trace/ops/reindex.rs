//! reindex: a block's view of one buffer, copied into a buffer laid out by
//! the block's iterators.

use super::{f, op, Applied, S};
use crate::schedule::primitive::layout_transformation::BufferRef;
use crate::schedule::primitive::reindex;
use crate::trace::replay::{arg_err, Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "reindex",
        vec![f("block", Name).block_by_name(), f("buffer", BufferRef)],
        Returns::One,
        apply,
    )
    .with_probe_args(|_| {
        vec![(
            "buffer",
            Arg::List(vec![Arg::Str("write".into()), Arg::Int(0)]),
        )]
    })]
}

/// The `buffer` field: `["read", N]`, `["write", N]` or a buffer name.
fn buffer_ref(step: &Step) -> Result<BufferRef, crate::trace::replay::StepFailure> {
    let expected = "expected [\"read\", N], [\"write\", N] or a buffer name";
    match step.arg("buffer") {
        Some(Arg::Str(name)) => Ok(BufferRef::Name(name.clone())),
        Some(Arg::List(v)) => match v.as_slice() {
            [Arg::Str(k), Arg::Int(i)] if k == "read" => Ok(BufferRef::Read(*i)),
            [Arg::Str(k), Arg::Int(i)] if k == "write" => Ok(BufferRef::Write(*i)),
            _ => Err(arg_err("buffer", expected)),
        },
        _ => Err(arg_err("buffer", expected)),
    }
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let buffer = buffer_ref(step)?;
    let stage = r
        .schedule
        .transact(|func| reindex::reindex(func, b, &buffer))
        .map_err(S)?;
    Ok(vec![Handle::Block(stage)])
}
