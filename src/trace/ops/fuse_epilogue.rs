//! fuse_reduction_epilogue: an elementwise bias epilogue folded into its
//! reduction.

use super::{f, op, Applied, S};
use crate::schedule::primitive::fuse_epilogue;
use crate::trace::replay::Replayer;
use crate::trace::step::{FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    vec![op(
        "fuse_reduction_epilogue",
        vec![
            f("reduction_block", Name).block_by_name(),
            f("epilogue_block", Name).block_by_name(),
        ],
        Returns::Nothing,
        apply,
    )]
}

fn apply(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let reduction = r.block(step, "reduction_block")?;
    let epilogue = r.block(step, "epilogue_block")?;
    r.schedule
        .transact(|func| fuse_epilogue::fuse_reduction_epilogue(func, reduction, epilogue))
        .map_err(S)?;
    Ok(vec![])
}
