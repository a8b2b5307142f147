//! Proofs about expressions over symbolic extents: `i < n` where a loop runs
//! `i` over `[0, n)` and `n` is a shape variable of the function.
//!
//! The simplifier's comparisons use constant bounds, which a symbolic extent
//! does not have; TVM still proves these (the analyzer relaxes `i` to its
//! symbolic range). Here the difference of the two sides is relaxed over the
//! ranged variables and its symbolic low end simplified: a non-negative
//! constant proves the comparison. Sound: the low end of a relaxation is a
//! lower bound (`bound::relax` over-approximates).
//!
//! Used only where an expression or a range involved is symbolic, so programs
//! with constant shapes keep exactly the simplifier's answers.

use super::bound::{relax, VarRanges};
use super::simplify_with;
use crate::ir::{BinOp, Expr, VarId};

/// True when some variable of `e` has no range (a shape variable) or a
/// range with a non-constant min or extent.
pub fn is_symbolic(e: &Expr, ranges: &VarRanges) -> bool {
    e.mentions(&|v| match ranges.get(&v) {
        None => true,
        Some(r) => r.min.as_int().is_none() || r.extent.as_int().is_none(),
    })
}

/// Proves `a <= b` for every value of the ranged variables, `a` and `b`
/// symbolic in the unranged ones. False means "not proven".
pub fn prove_le(a: &Expr, b: &Expr, ranges: &VarRanges) -> bool {
    let (a, b) = (simplify_with(a, ranges), simplify_with(b, ranges));
    if prove_nonneg(&Expr::sub(b.clone(), a.clone()), ranges) {
        return true;
    }
    // Relaxation does not see through a division by a shape variable (a
    // loop fused over `32 * n` and split again by `n`): TVM's rules, for a
    // positive divisor `d` (an extent; a zero one runs no iteration).
    match (&a, &b) {
        // x % d <= d - 1.
        (Expr::Binary(BinOp::FloorMod, _, d), _) if is_positive_size(d, ranges) => prove_nonneg(
            &Expr::sub(b.clone(), Expr::sub((**d).clone(), Expr::int(1))),
            ranges,
        ),
        // x // d <= c when x <= (c + 1) * d - 1.
        (Expr::Binary(BinOp::FloorDiv, x, d), Expr::Int(c, _)) if is_positive_size(d, ranges) => {
            c.checked_add(1).is_some_and(|c1| {
                let top = Expr::sub(Expr::mul(Expr::int(c1), (**d).clone()), Expr::int(1));
                prove_le(x, &top, ranges)
            })
        }
        // 0 <= x // d and 0 <= x % d when 0 <= x.
        (Expr::Int(c, _), Expr::Binary(BinOp::FloorDiv | BinOp::FloorMod, x, d))
            if *c <= 0 && is_positive_size(d, ranges) =>
        {
            prove_nonneg(x, ranges)
        }
        _ => false,
    }
}

/// A symbolic divisor these rules accept: a shape variable (no range: a
/// size, never negative, and a zero one leaves the loops that divide by it
/// empty) or an expression proven at least 1.
fn is_positive_size(d: &Expr, ranges: &VarRanges) -> bool {
    match d {
        Expr::Int(..) => false,
        Expr::Var(v) => !ranges.contains_key(v),
        _ => prove_nonneg(&Expr::sub(d.clone(), Expr::int(1)), ranges),
    }
}

/// Proves `e >= 0` as `prove_le` does.
pub fn prove_nonneg(e: &Expr, ranges: &VarRanges) -> bool {
    let e = simplify_with(e, ranges);
    if let Some(v) = e.as_int() {
        return v >= 0;
    }
    let mut vars: Vec<VarId> = Vec::new();
    e.visit(&mut |x| {
        if let Expr::Var(v) = x {
            if ranges.contains_key(v) && !vars.contains(v) {
                vars.push(*v);
            }
        }
    });
    // A range's own bounds may use another ranged variable (an inner loop
    // under a symbolic outer extent): relaxing repeatedly reaches the
    // unranged variables, a few rounds at most.
    let mut low = e;
    for _ in 0..4 {
        if vars.is_empty() {
            break;
        }
        let Some(r) = relax(&low, &vars, ranges) else {
            return false;
        };
        low = simplify_with(&r.min, ranges);
        if let Some(v) = low.as_int() {
            return v >= 0;
        }
        vars.retain(|v| low.mentions(&|x| x == *v));
    }
    low.as_int().is_some_and(|v| v >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Range;

    fn var(i: u32) -> Expr {
        Expr::Var(VarId(i))
    }

    #[test]
    fn a_loop_under_its_symbolic_extent_is_below_it() {
        // i over [0, n): i < n, i.e. i <= n - 1, and 0 <= i.
        let (i, n) = (var(0), var(1));
        let mut ranges = VarRanges::new();
        ranges.insert(VarId(0), Range::from_extent(n.clone()));
        assert!(prove_le(&i, &Expr::sub(n.clone(), Expr::int(1)), &ranges));
        assert!(prove_le(&Expr::int(0), &i, &ranges));
        assert!(!prove_le(&i, &Expr::sub(n.clone(), Expr::int(2)), &ranges));
        assert!(is_symbolic(&i, &ranges));
    }

    #[test]
    fn a_tiled_symbolic_extent_is_proven_per_tile() {
        // k over [0, n), a over [0, 32): k * 32 + a < n * 32.
        let (k, a, n) = (var(0), var(1), var(2));
        let mut ranges = VarRanges::new();
        ranges.insert(VarId(0), Range::from_extent(n.clone()));
        ranges.insert(VarId(1), Range::from_extent(Expr::int(32)));
        let value = Expr::add(Expr::mul(k, Expr::int(32)), a);
        let hi = Expr::sub(Expr::mul(n, Expr::int(32)), Expr::int(1));
        assert!(prove_le(&value, &hi, &ranges));
        assert!(!prove_le(&value, &Expr::sub(hi, Expr::int(1)), &ranges));
    }

    #[test]
    fn a_fused_symbolic_extent_divides_back_into_its_parts() {
        // f over [0, 32 * n): f // n <= 31, f % n <= n - 1, 0 <= f // n.
        let (f, n) = (var(0), var(1));
        let mut ranges = VarRanges::new();
        ranges.insert(
            VarId(0),
            Range::from_extent(Expr::mul(Expr::int(32), n.clone())),
        );
        let div = Expr::floordiv(f.clone(), n.clone());
        let rem = Expr::floormod(f, n.clone());
        assert!(prove_le(&div, &Expr::int(31), &ranges));
        assert!(!prove_le(&div, &Expr::int(30), &ranges));
        assert!(prove_le(&rem, &Expr::sub(n, Expr::int(1)), &ranges));
        assert!(prove_le(&Expr::int(0), &div, &ranges));
    }
}
