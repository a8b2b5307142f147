//! The interpreter's error type: what went wrong while preparing or running a function.
//!
//! Errors carry names and numbers only; `to_diagnostic` turns them into the shared
//! `diag::Diagnostic` at the edge.

use crate::diag::Diagnostic;
use crate::ir::DataType;
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Error)]
pub enum InterpError {
    #[error("expected {expected} buffer arguments, got {got}")]
    ArgCount { expected: usize, got: usize },

    #[error("argument `{param}` has shape {got:?}, expected {expected:?}")]
    ArgShape {
        param: String,
        expected: Vec<i64>,
        got: Vec<i64>,
    },

    #[error("argument `{param}` has dtype {got}, expected {expected}")]
    ArgDtype {
        param: String,
        expected: DataType,
        got: DataType,
    },

    #[error("argument `{param}` holds {got} values of the wrong kind or count, expected {expected} {dtype} values")]
    ArgData {
        param: String,
        dtype: DataType,
        expected: usize,
        got: usize,
    },

    #[error("buffer `{buffer}` has a shape that is not a constant")]
    NonConstantShape { buffer: String },

    #[error("variable `{name}` is used where it is not bound")]
    UnknownVar { name: String },

    #[error("buffer `{buffer}` is used where it is not allocated, matched or a parameter")]
    UnknownBuffer { buffer: String },

    #[error("type mismatch: {what}")]
    TypeMismatch { what: String },

    #[error("malformed function: {what}")]
    Malformed { what: String },

    #[error("buffer `{buffer}` is accessed with {got} indices but has {expected} dimensions")]
    IndexCount {
        buffer: String,
        expected: usize,
        got: usize,
    },

    #[error("out-of-bounds access {buffer}{indices:?} (shape {shape:?}) in block \"{block}\"")]
    OutOfBounds {
        buffer: String,
        indices: Vec<i64>,
        shape: Vec<i64>,
        block: String,
    },

    #[error("integer division by zero in block \"{block}\"")]
    DivisionByZero { block: String },

    #[error("block \"{block}\": iter var `{var}` = {value} is outside its domain [{min}, {end})")]
    IterOutOfDomain {
        block: String,
        var: String,
        value: i64,
        min: i64,
        end: i64,
    },

    #[error("block \"{block}\": match_buffer `{buffer}` does not fit {source_buffer}: {why}")]
    MatchBuffer {
        block: String,
        buffer: String,
        source_buffer: String,
        why: String,
    },

    #[error("buffer `{buffer}` is too large for the interpreter ({elems} elements)")]
    TooLarge { buffer: String, elems: i128 },

    /// A TVM builtin kept as written (`T.tvm_access_ptr`, `T.call_extern` ...):
    /// it has no semantics here to run.
    #[error("{what} cannot be interpreted: tirtui keeps TVM's builtins as written but does not compute them")]
    OpaqueBuiltin { what: String },

    /// The same, found before compiling, with the block that holds it (a
    /// tensorized block's implementation: never run as its description).
    #[error("block \"{block}\": {what} cannot be interpreted: tirtui keeps TVM's builtins as written but does not compute them")]
    OpaqueBuiltinInBlock { block: String, what: String },

    /// C leaves a shift by a negative amount or by the width or more undefined.
    #[error("block \"{block}\": shift of a {dtype} by {amount}, outside [0, the type's width)")]
    ShiftOutOfRange {
        block: String,
        amount: i64,
        dtype: crate::ir::DataType,
    },

    /// uint64 values above 2**63 have no place in the interpreter's integers.
    #[error(
        "{what} is uint64, which the interpreter cannot compute (its integers are 64-bit signed)"
    )]
    Uint64 { what: String },
}

impl InterpError {
    /// The error as a diagnostic, with a hint where the cause is usually elsewhere.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let d = Diagnostic::new(self.to_string());
        match self {
            InterpError::OutOfBounds { .. } | InterpError::IterOutOfDomain { .. } => d.with_help(
                "a schedule step that splits or moves loops without a predicate often causes this",
            ),
            InterpError::UnknownVar { .. } => d.with_note(
                "the interpreter binds buffer parameters only; scalar parameters stay unbound",
            ),
            _ => d,
        }
    }
}
