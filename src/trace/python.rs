//! The trace as a TVM Python script (`def apply_trace(sch): ...`).
//!
//! Sessions may come from anyone (issue 29), so the script is valid Python
//! whose meaning is the trace, whatever the session holds: names become
//! ASCII identifiers (renamed, the same way at every use, when they are not
//! one or clash with Python's keywords or the script's own names); strings
//! are Python literals with Python's escapes; a note or the origin path is
//! a comment per line with control characters written as escapes (no `\r`
//! ends it early, no terminal escape is written); a lambda is written only
//! when tirtui's index-map parser reads it, and on one line; NaN and the
//! infinities are `float("...")`.

use super::step::{op_spec, Arg, FieldKind, FieldSpec, Returns, Step};
use crate::schedule::primitive::index_map::IndexMap;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;
use thiserror::Error;

/// A step the script cannot say faithfully.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("step {step} (`{op}`): field `{field}`: {why}; the trace is not exported")]
pub struct ExportError {
    pub step: usize,
    pub op: String,
    pub field: String,
    pub why: String,
}

/// A script real TVM accepts: `apply_trace(tvm.tir.Schedule(mod))` replays the session.
/// The line an exported script binds `get_block` with, so that it runs before
/// and after TVM 0.25's rename; the Python-trace reader skips it.
pub const GET_BLOCK_ALIAS: &str =
    r#"get_block = getattr(sch, "get_sblock", None) or sch.get_block"#;

pub fn to_python(steps: &[Step], origin: &str) -> Result<String, ExportError> {
    let mut s = String::new();
    push_comment(
        &mut s,
        "",
        &format!("Trace exported by tirtui from {origin}"),
    );
    s.push_str("# Usage: sch = tvm.s_tir.Schedule(mod)  (tvm.tir.Schedule before TVM 0.25); apply_trace(sch)\n\n\n");
    s.push_str("def apply_trace(sch):\n");
    s.push_str("    # TVM 0.25+ renamed get_block to get_sblock; accept either.\n");
    s.push_str(&format!("    {GET_BLOCK_ALIAS}\n"));
    let mut names = Idents::default();
    // Block names that were not bound by a step are looked up once.
    let mut bound: FxHashSet<String> = FxHashSet::default();
    // Outputs of sampling steps: an `ann_val` naming one passes the variable.
    let mut sampled: FxHashSet<String> = FxHashSet::default();
    for (index, step) in steps.iter().enumerate() {
        let Some(spec) = op_spec(&step.op) else {
            continue;
        };
        let mut args = Vec::new();
        for field in &spec.fields {
            let Some(value) = step.arg(field.name) else {
                continue;
            };
            let explicit = step.explicit.iter().any(|e| e == field.name);
            let needed = explicit || field.default.is_none() || field.name == "decision";
            if !needed || (field.name == "decision" && matches!(value, Arg::Null)) {
                continue;
            }
            let fail = |why: String| ExportError {
                step: index + 1,
                op: step.op.clone(),
                field: field.name.to_string(),
                why,
            };
            let text = match (field.kind, value) {
                (FieldKind::Name, Arg::Str(n)) => handle(n, field, &bound, &mut names),
                // blockize's list of blocks.
                (FieldKind::Name, Arg::List(items)) => {
                    let parts: Vec<String> = items
                        .iter()
                        .map(|a| match a {
                            Arg::Str(n) => handle(n, field, &bound, &mut names),
                            other => literal(other),
                        })
                        .collect();
                    format!("[{}]", parts.join(", "))
                }
                (_, Arg::Str(n)) if field.name == "ann_val" && sampled.contains(n) => {
                    names.ident(n)
                }
                (FieldKind::Lambda | FieldKind::PadValue, Arg::Str(text)) => {
                    lambda(text).map_err(fail)?
                }
                (FieldKind::BufferRef, Arg::List(items)) => format!(
                    "({})",
                    items.iter().map(literal).collect::<Vec<_>>().join(", ")
                ),
                (FieldKind::Names | FieldKind::Factors, Arg::List(items)) => {
                    let parts: Vec<String> = items
                        .iter()
                        .map(|a| match a {
                            Arg::Str(n) => handle(n, field, &bound, &mut names),
                            other => literal(other),
                        })
                        .collect();
                    format!("[{}]", parts.join(", "))
                }
                _ => literal(value),
            };
            if field.varargs {
                // The list's items, as `*args`: exactly one pair of brackets off.
                let inner = text
                    .strip_prefix('[')
                    .and_then(|t| t.strip_suffix(']'))
                    .unwrap_or(&text);
                args.push(inner.to_string());
            } else {
                args.push(format!("{}={text}", field.name));
            }
        }
        let call = match spec.python_call {
            Some(callee) => format!("{callee}({})", args.join(", ")),
            None => format!("sch.{}({})", step.op, args.join(", ")),
        };
        let outs: Vec<String> = step.out.iter().map(|o| names.ident(o)).collect();
        let line = match (spec.returns, outs.len()) {
            (_, 0) => call,
            // One name for a list: the list's one element, as replay binds it.
            (Returns::Many, 1) => format!("[{}] = {call}", outs[0]),
            (Returns::Many, _) => format!("{} = {call}", outs.join(", ")),
            _ => format!("{} = {call}", outs[0]),
        };
        if let Some(note) = &step.note {
            push_comment(&mut s, "    ", note);
        }
        s.push_str("    ");
        s.push_str(&line);
        s.push('\n');
        bound.extend(step.out.iter().cloned());
        if spec.samples {
            sampled.extend(step.out.iter().cloned());
        }
    }
    s.push_str("    return sch\n");
    Ok(s)
}

