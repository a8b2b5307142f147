//! Reductions: decompose_reduction, rfactor.

use super::{d, f, op, Applied, S};
use crate::schedule::primitive::reduction;
use crate::trace::replay::{Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op(
            "decompose_reduction",
            vec![f("block", Name).block_by_name(), f("loop", Name)],
            One,
            decompose_reduction,
        ),
        op(
            "rfactor",
            vec![f("loop", Name), d("factor_axis", Int, Arg::Int(0))],
            One,
            rfactor,
        ),
    ]
}

fn decompose_reduction(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let b = r.block(step, "block")?;
    let l = r.loop_(step, "loop")?;
    let init = r
        .schedule
        .transact(|f| reduction::decompose_reduction(f, b, l))
        .map_err(S)?;
    Ok(vec![Handle::Block(init)])
}

fn rfactor(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let axis = r.int(step, "factor_axis")?;
    let rf = r
        .schedule
        .transact(|f| reduction::rfactor(f, l, axis))
        .map_err(S)?;
    Ok(vec![Handle::Block(rf)])
}
