//! TVM's JSON trace read into a trace: what `trace.as_json()` gives and a
//! MetaSchedule database stores, `[[instruction, ...], [[index, decision], ...]]`
//! with each instruction `[kind, inputs, attrs, outputs]`
//! (`["Split", ["l1", "None", 16], [1, 0], ["l2", "l3"]]`).
//!
//! Each instruction is written as the Python call TVM's own `as_python` makes
//! of it (`json_layout` says which input or attribute is which keyword) and
//! run through the Python trace reader, so both formats share one set of
//! checks. The file is untrusted: its size, the instruction count and the
//! nesting are bounded, and every refusal names the instruction (0-based, as
//! in TVM's decisions) and its kind.

use serde_json::Value;
use thiserror::Error;

use super::exec::no_autobind;
use super::json_index_map::index_map_lambda;
use super::json_layout::{layout_of, AttrKind, Inputs, Layout};
use super::{Outcome, PyEnv, PyFailure};
use crate::ir::PrimFunc;
use crate::trace::step::Arg;
use crate::trace::Trace;

/// Larger files are refused before parsing (a trace is a few KiB).
pub const MAX_JSON_TRACE_BYTES: usize = 4 << 20;
/// More instructions than any tuned schedule has.
pub const MAX_JSON_INSTRUCTIONS: usize = 20_000;

/// Why a JSON trace could not be applied.
#[derive(Debug, Error)]
#[error("{}{}", self.place(), self.message())]
pub struct JsonTraceError {
    /// The instruction (0-based, TVM's numbering) and its kind, when one is to blame.
    pub instruction: Option<(usize, String)>,
    /// The Python call the instruction was read as, when it got that far.
    pub call: Option<String>,
    pub failure: PyFailure,
}

impl JsonTraceError {
    fn text(message: impl Into<String>) -> JsonTraceError {
        JsonTraceError {
            instruction: None,
            call: None,
            failure: PyFailure::Text(message.into()),
        }
    }

    fn place(&self) -> String {
        match &self.instruction {
            Some((i, kind)) => format!("instruction {i} (`{kind}`): "),
            None => String::new(),
        }
    }

    /// The reason in one line (a step's error without the program).
    pub fn message(&self) -> String {
        match &self.failure {
            PyFailure::Text(t) => t.clone(),
            PyFailure::Step(e) => e.to_string(),
        }
    }
}

/// Does this text look like a JSON trace rather than a Python one? (A JSON
/// trace is a list; Python starts with a name, `#` or `def`.)
pub fn looks_like_json_trace(src: &str) -> bool {
    src.trim_start().starts_with('[')
}

/// Applies every instruction of the JSON trace `src` to `workload`, in order.
pub fn read_json_trace(src: &str, workload: PrimFunc) -> Result<Trace, JsonTraceError> {
    let calls = json_trace_calls(src)?;
    let mut trace = Trace::new(workload);
    let mut env = PyEnv::default();
    for (index, kind, call) in calls {
        let fail = |failure: PyFailure| JsonTraceError {
            instruction: Some((index, kind.clone())),
            call: Some(call.clone()),
            failure,
        };
        let outcome = env.statement(&call, &trace, &no_autobind).map_err(fail)?;
        if let Outcome::Steps(steps) = outcome {
            for step in steps {
                trace
                    .push(step)
                    .map_err(|e| fail(PyFailure::Step(Box::new(e))))?;
            }
        }
    }
    Ok(trace)
}

/// The instructions of a JSON trace as Python calls: (index, kind, call).
pub fn json_trace_calls(src: &str) -> Result<Vec<(usize, String, String)>, JsonTraceError> {
    if src.len() > MAX_JSON_TRACE_BYTES {
        return Err(JsonTraceError::text(format!(
            "the JSON trace is {} bytes; at most {MAX_JSON_TRACE_BYTES} are read",
            src.len()
        )));
    }
    // serde_json refuses nesting deeper than 128 levels.
    let root: Value =
        serde_json::from_str(src).map_err(|e| JsonTraceError::text(format!("not JSON: {e}")))?;
    let shape_hint = "a JSON trace is `[[instruction, ...], [[index, decision], ...]]` \
                      as TVM's `trace.as_json()` gives it";
    let (insts, decisions) = match root.as_array().map(Vec::as_slice) {
        Some([Value::Array(insts), Value::Array(decisions)]) => (insts, decisions.as_slice()),
        Some([Value::Array(insts)]) => (insts, &[][..]),
        _ => {
            return Err(JsonTraceError::text(format!(
                "unexpected top level: {shape_hint}"
            )))
        }
    };
    if insts.len() > MAX_JSON_INSTRUCTIONS {
        return Err(JsonTraceError::text(format!(
            "{} instructions; at most {MAX_JSON_INSTRUCTIONS} are read",
            insts.len()
        )));
    }
    let decision_of = decision_table(decisions, insts.len())?;
    let mut calls = Vec::with_capacity(insts.len());
    for (index, inst) in insts.iter().enumerate() {
        let kind = inst
            .as_array()
            .and_then(|parts| parts.first())
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string();
        let call =
            instruction_call(inst, decision_of[index]).map_err(|message| JsonTraceError {
                instruction: Some((index, kind.clone())),
                call: None,
                failure: PyFailure::Text(message),
            })?;
        calls.push((index, kind, call));
    }
    Ok(calls)
}

