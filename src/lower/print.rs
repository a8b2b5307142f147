//! Text form of the lowered IR, in the style of TVMScript after lowering
//! (`T.allocate`, `T.launch_thread`, `T.tvm_storage_sync`), for tests and the TUI.
//!
//! Invariant: printing only; it knows `ir` and `lir`, nothing of CUDA.

use super::lir::{LStmt, Lowered};
use crate::ir::{BinOp, DataType, Expr, ForKind, Intrinsic, VarId};
use std::fmt::{self, Write};

impl fmt::Display for Lowered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        if let Some(l) = &self.launch {
            let _ = writeln!(
                out,
                "# launch: grid ({}, {}, {}), block ({}, {}, {})",
                l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2]
            );
        }
        if let Some(s) = &self.shared {
            let _ = writeln!(
                out,
                "# shared memory: {} bytes ({} before merging{})",
                s.bytes_after_merge,
                s.bytes_before_merge,
                if s.merged { ", one pool" } else { "" }
            );
            for slot in &s.slots {
                let b = self.buffer(slot.buffer);
                let at = if s.merged {
                    format!(" at offset {}", slot.offset)
                } else {
                    String::new()
                };
                let _ = writeln!(out, "#   {}: {} bytes{at}", b.name, slot.bytes);
            }
        }
        let params: Vec<String> = self
            .params
            .iter()
            .map(|p| match (p.buffer, p.var) {
                (Some(b), _) => {
                    let buf = self.buffer(b);
                    let shape: Vec<String> = buf.shape.iter().map(|e| self.expr(e)).collect();
                    let comma = if shape.len() == 1 { "," } else { "" };
                    format!(
                        "{}: T.Buffer(({}{comma}), \"{}\")",
                        buf.name,
                        shape.join(", "),
                        buf.dtype
                    )
                }
                (None, Some(v)) => format!("{}: T.{}", self.var_name(v), self.var_dtype(v)),
                (None, None) => p.name.clone(),
            })
            .collect();
        let _ = writeln!(out, "def {}({}):", self.name, params.join(", "));
        if let Some(l) = &self.launch {
            for (axis, _) in &l.thread_vars {
                let ext = match axis {
                    crate::ir::ThreadAxis::BlockIdx(d) => l.grid[*d as usize % 3],
                    crate::ir::ThreadAxis::ThreadIdx(d) => l.block[*d as usize % 3],
                    crate::ir::ThreadAxis::VThread(_) => 1,
                };
                let _ = writeln!(out, "    T.launch_thread(\"{}\", {ext})", axis.tag());
            }
        }
        if let Some(s) = &self.shared {
            for slot in &s.slots {
                let b = self.buffer(slot.buffer);
                let _ = writeln!(
                    out,
                    "    {} = T.allocate([{}], \"{}\", \"{}\")",
                    b.name,
                    b.shape
                        .iter()
                        .map(|e| self.expr(e))
                        .collect::<Vec<_>>()
                        .join(", "),
                    b.dtype,
                    b.scope.name()
                );
            }
        }
        self.stmt(&mut out, &self.body, 1);
        f.write_str(&out)
    }
}

impl Lowered {
    fn stmt(&self, out: &mut String, s: &LStmt, level: usize) {
        let pad = "    ".repeat(level);
        match s {
            LStmt::Seq(v) => {
                if v.is_empty() {
                    let _ = writeln!(out, "{pad}T.evaluate(0)");
                }
                for c in v {
                    self.stmt(out, c, level);
                }
            }
            LStmt::For(l) => {
                let name = self.var_name(l.var);
                let range = if l.min.as_int() == Some(0) {
                    self.expr(&l.extent)
                } else {
                    format!("{}, {}", self.expr(&l.min), self.expr(&l.extent))
                };
                let head = match l.kind {
                    ForKind::Serial => format!("range({range})"),
                    ForKind::Parallel => format!("T.parallel({range})"),
                    ForKind::Vectorized => format!("T.vectorized({range})"),
                    ForKind::Unrolled => format!("T.unroll({range})"),
                    ForKind::ThreadBinding(a) => {
                        format!("T.thread_binding({range}, thread=\"{}\")", a.tag())
                    }
                };
                let _ = writeln!(out, "{pad}for {name} in {head}:");
                self.stmt(out, &l.body, level + 1);
            }
            LStmt::If(i) => {
                let _ = writeln!(out, "{pad}if {}:", self.expr(&i.cond));
                self.stmt(out, &i.then_case, level + 1);
                if let Some(e) = &i.else_case {
                    let _ = writeln!(out, "{pad}else:");
                    self.stmt(out, e, level + 1);
                }
            }
            LStmt::Store(st) => {
                let _ = writeln!(
                    out,
                    "{pad}{} = {}",
                    self.access(st.buffer, &st.indices),
                    self.expr(&st.value)
                );
            }
            LStmt::Let(l) => {
                let _ = writeln!(
                    out,
                    "{pad}{}: T.{} = {}",
                    self.var_name(l.var),
                    self.var_dtype(l.var),
                    self.expr(&l.value)
                );
                self.stmt(out, &l.body, level);
            }
            LStmt::Alloc(a) => {
                let b = self.buffer(a.buffer);
                let shape: Vec<String> = b.shape.iter().map(|e| self.expr(e)).collect();
                let _ = writeln!(
                    out,
                    "{pad}{} = T.allocate([{}], \"{}\", \"{}\")",
                    b.name,
                    shape.join(", "),
                    b.dtype,
                    b.scope.name()
                );
                self.stmt(out, &a.body, level);
            }
            LStmt::Block(b) => {
                let _ = writeln!(out, "{pad}# block \"{}\"", b.name);
                self.stmt(out, &b.body, level);
            }
            LStmt::Sync => {
                let _ = writeln!(out, "{pad}T.tvm_storage_sync(\"shared\")");
            }
            LStmt::Async(b) => {
                let _ = writeln!(out, "{pad}with T.attr(0, \"async_scope\", 1):");
                self.stmt(out, b, level + 1);
            }
            LStmt::AsyncCommit => {
                let _ = writeln!(out, "{pad}T.ptx_commit_group()");
            }
            LStmt::AsyncWait(n) => {
                let _ = writeln!(out, "{pad}T.ptx_wait_group({n})");
            }
            LStmt::Evaluate(e) => {
                let _ = writeln!(out, "{pad}T.evaluate({})", self.expr(e));
            }
        }
    }

