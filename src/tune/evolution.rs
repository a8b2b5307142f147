//! Model-guided evolutionary search (issue 31 item 3), with MetaSchedule's
//! defaults (apache/tvm `search_strategy/evolutionary_search.cc`).
//!
//! ```text
//! every round:
//!   population (512) = best measured (20%) + random draws from ALL sketches
//!   4 generations: build + featurise + model.predict -> parents drawn by score
//!     -> mutate with p = 0.85 (tile size 0.9 / unroll 0.08 / thread binding 0.02)
//!   batch (64) = the model's best never measured (95%) + random draws (5%)
//!   -> submitted; then the previous round is collected -> recorded in
//!      proposal order -> model.update -> ranking quality of that batch
//! ```
//!
//! Rounds overlap (`pipeline`): round r+1 is picked while round r is
//! measured, so the model learns round r after round r+1 was picked (one
//! round later than MetaSchedule's); the order does not depend on timing, so
//! a seed proposes the same candidates on any number of GPUs and threads.
//!
//! Only the batch is measured; a candidate is measured at most once (keys of
//! sketch and decisions, and the database). Sessions with sampled steps are
//! one sketch: their decisions are the space.

mod pick;

use super::check::{build, Built, Nvrtc};
pub use super::mutators::{site_mutators, Mutator};
use super::phases::{self, SearchPhases};
use super::pipeline::{Batched, Rounds, Streamed};
use super::remeasure::{remeasure_best, REMEASURE_TOP};
use super::search::DbContext;
use super::search::{
    add_trial, outcome_of_measurement, plan_round, tally, Measure, MeasureError, Measurement,
    Outcome, Planned, Progress, RunIds, Stop, TuneOptions, TuneReport,
};
use super::space::{decisions_key, Decision, Replayed, Space};
use super::stream::run_stream;
use crate::codegen::CudaKernel;
use crate::db;
use crate::schedule::primitive::sampling::Rng;
use crate::search::model::{ranking_quality, RankingQuality};
use crate::search::{CandidateFeatures, CostModel};
use crate::trace::Session;
use pick::{build_many, BuildResult};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What a model sees of a built candidate (the per-store feature extractor
/// in the product, a function of the decisions in tests).
pub type Featurize<'a> = dyn Fn(&Built) -> CandidateFeatures + Sync + 'a;

#[derive(Clone, Debug)]
pub struct EvolutionOptions {
    /// Candidates to measure (or read from the database).
    pub trials: usize,
    pub seed: u64,
    pub population: usize,
    /// Share of the population taken from the best measured candidates.
    pub init_measured_ratio: f64,
    pub generations: usize,
    pub mutation_prob: f64,
    pub mutator_weights: Vec<(Mutator, f64)>,
    /// Share of each batch drawn at random instead of by the model.
    pub eps_greedy: f64,
    /// Candidates measured per round.
    pub batch: usize,
    pub threads: usize,
    pub nvrtc: Nvrtc,
    /// Measured first, before the model's picks: (sketch, decisions), e.g. a
    /// session's own hand-tuned decisions.
    pub first: Vec<(usize, Vec<Decision>)>,
    /// Teach the model the database's records of this workload and device
    /// before the first round (a model without a saved file).
    pub learn_from_db: bool,
}

impl EvolutionOptions {
    pub fn new(trials: usize) -> EvolutionOptions {
        EvolutionOptions {
            trials,
            seed: 0x7475_6e65,
            population: 512,
            init_measured_ratio: 0.2,
            generations: 4,
            mutation_prob: 0.85,
            mutator_weights: vec![
                (Mutator::TileSize, 0.9),
                (Mutator::Unroll, 0.08),
                (Mutator::ThreadBinding, 0.02),
            ],
            eps_greedy: 0.05,
            batch: 64,
            threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            nvrtc: Nvrtc::IfAvailable,
            first: Vec::new(),
            learn_from_db: false,
        }
    }
}

/// The model's ranking of one measured batch against the measurements.
#[derive(Clone, Debug)]
pub struct BatchQuality {
    /// The first trial of the batch (1-based).
    pub first_trial: usize,
    pub measured: usize,
    /// `None` for a batch of fewer than two candidates.
    pub quality: Option<RankingQuality>,
}

#[derive(Clone, Debug)]
pub struct EvolutionReport {
    pub tune: TuneReport,
    /// Which sketch each trial came from (index into the spaces).
    pub trial_sketch: Vec<usize>,
    pub model: String,
    pub time_model: Duration,
    pub time_build: Duration,
    pub time_measure: Duration,
    pub batches: Vec<BatchQuality>,
    /// Where each measured batch's time went, as the measurer reports it.
    pub measure_batches: Vec<super::MeasureBreakdown>,
    /// Population members that failed a check (never proposed for measurement).
    pub population_invalid: usize,
    /// Population members met again in a round, whose build was reused.
    pub population_reused: usize,
    /// Where the builds' time went (issue 31).
    pub phases: SearchPhases,
}

/// A point of the joint space: a sketch and its decisions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Cand {
    sketch: usize,
    decisions: Vec<Decision>,
}

