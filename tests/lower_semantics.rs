//! Lowering keeps the meaning of the program: every shipped session, replayed
//! on a scaled-down copy of its workload and lowered, and every lowering and
//! codegen data file computes on the SIMT simulator (threads in lockstep,
//! barrier races reported) what the interpreter computes: exactly, or to 1e-5
//! where a cross-thread reduction sums in another order.

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
    v
}

/// The session's workload scaled down (every factor still divides) and the
/// program its steps make of it.
fn scheduled_small(path: &Path) -> (tirtui::ir::PrimFunc, tirtui::ir::PrimFunc) {
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (name, mut text) = session.workload_source(Some(path)).unwrap();
    text = common::shrink_workload(path, &name, &text);
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    // A tune session's recorded tile decisions, fitted to the scaled-down loops.
    let steps = match tirtui::tune::Space::new(func.clone(), session.steps.clone()) {
        Ok(space) => space.fit().unwrap_or_else(|e| panic!("{e:?}")).steps,
        Err(_) => session.steps.clone(),
    };
    let mut trace = Trace::new(func.clone());
    for step in &steps {
        trace.push(step.clone()).unwrap_or_else(|e| {
            panic!("{}", e.to_diagnostic(&path.display().to_string()).render())
        });
    }
    (func, trace.func().clone())
}

/// `func` lowered and simulated computes what the interpreter computes for
/// `reference` (the same program, or the workload it was scheduled from).
#[track_caller]
fn check_same_result(reference: &tirtui::ir::PrimFunc, func: &tirtui::ir::PrimFunc, what: &str) {
    let mut expected = interp::random_args(reference, 7).unwrap();
    let mut got = expected.clone();
    interp::run(reference, &mut expected).unwrap_or_else(|e| panic!("{what}: interpreter: {e}"));
    let lowered = tirtui::lower::lower_program(func).unwrap_or_else(|e| panic!("{what}: {e}"));
    let text = lowered
        .kernels
        .iter()
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    tirtui::simt::simulate_program(&lowered, &mut got)
        .unwrap_or_else(|e| panic!("{what}: simulation: {e}\n{text}"));
    // Exactly, except where a cross-thread reduction adds in another order.
    for (g, e) in got.iter().zip(&expected) {
        assert!(
            g == e || g.max_rel_err(e) <= 1e-5,
            "{what}: lowered program computes something else (max rel err {})\n{text}",
            g.max_rel_err(e)
        );
    }
}

#[test]
fn shipped_sessions_lower_to_the_same_result() {
    for path in sessions() {
        // The interpreter runs the unscheduled workload: a schedule never
        // changes the result, and the scheduled program repeats every cache
        // fetch per thread when run sequentially.
        let (workload, scheduled) = scheduled_small(&path);
        if is_wmma_tensorized(&scheduled) {
            // Tensor-core calls are whole-warp tile operations the SIMT
            // simulator does not model; tests/sessions.rs checks this
            // session's result in the interpreter, and the GPU run checks it.
            eprintln!(
                "skipped {}: tensorized (WMMA), not simulated",
                path.display()
            );
            let lowered = tirtui::lower::lower_program(&scheduled).unwrap();
            let mut args = interp::random_args(&workload, 7).unwrap();
            assert!(
                matches!(
                    tirtui::simt::simulate_program(&lowered, &mut args),
                    Err(tirtui::simt::SimError::Unsupported(ref m)) if m.contains("WMMA")
                ),
                "{}: the simulator must refuse WMMA calls by name",
                path.display()
            );
            continue;
        }
        check_same_result(&workload, &scheduled, &path.display().to_string());
    }
}

/// Tensorized with a WMMA intrinsic (MMA ones are simulated, as PTX runs them).
fn is_wmma_tensorized(func: &tirtui::ir::PrimFunc) -> bool {
    func.blocks().iter().any(|b| {
        b.annotations.iter().any(|(k, v)| {
            k == tirtui::ir::TENSOR_INTRIN_ATTR
                && matches!(v, tirtui::ir::AnnValue::Str(n) if n.starts_with("wmma_"))
        })
    })
}

