//! ParallelizeVectorizeUnroll (on the GPU: the root block's explicit-unroll
//! limit, sampled) and AutoBind (a block no rule bound gets its leading
//! spatial loops fused, split by a sampled thread count and bound to
//! blockIdx.x / threadIdx.x), with TVM 0.27's CUDA defaults.

use super::analysis::{self, loops_of};
use super::builder::{name, SketchBuilder};
use super::GpuTarget;
use crate::ir::{ForKind, IterKind, Stmt, ThreadAxis};
use crate::trace::{Arg, StepError};

/// TVM 0.27's `unroll_max_steps` for CUDA (`ScheduleRule.create("cuda")`).
pub const UNROLL_MAX_STEPS: [i64; 8] = [0, 16, 32, 64, 128, 256, 512, 1024];
pub const UNROLL_EXPLICIT: &str = "meta_schedule.unroll_explicit";
/// AutoBind's `max_threadblocks` and thread-count candidates.
pub const MAX_THREADBLOCKS: i64 = 256;
pub const THREAD_EXTENTS: [i64; 6] = [32, 64, 128, 256, 512, 1024];

pub(super) fn parallelize_vectorize_unroll(
    mut sketch: SketchBuilder,
    block: &str,
) -> Result<Vec<SketchBuilder>, StepError> {
    let is_root = sketch
        .block(block)
        .is_some_and(|b| sketch.func().root_block().is_some_and(|r| r.id == b));
    if is_root {
        let steps = sketch.sample_categorical(&UNROLL_MAX_STEPS)?;
        sketch.annotate(block, UNROLL_EXPLICIT, name(&steps))?;
    }
    Ok(vec![sketch])
}

/// Where the block's loops stand (TVM's BindBlockThreadIdx scan): the first
/// blockIdx and threadIdx loops, the first loop that is not a plain serial
/// loop over one statement, and how many leading loops are spatial.
struct LoopScan {
    block_idx: Option<usize>,
    thread_idx: Option<usize>,
    multi_child: usize,
    leading_spatial: usize,
}

fn scan(sketch: &SketchBuilder, block: crate::ir::BlockId) -> LoopScan {
    let func = sketch.func();
    let loops = loops_of(func, block);
    let mut s = LoopScan {
        block_idx: None,
        thread_idx: None,
        multi_child: loops.len(),
        leading_spatial: 0,
    };
    let mut multi_child: Option<usize> = None;
    for (i, l) in loops.iter().enumerate() {
        let Some(f) = func.find_loop(*l) else { break };
        match f.kind {
            ForKind::ThreadBinding(ThreadAxis::BlockIdx(_)) => {
                s.block_idx.get_or_insert(i);
            }
            ForKind::ThreadBinding(ThreadAxis::ThreadIdx(_)) => {
                s.thread_idx.get_or_insert(i);
            }
            _ => {}
        }
        if f.kind != ForKind::Serial {
            multi_child.get_or_insert(i);
        }
        if matches!(f.body, Stmt::Seq(_)) {
            multi_child.get_or_insert(i + 1);
        }
        if analysis::loop_iter_kind(func, *l) == Some(IterKind::Spatial) && s.leading_spatial == i {
            s.leading_spatial += 1;
        }
    }
    if let Some(m) = multi_child {
        s.multi_child = m;
    }
    s
}

pub(super) fn auto_bind(
    mut sketch: SketchBuilder,
    block: &str,
    target: &GpuTarget,
) -> Result<Vec<SketchBuilder>, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(vec![sketch]);
    };
    let func = sketch.func();
    if func.root_block().is_some_and(|r| r.id == b) || analysis::has_been_multi_level_tiled(func, b)
    {
        return Ok(vec![sketch]);
    }
    let mut at = scan(&sketch, b);
    // Bound already, or blockIdx without threadIdx (TVM refuses that case
    // outright; here the sketch is left as it is).
    if at.block_idx.is_some() {
        return Ok(vec![sketch]);
    }
    let mut loops = sketch.get_loops(block)?;
    if at.leading_spatial == 0 {
        let target_arg = loops.first().map_or_else(|| name(block), |l| name(l));
        let unit = sketch
            .emit("add_unit_loop", vec![("block_or_loop", target_arg)], 1, 'l')?
            .remove(0);
        loops.insert(0, unit);
        at.leading_spatial = 1;
        at.thread_idx = at.thread_idx.map(|t| t + 1);
        at.multi_child += 1;
    }
    if let Some(thread_idx) = at.thread_idx {
        let count = at.multi_child.min(thread_idx).min(at.leading_spatial);
        let loops = sketch.get_loops(block)?;
        let fused = sketch.fuse(&loops[..count.min(loops.len())])?;
        sketch.bind(&fused, "blockIdx.x")?;
        return Ok(vec![sketch]);
    }
    let count = at.multi_child.min(at.leading_spatial).min(loops.len());
    let fused = sketch.fuse(&loops[..count])?;
    bind_spatial_loop(&mut sketch, &fused, target)?;
    Ok(vec![sketch])
}

/// Splits the fused loop into blocks and threads and binds them.
fn bind_spatial_loop(
    sketch: &mut SketchBuilder,
    fused: &str,
    target: &GpuTarget,
) -> Result<(), StepError> {
    let extent = sketch
        .loop_id(fused)
        .and_then(|l| sketch.func().find_loop(l))
        .and_then(|f| f.extent.as_int())
        .unwrap_or(i64::MAX);
    let max_threads = target.max_threads_per_block;
    if extent <= MAX_THREADBLOCKS.saturating_mul(max_threads) {
        let limit = extent.min(max_threads);
        let fitting: Vec<i64> = THREAD_EXTENTS
            .iter()
            .copied()
            .filter(|e| *e <= limit)
            .collect();
        let factor = match fitting.as_slice() {
            [] => Arg::Int(limit),
            [one] => Arg::Int(*one),
            many => name(&sketch.sample_categorical(many)?),
        };
        let parts = sketch.split(fused, vec![Arg::Null, factor])?;
        sketch.bind(&parts[0], "blockIdx.x")?;
        sketch.bind(&parts[1], "threadIdx.x")?;
    } else {
        let parts = sketch.split(
            fused,
            vec![Arg::Null, Arg::Int(MAX_THREADBLOCKS), Arg::Int(max_threads)],
        )?;
        let order = vec![name(&parts[1]), name(&parts[2]), name(&parts[0])];
        sketch.emit("reorder", vec![("ordered_loops", Arg::List(order))], 0, 'l')?;
        sketch.bind(&parts[1], "blockIdx.x")?;
        sketch.bind(&parts[2], "threadIdx.x")?;
    }
    Ok(())
}
