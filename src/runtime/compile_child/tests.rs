//! The compile child with stand-in compilers (`sh -c`): no NVRTC needed.
//! The real `tirtui compile-kernel` against the in-process compile is in
//! `tests/tune_compile_limit.rs` (NVRTC, `--ignored`).

use super::*;
use std::sync::Arc;

/// How soon a killed or stopped compile must end in these tests: far below
/// the stand-in child's own 60 s, so a kill that does not happen fails, and
/// far above a loaded 2-core CI machine's scheduling delays, so a slow
/// spawn does not (a 1 s bound failed there once).
const PROMPT: Duration = Duration::from_secs(20);

fn kernel(source_len: usize) -> CudaKernel {
    let mut source = "extern \"C\" __global__ void k() {}\n".to_string();
    while source.len() < source_len {
        source.push_str("// padding to fill the child's input pipe\n");
    }
    CudaKernel {
        name: "k".into(),
        source,
        grid: [1, 1, 1],
        block: [1, 1, 1],
        dynamic_shared_bytes: 0,
        static_shared_bytes: 0,
        local_bytes: 0,
        args: vec![],
        launches: vec![],
        temporaries: vec![],
    }
}

fn compile(command: &str, limit: Option<Duration>) -> (Result<ChildCompiled, CompileError>, f64) {
    let t = Instant::now();
    let r =
        ChildCompiler::shell(command, limit).compile(&kernel(10), "sm_90", &AtomicBool::new(false));
    (r, t.elapsed().as_secs_f64())
}

const ANSWER: &str = r#"{"ok":{"binary":{"arch":"sm_90","cubin_base64":"f0VMRg==","compile_ms":3.0,"warnings":[]},"cpu_ms":40.0}}"#;

#[test]
fn an_answer_is_the_binary_and_the_childs_cpu() {
    let (r, _) = compile(
        &format!("cat >/dev/null; echo '{ANSWER}'"),
        Some(Duration::from_secs(20)),
    );
    let c = r.unwrap();
    assert_eq!(c.binary.cubin_base64, "f0VMRg==");
    assert_eq!(c.binary.arch, "sm_90");
    assert!((c.cpu_s - 0.040).abs() < 1e-9, "{}", c.cpu_s);
}

