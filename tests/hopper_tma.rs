//! Issue 32's TMA copies: `tma_load` on a cache_read block makes its tile
//! one `cp.async.bulk.tensor.2d` issued by thread 0 and counted by an
//! mbarrier per pipeline version; the pipelined k loop's readers wait on the
//! barrier's phase. The simulator runs the copies (swizzled by absolute
//! address, landing when the phase completes) and refuses a removed wait, a
//! wait on the wrong phase, a refill under a wgmma in flight or before the
//! other warpgroup's wait, and lowering refuses what a TMA cannot copy.

use tirtui::interp;
use tirtui::ir::{Expr, Intrinsic, PrimFunc};
use tirtui::lower::{LStmt, LoweredProgram};
use tirtui::trace::{Session, Trace};

const F16_SESSION: &str = "sessions/gemm_f16_4096_7_wgmma_tma.yaml";
const BF16_SESSION: &str = "sessions/gemm_bf16_4096_7_wgmma_tma.yaml";

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

/// Five k steps of 64: the pipeline's prologue, steady state (one
/// iteration) and epilogue all run; each barrier goes through two phases.
fn f16_case() -> (PrimFunc, String) {
    case("f16", F16_SESSION, (128, 128, 320))
}

fn replay_yaml(func: PrimFunc, yaml: &str) -> Result<Trace, String> {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn lower(func: PrimFunc, yaml: &str) -> Result<LoweredProgram, String> {
    let trace = replay_yaml(func, yaml)?;
    tirtui::lower::lower_program(trace.func()).map_err(|e| e.to_string())
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

fn check_session(before: PrimFunc, yaml: &str) {
    let trace = replay_yaml(before.clone(), yaml).unwrap_or_else(|e| panic!("{e}"));
    let mut want = interp::random_args(&before, 11).unwrap();
    let mut scheduled = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut scheduled).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scheduled, want);
    let lowered = lower(before.clone(), yaml).unwrap_or_else(|e| panic!("{e}"));
    let err = simulate(&before, &lowered).unwrap_or_else(|e| panic!("{e}"));
    assert!(err <= 1e-5, "max rel err {err}");
}

#[test]
fn the_tma_session_keeps_the_result() {
    let (before, yaml) = f16_case();
    check_session(before, &yaml);
}

/// Four blocks and six k steps: two iterations of the steady state.
#[test]
fn the_tma_session_is_right_on_several_blocks_and_k_steps() {
    let (before, yaml) = case("f16", F16_SESSION, (256, 256, 384));
    check_session(before, &yaml);
}

#[test]
fn the_bf16_tma_session_keeps_the_result() {
    let (before, yaml) = case("bf16", BF16_SESSION, (128, 128, 320));
    check_session(before, &yaml);
}

#[test]
fn the_kernel_copies_by_tma_and_waits_on_mbarrier_phases() {
    let (before, yaml) = case("f16", F16_SESSION, (4096, 4096, 4096));
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    let src = &kernel.source;
    assert!(!src.contains("tirtui_cp_async"), "{src}");
    assert!(
        src.contains("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes")
    );
    // Two tiles of three versions, each version's barrier initialised once.
    assert_eq!(src.matches("tirtui_mbarrier_init(&").count(), 6, "{src}");
    assert!(src.contains("const __grid_constant__ tirtui_tensor_map A_tmap_128x64_sw128"));
    assert!(src.contains("const __grid_constant__ tirtui_tensor_map B_tmap_64x64_sw128"));
    // The steady state waits on version k % 3 at parity k / 3 % 2.
    assert!(
        src.contains("tirtui_mbarrier_wait(&A_shared_mbar[k_0_0 % 3], k_0_0 / 3 % 2);"),
        "{src}"
    );
    // B's two 64-column panels are one call of two boxes.
    assert!(src.contains(", 2, 8192, 64);"), "{src}");
    let maps = tirtui::codegen::tma::tensor_maps(src).unwrap();
    assert_eq!(maps.len(), 2, "{maps:?}");
    assert_eq!(
        (maps[0].arg, maps[0].box_rows, maps[0].box_cols),
        (0, 128, 64)
    );
    assert_eq!(
        (maps[1].arg, maps[1].box_rows, maps[1].box_cols),
        (1, 64, 64)
    );
    assert!(maps
        .iter()
        .all(|m| m.swizzle == 128 && m.kernel == kernel.name));
}

