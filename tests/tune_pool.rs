//! Several GPUs sharing one compile pool (issue 31: two GPUs at >= 1.8x one),
//! against fake workers that speak the worker protocol (no GPU here): the
//! pool compiles every candidate once (a stand-in compiler with a fake
//! compile time), each binary goes to whichever worker is free with its run
//! request, results come back in batch order, a worker that keeps dying
//! costs the candidates it ran and the other finishes the batch, and a
//! worker that cannot say its architecture gets the per-worker path.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::{GpuTarget, Precompiled};
use tirtui::tune::{Measure, MeasureError, MeasurePool, Measured};

fn kernel(i: usize) -> CudaKernel {
    let arg = |name: &str, out: bool| KernelArg {
        name: name.into(),
        dtype: "float32".into(),
        shape: vec![64],
        is_output: out,
        layout: None,
    };
    let name = format!("k{i}");
    CudaKernel {
        source: format!("extern \"C\" __global__ void {name}(const float* A, float* B) {{ B[threadIdx.x] = A[threadIdx.x]; }}"),
        name,
        grid: [1, 1, 1],
        block: [64, 1, 1],
        dynamic_shared_bytes: 0,
        static_shared_bytes: 0,
        local_bytes: 0,
        args: vec![arg("A", false), arg("B", true)],
        launches: vec![],
        temporaries: vec![],
    }
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-pool-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fake worker: `arch` answers sm_90 (unless `DIR/no-arch` exists: an
/// older worker), a run sleeps `RUN_S` seconds and answers the kernel's
/// number as its time, logging `run kN precompiled|source` to `DIR/log`;
/// while `DIR/die` exists every run kills the worker.
fn worker(dir: &Path, run_s: &str) -> GpuTarget {
    let script = r#"d=DIR
while read -r line; do
  id=$(printf '%s' "$line" | sed 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"op":"device"'*) r='{"device":"Fake GPU"}';;
    *'"op":"driver"'*) r='{"driver":"13.0"}';;
    *'"op":"arch"'*)
      if [ -f $d/no-arch ]; then r='{"error":{"Protocol":"unknown request"}}'; else r='{"arch":"sm_90"}'; fi;;
    *'"op":"run"'*)
      n=$(printf '%s' "$line" | grep -o '"name":"k[0-9]*"' | head -1 | sed 's/"name":"k\([0-9]*\)"/\1/')
      case "$line" in *'"cubin_base64":"bin-k'*) how=precompiled;; *) how=source;; esac
      if [ -f $d/die ]; then echo "died k$n" >> $d/log; exit 3; fi
      sleep RUN_S
      echo "run k$n $how" >> $d/log
      r="{\"run\":{\"device\":\"Fake GPU\",\"time_ms\":$n.5,\"gflops\":1.0,\"max_rel_err\":0.0,\"correct\":true,\"cublas_ms\":null,\"pct_of_cublas\":null,\"registers\":16,\"static_shared_bytes\":0,\"dynamic_shared_bytes\":0,\"occupancy\":1.0,\"compile_ms\":1.0,\"warnings\":[]}}";;
    *) r='{"error":{"Protocol":"bad request line"}}';;
  esac
  printf '%s\n' "{\"id\":$id,\"reply\":$r}"
done
"#;
    let file = dir.join("worker.sh");
    let text = script
        .replace("DIR", &dir.display().to_string())
        .replace("RUN_S", run_s);
    std::fs::write(&file, text).unwrap();
    GpuTarget::Command(format!("sh {}", file.display()))
}

/// A stand-in for NVRTC that takes `ms` per kernel.
fn compiler(ms: u64) -> Box<tirtui::tune::shared_compile::CompileFn<'static>> {
    Box::new(move |k: &CudaKernel, _: &std::sync::atomic::AtomicBool| {
        std::thread::sleep(Duration::from_millis(ms));
        Ok(Precompiled {
            arch: "sm_90".into(),
            cubin_base64: format!("bin-{}", k.name),
            compile_ms: ms as f64,
            warnings: vec![],
        }
        .into())
    })
}

fn workload() -> tirtui::ir::PrimFunc {
    tirtui::script::parse_func(
        r#"
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(64):
        with T.block("B"):
            vi = T.axis.spatial(64, i)
            B[vi] = A[vi]
"#,
        None,
    )
    .unwrap()
}

fn pool(targets: &[GpuTarget], compile_ms: u64) -> MeasurePool {
    let mut pool = MeasurePool::new(&workload(), targets)
        .unwrap()
        .with_compiler(compiler(compile_ms), 8);
    assert_eq!(pool.device().unwrap().name, "Fake GPU");
    pool
}

