//! The domain of the moved block's iterators from an access whose indices are
//! not one iterator plus a constant (`vio * 16`, `v_i // 16`, `9 - vi`,
//! `(v1 * 8 + v4) % 16`): TVM's `CalculateBlockVarDomain`
//! (src/s_tir/schedule/primitive/compute_at.cc), in its two steps per buffer.
//!
//! 1. Affine: every index is one point and together they map the block's
//!    iterators one-to-one onto the buffer (TVM's bijective `DetectIterMap`,
//!    here the forms it accepts in practice: `±v + c`, and splits
//!    `S // a`, `S % b`, `S // a % b`, `S % b // a` of one fused sum `S` of
//!    iterators in mixed radix). The required region's corner points are
//!    mapped back (`InverseAffineIterMap`).
//! 2. Otherwise dimension by dimension (`SolveBlockVarDomain`): `v * e`, `v`,
//!    `x // f` (recursively), `v % f` (no constraint).
//!
//! Each iterator gets a domain (`dom`) and a bound from the buffer's shape;
//! where the domain runs past the bound, the block gets a predicate.
//! Mapping corner points back is exact only when the required span of a fused
//! sum stays within one period of each inner iterator; where it does not, the
//! inner iterator must cover its whole extent, and a result that does not
//! (TVM's would) is refused rather than computing too little.

use crate::arith::{simplify_with, to_affine, VarRanges};
use crate::ir::{BinOp, Expr, IterVar, Range, VarId};

/// A closed interval `[lo, hi]` of an iterator.
#[derive(Clone, Debug)]
pub(super) struct Interval {
    pub lo: Expr,
    pub hi: Expr,
}

/// What one buffer says about one iterator: the values it must take (`dom`)
/// and those the buffer's shape allows (`bound`); `None` says nothing.
#[derive(Clone, Debug, Default)]
pub(super) struct VarDomain {
    pub dom: Option<Interval>,
    pub bound: Option<Interval>,
}

/// Why no domain could be derived: the index, and what was wanted of it.
pub(super) struct Refusal {
    pub index: Expr,
    pub want: &'static str,
}

const PATTERN: &str =
    "an iterator, `v * e`, `x // f` or `v % f` (or indices that map the iterators one-to-one onto the buffer)";

impl VarDomain {
    /// TVM's relaxed union: `(d0 ^ b0) v (d1 ^ b1)` as `(d0 v d1) ^ (b0 v b1)`.
    pub(super) fn union(&mut self, other: VarDomain, ranges: &VarRanges) {
        self.dom = hull(self.dom.take(), other.dom, ranges);
        self.bound = hull(self.bound.take(), other.bound, ranges);
    }
}

fn hull(a: Option<Interval>, b: Option<Interval>, ranges: &VarRanges) -> Option<Interval> {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(a), Some(b)) => Some(Interval {
            lo: simp(Expr::binary(BinOp::Min, a.lo, b.lo), ranges),
            hi: simp(Expr::binary(BinOp::Max, a.hi, b.hi), ranges),
        }),
    }
}

/// Simplified with the loop ranges; a loop of one iteration is its start
/// (as TVM's analyzer binds it).
fn simp(mut e: Expr, ranges: &VarRanges) -> Expr {
    e.substitute(&|v| {
        ranges
            .get(&v)
            .filter(|r| r.extent.as_int() == Some(1) && r.min.as_int().is_some())
            .map(|r| r.min.clone())
    });
    simplify_with(&e, ranges)
}

fn proven_equal(a: &Expr, b: &Expr, ranges: &VarRanges) -> bool {
    a == b || simp(Expr::sub(a.clone(), b.clone()), ranges).as_int() == Some(0)
}

