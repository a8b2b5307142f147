//! The stream against fake compilers and GPUs (sleeps stand for NVRTC and
//! the runs): batches overlap, results keep their places, a lost GPU costs
//! its candidate, a stop keeps every finished measurement.

use super::*;
use crate::runtime::CompileError;
use crate::tune::shared_compile::COMPILE_TIME_LIMIT_REASON;
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
    k.name[1..].parse().unwrap_or(usize::MAX)
}

/// Compiles in `ms`, or `slow_ms` for the kernels in `slow`; counts compiles.
/// Like a compile in a child process, it stops when the flag is set.
fn fake_compiler(
    ms: u64,
    slow_ms: u64,
    slow: Vec<usize>,
    count: Arc<Mutex<usize>>,
) -> Box<CompileFn<'static>> {
    limited_compiler(ms, slow_ms, slow, None, count)
}

/// `fake_compiler` with a time limit: past `limit` ms a compile ends as
/// `TimedOut`, as `ChildCompiler` kills it.
fn limited_compiler(
    ms: u64,
    slow_ms: u64,
    slow: Vec<usize>,
    limit: Option<u64>,
    count: Arc<Mutex<usize>>,
) -> Box<CompileFn<'static>> {
    Box::new(move |k: &CudaKernel, stop: &AtomicBool| {
        *count.lock().unwrap() += 1;
        let i = index_of(k);
        let t = if slow.contains(&i) { slow_ms } else { ms };
        let until = Instant::now() + Duration::from_millis(t.min(limit.unwrap_or(u64::MAX)));
        while Instant::now() < until {
            if stop.load(Ordering::Relaxed) {
                return Err(CompileError::Stopped);
            }
            std::thread::sleep(Duration::from_millis(1).min(until - Instant::now()));
        }
        if let Some(l) = limit.filter(|l| t > *l) {
            return Err(CompileError::TimedOut {
                limit: Duration::from_millis(l),
            });
        }
        Ok(Precompiled {
            arch: "sm_90".into(),
            cubin_base64: format!("bin-{}", k.name),
            compile_ms: t as f64,
            warnings: vec![],
        }
        .into())
    })
}

/// A GPU that takes `ms` per run and answers the kernel's number as its
/// time; lost at its `lost_at`-th run; sets `stop_after` runs' stop.
struct FakeGpu {
    ms: u64,
    runs: usize,
    lost_at: Option<usize>,
    stop_after: Option<(usize, Arc<AtomicBool>)>,
}

impl FakeGpu {
    fn new(ms: u64) -> FakeGpu {
        FakeGpu {
            ms,
            runs: 0,
            lost_at: None,
            stop_after: None,
        }
    }
}

impl GpuRunner for FakeGpu {
    fn run(&mut self, k: &CudaKernel, c: &Precompiled) -> Result<Measured, MeasureError> {
        assert_eq!(
            c.cubin_base64,
            format!("bin-{}", k.name),
            "another's binary"
        );
        self.runs += 1;
        std::thread::sleep(Duration::from_millis(self.ms));
        if let Some((n, stop)) = &self.stop_after {
            if self.runs >= *n {
                stop.store(true, Ordering::Relaxed);
            }
        }
        if self.lost_at == Some(self.runs) {
            return Err(MeasureError::Fatal("fell off the bus".into()));
        }
        Ok(Measured {
            time_ms: index_of(k) as f64,
            gflops: 1.0,
            correct: Some(true),
            quick: false,
        })
    }
}

fn outcome(r: &Option<Result<Measured, MeasureError>>) -> String {
    match r {
        None => "-".into(),
        Some(Ok(m)) => format!("{}", m.time_ms),
        Some(Err(MeasureError::NotCompiled(_))) => "not compiled".into(),
        Some(Err(MeasureError::Candidate { reason, .. })) => reason.clone(),
        Some(Err(MeasureError::Fatal(_))) => "fatal".into(),
    }
}

