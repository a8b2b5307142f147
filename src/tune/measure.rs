//! Measuring candidates in GPU workers (local, or remote through a
//! `GpuTarget`), with the same correctness check as `replay --run`.
//!
//! A batch is queued in each worker (`queue`: compiled on every CPU core of
//! its machine in the background) and each candidate runs as soon as its
//! compile has ended (`ready`), so the GPU works while the rest compile; a
//! worker that dies costs the candidate it ran, and the rest of its share is
//! queued again on a fresh worker. With several workers (`MeasurePool`, one
//! per GPU) the batch is shared among them and measured at the same time.
//! Older workers, without `queue`, get the batch compiled at once
//! (`prepare`), or each run compiles its own kernel. When every GPU is on
//! this machine, the pool compiles instead, once for all of them
//! (`shared_compile`: all cores, binaries to whichever GPU is free).
//!
//! A candidate whose first run is `SLOW_FACTOR` times slower than the best so
//! far is timed once (`Measured::quick`); `remeasure` times the best few
//! again with `replay --run`'s timing before one wins.

use super::breakdown::MeasureBreakdown;
use super::search::{DeviceId, Measure, MeasureError, Measured};
use super::shared_compile::{in_batch_order, GpuRunner, COMPILE_TIME_LIMIT_REASON};
use crate::codegen::CudaKernel;
use crate::ir::PrimFunc;
use crate::runtime::compile_child::is_time_limit;
use crate::runtime::{GpuTarget, Precompiled, RunRequest, RunResult, RuntimeError, WorkerClient};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Worker deaths in a row after which the GPU counts as lost.
const CRASHES_BEFORE_GIVING_UP: usize = 3;

/// Milliseconds the timed runs of one candidate should take together: a slow
/// candidate, which will not win, is timed fewer times (at least 5).
pub const CANDIDATE_TIME_BUDGET_MS: f64 = 50.0;

/// A candidate whose first (warm-up) run is this many times slower than the
/// best so far cannot win: it is timed once after that run.
pub const SLOW_FACTOR: f64 = 3.0;

/// How long one `ready` request waits for a compile to end (a stop is seen
/// between two requests).
const READY_WAIT: Duration = Duration::from_millis(500);

/// The best time so far, shared by the workers of a pool (f64 bits; +inf
/// when none).
#[derive(Clone)]
pub struct SharedBest(Arc<AtomicU64>);

impl SharedBest {
    pub fn new() -> SharedBest {
        SharedBest(Arc::new(AtomicU64::new(f64::INFINITY.to_bits())))
    }

    pub fn get(&self) -> f64 {
        f64::from_bits(self.0.load(Ordering::Relaxed))
    }

    /// Lowers the best to `ms` when it is a better valid time.
    pub fn offer(&self, ms: f64) {
        if !crate::db::is_valid_time(ms) {
            return;
        }
        let _ = self
            .0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |bits| {
                (ms < f64::from_bits(bits)).then_some(ms.to_bits())
            });
    }
}

impl Default for SharedBest {
    fn default() -> Self {
        SharedBest::new()
    }
}

pub struct WorkerMeasure {
    client: WorkerClient,
    pub(super) target: GpuTarget,
    /// The request of every candidate, with its kernel swapped in.
    template: RunRequest,
    /// The request of a re-measurement: `replay --run`'s full timing.
    robust: RunRequest,
    crashes_in_a_row: usize,
    /// Cleared when the worker answers `queue` with a protocol error (a
    /// worker from an older tirtui): batches are then prepared at once.
    queue_supported: bool,
    /// Cleared when the worker answers `prepare` with a protocol error (a
    /// worker from an older tirtui): each run then compiles its own kernel.
    prepare_supported: bool,
    best: SharedBest,
    /// The current batch's figures.
    pub(super) breakdown: MeasureBreakdown,
}

