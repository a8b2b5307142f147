//! Simplify: every expression is rewritten under the ranges of the loops and
//! thread indices around it, so flattened indices read as affine sums
//! (`ko * 16 + tx * 4`), provable conditions disappear, and loops of one
//! iteration become their body.
//!
//! TVM: the Simplify pass (arith::Analyzer with loop ranges in scope) and the
//! unit-loop removal of LowerOpaqueBlock / RemoveNoOp.
//!
//! Invariant: works on `lir`; never changes what the program computes.

use super::lir::{LStmt, Lowered};
use crate::arith::affine::Kind;
use crate::arith::{simplify_kernel, TypeCtx, VarRanges};
use crate::ir::{BinOp, DataType, Expr, ForKind, Range};

pub fn run(mut f: Lowered) -> Lowered {
    let mut ranges = f.thread_ranges();
    let body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    let body = simplify_stmt(&f, body, &mut ranges);
    f.body = body;
    f
}

/// `simplify_kernel(ctx, &e, ranges)`, without rebuilding what it would
/// give back as it is: most of a lowered kernel is written in kernel form
/// already, and rebuilding it was most of this pass (issue 13). A load, and
/// a float `+`, `-`, `*` of loads (a multiply-add), keep their shape under
/// the simplifier (nothing folds a load, nor a float operation on
/// non-literals): only their indices are simplified, as the simplifier
/// itself would, one by one. A settled index (`settled`) is kept.
pub fn simplify_owned(ctx: TypeCtx, e: Expr, ranges: &VarRanges) -> Expr {
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => e,
        Expr::Load(b, mut idx) => {
            for i in &mut idx {
                *i = simplify_owned(ctx, std::mem::replace(i, Expr::int(0)), ranges);
            }
            Expr::Load(b, idx)
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), mut a, mut b)
            if float_shape(ctx, &a) && float_shape(ctx, &b) =>
        {
            *a = simplify_owned(ctx, std::mem::replace(&mut *a, Expr::int(0)), ranges);
            *b = simplify_owned(ctx, std::mem::replace(&mut *b, Expr::int(0)), ranges);
            Expr::Binary(op, a, b)
        }
        e if kernel_ordered_sum(ctx, &e) => e,
        e => simplify_kernel(ctx, &e, ranges),
    }
}

/// A float load, or a float `+`, `-`, `*` of such: no literal, so the
/// simplifier neither folds it with another operand nor drops it as an
/// identity (`x * 1`), whatever its indices are.
fn float_shape(ctx: TypeCtx, e: &Expr) -> bool {
    match e {
        Expr::Load(..) => ctx.kind(e) == Kind::Float,
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, a, b) => {
            float_shape(ctx, a) && float_shape(ctx, b)
        }
        _ => false,
    }
}

/// Whether `simplify_kernel` gives `e` back as it is, whatever the ranges:
/// literals and variables; loads at settled indices; `+`, `-`, `*` of two
/// float operands that are no literals (loads, or such sums and products),
/// which nothing folds; and int32 sums already in kernel form
/// (`kernel_ordered_sum`). `false` says nothing.
pub fn settled(ctx: TypeCtx, e: &Expr) -> bool {
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => true,
        Expr::Load(_, idx) => idx.iter().all(|i| settled(ctx, i)),
        Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, a, b) => {
            (float_operand(ctx, a) && float_operand(ctx, b)) || kernel_ordered_sum(ctx, e)
        }
        _ => false,
    }
}

/// A settled float expression that is no literal: the simplifier neither
/// folds it with another operand nor drops it as an identity (`x * 1`).
fn float_operand(ctx: TypeCtx, e: &Expr) -> bool {
    matches!(e, Expr::Load(..) | Expr::Binary(..)) && ctx.kind(e) == Kind::Float && settled(ctx, e)
}

/// Whether `e` is an int32 linear sum of distinct variables exactly as
/// `simplify_kernel` prints one: `v * k` (or `v` for 1) terms, the largest
/// scale first, subtracted terms after the added ones, equal scales by
/// variable id, then a nonzero constant; the first term added, every
/// literal int32 and the sum of the magnitudes within int32 (what
/// `linear_i32_sum` reads without overflow).
fn kernel_ordered_sum(ctx: TypeCtx, e: &Expr) -> bool {
    let mut terms: Vec<(u32, i64)> = Vec::new();
    let mut magnitude: u64 = 0;
    if !read_sum(ctx, e, &mut terms, &mut magnitude) || magnitude > i32::MAX as u64 {
        return false;
    }
    let first_added = terms.first().is_some_and(|&(_, k)| k > 0);
    let key = |&(v, k): &(u32, i64)| (k < 0, std::cmp::Reverse(k.unsigned_abs()), v);
    first_added && terms.windows(2).all(|w| key(&w[0]) < key(&w[1]))
}

/// Reads the terms and the trailing constant of a sum (see
/// `kernel_ordered_sum`): `x + c` or `x - c` with `c > 0` ends it.
fn read_sum(ctx: TypeCtx, e: &Expr, terms: &mut Vec<(u32, i64)>, magnitude: &mut u64) -> bool {
    if let Expr::Binary(BinOp::Add | BinOp::Sub, a, b) = e {
        if let Expr::Int(c, DataType::I32) = **b {
            *magnitude = magnitude.saturating_add(c.unsigned_abs());
            return c > 0 && read_terms(ctx, a, terms, magnitude);
        }
    }
    read_terms(ctx, e, terms, magnitude)
}

