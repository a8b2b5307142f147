//! The CSR pattern `tirtui replay --run --sparse ...` gives a SparseTIR
//! workload's run, as JSON, so that another library is timed on the same
//! matrix (bench/sparse_vs_cusparse.py).
//!
//! ```text
//! cargo build --release --example sparse_csr
//! target/release/examples/sparse_csr ROWS COLS DENSITY uniform|power-law[:ALPHA] SEED
//! ```
//! Prints `{"rows", "cols", "nnz", "indptr": [...], "indices": [...]}`. The
//! nonzero count is `--sparse density=`'s (`CsrSpec::nnz_of_density`, at
//! least 1) and the pattern the runtime's for a workload's first CSR pair
//! with `--sparse seed=SEED`.

use tirtui::sparse::csr::{generate, CsrSpec, RowLengths};
use tirtui::sparse::options::DEFAULT_ALPHA;

fn usage(why: &str) -> ! {
    eprintln!("error: {why}\nusage: sparse_csr ROWS COLS DENSITY uniform|power-law[:ALPHA] SEED");
    std::process::exit(2)
}

fn number<T: std::str::FromStr>(arg: Option<String>, what: &str) -> T {
    let Some(text) = arg else {
        usage(&format!("missing {what}"))
    };
    text.parse()
        .unwrap_or_else(|_| usage(&format!("{what} `{text}` is not a number")))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rows: usize = number(args.next(), "ROWS");
    let cols: usize = number(args.next(), "COLS");
    let density: f64 = number(args.next(), "DENSITY");
    let dist = args
        .next()
        .unwrap_or_else(|| usage("missing the distribution"));
    let seed: u64 = number(args.next(), "SEED");
    let lengths = match dist.split_once(':') {
        None if dist == "uniform" => RowLengths::Uniform,
        None if dist == "power-law" => RowLengths::PowerLaw {
            alpha: DEFAULT_ALPHA,
        },
        Some(("power-law", a)) => RowLengths::PowerLaw {
            alpha: number(Some(a.to_string()), "ALPHA"),
        },
        _ => usage(&format!("`{dist}` is not uniform or power-law[:ALPHA]")),
    };
    let nnz = CsrSpec::nnz_of_density(rows, cols, density).max(1);
    let spec = CsrSpec {
        rows,
        cols,
        nnz,
        lengths,
        seed,
    };
    let csr = generate(&spec).unwrap_or_else(|e| usage(&e.to_string()));
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    println!(
        "{{\"rows\": {rows}, \"cols\": {cols}, \"nnz\": {nnz}, \"indptr\": [{}], \"indices\": [{}]}}",
        list(&csr.indptr),
        list(&csr.indices)
    );
}
