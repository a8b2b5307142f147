//! TVM's printed forms (issue 28, c-print): cases of TVM 0.27's own schedule
//! tests (apache/tvm `tests/python/s_tir/schedule`) where tirtui computed the
//! same results as TVM but printed another program ("equivalent" in the
//! conformance report). Each test replays the case, checks the lines TVM
//! prints, and checks with the interpreter that the schedule still computes
//! what the workload does; where the form reaches a kernel, that it lowers to
//! CUDA and the SIMT simulator computes the same.

use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the scheduled function.
#[track_caller]
fn legal(workload: &str, steps: &str) -> PrimFunc {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
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
    trace.func().clone()
}

/// Every line of `lines` (trimmed) is a line of `printed`, in this order.
#[track_caller]
fn has_lines(printed: &str, lines: &[&str]) {
    let mut rest = printed.lines().map(str::trim);
    for want in lines {
        assert!(
            rest.any(|l| l == *want),
            "`{want}` is missing (or out of order):\n{printed}"
        );
    }
}

/// test_fuse / test_split_with_predicate: elementwise 128^3.
const ELEMENTWISE: &str = r#"
@T.prim_func
def elementwise(A: T.Buffer((128, 128, 128), "float32"), B: T.Buffer((128, 128, 128), "float32")):
    for i, j, k in T.grid(128, 128, 128):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            T.reads(A[vi, vj, vk])
            T.writes(B[vi, vj, vk])
            B[vi, vj, vk] = A[vi, vj, vk] * T.float32(2.0)
"#;

#[test]
fn fuse_writes_the_middle_iterator_as_tvm() {
    let f = legal(
        ELEMENTWISE,
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: fuse, loops: [l1, l2, l3], out: l4}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &[
            "for i_j_k_fused in range(2097152):",
            "vi = T.axis.spatial(128, i_j_k_fused // 16384)",
            "vj = T.axis.spatial(128, i_j_k_fused % 16384 // 128)",
            "vk = T.axis.spatial(128, i_j_k_fused % 128)",
        ],
    );
}

#[test]
fn split_guard_keeps_tvms_nested_index() {
    // test_split_with_predicate: the guards are built, never simplified.
    let f = legal(
        ELEMENTWISE,
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: split, loop: l1, factors: [null, 2, 3], out: [l4, l5, l6]}\n  - {op: split, loop: l2, factors: [null, 129], out: [l7, l8]}\n  - {op: split, loop: l3, factors: [null, 43], out: [l9, l10]}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &[
            "vi = T.axis.spatial(128, i_0 * 6 + i_1 * 3 + i_2)",
            "T.where((i_0 * 2 + i_1) * 3 + i_2 < 128 and j_0 * 129 + j_1 < 128 and k_0 * 43 + k_1 < 128)",
        ],
    );
}

#[test]
fn split_guard_keeps_a_unit_loops_variable_as_tvm() {
    // TVM builds `(i_0 + i_1) * 3 + i_2` (i_0 * 1 folds) and keeps the unit
    // loop's variable in the guard, while the binding drops it (TVM 0.27
    // prints these two lines for preserve_unit_iters=False).
    let f = legal(
        ELEMENTWISE,
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: split, loop: l1, factors: [null, 1, 3], preserve_unit_iters: false, out: [l4, l5, l6]}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &[
            "vi = T.axis.spatial(128, i_0 * 3 + i_2)",
            "T.where((i_0 + i_1) * 3 + i_2 < 128)",
        ],
    );
}

#[test]
fn fuse_keeps_an_earlier_guard_as_substituted() {
    // TVM's fuse substitutes the fused variable into an existing predicate
    // and does not simplify it.
    let f = legal(
        ELEMENTWISE,
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: split, loop: l1, factors: [null, 3], out: [l4, l5]}\n  - {op: fuse, loops: [l4, l5], out: l6}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &[
            "for i_0_i_1_fused, j, k in T.grid(129, 128, 128):",
            "vi = T.axis.spatial(128, i_0_i_1_fused)",
            "T.where(i_0_i_1_fused // 3 * 3 + i_0_i_1_fused % 3 < 128)",
        ],
    );
}

/// pool2x2_1_fused's loop nest: four loops fused, split and bound.
const POOL: &str = r#"
@T.prim_func
def pool(A: T.Buffer((4, 56, 56), "float32"), B: T.Buffer((4, 56, 56), "float32")):
    for c, i, j in T.grid(4, 56, 56):
        with T.block("B"):
            vc, vi, vj = T.axis.remap("SSS", [c, i, j])
            B[vc, vi, vj] = A[vc, vi, vj] + T.float32(1.0)
"#;

#[test]
fn fused_then_bound_lowers_to_cuda_with_the_index_recombined() {
    let f = legal(
        POOL,
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: fuse, loops: [l1, l2, l3], out: l4}\n  - {op: split, loop: l4, factors: [null, 256], out: [l5, l6]}\n  - {op: bind, loop: l5, thread_axis: blockIdx.x}\n  - {op: bind, loop: l6, thread_axis: threadIdx.x}\n",
    );
    let text = tirtui::script::print_func(&f);
    assert!(text.contains("% 3136 // 56"), "{text}");
    let lowered = tirtui::lower::lower_program(&f).unwrap_or_else(|e| panic!("{e}"));
    let source = tirtui::codegen::emit_program(&lowered)
        .unwrap()
        .kernel
        .source;
    // The three parts of the fused index add back up to it in the store
    // (`% 3136 / 56 * 56` joins `% 56`, then `/ 3136 * 3136`).
    assert!(
        source.contains("B[((int)blockIdx.x) * 256 + ((int)threadIdx.x)]"),
        "{source}"
    );
    let func = tirtui::script::parse_func(POOL, None).unwrap();
    let mut expected = tirtui::interp::random_args(&func, 7).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    for (e, g) in expected.iter().zip(&got) {
        assert!(
            g.max_rel_err(e) <= 1e-5,
            "the kernel computes another result"
        );
    }
}

