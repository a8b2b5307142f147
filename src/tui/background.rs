//! Work the UI thread must never wait for (lowering to CUDA, the palette's
//! dry runs): each kind runs in a `Lane`, one job at a time on its own
//! thread, with a deadline.
//!
//! A program can take arbitrarily long to lower (a pipeline stage of 2^63
//! loops for ever), and a thread cannot be stopped from outside, so:
//! - at most one job of a lane is in flight; a newer request replaces the one
//!   waiting behind it (only the latest program matters);
//! - a job past the deadline is reported as too expensive; when something
//!   newer is wanted it is abandoned (left to finish on its own, its result
//!   still taken if it comes) and the newer job starts;
//! - at most `MAX_ABANDONED` abandoned jobs are alive among the lanes that
//!   share an `AbandonBudget` (the explorer's lanes share one): beyond that
//!   the newer job waits, so stuck threads never pile up. (A running thread
//!   cannot be stopped, and lowering has no cancellation point.)
//!
//! Results are cached by key (the last `CACHE_CAP`), so going back to a
//! program shows it at once. A job that panics is reported as an error
//! (the terminal's panic hook leaves these threads' panics alone).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Stack of each background worker: what a main thread gets (8 MiB) and more;
/// only touched pages cost memory.
const WORKER_STACK_BYTES: usize = 64 << 20;

/// Name prefix of the lanes' threads (the panic hook looks for it).
pub const THREAD_PREFIX: &str = "tirtui-bg-";

/// Abandoned jobs kept alive per budget before newer jobs wait.
pub const MAX_ABANDONED: usize = 1;

/// How many abandoned jobs are alive among the lanes sharing it.
#[derive(Clone, Debug, Default)]
pub struct AbandonBudget(Arc<AtomicUsize>);

