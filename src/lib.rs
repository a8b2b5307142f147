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
//! - `arith` simplifies and analyses expressions; it knows only `ir` (and the
//!   leaf `numeric`, whose scalar functions every evaluator shares).
//! - `script` parses and prints; it knows `ir` and `arith`.
//! - `interp` executes IR on the CPU; it is the oracle that schedules keep results.
//! - `simt` runs lowered kernels on the CPU, thread by thread; it is the oracle
//!   that lowering keeps results (tests use it; nothing on the way to CUDA does).
//! - `validate` checks the IR invariants between stages (after parsing and every
//!   primitive in debug builds, always before lowering).
//! - Only `runtime` touches the GPU, only `tui` touches the terminal.
//! - `design_space` writes schedules (MetaSchedule's rules) as trace steps; it
//!   knows `ir`, `schedule` and `trace`, never what runs or shows them.
//! - `search` is what the tuner learns with: features of lowered candidates and
//!   the cost models that rank them; it never touches a GPU.
//! - `cli` and `tui` are two faces over `session` (loading, run requests, the
//!   config file); `tui` never calls `cli`, whose `explore` command starts it.
//! - Each module's header ends with the modules it may use (`May use:`);
//!   `tests/module_deps.rs` holds the code to it.
//! - Library code never panics on user input: every failure is a typed error that
//!   renders through `diag`.

pub mod alloc;
pub mod arith;
pub mod cli;
pub mod codegen;
pub mod db;
pub mod design_space;
pub mod diag;
pub mod input;
pub mod interp;
pub mod ir;
pub mod launch_limits;
pub mod lower;
pub mod numeric;
pub mod postproc;
pub mod runtime;
pub mod schedule;
pub mod script;
pub mod search;
pub mod session;
pub mod simt;
pub mod sparse;
pub mod trace;
pub mod tui;
pub mod tune;
pub mod validate;
