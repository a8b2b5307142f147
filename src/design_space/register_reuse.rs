//! MultiLevelTilingRegisterReuse: tirtui's own sketches for a SIMT GEMM
//! block, the space of the hand-written fp32 GEMM sessions
//! (`sessions/gemm_000_7_tuned.yaml`, `sessions/gemm_4096_2_wide.yaml`),
//! which MetaSchedule's CUDA MultiLevelTiling cannot express: its read reuse
//! is in shared memory only (level 4) and it has no register pipeline.
//!
//! The steps, all ordinary primitives with TVM's names and annotation keys:
//! both inputs cached in `shared` at the outer K loop and in `local`
//! (register fragments) at the inner K loop, the output in `local` under the
//! thread loop; i and j split by `sample_perfect_tile` n=4 (blockIdx,
//! vthread, threadIdx, per thread: at most 8 rows, at most 4 columns so the
//! B fragment and the write-back are one vector of at most 16 bytes) and K
//! by n=2 (inner at most 32); the shared copies left to
//! RewriteCooperativeFetch with a `sample_categorical` of [1, 2, 4] lanes;
//! the B fragment load and the C write-back vectorized; the inner K loop
//! unrolled; the outer K loop software-pipelined with the shared copies
//! asynchronous (cp.async, two buffers). Two sketches: one also pipelines the
//! register fragments along the inner K loop (the 1024³ session), one does
//! not (the 4096³ session). Generated on sm_80 and later (cp.async), for a
//! block `matmul::gemm_shape` takes (a leading batch bound to blockIdx.z).
//! Double-buffered tiles outgrow TVM's 48 KiB of shared memory (the 4096³
//! session's take 96 KiB): VerifyGPUCode allows such a trace the opt-in
//! maximum (`GpuLimits::for_steps`, keyed on `STRUCTURE`).
//!
//! Not in TVM's space, so `Sketch::from_metaschedule` tells these apart:
//! the comparisons with TVM's recorded sketches leave them out.

use super::analysis::{self, TILING_STRUCTURE};
use super::builder::{name, SketchBuilder};
use super::matmul::{gemm_shape, GemmShape};
use super::multi_level_tiling::THREAD_EXTENT_HIGH;
use super::GpuTarget;
use crate::trace::{Arg, StepError};

/// The rule's name in a sketch's `applied` log.
pub const RULE: &str = "MultiLevelTilingRegisterReuse";
/// The levels of the tiled block: blockIdx, vthread, threadIdx (i and j),
/// the K loops, then the per-thread tile.
pub const STRUCTURE: &str = "SSSRRS";
const MAX_ROWS_PER_THREAD: i64 = 8;
/// Four fp32 columns: one 16-byte vector (VerifyGPUCode's limit).
const MAX_COLUMNS_PER_THREAD: i64 = 4;
const MAX_INNER_K: i64 = 32;
pub const FETCH_LANES: [i64; 3] = [1, 2, 4];
/// CUDA's largest grid extent along z (the batch).
const MAX_GRID_Z: i64 = 65_535;

/// Whether the fragments of A and B are pipelined in registers too.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pipeline {
    SharedOnly,
    SharedAndRegisters,
}

/// The original sketch, then the two register-reuse sketches when the block
/// is a GEMM this rule tiles (else the sketch alone).
pub(super) fn apply(
    sketch: SketchBuilder,
    block: &str,
    target: &GpuTarget,
) -> Result<Vec<SketchBuilder>, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(vec![sketch]);
    };
    let func = sketch.func();
    if target.sm < 80
        || analysis::has_been_multi_level_tiled(func, b)
        || !analysis::needs_multi_level_tiling(func, b)
    {
        return Ok(vec![sketch]);
    }
    let Ok(shape) = gemm_shape(func, b) else {
        return Ok(vec![sketch]);
    };
    if shape.batch.is_some_and(|n| n > MAX_GRID_Z) {
        return Ok(vec![sketch]);
    }
    let mut out = vec![sketch.clone()];
    for pipeline in [Pipeline::SharedAndRegisters, Pipeline::SharedOnly] {
        let mut tiled = sketch.clone();
        tile(&mut tiled, block, &shape, pipeline, target)?;
        out.push(tiled);
    }
    Ok(out)
}

/// `cache_read` of input `index` into `scope`; the copy's handle.
fn cache_read(
    sketch: &mut SketchBuilder,
    block: &str,
    index: usize,
    scope: &str,
) -> Result<String, StepError> {
    let args = vec![
        ("block", name(block)),
        ("read_buffer_index", Arg::Int(index as i64)),
        ("storage_scope", Arg::Str(scope.into())),
    ];
    Ok(sketch.emit("cache_read", args, 1, 'b')?.remove(0))
}

/// `sample_perfect_tile` then `split` of one loop; the pieces.
fn sample_split(
    sketch: &mut SketchBuilder,
    loop_: &str,
    n: usize,
    max_innermost: i64,
) -> Result<Vec<String>, StepError> {
    let args = vec![
        ("loop", name(loop_)),
        ("n", Arg::Int(n as i64)),
        ("max_innermost_factor", Arg::Int(max_innermost)),
    ];
    let factors = sketch.emit("sample_perfect_tile", args, n, 'v')?;
    sketch.split(loop_, factors.iter().map(|f| name(f)).collect())
}

