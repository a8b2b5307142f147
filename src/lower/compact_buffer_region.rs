//! CompactBufferAllocation: an intermediate buffer shrinks to the region that
//! is touched under its allocation point, and every access is shifted by the
//! region's start. A full-size `C_local` becomes the tile of one thread.
//!
//! TVM: src/tir/transforms/compact_buffer_region.cc. Loops inside the
//! allocation are relaxed over their whole range; thread-bound loops above it
//! are relaxed too when the buffer is visible to several of those threads
//! (shared: threadIdx and vthread; global: every thread axis), never for local.
//!
//! Invariant: works on `lir` after `plan_buffer_allocation`.

use super::index::{bounds, linear, relax, Linear, Ranges};
use super::lir::{rewrite_accesses, LStmt, Lowered};
use crate::ir::{BufferId, Expr, ForKind, StorageScope, ThreadAxis, VarId};

#[derive(Clone)]
struct Loop {
    var: VarId,
    range: Option<(i64, i64)>,
    thread: Option<ThreadAxis>,
}

pub fn run(mut f: Lowered) -> Lowered {
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    walk(&mut f, &mut body, &mut Vec::new());
    f.body = body;
    f
}

fn ranges_of(stack: &[Loop]) -> Ranges {
    stack
        .iter()
        .filter_map(|l| l.range.map(|r| (l.var, r)))
        .collect()
}

fn loop_of(l: &super::lir::LFor, outer: &[Loop]) -> Loop {
    let r = ranges_of(outer);
    let min = bounds(&linear(&l.min, &r), &r);
    let end = bounds(&linear(&Expr::add(l.min.clone(), l.extent.clone()), &r), &r);
    let range = match (min.0, end.1) {
        (Some(lo), Some(hi)) if hi > lo => Some((lo, hi - 1)),
        _ => None,
    };
    let thread = match l.kind {
        ForKind::ThreadBinding(a) => Some(a),
        _ => None,
    };
    Loop {
        var: l.var,
        range,
        thread,
    }
}

fn walk(f: &mut Lowered, s: &mut LStmt, stack: &mut Vec<Loop>) {
    match s {
        LStmt::For(l) => {
            stack.push(loop_of(l, stack));
            walk(f, &mut l.body, stack);
            stack.pop();
        }
        LStmt::Alloc(a) => {
            walk(f, &mut a.body, stack);
            compact_one(f, a.buffer, &mut a.body, stack);
        }
        _ => s.for_each_child_mut(|c| walk(f, c, stack)),
    }
}

/// Whether a thread loop above the allocation must be relaxed for this scope.
fn relaxes(scope: StorageScope, axis: ThreadAxis) -> bool {
    // TVM's NeedRelaxThread: a warp buffer spans the lanes of threadIdx.x.
    if scope == StorageScope::Warp {
        return axis == ThreadAxis::ThreadIdx(0);
    }
    match scope {
        StorageScope::Global => true,
        StorageScope::Shared | StorageScope::SharedDyn => !axis.is_block_idx(),
        _ => !scope.is_thread_private() && !axis.is_block_idx(),
    }
}

/// One access: its indices and the loops between the allocation and it.
struct Access {
    indices: Vec<Expr>,
    inner: Vec<Loop>,
    /// Ranges narrowed by the `if` conditions around the access (from `T.where`).
    narrow: Ranges,
}

struct Collector<'a> {
    b: BufferId,
    outer: &'a [Loop],
    out: Vec<Access>,
    lets: Vec<VarId>,
}

impl Collector<'_> {
    fn collect(&mut self, s: &LStmt, inner: &mut Vec<Loop>, narrow: &Ranges) {
        let b = self.b;
        let mut found: Vec<Vec<Expr>> = Vec::new();
        if let LStmt::Store(st) = s {
            if st.buffer == b {
                found.push(st.indices.clone());
            }
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x| {
                if let Expr::Load(lb, idx) = x {
                    if *lb == b {
                        found.push(idx.clone());
                    }
                }
                // A tensor call's operand is the base of a tile (16x16 for
                // WMMA, [32, 8] for a warp buffer, ...): its far corner is
                // accessed too.
                if let Expr::Call(f, args) = x {
                    for (i, a) in args.iter().enumerate() {
                        let ext = super::tensor_call::operand_extent(*f, i);
                        if let (Expr::Load(lb, idx), Some(ext)) = (a, ext) {
                            if *lb == b {
                                found.push(tile_corner(idx, ext));
                            }
                        }
                    }
                }
            })
        });
        for indices in found {
            self.out.push(Access {
                indices,
                inner: inner.clone(),
                narrow: narrow.clone(),
            });
        }
        match s {
            LStmt::For(l) => {
                let mut all = self.outer.to_vec();
                all.extend(inner.iter().cloned());
                inner.push(loop_of(l, &all));
                self.collect(&l.body, inner, narrow);
                inner.pop();
            }
            LStmt::Let(l) => {
                self.lets.push(l.var);
                self.collect(&l.body, inner, narrow);
            }
            LStmt::If(i) => {
                let mut base = ranges_of(self.outer);
                base.extend(ranges_of(inner));
                base.extend(narrow.iter().map(|(k, v)| (*k, *v)));
                let mut then_narrow = narrow.clone();
                then_narrow.extend(super::index::narrow(&i.cond, &base));
                self.collect(&i.then_case, inner, &then_narrow);
                if let Some(e) = &i.else_case {
                    self.collect(e, inner, narrow);
                }
            }
            _ => s.for_each_child(|c| self.collect(c, inner, narrow)),
        }
    }
}

