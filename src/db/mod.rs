//! The results database: every measurement (`replay --run`, `r` in the explorer,
//! `tune`) as one JSON object per line in `DIR/records.jsonl`.
//!
//! A record is keyed by a structural hash of (workload, trace with its decisions,
//! device + driver); a candidate whose key is already there is read, not re-run.
//!
//! Why JSON lines and not SQLite: the store is append-only (a tune killed by
//! Ctrl-C or a crash loses at most the torn last line, which loading skips), it
//! needs no C build (rusqlite's `bundled` compiles sqlite3.c), users can read,
//! grep and `jq` it, and the record counts a user accumulates (thousands) load
//! in milliseconds with a linear scan. What it gives up, indexes and concurrent
//! writers beyond `O_APPEND` single-line writes, a tuner does not need.
//!
//! MetaSchedule's JSON database is read and written by `metaschedule` (the
//! two files), `tvm_graph` (a workload as TVM's node graph), `tvm_compare`
//! (graphs read untrusted and compared structurally) and `tvm_trace` (a
//! trace in TVM's JSON form).
//!
//! May use: `input`, `ir`, `runtime`, `script`, `trace`.

pub mod file;
pub mod hash;
pub mod metaschedule;
pub mod tvm_compare;
pub mod tvm_graph;
pub mod tvm_trace;

pub use file::SkippedLine;
pub use hash::{trace_hash, workload_hash};

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The file inside the database folder.
pub const FILE_NAME: &str = "records.jsonl";
/// Environment variable naming the database folder (overrides the default).
pub const DB_ENV: &str = "TIRTUI_DB";

/// What produced a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Run,
    Explorer,
    Tune,
    /// Read from a MetaSchedule database (`db import`).
    Import,
}

/// One measurement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// `workload_hash/trace_hash/device_hash`: equal keys are the same candidate.
    pub key: String,
    pub workload_hash: String,
    pub trace_hash: String,
    /// The workload's function name and buffer shapes, for people (`main: 1024x2048 ...`).
    pub workload: String,
    pub device: String,
    pub driver: String,
    /// Median kernel time; meaningless when `error` is set or `correct` is
    /// `false` (written `null` then: JSON has no NaN).
    #[serde(with = "number_or_null")]
    pub time_ms: f64,
    #[serde(with = "number_or_null")]
    pub gflops: f64,
    /// `false`: the kernel ran but its output differs from the reference.
    pub correct: Option<bool>,
    /// Why the measurement failed (compile, launch, fault), when it did.
    #[serde(default)]
    pub error: Option<String>,
    pub source: Source,
    /// The session file this came from or was written to, when there is one.
    #[serde(default)]
    pub session: Option<String>,
    /// The full session YAML (workload reference and steps with decisions).
    pub session_yaml: String,
    /// Seconds since the Unix epoch.
    pub unix_time: u64,
}

impl Record {
    /// A measurement that can be compared by time: ran, and was right.
    pub fn is_good(&self) -> bool {
        self.error.is_none() && self.correct != Some(false) && is_valid_time(self.time_ms)
    }

    /// A record that claims a good measurement must carry a positive, finite
    /// time: a `-1` or `0` would win or lose every comparison forever.
    pub fn check_time(&self) -> Result<(), String> {
        let failed = self.error.is_some() || self.correct == Some(false);
        if failed || is_valid_time(self.time_ms) {
            return Ok(());
        }
        Err(format!(
            "time_ms {} of a measurement without an error is not a positive, finite time",
            self.time_ms
        ))
    }
}

/// A kernel time that can be compared: positive and finite.
pub fn is_valid_time(ms: f64) -> bool {
    ms.is_finite() && ms > 0.0
}

/// `time_ms` and `gflops` on disk: a number, or `null` for a failed candidate's
/// NaN (serde_json writes NaN as `null` and then refuses to read it back into an
/// `f64`, so the line was skipped and the candidate measured again).
mod number_or_null {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        if x.is_finite() {
            s.serialize_f64(*x)
        } else {
            s.serialize_none()
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
    }
}

/// The device part of a key: the device name and its driver version.
pub fn device_key(device: &str, driver: &str) -> String {
    hash::hex(hash::fnv1a(format!("{device}\n{driver}").as_bytes()))
}

pub fn record_key(workload_hash: &str, trace_hash: &str, device: &str, driver: &str) -> String {
    format!(
        "{workload_hash}/{trace_hash}/{}",
        device_key(device, driver)
    )
}

