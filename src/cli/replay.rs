//! `tirtui replay SESSION.yaml [--emit tir|cuda|python] [--run] [--json]`.

use super::{EXIT_BAD_INPUT, EXIT_NO_GPU, EXIT_OK, EXIT_STEP_FAILED};
use crate::codegen::{CudaKernel, CudaOutput};
use crate::diag::Diagnostic;
use crate::ir::PrimFunc;
use crate::session::{FileKind, ParsedWorkload};
use crate::trace::work_on::choose_session_func;
use crate::trace::{Session, SessionError, Trace};
use serde_json::{json, Map, Value};
use std::path::Path;
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    Tir,
    Cuda,
    Python,
}

#[derive(Clone, Debug)]
pub struct ReplayOptions {
    pub emit: Option<Emit>,
    pub run: bool,
    pub json: bool,
    /// `--check`: the tolerance (a fraction) of the regression gate.
    pub check: Option<f64>,
    /// `--db DIR`: the results database (default: `crate::db::default_dir`).
    pub db: Option<std::path::PathBuf>,
    /// `--gpu TARGET`.
    pub gpu: Option<String>,
    /// `--workload W.tir`: what a Python trace (`trace.py`) schedules.
    pub workload: Option<std::path::PathBuf>,
    /// `--bind NAME=VALUE`: shape variables of the workload bound to sizes.
    pub bind: Vec<(String, i64)>,
    /// `--sparse KEY=VALUE,...`: a SparseTIR workload's sizes and the CSR
    /// pattern its run gets (docs/sparse.md).
    pub sparse: Option<crate::sparse::options::SparseOptions>,
}

