//! The compile child with stand-in compilers (`sh -c`): no NVRTC needed.
//! The real `tirtui compile-kernel` against the in-process compile is in
//! `tests/tune_compile_limit.rs` (NVRTC, `--ignored`).

use super::*;
use std::sync::Arc;

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
    assert!(took < 2.0, "{took:.2} s for a 0.4 s limit");
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
    assert!(took < 1.0, "{took:.2} s after a stop at 0.2 s");
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
    assert!(t.elapsed() < Duration::from_secs(2));
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
