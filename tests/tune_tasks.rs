//! `tirtui tune DIR`: a folder of workloads tuned as one model's tasks, without
//! a GPU (a stand-in worker answers with fixed times): `--space` lists the
//! tasks, the tune shares its trials between them by the gradient scheduler,
//! prints MetaSchedule's table and writes each task's best session.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn model_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-tune-tasks-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("model")).unwrap();
    for w in ["softmax.tir", "gemv.tir"] {
        std::fs::copy(root().join("sessions").join(w), dir.join("model").join(w)).unwrap();
    }
    std::fs::write(
        dir.join("model/tasks.yaml"),
        "weights:\n  softmax.tir: 12\n",
    )
    .unwrap();
    dir
}

fn tirtui(args: &[&str], dir: &Path) -> Output {
    Command::new(BIN)
        .current_dir(root())
        .args(args)
        .env("TIRTUI_DB", dir.join("db"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("FAKE_MS", "0.5")
        .env_remove("TIRTUI_GPU")
        .output()
        .unwrap()
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
fn space_lists_every_task_with_its_weight() {
    let dir = model_dir("space");
    let m = dir.join("model");
    let o = tirtui(&["tune", m.to_str().unwrap(), "--space"], &dir);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(0), "{t}");
    assert!(t.contains("2 tasks"), "{t}");
    assert!(t.contains("gemv.tir: 3 sketches"), "{t}");
    assert!(t.contains("Weighted Latency (us)"), "{t}");
    assert!(t.contains("|     12 |"), "{t}");
}

#[test]
fn a_folder_is_tuned_as_tasks_sharing_the_trials() {
    let dir = model_dir("run");
    let m = dir.join("model");
    let gpu = format!(
        "cmd:sh {}",
        root().join("tests/data/tune/fake_worker.sh").display()
    );
    let out = dir.join("tuned");
    let o = tirtui(
        &[
            "tune",
            m.to_str().unwrap(),
            "--trials",
            "80",
            "--gpu",
            &gpu,
            "--seed",
            "3",
            "--model",
            "random",
            "--population",
            "32",
            "--out",
            out.to_str().unwrap(),
        ],
        &dir,
    );
    let t = text(&o);
    assert_eq!(o.status.code(), Some(0), "{t}");
    // Both tasks had a round (round robin first), and the trials add up.
    assert!(t.contains("Total trials: 80"), "{t}");
    assert!(t.contains("[round"), "{t}");
    for task in ["gemv_tir_best.yaml", "softmax_tir_best.yaml"] {
        let s =
            std::fs::read_to_string(out.join(task)).unwrap_or_else(|e| panic!("{task}: {e}\n{t}"));
        assert!(s.contains("steps:"), "{s}");
        assert!(s.contains("time_ms: 0.5"), "{s}");
    }
    // The best sessions replay headless.
    let r = tirtui(
        &[
            "replay",
            out.join("gemv_tir_best.yaml").to_str().unwrap(),
            "--emit",
            "cuda",
        ],
        &dir,
    );
    assert_eq!(r.status.code(), Some(0), "{}", text(&r));
}

#[test]
fn an_empty_folder_is_refused_by_name() {
    let dir = model_dir("empty");
    let e = dir.join("empty");
    std::fs::create_dir_all(&e).unwrap();
    let o = tirtui(&["tune", e.to_str().unwrap(), "--space"], &dir);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no workload"), "{}", text(&o));
}

/// The shipped model (`bench/model`: eight workloads of a small network,
/// weighted by how often each runs) tuned in one command: every task gets
/// rounds, and the model's latency before (each task's first valid
/// candidate) and after is in `--json`, weighted.
#[test]
fn the_shipped_model_is_tuned_in_one_command_with_latency_before_and_after() {
    let dir = model_dir("shipped");
    let m = dir.join("bench_model");
    std::fs::create_dir_all(&m).unwrap();
    let mut names = Vec::new();
    for e in std::fs::read_dir(root().join("bench/model")).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        std::fs::copy(&p, m.join(&name)).unwrap();
        if name.ends_with(".tir") {
            names.push(name);
        }
    }
    assert!(names.len() >= 8, "{names:?}");
    let gpu = format!(
        "cmd:sh {}",
        root().join("tests/data/tune/fake_worker.sh").display()
    );
    let out = dir.join("tuned_model");
    let trials = (64 * names.len()).to_string();
    let o = Command::new(BIN)
        .current_dir(root())
        .args([
            "tune",
            m.to_str().unwrap(),
            "--trials",
            &trials,
            "--gpu",
            &gpu,
            "--seed",
            "3",
            "--model",
            "random",
            "--population",
            "16",
            "--json",
            "--out",
            out.to_str().unwrap(),
        ])
        .env("TIRTUI_DB", dir.join("db"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        // The fake time is the kernel's threads per block: candidates differ.
        .env("FAKE_MS", "threads")
        .env_remove("TIRTUI_GPU")
        .output()
        .unwrap();
    let t = text(&o);
    assert_eq!(o.status.code(), Some(0), "{t}");
    // MetaSchedule's table after every round, on stderr.
    assert!(t.contains("Weighted Latency (us)"), "{t}");
    let v: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}\n{t}"));
    let tasks = v["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), names.len(), "{v}");
    let mut before = 0.0;
    let mut after = 0.0;
    for task in tasks {
        assert!(task["trials"].as_u64().unwrap() > 0, "{task}");
        let (first, best) = (
            task["first_ms"].as_f64().unwrap(),
            task["best_ms"].as_f64().unwrap(),
        );
        assert!(best <= first, "{task}");
        let w = task["weight"].as_f64().unwrap();
        before += w * first;
        after += w * best;
    }
    let gemm = tasks.iter().find(|x| x["name"] == "gemm.tir").unwrap();
    assert_eq!(gemm["weight"].as_f64(), Some(4.0), "{gemm}");
    assert!(
        (v["total_before_ms"].as_f64().unwrap() - before).abs() < 1e-9,
        "{v}"
    );
    assert!(
        (v["total_after_ms"].as_f64().unwrap() - after).abs() < 1e-9,
        "{v}"
    );
    assert!(after > 0.0 && after < before, "{v}");
    assert_eq!(
        v["total_trials"].as_u64(),
        Some(64 * names.len() as u64),
        "{v}"
    );
    assert!(out.join("gemm_tir_best.yaml").exists(), "{t}");
}
