//! Tuning from the explorer: `T` or `:tune N` searches the open session's
//! sampled decisions in a background thread (the same search as `tirtui tune`,
//! measuring on the configured GPU and recording into the results database);
//! the panel (`view/tune.rs`) plots the best time against trials; `:tune stop`
//! stops it, keeping what was measured; `:tune load` makes the best candidate's
//! trace the current one, as ordinary undoable steps.

use super::app::App;
use crate::trace::Step;
use crate::tune::{self, Progress, Space, Stop, TuneOptions, TuneReport, WorkerMeasure};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;

/// Trials of `T` and of `:tune` without a number.
pub const DEFAULT_TRIALS: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneCommand {
    Start(usize),
    Stop,
    Load,
    Close,
}

pub fn parse_tune(args: &[&str]) -> Result<TuneCommand, String> {
    match args {
        [] => Ok(TuneCommand::Start(DEFAULT_TRIALS)),
        ["stop"] => Ok(TuneCommand::Stop),
        ["load"] => Ok(TuneCommand::Load),
        ["close"] => Ok(TuneCommand::Close),
        [n] => match n.parse::<usize>() {
            Ok(n) if n > 0 => Ok(TuneCommand::Start(n)),
            _ => Err(format!(
                "`:tune` takes a number of trials, stop, load or close, not `{n}`"
            )),
        },
        _ => Err("`:tune` takes one argument".into()),
    }
}

enum TuneMsg {
    Progress(Box<Progress>),
    Done(Box<TuneReport>),
    Failed(String),
}

struct Running {
    stop: Arc<AtomicBool>,
    rx: Receiver<TuneMsg>,
}

/// What the panel shows.
#[derive(Default)]
pub struct TuneState {
    pub visible: bool,
    running: Option<Running>,
    /// (trial, best time in ms so far).
    pub points: Vec<(f64, f64)>,
    pub trials: usize,
    pub done: usize,
    pub invalid: usize,
    pub failed: usize,
    /// The best candidate: time, GFLOP/s and its steps.
    pub best: Option<(f64, f64, Vec<Step>)>,
    /// One line: what the tune is doing or how it ended.
    pub status: String,
}

impl TuneState {
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }
}

impl App {
    /// `T`: start a tune, or show/hide the panel of the last one.
    pub fn tune_key(&mut self) {
        if self.tune.is_running() || !self.tune.points.is_empty() || !self.tune.status.is_empty() {
            self.tune.visible = !self.tune.visible;
        } else {
            self.tune_start(DEFAULT_TRIALS);
        }
    }

    pub fn tune_command(&mut self, cmd: TuneCommand) {
        match cmd {
            TuneCommand::Start(n) => self.tune_start(n),
            TuneCommand::Stop => match &self.tune.running {
                Some(r) => {
                    r.stop.store(true, Ordering::Relaxed);
                    self.info("stopping the tune after the current measurement");
                }
                None => self.info("no tune is running"),
            },
            TuneCommand::Load => self.tune_load(),
            TuneCommand::Close => self.tune.visible = false,
        }
    }

    fn tune_start(&mut self, trials: usize) {
        if self.tune.is_running() {
            self.info("a tune is running (`:tune stop` stops it)");
            return;
        }
        let space = match Space::new(
            self.doc.trace.workload.clone(),
            self.doc.trace.steps.clone(),
        ) {
            Ok(s) => s,
            Err(e) => {
                self.error(format!("cannot tune: {e}"));
                return;
            }
        };
        let target = match crate::session::gpu::configured_gpu(None) {
            Ok(t) => t,
            Err(e) => {
                self.error(format!("cannot tune: {e}"));
                return;
            }
        };
        let path = self.doc.session_path.clone();
        let template = self
            .doc
            .session_for(path.as_deref().unwrap_or(&self.doc.opened));
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new()
            .name("tirtui-tune".into())
            .spawn(move || {
                let mut measure = match WorkerMeasure::new(&space.workload, &target) {
                    Ok(m) => m,
                    Err(e) => {
                        let _ = tx.send(TuneMsg::Failed(e));
                        return;
                    }
                };
                let mut db = crate::db::Db::open_or_default(None).ok();
                let ctx = db.as_mut().map(|db| tune::DbContext {
                    db,
                    template,
                    session_path: path.map(|p| p.display().to_string()),
                });
                let progress_tx = tx.clone();
                let mut progress = |p: &Progress| {
                    let _ = progress_tx.send(TuneMsg::Progress(Box::new(p.clone())));
                };
                let mut opts = TuneOptions::new(trials);
                // Each candidate's NVRTC check in a child with tune's limit:
                // `:tune stop` kills it instead of waiting for it (issue 31).
                opts.nvrtc = tune::Nvrtc::in_child(Some(tune::pool::DEFAULT_COMPILE_TIMEOUT));
                let report = tune::tune(&space, &opts, &mut measure, ctx, &flag, &mut progress);
                measure.shutdown();
                let _ = tx.send(TuneMsg::Done(Box::new(report)));
            });
        if spawned.is_err() {
            self.error("cannot start the tune thread");
            return;
        }
        self.tune = TuneState {
            visible: true,
            running: Some(Running { stop, rx }),
            trials,
            status: format!("tuning: {trials} trials"),
            ..TuneState::default()
        };
        self.info(format!(
            "tuning {trials} trials on the GPU (`:tune stop` stops)"
        ));
    }