impl AbandonBudget {
    /// Takes a place for one more abandoned job, if there is one.
    fn try_take(&self) -> bool {
        self.0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < MAX_ABANDONED).then_some(n + 1)
            })
            .is_ok()
    }

    /// An abandoned job ended (or its lane is gone).
    fn give_back(&self, n: usize) {
        let _ = self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |m| {
                Some(m.saturating_sub(n))
            });
    }

    /// Abandoned jobs alive now.
    pub fn in_use(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

/// Results kept per lane.
const CACHE_CAP: usize = 16;

type Job<T> = Box<dyn FnOnce() -> Result<T, String> + Send>;

struct InFlight<K, T> {
    key: K,
    started: Instant,
    rx: Receiver<Result<T, String>>,
}

/// Where a key stands in its lane.
pub enum Progress<'a, T> {
    Done(&'a Result<T, String>),
    /// Running for this long, within the deadline.
    Running(Duration),
    /// Running for this long, past the deadline.
    TooSlow(Duration),
    /// Waiting for an abandoned job to end (the lane is full).
    Queued,
    /// Never asked for.
    Unknown,
}

pub struct Lane<K, T> {
    name: &'static str,
    pub deadline: Duration,
    in_flight: Option<InFlight<K, T>>,
    queued: Option<(K, Job<T>)>,
    abandoned: Vec<InFlight<K, T>>,
    budget: AbandonBudget,
    done: VecDeque<(K, Result<T, String>)>,
}

impl<K: Clone + PartialEq, T: Send + 'static> Lane<K, T> {
    /// A lane with a budget of its own.
    pub fn new(name: &'static str, deadline: Duration) -> Lane<K, T> {
        Lane::sharing(name, deadline, AbandonBudget::default())
    }

    /// A lane whose abandoned jobs count against `budget`.
    pub fn sharing(name: &'static str, deadline: Duration, budget: AbandonBudget) -> Lane<K, T> {
        Lane {
            name,
            deadline,
            in_flight: None,
            queued: None,
            abandoned: Vec::new(),
            budget,
            done: VecDeque::new(),
        }
    }

    /// Asks for `key`'s result, computed by `job` unless it is cached, in
    /// flight or already abandoned (a stuck job is not started twice).
    pub fn request(&mut self, key: K, job: impl FnOnce() -> Result<T, String> + Send + 'static) {
        let known = self.done.iter().any(|(k, _)| *k == key)
            || self.in_flight.as_ref().is_some_and(|f| f.key == key)
            || self.abandoned.iter().any(|f| f.key == key);
        if known {
            // What was waiting is no longer wanted.
            self.queued = None;
        } else if self.queued.as_ref().is_none_or(|(k, _)| *k != key) {
            self.queued = Some((key, Box::new(job)));
        }
        self.pump();
    }

    /// Takes finished results in, abandons a job past its deadline when a
    /// newer one waits, and starts the waiting one when the lane allows.
    pub fn pump(&mut self) {
        let mut finished = Vec::new();
        let alive = self.abandoned.len();
        self.abandoned.retain(|f| match f.rx.try_recv() {
            Ok(r) => {
                finished.push((f.key.clone(), r));
                false
            }
            Err(TryRecvError::Empty) => true,
            Err(TryRecvError::Disconnected) => false,
        });
        self.budget.give_back(alive - self.abandoned.len());
        if let Some(f) = &self.in_flight {
            match f.rx.try_recv() {
                Ok(r) => {
                    finished.push((f.key.clone(), r));
                    self.in_flight = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    finished.push((
                        f.key.clone(),
                        Err(format!("the {} thread stopped", self.name)),
                    ));
                    self.in_flight = None;
                }
            }
        }
        for (k, r) in finished {
            self.store(k, r);
        }
        let stuck = self
            .in_flight
            .as_ref()
            .is_some_and(|f| f.started.elapsed() >= self.deadline);
        if stuck && self.queued.is_some() && self.budget.try_take() {
            if let Some(f) = self.in_flight.take() {
                self.abandoned.push(f);
            }
        }
        if self.in_flight.is_none() {
            if let Some((key, job)) = self.queued.take() {
                self.start(key, job);
            }
        }
    }

    fn start(&mut self, key: K, job: Job<T>) {
        let (tx, rx) = channel();
        let spawned = std::thread::Builder::new()
            .name(format!("{THREAD_PREFIX}{}", self.name))
            // Lowering recurses over the program's nesting (20,000 allocations
            // at the root nest 20,000 deep): a thread's default 2 MiB would
            // overflow where the command line's main thread does not, and an
            // overflow aborts the explorer with the terminal still raw.
            .stack_size(WORKER_STACK_BYTES)
            .spawn(move || {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
                    .unwrap_or_else(|payload| Err(panic_text(payload.as_ref())));
                // The lane may be gone (the explorer quit): nobody to tell.
                let _ = tx.send(result);
            });
        match spawned {
            Ok(_) => {
                self.in_flight = Some(InFlight {
                    key,
                    started: Instant::now(),
                    rx,
                })
            }
            Err(e) => self.store(
                key,
                Err(format!("cannot start the {} thread: {e}", self.name)),
            ),
        }
    }

    fn store(&mut self, key: K, result: Result<T, String>) {
        self.done.retain(|(k, _)| *k != key);
        self.done.push_back((key, result));
        while self.done.len() > CACHE_CAP {
            self.done.pop_front();
        }
    }

    pub fn progress(&self, key: &K) -> Progress<'_, T> {
        if let Some((_, r)) = self.done.iter().rev().find(|(k, _)| k == key) {
            return Progress::Done(r);
        }
        let running = self
            .in_flight
            .iter()
            .chain(&self.abandoned)
            .find(|f| f.key == *key);
        if let Some(f) = running {
            let t = f.started.elapsed();
            return if t >= self.deadline {
                Progress::TooSlow(t)
            } else {
                Progress::Running(t)
            };
        }
        if self.queued.as_ref().is_some_and(|(k, _)| k == key) {
            return Progress::Queued;
        }
        Progress::Unknown
    }

    /// Whether a job runs or waits (the UI polls more often then).
    pub fn busy(&self) -> bool {
        self.in_flight.is_some() || self.queued.is_some()
    }

    /// Threads of this lane still running: in flight and abandoned.
    pub fn threads(&self) -> usize {
        self.abandoned.len() + usize::from(self.in_flight.is_some())
    }
}

