//! One compile pool for every GPU of a batch (issue 31: two GPUs at >= 1.8x
//! one). The batch's kernels are compiled on all the host's cores, in batch
//! order, and each compiled one goes to whichever GPU is free first (work
//! stealing: a GPU takes the earliest compiled candidate nobody has taken),
//! so no GPU waits for a share dealt out up front, and no two workers compete
//! for the same cores with their own compiles.
//!
//! ```text
//! compile threads (all cores) ──> slots[i] compiled, in order i = 0, 1, ...
//! GPU g (one thread each):  take the lowest compiled, untaken i -> run -> result[i]
//! ```
//!
//! A kernel whose CUDA (source and name) is another's of the batch is not
//! compiled again: it takes the first one's binary (and still runs: each
//! candidate is measured). Results are kept in batch order. A GPU whose runner answers `Fatal` (its
//! worker keeps dying, its device is gone) costs the candidate it ran, which
//! fails as `GPU lost`, and takes no more; the other GPUs finish the batch.
//! Only when every GPU is lost is the result `Fatal` (the search ends there).
//!
//! Knows nothing of workers or NVRTC: `MeasurePool` plugs in the host's NVRTC
//! and its `WorkerMeasure`s; tests plug in fakes with fake compile and run times.

use super::breakdown::MeasureBreakdown;
use super::search::{MeasureError, Measured};
use crate::codegen::CudaKernel;
use crate::runtime::{thread_cpu_ms, CompileError, Precompiled};
use std::collections::hash_map::{Entry, HashMap};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Compiles a kernel on the host for the GPUs' architecture, stopping when
/// the flag is set (`CompileError::Stopped`). `Failed` is the compiler's log
/// (the candidate is counted as not compiled, never run); `TimedOut` a build
/// failure recorded as such (`COMPILE_TIME_LIMIT_REASON`).
pub type CompileFn<'a> =
    dyn Fn(&CudaKernel, &AtomicBool) -> Result<Binary, CompileError> + Sync + 'a;

/// The reason a candidate past the compile time limit is recorded with.
pub const COMPILE_TIME_LIMIT_REASON: &str = "compile time limit exceeded";

/// A compiled kernel, and the compile's CPU time when it ran in another
/// process (`None`: the compiling thread's own CPU time is the compile's).
#[derive(Clone, Debug)]
pub struct Binary {
    pub precompiled: Precompiled,
    pub cpu_s: Option<f64>,
}

impl From<Precompiled> for Binary {
    fn from(precompiled: Precompiled) -> Binary {
        Binary {
            precompiled,
            cpu_s: None,
        }
    }
}

/// One compile as the pools count it: the outcome (`None`: stopped, no
/// result), its wall and CPU seconds.
pub(super) struct CompileRun {
    pub(super) outcome: Option<Compiled>,
    pub(super) wall_s: f64,
    pub(super) cpu_s: f64,
}

impl CompileRun {
    /// Adds this compile to a batch's figures (nothing for a stopped one).
    pub(super) fn count(&self, figures: &mut MeasureBreakdown) {
        let Some(outcome) = &self.outcome else {
            return;
        };
        figures.compiles += 1;
        match outcome {
            Ok(_) => {}
            Err(CompileError::TimedOut { .. }) => figures.compile_timeouts += 1,
            Err(_) => figures.compile_errors += 1,
        }
        figures.compile_cpu_s += self.cpu_s;
        figures.compile_each_s.push(self.wall_s);
    }
}

