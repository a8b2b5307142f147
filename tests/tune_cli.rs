//! `tune --space`, `tune` through the `cmd:` transport, the results database,
//! `db top` and `replay --check`, all without a GPU: a stand-in worker
//! (tests/data/tune/fake_worker.sh) answers the worker protocol with fixed times.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fake() -> String {
    format!(
        "cmd:sh {}",
        root().join("tests/data/tune/fake_worker.sh").display()
    )
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-tune-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tirtui(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(root()).args(args);
    // Keep the user's database and config out of the tests.
    cmd.env(
        "TIRTUI_DB",
        std::env::temp_dir().join("tirtui-tune-cli-unused"),
    )
    .env(
        "XDG_CONFIG_HOME",
        std::env::temp_dir().join("tirtui-tune-cli-noconfig"),
    )
    .env_remove("TIRTUI_GPU");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn space_reports_size_and_checks_by_reason() {
    let o = tirtui(
        &[
            "tune",
            "sessions/gemm_002_5_tune.yaml",
            "--space",
            "--sample",
            "60",
            "--json",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["size"], "19380");
    let sampled = v["sampled"].as_u64().unwrap();
    let pass = v["pass"].as_u64().unwrap();
    let invalid: u64 = v["invalid"]
        .as_object()
        .unwrap()
        .values()
        .map(|t| t["count"].as_u64().unwrap())
        .sum();
    assert_eq!(sampled, 60);
    assert_eq!(pass + invalid, sampled);
    assert!(pass > 0 && invalid > 0, "{v}");
    assert!(
        v["invalid"]["threads per block > 1024"]["count"]
            .as_u64()
            .unwrap()
            > 0
    );

    let o = tirtui(
        &[
            "tune",
            "sessions/gemm_000_6_tune.yaml",
            "--space",
            "--sample",
            "30",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("space size: 734472 candidates"), "{out}");
    assert!(
        out.contains("random sample of 30 distinct candidates"),
        "{out}"
    );
}

#[test]
fn a_trace_without_sampled_steps_has_nothing_to_tune() {
    let o = tirtui(&["tune", "sessions/gemm_002_4_v4.yaml", "--space"], &[]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to tune"));
}

#[test]
fn tune_over_the_cmd_transport_writes_the_best_session_and_records_every_trial() {
    let dir = temp("tune");
    let db = dir.join("db");
    let out = dir.join("best.yaml");
    let o = tirtui(
        &[
            "tune",
            "sessions/gemm_002_5_tune.yaml",
            "--trials",
            "6",
            "--gpu",
            &fake(),
            "--db",
            db.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--json",
        ],
        &[("FAKE_MS", "0.5")],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["trials"], 6);
    assert_eq!(v["device"], "Fake GPU");
    assert_eq!(v["driver"], "99.1");
    assert_eq!(v["best_ms"], 0.5);
    let best = tirtui::trace::Session::load(&out).unwrap();
    assert_eq!(best.results.len(), 1);
    assert_eq!(best.results[0].device, "Fake GPU");
    assert_eq!(best.results[0].time_ms, 0.5);
    // The best session replays from its new folder.
    let o = tirtui(&["replay", out.to_str().unwrap(), "--emit", "cuda"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let records = std::fs::read_to_string(db.join("records.jsonl")).unwrap();
    assert_eq!(records.lines().count(), 6);

    // The same seed proposes the same candidates: all are read from the database.
    let o = tirtui(
        &[
            "tune",
            "sessions/gemm_002_5_tune.yaml",
            "--trials",
            "6",
            "--gpu",
            "cmd:false",
            "--db",
            db.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--json",
        ],
        &[],
    );
    // `cmd:false` cannot even name its device: the GPU is lost before any trial.
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("lost the GPU worker at cmd:false"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lost_connection_ends_the_tune_but_keeps_what_was_measured() {
    let dir = temp("lost");
    let state = dir.join("runs");
    let out = dir.join("best.yaml");
    let o = tirtui(
        &[
            "tune",
            "sessions/gemm_002_5_tune.yaml",
            "--trials",
            "20",
            "--gpu",
            &fake(),
            "--db",
            dir.join("db").to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        &[
            ("FAKE_STATE", state.to_str().unwrap()),
            ("FAKE_RUNS_BEFORE_DYING", "4"),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("GPU lost"), "{}", text(&o));
    assert!(stdout.contains("connection reset by peer"), "{}", text(&o));
    // 4 measured, then 2 failed candidates before the third death in a row.
    assert!(stdout.contains(": 6 trials"), "{}", text(&o));
    assert!(out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_real_worker_answers_over_the_cmd_transport() {
    // No GPU here: the worker started through the transport says so (exit 3).
    let gpu = format!("cmd:{BIN} worker");
    let dir = temp("real");
    let o = tirtui(
        &[
            "replay",
            "sessions/gemm_002_4_v4.yaml",
            "--run",
            "--gpu",
            &gpu,
            "--db",
            dir.to_str().unwrap(),
        ],
        &[],
    );
    if o.status.code() == Some(0) {
        return; // a machine with a GPU ran it for real
    }
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("no CUDA device"),
        "{}",
        text(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_gates_on_the_database_and_on_the_sessions_results() {
    let dir = temp("check");
    let db = dir.join("db");
    let run = |ms: &str, correct: &str, session: &str, extra: &[&str]| {
        let mut args = vec!["replay", session, "--check", "--gpu"];
        let f = fake();
        args.push(&f);
        args.push("--db");
        args.push(db.to_str().unwrap());
        args.extend_from_slice(extra);
        let o = tirtui(&args, &[("FAKE_MS", ms), ("FAKE_CORRECT", correct)]);
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).to_string(),
        )
    };
    let v4 = "sessions/gemm_002_4_v4.yaml";
    let (code, err) = run("1.0", "true", v4, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("no earlier time"), "{err}");
    let (code, err) = run("1.08", "true", v4, &[]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = run("1.3", "true", v4, &[]);
    assert_eq!(code, Some(4), "{err}");
    assert!(
        err.contains("gemm_002_4_v4.yaml") && err.contains("30.0% slower"),
        "{err}"
    );
    let (code, err) = run("1.3", "true", v4, &["--tolerance", "50%"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = run("0.5", "false", v4, &[]);
    assert_eq!(code, Some(4), "{err}");
    assert!(err.contains("wrong"), "{err}");

    // `db top` lists the correct records, fastest first, with their session.
    let o = tirtui(
        &["db", "top", v4, "--db", db.to_str().unwrap(), "-k", "3"],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let first = out.lines().nth(2).unwrap_or("");
    assert!(
        first.contains("1.0000") && first.contains("Fake GPU"),
        "{out}"
    );
    assert!(first.contains("gemm_002_4_v4.yaml"), "{out}");
    assert!(!out.contains("0.5000"), "a wrong kernel is listed: {out}");

    // The session's own `results:` gate too (a fresh database has nothing).
    let yaml = std::fs::read_to_string(root().join(v4)).unwrap().replace(
        "workload: gemm_1024x512x2048.tir",
        &format!(
            "workload: {}",
            root().join("sessions/gemm_1024x512x2048.tir").display()
        ),
    ) + "results:\n  - {device: \"Fake GPU\", time_ms: 1.0, gflops: 2.0}\n";
    let with_results = dir.join("with_results.yaml");
    std::fs::write(&with_results, yaml).unwrap();
    std::fs::remove_dir_all(&db).unwrap();
    let (code, err) = run("1.5", "true", with_results.to_str().unwrap(), &[]);
    assert_eq!(code, Some(4), "{err}");
    assert!(
        err.contains("with_results.yaml") && err.contains("results:"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
