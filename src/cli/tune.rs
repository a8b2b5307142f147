//! `tirtui tune SESSION.yaml --trials N [--out BEST.yaml] [--db DIR] [--gpu T]`
//! and `tirtui tune SESSION.yaml --space [--sample N]` (no GPU needed).

use super::{EXIT_BAD_INPUT, EXIT_NO_GPU, EXIT_OK, EXIT_STEP_FAILED};
use crate::db::Db;
use crate::diag::Diagnostic;
use crate::input::write::{Links, WriteRules};
use crate::schedule::primitive::sampling::Rng;
use crate::trace::{RecordedResult, Session, Trace, Workload};
use crate::tune::{
    self, search::build_all, DbContext, Nvrtc, Outcome, Space, Stop, Tally, TuneOptions,
    TuneReport, WorkerMeasure,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub struct TuneArgs {
    pub session: PathBuf,
    pub trials: usize,
    pub out: Option<PathBuf>,
    pub db: Option<PathBuf>,
    pub gpu: Option<String>,
    pub seed: Option<u64>,
    /// `--space`: describe the space instead of tuning.
    pub space: bool,
    /// Random candidates checked by `--space`.
    pub sample: usize,
    /// One JSON object with the figures on stdout.
    pub json: bool,
}

/// The session, its workload and its space; a rendered error otherwise.
fn open(path: &Path) -> Result<(Session, Space), (i32, String)> {
    let bad = |e: String| (EXIT_BAD_INPUT, Diagnostic::new(e).render());
    let session = Session::load(path).map_err(|e| bad(e.to_string()))?;
    let (name, text) = session
        .workload_source(Some(path))
        .map_err(|e| bad(e.to_string()))?;
    let workload = super::parse_workload(&name, &text, session.func.as_deref())
        .map_err(|r| (EXIT_BAD_INPUT, r))?;
    // The trace must replay as written before its decisions are varied.
    if let Err((_, e)) = Trace::replay(workload.clone(), &session.steps) {
        return Err((
            EXIT_STEP_FAILED,
            e.to_diagnostic(&path.display().to_string()).render(),
        ));
    }
    let space = Space::new(workload, session.steps.clone()).map_err(|e| {
        (
            EXIT_STEP_FAILED,
            Diagnostic::new(format!("{}: {e}", path.display())).render(),
        )
    })?;
    Ok((session, space))
}

pub fn tune_command(args: &TuneArgs) -> i32 {
    let (session, space) = match open(&args.session) {
        Ok(x) => x,
        Err((code, rendered)) => {
            eprint!("{rendered}");
            return code;
        }
    };
    if args.space {
        return describe_space(&args.session, &space, args);
    }
    run_tune(&session, &space, args)
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// `--space`: the size, and how a random sample fares against every check.
fn describe_space(path: &Path, space: &Space, args: &TuneArgs) -> i32 {
    let size = match space.size() {
        Ok(s) => s,
        Err(inv) => {
            eprintln!("error: {}: {}: {}", path.display(), inv.reason, inv.detail);
            return EXIT_STEP_FAILED;
        }
    };
    let mut rng = Rng(args.seed.unwrap_or(0x73_7061_6365));
    let mut seen = HashSet::new();
    let mut invalid: BTreeMap<String, Tally> = BTreeMap::new();
    let mut proposals = Vec::new();
    let mut draws = 0;
    while proposals.len() + count(&invalid) < args.sample && draws < args.sample * 20 {
        draws += 1;
        match space.draw(&mut rng) {
            Ok(r) => {
                if seen.insert(tune::space::decisions_key(&r.decisions)) {
                    proposals.push(r.decisions);
                }
            }
            Err(inv) => add(&mut invalid, &inv.reason, &inv.detail),
        }
    }
    let sampled = proposals.len() + count(&invalid);
    let nvrtc = crate::runtime::nvrtc_available();
    let mut pass = 0;
    for r in build_all(
        space,
        proposals,
        threads(),
        Nvrtc::IfAvailable,
        &AtomicBool::new(false),
    ) {
        match r {
            Ok(_) => pass += 1,
            Err(inv) => add(&mut invalid, &inv.reason, &inv.detail),
        }
    }
    if args.json {
        let reasons: serde_json::Map<String, serde_json::Value> = invalid
            .iter()
            .map(|(k, t)| (k.clone(), json!({"count": t.count, "example": t.example})))
            .collect();
        println!(
            "{}",
            json!({
                "session": path.display().to_string(),
                "sites": space.sites.iter().zip(&size.per_site).map(|(s, n)| json!({"step": s.step + 1, "op": space.steps[s.step].op, "choices": n.to_string()})).collect::<Vec<_>>(),
                "size": size.total.to_string(),
                "sampled": sampled,
                "pass": pass,
                "invalid": reasons,
                "nvrtc_checked": nvrtc,
            })
        );
        return EXIT_OK;
    }
    println!("{}: {} sampled steps", path.display(), space.sites.len());
    for (site, n) in space.sites.iter().zip(&size.per_site) {
        println!(
            "  step {:>2} {}: {n} choices",
            site.step + 1,
            space.steps[site.step].summary()
        );
    }
    println!("space size: {} candidates", size.total);
    println!(
        "random sample of {sampled} distinct candidates: {pass} pass every check ({:.1}%), {} do not",
        100.0 * pass as f64 / sampled.max(1) as f64,
        sampled - pass
    );
    print_tallies(&invalid);
    if !nvrtc {
        println!("(libnvrtc is not loadable here: NVRTC compilation was not part of the checks)");
    }
    EXIT_OK
}

fn add(map: &mut BTreeMap<String, Tally>, reason: &str, detail: &str) {
    let t = map.entry(reason.to_string()).or_default();
    if t.count == 0 {
        t.example = detail.to_string();
    }
    t.count += 1;
}

fn count(map: &BTreeMap<String, Tally>) -> usize {
    map.values().map(|t| t.count).sum()
}

fn print_tallies(map: &BTreeMap<String, Tally>) {
    let mut v: Vec<(&String, &Tally)> = map.iter().collect();
    v.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
    for (reason, t) in v {
        let example = t.example.lines().next().unwrap_or("");
        let example: String = example.chars().take(110).collect();
        println!("  {:>5}  {reason}  (e.g. {example})", t.count);
    }
}

/// Where the best session goes by default: `<stem>_best.yaml` beside the session.
pub fn default_out(session: &Path) -> PathBuf {
    let stem = session
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "session".into());
    session.with_file_name(format!("{stem}_best.yaml"))
}

/// The workload reference as seen from `out` (absolute when the folders differ).
fn workload_for(session: &Session, from: &Path, out: &Path) -> Workload {
    match &session.workload {
        Workload::Path(p) => {
            let same_dir = from.parent().map(Path::to_path_buf).unwrap_or_default()
                == out.parent().map(Path::to_path_buf).unwrap_or_default();
            if same_dir || Path::new(p).is_absolute() {
                Workload::Path(p.clone())
            } else {
                let full = crate::trace::session::resolve(Some(from), p);
                let full = std::fs::canonicalize(&full).unwrap_or(full);
                Workload::Path(full.display().to_string())
            }
        }
        w => w.clone(),
    }
}

/// Where the best session goes and how it may be written: a link at the
/// default path is refused (one planted there would have led anywhere);
/// never over the session being tuned or its workload.
fn out_rules<'a>(args: &'a TuneArgs, protected: &'a [(&'a Path, &'a str)]) -> WriteRules<'a> {
    WriteRules {
        links: match args.out {
            Some(_) => Links::FollowIf(crate::trace::session::is_session_text),
            None => Links::Refuse,
        },
        not_over: protected,
    }
}

fn run_tune(session: &Session, space: &Space, args: &TuneArgs) -> i32 {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_out(&args.session));
    let workload_file = match &session.workload {
        Workload::Path(p) => Some(crate::trace::session::resolve(Some(&args.session), p)),
        Workload::Inline(_) => None,
    };
    let mut protected: Vec<(&Path, &str)> = vec![(&args.session, "the session being tuned")];
    if let Some(w) = &workload_file {
        protected.push((w, "the session's workload"));
    }
    let rules = out_rules(args, &protected);
    // Checked before any measurement: a refused output would lose the search.
    if let Err(e) = crate::input::write::check_target(&out, &rules) {
        eprint!(
            "{}",
            Diagnostic::new(format!("cannot write the best session: {e}"))
                .with_help("name where it goes with --out FILE.yaml")
                .render()
        );
        return EXIT_BAD_INPUT;
    }
    let target = match crate::session::gpu::configured_gpu(args.gpu.as_deref()) {
        Ok(t) => t,
        Err(e) => {
            eprint!("{}", Diagnostic::new(e).render());
            return EXIT_BAD_INPUT;
        }
    };
    let mut measure = match WorkerMeasure::new(&space.workload, &target) {
        Ok(m) => m,
        Err(e) => {
            eprint!("{}", Diagnostic::new(e).render());
            return EXIT_STEP_FAILED;
        }
    };
    let mut db = match Db::open_or_default(args.db.as_deref()) {
        Ok(db) => {
            if let Some(w) = db.skipped_warning() {
                eprintln!("warning: {w}");
            }
            Some(db)
        }
        Err(e) => {
            eprintln!("warning: tuning without the results database: {e}");
            None
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    // First Ctrl-C: stop after the current measurement; a second one exits.
    let _ = signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        Arc::clone(&stop),
    );
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop));

    let mut opts = TuneOptions::new(args.trials);
    if let Some(s) = args.seed {
        opts.seed = s;
    }
    let bar = ProgressBar::new(args.trials as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} trials  {msg}  [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let tty = std::io::stderr().is_terminal();
    eprintln!(
        "tuning {} on {target}: {} sampled steps, {} trials (Ctrl-C stops and keeps what was measured)",
        args.session.display(),
        space.sites.len(),
        args.trials
    );
    let mut progress = |p: &tune::Progress| {
        let best = match (p.best_ms, p.best_gflops) {
            (Some(t), Some(g)) => format!("best {t:.4} ms, {g:.1} GFLOP/s"),
            _ => "no valid time yet".into(),
        };
        let msg = format!("{best}; {} invalid, {} failed", p.invalid, p.failed);
        bar.set_position(p.done as u64);
        bar.set_message(msg.clone());
        if !tty && (p.done.is_multiple_of(10) || p.done == p.trials) {
            eprintln!("{}/{} trials: {msg}", p.done, p.trials);
        }
    };
    let ctx = db.as_mut().map(|db| DbContext {
        db,
        template: Session {
            workload: workload_for(session, &args.session, &out),
            ..session.clone()
        },
        session_path: Some(out.display().to_string()),
    });
    let report = tune::tune(space, &opts, &mut measure, ctx, &stop, &mut progress);
    bar.finish_and_clear();
    measure.shutdown();
    // As `replay --run` does: a record that cannot be stored is a warning.
    if let Some(first) = report.db_write_errors.first() {
        let more = report.db_write_errors.len() - 1;
        match more {
            0 => eprintln!("warning: {first}"),
            n => eprintln!("warning: {first} (and {n} more records not stored)"),
        }
    }

    let written = write_best(session, &report, &args.session, (&out, &rules));
    if args.json {
        println!(
            "{}",
            report_json(
                &args.session,
                &report,
                written.as_ref().ok().and_then(|p| p.as_deref())
            )
        );
    } else if report.device.is_some() {
        print_report(&args.session, &report);
    }
    match written {
        Ok(Some(p)) => eprintln!("best session written to {}", p.display()),
        Ok(None) => {}
        Err(e) => {
            eprint!("{}", Diagnostic::new(e).render());
            return EXIT_STEP_FAILED;
        }
    }
    match (&report.stop, report.best()) {
        (_, Some(_)) => EXIT_OK,
        (Stop::Fatal(m), None) => {
            eprintln!("error: {m}");
            if report.trials.is_empty() && m.contains("no CUDA device") {
                EXIT_NO_GPU
            } else {
                EXIT_STEP_FAILED
            }
        }
        _ => {
            eprintln!("error: no candidate ran correctly");
            EXIT_STEP_FAILED
        }
    }
}

