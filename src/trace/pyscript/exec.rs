//! One Python statement run against a trace: the steps it makes (its nested
//! calls first, outputs named), or the Python name it sets.
//!
//! Python variables that are not step outputs live in `PyEnv::vars`: a list
//! from `loops = sch.get_loops(b)` (its items are the step's outputs
//! `loops_0`, `loops_1` ...), an alias `x = loops[-1]`, a constant `BK = 16`.
//! Steps are pushed onto a probe copy of the trace as they are built, so later
//! calls of the same statement see earlier outputs; the caller applies them.

use std::collections::HashMap;

use super::{name_outputs, parse_statement, to_step, PyCall, PyExpr, PyStmt};
use crate::trace::step::{op_spec, Returns};
use crate::trace::{Arg, Step, StepError, Trace};

/// Why a statement did not apply.
#[derive(Debug)]
pub enum PyFailure {
    /// A message (syntax, names, arity).
    Text(String),
    /// A step failed (rendered with the program marked).
    Step(Box<StepError>),
}

impl From<&str> for PyFailure {
    fn from(s: &str) -> PyFailure {
        PyFailure::Text(s.to_string())
    }
}

impl From<String> for PyFailure {
    fn from(s: String) -> PyFailure {
        PyFailure::Text(s)
    }
}

/// What a statement that did not fail comes to.
#[derive(Debug)]
pub enum Outcome {
    /// Steps to apply in order (possibly none when a name was set as well).
    Steps(Vec<Step>),
    /// Python that sets up rather than schedules (`import`, `print(...)`,
    /// `sch = tir.Schedule(...)`): nothing to apply; the line as said.
    Skipped(String),
    /// A bare expression without a step: its value.
    Value(Arg),
    /// Python names set without a step.
    NamesSet(Vec<String>),
}

/// Binds loop names the user typed without `get_loops` (the explorer's
/// convenience); returns the steps to apply first. Scripts read from files
/// bind every handle themselves and pass `no_autobind`.
pub type Autobind<'a> = &'a dyn Fn(&Trace, &Step) -> Result<Vec<Step>, String>;

/// No automatic binding: a name that is not bound is the replay's error.
pub fn no_autobind(_: &Trace, _: &Step) -> Result<Vec<Step>, String> {
    Ok(Vec::new())
}

/// The Python names of a script run so far.
#[derive(Clone, Debug, Default)]
pub struct PyEnv {
    pub vars: HashMap<String, Arg>,
}

/// The steps of one statement, applied to a probe copy of the trace as they
/// are built (so later calls see earlier outputs).
struct Build<'a> {
    base: Trace,
    steps: Vec<Step>,
    autobind: Autobind<'a>,
}

