//! Issue 32's overlapped wgmma groups: `wgmma_wait_group: 1` on the
//! pipelined k loop leaves one wgmma group in flight per iteration
//! (`wgmma.wait_group 1` and a barrier, `wait_group 0` after the loop), over
//! a three-stage cp.async pipeline whose wgmmas come before the copies. The
//! simulator runs the overlap and refuses it where a tile is overwritten
//! under a wgmma in flight or the accumulators are stored before the last
//! group retired.

use tirtui::interp;
use tirtui::ir::{Expr, Intrinsic, PrimFunc};
use tirtui::lower::{LStmt, LoweredProgram};
use tirtui::trace::{Session, Trace};

const F16_SESSION: &str = "sessions/gemm_f16_4096_6_wgmma_overlap.yaml";
const BF16_SESSION: &str = "sessions/gemm_bf16_4096_6_wgmma_overlap.yaml";

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
/// iteration) and epilogue all run.
fn f16_case() -> (PrimFunc, String) {
    case("f16", F16_SESSION, (128, 128, 320))
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
fn the_overlapped_wgmma_session_keeps_the_result() {
    let (before, yaml) = f16_case();
    check_session(before, &yaml);
}

/// Four blocks and six k steps: two iterations of the steady state.
#[test]
fn the_overlapped_session_is_right_on_several_blocks_and_k_steps() {
    let (before, yaml) = case("f16", F16_SESSION, (256, 256, 384));
    check_session(before, &yaml);
}

#[test]
fn the_bf16_overlapped_session_keeps_the_result() {
    let (before, yaml) = case("bf16", BF16_SESSION, (128, 128, 320));
    check_session(before, &yaml);
}

#[test]
fn the_kernel_leaves_one_group_in_flight_and_drains_it_after_the_loop() {
    let (before, yaml) = case("f16", F16_SESSION, (4096, 4096, 4096));
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    let lines: Vec<&str> = kernel.source.lines().map(str::trim).collect();
    let at = |want: &str| {
        lines
            .iter()
            .position(|l| *l == want)
            .unwrap_or_else(|| panic!("no `{want}` in\n{}", kernel.source))
    };
    let deferred = at("tirtui_wgmma_wait<1>();");
    // The barrier after the wait comes before the copies refill a tile.
    assert_eq!(lines[deferred + 1], "__syncthreads();", "{}", kernel.source);
    assert!(lines[deferred + 2].starts_with("for (int ax0_ax1_fused_0"));
    // The steady loop closes, then the last group in flight retires.
    let drained = at("tirtui_wgmma_wait<0>();");
    assert!(drained > deferred);
    assert!(lines[drained - 1] == "}", "{}", kernel.source);
    // Three versions of each 16 KB tile.
    assert!(
        kernel.source.contains("(k_0_0 + 2) % 3 * 8192"),
        "{}",
        kernel.source
    );
}

fn lowered_f16() -> (PrimFunc, LoweredProgram) {
    let (before, yaml) = f16_case();
    let lowered = lower(before.clone(), &yaml);
    (before, lowered)
}

/// Rewrites every wgmma wait of `from` groups into `to` (`None`: removes it).
fn rewrite_waits(lowered: &mut LoweredProgram, from: i64, to: Option<i64>) -> usize {
    let mut changed = 0;
    for k in &mut lowered.kernels {
        k.body.visit_mut(&mut |s| {
            if let LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaWait, args)) = s {
                if args.first().and_then(Expr::as_int) == Some(from) {
                    changed += 1;
                    match to {
                        Some(n) => args[0] = Expr::int(n),
                        None => *s = LStmt::Seq(Vec::new()),
                    }
                }
            }
        });
    }
    changed
}

/// Two groups in flight: step k + 2's copies overwrite the tile step k - 1's
/// wgmmas still read.
#[test]
fn a_wait_that_leaves_two_groups_in_flight_is_caught() {
    let (before, mut lowered) = lowered_f16();
    assert!(rewrite_waits(&mut lowered, 1, Some(2)) > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("wgmma"), "{err}");
}

