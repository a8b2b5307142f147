//! Integer index arithmetic for the lowering passes: linear forms over atoms,
//! constant bounds from loop ranges, floor division/modulo rules and the
//! simplifier that turns flattened indices into readable affine sums.
//!
//! TVM: the parts of `arith::Analyzer` (canonical simplify, const-int bound,
//! modular set) that lowering needs. Only sound rewrites: each rule holds for
//! every value the variables can take inside their ranges.
//!
//! Invariant: knows `ir` only; pure functions, no panics.

use crate::ir::{BinOp, Buffer, DataType, Expr, Intrinsic, VarDecl, VarId};
use std::collections::HashMap;

mod analysis;
pub use analysis::{lane_split, modular, narrow, relax};

/// Inclusive constant ranges of variables: loop `for i in range(m, m + n)` gives `(m, m + n - 1)`.
pub type Ranges = HashMap<VarId, (i64, i64)>;

/// `constant + sum(coef * atom)`; an atom is a variable or a non-linear term.
#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    pub terms: Vec<(Expr, i64)>,
    pub constant: i64,
}

impl Linear {
    pub fn constant(c: i64) -> Linear {
        Linear {
            terms: Vec::new(),
            constant: c,
        }
    }

    pub fn atom(e: Expr) -> Linear {
        Linear {
            terms: vec![(e, 1)],
            constant: 0,
        }
    }

