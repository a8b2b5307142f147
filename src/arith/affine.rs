//! Affine forms of integer index expressions: `c_1 * atom_1 + ... + c_n * atom_n + constant`.
//!
//! An atom is a variable or a non-linear integer sub-expression kept whole
//! (`floordiv(i, 4)`, `i * j`). This is the canonical form the simplifier prints:
//! terms in order of first appearance, constant last. Also holds the small
//! value-kind inference that decides which expressions are integers, and
//! TIR's floor division on constants.
//!
//! Invariant: knows only `ir`; all arithmetic is checked, overflow gives `None`.

use crate::ir::{BinOp, Buffer, DataType, Expr, Intrinsic, PrimFunc, VarArena, VarDecl, VarId};

/// An integer expression as a sum of coefficient * atom plus a constant.
#[derive(Clone, Debug, PartialEq)]
pub struct Affine {
    pub terms: Vec<(Expr, i64)>,
    pub constant: i64,
}

/// What kind of value an expression produces, as far as it can be told
/// without (or with) the owning function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    Float,
    Bool,
    Unknown,
}

/// Type context: with the variable and buffer arenas (of a function or of a
/// lowered kernel), dtypes are known; without them, variables are assumed to
/// be integers (index variables) and loads are of unknown kind.
#[derive(Clone, Copy, Default)]
pub struct TypeCtx<'a> {
    /// The variables (empty when `vars` holds them) and buffers.
    pub types: Option<(&'a [VarDecl], &'a [Buffer])>,
    /// A function's variables (`TypeCtx::new`), looked up before `types`'.
    vars: Option<&'a VarArena>,
}

impl<'a> TypeCtx<'a> {
    pub fn new(func: Option<&'a PrimFunc>) -> TypeCtx<'a> {
        TypeCtx {
            types: func.map(|f| (&[][..], f.buffers.as_slice())),
            vars: func.map(|f| &f.vars),
        }
    }

    /// The context of a lowered kernel's arenas.
    pub fn of(vars: &'a [VarDecl], buffers: &'a [Buffer]) -> TypeCtx<'a> {
        TypeCtx {
            types: Some((vars, buffers)),
            vars: None,
        }
    }

