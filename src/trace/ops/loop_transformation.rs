//! Loop transformations: split, fuse, reorder, merge, add_unit_loop.

use super::{d, f, loops_out, op, Applied, S};
use crate::schedule::primitive::loop_transformation;
use crate::trace::replay::{Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op(
            "split",
            vec![
                f("loop", Name),
                f("factors", Factors),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
                d("disable_predication", Bool, Arg::Bool(false)),
            ],
            Many,
            split,
        )
        .with_probe_args(split_probe)
        .with_out_count(split_out_count),
        op(
            "fuse",
            vec![
                f("loops", Names).varargs(),
                d("preserve_unit_iters", Bool, Arg::Bool(true)),
            ],
            One,
            fuse,
        ),
        op(
            "reorder",
            vec![f("ordered_loops", Names).varargs()],
            Nothing,
            reorder,
        ),
        op("merge", vec![f("loops", Names).varargs()], One, merge),
        op(
            "add_unit_loop",
            vec![f("block_or_loop", Name).block_by_name()],
            One,
            add_unit_loop,
        ),
    ]
}

/// A palette probe splits off the smallest divisor of the extent (up to 64).
fn split_probe(extent: Option<i64>) -> Vec<(&'static str, Arg)> {
    let e = extent.unwrap_or(1);
    let f = (2..=e.min(64)).find(|d| e % d == 0).unwrap_or(1);
    vec![("factors", Arg::List(vec![Arg::Null, Arg::Int(f)]))]
}

fn split_out_count(step: &Step) -> Option<usize> {
    match step.arg("factors") {
        Some(Arg::List(f)) => Some(f.len()),
        _ => None,
    }
}

fn split(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let l = r.loop_(step, "loop")?;
    let factors = r.factors(step)?;
    let p = r.boolean(step, "preserve_unit_iters")?;
    let unguarded = r.boolean(step, "disable_predication")?;
    let loops = r
        .schedule
        .transact(|f| loop_transformation::split_with(f, l, &factors, p, unguarded))
        .map_err(S)?;
    Ok(loops_out(loops))
}

fn fuse(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let ls = r.loops(step, "loops")?;
    let p = r.boolean(step, "preserve_unit_iters")?;
    let l = r
        .schedule
        .transact(|f| loop_transformation::fuse(f, &ls, p))
        .map_err(S)?;
    Ok(vec![Handle::Loop(l)])
}

fn reorder(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let ls = r.loops(step, "ordered_loops")?;
    r.schedule
        .transact(|f| loop_transformation::reorder(f, &ls))
        .map_err(S)?;
    Ok(vec![])
}

fn merge(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let ls = r.loops(step, "loops")?;
    let l = r
        .schedule
        .transact(|f| loop_transformation::merge(f, &ls))
        .map_err(S)?;
    Ok(vec![Handle::Loop(l)])
}

fn add_unit_loop(r: &mut Replayer, _: usize, step: &mut Step) -> Applied {
    let t = r.block_or_loop(step, "block_or_loop")?;
    let l = r
        .schedule
        .transact(|f| loop_transformation::add_unit_loop(f, t))
        .map_err(S)?;
    Ok(vec![Handle::Loop(l)])
}
