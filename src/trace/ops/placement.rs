//! Caches and block placement: cache_read/write, (reverse_)compute_at,
//! (reverse_)compute_inline.

use super::buffer_arg::buffer_index;
use super::meta_schedule::{INLINE_LOCATION, ROOT_LOCATION};
use super::{d, f, op, Applied, S};
use crate::schedule::primitive::buffer_arg::BufferSide;
use crate::schedule::primitive::{cache_read_write, compute_at, compute_inline};
use crate::trace::replay::{Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op(
            "cache_read",
            vec![
                f("block", Name).block_by_name(),
                f("read_buffer_index", BufferIndex),
                f("storage_scope", Str),
                d("consumer_blocks", Names, Arg::List(Vec::new())).block_by_name(),
            ],
            One,
            cache_read,
        )
        .with_probe_args(|_| {
            vec![
                ("read_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("shared".into())),
            ]
        }),
        op(
            "cache_write",
            vec![
                f("block", Name).block_by_name(),
                f("write_buffer_index", BufferIndex),
                f("storage_scope", Str),
                d("consumer_blocks", Names, Arg::List(Vec::new())).block_by_name(),
            ],
            One,
            cache_write,
        )
        .with_probe_args(|_| {
            vec![
                ("write_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("local".into())),
            ]
        }),
        op(
            "compute_at",
            vec![
                f("block", Name).block_by_name(),
                f("loop", Name),
                d("preserve_unit_loops", Bool, Arg::Bool(false)),
                d("index", Int, Arg::Int(-1)),
            ],
            Nothing,
            compute_at,
        ),
        op(
            "reverse_compute_at",
            vec![
                f("block", Name).block_by_name(),
                f("loop", Name),
                d("preserve_unit_loops", Bool, Arg::Bool(false)),
                d("index", Int, Arg::Int(-1)),
            ],
            Nothing,
            reverse_compute_at,
        ),
        op(
            "compute_inline",
            vec![f("block", Name).block_by_name()],
            Nothing,
            compute_inline,
        ),
        op(
            "reverse_compute_inline",
            vec![f("block", Name).block_by_name()],
            Nothing,
            reverse_compute_inline,
        ),
    ]
}

fn cache_read(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let idx = buffer_index(r, step, "read_buffer_index", b, BufferSide::Read)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let consumers = r.blocks(step, "consumer_blocks")?;
    let c = r
        .schedule
        .transact(|f| cache_read_write::cache_read(f, b, idx, &scope, &consumers))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}

fn cache_write(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let idx = buffer_index(r, step, "write_buffer_index", b, BufferSide::Write)?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let consumers = r.blocks(step, "consumer_blocks")?;
    let c = r
        .schedule
        .transact(|f| cache_read_write::cache_write(f, b, idx, &scope, &consumers))
        .map_err(S)?;
    Ok(vec![Handle::Block(c)])
}

fn compute_at(r: &mut Replayer, i: usize, step: &mut Step) -> Applied {
    if sampled_mark(r, step).is_some() {
        return at_sampled_mark(r, i, step, false);
    }
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let p = r.boolean(step, "preserve_unit_loops")?;
    let i = r.int(step, "index")?;
    r.schedule
        .transact(|f| compute_at::compute_at(f, b, l, p, i))
        .map_err(S)?;
    Ok(vec![])
}

fn reverse_compute_at(r: &mut Replayer, i: usize, step: &mut Step) -> Applied {
    if sampled_mark(r, step).is_some() {
        return at_sampled_mark(r, i, step, true);
    }
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let p = r.boolean(step, "preserve_unit_loops")?;
    let i = r.int(step, "index")?;
    r.schedule
        .transact(|f| compute_at::reverse_compute_at(f, b, l, p, i))
        .map_err(S)?;
    Ok(vec![])
}

fn compute_inline(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    r.schedule
        .transact(|f| compute_inline::compute_inline(f, b))
        .map_err(S)?;
    Ok(vec![])
}

fn reverse_compute_inline(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    r.schedule
        .transact(|f| compute_inline::reverse_compute_inline(f, b))
        .map_err(S)?;
    Ok(vec![])
}

/// The root or inline mark that `sample_compute_location` gave as `loop`, if any.
fn sampled_mark(r: &Replayer, step: &Step) -> Option<i64> {
    match step.arg("loop") {
        Some(Arg::Str(name)) => match r.lookup(name) {
            Some(Handle::Int(m)) if *m == ROOT_LOCATION || *m == INLINE_LOCATION => Some(*m),
            _ => None,
        },
        _ => None,
    }
}

/// TVM's (reverse_)compute_at at a sampled mark: the root leaves the block
/// where it is, the inline mark inlines it.
fn at_sampled_mark(r: &mut Replayer, i: usize, step: &mut Step, reverse: bool) -> Applied {
    r.block(step, "block")?;
    match (sampled_mark(r, step), reverse) {
        (Some(INLINE_LOCATION), false) => compute_inline(r, i, step),
        (Some(INLINE_LOCATION), true) => reverse_compute_inline(r, i, step),
        _ => Ok(vec![]),
    }
}
