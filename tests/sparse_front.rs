//! SparseTIR front stage (issue 33): reading and printing sparse functions,
//! the two lowering stages (golden TIR), valid CSR inputs, and the interpreter
//! on the lowered SpMM / SDDMM against a float64 dense reference.

use proptest::prelude::*;
use tirtui::interp::{random_args, run, Tensor, TensorData};
use tirtui::script::{print_func, ParseError};
use tirtui::sparse::csr::{self, Csr, CsrError, CsrSpec, RowLengths};
use tirtui::sparse::{self, lower_sparse_buffer, lower_sparse_iter, lowered_func, SparseFunc};

const SPMM: &str = include_str!("../sessions/spmm_csr.tir");
const SDDMM: &str = include_str!("../sessions/sddmm_csr.tir");

fn read(src: &str) -> SparseFunc {
    match sparse::parse(src) {
        Ok(f) => f,
        Err(e) => panic!("{}", e.to_diagnostic("test.tir", src).render()),
    }
}

fn refused(src: &str) -> ParseError {
    match sparse::parse(src) {
        Ok(f) => panic!("accepted: {f:?}"),
        Err(e) => e,
    }
}

#[test]
fn shipped_workloads_round_trip() {
    for src in [SPMM, SDDMM] {
        let f = read(src);
        let printed = sparse::print(&f);
        let again = read(&printed);
        assert_eq!(f.without_spans(), again.without_spans(), "{printed}");
        assert_eq!(sparse::print(&again), printed);
    }
}

/// SparseTIR's other spellings: sizes as parameters, `T.iter`, list axes and
/// `dtype=`, `+=`, a ragged (dense_variable) and an ELL (sparse_fixed) axis.
#[test]
fn spellings_and_axis_kinds_round_trip() {
    let src = r#"
from tvm.script import tir as T

@T.prim_func
def f(a: T.handle, b: T.handle, e: T.handle, indptr: T.handle, indices: T.handle, m: T.int32, n: T.int32, nnz: T.int32) -> None:
    T.func_attr({"global_symbol": "main", "tir.noalias": True, "sparse_tir_level": 2})
    I = T.dense_fixed(m)
    J = T.dense_variable(I, (n, nnz), indptr, "int32")
    L = T.sparse_fixed(I, (n, 4), indices, idtype="int32")
    A = T.match_sparse_buffer(a, [I, J], dtype="float32")
    B = T.match_sparse_buffer(b, (I,), "float32")
    E = T.match_sparse_buffer(e, (I, L), "float32")
    with T.iter([I, J], "SR", "seg") as [vi, vj]:
        with T.init():
            B[vi] = 0.0
        B[vi] += A[vi, vj] * -2.5 - 1
"#;
    let f = read(src);
    assert!(f.iters.len() == 1 && f.iters[0].body.len() == 1 && f.axes.len() == 3);
    let printed = sparse::print(&f);
    assert!(printed.contains("with T.sp_iter([I, J], \"SR\", \"seg\") as [vi, vj]:"));
    assert!(
        printed.contains("B[vi] = B[vi] + (A[vi, vj] * -2.5 - 1)"),
        "{printed}"
    );
    assert_eq!(read(&printed).without_spans(), f.without_spans());
}

