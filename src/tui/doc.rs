//! The open document: workload, trace, the printed TIR after every step, the
//! saved state and the journal.
//!
//! Every change of the program goes through here, so the printed texts, the
//! line index, the version counter and the journal never disagree with the
//! trace. A change of several steps is all or nothing: a failing step (or a
//! failing prelude) is rolled back with the trace's own undo, which leaves
//! everything as it was without copying the trace (a copy per statement made
//! a long paste quadratic: issue 29).
//!
//! Nothing is ever dropped: steps of an opened session (or a restored
//! journal) that do not apply stay in `pending`, the first one marked failed;
//! they are saved and journaled after the applied ones, tried again after
//! every change, and removed only by the user.

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
    /// Steps that did not apply (the first one failed, with `pending_error`),
    /// kept after the applied ones.
    pub pending: Vec<Step>,
    pub pending_error: Option<String>,
    /// The steps as saved (or as opened), to tell whether there are unsaved ones.
    saved: Vec<String>,
    /// The session file's text as last read or written, to notice a change
    /// by someone else before overwriting it.
    disk_text: Option<String>,
    /// Bumped on every change of the program (caches key on it).
    pub version: u64,
    pub journal: Option<Journal>,
    /// Why the journal could not be written last time (for the status bar).
    pub journal_error: Option<String>,
    /// The session's `results:` (last measured time per device), written on save.
    pub results: Vec<crate::trace::RecordedResult>,
    /// Inside `begin_batch`/`end_batch` (a pasted script): changes are
    /// printed, indexed and journaled once, at the end.
    batch: Option<bool>,
    /// How many times the journal was written (tests count the fsyncs).
    pub journal_writes: u64,
}

/// A document just opened: a step that failed while replaying a session, and
/// the steps of a journal left by an earlier run, to offer.
pub struct Opened {
    pub doc: Doc,
    pub failed: Option<StepError>,
    pub journal_steps: Option<Vec<Step>>,
    /// Things to tell the user (another instance holds the journal ...).
    pub warnings: Vec<String>,
}

fn steps_yaml(steps: &[Step]) -> Vec<String> {
    steps.iter().map(Step::to_yaml).collect()
}

/// How many steps differ between two traces: those after their common prefix,
/// on either side (one undo is 1, one new step is 1, one changed step is 2).
pub fn changed_steps(now: &[String], saved: &[String]) -> usize {
    let common = now.iter().zip(saved).take_while(|(a, b)| a == b).count();
    (now.len() - common) + (saved.len() - common)
}

