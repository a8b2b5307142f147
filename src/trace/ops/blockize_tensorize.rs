//! blockize, tensorize.

use super::{d, f, op, Applied, S};
use crate::schedule::primitive::{blockize_blocks, blockize_tensorize, BlockOrLoop};
use crate::trace::replay::{arg_err, Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op(
            "blockize",
            vec![
                f("target", Name).block_by_name(),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
            ],
            One,
            blockize,
        ),
        op(
            "tensorize",
            vec![
                f("block_or_loop", Name).block_by_name(),
                f("tensor_intrin", Str),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
            ],
            Nothing,
            tensorize,
        ),
    ]
}

fn blockize(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    if let Some(Arg::List(_)) = step.arg("target") {
        let blocks = r.blocks(step, "target")?;
        let p = r.boolean(step, "preserve_unit_iters")?;
        let b = r
            .schedule
            .transact(|f| blockize_blocks::blockize_blocks(f, &blocks, p))
            .map_err(S)?;
        return Ok(vec![Handle::Block(b)]);
    }
    let l = match r.block_or_loop(step, "target")? {
        BlockOrLoop::Loop(l) => l,
        BlockOrLoop::Block(_) => {
            return Err(arg_err(
                "target",
                "blockize takes a loop (the block under it becomes the inner block)",
            ))
        }
    };
    let p = r.boolean(step, "preserve_unit_iters")?;
    let b = r
        .schedule
        .transact(|f| blockize_tensorize::blockize(f, l, p))
        .map_err(S)?;
    Ok(vec![Handle::Block(b)])
}

fn tensorize(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let name = r.string(step, "tensor_intrin")?.to_string();
    let p = r.boolean(step, "preserve_unit_iters")?;
    r.schedule
        .transact(|f| blockize_tensorize::tensorize(f, t, &name, p))
        .map_err(S)?;
    Ok(vec![])
}