fn outcomes(results: &[Result<Measured, MeasureError>]) -> Vec<String> {
    results
        .iter()
        .map(|r| match r {
            Ok(m) => format!("{}", m.time_ms),
            Err(MeasureError::NotCompiled(_)) => "not compiled".into(),
            Err(MeasureError::Candidate { reason, .. }) => reason.clone(),
            Err(MeasureError::Fatal(m)) => format!("fatal: {m}"),
        })
        .collect()
}

fn measure(pool: &mut MeasurePool, n: usize) -> (Vec<Result<Measured, MeasureError>>, f64) {
    let ks: Vec<CudaKernel> = (0..n).map(kernel).collect();
    let refs: Vec<&CudaKernel> = ks.iter().collect();
    let t = Instant::now();
    let out = pool.measure_batch(&refs, &AtomicBool::new(false));
    (out, t.elapsed().as_secs_f64())
}

fn log(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

fn in_order(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{i}.5")).collect()
}

#[test]
fn two_fake_gpus_measure_about_twice_as_fast_as_one() {
    let n = 12;
    let (a, b, c) = (scratch("speed-a"), scratch("speed-b"), scratch("speed-c"));
    let mut one = pool(&[worker(&a, "0.2")], 30);
    let (out1, t1) = measure(&mut one, n);
    one.shutdown();
    let mut two = pool(&[worker(&b, "0.2"), worker(&c, "0.2")], 30);
    let (out2, t2) = measure(&mut two, n);
    let figures = two.take_breakdown().unwrap();
    two.shutdown();
    assert_eq!(outcomes(&out1), in_order(n));
    assert_eq!(outcomes(&out2), in_order(n));
    let speedup = t1 / t2;
    assert!(
        speedup >= 1.6,
        "one GPU {t1:.2} s, two {t2:.2} s: {speedup:.2}x"
    );
    // Every run got the pool's binary; each worker ran about half.
    let (lb, lc) = (log(&b), log(&c));
    assert_eq!(lb.len() + lc.len(), n, "{lb:?} {lc:?}");
    assert!(
        lb.iter().chain(&lc).all(|l| l.ends_with("precompiled")),
        "{lb:?} {lc:?}"
    );
    assert!((4..=8).contains(&lb.len()), "{lb:?} {lc:?}");
    assert!(two.shares_compiles());
    assert!(figures.shared_compile, "{figures:?}");
    assert_eq!((figures.runs, figures.compiles, figures.gpus), (n, n, 2));
}

#[test]
fn a_worker_that_keeps_dying_costs_its_candidates_and_the_other_finishes() {
    let n = 10;
    let (a, b) = (scratch("dead-a"), scratch("dead-b"));
    std::fs::write(b.join("die"), "").unwrap();
    let mut p = pool(&[worker(&a, "0.05"), worker(&b, "0.05")], 5);
    let (out, _) = measure(&mut p, n);
    let got = outcomes(&out);
    assert_eq!(got.len(), n, "{got:?}");
    // Three deaths in a row: two candidates crashed with the worker, the
    // third lost the GPU for good; every other candidate ran on the first.
    let died = log(&b);
    assert_eq!(died.len(), 3, "{died:?}");
    assert_eq!(
        got.iter().filter(|g| *g == "worker crashed").count(),
        2,
        "{got:?}"
    );
    assert_eq!(
        got.iter().filter(|g| *g == "GPU lost").count(),
        1,
        "{got:?}"
    );
    assert_eq!(log(&a).len(), n - 3, "{:?}", log(&a));
    // The next batch goes to the GPU that is left, without asking the lost one.
    let (again, _) = measure(&mut p, 4);
    assert_eq!(outcomes(&again), in_order(4));
    assert_eq!(log(&b).len(), 3);
    p.shutdown();
}

#[test]
fn a_worker_without_arch_gets_the_per_worker_path() {
    let a = scratch("old");
    std::fs::write(a.join("no-arch"), "").unwrap();
    let mut p = pool(&[worker(&a, "0.01")], 1);
    let (out, _) = measure(&mut p, 3);
    p.shutdown();
    assert!(!p.shares_compiles());
    assert_eq!(outcomes(&out), in_order(3));
    // It compiled the sources itself (no `queue`/`prepare`: each run does).
    assert!(
        log(&a).iter().all(|l| l.ends_with("source")),
        "{:?}",
        log(&a)
    );
}
