//! `tirtui db import DIR --workload W.tir --out OUTDIR` and `tirtui db
//! export --out DIR [--workload W.tir]`: MetaSchedule's JSON database
//! (`db::metaschedule`) to sessions and results records, and back.
//!
//! Import keeps what it can: a line that does not read, a workload that is
//! not W and a trace that does not replay cost that line (a warning with the
//! file and line number), not the import. A record becomes a session that
//! replays (`OUTDIR/<W's stem>_<record line>.yaml`, the mean of TVM's
//! `run_secs` under `results:`) and a record of tirtui's database.

use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::db::metaschedule::{
    self, lines, read_record_line, read_workload_line, TvmRecord, RECORD_FILE, WORKLOAD_FILE,
};
use crate::db::tvm_compare::{parse_graph, same_function, Graph};
use crate::db::{file, hash, record_key, trace_hash, workload_hash, Db, Record, Source};
use crate::diag::Diagnostic;
use crate::ir::PrimFunc;
use crate::trace::{RecordedResult, Session, Workload};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

pub struct ImportOptions<'a> {
    pub workload: &'a Path,
    pub out: &'a Path,
    pub db: Option<&'a Path>,
    /// The device name records get (default: TVM's target, `TVM cuda -arch=sm_80`).
    pub device: Option<&'a str>,
}

fn bad_input(message: String) -> i32 {
    eprint!("{}", Diagnostic::new(message).render());
    EXIT_BAD_INPUT
}

/// The bytes of `DIR/NAME`, or the reason it cannot be read.
fn read_db_file(dir: &Path, name: &str) -> Result<Vec<u8>, String> {
    let path = dir.join(name);
    file::read_bounded(&path)?.ok_or_else(|| {
        format!(
            "{} does not exist; hint: DIR is the folder MetaSchedule's JSONDatabase wrote \
             ({WORKLOAD_FILE} and {RECORD_FILE})",
            path.display()
        )
    })
}

/// The workload lines (0-based indices, as TVM numbers them) whose module
/// holds a function structurally equal to `ours`; and why the first other
/// line is not W, for the message when none is.
fn matching_workloads(
    bytes: &[u8],
    path: &Path,
    ours: &Graph,
    warnings: &mut Vec<String>,
) -> Result<(BTreeSet<usize>, usize, Option<String>), String> {
    let our_func = match ours.functions()?.first() {
        Some((_, f)) => *f,
        None => return Err("tirtui wrote no function for the workload".into()),
    };
    let mut matched = BTreeSet::new();
    let mut first_miss = None;
    let mut count = 0;
    for (line, text) in lines(bytes) {
        count = line;
        let read = text.and_then(read_workload_line);
        let workload = match read {
            Ok(w) => w,
            Err(reason) => {
                warnings.push(format!("{}:{line}: {reason}", path.display()));
                continue;
            }
        };
        let functions = match workload.graph.functions() {
            Ok(f) => f,
            Err(reason) => {
                warnings.push(format!("{}:{line}: {reason}", path.display()));
                continue;
            }
        };
        let mut why_not = None;
        for (name, f) in functions {
            match same_function(&workload.graph, f, ours, our_func) {
                Ok(()) => {
                    matched.insert(line - 1);
                    why_not = None;
                    break;
                }
                Err(why) => why_not = Some(format!("line {line}, function `{name}`: {why}")),
            }
        }
        if first_miss.is_none() {
            first_miss = why_not;
        }
    }
    Ok((matched, count, first_miss))
}

pub fn import(dir: &Path, opts: &ImportOptions<'_>) -> i32 {
    let func = match super::db::load_any_workload(opts.workload) {
        Ok(f) => f,
        Err(rendered) => {
            eprint!("{rendered}");
            return EXIT_BAD_INPUT;
        }
    };
    let ours = match crate::db::tvm_graph::module_graph(&func)
        .map_err(|e| e.to_string())
        .and_then(|g| parse_graph(&g.to_string()))
    {
        Ok(g) => g,
        Err(e) => return bad_input(format!("{}: {e}", opts.workload.display())),
    };
    let (workload_bytes, record_bytes) = match (
        read_db_file(dir, WORKLOAD_FILE),
        read_db_file(dir, RECORD_FILE),
    ) {
        (Ok(w), Ok(r)) => (w, r),
        (Err(e), _) | (_, Err(e)) => return bad_input(e),
    };
    let mut warnings = Vec::new();
    let workload_path = dir.join(WORKLOAD_FILE);
    let (matched, workload_lines, first_miss) =
        match matching_workloads(&workload_bytes, &workload_path, &ours, &mut warnings) {
            Ok(m) => m,
            Err(e) => return bad_input(e),
        };
    print_warnings(&mut warnings);
    if matched.is_empty() {
        return bad_input(format!(
            "no workload of {} is {} ({workload_lines} line{}{}); hint: import with the \
             workload the database was tuned for",
            workload_path.display(),
            opts.workload.display(),
            if workload_lines == 1 { "" } else { "s" },
            first_miss.map(|w| format!("; {w}")).unwrap_or_default()
        ));
    }
    let mut importer = match Importer::new(&func, opts) {
        Ok(i) => i,
        Err(e) => return bad_input(e),
    };
    let record_path = dir.join(RECORD_FILE);
    let mut other = 0;
    for (line, text) in lines(&record_bytes) {
        let at = format!("{}:{line}", record_path.display());
        match text.and_then(|t| read_record_line(t, workload_lines)) {
            Ok(r) if matched.contains(&r.workload_index) => {
                if let Err(e) = importer.record(line, &r) {
                    warnings.push(format!("{at}: {e}"));
                }
            }
            Ok(_) => other += 1,
            Err(reason) => warnings.push(format!("{at}: {reason}")),
        }
        print_warnings(&mut warnings);
    }
    let lines_text: Vec<String> = matched.iter().map(|i| (i + 1).to_string()).collect();
    super::out(&format!(
        "{}: workload line{} {} of {}; imported {} record{} as sessions in {} and into {} \
         ({} already there, {} of other workloads, {} skipped)\n",
        opts.workload.display(),
        if matched.len() == 1 { "" } else { "s" },
        lines_text.join(", "),
        workload_path.display(),
        importer.written,
        if importer.written == 1 { "" } else { "s" },
        opts.out.display(),
        importer.db.path().display(),
        importer.already,
        other,
        importer.failed,
    ));
    EXIT_OK
}

