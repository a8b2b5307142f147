//! Applying trace steps to a schedule: names to handles, typed access to a
//! step's arguments, and errors that say which step failed and why. Each
//! primitive's own apply function is registered in `trace::ops`.

// A failed step carries the program as it was, so the error can be rendered
// with the culprit marked; failures are rare, so their size does not matter.
#![allow(clippy::result_large_err)]

use super::step::{op_spec, Arg, Step};
use crate::diag::Diagnostic;
use crate::ir::{AnnValue, BlockId, LoopId, PrimFunc};
use crate::schedule::primitive::{get_block_loop, BlockOrLoop};
use crate::schedule::{Schedule, ScheduleError};
use std::sync::Arc;
use thiserror::Error;

/// A value a step's `out` names.
#[derive(Clone, Debug, PartialEq)]
pub enum Handle {
    Block(BlockId),
    Loop(LoopId),
    Int(i64),
}

/// Why a step failed.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum StepFailure {
    #[error("{0}")]
    Schedule(ScheduleError),
    #[error("field `{field}`: {why}")]
    Argument { field: String, why: String },
    /// A sparse stage step that cannot apply, or a TIR primitive on a
    /// program still in SparseTIR form (`sparse::stage`).
    #[error("{0}")]
    Stage(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct StepError {
    /// 1-based.
    pub step: usize,
    pub op: String,
    pub failure: StepFailure,
    /// The program as it was before the failing step (for rendering).
    pub func: Box<PrimFunc>,
}

// Written out (not derived) so that a schedule error's expressions are printed
// against the program only here, when the error is shown.
impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "step {} `{}`: ", self.step, self.op)?;
        match &self.failure {
            StepFailure::Schedule(e) => f.write_str(&super::report::message(e, &self.func)),
            other => write!(f, "{other}"),
        }
    }
}

impl std::error::Error for StepError {}

impl StepError {
    pub fn to_diagnostic(&self, origin: &str) -> Diagnostic {
        let mut d = match &self.failure {
            StepFailure::Schedule(e) => {
                let mut d = super::report::diagnostic(e, &self.func);
                d.message = format!("step {} `{}`: {}", self.step, self.op, d.message);
                d
            }
            StepFailure::Argument { .. } | StepFailure::Stage(_) => {
                Diagnostic::new(self.to_string())
            }
        };
        d.origin = Some(format!("{origin}, step {}", self.step));
        d
    }
}

/// What taking a step back restores: the program before it (shared, so that
/// copies of a trace share their history) and the names it bound, with what
/// they held before (`None`: unbound).
#[derive(Clone, Debug)]
pub struct Undo {
    func: Option<Arc<PrimFunc>>,
    names: Vec<(String, Option<(Handle, usize)>)>,
}

/// The state of a replay: the schedule and the names bound so far.
#[derive(Clone, Debug)]
pub struct Replayer {
    pub schedule: Schedule,
    names: super::bindings::Bindings,
}

pub(super) fn arg_err(field: &str, why: impl Into<String>) -> StepFailure {
    StepFailure::Argument {
        field: field.to_string(),
        why: why.into(),
    }
}

impl Replayer {
    pub fn new(func: PrimFunc) -> Replayer {
        Replayer {
            schedule: Schedule::new(func),
            // Room for a session's names, bound one by one at each step.
            names: super::bindings::Bindings::with_capacity(64),
        }
    }

    pub fn func(&self) -> &PrimFunc {
        &self.schedule.func
    }

    /// Names bound so far, with what they hold (for completion and pickers).
    pub fn names(&self) -> Vec<(String, Handle)> {
        let mut v: Vec<(String, Handle, usize)> = self
            .names
            .iter()
            .map(|(k, (h, s))| (k.clone(), h.clone(), *s))
            .collect();
        v.sort_by(|a, b| a.2.cmp(&b.2).then(a.0.cmp(&b.0)));
        v.into_iter().map(|(k, h, _)| (k, h)).collect()
    }

    pub fn lookup(&self, name: &str) -> Option<&Handle> {
        self.names.get(name).map(|(h, _)| h)
    }

    /// Applies one step (0-based `index` for messages). On success the step may
    /// come back with a sampling decision filled in; on failure nothing changed.
    pub fn apply(&mut self, index: usize, step: &Step) -> Result<Step, StepError> {
        self.apply_undoable(index, step)
            .map(|(recorded, _)| recorded)
    }

    /// `apply`, also returning what `revert` needs to take the step back: the
    /// program it replaced (moved out of the schedule, not copied) and the names
    /// it rebound. The step's one copy of the program is `Schedule::transact`'s.
    pub fn apply_undoable(&mut self, index: usize, step: &Step) -> Result<(Step, Undo), StepError> {
        self.apply_owned(index, step.clone())
    }

