//! One case per primitive family beyond the seed sessions: the printed result
//! (golden snapshot) and, for every case, the interpreter's verdict that the
//! result is unchanged.

use tirtui::trace::{Session, Trace};

const ELEMWISE: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 48), "float32"), C: T.Buffer((64, 48), "float32")):
    B = T.alloc_buffer((64, 48))
    for i, j in T.grid(64, 48):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(64, 48):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)
"#;

const ROWSUM: &str = r#"
@T.prim_func
def main(A: T.Buffer((96, 64), "float32"), S: T.Buffer((96,), "float32")):
    for i, k in T.grid(96, 64):
        with T.block("S"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                S[vi] = T.float32(0)
            S[vi] = S[vi] + A[vi, vk]
"#;

/// Applies `steps` to `workload`; returns the printed result after checking
/// the interpreter gives the same outputs as the unscheduled program.
#[track_caller]
fn check(workload: &str, steps: &str) -> String {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let mut expected = tirtui::interp::random_args(&func, 3).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap();
    for (e, g) in expected.iter().zip(&got) {
        assert!(
            g.max_rel_err(e) <= 1e-5,
            "results differ:\n{}",
            tirtui::script::print_func(trace.func())
        );
    }
    let printed = tirtui::script::print_func(trace.func());
    // And the printed program reads back to itself.
    let again = tirtui::script::parse_func(&printed, None).unwrap();
    assert_eq!(tirtui::script::print_func(&again), printed);
    printed
}

#[test]
fn compute_inline_folds_the_producer_into_its_consumer() {
    insta::assert_snapshot!(check(ELEMWISE, "  - {op: compute_inline, block: B}\n"));
}

#[test]
fn reverse_compute_inline_folds_the_consumer_into_its_producer() {
    insta::assert_snapshot!(check(
        ELEMWISE,
        "  - {op: reverse_compute_inline, block: C}\n"
    ));
}

#[test]
fn rfactor_splits_a_reduction_into_partial_sums() {
    insta::assert_snapshot!(check(
        ROWSUM,
        "  - {op: get_block, name: S, out: s}\n  - {op: get_loops, block: s, out: [i, k]}\n  - {op: split, loop: k, factors: [null, 16], out: [ko, ki]}\n  - {op: rfactor, loop: ki, factor_axis: 0, out: rf}\n"
    ));
}

#[test]
fn merge_and_add_unit_loop() {
    insta::assert_snapshot!(check(
        ELEMWISE,
        "  - {op: get_loops, block: B, out: [i, j]}\n  - {op: get_loops, block: C, out: [p, q]}\n  - {op: merge, loops: [i, p], out: m}\n  - {op: add_unit_loop, block_or_loop: B, out: u}\n"
    ));
}

#[test]
fn storage_align_set_scope_and_annotations_are_printed() {
    insta::assert_snapshot!(check(
        ELEMWISE,
        "  - {op: storage_align, block: B, buffer_index: 0, axis: 0, factor: 32, offset: 1}\n  - {op: set_scope, block: B, buffer_index: 0, storage_scope: shared}\n  - {op: get_loops, block: C, out: [p, q]}\n  - {op: annotate, block_or_loop: p, ann_key: pragma_unroll_explicit, ann_val: 1}\n  - {op: annotate, block_or_loop: C, ann_key: note, ann_val: hello}\n  - {op: unannotate, block_or_loop: C, ann_key: note}\n"
    ));
}

#[test]
fn sampled_tiles_feed_a_split_and_are_recorded() {
    let steps = "  - {op: get_loops, block: C, out: [p, q]}\n  - {op: sample_perfect_tile, loop: p, n: 3, max_innermost_factor: 4, out: [t0, t1, t2]}\n  - {op: split, loop: p, factors: [t0, t1, t2], out: [p0, p1, p2]}\n  - {op: sample_categorical, candidates: [1, 2, 4], probs: [0.2, 0.3, 0.5], out: c}\n";
    let printed = check(ELEMWISE, steps);
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap();
    let func = tirtui::script::parse_func(ELEMWISE, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    // The decisions are written into the trace, so a replay is exact.
    let recorded = trace.steps[1].arg("decision").cloned();
    assert!(
        matches!(recorded, Some(tirtui::trace::Arg::List(ref v)) if v.len() == 3),
        "{recorded:?}"
    );
    let again = Trace::replay(func, &trace.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    assert_eq!(tirtui::script::print_func(again.func()), printed);
}

#[test]
fn producers_consumers_and_children() {
    let func = tirtui::script::parse_func(ELEMWISE, None).unwrap();
    let yaml = "tirtui: 1\nworkload: x\nsteps:\n  - {op: get_consumers, block: B, out: [c]}\n  - {op: get_producers, block: C, out: [b]}\n  - {op: get_loops, block: C, out: [p, q]}\n  - {op: get_child_blocks, block_or_loop: p, out: [cc]}\n";
    let session = Session::from_yaml(yaml, "x").unwrap();
    let trace = Trace::replay(func.clone(), &session.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let name = |n: &str| match trace.state.lookup(n) {
        Some(tirtui::trace::Handle::Block(b)) => {
            trace.func().find_block(*b).unwrap().block.name.clone()
        }
        other => panic!("{n}: {other:?}"),
    };
    assert_eq!(name("c"), "C");
    assert_eq!(name("b"), "B");
    assert_eq!(name("cc"), "C");
}

#[test]
fn undo_replays_and_redo_reapplies() {
    let func = tirtui::script::parse_func(ELEMWISE, None).unwrap();
    let yaml = "tirtui: 1\nworkload: x\nsteps:\n  - {op: get_loops, block: C, out: [p, q]}\n  - {op: split, loop: p, factors: [null, 8], out: [p0, p1]}\n";
    let session = Session::from_yaml(yaml, "x").unwrap();
    let mut trace =
        Trace::replay(func.clone(), &session.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let after = tirtui::script::print_func(trace.func());
    assert!(trace.undo());
    assert_eq!(trace.steps.len(), 1);
    assert_ne!(tirtui::script::print_func(trace.func()), after);
    assert_eq!(trace.redo(), Ok(true));
    assert_eq!(tirtui::script::print_func(trace.func()), after);
}
