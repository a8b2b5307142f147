//! The lowered IR: loops, stores, allocations and barriers, with TIR blocks gone.
//!
//! `lower_opaque_block` produces it from the block-level `ir`; every later pass
//! rewrites it, and `codegen` prints it as CUDA. Expressions, variables and
//! buffers are the `ir` ones (same arenas, same ids), so names stay the user's.
//! A TIR block survives only as an `LStmt::Block` marker, which changes nothing
//! in meaning and lets codegen say which CUDA lines came from which block.
//!
//! Invariant: knows `ir` only; passes live in sibling files.

use crate::ir::{
    Annotations, Buffer, BufferId, DataType, Expr, ForKind, Param, Range, ThreadAxis, VarDecl,
    VarId,
};

/// A loop. Thread-bound loops stay loops until `thread_binding`, vthread loops
/// until `inject_virtual_thread`.
#[derive(Clone, Debug, PartialEq)]
pub struct LFor {
    pub var: VarId,
    pub min: Expr,
    pub extent: Expr,
    pub kind: ForKind,
    pub annotations: Annotations,
    pub body: LStmt,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LIf {
    pub cond: Expr,
    pub then_case: LStmt,
    pub else_case: Option<LStmt>,
}

/// `buffer[indices] = value`; one index once `flatten_buffer` has run.
#[derive(Clone, Debug, PartialEq)]
pub struct LStore {
    pub buffer: BufferId,
    pub indices: Vec<Expr>,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LLet {
    pub var: VarId,
    pub value: Expr,
    pub body: LStmt,
}

/// The buffer exists (uninitialised) while `body` runs.
#[derive(Clone, Debug, PartialEq)]
pub struct LAlloc {
    pub buffer: BufferId,
    pub body: LStmt,
}

/// Marks the statements that came from one TIR block.
#[derive(Clone, Debug, PartialEq)]
pub struct LBlock {
    pub name: String,
    pub body: LStmt,
    /// Regions the block declared by annotate_buffer_access (TVM's
    /// explicit_read_region / explicit_write_region), with the bindings
    /// substituted: `compact_buffer_region` bounds the buffer by them instead
    /// of the body's accesses. Set only where the body was checked to stay
    /// inside them; later passes neither read nor update them.
    pub explicit: Vec<(BufferId, Vec<Range>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LStmt {
    Seq(Vec<LStmt>),
    For(Box<LFor>),
    If(Box<LIf>),
    Store(LStore),
    Let(Box<LLet>),
    Alloc(Box<LAlloc>),
    Block(Box<LBlock>),
    /// `__syncthreads()`: a barrier for the threads of one thread block.
    Sync,
    Evaluate(Expr),
    /// Statements whose stores into shared memory may land later (`cp.async`
    /// where codegen proves a plain aligned global->shared copy, else plain
    /// stores): what they write may be read only after an `AsyncWait` that
    /// covers their commit group. Made by `inject_software_pipeline`.
    Async(Box<LStmt>),
    /// `cp.async.commit_group`: the async copies issued so far form one group.
    AsyncCommit,
    /// `cp.async.wait_group N`: waits until at most N committed groups are pending.
    AsyncWait(u32),
}

/// The launch configuration `thread_binding` derives from the bound loops.
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// The variable standing for each hardware index used in the body.
    pub thread_vars: Vec<(ThreadAxis, VarId)>,
}

impl Launch {
    pub fn threads(&self) -> u64 {
        self.block.iter().map(|&b| b as u64).product()
    }

