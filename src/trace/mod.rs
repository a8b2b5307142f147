//! Traces: the steps applied to a workload, replay, undo/redo, and session files.
//!
//! Every applied step keeps the program it replaced (moved, never copied), so
//! undo puts it back without replaying; redo re-applies. A trace replayed
//! for its result alone (`Trace::replay_final`, the command line) keeps none
//! until its first undo, which replays. Invariant: a step that fails is never appended, and nothing in
//! the trace is ever lost by a failed step.
//!
//! `double_buffer` asks `lower` how a loop body will be lowered, because the
//! stage lists it records count statements as lowering sees them.
//!
//! May use: `diag`, `input`, `ir`, `lower`, `schedule`, `script`, `sparse`.

// A failed step carries the program as it was, so the error can be rendered
// with the culprit marked; failures are rare, so their size does not matter.
#![allow(clippy::result_large_err)]

mod bindings;
pub mod double_buffer;
mod ops;
pub mod pyscript;
pub mod python;
pub mod replay;
pub mod report;
pub mod session;
pub mod step;
pub mod work_on;

pub use replay::{Handle, Replayer, StepError, StepFailure, Undo};
pub use session::{RecordedResult, Session, SessionError, Workload};
pub use step::{Arg, Step};

use crate::ir::{LoopId, PrimFunc};

/// A workload with its applied steps and the redo stack.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The unscheduled program (a probe's: the program it started from).
    pub workload: PrimFunc,
    pub steps: Vec<Step>,
    /// Steps undone, most recent last.
    pub redo: Vec<Step>,
    /// The replay of all current steps.
    pub state: Replayer,
    /// One entry per step of `steps` (while they agree): what undoing it restores.
    history: Vec<Undo>,
    /// Whether applied steps add to `history` (see `replay_final`).
    keeps_history: bool,
    /// Steps before `steps[0]`: nonzero in a `probe`, whose step numbers
    /// (messages, sampling seeds) go on from the trace it came from.
    numbered_from: usize,
}

/// The probe applied, so the name is a loop; this is the error if it is not.
fn unreachable_loop(
    name: &str,
    index: usize,
    func: &PrimFunc,
) -> Result<(LoopId, String), StepError> {
    Err(StepError {
        step: index + 1,
        op: double_buffer::OP.to_string(),
        failure: StepFailure::Argument {
            field: "loop".into(),
            why: format!("`{name}` is not a loop"),
        },
        func: Box::new(func.clone()),
    })
}

impl Trace {
    pub fn new(workload: PrimFunc) -> Trace {
        Trace {
            state: Replayer::new(workload.clone()),
            workload,
            // Room for a session's steps, so that replaying one does not
            // move them again and again as the vectors grow.
            steps: Vec::with_capacity(64),
            redo: Vec::new(),
            history: Vec::with_capacity(64),
            keeps_history: true,
            numbered_from: 0,
        }
    }

    /// A copy for trying steps on: the current program and names, numbering
    /// its steps after this trace's, without this trace's steps and undo
    /// history. Its cost does not grow with the steps (the explorer runs each
    /// statement of a long paste on one: issue 29).
    pub fn probe(&self) -> Trace {
        Trace {
            workload: self.func().clone(),
            steps: Vec::new(),
            redo: Vec::new(),
            state: self.state.clone(),
            history: Vec::new(),
            keeps_history: true,
            numbered_from: self.next_index(),
        }
    }

    /// The 0-based number of the next step (for messages and sampling seeds).
    fn next_index(&self) -> usize {
        self.numbered_from + self.steps.len()
    }

    /// Replays `steps` from the workload; stops at the first failing step.
    pub fn replay(workload: PrimFunc, steps: &[Step]) -> Result<Trace, (Trace, StepError)> {
        Trace::new(workload).push_all(steps)
    }

    /// `replay` for a caller that wants only the result (the command line):
    /// no undo history is kept, so each program a step replaces is freed at
    /// once and the next step reuses its memory instead of touching fresh
    /// pages (issue 13: 43 of `tirtui replay S --emit cuda`'s 301 page
    /// faults). Undo still works, by replaying.
    pub fn replay_final(workload: PrimFunc, steps: &[Step]) -> Result<Trace, (Trace, StepError)> {
        let mut trace = Trace::new(workload);
        trace.keeps_history = false;
        trace.push_all(steps)
    }