/// Runs `compile` on `kernel`: a compiler that panics fails its candidate,
/// not the batch (a GPU would otherwise wait for that slot for ever); a
/// compile stopped while `stop` is not set (a compiler's own stop) fails.
pub(super) fn compile_one(
    compile: &CompileFn<'_>,
    kernel: &CudaKernel,
    stop: &AtomicBool,
) -> CompileRun {
    let (wall, cpu) = (Instant::now(), thread_cpu_ms());
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compile(kernel, stop)))
        .unwrap_or_else(|_| Err(CompileError::Failed("the compiler panicked".into())));
    let wall_s = wall.elapsed().as_secs_f64();
    let mut cpu_s = (thread_cpu_ms() - cpu).max(0.0) / 1e3;
    let outcome = match outcome {
        Ok(b) => {
            cpu_s += b.cpu_s.unwrap_or(0.0);
            Some(Ok(b.precompiled))
        }
        Err(CompileError::Stopped) if stop.load(Ordering::Relaxed) => None,
        Err(CompileError::Stopped) => Some(Err(CompileError::Failed(
            "the compiler stopped without a result".into(),
        ))),
        Err(e) => {
            if matches!(e, CompileError::TimedOut { .. }) {
                // The child was busy compiling until it was killed.
                cpu_s += wall_s;
            }
            Some(Err(e))
        }
    };
    CompileRun {
        outcome,
        wall_s,
        cpu_s,
    }
}

/// What a candidate that did not compile gets: not compiled (its log), or a
/// failed build past the time limit.
pub(super) fn not_compiled(e: CompileError) -> MeasureError {
    match e {
        CompileError::TimedOut { .. } => MeasureError::Candidate {
            reason: COMPILE_TIME_LIMIT_REASON.into(),
            detail: e.to_string(),
        },
        other => MeasureError::NotCompiled(other.to_string()),
    }
}

/// One GPU of the pool: runs a kernel whose binary was compiled by the pool.
pub trait GpuRunner: Send {
    fn run(
        &mut self,
        kernel: &CudaKernel,
        compiled: &Precompiled,
    ) -> Result<Measured, MeasureError>;

    /// The figures of the runs since the last call (the worker's phases of
    /// each run); the stream adds them to each run's batch.
    fn take_figures(&mut self) -> MeasureBreakdown {
        MeasureBreakdown::default()
    }
}

/// A batch's results in batch order (fewer after a stop or when every GPU
/// was lost), which runners were lost, and where the time went.
pub struct SharedBatch {
    pub results: Vec<Result<Measured, MeasureError>>,
    /// Per runner: lost during this batch (it answered `Fatal`).
    pub lost: Vec<bool>,
    pub breakdown: MeasureBreakdown,
}

/// A candidate's compile outcome, once its compile has ended.
pub(super) type Compiled = Result<Precompiled, CompileError>;

/// What the compile threads and the GPU threads share.
struct Board {
    compiled: Vec<Option<Compiled>>,
    taken: Vec<bool>,
    results: Vec<Option<Result<Measured, MeasureError>>>,
    /// Runners still taking candidates.
    alive: usize,
    /// When the last compile ended (seconds from the batch's start).
    compile_end_s: f64,
    /// The batch's compiles (counts, CPU, each one's wall).
    compile_figures: MeasureBreakdown,
    gpu_wait_s: f64,
    gpu_busy_s: f64,
}

/// What a GPU thread does next.
enum Next {
    Run(usize, Precompiled),
    Done,
}

