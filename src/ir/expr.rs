//! TIR expressions: immediates, variables, arithmetic, comparisons, loads and calls.
//!
//! Invariant: every `Expr::Var` names a variable in the owning `PrimFunc::vars`
//! and every `Expr::Load` names a buffer in `PrimFunc::buffers`.

use super::{BufferId, DataType, Opaque, VarId};

/// Binary operators. `Div`/`Mod` are TVM's `/` and `%`: true division on floats,
/// truncating division on integers. `FloorDiv`/`FloorMod` are `//` and `%` as
/// TVMScript writes them on index expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    FloorDiv,
    FloorMod,
    Min,
    Max,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }

    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }
}

/// Intrinsic functions, written `T.<name>(...)` in TVMScript.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    Exp,
    Exp2,
    Log,
    Log2,
    Log10,
    Sqrt,
    Rsqrt,
    Sin,
    Cos,
    Tan,
    Tanh,
    Sigmoid,
    Erf,
    Fabs,
    Abs,
    Floor,
    Ceil,
    Round,
    Trunc,
    Pow,
    /// `T.if_then_else(cond, a, b)`: only the chosen branch is evaluated.
    IfThenElse,
    /// `T.likely(cond)`: a hint, evaluates to `cond`.
    Likely,
    /// `__activemask()`: the lanes of the warp executing this call, as an
    /// int32 bit mask. Made by lowering (cross-thread reductions), never parsed.
    WarpActiveMask,
    /// `__shfl_down_sync(mask, value, delta, width)`: `value` of the lane
    /// `delta` above, or the caller's own when that lane is past its
    /// `width`-lane segment. Made by lowering, never parsed.
    WarpShuffleDown,
    /// `__shfl_sync(mask, value, lane, width)`: `value` of lane `lane` of the
    /// caller's `width`-lane segment. Made by lowering, never parsed.
    WarpShuffle,
    /// `nvcuda::wmma::fill_fragment(frag, value)`: `frag` is a load of a
    /// `wmma.*` buffer at its 16x16 tile. Made by lowering a block tensorized
    /// with a WMMA intrinsic, never parsed (TVM: `tvm_fill_fragment`).
    WmmaFill,
    /// `load_matrix_sync(frag, &src[base], ldm)` (TVM: `tvm_load_matrix_sync`),
    /// args `(frag, src, col_major as 0/1, ldm)`;
    /// `ldm` is appended by `flatten_buffer`, which knows the final strides.
    WmmaLoad,
    /// `mma_sync(c, a, b, c)` on fragments (TVM: `tvm_mma_sync`).
    WmmaMma,
    /// `store_matrix_sync(&dst[base], frag, ldm, mem_row_major)`
    /// (TVM: `tvm_store_matrix_sync`); `ldm` as for `WmmaLoad`.
    WmmaStore,
    /// `ldmatrix.sync.aligned.m8n8.x4[.trans].shared.b16` (TVM:
    /// `ptx_ldmatrix`), args `(warp_tile, src_row, trans as 0/1)`: `warp_tile`
    /// a load of a `warp` buffer at its [32, 8] tile, `src_row` the shared
    /// address of the 8 halves this lane points the instruction at. Made by
    /// lowering a block tensorized with `mma_ldmatrix_*`, never parsed.
    MmaLdmatrix,
    /// Two `mma.sync.aligned.m16n8k16.row.col` on `warp` tiles (TVM:
    /// `ptx_mma`), args `(c, a, b)`; the types are the buffers'.
    MmaSync,
    /// Zeroes a lane's 8 registers of a `warp` tile (TVM: `mma_fill`), args `(c)`.
    MmaFill,
    /// Each lane writes its 8 registers of a `warp` tile into a 16x16 tile
    /// (TVM: `mma_store`), args `(warp_tile, dst_tile, lane, ldm)`; `ldm` is
    /// appended by `flatten_buffer`, as for `WmmaStore`.
    MmaStore,
    /// `wgmma.mma_async` m64nNk16 of a warpgroup (Hopper), args `(acc, a,
    /// b, n, a_outer, a_inner, b_outer, b_inner)`: `acc` a load of a 128-lane
    /// `warp` buffer at its [128, N/2] tile, `a` and `b` the shared tiles in
    /// 8x8 core matrices (`[r // 8, c // 8, r % 8, c % 8]`); the four element
    /// strides of their two core-matrix axes are appended by `flatten_buffer`
    /// (the descriptors' LBO and SBO). Issued asynchronously: it lands at a
    /// `WgmmaWait`. Made by lowering a block tensorized with `wgmma_*`.
    WgmmaMma,
    /// Zeroes a thread's N/2 accumulator registers, args `(acc, n)`.
    WgmmaFill,
    /// Each thread of a warpgroup writes its N/2 accumulator registers into a
    /// 64xN tile, args `(acc, dst_tile, thread, n, ldm)`; `ldm` is appended
    /// by `flatten_buffer`.
    WgmmaStore,
    /// `wgmma.fence.sync.aligned`: orders register accesses before a wgmma.
    WgmmaFence,
    /// `wgmma.commit_group.sync.aligned`: closes the wgmmas issued since
    /// the last commit into a group.
    WgmmaCommit,
    /// `wgmma.wait_group.sync.aligned n`, args `(n)`: waits until at most
    /// `n` groups are in flight.
    WgmmaWait,
    /// A Tensor Memory Accelerator copy of a global tile into shared memory
    /// (`cp.async.bulk.tensor.2d`, Hopper), issued by thread 0 of the block,
    /// args `(dst, bar, src, row, col, panels, rows, cols)`: `dst` a load of
    /// the shared tile at its start, `bar` a load of the mbarrier that counts
    /// its bytes (thread 0 arrives on it expecting them), `src` a load of the
    /// 2-d global buffer at [0, 0] (its tensor map), the box's first `row`
    /// and `col`; `panels` boxes of `rows` x `cols` elements, the p-th from
    /// column `col + p * cols` into the shared tile's p-th `rows * cols`
    /// elements. Made by `lower::tma_copy` (TileLang: `tma_load`).
    TmaLoad,
    /// `mbarrier.init` of the barrier `bar` for one arrival, by thread 0,
    /// args `(bar)` (TileLang: `create_list_of_mbarrier`).
    MbarrierInit,
    /// Every thread waits until the phase of parity `parity` of the
    /// mbarrier `bar` completed (`mbarrier.try_wait.parity` in a loop), args
    /// `(bar, parity)` (TileLang: `mbarrier_wait_parity`).
    MbarrierWait,
    /// TVM's `shift_left(a, b)`, printed `a << b`: integers of one type.
    ShiftLeft,
    /// `shift_right(a, b)`, printed `a >> b`: arithmetic for signed types,
    /// logical for unsigned ones (as C and TVM).
    ShiftRight,
    /// `bitwise_and(a, b)`, printed `a & b`.
    BitwiseAnd,
    /// `bitwise_or(a, b)`, printed `a | b`.
    BitwiseOr,
    /// `bitwise_xor(a, b)`, printed `a ^ b`.
    BitwiseXor,
    /// `bitwise_not(a)`, printed `~a`.
    BitwiseNot,
}

