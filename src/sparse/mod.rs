//! SparseTIR: sparse axes, sparse buffers and sparse iterations, the front stage
//! that lowers into ordinary TIR.
//!
//! A SparseTIR function (Ye et al., ASPLOS 2023; apache/tvm-rfcs 0100) declares
//! axes (`T.dense_fixed`, `T.dense_variable`, `T.sparse_fixed`,
//! `T.sparse_variable`, the variable ones with their `indptr` / `indices`
//! buffers), buffers over them (`T.match_sparse_buffer`) and one sparse
//! iteration (`with T.sp_iter([I, J, K], "SRS", "name") as [i, j, k]:`).
//! `parse` reads it into a [`SparseFunc`] (from the syntax tree `script`'s
//! parser builds), `print` writes it back as SparseTIR writes it, and `lower`
//! runs SparseTIR's two lowering stages: `lower_sparse_iter` (the iteration
//! becomes nested blocks with loops over `indptr[i]..indptr[i + 1]`; the
//! buffers are still sparse) and `lower_sparse_buffer` (every sparse buffer
//! becomes a flat buffer indexed through `indptr` / `indices`), after which the
//! function is ordinary TIR that every schedule primitive takes. `stage`
//! makes those stages (and SparseTIR's stage-I `sparse_reorder`) trace steps:
//! the workload opens held, unlowered, and the steps lower it. `csr` makes
//! valid CSR inputs and the float64 dense reference the interpreter is checked
//! against.
//!
//! `format` is SparseTIR's format decomposition (`sparse_format_decompose`):
//! a CSR iteration rewritten as hybrid ELL(k) parts plus a CSR remainder,
//! with the decomposed index arrays and values built from one CSR matrix.
//!
//! Scope: iterations in sequence (one as written, several after a format
//! decomposition); a variable or sparse axis's parent is a `dense_fixed` axis
//! or a `sparse_fixed` one (the row map of a decomposed part), not a variable
//! axis; buffers are indexed by iteration variables. Anything else is refused
//! with a span and a hint.
//!
//! May use: `diag`, `ir`, `script`.

pub mod csr;
pub mod format;
mod lower;
pub mod options;
mod parse;
mod print;
pub mod stage;

pub use lower::{lower_sparse_buffer, lower_sparse_iter, lowered_func, IterLowered};
pub use parse::{is_sparse_source, parse};
pub use print::print;

use crate::diag::Span;
use crate::ir::PrimFunc;

/// The attribute `lower_sparse_buffer` leaves on the function (SparseTIR's level 0).
pub const LEVEL_ATTR: &str = "sparse_tir_level";

/// The attribute naming each CSR pair of the lowered function:
/// `"J_indptr J_indices 4096"` (the arrays and the column count), `;` between pairs.
pub const CSR_ATTR: &str = "sparse_csr";

/// The attribute of a decomposed function naming the matrix its parts were
/// built for (`format::HybSpec`); the runtime rebuilds the parts from it.
pub const HYB_ATTR: &str = "sparse_hyb";

/// The CSR pairs `CSR_ATTR` names: (indptr buffer, indices buffer, columns).
pub fn csr_pairs(func: &PrimFunc) -> Result<Vec<(String, String, usize)>, String> {
    let Some((_, value)) = func.attrs.iter().find(|(k, _)| k == CSR_ATTR) else {
        return Ok(Vec::new());
    };
    let crate::ir::AnnValue::Str(text) = value else {
        return Err(format!("`{CSR_ATTR}` is not a string"));
    };
    text.split(';')
        .filter(|p| !p.trim().is_empty())
        .map(|pair| match pair.split_whitespace().collect::<Vec<_>>().as_slice() {
            [axis] if axis.starts_with('!') => Err(format!(
                "the index arrays of axis `{}` (ragged or ELL) get no generated contents yet; only CSR (`T.sparse_variable`) ones do",
                &axis[1..]
            )),
            [ptr, idx, cols] => cols
                .parse::<usize>()
                .map(|c| (ptr.to_string(), idx.to_string(), c))
                .map_err(|_| format!("`{CSR_ATTR}`: the column count `{cols}` is not a number (bind the size)")),
            _ => Err(format!("`{CSR_ATTR}`: `{pair}` is not `indptr indices columns`")),
        })
        .collect()
}

