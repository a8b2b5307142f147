//! Issue 31 offline: the cost model's held-out ranking and simulated tunes,
//! model against random, from recorded results databases (no GPU).
//!
//! ```text
//! cargo run --example search_offline -- [--cache F.json] DB_DIR...
//! ```
//! Every record of every `DB_DIR/records.jsonl` is replayed on its workload
//! (the shipped `sessions/<file name>` the record's session names) and its
//! per-store features extracted, as `tune` does; records are grouped by
//! workload. `--cache F.json` keeps the features (read when it exists).
//! Then, per workload: 4-fold held-out Kendall tau / top-8 recall / the
//! model's top-64 pick against the best (trained on the other folds, and on
//! 64 measurements only, with and without the other workloads as a prior),
//! and `SIM_SEEDS` (10) simulated tunes of `SIM_TRIALS` (256) trials in
//! batches of 64 from the recorded candidates, model against random: final
//! best, trials to 90% of the model's final best.
//! Environment: `MODEL_WARMUP` (measurements before the model ranks),
//! `MODEL_ROUNDS`, `MODEL_DEPTH`, `MODEL_ETA`, `ONLY` (workload names),
//! `PRIOR=1` (simulated tunes start from a model of the other workloads).

use std::collections::BTreeMap;
use std::path::Path;
use tirtui::db::Db;
use tirtui::search::features::extract;
use tirtui::search::model::{XgbConfig, XgbModel};
use tirtui::search::offline::{
    held_out, simulate, trials_to_reach, Dataset, GroupedModel, ModelFactory, Sample, SimOptions,
};
use tirtui::search::{CandidateFeatures, RandomModel};
use tirtui::trace::{Session, Trace, Workload};

fn env_num<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Xgb(XgbConfig);

impl ModelFactory for Xgb {
    fn make(&self, seed: u64) -> Box<dyn GroupedModel> {
        Box::new(XgbModel::new(XgbConfig {
            seed,
            ..self.0.clone()
        }))
    }
}

struct Random;

impl ModelFactory for Random {
    fn make(&self, seed: u64) -> Box<dyn GroupedModel> {
        Box::new(RandomModel::new(seed))
    }
}

type Cached = Vec<(String, Vec<(CandidateFeatures, Option<f64>)>)>;

fn load(dirs: &[String]) -> Vec<Dataset> {
    let mut by_workload: BTreeMap<String, Vec<(String, String, Option<f64>)>> = BTreeMap::new();
    for dir in dirs {
        let db = Db::open(Path::new(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"));
        for r in db.records() {
            let Ok(session) = Session::from_yaml(&r.session_yaml, &r.key) else {
                eprintln!("{dir}: {}: not a session", r.key);
                continue;
            };
            let Workload::Path(path) = &session.workload else {
                continue;
            };
            let name = Path::new(path)
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            let ms = r.is_good().then_some(r.time_ms);
            by_workload
                .entry(name)
                .or_default()
                .push((r.key.clone(), r.session_yaml.clone(), ms));
        }
    }
    let mut out = Vec::new();
    for (name, recs) in by_workload {
        let Ok(text) = std::fs::read_to_string(Path::new("sessions").join(&name)) else {
            eprintln!("{name}: not a shipped workload, skipped");
            continue;
        };
        let func = tirtui::script::parse_func(&text, None).expect("shipped workload parses");
        let next = std::sync::atomic::AtomicUsize::new(0);
        let done = std::sync::Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..env_num("THREADS", 2usize) {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((key, yaml, ms)) = recs.get(i) else {
                        break;
                    };
                    let Ok(session) = Session::from_yaml(yaml, key) else {
                        continue;
                    };
                    let Ok(trace) = Trace::replay(func.clone(), &session.steps) else {
                        continue;
                    };
                    let Ok(features) = extract(trace.func()) else {
                        continue;
                    };
                    done.lock().unwrap().push((i, Sample { features, ms: *ms }));
                });
            }
        });
        let mut samples = done.into_inner().unwrap();
        samples.sort_by_key(|(i, _)| *i);
        eprintln!(
            "{name}: {} records, {} replayed and featurised",
            recs.len(),
            samples.len()
        );
        out.push(Dataset {
            name,
            samples: samples.into_iter().map(|(_, s)| s).collect(),
        });
    }
    out
}