    pub fn as_const(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub fn add_term(&mut self, atom: Expr, coef: i64) {
        if coef == 0 {
            return;
        }
        if let Some(t) = self.terms.iter_mut().find(|t| t.0 == atom) {
            t.1 = t.1.saturating_add(coef);
        } else {
            self.terms.push((atom, coef));
        }
        self.terms.retain(|t| t.1 != 0);
    }

    pub fn add(mut self, other: &Linear, sign: i64) -> Linear {
        for (a, c) in &other.terms {
            self.add_term(a.clone(), c.saturating_mul(sign));
        }
        self.constant = self
            .constant
            .saturating_add(other.constant.saturating_mul(sign));
        self
    }

    pub fn scale(mut self, k: i64) -> Linear {
        if k == 0 {
            return Linear::constant(0);
        }
        for t in &mut self.terms {
            t.1 = t.1.saturating_mul(k);
        }
        self.constant = self.constant.saturating_mul(k);
        self
    }

    /// True when some atom mentions `v`.
    pub fn uses_var(&self, v: VarId) -> bool {
        self.terms.iter().any(|(a, _)| a.uses_var(v))
    }

    /// The expression: positive terms by decreasing coefficient, then the
    /// negative ones, constant last (`63 - x` when every term is negative).
    pub fn to_expr(&self) -> Expr {
        let mut terms = self.terms.clone();
        terms.sort_by_key(|(a, c)| {
            let rank = match a {
                Expr::Var(v) => v.0 as u64,
                _ => u64::MAX,
            };
            (*c < 0, std::cmp::Reverse(c.unsigned_abs()), rank)
        });
        let lead_constant = terms.first().is_some_and(|t| t.1 < 0) && self.constant > 0;
        let mut acc: Option<Expr> = lead_constant.then(|| Expr::int(self.constant));
        for (atom, c) in terms {
            acc = Some(match acc {
                None => mul_const(atom, c),
                Some(prev) if c > 0 => Expr::add(prev, mul_const(atom, c)),
                Some(prev) => Expr::sub(prev, mul_const(atom, -c)),
            });
        }
        match acc {
            None => Expr::int(self.constant),
            Some(e) if lead_constant => e,
            Some(e) if self.constant > 0 => Expr::add(e, Expr::int(self.constant)),
            Some(e) if self.constant < 0 => Expr::sub(e, Expr::int(-self.constant)),
            Some(e) => e,
        }
    }
}

fn mul_const(e: Expr, c: i64) -> Expr {
    if c == 1 {
        e
    } else {
        Expr::mul(e, Expr::int(c))
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.min(i64::MAX as u64) as i64
}

/// The linear form of an integer expression, simplified under `r`.
pub fn linear(e: &Expr, r: &Ranges) -> Linear {
    match e {
        Expr::Int(v, t) if *t != DataType::Bool => Linear::constant(*v),
        Expr::Var(_) => Linear::atom(e.clone()),
        Expr::Cast(t, x) if t.is_int() => linear(x, r),
        Expr::Binary(op, a, b) => match op {
            BinOp::Add => linear(a, r).add(&linear(b, r), 1).recombined(r),
            BinOp::Sub => linear(a, r).add(&linear(b, r), -1).recombined(r),
            BinOp::Mul => {
                let (la, lb) = (linear(a, r), linear(b, r));
                match (la.as_const(), lb.as_const()) {
                    (Some(c), _) => lb.scale(c),
                    (_, Some(c)) => la.scale(c),
                    _ => Linear::atom(Expr::mul(la.to_expr(), lb.to_expr())),
                }
            }
            BinOp::FloorDiv | BinOp::FloorMod | BinOp::Div | BinOp::Mod => {
                let (la, lb) = (linear(a, r), linear(b, r));
                let truncating = matches!(op, BinOp::Div | BinOp::Mod);
                let is_div = matches!(op, BinOp::FloorDiv | BinOp::Div);
                match lb.as_const() {
                    // Truncation equals flooring when the dividend is non-negative.
                    Some(c)
                        if c > 0 && (!truncating || bounds(&la, r).0.is_some_and(|lo| lo >= 0)) =>
                    {
                        if is_div {
                            floordiv(&la, c, r)
                        } else {
                            floormod(&la, c, r)
                        }
                    }
                    _ => Linear::atom(Expr::binary(*op, la.to_expr(), lb.to_expr())),
                }
            }
            BinOp::Min | BinOp::Max => {
                let (la, lb) = (linear(a, r), linear(b, r));
                let d = la.clone().add(&lb, -1);
                let (lo, hi) = bounds(&d, r);
                let a_smaller = hi.is_some_and(|h| h <= 0);
                let b_smaller = lo.is_some_and(|l| l >= 0);
                match (op, a_smaller, b_smaller) {
                    (BinOp::Min, true, _) | (BinOp::Max, _, true) => la,
                    (BinOp::Min, _, true) | (BinOp::Max, true, _) => lb,
                    _ => Linear::atom(Expr::binary(*op, la.to_expr(), lb.to_expr())),
                }
            }
            _ => Linear::atom(e.clone()),
        },
        _ => Linear::atom(e.clone()),
    }
}

impl Linear {
    /// `k*c * (x // c) + k * (x % c)` is `k * x`.
    fn recombined(mut self, r: &Ranges) -> Linear {
        loop {
            let mut found = None;
            'outer: for (i, (a, k)) in self.terms.iter().enumerate() {
                let Expr::Binary(BinOp::FloorMod, x, c) = a else {
                    continue;
                };
                let Some(c) = c.as_int() else { continue };
                for (j, (b, kd)) in self.terms.iter().enumerate() {
                    if let Expr::Binary(BinOp::FloorDiv, y, c2) = b {
                        if y == x && c2.as_int() == Some(c) && *kd == k.saturating_mul(c) {
                            found = Some((i, j, (**x).clone(), *k));
                            break 'outer;
                        }
                    }
                }
            }
            let Some((i, j, x, k)) = found else {
                return self;
            };
            let (hi, lo) = (i.max(j), i.min(j));
            self.terms.remove(hi);
            self.terms.remove(lo);
            self = self.add(&linear(&x, r).scale(k), 1);
        }
    }
}

/// `l // c` for a positive constant `c`.
pub fn floordiv(l: &Linear, c: i64, r: &Ranges) -> Linear {
    if c == 1 {
        return l.clone();
    }
    let mut quotient = Linear::constant(l.constant.div_euclid(c));
    let mut rem = Linear::constant(l.constant.rem_euclid(c));
    for (a, k) in &l.terms {
        if k % c == 0 {
            quotient.add_term(a.clone(), k / c);
        } else {
            rem.add_term(a.clone(), *k);
        }
    }
    if rem.terms.is_empty() {
        return quotient;
    }
    let (lo, hi) = bounds(&rem, r);
    if let (Some(lo), Some(hi)) = (lo, hi) {
        if lo.div_euclid(c) == hi.div_euclid(c) {
            quotient.constant = quotient.constant.saturating_add(lo.div_euclid(c));
            return quotient;
        }
    }
    // (g*y + r0) // c == y // (c/g) when g divides c and 0 <= r0 < g.
    let g = rem.terms.iter().fold(c, |g, t| gcd(g, t.1));
    if g > 1 && rem.constant < g {
        let y = Linear {
            terms: rem.terms.iter().map(|(a, k)| (a.clone(), k / g)).collect(),
            constant: 0,
        };
        return quotient.add(&floordiv(&y, c / g, r), 1);
    }
    quotient.add_term(Expr::floordiv(rem.to_expr(), Expr::int(c)), 1);
    quotient
}

/// `l % c` (floor modulo) for a positive constant `c`.
pub fn floormod(l: &Linear, c: i64, r: &Ranges) -> Linear {
    if c == 1 {
        return Linear::constant(0);
    }
    let mut rem = Linear::constant(l.constant.rem_euclid(c));
    for (a, k) in &l.terms {
        if k % c != 0 {
            rem.add_term(a.clone(), *k);
        }
    }
    if rem.terms.is_empty() {
        return rem;
    }
    let (lo, hi) = bounds(&rem, r);
    if let (Some(lo), Some(hi)) = (lo, hi) {
        if lo.div_euclid(c) == hi.div_euclid(c) {
            rem.constant = rem
                .constant
                .saturating_sub(lo.div_euclid(c).saturating_mul(c));
            return rem;
        }
    }
    // (g*y + r0) % c == g * (y % (c/g)) + r0 when g divides c and 0 <= r0 < g.
    let g = rem.terms.iter().fold(c, |g, t| gcd(g, t.1));
    if g > 1 && rem.constant < g {
        let y = Linear {
            terms: rem.terms.iter().map(|(a, k)| (a.clone(), k / g)).collect(),
            constant: 0,
        };
        return floormod(&y, c / g, r)
            .scale(g)
            .add(&Linear::constant(rem.constant), 1);
    }
    Linear::atom(Expr::floormod(rem.to_expr(), Expr::int(c)))
}

/// Constant bounds `(lo, hi)` of a linear form; `None` where unbounded.
pub fn bounds(l: &Linear, r: &Ranges) -> (Option<i64>, Option<i64>) {
    let mut lo = Some(l.constant);
    let mut hi = Some(l.constant);
    for (a, k) in &l.terms {
        let (alo, ahi) = atom_bounds(a, r);
        let (tlo, thi) = if *k >= 0 {
            (
                alo.and_then(|x| x.checked_mul(*k)),
                ahi.and_then(|x| x.checked_mul(*k)),
            )
        } else {
            (
                ahi.and_then(|x| x.checked_mul(*k)),
                alo.and_then(|x| x.checked_mul(*k)),
            )
        };
        lo = lo.zip(tlo).and_then(|(a, b)| a.checked_add(b));
        hi = hi.zip(thi).and_then(|(a, b)| a.checked_add(b));
    }
    (lo, hi)
}

/// Constant bounds of any integer expression.
pub fn expr_bounds(e: &Expr, r: &Ranges) -> (Option<i64>, Option<i64>) {
    bounds(&linear(e, r), r)
}

fn atom_bounds(a: &Expr, r: &Ranges) -> (Option<i64>, Option<i64>) {
    match a {
        Expr::Var(v) => r
            .get(v)
            .map_or((None, None), |&(lo, hi)| (Some(lo), Some(hi))),
        Expr::Int(v, _) => (Some(*v), Some(*v)),
        Expr::Binary(BinOp::FloorDiv, x, c) => match c.as_int() {
            Some(c) if c > 0 => {
                let (lo, hi) = expr_bounds(x, r);
                (lo.map(|v| v.div_euclid(c)), hi.map(|v| v.div_euclid(c)))
            }
            _ => (None, None),
        },
        Expr::Binary(BinOp::FloorMod, x, c) => match c.as_int() {
            Some(c) if c > 0 => {
                let (lo, hi) = expr_bounds(x, r);
                match (lo, hi) {
                    (Some(lo), Some(hi)) if lo.div_euclid(c) == hi.div_euclid(c) => {
                        (Some(lo.rem_euclid(c)), Some(hi.rem_euclid(c)))
                    }
                    _ => (Some(0), Some(c - 1)),
                }
            }
            _ => (None, None),
        },
        Expr::Binary(BinOp::Mul, x, y) => {
            let ((a, b), (c, d)) = (expr_bounds(x, r), expr_bounds(y, r));
            match (a, b, c, d) {
                (Some(a), Some(b), Some(c), Some(d)) => {
                    let p = [
                        a.checked_mul(c),
                        a.checked_mul(d),
                        b.checked_mul(c),
                        b.checked_mul(d),
                    ];
                    if p.iter().any(Option::is_none) {
                        return (None, None);
                    }
                    let p: Vec<i64> = p.into_iter().flatten().collect();
                    (p.iter().min().copied(), p.iter().max().copied())
                }
                _ => (None, None),
            }
        }
        Expr::Binary(op @ (BinOp::Min | BinOp::Max), x, y) => {
            let ((a, b), (c, d)) = (expr_bounds(x, r), expr_bounds(y, r));
            if *op == BinOp::Min {
                (
                    a.zip(c).map(|(a, c)| a.min(c)),
                    match (b, d) {
                        (Some(b), Some(d)) => Some(b.min(d)),
                        (x, None) | (None, x) => x,
                    },
                )
            } else {
                (
                    match (a, c) {
                        (Some(a), Some(c)) => Some(a.max(c)),
                        (x, None) | (None, x) => x,
                    },
                    b.zip(d).map(|(b, d)| b.max(d)),
                )
            }
        }
        _ => (None, None),
    }
}

/// The simplifier: integer sub-expressions become affine sums, provable
/// comparisons become constants, and selects on constant conditions disappear.
pub struct Simplifier<'a> {
    pub vars: &'a [VarDecl],
    pub buffers: &'a [Buffer],
    pub ranges: Ranges,
}

