//! The worker protocol and process handling, without a GPU: JSON round trips, the
//! no-device path, crashes, restarts, timeouts and stray output.
//!
//! Fake workers are small `sh` scripts; the real worker is this test binary
//! re-run as `worker_child_entry` with `TIRTUI_TEST_WORKER_CHILD=1`.

use std::path::PathBuf;
use std::time::{Duration, Instant};
use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::protocol::{
    decode_reply, decode_request, encode, Reply, ReplyLine, Request, RequestLine,
};
use tirtui::runtime::{
    device_available, serve, Matmul, RunRequest, RunResult, RuntimeError, WorkerClient, EXIT_FATAL,
};

const CHILD_ENV: &str = "TIRTUI_TEST_WORKER_CHILD";

fn vector_add() -> CudaKernel {
    let arg = |name: &str, out: bool| KernelArg {
        name: name.into(),
        dtype: "float32".into(),
        shape: vec![1024],
        is_output: out,
    };
    CudaKernel {
        name: "vadd".into(),
        source: r#"extern "C" __global__ void vadd(const float* A, const float* B, float* C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  C[i] = A[i] + B[i];
}"#
        .into(),
        grid: [8, 1, 1],
        block: [128, 1, 1],
        dynamic_shared_bytes: 0,
        static_shared_bytes: 0,
        local_bytes: 0,
        args: vec![arg("A", false), arg("B", false), arg("C", true)],
        launches: vec![],
        temporaries: vec![],
    }
}

fn request() -> RunRequest {
    RunRequest {
        kernel: vector_add(),
        reference: Some(vector_add()),
        matmul: None,
        flops: 1024.0,
        seed: 42,
        runs: 20,
    }
}

fn result() -> RunResult {
    RunResult {
        device: "Fake GPU".into(),
        time_ms: 0.25,
        gflops: 4.096,
        max_rel_err: Some(f64::INFINITY),
        correct: Some(false),
        cublas_ms: Some(0.2),
        pct_of_cublas: Some(80.0),
        registers: 32,
        static_shared_bytes: 0,
        dynamic_shared_bytes: 0,
        occupancy: 1.0,
        compile_ms: 12.5,
        warnings: vec!["3 of 1024 elements of `C` were not written".into()],
    }
}