impl Cand {
    fn key(&self) -> String {
        format!("{}:{}", self.sketch, decisions_key(&self.decisions))
    }
}

/// A built candidate with its features and score.
struct Scored {
    cand: Cand,
    built: Built,
    features: CandidateFeatures,
    score: f64,
}

/// The model-guided search over `spaces` (the sketches of one workload, or
/// one session's space). Stops after `opts.trials` trials, when `stop` is
/// set, when no new candidate can be found or the GPU is lost.
#[allow(clippy::too_many_arguments)]
pub fn evolve(
    spaces: &[Space],
    opts: &EvolutionOptions,
    model: &mut dyn CostModel,
    featurize: &Featurize<'_>,
    measure: &mut dyn Measure,
    mut db: Option<DbContext<'_>>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> EvolutionReport {
    let started = Instant::now();
    let main_cpu = phases::MainThread::start();
    let mut ev = EvolutionReport {
        tune: TuneReport::new(),
        trial_sketch: Vec::new(),
        model: model.name().to_string(),
        time_model: Duration::ZERO,
        time_build: Duration::ZERO,
        time_measure: Duration::ZERO,
        batches: Vec::new(),
        measure_batches: Vec::new(),
        population_invalid: 0,
        population_reused: 0,
        phases: SearchPhases::default(),
    };
    let Some(first) = spaces.first() else {
        ev.tune.stop = Stop::SpaceExhausted;
        return ev;
    };
    let device = match measure.device() {
        Ok(d) => d,
        Err(MeasureError::Fatal(m))
        | Err(MeasureError::Candidate { detail: m, .. })
        | Err(MeasureError::NotCompiled(m)) => {
            ev.tune.stop = Stop::Fatal(m);
            return ev;
        }
    };
    ev.tune.device = Some(device.clone());
    let run = RunIds {
        workload_hash: db::workload_hash(&first.workload),
        workload_summary: db::hash::workload_summary(&first.workload),
        device,
    };
    let mut search = Search {
        spaces,
        opts,
        mutators: spaces.iter().map(site_mutators).collect(),
        rng: Rng(opts.seed),
        measured: HashSet::new(),
        best_measured: known_records(spaces, db.as_ref(), &run, initial_measured(opts)),
        first: opts
            .first
            .iter()
            .map(|(sketch, decisions)| Cand {
                sketch: *sketch,
                decisions: decisions.clone(),
            })
            .collect(),
        replayed: HashMap::new(),
        built: HashMap::new(),
    };
    if opts.learn_from_db {
        let records = known_records(spaces, db.as_ref(), &run, MAX_RECORDS_LEARNED);
        learn_records(&search, &records, model, featurize, &mut ev);
    }
    let progress_opts = TuneOptions {
        trials: opts.trials,
        ..TuneOptions::new(opts.trials)
    };
    let mut sink = Sink {
        run: &run,
        db: &mut db,
        progress_opts: &progress_opts,
        progress: &mut *progress,
        stop,
    };
    if let Some(best) = search
        .best_measured
        .iter()
        .map(|b| b.0)
        .min_by(f64::total_cmp)
    {
        measure.note_best_ms(best);
    }
    let t = Instant::now();
    let streamed = measure.stream().map(|parts| {
        run_stream(parts, stop, |s| {
            let mut rounds = Streamed(s);
            search_rounds(
                &mut rounds,
                model,
                featurize,
                &mut search,
                &mut ev,
                &mut sink,
            )
        })
    });
    let end = match streamed {
        Some(end) => end,
        None => {
            let mut rounds = Batched::new(&mut *measure, stop);
            search_rounds(
                &mut rounds,
                model,
                featurize,
                &mut search,
                &mut ev,
                &mut sink,
            )
        }
    };
    ev.tune.stop = end;
    // The rounds' time beyond picking and learning is the GPUs' (waited for).
    let rounds_s = t.elapsed();
    ev.time_measure = rounds_s.saturating_sub(ev.time_build + ev.time_model);
    // The best few are measured again before one wins, unless the search
    // was stopped or lost its GPU.
    if matches!(ev.tune.stop, Stop::Trials | Stop::SpaceExhausted) {
        let sketch_of = ev.trial_sketch.clone();
        let kernel_of = |t: &super::Trial| {
            let space = spaces.get(*sketch_of.get(t.index.checked_sub(1)?)?)?;
            let replayed = space.replay(&t.decisions).ok()?;
            build(replayed, Nvrtc::Skip).ok().map(|b| b.kernel)
        };
        let t = Instant::now();
        remeasure_best(&mut ev.tune, REMEASURE_TOP, measure, &kernel_of);
        ev.time_measure += t.elapsed();
    }
    ev.tune.elapsed = started.elapsed();
    main_cpu.finish(&mut ev.phases);
    ev
}

