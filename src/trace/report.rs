//! Showing a schedule error: the expressions it names and the program with its
//! culprits marked are printed here, when the error is shown, never while a
//! primitive builds it (TVM: `ScheduleError::RenderReport`).

use crate::diag::{Diagnostic, Label, Snippet};
use crate::ir::{Expr, PrimFunc};
use crate::schedule::{Culprit, ScheduleError};

/// The error with every expression it names printed against `func`.
pub fn with_exprs_shown(e: &ScheduleError, func: &PrimFunc) -> ScheduleError {
    let mut e = e.clone();
    for x in e.exprs_mut() {
        if names_resolve(&x.expr, func) {
            x.shown = Some(crate::script::print_expr(func, &x.expr).into());
        }
    }
    e
}

/// Whether every variable and buffer `e` uses exists in `func` (an error from a
/// primitive's working copy may name one the program before the step lacks).
fn names_resolve(e: &Expr, func: &PrimFunc) -> bool {
    let mut ok = true;
    e.visit(&mut |x| match x {
        Expr::Var(v) => ok &= (v.0 as usize) < func.vars.len(),
        Expr::Load(b, _) => ok &= (b.0 as usize) < func.buffers.len(),
        _ => {}
    });
    ok
}

/// The one-line message, expressions printed.
pub fn message(e: &ScheduleError, func: &PrimFunc) -> String {
    with_exprs_shown(e, func).to_string()
}

/// The whole report: message, the program with the culprits marked, and the hint.
pub fn diagnostic(e: &ScheduleError, func: &PrimFunc) -> Diagnostic {
    if let ScheduleError::IllFormed(v) = e {
        // The ill-formed result is what needs marking, not the program before.
        return v.to_diagnostic();
    }
    if let ScheduleError::BadIndexMap { text, span, why } = e {
        // The lambda is the culprit: show it with the spot marked.
        return Diagnostic::new(format!("index map: {why}"))
            .with_snippet(Snippet {
                text: text.clone(),
                labels: vec![Label {
                    span: *span,
                    message: why.clone(),
                }],
                whole: true,
            })
            .with_help("an index map is TVM's lambda over the buffer's indices, e.g. `lambda i, j: (i // 16, j // 16, i % 16, j % 16)`: integer + - * // % of the parameters, one output per new axis");
    }
    let printed = crate::script::print_func_marked(func);
    let mut labels = Vec::new();
    for c in e.culprits() {
        let span = match &c {
            Culprit::Block(id, _) => printed
                .blocks
                .iter()
                .find(|(b, _, _)| b == id)
                .map(|(_, s, _)| *s),
            Culprit::Loop(id, _) => printed.loops.iter().find(|(l, _)| l == id).map(|(_, s)| *s),
        };
        if let Some(span) = span {
            labels.push(Label {
                span,
                message: c.to_string(),
            });
        }
    }
    let mut d = Diagnostic::new(message(e, func));
    if !labels.is_empty() {
        d = d.with_snippet(Snippet {
            text: printed.text,
            labels,
            whole: true,
        });
    }
    if let Some(h) = e.hint() {
        d = d.with_help(h);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::primitive::get_block_loop::{get_block_by_name, get_loops};
    use crate::schedule::ErrorExpr;

    const SRC: &str = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[vi]
"#;

    #[test]
    fn expressions_are_printed_when_shown() {
        let func = crate::script::parse_func(SRC, None).unwrap();
        let lp = get_loops(&func, get_block_by_name(&func, "B").unwrap()).unwrap()[0];
        let i = func.find_loop(lp).unwrap().var;
        let e = ScheduleError::LoopNotStartWithZero(
            crate::schedule::analysis::loop_culprit(&func, lp),
            ErrorExpr::new(&Expr::add(Expr::var(i), Expr::int(1))),
        );
        // Built without printing; the program-free form does not guess.
        assert!(
            e.to_string().ends_with("(it starts at an expression)"),
            "{e}"
        );
        assert!(message(&e, &func).ends_with("(it starts at i + 1)"));
        let d = diagnostic(&e, &func).render();
        assert!(d.contains("for i in range(16)"), "{d}");
    }
}
