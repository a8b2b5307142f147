//! Running a scheduled kernel against the reference on the GPU, for `--run`.

use crate::codegen::CudaKernel;
use crate::ir::PrimFunc;
use crate::runtime::{RunRequest, RunResult, RuntimeError, WorkerClient, MIN_RUNS};

pub enum RunFailure {
    NoDevice(String),
    Other(String),
}

/// The reference kernel: the unscheduled workload with one thread per output element.
pub fn reference_kernel(workload: &PrimFunc) -> Result<CudaKernel, String> {
    let mapped = crate::schedule::auto::default_gpu_schedule(workload)
        .map_err(|e| format!("cannot map the workload to the GPU for the reference run: {e}"))?;
    crate::codegen::generate(&mapped)
        .map(|o| o.kernel)
        .map_err(|e| format!("cannot generate the reference kernel: {e}"))
}

pub fn build_request(workload: &PrimFunc, kernel: &CudaKernel) -> Result<RunRequest, String> {
    Ok(RunRequest {
        kernel: kernel.clone(),
        reference: Some(reference_kernel(workload)?),
        matmul: crate::workload::matmul_shape(workload),
        flops: crate::workload::flop_count(workload),
        seed: 0x7469_7274_7569,
        runs: MIN_RUNS.max(50),
    })
}

pub fn run_kernel(workload: &PrimFunc, kernel: &CudaKernel) -> Result<RunResult, RunFailure> {
    if let Err(e) = crate::runtime::device_available() {
        return Err(RunFailure::NoDevice(e.to_string()));
    }
    let req = build_request(workload, kernel).map_err(RunFailure::Other)?;
    let mut client = WorkerClient::new();
    let res = client.run(&req);
    client.shutdown();
    res.map_err(|e| match e {
        RuntimeError::NoDevice(m) => RunFailure::NoDevice(m),
        other => RunFailure::Other(other.to_string()),
    })
}