/// Measures `kernels` on `runners` (one thread each) with `threads` compile
/// threads. `stop` ends it after the runs in flight.
pub fn measure_shared(
    kernels: &[&CudaKernel],
    compile: &CompileFn<'_>,
    threads: usize,
    runners: &mut [&mut dyn GpuRunner],
    stop: &AtomicBool,
) -> SharedBatch {
    let n = kernels.len();
    let started = Instant::now();
    let (to_compile, copies) = unique_sources(kernels);
    let board = Mutex::new(Board {
        compiled: (0..n).map(|_| None).collect(),
        taken: vec![false; n],
        results: (0..n).map(|_| None).collect(),
        alive: runners.len(),
        compile_end_s: 0.0,
        compile_figures: MeasureBreakdown::default(),
        gpu_wait_s: 0.0,
        gpu_busy_s: 0.0,
    });
    let work = CompileWork {
        kernels,
        to_compile: &to_compile,
        copies: &copies,
        compile,
    };
    let changed = Condvar::new();
    let next_compile = AtomicUsize::new(0);
    let mut lost = vec![false; runners.len()];
    // Set on a stop and once the GPUs are done: compiles in flight are
    // killed rather than waited for.
    let quit = AtomicBool::new(false);
    if n > 0 && !runners.is_empty() {
        std::thread::scope(|s| {
            for _ in 0..threads.clamp(1, to_compile.len()) {
                s.spawn(|| compile_loop(&work, &next_compile, &board, &changed, &quit, started));
            }
            let gpus: Vec<_> = runners
                .iter_mut()
                .zip(lost.iter_mut())
                .map(|(runner, lost)| {
                    let (board, changed) = (&board, &changed);
                    s.spawn(move || gpu_loop(kernels, &mut **runner, lost, board, changed, stop))
                })
                .collect();
            while !gpus.iter().all(|g| g.is_finished()) {
                if stop.load(Ordering::Relaxed) {
                    quit.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            for g in gpus {
                // A GPU thread that panicked leaves its candidate open: the
                // batch ends there (`in_batch_order`).
                let _ = g.join();
            }
            // Compiles still running are not needed any more.
            next_compile.store(to_compile.len(), Ordering::Relaxed);
            quit.store(true, Ordering::Relaxed);
        });
    }
    let board = board.into_inner().unwrap_or_else(|p| p.into_inner());
    let figures = board.compile_figures;
    let mut breakdown = MeasureBreakdown {
        compile_each_s: figures.compile_each_s,
        compiles: figures.compiles,
        compile_errors: figures.compile_errors,
        compile_timeouts: figures.compile_timeouts,
        compiles_shared: n - to_compile.len(),
        compile_wall_s: board.compile_end_s,
        compile_cpu_s: figures.compile_cpu_s,
        gpu_wait_compile_s: board.gpu_wait_s,
        gpu_busy_s: board.gpu_busy_s,
        gpus: runners.len(),
        compile_threads: threads.clamp(1, n.max(1)),
        wall_s: started.elapsed().as_secs_f64(),
        ..MeasureBreakdown::default()
    };
    breakdown.finish_compile_stats();
    SharedBatch {
        results: in_batch_order(board.results),
        lost,
        breakdown,
    }
}

/// The kernels to compile (the first of each source, in batch order) and,
/// per kernel, the later ones of the same source, which take its binary.
fn unique_sources(kernels: &[&CudaKernel]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let mut first: HashMap<(&str, &str), usize> = HashMap::new();
    let mut to_compile = Vec::new();
    let mut copies = vec![Vec::new(); kernels.len()];
    for (i, k) in kernels.iter().enumerate() {
        match first.entry((k.source.as_str(), k.name.as_str())) {
            Entry::Occupied(e) => copies[*e.get()].push(i),
            Entry::Vacant(e) => {
                e.insert(i);
                to_compile.push(i);
            }
        }
    }
    (to_compile, copies)
}

/// What the compile threads share: the batch, which of it to compile, and
/// who else takes each binary.
struct CompileWork<'a, 'k> {
    kernels: &'a [&'k CudaKernel],
    to_compile: &'a [usize],
    copies: &'a [Vec<usize>],
    compile: &'a CompileFn<'a>,
}

/// A compile thread: the next kernel in batch order, until none is left, the
/// search stops (`quit`) or no GPU is left to run them.
fn compile_loop(
    work: &CompileWork<'_, '_>,
    next: &AtomicUsize,
    board: &Mutex<Board>,
    changed: &Condvar,
    quit: &AtomicBool,
    started: Instant,
) {
    let compile = work.compile;
    loop {
        if quit.load(Ordering::Relaxed) || board.lock().map_or(true, |b| b.alive == 0) {
            return;
        }
        let Some(&i) = work.to_compile.get(next.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        let kernel = work.kernels[i];
        let run = compile_one(compile, kernel, quit);
        if let Ok(mut b) = board.lock() {
            run.count(&mut b.compile_figures);
            // Stopped: the slot stays open (the batch ends before it).
            let Some(outcome) = run.outcome else {
                return;
            };
            b.compile_end_s = started.elapsed().as_secs_f64();
            for &copy in &work.copies[i] {
                b.compiled[copy] = Some(outcome.clone());
            }
            b.compiled[i] = Some(outcome);
        }
        changed.notify_all();
    }
}

/// A GPU thread: runs the earliest compiled candidate nobody took, until the
/// batch is done, the search stops or its runner is lost.
fn gpu_loop(
    kernels: &[&CudaKernel],
    runner: &mut dyn GpuRunner,
    lost: &mut bool,
    board: &Mutex<Board>,
    changed: &Condvar,
    stop: &AtomicBool,
) {
    loop {
        let (i, compiled) = match take_next(board, changed, stop) {
            Next::Run(i, c) => (i, c),
            Next::Done => return,
        };
        let t = Instant::now();
        let result = runner.run(kernels[i], &compiled);
        let busy = t.elapsed().as_secs_f64();
        let Ok(mut b) = board.lock() else { return };
        b.gpu_busy_s += busy;
        if let Err(MeasureError::Fatal(why)) = &result {
            *lost = true;
            b.alive = b.alive.saturating_sub(1);
            // The others go on: this candidate alone is lost with the GPU.
            b.results[i] = Some(if b.alive > 0 {
                Err(MeasureError::Candidate {
                    reason: "GPU lost".into(),
                    detail: why.clone(),
                })
            } else {
                result
            });
            drop(b);
            changed.notify_all();
            return;
        }
        b.results[i] = Some(result);
        drop(b);
        changed.notify_all();
    }
}

/// The next candidate for a free GPU: the lowest compiled one not taken
/// (compile failures met on the way are recorded), waiting while every
/// candidate left is still compiling.
fn take_next(board: &Mutex<Board>, changed: &Condvar, stop: &AtomicBool) -> Next {
    let Ok(mut b) = board.lock() else {
        return Next::Done;
    };
    loop {
        if stop.load(Ordering::Relaxed) {
            return Next::Done;
        }
        let mut open = false;
        for i in 0..b.taken.len() {
            if b.taken[i] {
                continue;
            }
            match b.compiled[i].take() {
                Some(Ok(c)) => {
                    b.taken[i] = true;
                    return Next::Run(i, c);
                }
                Some(Err(e)) => {
                    b.taken[i] = true;
                    b.results[i] = Some(Err(not_compiled(e)));
                }
                None => open = true,
            }
        }
        if !open {
            return Next::Done;
        }
        // The GPU idles until a compile ends (bounded: a stop is seen soon).
        let waited = Instant::now();
        b = match changed.wait_timeout(b, Duration::from_millis(200)) {
            Ok((guard, _)) => guard,
            Err(_) => return Next::Done,
        };
        b.gpu_wait_s += waited.elapsed().as_secs_f64();
    }
}

/// The results up to the first candidate without one (a stop), and none
/// after a `Fatal` one. A `Fatal` behind a gap takes the gap's place: the
/// search ends there either way.
pub(super) fn in_batch_order(
    slots: Vec<Option<Result<Measured, MeasureError>>>,
) -> Vec<Result<Measured, MeasureError>> {
    let is_fatal =
        |s: &Option<Result<Measured, MeasureError>>| matches!(s, Some(Err(MeasureError::Fatal(_))));
    let fatal_at = slots.iter().position(is_fatal);
    let mut slots = slots;
    let fatal = fatal_at.and_then(|i| slots[i].take());
    let mut out = Vec::with_capacity(slots.len());
    for slot in slots.into_iter().take(fatal_at.unwrap_or(usize::MAX)) {
        match slot {
            Some(r) => out.push(r),
            None => break,
        }
    }
    out.extend(fatal);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn kernel(i: usize) -> CudaKernel {
        CudaKernel {
            name: format!("k{i}"),
            source: String::new(),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            static_shared_bytes: 0,
            local_bytes: 0,
            args: vec![],
            launches: vec![],
            temporaries: vec![],
        }
    }

    fn index_of(k: &CudaKernel) -> usize {
        k.name[1..].parse().unwrap()
    }

    /// A compiler that takes `ms` per kernel and refuses those in `refuse`.
    fn fake_compiler(
        ms: u64,
        refuse: Vec<usize>,
    ) -> impl Fn(&CudaKernel, &AtomicBool) -> Result<Binary, CompileError> + Sync {
        move |k: &CudaKernel, _: &AtomicBool| {
            std::thread::sleep(Duration::from_millis(ms));
            if refuse.contains(&index_of(k)) {
                return Err(format!("error in {}", k.name).into());
            }
            Ok(Precompiled {
                arch: "sm_90".into(),
                cubin_base64: format!("bin-{}", k.name),
                compile_ms: ms as f64,
                warnings: vec![],
            }
            .into())
        }
    }

    /// A GPU that takes `ms` per run, answers the candidate's index as its
    /// time, logs (gpu, index), and is lost at its `lost_at`-th run (1-based).
    struct FakeGpu {
        id: usize,
        ms: u64,
        runs: usize,
        lost_at: Option<usize>,
        log: Arc<Mutex<Vec<(usize, usize)>>>,
    }

    impl FakeGpu {
        fn new(id: usize, ms: u64, log: &Arc<Mutex<Vec<(usize, usize)>>>) -> FakeGpu {
            FakeGpu {
                id,
                ms,
                runs: 0,
                lost_at: None,
                log: Arc::clone(log),
            }
        }
    }

    impl GpuRunner for FakeGpu {
        fn run(&mut self, k: &CudaKernel, c: &Precompiled) -> Result<Measured, MeasureError> {
            assert_eq!(
                c.cubin_base64,
                format!("bin-{}", k.name),
                "another kernel's binary"
            );
            self.runs += 1;
            std::thread::sleep(Duration::from_millis(self.ms));
            if self.lost_at == Some(self.runs) {
                return Err(MeasureError::Fatal(format!(
                    "GPU {} fell off the bus",
                    self.id
                )));
            }
            self.log.lock().unwrap().push((self.id, index_of(k)));
            Ok(Measured {
                time_ms: index_of(k) as f64,
                gflops: 1.0,
                correct: Some(true),
                quick: false,
            })
        }
    }

    fn kernels(n: usize) -> Vec<CudaKernel> {
        (0..n).map(kernel).collect()
    }

    fn run(
        ks: &[CudaKernel],
        compiler: &CompileFn<'_>,
        threads: usize,
        gpus: &mut [FakeGpu],
    ) -> (SharedBatch, f64) {
        let refs: Vec<&CudaKernel> = ks.iter().collect();
        let mut runners: Vec<&mut dyn GpuRunner> =
            gpus.iter_mut().map(|g| g as &mut dyn GpuRunner).collect();
        let t = Instant::now();
        let batch = measure_shared(
            &refs,
            compiler,
            threads,
            &mut runners,
            &AtomicBool::new(false),
        );
        (batch, t.elapsed().as_secs_f64())
    }

    fn times(b: &SharedBatch) -> Vec<String> {
        b.results
            .iter()
            .map(|r| match r {
                Ok(m) => format!("{}", m.time_ms),
                Err(MeasureError::NotCompiled(_)) => "not compiled".into(),
                Err(MeasureError::Candidate { reason, .. }) => reason.clone(),
                Err(MeasureError::Fatal(_)) => "fatal".into(),
            })
            .collect()
    }

    fn in_order(n: usize) -> Vec<String> {
        (0..n).map(|i| i.to_string()).collect()
    }

    /// Two GPUs measure a batch in about half the time of one: the compile
    /// pool keeps both fed (compiles 4x faster than runs here, as NVRTC on
    /// 32 cores against 64 candidates' runs).
    #[test]
    fn two_gpus_measure_a_batch_in_about_half_the_time_of_one() {
        let ks = kernels(32);
        let compiler = fake_compiler(40, vec![]);
        let log = Arc::new(Mutex::new(Vec::new()));
        let (one, t1) = run(&ks, &compiler, 16, &mut [FakeGpu::new(0, 40, &log)]);
        let mut two_gpus = [FakeGpu::new(0, 40, &log), FakeGpu::new(1, 40, &log)];
        let (two, t2) = run(&ks, &compiler, 16, &mut two_gpus);
        assert_eq!(times(&one), in_order(32));
        assert_eq!(times(&two), in_order(32));
        let speedup = t1 / t2;
        assert!(
            speedup >= 1.7,
            "one GPU {t1:.3} s, two {t2:.3} s: {speedup:.2}x"
        );
        // Both GPUs ran about half.
        assert!(
            two_gpus.iter().all(|g| (12..=20).contains(&g.runs)),
            "{:?}",
            two_gpus.iter().map(|g| g.runs).collect::<Vec<_>>()
        );
        let b = &two.breakdown;
        assert_eq!((b.compiles, b.gpus, b.compile_errors), (32, 2, 0));
        assert!(b.gpu_utilisation().is_some_and(|u| u > 0.8), "{b:?}");
    }

    /// A faster GPU takes more candidates instead of waiting for a slower
    /// one's share (a static split would take 16 x 30 ms on the slow one).
    #[test]
    fn a_free_gpu_takes_the_next_candidate() {
        let ks = kernels(32);
        let compiler = fake_compiler(1, vec![]);
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut gpus = [FakeGpu::new(0, 10, &log), FakeGpu::new(1, 30, &log)];
        let (batch, wall) = run(&ks, &compiler, 4, &mut gpus);
        assert_eq!(times(&batch), in_order(32));
        assert!(
            gpus[0].runs >= 20,
            "fast {} slow {}",
            gpus[0].runs,
            gpus[1].runs
        );
        assert!(wall < 0.40, "{wall:.3} s (a static split: 0.48 s)");
    }

    /// Each result lands at its candidate's place whichever GPU ran it, and
    /// every candidate is run exactly once. (Which GPU runs which, and in
    /// what order, follows compile completion: with two compile threads
    /// candidate 11 may be ready before 10, so no order is asserted.)
    #[test]
    fn results_keep_batch_order_and_runs_follow_it() {
        let ks = kernels(20);
        let compiler = fake_compiler(5, vec![]);
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut gpus = [FakeGpu::new(0, 7, &log), FakeGpu::new(1, 3, &log)];
        let (batch, _) = run(&ks, &compiler, 2, &mut gpus);
        assert_eq!(times(&batch), in_order(20));
        let log = log.lock().unwrap();
        let mut ran: Vec<usize> = log.iter().map(|(_, i)| *i).collect();
        ran.sort_unstable();
        assert_eq!(ran, (0..20).collect::<Vec<_>>(), "{log:?}");
        assert!(log.iter().any(|(id, _)| *id == 0) && log.iter().any(|(id, _)| *id == 1));
    }

    /// A lost GPU costs the candidate it ran; the other finishes the batch.
    #[test]
    fn a_lost_gpu_costs_its_candidate_only() {
        let ks = kernels(12);
        let compiler = fake_compiler(2, vec![]);
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut lost = FakeGpu::new(1, 5, &log);
        lost.lost_at = Some(2);
        let mut gpus = [FakeGpu::new(0, 5, &log), lost];
        let (batch, _) = run(&ks, &compiler, 2, &mut gpus);
        let t = times(&batch);
        assert_eq!(t.len(), 12, "{t:?}");
        assert_eq!(t.iter().filter(|x| *x == "GPU lost").count(), 1, "{t:?}");
        assert_eq!(
            t.iter().filter(|x| x.parse::<usize>().is_ok()).count(),
            11,
            "{t:?}"
        );
        assert_eq!(batch.lost, vec![false, true]);
        assert_eq!(gpus[1].runs, 2);
    }

    /// When every GPU is lost the batch ends with `Fatal` (the search stops).
    #[test]
    fn losing_every_gpu_is_fatal() {
        let ks = kernels(12);
        let compiler = fake_compiler(1, vec![]);
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut a = FakeGpu::new(0, 2, &log);
        a.lost_at = Some(1);
        let (batch, _) = run(&ks, &compiler, 2, &mut [a]);
        assert_eq!(times(&batch), vec!["fatal"]);
        assert_eq!(batch.lost, vec![true]);
    }

    /// Candidates with the same CUDA are compiled once and each is run (in
    /// its place, with the first one's binary); a failed compile fails them all.
    #[test]
    fn the_same_cuda_is_compiled_once_and_run_for_each_candidate() {
        // 0..6, with 3 and 5 the source of 1, 4 the source of 2 (refused).
        let mut ks = kernels(6);
        for (copy, of) in [(3, 1), (5, 1), (4, 2)] {
            ks[copy].source = format!("source {of}");
            ks[of].source = format!("source {of}");
        }
        for k in &mut ks {
            k.name = "k".into();
        }
        let compiled = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&compiled);
        let compiler = move |k: &CudaKernel, _: &AtomicBool| -> Result<Binary, CompileError> {
            seen.lock().unwrap().push(k.source.clone());
            if k.source == "source 2" {
                return Err(CompileError::Failed("refused".into()));
            }
            Ok(Precompiled {
                arch: "sm_90".into(),
                cubin_base64: format!("bin-{}", k.source),
                compile_ms: 1.0,
                warnings: vec![],
            }
            .into())
        };
        struct Echo(Vec<String>);
        impl GpuRunner for Echo {
            fn run(&mut self, k: &CudaKernel, c: &Precompiled) -> Result<Measured, MeasureError> {
                assert_eq!(c.cubin_base64, format!("bin-{}", k.source));
                self.0.push(k.source.clone());
                Ok(Measured {
                    time_ms: self.0.len() as f64,
                    gflops: 1.0,
                    correct: Some(true),
                    quick: false,
                })
            }
        }
        let refs: Vec<&CudaKernel> = ks.iter().collect();
        let mut gpu = Echo(Vec::new());
        let mut runners: Vec<&mut dyn GpuRunner> = vec![&mut gpu];
        let batch = measure_shared(&refs, &compiler, 2, &mut runners, &AtomicBool::new(false));
        let mut sources = compiled.lock().unwrap().clone();
        sources.sort();
        // Sources of 0, 1 and 2 only.
        assert_eq!(sources, vec!["", "source 1", "source 2"]);
        assert_eq!(batch.breakdown.compiles, 3);
        assert_eq!(batch.breakdown.compiles_shared, 3);
        let ran = |i: usize| batch.results[i].is_ok();
        assert_eq!(batch.results.len(), 6);
        assert!(ran(0) && ran(1) && ran(3) && ran(5), "{:?}", times(&batch));
        for refused in [2, 4] {
            assert!(matches!(
                batch.results[refused],
                Err(MeasureError::NotCompiled(_))
            ));
        }
        assert_eq!(gpu.0.len(), 4);
    }

    /// A kernel that does not compile is never run and keeps its place.
    #[test]
    fn a_compile_failure_keeps_its_place_and_never_runs() {
        let ks = kernels(6);
        let compiler = fake_compiler(1, vec![2, 5]);
        let log = Arc::new(Mutex::new(Vec::new()));
        let (batch, _) = run(&ks, &compiler, 3, &mut [FakeGpu::new(0, 1, &log)]);
        assert_eq!(
            times(&batch),
            vec!["0", "1", "not compiled", "3", "4", "not compiled"]
        );
        assert_eq!(batch.breakdown.compile_errors, 2);
        assert!(!log.lock().unwrap().iter().any(|(_, i)| *i == 2 || *i == 5));
    }

    /// After a stop, the results are the batch's first ones, in order.
    #[test]
    fn a_stop_keeps_a_prefix_of_the_batch() {
        struct Stopper<'a> {
            inner: FakeGpu,
            stop: &'a AtomicBool,
        }
        impl GpuRunner for Stopper<'_> {
            fn run(&mut self, k: &CudaKernel, c: &Precompiled) -> Result<Measured, MeasureError> {
                if self.inner.runs == 3 {
                    self.stop.store(true, Ordering::Relaxed);
                }
                self.inner.run(k, c)
            }
        }
        let ks = kernels(10);
        let refs: Vec<&CudaKernel> = ks.iter().collect();
        let compiler = fake_compiler(1, vec![]);
        let log = Arc::new(Mutex::new(Vec::new()));
        let stop = AtomicBool::new(false);
        let mut s = Stopper {
            inner: FakeGpu::new(0, 1, &log),
            stop: &stop,
        };
        let mut runners: Vec<&mut dyn GpuRunner> = vec![&mut s];
        // One compile thread: compiles end in batch order, so the GPU runs
        // in it however loaded the machine (with two, 3 could run before 2).
        let batch = measure_shared(&refs, &compiler, 1, &mut runners, &stop);
        assert_eq!(times(&batch), in_order(4));
    }

    /// A stop during a compile that would take a minute ends the batch at
    /// once (the compile is stopped, as a child process is killed); the
    /// results are the batch's first ones.
    #[test]
    fn a_stop_during_a_long_compile_ends_the_batch_at_once() {
        let ks = kernels(6);
        let refs: Vec<&CudaKernel> = ks.iter().collect();
        let compiler = |k: &CudaKernel, stop: &AtomicBool| -> Result<Binary, CompileError> {
            let long = index_of(k) == 2;
            let until = Instant::now() + Duration::from_millis(if long { 60_000 } else { 1 });
            while Instant::now() < until {
                if stop.load(Ordering::Relaxed) {
                    return Err(CompileError::Stopped);
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            Ok(Precompiled {
                arch: "sm_90".into(),
                cubin_base64: format!("bin-{}", k.name),
                compile_ms: 1.0,
                warnings: vec![],
            }
            .into())
        };
        let stop = Arc::new(AtomicBool::new(false));
        let setter = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            setter.store(true, Ordering::Relaxed);
        });
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut gpu = FakeGpu::new(0, 1, &log);
        let mut runners: Vec<&mut dyn GpuRunner> = vec![&mut gpu];
        let t = Instant::now();
        let batch = measure_shared(&refs, &compiler, 2, &mut runners, &stop);
        let took = t.elapsed().as_secs_f64();
        assert!(
            took < 20.0,
            "{took:.2} s after a stop at 0.3 s (the compile is 60 s)"
        );
        assert_eq!(times(&batch), in_order(2));
        assert_eq!(batch.breakdown.compile_timeouts, 0);
    }

    /// A compile past the limit fails its candidate as a build past the
    /// limit (a failed trial), counted apart from compile errors.
    #[test]
    fn a_compile_past_the_limit_is_a_failed_build() {
        let ks = kernels(4);
        let compiler = |k: &CudaKernel, _: &AtomicBool| -> Result<Binary, CompileError> {
            if index_of(k) == 1 {
                return Err(CompileError::TimedOut {
                    limit: Duration::from_secs(30),
                });
            }
            Ok(Precompiled {
                arch: "sm_90".into(),
                cubin_base64: format!("bin-{}", k.name),
                compile_ms: 1.0,
                warnings: vec![],
            }
            .into())
        };
        let log = Arc::new(Mutex::new(Vec::new()));
        let (batch, _) = run(&ks, &compiler, 2, &mut [FakeGpu::new(0, 1, &log)]);
        assert_eq!(
            times(&batch),
            vec!["0", COMPILE_TIME_LIMIT_REASON, "2", "3"]
        );
        match &batch.results[1] {
            Err(MeasureError::Candidate { detail, .. }) => {
                assert!(
                    detail.starts_with("compile time limit 30 s exceeded"),
                    "{detail}"
                )
            }
            other => panic!("{other:?}"),
        }
        let b = &batch.breakdown;
        assert_eq!(
            (b.compiles, b.compile_errors, b.compile_timeouts),
            (4, 0, 1)
        );
    }
}