/// Where a round's measurements go besides the report.
struct Sink<'r, 'd> {
    run: &'r RunIds,
    db: &'r mut Option<DbContext<'d>>,
    progress_opts: &'r TuneOptions,
    progress: &'r mut dyn FnMut(&Progress),
    stop: &'r AtomicBool,
}

/// The rounds of the search (`pipeline`): round r+1 is picked and submitted
/// before round r is collected, recorded and learned. Returns why it ended.
fn search_rounds(
    rounds: &mut dyn Rounds,
    model: &mut dyn CostModel,
    featurize: &Featurize<'_>,
    search: &mut Search<'_>,
    ev: &mut EvolutionReport,
    sink: &mut Sink<'_, '_>,
) -> Stop {
    let trials = search.opts.trials;
    let mut in_flight: Option<Round> = None;
    let mut empty_rounds = 0;
    loop {
        if sink.stop.load(Ordering::Relaxed) {
            // Every finished measurement is kept (and stored).
            if let Some(round) = in_flight.take() {
                record_round(round, rounds, model, search, ev, sink);
            }
            return Stop::Interrupted;
        }
        let planned = ev.tune.trials.len() + in_flight.as_ref().map_or(0, |r| r.plan.len());
        let mut next = None;
        if planned < trials {
            let room = search.opts.batch.min(trials - planned).max(1);
            let picked = search.pick_batch(model, featurize, room, ev, sink.stop);
            if picked.is_empty() {
                empty_rounds += 1;
            } else {
                empty_rounds = 0;
                let best = search
                    .best_measured
                    .iter()
                    .map(|b| b.0)
                    .min_by(f64::total_cmp);
                if let Some(best) = best {
                    rounds.note_best_ms(best);
                }
                next = Some(submit_round(picked, room, rounds, ev, sink));
            }
        }
        if let Some(round) = in_flight.take() {
            if let Some(end) = record_round(round, rounds, model, search, ev, sink) {
                if end == Stop::Interrupted {
                    if let Some(round) = next.take() {
                        record_round(round, rounds, model, search, ev, sink);
                    }
                }
                return end;
            }
        }
        in_flight = next;
        if in_flight.is_none() {
            if ev.tune.trials.len() >= trials {
                return Stop::Trials;
            }
            if empty_rounds >= 4 {
                return Stop::SpaceExhausted;
            }
        }
    }
}

/// A round sent to be measured: what is needed to record it.
struct Round {
    plan: Vec<Planned>,
    sketches: Vec<usize>,
    features: Vec<CandidateFeatures>,
    scores: Vec<f64>,
    /// The round's number where it is measured (`None`: nothing to measure,
    /// every candidate was in the database).
    id: Option<usize>,
}

