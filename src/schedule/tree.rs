//! Navigation of the statement tree by stable ids: TVM's sref tree, computed on demand.
//!
//! Programs are small (tens of statements), so every query walks the tree; this
//! keeps the IR plain data with no parent pointers to keep in sync. Mutable
//! lookups find their way by reading first and write only along that path, so
//! that statements shared with an earlier program (`ir::Shared`) stay shared.

use crate::ir::locate::{self, Target};
use crate::ir::{Block, BlockId, BlockRealize, For, LoopId, PrimFunc, Stmt};

/// One step on the path from the function body down to a node: a loop or a
/// block, as `ir::locate` names its targets.
pub use crate::ir::locate::Target as Ancestor;

/// Finds the `Stmt::For` slot of a loop, mutably (so it can be replaced).
pub fn loop_stmt_mut(stmt: &mut Stmt, id: LoopId) -> Option<&mut Stmt> {
    stmt_mut_at(stmt, Target::Loop(id))
}

/// Finds the `Stmt::BlockRealize` slot of a block, mutably.
pub fn block_stmt_mut(stmt: &mut Stmt, id: BlockId) -> Option<&mut Stmt> {
    stmt_mut_at(stmt, Target::Block(id))
}

/// The first statement (pre-order) that is `target`, mutably. The way down
/// is found by reading first (`ir::locate`), so that only the statements on
/// the path to it are written through (and copied, where another program
/// shares them).
fn stmt_mut_at(stmt: &mut Stmt, target: Target) -> Option<&mut Stmt> {
    let mut path = Vec::with_capacity(locate::WAY_ROOM);
    if !locate::path_to(stmt, target, &mut path) {
        return None;
    }
    let mut cur = stmt;
    for i in path {
        cur = child_mut(cur, i as usize)?;
    }
    Some(cur)
}

/// Child indices (in `Stmt::for_each_child` order) from `stmt` down to the
/// first statement for which `pred` holds.
fn path_where(stmt: &Stmt, pred: &dyn Fn(&Stmt) -> bool, path: &mut Vec<usize>) -> bool {
    if pred(stmt) {
        return true;
    }
    // By index, to stop at the first hit (this runs at every step).
    let mut i = 0;
    while let Some(c) = stmt.child(i) {
        path.push(i);
        if path_where(c, pred, path) {
            return true;
        }
        path.pop();
        i += 1;
    }
    false
}

/// The `i`-th child of a statement, in `Stmt::for_each_child` order, mutably.
fn child_mut(stmt: &mut Stmt, i: usize) -> Option<&mut Stmt> {
    match stmt {
        Stmt::For(l) => (i == 0).then_some(&mut l.body),
        Stmt::BlockRealize(r) => {
            let block = &mut r.block;
            match (&mut block.init, i) {
                (Some(init), 0) => Some(init),
                (Some(_), 1) | (None, 0) => Some(&mut block.body),
                _ => None,
            }
        }
        Stmt::Seq(v) => v.get_mut(i),
        Stmt::IfThenElse(c) => {
            let c = &mut **c;
            match i {
                0 => Some(&mut c.then_case),
                1 => c.else_case.as_mut(),
                _ => None,
            }
        }
        Stmt::LetStmt(l) => (i == 0).then_some(&mut l.body),
        Stmt::BufferStore(_) | Stmt::Evaluate(_) => None,
    }
}

pub fn block_realize_mut(func: &mut PrimFunc, id: BlockId) -> Option<&mut BlockRealize> {
    match block_stmt_mut(&mut func.body, id) {
        Some(Stmt::BlockRealize(r)) => Some(r),
        _ => None,
    }
}

pub fn loop_mut(func: &mut PrimFunc, id: LoopId) -> Option<&mut For> {
    match loop_stmt_mut(&mut func.body, id) {
        Some(Stmt::For(l)) => Some(l),
        _ => None,
    }
}

/// The ancestors of a node (outermost first, excluding the node itself).
fn ancestors_of(func: &PrimFunc, target: Ancestor) -> Option<Vec<Ancestor>> {
    let mut path = Vec::with_capacity(locate::WAY_ROOM);
    locate::locate(&func.body, target, |s| match s {
        Stmt::For(l) => path.push(Ancestor::Loop(l.id)),
        Stmt::BlockRealize(r) => path.push(Ancestor::Block(r.block.id)),
        _ => {}
    })?;
    Some(path)
}

pub fn ancestors_of_block(func: &PrimFunc, id: BlockId) -> Option<Vec<Ancestor>> {
    ancestors_of(func, Ancestor::Block(id))
}

