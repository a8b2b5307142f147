//! Bounds of integer expressions: constant interval bounds, symbolic relaxation
//! of variables over their ranges (TVM's `EvalSet`), and proofs of conditions.
//!
//! TVM: src/arith/const_int_bound.cc, src/arith/int_set.cc.
//! Invariant: knows only `ir`; every result is a sound over-approximation,
//! and anything it cannot bound gives `None` rather than a guess.

use std::ops::{Deref, DerefMut};

use super::affine::{floor_div, floor_mod, Affine, TypeCtx};
use super::simplify::{simplify_typed, simplify_with};
use crate::ir::{BinOp, DataType, Expr, IdMap, Intrinsic, Range, VarId};

/// Known ranges of variables: min (an expression, often symbolic in outer loop vars) and extent.
/// A map (`HashMap`'s methods, through `Deref`) hashed with `FxHasher` (`ir::IdMap`):
/// bounds look ranges up at every variable, and SipHash was a tenth of replay.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VarRanges(IdMap<VarId, Range>);

impl VarRanges {
    pub fn new() -> VarRanges {
        VarRanges::default()
    }

    pub fn with_capacity(n: usize) -> VarRanges {
        VarRanges(IdMap::with_capacity_and_hasher(n, Default::default()))
    }
}

impl Deref for VarRanges {
    type Target = IdMap<VarId, Range>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for VarRanges {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl FromIterator<(VarId, Range)> for VarRanges {
    fn from_iter<I: IntoIterator<Item = (VarId, Range)>>(iter: I) -> VarRanges {
        VarRanges(iter.into_iter().collect())
    }
}

impl Extend<(VarId, Range)> for VarRanges {
    fn extend<I: IntoIterator<Item = (VarId, Range)>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
}

impl IntoIterator for VarRanges {
    type Item = (VarId, Range);
    type IntoIter = std::collections::hash_map::IntoIter<VarId, Range>;
    fn into_iter(mut self) -> Self::IntoIter {
        std::mem::take(&mut self.0).into_iter()
    }
}

/// Ranges are mostly literal bounds, which own nothing: they are let go
/// without a call to drop each (a map of every loop's range is built and
/// dropped several times a step).
impl Drop for VarRanges {
    fn drop(&mut self) {
        for (_, range) in self.0.drain() {
            let Range { min, extent } = range;
            let_go(min);
            let_go(extent);
        }
    }
}

/// Drops `e`, skipping the drop of a literal or variable (nothing to free).
fn let_go(e: Expr) {
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => std::mem::forget(e),
        other => drop(other),
    }
}

impl<'a> IntoIterator for &'a VarRanges {
    type Item = (&'a VarId, &'a Range);
    type IntoIter = std::collections::hash_map::Iter<'a, VarId, Range>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// How many variable-range hops bounds follow (a range's min may name another
/// variable); this also stops cycles in malformed input.
const MAX_RANGE_DEPTH: u32 = 16;

/// Constant integer bounds [lo, hi] (inclusive) of an integer expression given ranges
/// whose min and extent are constants (vars without a constant range make the result
/// None, unless they cancel).
pub fn const_bounds(e: &Expr, ranges: &VarRanges) -> Option<(i64, i64)> {
    let s = simplify_with(e, ranges);
    Bounder::new(ranges, TypeCtx::default()).bounds(&s)
}

/// True when `cond` (a boolean expr) is provably true for all values in `ranges`.
pub fn can_prove(cond: &Expr, ranges: &VarRanges) -> bool {
    simplify_with(cond, ranges).is_const_true()
}

/// Relaxes the variables in `relax` over their ranges and returns the covered range of
/// `e`: `min` simplified (symbolic in the other variables), `extent` constant when
/// possible. Affine expressions are exact; floordiv/floormod by a positive constant
/// are bounded conservatively. `None` when `e` cannot be bounded.
pub fn relax(e: &Expr, relax: &[VarId], ranges: &VarRanges) -> Option<Range> {
    relax_typed(TypeCtx::default(), e, relax, ranges)
}

/// Like `relax`, with the dtypes of a type context (integer loads in an index
/// are atoms then).
pub fn relax_typed(ctx: TypeCtx, e: &Expr, relax: &[VarId], ranges: &VarRanges) -> Option<Range> {
    Relaxer::new(relax, ranges, ctx).span(e, e)
}

/// Constant bounds of an expression that is simplified already (lowered
/// code): `const_bounds` without its simplification, so much cheaper. Sums
/// still cancel through their affine form.
pub fn simplified_bounds(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> Option<(i64, i64)> {
    Bounder::new(ranges, ctx).bounds(e)
}

/// Like `const_bounds`, with the dtypes of a type context.
pub fn const_bounds_typed(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> Option<(i64, i64)> {
    let s = simplify_typed(ctx, e, ranges);
    Bounder::new(ranges, ctx).bounds(&s)
}

/// The range of the values `lo..=hi` (constants; int64 literals where int32 cannot hold them).
pub fn const_range(lo: i64, hi: i64) -> Range {
    let lit = |v: i64| {
        let t = if i32::try_from(v).is_ok() {
            DataType::I32
        } else {
            DataType::I64
        };
        Expr::Int(v, t)
    };
    Range::new(lit(lo), lit(hi.saturating_sub(lo).saturating_add(1)))
}

/// Inclusive constant bounds `(lo, hi)` of a range with a constant min and a
/// positive constant extent.
pub fn const_interval(r: &Range) -> Option<(i64, i64)> {
    let (m, e) = (r.min.as_int()?, r.extent.as_int()?);
    (e > 0).then_some(())?;
    Some((m, m.checked_add(e - 1)?))
}

/// Constant interval bounds without simplifying first (the simplifier's own tool).
pub(crate) struct Bounder<'a> {
    ranges: &'a VarRanges,
    ctx: TypeCtx<'a>,
}

type Interval = (i64, i64);

fn hull(a: Interval, b: Interval) -> Interval {
    (a.0.min(b.0), a.1.max(b.1))
}

/// `[lo, hi] * c`.
fn scale(iv: Interval, c: i64) -> Option<Interval> {
    let a = iv.0.checked_mul(c)?;
    let b = iv.1.checked_mul(c)?;
    Some((a.min(b), a.max(b)))
}

/// The hull of `f` over the four corners of two intervals (for operators that are
/// monotone in each argument on the given domain).
fn corners(a: Interval, b: Interval, f: impl Fn(i64, i64) -> Option<i64>) -> Option<Interval> {
    let vals = [f(a.0, b.0)?, f(a.0, b.1)?, f(a.1, b.0)?, f(a.1, b.1)?];
    let lo = vals.iter().copied().min()?;
    let hi = vals.iter().copied().max()?;
    Some((lo, hi))
}

impl<'a> Bounder<'a> {
    pub(crate) fn new(ranges: &'a VarRanges, ctx: TypeCtx<'a>) -> Bounder<'a> {
        Bounder { ranges, ctx }
    }

    pub(crate) fn bounds(&self, e: &Expr) -> Option<Interval> {
        self.go(e, 0)
    }

    fn go(&self, e: &Expr, depth: u32) -> Option<Interval> {
        if let Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..) = e {
            // Through the affine form, so that `by*16 + yi - by*16` cancels.
            if let Some(aff) = self.ctx.to_affine(e) {
                let is_self_atom = aff.terms.len() == 1 && aff.terms[0].0 == *e;
                if !is_self_atom {
                    return self.affine(&aff, depth);
                }
            }
        }
        self.atom(e, depth)
    }

