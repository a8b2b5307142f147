//! A streaming measurement pipeline across batches (issue 31: candidates per
//! second). Where `shared_compile` measures one batch and ends with its
//! slowest compile, a stream lives for the whole search: the search submits
//! batch r+1 while batch r is still compiling and measuring, the compile
//! threads take candidates in submission order, and a free GPU takes the
//! earliest compiled candidate of any batch, so no GPU waits for a batch's
//! slowest compile while later candidates are ready.
//!
//! ```text
//! search:   submit(r) ─ pick r+1 ─ submit(r+1) ─ collect(r) ─ pick r+2 ─ ...
//! compile threads (all cores): queue in submission order ──> compiled[i]
//! GPU g (one thread each): the earliest compiled, untaken i -> run -> result[i]
//! ```
//!
//! `collect(r)` waits for batch r only: its results come back by position
//! (in proposal order) whatever GPU ran them and whenever they ended. A
//! candidate whose CUDA (source and name) was submitted before, in any batch,
//! takes that compile's binary. A GPU whose runner answers `Fatal` costs the
//! candidate it ran ("GPU lost") and takes no more; when the last one is lost
//! the rest is `Fatal`. After a stop the runs in flight end, nothing new
//! starts, and `collect` answers the finished ones (`None` for the others).
//!
//! Per batch, `MeasureBreakdown` counts its compiles (CPU, each compile's
//! wall time), its runs and the GPU time they took; `wall_s` is the time from
//! the previous collect (or the batch's submission, if later) to this one,
//! so the walls of a search add up to its measuring time.

use super::breakdown::MeasureBreakdown;
use super::compile_order::{CompileTimes, SourceShape};
use super::search::{MeasureError, Measured};
use super::shared_compile::{compile_one, not_compiled, CompileFn, Compiled, GpuRunner};
use crate::codegen::CudaKernel;
use crate::runtime::Precompiled;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What a stream measures with: a compiler for the GPUs' architecture, its
/// threads, and one runner per GPU with the flag set when that GPU is lost.
pub struct StreamParts<'a> {
    pub compile: Box<CompileFn<'a>>,
    pub threads: usize,
    pub runners: Vec<(&'a mut dyn GpuRunner, &'a mut bool)>,
}

/// A batch's results by position (`None`: not measured, after a stop) and
/// where its time went.
pub struct StreamBatch {
    pub results: Vec<Option<Result<Measured, MeasureError>>>,
    pub breakdown: MeasureBreakdown,
}

struct Item {
    kernel: CudaKernel,
    batch: usize,
    compiled: Option<Compiled>,
    taken: bool,
    result: Option<Result<Measured, MeasureError>>,
}

struct BatchState {
    first: usize,
    len: usize,
    submitted: Instant,
    breakdown: MeasureBreakdown,
}

/// What the search, the compile threads and the GPU threads share.
struct Board {
    items: Vec<Item>,
    batches: Vec<BatchState>,
    /// Items to compile (the first of each source) with their batch and
    /// source shape, in submission order; taken slowest-first within the
    /// earliest batch (`compile_order`).
    queue: VecDeque<(usize, usize, SourceShape)>,
    /// The compiles that have ended, for the order.
    times: CompileTimes,
    /// The first item of each source, and the outcome once compiled.
    first_of: HashMap<(String, String), usize>,
    outcomes: HashMap<usize, Compiled>,
    /// The compiled items whose binaries `outcomes` keeps, oldest first, and
    /// their bytes: past `CACHE_BYTES` the oldest are dropped (a later
    /// kernel of that source is compiled again).
    cached: VecDeque<(usize, usize)>,
    cached_bytes: usize,
    cache_limit: usize,
    /// `false` with `TIRTUI_COMPILE_ORDER=submission`: the queue in
    /// submission order, for a comparison on the same machine.
    slow_first: bool,
    /// Items waiting for another item's compile (same source).
    copies: HashMap<usize, Vec<usize>>,
    /// Every item before it is taken (where a free GPU starts looking).
    first_open: usize,
    /// GPUs still taking candidates.
    alive: usize,
    /// No more batches: the threads end when the work is done.
    closed: bool,
    last_collect: Option<Instant>,
    /// GPUs and compile threads of the stream (for the figures).
    gpus: usize,
    threads: usize,
}

