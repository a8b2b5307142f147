//! TVM 0.27's own schedule tests (apache/tvm
//! `tests/python/s_tir/schedule/test_tir_schedule_*.py`) replayed as tirtui
//! sessions (issue 28): each case here was a wrong program or an accepted
//! negative before its fix. A legal case is checked against TVM's program
//! (the lines that matter) and with the interpreter; a negative fails at the
//! step TVM fails at, leaving the program as it was.

use tirtui::trace::{Session, Trace};

/// Applies all steps but the last, then the last, which must fail without
/// changing anything. Returns the one-line message.
#[track_caller]
fn fail(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let (n, last) = (session.steps.len(), session.steps.last().unwrap().clone());
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace.push(last).expect_err("the last step must fail");
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    assert_eq!(trace.steps.len(), n - 1, "a failed step was appended");
    let full = err.to_diagnostic("case.yaml").render();
    assert!(full.contains("^^^"), "the culprit is marked:\n{full}");
    err.to_string()
}

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
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

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// test_compute_inline_predicate: the consumer's `T.where` loads the inlined
/// buffer too.
const PREDICATE_ON_INLINED: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.where(B[i, j] < T.float32(10))
            C[vi, vj] = B[vi, vj] + T.float32(1)
"#;

#[test]
fn compute_inline_substitutes_into_the_consumers_predicate() {
    let printed = legal(PREDICATE_ON_INLINED, "  - {op: compute_inline, block: B}\n");
    // TVM: T.where(A[i, j] * T.float32(2.0) < T.float32(10.0)), and B is gone.
    assert!(
        printed.contains("T.where(A[i, j] * T.float32(2.0) < T.float32(10.0))"),
        "{printed}"
    );
    assert!(!printed.contains("alloc_buffer"), "{printed}");
}

/// test_reverse_compute_inline_overcomputed_producer.
const OVERCOMPUTED: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(127, 127):
        with T.block("C"):
            cvi, cvj = T.axis.remap("SS", [i, j])
            C[cvi, cvj] = B[cvi, cvj] + T.float32(1)
"#;

