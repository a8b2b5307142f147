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
        layout: None,
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
        time_budget_ms: None,
        flush_l2: true,
        quick_above_ms: None,
        csr: Vec::new(),
        precompiled: None,
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
        phases: None,
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
            // With a device the worker loop answers with it instead.
            assert!(!name.is_empty());
            let input = encode(&RequestLine {
                id: 1,
                request: Request::Device,
            })
            .unwrap();
            let mut out = Vec::new();
            assert_eq!(serve(input.as_bytes(), &mut out), 0);
            let text = String::from_utf8(out).unwrap();
            let reply = decode_reply(text.lines().next().unwrap()).unwrap();
            assert_eq!(reply.id, 1);
            assert!(
                !matches!(reply.reply, Reply::Error(_)),
                "a present device is reported: {reply:?}"
            );
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
fn the_real_worker_reports_the_device_state_and_stays_up() {
    let has_device = device_available().is_ok();
    let mut client = real_worker();
    // The harness prints "running 1 test" on stdout first: stray lines are skipped.
    match client.run(&request()) {
        Err(RuntimeError::NoDevice(msg)) if !has_device => {
            assert!(msg.starts_with("no CUDA device"), "{msg}")
        }
        Ok(result) if has_device => assert!(result.time_ms > 0.0, "{result:?}"),
        other => panic!("device present: {has_device}; the worker answered {other:?}"),
    }
    let pid = client.worker_pid();
    assert!(pid.is_some(), "the worker stays after the run");
    assert_eq!(client.device().is_ok(), has_device);
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
#[ignore = "needs libnvrtc (CI runs it: cargo test --test runtime_worker -- --ignored)"]
fn the_real_worker_compiles_through_nvrtc() {
    // With or without a device: compile_only never launches anything.
    // The client adds pip wheel and toolkit library folders to the worker's
    // LD_LIBRARY_PATH, so this works even when the test's own environment lacks them.
    let report = real_worker()
        .compile_only(&vector_add())
        .unwrap_or_else(|e| panic!("this test needs libnvrtc (see .ci/run): {e}"));
    assert_eq!(report.arch, tirtui::runtime::DEFAULT_ARCH);
    assert!(report.ptx.contains(".entry vadd"), "{}", report.ptx);
    if device_available().is_err() {
        assert_eq!(report.registers, None, "registers need a device");
    }
}

// Issue 29: a remote worker is untrusted. Each fake worker below misbehaves on
// purpose; every call must end, in bounded time and memory, with a typed error
// (or the right answer), and nothing the worker wrote may reach a terminal as
// control characters.

/// Runs `call` on a thread of its own: its value and how long it took, or
/// `None` when it has not returned within `limit` (the test fails instead of
/// hanging).
fn within<T: Send + 'static>(
    limit: Duration,
    call: impl FnOnce() -> T + Send + 'static,
) -> Option<(T, Duration)> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let start = Instant::now();
        let value = call();
        let _ = tx.send((value, start.elapsed()));
    });
    rx.recv_timeout(limit).ok()
}

fn fake(script: &str) -> WorkerClient {
    WorkerClient::with_command("sh", ["-c", script])
}

/// The largest memory this test process has held so far, in KiB.
fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[test]
fn a_flood_of_stray_lines_or_stale_replies_does_not_hold_off_the_timeout() {
    for flood in [
        "yes 'printf from a kernel'",
        r#"yes '{"id":999,"reply":{"device":"stale"}}'"#,
    ] {
        let mut client = fake(flood).with_timeout(Duration::from_millis(500));
        let (reply, took) = within(Duration::from_secs(15), move || client.device())
            .unwrap_or_else(|| panic!("`{flood}`: the call did not return within 15 s"));
        assert!(
            matches!(reply, Err(RuntimeError::Timeout(_))),
            "`{flood}`: {reply:?}"
        );
        assert!(took < Duration::from_secs(5), "`{flood}`: took {took:?}");
    }
}