fn compact_one(f: &mut Lowered, b: BufferId, body: &mut LStmt, outer: &[Loop]) {
    let buf = f.buffer(b).clone();
    if !buf.strides.is_empty() || buf.elem_offset.is_some() {
        return;
    }
    let Some(shape) = buf.const_shape() else {
        return;
    };
    let mut c = Collector {
        b,
        outer,
        out: Vec::new(),
        lets: Vec::new(),
    };
    c.collect(body, &mut Vec::new(), &Ranges::new());
    let (accesses, lets) = (c.out, c.lets);
    if accesses.is_empty() || accesses.iter().any(|a| a.indices.len() != shape.len()) {
        return;
    }
    let fixed_ranges = ranges_of(outer);
    let mut region: Vec<Option<(Linear, Linear)>> = vec![None; shape.len()];
    let mut usable = vec![true; shape.len()];
    for acc in &accesses {
        let mut all = fixed_ranges.clone();
        let mut relaxed = Ranges::new();
        for l in outer
            .iter()
            .filter(|l| l.thread.is_some_and(|a| relaxes(buf.scope, a)))
        {
            if let Some(r) = l.range {
                relaxed.insert(l.var, r);
            }
        }
        for l in &acc.inner {
            match l.range {
                Some(r) => {
                    relaxed.insert(l.var, r);
                    all.insert(l.var, r);
                }
                // A loop without constant bounds cannot be relaxed: keep the dimension whole.
                None => usable.iter_mut().for_each(|u| *u = false),
            }
        }
        for (v, r) in &acc.narrow {
            if let Some(x) = relaxed.get_mut(v) {
                *x = *r;
            }
            if let Some(x) = all.get_mut(v) {
                *x = *r;
            }
        }
        for (d, idx) in acc.indices.iter().enumerate() {
            let Some((lo, hi)) = relax(&linear(idx, &all), &relaxed, &all) else {
                usable[d] = false;
                continue;
            };
            let inner_var = |l: &Linear| {
                lets.iter().any(|v| l.uses_var(*v)) || relaxed.keys().any(|v| l.uses_var(*v))
            };
            if inner_var(&lo) || inner_var(&hi) {
                usable[d] = false;
                continue;
            }
            region[d] = Some(match region[d].take() {
                None => (lo, hi),
                Some((plo, phi)) => match (
                    pick(&plo, &lo, &fixed_ranges, true),
                    pick(&phi, &hi, &fixed_ranges, false),
                ) {
                    (Some(l), Some(h)) => (l, h),
                    _ => {
                        usable[d] = false;
                        (plo, phi)
                    }
                },
            });
        }
    }
    let mut offsets = Vec::with_capacity(shape.len());
    let mut new_shape = Vec::with_capacity(shape.len());
    let mut changed = false;
    for (d, &extent) in shape.iter().enumerate() {
        let dim = region[d]
            .as_ref()
            .filter(|_| usable[d])
            .and_then(|(lo, hi)| {
                let ext = hi.clone().add(lo, -1).as_const()?.checked_add(1)?;
                (ext > 0 && ext < extent).then(|| (lo.clone(), ext))
            });
        match dim {
            Some((lo, ext)) => {
                changed |= true;
                offsets.push(lo);
                new_shape.push(ext);
            }
            None => {
                offsets.push(Linear::constant(0));
                new_shape.push(extent);
            }
        }
    }
    if !changed {
        return;
    }
    f.buffers[b.0 as usize].shape = new_shape.into_iter().map(Expr::int).collect();
    rewrite_accesses(body, &mut |x, idx: &mut Vec<Expr>| {
        if x == b {
            for (e, off) in idx.iter_mut().zip(&offsets) {
                if off.terms.is_empty() && off.constant == 0 {
                    continue;
                }
                let l = linear(e, &Ranges::new()).add(off, -1);
                *e = l.to_expr();
            }
        }
        x
    });
}

/// The smaller (`min`) or larger of two symbolic bounds, when their order is provable.
fn pick(a: &Linear, b: &Linear, r: &Ranges, min: bool) -> Option<Linear> {
    let d = a.clone().add(b, -1);
    let (lo, hi) = bounds(&d, r);
    let a_le_b = hi.is_some_and(|h| h <= 0);
    let a_ge_b = lo.is_some_and(|l| l >= 0);
    match (min, a_le_b, a_ge_b) {
        (true, true, _) | (false, _, true) => Some(a.clone()),
        (true, _, true) | (false, true, _) => Some(b.clone()),
        _ => None,
    }
}

/// The last element of the (rows, cols) tile whose first element is `idx`.
fn tile_corner(idx: &[Expr], (rows, cols): (i64, i64)) -> Vec<Expr> {
    let rank = idx.len();
    idx.iter()
        .enumerate()
        .map(|(i, e)| {
            if i + 2 == rank {
                Expr::add(e.clone(), Expr::int(rows - 1))
            } else if i + 1 == rank {
                Expr::add(e.clone(), Expr::int(cols - 1))
            } else {
                e.clone()
            }
        })
        .collect()
}
