//! Whether a kernel needs 64-bit index arithmetic.
//!
//! CUDA's `int` is 32 bits: a buffer of more than 2^31 - 1 elements, a loop
//! bound past that, or an index whose value can pass it would wrap (and fault,
//! or silently touch the wrong element). TVM then types the index
//! expressions int64; tirtui does the same for the whole kernel: thread
//! indices and loop variables become `long long`.
//!
//! Invariant: pure analysis of a lowered program; decides nothing else.

use crate::ir::Expr;
use crate::lower::flatten_buffer::alloc_size;
use crate::lower::index::{expr_bounds, Ranges};
use crate::lower::lir::{LStmt, Lowered};

fn fits(v: i64) -> bool {
    i32::try_from(v).is_ok()
}

fn range_fits(r: (Option<i64>, Option<i64>)) -> bool {
    r.0.is_none_or(fits) && r.1.is_none_or(fits)
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
    let mut ranges = Ranges::new();
    if let Some(launch) = &f.launch {
        for &(axis, v) in &launch.thread_vars {
            let ext = match axis {
                crate::ir::ThreadAxis::BlockIdx(d) => launch.grid[d as usize % 3],
                crate::ir::ThreadAxis::ThreadIdx(d) => launch.block[d as usize % 3],
                crate::ir::ThreadAxis::VThread(_) => 1,
            };
            ranges.insert(v, (0, ext as i64 - 1));
        }
    }
    wide_stmt(f, &f.body, &mut ranges)
}

fn wide_expr(e: &Expr, ranges: &Ranges) -> bool {
    let mut wide = false;
    e.visit(&mut |x| match x {
        Expr::Int(v, _) => wide |= !fits(*v),
        Expr::Load(_, idx) => wide |= idx.iter().any(|i| !range_fits(expr_bounds(i, ranges))),
        _ => {}
    });
    wide
}

fn wide_stmt(f: &Lowered, s: &LStmt, ranges: &mut Ranges) -> bool {
    let mut wide = false;
    if let LStmt::Store(st) = s {
        wide |= st
            .indices
            .iter()
            .any(|i| !range_fits(expr_bounds(i, ranges)));
    }
    if let LStmt::Alloc(a) = s {
        wide |= alloc_size(f.buffer(a.buffer)).is_none_or(|n| !fits(n));
    }
    s.for_each_expr(|e| wide |= wide_expr(e, ranges));
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
            let saved = ranges.get(&l.var).copied();
            if let (Some(m), Some(e)) = (l.min.as_int(), l.extent.as_int()) {
                if e > 0 {
                    ranges.insert(l.var, (m, m.saturating_add(e - 1)));
                }
            }
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