/// The search's handle on a running stream.
pub struct Stream<'b> {
    board: &'b Mutex<Board>,
    changed: &'b Condvar,
    stop: &'b AtomicBool,
}

/// How long a waiting thread sleeps before it looks at `stop` again.
const POLL: Duration = Duration::from_millis(100);

/// The binaries a stream keeps for kernels whose source comes again: a
/// tune's CUBINs are tens of kB each, so this holds thousands of them and
/// bounds a long tune's memory.
pub const CACHE_BYTES: usize = 256 << 20;

fn lock(board: &Mutex<Board>) -> MutexGuard<'_, Board> {
    // A thread that panicked while holding the lock left the board
    // consistent (every update is one assignment): go on with it.
    board.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs `body` with a stream on `parts` (compile threads and one thread per
/// GPU), then lets the threads finish what was submitted (or stop).
pub fn run_stream<R>(
    parts: StreamParts<'_>,
    stop: &AtomicBool,
    body: impl FnOnce(&Stream<'_>) -> R,
) -> R {
    let gpus = parts.runners.len();
    let threads = parts.threads.max(1);
    let board = Mutex::new(Board {
        items: Vec::new(),
        batches: Vec::new(),
        queue: VecDeque::new(),
        times: CompileTimes::default(),
        first_of: HashMap::new(),
        outcomes: HashMap::new(),
        cached: VecDeque::new(),
        cached_bytes: 0,
        cache_limit: cache_limit(),
        slow_first: std::env::var("TIRTUI_COMPILE_ORDER").as_deref() != Ok("submission"),
        copies: HashMap::new(),
        first_open: 0,
        alive: gpus,
        closed: false,
        last_collect: None,
        gpus,
        threads,
    });
    let changed = Condvar::new();
    let compile = parts.compile.as_ref();
    // Set on a stop, or when the stream closes: the compiles in flight are
    // killed (a child compile sees it within milliseconds), so neither
    // waits for NVRTC.
    let quit = AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| compile_loop(compile, &board, &changed, &quit));
        }
        s.spawn(|| {
            while !quit.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) {
                    quit.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        for (runner, lost) in parts.runners {
            let (board, changed) = (&board, &changed);
            s.spawn(move || gpu_loop(runner, lost, board, changed, stop));
        }
        let stream = Stream {
            board: &board,
            changed: &changed,
            stop,
        };
        let out = body(&stream);
        // What was not collected is not wanted any more.
        quit.store(true, Ordering::Relaxed);
        let mut b = lock(&board);
        b.closed = true;
        b.queue.clear();
        let n = b.items.len();
        for item in &mut b.items[..n] {
            item.taken = true;
        }
        drop(b);
        changed.notify_all();
        out
    })
}

