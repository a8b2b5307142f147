//! The zero-search default is the tuner's first candidate of a bare workload
//! (issue 30, item 4): `tune W.tir` measures `tirtui schedule W.tir`'s program
//! as trial 1, so the best it reports is never slower than the default. The
//! GPU is the stand-in worker of tests/tune_cli.rs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tirtui-default-first-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The step lines of a session's YAML text.
fn step_lines(yaml: &str) -> Vec<String> {
    yaml.lines()
        .filter(|l| l.trim_start().starts_with("- {op:"))
        .map(|l| l.trim().to_string())
        .collect()
}

fn default_first(workload: &str, name: &str) {
    let dir = temp(name);
    let schedule = Command::new(BIN)
        .current_dir(root())
        .args(["schedule", workload])
        .output()
        .unwrap();
    assert_eq!(schedule.status.code(), Some(0), "{}", text(&schedule));
    let default_steps = step_lines(&String::from_utf8_lossy(&schedule.stdout));
    assert!(!default_steps.is_empty());

    let worker = format!(
        "cmd:sh {}",
        root().join("tests/data/tune/fake_worker.sh").display()
    );
    let o = Command::new(BIN)
        .current_dir(root())
        .args([
            "tune",
            workload,
            "--trials",
            "6",
            "--population",
            "16",
            "--seed",
            "3",
            "--gpu",
            &worker,
        ])
        .args([
            "--db",
            dir.join("db").to_str().unwrap(),
            "--out",
            dir.join("best.yaml").to_str().unwrap(),
        ])
        .env("FAKE_MS", "threads")
        .env("XDG_CONFIG_HOME", dir.join("noconfig"))
        .env_remove("TIRTUI_GPU")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("trial 1 is the default schedule"),
        "{}",
        text(&o)
    );
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("trial 1 (the default schedule, rule"),
        "{}",
        text(&o)
    );
    let records = std::fs::read_to_string(dir.join("db/records.jsonl")).unwrap();
    let first: serde_json::Value =
        serde_json::from_str(records.lines().next().expect("a record")).unwrap();
    let first_steps = step_lines(first["session_yaml"].as_str().unwrap());
    assert_eq!(
        first_steps, default_steps,
        "trial 1 is not the default schedule"
    );
    assert!(
        records.lines().count() >= 2,
        "the search measured nothing after the default"
    );
}

#[test]
fn gemv_tune_measures_the_general_reduction_default_first() {
    default_first("sessions/gemv.tir", "gemv");
}

#[test]
fn gemm_tune_measures_the_matmul_default_first() {
    default_first("sessions/gemm.tir", "gemm");
}
