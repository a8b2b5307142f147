//! The TIR data model at the schedule level, as TVM's TensorIR defines it.
//!
//! Plain data with public fields; the only logic here is construction, lookup
//! by id and visiting. Invariant: `ir` knows nothing of parsing, scheduling,
//! lowering or CUDA.
//!
//! Variables and buffers live in per-function arenas (`PrimFunc::vars`,
//! `PrimFunc::buffers`) and are referred to by `VarId` / `BufferId`, so
//! expressions stay small and names can be changed in one place.
//!
//! May use: nothing (a leaf).

mod bind;
pub mod builtin;
mod dtype;
mod expr;
mod idhash;
pub mod locate;
mod shared;
mod stmt;
mod vars;
pub mod vector;

pub use bind::{bind_shape_vars, shape_vars, BindError};
pub use builtin::{Builtin, Opaque};
pub use dtype::{DataType, MAX_LANES};
pub use expr::{BinOp, Expr, Intrinsic, Range};
pub use idhash::{IdMap, IdSet};
pub use shared::{Shared, SharedWeak};
pub use stmt::{
    AnnValue, Annotations, Block, BlockId, BlockRealize, BufferRegion, BufferStore, For, ForKind,
    IfThenElse, IterKind, IterVar, LetStmt, LoopId, MatchBuffer, Stmt, ThreadAxis,
};
pub use vars::VarArena;

/// The block annotation that records the tensor intrinsic a block was
/// tensorized with (set by `tensorize`; codegen emits its implementation).
pub const TENSOR_INTRIN_ATTR: &str = "tirtui.tensor_intrin";

/// Index into `PrimFunc::vars`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Index into `PrimFunc::buffers`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BufferId(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub name: String,
    /// The element type; a vector's lanes are in `lanes`.
    pub dtype: DataType,
    /// 1 for a scalar; more for a vector bound by a let (`x: T.int8x4 = ...`
    /// in a tensor intrinsic's implementation), which nothing computes.
    pub lanes: u32,
}

/// Where a buffer lives on the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorageScope {
    Global,
    Shared,
    SharedDyn,
    Local,
    /// WMMA fragments (`nvcuda::wmma::fragment`): held by a warp, written and
    /// read only through the WMMA tensor intrinsics; plain memory before that.
    WmmaMatrixA,
    WmmaMatrixB,
    WmmaAccumulator,
    /// TVM's `warp`: one buffer per warp, its elements spread over the lanes
    /// (threadIdx.x); the MMA intrinsics (ldmatrix, mma.sync) read and write it.
    Warp,
    /// `m16n8k8.matrixA` / `matrixB` / `matrixC`: fragments of the PTX
    /// `mma.sync` m16n8k8 operands, private to each thread as in TVM.
    MmaMatrixA,
    MmaMatrixB,
    MmaMatrixC,
}

