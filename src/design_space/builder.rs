//! A sketch being written: the trace so far (every step applied as it is
//! written) and the names it binds, numbered as TVM numbers a trace's
//! random variables (`b0`, `l1`, `v2`, ...: one counter for all).

use super::DesignSpaceError;
use crate::ir::{BlockId, LoopId, PrimFunc};
use crate::schedule::primitive::get_block_loop;
use crate::trace::{Arg, Handle, Step, StepError, StepFailure, Trace};

/// A generated sketch: its steps, and which rule changed which block.
#[derive(Clone, Debug)]
pub struct Sketch {
    pub steps: Vec<Step>,
    /// `MultiLevelTiling(C)`, ... in the order the rules ran.
    pub applied: Vec<String>,
}

impl Sketch {
    /// Whether MetaSchedule's CUDA rules write this sketch too: no rule of
    /// tirtui's own (MultiLevelTilingRegisterReuse) shaped it.
    pub fn from_metaschedule(&self) -> bool {
        !self
            .applied
            .iter()
            .any(|a| a.starts_with(super::register_reuse::RULE))
    }
}

#[derive(Clone, Debug)]
pub(super) struct SketchBuilder {
    trace: Trace,
    next_name: usize,
    /// Block handle -> the block's name (for the `applied` log).
    block_names: Vec<(String, String)>,
    applied: Vec<String>,
}

/// Builds the failure of a step that could not even be built (a rule passing
/// an argument the primitive does not take), as replay reports its own.
pub(super) fn unbuildable(op: &str, index: usize, func: &PrimFunc) -> StepError {
    StepError {
        step: index + 1,
        op: op.to_string(),
        failure: StepFailure::Argument {
            field: "op".into(),
            why: "a rule wrote arguments this primitive does not take".into(),
        },
        func: Box::new(func.clone()),
    }
}

impl SketchBuilder {
    /// The empty sketch with a `get_block` for every block (post-order: the
    /// blocks below the root in program order, then the root, as TVM's
    /// PostOrderApply collects them); the handles in that order.
    pub fn start(func: &PrimFunc) -> Result<(SketchBuilder, Vec<String>), DesignSpaceError> {
        let mut sketch = SketchBuilder {
            trace: Trace::new(func.clone()),
            next_name: 0,
            block_names: Vec::new(),
            applied: Vec::new(),
        };
        let root = func.root_block().map(|b| b.id);
        let mut names: Vec<String> = func
            .blocks()
            .iter()
            .filter(|b| Some(b.id) != root)
            .map(|b| b.name.clone())
            .collect();
        if names.is_empty() {
            return Err(DesignSpaceError::NoBlocks);
        }
        if let Some(r) = func.root_block() {
            names.push(r.name.clone());
        }
        let mut handles = Vec::with_capacity(names.len());
        for name in names {
            let h = sketch
                .emit("get_block", vec![("name", Arg::Str(name.clone()))], 1, 'b')
                .map_err(|error| DesignSpaceError::Step {
                    rule: "PostOrderApply",
                    block: name.clone(),
                    error: Box::new(error),
                })?
                .remove(0);
            sketch.block_names.push((h.clone(), name));
            handles.push(h);
        }
        Ok((sketch, handles))
    }

    pub fn finish(self) -> Sketch {
        Sketch {
            steps: self.trace.steps,
            applied: self.applied,
        }
    }

    pub fn func(&self) -> &PrimFunc {
        self.trace.func()
    }

    pub fn steps(&self) -> &[Step] {
        &self.trace.steps
    }

    pub fn len(&self) -> usize {
        self.trace.steps.len()
    }

    /// Notes that `rule` changed the block behind `handle`.
    pub fn log(&mut self, rule: &str, handle: &str) {
        let name = self
            .block_names
            .iter()
            .find(|(h, _)| h == handle)
            .map_or(handle, |(_, n)| n.as_str());
        self.applied.push(format!("{rule}({name})"));
    }