#[test]
fn unsupported_constructs_are_refused_with_a_span() {
    let base = SPMM;
    let cases: &[(&str, &str, &str)] = &[
        (
            "[I, K, J]",
            "[T.fuse(I, K), J]",
            "T.fuse is not supported yet",
        ),
        (
            "A[vi, vj] * B[vj, vk]",
            "A[vi, vj] * B[vk, vk]",
            "cannot index axis",
        ),
        (
            "A[vi, vj] * B[vj, vk]",
            "A[vi, vj] * T.exp(B[vj, vk])",
            "calls are not supported",
        ),
        ("\"SSR\"", "\"SSX\"", "kinds \"SSX\" for 3 axes"),
        (
            "(I, J), \"float32\")",
            "(J, I), \"float32\")",
            "must follow its parent",
        ),
        (
            "T.sparse_variable(I,",
            "T.sparse_variable(J_detach2,",
            "unknown axis `J_detach2`",
        ),
        ("[I, K, J]", "[J, I, K]", "which must come before it"),
        (
            "C[vi, vk] + A",
            "C[vi, vk] + Q",
            "unknown sparse buffer `Q`",
        ),
        (
            "C[vi, vk] + A",
            "C[vi, vk] + vi + A",
            "not supported in a sparse iteration",
        ),
    ];
    for (from, to, message) in cases {
        assert!(base.contains(from), "{from}");
        let src = base.replacen(from, to, 1);
        let e = refused(&src);
        assert!(e.message.contains(message), "{to}: {}", e.message);
        // The span points into the changed text or its statement, never nowhere.
        assert!(
            e.span.end > e.span.start && e.span.end <= src.len(),
            "{to}: {:?}",
            e.span
        );
        let _ = e.to_diagnostic("w.tir", &src).render();
    }
    let nested = SPMM.replacen(
        "    K = T.dense_fixed(F, \"int32\")",
        "    K = T.sparse_variable(J, (F, NNZ), (indptr, indices), \"int32\")",
        1,
    );
    let e = refused(&nested);
    assert!(
        e.message
            .contains("an axis under a variable axis is not supported yet"),
        "{}",
        e.message
    );
    assert!(e.help.is_some());
}

#[test]
fn stages_golden() {
    for (name, src) in [("spmm", SPMM), ("sddmm", SDDMM)] {
        let f = read(src);
        let iter = lower_sparse_iter(&f).unwrap();
        insta::assert_snapshot!(format!("{name}_1_lower_sparse_iter"), iter.print());
        let text = lower_sparse_buffer(&iter).unwrap();
        let func = lowered_func(&f).unwrap_or_else(|e| panic!("{}\n{text}", e.message));
        insta::assert_snapshot!(format!("{name}_2_lower_sparse_buffer"), print_func(&func));
    }
}

/// A small SpMM / SDDMM with the given sizes, in the shipped workloads' form.
fn small(src: &str, m: usize, n: usize, f: usize, nnz: usize) -> String {
    src.replace("M = 4096", &format!("M = {m}"))
        .replace("N = 4096", &format!("N = {n}"))
        .replace("F = 128", &format!("F = {f}"))
        .replace("NNZ = 65536", &format!("NNZ = {}", nnz.max(1)))
}

fn floats(t: &Tensor) -> Vec<f64> {
    match &t.data {
        TensorData::Float(v) => v.clone(),
        other => panic!("not floats: {other:?}"),
    }
}

/// Runs the lowered function on a generated CSR pattern; returns the args
/// after the run (A, B, C, indptr, indices).
fn run_lowered(src: &str, csr: &Csr, seed: u64) -> Vec<Tensor> {
    let func = lowered_func(&read(src)).unwrap_or_else(|e| panic!("{}", e.message));
    let mut args = random_args(&func, seed).unwrap();
    assert_eq!(args.len(), 5);
    args[3].data = TensorData::Int(csr.indptr.clone());
    args[4].data = TensorData::Int(csr.indices.clone());
    run(&func, &mut args).unwrap_or_else(|e| panic!("{e:?}"));
    args
}

fn close(got: &[f64], want: &[f64]) -> Result<(), TestCaseError> {
    prop_assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let tol = 1e-4 * (1.0 + w.abs());
        prop_assert!((g - w).abs() <= tol, "element {}: {} vs {}", i, g, w);
    }
    Ok(())
}

fn spec_strategy() -> impl Strategy<Value = (usize, usize, usize, f64, bool, u64)> {
    (
        1usize..24,
        1usize..24,
        1usize..6,
        0.0f64..1.0,
        any::<bool>(),
        any::<u64>(),
    )
}

