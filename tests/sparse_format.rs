//! SparseTIR's format decomposition (issue 33, stage three):
//! `sparse_format_decompose` with the hyb rule (ELL widths + a CSR
//! remainder) as a trace step, the pre-processing that builds the parts from
//! one CSR matrix, the interpreter against a float64 dense reference, every
//! stage printed and read back, golden TIR / CUDA, and the refusals.
//! `PROPTEST_CASES=200 cargo test --release --test sparse_format` runs more cases.

use proptest::prelude::*;
use tirtui::interp::{random_args, run, Tensor, TensorData};
use tirtui::script::print_func;
use tirtui::session::{parse_workload_staged, SparseStages};
use tirtui::sparse::csr::{self, Csr, CsrSpec, RowLengths};
use tirtui::sparse::format::{self, PartArray, PartData};
use tirtui::sparse::{self, lower_sparse_iter, lowered_func, SparseFunc};
use tirtui::trace::{Arg, Step, Trace};

const SPMM: &str = include_str!("../sessions/spmm_csr.tir");
const SDDMM: &str = include_str!("../sessions/sddmm_csr.tir");
const WIDTHS: [i64; 4] = [1, 2, 4, 8];

fn small(src: &str, m: usize, n: usize, f: usize, nnz: usize) -> String {
    src.replace("M = 4096", &format!("M = {m}"))
        .replace("N = 4096", &format!("N = {n}"))
        .replace("F = 128", &format!("F = {f}"))
        .replace("NNZ = 65536", &format!("NNZ = {}", nnz.max(1)))
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

fn floats(t: &Tensor) -> Vec<f64> {
    match &t.data {
        TensorData::Float(v) => v.clone(),
        other => panic!("not floats: {other:?}"),
    }
}

fn decomposed(src: &str, parts: &[PartData], widths: &[i64]) -> SparseFunc {
    let f = sparse::parse(src).unwrap_or_else(|e| panic!("{}", e.message));
    format::decompose_hyb(&f, "spmm", widths, parts).unwrap_or_else(|e| panic!("{e}"))
}

/// C of the decomposed SpMM run in the interpreter with the parts of `c`
/// (values `values`), and B.
fn run_decomposed(
    src: &str,
    c: &Csr,
    values: &[f64],
    widths: &[i64],
    seed: u64,
) -> (Vec<f64>, Vec<f64>) {
    let parts = format::hyb_parts(c, values, widths).unwrap();
    let func =
        lowered_func(&decomposed(src, &parts, widths)).unwrap_or_else(|e| panic!("{}", e.message));
    let mut args = random_args(&func, seed).unwrap();
    let names: Vec<String> = func
        .param_buffers()
        .into_iter()
        .map(|b| func.buffer(b).name.clone())
        .collect();
    for (name, array) in format::lowered_inputs(&parts, "I", "J", "A") {
        let at = names
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("no parameter {name} in {names:?}"));
        args[at].data = match array {
            PartArray::Index(v) => TensorData::Int(v),
            PartArray::Value(v) => TensorData::Float(v),
        };
    }
    // C starts as garbage: the parts must write every element.
    let c_at = names.iter().position(|n| n == "C").unwrap();
    args[c_at].data = TensorData::Float(vec![
        f64::NAN;
        c.rows
            * args[c_at].shape.iter().product::<i64>()
                as usize
            / c.rows.max(1)
    ]);
    run(&func, &mut args).unwrap_or_else(|e| panic!("{e:?}"));
    let b_at = names.iter().position(|n| n == "B").unwrap();
    (floats(&args[c_at]), floats(&args[b_at]))
}

