//! reverse_compute_inline's index inversion: the consumer's load indices of
//! the produced buffer as an affine iterator map, and the consumer iterators
//! recovered from the producer's store indices.
//!
//! TVM: `arith::DetectIterMap` (no check level) and `arith::InverseAffineIterMap`
//! in src/arith/iter_affine_map.cc, restricted to the maps that can be
//! inverted exactly: every index is either a fuse of whole iterators
//! (`vi * 16 + vj`, plus a constant) or one piece of a fuse split by `//` and
//! `%` (`f // 128`, `f % 128`), the pieces of a fuse tile it, and every
//! iterator appears once. The inverse is built as TVM builds it (same
//! expressions, same order of terms), so the folded program prints as TVM's.
//!
//! Invariant: a map is only accepted when `L(L⁻¹(x)) = x` holds for every
//! store index `x` the producer can write whose recovered iterators lie in
//! the consumer's domain; the caller guards that domain (`T.where`), and
//! `inverse` reports every piece whose range it must prove instead.

use crate::arith::affine::to_affine;
use crate::ir::{BinOp, Expr, VarId};

/// A consumer iterator: variable, constant domain start and extent.
#[derive(Clone, Copy, Debug)]
pub struct IterDom {
    pub var: VarId,
    pub min: i64,
    pub extent: i64,
}

/// `Σ coeff * var`, largest coefficient first; each coefficient is the
/// product of the extents after it (a fuse of whole iterators).
#[derive(Clone, Debug, PartialEq)]
struct Fuse {
    /// (variable, coefficient, extent)
    parts: Vec<(VarId, i64, i64)>,
}

impl Fuse {
    fn extent(&self) -> i64 {
        self.parts.first().map(|&(_, c, e)| c * e).unwrap_or(1)
    }
}

/// One load index, as TVM's iterator map sees it.
#[derive(Clone, Debug)]
enum IndexForm {
    /// `base + fuse`.
    Whole { base: i64, fuse: Fuse },
    /// `(mark // lower) % extent` (no `%` for the outermost piece).
    Piece {
        mark: usize,
        lower: i64,
        extent: i64,
    },
}

/// The consumer's load indices as an iterator map.
#[derive(Clone, Debug)]
pub struct LoadIterMap {
    indices: Vec<IndexForm>,
    marks: Vec<Fuse>,
}

/// A store index of the producer that the inverse is exact for only when it
/// stays in `[0, extent)` (a piece under `%` cannot tell its overflow).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RangeObligation {
    pub position: usize,
    pub extent: i64,
}

/// `e` as a fuse of distinct iterators of `doms` (each used at most once
/// overall, tracked in `used`) plus a constant.
fn as_fuse(e: &Expr, doms: &[IterDom], used: &mut Vec<VarId>) -> Result<(i64, Fuse), String> {
    let Some(aff) = to_affine(e) else {
        return Err("it is not an integer sum of iterators".into());
    };
    let mut parts = Vec::new();
    for (atom, coeff) in &aff.terms {
        let Some(v) = atom.as_var() else {
            return Err("a term is not an iterator times a constant".into());
        };
        let Some(d) = doms.iter().find(|d| d.var == v) else {
            return Err("it uses a variable that is not an iterator of the block".into());
        };
        if d.min != 0 {
            return Err("an iterator's domain does not start at 0".into());
        }
        if *coeff <= 0 || used.contains(&v) {
            return Err(if *coeff <= 0 {
                "an iterator has a coefficient below 1".into()
            } else {
                "an iterator is used by two indices".into()
            });
        }
        used.push(v);
        parts.push((v, *coeff, d.extent));
    }
    // Largest coefficient first; among equal ones, unit iterators outside.
    parts.sort_by_key(|&(_, c, e)| (std::cmp::Reverse(c), e));
    let fuses = parts.last().is_none_or(|&(_, c, _)| c == 1)
        && parts.windows(2).all(|w| w[0].1 == w[1].1 * w[1].2);
    if !fuses {
        return Err("its coefficients are not a fuse of the iterators' extents".into());
    }
    Ok((aff.constant, Fuse { parts }))
}

/// `(x // lower) % extent`, `x // lower` or `x % extent`, with constants.
fn as_piece(e: &Expr) -> Option<(&Expr, i64, Option<i64>)> {
    let konst = |x: &Expr| x.as_int().filter(|c| *c > 0);
    match e {
        Expr::Binary(BinOp::FloorMod, a, b) => {
            let m = konst(b)?;
            match a.as_ref() {
                Expr::Binary(BinOp::FloorDiv, x, d) => Some((x, konst(d)?, Some(m))),
                x => Some((x, 1, Some(m))),
            }
        }
        Expr::Binary(BinOp::FloorDiv, x, d) => Some((x, konst(d)?, None)),
        _ => None,
    }
}