    fn var_decl(&self, v: VarId) -> Option<&'a VarDecl> {
        match self.vars {
            Some(arena) => arena.get(v.0 as usize),
            None => self.types.and_then(|(vars, _)| vars.get(v.0 as usize)),
        }
    }

    fn kind_of_dtype(t: DataType) -> Kind {
        if t.is_bool() {
            Kind::Bool
        } else if t.is_int() {
            Kind::Int
        } else {
            Kind::Float
        }
    }

    /// The kind of value `e` produces.
    pub fn kind(&self, e: &Expr) -> Kind {
        match e {
            Expr::Int(_, t) => Self::kind_of_dtype(*t),
            Expr::Float(..) => Kind::Float,
            Expr::Var(v) => match self.var_decl(*v) {
                Some(decl) => Self::kind_of_dtype(decl.dtype),
                None => Kind::Int,
            },
            Expr::Load(b, _) => match self.types.and_then(|(_, bufs)| bufs.get(b.0 as usize)) {
                Some(buf) => Self::kind_of_dtype(buf.dtype),
                None => Kind::Unknown,
            },
            Expr::Binary(op, a, b) => {
                if op.is_comparison() || op.is_logical() {
                    Kind::Bool
                } else {
                    join(self.kind(a), self.kind(b))
                }
            }
            Expr::Not(_) => Kind::Bool,
            Expr::Select(_, a, b) => join(self.kind(a), self.kind(b)),
            Expr::Cast(t, _) => Self::kind_of_dtype(*t),
            Expr::Call(f, args) => match f {
                Intrinsic::IfThenElse if args.len() == 3 => {
                    join(self.kind(&args[1]), self.kind(&args[2]))
                }
                Intrinsic::Likely => Kind::Bool,
                Intrinsic::WarpActiveMask => Kind::Int,
                Intrinsic::WarpShuffleDown | Intrinsic::WarpShuffle => {
                    args.get(1).map_or(Kind::Unknown, |a| self.kind(a))
                }
                Intrinsic::Abs
                | Intrinsic::Fabs
                | Intrinsic::Floor
                | Intrinsic::Ceil
                | Intrinsic::Round
                | Intrinsic::Trunc => args.first().map_or(Kind::Unknown, |a| self.kind(a)),
                f if f.bit_operator().is_some() => Kind::Int,
                _ => Kind::Float,
            },
            Expr::Opaque(o) => match &**o {
                crate::ir::Opaque::Call { dtype, .. } => Self::kind_of_dtype(*dtype),
                crate::ir::Opaque::ElemOffset(_) => Kind::Int,
                _ => Kind::Unknown,
            },
        }
    }

    pub fn is_int(&self, e: &Expr) -> bool {
        self.kind(e) == Kind::Int
    }

    /// The integer dtype of an index expression: that of its first typed
    /// operand (literal, cast, or variable and load when their types are
    /// known), else int32. Indices inside a load and arguments of calls do not
    /// count: `C[i] - 3` on an int64 `C` is int64 whatever `i` is.
    pub fn index_dtype(&self, e: &Expr) -> DataType {
        self.int_dtype(e).unwrap_or(DataType::I32)
    }

    /// `index_dtype` without its default.
    pub(crate) fn int_dtype(&self, e: &Expr) -> Option<DataType> {
        let int = |t: DataType| t.is_int().then_some(t);
        match e {
            Expr::Int(_, t) | Expr::Cast(t, _) => int(*t),
            Expr::Var(v) => self.var_decl(*v).and_then(|d| int(d.dtype)),
            Expr::Load(b, _) => self
                .types
                .and_then(|(_, bufs)| bufs.get(b.0 as usize))
                .and_then(|buf| int(buf.dtype)),
            Expr::Binary(op, a, b) if !(op.is_comparison() || op.is_logical()) => {
                self.int_dtype(a).or_else(|| self.int_dtype(b))
            }
            Expr::Select(_, a, b) => self.int_dtype(a).or_else(|| self.int_dtype(b)),
            Expr::Call(Intrinsic::IfThenElse, args) if args.len() == 3 => self
                .int_dtype(&args[1])
                .or_else(|| self.int_dtype(&args[2])),
            _ => None,
        }
    }

    /// The affine form of `e`, or `None` when `e` is not an integer expression.
    pub fn to_affine(&self, e: &Expr) -> Option<Affine> {
        let mut acc = Affine::constant(0);
        self.accumulate(e, 1, &mut acc)?;
        Some(acc)
    }

    /// Adds `k * e` to `acc`, term by term in order of appearance (one form
    /// built in place, not one per sub-expression).
    fn accumulate(&self, e: &Expr, k: i64, acc: &mut Affine) -> Option<()> {
        match e {
            Expr::Int(v, t) if t.is_int() => {
                acc.constant = acc.constant.checked_add(v.checked_mul(k)?)?;
                Some(())
            }
            Expr::Binary(BinOp::Add, a, b) => {
                self.accumulate(a, k, acc)?;
                self.accumulate(b, k, acc)
            }
            Expr::Binary(BinOp::Sub, a, b) => {
                self.accumulate(a, k, acc)?;
                self.accumulate(b, k.checked_neg()?, acc)
            }
            Expr::Binary(BinOp::Mul, a, b) => {
                let fb = self.to_affine(b)?;
                if let Some(c) = fb.as_const() {
                    return self.accumulate(a, k.checked_mul(c)?, acc);
                }
                let fa = self.to_affine(a)?;
                match fa.as_const() {
                    Some(c) => {
                        for (atom, x) in &fb.terms {
                            acc.add_term(atom.clone(), x.checked_mul(c)?.checked_mul(k)?)?;
                        }
                        let c0 = fb.constant.checked_mul(c)?.checked_mul(k)?;
                        acc.constant = acc.constant.checked_add(c0)?;
                        Some(())
                    }
                    None => acc.add_term(e.clone(), k),
                }
            }
            _ if self.is_int(e) => acc.add_term(e.clone(), k),
            _ => None,
        }
    }
}