impl Doc {
    /// Opens a `.tir` workload or a session `.yaml`, journaling to `journal`.
    /// Errors come rendered.
    pub fn open(path: &Path, mut journal: Option<Journal>) -> Result<Opened, String> {
        let mut warnings = Vec::new();
        let is_session = crate::session::FileKind::of(path) == crate::session::FileKind::Session;
        if let Ok(text) = crate::input::read_text(path) {
            let expected = if is_session {
                crate::session::FileKind::Session
            } else {
                crate::session::FileKind::Workload
            };
            if let Some(msg) = crate::session::wrong_kind(path, &text, expected) {
                return Err(crate::diag::Diagnostic::new(msg).render());
            }
        }
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
            let text = crate::input::read_text(path).map_err(|e| {
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
        // A session's function is chosen as TVM's Schedule does (its
        // `func:`, a leading `work_on`, else `main` or the only one). A bare
        // SparseTIR workload opens unlowered, for its stage steps; a session
        // recording none replays on the workload lowered when read.
        let stages = if is_session {
            crate::session::SparseStages::of(steps.iter().map(|s| s.op.as_str()))
        } else {
            crate::session::SparseStages::Recorded
        };
        let origin = path.display().to_string();
        let workload = crate::session::parse_workload_chosen(&name, &text, stages, |module| {
            crate::trace::work_on::choose_session_func(module, func_name.as_deref(), &steps)
                .map_err(|e| e.to_diagnostic(&origin).render())
        })?;
        let (trace, failed, pending) = match Trace::replay(workload.clone(), &steps) {
            Ok(t) => (t, None, Vec::new()),
            Err((t, e)) => {
                // Keep the steps that did not apply, in place, marked failed.
                let rest = steps[t.steps.len()..].to_vec();
                (t, Some(e), rest)
            }
        };
        let pending_error = failed.as_ref().map(|e| e.to_string());
        let disk_text = session_path
            .as_ref()
            .and_then(|p| crate::input::read_text(p).ok());
        if let Some(p) = &session_path {
            crate::trace::session::remove_stray_temps(p);
        }
        if let Some(j) = &journal {
            j.remove_stray_temps();
            if let Err(pid) = j.lock() {
                warnings.push(format!(
                    "{} is open in another tirtui (process {pid}): this one keeps no journal, \
                     and saving asks before overwriting",
                    path.display()
                ));
                journal = None;
            }
        }
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
            pending,
            pending_error,
            saved: Vec::new(),
            disk_text,
            version: 0,
            journal,
            journal_error: None,
            results: Vec::new(),
            batch: None,
            journal_writes: 0,
        };
        if is_session {
            doc.results = Session::load(path).map(|s| s.results).unwrap_or_default();
        }
        doc.texts = doc.replay_texts();
        doc.lines = LineIndex::new(&doc.printed, doc.trace.func());
        // What was opened counts as saved, as the replay recorded it.
        doc.saved = steps_yaml(&doc.all_steps());
        let journal_steps = doc
            .journal
            .as_ref()
            .and_then(Journal::read)
            .filter(|s| steps_yaml(s) != doc.saved && !s.is_empty());
        if journal_steps.is_none() {
            if let Some(j) = &doc.journal {
                j.remove();
            }
        }
        Ok(Opened {
            doc,
            failed,
            journal_steps,
            warnings,
        })
    }

    /// Every step of the document: the applied ones, then the pending ones.
    pub fn all_steps(&self) -> Vec<Step> {
        let mut all = self.trace.steps.clone();
        all.extend(self.pending.iter().cloned());
        all
    }

    /// How many steps differ from the saved session (a true count).
    pub fn unsaved_count(&self) -> usize {
        changed_steps(&steps_yaml(&self.all_steps()), &self.saved)
    }

    /// How many of `steps` are not in the saved session.
    pub fn new_in(&self, steps: &[Step]) -> usize {
        let now = steps_yaml(steps);
        let common = now
            .iter()
            .zip(&self.saved)
            .take_while(|(a, b)| a == b)
            .count();
        now.len() - common
    }

    /// Tries the pending steps again, in order, until one fails.
    fn retry_pending(&mut self) {
        while let Some(first) = self.pending.first().cloned() {
            match self.trace.push(first) {
                Ok(()) => {
                    self.pending.remove(0);
                    self.texts.push(print_func(self.trace.func()));
                    self.pending_error = None;
                }
                Err(e) => {
                    self.pending_error = Some(e.to_string());
                    break;
                }
            }
        }
        if self.pending.is_empty() {
            self.pending_error = None;
        }
    }

    /// Removes the `k`-th pending step (0: the failed one), then tries the rest.
    pub fn remove_pending(&mut self, k: usize) -> Option<Step> {
        if k >= self.pending.len() {
            return None;
        }
        let removed = self.pending.remove(k);
        self.retry_pending();
        self.changed();
        Some(removed)
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
        steps_yaml(&self.all_steps()) != self.saved
    }

    /// Applies steps as one change: all of them, or none.
    pub fn apply(&mut self, steps: Vec<Step>) -> Result<(), StepError> {
        let before = self.trace.steps.len();
        // A new step clears the redo stack; a failed change must not.
        let redo = std::mem::take(&mut self.trace.redo);
        let mut texts = Vec::with_capacity(steps.len());
        for s in steps {
            if let Err(e) = self.trace.push(s) {
                self.roll_back(before);
                self.trace.redo = redo;
                return Err(e);
            }
            texts.push(print_func(self.trace.func()));
        }
        if self.trace.steps.len() == before {
            self.trace.redo = redo;
        }
        self.texts.extend(texts);
        // New steps go before the pending ones, which may apply now.
        self.retry_pending();
        self.changed();
        Ok(())
    }

    /// Takes the trace back to its first `len` steps (a change that failed
    /// half way). Undo restores the programs the steps replaced; should it
    /// fail (a step's meaning changed under it), the prefix is replayed.
    fn roll_back(&mut self, len: usize) {
        while self.trace.steps.len() > len {
            if !matches!(self.trace.try_undo(), Ok(true)) {
                let prefix = self.trace.steps[..len].to_vec();
                // Replay is deterministic: the prefix applied before. Were it
                // to fail too, the trace keeps what it has (nothing is lost).
                match Trace::replay(self.trace.workload.clone(), &prefix) {
                    Ok(t) => self.trace = t,
                    Err(_) => self.texts = self.replay_texts(),
                }
                return;
            }
        }
    }

    /// Undo by replay; a replay error leaves the trace exactly as it was.
    pub fn undo(&mut self) -> Result<bool, StepError> {
        if !self.trace.try_undo()? {
            return Ok(false);
        }
        self.texts.truncate(self.trace.steps.len() + 1);
        self.changed();
        Ok(true)
    }

    pub fn redo(&mut self) -> Result<bool, StepError> {
        if !self.trace.redo()? {
            return Ok(false);
        }
        self.texts.push(print_func(self.trace.func()));
        self.changed();
        Ok(true)
    }

    /// Replaces the steps (journal restore); the steps that do not apply
    /// are kept as pending (and so stay in the journal).
    pub fn restore(&mut self, steps: &[Step]) -> Result<(), StepError> {
        let res = match Trace::replay(self.trace.workload.clone(), steps) {
            Ok(t) => {
                self.trace = t;
                self.pending.clear();
                self.pending_error = None;
                Ok(())
            }
            Err((t, e)) => {
                self.pending = steps[t.steps.len()..].to_vec();
                self.pending_error = Some(e.to_string());
                self.trace = t;
                Err(e)
            }
        };
        self.texts = self.replay_texts();
        self.changed();
        res
    }

    /// Starts a batch of changes (the statements of a paste): the TIR is
    /// printed and the journal written (one fsync) once, by `end_batch`.
    pub fn begin_batch(&mut self) {
        self.batch = Some(false);
    }

    /// Ends a batch: what changed in it is printed and journaled now, so
    /// once the batch is reported, a kill loses none of it.
    pub fn end_batch(&mut self) {
        if self.batch.take() == Some(true) {
            self.changed();
        }
    }

    fn changed(&mut self) {
        if let Some(dirty) = &mut self.batch {
            *dirty = true;
            return;
        }
        self.version += 1;
        self.printed = print_func_marked(self.trace.func());
        self.lines = LineIndex::new(&self.printed, self.trace.func());
        self.journal_error = self.write_journal();
    }

    /// The journal follows the trace: written while there are unsaved steps.
    fn write_journal(&mut self) -> Option<String> {
        let journal = self.journal.as_ref()?;
        self.journal_writes += 1;
        if !self.unsaved() {
            journal.remove();
            return None;
        }
        let workload = match &self.workload_file {
            Some(p) => Workload::Path(p.display().to_string()),
            None => Workload::Inline(self.workload_text.clone()),
        };
        let origin = self.session_path.as_ref().unwrap_or(&self.opened);
        journal
            .write(
                &workload,
                self.func_name.as_deref(),
                &self.all_steps(),
                origin,
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
            steps: self.all_steps(),
            results: self.results.clone(),
        }
    }

    /// Why saving to `path` needs the user's yes first: None when `path` is
    /// this document's own session file, unchanged on disk since we read or
    /// wrote it (or a new file).
    pub fn overwrite_question(&self, path: &Path) -> Option<String> {
        let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => a == b,
        };
        if !path.exists() {
            return None;
        }
        let own = self.session_path.as_deref().is_some_and(|p| same(p, path));
        if !own {
            return Some(format!("{} exists: overwrite it?", path.display()));
        }
        let now = crate::input::read_text(path).ok();
        if self.disk_text.is_some() && now != self.disk_text {
            return Some(format!(
                "{} changed on disk since it was opened (another program or tirtui saved it): overwrite it?",
                path.display()
            ));
        }
        None
    }