/// `--bind`'s argument: `NAME=VALUE` with an integer value.
pub fn parse_binding(arg: &str) -> Result<(String, i64), String> {
    let (name, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("`{arg}` is not NAME=VALUE (e.g. n=1024)"))?;
    let value = value
        .trim()
        .parse::<i64>()
        .map_err(|e| format!("`{value}` is not an integer size for `{name}`: {e}"))?;
    Ok((name.trim().to_string(), value))
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// The end of a replay that went wrong: the rendered message on stderr, and
/// with `--json` one JSON object with an `error` field on stdout (so scripts
/// always get JSON when they asked for it).
fn fail(opts: &ReplayOptions, path: &Path, code: i32, rendered: &str) -> i32 {
    eprint!("{rendered}");
    if opts.json {
        let first = rendered
            .lines()
            .next()
            .unwrap_or("")
            .trim_start_matches("error: ");
        let obj = json!({
            "session": path.display().to_string(),
            "error": first,
            "exit": code,
        });
        if !super::out(&format!("{obj}\n")) {
            return EXIT_OK;
        }
    }
    code
}

/// The `replay` command; returns the exit status. For `main` only: what it
/// builds is not freed (the process ends next).
pub fn replay(path: &Path, opts: &ReplayOptions) -> i32 {
    // Each stage reports its own failure and hands back the exit code as `Err`.
    replay_stages(path, opts).unwrap_or_else(|code| code)
}

/// How long each stage took, for `timings_ms` in the JSON summary.
struct Timings {
    parse: f64,
    replay: f64,
    lower: f64,
    codegen: f64,
}

/// The stages in order: load, replay, print what needs no CUDA, lower and
/// generate CUDA, summarise, run on a GPU.
fn replay_stages(path: &Path, opts: &ReplayOptions) -> Result<i32, i32> {
    let t_parse = Instant::now();
    let (session, name, workload) = load(path, opts)?;
    let workload = if opts.bind.is_empty() {
        workload
    } else {
        crate::ir::bind_shape_vars(&workload, &opts.bind).map_err(|e| {
            let d = Diagnostic::new(format!("--bind: {e}"));
            fail(opts, path, EXIT_BAD_INPUT, &d.render())
        })?
    };
    let parse_ms = ms(t_parse);

    let t_replay = Instant::now();
    let trace = Trace::replay_final(workload.clone(), &session.steps).map_err(|(_, e)| {
        fail(
            opts,
            path,
            EXIT_STEP_FAILED,
            &e.to_diagnostic(&path.display().to_string()).render(),
        )
    })?;
    let replay_ms = ms(t_replay);

    if let Some(code) = print_without_cuda(path, opts, &trace, &name) {
        leave_to_exit((session, trace, workload));
        return Ok(code);
    }
    let (out, lower_ms, codegen_ms) = lower_and_generate(path, opts, trace.func())?;
    if opts.emit == Some(Emit::Cuda) && !super::out(&out.kernel.source) {
        return Ok(EXIT_OK);
    }
    let timings = Timings {
        parse: parse_ms,
        replay: replay_ms,
        lower: lower_ms,
        codegen: codegen_ms,
    };
    let mut obj = summary(path, trace.steps.len(), &out, &timings);
    let mut status = EXIT_OK;
    if opts.run || opts.check.is_some() {
        let run = Run {
            path,
            opts,
            session: &session,
            trace: &trace,
            workload: &workload,
        };
        status = run.on_gpu(&out.kernel, &mut obj)?;
    }
    if opts.json && !super::out(&format!("{}\n", Value::Object(obj))) {
        return Ok(EXIT_OK);
    }
    leave_to_exit((session, trace, workload, out));
    Ok(status)
}

/// The process ends when `replay` returns (only `main` calls it): the
/// programs it built are left for the exit to reclaim at once rather than
/// freed node by node (about 2% of `tirtui replay S --emit cuda`'s instructions).
fn leave_to_exit<T>(built: T) {
    std::mem::forget(built);
}

/// Reads the session (once: checked for being a session, then parsed as
/// `Session::load` does) and parses its workload; returns the session, the
/// workload's name and the workload.
fn load(path: &Path, opts: &ReplayOptions) -> Result<(Session, String, PrimFunc), i32> {
    let bad_input = |msg: String| fail(opts, path, EXIT_BAD_INPUT, &Diagnostic::new(msg).render());
    if path.extension().is_some_and(|e| e == "py" || e == "json") {
        return load_python_trace(path, opts);
    }
    if opts.workload.is_some() {
        return Err(bad_input(format!(
            "--workload is for Python and JSON traces (`.py`, `.json`); the session {} names its own workload",
            path.display()
        )));
    }
    let loaded = match crate::input::read_text(path) {
        Ok(text) => {
            if let Some(msg) = crate::session::wrong_kind(path, &text, FileKind::Session) {
                return Err(bad_input(msg));
            }
            Session::from_yaml(&text, &path.display().to_string())
        }
        Err(e) => Err(SessionError::Io {
            path: path.display().to_string(),
            source: e,
        }),
    };
    let session = loaded.map_err(|e| bad_input(e.to_string()))?;
    let (name, text) = session
        .workload_source(Some(path))
        .map_err(|e| bad_input(e.to_string()))?;
    let text = sized_text(opts, &name, text).map_err(bad_input)?;
    let stages = crate::session::SparseStages::of(session.steps.iter().map(|s| s.op.as_str()));
    let parsed = crate::session::parse_workload_module(&name, &text, stages)
        .map_err(|rendered| fail(opts, path, EXIT_BAD_INPUT, &rendered))?;
    let func = match &parsed {
        ParsedWorkload::Module(module) => {
            choose_session_func(module, session.func.as_deref(), &session.steps).map_err(|e| {
                // A step that needs a function fails as steps do (status 1).
                let code = if e.step.is_some() {
                    EXIT_STEP_FAILED
                } else {
                    EXIT_BAD_INPUT
                };
                fail(
                    opts,
                    path,
                    code,
                    &e.to_diagnostic(&path.display().to_string()).render(),
                )
            })?
        }
        ParsedWorkload::Sparse(_) => session.func.clone(),
    };
    let workload = crate::session::take_workload_func(&name, &text, parsed, func.as_deref())
        .map_err(|rendered| fail(opts, path, EXIT_BAD_INPUT, &rendered))?;
    Ok((session, name, workload))
}

/// The workload text with `--sparse`'s sizes (a SparseTIR workload only).
fn sized_text(opts: &ReplayOptions, name: &str, text: String) -> Result<String, String> {
    match &opts.sparse {
        Some(o) if crate::sparse::is_sparse_source(&text) => {
            crate::sparse::options::resize_source(&text, o)
                .map_err(|e| format!("--sparse: {name}: {e}"))
        }
        Some(_) => Err(format!(
            "--sparse: {name} is not a SparseTIR workload (docs/sparse.md)"
        )),
        None => Ok(text),
    }
}

/// A Python trace (`print(sch.trace)`'s `def apply_trace(sch):` or a script
/// of `sch.<op>(...)` calls) or TVM's JSON trace (`trace.as_json()`, a `.json`
/// file) applied to `--workload`, as a session.
fn load_python_trace(
    path: &Path,
    opts: &ReplayOptions,
) -> Result<(Session, String, PrimFunc), i32> {
    let origin = path.display().to_string();
    let bad_input = |msg: String| fail(opts, path, EXIT_BAD_INPUT, &Diagnostic::new(msg).render());
    let Some(workload_path) = &opts.workload else {
        return Err(bad_input(format!(
            "{origin} is a trace: name the workload it schedules with --workload W.tir"
        )));
    };
    let text = crate::input::read_text(path).map_err(|e| bad_input(format!("{origin}: {e}")))?;
    let name = workload_path.display().to_string();
    let source = crate::input::read_text(workload_path)
        .map_err(|e| bad_input(format!("workload {name}: {e}")))?;
    let source = sized_text(opts, &name, source).map_err(bad_input)?;
    let workload = super::parse_workload(&name, &source, None)
        .map_err(|rendered| fail(opts, path, EXIT_BAD_INPUT, &rendered))?;
    let trace = read_trace_text(path, &text, workload.clone())
        .map_err(|(at, failure)| render_trace_failure(opts, path, &origin, &at, &failure))?;
    let absolute = std::env::current_dir()
        .map(|d| d.join(workload_path))
        .unwrap_or_else(|_| workload_path.clone());
    let session = Session {
        workload: crate::trace::Workload::Path(absolute.display().to_string()),
        func: None,
        steps: trace.steps.clone(),
        results: Vec::new(),
    };
    Ok((session, name, workload))
}

/// Reads a trace file: TVM's JSON trace for `.json` (or text that is a JSON
/// list), else Python. Errors: where (file line or instruction, with the
/// statement) and why.
pub fn read_trace_text(
    path: &Path,
    text: &str,
    workload: PrimFunc,
) -> Result<Trace, (String, crate::trace::pyscript::PyFailure)> {
    use crate::trace::pyscript::{looks_like_json_trace, read_json_trace, read_trace_file};
    let origin = path.display().to_string();
    let json = path.extension().is_some_and(|e| e == "json") || looks_like_json_trace(text);
    if json {
        read_json_trace(text, workload).map_err(|e| {
            let mut at = origin.clone();
            if let Some((index, kind)) = &e.instruction {
                at.push_str(&format!(": instruction {index} (`{kind}`)"));
            }
            if let Some(call) = &e.call {
                at.push_str(&format!(", read as `{call}`"));
            }
            (at, e.failure)
        })
    } else {
        read_trace_file(text, workload)
            .map_err(|e| (format!("{origin}:{}: `{}`", e.line, e.text), e.failure))
    }
}

fn render_trace_failure(
    opts: &ReplayOptions,
    path: &Path,
    origin: &str,
    at: &str,
    failure: &crate::trace::pyscript::PyFailure,
) -> i32 {
    let rendered = match failure {
        crate::trace::pyscript::PyFailure::Step(step) => step
            .to_diagnostic(origin)
            .with_note(format!("in {at}"))
            .render(),
        crate::trace::pyscript::PyFailure::Text(msg) => Diagnostic::new(msg.clone())
            .with_note(format!("in {at}"))
            .render(),
    };
    fail(opts, path, EXIT_STEP_FAILED, &rendered)
}

/// `--emit tir`, `--emit python`, or the one-line summary when nothing was
/// asked for; `Some(exit code)` when the replay ends here (no CUDA needed).
fn print_without_cuda(path: &Path, opts: &ReplayOptions, trace: &Trace, name: &str) -> Option<i32> {
    if opts.emit == Some(Emit::Tir) && !super::out(&crate::script::print_func(trace.func())) {
        return Some(EXIT_OK);
    }
    // Lowered, held for its stage steps, or with stage steps in its trace.
    let sparse = crate::sparse::is_sparse(trace.func())
        || trace
            .steps
            .iter()
            .any(|s| crate::sparse::stage::is_stage_op(&s.op));
    if opts.emit == Some(Emit::Python) && sparse {
        let msg = format!(
            "{}: the trace of a sparse workload is tirtui-only: TVM has no SparseTIR (mainline never merged it), so its Python could not run (hint: `--emit tir` prints the lowered TIR, which TVM reads; docs/sparse.md)",
            path.display()
        );
        return Some(fail(
            opts,
            path,
            EXIT_BAD_INPUT,
            &Diagnostic::new(msg).render(),
        ));
    }
    if opts.emit == Some(Emit::Python) {
        let script =
            match crate::trace::python::to_python(&trace.steps, &path.display().to_string()) {
                Ok(script) => script,
                Err(e) => {
                    let msg = format!("{}: cannot export the trace as Python: {e}", path.display());
                    return Some(fail(
                        opts,
                        path,
                        EXIT_STEP_FAILED,
                        &Diagnostic::new(msg).render(),
                    ));
                }
            };
        if !super::out(&script) {
            return Some(EXIT_OK);
        }
    }
    let needs_cuda = opts.emit == Some(Emit::Cuda) || opts.json || opts.run || opts.check.is_some();
    if needs_cuda {
        return None;
    }
    if opts.emit.is_none() {
        // Nothing asked for: say what happened in one line.
        let n = trace.steps.len();
        let line = format!(
            "{}: {n} step{} applied to {} (--emit tir|cuda|python prints the result)\n",
            path.display(),
            if n == 1 { "" } else { "s" },
            name
        );
        let _ = super::out(&line);
    }
    Some(EXIT_OK)
}

/// Lowers the scheduled program and prints its CUDA; returns the output and
/// the milliseconds each of the two took.
fn lower_and_generate(
    path: &Path,
    opts: &ReplayOptions,
    func: &PrimFunc,
) -> Result<(CudaOutput, f64, f64), i32> {
    let t_lower = Instant::now();
    let lowered = crate::lower::lower_program(func);
    let lower_ms = ms(t_lower);
    let t_codegen = Instant::now();
    let generated = lowered
        .as_ref()
        .map_err(|e| crate::codegen::CodegenError::from(e.clone()))
        .and_then(crate::codegen::emit_program);
    let codegen_ms = ms(t_codegen);
    let failed = |msg: String| fail(opts, path, EXIT_STEP_FAILED, &Diagnostic::new(msg).render());
    match (lowered, generated) {
        (Ok(lowered), Ok(out)) => {
            leave_to_exit(lowered);
            Ok((out, lower_ms, codegen_ms))
        }
        (Err(e), _) => Err(failed(format!("cannot lower the scheduled program: {e}"))),
        (_, Err(e)) => Err(failed(format!("cannot generate CUDA: {e}"))),
    }
}

/// The `--json` object before a run: the session, each kernel's launch and
/// memory, and the timings.
fn summary(path: &Path, steps: usize, out: &CudaOutput, timings: &Timings) -> Map<String, Value> {
    let mut obj = Map::new();
    obj.insert("session".into(), json!(path.display().to_string()));
    obj.insert("steps".into(), json!(steps));
    let kernels: Vec<Value> = out
        .kernel
        .launch_list()
        .iter()
        .map(|k| {
            json!({
                "name": k.name,
                "grid": k.grid,
                "block": k.block,
                "dynamic_shared_bytes": k.dynamic_shared_bytes,
                "shared_bytes": k.static_shared_bytes + k.dynamic_shared_bytes,
                "local_bytes": k.local_bytes,
            })
        })
        .collect();
    obj.insert("kernels".into(), Value::Array(kernels));
    obj.insert(
        "launch".into(),
        json!({"grid": out.kernel.grid, "block": out.kernel.block, "dynamic_shared_bytes": out.kernel.dynamic_shared_bytes}),
    );
    obj.insert(
        "shared_bytes".into(),
        json!(out.kernel.static_shared_bytes + out.kernel.dynamic_shared_bytes),
    );
    obj.insert(
        "shared_bytes_before_merge".into(),
        json!(out.shared_bytes_before_merge),
    );
    obj.insert(
        "shared_bytes_after_merge".into(),
        json!(out.shared_bytes_after_merge),
    );
    obj.insert("local_bytes".into(), json!(out.kernel.local_bytes));
    obj.insert(
        "timings_ms".into(),
        json!({"parse": timings.parse, "replay": timings.replay, "lower": timings.lower, "codegen": timings.codegen}),
    );
    obj
}

/// The program a session with a format decomposition is run against: its
/// stage steps' program, unscheduled (the parts' arguments, not the
/// workload's); `None` for any other session. The decomposition itself is
/// checked against the undecomposed dense product in the interpreter
/// (tests/sparse_format.rs).
fn decomposed_reference(trace: &Trace, workload: &PrimFunc) -> Result<Option<PrimFunc>, String> {
    let steps = &trace.steps;
    if !steps.iter().any(|s| s.op == "sparse_format_decompose") {
        return Ok(None);
    }
    let Some(last) = steps
        .iter()
        .rposition(|s| crate::sparse::stage::is_stage_op(&s.op))
    else {
        return Ok(None);
    };
    Trace::replay(workload.clone(), &steps[..=last])
        .map(|t| Some(t.func().clone()))
        .map_err(|(_, e)| format!("cannot replay the stage steps for the reference run: {e}"))
}

/// What `--run` and `--check` need of the replay.
struct Run<'a> {
    path: &'a Path,
    opts: &'a ReplayOptions,
    session: &'a Session,
    trace: &'a Trace,
    workload: &'a PrimFunc,
}

