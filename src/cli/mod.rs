//! The headless commands behind `main.rs` (spec section 3): `print` and `replay`.
//!
//! Each command returns the process exit status: 0 success, 1 a step failed
//! (or the kernel was wrong), 2 unreadable input, 3 no GPU for `--run`,
//! 4 `replay --check` failed.
//!
//! May use: `codegen`, `db`, `design_space`, `diag`, `input`, `ir`, `lower`, `runtime`,
//!  `schedule`, `script`, `search`, `session`, `sparse`, `trace`, `tui`, `tune`.

pub mod check;
pub mod db;
pub mod db_ms;
pub mod explore;
pub mod replay;
pub mod schedule;
pub mod tune;
pub mod tune_default;
pub mod tune_model;
pub mod tune_stop;
pub mod tune_tasks;

pub use explore::explore;

use crate::diag::Diagnostic;
use std::path::Path;

pub const EXIT_OK: i32 = 0;
pub const EXIT_STEP_FAILED: i32 = 1;
pub const EXIT_BAD_INPUT: i32 = 2;
pub const EXIT_NO_GPU: i32 = 3;
/// `replay --check`: the kernel is wrong, or slower than its earlier times.
pub const EXIT_CHECK_FAILED: i32 = 4;

pub use crate::session::{load_workload, parse_workload};

/// A session's workload, its function chosen as TVM's Schedule would
/// (`trace::work_on`): the session's `func:`, else a leading `work_on` step,
/// else `main` or the only function; a refusal rendered, naming the step.
pub fn session_workload(
    origin: &str,
    name: &str,
    text: &str,
    session: &crate::trace::Session,
) -> Result<crate::ir::PrimFunc, String> {
    let stages = crate::session::SparseStages::of(session.steps.iter().map(|s| s.op.as_str()));
    crate::session::parse_workload_chosen(name, text, stages, |module| {
        crate::trace::work_on::choose_session_func(module, session.func.as_deref(), &session.steps)
            .map_err(|e| e.to_diagnostic(origin).render())
    })
}

/// Writes to stdout; false when stdout is closed (`| head -1`): the caller
/// then ends quietly with status 0, as `cat` and `grep` do.
pub fn out(text: &str) -> bool {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => false,
        Err(e) => {
            eprintln!("error: cannot write to stdout: {e}");
            false
        }
    }
}

/// `tirtui print FILE.tir`: parse and print back (round trip).
pub fn print(path: &Path) -> i32 {
    let text = match crate::input::read_text(path) {
        Ok(t) => t,
        Err(e) => {
            eprint!(
                "{}",
                Diagnostic::new(format!("cannot read {}: {e}", path.display())).render()
            );
            return EXIT_BAD_INPUT;
        }
    };
    if let Some(msg) = crate::session::wrong_kind(path, &text, crate::session::FileKind::Workload) {
        eprint!("{}", Diagnostic::new(msg).render());
        return EXIT_BAD_INPUT;
    }
    match crate::script::parse_module(&text) {
        Ok(module) => {
            out(&crate::script::print_module(&module));
            EXIT_OK
        }
        Err(e) => {
            eprint!(
                "{}",
                e.to_diagnostic(&path.display().to_string(), &text).render()
            );
            EXIT_BAD_INPUT
        }
    }
}
