//! The cost model on synthetic data whose features determine the run time.

use super::*;
use crate::search::RandomModel;

/// A candidate of two store rows; its time is a known function of the
/// features (a valley in x0, a slope in x1, noise-free), as a kernel's time
/// depends on its tile sizes.
fn synthetic(rng: &mut Rng) -> (CandidateFeatures, f64) {
    let x: Vec<f32> = (0..4).map(|_| (rng.unit() * 16.0).floor() as f32).collect();
    let time = 1.0 + (f64::from(x[0]) - 9.0).abs() + 0.5 * f64::from(x[1]) + 0.1 * f64::from(x[2]);
    let rows = vec![vec![x[0], x[1], x[2], x[3]], vec![x[2], x[3], x[0], 1.0]];
    (rows, time)
}

fn data(n: usize, seed: u64) -> (Vec<CandidateFeatures>, Vec<Option<f64>>) {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| synthetic(&mut rng))
        .map(|(f, t)| (f, Some(t)))
        .unzip()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-model-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn small_config() -> XgbConfig {
    XgbConfig {
        max_rounds: 60,
        ..XgbConfig::default()
    }
}

#[test]
fn the_model_learns_to_rank_held_out_candidates_far_better_than_random() {
    let (train_x, train_y) = data(240, 1);
    let (test_x, test_y) = data(200, 2);
    let mut model = XgbModel::new(small_config());
    model.set_group("w");
    model.update(&train_x, &train_y);
    assert!(model.is_trained());
    let learned = ranking_quality(&model.predict(&test_x), &test_y, 10).unwrap();
    let random = ranking_quality(&RandomModel::new(5).predict(&test_x), &test_y, 10).unwrap();
    // Random: recall about 10/200, rank correlation about 0.
    assert!(learned.top_k_recall >= 0.5, "{learned:?}");
    assert!(
        learned.spearman > 0.6 && learned.kendall_tau > 0.45,
        "{learned:?}"
    );
    assert!(
        random.top_k_recall <= 0.3 && random.spearman.abs() < 0.3,
        "{random:?}"
    );
}

/// MetaSchedule gives a failed candidate throughput 0, and with it weight 0
/// (its gradient and hessian are multiplied by the target): failures count
/// as data but do not bend the trees.
#[test]
fn failed_candidates_count_as_data_but_carry_no_weight() {
    let (x, y) = data(150, 3);
    let mut failing = y.clone();
    for t in failing.iter_mut().skip(100) {
        *t = None;
    }
    let mut with_failures = XgbModel::new(small_config());
    with_failures.update(&x, &failing);
    assert_eq!(with_failures.data_size(), 150);
    let mut without = XgbModel::new(small_config());
    without.update(&x[..100], &y[..100]);
    let (probe, probe_y) = data(100, 4);
    let a = with_failures.predict(&probe);
    let b = without.predict(&probe);
    let qa = ranking_quality(&a, &probe_y, 10).unwrap();
    let qb = ranking_quality(&b, &probe_y, 10).unwrap();
    assert!(qa.spearman > 0.5 && qb.spearman > 0.5, "{qa:?} {qb:?}");
    // The first tree is the same: failures add no gradient.
    assert_eq!(
        with_failures
            .ensemble
            .as_ref()
            .map(|e| e.trees[0].predict(&probe_matrix(&probe), false)),
        without
            .ensemble
            .as_ref()
            .map(|e| e.trees[0].predict(&probe_matrix(&probe), false)),
    );
}

fn probe_matrix(c: &[CandidateFeatures]) -> forust_ml::Matrix<'static, f64> {
    let rows: Vec<&Vec<f32>> = c.iter().flatten().collect();
    let mut data = vec![0.0; rows.len() * 4];
    for (r, row) in rows.iter().enumerate() {
        for (col, v) in row.iter().enumerate() {
            data[col * rows.len() + r] = f64::from(*v);
        }
    }
    forust_ml::Matrix::new(Box::leak(data.into_boxed_slice()), rows.len(), 4)
}

#[test]
fn ranking_is_random_before_64_measurements() {
    let (x, y) = data(63, 6);
    let mut model = XgbModel::new(small_config());
    model.update(&x, &y);
    assert!(!model.is_trained());
    let same = vec![x[0].clone(); 4];
    let p = model.predict(&same);
    assert!(p.windows(2).any(|w| w[0] != w[1]), "not random: {p:?}");
    let (x1, y1) = data(1, 7);
    model.update(&x1, &y1);
    assert!(model.is_trained());
    let p = model.predict(&same);
    assert!(p.windows(2).all(|w| w[0] == w[1]), "not the trees: {p:?}");
}

