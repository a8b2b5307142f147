//! The hardware launch limits of a CUDA GPU, written down once.
//!
//! Three stages check a kernel against them: lowering refuses a kernel that
//! cannot launch before any CUDA is printed (`lower::device_limits`,
//! `lower::thread_binding`), the tuner skips such candidates (`tune::check`),
//! and the runtime checks again, with the values the open device reports,
//! before the driver sees a launch (`runtime::launch`).
//!
//! Invariant: a leaf.
//!
//! May use: nothing (a leaf).

/// What one kernel launch may use on a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchLimits {
    /// Threads in one block (all three dimensions together).
    pub max_threads_per_block: u64,
    /// blockDim.x, .y, .z each.
    pub max_block_dim: [u64; 3],
    /// gridDim.x, .y, .z each.
    pub max_grid_dim: [u64; 3],
    /// `__shared__` arrays declared in a kernel, and dynamic shared memory
    /// without the opt-in (CUDA's 48 KiB on every GPU since sm_20).
    pub max_static_shared_bytes: u64,
    /// Static plus dynamic shared memory per block after opting in.
    pub max_shared_bytes_optin: u64,
    /// Local memory per thread (512 KiB on every GPU since sm_20).
    pub max_local_bytes_per_thread: u64,
    /// 32-bit registers one block may use (the SM's whole register file on
    /// every GPU since sm_50: 64 Ki).
    pub max_registers_per_block: u64,
    /// Registers one thread may use (255 on every GPU since sm_35).
    pub max_registers_per_thread: u64,
}

impl LaunchLimits {
    /// An H100 (sm_90): what lowering and the tuner assume without a device.
    pub const H100: LaunchLimits = LaunchLimits {
        max_threads_per_block: 1024,
        max_block_dim: [1024, 1024, 64],
        max_grid_dim: [i32::MAX as u64, 65535, 65535],
        max_static_shared_bytes: 48 * 1024,
        max_shared_bytes_optin: 227 * 1024,
        max_local_bytes_per_thread: 512 * 1024,
        max_registers_per_block: 64 * 1024,
        max_registers_per_thread: 255,
    };
}

impl Default for LaunchLimits {
    fn default() -> Self {
        LaunchLimits::H100
    }
}

/// A byte count as the messages print it: `48 KiB` when whole KiB, else bytes.
pub fn kib(bytes: u64) -> String {
    if bytes.is_multiple_of(1024) {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} B")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_h100_table_is_cudas() {
        let l = LaunchLimits::default();
        assert_eq!(l, LaunchLimits::H100);
        assert_eq!(l.max_block_dim[2], 64);
        assert_eq!(l.max_grid_dim, [2_147_483_647, 65535, 65535]);
        assert_eq!(kib(l.max_shared_bytes_optin), "227 KiB");
        assert_eq!(kib(1000), "1000 B");
    }
}