/// Plans a round's picks (those in the database are read back later) and
/// submits the others to be measured.
fn submit_round(
    picked: Vec<Scored>,
    room: usize,
    rounds: &mut dyn Rounds,
    ev: &mut EvolutionReport,
    sink: &mut Sink<'_, '_>,
) -> Round {
    let sketches: Vec<usize> = picked.iter().map(|s| s.cand.sketch).collect();
    let features: Vec<CandidateFeatures> = picked.iter().map(|s| s.features.clone()).collect();
    let scores: Vec<f64> = picked.iter().map(|s| s.score).collect();
    let builts = picked.into_iter().map(|s| Ok(s.built)).collect();
    let plan = plan_round(builts, sink.run, sink.db.as_ref(), room, &mut ev.tune);
    let kernels: Vec<CudaKernel> = plan
        .iter()
        .filter(|p| p.known.is_none())
        .map(|p| p.built.kernel.clone())
        .collect();
    let id = (!kernels.is_empty()).then(|| rounds.submit(kernels));
    Round {
        plan,
        sketches,
        features,
        scores,
        id,
    }
}

/// Collects a round, records its trials in proposal order (the database's
/// too) and teaches the model what was measured, also when the round ends
/// early; `Some` when the search must stop.
fn record_round(
    round: Round,
    rounds: &mut dyn Rounds,
    model: &mut dyn CostModel,
    search: &mut Search<'_>,
    ev: &mut EvolutionReport,
    sink: &mut Sink<'_, '_>,
) -> Option<Stop> {
    let Round {
        plan,
        sketches,
        features,
        scores,
        id,
    } = round;
    let mut results = match id {
        Some(id) => {
            let (results, figures) = rounds.collect(id);
            ev.measure_batches.extend(figures);
            results.into_iter()
        }
        None => Vec::new().into_iter(),
    };
    let first_trial = ev.tune.trials.len() + 1;
    let (mut learned_x, mut learned_ms, mut batch_scores) = (Vec::new(), Vec::new(), Vec::new());
    let mut end = None;
    for (i, p) in plan.into_iter().enumerate() {
        let (outcome, from_db, quick) = match p.known {
            Some(outcome) => (outcome, true, false),
            None => match results.next().flatten() {
                None => {
                    // Not measured (a stop): the later finished ones still count.
                    end = Some(Stop::Interrupted);
                    continue;
                }
                Some(Err(MeasureError::NotCompiled(detail))) => {
                    tally(&mut ev.tune.invalid, "NVRTC compile (worker)", &detail);
                    continue;
                }
                Some(r) => {
                    let quick = matches!(&r, Ok(m) if m.quick);
                    match outcome_of_measurement(r) {
                        Ok(outcome) => (outcome, false, quick),
                        Err(fatal) => {
                            end = Some(Stop::Fatal(fatal));
                            break;
                        }
                    }
                }
            },
        };
        if let (false, Some(ctx)) = (from_db, sink.db.as_mut()) {
            let rec = sink
                .run
                .record(ctx, p.key, p.trace_hash, &p.built.replayed.steps, &outcome);
            if let Err(e) = ctx.db.insert(rec) {
                ev.tune.db_write_errors.push(e);
            }
        }
        let ms = match outcome {
            Outcome::Time { ms, .. } => Some(ms),
            Outcome::Failed { .. } => None,
        };
        if let Some(t) = ms {
            let decisions = p.built.replayed.decisions.clone();
            search.best_measured.push((t, sketches[i], decisions));
        }
        learned_x.push(features[i].clone());
        learned_ms.push(ms);
        batch_scores.push(scores[i]);
        ev.trial_sketch.push(sketches[i]);
        add_trial(
            &mut ev.tune,
            sink.progress_opts,
            p.built,
            outcome,
            Measurement { from_db, quick },
            sink.progress,
        );
        if ev.tune.trials.len() >= sink.progress_opts.trials {
            break;
        }
    }
    if !learned_x.is_empty() {
        let t = Instant::now();
        model.update(&learned_x, &learned_ms);
        ev.time_model += t.elapsed();
        ev.batches.push(BatchQuality {
            first_trial,
            measured: learned_ms.len(),
            quality: ranking_quality(&batch_scores, &learned_ms, 8),
        });
    }
    end
}

