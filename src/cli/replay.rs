//! `tirtui replay SESSION.yaml [--emit tir|cuda|python] [--run] [--json]`.

use super::{EXIT_BAD_INPUT, EXIT_NO_GPU, EXIT_OK, EXIT_STEP_FAILED};
use crate::diag::Diagnostic;
use crate::session::FileKind;
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

pub fn replay(path: &Path, opts: &ReplayOptions) -> i32 {
    let t_parse = Instant::now();
    // Read once: checked for being a session, then parsed (as `Session::load`).
    let loaded = match crate::input::read_text(path) {
        Ok(text) => {
            if let Some(msg) = crate::session::wrong_kind(path, &text, FileKind::Session) {
                return fail(opts, path, EXIT_BAD_INPUT, &Diagnostic::new(msg).render());
            }
            Session::from_yaml(&text, &path.display().to_string())
        }
        Err(e) => Err(SessionError::Io {
            path: path.display().to_string(),
            source: e,
        }),
    };
    let session = match loaded {
        Ok(s) => s,
        Err(e) => {
            return fail(
                opts,
                path,
                EXIT_BAD_INPUT,
                &Diagnostic::new(e.to_string()).render(),
            )
        }
    };
    let (name, text) = match session.workload_source(Some(path)) {
        Ok(x) => x,
        Err(e) => {
            return fail(
                opts,
                path,
                EXIT_BAD_INPUT,
                &Diagnostic::new(e.to_string()).render(),
            )
        }
    };
    let workload = match super::parse_workload(&name, &text, session.func.as_deref()) {
        Ok(f) => f,
        Err(rendered) => return fail(opts, path, EXIT_BAD_INPUT, &rendered),
    };
    let parse_ms = ms(t_parse);

    let t_replay = Instant::now();
    let trace = match Trace::replay(workload.clone(), &session.steps) {
        Ok(t) => t,
        Err((_, e)) => {
            return fail(
                opts,
                path,
                EXIT_STEP_FAILED,
                &e.to_diagnostic(&path.display().to_string()).render(),
            )
        }
    };
    let replay_ms = ms(t_replay);
    let func = trace.func();

    if opts.emit == Some(Emit::Tir) && !super::out(&crate::script::print_func(func)) {
        return EXIT_OK;
    }
    if opts.emit == Some(Emit::Python)
        && !super::out(&crate::trace::python::to_python(
            &trace.steps,
            &path.display().to_string(),
        ))
    {
        return EXIT_OK;
    }
    let needs_cuda = opts.emit == Some(Emit::Cuda) || opts.json || opts.run || opts.check.is_some();
    if !needs_cuda {
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
        return EXIT_OK;
    }
    let t_lower = Instant::now();
    let lowered = crate::lower::lower_program(func);
    let lower_ms = ms(t_lower);
    let t_codegen = Instant::now();
    let generated = lowered
        .as_ref()
        .map_err(|e| crate::codegen::CodegenError::from(e.clone()))
        .and_then(crate::codegen::emit_program);
    let codegen_ms = ms(t_codegen);
    let out = match (lowered, generated) {
        (Ok(_), Ok(out)) => out,
        (Err(e), _) => {
            return fail(
                opts,
                path,
                EXIT_STEP_FAILED,
                &Diagnostic::new(format!("cannot lower the scheduled program: {e}")).render(),
            )
        }
        (_, Err(e)) => {
            return fail(
                opts,
                path,
                EXIT_STEP_FAILED,
                &Diagnostic::new(format!("cannot generate CUDA: {e}")).render(),
            )
        }
    };
    if opts.emit == Some(Emit::Cuda) && !super::out(&out.kernel.source) {
        return EXIT_OK;
    }
    let mut obj = Map::new();
    obj.insert("session".into(), json!(path.display().to_string()));
    obj.insert("steps".into(), json!(trace.steps.len()));
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
        json!({"parse": parse_ms, "replay": replay_ms, "lower": lower_ms, "codegen": codegen_ms}),
    );
    let mut status = EXIT_OK;
    if opts.run || opts.check.is_some() {
        let target = match crate::session::gpu::configured_gpu(opts.gpu.as_deref()) {
            Ok(t) => t,
            Err(e) => {
                eprint!("{}", Diagnostic::new(e).render());
                return EXIT_BAD_INPUT;
            }
        };
        match crate::session::run::run_kernel_on(&workload, &out.kernel, &target) {
            Ok((res, driver)) => {
                let correct = res.correct.unwrap_or(true);
                if !correct {
                    status = EXIT_STEP_FAILED;
                }
                let ctx = super::check::RunContext {
                    path,
                    session: &session,
                    steps: &trace.steps,
                    workload: &workload,
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
            }
            Err(crate::session::run::RunFailure::NoDevice(msg)) => {
                return fail(opts, path, EXIT_NO_GPU, &format!("error: {msg}\n"));
            }
            Err(crate::session::run::RunFailure::Other(msg)) => {
                return fail(opts, path, EXIT_STEP_FAILED, &Diagnostic::new(msg).render())
            }
        }
    }
    if opts.json && !super::out(&format!("{}\n", Value::Object(obj))) {
        return EXIT_OK;
    }
    status
}
