//! `MeasurePool`: one GPU worker per GPU, all of one model, measuring a
//! batch at the same time.
//!
//! Two ways to share a batch out:
//! - **shared compile** (every GPU on this machine, NVRTC loadable here, the
//!   workers answer `arch`): the pool compiles the batch once on all the
//!   host's cores and each binary goes to whichever GPU is free
//!   (`shared_compile`); a GPU that is lost costs the candidate it ran, the
//!   others finish the batch. `TIRTUI_SHARED_COMPILE=0` turns it off (to
//!   compare the two).
//! - **per worker** (remote GPUs, older workers): candidate i goes to worker
//!   i mod n, which compiles its share on its own machine's cores and runs
//!   each as it compiles (`WorkerMeasure`); a worker whose GPU is lost ends
//!   the search, as one GPU's loss does.
//!
//! With shared compiles the search streams (`stream`): batches overlap,
//! and a free GPU takes the earliest compiled candidate of any batch.
//! `TIRTUI_STREAM=0` measures batch by batch instead (to compare).

use super::breakdown::MeasureBreakdown;
use super::measure::{SharedBest, WorkerMeasure};
use super::search::{DeviceId, Measure, MeasureError, Measured};
use super::shared_compile::{measure_shared, Binary, CompileFn, GpuRunner};
use super::stream::StreamParts;
use crate::codegen::CudaKernel;
use crate::ir::PrimFunc;
use crate::runtime::compile_child::COMMAND_ENV;
use crate::runtime::{ChildCompiler, CompileError, GpuTarget};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The default time limit of one candidate's compile (`--compile-timeout`;
/// MetaSchedule's builder's default too). NVRTC takes about 1 s for most
/// GEMM candidates and 5 s at the 90th percentile on an H200 host's cores;
/// a few unrolled ones took over 90 s.
pub const DEFAULT_COMPILE_TIMEOUT: Duration = Duration::from_secs(30);

/// The environment variable that turns the shared compile pool off (`0`).
pub const SHARED_COMPILE_ENV: &str = "TIRTUI_SHARED_COMPILE";

/// The environment variable that turns the streaming pipeline off (`0`):
/// the shared pool then measures batch by batch (to compare the two).
pub const STREAM_ENV: &str = "TIRTUI_STREAM";

/// How a pool's batches are compiled, decided at its first batch.
enum Mode {
    Undecided,
    /// One compile pool for every GPU, for this architecture.
    Shared {
        arch: String,
    },
    PerWorker,
}

/// One worker per GPU, all of the same model; a batch is measured on all of
/// them at the same time.
pub struct MeasurePool {
    members: Vec<WorkerMeasure>,
    /// Members whose GPU was lost in a shared batch: they take no more.
    lost: Vec<bool>,
    mode: Mode,
    /// Compiles for the shared pool; `None`: NVRTC here, in a child process
    /// per candidate (`ChildCompiler`). Tests give fakes.
    compiler: Option<Box<CompileFn<'static>>>,
    /// Each compile's time limit (`None`: none), the shared pool's and the
    /// workers' when they compile their own share.
    compile_limit: Option<Duration>,
    compile_threads: usize,
    /// The shared pool's figures of the last batch.
    shared_breakdown: Option<MeasureBreakdown>,
}

