//! The model-guided evolutionary search (issue 31 item 3) against a fake GPU
//! whose times are a known function of the launch a candidate's decisions give.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use tirtui::codegen::CudaKernel;
use tirtui::design_space::{self, GpuTarget};
use tirtui::search::model::{XgbConfig, XgbModel};
use tirtui::search::{CostModel, RandomModel};
use tirtui::trace::Session;
use tirtui::tune::evolution::{
    decision_features, evolve, site_mutators, EvolutionOptions, EvolutionReport, Mutator,
};
use tirtui::tune::{DeviceId, Measure, MeasureError, Measured, Nvrtc, Space, Stop};

fn gemm_tune_space() -> Space {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm_002_5_tune.yaml");
    let session = Session::load(&path).unwrap();
    let (_, text) = session.workload_source(Some(&path)).unwrap();
    let func = tirtui::script::parse_func(&text, None).unwrap();
    Space::new(func, session.steps.clone()).unwrap()
}

/// Time grows with distance from 256 threads per block and with the work per
/// thread; counts how often each kernel is measured (and, apart, measured
/// again at the end). `fail_calls` answer a candidate error, `bad_time_calls`
/// a time the tuner must not trust.
struct FakeGpu {
    measured: HashMap<String, usize>,
    calls: usize,
    remeasured: Vec<f64>,
    fail_calls: Vec<usize>,
    bad_time_calls: Vec<usize>,
}

impl FakeGpu {
    fn new() -> FakeGpu {
        FakeGpu {
            measured: HashMap::new(),
            calls: 0,
            remeasured: Vec::new(),
            fail_calls: Vec::new(),
            bad_time_calls: Vec::new(),
        }
    }
}

fn fake_time(k: &CudaKernel) -> f64 {
    let threads: u32 = k.block.iter().product();
    let blocks: u32 = k.grid.iter().product();
    let per_thread = 1024.0 * 512.0 / f64::from(threads * blocks);
    1.0 + (f64::from(threads) - 256.0).abs() / 64.0 + per_thread / 16.0
}

impl Measure for FakeGpu {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(DeviceId {
            name: "Fake GPU".into(),
            driver: "1.0".into(),
        })
    }

    fn remeasure(&mut self, kernels: &[&CudaKernel]) -> Vec<Result<Measured, MeasureError>> {
        kernels
            .iter()
            .map(|k| {
                let ms = fake_time(k);
                self.remeasured.push(ms);
                Ok(Measured {
                    time_ms: ms,
                    gflops: 1.0 / ms,
                    correct: Some(true),
                    quick: false,
                })
            })
            .collect()
    }

    fn measure(&mut self, k: &CudaKernel) -> Result<Measured, MeasureError> {
        self.calls += 1;
        *self.measured.entry(k.source.clone()).or_default() += 1;
        if self.fail_calls.contains(&self.calls) {
            return Err(MeasureError::Candidate {
                reason: "launch".into(),
                detail: "an illegal memory access".into(),
            });
        }
        let ms = if self.bad_time_calls.contains(&self.calls) {
            -1.0
        } else {
            fake_time(k)
        };
        Ok(Measured {
            time_ms: ms,
            gflops: 1.0 / ms,
            correct: Some(true),
            quick: false,
        })
    }
}

fn small_options(trials: usize, seed: u64) -> EvolutionOptions {
    EvolutionOptions {
        seed,
        population: 96,
        generations: 3,
        batch: 16,
        threads: 2,
        nvrtc: Nvrtc::Skip,
        ..EvolutionOptions::new(trials)
    }
}

fn xgb() -> XgbModel {
    XgbModel::new(XgbConfig {
        num_warmup_samples: 32,
        max_rounds: 40,
        ..XgbConfig::default()
    })
}

fn run(
    spaces: &[Space],
    opts: &EvolutionOptions,
    model: &mut dyn CostModel,
    gpu: &mut FakeGpu,
) -> EvolutionReport {
    let stop = AtomicBool::new(false);
    evolve(
        spaces,
        opts,
        model,
        &decision_features,
        gpu,
        None,
        &stop,
        &mut |_| {},
    )
}

/// Trials until the best time is within 2% of `target`.
fn trials_to_reach(r: &EvolutionReport, target: f64) -> Option<usize> {
    r.tune
        .curve
        .iter()
        .find(|(_, t)| *t <= target * 1.02)
        .map(|(i, _)| *i)
}

