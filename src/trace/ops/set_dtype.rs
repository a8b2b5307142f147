//! unsafe_set_dtype: a block-allocated buffer's element type, with casts at
//! its stores and loads.

use super::{f, op, Applied, S};
use crate::schedule::primitive::set_dtype;
use crate::trace::replay::Replayer;
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "unsafe_set_dtype",
        vec![
            f("block", Name).block_by_name(),
            f("buffer_index", Int),
            f("dtype", Str),
        ],
        Returns::Nothing,
        apply,
    )]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let index = r.int(step, "buffer_index")?;
    let dtype = r.string(step, "dtype")?.to_string();
    r.schedule
        .transact(|func| set_dtype::unsafe_set_dtype(func, b, index, &dtype))
        .map_err(S)?;
    Ok(vec![])
}
