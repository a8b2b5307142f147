//! A fast, exact check of an index map on a constant shape, for maps whose
//! outputs fall into groups over disjoint parts of the index.
//!
//! A part is a parameter `p` used whole, or one of `p // c` and `p % c` when
//! every use of `p` is a `p // d` with `c | d` or a `p % m` with `m | c`, and
//! `c` divides p's extent. Outputs that share a part are in one group. The parts are a
//! bijection of the index space, so the map is injective exactly when each
//! group is on its own parts, and each output takes exactly the values it
//! takes on its group's parts. TVM's MMA layouts (`i // 16, j // 16,
//! f(i % 16, j % 16)` on a 4096² cache) need 2 * (256 + 256 + 256)
//! evaluations here instead of 2 * 16M.
//!
//! Only a map that passes is answered here; anything else (an error, a
//! collision, a shape this cannot split) returns `None`, and the caller runs
//! the full check, which finds the same answer and words its error.

use super::index_map::{IndexMap, MapExpr, MapOp};

/// One part of the index: `(param, divisor, is_low)`, divisor 0 for a whole
/// parameter; its extent.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Part {
    param: usize,
    div: i64,
    low: bool,
    extent: i64,
}

/// Largest group enumerated here: its values are kept (one row per element),
/// so a map that does not split leaves the rest to the full check, which
/// streams.
const MAX_GROUP_ELEMENTS: i64 = 1 << 16;