#[test]
fn reverse_compute_inline_into_an_overcomputed_producer_keeps_the_consumers_domain() {
    let printed = legal(OVERCOMPUTED, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(
        printed.contains("T.where(i < 127 and j < 127)"),
        "{printed}"
    );
}

/// test_reverse_compute_inline_overcomputed_producer_simplify_predicate: the
/// same over a fused loop (TVM prints `i < 16255 and i % 128 < 127`, the same
/// set of `i`).
#[test]
fn reverse_compute_inline_into_a_fused_overcomputed_producer_is_guarded() {
    let fused = OVERCOMPUTED.replace(
        "    for i, j in T.grid(128, 128):\n        with T.block(\"B\"):\n            vi, vj = T.axis.remap(\"SS\", [i, j])",
        "    for i in range(16384):\n        with T.block(\"B\"):\n            vi = T.axis.spatial(128, i // 128)\n            vj = T.axis.spatial(128, i % 128)",
    );
    assert_ne!(fused, OVERCOMPUTED);
    let printed = legal(&fused, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(
        printed.contains("T.where(i // 128 < 127 and i % 128 < 127)"),
        "{printed}"
    );
}

/// test_reverse_compute_inline_producer_predicate_allowed: the producer's own
/// `T.where(i < 127)` already says it; no second copy.
#[test]
fn reverse_compute_inline_keeps_the_producers_predicate_once() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 128), "float32")):
    B = T.alloc_buffer((127, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.where(i < 127)
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(127, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)
"#;
    let printed = legal(workload, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(
        printed.contains("            T.where(i < 127)\n"),
        "{printed}"
    );
}

#[test]
fn reverse_compute_inline_refuses_a_consumer_with_a_predicate() {
    let guarded = OVERCOMPUTED.replace(
        "            C[cvi, cvj] =",
        "            T.where(A[i, j] < T.float32(0))\n            C[cvi, cvj] =",
    );
    let short = fail(&guarded, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(short.contains("`T.where`"), "{short}");
}

#[test]
fn reverse_compute_inline_refuses_a_consumer_the_producer_does_not_cover() {
    let workload = OVERCOMPUTED
        .replace("C: T.Buffer((127, 127)", "C: T.Buffer((129, 127)")
        .replace("T.grid(127, 127)", "T.grid(129, 127)")
        .replace(
            "B = T.alloc_buffer((128, 128))",
            "B = T.alloc_buffer((129, 128))",
        );
    let short = fail(&workload, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(short.contains("past the producer"), "{short}");
}

/// test_tir_schedule_cache_read_write.py's access_under_scope.
const UNDER_SCOPE: &str = r#"
@T.prim_func
def main(B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    A = T.alloc_buffer((128, 128))
    for i0, j0 in T.grid(8, 8):
        with T.block("scope"):
            i, j = T.axis.remap("SS", [i0, j0])
            for x, y in T.grid(16, 16):
                with T.block("A"):
                    vi = T.axis.spatial(128, i * 16 + x)
                    vj = T.axis.spatial(128, j * 16 + y)
                    A[vi, vj] = T.float32(1)
            for x, y in T.grid(16, 16):
                with T.block("B"):
                    vi = T.axis.spatial(128, i * 16 + x)
                    vj = T.axis.spatial(128, j * 16 + y)
                    B[vi, vj] = A[vi, vj] + T.float32(1)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * T.float32(2)
"#;

/// test_cache_read_under_scope: the local cache holds the scope's 16x16 tile
/// (TVM's program, line for line), and the second cache_read (for C) leaves
/// the scope's own reads of A alone: they come before A_global is filled.
#[test]
fn cache_read_under_a_scope_block_caches_the_scopes_region() {
    let printed = legal(
        UNDER_SCOPE,
        "  - {op: cache_read, block: B, read_buffer_index: 0, storage_scope: local}\n  - {op: cache_read, block: C, read_buffer_index: 0, storage_scope: global}\n",
    );
    for line in [
        "            A_local = T.alloc_buffer((16, 16), scope=\"local\")\n",
        "                    v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])\n                    T.reads(A[i * 16 + v0, j * 16 + v1])\n                    T.writes(A_local[v0, v1])\n                    A_local[v0, v1] = A[i * 16 + v0, j * 16 + v1]\n",
        "                    B[vi, vj] = A_local[vi - i * 16, vj - j * 16] + T.float32(1.0)\n",
        "            C[vi, vj] = A_global[vi, vj] * T.float32(2.0)\n",
    ] {
        assert!(printed.contains(line), "missing {line}in\n{printed}");
    }
}

/// test_cache_write_under_scope: both caches inside the scope are 16x16, the
/// writers store at the shifted index, the copies write back at the tile.
#[test]
fn cache_write_under_a_scope_block_caches_the_scopes_region() {
    let printed = legal(
        UNDER_SCOPE,
        "  - {op: cache_write, block: A, write_buffer_index: 0, storage_scope: local}\n  - {op: cache_write, block: B, write_buffer_index: 0, storage_scope: global}\n  - {op: cache_write, block: scope, write_buffer_index: 0, storage_scope: global}\n",
    );
    for line in [
        "            A_local = T.alloc_buffer((16, 16), scope=\"local\")\n            B_global = T.alloc_buffer((16, 16))\n",
        "                    A_local[vi - i * 16, vj - j * 16] = T.float32(1.0)\n",
        "                    A_global[i * 16 + v0, j * 16 + v1] = A_local[v0, v1]\n",
        "                    B_global[vi - i * 16, vj - j * 16] = A_global[vi, vj] + T.float32(1.0)\n",
        "                    B[i * 16 + v0, j * 16 + v1] = B_global[v0, v1]\n",
        "            A[v0, v1] = A_global[v0, v1]\n",
    ] {
        assert!(printed.contains(line), "missing {line}in\n{printed}");
    }
    assert!(!printed.contains("T.where"), "{printed}");
}

/// test_cache_write_location's func_multi_consumer: B shares A's loop, C
/// comes after it.
const MULTI_CONSUMER: &str = r#"
@T.prim_func
def main(D: T.Buffer((128,), "float32")):
    A = T.alloc_buffer((128,))
    B = T.alloc_buffer((128,))
    C = T.alloc_buffer((128,))
    for i in range(8):
        for j in range(16):
            with T.block("A"):
                vi = T.axis.spatial(128, i * 16 + j)
                A[vi] = T.float32(1)
        for j in range(16):
            with T.block("B"):
                vi = T.axis.spatial(128, i * 16 + j)
                B[vi] = A[vi] + T.float32(1)
    for i in range(128):
        with T.block("C"):
            vi = T.axis.spatial(128, i)
            C[vi] = A[vi]
    for i in range(128):
        with T.block("D"):
            vi = T.axis.spatial(128, i)
            D[vi] = B[vi] + C[vi]
"#;

/// With `consumer_blocks: [B]`, B reads the cache and only C needs A: TVM
/// writes A back once, after the loop, before C (not in A's loop).
#[test]
fn cache_write_places_the_write_back_for_the_readers_left_on_the_buffer() {
    let printed = legal(
        MULTI_CONSUMER,
        "  - {op: cache_write, block: A, write_buffer_index: 0, storage_scope: global, consumer_blocks: [B]}\n",
    );
    assert!(
        printed.contains("                B[vi] = A_global[vi] + T.float32(1.0)\n    for ax0 in range(128):\n        with T.block(\"A_global\"):\n            v0 = T.axis.spatial(128, ax0)\n"),
        "{printed}"
    );
    // Every consumer on the cache: the copy goes at the end of the scope.
    let printed = legal(
        MULTI_CONSUMER,
        "  - {op: cache_write, block: A, write_buffer_index: 0, storage_scope: global, consumer_blocks: [B, C]}\n",
    );
    assert!(
        printed.trim_end().ends_with("A[v0] = A_global[v0]"),
        "{printed}"
    );
}