    /// `apply_undoable` of a step the caller gives away: it becomes the
    /// recorded step (primitives change only its arguments, filling in a
    /// sampling decision), so it is not copied.
    pub fn apply_owned(&mut self, index: usize, step: Step) -> Result<(Step, Undo), StepError> {
        // Stale history from outside a step (e.g. direct `transact` calls) is not this step's.
        self.schedule.take_previous();
        let mut recorded = step;
        let failure = match self.apply_inner(index, &mut recorded) {
            Ok(outs) => {
                let step = &recorded;
                let expected = outs.len();
                if step.out.is_empty()
                    || step.out.len() == expected
                    || (expected == 1 && step.out.len() == 1)
                {
                    let mut undo = Undo {
                        func: self.schedule.take_previous().map(Arc::new),
                        names: Vec::with_capacity(step.out.len()),
                    };
                    for (name, h) in step.out.iter().zip(outs) {
                        let old = self.names.insert(name.clone(), (h, index));
                        undo.names.push((name.clone(), old));
                    }
                    return Ok((recorded, undo));
                }
                arg_err(
                    "out",
                    format!(
                        "`{}` returned {expected} values but {} names were given",
                        step.op,
                        step.out.len()
                    ),
                )
            }
            Err(failure) => failure,
        };
        let step = &recorded;
        // A failed step leaves the program as it was, even if a transaction committed.
        if let Some(before) = self.schedule.take_previous() {
            self.schedule.func = before;
        }
        Err(StepError {
            step: index + 1,
            op: step.op.clone(),
            failure,
            func: Box::new(self.schedule.func.clone()),
        })
    }

    /// Takes back the step `undo` came from (the last one applied).
    pub fn revert(&mut self, undo: Undo) {
        if let Some(func) = undo.func {
            self.schedule.func = Arc::try_unwrap(func).unwrap_or_else(|shared| (*shared).clone());
        }
        for (name, old) in undo.names.into_iter().rev() {
            match old {
                Some(bound) => self.names.insert(name, bound),
                None => self.names.remove(&name),
            };
        }
    }

