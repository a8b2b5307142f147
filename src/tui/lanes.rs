//! The explorer's work off the UI thread (issue 29): lowering to CUDA and the
//! palette's dry runs, each in a `background::Lane` with a deadline, keyed by
//! the program (its version or its TIR's hash) so results are cached and a
//! stale request is superseded. The dry runs that lower (`double_buffer`)
//! have a lane of their own, so that a program too expensive to lower holds
//! back only them. At most one abandoned job stays alive among all the
//! lanes (they share an `AbandonBudget`), so stuck threads never pile up. A change
//! holding `double_buffer` is planned in a lane of its own (`plan.rs`).

use super::app::{App, Mark};
use super::background::{AbandonBudget, Lane, Progress};
use super::targets::{handle_for, probe_step, Probe, Target};
use crate::codegen::CudaOutput;
use crate::trace::step::OpSpec;
use crate::trace::Trace;
use std::time::Duration;

/// Why there is no CUDA to show (yet).
#[derive(Clone, Debug, PartialEq)]
pub enum NoCuda {
    /// Lowering failed: the message.
    Failed(String),
    /// Lowering runs (for this many seconds).
    Lowering(f64),
    /// Lowering has run past the deadline.
    TooExpensive(f64),
    /// Waiting for the lowering of an earlier, too expensive program.
    Waiting,
}

impl std::fmt::Display for NoCuda {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoCuda::Failed(e) => write!(f, "{e}"),
            NoCuda::Lowering(s) => write!(f, "lowering to CUDA ({s:.1} s)…"),
            NoCuda::TooExpensive(s) => write!(
                f,
                "too expensive to lower: still lowering after {s:.0} s (the last step is the likely cause: u undoes it)"
            ),
            NoCuda::Waiting => write!(
                f,
                "waiting for the lowering of an earlier program that is too expensive to end"
            ),
        }
    }
}

/// How long lowering or a dry run may take before it is called too expensive
/// (and abandoned when something newer is wanted).
pub const BACKGROUND_DEADLINE: Duration = Duration::from_secs(3);

/// The app's lanes and what keys the current program in them.
pub struct Lanes {
    /// CUDA of each program (keyed by the printed TIR's hash).
    cuda: Lane<u64, CudaOutput>,
    /// The current program's key: (version, hash of its TIR).
    cuda_key: Option<(u64, u64)>,
    /// Palette marks per (version, target).
    probes: Lane<(u64, Option<Target>), Vec<Mark>>,
    /// The marks whose dry runs lower (double_buffer), in a lane of their own.
    pipeline_probes: Lane<(u64, Option<Target>), Vec<Mark>>,
}

impl Lanes {
    /// The lanes, whose abandoned jobs count against `budget`.
    pub fn new(budget: &AbandonBudget) -> Lanes {
        let d = BACKGROUND_DEADLINE;
        Lanes {
            cuda: Lane::sharing("lower", d, budget.clone()),
            cuda_key: None,
            probes: Lane::sharing("dry-run", d, budget.clone()),
            pipeline_probes: Lane::sharing("pipeline-plan", d, budget.clone()),
        }
    }
}

impl App {
    /// The generated CUDA for the current program: lowered on a thread
    /// (asked for here), cached per program.
    pub fn cuda(&mut self) -> Result<&CudaOutput, NoCuda> {
        let key = self.cuda_key();
        if matches!(self.lanes.cuda.progress(&key), Progress::Unknown) {
            let func = self.doc.trace.func().clone();
            self.lanes.cuda.request(key, move || {
                crate::codegen::generate(&func).map_err(|e| e.to_string())
            });
        }
        match self.lanes.cuda.progress(&key) {
            Progress::Done(Ok(out)) => Ok(out),
            Progress::Done(Err(e)) => Err(NoCuda::Failed(e.clone())),
            Progress::Running(t) => Err(NoCuda::Lowering(t.as_secs_f64())),
            Progress::TooSlow(t) => Err(NoCuda::TooExpensive(t.as_secs_f64())),
            Progress::Queued | Progress::Unknown => Err(NoCuda::Waiting),
        }
    }

    /// The current program's key in the CUDA lane: its TIR's hash.
    fn cuda_key(&mut self) -> u64 {
        let v = self.doc.version;
        match self.lanes.cuda_key {
            Some((kv, hash)) if kv == v => hash,
            _ => {
                let hash = super::highlight::text_hash(&self.doc.printed.text);
                self.lanes.cuda_key = Some((v, hash));
                hash
            }
        }
    }

    /// Takes finished background results in (every event and tick).
    pub fn poll_background(&mut self) {
        self.lanes.cuda.pump();
        self.lanes.probes.pump();
        self.lanes.pipeline_probes.pump();
        self.poll_plan();
    }

