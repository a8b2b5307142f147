//! Session 18's adversarial audit of session 17's features: each test tries
//! to make tirtui produce a wrong kernel silently (the SIMT simulator's
//! result against the interpreter's on the unscheduled program), hang or
//! panic, and asserts it computes the right result or refuses with a clear
//! message at the step (or at lowering, naming the buffer and the fix).

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A shipped GEMM workload shrunk to M x N x K.
fn gemm(workload: &str, (m, n, k): (usize, usize, usize)) -> PrimFunc {
    let text = std::fs::read_to_string(format!("sessions/{workload}")).unwrap();
    let size = if text.contains("4096, 4096") {
        "4096"
    } else {
        "1024"
    };
    let text = text
        .replace(
            &format!("A: T.Buffer(({size}, {size})"),
            &format!("A: T.Buffer(({m}, {k})"),
        )
        .replace(
            &format!("B: T.Buffer(({size}, {size})"),
            &format!("B: T.Buffer(({k}, {n})"),
        )
        .replace(
            &format!("C: T.Buffer(({size}, {size})"),
            &format!("C: T.Buffer(({m}, {n})"),
        )
        .replace(
            &format!("T.grid({size}, {size}, {size})"),
            &format!("T.grid({m}, {n}, {k})"),
        );
    parse(&text)
}

/// Where a session ends: refused at a step, refused by lowering or the
/// simulator, or simulated with this largest relative error against the
/// interpreter on the unscheduled program.
#[derive(Debug)]
enum Outcome {
    Step(String),
    Lower(String),
    Simulator(String),
    Ran(f64),
}

fn outcome(before: &PrimFunc, yaml: &str) -> Outcome {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    let trace = match Trace::replay(before.clone(), &session.steps) {
        Ok(t) => t,
        Err((_, e)) => return Outcome::Step(e.to_diagnostic("case").render()),
    };
    let lowered = match tirtui::lower::lower_program(trace.func()) {
        Ok(l) => l,
        Err(e) => return Outcome::Lower(e.to_string()),
    };
    let mut want = interp::random_args(before, 11).unwrap();
    let mut simulated = want.clone();
    interp::run(before, &mut want).unwrap();
    if let Err(e) = tirtui::simt::simulate_program(&lowered, &mut simulated) {
        return Outcome::Simulator(e.to_string());
    }
    let out = want.len() - 1;
    Outcome::Ran(simulated[out].max_rel_err(&want[out]))
}

fn session(name: &str) -> String {
    std::fs::read_to_string(format!("sessions/{name}")).unwrap()
}

fn add_steps(yaml: &str, steps: &[&str]) -> String {
    let mut out = yaml.to_string();
    for s in steps {
        out.push_str(&format!("  - {s}\n"));
    }
    out
}

