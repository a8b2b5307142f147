//! The `prepare` request (a tuner's batch compiled at once in the worker) and
//! the measuring pool (one worker per GPU), against fake workers: replies are
//! checked like every other reply, an older worker that cannot prepare still
//! measures, a candidate that does not compile is not a trial, and a batch
//! shared among several workers comes back in its order.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::protocol::{encode, Reply};
use tirtui::runtime::{GpuTarget, Prepared, RunResult, RuntimeError, WorkerClient};
use tirtui::tune::{Measure, MeasureError, MeasurePool};

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

fn result(time_ms: f64) -> RunResult {
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
        phases: None,
    }
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-prep-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fake worker answering each request line, by its `op`, with the reply
/// stored in `DIR/OP.json` (echoing the request's id); `device` and `driver`
/// get fixed answers; `queue` the protocol error of a worker from before it
/// (these tests are about `prepare`; tests/tune_throughput.rs has `queue`).
/// Every `run` request is logged to `DIR/runs.log`.
fn fake_worker(dir: &std::path::Path) -> String {
    let d = dir.display();
    format!(
        "while read -r line; do\n  \
           id=$(printf '%s' \"$line\" | sed 's/^{{\"id\":\\([0-9]*\\).*/\\1/')\n  \
           case \"$line\" in\n    \
             *'\"op\":\"prepare\"'*) r=$(cat {d}/prepare.json);;\n    \
             *'\"op\":\"queue\"'*) r='{{\"error\":{{\"Protocol\":\"bad request line\"}}}}';;\n    \
             *'\"op\":\"device\"'*) r='{{\"device\":\"Fake GPU\"}}';;\n    \
             *'\"op\":\"driver\"'*) r='{{\"driver\":\"13.0\"}}';;\n    \
             *) printf 'run\\n' >> {d}/runs.log; r=$(cat {d}/run.json);;\n  \
           esac\n  \
           printf '%s\\n' \"{{\\\"id\\\":$id,\\\"reply\\\":$r}}\"\n\
         done\n"
    )
}

fn write_reply(dir: &std::path::Path, op: &str, reply: &Reply) {
    std::fs::write(dir.join(format!("{op}.json")), encode(reply).unwrap()).unwrap();
}

fn prepared_ok() -> Prepared {
    Prepared {
        compile_ms: 3.0,
        error: None,
    }
}

