//! The MMA storage scopes (`warp`, `m16n8k8.matrixA/B/C`): cache_read,
//! cache_write and set_scope name buffers as TVM 0.27 does, the printer writes
//! the scopes and reads them back, the interpreter treats them as plain
//! memory, and lowering refuses them until a tensor intrinsic places them.

use tirtui::interp;
use tirtui::trace::{Session, Trace};

const GEMM_F16: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float16"), C: T.Buffer((64, 64), "float32")):
    for i, j, k in T.grid(64, 64, 64):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + T.Cast("float32", A[vi, vk]) * T.Cast("float32", B[vk, vj])
"#;

// TVM 0.27 for the same steps: buffers A_warp, B_m16n8k8_matrixB,
// C_m16n8k8_matrixC, then set_scope renames the last to ..._m16n8k8_matrixA.
const STEPS: &str = "  - {op: cache_read, block: C, read_buffer_index: 0, storage_scope: warp}
  - {op: cache_read, block: C, read_buffer_index: 1, storage_scope: m16n8k8.matrixB}
  - {op: cache_write, block: C, write_buffer_index: 0, storage_scope: m16n8k8.matrixC, out: cw}
  - {op: set_scope, block: C, buffer_index: 0, storage_scope: m16n8k8.matrixA}
";

fn replay(steps: &str) -> Trace {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    let func = tirtui::script::parse_func(GEMM_F16, None).unwrap();
    Trace::replay(func, &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()))
}

#[test]
fn scopes_name_buffers_as_tvm_and_print_back() {
    let t = replay(STEPS);
    let f = t.func();
    let scoped: Vec<(String, &str)> = f
        .buffers
        .iter()
        .filter(|b| {
            !f.param_buffers()
                .iter()
                .any(|p| f.buffer(*p).name == b.name)
        })
        .map(|b| (b.name.clone(), b.scope.name()))
        .collect();
    for want in [
        ("A_warp", "warp"),
        ("B_m16n8k8_matrixB", "m16n8k8.matrixB"),
        ("C_m16n8k8_matrixC_m16n8k8_matrixA", "m16n8k8.matrixA"),
    ] {
        assert!(
            scoped.iter().any(|(n, s)| n == want.0 && *s == want.1),
            "{want:?} not in {scoped:?}"
        );
    }
    let text = tirtui::script::print_func(f);
    assert!(text.contains("scope=\"warp\""), "{text}");
    assert!(text.contains("scope=\"m16n8k8.matrixB\""), "{text}");
    let again = tirtui::script::parse_func(&text, None)
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic("printed", &text).render()));
    assert_eq!(tirtui::script::print_func(&again), text);
}

#[test]
fn the_interpreter_treats_them_as_plain_memory() {
    let before = tirtui::script::parse_func(GEMM_F16, None).unwrap();
    let after = replay(STEPS).func().clone();
    let mut want = interp::random_args(&before, 5).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(&after, &mut got).unwrap();
    assert_eq!(got, want);
}

#[test]
fn lowering_refuses_fragments_no_intrinsic_places() {
    let steps = format!(
        "{STEPS}  - {{op: get_loops, block: C, out: [i, j, k]}}
  - {{op: bind, loop: i, thread_axis: blockIdx.x}}
  - {{op: bind, loop: j, thread_axis: threadIdx.x}}
"
    );
    let f = replay(&steps).func().clone();
    let e = tirtui::lower::lower_program(&f).unwrap_err().to_string();
    assert!(
        e.contains("B_m16n8k8_matrixB is in scope m16n8k8.matrixB") && e.contains("tensorize"),
        "{e}"
    );
    // A warp buffer alone gets as far as lower_warp_memory, which refuses
    // one that no MMA intrinsic laid out and accesses.
    let steps = "  - {op: cache_read, block: C, read_buffer_index: 0, storage_scope: warp, out: aw}
  - {op: get_loops, block: C, out: [i, j, k]}
  - {op: bind, loop: i, thread_axis: blockIdx.x}
  - {op: bind, loop: j, thread_axis: threadIdx.x}
  - {op: compute_at, block: aw, loop: j}
";
    let f = replay(steps).func().clone();
    let e = tirtui::lower::lower_program(&f).unwrap_err().to_string();
    assert!(e.contains("A_warp") && e.contains("tensorize"), "{e}");
}

#[test]
fn unknown_scopes_list_the_new_ones() {
    let yaml = "tirtui: 1\nworkload: unused.tir\nsteps:\n  - {op: cache_read, block: C, read_buffer_index: 0, storage_scope: m16n8k8.matrixQ}\n";
    let session = Session::from_yaml(yaml, "case.yaml").unwrap();
    let func = tirtui::script::parse_func(GEMM_F16, None).unwrap();
    let (_, e) = Trace::replay(func, &session.steps).map(|_| ()).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("m16n8k8.matrixQ") && msg.contains("warp"),
        "{msg}"
    );
}
