//! A whole Python trace file read into a trace: what `print(sch.trace)` writes
//! (`def apply_trace(sch: s_tir.Schedule) -> None:` and its body) or a plain
//! script of `sch.<op>(...)` calls, as users write them. Straight-line code
//! only: a trace has no loops or branches, and saying so is better than
//! guessing what one would mean.

use thiserror::Error;

use super::exec::no_autobind;
use super::{split_statements, Outcome, PyEnv, PyFailure};
use crate::ir::PrimFunc;
use crate::trace::Trace;

/// A line of a Python trace that could not be applied.
#[derive(Debug, Error)]
#[error("line {line}: {}", self.message())]
pub struct PyTraceError {
    /// 1-based line of the file where the statement starts.
    pub line: usize,
    /// The statement as written.
    pub text: String,
    pub failure: PyFailure,
}

impl PyTraceError {
    /// The reason in one line (a step's error without the program).
    pub fn message(&self) -> String {
        match &self.failure {
            PyFailure::Text(t) => t.clone(),
            PyFailure::Step(e) => e.to_string(),
        }
    }
}

/// Python keywords that open a block: a trace is straight-line code.
const COMPOUND: [&str; 9] = [
    "for", "while", "if", "elif", "else", "with", "try", "class", "lambda",
];

/// Applies every schedule call of `src` to `workload`, in order.
pub fn read_trace_file(src: &str, workload: PrimFunc) -> Result<Trace, PyTraceError> {
    let mut trace = Trace::new(workload);
    let mut env = PyEnv::default();
    for (line, chunk) in logical_lines(src) {
        let fail = |failure: PyFailure| PyTraceError {
            line,
            text: chunk.trim().to_string(),
            failure,
        };
        let head = chunk.trim_start();
        let word = head
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        if word == "def" {
            // `def apply_trace(sch):`: its body follows, indented, and is the trace.
            continue;
        }
        if matches!(word, "return" | "pass") && head.trim_end().len() == word.len() {
            continue;
        }
        // `return sch`, as `--emit python` ends `apply_trace`.
        if word == "return" && is_identifier(head.trim_end()[word.len()..].trim()) {
            continue;
        }
        if is_get_block_alias(head) {
            // `--emit python`'s `get_block = getattr(sch, "get_sblock", None) or
            // sch.get_block`: calls to either name are `get_block` steps here.
            continue;
        }
        if COMPOUND.contains(&word) && !head.contains('=') {
            return Err(fail(PyFailure::Text(format!(
                "`{word}` is not supported in a trace file: a trace is a straight line of \
                 schedule calls (write the loop out, as `print(sch.trace)` does)"
            ))));
        }
        let statements = split_statements(&chunk).map_err(|e| fail(PyFailure::Text(e.message)))?;
        for text in statements {
            let outcome = env
                .statement(&text, &trace, &no_autobind)
                .map_err(|f| PyTraceError {
                    line,
                    text: text.clone(),
                    failure: f,
                })?;
            if let Outcome::Steps(steps) = outcome {
                for step in steps {
                    trace.push(step).map_err(|e| PyTraceError {
                        line,
                        text: text.clone(),
                        failure: PyFailure::Step(Box::new(e)),
                    })?;
                }
            }
        }
    }
    Ok(trace)
}

/// `--emit python`'s `get_block` alias (`trace::python::GET_BLOCK_ALIAS`), or
/// `get_block = sch.get_sblock`: an alias of the primitive, not a step.
fn is_get_block_alias(line: &str) -> bool {
    let compact = |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let line = compact(line);
    if line == compact(crate::trace::python::GET_BLOCK_ALIAS) {
        return true;
    }
    line.strip_prefix("get_block=")
        .or_else(|| line.strip_prefix("get_sblock="))
        .and_then(|value| value.split_once('.'))
        .is_some_and(|(obj, name)| is_identifier(obj) && matches!(name, "get_block" | "get_sblock"))
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// The file's lines joined where brackets are open or a line ends with `\`,
/// each with the 1-based number of its first line.
fn logical_lines(src: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut start = 1;
    let mut depth: i64 = 0;
    let mut quote: Option<char> = None;
    for (no, line) in src.lines().enumerate() {
        if cur.is_empty() {
            start = no + 1;
        }
        cur.push_str(line);
        cur.push('\n');
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            match (quote, c) {
                (Some(_), '\\') => {
                    chars.next();
                }
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '#') => break,
                (None, '"' | '\'') => quote = Some(c),
                (None, '(' | '[' | '{') => depth += 1,
                (None, ')' | ']' | '}') => depth -= 1,
                _ => {}
            }
        }
        // A string is never open across lines in a trace; an unclosed one is
        // the parser's error, on this line.
        quote = None;
        if depth <= 0 && !line.trim_end().ends_with('\\') {
            if !cur.trim().is_empty() {
                out.push((start, std::mem::take(&mut cur)));
            }
            cur.clear();
            depth = 0;
        }
    }
    if !cur.trim().is_empty() {
        out.push((start, cur));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{is_get_block_alias, logical_lines};

    #[test]
    fn the_exported_get_block_alias_is_recognised_and_nothing_else() {
        assert!(is_get_block_alias(
            r#"get_block = getattr(sch, "get_sblock", None) or sch.get_block"#
        ));
        assert!(is_get_block_alias("get_block = sch.get_sblock"));
        assert!(!is_get_block_alias(r#"b0 = get_block(name="y")"#));
        assert!(!is_get_block_alias(
            r#"get_block = getattr(sch, "split", None) or sch.get_block"#
        ));
        assert!(!is_get_block_alias("get_block = os.system"));
    }

    #[test]
    fn calls_spread_over_lines_are_one_logical_line() {
        let src = "a = 1\nb = sch.split(\n  l, [None,\n 16])  # (\nc = ')'\n\n";
        let got = logical_lines(src);
        let starts: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
        assert_eq!(starts, vec![1, 2, 5]);
        assert!(got[1].1.contains("16])"));
    }
}
