//! TVM's exact printed programs (issue 28 item 8): cases of TVM 0.27's own
//! schedule tests (apache/tvm `tests/python/s_tir/schedule`) where tirtui
//! computed the same results as TVM but printed another program. Each test
//! replays the case, checks the lines TVM prints, and checks with the
//! interpreter that the schedule still computes what the workload does.

use tirtui::trace::{Session, Trace};

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
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
    printed
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

/// test_reduction_decompose_with_annotation.
const MATMUL_WITH_ANNOTATION: &str = r#"
@T.prim_func
def matmul_with_annotation(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    for i, j, k in T.grid(128, 128, 128):
        with T.block("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            T.block_attr({"test_annotation": 1})
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
"#;

#[test]
fn decompose_reduction_keeps_the_annotations_on_the_init_block() {
    let printed = legal(
        MATMUL_WITH_ANNOTATION,
        "  - {op: get_block, name: update, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: decompose_reduction, block: b0, loop: l1, out: b4}\n",
    );
    has_lines(
        &printed,
        &[
            r#"with T.block("update_init"):"#,
            r#"T.block_attr({"test_annotation": 1})"#,
            "C[vi, vj] = T.float32(0.0)",
            r#"with T.block("update_update"):"#,
            r#"T.block_attr({"test_annotation": 1})"#,
        ],
    );
}

/// test_compute_at_to_index (multi_producers_conv).
const MULTI_PRODUCERS_CONV: &str = r#"
@T.prim_func
def multi_producers_conv(data: T.Buffer((1, 3, 224, 224), "int8"), w: T.Buffer((16, 3, 7, 7), "int8"), conv: T.Buffer((1, 16, 112, 112), "int32")):
    pad = T.alloc_buffer((1, 3, 230, 230), "int8")
    wbuf = T.alloc_buffer((16, 3, 7, 7), "int8")
    for i0, i1, i2, i3 in T.grid(1, 3, 230, 230):
        with T.block("pad"):
            i0_1, i1_1, i2_1, i3_1 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data[i0_1, i1_1, i2_1 - 3, i3_1 - 3])
            T.writes(pad[i0_1, i1_1, i2_1, i3_1])
            pad[i0_1, i1_1, i2_1, i3_1] = T.if_then_else(3 <= i2_1 and i2_1 < 227 and 3 <= i3_1 and i3_1 < 227, data[i0_1, i1_1, i2_1 - 3, i3_1 - 3], T.int8(0))
    for i0 in range(1):
        for ax0, ax1, ax2, ax3 in T.grid(16, 3, 7, 7):
            with T.block("wbuf"):
                v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
                T.reads(w[v0, v1, v2, v3])
                T.writes(wbuf[v0, v1, v2, v3])
                wbuf[v0, v1, v2, v3] = w[v0, v1, v2, v3]
        for i1, i2, i3, i4, i5, i6 in T.grid(16, 112, 112, 3, 7, 7):
            with T.block("conv"):
                nn, ff, yy, xx, rc, ry, rx = T.axis.remap("SSSSRRR", [i0, i1, i2, i3, i4, i5, i6])
                T.reads(pad[nn, rc, yy * 2 + ry, xx * 2 + rx], wbuf[ff, rc, ry, rx])
                T.writes(conv[nn, ff, yy, xx])
                with T.init():
                    conv[nn, ff, yy, xx] = 0
                conv[nn, ff, yy, xx] = conv[nn, ff, yy, xx] + T.Cast("int32", pad[nn, rc, yy * 2 + ry, xx * 2 + rx]) * T.Cast("int32", wbuf[ff, rc, ry, rx])
"#;

#[test]
fn compute_at_binds_an_iterator_under_a_unit_loop_to_its_one_value() {
    let printed = legal(
        MULTI_PRODUCERS_CONV,
        "  - {op: get_block, name: pad, out: b0}\n  - {op: get_loops, block: conv, out: [l1, l2, l3, l4, l5, l6, l7]}\n  - {op: compute_at, block: b0, loop: l1, index: -2}\n",
    );
    has_lines(
        &printed,
        &[
            "for ax0, ax1, ax2 in T.grid(3, 229, 229):",
            r#"with T.block("pad"):"#,
            "i0_1 = T.axis.spatial(1, 0)",
            "i1_1 = T.axis.spatial(3, ax0)",
            "i2_1 = T.axis.spatial(230, ax1)",
            "i3_1 = T.axis.spatial(230, ax2)",
        ],
    );
}

/// test_reverse_compute_at_with_unit_loop.
const UNIT_LOOP_CONSUMER: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), D: T.Buffer((1, 2, 1), "float32")):
    B = T.alloc_buffer((128, 128))
    for i_0, j_0, i_1, j_1 in T.grid(T.int64(8), T.int64(8), T.int64(16), T.int64(16)):
        with T.block("B"):
            vi = T.axis.spatial(T.int64(128), i_0 * T.int64(16) + i_1)
            vj = T.axis.spatial(T.int64(128), j_0 * T.int64(16) + j_1)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(1)):
        with T.block("D"):
            v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(B[v0, v1])
            T.writes(D[v0, v1, v2])
            D[v0, v1, v2] = B[v0, v1] + T.float32(1.0)
