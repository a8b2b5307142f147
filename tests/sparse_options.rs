//! `replay --sparse` (issue 33, item 3): a SparseTIR workload resized by
//! module constants and density, and the CSR pattern its run asks for.

use tirtui::sparse::csr::RowLengths;
use tirtui::sparse::options::{parse_options, resize_source, SparseOptions, DEFAULT_ALPHA};

const SPMM: &str = include_str!("../sessions/spmm_csr.tir");

#[test]
fn options_read() {
    let o = parse_options("M=64, N=128,F=32,density=0.01,dist=power-law,seed=7").unwrap();
    assert_eq!(
        o,
        SparseOptions {
            consts: vec![("M".into(), 64), ("N".into(), 128), ("F".into(), 32)],
            density: Some(0.01),
            nnz: None,
            lengths: Some(RowLengths::PowerLaw {
                alpha: DEFAULT_ALPHA
            }),
            seed: Some(7),
        }
    );
    let o = parse_options("nnz=100,dist=power-law,alpha=2").unwrap();
    assert_eq!(o.lengths, Some(RowLengths::PowerLaw { alpha: 2.0 }));
    assert_eq!(
        parse_options("dist=uniform").unwrap().lengths,
        Some(RowLengths::Uniform)
    );
    assert_eq!(parse_options("seed=3").unwrap().lengths, None);
}

#[test]
fn bad_options_say_why() {
    let cases = [
        ("density=0", "a density is above 0 and at most 1"),
        ("density=1.5", "a density is above 0 and at most 1"),
        ("density=x", "`density=x`: not a number"),
        (
            "dist=zipf",
            "the distributions are `uniform` and `power-law`",
        ),
        ("alpha=1.1", "`alpha` is the exponent of `dist=power-law`"),
        ("dist=power-law,alpha=-1", "a power-law exponent is above 0"),
        ("density=0.1,nnz=5", "give `density` or `nnz`, not both"),
        ("M", "`M` is not KEY=VALUE"),
        ("M=0", "a size is positive"),
        ("seed=-1", "not an unsigned integer"),
    ];
    for (arg, want) in cases {
        let e = parse_options(arg).unwrap_err();
        assert!(e.contains(want), "{arg}: {e}");
    }
}

#[test]
fn resizing_sets_the_constants_and_the_nonzeros() {
    let o = parse_options("M=64,N=32,F=16,density=0.05").unwrap();
    let text = resize_source(SPMM, &o).unwrap();
    let f = tirtui::sparse::parse(&text).unwrap();
    // round(0.05 * 64 * 32) = 102 nonzeros.
    let want = [("M", 64), ("N", 32), ("F", 16), ("NNZ", 102)];
    let got: Vec<(&str, i64)> = f.consts.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    assert_eq!(got, want);
    let lowered = tirtui::sparse::lowered_func(&f).unwrap();
    let printed = tirtui::script::print_func(&lowered);
    assert!(
        printed.contains("A: T.Buffer((102,), \"float32\")"),
        "{printed}"
    );
    assert!(
        printed.contains("J_indptr: T.Buffer((65,), \"int32\")"),
        "{printed}"
    );
    assert!(
        printed.contains("\"sparse_csr\": \"J_indptr J_indices 32\""),
        "{printed}"
    );
}

#[test]
fn resizing_refusals() {
    let e = resize_source(SPMM, &parse_options("K=3").unwrap()).unwrap_err();
    assert!(
        e.contains("`K` is not a module constant of the workload (it has M, N, F, NNZ)"),
        "{e}"
    );
    let e = resize_source(SPMM, &parse_options("M=2,N=2,nnz=5").unwrap()).unwrap_err();
    assert!(e.contains("5 nonzeros do not fit a 2 x 2 matrix"), "{e}");
    let literal = SPMM.replace("(N, NNZ)", "(N, 65536)");
    let e = resize_source(&literal, &parse_options("density=0.5").unwrap()).unwrap_err();
    assert!(e.contains("nonzero count is not a module constant"), "{e}");
}

fn replay(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .arg("replay")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn replay_takes_sparse_options() {
    let out = replay(&[
        "sessions/sparse/spmm_csr_1_rows.yaml",
        "--emit",
        "tir",
        "--sparse",
        "M=256,N=512,F=64,density=0.01",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tir = String::from_utf8_lossy(&out.stdout);
    // round(0.01 * 256 * 512) = 1311 nonzeros; 64 features.
    assert!(tir.contains("A: T.Buffer((1311,), \"float32\")"), "{tir}");
    assert!(tir.contains("C: T.Buffer((16384,), \"float32\")"), "{tir}");
    let out = replay(&[
        "sessions/gemv_1_rows.yaml",
        "--emit",
        "tir",
        "--sparse",
        "density=0.1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a SparseTIR workload"), "{err}");
    let out = replay(&[
        "sessions/sparse/spmm_csr_1_rows.yaml",
        "--emit",
        "tir",
        "--sparse",
        "dist=zipf",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