/// The iterators' domains one buffer induces: `provided` is the block's own
/// access, `required` the region its related blocks need (closed intervals),
/// `shape` the buffer's. Returns (iterator position, domain) pairs.
pub(super) fn solve_buffer(
    iter_vars: &[IterVar],
    provided: &[Range],
    required: &[Interval],
    shape: &[Expr],
    ranges: &VarRanges,
) -> Result<Vec<(usize, VarDomain)>, Refusal> {
    if let Some(found) = solve_affine(iter_vars, provided, required, shape, ranges)? {
        return Ok(found);
    }
    let mut out = Vec::new();
    for ((prov, req), dim) in provided.iter().zip(required).zip(shape) {
        let single = prov.extent.as_int() == Some(1);
        if single && prov.min.as_int().is_some() {
            // A constant index provides one element: the required one.
            if proven_equal(&prov.min, &req.lo, ranges) && proven_equal(&prov.min, &req.hi, ranges)
            {
                continue;
            }
            return Err(Refusal {
                index: prov.min.clone(),
                want: "the element the related blocks need (it is a constant)",
            });
        }
        let dim_max = simp(
            Expr::binary(
                BinOp::Max,
                Expr::sub(dim.clone(), Expr::int(1)),
                Expr::int(0),
            ),
            ranges,
        );
        let (var, info) = solve_dim(&prov.min, single, req.clone(), dim_max, ranges)?;
        match iter_vars.iter().position(|iv| iv.var == var) {
            Some(pos) => out.push((pos, info)),
            // A variable from outside the block: it must provide exactly the
            // required element already.
            None if single
                && proven_equal(&prov.min, &req.lo, ranges)
                && proven_equal(&prov.min, &req.hi, ranges) => {}
            None => {
                return Err(Refusal {
                    index: prov.min.clone(),
                    want: "an expression of the block's own iterators",
                })
            }
        }
    }
    Ok(out)
}

/// TVM's `SolveBlockVarDomain` for one dimension.
fn solve_dim(
    prov: &Expr,
    single: bool,
    req: Interval,
    dim_max: Expr,
    ranges: &VarRanges,
) -> Result<(VarId, VarDomain), Refusal> {
    let refuse = || Refusal {
        index: prov.clone(),
        want: PATTERN,
    };
    let iv = |lo: Expr, hi: Expr| Some(Interval { lo, hi });
    if let Expr::Binary(BinOp::Mul, a, b) = prov {
        let (var, e) = match (a.as_var(), b.as_var()) {
            (Some(v), _) => (v, (**b).clone()),
            (None, Some(v)) => (v, (**a).clone()),
            (None, None) => return Err(refuse()),
        };
        let fd = |x: Expr| simp(Expr::floordiv(x, e.clone()), ranges);
        return Ok((
            var,
            VarDomain {
                dom: iv(fd(req.lo), fd(req.hi)),
                bound: iv(Expr::int(0), fd(dim_max)),
            },
        ));
    }
    if !single {
        return Err(refuse());
    }
    if let Some(var) = prov.as_var() {
        return Ok((
            var,
            VarDomain {
                dom: iv(req.lo, req.hi),
                bound: iv(Expr::int(0), dim_max),
            },
        ));
    }
    match prov {
        Expr::Binary(BinOp::FloorDiv, x, f) if provably_positive(f, ranges) => {
            // a <= x // f <= b with f > 0: a * f <= x <= b * f + f - 1.
            let scale = |e: Expr| {
                simp(
                    Expr::add(
                        Expr::mul(e, (**f).clone()),
                        Expr::sub((**f).clone(), Expr::int(1)),
                    ),
                    ranges,
                )
            };
            let lo = simp(Expr::mul(req.lo, (**f).clone()), ranges);
            let hi = scale(req.hi);
            match x.as_var() {
                Some(var) => Ok((
                    var,
                    VarDomain {
                        dom: iv(lo, hi),
                        bound: iv(Expr::int(0), scale(dim_max)),
                    },
                )),
                None => solve_dim(x, true, Interval { lo, hi }, dim_max, ranges),
            }
        }
        // `v % f` constrains nothing of `v`. TVM's other case (a compound
        // dividend) leaves the domain unbounded above; refused here.
        Expr::Binary(BinOp::FloorMod, x, _) => match x.as_var() {
            Some(var) => Ok((var, VarDomain::default())),
            None => Err(refuse()),
        },
        _ => Err(refuse()),
    }
}

fn provably_positive(e: &Expr, ranges: &VarRanges) -> bool {
    crate::arith::can_prove(&Expr::binary(BinOp::Ge, e.clone(), Expr::int(1)), ranges)
}