/// The mma.sync session without its storage_align padding, so that the A
/// tile is compact 64-byte rows.
fn mma_unpadded() -> String {
    session("gemm_f16_4096_2_mma.yaml")
        .lines()
        .filter(|l| !l.contains("storage_align"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A 64-byte swizzle on the A tile that cp.async fills (16-byte copies,
/// double-buffered) and ldmatrix reads (each lane names one 16-byte row,
/// which the swizzle keeps whole): the simulator agrees with the
/// interpreter on the unscheduled program.
#[test]
fn a_swizzled_tile_filled_by_cp_async_and_read_by_ldmatrix_keeps_the_result() {
    let f16 = gemm("gemm_f16_4096.tir", (128, 128, 64));
    let swizzled = add_steps(
        &mma_unpadded(),
        &["{op: annotate, block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 64}"],
    );
    match outcome(&f16, &swizzled) {
        Outcome::Ran(err) => assert!(err < 1e-5, "max rel err {err}"),
        other => panic!("{other:?}"),
    }
}

/// `buffer_swizzle` values an untrusted session may hold, and a target
/// that is not a shared buffer, are refused at the annotate step.
#[test]
fn buffer_swizzle_values_and_targets_are_checked_at_the_step() {
    let f16 = gemm("gemm_f16_4096.tir", (128, 128, 64));
    for value in [
        "\"128\"", "-1", "100", "0", "64.0", "[64]", "true", "16", "256",
    ] {
        let y = add_steps(
            &mma_unpadded(),
            &[&format!(
                "{{op: annotate, block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: {value}}}"
            )],
        );
        match outcome(&f16, &y) {
            Outcome::Step(e) => assert!(e.contains("32, 64 or 128"), "{value}: {e}"),
            other => panic!("{value}: {other:?}"),
        }
    }
    // a_w writes warp registers; c_o writes the global output.
    for block in ["a_w", "c_o"] {
        let y = add_steps(
            &mma_unpadded(),
            &[&format!(
                "{{op: annotate, block_or_loop: {block}, ann_key: buffer_swizzle, ann_val: 64}}"
            )],
        );
        match outcome(&f16, &y) {
            Outcome::Step(e) => assert!(e.contains("annotate"), "{block}: {e}"),
            other => panic!("{block}: {other:?}"),
        }
    }
}

/// Recorded decisions out of range or of the wrong type are refused at
/// their step (or when the session is read), never applied.
#[test]
fn decisions_out_of_range_or_of_the_wrong_type_are_refused() {
    let text = std::fs::read_to_string("sessions/gemm_1024x512x2048.tir").unwrap();
    let before = parse(&text);
    let base = session("gemm_002_5_tune.yaml");
    let edits = [
        ("decision: [32, 32, 1]", "decision: [-32, -32, 1]"),
        ("decision: [32, 32, 1]", "decision: [1024]"),
        ("decision: [32, 32, 1]", "decision: [0, 32, 1]"),
        ("decision: [32, 32, 1]", "decision: [1, 1, 1024]"),
        ("decision: [32, 32, 1]", "decision: [\"a\", 32, 1]"),
        ("decision: [32, 32, 1]", "decision: 7"),
        (
            "decision: [32, 32, 1]",
            "decision: [9223372036854775807, 1, 1]",
        ),
        ("decision: [32, 32, 1]", "decision: [4294967296, 1, 1]"),
        ("decision: 0, out: vec", "decision: 3, out: vec"),
        ("decision: 0, out: vec", "decision: -1, out: vec"),
        ("decision: 0, out: vec", "decision: [0], out: vec"),
        ("decision: [512, 4]", "decision: [1, 2048]"),
    ];
    for (from, to) in edits {
        let y = base.replacen(from, to, 1);
        assert_ne!(y, base, "{to}");
        let refused = match Session::from_yaml(&y, "case.yaml") {
            Err(e) => e.to_string(),
            Ok(s) => match Trace::replay(before.clone(), &s.steps) {
                Err((_, e)) => e.to_diagnostic("case").render(),
                Ok(_) => panic!("{to}: applied"),
            },
        };
        assert!(refused.contains("step "), "{to}: {refused}");
    }
    // Other valid decisions apply and lower.
    for (from, to) in [
        ("decision: 0, out: vec", "decision: 2, out: vec"),
        ("decision: [512, 4]", "decision: [1024, 2]"),
    ] {
        let s = Session::from_yaml(&base.replacen(from, to, 1), "case.yaml").unwrap();
        let t = Trace::replay(before.clone(), &s.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
        tirtui::lower::lower_program(t.func()).unwrap_or_else(|e| panic!("{to}: {e}"));
    }
}

/// `--sparse` sizes past what the workload's index types hold are refused
/// with the axis and its type; a density of a matrix whose cell count passes
/// 64 bits is refused rather than wrapped into a small wrong nonzero count.
#[test]
fn sparse_sizes_past_the_index_types_are_refused() {
    use tirtui::sparse::options::{parse_options, resize_source};
    let spmm = std::fs::read_to_string("sessions/spmm_csr.tir").unwrap();
    let resized = |arg: &str| resize_source(&spmm, &parse_options(arg).unwrap());
    // 1e22 cells: the usize product wrapped to 1864711849423024128 nonzeros.
    let err = resized("M=99999999999,N=99999999999,density=1").unwrap_err();
    assert!(err.contains("more than a size can hold"), "{err}");
    // 1.6e19 cells fit a usize but not an i64: the count printed negative.
    let err = resized("M=4000000000,N=4000000000,density=1").unwrap_err();
    assert!(err.contains("more than a size can hold"), "{err}");
    // int32 row pointers cannot count 3e9 nonzeros.
    let err = resized("M=100000,N=100000,nnz=3000000000").unwrap_err();
    assert!(err.contains("`J`") && err.contains("int32"), "{err}");
    // A row count past int32: the lowering's overflow was reported as a bug.
    let err = resized("M=9223372036854775807").unwrap_err();
    assert!(err.contains("`I`") && err.contains("2147483647"), "{err}");
    // The largest sizes that fit still resize.
    let ok = resized("M=2147483647,N=2147483647,nnz=2147483647").unwrap();
    assert!(ok.contains("NNZ = 2147483647"), "{ok}");
    assert!(resized("density=0.01").is_ok());
}

/// A WMMA session whose A tile is swizzled: load_matrix_sync reads the
/// tile's rows from its start `ldm` apart, unswizzled, while the copies
/// swizzled them; lowering used to accept it (a wrong product on the GPU,
/// which the SIMT simulator does not run). Refused, naming the buffer.
#[test]
fn a_swizzled_tile_read_by_load_matrix_sync_is_refused() {
    let f16 = gemm("gemm_f16_4096.tir", (128, 128, 64));
    let wmma = add_steps(
        &session("gemm_f16_4096_1_wmma.yaml"),
        &["{op: annotate, block_or_loop: a_sh, ann_key: buffer_swizzle, ann_val: 64}"],
    );
    match outcome(&f16, &wmma) {
        Outcome::Lower(e) => {
            assert!(
                e.contains("A_shared") && e.contains("load_matrix_sync"),
                "{e}"
            );
            assert!(e.contains("ldmatrix"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    // Unswizzled, the same session lowers.
    let plain = session("gemm_f16_4096_1_wmma.yaml");
    match outcome(&f16, &plain) {
        Outcome::Simulator(e) => assert!(e.contains("tensorized"), "{e}"),
        other => panic!("{other:?}"),
    }
}

/// A workload's own `T.block_attr({"buffer_swizzle": ...})` skips the
/// annotate step's check: a string was silently ignored and 100 / -1 were
/// refused as "4-byte elements". Lowering names the block and the modes.
#[test]
fn a_workload_swizzle_annotation_of_the_wrong_value_is_refused_when_lowering() {
    let text = r#"
@T.prim_func
def main(A: T.Buffer((64, 32), "float32"), B: T.Buffer((64, 32), "float32")):
    S = T.alloc_buffer((64, 32), scope="shared")
    for i, j in T.grid(64, 32):
        with T.block("S0"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.block_attr({"buffer_swizzle": VALUE})
            S[vi, vj] = A[vi, vj]
    for i, j in T.grid(64, 32):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = S[vi, vj]
"#;
    let yaml = "tirtui: 1\nworkload: w.tir\nsteps:\n".to_string()
        + "  - {op: get_block, name: B, out: b}\n"
        + "  - {op: get_loops, block: b, out: [i, j]}\n"
        + "  - {op: bind, loop: i, thread_axis: blockIdx.x}\n"
        + "  - {op: bind, loop: j, thread_axis: threadIdx.x}\n"
        + "  - {op: compute_at, block: S0, loop: i}\n";
    for (value, shown) in [
        ("100", "100"),
        ("-1", "-1"),
        ("\"128\"", "\"128\""),
        ("3.5", "3.5"),
    ] {
        let before = parse(&text.replace("VALUE", value));
        match outcome(&before, &yaml) {
            Outcome::Lower(e) => {
                assert!(
                    e.contains("`S0`") && e.contains(&format!("buffer_swizzle: {shown}")),
                    "{value}: {e}"
                );
                assert!(e.contains("32, 64 or 128"), "{value}: {e}");
            }
            other => panic!("{value}: {other:?}"),
        }
    }
    // 128: one 128-byte row per block, computed right.
    let before = parse(&text.replace("VALUE", "128"));
    match outcome(&before, &yaml) {
        Outcome::Ran(err) => assert_eq!(err, 0.0),
        other => panic!("{other:?}"),
    }
}
