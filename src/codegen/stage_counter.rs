//! Wrapping counters for a loop's `(k + c) % N` indices, where the loop asks
//! for them (`stage_counters: 1`, tirtui's own annotation; TVM ignores it).
//!
//! A software-pipelined loop picks its stage buffers by `(k + c) % stages`.
//! Printed as it is, each iteration divides by N again (a multiply-high and a
//! shift when N is not a power of two; a mask when it is, which is left alone)
//! at the top of the loop, on the path to its first `ldmatrix` and `cp.async`.
//! A counter per distinct index, set before the loop and stepped at the end of
//! each iteration (`s = s == N - 1 ? 0 : s + 1`), ran the wide fp16 MMA kernel
//! 0.8-1.5% faster on the H100, but the 128x128 MMA, the WMMA and the int8
//! kernels 1-4% slower (three runs each, side by side): a choice per session.
//!
//! Printing only: the IR keeps its `floormod`, so every analysis (`cp.async`
//! alignment, index width, bounds) sees the index it reasons about.
//!
//! Invariant: knows `lir` and `ir` expressions; nothing of the writer's state.

use crate::ir::{AnnValue, BinOp, Expr, ForKind, VarId};
use crate::lower::inject_software_pipeline::STAGE_COUNTERS;
use crate::lower::lir::LFor;

/// Loops of fewer iterations NVCC unrolls whole and folds their remainders
/// to constants itself; a counter there would only add lines.
const MIN_ITERATIONS: i64 = 8;

/// `name` holds `floormod(var + offset, modulus)` during the loop's body.
#[derive(Clone, Debug, PartialEq)]
pub struct StageCounter {
    pub var: VarId,
    /// In `[0, modulus)`.
    pub offset: i64,
    pub modulus: i64,
    pub name: String,
}

impl StageCounter {
    /// The counter's value in the loop's first iteration (`min` is the loop's start).
    pub fn initial(&self, min: i64) -> i64 {
        (min % self.modulus + self.offset).rem_euclid(self.modulus)
    }

    /// The statement that ends each iteration: `s = s == N - 1 ? 0 : s + 1;`.
    pub fn step(&self) -> String {
        let (s, last) = (&self.name, self.modulus - 1);
        format!("{s} = {s} == {last} ? 0 : {s} + 1;")
    }
}

/// The counter's name before it is made unique: `k_mod3`, `k_p2_mod3`.
pub fn base_name(loop_var: &str, offset: i64, modulus: i64) -> String {
    if offset == 0 {
        format!("{loop_var}_mod{modulus}")
    } else {
        format!("{loop_var}_p{offset}_mod{modulus}")
    }
}

/// `floormod(k + c, N)` or `floormod(k, N)` with N a constant >= 3 and not a
/// power of two: (c mod N, N).
fn match_mod(a: &Expr, b: &Expr, k: VarId) -> Option<(i64, i64)> {
    let n = b
        .as_int()
        .filter(|&n| n >= 3 && !(n as u64).is_power_of_two())?;
    let c = match a {
        Expr::Var(v) if *v == k => 0,
        Expr::Binary(BinOp::Add, x, y) => match (&**x, &**y) {
            (Expr::Var(v), c) | (c, Expr::Var(v)) if *v == k => c.as_int()?,
            _ => return None,
        },
        _ => return None,
    };
    Some((c.rem_euclid(n), n))
}

/// The distinct `(offset, modulus)` pairs a loop's body takes of its variable,
/// in order of first use; none for a loop that did not ask or whose counters
/// would not pay (not a plain serial loop, a start that is not a constant, a
/// short constant trip).
pub fn wanted(l: &LFor) -> Vec<(i64, i64)> {
    let asked = l
        .annotations
        .iter()
        .any(|(k, v)| k == STAGE_COUNTERS && matches!(v, AnnValue::Int(1)));
    let short = l.extent.as_int().is_some_and(|e| e < MIN_ITERATIONS);
    if !asked || l.kind != ForKind::Serial || l.min.as_int().is_none() || short {
        return Vec::new();
    }
    let mut found = Vec::new();
    l.body.visit_exprs(&mut |e| {
        if let Expr::Binary(BinOp::FloorMod, a, b) = e {
            if let Some(pair) = match_mod(a, b, l.var) {
                if !found.contains(&pair) {
                    found.push(pair);
                }
            }
        }
    });
    found
}

