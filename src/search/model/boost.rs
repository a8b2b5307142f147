//! The boosting loop behind [`super::XgbModel`]: MetaSchedule's pack-sum
//! objective on forust-ml's histogram trees.
//!
//! XGBModel predicts one score per store row and sums a candidate's rows; its
//! custom objective gives every row of candidate `c` the gradient
//! `(sum_pred_c - y_c) * y_c` and the hessian `y_c` (a throughput-weighted
//! squared error on the candidate's sum). forust only has built-in
//! objectives, so each round fits one squared-loss tree to the residual
//! `y_c - sum_pred_c` with weight `y_c` and base score 0: its leaves are then
//! `eta * sum(w r) / (sum(w) + lambda)`, the same Newton step XGBoost takes with
//! the custom objective. The ensemble is the list of those one-tree boosters.

use super::XgbConfig;
use crate::search::CandidateFeatures;
use forust_ml::objective::ObjectiveType;
use forust_ml::{GradientBooster, Matrix};

/// The trees of a trained model, in boosting order.
pub struct Ensemble {
    /// Features per store row the trees were trained on.
    pub width: usize,
    pub trees: Vec<GradientBooster>,
}

/// The store rows of several candidates as one column-major matrix, with the
/// candidate each row belongs to.
struct Rows {
    data: Vec<f64>,
    rows: usize,
    width: usize,
    owner: Vec<usize>,
}

impl Rows {
    fn new(candidates: &[CandidateFeatures], width: usize) -> Rows {
        let owner: Vec<usize> = candidates
            .iter()
            .enumerate()
            .flat_map(|(c, rows)| std::iter::repeat_n(c, rows.len()))
            .collect();
        let rows = owner.len();
        let mut data = vec![f64::NAN; rows * width];
        for (r, row) in candidates.iter().flatten().enumerate() {
            for (col, v) in row.iter().take(width).enumerate() {
                data[col * rows + r] = f64::from(*v);
            }
        }
        Rows {
            data,
            rows,
            width,
            owner,
        }
    }

    fn matrix(&self) -> Matrix<'_, f64> {
        Matrix::new(&self.data, self.rows, self.width)
    }

    /// Per-candidate sums of per-row values.
    fn sum_per_candidate(&self, per_row: &[f64], candidates: usize) -> Vec<f64> {
        let mut out = vec![0.0; candidates];
        for (r, v) in per_row.iter().enumerate() {
            out[self.owner[r]] += v;
        }
        out
    }
}

impl Ensemble {
    /// Trains on `candidates` with normalised throughputs `targets` (0 for a
    /// failed one), stopping early when the training p-rmse has not improved
    /// for `early_stopping_rounds` rounds (XGBModel's callback). `None` when
    /// no candidate has a positive target (nothing to learn).
    pub fn train(
        candidates: &[CandidateFeatures],
        targets: &[f64],
        cfg: &XgbConfig,
    ) -> Result<Option<Ensemble>, String> {
        let width = candidates.iter().flatten().map(Vec::len).max().unwrap_or(0);
        if width == 0 || !targets.iter().any(|y| *y > 0.0) {
            return Ok(None);
        }
        let rows = Rows::new(candidates, width);
        let weight: Vec<f64> = rows.owner.iter().map(|c| targets[*c]).collect();
        let mut sum_pred = vec![0.0; candidates.len()];
        let mut trees = Vec::new();
        let mut best = (f64::INFINITY, 0usize);
        for round in 0..cfg.max_rounds {
            let residual: Vec<f64> = rows
                .owner
                .iter()
                .map(|c| targets[*c] - sum_pred[*c])
                .collect();
            let mut tree = one_tree(cfg, round);
            tree.fit(&rows.matrix(), &residual, &weight, None)
                .map_err(|e| format!("boosting round {}: {e}", round + 1))?;
            let step =
                rows.sum_per_candidate(&tree.predict(&rows.matrix(), false), candidates.len());
            for (p, s) in sum_pred.iter_mut().zip(&step) {
                *p += s;
            }
            trees.push(tree);
            let rmse = pack_sum_rmse(&rows, &sum_pred, targets);
            if rmse < best.0 {
                best = (rmse, trees.len());
            } else if trees.len() - best.1 >= cfg.early_stopping_rounds {
                break;
            }
        }
        trees.truncate(best.1.max(1));
        Ok(Some(Ensemble { width, trees }))
    }

    /// One score per candidate: the sum of its rows' predictions.
    pub fn predict(&self, candidates: &[CandidateFeatures]) -> Vec<f64> {
        let rows = Rows::new(candidates, self.width);
        if rows.rows == 0 {
            return vec![0.0; candidates.len()];
        }
        let mut per_row = vec![0.0; rows.rows];
        for tree in &self.trees {
            for (acc, p) in per_row.iter_mut().zip(tree.predict(&rows.matrix(), false)) {
                *acc += p;
            }
        }
        rows.sum_per_candidate(&per_row, candidates.len())
    }
}

/// A one-round squared-loss booster with XGBModel's tree parameters and base
/// score 0 (the ensemble adds the rounds up itself).
fn one_tree(cfg: &XgbConfig, round: usize) -> GradientBooster {
    GradientBooster::default()
        .set_objective_type(ObjectiveType::SquaredLoss)
        .set_iterations(1)
        .set_learning_rate(cfg.eta)
        .set_max_depth(cfg.max_depth)
        .set_gamma(cfg.gamma)
        .set_min_leaf_weight(cfg.min_child_weight)
        .set_l2(cfg.lambda)
        .set_nbins(cfg.nbins)
        .set_base_score(0.0)
        .set_initialize_base_score(false)
        // The tuner builds candidates on the other cores meanwhile.
        .set_parallel(false)
        .set_seed(cfg.seed.wrapping_add(round as u64))
}

/// XGBModel's `p-rmse`: the root mean squared error of the candidates' sums,
/// counted once per store row.
fn pack_sum_rmse(rows: &Rows, sum_pred: &[f64], targets: &[f64]) -> f64 {
    let n = rows.owner.len().max(1) as f64;
    let se: f64 = rows
        .owner
        .iter()
        .map(|c| (sum_pred[*c] - targets[*c]).powi(2))
        .sum();
    (se / n).sqrt()
}
