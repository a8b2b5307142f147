//! Scalar numerics that several stages must compute identically: the
//! simplifier's constant folding, the CPU interpreter and the SIMT simulator
//! (an oracle compared with exact equality cannot use two `erf`s).
//!
//! Invariant: a leaf module; plain functions on `i64`/`f64`.
//!
//! May use: nothing (a leaf).

/// Floor division `floor(a / b)`; `None` for `b == 0` or overflow.
pub fn checked_floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// Floor modulo `a - b * floor(a / b)` (sign of `b`); `None` for `b == 0`.
pub fn checked_floor_mod(a: i64, b: i64) -> Option<i64> {
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        r.checked_add(b)
    } else {
        Some(r)
    }
}

/// `a // b` on integers, rounding toward negative infinity and wrapping on
/// overflow (`i64::MIN // -1`), as generated code does. `b` must not be zero.
#[inline]
pub fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        q.wrapping_sub(1)
    } else {
        q
    }
}

/// `a % b` with floor semantics: the result has the sign of `b`. `b` must not be zero.
#[inline]
pub fn floor_mod(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        r.wrapping_add(b)
    } else {
        r
    }
}

/// The error function, accurate to a few ulps of f64 (std has none).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    let r = if a < 2.5 {
        // Maclaurin series; at a = 2.5 the largest term is ~16, so cancellation
        // costs about one decimal digit.
        let x2 = a * a;
        let mut power = a;
        let mut sum = a;
        for n in 1..200 {
            power *= -x2 / n as f64;
            let term = power / (2 * n + 1) as f64;
            sum += term;
            if term.abs() < 1e-17 * sum.abs() {
                break;
            }
        }
        sum * std::f64::consts::FRAC_2_SQRT_PI
    } else if a < 6.0 {
        // erfc(a) = exp(-a^2) / (sqrt(pi) * K), K = a + (1/2)/(a + (2/2)/(a + (3/2)/(a + ...))),
        // evaluated backwards; 80 levels converge far past f64 precision for a >= 2.5.
        let mut k = a;
        for n in (1..=80).rev() {
            k = a + (n as f64 / 2.0) / k;
        }
        1.0 - (-a * a).exp() / (std::f64::consts::PI.sqrt() * k)
    } else {
        1.0
    };
    r.copysign(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_and_checked_floor_division_agree_where_both_are_defined() {
        for a in -9..=9 {
            for b in [-4, -3, -1, 1, 2, 5] {
                assert_eq!(checked_floor_div(a, b), Some(floor_div(a, b)), "{a} // {b}");
                assert_eq!(checked_floor_mod(a, b), Some(floor_mod(a, b)), "{a} % {b}");
                assert_eq!(floor_div(a, b) * b + floor_mod(a, b), a);
            }
        }
        assert_eq!(checked_floor_div(i64::MIN, -1), None);
        assert_eq!(floor_div(i64::MIN, -1), i64::MIN);
    }

    #[test]
    fn erf_matches_known_values() {
        // erf(0.5), erf(1), erf(2), erf(3) to 16 digits; a few ulps of error allowed.
        for (x, want) in [
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (3.0, 0.999_977_909_503_001_4),
        ] {
            assert!((erf(x) - want).abs() < 1e-15, "erf({x}) = {}", erf(x));
            assert_eq!(erf(-x), -erf(x));
        }
    }
}
