//! Every shipped session, lowered and printed as CUDA: the kernel source and
//! its launch configuration are golden snapshots.

use std::path::{Path, PathBuf};
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

fn scheduled(path: &Path) -> tirtui::ir::PrimFunc {
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (name, text) = session.workload_source(Some(path)).unwrap();
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    let mut trace = Trace::new(func);
    for step in &session.steps {
        if let Err(e) = trace.push(step.clone()) {
            panic!("{}", e.to_diagnostic(&path.display().to_string()).render());
        }
    }
    trace.func().clone()
}

#[test]
fn shipped_sessions_generate_cuda() {
    for path in sessions() {
        let func = scheduled(&path);
        let out =
            tirtui::codegen::generate(&func).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let k = &out.kernel;
        let report = format!(
            "grid {:?} block {:?} shared {} (before merge {}) dynamic {} local {}\n\n{}",
            k.grid,
            k.block,
            out.shared_bytes_after_merge,
            out.shared_bytes_before_merge,
            k.dynamic_shared_bytes,
            k.local_bytes,
            k.source
        );
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(name, report);
    }
}
