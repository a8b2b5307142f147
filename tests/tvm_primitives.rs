//! The primitives of TVM 0.27's `Schedule` added after the first set (issue
//! 28): each answers as TVM 0.27 does for the same workload and trace (the
//! expected results were taken by running TVM 0.27 on the CPU), refuses what
//! TVM refuses, and leaves the program computing what it computed.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::replay::Handle;
use tirtui::trace::{Session, Trace};

/// A reduction into a scratch buffer X and two consumers writing the outputs.
const TWO_OUTPUTS: &str = r#"
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32"), D: T.Buffer((16, 16), "float32")):
    X = T.alloc_buffer((16, 16))
    for i, j, k in T.grid(16, 16, 16):
        with T.block("X"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                X[vi, vj] = T.float32(0)
            X[vi, vj] = X[vi, vj] + A[vi, vk] * B[vj, vk]
    for i, j in T.grid(16, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = X[vi, vj] + T.float32(1)
    for i, j in T.grid(16, 16):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            D[vi, vj] = X[vi, vj] * T.float32(2)
"#;

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

fn try_replay(workload: &str, steps: &str) -> Result<Trace, String> {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(parse(workload), &session.steps)
        .map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn replay(workload: &str, steps: &str) -> Trace {
    try_replay(workload, steps).unwrap_or_else(|e| panic!("{e}"))
}

/// The interpreter gives bit-identical outputs for both programs.
#[track_caller]
fn assert_same_result(before: &PrimFunc, after: &PrimFunc) {
    let mut want = interp::random_args(before, 3).unwrap();
    let mut got = want.clone();
    interp::run(before, &mut want).unwrap();
    interp::run(after, &mut got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got, want);
}

/// The names of the blocks the handles `names` are bound to after the replay.
fn block_names(trace: &Trace, names: &[&str]) -> Vec<String> {
    names
        .iter()
        .map(|n| match trace.state.lookup(n) {
            Some(Handle::Block(id)) => trace
                .func()
                .find_block(*id)
                .map(|r| r.block.name.clone())
                .unwrap_or_else(|| panic!("{n} is stale")),
            other => panic!("{n} is {other:?}, not a block"),
        })
        .collect()
}

#[test]
fn get_output_blocks_lists_the_writers_of_the_outputs() {
    // TVM 0.27: sch.get_output_blocks(root) == [C, D]; X writes only X.
    let trace = replay(
        TWO_OUTPUTS,
        "  - {op: get_block, name: root, out: b0}
  - {op: get_output_blocks, block: b0, out: [b1, b2]}
",
    );
    assert_eq!(block_names(&trace, &["b1", "b2"]), ["C", "D"]);
    // A query: the program is the workload, unchanged.
    assert_eq!(trace.func(), &trace.workload);
}

#[test]
fn get_output_blocks_follows_cache_write_and_nested_scopes() {
    // TVM 0.27, same trace: [D, C_local] after cache_write (the write-back goes
    // to the end of the scope and C now writes the local copy); after blockize
    // [D_o, D, C_local]: D is judged against D_o, which allocates nothing.
    // Asked of D_o: [D] (never the scope itself); asked of a leaf block: [].
    let trace = replay(
        TWO_OUTPUTS,
        "  - {op: get_block, name: root, out: b0}
  - {op: cache_write, block: C, write_buffer_index: 0, storage_scope: local, out: b1}
  - {op: get_output_blocks, block: b0, out: [b2, b3]}
  - {op: get_loops, block: D, out: [l4, l5]}
  - {op: blockize, target: l5, out: b6}
  - {op: get_output_blocks, block: b0, out: [b7, b8, b9]}
  - {op: get_output_blocks, block: b6, out: [b10]}
  - {op: get_output_blocks, block: C, out: []}
  - {op: get_output_blocks, block: X, out: []}
",
    );
    assert_eq!(block_names(&trace, &["b2", "b3"]), ["D", "C_local"]);
    assert_eq!(
        block_names(&trace, &["b7", "b8", "b9"]),
        ["D_o", "D", "C_local"]
    );
    assert_eq!(block_names(&trace, &["b10"]), ["D"]);
}

#[test]
fn get_output_blocks_refuses_an_unknown_block_and_a_wrong_count() {
    let err = try_replay(
        TWO_OUTPUTS,
        "  - {op: get_output_blocks, block: E, out: [b0]}\n",
    )
    .err()
    .unwrap_or_else(|| panic!("an unknown block was accepted"));
    assert!(
        err.contains("step 1") && err.contains("no block named \"E\""),
        "{err}"
    );
    let err = try_replay(
        TWO_OUTPUTS,
        "  - {op: get_block, name: root, out: b0}
  - {op: get_output_blocks, block: b0, out: [b1, b2, b3]}
",
    )
    .err()
    .unwrap_or_else(|| panic!("three names for two blocks were accepted"));
    assert!(
        err.contains("step 2") && err.contains("returned 2 values but 3 names"),
        "{err}"
    );
}

#[test]
fn get_output_blocks_exports_as_tvm_calls_it() {
    let trace = replay(
        TWO_OUTPUTS,
        "  - {op: get_block, name: root, out: b0}
  - {op: get_output_blocks, block: b0, out: [b1, b2]}
",
    );
    let py = tirtui::trace::python::to_python(&trace.steps, "case").unwrap();
    assert!(
        py.contains("b1, b2 = sch.get_output_blocks(block=b0)"),
        "{py}"
    );
}

/// A scratch buffer B between two element-wise blocks.
const SCRATCH: &str = r#"
@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), C: T.Buffer((8, 8), "float32")):
    B = T.alloc_buffer((8, 8))
    for i, j in T.grid(8, 8):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(8, 8):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1) + B[vi, vj]
