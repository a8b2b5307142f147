//! VerifyGPUCode: refuses a schedule the GPU cannot run or MetaSchedule's
//! rules ruled out, without a GPU: a block annotated
//! `meta_schedule.thread_extent_low_inclusive` / `_high_inclusive` whose
//! threadIdx.x * y * z (the bindings around it) falls outside the range; a
//! vectorized access wider than 16 bytes; and, on the lowered program, more
//! threads per block or shared memory per block than the card allows, or a
//! program lowering refuses. A block annotated `warp_execution` counts its
//! warp's 32 lanes as threadIdx.x, as TVM's check does.
//!
//! TVM's `max_vthread: 8` is not checked: TVM applies it only to an axis
//! named bare `vthread` (MetaSchedule binds `vthread.x`, and accepts 14 of
//! them in a recorded conv2d trace), which tirtui does not have.

use super::PostprocError;
use crate::codegen::CudaOutput;
use crate::ir::{AnnValue, ForKind, PrimFunc, Stmt, ThreadAxis};
use crate::launch_limits::LaunchLimits;
use crate::trace::Arg;

const NAME: &str = "VerifyGPUCode";
const LOW: &str = "meta_schedule.thread_extent_low_inclusive";
const HIGH: &str = "meta_schedule.thread_extent_high_inclusive";
const TILING_STRUCTURE: &str = "meta_schedule.tiling_structure";
const WARP_EXECUTION: &str = "warp_execution";
/// TVM's `thread_warp_size` for CUDA.
const WARP_SIZE: i64 = 32;
/// The tiling structure tirtui's MultiLevelTilingRegisterReuse annotates
/// (`design_space::register_reuse::STRUCTURE`).
pub const REGISTER_REUSE_STRUCTURE: &str = "SSSRRS";

/// The limits checked; `default()` is MetaSchedule's for an sm_80 target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuLimits {
    pub max_threads_per_block: u64,
    pub max_shared_memory_per_block: u64,
    pub max_vector_bytes: i64,
}

impl GpuLimits {
    /// The limits for a candidate of `steps`: TVM's (`default`), but for a
    /// trace of tirtui's MultiLevelTilingRegisterReuse sketch (its block
    /// annotated `meta_schedule.tiling_structure` = `SSSRRS`), whose shared
    /// tiles are double-buffered by design and may take the shared memory a
    /// block can opt in to (codegen declares shared memory dynamic; the
    /// runtime opts in): TVM's CUDA rules stay within 48 KiB.
    pub fn for_steps(steps: &[crate::trace::Step]) -> GpuLimits {
        let register_reuse = steps.iter().any(|s| {
            s.op == "annotate"
                && matches!(s.arg("ann_key"), Some(Arg::Str(k)) if k == TILING_STRUCTURE)
                && matches!(s.arg("ann_val"), Some(Arg::Str(v)) if v == REGISTER_REUSE_STRUCTURE)
        });
        let mut limits = GpuLimits::default();
        if register_reuse {
            limits.max_shared_memory_per_block = LaunchLimits::H100.max_shared_bytes_optin;
        }
        limits
    }
}

impl Default for GpuLimits {
    fn default() -> GpuLimits {
        GpuLimits {
            max_threads_per_block: 1024,
            max_shared_memory_per_block: 49152,
            max_vector_bytes: 16,
        }
    }
}

fn refused(why: String, hint: &'static str) -> PostprocError {
    PostprocError::Refused {
        postproc: NAME,
        why,
        hint,
    }
}

pub fn verify(func: &PrimFunc, limits: &GpuLimits) -> Result<(), PostprocError> {
    verify_lowered(func, limits).map(|_| ())
}

