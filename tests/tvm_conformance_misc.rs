//! TVM 0.27's schedule tests (issue 28), the utilities and printing gaps:
//! annotation values that are dicts (TVM's `Map`, test_tir_schedule_utilities'
//! annotate/unannotate), TVM 0.27's two forms of a scalar binding
//! (`x: T.let[T.int32] = v`, an immutable binding, and `x: T.int32 = v`, a
//! local scalar) printed back as written (the tensorize intrinsics' impls),
//! and the session / Python forms of a dict argument.

use tirtui::trace::{Session, Trace};

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// Applies the steps; checks the interpreter's outputs are unchanged and that
/// the printed program reads back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    let mut expected = tirtui::interp::random_args(&func, 5).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    for (e, g) in expected.iter().zip(&got) {
        assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
    }
    printed
}

/// test_tir_schedule_utilities' matmul_relu (smaller).
const MATMUL_RELU: &str = r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32")):
    C = T.alloc_buffer((16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.block("matmul"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
    for i, j in T.grid(16, 16):
        with T.block("relu"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = T.max(C[vi, vj], T.float32(0.0))
"#;

/// test_annotate_unannotate_loop: a dict value (nested list inside) on a
/// loop prints as TVM's matmul_relu_ann1 does, keys sorted.
#[test]
fn annotate_loop_with_a_dict_value_prints_tvms_map() {
    let printed = legal(
        MATMUL_RELU,
        "  - {op: get_block, name: matmul, out: b0}\n\
         \x20 - {op: get_loops, block: b0, out: [l1, l2, l3]}\n\
         \x20 - {op: annotate, block_or_loop: l1, ann_key: test4, ann_val: {key: 3, arr: [0, 0]}}\n\
         \x20 - {op: annotate, block_or_loop: l1, ann_key: test1, ann_val: aaa}\n\
         \x20 - {op: annotate, block_or_loop: l2, ann_key: test2, ann_val: 612}\n\
         \x20 - {op: annotate, block_or_loop: l2, ann_key: test3, ann_val: [aa, 1]}\n",
    );
    for line in [
        r#"for i in T.serial(16, annotations={"test1": "aaa", "test4": {"arr": [0, 0], "key": 3}}):"#,
        r#"for j in T.serial(16, annotations={"test2": 612, "test3": ["aa", 1]}):"#,
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
}

/// test_annotate_unannotate_block: the same on blocks (matmul_relu_ann2),
/// then unannotate takes each back out: the workload's program again.
#[test]
fn annotate_and_unannotate_a_block_with_a_dict_value() {
    let steps = "  - {op: get_block, name: matmul, out: b0}\n\
         \x20 - {op: get_block, name: relu, out: b1}\n\
         \x20 - {op: annotate, block_or_loop: b0, ann_key: test1, ann_val: aaa}\n\
         \x20 - {op: annotate, block_or_loop: b1, ann_key: test2, ann_val: 0.22}\n\
         \x20 - {op: annotate, block_or_loop: b1, ann_key: test3, ann_val: [aa, 1]}\n\
         \x20 - {op: annotate, block_or_loop: b0, ann_key: test4, ann_val: {arr: [0, 0], key: 3}}\n";
    let printed = legal(MATMUL_RELU, steps);
    for line in [
        r#"T.block_attr({"test1": "aaa", "test4": {"arr": [0, 0], "key": 3}})"#,
        r#"T.block_attr({"test2": 0.22, "test3": ["aa", 1]})"#,
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
    let undo = "  - {op: unannotate, block_or_loop: b0, ann_key: test1}\n\
         \x20 - {op: unannotate, block_or_loop: b1, ann_key: test2}\n\
         \x20 - {op: unannotate, block_or_loop: b1, ann_key: test3}\n\
         \x20 - {op: unannotate, block_or_loop: b0, ann_key: test4}\n";
    let back = legal(MATMUL_RELU, &format!("{steps}{undo}"));
    let original =
        tirtui::script::print_func(&tirtui::script::parse_func(MATMUL_RELU, None).unwrap());
    assert_eq!(back, original);
}

/// A dict annotation written in the workload (nested dicts, lists of
/// dicts) reads and prints back as TVM prints it.
#[test]
fn workload_dict_annotations_read_and_print_back() {
    let src = MATMUL_RELU.replace(
        "            D[vi, vj] = T.max",
        "            T.block_attr({\"z\": {\"b\": [{\"y\": 1, \"x\": \"s\"}], \"a\": 0.5}})\n            D[vi, vj] = T.max",
    );
    let func = tirtui::script::parse_func(&src, None).unwrap_or_else(|e| panic!("{e}"));
    let printed = tirtui::script::print_func(&func);
    let line = r#"T.block_attr({"z": {"a": 0.5, "b": [{"x": "s", "y": 1}]}})"#;
    assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    let again = tirtui::script::parse_func(&printed, None).unwrap();
    assert_eq!(tirtui::script::print_func(&again), printed);
    // A dict key must be a string, as TVM's annotation maps.
    let bad = src.replace("{\"y\": 1,", "{1: 1,");
    let err = tirtui::script::parse_func(&bad, None).expect_err("a non-string key");
    assert!(err.to_string().contains("keys must be strings"), "{err}");
}

/// The session keeps a dict value through save and load, and the Python
/// export writes it as a Python dict that the Python-trace reader reads back.
#[test]
fn dict_values_round_trip_through_yaml_and_python() {
    let steps = "  - {op: get_block, name: matmul, out: b0}\n\
         \x20 - {op: annotate, block_or_loop: b0, ann_key: k, ann_val: {\"a b\": [1, 2.5, true], n: {m: \"x\"}}}\n";
    let s = session(steps);
    let saved = s.to_yaml();
    assert!(
        // `n` alone would read back as YAML's false: quoted.
        saved.contains(r#"ann_val: {"a b": [1, 2.5, true], "n": {m: x}}"#),
        "{saved}"
    );
    let again = Session::from_yaml(&saved, "again.yaml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.steps, s.steps);
    let func = tirtui::script::parse_func(MATMUL_RELU, None).unwrap();
    let trace = Trace::replay(func.clone(), &s.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let python = tirtui::trace::python::to_python(&trace.steps, "case").unwrap();
    assert!(
        python.contains(r#"ann_val={"a b": [1, 2.5, True], "n": {"m": "x"}}"#),
        "{python}"
    );
    let replayed = tirtui::trace::pyscript::read_trace_file(&python, func)
        .unwrap_or_else(|e| panic!("{e}\n{python}"));
    assert_eq!(
        tirtui::script::print_func(replayed.func()),
        tirtui::script::print_func(trace.func())
    );
}

/// TVM 0.27 prints an immutable binding `x: T.let[T.int32] = v` and a local
/// scalar `x: T.int32 = v` (what TVM's tensor intrinsics' impls hold); each
/// reads and prints back in its own form.
#[test]
fn let_binding_and_local_scalar_print_back_as_written() {
    let src = r#"
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            t: T.let[T.int32] = A[vi] + 1
            u: T.int32 = t * 2
            w = u + t
            B[vi] = w
"#;
    let func = tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e}"));
    let printed = tirtui::script::print_func(&func);
    for line in [
        "t: T.let[T.int32] = A[vi] + 1",
        "u: T.int32 = t * 2",
        "w: T.int32 = u + t",
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
    let again = tirtui::script::parse_func(&printed, None).unwrap();
    assert_eq!(tirtui::script::print_func(&again), printed);
    let mut args = tirtui::interp::random_args(&func, 3).unwrap();
    let a: Vec<f64> = args[0].to_f64_vec();
    tirtui::interp::run(&func, &mut args).unwrap();
    let want: Vec<f64> = a.iter().map(|x| (x + 1.0) * 3.0).collect();
    assert_eq!(args[1].to_f64_vec(), want);
}

/// A bare `x = v` of a name already bound is a store to a mutable local
/// scalar in TVM 0.27 (its value survives the enclosing `if`, and carries to
/// the next loop iteration); read as a new binding it would be silently
/// another program, so it is refused with the name and place. An immutable
/// `T.let` rebinding shadows in both, and is read.
#[test]
fn reassigning_a_bound_scalar_is_refused_not_shadowed() {
    let src = r#"
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((1,), "int32")):
    with T.block("B"):
        s: T.int32 = 0
        for i in range(8):
            s = s + A[i]
        B[0] = s
"#;
    let err = match tirtui::script::parse_func(src, None) {
        Ok(f) => panic!("read as\n{}", tirtui::script::print_func(&f)),
        Err(e) => e.to_diagnostic("input", src).render(),
    };
    assert!(err.contains("`s` is already bound"), "{err}");
    assert!(err.contains("s = s + A[i]"), "{err}");

    let shadow = r#"
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            t: T.let[T.int32] = A[vi]
            t: T.let[T.int32] = t + 1
            B[vi] = t
"#;
    tirtui::script::parse_func(shadow, None).unwrap_or_else(|e| panic!("{e}"));
}
