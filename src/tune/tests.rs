//! The search loop against a model of a GPU (tests only: the product always
//! measures in the worker).

use super::space::{count_tilings, decisions_key, fit_tile, SiteKind};
use super::*;
use crate::codegen::CudaKernel;
use crate::db::Db;
use crate::schedule::primitive::sampling::Rng;
use crate::trace::{Session, Trace};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

fn tune_session() -> (Session, Space) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm_002_5_tune.yaml");
    let session = Session::load(&path).unwrap();
    let (_, text) = session.workload_source(Some(&path)).unwrap();
    let func = crate::script::parse_func(&text, None).unwrap();
    let space = Space::new(func, session.steps.clone()).unwrap();
    (session, space)
}

/// Time grows with distance from 256 threads and shrinks with work per thread;
/// counts how often each kernel source is measured.
struct Model {
    measured: HashMap<String, usize>,
    calls: usize,
    /// Answer `Fatal` from this call on (1-based).
    fatal_from: Option<usize>,
    /// Calls answered with a wrong result.
    wrong: Vec<usize>,
    stop_after: Option<(usize, &'static AtomicBool)>,
    /// Calls answered with this time instead of the model's (an untrusted worker).
    bad_time: Option<(usize, f64)>,
}

impl Model {
    fn new() -> Model {
        Model {
            measured: HashMap::new(),
            calls: 0,
            fatal_from: None,
            wrong: Vec::new(),
            stop_after: None,
            bad_time: None,
        }
    }
}

impl Measure for Model {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(DeviceId {
            name: "Model GPU".into(),
            driver: "1.0".into(),
        })
    }

    fn measure(&mut self, k: &CudaKernel) -> Result<Measured, MeasureError> {
        self.calls += 1;
        if let Some((n, flag)) = self.stop_after {
            if self.calls >= n {
                flag.store(true, Ordering::Relaxed);
            }
        }
        if self.fatal_from.is_some_and(|n| self.calls >= n) {
            return Err(MeasureError::Fatal("the connection was lost".into()));
        }
        let threads: u32 = k.block.iter().product();
        assert!(threads <= 1024, "an invalid candidate reached the GPU");
        *self.measured.entry(k.source.clone()).or_default() += 1;
        let blocks: u32 = k.grid.iter().product();
        let per_thread = 1024.0 * 512.0 / f64::from(threads * blocks);
        let mut ms = 1.0 + (f64::from(threads) - 256.0).abs() / 256.0 + 4.0 / per_thread;
        if let Some((_, bad)) = self.bad_time.filter(|&(call, _)| call == self.calls) {
            ms = bad;
        }
        Ok(Measured {
            time_ms: ms,
            gflops: 1.0 / ms,
            correct: Some(!self.wrong.contains(&self.calls)),
            quick: false,
        })
    }
}

fn quiet(_: &Progress) {}

#[test]
fn tilings_are_counted_like_tvm_samples_them() {
    assert_eq!(count_tilings(12, 2, 0), 6);
    // innermost 1: 8 = a*b in 4 ways; innermost 2: 4 = a*b in 3 ways.
    assert_eq!(count_tilings(8, 3, 2), 7);
    assert_eq!(count_tilings(16, 1, 8), 0);
    assert_eq!(count_tilings(16, 1, 16), 1);
    let (_, space) = tune_session();
    let size = space.size().unwrap();
    assert_eq!(size.per_site, vec![38, 34, 5, 3]);
    assert_eq!(size.total, 38 * 34 * 5 * 3);
}

/// `count_tilings` as it was written first: every candidate divisor tried.
fn brute_force_tilings(extent: i64, n: i64, max_innermost: i64) -> u128 {
    fn ordered(m: i64, k: i64) -> u128 {
        if k <= 1 {
            return 1;
        }
        (1..=m)
            .filter(|d| m % d == 0)
            .map(|d| ordered(m / d, k - 1))
            .sum()
    }
    if n < 1 || extent < 1 {
        return 0;
    }
    if n == 1 {
        return u128::from(max_innermost <= 0 || extent <= max_innermost);
    }
    (1..=extent)
        .filter(|d| extent % d == 0 && (max_innermost <= 0 || *d <= max_innermost))
        .map(|d| ordered(extent / d, n - 1))
        .sum()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    #[test]
    fn tilings_counted_from_the_factorization_match_brute_force(
        extent in -2i64..=720,
        n in -1i64..=5,
        max_innermost in -1i64..=40,
    ) {
        proptest::prop_assert_eq!(
            count_tilings(extent, n, max_innermost),
            brute_force_tilings(extent, n, max_innermost),
            "extent {} n {} max_innermost {}", extent, n, max_innermost
        );
    }
}

