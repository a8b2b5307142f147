//! read_at, write_at: a cache filled or written back at one loop.

use super::buffer_arg::buffer_index;
use super::{f, op, Applied, S};
use crate::schedule::primitive::buffer_arg::BufferSide;
use crate::schedule::primitive::read_write_at;
use crate::trace::replay::{Handle, Replayer};
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![
        op(
            "read_at",
            vec![
                f("loop", Name),
                f("block", Name).block_by_name(),
                f("read_buffer_index", BufferIndex),
                f("storage_scope", Str),
            ],
            Returns::One,
            read_at,
        ),
        op(
            "write_at",
            vec![
                f("loop", Name),
                f("block", Name).block_by_name(),
                f("write_buffer_index", BufferIndex),
                f("storage_scope", Str),
            ],
            Returns::One,
            write_at,
        ),
    ]
}

fn read_at(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let b = r.block(step, "block")?;
    let idx = buffer_index(r, step, "read_buffer_index", b, BufferSide::Read)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let c = r
        .schedule
        .transact(|f| read_write_at::read_at(f, l, b, idx, &scope))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}

fn write_at(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let b = r.block(step, "block")?;
    let idx = buffer_index(r, step, "write_buffer_index", b, BufferSide::Write)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let c = r
        .schedule
        .transact(|f| read_write_at::write_at(f, l, b, idx, &scope))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}
