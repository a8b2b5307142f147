//! The cost model and the search judged offline, on recorded measurements
//! (issue 31): no GPU, many seeds.
//!
//! ```text
//! records of a workload (features, measured ms) = a Dataset
//!   held_out(): k folds, the model learns the rest (and other workloads'
//!     records, a prior) -> Kendall tau, top-k recall, regret of its top picks
//!   simulate(): a tune restricted to the recorded candidates: each round the
//!     model scores every unmeasured one, the batch is its best (95%) and
//!     random ones (5%), "measuring" reads the recorded time
//! ```
//!
//! The simulator's pool is what an earlier tune measured, so random picks in
//! it are better than random picks in the whole space: its model/random
//! ratios are lower bounds of the product's, useful to compare models and
//! search settings with each other, not as the issue's device figures.
//!
//! Invariant: pure functions of the data and the seed; never panics.

use super::model::{ranking_quality, RankingQuality};
use super::{CandidateFeatures, CostModel};
use crate::schedule::primitive::sampling::Rng;

/// One recorded candidate.
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: CandidateFeatures,
    /// Measured milliseconds; `None`: it failed.
    pub ms: Option<f64>,
}

/// The recorded candidates of one workload (its group in the model).
#[derive(Clone, Debug)]
pub struct Dataset {
    pub name: String,
    pub samples: Vec<Sample>,
}

impl Dataset {
    /// The fastest recorded time.
    pub fn best_ms(&self) -> Option<f64> {
        self.samples
            .iter()
            .filter_map(|s| s.ms)
            .min_by(f64::total_cmp)
    }

    /// Teaches `model` every sample (as the group `name`), or those at `only`.
    fn teach(&self, model: &mut dyn CostModel, only: Option<&[usize]>) {
        let pick: Vec<&Sample> = match only {
            Some(idx) => idx.iter().filter_map(|i| self.samples.get(*i)).collect(),
            None => self.samples.iter().collect(),
        };
        let x: Vec<CandidateFeatures> = pick.iter().map(|s| s.features.clone()).collect();
        let y: Vec<Option<f64>> = pick.iter().map(|s| s.ms).collect();
        model.update(&x, &y);
    }
}

/// Something that makes a fresh model and tells it which group comes next.
pub trait ModelFactory {
    fn make(&self, seed: u64) -> Box<dyn GroupedModel>;
}

/// A cost model whose measurements are grouped by workload.
pub trait GroupedModel: CostModel {
    fn set_group(&mut self, group: &str);
}

impl GroupedModel for super::model::XgbModel {
    fn set_group(&mut self, group: &str) {
        super::model::XgbModel::set_group(self, group);
    }
}

impl GroupedModel for super::RandomModel {
    fn set_group(&mut self, _group: &str) {}
}

/// A held-out fold's figures.
#[derive(Clone, Debug)]
pub struct FoldQuality {
    pub ranking: RankingQuality,
    /// Best held-out time / best time among the model's `regret_k` best
    /// scored (1.0: its picks hold the best; 0.5: twice as slow).
    pub top_pick_ratio: f64,
    pub regret_k: usize,
}

/// A fixed shuffle of `0..n` (xorshift), so folds mix fast and slow ones.
pub fn shuffled(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = Rng(seed ^ 0x2545_f491_4f6c_dd1d);
    for i in (1..n).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    order
}

/// `folds`-fold held-out ranking of `data`: the model learns `prior` first
/// (other workloads, each its own group), then the other folds of `data`
/// (`train_share` of them: 1.0 all, less to see how it does with few
/// measurements), and ranks the held-out fold. `regret_k`: how many of its
/// best-scored are "picked".
pub fn held_out(
    data: &Dataset,
    prior: &[&Dataset],
    factory: &dyn ModelFactory,
    folds: usize,
    train_share: f64,
    regret_k: usize,
    seed: u64,
) -> Vec<FoldQuality> {
    let folds = folds.max(2);
    let order = shuffled(data.samples.len(), seed);
    let mut out = Vec::new();
    for fold in 0..folds {
        let held: Vec<usize> = order
            .iter()
            .enumerate()
            .filter(|(k, _)| k % folds == fold)
            .map(|(_, &i)| i)
            .collect();
        let rest: Vec<usize> = order
            .iter()
            .enumerate()
            .filter(|(k, _)| k % folds != fold)
            .map(|(_, &i)| i)
            .collect();
        let keep = ((rest.len() as f64) * train_share.clamp(0.0, 1.0)).round() as usize;
        let train = &rest[..keep.min(rest.len())];
        let mut model = factory.make(seed.wrapping_add(fold as u64));
        for p in prior {
            model.set_group(&p.name);
            p.teach(model.as_mut(), None);
        }
        model.set_group(&data.name);
        data.teach(model.as_mut(), Some(train));
        let x: Vec<CandidateFeatures> = held
            .iter()
            .map(|i| data.samples[*i].features.clone())
            .collect();
        let y: Vec<Option<f64>> = held.iter().map(|i| data.samples[*i].ms).collect();
        let scores = model.predict(&x);
        let Some(ranking) = ranking_quality(&scores, &y, 8) else {
            continue;
        };
        out.push(FoldQuality {
            ranking,
            top_pick_ratio: top_pick_ratio(&scores, &y, regret_k),
            regret_k,
        });
    }
    out
}

