//! Issue 28, missing primitives (part C): annotate_buffer_access,
//! cache_inplace, pad_einsum, cache_index. Each legal case is TVM 0.27's own
//! test checked against the lines of TVM's program that matter, with the
//! result unchanged (interpreter; lowered as CUDA text where it applies);
//! each negative fails at the step TVM fails at; programs TVM would build
//! wrong are refused.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

fn replay(src: &str, steps: &str) -> Result<Trace, String> {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").map_err(|e| e.to_string())?;
    let func = tirtui::script::parse_func(src, None).unwrap();
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

/// Applies the steps; the printed program parses back to itself and the
/// interpreter's outputs are the workload's. Returns the printed program.
#[track_caller]
fn legal(src: &str, steps: &str) -> (PrimFunc, String) {
    let func = replay(src, steps)
        .unwrap_or_else(|e| panic!("{e}"))
        .func()
        .clone();
    let printed = tirtui::script::print_func(&func);
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    same_results(src, &func);
    (func, printed)
}

#[track_caller]
fn same_results(src: &str, scheduled: &PrimFunc) {
    let workload = tirtui::script::parse_func(src, None).unwrap();
    for seed in [3, 17] {
        let mut want = interp::random_args(&workload, seed).unwrap();
        let mut got = want.clone();
        interp::run(&workload, &mut want).unwrap();
        interp::run(scheduled, &mut got).unwrap_or_else(|e| panic!("{e}"));
        for (g, e) in got.iter().zip(&want) {
            assert!(
                g.max_rel_err(e) <= 1e-3,
                "results differ:\n{}",
                tirtui::script::print_func(scheduled)
            );
        }
    }
}

/// The last step fails, leaving the program as it was; returns the message.
#[track_caller]
fn refused(src: &str, steps: &str) -> String {
    let err = replay(src, steps).expect_err("the last step must fail");
    assert!(err.contains("^^^"), "the culprit is marked:\n{err}");
    err
}

/// The Python export of the steps reads back to the same program.
#[track_caller]
fn python_round_trip(src: &str, steps: &str, call: &str) {
    let trace = replay(src, steps).unwrap_or_else(|e| panic!("{e}"));
    let py = tirtui::trace::python::to_python(&trace.steps, "case").unwrap();
    assert!(py.contains(call), "{py}");
    let func = tirtui::script::parse_func(src, None).unwrap();
    let back = tirtui::trace::pyscript::read_trace_file(&py, func)
        .unwrap_or_else(|e| panic!("{}\n{py}", e.message()));
    assert_eq!(
        tirtui::script::print_func(back.func()),
        tirtui::script::print_func(trace.func())
    );
}

/// Lowers the scheduled program, checks the SIMT simulator computes what
/// the interpreter does, and returns its CUDA source.
#[track_caller]
fn cuda_of(func: &PrimFunc) -> String {
    let lowered = tirtui::lower::lower_program(func).unwrap_or_else(|e| panic!("{e}"));
    for seed in [3] {
        let mut want = interp::random_args(func, seed).unwrap();
        let mut got = want.clone();
        interp::run(func, &mut want).unwrap();
        tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
        for (g, e) in got.iter().zip(&want) {
            assert!(g.max_rel_err(e) <= 1e-3, "the simulated kernel differs");
        }
    }
    let cuda = tirtui::codegen::emit_program(&lowered).unwrap_or_else(|e| panic!("{e}"));
    cuda.kernel.source.clone()
}

// ---------------------------------------------------------------- annotate_buffer_access

/// TVM's `before` of test_annotate_read_buffer_access.
const ELEMENTWISE: &str = r#"
@T.prim_func
def elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)
"#;

#[test]
fn annotate_read_sets_the_region_and_the_annotation() {
    let steps = "  - {op: annotate_buffer_access, block: B, buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda vi, vj: [(vi - 1, vi + 1), (vj - 1, vj + 1)]\"}\n";
    let (_, printed) = legal(ELEMENTWISE, steps);
    // TVM: T.reads(A[vi - 1:vi - 1 + 2, vj - 1:vj - 1 + 2]), the extent simplified.
    assert!(
        printed.contains("T.reads(A[vi - 1:vi + 1, vj - 1:vj + 1])"),
        "{printed}"
    );
    assert!(
        printed.contains("T.block_attr({\"explicit_read_region\": [0]})"),
        "{printed}"
    );
}

