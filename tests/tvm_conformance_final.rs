//! Issue 28's last conformance gaps (TVM 0.27's schedule tests as sessions).
//!
//! Which function of a module a schedule works on, as TVM's `Schedule`
//! chooses it (`test_tir_schedule_utilities.py::test_tir_schedule_work_on`):
//! `main`, else the only function, else none until `work_on` names one; a
//! step that needs a function before then is refused at that step.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tirtui::trace::work_on::choose_session_func;
use tirtui::trace::{Session, Trace};

const BIN: &str = env!("CARGO_BIN_EXE_tirtui");

/// TVM's `ModuleWithMultipleFuncs` (test_tir_schedule_utilities.py): two
/// functions, none named `main`; `vector_add_2` scales, so that which
/// function was scheduled shows in the program.
const TWO_FUNCS: &str = r#"
@I.ir_module
class Module:
    @T.prim_func
    def vector_add(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
        for i in range(128):
            with T.block("init"):
                vi = T.axis.spatial(128, i)
                B[vi] = A[vi]

    @T.prim_func
    def vector_add_2(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
        for i in range(128):
            with T.block("init"):
                vi = T.axis.spatial(128, i)
                B[vi] = A[vi] * T.float32(2)
"#;

/// The same two functions and a `main` after them.
fn with_main() -> String {
    format!(
        "{TWO_FUNCS}
    @T.prim_func
    def main(A: T.Buffer((64,), \"float32\")):
        for i in range(64):
            with T.block(\"m\"):
                vi = T.axis.spatial(64, i)
                A[vi] = T.float32(1)
"
    )
}

fn session(func: Option<&str>, steps: &str) -> Session {
    let func_line = func.map(|f| format!("func: {f}\n")).unwrap_or_default();
    let yaml = format!("tirtui: 1\nworkload: unused.tir\n{func_line}steps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

fn chosen(text: &str, func: Option<&str>, steps: &str) -> Result<Option<String>, String> {
    let module = tirtui::script::parse_module(text).unwrap();
    let s = session(func, steps);
    choose_session_func(&module, s.func.as_deref(), &s.steps)
        .map_err(|e| e.to_diagnostic("case.yaml").render())
}

#[test]
fn no_main_and_several_functions_chooses_none() {
    let err = tirtui::script::parse_func(TWO_FUNCS, None).expect_err("no function is chosen");
    let msg = format!("{err:?}");
    assert!(msg.contains("none is named `main`"), "{msg}");
    // The step that needs a function is refused there, with TVM's words and a hint.
    let err = chosen(
        TWO_FUNCS,
        None,
        "  - {op: get_block, name: init, out: b0}\n",
    )
    .unwrap_err();
    assert!(err.contains("error: step 1 `get_block`"), "{err}");
    assert!(
        err.contains("does not know which function to be working on"),
        "{err}"
    );
    assert!(err.contains("help: add `func: vector_add`"), "{err}");
    // No step: nothing chose one either.
    let err = chosen(TWO_FUNCS, None, "").unwrap_err();
    assert!(err.contains("no function is chosen"), "{err}");
}

#[test]
fn work_on_chooses_and_the_steps_schedule_that_function() {
    let steps = "  - {op: work_on, func_name: vector_add_2}\n  - {op: get_block, name: init, out: b0}\n  - {op: get_loops, block: b0, out: [i]}\n  - {op: split, loop: i, factors: [null, 4]}\n";
    assert_eq!(
        chosen(TWO_FUNCS, None, steps),
        Ok(Some("vector_add_2".into()))
    );
    let func = tirtui::script::parse_func(TWO_FUNCS, Some("vector_add_2")).unwrap();
    let trace = Trace::replay(func.clone(), &session(None, steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{e}"));
    let printed = tirtui::script::print_func(trace.func());
    assert!(printed.contains("def vector_add_2"), "{printed}");
    assert!(printed.contains("A[vi] * T.float32(2"), "{printed}");
    // The interpreter: the split function computes what it did.
    let mut expected = tirtui::interp::random_args(&func, 3).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap();
    for (e, g) in expected.iter().zip(&got) {
        assert!(g.max_rel_err(e) == 0.0, "results differ:\n{printed}");
    }
}

#[test]
fn work_on_a_missing_function_is_refused_at_its_step() {
    let err = chosen(TWO_FUNCS, None, "  - {op: work_on, func_name: nope}\n").unwrap_err();
    assert!(err.contains("error: step 1 `work_on`"), "{err}");
    assert!(err.contains("`vector_add`, `vector_add_2`"), "{err}");
}

#[test]
fn main_is_tvms_default_wherever_it_is_in_the_module() {
    let text = with_main();
    let f = tirtui::script::parse_func(&text, None).unwrap();
    assert_eq!(f.name, "main");
    assert_eq!(
        chosen(&text, None, "  - {op: get_block, name: m, out: b0}\n"),
        Ok(None)
    );
    // A leading work_on still switches away from the default, as in TVM.
    let steps =
        "  - {op: work_on, func_name: vector_add}\n  - {op: get_block, name: init, out: b0}\n";
    assert_eq!(chosen(&text, None, steps), Ok(Some("vector_add".into())));
}

#[test]
fn one_function_is_chosen_whatever_its_name() {
    let one = "@T.prim_func\ndef only(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        with T.block(\"x\"):\n            vi = T.axis.spatial(4, i)\n            A[vi] = T.float32(0)\n";
    assert_eq!(tirtui::script::parse_func(one, None).unwrap().name, "only");
    assert_eq!(
        chosen(one, None, "  - {op: get_block, name: x, out: b0}\n"),
        Ok(None)
    );
}

#[test]
fn work_on_after_steps_on_another_function_is_refused() {
    // The session's function is `vector_add`: switching would leave the
    // blocks named so far in another function.
    let func = tirtui::script::parse_func(TWO_FUNCS, Some("vector_add")).unwrap();
    let steps = session(
        Some("vector_add"),
        "  - {op: get_block, name: init, out: b0}\n  - {op: work_on, func_name: vector_add_2}\n",
    )
    .steps;
    let (t, e) = Trace::replay(func, &steps).expect_err("work_on to another function");
    assert_eq!(t.steps.len(), 1);
    assert_eq!(e.step, 2);
    assert!(e.to_string().contains("one function per session"), "{e}");
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tirtui-conf-final-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("multi.tir"), TWO_FUNCS).unwrap();
    d
}

fn tirtui(d: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(d)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn replay_refuses_the_step_and_replays_after_work_on() {
    let d = dir("replay");
    let refused =
        "tirtui: 1\nworkload: multi.tir\nsteps:\n  - {op: get_block, name: init, out: b0}\n";
    std::fs::write(d.join("s1.yaml"), refused).unwrap();
    let out = tirtui(&d, &["replay", "s1.yaml", "--emit", "tir"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("error: step 1 `get_block`"), "{err}");
    let chosen = "tirtui: 1\nworkload: multi.tir\nsteps:\n  - {op: work_on, func_name: vector_add_2}\n  - {op: get_block, name: init, out: b0}\n";
    std::fs::write(d.join("s2.yaml"), chosen).unwrap();
    let out = tirtui(&d, &["replay", "s2.yaml", "--emit", "tir"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("def vector_add_2"));
    let out = tirtui(&d, &["replay", "s2.yaml", "--emit", "python"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("sch.work_on(func_name=\"vector_add_2\")")
    );
}

#[test]
fn schedule_and_tune_name_the_choice_never_pick_silently() {
    let d = dir("cli");
    for args in [
        &["schedule", "multi.tir"][..],
        &["tune", "multi.tir", "--space"][..],
    ] {
        let out = tirtui(&d, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("no function is chosen") && err.contains("--func NAME"),
            "{err}"
        );
    }
    let out = tirtui(
        &d,
        &["tune", "multi.tir", "--space", "--func", "vector_add_2"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = tirtui(&d, &["schedule", "multi.tir", "--func", "vector_add_2"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("func: vector_add_2"));
}

#[test]
fn a_python_trace_naming_another_function_is_refused() {
    let d = dir("py");
    std::fs::write(d.join("main.tir"), with_main()).unwrap();
    std::fs::write(
        d.join("t.py"),
        "b0 = sch.get_sblock(name=\"init\", func_name=\"vector_add\")\n",
    )
    .unwrap();
    let out = tirtui(
        &d,
        &["replay", "t.py", "--workload", "main.tir", "--emit", "tir"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("names the function `vector_add`"), "{err}");
}
