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
//! Invariant: runs after `thread_binding` (the warpgroup's lane loop is
//! gone); moves wgmma fence/commit/wait calls only.

use super::lir::{LStmt, Lowered};
use crate::ir::{Expr, ForKind, Intrinsic};

pub fn run(mut f: Lowered) -> Lowered {
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