#[test]
fn annotate_read_and_write_and_twice_keep_one_index_each() {
    let steps = "  - {op: annotate_buffer_access, block: B, buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda vi, vj: [(vi - 1, vi + 2), (vj - 1, vj + 2)]\"}
  - {op: annotate_buffer_access, block: B, buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda vi, vj: [(vi - 2, vi + 3), (vj - 2, vj + 3)]\"}
  - {op: annotate_buffer_access, block: B, buffer_index: 0, buf_type: write, gen_new_ranges: \"lambda vi, vj: [(vi, vi + 2), vj]\"}
";
    let (_, printed) = legal(ELEMENTWISE, steps);
    assert!(
        printed.contains("T.reads(A[vi - 2:vi + 3, vj - 2:vj + 3])"),
        "{printed}"
    );
    assert!(printed.contains("T.writes(B[vi:vi + 2, vj])"), "{printed}");
    assert!(
        printed.contains(
            "T.block_attr({\"explicit_read_region\": [0], \"explicit_write_region\": [0]})"
        ),
        "{printed}"
    );
}

#[test]
fn a_region_smaller_than_the_accesses_is_refused() {
    // B reads A[vi, vj]; the region [vi + 1, vi + 2) misses it: compute_at
    // would then compute too little of a producer.
    let steps = "  - {op: annotate_buffer_access, block: B, buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda vi, vj: [(vi + 1, vi + 2), vj]\"}\n";
    let e = refused(ELEMENTWISE, steps);
    assert!(e.contains("outside the declared region"), "{e}");
    assert!(e.contains("A[0, 0]"), "{e}");
    let steps = "  - {op: annotate_buffer_access, block: C, buffer_index: 0, buf_type: write, gen_new_ranges: \"lambda vi, vj: [vi, (vj, vj)]\"}\n";
    let e = refused(ELEMENTWISE, steps);
    assert!(e.contains("outside the declared region"), "{e}");
}

#[test]
fn malformed_annotations_are_refused() {
    let cases = [
        // TVM: IndexError at GetNthAccessBuffer.
        (
            "buffer_index: 1, buf_type: read, gen_new_ranges: \"lambda i, j: [i, j]\"",
            "index 1",
        ),
        (
            "buffer_index: 0, buf_type: update, gen_new_ranges: \"lambda i, j: [i, j]\"",
            "neither",
        ),
        // TVM's Python: the lambda takes one parameter per iterator.
        (
            "buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda i: [i, i]\"",
            "parameters",
        ),
        (
            "buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda i, j: [i]\"",
            "ranges",
        ),
        (
            "buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda i, j: [(i, i + 1, 2), j]\"",
            "range's end",
        ),
    ];
    for (fields, want) in cases {
        let steps = format!("  - {{op: annotate_buffer_access, block: B, {fields}}}\n");
        let e = replay(ELEMENTWISE, &steps).expect_err(fields);
        assert!(e.contains(want), "{fields}: {e}");
    }
}

/// An index read from memory cannot be checked against a region.
const GATHER: &str = r#"
@T.prim_func
def gather(A: T.Buffer((64,), "float32"), I: T.Buffer((16,), "int32"), C: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("C"):
            vi = T.axis.spatial(16, i)
            C[vi] = A[I[vi]]
"#;

#[test]
fn an_index_read_from_memory_is_refused_as_unchecked() {
    let steps = "  - {op: annotate_buffer_access, block: C, buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda vi: [(0, 64)]\"}\n";
    let e = refused(GATHER, steps);
    assert!(e.contains("cannot be checked"), "{e}");
}

/// TVM's `before` of test_annotate_buffer_access_with_compute_at_for_resize.
const RESIZE: &str = r#"
@T.prim_func
def resize(x: T.Buffer((1, 3, 200, 200), "float32"), y: T.Buffer((1, 3, 100, 100), "float32")):
    x_global = T.alloc_buffer((1, 3, 200, 200))
    for ax0, ax1, ax2, ax3 in T.grid(1, 3, 200, 200):
        with T.block("cache"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            x_global[v0, v1, v2, v3] = x[v0, v1, v2, v3]
    for i0, i1, i2, i3 in T.grid(1, 3, 100, 100):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            y[v_i0, v_i1, v_i2, v_i3] = x_global[v_i0, v_i1, T.Cast("int32", T.floor(T.Cast("float32", v_i2 * 2) + T.float32(0.5))), T.Cast("int32", T.floor(T.Cast("float32", v_i3 * 2) + T.float32(0.5)))]
"#;

const RESIZE_TILED: &str = "  - {op: annotate_buffer_access, block: resize, buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda vn, vc, vh, vw: [vn, vc, (vh * 2 - 3, vh * 2 + 3), (vw * 2 - 3, vw * 2 + 3)]\"}
  - {op: get_loops, block: resize, out: [l0, l1, l2, l3]}
  - {op: split, loop: l2, factors: [10, 10], out: [ho, hi]}
  - {op: split, loop: l3, factors: [10, 10], out: [wo, wi]}
  - {op: reorder, ordered_loops: [ho, wo, hi, wi]}
  - {op: compute_at, block: cache, loop: wo}
";

#[test]
fn compute_at_computes_the_annotated_region_of_a_resize() {
    let (_, printed) = legal(RESIZE, RESIZE_TILED);
    // TVM: a 24 x 24 tile (the 20 x 20 rows read, widened by 3 each side),
    // guarded to the buffer.
    assert!(
        printed.contains("for ax0, ax1 in T.grid(24, 24):"),
        "{printed}"
    );
    assert!(
        printed.contains("v2 = T.axis.spatial(200, i2_0 * 20 - 3 + ax0)"),
        "{printed}"
    );
    assert!(
        printed.contains("T.where(3 <= i2_0 * 20 + ax0 and i2_0 * 20 + ax0 < 203"),
        "{printed}"
    );
}

#[test]
fn the_annotated_resize_lowers_to_cuda() {
    let steps = format!(
        "{RESIZE_TILED}  - {{op: set_scope, block: cache, buffer_index: 0, storage_scope: shared}}
  - {{op: fuse, loops: [l0, l1, ho, wo], out: f}}
  - {{op: bind, loop: f, thread_axis: blockIdx.x}}
  - {{op: fuse, loops: [hi, wi], out: t}}
  - {{op: bind, loop: t, thread_axis: threadIdx.x}}
"
    );
    let (func, _) = legal(RESIZE, &steps);
    let cuda = cuda_of(&func);
    assert!(cuda.contains("floorf"), "{cuda}");
    // The cache is the block's 24 x 24 tile, compacted from the accesses.
    assert!(cuda.contains("float x_global_shared[576]"), "{cuda}");
}

#[test]
fn annotate_buffer_access_round_trips_through_python() {
    python_round_trip(RESIZE, RESIZE_TILED, "sch.annotate_buffer_access(");
}

/// C reads B and P; inlining P recomputes C's regions.
const TWO_INPUTS: &str = r#"
@T.prim_func
def two(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    P = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("P"):
            vi, vj = T.axis.remap("SS", [i, j])
            P[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + P[vi, vj]
"#;

#[test]
fn region_inference_keeps_the_annotated_region() {
    let steps = "  - {op: annotate_buffer_access, block: C, buffer_index: 0, buf_type: read, gen_new_ranges: \"lambda vi, vj: [vi, (0, 128)]\"}
  - {op: compute_inline, block: P}
";
    let (_, printed) = legal(TWO_INPUTS, steps);
    assert!(
        printed.contains("T.reads(B[vi, 0:128], A[vi, vj])"),
        "{printed}"
    );
}

// ---------------------------------------------------------------- pad_einsum

/// A matmul whose j and k (127) are not multiples of 32.
const MATMUL_127: &str = r#"
@T.prim_func
def mm(A: T.Buffer((128, 127), "float32"), B: T.Buffer((127, 127), "float32"), C: T.Buffer((128, 127), "float32")):
    for i0, i1, i2 in T.grid(128, 127, 127):
        with T.block("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C[i, j] = T.float32(0)
            C[i, j] = C[i, j] + A[i, k] * B[k, j]
"#;

const PAD_32: &str = "  - {op: pad_einsum, block: C, padding: [32, 32, 32]}\n";

#[test]
fn pad_einsum_pads_a_matmul_as_tvm_does() {
    let (_, printed) = legal(MATMUL_127, PAD_32);
    // TVM 0.27's program for the same schedule, line by line.
    for line in [
        "A_pad = T.alloc_buffer((128, 128))",
        "C_pad = T.alloc_buffer((128, 128))",
        "with T.block(\"A_pad\"):",
        "A_pad[v0, v1] = T.if_then_else(v1 < 127, A[v0, v1], T.float32(0.0))",
        "B_pad[v0, v1] = T.if_then_else(v0 < 127 and v1 < 127, B[v0, v1], T.float32(0.0))",
        "for i0, i1, i2 in T.grid(128, 128, 128):",
        "T.reads(A_pad[i, k], B_pad[k, j])",
        "C_pad[i, j] = C_pad[i, j] + A_pad[i, k] * B_pad[k, j]",
        "for i0, i1 in T.grid(128, 127):",
        "C[v0, v1] = C_pad[v0, v1]",
    ] {
        assert!(printed.contains(line), "{line}\n{printed}");
    }
}

#[test]
fn the_padded_matmul_lowers_to_cuda() {
    let mut steps = PAD_32.to_string();
    for (block, n) in [("A_pad", 2), ("B_pad", 2), ("C", 3), ("C_pad", 2)] {
        let loops: Vec<String> = (0..n).map(|k| format!("{block}_l{k}")).collect();
        steps += &format!(
            "  - {{op: get_loops, block: {block}, out: [{}]}}\n  - {{op: bind, loop: {}, thread_axis: blockIdx.x}}\n  - {{op: bind, loop: {}, thread_axis: threadIdx.x}}\n",
            loops.join(", "),
            loops[0],
            loops[1]
        );
    }
    let (func, _) = legal(MATMUL_127, &steps);
    let cuda = cuda_of(&func);
    assert!(cuda.contains("A_pad"), "{cuda}");
}

#[test]
fn pad_einsum_round_trips_through_python() {
    python_round_trip(MATMUL_127, PAD_32, "sch.pad_einsum(");
}

#[test]
fn padding_a_reduction_whose_padded_terms_are_not_zero_is_refused() {
    // TVM 0.27 pads this and adds exp(0) = 1 for each padded k.
    let src = r#"
@T.prim_func
def ex(A: T.Buffer((128, 127), "float32"), C: T.Buffer((128,), "float32")):
    for i0, i2 in T.grid(128, 127):
        with T.block("C"):
            i, k = T.axis.remap("SR", [i0, i2])
            with T.init():
                C[i] = T.float32(0)
            C[i] = C[i] + T.exp(A[i, k])
"#;
    let e = refused(src, "  - {op: pad_einsum, block: C, padding: [1, 32]}\n");
    assert!(e.contains("padded terms are zero"), "{e}");
    // Padding only the spatial iterator is sound.
    legal(src, "  - {op: pad_einsum, block: C, padding: [48, 1]}\n");
}

#[test]
fn padding_an_axis_longer_than_its_iterator_is_refused() {
    // TVM's copy would take A[127] (a real element) where the padded k
    // needs a zero.
    let src = r#"
@T.prim_func
def part(A: T.Buffer((128, 200), "float32"), C: T.Buffer((128,), "float32")):
    for i0, i2 in T.grid(128, 127):
        with T.block("C"):
            i, k = T.axis.remap("SR", [i0, i2])
            with T.init():
                C[i] = T.float32(0)
            C[i] = C[i] + A[i, k] * T.float32(2)
"#;
    let e = refused(src, "  - {op: pad_einsum, block: C, padding: [1, 32]}\n");
    assert!(e.contains("of another extent"), "{e}");
}

#[test]
fn invalid_paddings_and_non_einsum_blocks_are_refused() {
    // TVM: InvalidPaddingError, NonEinsumError.
    let e = refused(
        MATMUL_127,
        "  - {op: pad_einsum, block: C, padding: [32, 32]}\n",
    );
    assert!(e.contains("3 positive integers"), "{e}");
    let e = refused(
        MATMUL_127,
        "  - {op: pad_einsum, block: C, padding: [32, 0, 32]}\n",
    );
    assert!(e.contains("3 positive integers"), "{e}");
    let e = refused(
        RESIZE,
        "  - {op: pad_einsum, block: resize, padding: [1, 1, 32, 32]}\n",
    );
    assert!(e.contains("Einsum pattern"), "{e}");
}

/// TVM's test_pad_matmul: a symbolic `n` padded to `(n + 31) // 32 * 32`.
const MATMUL_N: &str = r#"
@T.prim_func
def matmul_before(a: T.handle, b: T.handle, c: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (128, 128), "float32")
    B = T.match_buffer(b, (n, 128), "float32")
    C = T.match_buffer(c, (128, n), "float32")
    for i0, i1, i2 in T.grid(128, n, 128):
        with T.block("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C[i, j] = T.float32(0)
            C[i, j] = C[i, j] + A[i, k] * B[j, k]
"#;

#[test]
fn pad_einsum_pads_a_symbolic_extent() {
    let trace = replay(MATMUL_N, PAD_32).unwrap_or_else(|e| panic!("{e}"));
    let printed = tirtui::script::print_func(trace.func());
    for line in [
        "B_pad = T.alloc_buffer(((n + 31) // 32 * 32, 128))",
        "B_pad[v0, v1] = T.if_then_else(v0 < n, B[v0, v1], T.float32(0.0))",
        "for i0, i1, i2 in T.grid(128, (n + 31) // 32 * 32, 128):",
        "for i0, i1 in T.grid(128, n):",
    ] {
        assert!(printed.contains(line), "{line}\n{printed}");
    }
}

// ---------------------------------------------------------------- cache_read of an in-place buffer

/// TVM's `inplace_func`: `data_io` is read by copy_in before copy_out writes it.
const INPLACE: &str = r#"
@T.prim_func
def inplace_func(data_io: T.Buffer((64,), "int32")):
    data_1d = T.alloc_buffer((64,), "int32")
    for i0 in range(64):
        with T.block("copy_in"):
            v0 = T.axis.spatial(64, i0)
            data_1d[v0] = data_io[v0]
    for i0 in range(64):
        with T.block("double"):
            v0 = T.axis.spatial(64, i0)
            data_1d[v0] = data_1d[v0] * 2
    for i0 in range(64):
        with T.block("copy_out"):
            v0 = T.axis.spatial(64, i0)
            data_io[v0] = data_1d[v0]
"#;

#[test]
fn cache_read_of_a_buffer_written_after_its_reader_goes_first() {
    // test_inplace_cache_read: the copy into the cache comes before copy_in
    // (it came after the middle block, and copy_in read an unfilled cache).
    let steps = "  - {op: cache_read, block: copy_in, read_buffer_index: 0, storage_scope: local, consumer_blocks: [copy_in]}\n";
    let (_, printed) = legal(INPLACE, steps);
    let copy = printed.find("with T.block(\"data_io_local\")").unwrap();
    let reader = printed.find("with T.block(\"copy_in\")").unwrap();
    assert!(copy < reader, "{printed}");
}

/// A padding whose padded extent overflows (the fuzzer's `i64::MAX`) is
/// refused with a message, not an arithmetic panic.
#[test]
fn a_padding_past_int32_is_refused() {
    for p in ["9223372036854775807", "4294967296"] {
        let e = refused(
            MATMUL_127,
            &format!("  - {{op: pad_einsum, block: C, padding: [32, {p}, 32]}}\n"),
        );
        assert!(e.contains("exceed int32"), "{e}");
    }
}
