//! Python traces are sessions too: what TVM 0.27's `print(sch.trace)` writes
//! and plain `sch.<op>(...)` scripts replay headless (`tirtui replay trace.py
//! --workload W.tir`) into the program TVM makes, and a line that cannot apply
//! is named by its line number.

use std::path::{Path, PathBuf};
use std::process::Command;

use tirtui::interp::{random_args, run};
use tirtui::ir::PrimFunc;
use tirtui::script::{parse_func, print_func};
use tirtui::trace::pyscript::{read_trace_file, PyFailure};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/python_traces")
        .join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

fn workload() -> PrimFunc {
    parse_func(&read("gemm64.tir"), None).unwrap()
}

/// The scheduled program computes what the workload does (same inputs).
fn same_results(scheduled: &PrimFunc) {
    let w = workload();
    let mut want = random_args(&w, 11).unwrap();
    run(&w, &mut want).unwrap();
    let mut got = random_args(scheduled, 11).unwrap();
    run(scheduled, &mut got).unwrap();
    assert_eq!(got[2].to_f64_vec(), want[2].to_f64_vec());
}

#[test]
fn a_trace_as_tvm_prints_it_replays_into_tvms_program() {
    let trace = read_trace_file(&read("tvm_printed_trace.py"), workload()).unwrap();
    // 13 schedule calls: the `def` line and the import comment make no step.
    assert_eq!(trace.steps.len(), 13);
    let sampled = &trace.steps[2];
    assert_eq!(sampled.op, "sample_perfect_tile");
    // TVM 0.27 gives this program for the same trace (checked with
    // `tvm.ir.assert_structural_equal` when the file was written).
    insta::assert_snapshot!(print_func(trace.func()));
    same_results(trace.func());
}

const USER_SCRIPT: &str = r#"
import tvm
from tvm import s_tir

sch = tvm.s_tir.Schedule(mod)
b = sch.get_sblock("C")
loops = sch.get_loops(b)
i, j = loops[0], loops[1]
BJ = 8
io, ii = sch.split(i, factors=[None, 16])
jo, ji = sch.split(j, [None, BJ])
sch.reorder(io, jo,
            ii, ji)   # a call over two lines
sch.bind(io, "blockIdx.x"); sch.bind(jo, "blockIdx.y")
sch.bind(sch.get_loops(b)[2], "threadIdx.x")
print(sch.mod.script())
"#;

#[test]
fn a_plain_script_with_python_around_the_calls_replays() {
    let trace = read_trace_file(USER_SCRIPT, workload()).unwrap();
    let ops: Vec<&str> = trace.steps.iter().map(|s| s.op.as_str()).collect();
    assert_eq!(
        ops,
        [
            "get_block",
            "get_loops",
            "split",
            "split",
            "reorder",
            "bind",
            "bind",
            "get_loops",
            "bind"
        ]
    );
    let text = print_func(trace.func());
    assert!(
        text.contains("T.thread_binding(16, thread=\"threadIdx.x\")"),
        "{text}"
    );
    same_results(trace.func());
}

#[test]
fn a_line_that_does_not_apply_is_named_by_its_number() {
    let src = USER_SCRIPT.replace("sch.reorder(io, jo,", "sch.reorder(io, nowhere,");
    let e = read_trace_file(&src, workload()).unwrap_err();
    assert_eq!(e.line, 12, "{e}");
    assert!(e.text.starts_with("sch.reorder(io, nowhere,"), "{}", e.text);
    assert!(matches!(e.failure, PyFailure::Step(_)), "{e}");

    let e = read_trace_file("b = sch.get_sblock('C')\nsch.splitt(b)\n", workload()).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("unknown primitive `splitt`"), "{e}");

    let e = read_trace_file(
        "b = sch.get_sblock('C')\nfor l in sch.get_loops(b):\n    sch.parallel(l)\n",
        workload(),
    )
    .unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("`for` is not supported"), "{e}");
}

fn tirtui(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn replay_takes_a_python_trace_and_its_workload() {
    let trace = data("tvm_printed_trace.py");
    let w = data("gemm64.tir");
    let (code, tir, err) = tirtui(&[
        "replay",
        trace.to_str().unwrap(),
        "--workload",
        w.to_str().unwrap(),
        "--emit",
        "tir",
    ]);
    assert_eq!(code, 0, "{err}");
    let lib = read_trace_file(&read("tvm_printed_trace.py"), workload()).unwrap();
    assert_eq!(tir.trim_end(), print_func(lib.func()).trim_end());

    let (code, _, err) = tirtui(&["replay", trace.to_str().unwrap(), "--emit", "tir"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("name the workload it schedules with --workload"),
        "{err}"
    );

    let bad = std::env::temp_dir().join(format!("tirtui-bad-trace-{}.py", std::process::id()));
    std::fs::write(
        &bad,
        "b0 = sch.get_sblock(name=\"C\")\nsch.split(b0, [None, 4])\n",
    )
    .unwrap();
    let (code, _, err) = tirtui(&[
        "replay",
        bad.to_str().unwrap(),
        "--workload",
        w.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(":2: `sch.split(b0, [None, 4])`"), "{err}");
}

#[test]
fn every_shipped_session_exported_to_python_reads_back_into_the_same_program() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir("sessions")
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 30);
    for path in paths {
        let what = path.display().to_string();
        let session = tirtui::trace::Session::load(&path).unwrap();
        let (name, text) = session.workload_source(Some(&path)).unwrap();
        let func = parse_func(&text, session.func.as_deref())
            .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
        let mut trace = tirtui::trace::Trace::new(func.clone());
        for step in &session.steps {
            trace.push(step.clone()).unwrap();
        }
        let python = tirtui::trace::python::to_python(&session.steps, &what).unwrap();
        let back = read_trace_file(&python, func).unwrap_or_else(|e| {
            panic!(
                "{what}: the exported script does not read back: {}\n{python}",
                e.message()
            )
        });
        assert_eq!(
            print_func(back.func()),
            print_func(trace.func()),
            "{what}: the exported script reads back into another program"
        );
    }
}
