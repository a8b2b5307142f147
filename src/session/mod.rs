//! What both faces (`cli` and `tui`) stand on: loading what the user opens
//! (a workload or a session file, told apart by name and content) and building
//! a GPU run request for a scheduled kernel.
//!
//! Neither face reaches into the other; both call here. That includes the
//! config file both read (`config_path`, in the `toml` subset): the explorer's
//! keys and theme, and the GPU target (`gpu`).
//!
//! Invariant: knows the pipeline below it (`script`, `schedule`, `codegen`,
//! `runtime`, ...) and nothing of either face.
//!
//! May use: `codegen`, `diag`, `input`, `ir`, `runtime`, `schedule`, `script`, `sparse`.

pub mod gpu;
pub mod run;
pub mod toml;
pub mod workload;

use crate::diag::Diagnostic;
use crate::ir::PrimFunc;
use std::path::Path;

/// `$XDG_CONFIG_HOME/tirtui/keys.toml`, else `~/.config/tirtui/keys.toml`.
pub fn config_path() -> Option<std::path::PathBuf> {
    let base = match std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => std::path::PathBuf::from(dir),
        None => std::path::PathBuf::from(std::env::var_os("HOME")?).join(".config"),
    };
    Some(base.join("tirtui").join("keys.toml"))
}

/// Reads and parses a workload file, rendering any error for the terminal.
pub fn load_workload(path: &Path, func: Option<&str>) -> Result<PrimFunc, String> {
    let text = crate::input::read_text(path)
        .map_err(|e| Diagnostic::new(format!("cannot read {}: {e}", path.display())).render())?;
    parse_workload(&path.display().to_string(), &text, func)
}

/// Parses workload text; `name` is used in messages, which quote at most
/// `MAX_QUOTED_CHARS` of the offending line.
pub fn parse_workload(name: &str, text: &str, func: Option<&str>) -> Result<PrimFunc, String> {
    // A SparseTIR workload (docs/sparse.md) is lowered to TIR when read.
    crate::sparse::lower_source(text)
        .unwrap_or_else(|| crate::script::parse_func(text, func))
        .map_err(|e| cap_quotes(e.to_diagnostic(name, text)).render())
}

/// How a SparseTIR workload is read for a trace (docs/sparse.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseStages {
    /// Lowered when read: the trace records no stage step (sessions written
    /// before the stages were steps, and every other command).
    Implied,
    /// Held unlowered: the trace's steps lower it (`lower_sparse_iter`, ...).
    Recorded,
}

impl SparseStages {
    /// `Recorded` when any of a trace's ops is a sparse stage step.
    pub fn of<'a>(ops: impl IntoIterator<Item = &'a str>) -> SparseStages {
        if ops.into_iter().any(crate::sparse::stage::is_stage_op) {
            SparseStages::Recorded
        } else {
            SparseStages::Implied
        }
    }
}

/// A workload as read, before a function of it is chosen: a module of
/// TVMScript functions, or a SparseTIR workload as its one function (lowered
/// when read, or held unlowered for a trace that records its stages).
pub enum ParsedWorkload {
    Module(crate::ir::Module),
    Sparse(PrimFunc),
}

/// Reads workload text without choosing a function, so that a session's
/// steps can choose it (`work_on`); errors rendered as `parse_workload`'s.
pub fn parse_workload_module(
    name: &str,
    text: &str,
    stages: SparseStages,
) -> Result<ParsedWorkload, String> {
    let parsed = match (stages, crate::sparse::hold_source(text)) {
        (SparseStages::Recorded, Some(held)) => held.map(ParsedWorkload::Sparse),
        _ => match crate::sparse::lower_source(text) {
            Some(lowered) => lowered.map(ParsedWorkload::Sparse),
            None => crate::script::parse_module(text).map(ParsedWorkload::Module),
        },
    };
    parsed.map_err(|e| cap_quotes(e.to_diagnostic(name, text)).render())
}

/// The function `func` of a workload read by `parse_workload_module` (TVM's
/// default when `None`: `main`, else the only one), as `parse_workload`.
pub fn take_workload_func(
    name: &str,
    text: &str,
    parsed: ParsedWorkload,
    func: Option<&str>,
) -> Result<PrimFunc, String> {
    match parsed {
        ParsedWorkload::Sparse(f) => Ok(f),
        ParsedWorkload::Module(module) => crate::script::take_func(module, func)
            .map_err(|e| cap_quotes(e.to_diagnostic(name, text)).render()),
    }
}

/// Reads workload text and takes the function `choose` names from the
/// module (`None`: TVM's default); `choose` renders its own refusal.
pub fn parse_workload_chosen(
    name: &str,
    text: &str,
    stages: SparseStages,
    choose: impl FnOnce(&crate::ir::Module) -> Result<Option<String>, String>,
) -> Result<PrimFunc, String> {
    let parsed = parse_workload_module(name, text, stages)?;
    let func = match &parsed {
        ParsedWorkload::Module(module) => choose(module)?,
        ParsedWorkload::Sparse(_) => None,
    };
    take_workload_func(name, text, parsed, func.as_deref())
}

