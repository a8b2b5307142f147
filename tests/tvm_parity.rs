//! Where tirtui once differed from TVM 0.27 on the same trace; each expected
//! value below is what TVM 0.27 (`pip install apache-tvm`) gives for the same
//! workload and steps.

use tirtui::ir::AnnValue;
use tirtui::trace::{Handle, Session, Trace};

/// A per-row reduction S and its consumer B (softmax's shape, small).
const ROW_REDUCE: &str = r#"
@T.prim_func
def main(A: T.Buffer((256, 256), "float32"), B: T.Buffer((256, 256), "float32")):
    S = T.alloc_buffer((256,))
    for i, k in T.grid(256, 256):
        with T.block("S"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                S[vi] = T.float32(0)
            S[vi] = S[vi] + A[vi, vk]
    for i, j in T.grid(256, 256):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] / S[vi]
"#;

fn replay(workload: &str, steps: &str) -> Trace {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    let func = tirtui::script::parse_func(workload, None).unwrap();
    Trace::replay(func, &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()))
}

/// The extents of the loops above block `block` after the trace.
fn loop_extents(trace: &Trace, block: &str) -> Vec<i64> {
    let func = trace.func();
    let id = func
        .blocks()
        .iter()
        .find(|b| b.name == block)
        .map(|b| b.id)
        .unwrap();
    tirtui::schedule::tree::loops_of_block(func, id)
        .unwrap()
        .iter()
        .map(|l| func.find_loop(*l).unwrap().extent.as_int().unwrap())
        .collect()
}

/// compute_at S (scope `scope`) at B's row loop bound to `axis`: the loops S gets.
fn compute_at_row(scope: Option<&str>, axis: &str, reverse: bool) -> Vec<i64> {
    let mut steps = String::new();
    if let Some(scope) = scope {
        steps.push_str(&format!(
            "  - {{op: set_scope, block: S, buffer_index: 0, storage_scope: {scope}}}\n"
        ));
    }
    if reverse {
        steps.push_str(&format!(
            "  - {{op: get_loops, block: S, out: [i, k]}}\n  - {{op: bind, loop: i, thread_axis: {axis}}}\n  - {{op: reverse_compute_at, block: B, loop: i}}\n"
        ));
        loop_extents(&replay(ROW_REDUCE, &steps), "B")
    } else {
        steps.push_str(&format!(
            "  - {{op: get_loops, block: B, out: [i, j]}}\n  - {{op: bind, loop: i, thread_axis: {axis}}}\n  - {{op: compute_at, block: S, loop: i}}\n"
        ));
        loop_extents(&replay(ROW_REDUCE, &steps), "S")
    }
}

#[test]
fn compute_at_relaxes_thread_loops_as_tvm_does() {
    // TVM 0.27: only compute_at of a shared buffer at a threadIdx loop relaxes it.
    for (scope, axis, reverse, expected) in [
        (None, "blockIdx.x", false, vec![256, 256]),
        (None, "threadIdx.x", false, vec![256, 256]),
        (Some("shared"), "blockIdx.x", false, vec![256, 256]),
        (Some("shared"), "threadIdx.x", false, vec![256, 256, 256]),
        (Some("local"), "blockIdx.x", false, vec![256, 256]),
        (Some("local"), "threadIdx.x", false, vec![256, 256]),
        (None, "blockIdx.x", true, vec![256, 256]),
        (None, "threadIdx.x", true, vec![256, 256]),
        (Some("shared"), "threadIdx.x", true, vec![256, 256]),
        (Some("local"), "threadIdx.x", true, vec![256, 256]),
    ] {
        assert_eq!(
            compute_at_row(scope, axis, reverse),
            expected,
            "{} of S ({}) at a row loop bound to {axis}",
            if reverse {
                "reverse_compute_at"
            } else {
                "compute_at"
            },
            scope.unwrap_or("global")
        );
    }
}

fn buffer_names(trace: &Trace) -> Vec<String> {
    trace
        .func()
        .buffers
        .iter()
        .map(|b| b.name.clone())
        .collect()
}

#[test]
fn set_scope_renames_the_buffer_after_its_scope() {
    let t = replay(
        ROW_REDUCE,
        "  - {op: set_scope, block: S, buffer_index: 0, storage_scope: shared}\n  - {op: set_scope, block: S, buffer_index: 0, storage_scope: local}\n",
    );
    assert!(buffer_names(&t).contains(&"S_shared_local".to_string()));
    let t = replay(
        ROW_REDUCE,
        "  - {op: set_scope, block: S, buffer_index: 0, storage_scope: global}\n  - {op: set_scope, block: S, buffer_index: 0, storage_scope: shared.dyn}\n",
    );
    // Setting the scope a buffer already has changes nothing.
    assert!(buffer_names(&t).contains(&"S_shared_dyn".to_string()));
    let printed = tirtui::script::print_func(t.func());
    assert!(printed.contains("S_shared_dyn = T.alloc_buffer((256,), scope=\"shared.dyn\")"));
}

fn annotation(trace: &Trace, block: &str, key: &str) -> Option<AnnValue> {
    let func = trace.func();
    let b = func.blocks().into_iter().find(|b| b.name == block)?;
    b.annotations
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
}

#[test]
fn annotate_with_a_sampled_name_uses_the_decision() {
    let steps = "  - {op: sample_categorical, candidates: [16, 64, 512], probs: [0.2, 0.3, 0.5], decision: 1, out: v}\n  - {op: annotate, block_or_loop: S, ann_key: meta_schedule.unroll_explicit, ann_val: v}\n  - {op: annotate, block_or_loop: S, ann_key: note, ann_val: w}\n";
    let t = replay(ROW_REDUCE, steps);
    assert_eq!(
        t.state.lookup("v"),
        Some(&Handle::Int(64)),
        "decision 1 picks the second candidate"
    );
    assert_eq!(
        annotation(&t, "S", "meta_schedule.unroll_explicit"),
        Some(AnnValue::Int(64))
    );
    // A string that names no sample stays a string.
    assert_eq!(annotation(&t, "S", "note"), Some(AnnValue::Str("w".into())));
    let py = tirtui::trace::python::to_python(&t.steps, "case.yaml").unwrap();
    assert!(
        py.contains("ann_val=v)"),
        "the Python export passes the sampled variable:\n{py}"
    );
    assert!(py.contains("ann_val=\"w\")"), "{py}");
}

#[test]
fn list_valued_annotations_survive_print_replay_and_export() {
    let steps = "  - {op: get_loops, block: S, out: [i, k]}\n  - {op: annotate, block_or_loop: k, ann_key: software_pipeline_stage, ann_val: [0, 0, 1]}\n";
    let t = replay(ROW_REDUCE, steps);
    let printed = tirtui::script::print_func(t.func());
    assert!(
        printed.contains("\"software_pipeline_stage\": [0, 0, 1]"),
        "{printed}"
    );
    let again = tirtui::script::parse_func(&printed, None).unwrap();
    assert_eq!(tirtui::script::print_func(&again), printed);
    let session = Session::from_yaml(
        &format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}"),
        "case.yaml",
    )
    .unwrap();
    let saved = session.to_yaml();
    assert!(saved.contains("ann_val: [0, 0, 1]"), "{saved}");
    let py = tirtui::trace::python::to_python(&t.steps, "case.yaml").unwrap();
    assert!(py.contains("ann_val=[0, 0, 1])"), "{py}");
}
