//! Measuring a tuner's batch as a stream (issue 31: candidates per second),
//! against fake workers: the batch is queued for compiling in the worker and
//! each candidate runs as soon as `ready` names it, so the GPU works while the
//! rest compile; results come back in batch order whatever the order of the
//! compiles; a worker that dies costs the candidate it ran and the rest is
//! queued again on a fresh one; a candidate much slower than the best is
//! timed the quick way; re-measuring uses `replay --run`'s timing.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::protocol::{encode, Reply};
use tirtui::runtime::{
    GpuTarget, ReadyKernel, ReadyList, RunPhases, RunRequest, RunResult, RuntimeError,
};
use tirtui::tune::{Measure, MeasureError, MeasurePool, Measured};

fn kernel(name: &str) -> CudaKernel {
    let arg = |name: &str, out: bool| KernelArg {
        name: name.into(),
        dtype: "float32".into(),
        shape: vec![64],
        is_output: out,
        layout: None,
    };
    CudaKernel {
        name: name.into(),
        source: format!(
            "extern \"C\" __global__ void {name}(const float* A, float* B) {{ B[threadIdx.x] = A[threadIdx.x]; }}"
        ),
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

fn kernels(n: usize) -> Vec<CudaKernel> {
    (0..n).map(|i| kernel(&format!("k{i}"))).collect()
}

fn result(time_ms: f64, quick: bool) -> RunResult {
    RunResult {
        device: "Fake GPU".into(),
        time_ms,
        gflops: 1.0,
        max_rel_err: Some(0.0),
        correct: Some(true),
        cublas_ms: None,
        pct_of_cublas: None,
        registers: 16,
        static_shared_bytes: 0,
        dynamic_shared_bytes: 0,
        occupancy: 1.0,
        compile_ms: 1.0,
        warnings: vec![],
        phases: Some(RunPhases {
            load_ms: 1.0,
            setup_ms: 1.0,
            check_ms: 1.0,
            timing_ms: 1.0,
            timed_runs: if quick { 1 } else { 20 },
            quick,
        }),
    }
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-thru-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fake worker that streams: `queue` answers how many kernels it got (or
/// `DIR/queue.json` when there is one) and logs their names; the n-th `ready` after a queue answers
/// `DIR/readyN.json` (else `DIR/ready.json`); a `run` of kernel K answers
/// `DIR/run-K.json` (else `DIR/run.json`), keeps its request in
/// `DIR/req-K.json` and, when `DIR/crash-K` exists, removes it and dies.
/// Everything is logged, in order, to `DIR/log`.
fn streaming_worker(dir: &Path) -> String {
    let script = r#"d=DIR
while read -r line; do
  id=$(printf '%s' "$line" | sed 's/^{"id":\([0-9]*\).*/\1/')
  case "$line" in
    *'"op":"device"'*) r='{"device":"Fake GPU"}';;
    *'"op":"driver"'*) r='{"driver":"13.0"}';;
    *'"op":"queue"'*)
      n=$(printf '%s' "$line" | grep -o '"source":' | wc -l | tr -d ' ')
      names=$(printf '%s' "$line" | grep -o '"name":"k[0-9]*"' | sed 's/"name":"\(k[0-9]*\)"/\1/' | tr '\n' ' ')
      echo "queue $names" >> $d/log
      echo 0 > $d/readies
      if [ -f $d/queue.json ]; then r=$(cat $d/queue.json); else r="{\"queued\":$n}"; fi;;
    *'"op":"ready"'*)
      c=$(( $(cat $d/readies) + 1 )); echo $c > $d/readies
      echo "ready" >> $d/log
      if [ -f $d/ready$c.json ]; then r=$(cat $d/ready$c.json); else r=$(cat $d/ready.json); fi;;
    *'"op":"run"'*)
      name=$(printf '%s' "$line" | grep -o '"name":"k[0-9]*"' | head -1 | sed 's/"name":"\(k[0-9]*\)"/\1/')
      echo "run $name" >> $d/log
      printf '%s' "$line" > $d/req-$name.json
      if [ -f $d/crash-$name ]; then rm $d/crash-$name; exit 3; fi
      if [ -f $d/run-$name.json ]; then r=$(cat $d/run-$name.json); else r=$(cat $d/run.json); fi;;
    *) r='{"error":{"Protocol":"bad request line"}}';;
  esac
  printf '%s\n' "{\"id\":$id,\"reply\":$r}"
done
"#;
    let file = dir.join("worker.sh");
    std::fs::write(&file, script.replace("DIR", &dir.display().to_string())).unwrap();
    format!("sh {}", file.display())
}

fn write(dir: &Path, name: &str, reply: &Reply) {
    std::fs::write(dir.join(format!("{name}.json")), encode(reply).unwrap()).unwrap();
}