    pub fn axis_of(&self, v: VarId) -> Option<ThreadAxis> {
        self.thread_vars
            .iter()
            .find(|(_, x)| *x == v)
            .map(|(a, _)| *a)
    }
}

/// Where one shared buffer lives after `merge_shared_memory`.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedSlot {
    pub buffer: BufferId,
    /// Byte offset in the merged pool (0 when not merged).
    pub offset: u64,
    pub bytes: u64,
}

/// The shared-memory layout `merge_shared_memory` decides.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SharedLayout {
    pub slots: Vec<SharedSlot>,
    /// Sum of the buffers' sizes, each on its own.
    pub bytes_before_merge: u64,
    /// Size of the pool when merged, else the same sum.
    pub bytes_after_merge: u64,
    /// True when the buffers share one `extern __shared__` pool.
    pub merged: bool,
}

/// A function after (some of) the lowering passes.
#[derive(Clone, Debug, PartialEq)]
pub struct Lowered {
    pub name: String,
    pub params: Vec<Param>,
    pub vars: Vec<VarDecl>,
    pub buffers: Vec<Buffer>,
    pub body: LStmt,
    /// Set by `thread_binding`.
    pub launch: Option<Launch>,
    /// Set by `merge_shared_memory`; shared `Alloc`s are gone from `body` then.
    pub shared: Option<SharedLayout>,
    /// Position in launch order when the function is split into several
    /// kernels (`thread_binding::split_kernels`); 0 for the first or only one.
    pub kernel: usize,
    /// Buffers `inject_software_pipeline` gave versions, for `thread_sync`.
    pub pipeline_versions: Vec<PipelineVersions>,
    /// 16-byte `cp.async` copies go through L1 (`.ca`) instead of L2 only
    /// (`.cg`): a pipelined loop of the kernel asked for it.
    pub cp_async_through_l1: bool,
    /// Blocks annotated `tma_load` (their copies become TMA copies in
    /// `tma_copy`), by name.
    pub tma_blocks: Vec<String>,
}

/// A buffer with one version per pipeline stage: a leading index of extent
/// `versions`, whose stride is `stride` elements once flattened (0 before
/// `flatten_buffer`, or when not a constant). Every access of one version
/// stays within it (the buffer was compacted to its accesses before versions
/// were added).
#[derive(Clone, Debug, PartialEq)]
pub struct PipelineVersions {
    pub buffer: BufferId,
    pub versions: i64,
    pub stride: i64,
}

/// A function lowered to its kernels, in launch order. Each kernel's buffer
/// parameters are the function's buffer parameters and `temporaries` it uses;
/// all kernels share the function's buffer and variable ids.
#[derive(Clone, Debug, PartialEq)]
pub struct LoweredProgram {
    pub kernels: Vec<Lowered>,
    /// The function's buffer parameters, in order.
    pub params: Vec<BufferId>,
    /// Global intermediates between kernels, allocated by the runtime.
    pub temporaries: Vec<BufferId>,
    /// Parameters whose layout the schedule changed, each with what changed
    /// it (`PrimFunc::param_layouts`): their kernel arguments say so.
    pub param_layouts: Vec<(BufferId, String)>,
}

impl LoweredProgram {
    /// Every buffer a kernel may take: the function's buffer parameters, then
    /// the temporaries. Kernel parameters are a subsequence of this list.
    pub fn arg_buffers(&self) -> Vec<BufferId> {
        let mut v = self.params.clone();
        v.extend(&self.temporaries);
        v
    }
}

impl Lowered {
    pub fn buffer(&self, b: BufferId) -> &Buffer {
        &self.buffers[b.0 as usize]
    }

    pub fn var_name(&self, v: VarId) -> &str {
        &self.vars[v.0 as usize].name
    }

    pub fn var_dtype(&self, v: VarId) -> DataType {
        self.vars[v.0 as usize].dtype
    }