/// The counter that stands for `floormod(a, b)`, if one is live.
pub fn lookup<'c>(counters: &'c [StageCounter], a: &Expr, b: &Expr) -> Option<&'c str> {
    counters.iter().rev().find_map(|c| {
        let hit = match_mod(a, b, c.var) == Some((c.offset, c.modulus));
        hit.then_some(c.name.as_str())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::lir::LStmt;

    fn k() -> VarId {
        VarId(0)
    }

    fn modulo(c: i64, n: i64) -> Expr {
        let a = if c == 0 {
            Expr::var(k())
        } else {
            Expr::add(Expr::var(k()), Expr::int(c))
        };
        Expr::floormod(a, Expr::int(n))
    }

    fn lfor(kind: ForKind, min: i64, extent: i64, uses: Vec<Expr>) -> LFor {
        let body = uses.into_iter().map(LStmt::Evaluate).collect();
        LFor {
            var: k(),
            min: Expr::int(min),
            extent: Expr::int(extent),
            kind,
            annotations: vec![(STAGE_COUNTERS.to_string(), AnnValue::Int(1))],
            body: LStmt::Seq(body),
        }
    }

    #[test]
    fn a_pipelined_loop_gets_one_counter_per_distinct_index() {
        let uses = vec![modulo(2, 3), modulo(0, 3), modulo(5, 3), modulo(1, 5)];
        let l = lfor(ForKind::Serial, 0, 62, uses);
        assert_eq!(wanted(&l), vec![(2, 3), (0, 3), (1, 5)]);
    }

    #[test]
    fn short_unrolled_and_other_loops_get_none() {
        let mut unasked = lfor(ForKind::Serial, 0, 64, vec![modulo(1, 3)]);
        unasked.annotations.clear();
        assert!(wanted(&unasked).is_empty());
        assert!(wanted(&lfor(ForKind::Serial, 0, 3, vec![modulo(1, 3)])).is_empty());
        assert!(wanted(&lfor(ForKind::Unrolled, 0, 64, vec![modulo(1, 3)])).is_empty());
        // A power of two is a mask already.
        assert!(wanted(&lfor(
            ForKind::Serial,
            0,
            64,
            vec![modulo(1, 2), modulo(0, 4)]
        ))
        .is_empty());
        let other = Expr::floormod(Expr::var(VarId(1)), Expr::int(3));
        assert!(wanted(&lfor(ForKind::Serial, 0, 64, vec![other])).is_empty());
        let by_var = Expr::floormod(Expr::var(k()), Expr::var(VarId(1)));
        assert!(wanted(&lfor(ForKind::Serial, 0, 64, vec![by_var])).is_empty());
    }

    /// The counter walks through exactly the values of `floormod(k + c, N)`,
    /// negative starts included.
    #[test]
    fn a_counter_follows_floormod_from_any_start() {
        for (min, c, n) in [(0i64, 2i64, 3i64), (5, 1, 4), (-7, 0, 3), (-2, 6, 5)] {
            let counter = StageCounter {
                var: k(),
                offset: c.rem_euclid(n),
                modulus: n,
                name: "s".into(),
            };
            let mut s = counter.initial(min);
            for kv in min..min + 20 {
                assert_eq!(s, (kv + c).rem_euclid(n), "min {min} c {c} n {n} k {kv}");
                s = if s == n - 1 { 0 } else { s + 1 };
            }
        }
    }

    #[test]
    fn lookup_finds_the_live_counter_only() {
        let counters = vec![StageCounter {
            var: k(),
            offset: 2,
            modulus: 3,
            name: "k_p2_mod3".into(),
        }];
        let Expr::Binary(_, a, b) = modulo(2, 3) else {
            unreachable!()
        };
        assert_eq!(lookup(&counters, &a, &b), Some("k_p2_mod3"));
        let Expr::Binary(_, a, b) = modulo(1, 3) else {
            unreachable!()
        };
        assert_eq!(lookup(&counters, &a, &b), None);
    }
}