    fn push_all(mut self, steps: &[Step]) -> Result<Trace, (Trace, StepError)> {
        for step in steps {
            if let Err(e) = self.push(step.clone()) {
                return Err((self, e));
            }
        }
        Ok(self)
    }

    pub fn func(&self) -> &PrimFunc {
        self.state.func()
    }

    /// Applies a new step; on success it is appended and the redo stack cleared.
    /// A `double_buffer` step is recorded as the `annotate` steps it stands for.
    pub fn push(&mut self, step: Step) -> Result<(), StepError> {
        if step.op == double_buffer::OP {
            return self.push_double_buffer(step);
        }
        let (recorded, undo) = self.state.apply_owned(self.next_index(), step)?;
        self.record(recorded, undo);
        self.redo.clear();
        Ok(())
    }

    fn record(&mut self, recorded: Step, undo: Undo) {
        // `steps` is public: after an outside edit the history no longer
        // describes it, and undo replays instead.
        if self.history.len() != self.steps.len() {
            self.history.clear();
        }
        self.steps.push(recorded);
        if self.keeps_history && self.history.len() + 1 == self.steps.len() {
            self.history.push(undo);
        }
    }

    /// Plans on a probe (errors name the `double_buffer` step), then pushes
    /// the `annotate` steps all or nothing.
    fn push_double_buffer(&mut self, step: Step) -> Result<(), StepError> {
        let mut probe = self.state.clone();
        probe.apply(self.next_index(), &step)?;
        let name = match step.arg("loop") {
            Some(Arg::Str(s)) => s.clone(),
            _ => String::new(),
        };
        let (l, label) = match self.state.lookup(&name) {
            Some(Handle::Loop(l)) => {
                let label = self
                    .func()
                    .find_loop(*l)
                    .map_or(name.clone(), |x| self.func().var_name(x.var).to_string());
                (*l, label)
            }
            _ => unreachable_loop(&name, self.next_index(), self.func())?,
        };
        let plan = double_buffer::plan(self.func(), l).map_err(|e| StepError {
            step: self.next_index() + 1,
            op: step.op.clone(),
            failure: StepFailure::Schedule(e),
            func: Box::new(self.func().clone()),
        })?;
        let saved = (self.state.clone(), self.steps.len(), self.redo.clone());
        for s in double_buffer::annotate_steps(&name, &label, &plan) {
            if let Err(e) = self.push(s) {
                (self.state, self.redo) = (saved.0, saved.2);
                self.steps.truncate(saved.1);
                self.history.truncate(saved.1);
                return Err(e);
            }
        }
        Ok(())
    }

    /// Checks whether a step would apply, without changing anything.
    pub fn dry_run(&self, step: &Step) -> Result<(), StepError> {
        let mut probe = self.state.clone();
        probe.apply(self.next_index(), step).map(|_| ())
    }

    /// Undo: restore the program before the last step. Returns false when there is nothing
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
        if self.history.len() == self.steps.len() {
            if let Some(undo) = self.history.pop() {
                self.state.revert(undo);
                if let Some(step) = self.steps.pop() {
                    self.redo.push(step);
                }
                return Ok(true);
            }
        }
        // The steps were edited from outside: replay all but the last.
        let mut history = Vec::with_capacity(last);
        let mut state = Replayer::new(self.workload.clone());
        for (i, s) in self.steps[..last].iter().enumerate() {
            // Replay is deterministic, so this fails only when a step's meaning
            // changed under it (e.g. a primitive's checks became stricter).
            history.push(state.apply_undoable(self.numbered_from + i, s)?.1);
        }
        self.state = state;
        self.history = history;
        // Undoing once suggests more: keep history from here on.
        self.keeps_history = true;
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
        match self.state.apply_undoable(self.next_index(), &step) {
            Ok((recorded, undo)) => {
                self.record(recorded, undo);
                Ok(true)
            }
            Err(e) => {
                self.redo.push(step);
                Err(e)
            }
        }
    }
}
