//! Writing the files tirtui produces (sessions, `tune --out`, the explorer's
//! saves and its journal): one helper, so that every write refuses the same
//! things (issue 29). A write never goes through a symbolic link it was not
//! allowed to follow, never replaces a device, FIFO, socket or folder, never
//! replaces a file the caller says it must not (the session's own workload),
//! and lands atomically: a fresh temp file beside the target, then a rename.

use std::fs::{File, OpenOptions};
use std::io::{Error, ErrorKind, Write};
use std::path::{Path, PathBuf};

/// What a symbolic link at the path means for a write.
#[derive(Clone, Copy, Debug)]
pub enum Links {
    /// Refused: a default or derived path (`tune`'s `<session>_best.yaml`,
    /// the journal) may have been planted as a link to any file.
    Refuse,
    /// Followed when the file it leads to is a regular file whose current
    /// text passes the check (a session saved back through a link to a
    /// session); refused otherwise.
    FollowIf(fn(&str) -> bool),
}

/// The rules of one write.
#[derive(Clone, Copy, Debug)]
pub struct WriteRules<'a> {
    pub links: Links,
    /// Files the write must not replace, each with what it is for the
    /// message ("the session being tuned").
    pub not_over: &'a [(&'a Path, &'a str)],
}

impl WriteRules<'_> {
    /// Links refused, nothing else protected.
    pub const STRICT: WriteRules<'static> = WriteRules {
        links: Links::Refuse,
        not_over: &[],
    };
}

fn refuse(message: String) -> Error {
    Error::new(ErrorKind::InvalidInput, message)
}

/// Writes `bytes` to `path` under `rules`. An existing file keeps its
/// permissions. Errors say what was refused and why.
pub fn write_file(path: &Path, bytes: &[u8], rules: &WriteRules<'_>) -> Result<(), Error> {
    let target = check_target(path, rules)?;
    let (tmp, file) = create_temp(&target)?;
    let written = fill_and_rename(file, bytes, &tmp, &target);
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Writes the temp file, gives it the target's permissions, and renames it
/// over the target.
fn fill_and_rename(mut file: File, bytes: &[u8], tmp: &Path, target: &Path) -> Result<(), Error> {
    file.write_all(bytes)?;
    if let Ok(meta) = std::fs::metadata(target) {
        file.set_permissions(meta.permissions())?;
    }
    file.sync_all()?;
    // `rename` replaces a link that appeared since the check, never its target.
    std::fs::rename(tmp, target)
}

/// What `write_file` would replace, checked without writing (so a command
/// can refuse its output path before long work): the file itself, or where
/// an allowed link leads.
pub fn check_target(path: &Path, rules: &WriteRules<'_>) -> Result<PathBuf, Error> {
    let target = target_of(path, rules.links)?;
    for (other, what) in rules.not_over {
        if same_file(&target, other) {
            return Err(refuse(format!(
                "{} is {what}: tirtui does not write over it; name another file",
                path.display()
            )));
        }
    }
    Ok(target)
}

/// The file a write to `path` replaces: `path` itself, or where an allowed
/// link leads. Refuses links that are not allowed and files that are not
/// regular.
fn target_of(path: &Path, links: Links) -> Result<PathBuf, Error> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e),
    };
    if meta.file_type().is_symlink() {
        let to = std::fs::read_link(path)
            .map(|t| t.display().to_string())
            .unwrap_or_else(|_| "?".into());
        let check = match links {
            Links::Refuse => {
                return Err(refuse(format!(
                    "{} is a symbolic link (to {to}); tirtui does not write through a link at \
                     this path: remove the link or name the file itself",
                    path.display()
                )))
            }
            Links::FollowIf(check) => check,
        };
        let target = std::fs::canonicalize(path).map_err(|e| {
            refuse(format!(
                "{} is a symbolic link (to {to}) that leads nowhere readable: {e}",
                path.display()
            ))
        })?;
        let accepted = std::fs::symlink_metadata(&target).is_ok_and(|m| m.is_file())
            && super::read_text(&target).is_ok_and(|t| check(&t));
        if !accepted {
            return Err(refuse(format!(
                "{} is a symbolic link to {}, which is not a file tirtui wrote: not followed; \
                 remove the link or name another file",
                path.display(),
                target.display()
            )));
        }
        return Ok(target);
    }
    if !meta.is_file() {
        return Err(refuse(format!(
            "{} is {}; tirtui writes only regular files",
            path.display(),
            super::kind_of(&meta)
        )));
    }
    Ok(path.to_path_buf())
}

/// A new temp file beside `target` (`.NAME.tmpPID`, else with a counter):
/// created exclusively, so a file or link planted at that name is never
/// opened.
fn create_temp(target: &Path) -> Result<(PathBuf, File), Error> {
    let first = temp_path(target, std::process::id());
    let mut last_error = None;
    for n in 0..16 {
        let tmp = if n == 0 {
            first.clone()
        } else {
            let mut name = first.clone().into_os_string();
            name.push(format!(".{n}"));
            PathBuf::from(name)
        };
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => last_error = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last_error.unwrap_or_else(|| Error::other("no free temp file name")))
}

/// The temp file a write by process `pid` starts with before the rename.
pub fn temp_path(path: &Path, pid: u32) -> PathBuf {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "session".into());
    dir.join(format!(".{name}.tmp{pid}"))
}

/// Whether two paths name one existing file (through links, `..`, hard links).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tirtui-write-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg(unix)]
    #[test]
    fn links_are_refused_or_followed_only_to_accepted_files() {
        let dir = scratch("links");
        let victim = dir.join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let link = dir.join("out.yaml");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let e = write_file(&link, b"new", &WriteRules::STRICT).unwrap_err();
        assert!(e.to_string().contains("symbolic link"), "{e}");
        let follow = WriteRules {
            links: Links::FollowIf(|t| t.starts_with("ok")),
            not_over: &[],
        };
        let e = write_file(&link, b"new", &follow).unwrap_err();
        assert!(e.to_string().contains("not followed"), "{e}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        std::fs::write(&victim, "ok before").unwrap();
        write_file(&link, b"ok after", &follow).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "ok after");
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn protected_files_and_folders_are_not_replaced() {
        let dir = scratch("protected");
        let workload = dir.join("w.tir");
        std::fs::write(&workload, "script").unwrap();
        let rules = WriteRules {
            links: Links::Refuse,
            not_over: &[(&workload, "the session's workload")],
        };
        let sub = dir.join("sub");
        std::fs::create_dir(&sub).unwrap();
        let e = write_file(&sub.join("../w.tir"), b"yaml", &rules).unwrap_err();
        assert!(e.to_string().contains("the session's workload"), "{e}");
        assert_eq!(std::fs::read_to_string(&workload).unwrap(), "script");
        let e = write_file(&sub, b"yaml", &rules).unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
        write_file(&dir.join("s.yaml"), b"yaml", &rules).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
