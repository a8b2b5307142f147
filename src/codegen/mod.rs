//! CUDA C++ code generation from lowered TIR: `generate` lowers a scheduled
//! PrimFunc (`crate::lower`) and prints its kernels as one NVRTC-compilable
//! translation unit with their launch configurations, plus which source lines
//! came from which TIR block.
//!
//! Invariant: never touches the GPU (that is `runtime`).
//!
//! May use: `arith`, `ir`, `launch_limits`, `lower`.

mod async_copy;
mod cuda;
pub mod expr;
mod index_width;
pub mod kernel;
mod launch_bounds;
mod mma_ptx;
mod names;
mod stage_counter;
pub mod tma;
pub mod wgmma_ptx;

pub use kernel::{CudaKernel, KernelArg, KernelLaunch};
pub use names::kernel_name;

use crate::ir::PrimFunc;
use crate::lower::{LowerError, Lowered, LoweredProgram};
use thiserror::Error;

/// A generated program and what the TUI shows about it.
#[derive(Clone, Debug, PartialEq)]
pub struct CudaOutput {
    pub kernel: CudaKernel,
    /// For each TIR block (in order of first appearance), the 0-based,
    /// half-open `[start, end)` line ranges of `kernel.source` printed from it.
    pub block_lines: Vec<(String, Vec<(usize, usize)>)>,
    /// Shared memory bytes (of the first kernel) if every shared buffer had its own array.
    pub shared_bytes_before_merge: u64,
    /// Shared memory bytes after buffers with disjoint lifetimes share space.
    pub shared_bytes_after_merge: u64,
}

#[derive(Clone, Debug, Error, PartialEq)]
pub enum CodegenError {
    #[error(transparent)]
    Lower(#[from] LowerError),
    #[error(
        "the program has not been through thread binding; run the whole lowering pipeline first"
    )]
    NotLowered,
    #[error("parameter `{name}` is a scalar; kernels take buffer parameters only")]
    ScalarParam { name: String },
    #[error("buffer {buffer} has a symbolic shape; kernel arguments need constant shapes")]
    SymbolicShape { buffer: String },
    #[error("the kernel needs {bytes} bytes of {what}, more than a launch can describe (4 GiB)")]
    TooLarge { what: &'static str, bytes: u64 },
}

/// Lowers `func` and prints its kernels as CUDA.
pub fn generate(func: &PrimFunc) -> Result<CudaOutput, CodegenError> {
    let lowered = crate::lower::lower_program(func)?;
    emit_program(&lowered)
}

/// Prints an already lowered program (the output of `crate::lower::lower_program`).
pub fn emit_program(lowered: &LoweredProgram) -> Result<CudaOutput, CodegenError> {
    cuda::emit_program(lowered)
}

/// Prints an already lowered program (the output of `crate::lower::lower`).
pub fn emit(lowered: &Lowered) -> Result<CudaOutput, CodegenError> {
    cuda::emit(lowered)
}
