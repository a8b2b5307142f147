//! The interpreter's compiled form of a function: typed expression trees and
//! statements over variable slots and buffer views, built once by `compile` and
//! walked by `exec`.
//!
//! Every expression is split by value kind (`IExpr` ints, `FExpr` floats, `BExpr`
//! bools) so evaluation never checks types; dtype-specific rounding and wrapping
//! are carried on the nodes. Variables are `VarId` indices, buffers `BufferId`
//! indices. Knows only `ir` ids and dtypes.

use crate::ir::DataType;

/// Integer and float arithmetic operators (comparisons are in `CmpOp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    FloorDiv,
    FloorMod,
    Min,
    Max,
    /// Bitwise operators on integers (`T.shift_left` ...).
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    #[inline]
    pub fn apply<T: PartialOrd>(self, a: T, b: T) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// Float math functions of one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FUnary {
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
    Abs,
    Floor,
    Ceil,
    Round,
    Trunc,
}

/// A buffer element access: the buffer (its view slot) and one index per dimension.
#[derive(Clone, Debug)]
pub struct Access {
    pub buffer: u32,
    pub indices: Box<[IExpr]>,
}

#[derive(Clone, Debug)]
pub enum IExpr {
    Const(i64),
    Var(u32),
    /// Result wrapped to `DataType`'s width.
    Arith(ArithOp, Box<IExpr>, Box<IExpr>, DataType),
    Load(Access),
    /// Integer-to-integer cast: wraps to the target width.
    Wrap(Box<IExpr>, DataType),
    FromFloat(Box<FExpr>, DataType),
    FromBool(Box<BExpr>),
    Abs(Box<IExpr>, DataType),
    /// Both sides evaluated (TVM's `Select`).
    Select(Box<BExpr>, Box<IExpr>, Box<IExpr>),
    /// Only the chosen side evaluated (`T.if_then_else`).
    IfThenElse(Box<BExpr>, Box<IExpr>, Box<IExpr>),
}

#[derive(Clone, Debug)]
pub enum FExpr {
    Const(f64),
    Var(u32),
    /// Computed in f64, rounded to `DataType`.
    Arith(ArithOp, Box<FExpr>, Box<FExpr>, DataType),
    Load(Access),
    FromInt(Box<IExpr>, DataType),
    FromBool(Box<BExpr>),
    /// Float-to-float cast.
    Round(Box<FExpr>, DataType),
    Unary(FUnary, Box<FExpr>, DataType),
    Pow(Box<FExpr>, Box<FExpr>, DataType),
    Select(Box<BExpr>, Box<FExpr>, Box<FExpr>),
    IfThenElse(Box<BExpr>, Box<FExpr>, Box<FExpr>),
}

#[derive(Clone, Debug)]
pub enum BExpr {
    Const(bool),
    Var(u32),
    Load(Access),
    CmpI(CmpOp, Box<IExpr>, Box<IExpr>),
    CmpF(CmpOp, Box<FExpr>, Box<FExpr>),
    CmpB(CmpOp, Box<BExpr>, Box<BExpr>),
    /// Short-circuit, as the generated CUDA's `&&` and `||`.
    And(Box<BExpr>, Box<BExpr>),
    Or(Box<BExpr>, Box<BExpr>),
    Not(Box<BExpr>),
    FromInt(Box<IExpr>),
    FromFloat(Box<FExpr>),
    Select(Box<BExpr>, Box<BExpr>, Box<BExpr>),
    IfThenElse(Box<BExpr>, Box<BExpr>, Box<BExpr>),
}

/// A typed value-producing expression, for lets, stores and evaluates.
#[derive(Clone, Debug)]
pub enum AnyExpr {
    I(IExpr),
    F(FExpr),
    B(BExpr),
}

#[derive(Clone, Debug)]
pub enum CStmt {
    Seq(Vec<CStmt>),
    For {
        var: u32,
        min: IExpr,
        extent: IExpr,
        body: Box<CStmt>,
    },
    Block(Box<CBlock>),
    /// `value` is already converted to the buffer's kind and dtype.
    Store {
        access: Access,
        value: AnyExpr,
    },
    If {
        cond: BExpr,
        then_case: Box<CStmt>,
        else_case: Option<Box<CStmt>>,
    },
    Let {
        var: u32,
        value: AnyExpr,
        body: Box<CStmt>,
    },
    Evaluate(AnyExpr),
}

/// One block iteration variable and the value it is bound to.
#[derive(Clone, Debug)]
pub struct CIter {
    pub var: u32,
    pub value: IExpr,
    pub dom_min: IExpr,
    pub dom_extent: IExpr,
    pub reduce: bool,
    /// The binding may leave the domain, so execution checks it.
    pub checked: bool,
}

/// `T.match_buffer(source[region], shape)`: `buffer` becomes a view into `source`.
#[derive(Clone, Debug)]
pub struct CMatch {
    pub buffer: u32,
    pub source: u32,
    /// `(min, extent)` per source dimension.
    pub region: Vec<(IExpr, IExpr)>,
}

#[derive(Clone, Debug)]
pub struct CBlock {
    /// Index into `Program::block_names`.
    pub name: u32,
    pub iters: Vec<CIter>,
    /// `None` when the predicate is constant true.
    pub predicate: Option<BExpr>,
    /// Buffers allocated (and poisoned) on every entry.
    pub allocs: Vec<u32>,
    pub match_buffers: Vec<CMatch>,
    pub init: Option<CStmt>,
    pub body: CStmt,
}

/// Storage class of a buffer's elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Float,
    Int,
    Bool,
}

impl Kind {
    pub fn of(dtype: DataType) -> Kind {
        if dtype.is_float() {
            Kind::Float
        } else if dtype.is_bool() {
            Kind::Bool
        } else {
            Kind::Int
        }
    }
}

/// What the machine needs to know about each buffer up front.
#[derive(Clone, Debug)]
pub struct BufferInfo {
    pub name: String,
    pub dtype: DataType,
    /// The declared shape (every buffer's shape is constant).
    pub shape: Vec<i64>,
    /// The buffer owns storage (parameters, allocations) rather than viewing
    /// another buffer's (match buffers).
    pub owns_storage: bool,
}

/// A compiled function.
#[derive(Clone, Debug)]
pub struct Program {
    pub body: CStmt,
    pub buffers: Vec<BufferInfo>,
    pub block_names: Vec<String>,
    pub var_names: Vec<String>,
    /// Parameter buffers in parameter order.
    pub params: Vec<u32>,
}