impl StorageScope {
    pub fn name(self) -> &'static str {
        match self {
            StorageScope::Global => "global",
            StorageScope::Shared => "shared",
            StorageScope::SharedDyn => "shared.dyn",
            StorageScope::Local => "local",
            StorageScope::WmmaMatrixA => "wmma.matrix_a",
            StorageScope::WmmaMatrixB => "wmma.matrix_b",
            StorageScope::WmmaAccumulator => "wmma.accumulator",
            StorageScope::Warp => "warp",
            StorageScope::MmaMatrixA => "m16n8k8.matrixA",
            StorageScope::MmaMatrixB => "m16n8k8.matrixB",
            StorageScope::MmaMatrixC => "m16n8k8.matrixC",
        }
    }

    pub fn from_name(name: &str) -> Option<StorageScope> {
        [
            StorageScope::Global,
            StorageScope::Shared,
            StorageScope::SharedDyn,
            StorageScope::Local,
            StorageScope::WmmaMatrixA,
            StorageScope::WmmaMatrixB,
            StorageScope::WmmaAccumulator,
            StorageScope::Warp,
            StorageScope::MmaMatrixA,
            StorageScope::MmaMatrixB,
            StorageScope::MmaMatrixC,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    pub fn is_shared(self) -> bool {
        matches!(self, StorageScope::Shared | StorageScope::SharedDyn)
    }

    /// Storage no thread loop relaxes (TVM's storage rank above threadIdx's):
    /// `local` and the WMMA fragments. Until codegen places fragments, each
    /// thread holds its own copy, as with `local`.
    pub fn is_thread_private(self) -> bool {
        matches!(
            self,
            StorageScope::Local
                | StorageScope::WmmaMatrixA
                | StorageScope::WmmaMatrixB
                | StorageScope::WmmaAccumulator
                | StorageScope::MmaMatrixA
                | StorageScope::MmaMatrixB
                | StorageScope::MmaMatrixC
        )
    }

    pub fn is_wmma(self) -> bool {
        matches!(
            self,
            StorageScope::WmmaMatrixA | StorageScope::WmmaMatrixB | StorageScope::WmmaAccumulator
        )
    }

    /// The scopes of the MMA tensor intrinsics (`warp`, `m16n8k8.*`): plain
    /// memory to the schedule and the interpreter; only the intrinsics give
    /// them a place in a kernel.
    pub fn is_mma(self) -> bool {
        matches!(
            self,
            StorageScope::Warp
                | StorageScope::MmaMatrixA
                | StorageScope::MmaMatrixB
                | StorageScope::MmaMatrixC
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub name: String,
    pub shape: Vec<Expr>,
    pub dtype: DataType,
    pub scope: StorageScope,
    /// Explicit strides, empty when the buffer is compact row-major.
    pub strides: Vec<Expr>,
    /// Explicit element offset, when given.
    pub elem_offset: Option<Expr>,
    /// Alignment of the innermost axis from `storage_align`: `(axis, factor, offset)`.
    pub axis_align: Vec<(usize, i64, i64)>,
    /// Bytes of the swizzle atom's row (32, 64 or 128; 0: none) of a shared
    /// buffer laid out for wgmma/TMA, from the `buffer_swizzle` annotation of
    /// the block writing it (set by lowering; `lower::flatten_buffer` applies it).
    pub swizzle_bytes: i64,
    /// Set by lowering for a local buffer that only cross-thread reductions
    /// write, each broadcasting its result: every thread along these threadIdx
    /// axes holds the same values in its copy, so loops bound to them may lie
    /// between the allocation and the uses (TVM accepts this too).
    pub uniform_across: Vec<ThreadAxis>,
    /// TVMScript's `offset_factor=` (0, TVM's default, when not given): kept
    /// so the printed program declares the buffer as TVM's does.
    pub offset_factor: i64,
    /// TVMScript's `align=` (TVM's `data_alignment`; 0 when not given, which
    /// TVM reads as its default of 64): kept only to print it back.
    pub data_alignment: i64,
}

impl Buffer {
    /// The explicit strides when there is one per axis. Another count (TVM's
    /// cache_index declares `strides=(1,)` whatever the rank) says nothing:
    /// the buffer is row-major, as the interpreter reads every buffer.
    pub fn axis_strides(&self) -> Option<&[Expr]> {
        (!self.strides.is_empty() && self.strides.len() == self.shape.len())
            .then_some(self.strides.as_slice())
    }

    pub fn new(name: impl Into<String>, shape: Vec<Expr>, dtype: DataType) -> Buffer {
        Buffer {
            name: name.into(),
            shape,
            dtype,
            scope: StorageScope::Global,
            strides: Vec::new(),
            elem_offset: None,
            axis_align: Vec::new(),
            swizzle_bytes: 0,
            uniform_across: Vec::new(),
            offset_factor: 0,
            data_alignment: 0,
        }
    }

    /// The shape as integers when every extent is constant.
    pub fn const_shape(&self) -> Option<Vec<i64>> {
        self.shape.iter().map(Expr::as_int).collect()
    }
}

/// A function parameter: a handle, optionally matched to a buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The handle variable (`a` in `a: T.handle`), or the buffer's own name.
    pub name: String,
    /// The buffer bound to this parameter, if it is a buffer parameter.
    pub buffer: Option<BufferId>,
    /// Scalar parameters (`n: T.int32`) get a variable instead.
    pub var: Option<VarId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PrimFunc {
    pub name: String,
    pub params: Vec<Param>,
    pub attrs: Annotations,
    /// Shared with copies of the function, in chunks: one that adds a
    /// variable copies only the last chunk (`VarArena`).
    pub vars: VarArena,
    /// Shared with copies of the function until one of them adds or changes a
    /// buffer (copy on write, as the statement tree).
    pub buffers: Shared<Vec<Buffer>>,
    /// The body: a `BlockRealize` of the root block, as TVM keeps it.
    pub body: Stmt,
    pub next_loop_id: u32,
    pub next_block_id: u32,
    /// Parameters whose layout the schedule changed (TVM's transform_layout
    /// of a parameter): callers must pass these buffers in the new layout.
    /// Not printed (TVM prints only the new declaration); runs against the
    /// unscheduled workload read it to refuse comparing unlike layouts.
    pub param_layouts: Vec<ParamLayout>,
    /// Reads kept in a block's `reads` that TVM's program leaves out of its
    /// `T.reads`: cache_index's index buffers (TVM rewrites the block's
    /// stores, not its declared regions). Dependence analysis and the
    /// validator see them; the printer leaves them out, as TVM prints the
    /// block, and the parser puts them back (`script::build::index_reads`).
    /// An entry whose block or read is gone is ignored.
    pub unprinted_reads: Vec<(BlockId, BufferId)>,
    /// Tensor intrinsics the workload file declares (`TensorIntrin.register`
    /// beside its functions), shared by every copy of the function:
    /// `tensorize` finds them before the shipped ones.
    pub tensor_intrins: std::sync::Arc<Vec<DeclaredIntrin>>,
}

/// A tensor intrinsic a workload declares, as TVM's tests register one:
/// `TensorIntrin.register(name, desc, impl)` with two functions of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct DeclaredIntrin {
    pub name: String,
    /// The computation a block must match.
    pub desc: PrimFunc,
    /// What replaces the block's body; its parameters correspond to `desc`'s, in order.
    pub implementation: PrimFunc,
}

/// One parameter's layout change, as the step that made it recorded it.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamLayout {
    pub buffer: BufferId,
    /// The step (1-based) that changed it.
    pub step: usize,
    /// The index map, as the step gave it (`lambda i, j: (j, i)`).
    pub index_map: String,
    /// The shape before the change (the caller's layout).
    pub old_shape: Vec<Expr>,
    /// The shape after the change.
    pub new_shape: Vec<Expr>,
}

impl ParamLayout {
    /// `step 2 transform_layout changed the layout of parameter `A` ...`, for refusals.
    pub fn describe(&self, name: &str) -> String {
        let shape = |s: &[Expr]| {
            let dims: Vec<String> = s
                .iter()
                .map(|e| e.as_int().map_or("?".to_string(), |v| v.to_string()))
                .collect();
            format!("({})", dims.join(", "))
        };
        format!(
            "step {} `transform_layout` changed the layout of parameter `{name}` from {} to {} by `{}`",
            self.step,
            shape(&self.old_shape),
            shape(&self.new_shape),
            self.index_map
        )
    }
}

/// A module of functions, with the integer constants the file defined.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub name: Option<String>,
    pub funcs: Vec<PrimFunc>,
    /// `TensorIntrin.register(...)` statements of the file, checked.
    pub tensor_intrins: Vec<DeclaredIntrin>,
}