const MEMORY_CHILD_ENV: &str = "TIRTUI_TEST_MEMORY_CHILD";

/// Run alone in a child process by the test below, so that no other test's
/// memory counts in its peak.
#[test]
fn newline_free_flood_child() {
    if std::env::var_os(MEMORY_CHILD_ENV).is_none() {
        return;
    }
    let before = peak_rss_kib();
    // 600 MB without a newline, then silence: tirtui used to hold it all.
    let mut client = fake("head -c 600000000 /dev/zero | tr '\\0' x; exec sleep 60")
        .with_timeout(Duration::from_secs(4));
    let (reply, took) =
        within(Duration::from_secs(30), move || client.device()).expect("the call returns");
    assert!(matches!(reply, Err(RuntimeError::Timeout(_))), "{reply:?}");
    assert!(took < Duration::from_secs(10), "took {took:?}");
    let grown_mib = peak_rss_kib().saturating_sub(before) / 1024;
    assert!(grown_mib < 64, "the peak memory grew by {grown_mib} MiB");

    // Stale replies just under the limit, forever: memory stays within a few
    // times the limit (the line being read, one queued, one being decoded).
    let limit = tirtui::runtime::MAX_REPLY_BYTES;
    let dir = scratch("stale-flood");
    let stale = dir.join("stale.json");
    let name = "x".repeat(limit - 100);
    let line = encode(&ReplyLine {
        id: 999,
        reply: Reply::Device(name),
    })
    .unwrap();
    std::fs::write(&stale, line + "\n").unwrap();
    let before = peak_rss_kib();
    let mut client = fake(&format!("while :; do cat {}; done", stale.display()))
        .with_timeout(Duration::from_secs(3));
    let (reply, took) =
        within(Duration::from_secs(30), move || client.device()).expect("the call returns");
    assert!(matches!(reply, Err(RuntimeError::Timeout(_))), "{reply:?}");
    assert!(took < Duration::from_secs(8), "took {took:?}");
    let grown_mib = peak_rss_kib().saturating_sub(before) / 1024;
    eprintln!("a flood of stale replies of {limit} bytes: the peak grew by {grown_mib} MiB");
    assert!(
        grown_mib < 6 * (limit as u64 >> 20),
        "the peak memory grew by {grown_mib} MiB"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_worker_writing_without_newlines_stays_in_bounded_memory() {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "newline_free_flood_child", "--nocapture"])
        .env(MEMORY_CHILD_ENV, "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_reply_over_the_limit_is_a_protocol_error_naming_it() {
    let limit = tirtui::runtime::MAX_REPLY_BYTES;
    let script = format!(
        "printf '{{\"id\":1,\"reply\":{{\"device\":\"'; head -c {} /dev/zero | tr '\\0' x; \
         printf '\"}}}}\\n'; exec sleep 60",
        limit + 1
    );
    let mut client = fake(&script).with_timeout(Duration::from_secs(10));
    let (reply, took) =
        within(Duration::from_secs(30), move || client.device()).expect("the call returns");
    match reply {
        Err(RuntimeError::Protocol(msg)) => {
            assert!(msg.contains(&format!("limit of {limit} bytes")), "{msg}")
        }
        other => panic!(
            "expected a protocol error, got {:?}",
            other.map(|d| d.len())
        ),
    }
    assert!(took < Duration::from_secs(8), "took {took:?}");

    // A large legitimate reply under the limit still passes: 8 MB of PTX.
    let dir = scratch("big-reply");
    let report = tirtui::runtime::CompileReport {
        arch: "sm_90".into(),
        ptx: ".visible .entry k()\n{\n\tret;\n}\n".repeat(8_000_000 / 32),
        log: String::new(),
        warnings: vec![],
        compile_ms: 3.5,
        registers: Some(40),
        static_shared_bytes: None,
        local_bytes: None,
    };
    let reply = dir.join("reply.json");
    std::fs::write(&reply, encode(&Reply::Compile(report.clone())).unwrap()).unwrap();
    let mut client = fake(&echo_loop(&reply.display().to_string()));
    assert_eq!(client.compile_only(&vector_add()).unwrap(), report);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pid a fake worker's grandchild wrote to `file`, once it is there.
fn pid_in(file: &std::path::Path) -> u32 {
    for _ in 0..200 {
        if let Some(pid) = std::fs::read_to_string(file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return pid;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no pid in {}", file.display());
}

/// Whether `pid` still runs (a zombie waiting for its reaper does not).
fn is_running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => false,
    }
}

fn gone_soon(pid: u32) -> bool {
    (0..200).any(|_| {
        std::thread::sleep(Duration::from_millis(10));
        !is_running(pid)
    })
}

#[test]
fn a_timed_out_or_abandoned_workers_whole_process_group_is_killed() {
    let dir = scratch("group");
    // Timed out: `sh` waits on a grandchild that keeps running; killing `sh`
    // alone left the grandchild behind.
    let pid_file = dir.join("timed-out");
    let script = format!("sleep 120 & echo $! > {}; wait", pid_file.display());
    let mut client = fake(&script).with_timeout(Duration::from_millis(300));
    match client.device() {
        Err(RuntimeError::Timeout(_)) => {}
        other => panic!("expected Timeout, got {other:?}"),
    }
    let grandchild = pid_in(&pid_file);
    assert!(
        gone_soon(grandchild),
        "the grandchild {grandchild} still runs"
    );

    // Abandoned: a worker that answers, with a grandchild in the background,
    // and a client dropped between requests.
    let reply = dir.join("reply.json");
    std::fs::write(&reply, encode(&Reply::Device("Fake GPU".into())).unwrap()).unwrap();
    let pid_file = dir.join("abandoned");
    let script = format!(
        "sleep 120 & echo $! > {}\n{}",
        pid_file.display(),
        echo_loop(&reply.display().to_string())
    );
    let mut client = fake(&script);
    assert_eq!(client.device().unwrap(), "Fake GPU");
    let grandchild = pid_in(&pid_file);
    assert!(is_running(grandchild));
    drop(client);
    assert!(
        gone_soon(grandchild),
        "the grandchild {grandchild} still runs"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fake worker that answers every request with the JSON in `reply` (its
/// text as is, so tests can write what `encode` never would).
fn answering(dir: &std::path::Path, reply: &str) -> WorkerClient {
    let file = dir.join(format!("reply-{}.json", reply.len()));
    std::fs::write(&file, reply).unwrap();
    fake(&echo_loop(&file.display().to_string())).with_timeout(Duration::from_secs(20))
}

#[test]
fn a_reply_that_does_not_decode_is_a_protocol_error_at_once() {
    let dir = scratch("undecodable");
    // Reply-shaped (they hold `{"id":`), but no reply: each is refused at once,
    // quoting the line, not after the 20 s limit.
    for (reply, quoted) in [
        (r#"{"fly":1}"#, r#"{"id":1,"reply":{"fly":1}}"#),
        (
            r#"{"run":{"device":"x"}}"#,
            r#"{"id":1,"reply":{"run":{"device":"x"}}}"#,
        ),
        (
            "\"\u{1b}[2J\u{1b}]0;owned\u{7}\"",
            "{\"id\":1,\"reply\":\"␛[2J␛]0;owned␇\"}",
        ),
    ] {
        let mut client = answering(&dir, reply);
        let (answer, took) =
            within(Duration::from_secs(30), move || client.device()).expect("the call returns");
        match answer {
            Err(RuntimeError::Protocol(msg)) => {
                assert!(msg.contains("does not decode"), "{msg}");
                assert!(msg.ends_with(quoted), "{msg}");
                assert!(!msg.chars().any(|c| c.is_control()), "{msg:?}");
            }
            other => panic!("`{reply}`: expected a protocol error, got {other:?}"),
        }
        assert!(took < Duration::from_secs(5), "`{reply}` took {took:?}");
    }
    // An older worker answers a request it cannot read with id 0: that answer
    // is returned, not skipped until the timeout.
    let script = r#"read -r line; printf '%s\n' '{"id":0,"reply":{"error":{"Protocol":"bad request line: unknown variant `driver`"}}}'; exec sleep 60"#;
    let mut client = fake(script).with_timeout(Duration::from_secs(20));
    let (answer, took) =
        within(Duration::from_secs(30), move || client.driver()).expect("the call returns");
    match answer {
        Err(RuntimeError::Protocol(msg)) => assert!(msg.contains("unknown variant"), "{msg}"),
        other => panic!("expected the worker's protocol error, got {other:?}"),
    }
    assert!(took < Duration::from_secs(5), "took {took:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A run reply with the given fields besides the fixed ones.
fn run_reply(fields: &str) -> String {
    format!(
        r#"{{"run":{{"device":"Fake GPU",{fields},"correct":true,"registers":32,"static_shared_bytes":0,"dynamic_shared_bytes":0,"compile_ms":1.0,"warnings":[]}}}}"#
    )
}

/// A run reply's figures: `time_ms`, `max_rel_err`, `cublas_ms`, `occupancy`.
fn figures(time: &str, err: &str, cublas: &str, occupancy: &str) -> String {
    format!(
        r#""time_ms":{time},"gflops":1.0,"max_rel_err":{err},"cublas_ms":{cublas},"pct_of_cublas":null,"occupancy":{occupancy}"#
    )
}

#[test]
fn times_that_are_not_positive_and_finite_are_refused() {
    let dir = scratch("times");
    for (fields, named) in [
        (figures("-1", "0.0", "null", "1.0"), "`time_ms` = -1"),
        (figures("0", "0.0", "null", "1.0"), "`time_ms` = 0"),
        (figures("-0.0", "0.0", "null", "1.0"), "`time_ms` = -0"),
        (figures("1.0", "0.0", "-2.5", "1.0"), "`cublas_ms` = -2.5"),
        (
            figures("1.0", r#""nan""#, "null", "1.0"),
            "`max_rel_err` = NaN",
        ),
        (figures("1.0", "0.0", "null", "7.0"), "`occupancy` = 7"),
    ] {
        let mut client = answering(&dir, &run_reply(&fields));
        match client.run(&request()) {
            Err(RuntimeError::Protocol(msg)) => assert!(msg.contains(named), "{msg}"),
            other => panic!("`{fields}`: expected a protocol error, got {other:?}"),
        }
    }
    // A positive time passes (and an infinite error: NaN on one side only).
    let fields = figures("0.003", r#""inf""#, "0.002", "0.5");
    let result = answering(&dir, &run_reply(&fields))
        .run(&request())
        .unwrap();
    assert_eq!(result.time_ms, 0.003);
    assert_eq!(result.max_rel_err, Some(f64::INFINITY));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn worker_text_is_made_printable_and_bounded() {
    let dir = scratch("text");
    let hostile = "GPU\u{1b}]0;owned\u{7}\u{1b}[2J\r\u{9b}1m";
    let long_name = format!("{hostile}{}", "x".repeat(100_000));
    let mut result = result();
    result.device = long_name.clone();
    result.warnings = vec![format!("warn {hostile}"); 1_000];
    let reply = encode(&Reply::Run(result)).unwrap();
    let got = answering(&dir, &reply).run(&request()).unwrap();
    assert!(
        got.device.starts_with("GPU␛]0;owned␇␛[2J␍\u{fffd}1m"),
        "{:?}",
        got.device.chars().take(30).collect::<String>()
    );
    assert!(got.device.len() < 1_000, "{} bytes", got.device.len());
    assert!(got.warnings.len() <= 201, "{} warnings", got.warnings.len());
    let mut texts = vec![got.device.clone()];
    texts.extend(got.warnings.iter().cloned());

    let reply = encode(&Reply::Device(long_name.clone())).unwrap();
    texts.push(answering(&dir, &reply).device().unwrap());
    let reply = encode(&Reply::Driver(hostile.into())).unwrap();
    texts.push(answering(&dir, &reply).driver().unwrap());
    // The worker's errors, and its stderr in a crash report.
    let reply = encode(&Reply::Error(RuntimeError::Launch(long_name.clone()))).unwrap();
    match answering(&dir, &reply).device() {
        Err(e @ RuntimeError::Launch(_)) => texts.push(e.to_string()),
        other => panic!("expected the launch error, got {other:?}"),
    }
    let script = format!(
        "printf '%s\\n' '{hostile}' '{}' >&2; exit 3",
        "y".repeat(5_000)
    );
    match fake(&script).device() {
        Err(e @ RuntimeError::WorkerCrashed(_)) => texts.push(e.to_string()),
        other => panic!("expected a crash, got {other:?}"),
    }
    for text in &texts {
        let bad: Vec<char> = text
            .chars()
            .filter(|&c| c.is_control() && c != '\n' && c != '\t')
            .collect();
        assert!(bad.is_empty(), "control characters {bad:?} in {text:?}");
        assert!(text.len() < 70_000, "{} bytes", text.len());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

/// `tirtui replay SESSION --run --check --gpu cmd:sh WORKER`, with its own
/// database and config.
fn replay_with_worker(dir: &std::path::Path, worker: &std::path::Path) -> std::process::Output {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    std::process::Command::new(BIN)
        .current_dir(&root)
        .args(["replay", "sessions/gemm_002_4_v4.yaml", "--run", "--check"])
        .arg("--gpu")
        .arg(format!("cmd:sh {}", worker.display()))
        .arg("--db")
        .arg(dir.join("db"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env_remove("TIRTUI_GPU")
        .output()
        .unwrap()
}

#[test]
fn replay_run_check_refuses_impossible_times_and_shows_no_worker_escapes() {
    let dir = scratch("replay-run");
    let escaped = r#"GPU\u001b[2J\u001b]0;owned\u0007"#;
    for (time, device) in [("-1", "Fake GPU"), ("0", "Fake GPU"), ("1.0", escaped)] {
        let reply = run_reply(&figures(time, "0.0", "null", "1.0")).replace("Fake GPU", device);
        let file = dir.join("reply.json");
        std::fs::write(&file, &reply).unwrap();
        let worker = dir.join("worker.sh");
        std::fs::write(&worker, echo_loop(&file.display().to_string())).unwrap();
        let o = replay_with_worker(&dir, &worker);
        let err = String::from_utf8_lossy(&o.stderr);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            !err.contains('\u{1b}') && !out.contains('\u{1b}'),
            "{err}\n{out}"
        );
        if time == "1.0" {
            assert_eq!(o.status.code(), Some(0), "{err}");
            assert!(err.contains("GPU␛[2J␛]0;owned␇"), "{err}");
        } else {
            assert_eq!(o.status.code(), Some(1), "time {time}: {err}");
            assert!(err.contains(&format!("`time_ms` = {time}")), "{err}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_worker_that_does_not_read_cannot_block_a_large_request() {
    // 1 MB of CUDA source: more than a pipe holds, so the write itself blocks
    // while the worker reads nothing.
    let mut req = request();
    req.kernel
        .source
        .push_str(&format!("\n// {}", "x".repeat(1_000_000)));
    let mut client = fake("exec sleep 60").with_timeout(Duration::from_millis(500));
    let (reply, took) =
        within(Duration::from_secs(30), move || client.run(&req)).expect("the call returns");
    assert!(matches!(reply, Err(RuntimeError::Timeout(_))), "{reply:?}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}
