//! The crash-safe journal: the unsaved trace of an open file, written
//! atomically after every change so that a killed terminal loses nothing.
//!
//! One journal per opened file, under `$XDG_STATE_HOME/tirtui/journal/` (else
//! `~/.local/state/...`), named after the file's absolute path. It is a
//! session YAML (spec section 2) whose workload is an absolute path, so it can
//! be replayed on its own. Removed when the trace is saved or dropped.

use crate::trace::session::write_atomic;
use crate::trace::{Session, Step, Workload};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Journal {
    pub path: PathBuf,
}

/// The state folder: `$XDG_STATE_HOME/tirtui/journal`, else under `~/.local/state`.
fn state_dir() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_STATE_HOME").filter(|v| !v.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("HOME")?)
            .join(".local")
            .join("state"),
    };
    Some(base.join("tirtui").join("journal"))
}

impl Journal {
    /// The journal of an opened file; None when there is no state folder.
    pub fn for_file(opened: &Path) -> Option<Journal> {
        Some(Journal::in_dir(&state_dir()?, opened))
    }

    /// The journal of an opened file in a given folder (tests use their own).
    pub fn in_dir(dir: &Path, opened: &Path) -> Journal {
        let abs = std::fs::canonicalize(opened).unwrap_or_else(|_| opened.to_path_buf());
        let name: String = abs
            .to_string_lossy()
            .chars()
            .map(|c| {
                if c == '/' || c == '\\' || c == ':' {
                    '%'
                } else {
                    c
                }
            })
            .collect();
        Journal {
            path: dir.join(format!("{name}.yaml")),
        }
    }

    /// Writes the steps (atomically); errors are returned for the status bar.
    pub fn write(
        &self,
        workload: &Workload,
        func: Option<&str>,
        steps: &[Step],
        origin: &Path,
    ) -> Result<(), String> {
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("journal: cannot create {}: {e}", dir.display()))?;
        }
        let session = Session {
            workload: workload.clone(),
            func: func.map(str::to_string),
            steps: steps.to_vec(),
            results: Vec::new(),
        };
        let text = format!(
            "# tirtui journal of {} (unsaved steps)\n{}",
            origin.display(),
            session.to_yaml()
        );
        write_atomic(&self.path, &text).map_err(|e| format!("journal: {e}"))
    }

    /// The journal's steps, if there is a readable journal.
    pub fn read(&self) -> Option<Vec<Step>> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        Session::from_yaml(&text, &self.path.display().to_string())
            .ok()
            .map(|s| s.steps)
    }

    pub fn remove(&self) {
        // A journal that cannot be removed is only offered again next time.
        let _ = std::fs::remove_file(&self.path);
    }
}
