//! The schedule engine: TVM's TensorIR schedule primitives with their checks.
//!
//! A `Schedule` owns the current program. Blocks and loops are referred to by
//! `BlockId` / `LoopId`, which stay valid while the node exists (TVM's
//! BlockRV/LoopRV); a primitive that removes a loop makes its id stale, and any
//! later use reports that. Every primitive works on a copy and commits only on
//! success, so a failed step leaves the program exactly as it was.
//!
//! Invariant: knows `ir`, `arith` and `validate`; nothing of printing (errors
//! carry IR and are printed where they are shown, `trace::report`), traces,
//! lowering or CUDA.
//!
//! May use: `arith`, `ir`, `validate`.

pub mod analysis;
pub mod auto;
pub mod dependence;
pub mod error;
pub mod limits;
pub mod primitive;
pub mod region;
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

#[derive(Clone, Debug)]
pub struct Schedule {
    pub func: PrimFunc,
}

impl Schedule {
    pub fn new(func: PrimFunc) -> Schedule {
        Schedule { func }
    }

    /// Runs a transformation on a copy of the program and keeps it only on success.
    pub fn transact<T>(
        &mut self,
        f: impl FnOnce(&mut PrimFunc) -> Result<T, ScheduleError>,
    ) -> Result<T, ScheduleError> {
        let mut work = self.func.clone();
        let res = f(&mut work)?;
        // In debug builds (and tests) every primitive's result is validated, so a
        // primitive that builds an ill-formed program fails at its step.
        crate::validate::debug_validate(&work)
            .map_err(|e| ScheduleError::IllFormed(Box::new(e)))?;
        self.func = work;
        Ok(res)
    }
}