/// Batches of `per` kernels numbered on; submitted as the search does
/// (r+1 before r is collected). Returns each batch's outcomes, the
/// breakdowns and the wall time.
fn pipelined(
    batches: usize,
    per: usize,
    parts: StreamParts<'_>,
    stop: &AtomicBool,
) -> (Vec<Vec<String>>, Vec<MeasureBreakdown>, f64) {
    let started = Instant::now();
    let (out, figures) = run_stream(parts, stop, |s| {
        let batch = |r: usize| (r * per..(r + 1) * per).map(kernel).collect::<Vec<_>>();
        let (mut out, mut figures) = (Vec::new(), Vec::new());
        let mut in_flight = Some(s.submit(batch(0)));
        for r in 1..=batches {
            let next = (r < batches).then(|| s.submit(batch(r)));
            if let Some(id) = in_flight.take() {
                let b = s.collect(id);
                out.push(b.results.iter().map(outcome).collect::<Vec<_>>());
                figures.push(b.breakdown);
            }
            in_flight = next;
        }
        (out, figures)
    });
    (out, figures, started.elapsed().as_secs_f64())
}

fn numbers(range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| i.to_string()).collect()
}

fn parts<'a>(
    compile: Box<CompileFn<'static>>,
    threads: usize,
    gpus: &'a mut [FakeGpu],
    lost: &'a mut [bool],
) -> StreamParts<'a> {
    StreamParts {
        compile,
        threads,
        runners: gpus
            .iter_mut()
            .zip(lost.iter_mut())
            .map(|(g, l)| (g as &mut dyn GpuRunner, l))
            .collect(),
    }
}

/// One slow compile per batch (a heavily unrolled candidate) no longer
/// holds the GPU: its wall time is near the GPU's time, where measuring
/// batch by batch waits for each batch's slowest compile.
#[test]
fn one_slow_compile_per_batch_does_not_hold_the_gpu() {
    let (batches, per, run_ms, slow_ms) = (4, 16, 20, 600);
    let slow: Vec<usize> = (0..batches).map(|r| r * per + per - 1).collect();
    let count = Arc::new(Mutex::new(0));
    let stop = AtomicBool::new(false);
    let mut gpus = [FakeGpu::new(run_ms)];
    let mut lost = [false];
    let compiler = fake_compiler(10, slow_ms, slow.clone(), Arc::clone(&count));
    let (out, figures, streamed) = pipelined(
        batches,
        per,
        parts(compiler, 8, &mut gpus, &mut lost),
        &stop,
    );
    for (r, o) in out.iter().enumerate() {
        assert_eq!(o, &numbers(r * per..(r + 1) * per));
    }
    // Batch by batch, as before the stream: each batch ends with its slow compile.
    let compiler = fake_compiler(10, slow_ms, slow, Arc::clone(&count));
    let mut gpu = FakeGpu::new(run_ms);
    let t = Instant::now();
    for r in 0..batches {
        let ks: Vec<CudaKernel> = (r * per..(r + 1) * per).map(kernel).collect();
        let refs: Vec<&CudaKernel> = ks.iter().collect();
        let mut runners: Vec<&mut dyn GpuRunner> = vec![&mut gpu];
        super::super::shared_compile::measure_shared(&refs, &*compiler, 8, &mut runners, &stop);
    }
    let batched = t.elapsed().as_secs_f64();
    let gpu_s = (batches * per) as f64 * run_ms as f64 / 1e3;
    assert!(
        streamed < gpu_s * 1.3 && streamed < batched * 0.7,
        "streamed {streamed:.2} s, batch by batch {batched:.2} s, GPU time {gpu_s:.2} s"
    );
    let total = figures
        .iter()
        .fold(MeasureBreakdown::default(), |mut t, b| {
            t.accumulate(b);
            t
        });
    assert_eq!((total.runs, total.compiles, total.gpus), (0, 64, 1));
    assert!(
        total.compile_max_s >= 0.55 && total.compile_p50_s < 0.1,
        "{total:?}"
    );
    assert!(
        total.streamed && total.gpu_utilisation().is_some_and(|u| u > 0.75),
        "{total:?}"
    );
}

