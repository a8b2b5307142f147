//! tensorize with TVM 0.27's MMA intrinsics (ldmatrix, mma.sync m16n8k16,
//! mma_fill, mma_store): the shipped MMA session, replayed on a small copy of
//! its workload, matches every description and keeps the interpreter's
//! result; schedules that do not match are refused with the difference named;
//! the warp buffers lower to registers per lane and the calls to inline PTX.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const SESSION: &str = "sessions/gemm_f16_4096_2_mma.yaml";

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The shipped session's workload at 128^3 (one thread block of 4 warps,
/// 4 shared k steps: the 3-stage pipeline reaches its steady state) and its
/// steps.
fn small_case() -> (PrimFunc, String) {
    let workload = std::fs::read_to_string("sessions/gemm_f16_4096.tir")
        .unwrap()
        .replace("4096", "128");
    let steps = std::fs::read_to_string(SESSION).unwrap();
    (parse(&workload), steps)
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

#[test]
fn the_mma_session_matches_every_description_and_keeps_the_result() {
    let (before, yaml) = small_case();
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let marks = tensorized(trace.func());
    for name in [
        "mma_ldmatrix_f16_a",
        "mma_ldmatrix_f16_b",
        "mma_f16f16f32",
        "mma_fill_16x16_f32",
        "mma_store_16x16_f32_global_",
    ] {
        assert!(
            marks.iter().any(|m| m.contains(&format!("\"{name}\""))),
            "{name} missing: {marks:?}"
        );
    }
    let mut want = interp::random_args(&before, 3).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want);
    // The printed program reads back, the warp layouts included.
    let text = tirtui::script::print_func(trace.func());
    assert_eq!(tirtui::script::print_func(&parse(&text)), text);
}

#[test]
fn a_warp_buffer_without_the_ldmatrix_layout_is_refused() {
    let (before, yaml) = small_case();
    // Drop A's transform_layout: its warp buffer stays 2-D, not [.., 32, 8].
    let yaml: String = yaml
        .lines()
        .filter(|l| !l.contains("transform_layout, block: a_w"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `mma_ldmatrix_f16_a`"),
        "{err}"
    );
    assert!(err.contains("A_shared_warp"), "{err}");
    assert!(err.contains("def ldmatrix_desc"), "{err}");
}

#[test]
fn a_layout_other_than_ldmatrix_s_is_refused_with_the_index() {
    let (before, yaml) = small_case();
    // Lanes and registers swapped round in A's layout.
    let yaml = yaml.replacen(
        "index_map: \"lambda i, j: (i // 16, j // 16, 4 * (i % 16 % 8) + j % 16 % 8 // 2, 4 * (j % 16 // 8) + i % 16 // 8 * 2 + j % 16 % 2)\"",
        "index_map: \"lambda i, j: (i // 16, j // 16, (i % 16) * 2 + j % 16 // 8, j % 8)\"",
        1,
    );
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `mma_ldmatrix_f16_a`"),
        "{err}"
    );
    assert!(err.contains("where the description needs"), "{err}");
}

#[test]
fn the_accumulator_dtype_picks_the_mma() {
    let (before, yaml) = small_case();
    let yaml = yaml.replace(
        "tensor_intrin: mma_f16f16f32}",
        "tensor_intrin: mma_f16f16f16}",
    );
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("is float32 where the description's `C` is float16"),
        "{err}"
    );
}

#[test]
fn the_mma_session_lowers_to_ldmatrix_and_mma_sync() {
    let (before, yaml) = small_case();
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let out = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    let cuda = &out.kernel.source;
    for want in [
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
        "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
        // Per lane: A is 4x1 tiles of 8 halves, B 1x4, C 4x4 (64x64 per
        // warp); A and B twice over, one version per pipeline stage (the
        // pipeline counts an ldmatrix as writing its registers).
        "half A_shared_warp[64];",
        "half B_shared_warp[64];",
        "float C_warp[128];",
        "tirtui_cp_async_16_l1(",
    ] {
        assert!(cuda.contains(want), "no `{want}` in\n{cuda}");
    }
    // A (128x40 halves) and B (32x136) tiles three times over, filled by
    // cp.async: more than 48 KiB, so dynamic shared memory.
    assert_eq!(
        out.kernel.dynamic_shared_bytes,
        3 * (128 * 40 + 32 * 136) * 2
    );
    assert_eq!(out.kernel.block, [32, 4, 1]);
    let outputs: Vec<&str> = out
        .kernel
        .args
        .iter()
        .filter(|a| a.is_output)
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(outputs, ["C"]);
    insta::assert_snapshot!("mma_gemm_128", cuda);
}

/// The SIMT simulator runs ldmatrix and mma.sync as the hardware does (PTX's
/// fragment layouts), so the lowered kernel computing what the interpreter
/// computes from the descriptions checks lane addresses, register layouts
/// and the pipeline's register versions together.
#[test]
fn the_lowered_mma_kernel_computes_the_descriptions_result() {
    let (before, yaml) = small_case();
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
    let mut want = interp::random_args(&before, 5).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    let err = got[2].max_rel_err(&want[2]);
    assert!(err <= 1e-5, "max rel err {err}");
}

/// All ldmatrix variants share one description (as in TVM), so B loaded
/// without the transposing variant tensorizes, and is wrong: the simulation
/// (unlike the interpreter) sees it.
#[test]
fn b_loaded_without_the_transpose_is_caught_by_the_simulation() {
    let (before, yaml) = small_case();
    let yaml = yaml.replace(
        "tensor_intrin: mma_ldmatrix_f16_b}",
        "tensor_intrin: mma_ldmatrix_f16_a}",
    );
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
    let mut want = interp::random_args(&before, 5).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert!(got[2].max_rel_err(&want[2]) > 0.01);
}

#[test]
fn a_warp_buffer_read_outside_the_intrinsics_is_refused_by_lowering() {
    let (before, yaml) = small_case();
    // The store stays scalar code: it reads C_warp lane by lane.
    let yaml: String = yaml
        .lines()
        .filter(|l| !l.contains("mma_store_16x16_f32_global_"))
        .map(|l| format!("{l}\n"))
        .collect();
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let err = tirtui::codegen::generate(trace.func())
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("C_warp"), "{err}");
    assert!(err.contains("outside an MMA intrinsic"), "{err}");
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test mma -- --ignored, with the NVRTC env of .ci/run)"]
fn the_mma_kernel_compiles_with_nvrtc_to_ldmatrix_and_mma() {
    assert!(tirtui::runtime::nvrtc_available(), "needs libnvrtc");
    let (before, yaml) = small_case();
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    for arch in ["sm_80", "sm_90"] {
        let report = tirtui::runtime::nvrtc_compile(&kernel, arch)
            .unwrap_or_else(|e| panic!("{arch}: {e}\n{}", kernel.source));
        assert!(report.warnings.is_empty(), "{arch}: {:?}", report.warnings);
        for want in [
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
            "mma.sync.aligned.m16n8k16",
        ] {
            assert!(report.ptx.contains(want), "{arch}: no {want} in the PTX");
        }
        // The lanes' warp arrays live in registers: no local memory.
        assert!(
            !report.ptx.contains(".local"),
            "{arch}: local memory in\n{}",
            report.ptx
        );
    }
}
