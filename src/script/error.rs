//! The one error type of the TVMScript front end (lexer, parser and builder).
//!
//! A `ParseError` holds a byte span into the source, a message, what was
//! expected there and an optional help line; `to_diagnostic` turns it into a
//! `diag::Diagnostic` with `file:line:col`, the line and a caret. It knows
//! nothing of the IR.

use crate::diag::{line_col, Diagnostic, Label, Snippet, Span};

/// Which stage found the problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Bad characters, strings, numbers or indentation.
    Lex,
    /// The text is not in the Python subset TVMScript uses.
    Syntax,
    /// Valid Python that is not valid TIR (unknown buffer, wrong arity, ...).
    Semantic,
    /// Nesting deeper than the parser allows.
    TooDeep,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    pub kind: ParseErrorKind,
    pub span: Span,
    pub message: String,
    /// What would have been accepted at `span` (tokens or names, already quoted).
    pub expected: Vec<String>,
    /// Text under the caret; empty means a generic "here".
    pub label: String,
    pub help: Option<String>,
}

impl ParseError {
    pub fn new(kind: ParseErrorKind, span: Span, message: impl Into<String>) -> ParseError {
        ParseError {
            kind,
            span,
            message: message.into(),
            expected: Vec::new(),
            label: String::new(),
            help: None,
        }
    }

    pub fn syntax(span: Span, message: impl Into<String>) -> ParseError {
        ParseError::new(ParseErrorKind::Syntax, span, message)
    }

    pub fn semantic(span: Span, message: impl Into<String>) -> ParseError {
        ParseError::new(ParseErrorKind::Semantic, span, message)
    }

    pub fn lex(span: Span, message: impl Into<String>) -> ParseError {
        ParseError::new(ParseErrorKind::Lex, span, message)
    }

    pub fn with_label(mut self, label: impl Into<String>) -> ParseError {
        self.label = label.into();
        self
    }

    pub fn with_expected<S: Into<String>>(
        mut self,
        expected: impl IntoIterator<Item = S>,
    ) -> ParseError {
        self.expected = expected.into_iter().map(Into::into).collect();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> ParseError {
        self.help = Some(help.into());
        self
    }

    /// Adds "did you mean" help when one of `candidates` is close to `name`.
    pub fn with_suggestion<'a>(
        self,
        name: &str,
        candidates: impl IntoIterator<Item = &'a str>,
        prefix: &str,
    ) -> ParseError {
        match closest(name, candidates) {
            Some(best) => self.with_help(format!("did you mean `{prefix}{best}`?")),
            None => self,
        }
    }

    /// The 1-based line and column of the error in `src`.
    pub fn line_col(&self, src: &str) -> (usize, usize) {
        line_col(src, self.span.start)
    }

    /// Renders as `file:line:col`, the offending line with a caret, and what was expected.
    pub fn to_diagnostic(&self, file_name: &str, src: &str) -> Diagnostic {
        let (line, col) = self.line_col(src);
        let label = if self.label.is_empty() {
            "here".to_string()
        } else {
            self.label.clone()
        };
        let mut diag = Diagnostic::new(self.message.clone())
            .with_origin(format!("{file_name}:{line}:{col}"))
            .with_snippet(Snippet {
                text: src.to_string(),
                labels: vec![Label {
                    span: self.span,
                    message: label,
                }],
                whole: false,
            });
        // A single expectation already spelled out in the message needs no note.
        let redundant =
            matches!(self.expected.as_slice(), [one] if self.message.contains(one.as_str()));
        if !self.expected.is_empty() && !redundant {
            diag = diag.with_note(format!("expected {}", join_alternatives(&self.expected)));
        }
        if let Some(help) = &self.help {
            diag = diag.with_help(help.clone());
        }
        diag
    }
}

/// `a`, `a or b`, `a, b or c`.
fn join_alternatives(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Names longer than this get no "did you mean" help.
const MAX_SUGGEST_LEN: usize = 128;

/// The candidate with the smallest edit distance, if it is close enough to be a typo.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // Names of one or two characters are too short for a useful guess, and one
    // far longer than any name is no typo (its distance would cost len x len).
    let len = name.chars().count();
    let limit = len / 3;
    if limit == 0 || len > MAX_SUGGEST_LEN {
        return None;
    }
    candidates
        .into_iter()
        // The distance is at least the difference in length.
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance in characters (also the explorer's "did you mean").
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

pub type Result<T> = std::result::Result<T, ParseError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostic_has_origin_caret_and_expected() {
        let src = "for i in range(4)\n    pass\n";
        let err = ParseError::syntax(Span::new(17, 18), "expected `:` after the for header")
            .with_label("expected `:`")
            .with_expected(["`:`"]);
        let text = err.to_diagnostic("x.tir", src).render();
        assert_eq!(
            text,
            "error: expected `:` after the for header\n  --> x.tir:1:18\n  |\n1 | for i in range(4)\n  |                  ^ expected `:`\n  |\n"
        );
        let err = ParseError::semantic(Span::new(0, 3), "bad loop")
            .with_expected(["`range`", "`T.grid`"])
            .with_help("see the docs");
        let text = err.to_diagnostic("x.tir", src).render();
        assert!(
            text.ends_with("  |\nnote: expected `range` or `T.grid`\nhelp: see the docs\n"),
            "{text}"
        );
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(closest("flaot32", ["float32", "int32"]), Some("float32"));
        assert_eq!(closest("xyz", ["float32", "int32"]), None);
        // A huge name is not compared (it used to take len x len steps per candidate).
        let huge = "f".repeat(100_000);
        assert_eq!(closest(&huge, [huge.as_str()]), None);
        assert_eq!(
            join_alternatives(&["a".into(), "b".into(), "c".into()]),
            "a, b or c"
        );
    }
}
