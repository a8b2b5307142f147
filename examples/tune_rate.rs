//! Where the tuner's host time goes (issue 31: candidates per second), without
//! a GPU: `tune W.tir`'s evolutionary search on the generated space, with the
//! product's features and cost model, measured by a stand-in that takes
//! `GPU_MS` per candidate (its time is a function of the CUDA source, so the
//! model has something to learn) and, with `--nvrtc`, compiles each batch
//! with this host's NVRTC on all threads first, as the shared compile pool
//! does. Prints the search's figures as `tune --json` does (`search`).
//!
//! `--fake-compile` stands in for NVRTC with sleeps (no CPU used, so it
//! models the compiles' latency on a machine with `--compile-threads` free
//! cores, not their CPU): most kernels take 200 ms, one in 16 (by a hash of
//! its source) 3 s, as the heavily unrolled candidates do on the H200's
//! host. With `--stream` the rounds go through the streaming pipeline
//! (`tune::stream`), else each is compiled and measured on its own by the
//! shared compile pool (`shared_compile`), as before the stream: the
//! difference is what the overlap buys.
//!
//! ```text
//! cargo run --release --example tune_rate -- sessions/gemm.tir [TRIALS] [SEED] [GPU_MS] [--nvrtc]
//! cargo run --release --example tune_rate -- sessions/gemm.tir 256 7 20 --fake-compile [--stream] [--gpus=2]
//! ```

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tirtui::codegen::CudaKernel;
use tirtui::design_space::{generate, GpuTarget};
use tirtui::runtime::{CompileError, Precompiled};
use tirtui::search::model::{XgbConfig, XgbModel};
use tirtui::tune::evolution::{evolve, EvolutionOptions};
use tirtui::tune::shared_compile::{measure_shared, Binary, GpuRunner};
use tirtui::tune::stream::StreamParts;
use tirtui::tune::{DeviceId, Measure, MeasureBreakdown, MeasureError, Measured, Nvrtc, Space};

#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

/// A GPU that takes `gpu_ms` per run and answers a time derived from the source.
struct StandIn {
    gpu_ms: u64,
    nvrtc: bool,
    threads: usize,
    /// Sleeps for NVRTC (`--fake-compile`), through the stream or batch by batch.
    fake_compile: Option<FakeCompile>,
    figures: Option<MeasureBreakdown>,
}

struct FakeCompile {
    stream: bool,
    gpus: Vec<StandInGpu>,
    lost: Vec<bool>,
}

/// One stand-in GPU of the fake-compile modes.
struct StandInGpu {
    gpu_ms: u64,
}

impl GpuRunner for StandInGpu {
    fn run(&mut self, kernel: &CudaKernel, _c: &Precompiled) -> Result<Measured, MeasureError> {
        std::thread::sleep(Duration::from_millis(self.gpu_ms));
        Ok(Measured {
            time_ms: source_time_ms(kernel),
            gflops: 1.0,
            correct: Some(true),
            quick: false,
        })
    }
}

fn source_hash(k: &CudaKernel) -> u64 {
    // FNV-1a of the source: the same kernel always gets the same figures.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in k.source.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// NVRTC's latency, slept: 200 ms, or 3 s for one kernel in 16.
fn fake_nvrtc(k: &CudaKernel, _stop: &AtomicBool) -> Result<Binary, CompileError> {
    let ms = if (source_hash(k) >> 20).is_multiple_of(16) {
        3000
    } else {
        200
    };
    std::thread::sleep(Duration::from_millis(ms));
    Ok(Precompiled {
        arch: "sm_90".into(),
        cubin_base64: String::new(),
        compile_ms: ms as f64,
        warnings: vec![],
    }
    .into())
}

fn source_time_ms(k: &CudaKernel) -> f64 {
    0.05 + (source_hash(k) % 1000) as f64 / 1000.0
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
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        if let Some(fake) = &mut self.fake_compile {
            let mut runners: Vec<&mut dyn GpuRunner> = fake
                .gpus
                .iter_mut()
                .map(|g| g as &mut dyn GpuRunner)
                .collect();
            let batch = measure_shared(kernels, &fake_nvrtc, self.threads, &mut runners, stop);
            self.figures = Some(batch.breakdown);
            return batch.results;
        }
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

    fn take_breakdown(&mut self) -> Option<MeasureBreakdown> {
        self.figures.take()
    }

    fn stream(&mut self) -> Option<StreamParts<'_>> {
        let fake = self.fake_compile.as_mut().filter(|f| f.stream)?;
        Some(StreamParts {
            compile: Box::new(fake_nvrtc),
            threads: self.threads,
            runners: fake
                .gpus
                .iter_mut()
                .zip(fake.lost.iter_mut())
                .map(|(g, l)| (g as &mut dyn GpuRunner, l))
                .collect(),
        })
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
    let flag_value = |name: &str| {
        args.iter()
            .find_map(|a| a.strip_prefix(name).and_then(|v| v.parse::<usize>().ok()))
    };
    let gpus = flag_value("--gpus=").unwrap_or(1).max(1);
    let compile_threads = flag_value("--compile-threads=");
    let mut pos = args.iter().filter(|a| !a.starts_with("--"));
    let usage = "usage: tune_rate W.tir [TRIALS] [SEED] [GPU_MS] [--nvrtc | --fake-compile [--stream] [--gpus=N] [--compile-threads=N]]";
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
    let fake_compile = args
        .iter()
        .any(|a| a == "--fake-compile")
        .then(|| FakeCompile {
            stream: args.iter().any(|a| a == "--stream"),
            gpus: (0..gpus).map(|_| StandInGpu { gpu_ms }).collect(),
            lost: vec![false; gpus],
        });
    let mut measure = StandIn {
        gpu_ms,
        nvrtc,
        threads: compile_threads.unwrap_or(opts.threads),
        fake_compile,
        figures: None,
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
        if let Some(m) = o
            .get_mut("measure_breakdown")
            .and_then(|m| m.as_object_mut())
        {
            m.remove("batches");
        }
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
