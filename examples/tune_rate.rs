//! Where the tuner's host time goes (issue 31: candidates per second), without
//! a GPU: `tune W.tir`'s evolutionary search on the generated space, with the
//! product's features and cost model, measured by a stand-in that takes
//! `GPU_MS` per candidate (its time is a function of the CUDA source, so the
//! model has something to learn) and, with `--nvrtc`, compiles each batch
//! with this host's NVRTC on all threads first, as the shared compile pool
//! does. Prints the search's figures as `tune --json` does (`search`).
//!
//! ```text
//! cargo run --release --example tune_rate -- sessions/gemm.tir [TRIALS] [SEED] [GPU_MS] [--nvrtc]
//! ```

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tirtui::codegen::CudaKernel;
use tirtui::design_space::{generate, GpuTarget};
use tirtui::search::model::{XgbConfig, XgbModel};
use tirtui::tune::evolution::{evolve, EvolutionOptions};
use tirtui::tune::{DeviceId, Measure, MeasureError, Measured, Nvrtc, Space};

#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

/// A GPU that takes `gpu_ms` per run and answers a time derived from the source.
struct StandIn {
    gpu_ms: u64,
    nvrtc: bool,
    threads: usize,
}

fn source_time_ms(k: &CudaKernel) -> f64 {
    // FNV-1a of the source: the same kernel always gets the same time.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in k.source.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    0.05 + (h % 1000) as f64 / 1000.0
}

impl Measure for StandIn {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(DeviceId {
            name: "stand-in".into(),
            driver: "0".into(),
        })
    }

    fn measure(&mut self, kernel: &CudaKernel) -> Result<Measured, MeasureError> {
        std::thread::sleep(Duration::from_millis(self.gpu_ms));
        Ok(Measured {
            time_ms: source_time_ms(kernel),
            gflops: 1.0,
            correct: Some(true),
            quick: false,
        })
    }

    fn measure_batch(
        &mut self,
        kernels: &[&CudaKernel],
        _stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        if self.nvrtc {
            let t = Instant::now();
            let next = std::sync::atomic::AtomicUsize::new(0);
            std::thread::scope(|s| {
                for _ in 0..self.threads.clamp(1, kernels.len().max(1)) {
                    s.spawn(|| loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(k) = kernels.get(i) else { break };
                        if let Err(e) = tirtui::runtime::precompile(k, "sm_90") {
                            eprintln!("compile error: {e}");
                        }
                    });
                }
            });
            eprintln!(
                "batch of {}: NVRTC {:.2} s on {} threads",
                kernels.len(),
                t.elapsed().as_secs_f64(),
                self.threads
            );
        }
        kernels.iter().map(|k| self.measure(k)).collect()
    }
}

/// CPU seconds of this process so far, every thread.
fn process_cpu_s() -> f64 {
    // SAFETY: getrusage fills the plain struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return f64::NAN;
    }
    let s = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    s(usage.ru_utime) + s(usage.ru_stime)
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nvrtc = args.iter().any(|a| a == "--nvrtc");
    let mut pos = args.iter().filter(|a| !a.starts_with("--"));
    let usage = "usage: tune_rate W.tir [TRIALS] [SEED] [GPU_MS] [--nvrtc]";
    let workload = PathBuf::from(pos.next().ok_or(usage)?);
    let trials: usize = pos.next().and_then(|s| s.parse().ok()).unwrap_or(256);
    let seed: u64 = pos.next().and_then(|s| s.parse().ok()).unwrap_or(7);
    let gpu_ms: u64 = pos.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let text = std::fs::read_to_string(&workload).map_err(|e| e.to_string())?;
    let func = tirtui::script::parse_func(&text, None).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let sketches = generate(&func, &GpuTarget::default()).map_err(|e| e.to_string())?;
    let spaces: Vec<Space> = sketches
        .iter()
        .map(|s| Space::for_sketch(func.clone(), s.steps.clone()))
        .filter(|s| !s.sites.is_empty())
        .collect();
    eprintln!(
        "{} sketches in {:.2} s",
        spaces.len(),
        t.elapsed().as_secs_f64()
    );
    let mut opts = EvolutionOptions::new(trials);
    opts.seed = seed;
    opts.nvrtc = Nvrtc::Skip;
    let mut model = XgbModel::new(XgbConfig::default());
    let mut measure = StandIn {
        gpu_ms,
        nvrtc,
        threads: opts.threads,
    };
    let stop = AtomicBool::new(false);
    let report = evolve(
        &spaces,
        &opts,
        &mut model,
        &tirtui::cli::tune::store_features,
        &mut measure,
        None,
        &stop,
        &mut |_| {},
    );
    let mut v = tirtui::cli::tune_model::search_json(&report);
    if let Some(o) = v.as_object_mut() {
        o.remove("best_curve");
        o.remove("batches");
        o.remove("measure_breakdown");
    }
    let cpu = process_cpu_s();
    println!(
        "{}",
        serde_json::json!({
            "elapsed_s": report.tune.elapsed.as_secs_f64(),
            "trials": report.tune.trials.len(),
            "candidates_per_s": report.tune.candidates_per_s(),
            "threads": opts.threads,
            // Host CPU seconds per candidate: the rate on C free cores is
            // about C / this (when the builds spread over them).
            "cpu_s": cpu,
            "cpu_s_per_trial": cpu / report.tune.trials.len().max(1) as f64,
            "search": v,
        })
    );
    Ok(())
}