    pub(crate) fn affine(&self, aff: &Affine, depth: u32) -> Option<Interval> {
        let mut res = (aff.constant, aff.constant);
        for (atom, c) in &aff.terms {
            let t = scale(self.atom(atom, depth)?, *c)?;
            res = (res.0.checked_add(t.0)?, res.1.checked_add(t.1)?);
        }
        Some(res)
    }

    fn atom(&self, e: &Expr, depth: u32) -> Option<Interval> {
        match e {
            Expr::Int(v, _) => Some((*v, *v)),
            Expr::Var(v) => {
                let r = self.ranges.get(v)?;
                if depth >= MAX_RANGE_DEPTH {
                    return None;
                }
                let m = self.go(&r.min, depth + 1)?;
                let ext = self.go(&r.extent, depth + 1)?;
                if ext.1 < 1 {
                    return None;
                }
                Some((m.0, m.1.checked_add(ext.1 - 1)?))
            }
            Expr::Binary(op, a, b) => self.binary(*op, a, b, depth),
            Expr::Not(_) => Some((0, 1)),
            Expr::Select(_, a, b) => Some(hull(self.go(a, depth)?, self.go(b, depth)?)),
            Expr::Cast(t, a) if t.is_int() && self.ctx.is_int(a) => self.go(a, depth),
            Expr::Cast(t, _) if t.is_bool() => Some((0, 1)),
            Expr::Call(Intrinsic::IfThenElse, args) if args.len() == 3 => {
                Some(hull(self.go(&args[1], depth)?, self.go(&args[2], depth)?))
            }
            Expr::Call(Intrinsic::Likely, _) => Some((0, 1)),
            Expr::Call(Intrinsic::Abs, args) if args.len() == 1 && self.ctx.is_int(&args[0]) => {
                let (lo, hi) = self.go(&args[0], depth)?;
                let (alo, ahi) = (lo.checked_abs()?, hi.checked_abs()?);
                if lo <= 0 && hi >= 0 {
                    Some((0, alo.max(ahi)))
                } else {
                    Some((alo.min(ahi), alo.max(ahi)))
                }
            }
            _ => None,
        }
    }

