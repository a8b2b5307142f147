//! CUDA C++ code generation from lowered TIR.

pub mod kernel;

pub use kernel::{CudaKernel, KernelArg};
