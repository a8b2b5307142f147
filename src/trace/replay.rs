//! Applying trace steps to a schedule: names to handles, arguments to
//! primitive calls, and errors that say which step failed and why.

// A failed step carries the program as it was, so the error can be rendered
// with the culprit marked; failures are rare, so their size does not matter.
#![allow(clippy::result_large_err)]

use super::step::{Arg, Step};
use crate::diag::Diagnostic;
use crate::ir::{AnnValue, BlockId, LoopId, PrimFunc, ThreadAxis};
use crate::schedule::primitive::{
    annotate, cache_read_write, compute_at, compute_inline, for_kind, get_block_loop,
    loop_transformation, reduction, sampling, BlockOrLoop,
};
use crate::schedule::{Schedule, ScheduleError};
use std::collections::HashMap;
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
}

#[derive(Clone, Debug, Error, PartialEq)]
#[error("step {step} `{op}`: {failure}")]
pub struct StepError {
    /// 1-based.
    pub step: usize,
    pub op: String,
    pub failure: StepFailure,
    /// The program as it was before the failing step (for rendering).
    pub func: Box<PrimFunc>,
}

impl StepError {
    pub fn to_diagnostic(&self, origin: &str) -> Diagnostic {
        let mut d = match &self.failure {
            StepFailure::Schedule(e) => {
                let mut d = e.to_diagnostic(&self.func);
                d.message = format!("step {} `{}`: {}", self.step, self.op, d.message);
                d
            }
            StepFailure::Argument { .. } => Diagnostic::new(self.to_string()),
        };
        d.origin = Some(format!("{origin}, step {}", self.step));
        d
    }
}

/// The state of a replay: the schedule and the names bound so far.
#[derive(Clone, Debug)]
pub struct Replayer {
    pub schedule: Schedule,
    names: HashMap<String, (Handle, usize)>,
}

fn arg_err(field: &str, why: impl Into<String>) -> StepFailure {
    StepFailure::Argument {
        field: field.to_string(),
        why: why.into(),
    }
}

