//! The crash-safe journal: the unsaved trace of an open file, written
//! atomically after every change so that a killed terminal loses nothing.
//!
//! One journal per session file (or per workload until its first save), under
//! `$XDG_STATE_HOME/tirtui/journal/` (else `~/.local/state/...`), named after
//! the file's absolute path; a path too long for a file name is shortened to
//! its last part plus a hash of the whole. It is a session YAML (spec section
//! 2) whose workload is an absolute path, so it can be replayed on its own.
//! Removed when the trace is saved or dropped, and kept when a restore fails.
//!
//! A lock file beside the journal (`NAME.lock`, holding the process id) tells
//! a second explorer on the same file that another one is journaling it.

use crate::trace::session::{process_alive, write_atomic};
use crate::trace::{Session, Step, Workload};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Journal {
    pub path: PathBuf,
    /// The folder journals live in (to re-key after a save under a new name).
    pub dir: PathBuf,
}

/// The longest journal file name we make (file systems allow 255 bytes).
const MAX_NAME_BYTES: usize = 200;

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

/// FNV-1a, 64 bits: stable across Rust versions (unlike `DefaultHasher`), so a
/// journal written by one build is found by the next.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The journal's file name for an absolute path.
fn journal_name(abs: &Path) -> String {
    let full: String = abs
        .to_string_lossy()
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | ':') {
                '%'
            } else {
                c
            }
        })
        .collect();
    if full.len() + ".yaml".len() <= MAX_NAME_BYTES {
        return format!("{full}.yaml");
    }
    // Keep the tail (the file's own name) readable, the hash tells paths apart.
    let hash = format!("{:016x}", fnv1a(abs.to_string_lossy().as_bytes()));
    let room = MAX_NAME_BYTES - hash.len() - ".yaml".len() - 1;
    let mut start = full.len() - room;
    while !full.is_char_boundary(start) {
        start += 1;
    }
    format!("{hash}-{}.yaml", &full[start..])
}

/// Absolute, with symlinks resolved when the file exists.
fn absolute(p: &Path) -> PathBuf {
    match std::fs::canonicalize(p) {
        Ok(c) => c,
        Err(_) if p.is_absolute() => p.to_path_buf(),
        Err(_) => std::env::current_dir()
            .map(|d| d.join(p))
            .unwrap_or_else(|_| p.to_path_buf()),
    }
}

impl Journal {
    /// The journal of an opened file; None when there is no state folder.
    pub fn for_file(opened: &Path) -> Option<Journal> {
        Some(Journal::in_dir(&state_dir()?, opened))
    }

    /// The journal of an opened file in a given folder (tests use their own).
    pub fn in_dir(dir: &Path, opened: &Path) -> Journal {
        Journal {
            path: dir.join(journal_name(&absolute(opened))),
            dir: dir.to_path_buf(),
        }
    }

    /// The same folder, keyed by another file (a session saved under a new name).
    pub fn rekeyed(&self, file: &Path) -> Journal {
        Journal::in_dir(&self.dir, file)
    }

    /// Writes the steps (atomically); errors are returned for the status bar.
    pub fn write(
        &self,
        workload: &Workload,
        func: Option<&str>,
        steps: &[Step],
        origin: &Path,
    ) -> Result<(), String> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("journal off: cannot create {}: {e}", self.dir.display()))?;
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
        write_atomic(&self.path, &text).map_err(|e| format!("journal off: {e}"))
    }

    /// The journal's steps, if there is a readable journal.
    pub fn read(&self) -> Option<Vec<Step>> {
        let text = crate::input::read_text(&self.path).ok()?;
        Session::from_yaml(&text, &self.path.display().to_string())
            .ok()
            .map(|s| s.steps)
    }

    pub fn remove(&self) {
        // A journal that cannot be removed is only offered again next time.
        let _ = std::fs::remove_file(&self.path);
    }

    /// Leftovers of a journal write that was killed: temp files of processes
    /// that are gone.
    pub fn remove_stray_temps(&self) -> usize {
        crate::trace::session::remove_stray_temps(&self.path)
    }

    fn lock_path(&self) -> PathBuf {
        let mut name = self.path.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        self.path.with_file_name(name)
    }

    /// Takes the lock; Err(pid) when another running tirtui holds it.
    pub fn lock(&self) -> Result<(), u32> {
        let lock = self.lock_path();
        if let Ok(text) = std::fs::read_to_string(&lock) {
            if let Ok(pid) = text.trim().parse::<u32>() {
                if pid != std::process::id() && process_alive(pid) {
                    return Err(pid);
                }
            }
        }
        let _ = std::fs::create_dir_all(&self.dir);
        // A stale lock (or anything planted at its name, a link included) is
        // removed, never written through; the new one is created, not opened.
        let _ = std::fs::remove_file(&lock);
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock)
        {
            use std::io::Write;
            let _ = f.write_all(std::process::id().to_string().as_bytes());
        }
        Ok(())
    }

    /// Drops the lock if this process holds it.
    pub fn unlock(&self) {
        let lock = self.lock_path();
        if std::fs::read_to_string(&lock).is_ok_and(|t| t.trim() == std::process::id().to_string())
        {
            let _ = std::fs::remove_file(lock);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(unix)]
    fn the_lock_never_writes_through_a_planted_link() {
        let dir = std::env::temp_dir().join(format!("tirtui-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, "keep me").unwrap();
        let j = Journal::in_dir(&dir, Path::new("/tmp/w.tir"));
        std::os::unix::fs::symlink(&victim, j.lock_path()).unwrap();
        j.lock().unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
        let lock = std::fs::symlink_metadata(j.lock_path()).unwrap();
        assert!(
            lock.file_type().is_file(),
            "the link was replaced by a file"
        );
        j.unlock();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn long_paths_get_short_names() {
        let long = PathBuf::from(format!("/{}/gemm.yaml", "d".repeat(300)));
        let name = journal_name(&long);
        assert!(name.len() <= MAX_NAME_BYTES, "{}", name.len());
        assert!(name.ends_with("gemm.yaml.yaml"));
        let other = PathBuf::from(format!("/{}/gemm.yaml", "e".repeat(300)));
        assert_ne!(journal_name(&other), name);
        assert_eq!(
            journal_name(Path::new("/a/b.yaml")),
            "%a%b.yaml.yaml",
            "short paths keep the readable name"
        );
    }
}