/// issue 29: `tune --space` tried every number up to the extent as a
/// divisor; near 2^62 it never finished. The count comes from the prime
/// factorization: for `extent = p1^e1 ... pr^er` and `n` factors it is the
/// product of C(ei + n - 1, n - 1), exact, in microseconds.
const EXTENT_2_29_3_12_5_4_7_2: i64 = 8_737_778_439_290_880_000;

#[test]
fn tilings_of_huge_extents_are_counted_exactly_and_fast() {
    let started = std::time::Instant::now();
    // 2^62 in 4 factors: 62 twos spread over 4 slots.
    assert_eq!(count_tilings(1 << 62, 4, 0), 43_680);
    // Innermost at most 16: 2^0 ..= 2^4, the rest in one factor.
    assert_eq!(count_tilings(1 << 62, 2, 16), 5);
    assert_eq!(count_tilings(1 << 30, 3, 0), 496);
    // 2^31 - 1 and the largest prime under 2^63 go in one slot of n.
    assert_eq!(count_tilings(2_147_483_647, 3, 0), 3);
    assert_eq!(count_tilings(9_223_372_036_854_775_783, 64, 0), 64);
    // 2^31 - 1 squared: 3 ways to spread each of two equal primes over 2 slots.
    assert_eq!(count_tilings(4_611_686_014_132_420_609, 2, 0), 3);
    // 3 * 5 * 7 * ... * 47 (14 primes): 64 slots for each.
    let primorial: i64 = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]
        .iter()
        .product();
    assert_eq!(count_tilings(primorial, 64, 0), 64u128.pow(14));
    // C(125, 63): 62 twos over 64 slots.
    assert_eq!(
        count_tilings(1 << 62, 64, 0),
        3_017_467_217_880_703_353_213_932_318_284_164_000
    );
    // 2^29 3^12 5^4 7^2 in 64 factors has about 2^154 tilings: the count
    // saturates, as the space's total does.
    assert_eq!(count_tilings(EXTENT_2_29_3_12_5_4_7_2, 64, 0), u128::MAX);
    assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
}

#[test]
fn mutating_a_huge_factor_does_not_enumerate_its_divisors() {
    let started = std::time::Instant::now();
    let kind = SiteKind::Tile {
        n: 2,
        max_innermost: 0,
    };
    let mut rng = Rng(5);
    let parent = Decision::Tile(vec![1 << 62, 1]);
    let child = super::space::mutate_site(&kind, &parent, &mut rng);
    let Some(Decision::Tile(f)) = child else {
        panic!("{child:?}")
    };
    assert_eq!(f[0].checked_mul(f[1]), Some(1 << 62), "{f:?}");
    assert_ne!(f, vec![1 << 62, 1]);
    assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
}

#[test]
fn the_recorded_decisions_replay_to_the_session_program() {
    let (session, space) = tune_session();
    let recorded = space.decisions_of(&session.steps).unwrap();
    let replayed = space.replay(&recorded).unwrap();
    let direct = Trace::replay(space.workload.clone(), &session.steps).unwrap();
    assert_eq!(&replayed.func, direct.func());
}

#[test]
fn draws_are_seeded_and_fit_their_loops() {
    let (_, space) = tune_session();
    let a: Vec<String> = (0..5)
        .map(|_| ())
        .scan(Rng(3), |rng, ()| Some(space.draw(rng)))
        .map(|r| decisions_key(&r.unwrap().decisions))
        .collect();
    let b: Vec<String> = (0..5)
        .map(|_| ())
        .scan(Rng(3), |rng, ()| Some(space.draw(rng)))
        .map(|r| decisions_key(&r.unwrap().decisions))
        .collect();
    assert_eq!(a, b);
    assert!(a.iter().collect::<std::collections::HashSet<_>>().len() > 1);
    let r = space.draw(&mut Rng(9)).unwrap();
    let Decision::Tile(x) = &r.decisions[0] else {
        panic!()
    };
    assert_eq!(x.iter().product::<i64>(), 1024);
    assert!(x[2] <= 8);
}

