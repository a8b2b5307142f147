//! One trace step: a primitive with its arguments, named as in TVM's Python API.
//!
//! Steps are parsed from (and written to) the session YAML by hand rather than
//! through serde derive, so that every problem names the step and the field,
//! and so that each step is written back on one line in flow style.

use super::replay::{Handle, Replayer, StepFailure};
use std::fmt::Write;

pub use super::ops::{op_spec, op_specs};

/// An argument value in a step.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A string: a name (handle, block name) or a free text (scope, axis).
    Str(String),
    List(Vec<Arg>),
    /// A dict with string keys (an annotation value: TVM's `Map`), in the
    /// order written.
    Map(Vec<(String, Arg)>),
}

impl Arg {
    /// YAML flow-style text.
    pub fn to_yaml(&self) -> String {
        match self {
            Arg::Null => "null".into(),
            Arg::Bool(b) => b.to_string(),
            Arg::Int(i) => i.to_string(),
            // YAML's spellings of the special floats (`NaN` would read back as a string).
            Arg::Float(f) if f.is_nan() => ".nan".into(),
            Arg::Float(f) if f.is_infinite() => if *f > 0.0 { ".inf" } else { "-.inf" }.into(),
            Arg::Float(f) => format!("{f:?}"),
            Arg::Str(s) => yaml_str(s),
            Arg::List(v) => format!(
                "[{}]",
                v.iter().map(Arg::to_yaml).collect::<Vec<_>>().join(", ")
            ),
            Arg::Map(entries) => format!(
                "{{{}}}",
                entries
                    .iter()
                    .map(|(k, v)| format!("{}: {}", yaml_str(k), v.to_yaml()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// Python literal text (Python's escapes, `float("nan")`: `python::literal`).
    pub fn to_python(&self) -> String {
        super::python::literal(self)
    }
}

/// Quotes a YAML scalar when a plain one would be read back differently.
pub fn yaml_str(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-')
        && !s.starts_with('-')
        && !s
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '.')
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "null" | "true" | "false" | "yes" | "no" | "on" | "off" | "y" | "n" | "~"
        );
    if plain {
        s.to_string()
    } else {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                // Other control characters as YAML escapes, so a save reads back.
                c if c.is_control() => {
                    let _ = write!(out, "\\u{:04X}", c as u32);
                }
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }
}

/// The kind of value a field holds, for checking and for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A handle or block name.
    Name,
    Names,
    Int,
    Bool,
    Str,
    /// split factors: integers, null, or names of sampled values.
    Factors,
    Ints,
    Floats,
    /// Any annotation value.
    Any,
    OptInts,
    OptInt,
    /// A Python lambda as text (transform_layout's `index_map`), written bare in Python.
    Lambda,
    /// A block's buffer: `["read", 0]` / `["write", 0]` (TVM's tuple) or a buffer name.
    BufferRef,
    /// null, a number, or a lambda giving the value (transform_layout's `pad_value`).
    PadValue,
    /// A buffer index: an integer, or the name of a buffer the block accesses
    /// (TVM's `Union[int, str, Buffer]`: set_scope, cache_read, cache_write).
    BufferIndex,
}

impl FieldKind {
    pub fn describe(self) -> &'static str {
        match self {
            FieldKind::Name => "a name",
            FieldKind::Names => "a list of names",
            FieldKind::Int => "an integer",
            FieldKind::Bool => "true or false",
            FieldKind::Str => "a string",
            FieldKind::Factors => "a list of integers, null or sampled names",
            FieldKind::Ints => "a list of integers",
            FieldKind::Floats => "a list of numbers",
            FieldKind::Any => "a value",
            FieldKind::OptInts => "a list of integers or null",
            FieldKind::OptInt => "an integer or null",
            FieldKind::Lambda => "a Python lambda as text, e.g. \"lambda i, j: (j, i)\"",
            FieldKind::BufferRef => "[\"read\", N], [\"write\", N] or a buffer name",
            FieldKind::PadValue => "null, a number or a lambda",
            FieldKind::BufferIndex => "an integer or a buffer name",
        }
    }

    /// Python text of a value of this kind where it differs from the literal:
    /// lambdas are code, a buffer reference is TVM's tuple.
    pub fn python_text(self, value: &Arg) -> Option<String> {
        match (self, value) {
            (FieldKind::Lambda | FieldKind::PadValue, Arg::Str(s)) => Some(s.clone()),
            (FieldKind::BufferRef, Arg::List(items)) => Some(format!(
                "({})",
                items
                    .iter()
                    .map(Arg::to_python)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            _ => None,
        }
    }
}

/// One field of a primitive: its TVM keyword, kind, and default (None: required).
#[derive(Clone, Debug)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: FieldKind,
    pub default: Option<Arg>,
    /// TVM takes the list as `*args`: `sch.reorder(a, b)`, `sch.fuse(a, b)`.
    pub varargs: bool,
    /// A name no step bound is a block, looked up by name (`get_block("B")`).
    pub block_by_name: bool,
}

impl FieldSpec {
    pub fn varargs(mut self) -> FieldSpec {
        self.varargs = true;
        self
    }

    pub fn block_by_name(mut self) -> FieldSpec {
        self.block_by_name = true;
        self
    }
}

/// What a primitive returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Returns {
    Nothing,
    One,
    Many,
}

/// Applies a step to the replay state: resolves its arguments, calls the
/// primitive, and returns the values its `out` names (0-based step index).
pub type ApplyFn = fn(&mut Replayer, usize, &mut Step) -> Result<Vec<Handle>, StepFailure>;

/// A primitive's registration: everything replay, printing and the TUI know
/// about it (the table itself is in `trace::ops`).
#[derive(Clone, Debug)]
pub struct OpSpec {
    pub name: &'static str,
    pub fields: Vec<FieldSpec>,
    pub returns: Returns,
    pub apply: ApplyFn,
    /// Plausible values for the required fields a palette probe needs beyond
    /// its target, given the target loop's extent when known.
    pub probe_args: fn(Option<i64>) -> Vec<(&'static str, Arg)>,
    /// How many values a step returns when its arguments say so (split: one
    /// per factor); None: found by trying.
    pub out_count: fn(&Step) -> Option<usize>,
    /// What the Python export calls instead of `sch.NAME` (get_block: the alias
    /// that `apply_trace` binds to TVM's get_block or get_sblock).
    pub python_call: Option<&'static str>,
    /// Its outputs are sampled values (sample_*), not handles: an `ann_val`
    /// naming one passes the variable in the Python export.
    pub samples: bool,
}

impl OpSpec {
    pub fn with_python_call(mut self, callee: &'static str) -> OpSpec {
        self.python_call = Some(callee);
        self
    }