impl Stream<'_> {
    /// Adds a batch; its candidates are compiled after those submitted
    /// before. Returns the batch's number for `collect`.
    pub fn submit(&self, kernels: Vec<CudaKernel>) -> usize {
        let mut b = lock(self.board);
        let batch = b.batches.len();
        let first = b.items.len();
        let mut state = BatchState {
            first,
            len: kernels.len(),
            submitted: Instant::now(),
            breakdown: MeasureBreakdown::default(),
        };
        for kernel in kernels {
            let i = b.items.len();
            let key = (kernel.source.clone(), kernel.name.clone());
            let mut compiled = None;
            match b.first_of.get(&key).copied() {
                Some(f) => {
                    state.breakdown.compiles_shared += 1;
                    match b.outcomes.get(&f) {
                        Some(o) => compiled = Some(o.clone()),
                        None => b.copies.entry(f).or_default().push(i),
                    }
                }
                None => {
                    b.first_of.insert(key, i);
                    b.queue.push_back((i, batch, SourceShape::of(&kernel)));
                }
            }
            b.items.push(Item {
                kernel,
                batch,
                compiled,
                taken: false,
                result: None,
            });
        }
        b.batches.push(state);
        drop(b);
        self.changed.notify_all();
        batch
    }

    /// Waits for batch `id`'s candidates to be measured (or, after a stop or
    /// once every GPU is lost, for its runs in flight) and answers them in
    /// batch order.
    pub fn collect(&self, id: usize) -> StreamBatch {
        let mut b = lock(self.board);
        let Some((first, len)) = b.batches.get(id).map(|s| (s.first, s.len)) else {
            return StreamBatch {
                results: Vec::new(),
                breakdown: MeasureBreakdown::default(),
            };
        };
        loop {
            let stopping = self.stop.load(Ordering::Relaxed) || b.alive == 0;
            let open = b.items[first..first + len]
                .iter()
                .any(|it| it.result.is_none() && (it.taken || !stopping));
            if !open {
                break;
            }
            b = match self.changed.wait_timeout(b, POLL) {
                Ok((guard, _)) => guard,
                Err(p) => p.into_inner().0,
            };
        }
        let all_lost = b.alive == 0;
        let mut results = Vec::with_capacity(len);
        for item in &mut b.items[first..first + len] {
            let r = item.result.take();
            results.push(match r {
                None if all_lost => Some(Err(MeasureError::Fatal(
                    "every GPU of the pool was lost".into(),
                ))),
                r => r,
            });
        }
        let now = Instant::now();
        let since = b
            .last_collect
            .map_or(b.batches[id].submitted, |t| t.max(b.batches[id].submitted));
        b.last_collect = Some(now);
        let mut breakdown = std::mem::take(&mut b.batches[id].breakdown);
        breakdown.wall_s = (now - since).as_secs_f64();
        breakdown.shared_compile = true;
        breakdown.streamed = true;
        breakdown.gpus = b.gpus;
        breakdown.compile_threads = b.threads;
        breakdown.finish_compile_stats();
        StreamBatch { results, breakdown }
    }
}

/// A compile thread: the next queued kernel, until the stream closes, the
/// search stops (`quit`) or no GPU is left.
fn compile_loop(
    compile: &CompileFn<'_>,
    board: &Mutex<Board>,
    changed: &Condvar,
    quit: &AtomicBool,
) {
    loop {
        let mut b = lock(board);
        let (i, shape) = loop {
            if quit.load(Ordering::Relaxed) || b.alive == 0 {
                return;
            }
            let next = if b.slow_first {
                b.times.pick(&b.queue)
            } else {
                (!b.queue.is_empty()).then_some(0)
            };
            if let Some(at) = next {
                if let Some((i, _, shape)) = b.queue.remove(at) {
                    break (i, shape);
                }
            }
            if b.closed {
                return;
            }
            // Nothing to compile: this core idles until the search submits
            // the next batch (counted against the latest one).
            let waited = Instant::now();
            b = match changed.wait_timeout(b, POLL) {
                Ok((guard, _)) => guard,
                Err(p) => p.into_inner().0,
            };
            let idle = waited.elapsed().as_secs_f64();
            if let Some(latest) = b.batches.last_mut() {
                latest.breakdown.compile_idle_s += idle;
            }
        };
        let kernel = b.items[i].kernel.clone();
        drop(b);
        // Stopped (the search's stop kills the compile): no outcome, and
        // nobody waits for this item any more.
        let run = compile_one(compile, &kernel, quit);
        let mut b = lock(board);
        let batch = b.items[i].batch;
        let since_submit = b.batches[batch].submitted.elapsed().as_secs_f64();
        let figures = &mut b.batches[batch].breakdown;
        run.count(figures);
        let Some(outcome) = run.outcome else {
            return;
        };
        figures.compile_wall_s = figures.compile_wall_s.max(since_submit);
        b.times.note(shape, run.wall_s);
        for copy in b.copies.remove(&i).unwrap_or_default() {
            b.items[copy].compiled = Some(outcome.clone());
        }
        keep_binary(&mut b, i, &outcome);
        b.items[i].compiled = Some(outcome);
        drop(b);
        changed.notify_all();
    }
}

#[cfg(test)]
thread_local! {
    /// `CACHE_BYTES` for streams started on this thread (tests: a small one).
    static CACHE_LIMIT: std::cell::Cell<usize> = const { std::cell::Cell::new(CACHE_BYTES) };
}

fn cache_limit() -> usize {
    #[cfg(test)]
    return CACHE_LIMIT.with(|c| c.get());
    #[cfg(not(test))]
    CACHE_BYTES
}