    pub fn new_var(&mut self, name: impl Into<String>, dtype: DataType) -> VarId {
        self.vars.push(VarDecl {
            name: name.into(),
            dtype,
            lanes: 1,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    pub fn is_param_buffer(&self, b: BufferId) -> bool {
        self.params.iter().any(|p| p.buffer == Some(b))
    }

    /// The type of an expression, as TVM infers it.
    pub fn dtype_of(&self, e: &Expr) -> DataType {
        dtype_of(&self.vars, &self.buffers, e)
    }

    /// The dtypes of the kernel's variables and buffers, for `arith`.
    pub fn type_ctx(&self) -> crate::arith::TypeCtx<'_> {
        crate::arith::TypeCtx::of(&self.vars, &self.buffers)
    }

    /// The ranges of the kernel's thread indices (`[0, extent)`; a vthread is 0).
    pub fn thread_ranges(&self) -> crate::arith::VarRanges {
        let mut ranges = crate::arith::VarRanges::new();
        if let Some(l) = &self.launch {
            for &(axis, v) in &l.thread_vars {
                let ext = match axis {
                    ThreadAxis::BlockIdx(d) => l.grid[d as usize % 3],
                    ThreadAxis::ThreadIdx(d) => l.block[d as usize % 3],
                    ThreadAxis::VThread(_) => 1,
                };
                ranges.insert(v, crate::arith::const_range(0, ext as i64 - 1));
            }
        }
        ranges
    }
}

/// The type of an expression given the variable and buffer arenas.
pub fn dtype_of(vars: &[VarDecl], buffers: &[Buffer], e: &Expr) -> DataType {
    match e {
        Expr::Int(_, t) | Expr::Float(_, t) | Expr::Cast(t, _) => *t,
        Expr::Var(v) => vars.get(v.0 as usize).map_or(DataType::I32, |d| d.dtype),
        Expr::Binary(op, a, _) => {
            if op.is_comparison() || op.is_logical() {
                DataType::Bool
            } else {
                dtype_of(vars, buffers, a)
            }
        }
        Expr::Not(_) => DataType::Bool,
        Expr::Select(_, a, _) => dtype_of(vars, buffers, a),
        Expr::Load(b, _) => buffers.get(b.0 as usize).map_or(DataType::F32, |x| x.dtype),
        Expr::Call(f, args) => f.fixed_type().unwrap_or_else(|| {
            f.typed_by_arg()
                .and_then(|i| args.get(i))
                .map_or(DataType::F32, |a| dtype_of(vars, buffers, a))
        }),
        Expr::Opaque(o) => match &**o {
            crate::ir::Opaque::Call { dtype, .. } => *dtype,
            _ => DataType::I32,
        },
    }
}

impl LStmt {
    /// Wraps a list as a `Seq`, flattening nested sequences and unwrapping one statement.
    pub fn seq(stmts: Vec<LStmt>) -> LStmt {
        let mut flat = Vec::with_capacity(stmts.len());
        for s in stmts {
            match s {
                LStmt::Seq(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        if flat.len() == 1 {
            flat.pop().unwrap_or(LStmt::Seq(Vec::new()))
        } else {
            LStmt::Seq(flat)
        }
    }

    pub fn is_empty_seq(&self) -> bool {
        matches!(self, LStmt::Seq(v) if v.is_empty())
    }

    /// Calls `f` on every direct child statement.
    pub fn for_each_child<'a>(&'a self, mut f: impl FnMut(&'a LStmt)) {
        match self {
            LStmt::Seq(v) => v.iter().for_each(f),
            LStmt::For(l) => f(&l.body),
            LStmt::If(i) => {
                f(&i.then_case);
                if let Some(e) = &i.else_case {
                    f(e);
                }
            }
            LStmt::Let(l) => f(&l.body),
            LStmt::Alloc(a) => f(&a.body),
            LStmt::Block(b) => f(&b.body),
            LStmt::Async(b) => f(b),
            LStmt::Store(_)
            | LStmt::Sync
            | LStmt::Evaluate(_)
            | LStmt::AsyncCommit
            | LStmt::AsyncWait(_) => {}
        }
    }

    /// Calls `f` on every direct child statement, mutably.
    pub fn for_each_child_mut(&mut self, mut f: impl FnMut(&mut LStmt)) {
        match self {
            LStmt::Seq(v) => v.iter_mut().for_each(f),
            LStmt::For(l) => f(&mut l.body),
            LStmt::If(i) => {
                f(&mut i.then_case);
                if let Some(e) = &mut i.else_case {
                    f(e);
                }
            }
            LStmt::Let(l) => f(&mut l.body),
            LStmt::Alloc(a) => f(&mut a.body),
            LStmt::Block(b) => f(&mut b.body),
            LStmt::Async(b) => f(b),
            LStmt::Store(_)
            | LStmt::Sync
            | LStmt::Evaluate(_)
            | LStmt::AsyncCommit
            | LStmt::AsyncWait(_) => {}
        }
    }

    /// Pre-order walk.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a LStmt)) {
        f(self);
        self.for_each_child(|c| c.visit(f));
    }

    /// Pre-order walk, mutably: `f` runs before the children.
    pub fn visit_mut(&mut self, f: &mut impl FnMut(&mut LStmt)) {
        f(self);
        self.for_each_child_mut(|c| c.visit_mut(f));
    }

    /// Post-order rewrite: children first, then `f` on the node.
    pub fn rewrite(&mut self, f: &mut impl FnMut(&mut LStmt)) {
        self.for_each_child_mut(|c| c.rewrite(f));
        f(self);
    }

    /// Calls `f` on the expressions held directly by this statement.
    pub fn for_each_expr<'a>(&'a self, mut f: impl FnMut(&'a Expr)) {
        match self {
            LStmt::For(l) => {
                f(&l.min);
                f(&l.extent);
            }
            LStmt::If(i) => f(&i.cond),
            LStmt::Store(s) => {
                s.indices.iter().for_each(&mut f);
                f(&s.value);
            }
            LStmt::Let(l) => f(&l.value),
            LStmt::Evaluate(e) => f(e),
            LStmt::Seq(_)
            | LStmt::Alloc(_)
            | LStmt::Block(_)
            | LStmt::Sync
            | LStmt::Async(_)
            | LStmt::AsyncCommit
            | LStmt::AsyncWait(_) => {}
        }
    }

    /// Calls `f` on the expressions held directly by this statement, mutably.
    pub fn for_each_expr_mut(&mut self, mut f: impl FnMut(&mut Expr)) {
        match self {
            LStmt::For(l) => {
                f(&mut l.min);
                f(&mut l.extent);
            }
            LStmt::If(i) => f(&mut i.cond),
            LStmt::Store(s) => {
                s.indices.iter_mut().for_each(&mut f);
                f(&mut s.value);
            }
            LStmt::Let(l) => f(&mut l.value),
            LStmt::Evaluate(e) => f(e),
            LStmt::Seq(_)
            | LStmt::Alloc(_)
            | LStmt::Block(_)
            | LStmt::Sync
            | LStmt::Async(_)
            | LStmt::AsyncCommit
            | LStmt::AsyncWait(_) => {}
        }
    }

    /// Every expression in the tree, with sub-expressions (pre-order).
    pub fn visit_exprs<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        self.visit(&mut |s| s.for_each_expr(|e| e.visit(f)));
    }

    /// Replaces variables in every expression of the tree.
    pub fn substitute(&mut self, map: &impl Fn(VarId) -> Option<Expr>) {
        self.visit_mut(&mut |s| s.for_each_expr_mut(|e| e.substitute(map)));
    }

    /// True when `v` occurs in any expression of the tree.
    pub fn uses_var(&self, v: VarId) -> bool {
        let mut found = false;
        self.visit_exprs(&mut |e| {
            if let Expr::Var(x) = e {
                found |= *x == v;
            }
        });
        found
    }

    /// True when the tree stores into `b`: a plain store, or a tensor call
    /// writing through it (`store_matrix_sync`, `mma_store`, whose second
    /// operand is the destination tile; a fragment load, fill or mma).
    pub fn writes_buffer(&self, b: BufferId) -> bool {
        let mut found = false;
        self.for_each_written(&mut |d| found |= d == b);
        found
    }

    /// Calls `f` on the buffer of every write in the tree (as `writes_buffer`
    /// counts them), once per write: one walk for all buffers.
    pub fn for_each_written(&self, f: &mut impl FnMut(BufferId)) {
        self.visit(&mut |s| match s {
            LStmt::Store(st) => f(st.buffer),
            LStmt::Evaluate(Expr::Call(op, args)) => {
                if let Some(Expr::Load(d, _)) = op.written_operand().and_then(|i| args.get(i)) {
                    f(*d);
                }
            }
            _ => {}
        });
    }

    /// True when the tree reads or writes `b`.
    pub fn touches_buffer(&self, b: BufferId) -> bool {
        let mut found = false;
        self.visit(&mut |s| {
            if let LStmt::Store(st) = s {
                found |= st.buffer == b;
            }
            s.for_each_expr(|e| {
                e.visit(&mut |x| {
                    if let Expr::Load(lb, _) = x {
                        found |= *lb == b;
                    }
                })
            });
        });
        found
    }
}

/// Rewrites every buffer access (loads and stores) in a statement tree.
///
/// `f(buffer, indices)` may change the indices and returns the buffer to use.
pub fn rewrite_accesses(
    stmt: &mut LStmt,
    f: &mut impl FnMut(BufferId, &mut Vec<Expr>) -> BufferId,
) {
    stmt.visit_mut(&mut |s| {
        if let LStmt::Store(st) = s {
            st.buffer = f(st.buffer, &mut st.indices);
        }
        s.for_each_expr_mut(|e| {
            e.rewrite(&mut |x| {
                if let Expr::Load(b, idx) = x {
                    *b = f(*b, idx);
                }
            })
        });
    });
}
