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

use super::kernel_sum::{kernel_div_linear, kernel_linear};
use super::lir::{rewrite_accesses, LStmt, Lowered};
use crate::arith::bound::Bounder;
use crate::arith::order::{add_simplified, largest_scale_first_owned, relax_linear_i32};
use crate::arith::{
    const_bounds_typed, const_range, relax_typed, simplified_bounds, simplify_kernel, Affine,
    TypeCtx, VarRanges,
};
use crate::ir::{BufferId, Expr, ForKind, StorageScope, ThreadAxis, VarId};
use std::borrow::Cow;

/// Per dimension, the first and last element touched (`None`: unbounded).
type DimBounds = Vec<Option<(Expr, Expr)>>;

#[derive(Clone, PartialEq)]
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

fn ranges_of(stack: &[Loop]) -> VarRanges {
    stack
        .iter()
        .filter_map(|l| l.range.map(|(lo, hi)| (l.var, const_range(lo, hi))))
        .collect()
}

/// The loop with constant bounds of its whole range over the loops around
/// it (`outer`, then `inner`).
fn loop_of(ctx: TypeCtx, l: &super::lir::LFor, outer: &[Loop], inner: &[Loop]) -> Loop {
    let range = match (l.min.as_int(), l.extent.as_int()) {
        (Some(m), Some(e)) if e > 0 => m.checked_add(e - 1).map(|hi| (m, hi)),
        (Some(_), Some(_)) => None,
        // Symbolic bounds (not simplified yet): bounded over the loops around.
        _ => {
            let mut r = ranges_of(outer);
            r.extend(ranges_of(inner));
            let min = const_bounds_typed(ctx, &l.min, &r);
            let end = const_bounds_typed(ctx, &Expr::add(l.min.clone(), l.extent.clone()), &r);
            match (min, end) {
                (Some((lo, _)), Some((_, hi))) if hi > lo => Some((lo, hi - 1)),
                _ => None,
            }
        }
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
            stack.push(loop_of(f.type_ctx(), l, stack, &[]));
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
struct Access<'a> {
    /// As written, or the far corner of a tensor call's tile.
    indices: Cow<'a, [Expr]>,
    inner: Vec<Loop>,
    /// Ranges narrowed by the `if` conditions around the access (from `T.where`).
    narrow: VarRanges,
}

struct Collector<'a, 'b> {
    ctx: TypeCtx<'a>,
    b: BufferId,
    outer: &'a [Loop],
    out: Vec<Access<'b>>,
    lets: Vec<VarId>,
}

impl<'b> Collector<'_, 'b> {
    fn collect(&mut self, s: &'b LStmt, inner: &mut Vec<Loop>, narrow: &VarRanges) {
        let b = self.b;
        // A region declared by annotate_buffer_access stands for the block's
        // accesses (checked to hold them): its two corners bound the buffer.
        if let LStmt::Block(blk) = s {
            if let Some((_, region)) = blk.explicit.iter().find(|(x, _)| *x == b) {
                let lo: Vec<Expr> = region.iter().map(|r| r.min.clone()).collect();
                let hi: Vec<Expr> = region
                    .iter()
                    .map(|r| {
                        let last = Expr::sub(r.extent.clone(), Expr::int(1));
                        crate::arith::simplify::simplify(&Expr::add(r.min.clone(), last))
                    })
                    .collect();
                for corner in [lo, hi] {
                    self.out.push(Access {
                        indices: Cow::Owned(corner),
                        inner: inner.clone(),
                        narrow: narrow.clone(),
                    });
                }
                return;
            }
        }
        let mut found: Vec<Cow<'b, [Expr]>> = Vec::new();
        if let LStmt::Store(st) = s {
            if st.buffer == b {
                found.push(Cow::Borrowed(&st.indices));
            }
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x| {
                if let Expr::Load(lb, idx) = x {
                    if *lb == b {
                        found.push(Cow::Borrowed(idx));
                    }
                }
                // A tensor call's operand is the base of a tile (16x16 for
                // WMMA, [32, 8] for a warp buffer, ...): its far corner is
                // accessed too.
                if let Expr::Call(f, args) = x {
                    for (i, a) in args.iter().enumerate() {
                        let Expr::Load(lb, idx) = a else { continue };
                        let dtype = self
                            .ctx
                            .types
                            .map_or(crate::ir::DataType::F16, |(_, bufs)| {
                                bufs[lb.0 as usize].dtype
                            });
                        let ext = super::tensor_call::operand_extent(*f, args, i, dtype);
                        if let Some(ext) = ext {
                            if *lb == b {
                                found.push(Cow::Owned(tile_corner(idx, ext)));
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
                let this = loop_of(self.ctx, l, self.outer, inner);
                inner.push(this);
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
                base.extend(narrow.iter().map(|(k, v)| (*k, v.clone())));
                let mut then_narrow = narrow.clone();
                then_narrow.extend(crate::arith::narrow(self.ctx, &i.cond, &base));
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
    let ctx = TypeCtx::of(&f.vars, &f.buffers);
    let mut c = Collector {
        ctx,
        b,
        outer,
        out: Vec::new(),
        lets: Vec::new(),
    };
    c.collect(body, &mut Vec::new(), &VarRanges::new());
    let (accesses, lets) = (c.out, c.lets);
    if accesses.is_empty() || accesses.iter().any(|a| a.indices.len() != shape.len()) {
        return;
    }
    let fixed_ranges = ranges_of(outer);
    let mut region: Vec<Option<(Expr, Expr)>> = vec![None; shape.len()];
    let mut usable = vec![true; shape.len()];
    // Relaxing is most of this pass: an access that repeats an earlier one
    // (a read-modify-write `C[i] = C[i] + ...`) reuses its bounds.
    let mut relaxed: Vec<(usize, DimBounds)> = Vec::new();
    for (n, acc) in accesses.iter().enumerate() {
        if acc.inner.iter().any(|l| l.range.is_none()) {
            // A loop without constant bounds cannot be relaxed: keep the dimension whole.
            usable.iter_mut().for_each(|u| *u = false);
        }
        let same = |(m, _): &(usize, DimBounds)| {
            let earlier = &accesses[*m];
            earlier.indices == acc.indices
                && earlier.inner == acc.inner
                && earlier.narrow == acc.narrow
        };
        let at = match relaxed.iter().position(same) {
            Some(i) => i,
            None => {
                let b = relax_access(ctx, &buf, acc, outer, &fixed_ranges, &lets);
                relaxed.push((n, b));
                relaxed.len() - 1
            }
        };
        for (d, bound) in relaxed[at].1.iter().enumerate() {
            let Some((lo, hi)) = bound else {
                usable[d] = false;
                continue;
            };
            region[d] = Some(match region[d].take() {
                None => (lo.clone(), hi.clone()),
                Some((plo, phi)) => match (
                    pick(ctx, &plo, lo, &fixed_ranges, true),
                    pick(ctx, &phi, hi, &fixed_ranges, false),
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
    let Some((offsets, new_shape)) = compacted_shape(ctx, &shape, &region, &usable) else {
        return;
    };
    f.buffers[b.0 as usize].shape = new_shape.into_iter().map(Expr::int).collect();
    let ctx = TypeCtx::of(&f.vars, &f.buffers);
    // Most indices recur (`C[i] = C[i] + ...`, a copy in and the reads of
    // it): each distinct (dimension, index) is shifted and simplified once.
    let mut shifted: Vec<(usize, Expr, Expr)> = Vec::new();
    rewrite_accesses(body, &mut |x, idx: &mut Vec<Expr>| {
        if x == b {
            for (d, (e, off)) in idx.iter_mut().zip(&offsets).enumerate() {
                if off.as_int() == Some(0) {
                    continue;
                }
                if let Some((_, _, done)) = shifted.iter().find(|(k, old, _)| *k == d && old == e) {
                    *e = done.clone();
                    continue;
                }
                // Indices are not simplified yet at this point of the pipeline.
                // The old index moves into the difference and back out as the key.
                let diff = Expr::sub(std::mem::replace(e, Expr::int(0)), off.clone());
                *e = kernel_linear(ctx, &diff)
                    .or_else(|| kernel_div_linear(ctx, &diff))
                    .unwrap_or_else(|| simplify_kernel(ctx, &diff, &VarRanges::new()));
                if let Expr::Binary(_, old, _) = diff {
                    shifted.push((d, *old, e.clone()));
                }
            }
        }
        x
    });
}

/// Each dimension's offset and new extent: the accessed `region` where it is
/// `usable` and smaller than the old extent, else 0 and the old extent.
/// `None` when no dimension shrinks.
fn compacted_shape(
    ctx: TypeCtx<'_>,
    shape: &[i64],
    region: &[Option<(Expr, Expr)>],
    usable: &[bool],
) -> Option<(Vec<Expr>, Vec<i64>)> {
    let mut offsets = Vec::with_capacity(shape.len());
    let mut new_shape = Vec::with_capacity(shape.len());
    let mut changed = false;
    for (d, &extent) in shape.iter().enumerate() {
        let dim = region[d]
            .as_ref()
            .filter(|_| usable[d])
            .and_then(|(lo, hi)| {
                let ext = add_simplified(ctx, hi, lo, -1).as_int()?.checked_add(1)?;
                (ext > 0 && ext < extent).then(|| (lo.clone(), ext))
            });
        match dim {
            Some((lo, ext)) => {
                changed |= true;
                offsets.push(lo);
                new_shape.push(ext);
            }
            None => {
                offsets.push(Expr::int(0));
                new_shape.push(extent);
            }
        }
    }
    changed.then_some((offsets, new_shape))
}

/// The first and last element an access touches in each dimension, with the
/// thread loops above that share the buffer and every loop inside the
/// allocation relaxed; `None` where a dimension cannot be bounded.
fn relax_access(
    ctx: TypeCtx,
    buf: &crate::ir::Buffer,
    acc: &Access,
    outer: &[Loop],
    fixed_ranges: &VarRanges,
    lets: &[VarId],
) -> DimBounds {
    // Relaxed: thread loops above that share the buffer, and every loop
    // inside the allocation (whose ranges join the fixed ones).
    let mut all = fixed_ranges.clone();
    let mut relaxed_vars: Vec<VarId> = outer
        .iter()
        .filter(|l| l.range.is_some() && l.thread.is_some_and(|a| relaxes(buf.scope, a)))
        .map(|l| l.var)
        .collect();
    for l in &acc.inner {
        if let Some((lo, hi)) = l.range {
            relaxed_vars.push(l.var);
            all.insert(l.var, const_range(lo, hi));
        }
    }
    for (v, r) in &acc.narrow {
        if let Some(x) = all.get_mut(v) {
            *x = r.clone();
        }
    }
    let inner_var = |e: &Expr| {
        let mut found = false;
        e.visit(&mut |x| {
            if let Expr::Var(v) = x {
                found |= lets.contains(v) || relaxed_vars.contains(v);
            }
        });
        found
    };
    acc.indices
        .iter()
        .map(|idx| {
            // Most indices are linear sums of loop variables: their ends
            // follow term by term, without the general relaxation.
            let (lo, hi) = match relax_linear_i32(ctx, idx, &relaxed_vars, &all) {
                Some(ends) => ends,
                None => {
                    let r = relax_typed(ctx, idx, &relaxed_vars, &all)?;
                    // `relax` simplifies its ends under the ranges.
                    let last = add_simplified(ctx, &r.extent, &Expr::int(1), -1);
                    let hi = add_simplified(ctx, &r.min, &last, 1);
                    (largest_scale_first_owned(ctx, r.min), hi)
                }
            };
            (!inner_var(&lo) && !inner_var(&hi)).then_some((lo, hi))
        })
        .collect()
}

/// The smaller (`min`) or larger of two symbolic bounds, when their order is provable.
fn pick(ctx: TypeCtx, a: &Expr, b: &Expr, r: &VarRanges, min: bool) -> Option<Expr> {
    // The bounds of `a - b` through its affine form (what bounding the
    // difference reads), without copying both trees into one. Equal bounds
    // (most accesses share theirs) differ by the zero form, which bounds
    // to 0, wherever negating the form does not overflow.
    let fa = ctx.to_affine(a);
    let diff = match fa {
        Some(fa) if a == b => {
            let negates = |k: &i64| *k != i64::MIN;
            (negates(&fa.constant) && fa.terms.iter().all(|(_, k)| negates(k)))
                .then(|| Affine::constant(0))
        }
        fa => fa
            .zip(ctx.to_affine(b))
            .and_then(|(fa, fb)| fa.add_owned(fb.scale_owned(-1)?)),
    };
    let d = match diff {
        Some(f) => Bounder::new(r, ctx).affine(&f, 0),
        None => simplified_bounds(ctx, &Expr::sub(a.clone(), b.clone()), r),
    };
    let a_le_b = d.is_some_and(|(_, hi)| hi <= 0);
    let a_ge_b = d.is_some_and(|(lo, _)| lo >= 0);
    match (min, a_le_b, a_ge_b) {
        (true, true, _) | (false, _, true) => Some(a.clone()),
        (true, _, true) | (false, true, _) => Some(b.clone()),
        _ => None,
    }
}

/// The last element of the tile (its trailing `extents`) whose first element is `idx`.
fn tile_corner(idx: &[Expr], extents: Vec<i64>) -> Vec<Expr> {
    // A buffer of fewer axes than the tile covers its trailing ones.
    let extents = &extents[extents.len().saturating_sub(idx.len())..];
    let lead = idx.len().saturating_sub(extents.len());
    idx.iter()
        .enumerate()
        .map(
            |(i, e)| match i.checked_sub(lead).and_then(|k| extents.get(k)) {
                Some(&x) => Expr::add(e.clone(), Expr::int(x - 1)),
                None => e.clone(),
            },
        )
        .collect()
}