/// The new shape when the map passes, evaluated group by group; `None` when
/// the map does not split into groups small enough or does not pass (see the
/// module doc). `limit` bounds each group's new shape.
pub fn check(map: &IndexMap, shape: &[i64], limit: i64) -> Option<Vec<i64>> {
    let divisors = split_divisors(map, shape)?;
    let mut parts = Vec::new();
    for (p, &d) in divisors.iter().enumerate() {
        match d {
            0 => parts.push(Part {
                param: p,
                div: 0,
                low: false,
                extent: shape[p],
            }),
            c => {
                parts.push(Part {
                    param: p,
                    div: c,
                    low: false,
                    extent: shape[p] / c,
                });
                parts.push(Part {
                    param: p,
                    div: c,
                    low: true,
                    extent: c,
                });
            }
        }
    }
    let uses: Vec<Vec<usize>> = map
        .outputs
        .iter()
        .map(|o| {
            let mut v = Vec::new();
            parts_of(o, &parts, &mut v);
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect();
    // A part no output reads must have extent 1, or two indices collide.
    if (0..parts.len()).any(|k| parts[k].extent > 1 && !uses.iter().any(|u| u.contains(&k))) {
        return None;
    }
    let mut new_shape = vec![1i64; map.outputs.len()];
    for (group_parts, outputs) in groups(&uses, parts.len()) {
        let extents: Vec<i64> = group_parts.iter().map(|&k| parts[k].extent).collect();
        let count = extents.iter().try_fold(1i64, |a, e| a.checked_mul(*e))?;
        if count > MAX_GROUP_ELEMENTS {
            return None;
        }
        let values = evaluate(map, &parts, &group_parts, &extents, &outputs, count)?;
        let width = outputs.len();
        let mut hi = vec![0i64; width];
        for row in values.chunks(width) {
            for (h, v) in hi.iter_mut().zip(row) {
                *h = (*h).max(*v);
            }
        }
        // An index of i64::MAX has no extent: left to the full check, which words it.
        let dims: Vec<i64> = hi.iter().map(|h| h.checked_add(1)).collect::<Option<_>>()?;
        let total = dims.iter().try_fold(1i64, |a, d| a.checked_mul(*d))?;
        if total > limit {
            return None;
        }
        let mut seen = vec![false; total as usize];
        for row in values.chunks(width) {
            let flat = row.iter().zip(&dims).fold(0i64, |a, (v, d)| a * d + v) as usize;
            if std::mem::replace(&mut seen[flat], true) {
                return None;
            }
        }
        for (&k, d) in outputs.iter().zip(dims) {
            new_shape[k] = d;
        }
    }
    Some(new_shape)
}

/// For each parameter, the divisor it splits by (0: kept whole); `None` when
/// the map has a float or a parameter of a non-positive extent.
///
/// `p` splits at `c` into `p // c` and `p % c` when every use of `p` is a
/// `p % m` with `m` dividing `c` (a function of `p % c`) or a `p // d` with
/// `c` dividing `d` (`p // d == (p // c) // (d / c)`), and `c` divides p's
/// extent: `c` is the lcm of the moduli, else the gcd of the divisors.
/// wgmma's accumulator layout (`i // 64`, `i % 64 // 16`, `i % 8`, `i % 16`)
/// splits at 64 this way.
fn split_divisors(map: &IndexMap, shape: &[i64]) -> Option<Vec<i64>> {
    if shape.len() != map.params.len() || shape.iter().any(|&e| e <= 0) {
        return None;
    }
    let mut seen = vec![Uses::default(); shape.len()];
    for o in &map.outputs {
        uses(o, &mut seen)?;
    }
    Some(
        seen.iter()
            .zip(shape)
            .map(|(u, &extent)| u.divisor(extent))
            .collect(),
    )
}

/// How a parameter is read: whole, and the constants it is divided and
/// taken modulo by.
#[derive(Clone, Default)]
struct Uses {
    whole: bool,
    divisors: Vec<i64>,
    moduli: Vec<i64>,
}

impl Uses {
    /// The split point (see `split_divisors`); 0 when the parameter stays whole.
    fn divisor(&self, extent: i64) -> i64 {
        fn gcd(a: i64, b: i64) -> i64 {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        let positive = self.divisors.iter().chain(&self.moduli).all(|&c| c > 0);
        if self.whole || !positive {
            return 0;
        }
        let c = if self.moduli.is_empty() {
            self.divisors.iter().fold(0, |a, &d| gcd(a, d))
        } else {
            let lcm = self
                .moduli
                .iter()
                .try_fold(1i64, |a, &m| (a / gcd(a, m)).checked_mul(m));
            match lcm {
                Some(l) => l,
                None => return 0,
            }
        };
        let fits = c > 0 && extent % c == 0 && self.divisors.iter().all(|d| d % c == 0);
        if fits {
            c
        } else {
            0
        }
    }
}

fn uses(e: &MapExpr, seen: &mut [Uses]) -> Option<()> {
    match e {
        MapExpr::Param(p, _) => seen[*p].whole = true,
        MapExpr::Int(..) => {}
        MapExpr::Float(..) => return None,
        MapExpr::Neg(a, _) => uses(a, seen)?,
        MapExpr::Bin(op, a, b, _) => match (op, a.as_ref(), b.as_ref()) {
            (MapOp::FloorDiv, MapExpr::Param(p, _), MapExpr::Int(d, _)) => {
                seen[*p].divisors.push(*d)
            }
            (MapOp::FloorMod, MapExpr::Param(p, _), MapExpr::Int(m, _)) => seen[*p].moduli.push(*m),
            _ => {
                uses(a, seen)?;
                uses(b, seen)?;
            }
        },
    }
    Some(())
}

/// The parts an output reads (indices into `parts`).
fn parts_of(e: &MapExpr, parts: &[Part], out: &mut Vec<usize>) {
    let find = |p: usize, low: Option<bool>| {
        parts
            .iter()
            .position(|x| x.param == p && (x.div == 0 || Some(x.low) == low))
    };
    let whole = |p: usize, out: &mut Vec<usize>| {
        out.extend((0..parts.len()).filter(|&k| parts[k].param == p));
    };
    match e {
        MapExpr::Param(p, _) => whole(*p, out),
        MapExpr::Int(..) | MapExpr::Float(..) => {}
        MapExpr::Neg(a, _) => parts_of(a, parts, out),
        MapExpr::Bin(op, a, b, _) => match (op, a.as_ref(), b.as_ref()) {
            // A split parameter's every `p // d` and `p % m` reads one part
            // (`split_divisors` checked that d and m fit its split point).
            (MapOp::FloorDiv | MapOp::FloorMod, MapExpr::Param(p, _), MapExpr::Int(..))
                if parts.iter().any(|x| x.param == *p && x.div != 0) =>
            {
                out.extend(find(*p, Some(*op == MapOp::FloorMod)));
            }
            _ => {
                parts_of(a, parts, out);
                parts_of(b, parts, out);
            }
        },
    }
}

/// Connected groups of parts and outputs (an output links the parts it reads).
fn groups(uses: &[Vec<usize>], n_parts: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut parent: Vec<usize> = (0..n_parts).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for u in uses {
        for w in u.windows(2) {
            let (a, b) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent[a] = b;
        }
    }
    let mut out: Vec<(usize, Vec<usize>, Vec<usize>)> = Vec::new();
    for (k, u) in uses.iter().enumerate() {
        // An output that reads no part is a constant: a group of its own.
        let key = u.first().map_or(usize::MAX - k, |&p| root(&mut parent, p));
        match out.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.2.push(k),
            None => out.push((key, Vec::new(), vec![k])),
        }
    }
    for g in &mut out {
        if g.0 < n_parts {
            g.1 = (0..n_parts)
                .filter(|&p| root(&mut parent, p) == g.0)
                .collect();
        }
    }
    out.into_iter().map(|(_, p, o)| (p, o)).collect()
}

/// The group's outputs at every value of its parts, row by row; `None` on an
/// evaluation error or a negative value.
fn evaluate(
    map: &IndexMap,
    parts: &[Part],
    group: &[usize],
    extents: &[i64],
    outputs: &[usize],
    count: i64,
) -> Option<Vec<i64>> {
    let mut values = Vec::with_capacity(count as usize * outputs.len());
    let mut at = vec![0i64; group.len()];
    let mut idx = vec![0i64; map.params.len()];
    for _ in 0..count {
        idx.iter_mut().for_each(|i| *i = 0);
        for (&k, &v) in group.iter().zip(&at) {
            let p = parts[k];
            idx[p.param] += match (p.div, p.low) {
                (0, _) | (_, true) => v,
                (c, false) => v * c,
            };
        }
        for &o in outputs {
            let v = map.outputs[o].eval(&idx).ok()?;
            if v < 0 {
                return None;
            }
            values.push(v);
        }
        super::layout_transformation::next_index(&mut at, extents);
    }
    Some(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every index evaluated: the new shape when the map passes.
    fn brute(map: &IndexMap, shape: &[i64]) -> Option<Vec<i64>> {
        let n: i64 = shape.iter().product();
        let mut rows = Vec::new();
        for flat in 0..n {
            let mut idx = vec![0i64; shape.len()];
            let mut r = flat;
            for d in (0..shape.len()).rev() {
                idx[d] = r % shape[d];
                r /= shape[d];
            }
            let out = map.eval(&idx).ok()?;
            if out.iter().any(|v| *v < 0) {
                return None;
            }
            rows.push(out);
        }
        let dims: Vec<i64> = (0..map.outputs.len())
            .map(|k| rows.iter().map(|r| r[k]).max().unwrap_or(0) + 1)
            .collect();
        let mut seen = std::collections::HashSet::new();
        rows.iter().all(|r| seen.insert(r.clone())).then_some(dims)
    }

    const MMA: &str = "lambda i, j: (i // 16, j // 16, 4 * (i % 16 % 8) + j % 16 % 8 // 2, 4 * (j % 16 // 8) + i % 16 // 8 * 2 + j % 16 % 2)";

    #[test]
    fn grouped_answers_agree_with_every_index_evaluated() {
        let cases: &[(&str, &[i64])] = &[
            (MMA, &[64, 48]),
            ("lambda i, j: (j, i)", &[6, 10]),
            ("lambda i, j: (i // 4, j, i % 4)", &[12, 5]),
            ("lambda i, j: (i // 4 + j, i % 4)", &[12, 5]),
            ("lambda i, j: ((i * 7 + j) // 8, (i * 7 + j) % 8)", &[8, 7]),
            ("lambda i, j: (i // 3, i % 4, j)", &[12, 2]),
            ("lambda i: (i // 4, i % 4, 0)", &[16]),
            ("lambda i, j: (i + j,)", &[4, 4]),
            ("lambda i, j: (i,)", &[4, 3]),
            ("lambda i, j: (i, j - 1)", &[4, 3]),
            ("lambda i: (i // 5, i % 5)", &[12]),
            ("lambda i, j: (i % 4, i // 4 % 2, j)", &[8, 2]),
        ];
        let mut answered = 0;
        for (text, shape) in cases {
            let map = IndexMap::parse(text).unwrap();
            let fast = check(&map, shape, 1 << 24);
            let full = brute(&map, shape);
            if fast.is_some() {
                answered += 1;
                assert_eq!(fast, full, "{text} on {shape:?}");
            }
        }
        // Every passing map above splits (the four failing ones are left over).
        assert_eq!(answered, cases.len() - 4);
    }

    #[test]
    fn mma_layouts_split_into_groups() {
        let map = IndexMap::parse(MMA).unwrap();
        // 4096² would be 16M evaluations per pass; the groups need 3 x 256.
        assert_eq!(
            check(&map, &[4096, 4096], 1 << 10),
            Some(vec![256, 256, 32, 8])
        );
        // A map that does not split is left to the full check past 2^16.
        let whole = IndexMap::parse("lambda i, j: (i * 512 + j,)").unwrap();
        assert_eq!(check(&whole, &[256, 512], 1 << 24), None);
        assert_eq!(check(&whole, &[16, 512], 1 << 24), Some(vec![8192]));
        assert_eq!(check(&map, &[64, 48], 1 << 24), brute(&map, &[64, 48]));
    }

    /// wgmma's m64n128 accumulator layout: `i` read as `i // 64`, `i % 64`,
    /// `i % 8`, `i % 16` (split at 64), `j` at 128.
    const WGMMA_ACC: &str = "lambda i, j: (i // 64, j // 128, 32 * (i % 64 // 16) + 4 * (i % 8) + j % 8 // 2, 4 * (j % 128 // 8) + i % 16 // 8 * 2 + j % 2)";

    #[test]
    fn parameters_read_at_several_divisors_split_at_their_lcm() {
        // Every case is answered here and agrees with the full evaluation,
        // or is left to it (None) where the split does not apply or fails.
        let cases: &[(&str, &[i64], bool)] = &[
            (WGMMA_ACC, &[128, 256], true),
            ("lambda i: (i // 8, i % 8 // 2, i % 2)", &[32], true),
            (
                "lambda i, j: (i // 4, i % 2, i % 4 // 2, j)",
                &[16, 3],
                true,
            ),
            ("lambda i: (i // 8, i % 4)", &[16], false),
            ("lambda i: (i // 6, i % 4)", &[24], false),
            ("lambda i: (i // 8, i % 8, i)", &[16], true),
            ("lambda i: (i // 4, i % -4)", &[16], false),
        ];
        for (text, shape, splits) in cases {
            let map = IndexMap::parse(text).unwrap();
            let fast = check(&map, shape, 1 << 24);
            assert_eq!(fast.is_some(), *splits, "{text} on {shape:?}");
            if fast.is_some() {
                assert_eq!(fast, brute(&map, shape), "{text} on {shape:?}");
            }
        }
        // On the session's 4096² cache: 64 + 32 + 8192 evaluations, not 2 x 16M.
        let map = IndexMap::parse(WGMMA_ACC).unwrap();
        assert_eq!(
            check(&map, &[4096, 4096], 1 << 24),
            Some(vec![64, 32, 128, 64])
        );
    }

    /// A term of a random map: `p`, `p // c`, `p % c` or `p % m // d`, times a
    /// small coefficient.
    fn term(p: usize, kind: u8, c: i64, d: i64, coef: i64) -> String {
        let names = ["i", "j"];
        let base = match kind % 4 {
            0 => names[p].to_string(),
            1 => format!("{} // {c}", names[p]),
            2 => format!("{} % {c}", names[p]),
            _ => format!("{} % {c} // {d}", names[p]),
        };
        format!("{coef} * ({base})")
    }

    use proptest::prelude::*;

    proptest! {
        /// Whatever the split answers, the full evaluation answers the same.
        #[test]
        fn random_maps_agree_with_every_index_evaluated(
            shape in (1i64..5, 1i64..5).prop_map(|(a, b)| [a * 4, b * 4]),
            outputs in proptest::collection::vec(
                proptest::collection::vec(
                    (0usize..2, 0u8..4, proptest::sample::select(vec![1i64, 2, 4, 8, 16]),
                     proptest::sample::select(vec![1i64, 2, 4]), 1i64..9),
                    1..3,
                ),
                1..4,
            ),
        ) {
            let outs: Vec<String> = outputs
                .iter()
                .map(|terms| {
                    terms
                        .iter()
                        .map(|&(p, k, c, d, coef)| term(p, k, c, d, coef))
                        .collect::<Vec<_>>()
                        .join(" + ")
                })
                .collect();
            let text = format!("lambda i, j: ({},)", outs.join(", "));
            let map = IndexMap::parse(&text).unwrap();
            if let Some(fast) = check(&map, &shape, 1 << 24) {
                prop_assert_eq!(Some(fast), brute(&map, &shape), "{} on {:?}", text, shape);
            }
        }
    }

    #[test]
    fn collisions_and_negatives_are_left_to_the_full_check() {
        for (text, shape) in [
            ("lambda i, j: (i + j,)", [4i64, 4]),
            ("lambda i, j: (i,)", [4, 3]),
            ("lambda i, j: (i, j - 1)", [4, 3]),
            ("lambda i, j: (i // 2, j)", [4, 3]),
        ] {
            let map = IndexMap::parse(text).unwrap();
            assert_eq!(check(&map, &shape, 1 << 24), None, "{text}");
        }
    }
}
