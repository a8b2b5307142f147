//! cache_inplace: read and write-back stages around a block that updates a
//! buffer in place.

use super::buffer_arg::buffer_index;
use super::{blocks_out, f, op, Applied, S};
use crate::schedule::primitive::buffer_arg::BufferSide;
use crate::schedule::primitive::cache_inplace;
use crate::trace::replay::Replayer;
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "cache_inplace",
        vec![
            f("block", Name).block_by_name(),
            f("read_buffer_index", BufferIndex),
            f("storage_scope", Str),
        ],
        Returns::Many,
        apply,
    )
    .with_probe_args(|_| {
        vec![
            ("read_buffer_index", Arg::Int(0)),
            ("storage_scope", Arg::Str("local".into())),
        ]
    })
    // The read stage and the write-back stage.
    .with_out_count(|_| Some(2))]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let idx = buffer_index(r, step, "read_buffer_index", b, BufferSide::Read)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let stages = r
        .schedule
        .transact(|f| cache_inplace::cache_inplace(f, b, idx, &scope))
        .map_err(S)?;
    Ok(blocks_out(stages))
}
