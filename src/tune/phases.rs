//! Where the search's host time goes (issue 31: candidates per second): each
//! candidate's replay, postprocessors, VerifyGPUCode's lowering, code
//! generation and features, in CPU seconds summed over the build threads,
//! and the population builds' wall time. `tune --json` reports them as
//! `search.phases`, beside `measure_breakdown` (the GPUs' side).
//!
//! The build threads time their own work in a thread-local clock
//! (`timed`), so the functions timed keep their signatures; a builder takes
//! each thread's totals when the thread ends (`take_thread`).

use serde::Serialize;
use std::cell::RefCell;

/// A timed part of building a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The sampled steps replayed with the candidate's decisions.
    Replay,
    /// The rewriting postprocessors' steps (cooperative fetch, unroll, ...).
    Postproc,
    /// VerifyGPUCode: its checks and the lowering to read the launch.
    Verify,
    /// Lowering and CUDA generation in `check::build` (none when
    /// VerifyGPUCode's lowering is reused) and the launch checks.
    Codegen,
    /// The cost model's features of the lowered program.
    Features,
}

/// CPU seconds per phase, summed over threads.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PhaseTimes {
    pub replay_s: f64,
    pub postproc_s: f64,
    pub verify_s: f64,
    pub codegen_s: f64,
    pub features_s: f64,
}

impl PhaseTimes {
    fn slot(&mut self, phase: Phase) -> &mut f64 {
        match phase {
            Phase::Replay => &mut self.replay_s,
            Phase::Postproc => &mut self.postproc_s,
            Phase::Verify => &mut self.verify_s,
            Phase::Codegen => &mut self.codegen_s,
            Phase::Features => &mut self.features_s,
        }
    }

    pub fn add(&mut self, o: &PhaseTimes) {
        self.replay_s += o.replay_s;
        self.postproc_s += o.postproc_s;
        self.verify_s += o.verify_s;
        self.codegen_s += o.codegen_s;
        self.features_s += o.features_s;
    }

    pub fn total_s(&self) -> f64 {
        self.replay_s + self.postproc_s + self.verify_s + self.codegen_s + self.features_s
    }
}

/// The search's host side: what the population builds cost.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SearchPhases {
    /// Candidates built (population members, first picks, database records).
    pub built: usize,
    /// Threads the builds ran on.
    pub build_threads: usize,
    /// The builds from start to end, summed over the builds.
    pub build_wall_s: f64,
    /// CPU seconds of the build threads, by phase.
    pub cpu: PhaseTimes,
    /// CPU seconds of the search's own thread (the build threads' are in
    /// `cpu`): drawing and mutating, the model where it runs there,
    /// ranking, bookkeeping, talking to the measurer.
    pub main_cpu_s: f64,
    /// Of which, by phase (the random draws' replays are `replay_s`).
    pub main: PhaseTimes,
}

impl SearchPhases {
    /// How many threads' worth of the build wall time the builds used
    /// (`build_threads` when every thread was busy all along).
    pub fn build_parallelism(&self) -> Option<f64> {
        (self.build_wall_s > 0.0).then(|| self.cpu.total_s() / self.build_wall_s)
    }
}

/// The search's own thread's CPU time, from `start` to `finish`.
pub struct MainThread {
    cpu_ms: f64,
}

impl MainThread {
    pub fn start() -> MainThread {
        take_thread();
        MainThread {
            cpu_ms: crate::runtime::thread_cpu_ms(),
        }
    }

    pub fn finish(self, phases: &mut SearchPhases) {
        phases.main_cpu_s += (crate::runtime::thread_cpu_ms() - self.cpu_ms).max(0.0) / 1e3;
        phases.main.add(&take_thread());
    }
}

thread_local! {
    static CLOCK: RefCell<PhaseTimes> = RefCell::new(PhaseTimes::default());
}

/// Runs `f`, adding its CPU time on this thread to `phase`.
pub fn timed<T>(phase: Phase, f: impl FnOnce() -> T) -> T {
    let start = crate::runtime::thread_cpu_ms();
    let out = f();
    let spent_s = (crate::runtime::thread_cpu_ms() - start).max(0.0) / 1e3;
    CLOCK.with(|c| *c.borrow_mut().slot(phase) += spent_s);
    out
}

/// This thread's totals since the last call, reset to zero.
pub fn take_thread() -> PhaseTimes {
    CLOCK.with(|c| std::mem::take(&mut *c.borrow_mut()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spends `ms` of this thread's CPU time (not wall time: the machine
    /// may be busy).
    fn spin(ms: f64) {
        let start = crate::runtime::thread_cpu_ms();
        let mut x = 0u64;
        while crate::runtime::thread_cpu_ms() - start < ms {
            x = x.wrapping_add(1);
        }
        std::hint::black_box(x);
    }

    #[test]
    fn each_phase_gets_its_own_cpu_time_and_taking_resets() {
        let t = std::thread::spawn(|| {
            timed(Phase::Verify, || spin(60.0));
            timed(Phase::Features, || spin(20.0));
            let first = take_thread();
            (first, take_thread())
        });
        let (first, second) = t.join().unwrap();
        assert!(first.verify_s >= 0.04, "{first:?}");
        assert!(
            first.features_s >= 0.01 && first.features_s < first.verify_s,
            "{first:?}"
        );
        assert_eq!(first.replay_s, 0.0);
        assert_eq!(second, PhaseTimes::default());
    }
}
