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

struct Access<'a> {
    buffer: BufferId,
    write: bool,
    /// The first index (`None`: the access has none, index 0).
    index: Option<&'a Expr>,
    /// Whether the stored value depends on the virtual thread (writes only).
    value_uses_thread: bool,
    index_uses_thread: bool,
    /// The constant ranges of the loops between the vthread loop and the
    /// access: an entry of `Collector::contexts`, shared by the accesses of
    /// one loop context (one copy each was most of collecting).
    inner: usize,
    /// Loops inside with bounds that are not constant.
    unknown_loop: bool,
}

/// The accesses of a loop body and the loop contexts they sit in.
struct Collector<'a, 't> {
    touched: &'t dyn Fn(&Expr) -> bool,
    out: Vec<Access<'a>>,
    /// The loops around the statement being read, as the map of their
    /// ranges would hold them (a loop of a variable already there replaces
    /// its entry, and leaving it removes the entry).
    loops: Vec<(VarId, i64, i64)>,
    /// Copies of `loops` that accesses refer to.
    contexts: Vec<Vec<(VarId, i64, i64)>>,
    /// The entry of `contexts` equal to `loops`, while it is.
    current: Option<usize>,
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
    let mut c = Collector {
        touched,
        out: Vec::new(),
        loops: Vec::new(),
        contexts: Vec::new(),
        current: None,
    };
    c.collect(body, false);
    let (out, contexts) = (c.out, c.contexts);
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
            let read = region(ctx, r, &contexts, &fixed);
            let covered = read.is_some_and(|read| {
                writes.iter().enumerate().any(|(i, w)| {
                    let write =
                        write_regions[i].get_or_insert_with(|| region(ctx, w, &contexts, &fixed));
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
fn region(
    ctx: TypeCtx,
    a: &Access,
    contexts: &[Vec<(VarId, i64, i64)>],
    fixed: &VarRanges,
) -> Option<(Expr, Expr)> {
    if a.unknown_loop {
        return None;
    }
    let loops = contexts.get(a.inner).map_or(&[][..], Vec::as_slice);
    let mut all = fixed.clone();
    all.extend(loops.iter().map(|&(v, lo, hi)| (v, const_range(lo, hi))));
    let inner: Vec<VarId> = loops.iter().map(|&(v, _, _)| v).collect();
    let zero = Expr::int(0);
    let index = a.index.unwrap_or(&zero);
    // A linear index relaxes term by term; only the values of its ends matter here.
    if let Some(ends) = relax_linear_i32(ctx, index, &inner, &all) {
        return Some(ends);
    }
    let r = relax_typed(ctx, index, &inner, &all)?;
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

impl<'a> Collector<'a, '_> {
    fn collect(&mut self, s: &'a LStmt, unknown: bool) {
        if let LStmt::Store(st) = s {
            self.push(
                st.buffer,
                true,
                st.indices.first(),
                Some(&st.value),
                unknown,
            );
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x| {
                if let Expr::Load(b, idx) = x {
                    self.push(*b, false, idx.first(), None, unknown);
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
                        self.current = None;
                        match self.loops.iter_mut().find(|(v, _, _)| *v == l.var) {
                            Some(entry) => *entry = (l.var, lo, hi),
                            None => self.loops.push((l.var, lo, hi)),
                        }
                        self.collect(&l.body, unknown);
                        self.current = None;
                        self.loops.retain(|(v, _, _)| *v != l.var);
                    }
                    None => self.collect(&l.body, true),
                }
            }
            _ => s.for_each_child(|c| self.collect(c, unknown)),
        }
    }

    fn push(
        &mut self,
        buffer: BufferId,
        write: bool,
        index: Option<&'a Expr>,
        value: Option<&Expr>,
        unknown_loop: bool,
    ) {
        let inner = match self.current {
            Some(i) => i,
            None => {
                self.contexts.push(self.loops.clone());
                let i = self.contexts.len() - 1;
                self.current = Some(i);
                i
            }
        };
        self.out.push(Access {
            buffer,
            write,
            index,
            value_uses_thread: value.is_some_and(self.touched),
            index_uses_thread: index.is_some_and(self.touched),
            inner,
            unknown_loop,
        })
    }
}
