//! `tune --model xgb|random`: the cost model of the evolutionary search, kept
//! beside the results database (`cost_model.json`), and the report of what
//! the search spent its time on and how well the model ranked each batch.

use crate::db::Db;
use crate::search::model::persist::model_path;
use crate::search::model::{XgbConfig, XgbModel};
use crate::search::{CostModel, RandomModel};
use crate::tune::evolution::EvolutionReport;
use crate::tune::MeasureBreakdown;
use serde_json::json;
use std::path::PathBuf;

/// Which model ranks the candidates (`tune --help` lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModelChoice {
    /// Gradient-boosted trees trained on the measurements (MetaSchedule's
    /// XGBModel), saved with the database and reused by the next tune.
    Xgb,
    /// Random ranking: the same evolutionary search without a model.
    Random,
}

/// The model of one tune and where it is saved.
pub enum TuneModel {
    Xgb {
        model: Box<XgbModel>,
        /// `None`: tuning without a database, nothing is saved.
        path: Option<PathBuf>,
        /// Loaded from its file (else it learns from the database's records first).
        loaded: bool,
    },
    Random(RandomModel),
}

impl TuneModel {
    /// The model `choice` names; the learned one is read from beside the
    /// database when its file is there and sound (a refused file is a warning,
    /// and the model relearns from the records).
    pub fn open(choice: ModelChoice, db: Option<&Db>, group: &str, seed: u64) -> TuneModel {
        match choice {
            ModelChoice::Random => TuneModel::Random(RandomModel::new(seed)),
            ModelChoice::Xgb => {
                let path = db.and_then(|d| d.path().parent().map(model_path));
                let loaded = match path.as_deref().map(XgbModel::load) {
                    Some(Ok(Some(m))) => Some(m),
                    Some(Ok(None)) | None => None,
                    Some(Err(e)) => {
                        eprintln!("warning: {e}");
                        None
                    }
                };
                let is_loaded = loaded.is_some();
                let mut model = loaded.unwrap_or_else(|| XgbModel::new(XgbConfig::default()));
                model.set_group(group);
                TuneModel::Xgb {
                    model: Box::new(model),
                    path,
                    loaded: is_loaded,
                }
            }
        }
    }

    /// The workload whose measurements come next (targets are normalised
    /// within a group, as MetaSchedule's per-workload best): `tune DIR`
    /// shares one model across its tasks.
    pub fn set_group(&mut self, group: &str) {
        if let TuneModel::Xgb { model, .. } = self {
            model.set_group(group);
        }
    }

    pub fn cost_model(&mut self) -> &mut dyn CostModel {
        match self {
            TuneModel::Xgb { model, .. } => model.as_mut(),
            TuneModel::Random(m) => m,
        }
    }

    /// Whether the search should first learn from the database's records.
    pub fn wants_records(&self) -> bool {
        matches!(self, TuneModel::Xgb { loaded: false, .. })
    }

    /// Saves the learned model beside the database (a failure is a warning:
    /// the records are kept, the next tune relearns from them).
    pub fn save(&self) {
        if let TuneModel::Xgb {
            model,
            path: Some(path),
            ..
        } = self
        {
            for note in model.notes() {
                eprintln!("note: {note}");
            }
            if let Err(e) = model.save(path) {
                eprintln!("warning: {e}");
            }
        }
    }
}

/// The search's lines of the text report.
pub fn print_search(r: &EvolutionReport) {
    println!(
        "search ({} model): {:.1} s model, {:.1} s build and check, {:.1} s measure; {} population candidates failed a check",
        r.model,
        r.time_model.as_secs_f64(),
        r.time_build.as_secs_f64(),
        r.time_measure.as_secs_f64(),
        r.population_invalid
    );
    let m = measure_total(r);
    if m.runs > 0 {
        println!(
            "measure: {} runs ({} timed once for being slow, {} timed runs); compile {:.1} s wall, {:.1} s CPU ({} kernels, {} failed, {} past the time limit); in the worker: load {:.1} s, setup {:.1} s, check {:.1} s, timing {:.1} s; pipe and restarts {:.1} s; GPU waiting for a compile {:.1} s; {} worker restarts",
            m.runs, m.quick, m.timed_runs, m.compile_wall_s, m.compile_cpu_s, m.compiles,
            m.compile_errors, m.compile_timeouts, m.load_s, m.setup_s, m.check_s, m.timing_s, m.overhead_s,
            m.gpu_wait_compile_s, m.restarts
        );
    }
    for b in &r.batches {
        let last = b.first_trial + b.measured.saturating_sub(1);
        match &b.quality {
            Some(q) => println!(
                "  trials {:>4}-{:<4} predicted vs measured: Spearman {:+.2}, Kendall tau {:+.2}, top-{} recall {:.2}",
                b.first_trial, last, q.spearman, q.kendall_tau, q.top_k, q.top_k_recall
            ),
            None => println!("  trials {:>4}-{:<4} too few to rank", b.first_trial, last),
        }
    }
}

