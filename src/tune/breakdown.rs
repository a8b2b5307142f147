//! Where a measured batch's time went (issue 31: candidates per second), as
//! the GPU workers report it: compiles (wall and CPU), each run's phases in
//! the worker, the pipe, and the time a GPU waited for a compile. Summed over
//! the workers of a pool; `wall_s` is the batch's.

use crate::runtime::RunResult;
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MeasureBreakdown {
    /// Candidates run on a GPU (not counting those that did not compile).
    pub runs: usize,
    /// Kernels whose compile ended in a worker, and how many failed.
    pub compiles: usize,
    pub compile_errors: usize,
    /// Compiles stopped at the time limit (`--compile-timeout`), counted in
    /// `compiles`, not in `compile_errors`: each is a failed trial.
    pub compile_timeouts: usize,
    /// Kernels not compiled because an earlier one of the batch had the
    /// same CUDA: they ran its binary (shared compile pool only).
    pub compiles_shared: usize,
    /// From sending the batch to the last compile's end (the longest of
    /// the workers).
    pub compile_wall_s: f64,
    /// The compiles' CPU time, all threads of all workers.
    pub compile_cpu_s: f64,
    /// Inside the worker, per run (sums): compile when not done before and
    /// module load; buffers and upload; the checked run and the comparison
    /// with the reference; warm-up and timed runs.
    pub load_s: f64,
    pub setup_s: f64,
    pub check_s: f64,
    pub timing_s: f64,
    /// Run requests' wall time beyond the worker's phases: the pipe, JSON,
    /// restarting a worker.
    pub overhead_s: f64,
    /// Time a worker spent asking which compiles had ended (waiting when
    /// every remaining candidate was still compiling): its GPU idle.
    pub gpu_wait_compile_s: f64,
    /// Candidates timed the quick way (slower than `SLOW_FACTOR` times the
    /// best: one warm-up, one timed run).
    pub quick: usize,
    /// Timed runs in all.
    pub timed_runs: u64,
    /// Workers that died or were stopped during the batch (their remaining
    /// candidates were queued again on a fresh worker).
    pub restarts: usize,
    /// The batch from start to end.
    pub wall_s: f64,
    /// GPUs that measured the batch.
    pub gpus: usize,
    /// Compiled by one pool on the host for every GPU (`shared_compile`),
    /// else by each worker for its own share.
    pub shared_compile: bool,
    /// Threads of the shared compile pool (0 when the workers compile).
    pub compile_threads: usize,
    /// Time the GPUs spent in run requests, summed over the GPUs (shared
    /// pool only): `gpu_busy_s / (wall_s * gpus)` is how busy they were.
    pub gpu_busy_s: f64,
    /// Measured by the streaming pipeline (`stream`): batches overlap, and
    /// `wall_s` is the time since the previous batch was collected.
    pub streamed: bool,
    /// Time a GPU of the stream had nothing to run because the search had
    /// not submitted the next batch yet (summed over the GPUs).
    pub gpu_wait_search_s: f64,
    /// Time the stream's compile threads had nothing to compile (summed
    /// over the threads): cores the search left idle, waiting for it to
    /// submit the next batch.
    pub compile_idle_s: f64,
    /// Each compile's wall time (shared pool and stream); the slowest, the
    /// median and the 90th percentile of them (`finish_compile_stats`).
    #[serde(skip)]
    pub compile_each_s: Vec<f64>,
    pub compile_max_s: f64,
    pub compile_p50_s: f64,
    pub compile_p90_s: f64,
}

impl MeasureBreakdown {
    /// Adds one run request: its wall time and the worker's phases.
    pub fn add_run(&mut self, wall_s: f64, result: Option<&RunResult>) {
        self.runs += 1;
        let Some(p) = result.and_then(|r| r.phases.as_ref()) else {
            self.overhead_s += wall_s;
            return;
        };
        let inside = (p.load_ms + p.setup_ms + p.check_ms + p.timing_ms) / 1e3;
        self.load_s += p.load_ms / 1e3;
        self.setup_s += p.setup_ms / 1e3;
        self.check_s += p.check_ms / 1e3;
        self.timing_s += p.timing_ms / 1e3;
        self.overhead_s += (wall_s - inside).max(0.0);
        self.timed_runs += u64::from(p.timed_runs);
        if p.quick {
            self.quick += 1;
        }
    }

    /// Merges another worker's share of the same batch (or a later batch):
    /// sums, except the walls, which overlap (the longest is kept).
    pub fn merge(&mut self, o: &MeasureBreakdown) {
        self.runs += o.runs;
        self.compiles += o.compiles;
        self.compile_errors += o.compile_errors;
        self.compile_timeouts += o.compile_timeouts;
        self.compiles_shared += o.compiles_shared;
        self.compile_wall_s = self.compile_wall_s.max(o.compile_wall_s);
        self.compile_cpu_s += o.compile_cpu_s;
        self.load_s += o.load_s;
        self.setup_s += o.setup_s;
        self.check_s += o.check_s;
        self.timing_s += o.timing_s;
        self.overhead_s += o.overhead_s;
        self.gpu_wait_compile_s += o.gpu_wait_compile_s;
        self.quick += o.quick;
        self.timed_runs += o.timed_runs;
        self.restarts += o.restarts;
        self.wall_s = self.wall_s.max(o.wall_s);
        self.gpus = self.gpus.max(o.gpus);
        self.shared_compile |= o.shared_compile;
        self.compile_threads = self.compile_threads.max(o.compile_threads);
        self.gpu_busy_s += o.gpu_busy_s;
        self.streamed |= o.streamed;
        self.gpu_wait_search_s += o.gpu_wait_search_s;
        self.compile_idle_s += o.compile_idle_s;
        self.compile_each_s.extend_from_slice(&o.compile_each_s);
        self.finish_compile_stats();
    }

