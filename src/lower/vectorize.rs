//! VectorizeLoop: a vectorized loop stays one only when CUDA can do it as one
//! vector access: a single store whose index is contiguous in the lane, aligned
//! to the vector width, whose loads are contiguous or lane-invariant, with 4, 8
//! or 16 bytes per access. Any other vectorized loop becomes an unrolled loop.
//!
//! TVM: src/tir/transforms/vectorize_loop.cc (which builds Ramp/Broadcast
//! nodes; here codegen asks `analyze` again on the final indices instead).
//!
//! Invariant: works on flat `lir` (one index per access).

use super::kernel_sum::{kernel_ordered_div_sum, kernel_ordered_sum, sorted_var_sum};
use super::lir::{LFor, LStmt, LStore, Lowered};
use crate::arith::{lane_split, modular, simplify_typed, Affine, TypeCtx, VarRanges};
use crate::ir::{DataType, Expr, ForKind, Range, VarId};

/// How one vectorized loop maps onto a vector access.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorPlan {
    pub lanes: i64,
    /// The store's index at lane 0.
    pub store_base: Expr,
    /// The value is one contiguous load of the stored type: its index at lane 0.
    pub copy_from: Option<Expr>,
}

/// The store a vectorized loop body consists of (block markers are transparent).
pub fn single_store(s: &LStmt) -> Option<&LStore> {
    match s {
        LStmt::Store(st) => Some(st),
        LStmt::Block(b) => single_store(&b.body),
        LStmt::Seq(v) if v.len() == 1 => single_store(&v[0]),
        _ => None,
    }
}

/// Whether C has a vector type for `lanes` elements of `t` (4, 8 or 16 bytes).
pub fn vector_bytes_ok(t: DataType, lanes: i64) -> bool {
    let bytes = t.bytes() as i64 * lanes;
    t != DataType::Bool && lanes > 1 && matches!(bytes, 4 | 8 | 16)
}

/// Whether the computed (non-copy) form can be written with `make_<type><n>`.
pub fn lanewise_ok(t: DataType, lanes: i64) -> bool {
    matches!(
        (t, lanes),
        (DataType::F32 | DataType::I32, 2 | 4) | (DataType::F64, 2)
    )
}

fn aligned(ctx: TypeCtx, base: &Affine, lanes: i64) -> bool {
    let (g, r) = modular(ctx, base);
    r.rem_euclid(lanes) == 0 && (g == 0 || g % lanes == 0)
}

/// The vector plan for `l`, or `None` when it must be a scalar loop.
pub fn analyze(f: &Lowered, l: &LFor, ranges: &VarRanges) -> Option<VectorPlan> {
    analyze_in(f, l, &mut ranges.clone())
}

/// `analyze` with the lane's range put into `ranges` for the analysis and
/// taken out again (no copy of the map per loop).
pub fn analyze_in(f: &Lowered, l: &LFor, ranges: &mut VarRanges) -> Option<VectorPlan> {
    plan_in(f, l, ranges, true)
}

fn plan_in(f: &Lowered, l: &LFor, ranges: &mut VarRanges, write: bool) -> Option<VectorPlan> {
    let lanes = l.extent.as_int()?;
    if l.min.as_int() != Some(0) {
        return None;
    }
    let saved = ranges.insert(l.var, Range::from_extent(Expr::int(lanes)));
    let plan = plan(f, l, lanes, ranges, write);
    match saved {
        Some(r) => ranges.insert(l.var, r),
        None => ranges.remove(&l.var),
    };
    plan
}

/// `analyze` of a loop of `lanes` iterations from 0, the lane in `r`.
/// Without `write`, the plan's indices are left 0: whether there is a plan
/// does not depend on them (the pass asks only that).
fn plan(f: &Lowered, l: &LFor, lanes: i64, r: &VarRanges, write: bool) -> Option<VectorPlan> {
    let st = single_store(&l.body)?;
    let dtype = f.buffer(st.buffer).dtype;
    if !vector_bytes_ok(dtype, lanes) || st.indices.len() != 1 {
        return None;
    }
    let lane = l.var;
    let ctx = f.type_ctx();
    // `base + stride * lane`, each index simplified under the loops around
    // it (a sum in kernel form is its own simplification).
    let split = |e: &Expr| {
        let simplified;
        let e = if kernel_ordered_sum(ctx, e) || kernel_ordered_div_sum(ctx, e, r) {
            e
        } else {
            simplified = simplify_typed(ctx, e, r);
            &simplified
        };
        let form = ctx.to_affine(e)?;
        // Only where the plain split fails, so that every index planned
        // before keeps its printed form.
        let (base, stride) = lane_split(ctx, &form, lane, lanes, r).or_else(|| {
            let joined = ctx.recombine_congruent_div_mod(form.clone());
            lane_split(ctx, &joined, lane, lanes, r)
        })?;
        Some((base, stride, ctx.index_dtype(e)))
    };
    let (base, stride, dtype_i) = split(&st.indices[0])?;
    if stride != 1 || !aligned(ctx, &base, lanes) {
        return None;
    }
    let order = |form: &Affine, t: DataType| {
        if write {
            kernel_order(ctx, form, t)
        } else {
            Expr::int(0)
        }
    };
    let store_base = order(&base, dtype_i);
    // A plain copy: one contiguous, aligned load of the same type.
    if let Expr::Load(src, idx) = &st.value {
        if f.buffer(*src).dtype == dtype && idx.len() == 1 {
            if let Some((b, 1, t)) = split(&idx[0]) {
                if aligned(ctx, &b, lanes) {
                    return Some(VectorPlan {
                        lanes,
                        store_base,
                        copy_from: Some(order(&b, t)),
                    });
                }
            }
        }
    }
    // Lane by lane: the lane may appear only inside load indices.
    if !lanewise_ok(dtype, lanes) || uses_outside_loads(&st.value, lane) {
        return None;
    }
    Some(VectorPlan {
        lanes,
        store_base,
        copy_from: None,
    })
}

fn uses_outside_loads(e: &Expr, v: VarId) -> bool {
    match e {
        Expr::Var(x) => *x == v,
        Expr::Load(..) => false,
        _ => {
            let mut found = false;
            e.for_each_child(|c| found |= uses_outside_loads(c, v));
            found
        }
    }
}

/// A lane-0 index written as lowering writes indices.
fn kernel_order(ctx: TypeCtx, f: &Affine, dtype: DataType) -> Expr {
    if let Some(e) = sorted_var_sum(ctx, f, dtype) {
        return e;
    }
    crate::arith::order::largest_scale_first_owned(ctx, f.to_expr_typed(dtype))
}

pub fn run(mut f: Lowered) -> Lowered {
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    let mut ranges = f.thread_ranges();
    walk(&f, &mut body, &mut ranges);
    f.body = body;
    f
}

fn walk(f: &Lowered, s: &mut LStmt, ranges: &mut VarRanges) {
    if let LStmt::For(l) = s {
        ranges.insert(l.var, Range::new(l.min.clone(), l.extent.clone()));
        if l.kind == ForKind::Vectorized && plan_in(f, l, ranges, false).is_none() {
            l.kind = ForKind::Unrolled;
        }
    }
    s.for_each_child_mut(|c| walk(f, c, ranges));
}