/// The terms of a chain without a constant.
fn read_terms(ctx: TypeCtx, e: &Expr, terms: &mut Vec<(u32, i64)>, magnitude: &mut u64) -> bool {
    match e {
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let sign = if *op == BinOp::Add { 1 } else { -1 };
            read_terms(ctx, a, terms, magnitude) && read_term(ctx, b, sign, terms, magnitude)
        }
        _ => read_term(ctx, e, 1, terms, magnitude),
    }
}

/// One term: an int32 variable, or one times an int32 literal of at least 2.
fn read_term(
    ctx: TypeCtx,
    e: &Expr,
    sign: i64,
    terms: &mut Vec<(u32, i64)>,
    magnitude: &mut u64,
) -> bool {
    let (var, k) = match e {
        Expr::Var(v) => (v, 1),
        Expr::Binary(BinOp::Mul, a, b) => match (&**a, &**b) {
            (Expr::Var(v), Expr::Int(k, DataType::I32)) if *k >= 2 => (v, *k),
            _ => return false,
        },
        _ => return false,
    };
    let var_expr = Expr::Var(*var);
    let int32 = ctx.kind(&var_expr) == Kind::Int
        && matches!(ctx.int_dtype(&var_expr), None | Some(DataType::I32));
    if !int32 || terms.iter().any(|(x, _)| *x == var.0) {
        return false;
    }
    *magnitude = magnitude.saturating_add(k.unsigned_abs());
    terms.push((var.0, sign * k));
    true
}

/// Simplifies one statement tree; `ranges` holds the enclosing loops.
pub fn simplify_stmt(f: &Lowered, s: LStmt, ranges: &mut VarRanges) -> LStmt {
    let simp = |e: Expr, r: &VarRanges| simplify_owned(TypeCtx::of(&f.vars, &f.buffers), e, r);
    match s {
        LStmt::For(mut l) => {
            l.min = simp(std::mem::replace(&mut l.min, Expr::int(0)), ranges);
            l.extent = simp(std::mem::replace(&mut l.extent, Expr::int(0)), ranges);
            let ext = l.extent.as_int();
            if ext.is_some_and(|e| e <= 0) {
                return LStmt::Seq(Vec::new());
            }
            if ext == Some(1) && !matches!(l.kind, ForKind::ThreadBinding(_)) {
                let var = l.var;
                let value = l.min.clone();
                let mut body = l.body;
                body.substitute(&|v| (v == var).then(|| value.clone()));
                return simplify_stmt(f, body, ranges);
            }
            // The loop's own range, symbolic or not: bounds follow a min
            // that names outer loops through their ranges.
            let saved = ranges.insert(l.var, Range::new(l.min.clone(), l.extent.clone()));
            l.body = simplify_stmt(f, l.body, ranges);
            match saved {
                Some(r) => ranges.insert(l.var, r),
                None => ranges.remove(&l.var),
            };
            if l.body.is_empty_seq() {
                return LStmt::Seq(Vec::new());
            }
            LStmt::For(l)
        }
        LStmt::If(mut i) => {
            i.cond = simp(std::mem::replace(&mut i.cond, Expr::int(0)), ranges);
            match i.cond.as_bool() {
                Some(true) => simplify_stmt(f, i.then_case, ranges),
                Some(false) => match i.else_case {
                    Some(e) => simplify_stmt(f, e, ranges),
                    None => LStmt::Seq(Vec::new()),
                },
                None => {
                    i.then_case = simplify_stmt(f, i.then_case, ranges);
                    i.else_case = i.else_case.map(|e| simplify_stmt(f, e, ranges));
                    LStmt::If(i)
                }
            }
        }
        LStmt::Seq(v) => LStmt::seq(
            v.into_iter()
                .map(|c| simplify_stmt(f, c, ranges))
                .filter(|c| !c.is_empty_seq())
                .collect(),
        ),
        LStmt::Store(mut st) => {
            for e in &mut st.indices {
                *e = simp(std::mem::replace(e, Expr::int(0)), ranges);
            }
            st.value = simp(std::mem::replace(&mut st.value, Expr::int(0)), ranges);
            LStmt::Store(st)
        }
        LStmt::Let(mut l) => {
            l.value = simp(std::mem::replace(&mut l.value, Expr::int(0)), ranges);
            l.body = simplify_stmt(f, l.body, ranges);
            LStmt::Let(l)
        }
        LStmt::Alloc(mut a) => {
            a.body = simplify_stmt(f, a.body, ranges);
            LStmt::Alloc(a)
        }
        LStmt::Block(mut b) => {
            b.body = simplify_stmt(f, b.body, ranges);
            if b.body.is_empty_seq() {
                return LStmt::Seq(Vec::new());
            }
            LStmt::Block(b)
        }
        LStmt::Evaluate(e) => {
            // A constant evaluates to nothing.
            if matches!(e, Expr::Int(..) | Expr::Float(..)) {
                LStmt::Seq(Vec::new())
            } else {
                LStmt::Evaluate(simp(e, ranges))
            }
        }
        LStmt::Async(b) => {
            let body = simplify_stmt(f, *b, ranges);
            if body.is_empty_seq() {
                return body;
            }
            LStmt::Async(Box::new(body))
        }
        s @ (LStmt::Sync | LStmt::AsyncCommit | LStmt::AsyncWait(_)) => s,
    }
}

#[cfg(test)]
#[path = "simplify_tests.rs"]
mod tests;