/// TVM's DetectIterMap over the consumer's load indices, restricted as the
/// module header says. The error says why the map is not one of those.
pub fn detect(indices: &[Expr], doms: &[IterDom]) -> Result<LoadIterMap, String> {
    let mut used = Vec::new();
    let mut marks: Vec<Fuse> = Vec::new();
    let mut mark_exprs: Vec<Expr> = Vec::new();
    let mut forms = Vec::new();
    // (mark, lower, extent, has %) per piece, to check the tiling below.
    let mut pieces: Vec<(usize, i64, i64, bool)> = Vec::new();
    for (pos, idx) in indices.iter().enumerate() {
        let at = |why: String| format!("index {pos}: {why}");
        let Some((inner, lower, modulo)) = as_piece(idx) else {
            let (base, fuse) = as_fuse(idx, doms, &mut used).map_err(at)?;
            forms.push(IndexForm::Whole { base, fuse });
            continue;
        };
        let mark = match mark_exprs.iter().position(|m| m == inner) {
            Some(m) => m,
            None => {
                let (base, fuse) = as_fuse(inner, doms, &mut used).map_err(at)?;
                if base != 0 || fuse.parts.is_empty() {
                    return Err(at("a split index splits a constant or an offset sum".into()));
                }
                mark_exprs.push(inner.clone());
                marks.push(fuse);
                marks.len() - 1
            }
        };
        let whole = marks[mark].extent();
        let extent = match modulo {
            Some(m) => m,
            None => (whole + lower - 1) / lower,
        };
        pieces.push((mark, lower, extent, modulo.is_some()));
        forms.push(IndexForm::Piece {
            mark,
            lower,
            extent,
        });
    }
    for (m, fuse) in marks.iter().enumerate() {
        let mut mine: Vec<(i64, i64)> = pieces
            .iter()
            .filter(|p| p.0 == m)
            .map(|p| (p.1, p.2))
            .collect();
        mine.sort();
        let inner_tile = mine.first().is_some_and(|p| p.0 == 1)
            && mine.windows(2).all(|w| w[0].0 * w[0].1 == w[1].0);
        let outer_tile = mine
            .last()
            .is_some_and(|&(lower, ext)| ext == (fuse.extent() + lower - 1) / lower);
        if !(inner_tile && outer_tile) {
            return Err(format!(
                "the `//` and `%` pieces of a split sum (the {} one) do not tile it exactly: \
                 each piece's divisor must be the one below's divisor times its `%`",
                ordinal(m)
            ));
        }
    }
    let unused_non_unit = doms.iter().any(|d| d.extent != 1 && !used.contains(&d.var));
    if unused_non_unit {
        return Err("an iterator of extent > 1 does not index it".into());
    }
    Ok(LoadIterMap {
        indices: forms,
        marks,
    })
}

fn ordinal(m: usize) -> String {
    match m {
        0 => "first".into(),
        1 => "second".into(),
        2 => "third".into(),
        n => format!("{}th", n + 1),
    }
}

// TVM's operators fold these identities as they build; so does the inverse.
fn fold_add(a: Option<Expr>, b: Expr) -> Expr {
    match a {
        None => b,
        Some(a) => Expr::add(a, b),
    }
}

fn fold_mul(a: Expr, k: i64) -> Expr {
    if k == 1 {
        a
    } else {
        Expr::mul(a, Expr::int(k))
    }
}

fn fold_floordiv(a: Expr, k: i64) -> Expr {
    if k == 1 {
        a
    } else {
        Expr::floordiv(a, Expr::int(k))
    }
}

fn fold_floormod(a: Expr, k: i64) -> Expr {
    if k == 1 {
        Expr::int(0)
    } else {
        Expr::floormod(a, Expr::int(k))
    }
}

/// Splits `input` (the value of a fuse) back into its iterators: the
/// outermost by `//` alone, the others by `//` then `%` (TVM's order).
fn split_fuse(fuse: &Fuse, input: Expr, out: &mut Vec<(VarId, Expr)>) {
    for (i, &(v, coeff, extent)) in fuse.parts.iter().enumerate().rev() {
        let mut value = fold_floordiv(input.clone(), coeff);
        if i > 0 {
            value = fold_floormod(value, extent);
        }
        out.push((v, value));
    }
}

