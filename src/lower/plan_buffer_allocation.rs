//! PlanAndUpdateBufferAllocationLocation: each intermediate buffer is allocated
//! at the lowest common ancestor (loop or block) of all its accesses, so a
//! cache buffer that the schedule declared at the root moves next to its uses.
//!
//! TVM: src/tir/transforms/plan_update_buffer_allocation_location.cc and
//! analysis/buffer_access_lca_detector.cc. Unused buffers are dropped.
//!
//! Invariant: works on `lir`; moves `Alloc` statements and nothing else.

use super::lir::{LAlloc, LStmt, Lowered};
use crate::ir::{BufferId, Expr};
use std::collections::BTreeMap;

pub fn run(mut f: Lowered) -> Lowered {
    let mut allocated = Vec::new();
    strip_allocs(&mut f.body, &mut allocated);
    // Declaration order follows buffer creation (A_shared before B_shared).
    allocated.sort();
    allocated.dedup();
    // Scope 0 is the function body; loops and block markers are numbered in pre-order.
    let mut lca: BTreeMap<BufferId, Vec<usize>> = BTreeMap::new();
    let mut counter = 0;
    collect(&f.body, &mut vec![0], &mut counter, &mut |b, path| {
        if !allocated.contains(&b) {
            return;
        }
        lca.entry(b)
            .and_modify(|p| {
                let n = p.iter().zip(path).take_while(|(x, y)| x == y).count();
                p.truncate(n);
            })
            .or_insert_with(|| path.to_vec());
    });
    let mut at: BTreeMap<usize, Vec<BufferId>> = BTreeMap::new();
    for b in &allocated {
        if let Some(path) = lca.get(b) {
            at.entry(path.last().copied().unwrap_or(0))
                .or_default()
                .push(*b);
        }
    }
    if let Some(bufs) = at.get(&0) {
        f.body = wrap(std::mem::replace(&mut f.body, LStmt::Seq(Vec::new())), bufs);
    }
    let mut counter = 0;
    insert(&mut f.body, &mut counter, &at);
    f
}

fn strip_allocs(s: &mut LStmt, out: &mut Vec<BufferId>) {
    s.for_each_child_mut(|c| strip_allocs(c, out));
    if let LStmt::Alloc(a) = s {
        out.push(a.buffer);
        let body = std::mem::replace(&mut a.body, LStmt::Seq(Vec::new()));
        *s = body;
    }
}

fn wrap(mut body: LStmt, bufs: &[BufferId]) -> LStmt {
    for &b in bufs.iter().rev() {
        body = LStmt::Alloc(Box::new(LAlloc { buffer: b, body }));
    }
    body
}

fn expr_buffers(e: &Expr, f: &mut impl FnMut(BufferId)) {
    e.visit(&mut |x| {
        if let Expr::Load(b, _) = x {
            f(*b);
        }
    });
}

/// Calls `f(buffer, scope path)` for every access.
fn collect(
    s: &LStmt,
    path: &mut Vec<usize>,
    counter: &mut usize,
    f: &mut impl FnMut(BufferId, &[usize]),
) {
    if let LStmt::Store(st) = s {
        f(st.buffer, path);
    }
    s.for_each_expr(|e| expr_buffers(e, &mut |b| f(b, path)));
    let scope = matches!(s, LStmt::For(_) | LStmt::Block(_));
    if scope {
        *counter += 1;
        path.push(*counter);
    }
    s.for_each_child(|c| collect(c, path, counter, f));
    if scope {
        path.pop();
    }
}

fn insert(s: &mut LStmt, counter: &mut usize, at: &BTreeMap<usize, Vec<BufferId>>) {
    let scope = matches!(s, LStmt::For(_) | LStmt::Block(_));
    let id = if scope {
        *counter += 1;
        Some(*counter)
    } else {
        None
    };
    s.for_each_child_mut(|c| insert(c, counter, at));
    let Some(bufs) = id.and_then(|id| at.get(&id)) else {
        return;
    };
    let body = match s {
        LStmt::For(l) => &mut l.body,
        LStmt::Block(b) => &mut b.body,
        _ => return,
    };
    *body = wrap(std::mem::replace(body, LStmt::Seq(Vec::new())), bufs);
}