/// Writes the best candidate's session with its time under `results:`.
fn write_best(
    session: &Session,
    report: &TuneReport,
    from: &Path,
    (out, rules): (&Path, &WriteRules<'_>),
) -> Result<Option<PathBuf>, String> {
    let Some(best) = report.best() else {
        return Ok(None);
    };
    let mut s = Session {
        workload: workload_for(session, from, out),
        func: session.func.clone(),
        steps: best.steps.clone(),
        results: Vec::new(),
    };
    if let (Some(dev), Outcome::Time { ms, gflops }) = (&report.device, &best.outcome) {
        s.record_result(RecordedResult {
            device: dev.name.clone(),
            time_ms: *ms,
            gflops: Some(*gflops),
            driver: Some(dev.driver.clone()),
        });
    }
    s.save_with(out, rules).map_err(|e| e.to_string())?;
    Ok(Some(out.to_path_buf()))
}

fn stop_text(stop: &Stop) -> String {
    match stop {
        Stop::Trials => "all trials done".into(),
        Stop::Interrupted => "interrupted".into(),
        Stop::SpaceExhausted => "no new valid candidates".into(),
        // The worker's last stderr lines (ssh's own error) follow on later lines.
        Stop::Fatal(m) => format!(
            "GPU lost: {}",
            m.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" / ")
        ),
    }
}

