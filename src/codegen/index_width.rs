//! Whether a kernel needs 64-bit index arithmetic.
//!
//! CUDA's `int` is 32 bits: a buffer of more than 2^31 - 1 elements, a loop
//! bound past that, or an index whose value can pass it would wrap (and fault,
//! or silently touch the wrong element). TVM then types the index
//! expressions int64; tirtui does the same for the whole kernel: thread
//! indices and loop variables become `long long`.
//!
//! Invariant: pure analysis of a lowered program; decides nothing else.

use crate::arith::{simplified_bounds, TypeCtx, VarRanges};
use crate::ir::{Expr, Range};
use crate::lower::flatten_buffer::alloc_size;
use crate::lower::lir::{LStmt, Lowered};

fn fits(v: i64) -> bool {
    i32::try_from(v).is_ok()
}

/// True when some buffer, loop bound or index of `f` may leave the i32 range.
pub fn needs_64bit(f: &Lowered) -> bool {
    for p in &f.params {
        let Some(b) = p.buffer else { continue };
        let elements = f
            .buffer(b)
            .const_shape()
            .and_then(|s| s.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d)));
        if elements.is_none_or(|n| !fits(n)) {
            return true;
        }
    }
    let mut ranges = f.thread_ranges();
    wide_stmt(f, &f.body, &mut ranges)
}

/// Whether every value of the index fits in 32 bits. An index without bounds
/// (a loaded one) is taken to stay inside its buffer, whose size is checked.
fn index_fits(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> bool {
    // Literals, variables and loads bound directly; sums in kernel form term by term.
    let parts = match e {
        Expr::Binary(..) => crate::lower::kernel_sum::kernel_sum_parts(ctx, e),
        _ => None,
    };
    let bounds = match parts {
        Some((terms, constant)) => sum_bounds(ctx, &terms, constant, ranges),
        None => simplified_bounds(ctx, e, ranges),
    };
    bounds.is_none_or(|(lo, hi)| fits(lo) && fits(hi))
}

/// `simplified_bounds` of a sum in kernel form, read term by term as it
/// reads the sum's affine form (the same terms in the same order, each a
/// variable bounded alone), without building that form.
fn sum_bounds(
    ctx: TypeCtx,
    terms: &[(u32, i64)],
    constant: i64,
    ranges: &VarRanges,
) -> Option<(i64, i64)> {
    let mut res = (constant, constant);
    for &(v, k) in terms {
        let (lo, hi) = simplified_bounds(ctx, &Expr::Var(crate::ir::VarId(v)), ranges)?;
        let (a, b) = (lo.checked_mul(k)?, hi.checked_mul(k)?);
        res = (res.0.checked_add(a.min(b))?, res.1.checked_add(a.max(b))?);
    }
    Some(res)
}

fn wide_expr(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> bool {
    let mut wide = false;
    e.visit(&mut |x| match x {
        Expr::Int(v, _) => wide |= !fits(*v),
        Expr::Load(_, idx) => wide |= idx.iter().any(|i| !index_fits(ctx, i, ranges)),
        _ => {}
    });
    wide
}

fn wide_stmt(f: &Lowered, s: &LStmt, ranges: &mut VarRanges) -> bool {
    let ctx = f.type_ctx();
    let mut wide = false;
    if let LStmt::Store(st) = s {
        wide |= st.indices.iter().any(|i| !index_fits(ctx, i, ranges));
    }
    if let LStmt::Alloc(a) = s {
        wide |= alloc_size(f.buffer(a.buffer)).is_none_or(|n| !fits(n));
    }
    s.for_each_expr(|e| wide |= wide_expr(ctx, e, ranges));
    if wide {
        return true;
    }
    match s {
        LStmt::For(l) => {
            let end = l
                .min
                .as_int()
                .zip(l.extent.as_int())
                .and_then(|(m, e)| m.checked_add(e));
            if end.is_some_and(|e| !fits(e)) {
                return true;
            }
            let saved = ranges.insert(l.var, Range::new(l.min.clone(), l.extent.clone()));
            let inner = wide_stmt(f, &l.body, ranges);
            match saved {
                Some(r) => ranges.insert(l.var, r),
                None => ranges.remove(&l.var),
            };
            inner
        }
        _ => {
            let mut inner = false;
            s.for_each_child(|c| inner = inner || wide_stmt(f, c, ranges));
            inner
        }
    }
}