/// The full mbarriers order the TMA copies for the wgmmas: the steady
/// state has no `__syncthreads` between its waits and its wgmmas, only the
/// one after `wgmma.wait_group 1` that keeps a stage from being refilled
/// while the other warpgroup's wgmmas read it; the inits need one barrier
/// (before the first wait), not one between each two.
#[test]
fn the_mbarrier_orders_the_copies_without_a_barrier_before_the_wgmmas() {
    let (before, yaml) = case("f16", F16_SESSION, (4096, 4096, 4096));
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let src = tirtui::codegen::generate(trace.func())
        .unwrap()
        .kernel
        .source;
    let start = src.find("for (int k_0_0 = 0;").expect("the pipelined loop");
    let body = &src[start..];
    let body = &body[..body.find("\n  }\n").expect("the loop's end")];
    assert_eq!(body.matches("__syncthreads();").count(), 1, "{body}");
    let sync = body.find("__syncthreads();").unwrap();
    assert!(
        body.find("tirtui_wgmma_wait<1>();").unwrap() < sync,
        "{body}"
    );
    assert!(body.find("tirtui_tma_load_2d(").unwrap() > sync, "{body}");
    let prologue = &src[src.find("tirtui_mbarrier_init(").unwrap()..start];
    assert_eq!(
        prologue.matches("__syncthreads();").count(),
        1,
        "{prologue}"
    );
}

fn lowered_f16() -> (PrimFunc, LoweredProgram) {
    let (before, yaml) = f16_case();
    let lowered = lower(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    (before, lowered)
}

/// Rewrites every statement `edit` picks; the number rewritten.
fn rewrite(lowered: &mut LoweredProgram, edit: &mut dyn FnMut(&mut LStmt) -> bool) -> usize {
    let mut changed = 0;
    for k in &mut lowered.kernels {
        k.body.visit_mut(&mut |s| {
            if edit(s) {
                changed += 1;
            }
        });
    }
    changed
}

fn is_call(s: &LStmt, f: Intrinsic) -> bool {
    matches!(s, LStmt::Evaluate(Expr::Call(g, _)) if *g == f)
}

#[test]
fn a_removed_mbarrier_wait_is_caught() {
    let (before, mut lowered) = lowered_f16();
    let n = rewrite(&mut lowered, &mut |s| {
        let hit = is_call(s, Intrinsic::MbarrierWait);
        if hit {
            *s = LStmt::Seq(Vec::new());
        }
        hit
    });
    assert!(n > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("asynchronous copy"), "{err}");
}

/// Waiting on the other parity returns before the copy landed.
#[test]
fn a_wait_on_the_wrong_phase_is_caught() {
    let (before, mut lowered) = lowered_f16();
    let n = rewrite(&mut lowered, &mut |s| {
        let LStmt::Evaluate(Expr::Call(Intrinsic::MbarrierWait, args)) = s else {
            return false;
        };
        let p = std::mem::replace(&mut args[1], Expr::int(0));
        args[1] = Expr::sub(Expr::int(1), p);
        true
    });
    assert!(n > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("asynchronous copy"), "{err}");
}

/// A barrier nobody initialised: undefined on the GPU, an error here.
#[test]
fn a_removed_mbarrier_init_is_caught() {
    let (before, mut lowered) = lowered_f16();
    let n = rewrite(&mut lowered, &mut |s| {
        let hit = is_call(s, Intrinsic::MbarrierInit);
        if hit {
            *s = LStmt::Seq(Vec::new());
        }
        hit
    });
    assert!(n > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("before mbarrier.init"), "{err}");
}

/// Two wgmma groups in flight: thread 0 refills a tile step k - 1's
/// wgmmas still read.
#[test]
fn a_refill_under_a_wgmma_in_flight_is_caught() {
    let (before, mut lowered) = lowered_f16();
    let n = rewrite(&mut lowered, &mut |s| {
        let LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaWait, args)) = s else {
            return false;
        };
        let hit = args[0].as_int() == Some(1);
        if hit {
            args[0] = Expr::int(2);
        }
        hit
    });
    assert!(n > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("wgmma"), "{err}");
}

/// Without the barrier after `wgmma.wait_group 1`, thread 0 refills a tile
/// the other warpgroup's group (retired by that warpgroup's own wait, which
/// does not order thread 0) read: caught although the threads run in
/// lockstep.
#[test]
fn a_removed_barrier_after_the_wgmma_wait_is_caught() {
    let (before, mut lowered) = lowered_f16();
    let mut n = 0;
    for k in &mut lowered.kernels {
        k.body.visit_mut(&mut |s| {
            let LStmt::Seq(v) = s else { return };
            let mut i = 0;
            while i + 1 < v.len() {
                let deferred = matches!(&v[i], LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaWait, a)) if a[0].as_int() == Some(1));
                if deferred && v[i + 1] == LStmt::Sync {
                    v.remove(i + 1);
                    n += 1;
                }
                i += 1;
            }
        });
    }
    assert!(n > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("another warpgroup's wait"), "{err}");
}

