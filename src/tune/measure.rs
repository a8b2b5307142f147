//! Measuring candidates in GPU workers (local, or remote through a
//! `GpuTarget`), with the same correctness check as `replay --run`.
//!
//! A batch is compiled at once in each worker (`prepare`: every CPU core of
//! its machine), then run one candidate at a time per GPU; with several
//! workers (`MeasurePool`, one per GPU) the batch is shared among them and
//! measured at the same time.

use super::search::{DeviceId, Measure, MeasureError, Measured};
use crate::codegen::CudaKernel;
use crate::ir::PrimFunc;
use crate::runtime::{GpuTarget, RunRequest, RuntimeError, WorkerClient};
use std::sync::atomic::{AtomicBool, Ordering};

/// Worker deaths in a row after which the GPU counts as lost.
const CRASHES_BEFORE_GIVING_UP: usize = 3;

/// Milliseconds the timed runs of one candidate should take together: a slow
/// candidate, which will not win, is timed fewer times (at least 5).
pub const CANDIDATE_TIME_BUDGET_MS: f64 = 50.0;

pub struct WorkerMeasure {
    client: WorkerClient,
    target: GpuTarget,
    /// The request of every candidate, with its kernel swapped in.
    template: RunRequest,
    crashes_in_a_row: usize,
    /// Cleared when the worker answers `prepare` with a protocol error (a
    /// worker from an older tirtui): each run then compiles its own kernel.
    prepare_supported: bool,
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
        template.time_budget_ms = Some(CANDIDATE_TIME_BUDGET_MS);
        Ok(WorkerMeasure {
            client: target.client(),
            target: target.clone(),
            template,
            crashes_in_a_row: 0,
            prepare_supported: true,
        })
    }

    pub fn shutdown(&mut self) {
        self.client.shutdown();
    }

    /// Compiles the batch in the worker: per kernel, `Some(log)` when it does
    /// not compile. All `None` when the worker cannot prepare (each run then
    /// compiles its kernel, as before) or the request failed as a whole.
    fn prepare(&mut self, kernels: &[&CudaKernel]) -> Vec<Option<String>> {
        let none = vec![None; kernels.len()];
        if !self.prepare_supported || kernels.len() < 2 {
            return none;
        }
        let owned: Vec<CudaKernel> = kernels.iter().map(|k| (*k).clone()).collect();
        match self.client.prepare(&owned) {
            Ok(list) => list
                .into_iter()
                .map(|p| p.error.map(|e| e.to_string()))
                .collect(),
            Err(RuntimeError::Protocol(_)) => {
                self.prepare_supported = false;
                none
            }
            // A timeout or a crash: the runs will find out for themselves.
            Err(_) => none,
        }
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

    fn measure_batch(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        self.measure_prepared(kernels, stop)
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

impl WorkerMeasure {
    fn measure_prepared(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        let prepared = self.prepare(kernels);
        let mut out = Vec::with_capacity(kernels.len());
        for (k, compile_error) in kernels.iter().zip(prepared) {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let r = match compile_error {
                Some(log) => Err(MeasureError::NotCompiled(log)),
                None => self.measure(k),
            };
            let fatal = matches!(r, Err(MeasureError::Fatal(_)));
            out.push(r);
            if fatal {
                break;
            }
        }
        out
    }
}

/// One worker per GPU, all of the same model; a batch is dealt out among
/// them and measured at the same time. A worker whose GPU is lost ends the
/// search (its `Fatal`), as one GPU's loss does.
pub struct MeasurePool {
    members: Vec<WorkerMeasure>,
}

impl MeasurePool {
    pub fn new(workload: &PrimFunc, targets: &[GpuTarget]) -> Result<MeasurePool, String> {
        if targets.is_empty() {
            return Err("no GPU to measure on".into());
        }
        let members = targets
            .iter()
            .map(|t| WorkerMeasure::new(workload, t))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MeasurePool { members })
    }

    pub fn len(&self) -> usize {
        self.members.len()
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    pub fn shutdown(&mut self) {
        for m in &mut self.members {
            m.shutdown();
        }
    }
}

impl Measure for MeasurePool {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        let mut first: Option<(DeviceId, String)> = None;
        for m in &mut self.members {
            let id = m.device()?;
            match &first {
                None => first = Some((id, m.target.to_string())),
                Some((f, at)) if f.name != id.name => {
                    return Err(MeasureError::Fatal(format!(
                        "the GPUs differ: {} has {} and {} has {}; a search measures on one \
                         model only (choose the GPUs with --gpu)",
                        at, f.name, m.target, id.name
                    )))
                }
                Some(_) => {}
            }
        }
        first
            .map(|(id, _)| id)
            .ok_or_else(|| MeasureError::Fatal("no GPU to measure on".into()))
    }

    fn measure(&mut self, kernel: &CudaKernel) -> Result<Measured, MeasureError> {
        match self.members.first_mut() {
            Some(m) => m.measure(kernel),
            None => Err(MeasureError::Fatal("no GPU to measure on".into())),
        }
    }

    fn measure_batch(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        let n = self.members.len().max(1);
        if n == 1 {
            return match self.members.first_mut() {
                Some(m) => m.measure_prepared(kernels, stop),
                None => vec![Err(MeasureError::Fatal("no GPU to measure on".into()))],
            };
        }
        // Candidate i goes to worker i % n: neighbours in a batch are often
        // alike (mutations of one parent), so each GPU gets a mix.
        let shares: Vec<Vec<&CudaKernel>> = (0..n)
            .map(|w| kernels.iter().skip(w).step_by(n).copied().collect())
            .collect();
        let results: Vec<Vec<Result<Measured, MeasureError>>> = std::thread::scope(|s| {
            let handles: Vec<_> = self
                .members
                .iter_mut()
                .zip(&shares)
                .map(|(m, share)| s.spawn(move || m.measure_prepared(share, stop)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        vec![Err(MeasureError::Fatal(
                            "a measuring thread stopped".into(),
                        ))]
                    })
                })
                .collect()
        });
        interleave(results, kernels.len())
    }
}