#[test]
fn a_mutation_changes_one_site_and_keeps_the_products() {
    let (session, space) = tune_session();
    let parent = space.decisions_of(&session.steps).unwrap();
    let mut rng = Rng(11);
    for _ in 0..50 {
        let child = space.mutate(&parent, &mut rng).unwrap();
        let changed = parent.iter().zip(&child).filter(|(a, b)| a != b).count();
        assert_eq!(changed, 1);
        for ((site, p), c) in space.sites.iter().zip(&parent).zip(&child) {
            if let (SiteKind::Tile { max_innermost, .. }, Decision::Tile(p), Decision::Tile(c)) =
                (&site.kind, p, c)
            {
                assert_eq!(p.iter().product::<i64>(), c.iter().product::<i64>());
                assert!(c[c.len() - 1] <= *max_innermost);
            }
        }
    }
}

#[test]
fn fitting_keeps_inner_factors() {
    assert_eq!(fit_tile(&[32, 32, 1], 64), vec![2, 32, 1]);
    assert_eq!(fit_tile(&[8, 2, 16, 4], 128), vec![1, 2, 16, 4]);
    assert_eq!(fit_tile(&[1, 48], 32), vec![32, 1]);
}

#[test]
fn search_measures_each_candidate_once_and_never_an_invalid_one() {
    let (_, space) = tune_session();
    let mut model = Model::new();
    let stop = AtomicBool::new(false);
    let mut opts = TuneOptions::new(40);
    opts.nvrtc = Nvrtc::Skip;
    let report = tune(&space, &opts, &mut model, None, &stop, &mut quiet);
    assert_eq!(report.stop, Stop::Trials);
    assert_eq!(report.trials.len(), 40);
    assert_eq!(model.calls, 40);
    assert!(
        model.measured.values().all(|n| *n == 1),
        "a kernel was measured twice"
    );
    // The space has thread counts over 1024: some proposals were rejected.
    assert!(report.invalid_total() > 0, "{:?}", report.invalid);
    assert!(report.invalid.contains_key("threads per block > 1024"));
    // Trial 1 is the session's own decisions; the best is at least as good.
    let first = report.trials[0].time_ms().unwrap();
    let best = report.best().unwrap().time_ms().unwrap();
    assert!(best <= first);
    assert!(report
        .curve
        .windows(2)
        .all(|w| w[1].1 < w[0].1 && w[1].0 > w[0].0));
    assert_eq!(report.curve.last().map(|c| c.1), Some(best));
}

#[test]
fn evolution_finds_better_candidates_than_its_random_start() {
    let (_, space) = tune_session();
    let mut model = Model::new();
    let stop = AtomicBool::new(false);
    let mut opts = TuneOptions::new(64);
    opts.nvrtc = Nvrtc::Skip;
    opts.init_random = 16;
    let report = tune(&space, &opts, &mut model, None, &stop, &mut quiet);
    let best_random = report.trials[..16]
        .iter()
        .filter_map(Trial::time_ms)
        .fold(f64::INFINITY, f64::min);
    let best = report.best().unwrap().time_ms().unwrap();
    assert!(
        best < best_random,
        "evolution found nothing better than {best_random}"
    );
}

#[test]
fn wrong_results_are_failed_candidates_not_results() {
    let (_, space) = tune_session();
    let mut model = Model::new();
    model.wrong = (1..=10).collect();
    let stop = AtomicBool::new(false);
    let mut opts = TuneOptions::new(10);
    opts.nvrtc = Nvrtc::Skip;
    let report = tune(&space, &opts, &mut model, None, &stop, &mut quiet);
    assert!(report.best().is_none());
    assert_eq!(report.failed.get("wrong result").map(|t| t.count), Some(10));
}

#[test]
fn stop_keeps_what_was_measured() {
    static STOP: AtomicBool = AtomicBool::new(false);
    let (_, space) = tune_session();
    let mut model = Model::new();
    model.stop_after = Some((3, &STOP));
    let mut opts = TuneOptions::new(50);
    opts.nvrtc = Nvrtc::Skip;
    let report = tune(&space, &opts, &mut model, None, &STOP, &mut quiet);
    assert_eq!(report.stop, Stop::Interrupted);
    assert_eq!(report.trials.len(), 3);
    assert!(report.best().is_some());
}

#[test]
fn a_lost_gpu_stops_the_search_and_keeps_the_trials() {
    let (_, space) = tune_session();
    let mut model = Model::new();
    model.fatal_from = Some(5);
    let stop = AtomicBool::new(false);
    let mut opts = TuneOptions::new(50);
    opts.nvrtc = Nvrtc::Skip;
    let report = tune(&space, &opts, &mut model, None, &stop, &mut quiet);
    assert!(matches!(report.stop, Stop::Fatal(ref m) if m.contains("connection")));
    assert_eq!(report.trials.len(), 4);
}

