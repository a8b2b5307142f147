//! Session 20's audit of the hybrid ELL + CSR decomposition (issue 33) at
//! the matrices the shipped tests do not draw: no nonzeros, every row longer
//! than every ELL width (all in the CSR remainder), one row, fewer rows than
//! a thread block's four, a dense matrix. Each either computes the dense
//! product (interpreter and SIMT simulator, the shipped sessions' own
//! checks) or is refused at its step with a message; never a wrong kernel.
//! And a matrix too large to draw on the host is refused at once.

use std::path::{Path, PathBuf};
use tirtui::interp::{random_args, Tensor, TensorData};
use tirtui::ir::{AnnValue, PrimFunc};
use tirtui::session::{parse_workload_staged, SparseStages};
use tirtui::sparse::csr::Csr;
use tirtui::sparse::format::{self, HybSpec, PartArray};
use tirtui::trace::{Session, Trace};

const SESSION: &str = "sessions/sparse/spmm_hyb_1_rows.yaml";
const SPLIT: &str = "sessions/sparse/spmm_hyb_2_split8.yaml";
const SPMM: &str = include_str!("../sessions/spmm_csr.tir");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-audit-hyb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The shipped session on a workload of other sizes, its step naming
/// another matrix (`dist`, `seed`): written to `dir`, returned as a path.
fn variant(
    session: &str,
    dir: &Path,
    (m, n, f, nnz): (usize, usize, usize, usize),
    dist: &str,
    seed: u64,
) -> PathBuf {
    let workload = dir.join(format!("spmm_{m}_{n}_{f}_{nnz}.tir"));
    let text = SPMM
        .replace("M = 4096", &format!("M = {m}"))
        .replace("N = 4096", &format!("N = {n}"))
        .replace("F = 128", &format!("F = {f}"))
        .replace("NNZ = 65536", &format!("NNZ = {nnz}"));
    std::fs::write(&workload, text).unwrap();
    let name = Path::new(session)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .to_string();
    let session = std::fs::read_to_string(session).unwrap();
    let session = session
        .replace(
            "workload: ../spmm_csr.tir",
            &format!("workload: {}", workload.display()),
        )
        .replace(
            "dist: power-law, alpha: 1.2, seed: 7",
            &format!("dist: {dist}, alpha: 1.2, seed: {seed}"),
        );
    let path = dir.join(format!("{name}_{m}_{f}_{dist}_{seed}.yaml"));
    std::fs::write(&path, session).unwrap();
    path
}

fn spec_of(func: &PrimFunc) -> HybSpec {
    let text = func
        .attrs
        .iter()
        .find_map(|(k, v)| match v {
            AnnValue::Str(s) if k == tirtui::sparse::HYB_ATTR => Some(s.clone()),
            _ => None,
        })
        .expect("a sparse_hyb attribute");
    HybSpec::from_attr(&text).unwrap()
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

/// Runs `func` (scheduled or the reference mapping) on the parts of the
/// matrix its decomposition names, C starting as NaN, in the interpreter and
/// (`simulate`) the SIMT simulator; each against the dense product.
fn check_computes(what: &str, func: &PrimFunc, f: usize, simulate: bool) {
    let spec = spec_of(func);
    let matrix = spec.matrix().unwrap();
    let values: Vec<f64> = (0..matrix.nnz())
        .map(|p| ((p * 7 + 3) % 11) as f64 / 4.0 - 1.0)
        .collect();
    let parts = format::hyb_parts(&matrix, &values, &spec.widths).unwrap();
    let mut args = random_args(func, 5).unwrap();
    let names: Vec<String> = func
        .param_buffers()
        .into_iter()
        .map(|b| func.buffer(b).name.clone())
        .collect();
    let at = |name: &str| names.iter().position(|n| n == name).unwrap();
    for (name, array) in format::lowered_inputs(&parts, "I", "J", "A") {
        let i = at(&name);
        args[i].data = match array {
            PartArray::Index(v) => {
                assert_eq!(
                    v.len() as i64,
                    args[i].shape.iter().product::<i64>(),
                    "{name}"
                );
                TensorData::Int(v)
            }
            PartArray::Value(v) => TensorData::Float(v),
        };
    }
    let c_at = at("C");
    args[c_at].data = TensorData::Float(vec![f64::NAN; matrix.rows * f]);
    let want = spmm_reference(&matrix, &values, &floats(&args[at("B")]), f);
    let mut interpreted = args.clone();
    tirtui::interp::run(func, &mut interpreted)
        .unwrap_or_else(|e| panic!("{what}: interpreter: {e:?}"));
    let mut results = vec![("interpreter", interpreted)];
    if simulate {
        let lowered = tirtui::lower::lower_program(func).unwrap_or_else(|e| panic!("{what}: {e}"));
        let mut simulated = args;
        tirtui::simt::simulate_program(&lowered, &mut simulated)
            .unwrap_or_else(|e| panic!("{what}: simulation: {e}"));
        results.push(("simulator", simulated));
    }
    for (how, got) in &results {
        let got = floats(&got[c_at]);
        assert_eq!(got.len(), want.len(), "{what} ({how})");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!(
                (g - w).abs() <= 1e-4 * (1.0 + w.abs()),
                "{what} ({how}): C[{i}] = {g}, the dense reference says {w}"
            );
        }
    }
}

