//! The search's streaming pipeline (issue 31: candidates per second), with
//! fake GPUs and a fake compiler (no GPU here): the next round is picked
//! while the current one is measured, a seed proposes the same candidates
//! whether one GPU, two, or a batch-by-batch measurer measures them (and on
//! any number of threads), a lost GPU costs only the candidate it ran, and a
//! stop keeps every finished measurement, in the database too.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tirtui::codegen::CudaKernel;
use tirtui::db::Db;
use tirtui::design_space::{self, GpuTarget};
use tirtui::runtime::Precompiled;
use tirtui::search::RandomModel;
use tirtui::trace::Session;
use tirtui::tune::evolution::{decision_features, evolve, EvolutionOptions, EvolutionReport};
use tirtui::tune::shared_compile::GpuRunner;
use tirtui::tune::stream::StreamParts;
use tirtui::tune::{
    DbContext, Decision, DeviceId, Measure, MeasureError, Measured, Nvrtc, Space, Stop,
};

fn gemm_spaces() -> Vec<Space> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm.tir");
    let text = std::fs::read_to_string(path).unwrap();
    let func = tirtui::script::parse_func(&text, None).unwrap();
    design_space::generate(&func, &GpuTarget::default())
        .unwrap()
        .into_iter()
        .map(|s| Space::for_sketch(func.clone(), s.steps))
        .filter(|s| !s.sites.is_empty())
        .collect()
}

/// A time from the launch shape, as the other tune tests' model GPU.
fn model_time(k: &CudaKernel) -> f64 {
    let threads: u32 = k.block.iter().product();
    let blocks: u32 = k.grid.iter().product();
    1.0 + (f64::from(threads) - 256.0).abs() / 64.0 + f64::from(blocks) / 4096.0
}

fn measured(k: &CudaKernel) -> Measured {
    let ms = model_time(k);
    Measured {
        time_ms: ms,
        gflops: 1.0 / ms,
        correct: Some(true),
        quick: false,
    }
}

fn device() -> DeviceId {
    DeviceId {
        name: "Fake GPU".into(),
        driver: "1.0".into(),
    }
}

/// A fake GPU of a stream: `ms` per run, lost at its `lost_at`-th run,
/// sets `stop` after `stop_after` runs; counts its runs.
struct FakeRunner {
    ms: u64,
    runs: Arc<Mutex<usize>>,
    lost_at: Option<usize>,
    stop_after: Option<(usize, Arc<AtomicBool>)>,
}

impl GpuRunner for FakeRunner {
    fn run(&mut self, k: &CudaKernel, c: &Precompiled) -> Result<Measured, MeasureError> {
        assert_eq!(c.cubin_base64, format!("bin {}", k.source.len()));
        std::thread::sleep(Duration::from_millis(self.ms));
        let runs = {
            let mut r = self.runs.lock().unwrap();
            *r += 1;
            *r
        };
        if let Some((n, stop)) = &self.stop_after {
            if runs >= *n {
                stop.store(true, Ordering::Relaxed);
            }
        }
        if self.lost_at == Some(runs) {
            return Err(MeasureError::Fatal("the GPU fell off the bus".into()));
        }
        Ok(measured(k))
    }
}

/// A measurer that streams to fake GPUs with a fake compiler.
struct FakePool {
    runners: Vec<FakeRunner>,
    lost: Vec<bool>,
    streamed: bool,
}

impl FakePool {
    fn new(gpus: usize) -> (FakePool, Arc<Mutex<usize>>) {
        let runs = Arc::new(Mutex::new(0));
        let runners = (0..gpus)
            .map(|_| FakeRunner {
                ms: 2,
                runs: Arc::clone(&runs),
                lost_at: None,
                stop_after: None,
            })
            .collect();
        let pool = FakePool {
            runners,
            lost: vec![false; gpus],
            streamed: false,
        };
        (pool, runs)
    }
}

impl Measure for FakePool {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(device())
    }

    fn measure(&mut self, _k: &CudaKernel) -> Result<Measured, MeasureError> {
        Err(MeasureError::Fatal("the search must stream".into()))
    }

    fn stream(&mut self) -> Option<StreamParts<'_>> {
        self.streamed = true;
        Some(StreamParts {
            compile: Box::new(|k: &CudaKernel, _: &AtomicBool| {
                // Now and then a slow one, as NVRTC with an unrolled candidate.
                let slow = k.source.len().is_multiple_of(7);
                std::thread::sleep(Duration::from_millis(if slow { 30 } else { 1 }));
                Ok(Precompiled {
                    arch: "sm_90".into(),
                    cubin_base64: format!("bin {}", k.source.len()),
                    compile_ms: 1.0,
                    warnings: vec![],
                }
                .into())
            }),
            threads: 4,
            runners: self
                .runners
                .iter_mut()
                .zip(self.lost.iter_mut())
                .map(|(r, l)| (r as &mut dyn GpuRunner, l))
                .collect(),
        })
    }
}

