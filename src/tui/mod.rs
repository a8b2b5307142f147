//! The interactive explorer: TIR, palette, trace and CUDA panes over one open
//! workload or session.
//!
//! Elm-style split: `app` is the model and its updates, `view` draws it onto
//! any ratatui backend, `term` is the only code that touches the terminal, so
//! everything else runs headless (`headless`, with `TestBackend`). Slow work
//! happens on threads: GPU runs in `jobs`, lowering, the palette's dry runs
//! and `double_buffer`'s plans in `background` lanes (with a deadline:
//! `lanes`, `plan`); highlighting is cached per text.
//!
//! Invariant: no panics on any input, and the terminal is restored on exit,
//! on error and on panic.
//!
//! May use: `codegen`, `db`, `design_space`, `diag`, `input`, `ir`, `runtime`,
//!  `script`, `session`, `trace`, `tune`.

pub mod app;
pub mod background;
pub mod block_part;
pub mod command;
pub mod decision;
pub mod diff;
pub mod doc;
pub mod headless;
pub mod highlight;
pub mod input;
pub mod jobs;
pub mod journal;
pub mod keymap;
mod lanes;
pub mod lineedit;
mod mouse;
mod plan;
pub mod propose;
mod pyexec;
pub mod python;
mod runs;
mod search;
pub mod targets;
pub mod term;
pub mod theme;
pub mod tokens;
pub mod tune;
mod view;
pub mod wizard;

pub use app::{App, Event};
pub use headless::Headless;
pub use keymap::{Key, Keymap};
pub use theme::Theme;