/// How one index reads the block's iterators (the affine step).
enum Piece {
    /// No iterator.
    Constant,
    /// `sign * iterator + base`, `sign` 1 or -1.
    Plain { pos: usize, sign: i64, base: i64 },
    /// `(S // lower) % extent` of fused sum number `sum`.
    Split { sum: usize, lower: i64, extent: i64 },
}

/// A fused sum of iterators in mixed radix: (position, coefficient, extent),
/// innermost (coefficient 1) first.
struct Fused {
    terms: Vec<(usize, i64, i64)>,
    total: i64,
}

/// The affine step; `Ok(None)` when its forms do not apply (the caller goes
/// dimension by dimension, as TVM does).
fn solve_affine(
    iter_vars: &[IterVar],
    provided: &[Range],
    required: &[Interval],
    shape: &[Expr],
    ranges: &VarRanges,
) -> Result<Option<Vec<(usize, VarDomain)>>, Refusal> {
    if provided.iter().any(|r| r.extent.as_int() != Some(1)) {
        return Ok(None);
    }
    let Some((pieces, sums)) = parse_pieces(iter_vars, provided) else {
        return Ok(None);
    };
    let corner =
        |pick: &dyn Fn(&Interval) -> Expr| -> Vec<Expr> { required.iter().map(pick).collect() };
    let req_lo = corner(&|i: &Interval| i.lo.clone());
    let req_hi = corner(&|i: &Interval| i.hi.clone());
    let shape_lo: Vec<Expr> = shape.iter().map(|_| Expr::int(0)).collect();
    let shape_hi: Vec<Expr> = shape
        .iter()
        .map(|d| {
            simp(
                Expr::binary(BinOp::Max, Expr::sub(d.clone(), Expr::int(1)), Expr::int(0)),
                ranges,
            )
        })
        .collect();
    let dom_lo = inverse(&pieces, &sums, &req_lo, iter_vars.len(), ranges);
    let dom_hi = inverse(&pieces, &sums, &req_hi, iter_vars.len(), ranges);
    let bound_lo = inverse(&pieces, &sums, &shape_lo, iter_vars.len(), ranges);
    let bound_hi = inverse(&pieces, &sums, &shape_hi, iter_vars.len(), ranges);
    check_inner_iterators_cover(
        &pieces, &sums, &req_lo, &req_hi, &dom_lo, &dom_hi, provided, ranges,
    )?;
    let ordered = |a: &Expr, b: &Expr| Interval {
        lo: simp(Expr::binary(BinOp::Min, a.clone(), b.clone()), ranges),
        hi: simp(Expr::binary(BinOp::Max, a.clone(), b.clone()), ranges),
    };
    let mut out = Vec::new();
    for pos in 0..iter_vars.len() {
        if let (Some(a), Some(b), Some(c), Some(d)) =
            (&dom_lo[pos], &dom_hi[pos], &bound_lo[pos], &bound_hi[pos])
        {
            out.push((
                pos,
                VarDomain {
                    dom: Some(ordered(a, b)),
                    bound: Some(ordered(c, d)),
                },
            ));
        }
    }
    Ok(Some(out))
}

