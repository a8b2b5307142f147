//! Issue 32's second stage: the wgmma tensor intrinsics in a session. The
//! shipped wgmma sessions, replayed on a small copy of their workloads,
//! keep the interpreter's result; their lowered kernels compute the same in
//! the SIMT simulator, which runs each wgmma through its descriptors and
//! catches a removed fence or wait; their CUDA issues `wgmma.mma_async` and
//! compiles for sm_90a only.

use tirtui::interp;
use tirtui::ir::{Expr, Intrinsic, PrimFunc};
use tirtui::lower::LStmt;
use tirtui::trace::{Session, Trace};

const F16_SESSION: &str = "sessions/gemm_f16_4096_4_wgmma.yaml";
const BF16_SESSION: &str = "sessions/gemm_bf16_4096_4_wgmma.yaml";

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A shipped workload at `size`^3 and a session's steps.
fn small_case(workload: &str, session: &str, size: usize) -> (PrimFunc, String) {
    let text = std::fs::read_to_string(workload)
        .unwrap()
        .replace("4096", &size.to_string());
    (parse(&text), std::fs::read_to_string(session).unwrap())
}

fn replay_yaml(func: PrimFunc, yaml: &str) -> Result<Trace, String> {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn f16_case(size: usize) -> (PrimFunc, String) {
    small_case("sessions/gemm_f16_4096.tir", F16_SESSION, size)
}

/// Interpreter and simulator agree with the unscheduled program (fp32 sums
/// in another order: a few ulps apart).
fn check_session(before: PrimFunc, yaml: &str) {
    let trace = replay_yaml(before.clone(), yaml).unwrap_or_else(|e| panic!("{e}"));
    let mut want = interp::random_args(&before, 11).unwrap();
    let mut scheduled = want.clone();
    let mut simulated = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut scheduled).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scheduled, want);
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    tirtui::simt::simulate_program(&lowered, &mut simulated).unwrap_or_else(|e| panic!("{e}"));
    let err = simulated[2].max_rel_err(&want[2]);
    assert!(err <= 1e-5, "max rel err {err}");
}

#[test]
fn the_wgmma_session_keeps_the_result_in_the_interpreter_and_the_simulator() {
    let (before, yaml) = f16_case(128);
    check_session(before, &yaml);
}

/// Four blocks, each with several k steps: the descriptors follow the
/// block's and the step's tiles.
#[test]
fn the_wgmma_session_is_right_on_several_blocks_and_k_steps() {
    let text = std::fs::read_to_string("sessions/gemm_f16_4096.tir")
        .unwrap()
        .replace(
            "(4096, 4096), \"float16\"), B",
            "(256, 192), \"float16\"), B",
        )
        .replace("B: T.Buffer((4096, 4096)", "B: T.Buffer((192, 256)")
        .replace("C: T.Buffer((4096, 4096)", "C: T.Buffer((256, 256)")
        .replace("T.grid(4096, 4096, 4096)", "T.grid(256, 256, 192)");
    check_session(parse(&text), &std::fs::read_to_string(F16_SESSION).unwrap());
}

#[test]
fn the_bf16_wgmma_session_keeps_the_result() {
    let (before, yaml) = small_case("sessions/gemm_bf16_4096.tir", BF16_SESSION, 128);
    check_session(before, &yaml);
}

fn lowered_f16() -> tirtui::lower::LoweredProgram {
    let (before, yaml) = f16_case(128);
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    tirtui::lower::lower_program(trace.func()).unwrap_or_else(|e| panic!("{e}"))
}

/// The lowered kernel with every call of `f` removed, simulated.
fn simulate_without(f: Intrinsic) -> String {
    let (before, _) = f16_case(128);
    let mut lowered = lowered_f16();
    let mut removed = 0;
    for k in &mut lowered.kernels {
        k.body.visit_mut(&mut |s| {
            if matches!(s, LStmt::Evaluate(Expr::Call(g, _)) if *g == f) {
                *s = LStmt::Seq(Vec::new());
                removed += 1;
            }
        });
    }
    assert!(removed > 0, "no {f:?} in the lowered kernel");
    let mut args = interp::random_args(&before, 3).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut args)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn a_removed_wait_group_is_caught_by_the_simulator() {
    let err = simulate_without(Intrinsic::WgmmaWait);
    assert!(
        err.contains("while a wgmma.mma_async on it is in flight"),
        "{err}"
    );
}

#[test]
fn a_removed_fence_is_caught_by_the_simulator() {
    let err = simulate_without(Intrinsic::WgmmaFence);
    assert!(err.contains("without a wgmma.fence"), "{err}");
}

