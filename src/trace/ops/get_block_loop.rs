//! Getters: blocks and loops by name, children, producers and consumers.

use super::{blocks_out, f, loops_out, op, Applied, S};
use crate::schedule::primitive::get_block_loop;
use crate::trace::replay::{Handle, Replayer};
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op("get_block", vec![f("name", Str)], One, get_block).with_python_call("get_block"),
        op(
            "get_loops",
            vec![f("block", Name).block_by_name()],
            Many,
            get_loops,
        ),
        op(
            "get_child_blocks",
            vec![f("block_or_loop", Name).block_by_name()],
            Many,
            get_child_blocks,
        ),
        op(
            "get_producers",
            vec![f("block", Name).block_by_name()],
            Many,
            get_producers,
        ),
        op(
            "get_consumers",
            vec![f("block", Name).block_by_name()],
            Many,
            get_consumers,
        ),
    ]
}

fn get_block(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let name = r.string(step, "name")?;
    let b = get_block_loop::get_block_by_name(r.func(), name).map_err(S)?;
    Ok(vec![Handle::Block(b)])
}

fn get_loops(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    Ok(loops_out(
        get_block_loop::get_loops(r.func(), b).map_err(S)?,
    ))
}

fn get_child_blocks(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    Ok(blocks_out(
        get_block_loop::get_child_blocks(r.func(), t).map_err(S)?,
    ))
}

fn get_producers(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    Ok(blocks_out(
        get_block_loop::get_producers(r.func(), b).map_err(S)?,
    ))
}

fn get_consumers(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    Ok(blocks_out(
        get_block_loop::get_consumers(r.func(), b).map_err(S)?,
    ))
}
