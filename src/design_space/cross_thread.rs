//! CrossThreadReduction: a reduction whose reduction loops are long against
//! its parallelism keeps its sketch and forks one more, in which the fused
//! reduction loop is split by a sampled thread extent (4..512) and its inner
//! part bound to threadIdx.x. When the block can be computed at its first
//! consumer (TVM's fusibility: a consumer that needs no multi-level tiling,
//! several consumers only under a common loop), the consumer's innermost
//! loop is split and bound the same way first (unless it is in a thread
//! scope already, whose threadIdx.x extent is then reused), the block is
//! computed at the position of its leading spatial loops and its output
//! moved to shared memory.

use super::analysis::{self, loops_of};
use super::builder::{name, SketchBuilder};
use super::GpuTarget;
use crate::ir::{IterKind, LoopId};
use crate::trace::{Arg, StepError};

pub const THREAD_EXTENTS: [i64; 8] = [4, 8, 16, 32, 64, 128, 256, 512];

pub(super) fn apply(
    sketch: SketchBuilder,
    block: &str,
    target: &GpuTarget,
) -> Result<Vec<SketchBuilder>, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(vec![sketch]);
    };
    let func = sketch.func();
    let in_thread_scope = loops_of(func, b)
        .iter()
        .any(|l| analysis::thread_tag(func, *l).is_some());
    if in_thread_scope
        || !analysis::needs_cross_thread_reduction(
            func,
            b,
            target.max_threads_per_block,
            target.warp_size,
        )
    {
        return Ok(vec![sketch]);
    }
    let mut fork = sketch.clone();
    let target_at = compute_target(&mut fork, block)?;
    let mut extent = fork.sample_categorical(&THREAD_EXTENTS)?;
    if let Some((consumer, mut at_loop, innermost)) = target_at {
        let consumer_loops = fork.get_loops(&consumer)?;
        let bound = consumer_loops.iter().any(|l| {
            fork.loop_id(l)
                .and_then(|id| analysis::thread_tag(fork.func(), id))
                .is_some_and(|t| t.starts_with("threadIdx"))
        });
        if bound {
            if let Some(known) = thread_extent_from_trace(&fork) {
                extent = known;
            }
        } else {
            let parts = fork.split(&innermost, vec![Arg::Null, name(&extent)])?;
            fork.bind(&parts[1], "threadIdx.x")?;
            if innermost == at_loop {
                at_loop = parts[0].clone();
            }
        }
        fork.emit(
            "compute_at",
            vec![
                ("block", name(block)),
                ("loop", name(&at_loop)),
                ("preserve_unit_loops", Arg::Bool(true)),
            ],
            0,
            'l',
        )?;
        fork.emit(
            "set_scope",
            vec![
                ("block", name(block)),
                ("buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("shared".into())),
            ],
            0,
            'l',
        )?;
    }
    let fused = reorder_and_fuse_reductions(&mut fork, block)?;
    let parts = fork.split(&fused, vec![Arg::Null, name(&extent)])?;
    fork.bind(&parts[1], "threadIdx.x")?;
    Ok(vec![sketch, fork])
}

/// TVM's GetComputeTargetLoopAndBlock: (the first consumer, the loop to
/// compute the block at, the consumer's innermost loop) when fusible.
fn compute_target(
    sketch: &mut SketchBuilder,
    block: &str,
) -> Result<Option<(String, String, String)>, StepError> {
    let consumers = sketch.get_consumers(block)?;
    let Some(first) = consumers.first().cloned() else {
        return Ok(None);
    };
    let ids: Vec<_> = consumers.iter().filter_map(|c| sketch.block(c)).collect();
    let Some(first_id) = sketch.block(&first) else {
        return Ok(None);
    };
    if analysis::needs_multi_level_tiling(sketch.func(), first_id) {
        return Ok(None);
    }
    // The lowest common ancestor of the consumers: the deepest loop above
    // them all, or (None) their scope block.
    let lists: Vec<Vec<LoopId>> = ids.iter().map(|c| loops_of(sketch.func(), *c)).collect();
    let mut lca: Option<LoopId> = None;
    if let Some(head) = lists.first() {
        for (depth, l) in head.iter().enumerate() {
            if lists.iter().all(|other| other.get(depth) == Some(l)) {
                lca = Some(*l);
            } else {
                break;
            }
        }
    }
    if consumers.len() > 1 && lca.is_none() {
        return Ok(None);
    }
    let target_loops = sketch.get_loops(&first)?;
    let own_loops = sketch.get_loops(block)?;
    let mut position: i64 = own_loops.len().min(target_loops.len()) as i64 - 1;
    for i in 0..own_loops.len().min(target_loops.len()) {
        let kind = sketch
            .loop_id(&own_loops[i])
            .and_then(|l| analysis::loop_iter_kind(sketch.func(), l));
        if kind != Some(IterKind::Spatial) {
            position = i as i64 - 1;
            break;
        }
        if lca.is_some() && sketch.loop_id(&target_loops[i]) == lca {
            position = i as i64;
            break;
        }
    }
    let (Ok(index), Some(innermost)) = (usize::try_from(position), target_loops.last()) else {
        return Ok(None);
    };
    Ok(Some((
        first,
        target_loops[index].clone(),
        innermost.clone(),
    )))
}

/// The extent a threadIdx.x binding earlier in the trace used: the last
/// factor of the split whose piece was bound (TVM's
/// GetThreadIdxExtentFromTrace).
fn thread_extent_from_trace(sketch: &SketchBuilder) -> Option<String> {
    let steps = sketch.steps();
    let bound: Vec<&str> = steps
        .iter()
        .filter(|s| s.op == "bind")
        .filter(|s| matches!(s.arg("thread_axis"), Some(Arg::Str(a)) if a == "threadIdx.x"))
        .filter_map(|s| match s.arg("loop") {
            Some(Arg::Str(l)) => Some(l.as_str()),
            _ => None,
        })
        .collect();
    steps
        .iter()
        .filter(|s| s.op == "split" && s.out.iter().any(|o| bound.contains(&o.as_str())))
        .find_map(|s| match s.arg("factors") {
            Some(Arg::List(f)) => match f.last() {
                Some(Arg::Str(v)) => Some(v.clone()),
                _ => None,
            },
            _ => None,
        })
}

/// Moves the reduction loops innermost (when they are not) and fuses them;
/// the loop to split.
fn reorder_and_fuse_reductions(
    sketch: &mut SketchBuilder,
    block: &str,
) -> Result<String, StepError> {
    let loops = sketch.get_loops(block)?;
    let (mut spatial, mut reduce) = (Vec::new(), Vec::new());
    for l in &loops {
        let kind = sketch
            .loop_id(l)
            .and_then(|id| analysis::loop_iter_kind(sketch.func(), id));
        if kind == Some(IterKind::Reduce) {
            reduce.push(l.clone());
        } else {
            spatial.push(l.clone());
        }
    }
    let innermost = loops.ends_with(&reduce);
    if !innermost {
        let order = spatial.iter().chain(&reduce).map(|l| name(l)).collect();
        sketch.emit("reorder", vec![("ordered_loops", Arg::List(order))], 0, 'l')?;
    }
    match reduce.as_slice() {
        [one] => Ok(one.clone()),
        _ => sketch.fuse(&reduce),
    }
}
