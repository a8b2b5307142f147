//! MetaSchedule's trace instructions: `enter_postproc` (the mark where a
//! tuning record's postprocessor steps begin; it changes nothing) and
//! `sample_compute_location` (a sampled place for a block: a loop, the root,
//! or inlined).
//!
//! TVM: `CollectComputeLocation` / `SampleComputeLocation` in
//! src/s_tir/schedule/primitive/sampling.cc. The root and inline places are
//! TVM's root and inline marks; here they are the sampled integers -1 and -2,
//! and `compute_at` / `reverse_compute_at` given one of them do nothing (root)
//! or inline the block, as TVM's do.

use super::{d, f, op, Applied, S};
use crate::ir::{BlockId, IterKind, LoopId, PrimFunc};
use crate::schedule::primitive::{compute_at, compute_inline, get_block_loop, sampling};
use crate::schedule::tree::{self, Ancestor};
use crate::trace::replay::{arg_err, Handle, Replayer};
use crate::trace::step::{Arg, FieldKind, OpSpec, Returns, Step};

/// The decision that leaves a block where it is (TVM's root mark).
pub const ROOT_LOCATION: i64 = -1;
/// The decision that inlines a block (TVM's inline mark).
pub const INLINE_LOCATION: i64 = -2;

pub(super) fn specs() -> Vec<OpSpec> {
    use FieldKind::*;
    use Returns::*;
    vec![
        op("enter_postproc", vec![], Nothing, enter_postproc),
        op(
            "sample_compute_location",
            vec![
                f("block", Name).block_by_name(),
                d("decision", OptInt, Arg::Null),
            ],
            One,
            sample_compute_location,
        )
        .sampling(),
    ]
}

/// A mark in the trace; the schedule is unchanged.
fn enter_postproc(_: &mut Replayer, _: usize, _: &mut Step) -> Applied {
    Ok(vec![])
}

fn sample_compute_location(r: &mut Replayer, index: usize, step: &mut Step) -> Applied {
    let block = r.block(step, "block")?;
    let previous = match step.arg("decision") {
        Some(Arg::Int(i)) => Some(*i),
        None | Some(Arg::Null) => None,
        Some(_) => {
            return Err(arg_err(
                "decision",
                "expected an integer: a loop's position among the first consumer's loops, -1 (root) or -2 (inline)",
            ))
        }
    };
    let candidates = compute_locations(r.func(), block).map_err(S)?;
    let (decision, place) = match previous {
        Some(old) => kept_or_previous(&candidates, old),
        None => {
            let mut rng = sampling::Rng(0x636f_6d70_6c6f_6300 ^ index as u64);
            let pick = rng.below(candidates.len() as u64) as usize;
            candidates[pick]
        }
    };
    step.set_arg("decision", Arg::Int(decision));
    Ok(vec![match place {
        Some(l) => Handle::Loop(l),
        None => Handle::Int(decision),
    }])
}

/// TVM's rule for a recorded decision: kept when it is still a candidate,
/// else the candidate before it, else the root.
fn kept_or_previous(candidates: &[(i64, Option<LoopId>)], old: i64) -> (i64, Option<LoopId>) {
    let at = candidates.partition_point(|(i, _)| *i < old);
    match candidates.get(at) {
        Some(c) if c.0 == old => *c,
        _ if at > 0 => candidates[at - 1],
        _ => (ROOT_LOCATION, None),
    }
}

/// The places a block may be computed at, ascending by decision: inline (-2)
/// when it can be inlined, the root (-1), then the loops of its first consumer
/// down to the consumers' deepest common loop, less unit loops, spatial loops
/// after a reduction loop, trailing reduction loops, and loops where
/// `compute_at` would refuse.
pub fn compute_locations(
    func: &PrimFunc,
    block: BlockId,
) -> Result<Vec<(i64, Option<LoopId>)>, crate::schedule::error::ScheduleError> {
    let mut out = Vec::new();
    let mut trial = func.clone();
    if compute_inline::compute_inline(&mut trial, block).is_ok() {
        out.push((INLINE_LOCATION, None));
    }
    out.push((ROOT_LOCATION, None));
    let consumers = get_block_loop::get_consumers(func, block)?;
    let Some(first) = consumers.first() else {
        return Ok(out);
    };
    let Some(boundary) = deepest_common_loop(func, &consumers) else {
        return Ok(out);
    };
    let loops = tree::loops_of_block(func, *first).unwrap_or_default();
    let Some(boundary_pos) = loops.iter().position(|l| *l == boundary) else {
        return Ok(out);
    };
    let candidates = &loops[..=boundary_pos];
    let kinds: Vec<LoopKind> = candidates.iter().map(|l| loop_kind(func, *l)).collect();
    let last_spatial = kinds.iter().rposition(|k| *k == LoopKind::Spatial);
    let mut seen_reduction = false;
    for (i, l) in candidates.iter().enumerate() {
        if func.find_loop(*l).and_then(|f| f.extent.as_int()) == Some(1) {
            continue;
        }
        if kinds[i] == LoopKind::Spatial {
            if seen_reduction {
                break;
            }
        } else {
            seen_reduction = true;
            if last_spatial.is_none_or(|s| i > s) {
                break;
            }
        }
        let mut trial = func.clone();
        if compute_at::compute_at(&mut trial, block, *l, true, -1).is_ok() {
            out.push((i as i64, Some(*l)));
        }
    }
    Ok(out)
}

/// The consumers' lowest common ancestor when it is a loop: the parent of a
/// single consumer, the deepest shared ancestor of several.
fn deepest_common_loop(func: &PrimFunc, consumers: &[BlockId]) -> Option<LoopId> {
    let paths: Vec<Vec<Ancestor>> = consumers
        .iter()
        .map(|c| tree::ancestors_of_block(func, *c))
        .collect::<Option<_>>()?;
    let first = paths.first()?;
    let shared = (0..first.len())
        .take_while(|&i| paths.iter().all(|p| p.get(i) == first.get(i)))
        .count();
    match first.get(shared.checked_sub(1)?)? {
        Ancestor::Loop(l) => Some(*l),
        Ancestor::Block(_) => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoopKind {
    Spatial,
    Reduction,
    Opaque,
}

/// TVM's `GetLoopIterType`: what the block iterators bound through the loop's
/// variable (in the blocks directly under it) are.
fn loop_kind(func: &PrimFunc, l: LoopId) -> LoopKind {
    let Some(lp) = func.find_loop(l) else {
        return LoopKind::Opaque;
    };
    let (mut spatial, mut reduce, mut other) = (0, 0, 0);
    for realize in tree::child_blocks(&lp.body) {
        for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
            if !value.uses_var(lp.var) {
                continue;
            }
            match iv.kind {
                IterKind::Spatial => spatial += 1,
                IterKind::Reduce => reduce += 1,
                IterKind::Opaque | IterKind::Scan => other += 1,
            }
        }
    }
    if other > 0 || (spatial > 0 && reduce > 0) {
        LoopKind::Opaque
    } else if reduce > 0 {
        LoopKind::Reduction
    } else {
        LoopKind::Spatial
    }
}
