//! MultiLevelTilingRegisterReuse (issue 30, "Done when" item 2): the fp32
//! GEMM space reaches the hand-written sessions. The hand kernels keep
//! register fragments of A and B and pipeline them (registers and
//! cp.async-filled shared tiles), which MetaSchedule's MultiLevelTiling
//! cannot express; tirtui's own sketches can:
//!
//! - with the hand sessions' tiles as decisions, the sketches (and the
//!   postprocessors the tuner applies) give the hand sessions' programs;
//! - random draws, built as the tuner builds them, compute the GEMM on the
//!   interpreter and the SIMT simulator (`TIRTUI_GEMM_SPACE_CASES=200` per
//!   sketch for a longer run);
//! - (`--ignored`, needs libnvrtc) sampled candidates of the 1024³ and 4096³
//!   spaces compile with NVRTC.

use std::path::Path;
use tirtui::design_space::{generate, GpuTarget, Sketch};
use tirtui::ir::{Expr, ForKind, PrimFunc, Stmt};
use tirtui::schedule::primitive::sampling::Rng;
use tirtui::trace::Session;
use tirtui::trace::Trace;
use tirtui::tune::{Decision, Nvrtc, Space};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn parse(path: &Path) -> PrimFunc {
    let text = std::fs::read_to_string(path).unwrap();
    tirtui::script::parse_func(&text, None).unwrap()
}

/// tirtui's own sketches of `func`: [registers and shared pipelined,
/// shared pipelined only].
fn register_reuse(func: &PrimFunc) -> Vec<Sketch> {
    let all = generate(func, &GpuTarget::default()).unwrap();
    let tvm = all.iter().filter(|s| s.from_metaschedule()).count();
    // TVM's sketches first, in TVM's order, then tirtui's.
    assert!(all[..tvm].iter().all(Sketch::from_metaschedule));
    all[tvm..].to_vec()
}

