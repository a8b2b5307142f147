//! `double_buffer` off the UI thread (issue 29): the step lowers the program
//! to plan its stages, which can take as long as lowering does, so a change
//! holding one (from the palette or a `:` statement) is applied on a probe
//! in a `background::Lane`, with the deadline and the too-expensive message
//! of lowering. The UI thread applies what the job recorded (the `annotate`
//! steps `double_buffer` stands for, which do not lower) once it is done,
//! provided the program has not changed since it was asked for; the
//! statements of a script after it run then.
//!
//! Only one plan is wanted at a time: a newer one supersedes it (the lane
//! abandons a job past its deadline, within the budget the explorer's lanes
//! share, so stuck threads never pile up).

use super::app::{App, Mode};
use super::background::{AbandonBudget, Lane, Progress};
use super::targets::autobind;
use crate::trace::double_buffer::OP;
use crate::trace::pyscript::{parse_statement, Outcome, PyEnv, PyExpr, PyFailure};
use crate::trace::{Arg, Step, StepError, Trace};
use std::collections::HashMap;

/// What to plan: steps (the palette), or a `:` statement, whose Python
/// reader already applies its steps on a probe (and so plans, too).
pub enum PlanInput {
    Steps(Vec<Step>),
    Statement {
        text: String,
        vars: HashMap<String, Arg>,
    },
}

/// Why a plan did not apply.
#[derive(Clone, Debug)]
pub enum PlanError {
    /// The statement is not one the `:` line reads (names, arity ...).
    Text(String),
    Step(Box<StepError>),
}

/// The steps a change is recorded as, or why it fails.
type Planned = Result<Vec<Step>, PlanError>;

/// The plan the user waits for.
struct Pending {
    key: (u64, String),
    origin: String,
    /// The `:` statement planned (put back with the rest when it fails).
    text: Option<String>,
    /// The statements of the script after it, run once it applies.
    rest: Vec<String>,
}

pub struct Planner {
    lane: Lane<(u64, String), Planned>,
    pending: Option<Pending>,
}

impl Planner {
    /// The plan lane, whose abandoned job counts against `budget`.
    pub fn new(budget: &AbandonBudget) -> Planner {
        Planner {
            lane: Lane::sharing(
                "double-buffer",
                super::app::BACKGROUND_DEADLINE,
                budget.clone(),
            ),
            pending: None,
        }
    }
}

/// Whether steps hold a `double_buffer` (which lowers the program).
pub fn steps_plan(steps: &[Step]) -> bool {
    steps.iter().any(|s| s.op == OP)
}

/// Whether a `:` statement calls `double_buffer`, nested calls included.
pub fn statement_plans(text: &str) -> bool {
    fn calls(e: &PyExpr) -> bool {
        match e {
            PyExpr::Call { op, args } => op == OP || args.iter().any(|(_, a)| calls(a)),
            PyExpr::List(items) => items.iter().any(calls),
            PyExpr::Index(inner, _) | PyExpr::Slice(inner, ..) => calls(inner),
            PyExpr::Lit(_) | PyExpr::Name(_) => false,
        }
    }
    parse_statement(text).is_ok_and(|s| calls(&s.value))
}

/// Applies the change on `probe`; returns the steps it recorded.
fn plan(mut probe: Trace, input: PlanInput) -> Planned {
    let steps = match input {
        PlanInput::Steps(steps) => steps,
        PlanInput::Statement { text, vars } => {
            let mut env = PyEnv { vars };
            match env.statement(&text, &probe, &autobind) {
                Ok(Outcome::Steps(steps)) => steps,
                Ok(_) => Vec::new(),
                Err(PyFailure::Text(t)) => return Err(PlanError::Text(t)),
                Err(PyFailure::Step(e)) => return Err(PlanError::Step(e)),
            }
        }
    };
    for s in steps {
        probe.push(s).map_err(|e| PlanError::Step(Box::new(e)))?;
    }
    Ok(probe.steps)
}

impl App {
    /// Plans a change holding a `double_buffer` off the UI thread; it applies
    /// (and `rest` runs) when the plan is done.
    pub(super) fn plan_in_background(&mut self, input: PlanInput, origin: &str, rest: Vec<String>) {
        let (what, text) = match &input {
            PlanInput::Steps(steps) => (
                steps
                    .iter()
                    .map(Step::to_yaml)
                    .collect::<Vec<_>>()
                    .join("\n"),
                None,
            ),
            PlanInput::Statement { text, .. } => (text.clone(), Some(text.clone())),
        };
        let key = (self.doc.version, what);
        let probe = self.doc.trace.probe();
        self.planner
            .lane
            .request(key.clone(), move || Ok(plan(probe, input)));
        self.planner.pending = Some(Pending {
            key,
            origin: origin.to_string(),
            text,
            rest,
        });
        self.info("double_buffer: planning the stages (lowering, off the UI thread)…");
    }

    /// Takes a finished plan in and applies it (every event and tick).
    pub(super) fn poll_plan(&mut self) {
        self.planner.lane.pump();
        let Some(p) = &self.planner.pending else {
            return;
        };
        let result = match self.planner.lane.progress(&p.key) {
            Progress::Done(r) => r.clone(),
            _ => return,
        };
        let Some(p) = self.planner.pending.take() else {
            return;
        };
        let planned = match result {
            Ok(planned) => planned,
            Err(e) => Err(PlanError::Text(e)),
        };
        if p.key.0 != self.doc.version {
            self.error(
                "double_buffer was planned for a program that has changed since: not applied; apply it again",
            );
            return;
        }
        match planned {
            Ok(steps) => {
                if self.apply_steps(steps, &p.origin) && !p.rest.is_empty() {
                    self.run_python(&p.rest, &p.origin);
                }
            }
            Err(e) => {
                match e {
                    PlanError::Text(t) => self.error(t),
                    // A popup only where it replaces nothing being typed.
                    PlanError::Step(e) if matches!(self.mode, Mode::Normal) => {
                        self.show_step_error(&e, &p.origin)
                    }
                    PlanError::Step(e) => self.error(e.to_string()),
                }
                if let Some(text) = p.text {
                    let mut all = vec![text];
                    all.extend(p.rest);
                    if all.len() > 1 {
                        // As a script that stops at an error: the rest is kept.
                        self.stashed_command = Some(all.join("; "));
                    }
                }
            }
        }
    }

    /// Whether a plan runs or waits.
    pub(super) fn plan_busy(&self) -> bool {
        self.planner.pending.is_some() || self.planner.lane.busy()
    }

    /// Plan threads still running (abandoned ones too).
    pub(super) fn plan_threads(&self) -> usize {
        self.planner.lane.threads()
    }

    pub(super) fn set_plan_deadline(&mut self, d: std::time::Duration) {
        self.planner.lane.deadline = d;
    }

    /// What the status bar says about the plan: running, or past the deadline.
    pub(super) fn plan_status(&self) -> Option<String> {
        let p = self.planner.pending.as_ref()?;
        match self.planner.lane.progress(&p.key) {
            Progress::Running(t) => Some(format!(
                "double_buffer: planning the stages ({:.1} s)…",
                t.as_secs_f64()
            )),
            Progress::TooSlow(t) => Some(format!(
                "double_buffer too expensive to lower: still lowering after {:.0} s (a new change drops it)",
                t.as_secs_f64()
            )),
            Progress::Queued => Some(
                "double_buffer: waiting for the lowering of an earlier plan that is too expensive to end"
                    .into(),
            ),
            Progress::Done(_) | Progress::Unknown => None,
        }
    }
}