#[test]
fn a_second_tune_reads_known_candidates_from_the_database() {
    let (session, space) = tune_session();
    let dir = std::env::temp_dir().join(format!("tirtui-tune-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut opts = TuneOptions::new(12);
    opts.nvrtc = Nvrtc::Skip;
    let stop = AtomicBool::new(false);
    let mut db = Db::open(&dir).unwrap();
    let mut first = Model::new();
    let ctx = DbContext {
        db: &mut db,
        template: session.clone(),
        session_path: None,
    };
    let a = tune(&space, &opts, &mut first, Some(ctx), &stop, &mut quiet);
    assert_eq!(a.from_db, 0);
    let mut db = Db::open(&dir).unwrap();
    assert_eq!(db.records().len(), 12);
    let mut second = Model::new();
    let ctx = DbContext {
        db: &mut db,
        template: session,
        session_path: None,
    };
    let b = tune(&space, &opts, &mut second, Some(ctx), &stop, &mut quiet);
    assert_eq!(second.calls, 0, "a known candidate was measured again");
    assert_eq!(b.from_db, 12);
    assert_eq!(
        a.best().and_then(Trial::time_ms),
        b.best().and_then(Trial::time_ms)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn failed_candidates_are_read_back_not_measured_again() {
    let (session, space) = tune_session();
    let dir = std::env::temp_dir().join(format!("tirtui-tune-failed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut opts = TuneOptions::new(8);
    opts.nvrtc = Nvrtc::Skip;
    let stop = AtomicBool::new(false);
    let mut db = Db::open(&dir).unwrap();
    let mut first = Model::new();
    first.wrong = vec![1, 3, 5];
    let ctx = DbContext {
        db: &mut db,
        template: session.clone(),
        session_path: None,
    };
    let a = tune(&space, &opts, &mut first, Some(ctx), &stop, &mut quiet);
    assert!(a.db_write_errors.is_empty(), "{:?}", a.db_write_errors);
    let mut db = Db::open(&dir).unwrap();
    assert!(db.skipped.is_empty(), "{:?}", db.skipped);
    assert_eq!(db.records().len(), 8);
    let mut second = Model::new();
    let ctx = DbContext {
        db: &mut db,
        template: session,
        session_path: None,
    };
    let b = tune(&space, &opts, &mut second, Some(ctx), &stop, &mut quiet);
    assert_eq!(second.calls, 0, "a failed candidate was measured again");
    assert_eq!(b.from_db, 8);
    assert_eq!(b.failed.values().map(|t| t.count).sum::<usize>(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_worker_time_that_is_not_positive_and_finite_is_a_failed_candidate() {
    let (_, space) = tune_session();
    let stop = AtomicBool::new(false);
    let mut opts = TuneOptions::new(6);
    opts.nvrtc = Nvrtc::Skip;
    for bad in [-1.0, 0.0, f64::NAN] {
        let mut model = Model::new();
        model.bad_time = Some((2, bad));
        let report = tune(&space, &opts, &mut model, None, &stop, &mut quiet);
        assert!(
            report.failed.contains_key("invalid time"),
            "{bad}: {:?}",
            report.failed
        );
        let best = report.best().and_then(Trial::time_ms).unwrap();
        assert!(
            best > 0.0 && best.is_finite(),
            "{bad} became the best time {best}"
        );
    }
}

/// Answers a re-measurement by kernel name: a time, or a wrong result.
struct Remeasurer {
    again: HashMap<String, Option<f64>>,
    asked: Vec<String>,
}

impl Measure for Remeasurer {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(DeviceId {
            name: "Model GPU".into(),
            driver: "1.0".into(),
        })
    }

    fn measure(&mut self, k: &CudaKernel) -> Result<Measured, MeasureError> {
        self.asked.push(k.name.clone());
        match self.again.get(&k.name).copied().flatten() {
            Some(ms) => Ok(Measured {
                time_ms: ms,
                gflops: 1.0 / ms,
                correct: Some(true),
                quick: false,
            }),
            None => Ok(Measured {
                time_ms: 1.0,
                gflops: 1.0,
                correct: Some(false),
                quick: false,
            }),
        }
    }
}

fn trial(index: usize, ms: Option<f64>) -> Trial {
    Trial {
        index,
        decisions: vec![],
        steps: vec![],
        outcome: match ms {
            Some(ms) => Outcome::Time { ms, gflops: 1.0 },
            None => Outcome::Failed {
                reason: "launch or fault".into(),
                detail: String::new(),
            },
        },
        from_db: false,
        quick: false,
    }
}

fn named_kernel(t: &Trial) -> Option<CudaKernel> {
    let (_, space) = tune_session();
    let replayed = space.replay(&space.decisions_of(&space.steps)?).ok()?;
    let mut k = build(replayed, Nvrtc::Skip).ok()?.kernel;
    k.name = format!("t{}", t.index);
    Some(k)
}

#[test]
fn the_best_few_are_measured_again_and_the_second_time_picks_the_winner() {
    let mut report = search::TuneReport::new();
    for (i, ms) in [Some(1.0), Some(1.1), None, Some(1.2), Some(5.0)]
        .into_iter()
        .enumerate()
    {
        report.trials.push(trial(i + 1, ms));
    }
    assert_eq!(report.best().map(|t| t.index), Some(1));
    let mut gpu = Remeasurer {
        // Trial 1 was lucky the first time; trial 4 is wrong the second.
        again: HashMap::from([
            ("t1".into(), Some(1.5)),
            ("t2".into(), Some(1.15)),
            ("t4".into(), None),
        ]),
        asked: Vec::new(),
    };
    remeasure::remeasure_best(&mut report, 3, &mut gpu, &named_kernel);
    assert_eq!(gpu.asked, vec!["t1", "t2", "t4"], "the three fastest");
    assert_eq!(report.best().map(|t| t.index), Some(2));
    let rows: Vec<(usize, bool)> = report
        .remeasured
        .iter()
        .map(|r| (r.trial, r.ms.is_ok()))
        .collect();
    assert_eq!(rows, vec![(1, true), (2, true), (4, false)]);
    assert_eq!(report.remeasured[1].ms, Ok(1.15));
    assert!(report.remeasured[2]
        .ms
        .as_ref()
        .is_err_and(|e| e.starts_with("wrong result")));
}

#[test]
fn a_candidate_that_fails_its_second_measurement_cannot_win() {
    let mut report = search::TuneReport::new();
    report.trials.push(trial(1, Some(1.0)));
    report.trials.push(trial(2, Some(2.0)));
    let mut gpu = Remeasurer {
        again: HashMap::from([("t1".into(), None)]),
        asked: Vec::new(),
    };
    remeasure::remeasure_best(&mut report, 1, &mut gpu, &named_kernel);
    assert_eq!(report.best().map(|t| t.index), Some(2));
}

/// The explorer's `:tune` checks each candidate with NVRTC in a child
/// (issue 31): `:tune stop` kills a check compile in flight instead of
/// waiting for it. A stand-in compiler sleeps 60 s on every kernel.
#[test]
fn a_stop_kills_the_check_compiles_in_flight() {
    let (_, space) = tune_session();
    let mut model = Model::new();
    let stop = AtomicBool::new(false);
    let mut opts = TuneOptions::new(8);
    opts.threads = 2;
    opts.nvrtc = Nvrtc::Child(std::sync::Arc::new(crate::runtime::ChildCompiler::shell(
        "cat >/dev/null; sleep 60",
        None,
    )));
    let started = std::time::Instant::now();
    let report = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(500));
            stop.store(true, Ordering::Relaxed);
        });
        tune(&space, &opts, &mut model, None, &stop, &mut quiet)
    });
    let took = started.elapsed().as_secs_f64();
    // Far below the stand-in's 60 s, far above a loaded machine's delays.
    assert!(took < 20.0, "the stop waited {took:.1} s for the compiles");
    assert_eq!(report.stop, Stop::Interrupted);
    assert_eq!(model.calls, 0, "nothing compiled, nothing may run");
}

/// A check compile past its limit makes the candidate invalid with the
/// compile limit's reason; it never runs.
#[test]
fn a_check_compile_past_its_limit_is_an_invalid_candidate() {
    let (_, space) = tune_session();
    let mut model = Model::new();
    let stop = AtomicBool::new(false);
    let mut opts = TuneOptions::new(2);
    opts.threads = 2;
    opts.nvrtc = Nvrtc::Child(std::sync::Arc::new(crate::runtime::ChildCompiler::shell(
        "cat >/dev/null; sleep 60",
        Some(std::time::Duration::from_millis(200)),
    )));
    // Every candidate fails its check: the stop ends the search.
    let report = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(1500));
            stop.store(true, Ordering::Relaxed);
        });
        tune(&space, &opts, &mut model, None, &stop, &mut quiet)
    });
    assert_eq!(model.calls, 0);
    let limit = report
        .invalid
        .get(shared_compile::COMPILE_TIME_LIMIT_REASON)
        .unwrap_or_else(|| panic!("{:?}", report.invalid));
    assert!(
        limit.example.starts_with("compile time limit 0.2 s"),
        "{}",
        limit.example
    );
}
