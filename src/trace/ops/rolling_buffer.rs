//! rolling_buffer: a tiled producer's buffer shrunk to one tile's window
//! along its rolling axis, indexed circularly.

use super::{f, op, Applied, S};
use crate::schedule::primitive::rolling_buffer;
use crate::trace::replay::Replayer;
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "rolling_buffer",
        vec![
            f("block", Name).block_by_name(),
            f("write_buffer_index", Int),
        ],
        Returns::Nothing,
        apply,
    )]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let index = r.int(step, "write_buffer_index")?;
    r.schedule
        .transact(|func| rolling_buffer::rolling_buffer(func, b, index))
        .map_err(S)?;
    Ok(vec![])
}