impl TypeCtx<'_> {
    /// `k*c * floordiv(x, c) + k * floormod(x, c)` is `k * x` for `c > 0`: the
    /// two parts of a split index add back up to the index. Likewise
    /// `k*c * floormod(floordiv(x, c), m) + k * floormod(x, c)` is
    /// `k * floormod(x, c*m)` (the middle part of a three-way split joins the
    /// inner one), so `x // 3136 * 3136 + x // 56 % 56 * 56 + x % 56` is `x`;
    /// the middle part may also be written `floordiv(floormod(x, c*m), c)`.
    /// Both hold for every `x` under floor division. The form is returned
    /// unchanged where nothing recombines (or on overflow).
    pub fn recombine_div_mod(&self, mut f: Affine) -> Affine {
        loop {
            let found = f.terms.iter().enumerate().find_map(|(i, (a, k))| {
                let Expr::Binary(BinOp::FloorMod, x, c) = a else {
                    return None;
                };
                let c_value = c.as_int().filter(|c| *c > 0)?;
                let kd = k.checked_mul(c_value)?;
                f.terms.iter().enumerate().find_map(|(j, (b, kb))| {
                    if *kb != kd {
                        return None;
                    }
                    let joined = joined_split(b, x, c, c_value)?;
                    Some((i, j, joined, *k))
                })
            });
            let Some((i, j, joined, k)) = found else {
                return f;
            };
            let Some(joined) = self.to_affine(&joined).and_then(|x| x.scale(k)) else {
                return f;
            };
            let mut rest = f.clone();
            rest.terms.remove(i.max(j));
            rest.terms.remove(i.min(j));
            match rest.add(&joined) {
                Some(next) => f = next,
                None => return f,
            }
        }
    }
}

impl TypeCtx<'_> {
    /// `k*c * floordiv(x, c) + k * floormod(y, c)` is `k * x` when `x - y` is
    /// a multiple of `c` for every value of the variables: `floormod(y, c)`
    /// is then `floormod(x, c)`. The simplifier reduces a floormod's argument
    /// modulo `c` and leaves the floordiv's alone (a cooperative fetch's
    /// `floordiv(t % 36 * 4 + l, 9) * 9 + floormod(t * 4 + l, 9)`), so the
    /// parts of one split index no longer name the same `x`; TVM's canonical
    /// form joins them. Unchanged where nothing recombines (or on overflow).
    pub fn recombine_congruent_div_mod(&self, mut f: Affine) -> Affine {
        loop {
            let found = f.terms.iter().enumerate().find_map(|(i, (a, k))| {
                let Expr::Binary(BinOp::FloorMod, y, c) = a else {
                    return None;
                };
                let c = c.as_int().filter(|c| *c > 0)?;
                let kd = k.checked_mul(c)?;
                f.terms.iter().enumerate().find_map(|(j, (b, kb))| {
                    let Expr::Binary(BinOp::FloorDiv, x, c2) = b else {
                        return None;
                    };
                    (*kb == kd && c2.as_int() == Some(c) && self.congruent(x, y, c))
                        .then(|| (i, j, (**x).clone(), *k))
                })
            });
            let Some((i, j, x, k)) = found else {
                return f;
            };
            let Some(joined) = self.to_affine(&x).and_then(|x| x.scale(k)) else {
                return f;
            };
            let mut rest = f.clone();
            rest.terms.remove(i.max(j));
            rest.terms.remove(i.min(j));
            match rest.add(&joined) {
                Some(next) => f = next,
                None => return f,
            }
        }
    }

    /// Whether `x - y` is a multiple of `c` whatever the variables hold:
    /// with each `floormod(a, m)` written `a - m * floordiv(a, m)`, every
    /// coefficient and the constant of the difference are multiples of `c`.
    fn congruent(&self, x: &Expr, y: &Expr, c: i64) -> bool {
        let diff = self
            .to_affine(x)
            .zip(self.to_affine(y))
            .and_then(|(fx, fy)| fx.sub(&fy))
            .and_then(|d| self.expand_floormod(d));
        diff.is_some_and(|d| d.constant % c == 0 && d.terms.iter().all(|(_, k)| k % c == 0))
    }

    fn expand_floormod(&self, f: Affine) -> Option<Affine> {
        let mut out = Affine::constant(f.constant);
        for (atom, k) in f.terms {
            match &atom {
                Expr::Binary(BinOp::FloorMod, a, m) if m.as_int().is_some_and(|m| m > 0) => {
                    let m_value = m.as_int()?;
                    out = out.add(&self.to_affine(a)?.scale(k)?)?;
                    let outer = Expr::floordiv((**a).clone(), (**m).clone());
                    out.add_term(outer, k.checked_mul(m_value)?.checked_neg()?)?;
                }
                _ => out.add_term(atom, k)?,
            }
        }
        Some(out)
    }
}