/// A handle argument: an earlier `out` name, or a block looked up by name.
fn handle(name: &str, field: &FieldSpec, bound: &FxHashSet<String>, names: &mut Idents) -> String {
    if !bound.contains(name) && field.block_by_name {
        format!("get_block({})", py_str(name))
    } else {
        names.ident(name)
    }
}

/// Python keywords and the names the script itself uses.
const PY_RESERVED: &[&str] = &[
    "False",
    "None",
    "True",
    "__debug__",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "float",
    "for",
    "from",
    "get_block",
    "getattr",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "sch",
    "try",
    "while",
    "with",
    "yield",
];

/// Session names to Python identifiers, one for one.
#[derive(Default)]
struct Idents {
    map: FxHashMap<String, String>,
    taken: FxHashSet<String>,
}

impl Idents {
    /// `name` when it is an ASCII identifier no other name took; else a
    /// sanitized one (`b 0` -> `b_0`, `class` -> `class_`, `1x` -> `v_1x`),
    /// numbered when taken. (Non-ASCII names are sanitized too: Python
    /// folds identifiers by NFKC, so two different names could meet.)
    fn ident(&mut self, name: &str) -> String {
        if let Some(id) = self.map.get(name) {
            return id.clone();
        }
        let valid = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let mut base = if valid {
            name.to_string()
        } else {
            let s: String = name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            if s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                s
            } else {
                format!("v_{s}")
            }
        };
        if PY_RESERVED.contains(&base.as_str()) {
            base.push('_');
        }
        let mut id = base.clone();
        let mut n = 2;
        while self.taken.contains(&id) || PY_RESERVED.contains(&id.as_str()) {
            id = format!("{base}_{n}");
            n += 1;
        }
        self.taken.insert(id.clone());
        self.map.insert(name.to_string(), id.clone());
        id
    }
}

