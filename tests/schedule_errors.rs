//! Each schedule check, with the message (and hint) it gives. A failed step
//! must leave the program unchanged.

use tirtui::trace::{Session, Trace};

const GEMM: &str = "
@T.prim_func
def main(A: T.Buffer((64, 64), \"float32\"), B: T.Buffer((64, 64), \"float32\"), C: T.Buffer((64, 64), \"float32\")):
    for i, j, k in T.grid(64, 64, 64):
        with T.block(\"B\"):
            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
";

/// Replays `steps` (YAML lines); the last must fail. Returns (rendered error, short message).
#[track_caller]
fn fail(steps: &str) -> (String, String) {
    let yaml = format!("tirtui: 1\nsource: |\n{}\nsteps:\n{}", indent(GEMM), steps);
    let session = Session::from_yaml(&yaml, "test.yaml").unwrap_or_else(|e| panic!("{e}"));
    let func = tirtui::script::parse_func(GEMM, None).unwrap();
    let (n, last) = (session.steps.len(), session.steps.last().unwrap().clone());
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace.push(last).expect_err("the last step must fail");
    assert_eq!(
        tirtui::script::print_func(trace.func()),
        before,
        "a failed step changed the program"
    );
    assert_eq!(trace.steps.len(), n - 1, "a failed step was appended");
    (err.to_diagnostic("test.yaml").render(), err.to_string())
}

fn indent(s: &str) -> String {
    s.lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

const LOOPS: &str =
    "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [i, j, k]}\n";

#[test]
fn compute_at_of_an_output_block_hints_reverse_compute_at() {
    let (full, short) = fail(&format!(
        "{LOOPS}  - {{op: cache_write, block: b0, write_buffer_index: 0, storage_scope: local, out: cl}}\n  - {{op: compute_at, block: cl, loop: j, preserve_unit_loops: true}}\n"
    ));
    assert!(short.contains("step 4 `compute_at`"), "{short}");
    assert!(short.contains("is an output block"), "{short}");
    assert!(full.contains("help: to move a consumer"), "{full}");
    assert!(full.contains("reverse_compute_at"), "{full}");
    assert!(full.contains("^^^"), "the culprit is marked: {full}");
    insta::assert_snapshot!(full);
}

#[test]
fn compute_at_shared_before_local_names_the_consumer() {
    let (full, short) = fail(&format!(
        "{LOOPS}  - {{op: split, loop: k, factors: [null, 16], out: [ko, ki]}}\n  - {{op: cache_read, block: b0, read_buffer_index: 0, storage_scope: shared, out: ash}}\n  - {{op: cache_read, block: b0, read_buffer_index: 0, storage_scope: local, out: al}}\n  - {{op: compute_at, block: ash, loop: ko}}\n"
    ));
    assert!(short.contains("consumers under loop `k_0`"), "{short}");
    assert!(short.contains("\"A_shared_local\""), "{short}");
    assert!(
        full.contains("local cache before the shared cache"),
        "{full}"
    );
}

#[test]
fn nested_loops_bound_to_one_thread_axis_are_rejected() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: split, loop: i, factors: [null, 8], out: [i0, i1]}}\n  - {{op: bind, loop: i0, thread_axis: threadIdx.x}}\n  - {{op: bind, loop: i1, thread_axis: threadIdx.x}}\n"
    ));
    assert!(
        short.contains("would both be bound to threadIdx.x"),
        "{short}"
    );
}

#[test]
fn unknown_thread_axis_is_rejected() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: bind, loop: i, thread_axis: threadIdx.w}}\n"
    ));
    assert!(
        short.contains("`threadIdx.w` is not a thread axis"),
        "{short}"
    );
}

#[test]
fn vectorizing_a_bound_loop_is_rejected() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: bind, loop: j, thread_axis: threadIdx.x}}\n  - {{op: vectorize, loop: j}}\n"
    ));
    assert!(
        short.contains("bound to threadIdx.x and cannot also be made vectorized"),
        "{short}"
    );
}

#[test]
fn a_recorded_tile_decision_that_does_not_fit_is_an_error() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: sample_perfect_tile, loop: i, n: 2, decision: [4, 8], out: [t0, t1]}}\n"
    ));
    assert!(
        short.contains("multiply to 32 but the loop's extent is 64"),
        "{short}"
    );
}