/// What `b * c + floormod(x, c)` joins into, when `b` is the outer part of a
/// split of `x` by `c`: `x` for `floordiv(x, c)`, `floormod(x, c*m)` for
/// `floormod(floordiv(x, c), m)` with `m > 0`.
fn joined_split(b: &Expr, x: &Expr, c: &Expr, c_value: i64) -> Option<Expr> {
    let is_outer = |e: &Expr| {
        matches!(e, Expr::Binary(BinOp::FloorDiv, y, c2)
            if **y == *x && c2.as_int() == Some(c_value))
    };
    if is_outer(b) {
        return Some(x.clone());
    }
    // TVM's (and `fuse`'s) middle part `floordiv(floormod(x, c*m), c)`, the
    // same value as `floormod(floordiv(x, c), m)`.
    if let Expr::Binary(BinOp::FloorDiv, low, c2) = b {
        if c2.as_int() != Some(c_value) {
            return None;
        }
        let Expr::Binary(BinOp::FloorMod, y, cm) = &**low else {
            return None;
        };
        cm.as_int().filter(|v| *v > 0 && v % c_value == 0)?;
        return (**y == *x).then(|| Expr::floormod(x.clone(), (**cm).clone()));
    }
    let Expr::Binary(BinOp::FloorMod, inner, m) = b else {
        return None;
    };
    let m = m.as_int().filter(|m| *m > 0)?;
    if !is_outer(inner) {
        return None;
    }
    let Expr::Int(_, dtype) = c else {
        return None;
    };
    let cm = c_value
        .checked_mul(m)
        .filter(|cm| super::fold::fits(*cm, *dtype))?;
    Some(Expr::floormod(x.clone(), Expr::Int(cm, *dtype)))
}

fn join(a: Kind, b: Kind) -> Kind {
    match (a, b) {
        (Kind::Float, _) | (_, Kind::Float) => Kind::Float,
        (x, y) if x == y => x,
        _ => Kind::Unknown,
    }
}

/// The affine form of `e`, or `None` for non-integer expressions (or on overflow).
/// Variables are taken to be integers; loads, whose type is unknown here, are not.
pub fn to_affine(e: &Expr) -> Option<Affine> {
    TypeCtx::default().to_affine(e)
}

/// True when `e` is an integer expression (variables count as integers).
pub fn is_int_expr(e: &Expr) -> bool {
    TypeCtx::default().is_int(e)
}

impl Affine {
    pub fn constant(c: i64) -> Affine {
        Affine {
            terms: Vec::new(),
            constant: c,
        }
    }

    /// `1 * atom`.
    pub fn atom(e: Expr) -> Affine {
        // Room for the terms a sum adds to it (`add_owned` grows it).
        let mut terms = Vec::with_capacity(4);
        terms.push((e, 1));
        Affine { terms, constant: 0 }
    }

