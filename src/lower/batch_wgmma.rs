//! Batches the wgmmas of a loop into one asynchronous group: a loop whose
//! every iteration is one fenced, committed and waited-for wgmma (what
//! `tensor_call` lowers a tensorized product to) becomes a fence, the loop
//! of wgmmas issued back to back, one commit and one `wait_group 0`. The
//! tensor cores then run the loop's wgmmas without a round trip to the
//! registers between them: consecutive wgmmas on the same accumulators
//! chain in hardware, and nothing else in the loop touches the registers
//! or the shared operands before the wait.
//!
//! CUTLASS and TileLang issue their k-loop's wgmmas the same way (one
//! fence before, one commit and wait after). The SIMT simulator checks the
//! result: a register or operand access the batching would move past a
//! wgmma in flight is an error there.
//!
//! A loop annotated `wgmma_wait_group: N` (tirtui's own; TVM ignores it)
//! keeps N groups in flight across its iterations: each batch's
//! `wait_group 0` in its body becomes `wait_group N` followed by a barrier,
//! and one `wait_group 0` follows the loop. The next iteration's wgmmas are
//! then issued before this one's retire (CUTLASS's `warpgroup_wait<1>`).
//! The barrier is there because a warpgroup's wait retires only its own
//! wgmmas: before any thread overwrites a tile another warpgroup's
//! retired group read, every warpgroup must have passed its wait. Enough
//! shared buffers for the groups in flight are the schedule's business
//! (three pipeline versions with the wgmmas ordered before the copies, for
//! N = 1): the simulator refuses a tile overwritten under a wgmma in flight.
//!
//! Invariant: runs after `thread_binding` (the warpgroup's lane loop is
//! gone); moves wgmma fence/commit/wait calls and adds barriers only.

use super::lir::{LStmt, Lowered};
use super::LowerError;
use crate::ir::{AnnValue, Expr, ForKind, Intrinsic};

/// The loop annotation naming how many wgmma groups stay in flight at the
/// end of each iteration (PTX's `wgmma.wait_group N`, 0 to 7).
pub const WAIT_GROUP: &str = crate::schedule::primitive::annotate::WGMMA_WAIT_GROUP;

pub fn run(f: Lowered) -> Result<Lowered, LowerError> {
    let mut f = batch(f);
    let mut refused = None;
    f.body.rewrite(&mut |s| {
        if refused.is_none() {
            if let Err(e) = defer_waits(s) {
                refused = Some(e);
            }
        }
    });
    match refused {
        Some(e) => Err(e),
        None => Ok(f),
    }
}

/// Rewrites a loop annotated `wgmma_wait_group: N > 0`: its batches wait
/// for all but N groups (then a barrier), and the loop is followed by a
/// `wait_group 0`.
fn defer_waits(s: &mut LStmt) -> Result<(), LowerError> {
    let LStmt::For(l) = s else { return Ok(()) };
    let Some(depth) = l
        .annotations
        .iter()
        .find_map(|(k, v)| match (k.as_str(), v) {
            (WAIT_GROUP, AnnValue::Int(n)) => Some(*n),
            _ => None,
        })
    else {
        return Ok(());
    };
    if depth == 0 {
        return Ok(());
    }
    let mut deferred = 0;
    defer_in(&mut l.body, depth, &mut deferred);
    if deferred == 0 {
        return Err(LowerError::Unsupported {
            what: format!(
                "loop annotated `{WAIT_GROUP}: {depth}` has no batch of wgmmas (fence, wgmmas, commit, wait) directly in its body to leave in flight: annotate the loop whose body holds the tensorized k steps (the pipelined k loop), or remove the annotation"
            ),
        });
    }
    let body = std::mem::replace(s, LStmt::Seq(Vec::new()));
    *s = LStmt::Seq(vec![
        body,
        LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaWait, vec![Expr::int(0)])),
    ]);
    Ok(())
}

/// Turns each `commit; wait_group 0` in the body's sequences (not inside
/// inner loops, whose waits retire within one iteration of this one) into
/// `commit; wait_group depth; barrier`.
fn defer_in(body: &mut LStmt, depth: i64, deferred: &mut usize) {
    match body {
        LStmt::Block(b) => defer_in(&mut b.body, depth, deferred),
        LStmt::Seq(v) => {
            let mut i = 0;
            while i < v.len() {
                let after_commit = i > 0 && is_call(&v[i - 1], Intrinsic::WgmmaCommit, None);
                if after_commit && is_call(&v[i], Intrinsic::WgmmaWait, Some(0)) {
                    v[i] =
                        LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaWait, vec![Expr::int(depth)]));
                    v.insert(i + 1, LStmt::Sync);
                    *deferred += 1;
                    i += 2;
                } else {
                    defer_in(&mut v[i], depth, deferred);
                    i += 1;
                }
            }
        }
        _ => {}
    }
}

fn is_call(s: &LStmt, f: Intrinsic, first: Option<i64>) -> bool {
    match s {
        LStmt::Evaluate(Expr::Call(g, args)) => {
            *g == f && (first.is_none() || args.first().and_then(Expr::as_int) == first)
        }
        _ => false,
    }
}

/// Batches the wgmmas of every loop of nothing but synchronous wgmmas.
fn batch(mut f: Lowered) -> Lowered {
    f.body.rewrite(&mut |s| {
        let LStmt::For(l) = s else { return };
        if !matches!(l.kind, ForKind::Serial | ForKind::Unrolled) {
            return;
        }
        let Some(step) = sole_step(&mut l.body) else {
            return;
        };
        if !is_synchronous_wgmma(step) {
            return;
        }
        // Keep the wgmma alone in the loop.
        let mma = step.swap_remove(1);
        *step = vec![mma];
        let call = |f: Intrinsic, args: Vec<Expr>| LStmt::Evaluate(Expr::Call(f, args));
        let body = std::mem::replace(s, LStmt::Seq(Vec::new()));
        *s = LStmt::Seq(vec![
            call(Intrinsic::WgmmaFence, Vec::new()),
            body,
            call(Intrinsic::WgmmaCommit, Vec::new()),
            call(Intrinsic::WgmmaWait, vec![Expr::int(0)]),
        ]);
    });
    f
}

/// The statements of a loop body that is one sequence, under its blocks.
fn sole_step(body: &mut LStmt) -> Option<&mut Vec<LStmt>> {
    match body {
        LStmt::Block(b) => sole_step(&mut b.body),
        LStmt::Seq(v) => {
            if v.len() == 1 {
                v.first_mut().and_then(sole_step)
            } else {
                Some(v)
            }
        }
        _ => None,
    }
}

/// `fence; wgmma; commit; wait_group 0`, as `tensor_call` lowers a product.
fn is_synchronous_wgmma(step: &[LStmt]) -> bool {
    let call = |s: &LStmt| match s {
        LStmt::Evaluate(Expr::Call(f, args)) => Some((*f, args.first().and_then(Expr::as_int))),
        _ => None,
    };
    matches!(
        step.iter().map(call).collect::<Vec<_>>()[..],
        [
            Some((Intrinsic::WgmmaFence, _)),
            Some((Intrinsic::WgmmaMma, _)),
            Some((Intrinsic::WgmmaCommit, _)),
            Some((Intrinsic::WgmmaWait, Some(0))),
        ]
    )
}
