//! GPU runtime: compile with NVRTC, launch, time and verify kernels in a worker process.
//!
//! ```text
//! tirtui ── WorkerClient ──JSON lines──> tirtui worker ── Executor
//!                                          nvrtc (CUBIN for the device's sm_XY)
//!                                          launch: seeded inputs, NaN-poisoned outputs
//!                                          check vs the reference kernel, timing
//!                                          (events on a created stream, median), cuBLAS
//! ```
//!
//! Invariant: only this module touches the GPU, and only inside the worker process
//! (`device_available` and `nvrtc_compile` are the in-process exceptions, and
//! neither launches anything). Nothing here panics when libcuda, libnvrtc or
//! libcublas is missing: each is probed before cudarc loads it.
//!
//! May use: `codegen`, `ir`, `launch_limits`, `sparse`.

pub mod base64;
mod check;
mod client;
pub mod compile_child;
mod cublas;
mod data;
mod device;
mod error;
mod execute;
mod launch;
mod nvrtc;
mod paths;
mod pipes;
mod precompiled;
mod prepare;
pub mod protocol;
mod queue;
mod registers;
mod request;
mod resident;
pub mod sparse_inputs;
mod tensor_map;
mod timing;
mod transport;
mod untrusted;
mod worker;

pub use client::{WorkerClient, DEFAULT_TIMEOUT, MAX_REPLY_BYTES};
pub use compile_child::{ChildCompiler, CompileError};
pub use device::{device_available, device_count, driver_version, DEFAULT_ARCH};
pub use error::RuntimeError;
pub use execute::{run_once_in_process, ArgData};
pub use nvrtc::{arch_for, nvrtc_available, nvrtc_compile};
pub use paths::{cuda_include_dir, INCLUDE_ENV};
pub use precompiled::{is_device_arch, precompile, Precompiled};
pub use queue::thread_cpu_ms;
pub use request::{
    CompileReport, CsrInput, HybInput, Matmul, Prepared, ReadyKernel, ReadyList, RunPhases,
    RunRequest, RunResult, MIN_RUNS,
};
pub use transport::{local_gpus, GpuTarget};
pub use worker::{serve, worker_main, EXIT_FATAL};
