//! `tirtui tune DIR`: a whole model's operators as tasks. Every `*.tir` in DIR
//! is a task (each function of a module with several is its own task, named
//! `file.tir:func`); `DIR/tasks.yaml` may give weights (how many times the model
//! runs a task per inference; 1 by default):
//!
//! ```yaml
//! weights:
//!   dense.tir: 12
//!   attention.tir:softmax: 12
//! ```
//!
//! `tune DIR --space` lists every task (FLOP, weight, sketches, space size)
//! without a GPU.

use super::tune::TuneArgs;
use super::tune_model::TuneModel;
use super::{EXIT_BAD_INPUT, EXIT_STEP_FAILED};
use crate::design_space::{self, GpuTarget};
use crate::diag::Diagnostic;
use crate::input::write::{Links, WriteRules};
use crate::ir::PrimFunc;
use crate::trace::{Session, Workload};
use crate::tune::evolution::{evolve, EvolutionOptions};
use crate::tune::tasks::{TaskRecord, TaskScheduler};
use crate::tune::Space;
use crate::tune::{DbContext, MeasurePool, Nvrtc, Outcome, Stop};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// The most tasks one folder may hold (a model has dozens).
pub const MAX_TASKS: usize = 512;
/// The file that gives the tasks' weights.
pub const WEIGHTS_FILE: &str = "tasks.yaml";

/// One task: a workload function and its place in the model.
#[derive(Clone, Debug)]
pub struct Task {
    /// `file.tir`, or `file.tir:func` when the file has several functions.
    pub name: String,
    pub path: PathBuf,
    /// The function, when the file has several.
    pub func: Option<String>,
    pub workload: PrimFunc,
    pub flop: f64,
    pub weight: f64,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightsFile {
    #[serde(default)]
    weights: BTreeMap<String, f64>,
}

/// The tasks of `dir`, sorted by name, with their weights; a message naming
/// the file and the reason otherwise.
pub fn load_tasks(dir: &Path) -> Result<Vec<Task>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.extension().is_some_and(|e| e == "tir") && path.is_file() {
            files.push(path);
            if files.len() > MAX_TASKS {
                return Err(format!(
                    "{} holds more than {MAX_TASKS} workloads, the most one tune takes",
                    dir.display()
                ));
            }
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(format!(
            "{} holds no workload (`*.tir`) to tune",
            dir.display()
        ));
    }
    let mut tasks = Vec::new();
    for path in files {
        tasks.extend(file_tasks(&path)?);
    }
    if tasks.len() > MAX_TASKS {
        return Err(format!(
            "{} holds more than {MAX_TASKS} functions, the most one tune takes",
            dir.display()
        ));
    }
    apply_weights(dir, &mut tasks)?;
    Ok(tasks)
}

fn file_tasks(path: &Path) -> Result<Vec<Task>, String> {
    let text = crate::input::read_text(path)
        .map_err(|e| Diagnostic::new(format!("cannot read {}: {e}", path.display())).render())?;
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let shown = path.display().to_string();
    let module =
        crate::script::parse_module(&text).map_err(|e| e.to_diagnostic(&shown, &text).render())?;
    let several = module.funcs.len() > 1;
    let mut tasks = Vec::with_capacity(module.funcs.len());
    for func in module.funcs {
        let name = if several {
            format!("{file}:{}", func.name)
        } else {
            file.clone()
        };
        let flop = crate::session::workload::flop_count(&func);
        tasks.push(Task {
            name,
            path: path.to_path_buf(),
            func: several.then(|| func.name.clone()),
            workload: func,
            flop,
            weight: 1.0,
        });
    }
    Ok(tasks)
}

