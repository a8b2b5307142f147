//! Schedules TVM 0.27 applies that tirtui refused (issue 28, "refused valid"
//! in the conformance report): each lifted refusal is checked against TVM's
//! program (the lines that matter), with the interpreter as an oracle (the
//! scheduled program computes what the original does) and, where the
//! program can run on a GPU, through lowering, the SIMT simulator and CUDA
//! text. The refusals kept (or added) guard against a miscompile and say so.

use tirtui::trace::{Session, Trace};

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    for seed in [5, 17] {
        let mut expected = tirtui::interp::random_args(&func, seed).unwrap();
        let mut got = expected.clone();
        tirtui::interp::run(&func, &mut expected).unwrap();
        tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        for (e, g) in expected.iter().zip(&got) {
            assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
        }
    }
    printed
}

/// Applies all steps but the last, then the last, which must fail without
/// changing anything. Returns the one-line message.
#[track_caller]
fn fail(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let (n, last) = (session.steps.len(), session.steps.last().unwrap().clone());
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace.push(last).expect_err("the last step must fail");
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    let full = err.to_diagnostic("case.yaml").render();
    assert!(full.contains("^^^"), "the culprit is marked:\n{full}");
    err.to_string()
}

/// Lowers the scheduled program, runs it in the SIMT simulator against the
/// interpreter on the original, and returns the CUDA text.
#[track_caller]
fn on_gpu(workload: &str, steps: &str) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let mut want = tirtui::interp::random_args(&func, 7).unwrap();
    let mut got = want.clone();
    tirtui::interp::run(&func, &mut want).unwrap();
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap_or_else(|e| panic!("{e}"));
    for (w, g) in want.iter().zip(&got) {
        assert!(g.max_rel_err(w) <= 1e-5, "the simulated kernel differs");
    }
    let cuda = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    cuda.kernel.source
}

// ---- reverse_compute_inline through an affine, invertible load ----------

