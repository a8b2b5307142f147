//! Every shipped session: replays cleanly, prints the expected TIR after each
//! step (golden snapshots), round-trips through YAML, and, replayed on a
//! scaled-down copy of its workload, computes exactly what the unscheduled
//! program computes (CPU interpreter as the oracle).

use std::path::{Path, PathBuf};
use tirtui::interp;
use tirtui::trace::{Session, Trace};

fn sessions() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("sessions")
        .expect("sessions/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    assert!(
        v.len() >= 11,
        "expected the 11 seed sessions, found {}",
        v.len()
    );
    v
}

fn load(path: &Path, shrink: bool) -> (Session, tirtui::ir::PrimFunc) {
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (name, mut text) = session.workload_source(Some(path)).unwrap();
    if shrink {
        // 1024x1024x1024 -> 128^3 and 1024x512x2048 -> 64x64x64: every shipped factor still divides.
        text = text
            .replace("1024", "128")
            .replace("2048", "128")
            .replace("512", "128");
        if path.to_string_lossy().contains("002") {
            text = text.replace("128", "64");
        }
        // Convolution and pooling: 16 channels instead of 64.
        if name.contains("conv2d") || name.contains("pool") {
            text = text.replace("64, ", "16, ");
        }
    }
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    (session, func)
}

#[test]
fn shipped_sessions_replay_and_print_as_expected() {
    for path in sessions() {
        let (session, func) = load(&path, false);
        let mut trace = Trace::new(func);
        let mut report = String::new();
        let mut last = tirtui::script::print_func(trace.func());
        for (i, step) in session.steps.iter().enumerate() {
            if let Err(e) = trace.push(step.clone()) {
                panic!("{}", e.to_diagnostic(&path.display().to_string()).render());
            }
            let now = tirtui::script::print_func(trace.func());
            if now != last {
                report.push_str(&format!(
                    "### after step {} {}\n{now}\n",
                    i + 1,
                    step.summary()
                ));
                last = now;
            }
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(name, report);
    }
}

#[test]
fn shipped_sessions_roundtrip_through_yaml() {
    for path in sessions() {
        let (session, _) = load(&path, false);
        let again = Session::from_yaml(&session.to_yaml(), "again").unwrap();
        assert_eq!(again, session, "{}", path.display());
    }
}

#[test]
fn shipped_sessions_keep_results_on_small_shapes() {
    for path in sessions() {
        let (session, func) = load(&path, true);
        let trace = Trace::replay(func.clone(), &session.steps).unwrap_or_else(|(_, e)| {
            panic!("{}", e.to_diagnostic(&path.display().to_string()).render())
        });
        let mut expected = interp::random_args(&func, 7).unwrap();
        let mut got = expected.clone();
        interp::run(&func, &mut expected).unwrap();
        interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (e, g) in expected.iter().zip(&got) {
            let err = g.max_rel_err(e);
            assert!(err <= 1e-5, "{}: max rel err {err}", path.display());
        }
    }
}
