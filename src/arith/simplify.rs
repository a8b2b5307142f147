//! Expression simplification: constant folding with TIR semantics, identities,
//! the affine canonical form of integer index expressions, and floordiv/floormod
//! rules that use known variable ranges.
//!
//! TVM: src/arith/rewrite_simplify.cc, src/arith/canonical_simplify.cc.
//! Invariant: knows only `ir`; pure, never panics, always terminates (one
//! bottom-up pass; the division rules recurse only on smaller divisors or
//! smaller sub-expressions). Floats are folded, never reassociated.

use super::affine::{floor_div, floor_mod, Affine, Kind, TypeCtx};
use super::bound::{Bounder, VarRanges};
use super::fold::{
    bool_lit, decide_cmp, fits, float_lit, fold_consts, int_lit, logic, negate_cmp, round_to,
};
use crate::ir::{BinOp, DataType, Expr, Intrinsic, PrimFunc};

/// Constant folding, identities and the affine canonical form of integer index
/// expressions (`by * 16 + ty * 4 + 2`: terms in order of first appearance,
/// constant last). Variables are taken to be integers.
pub fn simplify(e: &Expr) -> Expr {
    let empty = VarRanges::new();
    Simplifier::new(TypeCtx::default(), &empty).simp(e)
}

/// Like `simplify`, but knowing integer ranges of variables: `floordiv(i_0*16 + i_1, 16)`
/// is `i_0` when `i_1` is in [0, 16), `i < 1024` is true when `i` is in [0, 1024).
pub fn simplify_with(e: &Expr, ranges: &VarRanges) -> Expr {
    Simplifier::new(TypeCtx::default(), ranges).simp(e)
}

/// `simplify_with(&Expr::binary(op, a, b), ranges)` for operands that are
/// `simplify_with`'s output already: for every operator but `+`, `-`, `*`
/// (whose operands' forms are read again), only the operator's own rules,
/// without simplifying the operands again.
pub(crate) fn simplify_binary_of_simplified(
    op: BinOp,
    a: Expr,
    b: Expr,
    ranges: &VarRanges,
) -> Expr {
    let s = Simplifier::new(TypeCtx::default(), ranges);
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul => s.simp(&Expr::binary(op, a, b)),
        _ => s.binary(op, a, b),
    }
}

/// Like `simplify_with`, with the variable and buffer dtypes of `func` when given
/// (so float variables and integer loads are told apart).
pub fn simplify_in(func: Option<&PrimFunc>, e: &Expr, ranges: &VarRanges) -> Expr {
    simplify_typed(TypeCtx::new(func), e, ranges)
}

/// Like `simplify_in`, with the dtypes of any type context (a lowered kernel's arenas).
pub fn simplify_typed(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> Expr {
    Simplifier::new(ctx, ranges).simp(e)
}

/// The affine form of `e` when `e` is an int32 linear sum (see
/// `Simplifier::linear_bound`) whose numbers cannot leave int32 at any level
/// (the sum of the magnitudes of its literals, multiplied through its
/// products, fits), so `simplify_typed` folds every level of it: its result is
/// this form printed, with the terms in an order of `simplify_typed`'s own.
/// For callers that reorder the terms anyway (`order::simplify_kernel`), at
/// the cost of one walk and one form. `None` otherwise.
pub(crate) fn linear_i32_sum(ctx: TypeCtx, e: &Expr) -> Option<Affine> {
    if !matches!(e, Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..)) {
        return None;
    }
    let empty = VarRanges::new();
    let s = Simplifier::new(ctx, &empty);
    let bound = s.linear_bound(e)?;
    if bound > i32::MAX as u64 {
        return None;
    }
    ctx.to_affine(e)
}

struct Simplifier<'a> {
    ctx: TypeCtx<'a>,
    ranges: &'a VarRanges,
}

