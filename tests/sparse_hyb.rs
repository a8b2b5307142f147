//! The hybrid ELL + CSR SpMM scheduled for the GPU (issue 33): the shipped
//! session `sessions/sparse/spmm_hyb_1_rows.yaml` decomposes the SpMM
//! (`sparse_format_decompose`, hyb rule), lowers it and binds every part.
//! Its scheduled program, on the parts of uniform and power-law matrices,
//! computes in the interpreter and the SIMT simulator what the float64
//! dense product of the undecomposed matrix gives, and so does the run's
//! reference kernel; golden TIR and CUDA; the run request names every part
//! array and refuses a pattern other than the decomposition's; `--ignored`:
//! NVRTC compiles the kernels.

use std::path::{Path, PathBuf};
use tirtui::interp::{random_args, Tensor, TensorData};
use tirtui::ir::{AnnValue, PrimFunc};
use tirtui::session::{parse_workload_staged, SparseStages};
use tirtui::sparse::csr::{Csr, RowLengths};
use tirtui::sparse::format::{self, HybSpec, PartArray};
use tirtui::trace::{Session, Trace};

const SESSION: &str = "sessions/sparse/spmm_hyb_1_rows.yaml";
/// The same, its remainder's nonzeros in 8 slices on threadIdx.y.
const SPLIT: &str = "sessions/sparse/spmm_hyb_2_split8.yaml";
/// The shipped sessions with the threadIdx.y extent of their remainder's block.
const SESSIONS: [(&str, u32); 2] = [(SESSION, 1), (SPLIT, 8)];
const SPMM: &str = include_str!("../sessions/spmm_csr.tir");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-hyb-{name}-{}", std::process::id()));
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

/// The session's steps replayed on its held workload: the scheduled program,
/// and the program of its stage steps alone (the run's reference).
fn replayed(path: &Path) -> (PrimFunc, PrimFunc) {
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (name, text) = session.workload_source(Some(path)).unwrap();
    let held = parse_workload_staged(&name, &text, None, SparseStages::Recorded)
        .unwrap_or_else(|e| panic!("{e}"));
    let replay = |steps: &[tirtui::trace::Step]| {
        Trace::replay(held.clone(), steps)
            .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic(&name).render()))
            .func()
            .clone()
    };
    let stages = session
        .steps
        .iter()
        .rposition(|s| tirtui::sparse::stage::is_stage_op(&s.op))
        .unwrap();
    (replay(&session.steps), replay(&session.steps[..=stages]))
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

/// The scheduled parts and the run's reference kernel compute the SpMM of
/// the undecomposed matrix: power-law rows (a CSR remainder, empty rows),
/// uniform ones (parts no row falls in: their padding rows), narrow F.
#[test]
fn the_scheduled_hyb_session_computes_spmm() {
    let dir = temp("computes");
    for (session, remainder_y) in SESSIONS {
        for (sizes, dist, seed) in [
            ((96, 80, 32, 1500), "power-law", 7),
            ((96, 80, 32, 1500), "uniform", 3),
            ((40, 200, 8, 2400), "uniform", 5),
            ((64, 64, 16, 40), "power-law", 11),
        ] {
            let what = format!("{session} {sizes:?} {dist} seed {seed}");
            let (scheduled, stages) = replayed(&variant(session, &dir, sizes, dist, seed));
            let f = sizes.2;
            // A kernel per part: 4 rows of F threads (ELL), a row of F (the
            // remainder, times its slices of nonzeros).
            let kernel = tirtui::codegen::generate(&scheduled)
                .unwrap_or_else(|e| panic!("{what}: {e}"))
                .kernel;
            let launches = kernel.launch_list();
            let parts = spec_of(&scheduled).suffixes().len();
            assert_eq!(launches.len(), parts, "{what}");
            for (i, l) in launches.iter().enumerate() {
                let y = if i + 1 == parts { remainder_y } else { 4 };
                assert_eq!(l.block, [f as u32, y, 1], "{what}: {}", l.name);
            }
            check_computes(&what, &scheduled, f, true);
            let reference = tirtui::schedule::auto::default_gpu_schedule(&stages)
                .unwrap_or_else(|e| panic!("{what}: reference mapping: {e}"));
            // Its rows share thread blocks, so threads walk loops of different
            // lengths, which the GPU runs and the simulator does not take.
            check_computes(&format!("{what} (reference)"), &reference, f, false);
        }
    }
}

