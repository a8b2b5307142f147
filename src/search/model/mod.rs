//! The learned cost model (issue 31 item 2): gradient-boosted trees trained as
//! MetaSchedule's XGBModel is (apache/tvm `meta_schedule/cost_model/xgb_model.py`).
//!
//! ```text
//! update(features, times) -> group of the workload (its min time)
//!   -> target = min time / time (failed = 0), weight = target
//!   -> retrain when the data grew by 20% since the last fit (boost.rs)
//! predict(features) -> random before 64 measurements (one batch), else the
//!   trees' sum
//!   over a candidate's store rows
//! ```
//!
//! The model and its training data are saved next to the database
//! (`persist.rs`), so the next tune of a similar workload starts trained.

mod boost;
pub mod persist;
pub mod quality;

use super::{CandidateFeatures, CostModel};
use crate::schedule::primitive::sampling::Rng;
use boost::Ensemble;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use persist::{ModelFileError, MODEL_FILE_NAME};
pub use quality::{ranking_quality, RankingQuality};

/// The time MetaSchedule gives a failed candidate (its throughput is then ~0).
pub const FAILED_COST_MS: f64 = 1e10;

/// XGBModel's defaults (its `XGBConfig` and constructor).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct XgbConfig {
    pub max_depth: usize,
    pub gamma: f32,
    pub min_child_weight: f32,
    pub eta: f32,
    /// XGBoost's default L2 regularisation of the leaves.
    pub lambda: f32,
    pub nbins: u16,
    /// XGBModel boosts up to 10000 rounds with early stopping on the training
    /// p-rmse, which keeps improving slowly; a cap keeps a retrain in seconds.
    pub max_rounds: usize,
    pub early_stopping_rounds: usize,
    /// Measurements before the model's ranking replaces a random one.
    /// MetaSchedule waits for 100; 64 (the first batch of a one-GPU tune)
    /// is enough here: trained on 64 measurements the model already ranks
    /// held-out candidates at Kendall tau 0.5-0.7 (`search::offline` on an
    /// H100 dataset), and with 100 the first two batches were blind.
    pub num_warmup_samples: usize,
    pub seed: u64,
}

impl Default for XgbConfig {
    fn default() -> XgbConfig {
        XgbConfig {
            max_depth: 10,
            gamma: 0.001,
            min_child_weight: 0.0,
            eta: 0.2,
            lambda: 1.0,
            nbins: 256,
            max_rounds: 200,
            early_stopping_rounds: 50,
            num_warmup_samples: 64,
            seed: 43,
        }
    }
}

/// The measured candidates of one workload: throughput is normalised within
/// a group (by its best time), as MetaSchedule's `FeatureGroup`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Group {
    pub features: Vec<CandidateFeatures>,
    /// Milliseconds; [`FAILED_COST_MS`] for a failed candidate.
    pub costs: Vec<f64>,
}

impl Group {
    fn min_cost(&self) -> f64 {
        self.costs.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// Normalised throughput of each candidate: best time / time, 0 failed.
    fn targets(&self) -> Vec<f64> {
        let min = self.min_cost();
        self.costs
            .iter()
            .map(|c| {
                if *c >= FAILED_COST_MS || *c <= 0.0 || !c.is_finite() {
                    0.0
                } else {
                    min / c
                }
            })
            .collect()
    }
}

/// Gradient-boosted trees on per-store features, trained with MetaSchedule's
/// pack-sum loss (see `boost.rs`).
pub struct XgbModel {
    pub config: XgbConfig,
    rng: Rng,
    groups: BTreeMap<String, Group>,
    /// The group new measurements go to (the tuned workload's hash).
    group: String,
    data_size: usize,
    last_train_size: usize,
    ensemble: Option<Ensemble>,
    /// Why the model set data aside or could not train (for the tune report).
    notes: Vec<String>,
}

impl XgbModel {
    pub fn new(config: XgbConfig) -> XgbModel {
        XgbModel {
            rng: Rng(config.seed),
            config,
            groups: BTreeMap::new(),
            group: String::new(),
            data_size: 0,
            last_train_size: 0,
            ensemble: None,
            notes: Vec::new(),
        }
    }

    /// New measurements belong to `key` (e.g. the workload hash).
    pub fn set_group(&mut self, key: &str) {
        self.group = key.to_string();
    }

    /// Measured candidates the model has learned from (every group).
    pub fn data_size(&self) -> usize {
        self.data_size
    }

    /// Whether predictions come from the trees (else they are random).
    pub fn is_trained(&self) -> bool {
        self.ensemble.is_some() && self.data_size >= self.config.num_warmup_samples
    }

    /// Measured candidates at the last fit.
    pub fn last_fit_size(&self) -> usize {
        self.last_train_size
    }

    /// Boosting rounds of the current fit (0 before one).
    pub fn rounds(&self) -> usize {
        self.ensemble.as_ref().map_or(0, |e| e.trees.len())
    }

    /// Messages about data set aside or failed fits, oldest first.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Features per store row of the data, when there is data.
    fn width(&self) -> Option<usize> {
        self.groups
            .values()
            .flat_map(|g| g.features.iter().flatten())
            .map(Vec::len)
            .next()
    }

    /// Fits the trees on every group's data now.
    pub fn retrain(&mut self) {
        self.last_train_size = self.data_size;
        let mut features = Vec::with_capacity(self.data_size);
        let mut targets = Vec::with_capacity(self.data_size);
        for g in self.groups.values() {
            features.extend(g.features.iter().cloned());
            targets.extend(g.targets());
        }
        match Ensemble::train(&features, &targets, &self.config) {
            Ok(Some(e)) => self.ensemble = Some(e),
            Ok(None) => self.ensemble = None,
            Err(why) => {
                self.notes
                    .push(format!("the cost model could not be trained: {why}"));
                self.ensemble = None;
            }
        }
    }
}

impl CostModel for XgbModel {
    fn name(&self) -> &str {
        "xgb"
    }

    fn predict(&mut self, candidates: &[CandidateFeatures]) -> Vec<f64> {
        let width = candidates.iter().flatten().map(Vec::len).next();
        match &self.ensemble {
            Some(e)
                if self.data_size >= self.config.num_warmup_samples
                    && width.is_none_or(|w| w == e.width) =>
            {
                e.predict(candidates)
            }
            _ => candidates.iter().map(|_| self.rng.unit()).collect(),
        }
    }

    fn update(&mut self, candidates: &[CandidateFeatures], run_ms: &[Option<f64>]) {
        let new_width = candidates.iter().flatten().map(Vec::len).next();
        if let (Some(old), Some(new)) = (self.width(), new_width) {
            if old != new {
                // Features of another extractor version: they cannot share trees.
                self.notes.push(format!(
                    "the cost model's data has {old} features per store, the new candidates {new}: \
                     the old data and trees are set aside and the model starts over"
                ));
                self.groups.clear();
                self.data_size = 0;
                self.last_train_size = 0;
                self.ensemble = None;
            }
        }
        let group = self.groups.entry(self.group.clone()).or_default();
        let mut added = 0;
        for (f, ms) in candidates.iter().zip(run_ms) {
            // MetaSchedule drops candidates without features.
            if f.is_empty() {
                continue;
            }
            group.features.push(f.clone());
            group.costs.push(
                ms.filter(|t| t.is_finite() && *t > 0.0)
                    .unwrap_or(FAILED_COST_MS),
            );
            added += 1;
        }
        self.data_size += added;
        if added == 0 || self.data_size - self.last_train_size < self.last_train_size / 5 {
            return;
        }
        self.retrain();
    }
}

#[cfg(test)]
mod tests;