fn spec_strategy() -> impl Strategy<Value = (usize, usize, usize, f64, bool, u64)> {
    (
        1usize..40,
        1usize..40,
        1usize..5,
        0.0f64..0.6,
        any::<bool>(),
        any::<u64>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24)
    ))]

    /// Every row (with or without nonzeros) is in exactly one part, the
    /// narrowest that holds it, with its columns and values; a part no row
    /// falls in holds one padding row that leaves no wrong value: a copy of
    /// a row that fits it, or zeros at a row a later part holds.
    #[test]
    fn hyb_parts_hold_every_row_once((m, n, _f, density, power, seed) in spec_strategy()) {
        let c = make(m, n, density, power, seed);
        let values: Vec<f64> = (0..c.nnz()).map(|p| p as f64 + 1.0).collect();
        let parts = format::hyb_parts(&c, &values, &WIDTHS).unwrap();
        prop_assert_eq!(parts.len(), WIDTHS.len() + 1);
        let widths: Vec<Option<usize>> = WIDTHS.iter().map(|&w| Some(w as usize)).chain([None]).collect();
        let fits = |i: usize, r: usize| widths[i].is_none_or(|w| c.row_range(r).len() <= w);
        let home = |r: usize| (0..widths.len()).find(|&i| fits(i, r)).unwrap();
        for (i, part) in parts.iter().enumerate() {
            let real: Vec<i64> = (0..m).filter(|&r| home(r) == i).map(|r| r as i64).collect();
            let stored = |slot: usize| -> Vec<(i64, f64)> {
                match (&part.indptr, widths[i]) {
                    (None, Some(w)) => (slot * w..(slot + 1) * w).map(|p| (part.cols[p], part.values[p])).collect(),
                    (Some(ptr), None) => (ptr[slot] as usize..ptr[slot + 1] as usize).map(|p| (part.cols[p], part.values[p])).collect(),
                    _ => unreachable!("ELL parts have widths"),
                }
            };
            let copy_of = |slot: usize, r: usize| {
                let want: Vec<(i64, f64)> = c.row_range(r).map(|p| (c.indices[p], values[p])).collect();
                let got = stored(slot);
                got.len() >= want.len() && got[..want.len()] == want[..] && got[want.len()..].iter().all(|&(_, v)| v == 0.0)
            };
            if !real.is_empty() {
                prop_assert_eq!(&part.rows, &real, "part {}", &part.suffix);
                for (slot, &r) in real.iter().enumerate() {
                    prop_assert!(copy_of(slot, r as usize), "part {} row {}", &part.suffix, r);
                }
                continue;
            }
            prop_assert_eq!(part.rows.len(), 1, "padding of part {}", &part.suffix);
            let r = part.rows[0] as usize;
            let exact_copy = fits(i, r) && copy_of(0, r);
            let zeros_overwritten = home(r) > i && stored(0).iter().all(|&(_, v)| v == 0.0);
            prop_assert!(exact_copy || zeros_overwritten, "padding of part {}: row {}", &part.suffix, r);
        }
    }

    /// The decomposed, lowered SpMM in the interpreter equals the float64
    /// dense product of the one CSR matrix (uniform and power-law rows).
    #[test]
    fn decomposed_spmm_matches_dense_reference((m, n, f, density, power, seed) in spec_strategy(), narrow in any::<bool>()) {
        let c = make(m, n, density, power, seed);
        let values: Vec<f64> = (0..c.nnz()).map(|p| ((p * 7 + seed as usize % 13) % 11) as f64 / 4.0 - 1.0).collect();
        // Narrow widths leave long rows to the CSR remainder.
        let widths: &[i64] = if narrow { &[1, 2] } else { &WIDTHS };
        let (got, b) = run_decomposed(&small(SPMM, m, n, f, c.nnz()), &c, &values, widths, seed);
        let dense_a = c.to_dense(&values);
        prop_assert_eq!(got.len(), m * f);
        for i in 0..m {
            for k in 0..f {
                let want: f64 = (0..n).map(|j| dense_a[i * n + j] * b[j * f + k]).sum();
                let g = got[i * f + k];
                prop_assert!((g - want).abs() <= 1e-4 * (1.0 + want.abs()), "C[{}, {}]: {} vs {}", i, k, g, want);
            }
        }
    }

    /// The decomposed function prints and reads back to itself.
    #[test]
    fn decomposed_prints_and_reads_back((m, n, f, density, power, seed) in spec_strategy()) {
        let c = make(m, n, density, power, seed);
        let parts = format::hyb_parts(&c, &[], &WIDTHS).unwrap();
        let d = decomposed(&small(SPMM, m, n, f, c.nnz()), &parts, &WIDTHS);
        let text = sparse::print(&d);
        let back = sparse::parse(&text).unwrap_or_else(|e| panic!("{}\n{text}", e.message));
        prop_assert_eq!(back.without_spans(), d.without_spans());
    }
}

