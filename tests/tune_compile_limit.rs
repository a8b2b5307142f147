//! Issue 31: nothing can hang `tirtui tune`. Each candidate's compile runs
//! in a child process with a time limit (`--compile-timeout`), and a stop
//! (SIGINT, SIGTERM, `--time`) kills the compiles in flight and still writes
//! the best session and the JSON report.
//!
//! Without a GPU: the stand-in worker (tests/data/tune/fake_worker.sh, with
//! FAKE_ARCH so that the tuner compiles for it) and a stand-in compiler
//! (tests/data/tune/fake_compiler.sh through TIRTUI_COMPILE_COMMAND) that
//! sleeps on some kernels as NVRTC does on heavily unrolled ones. With
//! NVRTC (`--ignored`): the real `tirtui compile-kernel` gives the in-process
//! compile's binary, and a kernel over the limit is reported as such.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn data(name: &str) -> String {
    root()
        .join("tests/data/tune")
        .join(name)
        .display()
        .to_string()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-limit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `tirtui tune` of the shipped GEMM space on the fake worker, compiling
/// with the fake compiler; `slow_one_in`: one kernel in N sleeps 120 s.
fn tune_command(dir: &Path, slow_one_in: u32, extra: &[&str]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(root())
        .args([
            "tune",
            "sessions/gemm_002_5_tune.yaml",
            "--gpu",
            &format!("cmd:sh {}", data("fake_worker.sh")),
            "--model",
            "random",
            "--population",
            "16",
            "--seed",
            "3",
            "--json",
        ])
        .arg("--db")
        .arg(dir.join("db"))
        .arg("--out")
        .arg(dir.join("best.yaml"))
        .args(extra)
        .env("TIRTUI_DB", dir.join("unused-db"))
        .env("XDG_CONFIG_HOME", dir.join("noconfig"))
        .env_remove("TIRTUI_GPU")
        .env(
            "TIRTUI_COMPILE_COMMAND",
            format!("sh {}", data("fake_compiler.sh")),
        )
        .env("FAKE_ARCH", "sm_90")
        .env("FAKE_MS", "threads")
        .env("FAKE_STATE", dir.join("runs"))
        .env("FAKE_COMPILE_SLOW_ONE_IN", slow_one_in.to_string())
        .env("FAKE_COMPILE_SLEEP", "120");
    cmd
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn report(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(o)))
}