    /// The slowest, median and 90th-percentile compile of `compile_each_s`
    /// (nearest rank; zeros when nothing was compiled here).
    pub fn finish_compile_stats(&mut self) {
        let mut each = self.compile_each_s.clone();
        each.sort_by(f64::total_cmp);
        let rank = |q: f64| -> f64 {
            if each.is_empty() {
                return 0.0;
            }
            let at = ((q * each.len() as f64).ceil() as usize).clamp(1, each.len());
            each[at - 1]
        };
        self.compile_max_s = each.last().copied().unwrap_or(0.0);
        self.compile_p50_s = rank(0.5);
        self.compile_p90_s = rank(0.9);
    }

    /// The share of the batch's wall time the GPUs spent running candidates
    /// (1.0: never idle); `None` without the figures.
    pub fn gpu_utilisation(&self) -> Option<f64> {
        let capacity = self.wall_s * self.gpus as f64;
        (self.gpu_busy_s > 0.0 && capacity > 0.0).then(|| (self.gpu_busy_s / capacity).min(1.0))
    }

    /// The share of the compile threads' time spent compiling (1.0: every
    /// core compiled all the time); `None` without the figures.
    pub fn compile_utilisation(&self) -> Option<f64> {
        let capacity = self.wall_s * self.compile_threads as f64;
        let busy: f64 = self.compile_each_s.iter().sum();
        (busy > 0.0 && capacity > 0.0).then(|| (busy / capacity).min(1.0))
    }

    /// Adds a later batch: everything sums, walls too.
    pub fn accumulate(&mut self, o: &MeasureBreakdown) {
        let (compile_wall, wall) = (self.compile_wall_s, self.wall_s);
        self.merge(o);
        self.compile_wall_s = compile_wall + o.compile_wall_s;
        self.wall_s = wall + o.wall_s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::RunPhases;

    fn run(phases: Option<RunPhases>) -> RunResult {
        RunResult {
            device: "GPU".into(),
            time_ms: 1.0,
            gflops: 1.0,
            max_rel_err: Some(0.0),
            correct: Some(true),
            cublas_ms: None,
            pct_of_cublas: None,
            registers: 1,
            static_shared_bytes: 0,
            dynamic_shared_bytes: 0,
            occupancy: 1.0,
            compile_ms: 0.0,
            warnings: vec![],
            phases,
        }
    }

    #[test]
    fn a_runs_wall_time_beyond_its_phases_is_overhead() {
        let mut b = MeasureBreakdown::default();
        let phases = RunPhases {
            load_ms: 10.0,
            setup_ms: 20.0,
            check_ms: 30.0,
            timing_ms: 40.0,
            timed_runs: 1,
            quick: true,
        };
        b.add_run(0.25, Some(&run(Some(phases))));
        b.add_run(0.5, Some(&run(None)));
        assert_eq!(b.runs, 2);
        assert_eq!(b.quick, 1);
        assert_eq!(b.timed_runs, 1);
        assert!((b.timing_s - 0.04).abs() < 1e-12);
        // 0.15 s of the first beyond its 0.1 s of phases, all of the second.
        assert!((b.overhead_s - 0.65).abs() < 1e-12, "{}", b.overhead_s);
    }

    #[test]
    fn compile_percentiles_follow_every_merged_compile() {
        let mut a = MeasureBreakdown {
            compile_each_s: vec![0.1, 0.3, 0.2, 4.0],
            ..Default::default()
        };
        a.finish_compile_stats();
        assert_eq!(
            (a.compile_max_s, a.compile_p50_s, a.compile_p90_s),
            (4.0, 0.2, 4.0)
        );
        let b = MeasureBreakdown {
            compile_each_s: (1..=6).map(|i| f64::from(i) / 10.0).collect(),
            ..Default::default()
        };
        a.accumulate(&b);
        // 0.1 0.1 0.2 0.2 0.3 0.3 0.4 0.5 0.6 4.0
        assert_eq!(
            (a.compile_max_s, a.compile_p50_s, a.compile_p90_s),
            (4.0, 0.3, 0.6)
        );
        let mut none = MeasureBreakdown::default();
        none.finish_compile_stats();
        assert_eq!(none.compile_max_s, 0.0);
    }

    #[test]
    fn workers_of_one_batch_overlap_and_batches_add_up() {
        let a = MeasureBreakdown {
            runs: 2,
            wall_s: 3.0,
            compile_wall_s: 1.0,
            ..Default::default()
        };
        let b = MeasureBreakdown {
            runs: 1,
            wall_s: 2.0,
            compile_wall_s: 1.5,
            ..Default::default()
        };
        let mut pool = a.clone();
        pool.merge(&b);
        assert_eq!((pool.runs, pool.wall_s, pool.compile_wall_s), (3, 3.0, 1.5));
        let mut total = a;
        total.accumulate(&b);
        assert_eq!(
            (total.runs, total.wall_s, total.compile_wall_s),
            (3, 5.0, 2.5)
        );
    }
}
