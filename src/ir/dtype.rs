//! Scalar data types of TIR values and buffers.

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

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