pub fn ancestors_of_loop(func: &PrimFunc, id: LoopId) -> Option<Vec<Ancestor>> {
    ancestors_of(func, Ancestor::Loop(id))
}

/// The loops between a block and its scope root (the nearest enclosing block), outermost first.
/// This is TVM's `get_loops`.
pub fn loops_of_block(func: &PrimFunc, id: BlockId) -> Option<Vec<LoopId>> {
    let path = ancestors_of_block(func, id)?;
    Some(loops_after_last_block(&path))
}

/// The loops between a loop (exclusive) and its scope root, outermost first.
pub fn loops_above_loop(func: &PrimFunc, id: LoopId) -> Option<Vec<LoopId>> {
    let path = ancestors_of_loop(func, id)?;
    Some(loops_after_last_block(&path))
}

fn loops_after_last_block(path: &[Ancestor]) -> Vec<LoopId> {
    let start = path
        .iter()
        .rposition(|a| matches!(a, Ancestor::Block(_)))
        .map(|i| i + 1)
        .unwrap_or(0);
    let mut loops = Vec::with_capacity(path.len() - start);
    loops.extend(path[start..].iter().filter_map(|a| match a {
        Ancestor::Loop(l) => Some(*l),
        Ancestor::Block(_) => None,
    }));
    loops
}

/// The block and the loops between it and its scope root (outermost first):
/// `PrimFunc::find_block` and `loops_of_block`, in one walk.
pub fn block_and_loops(func: &PrimFunc, id: BlockId) -> Option<(&BlockRealize, Vec<&For>)> {
    let mut loops = Vec::with_capacity(locate::WAY_ROOM);
    let found = locate::locate(&func.body, Target::Block(id), |s| match s {
        Stmt::For(l) => loops.push(&**l),
        // Inside another block, the loops above it are not the target's.
        Stmt::BlockRealize(_) => loops.clear(),
        _ => {}
    })?;
    match found {
        Stmt::BlockRealize(r) => Some((r, loops)),
        _ => None,
    }
}

/// The block whose body contains this block (TVM's scope root); None for the root block.
pub fn scope_of_block(func: &PrimFunc, id: BlockId) -> Option<BlockId> {
    let path = ancestors_of_block(func, id)?;
    path.iter().rev().find_map(|a| match a {
        Ancestor::Block(b) => Some(*b),
        Ancestor::Loop(_) => None,
    })
}

/// The loops enclosing loop `id` (at any depth, across blocks), outermost
/// first, with the loop itself: `ancestors_of_loop` and `find_loop` of each,
/// in one walk.
pub fn loop_and_loops_above(func: &PrimFunc, id: LoopId) -> Option<(&For, Vec<&For>)> {
    let mut above = Vec::with_capacity(locate::WAY_ROOM);
    let found = locate::locate(&func.body, Target::Loop(id), |s| {
        if let Stmt::For(l) = s {
            above.push(&**l);
        }
    })?;
    match found {
        Stmt::For(l) => Some((l, above)),
        _ => None,
    }
}

/// The realize of the block whose body contains block `id` (its scope root):
/// `scope_of_block` and `find_block`, in one walk.
pub fn scope_realize_of_block(func: &PrimFunc, id: BlockId) -> Option<&BlockRealize> {
    let mut scope = None;
    locate::locate(&func.body, Target::Block(id), |s| {
        if let Stmt::BlockRealize(r) = s {
            scope = Some(&**r);
        }
    })?;
    scope
}

/// The block whose body contains this loop.
pub fn scope_of_loop(func: &PrimFunc, id: LoopId) -> Option<BlockId> {
    let path = ancestors_of_loop(func, id)?;
    path.iter().rev().find_map(|a| match a {
        Ancestor::Block(b) => Some(*b),
        Ancestor::Loop(_) => None,
    })
}

/// True when `anc` is an ancestor loop of block `id`.
pub fn loop_contains_block(func: &PrimFunc, anc: LoopId, id: BlockId) -> bool {
    ancestors_of_block(func, id).is_some_and(|p| p.contains(&Ancestor::Loop(anc)))
}

/// True when loop `anc` is a (strict) ancestor of loop `id`.
pub fn loop_contains_loop(func: &PrimFunc, anc: LoopId, id: LoopId) -> bool {
    ancestors_of_loop(func, id).is_some_and(|p| p.contains(&Ancestor::Loop(anc)))
}

/// Blocks directly inside a statement (not inside nested blocks), in program order.
pub fn child_blocks(stmt: &Stmt) -> Vec<&BlockRealize> {
    fn walk<'a>(stmt: &'a Stmt, out: &mut Vec<&'a BlockRealize>) {
        match stmt {
            Stmt::BlockRealize(r) => out.push(r),
            _ => stmt.for_each_child(|c| walk(c, out)),
        }
    }
    let mut out = Vec::with_capacity(16);
    walk(stmt, &mut out);
    out
}