    /// The value when there are no terms.
    pub fn as_const(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    /// Adds `c * atom`, merging with an equal atom and dropping zero terms.
    pub fn add_term(&mut self, atom: Expr, c: i64) -> Option<()> {
        if let Some(pos) = self.terms.iter().position(|(a, _)| *a == atom) {
            let sum = self.terms[pos].1.checked_add(c)?;
            if sum == 0 {
                self.terms.remove(pos);
            } else {
                self.terms[pos].1 = sum;
            }
        } else if c != 0 {
            self.terms.push((atom, c));
        }
        Some(())
    }

    pub fn add(&self, other: &Affine) -> Option<Affine> {
        let mut res = self.clone();
        for (a, c) in &other.terms {
            res.add_term(a.clone(), *c)?;
        }
        res.constant = res.constant.checked_add(other.constant)?;
        Some(res)
    }

    /// `self + other`, moving the atoms of both (as `add`, without copies).
    pub fn add_owned(mut self, other: Affine) -> Option<Affine> {
        for (a, c) in other.terms {
            self.add_term(a, c)?;
        }
        self.constant = self.constant.checked_add(other.constant)?;
        Some(self)
    }

    /// `self * k`, in place (as `scale`, without copies).
    pub fn scale_owned(mut self, k: i64) -> Option<Affine> {
        if k == 0 {
            return Some(Affine::constant(0));
        }
        for (_, c) in &mut self.terms {
            *c = c.checked_mul(k)?;
        }
        self.constant = self.constant.checked_mul(k)?;
        Some(self)
    }

    pub fn sub(&self, other: &Affine) -> Option<Affine> {
        self.add(&other.scale(-1)?)
    }

    pub fn scale(&self, k: i64) -> Option<Affine> {
        if k == 0 {
            return Some(Affine::constant(0));
        }
        let terms = self
            .terms
            .iter()
            .map(|(a, c)| Some((a.clone(), c.checked_mul(k)?)))
            .collect::<Option<Vec<_>>>()?;
        Some(Affine {
            terms,
            constant: self.constant.checked_mul(k)?,
        })
    }

    /// True when some atom mentions `v`.
    pub fn uses_var(&self, v: VarId) -> bool {
        self.terms.iter().any(|(a, _)| a.uses_var(v))
    }

    /// Coefficient of the variable `v` as a term of its own (0 when absent).
    pub fn coeff_of(&self, v: VarId) -> i64 {
        self.terms
            .iter()
            .find(|(a, _)| *a == Expr::Var(v))
            .map_or(0, |(_, c)| *c)
    }

    /// The expression with int32 constants.
    pub fn to_expr(&self) -> Expr {
        self.to_expr_typed(DataType::I32)
    }

    /// The canonical expression: the first positive term leads, the other terms
    /// follow in order (negative ones subtracted), the constant comes last.
    /// When no term is positive a positive constant leads (`16 - i`).
    pub fn to_expr_typed(&self, dtype: DataType) -> Expr {
        self.clone().into_expr_typed(dtype)
    }

    /// `to_expr_typed`, moving the atoms into the expression.
    pub fn into_expr_typed(self, dtype: DataType) -> Expr {
        let lit = |v: i64| Expr::Int(v, dtype);
        let scaled = |a: Expr, c: i64| {
            if c == 1 {
                a
            } else {
                Expr::mul(a, lit(c))
            }
        };
        let lead = self.terms.iter().position(|(_, c)| *c > 0);
        let mut terms: Vec<Option<(Expr, i64)>> = self.terms.into_iter().map(Some).collect();
        let mut acc = match lead.and_then(|i| terms[i].take()) {
            Some((a, c)) => Some(scaled(a, c)),
            None if self.constant > 0 => Some(lit(self.constant)),
            None => None,
        };
        for (a, c) in terms.into_iter().flatten() {
            acc = Some(match acc {
                None => scaled(a, c),
                Some(x) if c < 0 && c != i64::MIN => Expr::sub(x, scaled(a, -c)),
                Some(x) => Expr::add(x, scaled(a, c)),
            });
        }
        let constant_led = lead.is_none() && self.constant > 0;
        match acc {
            None => lit(self.constant),
            Some(x) if constant_led || self.constant == 0 => x,
            Some(x) if self.constant < 0 && self.constant != i64::MIN => {
                Expr::sub(x, lit(-self.constant))
            }
            Some(x) => Expr::add(x, lit(self.constant)),
        }
    }
}

// One floor division for the whole crate (the interpreter and simulator use it too).
pub use crate::numeric::{checked_floor_div as floor_div, checked_floor_mod as floor_mod};

#[cfg(test)]
mod tests {
    use super::*;

    fn v(i: u32) -> Expr {
        Expr::Var(VarId(i))
    }

    #[test]
    fn collects_like_terms_in_order_of_appearance() {
        // i_0 * 16 + i_1 + 0
        let e = Expr::add(
            Expr::add(Expr::mul(v(0), Expr::int(16)), v(1)),
            Expr::int(0),
        );
        let a = to_affine(&e).unwrap();
        assert_eq!(a.terms, vec![(v(0), 16), (v(1), 1)]);
        assert_eq!(a.constant, 0);
        assert_eq!(a.coeff_of(VarId(0)), 16);
        assert_eq!(a.coeff_of(VarId(7)), 0);
        assert_eq!(a.to_expr(), Expr::add(Expr::mul(v(0), Expr::int(16)), v(1)));
    }

    #[test]
    fn cancels_terms() {
        // (i*2 + 3) - (i*2) = 3
        let e = Expr::sub(
            Expr::add(Expr::mul(v(0), Expr::int(2)), Expr::int(3)),
            Expr::mul(v(0), Expr::int(2)),
        );
        assert_eq!(to_affine(&e).unwrap().to_expr(), Expr::int(3));
    }

