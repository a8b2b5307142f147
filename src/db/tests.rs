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
    assert_eq!(db.skipped.len(), 1);
    assert_eq!(db.skipped[0].line, 2);
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

/// Runs `f` on a thread and fails the test when it takes longer than `secs`
/// (a hang must be a failure, not a stuck test run).
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(secs))
        .expect("timed out: the database read hung")
}

#[test]
fn a_failed_candidate_loads_back() {
    let dir = temp_dir("failed");
    let mut db = Db::open(&dir).unwrap();
    let mut fault = record("t1", "H100", f64::NAN);
    fault.correct = None;
    fault.error = Some("launch: CUDA_ERROR_ILLEGAL_ADDRESS".into());
    db.insert(fault).unwrap();
    let mut wrong = record("t2", "H100", f64::NAN);
    wrong.correct = Some(false);
    db.insert(wrong).unwrap();
    let db = Db::open(&dir).unwrap();
    assert!(db.skipped.is_empty(), "{:?}", db.skipped);
    let fault = db.get(&record_key("w1", "t1", "H100", "12.4")).unwrap();
    assert!(fault.time_ms.is_nan());
    assert!(!fault.is_good());
    assert!(db.get(&record_key("w1", "t2", "H100", "12.4")).is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn appending_after_a_torn_line_starts_a_new_line() {
    let dir = temp_dir("torn-append");
    let mut db = Db::open(&dir).unwrap();
    db.insert(record("t1", "H100", 2.0)).unwrap();
    let path = db.path().to_path_buf();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"key\": \"w1/t9");
    std::fs::write(&path, text).unwrap();
    let mut db = Db::open(&dir).unwrap();
    db.insert(record("t2", "H100", 1.0)).unwrap();
    let db = Db::open(&dir).unwrap();
    assert_eq!(db.records().len(), 2);
    assert_eq!(db.skipped.len(), 1);
    assert_eq!(db.skipped[0].line, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_non_utf8_line_costs_that_line_only() {
    let dir = temp_dir("utf8");
    let mut db = Db::open(&dir).unwrap();
    db.insert(record("t1", "H100", 2.0)).unwrap();
    let path = db.path().to_path_buf();
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(b"{\"key\": \"\xff\xfe\"}\n");
    std::fs::write(&path, bytes).unwrap();
    db.insert(record("t2", "H100", 1.0)).unwrap();
    let db = Db::open(&dir).unwrap();
    assert_eq!(db.records().len(), 2);
    assert_eq!(db.skipped.len(), 1);
    assert_eq!(db.skipped[0].line, 2);
    let warning = db.skipped_warning().unwrap();
    assert!(
        warning.contains("1 unreadable line") && warning.contains("UTF-8"),
        "{warning}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn impossible_times_are_refused_on_insert_and_skipped_on_load() {
    let dir = temp_dir("times");
    let mut db = Db::open(&dir).unwrap();
    for bad in [-1.0, 0.0, f64::INFINITY, f64::NAN] {
        assert!(
            db.insert(record("t1", "H100", bad)).is_err(),
            "{bad} accepted"
        );
    }
    db.insert(record("t1", "H100", 2.0)).unwrap();
    let path = db.path().to_path_buf();
    let good = std::fs::read_to_string(&path).unwrap();
    let mut text = good.clone();
    text.push_str(&good.replace("\"time_ms\":2.0", "\"time_ms\":-1.0"));
    text.push_str(&good.replace("\"time_ms\":2.0", "\"time_ms\":0.0"));
    std::fs::write(&path, text).unwrap();
    let db = Db::open(&dir).unwrap();
    assert_eq!(db.records().len(), 1);
    let lines: Vec<usize> = db.skipped.iter().map(|s| s.line).collect();
    assert_eq!(lines, vec![2, 3]);
    assert_eq!(db.best("w1", "H100").map(|r| r.time_ms), Some(2.0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_is_refused_without_blocking() {
    let dir = temp_dir("fifo");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(FILE_NAME);
    let c_path = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let opened = within(10, {
        let dir = dir.clone();
        move || Db::open(&dir).map(|db| db.records().len())
    });
    let err = opened.unwrap_err();
    assert!(err.contains("not a regular file"), "{err}");
    let mut db_less = Db {
        path: path.clone(),
        records: Vec::new(),
        by_key: HashMap::new(),
        skipped: Vec::new(),
    };
    let inserted = within(10, move || db_less.insert(record("t1", "H100", 1.0)));
    assert!(inserted.is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_symlink_to_a_device_is_refused() {
    let dir = temp_dir("zero");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join(FILE_NAME)).unwrap();
    let err = within(10, {
        let dir = dir.clone();
        move || Db::open(&dir).map(|db| db.records().len())
    })
    .unwrap_err();
    assert!(err.contains("not a regular file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
