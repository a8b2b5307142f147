//! The open document: workload, trace, the printed TIR after every step, the
//! saved state and the journal.
//!
//! Every change of the program goes through here, so the printed texts, the
//! line index, the version counter and the journal never disagree with the
//! trace. Steps are applied to a copy of the trace first: a failing step (or a
//! failing prelude) leaves everything as it was.

// StepError is the trace's own (large) error type, passed through as is.
#![allow(clippy::result_large_err)]

use super::journal::Journal;
use super::targets::LineIndex;
use crate::script::{print_func, print_func_marked, Printed};
use crate::trace::{Session, Step, StepError, Trace, Workload};
use std::path::{Component, Path, PathBuf};

pub struct Doc {
    /// The file given on the command line.
    pub opened: PathBuf,
    /// Where `save` writes; None until the first save of a `.tir`.
    pub session_path: Option<PathBuf>,
    /// The workload file (absolute when known), or None for an inline source.
    workload_file: Option<PathBuf>,
    pub workload_text: String,
    pub func_name: Option<String>,
    pub trace: Trace,
    /// The printed TIR after each prefix of the steps: `texts[0]` is the workload.
    pub texts: Vec<String>,
    pub printed: Printed,
    pub lines: LineIndex,
    /// The steps as saved (or as opened), to tell whether there are unsaved ones.
    saved_yaml: String,
    /// Bumped on every change of the program (caches key on it).
    pub version: u64,
    pub journal: Option<Journal>,
    /// Why the journal could not be written last time (for the status bar).
    pub journal_error: Option<String>,
    /// The session's `results:` (last measured time per device), written on save.
    pub results: Vec<crate::trace::RecordedResult>,
}

/// A document just opened: a step that failed while replaying a session, and
/// the steps of a journal left by an earlier run, to offer.
pub struct Opened {
    pub doc: Doc,
    pub failed: Option<StepError>,
    pub journal_steps: Option<Vec<Step>>,
}

fn steps_yaml(steps: &[Step]) -> String {
    steps.iter().map(|s| s.to_yaml() + "\n").collect()
}