    pub fn block(&self, handle: &str) -> Option<BlockId> {
        match self.trace.state.lookup(handle) {
            Some(Handle::Block(b)) => Some(*b),
            _ => None,
        }
    }

    pub fn loop_id(&self, handle: &str) -> Option<LoopId> {
        match self.trace.state.lookup(handle) {
            Some(Handle::Loop(l)) => Some(*l),
            _ => None,
        }
    }

    /// Whether the handle still names a block of the program (an inlined
    /// block is gone, and no later rule visits it).
    pub fn is_live(&self, handle: &str) -> bool {
        self.block(handle)
            .is_some_and(|b| self.func().find_block(b).is_some())
    }

    fn fresh(&mut self, prefix: char) -> String {
        let name = format!("{prefix}{}", self.next_name);
        self.next_name += 1;
        name
    }

    /// Writes and applies one step; the names of what it returned.
    pub fn emit(
        &mut self,
        op: &str,
        args: Vec<(&str, Arg)>,
        outs: usize,
        prefix: char,
    ) -> Result<Vec<String>, StepError> {
        let names: Vec<String> = (0..outs).map(|_| self.fresh(prefix)).collect();
        let step = Step::new(op, args, names.clone())
            .ok_or_else(|| unbuildable(op, self.len(), self.func()))?;
        self.trace.push(step)?;
        Ok(names)
    }

    /// `get_loops(block)`: names for the block's loops, outermost first.
    pub fn get_loops(&mut self, block: &str) -> Result<Vec<String>, StepError> {
        let count = self
            .block(block)
            .and_then(|b| get_block_loop::get_loops(self.func(), b).ok())
            .map_or(0, |l| l.len());
        self.emit("get_loops", vec![("block", name(block))], count, 'l')
    }

    /// `get_consumers(block)`.
    pub fn get_consumers(&mut self, block: &str) -> Result<Vec<String>, StepError> {
        let count = self
            .block(block)
            .and_then(|b| get_block_loop::get_consumers(self.func(), b).ok())
            .map_or(0, |l| l.len());
        self.emit("get_consumers", vec![("block", name(block))], count, 'b')
    }

    pub fn split(&mut self, loop_: &str, factors: Vec<Arg>) -> Result<Vec<String>, StepError> {
        let n = factors.len();
        self.emit(
            "split",
            vec![("loop", name(loop_)), ("factors", Arg::List(factors))],
            n,
            'l',
        )
    }

    pub fn fuse(&mut self, loops: &[String]) -> Result<String, StepError> {
        let list = Arg::List(loops.iter().map(|l| name(l)).collect());
        Ok(self.emit("fuse", vec![("loops", list)], 1, 'l')?.remove(0))
    }

    pub fn bind(&mut self, loop_: &str, axis: &str) -> Result<(), StepError> {
        self.emit(
            "bind",
            vec![
                ("loop", name(loop_)),
                ("thread_axis", Arg::Str(axis.into())),
            ],
            0,
            'l',
        )
        .map(drop)
    }

    pub fn annotate(&mut self, target: &str, key: &str, value: Arg) -> Result<(), StepError> {
        self.emit(
            "annotate",
            vec![
                ("block_or_loop", name(target)),
                ("ann_key", Arg::Str(key.into())),
                ("ann_val", value),
            ],
            0,
            'l',
        )
        .map(drop)
    }

    /// `sample_categorical` with uniform probabilities, as TVM's rules write it.
    pub fn sample_categorical(&mut self, candidates: &[i64]) -> Result<String, StepError> {
        let p = 1.0 / candidates.len().max(1) as f64;
        let args = vec![
            (
                "candidates",
                Arg::List(candidates.iter().map(|c| Arg::Int(*c)).collect()),
            ),
            ("probs", Arg::List(vec![Arg::Float(p); candidates.len()])),
        ];
        Ok(self.emit("sample_categorical", args, 1, 'v')?.remove(0))
    }
}

/// A handle as a step argument.
pub(super) fn name(handle: &str) -> Arg {
    Arg::Str(handle.to_string())
}