impl WorkerMeasure {
    /// Prepares the reference kernel once for all candidates of `workload`.
    pub fn new(workload: &PrimFunc, target: &GpuTarget) -> Result<WorkerMeasure, String> {
        let reference = crate::session::run::reference_kernel(workload)?;
        let mut template = crate::session::run::build_request(workload, &reference)?;
        let mut robust = template.clone();
        robust.matmul = None;
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
            robust,
            crashes_in_a_row: 0,
            queue_supported: true,
            prepare_supported: true,
            best: SharedBest::new(),
            breakdown: MeasureBreakdown::default(),
        })
    }

    /// The time limit of each compile the worker runs for its share
    /// (`queue`, `prepare`); `None`: none, compiled in the worker's process.
    pub fn set_compile_timeout(&mut self, limit: Option<Duration>) {
        self.client.set_compile_timeout(limit);
    }

    /// Shares `best` with the other workers of a pool.
    pub(super) fn with_best(mut self, best: SharedBest) -> WorkerMeasure {
        self.best = best;
        self
    }

    pub fn shutdown(&mut self) {
        self.client.shutdown();
    }

    /// Compiles the batch in the worker: per kernel, `Some(error)` when it
    /// does not compile. All `None` when the worker cannot prepare (each run
    /// then compiles its kernel, as before) or the request failed as a whole.
    fn prepare(&mut self, kernels: &[&CudaKernel]) -> Vec<Option<RuntimeError>> {
        let none = vec![None; kernels.len()];
        if !self.prepare_supported || kernels.len() < 2 {
            return none;
        }
        let owned: Vec<CudaKernel> = kernels.iter().map(|k| (*k).clone()).collect();
        match self.client.prepare(&owned) {
            Ok(list) => list.into_iter().map(|p| p.error).collect(),
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
        self.measure_share(kernels, stop)
    }

    fn measure(&mut self, kernel: &CudaKernel) -> Result<Measured, MeasureError> {
        let best = self.best.get();
        let req = RunRequest {
            kernel: kernel.clone(),
            quick_above_ms: best.is_finite().then_some(best * SLOW_FACTOR),
            ..self.template.clone()
        };
        self.run_request(&req)
    }

    fn note_best_ms(&mut self, ms: f64) {
        self.best.offer(ms);
    }

    fn remeasure(&mut self, kernels: &[&CudaKernel]) -> Vec<Result<Measured, MeasureError>> {
        let mut out = Vec::with_capacity(kernels.len());
        for k in kernels {
            let req = RunRequest {
                kernel: (*k).clone(),
                ..self.robust.clone()
            };
            let r = self.run_request(&req);
            let fatal = matches!(r, Err(MeasureError::Fatal(_)));
            out.push(r);
            if fatal {
                break;
            }
        }
        out
    }

    fn take_breakdown(&mut self) -> Option<MeasureBreakdown> {
        Some(std::mem::take(&mut self.breakdown))
    }
}

impl GpuRunner for WorkerMeasure {
    /// A candidate compiled by the pool: the worker keeps its binary and runs it.
    fn run(
        &mut self,
        kernel: &CudaKernel,
        compiled: &Precompiled,
    ) -> Result<Measured, MeasureError> {
        let best = self.best.get();
        let req = RunRequest {
            kernel: kernel.clone(),
            quick_above_ms: best.is_finite().then_some(best * SLOW_FACTOR),
            precompiled: Some(compiled.clone()),
            ..self.template.clone()
        };
        self.run_request(&req)
    }

    fn take_figures(&mut self) -> MeasureBreakdown {
        std::mem::take(&mut self.breakdown)
    }
}

impl WorkerMeasure {
    /// The architecture of the worker's GPU (`sm_90`); `None` when the
    /// worker cannot tell (an older tirtui) or does not answer.
    pub(super) fn arch(&mut self) -> Option<String> {
        self.client.arch().ok()
    }

    /// One run request; its figures go to the batch's breakdown and a
    /// correct time to the shared best.
    fn run_request(&mut self, req: &RunRequest) -> Result<Measured, MeasureError> {
        let started = Instant::now();
        let reply = self.client.run(req);
        let wall_s = started.elapsed().as_secs_f64();
        self.breakdown.add_run(wall_s, reply.as_ref().ok());
        match reply {
            Ok(r) => {
                self.crashes_in_a_row = 0;
                Ok(self.measured(&r))
            }
            Err(e) => Err(self.failure(e)),
        }
    }

    fn measured(&self, r: &RunResult) -> Measured {
        if r.correct != Some(false) {
            self.best.offer(r.time_ms);
        }
        Measured {
            time_ms: r.time_ms,
            gflops: r.gflops,
            correct: r.correct,
            quick: r.phases.as_ref().is_some_and(|p| p.quick),
        }
    }

