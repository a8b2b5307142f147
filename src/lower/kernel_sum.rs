//! Int32 linear sums of variables as lowered kernels write them (largest
//! scale first: `ty * 64 + k * 16 + tx + 4`), read and written without the
//! general affine machinery: most indices of a kernel are such sums, and
//! simplifying them through `arith` was much of lowering (issue 13).
//!
//! Invariant: agrees with `arith::simplify_kernel` on every expression it
//! accepts (property-tested in `simplify_tests.rs`); anything else is `None`
//! or `false`, for the simplifier to decide.

use crate::arith::affine::{floor_div, Kind};
use crate::arith::{simplified_bounds, Affine, TypeCtx, VarRanges};
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
        let terms = &mut self.terms;
        read_linear(e, k, &mut self.constant, &mut |leaf, k| {
            let Expr::Var(v) = leaf else { return None };
            if !int32_var(ctx, *v) {
                return None;
            }
            match terms.iter_mut().find(|(x, _)| x == v) {
                Some((_, c)) => *c = c.checked_add(k)?,
                None => terms.push((*v, k)),
            }
            Some(1)
        })
    }
}

/// Reads `k * e` for a `+`, `-`, `*` tree whose every `*` has an int32
/// literal operand: int32 literals go to `constant`, any other leaf to
/// `leaf` with its coefficient (it gives the leaf's bound, or `None` to
/// refuse). Returns the bound: literals count at least 1, sums add,
/// products multiply. Shared by `Sum` and `DivSum`, which differ only in
/// the leaves they take.
fn read_linear(
    e: &Expr,
    k: i64,
    constant: &mut i64,
    leaf: &mut impl FnMut(&Expr, i64) -> Option<u64>,
) -> Option<u64> {
    match e {
        Expr::Int(v, DataType::I32) => {
            *constant = constant.checked_add(v.checked_mul(k)?)?;
            Some(v.unsigned_abs().max(1))
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let kb = if *op == BinOp::Add {
                k
            } else {
                k.checked_neg()?
            };
            let ba = read_linear(a, k, constant, leaf)?;
            Some(ba.saturating_add(read_linear(b, kb, constant, leaf)?))
        }
        Expr::Binary(BinOp::Mul, a, b) => match (&**a, &**b) {
            (_, Expr::Int(c, DataType::I32)) => {
                let ba = read_linear(a, k.checked_mul(*c)?, constant, leaf)?;
                Some(ba.saturating_mul(c.unsigned_abs().max(1)))
            }
            (Expr::Int(c, DataType::I32), _) => {
                let bb = read_linear(b, k.checked_mul(*c)?, constant, leaf)?;
                Some(c.unsigned_abs().max(1).saturating_mul(bb))
            }
            _ => None,
        },
        other => leaf(other, k),
    }
}

