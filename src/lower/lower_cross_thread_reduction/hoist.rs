//! In-thread + cross-thread reductions whose thread loop sits under serial
//! reduction loops (`for k_0: for k_1 in threadIdx.x: block`), as
//! MetaSchedule's CrossThreadReduction rule writes them: TVM's
//! LowerCrossThreadReduction wraps the in-thread reduction in the
//! thread-bound reduction loops, so every thread first reduces its share over
//! the serial loops into its own temporary, and then the threads combine
//! their partials once. Here the thread loop moves above the outermost
//! reduction loop, which turns the nest into the shape the rest of the pass
//! lowers (the thread loop the outermost reduction loop).
//!
//! Moving the thread loop only reorders the block's updates (a reduction is
//! taken as associative and commutative, as TVM takes it), so the loops it
//! moves across must hold nothing but the next loop of the chain and must
//! not drive a spatial iterator; TVM's own condition is the same: the
//! reduction-related loops are the deepest statements above the block.

use super::unsupported;
use crate::ir::{For, IterKind, LoopId, PrimFunc, Shared, Stmt, VarId};
use crate::lower::LowerError;

/// Checks that the thread loop (last of `chain`) may move above the first
/// loop of `chain` (the outermost reduction loop): every loop from there to
/// the thread loop drives a reduction iterator and no spatial one, each
/// holds only the next, and the thread loop's bounds do not use their
/// variables.
pub(super) fn check(
    func: &PrimFunc,
    block: &str,
    chain: &[&For],
    drives: &dyn Fn(VarId, IterKind) -> bool,
) -> Result<(), LowerError> {
    let Some((t, outer)) = chain.split_last() else {
        return Ok(());
    };
    let name = |l: &For| func.var_name(l.var).to_string();
    for (i, l) in outer.iter().enumerate() {
        let hint = match i {
            0 => "give the reduction loops of their own (a loop that drives a spatial iterator cannot run inside the thread loop)".to_string(),
            _ => format!(
                "move loop `{}` above loop `{}` (reorder), or make the thread loop the outermost reduction loop",
                name(l),
                name(outer[0])
            ),
        };
        if drives(l.var, IterKind::Spatial) || !drives(l.var, IterKind::Reduce) {
            let role = match drives(l.var, IterKind::Spatial) {
                true => "drives a spatial iterator",
                false => "drives no reduction iterator",
            };
            return Err(unsupported(
                block,
                format!(
                    "loop `{}` between the reduction loop `{}` and the thread loop `{}` {role}, so the reduction loops are not the innermost loops above the block (TVM's condition for an in-thread reduction before the cross-thread one): {hint}",
                    name(l),
                    name(outer[0]),
                    name(t)
                ),
            ));
        }
        let next = chain[i + 1];
        if !holds_only(&l.body, next.id) {
            return Err(unsupported(
                block,
                format!(
                    "loop `{}` holds other statements beside loop `{}`, so the thread loop `{}` cannot move above it: make the thread loop the outermost reduction loop (reorder)",
                    name(l),
                    name(next),
                    name(t)
                ),
            ));
        }
        if t.min.uses_var(l.var) || t.extent.uses_var(l.var) {
            return Err(unsupported(
                block,
                format!(
                    "the bounds of the thread loop `{}` use loop `{}`",
                    name(t),
                    name(l)
                ),
            ));
        }
    }
    Ok(())
}

/// Whether `body` is the loop `next` alone (possibly in a one-item Seq).
fn holds_only(body: &Stmt, next: LoopId) -> bool {
    match body {
        Stmt::For(l) => l.id == next,
        Stmt::Seq(v) => v.len() == 1 && holds_only(&v[0], next),
        _ => false,
    }
}

/// Moves the thread loop `thread` above the loop `outer` (which holds it
/// through a chain `check` accepted): `outer`'s slot gets the thread loop,
/// whose body is the chain without it.
pub(super) fn apply(func: &mut PrimFunc, outer: LoopId, thread: LoopId) -> Result<(), LowerError> {
    let vanished = || LowerError::Unsupported {
        what: "a cross-thread reduction loop vanished while moving the thread loop".into(),
    };
    let slot = crate::schedule::tree::loop_stmt_mut(&mut func.body, outer).ok_or_else(vanished)?;
    let mut chain = std::mem::replace(slot, Stmt::Seq(Vec::new()));
    let Some(thread_slot) = crate::schedule::tree::loop_stmt_mut(&mut chain, thread) else {
        *slot = chain;
        return Err(vanished());
    };
    let Stmt::For(t) = std::mem::replace(thread_slot, Stmt::Seq(Vec::new())) else {
        *slot = chain;
        return Err(vanished());
    };
    let mut t = t.into_inner();
    *thread_slot = std::mem::replace(&mut t.body, Stmt::Seq(Vec::new()));
    t.body = chain;
    *slot = Stmt::For(Shared::new(t));
    Ok(())
}
