//! OrderOuterProduct: emits a register tile's multiply-adds in serpentine order.
//!
//! A register-tiled GEMM ends in a nest of unrolled loops whose body updates
//! `C[c] = C[c] + X[a] * Y[b]` (once per vthread copy). The order nvcc sees
//! these statements in steers how ptxas allocates registers and reuses
//! operands: on the H100 the 4096³ fp32 GEMM ran 3% faster with them in
//! serpentine order (one X element at a time, Y forwards then backwards, so
//! consecutive multiply-adds share an operand, also at every turn) than in loop
//! order, and 6% slower with X and Y swapped. X is the operand with more
//! distinct elements: those are loaded one by one and can arrive late.
//!
//! Every statement writes its own C element once and reads only X, Y and that
//! element, and the nest writes neither X nor Y, so any order computes the
//! same bits. Nests that do not have exactly this shape are left as they are.
//!
//! Not in TVM, whose CUDA keeps the loop order.
//!
//! Invariant: works on flat `lir`; changes the order of statements only inside
//! fully unrolled nests of constant extent, which it copies out.

use super::lir::{LBlock, LStmt, LStore, Lowered};
use super::simplify::simplify_stmt;
use crate::arith::VarRanges;
use crate::ir::{BinOp, BufferId, Expr, ForKind, StorageScope};

/// Largest nest (in multiply-adds) copied out: a 16x8 tile is 128.
const MAX_UPDATES: usize = 256;

pub fn run(mut f: Lowered) -> Lowered {
    let body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    f.body = visit(&f, body);
    f
}

fn visit(f: &Lowered, s: LStmt) -> LStmt {
    if let LStmt::For(l) = &s {
        if l.kind == ForKind::Unrolled {
            if let Some(ordered) = reorder(f, &s) {
                return ordered;
            }
        }
    }
    let mut s = s;
    s.for_each_child_mut(|c| {
        let child = std::mem::replace(c, LStmt::Seq(Vec::new()));
        *c = visit(f, child);
    });
    s
}

/// One multiply-add of the nest with every loop variable replaced by its value.
struct Update {
    store: LStore,
    acc: i64,
    outer: i64,
    inner: i64,
}

/// The buffers of a nest: `acc[..] = acc[..] + first[..] * second[..]`.
#[derive(Clone, Copy, PartialEq)]
struct Roles {
    acc: BufferId,
    first: BufferId,
    second: BufferId,
}

