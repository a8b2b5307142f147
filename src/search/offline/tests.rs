//! The offline judge on synthetic workloads whose features determine the time.

use super::*;
use crate::search::model::{XgbConfig, XgbModel};
use crate::search::RandomModel;

/// A candidate of two store rows; its time a valley in x0 and a slope in x1
/// (as a kernel's time in its tile sizes), 10% of them failing.
fn dataset(name: &str, n: usize, seed: u64) -> Dataset {
    let mut rng = Rng(seed);
    let samples = (0..n)
        .map(|_| {
            let x: Vec<f32> = (0..4).map(|_| (rng.unit() * 16.0).floor() as f32).collect();
            let t = 1.0 + (f64::from(x[0]) - 9.0).abs() + 0.5 * f64::from(x[1]);
            let failed = rng.unit() < 0.1;
            Sample {
                features: vec![x.clone(), vec![x[2], x[3], x[0], 1.0]],
                ms: (!failed).then_some(t),
            }
        })
        .collect();
    Dataset {
        name: name.into(),
        samples,
    }
}

struct Xgb;
impl ModelFactory for Xgb {
    fn make(&self, seed: u64) -> Box<dyn GroupedModel> {
        Box::new(XgbModel::new(XgbConfig {
            max_rounds: 40,
            num_warmup_samples: 32,
            seed,
            ..XgbConfig::default()
        }))
    }
}

struct Random;
impl ModelFactory for Random {
    fn make(&self, seed: u64) -> Box<dyn GroupedModel> {
        Box::new(RandomModel::new(seed))
    }
}

#[test]
fn held_out_folds_rank_a_learnable_workload_and_random_does_not() {
    let d = dataset("w", 240, 3);
    let learned = held_out(&d, &[], &Xgb, 4, 1.0, 8, 1);
    let random = held_out(&d, &[], &Random, 4, 1.0, 8, 1);
    assert_eq!((learned.len(), random.len()), (4, 4));
    let tau = |v: &[FoldQuality]| v.iter().map(|q| q.ranking.kendall_tau).sum::<f64>() / 4.0;
    assert!(tau(&learned) > 0.3, "{learned:?}");
    assert!(tau(&random).abs() < 0.15, "{random:?}");
    // The model's 8 best-scored of 60 hold a time within 10% of the best.
    assert!(
        learned.iter().all(|q| q.top_pick_ratio > 0.9),
        "{learned:?}"
    );
}

#[test]
fn a_simulated_tune_measures_each_candidate_once_and_tracks_the_best() {
    let d = dataset("w", 100, 5);
    let opts = SimOptions {
        trials: 100,
        batch: 16,
        eps_greedy: 0.05,
        seed: 2,
    };
    let curve = simulate(&d, &[], &mut RandomModel::new(1), &opts);
    // Every candidate measured once: the pool's best is the final best.
    assert_eq!(curve.len(), 100);
    assert_eq!(curve.last().copied().flatten(), d.best_ms());
    assert!(curve.windows(2).all(|w| match (w[0], w[1]) {
        (Some(a), Some(b)) => b <= a,
        (Some(_), None) => false,
        _ => true,
    }));
    assert_eq!(
        trials_to_reach(&curve, f64::INFINITY),
        curve.iter().position(Option::is_some).map(|i| i + 1)
    );
    assert_eq!(trials_to_reach(&curve, 0.0), None);
}

#[test]
fn the_model_guided_simulation_finds_the_best_sooner_than_random() {
    let d = dataset("w", 400, 7);
    let best = d.best_ms().unwrap();
    let (mut model_reach, mut random_reach) = (0, 0);
    for seed in 0..4 {
        let opts = SimOptions {
            trials: 160,
            batch: 32,
            eps_greedy: 0.05,
            seed,
        };
        let mut m = Xgb.make(seed);
        let cm = simulate(&d, &[], m.as_mut(), &opts);
        let cr = simulate(&d, &[], &mut RandomModel::new(seed), &opts);
        model_reach += trials_to_reach(&cm, best).unwrap_or(161);
        random_reach += trials_to_reach(&cr, best).unwrap_or(161);
    }
    assert!(
        model_reach * 2 < random_reach,
        "model {model_reach}, random {random_reach}"
    );
}