    /// A failed request as the search sees it: the candidate's failure, or
    /// `Fatal` when the GPU is gone or the worker keeps dying.
    fn failure(&mut self, e: RuntimeError) -> MeasureError {
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
            return MeasureError::Fatal(m.clone());
        }
        if self.crashes_in_a_row >= CRASHES_BEFORE_GIVING_UP {
            return MeasureError::Fatal(format!(
                "the GPU worker ({}) failed {CRASHES_BEFORE_GIVING_UP} times in a row: {e}",
                self.target
            ));
        }
        MeasureError::Candidate {
            reason: failure_reason(&e).into(),
            detail: e.to_string(),
        }
    }
}

/// A batch's results by position while its candidates come in out of order.
type Slots = Vec<Option<Result<Measured, MeasureError>>>;

impl WorkerMeasure {
    /// Measures this worker's share of a batch, in its order (fewer after a
    /// stop or a `Fatal`), keeping the breakdown.
    pub(super) fn measure_share(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        let started = Instant::now();
        let streamed = if self.queue_supported && !kernels.is_empty() {
            self.measure_streamed(kernels, stop)
        } else {
            None
        };
        let out = match streamed {
            Some(out) => out,
            None => self.measure_prepared(kernels, stop),
        };
        self.breakdown.wall_s += started.elapsed().as_secs_f64();
        out
    }