/// `verify`, returning the program as it lowered: the tuner generates each
/// candidate's CUDA once, here, instead of again after the check.
pub fn verify_lowered(func: &PrimFunc, limits: &GpuLimits) -> Result<CudaOutput, PostprocError> {
    let mut walk = Walk {
        func,
        limits,
        threads: [1, 1, 1],
    };
    walk.stmt(&func.body)?;
    let out = crate::codegen::generate(func).map_err(|e| {
        refused(
            format!("the program does not lower: {e}"),
            "change the schedule until `tirtui replay --emit cuda` accepts it",
        )
    })?;
    for k in out.kernel.launch_list() {
        let threads: u64 = k.block.iter().map(|d| u64::from(*d)).product();
        if threads > limits.max_threads_per_block {
            return Err(refused(
                format!(
                    "kernel `{}` has {threads} threads per block, more than {}",
                    k.name, limits.max_threads_per_block
                ),
                "bind smaller loops to threadIdx",
            ));
        }
        let shared = u64::from(k.static_shared_bytes) + u64::from(k.dynamic_shared_bytes);
        if shared > limits.max_shared_memory_per_block {
            return Err(refused(
                format!(
                    "kernel `{}` uses {shared} bytes of shared memory per block, more than {}",
                    k.name, limits.max_shared_memory_per_block
                ),
                "cache smaller tiles in shared memory",
            ));
        }
    }
    Ok(out)
}

struct Walk<'a> {
    func: &'a PrimFunc,
    limits: &'a GpuLimits,
    /// Extents of threadIdx.x, y, z bound around the current statement.
    threads: [i64; 3],
}

impl Walk<'_> {
    fn stmt(&mut self, s: &Stmt) -> Result<(), PostprocError> {
        match s {
            Stmt::For(l) => {
                let saved = self.threads;
                let extent = l.extent.as_int();
                match (l.kind, extent) {
                    (ForKind::ThreadBinding(ThreadAxis::ThreadIdx(d)), Some(e)) => {
                        self.threads[usize::from(d).min(2)] = e;
                    }
                    (ForKind::Vectorized, Some(e)) => self.check_vector(l, e)?,
                    _ => {}
                }
                self.stmt(&l.body)?;
                self.threads = saved;
                Ok(())
            }
            Stmt::BlockRealize(r) => {
                // As TVM's ThreadExtentChecker: a block whose warp runs it
                // (tensor-core intrinsics) counts the warp's lanes as
                // threadIdx.x, for itself and the blocks inside.
                let saved = self.threads;
                if r.block.annotations.iter().any(|(k, _)| k == WARP_EXECUTION) {
                    self.threads[0] = WARP_SIZE;
                }
                self.check_thread_extent(&r.block)?;
                let mut result = Ok(());
                s.for_each_child(|c| {
                    if result.is_ok() {
                        result = self.stmt(c);
                    }
                });
                self.threads = saved;
                result
            }
            _ => {
                let mut result = Ok(());
                s.for_each_child(|c| {
                    if result.is_ok() {
                        result = self.stmt(c);
                    }
                });
                result
            }
        }
    }

    fn check_thread_extent(&self, block: &crate::ir::Block) -> Result<(), PostprocError> {
        let ann = |key: &str| {
            block
                .annotations
                .iter()
                .find(|(k, _)| k == key)
                .and_then(|(_, v)| match v {
                    AnnValue::Int(i) => Some(*i),
                    _ => None,
                })
        };
        let (Some(low), Some(high)) = (ann(LOW), ann(HIGH)) else {
            return Ok(());
        };
        let product = self.threads.iter().product::<i64>();
        if product < low || product > high {
            return Err(refused(
                format!("block `{}` runs with {product} threads (threadIdx.x * y * z), outside [{low}, {high}] asked by its annotations", block.name),
                "sample tile sizes whose thread-bound product is in the range",
            ));
        }
        Ok(())
    }

    /// A vectorized loop moves `extent` elements of the widest buffer its
    /// blocks read or write at once.
    fn check_vector(&self, l: &crate::ir::For, extent: i64) -> Result<(), PostprocError> {
        let widest = crate::schedule::tree::blocks_in(&l.body)
            .iter()
            .flat_map(|r| r.block.reads.iter().chain(&r.block.writes))
            .map(|region| self.func.buffer(region.buffer).dtype.bytes() as i64)
            .max()
            .unwrap_or(0);
        let bytes = extent.saturating_mul(widest);
        if bytes > self.limits.max_vector_bytes {
            return Err(refused(
                format!(
                    "vectorized loop `{}` moves {bytes} bytes at once, more than {}",
                    self.func.var_name(l.var),
                    self.limits.max_vector_bytes
                ),
                "vectorize fewer lanes (cooperative fetch's vector length)",
            ));
        }
        Ok(())
    }
}
