//! Writing a [`SparseFunc`] back as SparseTIR writes it (`print` then `parse`
//! gives the same function, spans aside).

use super::{AxisKind, Param, SExpr, Size, SparseFunc, Store};
use std::fmt::Write;

/// The whole file: the import, the module constants and the function.
pub fn print(f: &SparseFunc) -> String {
    let mut out = String::from("from tvm.script import tir as T\n\n");
    for (name, value) in &f.consts {
        let _ = writeln!(out, "{name} = {value}");
    }
    out.push_str("\n\n@T.prim_func\n");
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| match p {
            Param::Handle(n) => format!("{n}: T.handle"),
            Param::Size(n, t) => format!("{n}: T.{t}"),
        })
        .collect();
    let _ = writeln!(out, "def {}({}):", f.name, params.join(", "));
    let hyb = f
        .hyb
        .as_ref()
        .map(|h| format!(", \"{}\": \"{h}\"", super::HYB_ATTR))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "    T.func_attr({{\"global_symbol\": \"main\", \"tir.noalias\": True, \"sparse_tir_level\": 2{hyb}}})"
    );
    for a in &f.axes {
        let t = &a.idtype;
        let decl = match &a.kind {
            AxisKind::DenseFixed { length } => format!("T.dense_fixed({}, \"{t}\")", size(length)),
            AxisKind::DenseVariable {
                parent,
                length,
                nnz,
                indptr,
            } => format!(
                "T.dense_variable({parent}, ({}, {}), {indptr}, \"{t}\")",
                size(length),
                size(nnz)
            ),
            AxisKind::SparseFixed {
                parent,
                length,
                nnz_cols,
                indices,
            } => format!(
                "T.sparse_fixed({parent}, ({}, {}), {indices}, \"{t}\")",
                size(length),
                size(nnz_cols)
            ),
            AxisKind::SparseVariable {
                parent,
                length,
                nnz,
                indptr,
                indices,
            } => format!(
                "T.sparse_variable({parent}, ({}, {}), ({indptr}, {indices}), \"{t}\")",
                size(length),
                size(nnz)
            ),
        };
        let _ = writeln!(out, "    {} = {decl}", a.name);
    }
    for b in &f.buffers {
        let _ = writeln!(
            out,
            "    {} = T.match_sparse_buffer({}, ({}), \"{}\")",
            b.name,
            b.handle,
            tuple(&b.axes),
            b.dtype
        );
    }
    for it in &f.iters {
        let _ = writeln!(
            out,
            "    with T.sp_iter([{}], \"{}\", \"{}\") as [{}]:",
            it.axes.join(", "),
            it.kinds,
            it.name,
            it.vars.join(", ")
        );
        if !it.init.is_empty() {
            out.push_str("        with T.init():\n");
            for s in &it.init {
                let _ = writeln!(out, "            {}", store(s));
            }
        }
        for s in &it.body {
            let _ = writeln!(out, "        {}", store(s));
        }
    }
    out
}

fn size(s: &Size) -> String {
    match s {
        Size::Const(v) => v.to_string(),
        Size::Name(n) => n.clone(),
    }
}

/// `(I,)` for one axis, as Python needs.
fn tuple(items: &[String]) -> String {
    match items {
        [one] => format!("{one},"),
        _ => items.join(", "),
    }
}

fn store(s: &Store) -> String {
    format!(
        "{}[{}] = {}",
        s.buffer,
        s.indices.join(", "),
        expr(&s.value).0
    )
}

/// A float as Python writes it (always with a `.` or an exponent, so it reads back as a float).
pub(super) fn float(v: f64) -> String {
    let text = format!("{v:?}");
    if text.contains(['.', 'e', 'E']) || !v.is_finite() {
        text
    } else {
        format!("{text}.0")
    }
}

/// The text and its precedence (3 for atoms).
fn expr(e: &SExpr) -> (String, u8) {
    match e {
        SExpr::Load { buffer, indices } => (format!("{buffer}[{}]", indices.join(", ")), 3),
        SExpr::Float(v) => (float(*v), 3),
        SExpr::Int(v) => (v.to_string(), 3),
        SExpr::Typed(t, v) if t.starts_with("int") => (format!("T.{t}({})", *v as i64), 3),
        SExpr::Typed(t, v) => (format!("T.{t}({})", float(*v)), 3),
        SExpr::Neg(inner) => {
            let (text, p) = expr(inner);
            (
                if p < 3 {
                    format!("-({text})")
                } else {
                    format!("-{text}")
                },
                3,
            )
        }
        SExpr::Binary(op, a, b) => {
            let p = op.precedence();
            let (ta, pa) = expr(a);
            let (tb, pb) = expr(b);
            let left = if pa < p { format!("({ta})") } else { ta };
            // Left-associative: an equal-precedence right operand keeps its parentheses.
            let right = if pb <= p { format!("({tb})") } else { tb };
            (format!("{left} {} {right}", op.symbol()), p)
        }
    }
}