/// Puts the workers' results back in batch order (candidate i from worker
/// i % n). The batch ends at the first candidate with no result (a stop, or a
/// worker that ended early) and just after a `Fatal` one.
fn interleave(
    results: Vec<Vec<Result<Measured, MeasureError>>>,
    total: usize,
) -> Vec<Result<Measured, MeasureError>> {
    let n = results.len().max(1);
    let mut iters: Vec<_> = results.into_iter().map(|r| r.into_iter()).collect();
    let mut out = Vec::with_capacity(total);
    for i in 0..total {
        let Some(r) = iters.get_mut(i % n).and_then(|it| it.next()) else {
            break;
        };
        let fatal = matches!(r, Err(MeasureError::Fatal(_)));
        out.push(r);
        if fatal {
            break;
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(ms: f64) -> Result<Measured, MeasureError> {
        Ok(Measured {
            time_ms: ms,
            gflops: 1.0,
            correct: Some(true),
        })
    }

    fn time(r: &Result<Measured, MeasureError>) -> f64 {
        r.as_ref().map(|m| m.time_ms).unwrap_or(-1.0)
    }

    #[test]
    fn results_come_back_in_batch_order() {
        // Worker 0 measured candidates 0, 2, 4; worker 1 candidates 1, 3.
        let out = interleave(
            vec![vec![ok(0.0), ok(2.0), ok(4.0)], vec![ok(1.0), ok(3.0)]],
            5,
        );
        let times: Vec<f64> = out.iter().map(time).collect();
        assert_eq!(times, vec![0.0, 1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn a_short_share_ends_the_batch_there() {
        // Worker 1 stopped after one candidate: candidate 3 has no result, so
        // candidate 4 (worker 0's) is not reported either.
        let out = interleave(vec![vec![ok(0.0), ok(2.0), ok(4.0)], vec![ok(1.0)]], 5);
        assert_eq!(out.len(), 3);
    }

    #[test]
    fn nothing_after_a_fatal_result() {
        let fatal = Err(MeasureError::Fatal("lost".into()));
        let out = interleave(vec![vec![ok(0.0), ok(2.0)], vec![fatal, ok(3.0)]], 4);
        assert_eq!(out.len(), 2);
        assert!(matches!(out[1], Err(MeasureError::Fatal(_))));
    }
}
