//! InlineConstantScalars and AutoInline with TVM's CUDA settings (inline
//! into consumers and into producers, constant tensors always).
//!
//! Whether a block can be inlined is what tirtui's `compute_inline` /
//! `reverse_compute_inline` accept (they check as TVM's `CanComputeInline` /
//! `CanReverseComputeInline` do): the rule tries the step on a copy of the
//! sketch and keeps the copy when it applied.

use super::analysis;
use super::builder::{name, SketchBuilder};
use crate::schedule::analysis::{check_complete, producers};
use crate::trace::StepError;

/// A block that stores one constant into a 0-d buffer (TVM's
/// `compile_engine_const`) is inlined into its consumers.
pub(super) fn inline_constant_scalars(
    sketch: SketchBuilder,
    block: &str,
) -> Result<Vec<SketchBuilder>, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(vec![sketch]);
    };
    let func = sketch.func();
    let scalar_const = func.find_block(b).is_some_and(|r| {
        r.block.reads.is_empty()
            && r.block.writes.len() == 1
            && func.buffer(r.block.writes[0].buffer).shape.is_empty()
            && !analysis::is_output_block(func, b)
    });
    if !scalar_const {
        return Ok(vec![sketch]);
    }
    Ok(vec![try_step(sketch, "compute_inline", block)])
}

pub(super) fn auto_inline(
    sketch: SketchBuilder,
    block: &str,
) -> Result<Vec<SketchBuilder>, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(vec![sketch]);
    };
    let func = sketch.func();
    let Some(realize) = func.find_block(b) else {
        return Ok(vec![sketch]);
    };
    // The root block has no scope to inline into.
    if func.root_block().is_some_and(|r| r.id == b) {
        return Ok(vec![sketch]);
    }
    let output = analysis::is_output_block(func, b);
    // A block computing a constant tensor is inlined whatever else holds.
    if realize.block.reads.is_empty() && !output {
        return Ok(vec![try_step(sketch, "compute_inline", block)]);
    }
    if !analysis::is_spatial(func, b) {
        return Ok(vec![sketch]);
    }
    if !output && !crate::schedule::analysis::consumers(func, b).is_empty() {
        let before = sketch.len();
        let tried = try_step(sketch, "compute_inline", block);
        if tried.len() > before {
            return Ok(vec![tried]);
        }
        return reverse_inline(tried, block);
    }
    reverse_inline(sketch, block)
}

/// Inlines the block into its producer when that producer is the only one
/// and is complete.
fn reverse_inline(sketch: SketchBuilder, block: &str) -> Result<Vec<SketchBuilder>, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(vec![sketch]);
    };
    let func = sketch.func();
    let producer = producers(func, b);
    let complete = producer.len() == 1 && check_complete(func, producer[0]).is_ok();
    if !complete {
        return Ok(vec![sketch]);
    }
    Ok(vec![try_step(sketch, "reverse_compute_inline", block)])
}

/// The sketch with `op(block)` applied when it applies, else unchanged.
fn try_step(sketch: SketchBuilder, op: &str, block: &str) -> SketchBuilder {
    let mut trial = sketch.clone();
    match trial.emit(op, vec![("block", name(block))], 0, 'b') {
        Ok(_) => trial,
        Err(_) => sketch,
    }
}

/// AutoInline over every block, last to first, then the blocks still in the
/// program (the root left out), in program order: where the zero-search
/// defaults start.
pub(super) fn inline_then_live(
    func: &crate::ir::PrimFunc,
) -> Result<(SketchBuilder, Vec<String>), String> {
    let (mut sketch, blocks) = SketchBuilder::start(func).map_err(|e| e.to_string())?;
    for block in blocks.iter().rev() {
        if !sketch.is_live(block) {
            continue;
        }
        let before = sketch.len();
        let mut results = auto_inline(sketch, block).map_err(|e| e.to_string())?;
        sketch = results.remove(0);
        if sketch.len() > before {
            sketch.log("AutoInline", block);
        }
    }
    let live = blocks
        .iter()
        .filter(|b| sketch.is_live(b))
        .filter(|b| {
            let f = sketch.func();
            sketch
                .block(b)
                .is_some_and(|id| f.root_block().is_none_or(|r| r.id != id))
        })
        .cloned()
        .collect();
    Ok((sketch, live))
}
