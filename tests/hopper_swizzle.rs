//! Issue 32's swizzled shared layouts: `buffer_swizzle: 128` lays a shared
//! tile out in 128-byte swizzled rows, the `_sw128` wgmma intrinsics read it
//! through descriptors of swizzle mode 1, and the simulator (which swizzles
//! the descriptors' absolute addresses as the hardware does) agrees with the
//! copies' swizzled indices only when the two layouts are the same.

use tirtui::interp;
use tirtui::ir::{Expr, Intrinsic, PrimFunc};
use tirtui::lower::{LStmt, LoweredProgram};
use tirtui::trace::{Session, Trace};

const F16_SESSION: &str = "sessions/gemm_f16_4096_5_wgmma_swizzle.yaml";
const BF16_SESSION: &str = "sessions/gemm_bf16_4096_5_wgmma_swizzle.yaml";

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A GEMM workload of `dtype` at M x N x K and a session's steps.
fn case(dtype: &str, session: &str, (m, n, k): (usize, usize, usize)) -> (PrimFunc, String) {
    let text = std::fs::read_to_string(format!("sessions/gemm_{dtype}_4096.tir"))
        .unwrap()
        .replace(
            "A: T.Buffer((4096, 4096)",
            &format!("A: T.Buffer(({m}, {k})"),
        )
        .replace(
            "B: T.Buffer((4096, 4096)",
            &format!("B: T.Buffer(({k}, {n})"),
        )
        .replace(
            "C: T.Buffer((4096, 4096)",
            &format!("C: T.Buffer(({m}, {n})"),
        )
        .replace(
            "T.grid(4096, 4096, 4096)",
            &format!("T.grid({m}, {n}, {k})"),
        );
    (parse(&text), std::fs::read_to_string(session).unwrap())
}

fn f16_case() -> (PrimFunc, String) {
    case("f16", F16_SESSION, (128, 128, 128))
}

fn replay_yaml(func: PrimFunc, yaml: &str) -> Result<Trace, String> {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn lower(func: PrimFunc, yaml: &str) -> LoweredProgram {
    let trace = replay_yaml(func, yaml).unwrap_or_else(|e| panic!("{e}"));
    tirtui::lower::lower_program(trace.func()).unwrap_or_else(|e| panic!("{e}"))
}

/// The simulator's result on `lowered` against the interpreter's on the
/// unscheduled program: the largest relative error, or the simulator's error.
fn simulate(before: &PrimFunc, lowered: &LoweredProgram) -> Result<f64, String> {
    let mut want = interp::random_args(before, 11).unwrap();
    let mut simulated = want.clone();
    interp::run(before, &mut want).unwrap();
    tirtui::simt::simulate_program(lowered, &mut simulated).map_err(|e| e.to_string())?;
    Ok(simulated[2].max_rel_err(&want[2]))
}

/// Interpreter (scheduled) and simulator agree with the unscheduled program.
fn check_session(before: PrimFunc, yaml: &str) {
    let trace = replay_yaml(before.clone(), yaml).unwrap_or_else(|e| panic!("{e}"));
    let mut want = interp::random_args(&before, 11).unwrap();
    let mut scheduled = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut scheduled).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scheduled, want);
    let lowered = lower(before.clone(), yaml);
    let err = simulate(&before, &lowered).unwrap_or_else(|e| panic!("{e}"));
    assert!(err <= 1e-5, "max rel err {err}");
}

#[test]
fn the_swizzled_wgmma_session_keeps_the_result() {
    let (before, yaml) = f16_case();
    check_session(before, &yaml);
}

/// Four blocks, each with three k steps of 64: the descriptors and the
/// swizzled copies follow the block's and the step's tiles.
#[test]
fn the_swizzled_session_is_right_on_several_blocks_and_k_steps() {
    let (before, yaml) = case("f16", F16_SESSION, (256, 256, 192));
    check_session(before, &yaml);
}

#[test]
fn the_bf16_swizzled_session_keeps_the_result() {
    let (before, yaml) = case("bf16", BF16_SESSION, (128, 128, 128));
    check_session(before, &yaml);
}