/// A Python literal of a value.
pub fn literal(v: &Arg) -> String {
    match v {
        Arg::Null => "None".into(),
        Arg::Bool(true) => "True".into(),
        Arg::Bool(false) => "False".into(),
        Arg::Int(i) => i.to_string(),
        Arg::Float(f) if f.is_nan() => "float(\"nan\")".into(),
        Arg::Float(f) if f.is_infinite() => if *f > 0.0 {
            "float(\"inf\")"
        } else {
            "-float(\"inf\")"
        }
        .into(),
        // Rust's shortest round-trip form (`1.0`, `1e-7`) is Python's float syntax too.
        Arg::Float(f) => format!("{f:?}"),
        Arg::Str(s) => py_str(s),
        Arg::List(items) => format!(
            "[{}]",
            items.iter().map(literal).collect::<Vec<_>>().join(", ")
        ),
        Arg::Map(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(k, v)| format!("{}: {}", py_str(k), literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A Python string literal: printable ASCII kept, everything else escaped
/// the way Python reads it (`\n`, `\x1b`, `\u2028`, `\U0001f600`).
pub fn py_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ' '..='~' => out.push(c),
            c => push_escape(&mut out, c),
        }
    }
    out.push('"');
    out
}

fn push_escape(out: &mut String, c: char) {
    let code = c as u32;
    let _ = match code {
        0..=0xff => write!(out, "\\x{code:02x}"),
        0x100..=0xffff => write!(out, "\\u{code:04x}"),
        _ => write!(out, "\\U{code:08x}"),
    };
}

/// `text` as `# ...` comment lines at `indent`: one per line of the text
/// (any of `\r\n`, `\r`, `\n`), other control and non-ASCII characters
/// written as escapes so a comment holds only printable ASCII.
fn push_comment(out: &mut String, indent: &str, text: &str) {
    let text = text.replace("\r\n", "\n");
    for line in text.split(['\n', '\r']) {
        out.push_str(indent);
        out.push('#');
        if !line.is_empty() {
            out.push(' ');
        }
        for c in line.chars() {
            match c {
                ' '..='~' => out.push(c),
                '\t' => out.push_str("    "),
                c => push_escape(out, c),
            }
        }
        out.push('\n');
    }
}

/// A lambda (`index_map`, `pad_value`) as code: only when tirtui's own
/// parser reads it (integer arithmetic over its parameters, no calls out of
/// reach), and on one line (its parser allows line breaks Python would not).
fn lambda(text: &str) -> Result<String, String> {
    if !text
        .chars()
        .all(|c| c.is_ascii_graphic() || c.is_ascii_whitespace())
    {
        return Err("a lambda is ASCII text".into());
    }
    // annotate_buffer_access's ranges (`[(b, e), p]`) are the other lambda form.
    if let Err(e) = IndexMap::parse(text) {
        crate::schedule::primitive::index_map::RangesMap::parse(text)
            .map_err(|_| format!("not a lambda tirtui reads: {}", e.why))?;
    }
    Ok(text.split_ascii_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_use_python_escapes() {
        assert_eq!(py_str("a\"b\\"), r#""a\"b\\""#);
        assert_eq!(py_str("\u{1b}[2J\u{7}\0"), r#""\x1b[2J\x07\x00""#);
        assert_eq!(py_str("\u{85}\u{2028}😀"), r#""\x85\u2028\U0001f600""#);
    }

    #[test]
    fn names_become_distinct_identifiers() {
        let mut ids = Idents::default();
        let got: Vec<String> = ["b 0", "b_0", "class", "sch", "1x", "é", "ok", "b 0"]
            .iter()
            .map(|n| ids.ident(n))
            .collect();
        assert_eq!(
            got,
            ["b_0", "b_0_2", "class_", "sch_", "v_1x", "_", "ok", "b_0"]
        );
    }

    #[test]
    fn comments_hold_one_line_each() {
        let mut s = String::new();
        push_comment(&mut s, "  ", "a\rimport os\r\nb\u{1b}[31m");
        assert_eq!(s, "  # a\n  # import os\n  # b\\x1b[31m\n");
    }

    #[test]
    fn lambdas_are_parsed_and_put_on_one_line() {
        assert_eq!(
            lambda("lambda i, j:\n  (j,\n i)").as_deref(),
            Ok("lambda i, j: (j, i)")
        );
        assert!(lambda("lambda i: __import__('os').system('x')").is_err());
        assert!(lambda("lambda i: (i,) # x\n").is_err());
    }
}