/// The best time (ms) after each trial, in trial order; `None` before the
/// first correct one.
pub fn best_curve(r: &crate::tune::TuneReport) -> Vec<Option<f64>> {
    let mut best: Option<f64> = None;
    r.trials
        .iter()
        .map(|t| {
            if let Some(ms) = t.time_ms() {
                best = Some(best.map_or(ms, |b| b.min(ms)));
            }
            best
        })
        .collect()
}

/// The first trial (1-based) whose best time reaches `fraction` of the
/// final best's speed (time <= final best / fraction).
pub fn trials_to_fraction(curve: &[Option<f64>], fraction: f64) -> Option<usize> {
    let last = curve.last().copied().flatten()?;
    curve
        .iter()
        .position(|b| b.is_some_and(|b| b <= last / fraction))
        .map(|i| i + 1)
}

/// Every measured batch's breakdown summed.
fn measure_total(r: &EvolutionReport) -> MeasureBreakdown {
    let mut total = MeasureBreakdown::default();
    for b in &r.measure_batches {
        total.accumulate(b);
    }
    total
}

/// `search.phases`: the builds' CPU by phase and how parallel they ran.
fn phases_json(p: &crate::tune::phases::SearchPhases) -> serde_json::Value {
    let mut v = serde_json::to_value(p).unwrap_or_default();
    v["build_parallelism"] = json!(p.build_parallelism());
    v
}

/// The search's fields of the JSON report.
pub fn search_json(r: &EvolutionReport) -> serde_json::Value {
    json!({
        "model": r.model,
        "model_s": r.time_model.as_secs_f64(),
        "build_s": r.time_build.as_secs_f64(),
        "measure_s": r.time_measure.as_secs_f64(),
        // What build_s, model_s and measure_s leave of the search's time.
        "other_s": (r.tune.elapsed.saturating_sub(r.time_build + r.time_model + r.time_measure)).as_secs_f64(),
        // The host side by phase, CPU seconds (issue 31).
        "phases": phases_json(&r.phases),
        "population_invalid": r.population_invalid,
        "population_reused": r.population_reused,
        // The best time after each trial (null until one ran correctly):
        // how fast the search gets there (bench/search_quality.sh).
        "best_curve": best_curve(&r.tune),
        "trials_to_90pct": trials_to_fraction(&best_curve(&r.tune), 0.9),
        // Where the measuring time went, per batch and in all (issue 31).
        "measure_breakdown": {
            "total": serde_json::to_value(measure_total(r)).unwrap_or_default(),
            // GPU time over (wall x GPUs): near 1 when no GPU waited.
            "gpu_utilisation": measure_total(r).gpu_utilisation(),
            // Compile time over (wall x compile threads): near 1 when every
            // core compiled all the time.
            "compile_utilisation": measure_total(r).compile_utilisation(),
            "batches": r.measure_batches.iter().map(|b| serde_json::to_value(b).unwrap_or_default()).collect::<Vec<_>>(),
        },
        "batches": r.batches.iter().map(|b| json!({
            "first_trial": b.first_trial,
            "measured": b.measured,
            "spearman": b.quality.as_ref().map(|q| q.spearman),
            "kendall_tau": b.quality.as_ref().map(|q| q.kendall_tau),
            "top_k": b.quality.as_ref().map(|q| q.top_k),
            "top_k_recall": b.quality.as_ref().map(|q| q.top_k_recall),
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trials_to_ninety_percent_read_the_best_curve() {
        // Final best 1.0 ms: 90% of its speed is 1.111 ms, reached at trial 4.
        let curve = [None, Some(3.0), Some(1.5), Some(1.1), Some(1.1), Some(1.0)];
        assert_eq!(trials_to_fraction(&curve, 0.9), Some(4));
        assert_eq!(trials_to_fraction(&curve, 1.0), Some(6));
        assert_eq!(trials_to_fraction(&[None, None], 0.9), None);
        assert_eq!(trials_to_fraction(&[], 0.9), None);
    }
}