impl Replayer {
    pub fn new(func: PrimFunc) -> Replayer {
        Replayer {
            schedule: Schedule::new(func),
            names: HashMap::new(),
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
        let before = self.schedule.func.clone();
        let mut recorded = step.clone();
        let applied = self
            .apply_inner(index, &mut recorded)
            .and_then(|outs| check_growth(&before, &self.schedule.func).map(|()| outs));
        match applied {
            Ok(outs) => {
                let expected = outs.len();
                if !step.out.is_empty()
                    && step.out.len() != expected
                    && !(expected == 1 && step.out.len() == 1)
                {
                    self.schedule.func = before.clone();
                    return Err(StepError {
                        step: index + 1,
                        op: step.op.clone(),
                        failure: arg_err(
                            "out",
                            format!(
                                "`{}` returned {expected} values but {} names were given",
                                step.op,
                                step.out.len()
                            ),
                        ),
                        func: Box::new(before),
                    });
                }
                for (name, h) in step.out.iter().zip(outs) {
                    self.names.insert(name.clone(), (h, index));
                }
                Ok(recorded)
            }
            Err(failure) => {
                self.schedule.func = before.clone();
                Err(StepError {
                    step: index + 1,
                    op: step.op.clone(),
                    failure,
                    func: Box::new(before),
                })
            }
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

    fn block(&self, step: &Step, field: &str) -> Result<BlockId, StepFailure> {
        let name = self.name_arg(step, field)?;
        self.resolve_block(name, field)
    }

    fn resolve_block(&self, name: &str, field: &str) -> Result<BlockId, StepFailure> {
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

    fn resolve_loop(&self, name: &str, field: &str) -> Result<LoopId, StepFailure> {
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

    fn loop_(&self, step: &Step, field: &str) -> Result<LoopId, StepFailure> {
        let name = self.name_arg(step, field)?;
        self.resolve_loop(name, field)
    }

    fn loops(&self, step: &Step, field: &str) -> Result<Vec<LoopId>, StepFailure> {
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

    fn blocks(&self, step: &Step, field: &str) -> Result<Vec<BlockId>, StepFailure> {
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

    fn block_or_loop(&self, step: &Step, field: &str) -> Result<BlockOrLoop, StepFailure> {
        let name = self.name_arg(step, field)?;
        match self.names.get(name) {
            Some((Handle::Loop(_), _)) => self.resolve_loop(name, field).map(BlockOrLoop::Loop),
            _ => self.resolve_block(name, field).map(BlockOrLoop::Block),
        }
    }

    fn int(&self, step: &Step, field: &str) -> Result<i64, StepFailure> {
        match step.arg(field) {
            Some(Arg::Int(i)) => Ok(*i),
            _ => Err(arg_err(field, "expected an integer")),
        }
    }

    fn boolean(&self, step: &Step, field: &str) -> Result<bool, StepFailure> {
        match step.arg(field) {
            Some(Arg::Bool(b)) => Ok(*b),
            _ => Err(arg_err(field, "expected true or false")),
        }
    }

    fn string<'a>(&self, step: &'a Step, field: &str) -> Result<&'a str, StepFailure> {
        match step.arg(field) {
            Some(Arg::Str(s)) => Ok(s),
            _ => Err(arg_err(field, "expected a string")),
        }
    }

    fn apply_inner(&mut self, index: usize, step: &mut Step) -> Result<Vec<Handle>, StepFailure> {
        use StepFailure::Schedule as S;
        let blocks_out = |v: Vec<BlockId>| v.into_iter().map(Handle::Block).collect::<Vec<_>>();
        let loops_out = |v: Vec<LoopId>| v.into_iter().map(Handle::Loop).collect::<Vec<_>>();
        let op = step.op.clone();
        let func = &self.schedule.func;
        Ok(match op.as_str() {
            "get_block" => {
                let name = self.string(step, "name")?;
                vec![Handle::Block(get_block_loop::get_block_by_name(func, name).map_err(S)?)]
            }
            "get_loops" => {
                let b = self.block(step, "block")?;
                loops_out(get_block_loop::get_loops(func, b).map_err(S)?)
            }
            "get_child_blocks" => {
                let t = self.block_or_loop(step, "block_or_loop")?;
                blocks_out(get_block_loop::get_child_blocks(func, t).map_err(S)?)
            }
            "get_producers" => {
                let b = self.block(step, "block")?;
                blocks_out(get_block_loop::get_producers(func, b).map_err(S)?)
            }
            "get_consumers" => {
                let b = self.block(step, "block")?;
                blocks_out(get_block_loop::get_consumers(func, b).map_err(S)?)
            }
            "split" => {
                let l = self.loop_(step, "loop")?;
                let factors = self.factors(step)?;
                let p = self.boolean(step, "preserve_unit_iters")?;
                loops_out(self.schedule.transact(|f| loop_transformation::split(f, l, &factors, p)).map_err(S)?)
            }
            "fuse" => {
                let ls = self.loops(step, "loops")?;
                let p = self.boolean(step, "preserve_unit_iters")?;
                vec![Handle::Loop(self.schedule.transact(|f| loop_transformation::fuse(f, &ls, p)).map_err(S)?)]
            }
            "reorder" => {
                let ls = self.loops(step, "ordered_loops")?;
                self.schedule.transact(|f| loop_transformation::reorder(f, &ls)).map_err(S)?;
                vec![]
            }
            "merge" => {
                let ls = self.loops(step, "loops")?;
                vec![Handle::Loop(self.schedule.transact(|f| loop_transformation::merge(f, &ls)).map_err(S)?)]
            }
            "add_unit_loop" => {
                let t = self.block_or_loop(step, "block_or_loop")?;
                vec![Handle::Loop(self.schedule.transact(|f| loop_transformation::add_unit_loop(f, t)).map_err(S)?)]
            }
            "parallel" | "vectorize" | "unroll" => {
                let l = self.loop_(step, "loop")?;
                self.schedule
                    .transact(|f| match op.as_str() {
                        "parallel" => for_kind::parallel(f, l),
                        "vectorize" => for_kind::vectorize(f, l),
                        _ => for_kind::unroll(f, l),
                    })
                    .map_err(S)?;
                vec![]
            }
            "bind" => {
                let l = self.loop_(step, "loop")?;
                let tag = self.string(step, "thread_axis")?;
                let axis = ThreadAxis::from_tag(tag).ok_or_else(|| S(ScheduleError::UnknownThreadAxis(tag.to_string())))?;
                self.schedule.transact(|f| for_kind::bind(f, l, axis)).map_err(S)?;
                vec![]
            }
            "cache_read" | "cache_write" => {
                let b = self.block(step, "block")?;
                let idx_field = if op == "cache_read" { "read_buffer_index" } else { "write_buffer_index" };
                let idx = self.int(step, idx_field)?;
                let scope = self.string(step, "storage_scope")?.to_string();
                let consumers = self.blocks(step, "consumer_blocks")?;
                let res = if op == "cache_read" {
                    self.schedule.transact(|f| cache_read_write::cache_read(f, b, idx, &scope, &consumers))
                } else {
                    self.schedule.transact(|f| cache_read_write::cache_write(f, b, idx, &scope, &consumers))
                };
                vec![Handle::Block(res.map_err(S)?)]
            }
            "compute_at" | "reverse_compute_at" => {
                let b = self.block(step, "block")?;
                let l = self.loop_(step, "loop")?;
                let p = self.boolean(step, "preserve_unit_loops")?;
                let i = self.int(step, "index")?;
                self.schedule
                    .transact(|f| {
                        if op == "compute_at" {
                            compute_at::compute_at(f, b, l, p, i)
                        } else {
                            compute_at::reverse_compute_at(f, b, l, p, i)
                        }
                    })
                    .map_err(S)?;
                vec![]
            }
            "compute_inline" => {
                let b = self.block(step, "block")?;
                self.schedule.transact(|f| compute_inline::compute_inline(f, b)).map_err(S)?;
                vec![]
            }
            "reverse_compute_inline" => {
                let b = self.block(step, "block")?;
                self.schedule.transact(|f| compute_inline::reverse_compute_inline(f, b)).map_err(S)?;
                vec![]
            }
            "decompose_reduction" => {
                let b = self.block(step, "block")?;
                let l = self.loop_(step, "loop")?;
                vec![Handle::Block(self.schedule.transact(|f| reduction::decompose_reduction(f, b, l)).map_err(S)?)]
            }
            "rfactor" => {
                let l = self.loop_(step, "loop")?;
                let axis = self.int(step, "factor_axis")?;
                vec![Handle::Block(self.schedule.transact(|f| reduction::rfactor(f, l, axis)).map_err(S)?)]
            }
            "storage_align" => {
                let b = self.block(step, "block")?;
                let (bi, ax, fa, of) = (
                    self.int(step, "buffer_index")?,
                    self.int(step, "axis")?,
                    self.int(step, "factor")?,
                    self.int(step, "offset")?,
                );
                self.schedule.transact(|f| annotate::storage_align(f, b, bi, ax, fa, of)).map_err(S)?;
                vec![]
            }
            "set_scope" => {
                let b = self.block(step, "block")?;
                let bi = self.int(step, "buffer_index")?;
                let scope = self.string(step, "storage_scope")?.to_string();
                self.schedule.transact(|f| annotate::set_scope(f, b, bi, &scope)).map_err(S)?;
                vec![]
            }
            "annotate" => {
                let t = self.block_or_loop(step, "block_or_loop")?;
                let key = self.string(step, "ann_key")?.to_string();
                let val = match step.arg("ann_val") {
                    // The name of an earlier sample: its value, as TVM uses an ExprRV.
                    Some(Arg::Str(n)) => match self.lookup(n) {
                        Some(Handle::Int(v)) => Some(AnnValue::Int(*v)),
                        _ => Some(AnnValue::Str(n.clone())),
                    },
                    other => other.and_then(to_ann),
                }
                .ok_or_else(|| arg_err("ann_val", "expected a number, string, bool or list"))?;
                self.schedule.transact(|f| annotate::annotate(f, t, &key, val)).map_err(S)?;
                vec![]
            }
            "unannotate" => {
                let t = self.block_or_loop(step, "block_or_loop")?;
                let key = self.string(step, "ann_key")?.to_string();
                self.schedule.transact(|f| annotate::unannotate(f, t, &key)).map_err(S)?;
                vec![]
            }
            "sample_perfect_tile" => {
                let l = self.loop_(step, "loop")?;
                let n = self.int(step, "n")?;
                let max_inner = self.int(step, "max_innermost_factor")?;
                let decision = match step.arg("decision") {
                    Some(Arg::List(v)) => Some(
                        v.iter()
                            .map(|a| match a {
                                Arg::Int(i) => Ok(*i),
                                _ => Err(arg_err("decision", "expected integers")),
                            })
                            .collect::<Result<Vec<_>, _>>()?,
                    ),
                    _ => None,
                };
                let mut rng = sampling::Rng(0x7170_7475_6900 ^ index as u64);
                let factors = sampling::sample_perfect_tile(func, l, n, max_inner, decision.as_deref(), &mut rng).map_err(S)?;
                step.set_arg("decision", Arg::List(factors.iter().map(|f| Arg::Int(*f)).collect()));
                factors.into_iter().map(Handle::Int).collect()
            }
            "sample_categorical" => {
                let ints = |field: &str| -> Result<Vec<i64>, StepFailure> {
                    match step.arg(field) {
                        Some(Arg::List(v)) => v.iter().map(|a| match a { Arg::Int(i) => Ok(*i), _ => Err(arg_err(field, "expected integers")) }).collect(),
                        _ => Err(arg_err(field, "expected a list of integers")),
                    }
                };
                let candidates = ints("candidates")?;
                let probs: Vec<f64> = match step.arg("probs") {
                    Some(Arg::List(v)) => v.iter().map(|a| match a { Arg::Float(f) => Ok(*f), Arg::Int(i) => Ok(*i as f64), _ => Err(arg_err("probs", "expected numbers")) }).collect::<Result<_, _>>()?,
                    _ => return Err(arg_err("probs", "expected a list of numbers")),
                };
                let decision = match step.arg("decision") {
                    Some(Arg::Int(i)) => Some(*i),
                    _ => None,
                };
                let mut rng = sampling::Rng(0x6361_7465_6700 ^ index as u64);
                let (d, value) = sampling::sample_categorical(&candidates, &probs, decision, &mut rng).map_err(S)?;
                step.set_arg("decision", Arg::Int(d));
                vec![Handle::Int(value)]
            }
            "blockize" | "tensorize" => {
                return Err(S(ScheduleError::Unsupported(
                    if op == "blockize" { "blockize" } else { "tensorize" },
                    "tirtui has no tensor intrinsics and does not lower nested block structure yet; this step cannot be applied".into(),
                )))
            }
            other => return Err(arg_err("op", format!("unknown op `{other}`"))),
        })
    }

    /// split factors: integers, null, or names of sampled integers.
    fn factors(&self, step: &Step) -> Result<Vec<Option<i64>>, StepFailure> {
        match step.arg("factors") {
            Some(Arg::List(items)) => items
                .iter()
                .map(|a| match a {
                    Arg::Null => Ok(None),
                    Arg::Int(i) => Ok(Some(*i)),
                    Arg::Str(name) => match self.names.get(name.as_str()) {
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

/// A step may not grow the program past `schedule::limits` (whatever the
/// primitive): every later step, pass and print walks the whole tree.
fn check_growth(before: &PrimFunc, after: &PrimFunc) -> Result<(), StepFailure> {
    use crate::schedule::limits::{max_loop_nest, program_nodes, MAX_LOOP_NEST, MAX_PROGRAM_NODES};
    let nest = max_loop_nest(&after.body);
    if nest > MAX_LOOP_NEST && nest > max_loop_nest(&before.body) {
        return Err(StepFailure::Schedule(ScheduleError::LimitExceeded {
            what: "this step",
            why: format!("it would nest loops {nest} deep; tirtui allows at most {MAX_LOOP_NEST}"),
        }));
    }
    let nodes = program_nodes(after);
    if nodes > MAX_PROGRAM_NODES && nodes > program_nodes(before) {
        return Err(StepFailure::Schedule(ScheduleError::LimitExceeded {
            what: "this step",
            why: format!(
                "the program would grow to {nodes} IR nodes; tirtui allows at most {MAX_PROGRAM_NODES}"
            ),
        }));
    }
    Ok(())
}

fn to_ann(a: &Arg) -> Option<AnnValue> {
    Some(match a {
        Arg::Int(i) => AnnValue::Int(*i),
        Arg::Float(f) => AnnValue::Float(*f),
        Arg::Bool(b) => AnnValue::Bool(*b),
        Arg::Str(s) => AnnValue::Str(s.clone()),
        Arg::List(v) => AnnValue::List(v.iter().map(to_ann).collect::<Option<Vec<_>>>()?),
        Arg::Null => return None,
    })
}