"#;

/// TVM 0.27's program after `sch.unsafe_set_dtype("B", 0, "float16")` on
/// SCRATCH, `T.sblock` spelled `T.block`.
const SCRATCH_F16_BY_TVM: &str = r#"    B = T.alloc_buffer((8, 8), "float16")
    for i, j in T.grid(8, 8):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = T.Cast("float16", A[vi, vj] * T.float32(2.0))
    for i, j in T.grid(8, 8):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = T.Cast("float32", B[vi, vj]) + T.float32(1.0) + T.Cast("float32", B[vi, vj])
"#;

#[test]
fn unsafe_set_dtype_prints_what_tvm_prints_and_runs() {
    let trace = replay(
        SCRATCH,
        "  - {op: unsafe_set_dtype, block: B, buffer_index: 0, dtype: float16}\n",
    );
    let text = tirtui::script::print_func(trace.func());
    assert!(
        text.ends_with(SCRATCH_F16_BY_TVM),
        "tirtui printed:\n{text}"
    );
    // The interpreter rounds through half precision exactly as TVM's program
    // written out by hand does.
    let by_hand = parse(&format!(
        "@T.prim_func\ndef main(A: T.Buffer((8, 8), \"float32\"), C: T.Buffer((8, 8), \"float32\")):\n{SCRATCH_F16_BY_TVM}"
    ));
    assert_same_result(&by_hand, trace.func());
    // Widening loses nothing: the result is the original program's, bit for bit.
    let wide = replay(
        SCRATCH,
        "  - {op: unsafe_set_dtype, block: B, buffer_index: 0, dtype: float64}\n",
    );
    assert_same_result(&parse(SCRATCH), wide.func());
    // The type it has already: nothing changes (TVM 0.27 likewise).
    let same = replay(
        SCRATCH,
        "  - {op: unsafe_set_dtype, block: B, buffer_index: 0, dtype: float32}\n",
    );
    assert_eq!(same.func(), &same.workload);
}

#[test]
fn unsafe_set_dtype_refuses_what_tvm_refuses() {
    let refusal = |step: &str| {
        try_replay(SCRATCH, &format!("  - {step}\n"))
            .err()
            .unwrap_or_else(|| panic!("{step} was accepted"))
    };
    // TVM 0.27: "The input buffer C is not allocated by a block".
    let err = refusal("{op: unsafe_set_dtype, block: C, buffer_index: 0, dtype: float16}");
    assert!(
        err.contains("step 1") && err.contains("`C` is not allocated by a block"),
        "{err}"
    );
    // TVM 0.27: "`buffer_index` is required to be in [0, 1)".
    let err = refusal("{op: unsafe_set_dtype, block: B, buffer_index: 1, dtype: float16}");
    assert!(
        err.contains("step 1") && err.contains("has 1 write buffers; index 1 is out of range"),
        "{err}"
    );
    let err = refusal("{op: unsafe_set_dtype, block: B, buffer_index: 0, dtype: bogus}");
    assert!(err.contains("unknown dtype `bogus`"), "{err}");
}
