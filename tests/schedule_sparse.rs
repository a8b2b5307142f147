//! `tirtui schedule` on SparseTIR workloads (issue 30, "for any workload
//! tirtui can parse"): the session records the sparse stages, then the
//! `SparseRows` default of the lowered program; it replays, and the scheduled
//! program computes SpMM / SDDMM on random CSR patterns (interpreter and SIMT
//! simulator) as a float64 dense reference does, for the shipped workloads
//! and for variants of other feature sizes (a dense axis wider than a block,
//! one narrower than a warp); `--ignored`: NVRTC compiles the shipped ones.

use std::path::{Path, PathBuf};
use std::process::Command;
use tirtui::interp::{random_args, Tensor, TensorData};
use tirtui::session::{parse_workload_staged, SparseStages};
use tirtui::sparse::csr::{self, Csr, CsrSpec, RowLengths};
use tirtui::trace::{Session, Trace};

const SPMM: &str = include_str!("../sessions/spmm_csr.tir");
const SDDMM: &str = include_str!("../sessions/sddmm_csr.tir");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-sparse-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tirtui(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .args(args)
        .output()
        .expect("tirtui runs")
}

fn sized(src: &str, m: usize, n: usize, f: usize, nnz: usize) -> String {
    src.replace("M = 4096", &format!("M = {m}"))
        .replace("N = 4096", &format!("N = {n}"))
        .replace("F = 128", &format!("F = {f}"))
        .replace("NNZ = 65536", &format!("NNZ = {nnz}"))
}

/// `tirtui schedule` of `workload` into `out`; the session as written.
fn schedule(workload: &Path, out: &Path) -> Session {
    let run = tirtui(&[
        "schedule",
        workload.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}: {}",
        workload.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("rule SparseRows"), "{err}");
    Session::load(out).unwrap_or_else(|e| panic!("{e}"))
}

/// The session's steps replayed on its workload, held unlowered as a
/// session with stage steps reads it: the scheduled (ordinary TIR) program.
fn replayed(session: &Session, path: &Path) -> tirtui::ir::PrimFunc {
    let ops: Vec<&str> = session.steps.iter().map(|s| s.op.as_str()).collect();
    assert_eq!(ops[..2], ["lower_sparse_iter", "lower_sparse_buffer"]);
    assert!(ops.contains(&"bind"), "{ops:?}");
    let stages = SparseStages::of(ops.iter().copied());
    assert_eq!(stages, SparseStages::Recorded);
    let (name, text) = session.workload_source(Some(path)).unwrap();
    let held = parse_workload_staged(&name, &text, None, stages).unwrap_or_else(|e| panic!("{e}"));
    let trace = Trace::replay(held, &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic(&name).render()));
    trace.func().clone()
}

