//! `tirtui FILE.tir | SESSION.yaml [--trace trace.py]`: opens the interactive explorer.

use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::session::config_path;
use crate::tui::journal::Journal;
use crate::tui::keymap::load_keymap;
use crate::tui::{App, Theme};
use std::io::IsTerminal;
use std::path::Path;

/// Runs the explorer on `path` with a theme (`dark`, `light` or a path);
/// returns the exit status.
pub fn explore(path: &Path, theme: &str, python_trace: Option<&Path>) -> i32 {
    let theme = match Theme::load(theme) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let (keymap, problems) = load_keymap(config_path().as_deref());
    let mut app = match App::open(path, theme, keymap, Journal::for_file(path)) {
        Ok(a) => a,
        Err(rendered) => {
            eprint!("{rendered}");
            return EXIT_BAD_INPUT;
        }
    };
    if let Some(trace_path) = python_trace {
        // Read and checked whole before the terminal changes, so a bad line
        // is reported like `replay`'s, with its number.
        let origin = trace_path.display().to_string();
        let text = match crate::input::read_text(trace_path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {origin}: {e}");
                return EXIT_BAD_INPUT;
            }
        };
        let read = super::replay::read_trace_text(trace_path, &text, app.doc.trace.func().clone());
        match read {
            Ok(trace) => {
                app.apply_steps(trace.steps, &origin);
            }
            Err((at, failure)) => {
                let why = match failure {
                    crate::trace::pyscript::PyFailure::Text(t) => t,
                    crate::trace::pyscript::PyFailure::Step(e) => e.to_string(),
                };
                eprintln!("error: {at}: {why}");
                return super::EXIT_STEP_FAILED;
            }
        }
    }
    if !problems.is_empty() {
        app.error(format!("key config: {}", problems.join("; ")));
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        eprintln!("error: the explorer needs a terminal; for scripts use `tirtui replay SESSION.yaml --emit tir`");
        return EXIT_BAD_INPUT;
    }
    match crate::tui::term::run(&mut app) {
        Ok(crate::tui::term::Ended::Quit) => EXIT_OK,
        Ok(crate::tui::term::Ended::Signal(sig)) => {
            // As `q!`: the journal keeps the unsaved steps for the next open.
            eprintln!(
                "tirtui: {}: terminal restored{}",
                crate::tui::term::signal_name(sig),
                if app.doc.unsaved() {
                    "; the unsaved steps are in the journal (reopen the file to restore them)"
                } else {
                    ""
                }
            );
            128 + sig
        }
        Err(e) => {
            eprintln!("error: {e}");
            super::EXIT_STEP_FAILED
        }
    }
}