/// A scheduled program from a data file: TVMScript, or a session on a workload.
fn program(path: &Path) -> tirtui::ir::PrimFunc {
    let text = std::fs::read_to_string(path).unwrap();
    if path.extension().is_some_and(|e| e == "yaml") {
        let session = Session::from_yaml(&text, &path.display().to_string())
            .unwrap_or_else(|e| panic!("{e}"));
        let (name, src) = session.workload_source(Some(path)).unwrap();
        let func = tirtui::script::parse_func(&src, session.func.as_deref())
            .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &src).render()));
        return Trace::replay(func, &session.steps)
            .unwrap_or_else(|(_, e)| {
                panic!("{}", e.to_diagnostic(&path.display().to_string()).render())
            })
            .func()
            .clone();
    }
    tirtui::script::parse_func(&text, None).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.to_diagnostic(&path.display().to_string(), &text).render()
        )
    })
}

#[test]
fn lowering_data_files_keep_their_result() {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["tests/data/lower", "tests/data/codegen"] {
        for entry in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
            let p = entry.path();
            if p.is_dir() {
                files.extend(
                    std::fs::read_dir(&p)
                        .unwrap()
                        .filter_map(|e| e.ok().map(|e| e.path())),
                );
            } else {
                files.push(p);
            }
        }
    }
    files.retain(|p| {
        let name = p.to_string_lossy();
        // Error cases, and the unscheduled workload of the codegen sessions.
        !name.contains("/err/")
            && !name.ends_with("codegen/gemm64.tir")
            && p.extension().is_some_and(|x| x == "tir" || x == "yaml")
    });
    files.sort();
    assert!(files.len() >= 15, "data files: {files:?}");
    for p in files {
        let func = program(&p);
        check_same_result(&func, &func, &p.display().to_string());
    }
}

#[test]
fn the_simulator_reports_missing_barriers_as_races() {
    use tirtui::{lower::LStmt, simt::SimError};
    for file in [
        "tests/data/lower/thread_sync/loop_neighbour.tir",
        "tests/data/lower/merge_shared_memory/two_stages.tir",
        "tests/data/lower/compact_buffer_region/shared_tiles.tir",
    ] {
        let text = std::fs::read_to_string(file).unwrap();
        let func = tirtui::script::parse_func(&text, None).unwrap();
        let mut lowered = tirtui::lower::lower(&func).unwrap();
        let mut n_syncs = 0;
        lowered.body.rewrite(&mut |s| {
            if let LStmt::Seq(v) = s {
                n_syncs += v.iter().filter(|x| **x == LStmt::Sync).count();
                v.retain(|x| *x != LStmt::Sync);
            }
        });
        assert!(n_syncs > 0, "{file}: expected barriers");
        let mut args = interp::random_args(&func, 1).unwrap();
        match tirtui::simt::simulate(&lowered, &mut args) {
            Err(SimError::Race { .. }) => {}
            other => panic!("{file}: expected a race without barriers, got {other:?}"),
        }
    }
}

/// The `--run` reference of every shipped workload (the unscheduled program
/// mapped to threads nest by nest, one kernel per nest) computes what the
/// interpreter computes, and generates at full size.
#[test]
fn reference_programs_compute_the_workload() {
    let mut seen = std::collections::HashSet::new();
    for path in sessions() {
        let (workload, _) = scheduled_small(&path);
        let session = Session::load(&path).unwrap();
        if !seen.insert(session.workload_source(Some(&path)).unwrap().0) {
            continue;
        }
        let what = format!("reference of {}", path.display());
        let mapped = tirtui::schedule::auto::default_gpu_schedule(&workload)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        check_same_result(&workload, &mapped, &what);
        let (_, full) = {
            let (name, text) = session.workload_source(Some(&path)).unwrap();
            (name, tirtui::script::parse_func(&text, None).unwrap())
        };
        let kernel =
            tirtui::session::run::reference_kernel(&full).unwrap_or_else(|e| panic!("{e}"));
        let nests = tirtui::lower::lower_program(
            &tirtui::schedule::auto::default_gpu_schedule(&full).unwrap(),
        )
        .unwrap()
        .kernels
        .len();
        assert_eq!(kernel.launch_list().len(), nests, "{what}");
    }
}
