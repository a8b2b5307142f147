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
//! - TVM extracts before `LowerThreadAllreduce`: a cross-thread reduction is
//!   one `tvm_thread_allreduce` call there, no store. tirtui's
//!   `lower_cross_thread_reduction` has already expanded it into warp
//!   shuffles; the stores of that expansion (`allreduce_buffers`) are left
//!   out, keeping the in-thread reduction and the write-back of the result.

use crate::ir::{AnnValue, BufferId, Expr, ForKind, Intrinsic, ThreadAxis, VarId};
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
    /// The names TVM gives the buffers of a cross-thread reduction
    /// (`in_thread_X`, `cross_thread_X` for the result X), which order the
    /// buffers of a store where the other keys tie.
    pub tvm_names: Vec<(BufferId, String)>,
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
        allreduce: allreduce_buffers(&l.body),
    };
    let tvm_names = allreduce_names(l, &b.allreduce);
    let mut roots = Vec::new();
    b.stmt(&l.body, &mut roots);
    Tree {
        loops: b.tree.loops,
        roots,
        reads: b.tree.reads,
        tvm_names,
    }
}

/// TVM's names for the in-thread and result buffers of each reduction: the
/// write-back `X = R` of a result register `R`, and the copy `R = I` of the
/// in-thread value `I` into it, name `R` `cross_thread_X` and `I`
/// `in_thread_X`.
fn allreduce_names(l: &Lowered, set: &[BufferId]) -> Vec<(BufferId, String)> {
    if set.is_empty() {
        return Vec::new();
    }
    let stores = stores_summary(&l.body);
    let mut names = Vec::new();
    for (target, loads, _) in &stores {
        if set.contains(target) {
            continue;
        }
        for r in loads.iter().filter(|b| set.contains(b)) {
            let x = &l.buffer(*target).name;
            names.push((*r, format!("cross_thread_{x}")));
            for (t, copied, _) in &stores {
                if t == r {
                    for i in copied.iter().filter(|b| !set.contains(b)) {
                        names.push((*i, format!("in_thread_{x}")));
                    }
                }
            }
        }
    }
    names
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
    /// Buffers of expanded cross-thread reductions: their stores are skipped.
    allreduce: Vec<BufferId>,
}

fn is_warp_call(f: Intrinsic) -> bool {
    matches!(
        f,
        Intrinsic::WarpActiveMask | Intrinsic::WarpShuffleDown | Intrinsic::WarpShuffle
    )
}

/// Every (target, loaded buffers, value calls a warp intrinsic) of the stores.
fn stores_summary(body: &LStmt) -> Vec<(BufferId, Vec<BufferId>, Vec<BufferId>)> {
    let mut out = Vec::new();
    body.visit(&mut |s| {
        if let LStmt::Store(st) = s {
            let (mut loads, mut in_warp) = (Vec::new(), Vec::new());
            scan(&st.value, false, &mut loads, &mut in_warp);
            out.push((st.buffer, loads, in_warp));
        }
    });
    out
}

/// Loads of `e`, and those inside (or of values produced by) warp calls;
/// a warp call without a load marks `BufferId(u32::MAX)`.
fn scan(e: &Expr, warp: bool, loads: &mut Vec<BufferId>, in_warp: &mut Vec<BufferId>) {
    match e {
        Expr::Load(b, idx) => {
            loads.push(*b);
            if warp {
                in_warp.push(*b);
            }
            idx.iter().for_each(|i| scan(i, warp, loads, in_warp));
        }
        Expr::Call(f, args) => {
            let w = warp || is_warp_call(*f);
            if is_warp_call(*f) {
                in_warp.push(BufferId(u32::MAX));
            }
            args.iter().for_each(|a| scan(a, w, loads, in_warp));
        }
        Expr::Binary(_, a, b) => {
            scan(a, warp, loads, in_warp);
            scan(b, warp, loads, in_warp);
        }
        Expr::Not(a) | Expr::Cast(_, a) => scan(a, warp, loads, in_warp),
        Expr::Select(c, a, b) => {
            for x in [c, a, b] {
                scan(x, warp, loads, in_warp);
            }
        }
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) | Expr::Opaque(_) => {}
    }
}

/// The buffers of expanded all-reduces: those a warp intrinsic writes or
/// reads, then (to a fixpoint) those written from them and read back into
/// them (the shared staging of a multi-warp reduction), and those written
/// only to be read by them (the copy of the in-thread result). The
/// write-back of the result, read by nothing of the reduction, stays.
fn allreduce_buffers(body: &LStmt) -> Vec<BufferId> {
    let stores = stores_summary(body);
    let mut set: Vec<BufferId> = Vec::new();
    for (target, _, in_warp) in &stores {
        if !in_warp.is_empty() {
            set.push(*target);
            set.extend(in_warp.iter().filter(|b| b.0 != u32::MAX));
        }
    }
    if set.is_empty() {
        return set;
    }
    loop {
        let before = set.len();
        for (target, loads, _) in &stores {
            if set.contains(target) {
                continue;
            }
            let from_set = loads.iter().any(|b| set.contains(b));
            let read_back = stores
                .iter()
                .any(|(t, l, _)| set.contains(t) && l.contains(target));
            if from_set && read_back {
                set.push(*target);
            }
        }
        if set.len() == before {
            return set;
        }
    }
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
            LStmt::Store(st) if self.allreduce.contains(&st.buffer) => {}
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
