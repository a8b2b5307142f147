//! The expression analyses the features need, as TVM's extractor does them:
//! constant integer bounds (`arith::ConstIntBound`), the coefficient of a loop
//! variable in an index (`GetVarStride`'s extractor, quirks included) and the
//! arithmetic operation counts of a stored value (`ArithOpCounter`).

use super::nest::Tree;
use crate::ir::{BinOp, Buffer, DataType, Expr, Intrinsic, VarDecl, VarId};
use crate::lower::lir::dtype_of;

/// TVM's infinities of `ConstIntBound`.
pub(super) const POS_INF: i64 = i64::MAX;
pub(super) const NEG_INF: i64 = i64::MIN;

/// Inclusive integer bounds.
pub(super) type Bound = (i64, i64);

/// The program's types and the variables' current bounds (by `VarId`).
pub(super) struct Ctx<'t, 'a> {
    pub tree: &'t Tree<'a>,
    pub vars: &'t [VarDecl],
    pub buffers: &'t [Buffer],
    pub bounds: Vec<Option<Bound>>,
    /// The constant start of each loop variable in the nest (by `VarId`).
    pub starts: Vec<Option<i64>>,
}

fn dtype_range(t: DataType) -> Bound {
    t.int_range().unwrap_or((NEG_INF, POS_INF))
}

fn add(a: i64, b: i64) -> i64 {
    if a == POS_INF || b == POS_INF {
        POS_INF
    } else if a == NEG_INF || b == NEG_INF {
        NEG_INF
    } else {
        a.saturating_add(b)
    }
}

fn mul(a: i64, b: i64) -> i64 {
    a.saturating_mul(b)
}

fn corners(a: Bound, b: Bound, f: impl Fn(i64, i64) -> i64) -> Bound {
    let v = [f(a.0, b.0), f(a.0, b.1), f(a.1, b.0), f(a.1, b.1)];
    let lo = v.iter().copied().min().unwrap_or(NEG_INF);
    let hi = v.iter().copied().max().unwrap_or(POS_INF);
    (lo, hi)
}

impl Ctx<'_, '_> {
    pub fn set_start(&mut self, v: VarId, start: Option<i64>) {
        if let Some(slot) = self.starts.get_mut(v.0 as usize) {
            *slot = start;
        }
    }

    pub fn set_bound(&mut self, v: VarId, b: Option<Bound>) {
        if let Some(slot) = self.bounds.get_mut(v.0 as usize) {
            *slot = b;
        }
    }

    pub fn dtype(&self, e: &Expr) -> DataType {
        dtype_of(self.vars, self.buffers, e)
    }

    /// Constant bounds of an integer expression (`const_int_bound`).
    pub fn bound(&self, e: &Expr) -> Bound {
        match e {
            Expr::Int(v, _) => (*v, *v),
            Expr::Var(v) => match self.tree.resolve(*v) {
                None => (0, 0),
                Some(u) => match self.bounds.get(u.0 as usize).copied().flatten() {
                    Some(b) => b,
                    None => dtype_range(self.dtype(e)),
                },
            },
            Expr::Binary(op, a, b) => self.binary_bound(*op, a, b, e),
            Expr::Not(_) => (0, 1),
            Expr::Select(_, a, b) => {
                let (x, y) = (self.bound(a), self.bound(b));
                (x.0.min(y.0), x.1.max(y.1))
            }
            Expr::Cast(t, a) => {
                let (x, r) = (self.bound(a), dtype_range(*t));
                (x.0.max(r.0), x.1.min(r.1))
            }
            _ => dtype_range(self.dtype(e)),
        }
    }

