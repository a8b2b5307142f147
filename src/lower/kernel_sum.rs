//! Int32 linear sums of variables as lowered kernels write them (largest
//! scale first: `ty * 64 + k * 16 + tx + 4`), read and written without the
//! general affine machinery: most indices of a kernel are such sums, and
//! simplifying them through `arith` was much of lowering (issue 13).
//!
//! Invariant: agrees with `arith::simplify_kernel` on every expression it
//! accepts (property-tested in `simplify_tests.rs`); anything else is `None`
//! or `false`, for the simplifier to decide.

use crate::arith::affine::Kind;
use crate::arith::{Affine, TypeCtx};
use crate::ir::{BinOp, DataType, Expr, VarId};

/// `simplify_kernel(ctx, e, _)` of an expression its int32 fast path reads
/// (`linear_i32_sum`: `+`, `-`, `*` over int32 literals and int32
/// variables, every `*` with a literal operand, the magnitudes of its
/// numbers within int32), which depends on the coefficients only: each
/// variable's summed, the zero ones dropped, sorted into kernel order.
/// `None` for anything else.
pub fn kernel_linear(ctx: TypeCtx, e: &Expr) -> Option<Expr> {
    if !matches!(e, Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..)) {
        return None;
    }
    let mut sum = Sum::default();
    let bound = sum.read(ctx, e, 1)?;
    if bound > i32::MAX as u64 {
        return None;
    }
    sum.terms.retain(|(_, k)| *k != 0);
    sum.terms
        .sort_by_key(|&(v, k)| (k < 0, std::cmp::Reverse(k.unsigned_abs()), v.0));
    let form = Affine {
        terms: sum
            .terms
            .into_iter()
            .map(|(v, k)| (Expr::Var(v), k))
            .collect(),
        constant: sum.constant,
    };
    Some(form.into_expr_typed(DataType::I32))
}

/// Coefficients of variables and the constant, summed as read.
#[derive(Default)]
struct Sum {
    terms: Vec<(VarId, i64)>,
    constant: i64,
}

impl Sum {
    /// Adds `k * e`; returns `linear_bound(e)` (literals count at least 1,
    /// variables 1, sums add, products multiply), `None` where it has none.
    fn read(&mut self, ctx: TypeCtx, e: &Expr, k: i64) -> Option<u64> {
        match e {
            Expr::Int(v, DataType::I32) => {
                self.constant = self.constant.checked_add(v.checked_mul(k)?)?;
                Some(v.unsigned_abs().max(1))
            }
            Expr::Var(v) => {
                if !int32_var(ctx, *v) {
                    return None;
                }
                match self.terms.iter_mut().find(|(x, _)| x == v) {
                    Some((_, c)) => *c = c.checked_add(k)?,
                    None => self.terms.push((*v, k)),
                }
                Some(1)
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let kb = if *op == BinOp::Add {
                    k
                } else {
                    k.checked_neg()?
                };
                let ba = self.read(ctx, a, k)?;
                Some(ba.saturating_add(self.read(ctx, b, kb)?))
            }
            Expr::Binary(BinOp::Mul, a, b) => match (&**a, &**b) {
                (_, Expr::Int(c, DataType::I32)) => {
                    let ba = self.read(ctx, a, k.checked_mul(*c)?)?;
                    Some(ba.saturating_mul(c.unsigned_abs().max(1)))
                }
                (Expr::Int(c, DataType::I32), _) => {
                    let bb = self.read(ctx, b, k.checked_mul(*c)?)?;
                    Some(c.unsigned_abs().max(1).saturating_mul(bb))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// An integer variable that is int32 or untyped (`linear_i32_sum`'s).
fn int32_var(ctx: TypeCtx, v: VarId) -> bool {
    let e = Expr::Var(v);
    ctx.kind(&e) == Kind::Int && matches!(ctx.int_dtype(&e), None | Some(DataType::I32))
}

/// Whether `e` is an int32 linear sum of distinct variables exactly as
/// `simplify_kernel` prints one: `v * k` (or `v` for 1) terms, the largest
/// scale first, subtracted terms after the added ones, equal scales by
/// variable id, then a nonzero constant; the first term added, every
/// literal int32 and the sum of the magnitudes within int32 (what
/// `linear_i32_sum` reads without overflow).
pub fn kernel_ordered_sum(ctx: TypeCtx, e: &Expr) -> bool {
    kernel_sum_parts(ctx, e).is_some()
}

/// The terms (variable id, coefficient) of a `kernel_ordered_sum`, in the
/// order written (which is `to_affine`'s), and its constant.
pub fn kernel_sum_parts(ctx: TypeCtx, e: &Expr) -> Option<(Vec<(u32, i64)>, i64)> {
    let mut terms: Vec<(u32, i64)> = Vec::new();
    let mut magnitude: u64 = 0;
    let constant = read_sum(ctx, e, &mut terms, &mut magnitude)?;
    if magnitude > i32::MAX as u64 {
        return None;
    }
    let first_added = terms.first().is_some_and(|&(_, k)| k > 0);
    let key = |&(v, k): &(u32, i64)| (k < 0, std::cmp::Reverse(k.unsigned_abs()), v);
    let ordered = first_added && terms.windows(2).all(|w| key(&w[0]) < key(&w[1]));
    ordered.then_some((terms, constant))
}

/// Reads the terms and the trailing constant of a sum (see
/// `kernel_ordered_sum`): `x + c` or `x - c` with `c > 0` ends it.
fn read_sum(
    ctx: TypeCtx,
    e: &Expr,
    terms: &mut Vec<(u32, i64)>,
    magnitude: &mut u64,
) -> Option<i64> {
    if let Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) = e {
        if let Expr::Int(c, DataType::I32) = **b {
            *magnitude = magnitude.saturating_add(c.unsigned_abs());
            let read = c > 0 && read_terms(ctx, a, terms, magnitude);
            return read.then_some(if *op == BinOp::Add { c } else { -c });
        }
    }
    read_terms(ctx, e, terms, magnitude).then_some(0)
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
    if !int32_var(ctx, *var) || terms.iter().any(|(x, _)| *x == var.0) {
        return false;
    }
    *magnitude = magnitude.saturating_add(k.unsigned_abs());
    terms.push((var.0, sign * k));
    true
}

/// `largest_scale_first` of an int32 form's expression (`to_expr_typed`)
/// for a form of distinct int32 variables whose
/// numbers fit int32: reading it back gives the same terms, which ordering
/// sorts (largest scale first, subtracted after added, then by variable
/// id) and prints; `None` for any other form.
pub fn sorted_var_sum(ctx: TypeCtx, f: &Affine, dtype: DataType) -> Option<Expr> {
    let fits = |k: i64| i32::try_from(k).is_ok();
    let mut terms: Vec<(VarId, i64)> = Vec::with_capacity(f.terms.len());
    for (atom, k) in &f.terms {
        let Expr::Var(v) = atom else { return None };
        // int32 variables: the printed sum is typed int32 (`index_dtype`).
        if !int32_var(ctx, *v) || *k == 0 || !fits(*k) || terms.iter().any(|(x, _)| x == v) {
            return None;
        }
        terms.push((*v, *k));
    }
    if dtype != DataType::I32 || !fits(f.constant) {
        return None;
    }
    terms.sort_by_key(|&(v, k)| (k < 0, std::cmp::Reverse(k.unsigned_abs()), v.0));
    let sorted = Affine {
        terms: terms.into_iter().map(|(v, k)| (Expr::Var(v), k)).collect(),
        constant: f.constant,
    };
    Some(sorted.into_expr_typed(dtype))
}
