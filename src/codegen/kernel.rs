//! The product of code generation: one CUDA kernel plus what the runtime needs to launch it.

use crate::ir::DataType;
use serde::{Deserialize, Serialize};

/// One kernel argument: a global buffer of the PrimFunc, in parameter order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelArg {
    /// The buffer's name in the TIR (`A`, `B`, `C`).
    pub name: String,
    /// TVM dtype name (`float32`, `float16` ...).
    pub dtype: String,
    pub shape: Vec<i64>,
    /// True when the kernel writes this buffer (an output to verify).
    pub is_output: bool,
}

impl KernelArg {
    /// Number of elements; `i64::MAX` when the product overflows (such a
    /// buffer cannot be allocated, and the allocation says so).
    pub fn elements(&self) -> i64 {
        self.checked_elements().unwrap_or(i64::MAX)
    }

    /// Number of elements, `None` when the shape's product overflows i64.
    pub fn checked_elements(&self) -> Option<i64> {
        self.shape
            .iter()
            .try_fold(1i64, |acc, &d| acc.checked_mul(d))
    }

    pub fn data_type(&self) -> Option<DataType> {
        DataType::from_name(&self.dtype)
    }
}

/// A generated CUDA kernel and its launch configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CudaKernel {
    /// The `extern "C"` entry point name.
    pub name: String,
    /// Complete CUDA C++ source, compilable by NVRTC on its own.
    pub source: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory (`extern __shared__`) per block.
    pub dynamic_shared_bytes: u32,
    /// Bytes of static `__shared__` memory per block.
    pub static_shared_bytes: u32,
    /// Bytes of `local` (register) buffers per thread.
    pub local_bytes: u32,
    pub args: Vec<KernelArg>,
}
