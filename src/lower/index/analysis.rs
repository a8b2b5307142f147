//! Analyses over linear index forms: residues modulo constants (alignment),
//! splitting an index into base + stride * lane (vectorization), symbolic
//! bounds when some variables range over their loops (buffer compaction), and
//! variable ranges narrowed by `if` conditions.
//!
//! Invariant: pure functions over `ir` expressions; no panics.

use super::{atom_bounds, bounds, floordiv, floormod, gcd, linear, Linear, Ranges};
use crate::ir::{BinOp, Expr, Intrinsic, VarId};

/// `(g, r)`: every value of `l` is `r` modulo `g` (`g == 0`: exactly `r`).
pub fn modular(l: &Linear) -> (i64, i64) {
    let mut g = 0i64;
    let mut rem = l.constant;
    for (a, k) in &l.terms {
        let (ga, ra) = atom_modular(a);
        g = gcd(g, ga.saturating_mul(*k));
        rem = rem.saturating_add(ra.saturating_mul(*k));
    }
    if g == 0 {
        (0, rem)
    } else {
        (g, rem.rem_euclid(g))
    }
}

fn atom_modular(a: &Expr) -> (i64, i64) {
    let empty = Ranges::new();
    match a {
        Expr::Binary(BinOp::FloorMod, x, c) => match c.as_int() {
            Some(c) if c > 0 => {
                let (gx, rx) = modular(&linear(x, &empty));
                let d = gcd(gx, c);
                (d, rx.rem_euclid(d.max(1)))
            }
            _ => (1, 0),
        },
        Expr::Binary(BinOp::FloorDiv, x, c) => match c.as_int() {
            Some(c) if c > 0 => {
                let (gx, rx) = modular(&linear(x, &empty));
                if gx % c == 0 {
                    (gx / c, rx.div_euclid(c))
                } else {
                    (1, 0)
                }
            }
            _ => (1, 0),
        },
        _ => (1, 0),
    }
}

/// Splits `l` as `base + stride * lane` for `lane` in `0..lanes`, when that
/// holds exactly (floor division/modulo included); `None` otherwise.
pub fn lane_split(l: &Linear, lane: VarId, lanes: i64, r: &Ranges) -> Option<(Linear, i64)> {
    let mut base = Linear::constant(l.constant);
    let mut stride = 0i64;
    for (a, k) in &l.terms {
        if !a.uses_var(lane) {
            base.add_term(a.clone(), *k);
            continue;
        }
        match a {
            Expr::Var(v) if *v == lane => stride = stride.checked_add(*k)?,
            Expr::Binary(op @ (BinOp::FloorDiv | BinOp::FloorMod), x, c) => {
                let c = c.as_int().filter(|c| *c > 0)?;
                let (bx, sx) = lane_split(&linear(x, r), lane, lanes, r)?;
                if sx < 0 {
                    return None;
                }
                // All lanes stay in one period of `c`: the largest residue of
                // `bx` modulo `c` plus the last lane's offset must stay below `c`.
                let (g, rx) = modular(&bx);
                let span = sx.checked_mul(lanes - 1)?;
                let fits = if g == 0 {
                    rx.rem_euclid(c).checked_add(span).is_some_and(|x| x < c)
                } else {
                    let d = gcd(g, c);
                    rx.rem_euclid(d).checked_add(span).is_some_and(|x| x < d)
                };
                if !fits {
                    return None;
                }
                if *op == BinOp::FloorDiv {
                    base = base.add(&floordiv(&bx, c, r).scale(*k), 1);
                } else {
                    base = base.add(&floormod(&bx, c, r).scale(*k), 1);
                    stride = stride.checked_add(k.checked_mul(sx)?)?;
                }
            }
            _ => return None,
        }
    }
    Some((base, stride))
}

