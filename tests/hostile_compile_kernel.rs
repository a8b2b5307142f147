//! `tirtui compile-kernel` (the tune's compile child) fed hostile jobs on
//! stdin: not JSON, deeply nested, longer than its 64 MiB bound, an arch or
//! a kernel name that would be a shell command. Each ends at once with a
//! message (exit 2 for an unreadable job, an `error` answer for a refused
//! one), no panic, nothing run.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn job(stdin: Vec<u8>) -> (i32, String, String) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .arg("compile-kernel")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The child may stop reading (past its bound): a broken pipe is fine.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

const KERNEL: &str = r#"{"name":"k","source":"extern \"C\" __global__ void k(){}","grid":[1,1,1],"block":[1,1,1],"dynamic_shared_bytes":0,"static_shared_bytes":0,"local_bytes":0,"args":[]}"#;

#[test]
fn unreadable_jobs_end_with_a_message() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    for (input, says) in [
        (b"garbage".to_vec(), "not valid JSON"),
        (deep.into_bytes(), "not valid JSON"),
        (vec![b' '; (64 << 20) + 10], "longer than 64 MiB"),
        (br#"{"arch":"sm_90"}"#.to_vec(), "missing field"),
    ] {
        let (code, out, err) = job(input);
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(says), "{says}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_shell_command_as_arch_or_kernel_name_is_refused() {
    let marker = std::env::temp_dir().join(format!("tirtui-hostile-ck-{}", std::process::id()));
    let touch = format!("sm_90; touch {}", marker.display());
    let cases = [
        format!(r#"{{"arch":"{touch}","kernel":{KERNEL}}}"#),
        format!(
            r#"{{"arch":"sm_90","kernel":{}}}"#,
            KERNEL.replace(
                r#""name":"k""#,
                &format!(r#""name":"k; touch {}""#, marker.display())
            )
        ),
    ];
    for input in cases {
        let (code, out, err) = job(input.into_bytes());
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(r#"{"error":"#), "{out}");
        assert!(
            out.contains("is not a GPU architecture") || out.contains("is not a C identifier"),
            "{out}"
        );
    }
    assert!(!marker.exists());
}
