//! The launch limits a kernel must respect, checked before any CUDA is printed:
//! threads per block, shared memory per block (static arrays and the dynamic
//! pool), local memory per thread. A kernel over a limit cannot launch; the
//! error names the buffer or axis at fault and what to change.
//!
//! TVM: src/tir/analysis/verify_gpu_code.cc (VerifyGPUCode), which TVM runs
//! only when asked; tirtui always runs it. The numbers come from the one table
//! of limits (`crate::launch_limits`, an H100's by default); `runtime` checks
//! the real device's limits again before launching. Registers are known only
//! after compilation: the runtime reports them.
//!
//! Invariant: pure check over a fully lowered `lir`; changes nothing.

use super::flatten_buffer::alloc_size;
use super::lir::{LStmt, Lowered};
use super::LowerError;
pub use crate::launch_limits::LaunchLimits;

/// Checks `f` (after `merge_shared_memory`) against `limits`.
pub fn check(f: &Lowered, limits: &LaunchLimits) -> Result<(), LowerError> {
    if let Some(launch) = &f.launch {
        if launch.threads() > limits.max_threads_per_block {
            return Err(LowerError::TooManyThreads {
                total: launch.threads(),
                dims: format!("{:?}", launch.block),
                limit: limits.max_threads_per_block,
            });
        }
    }
    let bytes = |b: crate::ir::BufferId| -> Option<u64> {
        let buf = f.buffer(b);
        let n = u64::try_from(alloc_size(buf)?).ok()?;
        n.checked_mul(buf.dtype.bytes() as u64)
    };
    // Largest first: the buffer to shrink.
    let mut shared: Vec<(String, Option<u64>)> = Vec::new();
    if let Some(layout) = &f.shared {
        for s in &layout.slots {
            shared.push((f.buffer(s.buffer).name.clone(), bytes(s.buffer)));
        }
        let total = if layout.merged {
            layout.bytes_after_merge
        } else {
            layout.bytes_before_merge
        };
        let unknown = shared.iter().any(|(_, b)| b.is_none());
        let limit = limits.max_shared_bytes_optin;
        if unknown || total > limit {
            shared.sort_by_key(|(_, b)| std::cmp::Reverse(b.unwrap_or(u64::MAX)));
            return Err(LowerError::DeviceLimit {
                what: "shared memory per block".into(),
                needed: if unknown { u64::MAX } else { total },
                limit,
                culprits: culprits(&shared),
                hint: format!(
                    "use smaller tiles for {} (split the loops it is computed under with smaller factors), or keep it in local memory",
                    shared.first().map_or("the shared buffers", |s| s.0.as_str())
                ),
            });
        }
        if !layout.merged && total > limits.max_static_shared_bytes {
            return Err(LowerError::DeviceLimit {
                what: "static shared memory per block".into(),
                needed: total,
                limit: limits.max_static_shared_bytes,
                culprits: shared
                    .iter()
                    .map(|(n, b)| format!("{n} {} B", b.unwrap_or(0)))
                    .collect(),
                hint: "use smaller tiles".into(),
            });
        }
    }
    let mut local: Vec<(String, Option<u64>)> = Vec::new();
    let mut seen = Vec::new();
    f.body.visit(&mut |s| {
        if let LStmt::Alloc(a) = s {
            let buf = f.buffer(a.buffer);
            if buf.scope.is_thread_private() && !seen.contains(&a.buffer) {
                seen.push(a.buffer);
                local.push((buf.name.clone(), bytes(a.buffer)));
            }
        }
    });
    let total = local
        .iter()
        .try_fold(0u64, |acc, (_, b)| acc.checked_add((*b)?));
    let limit = limits.max_local_bytes_per_thread;
    if total.is_none_or(|t| t > limit) {
        local.sort_by_key(|(_, b)| std::cmp::Reverse(b.unwrap_or(u64::MAX)));
        return Err(LowerError::DeviceLimit {
            what: "local memory per thread".into(),
            needed: total.unwrap_or(u64::MAX),
            limit,
            culprits: culprits(&local),
            hint: format!(
                "{} holds more than one thread can: compute it at a loop inside the thread bindings (compute_at/reverse_compute_at) so that each thread keeps only its tile",
                local.first().map_or("a local buffer", |s| s.0.as_str())
            ),
        });
    }
    Ok(())
}

/// Buffers and their sizes for an error, largest first as the caller sorted them.
fn culprits(buffers: &[(String, Option<u64>)]) -> Vec<String> {
    buffers
        .iter()
        .map(|(n, b)| match b {
            Some(b) => format!("{n} {b} B"),
            None => format!("{n} (size overflows)"),
        })
        .collect()
}
