//! MetaSchedule's database (issue 31 item 6): `tirtui db import` reads the
//! JSONDatabase TVM 0.27 wrote (tests/data/ms_database/, made by
//! scripts/ms_database/make_db.py: TVM's CUDA design spaces of the GEMM and
//! the softmax of tests/data/ms_traces/, random decisions, postprocessors,
//! made-up run times) into sessions that replay to TVM's program, and
//! `tirtui db export` writes a database TVM loads back
//! (scripts/ms_database/check_export.py, run when python3 has TVM; the test
//! says so when it skips that part). Hostile files: every line is parsed on
//! its own into a value or a reason; cycles, exponential sharing, bad
//! base64 and mutated lines never panic or hang.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use tirtui::db::metaschedule::{read_record_line, read_workload_line};
use tirtui::db::tvm_compare::{base64_decode, base64_encode, parse_graph, same_function};
use tirtui::db::{tvm_graph, tvm_trace, Db, Source};
use tirtui::ir::PrimFunc;
use tirtui::script::{parse_func, print_func};
use tirtui::trace::{Session, Trace};

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture() -> PathBuf {
    root().join("tests/data/ms_database")
}

fn workload_path(stem: &str) -> PathBuf {
    root().join(format!("tests/data/ms_traces/{stem}.tir"))
}

fn workload(stem: &str) -> PrimFunc {
    let text = std::fs::read_to_string(workload_path(stem)).unwrap();
    parse_func(&text, None).unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-db-ms-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tirtui(args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(root())
        .args(args)
        .env(
            "TIRTUI_DB",
            std::env::temp_dir().join("tirtui-db-ms-unused"),
        )
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// One record of the fixture's manifest.
struct ManifestRecord {
    /// 1-based line in database_tuning_record.json.
    line: usize,
    workload: String,
    run_secs: Option<Vec<f64>>,
    /// TVM's program after the trace.
    program: Option<String>,
}

fn manifest() -> Vec<ManifestRecord> {
    let text = std::fs::read_to_string(fixture().join("manifest.json")).unwrap();
    let m: Value = serde_json::from_str(&text).unwrap();
    m["records"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, r)| ManifestRecord {
            line: i + 1,
            workload: r["workload"].as_str().unwrap().to_string(),
            run_secs: r["run_secs"]
                .as_array()
                .map(|a| a.iter().map(|x| x.as_f64().unwrap()).collect()),
            program: r["program"].as_str().map(str::to_string),
        })
        .collect()
}

/// The loop nest and blocks of a printed program (as tests/ms_traces.rs):
/// per loop its variable count and range text, per block its name, indented
/// by depth. TVM's `T.sblock` reads as tirtui's `T.block`.
fn skeleton(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("for ") {
            if let Some((vars, range)) = rest.split_once(" in ") {
                let range = range.trim_end_matches(':');
                out.push((
                    indent,
                    format!("for {} in {range}", vars.split(',').count()),
                ));
            }
        } else if let Some(rest) = t
            .strip_prefix("with T.sblock(\"")
            .or_else(|| t.strip_prefix("with T.block(\""))
        {
            let name = rest.split('"').next().unwrap_or("");
            out.push((indent, format!("block {name}")));
        }
    }
    let base = out.iter().map(|(i, _)| *i).min().unwrap_or(0);
    out.into_iter()
        .map(|(i, s)| format!("{}{s}", " ".repeat(i - base)))
        .collect()
}

fn import(stem: &str, out: &Path, db: &Path) -> Output {
    tirtui(&[
        "db",
        "import",
        fixture().to_str().unwrap(),
        "--workload",
        workload_path(stem).to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ])
}