fn ready(indices: &[usize], compiling: usize) -> Reply {
    Reply::Ready(ReadyList {
        ready: indices
            .iter()
            .map(|&index| ReadyKernel {
                index,
                compile_ms: 1000.0,
                compile_cpu_ms: 900.0,
                error: None,
            })
            .collect(),
        compiling,
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

fn pool(dirs: &[&Path]) -> MeasurePool {
    let targets: Vec<GpuTarget> = dirs
        .iter()
        .map(|d| GpuTarget::Command(streaming_worker(d)))
        .collect();
    let mut pool = MeasurePool::new(&workload(), &targets).unwrap();
    assert_eq!(pool.device().unwrap().name, "Fake GPU");
    pool
}

fn outcomes(results: &[Result<Measured, MeasureError>]) -> Vec<String> {
    results
        .iter()
        .map(|r| match r {
            Ok(m) if m.quick => format!("{} quick", m.time_ms),
            Ok(m) => format!("{}", m.time_ms),
            Err(MeasureError::NotCompiled(_)) => "not compiled".into(),
            Err(MeasureError::Candidate { reason, .. }) => reason.clone(),
            Err(MeasureError::Fatal(m)) => format!("fatal: {m}"),
        })
        .collect()
}

fn log(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("log"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().to_string())
        .collect()
}

fn measure(pool: &mut MeasurePool, ks: &[CudaKernel]) -> Vec<Result<Measured, MeasureError>> {
    let refs: Vec<&CudaKernel> = ks.iter().collect();
    pool.measure_batch(&refs, &AtomicBool::new(false))
}

#[test]
fn a_candidate_runs_while_the_rest_still_compile() {
    let dir = scratch("overlap");
    write(&dir, "ready1", &ready(&[0], 2));
    write(&dir, "ready2", &ready(&[1, 2], 0));
    write(&dir, "run", &Reply::Run(result(0.5, false)));
    let mut pool = pool(&[&dir]);
    let out = measure(&mut pool, &kernels(3));
    assert_eq!(outcomes(&out), vec!["0.5", "0.5", "0.5"]);
    // k0 ran before the worker said k1 and k2 had compiled.
    assert_eq!(
        log(&dir),
        vec![
            "queue k0 k1 k2",
            "ready",
            "run k0",
            "ready",
            "run k1",
            "run k2"
        ]
    );
    let b = pool.take_breakdown().unwrap();
    assert_eq!((b.runs, b.compiles, b.timed_runs), (3, 3, 60));
    assert!((b.compile_cpu_s - 2.7).abs() < 1e-9, "{b:?}");
    assert!((b.timing_s - 0.003).abs() < 1e-9, "{b:?}");
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn results_keep_the_batch_order_whatever_order_the_compiles_end_in() {
    let dir = scratch("order");
    write(&dir, "ready1", &ready(&[2], 2));
    write(&dir, "ready2", &ready(&[0, 1], 0));
    for (k, t) in [("k0", 1.0), ("k1", 2.0), ("k2", 3.0)] {
        write(&dir, &format!("run-{k}"), &Reply::Run(result(t, false)));
    }
    let mut pool = pool(&[&dir]);
    let out = measure(&mut pool, &kernels(3));
    assert_eq!(outcomes(&out), vec!["1", "2", "3"]);
    assert_eq!(
        log(&dir),
        vec![
            "queue k0 k1 k2",
            "ready",
            "run k2",
            "ready",
            "run k0",
            "run k1"
        ]
    );
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dead_worker_costs_only_the_candidate_it_ran() {
    let dir = scratch("dead");
    write(&dir, "ready", &ready(&[0, 1, 2, 3], 0));
    write(&dir, "run", &Reply::Run(result(0.5, false)));
    std::fs::write(dir.join("crash-k1"), "").unwrap();
    let mut pool = pool(&[&dir]);
    let out = measure(&mut pool, &kernels(4));
    assert_eq!(outcomes(&out), vec!["0.5", "worker crashed", "0.5", "0.5"]);
    // The fresh worker got only what was left, and compiled nothing twice.
    assert_eq!(
        log(&dir),
        vec![
            "queue k0 k1 k2 k3",
            "ready",
            "run k0",
            "run k1",
            "queue k2 k3",
            "ready",
            "run k2",
            "run k3"
        ]
    );
    assert_eq!(pool.take_breakdown().unwrap().restarts, 1);
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_candidate_that_does_not_compile_is_not_run() {
    let dir = scratch("compile");
    let mut list = ready(&[0, 1], 0);
    if let Reply::Ready(l) = &mut list {
        l.ready[1].error = Some(RuntimeError::Compile {
            log: "too many resources".into(),
        });
    }
    write(&dir, "ready", &list);
    write(&dir, "run", &Reply::Run(result(0.5, false)));
    let mut pool = pool(&[&dir]);
    let out = measure(&mut pool, &kernels(2));
    assert_eq!(outcomes(&out), vec!["0.5", "not compiled"]);
    assert!(!log(&dir).contains(&"run k1".to_string()));
    assert_eq!(pool.take_breakdown().unwrap().compile_errors, 1);
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

fn request_of(dir: &Path, k: &str) -> RunRequest {
    let line = std::fs::read_to_string(dir.join(format!("req-{k}.json"))).unwrap();
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    serde_json::from_value(v["request"].clone()).unwrap()
}

#[test]
fn a_candidate_far_slower_than_the_best_is_timed_the_quick_way() {
    let dir = scratch("quick");
    write(&dir, "ready", &ready(&[0, 1, 2], 0));
    write(&dir, "run-k0", &Reply::Run(result(2.0, false)));
    write(&dir, "run-k1", &Reply::Run(result(9.0, true)));
    write(&dir, "run-k2", &Reply::Run(result(1.0, false)));
    let mut pool = pool(&[&dir]);
    // No best yet: the first is timed in full.
    let out = measure(&mut pool, &kernels(3));
    assert_eq!(outcomes(&out), vec!["2", "9 quick", "1"]);
    assert_eq!(request_of(&dir, "k0").quick_above_ms, None);
    assert_eq!(request_of(&dir, "k1").quick_above_ms, Some(6.0));
    // A wrong or slower result does not lower the best; a faster one does.
    assert_eq!(request_of(&dir, "k2").quick_above_ms, Some(6.0));
    // The search's own best (the database's, an earlier batch) counts too.
    pool.note_best_ms(0.5);
    let _ = measure(&mut pool, &kernels(1));
    assert_eq!(request_of(&dir, "k0").quick_above_ms, Some(1.5));
    assert_eq!(pool.take_breakdown().unwrap().quick, 1);
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn re_measuring_uses_the_full_timing_of_replay_run() {
    let dir = scratch("remeasure");
    write(&dir, "run", &Reply::Run(result(0.5, false)));
    let mut pool = pool(&[&dir]);
    pool.note_best_ms(0.1);
    let ks = kernels(2);
    let refs: Vec<&CudaKernel> = ks.iter().collect();
    let out = pool.remeasure(&refs);
    assert_eq!(outcomes(&out), vec!["0.5", "0.5"]);
    let req = request_of(&dir, "k1");
    assert_eq!(
        (req.runs, req.time_budget_ms, req.quick_above_ms),
        (50, None, None)
    );
    assert!(req.flush_l2);
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_streaming_workers_share_a_batch_in_order() {
    let (d0, d1) = (scratch("pool0"), scratch("pool1"));
    for (d, t) in [(&d0, 1.0), (&d1, 2.0)] {
        write(d, "ready", &ready(&[0, 1, 2], 0));
        write(d, "run", &Reply::Run(result(t, false)));
    }
    let mut pool = pool(&[&d0, &d1]);
    let out = measure(&mut pool, &kernels(5));
    assert_eq!(outcomes(&out), vec!["1", "2", "1", "2", "1"]);
    assert_eq!(log(&d0)[0], "queue k0 k2 k4");
    assert_eq!(log(&d1)[0], "queue k1 k3");
    assert_eq!(pool.take_breakdown().unwrap().runs, 5);
    pool.shutdown();
    for d in [d0, d1] {
        std::fs::remove_dir_all(&d).unwrap();
    }
}

#[test]
fn a_worker_without_nvrtc_fails_the_batch_instead_of_asking_again() {
    let dir = scratch("nonvrtc");
    write(
        &dir,
        "queue",
        &Reply::Error(RuntimeError::NvrtcMissing("NVRTC not found".into())),
    );
    let mut pool = pool(&[&dir]);
    let out = measure(&mut pool, &kernels(3));
    assert_eq!(outcomes(&out), vec!["no GPU", "no GPU", "no GPU"]);
    assert_eq!(log(&dir), vec!["queue k0 k1 k2"]);
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_worker_that_keeps_losing_its_queue_ends_the_search() {
    let dir = scratch("lostqueue");
    // Nothing ready and nothing compiling: the queue is gone every time.
    write(&dir, "ready", &ready(&[], 0));
    let mut pool = pool(&[&dir]);
    let out = measure(&mut pool, &kernels(2));
    let got = outcomes(&out);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("fatal: the GPU worker"), "{got:?}");
    assert!(got[0].contains("3 times in a row"), "{got:?}");
    assert_eq!(
        log(&dir).iter().filter(|l| l.starts_with("queue")).count(),
        3
    );
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}