fn make(rows: usize, cols: usize, density: f64, power: bool, seed: u64) -> Csr {
    let nnz = CsrSpec::nnz_of_density(rows, cols, density).max(1);
    let lengths = if power {
        RowLengths::PowerLaw { alpha: 1.2 }
    } else {
        RowLengths::Uniform
    };
    csr::generate(&CsrSpec {
        rows,
        cols,
        nnz,
        lengths,
        seed,
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_csr_is_valid((rows, cols, _f, density, power, seed) in spec_strategy()) {
        let c = make(rows, cols, density, power, seed);
        prop_assert_eq!(c.nnz(), CsrSpec::nnz_of_density(rows, cols, density).max(1));
        prop_assert_eq!(csr::check(rows, cols, ("indptr", &c.indptr), ("indices", &c.indices)), Ok(()));
    }

    #[test]
    fn lowered_spmm_matches_dense_reference((m, n, f, density, power, seed) in spec_strategy()) {
        let c = make(m, n, density, power, seed);
        let args = run_lowered(&small(SPMM, m, n, f, c.nnz()), &c, seed);
        let dense_a = c.to_dense(&floats(&args[0]));
        let b = floats(&args[1]);
        let mut want = vec![0.0; m * f];
        for i in 0..m {
            for k in 0..f {
                want[i * f + k] = (0..n).map(|j| dense_a[i * n + j] * b[j * f + k]).sum();
            }
        }
        close(&floats(&args[2]), &want)?;
    }

    #[test]
    fn lowered_sddmm_matches_dense_reference((m, n, f, density, power, seed) in spec_strategy()) {
        let c = make(m, n, density, power, seed);
        let args = run_lowered(&small(SDDMM, m, n, f, c.nnz()), &c, seed);
        let (a, b) = (floats(&args[0]), floats(&args[1]));
        let mut want = Vec::new();
        for i in 0..m {
            for p in c.row_range(i) {
                let j = c.indices[p] as usize;
                want.push((0..f).map(|k| a[i * f + k] * b[j * f + k]).sum());
            }
        }
        close(&floats(&args[2]), &want)?;
    }
}

/// Rows without nonzeros still get their zero (SparseTIR's own lowering leaves them unwritten).
#[test]
fn spmm_rows_without_nonzeros_are_zero() {
    let c = Csr {
        rows: 3,
        cols: 2,
        indptr: vec![0, 0, 2, 2],
        indices: vec![0, 1],
    };
    let args = run_lowered(&small(SPMM, 3, 2, 2, 2), &c, 7);
    let out = floats(&args[2]);
    assert_eq!(&out[0..2], &[0.0, 0.0]);
    assert_eq!(&out[4..6], &[0.0, 0.0]);
    assert!(out[2] != 0.0 || out[3] != 0.0);
}

#[test]
fn supplied_csr_errors_name_the_buffer_and_position() {
    let ok = (vec![0, 1, 3], vec![2, 0, 1]);
    assert_eq!(
        csr::check(2, 3, ("J_indptr", &ok.0), ("J_indices", &ok.1)),
        Ok(())
    );
    let out = csr::check(2, 3, ("J_indptr", &ok.0), ("J_indices", &[2, 0, 3]));
    assert_eq!(
        out,
        Err(CsrError::OutOfRange {
            buffer: "J_indices".into(),
            position: 2,
            value: 3,
            cols: 3
        })
    );
    let text = out.unwrap_err().to_string();
    assert!(text.contains("`J_indices[2]` is 3"), "{text}");
    let back = csr::check(2, 3, ("J_indptr", &[0, 2, 1]), ("J_indices", &[0]));
    assert!(
        matches!(back, Err(CsrError::Indptr { position: 1, .. })),
        "{back:?}"
    );
    let dup = csr::check(1, 3, ("J_indptr", &[0, 2]), ("J_indices", &[1, 1]));
    assert!(
        matches!(dup, Err(CsrError::Unsorted { position: 1, .. })),
        "{dup:?}"
    );
    let short = csr::check(2, 3, ("J_indptr", &[0, 1]), ("J_indices", &[0]));
    assert!(
        matches!(short, Err(CsrError::Length { want: 3, .. })),
        "{short:?}"
    );
    let dense = csr::generate(&CsrSpec {
        rows: 2,
        cols: 2,
        nnz: 5,
        lengths: RowLengths::Uniform,
        seed: 1,
    });
    assert!(matches!(dense, Err(CsrError::TooDense { .. })));
}

/// Power-law rows are skewed: the longest row holds far more than the mean.
#[test]
fn power_law_rows_are_skewed() {
    let spec = CsrSpec {
        rows: 512,
        cols: 512,
        nnz: 8192,
        lengths: RowLengths::PowerLaw { alpha: 1.0 },
        seed: 3,
    };
    let c = csr::generate(&spec).unwrap();
    let longest = (0..512).map(|r| c.row_range(r).len()).max().unwrap();
    assert!(longest >= 8 * 16, "longest row {longest}");
    let uniform = csr::generate(&CsrSpec {
        lengths: RowLengths::Uniform,
        ..spec
    })
    .unwrap();
    let longest_uniform = (0..512).map(|r| uniform.row_range(r).len()).max().unwrap();
    assert!(longest_uniform < 64, "{longest_uniform}");
}

/// The GPU sessions under `sessions/sparse/`: a sparse workload is lowered when
/// read, the steps schedule the lowered TIR, it generates CUDA, and its run
/// request names the CSR pair the runtime fills with a valid pattern.
#[test]
fn sparse_sessions_schedule_and_generate_cuda() {
    use tirtui::trace::{Session, Trace};
    for (session, kernel_loop) in [
        (
            "sessions/sparse/spmm_csr_1_rows.yaml",
            "J_indptr[((int)blockIdx.x) * 4 + ((int)threadIdx.y) + 1]",
        ),
        ("sessions/sparse/sddmm_csr_1_rows.yaml", "__shfl_down_sync"),
    ] {
        let path = std::path::Path::new(session);
        let s = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
        let (name, text) = s.workload_source(Some(path)).unwrap();
        let func =
            tirtui::session::parse_workload(&name, &text, None).unwrap_or_else(|e| panic!("{e}"));
        assert!(sparse::is_lowered_sparse(&func));
        let trace = Trace::replay(func.clone(), &s.steps)
            .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic(session).render()));
        let out =
            tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{session}: {e}"));
        assert!(
            out.kernel.source.contains(kernel_loop),
            "{}",
            out.kernel.source
        );
        // The runtime fills J_indptr / J_indices (arguments 3 and 4) with a valid pattern.
        let req = tirtui::session::run::build_request(&func, &out.kernel)
            .unwrap_or_else(|e| panic!("{session}: {e}"));
        let want = tirtui::runtime::CsrInput {
            indptr: 3,
            indices: 4,
            cols: 4096,
            power_law: None,
            seed: None,
            hyb: None,
        };
        assert_eq!(req.csr, vec![want]);
    }
    // A dense workload is not taken for a sparse one.
    let gemv = std::fs::read_to_string("sessions/gemv.tir").unwrap();
    assert!(sparse::lower_source(&gemv).is_none());
}