#[test]
fn the_model_retrains_only_when_the_data_grew_by_a_fifth() {
    let (x, y) = data(160, 8);
    let mut model = XgbModel::new(small_config());
    model.update(&x[..100], &y[..100]);
    assert_eq!(model.last_fit_size(), 100);
    model.update(&x[100..119], &y[100..119]);
    assert_eq!(model.last_fit_size(), 100, "119 < 100 * 1.2");
    model.update(&x[119..120], &y[119..120]);
    assert_eq!(model.last_fit_size(), 120);
    model.update(&x[120..143], &y[120..143]);
    assert_eq!(model.last_fit_size(), 120, "143 < 120 * 1.2");
    model.update(&x[143..144], &y[143..144]);
    assert_eq!(model.last_fit_size(), 144);
}

#[test]
fn a_saved_model_loads_back_and_predicts_the_same() {
    let path = persist::model_path(&temp_dir("roundtrip"));
    assert!(XgbModel::load(&path).unwrap().is_none());
    let (x, y) = data(120, 9);
    let mut model = XgbModel::new(small_config());
    model.set_group("w1");
    model.update(&x, &y);
    model.save(&path).unwrap();
    let mut back = XgbModel::load(&path).unwrap().unwrap();
    let (probe, _) = data(30, 10);
    assert_eq!(model.predict(&probe), back.predict(&probe));
    assert_eq!(back.data_size(), 120);
    assert_eq!(back.rounds(), model.rounds());
    // Learning goes on from the loaded data: 24 more is a fifth.
    let (more, t) = data(24, 11);
    back.update(&more, &t);
    assert_eq!(back.last_fit_size(), 144);
}

#[test]
fn a_foreign_damaged_or_newer_model_file_is_refused_with_a_hint() {
    let path = persist::model_path(&temp_dir("refused"));
    let (x, y) = data(110, 12);
    let mut model = XgbModel::new(small_config());
    model.update(&x, &y);
    model.save(&path).unwrap();
    let good = std::fs::read_to_string(&path).unwrap();

    let refuse = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let e = XgbModel::load(&path).err().expect("refused");
        assert!(e.to_string().contains("hint: delete it"), "{e}");
        e
    };
    assert!(matches!(
        refuse("[1, 2, 3]"),
        ModelFileError::Foreign { .. }
    ));
    assert!(matches!(
        refuse(r#"{"format":"xgboost","version":1}"#),
        ModelFileError::Foreign { .. }
    ));
    assert!(matches!(
        refuse(&good.replacen("\"version\":1", "\"version\":2", 1)),
        ModelFileError::Version { found: 2, .. }
    ));
    // Cut short, as a crash during a copy would leave it.
    assert!(matches!(
        refuse(&good[..good.len() / 2]),
        ModelFileError::Corrupt { .. }
    ));
    // One cost too many: the data no longer adds up.
    let e = refuse(&good.replacen("\"costs\":[", "\"costs\":[1.0,", 1));
    assert!(e.to_string().contains("costs"), "{e}");
    // A tree that forust cannot read.
    assert!(matches!(
        refuse(&good.replacen("\"trees\":[\"", "\"trees\":[\"x", 1)),
        ModelFileError::Corrupt { .. }
    ));
}

#[test]
fn features_of_another_width_start_the_model_over() {
    let (x, y) = data(100, 13);
    let mut model = XgbModel::new(small_config());
    model.update(&x, &y);
    let wider: Vec<CandidateFeatures> = x
        .iter()
        .map(|c| c.iter().map(|r| [r.clone(), vec![0.0]].concat()).collect())
        .collect();
    model.update(&wider[..10], &y[..10]);
    assert_eq!(model.data_size(), 10);
    assert!(
        model.notes()[0].contains("4 features per store"),
        "{:?}",
        model.notes()
    );
}

#[test]
fn tiny_or_constant_data_trains_without_failing() {
    let mut model = XgbModel::new(XgbConfig {
        num_warmup_samples: 1,
        ..small_config()
    });
    model.update(&[vec![vec![1.0, 2.0]]], &[Some(1.0)]);
    assert_eq!(model.data_size(), 1);
    // Every candidate alike: nothing to split on, and no panic.
    let same = vec![vec![vec![3.0f32, 3.0]]; 30];
    let times: Vec<Option<f64>> = (0..30).map(|i| Some(1.0 + f64::from(i))).collect();
    model.update(&same, &times);
    assert!(model.notes().is_empty(), "{:?}", model.notes());
    let p = model.predict(&same[..3]);
    assert!(p.iter().all(|x| x.is_finite()), "{p:?}");
    // All failed: nothing to learn, predictions still come.
    model.update(&same[..5], &[None; 5]);
    assert_eq!(model.predict(&same[..2]).len(), 2);
}
