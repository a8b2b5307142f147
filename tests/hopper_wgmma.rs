//! Issue 32's first stage: bf16 end to end and Hopper's wgmma as tensor
//! intrinsics. The shipped bf16 MMA session, replayed on a small copy of its
//! workload, matches tirtui's bf16 members of the MMA family, keeps the
//! interpreter's result, and its lowered kernel computes the same in the
//! SIMT simulator; its CUDA uses the bf16 m16n8k16 instruction.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const BF16_SESSION: &str = "sessions/gemm_bf16_4096_2_mma.yaml";

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A shipped workload at 128^3 and a session's steps.
fn small_case(workload: &str, session: &str) -> (PrimFunc, String) {
    let text = std::fs::read_to_string(workload)
        .unwrap()
        .replace("4096", "128");
    (parse(&text), std::fs::read_to_string(session).unwrap())
}

fn replay_yaml(func: PrimFunc, yaml: &str) -> Result<Trace, String> {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn bf16_case() -> (PrimFunc, String) {
    small_case("sessions/gemm_bf16_4096.tir", BF16_SESSION)
}

#[test]
fn the_bf16_mma_session_keeps_the_result_in_the_interpreter_and_the_simulator() {
    let (before, yaml) = bf16_case();
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let mut want = interp::random_args(&before, 7).unwrap();
    let mut scheduled = want.clone();
    let mut simulated = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut scheduled).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scheduled, want);
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut simulated).unwrap_or_else(|e| panic!("{e}"));
    // fp32 sums in another order: a few ulps apart, never a wrong element.
    let err = simulated[2].max_rel_err(&want[2]);
    assert!(err <= 1e-5, "max rel err {err}");
}

/// The inputs are bf16: an fp16 intrinsic's description does not match.
#[test]
fn an_fp16_ldmatrix_on_bf16_tiles_is_refused() {
    let (before, yaml) = bf16_case();
    let yaml = yaml.replace("mma_ldmatrix_bf16_a}", "mma_ldmatrix_f16_a}");
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `mma_ldmatrix_f16_a`"),
        "{err}"
    );
    assert!(err.contains("float16"), "{err}");
}

#[test]
fn the_bf16_kernel_calls_the_bf16_mma() {
    let (before, yaml) = bf16_case();
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let src = tirtui::codegen::generate(trace.func())
        .unwrap()
        .kernel
        .source;
    for want in [
        "#include <cuda_bf16.h>",
        "tirtui_ldmatrix_x4(nv_bfloat16* dst",
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    ] {
        assert!(src.contains(want), "no `{want}` in\n{src}");
    }
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test hopper_wgmma -- --ignored, with the NVRTC env of .ci/run)"]
fn the_bf16_kernel_compiles_with_nvrtc() {
    assert!(tirtui::runtime::nvrtc_available(), "needs libnvrtc");
    let (before, yaml) = bf16_case();
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    let reference = tirtui::session::run::reference_kernel(&before).unwrap();
    for arch in ["sm_80", "sm_90"] {
        for (what, k) in [("kernel", &kernel), ("reference", &reference)] {
            let report = tirtui::runtime::nvrtc_compile(k, arch)
                .unwrap_or_else(|e| panic!("{arch} {what}: {e}\n{}", k.source));
            assert!(report.warnings.is_empty(), "{arch}: {:?}", report.warnings);
        }
        let report = tirtui::runtime::nvrtc_compile(&kernel, arch).unwrap();
        assert!(
            report
                .ptx
                .contains("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"),
            "{arch}: no bf16 mma in the PTX"
        );
        assert!(!report.ptx.contains(".local"), "{arch}: local memory");
    }
}