impl Run<'_> {
    /// Runs the kernel on the configured GPU, records the result (and the
    /// `--check` gate), adds the result's fields to `obj`; returns the exit
    /// status (`Ok` also when the result is wrong or the check fails).
    fn on_gpu(&self, kernel: &CudaKernel, obj: &mut Map<String, Value>) -> Result<i32, i32> {
        let (path, opts) = (self.path, self.opts);
        let target = match crate::session::gpu::configured_gpu(opts.gpu.as_deref()) {
            Ok(t) => t,
            Err(e) => {
                eprint!("{}", Diagnostic::new(e).render());
                return Err(EXIT_BAD_INPUT);
            }
        };
        let reference = match decomposed_reference(self.trace, self.workload) {
            Ok(r) => r,
            Err(msg) => {
                return Err(fail(
                    opts,
                    path,
                    EXIT_STEP_FAILED,
                    &Diagnostic::new(msg).render(),
                ))
            }
        };
        let (res, driver) = match crate::session::run::run_kernel_with(
            reference.as_ref().unwrap_or(self.workload),
            kernel,
            &target,
            opts.sparse.as_ref(),
        ) {
            Ok(x) => x,
            Err(crate::session::run::RunFailure::NoDevice(msg)) => {
                return Err(fail(opts, path, EXIT_NO_GPU, &format!("error: {msg}\n")));
            }
            Err(crate::session::run::RunFailure::Other(msg)) => {
                return Err(fail(
                    opts,
                    path,
                    EXIT_STEP_FAILED,
                    &Diagnostic::new(msg).render(),
                ))
            }
        };
        let correct = res.correct.unwrap_or(true);
        let mut status = if correct { EXIT_OK } else { EXIT_STEP_FAILED };
        let ctx = super::check::RunContext {
            path,
            session: self.session,
            steps: &self.trace.steps,
            workload: self.workload,
            db_dir: opts.db.as_deref(),
            check: opts.check,
        };
        if let Some(code) = super::check::after_run(&ctx, &res, &driver) {
            status = code;
        }
        if let Value::Object(m) = serde_json::to_value(&res).unwrap_or(Value::Null) {
            for (k, v) in m {
                obj.insert(k, v);
            }
        }
        if !opts.json {
            eprintln!(
                "{}: {:.4} ms, {:.1} GFLOP/s{}, max rel err {}, {}",
                res.device,
                res.time_ms,
                res.gflops,
                res.pct_of_cublas
                    .map(|p| format!(", {p:.1}% of cuBLAS"))
                    .unwrap_or_default(),
                res.max_rel_err
                    .map(|e| format!("{e:.2e}"))
                    .unwrap_or_else(|| "n/a".into()),
                if correct { "correct" } else { "WRONG" }
            );
        }
        Ok(status)
    }
}
