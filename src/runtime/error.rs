//! `RuntimeError`: every way compiling, launching or talking to the worker can fail.
//!
//! Errors cross the worker's pipe as JSON, so they hold only strings and numbers.

use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum RuntimeError {
    /// No driver library, no device, or `cuInit` failed; the message is complete
    /// (`no CUDA device: libcuda.so not found`).
    #[error("{0}")]
    NoDevice(String),
    /// libnvrtc could not be loaded.
    #[error("{0}")]
    NvrtcMissing(String),
    /// NVRTC rejected the source; `log` is its full program log.
    #[error("CUDA compilation failed:\n{log}")]
    Compile { log: String },
    /// The kernel could not be loaded or launched, or faulted while running.
    #[error("kernel launch failed: {0}")]
    Launch(String),
    /// The worker did not answer within the limit (seconds); it was killed.
    #[error("the GPU worker did not answer within {0:.1} s; it was stopped")]
    Timeout(f64),
    /// The worker process exited or could not be talked to.
    #[error("the GPU worker crashed: {0}")]
    WorkerCrashed(String),
    /// A line on the worker pipe was not what the protocol allows.
    #[error("GPU worker protocol error: {0}")]
    Protocol(String),
    /// The request itself is unusable (argument shapes, dtypes, reference mismatch).
    #[error("invalid run request: {0}")]
    InvalidRequest(String),
    /// The kernel needs more of the device than one block gets (registers):
    /// caught before launching, nothing ran.
    #[error("the kernel cannot launch: {0}")]
    Resources(String),
    /// A CUDA driver call other than the launch failed (allocation, copy, events).
    #[error("CUDA driver error: {0}")]
    Driver(String),
    /// cuBLAS was found but failed.
    #[error("cuBLAS error: {0}")]
    Cublas(String),
}

impl RuntimeError {
    /// Whether the worker that produced this error must be replaced: after a fault
    /// the CUDA context is unusable, so the next run needs a fresh process.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            RuntimeError::Launch(_)
                | RuntimeError::Driver(_)
                | RuntimeError::Cublas(_)
                | RuntimeError::Timeout(_)
                | RuntimeError::WorkerCrashed(_)
                | RuntimeError::Protocol(_)
        )
    }
}
