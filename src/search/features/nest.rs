//! The loop tree MetaSchedule's feature extractor walks, built from a program
//! lowered to `compact_buffer_region`: the loops, stores and allocations only,
//! after the two rewrites TVM's feature passes make that change loop nests.
//!
//! - `SimplifyForFeatureExtraction`: a serial loop of extent 1 from 0 with no
//!   annotation is dropped (its variable reads as 0); a loop of extent 0 is
//!   dropped with its body.
//! - `UnifyThreadBinding`: the thread-bound loops of one kernel become one loop
//!   per thread tag, nested at the kernel's outermost thread loop in the order
//!   the tags first appear; a thread loop inside the kernel disappears (its
//!   variable reads as the unified one), leaving a unit loop where it carried
//!   annotations.

use crate::ir::{AnnValue, BufferId, Expr, ForKind, ThreadAxis, VarId};
use crate::lower::lir::{LFor, LStmt, LStore, Lowered};

/// The variable of the unit loops that keep a unified thread loop's
/// annotations: no expression names it.
pub(super) const UNIT_LOOP_VAR: VarId = VarId(u32::MAX);

/// What a loop contributes to the features.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Loop {
    pub var: VarId,
    /// The constant start, else `None` (bounds then treat the loop's
    /// variable as unknown).
    pub min: Option<i64>,
    /// The constant extent, else `None` (TVM's `GetLoopIntExtent`).
    pub extent: Option<i64>,
    pub kind: ForKind,
    /// `pragma_auto_unroll_max_step`, when positive.
    pub auto_unroll: Option<i64>,
}

#[derive(Clone, Debug)]
pub(super) enum Node<'a> {
    /// Index into `Tree::loops`, then the body.
    Loop(usize, Vec<Node<'a>>),
    Store(&'a LStore),
    /// An allocation and the statements in its scope.
    Alloc(BufferId, Vec<Node<'a>>),
}

/// How a variable reads in the feature tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum VarRead {
    Itself,
    /// A dropped unit loop's variable.
    Zero,
    /// A thread loop's variable, unified into this one.
    As(VarId),
}

#[derive(Debug)]
pub(super) struct Tree<'a> {
    pub loops: Vec<Loop>,
    pub roots: Vec<Node<'a>>,
    /// Indexed by `VarId`.
    pub reads: Vec<VarRead>,
}

impl Tree<'_> {
    /// The variable `v` stands for, or `None` where it reads as 0.
    pub fn resolve(&self, v: VarId) -> Option<VarId> {
        match self.reads.get(v.0 as usize) {
            Some(VarRead::Zero) => None,
            Some(VarRead::As(u)) => Some(*u),
            _ => Some(v),
        }
    }
}

pub(super) fn build(l: &Lowered) -> Tree<'_> {
    let mut b = Builder {
        tree: Loops {
            loops: Vec::new(),
            reads: vec![VarRead::Itself; l.vars.len()],
        },
        kernel: None,
    };
    let mut roots = Vec::new();
    b.stmt(&l.body, &mut roots);
    Tree {
        loops: b.tree.loops,
        roots,
        reads: b.tree.reads,
    }
}

struct Loops {
    loops: Vec<Loop>,
    reads: Vec<VarRead>,
}

/// The thread loops of the kernel being built: one per tag, by first use.
struct Kernel {
    launch: Vec<(ThreadAxis, usize)>,
}

struct Builder {
    tree: Loops,
    kernel: Option<Kernel>,
}

fn const_int(e: &Expr) -> Option<i64> {
    match e {
        Expr::Int(v, _) => Some(*v),
        _ => None,
    }
}

fn auto_unroll(f: &LFor) -> Option<i64> {
    f.annotations
        .iter()
        .find_map(|(k, v)| match (k.as_str(), v) {
            ("pragma_auto_unroll_max_step", AnnValue::Int(n)) if *n > 0 => Some(*n),
            _ => None,
        })
}

impl Builder {
    fn push_loop(&mut self, var: VarId, f: &LFor, kind: ForKind, ann: bool) -> usize {
        self.tree.loops.push(Loop {
            var,
            min: const_int(&f.min),
            extent: const_int(&f.extent),
            kind,
            auto_unroll: if ann { auto_unroll(f) } else { None },
        });
        self.tree.loops.len() - 1
    }

