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
use crate::arith::affine::{floor_div, floor_mod};
use crate::arith::VarRanges;
use crate::ir::{BinOp, BufferId, DataType, Expr, ForKind, StorageScope, VarId};

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
    // Shape first, on the loop bodies as they are: most unrolled nests are
    // not register tiles, and copying them out would be wasted (this runs on
    // every lowering).
    let mut roles = None;
    let (updates, _) = shape(nest, &mut roles, &mut Vec::new())?;
    let roles = roles?;
    if updates < 2 {
        return None;
    }
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
    let mut copies = Vec::with_capacity(updates);
    let mut block = None;
    unroll(f, nest, &mut Vec::new(), &mut block, &mut copies)?;
    let updates = copies
        .into_iter()
        .map(|store| {
            let [acc, first, second] = constant_indices(&store)?;
            Some((store, acc, first, second))
        })
        .collect::<Option<Vec<_>>>()?;
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
        Some(Some(name)) => LStmt::Block(Box::new(LBlock {
            name,
            body,
            explicit: Vec::new(),
        })),
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

/// The multiply-adds and loop iterations of a nest of unrolled constant loops
/// around multiply-add stores with the same `roles`, indexed by the nest's own
/// loops only (`vars`: the loops around `s`); `None` for anything else or a
/// nest past `MAX_UPDATES` in either count.
fn shape(s: &LStmt, roles: &mut Option<Roles>, vars: &mut Vec<VarId>) -> Option<(usize, usize)> {
    let (updates, iterations) = match s {
        LStmt::For(l) if l.kind == ForKind::Unrolled => {
            l.min.as_int()?;
            let extent = usize::try_from(l.extent.as_int()?).ok()?;
            vars.push(l.var);
            let inner = shape(&l.body, roles, vars);
            vars.pop();
            let (u, i) = inner?;
            (u.checked_mul(extent)?, i.max(1).checked_mul(extent)?)
        }
        LStmt::Block(b) => shape(&b.body, roles, vars)?,
        LStmt::Seq(v) => v.iter().try_fold((0usize, 0usize), |(u, i), c| {
            let (cu, ci) = shape(c, roles, vars)?;
            Some((u + cu, i + ci))
        })?,
        LStmt::Store(st) => {
            let r = multiply_add(st)?;
            if *roles.get_or_insert(r) != r || !indexed_by(st, vars) {
                return None;
            }
            (1, 0)
        }
        _ => return None,
    };
    (updates <= MAX_UPDATES && iterations <= MAX_UPDATES).then_some((updates, iterations))
}

/// Copies out the stores of `s` for every value of its unrolled loops, in loop
/// order, each simplified once with every loop variable around it replaced by
/// its value (`env`). `block` records the one block marker the stores sit in
/// (`Some(None)` once two differ). `None` when anything else is in the nest.
fn unroll(
    f: &Lowered,
    s: &LStmt,
    env: &mut Vec<(VarId, Expr)>,
    block: &mut Option<Option<String>>,
    out: &mut Vec<LStore>,
) -> Option<()> {
    match s {
        LStmt::For(l) if l.kind == ForKind::Unrolled => {
            let (min, extent) = (l.min.as_int()?, l.extent.as_int()?);
            for i in min..min + extent {
                env.push((l.var, Expr::int(i)));
                let done = unroll(f, &l.body, env, block, out);
                env.pop();
                done?;
            }
            Some(())
        }
        LStmt::Block(b) => {
            match block {
                None => *block = Some(Some(b.name.clone())),
                Some(Some(name)) if *name != b.name => *block = Some(None),
                _ => {}
            }
            unroll(f, &b.body, env, block, out)
        }
        LStmt::Seq(v) => v.iter().try_for_each(|c| unroll(f, c, env, block, out)),
        LStmt::Store(st) => {
            if let Some(copy) = constant_copy(st, env) {
                out.push(copy);
                return Some(());
            }
            let mut copy = LStmt::Store(st.clone());
            copy.substitute(&|v| {
                env.iter()
                    .rev()
                    .find(|(x, _)| *x == v)
                    .map(|(_, value)| value.clone())
            });
            match simplify_stmt(f, copy, &mut VarRanges::new()) {
                LStmt::Store(st) => out.push(st),
                _ => return None,
            }
            Some(())
        }
        _ => None,
    }
}

/// The copy of a multiply-add at the loop values `env`, when every index
/// folds to an int32 constant: what simplifying the substituted store gives,
/// without the simplifier's cost (a register tile has up to 256 of these per
/// nest, on every lowering). `None` leaves the store to the simplifier.
fn constant_copy(st: &LStore, env: &[(VarId, Expr)]) -> Option<LStore> {
    let indices = st
        .indices
        .iter()
        .map(|e| Some(Expr::int(eval(e, env)?)))
        .collect::<Option<Vec<_>>>()?;
    Some(LStore {
        buffer: st.buffer,
        indices,
        value: constant_value(&st.value, env)?,
    })
}

