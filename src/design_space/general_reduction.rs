//! DLight's `GeneralReduction` default, as trace steps: one thread block per
//! row of a row-wise computation (softmax, layer norm, RMS norm, a row sum, a
//! GEMV), its reductions done across the block's threads, and the whole row
//! in one kernel. Blocks that can be inlined are (AutoInline's conditions);
//! the last block's leading spatial loops are fused and bound to blockIdx.x,
//! its other loops fused, split by the thread count, the thread part moved
//! outermost and bound to threadIdx.x; every earlier block gets its result in
//! shared memory, is computed at the row loop and split the same way.
//!
//! It applies only where that is a good kernel: every block is spatial loops
//! then reduction loops over the same leading rows, at least one block
//! reduces, every reducing block reads one buffer along all of its iterators
//! (a row it streams through; a GEMM reads no such buffer and gets another
//! default), and each row has at least a warp's worth of work. Otherwise the
//! caller falls back to another rule.

use super::analysis::{is_reduction_block, loop_iter_kind, loops_of};
use super::builder::{name, SketchBuilder};
use super::{inline, Sketch};
use crate::ir::{BlockId, ForKind, IterKind, PrimFunc};
use crate::schedule::analysis::blocks_under_loop;
use crate::trace::{Arg, StepError};

/// Threads per block (DLight's `len_tx` for CUDA).
pub const ROW_THREADS: i64 = 256;
/// Fewer elements per row than this: threads would idle; not this rule's case.
const MIN_ROW: i64 = 32;
/// DLight's unroll depth for CUDA, on each thread's serial loop.
const UNROLL_DEPTH: i64 = 256;

/// The default schedule of a row-wise `func`, or None when the rule does not
/// apply (the reason, for `schedule --explain`-style messages).
pub fn general_reduction(func: &PrimFunc) -> Result<Sketch, String> {
    let (mut sketch, live) = inline::inline_then_live(func)?;
    let shape = row_shape(sketch.func(), &live, &sketch)?;
    apply(&mut sketch, &live, &shape).map_err(|e| e.to_string())?;
    for b in &live {
        sketch.log("GeneralReduction", b);
    }
    Ok(sketch.finish())
}

/// What the rule needs to know of the program.
struct RowShape {
    /// Leading spatial loops shared by every block (the rows).
    leading: usize,
    /// Each block's loop count, in `live` order.
    loop_counts: Vec<usize>,
    threads: i64,
}

fn row_shape(func: &PrimFunc, live: &[String], sketch: &SketchBuilder) -> Result<RowShape, String> {
    let ids: Vec<BlockId> = live.iter().filter_map(|b| sketch.block(b)).collect();
    if ids.is_empty() || ids.len() != live.len() {
        return Err("no block to schedule".into());
    }
    let mut leading: Option<(usize, Vec<i64>)> = None;
    let mut loop_counts = Vec::new();
    let mut min_row = i64::MAX;
    let mut any_reduction = false;
    for (i, &b) in ids.iter().enumerate() {
        let loops = loops_of(func, b);
        let mut kinds = Vec::new();
        let mut extents = Vec::new();
        for &l in &loops {
            let f = func.find_loop(l).ok_or("a loop is gone")?;
            if !matches!(f.kind, ForKind::Serial) {
                return Err("a loop is already bound, parallel or unrolled".into());
            }
            if blocks_under_loop(func, l).iter().any(|r| r.block.id != b) {
                return Err("two blocks share a loop nest".into());
            }
            kinds.push(loop_iter_kind(func, l).ok_or("a loop is both spatial and reduction")?);
            extents.push(f.extent.as_int().ok_or("a symbolic extent")?);
        }
        let spatial = kinds
            .iter()
            .take_while(|k| **k == IterKind::Spatial)
            .count();
        if kinds[spatial..].iter().any(|k| *k != IterKind::Reduce) {
            return Err("a spatial loop inside a reduction loop".into());
        }
        let reduces = spatial < kinds.len();
        let last = i + 1 == ids.len();
        if reduces {
            any_reduction = true;
            if !is_reduction_block(func, b) || !streams_a_row(func, b) {
                return Err("a reduction that reuses its inputs (a GEMM-like block)".into());
            }
        } else if !last {
            return Err("a spatial block before the last that could not be inlined".into());
        }
        // The rows: a reducing block's spatial loops; the last (spatial)
        // block must start with the same ones.
        let rows = if reduces {
            spatial
        } else {
            leading.as_ref().map_or(spatial, |(n, _)| *n)
        };
        if rows == 0 || (rows > spatial && !reduces) {
            return Err("no row loop".into());
        }
        let row_extents = extents[..rows].to_vec();
        match &leading {
            None => leading = Some((rows, row_extents)),
            Some((n, e)) if *n == rows && *e == row_extents => {}
            Some(_) => return Err("the blocks do not share their row loops".into()),
        }
        let row: i64 = extents[rows..].iter().product();
        if loops.len() == rows {
            return Err("a block with nothing to spread over threads".into());
        }
        min_row = min_row.min(row);
        loop_counts.push(loops.len());
    }
    if !any_reduction {
        return Err("no reduction".into());
    }
    if min_row < MIN_ROW {
        return Err(format!(
            "rows of {min_row} elements are too short for a thread block"
        ));
    }
    let threads = if min_row >= ROW_THREADS {
        ROW_THREADS
    } else {
        // The largest power of two that a row fills.
        1 << (63 - min_row.leading_zeros())
    };
    Ok(RowShape {
        leading: leading.map_or(0, |(n, _)| n),
        loop_counts,
        threads,
    })
}

