//! Running the Python of the `:` line: statements in order, each one change
//! of the trace (its nested calls and the `get_block`/`get_loops` steps that
//! bind loops named by their variable included).
//!
//! Python variables that are not step outputs live in `App::py_vars`: a list
//! from `loops = sch.get_loops(b)` (its items are the step's outputs
//! `loops_0`, `loops_1` ...), an alias `x = loops[-1]`, a constant `BK = 16`.
//! A script stops at the first statement that fails; the rest is kept.

use super::app::{App, Mode};
use super::command::{parse_statement, to_step, PyCall, PyExpr, PyStmt};
use super::lineedit::{CommandLine, LineEdit};
use super::targets::{autobind, name_outputs};
use crate::trace::step::{op_spec, Returns};
use crate::trace::{Arg, Step, StepError, Trace};

/// Why a statement did not apply.
enum Failure {
    /// A message (syntax, names, arity).
    Text(String),
    /// The step itself failed (rendered with the program marked).
    Step(Box<StepError>),
    /// Already shown to the user (by `apply_steps`).
    Shown,
}

impl From<&str> for Failure {
    fn from(s: &str) -> Failure {
        Failure::Text(s.to_string())
    }
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Text(s)
    }
}

/// The steps of one statement, applied to a probe copy of the trace as they
/// are built (so later calls see earlier outputs).
struct Build {
    base: Trace,
    steps: Vec<Step>,
}

impl Build {
    fn push(&mut self, step: Step) -> Result<(), Failure> {
        self.base
            .push(step.clone())
            .map_err(|e| Failure::Step(Box::new(e)))?;
        // The trace records the step with its defaults; keep what was typed.
        self.steps.push(step);
        Ok(())
    }
}

fn pick(list: &[Arg], i: i64) -> Result<Arg, String> {
    let n = list.len() as i64;
    let k = if i < 0 { n + i } else { i };
    if k < 0 || k >= n {
        return Err(format!(
            "index {i} is out of range: the list has {n} item{}",
            if n == 1 { "" } else { "s" }
        ));
    }
    Ok(list[k as usize].clone())
}

fn slice(list: &[Arg], a: Option<i64>, b: Option<i64>) -> Vec<Arg> {
    let n = list.len() as i64;
    let norm = |v: i64| if v < 0 { (n + v).max(0) } else { v.min(n) };
    let (a, b) = (norm(a.unwrap_or(0)), norm(b.unwrap_or(n)));
    if a >= b {
        Vec::new()
    } else {
        list[a as usize..b as usize].to_vec()
    }
}

