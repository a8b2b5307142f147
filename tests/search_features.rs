//! MetaSchedule's per-store features (`tirtui::search::features`) of shipped
//! sessions, compared feature by feature with the vectors TVM's
//! `PerStoreFeature` extractor gives for the same scheduled programs
//! (`tests/data/search_features/*.json`, written by
//! `scripts/search_features/record.py`).

use std::path::Path;
use tirtui::search::features::{extract, feature_names, FEATURES_PER_STORE};
use tirtui::trace::{Session, Trace};

fn program(path: &Path) -> tirtui::ir::PrimFunc {
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (name, text) = session.workload_source(Some(path)).unwrap();
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    match Trace::replay(func, &session.steps) {
        Ok(t) => t.func().clone(),
        Err((_, e)) => panic!("{}: {e}", path.display()),
    }
}

/// TVM's rows for one session: (session path, rows).
fn expected(json: &Path) -> (String, Vec<Vec<f64>>) {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    let session = v["session"].as_str().unwrap().to_string();
    let rows = v["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect()
        })
        .collect();
    (session, rows)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-3 + 1e-4 * b.abs()
}

/// Every feature of every row differing from TVM's, as `session row r name: ours vs TVM`.
fn differences() -> Vec<String> {
    let names = feature_names();
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir("tests/data/search_features")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "expected vectors missing");
    for json in files {
        let (session, want) = expected(&json);
        let got =
            extract(&program(Path::new(&session))).unwrap_or_else(|e| panic!("{session}: {e}"));
        if got.len() != want.len() {
            out.push(format!("{session}: {} rows, TVM {}", got.len(), want.len()));
            continue;
        }
        for (r, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g.len(), FEATURES_PER_STORE);
            assert_eq!(w.len(), FEATURES_PER_STORE);
            for k in 0..FEATURES_PER_STORE {
                if !close(g[k] as f64, w[k]) {
                    out.push(format!(
                        "{session} row {r} {}: {} vs TVM {}",
                        names[k], g[k], w[k]
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn features_agree_with_tvm() {
    let diffs = differences();
    assert!(
        diffs.is_empty(),
        "{} differences:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

/// Every shipped session featurizes (or gets a typed error), with rows of
/// the full length and finite values.
#[test]
fn every_shipped_session_featurizes() {
    let mut paths: Vec<_> = std::fs::read_dir("sessions")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    let mut featurized = 0;
    for path in &paths {
        let session = Session::load(path).unwrap();
        let (_, text) = session.workload_source(Some(path)).unwrap();
        let func = tirtui::script::parse_func(&text, session.func.as_deref()).unwrap();
        let Ok(trace) = Trace::replay(func, &session.steps) else {
            continue; // a design space that samples, or a session of failing steps
        };
        match extract(trace.func()) {
            Ok(rows) => {
                featurized += 1;
                assert!(!rows.is_empty(), "{}: no stored buffer", path.display());
                for row in &rows {
                    assert_eq!(row.len(), FEATURES_PER_STORE);
                    assert!(
                        row.iter().all(|x| x.is_finite()),
                        "{}: {row:?}",
                        path.display()
                    );
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    assert!(featurized >= 30, "only {featurized} sessions featurized");
}

#[test]
fn debug_print_stage() {
    let Ok(s) = std::env::var("SF_SESSION") else {
        return;
    };
    let f = program(Path::new(&s));
    match tirtui::lower::lower_until(&f, "compact_buffer_region").unwrap() {
        tirtui::lower::Stage::Lowered(l) => println!("{l}"),
        other => println!("{other:?}"),
    }
}