impl<'a> Simplifier<'a> {
    fn new(ctx: TypeCtx<'a>, ranges: &'a VarRanges) -> Simplifier<'a> {
        Simplifier { ctx, ranges }
    }

    fn bounds(&self, e: &Expr) -> Option<(i64, i64)> {
        Bounder::new(self.ranges, self.ctx).bounds(e)
    }

    fn affine_bounds(&self, a: &Affine) -> Option<(i64, i64)> {
        Bounder::new(self.ranges, self.ctx).affine(a, 0)
    }

    fn simp(&self, e: &Expr) -> Expr {
        match e {
            Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => e.clone(),
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
                if let Some(f) = self.linear_form(e) {
                    return f.into_expr_typed(DataType::I32);
                }
                self.arith_node(*op, a, b, false).into_expr(self, e)
            }
            Expr::Binary(op, a, b) => self.binary(*op, self.simp(a), self.simp(b)),
            Expr::Not(a) => self.not(self.simp(a)),
            Expr::Select(c, a, b) => self.select(self.simp(c), self.simp(a), self.simp(b)),
            Expr::Cast(t, a) => self.cast(*t, self.simp(a)),
            Expr::Load(buf, idx) => Expr::Load(*buf, idx.iter().map(|i| self.simp(i)).collect()),
            Expr::Call(f, args) => self.call(*f, args.iter().map(|a| self.simp(a)).collect()),
            // Builtins are kept as written; their arguments simplify (TVM's do too).
            Expr::Opaque(o) => {
                let mut o = o.clone();
                o.args_mut().iter_mut().for_each(|a| *a = self.simp(a));
                Expr::Opaque(o)
            }
        }
    }

    /// `arith_node(.., false)`'s form of an int32 linear sum (`linear_bound`),
    /// which is all the common index expressions need, without its general
    /// machinery (issue 13): the same forms combined in the same order (a
    /// level below the top is read back as `reread_form` says), and `None`
    /// wherever `arith_node` would keep a node unfolded (a number that does
    /// not fit int32, an overflow) or folds nothing (a product of two
    /// variables): the caller takes the general path then.
    fn linear_form(&self, e: &Expr) -> Option<Affine> {
        self.linear_bound(e)?;
        self.linear_level(e, true)
    }

    fn linear_level(&self, e: &Expr, top: bool) -> Option<Affine> {
        let (op, a, b) = match e {
            Expr::Int(v, _) => return Some(Affine::constant(*v)),
            Expr::Binary(op, a, b) => (*op, a, b),
            _ => return Some(Affine::atom(e.clone())),
        };
        let fa = self.linear_level(a, false)?;
        let fb = self.linear_level(b, false)?;
        let f = match (op, fa.as_const(), fb.as_const()) {
            (BinOp::Add, _, _) => fa.add_owned(fb)?,
            (BinOp::Sub, _, _) => fa.add_owned(fb.scale_owned(-1)?)?,
            (_, _, Some(c)) => fa.scale_owned(c)?,
            (_, Some(c), None) => fb.scale_owned(c)?,
            _ => return None,
        };
        if !fits_form(&f, DataType::I32) {
            return None;
        }
        Some(if top { f } else { reread_form(f) })
    }

    /// For an int32 linear sum (`+`, `-`, `*` over int32 literals and integer
    /// variables that are int32 or untyped, every `*` with a literal operand:
    /// its simplification is its affine form printed, whatever the ranges), a
    /// bound on the magnitudes of the numbers of every level's form
    /// (coefficients and constant together; literals count at least 1, so the
    /// bound never shrinks going up); `None` for any other expression.
    fn linear_bound(&self, e: &Expr) -> Option<u64> {
        match e {
            Expr::Int(v, DataType::I32) => Some(v.unsigned_abs().max(1)),
            Expr::Var(_) => self.linear_var(e).then_some(1),
            Expr::Binary(BinOp::Add | BinOp::Sub, a, b) => {
                Some(self.linear_bound(a)?.saturating_add(self.linear_bound(b)?))
            }
            Expr::Binary(BinOp::Mul, a, b) => {
                let lit = |x: &Expr| matches!(x, Expr::Int(_, DataType::I32));
                if !(lit(a) || lit(b)) {
                    return None;
                }
                Some(self.linear_bound(a)?.saturating_mul(self.linear_bound(b)?))
            }
            _ => None,
        }
    }

    /// An integer variable that is int32 or untyped.
    fn linear_var(&self, e: &Expr) -> bool {
        self.ctx.kind(e) == Kind::Int && matches!(self.ctx.int_dtype(e), None | Some(DataType::I32))
    }

    /// `simp(e)` with `to_affine` of the result, which a `+`/`-`/`*` parent
    /// combines instead of reading the whole simplified subtree again.
    fn simp_with_form(&self, e: &Expr) -> Part {
        match e {
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
                self.arith_node(*op, a, b, true)
            }
            _ => {
                let s = self.simp(e);
                let form = self.ctx.to_affine(&s);
                Part::built(s, form)
            }
        }
    }

    /// `binary(op, simp(a), simp(b))` for `+`, `-`, `*`, built bottom-up: the
    /// affine form of the node is the children's forms combined (exactly what
    /// `to_affine` of the node gives), so each level costs its own terms, not
    /// its whole subtree. With `want_form`, also `to_affine` of the result,
    /// and the result may stay pending: a chain of `+`/`*` builds its
    /// expression once, at the top, not once per level.
    fn arith_node(&self, op: BinOp, a: &Expr, b: &Expr, want_form: bool) -> Part {
        let mut pa = self.simp_with_form(a);
        let mut pb = self.simp_with_form(b);
        let form_of = |e: &Expr| {
            if want_form {
                self.ctx.to_affine(e)
            } else {
                None
            }
        };
        // A pending part has a term, so it is no literal: nothing folds.
        if let (Some(sa), Some(sb)) = (&pa.built, &pb.built) {
            if let Some(folded) = fold_consts(op, sa, sb) {
                let form = form_of(&folded);
                return Part::built(folded, form);
            }
        }
        if !(self.part_is_int(&pa) && self.part_is_int(&pb)) {
            let res = self.arith(op, pa.into_expr(self, a), pb.into_expr(self, b));
            let form = form_of(&res);
            return Part::built(res, form);
        }
        if pa.leafwise || pb.leafwise {
            let res = self.arith(op, pa.into_expr(self, a), pb.into_expr(self, b));
            let form = self.ctx.to_affine(&res);
            let dtype = self.ctx.index_dtype(&res);
            let leafwise = !form.as_ref().is_some_and(|f| fits_form(f, dtype));
            return Part {
                leafwise,
                ..Part::built(res, form.filter(|_| want_form))
            };
        }
        // As `TypeCtx::index_dtype` of the node.
        let dtype = self
            .part_int_dtype(&pa)
            .or_else(|| self.part_int_dtype(&pb))
            .unwrap_or(DataType::I32);
        let consts = match (&pa.form, &pb.form) {
            (Some(fa), Some(fb)) => Some((fa.as_const(), fb.as_const())),
            _ => None,
        };
        let form = match (consts, pa.take_form(), pb.take_form()) {
            (Some(_), Some(fa), Some(fb)) if op == BinOp::Add => fa.add_owned(fb),
            (Some(_), Some(fa), Some(fb)) if op == BinOp::Sub => {
                fb.scale_owned(-1).and_then(|fb| fa.add_owned(fb))
            }
            (Some((_, Some(c))), Some(fa), fb) => {
                pb.form = fb;
                fa.scale_owned(c)
            }
            (Some((Some(c), None)), fa, Some(fb)) => {
                pa.form = fa;
                fb.scale_owned(c)
            }
            (Some((None, None)), fa, fb) => {
                (pa.form, pb.form) = (fa, fb);
                let sa = pa.built_expr(self, a).clone();
                let sb = pb.built_expr(self, b).clone();
                Some(Affine::atom(Expr::binary(op, sa, sb)))
            }
            (_, fa, fb) => {
                (pa.form, pb.form) = (fa, fb);
                None
            }
        };
        // As `arith`: a split index's parts add back up first.
        let recombines = form.as_ref().is_some_and(|f| {
            f.terms
                .iter()
                .any(|(a, _)| matches!(a, Expr::Binary(BinOp::FloorMod, ..)))
        });
        // What reading the node again gives, when it stays (kept only if wanted).
        let unrecombined = (want_form && recombines).then(|| form.clone()).flatten();
        let form = form.map(|f| self.ctx.recombine_div_mod(f));
        match form {
            Some(f) if fits_form(&f, dtype) => {
                if !want_form {
                    return Part::built(f.into_expr_typed(dtype), None);
                }
                if recombines {
                    // Something may have recombined: the result is read again.
                    let res = f.into_expr_typed(dtype);
                    let reread = self.ctx.to_affine(&res);
                    return Part::built(res, reread);
                }
                // Without a floormod term nothing recombined: the printed form
                // reads back as `reread_form` says, and prints as `f` does.
                Part::pending(reread_form(f), dtype)
            }
            // Not affine, or a number does not fit the type: the node stays.
            f => {
                let f = if recombines { unrecombined } else { f };
                let node = Expr::binary(op, pa.into_expr(self, a), pb.into_expr(self, b));
                Part {
                    leafwise: true,
                    ..Part::built(node, f.filter(|_| want_form))
                }
            }
        }
    }

    /// `TypeCtx::is_int` of a part's expression (a pending one is an
    /// integer sum: its atoms are integers and its literals of an integer type).
    fn part_is_int(&self, p: &Part) -> bool {
        match &p.built {
            Some(e) => self.ctx.is_int(e),
            None => true,
        }
    }

    /// `TypeCtx::int_dtype` of a part's expression, without building it: the
    /// first typed leaf of `Affine::into_expr_typed`'s sum, in printed order.
    fn part_int_dtype(&self, p: &Part) -> Option<DataType> {
        let (f, dtype) = match (&p.built, &p.form) {
            (Some(e), _) => return self.ctx.int_dtype(e),
            (None, Some(f)) => (f, p.dtype),
            (None, None) => return None,
        };
        let lead = f.terms.iter().position(|(_, c)| *c > 0);
        if lead.is_none() && f.constant > 0 {
            return Some(dtype);
        }
        let rest = (0..f.terms.len()).filter(|i| Some(*i) != lead);
        for (n, i) in lead.into_iter().chain(rest).enumerate() {
            let (atom, c) = &f.terms[i];
            if let Some(t) = self.ctx.int_dtype(atom) {
                return Some(t);
            }
            // Later negative terms are subtracted, written with `-c`.
            let written = if n > 0 && *c < 0 && *c != i64::MIN {
                -c
            } else {
                *c
            };
            if written != 1 {
                return Some(dtype);
            }
        }
        (f.constant != 0).then_some(dtype)
    }

    fn binary(&self, op: BinOp, a: Expr, b: Expr) -> Expr {
        if let Some(folded) = fold_consts(op, &a, &b) {
            return folded;
        }
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul => self.arith(op, a, b),
            BinOp::Div | BinOp::Mod => self.trunc_div(op, a, b),
            BinOp::FloorDiv | BinOp::FloorMod => self.floor_div_mod(op, a, b),
            BinOp::Min | BinOp::Max => self.min_max(op, a, b),
            BinOp::And | BinOp::Or => logic(op, a, b),
            _ => self.compare(op, a, b),
        }
    }

    fn both_int(&self, a: &Expr, b: &Expr) -> bool {
        self.ctx.is_int(a) && self.ctx.is_int(b)
    }

    fn arith(&self, op: BinOp, a: Expr, b: Expr) -> Expr {
        let node = Expr::binary(op, a, b);
        if self.ctx.kind(&node) == Kind::Int {
            let dtype = self.ctx.index_dtype(&node);
            let form = self
                .ctx
                .to_affine(&node)
                .map(|f| self.ctx.recombine_div_mod(f));
            return match form.and_then(|f| emit_owned(f, dtype)) {
                Some(res) => res,
                None => node,
            };
        }
        let Expr::Binary(_, a, b) = node else {
            return node;
        };
        // Identities that hold for every type (`x + 0` only with an integer zero,
        // since `-0.0 + 0.0` is `0.0`).
        let is_int = |e: &Expr, v: i64| int_lit(e).is_some_and(|(x, _)| x == v);
        let is_one = |e: &Expr| is_int(e, 1) || float_lit(e).is_some_and(|(x, _)| x == 1.0);
        match op {
            BinOp::Add if is_int(&b, 0) => *a,
            BinOp::Add if is_int(&a, 0) => *b,
            BinOp::Sub if is_int(&b, 0) => *a,
            BinOp::Mul if is_one(&b) => *a,
            BinOp::Mul if is_one(&a) => *b,
            _ => Expr::Binary(op, a, b),
        }
    }

    fn trunc_div(&self, op: BinOp, a: Expr, b: Expr) -> Expr {
        if self.both_int(&a, &b) {
            if let Some(c) = b.as_int() {
                if c == 1 {
                    return if op == BinOp::Div {
                        a
                    } else {
                        Expr::Int(0, self.ctx.index_dtype(&a))
                    };
                }
                // Truncation equals floor on a non-negative dividend.
                if c > 0 && self.bounds(&a).is_some_and(|(lo, _)| lo >= 0) {
                    let fop = if op == BinOp::Div {
                        BinOp::FloorDiv
                    } else {
                        BinOp::FloorMod
                    };
                    return self.floor_div_mod(fop, a, b);
                }
            }
        } else if op == BinOp::Div && float_lit(&b).is_some_and(|(x, _)| x == 1.0) {
            return a;
        }
        Expr::binary(op, a, b)
    }

    fn floor_div_mod(&self, op: BinOp, a: Expr, b: Expr) -> Expr {
        let c = match b.as_int() {
            Some(c) if c > 0 && self.both_int(&a, &b) => c,
            _ => return Expr::binary(op, a, b),
        };
        let res = if op == BinOp::FloorDiv {
            self.floordiv_const(&a, c)
        } else {
            self.floormod_const(&a, c)
        };
        res.unwrap_or_else(|| Expr::binary(op, a, b))
    }

    /// `floordiv(a, c)` for `c > 0`, simplified; `None` when `a` has no affine form.
    fn floordiv_const(&self, a: &Expr, c: i64) -> Option<Expr> {
        let dtype = self.ctx.index_dtype(a);
        let aff = self.ctx.to_affine(a)?;
        let (quot, rest) = split_divisible(&aff, c)?;
        let inner = self.floordiv_rest(&rest, c, dtype)?;
        emit(&quot.add(&inner)?, dtype)
    }

    /// `floordiv(rest, c)` where no term of `rest` is a multiple of `c` and its
    /// constant is in [0, c).
    fn floordiv_rest(&self, rest: &Affine, c: i64, dtype: DataType) -> Option<Affine> {
        if rest.terms.is_empty() {
            return Some(Affine::constant(floor_div(rest.constant, c)?));
        }
        if let Some((lo, hi)) = self.affine_bounds(rest) {
            let q = floor_div(lo, c)?;
            if Some(q) == floor_div(hi, c) {
                return Some(Affine::constant(q));
            }
        }
        // floordiv(k*x + y, c) = (k // c)*x + floordiv((k % c)*x + y, c), kept
        // only where the reduced division is a constant over the ranges (TVM:
        // `c_o * 22` for `c_o * 45 // 2` with c_o over [0, 2)).
        if let Some(split) = self.split_coefficients(rest, c) {
            return Some(split);
        }
        // floordiv(g*X + y, c) = floordiv(X, c/g) when g divides c and 0 <= y < g.
        for g in gcd_candidates(rest, c) {
            if let Some(x) = self.factor(rest, g) {
                if c / g == 1 {
                    return Some(x);
                }
                let inner = self.floordiv_const(&x.to_expr_typed(dtype), c / g)?;
                return self.ctx.to_affine(&inner);
            }
        }
        // floordiv(floordiv(x, c1), c) = floordiv(x, c1 * c) for positive divisors.
        if let Some((Expr::Binary(BinOp::FloorDiv, x, c1), 1)) = single_atom(rest) {
            if let Some(c2) = c1
                .as_int()
                .filter(|c1| *c1 > 0)
                .and_then(|c1| c1.checked_mul(c))
            {
                if let Some(inner) = self.floordiv_const(x, c2) {
                    return self.ctx.to_affine(&inner);
                }
            }
        }
        let node = Expr::floordiv(rest.to_expr_typed(dtype), Expr::Int(c, dtype));
        Some(Affine::atom(node))
    }

    /// `floordiv(rest, c)` as `(k // c)*x` for each term with `|k| >= c`, plus
    /// the constant quotient of the reduced terms; `None` when no coefficient
    /// reaches `c` or the reduced quotient is not one constant.
    fn split_coefficients(&self, rest: &Affine, c: i64) -> Option<Affine> {
        if rest.terms.iter().all(|(_, k)| k.abs() < c) {
            return None;
        }
        let mut whole = Affine::constant(0);
        let mut reduced = Affine::constant(rest.constant);
        for (atom, k) in &rest.terms {
            whole.add_term(atom.clone(), floor_div(*k, c)?)?;
            reduced.add_term(atom.clone(), floor_mod(*k, c)?)?;
        }
        let (lo, hi) = self.affine_bounds(&reduced)?;
        let q = floor_div(lo, c)?;
        (Some(q) == floor_div(hi, c)).then_some(())?;
        whole.add(&Affine::constant(q))
    }

    /// `floormod(a, c)` for `c > 0`, simplified; `None` when `a` has no affine form.
    fn floormod_const(&self, a: &Expr, c: i64) -> Option<Expr> {
        let dtype = self.ctx.index_dtype(a);
        let aff = self.ctx.to_affine(a)?;
        let (_, rest) = split_divisible(&aff, c)?;
        emit(&self.floormod_rest(&rest, c, dtype)?, dtype)
    }

    fn floormod_rest(&self, rest: &Affine, c: i64, dtype: DataType) -> Option<Affine> {
        if rest.terms.is_empty() {
            return Some(Affine::constant(rest.constant));
        }
        if let Some((lo, hi)) = self.affine_bounds(rest) {
            let q = floor_div(lo, c)?;
            if Some(q) == floor_div(hi, c) {
                return rest.sub(&Affine::constant(q.checked_mul(c)?));
            }
        }
        // floormod(g*X + y, c) = floormod(X, c/g) * g + y when g divides c and 0 <= y < g.
        for g in gcd_candidates(rest, c) {
            if let Some(x) = self.factor(rest, g) {
                let y = rest.sub(&x.scale(g)?)?;
                if c / g == 1 {
                    return Some(y);
                }
                let inner = self.floormod_const(&x.to_expr_typed(dtype), c / g)?;
                return self.ctx.to_affine(&inner)?.scale(g)?.add(&y);
            }
        }
        // floormod(floormod(x, c1), c) = floormod(x, c) when c divides c1.
        if let Some((Expr::Binary(BinOp::FloorMod, x, c1), 1)) = single_atom(rest) {
            if c1.as_int().is_some_and(|c1| c1 > 0 && c1 % c == 0) {
                if let Some(inner) = self.floormod_const(x, c) {
                    return self.ctx.to_affine(&inner);
                }
            }
        }
        let node = Expr::floormod(rest.to_expr_typed(dtype), Expr::Int(c, dtype));
        Some(Affine::atom(node))
    }

    /// Splits `rest` as `g * X + y` with `y` provably in [0, g); returns `X`.
    fn factor(&self, rest: &Affine, g: i64) -> Option<Affine> {
        let mut x = Affine::constant(floor_div(rest.constant, g)?);
        let mut y = Affine::constant(floor_mod(rest.constant, g)?);
        for (atom, k) in &rest.terms {
            if k % g == 0 {
                x.add_term(atom.clone(), k / g)?;
            } else {
                y.add_term(atom.clone(), *k)?;
            }
        }
        if x.terms.is_empty() {
            return None;
        }
        let in_range = match self.affine_bounds(&y) {
            Some((lo, hi)) => lo >= 0 && hi < g,
            None => false,
        };
        in_range.then_some(x)
    }

    fn min_max(&self, op: BinOp, a: Expr, b: Expr) -> Expr {
        if a == b {
            return a;
        }
        if self.both_int(&a, &b) {
            let diff = self
                .ctx
                .to_affine(&a)
                .zip(self.ctx.to_affine(&b))
                .and_then(|(fa, fb)| fa.add_owned(fb.scale_owned(-1)?));
            if let Some((lo, hi)) = diff.and_then(|d| self.affine_bounds(&d)) {
                let a_smaller = if hi <= 0 {
                    Some(true)
                } else if lo >= 0 {
                    Some(false)
                } else {
                    None
                };
                if let Some(a_smaller) = a_smaller {
                    return if a_smaller == (op == BinOp::Min) {
                        a
                    } else {
                        b
                    };
                }
            }
        }
        Expr::binary(op, a, b)
    }

    fn compare(&self, op: BinOp, a: Expr, b: Expr) -> Expr {
        if self.both_int(&a, &b) {
            let diff = self
                .ctx
                .to_affine(&a)
                .zip(self.ctx.to_affine(&b))
                .and_then(|(fa, fb)| fa.add_owned(fb.scale_owned(-1)?));
            if let Some(iv) = diff.and_then(|d| self.affine_bounds(&d)) {
                if let Some(v) = decide_cmp(op, iv) {
                    return Expr::bool(v);
                }
            }
            if let Some(moved) = self.move_constant(op, &a, &b) {
                return moved;
            }
        }
        Expr::binary(op, a, b)
    }

    /// `x + c1 op c2` becomes `x op c2 - c1` (and the mirror image), as TVM writes
    /// predicates such as `i_0 * 16 + i_1 < 1000`.
    fn move_constant(&self, op: BinOp, a: &Expr, b: &Expr) -> Option<Expr> {
        let (fa, fb) = (self.ctx.to_affine(a)?, self.ctx.to_affine(b)?);
        let (var_side, const_side, var_left) = match (fa.as_const(), fb.as_const()) {
            (None, Some(_)) => (fa, fb, true),
            (Some(_), None) => (fb, fa, false),
            _ => return None,
        };
        if var_side.constant == 0 {
            return None;
        }
        let dtype = self.ctx.index_dtype(a);
        let k = const_side.constant.checked_sub(var_side.constant)?;
        let mut x = var_side;
        x.constant = 0;
        let (x, k) = (emit(&x, dtype)?, Expr::Int(k, dtype));
        fits(k.as_int()?, dtype).then_some(())?;
        Some(if var_left {
            Expr::binary(op, x, k)
        } else {
            Expr::binary(op, k, x)
        })
    }

    fn not(&self, a: Expr) -> Expr {
        if let Some(v) = bool_lit(&a) {
            return Expr::bool(!v);
        }
        match a {
            Expr::Not(inner) => *inner,
            Expr::Binary(op, x, y) if op.is_comparison() && self.both_int(&x, &y) => {
                match negate_cmp(op) {
                    Some(neg) => Expr::Binary(neg, x, y),
                    None => Expr::Not(Box::new(Expr::Binary(op, x, y))),
                }
            }
            other => Expr::Not(Box::new(other)),
        }
    }

    fn select(&self, c: Expr, a: Expr, b: Expr) -> Expr {
        match bool_lit(&c) {
            Some(true) => a,
            Some(false) => b,
            None if a == b => a,
            None => Expr::Select(Box::new(c), Box::new(a), Box::new(b)),
        }
    }

    fn cast(&self, t: DataType, a: Expr) -> Expr {
        let folded = match &a {
            Expr::Int(v, from) if !from.is_float() => {
                if t.is_bool() {
                    Some(Expr::bool(*v != 0))
                } else if t.is_int() {
                    fits(*v, t).then_some(Expr::Int(*v, t))
                } else {
                    Some(Expr::Float(round_to(*v as f64, t), t))
                }
            }
            Expr::Float(v, _) => {
                if t.is_bool() {
                    Some(Expr::bool(*v != 0.0))
                } else if t.is_float() {
                    Some(Expr::Float(round_to(*v, t), t))
                } else if v.is_finite() && v.trunc().abs() < 9.0e15 {
                    let i = v.trunc() as i64;
                    fits(i, t).then_some(Expr::Int(i, t))
                } else {
                    None
                }
            }
            Expr::Cast(inner_t, _) if *inner_t == t => Some(a.clone()),
            _ => None,
        };
        folded.unwrap_or_else(|| Expr::Cast(t, Box::new(a)))
    }

    fn call(&self, f: Intrinsic, mut args: Vec<Expr>) -> Expr {
        match (f, args.len()) {
            (Intrinsic::IfThenElse, 3) => match bool_lit(&args[0]) {
                Some(true) => args.swap_remove(1),
                Some(false) => args.swap_remove(2),
                None if args[1] == args[2] => args.swap_remove(1),
                None => Expr::Call(f, args),
            },
            (Intrinsic::Likely, 1) if bool_lit(&args[0]).is_some() => args.swap_remove(0),
            _ => Expr::Call(f, args),
        }
    }
}