/// Whether `func` was lowered from a SparseTIR function: its index buffers
/// need valid CSR contents and TVM cannot run its source.
pub fn is_lowered_sparse(func: &PrimFunc) -> bool {
    func.attrs.iter().any(|(k, _)| k == LEVEL_ATTR) && stage::held(func).is_none()
}

/// Whether `func` is SparseTIR at any stage: lowered, or held for its stage steps.
pub fn is_sparse(func: &PrimFunc) -> bool {
    func.attrs.iter().any(|(k, _)| k == LEVEL_ATTR)
}

/// The workload text as TIR: a SparseTIR function goes through both lowering
/// stages; anything else is left to the TIR reader (`None`).
pub fn lower_source(src: &str) -> Option<Result<PrimFunc, crate::script::ParseError>> {
    is_sparse_source(src).then(|| parse(src).and_then(|f| lowered_func(&f)))
}

/// The workload text held unlowered (level 2), for a trace that records the
/// stage steps; `None` when it is not SparseTIR.
pub fn hold_source(src: &str) -> Option<Result<PrimFunc, crate::script::ParseError>> {
    is_sparse_source(src).then(|| {
        let f = parse(src)?;
        stage::held_func(&f).map_err(|e| crate::script::ParseError::semantic(f.span, e.to_string()))
    })
}

