//! Lowering keeps the meaning of the program: every shipped session, replayed
//! on a scaled-down copy of its workload and lowered, computes on the SIMT
//! simulator (threads in lockstep, barrier races reported) exactly what the
//! interpreter computes for the scheduled program.

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
    v
}

/// The session's program on a small copy of its workload (every factor still divides).
fn scheduled_small(path: &Path) -> tirtui::ir::PrimFunc {
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (name, mut text) = session.workload_source(Some(path)).unwrap();
    text = text
        .replace("1024", "128")
        .replace("2048", "128")
        .replace("512", "128");
    if path.to_string_lossy().contains("002") {
        text = text.replace("128", "64");
    }
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    let mut trace = Trace::new(func);
    for step in &session.steps {
        trace.push(step.clone()).unwrap_or_else(|e| {
            panic!("{}", e.to_diagnostic(&path.display().to_string()).render())
        });
    }
    trace.func().clone()
}

#[track_caller]
fn check_same_result(func: &tirtui::ir::PrimFunc, what: &str) {
    let mut expected = interp::random_args(func, 7).unwrap();
    let mut got = expected.clone();
    interp::run(func, &mut expected).unwrap_or_else(|e| panic!("{what}: interpreter: {e}"));
    let lowered = tirtui::lower::lower(func).unwrap_or_else(|e| panic!("{what}: {e}"));
    tirtui::lower::simt::simulate(&lowered, &mut got)
        .unwrap_or_else(|e| panic!("{what}: simulation: {e}\n{lowered}"));
    assert_eq!(
        got, expected,
        "{what}: lowered program computes something else\n{lowered}"
    );
}

#[test]
fn shipped_sessions_lower_to_the_same_result() {
    for path in sessions() {
        let func = scheduled_small(&path);
        check_same_result(&func, &path.display().to_string());
    }
}

#[test]
fn lowering_data_files_keep_their_result() {
    let mut n = 0;
    for dir in ["tests/data/lower", "tests/data/codegen"] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .flat_map(|p| {
                if p.is_dir() {
                    std::fs::read_dir(&p)
                        .unwrap()
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .collect()
                } else {
                    vec![p]
                }
            })
            .filter(|p| p.extension().is_some_and(|x| x == "tir"))
            .filter(|p| !p.to_string_lossy().contains("/err/"))
            .collect();
        files.sort();
        for p in files {
            let text = std::fs::read_to_string(&p).unwrap();
            let func = tirtui::script::parse_func(&text, None).unwrap_or_else(|e| {
                panic!(
                    "{}",
                    e.to_diagnostic(&p.display().to_string(), &text).render()
                )
            });
            check_same_result(&func, &p.display().to_string());
            n += 1;
        }
    }
    assert!(n > 0, "no data files found");
}
