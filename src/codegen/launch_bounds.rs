//! `__launch_bounds__(threads, min_blocks)`: how many blocks per SM the
//! compiler must leave registers for.
//!
//! A register-tiled kernel (a GEMM's `C_local[64]` plus its fragments) lands
//! just above an occupancy step when NVCC is free to choose: 137 registers at
//! 256 threads fits one block per SM where 128 fits two, and the kernel runs
//! 15% slower for it (4096³ fp32 GEMM on the H100: 4.40 ms vs 3.71 ms, same
//! CUDA otherwise). So for kernels whose per-thread arrays dominate their
//! registers, ask for the most blocks whose register budget still holds the
//! arrays plus room for indices and addresses. Kernels without such arrays get
//! no second argument: their register needs are not known here, and a budget
//! too small would make NVCC spill.

use crate::launch_limits::LaunchLimits;

/// The register file (one block's registers are the SM's whole file) and the
/// per-thread cap, from the one table of hardware limits.
const LIMITS: LaunchLimits = LaunchLimits::H100;
/// Threads per SM on the smallest of them (sm_86/sm_89; sm_80/sm_90 have 2048).
const THREADS_PER_SM: u64 = 1_536;
/// Registers a thread needs besides its arrays: indices, addresses, loop counters.
const HEADROOM: u64 = 24;
/// Below this many 32-bit words of per-thread arrays, the estimate says too little.
const MIN_ARRAY_WORDS: u64 = 32;

/// The `min_blocks` argument for a kernel of `threads` threads per block whose
/// per-thread (local) arrays take `local_bytes`, or `None` to leave it out.
pub fn min_blocks_per_sm(threads: u64, local_bytes: u64) -> Option<u64> {
    let words = local_bytes.div_ceil(4);
    if threads == 0 || words < MIN_ARRAY_WORDS {
        return None;
    }
    let need = words + HEADROOM;
    let warps = threads.div_ceil(32);
    (2..=4u64).rev().find(|&blocks| {
        let budget = (LIMITS.max_registers_per_block / (blocks * warps * 32) / 8 * 8)
            .min(LIMITS.max_registers_per_thread);
        blocks * threads <= THREADS_PER_SM && budget >= need
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_register_tiled_gemm_asks_for_two_blocks() {
        // C_local[64] + A fragments[32] + B fragments[8] at 256 threads: 128 registers fit.
        assert_eq!(min_blocks_per_sm(256, (64 + 32 + 8) * 4), Some(2));
        // Seed 000 stage 5: 80 words, still two (three would leave 85 registers).
        assert_eq!(min_blocks_per_sm(256, 80 * 4), Some(2));
    }

    #[test]
    fn arrays_too_large_for_two_blocks_get_no_bound() {
        assert_eq!(min_blocks_per_sm(256, 128 * 4), None);
    }

    #[test]
    fn small_or_no_arrays_get_no_bound() {
        assert_eq!(min_blocks_per_sm(256, 0), None);
        assert_eq!(min_blocks_per_sm(128, 16 * 4), None);
        assert_eq!(min_blocks_per_sm(0, 1024), None);
    }

    #[test]
    fn small_blocks_ask_for_more_of_them() {
        // 64 threads, 40 words: four blocks leave 255 registers (capped), plenty.
        assert_eq!(min_blocks_per_sm(64, 40 * 4), Some(4));
        // 512 threads: two blocks leave 64 registers, enough for 32 words, not for 64.
        assert_eq!(min_blocks_per_sm(512, 32 * 4), Some(2));
        assert_eq!(min_blocks_per_sm(512, 64 * 4), None);
    }
}
