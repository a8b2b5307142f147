//! Scalar data types of TIR values and buffers, and the vector types
//! (`int8x4`: a scalar type and a lane count) that builtins and let
//! bindings of tensor intrinsics' implementations carry.

use std::fmt;

/// A scalar data type, spelled as TVM spells it (`float32`, `int8`, `bool` ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataType {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64,
}

impl DataType {
    pub const ALL: [DataType; 13] = [
        DataType::Bool,
        DataType::I8,
        DataType::I16,
        DataType::I32,
        DataType::I64,
        DataType::U8,
        DataType::U16,
        DataType::U32,
        DataType::U64,
        DataType::F16,
        DataType::BF16,
        DataType::F32,
        DataType::F64,
    ];

    /// TVM's name for the type.
    pub fn name(self) -> &'static str {
        match self {
            DataType::Bool => "bool",
            DataType::I8 => "int8",
            DataType::I16 => "int16",
            DataType::I32 => "int32",
            DataType::I64 => "int64",
            DataType::U8 => "uint8",
            DataType::U16 => "uint16",
            DataType::U32 => "uint32",
            DataType::U64 => "uint64",
            DataType::F16 => "float16",
            DataType::BF16 => "bfloat16",
            DataType::F32 => "float32",
            DataType::F64 => "float64",
        }
    }

    pub fn from_name(name: &str) -> Option<DataType> {
        DataType::ALL.into_iter().find(|t| t.name() == name)
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            DataType::F16 | DataType::BF16 | DataType::F32 | DataType::F64
        )
    }

    pub fn is_int(self) -> bool {
        matches!(
            self,
            DataType::I8
                | DataType::I16
                | DataType::I32
                | DataType::I64
                | DataType::U8
                | DataType::U16
                | DataType::U32
                | DataType::U64
        )
    }

    pub fn is_unsigned(self) -> bool {
        matches!(
            self,
            DataType::U8 | DataType::U16 | DataType::U32 | DataType::U64
        )
    }

    /// The width in bits of an integer type (bool: 1).
    pub fn bits(self) -> u32 {
        if self.is_bool() {
            1
        } else {
            8 * self.bytes() as u32
        }
    }

    pub fn is_bool(self) -> bool {
        self == DataType::Bool
    }

    /// The smallest and largest value of an integer type (None for floats and bool).
    pub fn int_range(self) -> Option<(i64, i64)> {
        Some(match self {
            DataType::I8 => (i8::MIN.into(), i8::MAX.into()),
            DataType::I16 => (i16::MIN.into(), i16::MAX.into()),
            DataType::I32 => (i32::MIN.into(), i32::MAX.into()),
            DataType::I64 => (i64::MIN, i64::MAX),
            DataType::U8 => (0, u8::MAX.into()),
            DataType::U16 => (0, u16::MAX.into()),
            DataType::U32 => (0, u32::MAX.into()),
            // Values above i64::MAX have no place in tirtui's integers; the
            // interpreter refuses uint64 (`interp`), so bounds stop there.
            DataType::U64 => (0, i64::MAX),
            _ => return None,
        })
    }

    /// Size of one element in bytes (bool is stored as one byte).
    pub fn bytes(self) -> usize {
        match self {
            DataType::Bool | DataType::I8 | DataType::U8 => 1,
            DataType::I16 | DataType::U16 | DataType::F16 | DataType::BF16 => 2,
            DataType::I32 | DataType::U32 | DataType::F32 => 4,
            DataType::I64 | DataType::U64 | DataType::F64 => 8,
        }
    }
}

/// TVM's largest vector: lanes are a `uint16` in its `DLDataType`.
pub const MAX_LANES: u32 = u16::MAX as u32;

impl DataType {
    /// A scalar or vector type name: `int32` is (int32, 1), `int8x4` is
    /// (int8, 4). None when the name is no type or its lanes are out of
    /// 2..=`MAX_LANES` (an `x1` suffix is TVM's scalar, written without it).
    pub fn parse_lanes(name: &str) -> Option<(DataType, u32)> {
        if let Some(t) = DataType::from_name(name) {
            return Some((t, 1));
        }
        let (scalar, lanes) = name.rsplit_once('x')?;
        if lanes.is_empty() || !lanes.bytes().all(|c| c.is_ascii_digit()) || lanes.starts_with('0')
        {
            return None;
        }
        let lanes: u32 = lanes.parse().ok()?;
        let t = DataType::from_name(scalar)?;
        (2..=MAX_LANES).contains(&lanes).then_some((t, lanes))
    }

    /// The name of this type with `lanes` lanes (`int8x4`; a scalar when 1).
    pub fn with_lanes(self, lanes: u32) -> String {
        if lanes == 1 {
            self.name().to_string()
        } else {
            format!("{}x{lanes}", self.name())
        }
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_type_names_round_trip() {
        assert_eq!(DataType::parse_lanes("int32"), Some((DataType::I32, 1)));
        assert_eq!(DataType::parse_lanes("uint8x4"), Some((DataType::U8, 4)));
        assert_eq!(DataType::parse_lanes("int32x16"), Some((DataType::I32, 16)));
        assert_eq!(
            DataType::parse_lanes("int8x65535"),
            Some((DataType::I8, 65535))
        );
        for bad in [
            "int8x65536",
            "int8x1",
            "int8x0",
            "int8x",
            "int8x04",
            "intx4",
            "int8x-4",
            "x4",
        ] {
            assert_eq!(DataType::parse_lanes(bad), None, "{bad}");
        }
        assert_eq!(DataType::I16.with_lanes(32), "int16x32");
        assert_eq!(DataType::I16.with_lanes(1), "int16");
    }
}
