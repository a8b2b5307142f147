//! TIR statements at the schedule level: loops, blocks, stores, control flow.
//!
//! Invariant: every `For::id` and `Block::id` is unique within its `PrimFunc`;
//! schedule handles refer to loops and blocks by these ids, so a transformation
//! that keeps a loop keeps its id and one that replaces it mints a new one.

use super::{BufferId, Expr, Range, Shared, VarId};

/// Stable identity of a loop within a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(pub u32);

/// Stable identity of a block within a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// A GPU thread axis that a loop can be bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreadAxis {
    BlockIdx(u8),
    ThreadIdx(u8),
    VThread(u8),
}

impl ThreadAxis {
    pub const ALL: [ThreadAxis; 9] = [
        ThreadAxis::BlockIdx(0),
        ThreadAxis::BlockIdx(1),
        ThreadAxis::BlockIdx(2),
        ThreadAxis::ThreadIdx(0),
        ThreadAxis::ThreadIdx(1),
        ThreadAxis::ThreadIdx(2),
        ThreadAxis::VThread(0),
        ThreadAxis::VThread(1),
        ThreadAxis::VThread(2),
    ];

    /// `blockIdx.x`, `threadIdx.y`, `vthread.z` ...
    pub fn tag(self) -> String {
        let (base, dim) = match self {
            ThreadAxis::BlockIdx(d) => ("blockIdx", d),
            ThreadAxis::ThreadIdx(d) => ("threadIdx", d),
            ThreadAxis::VThread(d) => ("vthread", d),
        };
        format!("{base}.{}", ["x", "y", "z"][dim as usize % 3])
    }

    pub fn from_tag(tag: &str) -> Option<ThreadAxis> {
        // Split rather than compare with each `tag()`: no string per candidate.
        let (base, dim) = tag.split_once('.')?;
        let dim = ["x", "y", "z"].iter().position(|d| *d == dim)? as u8;
        match base {
            "blockIdx" => Some(ThreadAxis::BlockIdx(dim)),
            "threadIdx" => Some(ThreadAxis::ThreadIdx(dim)),
            "vthread" => Some(ThreadAxis::VThread(dim)),
            _ => None,
        }
    }

    pub fn is_thread_idx(self) -> bool {
        matches!(self, ThreadAxis::ThreadIdx(_))
    }

    pub fn is_block_idx(self) -> bool {
        matches!(self, ThreadAxis::BlockIdx(_))
    }

    pub fn is_vthread(self) -> bool {
        matches!(self, ThreadAxis::VThread(_))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForKind {
    Serial,
    Parallel,
    Vectorized,
    Unrolled,
    ThreadBinding(ThreadAxis),
}

/// Annotation values, as TVMScript writes them in `T.block_attr({...})` / `annotations={...}`.
#[derive(Clone, Debug, PartialEq)]
pub enum AnnValue {
    Int(i64),
    Float(f64),
    Str(String),
    /// A Python `True` / `False`, printed so.
    Bool(bool),
    /// `T.bool(True)` written in the dict: TVM keeps it a boolean IntImm,
    /// another value than Python's `True`, printed `T.bool(True)` again.
    BoolImm(bool),
    List(Vec<AnnValue>),
    /// A dict with string keys (TVM's `Map`), in the order written; printed
    /// with its keys sorted, as TVM prints a string-keyed map.
    Dict(Vec<(String, AnnValue)>),
}

impl AnnValue {
    /// The truth of a boolean value, whichever way it was written.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            AnnValue::Bool(b) | AnnValue::BoolImm(b) => Some(*b),
            _ => None,
        }
    }

    /// An integer, or a boolean as 0 / 1 (unroll pragmas take either).
    pub fn as_int_or_bool(&self) -> Option<i64> {
        match self {
            AnnValue::Int(i) => Some(*i),
            _ => self.as_bool().map(i64::from),
        }
    }
}

pub type Annotations = Vec<(String, AnnValue)>;

