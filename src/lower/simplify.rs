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
use crate::arith::{simplify_kernel, TypeCtx, VarRanges};
use crate::ir::{Expr, ForKind, Range};

pub fn run(mut f: Lowered) -> Lowered {
    let mut ranges = f.thread_ranges();
    let body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    let body = simplify_stmt(&f, body, &mut ranges);
    f.body = body;
    f
}

/// Simplifies one statement tree; `ranges` holds the enclosing loops.
pub fn simplify_stmt(f: &Lowered, s: LStmt, ranges: &mut VarRanges) -> LStmt {
    let simp = |e: &Expr, r: &VarRanges| simplify_kernel(TypeCtx::of(&f.vars, &f.buffers), e, r);
    match s {
        LStmt::For(mut l) => {
            l.min = simp(&l.min, ranges);
            l.extent = simp(&l.extent, ranges);
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
            i.cond = simp(&i.cond, ranges);
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
            st.indices = st.indices.iter().map(|e| simp(e, ranges)).collect();
            st.value = simp(&st.value, ranges);
            LStmt::Store(st)
        }
        LStmt::Let(mut l) => {
            l.value = simp(&l.value, ranges);
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
                LStmt::Evaluate(simp(&e, ranges))
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
