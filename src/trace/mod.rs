//! Traces: the steps applied to a workload, replay, undo/redo, and session files.
//!
//! Undo is a replay of every step but the last, from the parsed workload; redo
//! re-applies. Invariant: a step that fails is never appended, and nothing in
//! the trace is ever lost by a failed step.
//!
//! May use: `diag`, `input`, `ir`, `schedule`, `script`.

// A failed step carries the program as it was, so the error can be rendered
// with the culprit marked; failures are rare, so their size does not matter.
#![allow(clippy::result_large_err)]

mod ops;
pub mod python;
pub mod replay;
pub mod report;
pub mod session;
pub mod step;

pub use replay::{Handle, Replayer, StepError, StepFailure};
pub use session::{RecordedResult, Session, SessionError, Workload};
pub use step::{Arg, Step};

use crate::ir::PrimFunc;

/// A workload with its applied steps and the redo stack.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The unscheduled program.
    pub workload: PrimFunc,
    pub steps: Vec<Step>,
    /// Steps undone, most recent last.
    pub redo: Vec<Step>,
    /// The replay of all current steps.
    pub state: Replayer,
}

impl Trace {
    pub fn new(workload: PrimFunc) -> Trace {
        Trace {
            state: Replayer::new(workload.clone()),
            workload,
            steps: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Replays `steps` from the workload; stops at the first failing step.
    pub fn replay(workload: PrimFunc, steps: &[Step]) -> Result<Trace, (Trace, StepError)> {
        let mut trace = Trace::new(workload);
        for step in steps {
            if let Err(e) = trace.push(step.clone()) {
                return Err((trace, e));
            }
        }
        Ok(trace)
    }

    pub fn func(&self) -> &PrimFunc {
        self.state.func()
    }

    /// Applies a new step; on success it is appended and the redo stack cleared.
    pub fn push(&mut self, step: Step) -> Result<(), StepError> {
        let recorded = self.state.apply(self.steps.len(), &step)?;
        self.steps.push(recorded);
        self.redo.clear();
        Ok(())
    }

    /// Checks whether a step would apply, without changing anything.
    pub fn dry_run(&self, step: &Step) -> Result<(), StepError> {
        let mut probe = self.state.clone();
        probe.apply(self.steps.len(), step).map(|_| ())
    }

    /// Undo: replay all steps but the last. Returns false when there is nothing
    /// to undo, or when the replay failed (then nothing changed; `try_undo`
    /// says why).
    pub fn undo(&mut self) -> bool {
        self.try_undo().unwrap_or(false)
    }

    /// Undo that reports a failed replay. Steps and program never disagree: on
    /// an error the trace is left exactly as it was, the last step included.
    pub fn try_undo(&mut self) -> Result<bool, StepError> {
        let Some(last) = self.steps.len().checked_sub(1) else {
            return Ok(false);
        };
        let mut state = Replayer::new(self.workload.clone());
        for (i, s) in self.steps[..last].iter().enumerate() {
            // Replay is deterministic, so this fails only when a step's meaning
            // changed under it (e.g. a primitive's checks became stricter).
            state.apply(i, s)?;
        }
        self.state = state;
        if let Some(step) = self.steps.pop() {
            self.redo.push(step);
        }
        Ok(true)
    }

    /// Redo: re-apply the last undone step.
    pub fn redo(&mut self) -> Result<bool, StepError> {
        let Some(step) = self.redo.pop() else {
            return Ok(false);
        };
        match self.state.apply(self.steps.len(), &step) {
            Ok(recorded) => {
                self.steps.push(recorded);
                Ok(true)
            }
            Err(e) => {
                self.redo.push(step);
                Err(e)
            }
        }
    }
}
