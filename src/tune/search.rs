//! The search loop: random candidates first, then evolution (mutate the best
//! measured ones), as MetaSchedule does. Each round proposes a batch of new
//! decision vectors, builds and checks them in parallel on CPU threads, and
//! measures the valid ones one at a time. A candidate is never measured twice:
//! proposals are deduplicated by their decisions, and a candidate already in the
//! database is read from it.

use super::check::{build_stoppable, Built, Nvrtc};
use super::space::{decisions_key, Decision, Space};
use super::Invalid;
use crate::codegen::CudaKernel;
use crate::db::{self, Db, Record, Source};
use crate::schedule::primitive::sampling::Rng;
use crate::trace::{Session, Step};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The device measurements are keyed by.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceId {
    pub name: String,
    pub driver: String,
}

/// A successful measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub time_ms: f64,
    pub gflops: f64,
    /// `Some(false)`: the output differs from the reference (a failed candidate).
    pub correct: Option<bool>,
    /// Timed the quick way (one warm-up, one timed run): its first run was
    /// slower than `measure::SLOW_FACTOR` times the best so far.
    pub quick: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum MeasureError {
    /// This candidate failed (compile, launch, fault, timeout); the search goes on.
    Candidate { reason: String, detail: String },
    /// No GPU to measure on any more (no device, the connection is lost); the
    /// search stops and keeps what it measured.
    Fatal(String),
    /// The candidate never ran: the worker could not compile it. Counted with
    /// the invalid candidates, not as a trial.
    NotCompiled(String),
}

/// Where candidates are measured: the GPU workers in the product, a model in tests.
pub trait Measure {
    fn device(&mut self) -> Result<DeviceId, MeasureError>;
    fn measure(&mut self, kernel: &CudaKernel) -> Result<Measured, MeasureError>;

    /// Measures a batch, one result per kernel in order; fewer results when
    /// `stop` was set (the rest were not measured). After a `Fatal` result
    /// nothing later in the batch is measured. One at a time unless the
    /// measurer can do better (compile the batch at once, several GPUs).
    fn measure_batch(
        &mut self,
        kernels: &[&CudaKernel],
        stop: &AtomicBool,
    ) -> Vec<Result<Measured, MeasureError>> {
        let mut out = Vec::with_capacity(kernels.len());
        for k in kernels {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let r = self.measure(k);
            let fatal = matches!(r, Err(MeasureError::Fatal(_)));
            out.push(r);
            if fatal {
                break;
            }
        }
        out
    }

    /// The best time of the search so far (this run's or the database's):
    /// a candidate much slower than it is timed the quick way.
    fn note_best_ms(&mut self, _ms: f64) {}

    /// Measures again with the full timing of `replay --run` (no budget,
    /// no quick timing): the best few before one wins.
    fn remeasure(&mut self, kernels: &[&CudaKernel]) -> Vec<Result<Measured, MeasureError>> {
        self.measure_batch(kernels, &AtomicBool::new(false))
    }

    /// Where the last batch's time went, when the measurer can tell.
    fn take_breakdown(&mut self) -> Option<super::MeasureBreakdown> {
        None
    }

    /// The parts of a streaming pipeline (`stream`: compiles on this host,
    /// each candidate run by whichever GPU is free, batches overlapping),
    /// when the measurer has them; `None`: batches are measured one by one
    /// with `measure_batch`.
    fn stream(&mut self) -> Option<super::stream::StreamParts<'_>> {
        None
    }
}

#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Candidates to measure (or read from the database).
    pub trials: usize,
    pub seed: u64,
    /// Candidates proposed, built and checked per round.
    pub batch: usize,
    /// Measured candidates before evolution starts.
    pub init_random: usize,
    /// Parents of mutations are drawn from this many best candidates.
    pub top_k: usize,
    /// Share of random proposals once evolution has started.
    pub epsilon: f64,
    /// CPU threads building and compiling candidates.
    pub threads: usize,
    pub nvrtc: Nvrtc,
}

