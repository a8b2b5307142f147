//! decompose_padding and its query can_decompose_padding.

use super::{f, op, Applied, S};
use crate::schedule::primitive::decompose_padding;
use crate::trace::replay::{Handle, Replayer};
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![
        op(
            "decompose_padding",
            vec![f("block", Name).block_by_name(), f("loop", Name)],
            Returns::One,
            apply_decompose,
        ),
        op(
            "can_decompose_padding",
            vec![f("block", Name).block_by_name(), f("loop", Name)],
            Returns::One,
            apply_can_decompose,
        ),
    ]
}

fn apply_decompose(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let pad = r
        .schedule
        .transact(|func| decompose_padding::decompose_padding(func, b, l))
        .map_err(S)?;
    Ok(vec![Handle::Block(pad)])
}

/// A query: the program does not change; `out` names the answer, 1 (it
/// would apply) or 0, like a sampled value.
fn apply_can_decompose(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let can = decompose_padding::can_decompose_padding(r.func(), b, l);
    Ok(vec![Handle::Int(i64::from(can))])
}