#[test]
fn the_model_guided_search_finds_the_optimum_in_fewer_trials_than_random() {
    let spaces = [gemm_tune_space()];
    let trials = 160;
    let mut reached = Vec::new();
    // Summed over seeds: on one seed random search may be lucky (the tile
    // sampler draws TVM's distribution, which often puts the optimum early).
    for seed in [1, 2, 3, 4] {
        let opts = small_options(trials, seed);
        let learned = run(&spaces, &opts, &mut xgb(), &mut FakeGpu::new());
        let random = run(
            &spaces,
            &opts,
            &mut RandomModel::new(seed),
            &mut FakeGpu::new(),
        );
        let best = |r: &EvolutionReport| r.tune.best().and_then(|t| t.time_ms()).unwrap();
        let optimum = best(&learned).min(best(&random));
        eprintln!(
            "seed {seed}: learned best {} at {:?}, random best {} at {:?}; batches {:?}",
            best(&learned),
            trials_to_reach(&learned, optimum),
            best(&random),
            trials_to_reach(&random, optimum),
            learned
                .batches
                .iter()
                .map(|b| b.quality.as_ref().map(|q| q.spearman))
                .collect::<Vec<_>>()
        );
        reached.push((
            trials_to_reach(&learned, optimum),
            trials_to_reach(&random, optimum),
        ));
    }
    let (mut learned_sum, mut random_sum) = (0usize, 0usize);
    for (learned, random) in &reached {
        learned_sum += learned.expect("the learned search reaches the optimum");
        random_sum += random.unwrap_or(trials + 1);
    }
    assert!(
        learned_sum * 3 / 2 <= random_sum,
        "trials to the optimum, summed over seeds: learned {learned_sum} vs random {random_sum} ({reached:?})"
    );
}

#[test]
fn no_candidate_is_measured_twice_and_the_budget_holds() {
    let spaces = [gemm_tune_space()];
    let mut gpu = FakeGpu::new();
    let r = run(&spaces, &small_options(70, 3), &mut xgb(), &mut gpu);
    assert_eq!(r.tune.trials.len(), 70);
    assert_eq!(gpu.calls, 70);
    // The three fastest, and only they, are measured again before one wins.
    let mut fastest: Vec<f64> = r.tune.trials.iter().filter_map(|t| t.time_ms()).collect();
    fastest.sort_by(f64::total_cmp);
    assert_eq!(gpu.remeasured, fastest[..3].to_vec());
    assert_eq!(r.tune.remeasured.len(), 3);
    assert!(
        gpu.measured.values().all(|n| *n == 1),
        "{:?}",
        gpu.measured.values().max()
    );
    let keys: HashSet<String> = r
        .tune
        .trials
        .iter()
        .map(|t| format!("{:?}", t.decisions))
        .collect();
    assert_eq!(keys.len(), 70);
    // Batches of 16: 16, 16, 16, 16 and the 6 that were left.
    let sizes: Vec<usize> = r.batches.iter().map(|b| b.measured).collect();
    assert_eq!(sizes, vec![16, 16, 16, 16, 6]);
    assert!(r.batches.iter().all(|b| b.quality.is_some()));
}

#[test]
fn a_failed_or_hostile_measurement_costs_only_its_candidate() {
    let spaces = [gemm_tune_space()];
    let mut gpu = FakeGpu::new();
    gpu.fail_calls = vec![2, 17, 18];
    gpu.bad_time_calls = vec![5];
    let r = run(&spaces, &small_options(40, 4), &mut xgb(), &mut gpu);
    assert_eq!(r.tune.stop, Stop::Trials);
    assert_eq!(r.tune.trials.len(), 40);
    let failed: usize = r.tune.failed.values().map(|t| t.count).sum();
    assert_eq!(failed, 4, "{:?}", r.tune.failed);
    assert!(r.tune.failed.contains_key("invalid time"));
    let best = r.tune.best().and_then(|t| t.time_ms()).unwrap();
    assert!(best > 0.0);
}

#[test]
fn all_sketches_of_a_workload_are_searched_together() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm.tir");
    let text = std::fs::read_to_string(&path).unwrap();
    let func = tirtui::script::parse_func(&text, None).unwrap();
    let sketches = design_space::generate(&func, &GpuTarget::default()).unwrap();
    let spaces: Vec<Space> = sketches
        .iter()
        .filter_map(|s| Space::new(func.clone(), s.steps.clone()).ok())
        .collect();
    assert!(spaces.len() >= 2, "{} sketches", spaces.len());
    // MetaSchedule's mutators find their sites: tiles and the unroll.
    let kinds: HashSet<Mutator> = spaces.iter().flat_map(site_mutators).flatten().collect();
    assert!(
        kinds.contains(&Mutator::TileSize) && kinds.contains(&Mutator::Unroll),
        "{kinds:?}"
    );
    let opts = EvolutionOptions {
        population: 128,
        generations: 1,
        ..small_options(32, 5)
    };
    let mut gpu = FakeGpu::new();
    let r = run(&spaces, &opts, &mut RandomModel::new(5), &mut gpu);
    assert_eq!(r.tune.trials.len(), 32, "{:?}", r.tune.stop);
    let used: HashSet<usize> = r.trial_sketch.iter().copied().collect();
    assert!(
        used.len() >= 2,
        "one sketch only: {used:?} of {}; {} invalid",
        spaces.len(),
        r.population_invalid
    );
}