/// `compute_at` / `reverse_compute_at`, unit loops kept: the copy's loop
/// count, which later `get_loops` steps name, must not depend on the
/// decisions.
fn place(sketch: &mut SketchBuilder, op: &str, block: &str, loop_: &str) -> Result<(), StepError> {
    let args = vec![
        ("block", name(block)),
        ("loop", name(loop_)),
        ("preserve_unit_loops", Arg::Bool(true)),
    ];
    sketch.emit(op, args, 0, 'l').map(drop)
}

/// Vectorizes the innermost loop of `block`.
fn vectorize_innermost(sketch: &mut SketchBuilder, block: &str) -> Result<(), StepError> {
    let loops = sketch.get_loops(block)?;
    match loops.last() {
        Some(l) => sketch
            .emit("vectorize", vec![("loop", name(l))], 0, 'l')
            .map(drop),
        None => Ok(()),
    }
}

fn tile(
    sketch: &mut SketchBuilder,
    block: &str,
    shape: &GemmShape,
    pipeline: Pipeline,
    target: &GpuTarget,
) -> Result<(), StepError> {
    sketch.annotate(block, TILING_STRUCTURE, Arg::Str(STRUCTURE.into()))?;
    let a_sh = cache_read(sketch, block, shape.a_index, "shared")?;
    let a_l = cache_read(sketch, block, shape.a_index, "local")?;
    let b_sh = cache_read(sketch, block, shape.b_index, "shared")?;
    let b_l = cache_read(sketch, block, shape.b_index, "local")?;
    let write_args = vec![
        ("block", name(block)),
        ("write_buffer_index", Arg::Int(0)),
        ("storage_scope", Arg::Str("local".into())),
    ];
    let c_l = sketch.emit("cache_write", write_args, 1, 'b')?.remove(0);
    let all = sketch.get_loops(block)?;
    let (batch, loops) = match shape.batch {
        Some(_) => (all.first().cloned(), &all[1..]),
        None => (None, &all[..]),
    };
    let [i, j, k] = loops else {
        return Ok(());
    };
    let i = sample_split(sketch, i, 4, MAX_ROWS_PER_THREAD)?;
    let j = sample_split(sketch, j, 4, MAX_COLUMNS_PER_THREAD)?;
    let k = sample_split(sketch, k, 2, MAX_INNER_K)?;
    let order: Vec<Arg> = batch
        .iter()
        .chain([
            &i[0], &j[0], &i[1], &j[1], &i[2], &j[2], &k[0], &k[1], &i[3], &j[3],
        ])
        .map(|l| name(l))
        .collect();
    sketch.emit("reorder", vec![("ordered_loops", Arg::List(order))], 0, 'l')?;
    super::matmul::bind_gemm_tiles(sketch, &i, &j, batch.as_deref())?;
    // VerifyGPUCode's thread range, as MultiLevelTiling asks for it.
    let low = Arg::Int(target.warp_size);
    sketch.annotate(block, "meta_schedule.thread_extent_low_inclusive", low)?;
    let high = Arg::Int(THREAD_EXTENT_HIGH);
    sketch.annotate(block, "meta_schedule.thread_extent_high_inclusive", high)?;
    place(sketch, "compute_at", &a_l, &k[1])?;
    place(sketch, "compute_at", &b_l, &k[1])?;
    place(sketch, "compute_at", &a_sh, &k[0])?;
    place(sketch, "compute_at", &b_sh, &k[0])?;
    place(sketch, "reverse_compute_at", &c_l, &j[2])?;
    for copy in [&a_sh, &b_sh] {
        let loops = sketch.get_loops(copy)?;
        sketch.fuse(&loops[loops.len().saturating_sub(2)..])?;
        let lanes = sketch.sample_categorical(&FETCH_LANES)?;
        sketch.annotate(copy, "meta_schedule.cooperative_fetch", name(&lanes))?;
    }
    vectorize_innermost(sketch, &b_l)?;
    vectorize_innermost(sketch, &c_l)?;
    sketch.emit("unroll", vec![("loop", name(&k[1]))], 0, 'l')?;
    annotate_pipelines(sketch, &k[0], &k[1], pipeline)
}

/// The software pipelines: the shared tiles of the next K step copied
/// (asynchronously) while this one computes; with registers, the fragments
/// of the next inner K step loaded while this one multiplies. The inner
/// pipeline is lowered first and leaves five statements in the outer loop
/// (the two copies, its prologue, body and epilogue), hence the longer
/// outer annotation.
fn annotate_pipelines(
    sketch: &mut SketchBuilder,
    k_outer: &str,
    k_inner: &str,
    pipeline: Pipeline,
) -> Result<(), StepError> {
    let ints = |v: &[i64]| Arg::List(v.iter().map(|i| Arg::Int(*i)).collect());
    let (stage, order) = match pipeline {
        Pipeline::SharedAndRegisters => {
            sketch.annotate(k_inner, "software_pipeline_stage", ints(&[0, 0, 1]))?;
            sketch.annotate(k_inner, "software_pipeline_order", ints(&[0, 1, 2]))?;
            (ints(&[0, 0, 1, 1, 1]), ints(&[0, 1, 2, 3, 4]))
        }
        Pipeline::SharedOnly => (ints(&[0, 0, 1]), ints(&[0, 1, 2])),
    };
    sketch.annotate(k_outer, "software_pipeline_stage", stage)?;
    sketch.annotate(k_outer, "software_pipeline_order", order)?;
    sketch.annotate(k_outer, "software_pipeline_async_stages", ints(&[0]))
}
