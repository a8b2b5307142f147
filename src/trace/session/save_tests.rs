//! Saving sessions: atomic writes, notes, permissions, symlinks.

use super::*;
use crate::trace::Arg;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-save-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn with_note(note: &str) -> Session {
    let mut step = Step::new(
        "get_block",
        vec![("name", Arg::Str("B".into()))],
        vec!["b0".into()],
    )
    .unwrap();
    step.note = Some(note.into());
    Session {
        workload: Workload::Path("gemm.tir".into()),
        func: None,
        steps: vec![step],
        results: Vec::new(),
    }
}

#[test]
fn saves_read_back_exactly() {
    let dir = scratch("roundtrip");
    let path = dir.join("s.yaml");
    for source in [
        "    indented first line\nx = 1\n",
        "\tTAB first\n",
        "no newline at the end",
        "two newlines at the end\n\n",
        "",
    ] {
        let s = Session {
            workload: Workload::Inline(source.into()),
            func: None,
            steps: Vec::new(),
            results: Vec::new(),
        };
        s.save(&path).unwrap();
        assert_eq!(Session::load(&path).unwrap(), s, "{source:?}");
    }
    for note in [
        "line\r\nbreak",
        "bell \u{7} and escape \u{1b}[31m",
        "tab\there",
    ] {
        let s = with_note(note);
        s.save(&path).unwrap();
        assert_eq!(Session::load(&path).unwrap(), s, "{note:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn nan_probabilities_save_as_yaml_nan() {
    let dir = scratch("nan");
    let path = dir.join("s.yaml");
    let step = Step::new(
        "sample_categorical",
        vec![
            ("candidates", Arg::List(vec![Arg::Int(1), Arg::Int(2)])),
            (
                "probs",
                Arg::List(vec![Arg::Float(f64::NAN), Arg::Float(0.5)]),
            ),
        ],
        vec!["v0".into()],
    )
    .unwrap();
    let s = Session {
        workload: Workload::Path("gemm.tir".into()),
        func: None,
        steps: vec![step],
        results: Vec::new(),
    };
    s.save(&path).unwrap();
    let back = Session::load(&path).unwrap();
    assert_eq!(back.to_yaml(), s.to_yaml());
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn saves_follow_links_to_sessions_keep_modes_and_name_write_errors() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("links");
    let real = dir.join("real.yaml");
    let link = dir.join("link.yaml");
    // A link to a session is saved through (a link to anything else is
    // refused: `tests/hostile_inputs.rs`).
    with_note("old").save(&real).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    with_note("x").save(&link).unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real)
        .unwrap()
        .starts_with("tirtui: 1"));
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // A read-only folder: the error says write, not read.
    let ro = dir.join("ro");
    std::fs::create_dir(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let target = ro.join("s.yaml");
    if std::fs::write(ro.join("probe"), "").is_err() {
        let e = with_note("x").save(&target).unwrap_err().to_string();
        assert!(e.starts_with("cannot write"), "{e}");
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