    fn access(&self, b: crate::ir::BufferId, indices: &[Expr]) -> String {
        let idx: Vec<String> = indices.iter().map(|e| self.expr(e)).collect();
        format!("{}[{}]", self.buffer(b).name, idx.join(", "))
    }

    fn name_of(&self, v: VarId) -> String {
        if let Some(l) = &self.launch {
            if let Some(axis) = l.axis_of(v) {
                return axis.tag();
            }
        }
        self.var_name(v).to_string()
    }

    /// An expression in TVMScript syntax with minimal parentheses.
    pub fn expr(&self, e: &Expr) -> String {
        self.expr_prec(e, 0)
    }

    fn expr_prec(&self, e: &Expr, outer: u8) -> String {
        match e {
            Expr::Int(v, t) => match t {
                DataType::Bool => if *v != 0 { "True" } else { "False" }.to_string(),
                DataType::I32 => {
                    if *v < 0 && outer > 0 {
                        format!("({v})")
                    } else {
                        v.to_string()
                    }
                }
                other => format!("T.{other}({v})"),
            },
            Expr::Float(v, t) => format!("T.{t}({})", float_text(*v)),
            Expr::Var(v) => self.name_of(*v),
            Expr::Binary(op, a, b) => {
                let (sym, prec) = match op {
                    BinOp::Add => ("+", 4),
                    BinOp::Sub => ("-", 4),
                    BinOp::Mul => ("*", 5),
                    BinOp::Div => ("/", 5),
                    BinOp::Mod => ("%", 5),
                    BinOp::FloorDiv => ("//", 5),
                    BinOp::FloorMod => ("%", 5),
                    BinOp::Eq => ("==", 3),
                    BinOp::Ne => ("!=", 3),
                    BinOp::Lt => ("<", 3),
                    BinOp::Le => ("<=", 3),
                    BinOp::Gt => (">", 3),
                    BinOp::Ge => (">=", 3),
                    BinOp::And => ("and", 2),
                    BinOp::Or => ("or", 1),
                    BinOp::Min | BinOp::Max => {
                        let name = if *op == BinOp::Min { "min" } else { "max" };
                        return format!("T.{name}({}, {})", self.expr(a), self.expr(b));
                    }
                };
                // Truncating division/modulo on integers have no Python operator.
                let is_int = self.dtype_of(a).is_int();
                if is_int && matches!(op, BinOp::Div | BinOp::Mod) {
                    let name = if *op == BinOp::Div {
                        "truncdiv"
                    } else {
                        "truncmod"
                    };
                    return format!("T.{name}({}, {})", self.expr(a), self.expr(b));
                }
                let text = format!(
                    "{} {sym} {}",
                    self.expr_prec(a, prec),
                    self.expr_prec(b, prec + 1)
                );
                if prec < outer {
                    format!("({text})")
                } else {
                    text
                }
            }
            Expr::Not(a) => {
                let text = format!("not {}", self.expr_prec(a, 6));
                if outer > 2 {
                    format!("({text})")
                } else {
                    text
                }
            }
            Expr::Select(c, a, b) => format!(
                "T.Select({}, {}, {})",
                self.expr(c),
                self.expr(a),
                self.expr(b)
            ),
            Expr::Cast(t, a) => format!("T.Cast(\"{t}\", {})", self.expr(a)),
            Expr::Load(b, idx) => self.access(*b, idx),
            Expr::Call(f, args) => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                let name = match f {
                    Intrinsic::IfThenElse => "if_then_else",
                    other => other.name(),
                };
                format!("T.{name}({})", args.join(", "))
            }
            // Lowering refuses builtins (`refuse_opaque_builtins`); a dump
            // of an earlier stage still shows them by name.
            Expr::Opaque(o) => match &**o {
                crate::ir::Opaque::Call { op, args, .. } => {
                    let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                    format!("T.{}({})", op.name(), args.join(", "))
                }
                other => other.describe(),
            },
        }
    }
}

/// A float as Python would print it (`0.0`, `1.5`, `1e-05`).
pub(crate) fn float_text(v: f64) -> String {
    if v.is_nan() {
        "T.nan".to_string()
    } else if v.is_infinite() {
        if v > 0.0 { "T.inf" } else { "-T.inf" }.to_string()
    } else if v == v.trunc() && v.abs() < 1e16 {
        format!("{v:.1}")
    } else {
        format!("{v}")
    }
}