/// A measurer without a stream: rounds measured batch by batch.
struct OneByOne;

impl Measure for OneByOne {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(device())
    }

    fn measure(&mut self, k: &CudaKernel) -> Result<Measured, MeasureError> {
        Ok(measured(k))
    }
}

fn options(trials: usize, threads: usize) -> EvolutionOptions {
    EvolutionOptions {
        seed: 7,
        population: 24,
        generations: 1,
        batch: 6,
        threads,
        nvrtc: Nvrtc::Skip,
        ..EvolutionOptions::new(trials)
    }
}

fn search(
    spaces: &[Space],
    opts: &EvolutionOptions,
    measure: &mut dyn Measure,
    db: Option<DbContext<'_>>,
    stop: &AtomicBool,
) -> EvolutionReport {
    let mut model = RandomModel::new(7);
    evolve(
        spaces,
        opts,
        &mut model,
        &decision_features,
        measure,
        db,
        stop,
        &mut |_| {},
    )
}

fn proposals(r: &EvolutionReport) -> Vec<(usize, Vec<Decision>)> {
    r.trial_sketch
        .iter()
        .copied()
        .zip(r.tune.trials.iter().map(|t| t.decisions.clone()))
        .collect()
}

#[test]
fn a_seed_proposes_the_same_candidates_on_one_gpu_two_or_none_streaming() {
    let spaces = gemm_spaces();
    let stop = AtomicBool::new(false);
    let (mut one, _) = FakePool::new(1);
    let a = search(&spaces, &options(18, 1), &mut one, None, &stop);
    let (mut two, runs) = FakePool::new(2);
    let b = search(&spaces, &options(18, 4), &mut two, None, &stop);
    let c = search(&spaces, &options(18, 2), &mut OneByOne, None, &stop);
    assert!(one.streamed && two.streamed);
    assert_eq!(a.tune.trials.len(), 18);
    assert_eq!(a.tune.stop, Stop::Trials);
    assert_eq!(proposals(&a), proposals(&b));
    assert_eq!(proposals(&a), proposals(&c));
    // The trials are recorded in proposal order with their own times.
    let times = |r: &EvolutionReport| -> Vec<Option<f64>> {
        r.tune.trials.iter().map(|t| t.time_ms()).collect()
    };
    assert_eq!(times(&a), times(&c));
    assert_eq!(*runs.lock().unwrap(), 18);
    // The stream's figures: three rounds, each streamed on two GPUs.
    assert_eq!(b.measure_batches.len(), 3);
    assert!(b.measure_batches.iter().all(|m| m.streamed && m.gpus == 2));
}

#[test]
fn a_lost_gpu_costs_only_the_candidate_it_ran() {
    let spaces = gemm_spaces();
    let stop = AtomicBool::new(false);
    let (mut pool, _) = FakePool::new(2);
    pool.runners[1].lost_at = Some(4);
    pool.runners[1].runs = Arc::new(Mutex::new(0));
    let r = search(&spaces, &options(18, 2), &mut pool, None, &stop);
    assert_eq!(r.tune.stop, Stop::Trials);
    assert_eq!(r.tune.trials.len(), 18);
    let lost = r.tune.failed.get("GPU lost").map(|t| t.count);
    assert_eq!(lost, Some(1), "{:?}", r.tune.failed);
    assert_eq!(pool.lost, vec![false, true]);
}

#[test]
fn a_stop_keeps_every_finished_measurement_in_the_database() {
    let spaces = gemm_spaces();
    let dir = std::env::temp_dir().join(format!("tirtui-pipeline-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let stop = Arc::new(AtomicBool::new(false));
    let (mut pool, runs) = FakePool::new(2);
    for r in &mut pool.runners {
        r.stop_after = Some((8, Arc::clone(&stop)));
    }
    let mut db = Db::open(&dir).unwrap();
    let template = Session::from_yaml(
        "tirtui: 1\nworkload: gemm.tir\nsteps: []\n",
        "a test template",
    )
    .unwrap();
    let ctx = DbContext {
        db: &mut db,
        template,
        session_path: None,
    };
    let r = search(&spaces, &options(60, 2), &mut pool, Some(ctx), &stop);
    assert_eq!(r.tune.stop, Stop::Interrupted);
    let ran = *runs.lock().unwrap();
    assert!((8..=12).contains(&ran), "{ran} runs");
    assert_eq!(r.tune.trials.len(), ran);
    assert_eq!(Db::open(&dir).unwrap().records().len(), ran);
    let _ = std::fs::remove_dir_all(&dir);
}
