//! The product of code generation: one CUDA translation unit with its kernels
//! in launch order, plus what the runtime needs to launch them.

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
    /// Set when the schedule changed this parameter's layout (a
    /// transform_layout of a parameter, as TVM): which step and how. Such an
    /// argument is not in the unscheduled workload's layout, so runs refuse
    /// to compare it with the reference's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
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

/// One kernel of a program and its launch configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelLaunch {
    /// The `extern "C"` entry point name (`main_kernel`, `main_kernel_1`, ...).
    pub name: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u32,
    pub static_shared_bytes: u32,
    pub local_bytes: u32,
    /// The kernel's pointer parameters, in order: indices into `CudaKernel::args`
    /// followed by `CudaKernel::temporaries`.
    pub args: Vec<usize>,
}

/// A generated CUDA program: its first kernel's launch configuration at the
/// top level (the whole program when it is one kernel), every kernel in
/// `launches`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CudaKernel {
    /// The `extern "C"` entry point name of the first kernel.
    pub name: String,
    /// Complete CUDA C++ source of every kernel, compilable by NVRTC on its own.
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
    /// Every kernel in launch order; empty means one kernel, described by the
    /// fields above and taking every argument.
    #[serde(default)]
    pub launches: Vec<KernelLaunch>,
    /// Global intermediates between kernels: allocated (uninitialised) by the
    /// runtime, never compared.
    #[serde(default)]
    pub temporaries: Vec<KernelArg>,
}

impl CudaKernel {
    /// The kernels to launch, in order.
    pub fn launch_list(&self) -> Vec<KernelLaunch> {
        if !self.launches.is_empty() {
            return self.launches.clone();
        }
        vec![KernelLaunch {
            name: self.name.clone(),
            grid: self.grid,
            block: self.block,
            dynamic_shared_bytes: self.dynamic_shared_bytes,
            static_shared_bytes: self.static_shared_bytes,
            local_bytes: self.local_bytes,
            args: (0..self.args.len()).collect(),
        }]
    }
}
