use super::*;

fn record(trace: &str, device: &str, time_ms: f64) -> Record {
    Record {
        key: record_key("w1", trace, device, "12.4"),
        workload_hash: "w1".into(),
        trace_hash: trace.into(),
        workload: "main(...)".into(),
        device: device.into(),
        driver: "12.4".into(),
        time_ms,
        gflops: 1.0 / time_ms,
        correct: Some(true),
        error: None,
        source: Source::Tune,
        session: None,
        session_yaml: "tirtui: 1\n".into(),
        unix_time: 1,
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-db-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn records_survive_reopening_and_are_found_by_key() {
    let dir = temp_dir("reopen");
    let mut db = Db::open(&dir).unwrap();
    db.insert(record("t1", "H100", 2.0)).unwrap();
    db.insert(record("t2", "H100", 1.0)).unwrap();
    let db = Db::open(&dir).unwrap();
    assert_eq!(db.records().len(), 2);
    let key = record_key("w1", "t2", "H100", "12.4");
    assert_eq!(db.get(&key).map(|r| r.time_ms), Some(1.0));
    assert!(db.get(&record_key("w1", "t2", "H100", "13.0")).is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_torn_last_line_is_skipped() {
    let dir = temp_dir("torn");
    let mut db = Db::open(&dir).unwrap();
    db.insert(record("t1", "H100", 2.0)).unwrap();
    let path = db.path().to_path_buf();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"key\": \"w1/t9");
    std::fs::write(&path, text).unwrap();
    let db = Db::open(&dir).unwrap();
    assert_eq!(db.records().len(), 1);
    assert_eq!(db.skipped_lines, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn top_is_fastest_first_one_per_trace_and_skips_wrong_kernels() {
    let dir = temp_dir("top");
    let mut db = Db::open(&dir).unwrap();
    db.insert(record("t1", "H100", 3.0)).unwrap();
    db.insert(record("t1", "H100", 2.5)).unwrap();
    db.insert(record("t2", "H100", 1.5)).unwrap();
    let mut wrong = record("t3", "H100", 0.1);
    wrong.correct = Some(false);
    db.insert(wrong).unwrap();
    let mut failed = record("t4", "H100", 0.05);
    failed.error = Some("launch failed".into());
    db.insert(failed).unwrap();
    db.insert(record("t5", "A100", 0.5)).unwrap();
    let top: Vec<(String, f64)> = db
        .top("w1", Some("H100"), 5)
        .iter()
        .map(|r| (r.trace_hash.clone(), r.time_ms))
        .collect();
    assert_eq!(top, vec![("t2".into(), 1.5), ("t1".into(), 2.5)]);
    assert_eq!(db.top("w1", None, 1)[0].device, "A100");
    assert_eq!(db.best("w1", "H100").map(|r| r.time_ms), Some(1.5));
    assert!(db.top("other", None, 5).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn trace_hash_covers_decisions_and_ignores_notes_and_default_spelling() {
    let load = |yaml: &str| crate::trace::Session::from_yaml(yaml, "t").unwrap().steps;
    let a = load("tirtui: 1\nworkload: w.tir\nsteps:\n  - {op: get_block, name: C, out: b0}\n  - {op: get_loops, block: b0, out: [i, j, k]}\n  - {op: sample_perfect_tile, loop: i, n: 2, decision: [4, 8], out: [a, b]}\n");
    let b = load("tirtui: 1\nworkload: w.tir\nsteps:\n  - {op: get_block, name: C, out: b0, note: hi}\n  - {op: get_loops, block: b0, out: [i, j, k]}\n  - {op: sample_perfect_tile, loop: i, n: 2, max_innermost_factor: 16, decision: [4, 8], out: [a, b]}\n");
    let c = load("tirtui: 1\nworkload: w.tir\nsteps:\n  - {op: get_block, name: C, out: b0}\n  - {op: get_loops, block: b0, out: [i, j, k]}\n  - {op: sample_perfect_tile, loop: i, n: 2, decision: [8, 4], out: [a, b]}\n");
    assert_eq!(trace_hash(&a), trace_hash(&b));
    assert_ne!(trace_hash(&a), trace_hash(&c));
}

#[test]
fn workload_hash_ignores_formatting() {
    let a = "@T.prim_func\ndef main(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        with T.block(\"B\"):\n            vi = T.axis.spatial(4, i)\n            A[vi] = T.float32(0)\n";
    let b = format!("# a comment\n{}", a.replace("range(4)", "T.serial(4)"));
    let fa = crate::script::parse_func(a, None).unwrap();
    let fb = crate::script::parse_func(&b, None).unwrap();
    assert_eq!(workload_hash(&fa), workload_hash(&fb));
}
