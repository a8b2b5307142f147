//! Argument marshalling on the host: buffer sizes, seeded random inputs, decoding outputs.
//!
//! Pure data; no GPU. Inputs are deterministic in (seed, argument index) and never
//! all zero, so a kernel that reads the wrong element or nothing at all shows up.

use super::error::RuntimeError;
use crate::codegen::KernelArg;
use crate::ir::DataType;

/// Byte written over every output before each run: 0xFF.. is NaN in every float
/// type (f16, bf16, f32, f64) and -1 in the integer ones, so unwritten elements show.
pub const POISON_BYTE: u8 = 0xFF;

/// The largest single buffer the runtime allocates (4 GiB).
pub const MAX_BUFFER_BYTES: u64 = 4 << 30;

/// Element type, element count and byte size of one kernel argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgLayout {
    pub dtype: DataType,
    pub elements: usize,
    pub bytes: usize,
}

/// Checks an argument's dtype and shape and returns its layout.
pub fn arg_layout(arg: &KernelArg) -> Result<ArgLayout, RuntimeError> {
    let invalid =
        |why: String| RuntimeError::InvalidRequest(format!("argument `{}`: {why}", arg.name));
    let dtype = arg
        .data_type()
        .ok_or_else(|| invalid(format!("unknown dtype `{}`", arg.dtype)))?;
    let mut elements: u64 = 1;
    for &dim in &arg.shape {
        if dim <= 0 {
            return Err(invalid(format!(
                "shape {:?} has a non-positive extent",
                arg.shape
            )));
        }
        elements = elements
            .checked_mul(dim as u64)
            .ok_or_else(|| invalid(format!("shape {:?} overflows", arg.shape)))?;
    }
    let bytes = elements
        .checked_mul(dtype.bytes() as u64)
        .filter(|&b| b <= MAX_BUFFER_BYTES)
        .ok_or_else(|| {
            invalid(format!(
                "shape {:?} of {} needs more than {} GiB",
                arg.shape,
                dtype,
                MAX_BUFFER_BYTES >> 30
            ))
        })?;
    Ok(ArgLayout {
        dtype,
        elements: elements as usize,
        bytes: bytes as usize,
    })
}

/// SplitMix64: tiny, fast, and good enough for test data.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [-1, 1), never exactly zero.
    fn unit(&mut self) -> f64 {
        let u = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        let v = 2.0 * u - 1.0;
        if v == 0.0 {
            0.5
        } else {
            v
        }
    }

    /// Uniform non-zero integer in [-8, 8]: small enough that int8 products and
    /// int32 sums of any realistic reduction do not overflow.
    fn small_int(&mut self) -> i64 {
        let v = (self.next() % 16) as i64 - 8;
        if v >= 0 {
            v + 1
        } else {
            v
        }
    }
}

