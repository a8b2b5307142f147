//! Issue 16, "no crash, hang or runaway memory on any input": one regression
//! test per reproduced case. Library-level where the fault was in the library,
//! the built binary where it was in reading files.

// `Trace::replay`'s error carries the trace (as the library returns it).
#![allow(clippy::result_large_err)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tirtui::schedule::limits::{MAX_LOOP_NEST, MAX_NAME_LEN, MAX_SPLIT_FACTORS};
use tirtui::trace::{Session, StepError, Trace};

fn workload(extent: &str) -> String {
    format!(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef f(A: T.Buffer(({extent},), \"float32\"), B: T.Buffer(({extent},), \"float32\")):\n    for i in range({extent}):\n        with T.block(\"B\"):\n            vi = T.axis.spatial({extent}, i)\n            B[vi] = A[vi] + T.float32(1)\n"
    )
}

const GEMM: &str = "from tvm.script import tir as T\n\n@T.prim_func\ndef gemm(A: T.Buffer((64, 64), \"float32\"), B: T.Buffer((64, 64), \"float32\"), C: T.Buffer((64, 64), \"float32\")):\n    for i, j, k in T.grid(64, 64, 64):\n        with T.block(\"C\"):\n            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n            with T.init():\n                C[vi, vj] = T.float32(0)\n            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n";

/// A session over inline `source` with the given step lines.
fn session(source: &str, steps: &[String]) -> Session {
    let mut yaml = String::from("tirtui: 1\nsource: |\n");
    for line in source.lines() {
        yaml.push_str("  ");
        yaml.push_str(line);
        yaml.push('\n');
    }
    yaml.push_str("steps:\n");
    for s in steps {
        yaml.push_str("  - ");
        yaml.push_str(s);
        yaml.push('\n');
    }
    Session::from_yaml(&yaml, "test.yaml").unwrap_or_else(|e| panic!("{e}"))
}

fn replay(source: &str, steps: &[String]) -> Result<Trace, (Trace, StepError)> {
    let s = session(source, steps);
    let func = tirtui::script::parse_func(source, None).unwrap();
    Trace::replay(func, &s.steps)
}

fn steps(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

fn failure(res: Result<Trace, (Trace, StepError)>) -> (usize, String) {
    match res {
        Ok(t) => panic!(
            "expected a failing step; all applied:\n{}",
            tirtui::script::print_func(t.func())
        ),
        Err((_, e)) => (e.step, e.to_string()),
    }
}

// ------------------------------------------------------------ sampling

#[test]
fn sample_perfect_tile_on_a_loop_of_extent_zero_is_an_error() {
    let (step, msg) = failure(replay(
        &workload("0"),
        &steps(&[
            "{op: get_block, name: B, out: b}",
            "{op: get_loops, block: b, out: [i]}",
            "{op: sample_perfect_tile, loop: i, n: 2, out: [t0, t1]}",
        ]),
    ));
    assert_eq!(step, 3);
    assert!(msg.contains("extent 0"), "{msg}");
}

#[test]
fn sample_perfect_tile_on_huge_extents_samples_a_perfect_tile() {
    // 10**11 (many divisors) and the largest prime below 2**63: each used to
    // run a trial division per candidate divisor, up to the extent.
    for (extent, value) in [
        ("T.int64(100000000000)", 100_000_000_000i64),
        ("T.int64(9223372036854775783)", 9_223_372_036_854_775_783),
        ("T.int64(4611686014132420609)", 4_611_686_014_132_420_609), // (2**31 - 1)**2
    ] {
        let trace = replay(
            &workload(extent),
            &steps(&[
                "{op: get_block, name: B, out: b}",
                "{op: get_loops, block: b, out: [i]}",
                "{op: sample_perfect_tile, loop: i, n: 4, max_innermost_factor: 0, out: [a, b2, c, d]}",
                "{op: split, loop: i, factors: [a, b2, c, d]}",
            ]),
        )
        .unwrap_or_else(|(_, e)| panic!("{e}"));
        let tirtui::trace::Arg::List(d) = trace.steps[2].arg("decision").unwrap() else {
            panic!("no decision recorded");
        };
        let product = d.iter().try_fold(1i64, |acc, a| match a {
            tirtui::trace::Arg::Int(v) => acc.checked_mul(*v),
            _ => None,
        });
        assert_eq!(product, Some(value), "{d:?}");
    }
}

#[test]
fn sample_perfect_tile_with_a_huge_n_is_an_error() {
    let (step, msg) = failure(replay(
        &workload("16"),
        &steps(&[
            "{op: get_block, name: B, out: b}",
            "{op: get_loops, block: b, out: [i]}",
            "{op: sample_perfect_tile, loop: i, n: 9223372036854775807, out: [t]}",
        ]),
    ));
    assert_eq!(step, 3);
    assert!(
        msg.contains(&format!("at most {MAX_SPLIT_FACTORS}")),
        "{msg}"
    );
}

// ------------------------------------------------------------ split / fuse

#[test]
fn split_with_an_inferred_factor_next_to_a_huge_one_does_not_overflow() {
    // `extent + known - 1` overflowed: a panic in debug, a negative product in release.
    let (step, msg) = failure(replay(
        &workload("1024"),
        &steps(&[
            "{op: get_block, name: B, out: b}",
            "{op: get_loops, block: b, out: [i]}",
            "{op: split, loop: i, factors: [null, 9223372036854775807], out: [o, n]}",
        ]),
    ));
    assert_eq!(step, 3);
    assert!(
        msg.contains("does not fit") && msg.contains("int32"),
        "{msg}"
    );
    // In an int64 loop the same split is valid: one outer iteration.
    let trace = replay(
        &workload("T.int64(1024)"),
        &steps(&[
            "{op: get_block, name: B, out: b}",
            "{op: get_loops, block: b, out: [i]}",
            "{op: split, loop: i, factors: [null, 9223372036854775807], out: [o, n]}",
        ]),
    )
    .unwrap_or_else(|(_, e)| panic!("{e}"));
    let printed = tirtui::script::print_func(trace.func());
    assert!(
        // int64 extents print as TVM prints them (issue 28 item 6).
        printed.contains("T.grid(T.int64(1), T.int64(9223372036854775807))"),
        "{printed}"
    );
}

#[test]
fn split_into_thousands_of_factors_is_refused_at_once() {
    // 1,000 factors took 2 s (cubic), 20,000 overflowed the stack.
    for n in [MAX_SPLIT_FACTORS + 1, 1_000, 20_000] {
        let factors = vec!["1"; n].join(", ");
        let (step, msg) = failure(replay(
            &workload("16"),
            &[
                "{op: get_block, name: B, out: b}".to_string(),
                "{op: get_loops, block: b, out: [i]}".to_string(),
                format!("{{op: split, loop: i, factors: [{factors}]}}"),
            ],
        ));
        assert_eq!(step, 3);
        assert!(
            msg.contains(&format!("at most {MAX_SPLIT_FACTORS}")),
            "{msg}"
        );
    }
}

#[test]
fn ten_thousand_add_unit_loops_stop_at_the_nesting_limit() {
    let mut lines = steps(&["{op: get_block, name: B, out: b}"]);
    lines.extend((0..10_000).map(|_| "{op: add_unit_loop, block_or_loop: b}".to_string()));
    let (step, msg) = failure(replay(&workload("16"), &lines));
    // One loop is there already; MAX_LOOP_NEST - 1 more fit.
    assert_eq!(step, 1 + MAX_LOOP_NEST);
    assert!(msg.contains(&format!("at most {MAX_LOOP_NEST}")), "{msg}");
}

#[test]
fn chained_splits_stop_at_the_nesting_limit() {
    // 500 chained `split [null, 1]` took 19 s.
    let mut lines = steps(&[
        "{op: get_block, name: B, out: b}",
        "{op: get_loops, block: b, out: [l0]}",
    ]);
    for k in 0..500 {
        lines.push(format!(
            "{{op: split, loop: l{k}, factors: [null, 1], out: [o{k}, l{}]}}",
            k + 1
        ));
    }
    let (step, msg) = failure(replay(&workload("16"), &lines));
    assert_eq!(step, 2 + MAX_LOOP_NEST);
    assert!(msg.contains("nest"), "{msg}");
}

#[test]
fn repeated_fuse_and_split_keep_names_short() {
    // Each fuse joined the names of the loops it fused: 45 rounds took 1.2 GB.
    let mut lines = steps(&[
        "{op: get_block, name: C, out: b}",
        "{op: get_loops, block: b, out: [i, j, k]}",
        "{op: fuse, loops: [i, j], out: f0}",
    ]);
    // 16 rounds: without the bound the longest name is 1.3 MB.
    for r in 0..16 {
        lines.push(format!(
            "{{op: split, loop: f{r}, factors: [null, 2], out: [a{r}, b{r}]}}"
        ));
        lines.push(format!(
            "{{op: fuse, loops: [a{r}, b{r}], out: f{}}}",
            r + 1
        ));
    }
    let trace = replay(GEMM, &lines).unwrap_or_else(|(_, e)| panic!("{e}"));
    let func = trace.func();
    let longest = (0..func.vars.len())
        .map(|v| func.var_name(tirtui::ir::VarId(v as u32)).len())
        .max()
        .unwrap();
    assert!(longest <= MAX_NAME_LEN, "a name of {longest} bytes");
    assert!(tirtui::script::print_func(func).len() < 20_000);
}

// ------------------------------------------------------------ the front end

#[test]
fn out_of_range_typed_literals_are_errors() {
    for (lit, needle) in [
        ("T.int8(300)", "300 is out of range for int8"),
        (
            "T.int32(4294967297)",
            "4294967297 is out of range for int32",
        ),
        ("T.uint8(-1)", "-1 is out of range for uint8"),
    ] {
        let src = workload("16").replace("T.float32(1)", &format!("T.float32({lit})"));
        let e = tirtui::script::parse_func(&src, None).unwrap_err();
        assert!(e.message.contains(needle), "{lit}: {}", e.message);
    }
    let ok = workload("16").replace("T.float32(1)", "T.float32(T.int8(-128))");
    tirtui::script::parse_func(&ok, None).unwrap();
}

#[test]
fn hex_and_unicode_escapes_make_print_idempotent() {
    let src = workload("16").replace("T.block(\"B\")", "T.block(\"B\\x01\\u00e9\")");
    let func = tirtui::script::parse_func(&src, None).unwrap();
    assert!(func.blocks().iter().any(|b| b.name == "B\u{1}é"));
    let once = tirtui::script::print_func(&func);
    let twice = tirtui::script::print_func(&tirtui::script::parse_func(&once, None).unwrap());
    assert_eq!(once, twice);
}

#[test]
fn a_byte_order_mark_before_a_session_is_accepted() {
    let text = format!("\u{feff}{}", session(&workload("4"), &[]).to_yaml());
    let s = Session::from_yaml(&text, "bom.yaml").unwrap_or_else(|e| panic!("{e}"));
    assert!(s.steps.is_empty());
}

#[test]
fn did_you_mean_on_a_huge_identifier_answers_at_once() {
    // 100k characters took 38 s (edit distance against every candidate).
    let name = "x".repeat(100_000);
    let src = workload("16").replace("T.float32(1)", &format!("T.{name}(1)"));
    let e = tirtui::script::parse_func(&src, None).unwrap_err();
    assert!(e.message.contains("unknown"), "{}", e.message);
}

// ------------------------------------------------------------ the binary

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tirtui"))
}

/// Runs the binary, killing it if it has not finished in `limit`.
fn run_bounded(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tirtui {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-robust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn devices_and_fifos_are_refused_not_read() {
    let limit = Duration::from_secs(20);
    let out = run_bounded(&["print", "/dev/zero"], limit);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("character device"), "{err}");

    let dir = scratch("fifo");
    let fifo = dir.join("w.tir");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let out = run_bounded(&["print", fifo.to_str().unwrap()], limit);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("FIFO"), "{err}");

    for target in ["/dev/zero", "/dev/urandom", fifo.to_str().unwrap()] {
        let session = dir.join("s.yaml");
        std::fs::write(
            &session,
            format!("tirtui: 1\nworkload: {target}\nsteps: []\n"),
        )
        .unwrap();
        let out = run_bounded(&["replay", session.to_str().unwrap()], limit);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{target}: {err}");
        assert!(err.contains("not a regular file"), "{target}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn oversized_workloads_are_refused() {
    let dir = scratch("big");
    let big = dir.join("big.tir");
    let mut text = workload("4");
    text.push_str(&"#".repeat((tirtui::input::MAX_INPUT_BYTES + 1) as usize));
    std::fs::write(&big, text).unwrap();
    let out = run_bounded(&["print", big.to_str().unwrap()], Duration::from_secs(20));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("larger than 16 MiB"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn control_characters_in_input_are_not_echoed_raw() {
    let dir = scratch("ctl");
    let path = dir.join("w.tir");
    let src = workload("4").replace("T.float32(1)", "T.fl\u{1b}]0;pwned\u{7}oat(1)");
    std::fs::write(&path, src).unwrap();
    let out = run_bounded(&["print", path.to_str().unwrap()], Duration::from_secs(20));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        !err.chars().any(|c| c.is_control() && c != '\n'),
        "raw control characters in {err:?}"
    );
    assert!(err.contains('\u{241b}'), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_session_file_with_a_byte_order_mark_replays() {
    let dir = scratch("bom");
    let path = dir.join("s.yaml");
    let yaml = session(
        &workload("4"),
        &steps(&["{op: get_block, name: B, out: b}"]),
    )
    .to_yaml();
    std::fs::write(&path, format!("\u{feff}{yaml}")).unwrap();
    let out = run_bounded(
        &["replay", path.to_str().unwrap(), "--emit", "tir"],
        Duration::from_secs(20),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_explorer_opens_zero_and_huge_extents() {
    // The palette's dry run of sample_perfect_tile indexed an empty list on a
    // loop of extent 0 (exit 101 on open) and tried every divisor of 10**11.
    let dir = scratch("tui");
    for (name, extent) in [("zero.tir", "0"), ("huge.tir", "T.int64(100000000000)")] {
        let path = dir.join(name);
        std::fs::write(&path, workload(extent)).unwrap();
        let mut h = tirtui::tui::headless::Headless::open(&path, 120, 40)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        // The cursor starts on the loop; the palette dry-runs every primitive on it.
        assert!(h.screen().contains("✓ parallel loop"), "{}", h.screen());
        for keys in ["j", "k"] {
            h.keys(keys).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn replay_and_the_explorer_refuse_a_device_given_as_the_session() {
    // The check "is this a workload given where a session belongs" read the
    // whole file first: `replay /dev/zero` read without end.
    let out = run_bounded(&["replay", "/dev/zero"], Duration::from_secs(20));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    let e = tirtui::tui::headless::Headless::open(std::path::Path::new("/dev/zero"), 80, 24)
        .err()
        .expect("/dev/zero is not a workload");
    assert!(e.contains("not a regular file"), "{e}");
}
