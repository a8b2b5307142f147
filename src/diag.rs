//! Human-readable diagnostics: one renderer for every stage's errors.
//!
//! Stages keep typed errors (ids, spans, step numbers); at the edge they turn
//! them into a `Diagnostic`, which renders as
//!
//! ```text
//! error: expected `:` after the loop header
//!   --> gemm.tir:12:31
//!    |
//! 12 |         for i in range(1024)
//!    |                             ^ expected `:`
//!    |
//! help: ...
//! ```
//!
//! May use: nothing (a leaf).

use std::fmt::Write;

/// A byte range in a source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// 1-based line and column of a byte offset (column counted in characters).
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A marked place in the shown text.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

/// What a diagnostic shows of the text it points into.
#[derive(Clone, Debug, PartialEq)]
pub struct Snippet {
    /// The text (a source file, or the printed TIR of a schedule state).
    pub text: String,
    pub labels: Vec<Label>,
    /// Show every line of `text` (the whole program) instead of only labelled lines.
    pub whole: bool,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Diagnostic {
    pub message: String,
    /// `file:line:col`, or `session.yaml, step 7`.
    pub origin: Option<String>,
    pub snippet: Option<Snippet>,
    pub notes: Vec<String>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            ..Diagnostic::default()
        }
    }

    pub fn with_origin(mut self, origin: impl Into<String>) -> Diagnostic {
        self.origin = Some(origin.into());
        self
    }

    pub fn with_snippet(mut self, snippet: Snippet) -> Diagnostic {
        self.snippet = Some(snippet);
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Renders as plain text (no colours), ending with a newline.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "error: {}", printable(&self.message));
        if let Some(origin) = &self.origin {
            let _ = writeln!(out, "  --> {}", printable(origin));
        }
        if let Some(snippet) = &self.snippet {
            render_snippet(&mut out, snippet);
        }
        for note in &self.notes {
            let _ = writeln!(out, "note: {}", indent_continuation(note));
        }
        if let Some(help) = &self.help {
            let _ = writeln!(out, "help: {}", indent_continuation(help));
        }
        out
    }
}

fn indent_continuation(text: &str) -> String {
    printable(text).replace('\n', "\n      ")
}

/// `text` safe to write to a terminal: control characters (which user input
/// may carry into messages: an escape sequence in a name would drive the
/// terminal) become their visible Unicode "control pictures", one character
/// for one so carets stay aligned. Newlines and tabs are kept.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let is_control = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| match c as u32 {
            _ if !is_control(c) => c,
            code @ 0..=0x1f => char::from_u32(0x2400 + code).unwrap_or('\u{fffd}'),
            0x7f => '\u{2421}',
            _ => '\u{fffd}',
        })
        .collect::<String>()
        .into()
}

fn render_snippet(out: &mut String, snippet: &Snippet) {
    let lines: Vec<&str> = snippet.text.split('\n').collect();
    // Map each label to (line index, start col, width) in characters.
    let mut marks: Vec<(usize, usize, usize, &str)> = Vec::new();
    for label in &snippet.labels {
        let (line, col) = line_col(&snippet.text, label.span.start);
        let line_idx = line - 1;
        let line_text = lines.get(line_idx).copied().unwrap_or("");
        let end = label.span.end.max(label.span.start + 1);
        let (end_line, end_col) = line_col(&snippet.text, end);
        let width = if end_line == line {
            end_col.saturating_sub(col).max(1)
        } else {
            (line_text.chars().count() + 1).saturating_sub(col).max(1)
        };
        marks.push((line_idx, col - 1, width, &label.message));
    }
    let shown: Vec<usize> = if snippet.whole {
        (0..lines.len()).collect()
    } else {
        let mut v: Vec<usize> = marks.iter().map(|m| m.0).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let gutter = shown
        .iter()
        .map(|l| (l + 1).to_string().len())
        .max()
        .unwrap_or(1);
    let pad = " ".repeat(gutter);
    let _ = writeln!(out, "{pad} |");
    for &idx in &shown {
        let text = lines.get(idx).copied().unwrap_or("");
        if snippet.whole && text.is_empty() && idx + 1 == lines.len() {
            continue;
        }
        // A CRLF file's lines end in `\r`: not worth showing.
        let text = printable(text.strip_suffix('\r').unwrap_or(text));
        let _ = writeln!(out, "{:>gutter$} | {}", idx + 1, text);
        for (_, col, width, msg) in marks.iter().filter(|m| m.0 == idx) {
            let mut line = format!("{pad} | {}{}", " ".repeat(*col), "^".repeat(*width));
            if !msg.is_empty() {
                line.push(' ');
                line.push_str(&printable(msg));
            }
            let _ = writeln!(out, "{line}");
        }
    }
    let _ = writeln!(out, "{pad} |");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_caret_under_span() {
        let text = "a = 1\nfor i in range(4)\n    pass\n";
        let start = text.find("range").unwrap();
        let d = Diagnostic::new("expected `:`")
            .with_origin("x.tir:2:10")
            .with_snippet(Snippet {
                text: text.to_string(),
                labels: vec![Label {
                    span: Span::new(start, start + 5),
                    message: "here".into(),
                }],
                whole: false,
            })
            .with_help("add a colon");
        let r = d.render();
        assert_eq!(
            r,
            "error: expected `:`\n  --> x.tir:2:10\n  |\n2 | for i in range(4)\n  |          ^^^^^ here\n  |\nhelp: add a colon\n"
        );
    }

    #[test]
    fn control_characters_are_shown_not_sent_to_the_terminal() {
        let text = "x = \u{1b}[2J\r\n";
        let d = Diagnostic::new("unknown name `\u{1b}[2J`\u{9b}")
            .with_snippet(Snippet {
                text: text.to_string(),
                labels: vec![Label {
                    span: Span::new(4, 8),
                    message: "bad \u{7}".into(),
                }],
                whole: false,
            })
            .with_help("x\u{0}");
        let r = d.render();
        assert!(!r.chars().any(|c| c.is_control() && c != '\n'), "{r:?}");
        assert!(r.contains("unknown name `\u{241b}[2J`\u{fffd}"), "{r}");
        assert!(r.contains("1 | x = \u{241b}[2J\n"), "{r}");
        assert!(r.contains("  |     ^^^^ bad \u{2407}"), "{r}");
    }

    #[test]
    fn line_col_counts_from_one() {
        assert_eq!(line_col("ab\ncd", 0), (1, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
        assert_eq!(line_col("ab", 99), (1, 3));
    }
}