/// Two GPUs measure a stream about twice as fast as one.
#[test]
fn two_gpus_measure_a_stream_about_twice_as_fast_as_one() {
    let count = Arc::new(Mutex::new(0));
    let stop = AtomicBool::new(false);
    let mut one = [FakeGpu::new(25)];
    let (o1, _, t1) = pipelined(
        4,
        12,
        parts(
            fake_compiler(5, 0, vec![], Arc::clone(&count)),
            8,
            &mut one,
            &mut [false],
        ),
        &stop,
    );
    let mut two = [FakeGpu::new(25), FakeGpu::new(25)];
    let (o2, figures, t2) = pipelined(
        4,
        12,
        parts(
            fake_compiler(5, 0, vec![], Arc::clone(&count)),
            8,
            &mut two,
            &mut [false, false],
        ),
        &stop,
    );
    assert_eq!(o1, o2);
    assert!(t1 / t2 >= 1.7, "one GPU {t1:.2} s, two {t2:.2} s");
    assert!(
        two.iter().all(|g| (18..=30).contains(&g.runs)),
        "{:?}",
        two.map(|g| g.runs)
    );
    assert!(figures.iter().all(|f| f.gpus == 2));
}

/// A kernel with the CUDA of an earlier batch's is not compiled again, and
/// each result lands at its candidate's place.
#[test]
fn a_source_seen_in_an_earlier_batch_is_compiled_once() {
    let count = Arc::new(Mutex::new(0));
    let stop = AtomicBool::new(false);
    let mut gpus = [FakeGpu::new(1), FakeGpu::new(3)];
    let mut lost = [false, false];
    let p = parts(
        fake_compiler(2, 0, vec![], Arc::clone(&count)),
        2,
        &mut gpus,
        &mut lost,
    );
    let (first, second) = run_stream(p, &stop, |s| {
        let a = s.submit((0..6).map(kernel).collect());
        // k2 and k4 again, then two new ones.
        let b = s.submit([2, 4, 6, 7].into_iter().map(kernel).collect());
        (s.collect(a), s.collect(b))
    });
    let o = |b: &StreamBatch| b.results.iter().map(outcome).collect::<Vec<_>>();
    assert_eq!(o(&first), numbers(0..6));
    assert_eq!(o(&second), vec!["2", "4", "6", "7"]);
    assert_eq!(*count.lock().unwrap(), 8);
    assert_eq!(second.breakdown.compiles_shared, 2);
}

/// A lost GPU costs the candidate it ran; the other finishes every batch.
/// With every GPU lost, what is left is `Fatal`.
#[test]
fn a_lost_gpu_costs_its_candidate_only() {
    let count = Arc::new(Mutex::new(0));
    let stop = AtomicBool::new(false);
    let mut dying = FakeGpu::new(4);
    dying.lost_at = Some(3);
    let mut gpus = [FakeGpu::new(4), dying];
    let mut lost = [false, false];
    let p = parts(
        fake_compiler(1, 0, vec![], Arc::clone(&count)),
        2,
        &mut gpus,
        &mut lost,
    );
    let (out, _, _) = pipelined(3, 8, p, &stop);
    let all: Vec<String> = out.concat();
    assert_eq!(all.len(), 24);
    assert_eq!(
        all.iter().filter(|o| *o == "GPU lost").count(),
        1,
        "{all:?}"
    );
    assert_eq!(
        all.iter().filter(|o| o.parse::<usize>().is_ok()).count(),
        23
    );
    assert_eq!(lost, [false, true]);

    let mut alone = FakeGpu::new(2);
    alone.lost_at = Some(2);
    let mut gpus = [alone];
    let mut lost = [false];
    let p = parts(
        fake_compiler(1, 0, vec![], Arc::clone(&count)),
        2,
        &mut gpus,
        &mut lost,
    );
    let (out, _, _) = pipelined(2, 4, p, &stop);
    // Which candidate ran first follows the compiles' order (two threads).
    let ran = out[0].iter().filter(|o| o.parse::<usize>().is_ok()).count();
    let fatal = out[0].iter().filter(|o| *o == "fatal").count();
    assert_eq!((ran, fatal), (1, 3), "{:?}", out[0]);
}

