//! `tirtui replay SESSION.yaml [--emit tir|cuda|python] [--run] [--json]`.

use super::{EXIT_BAD_INPUT, EXIT_NO_GPU, EXIT_OK, EXIT_STEP_FAILED};
use crate::diag::Diagnostic;
use crate::trace::{Session, Trace};
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

pub fn replay(path: &Path, opts: &ReplayOptions) -> i32 {
    let t_parse = Instant::now();
    let session = match Session::load(path) {
        Ok(s) => s,
        Err(e) => {
            eprint!("{}", Diagnostic::new(e.to_string()).render());
            return EXIT_BAD_INPUT;
        }
    };
    let (name, text) = match session.workload_source(Some(path)) {
        Ok(x) => x,
        Err(e) => {
            eprint!("{}", Diagnostic::new(e.to_string()).render());
            return EXIT_BAD_INPUT;
        }
    };
    let workload = match super::parse_workload(&name, &text, session.func.as_deref()) {
        Ok(f) => f,
        Err(rendered) => {
            eprint!("{rendered}");
            return EXIT_BAD_INPUT;
        }
    };
    let parse_ms = ms(t_parse);

    let t_replay = Instant::now();
    let trace = match Trace::replay(workload.clone(), &session.steps) {
        Ok(t) => t,
        Err((_, e)) => {
            eprint!("{}", e.to_diagnostic(&path.display().to_string()).render());
            return EXIT_STEP_FAILED;
        }
    };
    let replay_ms = ms(t_replay);
    let func = trace.func();

    if opts.emit == Some(Emit::Tir) {
        print!("{}", crate::script::print_func(func));
    }
    if opts.emit == Some(Emit::Python) {
        print!(
            "{}",
            crate::trace::python::to_python(&trace.steps, &path.display().to_string())
        );
    }
    let needs_cuda = opts.emit == Some(Emit::Cuda) || opts.json || opts.run || opts.check.is_some();
    if !needs_cuda {
        return EXIT_OK;
    }
    let t_lower = Instant::now();
    let lowered = crate::lower::lower(func);
    let lower_ms = ms(t_lower);
    let t_codegen = Instant::now();
    let generated = crate::codegen::generate(func);
    let codegen_ms = ms(t_codegen);
    let out = match (lowered, generated) {
        (Ok(_), Ok(out)) => out,
        (Err(e), _) => {
            eprint!(
                "{}",
                Diagnostic::new(format!("cannot lower the scheduled program: {e}")).render()
            );
            return EXIT_STEP_FAILED;
        }
        (_, Err(e)) => {
            eprint!(
                "{}",
                Diagnostic::new(format!("cannot generate CUDA: {e}")).render()
            );
            return EXIT_STEP_FAILED;
        }
    };
    if opts.emit == Some(Emit::Cuda) {
        print!("{}", out.kernel.source);
    }
    let mut obj = Map::new();
    obj.insert("session".into(), json!(path.display().to_string()));
    obj.insert("steps".into(), json!(trace.steps.len()));
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
        let target = match super::gpu::configured_gpu(opts.gpu.as_deref()) {
            Ok(t) => t,
            Err(e) => {
                eprint!("{}", Diagnostic::new(e).render());
                return EXIT_BAD_INPUT;
            }
        };
        match super::run::run_kernel_on(&workload, &out.kernel, &target) {
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
            Err(super::run::RunFailure::NoDevice(msg)) => {
                eprintln!("error: {msg}");
                return EXIT_NO_GPU;
            }
            Err(super::run::RunFailure::Other(msg)) => {
                eprint!("{}", Diagnostic::new(msg).render());
                return EXIT_STEP_FAILED;
            }
        }
    }
    if opts.json {
        println!("{}", Value::Object(obj));
    }
    status
}