fn floats(t: &Tensor) -> Vec<f64> {
    match &t.data {
        TensorData::Float(v) => v.clone(),
        other => panic!("not floats: {other:?}"),
    }
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

/// C[nz] = A[row] . B[col] at every nonzero, in float64.
fn sddmm_reference(c: &Csr, a: &[f64], b: &[f64], f: usize) -> Vec<f64> {
    let mut want = vec![0.0; c.nnz()];
    for i in 0..c.rows {
        for p in c.row_range(i) {
            let col = c.indices[p] as usize;
            want[p] = (0..f).map(|k| a[i * f + k] * b[col * f + k]).sum();
        }
    }
    want
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Spmm,
    Sddmm,
}

/// Runs `scheduled` on pattern `c` with the interpreter and the SIMT
/// simulator; each result against the dense reference.
fn check_computes(what: &str, kind: Kind, scheduled: &tirtui::ir::PrimFunc, c: &Csr, f: usize) {
    let mut args = random_args(scheduled, 5).unwrap();
    args[3].data = TensorData::Int(c.indptr.clone());
    args[4].data = TensorData::Int(c.indices.clone());
    let (a, b) = (floats(&args[0]), floats(&args[1]));
    let want = match kind {
        Kind::Spmm => spmm_reference(c, &a, &b, f),
        Kind::Sddmm => sddmm_reference(c, &a, &b, f),
    };
    let mut interpreted = args.clone();
    tirtui::interp::run(scheduled, &mut interpreted)
        .unwrap_or_else(|e| panic!("{what}: interpreter: {e:?}"));
    let lowered = tirtui::lower::lower_program(scheduled).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut simulated = args;
    tirtui::simt::simulate_program(&lowered, &mut simulated)
        .unwrap_or_else(|e| panic!("{what}: simulation: {e}"));
    for (how, got) in [("interpreter", &interpreted), ("simulator", &simulated)] {
        let got = floats(&got[2]);
        assert_eq!(got.len(), want.len(), "{what} ({how})");
        for (at, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!(
                (g - w).abs() <= 1e-4 * (1.0 + w.abs()),
                "{what} ({how}): C[{at}] = {g}, the dense reference says {w}"
            );
        }
    }
}

/// A variant of `src` scheduled by the command and checked on two patterns
/// (uniform and power-law rows); the session and the scheduled program.
fn scheduled_variant(
    dir: &Path,
    kind: Kind,
    src: &str,
    (m, n, f, nnz): (usize, usize, usize, usize),
) -> (Session, tirtui::ir::PrimFunc) {
    let what = format!("{kind:?} M={m} N={n} F={f} NNZ={nnz}");
    let workload = dir.join(format!("{kind:?}_{m}_{n}_{f}_{nnz}.tir"));
    std::fs::write(&workload, sized(src, m, n, f, nnz)).unwrap();
    let out = dir.join(format!("{kind:?}_{m}_{n}_{f}_{nnz}.yaml"));
    let session = schedule(&workload, &out);
    let scheduled = replayed(&session, &out);
    for (power, seed) in [(false, 3), (true, 4)] {
        let c = pattern(m, n, nnz, power, seed);
        check_computes(&what, kind, &scheduled, &c, f);
    }
    (session, scheduled)
}

fn launch(func: &tirtui::ir::PrimFunc) -> ([u32; 3], [u32; 3]) {
    let out = tirtui::codegen::generate(func).unwrap_or_else(|e| panic!("{e}"));
    let launches = out.kernel.launch_list();
    assert_eq!(launches.len(), 1, "one kernel");
    (launches[0].grid, launches[0].block)
}

#[test]
fn schedule_writes_sparse_sessions_that_compute_spmm() {
    let dir = temp("spmm");
    // The shipped feature count, a narrow one, and one wider than a block
    // (blockIdx.y); a row a block.
    for (f, block, grid_y) in [
        (128, [128, 1, 1], 1),
        (16, [16, 1, 1], 1),
        (1100, [256, 1, 1], 5),
    ] {
        let (_, scheduled) = scheduled_variant(&dir, Kind::Spmm, SPMM, (48, 40, f, 300));
        let (grid, got_block) = launch(&scheduled);
        assert_eq!(got_block, block, "F={f}");
        assert_eq!(grid[..2], [48, grid_y], "F={f}");
    }
    // Rows without nonzeros are zeroed (the row's loop never runs).
    let (_, scheduled) = scheduled_variant(&dir, Kind::Spmm, SPMM, (40, 40, 8, 3));
    let c = Csr {
        rows: 40,
        cols: 40,
        indptr: (0..=40)
            .map(|r| if r < 39 { 0 } else { 3 * (r - 39) })
            .collect(),
        indices: vec![1, 5, 9],
    };
    check_computes("SpMM, one full row", Kind::Spmm, &scheduled, &c, 8);
}

#[test]
fn schedule_writes_sparse_sessions_that_compute_sddmm() {
    let dir = temp("sddmm");
    // The reduction over the features across threadIdx.x, one row a block;
    // K wider than 1,024 threads: 256 threads, each reducing its share first.
    for (k, threads) in [(128, 128), (8, 8), (1500, 256)] {
        let (_, scheduled) = scheduled_variant(&dir, Kind::Sddmm, SDDMM, (24, 30, k, 120));
        let (grid, block) = launch(&scheduled);
        assert_eq!(block, [threads, 1, 1], "K={k}");
        assert_eq!(grid[0], 24, "K={k}: a row a block");
    }
}

/// The shipped workloads at their size: the command's session replays
/// through `tirtui replay` (stage steps recorded, so the workload is held),
/// and its CUDA launches within the limits.
#[test]
fn schedule_the_shipped_sparse_workloads() {
    let dir = temp("shipped");
    for (workload, bound) in [
        (
            "sessions/spmm_csr.tir",
            "C[((int)blockIdx.x) * 128 + ((int)threadIdx.x)] = 0.0f;",
        ),
        ("sessions/sddmm_csr.tir", "J_indptr[((int)blockIdx.x) + 1]"),
    ] {
        let out = dir.join("s.yaml");
        let session = schedule(Path::new(workload), &out);
        let func = replayed(&session, &out);
        let func_held = parse_workload_staged(
            workload,
            &std::fs::read_to_string(workload).unwrap(),
            None,
            SparseStages::Recorded,
        )
        .unwrap();
        assert!(tirtui::tune::check::steps_launch(
            &func_held,
            &session.steps
        ));
        let cuda = tirtui::codegen::generate(&func).unwrap().kernel.source;
        assert!(cuda.contains(bound), "{workload}: {cuda}");
        let replay = tirtui(&["replay", out.to_str().unwrap(), "--emit", "cuda"]);
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&replay.stdout).trim(), cuda.trim());
    }
}

