//! The schedule engine: TVM's TensorIR schedule primitives with their checks.
//!
//! A `Schedule` owns the current program. Blocks and loops are referred to by
//! `BlockId` / `LoopId`, which stay valid while the node exists (TVM's
//! BlockRV/LoopRV); a primitive that removes a loop makes its id stale, and any
//! later use reports that. Every primitive works on a copy and commits only on
//! success, so a failed step leaves the program exactly as it was. The copy is
//! cheap: statements, variables and buffers are shared (`ir::Shared`) until a
//! primitive writes to them, and then only the nodes on the way to the change
//! are copied, so a step costs what it changes.
//!
//! Invariant: knows `ir`, `arith` and `validate`; nothing of printing (errors
//! carry IR and are printed where they are shown, `trace::report`), traces,
//! lowering or CUDA. Two narrow exceptions: the tensor intrinsics' descriptions
//! are TVMScript, read by `script`'s parser; an index-map lambda's error
//! carries a `diag` span into the lambda's text.
//!
//! May use: `arith`, `diag`, `ir`, `script`, `validate`.

pub mod analysis;
pub mod auto;
pub mod dependence;
pub mod error;
pub mod fixpoints;
pub mod limits;
pub mod primitive;
pub mod region;
pub mod tensor_intrin;
pub mod tree;

pub use error::{Culprit, ErrorExpr, ScheduleError};

use crate::ir::PrimFunc;

/// What a primitive returns (TVM's random variables).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Block(crate::ir::BlockId),
    Loop(crate::ir::LoopId),
    Int(i64),
    Blocks(Vec<crate::ir::BlockId>),
    Loops(Vec<crate::ir::LoopId>),
    Ints(Vec<i64>),
    None,
}

#[derive(Debug)]
pub struct Schedule {
    pub func: PrimFunc,
    /// The program as it was before the first transaction committed since the
    /// last `take_previous` (moved out, never copied): the replay keeps it as
    /// the step's undo snapshot, or puts it back when a step must be rolled back.
    previous: Option<PrimFunc>,
    /// Blocks whose bindings are simplified already (lent to each transaction).
    fixpoints: fixpoints::Fixpoints,
    /// Measures of the loops and blocks seen, for the growth limits.
    sizes: limits::Sizes,
}

impl Clone for Schedule {
    /// A copy of the program only: the previous version belongs to the original's history.
    fn clone(&self) -> Schedule {
        Schedule::new(self.func.clone())
    }
}

impl Schedule {
    pub fn new(func: PrimFunc) -> Schedule {
        Schedule {
            func,
            previous: None,
            fixpoints: fixpoints::Fixpoints::default(),
            sizes: limits::Sizes::with_room(),
        }
    }

    /// Runs a transformation on a copy of the program and keeps it only on
    /// success. That copy shares every node with the original (copy on write),
    /// and the replaced program is moved to `previous`, not copied again.
    pub fn transact<T>(
        &mut self,
        f: impl FnOnce(&mut PrimFunc) -> Result<T, ScheduleError>,
    ) -> Result<T, ScheduleError> {
        let mut work = self.func.clone();
        let lent = fixpoints::lend(&mut self.fixpoints);
        let res = f(&mut work);
        drop(lent);
        let res = res?;
        // In debug builds (and tests) every primitive's result is validated, so a
        // primitive that builds an ill-formed program fails at its step.
        crate::validate::debug_validate(&work)
            .map_err(|e| ScheduleError::IllFormed(Box::new(e)))?;
        limits::check_growth(&self.func, &work, &mut self.sizes)?;
        let old = std::mem::replace(&mut self.func, work);
        self.previous.get_or_insert(old);
        Ok(res)
    }

    /// The program before the transactions since the last call, if any committed.
    pub fn take_previous(&mut self) -> Option<PrimFunc> {
        self.previous.take()
    }
}