/// Index arrays without a generator (ragged rows, ELL) are refused for GPU runs.
#[test]
fn gpu_runs_refuse_index_arrays_without_a_generator() {
    let ragged = SPMM
        .replacen(
            "J = T.sparse_variable(I, (N, NNZ), (indptr, indices), \"int32\")",
            "J = T.dense_variable(I, (N, NNZ), indptr, \"int32\")",
            1,
        )
        .replacen("indptr: T.handle, indices: T.handle", "indptr: T.handle", 1)
        .replacen(
            "B = T.match_sparse_buffer(b, (J_detach, K), \"float32\")",
            "B = T.match_sparse_buffer(b, (I, K), \"float32\")",
            1,
        )
        .replacen("* B[vj, vk]", "* B[vi, vk]", 1);
    let func = lowered_func(&read(&ragged)).unwrap_or_else(|e| panic!("{}", e.message));
    let e = sparse::csr_pairs(&func).unwrap_err();
    assert!(e.contains("axis `J` (ragged or ELL)"), "{e}");
}

/// Lowered SpMM compiles with NVRTC (needs libnvrtc).
#[test]
#[ignore = "needs libnvrtc: cargo test --test sparse_front -- --ignored"]
fn lowered_spmm_compiles_with_nvrtc() {
    let func = lowered_func(&read(SPMM)).unwrap();
    let s =
        tirtui::trace::Session::load(std::path::Path::new("sessions/sparse/spmm_csr_1_rows.yaml"))
            .unwrap();
    let trace = tirtui::trace::Trace::replay(func, &s.steps).unwrap_or_else(|_| panic!("replay"));
    let out = tirtui::codegen::generate(trace.func()).unwrap();
    assert!(
        tirtui::runtime::nvrtc_available(),
        "libnvrtc is not loadable"
    );
    tirtui::runtime::nvrtc_compile(&out.kernel, "sm_90").unwrap_or_else(|e| panic!("{e:?}"));
}