/// Random contents for argument number `index` of a request seeded with `seed`.
pub fn random_bytes(layout: ArgLayout, seed: u64, index: usize) -> Vec<u8> {
    let mut rng = SplitMix64(seed ^ (index as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut out = Vec::with_capacity(layout.bytes);
    for _ in 0..layout.elements {
        match layout.dtype {
            DataType::F32 => out.extend_from_slice(&(rng.unit() as f32).to_le_bytes()),
            DataType::F64 => out.extend_from_slice(&rng.unit().to_le_bytes()),
            DataType::F16 => {
                out.extend_from_slice(&half::f16::from_f64(rng.unit()).to_bits().to_le_bytes())
            }
            DataType::BF16 => {
                out.extend_from_slice(&half::bf16::from_f64(rng.unit()).to_bits().to_le_bytes())
            }
            DataType::I8 => out.push(rng.small_int() as i8 as u8),
            DataType::I16 => out.extend_from_slice(&(rng.small_int() as i16).to_le_bytes()),
            DataType::I32 => out.extend_from_slice(&(rng.small_int() as i32).to_le_bytes()),
            DataType::I64 => out.extend_from_slice(&rng.small_int().to_le_bytes()),
            DataType::U8 => out.push(rng.small_int().unsigned_abs() as u8),
            DataType::U16 => {
                out.extend_from_slice(&(rng.small_int().unsigned_abs() as u16).to_le_bytes())
            }
            DataType::U32 => {
                out.extend_from_slice(&(rng.small_int().unsigned_abs() as u32).to_le_bytes())
            }
            DataType::U64 => out.extend_from_slice(&rng.small_int().unsigned_abs().to_le_bytes()),
            DataType::Bool => out.push((rng.next() & 1) as u8),
        }
    }
    out
}

/// Decodes a little-endian buffer of `dtype` into f64 values for comparison.
pub fn decode(dtype: DataType, bytes: &[u8]) -> Vec<f64> {
    let n = dtype.bytes();
    bytes
        .chunks_exact(n)
        .map(|c| match dtype {
            DataType::F32 => f32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64,
            DataType::F64 => f64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]),
            DataType::F16 => half::f16::from_bits(u16::from_le_bytes([c[0], c[1]])).to_f64(),
            DataType::BF16 => half::bf16::from_bits(u16::from_le_bytes([c[0], c[1]])).to_f64(),
            DataType::I8 => c[0] as i8 as f64,
            DataType::I16 => i16::from_le_bytes([c[0], c[1]]) as f64,
            DataType::I32 => i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64,
            DataType::I64 => {
                i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]) as f64
            }
            DataType::U8 | DataType::Bool => c[0] as f64,
            DataType::U16 => u16::from_le_bytes([c[0], c[1]]) as f64,
            DataType::U32 => u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f64,
            DataType::U64 => {
                u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]) as f64
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(dtype: &str, shape: &[i64]) -> KernelArg {
        KernelArg {
            name: "A".into(),
            dtype: dtype.into(),
            shape: shape.to_vec(),
            is_output: false,
            layout: None,
        }
    }

    #[test]
    fn layouts() {
        let l = arg_layout(&arg("float16", &[4, 8])).unwrap();
        assert_eq!((l.dtype, l.elements, l.bytes), (DataType::F16, 32, 64));
        let l = arg_layout(&arg("float32", &[])).unwrap();
        assert_eq!((l.elements, l.bytes), (1, 4));
        assert!(arg_layout(&arg("float33", &[4])).is_err());
        assert!(arg_layout(&arg("float32", &[4, 0])).is_err());
        assert!(arg_layout(&arg("float32", &[-1])).is_err());
        assert!(arg_layout(&arg("float32", &[1 << 31, 1 << 31, 8])).is_err());
        assert!(arg_layout(&arg("float32", &[1 << 30, 2])).is_err());
    }

    #[test]
    fn random_inputs_are_seeded_nonzero_and_in_range() {
        for dtype in DataType::ALL {
            let layout = arg_layout(&arg(dtype.name(), &[1000])).unwrap();
            let a = random_bytes(layout, 7, 0);
            assert_eq!(a.len(), layout.bytes);
            assert_eq!(
                a,
                random_bytes(layout, 7, 0),
                "{dtype}: same seed, same data"
            );
            assert_ne!(a, random_bytes(layout, 8, 0), "{dtype}: seed changes data");
            assert_ne!(
                a,
                random_bytes(layout, 7, 1),
                "{dtype}: argument changes data"
            );
            let values = decode(dtype, &a);
            assert_eq!(values.len(), 1000);
            assert!(values.iter().any(|&v| v != 0.0), "{dtype}: not all zero");
            let bound = if dtype.is_float() { 1.0 } else { 8.0 };
            assert!(values.iter().all(|v| v.abs() <= bound), "{dtype}: in range");
            if !dtype.is_bool() {
                assert!(values.iter().all(|&v| v != 0.0), "{dtype}: no zeros");
            }
        }
    }

    #[test]
    fn poison_is_nan_in_every_float_type() {
        for dtype in [DataType::F16, DataType::BF16, DataType::F32, DataType::F64] {
            let bytes = vec![POISON_BYTE; dtype.bytes() * 3];
            assert!(decode(dtype, &bytes).iter().all(|v| v.is_nan()), "{dtype}");
        }
    }

    #[test]
    fn decode_round_trips_known_values() {
        assert_eq!(decode(DataType::F32, &1.5f32.to_le_bytes()), vec![1.5]);
        assert_eq!(decode(DataType::I32, &(-3i32).to_le_bytes()), vec![-3.0]);
        let h = half::f16::from_f32(0.25).to_bits().to_le_bytes();
        assert_eq!(decode(DataType::F16, &h), vec![0.25]);
        assert_eq!(decode(DataType::I8, &[0xFE]), vec![-2.0]);
    }
}
