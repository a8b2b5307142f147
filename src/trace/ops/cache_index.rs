//! cache_index: stages precomputing a block's index expressions.

use super::{blocks_out, d, f, op, Applied, S};
use crate::schedule::primitive::cache_index;
use crate::trace::replay::Replayer;
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "cache_index",
        vec![
            f("block", Name).block_by_name(),
            f("storage_scope", Str),
            d("cse_thresh", Int, Arg::Int(0)),
        ],
        Returns::Many,
        apply,
    )
    .with_probe_args(|_| vec![("storage_scope", Arg::Str("global".into()))])]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let scope = r.string(step, "storage_scope")?.to_string();
    let cse_thresh = r.int(step, "cse_thresh")?;
    let stages = r
        .schedule
        .transact(|f| cache_index::cache_index(f, b, &scope, cse_thresh))
        .map_err(S)?;
    Ok(blocks_out(stages))
}