/// Two pipeline stages with one group in flight: the next copy refills
/// the tile the group in flight reads.
#[test]
fn one_group_in_flight_over_two_tma_stages_is_caught() {
    let (before, yaml) = f16_case();
    let yaml = yaml.replace(
        "ann_key: software_pipeline_stage, ann_val: [0, 0, 2]",
        "ann_key: software_pipeline_stage, ann_val: [0, 0, 1]",
    );
    let lowered = lower(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("wgmma"), "{err}");
}

#[test]
fn tma_load_takes_a_block_and_one() {
    let (before, yaml) = f16_case();
    let on_loop = yaml.replace(
        "block_or_loop: a_sh, ann_key: tma_load",
        "block_or_loop: k0, ann_key: tma_load",
    );
    let err = replay_yaml(before.clone(), &on_loop).err().unwrap();
    assert!(err.contains("not a loop"), "{err}");
    let two = yaml.replace(
        "ann_key: tma_load, ann_val: 1}",
        "ann_key: tma_load, ann_val: 2}",
    );
    let err = replay_yaml(before, &two).err().unwrap();
    assert!(err.contains("takes 1"), "{err}");
}

#[test]
fn a_tma_copy_into_an_unswizzled_tile_is_refused() {
    let (before, yaml) = f16_case();
    let yaml = yaml.replace(
        "  - {op: annotate, block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 128}\n",
        "",
    );
    let err = lower(before, &yaml).unwrap_err();
    assert!(
        err.contains("A_shared\"") || err.contains("A_shared"),
        "{err}"
    );
    assert!(err.contains("not a swizzled shared tile"), "{err}");
}

#[test]
fn a_tma_copy_outside_an_async_stage_is_refused() {
    let (before, yaml) = f16_case();
    let sync = yaml.replace(
        "ann_key: software_pipeline_async_stages, ann_val: [0]",
        "ann_key: software_pipeline_async_stages, ann_val: []",
    );
    let err = lower(before.clone(), &sync).unwrap_err();
    assert!(err.contains("not asynchronous"), "{err}");
    let unpipelined: String = yaml
        .lines()
        .filter(|l| !l.contains("software_pipeline") && !l.contains("wgmma_wait_group"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = lower(before, &unpipelined).unwrap_err();
    assert!(
        err.contains("not an async stage of a software pipeline"),
        "{err}"
    );
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test hopper_tma -- --ignored, with the NVRTC env of .ci/run)"]
fn the_tma_sessions_compile_for_sm_90a_with_nvrtc() {
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
        for want in [
            "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes",
            "mbarrier.try_wait.parity.shared::cta.b64",
            "mbarrier.arrive.expect_tx.shared::cta.b64",
            "wgmma.mma_async",
        ] {
            assert!(report.ptx.contains(want), "{session}: no {want}");
        }
        assert!(!report.ptx.contains(".local"), "{session}: local memory");
    }
}

/// A tile whose elements are not the box's rows as they are (A's tile with
/// its rows reversed) is not a box: refused, naming the store. The
/// products stay scalar (no wgmma, which would refuse the layout first).
#[test]
fn a_copy_that_is_not_a_box_is_refused() {
    let (before, yaml) = f16_case();
    let scalar: String = yaml
        .lines()
        .filter(|l| {
            [
                "tensorize",
                "wgmma_wait_group",
                "c_w",
                "c_init",
                "decompose_reduction",
            ]
            .iter()
            .all(|w| !l.contains(w))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let yaml = scalar.replace(
        "  - {op: annotate, block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 128}\n",
        "  - {op: transform_layout, block: a_sh, buffer: [write, 0], index_map: \"lambda i, j: (127 - i, j)\"}\n  - {op: annotate, block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 128}\n",
    );
    let err = lower(before, &yaml).unwrap_err();
    assert!(err.contains("A_shared"), "{err}");
    assert!(err.contains("is annotated `tma_load`"), "{err}");
    assert!(
        err.contains("does not address the tile from its start on the nest's loops alone"),
        "{err}"
    );
}