#[test]
fn a_compile_past_its_limit_is_killed_with_its_group() {
    let dir = std::env::temp_dir().join(format!("tirtui-compile-child-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pids = dir.join("pids");
    // The shell and a process it started record their ids, then wait long.
    let cmd = format!(
        "echo $$ >>{p}; sleep 60 & echo $! >>{p}; wait",
        p = pids.display()
    );
    let (r, took) = compile(&cmd, Some(Duration::from_millis(400)));
    assert_eq!(
        r.unwrap_err(),
        CompileError::TimedOut {
            limit: Duration::from_millis(400)
        }
    );
    assert!(took < PROMPT.as_secs_f64(), "{took:.2} s for a 0.4 s limit");
    // Every process of the child's group is gone.
    std::thread::sleep(Duration::from_millis(100));
    let text = std::fs::read_to_string(&pids).unwrap_or_default();
    for pid in text
        .split_whitespace()
        .filter_map(|p| p.parse::<i32>().ok())
    {
        // Running unless gone or a zombie nobody reaped yet (its parent, the
        // killed shell, is gone too).
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat
            .rsplit(')')
            .next()
            .and_then(|r| r.split_whitespace().next());
        let alive = !matches!(state, None | Some("Z") | Some("X"));
        assert!(!alive, "process {pid} of the compile is still running");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stop_kills_a_compile_at_once() {
    let stop = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&stop);
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        setter.store(true, Ordering::Relaxed);
    });
    let t = Instant::now();
    let r = ChildCompiler::shell("sleep 60", None).compile(&kernel(10), "sm_90", &stop);
    assert_eq!(r.unwrap_err(), CompileError::Stopped);
    let took = t.elapsed().as_secs_f64();
    assert!(
        took < PROMPT.as_secs_f64(),
        "{took:.2} s after a stop at 0.2 s"
    );
}

#[test]
fn a_child_that_never_reads_its_input_still_times_out() {
    // 1 MB of source: far more than a pipe holds, and nobody reads it.
    let t = Instant::now();
    let r = ChildCompiler::shell("sleep 60", Some(Duration::from_millis(300))).compile(
        &kernel(1 << 20),
        "sm_90",
        &AtomicBool::new(false),
    );
    assert!(matches!(r, Err(CompileError::TimedOut { .. })), "{r:?}");
    assert!(t.elapsed() < PROMPT, "{:?}", t.elapsed());
}

#[test]
fn a_failing_child_says_how_with_its_stderr() {
    let (r, _) = compile("cat >/dev/null; echo 'NVRTC blew up' >&2; exit 3", None);
    match r.unwrap_err() {
        CompileError::Failed(m) => {
            assert!(m.contains("exited") && m.contains("NVRTC blew up"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    let (r, _) = compile("cat >/dev/null; echo 'not json'", None);
    match r.unwrap_err() {
        CompileError::Failed(m) => assert!(m.contains("gave no answer"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_compile_error_is_the_compilers_log() {
    let answer = r#"{"error":{"Compile":{"log":"k.cu(1): error: identifier x is undefined"}}}"#;
    let (r, _) = compile(&format!("cat >/dev/null; echo '{answer}'"), None);
    match r.unwrap_err() {
        CompileError::Failed(m) => assert!(m.contains("identifier x is undefined"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_limit_text_names_the_limit_and_is_recognised() {
    let text = CompileError::TimedOut {
        limit: Duration::from_secs(30),
    }
    .to_string();
    assert!(
        text.starts_with("compile time limit 30 s exceeded"),
        "{text}"
    );
    assert!(is_time_limit(&text));
    assert!(!is_time_limit("k.cu(1): error"));
    assert_eq!(seconds_text(Duration::from_millis(500)), "0.5");
}

/// A worker's compile past the client's limit is a compile error the client
/// recognises as such (`is_time_limit`), and a cancelled queue's compile
/// ends at once.
#[test]
fn a_workers_compile_past_the_limit_is_a_recognisable_compile_error() {
    let slow = ChildCompiler::shell("sleep 60", Some(Duration::from_millis(300)));
    let t = Instant::now();
    match compile_as_worker(&slow, &kernel(10), "sm_90", &AtomicBool::new(false)) {
        Err(RuntimeError::Compile { log }) => assert!(is_time_limit(&log), "{log}"),
        other => panic!("{other:?}"),
    }
    assert!(t.elapsed() < PROMPT, "{:?}", t.elapsed());
    let cancelled = AtomicBool::new(true);
    let never = ChildCompiler::shell("sleep 60", None);
    let t = Instant::now();
    assert!(compile_as_worker(&never, &kernel(10), "sm_90", &cancelled).is_err());
    assert!(t.elapsed() < PROMPT, "{:?}", t.elapsed());
    // An answer becomes the worker's binary.
    let ok = ChildCompiler::shell(format!("cat >/dev/null; echo '{ANSWER}'"), None);
    let c = compile_as_worker(&ok, &kernel(10), "sm_90", &AtomicBool::new(false)).unwrap();
    assert_eq!(c.cubin, b"\x7fELF");
}

/// The limit crosses the worker pipe with `queue` and `prepare`; a request
/// without it (an older client) reads as no limit, and a worker ignores
/// fields it does not know (an older worker reads a newer client's queue).
#[test]
fn queue_requests_carry_the_limit_and_stay_readable_both_ways() {
    use super::super::protocol::{decode_request, Request};
    let with = r#"{"id":3,"request":{"op":"queue","kernels":[],"compile_timeout_ms":30000}}"#;
    match decode_request(with).unwrap().request {
        Request::Queue {
            compile_timeout_ms, ..
        } => assert_eq!(compile_timeout_ms, Some(30000)),
        other => panic!("{other:?}"),
    }
    let without = r#"{"id":3,"request":{"op":"prepare","kernels":[]}}"#;
    match decode_request(without).unwrap().request {
        Request::Prepare {
            compile_timeout_ms, ..
        } => assert_eq!(compile_timeout_ms, None),
        other => panic!("{other:?}"),
    }
    let unknown = r#"{"id":3,"request":{"op":"queue","kernels":[],"a_later_field":1}}"#;
    assert!(decode_request(unknown).is_ok());
}
