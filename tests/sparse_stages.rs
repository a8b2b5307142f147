//! The sparse stages as trace steps (issue 33, item 2): a SparseTIR workload
//! held unlowered, `sparse_reorder`, `lower_sparse_iter` and
//! `lower_sparse_buffer` recorded in the trace, undo across the stages, the
//! refusals, and sessions written before (stages implied) unchanged.

use proptest::prelude::*;
use tirtui::interp::{random_args, run, TensorData};
use tirtui::script::print_func;
use tirtui::session::{parse_workload, parse_workload_staged, SparseStages};
use tirtui::sparse::csr::{self, Csr, CsrSpec, RowLengths};
use tirtui::sparse::{self, lower_sparse_iter, stage};
use tirtui::trace::{Arg, Session, Step, Trace};

const SPMM: &str = include_str!("../sessions/spmm_csr.tir");
const SDDMM: &str = include_str!("../sessions/sddmm_csr.tir");

fn step(op: &str, args: &[(&str, Arg)]) -> Step {
    Step::new(op, args.to_vec(), Vec::new()).unwrap_or_else(|| panic!("no op {op}"))
}

fn names(v: &[&str]) -> Arg {
    Arg::List(v.iter().map(|s| Arg::Str(s.to_string())).collect())
}

fn reorder(iteration: &str, order: &[&str]) -> Step {
    step(
        "sparse_reorder",
        &[
            ("sp_iteration", Arg::Str(iteration.into())),
            ("new_order", names(order)),
        ],
    )
}