/// The best measured candidates of earlier runs (the database) as points of
/// the joint space, fastest first.
fn known_records(
    spaces: &[Space],
    db: Option<&DbContext<'_>>,
    run: &RunIds,
    want: usize,
) -> Vec<(f64, usize, Vec<Decision>)> {
    let Some(ctx) = db else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for rec in ctx.db.top(&run.workload_hash, Some(&run.device.name), want) {
        let Ok(session) = Session::from_yaml(&rec.session_yaml, "database record") else {
            continue;
        };
        let found = spaces.iter().enumerate().find_map(|(i, sp)| {
            // A postprocessed record is matched on its sampled part.
            let sampled = Space::sampled_part(&session.steps);
            let same_ops = sp.steps.len() == sampled.len()
                && sp.steps.iter().zip(sampled).all(|(a, b)| a.op == b.op);
            let d = sp.decisions_of(sampled).filter(|_| same_ops)?;
            Some((rec.time_ms, i, d))
        });
        out.extend(found);
    }
    out
}

/// Database records a model without a file learns from at the start.
const MAX_RECORDS_LEARNED: usize = 4096;

/// How many measured candidates seed each round's population.
fn initial_measured(opts: &EvolutionOptions) -> usize {
    (opts.population as f64 * opts.init_measured_ratio).ceil() as usize
}

/// Builds the database's records and teaches them to the model in one update.
fn learn_records(
    search: &Search<'_>,
    records: &[(f64, usize, Vec<Decision>)],
    model: &mut dyn CostModel,
    featurize: &Featurize<'_>,
    ev: &mut EvolutionReport,
) {
    let cands: Vec<Cand> = records
        .iter()
        .map(|(_, sketch, decisions)| Cand {
            sketch: *sketch,
            decisions: decisions.clone(),
        })
        .collect();
    let t = Instant::now();
    let built = build_many(
        search.spaces,
        &cands,
        (search.opts, featurize),
        &mut HashMap::new(),
        &mut ev.phases,
    );
    ev.time_build += t.elapsed();
    let (mut x, mut ms) = (Vec::new(), Vec::new());
    for ((time, _, _), r) in records.iter().zip(built) {
        if let Ok((_, f)) = r {
            x.push(f);
            ms.push(Some(*time));
        }
    }
    if x.is_empty() {
        return;
    }
    let t = Instant::now();
    model.update(&x, &ms);
    ev.time_model += t.elapsed();
}

/// The state kept across rounds.
struct Search<'s> {
    spaces: &'s [Space],
    opts: &'s EvolutionOptions,
    mutators: Vec<Vec<Option<Mutator>>>,
    rng: Rng,
    /// Keys of every candidate picked for measurement so far.
    measured: HashSet<String>,
    /// (time, sketch, decisions) of measured candidates, this run's and the database's.
    best_measured: Vec<(f64, usize, Vec<Decision>)>,
    /// Candidates to measure before the model picks any.
    first: Vec<Cand>,
    /// Replays of this round's random draws, by key, until they are built.
    replayed: HashMap<String, Replayed>,
    /// This round's builds by key (same decisions, same build).
    built: HashMap<String, BuildResult>,
}

/// Width of [`decision_features`]' row: every sketch's row has it, so that
/// one model learns from all sketches.
pub const DECISION_FEATURES_WIDTH: usize = 48;

/// A featuriser of the decisions alone: one row per candidate, tile factors
/// (log2) and category indices, then the launch's threads and blocks (log2),
/// padded with zeros. What the tuner uses until the per-store extractor
/// (`search::features`) is wired in; tests use it too.
pub fn decision_features(b: &Built) -> CandidateFeatures {
    let log2 = |x: f64| x.max(1.0).log2() as f32;
    let threads: u32 = b.kernel.block.iter().product();
    let blocks: u32 = b.kernel.grid.iter().product();
    let mut row = vec![log2(f64::from(threads)), log2(f64::from(blocks))];
    for d in &b.replayed.decisions {
        match d {
            Decision::Tile(f) => row.extend(f.iter().map(|x| log2(*x as f64))),
            Decision::Categorical(i) => row.push(*i as f32),
        }
    }
    row.resize(DECISION_FEATURES_WIDTH, 0.0);
    vec![row]
}
