//! int8 GEMMs through tensor cores with TVM 0.27's int8 intrinsics: the
//! shipped WMMA (s8s8s32) and MMA (ldmatrix + m16n8k32) sessions, replayed
//! on a 128^3 copy of their workload, match every description and keep the
//! interpreter's result exactly; schedules that do not match are refused with
//! the difference named; the MMA kernel, simulated lane by lane with PTX's
//! fragment layouts, computes the same integers; both kernels compile with
//! NVRTC (ignored here: needs libnvrtc).

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const WMMA: &str = "sessions/gemm_i8_4096_1_wmma_pipelined.yaml";
const MMA: &str = "sessions/gemm_i8_4096_2_mma.yaml";

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The workload at 128^3 and a session's steps.
fn small_case(session: &str) -> (PrimFunc, String) {
    let workload = std::fs::read_to_string("sessions/gemm_i8_4096.tir")
        .unwrap()
        .replace("4096", "128");
    (parse(&workload), std::fs::read_to_string(session).unwrap())
}

fn replay_yaml(func: PrimFunc, yaml: &str) -> Result<Trace, String> {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn tensorized(func: &PrimFunc) -> Vec<String> {
    func.blocks()
        .iter()
        .flat_map(|b| &b.annotations)
        .filter(|(k, _)| k == "tirtui.tensor_intrin")
        .map(|(_, v)| format!("{v:?}"))
        .collect()
}

fn assert_marks(func: &PrimFunc, names: &[&str]) {
    let marks = tensorized(func);
    for name in names {
        assert!(
            marks.iter().any(|m| m.contains(&format!("\"{name}\""))),
            "{name} missing: {marks:?}"
        );
    }
}

/// The interpreter runs the tensorized program through the descriptions:
/// int32 results equal to the unscheduled program's, element for element.
fn assert_same_result(before: &PrimFunc, after: &PrimFunc) {
    let mut want = interp::random_args(before, 11).unwrap();
    let mut got = want.clone();
    interp::run(before, &mut want).unwrap();
    interp::run(after, &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want);
}

#[test]
fn the_wmma_session_matches_every_int8_description_and_keeps_the_result() {
    let (before, yaml) = small_case(WMMA);
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    assert_marks(
        trace.func(),
        &[
            "wmma_load_16x16x16_s8_a_shared",
            "wmma_load_16x16x16_s8_b_trans_shared",
            "wmma_fill_16x16x16_s32",
            "wmma_sync_16x16x16_s8s8s32_trans",
            "wmma_store_16x16x16_s32_global",
        ],
    );
    assert_same_result(&before, trace.func());
}

#[test]
fn the_plain_sync_does_not_match_b_stored_by_n_then_k() {
    let (before, yaml) = small_case(WMMA);
    let yaml = yaml.replace(
        "tensor_intrin: wmma_sync_16x16x16_s8s8s32_trans}",
        "tensor_intrin: wmma_sync_16x16x16_s8s8s32}",
    );
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `wmma_sync_16x16x16_s8s8s32`"),
        "{err}"
    );
}

#[test]
fn an_fp16_intrinsic_does_not_match_int8_fragments() {
    let (before, yaml) = small_case(WMMA);
    let yaml = yaml.replace(
        "tensor_intrin: wmma_load_16x16x16_s8_a_shared}",
        "tensor_intrin: wmma_load_16x16x16_f16_a_shared}",
    );
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `wmma_load_16x16x16_f16_a_shared`"),
        "{err}"
    );
    assert!(err.contains("int8"), "{err}");
}

#[test]
fn the_wmma_kernel_uses_signed_char_fragments_and_int_accumulators() {
    let (before, yaml) = small_case(WMMA);
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let out = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    let cuda = &out.kernel.source;
    for want in [
        "nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, signed char, nvcuda::wmma::row_major>",
        "nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, signed char, nvcuda::wmma::col_major>",
        "nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, int>",
        "nvcuda::wmma::fill_fragment(",
        "tirtui_cp_async_16_l1(",
    ] {
        assert!(cuda.contains(want), "no `{want}` in\n{cuda}");
    }
    // The accumulator is filled with an int, not a float literal.
    let fill = cuda.lines().find(|l| l.contains("fill_fragment(")).unwrap();
    assert!(fill.trim_end().ends_with(", 0);"), "{fill}");
}

#[test]
fn the_mma_session_matches_every_int8_description_and_keeps_the_result() {
    let (before, yaml) = small_case(MMA);
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    assert_marks(
        trace.func(),
        &[
            "mma_ldmatrix_i8_a",
            "mma_ldmatrix_i8_b_trans",
            "mma_i8i8i32_trans_b",
            "mma_fill_16x16_i32",
            "mma_store_16x16_i32_global_",
        ],
    );
    assert_same_result(&before, trace.func());
    let text = tirtui::script::print_func(trace.func());
    assert_eq!(tirtui::script::print_func(&parse(&text)), text);
}

#[test]
fn the_fp16_layout_is_refused_for_an_int8_warp_tile() {
    let (before, yaml) = small_case(MMA);
    // A's warp buffer laid out as an fp16 16x16 tile.
    let yaml = yaml.replacen(
        "index_map: \"lambda i, j: (i // 16, j // 32, 4 * (i % 16 % 8) + j % 32 % 16 // 4, 8 * (j % 32 // 16) + i % 16 // 8 * 4 + j % 32 % 4)\"",
        "index_map: \"lambda i, j: (i // 16, j // 16, 4 * (i % 16 % 8) + j % 16 % 8 // 2, 4 * (j % 16 // 8) + i % 16 // 8 * 2 + j % 16 % 2)\"",
        1,
    );
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `mma_ldmatrix_i8_a`"),
        "{err}"
    );
}