/// Each instruction's decision, if the trace has one.
fn decision_table(
    decisions: &[Value],
    count: usize,
) -> Result<Vec<Option<&Value>>, JsonTraceError> {
    let mut table = vec![None; count];
    for entry in decisions {
        let (index, value) = match entry.as_array().map(Vec::as_slice) {
            Some([Value::Number(n), value]) => (n.as_u64(), value),
            _ => {
                return Err(JsonTraceError::text(format!(
                    "a decision is `[instruction index, value]`, not `{entry}`"
                )))
            }
        };
        let slot = index
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| table.get_mut(i))
            .ok_or_else(|| {
                JsonTraceError::text(format!(
                    "the decision `{entry}` names an instruction the trace does not have \
                     ({count} instructions)"
                ))
            })?;
        *slot = Some(value);
    }
    Ok(table)
}

/// `outputs = sch.op(keyword=value, ...)` for one instruction.
fn instruction_call(inst: &Value, decision: Option<&Value>) -> Result<String, String> {
    let Some([Value::String(kind), Value::Array(inputs), Value::Array(attrs), Value::Array(outs)]) =
        inst.as_array().map(Vec::as_slice)
    else {
        return Err(format!(
            "an instruction is `[kind, inputs, attrs, outputs]`, not `{}`",
            short(inst)
        ));
    };
    let layout = layout_of(kind).ok_or_else(|| {
        format!("tirtui does not read the instruction kind `{kind}` from JSON traces")
    })?;
    let mut args = input_args(layout, inputs)?;
    args.extend(attr_args(layout, attrs)?);
    if let Some(d) = decision {
        if !layout.samples {
            return Err(format!(
                "`{kind}` takes no decision, yet the trace gives it `{d}`"
            ));
        }
        args.push(format!("decision={}", literal(d)?));
    }
    let mut targets = Vec::with_capacity(outs.len());
    for out in outs {
        match out.as_str() {
            // `_`: an output TVM gives as None (an inferred factor).
            Some(name) if is_rv_name(name) || name == "_" => targets.push(name.to_string()),
            _ => return Err(format!("an output is a name like `b0`, not `{out}`")),
        }
    }
    let call = format!("sch.{}({})", layout.op, args.join(", "));
    Ok(match targets.len() {
        0 => call,
        // A list result unpacked into one name (`l1, = sch.get_loops(b0)`);
        // single-handle results take the name as it is.
        1 if returns_list(layout) => format!("{}, = {call}", targets[0]),
        _ => format!("{} = {call}", targets.join(", ")),
    })
}

/// Kinds whose result is a list even when it has one item.
fn returns_list(layout: &Layout) -> bool {
    matches!(
        layout.op,
        "get_loops"
            | "get_child_blocks"
            | "get_producers"
            | "get_consumers"
            | "get_output_blocks"
            | "split"
            | "loop_partition"
            | "sample_perfect_tile"
    )
}

fn input_args(layout: &Layout, inputs: &[Value]) -> Result<Vec<String>, String> {
    let mut args = Vec::new();
    match layout.inputs {
        Inputs::Named(names) => {
            if names.len() != inputs.len() {
                return Err(format!(
                    "`{}` has {} inputs ({}), the trace gives {}",
                    layout.kind,
                    names.len(),
                    names.join(", "),
                    inputs.len()
                ));
            }
            for (name, v) in names.iter().zip(inputs) {
                // TVM's `as_python` leaves out an empty consumer list (its
                // default: every consumer); so does the step.
                if *name == "consumer_blocks" && v.as_array().is_some_and(Vec::is_empty) {
                    continue;
                }
                args.push(format!("{name}={}", input_value(v)?));
            }
        }
        Inputs::HeadThenList(head, rest) => {
            let Some((first, tail)) = inputs.split_first() else {
                return Err(format!("`{}` needs its `{head}` input", layout.kind));
            };
            let items: Result<Vec<String>, String> = tail.iter().map(input_value).collect();
            args.push(format!("{head}={}", input_value(first)?));
            args.push(format!("{rest}=[{}]", items?.join(", ")));
        }
        Inputs::Positional => {
            for v in inputs {
                args.push(input_value(v)?);
            }
        }
    }
    Ok(args)
}

