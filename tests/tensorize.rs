//! tensorize with TVM 0.27's WMMA intrinsics: a GEMM scheduled as TVM users
//! write it matches every description, the interpreter computes the same result
//! after each step, and blocks that do not match are refused with the block
//! marked and the difference named.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const GEMM_F16: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float16"), C: T.Buffer((64, 64), "float32")):
    for i, j, k in T.grid(64, 64, 64):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + T.Cast("float32", A[vi, vk]) * T.Cast("float32", B[vk, vj])
"#;

/// 16x16x16 tiles, the fragments staged through shared memory, as in TVM's
/// tests/python/tir-schedule/test_tir_schedule_tensorize.py.
const STAGED: &str = "  - {op: get_block, name: C, out: b0}
  - {op: get_loops, block: b0, out: [l1, l2, l3]}
  - {op: split, loop: l1, factors: [null, 16], out: [l4, l5]}
  - {op: split, loop: l2, factors: [null, 16], out: [l6, l7]}
  - {op: split, loop: l3, factors: [null, 16], out: [l8, l9]}
  - {op: reorder, ordered_loops: [l4, l6, l8, l5, l7, l9]}
  - {op: cache_write, block: b0, write_buffer_index: 0, storage_scope: wmma.accumulator, out: b_acc}
  - {op: reverse_compute_at, block: b_acc, loop: l6}
  - {op: cache_read, block: b0, read_buffer_index: 0, storage_scope: shared, out: b_as}
  - {op: cache_read, block: b0, read_buffer_index: 0, storage_scope: wmma.matrix_a, out: b_aw}
  - {op: cache_read, block: b0, read_buffer_index: 1, storage_scope: shared, out: b_bs}
  - {op: cache_read, block: b0, read_buffer_index: 1, storage_scope: wmma.matrix_b, out: b_bw}
  - {op: compute_at, block: b_aw, loop: l8}
  - {op: compute_at, block: b_bw, loop: l8}
  - {op: compute_at, block: b_as, loop: l8}
  - {op: compute_at, block: b_bs, loop: l8}
  - {op: decompose_reduction, block: b0, loop: l8, out: b_init}
";

const TENSORIZE_ALL: &str =
    "  - {op: tensorize, block_or_loop: l5, tensor_intrin: wmma_sync_16x16x16_f16f16f32}
  - {op: get_loops, block: b_init, out: [li0, li1, li2, li3]}
  - {op: tensorize, block_or_loop: li2, tensor_intrin: wmma_fill_16x16x16_f32}
  - {op: get_loops, block: b_aw, out: [la0, la1, la2, la3, la4]}
  - {op: tensorize, block_or_loop: la3, tensor_intrin: wmma_load_16x16x16_f16_a_shared}
  - {op: get_loops, block: b_bw, out: [lb0, lb1, lb2, lb3, lb4]}
  - {op: tensorize, block_or_loop: lb3, tensor_intrin: wmma_load_16x16x16_f16_b_shared}
  - {op: get_loops, block: b_acc, out: [ls0, ls1, ls2, ls3]}
  - {op: tensorize, block_or_loop: ls2, tensor_intrin: wmma_store_16x16x16_f32_global}
";

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

fn try_replay(workload: &str, steps: &str) -> Result<Trace, String> {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(parse(workload), &session.steps)
        .map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn tensorized(func: &PrimFunc) -> Vec<String> {
    func.blocks()
        .iter()
        .flat_map(|b| &b.annotations)
        .filter(|(k, _)| k == "tirtui.tensor_intrin")
        .map(|(_, v)| format!("{v:?}"))
        .collect()
}

#[test]
fn a_staged_gemm_matches_every_wmma_description() {
    let trace =
        try_replay(GEMM_F16, &format!("{STAGED}{TENSORIZE_ALL}")).unwrap_or_else(|e| panic!("{e}"));
    let marks = tensorized(trace.func());
    assert_eq!(marks.len(), 5, "{marks:?}");
    for name in [
        "wmma_sync_16x16x16_f16f16f32",
        "wmma_fill_16x16x16_f32",
        "wmma_load_16x16x16_f16_a_shared",
        "wmma_load_16x16x16_f16_b_shared",
        "wmma_store_16x16x16_f32_global",
    ] {
        assert!(
            marks.iter().any(|m| m.contains(name)),
            "{name} missing: {marks:?}"
        );
    }
}

#[test]
fn the_interpreter_computes_the_same_gemm_after_tensorize() {
    let before = parse(GEMM_F16);
    let trace =
        try_replay(GEMM_F16, &format!("{STAGED}{TENSORIZE_ALL}")).unwrap_or_else(|e| panic!("{e}"));
    let mut want = interp::random_args(&before, 11).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want);
    // The printed tensorized program reads back (the marks included).
    let text = tirtui::script::print_func(trace.func());
    assert_eq!(tirtui::script::print_func(&parse(&text)), text);
}

