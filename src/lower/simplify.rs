//! Simplify: every expression is rewritten under the ranges of the loops and
//! thread indices around it, so flattened indices read as affine sums
//! (`ko * 16 + tx * 4`), provable conditions disappear, and loops of one
//! iteration become their body.
//!
//! TVM: the Simplify pass (arith::Analyzer with loop ranges in scope) and the
//! unit-loop removal of LowerOpaqueBlock / RemoveNoOp.
//!
//! Invariant: works on `lir`; never changes what the program computes.

use super::kernel_sum::{
    kernel_div_linear, kernel_linear, kernel_ordered_div_sum, kernel_ordered_sum,
};
use super::lir::{LStmt, Lowered};
use crate::arith::affine::Kind;
use crate::arith::{simplify_kernel, TypeCtx, VarRanges};
use crate::ir::{BinOp, Expr, ForKind, Range};

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
        e => match kernel_linear(ctx, &e) {
            Some(linear) => linear,
            None if kernel_ordered_div_sum(ctx, &e, ranges) => e,
            // Without ranges nothing narrows a division (`flatten_buffer`).
            None => ranges
                .is_empty()
                .then(|| kernel_div_linear(ctx, &e))
                .flatten()
                .unwrap_or_else(|| simplify_kernel(ctx, &e, ranges)),
        },
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