impl Doc {
    /// Opens a `.tir` workload or a session `.yaml`, journaling to `journal`.
    /// Errors come rendered.
    pub fn open(path: &Path, journal: Option<Journal>) -> Result<Opened, String> {
        let is_session = matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        );
        let (workload_file, text, func_name, steps, session_path) = if is_session {
            let session = Session::load(path)
                .map_err(|e| crate::diag::Diagnostic::new(e.to_string()).render())?;
            let (_, text) = session
                .workload_source(Some(path))
                .map_err(|e| crate::diag::Diagnostic::new(e.to_string()).render())?;
            let file = match &session.workload {
                Workload::Path(p) => {
                    let full = crate::trace::session::resolve(Some(path), p);
                    Some(std::fs::canonicalize(&full).unwrap_or(full))
                }
                Workload::Inline(_) => None,
            };
            (
                file,
                text,
                session.func.clone(),
                session.steps,
                Some(path.to_path_buf()),
            )
        } else {
            let text = std::fs::read_to_string(path).map_err(|e| {
                crate::diag::Diagnostic::new(format!("cannot read {}: {e}", path.display()))
                    .render()
            })?;
            let file = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            (Some(file), text, None, Vec::new(), None)
        };
        let name = workload_file
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| path.display().to_string());
        let workload = crate::cli::parse_workload(&name, &text, func_name.as_deref())?;
        let (trace, failed) = match Trace::replay(workload.clone(), &steps) {
            Ok(t) => (t, None),
            Err((mut t, e)) => {
                // Keep the steps that did not apply: redo offers them again.
                t.redo = steps[t.steps.len()..].iter().rev().cloned().collect();
                (t, Some(e))
            }
        };
        let saved_yaml = steps_yaml(&steps);
        let mut doc = Doc {
            opened: path.to_path_buf(),
            session_path,
            workload_file,
            workload_text: text,
            func_name,
            texts: Vec::new(),
            printed: print_func_marked(trace.func()),
            lines: LineIndex::default(),
            trace,
            saved_yaml,
            version: 0,
            journal,
            journal_error: None,
            results: Vec::new(),
        };
        if is_session {
            doc.results = Session::load(path).map(|s| s.results).unwrap_or_default();
        }
        doc.texts = doc.replay_texts();
        doc.lines = LineIndex::new(&doc.printed, doc.trace.func());
        let journal_steps = doc
            .journal
            .as_ref()
            .and_then(Journal::read)
            .filter(|s| steps_yaml(s) != doc.saved_yaml && !s.is_empty());
        if journal_steps.is_none() {
            if let Some(j) = &doc.journal {
                j.remove();
            }
        }
        Ok(Opened {
            doc,
            failed,
            journal_steps,
        })
    }

    /// The printed TIR after each prefix of the current steps.
    fn replay_texts(&self) -> Vec<String> {
        let mut t = Trace::new(self.trace.workload.clone());
        let mut texts = vec![print_func(t.func())];
        for s in &self.trace.steps {
            if t.push(s.clone()).is_err() {
                break;
            }
            texts.push(print_func(t.func()));
        }
        texts
    }

    pub fn name(&self) -> String {
        let p = self.session_path.as_ref().unwrap_or(&self.opened);
        p.file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| p.display().to_string())
    }

    pub fn unsaved(&self) -> bool {
        steps_yaml(&self.trace.steps) != self.saved_yaml
    }

    /// Applies steps as one change: all of them, or none.
    pub fn apply(&mut self, steps: Vec<Step>) -> Result<(), StepError> {
        let mut trace = self.trace.clone();
        let mut texts = Vec::new();
        for s in steps {
            trace.push(s)?;
            texts.push(print_func(trace.func()));
        }
        self.trace = trace;
        self.texts.extend(texts);
        self.changed();
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        if !self.trace.undo() {
            return false;
        }
        self.texts.truncate(self.trace.steps.len() + 1);
        self.changed();
        true
    }

    pub fn redo(&mut self) -> Result<bool, StepError> {
        if !self.trace.redo()? {
            return Ok(false);
        }
        self.texts.push(print_func(self.trace.func()));
        self.changed();
        Ok(true)
    }

    /// Replaces the steps (journal restore); on failure keeps the steps that applied.
    pub fn restore(&mut self, steps: &[Step]) -> Result<(), StepError> {
        let res = match Trace::replay(self.trace.workload.clone(), steps) {
            Ok(t) => {
                self.trace = t;
                Ok(())
            }
            Err((t, e)) => {
                self.trace = t;
                Err(e)
            }
        };
        self.texts = self.replay_texts();
        self.changed();
        res
    }

    fn changed(&mut self) {
        self.version += 1;
        self.printed = print_func_marked(self.trace.func());
        self.lines = LineIndex::new(&self.printed, self.trace.func());
        self.journal_error = self.write_journal();
    }

    /// The journal follows the trace: written while there are unsaved steps.
    fn write_journal(&self) -> Option<String> {
        let journal = self.journal.as_ref()?;
        if !self.unsaved() {
            journal.remove();
            return None;
        }
        let workload = match &self.workload_file {
            Some(p) => Workload::Path(p.display().to_string()),
            None => Workload::Inline(self.workload_text.clone()),
        };
        journal
            .write(
                &workload,
                self.func_name.as_deref(),
                &self.trace.steps,
                &self.opened,
            )
            .err()
    }

    /// Drops the journal (the user chose to lose the unsaved steps).
    pub fn discard_journal(&self) {
        if let Some(j) = &self.journal {
            j.remove();
        }
    }

    /// The session as it would be saved at `path`.
    pub fn session_for(&self, path: &Path) -> Session {
        let workload = match &self.workload_file {
            Some(w) => {
                let dir = path
                    .parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                Workload::Path(relative_path(w, dir))
            }
            None => Workload::Inline(self.workload_text.clone()),
        };
        Session {
            workload,
            func: self.func_name.clone(),
            steps: self.trace.steps.clone(),
            results: self.results.clone(),
        }
    }

    /// Saves to `path` (or the session path); returns where it went.
    pub fn save(&mut self, path: Option<&Path>) -> Result<PathBuf, String> {
        let path = match path.or(self.session_path.as_deref()) {
            Some(p) => p.to_path_buf(),
            None => return Err("no session path yet".into()),
        };
        self.session_for(&path)
            .save(&path)
            .map_err(|e| e.to_string())?;
        self.session_path = Some(path.clone());
        self.saved_yaml = steps_yaml(&self.trace.steps);
        self.discard_journal();
        Ok(path)
    }

    /// A suggested path for the first save: `<workload stem>.yaml` beside it,
    /// not overwriting an existing file.
    pub fn suggested_save_path(&self) -> String {
        let dir = self
            .opened
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let stem = self
            .opened
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_else(|| "session".into());
        let mut p = dir.join(format!("{stem}.yaml"));
        let mut k = 1;
        while p.exists() {
            p = dir.join(format!("{stem}_{k}.yaml"));
            k += 1;
        }
        p.display().to_string()
    }
}

/// `target` relative to the folder `base` (`../x/gemm.tir`), or absolute when
/// they share nothing.
pub fn relative_path(target: &Path, base: &Path) -> String {
    let abs = |p: &Path| {
        let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        if p.is_absolute() {
            p
        } else {
            std::env::current_dir().map(|d| d.join(&p)).unwrap_or(p)
        }
    };
    let (t, b) = (abs(target), abs(base));
    let tc: Vec<Component> = t.components().collect();
    let bc: Vec<Component> = b.components().collect();
    let common = tc.iter().zip(&bc).take_while(|(x, y)| x == y).count();
    if common <= 1 {
        return t.display().to_string();
    }
    let mut rel = PathBuf::new();
    for _ in common..bc.len() {
        rel.push("..");
    }
    for c in &tc[common..] {
        rel.push(c.as_os_str());
    }
    rel.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        assert_eq!(
            relative_path(Path::new("/a/b/c.tir"), Path::new("/a/b")),
            "c.tir"
        );
        assert_eq!(
            relative_path(Path::new("/a/b/c.tir"), Path::new("/a/d")),
            "../b/c.tir"
        );
        assert_eq!(
            relative_path(Path::new("/x/c.tir"), Path::new("/y")),
            "/x/c.tir"
        );
    }
}