#[test]
fn the_kernel_names_128b_swizzle_in_its_descriptors_and_copies() {
    let (before, yaml) = f16_case();
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    let src = &kernel.source;
    for want in [
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
        // The pool starts on the swizzle pattern.
        "extern __shared__ __align__(1024) unsigned char buf_dyn_shmem[];",
        // A: K-major, 8-row groups 1024 bytes apart, mode 1 (128B).
        "k_0_1 * 16], 16u, 1024u, 1u)",
        // B: two panels of 64 columns 8192 bytes apart, 8-row groups 1024.
        "tirtui_wgmma_desc(&B_shared[k_0_1 * 1024], 8192u, 1024u, 1u)",
        // The copies XOR each row's 16-byte chunk with the row mod 8.
        "((((int)threadIdx.x) % 8) ^ (((int)threadIdx.x) / 8 % 8)) * 8",
    ] {
        assert!(src.contains(want), "no `{want}` in\n{src}");
    }
    // Every copy stays one 16-byte cp.async: a chunk is never split.
    let copies: Vec<&str> = src
        .lines()
        .filter(|l| l.contains("tirtui_cp_async_") && !l.contains("commit") && !l.contains("WAIT"))
        .filter(|l| !l.trim_start().starts_with("__device__") && !l.contains("asm"))
        .collect();
    assert_eq!(copies.len(), 4, "{src}");
    assert!(
        copies.iter().all(|l| l.contains("tirtui_cp_async_16(")),
        "{copies:?}"
    );
}

fn lowered_f16() -> (PrimFunc, LoweredProgram) {
    let (before, yaml) = f16_case();
    let lowered = lower(before.clone(), &yaml);
    (before, lowered)
}

/// Descriptors that do not say "swizzled" read the right bytes in the wrong
/// places: the simulator's product is wrong.
#[test]
fn a_descriptor_without_the_swizzle_mode_computes_a_wrong_product() {
    let (before, mut lowered) = lowered_f16();
    let mut changed = 0;
    for k in &mut lowered.kernels {
        k.body.visit_mut(&mut |s| {
            if let LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaMma, args)) = s {
                assert_eq!(args.len(), 9, "{args:?}");
                args.pop();
                changed += 1;
            }
        });
    }
    assert!(changed > 0);
    match simulate(&before, &lowered) {
        Ok(err) => assert!(err > 1e-2, "max rel err {err}"),
        Err(e) => assert!(e.contains("wgmma"), "{e}"),
    }
}

/// The hardware swizzles absolute shared addresses: a swizzled buffer off
/// its 1024-byte pattern is refused, not silently misread.
#[test]
fn a_swizzled_operand_off_its_pattern_is_refused() {
    let (before, mut lowered) = lowered_f16();
    for k in &mut lowered.kernels {
        if let Some(layout) = &mut k.shared {
            for slot in &mut layout.slots {
                slot.offset += 16;
            }
        }
    }
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("not on a 1024-byte boundary"), "{err}");
}

/// The `_sw128` intrinsic on a tile without `buffer_swizzle` is refused,
/// saying what to annotate.
#[test]
fn a_swizzled_wgmma_on_an_unswizzled_tile_is_refused() {
    let (before, yaml) = f16_case();
    let yaml: String = yaml
        .lines()
        .filter(|l| !l.contains("block_or_loop: a_sh, ann_key: buffer_swizzle"))
        .map(|l| format!("{l}\n"))
        .collect();
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let err = tirtui::lower::lower_program(trace.func())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("A_shared"), "{err}");
    assert!(err.contains("buffer_swizzle: 128"), "{err}");
}

#[test]
fn buffer_swizzle_takes_a_block_and_a_swizzle_mode() {
    let (before, yaml) = f16_case();
    let on_loop = format!(
        "{yaml}  - {{op: annotate, block_or_loop: k0, ann_key: buffer_swizzle, ann_val: 128}}\n"
    );
    let err = replay_yaml(before.clone(), &on_loop).err().unwrap();
    assert!(err.contains("not a loop"), "{err}");
    let odd = yaml.replace(
        "block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 128",
        "block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 100",
    );
    let err = replay_yaml(before, &odd).err().unwrap();
    assert!(err.contains("32, 64 or 128"), "{err}");
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test hopper_swizzle -- --ignored, with the NVRTC env of .ci/run)"]
fn the_swizzled_sessions_compile_for_sm_90a_with_nvrtc() {
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
        assert!(report
            .ptx
            .contains("wgmma.mma_async.sync.aligned.m64n128k16.f32"));
        assert!(!report.ptx.contains(".local"), "{session}: local memory");
    }
}
