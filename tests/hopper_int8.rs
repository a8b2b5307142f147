//! Issue 32, int8 on Hopper: the s8 wgmma hardware model
//! (`simt::wgmma`, m64nNk32 `.s32.s8.s8`): 32 s8 products summed exactly
//! per element, the s32 accumulator wrapping as the hardware's, both
//! operands K-major (an M/N-major s8 operand or a shape PTX lacks is
//! refused). The int8 wgmma sessions are not shipped yet.

use tirtui::simt::wgmma::{self, Descriptor, Major, Swizzle};

// ---- the hardware model ----

/// Deterministic s8 values over the whole range, both signs.
fn s8(seed: usize) -> f64 {
    ((seed * 2654435761 + 12345) % 256) as f64 - 128.0
}

/// One m64nNk32 s8 wgmma with A (64x32) and B (Nx32) K-major in 8x16-byte
/// core matrices; the accumulators start at `start`. Returns the registers
/// that differ from `start` + A x B wrapped to s32.
fn run_s8(n: usize, start: f64, b_major: Major) -> Result<usize, tirtui::simt::SimError> {
    let (lbo, sbo) = (128, 256); // k-groups 128 bytes apart, 8-row groups 256
    let a = |m: usize, k: usize| s8(m * 32 + k);
    let b = |j: usize, k: usize| s8(7919 + j * 32 + k);
    let mut pool = std::collections::HashMap::new();
    let b_base = 64 * 32;
    for m in 0..64 {
        for k in 0..32 {
            pool.insert(
                (m % 8) * 16 + (m / 8) * sbo + (k % 16) + (k / 16) * lbo,
                a(m, k),
            );
        }
    }
    for j in 0..n {
        for k in 0..32 {
            let at = b_base + (j % 8) * 16 + (j / 8) * sbo + (k % 16) + (k / 16) * lbo;
            pool.insert(at, b(j, k));
        }
    }
    let desc = |start| Descriptor {
        start,
        leading: lbo,
        stride: sbo,
        base_offset: 0,
        swizzle: Swizzle::None,
    };
    let shape = wgmma::Shape {
        n,
        a_major: Major::K,
        b_major,
        elem_bytes: 1,
    };
    let mut acc = vec![vec![start; n / 2]; wgmma::WARPGROUP];
    let mut read = |addr: usize| {
        pool.get(&addr)
            .copied()
            .ok_or_else(|| tirtui::simt::SimError::Unsupported(format!("byte {addr} unset")))
    };
    wgmma::mma(
        &shape,
        desc(0).encode().unwrap(),
        desc(b_base).encode().unwrap(),
        &mut read,
        &mut acc,
        true,
    )?;
    let mut wrong = 0;
    for (t, regs) in acc.iter().enumerate() {
        for (r, &got) in regs.iter().enumerate() {
            let (i, j) = wgmma::accumulator_element(t, r);
            let dot: i64 = (0..32).map(|k| a(i, k) as i64 * b(j, k) as i64).sum();
            let want = (start as i64).wrapping_add(dot) as i32;
            wrong += usize::from(got != want as f64);
        }
    }
    Ok(wrong)
}

#[test]
fn an_s8_wgmma_sums_32_signed_products_per_element() {
    assert_eq!(run_s8(64, 3.0, Major::K).unwrap(), 0);
    assert_eq!(run_s8(128, -7.0, Major::K).unwrap(), 0);
}

/// The s32 accumulator wraps at 2^31 as the hardware's (no `.satfinite`).
#[test]
fn the_s32_accumulator_wraps_around() {
    assert_eq!(run_s8(64, i32::MAX as f64 - 5.0, Major::K).unwrap(), 0);
    assert_eq!(run_s8(64, i32::MIN as f64 + 5.0, Major::K).unwrap(), 0);
}

/// 8-bit operands have no transpose: an N-major B, or an N that is no s8
/// shape, is refused by the model.
#[test]
fn an_mn_major_s8_operand_or_an_s8_shape_that_does_not_exist_is_refused() {
    let err = run_s8(64, 0.0, Major::Mn).unwrap_err().to_string();
    assert!(err.contains("K-major"), "{err}");
    let err = run_s8(40, 0.0, Major::K).unwrap_err().to_string();
    assert!(err.contains("not a wgmma shape"), "{err}");
}
