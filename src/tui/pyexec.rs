//! Running the Python of the `:` line: statements in order, each one change
//! of the trace (its nested calls and the `get_block`/`get_loops` steps that
//! bind loops named by their variable included), read by `trace::pyscript`.
//!
//! Python variables that are not step outputs live in `App::py_vars`.
//! A script stops at the first statement that fails; the rest is kept.

use super::app::{App, Mode};
use super::lineedit::{CommandLine, LineEdit};
use super::targets::autobind;
use crate::trace::pyscript::{Outcome, PyEnv, PyFailure};
use crate::trace::StepError;

impl App {
    /// Runs statements in order; stops at the first failure, keeping that
    /// statement and the rest in the command line (shown after the error).
    pub fn run_python(&mut self, stmts: &[String], origin: &str) {
        // One journal write (and one print of the TIR) for the whole script.
        let keep = self.target();
        self.doc.begin_batch();
        self.run_python_batch(stmts, origin);
        self.doc.end_batch();
        self.after_change(keep);
    }

    fn run_python_batch(&mut self, stmts: &[String], origin: &str) {
        let total = stmts.len();
        let mut applied = 0;
        for (k, text) in stmts.iter().enumerate() {
            if super::plan::statement_plans(text) {
                // Lowers: planned off the UI thread; the rest runs after it.
                let input = super::plan::PlanInput::Statement {
                    text: text.clone(),
                    vars: self.py_vars.clone(),
                };
                self.plan_in_background(input, origin, stmts[k + 1..].to_vec());
                return;
            }
            match self.run_statement(text, origin) {
                Ok(()) => applied += 1,
                Err(f) => {
                    let rest = stmts[k..].join("; ");
                    let head = if total > 1 {
                        format!(
                            "line {} of {total} did not apply ({applied} applied); it and the {} after it are kept in the command line",
                            k + 1,
                            total - k - 1
                        )
                    } else {
                        String::new()
                    };
                    match f {
                        Failure::Text(msg) if total == 1 => self.error(msg),
                        Failure::Text(msg) => {
                            self.error(format!("{head}: {msg}"));
                            self.mode = Mode::Error {
                                text: format!("error: {msg}\n  --> {text}\nnote: {head}\n"),
                                scroll: 0,
                            };
                        }
                        Failure::Step(e) => {
                            self.show_step_error(&e, origin);
                            if total > 1 {
                                self.error(format!("{head}: {e}"));
                            }
                        }
                        Failure::Shown => {
                            if total > 1 {
                                let why = self
                                    .message
                                    .as_ref()
                                    .map(|m| m.text.clone())
                                    .unwrap_or_default();
                                self.error(format!("{head}: {why}"));
                            }
                        }
                    }
                    if total > 1 {
                        self.stashed_command = Some(rest);
                        if !matches!(self.mode, Mode::Error { .. }) {
                            self.reopen_stashed();
                        }
                    }
                    return;
                }
            }
        }
        if total > 1 {
            self.info(format!(
                "{total} lines applied; {} steps",
                self.doc.trace.steps.len()
            ));
        }
    }

    /// Puts a kept script back into the command line.
    pub(super) fn reopen_stashed(&mut self) {
        if let Some(rest) = self.stashed_command.take() {
            self.mode = Mode::Command(CommandLine {
                edit: LineEdit::new(&rest),
                ..CommandLine::default()
            });
        }
    }

    fn run_statement(&mut self, text: &str, origin: &str) -> Result<(), Failure> {
        let mut env = PyEnv {
            vars: std::mem::take(&mut self.py_vars),
        };
        // A probe, not the trace: the statement runs on a copy of what it is
        // given, and a copy of every step per statement made a long paste
        // quadratic (issue 29). The probe numbers its steps as the trace does.
        let probe = self.doc.trace.probe();
        let outcome = env.statement(text, &probe, &autobind);
        drop(probe);
        self.py_vars = env.vars;
        match outcome? {
            Outcome::Skipped(_) if text.starts_with("import ") || text.starts_with("from ") => {}
            Outcome::Skipped(_) => self.info(format!(
                "`{text}` skipped: the explorer is the schedule and shows it"
            )),
            Outcome::Value(v) => self.info(format!("= {}", v.to_python())),
            Outcome::NamesSet(names) => {
                self.info(format!("{} set (a Python name; no step)", names.join(", ")))
            }
            Outcome::Steps(steps) => {
                if !self.apply_steps(steps, origin) {
                    // apply_steps showed the error; the statement stays unapplied.
                    return Err(Failure::Shown);
                }
            }
        }
        Ok(())
    }
}

/// Why a statement did not apply, as the command line shows it.
enum Failure {
    /// A message (syntax, names, arity).
    Text(String),
    /// The step itself failed (rendered with the program marked).
    Step(Box<StepError>),
    /// Already shown to the user (by `apply_steps`).
    Shown,
}

impl From<PyFailure> for Failure {
    fn from(f: PyFailure) -> Failure {
        match f {
            PyFailure::Text(t) => Failure::Text(t),
            PyFailure::Step(e) => Failure::Step(e),
        }
    }
}
