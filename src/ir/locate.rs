//! Where loops and blocks are in a function's tree, remembered per tree
//! version (issue 13): a step looks the same few ids up again and again (the
//! stale-handle check, the primitive's checks, its rewrite), and each lookup
//! was a walk of the tree.
//!
//! The record belongs to one root node, held by a `SharedWeak`. While that
//! weak reference refers to a function's root, nothing under the root
//! changed: every write goes through the root, and a root with a weak
//! reference is moved to a fresh node when written (`Shared::downgrade`).
//! So a recorded path still leads to its node; any other root starts a new
//! record.

use super::{BlockId, BlockRealize, LoopId, SharedWeak, Stmt};
use std::cell::RefCell;

/// A loop or a block, by id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Loop(LoopId),
    Block(BlockId),
}

impl Target {
    fn is(self, s: &Stmt) -> bool {
        match (self, s) {
            (Target::Loop(id), Stmt::For(l)) => l.id == id,
            (Target::Block(id), Stmt::BlockRealize(r)) => r.block.id == id,
            _ => false,
        }
    }
}

/// Paths (child indices, `Stmt::child`) from one root to the ids looked up.
#[derive(Default)]
struct Record {
    root: Option<SharedWeak<BlockRealize>>,
    paths: Vec<(Target, Vec<u32>)>,
}

/// Paths kept per root; past this the record starts over (a step looks up a
/// handful of ids).
const MAX_PATHS: usize = 64;

/// Room for a way down (loop nests are about 15 deep; a path vector that
/// grows 4, 8, 16 on every walk was a percent of replay).
pub const WAY_ROOM: usize = 32;

thread_local! {
    static RECORD: RefCell<Record> = RefCell::new(Record::default());
}

/// The first statement (pre-order) under `body` that is `target`, with
/// `on_way` called on each statement above it from `body` down (the target
/// excluded). Remembers the way for the next lookup in the same tree.
pub fn locate<'a, F: FnMut(&'a Stmt)>(
    body: &'a Stmt,
    target: Target,
    mut on_way: F,
) -> Option<&'a Stmt> {
    let by_walk = |on_way: &mut F| {
        let mut path = Vec::with_capacity(WAY_ROOM);
        walk(body, target, &mut path).then_some(())?;
        descend(body, &path, on_way)
    };
    let Stmt::BlockRealize(root) = body else {
        return by_walk(&mut on_way);
    };
    RECORD.with(|record| {
        let Ok(mut record) = record.try_borrow_mut() else {
            return by_walk(&mut on_way);
        };
        record.follow(root);
        // The latest first: a step asks about what it just looked up.
        if let Some((_, known)) = record.paths.iter().rev().find(|(t, _)| *t == target) {
            return descend(body, known, &mut on_way);
        }
        let mut path = Vec::with_capacity(WAY_ROOM);
        if !walk(body, target, &mut path) {
            return None;
        }
        let found = descend(body, &path, &mut on_way);
        record.remember(target, path);
        found
    })
}

impl Record {
    /// Makes this the record of `root` (a fresh one if it was another's).
    fn follow(&mut self, root: &super::Shared<BlockRealize>) {
        if !self.root.as_ref().is_some_and(|w| w.refers_to(root)) {
            self.root = Some(root.downgrade());
            self.paths.clear();
        }
    }

    fn remember(&mut self, target: Target, path: Vec<u32>) {
        if self.paths.len() >= MAX_PATHS {
            self.paths.clear();
        }
        self.paths.push((target, path));
    }
}

/// The child indices from `body` down to `target` (appended to `path`);
/// false when it is not there.
pub fn path_to(body: &Stmt, target: Target, path: &mut Vec<u32>) -> bool {
    let Stmt::BlockRealize(root) = body else {
        return walk(body, target, path);
    };
    RECORD.with(|record| {
        let Ok(mut record) = record.try_borrow_mut() else {
            return walk(body, target, path);
        };
        record.follow(root);
        if let Some((_, known)) = record.paths.iter().rev().find(|(t, _)| *t == target) {
            path.extend_from_slice(known);
            return true;
        }
        let start = path.len();
        if !walk(body, target, path) {
            return false;
        }
        record.remember(target, path[start..].to_vec());
        true
    })
}

/// Follows `path` down from `body`, calling `on_way` on each statement left.
fn descend<'a>(
    body: &'a Stmt,
    path: &[u32],
    on_way: &mut impl FnMut(&'a Stmt),
) -> Option<&'a Stmt> {
    let mut cur = body;
    for &i in path {
        on_way(cur);
        cur = cur.child(i as usize)?;
    }
    Some(cur)
}

/// `path_to` by walking the tree (stops at the first hit).
fn walk(stmt: &Stmt, target: Target, path: &mut Vec<u32>) -> bool {
    let start = path.len();
    if !walk_back(stmt, target, path) {
        return false;
    }
    path[start..].reverse();
    true
}

/// `walk`, with the indices pushed on the way back up (deepest first), so
/// that the statements off the way cost no push and pop.
fn walk_back(stmt: &Stmt, target: Target, path: &mut Vec<u32>) -> bool {
    if target.is(stmt) {
        return true;
    }
    // Indices as `Stmt::child` numbers the children.
    let found = match stmt {
        Stmt::For(l) => walk_back(&l.body, target, path).then_some(0),
        Stmt::BlockRealize(r) => {
            let init = r.block.init.as_ref();
            if init.is_some_and(|i| walk_back(i, target, path)) {
                Some(0)
            } else {
                walk_back(&r.block.body, target, path).then_some(u32::from(init.is_some()))
            }
        }
        Stmt::Seq(v) => v
            .iter()
            .position(|c| walk_back(c, target, path))
            .map(|i| i as u32),
        Stmt::IfThenElse(c) => {
            if walk_back(&c.then_case, target, path) {
                Some(0)
            } else {
                c.else_case
                    .as_ref()
                    .is_some_and(|e| walk_back(e, target, path))
                    .then_some(1)
            }
        }
        Stmt::LetStmt(l) => walk_back(&l.body, target, path).then_some(0),
        Stmt::BufferStore(_) | Stmt::Evaluate(_) => None,
    };
    match found {
        Some(i) => {
            path.push(i);
            true
        }
        None => false,
    }
}