impl Intrinsic {
    pub const ALL: [Intrinsic; 28] = [
        Intrinsic::Exp,
        Intrinsic::Exp2,
        Intrinsic::Log,
        Intrinsic::Log2,
        Intrinsic::Log10,
        Intrinsic::Sqrt,
        Intrinsic::Rsqrt,
        Intrinsic::Sin,
        Intrinsic::Cos,
        Intrinsic::Tan,
        Intrinsic::Tanh,
        Intrinsic::Sigmoid,
        Intrinsic::Erf,
        Intrinsic::Fabs,
        Intrinsic::Abs,
        Intrinsic::Floor,
        Intrinsic::Ceil,
        Intrinsic::Round,
        Intrinsic::Trunc,
        Intrinsic::Pow,
        Intrinsic::IfThenElse,
        Intrinsic::Likely,
        Intrinsic::ShiftLeft,
        Intrinsic::ShiftRight,
        Intrinsic::BitwiseAnd,
        Intrinsic::BitwiseOr,
        Intrinsic::BitwiseXor,
        Intrinsic::BitwiseNot,
    ];

    /// The name after `T.` in TVMScript.
    pub fn name(self) -> &'static str {
        match self {
            Intrinsic::Exp => "exp",
            Intrinsic::Exp2 => "exp2",
            Intrinsic::Log => "log",
            Intrinsic::Log2 => "log2",
            Intrinsic::Log10 => "log10",
            Intrinsic::Sqrt => "sqrt",
            Intrinsic::Rsqrt => "rsqrt",
            Intrinsic::Sin => "sin",
            Intrinsic::Cos => "cos",
            Intrinsic::Tan => "tan",
            Intrinsic::Tanh => "tanh",
            Intrinsic::Sigmoid => "sigmoid",
            Intrinsic::Erf => "erf",
            Intrinsic::Fabs => "fabs",
            Intrinsic::Abs => "abs",
            Intrinsic::Floor => "floor",
            Intrinsic::Ceil => "ceil",
            Intrinsic::Round => "round",
            Intrinsic::Trunc => "trunc",
            Intrinsic::Pow => "pow",
            Intrinsic::IfThenElse => "if_then_else",
            Intrinsic::Likely => "likely",
            Intrinsic::WarpActiveMask => "tvm_warp_activemask",
            Intrinsic::WarpShuffleDown => "tvm_warp_shuffle_down",
            Intrinsic::WarpShuffle => "tvm_warp_shuffle",
            Intrinsic::WmmaFill => "tvm_fill_fragment",
            Intrinsic::WmmaLoad => "tvm_load_matrix_sync",
            Intrinsic::WmmaMma => "tvm_mma_sync",
            Intrinsic::WmmaStore => "tvm_store_matrix_sync",
            Intrinsic::MmaLdmatrix => "ptx_ldmatrix",
            Intrinsic::MmaSync => "ptx_mma",
            Intrinsic::MmaFill => "mma_fill",
            Intrinsic::MmaStore => "mma_store",
            Intrinsic::WgmmaMma => "ptx_wgmma",
            Intrinsic::WgmmaFill => "wgmma_fill",
            Intrinsic::WgmmaStore => "wgmma_store",
            Intrinsic::WgmmaFence => "ptx_wgmma_fence",
            Intrinsic::WgmmaCommit => "ptx_wgmma_commit_group",
            Intrinsic::WgmmaWait => "ptx_wgmma_wait_group",
            Intrinsic::TmaLoad => "tma_load",
            Intrinsic::MbarrierInit => "mbarrier_init",
            Intrinsic::MbarrierWait => "mbarrier_wait_parity",
            Intrinsic::ShiftLeft => "shift_left",
            Intrinsic::ShiftRight => "shift_right",
            Intrinsic::BitwiseAnd => "bitwise_and",
            Intrinsic::BitwiseOr => "bitwise_or",
            Intrinsic::BitwiseXor => "bitwise_xor",
            Intrinsic::BitwiseNot => "bitwise_not",
        }
    }

    pub fn from_name(name: &str) -> Option<Intrinsic> {
        Intrinsic::ALL.into_iter().find(|i| i.name() == name)
    }

    /// Number of arguments the intrinsic takes.
    pub fn arity(self) -> usize {
        match self {
            Intrinsic::Pow
            | Intrinsic::ShiftLeft
            | Intrinsic::ShiftRight
            | Intrinsic::BitwiseAnd
            | Intrinsic::BitwiseOr
            | Intrinsic::BitwiseXor => 2,
            Intrinsic::IfThenElse => 3,
            Intrinsic::WarpActiveMask => 0,
            Intrinsic::WarpShuffleDown | Intrinsic::WarpShuffle => 4,
            Intrinsic::WmmaFill => 2,
            Intrinsic::WmmaStore => 3,
            Intrinsic::WmmaLoad => 4,
            Intrinsic::WmmaMma => 4,
            Intrinsic::MmaLdmatrix => 3,
            Intrinsic::MmaSync => 3,
            Intrinsic::MmaFill => 1,
            Intrinsic::MmaStore => 4,
            Intrinsic::WgmmaMma => 8,
            Intrinsic::WgmmaFill => 2,
            Intrinsic::WgmmaStore => 5,
            Intrinsic::WgmmaFence | Intrinsic::WgmmaCommit => 0,
            Intrinsic::TmaLoad => 8,
            Intrinsic::MbarrierWait => 2,
            _ => 1,
        }
    }

    /// The infix operator TVMScript (and C) writes a bitwise intrinsic with.
    pub fn bit_operator(self) -> Option<&'static str> {
        Some(match self {
            Intrinsic::ShiftLeft => "<<",
            Intrinsic::ShiftRight => ">>",
            Intrinsic::BitwiseAnd => "&",
            Intrinsic::BitwiseOr => "|",
            Intrinsic::BitwiseXor => "^",
            Intrinsic::BitwiseNot => "~",
            _ => return None,
        })
    }

    /// True for the warp-level intrinsics: they exchange values between the
    /// lanes of a warp, so only lowered code executed per warp has them.
    pub fn is_warp(self) -> bool {
        matches!(
            self,
            Intrinsic::WarpActiveMask | Intrinsic::WarpShuffleDown | Intrinsic::WarpShuffle
        )
    }

    /// True for the `nvcuda::wmma` calls a tensorized block lowers to.
    pub fn is_wmma(self) -> bool {
        matches!(
            self,
            Intrinsic::WmmaFill | Intrinsic::WmmaLoad | Intrinsic::WmmaMma | Intrinsic::WmmaStore
        )
    }

    /// True for the PTX calls a block tensorized with an MMA intrinsic
    /// lowers to (each lane of a warp runs them on its own registers).
    pub fn is_mma(self) -> bool {
        matches!(
            self,
            Intrinsic::MmaLdmatrix | Intrinsic::MmaSync | Intrinsic::MmaFill | Intrinsic::MmaStore
        )
    }

    /// True for the warpgroup calls a block tensorized with a wgmma
    /// intrinsic lowers to (each thread of a warpgroup runs them), and the
    /// fence/commit/wait that order them.
    pub fn is_wgmma(self) -> bool {
        matches!(
            self,
            Intrinsic::WgmmaMma
                | Intrinsic::WgmmaFill
                | Intrinsic::WgmmaStore
                | Intrinsic::WgmmaFence
                | Intrinsic::WgmmaCommit
                | Intrinsic::WgmmaWait
        )
    }

    /// True for the TMA copy and the mbarrier calls that order it.
    pub fn is_tma(self) -> bool {
        matches!(
            self,
            Intrinsic::TmaLoad | Intrinsic::MbarrierInit | Intrinsic::MbarrierWait
        )
    }

    /// True for the calls a tensorized block lowers to (WMMA, MMA or
    /// wgmma), and the TMA calls: statements on whole tiles.
    pub fn is_tensor_call(self) -> bool {
        self.is_wmma() || self.is_mma() || self.is_wgmma() || self.is_tma()
    }

    /// The argument a tensor call writes through: a store's destination
    /// tile, or the fragment/registers a load, fill or mma defines.
    pub fn written_operand(self) -> Option<usize> {
        match self {
            Intrinsic::WmmaStore | Intrinsic::MmaStore | Intrinsic::WgmmaStore => Some(1),
            Intrinsic::WgmmaFence | Intrinsic::WgmmaCommit | Intrinsic::WgmmaWait => None,
            Intrinsic::MbarrierWait => None,
            f if f.is_tensor_call() => Some(0),
            _ => None,
        }
    }

    /// True for the tensor calls that read what they write (`c += a * b`).
    pub fn accumulates(self) -> bool {
        matches!(
            self,
            Intrinsic::WmmaMma | Intrinsic::MmaSync | Intrinsic::WgmmaMma
        )
    }

    /// The argument whose type is the call's type, when it is not the first
    /// (`None`: the call has a fixed type, see `fixed_type`).
    pub fn typed_by_arg(self) -> Option<usize> {
        match self {
            Intrinsic::IfThenElse | Intrinsic::WarpShuffleDown | Intrinsic::WarpShuffle => Some(1),
            Intrinsic::Likely | Intrinsic::WarpActiveMask => None,
            f if f.is_tensor_call() => None,
            _ => Some(0),
        }
    }

    /// The type of a call whose type does not depend on its arguments.
    pub fn fixed_type(self) -> Option<DataType> {
        match self {
            Intrinsic::Likely => Some(DataType::Bool),
            Intrinsic::WarpActiveMask => Some(DataType::I32),
            // Statements in all but name: evaluated for their effect.
            f if f.is_tensor_call() => Some(DataType::I32),
            _ => None,
        }
    }
}