/// After a stop the runs in flight end and every finished measurement comes
/// back in its place, also those after one that was never run. (A compile
/// in flight is stopped: `a_stop_during_a_long_compile_returns_at_once`.)
#[test]
fn a_stop_keeps_every_finished_measurement() {
    let count = Arc::new(Mutex::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut a = FakeGpu::new(5);
    a.stop_after = Some((3, Arc::clone(&stop)));
    // Candidate 1 compiles slowly: the GPUs run 2.. before it.
    let mut gpus = [a, FakeGpu::new(40)];
    let compiler = fake_compiler(1, 400, vec![1], Arc::clone(&count));
    let mut lost = [false, false];
    let p = parts(compiler, 4, &mut gpus, &mut lost);
    let (out, _, _) = pipelined(2, 10, p, &stop);
    let ran = gpus[0].runs + gpus[1].runs;
    let all = out.concat();
    assert_eq!(all[1], "-", "{all:?}");
    let finished: Vec<&String> = all.iter().filter(|o| *o != "-").collect();
    assert_eq!(finished.len(), ran, "{all:?}");
    assert!(
        finished.iter().all(|o| o.parse::<usize>().is_ok()),
        "{all:?}"
    );
    assert!(ran >= 4 && all[2] == "2", "{all:?}");
}

/// A stop while NVRTC chews on a candidate for minutes returns at once:
/// the compile is stopped (a child process killed), not waited for, and the
/// finished measurements come back. (Before issue 31's fix the stream
/// joined the compile threads: 60 s here, 98 s on an H200 host.)
#[test]
fn a_stop_during_a_long_compile_returns_at_once() {
    let count = Arc::new(Mutex::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut a = FakeGpu::new(5);
    a.stop_after = Some((4, Arc::clone(&stop)));
    let mut gpus = [a, FakeGpu::new(5)];
    // Candidates 1 and 3 take a minute each, on two of the four threads.
    let compiler = fake_compiler(2, 60_000, vec![1, 3], Arc::clone(&count));
    let mut lost = [false, false];
    let p = parts(compiler, 4, &mut gpus, &mut lost);
    let (out, _, wall) = pipelined(2, 10, p, &stop);
    assert!(wall < 2.0, "{wall:.2} s after a stop during a 60 s compile");
    let all = out.concat();
    assert_eq!((all[1].as_str(), all[3].as_str()), ("-", "-"), "{all:?}");
    let finished = all.iter().filter(|o| o.parse::<usize>().is_ok()).count();
    assert_eq!(finished, gpus[0].runs + gpus[1].runs, "{all:?}");
    assert!(finished >= 4, "{all:?}");
}

/// A compile past the time limit is a failed build in its place (recorded
/// by the search, with the reason), counted as a timeout, not a compile
/// error; the others are measured.
#[test]
fn a_compile_past_the_limit_is_a_failed_build_and_the_stream_goes_on() {
    let count = Arc::new(Mutex::new(0));
    let stop = AtomicBool::new(false);
    let mut gpus = [FakeGpu::new(2)];
    let compiler = limited_compiler(1, 10_000, vec![2, 7], Some(150), Arc::clone(&count));
    let mut lost = [false];
    let p = parts(compiler, 2, &mut gpus, &mut lost);
    let (out, figures, wall) = pipelined(2, 5, p, &stop);
    assert!(wall < 3.0, "{wall:.2} s");
    let all = out.concat();
    let mut want = numbers(0..10);
    want[2] = COMPILE_TIME_LIMIT_REASON.into();
    want[7] = COMPILE_TIME_LIMIT_REASON.into();
    assert_eq!(all, want);
    let timeouts: usize = figures.iter().map(|f| f.compile_timeouts).sum();
    let errors: usize = figures.iter().map(|f| f.compile_errors).sum();
    assert_eq!((timeouts, errors), (2, 0));
    assert_eq!(gpus[0].runs, 8);
}

/// A kernel whose source has `unrolls` unrolled loops.
fn unrolled(i: usize, unrolls: usize) -> CudaKernel {
    let mut k = kernel(i);
    k.source = "#pragma unroll\nfor (int j = 0; j < 8; ++j) {}\n".repeat(unrolls);
    k
}

/// Within a batch the kernels like those that compiled slowly start first
/// (`compile_order`), so a slow one at the end of a batch does not hold it
/// alone after every other compile has ended.
#[test]
fn kernels_like_the_slow_ones_compile_first_in_their_batch() {
    let started: Arc<Mutex<Vec<usize>>> = Arc::default();
    let log = Arc::clone(&started);
    let compile: Box<CompileFn<'static>> = Box::new(move |k: &CudaKernel, _: &AtomicBool| {
        log.lock().unwrap().push(index_of(k));
        let slow = k.source.matches("#pragma unroll").count() > 4;
        std::thread::sleep(Duration::from_millis(if slow { 120 } else { 10 }));
        Ok(Precompiled {
            arch: "sm_90".into(),
            cubin_base64: format!("bin-{}", k.name),
            compile_ms: 1.0,
            warnings: vec![],
        }
        .into())
    });
    let mut gpus = [FakeGpu::new(0)];
    let mut lost = [false];
    let stop = AtomicBool::new(false);
    let first: Vec<CudaKernel> = (0..4)
        .map(|i| unrolled(i, if i == 1 { 12 } else { 1 }))
        .collect();
    // The slow ones come last in the second batch's proposal order.
    let second: Vec<CudaKernel> = (10..16)
        .map(|i| unrolled(i, if i >= 14 { 12 } else { 1 }))
        .collect();
    let results = run_stream(parts(compile, 1, &mut gpus, &mut lost), &stop, |s| {
        let a = s.submit(first);
        let _ = s.collect(a);
        let b = s.submit(second);
        s.collect(b).results.iter().map(outcome).collect::<Vec<_>>()
    });
    // Results keep the proposals' order whatever the compile order.
    assert_eq!(results, numbers(10..16));
    let order = started.lock().unwrap().clone();
    assert_eq!(order.len(), 10, "{order:?}");
    let mut slow_first = order[4..6].to_vec();
    slow_first.sort_unstable();
    assert_eq!(slow_first, vec![14, 15], "compile order {order:?}");
}

