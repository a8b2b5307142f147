//! Python schedule scripts read into steps: TVM's spelling of schedule calls
//! (`b0 = sch.get_sblock(name="B")`, `l1, l2 = sch.get_loops(b0)`,
//! `sch.split(l1, factors=[None, 16])`), the Python around them that TVM users
//! write (names, lists, indexing, slicing, nested calls), and whole trace files
//! as `print(sch.trace)` writes them (`def apply_trace(sch):` ...).
//!
//! TVM's JSON trace (`trace.as_json()`) is read here too (`json_trace`): each
//! instruction becomes the Python call TVM's `as_python` makes of it.
//!
//! Pure text in, steps out: knows the op table (`step`) and replays on a probe
//! copy of a trace to name outputs; the explorer's `:` line and the headless
//! `replay trace.py` share it.

mod exec;
mod file;
mod json_index_map;
pub mod json_layout;
mod json_trace;
mod names;
mod parse;
mod to_step;

pub use exec::{no_autobind, Autobind, Outcome, PyEnv, PyFailure};
pub use file::{read_trace_file, PyTraceError};
pub use json_trace::{
    json_trace_calls, looks_like_json_trace, read_json_trace, JsonTraceError, MAX_JSON_TRACE_BYTES,
};
pub use names::{fresh, fresh_block_name, name_outputs, taken};
pub use parse::{parse_statement, parse_value, plain_arg, split_statements};
pub use to_step::to_step;

use crate::trace::step::{op_spec, Arg, FieldKind};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Error)]
#[error("{message}")]
pub struct PyError {
    pub message: String,
}

pub(crate) fn err<T>(message: impl Into<String>) -> Result<T, PyError> {
    Err(PyError {
        message: message.into(),
    })
}

/// A schedule call as typed: `targets = obj.op(args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct PyCall {
    pub targets: Vec<String>,
    pub op: String,
    /// Keyword (or None for positional) and value, in the order typed.
    pub args: Vec<(Option<String>, Arg)>,
}

/// A Python expression of the `:` line: what a TVM user writes around
/// schedule calls.
#[derive(Clone, Debug, PartialEq)]
pub enum PyExpr {
    /// A number, a string, None, True or False.
    Lit(Arg),
    /// A name: a handle, a loop variable, or a Python variable set earlier.
    Name(String),
    /// `[a, b]` or `(a, b)`.
    List(Vec<PyExpr>),
    /// `sch.op(args)`; keyword or None for positional.
    Call {
        op: String,
        args: Vec<(Option<String>, PyExpr)>,
    },
    /// `x[-1]`
    Index(Box<PyExpr>, i64),
    /// `x[a:b]`
    Slice(Box<PyExpr>, Option<i64>, Option<i64>),
}

/// One statement: `targets = value` (targets empty for a bare expression).
#[derive(Clone, Debug, PartialEq)]
pub struct PyStmt {
    pub targets: Vec<String>,
    /// The targets were written as a tuple or list (`b1, = ...`, `[a] = ...`):
    /// a single name then takes the value's one item, not the whole list.
    pub unpack: bool,
    pub value: PyExpr,
}

/// An example call for an op, for messages and the palette.
pub fn example(op: &str) -> String {
    let Some(spec) = op_spec(op) else {
        return format!("sch.{op}(...)");
    };
    let args: Vec<String> = spec
        .fields
        .iter()
        .filter(|f| f.default.is_none())
        .map(|f| match f.kind {
            FieldKind::Factors => format!("{}=[None, 16]", f.name),
            FieldKind::Names => format!("{}=[...]", f.name),
            FieldKind::BufferRef => format!("{}=(\"write\", 0)", f.name),
            FieldKind::Lambda => format!("{}=lambda i, j: (j, i)", f.name),
            _ => f.name.to_string(),
        })
        .collect();
    format!("sch.{op}({})", args.join(", "))
}