// `Clone` and `PartialEq` are written out (below) only to take the leaves in line.
#[derive(Debug)]
pub enum Expr {
    /// Integer immediate (also bool as 0/1 when `dtype` is `Bool`).
    Int(i64, DataType),
    Float(f64, DataType),
    Var(VarId),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    /// `T.Select(cond, a, b)`: both sides evaluated.
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    Cast(DataType, Box<Expr>),
    Load(BufferId, Vec<Expr>),
    Call(Intrinsic, Vec<Expr>),
    /// A TVM builtin kept as written, or one of its opaque operands.
    Opaque(Box<Opaque>),
}

/// As derived, with literals and variables copied in line: most expressions
/// cloned are leaves (a loop's bounds, a sum's operands), and a call for
/// each was a few percent of replay (issue 13).
impl Clone for Expr {
    #[inline]
    fn clone(&self) -> Expr {
        match self {
            Expr::Int(v, t) => Expr::Int(*v, *t),
            Expr::Var(v) => Expr::Var(*v),
            _ => self.clone_node(),
        }
    }
}

/// As derived, with literals and variables compared in line (as `Clone`).
impl PartialEq for Expr {
    #[inline]
    fn eq(&self, other: &Expr) -> bool {
        match (self, other) {
            (Expr::Int(a, t), Expr::Int(b, u)) => a == b && t == u,
            (Expr::Var(a), Expr::Var(b)) => a == b,
            _ => self.eq_node(other),
        }
    }
}

