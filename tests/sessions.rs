//! Every shipped session: replays cleanly, its final program is the expected
//! TIR (a golden snapshot a person can review; the CUDA of each session is
//! snapshotted in `codegen_golden.rs`), every intermediate program is valid
//! IR that prints and parses back to itself, the session round-trips through
//! YAML, and, replayed on a scaled-down copy of its workload, the final
//! program computes exactly what the unscheduled program computes (CPU
//! interpreter as the oracle).

mod common;

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
        text = common::shrink_workload(path, &name, &text);
    }
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    let mut session = session;
    if shrink {
        session.steps = fit_sampled(&func, &session.steps);
    }
    (session, func)
}

/// A tune session's recorded tile decisions fitted to the scaled-down loops.
fn fit_sampled(
    func: &tirtui::ir::PrimFunc,
    steps: &[tirtui::trace::Step],
) -> Vec<tirtui::trace::Step> {
    match tirtui::tune::Space::new(func.clone(), steps.to_vec()) {
        Ok(space) => space.fit().unwrap_or_else(|e| panic!("{e:?}")).steps,
        Err(_) => steps.to_vec(),
    }
}

#[test]
fn shipped_sessions_replay_to_the_expected_program() {
    for path in sessions() {
        let (session, func) = load(&path, false);
        let mut trace = Trace::new(func);
        for (i, step) in session.steps.iter().enumerate() {
            if let Err(e) = trace.push(step.clone()) {
                panic!("{}", e.to_diagnostic(&path.display().to_string()).render());
            }
            // Each intermediate program: valid, and its print reads back to itself.
            let at = format!("{} after step {} {}", path.display(), i + 1, step.summary());
            tirtui::validate::validate(trace.func())
                .unwrap_or_else(|e| panic!("{at}:\n{}", e.render()));
            let printed = tirtui::script::print_func(trace.func());
            let again = tirtui::script::parse_func(&printed, None).unwrap_or_else(|e| {
                panic!("{at}: {}", e.to_diagnostic("printed", &printed).render())
            });
            assert_eq!(tirtui::script::print_func(&again), printed, "{at}");
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(name, tirtui::script::print_func(trace.func()));
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
    // The final program only: the interpreter after every step takes minutes
    // here (128^3 GEMMs); intermediate steps are checked structurally above,
    // and each primitive's result by tests/schedule_props.rs.
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