fn print_warnings(warnings: &mut Vec<String>) {
    for w in warnings.drain(..) {
        eprintln!("warning: {w}");
    }
}

/// Writes each record of W as a session and a database record.
struct Importer<'a> {
    func: &'a PrimFunc,
    opts: &'a ImportOptions<'a>,
    db: Db,
    /// The session's `workload:`: W's absolute path.
    workload_ref: String,
    stem: String,
    flop: f64,
    written: usize,
    already: usize,
    failed: usize,
}

impl<'a> Importer<'a> {
    fn new(func: &'a PrimFunc, opts: &'a ImportOptions<'a>) -> Result<Importer<'a>, String> {
        let db = Db::open_or_default(opts.db)?;
        if let Some(w) = db.skipped_warning() {
            eprintln!("warning: {w}");
        }
        std::fs::create_dir_all(opts.out)
            .map_err(|e| format!("cannot create {}: {e}", opts.out.display()))?;
        let absolute = std::fs::canonicalize(opts.workload)
            .map_err(|e| format!("cannot resolve {}: {e}", opts.workload.display()))?;
        let stem = opts
            .workload
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "workload".into());
        Ok(Importer {
            func,
            opts,
            db,
            workload_ref: absolute.display().to_string(),
            stem,
            flop: crate::session::workload::flop_count(func),
            written: 0,
            already: 0,
            failed: 0,
        })
    }

    fn record(&mut self, line: usize, r: &TvmRecord) -> Result<(), String> {
        let fail = |this: &mut Importer<'_>, why: String| {
            this.failed += 1;
            Err(why)
        };
        let trace_text = r.trace.to_string();
        let trace = match crate::trace::pyscript::read_json_trace(&trace_text, self.func.clone()) {
            Ok(t) => t,
            Err(e) => return fail(self, format!("the trace does not replay: {e}")),
        };
        let device = match self.opts.device {
            Some(d) => metaschedule::printable(d, 200),
            None => format!("TVM {}", r.target_name()),
        };
        let time = r.mean_ms();
        let mut session = Session::new(Workload::Path(self.workload_ref.clone()));
        session.steps = trace.steps.clone();
        let gflops = |ms: f64| self.flop / (ms * 1e6);
        if let Ok(ms) = time {
            session.record_result(RecordedResult {
                device: device.clone(),
                time_ms: ms,
                gflops: Some(gflops(ms)).filter(|g| g.is_finite()),
                driver: None,
            });
        }
        let path = self.opts.out.join(format!("{}_{line}.yaml", self.stem));
        if let Err(e) = session.save(&path) {
            return fail(self, e.to_string());
        }
        let whash = workload_hash(self.func);
        let thash = trace_hash(&session.steps);
        let key = record_key(&whash, &thash, &device, "");
        self.written += 1;
        if self.db.get(&key).is_some() {
            self.already += 1;
            return Ok(());
        }
        let record = Record {
            key,
            workload: hash::workload_summary(self.func),
            workload_hash: whash,
            trace_hash: thash,
            device,
            driver: String::new(),
            time_ms: *time.as_ref().unwrap_or(&f64::NAN),
            gflops: time.as_ref().map_or(f64::NAN, |ms| gflops(*ms)),
            correct: None,
            error: time.err(),
            source: Source::Import,
            session: Some(path.display().to_string()),
            session_yaml: session.to_yaml(),
            unix_time: crate::db::now_unix(),
        };
        self.db.insert(record)
    }
}

