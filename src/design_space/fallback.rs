//! The zero-search default every workload gets (`tirtui schedule`): DLight's
//! `Fallback` rule, written as trace steps. Blocks that can be inlined are
//! (AutoInline's conditions); every other block gets its spatial loops first,
//! fused and split by `FALLBACK_THREADS`, the parts bound to blockIdx.x /
//! threadIdx.x, with the reduction loops inside each thread; a reduction's
//! init is decomposed out of its first reduction loop.
//!
//! DLight splits by the target's 1,024 threads; 256 is used here, the
//! runtime's reference kernel's width, so that a kernel of up to 255
//! registers per thread still launches (1,024 threads leave 64 each).

use super::analysis::{is_reduction_block, loop_iter_kind};
use super::builder::{name, SketchBuilder};
use super::{inline, DesignSpaceError, Sketch};
use crate::ir::{ForKind, IterKind, PrimFunc};
use crate::schedule::analysis::blocks_under_loop;
use crate::schedule::tree;
use crate::trace::{Arg, StepError};

/// Threads per block of the default schedule.
pub const FALLBACK_THREADS: i64 = 256;

/// The default schedule of `func`: one sketch with no sampled decision.
pub fn fallback(func: &PrimFunc) -> Result<Sketch, DesignSpaceError> {
    let (mut sketch, blocks) = SketchBuilder::start(func)?;
    let step_failed = |block: &str, error: StepError| DesignSpaceError::Step {
        rule: "Fallback",
        block: block.to_string(),
        error: Box::new(error),
    };
    for block in blocks.iter().rev() {
        if !sketch.is_live(block) {
            continue;
        }
        let before = sketch.len();
        let mut results = inline::auto_inline(sketch, block).map_err(|e| step_failed(block, e))?;
        // AutoInline returns the sketch itself, changed or not.
        sketch = results.remove(0);
        if sketch.len() > before {
            sketch.log("AutoInline", block);
        }
    }
    for block in &blocks {
        if !sketch.is_live(block) {
            continue;
        }
        let before = sketch.len();
        let block_name = sketch
            .block(block)
            .and_then(|b| sketch.func().find_block(b))
            .map_or_else(|| block.clone(), |r| r.block.name.clone());
        bind_block(&mut sketch, block).map_err(|e| match e {
            Unbound::Step(e) => step_failed(&block_name, e),
            Unbound::Shared(other) => DesignSpaceError::Unsupported {
                rule: "Fallback",
                block: block_name.clone(),
                why: format!(
                    "its loops also hold block `{other}`; the default schedule binds one block's own loop nest"
                ),
            },
        })?;
        if sketch.len() > before {
            sketch.log("Fallback", block);
        }
    }
    Ok(sketch.finish())
}

enum Unbound {
    Step(StepError),
    /// A loop of the block's nest also holds this other block.
    Shared(String),
}

impl From<StepError> for Unbound {
    fn from(e: StepError) -> Unbound {
        Unbound::Step(e)
    }
}

/// Fallback's binding of one block, for the blocks another rule leaves.
pub(super) fn bind_other_block(sketch: &mut SketchBuilder, block: &str) -> Result<(), String> {
    bind_block(sketch, block).map_err(|e| match e {
        Unbound::Step(e) => e.to_string(),
        Unbound::Shared(other) => format!("its loops also hold block `{other}`"),
    })
}

/// Spatial loops first, fused, split by the thread count and bound; the
/// reduction's init decomposed. The root and blocks already under a thread
/// binding are left alone.
fn bind_block(sketch: &mut SketchBuilder, block: &str) -> Result<(), Unbound> {
    let Some(b) = sketch.block(block) else {
        return Ok(());
    };
    let func = sketch.func();
    if func.root_block().is_some_and(|r| r.id == b) {
        return Ok(());
    }
    let loop_ids = tree::loops_of_block(func, b).unwrap_or_default();
    let mut kinds = Vec::with_capacity(loop_ids.len());
    for &l in &loop_ids {
        let Some(f) = func.find_loop(l) else {
            return Ok(());
        };
        if matches!(f.kind, ForKind::ThreadBinding(_)) {
            return Ok(());
        }
        if let Some(other) = blocks_under_loop(func, l)
            .into_iter()
            .find(|r| r.block.id != b)
        {
            return Err(Unbound::Shared(other.block.name.clone()));
        }
        kinds.push(loop_iter_kind(func, l));
    }
    let reduction = is_reduction_block(func, b);
    let mut loops = sketch.get_loops(block)?;
    let (mut spatial, mut reduce, mut other) = (Vec::new(), Vec::new(), Vec::new());
    for (l, kind) in loops.iter().zip(&kinds) {
        match kind {
            Some(IterKind::Spatial) => spatial.push(l.clone()),
            Some(IterKind::Reduce) => reduce.push(l.clone()),
            _ => other.push(l.clone()),
        }
    }
    if spatial.is_empty() {
        let target = loops.first().map_or_else(|| name(block), |l| name(l));
        let unit = sketch
            .emit("add_unit_loop", vec![("block_or_loop", target)], 1, 'l')?
            .remove(0);
        loops.insert(0, unit.clone());
        spatial.push(unit);
    }
    let order: Vec<String> = spatial
        .iter()
        .chain(&reduce)
        .chain(&other)
        .cloned()
        .collect();
    if order != loops {
        let list = Arg::List(order.iter().map(|l| name(l)).collect());
        sketch.emit("reorder", vec![("ordered_loops", list)], 0, 'l')?;
    }
    let fused = if spatial.len() == 1 {
        spatial[0].clone()
    } else {
        sketch.fuse(&spatial)?
    };
    let extent = sketch
        .loop_id(&fused)
        .and_then(|l| sketch.func().find_loop(l))
        .and_then(|f| f.extent.as_int());
    // A symbolic extent still splits by the full width (the guard covers it).
    let threads = extent.map_or(FALLBACK_THREADS, |e| e.clamp(1, FALLBACK_THREADS));
    let parts = sketch.split(&fused, vec![Arg::Null, Arg::Int(threads)])?;
    sketch.bind(&parts[0], "blockIdx.x")?;
    sketch.bind(&parts[1], "threadIdx.x")?;
    if reduction {
        if let Some(first) = reduce.first() {
            sketch.emit(
                "decompose_reduction",
                vec![("block", name(block)), ("loop", name(first))],
                1,
                'b',
            )?;
        }
    }
    Ok(())
}
