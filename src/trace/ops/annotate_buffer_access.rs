//! annotate_buffer_access: a block's read or write region of one buffer
//! declared by a lambda over its iterators.

use super::{f, op, Applied, S};
use crate::schedule::primitive::annotate_buffer_access;
use crate::trace::replay::{arg_err, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "annotate_buffer_access",
        vec![
            f("block", Name).block_by_name(),
            f("buffer_index", Int),
            f("buf_type", Str),
            f("gen_new_ranges", Lambda),
        ],
        Returns::Nothing,
        apply,
    )
    .with_probe_args(|_| {
        vec![
            ("buffer_index", Arg::Int(0)),
            ("buf_type", Arg::Str("read".into())),
            ("gen_new_ranges", Arg::Str("lambda i: [i]".into())),
        ]
    })]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let index = r.int(step, "buffer_index")?;
    let is_write = match r.string(step, "buf_type")? {
        "read" => false,
        "write" => true,
        other => {
            return Err(arg_err(
                "buf_type",
                format!("`{other}` is neither \"read\" nor \"write\""),
            ))
        }
    };
    let ranges = r.string(step, "gen_new_ranges")?.to_string();
    r.schedule
        .transact(|func| {
            annotate_buffer_access::annotate_buffer_access(func, b, index, is_write, &ranges)
        })
        .map_err(S)?;
    Ok(vec![])
}
