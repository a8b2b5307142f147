//! Cost-model-guided search (seed 003, "Cost-model-guided evolutionary search"):
//! what a candidate looks like to a learned model and how the model ranks
//! candidates, so that the tuner builds and measures only the ones it ranks best.
//!
//! ```text
//! lowered candidate -> features (one row per store statement)
//!   -> CostModel::predict (score per candidate, higher = faster)
//!   -> the tuner measures the best -> CostModel::update (learn from the times)
//! ```
//!
//! The trait is the only thing the tuner knows about a model, so a model can be
//! swapped (random ranking, gradient-boosted trees) without touching the search.
//!
//! May use: `codegen`, `db`, `ir`, `lower`, `schedule`, `trace`.

pub mod features;
pub mod model;
pub mod offline;

use crate::schedule::primitive::sampling::Rng;

/// One candidate as a model sees it: one row per store statement of its lowered
/// program (MetaSchedule's per-store features), every row the same length.
pub type CandidateFeatures = Vec<Vec<f32>>;

/// Ranks candidates by predicted speed and learns from measurements.
pub trait CostModel: Send {
    /// A short name for reports and `tune --help` (`random`, `xgb`, ...).
    fn name(&self) -> &str;

    /// One score per candidate, in the order given; higher means predicted
    /// faster. Scores compare only within one call.
    fn predict(&mut self, candidates: &[CandidateFeatures]) -> Vec<f64>;

    /// Learns from measured candidates: `run_ms[i]` is candidate `i`'s measured
    /// time, `None` where it failed or computed a wrong result (MetaSchedule
    /// gives those throughput 0).
    fn update(&mut self, candidates: &[CandidateFeatures], run_ms: &[Option<f64>]);
}

/// Random ranking: what MetaSchedule uses before a model has enough data, and
/// the baseline a learned model must beat.
#[derive(Clone, Debug)]
pub struct RandomModel {
    rng: Rng,
}

impl RandomModel {
    pub fn new(seed: u64) -> RandomModel {
        RandomModel { rng: Rng(seed) }
    }
}

impl CostModel for RandomModel {
    fn name(&self) -> &str {
        "random"
    }

    fn predict(&mut self, candidates: &[CandidateFeatures]) -> Vec<f64> {
        candidates.iter().map(|_| self.rng.unit()).collect()
    }

    fn update(&mut self, _candidates: &[CandidateFeatures], _run_ms: &[Option<f64>]) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_model_scores_every_candidate_and_varies_with_the_seed() {
        let cands = vec![vec![vec![0.0f32; 3]]; 5];
        let a = RandomModel::new(1).predict(&cands);
        let b = RandomModel::new(2).predict(&cands);
        assert_eq!(a.len(), 5);
        assert!(a.iter().all(|s| (0.0..1.0).contains(s)));
        assert_ne!(a, b);
    }
}