impl Build<'_> {
    fn push(&mut self, step: Step) -> Result<(), PyFailure> {
        self.base
            .push(step.clone())
            .map_err(|e| PyFailure::Step(Box::new(e)))?;
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

impl PyEnv {
    /// Runs one statement against `trace` (which it does not change).
    pub fn statement(
        &mut self,
        text: &str,
        trace: &Trace,
        autobind: Autobind,
    ) -> Result<Outcome, PyFailure> {
        // Lines of a script that set up Python rather than schedule.
        if text.starts_with("import ") || text.starts_with("from ") {
            return Ok(Outcome::Skipped(text.to_string()));
        }
        let stmt = parse_statement(text).map_err(|e| e.message)?;
        if let PyExpr::Call { op, .. } = &stmt.value {
            if matches!(op.as_str(), "Schedule" | "print" | "show" | "script") {
                return Ok(Outcome::Skipped(text.to_string()));
            }
        }
        let mut b = Build {
            base: trace.clone(),
            steps: Vec::new(),
            autobind,
        };
        match &stmt.value {
            PyExpr::Call { .. } => self.top_call(&stmt, &mut b)?,
            PyExpr::Index(inner, _) | PyExpr::Slice(inner, ..) if !stmt.targets.is_empty() => {
                if let PyExpr::Call { op, args } = &**inner {
                    self.selected_outputs(op, args, &stmt, &mut b)?;
                } else {
                    return self.name_value(&stmt, b);
                }
            }
            _ => return self.name_value(&stmt, b),
        }
        Ok(Outcome::Steps(b.steps))
    }

    /// `a, b = sch.get_loops(blk)[-2:]`: the selected outputs get the names.
    fn selected_outputs(
        &mut self,
        op: &str,
        args: &[(Option<String>, PyExpr)],
        stmt: &PyStmt,
        b: &mut Build,
    ) -> Result<(), PyFailure> {
        self.call(op, args, &[], b)?;
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
            self.vars.remove(t);
        }
        Ok(())
    }

    /// No schedule call at the top: a Python variable (alias, list or
    /// constant), or a bare value; nested calls may still make steps.
    fn name_value(&mut self, stmt: &PyStmt, mut b: Build) -> Result<Outcome, PyFailure> {
        let v = self.eval(&stmt.value, &mut b)?;
        if stmt.targets.is_empty() {
            if b.steps.is_empty() {
                return Ok(Outcome::Value(v));
            }
        } else {
            self.assign(&stmt.targets, stmt.unpack, v)?;
            if b.steps.is_empty() {
                return Ok(Outcome::NamesSet(stmt.targets.clone()));
            }
        }
        Ok(Outcome::Steps(b.steps))
    }

    fn assign(&mut self, targets: &[String], unpack: bool, v: Arg) -> Result<(), String> {
        if let ([t], false) = (targets, unpack) {
            self.vars.insert(t.clone(), v);
            return Ok(());
        }
        match v {
            Arg::List(items) if items.len() == targets.len() => {
                for (t, item) in targets.iter().zip(items) {
                    self.vars.insert(t.clone(), item);
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
    fn top_call(&mut self, stmt: &PyStmt, b: &mut Build) -> Result<(), PyFailure> {
        let PyExpr::Call { op, args } = &stmt.value else {
            return Ok(());
        };
        self.call(op, args, &stmt.targets, b)?;
        let returns = op_spec(b.steps.last().map(|s| s.op.as_str()).unwrap_or(""))
            .map(|s| s.returns)
            .unwrap_or(Returns::Nothing);
        for t in &stmt.targets {
            self.vars.remove(t);
        }
        if let ([t], Returns::Many, false) = (stmt.targets.as_slice(), returns, stmt.unpack) {
            // `loops = sch.get_loops(b)`: `loops` is a list of the outputs.
            if let Some(last) = b.steps.last_mut() {
                if last.out.len() == 1 && &last.out[0] == t {
                    last.out[0] = format!("{t}_0");
                }
                let items = last.out.iter().cloned().map(Arg::Str).collect();
                self.vars.insert(t.clone(), Arg::List(items));
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
    ) -> Result<Arg, PyFailure> {
        let mut values = Vec::new();
        for (k, e) in args {
            values.push((k.clone(), self.eval(e, b)?));
        }
        let call = PyCall {
            targets: targets.to_vec(),
            op: op.to_string(),
            args: values,
        };
        check_func_name(&call, b.base.func())?;
        let step = to_step(&call).map_err(|e| e.message)?;
        for s in (b.autobind)(&b.base, &step)? {
            b.push(s)?;
        }
        let step =
            name_outputs(&b.base, step, targets).map_err(|e| PyFailure::Step(Box::new(e)))?;
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

    fn eval(&mut self, e: &PyExpr, b: &mut Build) -> Result<Arg, PyFailure> {
        Ok(match e {
            PyExpr::Lit(a) => a.clone(),
            PyExpr::Name(n) => self
                .vars
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

/// `get_sblock(..., func_name=F)` must name the function the trace is
/// applied to, else its blocks would silently come from another function.
/// `main` is also the name TVM gives a lone function (`Schedule(func)`
/// wraps it as `main`), whatever its own name.
fn check_func_name(call: &PyCall, func: &crate::ir::PrimFunc) -> Result<(), PyFailure> {
    if !matches!(call.op.as_str(), "get_block" | "get_sblock") {
        return Ok(());
    }
    let named = call
        .args
        .iter()
        .find(|(k, _)| k.as_deref() == Some("func_name"))
        .map(|(_, v)| v);
    match named {
        Some(Arg::Str(name)) if name != &func.name && name != "main" => {
            Err(PyFailure::Text(format!(
                "`{}` names the function `{name}`, but the trace is applied to `{}` \
             (hint: a workload module with several functions: give the session `func: {name}`)",
                call.op, func.name
            )))
        }
        _ => Ok(()),
    }
}
