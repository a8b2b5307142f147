//! The cost model beside the results database (issue 31 item 2), through the
//! command line: `tune` saves it, the next tune reads it, and a file that is
//! not a sound model is refused with a warning while the tune relearns from the
//! database's records. The GPU is the stand-in worker of tests/tune_cli.rs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tirtui::search::model::persist::model_path;
use tirtui::search::model::XgbModel;

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn temp(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tirtui-search-model-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `tune` of the shipped GEMM space on the stand-in worker, whose time is the
/// kernel's threads per block (so candidates differ).
fn tune(dir: &Path, seed: &str, model: &str) -> Output {
    let worker = format!(
        "cmd:sh {}",
        root().join("tests/data/tune/fake_worker.sh").display()
    );
    Command::new(BIN)
        .current_dir(root())
        .args([
            "tune",
            "sessions/gemm_002_5_tune.yaml",
            "--trials",
            "12",
            "--population",
            "32",
            "--seed",
            seed,
            "--model",
            model,
            "--gpu",
            &worker,
            "--db",
            dir.join("db").to_str().unwrap(),
            "--out",
            dir.join("best.yaml").to_str().unwrap(),
            "--json",
        ])
        .env("FAKE_MS", "threads")
        .env("XDG_CONFIG_HOME", dir.join("noconfig"))
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
fn tune_saves_the_model_and_a_corrupt_one_is_refused_then_relearned() {
    let dir = temp("saved");
    let file = model_path(&dir.join("db"));
    let o = tune(&dir, "1", "xgb");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["trials"], 12);
    assert_eq!(v["search"]["model"], "xgb");
    assert!(
        v["search"]["batches"]
            .as_array()
            .is_some_and(|b| !b.is_empty()),
        "{v}"
    );
    let saved = XgbModel::load(&file)
        .unwrap()
        .expect("saved beside the database");
    assert_eq!(saved.data_size(), 12);

    // A second tune reads it and adds its own measurements.
    let o = tune(&dir, "2", "xgb");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let again = XgbModel::load(&file).unwrap().unwrap();
    assert_eq!(again.data_size(), 24);

    // Damaged: a warning that says what to do, and the model relearns from
    // the database's records (one per distinct candidate) before measuring 12 more.
    std::fs::write(&file, "{\"format\":\"tirtui-cost-model\",\"vers").unwrap();
    let o = tune(&dir, "3", "xgb");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("is damaged") && stderr.contains("hint: delete it"),
        "{}",
        text(&o)
    );
    assert!(!stderr.contains("panicked"), "{}", text(&o));
    let relearned = XgbModel::load(&file).unwrap().unwrap();
    let records = std::fs::read_to_string(dir.join("db/records.jsonl")).unwrap();
    let before = records.lines().count() - 12;
    assert!(before >= 12, "{before}");
    assert!(relearned.data_size() > 12, "{}", relearned.data_size());

    // Foreign: the same, and `--model random` leaves the file alone.
    std::fs::write(&file, "[\"not a model\"]").unwrap();
    let o = tune(&dir, "4", "random");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "[\"not a model\"]");
    let o = tune(&dir, "4", "xgb");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("is not a tirtui cost model"),
        "{}",
        text(&o)
    );
    assert!(XgbModel::load(&file).unwrap().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_help_names_the_models() {
    let o = Command::new(BIN).args(["tune", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(
        help.contains("--model") && help.contains("xgb") && help.contains("random"),
        "{help}"
    );
    assert!(help.contains("[default: xgb]"), "{help}");
}
