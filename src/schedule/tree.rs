//! Navigation of the statement tree by stable ids: TVM's sref tree, computed on demand.
//!
//! Programs are small (tens of statements), so every query walks the tree; this
//! keeps the IR plain data with no parent pointers to keep in sync.

use crate::ir::{Block, BlockId, BlockRealize, For, LoopId, PrimFunc, Stmt};

/// One step on the path from the function body down to a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ancestor {
    Loop(LoopId),
    Block(BlockId),
}

/// Finds the `Stmt::For` slot of a loop, mutably (so it can be replaced).
pub fn loop_stmt_mut(stmt: &mut Stmt, id: LoopId) -> Option<&mut Stmt> {
    if matches!(stmt, Stmt::For(l) if l.id == id) {
        return Some(stmt);
    }
    find_in_children_mut(stmt, &mut |s| loop_stmt_mut(s, id))
}

/// Finds the `Stmt::BlockRealize` slot of a block, mutably.
pub fn block_stmt_mut(stmt: &mut Stmt, id: BlockId) -> Option<&mut Stmt> {
    if matches!(stmt, Stmt::BlockRealize(r) if r.block.id == id) {
        return Some(stmt);
    }
    find_in_children_mut(stmt, &mut |s| block_stmt_mut(s, id))
}

fn find_in_children_mut<'a>(
    stmt: &'a mut Stmt,
    f: &mut dyn FnMut(&'a mut Stmt) -> Option<&'a mut Stmt>,
) -> Option<&'a mut Stmt> {
    match stmt {
        Stmt::For(l) => f(&mut l.body),
        Stmt::BlockRealize(r) => {
            if let Some(init) = &mut r.block.init {
                if let Some(found) = f(init) {
                    return Some(found);
                }
            }
            f(&mut r.block.body)
        }
        Stmt::Seq(v) => {
            for s in v.iter_mut() {
                if let Some(found) = f(s) {
                    return Some(found);
                }
            }
            None
        }
        Stmt::IfThenElse(i) => {
            if let Some(found) = f(&mut i.then_case) {
                return Some(found);
            }
            match &mut i.else_case {
                Some(e) => f(e),
                None => None,
            }
        }
        Stmt::LetStmt(l) => f(&mut l.body),
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
    fn walk(stmt: &Stmt, target: Ancestor, path: &mut Vec<Ancestor>) -> bool {
        let me = match stmt {
            Stmt::For(l) => Some(Ancestor::Loop(l.id)),
            Stmt::BlockRealize(r) => Some(Ancestor::Block(r.block.id)),
            _ => None,
        };
        if me == Some(target) {
            return true;
        }
        if let Some(me) = me {
            path.push(me);
        }
        let mut found = false;
        stmt.for_each_child(|c| {
            if !found {
                found = walk(c, target, path);
            }
        });
        if !found && me.is_some() {
            path.pop();
        }
        found
    }
    let mut path = Vec::new();
    walk(&func.body, target, &mut path).then_some(path)
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
    path[start..]
        .iter()
        .filter_map(|a| match a {
            Ancestor::Loop(l) => Some(*l),
            Ancestor::Block(_) => None,
        })
        .collect()
}

/// The block whose body contains this block (TVM's scope root); None for the root block.
pub fn scope_of_block(func: &PrimFunc, id: BlockId) -> Option<BlockId> {
    let path = ancestors_of_block(func, id)?;
    path.iter().rev().find_map(|a| match a {
        Ancestor::Block(b) => Some(*b),
        Ancestor::Loop(_) => None,
    })
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
    let mut out = Vec::new();
    walk(stmt, &mut out);
    out
}

/// The child blocks of a block (inside its body, not nested deeper).
pub fn child_blocks_of_block(block: &Block) -> Vec<&BlockRealize> {
    let mut out = Vec::new();
    if let Some(init) = &block.init {
        out.extend(child_blocks(init));
    }
    out.extend(child_blocks(&block.body));
    out
}

/// All loops inside a statement, pre-order.
pub fn loops_in(stmt: &Stmt) -> Vec<&For> {
    let mut out = Vec::new();
    stmt.visit(&mut |s| {
        if let Stmt::For(l) = s {
            out.push(&**l);
        }
    });
    out
}

/// All block realizes inside a statement at any depth, pre-order.
pub fn blocks_in(stmt: &Stmt) -> Vec<&BlockRealize> {
    let mut out = Vec::new();
    stmt.visit(&mut |s| {
        if let Stmt::BlockRealize(r) = s {
            out.push(&**r);
        }
    });
    out
}

/// Removes the statement for which `pred` holds from the tree (from its Seq, or
/// replacing a single child with an empty Seq). Returns the removed statement.
pub fn remove_stmt(stmt: &mut Stmt, pred: &dyn Fn(&Stmt) -> bool) -> Option<Stmt> {
    if let Stmt::Seq(v) = stmt {
        if let Some(pos) = v.iter().position(pred) {
            let removed = v.remove(pos);
            if v.len() == 1 {
                let only = v.pop()?;
                *stmt = only;
            }
            return Some(removed);
        }
    }
    let mut res = None;
    stmt.for_each_child_mut(|c| {
        if res.is_none() {
            if pred(c) {
                res = Some(std::mem::replace(c, Stmt::Seq(Vec::new())));
            } else {
                res = remove_stmt(c, pred);
            }
        }
    });
    res
}

/// Drops loops whose body became empty, and flattens nested/empty `Seq`s.
pub fn cleanup_empty(stmt: &mut Stmt) {
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