    fn stmt<'a>(&mut self, s: &'a LStmt, out: &mut Vec<Node<'a>>) {
        match s {
            LStmt::Seq(v) => v.iter().for_each(|c| self.stmt(c, out)),
            LStmt::For(f) => self.for_loop(f, out),
            LStmt::If(i) => {
                self.stmt(&i.then_case, out);
                if let Some(e) = &i.else_case {
                    self.stmt(e, out);
                }
            }
            LStmt::Store(st) => out.push(Node::Store(st)),
            LStmt::Let(l) => self.stmt(&l.body, out),
            LStmt::Alloc(a) => {
                let mut body = Vec::new();
                self.stmt(&a.body, &mut body);
                out.push(Node::Alloc(a.buffer, body));
            }
            LStmt::Block(b) => self.stmt(&b.body, out),
            LStmt::Async(inner) => self.stmt(inner, out),
            LStmt::Sync | LStmt::Evaluate(_) | LStmt::AsyncCommit | LStmt::AsyncWait(_) => {}
        }
    }

    fn for_loop<'a>(&mut self, f: &'a LFor, out: &mut Vec<Node<'a>>) {
        let extent = const_int(&f.extent);
        if extent == Some(0) {
            return;
        }
        let axis = match f.kind {
            ForKind::ThreadBinding(axis) => axis,
            kind => {
                if kind == ForKind::Serial
                    && extent == Some(1)
                    && const_int(&f.min) == Some(0)
                    && f.annotations.is_empty()
                {
                    self.tree.reads[f.var.0 as usize] = VarRead::Zero;
                    return self.stmt(&f.body, out);
                }
                let id = self.push_loop(f.var, f, kind, true);
                let mut body = Vec::new();
                self.stmt(&f.body, &mut body);
                out.push(Node::Loop(id, body));
                return;
            }
        };
        if self.kernel.is_none() {
            return self.kernel_launch(f, axis, out);
        }
        self.unify(f, axis);
        if f.annotations.is_empty() {
            return self.stmt(&f.body, out);
        }
        // The annotations stay on a unit serial loop of a fresh variable that
        // no index uses.
        let unit = self.push_loop(UNIT_LOOP_VAR, f, ForKind::Serial, true);
        self.tree.loops[unit].min = Some(0);
        self.tree.loops[unit].extent = Some(1);
        let mut body = Vec::new();
        self.stmt(&f.body, &mut body);
        out.push(Node::Loop(unit, body));
    }

    /// The loop of `axis` in the current kernel, made at the first use; `f`'s
    /// variable reads as its variable from now on.
    fn unify(&mut self, f: &LFor, axis: ThreadAxis) -> VarId {
        let Some(kernel) = &self.kernel else {
            return f.var;
        };
        if let Some(&(_, id)) = kernel.launch.iter().find(|(a, _)| *a == axis) {
            let var = self.tree.loops[id].var;
            self.tree.reads[f.var.0 as usize] = VarRead::As(var);
            return var;
        }
        let id = self.push_loop(f.var, f, ForKind::ThreadBinding(axis), false);
        if let Some(kernel) = &mut self.kernel {
            kernel.launch.push((axis, id));
        }
        f.var
    }

    /// The outermost thread loop of a kernel: the kernel's unified thread
    /// loops nest here, around its body.
    fn kernel_launch<'a>(&mut self, f: &'a LFor, axis: ThreadAxis, out: &mut Vec<Node<'a>>) {
        self.kernel = Some(Kernel { launch: Vec::new() });
        self.unify(f, axis);
        let mut body = Vec::new();
        self.stmt(&f.body, &mut body);
        let launch = self.kernel.take().map(|k| k.launch).unwrap_or_default();
        if let Some(&(_, first)) = launch.first() {
            // The launch loop keeps its own annotations (TVM copies them back).
            self.tree.loops[first].auto_unroll = auto_unroll(f);
        }
        for &(_, id) in launch.iter().rev() {
            body = vec![Node::Loop(id, body)];
        }
        out.extend(body);
    }
}