    /// Takes the tune thread's messages in; called on every event.
    pub fn poll_tune(&mut self) {
        let mut msgs = Vec::new();
        if let Some(r) = &self.tune.running {
            loop {
                match r.rx.try_recv() {
                    Ok(m) => msgs.push(m),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        msgs.push(TuneMsg::Failed("the tune thread stopped".into()));
                        break;
                    }
                }
            }
        }
        let mut finished = None;
        for m in msgs {
            match m {
                TuneMsg::Progress(p) => {
                    let t = &mut self.tune;
                    t.done = p.done;
                    t.invalid = p.invalid;
                    t.failed = p.failed;
                    if let Some(ms) = p.best_ms {
                        t.points.push((p.done as f64, ms));
                    }
                    if let (Some(best), Some(last)) = (p.best_ms, p.last.time_ms()) {
                        if last <= best {
                            t.best =
                                Some((last, p.best_gflops.unwrap_or(0.0), p.last.steps.clone()));
                        }
                    }
                    t.status = format!(
                        "tuning: {}/{} trials, {} invalid, {} failed",
                        t.done, t.trials, t.invalid, t.failed
                    );
                }
                TuneMsg::Done(report) => finished = Some(Ok(report)),
                TuneMsg::Failed(e) => finished = Some(Err(e)),
            }
            if finished.is_some() {
                break;
            }
        }
        let Some(end) = finished else {
            return;
        };
        self.tune.running = None;
        match end {
            Ok(report) => {
                let why = match &report.stop {
                    Stop::Trials => "done".to_string(),
                    Stop::Interrupted => "stopped".to_string(),
                    Stop::SpaceExhausted => "no new valid candidates".to_string(),
                    Stop::Fatal(m) => format!("GPU lost: {}", m.lines().next().unwrap_or("")),
                };
                if let Some(b) = report.best() {
                    if let tune::Outcome::Time { ms, gflops } = b.outcome {
                        self.tune.best = Some((ms, gflops, b.steps.clone()));
                    }
                }
                self.tune.status = format!(
                    "{why}: {} trials, {} invalid, {} failed",
                    report.trials.len(),
                    report.invalid_total(),
                    report.failed.values().map(|t| t.count).sum::<usize>()
                );
                match &self.tune.best {
                    Some((ms, _, _)) => {
                        let msg = format!("tune {why}: best {ms:.4} ms (`:tune load` loads it)");
                        self.info(msg);
                    }
                    None => {
                        let msg = format!("tune {why}: no candidate ran correctly");
                        self.error(msg);
                    }
                }
            }
            Err(e) => {
                self.tune.status = format!("failed: {e}");
                self.error(format!("tune failed: {e}"));
            }
        }
    }

    /// The best candidate's trace becomes the current one: the steps after the
    /// common prefix are undone and the best's applied, so `u` steps back.
    fn tune_load(&mut self) {
        let Some((ms, _, steps)) = self.tune.best.clone() else {
            self.info("no tuned candidate to load yet");
            return;
        };
        let same = |a: &Step, b: &Step| a.to_yaml() == b.to_yaml();
        let keep = self
            .doc
            .trace
            .steps
            .iter()
            .zip(&steps)
            .take_while(|(a, b)| same(a, b))
            .count();
        if keep == steps.len() && keep == self.doc.trace.steps.len() {
            self.info("the best candidate is the current trace");
            return;
        }
        while self.doc.trace.steps.len() > keep {
            match self.doc.undo() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    self.show_step_error(&e, "undo");
                    return;
                }
            }
        }
        match self.doc.apply(steps[keep..].to_vec()) {
            Ok(()) => {
                self.trace_sel = self.doc.trace.steps.len().saturating_sub(1);
                self.info(format!(
                    "loaded the best candidate ({ms:.4} ms): {} steps replaced; `u` undoes them one by one",
                    steps.len() - keep
                ));
            }
            Err(e) => self.error(format!("cannot load the best candidate: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tune_commands() {
        assert_eq!(parse_tune(&[]), Ok(TuneCommand::Start(DEFAULT_TRIALS)));
        assert_eq!(parse_tune(&["20"]), Ok(TuneCommand::Start(20)));
        assert_eq!(parse_tune(&["stop"]), Ok(TuneCommand::Stop));
        assert_eq!(parse_tune(&["load"]), Ok(TuneCommand::Load));
        assert!(parse_tune(&["0"]).is_err());
        assert!(parse_tune(&["fast"]).is_err());
    }
}