    #[test]
    fn non_linear_products_are_atoms() {
        let ij = Expr::mul(v(0), v(1));
        let e = Expr::add(ij.clone(), Expr::mul(Expr::int(2), ij.clone()));
        let a = to_affine(&e).unwrap();
        assert_eq!(a.terms, vec![(ij.clone(), 3)]);
        assert_eq!(a.to_expr(), Expr::mul(ij, Expr::int(3)));
    }

    #[test]
    fn non_integer_expressions_have_no_affine_form() {
        assert!(to_affine(&Expr::Float(1.0, DataType::F32)).is_none());
        assert!(to_affine(&Expr::add(v(0), Expr::Float(1.0, DataType::F32))).is_none());
        assert!(to_affine(&Expr::Load(crate::ir::BufferId(0), vec![v(0)])).is_none());
        assert!(to_affine(&Expr::lt(v(0), v(1))).is_none());
    }

    #[test]
    fn canonical_printing_of_signs() {
        let a = Affine {
            terms: vec![(v(0), -1)],
            constant: 16,
        };
        assert_eq!(a.to_expr(), Expr::sub(Expr::int(16), v(0)));
        let b = Affine {
            terms: vec![(v(0), -1), (v(1), 1)],
            constant: -2,
        };
        assert_eq!(b.to_expr(), Expr::sub(Expr::sub(v(1), v(0)), Expr::int(2)));
        let c = Affine {
            terms: vec![(v(0), -2)],
            constant: 0,
        };
        assert_eq!(c.to_expr(), Expr::mul(v(0), Expr::int(-2)));
        assert_eq!(Affine::constant(-5).to_expr(), Expr::int(-5));
        // Re-reading the printed form gives the same form back.
        for f in [a, b, c] {
            let e = f.to_expr();
            assert_eq!(to_affine(&e).unwrap().to_expr(), e);
        }
    }

    #[test]
    fn overflow_gives_none() {
        let e = Expr::mul(Expr::mul(v(0), Expr::int(i64::MAX)), Expr::int(2));
        assert!(to_affine(&e).is_none());
    }

    #[test]
    fn floor_division_semantics() {
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(-7, -2), Some(3));
        assert_eq!(floor_mod(-7, 2), Some(1));
        assert_eq!(floor_mod(7, -2), Some(-1));
        assert_eq!(floor_mod(-8, 4), Some(0));
        assert_eq!(floor_div(1, 0), None);
        assert_eq!(floor_div(i64::MIN, -1), None);
    }

    #[test]
    fn kinds_with_function_types() {
        let mut f = PrimFunc {
            name: "f".into(),
            params: Vec::new(),
            attrs: Vec::new(),
            vars: Default::default(),
            buffers: Default::default(),
            body: crate::ir::Stmt::Seq(Vec::new()),
            next_loop_id: 0,
            next_block_id: 0,
            param_layouts: Vec::new(),
            unprinted_reads: Vec::new(),
            tensor_intrins: Default::default(),
        };
        let x = f.new_var("x", DataType::F32);
        let i = f.new_var("i", DataType::I64);
        let ctx = TypeCtx::new(Some(&f));
        assert_eq!(ctx.kind(&Expr::Var(x)), Kind::Float);
        assert!(ctx
            .to_affine(&Expr::sub(Expr::Var(x), Expr::Var(x)))
            .is_none());
        assert_eq!(ctx.index_dtype(&Expr::Var(i)), DataType::I64);
        // A load's own indices do not type the expression around it.
        let c = f.new_buffer(crate::ir::Buffer::new(
            "C",
            vec![Expr::int(8)],
            DataType::I64,
        ));
        let j = f.new_var("j", DataType::I32);
        let ctx = TypeCtx::new(Some(&f));
        let load = Expr::Load(c, vec![Expr::Var(j)]);
        assert_eq!(
            ctx.index_dtype(&Expr::sub(load, Expr::int(3))),
            DataType::I64
        );
        let cast = Expr::Cast(DataType::I64, Box::new(Expr::Var(j)));
        assert_eq!(
            ctx.index_dtype(&Expr::add(cast, Expr::int(1))),
            DataType::I64
        );
        assert_eq!(TypeCtx::default().kind(&Expr::Var(x)), Kind::Int);
    }
}
