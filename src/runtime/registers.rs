//! The register check: after NVRTC has compiled a kernel the driver knows its
//! registers per thread, and a block whose threads need more registers than
//! the device gives one block does not launch (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
//! which also poisons the context). This says so before launching, naming the
//! kernel and what to change.
//!
//! Invariant: pure arithmetic on numbers the driver reported; no driver calls.

use super::error::RuntimeError;

/// No CUDA architecture gives a thread more than 255 registers.
pub const MAX_REGISTERS_PER_THREAD: u32 =
    crate::launch_limits::LaunchLimits::H100.max_registers_per_thread as u32;

/// What the driver reported for one kernel and its device.
#[derive(Clone, Debug, PartialEq)]
pub struct RegisterUse<'a> {
    pub kernel: &'a str,
    pub device: &'a str,
    /// Registers per thread (CU_FUNC_ATTRIBUTE_NUM_REGS).
    pub registers: u32,
    /// Threads per block of the launch.
    pub threads: u32,
    /// Registers one block may use on the device (CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK).
    pub per_block: u32,
    /// The most threads per block this kernel can launch with, given its
    /// registers and shared memory (CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK).
    pub max_threads: u32,
}

/// An error when the block's registers do not fit, naming the kernel and the fix.
pub fn check(u: &RegisterUse) -> Result<(), RuntimeError> {
    let needed = u.registers as u64 * u.threads as u64;
    let too_many_per_thread = u.registers > MAX_REGISTERS_PER_THREAD;
    if !too_many_per_thread && needed <= u.per_block as u64 && u.threads <= u.max_threads {
        return Ok(());
    }
    let fit = u
        .per_block
        .checked_div(u.registers)
        .map_or(u.max_threads, |t| t.min(u.max_threads));
    Err(RuntimeError::Resources(format!(
        "kernel `{}` needs {} registers per thread x {} threads = {needed} registers per block; \
         {} gives a block {} (and a thread at most {MAX_REGISTERS_PER_THREAD}), so it can launch \
         at most {fit} threads per block. Use fewer threads per block (smaller threadIdx \
         extents) or smaller per-thread tiles (fewer accumulators and unrolled loads per thread)",
        u.kernel, u.registers, u.threads, u.device, u.per_block
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(registers: u32, threads: u32, max_threads: u32) -> RegisterUse<'static> {
        RegisterUse {
            kernel: "main_kernel",
            device: "NVIDIA H100",
            registers,
            threads,
            per_block: 65536,
            max_threads,
        }
    }

    #[test]
    fn a_block_within_the_register_file_passes() {
        assert_eq!(check(&usage(64, 1024, 1024)), Ok(()));
        assert_eq!(check(&usage(255, 256, 256)), Ok(()));
    }

    #[test]
    fn a_block_past_the_register_file_is_a_clear_error() {
        let e = check(&usage(128, 1024, 512)).unwrap_err().to_string();
        assert!(e.contains("kernel `main_kernel`"), "{e}");
        assert!(
            e.contains("128 registers per thread x 1024 threads = 131072"),
            "{e}"
        );
        assert!(e.contains("at most 512 threads per block"), "{e}");
        assert!(e.contains("fewer threads per block"), "{e}");
    }

    #[test]
    fn the_drivers_own_thread_limit_counts_too() {
        // Registers fit, but the driver says the kernel launches at most 256.
        let e = check(&usage(32, 512, 256)).unwrap_err().to_string();
        assert!(e.contains("at most 256 threads per block"), "{e}");
    }

    #[test]
    fn more_than_255_registers_per_thread_is_an_error() {
        assert!(check(&usage(256, 32, 1024)).is_err());
    }
}