impl MeasurePool {
    pub fn new(workload: &PrimFunc, targets: &[GpuTarget]) -> Result<MeasurePool, String> {
        if targets.is_empty() {
            return Err("no GPU to measure on".into());
        }
        let best = SharedBest::new();
        let members = targets
            .iter()
            .map(|t| WorkerMeasure::new(workload, t).map(|m| m.with_best(best.clone())))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MeasurePool {
            lost: vec![false; members.len()],
            members,
            mode: Mode::Undecided,
            compiler: None,
            compile_limit: Some(DEFAULT_COMPILE_TIMEOUT),
            compile_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            shared_breakdown: None,
        }
        .with_compile_timeout(Some(DEFAULT_COMPILE_TIMEOUT)))
    }

    /// Each candidate's compile time limit (`None`: no limit): past it the
    /// compile is killed and the candidate recorded as a failed build.
    /// Workers that compile their own share are sent it too.
    pub fn with_compile_timeout(mut self, limit: Option<Duration>) -> MeasurePool {
        self.compile_limit = limit;
        for m in &mut self.members {
            m.set_compile_timeout(limit);
        }
        self
    }

    /// The host's compiler for `arch`: `tirtui compile-kernel` (or
    /// `$TIRTUI_COMPILE_COMMAND`) in a child per candidate, killed past the
    /// limit or on a stop; in process (no limit, no stop) only when this
    /// executable cannot be found.
    fn host_compiler(&self, arch: String) -> Box<CompileFn<'static>> {
        match ChildCompiler::new(self.compile_limit) {
            Ok(child) => Box::new(move |k: &CudaKernel, stop: &AtomicBool| {
                child.compile(k, &arch, stop).map(|c| Binary {
                    precompiled: c.binary,
                    cpu_s: Some(c.cpu_s),
                })
            }),
            Err(_) => Box::new(move |k: &CudaKernel, _: &AtomicBool| {
                crate::runtime::precompile(k, &arch)
                    .map(Binary::from)
                    .map_err(|e| CompileError::Failed(e.to_string()))
            }),
        }
    }

    /// A pool that compiles with `compiler` on `threads` threads for any
    /// target whose worker answers `arch` (remote ones too): what tests use
    /// to stand in for NVRTC.
    pub fn with_compiler(
        mut self,
        compiler: Box<CompileFn<'static>>,
        threads: usize,
    ) -> MeasurePool {
        self.compiler = Some(compiler);
        self.compile_threads = threads.max(1);
        self
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

    /// Whether batches are compiled once for every GPU (decided at the first batch).
    pub fn shares_compiles(&self) -> bool {
        matches!(self.mode, Mode::Shared { .. })
    }

    /// Shared when every GPU's worker is on this machine (or a compiler was
    /// given), NVRTC loads here, and every worker answers one architecture.
    fn decide_mode(&mut self) {
        if !matches!(self.mode, Mode::Undecided) {
            return;
        }
        self.mode = Mode::PerWorker;
        if std::env::var(SHARED_COMPILE_ENV).is_ok_and(|v| v.trim() == "0") {
            return;
        }
        let here =
            self.members.iter().all(|m| m.target.is_local()) && crate::runtime::nvrtc_available();
        // A compile command of one's own compiles here for any GPU.
        let command = std::env::var_os(COMMAND_ENV).is_some_and(|c| !c.is_empty());
        if self.compiler.is_none() && !here && !command {
            return;
        }
        let mut arch: Option<String> = None;
        for m in &mut self.members {
            match (m.arch(), &arch) {
                (None, _) => return,
                (Some(a), Some(first)) if &a != first => return,
                (Some(a), _) => arch = Some(a),
            }
        }
        if let Some(arch) = arch {
            self.mode = Mode::Shared { arch };
        }
    }

    /// The first member whose GPU was not lost.
    fn first_alive(&mut self) -> Option<&mut WorkerMeasure> {
        self.members
            .iter_mut()
            .zip(&self.lost)
            .find(|(_, lost)| !**lost)
            .map(|(m, _)| m)
    }

    /// A batch compiled once for all the GPUs, each binary run by whichever
    /// GPU is free.
    fn measure_shared_batch(
        &mut self,
        kernels: &[&CudaKernel],
        arch: &str,
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        let host;
        let compile: &CompileFn<'_> = match &self.compiler {
            Some(c) => c.as_ref(),
            None => {
                host = self.host_compiler(arch.to_string());
                host.as_ref()
            }
        };
        let alive: Vec<usize> = (0..self.members.len()).filter(|&i| !self.lost[i]).collect();
        let mut runners: Vec<&mut dyn GpuRunner> = self
            .members
            .iter_mut()
            .zip(&self.lost)
            .filter(|(_, lost)| !**lost)
            .map(|(m, _)| m as &mut dyn GpuRunner)
            .collect();
        if runners.is_empty() {
            return vec![Err(MeasureError::Fatal(
                "every GPU of the pool was lost".into(),
            ))];
        }
        let batch = measure_shared(kernels, compile, self.compile_threads, &mut runners, stop);
        for (&member, lost) in alive.iter().zip(&batch.lost) {
            if *lost {
                self.lost[member] = true;
            }
        }
        let mut figures = batch.breakdown;
        figures.shared_compile = true;
        self.shared_breakdown = Some(figures);
        batch.results
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
        match self.first_alive() {
            Some(m) => m.measure(kernel),
            None => Err(MeasureError::Fatal("no GPU to measure on".into())),
        }
    }

    fn note_best_ms(&mut self, ms: f64) {
        // One shared best: any member's is everyone's.
        if let Some(m) = self.members.first_mut() {
            m.note_best_ms(ms);
        }
    }

    fn remeasure(&mut self, kernels: &[&CudaKernel]) -> Vec<Result<Measured, MeasureError>> {
        // On one GPU, so that the few compared were timed alike.
        match self.first_alive() {
            Some(m) => m.remeasure(kernels),
            None => vec![Err(MeasureError::Fatal("no GPU to measure on".into()))],
        }
    }

    fn take_breakdown(&mut self) -> Option<MeasureBreakdown> {
        let mut total = MeasureBreakdown::default();
        for m in &mut self.members {
            total.merge(&std::mem::take(&mut m.breakdown));
        }
        if let Some(shared) = self.shared_breakdown.take() {
            // The workers counted their runs; the pool its compiles and walls.
            total.merge(&shared);
            total.compile_wall_s = shared.compile_wall_s;
            total.wall_s = shared.wall_s;
        }
        total.gpus = self.lost.iter().filter(|l| !**l).count().max(total.gpus);
        Some(total)
    }

    fn stream(&mut self) -> Option<StreamParts<'_>> {
        self.decide_mode();
        let Mode::Shared { arch } = &self.mode else {
            return None;
        };
        if std::env::var(STREAM_ENV).is_ok_and(|v| v.trim() == "0") {
            return None;
        }
        let arch = arch.clone();
        let compile: Box<CompileFn<'_>> = match &self.compiler {
            Some(c) => Box::new(move |k: &CudaKernel, stop: &AtomicBool| c(k, stop)),
            None => self.host_compiler(arch),
        };
        let runners = self
            .members
            .iter_mut()
            .zip(self.lost.iter_mut())
            .filter(|(_, lost)| !**lost)
            .map(|(m, lost)| (m as &mut dyn GpuRunner, lost))
            .collect();
        Some(StreamParts {
            compile,
            threads: self.compile_threads,
            runners,
        })
    }

    fn measure_batch(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        self.decide_mode();
        if let Mode::Shared { arch } = &self.mode {
            let arch = arch.clone();
            return self.measure_shared_batch(kernels, &arch, stop);
        }
        let n = self.members.len().max(1);
        if n == 1 {
            return match self.members.first_mut() {
                Some(m) => m.measure_share(kernels, stop),
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
                .map(|(m, share)| s.spawn(move || m.measure_share(share, stop)))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(ms: f64) -> Result<Measured, MeasureError> {
        Ok(Measured {
            time_ms: ms,
            gflops: 1.0,
            correct: Some(true),
            quick: false,
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