impl Simplifier<'_> {
    fn is_int(&self, e: &Expr) -> bool {
        super::lir::dtype_of(self.vars, self.buffers, e).is_int()
    }

    pub fn simplify(&self, e: &Expr) -> Expr {
        if self.is_int(e) && !matches!(e, Expr::Load(..) | Expr::Call(..) | Expr::Select(..)) {
            let mut l = linear(e, &self.ranges);
            // Atoms keep their own sub-expressions (loads in indices) simplified.
            for t in &mut l.terms {
                t.0.for_each_child_mut(|c| *c = self.simplify(c));
            }
            return l.to_expr();
        }
        let mut out = e.clone();
        out.for_each_child_mut(|c| *c = self.simplify(c));
        match &out {
            Expr::Binary(op, a, b) if op.is_comparison() && self.is_int(a) => {
                let d = linear(a, &self.ranges).add(&linear(b, &self.ranges), -1);
                if let Some(v) = decide(*op, bounds(&d, &self.ranges)) {
                    return Expr::bool(v);
                }
                out
            }
            Expr::Binary(BinOp::And, a, b) => match (const_bool(a), const_bool(b)) {
                (Some(false), _) | (_, Some(false)) => Expr::bool(false),
                (Some(true), _) => (**b).clone(),
                (_, Some(true)) => (**a).clone(),
                _ => out,
            },
            Expr::Binary(BinOp::Or, a, b) => match (const_bool(a), const_bool(b)) {
                (Some(true), _) | (_, Some(true)) => Expr::bool(true),
                (Some(false), _) => (**b).clone(),
                (_, Some(false)) => (**a).clone(),
                _ => out,
            },
            Expr::Not(a) => match const_bool(a) {
                Some(v) => Expr::bool(!v),
                None => out,
            },
            Expr::Select(c, a, b) => match const_bool(c) {
                Some(true) => (**a).clone(),
                Some(false) => (**b).clone(),
                None => out,
            },
            Expr::Call(Intrinsic::IfThenElse, args) if args.len() == 3 => {
                match const_bool(&args[0]) {
                    Some(true) => args[1].clone(),
                    Some(false) => args[2].clone(),
                    None => out,
                }
            }
            Expr::Call(Intrinsic::Likely, args)
                if args.len() == 1 && const_bool(&args[0]).is_some() =>
            {
                args[0].clone()
            }
            _ => out,
        }
    }
}