fn attr_args(layout: &Layout, attrs: &[Value]) -> Result<Vec<String>, String> {
    if attrs.len() != layout.attrs.len() {
        let names: Vec<&str> = layout.attrs.iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "`{}` has {} attributes ({}), the trace gives {}",
            layout.kind,
            layout.attrs.len(),
            names.join(", "),
            attrs.len()
        ));
    }
    let mut args = Vec::new();
    for (i, ((name, kind), v)) in layout.attrs.iter().zip(attrs).enumerate() {
        let text = match kind {
            AttrKind::Plain => literal(v)?,
            AttrKind::Flag => match v {
                Value::Bool(b) => python_bool(*b),
                Value::Number(n) if n.as_i64() == Some(0) => python_bool(false),
                Value::Number(n) if n.as_i64() == Some(1) => python_bool(true),
                other => {
                    return Err(format!(
                        "`{name}` is a flag (true/false, 1/0), not `{other}`"
                    ))
                }
            },
            AttrKind::IndexMap => match v {
                Value::Null => "None".to_string(),
                Value::String(graph) => {
                    index_map_lambda(graph).map_err(|e| format!("`{name}`: {e}"))?
                }
                other => {
                    return Err(format!(
                        "`{name}` is an index map or null, not `{}`",
                        short(other)
                    ))
                }
            },
            AttrKind::BufferRef => {
                let index = v
                    .as_u64()
                    .ok_or_else(|| format!("`buffer_index` is a number, not `{v}`"))?;
                let side = match attrs.get(i + 1).and_then(Value::as_u64) {
                    Some(0) => "read",
                    Some(1) => "write",
                    _ => return Err("`buffer_index_type` is 0 (read) or 1 (write)".to_string()),
                };
                format!("(\"{side}\", {index})")
            }
            AttrKind::BufferRefType => continue,
        };
        args.push(format!("{name}={text}"));
    }
    Ok(args)
}

/// An input: an earlier output by name, `"None"`, a number, a string literal
/// (TVM writes string inputs quoted: `"\"shared\""`), an index map (its
/// JSON graph) or a list of these.
fn input_value(v: &Value) -> Result<String, String> {
    match v {
        Value::String(s) if s == "None" => Ok("None".to_string()),
        Value::String(s) if is_rv_name(s) => Ok(s.clone()),
        // TVM quotes a string input without escaping what is inside
        // (`"\"s\"q\""` holds `s"q`) and reads it back by dropping the two
        // outer quotes: the same here.
        Value::String(s) if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') => {
            Ok(Arg::Str(s[1..s.len() - 1].to_string()).to_python())
        }
        Value::String(s) if s.trim_start().starts_with('{') => index_map_lambda(s),
        Value::String(s) => Err(format!(
            "the input `{s}` is neither an earlier output (`b0`, `l1`, `v2`) nor a quoted string"
        )),
        Value::Array(items) => {
            let items: Result<Vec<String>, String> = items.iter().map(input_value).collect();
            Ok(format!("[{}]", items?.join(", ")))
        }
        Value::Object(_) => Err(format!(
            "a dict input (`{}`) is not read: tirtui's annotations hold numbers, strings and lists",
            short(v)
        )),
        other => literal(other),
    }
}

/// A plain JSON value as a Python literal.
fn literal(v: &Value) -> Result<String, String> {
    let arg = json_arg(v)?;
    Ok(arg.to_python())
}

fn json_arg(v: &Value) -> Result<Arg, String> {
    Ok(match v {
        Value::Null => Arg::Null,
        Value::Bool(b) => Arg::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Arg::Int(i),
            None => Arg::Float(
                n.as_f64()
                    .ok_or_else(|| format!("the number `{n}` is out of range"))?,
            ),
        },
        Value::String(s) => Arg::Str(s.clone()),
        Value::Array(items) => Arg::List(items.iter().map(json_arg).collect::<Result<_, _>>()?),
        Value::Object(_) => return Err(format!("a dict (`{}`) is not read here", short(v))),
    })
}

fn python_bool(b: bool) -> String {
    if b { "True" } else { "False" }.to_string()
}

/// TVM's names of random variables: a letter and digits (`b0`, `l12`, `v3`).
fn is_rv_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.len() > 1
        && chars.all(|c| c.is_ascii_digit())
}

/// A value for a message: at most 80 characters.
fn short(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}