/// The canonical expression of an affine form, unless a number in it does not fit
/// the type (then the caller keeps the unfolded expression).
fn emit(f: &Affine, dtype: DataType) -> Option<Expr> {
    let all_fit = fits(f.constant, dtype) && f.terms.iter().all(|(_, k)| fits(*k, dtype));
    all_fit.then(|| f.to_expr_typed(dtype))
}

/// `emit`, moving the form's atoms into the expression.
fn emit_owned(f: Affine, dtype: DataType) -> Option<Expr> {
    fits_form(&f, dtype).then(|| f.into_expr_typed(dtype))
}

/// Whether every number of the form fits the type (else it is not emitted).
fn fits_form(f: &Affine, dtype: DataType) -> bool {
    fits(f.constant, dtype) && f.terms.iter().all(|(_, k)| fits(*k, dtype))
}

/// `to_affine` of the form's canonical expression (`Affine::to_expr_typed`),
/// without building it: the same terms, the leading (first positive) one first.
/// Reading the printed sum back appends its terms in printed order; atoms are
/// distinct and read back as themselves, so nothing merges or overflows. The
/// result prints as `f` does (the lead is first either way, the other terms
/// keep their order).
fn reread_form(mut f: Affine) -> Affine {
    if let Some(lead) = f.terms.iter().position(|(_, c)| *c > 0) {
        f.terms[..=lead].rotate_right(1);
    }
    f
}

