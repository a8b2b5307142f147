//! Session 20's audit of the TMA + mbarrier lowering (issue 32) at the edges
//! the shipped tests do not reach: a matrix whose M, N or K is not a multiple
//! of the tiles (TMA's out-of-bounds fill would hide a partial tile), a k loop
//! of fewer steps than the pipeline has stages, and hostile `tma_load`
//! values. Every case either computes what the unscheduled program computes
//! (interpreter, then the SIMT simulator on the lowered kernel) or is
//! refused with a message; never a kernel that lowers and computes wrong.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const F16_SESSION: &str = "sessions/gemm_f16_4096_7_wgmma_tma.yaml";

/// The f16 GEMM workload at M x N x K.
fn gemm(m: usize, n: usize, k: usize) -> PrimFunc {
    let text = std::fs::read_to_string("sessions/gemm_f16_4096.tir")
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
    tirtui::script::parse_func(&text, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// How a case ended.
#[derive(Debug)]
enum Outcome {
    /// A step failed: its message.
    RefusedAtStep(String),
    /// Lowering refused the program: its message.
    RefusedAtLowering(String),
    /// Lowered and simulated: the largest relative error against the
    /// unscheduled program.
    Computed(f64),
}

fn outcome(before: PrimFunc, yaml: &str) -> Outcome {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    let trace = match Trace::replay(before.clone(), &session.steps) {
        Ok(t) => t,
        Err((_, e)) => return Outcome::RefusedAtStep(e.to_diagnostic("case").render()),
    };
    // The scheduled program itself (interpreter) must keep the result.
    let mut want = interp::random_args(&before, 5).unwrap();
    let mut scheduled = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut scheduled).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scheduled, want, "the scheduled program computes otherwise");
    let lowered = match tirtui::lower::lower_program(trace.func()) {
        Ok(l) => l,
        Err(e) => return Outcome::RefusedAtLowering(e.to_string()),
    };
    // Also generate the CUDA: what lowers must generate.
    tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    let mut simulated = interp::random_args(&before, 5).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut simulated)
        .unwrap_or_else(|e| panic!("lowered, but the simulator refuses the kernel: {e}"));
    Outcome::Computed(simulated[2].max_rel_err(&want[2]))
}

/// Right or refused with a message that says why.
fn right_or_refused(what: &str, o: &Outcome) {
    eprintln!("{what}: {o:?}");
    match o {
        Outcome::Computed(err) => assert!(*err <= 1e-5, "{what}: max rel err {err}"),
        Outcome::RefusedAtStep(msg) | Outcome::RefusedAtLowering(msg) => {
            assert!(msg.len() > 20, "{what}: a bare refusal: {msg}")
        }
    }
}

#[test]
fn partial_tiles_at_the_matrix_edge_are_refused_not_filled() {
    let yaml = std::fs::read_to_string(F16_SESSION).unwrap();
    // M, N not multiples of the 128x128 block tile; K not a multiple of the
    // 16-wide MMA step, or of the 64-wide pipeline step.
    for (m, n, k) in [
        (120, 128, 320),
        (128, 120, 320),
        (128, 128, 200),
        (128, 128, 288),
    ] {
        let o = outcome(gemm(m, n, k), &yaml);
        right_or_refused(&format!("{m}x{n}x{k}"), &o);
        // A TMA box of a partial tile reads past the matrix (the tensor map
        // fills zeros) where the loops it replaced were guarded: lowering it
        // would change which elements are read. Nothing here lowers.
        assert!(
            !matches!(o, Outcome::Computed(_)),
            "{m}x{n}x{k} lowered: {o:?}"
        );
        // Where the guard reaches the copy, the refusal says so.
        if let Outcome::RefusedAtLowering(msg) = &o {
            assert!(msg.contains("guarded") && msg.contains("edge"), "{msg}");
        }
    }
}

#[test]
fn a_k_loop_shorter_than_the_pipeline_computes_or_is_refused() {
    let yaml = std::fs::read_to_string(F16_SESSION).unwrap();
    // One and two 64-wide k steps under a three-stage pipeline: the
    // prologue is longer than the loop.
    for k in [64, 128] {
        let o = outcome(gemm(128, 128, k), &yaml);
        right_or_refused(&format!("K = {k}"), &o);
    }
}

/// The TMA session with its `tma_load` annotations' value replaced.
fn with_tma_value(value: &str) -> String {
    std::fs::read_to_string(F16_SESSION).unwrap().replace(
        "ann_key: tma_load, ann_val: 1}",
        &format!("ann_key: tma_load, ann_val: {value}}}"),
    )
}

#[test]
fn hostile_tma_load_values_are_refused_at_their_step() {
    for value in [
        "0",
        "2",
        "-1",
        "9223372036854775807",
        "1e300",
        ".nan",
        "\"1\"",
        "[1, 1]",
        "{a: 1}",
        "null",
    ] {
        let yaml = with_tma_value(value);
        match Session::from_yaml(&yaml, "case.yaml") {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(_) => {
                let o = outcome(gemm(128, 128, 320), &yaml);
                match &o {
                    // The step and what it wants.
                    Outcome::RefusedAtStep(msg) => {
                        assert!(msg.contains("step 2"), "{value}: {msg}");
                        assert!(
                            msg.contains("tma_load") || msg.contains("ann_val"),
                            "{value}: {msg}"
                        )
                    }
                    // 0 switches the copy off: the cp.async-less plain copy.
                    Outcome::Computed(err) if value == "0" => assert!(*err <= 1e-5),
                    other => panic!("tma_load: {value} was taken: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn a_tma_tile_that_is_no_legal_box_is_refused() {
    let base = std::fs::read_to_string(F16_SESSION).unwrap();
    let cases = [
        // A 512-row A tile: over the 256 elements of a box dimension.
        (
            base.replace(
                "factors: [null, 2], out: [i0, ty]",
                "factors: [null, 8], out: [i0, ty]",
            ),
            (512, 128, 320),
        ),
        // A's tile rows of 32 halves under a 128-byte swizzle (k steps of 32).
        (
            base.replace(
                "factors: [null, 4], out: [k0, k1]",
                "factors: [null, 2], out: [k0, k1]",
            ),
            (128, 128, 320),
        ),
        // A 64-byte swizzle under tiles of 128-byte rows.
        (
            base.replace(
                "block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 128",
                "block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 64",
            ),
            (128, 128, 320),
        ),
        // A global row of 1000 halves... of 8 halves past a 16-byte multiple.
        (base.clone(), (128, 128, 328)),
    ];
    for (i, (yaml, (m, n, k))) in cases.iter().enumerate() {
        let o = outcome(gemm(*m, *n, *k), yaml);
        right_or_refused(&format!("case {i}"), &o);
    }
}