#[test]
fn a_tvm_database_imports_as_sessions_that_replay_to_tvms_program() {
    let dir = temp("import");
    let (out, dbdir) = (dir.join("sessions"), dir.join("db"));
    let records = manifest();
    for stem in ["gemm_f32", "softmax"] {
        let o = import(stem, &out, &dbdir);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let mine: Vec<_> = records
            .iter()
            .filter(|r| r.workload == format!("{stem}.tir"))
            .collect();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(
            stdout.contains(&format!("imported {} records", mine.len())),
            "{}",
            text(&o)
        );
        let func = workload(stem);
        for ManifestRecord {
            line,
            run_secs: secs,
            program,
            ..
        } in mine
        {
            let path = out.join(format!("{stem}_{line}.yaml"));
            let session = Session::load(&path).unwrap_or_else(|e| panic!("{e}"));
            let trace = Trace::replay(func.clone(), &session.steps)
                .unwrap_or_else(|(_, e)| panic!("{}: {e}", path.display()));
            match (secs, program) {
                (Some(secs), Some(program)) => {
                    assert_eq!(
                        skeleton(&print_func(trace.func())),
                        skeleton(program),
                        "{}: not TVM's program",
                        path.display()
                    );
                    let mean = secs.iter().sum::<f64>() / secs.len() as f64 * 1e3;
                    let got = session.results.first().expect("a result").time_ms;
                    assert!((got - mean).abs() <= 1e-9 * mean, "{got} vs {mean}");
                }
                _ => assert!(session.results.is_empty(), "a failed record has no time"),
            }
            // The trace written back in TVM's JSON form reads as the same steps.
            let json = tvm_trace::to_json_trace(&session.steps, &func.name).unwrap();
            let again =
                tirtui::trace::pyscript::read_json_trace(&json.to_string(), func.clone()).unwrap();
            assert_eq!(
                tirtui::db::trace_hash(&again.steps),
                tirtui::db::trace_hash(&session.steps),
                "{}",
                path.display()
            );
        }
    }
    let db = Db::open(&dbdir).unwrap();
    assert_eq!(db.records().len(), records.len());
    assert!(db.records().iter().all(|r| r.source == Source::Import));
    let failed: Vec<_> = db.records().iter().filter(|r| !r.is_good()).collect();
    assert_eq!(failed.len(), 2, "one failed record per workload");
    assert!(failed.iter().all(|r| r
        .error
        .as_deref()
        .is_some_and(|e| e.contains("no run time"))));
    // Importing again adds nothing.
    let o = import("softmax", &out, &dbdir);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("9 already there"),
        "{}",
        text(&o)
    );
    assert_eq!(Db::open(&dbdir).unwrap().records().len(), records.len());
}

