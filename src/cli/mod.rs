//! The headless commands behind `main.rs` (spec section 3): `print` and `replay`.
//!
//! Each command returns the process exit status: 0 success, 1 a step failed
//! (or the kernel was wrong), 2 unreadable input, 3 no GPU for `--run`,
//! 4 `replay --check` failed.

pub mod check;
pub mod db;
pub mod explore;
pub mod gpu;
pub mod replay;
pub mod run;
pub mod tune;

pub use explore::explore;

use crate::diag::Diagnostic;
use crate::ir::PrimFunc;
use std::path::Path;

pub const EXIT_OK: i32 = 0;
pub const EXIT_STEP_FAILED: i32 = 1;
pub const EXIT_BAD_INPUT: i32 = 2;
pub const EXIT_NO_GPU: i32 = 3;
/// `replay --check`: the kernel is wrong, or slower than its earlier times.
pub const EXIT_CHECK_FAILED: i32 = 4;

/// Reads and parses a workload file, rendering any error for the terminal.
pub fn load_workload(path: &Path, func: Option<&str>) -> Result<PrimFunc, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::new(format!("cannot read {}: {e}", path.display())).render())?;
    parse_workload(&path.display().to_string(), &text, func)
}

/// Parses workload text; `name` is used in messages.
pub fn parse_workload(name: &str, text: &str, func: Option<&str>) -> Result<PrimFunc, String> {
    crate::script::parse_func(text, func).map_err(|e| e.to_diagnostic(name, text).render())
}

/// `tirtui print FILE.tir`: parse and print back (round trip).
pub fn print(path: &Path) -> i32 {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprint!(
                "{}",
                Diagnostic::new(format!("cannot read {}: {e}", path.display())).render()
            );
            return EXIT_BAD_INPUT;
        }
    };
    match crate::script::parse_module(&text) {
        Ok(module) => {
            print!("{}", crate::script::print_module(&module));
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