/// test_reverse_compute_inline_affine_load: the consumer reads `B` through a
/// fuse of its four iterators split again by 128.
const AFFINE_LOAD: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((8, 32, 8, 8), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j, k, l in T.grid(8, 32, 8, 8):
        with T.block("C"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            C[vi, vj, vk, vl] = B[(((vi * 32 + vj) * 8 + vk) * 8 + vl) // 128, (((vi * 32 + vj) * 8 + vk) * 8 + vl) % 128]
"#;

#[test]
fn reverse_compute_inline_inverts_a_split_fused_load() {
    let printed = legal(AFFINE_LOAD, "  - {op: reverse_compute_inline, block: C}\n");
    // TVM's program, store and write region alike.
    let idx = "(vj + vi * 128) // 2048, (vj + vi * 128) // 64 % 32, (vj + vi * 128) // 8 % 8, (vj + vi * 128) % 8";
    assert!(
        printed.contains(&format!("T.writes(C[{idx}])")),
        "{printed}"
    );
    assert!(
        printed.contains(&format!("C[{idx}] = A[vi, vj] * T.float32(2.0)")),
        "{printed}"
    );
    assert!(!printed.contains("T.where"), "{printed}");
    assert!(!printed.contains("alloc_buffer"), "{printed}");
}

/// test_reverse_compute_inline_multi_affine_load: two loads, one fused index.
const MULTI_AFFINE_LOAD: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((8, 16, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j, k in T.grid(8, 16, 128):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            C[vi, vj, vk] = B[vi * 16 + vj, vk] + B[vi * 16 + vj, vk]
"#;

#[test]
fn reverse_compute_inline_inverts_a_fused_index() {
    let printed = legal(
        MULTI_AFFINE_LOAD,
        "  - {op: reverse_compute_inline, block: C}\n",
    );
    assert!(
        printed.contains(
            "C[vi // 16, vi % 16, vj] = A[vi, vj] * T.float32(2.0) + A[vi, vj] * T.float32(2.0)"
        ),
        "{printed}"
    );
}

#[test]
fn reverse_compute_inline_of_a_fused_index_lowers_to_cuda() {
    let steps = "  - {op: reverse_compute_inline, block: C}
  - {op: get_block, name: B, out: b}
  - {op: get_loops, block: b, out: [i, j]}
  - {op: bind, loop: i, thread_axis: blockIdx.x}
  - {op: bind, loop: j, thread_axis: threadIdx.x}
";
    let cuda = on_gpu(MULTI_AFFINE_LOAD, steps);
    assert!(cuda.contains("__global__"), "{cuda}");
    assert!(
        !cuda.contains("B["),
        "the intermediate buffer is gone:\n{cuda}"
    );
}

/// test_reverse_compute_inline_affine_load_unit_iter: an iterator of extent 1
/// that the load leaves out is recovered at its start.
const UNIT_ITER: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((8, 16, 1), "float32"), D: T.Buffer((1, 8, 16, 128), "float32")):
    C = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j, k, l in T.grid(1, 8, 16, 128):
        with T.block("C"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            D[vi, vj, vk, vl] = C[vj * 16 + vk, vl] + B[vj, vk, vi]
"#;

#[test]
fn reverse_compute_inline_recovers_a_unit_iterator_at_its_start() {
    let printed = legal(UNIT_ITER, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(
        printed.contains(
            "D[0, vi // 16, vi % 16, vj] = A[vi, vj] * T.float32(2.0) + B[vi // 16, vi % 16, 0]"
        ),
        "{printed}"
    );
    assert!(
        printed.contains("T.reads(A[vi, vj], B[vi // 16, vi % 16, 0])"),
        "{printed}"
    );
}

/// test_reverse_compute_inline_affine_chain: B -> C (fused read) -> D (unit
/// iterator), inlined in either order.
const AFFINE_CHAIN: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), D: T.Buffer((1, 8, 16, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    C = T.alloc_buffer((8, 16, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j, k in T.grid(8, 16, 128):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            C[vi, vj, vk] = B[vi * 16 + vj, vk] + T.float32(1)
    for i, j, k, l in T.grid(1, 8, 16, 128):
        with T.block("D"):
            vi, vj, vk, vl = T.axis.remap("SSSS", [i, j, k, l])
            D[vi, vj, vk, vl] = C[vj, vk, vl]
"#;

#[test]
fn reverse_compute_inline_folds_an_affine_chain_in_either_order() {
    let want = "D[0, vi // 16, vi % 16, vj] = A[vi, vj] * T.float32(2.0) + T.float32(1.0)";
    for order in [["D", "C"], ["C", "D"]] {
        let steps: String = order
            .iter()
            .map(|b| format!("  - {{op: reverse_compute_inline, block: {b}}}\n"))
            .collect();
        let printed = legal(AFFINE_CHAIN, &steps);
        assert!(printed.contains(want), "{order:?}:\n{printed}");
        assert!(
            printed.contains("T.writes(D[0, vi // 16, vi % 16, vj])"),
            "{order:?}:\n{printed}"
        );
    }
}

/// test_reverse_compute_inline_overcomputed_producer_injective_load: the
/// consumer's (127, 127) domain, read through `// 16` and `% 16`, guards the
/// producer's (128, 128) iterations.
const OVERCOMPUTED_INJECTIVE: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    B = T.alloc_buffer((8, 8, 16, 16))
    for i0, j0, i1, j1 in T.grid(8, 8, 16, 16):
        with T.block("B"):
            vi, vj, vm, vn = T.axis.remap("SSSS", [i0, j0, i1, j1])
            B[vi, vj, vm, vn] = A[vi * 16 + vm, vj * 16 + vn] * T.float32(2)
    for i, j in T.grid(127, 127):
        with T.block("C"):
            cvi, cvj = T.axis.remap("SS", [i, j])
            C[cvi, cvj] = B[cvi // 16, cvj // 16, cvi % 16, cvj % 16] + T.float32(1)
"#;

#[test]
fn reverse_compute_inline_through_split_pieces_keeps_the_consumers_domain() {
    let printed = legal(
        OVERCOMPUTED_INJECTIVE,
        "  - {op: reverse_compute_inline, block: C}\n",
    );
    assert!(
        printed.contains("T.where(i0 * 16 + i1 < 127 and j0 * 16 + j1 < 127)"),
        "{printed}"
    );
    assert!(
        printed.contains("C[vm + vi * 16, vn + vj * 16] = A[vi * 16 + vm, vj * 16 + vn]"),
        "{printed}"
    );
}

/// The producer writes `B[vi, vj]` for vj in [0, 20) while the consumer reads
/// `B[v // 16, v % 16]`: recovering `v = vj + vi * 16` would fold the
/// producer's columns 16..20 onto the next row's elements. TVM 0.27 accepts
/// this and, with the producer's loops ordered j outside i, computes wrong
/// values (checked on TVM's CPU build); tirtui refuses it.
const WRAPPING_PIECE: &str = r#"
@T.prim_func
def main(A: T.Buffer((8, 20), "float32"), C: T.Buffer((64,), "float32")):
    B = T.alloc_buffer((8, 20))
    for j, i in T.grid(20, 8):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for v in range(64):
        with T.block("C"):
            vv = T.axis.spatial(64, v)
            C[vv] = B[vv // 16, vv % 16] + T.float32(1)
"#;

#[test]
fn reverse_compute_inline_refuses_a_store_that_a_modulo_piece_would_wrap() {
    let short = fail(
        WRAPPING_PIECE,
        "  - {op: reverse_compute_inline, block: C}\n",
    );
    assert!(
        short.contains("cannot be proven to stay in [0, 16)"),
        "{short}"
    );
    // The same read of a producer that stays inside the piece is folded.
    let inside = WRAPPING_PIECE
        .replace("(8, 20)", "(8, 16)")
        .replace("T.grid(20, 8)", "T.grid(16, 8)");
    let printed = legal(&inside, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(printed.contains("C[vj + vi * 16] ="), "{printed}");
}

#[test]
fn reverse_compute_inline_refuses_loads_that_are_not_invertible() {
    // vi * 2 + vj with vj in [0, 4): two consumer iterations read one element.
    let overlapping = MULTI_AFFINE_LOAD
        .replace(
            "B[vi * 16 + vj, vk] + B[vi * 16 + vj, vk]",
            "B[vi * 2 + vj, vk]",
        )
        .replace("T.grid(8, 16, 128)", "T.grid(8, 4, 128)")
        .replace("(8, 16, 128)", "(8, 4, 128)");
    let short = fail(&overlapping, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(short.contains("not an affine map"), "{short}");
    assert!(short.contains("not a fuse"), "{short}");
    // `v // 16` alone: the `% 16` piece is missing, the map is not injective.
    let partial = WRAPPING_PIECE
        .replace("B[vv // 16, vv % 16]", "B[vv // 16, 0]")
        .replace("(8, 20)", "(8, 16)")
        .replace("T.grid(20, 8)", "T.grid(16, 8)");
    let short = fail(&partial, "  - {op: reverse_compute_inline, block: C}\n");
    assert!(short.contains("do not tile it exactly"), "{short}");
}