/// An axis length or count: a module constant's value, a literal, or a scalar
/// parameter (a shape variable of the lowered function).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Size {
    Const(i64),
    Name(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AxisKind {
    /// Every coordinate `0..length`.
    DenseFixed { length: Size },
    /// Ragged rows: coordinates `0..indptr[p + 1] - indptr[p]` under parent coordinate `p`.
    DenseVariable {
        parent: String,
        length: Size,
        nnz: Size,
        indptr: String,
    },
    /// ELL: `nnz_cols` stored coordinates per parent coordinate, named by `indices`.
    SparseFixed {
        parent: String,
        length: Size,
        nnz_cols: Size,
        indices: String,
    },
    /// CSR: the stored coordinates of row `p` are `indices[indptr[p]..indptr[p + 1]]`.
    SparseVariable {
        parent: String,
        length: Size,
        nnz: Size,
        indptr: String,
        indices: String,
    },
}

impl AxisKind {
    pub fn parent(&self) -> Option<&str> {
        match self {
            AxisKind::DenseFixed { .. } => None,
            AxisKind::DenseVariable { parent, .. }
            | AxisKind::SparseFixed { parent, .. }
            | AxisKind::SparseVariable { parent, .. } => Some(parent),
        }
    }

    /// The dense extent of the axis (a coordinate is below it).
    pub fn length(&self) -> &Size {
        match self {
            AxisKind::DenseFixed { length }
            | AxisKind::DenseVariable { length, .. }
            | AxisKind::SparseFixed { length, .. }
            | AxisKind::SparseVariable { length, .. } => length,
        }
    }

    /// The handle parameter of the row pointers, for the variable axes.
    pub fn indptr(&self) -> Option<&str> {
        match self {
            AxisKind::DenseVariable { indptr, .. } | AxisKind::SparseVariable { indptr, .. } => {
                Some(indptr)
            }
            _ => None,
        }
    }

    /// The handle parameter of the stored coordinates, for the sparse axes.
    pub fn indices(&self) -> Option<&str> {
        match self {
            AxisKind::SparseFixed { indices, .. } | AxisKind::SparseVariable { indices, .. } => {
                Some(indices)
            }
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub name: String,
    pub kind: AxisKind,
    /// The index type (`"int32"`), as SparseTIR's last argument.
    pub idtype: String,
    pub span: Span,
}

/// `A = T.match_sparse_buffer(a, (I, J), "float32")`.
#[derive(Clone, Debug, PartialEq)]
pub struct SparseBuffer {
    pub name: String,
    pub handle: String,
    pub axes: Vec<String>,
    pub dtype: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// `a: T.handle`: a buffer or an `indptr` / `indices` array.
    Handle(String),
    /// `m: T.int32`: a size the workload binds.
    Size(String, String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
        }
    }

    pub(crate) fn precedence(self) -> u8 {
        match self {
            BinOp::Add | BinOp::Sub => 1,
            BinOp::Mul | BinOp::Div => 2,
        }
    }
}

/// A value in the iteration body.
#[derive(Clone, Debug, PartialEq)]
pub enum SExpr {
    /// `A[vi, vj]`: a sparse buffer read at iteration variables.
    Load {
        buffer: String,
        indices: Vec<String>,
    },
    Float(f64),
    Int(i64),
    /// `T.float32(0)`: a literal of a type.
    Typed(String, f64),
    Neg(Box<SExpr>),
    Binary(BinOp, Box<SExpr>, Box<SExpr>),
}

/// `C[vi, vk] = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Store {
    pub buffer: String,
    pub indices: Vec<String>,
    pub value: SExpr,
    pub span: Span,
}

/// `with T.sp_iter([I, J, K], "SRS", "name") as [i, j, k]:`.
#[derive(Clone, Debug, PartialEq)]
pub struct SpIter {
    pub axes: Vec<String>,
    /// One of `S` (spatial) and `R` (reduction) per axis.
    pub kinds: String,
    pub name: String,
    pub vars: Vec<String>,
    /// The `with T.init():` body, empty when there is none.
    pub init: Vec<Store>,
    pub body: Vec<Store>,
    pub span: Span,
}

/// A SparseTIR function and the module constants its sizes use.
#[derive(Clone, Debug, PartialEq)]
pub struct SparseFunc {
    pub consts: Vec<(String, i64)>,
    pub name: String,
    pub params: Vec<Param>,
    pub axes: Vec<Axis>,
    pub buffers: Vec<SparseBuffer>,
    /// The sparse iterations, in program order (one as written; a format
    /// decomposition makes one per part).
    pub iters: Vec<SpIter>,
    /// The matrix a format decomposition was built for (`HYB_ATTR`'s text,
    /// `format::HybSpec`), kept in the function's attributes through every
    /// stage so that a run regenerates that matrix's parts.
    pub hyb: Option<String>,
    pub span: Span,
}

impl SparseFunc {
    pub fn axis(&self, name: &str) -> Option<&Axis> {
        self.axes.iter().find(|a| a.name == name)
    }

    pub fn buffer(&self, name: &str) -> Option<&SparseBuffer> {
        self.buffers.iter().find(|b| b.name == name)
    }

    /// The iteration named `name`.
    pub fn iteration(&self, name: &str) -> Option<&SpIter> {
        self.iters.iter().find(|it| it.name == name)
    }

    /// The iterations' names, for messages: `spmm` or `spmm_zero, spmm_ell1`.
    pub fn iteration_names(&self) -> String {
        let names: Vec<&str> = self.iters.iter().map(|it| it.name.as_str()).collect();
        names.join(", ")
    }

    /// The value of a size when it is known (a literal or a module constant).
    pub fn size_value(&self, s: &Size) -> Option<i64> {
        match s {
            Size::Const(v) => Some(*v),
            Size::Name(n) => self.consts.iter().find(|(c, _)| c == n).map(|(_, v)| *v),
        }
    }

    /// The same function with every span zeroed: what a print/parse round trip keeps.
    pub fn without_spans(&self) -> SparseFunc {
        let zero = Span::new(0, 0);
        let mut f = self.clone();
        f.span = zero;
        for a in &mut f.axes {
            a.span = zero;
        }
        for b in &mut f.buffers {
            b.span = zero;
        }
        for it in &mut f.iters {
            it.span = zero;
            for s in it.init.iter_mut().chain(it.body.iter_mut()) {
                s.span = zero;
            }
        }
        f
    }
}
