//! Reading and appending `records.jsonl` without trusting what is on disk.
//!
//! The path is opened with `O_NONBLOCK` and checked to be a regular file by
//! `fstat` on the open descriptor (a FIFO would block `read` forever, a symlink
//! to `/dev/zero` never ends), and at most [`MAX_FILE_BYTES`] are read. Lines are
//! split on raw bytes, so a torn or non-UTF-8 line costs that line only.
//!
//! Appending goes through the write rules of `input::write` (issue 29): never
//! through a symbolic link planted at `records.jsonl` (the record would land
//! in whatever file it names), and with `O_NOFOLLOW`, so a link that appears
//! after the check is refused too.

use super::Record;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Far above what a user accumulates (a record is a few KB of session YAML).
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// A line of the file that was not loaded, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedLine {
    /// 1-based line number in the file.
    pub line: usize,
    pub reason: String,
}

/// Opens `path` without blocking (and with `extra_flags`) and refuses
/// anything but a regular file.
fn open_regular(
    path: &Path,
    options: &mut std::fs::OpenOptions,
    extra_flags: libc::c_int,
) -> Result<File, String> {
    let file = options
        .custom_flags(libc::O_NONBLOCK | extra_flags)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot inspect {}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!(
            "{} is not a regular file (a FIFO, device or folder); hint: move it away, \
             the database is a plain `records.jsonl`",
            path.display()
        ));
    }
    Ok(file)
}

/// The file's bytes, or `None` when it does not exist yet.
pub fn read_bounded(path: &Path) -> Result<Option<Vec<u8>>, String> {
    match path.symlink_metadata() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot inspect {}: {e}", path.display())),
        Ok(_) => {}
    }
    let file = open_regular(path, std::fs::OpenOptions::new().read(true), 0)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{} is larger than {} MiB; hint: keep the good records (`jq`) in a new file",
            path.display(),
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(Some(bytes))
}

/// The records of the file's lines, and the lines that were skipped.
pub fn parse_lines(bytes: &[u8]) -> (Vec<Record>, Vec<SkippedLine>) {
    let mut records = Vec::new();
    let mut skipped = Vec::new();
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        let text = match std::str::from_utf8(raw) {
            Ok(t) => t,
            Err(e) => {
                skipped.push(SkippedLine {
                    line,
                    reason: format!("not UTF-8 ({e})"),
                });
                continue;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        let record = match serde_json::from_str::<Record>(text) {
            Ok(r) => r,
            Err(e) => {
                skipped.push(SkippedLine {
                    line,
                    reason: format!("not a record ({e})"),
                });
                continue;
            }
        };
        match record.check_time() {
            Ok(()) => records.push(record),
            Err(reason) => skipped.push(SkippedLine { line, reason }),
        }
    }
    (records, skipped)
}

/// Appends one line; when the file ends in a torn line (no final newline) a
/// newline goes first, so the new record is not glued onto it.
pub fn append_line(path: &Path, line: &str) -> Result<(), String> {
    crate::input::write::check_target(path, &crate::input::write::WriteRules::STRICT)
        .map_err(|e| format!("cannot add a record: {e}"))?;
    let mut file = open_regular(
        path,
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .read(true),
        libc::O_NOFOLLOW,
    )?;
    let mut text = String::with_capacity(line.len() + 2);
    if ends_torn(&mut file).map_err(|e| format!("cannot read {}: {e}", path.display()))? {
        text.push('\n');
    }
    text.push_str(line);
    text.push('\n');
    // One write of the whole line: concurrent O_APPEND writers do not interleave.
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Whether the file is non-empty and its last byte is not a newline.
fn ends_torn(file: &mut File) -> std::io::Result<bool> {
    let len = file.seek(SeekFrom::End(0))?;
    if len == 0 {
        return Ok(false);
    }
    file.seek(SeekFrom::End(-1))?;
    let mut last = [0u8; 1];
    file.read_exact(&mut last)?;
    Ok(last[0] != b'\n')
}

/// `" (lines 3, 9)"`-style summary of skipped lines, for warnings.
pub fn describe_skipped(path: &Path, skipped: &[SkippedLine]) -> Option<String> {
    let first = skipped.first()?;
    let numbers: Vec<String> = skipped
        .iter()
        .take(10)
        .map(|s| s.line.to_string())
        .collect();
    let more = if skipped.len() > 10 { ", ..." } else { "" };
    Some(format!(
        "{}: skipped {} unreadable line{} (line{} {}{more}; line {}: {})",
        path.display(),
        skipped.len(),
        if skipped.len() == 1 { "" } else { "s" },
        if skipped.len() == 1 { "" } else { "s" },
        numbers.join(", "),
        first.line,
        first.reason
    ))
}
