//! Measuring candidates in the GPU worker (local, or remote through a
//! `GpuTarget`), with the same correctness check as `replay --run`.

use super::search::{DeviceId, Measure, MeasureError, Measured};
use crate::codegen::CudaKernel;
use crate::ir::PrimFunc;
use crate::runtime::{GpuTarget, RunRequest, RuntimeError, WorkerClient};

/// Worker deaths in a row after which the GPU counts as lost.
const CRASHES_BEFORE_GIVING_UP: usize = 3;

pub struct WorkerMeasure {
    client: WorkerClient,
    target: GpuTarget,
    /// The request of every candidate, with its kernel swapped in.
    template: RunRequest,
    crashes_in_a_row: usize,
}

impl WorkerMeasure {
    /// Prepares the reference kernel once for all candidates of `workload`.
    pub fn new(workload: &PrimFunc, target: &GpuTarget) -> Result<WorkerMeasure, String> {
        let reference = crate::session::run::reference_kernel(workload)?;
        let mut template = crate::session::run::build_request(workload, &reference)?;
        // The same check against the reference as `--run`, without timing cuBLAS
        // again for every candidate.
        template.matmul = None;
        // The median of the fewest runs the worker allows: candidates are many.
        template.runs = crate::runtime::MIN_RUNS;
        Ok(WorkerMeasure {
            client: target.client(),
            target: target.clone(),
            template,
            crashes_in_a_row: 0,
        })
    }

    pub fn shutdown(&mut self) {
        self.client.shutdown();
    }
}

impl Measure for WorkerMeasure {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        if self.target.is_local() {
            crate::runtime::device_available().map_err(|e| MeasureError::Fatal(e.to_string()))?;
        }
        let name = self
            .client
            .device()
            .map_err(|e| MeasureError::Fatal(e.to_string()))?;
        // A worker from an older tirtui does not know `driver`: key by name alone.
        let driver = self.client.driver().unwrap_or_else(|_| "unknown".into());
        Ok(DeviceId { name, driver })
    }

    fn measure(&mut self, kernel: &CudaKernel) -> Result<Measured, MeasureError> {
        let req = RunRequest {
            kernel: kernel.clone(),
            ..self.template.clone()
        };
        match self.client.run(&req) {
            Ok(r) => {
                self.crashes_in_a_row = 0;
                Ok(Measured {
                    time_ms: r.time_ms,
                    gflops: r.gflops,
                    correct: r.correct,
                })
            }
            Err(e) => {
                let crashed = matches!(
                    e,
                    RuntimeError::WorkerCrashed(_) | RuntimeError::Protocol(_)
                );
                self.crashes_in_a_row = if crashed {
                    self.crashes_in_a_row + 1
                } else {
                    0
                };
                if let RuntimeError::NoDevice(m) = &e {
                    return Err(MeasureError::Fatal(m.clone()));
                }
                if self.crashes_in_a_row >= CRASHES_BEFORE_GIVING_UP {
                    return Err(MeasureError::Fatal(format!(
                        "the GPU worker ({}) failed {CRASHES_BEFORE_GIVING_UP} times in a row: {e}",
                        self.target
                    )));
                }
                Err(MeasureError::Candidate {
                    reason: failure_reason(&e).into(),
                    detail: e.to_string(),
                })
            }
        }
    }
}

fn failure_reason(e: &RuntimeError) -> &'static str {
    match e {
        RuntimeError::Compile { .. } => "NVRTC compile (worker)",
        RuntimeError::Launch(_) => "launch or fault",
        RuntimeError::Resources(_) => "too many registers",
        RuntimeError::Timeout(_) => "timeout",
        RuntimeError::WorkerCrashed(_) => "worker crashed",
        RuntimeError::Protocol(_) => "worker protocol",
        RuntimeError::InvalidRequest(_) => "invalid request",
        RuntimeError::Driver(_) | RuntimeError::Cublas(_) => "CUDA error",
        RuntimeError::NoDevice(_) | RuntimeError::NvrtcMissing(_) => "no GPU",
    }
}