/// The binaries kept for sources that come again are bounded: past the
/// limit the oldest is dropped and its source compiles again.
#[test]
fn the_binary_cache_drops_the_oldest_past_its_limit() {
    let count = Arc::new(Mutex::new(0));
    let shared_in_second = |limit: usize| {
        CACHE_LIMIT.with(|c| c.set(limit));
        *count.lock().unwrap() = 0;
        let compile = fake_compiler(1, 1, vec![], Arc::clone(&count));
        let mut gpus = [FakeGpu::new(0)];
        let mut lost = [false];
        let stop = AtomicBool::new(false);
        let shared = run_stream(parts(compile, 1, &mut gpus, &mut lost), &stop, |s| {
            let a = s.submit(vec![kernel(1), kernel(2)]);
            let _ = s.collect(a);
            // k1 again: compiled before, dropped or not.
            let b = s.submit(vec![kernel(1)]);
            s.collect(b).breakdown.compiles_shared
        });
        CACHE_LIMIT.with(|c| c.set(CACHE_BYTES));
        (shared, *count.lock().unwrap())
    };
    assert_eq!(shared_in_second(CACHE_BYTES), (1, 2));
    // Room for one binary: k2's pushed k1's out.
    assert_eq!(shared_in_second(100), (0, 3));
}
