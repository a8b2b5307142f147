//! Scalar semantics per dtype: rounding floats, wrapping ints, TVM's integer
//! division flavours, casts and the math intrinsics.
//!
//! Values travel as `f64` (floats, already rounded to their dtype), `i64` (ints,
//! already wrapped to their dtype's width) or `bool`. Knows only `ir::DataType`.

use crate::ir::DataType;

/// Rounds `x` to the nearest value representable in the float `dtype`.
#[inline]
pub fn round_float(dtype: DataType, x: f64) -> f64 {
    match dtype {
        DataType::F32 => x as f32 as f64,
        DataType::F16 => half::f16::from_f64(x).to_f64(),
        DataType::BF16 => half::bf16::from_f64(x).to_f64(),
        _ => x,
    }
}

/// Wraps `x` to the width of the integer `dtype` (two's complement, as C does).
#[inline]
pub fn wrap_int(dtype: DataType, x: i64) -> i64 {
    match dtype {
        DataType::I32 => x as i32 as i64,
        DataType::I8 => x as i8 as i64,
        DataType::I16 => x as i16 as i64,
        DataType::U8 => x as u8 as i64,
        DataType::U16 => x as u16 as i64,
        DataType::U32 => x as u32 as i64,
        DataType::Bool => (x != 0) as i64,
        _ => x,
    }
}

/// The value uninitialised integer memory is filled with: unlikely to be a
/// meaningful result, so reads of it show up in comparisons.
pub fn poison_int(dtype: DataType) -> i64 {
    wrap_int(dtype, 0x5a5a_5a5a_5a5a_5a5a)
}

/// Float to integer as C casts it: truncation toward zero (out of range saturates
/// before wrapping, where C would be undefined).
#[inline]
pub fn float_to_int(dtype: DataType, x: f64) -> i64 {
    wrap_int(dtype, x.trunc() as i64)
}

// One floor division and one erf for the crate: the SIMT simulator is compared
// with this interpreter exactly.
pub use crate::numeric::{erf, floor_div, floor_mod};

/// Round half to even, as TVM's `round` (C `nearbyint`) does.
#[inline]
pub fn round_half_even(x: f64) -> f64 {
    x.round_ties_even()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_rounding_per_dtype() {
        let x = 1.0 + 1e-10;
        assert_eq!(round_float(DataType::F32, x), 1.0);
        assert_eq!(round_float(DataType::F64, x), x);
        assert_eq!(round_float(DataType::F16, 1.0 + 1e-4), 1.0);
        assert_eq!(round_float(DataType::F16, 70000.0), f64::INFINITY);
        assert_eq!(round_float(DataType::BF16, 1.0 + 1.0 / 256.0), 1.0);
        assert_eq!(round_float(DataType::F32, 0.1), 0.1f32 as f64);
    }

    #[test]
    fn ints_wrap_to_width() {
        assert_eq!(
            wrap_int(DataType::I32, i32::MAX as i64 + 1),
            i32::MIN as i64
        );
        assert_eq!(wrap_int(DataType::I8, 200), -56);
        assert_eq!(wrap_int(DataType::U8, -1), 255);
        assert_eq!(wrap_int(DataType::I16, 40000), 40000 - 65536);
        assert_eq!(wrap_int(DataType::I64, i64::MIN), i64::MIN);
    }

    #[test]
    fn floor_and_trunc_division() {
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(floor_mod(-7, 2), 1);
        assert_eq!(floor_div(7, -2), -4);
        assert_eq!(floor_mod(7, -2), -1);
        assert_eq!(floor_div(6, 3), 2);
        assert_eq!(floor_mod(-6, 3), 0);
        assert_eq!(-7 / 2, -3);
        assert_eq!(floor_div(i64::MIN, -1), i64::MIN);
    }

    #[test]
    fn float_to_int_truncates() {
        assert_eq!(float_to_int(DataType::I32, -2.7), -2);
        assert_eq!(float_to_int(DataType::I32, 2.7), 2);
        assert_eq!(float_to_int(DataType::U8, 300.0), 44);
    }

    #[test]
    fn erf_matches_reference_values() {
        let cases = [
            (0.0, 0.0),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (2.5, 0.999_593_047_982_555),
            (3.0, 0.999_977_909_503_001_4),
            (4.5, 0.999_999_999_803_383),
            (-1.0, -0.842_700_792_949_714_9),
            (10.0, 1.0),
        ];
        for (x, want) in cases {
            let got = erf(x);
            assert!((got - want).abs() < 1e-14, "erf({x}) = {got}, want {want}");
        }
    }

    #[test]
    fn round_is_half_even() {
        assert_eq!(round_half_even(2.5), 2.0);
        assert_eq!(round_half_even(3.5), 4.0);
        assert_eq!(round_half_even(-2.5), -2.0);
    }
}