/// Keeps item `i`'s outcome for later kernels of its source, dropping the
/// oldest binaries past `CACHE_BYTES` (their sources compile again).
fn keep_binary(b: &mut Board, i: usize, outcome: &Compiled) {
    let bytes = match outcome {
        Ok(p) => p.cubin_base64.len() + 64,
        Err(_) => 64,
    };
    b.outcomes.insert(i, outcome.clone());
    b.cached.push_back((i, bytes));
    b.cached_bytes += bytes;
    while b.cached_bytes > b.cache_limit {
        let Some((old, size)) = b.cached.pop_front() else {
            break;
        };
        b.cached_bytes -= size;
        b.outcomes.remove(&old);
        let key = (
            b.items[old].kernel.source.clone(),
            b.items[old].kernel.name.clone(),
        );
        if b.first_of.get(&key) == Some(&old) {
            b.first_of.remove(&key);
        }
    }
}

/// A candidate for a free GPU: its place, kernel and binary.
type Next = (usize, CudaKernel, Precompiled);

/// A GPU thread: runs the earliest compiled candidate nobody took, until
/// the stream closes with nothing left, the search stops or its runner is
/// lost.
fn gpu_loop(
    runner: &mut dyn GpuRunner,
    lost: &mut bool,
    board: &Mutex<Board>,
    changed: &Condvar,
    stop: &AtomicBool,
) {
    loop {
        let Some((i, kernel, compiled)) = take_next(board, changed, stop) else {
            return;
        };
        let t = Instant::now();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            runner.run(&kernel, &compiled)
        }))
        .unwrap_or_else(|_| {
            Err(MeasureError::Candidate {
                reason: "internal".into(),
                detail: "the GPU runner panicked".into(),
            })
        });
        let busy = t.elapsed().as_secs_f64();
        let runs = runner.take_figures();
        let mut b = lock(board);
        let batch = b.items[i].batch;
        let figures = &mut b.batches[batch].breakdown;
        figures.merge(&runs);
        figures.gpu_busy_s += busy;
        if let Err(MeasureError::Fatal(why)) = &result {
            *lost = true;
            b.alive = b.alive.saturating_sub(1);
            // The others go on: this candidate alone is lost with the GPU.
            b.items[i].result = Some(if b.alive > 0 {
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
        b.items[i].result = Some(result);
        drop(b);
        changed.notify_all();
    }
}

/// The next candidate for a free GPU: the earliest compiled one not taken
/// (compile failures met on the way get their result), waiting while every
/// open candidate is still compiling.
fn take_next(board: &Mutex<Board>, changed: &Condvar, stop: &AtomicBool) -> Option<Next> {
    let mut b = lock(board);
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut open = false;
        let start = b.first_open;
        for i in start..b.items.len() {
            if b.items[i].taken {
                if i == b.first_open {
                    b.first_open += 1;
                }
                continue;
            }
            match b.items[i].compiled.take() {
                Some(Ok(c)) => {
                    b.items[i].taken = true;
                    return Some((i, b.items[i].kernel.clone(), c));
                }
                Some(Err(e)) => {
                    b.items[i].taken = true;
                    b.items[i].result = Some(Err(not_compiled(e)));
                    changed.notify_all();
                }
                None => open = true,
            }
        }
        if !open && b.closed {
            return None;
        }
        // The GPU idles until a compile ends (the wait is the oldest open
        // batch's: its compiles hold it up) or, with nothing open, until the
        // search submits the next batch (the last batch's).
        let waited = Instant::now();
        b = match changed.wait_timeout(b, POLL) {
            Ok((guard, _)) => guard,
            Err(p) => p.into_inner().0,
        };
        let wait_s = waited.elapsed().as_secs_f64();
        let oldest = b.items.get(b.first_open).map(|it| it.batch);
        if let Some(batch) = oldest.or(b.batches.len().checked_sub(1)) {
            let figures = &mut b.batches[batch].breakdown;
            if open {
                figures.gpu_wait_compile_s += wait_s;
            } else {
                figures.gpu_wait_search_s += wait_s;
            }
        }
    }
}

#[cfg(test)]
mod tests;
