//! tirtui: an interactive explorer for TVM TensorIR schedules.
//!
//! The crate is a pipeline; data flows one way:
//!
//! ```text
//! script (TVMScript text <-> IR) -> ir (data) -> schedule (primitives, checks)
//!   -> trace (steps, replay, session YAML) -> lower (passes) -> codegen (CUDA C)
//!   -> runtime (NVRTC, launch, timing; in a worker process) -> tui
//! ```
//!
//! Invariants:
//! - `ir` is plain data; it knows no other module.
//! - `arith` simplifies and analyses expressions; it knows only `ir`.
//! - `script` parses and prints; it knows `ir` and `arith`.
//! - `interp` executes IR on the CPU; it is the oracle that schedules keep results.
//! - Only `runtime` touches the GPU, only `tui` touches the terminal.
//! - `cli` and `tui` are two faces over `session` (loading, run requests);
//!   neither calls the other.
//! - Library code never panics on user input: every failure is a typed error that
//!   renders through `diag`.

pub mod arith;
pub mod cli;
pub mod codegen;
pub mod diag;
pub mod input;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod runtime;
pub mod schedule;
pub mod script;
pub mod session;
pub mod trace;
pub mod tui;
pub mod workload;