    /// Whether lowering or dry runs are running or waiting.
    pub fn background_busy(&self) -> bool {
        self.lanes.cuda.busy()
            || self.lanes.probes.busy()
            || self.lanes.pipeline_probes.busy()
            || self.plan_busy()
    }

    /// Threads of lowering and dry runs still running (abandoned ones too).
    pub fn background_threads(&self) -> usize {
        self.lanes.cuda.threads()
            + self.lanes.probes.threads()
            + self.lanes.pipeline_probes.threads()
            + self.plan_threads()
    }

    /// How long lowering or a dry run may run before it is called too expensive.
    pub fn set_background_deadline(&mut self, d: Duration) {
        self.lanes.cuda.deadline = d;
        self.lanes.probes.deadline = d;
        self.lanes.pipeline_probes.deadline = d;
        self.set_plan_deadline(d);
    }

    /// What the status bar says about work past its deadline.
    pub fn too_expensive(&mut self) -> Option<String> {
        // A planned double_buffer is what the user waits for.
        if let Some(plan) = self.plan_status() {
            return Some(plan);
        }
        // Asks nothing: the CUDA is lowered only where it is shown.
        let key = self.cuda_key();
        if let Progress::TooSlow(t) = self.lanes.cuda.progress(&key) {
            return Some(format!(
                "too expensive to lower ({:.0} s): u undoes",
                t.as_secs_f64()
            ));
        }
        let key = (self.doc.version, self.target());
        let slow = |p: Progress<'_, Vec<Mark>>| match p {
            Progress::TooSlow(t) => Some(t),
            _ => None,
        };
        let t = slow(self.lanes.probes.progress(&key))
            .or(slow(self.lanes.pipeline_probes.progress(&key)));
        t.map(|t| {
            format!(
                "palette checks too expensive ({:.0} s): u undoes",
                t.as_secs_f64()
            )
        })
    }

    /// The palette marks for the cursor's target: dry runs on a thread
    /// (asked for here), cached per version and target; `Mark::Checking`
    /// while they run.
    pub fn marks(&mut self) -> Vec<Mark> {
        let key = (self.doc.version, self.target());
        let mut marks = self.lane_marks(false, key);
        // The dry runs that lower (double_buffer) come from their own lane,
        // so that a program too expensive to lower holds back only them.
        let lowering = self.lane_marks(true, key);
        for (i, op) in self.ops.iter().enumerate() {
            if dry_run_lowers(op.name) {
                if let (Some(m), Some(l)) = (marks.get_mut(i), lowering.get(i)) {
                    *m = l.clone();
                }
            }
        }
        marks
    }

    fn lane_marks(&mut self, lowering: bool, key: (u64, Option<Target>)) -> Vec<Mark> {
        let lane = if lowering {
            &mut self.lanes.pipeline_probes
        } else {
            &mut self.lanes.probes
        };
        if matches!(lane.progress(&key), Progress::Unknown) {
            let trace = self.doc.trace.probe();
            let ops = self.ops;
            lane.request(key, move || {
                Ok(compute_marks(&trace, ops, key.1, |op| {
                    dry_run_lowers(op) == lowering
                }))
            });
        }
        match lane.progress(&key) {
            Progress::Done(Ok(marks)) => marks.clone(),
            Progress::Done(Err(e)) => vec![Mark::Fail(e.clone()); self.ops.len()],
            _ => vec![Mark::Checking; self.ops.len()],
        }
    }
}

/// Whether a primitive's dry run lowers the program (and so can take as
/// long as lowering does).
fn dry_run_lowers(op: &str) -> bool {
    op == crate::trace::double_buffer::OP
}

/// Each primitive's dry run on `target` (the probes run on a copy of the
/// trace that has the target bound).
fn compute_marks(
    trace: &Trace,
    ops: &[OpSpec],
    target: Option<Target>,
    wanted: impl Fn(&str) -> bool,
) -> Vec<Mark> {
    let Some(target) = target else {
        return vec![Mark::NotFor; ops.len()];
    };
    let (name, probe_trace) = match handle_for(trace, target) {
        Ok((name, prelude)) => {
            let mut t = trace.probe();
            let ok = prelude.into_iter().all(|s| t.push(s).is_ok());
            if !ok {
                return vec![Mark::NeedsInput; ops.len()];
            }
            (name, t)
        }
        Err(_) => return vec![Mark::NeedsInput; ops.len()],
    };
    ops.iter()
        .map(|op| {
            if !wanted(op.name) {
                return Mark::Checking;
            }
            match probe_step(op.name, target, &name, probe_trace.func()) {
                Probe::NotFor => Mark::NotFor,
                Probe::NeedsInput => Mark::NeedsInput,
                Probe::Try(step) => match probe_trace.dry_run(&step) {
                    Ok(()) => Mark::Pass,
                    Err(e) => Mark::Fail(e.failure.to_string()),
                },
            }
        })
        .collect()
}
