//! The CSR SpMM with a row's nonzeros split over threads (issue 33): the
//! shipped session `sessions/sparse/spmm_csr_2_split8.yaml` puts a row on a
//! thread block, its features on threadIdx.x and its nonzeros in 8 slices on
//! threadIdx.y, added across the slices (a cross-thread reduction), so that
//! a power-law row's thousands of nonzeros no longer sit on one thread.
//! Property test: on random uniform and power-law patterns of random sizes,
//! the scheduled program computes in the interpreter and the SIMT simulator
//! what the float64 dense product gives (C starting as NaN, so every element
//! must be written); golden TIR and CUDA; `--ignored`: NVRTC compiles it.

use proptest::prelude::*;
use std::path::Path;
use tirtui::interp::{random_args, Tensor, TensorData};
use tirtui::ir::PrimFunc;
use tirtui::sparse::csr::{self, Csr, CsrSpec, RowLengths};
use tirtui::trace::{Session, Trace};

const SESSION: &str = "sessions/sparse/spmm_csr_2_split8.yaml";
const SPMM: &str = include_str!("../sessions/spmm_csr.tir");
/// The slices of a row's nonzeros (the session's split factor).
const SLICES: u32 = 8;

/// The shipped session's steps replayed on the SpMM workload of these sizes
/// (lowered when read: the session has no stage steps).
fn scheduled(m: usize, n: usize, f: usize, nnz: usize) -> PrimFunc {
    let text = SPMM
        .replace("M = 4096", &format!("M = {m}"))
        .replace("N = 4096", &format!("N = {n}"))
        .replace("F = 128", &format!("F = {f}"))
        .replace("NNZ = 65536", &format!("NNZ = {nnz}"));
    let session = Session::load(Path::new(SESSION)).unwrap_or_else(|e| panic!("{e}"));
    let func = tirtui::session::parse_workload("spmm_csr.tir", &text, None)
        .unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(func, &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic(SESSION).render()))
        .func()
        .clone()
}

fn floats(t: &Tensor) -> Vec<f64> {
    match &t.data {
        TensorData::Float(v) => v.clone(),
        other => panic!("not floats: {other:?}"),
    }
}

/// C = A B for CSR A (values `a`) and dense B (n x f), in float64.
fn spmm_reference(c: &Csr, a: &[f64], b: &[f64], f: usize) -> Vec<f64> {
    let mut want = vec![0.0; c.rows * f];
    for i in 0..c.rows {
        for p in c.row_range(i) {
            let col = c.indices[p] as usize;
            for k in 0..f {
                want[i * f + k] += a[p] * b[col * f + k];
            }
        }
    }
    want
}

/// Runs `func` on pattern `c` (arguments A, B, C, J_indptr, J_indices) with
/// C poisoned as NaN, in the interpreter and the SIMT simulator; the first
/// disagreement with the dense reference, if any.
fn disagreement(func: &PrimFunc, c: &Csr, f: usize, seed: u64) -> Option<String> {
    let mut args = random_args(func, seed).unwrap();
    args[2].data = TensorData::Float(vec![f64::NAN; c.rows * f]);
    args[3].data = TensorData::Int(c.indptr.clone());
    args[4].data = TensorData::Int(c.indices.clone());
    let want = spmm_reference(c, &floats(&args[0]), &floats(&args[1]), f);
    let mut interpreted = args.clone();
    if let Err(e) = tirtui::interp::run(func, &mut interpreted) {
        return Some(format!("interpreter: {e:?}"));
    }
    let lowered = match tirtui::lower::lower_program(func) {
        Ok(l) => l,
        Err(e) => return Some(format!("lowering: {e}")),
    };
    let mut simulated = args;
    if let Err(e) = tirtui::simt::simulate_program(&lowered, &mut simulated) {
        return Some(format!("simulation: {e}"));
    }
    for (how, got) in [("interpreter", &interpreted), ("simulator", &simulated)] {
        let got = floats(&got[2]);
        if got.len() != want.len() {
            return Some(format!(
                "{how}: {} elements, want {}",
                got.len(),
                want.len()
            ));
        }
        for (at, (g, w)) in got.iter().zip(&want).enumerate() {
            // NaN fails the comparison: an element never written.
            let close = (g - w).abs() <= 1e-4 * (1.0 + w.abs());
            if !close {
                return Some(format!(
                    "{how}: C[{at}] = {g}, the dense reference says {w}"
                ));
            }
        }
    }
    None
}