impl TuneOptions {
    pub fn new(trials: usize) -> TuneOptions {
        TuneOptions {
            trials,
            seed: 0x7475_6e65,
            batch: 16,
            init_random: (trials / 4).clamp(1, 48),
            top_k: 8,
            epsilon: 0.2,
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            nvrtc: Nvrtc::IfAvailable,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Time { ms: f64, gflops: f64 },
    Failed { reason: String, detail: String },
}

/// One measured candidate.
#[derive(Clone, Debug)]
pub struct Trial {
    /// 1-based, in measurement order.
    pub index: usize,
    pub decisions: Vec<Decision>,
    /// The replayed trace, decisions included.
    pub steps: Vec<Step>,
    pub outcome: Outcome,
    /// Read from the database instead of measured.
    pub from_db: bool,
    /// Timed the quick way for being slow (`Measured::quick`).
    pub quick: bool,
}

impl Trial {
    pub fn time_ms(&self) -> Option<f64> {
        match self.outcome {
            Outcome::Time { ms, .. } => Some(ms),
            Outcome::Failed { .. } => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// Every trial was measured.
    Trials,
    /// Ctrl-C or the explorer's stop.
    Interrupted,
    /// No new valid candidate could be proposed.
    SpaceExhausted,
    Fatal(String),
}

/// How often a reason occurred, with its first detail as the example.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub count: usize,
    pub example: String,
}

#[derive(Clone, Debug)]
pub struct TuneReport {
    pub trials: Vec<Trial>,
    /// Candidates that failed a check and never ran, by reason.
    pub invalid: BTreeMap<String, Tally>,
    /// Measured candidates that failed (wrong result, launch error), by reason.
    pub failed: BTreeMap<String, Tally>,
    /// Proposals dropped because the same decisions were seen before.
    pub duplicates: usize,
    pub from_db: usize,
    /// Measurements the database could not store (the search goes on; the
    /// command line warns as `replay --run` does).
    pub db_write_errors: Vec<String>,
    pub elapsed: Duration,
    pub stop: Stop,
    pub device: Option<DeviceId>,
    /// (trial index, best time so far) after each trial with a time.
    pub curve: Vec<(usize, f64)>,
    /// The best few measured again before one wins (`remeasure`).
    pub remeasured: Vec<Remeasured>,
}

/// A candidate of the best few, measured again with the full timing.
#[derive(Clone, Debug, PartialEq)]
pub struct Remeasured {
    /// The trial's index (1-based).
    pub trial: usize,
    /// Its time in the search.
    pub first_ms: f64,
    /// Its time measured again; `Err` why it has none (it cannot win).
    pub ms: Result<f64, String>,
}

impl TuneReport {
    pub(super) fn new() -> TuneReport {
        TuneReport {
            trials: Vec::new(),
            invalid: BTreeMap::new(),
            failed: BTreeMap::new(),
            duplicates: 0,
            from_db: 0,
            db_write_errors: Vec::new(),
            elapsed: Duration::ZERO,
            stop: Stop::Trials,
            device: None,
            curve: Vec::new(),
            remeasured: Vec::new(),
        }
    }

    /// The fastest trial: once the best few were measured again, the one
    /// with the best second time; a candidate that failed its second
    /// measurement cannot win. Before that, by the search's times.
    pub fn best(&self) -> Option<&Trial> {
        let by_time = |a: &(usize, f64), b: &(usize, f64)| a.1.total_cmp(&b.1);
        let confirmed = self
            .remeasured
            .iter()
            .filter_map(|r| r.ms.as_ref().ok().map(|ms| (r.trial, *ms)))
            .min_by(by_time);
        if let Some((index, _)) = confirmed {
            return self.trials.iter().find(|t| t.index == index);
        }
        let refused = |t: &Trial| {
            self.remeasured
                .iter()
                .any(|r| r.trial == t.index && r.ms.is_err())
        };
        self.trials
            .iter()
            .filter(|t| t.time_ms().is_some() && !refused(t))
            .min_by(|a, b| {
                a.time_ms()
                    .unwrap_or(f64::INFINITY)
                    .total_cmp(&b.time_ms().unwrap_or(f64::INFINITY))
            })
    }

    pub fn invalid_total(&self) -> usize {
        self.invalid.values().map(|t| t.count).sum()
    }

    /// Candidates (measured, read or rejected) per second of wall time.
    pub fn candidates_per_s(&self) -> f64 {
        let n = self.trials.len() + self.invalid_total();
        n as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Best time after each of these trial counts (for "best vs trials").
    pub fn best_at(&self, trial: usize) -> Option<f64> {
        self.curve
            .iter()
            .take_while(|(i, _)| *i <= trial)
            .last()
            .map(|(_, t)| *t)
    }
}

/// A snapshot for progress bars and the explorer's plot.
#[derive(Clone, Debug)]
pub struct Progress {
    pub done: usize,
    pub trials: usize,
    pub best_ms: Option<f64>,
    pub best_gflops: Option<f64>,
    pub invalid: usize,
    pub failed: usize,
    pub last: Trial,
}

pub(super) fn tally(map: &mut BTreeMap<String, Tally>, reason: &str, detail: &str) {
    let t = map.entry(reason.to_string()).or_default();
    if t.count == 0 {
        t.example = detail.to_string();
    }
    t.count += 1;
}

/// What the database records of the tuned session carry.
pub struct DbContext<'a> {
    pub db: &'a mut Db,
    /// The session being tuned; its steps are replaced by each candidate's.
    pub template: Session,
    pub session_path: Option<String>,
}

/// Tunes `space`. Stops after `opts.trials` trials, when `stop` is set, when
/// the space runs dry or the GPU is lost; the report keeps everything measured.
pub fn tune(
    space: &Space,
    opts: &TuneOptions,
    measure: &mut dyn Measure,
    mut db: Option<DbContext<'_>>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> TuneReport {
    let started = Instant::now();
    let mut report = TuneReport::new();
    let device = match measure.device() {
        Ok(d) => d,
        Err(MeasureError::Fatal(m))
        | Err(MeasureError::Candidate { detail: m, .. })
        | Err(MeasureError::NotCompiled(m)) => {
            report.stop = Stop::Fatal(m);
            return report;
        }
    };
    report.device = Some(device.clone());
    let run = RunIds {
        workload_hash: db::workload_hash(&space.workload),
        workload_summary: db::hash::workload_summary(&space.workload),
        device,
    };
    let mut proposer = Proposer {
        rng: Rng(opts.seed),
        seen: HashSet::new(),
        // The trace's own decisions (the hand-tuned configuration) go first.
        recorded: space.decisions_of(&space.steps),
    };
    let mut empty_rounds = 0;
    'search: while report.trials.len() < opts.trials {
        if stop.load(Ordering::Relaxed) {
            report.stop = Stop::Interrupted;
            break;
        }
        let proposals = proposer.propose(space, opts, &mut report);
        if proposals.is_empty() {
            empty_rounds += 1;
            if empty_rounds >= 4 {
                report.stop = Stop::SpaceExhausted;
                break;
            }
            continue;
        }
        empty_rounds = 0;
        let built = build_all(space, proposals, opts.threads, &opts.nvrtc, stop);
        if stop.load(Ordering::Relaxed) {
            report.stop = Stop::Interrupted;
            break;
        }
        let plan = plan_round(
            built,
            &run,
            db.as_ref(),
            opts.trials - report.trials.len(),
            &mut report,
        );
        let kernels: Vec<&CudaKernel> = plan
            .iter()
            .filter(|p| p.known.is_none())
            .map(|p| &p.built.kernel)
            .collect();
        let mut measured = measure.measure_batch(&kernels, stop).into_iter();
        for p in plan {
            let (outcome, from_db, quick) = match p.known {
                Some(outcome) => (outcome, true, false),
                None => match measured.next() {
                    // Not measured: Ctrl-C came during the batch.
                    None => {
                        report.stop = Stop::Interrupted;
                        break 'search;
                    }
                    Some(Err(MeasureError::NotCompiled(detail))) => {
                        tally(&mut report.invalid, "NVRTC compile (worker)", &detail);
                        continue;
                    }
                    Some(r) => {
                        let quick = matches!(&r, Ok(m) if m.quick);
                        match outcome_of_measurement(r) {
                            Ok(outcome) => (outcome, false, quick),
                            Err(fatal) => {
                                report.stop = Stop::Fatal(fatal);
                                break 'search;
                            }
                        }
                    }
                },
            };
            if let (false, Some(ctx)) = (from_db, db.as_mut()) {
                let rec = run.record(ctx, p.key, p.trace_hash, &p.built.replayed.steps, &outcome);
                // A database that cannot be written does not stop the search.
                if let Err(e) = ctx.db.insert(rec) {
                    report.db_write_errors.push(e);
                }
            }
            let how = Measurement { from_db, quick };
            add_trial(&mut report, opts, p.built, outcome, how, progress);
            if report.trials.len() >= opts.trials {
                break 'search;
            }
        }
        if stop.load(Ordering::Relaxed) {
            report.stop = Stop::Interrupted;
            break;
        }
    }
    report.elapsed = started.elapsed();
    report
}

/// Where new decision vectors come from, kept across rounds.
struct Proposer {
    rng: Rng,
    /// The keys of every vector proposed so far: none is proposed twice.
    seen: HashSet<String>,
    /// The trace's own decisions until they are proposed.
    recorded: Option<Vec<Decision>>,
}

impl Proposer {
    /// Up to one batch of new decision vectors: the recorded ones first, then
    /// random draws until `init_random` trials are in (and with probability
    /// `epsilon` after), otherwise mutations of one of the `top_k` best.
    fn propose(
        &mut self,
        space: &Space,
        opts: &TuneOptions,
        report: &mut TuneReport,
    ) -> Vec<Vec<Decision>> {
        let want = opts.batch.min(opts.trials - report.trials.len()).max(1);
        let good: Vec<&Trial> = {
            let mut g: Vec<&Trial> = report
                .trials
                .iter()
                .filter(|t| t.time_ms().is_some())
                .collect();
            g.sort_by(|a, b| {
                a.time_ms()
                    .unwrap_or(0.0)
                    .total_cmp(&b.time_ms().unwrap_or(0.0))
            });
            g.truncate(opts.top_k.max(1));
            g
        };
        let evolve = report.trials.len() >= opts.init_random && !good.is_empty();
        let parents: Vec<Vec<Decision>> = good.iter().map(|t| t.decisions.clone()).collect();
        let mut proposals: Vec<Vec<Decision>> = Vec::new();
        let mut tries = 0;
        while proposals.len() < want && tries < want * 32 {
            tries += 1;
            let decisions = if let Some(d) = self.recorded.take() {
                d
            } else if !evolve || self.rng.unit() < opts.epsilon {
                match space.draw(&mut self.rng) {
                    Ok(r) => r.decisions,
                    Err(inv) => {
                        tally(&mut report.invalid, &inv.reason, &inv.detail);
                        continue;
                    }
                }
            } else {
                let parent = &parents[self.rng.below(parents.len() as u64) as usize];
                match space.mutate(parent, &mut self.rng) {
                    Some(d) => d,
                    None => continue,
                }
            };
            if self.seen.insert(decisions_key(&decisions)) {
                proposals.push(decisions);
            } else {
                report.duplicates += 1;
            }
        }
        proposals
    }
}

/// A candidate of a round, with its database key and, when the database
/// already has it, its outcome.
pub(super) struct Planned {
    pub(super) built: Built,
    pub(super) key: String,
    pub(super) trace_hash: String,
    pub(super) known: Option<Outcome>,
}

/// The valid candidates of a round in order (invalid ones are tallied), at
/// most `room` of them, each looked up in the database.
pub(super) fn plan_round(
    built: Vec<Result<Built, Invalid>>,
    run: &RunIds,
    db: Option<&DbContext<'_>>,
    room: usize,
    report: &mut TuneReport,
) -> Vec<Planned> {
    let mut plan = Vec::new();
    for candidate in built {
        if plan.len() >= room {
            break;
        }
        let built = match candidate {
            Ok(b) => b,
            Err(inv) => {
                tally(&mut report.invalid, &inv.reason, &inv.detail);
                continue;
            }
        };
        let trace_hash = db::trace_hash(&built.replayed.steps);
        let key = db::record_key(
            &run.workload_hash,
            &trace_hash,
            &run.device.name,
            &run.device.driver,
        );
        let known = db.and_then(|c| c.db.get(&key)).map(outcome_of);
        plan.push(Planned {
            built,
            key,
            trace_hash,
            known,
        });
    }
    plan
}

/// A measurement's outcome; `Err` is a fatal error that ends the search.
pub(super) fn outcome_of_measurement(r: Result<Measured, MeasureError>) -> Result<Outcome, String> {
    Ok(match r {
        Err(MeasureError::Fatal(m)) => return Err(m),
        Err(MeasureError::Candidate { reason, detail }) => Outcome::Failed { reason, detail },
        Err(MeasureError::NotCompiled(detail)) => Outcome::Failed {
            reason: "NVRTC compile (worker)".into(),
            detail,
        },
        Ok(m) if m.correct == Some(false) => Outcome::Failed {
            reason: "wrong result".into(),
            detail: "the output differs from the reference kernel's".into(),
        },
        // The worker is not trusted: a -1 or 0 would be the best time forever.
        Ok(m) if !db::is_valid_time(m.time_ms) => Outcome::Failed {
            reason: "invalid time".into(),
            detail: format!("the worker reported {} ms", m.time_ms),
        },
        Ok(m) => Outcome::Time {
            ms: m.time_ms,
            gflops: m.gflops,
        },
    })
}

/// What every database record of one tuning run shares.
pub(super) struct RunIds {
    pub(super) workload_hash: String,
    pub(super) workload_summary: String,
    pub(super) device: DeviceId,
}

impl RunIds {
    /// The database record of a measured candidate.
    pub(super) fn record(
        &self,
        ctx: &DbContext<'_>,
        key: String,
        trace_hash: String,
        steps: &[Step],
        outcome: &Outcome,
    ) -> Record {
        let mut session = ctx.template.clone();
        session.steps = steps.to_vec();
        Record {
            key,
            workload_hash: self.workload_hash.clone(),
            trace_hash,
            workload: self.workload_summary.clone(),
            device: self.device.name.clone(),
            driver: self.device.driver.clone(),
            time_ms: match outcome {
                Outcome::Time { ms, .. } => *ms,
                Outcome::Failed { .. } => f64::NAN,
            },
            gflops: match outcome {
                Outcome::Time { gflops, .. } => *gflops,
                Outcome::Failed { .. } => 0.0,
            },
            correct: match outcome {
                Outcome::Failed { reason, .. } if reason == "wrong result" => Some(false),
                Outcome::Failed { .. } => None,
                Outcome::Time { .. } => Some(true),
            },
            error: match outcome {
                Outcome::Failed { reason, detail } if reason != "wrong result" => {
                    Some(format!("{reason}: {detail}"))
                }
                _ => None,
            },
            source: Source::Tune,
            session: ctx.session_path.clone(),
            session_yaml: session.to_yaml(),
            unix_time: db::now_unix(),
        }
    }
}

/// Adds a candidate's trial to the report (its tallies and best-time curve
/// too) and reports progress.
/// How a trial's outcome was obtained.
#[derive(Clone, Copy, Debug)]
pub(super) struct Measurement {
    pub(super) from_db: bool,
    pub(super) quick: bool,
}

pub(super) fn add_trial(
    report: &mut TuneReport,
    opts: &TuneOptions,
    built: Built,
    outcome: Outcome,
    how: Measurement,
    progress: &mut dyn FnMut(&Progress),
) {
    let Measurement { from_db, quick } = how;
    if from_db {
        report.from_db += 1;
    }
    if let Outcome::Failed { reason, detail } = &outcome {
        tally(&mut report.failed, reason, detail);
    }
    let trial = Trial {
        index: report.trials.len() + 1,
        decisions: built.replayed.decisions,
        steps: built.replayed.steps,
        outcome,
        from_db,
        quick,
    };
    report.trials.push(trial);
    let best = report.best().cloned();
    if let Some(b) = &best {
        let t = b.time_ms().unwrap_or(f64::NAN);
        if report.curve.last().map(|(_, x)| *x) != Some(t) {
            report.curve.push((report.trials.len(), t));
        }
    }
    progress(&Progress {
        done: report.trials.len(),
        trials: opts.trials,
        best_ms: best.as_ref().and_then(Trial::time_ms),
        best_gflops: best.as_ref().and_then(|b| match b.outcome {
            Outcome::Time { gflops, .. } => Some(gflops),
            Outcome::Failed { .. } => None,
        }),
        invalid: report.invalid_total(),
        failed: report.failed.values().map(|t| t.count).sum(),
        last: report.trials[report.trials.len() - 1].clone(),
    });
}

fn outcome_of(rec: &Record) -> Outcome {
    if rec.is_good() {
        Outcome::Time {
            ms: rec.time_ms,
            gflops: rec.gflops,
        }
    } else if rec.correct == Some(false) {
        Outcome::Failed {
            reason: "wrong result".into(),
            detail: "the output differs from the reference kernel's (database)".into(),
        }
    } else {
        let e = rec.error.clone().unwrap_or_default();
        let (reason, detail) = e.split_once(": ").unwrap_or(("failed", e.as_str()));
        Outcome::Failed {
            reason: reason.to_string(),
            detail: detail.to_string(),
        }
    }
}

/// Replays and checks `proposals` on `threads` CPU threads; results keep the
/// proposals' order. Once `stop` is set no further proposal is started.
pub fn build_all(
    space: &Space,
    proposals: Vec<Vec<Decision>>,
    threads: usize,
    nvrtc: &Nvrtc,
    stop: &AtomicBool,
) -> Vec<Result<Built, Invalid>> {
    let n = proposals.len();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Built, Invalid>>>> =
        Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, n) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n || stop.load(Ordering::Relaxed) {
                    break;
                }
                let r = space
                    .replay(&proposals[i])
                    .and_then(|replayed| build_stoppable(replayed, nvrtc, stop));
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(Invalid::build_thread_stopped())))
        .collect()
}
