//! Tuning: the sampled steps of a trace are a design space (seed 003, MetaSchedule);
//! candidates are replays with new decisions, checked without a GPU and measured
//! on one.
//!
//! ```text
//! space (sites, draw, mutate, size; postprocessors) -> check (replay, lower, codegen, launch
//!   limits, NVRTC; CPU threads) -> search (random, then evolution; dedup; db)
//!   -> measure (GPU workers, local or remote, one per GPU: local GPUs share
//!      one compile pool on the host's cores, each binary run by whichever
//!      GPU is free; remote ones each compile their share on their own
//!      cores, each candidate timed as soon as it is compiled; slow ones
//!      timed once) -> the best few measured again (remeasure)
//! ```
//!
//! With local GPUs the rounds stream (`pipeline`, `stream`): the next round
//! is picked and compiled while the current one is measured, and a free GPU
//! takes the earliest compiled candidate of any round.
//!
//! A generated space's candidates get MetaSchedule's CUDA postprocessors
//! (`postproc`) after their decisions, before any check (`space`).
//! Candidates are drawn and built on every core (`population`), each lowered
//! once (VerifyGPUCode's lowering is the CUDA built); `phases` says where the
//! host time went.
//!
//! May use: `codegen`, `db`, `ir`, `launch_limits`, `lower`, `postproc`,
//!  `runtime`, `schedule`, `search`, `session`, `trace`.

pub mod breakdown;
pub mod check;
pub mod compile_order;
pub mod evolution;
pub mod measure;
pub mod mutators;
pub mod phases;
pub mod pipeline;
pub mod pool;
pub mod population;
pub mod remeasure;
pub mod search;
pub mod shared_compile;
pub mod space;
pub mod stream;
pub mod tasks;

pub use breakdown::MeasureBreakdown;
pub use check::{build, build_stoppable, Built, Nvrtc};
pub use measure::WorkerMeasure;
pub use pool::MeasurePool;
pub use search::{
    tune, DbContext, DeviceId, Measure, MeasureError, Measured, Outcome, Progress, Remeasured,
    Stop, Tally, Trial, TuneOptions, TuneReport,
};
pub use space::{Decision, Replayed, Space, SpaceSize};

/// Why a candidate was rejected before any GPU run. `reason` groups candidates
/// for the counts (`step 14 \`split\``, `threads per block > 1024`); `detail`
/// is one example message.
#[derive(Clone, Debug, PartialEq)]
pub struct Invalid {
    pub reason: String,
    pub detail: String,
}

impl Invalid {
    /// A candidate whose build thread ended without a result (it panicked):
    /// the candidate is invalid, the tune goes on.
    pub(crate) fn build_thread_stopped() -> Invalid {
        Invalid {
            reason: "internal".into(),
            detail: "a build thread stopped".into(),
        }
    }
}

#[cfg(test)]
mod tests;