    pub fn sampling(mut self) -> OpSpec {
        self.samples = true;
        self
    }

    pub fn with_probe_args(mut self, f: fn(Option<i64>) -> Vec<(&'static str, Arg)>) -> OpSpec {
        self.probe_args = f;
        self
    }

    pub fn with_out_count(mut self, f: fn(&Step) -> Option<usize>) -> OpSpec {
        self.out_count = f;
        self
    }
}

/// A step of a trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub op: String,
    /// Every field of the primitive (defaults filled in), in table order.
    pub args: Vec<(String, Arg)>,
    /// Names given to the returned values; `out_list` says whether written as a list.
    pub out: Vec<String>,
    pub out_list: bool,
    pub note: Option<String>,
    /// Fields the user wrote explicitly (others are defaults and are not written back).
    pub explicit: Vec<String>,
}

impl Step {
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    pub fn set_arg(&mut self, name: &str, value: Arg) {
        match self.args.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.args.push((name.to_string(), value)),
        }
        if !self.explicit.iter().any(|e| e == name) {
            self.explicit.push(name.to_string());
        }
    }

    /// Builds a step with every default filled in; `given` are the explicit fields.
    pub fn new(op: &str, given: Vec<(&str, Arg)>, out: Vec<String>) -> Option<Step> {
        let spec = op_spec(op)?;
        let mut args = Vec::new();
        let mut explicit = Vec::new();
        for field in &spec.fields {
            if let Some((_, v)) = given.iter().find(|(k, _)| *k == field.name) {
                args.push((field.name.to_string(), v.clone()));
                explicit.push(field.name.to_string());
            } else if let Some(dflt) = &field.default {
                args.push((field.name.to_string(), dflt.clone()));
            } else {
                return None;
            }
        }
        Some(Step {
            op: op.to_string(),
            args,
            out_list: spec.returns == Returns::Many,
            out,
            note: None,
            explicit,
        })
    }

    /// The one-line flow-style YAML mapping of this step.
    pub fn to_yaml(&self) -> String {
        let mut s = format!("{{op: {}", self.op);
        for (k, v) in &self.args {
            if self.explicit.iter().any(|e| e == k) {
                let _ = write!(s, ", {k}: {}", v.to_yaml());
            }
        }
        if !self.out.is_empty() {
            if self.out_list {
                let names: Vec<String> = self.out.iter().map(|n| yaml_str(n)).collect();
                let _ = write!(s, ", out: [{}]", names.join(", "));
            } else {
                let _ = write!(s, ", out: {}", yaml_str(&self.out[0]));
            }
        }
        if let Some(n) = &self.note {
            let _ = write!(s, ", note: {}", yaml_str(n));
        }
        s.push('}');
        s
    }

    /// A short human form: `split(loop=i, factors=[None, 16]) -> by, yi`.
    pub fn summary(&self) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .filter(|(k, _)| self.explicit.iter().any(|e| e == k))
            .map(|(k, v)| format!("{k}={}", v.to_yaml()))
            .collect();
        let mut s = format!("{}({})", self.op, args.join(", "));
        if !self.out.is_empty() {
            let _ = write!(s, " -> {}", self.out.join(", "));
        }
        s
    }
}