impl Expr {
    /// The derived `clone`.
    #[inline(never)]
    fn clone_node(&self) -> Expr {
        match self {
            Expr::Int(v, t) => Expr::Int(*v, *t),
            Expr::Float(v, t) => Expr::Float(*v, *t),
            Expr::Var(v) => Expr::Var(*v),
            Expr::Binary(op, a, b) => Expr::Binary(*op, a.clone(), b.clone()),
            Expr::Not(a) => Expr::Not(a.clone()),
            Expr::Select(c, a, b) => Expr::Select(c.clone(), a.clone(), b.clone()),
            Expr::Cast(t, a) => Expr::Cast(*t, a.clone()),
            Expr::Load(b, idx) => Expr::Load(*b, idx.clone()),
            Expr::Call(f, args) => Expr::Call(*f, args.clone()),
            Expr::Opaque(o) => Expr::Opaque(o.clone()),
        }
    }

    /// The derived `eq`: same variant, fields equal in order. Matched on
    /// `self` alone, so that a new variant does not compile until it is
    /// compared here.
    #[inline(never)]
    fn eq_node(&self, other: &Expr) -> bool {
        match self {
            Expr::Int(a, t) => matches!(other, Expr::Int(b, u) if a == b && t == u),
            Expr::Float(a, t) => matches!(other, Expr::Float(b, u) if a == b && t == u),
            Expr::Var(a) => matches!(other, Expr::Var(b) if a == b),
            Expr::Binary(o, a, b) => {
                matches!(other, Expr::Binary(p, c, d) if o == p && a == c && b == d)
            }
            Expr::Not(a) => matches!(other, Expr::Not(b) if a == b),
            Expr::Select(c, a, b) => {
                matches!(other, Expr::Select(d, e, f) if c == d && a == e && b == f)
            }
            Expr::Cast(t, a) => matches!(other, Expr::Cast(u, b) if t == u && a == b),
            Expr::Load(b, i) => matches!(other, Expr::Load(c, j) if b == c && i == j),
            Expr::Call(f, a) => matches!(other, Expr::Call(g, b) if f == g && a == b),
            Expr::Opaque(o) => matches!(other, Expr::Opaque(p) if o == p),
        }
    }
}