    fn binary(&self, op: BinOp, a: &Expr, b: &Expr, depth: u32) -> Option<Interval> {
        if op.is_comparison() || op.is_logical() {
            return Some((0, 1));
        }
        if !(self.ctx.is_int(a) && self.ctx.is_int(b)) {
            return None;
        }
        let ib = self.go(b, depth)?;
        // floormod is bounded by the divisor even when the dividend is not.
        if op == BinOp::FloorMod && ib.0 > 0 {
            let fallback = (0, ib.1 - 1);
            return Some(match self.go(a, depth) {
                Some(ia) if ib.0 == ib.1 && floor_div(ia.0, ib.0) == floor_div(ia.1, ib.0) => {
                    (floor_mod(ia.0, ib.0)?, floor_mod(ia.1, ib.0)?)
                }
                Some(ia) if ia.0 >= 0 && ia.1 < ib.0 => ia,
                _ => fallback,
            });
        }
        if op == BinOp::FloorMod && ib.1 < 0 {
            return Some((ib.0 + 1, 0));
        }
        let ia = self.go(a, depth)?;
        let divisor_nonzero = ib.0 > 0 || ib.1 < 0;
        match op {
            BinOp::Add => Some((ia.0.checked_add(ib.0)?, ia.1.checked_add(ib.1)?)),
            BinOp::Sub => Some((ia.0.checked_sub(ib.1)?, ia.1.checked_sub(ib.0)?)),
            BinOp::Mul => corners(ia, ib, i64::checked_mul),
            BinOp::FloorDiv if divisor_nonzero => corners(ia, ib, floor_div),
            BinOp::Div if divisor_nonzero => corners(ia, ib, i64::checked_div),
            BinOp::Mod if divisor_nonzero => {
                // The result has the sign of the dividend and |r| < |divisor|.
                let m = ib.0.checked_abs()?.max(ib.1.checked_abs()?) - 1;
                if ia.0 >= 0 && ia.1 <= m && ib.0 == ib.1 {
                    Some(ia)
                } else {
                    let lo = if ia.0 >= 0 { 0 } else { ia.0.max(-m) };
                    let hi = if ia.1 <= 0 { 0 } else { ia.1.min(m) };
                    Some((lo, hi))
                }
            }
            BinOp::Min => Some((ia.0.min(ib.0), ia.1.min(ib.1))),
            BinOp::Max => Some((ia.0.max(ib.0), ia.1.max(ib.1))),
            _ => None,
        }
    }
}

/// Symbolic relaxation: inclusive `(lo, hi)` expressions of an expression whose
/// relaxed variables range over their domains.
pub(crate) struct Relaxer<'a> {
    relax: &'a [VarId],
    ranges: &'a VarRanges,
    ctx: TypeCtx<'a>,
}