/// A multiply-add's value with its loads' indices folded: only `+`, `*`,
/// casts and loads, which the simplifier leaves in place once the indices
/// are constants.
fn constant_value(e: &Expr, env: &[(VarId, Expr)]) -> Option<Expr> {
    Some(match e {
        Expr::Load(b, idx) => Expr::Load(
            *b,
            idx.iter()
                .map(|i| Some(Expr::int(eval(i, env)?)))
                .collect::<Option<_>>()?,
        ),
        Expr::Cast(t, inner) => Expr::Cast(*t, Box::new(constant_value(inner, env)?)),
        Expr::Binary(op @ (BinOp::Add | BinOp::Mul), l, r) => {
            Expr::binary(*op, constant_value(l, env)?, constant_value(r, env)?)
        }
        _ => return None,
    })
}

/// The value of an int32 index expression whose variables are all in `env`,
/// folded as the simplifier folds constants.
fn eval(e: &Expr, env: &[(VarId, Expr)]) -> Option<i64> {
    match e {
        Expr::Int(v, DataType::I32) => Some(*v),
        Expr::Var(x) => match env.iter().rev().find(|(y, _)| y == x)?.1 {
            Expr::Int(v, DataType::I32) => Some(v),
            _ => None,
        },
        Expr::Binary(
            op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::FloorDiv | BinOp::FloorMod),
            l,
            r,
        ) => {
            let (a, b) = (eval(l, env)?, eval(r, env)?);
            // As `fold_consts` folds two int32 literals: checked, and only
            // to an int32. Index arithmetic divides by positive constants;
            // anything else is left to the simplifier.
            let v = match op {
                BinOp::Add => a.checked_add(b)?,
                BinOp::Sub => a.checked_sub(b)?,
                BinOp::Mul => a.checked_mul(b)?,
                _ if b <= 0 => return None,
                BinOp::FloorDiv => floor_div(a, b)?,
                _ => floor_mod(a, b)?,
            };
            i32::try_from(v).is_ok().then_some(v)
        }
        _ => None,
    }
}

/// True when every variable in the store's and its loads' indices is one of
/// `vars`: only then do the copies have constant indices to order by (an
/// index on an outer loop, such as a double buffer's `k % 2`, leaves the nest
/// as it is, and finding that out after copying it would be wasted).
fn indexed_by(st: &LStore, vars: &[VarId]) -> bool {
    let mut closed = true;
    for e in st.indices.iter().chain(std::iter::once(&st.value)) {
        e.visit(&mut |x| {
            if let Expr::Var(v) = x {
                closed &= vars.contains(v);
            }
        });
    }
    closed
}

/// `acc[..] = acc[..] + first[..] * second[..]` (either side of the `+`, loads
/// possibly cast), each access one index: the roles.
fn multiply_add(st: &LStore) -> Option<Roles> {
    let (acc, first, second) = operands(st)?;
    (load_of(acc)?.0 == st.buffer && st.indices.len() == 1).then_some(Roles {
        acc: st.buffer,
        first: load_of(first)?.0,
        second: load_of(second)?.0,
    })
}

/// `[c, a, b]` of a multiply-add whose copies have constant indices, when
/// it reads the element it writes.
fn constant_indices(st: &LStore) -> Option<[i64; 3]> {
    let (acc, first, second) = operands(st)?;
    let c = st.indices.first()?.as_int()?;
    let constant = |e| load_of(e)?.1.as_int();
    (constant(acc)? == c).then_some([c, constant(first)?, constant(second)?])
}

/// The accumulator load and the two factors of a multiply-add's value.
fn operands(st: &LStore) -> Option<(&Expr, &Expr, &Expr)> {
    let Expr::Binary(BinOp::Add, l, r) = &st.value else {
        return None;
    };
    let (load, product) = match (l.as_ref(), r.as_ref()) {
        (Expr::Load(..), p @ Expr::Binary(BinOp::Mul, ..)) => (l.as_ref(), p),
        (p @ Expr::Binary(BinOp::Mul, ..), Expr::Load(..)) => (r.as_ref(), p),
        _ => return None,
    };
    let Expr::Binary(BinOp::Mul, x, y) = product else {
        return None;
    };
    Some((load, strip_cast(x), strip_cast(y)))
}

fn strip_cast(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(_, inner) => inner,
        other => other,
    }
}

/// A one-index load: its buffer and index.
fn load_of(e: &Expr) -> Option<(BufferId, &Expr)> {
    match e {
        Expr::Load(b, idx) => match idx.as_slice() {
            [i] => Some((*b, i)),
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
    fn indices_fold_only_when_every_variable_is_known() {
        let (i, j) = (VarId(0), VarId(1));
        let env = [(i, Expr::int(3)), (j, Expr::int(-7))];
        let idx = Expr::add(
            Expr::mul(Expr::var(i), Expr::int(8)),
            Expr::binary(BinOp::FloorMod, Expr::var(j), Expr::int(4)),
        );
        assert_eq!(eval(&idx, &env), Some(3 * 8 + 1));
        let div = Expr::binary(BinOp::FloorDiv, Expr::var(j), Expr::int(2));
        assert_eq!(eval(&div, &env), Some(-4));
        // An unknown variable, a negative divisor, an int32 overflow, an int64
        // constant: left to the simplifier.
        assert_eq!(eval(&Expr::var(VarId(2)), &env), None);
        let neg = Expr::binary(BinOp::FloorDiv, Expr::var(i), Expr::int(-2));
        assert_eq!(eval(&neg, &env), None);
        let big = Expr::mul(Expr::int(1 << 20), Expr::int(1 << 20));
        assert_eq!(eval(&big, &env), None);
        assert_eq!(eval(&Expr::Int(1, DataType::I64), &env), None);
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
