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
