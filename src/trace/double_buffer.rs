//! `double_buffer(loop)`: the convenience behind "pipeline this loop". It
//! lowers the program as far as software pipelining sees it, lists the loop
//! body's statements (inner pipelines expanded), puts the global->shared
//! copies in stage 0 and everything else in stage 1, makes stage 0 async
//! (cp.async where codegen can prove a plain copy), and checks that the pass
//! accepts the result. A trace records it as TVM's three `annotate` steps
//! (`Trace::push` expands it), so a session still exports to TVM unchanged;
//! the stage step's note says which statement went where.
//!
//! TVM has no such primitive: its users write the lists by hand.

use super::step::{Arg, Step};
use crate::ir::{AnnValue, LoopId, PrimFunc};
use crate::lower::inject_software_pipeline::{statements_of, ASYNC_STAGES, ORDER, STAGE};
use crate::lower::lir::{LFor, LStmt};
use crate::lower::{lower_until, Stage};
use crate::schedule::primitive::{annotate, BlockOrLoop};
use crate::schedule::ScheduleError;

pub const OP: &str = "double_buffer";

/// The annotations for one loop, and what the body holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub stages: Vec<i64>,
    pub orders: Vec<i64>,
    pub async_stages: Vec<i64>,
    /// The body's statements as the pass counts them.
    pub statements: Vec<String>,
}

impl Plan {
    /// `stage 0 (async): ...; stage 1: ...`, for the step's note.
    pub fn describe(&self, loop_name: &str) -> String {
        let part = |s: i64| {
            self.statements
                .iter()
                .zip(&self.stages)
                .filter(|(_, &x)| x == s)
                .map(|(d, _)| d.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "double_buffer({loop_name}): stage 0 (async copies): {}; stage 1: {}",
            part(0),
            part(1)
        )
    }
}

fn invalid(why: impl Into<String>) -> ScheduleError {
    ScheduleError::InvalidArgument {
        what: OP,
        why: why.into(),
    }
}

fn find_lfor(s: &LStmt, var: crate::ir::VarId) -> Option<&LFor> {
    let mut found = None;
    s.visit(&mut |x| {
        if let LStmt::For(l) = x {
            if l.var == var && found.is_none() {
                found = Some(&**l);
            }
        }
    });
    found
}

/// Computes the stage lists for `l` in `func` and checks that they lower.
pub fn plan(func: &PrimFunc, l: LoopId) -> Result<Plan, ScheduleError> {
    let var = func.find_loop(l).ok_or(ScheduleError::StaleLoop(l))?.var;
    let name = func.var_name(var).to_string();
    let lowered = match lower_until(func, "compact_buffer_region") {
        Ok(Stage::Lowered(f)) => f,
        Ok(_) => return Err(invalid("the program did not lower to one function")),
        Err(e) => return Err(invalid(format!("the program does not lower yet: {e}"))),
    };
    let lfor = find_lfor(&lowered.body, var)
        .ok_or_else(|| invalid(format!("loop `{name}` is gone after lowering (extent 1?)")))?;
    let stmts = statements_of(&lowered, lfor).map_err(|e| invalid(e.to_string()))?;
    let stages: Vec<i64> = stmts
        .iter()
        .map(|s| if s.copies_to_shared { 0 } else { 1 })
        .collect();
    let statements: Vec<String> = stmts.into_iter().map(|s| s.description).collect();
    if !stages.contains(&0) {
        return Err(invalid(format!(
            "the body of loop `{name}` holds no copy from global into shared memory ({}); cache_read a buffer into shared memory and compute_at it under `{name}` first",
            statements.join("; ")
        )));
    }
    if !stages.contains(&1) {
        return Err(invalid(format!(
            "the body of loop `{name}` holds only copies ({}); pipeline the loop that also computes with them",
            statements.join("; ")
        )));
    }
    let plan = Plan {
        orders: (0..stages.len() as i64).collect(),
        stages,
        async_stages: vec![0],
        statements,
    };
    // The pass must accept it (e.g. a copy that reads what the compute writes).
    let mut probe = func.clone();
    apply(&mut probe, l, &plan)?;
    if let Err(e) = lower_until(&probe, "inject_software_pipeline") {
        return Err(invalid(e.to_string()));
    }
    Ok(plan)
}

fn ints(v: &[i64]) -> AnnValue {
    AnnValue::List(v.iter().map(|&x| AnnValue::Int(x)).collect())
}

/// Writes the plan's three annotations on the loop.
pub fn apply(func: &mut PrimFunc, l: LoopId, plan: &Plan) -> Result<(), ScheduleError> {
    let t = BlockOrLoop::Loop(l);
    annotate::annotate(func, t, ORDER, ints(&plan.orders))?;
    annotate::annotate(func, t, ASYNC_STAGES, ints(&plan.async_stages))?;
    annotate::annotate(func, t, STAGE, ints(&plan.stages))
}

/// The `annotate` steps a `double_buffer` step stands for, the stage list
/// last (it is what the explorer shows after applying) with the note.
pub fn annotate_steps(loop_name: &str, loop_label: &str, plan: &Plan) -> Vec<Step> {
    let list = |v: &[i64]| Arg::List(v.iter().map(|&x| Arg::Int(x)).collect());
    let mut out: Vec<Step> = [
        (ORDER, list(&plan.orders)),
        (ASYNC_STAGES, list(&plan.async_stages)),
        (STAGE, list(&plan.stages)),
    ]
    .into_iter()
    .filter_map(|(key, val)| {
        Step::new(
            "annotate",
            vec![
                ("block_or_loop", Arg::Str(loop_name.to_string())),
                ("ann_key", Arg::Str(key.to_string())),
                ("ann_val", val),
            ],
            Vec::new(),
        )
    })
    .collect();
    if let Some(last) = out.last_mut() {
        last.note = Some(plan.describe(loop_label));
    }
    out
}
