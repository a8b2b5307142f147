//! MetaSchedule's CUDA postprocessors as trace steps: after a sketch's
//! decisions are drawn, `apply_cuda` appends `enter_postproc` and then, in
//! TVM's order, the steps each postprocessor takes (RewriteCooperativeFetch,
//! RewriteParallelVectorizeUnroll, RewriteReductionBlock, and RewriteTensorize
//! for the blocks MultiLevelTilingTensorCore annotated), then checks the
//! result (VerifyGPUCode). The steps are ordinary primitives, so the session
//! replays, prints as Python and undoes like a hand-written one.
//!
//! TVM: src/s_tir/meta_schedule/postproc/*.cc (facts only). VerifyGPUCode
//! lowers the program to read its launch, hence `codegen`; never runtime or tui.
//!
//! May use: `codegen`, `ir`, `launch_limits`, `schedule`, `trace`.
//!
//! Not here yet: RewriteUnboundBlock (MetaSchedule's CUDA rules bind every
//! block already; a block left unbound is reported by VerifyGPUCode's
//! lowering).

// A failed step carries the program as it was; failures are rare.
#![allow(clippy::result_large_err)]

pub mod cooperative_fetch;
pub mod reduction_block;
pub mod tensorize;
pub mod unroll;
pub mod verify_gpu_code;

use thiserror::Error;

use crate::ir::{BlockId, LoopId};
use crate::trace::replay::Handle;
use crate::trace::{Arg, Step, StepError, Trace};

pub use verify_gpu_code::GpuLimits;

/// Why a postprocessor refused the schedule or could not write its steps.
#[derive(Debug, Error)]
pub enum PostprocError {
    /// A step the postprocessor wrote did not apply (the step number is the
    /// trace's, 1-based).
    #[error("{postproc}: {source}")]
    Step {
        postproc: &'static str,
        #[source]
        source: StepError,
    },
    /// The schedule breaks a rule of the postprocessor.
    #[error("{postproc}: {why} (hint: {hint})")]
    Refused {
        postproc: &'static str,
        why: String,
        hint: &'static str,
    },
}

/// Applies MetaSchedule's CUDA postprocessors to `trace`, as steps after
/// `enter_postproc`; then VerifyGPUCode. On an error the steps written so far
/// stay (as TVM's schedule keeps them): the caller discards the candidate.
pub fn apply_cuda(trace: &mut Trace, limits: &GpuLimits) -> Result<(), PostprocError> {
    rewrite_cuda(trace)?;
    verify_gpu_code::verify(trace.func(), limits)
}

/// The rewriting postprocessors alone (no verification), after `enter_postproc`.
pub fn rewrite_cuda(trace: &mut Trace) -> Result<(), PostprocError> {
    let mut w = Writer::new(trace, "enter_postproc");
    w.step("enter_postproc", vec![], 0)?;
    cooperative_fetch::apply(trace)?;
    unroll::apply(trace)?;
    reduction_block::apply(trace)?;
    tensorize::apply(trace)
}

/// Writes a postprocessor's steps onto a trace, naming their outputs as TVM
/// does (`b12`, `l13`, `v14`: a letter for the kind and a counter), never
/// reusing a name the trace holds.
pub(crate) struct Writer<'a> {
    pub trace: &'a mut Trace,
    postproc: &'static str,
}

impl<'a> Writer<'a> {
    pub fn new(trace: &'a mut Trace, postproc: &'static str) -> Writer<'a> {
        Writer { trace, postproc }
    }

    /// Pushes `op` with `args` and `outs` fresh names of kind `letter`.
    pub fn step(
        &mut self,
        op: &str,
        args: Vec<(&str, Arg)>,
        outs: usize,
    ) -> Result<Vec<String>, PostprocError> {
        let letter = match op {
            "get_block" | "get_child_blocks" | "decompose_reduction" => "b",
            _ => "l",
        };
        let names = self.fresh(letter, outs);
        let step = Step::new(op, args, names.clone()).ok_or_else(|| PostprocError::Refused {
            postproc: self.postproc,
            why: format!("`{op}` is missing an argument"),
            hint: "this is a bug in the postprocessor; report it with the session",
        })?;
        self.trace
            .push(step)
            .map_err(|source| PostprocError::Step {
                postproc: self.postproc,
                source,
            })?;
        Ok(names)
    }

    fn fresh(&self, letter: &str, n: usize) -> Vec<String> {
        let taken: Vec<String> = self
            .trace
            .state
            .names()
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        let mut out = Vec::with_capacity(n);
        let mut k = self.trace.steps.len() + taken.len();
        while out.len() < n {
            let name = format!("{letter}{k}");
            if !taken.contains(&name) && !out.contains(&name) {
                out.push(name);
            }
            k += 1;
        }
        out
    }

    /// The block a name holds now.
    pub fn block(&self, name: &str) -> Option<BlockId> {
        match self.trace.state.lookup(name) {
            Some(Handle::Block(b)) => Some(*b),
            _ => None,
        }
    }

    /// The loop a name holds now.
    pub fn loop_(&self, name: &str) -> Option<LoopId> {
        match self.trace.state.lookup(name) {
            Some(Handle::Loop(l)) => Some(*l),
            _ => None,
        }
    }

    /// `get_block(name)` for a block of the current program, then its loops.
    pub fn block_and_loops(
        &mut self,
        block: BlockId,
    ) -> Result<(String, Vec<String>), PostprocError> {
        let func = self.trace.func();
        let name = func
            .find_block(block)
            .map(|r| r.block.name.clone())
            .unwrap_or_default();
        let count = crate::schedule::tree::loops_of_block(func, block).map_or(0, |v| v.len());
        let b = self.step("get_block", vec![("name", Arg::Str(name))], 1)?;
        let b = b.into_iter().next().unwrap_or_default();
        let loops = self.get_loops(&b, count)?;
        Ok((b, loops))
    }

    /// `get_loops(block)` with `count` outputs.
    pub fn get_loops(&mut self, block: &str, count: usize) -> Result<Vec<String>, PostprocError> {
        self.step(
            "get_loops",
            vec![("block", Arg::Str(block.to_string()))],
            count,
        )
    }
}