    fn name_arg<'a>(&self, step: &'a Step, field: &str) -> Result<&'a str, StepFailure> {
        match step.arg(field) {
            Some(Arg::Str(s)) => Ok(s),
            _ => Err(arg_err(field, "expected a name")),
        }
    }

    fn stale(&self, name: &str, h: &Handle) -> Option<String> {
        let func = &self.schedule.func;
        let gone = match h {
            Handle::Block(b) => func.find_block(*b).is_none(),
            Handle::Loop(l) => func.find_loop(*l).is_none(),
            Handle::Int(_) => false,
        };
        gone.then(|| {
            let step = self.names.get(name).map(|(_, s)| s + 1).unwrap_or(0);
            format!(
                "`{name}` (from step {step}) no longer exists: a later step replaced it; get fresh handles with get_loops/get_block"
            )
        })
    }

    pub(super) fn block(&self, step: &Step, field: &str) -> Result<BlockId, StepFailure> {
        let name = self.name_arg(step, field)?;
        self.resolve_block(name, field)
    }

    pub(super) fn resolve_block(&self, name: &str, field: &str) -> Result<BlockId, StepFailure> {
        match self.names.get(name) {
            Some((h @ Handle::Block(b), _)) => match self.stale(name, h) {
                Some(why) => Err(arg_err(field, why)),
                None => Ok(*b),
            },
            Some((Handle::Loop(_), _)) => Err(arg_err(
                field,
                format!("`{name}` is a loop, a block is expected"),
            )),
            Some((Handle::Int(_), _)) => Err(arg_err(
                field,
                format!("`{name}` is an integer, a block is expected"),
            )),
            None => get_block_loop::get_block_by_name(&self.schedule.func, name)
                .map_err(StepFailure::Schedule),
        }
    }

    pub(super) fn resolve_loop(&self, name: &str, field: &str) -> Result<LoopId, StepFailure> {
        match self.names.get(name) {
            Some((h @ Handle::Loop(l), _)) => match self.stale(name, h) {
                Some(why) => Err(arg_err(field, why)),
                None => Ok(*l),
            },
            Some((Handle::Block(_), _)) => Err(arg_err(
                field,
                format!("`{name}` is a block, a loop is expected"),
            )),
            Some((Handle::Int(_), _)) => Err(arg_err(
                field,
                format!("`{name}` is an integer, a loop is expected"),
            )),
            None => Err(arg_err(
                field,
                format!("`{name}` is not defined by an earlier step"),
            )),
        }
    }

    pub(super) fn loop_(&self, step: &Step, field: &str) -> Result<LoopId, StepFailure> {
        let name = self.name_arg(step, field)?;
        self.resolve_loop(name, field)
    }

    pub(super) fn loops(&self, step: &Step, field: &str) -> Result<Vec<LoopId>, StepFailure> {
        match step.arg(field) {
            Some(Arg::List(items)) => items
                .iter()
                .map(|a| match a {
                    Arg::Str(s) => self.resolve_loop(s, field),
                    _ => Err(arg_err(field, "expected loop names")),
                })
                .collect(),
            _ => Err(arg_err(field, "expected a list of loop names")),
        }
    }

    pub(super) fn blocks(&self, step: &Step, field: &str) -> Result<Vec<BlockId>, StepFailure> {
        match step.arg(field) {
            Some(Arg::List(items)) => items
                .iter()
                .map(|a| match a {
                    Arg::Str(s) => self.resolve_block(s, field),
                    _ => Err(arg_err(field, "expected block names")),
                })
                .collect(),
            _ => Err(arg_err(field, "expected a list of block names")),
        }
    }

    pub(super) fn block_or_loop(
        &self,
        step: &Step,
        field: &str,
    ) -> Result<BlockOrLoop, StepFailure> {
        let name = self.name_arg(step, field)?;
        match self.names.get(name) {
            Some((Handle::Loop(_), _)) => self.resolve_loop(name, field).map(BlockOrLoop::Loop),
            _ => self.resolve_block(name, field).map(BlockOrLoop::Block),
        }
    }

    pub(super) fn int(&self, step: &Step, field: &str) -> Result<i64, StepFailure> {
        match step.arg(field) {
            Some(Arg::Int(i)) => Ok(*i),
            _ => Err(arg_err(field, "expected an integer")),
        }
    }

    pub(super) fn boolean(&self, step: &Step, field: &str) -> Result<bool, StepFailure> {
        match step.arg(field) {
            Some(Arg::Bool(b)) => Ok(*b),
            _ => Err(arg_err(field, "expected true or false")),
        }
    }

    pub(super) fn string<'a>(&self, step: &'a Step, field: &str) -> Result<&'a str, StepFailure> {
        match step.arg(field) {
            Some(Arg::Str(s)) => Ok(s),
            _ => Err(arg_err(field, "expected a string")),
        }
    }

    /// Dispatches to the primitive's registered apply function (`trace::ops`).
    fn apply_inner(&mut self, index: usize, step: &mut Step) -> Result<Vec<Handle>, StepFailure> {
        match op_spec(&step.op) {
            Some(spec) => {
                super::ops::refuse_dense_on_held(&self.schedule.func, &step.op)?;
                (spec.apply)(self, index, step)
            }
            None => Err(arg_err("op", format!("unknown op `{}`", step.op))),
        }
    }

    /// split factors: integers, null, or names of sampled integers.
    pub(super) fn factors(&self, step: &Step) -> Result<Vec<Option<i64>>, StepFailure> {
        match step.arg("factors") {
            Some(Arg::List(items)) => items
                .iter()
                .map(|a| match a {
                    Arg::Null => Ok(None),
                    Arg::Int(i) => Ok(Some(*i)),
                    // TVM's scalable vector length (SVE, RVV): CUDA has no
                    // such thing, and a factor that depends on it is refused
                    // rather than read as a name.
                    Arg::Str(expr) if expr.contains("T.vscale()") => Err(arg_err(
                        "factors",
                        format!(
                            "`{expr}` uses `T.vscale()`, the scalable vector length of \
                             SVE/RVV targets; tirtui schedules for CUDA, which has none \
                             (give a constant factor)"
                        ),
                    )),
                    Arg::Str(name) => match self.names.get(name.as_str()) {
                        // sample_perfect_tile's -1 (a loop of non-constant
                        // extent) is TVM's None: the factor split infers.
                        Some((Handle::Int(-1), _)) => Ok(None),
                        Some((Handle::Int(v), _)) => Ok(Some(*v)),
                        Some(_) => Err(arg_err(
                            "factors",
                            format!("`{name}` is not a sampled integer"),
                        )),
                        None => Err(arg_err(
                            "factors",
                            format!("`{name}` is not defined by an earlier step"),
                        )),
                    },
                    _ => Err(arg_err(
                        "factors",
                        "expected integers, null or sampled names",
                    )),
                })
                .collect(),
            _ => Err(arg_err("factors", "expected a list")),
        }
    }
}

pub(super) fn to_ann(a: &Arg) -> Option<AnnValue> {
    Some(match a {
        Arg::Int(i) => AnnValue::Int(*i),
        Arg::Float(f) => AnnValue::Float(*f),
        Arg::Bool(b) => AnnValue::Bool(*b),
        Arg::Str(s) => AnnValue::Str(s.clone()),
        Arg::List(v) => AnnValue::List(v.iter().map(to_ann).collect::<Option<Vec<_>>>()?),
        Arg::Map(entries) => AnnValue::Dict(
            entries
                .iter()
                .map(|(k, v)| Some((k.clone(), to_ann(v)?)))
                .collect::<Option<Vec<_>>>()?,
        ),
        Arg::Null => return None,
    })
}
