//! get_output_blocks: the blocks of a scope that write buffers it does not allocate.

use super::{blocks_out, f, op, Applied, S};
use crate::schedule::primitive::get_output_blocks;
use crate::trace::replay::Replayer;
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    vec![op(
        "get_output_blocks",
        vec![f("block", FieldKind::Name).block_by_name()],
        Returns::Many,
        apply,
    )]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let scope = r.block(step, "block")?;
    Ok(blocks_out(
        get_output_blocks::get_output_blocks(r.func(), scope).map_err(S)?,
    ))
}