/// [`parse_workload`] for a trace: a SparseTIR workload is held unlowered
/// when the trace records its stages, lowered when read otherwise.
pub fn parse_workload_staged(
    name: &str,
    text: &str,
    func: Option<&str>,
    stages: SparseStages,
) -> Result<PrimFunc, String> {
    let parsed = parse_workload_module(name, text, stages)?;
    take_workload_func(name, text, parsed, func)
}

/// The most characters of a source line, and of a message, that an error
/// quotes (issue 29: a parse error must not copy a 16 MiB line into a log).
pub const MAX_QUOTED_CHARS: usize = 160;

/// `diag` with its message cut and its quoted line cut to a window around
/// the mark (line numbers kept).
fn cap_quotes(mut diag: Diagnostic) -> Diagnostic {
    diag.message = cut_chars(&diag.message, 0, 2 * MAX_QUOTED_CHARS);
    for note in &mut diag.notes {
        *note = cut_chars(note, 0, 2 * MAX_QUOTED_CHARS);
    }
    if let Some(help) = diag.help.as_mut() {
        *help = cut_chars(help, 0, 2 * MAX_QUOTED_CHARS);
    }
    if let Some(snippet) = diag.snippet.as_mut().filter(|s| !s.whole) {
        for label in &mut snippet.labels {
            label.message = cut_chars(&label.message, 0, MAX_QUOTED_CHARS);
        }
        if let Some(label) = snippet.labels.first().cloned() {
            let (line, col) = crate::diag::line_col(&snippet.text, label.span.start);
            let line_text = snippet.text.split('\n').nth(line - 1).unwrap_or("");
            if line_text.chars().count() > MAX_QUOTED_CHARS {
                let from = (col - 1).saturating_sub(MAX_QUOTED_CHARS / 2);
                let window = cut_chars(line_text, from, MAX_QUOTED_CHARS);
                let lead = "\n".repeat(line - 1);
                // The mark's place in the window ("…" is 3 bytes).
                let before: usize = line_text
                    .chars()
                    .skip(from)
                    .take(col - 1 - from)
                    .map(char::len_utf8)
                    .sum();
                let start = lead.len() + before + if from > 0 { 3 } else { 0 };
                let width =
                    (label.span.end.saturating_sub(label.span.start)).min(MAX_QUOTED_CHARS / 2);
                snippet.text = format!("{lead}{window}");
                let end = (start + width).min(snippet.text.len());
                snippet.labels = vec![crate::diag::Label {
                    span: crate::diag::Span::new(start, end.max(start)),
                    message: label.message,
                }];
            }
        }
    }
    diag
}

/// At most `max` characters of `text` from character `from`, with "…" where cut.
fn cut_chars(text: &str, from: usize, max: usize) -> String {
    let total = text.chars().count();
    if from == 0 && total <= max {
        return text.to_string();
    }
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.extend(text.chars().skip(from).take(max));
    if from + max < total {
        out.push('…');
    }
    out
}

/// What a file given on the command line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// TVMScript (`.tir`, `.py`).
    Workload,
    /// A session YAML (`.yaml`, `.yml`).
    Session,
}

impl FileKind {
    /// By extension first; an unknown extension is decided by the content
    /// (a session starts with a `tirtui:` key).
    pub fn of(path: &Path) -> FileKind {
        match path.extension().and_then(|e| e.to_str()) {
            Some("yaml" | "yml") => FileKind::Session,
            Some("tir" | "py") => FileKind::Workload,
            _ => match crate::input::read_text(path) {
                Ok(t) if looks_like_session(&t) => FileKind::Session,
                _ => FileKind::Workload,
            },
        }
    }
}

/// A session's text: a YAML mapping with the `tirtui:` version key.
pub fn looks_like_session(text: &str) -> bool {
    // A byte-order mark is not whitespace to `trim_start`; editors on Windows add one.
    text.trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .any(|l| l.starts_with("tirtui:"))
}

/// TVMScript's text: a decorated function or module.
pub fn looks_like_workload(text: &str) -> bool {
    text.contains("@T.prim_func") || text.contains("ir_module") || text.contains("from tvm.script")
}

/// The message for a session given where a workload belongs, and the reverse;
/// None when the content fits what was expected.
pub fn wrong_kind(path: &Path, text: &str, expected: FileKind) -> Option<String> {
    let shown = path.display();
    match expected {
        FileKind::Session if !looks_like_session(text) && looks_like_workload(text) => {
            Some(format!(
                "{shown} is a workload (TVMScript), not a session: open it with `tirtui {shown}`, \
             or replay a session whose `workload:` names it"
            ))
        }
        FileKind::Workload if looks_like_session(text) => Some(format!(
            "{shown} is a session (YAML), not a workload: `tirtui replay {shown} --emit tir` \
             prints its scheduled program"
        )),
        _ => None,
    }
}