/// Reads each index as a piece; `None` unless together they map every
/// iterator (of domain `[0, n)`) one-to-one onto the buffer.
fn parse_pieces(iter_vars: &[IterVar], provided: &[Range]) -> Option<(Vec<Piece>, Vec<Fused>)> {
    let mut used = vec![false; iter_vars.len()];
    let mut sums: Vec<Fused> = Vec::new();
    let mut pieces = Vec::new();
    for r in provided {
        let (inner, lower, modulus) = peel_div_mod(&r.min)?;
        let aff = to_affine(inner)?;
        let mut terms = Vec::new();
        for (atom, c) in &aff.terms {
            let pos = iter_vars
                .iter()
                .position(|iv| Some(iv.var) == atom.as_var())?;
            let iv = &iter_vars[pos];
            let extent = iv.dom.extent.as_int()?;
            if iv.dom.min.as_int() != Some(0) || extent < 1 {
                return None;
            }
            terms.push((pos, *c, extent));
        }
        if terms.is_empty() {
            pieces.push(Piece::Constant);
            continue;
        }
        if lower == 1 && modulus.is_none() && terms.len() == 1 && terms[0].1.abs() == 1 {
            let pos = terms[0].0;
            if std::mem::replace(&mut used[pos], true) {
                return None;
            }
            pieces.push(Piece::Plain {
                pos,
                sign: terms[0].1,
                base: aff.constant,
            });
            continue;
        }
        if aff.constant != 0 {
            return None;
        }
        terms.sort_by_key(|t| t.1);
        let sum = match sums.iter().position(|s| {
            s.terms.len() == terms.len()
                && s.terms
                    .iter()
                    .zip(&terms)
                    .all(|(a, b)| a.0 == b.0 && a.1 == b.1)
        }) {
            Some(i) => i,
            None => {
                let mut radix = 1i64;
                for (pos, c, extent) in &terms {
                    if *c != radix || std::mem::replace(&mut used[*pos], true) {
                        return None;
                    }
                    radix = radix.checked_mul(*extent)?;
                }
                sums.push(Fused {
                    terms: terms.clone(),
                    total: radix,
                });
                sums.len() - 1
            }
        };
        let total = sums[sum].total;
        let extent = match modulus {
            Some(m) => m,
            None if total % lower == 0 => total / lower,
            None => return None,
        };
        pieces.push(Piece::Split { sum, lower, extent });
    }
    if used.iter().any(|u| !u) || !splits_tile_their_sums(&pieces, &sums) {
        return None;
    }
    Some((pieces, sums))
}

/// `x`, `x // a`, `x % b`, `x // a % b` or `x % b // a` as (x, lower, extent of
/// the split when bounded); positive constant divisors only.
fn peel_div_mod(e: &Expr) -> Option<(&Expr, i64, Option<i64>)> {
    let pos_const = |e: &Expr| e.as_int().filter(|c| *c > 0);
    match e {
        Expr::Binary(BinOp::FloorMod, x, b) => {
            let b = pos_const(b)?;
            match &**x {
                Expr::Binary(BinOp::FloorDiv, y, a) => Some((y, pos_const(a)?, Some(b))),
                _ => Some((x, 1, Some(b))),
            }
        }
        Expr::Binary(BinOp::FloorDiv, x, a) => {
            let a = pos_const(a)?;
            match &**x {
                Expr::Binary(BinOp::FloorMod, y, b) => {
                    let b = pos_const(b)?;
                    (b % a == 0).then_some((&**y, a, Some(b / a)))
                }
                _ => Some((x, a, None)),
            }
        }
        other => Some((other, 1, None)),
    }
}

/// The splits of each fused sum cover it exactly once: lowers 1, e0, e0*e1...
fn splits_tile_their_sums(pieces: &[Piece], sums: &[Fused]) -> bool {
    sums.iter().enumerate().all(|(i, s)| {
        let mut splits: Vec<(i64, i64)> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Split { sum, lower, extent } if *sum == i => Some((*lower, *extent)),
                _ => None,
            })
            .collect();
        splits.sort();
        let mut next = 1i64;
        for (lower, extent) in splits {
            if lower != next {
                return false;
            }
            match next.checked_mul(extent) {
                Some(n) => next = n,
                None => return false,
            }
        }
        next == s.total
    })
}

/// The value of each fused sum at a point of the buffer.
fn sum_values(pieces: &[Piece], sums: &[Fused], point: &[Expr]) -> Vec<Expr> {
    let mut values = vec![Expr::int(0); sums.len()];
    for (piece, x) in pieces.iter().zip(point) {
        if let Piece::Split { sum, lower, .. } = piece {
            let scaled = Expr::mul(x.clone(), Expr::int(*lower));
            values[*sum] = Expr::add(std::mem::replace(&mut values[*sum], Expr::int(0)), scaled);
        }
    }
    values
}

