//! The worker's wire format: one JSON object per line each way, matched by `id`.
//!
//! ```text
//! -> {"id":1,"request":{"op":"run", ...RunRequest}}
//! <- {"id":1,"reply":{"run":{...RunResult}}}
//! <- {"id":1,"reply":{"error":{"Launch":"CUDA_ERROR_ILLEGAL_ADDRESS (...)"}}}
//! ```
//! Lines that do not parse as a reply (a kernel's `printf`) are skipped by the client.

use super::error::RuntimeError;
use super::request::{CompileReport, Prepared, ReadyList, RunRequest, RunResult};
use crate::codegen::CudaKernel;
use serde::{Deserialize, Serialize};

// One request per run crosses the pipe: the variants' size difference (a run
// carries two programs) costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    Run(RunRequest),
    Compile {
        kernel: CudaKernel,
    },
    /// Compile these on every CPU core of the worker and keep the binaries for
    /// the runs that follow (a tuner's batch); older workers answer a protocol error.
    Prepare {
        kernels: Vec<CudaKernel>,
        /// Each compile's time limit (milliseconds): past it the compile,
        /// run in a child process, is killed and fails with a log starting
        /// `compile time limit`. Absent: compiled in process, no limit
        /// (older clients; older workers ignore it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compile_timeout_ms: Option<u64>,
    },
    /// Start compiling these on every CPU core of the worker, in order, and
    /// answer at once (`queued`); `ready` tells which have finished. Replaces
    /// an earlier queue. Older workers answer a protocol error.
    Queue {
        kernels: Vec<CudaKernel>,
        /// As `prepare`'s.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compile_timeout_ms: Option<u64>,
    },
    /// The queued kernels whose compile ended since the last `ready`, waiting
    /// up to `wait_ms` for one when none has.
    Ready {
        wait_ms: u64,
    },
    /// The device's name (opens it).
    Device,
    /// The CUDA driver's version (`12.8`); older workers answer a protocol error.
    Driver,
    /// The device's architecture (`sm_90`), what a binary compiled for it by
    /// the client must target (`RunRequest::precompiled`); older workers
    /// answer a protocol error.
    Arch,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    Run(RunResult),
    Compile(CompileReport),
    /// One entry per kernel of the `prepare` request, in its order.
    Prepare(Vec<Prepared>),
    /// How many kernels the `queue` request started compiling.
    Queued(usize),
    Ready(ReadyList),
    Device(String),
    Driver(String),
    Arch(String),
    Error(RuntimeError),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RequestLine {
    pub id: u64,
    pub request: Request,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplyLine {
    pub id: u64,
    pub reply: Reply,
}

/// One line of JSON, without the newline (serde_json never emits raw newlines).
pub fn encode<T: Serialize>(value: &T) -> Result<String, RuntimeError> {
    serde_json::to_string(value).map_err(|e| RuntimeError::Protocol(format!("cannot encode: {e}")))
}

pub fn decode_request(line: &str) -> Result<RequestLine, RuntimeError> {
    serde_json::from_str(line).map_err(|e| RuntimeError::Protocol(format!("bad request line: {e}")))
}

pub fn decode_reply(line: &str) -> Result<ReplyLine, RuntimeError> {
    serde_json::from_str(line).map_err(|e| RuntimeError::Protocol(format!("bad reply line: {e}")))
}