#[test]
fn a_database_of_other_workloads_is_refused_with_the_difference() {
    let dir = temp("other");
    let o = tirtui(&[
        "db",
        "import",
        fixture().to_str().unwrap(),
        "--workload",
        "sessions/gemm.tir",
        "--out",
        dir.join("s").to_str().unwrap(),
        "--db",
        dir.join("db").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no workload of") && err.contains("is sessions/gemm.tir (2 lines; line 1"),
        "{}",
        text(&o)
    );
    assert!(!dir.join("s").exists(), "nothing written");
}

/// Imports the fixture, exports it; the export reads back in tirtui with the
/// same traces, and, where python3 has TVM, loads in TVM with its programs.
#[test]
fn an_export_loads_back_in_tirtui_and_in_tvm() {
    let dir = temp("export");
    let dbdir = dir.join("db");
    for stem in ["gemm_f32", "softmax"] {
        let o = import(stem, &dir.join("sessions"), &dbdir);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    }
    let exported = dir.join("exported");
    let o = tirtui(&[
        "db",
        "export",
        "--out",
        exported.to_str().unwrap(),
        "--db",
        dbdir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let good = manifest().iter().filter(|r| r.run_secs.is_some()).count();
    assert!(
        String::from_utf8_lossy(&o.stdout)
            .contains(&format!("wrote {good} records of 2 workloads")),
        "{}",
        text(&o)
    );
    // Back into a fresh tirtui database: the same traces.
    let again = dir.join("db2");
    for stem in ["gemm_f32", "softmax"] {
        let o = tirtui(&[
            "db",
            "import",
            exported.to_str().unwrap(),
            "--workload",
            workload_path(stem).to_str().unwrap(),
            "--out",
            dir.join("sessions2").to_str().unwrap(),
            "--db",
            again.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    }
    let traces = |d: &Path| {
        let mut v: Vec<String> = Db::open(d)
            .unwrap()
            .records()
            .iter()
            .filter(|r| r.is_good())
            .map(|r| format!("{} {} {:.6}", r.workload_hash, r.trace_hash, r.time_ms))
            .collect();
        v.sort();
        v
    };
    assert_eq!(traces(&dbdir), traces(&again));
    // Only one workload's records with --workload.
    let one = dir.join("one");
    let o = tirtui(&[
        "db",
        "export",
        "--out",
        one.to_str().unwrap(),
        "--workload",
        workload_path("softmax").to_str().unwrap(),
        "--db",
        dbdir.to_str().unwrap(),
    ]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("wrote 8 records of 1 workload "),
        "{}",
        text(&o)
    );
    check_in_tvm(&exported);
}

fn python_has_tvm() -> bool {
    Command::new("python3")
        .args(["-c", "import tvm.s_tir.meta_schedule"])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn check_in_tvm(exported: &Path) {
    if !python_has_tvm() {
        eprintln!(
            "SKIPPED: loading the export in TVM (python3 has no TVM 0.27; pip install apache-tvm)"
        );
        return;
    }
    let o = Command::new("python3")
        .current_dir(root())
        .arg("scripts/ms_database/check_export.py")
        .arg(exported)
        .arg("tests/data/ms_traces/gemm_f32.tir")
        .arg("tests/data/ms_traces/softmax.tir")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    let records = report["records"].as_array().unwrap();
    let manifest = manifest();
    assert_eq!(
        records.len(),
        manifest.iter().filter(|r| r.run_secs.is_some()).count()
    );
    for w in ["gemm_f32", "softmax"] {
        let entry = &report["workloads"][format!("tests/data/ms_traces/{w}.tir")];
        assert_eq!(entry["has_workload"], true, "{report}");
        assert!(entry["best_run_secs"].is_array(), "{report}");
    }
    // Each trace applied in TVM gives the program TVM recorded for it.
    for r in records {
        let secs = r["run_secs"][0].as_f64().unwrap();
        let program = r["program"].as_str().unwrap();
        let want = manifest
            .iter()
            .find(|m| {
                m.run_secs.as_ref().is_some_and(|s| {
                    let mean = s.iter().sum::<f64>() / s.len() as f64;
                    (mean - secs).abs() <= 1e-12
                        && r["workload"].as_str().unwrap().ends_with(&m.workload)
                })
            })
            .unwrap_or_else(|| panic!("no manifest record with run_secs {secs}"));
        assert_eq!(
            skeleton(program),
            skeleton(want.program.as_deref().unwrap()),
            "run_secs {secs}"
        );
    }
    eprintln!("checked in TVM: {} records load and apply", records.len());
}

#[test]
fn every_shipped_workload_writes_as_tvms_graph_and_matches_itself() {
    for entry in std::fs::read_dir(root().join("sessions")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "tir") {
            continue;
        }
        // As a session reads it: a SparseTIR workload is lowered to TIR first.
        let text = std::fs::read_to_string(&path).unwrap();
        let func = tirtui::session::parse_workload(&path.display().to_string(), &text, None)
            .unwrap_or_else(|e| panic!("{e}"));
        let graph =
            tvm_graph::module_graph(&func).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let g = parse_graph(&graph.to_string()).unwrap();
        let (_, f) = g.functions().unwrap()[0].clone();
        same_function(&g, f, &g, f).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

#[test]
fn base64_round_trips_and_names_bad_bytes() {
    for len in 0..40usize {
        let bytes: Vec<u8> = (0..len).map(|i| (i * 37 % 256) as u8).collect();
        assert_eq!(base64_decode(&base64_encode(&bytes)).unwrap(), bytes);
    }
    assert_eq!(base64_encode(b"Man"), "TWFu");
    assert_eq!(base64_encode(b"Ma"), "TWE=");
    let e = base64_decode("TW!u").unwrap_err();
    assert!(e.contains("offset 2"), "{e}");
    assert!(base64_decode("T").is_err());
    assert!(base64_decode("TWE===").is_err());
}

/// A workload line around a graph's JSON text.
fn workload_line(graph: &str) -> String {
    let mut bytes = (graph.len() as u64).to_le_bytes().to_vec();
    bytes.extend_from_slice(graph.as_bytes());
    serde_json::json!(["1", base64_encode(&bytes)]).to_string()
}

#[test]
fn hostile_workload_lines_are_refused_with_the_reason() {
    let cases: &[(&str, &str)] = &[
        ("", "not JSON"),
        ("[]", "a workload line is"),
        ("[\"1\", 5]", "a workload line is"),
        ("[\"1\", \"!!!!\"]", "not base64"),
        ("[\"1\", \"TWFu\"]", "shorter than its 8-byte length"),
    ];
    for (line, want) in cases {
        let e = read_workload_line(line).unwrap_err();
        assert!(e.contains(want), "{line}: {e}");
    }
    let mut wrong_len = 5u64.to_le_bytes().to_vec();
    wrong_len.extend_from_slice(b"{}");
    let line = serde_json::json!(["1", base64_encode(&wrong_len)]).to_string();
    assert!(read_workload_line(&line)
        .unwrap_err()
        .contains("says it is 5 bytes long but holds 2"));
    for (graph, want) in [
        (r#"{"nodes": [], "root_index": 0}"#, "names no node"),
        (r#"{"nodes": [{"type": "None"}]}"#, "names no node"),
        (r#"{"root_index": 0}"#, "no `nodes`"),
        (
            r#"{"root_index": 0, "nodes": [{"type": "ffi.Array", "data": [7]}]}"#,
            "refers to 7, not a node",
        ),
        (
            r#"{"root_index": 0, "nodes": [{"data": 1}]}"#,
            "node 0 has no `type`",
        ),
    ] {
        let e = read_workload_line(&workload_line(graph)).unwrap_err();
        assert!(e.contains(want), "{graph}: {e}");
    }
    // Not a module at the root.
    let w = read_workload_line(&workload_line(
        r#"{"root_index": 0, "nodes": [{"type": "None"}]}"#,
    ))
    .unwrap();
    assert!(w
        .graph
        .functions()
        .unwrap_err()
        .contains("not an `ir.IRModule`"));
}

#[test]
fn cyclic_and_exponentially_shared_graphs_end_with_a_reason() {
    // A statement that holds itself: a cycle.
    let cyclic = r#"{"root_index": 3, "nodes": [{"type": "None"},
        {"type": "tirx.SeqStmt", "data": {"span": 0, "seq": 2}},
        {"type": "ffi.Array", "data": [1]},
        {"type": "ffi.Map", "data": []}]}"#;
    let g = parse_graph(cyclic).unwrap();
    let e = same_function(&g, 1, &g, 1).unwrap_err();
    assert!(e.contains("nested deeper"), "{e}");
    // Each array holds the one before it twice: 2^60 paths through 61 nodes.
    let mut nodes = vec![r#"{"type": "ffi.Array", "data": []}"#.to_string()];
    for k in 1..=60 {
        nodes.push(format!(
            r#"{{"type": "ffi.Array", "data": [{}, {}]}}"#,
            k - 1,
            k - 1
        ));
    }
    let text = format!(r#"{{"root_index": 60, "nodes": [{}]}}"#, nodes.join(","));
    let g = parse_graph(&text).unwrap();
    let started = std::time::Instant::now();
    let e = same_function(&g, 60, &g, 60).unwrap_err();
    assert!(e.contains("steps"), "{e}");
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

#[test]
fn hostile_record_lines_are_refused_with_the_reason() {
    let trace = r#"[[["EnterPostproc", [], [], []]], []]"#;
    let cases = [
        ("[0]".to_string(), "a record line is"),
        (
            format!("[5, [{trace}, [1e-5], {{}}, []]]"),
            "names no workload",
        ),
        (
            format!("[-1, [{trace}, [1e-5], {{}}, []]]"),
            "names no workload",
        ),
        (
            format!("[0, [{trace}, \"x\", {{}}, []]]"),
            "not a list of seconds",
        ),
        (format!("[0, [{trace}, [\"x\"], {{}}, []]]"), "not a number"),
        (
            format!("[0, [{trace}, [1e-5], 3, []]]"),
            "target is not a JSON object",
        ),
        (format!("[0, [{trace}, [1e-5]]]"), "a record line is"),
    ];
    for (line, want) in &cases {
        let e = read_record_line(line, 2).unwrap_err();
        assert!(e.contains(want), "{line}: {e}");
    }
    for (secs, want) in [
        ("[-1e-5]", "not a positive, finite time"),
        ("[0]", "not a positive, finite time"),
        ("[1e10]", "failed run"),
        ("[]", "no run time"),
        ("null", "no run time"),
    ] {
        let line = format!("[0, [{trace}, {secs}, {{\"kind\": \"cuda\"}}, []]]");
        let r = read_record_line(&line, 1).unwrap();
        let e = r.mean_ms().unwrap_err();
        assert!(e.contains(want), "{secs}: {e}");
    }
    // Control characters in a target do not reach the terminal.
    let line = format!("[0, [{trace}, [1e-5], {{\"kind\": \"cu\\u001b[2Jda\"}}, []]]");
    let r = read_record_line(&line, 1).unwrap();
    assert_eq!(r.target_name(), "cu[2Jda");
}

/// Bad lines among good ones cost those lines: a warning with the file's
/// line number, the rest imported.
#[test]
fn bad_lines_are_skipped_with_their_line_numbers() {
    let dir = temp("badlines");
    let db_in = dir.join("in");
    std::fs::create_dir_all(&db_in).unwrap();
    let workloads = std::fs::read_to_string(fixture().join("database_workload.json")).unwrap();
    // The softmax's workload line torn: it is line 2 and no longer readable.
    let first = workloads.lines().next().unwrap();
    let torn = &workloads.lines().nth(1).unwrap()[..500];
    std::fs::write(
        db_in.join("database_workload.json"),
        format!("{first}\n{torn}\n"),
    )
    .unwrap();
    let records = std::fs::read_to_string(fixture().join("database_tuning_record.json")).unwrap();
    let mut lines: Vec<String> = records.lines().map(str::to_string).collect();
    lines.insert(2, "[0, not json".into());
    lines.insert(3, "\u{1b}[31m".into());
    // A trace that does not replay: a block the GEMM does not have.
    lines.insert(
        4,
        r#"[0, [[[["GetSBlock", [], ["nope", "main"], ["b0"]]], []], [1e-5], {"kind": "cuda"}, []]]"#
            .into(),
    );
    std::fs::write(db_in.join("database_tuning_record.json"), lines.join("\n")).unwrap();
    let o = tirtui(&[
        "db",
        "import",
        db_in.to_str().unwrap(),
        "--workload",
        workload_path("gemm_f32").to_str().unwrap(),
        "--out",
        dir.join("s").to_str().unwrap(),
        "--db",
        dir.join("db").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    for want in [
        "database_workload.json:2: not JSON",
        "database_tuning_record.json:3: not JSON",
        "database_tuning_record.json:4: not JSON",
        "database_tuning_record.json:5: the trace does not replay",
    ] {
        assert!(err.contains(want), "{want}\n{}", text(&o));
    }
    assert!(!err.contains('\u{1b}'), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    // 7 GEMM records; the softmax's 9 name a workload line that did not read.
    assert!(
        out.contains("imported 7 records") && out.contains("1 skipped"),
        "{}",
        text(&o)
    );
}

#[test]
fn a_fifo_in_place_of_a_database_file_is_refused_without_blocking() {
    let dir = temp("fifo");
    let fifo = dir.join("database_workload.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    std::fs::copy(
        fixture().join("database_tuning_record.json"),
        dir.join("database_tuning_record.json"),
    )
    .unwrap();
    let o = tirtui(&[
        "db",
        "import",
        dir.to_str().unwrap(),
        "--workload",
        workload_path("gemm_f32").to_str().unwrap(),
        "--out",
        dir.join("s").to_str().unwrap(),
        "--db",
        dir.join("db").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("is not a regular file"),
        "{}",
        text(&o)
    );
}

/// Random mutations of the real lines (byte flips, cuts, repeats):
/// every one is read into a value or a reason, compared or replayed, and
/// none panics. `TIRTUI_FUZZ_CASES` sets how many (default 300).
#[test]
fn mutated_lines_never_panic() {
    let cases: usize = std::env::var("TIRTUI_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let func = workload("gemm_f32");
    let ours = parse_graph(&tvm_graph::module_graph(&func).unwrap().to_string()).unwrap();
    let our_f = ours.functions().unwrap()[0].1;
    let workloads = std::fs::read_to_string(fixture().join("database_workload.json")).unwrap();
    let records = std::fs::read_to_string(fixture().join("database_tuning_record.json")).unwrap();
    // The decoded module too: mutating its JSON reaches the graph reader.
    let w0 = workloads.lines().next().unwrap();
    let b64: Value = serde_json::from_str(w0).unwrap();
    let module = base64_decode(b64[1].as_str().unwrap()).unwrap()[8..].to_vec();
    let seeds: Vec<Vec<u8>> = vec![
        w0.as_bytes().to_vec(),
        module,
        records.lines().next().unwrap().as_bytes().to_vec(),
        records.lines().nth(3).unwrap().as_bytes().to_vec(),
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut read, mut refused) = (0, 0);
    for case in 0..cases {
        let which = case % seeds.len();
        let mut bytes = seeds[which].clone();
        for _ in 0..1 + next() % 4 {
            let at = (next() as usize) % bytes.len().max(1);
            match next() % 4 {
                0 => bytes[at] = next() as u8,
                1 => bytes.truncate(at),
                2 => {
                    let piece = bytes[at..].to_vec();
                    bytes.extend_from_slice(&piece[..piece.len().min(64)]);
                }
                _ => {
                    if let Some(b) = bytes.get_mut(at) {
                        *b = b"[]{},:\"0123456789"[(next() % 17) as usize];
                    }
                }
            }
        }
        // Every other round mutates a value inside the JSON instead of bytes,
        // so the graph reader and the trace replay see well-formed input.
        if (case / seeds.len()) % 2 == 1 && which != 0 {
            if let Ok(mut v) = serde_json::from_slice::<Value>(&seeds[which]) {
                for _ in 0..1 + next() % 3 {
                    mutate_value(&mut v, &mut next);
                }
                bytes = v.to_string().into_bytes();
            }
        }
        let Ok(text) = std::str::from_utf8(&bytes) else {
            refused += 1;
            continue;
        };
        let outcome = match which {
            0 => read_workload_line(text).and_then(|w| {
                let fs = w.graph.functions()?;
                for (_, f) in fs {
                    let _ = same_function(&w.graph, f, &ours, our_f);
                }
                Ok(())
            }),
            1 => workload_line_of(text).and_then(|w| {
                for (_, f) in w.graph.functions()? {
                    let _ = same_function(&w.graph, f, &ours, our_f);
                }
                Ok(())
            }),
            _ => read_record_line(text, 2).and_then(|r| {
                let _ = r.mean_ms();
                tirtui::trace::pyscript::read_json_trace(&r.trace.to_string(), func.clone())
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }),
        };
        match outcome {
            Ok(()) => read += 1,
            Err(_) => refused += 1,
        }
    }
    eprintln!("{cases} mutated lines: {read} read, {refused} refused with a reason");
    assert_eq!(read + refused, cases);
}

/// Replaces one value somewhere in `v` (a random path down arrays and
/// objects) by a hostile one: another node's index, a negative or huge
/// number, a string, null, an empty list, or a copy of a sibling.
fn mutate_value(v: &mut Value, next: &mut impl FnMut() -> u64) {
    let mut at = v;
    loop {
        let len = match at {
            Value::Array(a) => a.len(),
            Value::Object(o) => o.len(),
            _ => 0,
        };
        if len == 0 || next().is_multiple_of(4) {
            break;
        }
        let k = (next() as usize) % len;
        at = match at {
            Value::Array(a) => &mut a[k],
            Value::Object(o) => o.values_mut().nth(k).unwrap(),
            _ => unreachable!(),
        };
    }
    *at = match next() % 8 {
        0 => Value::from(next() % 400),
        1 => Value::from(-1),
        2 => Value::from(1e308),
        3 => Value::from("x"),
        4 => Value::Null,
        5 => Value::Array(Vec::new()),
        6 => Value::from(i64::MAX),
        _ => Value::from(next() % 5),
    };
}

fn workload_line_of(module_json: &str) -> Result<tirtui::db::metaschedule::TvmWorkload, String> {
    read_workload_line(&workload_line(module_json))
}
