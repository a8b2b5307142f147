//! reindex (issue 28): the program TVM 0.27 prints for the same step, the
//! result unchanged (interpreter; lowered, on the SIMT simulator and as CUDA
//! text), TVM's refusals at the same step, the refusals of programs TVM
//! would build wrong, and the Python round trip.
//!
//! tests/data/reindex/tvm_*.txt are TVM 0.27's own output
//! (`sch.mod["main"].script()`), written by tests/data/reindex/gen_tvm.py.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const TRANSPOSE: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vj, vi] * T.float32(2)
"#;

/// TVM's test_conv2d_reindex workload, smaller (the interpreter runs it).
const CONV: &str = r#"
@T.prim_func
def conv(Input: T.Buffer((1, 16, 16, 3), "float32"), Weight: T.Buffer((3, 3, 3, 8), "float32"), Out: T.Buffer((1, 7, 7, 8), "float32")):
    for i0, i1, i2, i3, i4, i5, i6 in T.grid(1, 7, 7, 8, 3, 3, 3):
        with T.block("conv"):
            n, h, w, co, rh, rw, rc = T.axis.remap("SSSSRRR", [i0, i1, i2, i3, i4, i5, i6])
            with T.init():
                Out[n, h, w, co] = T.float32(0)
            Out[n, h, w, co] = Out[n, h, w, co] + Input[n, h * 2 + rh, w * 2 + rw, co // 8 * 3 + rc] * Weight[rh, rw, rc, co]
"#;

/// TVM's test_reindex_mixed_dtype, smaller: int64 iterators.
const MIXED: &str = r#"
@T.prim_func
def mixed(p0: T.Buffer((T.int64(2), 16), "float16"), p1: T.Buffer((16, 16), "float16"), C: T.Buffer((T.int64(2), 16), "float16")):
    for i0, i1, i2 in T.grid(T.int64(2), 16, 16):
        with T.block("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C[i, j] = T.float16(0)
            C[i, j] = C[i, j] + p0[i, k] * p1[j, k]
"#;

const GEMM: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    for i, j, k in T.grid(64, 64, 64):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

fn replay(src: &str, steps: &str) -> Result<Trace, String> {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").map_err(|e| e.to_string())?;
    let func = tirtui::script::parse_func(src, None).unwrap();
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

/// Applies the steps; the printed program parses back to itself and the
/// interpreter's outputs are those of the workload.
#[track_caller]
fn legal(src: &str, steps: &str) -> PrimFunc {
    let func = replay(src, steps)
        .unwrap_or_else(|e| panic!("{e}"))
        .func()
        .clone();
    let printed = tirtui::script::print_func(&func);
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    same_results(src, &func, |f, args| {
        interp::run(f, args).map_err(|e| e.to_string())
    });
    func
}

/// The outputs of `scheduled`, run by `run`, equal the workload's (interpreted).
#[track_caller]
fn same_results(
    src: &str,
    scheduled: &PrimFunc,
    run: impl Fn(&PrimFunc, &mut [interp::Tensor]) -> Result<(), String>,
) {
    let workload = tirtui::script::parse_func(src, None).unwrap();
    for seed in [3, 17] {
        let mut want = interp::random_args(&workload, seed).unwrap();
        let mut got = want.clone();
        interp::run(&workload, &mut want).unwrap();
        run(scheduled, &mut got).unwrap_or_else(|e| panic!("{e}"));
        for (g, e) in got.iter().zip(&want) {
            assert!(
                g.max_rel_err(e) <= 1e-3,
                "results differ:\n{}",
                tirtui::script::print_func(scheduled)
            );
        }
    }
}

/// TVM 0.27's text in tirtui's (classic) spelling.
fn tvm_text(name: &str) -> String {
    let raw = std::fs::read_to_string(format!("tests/data/reindex/tvm_{name}.txt")).unwrap();
    raw.replace("T.sblock_alloc_buffer(", "T.alloc_buffer(")
        .replace("T.sblock(", "T.block(")
        .replace("@T.prim_func(s_tir=True)", "@T.prim_func")
        .replace(
            "# from tvm.script import tirx as T",
            "# from tvm.script import tir as T",
        )
        .replace("# from tvm.tirx.layout import Axis\n", "")
}

/// The last step fails, naming `says`, and leaves the program as it was.
#[track_caller]
fn refused(src: &str, steps: &str, says: &str) -> String {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap();
    let func = tirtui::script::parse_func(src, None).unwrap();
    let n = session.steps.len();
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace
        .push(session.steps[n - 1].clone())
        .expect_err("the last step must fail");
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    let full = err.to_diagnostic("case.yaml").render();
    assert!(full.contains("^^^"), "the culprit is marked:\n{full}");
    assert!(full.contains(says), "expected `{says}` in:\n{full}");
    assert!(full.contains("help: "), "a hint is given:\n{full}");
    full
}

#[test]
fn a_read_is_copied_before_the_nest_in_the_blocks_iterator_order() {
    let f = legal(
        TRANSPOSE,
        "  - {op: reindex, block: B, buffer: [read, 0], out: r}\n",
    );
    let text = tirtui::script::print_func(&f);
    // TVM's test_reindex_read_basic.
    for line in [
        "A_reindex = T.alloc_buffer((128, 128))",
        "with T.block(\"A_reindex_reindex\"):",
        "A_reindex[v0, v1] = A[v1, v0]",
        "B[vi, vj] = A_reindex[vi, vj] * T.float32(2.0)",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
    assert!(
        text.find("A_reindex_reindex").unwrap() < text.find("T.block(\"B\")").unwrap(),
        "{text}"
    );
}

#[test]
fn conv_data_and_weight_print_as_tvm() {
    // The data's index `co // 8 * 3 + rc` simplifies to `rc` over co's domain,
    // so `co` gets no axis; the weight is transposed to the iterator order.
    for (name, buffer) in [("conv_data", "[read, 0]"), ("conv_weight", "Weight")] {
        let f = legal(
            CONV,
            &format!("  - {{op: reindex, block: conv, buffer: {buffer}}}\n"),
        );
        assert_eq!(
            tirtui::script::print_func(&f).trim(),
            tvm_text(name).trim(),
            "{name}"
        );
    }
}

#[test]
fn a_write_is_copied_back_after_the_nest_keeping_int64_extents() {
    // Regression: the buffer's shape was `min + extent` simplified, which
    // turned `T.int64(2)` into an int32 `2`.
    let f = legal(MIXED, "  - {op: reindex, block: C, buffer: C}\n");
    let text = tirtui::script::print_func(&f);
    assert!(
        text.contains("C_reindex = T.alloc_buffer((T.int64(2), 16), \"float16\")"),
        "{text}"
    );
    assert!(
        text.contains("for ax0, ax1 in T.grid(T.int64(2), 16):"),
        "{text}"
    );
    // TVM's program but for the reads it infers itself.
    let tvm = tvm_text("mixed");
    for line in tvm.lines().filter(|l| !l.contains("T.reads(")) {
        assert!(text.contains(line.trim()), "`{line}` missing:\n{text}");
    }
}

#[test]
fn the_result_does_not_change_for_every_access_of_every_workload() {
    let cases = [
        (TRANSPOSE, "B", "[read, 0]"),
        (TRANSPOSE, "B", "[write, 0]"),
        (CONV, "conv", "[read, 0]"),
        (CONV, "conv", "[read, 1]"),
        (CONV, "conv", "Out"),
        (GEMM, "C", "A"),
        (GEMM, "C", "B"),
        (GEMM, "C", "C"),
        (MIXED, "C", "p0"),
        (MIXED, "C", "p1"),
    ];
    for (src, block, buffer) in cases {
        legal(
            src,
            &format!("  - {{op: reindex, block: {block}, buffer: {buffer}, out: r}}\n"),
        );
    }
}

#[test]
fn reindexing_again_and_scheduling_the_stages_keeps_the_result() {
    // Every buffer of a GEMM reindexed (as MetaSchedule's tensor-core rule
    // does before tensorizing), the GEMM tiled, a read copy inlined back and
    // the write back moved under the GEMM's outer loop.
    let steps = "  - {op: reindex, block: C, buffer: [write, 0], out: cw}
  - {op: reindex, block: C, buffer: [read, 0], out: ar}
  - {op: reindex, block: C, buffer: [read, 1], out: br}
  - {op: get_loops, block: C, out: [i, j, k]}
  - {op: split, loop: i, factors: [null, 16], out: [i0, i1]}
  - {op: split, loop: k, factors: [null, 8], out: [k0, k1]}
  - {op: reorder, ordered_loops: [i0, k0, j, i1, k1]}
  - {op: compute_inline, block: ar}
  - {op: reverse_compute_at, block: cw, loop: i0}
";
    legal(GEMM, steps);
}

#[test]
fn a_write_after_a_non_dividing_split_is_accepted_as_tvm_does() {
    // The split's `T.where` only cuts the loops back to the domain, so the
    // block still computes every element the copy writes back.
    let steps = "  - {op: get_loops, block: C, out: [i, j, k]}
  - {op: split, loop: i, factors: [null, 5], out: [i0, i1]}
  - {op: reindex, block: C, buffer: [write, 0], out: cw}
";
    let f = legal(GEMM, steps);
    let text = tirtui::script::print_func(&f);
    assert!(text.contains("T.where(i_0 * 5 + i_1 < 64)"), "{text}");
    assert!(text.contains("C[v0, v1] = C_reindex[v0, v1]"), "{text}");
}

#[test]
fn the_stages_lower_to_cuda_and_compute_the_same() {
    let steps = "  - {op: reindex, block: C, buffer: [write, 0], out: cw}
  - {op: reindex, block: C, buffer: [read, 0], out: ar}
  - {op: get_loops, block: ar, out: [a0, a1]}
  - {op: bind, loop: a0, thread_axis: blockIdx.x}
  - {op: bind, loop: a1, thread_axis: threadIdx.x}
  - {op: get_loops, block: C, out: [i, j, k]}
  - {op: bind, loop: i, thread_axis: blockIdx.x}
  - {op: bind, loop: j, thread_axis: threadIdx.x}
  - {op: get_loops, block: cw, out: [c0, c1]}
  - {op: bind, loop: c0, thread_axis: blockIdx.x}
  - {op: bind, loop: c1, thread_axis: threadIdx.x}
";
    let scheduled = legal(GEMM, steps);
    let lowered = tirtui::lower::lower_program(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    same_results(GEMM, &scheduled, |_, args| {
        tirtui::simt::simulate_program(&lowered, args).map_err(|e| e.to_string())
    });
    let cuda = tirtui::codegen::emit_program(&lowered).unwrap();
    let source = &cuda.kernel.source;
    // Three kernels: the read copy, the GEMM on the copies, the write back.
    assert!(source.contains("main_kernel_2"), "{source}");
    assert!(source.contains("A_reindex"), "{source}");
    assert!(source.contains("C_reindex"), "{source}");
}

const MULTIPLE_READ: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vj, vi] + A[vi, vj]
"#;

#[test]
fn tvms_refusals_at_the_same_step() {
    // test_reindex_fail_multiple_read.
    refused(
        MULTIPLE_READ,
        "  - {op: reindex, block: B, buffer: A}\n",
        "accesses `A` at different indices",
    );
    // A block holding another block is no leaf (TVM's NotLeafBlockError).
    refused(
        GEMM,
        "  - {op: get_loops, block: C, out: [i, j, k]}
  - {op: blockize, target: j, out: outer}
  - {op: reindex, block: outer, buffer: [read, 0]}
",
        "is not a leaf block",
    );
    // The root block has no scope to put the stage in.
    let e = replay(GEMM, "  - {op: reindex, block: root, buffer: [read, 0]}\n")
        .map(|_| ())
        .unwrap_err();
    assert!(e.contains("step 1"), "{e}");
}

/// TVM's test_matmul_reindex_write workload: C listed among the reads.
const MATMUL_READS_C: &str = r#"
@T.prim_func
def matmul(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i0, i1, i2 in T.grid(16, 16, 16):
        with T.block("matmul"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            T.reads(C[i, j], A[i, k], B[k, j])
            T.writes(C[i, j])
            with T.init():
                C[i, j] = T.float32(0)
            C[i, j] = C[i, j] + A[i, k] * B[k, j]
"#;

const UPDATE: &str = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.remap("S", [i])
            B[vi] = B[vi] + A[vi]
"#;

const HALF_COVERED: &str = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[vi] + T.float32(1)
"#;

const SHIFTED_READ: &str = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[vi + 8]
"#;

const FILTERED: &str = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.remap("S", [i])
            T.where(i % 2 == 0)
            B[vi] = A[vi] + T.float32(1)
"#;

#[test]
fn programs_tvm_would_build_wrong_are_refused() {
    // TVM 0.27 makes each of these (checked on the CPU) and computes
    // something else: B_reindex read uninitialized, C never written, B's
    // odd or upper elements overwritten with what nobody computed.
    refused(
        UPDATE,
        "  - {op: reindex, block: B, buffer: [write, 0]}\n",
        "reads `B` before writing it",
    );
    refused(
        MATMUL_READS_C,
        "  - {op: reindex, block: matmul, buffer: [read, 0]}\n",
        "also writes `C`",
    );
    refused(
        HALF_COVERED,
        "  - {op: reindex, block: B, buffer: [write, 0]}\n",
        "does not visit its domain exactly once",
    );
    refused(
        FILTERED,
        "  - {op: reindex, block: B, buffer: [write, 0]}\n",
        "says more than its iterators' domains",
    );
    // The copy runs over the whole domain of `vi`, up to A[23].
    refused(
        SHIFTED_READ,
        "  - {op: reindex, block: B, buffer: [read, 0]}\n",
        "may leave the buffer's extent `16`",
    );
    // Reads of the same programs are accepted: nothing is written back, and
    // the copy stays inside A. (Their own outputs are half unwritten, so
    // the interpreter cannot compare them.)
    for src in [HALF_COVERED, FILTERED] {
        replay(src, "  - {op: reindex, block: B, buffer: [read, 0]}\n")
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_block_sharing_its_loops_is_refused_with_the_loop_named() {
    let src = r#"
@T.prim_func
def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    B = T.alloc_buffer((16,))
    for i in range(16):
        with T.block("B"):
            vi = T.axis.remap("S", [i])
            B[vi] = A[vi] * T.float32(2)
        with T.block("C"):
            vi = T.axis.remap("S", [i])
            C[vi] = B[vi] + T.float32(1)
"#;
    refused(
        src,
        "  - {op: reindex, block: C, buffer: [read, 0]}\n",
        "shares loop `i` with other statements",
    );
}

#[test]
fn python_export_is_tvms_call_and_reads_back() {
    let yaml = "tirtui: 1\nworkload: unused.tir\nsteps:\n  - {op: get_block, name: B, out: b0}\n  - {op: reindex, block: b0, buffer: [read, 0], out: b1}\n  - {op: reindex, block: B, buffer: B, out: b2}\n";
    let session = Session::from_yaml(yaml, "case.yaml").unwrap();
    let py = tirtui::trace::python::to_python(&session.steps, "case.yaml").unwrap();
    assert!(
        py.contains("b1 = sch.reindex(block=b0, buffer=(\"read\", 0))"),
        "{py}"
    );
    assert!(py.contains("buffer=\"B\")"), "{py}");
    let again = Session::from_yaml(&session.to_yaml(), "again.yaml").unwrap();
    assert_eq!(again.steps, session.steps);
    // TVM's own spelling (positional, as users write it) replays too.
    let script = "b = sch.get_sblock(\"B\")\nr = sch.reindex(b, (\"read\", 0))\n";
    let workload = tirtui::script::parse_func(TRANSPOSE, None).unwrap();
    let trace = tirtui::trace::pyscript::read_trace_file(script, workload)
        .unwrap_or_else(|e| panic!("{}", e.message()));
    let text = tirtui::script::print_func(trace.func());
    assert!(text.contains("A_reindex[v0, v1] = A[v1, v0]"), "{text}");
}

#[test]
fn a_trace_as_tvm_prints_it_replays_into_tvms_program() {
    let script = std::fs::read_to_string("tests/data/reindex/tvm_conv_both_trace.py").unwrap();
    let workload = tirtui::script::parse_func(CONV, None).unwrap();
    let trace = tirtui::trace::pyscript::read_trace_file(&script, workload)
        .unwrap_or_else(|e| panic!("{}", e.message()));
    assert_eq!(
        tirtui::script::print_func(trace.func()).trim(),
        tvm_text("conv_both").trim()
    );
    same_results(CONV, trace.func(), |f, args| {
        interp::run(f, args).map_err(|e| e.to_string())
    });
}

// transform_block_layout (test_tir_schedule_transform_layout.py's
// test_transform_block_layout_*).

const ELEMENTWISE: &str = r#"
@T.prim_func
def elementwise(A: T.Buffer((32, 48), "float32"), B: T.Buffer((32, 48), "float32")):
    for i, j in T.grid(32, 48):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
"#;

fn block_layout(block: &str, map: &str) -> String {
    format!("  - {{op: transform_block_layout, block: {block}, index_map: \"{map}\"}}\n")
}

#[test]
fn block_layouts_print_as_tvm_and_compute_the_same() {
    let cases = [
        (
            "tbl_conv",
            CONV,
            "conv",
            "lambda n, h, w, co, rh, rw, rc: (n * 49 + h * 7 + w, co, rh * 9 + rw * 3 + rc)",
        ),
        (
            "tbl_split",
            ELEMENTWISE,
            "B",
            "lambda i, j: (i // 16, j, i % 16)",
        ),
        ("tbl_fuse", ELEMENTWISE, "B", "lambda i, j: (j * 32 + i,)"),
        // int64 and int32 iterators: the fused one is int64, as in TVM.
        ("tbl_mixed", MIXED, "C", "lambda i, j, k: (i * 16 + j, k)"),
    ];
    for (name, src, block, map) in cases {
        let f = legal(src, &block_layout(block, map));
        let text = tirtui::script::print_func(&f);
        let tvm = tvm_text(name);
        if name == "tbl_mixed" {
            // TVM's program but for the reads it infers itself.
            for line in tvm.lines().filter(|l| !l.contains("T.reads(")) {
                assert!(
                    text.contains(line.trim()),
                    "{name}: `{line}` missing:\n{text}"
                );
            }
        } else {
            assert_eq!(text.trim(), tvm.trim(), "{name}");
        }
    }
}

#[test]
fn a_fused_block_lowers_to_cuda_and_computes_the_same() {
    let steps = format!(
        "{}  - {{op: get_loops, block: C, out: [f, k]}}
  - {{op: split, loop: f, factors: [null, 64], out: [bx, tx]}}
  - {{op: bind, loop: bx, thread_axis: blockIdx.x}}
  - {{op: bind, loop: tx, thread_axis: threadIdx.x}}
",
        block_layout("C", "lambda i, j, k: (i * 64 + j, k)")
    );
    let scheduled = legal(GEMM, &steps);
    let text = tirtui::script::print_func(&scheduled);
    assert!(text.contains("C[v0 // 64, v0 % 64]"), "{text}");
    let lowered = tirtui::lower::lower_program(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    same_results(GEMM, &scheduled, |_, args| {
        tirtui::simt::simulate_program(&lowered, args).map_err(|e| e.to_string())
    });
    let cuda = tirtui::codegen::emit_program(&lowered).unwrap();
    assert!(
        cuda.kernel.source.contains("blockIdx.x"),
        "{}",
        cuda.kernel.source
    );
}

#[test]
fn block_layout_refusals_at_tvms_step() {
    // test_transform_block_layout_fail_non_affine: the map is marked.
    let e = refused(
        ELEMENTWISE,
        &block_layout("B", "lambda i, j: (i + j,)"),
        "is not bijective affine",
    );
    assert!(e.contains("| lambda i, j: (i + j,)"), "{e}");
    // test_transform_block_layout_fail_mixed_iter_type: the block is marked.
    refused(
        CONV,
        &block_layout(
            "conv",
            "lambda n, h, w, co, rh, rw, rc: (n * 49 + h * 7 + w, co * 3 + rh, rw * 3 + rc)",
        ),
        "mixes spatial and reduction iterators",
    );
    refused(
        ELEMENTWISE,
        &format!(
            "  - {{op: get_loops, block: B, out: [i, j]}}
  - {{op: split, loop: i, factors: [null, 8], out: [i0, i1]}}
{}",
            block_layout("B", "lambda i, j: (j, i)")
        ),
        "does not bind its iterators trivially",
    );
    refused(
        ELEMENTWISE,
        &block_layout("B", "lambda i: (i,)"),
        "takes 1 indices, but block \"B\" has 2 iterators",
    );
    // A split by a factor that does not divide the extent is no bijection.
    refused(
        ELEMENTWISE,
        &block_layout("B", "lambda i, j: (i // 5, j, i % 5)"),
        "tirtui inverts maps",
    );
}

#[test]
fn a_block_sharing_its_nest_keeps_its_layout() {
    let src = r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    B = T.alloc_buffer((16, 16))
    for i in range(16):
        for j in range(16):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * T.float32(2)
        for j in range(16):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi, vj] + T.float32(1)
"#;
    refused(
        src,
        &block_layout("C", "lambda i, j: (i * 16 + j,)"),
        "shares loop `i` with block \"B\"",
    );
}

#[test]
fn block_layout_python_export_is_tvms_call() {
    let yaml = format!(
        "tirtui: 1\nworkload: unused.tir\nsteps:\n{}",
        block_layout("B", "lambda i, j: (i * 48 + j,)")
    );
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap();
    let py = tirtui::trace::python::to_python(&session.steps, "case.yaml").unwrap();
    assert!(
        py.contains("sch.transform_block_layout(block=get_block(\"B\"), index_map=lambda i, j: (i * 48 + j,))"),
        "{py}"
    );
    let script =
        "b = sch.get_sblock(\"B\")\nsch.transform_block_layout(b, lambda i, j: (i * 48 + j,))\n";
    let workload = tirtui::script::parse_func(ELEMENTWISE, None).unwrap();
    let trace = tirtui::trace::pyscript::read_trace_file(script, workload)
        .unwrap_or_else(|e| panic!("{}", e.message()));
    let text = tirtui::script::print_func(trace.func());
    assert!(
        text.contains("B[v0 // 48, v0 % 48] = A[v0 // 48, v0 % 48]"),
        "{text}"
    );
}

// reorder_block_iter_var (test_tir_schedule_reorder_block_iter_var.py).

#[test]
fn block_iterators_reorder_as_tvm_and_compute_the_same() {
    let steps = "  - {op: get_block, name: C, out: b0}
  - {op: reorder_block_iter_var, block: b0, new_order: [2, 1, 0]}
  - {op: get_loops, block: b0, out: [i, j, k]}
  - {op: bind, loop: i, thread_axis: blockIdx.x}
  - {op: bind, loop: j, thread_axis: threadIdx.x}
";
    let scheduled = legal(GEMM, steps);
    let text = tirtui::script::print_func(&scheduled);
    // TVM's test_reorder_block_iter_var: the bindings move with the iterators.
    assert!(
        text.contains("vk, vj, vi = T.axis.remap(\"RSS\", [k, j, i])"),
        "{text}"
    );
    let lowered = tirtui::lower::lower_program(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    same_results(GEMM, &scheduled, |_, args| {
        tirtui::simt::simulate_program(&lowered, args).map_err(|e| e.to_string())
    });
    tirtui::codegen::emit_program(&lowered).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn block_iterator_orders_that_are_no_permutation_are_refused() {
    // TVM's not_full, not_unique and not_within_bound cases.
    for order in ["[2, 1]", "[0, 0, 2]", "[-1, 3, 2]"] {
        refused(
            GEMM,
            &format!("  - {{op: reorder_block_iter_var, block: C, new_order: {order}}}\n"),
            "is not a permutation of [0, 1, ..., 2]",
        );
    }
    let yaml = "tirtui: 1\nworkload: unused.tir\nsteps:\n  - {op: get_block, name: C, out: b0}\n  - {op: reorder_block_iter_var, block: b0, new_order: [2, 1, 0]}\n";
    let session = Session::from_yaml(yaml, "case.yaml").unwrap();
    let py = tirtui::trace::python::to_python(&session.steps, "case.yaml").unwrap();
    assert!(
        py.contains("sch.reorder_block_iter_var(block=b0, new_order=[2, 1, 0])"),
        "{py}"
    );
}