    /// Whether `path` is the workload file itself (saving there would turn
    /// the TVMScript into YAML).
    pub fn is_workload_file(&self, path: &Path) -> bool {
        let Some(w) = &self.workload_file else {
            return false;
        };
        match std::fs::canonicalize(path) {
            Ok(p) => &p == w,
            Err(_) => false,
        }
    }

    /// Saves to `path` (or the session path); returns where it went.
    pub fn save(&mut self, path: Option<&Path>) -> Result<PathBuf, String> {
        let path = match path.or(self.session_path.as_deref()) {
            Some(p) => p.to_path_buf(),
            None => return Err("no session path yet".into()),
        };
        if self.is_workload_file(&path) {
            return Err(format!(
                "{} is the workload (TVMScript); save the session to a .yaml file",
                path.display()
            ));
        }
        self.session_for(&path)
            .save(&path)
            .map_err(|e| e.to_string())?;
        self.disk_text = crate::input::read_text(&path).ok();
        self.discard_journal();
        // The journal follows the session file from now on.
        let moved = self.session_path.as_deref() != Some(path.as_path());
        if moved {
            if let Some(j) = self.journal.take() {
                j.unlock();
                let new = j.rekeyed(&path);
                self.journal = match new.lock() {
                    Ok(()) => Some(new),
                    Err(_) => None,
                };
            }
        }
        self.session_path = Some(path.clone());
        self.saved = steps_yaml(&self.all_steps());
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

impl Drop for Doc {
    fn drop(&mut self) {
        if let Some(j) = &self.journal {
            j.unlock();
        }
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
