//! The binary's process set-up (issue 13): it starts with libc alone, keeps
//! std's behaviour on closed pipes without std's runtime start-up, and its
//! lazily loaded `pow` is glibc's.

mod spawn;

use std::process::{Command, Stdio};

/// The libraries mapped into a started `tirtui worker`, read from
/// /proc/PID/maps once it waits for its first request (so it is past start-up).
#[cfg(target_os = "linux")]
#[test]
fn starts_with_libc_alone() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .arg("worker")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn tirtui worker");
    let proc_dir = format!("/proc/{}", child.id());
    // Sleeping ('S') is the read of stdin: start-up is over.
    let waiting = (0..500).any(|_| {
        let stat = std::fs::read_to_string(format!("{proc_dir}/stat")).unwrap_or_default();
        let state = stat.rsplit(") ").next().and_then(|s| s.chars().next());
        state == Some('S') || {
            std::thread::sleep(std::time::Duration::from_millis(10));
            false
        }
    });
    let maps = std::fs::read_to_string(format!("{proc_dir}/maps")).unwrap_or_default();
    drop(child.stdin.take());
    let _ = child.wait();
    assert!(waiting, "the worker never waited for a request");
    let libraries: Vec<&str> = maps
        .lines()
        .filter_map(|l| l.split_whitespace().nth(5))
        .filter(|path| path.contains(".so"))
        .collect();
    // Unoptimised builds import `ldexp` too, which the linker takes from libm
    // (`cargo test --release --test process_start` checks libm as well).
    let unwanted: &[&str] = if cfg!(debug_assertions) {
        &["libgcc_s"]
    } else {
        &["libgcc_s", "libm.so"]
    };
    for unwanted in unwanted {
        assert!(
            !libraries.iter().any(|l| l.contains(unwanted)),
            "{unwanted} is loaded at start: {libraries:?}"
        );
    }
    assert!(
        libraries.iter().any(|l| l.contains("libc.so")),
        "{libraries:?}"
    );
}

/// std ignores SIGPIPE before `main`; the binary starts without std's runtime
/// and must do the same, or `| head` ends it by a signal instead of status 0.
#[test]
fn a_closed_pipe_ends_with_status_0_not_a_signal() {
    for _ in 0..3 {
        let out = spawn::with_stdout_closed(&["print", "sessions/gemm.tir"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{:?}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A constant power folds to exactly what glibc's `pow` gives (this test
/// process links it as usual; the binary loads it on first use).
#[test]
fn powers_fold_to_glibc_pow() {
    let dir = std::env::temp_dir().join(format!("tirtui_pow_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("pow.tir");
    std::fs::write(
        &file,
        r#"from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            B[vi] = A[vi] * T.float32(1.7 ** 2.3)
"#,
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .arg("print")
        .arg(&file)
        .output()
        .expect("run tirtui print");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let folded = text
        .split("T.float32(")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no folded constant in {text}"));
    assert_eq!(folded.to_bits(), 1.7f64.powf(2.3).to_bits(), "{text}");
}