/// The child blocks of a block (inside its body, not nested deeper).
pub fn child_blocks_of_block(block: &Block) -> Vec<&BlockRealize> {
    let mut out = Vec::with_capacity(16);
    if let Some(init) = &block.init {
        out.extend(child_blocks(init));
    }
    out.extend(child_blocks(&block.body));
    out
}

/// All loops inside a statement, pre-order.
pub fn loops_in(stmt: &Stmt) -> Vec<&For> {
    let mut out = Vec::with_capacity(16);
    stmt.visit(&mut |s| {
        if let Stmt::For(l) = s {
            out.push(&**l);
        }
    });
    out
}

/// All block realizes inside a statement at any depth, pre-order.
pub fn blocks_in(stmt: &Stmt) -> Vec<&BlockRealize> {
    let mut out = Vec::with_capacity(16);
    stmt.visit(&mut |s| {
        if let Stmt::BlockRealize(r) = s {
            out.push(&**r);
        }
    });
    out
}

/// Removes the statement for which `pred` holds from the tree (from its Seq, or
/// replacing a single child with an empty Seq). Returns the removed statement.
/// Only the statements on the path to it are written through.
pub fn remove_stmt(stmt: &mut Stmt, pred: &dyn Fn(&Stmt) -> bool) -> Option<Stmt> {
    let mut path = Vec::with_capacity(locate::WAY_ROOM);
    if pred(stmt) || !path_where(stmt, pred, &mut path) {
        return None;
    }
    remove_at(stmt, &path)
}

/// `remove_stmt` of block `id`, found the way lookups find it (`ir::locate`,
/// which remembers the way a step's checks looked it up) rather than by a walk.
pub fn remove_block(stmt: &mut Stmt, id: BlockId) -> Option<Stmt> {
    let mut path = Vec::with_capacity(locate::WAY_ROOM);
    if !locate::path_to(stmt, Target::Block(id), &mut path) {
        return None;
    }
    let path: Vec<usize> = path.into_iter().map(|i| i as usize).collect();
    remove_at(stmt, &path)
}

/// Removes the statement at `path` (child indices) under `stmt`; `None` for
/// an empty path (the statement itself).
fn remove_at(stmt: &mut Stmt, path: &[usize]) -> Option<Stmt> {
    // The nearest statement above the target that is a Seq holding it directly
    // loses that element; any other parent gets an empty Seq in its place.
    let (&last, parents) = path.split_last()?;
    let mut parent = &mut *stmt;
    for &i in parents {
        parent = child_mut(parent, i)?;
    }
    if let Stmt::Seq(v) = parent {
        let removed = v.remove(last);
        if v.len() == 1 {
            let only = v.pop()?;
            *parent = only;
        }
        return Some(removed);
    }
    let slot = child_mut(parent, last)?;
    Some(std::mem::replace(slot, Stmt::Seq(Vec::new())))
}

/// Drops loops whose body became empty, and flattens nested/empty `Seq`s.
pub fn cleanup_empty(stmt: &mut Stmt) {
    if !needs_cleanup(stmt) {
        return;
    }
    stmt.for_each_child_mut(cleanup_empty);
    match stmt {
        Stmt::Seq(v) => {
            let mut flat = Vec::with_capacity(v.len());
            for s in v.drain(..) {
                match s {
                    Stmt::Seq(inner) => flat.extend(inner),
                    other => flat.push(other),
                }
            }
            *v = flat;
            if v.len() == 1 {
                if let Some(only) = v.pop() {
                    *stmt = only;
                }
            }
        }
        Stmt::For(l) if is_empty(&l.body) => *stmt = Stmt::Seq(Vec::new()),
        _ => {}
    }
}

pub fn is_empty(stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Seq(v) if v.is_empty())
}

/// Whether `cleanup_empty` would change anything in `stmt` (read only, so
/// that clean subtrees shared with another program are not copied).
fn needs_cleanup(stmt: &Stmt) -> bool {
    let here = match stmt {
        Stmt::Seq(v) => v.len() == 1 || v.iter().any(|s| matches!(s, Stmt::Seq(_))),
        Stmt::For(l) => is_empty(&l.body),
        _ => false,
    };
    let mut below = false;
    stmt.for_each_child(|c| below = below || needs_cleanup(c));
    here || below
}

#[cfg(test)]
mod tests {
    use super::*;