impl PrimFunc {
    pub fn var(&self, v: VarId) -> &VarDecl {
        &self.vars[v.0 as usize]
    }

    pub fn var_name(&self, v: VarId) -> &str {
        &self.vars[v.0 as usize].name
    }

    pub fn buffer(&self, b: BufferId) -> &Buffer {
        &self.buffers[b.0 as usize]
    }

    pub fn buffer_mut(&mut self, b: BufferId) -> &mut Buffer {
        &mut self.buffers[b.0 as usize]
    }

    pub fn new_var(&mut self, name: impl Into<String>, dtype: DataType) -> VarId {
        self.new_vector_var(name, dtype, 1)
    }

    /// A variable of `lanes` lanes of `dtype` (1: a scalar).
    pub fn new_vector_var(
        &mut self,
        name: impl Into<String>,
        dtype: DataType,
        lanes: u32,
    ) -> VarId {
        self.vars.push(VarDecl {
            name: name.into(),
            dtype,
            lanes,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    pub fn new_buffer(&mut self, buffer: Buffer) -> BufferId {
        self.buffers.push(buffer);
        BufferId(self.buffers.len() as u32 - 1)
    }

    pub fn new_loop_id(&mut self) -> LoopId {
        self.next_loop_id += 1;
        LoopId(self.next_loop_id - 1)
    }

    pub fn new_block_id(&mut self) -> BlockId {
        self.next_block_id += 1;
        BlockId(self.next_block_id - 1)
    }

    /// Buffers that are function parameters, in parameter order.
    pub fn param_buffers(&self) -> Vec<BufferId> {
        self.params.iter().filter_map(|p| p.buffer).collect()
    }

    pub fn is_param_buffer(&self, b: BufferId) -> bool {
        self.params.iter().any(|p| p.buffer == Some(b))
    }

    /// The root block (TVM's implicit `root`).
    pub fn root_block(&self) -> Option<&Block> {
        match &self.body {
            Stmt::BlockRealize(r) => Some(&r.block),
            _ => None,
        }
    }

    /// Finds a block by id anywhere in the body (the way is remembered for
    /// the next lookup in the same tree: `locate`).
    pub fn find_block(&self, id: BlockId) -> Option<&BlockRealize> {
        match locate::locate(&self.body, locate::Target::Block(id), |_| {})? {
            Stmt::BlockRealize(r) => Some(r),
            _ => None,
        }
    }

    /// Finds a loop by id anywhere in the body (as `find_block`).
    pub fn find_loop(&self, id: LoopId) -> Option<&For> {
        match locate::locate(&self.body, locate::Target::Loop(id), |_| {})? {
            Stmt::For(l) => Some(l),
            _ => None,
        }
    }

    /// Every block in pre-order (the root block first).
    pub fn blocks(&self) -> Vec<&Block> {
        let mut out = Vec::with_capacity(16);
        collect_blocks(&self.body, &mut out);
        out
    }

    /// Finds blocks by name (excluding none: the root is named `root`).
    pub fn blocks_named(&self, name: &str) -> Vec<&Block> {
        self.blocks()
            .into_iter()
            .filter(|b| b.name == name)
            .collect()
    }
}

/// Finds a block realize by id in a statement tree.
pub fn find_block_in(stmt: &Stmt, id: BlockId) -> Option<&BlockRealize> {
    match stmt {
        Stmt::BlockRealize(r) if r.block.id == id => Some(r),
        _ => first_in_children(stmt, &|c| find_block_in(c, id)),
    }
}

/// Finds a loop by id in a statement tree.
pub fn find_loop_in(stmt: &Stmt, id: LoopId) -> Option<&For> {
    match stmt {
        Stmt::For(l) if l.id == id => Some(l),
        _ => first_in_children(stmt, &|c| find_loop_in(c, id)),
    }
}

/// The first answer of `f` over the children of `stmt` (in
/// `Stmt::for_each_child` order), stopping there: lookups by id run at every
/// step, and a visit of every child after the answer was half their cost.
pub fn first_in_children<'a, T>(stmt: &'a Stmt, f: &impl Fn(&'a Stmt) -> Option<T>) -> Option<T> {
    match stmt {
        Stmt::For(l) => f(&l.body),
        Stmt::BlockRealize(r) => r
            .block
            .init
            .as_ref()
            .and_then(f)
            .or_else(|| f(&r.block.body)),
        Stmt::Seq(v) => v.iter().find_map(f),
        Stmt::IfThenElse(i) => f(&i.then_case).or_else(|| i.else_case.as_ref().and_then(f)),
        Stmt::LetStmt(l) => f(&l.body),
        Stmt::BufferStore(_) | Stmt::Evaluate(_) => None,
    }
}

fn collect_blocks<'a>(stmt: &'a Stmt, out: &mut Vec<&'a Block>) {
    if let Stmt::BlockRealize(r) = stmt {
        out.push(&r.block);
    }
    stmt.for_each_child(|c| collect_blocks(c, out));
}