/// Symbolic bounds `(lo, hi)` of `l` when the variables in `relax` take every
/// value of their ranges and all others stay fixed; `None` when not expressible.
pub fn relax(l: &Linear, relax: &Ranges, r: &Ranges) -> Option<(Linear, Linear)> {
    let mut lo = Linear::constant(l.constant);
    let mut hi = Linear::constant(l.constant);
    let relaxed = |a: &Expr| relax.keys().any(|v| a.uses_var(*v));
    for (a, k) in &l.terms {
        if !relaxed(a) {
            lo.add_term(a.clone(), *k);
            hi.add_term(a.clone(), *k);
            continue;
        }
        let (alo, ahi) = match a {
            Expr::Var(v) => {
                let (vlo, vhi) = relax.get(v).copied()?;
                (Linear::constant(vlo), Linear::constant(vhi))
            }
            Expr::Binary(BinOp::FloorDiv, x, c) => {
                let c = c.as_int().filter(|c| *c > 0)?;
                let (xlo, xhi) = self::relax(&linear(x, r), relax, r)?;
                (floordiv(&xlo, c, r), floordiv(&xhi, c, r))
            }
            _ => {
                // Fully determined by ranges (relaxed and fixed alike): constant bounds.
                let mut all = r.clone();
                all.extend(relax.iter().map(|(k, v)| (*k, *v)));
                match atom_bounds(a, &all) {
                    (Some(x), Some(y)) => (Linear::constant(x), Linear::constant(y)),
                    _ => return None,
                }
            }
        };
        if *k >= 0 {
            lo = lo.add(&alo.scale(*k), 1);
            hi = hi.add(&ahi.scale(*k), 1);
        } else {
            lo = lo.add(&ahi.scale(*k), 1);
            hi = hi.add(&alo.scale(*k), 1);
        }
    }
    Some((lo, hi))
}

/// Tighter ranges for variables inside `if cond`: every conjunct `a < b`,
/// `a <= b`, `a > b`, `a >= b` over linear forms bounds each variable term by
/// what the other terms leave. Returns only the ranges that changed.
pub fn narrow(cond: &Expr, r: &Ranges) -> Ranges {
    let mut out = r.clone();
    let mut changed = Ranges::new();
    let mut conjuncts = vec![cond];
    while let Some(c) = conjuncts.pop() {
        let (op, a, b) = match c {
            Expr::Binary(BinOp::And, x, y) => {
                conjuncts.push(x);
                conjuncts.push(y);
                continue;
            }
            Expr::Call(Intrinsic::Likely, args) if args.len() == 1 => {
                conjuncts.push(&args[0]);
                continue;
            }
            Expr::Binary(op, a, b) if op.is_comparison() => (*op, a, b),
            _ => continue,
        };
        // Normalise to `l <= 0`.
        let (l, strict) = match op {
            BinOp::Lt => (linear(a, &out).add(&linear(b, &out), -1), true),
            BinOp::Le => (linear(a, &out).add(&linear(b, &out), -1), false),
            BinOp::Gt => (linear(b, &out).add(&linear(a, &out), -1), true),
            BinOp::Ge => (linear(b, &out).add(&linear(a, &out), -1), false),
            _ => continue,
        };
        let l = if strict {
            l.add(&Linear::constant(1), 1)
        } else {
            l
        };
        for (i, (atom, k)) in l.terms.iter().enumerate() {
            let Expr::Var(v) = atom else { continue };
            let Some(&(lo, hi)) = out.get(v) else {
                continue;
            };
            // k*v + rest <= 0  =>  k*v <= -min(rest)
            let rest = Linear {
                terms: l
                    .terms
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, t)| t.clone())
                    .collect(),
                constant: l.constant,
            };
            let Some(min_rest) = bounds(&rest, &out).0 else {
                continue;
            };
            let Some(limit) = min_rest.checked_neg() else {
                continue;
            };
            let (nlo, nhi) = if *k > 0 {
                (lo, hi.min(limit.div_euclid(*k)))
            } else {
                // -|k| v <= limit  =>  v >= ceil(-limit / |k|)
                let Some(m) = k.checked_neg() else { continue };
                let Some(num) = limit.checked_neg().and_then(|x| x.checked_add(m - 1)) else {
                    continue;
                };
                (lo.max(num.div_euclid(m)), hi)
            };
            if (nlo, nhi) != (lo, hi) && nlo <= nhi {
                out.insert(*v, (nlo, nhi));
                changed.insert(*v, (nlo, nhi));
            }
        }
    }
    changed
}