    fn binary_bound(&self, op: BinOp, a: &Expr, b: &Expr, e: &Expr) -> Bound {
        if op.is_comparison() || op.is_logical() {
            return (0, 1);
        }
        let (x, y) = (self.bound(a), self.bound(b));
        match op {
            BinOp::Add => (add(x.0, y.0), add(x.1, y.1)),
            BinOp::Sub => (
                add(x.0, y.1.saturating_neg()),
                add(x.1, y.0.saturating_neg()),
            ),
            BinOp::Mul => corners(x, y, mul),
            BinOp::Min => (x.0.min(y.0), x.1.min(y.1)),
            BinOp::Max => (x.0.max(y.0), x.1.max(y.1)),
            BinOp::FloorDiv | BinOp::Div if y.0 > 0 || y.1 < 0 => corners(x, y, |p, q| {
                // Checked: `i64::MIN / -1` overflows; TVM's infinities saturate.
                let (Some(d), Some(r)) = (p.checked_div_euclid(q), p.checked_rem_euclid(q)) else {
                    return POS_INF;
                };
                if op == BinOp::FloorDiv {
                    d - i64::from(q < 0 && r != 0)
                } else {
                    p.checked_div(q).unwrap_or(POS_INF)
                }
            }),
            BinOp::FloorMod | BinOp::Mod if y.0 > 0 => {
                let cap = add(y.1, -1);
                let interval = if x.0 >= 0 && x.1 < y.0 {
                    x
                } else if x.0 >= 0 {
                    (0, x.1.min(cap))
                } else if op == BinOp::FloorMod {
                    (0, cap)
                } else {
                    (x.0.max(cap.saturating_neg()), x.1.max(0).min(cap))
                };
                if y.0 != y.1 || (op == BinOp::Mod && x.0 < 0) {
                    return interval;
                }
                // TVM narrows by the dividend's residue (`ModularSet`); loop
                // variables keep the residue of their point binding at the
                // loop's start, so a constant modulus gives one value.
                let (coeff, base) = self.modular(a);
                let g = gcd(coeff, y.0);
                if g <= 1 {
                    return interval;
                }
                let base = base.rem_euclid(g);
                let tight = (base, y.0 - g + base);
                (interval.0.max(tight.0), interval.1.min(tight.1))
            }
            _ => dtype_range(self.dtype(e)),
        }
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// A residue class `coeff * k + base` (TVM's `ModularSet` entry), normalised.
fn residue(coeff: i64, base: i64) -> (i64, i64) {
    let coeff = coeff.saturating_abs();
    if coeff == 0 {
        (0, base)
    } else {
        (coeff, base.rem_euclid(coeff))
    }
}

const ANY: (i64, i64) = (1, 0);

impl Ctx<'_, '_> {
    /// TVM's `modular_set` as its feature extractor leaves it: every loop
    /// variable was last bound to its loop's start (a range binding does not
    /// update residues), so it is that constant.
    pub fn modular(&self, e: &Expr) -> (i64, i64) {
        match e {
            Expr::Int(v, _) => (0, *v),
            Expr::Var(v) => match self.tree.resolve(*v) {
                None => (0, 0),
                Some(u) => match self.starts.get(u.0 as usize).copied().flatten() {
                    Some(m) => (0, m),
                    None => ANY,
                },
            },
            Expr::Binary(op, a, b) => {
                let (x, y) = (self.modular(a), self.modular(b));
                match op {
                    BinOp::Add => residue(gcd(x.0, y.0), x.1.wrapping_add(y.1)),
                    BinOp::Sub => residue(gcd(x.0, y.0), x.1.wrapping_sub(y.1)),
                    BinOp::Mul => {
                        let g = gcd(
                            x.0.wrapping_mul(y.0),
                            gcd(x.0.wrapping_mul(y.1), x.1.wrapping_mul(y.0)),
                        );
                        residue(g, x.1.wrapping_mul(y.1))
                    }
                    BinOp::FloorDiv | BinOp::Div => match **b {
                        Expr::Int(d, _) if d != 0 => {
                            self.div_residue(a, x, d, *op == BinOp::FloorDiv)
                        }
                        _ => ANY,
                    },
                    BinOp::FloorMod | BinOp::Mod => match **b {
                        Expr::Int(d, _) if d != 0 => {
                            let g = gcd(x.0, d);
                            let floor = *op == BinOp::FloorMod;
                            if x.1 % g == 0 || (x.1 > 0 && (floor || self.bound(a).0 >= 0)) {
                                residue(g, x.1 % g)
                            } else {
                                ANY
                            }
                        }
                        _ => ANY,
                    },
                    BinOp::Min | BinOp::Max => union(x, y),
                    _ => ANY,
                }
            }
            Expr::Select(_, a, b) => union(self.modular(a), self.modular(b)),
            _ => ANY,
        }
    }

    fn div_residue(&self, a: &Expr, x: (i64, i64), d: i64, floor: bool) -> (i64, i64) {
        if x.0 % d != 0 {
            return ANY;
        }
        if x.1 == 0 {
            return residue((x.0 / d).abs(), 0);
        }
        if x.1 > 0 && d > 0 && (floor || self.bound(a).0 >= 0) {
            return residue(x.0 / d, x.1 / d);
        }
        ANY
    }
}

fn union(a: (i64, i64), b: (i64, i64)) -> (i64, i64) {
    let coeff = gcd(a.0, b.0);
    if coeff == 0 {
        return if a.1 == b.1 { a } else { ANY };
    }
    let (b0, b1) = (a.1 % coeff, b.1 % coeff);
    if b0 == b1 {
        residue(coeff, b0)
    } else {
        residue(gcd(gcd(b0, b1), coeff), b0)
    }
}

/// TVM's `CoefficientExtractor`: 0 when `var` is absent from `e`; else the
/// constant multiplying it when a `*` by a literal is met before any `+`, 1
/// when a `+` is met first or when it stands alone (the visit is post-order
/// and the flags are global to the expression, as in TVM).
pub(super) fn coefficient(tree: &Tree, e: &Expr, var: VarId) -> i64 {
    struct State {
        stride: i64,
        var: bool,
        add: bool,
        mul: bool,
    }
    fn visit(tree: &Tree, e: &Expr, var: VarId, s: &mut State) {
        match e {
            Expr::Var(v) => {
                if tree.resolve(*v) == Some(var) {
                    s.var = true;
                    s.stride = 2;
                }
            }
            Expr::Binary(op, a, b) => {
                visit(tree, a, var, s);
                visit(tree, b, var, s);
                match op {
                    BinOp::Mul if s.var && !s.add => {
                        if let Expr::Int(k, _) = **a {
                            s.mul = true;
                            s.stride = k;
                        } else if let Expr::Int(k, _) = **b {
                            s.mul = true;
                            s.stride = k;
                        }
                    }
                    BinOp::Add if s.var && !s.mul => {
                        s.add = true;
                        s.stride = 1;
                    }
                    _ => {}
                }
            }
            other => for_each_operand(other, |c| visit(tree, c, var, s)),
        }
    }
    let mut s = State {
        stride: 0,
        var: false,
        add: false,
        mul: false,
    };
    visit(tree, e, var, &mut s);
    match (s.var, s.mul || s.add) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => s.stride,
    }
}

fn for_each_operand<'e>(e: &'e Expr, mut f: impl FnMut(&'e Expr)) {
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) | Expr::Opaque(_) => {}
        Expr::Binary(_, a, b) => {
            f(a);
            f(b);
        }
        Expr::Not(a) | Expr::Cast(_, a) => f(a),
        Expr::Select(c, a, b) => {
            f(c);
            f(a);
            f(b);
        }
        Expr::Load(_, idx) => idx.iter().for_each(f),
        Expr::Call(_, args) => args.iter().for_each(f),
    }
}