/// `$TIRTUI_DB`, else `$XDG_DATA_HOME/tirtui`, else `~/.local/share/tirtui`.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DB_ENV).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("HOME")?)
            .join(".local")
            .join("share"),
    };
    Some(base.join("tirtui"))
}

/// The database, loaded in memory; inserts append to the file at once.
#[derive(Debug)]
pub struct Db {
    path: PathBuf,
    records: Vec<Record>,
    by_key: HashMap<String, usize>,
    /// Lines that were not loaded (a torn last line after a crash, bytes that
    /// are not UTF-8, a record with an impossible time), with their numbers.
    pub skipped: Vec<SkippedLine>,
}

impl Db {
    /// Opens (creating the folder if needed) the database in `dir`.
    pub fn open(dir: &Path) -> Result<Db, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create the database folder {}: {e}", dir.display()))?;
        let path = dir.join(FILE_NAME);
        let bytes = file::read_bounded(&path)?.unwrap_or_default();
        let (records, skipped) = file::parse_lines(&bytes);
        let mut db = Db {
            path,
            records: Vec::new(),
            by_key: HashMap::new(),
            skipped,
        };
        for r in records {
            db.remember(r);
        }
        Ok(db)
    }

    /// Opens the database in `dir`, or the default folder.
    pub fn open_or_default(dir: Option<&Path>) -> Result<Db, String> {
        match dir {
            Some(d) => Db::open(d),
            None => match default_dir() {
                Some(d) => Db::open(&d),
                None => Err(format!(
                    "no database folder: set {DB_ENV} or HOME, or pass --db DIR"
                )),
            },
        }
    }

    /// A warning naming the lines that were skipped when loading, if any.
    pub fn skipped_warning(&self) -> Option<String> {
        file::describe_skipped(&self.path, &self.skipped)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The record of exactly this candidate on this device (the latest one).
    pub fn get(&self, key: &str) -> Option<&Record> {
        self.by_key.get(key).map(|&i| &self.records[i])
    }

    /// Appends a record to the file (one `write` of one line) and keeps it.
    pub fn insert(&mut self, record: Record) -> Result<(), String> {
        record.check_time()?;
        let line = serde_json::to_string(&record)
            .map_err(|e| format!("cannot encode a database record: {e}"))?;
        file::append_line(&self.path, &line)?;
        self.remember(record);
        Ok(())
    }

    fn remember(&mut self, record: Record) {
        self.by_key.insert(record.key.clone(), self.records.len());
        self.records.push(record);
    }

    /// The best good records of a workload, fastest first, one per (trace, device).
    pub fn top(&self, workload_hash: &str, device: Option<&str>, k: usize) -> Vec<&Record> {
        let mut best: HashMap<(&str, &str), &Record> = HashMap::new();
        for r in &self.records {
            if r.workload_hash != workload_hash || !r.is_good() {
                continue;
            }
            if device.is_some_and(|d| d != r.device) {
                continue;
            }
            let slot = best.entry((&r.trace_hash, &r.device)).or_insert(r);
            if r.time_ms < slot.time_ms {
                *slot = r;
            }
        }
        let mut v: Vec<&Record> = best.into_values().collect();
        v.sort_by(|a, b| a.time_ms.total_cmp(&b.time_ms));
        v.truncate(k);
        v
    }

    /// The fastest good record of a workload on a device.
    pub fn best(&self, workload_hash: &str, device: &str) -> Option<&Record> {
        self.top(workload_hash, Some(device), 1).into_iter().next()
    }
}

/// The record of one `--run` or explorer run of `session` (its steps replayed,
/// decisions included) on `workload`.
pub fn run_record(
    workload: &crate::ir::PrimFunc,
    session: &crate::trace::Session,
    session_path: Option<&Path>,
    result: &crate::runtime::RunResult,
    driver: &str,
    source: Source,
) -> Record {
    let workload_hash = workload_hash(workload);
    let trace_hash = trace_hash(&session.steps);
    Record {
        key: record_key(&workload_hash, &trace_hash, &result.device, driver),
        workload: hash::workload_summary(workload),
        workload_hash,
        trace_hash,
        device: result.device.clone(),
        driver: driver.to_string(),
        time_ms: result.time_ms,
        gflops: result.gflops,
        correct: result.correct,
        error: None,
        source,
        session: session_path.map(|p| p.display().to_string()),
        session_yaml: session.to_yaml(),
        unix_time: now_unix(),
    }
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests;