    // Nested blocks (the outer block's loops are not the inner block's) and
    // two nests side by side.
    const TIR: &str = r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    for i in range(16):
        with T.block("outer"):
            vi = T.axis.spatial(16, i)
            for j in range(16):
                with T.block("inner"):
                    vj = T.axis.spatial(16, j)
                    B[vi, vj] = A[vi, vj]
    for k in range(4):
        for l in range(4):
            with T.block("side"):
                vk, vl = T.axis.remap("SS", [k, l])
                B[vk, vl] = T.float32(0)
"#;

    fn loop_named(func: &PrimFunc, name: &str) -> LoopId {
        loops_in(&func.body)
            .into_iter()
            .find(|l| func.var_name(l.var) == name)
            .expect("loop")
            .id
    }

    // Lookups remember their way per tree (`ir::locate`): every change,
    // in a copy or in place, must be seen by the next lookup.
    #[test]
    fn remembered_ways_follow_every_change() {
        let func = crate::script::parse_func(TIR, None).expect("parses");
        let root = func.root_block().expect("root").id;
        let side = func.blocks_named("side")[0].id;
        let (i, k, l) = (
            loop_named(&func, "i"),
            loop_named(&func, "k"),
            loop_named(&func, "l"),
        );
        let way = vec![Ancestor::Block(root), Ancestor::Loop(k), Ancestor::Loop(l)];
        assert_eq!(ancestors_of_block(&func, side), Some(way.clone()));
        // A copy without the first nest: `side` is found at its new place.
        let mut after = func.clone();
        remove_stmt(&mut after.body, &|s| matches!(s, Stmt::For(x) if x.id == i));
        cleanup_empty(&mut after.body);
        assert!(after.find_loop(i).is_none());
        assert_eq!(after.find_block(side).map(|r| r.block.id), Some(side));
        assert_eq!(ancestors_of_block(&after, side), Some(way.clone()));
        // The original is answered from its own tree, in turns with the copy.
        assert_eq!(func.find_loop(i).map(|x| x.id), Some(i));
        assert_eq!(after.find_loop(l).map(|x| x.id), Some(l));
        assert_eq!(loop_and_loops_above(&func, l).map(|(x, _)| x.id), Some(l));
        // Written in place once the copy is the only owner.
        drop(func);
        assert!(after.find_block(side).is_some());
        loop_mut(&mut after, l).expect("l").body = Stmt::Seq(Vec::new());
        assert!(after.find_block(side).is_none());
        assert!(block_and_loops(&after, side).is_none());
        assert_eq!(after.find_loop(l).map(|x| x.id), Some(l));
    }

    #[test]
    fn block_and_loops_is_find_block_and_loops_of_block() {
        let func = crate::script::parse_func(TIR, None).expect("parses");
        for b in func.blocks() {
            let (realize, loops) = block_and_loops(&func, b.id).expect("found");
            assert_eq!(realize, func.find_block(b.id).expect("block"));
            let ids: Vec<LoopId> = loops.iter().map(|l| l.id).collect();
            assert_eq!(Some(ids), loops_of_block(&func, b.id), "{}", b.name);
        }
        let inner = func.blocks_named("inner")[0].id;
        assert_eq!(block_and_loops(&func, inner).expect("inner").1.len(), 1);
        assert!(block_and_loops(&func, BlockId(999)).is_none());
    }

    #[test]
    fn loops_above_a_loop_are_its_loop_ancestors() {
        let func = crate::script::parse_func(TIR, None).expect("parses");
        for l in loops_in(&func.body) {
            let (me, above) = loop_and_loops_above(&func, l.id).expect("found");
            assert!(std::ptr::eq(me, l));
            let ids: Vec<Ancestor> = above.iter().map(|a| Ancestor::Loop(a.id)).collect();
            let mut want = ancestors_of_loop(&func, l.id).expect("loop");
            want.retain(|a| matches!(a, Ancestor::Loop(_)));
            assert_eq!(ids, want);
        }
        assert!(loop_and_loops_above(&func, LoopId(999)).is_none());
    }

    #[test]
    fn scope_realize_is_the_scope_block() {
        let func = crate::script::parse_func(TIR, None).expect("parses");
        for b in func.blocks() {
            let scope = scope_realize_of_block(&func, b.id).map(|r| r.block.id);
            assert_eq!(scope, scope_of_block(&func, b.id), "{}", b.name);
        }
        let inner = func.blocks_named("inner")[0].id;
        let outer = func.blocks_named("outer")[0].id;
        assert_eq!(
            scope_realize_of_block(&func, inner).map(|r| r.block.id),
            Some(outer)
        );
        assert!(scope_realize_of_block(&func, BlockId(999)).is_none());
    }
}