#[test]
fn the_wgmma_kernel_issues_wgmma_mma_async_for_sm_90a() {
    let (before, yaml) = f16_case(128);
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    for want in [
        tirtui::codegen::wgmma_ptx::ARCH_MARKER,
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
        "tirtui_wgmma_fence();",
        "tirtui_wgmma_commit();",
        "tirtui_wgmma_wait<0>();",
        "tirtui_wgmma_fill<64>(",
        "tirtui_wgmma_store<64>(",
        "__launch_bounds__(256",
        // The shared stages fill by cp.async, double-buffered.
        "tirtui_cp_async_16(",
        "TIRTUI_CP_ASYNC_WAIT(1);",
    ] {
        assert!(
            kernel.source.contains(want),
            "no `{want}` in\n{}",
            kernel.source
        );
    }
    assert_eq!(kernel.block, [128, 2, 1]);
    // One asynchronous group per k step of 64: the fence (with the proxy
    // fence for the copies' stores) before the barrier and the loop of
    // four wgmmas, the commit and wait after it (`batch_wgmma`).
    let lines: Vec<&str> = kernel
        .source
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//"))
        .collect();
    let fences: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i] == "tirtui_wgmma_fence();")
        .collect();
    assert_eq!(fences.len(), 2, "{}", kernel.source);
    for i in fences {
        assert_eq!(lines[i + 1], "__syncthreads();");
        assert!(
            lines[i + 2].starts_with("for (int k_0_1 = 0; k_0_1 < 4;"),
            "{}",
            kernel.source
        );
        assert!(lines[i + 3].starts_with("tirtui_wgmma_m64n128k16_f32_f16_tb("));
        assert_eq!(
            lines[i + 4..i + 7],
            ["}", "tirtui_wgmma_commit();", "tirtui_wgmma_wait<0>();"]
        );
    }
    // wgmma is sm_90a's: another GPU gets a refusal, not a kernel.
    let err = tirtui::runtime::arch_for(&kernel, "sm_80")
        .unwrap_err()
        .to_string();
    assert!(err.contains("uses wgmma"), "{err}");
    assert_eq!(
        tirtui::runtime::arch_for(&kernel, "sm_90").unwrap(),
        "sm_90a"
    );
}

/// The intrinsic's N is the block's tile: a 64-wide wgmma on a 128-wide
/// tile does not match, and says where.
#[test]
fn a_wgmma_of_another_shape_is_refused() {
    let (before, yaml) = f16_case(128);
    let yaml = yaml.replace(
        "tensor_intrin: wgmma_m64n128k16_f16f16f32_ss",
        "tensor_intrin: wgmma_m64n64k16_f16f16f32_ss",
    );
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `wgmma_m64n64k16_f16f16f32_ss`"),
        "{err}"
    );
}

#[test]
fn a_bf16_wgmma_on_fp16_tiles_is_refused() {
    let (before, yaml) = f16_case(128);
    let yaml = yaml.replace("f16f16f32_ss", "bf16bf16f32_ss");
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(err.contains("float16"), "{err}");
    assert!(err.contains("bfloat16"), "{err}");
}

/// Without the core-matrix layout the shared tile is not what a wgmma
/// descriptor names: tensorize refuses it.
#[test]
fn a_wgmma_on_a_row_major_shared_tile_is_refused() {
    let (before, yaml) = f16_case(128);
    let yaml: String = yaml
        .lines()
        .filter(|l| !l.contains("(i // 8, j // 8, i % 8, j % 8)"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `wgmma_m64n128k16_f16f16f32_ss`"),
        "{err}"
    );
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test hopper_wgmma_session -- --ignored, with the NVRTC env of .ci/run)"]
fn the_wgmma_sessions_compile_for_sm_90a_with_nvrtc() {
    assert!(tirtui::runtime::nvrtc_available(), "needs libnvrtc");
    for (workload, session) in [
        ("sessions/gemm_f16_4096.tir", F16_SESSION),
        ("sessions/gemm_bf16_4096.tir", BF16_SESSION),
    ] {
        let func = parse(&std::fs::read_to_string(workload).unwrap());
        let yaml = std::fs::read_to_string(session).unwrap();
        let trace = replay_yaml(func, &yaml).unwrap_or_else(|e| panic!("{e}"));
        let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
        let report = tirtui::runtime::nvrtc_compile(&kernel, "sm_90")
            .unwrap_or_else(|e| panic!("{session}: {e}\n{}", kernel.source));
        assert_eq!(report.arch, "sm_90a");
        assert!(report.warnings.is_empty(), "{:?}", report.warnings);
        assert!(
            report
                .ptx
                .contains("wgmma.mma_async.sync.aligned.m64n128k16.f32"),
            "{session}: no wgmma in the PTX"
        );
        assert!(!report.ptx.contains(".local"), "{session}: local memory");
    }
}

/// The descriptors' byte offsets come from the shared buffer's layout: a
/// core-matrix axis padded by `storage_align` moves them (A's k-groups 72
/// elements apart, not 64), and the simulator, reading through the
/// descriptors, still gets the right product.
#[test]
fn descriptor_offsets_follow_a_padded_shared_layout() {
    let (before, yaml) = f16_case(128);
    let yaml = format!(
        "{yaml}  - {{op: storage_align, block: a_sh, buffer_index: 0, axis: 1, factor: 64, offset: 8}}\n"
    );
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let src = tirtui::codegen::generate(trace.func())
        .unwrap()
        .kernel
        .source;
    assert!(src.contains("144u, "), "A's LBO is 72 halves:\n{src}");
    check_session(before, &yaml);
}

/// Rows of a core matrix padded apart are no layout a descriptor names:
/// lowering refuses it, saying how to lay the tile out.
#[test]
fn a_shared_tile_whose_core_matrix_rows_are_padded_is_refused() {
    let (before, yaml) = f16_case(128);
    let yaml = format!(
        "{yaml}  - {{op: storage_align, block: a_sh, buffer_index: 0, axis: 2, factor: 32, offset: 16}}\n"
    );
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let err = tirtui::lower::lower_program(trace.func())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("8x8 core matrices"), "{err}");
    assert!(err.contains("A_shared"), "{err}");
}