fn geomean(v: &[f64]) -> f64 {
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len().max(1) as f64).exp()
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let cache = match args.iter().position(|a| a == "--cache") {
        Some(i) => {
            let c = args.get(i + 1).cloned();
            args.drain(i..(i + 2).min(args.len()));
            c
        }
        None => None,
    };
    let mut data: Vec<Dataset> = match cache.as_deref().map(std::fs::read_to_string) {
        Some(Ok(text)) => {
            let c: Cached = serde_json::from_str(&text).expect("cache decodes");
            c.into_iter()
                .map(|(name, s)| Dataset {
                    name,
                    samples: s
                        .into_iter()
                        .map(|(features, ms)| Sample { features, ms })
                        .collect(),
                })
                .collect()
        }
        _ => {
            let d = load(&args);
            if let Some(path) = &cache {
                let c: Cached = d
                    .iter()
                    .map(|d| {
                        let s = d
                            .samples
                            .iter()
                            .map(|s| (s.features.clone(), s.ms))
                            .collect();
                        (d.name.clone(), s)
                    })
                    .collect();
                std::fs::write(path, serde_json::to_string(&c).unwrap()).unwrap();
            }
            d
        }
    };
    if let Ok(only) = std::env::var("ONLY") {
        data.retain(|d| only.split(',').any(|o| d.name.starts_with(o)));
    }
    let defaults = XgbConfig::default();
    let cfg = XgbConfig {
        num_warmup_samples: env_num("MODEL_WARMUP", defaults.num_warmup_samples),
        max_rounds: env_num("MODEL_ROUNDS", defaults.max_rounds),
        max_depth: env_num("MODEL_DEPTH", defaults.max_depth),
        eta: env_num("MODEL_ETA", defaults.eta),
        ..defaults
    };
    eprintln!("model: {cfg:?}");
    let xgb = Xgb(cfg);
    let mode = std::env::var("MODE").unwrap_or_else(|_| "cv,sim".into());
    if mode.contains("cv") {
        println!(
            "{:<22} {:>5} {:>8} {:>8} {:>8} {:>8} | {:>8} {:>8} | {:>8} {:>8}",
            "held-out (4 folds)",
            "n",
            "tau all",
            "rec8",
            "topk",
            "randk",
            "tau 64",
            "topk",
            "tau pri",
            "top64"
        );
        for d in &data {
            let others: Vec<&Dataset> = data.iter().filter(|o| o.name != d.name).collect();
            let k: usize = env_num("REGRET_K", 8);
            let all = held_out(d, &[], &xgb, 4, 1.0, k, 1);
            let n = d.samples.len() as f64;
            let share64 = 64.0 / (n * 0.75);
            let few = held_out(d, &[], &xgb, 4, share64, k, 1);
            let prior = held_out(d, &others, &xgb, 4, share64, k, 1);
            let rand = held_out(d, &[], &Random, 4, 1.0, k, 1);
            let f = |v: &[tirtui::search::offline::FoldQuality],
                     g: &dyn Fn(&tirtui::search::offline::FoldQuality) -> f64| {
                mean(&v.iter().map(g).collect::<Vec<_>>())
            };
            println!(
                "{:<22} {:>5} {:>8.3} {:>8.2} {:>8.3} {:>8.3} | {:>8.3} {:>8.3} | {:>8.3} {:>8.3}",
                d.name,
                d.samples.len(),
                f(&all, &|q| q.ranking.kendall_tau),
                f(&all, &|q| q.ranking.top_k_recall),
                f(&all, &|q| q.top_pick_ratio),
                f(&rand, &|q| q.top_pick_ratio),
                f(&few, &|q| q.ranking.kendall_tau),
                f(&few, &|q| q.top_pick_ratio),
                f(&prior, &|q| q.ranking.kendall_tau),
                f(&prior, &|q| q.top_pick_ratio),
            );
        }
    }
    if mode.contains("sim") {
        let seeds: u64 = env_num("SIM_SEEDS", 10);
        let opts = SimOptions {
            trials: env_num("SIM_TRIALS", 256),
            batch: env_num("SIM_BATCH", 64),
            eps_greedy: 0.05,
            seed: 0,
        };
        let use_prior = env_num("PRIOR", 0u32) == 1;
        println!(
            "simulated tunes, {} trials, batch {}, {seeds} seeds{}",
            opts.trials,
            opts.batch,
            if use_prior {
                ", prior model of the other workloads"
            } else {
                ""
            }
        );
        println!(
            "{:<22} {:>10} {:>10} {:>10} {:>9} {:>9} {:>9}",
            "workload", "pool best", "model", "random", "rand/mod", "mod 90%", "rand 90%"
        );
        let (mut ratios, mut reach) = (Vec::new(), Vec::new());
        for d in &data {
            let others: Vec<&Dataset> = if use_prior {
                data.iter().filter(|o| o.name != d.name).collect()
            } else {
                Vec::new()
            };
            let (mut bm, mut br, mut rm, mut rr) = (vec![], vec![], vec![], vec![]);
            for seed in 0..seeds {
                let o = SimOptions {
                    seed,
                    ..opts.clone()
                };
                let mut m = xgb.make(seed);
                let cm = simulate(d, &others, m.as_mut(), &o);
                let mut r = Random.make(seed);
                let cr = simulate(d, &[], r.as_mut(), &o);
                let (Some(Some(fm)), Some(Some(fr))) = (cm.last(), cr.last()) else {
                    continue;
                };
                let target = fm / 0.9;
                let tm = trials_to_reach(&cm, target).unwrap_or(cm.len()) as f64;
                let tr = trials_to_reach(&cr, target).unwrap_or(cr.len() + 1) as f64;
                bm.push(*fm);
                br.push(*fr);
                rm.push(tm);
                rr.push(tr);
            }
            let ratio = geomean(&br) / geomean(&bm);
            ratios.push(ratio);
            reach.push(mean(&rm) / mean(&rr));
            println!(
                "{:<22} {:>10.4} {:>10.4} {:>10.4} {:>9.3} {:>9.1} {:>9.1}",
                d.name,
                d.best_ms().unwrap_or(f64::NAN),
                geomean(&bm),
                geomean(&br),
                ratio,
                mean(&rm),
                mean(&rr)
            );
        }
        println!(
            "geomean random/model {:.3}x; trials to 90% of the model's best, model/random {:.2}",
            geomean(&ratios),
            geomean(&reach)
        );
    }
}