/// The nest at `nest` in serpentine order, or `None` when it is not a nest of
/// independent multiply-adds on registers or its order would not change.
fn reorder(f: &Lowered, nest: &LStmt) -> Option<LStmt> {
    let mut copies = Vec::new();
    let mut block = None;
    unroll(f, nest, &mut block, &mut copies)?;
    if copies.len() < 2 {
        return None;
    }
    let mut roles = None;
    let mut updates = Vec::with_capacity(copies.len());
    for store in copies {
        let (r, [acc, first, second]) = multiply_add(&store)?;
        if *roles.get_or_insert(r) != r {
            return None;
        }
        updates.push((store, acc, first, second));
    }
    let roles = roles?;
    let private = |b: BufferId| {
        f.buffers
            .get(b.0 as usize)
            .is_some_and(|x| x.scope == StorageScope::Local)
    };
    if roles.acc == roles.first
        || roles.acc == roles.second
        || ![roles.acc, roles.first, roles.second]
            .into_iter()
            .all(private)
    {
        return None;
    }
    let mut written: Vec<i64> = updates.iter().map(|u| u.1).collect();
    written.sort_unstable();
    if written.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let distinct = |pick: fn(&(LStore, i64, i64, i64)) -> i64| {
        let mut v: Vec<i64> = updates.iter().map(pick).collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    let first_outer = distinct(|u| u.2) >= distinct(|u| u.3);
    let mut updates: Vec<Update> = updates
        .into_iter()
        .map(|(store, acc, a, b)| {
            let (outer, inner) = if first_outer { (a, b) } else { (b, a) };
            Update {
                store,
                acc,
                outer,
                inner,
            }
        })
        .collect();
    let before: Vec<i64> = updates.iter().map(|u| u.acc).collect();
    serpentine(&mut updates);
    if updates.iter().map(|u| u.acc).eq(before) {
        return None;
    }
    let body = LStmt::seq(updates.into_iter().map(|u| LStmt::Store(u.store)).collect());
    Some(match block {
        Some(Some(name)) => LStmt::Block(Box::new(LBlock { name, body })),
        _ => body,
    })
}

/// Rows by the outer operand's index; within a row by the inner index,
/// forwards on even rows and backwards on odd ones.
fn serpentine(updates: &mut [Update]) {
    updates.sort_by_key(|u| (u.outer, u.inner));
    let mut row = 0;
    let mut start = 0;
    while start < updates.len() {
        let outer = updates[start].outer;
        let end = start + updates[start..].partition_point(|u| u.outer == outer);
        if row % 2 == 1 {
            updates[start..end].reverse();
        }
        row += 1;
        start = end;
    }
}

/// Copies out the stores of `s` for every value of its unrolled loops, in loop
/// order. `block` records the one block marker the stores sit in (`Some(None)`
/// once two differ). `None` when anything else is in the nest.
fn unroll(
    f: &Lowered,
    s: &LStmt,
    block: &mut Option<Option<String>>,
    out: &mut Vec<LStore>,
) -> Option<()> {
    match s {
        LStmt::For(l) if l.kind == ForKind::Unrolled => {
            let (min, extent) = (l.min.as_int()?, l.extent.as_int()?);
            if extent <= 0 || out.len() as i64 + extent > MAX_UPDATES as i64 {
                return None;
            }
            for i in min..min + extent {
                let mut body = l.body.clone();
                let var = l.var;
                body.substitute(&|v| (v == var).then(|| Expr::int(i)));
                let body = simplify_stmt(f, body, &mut VarRanges::new());
                unroll(f, &body, block, out)?;
                if out.len() > MAX_UPDATES {
                    return None;
                }
            }
            Some(())
        }
        LStmt::Block(b) => {
            match block {
                None => *block = Some(Some(b.name.clone())),
                Some(Some(name)) if *name != b.name => *block = Some(None),
                _ => {}
            }
            unroll(f, &b.body, block, out)
        }
        LStmt::Seq(v) => v.iter().try_for_each(|c| unroll(f, c, block, out)),
        LStmt::Store(st) => {
            out.push(st.clone());
            Some(())
        }
        _ => None,
    }
}

/// `acc[c] = acc[c] + first[a] * second[b]` (either side of the `+`, loads
/// possibly cast), with constant one-element indices: the roles and `[c, a, b]`.
fn multiply_add(st: &LStore) -> Option<(Roles, [i64; 3])> {
    let [index] = st.indices.as_slice() else {
        return None;
    };
    let c = index.as_int()?;
    let Expr::Binary(BinOp::Add, l, r) = &st.value else {
        return None;
    };
    let (load, product) = match (l.as_ref(), r.as_ref()) {
        (Expr::Load(..), p @ Expr::Binary(BinOp::Mul, ..)) => (l.as_ref(), p),
        (p @ Expr::Binary(BinOp::Mul, ..), Expr::Load(..)) => (r.as_ref(), p),
        _ => return None,
    };
    let (acc, c_read) = constant_load(load)?;
    if acc != st.buffer || c_read != c {
        return None;
    }
    let Expr::Binary(BinOp::Mul, x, y) = product else {
        return None;
    };
    let (first, a) = constant_load(strip_cast(x))?;
    let (second, b) = constant_load(strip_cast(y))?;
    Some((Roles { acc, first, second }, [c, a, b]))
}

fn strip_cast(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, inner) => inner,
        other => other,
    }
}

fn constant_load(e: &Expr) -> Option<(BufferId, i64)> {
    match e {
        Expr::Load(b, idx) => match idx.as_slice() {
            [i] => Some((*b, i.as_int()?)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(outer: i64, inner: i64) -> Update {
        Update {
            store: LStore {
                buffer: BufferId(0),
                indices: vec![Expr::int(outer * 10 + inner)],
                value: Expr::int(0),
            },
            acc: outer * 10 + inner,
            outer,
            inner,
        }
    }

    #[test]
    fn rows_alternate_direction() {
        let mut u: Vec<Update> = [(1, 0), (0, 1), (1, 1), (0, 0), (2, 1), (2, 0)]
            .into_iter()
            .map(|(o, i)| update(o, i))
            .collect();
        serpentine(&mut u);
        let order: Vec<(i64, i64)> = u.iter().map(|u| (u.outer, u.inner)).collect();
        assert_eq!(order, [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 1)]);
    }
}