/// Calls `f` on every buffer load of `e`, children before parents (TVM's
/// `PostOrderVisit`).
pub(super) fn loads_post_order<'e>(e: &'e Expr, f: &mut impl FnMut(&'e Expr)) {
    for_each_operand(e, |c| loads_post_order(c, f));
    if let Expr::Load(..) = e {
        f(e);
    }
}

pub(super) fn has_load(e: &Expr) -> bool {
    let mut found = false;
    loads_post_order(e, &mut |_| found = true);
    found
}

/// Operation counts of a stored value, each weighted by the product of the
/// loop extents around the store (group 1's `ArithOps`), in export order.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct ArithOps {
    pub float_mad: f64,
    pub float_add_sub: f64,
    pub float_mul: f64,
    pub float_div_mod: f64,
    pub float_cmp: f64,
    pub float_math_func: f64,
    pub float_other_func: f64,
    pub int_mad: f64,
    pub int_add_sub: f64,
    pub int_mul: f64,
    pub int_div_mod: f64,
    pub int_cmp: f64,
    pub int_math_func: f64,
    pub int_other_func: f64,
    pub bool_op: f64,
    pub select_op: f64,
}

impl ArithOps {
    pub fn export(&self) -> [f64; 16] {
        [
            self.float_mad,
            self.float_add_sub,
            self.float_mul,
            self.float_div_mod,
            self.float_cmp,
            self.float_math_func,
            self.float_other_func,
            self.int_mad,
            self.int_add_sub,
            self.int_mul,
            self.int_div_mod,
            self.int_cmp,
            self.int_math_func,
            self.int_other_func,
            self.bool_op,
            self.select_op,
        ]
    }