/// Every block's loop nest, outermost first (unit serial loops left out):
/// extent, kind or thread, and the software-pipeline annotations.
fn nests(func: &PrimFunc) -> Vec<(String, Vec<String>)> {
    fn walk(stmt: &Stmt, loops: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
        match stmt {
            // A unit loop lowers to nothing: the sketch keeps them (its loop
            // counts must not depend on the decisions), the sessions do not.
            Stmt::For(f) if f.extent.as_int() == Some(1) && f.kind == ForKind::Serial => {
                walk(&f.body, loops, out)
            }
            Stmt::For(f) => {
                let kind = match &f.kind {
                    ForKind::ThreadBinding(t) => format!("{t:?}"),
                    k => format!("{k:?}"),
                };
                let pipeline: Vec<String> = f
                    .annotations
                    .iter()
                    .filter(|(k, _)| k.starts_with("software_pipeline"))
                    .map(|(k, v)| format!("{k}={v:?}"))
                    .collect();
                loops.push(format!(
                    "{:?} {kind} {}",
                    f.extent.as_int(),
                    pipeline.join(",")
                ));
                walk(&f.body, loops, out);
                loops.pop();
            }
            Stmt::Seq(v) => v.iter().for_each(|s| walk(s, loops, out)),
            Stmt::BlockRealize(r) => {
                if !r.block.name.is_empty() && r.block.name != "root" {
                    out.push((r.block.name.clone(), loops.clone()));
                }
                walk(&r.block.body, loops, out);
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&func.body, &mut Vec::new(), &mut out);
    out
}

fn hand_session(name: &str) -> (PrimFunc, PrimFunc) {
    let path = root().join("sessions").join(name);
    let session = Session::load(&path).unwrap();
    let (_, text) = session.workload_source(Some(&path)).unwrap();
    let func = tirtui::script::parse_func(&text, None).unwrap();
    let hand =
        Trace::replay(func.clone(), &session.steps).unwrap_or_else(|(_, e)| panic!("{name}: {e}"));
    (func, hand.func().clone())
}

/// The sketch replayed with `decisions`, postprocessed as the tuner builds
/// a candidate (and accepted by VerifyGPUCode).
fn candidate(func: &PrimFunc, sketch: &Sketch, decisions: &[Decision]) -> PrimFunc {
    let space = Space::for_sketch(func.clone(), sketch.steps.clone());
    space
        .replay(decisions)
        .unwrap_or_else(|e| panic!("{}: {}", e.reason, e.detail))
        .func
}

fn tiles(i: [i64; 4], j: [i64; 4], k: [i64; 2], lanes: i64) -> Vec<Decision> {
    let lane = [1, 2, 4].iter().position(|l| *l == lanes).unwrap() as i64;
    vec![
        Decision::Tile(i.to_vec()),
        Decision::Tile(j.to_vec()),
        Decision::Tile(k.to_vec()),
        Decision::Categorical(lane),
        Decision::Categorical(lane),
        // ParallelizeVectorizeUnroll's limit: 0, no unroll pragma at work.
        Decision::Categorical(0),
    ]
}

#[test]
fn the_1024_hand_session_is_a_point_of_the_register_pipelined_sketch() {
    let (func, hand) = hand_session("gemm_000_7_tuned.yaml");
    let sketches = register_reuse(&func);
    assert_eq!(sketches.len(), 2);
    let decisions = tiles([16, 8, 8, 1], [32, 2, 8, 2], [64, 16], 4);
    let ours = nests(&candidate(&func, &sketches[0], &decisions));
    let mut want = nests(&hand);
    // The one difference: the sketch writes C back as vectors (the 4096³
    // session does too); the 1024³ session stores one float at a time.
    let c_local = want.iter_mut().find(|(b, _)| b == "C_local").unwrap();
    let inner = c_local.1.last_mut().unwrap();
    *inner = inner.replace("Serial", "Vectorized");
    assert_eq!(ours, want);
    // The register pipeline is there: the inner K loop is annotated, the
    // outer one holds five pipelined statements after it is lowered.
    let update = &ours.iter().find(|(b, _)| b == "B_update").unwrap().1;
    let stage = |l: &str| format!("software_pipeline_stage=List([{l}])");
    assert!(
        update[7].contains(&stage("Int(0), Int(0), Int(1)")),
        "{update:?}"
    );
    let outer = "Int(0), Int(0), Int(1), Int(1), Int(1)";
    assert!(update[6].contains(&stage(outer)), "{update:?}");
    assert!(update[6].contains("software_pipeline_async_stages"));
}

#[test]
fn the_4096_hand_session_is_a_point_of_the_shared_pipelined_sketch() {
    let (func, hand) = hand_session("gemm_4096_2_wide.yaml");
    let sketches = register_reuse(&func);
    let decisions = tiles([16, 2, 16, 8], [32, 2, 16, 4], [128, 32], 4);
    let ours = candidate(&func, &sketches[1], &decisions);
    assert_eq!(nests(&ours), nests(&hand));
    // The CUDA of the two programs is the same kernel: the main loop (cp.async
    // double buffer, float4 fragments of B, the unrolled inner K loop).
    let cuda = |f: &PrimFunc| tirtui::codegen::generate(f).unwrap().kernel.source;
    let main_loop = |src: &str| {
        let at = src.find("for (int k_0").unwrap();
        src[at..].to_string()
    };
    assert_eq!(main_loop(&cuda(&ours)), main_loop(&cuda(&hand)));
}

#[test]
fn the_sketches_are_tirtuis_own_and_come_after_tvms() {
    let func = parse(&root().join("tests/data/design_space/gemm.tir"));
    let all = generate(&func, &GpuTarget::default()).unwrap();
    assert_eq!(all.len(), 5, "TVM's three, then tirtui's two");
    assert_eq!(
        all.iter()
            .map(Sketch::from_metaschedule)
            .collect::<Vec<_>>(),
        [true, true, true, false, false]
    );
    assert_eq!(
        all[3].applied,
        [
            "MultiLevelTilingRegisterReuse(C)",
            "ParallelizeVectorizeUnroll(root)"
        ]
    );
    // Not before sm_80 (cp.async), as TVM's pipelined sketches.
    let volta = GpuTarget::from_arch("sm_70").unwrap();
    assert!(generate(&func, &volta)
        .unwrap()
        .iter()
        .all(Sketch::from_metaschedule));
    // Not for a convolution (no GEMM-shaped block).
    let conv = parse(&root().join("tests/data/design_space/conv2d_pad.tir"));
    assert!(generate(&conv, &GpuTarget::default())
        .unwrap()
        .iter()
        .all(Sketch::from_metaschedule));
}

/// Random draws of tirtui's sketches for `workload`, built as the tuner
/// builds them (postprocessors, VerifyGPUCode, code generation): each valid
/// one computes the workload on the interpreter and the SIMT simulator.
fn draws_compute(workload: &str, per_sketch: usize) {
    let func = parse(&root().join("tests/data/design_space").join(workload));
    let mut expected = tirtui::interp::random_args(&func, 7).unwrap();
    let inputs = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    let mut rng = Rng(0x6e77);
    for (n, sketch) in register_reuse(&func).iter().enumerate() {
        let space = Space::for_sketch(func.clone(), sketch.steps.clone());
        let mut seen = std::collections::HashSet::new();
        let mut refused = Vec::new();
        for _ in 0..per_sketch * 60 {
            if seen.len() == per_sketch {
                break;
            }
            let built = space
                .draw(&mut rng)
                .and_then(|r| tirtui::tune::build(r, Nvrtc::Skip));
            let r = match built {
                Ok(b) => b.replayed,
                Err(e) => {
                    refused.push(e.reason);
                    continue;
                }
            };
            if !seen.insert(format!("{:?}", r.decisions)) {
                continue;
            }
            let at = format!("{workload} sketch {} {:?}", n + 1, r.decisions);
            let mut interp_out = inputs.clone();
            tirtui::interp::run(&r.func, &mut interp_out).unwrap_or_else(|e| panic!("{at}: {e}"));
            let lowered = tirtui::lower::lower_program(&r.func).unwrap();
            let mut simt_out = inputs.clone();
            tirtui::simt::simulate_program(&lowered, &mut simt_out)
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            for ((want, a), b) in expected.iter().zip(&interp_out).zip(&simt_out) {
                assert!(want.max_rel_err(a) < 1e-4, "{at}: the interpreter differs");
                assert!(want.max_rel_err(b) < 1e-4, "{at}: the simulator differs");
            }
        }
        assert_eq!(
            seen.len(),
            per_sketch,
            "{workload} sketch {}: too few valid draws; refused: {refused:?}",
            n + 1
        );
    }
}

fn cases(default: usize) -> usize {
    std::env::var("TIRTUI_GEMM_SPACE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_draws_compute_the_gemm() {
    draws_compute("gemm.tir", cases(3));
}

#[test]
fn random_draws_compute_the_batch_matmul() {
    draws_compute("batch_matmul.tir", cases(2));
}

#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test design_space_gemm -- --ignored)"]
fn sampled_candidates_compile_with_nvrtc() {
    use tirtui::runtime::{nvrtc_available, nvrtc_compile};
    assert!(nvrtc_available(), "this test needs libnvrtc (see .ci/run)");
    for workload in ["gemm.tir", "gemm_4096.tir"] {
        let func = parse(&root().join("sessions").join(workload));
        let mut rng = Rng(0xc0de);
        for (n, sketch) in register_reuse(&func).iter().enumerate() {
            let space = Space::for_sketch(func.clone(), sketch.steps.clone());
            let mut compiled = 0;
            for _ in 0..400 {
                if compiled == 5 {
                    break;
                }
                let Ok(built) = space
                    .draw(&mut rng)
                    .and_then(|r| tirtui::tune::build(r, Nvrtc::Skip))
                else {
                    continue;
                };
                let kernel = tirtui::codegen::generate(&built.replayed.func)
                    .unwrap()
                    .kernel;
                let report = nvrtc_compile(&kernel, "sm_80")
                    .unwrap_or_else(|e| panic!("{e}\n{}", kernel.source));
                assert!(report.warnings.is_empty(), "{:?}", report.warnings);
                compiled += 1;
            }
            assert_eq!(compiled, 5, "{workload} sketch {}: too few built", n + 1);
        }
    }
}

/// Item 2: conv2d's filter fetch (a MultiLevelTiling candidate of the tuner,
/// the 1000-trial best with the filter fetch's lanes set to 4) is one
/// `float4` copy per thread, as TVM writes it: the simplified index
/// `floordiv(t % 36 * 4 + l, 9) * 9 + floormod(t * 4 + l, 9)` recombines
/// to `t % 36 * 4 + l`. The padded input's fetch stays scalar, as in TVM
/// (its `if_then_else` condition varies by lane, and its 6-wide rows are
/// not contiguous for 4 lanes).
#[test]
fn conv2d_filter_fetch_is_one_vector_copy() {
    let path = root().join("tests/data/design_space/conv2d_fetch4.yaml");
    let session = Session::load(&path).unwrap();
    let func = parse(&root().join("sessions/conv2d.tir"));
    let space = Space::for_sketch(func, session.steps.clone());
    let decisions = space.decisions_of(&session.steps).unwrap();
    let built = space
        .replay(&decisions)
        .unwrap_or_else(|e| panic!("{}: {}", e.reason, e.detail));
    let cuda = tirtui::codegen::generate(&built.func)
        .unwrap()
        .kernel
        .source;
    assert!(cuda.contains("*(float4*)(kernel_shared + "), "{cuda}");
    assert!(!cuda.contains("*(float4*)(pad_temp_shared + "), "{cuda}");
}

#[test]
fn congruent_parts_of_a_split_recombine() {
    use tirtui::arith::TypeCtx;
    use tirtui::ir::VarId;
    // The filter fetch's index: floordiv(t % 36 * 4 + l, 9) * 9 +
    // floormod(t * 4 + l, 9) is t % 36 * 4 + l, the two arguments differing
    // by 144 * (t // 36), a multiple of 9.
    let (t, l) = (Expr::Var(VarId(0)), Expr::Var(VarId(1)));
    let c = Expr::int;
    let x = Expr::add(Expr::mul(Expr::floormod(t.clone(), c(36)), c(4)), l.clone());
    let y = Expr::add(Expr::mul(t.clone(), c(4)), l.clone());
    let split = |x: &Expr, y: Expr| {
        Expr::add(
            Expr::mul(Expr::floordiv(x.clone(), c(9)), c(9)),
            Expr::floormod(y, c(9)),
        )
    };
    let ctx = TypeCtx::new(None);
    let joined = ctx.recombine_congruent_div_mod(ctx.to_affine(&split(&x, y)).unwrap());
    assert_eq!(joined, ctx.to_affine(&x).unwrap());
    // One apart: not congruent modulo 9, nothing joins.
    let apart = Expr::add(Expr::mul(t, c(4)), Expr::add(l, c(1)));
    let form = ctx.to_affine(&split(&x, apart)).unwrap();
    assert_eq!(ctx.recombine_congruent_div_mod(form.clone()), form);
}
