//! MultiLevelTilingTensorCore for the tuner's space: a GEMM block whose dtypes
//! an mma.sync intrinsic takes (fp16 -> fp32 / fp16, bf16 -> fp32, int8 ->
//! int32, a leading batch allowed) gets a tensor-core sketch instead of the
//! SIMT MultiLevelTiling ones, as TVM's `cuda-tensorcore` rules give such a
//! block tensor-core sketches only.
//!
//! The sketch is the tensor-core default's recipe (`tc_matmul`: blockize on
//! the 16 x 16 x k tile, shared tiles padded by `storage_align`, ldmatrix into
//! warp registers, mma.sync, the accumulators stored from registers, the
//! shipped sessions' cp.async software pipeline) with TVM's decisions
//! sampled: `sample_perfect_tile` n = 5 over the 16 x 16 tiles along i and j
//! and n = 3 along k (innermost at most 4, TVM's `max_innermost_factor` for
//! tensor cores), levels 1 and 2 bound to the grid, level 3 to the warps
//! (`threadIdx.y`, `warp_execution` for the lanes), and the shared copies
//! left to RewriteCooperativeFetch with a sampled vector length.
//!
//! Differences from TVM 0.27's rule (its wmma sketches for an fp16 GEMM
//! are in tests/data/ms_traces_tc): tirtui's mma.sync + ldmatrix
//! intrinsics rather than wmma (the family that lowers fastest here: the
//! shipped 0.30 ms sessions of the 4096³ fp16 GEMM); no `reindex` /
//! `transform_block_layout` steps (the workloads this rule takes are already
//! in (i, j, k) form); the intrinsics are tensorized in the sketch itself, not
//! through `meta_schedule.auto_tensorize` and RewriteTensorize (the replayed
//! program is the same); one pipelined sketch, not TVM's unpipelined and
//! pipelined pair. Requires sm_80 (cp.async, ldmatrix).

use super::builder::SketchBuilder;
use super::tc_matmul;
use super::GpuTarget;
use crate::trace::StepError;

/// The tensor-core sketch of `block` when the rule applies (None: the SIMT
/// MultiLevelTiling's turn).
pub(super) fn apply(
    sketch: &SketchBuilder,
    block: &str,
    target: &GpuTarget,
) -> Result<Option<SketchBuilder>, StepError> {
    if target.sm < 80 {
        return Ok(None);
    }
    let Ok(gemm) = tc_matmul::analyse_sampled(sketch, block) else {
        return Ok(None);
    };
    let mut tc = sketch.clone();
    tc_matmul::write_sampled_steps(&mut tc, block, &gemm)?;
    Ok(Some(tc))
}