/// The trial counts at which "best vs trials" is reported.
fn checkpoints(n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = [1, 5, 10, 20, 50, 100, 150, 200, 300, 500, 1000]
        .into_iter()
        .filter(|c| *c < n)
        .collect();
    v.push(n);
    v
}

fn print_report(path: &Path, r: &TuneReport) {
    let dev = r
        .device
        .as_ref()
        .map(|d| format!("{} (driver {})", d.name, d.driver))
        .unwrap_or_else(|| "no device".into());
    println!(
        "tuned {} on {dev}: {} trials in {:.1} s ({})",
        path.display(),
        r.trials.len(),
        r.elapsed.as_secs_f64(),
        stop_text(&r.stop)
    );
    println!(
        "candidates/s: {:.2} ({} measured, {} from the database, {} invalid and never run, {} duplicate proposals skipped)",
        r.candidates_per_s(),
        r.trials.len() - r.from_db,
        r.from_db,
        r.invalid_total(),
        r.duplicates
    );
    if !r.invalid.is_empty() {
        println!("invalid candidates by reason:");
        print_tallies(&r.invalid);
    }
    if !r.failed.is_empty() {
        println!("failed on the GPU by reason:");
        print_tallies(&r.failed);
    }
    let curve: Vec<String> = checkpoints(r.trials.len())
        .into_iter()
        .filter_map(|c| r.best_at(c).map(|t| format!("{c}: {t:.4} ms")))
        .collect();
    if !curve.is_empty() {
        println!("best vs trials: {}", curve.join(", "));
    }
    if let Some(first) = r.trials.first().and_then(|t| t.time_ms()) {
        println!("trial 1 (the session's own decisions): {first:.4} ms");
    }
    match r.best() {
        Some(b) => {
            if let Outcome::Time { ms, gflops } = b.outcome {
                println!(
                    "best: {ms:.4} ms, {gflops:.1} GFLOP/s (trial {}; decisions {})",
                    b.index,
                    tune::space::decisions_key(&b.decisions)
                );
            }
        }
        None => println!("best: none (no candidate ran correctly)"),
    }
}

