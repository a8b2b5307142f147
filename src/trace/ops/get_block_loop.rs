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
    let name = r.string(step, "name")?.to_string();
    let b = match get_block_loop::get_block_by_name(r.func(), &name) {
        Ok(b) => b,
        // TVM writes a cache's scope into its block name with dots
        // (`A_reindex_shared.dyn_wmma.matrix_a_o`), tirtui with underscores
        // (names stay identifiers): a MetaSchedule trace names it so.
        Err(e) if name.contains('.') => {
            get_block_loop::get_block_by_name(r.func(), &name.replace('.', "_"))
                .map_err(|_| S(e))?
        }
        Err(e) => return Err(S(e)),
    };
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
