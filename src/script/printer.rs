//! The TVMScript printer: IR -> the classic TVMScript text TVM itself prints
//! (`T.block`, `T.Buffer((...), "dtype")`, `@T.prim_func`).
//!
//! TVM: src/script/printer/tir/*.cc. Invariant: prints the IR as it is (only the
//! `min + extent` ends of ranges are simplified), deterministically, and never
//! panics, even on malformed IR; names are made unique per scope so that
//! print -> parse -> print gives the same text. Knows `ir`, `arith` and `diag::Span`.

mod expr;
mod names;
mod scan;
mod stmt;
#[cfg(test)]
mod tests;

use crate::diag::Span;
use crate::ir::{BlockId, Expr, LoopId, Module, PrimFunc};

use stmt::FuncPrinter;

/// Printed text plus where each block and loop is, for error marks and the TUI's
/// cursor and colouring.
#[derive(Clone, Debug, PartialEq)]
pub struct Printed {
    pub text: String,
    /// Per block: the span of its `with T.block("name"):` text (no indentation; for
    /// the implicit root block, the text after `# ` in its comment line), and the
    /// first and last line (0-based) of the block: its header line through the last
    /// line of its body.
    pub blocks: Vec<(BlockId, Span, (usize, usize))>,
    /// Per loop: the span of its `for ...:` header; loops folded into one `T.grid`
    /// header each get the span of their own name in it.
    pub loops: Vec<(LoopId, Span)>,
}

impl Printed {
    /// The mark of a block, if it was printed.
    pub fn block(&self, id: BlockId) -> Option<(Span, (usize, usize))> {
        self.blocks
            .iter()
            .find(|(b, ..)| *b == id)
            .map(|&(_, span, lines)| (span, lines))
    }

    /// The span of a loop's header (or its name in a `T.grid` header).
    pub fn loop_span(&self, id: LoopId) -> Option<Span> {
        self.loops
            .iter()
            .find(|(l, _)| *l == id)
            .map(|&(_, span)| span)
    }
}

/// The attribute of a function held in another dialect's form (SparseTIR
/// before its lowering steps, `sparse::stage`): its text, printed instead of
/// the function's body, which holds no statement of its own (`T.evaluate(0)`)
/// until the stage steps lower it.
pub const SOURCE_TEXT_ATTR: &str = "tirtui.source_text";

fn held_text(f: &PrimFunc) -> Option<&str> {
    f.attrs.iter().find_map(|(k, v)| match v {
        crate::ir::AnnValue::Str(s) if k == SOURCE_TEXT_ATTR => Some(s.as_str()),
        _ => None,
    })
}

/// TVMScript of one function: header comment, decorator and `def`.
pub fn print_func(f: &PrimFunc) -> String {
    if let Some(text) = held_text(f) {
        return text.to_string();
    }
    FuncPrinter::new(f).print(true).text
}

/// [`print_func`] with the spans of every block and loop (a held function has none).
pub fn print_func_marked(f: &PrimFunc) -> Printed {
    if let Some(text) = held_text(f) {
        return Printed {
            text: text.to_string(),
            blocks: Vec::new(),
            loops: Vec::new(),
        };
    }
    let out = FuncPrinter::new(f).print(true);
    Printed {
        text: out.text,
        blocks: out.blocks,
        loops: out.loops,
    }
}

/// One function prints as [`print_func`]; several as an `@I.ir_module` class.
pub fn print_module(m: &Module) -> String {
    if let [f] = m.funcs.as_slice() {
        return print_func(f);
    }
    let mut out = String::from("# from tvm.script import ir as I\n");
    out.push_str("# from tvm.script import tir as T\n\n@I.ir_module\n");
    out.push_str(&format!(
        "class {}:\n",
        m.name.as_deref().unwrap_or("Module")
    ));
    if m.funcs.is_empty() {
        out.push_str("    pass\n");
    }
    for (i, f) in m.funcs.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for line in FuncPrinter::new(f).print(false).text.lines() {
            if !line.is_empty() {
                out.push_str("    ");
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// One expression as it appears in the printed function (with the function's
/// printed names, `_1` suffixes included).
pub fn print_expr(f: &PrimFunc, e: &Expr) -> String {
    let names = FuncPrinter::new(f).print(false).names;
    expr::ExprPrinter { f, names: &names }.expr(e)
}