/// The iterators' values at a point of the buffer (`InverseAffineIterMap`).
fn inverse(
    pieces: &[Piece],
    sums: &[Fused],
    point: &[Expr],
    n_iters: usize,
    ranges: &VarRanges,
) -> Vec<Option<Expr>> {
    let mut out = vec![None; n_iters];
    for (piece, x) in pieces.iter().zip(point) {
        if let Piece::Plain { pos, sign, base } = piece {
            let v = if *sign > 0 {
                Expr::sub(x.clone(), Expr::int(*base))
            } else {
                Expr::sub(Expr::int(*base), x.clone())
            };
            out[*pos] = Some(simp(v, ranges));
        }
    }
    for (s, value) in sums.iter().zip(sum_values(pieces, sums, point)) {
        let last = s.terms.len() - 1;
        for (k, (pos, c, extent)) in s.terms.iter().enumerate() {
            let mut v = Expr::floordiv(value.clone(), Expr::int(*c));
            if k != last {
                v = Expr::floormod(v, Expr::int(*extent));
            }
            out[*pos] = Some(simp(v, ranges));
        }
    }
    out
}

/// Corner points map back to a covering interval of an inner iterator only
/// when the required span of its sum stays within one period of it
/// (`c * extent`); otherwise the iterator must take every value.
#[allow(clippy::too_many_arguments)]
fn check_inner_iterators_cover(
    pieces: &[Piece],
    sums: &[Fused],
    req_lo: &[Expr],
    req_hi: &[Expr],
    dom_lo: &[Option<Expr>],
    dom_hi: &[Option<Expr>],
    provided: &[Range],
    ranges: &VarRanges,
) -> Result<(), Refusal> {
    let lows = sum_values(pieces, sums, req_lo);
    let highs = sum_values(pieces, sums, req_hi);
    for ((s, lo), hi) in sums.iter().zip(lows).zip(highs) {
        for (pos, c, extent) in &s.terms[..s.terms.len() - 1] {
            let period = Expr::int(c * extent);
            let same_period = simp(
                Expr::sub(
                    Expr::floordiv(hi.clone(), period.clone()),
                    Expr::floordiv(lo.clone(), period),
                ),
                ranges,
            )
            .as_int()
                == Some(0);
            if same_period {
                continue;
            }
            let full =
                |e: &Option<Expr>, want: i64| e.as_ref().and_then(|e| e.as_int()) == Some(want);
            let (a, b) = (&dom_lo[*pos], &dom_hi[*pos]);
            if !((full(a, 0) && full(b, extent - 1)) || (full(b, 0) && full(a, extent - 1))) {
                let index = pieces
                    .iter()
                    .zip(provided)
                    .find(|(p, _)| matches!(p, Piece::Split { .. }))
                    .map_or_else(|| Expr::int(0), |(_, r)| r.min.clone());
                return Err(Refusal {
                    index,
                    want: "a map whose required corners bound every iterator (here an inner iterator would cover too few values: TVM computes too little)",
                });
            }
        }
    }
    Ok(())
}