fn pattern(m: usize, n: usize, nnz: usize, power: bool, seed: u64) -> Csr {
    let lengths = if power {
        RowLengths::PowerLaw { alpha: 1.2 }
    } else {
        RowLengths::Uniform
    };
    csr::generate(&CsrSpec {
        rows: m,
        cols: n,
        nnz,
        lengths,
        seed,
    })
    .unwrap()
}

/// A row a block of F x 8 threads; one kernel.
fn assert_launch(func: &PrimFunc, m: usize, f: usize) {
    let kernel = tirtui::codegen::generate(func)
        .unwrap_or_else(|e| panic!("{e}"))
        .kernel;
    let launches = kernel.launch_list();
    assert_eq!(launches.len(), 1);
    assert_eq!(launches[0].grid, [m as u32, 1, 1]);
    assert_eq!(launches[0].block, [f as u32, SLICES, 1]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random sizes (rows shorter and longer than the 8 slices, rows without
    /// nonzeros, F narrower than a warp), both row-length distributions.
    #[test]
    fn the_split_csr_session_computes_spmm(
        m in 1usize..40,
        n in 1usize..90,
        f in prop::sample::select(vec![1usize, 4, 8, 32]),
        fill in 0.02f64..0.6,
        power in any::<bool>(),
        seed in 0u64..1000,
    ) {
        let nnz = ((m * n) as f64 * fill).round().max(1.0) as usize;
        let func = scheduled(m, n, f, nnz);
        assert_launch(&func, m, f);
        let c = pattern(m, n, nnz, power, seed);
        let bad = disagreement(&func, &c, f, seed);
        prop_assert!(bad.is_none(), "M={m} N={n} F={f} nnz={nnz} power={power} seed={seed}: {}", bad.unwrap());
    }
}

/// The workload's F = 128 (a block of 1024 threads) on a power-law matrix
/// whose longest rows hold all the columns.
#[test]
fn the_split_csr_session_computes_spmm_at_128_features() {
    let (m, n, f, nnz) = (24, 300, 128, 1800);
    let func = scheduled(m, n, f, nnz);
    assert_launch(&func, m, f);
    let c = pattern(m, n, nnz, true, 7);
    assert!((0..m).any(|r| c.row_range(r).len() == n), "a full row");
    if let Some(bad) = disagreement(&func, &c, f, 7) {
        panic!("{bad}");
    }
}

/// F = 256 would make a block of 2048 threads: refused, not launched.
#[test]
fn the_split_csr_session_refuses_a_block_over_1024_threads() {
    let func = scheduled(16, 16, 256, 40);
    let err = match tirtui::codegen::generate(&func) {
        Ok(_) => panic!("a block of 256 x 8 threads was generated"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("1024") || err.contains("2048"), "{err}");
}

/// The shipped session at its size: golden TIR and CUDA, the same as
/// `tirtui replay --emit cuda` prints.
#[test]
fn the_split_csr_session_golden_tir_and_cuda() {
    let func = scheduled(4096, 4096, 128, 65536);
    insta::assert_snapshot!("spmm_csr_2_split8_tir", tirtui::script::print_func(&func));
    let cuda = tirtui::codegen::generate(&func).unwrap().kernel.source;
    insta::assert_snapshot!("spmm_csr_2_split8_cuda", cuda);
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["replay", SESSION, "--emit", "cuda"])
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&replay.stdout).trim(), cuda.trim());
}

/// The kernel compiles with NVRTC for sm_80 and sm_90, without warnings.
#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test sparse_csr_split -- --ignored)"]
fn the_split_csr_session_compiles_with_nvrtc() {
    use tirtui::runtime::{nvrtc_available, nvrtc_compile};
    assert!(
        nvrtc_available(),
        "this test needs libnvrtc (pip install nvidia-cuda-nvrtc, see .ci/run)"
    );
    let kernel = tirtui::codegen::generate(&scheduled(4096, 4096, 128, 65536))
        .unwrap()
        .kernel;
    for arch in ["sm_80", "sm_90"] {
        let report = nvrtc_compile(&kernel, arch).unwrap_or_else(|e| panic!("{arch}: {e}"));
        assert!(report.warnings.is_empty(), "{arch}: {:?}", report.warnings);
    }
}
