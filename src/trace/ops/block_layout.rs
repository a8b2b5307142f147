//! transform_block_layout: a block's iteration space remapped by an index map.

use super::{f, op, Applied, S};
use crate::schedule::primitive::block_layout;
use crate::trace::replay::Replayer;
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "transform_block_layout",
        vec![f("block", Name).block_by_name(), f("index_map", Lambda)],
        Returns::Nothing,
        apply,
    )
    .with_probe_args(|_| vec![("index_map", Arg::Str("lambda i, j: (j, i)".into()))])]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let map = r.string(step, "index_map")?.to_string();
    r.schedule
        .transact(|func| block_layout::transform_block_layout(func, b, &map))
        .map_err(S)?;
    Ok(vec![])
}
