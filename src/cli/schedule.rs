//! `tirtui schedule W.tir [--out S.yaml]`: the zero-search default schedule
//! (design_space's DLight-style rules: SparseRows for a lowered SparseTIR row
//! nest, Matmul with tensor cores or SIMT tiles, GeneralReduction, Transpose,
//! else Fallback; a SparseTIR workload's stage steps first)
//! written as a session that replays, opens in the explorer and tunes like a
//! hand-written one.

use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_STEP_FAILED};
use crate::design_space;
use crate::diag::Diagnostic;
use crate::input::write::{Links, WriteRules};
use crate::trace::{Session, Workload};
use std::path::{Path, PathBuf};

/// Writes the default schedule of `workload` to `out` (stdout when None).
pub fn schedule_command(workload: &Path, out: Option<&Path>, func: Option<&str>) -> i32 {
    if workload.extension().and_then(|e| e.to_str()) != Some("tir") {
        let msg = format!(
            "{}: a workload is a `.tir` file\nhint: `tirtui schedule W.tir --out S.yaml`",
            workload.display()
        );
        eprint!("{}", Diagnostic::new(msg).render());
        return EXIT_BAD_INPUT;
    }
    let func_ir = match load_held(workload, func) {
        Ok(f) => f,
        Err(rendered) => {
            eprint!("{rendered}");
            return EXIT_BAD_INPUT;
        }
    };
    let accept =
        |sketch: &design_space::Sketch| crate::tune::check::steps_launch(&func_ir, &sketch.steps);
    let (rule, sketch) = match design_space::default_schedule(&func_ir, &accept) {
        Ok(s) => s,
        Err(e) => {
            let msg = format!("{}: {e}", workload.display());
            eprint!("{}", Diagnostic::new(msg).render());
            return EXIT_STEP_FAILED;
        }
    };
    let session = Session {
        workload: Workload::Path(workload_reference(workload, out)),
        func: func.map(str::to_string),
        steps: sketch.steps,
        results: Vec::new(),
    };
    let Some(out) = out else {
        print!("{}", session.to_yaml());
        return EXIT_OK;
    };
    let protected = [(workload, "the workload")];
    let rules = WriteRules {
        links: Links::FollowIf(crate::trace::session::is_session_text),
        not_over: &protected,
    };
    match session.save_with(out, &rules) {
        Ok(()) => {
            eprintln!(
                "{}: {} steps, rule {rule} ({}) -> {}",
                workload.display(),
                session.steps.len(),
                if sketch.applied.is_empty() {
                    "nothing to schedule".to_string()
                } else {
                    sketch.applied.join(", ")
                },
                out.display()
            );
            EXIT_OK
        }
        Err(e) => {
            let msg = format!("cannot write {}: {e}", out.display());
            eprint!("{}", Diagnostic::new(msg).render());
            EXIT_BAD_INPUT
        }
    }
}

/// The workload as a session that records its steps reads it: a SparseTIR
/// workload held unlowered, so that the default records the sparse stages
/// (docs/sparse.md) before the schedule of the lowered program; anything
/// else as `load_workload` reads it.
fn load_held(workload: &Path, func: Option<&str>) -> Result<crate::ir::PrimFunc, String> {
    let name = workload.display().to_string();
    let text = crate::input::read_text(workload)
        .map_err(|e| Diagnostic::new(format!("cannot read {name}: {e}")).render())?;
    if !crate::sparse::is_sparse_source(&text) {
        return crate::session::parse_workload(&name, &text, func);
    }
    let stages = crate::session::SparseStages::Recorded;
    crate::session::parse_workload_staged(&name, &text, func, stages)
}

/// The workload as the session at `out` refers to it: its file name when both
/// are in one folder, else (and on stdout, whose file is not known) its
/// absolute path.
fn workload_reference(workload: &Path, out: Option<&Path>) -> String {
    let absolute = || {
        std::fs::canonicalize(workload)
            .unwrap_or_else(|_| workload.to_path_buf())
            .display()
            .to_string()
    };
    let Some(out) = out else {
        return absolute();
    };
    let folder = |p: &Path| -> PathBuf {
        let parent = p.parent().map(Path::to_path_buf).unwrap_or_default();
        let parent = if parent.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            parent
        };
        std::fs::canonicalize(&parent).unwrap_or(parent)
    };
    match workload.file_name() {
        Some(name) if folder(workload) == folder(out) => name.to_string_lossy().into_owned(),
        _ => absolute(),
    }
}