/// The value of a boolean constant.
pub fn const_bool(e: &Expr) -> Option<bool> {
    match e {
        Expr::Int(v, DataType::Bool) => Some(*v != 0),
        _ => None,
    }
}

/// Decides `d op 0` from the bounds of `d`, when they settle it.
fn decide(op: BinOp, (lo, hi): (Option<i64>, Option<i64>)) -> Option<bool> {
    let lt0 = hi.is_some_and(|h| h < 0);
    let le0 = hi.is_some_and(|h| h <= 0);
    let gt0 = lo.is_some_and(|l| l > 0);
    let ge0 = lo.is_some_and(|l| l >= 0);
    let eq0 = lo == Some(0) && hi == Some(0);
    let ne0 = lt0 || gt0;
    match op {
        BinOp::Lt if lt0 => Some(true),
        BinOp::Lt if ge0 => Some(false),
        BinOp::Le if le0 => Some(true),
        BinOp::Le if gt0 => Some(false),
        BinOp::Gt if gt0 => Some(true),
        BinOp::Gt if le0 => Some(false),
        BinOp::Ge if ge0 => Some(true),
        BinOp::Ge if lt0 => Some(false),
        BinOp::Eq if eq0 => Some(true),
        BinOp::Eq if ne0 => Some(false),
        BinOp::Ne if ne0 => Some(true),
        BinOp::Ne if eq0 => Some(false),
        _ => None,
    }
}