/// Best of `ms` / best of the `k` best-scored (0 when those all failed).
fn top_pick_ratio(scores: &[f64], ms: &[Option<f64>], k: usize) -> f64 {
    let best = ms.iter().flatten().copied().fold(f64::INFINITY, f64::min);
    let mut idx: Vec<usize> = (0..scores.len()).collect();
    idx.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]));
    let picked = idx
        .iter()
        .take(k.max(1))
        .filter_map(|i| ms[*i])
        .fold(f64::INFINITY, f64::min);
    if picked.is_finite() && best.is_finite() {
        best / picked
    } else {
        0.0
    }
}

/// How a simulated tune picks its batches.
#[derive(Clone, Debug)]
pub struct SimOptions {
    pub trials: usize,
    pub batch: usize,
    /// Share of each batch drawn at random (MetaSchedule: 0.05).
    pub eps_greedy: f64,
    pub seed: u64,
}

/// One simulated tune: the best time after each trial (`None` before a
/// correct one).
pub fn simulate(
    data: &Dataset,
    prior: &[&Dataset],
    model: &mut dyn GroupedModel,
    opts: &SimOptions,
) -> Vec<Option<f64>> {
    let mut rng = Rng(opts.seed ^ 0x005e_ed0f_5133);
    for p in prior {
        model.set_group(&p.name);
        p.teach(model, None);
    }
    model.set_group(&data.name);
    let mut unmeasured: Vec<usize> = shuffled(data.samples.len(), opts.seed);
    let mut curve: Vec<Option<f64>> = Vec::new();
    let mut best: Option<f64> = None;
    while curve.len() < opts.trials && !unmeasured.is_empty() {
        let room = opts.batch.min(opts.trials - curve.len()).max(1);
        let x: Vec<CandidateFeatures> = unmeasured
            .iter()
            .map(|i| data.samples[*i].features.clone())
            .collect();
        let scores = model.predict(&x);
        let mut by_score: Vec<usize> = (0..unmeasured.len()).collect();
        by_score.sort_by(|a, b| scores[*b].total_cmp(&scores[*a]).then(a.cmp(b)));
        let n_random = ((room as f64) * opts.eps_greedy).round() as usize;
        let mut picked: Vec<usize> = by_score
            .iter()
            .take(room.saturating_sub(n_random))
            .copied()
            .collect();
        while picked.len() < room.min(unmeasured.len()) {
            let at = rng.below(unmeasured.len() as u64) as usize;
            if !picked.contains(&at) {
                picked.push(at);
            }
        }
        let sample_ids: Vec<usize> = picked.iter().map(|p| unmeasured[*p]).collect();
        for id in &sample_ids {
            if let Some(ms) = data.samples[*id].ms {
                best = Some(best.map_or(ms, |b: f64| b.min(ms)));
            }
            curve.push(best);
        }
        data.teach(model, Some(&sample_ids));
        picked.sort_unstable_by(|a, b| b.cmp(a));
        for p in picked {
            unmeasured.swap_remove(p);
        }
    }
    curve
}

/// The first trial (1-based) whose best time is within `target_ms`; `None`
/// when the curve never reaches it.
pub fn trials_to_reach(curve: &[Option<f64>], target_ms: f64) -> Option<usize> {
    curve
        .iter()
        .position(|b| b.is_some_and(|t| t <= target_ms))
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests;