#[test]
fn protocol_round_trips() {
    let req = RequestLine {
        id: 7,
        request: Request::Run(request()),
    };
    let line = encode(&req).unwrap();
    assert!(!line.contains('\n'));
    assert_eq!(decode_request(&line).unwrap(), req);

    // Infinity is not JSON; it travels as "inf" and comes back as infinity.
    let reply = ReplyLine {
        id: 7,
        reply: Reply::Run(result()),
    };
    let line = encode(&reply).unwrap();
    assert!(line.contains(r#""max_rel_err":"inf""#), "{line}");
    assert_eq!(decode_reply(&line).unwrap(), reply);

    let mut finite = result();
    finite.max_rel_err = Some(1.5e-7);
    let reply = ReplyLine {
        id: 8,
        reply: Reply::Run(finite),
    };
    assert_eq!(decode_reply(&encode(&reply).unwrap()).unwrap(), reply);

    for error in [
        RuntimeError::NoDevice("no CUDA device: libcuda.so not found".into()),
        RuntimeError::Compile {
            log: "kernel.cu(3): error: identifier \"x\" is undefined".into(),
        },
        RuntimeError::Timeout(20.0),
    ] {
        let reply = ReplyLine {
            id: 9,
            reply: Reply::Error(error),
        };
        assert_eq!(decode_reply(&encode(&reply).unwrap()).unwrap(), reply);
    }
    assert!(decode_reply("not json").is_err());
    assert!(decode_request(r#"{"id":1,"request":{"op":"fly"}}"#).is_err());
}

#[test]
fn no_gpu_is_reported_not_panicked() {
    match device_available() {
        Ok(name) => {
            assert!(!name.is_empty());
            eprintln!("skipping the no-GPU checks: a device is present ({name})");
        }
        Err(e) => {
            assert!(matches!(e, RuntimeError::NoDevice(_)), "{e:?}");
            assert!(e.to_string().starts_with("no CUDA device"), "{e}");
            // In process, through the worker loop: each request gets NoDevice.
            let input = [
                encode(&RequestLine {
                    id: 1,
                    request: Request::Device,
                })
                .unwrap(),
                encode(&RequestLine {
                    id: 2,
                    request: Request::Run(request()),
                })
                .unwrap(),
            ]
            .join("\n");
            let mut out = Vec::new();
            assert_eq!(serve(input.as_bytes(), &mut out), 0);
            let replies: Vec<ReplyLine> = String::from_utf8(out)
                .unwrap()
                .lines()
                .map(|l| decode_reply(l).unwrap())
                .collect();
            assert_eq!(replies.len(), 2);
            for (reply, id) in replies.iter().zip([1, 2]) {
                assert_eq!(reply.id, id);
                assert!(
                    matches!(&reply.reply, Reply::Error(RuntimeError::NoDevice(_))),
                    "{reply:?}"
                );
            }
        }
    }
}

#[test]
fn a_bad_request_line_is_answered_and_ends_the_worker() {
    let mut out = Vec::new();
    assert_eq!(serve("{\"id\": oops}\n".as_bytes(), &mut out), EXIT_FATAL);
    let reply = decode_reply(String::from_utf8(out).unwrap().trim()).unwrap();
    assert!(
        matches!(reply.reply, Reply::Error(RuntimeError::Protocol(_))),
        "{reply:?}"
    );
}

#[test]
fn invalid_requests_fail_before_the_gpu() {
    let mut req = request();
    req.kernel.args[2].shape = vec![0];
    let line = encode(&RequestLine {
        id: 3,
        request: Request::Run(req),
    })
    .unwrap();
    let mut out = Vec::new();
    assert_eq!(
        serve(line.as_bytes(), &mut out),
        0,
        "an invalid request is not fatal"
    );
    let reply = decode_reply(String::from_utf8(out).unwrap().trim()).unwrap();
    assert!(
        matches!(reply.reply, Reply::Error(RuntimeError::InvalidRequest(_))),
        "{reply:?}"
    );

    // A vector add is no matmul: the shapes do not fit m, n, k.
    let mut req = request();
    req.matmul = Some(Matmul {
        m: 32,
        n: 32,
        k: 1,
        a: 0,
        b: 1,
        c: 2,
        a_transposed: false,
        b_transposed: false,
    });
    let line = encode(&RequestLine {
        id: 4,
        request: Request::Run(req),
    })
    .unwrap();
    let mut out = Vec::new();
    assert_eq!(serve(line.as_bytes(), &mut out), 0);
    let reply = decode_reply(String::from_utf8(out).unwrap().trim()).unwrap();
    match reply.reply {
        Reply::Error(RuntimeError::InvalidRequest(msg)) => {
            assert_eq!(msg, "matmul: `A` has shape [1024], expected [32, 1]")
        }
        other => panic!("expected InvalidRequest, got {other:?}"),
    }
}

/// The real worker, run in a child process by the tests below; alone it serves an
/// empty input.
#[test]
fn worker_child_entry() {
    if std::env::var_os(CHILD_ENV).is_some() {
        std::process::exit(tirtui::runtime::worker_main());
    }
    assert_eq!(serve(std::io::empty(), std::io::sink()), 0);
}

fn real_worker() -> WorkerClient {
    let exe = std::env::current_exe().unwrap();
    WorkerClient::with_command(
        exe,
        [
            "--exact",
            "worker_child_entry",
            "--nocapture",
            "--test-threads=1",
        ],
    )
    .with_child_env(CHILD_ENV, "1")
}

#[test]
fn the_real_worker_reports_no_device_and_stays_up() {
    if device_available().is_ok() {
        eprintln!("skipping the_real_worker_reports_no_device_and_stays_up: a device is present");
        return;
    }
    let mut client = real_worker();
    // The harness prints "running 1 test" on stdout first: stray lines are skipped.
    match client.run(&request()) {
        Err(RuntimeError::NoDevice(msg)) => assert!(msg.starts_with("no CUDA device"), "{msg}"),
        other => panic!("expected NoDevice, got {other:?}"),
    }
    let pid = client.worker_pid();
    assert!(pid.is_some(), "NoDevice is not fatal: the worker stays");
    assert!(matches!(client.device(), Err(RuntimeError::NoDevice(_))));
    assert_eq!(client.worker_pid(), pid, "the same worker answered");
}

/// A fresh scratch directory for one test's fake worker.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell loop that answers every request line with `reply_json`, echoing its id.
fn echo_loop(reply_json: &str) -> String {
    format!(
        "while read -r line; do\n  id=$(printf '%s' \"$line\" | sed 's/^{{\"id\":\\([0-9]*\\).*/\\1/')\n  \
         printf '%s\\n' \"{{\\\"id\\\":$id,\\\"reply\\\":$(cat {reply_json})}}\"\ndone\n"
    )
}

#[test]
fn a_crashed_worker_is_reported_and_replaced() {
    let dir = scratch("crash");
    let reply = dir.join("reply.json");
    std::fs::write(&reply, encode(&Reply::Run(result())).unwrap()).unwrap();
    let state = dir.join("started-once");
    // First start: dies with status 3. Every later start: a healthy fake worker.
    let script = format!(
        "if [ ! -e {s} ]; then touch {s}; echo 'boom: simulated fault' >&2; exit 3; fi\n{}",
        echo_loop(&reply.display().to_string()),
        s = state.display()
    );
    let mut client = WorkerClient::with_command("sh", ["-c", script.as_str()]);
    match client.run(&request()) {
        Err(RuntimeError::WorkerCrashed(msg)) => {
            assert!(msg.contains("exit status: 3"), "{msg}");
            assert!(msg.contains("boom: simulated fault"), "{msg}");
        }
        other => panic!("expected WorkerCrashed, got {other:?}"),
    }
    assert_eq!(client.worker_pid(), None);
    assert_eq!(
        client.run(&request()).unwrap(),
        result(),
        "a fresh worker answered"
    );
    assert!(client.worker_pid().is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stray_output_is_skipped() {
    let dir = scratch("stray");
    let reply = dir.join("reply.json");
    std::fs::write(&reply, encode(&Reply::Device("Fake GPU".into())).unwrap()).unwrap();
    let script = format!(
        "echo 'printf from a kernel'\necho '{{\"id\":999,\"reply\":{{\"device\":\"stale\"}}}}'\n{}",
        echo_loop(&reply.display().to_string())
    );
    let mut client = WorkerClient::with_command("sh", ["-c", script.as_str()]);
    assert_eq!(client.device().unwrap(), "Fake GPU");
    assert_eq!(client.device().unwrap(), "Fake GPU");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fatal_error_kills_the_worker() {
    let dir = scratch("fatal");
    let reply = dir.join("reply.json");
    let fault = Reply::Error(RuntimeError::Launch("CUDA_ERROR_ILLEGAL_ADDRESS".into()));
    std::fs::write(&reply, encode(&fault).unwrap()).unwrap();
    let mut client = WorkerClient::with_command(
        "sh",
        ["-c", echo_loop(&reply.display().to_string()).as_str()],
    );
    match client.run(&request()) {
        Err(RuntimeError::Launch(msg)) => assert_eq!(msg, "CUDA_ERROR_ILLEGAL_ADDRESS"),
        other => panic!("expected a launch error, got {other:?}"),
    }
    assert_eq!(client.worker_pid(), None, "a fault ends the worker");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_hanging_worker_times_out_and_is_replaced() {
    let mut client = WorkerClient::with_command("sh", ["-c", "exec sleep 30"])
        .with_timeout(Duration::from_millis(300));
    let start = Instant::now();
    match client.run(&request()) {
        Err(RuntimeError::Timeout(secs)) => assert!((secs - 0.3).abs() < 1e-9),
        other => panic!("expected Timeout, got {other:?}"),
    }
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
    assert_eq!(client.worker_pid(), None, "the hung worker was stopped");
    let start = Instant::now();
    assert!(matches!(client.device(), Err(RuntimeError::Timeout(_))));
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_missing_worker_program_is_an_error() {
    let mut client = WorkerClient::with_command("/nonexistent/tirtui-worker", ["worker"]);
    match client.device() {
        Err(RuntimeError::WorkerCrashed(msg)) => assert!(msg.contains("cannot start"), "{msg}"),
        other => panic!("expected WorkerCrashed, got {other:?}"),
    }
}

#[test]
fn the_real_worker_compiles_without_a_device() {
    if device_available().is_ok() {
        eprintln!("skipping the_real_worker_compiles_without_a_device: a device is present");
        return;
    }
    // The client adds pip wheel and toolkit library folders to the worker's
    // LD_LIBRARY_PATH, so this works even when the test's own environment lacks them.
    match real_worker().compile_only(&vector_add()) {
        Ok(report) => {
            assert_eq!(report.arch, tirtui::runtime::DEFAULT_ARCH);
            assert!(report.ptx.contains(".entry vadd"), "{}", report.ptx);
            assert_eq!(report.registers, None, "registers need a device");
        }
        Err(RuntimeError::NvrtcMissing(msg)) => {
            let required = std::env::var("CI").is_ok_and(|v| v == "true")
                || std::env::var("TIRTUI_NVRTC_TESTS").is_ok_and(|v| v == "1");
            assert!(!required, "{msg}");
            eprintln!("skipping the_real_worker_compiles_without_a_device: {msg}");
        }
        Err(other) => panic!("expected a compile report, got {other:?}"),
    }
}
