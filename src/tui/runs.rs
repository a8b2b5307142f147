//! GPU runs from the app: the cache key of the current program, starting a
//! run in the background, taking results in, and the times after each step
//! (for the sparkline). The thread itself is `jobs.rs`.

use super::app::App;
use super::highlight::text_hash;
use super::jobs::{Reply, RunKey};
use crate::runtime::RunResult;

impl App {
    /// The run cache key of the current program.
    pub fn run_key(&self) -> RunKey {
        let yaml: String = self
            .doc
            .trace
            .steps
            .iter()
            .map(|s| s.to_yaml() + "\n")
            .collect();
        (text_hash(&self.doc.workload_text), yaml)
    }

    /// The measured times after each prefix of the trace (None: not run).
    pub fn times(&self) -> Vec<Option<f64>> {
        let wl = text_hash(&self.doc.workload_text);
        let mut yaml = String::new();
        let mut out = vec![self.runner.cached(&(wl, yaml.clone())).map(|r| r.time_ms)];
        for s in &self.doc.trace.steps {
            yaml.push_str(&s.to_yaml());
            yaml.push('\n');
            out.push(self.runner.cached(&(wl, yaml.clone())).map(|r| r.time_ms));
        }
        out
    }

    pub fn current_run(&self) -> Option<&RunResult> {
        self.runner.cached(&self.run_key())
    }

    pub fn run(&mut self) {
        let key = self.run_key();
        if self.runner.cached(&key).is_some() {
            self.info("already measured (cached): see the run pane");
            return;
        }
        if self.runner.busy.is_some() {
            self.info("a run is in progress");
            return;
        }
        let kernel = match self.cuda() {
            Ok(out) => out.kernel.clone(),
            Err(e) => {
                self.error(format!("cannot run: no CUDA for this program: {e}"));
                return;
            }
        };
        let workload = self.doc.trace.workload.clone();
        if self.runner.start(key, workload, kernel) {
            self.run_failure = None;
            self.info("running on the GPU…");
        } else {
            self.error("cannot start the GPU runner thread");
        }
    }

    /// Takes background results in; called on every event.
    pub fn poll_jobs(&mut self) {
        self.poll_tune();
        for reply in self.runner.poll() {
            match reply {
                Reply::Done {
                    key,
                    result,
                    driver,
                } => {
                    self.record_run(&key, &result, &driver);
                    let correct = match result.correct {
                        Some(true) => "correct",
                        Some(false) => "WRONG",
                        None => "unchecked",
                    };
                    self.info(format!(
                        "ran on {}: {:.4} ms, {:.1} GFLOP/s, {correct}",
                        result.device, result.time_ms, result.gflops
                    ));
                }
                Reply::Failed { key, message, .. } => {
                    self.error(format!(
                        "run failed: {}",
                        message.lines().next().unwrap_or("")
                    ));
                    self.run_failure = Some((key, message));
                }
            }
        }
    }
}

impl App {
    /// Stores an explorer run in the results database (problems go to the
    /// message line; the run itself is kept either way).
    fn record_run(&mut self, key: &RunKey, result: &RunResult, driver: &str) {
        // The key holds the trace the run was for (the user may have moved on).
        let yaml = format!("tirtui: 1\nworkload: w.tir\nsteps:\n{}", indent(&key.1));
        let Ok(ran) = crate::trace::Session::from_yaml(&yaml, "run") else {
            return;
        };
        let path = self.doc.session_path.clone();
        let mut session = self
            .doc
            .session_for(path.as_deref().unwrap_or(&self.doc.opened));
        session.steps = ran.steps;
        let record = crate::db::run_record(
            &self.doc.trace.workload,
            &session,
            path.as_deref(),
            result,
            driver,
            crate::db::Source::Explorer,
        );
        let stored = crate::db::Db::open_or_default(None).and_then(|mut db| db.insert(record));
        if let Err(e) = stored {
            self.error(format!("results database: {e}"));
        }
    }

    /// Before a save: `results:` keeps the last measured time per device of
    /// this trace (older entries only while the trace is unchanged).
    pub(super) fn record_results_for_save(&mut self) {
        if self.doc.unsaved() {
            self.doc.results.clear();
        }
        if let Some(r) = self.current_run().cloned() {
            if r.correct != Some(false) {
                let entry = crate::trace::RecordedResult {
                    device: r.device.clone(),
                    time_ms: r.time_ms,
                    gflops: Some(r.gflops),
                    driver: None,
                };
                match self
                    .doc
                    .results
                    .iter_mut()
                    .find(|x| x.device == entry.device)
                {
                    Some(slot) => *slot = entry,
                    None => self.doc.results.push(entry),
                }
            }
        }
    }
}

fn indent(lines: &str) -> String {
    lines.lines().map(|l| format!("  - {l}\n")).collect()
}