impl<'a> Relaxer<'a> {
    pub(crate) fn new(relax: &'a [VarId], ranges: &'a VarRanges, ctx: TypeCtx<'a>) -> Relaxer<'a> {
        Relaxer { relax, ranges, ctx }
    }

    fn simp(&self, e: &Expr) -> Expr {
        simplify_typed(self.ctx, e, self.ranges)
    }

    fn uses_relaxed(&self, e: &Expr) -> bool {
        e.mentions(&|v| self.relax.contains(&v))
    }

    /// The range covered by `[lo_expr, hi_expr]` (inclusive) with the relaxed vars
    /// ranging: the low end of `lo_expr` to the high end of `hi_expr`.
    pub(crate) fn span(&self, lo_expr: &Expr, hi_expr: &Expr) -> Option<Range> {
        // Simplifying first (with the ranges) exposes structure, e.g. `(x*16 + i) % 16` is `i`.
        let lo_s = self.simp(lo_expr);
        // A point passes one expression as both ends: no need to compare them.
        let hi_s = if std::ptr::eq(lo_expr, hi_expr) || lo_expr == hi_expr {
            None
        } else {
            Some(self.simp(hi_expr))
        };
        let (lo, hi) = match hi_s {
            // One expression (a point access, or a range of extent 1 once
            // simplified): relaxed once.
            None => self.relaxed_ends(lo_s)?,
            Some(hi_s) if hi_s == lo_s => self.relaxed_ends(lo_s)?,
            Some(hi_s) => (
                self.relaxed_end(lo_s, false)?,
                self.relaxed_end(hi_s, true)?,
            ),
        };
        let extent = self.simp(&Expr::add(Expr::sub(hi, lo.clone()), Expr::int(1)));
        Some(Range::new(lo, extent))
    }

    /// The simplified low and high ends of a simplified expression over the
    /// relaxed variables. One without relaxed variables is its own ends: the
    /// simplifier is idempotent (a tested property), so simplifying it again
    /// would give it back.
    fn relaxed_ends(&self, simplified: Expr) -> Option<(Expr, Expr)> {
        if !self.uses_relaxed(&simplified) {
            return Some((simplified.clone(), simplified));
        }
        let (lo, hi) = self.interval(&simplified, 0)?;
        Some((self.simp(&lo), self.simp(&hi)))
    }

    /// One end of `relaxed_ends` (the high one with `high`).
    fn relaxed_end(&self, simplified: Expr, high: bool) -> Option<Expr> {
        if !self.uses_relaxed(&simplified) {
            return Some(simplified);
        }
        let (lo, hi) = self.interval(&simplified, 0)?;
        Some(self.simp(if high { &hi } else { &lo }))
    }

    fn interval(&self, e: &Expr, depth: u32) -> Option<(Expr, Expr)> {
        if !self.uses_relaxed(e) {
            return Some((e.clone(), e.clone()));
        }
        let aff = self.ctx.to_affine(e)?;
        if aff.terms.len() == 1 && aff.constant == 0 && aff.terms[0].1 == 1 && aff.terms[0].0 == *e
        {
            return self.atom(e, depth);
        }
        let mut lo = Affine::constant(aff.constant);
        let mut hi = Affine::constant(aff.constant);
        for (atom, c) in &aff.terms {
            let (alo, ahi) = self.atom(atom, depth)?;
            let (from_lo, from_hi) = if *c > 0 { (alo, ahi) } else { (ahi, alo) };
            // Owned (`add_owned`, `scale_owned`): the same sums without copies.
            lo = lo.add_owned(self.affine_of(from_lo).scale_owned(*c)?)?;
            hi = hi.add_owned(self.affine_of(from_hi).scale_owned(*c)?)?;
        }
        let dtype = self.ctx.index_dtype(e);
        Some((lo.into_expr_typed(dtype), hi.into_expr_typed(dtype)))
    }

    fn affine_of(&self, e: Expr) -> Affine {
        match self.ctx.to_affine(&e) {
            Some(a) => a,
            None => Affine::atom(e),
        }
    }

    fn atom(&self, e: &Expr, depth: u32) -> Option<(Expr, Expr)> {
        if !self.uses_relaxed(e) {
            return Some((e.clone(), e.clone()));
        }
        if depth >= MAX_RANGE_DEPTH {
            return None;
        }
        let div_const = |b: &Expr| b.as_int().filter(|c| *c != 0);
        match e {
            Expr::Var(v) => {
                let r = self.ranges.get(v)?;
                let (lo, mhi) = self.interval(&r.min, depth + 1)?;
                let ext = self.interval(&r.extent, depth + 1)?.1;
                let hi = Expr::sub(Expr::add(mhi, ext), Expr::int(1));
                Some((lo, hi))
            }
            Expr::Binary(BinOp::FloorDiv, a, b) if div_const(b).is_some() => {
                let c = b.as_ref().clone();
                let (alo, ahi) = self.interval(a, depth + 1)?;
                let lo = Expr::floordiv(alo, c.clone());
                let hi = Expr::floordiv(ahi, c);
                if div_const(b)? > 0 {
                    Some((lo, hi))
                } else {
                    Some((hi, lo))
                }
            }
            Expr::Binary(BinOp::FloorMod, a, b) if div_const(b).is_some_and(|c| c > 0) => {
                let c = div_const(b)?;
                let whole = (Expr::int(0), Expr::int(c - 1));
                let Some((alo, ahi)) = self.interval(a, depth + 1) else {
                    return Some(whole);
                };
                // Inside one period the modulo is a shift of the dividend.
                let periods = Expr::sub(
                    Expr::floordiv(ahi.clone(), Expr::int(c)),
                    Expr::floordiv(alo.clone(), Expr::int(c)),
                );
                if self.simp(&periods).as_int() == Some(0) {
                    let m = self.simp(&Expr::floormod(alo.clone(), Expr::int(c)));
                    let hi = Expr::add(m.clone(), Expr::sub(ahi, alo));
                    Some((m, hi))
                } else {
                    Some(whole)
                }
            }
            Expr::Binary(op @ (BinOp::Div | BinOp::Mod), a, b)
                if div_const(b).is_some_and(|c| c > 0)
                    && Bounder::new(self.ranges, self.ctx)
                        .bounds(a)
                        .is_some_and(|iv| iv.0 >= 0) =>
            {
                // Truncation equals floor on non-negative dividends.
                let fop = if *op == BinOp::Div {
                    BinOp::FloorDiv
                } else {
                    BinOp::FloorMod
                };
                self.atom(
                    &Expr::binary(fop, a.as_ref().clone(), b.as_ref().clone()),
                    depth + 1,
                )
            }
            Expr::Binary(op @ (BinOp::Min | BinOp::Max), a, b) => {
                let (alo, ahi) = self.interval(a, depth + 1)?;
                let (blo, bhi) = self.interval(b, depth + 1)?;
                Some((Expr::binary(*op, alo, blo), Expr::binary(*op, ahi, bhi)))
            }
            _ => {
                let (lo, hi) = Bounder::new(self.ranges, self.ctx).bounds(e)?;
                let dtype = self.ctx.index_dtype(e);
                Some((Expr::Int(lo, dtype), Expr::Int(hi, dtype)))
            }
        }
    }
}

#[cfg(test)]
#[path = "bound_tests.rs"]
mod tests;

/// `e` with every variable whose range is a single point replaced by that
/// point. TVM's analyzer does this with a unit loop it has bound, so the
/// regions and bindings the schedule derives say `0`, not the unit loop `i0`
/// (test_compute_at_to_index: `i0_1 = T.axis.spatial(1, 0)`).
pub fn fold_unit_ranges(e: &Expr, ranges: &VarRanges) -> Expr {
    let mut out = e.clone();
    out.substitute(&|v| {
        ranges
            .get(&v)
            .filter(|r| r.extent.as_int() == Some(1))
            .map(|r| r.min.clone())
    });
    out
}