/// The lowered program (a session without stage steps, or `tune W.tir`,
/// which reads the workload lowered) gets the same schedule, without the
/// stage steps; a sparse program of another structure is not the rule's.
#[test]
fn the_rule_takes_the_lowered_program_by_its_structure() {
    let lowered = tirtui::session::parse_workload("spmm_csr.tir", SPMM, None).unwrap();
    let any = |_: &tirtui::design_space::Sketch| true;
    let (rule, sketch) = tirtui::design_space::default_schedule(&lowered, &any).unwrap();
    assert_eq!(rule, "SparseRows");
    assert_eq!(sketch.steps[0].op, "get_block");
    let held = parse_workload_staged("spmm_csr.tir", SPMM, None, SparseStages::Recorded).unwrap();
    let (_, staged) = tirtui::design_space::default_schedule(&held, &any).unwrap();
    assert_eq!(staged.steps[2..], sketch.steps[..]);
    // A dense GEMM is not a sparse row nest.
    let gemm = tirtui::session::load_workload(Path::new("sessions/gemm.tir"), None).unwrap();
    let why = tirtui::design_space::sparse_rows(&gemm).unwrap_err();
    assert!(why.contains("not a sparse row nest"), "{why}");
}

/// The default of the shipped sparse workloads compiles with NVRTC.
#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test schedule_sparse -- --ignored)"]
fn the_sparse_defaults_compile_with_nvrtc() {
    use tirtui::runtime::{nvrtc_available, nvrtc_compile};
    assert!(
        nvrtc_available(),
        "this test needs libnvrtc (pip install nvidia-cuda-nvrtc, see .ci/run)"
    );
    let dir = temp("nvrtc");
    for workload in ["sessions/spmm_csr.tir", "sessions/sddmm_csr.tir"] {
        let out = dir.join("s.yaml");
        let session = schedule(Path::new(workload), &out);
        let func = replayed(&session, &out);
        let kernel = tirtui::codegen::generate(&func).unwrap().kernel;
        for arch in ["sm_80", "sm_90"] {
            let report =
                nvrtc_compile(&kernel, arch).unwrap_or_else(|e| panic!("{workload} {arch}: {e}"));
            assert!(
                report.warnings.is_empty(),
                "{workload}: {:?}",
                report.warnings
            );
        }
    }
}