/// Without the drain after the loop the accumulators are stored while the
/// last steady-state group may still be writing them.
#[test]
fn a_removed_drain_is_caught() {
    let (before, mut lowered) = lowered_f16();
    // The drain is the first wait_group 0 after the steady loop; removing
    // every wait_group 0 also leaves the epilogue's groups in flight.
    assert!(rewrite_waits(&mut lowered, 0, None) > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("in flight"), "{err}");
}

/// The barrier after `wgmma.wait_group 1` orders the other warpgroup's
/// retire before a thread refills the tile its group read. The simulator
/// runs the threads in lockstep (both warpgroups wait before any copies),
/// so it counts a retired wgmma's operands as read at the retiring wait,
/// by its warpgroup: without the barrier a copy by the other warpgroup's
/// threads is caught.
#[test]
fn a_removed_barrier_after_the_deferred_wait_is_caught() {
    let (before, mut lowered) = lowered_f16();
    let mut removed = 0;
    for k in &mut lowered.kernels {
        k.body.visit_mut(&mut |s| {
            let LStmt::Seq(v) = s else { return };
            let mut i = 0;
            while i + 1 < v.len() {
                let deferred = matches!(&v[i], LStmt::Evaluate(Expr::Call(Intrinsic::WgmmaWait, a)) if a[0].as_int() == Some(1));
                if deferred && v[i + 1] == LStmt::Sync {
                    v.remove(i + 1);
                    removed += 1;
                }
                i += 1;
            }
        });
    }
    assert!(removed > 0);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("another warpgroup's wait"), "{err}");
}

/// Two pipeline stages are not enough for a group in flight: the next
/// copies reuse the tile the previous group reads.
#[test]
fn one_group_in_flight_over_two_stages_is_caught() {
    let (before, yaml) = f16_case();
    let yaml = yaml.replace(
        "ann_key: software_pipeline_stage, ann_val: [0, 0, 2]",
        "ann_key: software_pipeline_stage, ann_val: [0, 0, 1]",
    );
    let lowered = lower(before.clone(), &yaml);
    let err = simulate(&before, &lowered).unwrap_err();
    assert!(err.contains("wgmma"), "{err}");
}

#[test]
fn wgmma_wait_group_takes_a_loop_and_zero_to_seven_groups() {
    let (before, yaml) = f16_case();
    let on_block = yaml.replace(
        "block_or_loop: k0, ann_key: wgmma_wait_group",
        "block_or_loop: a_sh, ann_key: wgmma_wait_group",
    );
    let err = replay_yaml(before.clone(), &on_block).err().unwrap();
    assert!(err.contains("not a block"), "{err}");
    let eight = yaml.replace(
        "ann_key: wgmma_wait_group, ann_val: 1",
        "ann_key: wgmma_wait_group, ann_val: 8",
    );
    let err = replay_yaml(before, &eight).err().unwrap();
    assert!(err.contains("0 to 7"), "{err}");
}

/// On a loop with no batch of wgmmas in its body the annotation would do
/// nothing: lowering says so.
#[test]
fn wgmma_wait_group_on_a_loop_without_wgmmas_is_refused() {
    let (before, yaml) = f16_case();
    let yaml = yaml.replace(
        "block_or_loop: k0, ann_key: wgmma_wait_group",
        "block_or_loop: k1, ann_key: wgmma_wait_group",
    );
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let err = tirtui::lower::lower_program(trace.func())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("wgmma_wait_group: 1"), "{err}");
    assert!(err.contains("no batch of wgmmas"), "{err}");
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test hopper_overlap -- --ignored, with the NVRTC env of .ci/run)"]
fn the_overlapped_sessions_compile_for_sm_90a_with_nvrtc() {
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
        assert!(report.ptx.contains("wgmma.wait_group.sync.aligned 1"));
        assert!(!report.ptx.contains(".local"), "{session}: local memory");
    }
}