impl<K, T> Drop for Lane<K, T> {
    /// Its abandoned jobs no longer count: nobody waits for them.
    fn drop(&mut self) {
        self.budget.give_back(self.abandoned.len());
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into());
    format!("internal error (a bug in tirtui, please report it): {what}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    fn wait_done(lane: &mut Lane<u32, u32>, key: u32) -> Result<u32, String> {
        let start = Instant::now();
        loop {
            lane.pump();
            if let Progress::Done(r) = lane.progress(&key) {
                return r.clone();
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "key {key} never done"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn stuck_jobs_are_abandoned_and_bounded() {
        let release = Arc::new(AtomicBool::new(false));
        let mut lane: Lane<u32, u32> = Lane::new("test", Duration::from_millis(50));
        let stuck = |r: Arc<AtomicBool>, v: u32| {
            move || {
                while !r.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Ok(v)
            }
        };
        lane.request(1, stuck(release.clone(), 1));
        assert!(matches!(lane.progress(&1), Progress::Running(_)));
        std::thread::sleep(Duration::from_millis(60));
        lane.pump();
        assert!(matches!(lane.progress(&1), Progress::TooSlow(_)));
        // A newer job: the stuck one is abandoned, the new one runs.
        lane.request(2, stuck(release.clone(), 2));
        assert!(matches!(lane.progress(&2), Progress::Running(_)));
        std::thread::sleep(Duration::from_millis(60));
        // A third while two are stuck: it waits, no third thread.
        lane.request(3, || Ok(3));
        lane.request(4, || Ok(4));
        assert!(matches!(lane.progress(&3), Progress::Unknown), "superseded");
        assert!(matches!(lane.progress(&4), Progress::Queued));
        assert_eq!(lane.threads(), 2);
        // Asking again for a stuck key starts nothing new.
        lane.request(1, || Ok(100));
        assert!(matches!(lane.progress(&1), Progress::TooSlow(_)));
        release.store(true, Ordering::Relaxed);
        assert_eq!(
            wait_done(&mut lane, 1),
            Ok(1),
            "the abandoned result is kept"
        );
        assert_eq!(wait_done(&mut lane, 2), Ok(2));
        lane.request(4, || Ok(4));
        assert_eq!(wait_done(&mut lane, 4), Ok(4));
        assert_eq!(lane.threads(), 0);
    }

    /// Lanes sharing a budget: one stuck job abandoned among them all; the
    /// other lane's newer job waits behind its stuck one instead of adding
    /// a second abandoned thread (before, each lane abandoned one).
    #[test]
    fn lanes_sharing_a_budget_abandon_one_job_among_them() {
        let release = Arc::new(AtomicBool::new(false));
        let stuck = |r: Arc<AtomicBool>, v: u32| {
            move || {
                while !r.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Ok(v)
            }
        };
        let budget = AbandonBudget::default();
        let deadline = Duration::from_millis(20);
        let mut a: Lane<u32, u32> = Lane::sharing("a", deadline, budget.clone());
        let mut b: Lane<u32, u32> = Lane::sharing("b", deadline, budget.clone());
        a.request(1, stuck(release.clone(), 1));
        b.request(1, stuck(release.clone(), 1));
        std::thread::sleep(Duration::from_millis(30));
        a.request(2, || Ok(2));
        b.request(2, || Ok(2));
        assert_eq!(a.threads() + b.threads(), 3, "a: abandoned + new; b: stuck");
        assert_eq!(budget.in_use(), 1, "one abandoned job in all");
        assert!(
            matches!(b.progress(&2), Progress::Queued),
            "b's newer job waits"
        );
        assert_eq!(wait_done(&mut a, 2), Ok(2));
        release.store(true, Ordering::Relaxed);
        assert_eq!(wait_done(&mut b, 2), Ok(2));
        assert_eq!(wait_done(&mut a, 1), Ok(1));
        assert_eq!(budget.in_use(), 0, "the ended job gave its place back");
    }

    #[test]
    fn a_panicking_job_is_an_error() {
        let mut lane: Lane<u32, u32> = Lane::new("test", Duration::from_secs(5));
        lane.request(7, || {
            let v: Vec<u32> = Vec::new();
            // An out-of-bounds index, as a bug would.
            Ok(v[v.len()])
        });
        let r = wait_done(&mut lane, 7);
        assert!(r.is_err_and(|e| e.contains("internal error")));
    }
}