    pub fn float_ops(&self) -> f64 {
        self.float_mad
            + self.float_add_sub
            + self.float_mul
            + self.float_div_mod
            + self.float_cmp
            + self.float_math_func
            + self.float_other_func
    }
}

/// Calls TVM marks pure (counted as math functions); the warp and tensor-core
/// ones have side effects or read other lanes (other functions).
fn is_pure(f: Intrinsic) -> bool {
    !matches!(
        f,
        Intrinsic::WarpActiveMask
            | Intrinsic::WarpShuffleDown
            | Intrinsic::WarpShuffle
            | Intrinsic::WmmaFill
            | Intrinsic::WmmaLoad
            | Intrinsic::WmmaMma
            | Intrinsic::WmmaStore
            | Intrinsic::MmaLdmatrix
            | Intrinsic::MmaSync
            | Intrinsic::MmaFill
            | Intrinsic::MmaStore
            | Intrinsic::WgmmaMma
            | Intrinsic::WgmmaFill
            | Intrinsic::WgmmaStore
            | Intrinsic::WgmmaFence
            | Intrinsic::WgmmaCommit
            | Intrinsic::WgmmaWait
            | Intrinsic::TmaLoad
            | Intrinsic::MbarrierInit
            | Intrinsic::MbarrierWait
    )
}

impl Ctx<'_, '_> {
    /// True where `e` is 0 once dropped unit loops read as 0 (TVM substitutes
    /// and simplifies before counting, so such terms cost nothing).
    fn is_zero(&self, e: &Expr) -> bool {
        match e {
            Expr::Int(0, _) => true,
            Expr::Var(v) => self.tree.resolve(*v).is_none(),
            Expr::Binary(BinOp::Mul, a, b) => self.is_zero(a) || self.is_zero(b),
            _ => false,
        }
    }

    pub fn count_ops(&self, e: &Expr, weight: f64, ops: &mut ArithOps) {
        match e {
            Expr::Binary(op, a, b) => {
                if self.is_zero(e) {
                    return;
                }
                let folds =
                    matches!(op, BinOp::Add | BinOp::Sub) && (self.is_zero(a) || self.is_zero(b));
                if !folds {
                    let float = self.dtype(a).is_float() && !op.is_comparison();
                    let counter = match (op, float) {
                        (BinOp::And | BinOp::Or, _) => &mut ops.bool_op,
                        (BinOp::Add | BinOp::Sub, true) => &mut ops.float_add_sub,
                        (BinOp::Add | BinOp::Sub, false) => &mut ops.int_add_sub,
                        (BinOp::Mul, true) => &mut ops.float_mul,
                        (BinOp::Mul, false) => &mut ops.int_mul,
                        (BinOp::Div | BinOp::Mod | BinOp::FloorDiv | BinOp::FloorMod, true) => {
                            &mut ops.float_div_mod
                        }
                        (BinOp::Div | BinOp::Mod | BinOp::FloorDiv | BinOp::FloorMod, false) => {
                            &mut ops.int_div_mod
                        }
                        (_, true) => &mut ops.float_cmp,
                        (_, false) => &mut ops.int_cmp,
                    };
                    *counter += weight;
                }
                self.count_ops(a, weight, ops);
                self.count_ops(b, weight, ops);
            }
            Expr::Not(a) => {
                ops.bool_op += weight;
                self.count_ops(a, weight, ops);
            }
            // A select of no load is the constant 1 to TVM's feature passes.
            Expr::Select(c, a, b) if has_load(c) || has_load(a) || has_load(b) => {
                ops.select_op += weight;
                for_each_operand(e, |x| self.count_ops(x, weight, ops));
            }
            Expr::Select(..) => {}
            Expr::Call(f, args) => {
                let float = self.dtype(e).is_float();
                let counter = match (is_pure(*f), float) {
                    (true, true) => &mut ops.float_math_func,
                    (true, false) => &mut ops.int_math_func,
                    (false, true) => &mut ops.float_other_func,
                    (false, false) => &mut ops.int_other_func,
                };
                *counter += weight;
                args.iter().for_each(|x| self.count_ops(x, weight, ops));
            }
            other => for_each_operand(other, |x| self.count_ops(x, weight, ops)),
        }
    }
}