/// A simplified operand of `+`, `-`, `*`: an expression (with its affine form
/// when wanted), or only a form whose expression is built if it is needed
/// (`Affine::into_expr_typed(dtype)`; pending forms have a term).
struct Part {
    built: Option<Expr>,
    form: Option<Affine>,
    dtype: DataType,
    /// A `+`/`-`/`*` node kept as written (a number of its form outside its
    /// type, or no form: an overflow): reading its parent again reads it
    /// leaf by leaf, where terms that cancel come back in another order than
    /// combining its form gives, and a factor 0 folds what has no form, so
    /// its parent is read again too (as `arith` does).
    leafwise: bool,
}

impl Part {
    fn built(e: Expr, form: Option<Affine>) -> Part {
        Part {
            built: Some(e),
            form,
            dtype: DataType::I32,
            leafwise: false,
        }
    }

    fn pending(form: Affine, dtype: DataType) -> Part {
        if form.terms.is_empty() {
            let e = form.clone().into_expr_typed(dtype);
            return Part::built(e, Some(form));
        }
        Part {
            built: None,
            form: Some(form),
            dtype,
            leafwise: false,
        }
    }

    /// The form, moved out (to be combined into the parent's).
    fn take_form(&mut self) -> Option<Affine> {
        self.form.take()
    }