/// TVM's final step per iterator: intersect the bound with the iterator's
/// domain, keep the domain when it lies inside the bound, take the bound when
/// it lies inside the domain, or their constant intersection; what is left of
/// the bound becomes a predicate. Returns the loop range and that bound.
pub(super) fn finish(
    info: VarDomain,
    iv: &IterVar,
    ranges: &VarRanges,
) -> (Range, Option<Interval>) {
    let own = Interval {
        lo: iv.dom.min.clone(),
        hi: simp(
            Expr::sub(
                Expr::add(iv.dom.min.clone(), iv.dom.extent.clone()),
                Expr::int(1),
            ),
            ranges,
        ),
    };
    let bound = match info.bound {
        None => own,
        Some(b) => Interval {
            lo: simp(Expr::binary(BinOp::Max, b.lo, own.lo), ranges),
            hi: simp(Expr::binary(BinOp::Min, b.hi, own.hi), ranges),
        },
    };
    let (dom, rest) = match info.dom {
        None => (bound, None),
        Some(dom) => {
            let meet = Interval {
                lo: simp(
                    Expr::binary(BinOp::Max, dom.lo.clone(), bound.lo.clone()),
                    ranges,
                ),
                hi: simp(
                    Expr::binary(BinOp::Min, dom.hi.clone(), bound.hi.clone()),
                    ranges,
                ),
            };
            let same = |a: &Interval, b: &Interval| {
                proven_equal(&a.lo, &b.lo, ranges) && proven_equal(&a.hi, &b.hi, ranges)
            };
            // Over symbolic extents the min/max above may not simplify:
            // prove the inclusion instead (TVM's analyzer does).
            let inside = |a: &Interval, b: &Interval| {
                let symbolic = crate::arith::symbolic::is_symbolic(&a.lo, ranges)
                    || crate::arith::symbolic::is_symbolic(&a.hi, ranges)
                    || crate::arith::symbolic::is_symbolic(&b.hi, ranges);
                symbolic
                    && crate::arith::symbolic::prove_le(&b.lo, &a.lo, ranges)
                    && crate::arith::symbolic::prove_le(&a.hi, &b.hi, ranges)
            };
            if same(&dom, &meet) || inside(&dom, &bound) {
                (dom, None)
            } else if same(&bound, &meet) || inside(&bound, &dom) {
                (bound, None)
            } else if meet.lo.as_int().is_some() && meet.hi.as_int().is_some() {
                (meet, None)
            } else {
                (dom, Some(bound))
            }
        }
    };
    let extent = simp(
        Expr::add(Expr::sub(dom.hi, dom.lo.clone()), Expr::int(1)),
        ranges,
    );
    (Range::new(dom.lo, extent), rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::IterKind;

    fn iter(i: u32, extent: i64) -> IterVar {
        IterVar {
            var: VarId(i),
            dom: Range::from_extent(Expr::int(extent)),
            kind: IterKind::Spatial,
        }
    }

    fn point(lo: i64, hi: i64) -> Interval {
        Interval {
            lo: Expr::int(lo),
            hi: Expr::int(hi),
        }
    }

    /// `B[(a * 8 + b) // 16, (a * 8 + b) % 16]`, `a` over 4, `b` over 8.
    fn fused_access() -> (Vec<IterVar>, Vec<Range>, Vec<Expr>) {
        let s = Expr::add(
            Expr::mul(Expr::Var(VarId(0)), Expr::int(8)),
            Expr::Var(VarId(1)),
        );
        let provided = vec![
            Range::point(Expr::floordiv(s.clone(), Expr::int(16))),
            Range::point(Expr::floormod(s, Expr::int(16))),
        ];
        (
            vec![iter(0, 4), iter(1, 8)],
            provided,
            vec![Expr::int(2), Expr::int(16)],
        )
    }

    /// Columns 4..=11 of row 0 need `a` 0 and 1 and every `b`: the corners
    /// alone (`b` from 4 % 8 to 11 % 8) would compute too little, as TVM's
    /// inverse map does; refused.
    #[test]
    fn a_span_across_an_inner_period_is_refused_not_undercovered() {
        let (iters, provided, shape) = fused_access();
        let required = vec![point(0, 0), point(4, 11)];
        let got = solve_buffer(&iters, &provided, &required, &shape, &VarRanges::new());
        assert!(got.is_err_and(|r| r.want.contains("too few")));
    }

    /// Within one period the corners are exact: columns 8..=15 are `a` 1 and
    /// `b` 0..=7; a whole row is `a` 0..=1 and every `b`.
    #[test]
    fn a_span_within_a_period_or_whole_periods_maps_back_exactly() {
        let (iters, provided, shape) = fused_access();
        let ranges = VarRanges::new();
        for (cols, a, b) in [((8, 15), (1, 1), (0, 7)), ((0, 15), (0, 1), (0, 7))] {
            let required = vec![point(1, 1), point(cols.0, cols.1)];
            let Ok(found) = solve_buffer(&iters, &provided, &required, &shape, &ranges) else {
                panic!("refused {cols:?}");
            };
            let dom = |pos: usize| {
                let (_, d) = found.iter().find(|(p, _)| *p == pos).cloned().unwrap();
                let d = d.dom.unwrap();
                (d.lo.as_int().unwrap(), d.hi.as_int().unwrap())
            };
            assert_eq!(dom(0), (a.0 + 2, a.1 + 2), "row 1 is a + 2");
            assert_eq!(dom(1), b);
        }
    }
}