/// The session replayed, or the message of the step that refused it.
fn replay_or_refusal(path: &Path) -> Result<(PrimFunc, PrimFunc), String> {
    let session = Session::load(path).map_err(|e| e.to_string())?;
    let (name, text) = session.workload_source(Some(path)).unwrap();
    let held = parse_workload_staged(&name, &text, None, SparseStages::Recorded)
        .map_err(|e| e.to_string())?;
    let replay = |steps: &[tirtui::trace::Step]| {
        Trace::replay(held.clone(), steps)
            .map(|t| t.func().clone())
            .map_err(|(_, e)| e.to_diagnostic(&name).render())
    };
    let stages = session
        .steps
        .iter()
        .rposition(|s| tirtui::sparse::stage::is_stage_op(&s.op))
        .unwrap();
    Ok((replay(&session.steps)?, replay(&session.steps[..=stages])?))
}

/// Matrices at the decomposition's edges: each computes the dense product
/// or is refused with a message naming its step.
#[test]
fn edge_matrices_compute_the_dense_product_or_are_refused() {
    let dir = temp("edges");
    let mut computed = 0;
    for session in [SESSION, SPLIT] {
        for (sizes, dist, seed) in [
            // No nonzeros at all.
            ((16, 16, 8, 0), "uniform", 1),
            // Every row longer than the widest ELL part (32): all remainder.
            ((8, 40, 8, 320), "uniform", 2),
            // Dense: every cell a nonzero.
            ((8, 40, 8, 320), "power-law", 3),
            // One row; fewer rows than a thread block's four.
            ((1, 64, 8, 50), "uniform", 4),
            ((3, 64, 8, 20), "power-law", 5),
            // One nonzero: every part but one is padding.
            ((16, 16, 8, 1), "uniform", 6),
            // Rows exactly at the widths (4 and 32 columns).
            ((4, 4, 8, 16), "uniform", 7),
            ((4, 32, 8, 128), "uniform", 8),
        ] {
            let what = format!("{session} {sizes:?} {dist} seed {seed}");
            match replay_or_refusal(&variant(session, &dir, sizes, dist, seed)) {
                Ok((scheduled, _stages)) => {
                    check_computes(&what, &scheduled, sizes.2, true);
                    computed += 1;
                }
                Err(msg) => {
                    eprintln!("{what}: refused: {msg}");
                    assert!(msg.contains("step"), "{what}: {msg}");
                }
            }
        }
    }
    // Most of them compute (a refusal of all would pass vacuously).
    assert!(computed >= 10, "only {computed} cases computed");
}

/// A matrix whose row pointers and nonzeros the host cannot hold is refused
/// at the decomposition's step, at once, instead of aborting on memory.
#[test]
fn a_matrix_too_large_to_draw_is_refused_at_once() {
    let dir = temp("large");
    for sizes in [(1_000_000_000, 64, 8, 64), (64, 1 << 30, 8, 1 << 25)] {
        let started = std::time::Instant::now();
        let err = replay_or_refusal(&variant(SESSION, &dir, sizes, "uniform", 1))
            .err()
            .unwrap_or_else(|| panic!("{sizes:?} replayed"));
        assert!(err.contains("step 1"), "{err}");
        assert!(err.contains("row pointers and nonzeros"), "{err}");
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }
}