/// test_reverse_compute_inline_overcomputed_producer_simplify_predicate.
const OVERCOMPUTED: &str = r#"
@T.prim_func
def elementwise_overcomputed_producer_simplify_predicate(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    B = T.alloc_buffer((128, 128))
    for i in range(16384):
        with T.block("B"):
            vi = T.axis.spatial(128, i // 128)
            vj = T.axis.spatial(128, i % 128)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(127, 127):
        with T.block("C"):
            cvi, cvj = T.axis.remap("SS", [i, j])
            T.reads(B[cvi, cvj])
            T.writes(C[cvi, cvj])
            C[cvi, cvj] = B[cvi, cvj] + T.float32(1.0)
"#;

#[test]
fn reverse_compute_inline_guard_takes_tvms_comparison_forms() {
    let f = legal(
        OVERCOMPUTED,
        "  - {op: get_block, name: C, out: b0}\n  - {op: reverse_compute_inline, block: b0}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &["T.where(i < 16255 and i % 128 < 127)"],
    );
}

/// test_cache_read_with_nested_block_predicate.
const NESTED_PREDICATE: &str = r#"
@T.prim_func
def main(A_buf: T.Buffer((12, 24), "float32"), C_buf: T.Buffer((10, 20), "float32")):
    for i, j in T.grid(12, 24):
        with T.block("compute"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_buf[vi, vj])
            T.writes(C_buf[vi, vj])
            with T.block("inner"):
                T.where(vi < 10 and vj < 20)
                T.reads(A_buf[vi, vj])
                T.writes(C_buf[vi, vj])
                C_buf[vi, vj] = A_buf[vi, vj] * T.float32(2.0)
"#;

#[test]
fn cache_read_narrows_the_cache_to_a_nested_blocks_guard() {
    let f = legal(
        NESTED_PREDICATE,
        "  - {op: get_block, name: compute, out: b0}\n  - {op: cache_read, block: b0, read_buffer_index: 0, storage_scope: local, out: b1}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &[
            r#"A_buf_local = T.alloc_buffer((10, 20), scope="local")"#,
            "for ax0, ax1 in T.grid(10, 20):",
            "C_buf[vi, vj] = A_buf_local[vi, vj] * T.float32(2.0)",
        ],
    );
}

#[test]
fn cache_read_keeps_the_whole_region_when_the_outer_block_reads_too() {
    // The outer block loads A_buf itself, outside the guarded block: the
    // guard does not bound its reads, so the cache keeps the declared region.
    let workload = NESTED_PREDICATE
        .replace(
            "T.writes(C_buf[vi, vj])\n            with",
            "T.writes(C_buf[vi, vj], D[vi, vj])\n            D[vi, vj] = A_buf[vi, vj]\n            with",
        )
        .replace(
            "C_buf: T.Buffer((10, 20), \"float32\")):",
            "C_buf: T.Buffer((10, 20), \"float32\"), D: T.Buffer((12, 24), \"float32\")):",
        );
    let f = legal(
        &workload,
        "  - {op: get_block, name: compute, out: b0}\n  - {op: cache_read, block: b0, read_buffer_index: 0, storage_scope: local, out: b1}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &[r#"A_buf_local = T.alloc_buffer((12, 24), scope="local")"#],
    );
}

/// test_reverse_compute_inline_producer_predicate_disallowed, reduced: the
/// producer's iterator covers the consumer's domain exactly, so TVM adds no
/// guard (it proves `v1 < 256` over the producer's own iterator domain),
/// while the producer's split loops, seen alone, could not prove it.
const PRODUCER_PREDICATE: &str = r#"
@T.prim_func
def main(A: T.Buffer((256,), "float32"), C: T.Buffer((256,), "float32")):
    B = T.alloc_buffer((256,))
    for f, a0, a1 in T.grid(4, 2, 64):
        with T.block("B"):
            v1 = T.axis.spatial(256, f * 64 + (a0 * 64 + a1))
            T.where(a0 * 64 + a1 < 64)
            T.reads(A[v1])
            T.writes(B[v1])
            B[v1] = A[v1] * T.float32(2.0)
    for i in range(256):
        with T.block("C"):
            vi = T.axis.spatial(256, i)
            T.reads(B[vi])
            T.writes(C[vi])
            C[vi] = B[vi] + T.float32(1.0)
"#;

#[test]
fn reverse_compute_inline_adds_no_guard_the_producers_domain_proves() {
    let f = legal(
        PRODUCER_PREDICATE,
        "  - {op: get_block, name: C, out: b0}\n  - {op: reverse_compute_inline, block: b0}\n",
    );
    has_lines(
        &tirtui::script::print_func(&f),
        &[
            "T.where(a0 * 64 + a1 < 64)",
            "C[v1] = A[v1] * T.float32(2.0) + T.float32(1.0)",
        ],
    );
}