#[test]
fn a_fragment_in_the_wrong_scope_is_refused_with_the_difference() {
    // B staged in shared but never loaded into a matrix_b fragment.
    let steps = STAGED.replace(
        "  - {op: cache_read, block: b0, read_buffer_index: 1, storage_scope: wmma.matrix_b, out: b_bw}\n",
        "",
    )
    .replace("  - {op: compute_at, block: b_bw, loop: l8}\n", "");
    let err = try_replay(
        GEMM_F16,
        &format!("{steps}  - {{op: tensorize, block_or_loop: l5, tensor_intrin: wmma_sync_16x16x16_f16f16f32}}\n"),
    )
    .err()
    .unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `wmma_sync_16x16x16_f16f16f32`"),
        "{err}"
    );
    assert!(
        err.contains(
            "`B_shared` is in scope shared where the description's `B` is in wmma.matrix_b"
        ),
        "{err}"
    );
    assert!(err.contains("^"), "the block is marked: {err}");
    assert!(
        err.contains("def wmma_sync_desc"),
        "the hint shows the description: {err}"
    );
}

#[test]
fn a_tile_of_the_wrong_size_is_refused() {
    let steps = STAGED.replace(
        "factors: [null, 16], out: [l8, l9]",
        "factors: [null, 8], out: [l8, l9]",
    );
    let err = try_replay(
        GEMM_F16,
        &format!("{steps}  - {{op: tensorize, block_or_loop: l5, tensor_intrin: wmma_sync_16x16x16_f16f16f32}}\n"),
    )
    .err()
    .unwrap();
    assert!(
        err.contains("loop `k_1` runs over [0, 8) where the description's loop runs over [0, 16)"),
        "{err}"
    );
    assert!(err.contains("^^^"), "the loop is marked: {err}");
}

#[test]
fn the_wrong_dtype_and_an_unknown_name_are_refused() {
    // Accumulating in float16: the f16f16f32 intrinsic's C is float32.
    let f16_acc = GEMM_F16
        .replace(
            "C: T.Buffer((64, 64), \"float32\")",
            "C: T.Buffer((64, 64), \"float16\")",
        )
        .replace("T.float32(0)", "T.float16(0)")
        .replace(
            "T.Cast(\"float32\", A[vi, vk]) * T.Cast(\"float32\", B[vk, vj])",
            "A[vi, vk] * B[vk, vj]",
        );
    let sync = |name: &str| {
        try_replay(
            &f16_acc,
            &format!("{STAGED}  - {{op: tensorize, block_or_loop: l5, tensor_intrin: {name}}}\n"),
        )
    };
    let err = sync("wmma_sync_16x16x16_f16f16f32").err().unwrap();
    assert!(
        err.contains("`C_wmma_accumulator` is float16 where the description's `C` is float32"),
        "{err}"
    );
    // ... and the f16f16f16 one matches it.
    sync("wmma_sync_16x16x16_f16f16f16").unwrap_or_else(|e| panic!("{e}"));
    let err = try_replay(
        GEMM_F16,
        &format!(
            "{STAGED}  - {{op: tensorize, block_or_loop: l5, tensor_intrin: wmma_sync_8x8x8}}\n"
        ),
    )
    .err()
    .unwrap();
    assert!(
        err.contains("no tensor intrinsic named `wmma_sync_8x8x8`"),
        "{err}"
    );
}

#[test]
fn a_tensorized_block_lowers_to_one_wmma_call_not_scalar_code() {
    // Bound before decompose_reduction: after it the update block has no
    // init, so `l4` has no compact dataflow and TVM 0.27 refuses the bind.
    let staged = STAGED.replace(
        "  - {op: decompose_reduction",
        "  - {op: bind, loop: l4, thread_axis: blockIdx.x}\n  - {op: decompose_reduction",
    );
    assert_ne!(staged, STAGED);
    let trace =
        try_replay(GEMM_F16, &format!("{staged}{TENSORIZE_ALL}")).unwrap_or_else(|e| panic!("{e}"));
    let cuda = tirtui::codegen::generate(trace.func())
        .unwrap_or_else(|e| panic!("{e}"))
        .kernel
        .source;
    assert!(cuda.contains("#include <mma.h>"), "{cuda}");
    for call in [
        "nvcuda::wmma::fill_fragment(",
        "nvcuda::wmma::load_matrix_sync(",
        "nvcuda::wmma::mma_sync(",
        "nvcuda::wmma::store_matrix_sync(",
    ] {
        assert!(cuda.contains(call), "no {call} in\n{cuda}");
    }
    // The description's scalar multiply-add is gone with its block.
    assert!(!cuda.contains("__half2float"), "{cuda}");
}