    /// The batch queued for compiling in the worker, each candidate run as
    /// soon as it is compiled. `None` when the worker cannot queue (an older
    /// tirtui): the caller prepares the batch instead.
    fn measure_streamed(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Option<Vec<Result<Measured, MeasureError>>> {
        let started = Instant::now();
        let mut slots: Slots = kernels.iter().map(|_| None).collect();
        // Which batch position each entry of the worker's queue is.
        let mut queued: Vec<usize> = Vec::new();
        let mut queued_on: Option<u32> = None;
        let mut last_progress = Instant::now();
        // Requests lost in a row (a crash, a timeout, a queue the worker lost).
        let mut lost = 0;
        loop {
            if stop.load(Ordering::Relaxed) || slots.iter().any(is_fatal) {
                break;
            }
            let open: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].is_none()).collect();
            if open.is_empty() {
                break;
            }
            let worker = self.client.worker_pid();
            let outcome = if worker.is_none() || worker != queued_on {
                // First time, or the worker died or lost its queue: queue what is left.
                if queued_on.is_some() {
                    self.breakdown.restarts += 1;
                }
                let list: Vec<CudaKernel> = open.iter().map(|&i| kernels[i].clone()).collect();
                match self.client.queue(&list) {
                    Ok(_) => {
                        queued = open.clone();
                        queued_on = self.client.worker_pid();
                        last_progress = Instant::now();
                        continue;
                    }
                    Err(RuntimeError::Protocol(_)) if queued_on.is_none() => {
                        self.queue_supported = false;
                        return None;
                    }
                    Err(e) => Err(e),
                }
            } else {
                // The GPU runs nothing while the worker waits for a compile.
                let waited = Instant::now();
                let reply = self.client.ready(READY_WAIT);
                self.breakdown.gpu_wait_compile_s += waited.elapsed().as_secs_f64();
                reply
            };
            let list = match outcome {
                Ok(list) => list,
                Err(e) => {
                    queued_on = Some(u32::MAX);
                    if let Some(failed) = self.lost_request(e, &mut lost) {
                        fill(&mut slots, &open, failed);
                    }
                    continue;
                }
            };
            if list.ready.is_empty() {
                if list.compiling == 0 {
                    // The worker has nothing queued any more: queue again.
                    queued_on = Some(u32::MAX);
                    let e = RuntimeError::Protocol("the worker lost its compile queue".into());
                    if let Some(failed) = self.lost_request(e, &mut lost) {
                        fill(&mut slots, &open, failed);
                    }
                } else if last_progress.elapsed() > self.compile_patience(open.len()) {
                    self.client.shutdown();
                    let detail = format!(
                        "NVRTC did not finish within {:.0} s in the worker ({})",
                        self.compile_patience(open.len()).as_secs_f64(),
                        self.target
                    );
                    fill(
                        &mut slots,
                        &open,
                        MeasureError::Candidate {
                            reason: "timeout".into(),
                            detail,
                        },
                    );
                }
                continue;
            }
            lost = 0;
            last_progress = Instant::now();
            self.breakdown.compile_wall_s = started.elapsed().as_secs_f64();
            self.run_ready(kernels, &queued, list.ready, &mut slots, stop);
        }
        Some(in_batch_order(slots))
    }

    /// A `queue` or `ready` request that failed: `None` to try again on a
    /// fresh worker, else what the open candidates get: `Fatal` when the GPU
    /// is gone or the worker failed `CRASHES_BEFORE_GIVING_UP` times in a
    /// row, the error itself when no retry can help (no NVRTC there).
    fn lost_request(&mut self, e: RuntimeError, lost: &mut usize) -> Option<MeasureError> {
        match &e {
            RuntimeError::NoDevice(m) => Some(MeasureError::Fatal(m.clone())),
            RuntimeError::WorkerCrashed(_)
            | RuntimeError::Protocol(_)
            | RuntimeError::Timeout(_) => {
                *lost += 1;
                (*lost >= CRASHES_BEFORE_GIVING_UP).then(|| {
                    MeasureError::Fatal(format!(
                        "the GPU worker ({}) failed {CRASHES_BEFORE_GIVING_UP} times in a row: {e}",
                        self.target
                    ))
                })
            }
            _ => Some(MeasureError::Candidate {
                reason: failure_reason(&e).into(),
                detail: e.to_string(),
            }),
        }
    }

    /// Runs the candidates whose compile ended, in order, until one kills
    /// the worker (the rest are queued again) or the search must stop.
    fn run_ready(
        &mut self,
        kernels: &[&CudaKernel],
        queued: &[usize],
        ready: Vec<crate::runtime::ReadyKernel>,
        slots: &mut Slots,
        stop: &AtomicBool,
    ) {
        let worker = self.client.worker_pid();
        for r in ready {
            self.breakdown.compiles += 1;
            self.breakdown.compile_cpu_s += r.compile_cpu_ms / 1e3;
            // An index outside the queue is the worker's mistake: skipped,
            // the candidate stays open and is queued again if need be.
            let Some(&i) = queued.get(r.index) else {
                continue;
            };
            if slots[i].is_some() {
                continue;
            }
            if let Some(e) = r.error {
                slots[i] = Some(Err(self.not_compiled(e)));
                continue;
            }
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let result = self.measure(kernels[i]);
            let fatal = matches!(result, Err(MeasureError::Fatal(_)));
            slots[i] = Some(result);
            if fatal || self.client.worker_pid() != worker {
                return;
            }
        }
    }

    /// How long a queue may go without a compile ending: as long as
    /// `prepare` allows for the same kernels.
    fn compile_patience(&self, kernels: usize) -> Duration {
        let share = u32::try_from(1 + kernels / 4).unwrap_or(u32::MAX);
        self.client.timeout().saturating_mul(share)
    }

    fn measure_prepared(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        let started = Instant::now();
        let prepared = self.prepare(kernels);
        self.breakdown.compile_wall_s += started.elapsed().as_secs_f64();
        let mut out = Vec::with_capacity(kernels.len());
        for (k, compile_error) in kernels.iter().zip(prepared) {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let r = match compile_error {
                Some(e) => Err(self.not_compiled(e)),
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

impl WorkerMeasure {
    /// A kernel the worker did not compile, counted: past the compile time
    /// limit it is a failed build (recorded), else not compiled (its log).
    fn not_compiled(&mut self, e: RuntimeError) -> MeasureError {
        match e {
            RuntimeError::Compile { log } if is_time_limit(&log) => {
                self.breakdown.compile_timeouts += 1;
                MeasureError::Candidate {
                    reason: COMPILE_TIME_LIMIT_REASON.into(),
                    detail: format!("{log} ({})", self.target),
                }
            }
            e => {
                self.breakdown.compile_errors += 1;
                MeasureError::NotCompiled(e.to_string())
            }
        }
    }
}

/// Gives every open candidate `failed` (a `Fatal` only the first: the
/// search ends there).
fn fill(slots: &mut Slots, open: &[usize], failed: MeasureError) {
    let fatal = matches!(failed, MeasureError::Fatal(_));
    for &i in open.iter().take(if fatal { 1 } else { usize::MAX }) {
        slots[i] = Some(Err(failed.clone()));
    }
}

fn is_fatal(slot: &Option<Result<Measured, MeasureError>>) -> bool {
    matches!(slot, Some(Err(MeasureError::Fatal(_))))
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