fn held(src: &str) -> tirtui::ir::PrimFunc {
    parse_workload_staged("w.tir", src, None, SparseStages::Recorded)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn lowering() -> Vec<Step> {
    vec![
        step("lower_sparse_iter", &[]),
        step("lower_sparse_buffer", &[]),
    ]
}

fn error_of(trace: Result<Trace, (Trace, tirtui::trace::StepError)>) -> String {
    match trace {
        Ok(t) => panic!("applied: {}", print_func(t.func())),
        Err((_, e)) => e.to_string(),
    }
}

/// Each stage prints as SparseTIR writes it, and undo walks back through them.
#[test]
fn each_stage_prints_and_undo_crosses_the_stages() {
    let f = sparse::parse(SPMM).unwrap();
    let mut trace = Trace::new(held(SPMM));
    let level2 = print_func(trace.func());
    assert_eq!(level2, sparse::print(&f));
    trace.push(step("lower_sparse_iter", &[])).unwrap();
    let level1 = print_func(trace.func());
    assert_eq!(level1, lower_sparse_iter(&f).unwrap().print());
    assert!(level1.contains("\"sparse_tir_level\": 1"), "{level1}");
    trace.push(step("lower_sparse_buffer", &[])).unwrap();
    let level0 = print_func(trace.func());
    assert_eq!(level0, print_func(&sparse::lowered_func(&f).unwrap()));
    assert!(sparse::is_lowered_sparse(trace.func()));
    assert!(trace.undo());
    assert_eq!(print_func(trace.func()), level1);
    assert!(trace.undo());
    assert_eq!(print_func(trace.func()), level2);
    assert!(!sparse::is_lowered_sparse(trace.func()));
    assert!(trace.redo().unwrap());
    assert_eq!(print_func(trace.func()), level1);
}

/// A shipped session (no stage steps: lowered when read) and the same steps
/// after the recorded stages give the same program, byte for byte.
#[test]
fn recorded_stages_replay_to_the_implied_program() {
    for path in [
        "sessions/sparse/spmm_csr_1_rows.yaml",
        "sessions/sparse/sddmm_csr_1_rows.yaml",
    ] {
        let p = std::path::Path::new(path);
        let s = Session::load(p).unwrap();
        let (name, text) = s.workload_source(Some(p)).unwrap();
        let ops = s.steps.iter().map(|s| s.op.as_str());
        assert_eq!(SparseStages::of(ops), SparseStages::Implied);
        let implied = parse_workload_staged(&name, &text, None, SparseStages::Implied).unwrap();
        assert_eq!(implied, parse_workload(&name, &text, None).unwrap());
        let old = Trace::replay(implied, &s.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
        let mut steps = lowering();
        steps.extend(s.steps.clone());
        assert_eq!(
            SparseStages::of(steps.iter().map(|s| s.op.as_str())),
            SparseStages::Recorded
        );
        let new = Trace::replay(held(&text), &steps).unwrap_or_else(|(_, e)| panic!("{e}"));
        assert_eq!(print_func(new.func()), print_func(old.func()), "{path}");
        let cuda = |t: &Trace| tirtui::codegen::generate(t.func()).unwrap().kernel.source;
        assert_eq!(cuda(&new), cuda(&old), "{path}");
        // The run request of the held workload is the lowered one's.
        let kernel = tirtui::codegen::generate(new.func()).unwrap().kernel;
        let from_held = tirtui::session::run::build_request(&new.workload, &kernel).unwrap();
        let from_lowered = tirtui::session::run::build_request(&old.workload, &kernel).unwrap();
        assert_eq!(from_held.csr, from_lowered.csr);
        assert_eq!(from_held.flops, from_lowered.flops);
    }
}

/// Stage steps read and write back in a session file.
#[test]
fn stage_steps_round_trip_in_a_session() {
    let mut s = Session::new(tirtui::trace::Workload::Path("../spmm_csr.tir".into()));
    s.steps = vec![reorder("spmm", &["vi", "vj", "vk"])];
    s.steps.extend(lowering());
    let yaml = s.to_yaml();
    assert!(
        yaml.contains("{op: sparse_reorder, sp_iteration: spmm, new_order: [vi, vj, vk]}"),
        "{yaml}"
    );
    let back = Session::from_yaml(&yaml, "s.yaml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.steps, s.steps);
}

#[test]
fn tir_primitives_wait_for_the_lowering() {
    let e = error_of(Trace::replay(
        held(SPMM),
        &[step("get_block", &[("name", Arg::Str("spmm0".into()))])],
    ));
    assert!(
        e.starts_with("step 1 `get_block`: the program is still SparseTIR (level 2)"),
        "{e}"
    );
    assert!(
        e.contains("apply `lower_sparse_iter` and `lower_sparse_buffer` first"),
        "{e}"
    );
    let e = error_of(Trace::replay(
        held(SPMM),
        &[
            step("lower_sparse_iter", &[]),
            step("get_block", &[("name", Arg::Str("spmm0".into()))]),
        ],
    ));
    assert!(
        e.starts_with("step 2 `get_block`: the program is still SparseTIR (level 1)"),
        "{e}"
    );
}

#[test]
fn stage_steps_out_of_order_are_refused() {
    let e = error_of(Trace::replay(
        held(SPMM),
        &[step("lower_sparse_buffer", &[])],
    ));
    assert!(e.contains("needs level 1"), "{e}");
    assert!(e.contains("apply `lower_sparse_iter` first"), "{e}");
    let twice = [
        step("lower_sparse_iter", &[]),
        step("lower_sparse_iter", &[]),
    ];
    let e = error_of(Trace::replay(held(SPMM), &twice));
    assert!(e.starts_with("step 2 `lower_sparse_iter`"), "{e}");
    assert!(e.contains("needs level 2"), "{e}");
    let late = [
        step("lower_sparse_iter", &[]),
        reorder("spmm", &["vi", "vj", "vk"]),
    ];
    let e = error_of(Trace::replay(held(SPMM), &late));
    assert!(
        e.contains("stage-I primitives apply before `lower_sparse_iter`"),
        "{e}"
    );
    // On ordinary TIR (the workload lowered when read) a stage step has nothing to do.
    let lowered = parse_workload("w.tir", SPMM, None).unwrap();
    let e = error_of(Trace::replay(lowered, &[step("lower_sparse_iter", &[])]));
    assert!(e.contains("the program is ordinary TIR already"), "{e}");
}

/// SparseTIR's refusals of `sparse_reorder`: a permutation of the iterators,
/// each axis after its parent.
#[test]
fn sparse_reorder_refusals() {
    let cases: &[(Step, &str)] = &[
        (
            reorder("spmm", &["vi", "vj"]),
            "the new order has 2 iterators, the iteration has 3 ([vi, vk, vj])",
        ),
        (
            reorder("spmm", &["vi", "vj", "vx"]),
            "`vx` is not an iterator of the iteration ([vi, vk, vj])",
        ),
        (reorder("spmm", &["vi", "vj", "vj"]), "`vj` appears twice"),
        (
            reorder("spmm", &["vj", "vi", "vk"]),
            "`vj` (axis `J`) comes before `vi` (its parent axis `I`)",
        ),
        (
            reorder("csrmm", &["vi", "vj", "vk"]),
            "there is no sparse iteration `csrmm` (the function has `spmm`)",
        ),
        (
            step(
                "sparse_reorder",
                &[
                    ("sp_iteration", Arg::Str("spmm".into())),
                    ("new_order", Arg::Int(3)),
                ],
            ),
            "field `new_order`: expected a list",
        ),
    ];
    for (s, want) in cases {
        let e = error_of(Trace::replay(held(SPMM), std::slice::from_ref(s)));
        assert!(e.contains(want), "{e}\nwanted: {want}");
        assert!(e.starts_with("step 1 `sparse_reorder`"), "{e}");
    }
    // The refused step changed nothing: the program is the workload's.
    let mut t = Trace::new(held(SPMM));
    assert!(t.push(cases[0].0.clone()).is_err());
    assert_eq!(
        print_func(t.func()),
        sparse::print(&sparse::parse(SPMM).unwrap())
    );
}

#[test]
fn sparse_reorder_changes_the_iteration_and_its_blocks() {
    let mut t = Trace::new(held(SPMM));
    t.push(reorder("spmm", &["vi", "vj", "vk"])).unwrap();
    let text = print_func(t.func());
    assert!(
        text.contains("with T.sp_iter([I, J, K], \"SRS\", \"spmm\") as [vi, vj, vk]:"),
        "{text}"
    );
    // The reordered function is itself a workload: it reads back.
    assert!(sparse::parse(&text).is_ok());
    for s in lowering() {
        t.push(s).unwrap();
    }
    let text = print_func(t.func());
    assert!(
        text.contains("for v_vj, v_vk in T.grid(J_indptr[vi + 1] - J_indptr[vi], 128):"),
        "{text}"
    );
    // A row's outputs are zeroed above its nonzeros' loop, which may be empty.
    assert!(text.contains("for z_vk in range(128):"), "{text}");
}

fn small(src: &str, m: usize, n: usize, f: usize, nnz: usize) -> String {
    src.replace("M = 4096", &format!("M = {m}"))
        .replace("N = 4096", &format!("N = {n}"))
        .replace("F = 128", &format!("F = {f}"))
        .replace("NNZ = 65536", &format!("NNZ = {}", nnz.max(1)))
}

fn floats(t: &tirtui::interp::Tensor) -> Vec<f64> {
    match &t.data {
        TensorData::Float(v) => v.clone(),
        other => panic!("not floats: {other:?}"),
    }
}

/// Replays `steps` on the held workload and runs the result on `c`.
fn run_staged(src: &str, steps: &[Step], c: &Csr, seed: u64) -> Vec<tirtui::interp::Tensor> {
    let t = Trace::replay(held(src), steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let func = t.func();
    let mut args = random_args(func, seed).unwrap();
    args[3].data = TensorData::Int(c.indptr.clone());
    args[4].data = TensorData::Int(c.indices.clone());
    run(func, &mut args).unwrap_or_else(|e| panic!("{e:?}"));
    args
}

fn spmm_reference(c: &Csr, a: &[f64], b: &[f64], f: usize) -> Vec<f64> {
    let dense = c.to_dense(a);
    let mut want = vec![0.0; c.rows * f];
    for i in 0..c.rows {
        for k in 0..f {
            want[i * f + k] = (0..c.cols)
                .map(|j| dense[i * c.cols + j] * b[j * f + k])
                .sum();
        }
    }
    want
}

/// The reordered SpMM zeroes rows without nonzeros (its `T.init` sits under
/// the row's nonzero loop, which such a row never enters).
#[test]
fn reordered_spmm_rows_without_nonzeros_are_zero() {
    let c = Csr {
        rows: 3,
        cols: 2,
        indptr: vec![0, 0, 2, 2],
        indices: vec![0, 1],
    };
    let mut steps = vec![reorder("spmm", &["vi", "vj", "vk"])];
    steps.extend(lowering());
    let args = run_staged(&small(SPMM, 3, 2, 2, 2), &steps, &c, 7);
    let want = spmm_reference(&c, &floats(&args[0]), &floats(&args[1]), 2);
    let got = floats(&args[2]);
    assert_eq!(&got[0..2], &[0.0, 0.0]);
    assert_eq!(&got[4..6], &[0.0, 0.0]);
    for (g, w) in got.iter().zip(&want) {
        assert!(
            (g - w).abs() <= 1e-5 * (1.0 + w.abs()),
            "{got:?} vs {want:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Every legal order of SpMM's iterators agrees with the float64 dense reference.
    #[test]
    fn reordered_iterations_match_the_dense_reference(
        m in 1usize..16, n in 1usize..16, f in 1usize..5,
        density in 0.0f64..1.0, power in any::<bool>(), seed in any::<u64>(), order in 0usize..3,
    ) {
        let lengths = if power { RowLengths::PowerLaw { alpha: 1.2 } } else { RowLengths::Uniform };
        let nnz = CsrSpec::nnz_of_density(m, n, density).max(1);
        let c = csr::generate(&CsrSpec { rows: m, cols: n, nnz, lengths, seed }).unwrap();
        let orders: [&[&str]; 3] = [&["vi", "vk", "vj"], &["vi", "vj", "vk"], &["vk", "vi", "vj"]];
        let mut steps = vec![reorder("spmm", orders[order])];
        steps.extend(lowering());
        let args = run_staged(&small(SPMM, m, n, f, nnz), &steps, &c, seed);
        let want = spmm_reference(&c, &floats(&args[0]), &floats(&args[1]), f);
        let got = floats(&args[2]);
        for (g, w) in got.iter().zip(&want) {
            prop_assert!((g - w).abs() <= 1e-4 * (1.0 + w.abs()), "{} vs {}", g, w);
        }
    }
}

/// SDDMM with its reduction axis before the nonzeros: `T.init` would sit
/// above the block that binds the element's column; refused at the lowering.
#[test]
fn reduction_before_the_stored_element_is_refused() {
    let steps = [
        reorder("sddmm", &["vi", "vk", "vj"]),
        step("lower_sparse_iter", &[]),
    ];
    let e = error_of(Trace::replay(held(SDDMM), &steps));
    assert!(e.starts_with("step 2 `lower_sparse_iter`"), "{e}");
    assert!(e.contains("belongs in block `sddmm0`"), "{e}");
    assert!(
        e.contains("indexed by `vj`, iterated in an inner block"),
        "{e}"
    );
}

#[test]
fn held_workload_is_not_lowered() {
    let f = held(SPMM);
    assert_eq!(stage::held_level(&f), Some(2));
    assert!(!sparse::is_lowered_sparse(&f));
    assert!(sparse::is_sparse(&f));
}

/// `replay` of a session recording the stages: the workload is held, the
/// steps lower it, and `--emit python` is refused as tirtui-only even before
/// the lowering (TVM has no SparseTIR to run the stage steps).
#[test]
fn replay_reads_a_session_with_stage_steps() {
    let dir = std::env::temp_dir().join(format!("tirtui-sparse-stages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let workload = std::fs::canonicalize("sessions/spmm_csr.tir").unwrap();
    let write = |name: &str, steps: &str| {
        let path = dir.join(name);
        let text = format!(
            "tirtui: 1\nworkload: {}\nsteps:\n{steps}",
            workload.display()
        );
        std::fs::write(&path, text).unwrap();
        path
    };
    let replay = |path: &std::path::Path, emit: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tirtui"))
            .args(["replay", &path.display().to_string(), "--emit", emit])
            .output()
            .unwrap()
    };
    let stage_one = write(
        "reorder.yaml",
        "  - {op: sparse_reorder, sp_iteration: spmm, new_order: [vi, vj, vk]}\n",
    );
    let out = replay(&stage_one, "tir");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tir = String::from_utf8_lossy(&out.stdout);
    assert!(
        tir.contains("with T.sp_iter([I, J, K], \"SRS\", \"spmm\") as [vi, vj, vk]:"),
        "{tir}"
    );
    let out = replay(&stage_one, "python");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the trace of a sparse workload is tirtui-only"),
        "{err}"
    );
    let lowered = write(
        "lowered.yaml",
        "  - {op: lower_sparse_iter}\n  - {op: lower_sparse_buffer}\n  - {op: get_block, name: spmm0, out: b0}\n",
    );
    let out = replay(&lowered, "tir");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"sparse_tir_level\": 0"));
    let _ = std::fs::remove_dir_all(&dir);
}
