//! Every check a candidate passes before it may run on a GPU: the trace replays
//! with its decisions, lowering and code generation succeed, the launch fits the
//! limits of current NVIDIA GPUs, and (where libnvrtc is present) NVRTC compiles it.
//! Each failure is an `Invalid` whose `reason` groups it for the counts.

use super::space::Replayed;
use super::Invalid;
use crate::codegen::{CodegenError, CudaKernel, KernelLaunch};
use crate::lower::LowerError;
use crate::runtime::{nvrtc_available, nvrtc_compile, DEFAULT_ARCH};

/// Launch limits shared by every GPU from sm_70 to sm_90.
pub const MAX_THREADS_PER_BLOCK: u64 = 1024;
pub const MAX_BLOCK_Z: u32 = 64;
pub const MAX_GRID_YZ: u32 = 65535;
/// Static `__shared__` arrays may not exceed 48 KiB on any of them.
pub const MAX_STATIC_SHARED: u32 = 48 * 1024;
/// Dynamic shared memory with the opt-in (the H100's 227 KiB; smaller GPUs
/// refuse larger ones at launch, which is a failed measurement, not a crash).
pub const MAX_DYNAMIC_SHARED: u32 = 227 * 1024;

/// `local` arrays per thread beyond what 255 registers hold. Such a candidate
/// spills, and its unrolled body (register tile x virtual threads x unrolled K)
/// can take NVRTC minutes to compile, stalling the whole batch (seen on the H100
/// with the seed-000 space), so the search skips it as TVM's VerifyGPUCode skips
/// over-limit candidates.
pub const MAX_LOCAL_PER_THREAD: u32 = 1024;

/// A candidate that passed every check: what the GPU runs.
#[derive(Clone, Debug)]
pub struct Built {
    pub replayed: Replayed,
    pub kernel: CudaKernel,
}

/// Whether to compile with NVRTC as part of the checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nvrtc {
    /// When libnvrtc can be loaded here.
    IfAvailable,
    Skip,
}

/// Runs every check after the replay on a replayed candidate.
pub fn build(replayed: Replayed, nvrtc: Nvrtc) -> Result<Built, Invalid> {
    let out = crate::codegen::generate(&replayed.func).map_err(|e| Invalid {
        reason: match &e {
            CodegenError::Lower(l) => lower_reason(l),
            other => format!("code generation ({})", variant(other)),
        },
        detail: e.to_string(),
    })?;
    check_launch(&out.kernel)?;
    if nvrtc == Nvrtc::IfAvailable && nvrtc_available() {
        nvrtc_compile(&out.kernel, DEFAULT_ARCH).map_err(|e| Invalid {
            reason: "NVRTC compile".into(),
            detail: e.to_string(),
        })?;
    }
    Ok(Built {
        replayed,
        kernel: out.kernel,
    })
}

/// Every kernel's launch configuration against the hardware limits.
pub fn check_launch(k: &CudaKernel) -> Result<(), Invalid> {
    for launch in k.launch_list() {
        check_one_launch(&launch)?;
    }
    Ok(())
}

fn check_one_launch(k: &KernelLaunch) -> Result<(), Invalid> {
    let [bx, by, bz] = k.block;
    let [_, gy, gz] = k.grid;
    let threads = u64::from(bx) * u64::from(by) * u64::from(bz);
    let fail = |reason: &str, detail: String| {
        Err(Invalid {
            reason: reason.into(),
            detail,
        })
    };
    if threads > MAX_THREADS_PER_BLOCK {
        return fail(
            "threads per block > 1024",
            format!("block ({bx}, {by}, {bz}) has {threads} threads"),
        );
    }
    if bz > MAX_BLOCK_Z {
        return fail("blockDim.z > 64", format!("block ({bx}, {by}, {bz})"));
    }
    if gy > MAX_GRID_YZ || gz > MAX_GRID_YZ {
        return fail("gridDim.y/z > 65535", format!("grid y {gy}, z {gz}"));
    }
    if k.static_shared_bytes > MAX_STATIC_SHARED {
        return fail(
            "static shared memory > 48 KiB",
            format!("{} bytes", k.static_shared_bytes),
        );
    }
    if k.dynamic_shared_bytes > MAX_DYNAMIC_SHARED {
        return fail(
            "dynamic shared memory > 227 KiB",
            format!("{} bytes", k.dynamic_shared_bytes),
        );
    }
    if k.local_bytes > MAX_LOCAL_PER_THREAD {
        return fail(
            "local arrays > 1 KiB per thread (would spill)",
            format!(
                "{}: {} bytes of local arrays per thread",
                k.name, k.local_bytes
            ),
        );
    }
    Ok(())
}

/// Groups lowering failures; the launch-limit ones by the limit.
fn lower_reason(e: &LowerError) -> String {
    match e {
        LowerError::TooManyThreads { .. } => "threads per block > 1024".into(),
        LowerError::ThreadAxisTooLarge { .. } => "thread axis extent over its limit".into(),
        LowerError::ThreadExtentMismatch { .. } => "thread extents disagree".into(),
        other => format!("lowering ({})", variant(other)),
    }
}

/// The variant name of an error enum value (`ScopeEscape`).
fn variant(e: &impl std::fmt::Debug) -> String {
    let text = format!("{e:?}");
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or("")
        .to_string()
}
