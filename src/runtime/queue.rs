//! The worker's background compile queue (`queue` / `ready` requests): a
//! tuner's batch is compiled on every CPU core while the GPU already runs the
//! candidates whose compile has ended, so the GPU does not wait for the
//! slowest compile of the batch (`prepare` compiles the whole batch first).
//!
//! The compile threads are detached: the worker keeps answering requests
//! while they work. A new queue cancels what the previous one had not
//! started; a finished binary goes into the worker's `CubinCache` when the
//! client asks `ready`, so the run that follows finds it there.

use super::compile_child::worker_compile;
use super::error::RuntimeError;
use super::nvrtc::Compiled;
use super::request::{ReadyKernel, ReadyList};
use crate::codegen::CudaKernel;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// One kernel's compile outcome and what it cost.
struct Done {
    compiled: Result<Arc<Compiled>, RuntimeError>,
    compile_ms: f64,
    compile_cpu_ms: f64,
}

struct Shared {
    kernels: Vec<CudaKernel>,
    arch: String,
    next: AtomicUsize,
    cancelled: AtomicBool,
    /// One slot per kernel, filled when its compile ends.
    done: Mutex<Vec<Option<Done>>>,
    changed: Condvar,
}

/// A batch being compiled in the background.
pub struct CompileQueue {
    shared: Arc<Shared>,
    /// Which kernels `ready` has reported.
    reported: Vec<bool>,
}

impl CompileQueue {
    /// Starts compiling `kernels` for `arch` on `threads` threads, in order.
    pub fn start(kernels: Vec<CudaKernel>, arch: &str, threads: usize) -> CompileQueue {
        let n = kernels.len();
        let shared = Arc::new(Shared {
            kernels,
            arch: arch.to_string(),
            next: AtomicUsize::new(0),
            cancelled: AtomicBool::new(false),
            done: Mutex::new((0..n).map(|_| None).collect()),
            changed: Condvar::new(),
        });
        for _ in 0..threads.clamp(1, n.max(1)) {
            let s = Arc::clone(&shared);
            std::thread::spawn(move || compile_loop(&s));
        }
        CompileQueue {
            shared,
            reported: vec![false; n],
        }
    }

    /// Stops starting new compiles; those running in a child (a client's
    /// limit) are killed, those in process finish and are dropped.
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::Relaxed);
    }

    /// The kernels whose compile ended and were not reported yet, waiting up
    /// to `wait` for at least one when none has; their binaries go to `keep`.
    pub fn ready(
        &mut self,
        wait: Duration,
        keep: &mut dyn FnMut(&CudaKernel, Arc<Compiled>),
    ) -> ReadyList {
        let Ok(mut done) = self.shared.done.lock() else {
            return ReadyList {
                ready: Vec::new(),
                compiling: 0,
            };
        };
        let unreported = |d: &Vec<Option<Done>>, r: &[bool]| {
            d.iter().zip(r).any(|(slot, seen)| slot.is_some() && !seen)
        };
        let pending = self.reported.iter().any(|r| !r);
        if pending && !unreported(&done, &self.reported) {
            if let Ok((guard, _)) = self
                .shared
                .changed
                .wait_timeout_while(done, wait, |d| !unreported(d, &self.reported))
            {
                done = guard;
            } else {
                return ReadyList {
                    ready: Vec::new(),
                    compiling: 0,
                };
            }
        }
        let mut ready = Vec::new();
        for (i, slot) in done.iter().enumerate() {
            let Some(d) = slot else { continue };
            if self.reported[i] {
                continue;
            }
            self.reported[i] = true;
            if let Ok(c) = &d.compiled {
                keep(&self.shared.kernels[i], c.clone());
            }
            ready.push(ReadyKernel {
                index: i,
                compile_ms: d.compile_ms,
                compile_cpu_ms: d.compile_cpu_ms,
                error: d.compiled.as_ref().err().cloned(),
            });
        }
        let compiling = self.reported.iter().filter(|r| !**r).count();
        ReadyList { ready, compiling }
    }
}

impl Drop for CompileQueue {
    fn drop(&mut self) {
        self.cancel();
    }
}

fn compile_loop(s: &Shared) {
    loop {
        if s.cancelled.load(Ordering::Relaxed) {
            return;
        }
        let i = s.next.fetch_add(1, Ordering::Relaxed);
        let Some(kernel) = s.kernels.get(i) else {
            return;
        };
        let cpu = thread_cpu_ms();
        let wall = std::time::Instant::now();
        // In a child under the client's limit, if it set one (a new queue
        // stops the compiles of the one it replaces).
        let compiled = worker_compile(kernel, &s.arch, &s.cancelled).map(Arc::new);
        let done = Done {
            compiled,
            compile_ms: wall.elapsed().as_secs_f64() * 1e3,
            compile_cpu_ms: (thread_cpu_ms() - cpu).max(0.0),
        };
        if let Ok(mut slots) = s.done.lock() {
            slots[i] = Some(done);
        }
        s.changed.notify_all();
    }
}

/// CPU time of the calling thread in milliseconds (0 where unknown).
pub fn thread_cpu_ms() -> f64 {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: getrusage fills the plain struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut usage) } == 0 {
            let ms = |t: libc::timeval| t.tv_sec as f64 * 1e3 + t.tv_usec as f64 / 1e3;
            return ms(usage.ru_utime) + ms(usage.ru_stime);
        }
    }
    0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(name: &str) -> CudaKernel {
        CudaKernel {
            name: name.into(),
            source: format!("extern \"C\" __global__ void {name}() {{}}"),
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

    /// Every kernel is reported once, in index order within a reply, and
    /// the count of those still compiling reaches zero. (Without libnvrtc
    /// each compile ends at once with its error: the queue's bookkeeping is
    /// the same.)
    #[test]
    fn every_kernel_is_reported_once() {
        let ks: Vec<CudaKernel> = (0..6).map(|i| kernel(&format!("k{i}"))).collect();
        let mut q = CompileQueue::start(ks, "sm_90", 3);
        let mut seen = Vec::new();
        let mut kept = 0;
        for _ in 0..200 {
            let list = q.ready(Duration::from_secs(30), &mut |_, _| kept += 1);
            let idx: Vec<usize> = list.ready.iter().map(|r| r.index).collect();
            let mut sorted = idx.clone();
            sorted.sort_unstable();
            assert_eq!(idx, sorted);
            seen.extend(idx);
            if list.compiling == 0 {
                break;
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, vec![0, 1, 2, 3, 4, 5]);
        // Without libnvrtc none compiles (and none is kept); with it, all do.
        assert!(kept == 0 || kept == 6, "{kept}");
        // Nothing more to report: an empty answer at once.
        let again = q.ready(Duration::from_secs(30), &mut |_, _| {});
        assert!(again.ready.is_empty() && again.compiling == 0);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn thread_cpu_time_grows_with_work() {
        let before = thread_cpu_ms();
        // Spins for 200 ms of wall time: some of it on a CPU however busy.
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(200) {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(1));
        }
        let after = thread_cpu_ms();
        assert!(after > before, "{before} -> {after}");
    }
}