/// An integer variable that is int32 or untyped (`linear_i32_sum`'s).
fn int32_var(ctx: TypeCtx, v: VarId) -> bool {
    // A kernel's context (`TypeCtx::of`) holds the variables in `types`:
    // a declared one is such a variable exactly when it is int32.
    if let Some(decl) = ctx.types.and_then(|(vars, _)| vars.get(v.0 as usize)) {
        return decl.dtype == DataType::I32;
    }
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

/// A term of a sum in kernel form that may divide: a variable, or `x // c`
/// or `x % c` of an int32 variable by an int32 literal `c >= 2`.
#[derive(Clone, Copy, PartialEq)]
enum Atom {
    Var(u32),
    Div(BinOp, u32, i64),
}

/// Whether the simplifier gives `e` back as it is under `ranges`: a sum in
/// kernel form (`kernel_ordered_sum`) whose terms may also be `x // c` or
/// `x % c` (the split parts of a fused index) that `ranges` cannot narrow
/// to one quotient, each once, and never `k * c * (x // c)` with
/// `k * (x % c)` (which add back up to `k * x`). Such atoms sort after the variables of their scale, in the order
/// written. `simplify_typed` prints the sum as written, and ordering keeps
/// it (tested in `simplify_tests.rs`).
pub fn kernel_ordered_div_sum(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> bool {
    div_sum_terms(ctx, e, ranges).is_some_and(|terms| {
        let key = |(atom, k): &(Atom, i64)| {
            let rank = match atom {
                Atom::Var(v) => *v as u64,
                Atom::Div(..) => u64::MAX,
            };
            (*k < 0, std::cmp::Reverse(k.unsigned_abs()), rank)
        };
        // `recombine_div_mod`'s pairs.
        let recombines = terms.iter().any(|(a, k)| match a {
            Atom::Div(BinOp::FloorMod, x, c) => terms.iter().any(|(b, kb)| {
                *b == Atom::Div(BinOp::FloorDiv, *x, *c) && k.checked_mul(*c) == Some(*kb)
            }),
            _ => false,
        });
        let first_added = terms.first().is_some_and(|(_, k)| *k > 0);
        let has_div = terms.iter().any(|(a, _)| matches!(a, Atom::Div(..)));
        has_div && !recombines && first_added && terms.windows(2).all(|w| key(&w[0]) <= key(&w[1]))
    })
}

/// The terms of a dividing sum (see `kernel_ordered_div_sum`), in order.
fn div_sum_terms(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> Option<Vec<(Atom, i64)>> {
    let mut terms = Vec::new();
    let mut magnitude: u64 = 0;
    let chain = match e {
        Expr::Binary(BinOp::Add | BinOp::Sub, a, b) => match **b {
            Expr::Int(c, DataType::I32) if c > 0 => {
                magnitude = c.unsigned_abs();
                a
            }
            Expr::Int(..) => return None,
            _ => e,
        },
        _ => e,
    };
    div_chain(ctx, chain, ranges, &mut terms, &mut magnitude)?;
    (magnitude <= i32::MAX as u64).then_some(terms)
}

fn div_chain(
    ctx: TypeCtx,
    e: &Expr,
    ranges: &VarRanges,
    terms: &mut Vec<(Atom, i64)>,
    magnitude: &mut u64,
) -> Option<()> {
    let (term, sign) = match e {
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            div_chain(ctx, a, ranges, terms, magnitude)?;
            (&**b, if *op == BinOp::Add { 1 } else { -1 })
        }
        _ => (e, 1),
    };
    let (atom, k) = match term {
        Expr::Binary(BinOp::Mul, a, b) => match **b {
            Expr::Int(k, DataType::I32) if k >= 2 => (div_atom(ctx, a, ranges)?, k),
            _ => return None,
        },
        other => (div_atom(ctx, other, ranges)?, 1),
    };
    let clash = terms.iter().any(|(a, _)| match (a, &atom) {
        (Atom::Var(x), Atom::Var(y)) => x == y,
        // One part of a split twice (its terms would merge).
        (Atom::Div(o, x, c), Atom::Div(p, y, d)) => o == p && x == y && c == d,
        _ => false,
    });
    if clash {
        return None;
    }
    *magnitude = magnitude.saturating_add(k.unsigned_abs());
    terms.push((atom, sign * k));
    Some(())
}

/// A variable, or a division or remainder of one that stays under `ranges`.
fn div_atom(ctx: TypeCtx, e: &Expr, ranges: &VarRanges) -> Option<Atom> {
    match e {
        Expr::Var(v) => int32_var(ctx, *v).then_some(Atom::Var(v.0)),
        Expr::Binary(op @ (BinOp::FloorDiv | BinOp::FloorMod), x, c) => {
            let (Expr::Var(x), Expr::Int(c, DataType::I32)) = (&**x, &**c) else {
                return None;
            };
            if *c < 2 || !int32_var(ctx, *x) {
                return None;
            }
            // One quotient over the whole range: the simplifier folds it.
            if let Some((lo, hi)) = simplified_bounds(ctx, &Expr::Var(*x), ranges) {
                if floor_div(lo, *c).is_some() && floor_div(lo, *c) == floor_div(hi, *c) {
                    return None;
                }
            }
            Some(Atom::Div(*op, x.0, *c))
        }
        _ => None,
    }
}

/// `simplify_kernel(ctx, e, &VarRanges::new())` of a `+`, `-`, `*` tree
/// (every `*` by an int32 literal, numbers within int32 as for
/// `kernel_linear`) over int32 literals, int32 variables and `x // c`,
/// `x % c` of them (`c >= 2` an int32 literal), with at least one division
/// and never both parts of one split: without ranges the simplifier keeps
/// such atoms and combines the rest term by term in order of appearance,
/// so the result is that sum sorted into kernel order (divisions after the
/// variables of their scale, in that order). `None` for anything else.
pub fn kernel_div_linear(ctx: TypeCtx, e: &Expr) -> Option<Expr> {
    if !matches!(e, Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..)) {
        return None;
    }
    let mut sum = DivSum::default();
    let bound = sum.read(ctx, e, 1)?;
    let split_both = sum.atoms.iter().any(|a| match a {
        Atom::Div(BinOp::FloorMod, x, c) => sum.atoms.iter().any(|b| match b {
            Atom::Div(BinOp::FloorDiv, y, d) => x == y && c == d,
            _ => false,
        }),
        _ => false,
    });
    if bound > i32::MAX as u64 || !sum.divides || split_both {
        return None;
    }
    let mut terms: Vec<(Atom, i64)> = sum.terms;
    // Stable: divisions of one scale keep their order.
    terms.sort_by_key(|(a, k)| {
        let rank = match a {
            Atom::Var(v) => *v as u64,
            Atom::Div(..) => u64::MAX,
        };
        (*k < 0, std::cmp::Reverse(k.unsigned_abs()), rank)
    });
    let lit = |v: i64| Expr::Int(v, DataType::I32);
    let form = Affine {
        terms: terms
            .into_iter()
            .map(|(a, k)| {
                let atom = match a {
                    Atom::Var(v) => Expr::Var(VarId(v)),
                    Atom::Div(op, x, c) => Expr::binary(op, Expr::Var(VarId(x)), lit(c)),
                };
                (atom, k)
            })
            .collect(),
        constant: sum.constant,
    };
    Some(form.into_expr_typed(DataType::I32))
}

/// Coefficients of variables and divisions, summed as read, a term whose
/// coefficient comes to 0 leaving at once (as the simplifier's forms do);
/// `atoms` lists every atom met, `divides` whether a division was.
#[derive(Default)]
struct DivSum {
    terms: Vec<(Atom, i64)>,
    atoms: Vec<Atom>,
    constant: i64,
    divides: bool,
}

impl DivSum {
    /// Adds `k * e`; returns its bound as `Sum::read` does (atoms count 1).
    /// Combines bottom-up, as the simplifier does: the right operand of a
    /// `+` or `-` is summed on its own and then merged, so a term that comes
    /// to 0 and back inside that operand keeps its place from the left one
    /// (`(a % 4 + b) - (a % 4 - a % 4 - a % 4)` puts `a % 4 * 2` first).
    /// Called on an empty sum, as every caller does.
    fn read(&mut self, ctx: TypeCtx, e: &Expr, k: i64) -> Option<u64> {
        match e {
            Expr::Int(v, DataType::I32) => {
                self.constant = self.constant.checked_add(v.checked_mul(k)?)?;
                Some(v.unsigned_abs().max(1))
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let kb = if *op == BinOp::Add {
                    k
                } else {
                    k.checked_neg()?
                };
                let ba = self.read(ctx, a, k)?;
                let mut right = DivSum::default();
                let bb = right.read(ctx, b, kb)?;
                self.merge(right)?;
                Some(ba.saturating_add(bb))
            }
            Expr::Binary(BinOp::Mul, a, b) => match (&**a, &**b) {
                (x, Expr::Int(c, DataType::I32)) | (Expr::Int(c, DataType::I32), x) => {
                    let bx = self.read(ctx, x, k.checked_mul(*c)?)?;
                    Some(bx.saturating_mul(c.unsigned_abs().max(1)))
                }
                _ => None,
            },
            leaf => {
                let atom = Self::atom(ctx, leaf)?;
                if matches!(atom, Atom::Div(..)) {
                    self.divides = true;
                }
                self.add(atom, k)?;
                Some(1)
            }
        }
    }

    /// A variable or a division of one by a literal `c >= 2`, int32.
    fn atom(ctx: TypeCtx, leaf: &Expr) -> Option<Atom> {
        match leaf {
            Expr::Var(v) => int32_var(ctx, *v).then_some(Atom::Var(v.0)),
            Expr::Binary(op @ (BinOp::FloorDiv | BinOp::FloorMod), x, c) => {
                let (Expr::Var(x), Expr::Int(c, DataType::I32)) = (&**x, &**c) else {
                    return None;
                };
                (*c >= 2 && int32_var(ctx, *x)).then_some(Atom::Div(*op, x.0, *c))
            }
            _ => None,
        }
    }

    /// Adds another sum's terms in its order, then its constant and atoms.
    fn merge(&mut self, other: DivSum) -> Option<()> {
        for (atom, k) in other.terms {
            self.add(atom, k)?;
        }
        for atom in other.atoms {
            if !self.atoms.contains(&atom) {
                self.atoms.push(atom);
            }
        }
        self.constant = self.constant.checked_add(other.constant)?;
        self.divides |= other.divides;
        Some(())
    }

    fn add(&mut self, atom: Atom, k: i64) -> Option<()> {
        match self.terms.iter().position(|(a, _)| *a == atom) {
            Some(i) => {
                let sum = self.terms[i].1.checked_add(k)?;
                if sum == 0 {
                    self.terms.remove(i);
                } else {
                    self.terms[i].1 = sum;
                }
            }
            None if k != 0 => self.terms.push((atom, k)),
            None => {}
        }
        if !self.atoms.contains(&atom) {
            self.atoms.push(atom);
        }
        Some(())
    }
}