// `add`/`sub`/`mul` build IR nodes (like TVM's `tir.Add`); Expr is not a number,
// so the std::ops traits would suggest arithmetic that does not happen.
#[allow(clippy::should_implement_trait)]
impl Expr {
    pub fn int(v: i64) -> Expr {
        Expr::Int(v, DataType::I32)
    }

    pub fn bool(v: bool) -> Expr {
        Expr::Int(v as i64, DataType::Bool)
    }

    pub fn var(v: VarId) -> Expr {
        Expr::Var(v)
    }

    pub fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }

    pub fn add(a: Expr, b: Expr) -> Expr {
        Expr::binary(BinOp::Add, a, b)
    }

    pub fn sub(a: Expr, b: Expr) -> Expr {
        Expr::binary(BinOp::Sub, a, b)
    }

    pub fn mul(a: Expr, b: Expr) -> Expr {
        Expr::binary(BinOp::Mul, a, b)
    }

    pub fn floordiv(a: Expr, b: Expr) -> Expr {
        Expr::binary(BinOp::FloorDiv, a, b)
    }

    pub fn floormod(a: Expr, b: Expr) -> Expr {
        Expr::binary(BinOp::FloorMod, a, b)
    }

    pub fn lt(a: Expr, b: Expr) -> Expr {
        Expr::binary(BinOp::Lt, a, b)
    }

    pub fn and(a: Expr, b: Expr) -> Expr {
        Expr::binary(BinOp::And, a, b)
    }

    /// The integer value when this is an integer immediate.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Expr::Int(v, t) if *t != DataType::Bool => Some(*v),
            _ => None,
        }
    }

    /// The value of a boolean constant.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Expr::Int(v, DataType::Bool) => Some(*v != 0),
            _ => None,
        }
    }

    pub fn is_const_true(&self) -> bool {
        matches!(self, Expr::Int(1, DataType::Bool))
    }

    pub fn as_var(&self) -> Option<VarId> {
        match self {
            Expr::Var(v) => Some(*v),
            _ => None,
        }
    }

    /// Calls `f` on every direct sub-expression.
    pub fn for_each_child<'a>(&'a self, mut f: impl FnMut(&'a Expr)) {
        match self {
            Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => {}
            Expr::Binary(_, a, b) => {
                f(a);
                f(b);
            }
            Expr::Not(a) | Expr::Cast(_, a) => f(a),
            Expr::Select(c, a, b) => {
                f(c);
                f(a);
                f(b);
            }
            Expr::Load(_, idx) | Expr::Call(_, idx) => idx.iter().for_each(f),
            Expr::Opaque(o) => o.args().iter().for_each(f),
        }
    }

    /// Calls `f` on every direct sub-expression, mutably.
    pub fn for_each_child_mut(&mut self, mut f: impl FnMut(&mut Expr)) {
        match self {
            Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => {}
            Expr::Binary(_, a, b) => {
                f(a);
                f(b);
            }
            Expr::Not(a) | Expr::Cast(_, a) => f(a),
            Expr::Select(c, a, b) => {
                f(c);
                f(a);
                f(b);
            }
            Expr::Load(_, idx) | Expr::Call(_, idx) => idx.iter_mut().for_each(f),
            Expr::Opaque(o) => o.args_mut().iter_mut().for_each(f),
        }
    }

    /// Pre-order walk over this expression and all sub-expressions.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        self.for_each_child(|c| c.visit(f));
    }

    /// Post-order rewrite: children first, then `f` on the rebuilt node.
    pub fn rewrite(&mut self, f: &mut impl FnMut(&mut Expr)) {
        self.for_each_child_mut(|c| c.rewrite(f));
        f(self);
    }

    /// True when `v` occurs anywhere in the expression.
    pub fn uses_var(&self, v: VarId) -> bool {
        self.mentions(&|x| x == v)
    }

    /// True when some variable of this expression is `replaced`.
    pub fn mentions(&self, replaced: &impl Fn(VarId) -> bool) -> bool {
        match self {
            Expr::Var(v) => replaced(*v),
            Expr::Int(..) | Expr::Float(..) => false,
            Expr::Binary(_, a, b) => a.mentions(replaced) || b.mentions(replaced),
            _ => {
                let mut found = false;
                self.for_each_child(|c| found = found || c.mentions(replaced));
                found
            }
        }
    }

    /// Replaces variables by expressions (`map` returns `None` to keep a variable).
    pub fn substitute(&mut self, map: &impl Fn(VarId) -> Option<Expr>) {
        self.rewrite(&mut |e| {
            if let Expr::Var(v) = e {
                if let Some(r) = map(*v) {
                    *e = r;
                }
            }
        });
    }
}