fn step(op: &str, args: &[(&str, Arg)]) -> Step {
    Step::new(op, args.to_vec(), Vec::new()).unwrap_or_else(|| panic!("no op {op}"))
}

fn decompose_step(widths: &[i64], extra: &[(&str, Arg)]) -> Step {
    let mut args = vec![
        ("sp_iteration", Arg::Str("spmm".into())),
        (
            "widths",
            Arg::List(widths.iter().map(|&w| Arg::Int(w)).collect()),
        ),
    ];
    args.extend_from_slice(extra);
    step("sparse_format_decompose", &args)
}

fn held(src: &str) -> tirtui::ir::PrimFunc {
    parse_workload_staged("w.tir", src, None, SparseStages::Recorded)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn small_spmm() -> String {
    small(SPMM, 64, 64, 32, 400)
}

/// The step, then both lowerings: each stage prints (the level-2 text reads
/// back), undo returns to the CSR workload; golden SparseTIR, level 1 and TIR.
#[test]
fn decompose_step_stages_golden_and_undo() {
    let src = small_spmm();
    let mut trace = Trace::new(held(&src));
    let before = print_func(trace.func());
    let extra = [
        ("dist", Arg::Str("power-law".into())),
        ("seed", Arg::Int(7)),
    ];
    trace.push(decompose_step(&WIDTHS, &extra)).unwrap();
    let level2 = print_func(trace.func());
    let read_back = sparse::parse(&level2).unwrap_or_else(|e| panic!("{}\n{level2}", e.message));
    assert_eq!(sparse::print(&read_back), level2);
    insta::assert_snapshot!("spmm_hyb_0_decomposed", level2);
    trace.push(step("lower_sparse_iter", &[])).unwrap();
    assert_eq!(
        print_func(trace.func()),
        lower_sparse_iter(&read_back).unwrap().print()
    );
    insta::assert_snapshot!("spmm_hyb_1_lower_sparse_iter", print_func(trace.func()));
    trace.push(step("lower_sparse_buffer", &[])).unwrap();
    let tir = print_func(trace.func());
    insta::assert_snapshot!("spmm_hyb_2_lower_sparse_buffer", tir);
    // The lowered TIR reads back as TIR.
    tirtui::script::parse_func(&tir, None).unwrap_or_else(|e| panic!("{}\n{tir}", e.message));
    assert!(trace.undo());
    assert!(trace.undo());
    assert!(trace.undo());
    assert_eq!(print_func(trace.func()), before);
}

/// The sizes come from the matrix the step names: power-law rows leave long
/// rows to the CSR remainder, uniform ones at this density none.
#[test]
fn part_sizes_follow_the_named_matrix() {
    let src = small(SPMM, 256, 256, 8, 2048);
    let consts = |extra: &[(&str, Arg)]| {
        let mut trace = Trace::new(held(&src));
        trace
            .push(decompose_step(&[1, 2, 4, 8, 16, 32], extra))
            .unwrap();
        let h = sparse::stage::held(trace.func()).unwrap().unwrap();
        h.func.consts
    };
    let get =
        |c: &[(String, i64)], n: &str| c.iter().find(|(k, _)| k == n).map(|(_, v)| *v).unwrap();
    let uniform = consts(&[]);
    let power = consts(&[
        ("dist", Arg::Str("power-law".into())),
        ("alpha", Arg::Float(1.5)),
    ]);
    // Uniform rows of 8 on average: nothing above 32 (one padding row, a
    // copy of a row that fits).
    assert_eq!(get(&uniform, "ROWS_CSR"), 1);
    assert!(get(&uniform, "NNZ_CSR") <= 32, "{uniform:?}");
    assert!(get(&power, "ROWS_CSR") > 1, "{power:?}");
    let rows: i64 = [
        "ROWS_ELL1",
        "ROWS_ELL2",
        "ROWS_ELL4",
        "ROWS_ELL8",
        "ROWS_ELL16",
        "ROWS_ELL32",
        "ROWS_CSR",
    ]
    .iter()
    .map(|n| get(&power, n))
    .sum();
    // Every row once (those without nonzeros too), plus a padding row per empty part.
    assert!((256..=256 + 7).contains(&rows), "{power:?}");
}

fn refusal(src: &str, steps: Vec<Step>) -> String {
    let mut trace = Trace::new(held(src));
    for s in steps {
        if let Err(e) = trace.push(s) {
            return e.to_string();
        }
    }
    panic!("applied: {}", print_func(trace.func()))
}

#[test]
fn refusals_say_why() {
    let src = small_spmm();
    let cases = [
        (
            refusal(&src, vec![decompose_step(&[1, 3], &[])]),
            "are not positive powers of two",
        ),
        (
            refusal(&src, vec![decompose_step(&[4, 2], &[])]),
            "in increasing order",
        ),
        (
            refusal(
                &src,
                vec![decompose_step(&[1], &[("rule", Arg::Str("bsr".into()))])],
            ),
            "BSR is not there yet",
        ),
        (
            refusal(
                &src,
                vec![decompose_step(&[1], &[]), decompose_step(&[1], &[])],
            ),
            "it was decomposed before",
        ),
        (
            refusal(
                &src,
                vec![step("lower_sparse_iter", &[]), decompose_step(&[1], &[])],
            ),
            "stage-I primitives apply before `lower_sparse_iter`",
        ),
        (
            refusal(
                &small(SDDMM, 16, 16, 4, 40),
                vec![step(
                    "sparse_format_decompose",
                    &[
                        ("sp_iteration", Arg::Str("sddmm".into())),
                        ("widths", Arg::List(vec![Arg::Int(1)])),
                    ],
                )],
            ),
            "is spatial (`S`) in iteration `sddmm`",
        ),
        (
            refusal(
                &src,
                vec![decompose_step(&[1], &[("dist", Arg::Str("zipf".into()))])],
            ),
            "the distributions are `uniform` and `power-law`",
        ),
    ];
    for (got, want) in cases {
        assert!(got.contains(want), "{got}\nwants: {want}");
    }
}

/// A decomposed program's iterations can be reordered by name (each on its own).
#[test]
fn reorder_names_one_of_the_iterations() {
    let src = small_spmm();
    let mut trace = Trace::new(held(&src));
    trace.push(decompose_step(&[1, 2], &[])).unwrap();
    let names = |v: &[&str]| Arg::List(v.iter().map(|s| Arg::Str(s.to_string())).collect());
    trace
        .push(step(
            "sparse_reorder",
            &[
                ("sp_iteration", Arg::Str("spmm_ell2".into())),
                ("new_order", names(&["vi_o", "vi", "vj", "vk"])),
            ],
        ))
        .unwrap();
    let h = sparse::stage::held(trace.func()).unwrap().unwrap();
    let it = h.func.iteration("spmm_ell2").unwrap();
    assert_eq!(it.vars, ["vi_o", "vi", "vj", "vk"]);
    assert_eq!(
        h.func.iteration("spmm_ell1").unwrap().vars,
        ["vi_o", "vi", "vk", "vj"]
    );
}