/// Whether the block reads some buffer along every one of its iterators
/// (softmax's `A[i, k]`, GEMV's `A[i, k]`): each element is used once, so
/// spreading the row over threads loses no reuse.
fn streams_a_row(func: &PrimFunc, b: BlockId) -> bool {
    let Some(r) = func.find_block(b) else {
        return false;
    };
    let vars: Vec<_> = r.block.iter_vars.iter().map(|iv| iv.var).collect();
    r.block.reads.iter().any(|read| {
        vars.iter().all(|&v| {
            read.region
                .iter()
                .any(|range| range.min.uses_var(v) || range.extent.uses_var(v))
        })
    })
}

fn apply(sketch: &mut SketchBuilder, live: &[String], shape: &RowShape) -> Result<(), StepError> {
    let Some((last, earlier)) = live.split_last() else {
        return Ok(());
    };
    let loops = sketch.get_loops(last)?;
    let rows = &loops[..shape.leading];
    let bx = if rows.len() == 1 {
        rows[0].clone()
    } else {
        sketch.fuse(rows)?
    };
    spread_over_threads(sketch, &loops[shape.leading..], shape.threads)?;
    sketch.bind(&bx, "blockIdx.x")?;
    for (block, &count) in earlier.iter().zip(&shape.loop_counts).rev() {
        let writes = sketch
            .block(block)
            .and_then(|b| sketch.func().find_block(b))
            .map_or(0, |r| r.block.writes.len());
        for i in 0..writes {
            sketch.emit(
                "set_scope",
                vec![
                    ("block", name(block)),
                    ("buffer_index", Arg::Int(i as i64)),
                    ("storage_scope", Arg::Str("shared".into())),
                ],
                0,
                'l',
            )?;
        }
        sketch.emit(
            "compute_at",
            vec![
                ("block", name(block)),
                ("loop", name(&bx)),
                ("preserve_unit_loops", Arg::Bool(true)),
            ],
            0,
            'l',
        )?;
        let loops = sketch.get_loops(block)?;
        let own = count - shape.leading;
        let trailing = loops[loops.len().saturating_sub(own)..].to_vec();
        spread_over_threads(sketch, &trailing, shape.threads)?;
    }
    Ok(())
}

/// Fuses `loops`, splits the result by `threads`, moves the thread part
/// outermost, binds it to threadIdx.x and unrolls each thread's serial part.
fn spread_over_threads(
    sketch: &mut SketchBuilder,
    loops: &[String],
    threads: i64,
) -> Result<(), StepError> {
    let fused = if loops.len() == 1 {
        loops[0].clone()
    } else {
        sketch.fuse(loops)?
    };
    let parts = sketch.split(&fused, vec![Arg::Null, Arg::Int(threads)])?;
    let (serial, tx) = (&parts[0], &parts[1]);
    sketch.emit(
        "reorder",
        vec![("ordered_loops", Arg::List(vec![name(tx), name(serial)]))],
        0,
        'l',
    )?;
    sketch.bind(tx, "threadIdx.x")?;
    sketch.annotate(
        serial,
        "pragma_auto_unroll_max_step",
        Arg::Int(UNROLL_DEPTH),
    )?;
    sketch.annotate(serial, "pragma_unroll_explicit", Arg::Int(1))?;
    Ok(())
}