/// The shipped sessions at their size: golden TIR and CUDA, the same as
/// `tirtui replay --emit cuda` prints.
#[test]
fn the_shipped_hyb_session_golden_tir_and_cuda() {
    for (session, _) in SESSIONS {
        let (scheduled, _) = replayed(Path::new(session));
        let name = Path::new(session).file_stem().unwrap().to_string_lossy();
        insta::assert_snapshot!(
            format!("{name}_tir"),
            tirtui::script::print_func(&scheduled)
        );
        let cuda = tirtui::codegen::generate(&scheduled).unwrap().kernel.source;
        insta::assert_snapshot!(format!("{name}_cuda"), cuda);
        let replay = std::process::Command::new(env!("CARGO_BIN_EXE_tirtui"))
            .args(["replay", session, "--emit", "cuda"])
            .output()
            .unwrap();
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&replay.stdout).trim(), cuda.trim());
    }
}

/// The run request names every part array by its kernel argument, and the
/// worker's arrays fit those arguments; `--sparse` may not ask for another
/// matrix than the decomposition's.
#[test]
fn the_run_request_fills_the_parts_of_the_decomposed_matrix() {
    let (scheduled, stages) = replayed(Path::new(SESSION));
    let kernel = tirtui::codegen::generate(&scheduled).unwrap().kernel;
    let req = tirtui::session::run::request_with_pattern(&stages, &kernel, None).unwrap();
    assert_eq!(req.csr.len(), 1, "{:?}", req.csr);
    let hyb = req.csr[0].hyb.as_ref().expect("a hyb input");
    let spec = HybSpec::from_attr(&hyb.spec).unwrap();
    assert_eq!(spec.lengths, RowLengths::PowerLaw { alpha: 1.2 });
    assert_eq!(
        (spec.rows, spec.cols, spec.nnz, spec.seed),
        (4096, 4096, 65536, 7)
    );
    let dtypes = vec![tirtui::ir::DataType::F32];
    let arrays = tirtui::runtime::sparse_inputs::hyb_arrays(&spec, &dtypes, req.seed).unwrap();
    assert_eq!(arrays.len(), hyb.arrays.len());
    for (name, array) in &arrays {
        let (_, at) = hyb.arrays.iter().find(|(n, _)| n == name).unwrap();
        let arg = &kernel.args[*at];
        let len = match array {
            PartArray::Index(v) => v.len(),
            PartArray::Value(v) => v.len(),
        };
        assert_eq!(arg.name, *name);
        assert_eq!(len as i64, arg.shape.iter().product::<i64>(), "{name}");
    }
    let refused = |opts: &str| {
        let o = tirtui::sparse::options::parse_options(opts).unwrap();
        tirtui::session::run::request_with_pattern(&stages, &kernel, Some(&o))
    };
    for other in ["seed=8", "dist=uniform", "dist=power-law,alpha=1.5"] {
        let err = refused(other).unwrap_err();
        assert!(
            err.contains("built its parts for the matrix"),
            "{other}: {err}"
        );
    }
    assert!(refused("dist=power-law,seed=7").is_ok());
}

/// The kernels compile with NVRTC for sm_80 and sm_90, without warnings.
#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test sparse_hyb -- --ignored)"]
fn the_hyb_session_compiles_with_nvrtc() {
    use tirtui::runtime::{nvrtc_available, nvrtc_compile};
    assert!(
        nvrtc_available(),
        "this test needs libnvrtc (pip install nvidia-cuda-nvrtc, see .ci/run)"
    );
    for (session, _) in SESSIONS {
        let (scheduled, _) = replayed(Path::new(session));
        let kernel = tirtui::codegen::generate(&scheduled).unwrap().kernel;
        for arch in ["sm_80", "sm_90"] {
            let report =
                nvrtc_compile(&kernel, arch).unwrap_or_else(|e| panic!("{session} {arch}: {e}"));
            assert!(
                report.warnings.is_empty(),
                "{session}: {:?}",
                report.warnings
            );
        }
    }
}