/// The fp16 4096^3 WMMA session (sessions/), replayed on a 128^3 copy of
/// its workload: every tensorize matches and the interpreter's result is the
/// unscheduled program's.
#[test]
fn the_wmma_gemm_session_keeps_the_result_at_a_small_size() {
    let dir = std::path::Path::new("sessions");
    let workload = std::fs::read_to_string(dir.join("gemm_f16_4096.tir"))
        .unwrap()
        .replace("4096", "128");
    let session =
        Session::load(&dir.join("gemm_f16_4096_1_wmma.yaml")).unwrap_or_else(|e| panic!("{e}"));
    let before = parse(&workload);
    let trace = Trace::replay(before.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("wmma").render()));
    assert_eq!(tensorized(trace.func()).len(), 5);
    let mut want = interp::random_args(&before, 2).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want);
}

/// Fragments are counted in 16x16 tiles of the compacted per-warp region (a
/// 64x64 accumulator is 16 fragments, a 64x16 operand 4), and `ldm` is the
/// row stride of the memory each tile is loaded from or stored to.
#[test]
fn the_wmma_session_declares_one_fragment_per_tile_with_the_row_strides() {
    let path = std::path::Path::new("sessions/gemm_f16_4096_1_wmma.yaml");
    let session = Session::load(path).unwrap();
    let (_, text) = session.workload_source(Some(path)).unwrap();
    let trace = Trace::replay(parse(&text), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("wmma").render()));
    let out = tirtui::codegen::generate(trace.func()).unwrap();
    // C is written only by store_matrix_sync: it is still the run's output.
    let outputs: Vec<&str> = out
        .kernel
        .args
        .iter()
        .filter(|a| a.is_output)
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(outputs, ["C"]);
    let cuda = out.kernel.source;
    for want in [
        "float> C_wmma_accumulator[16];",
        "nvcuda::wmma::row_major> A_shared_wmma_matrix_a[4];",
        "nvcuda::wmma::row_major> B_shared_wmma_matrix_b[4];",
        // A_shared is 128x32, B_shared 32x128, C 4096 wide.
        "k_1 * 16], 32);",
        "ax1_0 * 16], 128);",
        ", 4096, nvcuda::wmma::mem_row_major);",
        // Tile pointers must be 256-bit aligned.
        "__shared__ __align__(32) half A_shared[4096];",
    ] {
        assert!(cuda.contains(want), "no `{want}` in\n{cuda}");
    }
}

/// The pipelined WMMA session: the software pipeline repeats the compute
/// statement (steady state and epilogue), and with it the fragments'
/// allocations; each is still one fragment per 16x16 tile (it was sized twice,
/// `[0]`, before), the copies are cp.async into three stages, and `ldm` is the
/// padded row stride.
#[test]
fn the_pipelined_wmma_session_keeps_one_fragment_per_tile() {
    let path = std::path::Path::new("sessions/gemm_f16_4096_2_wmma_pipelined.yaml");
    let session = Session::load(path).unwrap();
    let (_, text) = session.workload_source(Some(path)).unwrap();
    let trace = Trace::replay(parse(&text), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("wmma").render()));
    let cuda = tirtui::codegen::generate(trace.func())
        .unwrap()
        .kernel
        .source;
    for want in [
        "float> C_wmma_accumulator[16];",
        "nvcuda::wmma::row_major> A_shared_wmma_matrix_a[4];",
        "nvcuda::wmma::row_major> B_shared_wmma_matrix_b[4];",
        // The session sends its 16-byte copies through L1.
        "tirtui_cp_async_16_l1(A_shared",
        "TIRTUI_CP_ASYNC_WAIT(2);",
        // A rows 64 + 8 halves, B rows 128 + 8.
        "k_1 * 16], 72);",
        "ax1_0 * 16], 136);",
    ] {
        assert!(cuda.contains(want), "no `{want}` in\n{cuda}");
    }
    assert!(!cuda.contains("[0];"), "an empty array in\n{cuda}");
}
