//! reindex_cache_read, reindex_cache_write: caches laid out by an index map
//! over the block's iterators.

use super::buffer_arg::buffer_index;
use super::{f, op, Applied, S};
use crate::schedule::primitive::buffer_arg::BufferSide;
use crate::schedule::primitive::reindex_cache;
use crate::trace::replay::{Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![
        op(
            "reindex_cache_read",
            vec![
                f("block", Name).block_by_name(),
                f("read_buffer_index", BufferIndex),
                f("storage_scope", Str),
                f("index_map", Lambda),
            ],
            Returns::One,
            reindex_cache_read,
        )
        .with_probe_args(|_| {
            vec![
                ("read_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("shared".into())),
                ("index_map", Arg::Str("lambda i: (i,)".into())),
            ]
        }),
        op(
            "reindex_cache_write",
            vec![
                f("block", Name).block_by_name(),
                f("write_buffer_index", BufferIndex),
                f("storage_scope", Str),
                f("index_map", Lambda),
            ],
            Returns::One,
            reindex_cache_write,
        )
        .with_probe_args(|_| {
            vec![
                ("write_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("shared".into())),
                ("index_map", Arg::Str("lambda i: (i,)".into())),
            ]
        }),
    ]
}

fn reindex_cache_read(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let idx = buffer_index(r, step, "read_buffer_index", b, BufferSide::Read)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let map = r.string(step, "index_map")?.to_string();
    let c = r
        .schedule
        .transact(|f| reindex_cache::reindex_cache_read(f, b, idx, &scope, &map))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}

fn reindex_cache_write(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let idx = buffer_index(r, step, "write_buffer_index", b, BufferSide::Write)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let map = r.string(step, "index_map")?.to_string();
    let c = r
        .schedule
        .transact(|f| reindex_cache::reindex_cache_write(f, b, idx, &scope, &map))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}
