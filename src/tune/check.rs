//! Every check a candidate passes before it may run on a GPU: the trace replays
//! with its decisions, lowering and code generation succeed, the launch fits the
//! limits of current NVIDIA GPUs, and (where libnvrtc is present) NVRTC compiles it.
//! Each failure is an `Invalid` whose `reason` groups it for the counts.

use super::phases::{timed, Phase};
use super::space::Replayed;
use super::Invalid;
use crate::codegen::{CodegenError, CudaKernel, CudaOutput, KernelLaunch};
use crate::launch_limits::{kib, LaunchLimits};
use crate::lower::LowerError;
use crate::runtime::{nvrtc_available, nvrtc_compile, ChildCompiler, CompileError, DEFAULT_ARCH};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// `local` arrays per thread beyond what 255 registers hold. Such a candidate
/// spills, and its unrolled body (register tile x virtual threads x unrolled K)
/// can take NVRTC minutes to compile, stalling the whole batch (seen on the H100
/// with the seed-000 space), so the search skips it as TVM's VerifyGPUCode skips
/// over-limit candidates. A policy of the search, not a hardware limit.
pub const MAX_LOCAL_PER_THREAD: u32 = 1024;

/// A candidate that passed every check: what the GPU runs.
#[derive(Clone, Debug)]
pub struct Built {
    pub replayed: Replayed,
    pub kernel: CudaKernel,
}

/// Whether to compile with NVRTC as part of the checks.
#[derive(Clone, Debug, PartialEq)]
pub enum Nvrtc {
    /// In process, when libnvrtc can be loaded here (cannot be stopped).
    IfAvailable,
    /// In a child process (`tirtui compile-kernel`, or the command of
    /// `$TIRTUI_COMPILE_COMMAND`) when libnvrtc can be loaded here or a
    /// compile command is set: killed past its limit, or when the build's
    /// stop flag is set, so a stop never waits for NVRTC (issue 31).
    Child(Arc<ChildCompiler>),
    Skip,
}

impl Nvrtc {
    /// Checks in a child compile with `limit`; in process when this
    /// executable cannot be found to start one.
    pub fn in_child(limit: Option<Duration>) -> Nvrtc {
        match ChildCompiler::new(limit) {
            Ok(c) => Nvrtc::Child(Arc::new(c)),
            Err(_) => Nvrtc::IfAvailable,
        }
    }
}

/// Runs every check after the replay on a replayed candidate.
pub fn build(replayed: Replayed, nvrtc: Nvrtc) -> Result<Built, Invalid> {
    build_stoppable(replayed, &nvrtc, &AtomicBool::new(false))
}

/// `build`, whose NVRTC check (in a child) is killed once `stop` is set:
/// the candidate then fails as stopped (`Invalid::build_thread_stopped`).
pub fn build_stoppable(
    replayed: Replayed,
    nvrtc: &Nvrtc,
    stop: &AtomicBool,
) -> Result<Built, Invalid> {
    timed(Phase::Codegen, || generate_checked(replayed)).and_then(|(replayed, out)| {
        compile_checked(&out.kernel, nvrtc, stop)?;
        Ok(Built {
            replayed,
            kernel: out.kernel,
        })
    })
}

/// The candidate's CUDA (VerifyGPUCode's lowering when it ran, else lowered
/// here), checked against the launch limits and the workload's layouts.
fn generate_checked(mut replayed: Replayed) -> Result<(Replayed, CudaOutput), Invalid> {
    let out = match replayed.lowered.take() {
        Some(out) => *out,
        None => crate::codegen::generate(&replayed.func).map_err(|e| Invalid {
            reason: match &e {
                CodegenError::Lower(l) => lower_reason(l),
                other => format!("code generation ({})", variant(other)),
            },
            detail: e.to_string(),
        })?,
    };
    check_launch(&out.kernel)?;
    // The measurement checks against the workload's layouts (see session::run).
    if let Some(layout) = out.kernel.args.iter().find_map(|a| a.layout.as_ref()) {
        return Err(Invalid {
            reason: "parameter layout changed".into(),
            detail: layout.clone(),
        });
    }
    Ok((replayed, out))
}

