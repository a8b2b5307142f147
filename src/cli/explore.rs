//! `tirtui FILE`: the interactive explorer entry point (the TUI helper replaces this file).

use std::path::Path;

pub fn explore(path: &Path, _theme: &str) -> i32 {
    eprintln!("error: the interactive explorer is still being built; use `tirtui print {}` or `tirtui replay`", path.display());
    super::EXIT_BAD_INPUT
}
