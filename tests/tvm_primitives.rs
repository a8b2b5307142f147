//! The primitives of TVM 0.27's `Schedule` added after the first set (issue
//! 28): each answers as TVM 0.27 does for the same workload and trace (the
//! expected results were taken by running TVM 0.27 on the CPU), refuses what
//! TVM refuses, and leaves the program computing what it computed.

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
    let py = tirtui::trace::python::to_python(&trace.steps, "case");
    assert!(
        py.contains("b1, b2 = sch.get_output_blocks(block=b0)"),
        "{py}"
    );
}
