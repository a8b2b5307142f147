//! Comparing a kernel's outputs with the reference kernel's, element by element.
//!
//! Pure data; no GPU. The error of an element is `|out - ref|` over the largest
//! finite `|ref|` of that output: relative to the output's scale, so values that
//! cancel to near zero do not turn rounding noise into huge relative errors.

use super::data::{decode, POISON_BYTE};
use crate::ir::DataType;

/// How far outputs of `dtype` may differ from the reference and still be correct.
pub fn tolerance(dtype: DataType) -> f64 {
    match dtype {
        DataType::F32 => 1e-5,
        DataType::F16 => 1e-2,
        DataType::BF16 => 2e-2,
        DataType::F64 => 1e-10,
        // Integer and boolean results must match exactly.
        _ => 0.0,
    }
}

/// The outcome of comparing one output buffer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// Infinite when some element is unwritten or NaN on one side only.
    pub max_rel_err: f64,
    /// Elements the kernel did not write (still the poison pattern).
    pub unwritten: usize,
    /// Elements the reference did not write.
    pub unwritten_in_reference: usize,
    pub elements: usize,
}

impl Comparison {
    pub fn is_correct(&self, dtype: DataType) -> bool {
        self.max_rel_err <= tolerance(dtype)
    }
}

/// Elements of a `dtype` buffer that still hold the poison pattern.
pub fn count_unwritten(dtype: DataType, bytes: &[u8]) -> usize {
    // Only float poison is recognisable: 0xFF.. is a NaN no arithmetic produces
    // (GPUs return the canonical 0x7FFF.. NaN), while in integers it is just -1.
    if !dtype.is_float() {
        return 0;
    }
    bytes
        .chunks_exact(dtype.bytes())
        .filter(|c| c.iter().all(|&b| b == POISON_BYTE))
        .count()
}

/// A reference output decoded once: a tuner compares many candidates'
/// outputs with the same reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Expected {
    values: Vec<f64>,
    /// The largest finite `|value|` (1 when there is none).
    scale: f64,
    /// Elements the reference did not write.
    unwritten: usize,
}

impl Expected {
    pub fn new(dtype: DataType, reference: &[u8]) -> Expected {
        let values = decode(dtype, reference);
        let scale = values
            .iter()
            .filter(|v| v.is_finite())
            .fold(0.0f64, |m, v| m.max(v.abs()));
        Expected {
            values,
            scale: if scale > 0.0 { scale } else { 1.0 },
            unwritten: count_unwritten(dtype, reference),
        }
    }
}

/// Compares two little-endian buffers of `dtype` of equal length.
pub fn compare(dtype: DataType, out: &[u8], reference: &[u8]) -> Comparison {
    compare_with(dtype, out, &Expected::new(dtype, reference))
}

/// Compares a little-endian buffer of `dtype` with a decoded reference.
pub fn compare_with(dtype: DataType, out: &[u8], expected: &Expected) -> Comparison {
    let unwritten = count_unwritten(dtype, out);
    let x = decode(dtype, out);
    let r = &expected.values;
    let scale = expected.scale;
    let mut max_rel_err: f64 = if unwritten + expected.unwritten > 0 || x.len() != r.len() {
        f64::INFINITY
    } else {
        0.0
    };
    for (&a, &b) in x.iter().zip(r) {
        let err = if a.is_nan() && b.is_nan() || a == b {
            0.0
        } else if a.is_nan() || b.is_nan() {
            f64::INFINITY
        } else {
            (a - b).abs() / scale
        };
        max_rel_err = max_rel_err.max(err);
    }
    Comparison {
        max_rel_err,
        unwritten,
        unwritten_in_reference: expected.unwritten,
        elements: x.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn equal_outputs_have_no_error() {
        let a = f32s(&[1.0, -2.0, 3.5]);
        let c = compare(DataType::F32, &a, &a);
        assert_eq!(c.max_rel_err, 0.0);
        assert!(c.is_correct(DataType::F32));
    }

    #[test]
    fn error_is_relative_to_the_largest_reference_value() {
        let out = f32s(&[1.0, 0.001, 4.0]);
        let reference = f32s(&[1.0, 0.0, 4.0]);
        let c = compare(DataType::F32, &out, &reference);
        assert!((c.max_rel_err - 0.001 / 4.0).abs() < 1e-9, "{c:?}");
        assert!(!c.is_correct(DataType::F32));
        assert!(c.is_correct(DataType::F16));
    }

    #[test]
    fn unwritten_elements_are_counted_and_fail() {
        let mut out = f32s(&[1.0, 2.0]);
        out[4..8].fill(POISON_BYTE);
        let c = compare(DataType::F32, &out, &f32s(&[1.0, 2.0]));
        assert_eq!(c.unwritten, 1);
        assert_eq!(c.unwritten_in_reference, 0);
        assert!(c.max_rel_err.is_infinite());
        assert!(!c.is_correct(DataType::F16));
    }

    #[test]
    fn computed_nans_on_both_sides_agree() {
        let v = f32s(&[f32::NAN, 1.0]);
        let c = compare(DataType::F32, &v, &v);
        assert_eq!((c.max_rel_err, c.unwritten), (0.0, 0));
        let c = compare(DataType::F32, &f32s(&[f32::NAN, 1.0]), &f32s(&[0.0, 1.0]));
        assert!(c.max_rel_err.is_infinite());
    }

    #[test]
    fn one_decoded_reference_serves_many_outputs_alike() {
        let reference = f32s(&[1.0, -4.0, 2.0]);
        let expected = Expected::new(DataType::F32, &reference);
        for out in [f32s(&[1.0, -4.0, 2.0]), f32s(&[1.5, -4.0, 2.0]), {
            let mut o = f32s(&[1.0, -4.0, 2.0]);
            o[0..4].fill(POISON_BYTE);
            o
        }] {
            assert_eq!(
                compare_with(DataType::F32, &out, &expected),
                compare(DataType::F32, &out, &reference)
            );
        }
        assert_eq!(
            compare_with(DataType::F32, &f32s(&[1.5, -4.0, 2.0]), &expected).max_rel_err,
            0.125
        );
    }

    #[test]
    fn integers_must_match_exactly() {
        let a: Vec<u8> = [3i32, -1].iter().flat_map(|x| x.to_le_bytes()).collect();
        let b: Vec<u8> = [3i32, 0].iter().flat_map(|x| x.to_le_bytes()).collect();
        assert!(compare(DataType::I32, &a, &a).is_correct(DataType::I32));
        let c = compare(DataType::I32, &a, &b);
        assert_eq!(c.unwritten, 0, "-1 is a value, not poison, in integers");
        assert!(!c.is_correct(DataType::I32));
    }
}
