//! Whether the iterations of a vthread loop are independent, so that
//! `inject_virtual_thread` may interleave them statement by statement and
//! give each virtual thread its own copy of the buffers it writes.
//!
//! TVM assumes this (its compute_at never relaxes a region over the target's
//! own virtual thread). tirtui checks it: a virtual thread that reads an
//! element another virtual thread wrote (a region relaxed over the vthread
//! loop), or several virtual threads writing one element with different
//! values, would read the wrong copy or keep the wrong value once
//! interleaved, and threads that read what other threads have not written
//! yet race. Lowering refuses such a loop, naming the buffer.
//!
//! Invariant: pure analysis of flat `lir`; proves or says "no".

use super::super::lir::{LStmt, Lowered};
use crate::arith::order::relax_linear_i32;
use crate::arith::{const_bounds_typed, const_range, relax_typed, TypeCtx, VarRanges};
use crate::ir::IdSet;
use crate::ir::{BufferId, Expr, VarId};
use std::collections::BTreeMap;

struct Access {
    buffer: BufferId,
    write: bool,
    index: Expr,
    /// Whether the stored value depends on the virtual thread (writes only).
    value_uses_thread: bool,
    index_uses_thread: bool,
    /// Constant ranges of the loops between the vthread loop and the access.
    inner: VarRanges,
    /// Loops inside with bounds that are not constant.
    unknown_loop: bool,
}

/// Ok when every read of a buffer the loop body also writes stays within
/// what the same virtual thread writes, and no buffer allocated outside is
/// written by several virtual threads at one element with different values;
/// else the buffer at fault.
/// `fixed` holds the ranges of the variables outside the loop (thread indices).
pub fn independent(
    f: &Lowered,
    body: &LStmt,
    var: VarId,
    range: (i64, i64),
    fixed: &VarRanges,
    touched: &dyn Fn(&Expr) -> bool,
) -> Result<(), BufferId> {
    let ctx = f.type_ctx();
    let mut out = Vec::new();
    collect(body, &mut VarRanges::new(), false, touched, &mut out);
    let mut allocated = IdSet::default();
    body.visit(&mut |s| {
        if let LStmt::Alloc(a) = s {
            allocated.insert(a.buffer);
        }
    });
    let mut fixed = fixed.clone();
    fixed.insert(var, const_range(range.0, range.1));
    let mut by_buffer: BTreeMap<BufferId, (Vec<&Access>, Vec<&Access>)> = BTreeMap::new();
    for a in &out {
        let e = by_buffer.entry(a.buffer).or_default();
        if a.write {
            e.0.push(a);
        } else {
            e.1.push(a);
        }
    }
    // Reads of another virtual thread's writes first: they name the buffer
    // whose region is at fault (a shared output written by all follows from it).
    for (b, (writes, reads)) in &by_buffer {
        // Writes that do not depend on the virtual thread put the same values
        // in the same places whichever virtual thread runs first.
        if !writes
            .iter()
            .any(|w| w.value_uses_thread || w.index_uses_thread)
        {
            continue;
        }
        // Each write's region once, not once per read: relaxing is most of the check.
        let mut write_regions: Vec<Option<Option<(Expr, Expr)>>> = vec![None; writes.len()];
        for r in reads {
            let read = region(ctx, r, &fixed);
            let covered = read.is_some_and(|read| {
                writes.iter().enumerate().any(|(i, w)| {
                    let write = write_regions[i].get_or_insert_with(|| region(ctx, w, &fixed));
                    write
                        .as_ref()
                        .is_some_and(|write| contains(ctx, write, &read, &fixed))
                })
            });
            if !covered {
                return Err(*b);
            }
        }
    }
    for (b, (writes, _)) in &by_buffer {
        // One element written by every virtual thread with a different value.
        let shared_target = writes
            .iter()
            .any(|w| w.value_uses_thread && !w.index_uses_thread);
        if !allocated.contains(b) && shared_target {
            return Err(*b);
        }
    }
    Ok(())
}

/// The elements one access touches for one virtual thread: `[lo, hi]`.
fn region(ctx: TypeCtx, a: &Access, fixed: &VarRanges) -> Option<(Expr, Expr)> {
    if a.unknown_loop {
        return None;
    }
    let mut all = fixed.clone();
    all.extend(a.inner.iter().map(|(k, v)| (*k, v.clone())));
    let inner: Vec<VarId> = a.inner.keys().copied().collect();
    // A linear index relaxes term by term; only the values of its ends matter here.
    if let Some(ends) = relax_linear_i32(ctx, &a.index, &inner, &all) {
        return Some(ends);
    }
    let r = relax_typed(ctx, &a.index, &inner, &all)?;
    let hi = Expr::sub(Expr::add(r.min.clone(), r.extent), Expr::int(1));
    Some((r.min, hi))
}

/// The elements one virtual thread reads (`read`) lie within those it writes (`write`).
fn contains(ctx: TypeCtx, write: &(Expr, Expr), read: &(Expr, Expr), fixed: &VarRanges) -> bool {
    let (wlo, whi) = write;
    let (rlo, rhi) = read;
    let le = |a: &Expr, b: &Expr| {
        const_bounds_typed(ctx, &Expr::sub(a.clone(), b.clone()), fixed)
            .is_some_and(|(_, hi)| hi <= 0)
    };
    le(wlo, rlo) && le(rhi, whi)
}

fn collect(
    s: &LStmt,
    inner: &mut VarRanges,
    unknown: bool,
    touched: &dyn Fn(&Expr) -> bool,
    out: &mut Vec<Access>,
) {
    let mut push = |buffer: BufferId, write: bool, index: Option<&Expr>, value: Option<&Expr>| {
        out.push(Access {
            buffer,
            write,
            index: index.cloned().unwrap_or(Expr::int(0)),
            value_uses_thread: value.is_some_and(touched),
            index_uses_thread: index.is_some_and(touched),
            inner: inner.clone(),
            unknown_loop: unknown,
        })
    };
    if let LStmt::Store(st) = s {
        push(st.buffer, true, st.indices.first(), Some(&st.value));
    }
    s.for_each_expr(|e| {
        e.visit(&mut |x| {
            if let Expr::Load(b, idx) = x {
                push(*b, false, idx.first(), None);
            }
        })
    });
    match s {
        LStmt::For(l) => {
            let range = match (l.min.as_int(), l.extent.as_int()) {
                (Some(m), Some(e)) if e > 0 => m.checked_add(e - 1).map(|hi| (m, hi)),
                _ => None,
            };
            match range {
                Some((lo, hi)) => {
                    inner.insert(l.var, const_range(lo, hi));
                    collect(&l.body, inner, unknown, touched, out);
                    inner.remove(&l.var);
                }
                None => collect(&l.body, inner, true, touched, out),
            }
        }
        _ => s.for_each_child(|c| collect(c, inner, unknown, touched, out)),
    }
}