// `Clone` is written out below (an unannotated loop's empty list in line).
#[derive(Debug, PartialEq)]
pub struct For {
    pub id: LoopId,
    pub var: VarId,
    pub min: Expr,
    pub extent: Expr,
    pub kind: ForKind,
    pub annotations: Annotations,
    pub body: Stmt,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IterKind {
    /// `S` in `T.axis.remap`: a data-parallel axis.
    Spatial,
    /// `R`: a reduction axis.
    Reduce,
    /// An axis the schedule cannot reason about (`T.axis.opaque`).
    Opaque,
    /// `T.axis.scan`: an ordered axis (each step depends on the one before).
    /// Schedules treat it as TVM does, as neither data-parallel nor
    /// reduction (`reorder` refuses to move the loops that drive it, as for
    /// an opaque one); it runs and lowers as its binding says.
    Scan,
}

impl IterKind {
    /// Neither spatial nor reduction (TVM's "other" iterator types).
    pub fn is_opaque_like(self) -> bool {
        matches!(self, IterKind::Opaque | IterKind::Scan)
    }
}

/// A block iteration variable with its domain.
#[derive(Clone, Debug, PartialEq)]
pub struct IterVar {
    pub var: VarId,
    pub dom: Range,
    pub kind: IterKind,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BufferRegion {
    pub buffer: BufferId,
    pub region: Vec<Range>,
}

/// `T.match_buffer(source_region, shape)` inside a block.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchBuffer {
    pub buffer: BufferId,
    pub source: BufferRegion,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub id: BlockId,
    pub name: String,
    pub iter_vars: Vec<IterVar>,
    pub reads: Vec<BufferRegion>,
    pub writes: Vec<BufferRegion>,
    /// `with T.init():` body for reductions.
    pub init: Option<Stmt>,
    pub body: Stmt,
    pub alloc_buffers: Vec<BufferId>,
    pub match_buffers: Vec<MatchBuffer>,
    pub annotations: Annotations,
}

/// A block instance: iteration values bound to the block's iter vars, plus the
/// predicate from `T.where`.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockRealize {
    pub iter_values: Vec<Expr>,
    pub predicate: Expr,
    pub block: Block,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BufferStore {
    pub buffer: BufferId,
    pub indices: Vec<Expr>,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct IfThenElse {
    pub cond: Expr,
    pub then_case: Stmt,
    pub else_case: Option<Stmt>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LetStmt {
    pub var: VarId,
    pub value: Expr,
    pub body: Stmt,
    /// Written `x: T.int32 = v` (or `x = v`) rather than `x: T.let[T.int32] = v`.
    /// TVM 0.27 reads the bare form as a mutable local scalar (a one-element
    /// buffer stored once) and the `T.let` form as an immutable binding (its
    /// `Bind`); here both compute the same, only the printed form follows.
    pub local_scalar: bool,
}

// `Clone` is written out below (a shared node's pointer copied in line).
#[derive(Debug, PartialEq)]
pub enum Stmt {
    For(Shared<For>),
    BlockRealize(Shared<BlockRealize>),
    Seq(Vec<Stmt>),
    BufferStore(BufferStore),
    IfThenElse(Shared<IfThenElse>),
    LetStmt(Shared<LetStmt>),
    Evaluate(Expr),
}

/// As derived; a loop is copied on every write through it (issue 13), and
/// most have no annotations.
impl Clone for For {
    fn clone(&self) -> For {
        For {
            id: self.id,
            var: self.var,
            min: self.min.clone(),
            extent: self.extent.clone(),
            kind: self.kind,
            annotations: if self.annotations.is_empty() {
                Vec::new()
            } else {
                self.annotations.clone()
            },
            body: self.body.clone(),
        }
    }
}

/// As derived, with the shared nodes' pointers copied in line (the copy of a
/// node on the way to a change copies its children's pointers).
impl Clone for Stmt {
    #[inline]
    fn clone(&self) -> Stmt {
        match self {
            Stmt::For(l) => Stmt::For(l.clone()),
            Stmt::BlockRealize(r) => Stmt::BlockRealize(r.clone()),
            _ => self.clone_node(),
        }
    }
}

impl Stmt {
    /// The derived `clone`.
    #[inline(never)]
    fn clone_node(&self) -> Stmt {
        match self {
            Stmt::For(l) => Stmt::For(l.clone()),
            Stmt::BlockRealize(r) => Stmt::BlockRealize(r.clone()),
            Stmt::Seq(v) => Stmt::Seq(v.clone()),
            Stmt::BufferStore(s) => Stmt::BufferStore(s.clone()),
            Stmt::IfThenElse(i) => Stmt::IfThenElse(i.clone()),
            Stmt::LetStmt(l) => Stmt::LetStmt(l.clone()),
            Stmt::Evaluate(e) => Stmt::Evaluate(e.clone()),
        }
    }

    /// Wraps a list as a `Seq`, unwrapping single statements.
    pub fn seq(mut stmts: Vec<Stmt>) -> Stmt {
        if stmts.len() == 1 {
            stmts.pop().unwrap_or(Stmt::Seq(Vec::new()))
        } else {
            Stmt::Seq(stmts)
        }
    }

    /// The statements of a `Seq`, or this one statement.
    pub fn as_slice(&self) -> &[Stmt] {
        match self {
            Stmt::Seq(v) => v,
            other => std::slice::from_ref(other),
        }
    }

    /// Calls `f` on every direct child statement (block init included).
    pub fn for_each_child<'a>(&'a self, mut f: impl FnMut(&'a Stmt)) {
        match self {
            Stmt::For(l) => f(&l.body),
            Stmt::BlockRealize(r) => {
                if let Some(init) = &r.block.init {
                    f(init);
                }
                f(&r.block.body);
            }
            Stmt::Seq(v) => v.iter().for_each(f),
            Stmt::IfThenElse(i) => {
                f(&i.then_case);
                if let Some(e) = &i.else_case {
                    f(e);
                }
            }
            Stmt::LetStmt(l) => f(&l.body),
            Stmt::BufferStore(_) | Stmt::Evaluate(_) => {}
        }
    }

    /// Calls `f` on every direct child statement, mutably.
    /// The `i`-th child, in `for_each_child` order (for walks that stop early).
    pub fn child(&self, i: usize) -> Option<&Stmt> {
        match self {
            Stmt::For(l) => (i == 0).then_some(&l.body),
            Stmt::BlockRealize(r) => match (&r.block.init, i) {
                (Some(init), 0) => Some(init),
                (Some(_), 1) | (None, 0) => Some(&r.block.body),
                _ => None,
            },
            Stmt::Seq(v) => v.get(i),
            Stmt::IfThenElse(c) => match i {
                0 => Some(&c.then_case),
                1 => c.else_case.as_ref(),
                _ => None,
            },
            Stmt::LetStmt(l) => (i == 0).then_some(&l.body),
            Stmt::BufferStore(_) | Stmt::Evaluate(_) => None,
        }
    }

    pub fn for_each_child_mut(&mut self, mut f: impl FnMut(&mut Stmt)) {
        match self {
            Stmt::For(l) => f(&mut l.body),
            Stmt::BlockRealize(r) => {
                if let Some(init) = &mut r.block.init {
                    f(init);
                }
                f(&mut r.block.body);
            }
            Stmt::Seq(v) => v.iter_mut().for_each(f),
            Stmt::IfThenElse(i) => {
                f(&mut i.then_case);
                if let Some(e) = &mut i.else_case {
                    f(e);
                }
            }
            Stmt::LetStmt(l) => f(&mut l.body),
            Stmt::BufferStore(_) | Stmt::Evaluate(_) => {}
        }
    }

    /// Pre-order walk over all statements.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a Stmt)) {
        f(self);
        self.for_each_child(|c| c.visit(f));
    }

    /// Pre-order walk over all statements, mutably. `f` runs before children.
    pub fn visit_mut(&mut self, f: &mut impl FnMut(&mut Stmt)) {
        f(self);
        self.for_each_child_mut(|c| c.visit_mut(f));
    }

    /// Calls `f` on every expression held directly by this statement (not children).
    pub fn for_each_expr_mut(&mut self, mut f: impl FnMut(&mut Expr)) {
        match self {
            Stmt::For(l) => {
                f(&mut l.min);
                f(&mut l.extent);
            }
            Stmt::BlockRealize(r) => {
                r.iter_values.iter_mut().for_each(&mut f);
                f(&mut r.predicate);
                let b = &mut r.block;
                for iv in &mut b.iter_vars {
                    f(&mut iv.dom.min);
                    f(&mut iv.dom.extent);
                }
                for region in b.reads.iter_mut().chain(b.writes.iter_mut()) {
                    for r in &mut region.region {
                        f(&mut r.min);
                        f(&mut r.extent);
                    }
                }
                for m in &mut b.match_buffers {
                    for r in &mut m.source.region {
                        f(&mut r.min);
                        f(&mut r.extent);
                    }
                }
            }
            Stmt::Seq(_) => {}
            Stmt::BufferStore(s) => {
                s.indices.iter_mut().for_each(&mut f);
                f(&mut s.value);
            }
            Stmt::IfThenElse(i) => f(&mut i.cond),
            Stmt::LetStmt(l) => f(&mut l.value),
            Stmt::Evaluate(e) => f(e),
        }
    }

    /// Calls `f` on every expression held directly by this statement (not children).
    pub fn for_each_expr<'a>(&'a self, mut f: impl FnMut(&'a Expr)) {
        match self {
            Stmt::For(l) => {
                f(&l.min);
                f(&l.extent);
            }
            Stmt::BlockRealize(r) => {
                r.iter_values.iter().for_each(&mut f);
                f(&r.predicate);
                let b = &r.block;
                for iv in &b.iter_vars {
                    f(&iv.dom.min);
                    f(&iv.dom.extent);
                }
                for region in b.reads.iter().chain(b.writes.iter()) {
                    for r in &region.region {
                        f(&r.min);
                        f(&r.extent);
                    }
                }
                for m in &b.match_buffers {
                    for r in &m.source.region {
                        f(&r.min);
                        f(&r.extent);
                    }
                }
            }
            Stmt::Seq(_) => {}
            Stmt::BufferStore(s) => {
                s.indices.iter().for_each(&mut f);
                f(&s.value);
            }
            Stmt::IfThenElse(i) => f(&i.cond),
            Stmt::LetStmt(l) => f(&l.value),
            Stmt::Evaluate(e) => f(e),
        }
    }

    /// Substitutes variables in every expression of this statement tree.
    /// Only the statements whose expressions use a replaced variable, and
    /// those on the way to them, are rebuilt: the rest stay shared with any
    /// other program holding them (issue 13: a split's body was copied whole).
    pub fn substitute(&mut self, map: &impl Fn(VarId) -> Option<Expr>) {
        self.substitute_vars(&|v| map(v).is_some(), map);
    }

    /// `substitute`, for a caller that tells the variables `map` replaces
    /// (`replaced`) without building their replacements.
    pub fn substitute_vars(
        &mut self,
        replaced: &impl Fn(VarId) -> bool,
        map: &impl Fn(VarId) -> Option<Expr>,
    ) {
        if let Some(new) = self.substituted(replaced, map) {
            *self = new;
        }
    }

    /// `self` with `map` substituted, or `None` when no expression changes.
    fn substituted(
        &self,
        replaced: &impl Fn(VarId) -> bool,
        map: &impl Fn(VarId) -> Option<Expr>,
    ) -> Option<Stmt> {
        let mut own = false;
        self.for_each_expr(|e| own = own || e.mentions(replaced));
        let changed = self.changed_children(|c| c.substituted(replaced, map));
        if !own && changed.is_empty() {
            return None;
        }
        // A shared node is copied by the first write through it.
        let mut res = self.clone();
        if own {
            res.for_each_expr_mut(|e| e.substitute(map));
        }
        res.replace_children(changed);
        Some(res)
    }

    /// The children `rewrite` gives a new version of, by position: a pass that
    /// rewrites only what changes collects these, then copies the node once
    /// (`replace_children`) instead of writing through every child.
    pub fn changed_children(
        &self,
        mut rewrite: impl FnMut(&Stmt) -> Option<Stmt>,
    ) -> Vec<(usize, Stmt)> {
        let mut changed = Vec::new();
        let mut i = 0;
        self.for_each_child(|c| {
            if let Some(new) = rewrite(c) {
                changed.push((i, new));
            }
            i += 1;
        });
        changed
    }

    /// Puts the children `changed_children` gave in their places.
    pub fn replace_children(&mut self, changed: Vec<(usize, Stmt)>) {
        if changed.is_empty() {
            return;
        }
        let mut i = 0;
        let mut next = changed.into_iter().peekable();
        self.for_each_child_mut(|c| {
            if next.peek().is_some_and(|(at, _)| *at == i) {
                if let Some((_, new)) = next.next() {
                    *c = new;
                }
            }
            i += 1;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The written-out `Clone`s are the derived ones: every statement of a
    // tree copies to an equal one, annotations included.
    #[test]
    fn statements_clone_equal() {
        let store = Stmt::BufferStore(BufferStore {
            buffer: BufferId(0),
            indices: vec![Expr::Var(VarId(1))],
            value: Expr::add(Expr::Var(VarId(1)), Expr::int(1)),
        });
        let inner = For {
            id: LoopId(1),
            var: VarId(1),
            min: Expr::int(0),
            extent: Expr::int(16),
            kind: ForKind::Serial,
            annotations: vec![("k".into(), AnnValue::Int(1))],
            body: Stmt::Seq(vec![store.clone(), Stmt::Evaluate(Expr::int(0))]),
        };
        let outer = Stmt::For(Shared::new(For {
            id: LoopId(0),
            annotations: Vec::new(),
            body: Stmt::For(Shared::new(inner.clone())),
            ..inner.clone()
        }));
        assert_eq!(inner.clone(), inner);
        outer.visit(&mut |s| assert_eq!(&s.clone(), s));
    }

    #[test]
    fn thread_tags_read_back() {
        for axis in ThreadAxis::ALL {
            assert_eq!(ThreadAxis::from_tag(&axis.tag()), Some(axis));
        }
        for bad in [
            "threadIdx",
            "threadIdx.w",
            "threadidx.x",
            "vthread.x.y",
            ".x",
            "",
        ] {
            assert_eq!(ThreadAxis::from_tag(bad), None, "{bad}");
        }
    }
}
