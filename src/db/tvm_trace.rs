//! A trace written in TVM's JSON form (`trace.as_json()`), the inverse of
//! `trace::pyscript::json_trace`: `[[instruction, ...], [[index, decision],
//! ...]]`, each instruction `[kind, inputs, attrs, outputs]`.
//!
//! Which step field is which input or attribute comes from the same table
//! the reader uses (`json_layout`), so a written trace reads back as the same
//! steps. TVM's conventions: handles are named `b0`, `l1`, `v2` (block, loop,
//! value) in order of definition; an input string that is a literal is
//! written with its quotes (`"\"SSSRRSRS\""`), `None` as `"None"`; flags are
//! 1 and 0. A block a step names without an earlier `get_block` (tirtui
//! allows `block: C`) gets a `GetSBlock` instruction first, as TVM needs.
//! Steps TVM has no instruction for, buffer references given by name and
//! index maps are refused with the step number and the reason.

use crate::trace::pyscript::json_layout::{AttrKind, Inputs, Layout, LAYOUTS};
use crate::trace::step::{op_spec, Arg, FieldSpec, Step};
use serde_json::{json, Value};
use std::collections::HashMap;

/// A step the JSON trace cannot hold.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("step {step} (`{op}`): {why}")]
pub struct TraceExportError {
    /// 1-based, as sessions number steps.
    pub step: usize,
    pub op: String,
    pub why: String,
}

/// The steps as TVM's JSON trace; `func_name` is the function `GetSBlock` names.
pub fn to_json_trace(steps: &[Step], func_name: &str) -> Result<Value, TraceExportError> {
    let mut w = TraceWriter {
        names: HashMap::new(),
        next: 0,
        insts: Vec::new(),
        decisions: Vec::new(),
        func_name,
    };
    for (i, step) in steps.iter().enumerate() {
        w.step(step).map_err(|why| TraceExportError {
            step: i + 1,
            op: step.op.clone(),
            why,
        })?;
    }
    Ok(json!([w.insts, w.decisions]))
}

struct TraceWriter<'a> {
    /// tirtui's handle names to TVM's.
    names: HashMap<String, String>,
    next: usize,
    insts: Vec<Value>,
    decisions: Vec<Value>,
    func_name: &'a str,
}

/// tirtui's op to TVM's instruction table entry.
fn layout_of_op(op: &str) -> Option<&'static Layout> {
    let tvm_op = if op == "get_block" { "get_sblock" } else { op };
    LAYOUTS.iter().find(|l| l.op == tvm_op)
}

/// The letter TVM names an op's outputs with.
fn out_prefix(op: &str) -> char {
    match op {
        "get_loops"
        | "split"
        | "fuse"
        | "merge"
        | "add_unit_loop"
        | "loop_partition"
        | "sample_compute_location" => 'l',
        "sample_perfect_tile" | "sample_categorical" => 'v',
        _ => 'b',
    }
}