fn report_json(path: &Path, r: &TuneReport, out: Option<&Path>) -> serde_json::Value {
    let tallies = |m: &BTreeMap<String, Tally>| -> serde_json::Value {
        m.iter()
            .map(|(k, t)| (k.clone(), json!({"count": t.count, "example": t.example})))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    let best = r.best();
    json!({
        "session": path.display().to_string(),
        "device": r.device.as_ref().map(|d| d.name.clone()),
        "driver": r.device.as_ref().map(|d| d.driver.clone()),
        "trials": r.trials.len(),
        "from_db": r.from_db,
        "duplicates": r.duplicates,
        "invalid": tallies(&r.invalid),
        "invalid_total": r.invalid_total(),
        "failed": tallies(&r.failed),
        "elapsed_s": r.elapsed.as_secs_f64(),
        "candidates_per_s": r.candidates_per_s(),
        "stop": stop_text(&r.stop),
        "curve": r.curve.iter().map(|(i, t)| json!([i, t])).collect::<Vec<_>>(),
        "first_ms": r.trials.first().and_then(|t| t.time_ms()),
        "best_ms": best.and_then(|b| b.time_ms()),
        "best_gflops": best.and_then(|b| match b.outcome { Outcome::Time { gflops, .. } => Some(gflops), Outcome::Failed { .. } => None }),
        "best_trial": best.map(|b| b.index),
        "best_decisions": best.map(|b| tune::space::decisions_key(&b.decisions)),
        "out": out.map(|p| p.display().to_string()),
    })
}