/// A half-open range `[min, min + extent)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Range {
    pub min: Expr,
    pub extent: Expr,
}

impl Range {
    pub fn new(min: Expr, extent: Expr) -> Range {
        Range { min, extent }
    }

    /// `[0, extent)`.
    pub fn from_extent(extent: Expr) -> Range {
        Range {
            min: Expr::int(0),
            extent,
        }
    }

    /// A single point `[x, x + 1)`.
    pub fn point(x: Expr) -> Range {
        Range {
            min: x,
            extent: Expr::int(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Expressions of every variant, pairwise distinct.
    fn samples() -> Vec<Expr> {
        let (i, j) = (Expr::Var(VarId(0)), Expr::Var(VarId(1)));
        vec![
            Expr::int(3),
            Expr::Int(3, DataType::I64),
            Expr::bool(true),
            Expr::Float(1.5, DataType::F32),
            i.clone(),
            j.clone(),
            Expr::add(i.clone(), Expr::int(3)),
            Expr::sub(i.clone(), Expr::int(3)),
            Expr::add(Expr::mul(i.clone(), Expr::int(16)), j.clone()),
            Expr::Not(Box::new(Expr::lt(i.clone(), j.clone()))),
            Expr::Select(
                Box::new(Expr::bool(false)),
                Box::new(i.clone()),
                Box::new(j.clone()),
            ),
            Expr::Cast(DataType::I64, Box::new(i.clone())),
            Expr::Load(BufferId(0), vec![i.clone(), j.clone()]),
            Expr::Load(BufferId(1), vec![i.clone(), j.clone()]),
            Expr::Call(Intrinsic::Exp, vec![Expr::Float(1.5, DataType::F32)]),
        ]
    }

    // The written-out `Clone` and `PartialEq` are the derived ones: a copy
    // is equal, and two expressions are equal exactly when they print alike.
    #[test]
    fn clone_and_eq_are_structural() {
        let all = samples();
        for a in &all {
            assert_eq!(&a.clone(), a);
            assert_eq!(format!("{:?}", a.clone()), format!("{a:?}"));
            for b in &all {
                assert_eq!(a == b, format!("{a:?}") == format!("{b:?}"), "{a:?} {b:?}");
            }
        }
        // As f64's `==`: NaN is unequal to itself, at any depth.
        let nan = Expr::Float(f64::NAN, DataType::F32);
        assert_ne!(nan, nan.clone());
        assert_ne!(
            Expr::add(nan.clone(), Expr::int(1)),
            Expr::add(nan, Expr::int(1))
        );
    }
}