#[test]
fn prepare_replies_are_checked_like_every_reply() {
    let dir = scratch("checked");
    let script = fake_worker(&dir);
    let kernels = [kernel("k1"), kernel("k2")];
    let mut client = WorkerClient::with_command("sh", ["-c", script.as_str()]);

    // One entry for two kernels: refused.
    write_reply(&dir, "prepare", &Reply::Prepare(vec![prepared_ok()]));
    match client.prepare(&kernels) {
        Err(RuntimeError::Protocol(m)) => assert!(m.contains("1 kernels of 2"), "{m}"),
        other => panic!("expected a protocol error, got {other:?}"),
    }
    // A negative compile time: refused.
    let bad = Prepared {
        compile_ms: -1.0,
        error: None,
    };
    write_reply(&dir, "prepare", &Reply::Prepare(vec![bad, prepared_ok()]));
    assert!(matches!(
        client.prepare(&kernels),
        Err(RuntimeError::Protocol(_))
    ));
    // A compile log with terminal escapes: made printable.
    let hostile = Prepared {
        compile_ms: 0.0,
        error: Some(RuntimeError::Compile {
            log: "error\u{1b}[2J\u{7} here".into(),
        }),
    };
    write_reply(
        &dir,
        "prepare",
        &Reply::Prepare(vec![prepared_ok(), hostile]),
    );
    let list = client.prepare(&kernels).unwrap();
    let text = list[1].error.as_ref().unwrap().to_string();
    assert!(
        !text.chars().any(|c| c == '\u{1b}' || c == '\u{7}'),
        "{text:?}"
    );
    assert!(text.contains("error") && text.contains("here"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
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

fn pool(dirs: &[&std::path::Path]) -> MeasurePool {
    let targets: Vec<GpuTarget> = dirs
        .iter()
        .map(|d| GpuTarget::Command(fake_worker(d)))
        .collect();
    MeasurePool::new(&workload(), &targets).unwrap()
}

fn times(results: &[Result<tirtui::tune::Measured, MeasureError>]) -> Vec<String> {
    results
        .iter()
        .map(|r| match r {
            Ok(m) => format!("{}", m.time_ms),
            Err(MeasureError::NotCompiled(_)) => "not compiled".into(),
            Err(e) => format!("{e:?}"),
        })
        .collect()
}

#[test]
fn a_candidate_that_does_not_compile_is_not_run() {
    let dir = scratch("notcompiled");
    let failed = Prepared {
        compile_ms: 0.0,
        error: Some(RuntimeError::Compile {
            log: "too many resources".into(),
        }),
    };
    write_reply(
        &dir,
        "prepare",
        &Reply::Prepare(vec![prepared_ok(), failed, prepared_ok()]),
    );
    write_reply(&dir, "run", &Reply::Run(result(0.5)));
    let mut pool = pool(&[&dir]);
    assert_eq!(pool.device().unwrap().name, "Fake GPU");
    let ks = [kernel("a"), kernel("b"), kernel("c")];
    let refs: Vec<&CudaKernel> = ks.iter().collect();
    let out = pool.measure_batch(&refs, &AtomicBool::new(false));
    assert_eq!(times(&out), vec!["0.5", "not compiled", "0.5"]);
    let runs = std::fs::read_to_string(dir.join("runs.log")).unwrap();
    assert_eq!(runs.lines().count(), 2, "the failed one was never run");
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_older_worker_that_cannot_prepare_still_measures() {
    let dir = scratch("older");
    // What an older worker answers to a request it cannot read.
    write_reply(
        &dir,
        "prepare",
        &Reply::Error(RuntimeError::Protocol("bad request line".into())),
    );
    write_reply(&dir, "run", &Reply::Run(result(0.25)));
    let mut pool = pool(&[&dir]);
    let ks = [kernel("a"), kernel("b")];
    let refs: Vec<&CudaKernel> = ks.iter().collect();
    let out = pool.measure_batch(&refs, &AtomicBool::new(false));
    assert_eq!(times(&out), vec!["0.25", "0.25"]);
    pool.shutdown();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_batch_shared_by_two_workers_comes_back_in_order() {
    let (d0, d1) = (scratch("pool0"), scratch("pool1"));
    for (d, t) in [(&d0, 1.0), (&d1, 2.0)] {
        write_reply(
            d,
            "prepare",
            &Reply::Prepare(vec![prepared_ok(), prepared_ok(), prepared_ok()]),
        );
        write_reply(d, "run", &Reply::Run(result(t)));
    }
    // Worker 0 gets candidates 0, 2, 4 and worker 1 gets 1, 3: each answers
    // with its own time, so the order shows who measured what.
    let ks: Vec<CudaKernel> = (0..5).map(|i| kernel(&format!("k{i}"))).collect();
    let refs: Vec<&CudaKernel> = ks.iter().collect();
    let mut pool = pool(&[&d0, &d1]);
    assert_eq!(pool.len(), 2);
    assert_eq!(pool.device().unwrap().name, "Fake GPU");
    let out = pool.measure_batch(&refs, &AtomicBool::new(false));
    assert_eq!(times(&out), vec!["1", "2", "1", "2", "1"]);
    pool.shutdown();
    for d in [d0, d1] {
        std::fs::remove_dir_all(&d).unwrap();
    }
}

#[test]
fn gpus_of_different_models_are_refused() {
    let (d0, d1) = (scratch("mixed0"), scratch("mixed1"));
    let other = fake_worker(&d1).replace("Fake GPU", "Other GPU");
    let targets = vec![
        GpuTarget::Command(fake_worker(&d0)),
        GpuTarget::Command(other),
    ];
    let mut pool = MeasurePool::new(&workload(), &targets).unwrap();
    match pool.device() {
        Err(MeasureError::Fatal(m)) => {
            assert!(m.contains("Fake GPU") && m.contains("Other GPU"), "{m}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    pool.shutdown();
    for d in [d0, d1] {
        std::fs::remove_dir_all(&d).unwrap();
    }
}
