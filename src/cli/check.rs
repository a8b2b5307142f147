//! After `replay --run`: store the measurement in the results database, and for
//! `--check` gate on it (exit 4) when the kernel is wrong or slower than the
//! best earlier record of the same trace on the same device, or than the
//! session's `results:` for that device, by more than the tolerance.

use super::EXIT_CHECK_FAILED;
use crate::db::{run_record, Db, Source};
use crate::ir::PrimFunc;
use crate::runtime::RunResult;
use crate::trace::{Session, Step};
use std::path::Path;

/// `10%`, `10` (percent) or `0.1` (a fraction) to a fraction.
pub fn parse_tolerance(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let (num, percent) = match t.strip_suffix('%') {
        Some(n) => (n.trim(), true),
        None => (t, false),
    };
    let v: f64 = num
        .parse()
        .map_err(|_| format!("`{text}` is not a tolerance; write it like 10%"))?;
    if !v.is_finite() || v < 0.0 {
        return Err(format!("`{text}`: the tolerance must be 0 or more"));
    }
    Ok(if percent || v > 1.0 { v / 100.0 } else { v })
}

pub struct RunContext<'a> {
    pub path: &'a Path,
    pub session: &'a Session,
    pub steps: &'a [Step],
    pub workload: &'a PrimFunc,
    pub db_dir: Option<&'a Path>,
    /// `Some(tolerance)` with `--check`.
    pub check: Option<f64>,
}

/// Records the run; returns `EXIT_CHECK_FAILED` when `--check` fails.
pub fn after_run(ctx: &RunContext<'_>, res: &RunResult, driver: &str) -> Option<i32> {
    let mut db = match Db::open_or_default(ctx.db_dir) {
        Ok(db) => {
            if let Some(w) = db.skipped_warning() {
                eprintln!("warning: {w}");
            }
            Some(db)
        }
        Err(e) => {
            eprintln!("warning: the results database is not available: {e}");
            None
        }
    };
    let mut session = ctx.session.clone();
    session.steps = ctx.steps.to_vec();
    let record = run_record(
        ctx.workload,
        &session,
        Some(ctx.path),
        res,
        driver,
        Source::Run,
    );
    let earlier_best = db.as_ref().and_then(|db| {
        db.records()
            .iter()
            .filter(|r| {
                r.workload_hash == record.workload_hash
                    && r.trace_hash == record.trace_hash
                    && r.device == record.device
                    && r.is_good()
            })
            .map(|r| r.time_ms)
            .min_by(f64::total_cmp)
    });
    if let Some(db) = db.as_mut() {
        if let Err(e) = db.insert(record) {
            eprintln!("warning: {e}");
        }
    }
    let tolerance = ctx.check?;
    let name = ctx.path.display();
    if res.correct == Some(false) {
        eprintln!(
            "error: {name}: check failed: the kernel is wrong on {} (max rel err {})",
            res.device,
            res.max_rel_err
                .map(|e| format!("{e:.2e}"))
                .unwrap_or_else(|| "n/a".into())
        );
        return Some(EXIT_CHECK_FAILED);
    }
    let mut baselines: Vec<(f64, String)> = Vec::new();
    if let Some(t) = earlier_best {
        baselines.push((t, "the best earlier record in the database".into()));
    }
    if let Some(r) = ctx.session.result_for(&res.device) {
        baselines.push((r.time_ms, "the session's `results:`".into()));
    }
    let Some((base, what)) = baselines.into_iter().min_by(|a, b| a.0.total_cmp(&b.0)) else {
        eprintln!(
            "check: {name}: correct; no earlier time for {} to compare with (recorded this one)",
            res.device
        );
        return None;
    };
    let slower = res.time_ms / base - 1.0;
    if slower > tolerance {
        eprintln!(
            "error: {name}: check failed: {:.4} ms on {} is {:.1}% slower than {what} ({base:.4} ms); the tolerance is {:.1}%",
            res.time_ms,
            res.device,
            slower * 100.0,
            tolerance * 100.0
        );
        return Some(EXIT_CHECK_FAILED);
    }
    eprintln!(
        "check: {name}: correct, {:.4} ms vs {base:.4} ms ({what}) on {}: within {:.1}%",
        res.time_ms,
        res.device,
        tolerance * 100.0
    );
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerances() {
        assert_eq!(parse_tolerance("10%"), Ok(0.1));
        assert_eq!(parse_tolerance("0.25"), Ok(0.25));
        assert_eq!(parse_tolerance("5"), Ok(0.05));
        assert!(parse_tolerance("-1%").is_err());
        assert!(parse_tolerance("ten").is_err());
    }
}