pub struct ExportOptions<'a> {
    pub out: &'a Path,
    pub workload: Option<&'a Path>,
    pub db: Option<&'a Path>,
}

pub fn export(opts: &ExportOptions<'_>) -> i32 {
    let only = match opts.workload.map(super::db::load_any_workload) {
        None => None,
        Some(Ok(f)) => Some(f),
        Some(Err(rendered)) => {
            eprint!("{rendered}");
            return EXIT_BAD_INPUT;
        }
    };
    let db = match Db::open_or_default(opts.db) {
        Ok(db) => db,
        Err(e) => return bad_input(e),
    };
    if let Some(w) = db.skipped_warning() {
        eprintln!("warning: {w}");
    }
    let only_hash = only.as_ref().map(workload_hash);
    let best = best_records(&db, only_hash.as_deref());
    let mut exporter = Exporter::default();
    for r in best {
        if let Err(e) = exporter.record(r, only.as_ref()) {
            eprintln!("warning: record {}: {e}", r.key);
        }
    }
    if let Err(e) = std::fs::create_dir_all(opts.out) {
        return bad_input(format!("cannot create {}: {e}", opts.out.display()));
    }
    for (name, lines) in [
        (WORKLOAD_FILE, &exporter.workload_lines),
        (RECORD_FILE, &exporter.record_lines),
    ] {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        if let Err(e) = crate::trace::session::write_atomic(&opts.out.join(name), &text) {
            return bad_input(e.to_string());
        }
    }
    super::out(&format!(
        "wrote {} record{} of {} workload{} to {}/{{{WORKLOAD_FILE}, {RECORD_FILE}}}\n",
        exporter.record_lines.len(),
        if exporter.record_lines.len() == 1 {
            ""
        } else {
            "s"
        },
        exporter.workload_lines.len(),
        if exporter.workload_lines.len() == 1 {
            ""
        } else {
            "s"
        },
        opts.out.display()
    ));
    EXIT_OK
}

/// The fastest good record of each (workload, trace), in a stable order.
fn best_records<'d>(db: &'d Db, only: Option<&str>) -> Vec<&'d Record> {
    let mut best: HashMap<(&str, &str), &Record> = HashMap::new();
    for r in db.records() {
        if !r.is_good() || only.is_some_and(|h| h != r.workload_hash) {
            continue;
        }
        let slot = best.entry((&r.workload_hash, &r.trace_hash)).or_insert(r);
        if r.time_ms < slot.time_ms {
            *slot = r;
        }
    }
    let mut v: Vec<&Record> = best.into_values().collect();
    v.sort_by(|a, b| {
        (&a.workload_hash, a.time_ms)
            .partial_cmp(&(&b.workload_hash, b.time_ms))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    v
}

#[derive(Default)]
struct Exporter {
    /// Workload hash to its line index (or why it cannot be written).
    workloads: HashMap<String, Result<usize, String>>,
    workload_lines: Vec<String>,
    record_lines: Vec<String>,
}

impl Exporter {
    fn record(&mut self, r: &Record, only: Option<&PrimFunc>) -> Result<(), String> {
        let session = Session::from_yaml(&r.session_yaml, "the record's session")
            .map_err(|e| e.to_string())?;
        let func = match only {
            Some(f) => f.clone(),
            None => record_workload(r, &session)?,
        };
        let index = match self.workloads.get(&r.workload_hash) {
            Some(known) => known.clone()?,
            None => {
                let made = crate::db::tvm_graph::module_graph(&func)
                    .map_err(|e| e.to_string())
                    .map(|graph| {
                        let shash = u64::from_str_radix(&r.workload_hash, 16).unwrap_or(0);
                        self.workload_lines
                            .push(metaschedule::workload_line(shash, &graph));
                        self.workload_lines.len() - 1
                    });
                self.workloads.insert(r.workload_hash.clone(), made.clone());
                made?
            }
        };
        let trace = crate::db::tvm_trace::to_json_trace(&session.steps, &func.name)
            .map_err(|e| e.to_string())?;
        self.record_lines.push(metaschedule::record_line(
            index,
            &trace,
            &[r.time_ms / 1e3],
            &metaschedule::cuda_target(&r.device),
            &metaschedule::args_info(&func),
        ));
        Ok(())
    }
}

/// The workload a record's session names, checked to be the one measured.
fn record_workload(r: &Record, session: &Session) -> Result<PrimFunc, String> {
    let session_path = r.session.as_deref().map(PathBuf::from);
    let (name, text) = session
        .workload_source(session_path.as_deref())
        .map_err(|e| format!("{e}; hint: pass --workload W.tir"))?;
    let func = crate::session::parse_workload_staged(
        &name,
        &text,
        session.func.as_deref(),
        crate::session::SparseStages::of(session.steps.iter().map(|s| s.op.as_str())),
    )?;
    if workload_hash(&func) != r.workload_hash {
        return Err(format!(
            "{name} changed since it was measured; hint: pass --workload W.tir with the measured workload"
        ));
    }
    Ok(func)
}