"#;

#[test]
fn reverse_compute_at_drops_a_unit_loop_from_the_predicate_only() {
    let printed = legal(
        UNIT_LOOP_CONSUMER,
        "  - {op: get_block, name: D, out: b0}\n  - {op: get_loops, block: B, out: [l1, l2, l3, l4]}\n  - {op: reverse_compute_at, block: b0, loop: l3, preserve_unit_loops: true, index: 1}\n",
    );
    has_lines(
        &printed,
        &[
            "for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(16), T.int64(1)):",
            "v0 = T.axis.spatial(T.int64(1), i_0 * T.int64(16) + i_1 + ax0)",
            "v1 = T.axis.spatial(T.int64(2), j_0 * T.int64(16) + ax1)",
            "v2 = T.axis.spatial(T.int64(1), ax2)",
            "T.where(i_0 * T.int64(16) + i_1 < T.int64(1) and j_0 * T.int64(16) + ax1 < T.int64(2))",
        ],
    );
}

/// test_compute_at_sliced_concatenate: the target loop itself has extent 1.
const SLICED_CONCATENATE: &str = r#"
@T.prim_func
def before():
    X = T.alloc_buffer((1, 16, 28, 64))
    Y = T.alloc_buffer((1, 32, 28, 64))
    Z = T.alloc_buffer((1, 53, 28, 64))
    Concat = T.alloc_buffer((1, 101, 28, 64))
    Slice = T.alloc_buffer((1, 87, 28, 64))
    for ax0, ax1, ax2, ax3 in T.grid(1, 16, 28, 64):
        with T.block("compute"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads()
            T.writes(X[v_ax0, v_ax1, v_ax2, v_ax3])
            X[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(1.0)
    for ax0, ax1, ax2, ax3 in T.grid(1, 101, 28, 64):
        with T.block("T_concat"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(X[v_ax0, v_ax1 - 85, v_ax2, v_ax3], Y[v_ax0, v_ax1 - 53, v_ax2, v_ax3], Z[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(Concat[v_ax0, v_ax1, v_ax2, v_ax3])
            Concat[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(85 <= v_ax1, X[v_ax0, v_ax1 - 85, v_ax2, v_ax3], T.if_then_else(53 <= v_ax1, Y[v_ax0, v_ax1 - 53, v_ax2, v_ax3], Z[v_ax0, v_ax1, v_ax2, v_ax3]))
    for ax0, ax1, ax2, ax3 in T.grid(1, 87, 28, 64):
        with T.block("T_strided_slice"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(Concat[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(Slice[v_ax0, v_ax1, v_ax2, v_ax3])
            Slice[v_ax0, v_ax1, v_ax2, v_ax3] = Concat[v_ax0, v_ax1, v_ax2, v_ax3]
"#;

#[test]
fn compute_at_under_a_unit_target_loop_binds_its_one_value() {
    let printed = legal(
        SLICED_CONCATENATE,
        "  - {op: get_block, name: compute, out: b0}\n  - {op: get_block, name: T_concat, out: b1}\n  - {op: get_block, name: T_strided_slice, out: b2}\n  - {op: get_loops, block: b2, out: [l3, l4, l5, l6]}\n  - {op: compute_at, block: b1, loop: l3}\n  - {op: compute_at, block: b0, loop: l3}\n",
    );
    has_lines(
        &printed,
        &[
            "for ax0_1, ax1, ax2 in T.grid(2, 28, 64):",
            r#"with T.block("compute"):"#,
            "v_ax0 = T.axis.spatial(1, 0)",
            "v_ax1 = T.axis.spatial(16, ax0_1)",
            "for ax0_1, ax1, ax2 in T.grid(87, 28, 64):",
            r#"with T.block("T_concat"):"#,
            "v_ax0 = T.axis.spatial(1, 0)",
            "v_ax1 = T.axis.spatial(101, ax0_1)",
        ],
    );
}

/// test_blockize_init_loops (rowsum with the reduction loop outermost).
const ROWSUM_K_OUTER: &str = r#"
@T.prim_func
def rowsum(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    for k, i in T.grid(128, 128):
        with T.block("B"):
            vk, vi = T.axis.remap("RS", [k, i])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]
"#;

#[test]
fn blockize_of_a_reduction_with_an_outer_reduction_iterator_reads_its_output() {
    let printed = legal(
        ROWSUM_K_OUTER,
        "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2]}\n  - {op: blockize, target: l1, out: b3}\n",
    );
    has_lines(
        &printed,
        &[
            r#"with T.block("B_o"):"#,
            "vk_o = T.axis.reduce(1, 0)",
            "vi_o = T.axis.spatial(1, 0)",
            // The outer block's reads are the block's own: a later
            // `cache_read(read_buffer_index=0)` still means `A`.
            "T.reads(A[0:128, 0:128])",
            "T.writes(B[0:128])",
            r#"with T.block("B_init"):"#,
            r#"with T.block("B"):"#,
            r#"vk_i, vi_i = T.axis.remap("RS", [k, i])"#,
            "T.reads(B[vi_i], A[vi_i, vk_i])",
            "T.writes(B[vi_i])",
        ],
    );
}

/// test_blockize_outer_int64_shape.
const ELEMENTWISE_INT64: &str = r#"
@T.prim_func
def single_elementwise_int64(A: T.Buffer((T.int64(16), T.int64(128)), "float32"), B: T.Buffer((T.int64(16), T.int64(128)), "float32")):
    for i0, j0, i1, j1 in T.grid(T.int64(1), T.int64(8), T.int64(16), T.int64(16)):
        with T.block("B"):
            vi = T.axis.spatial(T.int64(16), i0 * T.int64(16) + i1)
            vj = T.axis.spatial(T.int64(128), j0 * T.int64(16) + j1)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + T.float32(1.0)
"#;

const INT64_INNER_LINES: [&str; 5] = [
    "T.reads(A[T.int64(0):T.int64(16), vj_o * T.int64(16):vj_o * T.int64(16) + T.int64(16)])",
    "T.writes(B[T.int64(0):T.int64(16), vj_o * T.int64(16):vj_o * T.int64(16) + T.int64(16)])",
    r#"vi_i, vj_i = T.axis.remap("SS", [i1, j1])"#,
    "T.reads(A[vi_i, vj_o * T.int64(16) + vj_i])",
    "B[vi_i, vj_o * T.int64(16) + vj_i] = A[vi_i, vj_o * T.int64(16) + vj_i] + T.float32(1.0)",
];

#[test]
fn blockize_keeps_int64_iterators_int64() {
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3, l4]}\n";
    let printed = legal(
        ELEMENTWISE_INT64,
        &format!("{steps}  - {{op: blockize, target: l3, out: b5}}\n"),
    );
    has_lines(&printed, &[r#"vi_o, vj_o = T.axis.remap("SS", [i0, j0])"#]);
    has_lines(&printed, &INT64_INNER_LINES);
}

#[test]
fn blockize_without_unit_iters_binds_a_unit_outer_iterator_to_zero() {
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3, l4]}\n";
    let printed = legal(
        ELEMENTWISE_INT64,
        &format!("{steps}  - {{op: blockize, target: l3, preserve_unit_iters: false, out: b5}}\n"),
    );
    has_lines(
        &printed,
        &[
            "vi_o = T.axis.spatial(T.int64(1), T.int64(0))",
            "vj_o = T.axis.spatial(T.int64(8), j0)",
        ],
    );
    has_lines(&printed, &INT64_INNER_LINES);
}

/// test_cache_read_nested_buffer_access: `B` indexes `A`.
const NESTED_BUFFER_ACCESS: &str = r#"
@T.prim_func
def nested_buffer_access(A: T.Buffer((T.int64(7), T.int64(512)), "float32"), B: T.Buffer((T.int64(1),), "int32"), C: T.Buffer((T.int64(1), T.int64(512)), "float32")):
    for ax0, ax1 in T.grid(T.int64(1), T.int64(512)):
        with T.block("C"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[B[v_ax0], v_ax1], B[v_ax0])
            T.writes(C[v_ax0, v_ax1])
            C[v_ax0, v_ax1] = A[B[v_ax0], v_ax1]
"#;

#[test]
fn cache_read_of_an_index_buffer_rewrites_the_regions_it_indexes() {
    // The random index must stay inside A: the interpreter checks bounds.
    let printed = legal(
        NESTED_BUFFER_ACCESS,
        "  - {op: cache_read, block: C, read_buffer_index: 1, storage_scope: global, out: b0}\n",
    );
    has_lines(
        &printed,
        &[
            r#"B_global = T.alloc_buffer((T.int64(1),), "int32")"#,
            "T.reads(A[B_global[v_ax0], v_ax1], B_global[v_ax0])",
            "C[v_ax0, v_ax1] = A[B_global[v_ax0], v_ax1]",
        ],
    );
}

const UNIT_BLOCK_IDX: &str = r#"
@T.prim_func
def main(A: T.Buffer((1, 16), "float32"), C: T.Buffer((1, 16), "float32")):
    B = T.alloc_buffer((1, 16))
    for i, j in T.grid(1, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(1, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
"#;

/// A thread-bound unit loop is not folded: the blocks indexing with it keep
/// it, and folding it only in the moved block gave the mma sessions' kernels
/// offsets like `C_warp[... - blockIdx.y * 256]`.
#[test]
fn compute_at_keeps_a_thread_bound_unit_loop() {
    let printed = legal(
        UNIT_BLOCK_IDX,
        "  - {op: get_loops, block: C, out: [l0, l1]}\n  - {op: bind, loop: l0, thread_axis: blockIdx.y}\n  - {op: compute_at, block: B, loop: l1}\n",
    );
    has_lines(
        &printed,
        &[
            r#"with T.block("B"):"#,
            r#"vi, vj = T.axis.remap("SS", [i, j])"#,
            r#"with T.block("C"):"#,
        ],
    );
}
