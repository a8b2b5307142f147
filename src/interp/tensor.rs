//! Host tensors: the interpreter's arguments and results, deterministic random
//! inputs, and the error measure used to compare two results.
//!
//! A tensor is row-major and compact; its values are already rounded (floats) or
//! wrapped (ints) to its dtype. Knows only `ir::DataType`.

use super::scalar::{poison_int, round_float, wrap_int};
use crate::ir::DataType;

#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub dtype: DataType,
    pub shape: Vec<i64>,
    pub data: TensorData,
}

/// Element storage by dtype kind.
#[derive(Clone, Debug, PartialEq)]
pub enum TensorData {
    /// Float values, already rounded to the tensor's dtype.
    Float(Vec<f64>),
    /// Integer values, already wrapped to the tensor's dtype.
    Int(Vec<i64>),
    Bool(Vec<bool>),
}

impl TensorData {
    pub fn len(&self) -> usize {
        match self {
            TensorData::Float(v) => v.len(),
            TensorData::Int(v) => v.len(),
            TensorData::Bool(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether this storage kind is the one `dtype` uses.
    pub fn fits(&self, dtype: DataType) -> bool {
        match self {
            TensorData::Float(_) => dtype.is_float(),
            TensorData::Int(_) => dtype.is_int(),
            TensorData::Bool(_) => dtype.is_bool(),
        }
    }
}

/// Number of elements of a shape; negative extents count as empty (saturates
/// instead of overflowing).
pub fn numel(shape: &[i64]) -> usize {
    shape
        .iter()
        .fold(1usize, |acc, &d| acc.saturating_mul(d.max(0) as usize))
}

impl Tensor {
    pub fn zeros(dtype: DataType, shape: &[i64]) -> Tensor {
        Tensor::filled(dtype, shape, 0.0, 0, false)
    }

    /// A tensor standing for memory that was never written: NaN for floats, a
    /// fixed unlikely pattern for ints (see `scalar::poison_int`), `false` for bools.
    pub fn filled_nan(dtype: DataType, shape: &[i64]) -> Tensor {
        Tensor::filled(dtype, shape, f64::NAN, poison_int(dtype), false)
    }

    fn filled(dtype: DataType, shape: &[i64], f: f64, i: i64, b: bool) -> Tensor {
        let n = numel(shape);
        let data = if dtype.is_float() {
            TensorData::Float(vec![f; n])
        } else if dtype.is_bool() {
            TensorData::Bool(vec![b; n])
        } else {
            TensorData::Int(vec![i; n])
        };
        Tensor {
            dtype,
            shape: shape.to_vec(),
            data,
        }
    }

    /// Deterministic random values: floats uniform in [-1, 1) (rounded to the dtype),
    /// ints in [-4, 4] (uint8 in [0, 8]), bools fair coin flips. A non-empty tensor
    /// is never all zeros (or all false): the first element is set to one then.
    pub fn random(dtype: DataType, shape: &[i64], seed: u64) -> Tensor {
        let mut rng = SplitMix64(seed);
        let n = numel(shape);
        let mut data = if dtype.is_float() {
            TensorData::Float(
                (0..n)
                    .map(|_| round_float(dtype, rng.next_f64() * 2.0 - 1.0))
                    .collect(),
            )
        } else if dtype.is_bool() {
            TensorData::Bool((0..n).map(|_| rng.next_u64() & 1 == 1).collect())
        } else {
            let lo = if dtype.is_unsigned() { 0 } else { -4 };
            TensorData::Int((0..n).map(|_| lo + (rng.next_u64() % 9) as i64).collect())
        };
        match &mut data {
            TensorData::Float(v) if v.iter().all(|&x| x == 0.0) => {
                if let Some(x) = v.first_mut() {
                    *x = 1.0;
                }
            }
            TensorData::Int(v) if v.iter().all(|&x| x == 0) => {
                if let Some(x) = v.first_mut() {
                    *x = 1;
                }
            }
            TensorData::Bool(v) if v.iter().all(|&x| !x) => {
                if let Some(x) = v.first_mut() {
                    *x = true;
                }
            }
            _ => {}
        }
        Tensor {
            dtype,
            shape: shape.to_vec(),
            data,
        }
    }

    /// Builds a tensor from values, rounding or wrapping them to `dtype`
    /// (for bool, nonzero is true). Missing values are zero, extra ones dropped.
    pub fn from_f64(dtype: DataType, shape: &[i64], values: &[f64]) -> Tensor {
        let n = numel(shape);
        let at = |i: usize| values.get(i).copied().unwrap_or(0.0);
        let data = if dtype.is_float() {
            TensorData::Float((0..n).map(|i| round_float(dtype, at(i))).collect())
        } else if dtype.is_bool() {
            TensorData::Bool((0..n).map(|i| at(i) != 0.0).collect())
        } else {
            TensorData::Int((0..n).map(|i| wrap_int(dtype, at(i) as i64)).collect())
        };
        Tensor {
            dtype,
            shape: shape.to_vec(),
            data,
        }
    }

    /// Every element as `f64` (bools as 0 and 1).
    pub fn to_f64_vec(&self) -> Vec<f64> {
        match &self.data {
            TensorData::Float(v) => v.clone(),
            TensorData::Int(v) => v.iter().map(|&x| x as f64).collect(),
            TensorData::Bool(v) => v.iter().map(|&x| x as u8 as f64).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// How far `self` is from the reference `other`, relative to the reference's
    /// magnitude: `max_i |a_i - b_i| / max_i |b_i|`.
    ///
    /// Normalising by the largest reference value rather than each element's own
    /// keeps sums with cancellation (GEMM outputs near zero) from reporting huge
    /// errors for ordinary rounding differences. Both all zero gives 0; a nonzero
    /// result against an all-zero reference, a NaN or infinity anywhere, or a
    /// different shape or length gives `f64::INFINITY`.
    pub fn max_rel_err(&self, other: &Tensor) -> f64 {
        if self.shape != other.shape || self.len() != other.len() {
            return f64::INFINITY;
        }
        let (a, b) = (self.to_f64_vec(), other.to_f64_vec());
        let mut max_diff = 0.0f64;
        let mut max_ref = 0.0f64;
        for (&x, &y) in a.iter().zip(&b) {
            if !x.is_finite() || !y.is_finite() {
                return f64::INFINITY;
            }
            max_diff = max_diff.max((x - y).abs());
            max_ref = max_ref.max(y.abs());
        }
        if max_diff == 0.0 {
            0.0
        } else if max_ref == 0.0 {
            f64::INFINITY
        } else {
            max_diff / max_ref
        }
    }
}

/// Sebastiano Vigna's splitmix64: tiny, fast and good enough for test inputs.
pub(crate) struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1) with 53 random bits.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_is_deterministic_and_in_range() {
        let a = Tensor::random(DataType::F32, &[4, 8], 7);
        let b = Tensor::random(DataType::F32, &[4, 8], 7);
        let c = Tensor::random(DataType::F32, &[4, 8], 8);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let v = a.to_f64_vec();
        assert!(v.iter().all(|&x| (-1.0..1.0).contains(&x)));
        assert!(v.iter().all(|&x| x == x as f32 as f64));
        let ints = Tensor::random(DataType::I8, &[100], 1).to_f64_vec();
        assert!(ints.iter().all(|&x| (-4.0..=4.0).contains(&x)));
        assert!(ints.iter().any(|&x| x < 0.0));
    }

    #[test]
    fn random_is_never_all_zero() {
        for seed in 0..64 {
            let t = Tensor::random(DataType::I32, &[1], seed);
            assert_ne!(t.to_f64_vec(), vec![0.0]);
            let t = Tensor::random(DataType::Bool, &[1], seed);
            assert_eq!(t.to_f64_vec(), vec![1.0], "seed {seed}");
        }
    }

    #[test]
    fn filled_nan_poisons() {
        let t = Tensor::filled_nan(DataType::F16, &[2, 3]);
        assert_eq!(t.len(), 6);
        assert!(t.to_f64_vec().iter().all(|x| x.is_nan()));
        let t = Tensor::filled_nan(DataType::I32, &[2]);
        assert_eq!(t.data, TensorData::Int(vec![0x5a5a_5a5a; 2]));
    }

    #[test]
    fn max_rel_err_is_relative_to_reference_magnitude() {
        let b = Tensor::from_f64(DataType::F64, &[3], &[2.0, -4.0, 0.0]);
        let a = Tensor::from_f64(DataType::F64, &[3], &[2.0, -4.0, 0.004]);
        assert_eq!(a.max_rel_err(&b), 0.001);
        assert_eq!(b.max_rel_err(&b), 0.0);
        let zero = Tensor::zeros(DataType::F64, &[3]);
        assert_eq!(zero.max_rel_err(&zero), 0.0);
        assert_eq!(a.max_rel_err(&zero), f64::INFINITY);
        let nan = Tensor::filled_nan(DataType::F64, &[3]);
        assert_eq!(nan.max_rel_err(&b), f64::INFINITY);
        assert_eq!(b.max_rel_err(&nan), f64::INFINITY);
        let other_shape = Tensor::zeros(DataType::F64, &[1, 3]);
        assert_eq!(other_shape.max_rel_err(&b), f64::INFINITY);
    }

    #[test]
    fn from_f64_rounds_and_wraps() {
        let t = Tensor::from_f64(DataType::U8, &[2], &[256.0, 3.0]);
        assert_eq!(t.data, TensorData::Int(vec![0, 3]));
        let t = Tensor::from_f64(DataType::F32, &[1], &[0.1]);
        assert_eq!(t.data, TensorData::Float(vec![0.1f32 as f64]));
    }
}
