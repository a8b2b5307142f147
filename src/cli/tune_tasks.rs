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

use super::EXIT_BAD_INPUT;
use crate::design_space::{self, GpuTarget};
use crate::diag::Diagnostic;
use crate::ir::PrimFunc;
use crate::tune::tasks::{TaskRecord, TaskScheduler};
use crate::tune::Space;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
                    let n = Space::new(task.workload.clone(), sketch.steps.clone())
                        .ok()
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
    }

    #[test]
    fn a_broken_workload_is_named_with_its_line() {
        let dir = dir_with(&[("a.tir", GEMM), ("bad.tir", "@T.prim_func\ndef main(:\n")]);
        let e = load_tasks(dir.path()).unwrap_err();
        assert!(e.contains("bad.tir"), "{e}");
    }
}