#[test]
fn the_mma_kernel_lowers_to_int8_ldmatrix_and_m16n8k32() {
    let (before, yaml) = small_case(MMA);
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let out = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    let cuda = &out.kernel.source;
    for want in [
        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32",
        "tirtui_ldmatrix_x4(signed char* dst",
        "tirtui_mma_16x16x32_s8s8s32(&",
        // Per lane: A is 4x1 tiles of 16 int8, B 4x1, C 4x4 tiles of 8
        // ints; A and B twice over (one version per pipeline stage).
        "signed char A_shared_warp[128];",
        "signed char B_shared_warp[128];",
        "int C_warp[128];",
        "tirtui_cp_async_16_l1(",
        "#include <cuda_fp16.h>",
    ] {
        assert!(cuda.contains(want), "no `{want}` in\n{cuda}");
    }
    // A and B tiles (128 rows of 64 + 16 int8) three times over.
    assert_eq!(out.kernel.dynamic_shared_bytes, 3 * 2 * 128 * 80);
    assert_eq!(out.kernel.block, [32, 4, 1]);
}

/// The simulator runs the 8-bit ldmatrix and m16n8k32 as the hardware does,
/// so the lowered kernel computing the interpreter's integers checks the
/// lanes' row addresses and the register layouts together.
#[test]
fn the_lowered_mma_kernel_computes_the_descriptions_result() {
    let (before, yaml) = small_case(MMA);
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
    let mut want = interp::random_args(&before, 5).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got[2], want[2]);
}

/// Both int8 ldmatrix intrinsics share one description (as in TVM), so B
/// loaded with A's lane rows tensorizes, and is wrong: the simulation (unlike
/// the interpreter) sees it.
#[test]
fn b_loaded_with_as_lane_rows_is_caught_by_the_simulation() {
    let (before, yaml) = small_case(MMA);
    let yaml = yaml.replace(
        "tensor_intrin: mma_ldmatrix_i8_b_trans}",
        "tensor_intrin: mma_ldmatrix_i8_a}",
    );
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
    let mut want = interp::random_args(&before, 5).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(got[2], want[2]);
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test int8 -- --ignored, with the NVRTC env of .ci/run)"]
fn the_int8_kernels_compile_with_nvrtc() {
    assert!(tirtui::runtime::nvrtc_available(), "needs libnvrtc");
    for (session, wants) in [
        (
            WMMA,
            &["wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32"][..],
        ),
        (
            MMA,
            &[
                "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
                "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32",
            ][..],
        ),
    ] {
        let (before, yaml) = small_case(session);
        let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
        let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
        for arch in ["sm_80", "sm_90"] {
            let report = tirtui::runtime::nvrtc_compile(&kernel, arch)
                .unwrap_or_else(|e| panic!("{session} {arch}: {e}\n{}", kernel.source));
            assert!(report.warnings.is_empty(), "{arch}: {:?}", report.warnings);
            for want in wants {
                assert!(
                    report.ptx.contains(want),
                    "{session} {arch}: no {want} in the PTX"
                );
            }
            assert!(
                !report.ptx.contains(".local"),
                "{session} {arch}: local memory"
            );
        }
    }
}

/// B as (k, n): TVM's `mma_ldmatrix_i8_b` and `mma_i8i8i32` match and the
/// interpreter runs them, but ldmatrix cannot transpose int8 (TVM emits a
/// scalar loop there): lowering refuses with the reason instead of emitting a
/// wrong kernel.
#[test]
fn b_as_k_by_n_tensorizes_and_interprets_but_is_refused_by_lowering() {
    let (_, yaml) = small_case(MMA);
    let workload = std::fs::read_to_string("sessions/gemm_i8_4096.tir")
        .unwrap()
        .replace("4096", "128")
        .replace("B[vj, vk]", "B[vk, vj]");
    let before = parse(&workload);
    let b_layout = "  - {op: transform_layout, block: b_w, buffer: [write, 0], index_map: \"lambda i, j: (i // 32, j // 16, i % 32 % 16 // 4 + 4 * (j % 16 % 8), 8 * (j % 16 // 8) + i % 32 // 16 * 4 + i % 32 % 4)\"}";
    let yaml: String = yaml
        .lines()
        .map(|l| {
            let l = if l.contains("op: transform_layout, block: b_w") {
                b_layout
            } else {
                l
            };
            l.replace(
                "{op: split, loop: bw_i, factors: [null, 16]",
                "{op: split, loop: bw_i, factors: [null, 32]",
            )
            .replace(
                "{op: split, loop: bw_j, factors: [null, 32]",
                "{op: split, loop: bw_j, factors: [null, 16]",
            )
            .replace(
                "tensor_intrin: mma_ldmatrix_i8_b_trans}",
                "tensor_intrin: mma_ldmatrix_i8_b}",
            )
            .replace(
                "tensor_intrin: mma_i8i8i32_trans_b}",
                "tensor_intrin: mma_i8i8i32}",
            ) + "\n"
        })
        .collect();
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    assert_marks(trace.func(), &["mma_ldmatrix_i8_b", "mma_i8i8i32"]);
    assert_same_result(&before, trace.func());
    let err = tirtui::codegen::generate(trace.func())
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("ldmatrix transposes 16-bit elements only"),
        "{err}"
    );
}