    /// The expression, built in place if pending (`into_expr`).
    fn built_expr(&mut self, s: &Simplifier, source: &Expr) -> &Expr {
        let e = match (self.built.take(), &self.form) {
            (Some(e), _) => e,
            (None, Some(f)) => f.to_expr_typed(self.dtype),
            (None, None) => s.simp(source),
        };
        self.built.insert(e)
    }

    /// The expression; `source` is what was simplified, simplified again
    /// when the form was moved out (only on overflow, which is rare).
    fn into_expr(self, s: &Simplifier, source: &Expr) -> Expr {
        match (self.built, self.form) {
            (Some(e), _) => e,
            (None, Some(f)) => f.into_expr_typed(self.dtype),
            (None, None) => s.simp(source),
        }
    }
}

/// Splits an affine form into `c * quot + rest` where no term of `rest` is a
/// multiple of `c` and `rest.constant` is in [0, c).
fn split_divisible(aff: &Affine, c: i64) -> Option<(Affine, Affine)> {
    let mut quot = Affine::constant(floor_div(aff.constant, c)?);
    let mut rest = Affine::constant(floor_mod(aff.constant, c)?);
    for (atom, k) in &aff.terms {
        if k % c == 0 {
            quot.add_term(atom.clone(), k / c)?;
        } else {
            rest.add_term(atom.clone(), *k)?;
        }
    }
    Some((quot, rest))
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

/// Common factors `g > 1` of `c` and some coefficient of `rest`, largest first.
fn gcd_candidates(rest: &Affine, c: i64) -> Vec<i64> {
    let mut gs: Vec<i64> = rest
        .terms
        .iter()
        .map(|(_, k)| gcd(*k, c))
        .filter(|g| *g > 1)
        .collect();
    gs.sort_unstable_by(|a, b| b.cmp(a));
    gs.dedup();
    gs
}

/// The atom and coefficient when the form is a single term with no constant.
fn single_atom(a: &Affine) -> Option<(&Expr, i64)> {
    match a.terms.as_slice() {
        [(atom, k)] if a.constant == 0 => Some((atom, *k)),
        _ => None,
    }
}

#[cfg(test)]
#[path = "simplify_tests.rs"]
mod tests;
