//! `tirtui db top WORKLOAD [-k 5]`: the best records of a workload in the
//! results database, with the sessions that produced them.

use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::db::{workload_hash, Db, Source};
use crate::diag::Diagnostic;
use crate::ir::PrimFunc;
use crate::trace::Session;
use std::path::Path;

pub struct TopOptions<'a> {
    pub k: usize,
    pub db: Option<&'a Path>,
    pub device: Option<&'a str>,
    /// Print each record's session YAML too.
    pub yaml: bool,
}

/// The workload of a `.tir` file, or of a session file's `workload`/`source`.
pub fn load_any_workload(path: &Path) -> Result<PrimFunc, String> {
    let is_session = matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml")
    );
    if !is_session {
        return super::load_workload(path, None);
    }
    let session = Session::load(path).map_err(|e| Diagnostic::new(e.to_string()).render())?;
    let (name, text) = session
        .workload_source(Some(path))
        .map_err(|e| Diagnostic::new(e.to_string()).render())?;
    crate::session::parse_workload_staged(
        &name,
        &text,
        session.func.as_deref(),
        crate::session::SparseStages::of(session.steps.iter().map(|s| s.op.as_str())),
    )
}

pub fn top(workload: &Path, opts: &TopOptions<'_>) -> i32 {
    let func = match load_any_workload(workload) {
        Ok(f) => f,
        Err(rendered) => {
            eprint!("{rendered}");
            return EXIT_BAD_INPUT;
        }
    };
    let db = match Db::open_or_default(opts.db) {
        Ok(db) => db,
        Err(e) => {
            eprint!("{}", Diagnostic::new(e).render());
            return EXIT_BAD_INPUT;
        }
    };
    if let Some(w) = db.skipped_warning() {
        eprintln!("warning: {w}");
    }
    let hash = workload_hash(&func);
    let top = db.top(&hash, opts.device, opts.k);
    println!(
        "{} (workload {hash}) in {}",
        crate::db::hash::workload_summary(&func),
        db.path().display()
    );
    if top.is_empty() {
        println!("no correct measurements yet; `tirtui replay S.yaml --run` or `tirtui tune S.yaml` records some");
        return EXIT_OK;
    }
    println!(
        "{:>3}  {:>10}  {:>9}  {:<28}  {:<8}  session",
        "#", "time (ms)", "GFLOP/s", "device", "source"
    );
    for (i, r) in top.iter().enumerate() {
        let source = match r.source {
            Source::Run => "run",
            Source::Explorer => "explorer",
            Source::Tune => "tune",
            Source::Import => "import",
        };
        println!(
            "{:>3}  {:>10.4}  {:>9.1}  {:<28}  {:<8}  {} (trace {})",
            i + 1,
            r.time_ms,
            r.gflops,
            r.device,
            source,
            r.session.as_deref().unwrap_or("(not saved)"),
            r.trace_hash
        );
    }
    if opts.yaml {
        for (i, r) in top.iter().enumerate() {
            println!("\n# {} : {:.4} ms on {}", i + 1, r.time_ms, r.device);
            print!("{}", r.session_yaml);
        }
    }
    EXIT_OK
}