#[test]
fn split_factors_too_small() {
    let (full, short) = fail(&format!(
        "{LOOPS}  - {{op: split, loop: i, factors: [4, 8], out: [a, b]}}\n"
    ));
    assert!(
        short.contains("product 32 is smaller than the extent 64"),
        "{short}"
    );
    assert!(full.contains("help: use null for one factor"), "{full}");
}

#[test]
fn two_inferred_factors() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: split, loop: i, factors: [null, null], out: [a, b]}}\n"
    ));
    assert!(short.contains("at most one factor"), "{short}");
}

#[test]
fn a_stale_loop_handle_says_which_step_made_it() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: split, loop: i, factors: [null, 8], out: [a, b]}}\n  - {{op: split, loop: i, factors: [null, 4], out: [c, d]}}\n"
    ));
    assert!(
        short.contains("`i` (from step 2) no longer exists"),
        "{short}"
    );
}

#[test]
fn parallelizing_a_reduction_loop_is_rejected() {
    let (_, short) = fail(&format!("{LOOPS}  - {{op: parallel, loop: k}}\n"));
    assert!(
        short.contains("binds its reduction iterator `vk`"),
        "{short}"
    );
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: bind, loop: k, thread_axis: blockIdx.x}}\n"
    ));
    assert!(short.contains("reduction iterator"), "{short}");
}

#[test]
fn decompose_reduction_below_a_reduction_loop() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: split, loop: k, factors: [null, 8], out: [ko, ki]}}\n  - {{op: decompose_reduction, block: b0, loop: ki}}\n"
    ));
    assert!(
        short.contains("decompose_reduction needs a loop at or above every reduction loop"),
        "{short}"
    );
}

#[test]
fn cache_read_index_out_of_range() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: cache_read, block: b0, read_buffer_index: 2, storage_scope: shared, out: x}}\n"
    ));
    assert!(
        short.contains("has 2 read buffers; index 2 is out of range"),
        "{short}"
    );
}

#[test]
fn reorder_of_loops_not_in_one_chain() {
    let (_, short) = fail(&format!(
        "{LOOPS}  - {{op: cache_write, block: b0, write_buffer_index: 0, storage_scope: local, out: cl}}\n  - {{op: get_loops, block: cl, out: [x, y]}}\n  - {{op: reorder, ordered_loops: [x, j]}}\n"
    ));
    assert!(short.contains("not all on one path"), "{short}");
}

#[test]
fn unknown_block_lists_the_known_ones() {
    let (full, short) = fail("  - {op: get_block, name: D, out: b}\n");
    assert!(short.contains("no block named \"D\""), "{short}");
    assert!(full.contains("blocks in this function: \"B\""), "{full}");
}

#[test]
fn malformed_sessions_name_the_step_and_field() {
    let cases = [
        ("steps:\n  - {op: split, loop: i, factor: [2]}", "step 1 (`split`): field `factor`: unknown field"),
        ("steps:\n  - {op: splat, loop: i}", "step 1: unknown op `splat`"),
        ("steps:\n  - {op: get_block, name: B, out: b}\n  - {op: get_loops, block: b, out: [i]}\n  - {op: split, loop: q, factors: [2, null]}", "step 3 (`split`): field `loop`: `q` is not defined"),
        ("steps:\n  - {op: get_block, name: 3}", "step 1 (`get_block`): field `name`: expected a string"),
        ("steps:\n  - {op: bind, loop: i, thread_axis: threadIdx.x}", "field `loop`: `i` is not defined"),
        ("steps:\n  - {op: reorder, ordered_loops: a}", "field `ordered_loops`: expected a list of names"),
    ];
    for (steps, want) in cases {
        let yaml = format!("tirtui: 1\nworkload: x.tir\n{steps}\n");
        let err = Session::from_yaml(&yaml, "s.yaml")
            .expect_err(steps)
            .to_string();
        assert!(err.contains(want), "{steps}\n got: {err}\nwant: {want}");
    }
    let bad_yaml = Session::from_yaml("tirtui: 1\nsteps: [\n", "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(bad_yaml.starts_with("s.yaml:"), "{bad_yaml}");
    let no_version = Session::from_yaml("workload: x.tir\n", "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(no_version.contains("missing `tirtui: 1`"), "{no_version}");
    let both = Session::from_yaml("tirtui: 1\nworkload: a\nsource: b\n", "s.yaml")
        .unwrap_err()
        .to_string();
    assert!(both.contains("exactly one of"), "{both}");
}