fn apply_weights(dir: &Path, tasks: &mut [Task]) -> Result<(), String> {
    let path = dir.join(WEIGHTS_FILE);
    if !path.exists() {
        return Ok(());
    }
    let text = crate::input::read_text(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    crate::trace::session::check_yaml_bounds(&text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let file: WeightsFile =
        serde_yaml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    for (name, weight) in file.weights {
        if !weight.is_finite() || weight <= 0.0 || weight > 1e9 {
            return Err(format!(
                "{}: the weight of `{name}` is {weight}; a weight is how many times the model runs the task, a positive number",
                path.display()
            ));
        }
        let task = tasks.iter_mut().find(|t| t.name == name).ok_or_else(|| {
            format!(
                "{}: no task named `{name}` in {} (a task is a file name, or `file.tir:func` for a module with several functions)",
                path.display(),
                dir.display()
            )
        })?;
        task.weight = weight;
    }
    Ok(())
}

/// The scheduler's view of the tasks, before any trial.
pub fn scheduler_for(tasks: &[Task], seed: u64) -> TaskScheduler {
    let records = tasks
        .iter()
        .map(|t| TaskRecord::new(t.name.clone(), t.flop, t.weight))
        .collect();
    TaskScheduler::new(records, seed)
}

/// `tune DIR --space`: every task with its sketches and their sizes, and the
/// table the tune starts from.
pub fn describe_tasks(dir: &Path, json_out: bool) -> i32 {
    let tasks = match load_tasks(dir) {
        Ok(t) => t,
        Err(e) => {
            eprint!("{}", Diagnostic::new(e).render());
            return EXIT_BAD_INPUT;
        }
    };
    let mut rows = Vec::with_capacity(tasks.len());
    for task in &tasks {
        let (sketches, size) = match design_space::generate(&task.workload, &GpuTarget::default()) {
            Ok(sketches) => {
                let mut total: u128 = 0;
                for sketch in &sketches {
                    let n = Some(Space::for_sketch(
                        task.workload.clone(),
                        sketch.steps.clone(),
                    ))
                    .filter(|s| !s.sites.is_empty())
                    .and_then(|s| s.size().ok())
                    .map_or(1, |s| s.total);
                    total = total.saturating_add(n);
                }
                (Ok(sketches.len()), total)
            }
            Err(e) => (Err(e.to_string()), 0),
        };
        rows.push((task, sketches, size));
    }
    if json_out {
        let items: Vec<serde_json::Value> = rows
            .iter()
            .map(|(t, sketches, size)| {
                json!({
                    "name": t.name,
                    "flop": t.flop,
                    "weight": t.weight,
                    "sketches": sketches.as_ref().ok(),
                    "error": sketches.as_ref().err(),
                    "size": size.to_string(),
                })
            })
            .collect();
        super::out(&format!(
            "{}\n",
            json!({ "dir": dir.display().to_string(), "tasks": items })
        ));
        return super::EXIT_OK;
    }
    let mut text = format!("{}: {} tasks\n", dir.display(), tasks.len());
    for (i, (t, sketches, size)) in rows.iter().enumerate() {
        let what = match sketches {
            Ok(n) => format!("{n} sketches, {size} candidates"),
            Err(e) => format!("no design space: {e}"),
        };
        text.push_str(&format!("  {i:>3}  {}: {what}\n", t.name));
    }
    text.push('\n');
    text.push_str(&scheduler_for(&tasks, 0).table());
    super::out(&text);
    super::EXIT_OK
}

/// Trials per round of one task (MetaSchedule's `num_trials_per_iter`).
pub const ROUND_TRIALS: usize = 64;

/// One task's search state across its rounds.
struct TaskState {
    spaces: Vec<Space>,
    /// The default schedule's candidate, measured first in the task's first round.
    first: Vec<(usize, Vec<crate::tune::Decision>)>,
    measure: Option<MeasurePool>,
    best: Option<(f64, Vec<crate::trace::Step>)>,
    rounds: u64,
}

/// `tune DIR`: the tasks share `--trials`; each round (64 trials) goes to the
/// task the gradient scheduler picks, searched by the model-guided evolution
/// with one cost model for all tasks; the table after each round; each task's
/// best session written to `--out` (a folder; default `DIR/tuned`).
pub fn tune_tasks(dir: &Path, args: &TuneArgs) -> i32 {
    let (tasks, out_dir, targets) = match open_inputs(dir, args) {
        Ok(x) => x,
        Err(e) => {
            eprint!("{}", Diagnostic::new(e).render());
            return EXIT_BAD_INPUT;
        }
    };
    let seed = args.seed.unwrap_or(0x7461_736b);
    let mut sched = scheduler_for(&tasks, seed);
    let mut states: Vec<TaskState> = tasks.iter().map(|t| task_state(t, &mut sched)).collect();
    let mut db = super::tune::open_db(args);
    let mut model = TuneModel::open(args.model, db.as_ref(), "", seed);
    let stop = super::tune_stop::stop_flag(args);
    eprintln!(
        "tuning {} tasks of {} on {}: {} trials, {} model\n{}",
        tasks.len(),
        dir.display(),
        targets
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        args.trials,
        model.cost_model().name(),
        sched.table()
    );
    let mut learned_db = !model.wants_records();
    let mut fatal = None;
    while sched.total_trials() < args.trials && !stop.load(Ordering::Relaxed) {
        let Some(i) = sched.next_task() else { break };
        let (task, state) = (&tasks[i], &mut states[i]);
        if state.measure.is_none() {
            match MeasurePool::new(&task.workload, &targets) {
                Ok(m) => state.measure = Some(m.with_compile_timeout(args.compile_timeout)),
                Err(e) => {
                    fatal = Some(e);
                    break;
                }
            }
        }
        let Some(measure) = state.measure.as_mut() else {
            break;
        };
        let trials = ROUND_TRIALS.min(args.trials - sched.total_trials());
        let first_round = !learned_db;
        learned_db = true;
        let round = Round {
            first: if state.rounds == 0 {
                state.first.clone()
            } else {
                Vec::new()
            },
            trials,
            seed: seed ^ (state.rounds.wrapping_mul(0x9E37_79B9) + i as u64),
            learn_from_db: first_round,
            population: args.population,
        };
        let searched = search_round(
            task,
            &state.spaces,
            measure,
            &mut model,
            db.as_mut(),
            &round,
            &stop,
        );
        state.rounds += 1;
        let report = &searched.tune;
        let round_best = report.best().and_then(|t| match &t.outcome {
            Outcome::Time { ms, .. } => Some((*ms, t.steps.clone())),
            Outcome::Failed { .. } => None,
        });
        if let Some(first) = report.trials.iter().find_map(|t| t.time_ms()) {
            sched.record_first(i, first);
        }
        if let Some((ms, steps)) = round_best.clone() {
            if state.best.as_ref().is_none_or(|(b, _)| ms < *b) {
                state.best = Some((ms, steps));
            }
        }
        sched.record_round(i, report.trials.len(), round_best.map(|(ms, _)| ms));
        match &report.stop {
            Stop::SpaceExhausted => sched.tasks[i].done = true,
            Stop::Fatal(m) => {
                fatal = Some(m.clone());
                break;
            }
            _ if report.trials.is_empty() => sched.tasks[i].done = true,
            _ => {}
        }
        eprintln!(
            "[round {}] task #{i}: {}\n{}",
            sched.total_trials(),
            task.name,
            sched.table()
        );
    }
    for state in &mut states {
        if let Some(mut m) = state.measure.take() {
            m.shutdown();
        }
    }
    model.save();
    let written = write_bests(&tasks, &states, &out_dir);
    if args.json {
        super::out(&format!("{}\n", tasks_json(dir, &sched, &tasks, &states)));
    } else {
        super::out(&format!("{}{}\n", sched.table(), sched.before_after_line()));
    }
    for line in &written {
        eprintln!("{line}");
    }
    exit_code(
        fatal,
        sched.total_trials(),
        states.iter().any(|st| st.best.is_some()),
    )
}

/// `tune DIR --json`: every task's figures and the model's latency before
/// and after (ms, weighted), one object.
fn tasks_json(
    dir: &Path,
    sched: &TaskScheduler,
    tasks: &[Task],
    states: &[TaskState],
) -> serde_json::Value {
    let (before, after) = sched.total_before_after_ms();
    let items: Vec<serde_json::Value> = sched
        .tasks
        .iter()
        .zip(tasks.iter().zip(states))
        .map(|(r, (task, state))| {
            json!({
                "name": r.name,
                "path": task.path.display().to_string(),
                "flop": r.flop,
                "weight": r.weight,
                "trials": r.trials,
                "rounds": state.rounds,
                "done": r.done,
                "first_ms": r.first_ms,
                "best_ms": r.best_ms(),
                "speedup": r.first_ms.zip(r.best_ms()).map(|(f, b)| f / b),
            })
        })
        .collect();
    json!({
        "dir": dir.display().to_string(),
        "tasks": items,
        "total_trials": sched.total_trials(),
        // Sum of weight x time over the tasks with a valid time.
        "total_before_ms": before,
        "total_after_ms": after,
        "total_speedup": (after > 0.0).then(|| before / after),
    })
}

/// The tasks, the folder the best sessions go to (created) and the GPUs.
fn open_inputs(
    dir: &Path,
    args: &TuneArgs,
) -> Result<(Vec<Task>, PathBuf, Vec<crate::runtime::GpuTarget>), String> {
    let tasks = load_tasks(dir)?;
    let out_dir = args.out.clone().unwrap_or_else(|| dir.join("tuned"));
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let targets = crate::session::gpu::configured_gpus(&args.gpu)?;
    Ok((tasks, out_dir, targets))
}

/// What one round of a task searches with.
struct Round {
    first: Vec<(usize, Vec<crate::tune::Decision>)>,
    trials: usize,
    seed: u64,
    learn_from_db: bool,
    population: usize,
}

/// One round of the model-guided evolution on a task's sketches.
fn search_round(
    task: &Task,
    spaces: &[Space],
    measure: &mut MeasurePool,
    model: &mut TuneModel,
    db: Option<&mut crate::db::Db>,
    round: &Round,
    stop: &AtomicBool,
) -> crate::tune::evolution::EvolutionReport {
    let mut opts = EvolutionOptions::new(round.trials);
    opts.seed = round.seed;
    opts.nvrtc = Nvrtc::Skip;
    opts.batch *= measure.len().max(1);
    opts.population = round.population.max(1);
    opts.learn_from_db = round.learn_from_db;
    opts.first = round.first.clone();
    model.set_group(&crate::db::workload_hash(&task.workload));
    let ctx = db.map(|db| DbContext {
        db,
        template: task_session(task, &spaces[0]),
        session_path: None,
    });
    evolve(
        spaces,
        &opts,
        model.cost_model(),
        &super::tune::store_features,
        measure,
        ctx,
        stop,
        &mut |_| {},
    )
}

/// The exit status: a lost GPU before any trial is "no GPU" (3) or a failure;
/// after some trials a failure that keeps what was measured; else success
/// when some task ran correctly.
fn exit_code(fatal: Option<String>, trials: usize, any_best: bool) -> i32 {
    match fatal {
        Some(m) if trials == 0 => {
            eprintln!("error: {m}");
            if m.contains("no CUDA device") {
                super::EXIT_NO_GPU
            } else {
                EXIT_STEP_FAILED
            }
        }
        Some(m) => {
            eprintln!("error: {m} (what was measured is kept)");
            EXIT_STEP_FAILED
        }
        None if any_best => super::EXIT_OK,
        None => {
            eprintln!("error: no candidate ran correctly");
            EXIT_STEP_FAILED
        }
    }
}

/// A task's sketches that sample something; a task without any is done at once.
fn task_state(task: &Task, sched: &mut TaskScheduler) -> TaskState {
    let spaces: Vec<Space> = design_space::generate(&task.workload, &GpuTarget::default())
        .map(|sketches| {
            sketches
                .into_iter()
                .map(|s| Space::for_sketch(task.workload.clone(), s.steps))
                .filter(|s| !s.sites.is_empty())
                .collect()
        })
        .unwrap_or_default();
    if spaces.is_empty() {
        if let Some(r) = sched.tasks.iter_mut().find(|r| r.name == task.name) {
            r.done = true;
        }
        eprintln!("{}: no sketch samples anything: not tuned", task.name);
    }
    let (spaces, first) = if spaces.is_empty() {
        (spaces, Vec::new())
    } else {
        let (spaces, first, _) = super::tune_default::with_default(&task.workload, spaces);
        (spaces, first)
    };
    TaskState {
        spaces,
        first,
        measure: None,
        best: None,
        rounds: 0,
    }
}

/// The session a task's candidates are recorded as (workload by absolute path).
fn task_session(task: &Task, space: &Space) -> Session {
    let path = std::fs::canonicalize(&task.path).unwrap_or_else(|_| task.path.clone());
    Session {
        workload: Workload::Path(path.display().to_string()),
        func: task.func.clone(),
        steps: space.steps.clone(),
        results: Vec::new(),
    }
}

/// Each tuned task's best session in `out_dir` (`<task>_best.yaml`); one line
/// per task for the report.
fn write_bests(tasks: &[Task], states: &[TaskState], out_dir: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    for (task, state) in tasks.iter().zip(states) {
        let Some((ms, steps)) = &state.best else {
            continue;
        };
        let file = format!("{}_best.yaml", task.name.replace([':', '.'], "_"));
        let out = out_dir.join(file);
        let mut session = task_session(
            task,
            &Space {
                workload: task.workload.clone(),
                steps: steps.clone(),
                sites: Vec::new(),
                postproc: None,
            },
        );
        session.record_result(crate::trace::RecordedResult {
            device: String::new(),
            time_ms: *ms,
            gflops: None,
            driver: None,
        });
        let rules = WriteRules {
            links: Links::FollowIf(crate::trace::session::is_session_text),
            not_over: &[],
        };
        lines.push(match session.save_with(&out, &rules) {
            Ok(()) => format!("{}: best {ms:.4} ms -> {}", task.name, out.display()),
            Err(e) => format!(
                "warning: {}: cannot write {}: {e}",
                task.name,
                out.display()
            ),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const GEMM: &str = "from tvm.script import tir as T\n\n@T.prim_func\ndef main(A: T.Buffer((64, 64), \"float32\"), B: T.Buffer((64, 64), \"float32\"), C: T.Buffer((64, 64), \"float32\")):\n    for i, j, k in T.grid(64, 64, 64):\n        with T.block(\"C\"):\n            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n            with T.init():\n                C[vi, vj] = T.float32(0)\n            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n";

    /// A fresh folder under the system's temporary one, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn dir_with(files: &[(&str, &str)]) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tirtui-tasks-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        TempDir(dir)
    }

    #[test]
    fn every_workload_is_a_task_sorted_with_its_flop_and_weight() {
        let dir = dir_with(&[
            ("b.tir", GEMM),
            ("a.tir", GEMM),
            ("notes.txt", "x"),
            (WEIGHTS_FILE, "weights:\n  b.tir: 12\n"),
        ]);
        let tasks = load_tasks(dir.path()).unwrap();
        let names: Vec<&str> = tasks.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["a.tir", "b.tir"]);
        assert_eq!(tasks[0].weight, 1.0);
        assert_eq!(tasks[1].weight, 12.0);
        assert_eq!(tasks[0].flop, 2.0 * 64.0 * 64.0 * 64.0);
    }

    #[test]
    fn bad_weights_and_empty_folders_are_refused_by_name() {
        let dir = dir_with(&[("a.tir", GEMM), (WEIGHTS_FILE, "weights:\n  z.tir: 2\n")]);
        let e = load_tasks(dir.path()).unwrap_err();
        assert!(e.contains("no task named `z.tir`"), "{e}");
        let dir = dir_with(&[("a.tir", GEMM), (WEIGHTS_FILE, "weights:\n  a.tir: -1\n")]);
        let e = load_tasks(dir.path()).unwrap_err();
        assert!(e.contains("positive number"), "{e}");
        let dir = dir_with(&[("a.tir", GEMM), (WEIGHTS_FILE, "weight: {a.tir: 2}\n")]);
        assert!(load_tasks(dir.path()).is_err());
        let dir = dir_with(&[("x.txt", "x")]);
        let e = load_tasks(dir.path()).unwrap_err();
        assert!(e.contains("no workload"), "{e}");
        // Hostile weights: nesting past the YAML bound is refused at once, by line.
        let deep = format!("weights: {}{}\n", "[".repeat(50_000), "]".repeat(50_000));
        let dir = dir_with(&[("a.tir", GEMM), (WEIGHTS_FILE, deep.as_str())]);
        let start = std::time::Instant::now();
        let e = load_tasks(dir.path()).unwrap_err();
        assert!(e.contains("nested more than 128 levels"), "{e}");
        assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
    }

    #[test]
    fn a_broken_workload_is_named_with_its_line() {
        let dir = dir_with(&[("a.tir", GEMM), ("bad.tir", "@T.prim_func\ndef main(:\n")]);
        let e = load_tasks(dir.path()).unwrap_err();
        assert!(e.contains("bad.tir"), "{e}");
    }
}