/// TVM's InverseAffineIterMap: each consumer iterator in the map as an
/// expression of `outputs` (the producer's store indices), and the store
/// indices that must be proven to lie in `[0, extent)` for the inverse to be
/// exact (pieces under `%`). Indices are visited last first, as TVM's reverse
/// topological order does, so sums accumulate in TVM's order.
pub fn inverse(map: &LoadIterMap, outputs: &[Expr]) -> (Vec<(VarId, Expr)>, Vec<RangeObligation>) {
    let mut out = Vec::new();
    let mut obligations = Vec::new();
    let mut mark_inputs: Vec<Option<Expr>> = vec![None; map.marks.len()];
    for (pos, form) in map.indices.iter().enumerate().rev() {
        let Some(x) = outputs.get(pos).cloned() else {
            continue;
        };
        match form {
            IndexForm::Whole { base, fuse } => {
                let input = if *base == 0 {
                    x
                } else {
                    Expr::sub(x, Expr::int(*base))
                };
                split_fuse(fuse, input, &mut out);
            }
            IndexForm::Piece {
                mark,
                lower,
                extent,
            } => {
                let outermost = map
                    .indices
                    .iter()
                    .filter_map(|f| match f {
                        IndexForm::Piece { mark: m, lower, .. } if m == mark => Some(*lower),
                        _ => None,
                    })
                    .max()
                    == Some(*lower);
                if !outermost {
                    obligations.push(RangeObligation {
                        position: pos,
                        extent: *extent,
                    });
                }
                let acc = mark_inputs[*mark].take();
                mark_inputs[*mark] = Some(fold_add(acc, fold_mul(x, *lower)));
            }
        }
    }
    for (fuse, input) in map.marks.iter().zip(mark_inputs) {
        if let Some(input) = input {
            split_fuse(fuse, input, &mut out);
        }
    }
    obligations.reverse();
    (out, obligations)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(i: u32) -> Expr {
        Expr::Var(VarId(i))
    }

    fn dom(i: u32, extent: i64) -> IterDom {
        IterDom {
            var: VarId(i),
            min: 0,
            extent,
        }
    }

    #[test]
    fn fused_and_split_indices_invert_exactly() {
        // B[vi * 16 + vj, vk] with vj in [0, 16): vi = x0 // 16, vj = x0 % 16, vk = x1.
        let idx = [Expr::add(Expr::mul(v(0), Expr::int(16)), v(1)), v(2)];
        let map = detect(&idx, &[dom(0, 8), dom(1, 16), dom(2, 128)]);
        let map = map.unwrap_or_else(|e| panic!("{e}"));
        let (inv, obligations) = inverse(&map, &[v(10), v(11)]);
        assert!(obligations.is_empty());
        assert_eq!(inv.len(), 3);
        for (var, value) in inv {
            let want = match var.0 {
                0 => Expr::floordiv(v(10), Expr::int(16)),
                1 => Expr::floormod(v(10), Expr::int(16)),
                _ => v(11),
            };
            assert_eq!(value, want, "iterator {var:?}");
        }
    }

    #[test]
    fn pieces_that_do_not_tile_are_refused() {
        // f // 16 alone leaves f % 16 undetermined.
        let idx = [Expr::floordiv(v(0), Expr::int(16))];
        assert!(detect(&idx, &[dom(0, 128)]).is_err());
        // An iterator used twice.
        let idx = [v(0), v(0)];
        assert!(detect(&idx, &[dom(0, 128)]).is_err());
        // Coefficients that skip values: vi * 32 + vj with vj in [0, 16).
        let idx = [Expr::add(Expr::mul(v(0), Expr::int(32)), v(1))];
        assert!(detect(&idx, &[dom(0, 8), dom(1, 16)]).is_err());
    }

    #[test]
    fn inner_pieces_carry_a_range_obligation() {
        // B[f // 128, f % 128]: the `% 128` piece's store index must stay below 128.
        let f = Expr::add(Expr::mul(v(0), Expr::int(64)), v(1));
        let idx = [
            Expr::floordiv(f.clone(), Expr::int(128)),
            Expr::floormod(f, Expr::int(128)),
        ];
        let map = detect(&idx, &[dom(0, 256), dom(1, 64)]).unwrap_or_else(|e| panic!("{e}"));
        let (inv, obligations) = inverse(&map, &[v(10), v(11)]);
        assert_eq!(
            obligations,
            vec![RangeObligation {
                position: 1,
                extent: 128
            }]
        );
        let sum = Expr::add(v(11), Expr::mul(v(10), Expr::int(128)));
        let vi = inv.iter().find(|p| p.0 == VarId(0)).map(|p| p.1.clone());
        assert_eq!(vi, Some(Expr::floordiv(sum, Expr::int(64))));
    }
}