impl TraceWriter<'_> {
    fn fresh(&mut self, prefix: char) -> String {
        let name = format!("{prefix}{}", self.next);
        self.next += 1;
        name
    }

    fn step(&mut self, step: &Step) -> Result<(), String> {
        let layout = layout_of_op(&step.op)
            .ok_or("TVM's JSON trace has no instruction for it (a tirtui-only step)")?;
        let spec = op_spec(&step.op).ok_or("not a primitive tirtui knows")?;
        let field = |name: &str| spec.fields.iter().find(|f| f.name == name);
        let value = |name: &str| {
            step.arg(name)
                .cloned()
                .or_else(|| field(name).and_then(|f| f.default.clone()))
        };
        let mut inputs = Vec::new();
        match layout.inputs {
            Inputs::Named(names) => {
                for name in names {
                    let v = value(name).unwrap_or(Arg::Null);
                    inputs.push(self.input(&v, field(name))?);
                }
            }
            Inputs::HeadThenList(head, list) => {
                let v = value(head).unwrap_or(Arg::Null);
                inputs.push(self.input(&v, field(head))?);
                if let Some(Arg::List(items)) = value(list) {
                    for item in &items {
                        inputs.push(self.input(item, field(list))?);
                    }
                }
            }
            Inputs::Positional => {
                let list = spec.fields.iter().find(|f| f.varargs);
                if let Some(Arg::List(items)) = list.and_then(|f| value(f.name)) {
                    for item in &items {
                        inputs.push(self.input(item, list)?);
                    }
                }
            }
        }
        let mut attrs = Vec::new();
        for (name, kind) in layout.attrs {
            attrs.push(self.attr(name, *kind, value(name))?);
        }
        let outputs: Vec<String> = step
            .out
            .iter()
            .map(|o| {
                let tvm = self.fresh(out_prefix(&step.op));
                self.names.insert(o.clone(), tvm.clone());
                tvm
            })
            .collect();
        if layout.samples {
            if let Some(d) = value("decision").filter(|d| *d != Arg::Null) {
                self.decisions.push(json!([self.insts.len(), literal(&d)?]));
            }
        }
        self.insts
            .push(json!([layout.kind, inputs, attrs, outputs]));
        Ok(())
    }

    /// An input: a handle's TVM name, a literal, or a block looked up by name.
    fn input(&mut self, v: &Arg, field: Option<&FieldSpec>) -> Result<Value, String> {
        Ok(match v {
            Arg::Null => json!("None"),
            Arg::Str(s) => match self.names.get(s) {
                Some(tvm) => json!(tvm),
                None if field.is_some_and(|f| f.block_by_name) => json!(self.get_block(s)?),
                None if field.is_some_and(|f| f.name == "ann_val") => {
                    if s.contains(['"', '\\']) || s.chars().any(char::is_control) {
                        return Err(format!(
                            "the annotation string {s:?} holds a quote, backslash or control character"
                        ));
                    }
                    json!(format!("\"{s}\""))
                }
                None => return Err(format!("`{s}` names nothing an earlier step defined")),
            },
            Arg::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(self.input(item, field)?);
                }
                Value::Array(out)
            }
            other => literal(other)?,
        })
    }

    /// A `GetSBlock` instruction for a block named in a step; its handle.
    fn get_block(&mut self, name: &str) -> Result<String, String> {
        let handle = self.fresh('b');
        self.insts
            .push(json!(["GetSBlock", [], [name, self.func_name], [handle]]));
        Ok(handle)
    }

    fn attr(&self, name: &str, kind: AttrKind, v: Option<Arg>) -> Result<Value, String> {
        match kind {
            AttrKind::Plain if name == "func_name" => Ok(json!(self.func_name)),
            AttrKind::Plain => match v {
                Some(Arg::Str(s)) if name.ends_with("buffer_index") => Err(format!(
                    "`{name}` names the buffer `{s}`; TVM's trace needs its index"
                )),
                Some(v) => literal(&v),
                None => Err(format!("no value for `{name}`")),
            },
            // TVM's default for the flags tirtui does not carry.
            AttrKind::Flag => Ok(json!(match v {
                Some(Arg::Bool(b)) => i64::from(b),
                Some(Arg::Int(i)) => i64::from(i != 0),
                _ => i64::from(name == "preserve_unit_iters"),
            })),
            AttrKind::IndexMap | AttrKind::BufferRef | AttrKind::BufferRefType => Err(format!(
                "`{name}` (an index map or buffer reference) is not written to JSON traces yet"
            )),
        }
    }
}

/// A literal value in TVM's JSON: numbers, strings, lists; NaN refused.
fn literal(v: &Arg) -> Result<Value, String> {
    Ok(match v {
        Arg::Null => Value::Null,
        Arg::Bool(b) => json!(i64::from(*b)),
        Arg::Int(i) => json!(i),
        Arg::Float(f) if f.is_finite() => json!(f),
        Arg::Float(f) => return Err(format!("the number {f} has no JSON form")),
        Arg::Str(s) => json!(s),
        Arg::List(items) => Value::Array(items.iter().map(literal).collect::<Result<_, _>>()?),
        Arg::Map(_) => {
            return Err("a dict value (an annotation's map) is not written to JSON traces".into())
        }
    })
}