/// Positions `[a:b]` or `[i]` select in a list of `n`.
fn positions(n: usize, sel: &PyExpr) -> Vec<usize> {
    let idx: Vec<Arg> = (0..n as i64).map(Arg::Int).collect();
    let chosen = match sel {
        PyExpr::Index(_, i) => pick(&idx, *i).map(|a| vec![a]).unwrap_or_default(),
        PyExpr::Slice(_, a, b) => slice(&idx, *a, *b),
        _ => Vec::new(),
    };
    chosen
        .into_iter()
        .filter_map(|a| match a {
            Arg::Int(k) => Some(k as usize),
            _ => None,
        })
        .collect()
}

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
        // Lines of a pasted script that set up Python rather than schedule:
        // the explorer already has `sch`.
        if text.starts_with("import ") || text.starts_with("from ") {
            return Ok(());
        }
        let stmt = parse_statement(text).map_err(|e| e.message)?;
        if let PyExpr::Call { op, .. } = &stmt.value {
            if matches!(op.as_str(), "Schedule" | "print" | "show" | "script") {
                self.info(format!(
                    "`{text}` skipped: the explorer is the schedule and shows it"
                ));
                return Ok(());
            }
        }
        let mut b = Build {
            base: self.doc.trace.clone(),
            steps: Vec::new(),
        };
        match &stmt.value {
            PyExpr::Call { .. } => self.top_call(&stmt, &mut b)?,
            PyExpr::Index(inner, _) | PyExpr::Slice(inner, ..)
                if matches!(**inner, PyExpr::Call { .. }) && !stmt.targets.is_empty() =>
            {
                // `a, b = sch.get_loops(blk)[-2:]`: the selected outputs get the names.
                let PyExpr::Call { op, args } = &**inner else {
                    unreachable!()
                };
                self.call(op, args, &[], &mut b)?;
                let last = b.steps.last_mut().ok_or("the call made no step")?;
                let chosen = positions(last.out.len(), &stmt.value);
                if chosen.len() != stmt.targets.len() {
                    return Err(format!(
                        "{} name{} to assign but the selection gives {} item{}",
                        stmt.targets.len(),
                        if stmt.targets.len() == 1 { "" } else { "s" },
                        chosen.len(),
                        if chosen.len() == 1 { "" } else { "s" }
                    )
                    .into());
                }
                for (pos, t) in chosen.iter().zip(&stmt.targets) {
                    last.out[*pos] = t.clone();
                }
                for t in &stmt.targets {
                    self.py_vars.remove(t);
                }
            }
            _ => {
                // No schedule call: a Python variable (alias, list or constant).
                let v = self.eval(&stmt.value, &mut b)?;
                if stmt.targets.is_empty() {
                    if b.steps.is_empty() {
                        self.info(format!("= {}", v.to_python()));
                        return Ok(());
                    }
                } else {
                    self.assign(&stmt.targets, v)?;
                    if b.steps.is_empty() {
                        self.info(format!(
                            "{} set (a Python name; no step)",
                            stmt.targets.join(", ")
                        ));
                        return Ok(());
                    }
                }
            }
        }
        let steps = std::mem::take(&mut b.steps);
        if self.apply_steps(steps, origin) {
            Ok(())
        } else {
            // apply_steps showed the error; the statement stays unapplied.
            Err(Failure::Shown)
        }
    }

    fn assign(&mut self, targets: &[String], v: Arg) -> Result<(), String> {
        if let [t] = targets {
            self.py_vars.insert(t.clone(), v);
            return Ok(());
        }
        match v {
            Arg::List(items) if items.len() == targets.len() => {
                for (t, item) in targets.iter().zip(items) {
                    self.py_vars.insert(t.clone(), item);
                }
                Ok(())
            }
            Arg::List(items) => Err(format!(
                "{} names to assign but the value has {} items",
                targets.len(),
                items.len()
            )),
            _ => Err(format!(
                "{} names to assign but the value is not a list",
                targets.len()
            )),
        }
    }

    /// `targets = sch.op(...)` (or no targets).
    fn top_call(&mut self, stmt: &PyStmt, b: &mut Build) -> Result<(), Failure> {
        let PyExpr::Call { op, args } = &stmt.value else {
            return Ok(());
        };
        self.call(op, args, &stmt.targets, b)?;
        let returns = op_spec(b.steps.last().map(|s| s.op.as_str()).unwrap_or(""))
            .map(|s| s.returns)
            .unwrap_or(Returns::Nothing);
        for t in &stmt.targets {
            self.py_vars.remove(t);
        }
        if let ([t], Returns::Many) = (stmt.targets.as_slice(), returns) {
            // `loops = sch.get_loops(b)`: `loops` is a list of the outputs.
            if let Some(last) = b.steps.last_mut() {
                if last.out.len() == 1 && &last.out[0] == t {
                    last.out[0] = format!("{t}_0");
                }
                let items = last.out.iter().cloned().map(Arg::Str).collect();
                self.py_vars.insert(t.clone(), Arg::List(items));
            }
        }
        Ok(())
    }

    /// One schedule call: its arguments (nested calls become steps first),
    /// loops named by variable bound, outputs named; pushed onto `b`.
    fn call(
        &mut self,
        op: &str,
        args: &[(Option<String>, PyExpr)],
        targets: &[String],
        b: &mut Build,
    ) -> Result<Arg, Failure> {
        let mut values = Vec::new();
        for (k, e) in args {
            values.push((k.clone(), self.eval(e, b)?));
        }
        let call = PyCall {
            targets: targets.to_vec(),
            op: op.to_string(),
            args: values,
        };
        let step = to_step(&call).map_err(|e| e.message)?;
        for s in autobind(&b.base, &step)? {
            b.push(s)?;
        }
        let step = name_outputs(&b.base, step, targets).map_err(|e| Failure::Step(Box::new(e)))?;
        let outs = step.out.clone();
        let returns = op_spec(&step.op)
            .map(|s| s.returns)
            .unwrap_or(Returns::Nothing);
        b.push(step)?;
        Ok(match returns {
            Returns::Nothing => Arg::Null,
            Returns::One => outs.first().cloned().map(Arg::Str).unwrap_or(Arg::Null),
            Returns::Many => Arg::List(outs.into_iter().map(Arg::Str).collect()),
        })
    }

    fn eval(&mut self, e: &PyExpr, b: &mut Build) -> Result<Arg, Failure> {
        Ok(match e {
            PyExpr::Lit(a) => a.clone(),
            PyExpr::Name(n) => self
                .py_vars
                .get(n)
                .cloned()
                .unwrap_or_else(|| Arg::Str(n.clone())),
            PyExpr::List(items) => {
                let mut out = Vec::new();
                for i in items {
                    out.push(self.eval(i, b)?);
                }
                Arg::List(out)
            }
            PyExpr::Call { op, args } => self.call(op, args, &[], b)?,
            PyExpr::Index(inner, i) => match self.eval(inner, b)? {
                Arg::List(items) => pick(&items, *i)?,
                other => {
                    return Err(format!(
                        "`{}` is not a list, so it cannot be indexed",
                        other.to_python()
                    )
                    .into())
                }
            },
            PyExpr::Slice(inner, x, y) => match self.eval(inner, b)? {
                Arg::List(items) => Arg::List(slice(&items, *x, *y)),
                other => {
                    return Err(format!(
                        "`{}` is not a list, so it cannot be sliced",
                        other.to_python()
                    )
                    .into())
                }
            },
        })
    }
}