fn compile_checked(kernel: &CudaKernel, nvrtc: &Nvrtc, stop: &AtomicBool) -> Result<(), Invalid> {
    let refused = |detail: String| Invalid {
        reason: "NVRTC compile".into(),
        detail,
    };
    match nvrtc {
        Nvrtc::IfAvailable if nvrtc_available() => {
            nvrtc_compile(kernel, DEFAULT_ARCH).map_err(|e| refused(e.to_string()))?;
        }
        // A compile command of its own needs no libnvrtc here (a stand-in).
        Nvrtc::Child(child) if child.is_command() || nvrtc_available() => {
            match child.compile(kernel, DEFAULT_ARCH, stop) {
                Ok(_) => {}
                Err(CompileError::Stopped) => return Err(Invalid::build_thread_stopped()),
                Err(e @ CompileError::TimedOut { .. }) => {
                    return Err(Invalid {
                        reason: super::shared_compile::COMPILE_TIME_LIMIT_REASON.into(),
                        detail: e.to_string(),
                    })
                }
                Err(CompileError::Failed(log)) => return Err(refused(log)),
            }
        }
        _ => {}
    }
    Ok(())
}

/// Whether `steps` replay on `func` and the program lowers to kernels within
/// the launch limits: what a zero-search default or a proposed sketch must
/// pass before it is offered (a rule's fixed tiles may not fit every shape).
pub fn steps_launch(func: &crate::ir::PrimFunc, steps: &[crate::trace::Step]) -> bool {
    let mut trace = crate::trace::Trace::new(func.clone());
    if steps.iter().any(|s| trace.push(s.clone()).is_err()) {
        return false;
    }
    crate::codegen::generate(trace.func()).is_ok_and(|out| check_launch(&out.kernel).is_ok())
}

/// Every kernel's launch configuration against the hardware limits.
pub fn check_launch(k: &CudaKernel) -> Result<(), Invalid> {
    for launch in k.launch_list() {
        check_one_launch(&launch)?;
    }
    Ok(())
}

fn check_one_launch(k: &KernelLaunch) -> Result<(), Invalid> {
    let limits = LaunchLimits::H100;
    let [bx, by, bz] = k.block.map(u64::from);
    let [gx, gy, gz] = k.grid.map(u64::from);
    let threads = bx * by * bz;
    let fail = |reason: String, detail: String| Err(Invalid { reason, detail });
    if threads > limits.max_threads_per_block {
        return fail(
            format!("threads per block > {}", limits.max_threads_per_block),
            format!("block ({bx}, {by}, {bz}) has {threads} threads"),
        );
    }
    if bz > limits.max_block_dim[2] {
        return fail(
            format!("blockDim.z > {}", limits.max_block_dim[2]),
            format!("block ({bx}, {by}, {bz})"),
        );
    }
    if gx > limits.max_grid_dim[0] {
        return fail(
            format!("gridDim.x > {}", limits.max_grid_dim[0]),
            format!("grid x {gx}"),
        );
    }
    if gy > limits.max_grid_dim[1] || gz > limits.max_grid_dim[2] {
        return fail(
            format!("gridDim.y/z > {}", limits.max_grid_dim[1]),
            format!("grid y {gy}, z {gz}"),
        );
    }
    if u64::from(k.static_shared_bytes) > limits.max_static_shared_bytes {
        return fail(
            format!(
                "static shared memory > {}",
                kib(limits.max_static_shared_bytes)
            ),
            format!("{} bytes", k.static_shared_bytes),
        );
    }
    if u64::from(k.dynamic_shared_bytes) > limits.max_shared_bytes_optin {
        return fail(
            format!(
                "dynamic shared memory > {}",
                kib(limits.max_shared_bytes_optin)
            ),
            format!("{} bytes", k.dynamic_shared_bytes),
        );
    }
    if k.local_bytes > MAX_LOCAL_PER_THREAD {
        return fail(
            "local arrays > 1 KiB per thread (would spill)".into(),
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
        LowerError::TooManyThreads { limit, .. } => format!("threads per block > {limit}"),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn launch(block: [u32; 3], dynamic_shared_bytes: u32) -> KernelLaunch {
        KernelLaunch {
            name: "k".into(),
            grid: [1, 1, 1],
            block,
            dynamic_shared_bytes,
            static_shared_bytes: 0,
            local_bytes: 0,
            args: vec![],
        }
    }

    #[test]
    fn launch_reasons_name_the_tables_limits() {
        let reason = |l: KernelLaunch| check_one_launch(&l).unwrap_err().reason;
        assert_eq!(reason(launch([64, 32, 1], 0)), "threads per block > 1024");
        assert_eq!(reason(launch([1, 1, 128], 0)), "blockDim.z > 64");
        assert_eq!(
            reason(launch([32, 1, 1], 228 * 1024)),
            "dynamic shared memory > 227 KiB"
        );
        assert!(check_one_launch(&launch([32, 32, 1], 227 * 1024)).is_ok());
    }
}