/// A candidate NVRTC would take minutes on is stopped at the limit, recorded
/// as a failed build with the reason (in the report, the breakdown and the
/// database), and the search goes on to its trials.
#[test]
fn a_compile_past_the_limit_is_a_recorded_build_failure() {
    let dir = temp("timeout");
    let t = Instant::now();
    let o = tune_command(&dir, 3, &["--trials", "12", "--compile-timeout", "0.5"])
        .output()
        .unwrap();
    let took = t.elapsed().as_secs_f64();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        took < 100.0,
        "{took:.1} s: the 120 s compiles were waited for"
    );
    let v = report(&o);
    assert_eq!(v["trials"], 12, "{}", text(&o));
    let timeouts = v["failed"]["compile time limit exceeded"]["count"]
        .as_u64()
        .unwrap_or(0);
    assert!(timeouts >= 1, "no compile hit the limit: {}", text(&o));
    let example = v["failed"]["compile time limit exceeded"]["example"]
        .as_str()
        .unwrap_or("");
    assert!(
        example.starts_with("compile time limit 0.5 s exceeded"),
        "{example}"
    );
    let total = &v["search"]["measure_breakdown"]["total"];
    assert_eq!(total["shared_compile"], true, "{total}");
    assert_eq!(
        total["compile_timeouts"].as_u64(),
        Some(timeouts),
        "{total}"
    );
    // Each timed-out candidate is in the database as a failed build.
    let db = tirtui::db::Db::open(&dir.join("db")).unwrap();
    let recorded = db
        .records()
        .iter()
        .filter(|r| {
            r.error.as_deref().is_some_and(|e| {
                e.starts_with("compile time limit exceeded: compile time limit 0.5 s")
            })
        })
        .count();
    assert_eq!(recorded as u64, timeouts);
    assert!(dir.join("best.yaml").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

/// How a test stops a tune.
enum StopBy {
    Signal(i32),
    /// The same signal twice, 10 ms apart, as `timeout` delivers it (to the
    /// command, then to its process group): still one stop.
    SignalTwiceAtOnce(i32),
    /// `--time 6`: the tune stops itself.
    TimeBudget,
}

/// A stop while the compiles are stuck returns within seconds, not after
/// the 120 s compile, and writes the best session and the JSON report.
fn a_stop_during_long_compiles_writes_the_best(by: StopBy) {
    let name = match by {
        StopBy::Signal(s) => format!("signal{s}"),
        StopBy::SignalTwiceAtOnce(s) => format!("signal{s}_twice"),
        StopBy::TimeBudget => "time".into(),
    };
    let dir = temp(&name);
    let mut extra = vec!["--trials", "48", "--compile-timeout", "0"];
    if matches!(by, StopBy::TimeBudget) {
        extra.extend(["--time", "6"]);
    }
    let child: Child = tune_command(&dir, 3, &extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    // Wait until a candidate or two ran (the rest of the batch is stuck in
    // 120 s compiles: the batch cannot end by itself).
    let runs = || {
        std::fs::read_to_string(dir.join("runs"))
            .ok()
            .and_then(|t| t.trim().parse::<u32>().ok())
            .unwrap_or(0)
    };
    while runs() < 2 && started.elapsed() < Duration::from_secs(90) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let stopped_at = match by {
        StopBy::Signal(signal) => {
            std::thread::sleep(Duration::from_millis(500));
            let pid = libc::pid_t::try_from(child.id()).unwrap();
            // SAFETY: a signal to the tune process this test started.
            unsafe { libc::kill(pid, signal) };
            Instant::now()
        }
        StopBy::SignalTwiceAtOnce(signal) => {
            std::thread::sleep(Duration::from_millis(500));
            let pid = libc::pid_t::try_from(child.id()).unwrap();
            // SAFETY: signals to the tune process this test started.
            unsafe { libc::kill(pid, signal) };
            std::thread::sleep(Duration::from_millis(10));
            // SAFETY: as above.
            unsafe { libc::kill(pid, signal) };
            Instant::now()
        }
        StopBy::TimeBudget => started + Duration::from_secs(6),
    };
    let o = child.wait_with_output().unwrap();
    let after = Instant::now()
        .saturating_duration_since(stopped_at)
        .as_secs_f64();
    assert!(runs() >= 1, "nothing ran before the stop: {}", text(&o));
    // Aim < 2 s; the margin is for a loaded 2-core test machine.
    assert!(
        after < 5.0,
        "{after:.1} s from the stop to the exit: {}",
        text(&o)
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v = report(&o);
    assert_eq!(v["stop"], "interrupted", "{}", text(&o));
    let trials = v["trials"].as_u64().unwrap();
    assert!((1..48).contains(&trials), "{}", text(&o));
    assert!(v["best_ms"].as_f64().is_some(), "{}", text(&o));
    let best = std::fs::read_to_string(dir.join("best.yaml")).unwrap();
    assert!(best.contains("results:"), "{best}");
    assert_eq!(
        v["search"]["measure_breakdown"]["total"]["shared_compile"],
        true
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigint_during_long_compiles_writes_the_best_within_seconds() {
    a_stop_during_long_compiles_writes_the_best(StopBy::Signal(libc::SIGINT));
}

#[test]
fn a_sigint_delivered_twice_at_once_is_one_stop() {
    a_stop_during_long_compiles_writes_the_best(StopBy::SignalTwiceAtOnce(libc::SIGINT));
}

#[test]
fn sigterm_during_long_compiles_writes_the_best_within_seconds() {
    a_stop_during_long_compiles_writes_the_best(StopBy::Signal(libc::SIGTERM));
}

#[test]
fn a_time_budget_ending_during_long_compiles_writes_the_best() {
    a_stop_during_long_compiles_writes_the_best(StopBy::TimeBudget);
}

fn gemm_kernel() -> tirtui::codegen::CudaKernel {
    let path = root().join("sessions/gemm_000_7_tuned.yaml");
    let session = tirtui::trace::Session::load(&path).unwrap();
    let (name, text) = session.workload_source(Some(&path)).unwrap();
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let trace = tirtui::trace::Trace::replay(func, &session.steps)
        .map_err(|(_, e)| e)
        .unwrap();
    tirtui::codegen::generate(trace.func()).unwrap().kernel
}

fn nvrtc_or_skip() -> bool {
    if tirtui::runtime::nvrtc_available() {
        return true;
    }
    // .ci/run installs NVRTC before the --ignored tests: there a missing one is a failure.
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "libnvrtc is not loadable under CI=true: the NVRTC checks cannot run"
    );
    eprintln!("skipped: libnvrtc is not loadable here (set LD_LIBRARY_PATH to its folder)");
    false
}

/// `tirtui compile-kernel` in a child gives the in-process compile's binary
/// (the same CUBIN bytes), and what the child costs: printed as figures.
#[test]
#[ignore = "needs NVRTC (libnvrtc on LD_LIBRARY_PATH)"]
fn the_compile_child_gives_the_in_process_binary() {
    if !nvrtc_or_skip() {
        return;
    }
    let kernel = gemm_kernel();
    let child = tirtui::runtime::ChildCompiler::with_command(
        BIN,
        ["compile-kernel"],
        Some(Duration::from_secs(120)),
    );
    let stop = AtomicBool::new(false);
    let (mut in_process, mut in_child) = (Vec::new(), Vec::new());
    let (mut a, mut b) = (None, None);
    for _ in 0..3 {
        let t = Instant::now();
        a = Some(tirtui::runtime::precompile(&kernel, "sm_90").unwrap());
        in_process.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        b = Some(child.compile(&kernel, "sm_90", &stop).unwrap());
        in_child.push(t.elapsed().as_secs_f64());
    }
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.arch, b.binary.arch);
    assert!(!a.cubin_base64.is_empty());
    assert_eq!(a.cubin_base64, b.binary.cubin_base64, "the CUBINs differ");
    assert!(b.cpu_s > 0.0);
    let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    eprintln!(
        "gemm_000_7_tuned: in process {:.3} s, in a child {:.3} s (best of 3; child CPU {:.3} s)",
        min(&in_process),
        min(&in_child),
        b.cpu_s
    );
}

/// A real NVRTC compile past its limit is killed and reported with the limit.
#[test]
#[ignore = "needs NVRTC (libnvrtc on LD_LIBRARY_PATH)"]
fn a_real_compile_over_the_limit_is_reported_as_such() {
    if !nvrtc_or_skip() {
        return;
    }
    let kernel = gemm_kernel();
    let limit = Duration::from_millis(50);
    let child = tirtui::runtime::ChildCompiler::with_command(BIN, ["compile-kernel"], Some(limit));
    let t = Instant::now();
    let r = child.compile(&kernel, "sm_90", &AtomicBool::new(false));
    let took = t.elapsed();
    match r {
        Err(e @ tirtui::runtime::CompileError::TimedOut { .. }) => {
            assert!(
                e.to_string()
                    .starts_with("compile time limit 0.05 s exceeded"),
                "{e}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert!(took < Duration::from_secs(20), "{took:?}");
}

/// `tune --space SESSION` with `extra` arguments; its JSON report.
fn space_report(extra: &[&str], compile_command: Option<String>) -> serde_json::Value {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(root())
        .args([
            "tune",
            "sessions/gemm_002_5_tune.yaml",
            "--space",
            "--sample",
            "6",
            "--json",
        ])
        .args(extra)
        .env_remove("TIRTUI_COMPILE_COMMAND");
    if let Some(c) = compile_command {
        cmd.env("TIRTUI_COMPILE_COMMAND", c);
    }
    let t = Instant::now();
    let o = cmd.output().unwrap();
    assert!(
        t.elapsed() < Duration::from_secs(60),
        "the check waited for the compiles: {}",
        text(&o)
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    report(&o)
}

/// `tune --space` checks each candidate with the compiler in a child, with
/// the compile limit: a compile past it makes the candidate invalid with the
/// limit's reason (the stand-in compiler sleeps 120 s on every kernel).
#[test]
fn the_space_check_compiles_in_a_child_with_the_limit() {
    let limited = space_report(
        &["--compile-timeout", "0.5"],
        Some("cat >/dev/null; sleep 120".into()),
    );
    let timeouts = limited["invalid"]["compile time limit exceeded"]["count"]
        .as_u64()
        .unwrap_or(0);
    assert!(timeouts >= 1, "{limited}");
    assert_eq!(limited["pass"], 0, "{limited}");
}

/// With NVRTC: the real `compile-kernel` child checks the space, and a limit
/// no real compile meets shows the check ran in the child (an in-process
/// compile cannot be stopped).
#[test]
#[ignore = "needs NVRTC (libnvrtc on LD_LIBRARY_PATH)"]
fn the_space_check_runs_nvrtc_in_a_child() {
    if !nvrtc_or_skip() {
        return;
    }
    let checked = space_report(&[], None);
    assert_eq!(checked["nvrtc_checked"], true, "{checked}");
    assert!(checked["pass"].as_u64().unwrap_or(0) >= 1, "{checked}");
    let limited = space_report(&["--compile-timeout", "0.001"], None);
    let timeouts = limited["invalid"]["compile time limit exceeded"]["count"].as_u64();
    assert_eq!(timeouts, checked["pass"].as_u64(), "{limited}");
}
