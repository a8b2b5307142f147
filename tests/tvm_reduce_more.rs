//! Issue 28, the reduction family's remaining gaps: rfactor of tuple
//! reductions (argmax/argmin as TVM's tests and topi write them), TVM's
//! twelve numbered conditions on them, and the other reduction cases of
//! TVM's schedule tests. Each accepted schedule is checked against TVM's
//! program (the lines that matter) and with the interpreter as an oracle.

use tirtui::interp::Tensor;
use tirtui::ir::DataType;
use tirtui::trace::{Session, Trace};

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

fn schedule(workload: &str, steps: &str) -> (tirtui::ir::PrimFunc, tirtui::ir::PrimFunc) {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    (func, trace.func().clone())
}

/// Applies the steps, checks the interpreter's outputs are unchanged on
/// random inputs and that the printed program parses back to itself;
/// returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    let (func, scheduled) = schedule(workload, steps);
    let printed = tirtui::script::print_func(&scheduled);
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    for seed in [5, 17] {
        let mut expected = tirtui::interp::random_args(&func, seed).unwrap();
        let mut got = expected.clone();
        tirtui::interp::run(&func, &mut expected).unwrap();
        tirtui::interp::run(&scheduled, &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        for (e, g) in expected.iter().zip(&got) {
            assert_eq!(g.to_f64_vec(), e.to_f64_vec(), "results differ:\n{printed}");
        }
    }
    printed
}

/// Runs `func` on `args` (copied) and returns the outputs.
fn run(func: &tirtui::ir::PrimFunc, args: &[Tensor]) -> Vec<Vec<f64>> {
    let mut args = args.to_vec();
    tirtui::interp::run(func, &mut args).unwrap();
    args.iter().map(|t| t.to_f64_vec()).collect()
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

// ---- rfactor of argmax / argmin (test_reduction_rfactor_argmax & co) -----

/// TVM's `argmax_split`, with `CMP` the comparison and `LOWEST` the init.
const ARGMAX_TEMPLATE: &str = r#"
@T.prim_func
def main(idx: T.Buffer((128, 128), "int32"), val: T.Buffer((128, 128), "float32"), argmax_v0: T.Buffer((128,), "int32"), argmax_v1: T.Buffer((128,), "float32")):
    for i0, i1_0, i1_1 in T.grid(128, 4, 32):
        with T.block("argmax"):
            i = T.axis.spatial(128, i0)
            k = T.axis.reduce(128, i1_0 * 32 + i1_1)
            T.reads(idx[i, k], val[i, k])
            T.writes(argmax_v0[i], argmax_v1[i])
            with T.init():
INIT
            v_argmax_v0: T.let[T.int32] = T.Select(argmax_v1[i] CMP val[i, k], argmax_v0[i], idx[i, k])
            v_argmax_v1: T.let[T.float32] = T.Select(argmax_v1[i] CMP val[i, k], argmax_v1[i], val[i, k])
UPDATE
"#;

const ARGMAX_INIT: &str = "                argmax_v0[i] = -1\n                argmax_v1[i] = T.float32(-340282346638528859811704183484516925440.0)";
const ARGMAX_UPDATE: &str =
    "            argmax_v0[i] = v_argmax_v0\n            argmax_v1[i] = v_argmax_v1";

fn argmax_with(cmp: &str, init: &str, update: &str) -> String {
    ARGMAX_TEMPLATE
        .replace("CMP", cmp)
        .replace("INIT", init)
        .replace("UPDATE", update)
}

fn argmax() -> String {
    argmax_with(">=", ARGMAX_INIT, ARGMAX_UPDATE)
}

const RFACTOR_INNER: &str = "  - {op: get_block, name: argmax, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: rfactor, loop: l3, factor_axis: 1, out: b4}\n";

#[test]
fn rfactor_argmax_gives_tvms_program() {
    let printed = legal(&argmax(), RFACTOR_INNER);
    for line in [
        "argmax_v0_rf = T.alloc_buffer((128, 32), \"int32\")",
        "argmax_v1_rf = T.alloc_buffer((128, 32))",
        "with T.block(\"argmax_rf\"):",
        "vi1_1, i, vi1_0 = T.axis.remap(\"SSR\", [i1_1, i0, i1_0])",
        "T.reads(idx[i, vi1_0 * 32 + vi1_1], val[i, vi1_0 * 32 + vi1_1])",
        "T.writes(argmax_v0_rf[i, vi1_1], argmax_v1_rf[i, vi1_1])",
        "v_argmax_v0_rf: T.let[T.int32] = T.Select(argmax_v1_rf[i, vi1_1] >= val[i, vi1_0 * 32 + vi1_1], argmax_v0_rf[i, vi1_1], idx[i, vi1_0 * 32 + vi1_1])",
        "v_argmax_v1_rf: T.let[T.float32] = T.Select(argmax_v1_rf[i, vi1_1] >= val[i, vi1_0 * 32 + vi1_1], argmax_v1_rf[i, vi1_1], val[i, vi1_0 * 32 + vi1_1])",
        "argmax_v0_rf[i, vi1_1] = v_argmax_v0_rf",
        "vi1_1, i = T.axis.remap(\"RS\", [i1_1, i0])",
        "T.reads(argmax_v0_rf[i, vi1_1], argmax_v1_rf[i, vi1_1])",
        "v_argmax_v0: T.let[T.int32] = T.Select(argmax_v1[i] >= argmax_v1_rf[i, vi1_1], argmax_v0[i], argmax_v0_rf[i, vi1_1])",
        "argmax_v1[i] = v_argmax_v1",
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
}

/// test_reduction_rfactor_argmin_init_update_reordeded: the init and the
/// stores in another order than the bindings; TVM's blocks follow the bindings.
#[test]
fn rfactor_argmin_follows_the_binding_order() {
    let init = "                argmax_v1[i] = T.float32(340282346638528859811704183484516925440.0)\n                argmax_v0[i] = -1";
    let update = "            argmax_v1[i] = v_argmax_v1\n            argmax_v0[i] = v_argmax_v0";
    let printed = legal(&argmax_with("<=", init, update), RFACTOR_INNER);
    let rf_init = "argmax_v0_rf[i, vi1_1] = -1\n                argmax_v1_rf[i, vi1_1] = T.float32(340282346638528859811704183484516925440.0)";
    let wb_init = "argmax_v0[i] = -1\n                argmax_v1[i] = T.float32(340282346638528859811704183484516925440.0)";
    let wb_stores = "argmax_v0[i] = v_argmax_v0\n            argmax_v1[i] = v_argmax_v1";
    for text in [rf_init, wb_init, wb_stores] {
        assert!(printed.contains(text), "missing\n{text}\nin\n{printed}");
    }
}

/// topi's argmax over a (4, 64) int32 input of few distinct values: many
/// ties, which topi's reducer breaks by the smaller index, so the rfactored
/// program gives the original's indices exactly, ties included.
const TOPI_ARGMAX: &str = r#"
@T.prim_func
def main(placeholder: T.Buffer((4, 64), "int32"), placeholder_red: T.Buffer((4,), "int32"), red_v1: T.Buffer((4,), "int32")):
    for ax0, k1 in T.grid(4, 64):
        with T.block("placeholder_red_temp"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(placeholder[v_ax0, v_k1])
            T.writes(placeholder_red[v_ax0], red_v1[v_ax0])
            with T.init():
                placeholder_red[v_ax0] = -1
                red_v1[v_ax0] = -2147483648
            v_placeholder_red: T.let[T.int32] = T.Select(red_v1[v_ax0] CMP placeholder[v_ax0, v_k1] or red_v1[v_ax0] == placeholder[v_ax0, v_k1] and placeholder_red[v_ax0] < v_k1, placeholder_red[v_ax0], v_k1)
            v_red_v1: T.let[T.int32] = T.Select(red_v1[v_ax0] CMP placeholder[v_ax0, v_k1], red_v1[v_ax0], placeholder[v_ax0, v_k1])
            placeholder_red[v_ax0] = v_placeholder_red
            red_v1[v_ax0] = v_red_v1
"#;

const TOPI_SPLIT_RFACTOR: &str = "  - {op: get_block, name: placeholder_red_temp, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2]}\n  - {op: split, loop: l2, factors: [null, 8], out: [l3, l4]}\n  - {op: rfactor, loop: l4, factor_axis: 1, out: b5}\n";

/// Inputs with ties: values in 0..3.
fn tied_inputs(func: &tirtui::ir::PrimFunc) -> Vec<Tensor> {
    let mut args = tirtui::interp::random_args(func, 3).unwrap();
    let values: Vec<f64> = (0..256).map(|n| ((n * 7 + n / 5) % 3) as f64).collect();
    args[0] = Tensor::from_f64(DataType::I32, &[4, 64], &values);
    args
}

#[test]
fn rfactor_topi_argmax_keeps_the_first_index_on_ties() {
    let workload = TOPI_ARGMAX.replace("CMP", ">");
    legal(&workload, TOPI_SPLIT_RFACTOR);
    let (func, scheduled) = schedule(&workload, TOPI_SPLIT_RFACTOR);
    let args = tied_inputs(&func);
    let (want, got) = (run(&func, &args), run(&scheduled, &args));
    assert_eq!(got, want);
    // The first index of the maximum, 2, in every row.
    let first_max: Vec<f64> = (0..4)
        .map(|r| {
            let row: Vec<f64> = args[0].to_f64_vec()[r * 64..(r + 1) * 64].to_vec();
            row.iter().position(|v| *v == 2.0).unwrap() as f64
        })
        .collect();
    assert_eq!(got[1], first_max);
}

#[test]
fn rfactor_topi_argmin_keeps_the_first_index_on_ties() {
    let workload = TOPI_ARGMAX
        .replace("CMP", "<")
        .replace("-2147483648", "2147483647");
    let (func, scheduled) = schedule(&workload, TOPI_SPLIT_RFACTOR);
    let args = tied_inputs(&func);
    assert_eq!(run(&scheduled, &args), run(&func, &args));
    let printed = tirtui::script::print_func(&scheduled);
    assert!(
        printed.contains("red_v1_rf[v_ax0, vk1_1] = 2147483647"),
        "{printed}"
    );
}

/// TVM's `>=` argmax keeps the accumulated element on a tie, so it returns
/// the first maximum in the order the reduction runs. rfactor of the outer
/// loop keeps that order (the write-back combines the chunks in order):
/// the same indices, ties included. rfactor of the inner loop, like a
/// reorder of the two loops, visits the elements in another order: the
/// same maximum, at an index that holds it.
#[test]
fn rfactor_argmax_ties_follow_the_reduction_order() {
    let workload = argmax();
    let outer = RFACTOR_INNER.replace("loop: l3", "loop: l2");
    let (func, by_outer) = schedule(&workload, &outer);
    let (_, by_inner) = schedule(&workload, RFACTOR_INNER);
    let mut args = tirtui::interp::random_args(&func, 9).unwrap();
    // Each row's maximum at k = 2 and k = 33: first in the original order
    // is 2; the inner rfactor combines k % 32 = 1 (k = 33) first.
    let values: Vec<f64> = (0..128 * 128)
        .map(|n| {
            if n % 128 == 2 || n % 128 == 33 {
                1.0
            } else {
                0.0
            }
        })
        .collect();
    args[1] = Tensor::from_f64(DataType::F32, &[128, 128], &values);
    let positions: Vec<f64> = (0..128 * 128).map(|n| (n % 128) as f64).collect();
    args[0] = Tensor::from_f64(DataType::I32, &[128, 128], &positions);
    let want = run(&func, &args);
    assert_eq!(run(&by_outer, &args), want);
    let inner = run(&by_inner, &args);
    assert_eq!(inner[3], want[3], "the maxima");
    let (idx, val) = (args[0].to_f64_vec(), args[1].to_f64_vec());
    for (row, got) in inner[2].iter().enumerate() {
        let at = *got as usize;
        assert_eq!(idx[row * 128 + at], *got);
        assert_eq!(val[row * 128 + at], want[3][row], "row {row}");
    }
    assert!(want[2].iter().all(|k| *k == 2.0));
    assert!(inner[2].iter().all(|k| *k == 33.0));
}

#[test]
fn rfactored_argmax_lowers_to_cuda() {
    let steps = format!(
        "{RFACTOR_INNER}  - {{op: get_loops, block: b4, out: [r1, r2, r3]}}\n  - {{op: bind, loop: r1, thread_axis: blockIdx.x}}\n  - {{op: bind, loop: r3, thread_axis: threadIdx.x}}\n  - {{op: get_loops, block: b0, out: [w1, w2]}}\n  - {{op: bind, loop: w1, thread_axis: blockIdx.x}}\n"
    );
    let (_, scheduled) = schedule(&argmax(), &steps);
    let cuda = tirtui::codegen::generate(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    let src = &cuda.kernel.source;
    assert!(src.contains("int v_argmax_v0_rf = (argmax_v1_rf["), "{src}");
    assert!(src.contains("? argmax_v0["), "{src}");
    // Across threads the write-back's tuple is refused at lowering, clearly.
    let across = format!("{steps}  - {{op: bind, loop: w2, thread_axis: threadIdx.x}}\n");
    let (_, scheduled) = schedule(&argmax(), &across);
    let err = tirtui::codegen::generate(&scheduled).expect_err("a tuple across threads");
    assert!(err.to_string().contains("reduces across threads"), "{err}");
}

// ---- TVM's numbered conditions (test_reduction_rfactor_argmax_* negatives) ----

#[track_caller]
fn refused_with_condition(init: &str, body: &str, n: usize) {
    let workload = ARGMAX_TEMPLATE
        .replace("CMP", ">=")
        .replace("INIT", init)
        .replace(
            "            v_argmax_v0: T.let[T.int32] = T.Select(argmax_v1[i] >= val[i, k], argmax_v0[i], idx[i, k])\n            v_argmax_v1: T.let[T.float32] = T.Select(argmax_v1[i] >= val[i, k], argmax_v1[i], val[i, k])\nUPDATE",
            body,
        );
    let msg = fail(&workload, RFACTOR_INNER);
    assert!(
        msg.contains(&format!("condition #{n}")),
        "want condition #{n}: {msg}"
    );
}

const BIND_V0: &str = "            v_argmax_v0: T.let[T.int32] = T.Select(argmax_v1[i] >= val[i, k], argmax_v0[i], idx[i, k])\n";
const BIND_V1: &str = "            v_argmax_v1: T.let[T.float32] = T.Select(argmax_v1[i] >= val[i, k], argmax_v1[i], val[i, k])\n";
const STORE_V0: &str = "            argmax_v0[i] = v_argmax_v0\n";
const STORE_V1: &str = "            argmax_v1[i] = v_argmax_v1\n";

#[test]
fn rfactor_refuses_tuple_reductions_at_tvms_conditions() {
    let both = format!("{BIND_V0}{BIND_V1}");
    // #1: the init binds a value before a store.
    let init_let = "                argmax_v0[i] = -1\n                v1_init: T.let[T.float32] = T.float32(-340282346638528859811704183484516925440.0)\n                argmax_v1[i] = v1_init";
    refused_with_condition(init_let, &format!("{both}{STORE_V0}{STORE_V1}"), 1);
    // #2: one buffer initialised twice.
    let dup = "                argmax_v0[i] = -1\n                argmax_v0[i] = -1";
    refused_with_condition(dup, &format!("{both}{STORE_V0}{STORE_V1}"), 2);
    // #3: fewer bindings than init stores.
    let v1_inline =
        "            argmax_v1[i] = T.Select(argmax_v1[i] >= val[i, k], argmax_v1[i], val[i, k])\n";
    refused_with_condition(ARGMAX_INIT, &format!("{BIND_V0}{STORE_V0}{v1_inline}"), 3);
    // #6: one store missing, or one too many.
    refused_with_condition(ARGMAX_INIT, &format!("{both}{STORE_V0}"), 6);
    refused_with_condition(
        ARGMAX_INIT,
        &format!("{both}{STORE_V0}{STORE_V1}{STORE_V1}"),
        6,
    );
    // #7: a store of another value than a bound variable.
    let v0_inline =
        "            argmax_v0[i] = T.Select(argmax_v1[i] >= val[i, k], argmax_v0[i], idx[i, k])\n";
    refused_with_condition(ARGMAX_INIT, &format!("{both}{v0_inline}{STORE_V1}"), 7);
}

/// #10 (the init stores another buffer than the update) and #11 (buffers of
/// different shapes), as TVM's _init_buffer_not_match and
/// _reduction_buffer_different_shape.
#[test]
fn rfactor_refuses_mismatched_tuple_buffers() {
    let other = argmax()
        .replace(
            "argmax_v1: T.Buffer((128,), \"float32\")):",
            "argmax_v1: T.Buffer((128,), \"float32\"), other: T.Buffer((128,), \"int32\")):",
        )
        .replace(
            "                argmax_v0[i] = -1\n",
            "                other[i] = -1\n",
        )
        .replace(
            "T.writes(argmax_v0[i], argmax_v1[i])",
            "T.writes(other[i], argmax_v0[i], argmax_v1[i])",
        );
    let msg = fail(&other, RFACTOR_INNER);
    assert!(msg.contains("condition #10"), "{msg}");
    let wider = argmax().replace(
        "argmax_v0: T.Buffer((128,), \"int32\")",
        "argmax_v0: T.Buffer((256,), \"int32\")",
    );
    let msg = fail(&wider, RFACTOR_INNER);
    assert!(msg.contains("condition #11"), "{msg}");
}

/// #8 and #9 as TVM's test_reduction_rfactor_argmax_one_let_var_used_multi_times
/// and _body_one_buffer_updated_multi_times write them: int32 values, so
/// that storing one variable in the other's buffer needs no cast.
#[test]
fn rfactor_refuses_one_variable_or_buffer_stored_twice() {
    for (update, n) in [
        (
            "            argmax_v0[i] = v_argmax_v0\n            argmax_v1[i] = v_argmax_v0",
            8,
        ),
        (
            "            argmax_v0[i] = v_argmax_v0\n            argmax_v0[i] = v_argmax_v1",
            9,
        ),
    ] {
        let workload = argmax_with(
            ">=",
            "                argmax_v0[i] = -1\n                argmax_v1[i] = -2147483648",
            update,
        )
        .replace("float32", "int32");
        let msg = fail(&workload, RFACTOR_INNER);
        assert!(msg.contains(&format!("condition #{n}")), "{msg}");
    }
}

/// test_reduction_rfactor_predicate: TVM's verifier refuses the rf block of
/// a reduction whose `T.where` ties the loops rfactor separates.
#[test]
fn rfactor_refuses_the_predicate_tvm_verifier_refuses() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128,), "float32")):
    for i, k_0, k_1 in T.grid(128, 13, 10):
        with T.block("B"):
            vi = T.axis.spatial(128, i)
            vk = T.axis.reduce(128, k_0 * 10 + k_1)
            T.where(k_0 * 10 + k_1 < 128)
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]
"#;
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2, l3]}\n  - {op: rfactor, loop: l2, factor_axis: 1}\n";
    let msg = fail(workload, steps);
    assert!(msg.contains("Wrong affine_binding"), "{msg}");
    assert!(msg.contains("k_0 * 10 + k_1 < 128"), "{msg}");
}

#[test]
fn rfactor_refuses_unmatched_tuple_reducers() {
    // An init that is not the identity (argmax starts from -1 and the lowest value).
    let init = "                argmax_v0[i] = 0\n                argmax_v1[i] = T.float32(-340282346638528859811704183484516925440.0)";
    let msg = fail(&argmax_with(">=", init, ARGMAX_UPDATE), RFACTOR_INNER);
    assert!(msg.contains("no reducer matches"), "{msg}");
    // A comparison no reducer has.
    let msg = fail(&argmax_with(">", ARGMAX_INIT, ARGMAX_UPDATE), RFACTOR_INNER);
    assert!(msg.contains("no reducer matches"), "{msg}");
}

// ---- rfactor of a 0-d reduction (test_reduction_rfactor_zero_dim) -------

#[test]
fn rfactor_of_a_zero_dim_reduction_prints_tvms_offset() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((128,), "float32"), B: T.Buffer((), "float32")):
    for k0 in range(128):
        with T.block("B"):
            k = T.axis.reduce(128, k0)
            T.reads(A[k])
            T.writes(B[()])
            with T.init():
                B[()] = T.float32(0.0)
            B[()] = B[()] + A[k]
"#;
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1]}\n  - {op: rfactor, loop: l1, factor_axis: 0, out: b2}\n";
    let printed = legal(workload, steps);
    // A 0-d buffer's offset is an int64 zero in TVM; the rf buffer copies it.
    assert!(
        printed.contains("B_rf = T.alloc_buffer((128,), elem_offset=T.int64(0))"),
        "{printed}"
    );
}

// ---- sample_perfect_tile on a loop of symbolic extent -------------------

const DYNAMIC_ROWS: &str = r#"
@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n, 1024))
    for i, j in T.grid(n, 1024):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            A[vi, vj] = T.float32(1)
"#;

/// test_sample_perfect_tile_on_dynamic_loops: TVM tiles a loop of symbolic
/// extent trivially, `[None, 1, 1, 1]` whatever the decision; split takes
/// the None (-1 in tirtui's decision) as the factor it infers.
#[test]
fn sample_perfect_tile_tiles_a_dynamic_loop_trivially() {
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2]}\n  - {op: sample_perfect_tile, loop: l2, n: 4, decision: [4, 4, 8, 8], out: [v3, v4, v5, v6]}\n  - {op: sample_perfect_tile, loop: l1, n: 4, decision: [2, 1, 1, 1], out: [v7, v8, v9, v10]}\n  - {op: split, loop: l1, factors: [v7, v8, v9, v10], out: [i0, i1, i2, i3]}\n";
    let func = tirtui::script::parse_func(DYNAMIC_ROWS, None).unwrap();
    let trace = Trace::replay(func, &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let decision = trace.steps[3].arg("decision").cloned();
    let want = tirtui::trace::Arg::List(
        [-1, 1, 1, 1]
            .into_iter()
            .map(tirtui::trace::Arg::Int)
            .collect(),
    );
    assert_eq!(decision, Some(want));
    let printed = tirtui::script::print_func(trace.func());
    assert!(
        printed.contains("T.grid(n, 1, 1, 1, 4, 4, 8, 8)")
            || printed.contains("in T.grid(n, 1, 1, 1"),
        "{printed}"
    );
}

// ---- reverse_compute_inline over a symbolic domain (layer_norm) ---------

const CAST_AFTER_ROWS: &str = r#"
@T.prim_func
def main(a: T.handle, c: T.handle):
    n = T.int64()
    A = T.match_buffer(a, (n, T.int64(64)))
    C = T.match_buffer(c, (n, T.int64(64)), "float16")
    B = T.alloc_buffer((n, T.int64(64)))
    for i, j in T.grid(n, T.int64(64)):
        with T.block("B"):
            vi = T.axis.spatial(n, i)
            vj = T.axis.spatial(T.int64(64), j)
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(n, T.int64(64)):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = T.Cast("float16", B[vi, vj])
"#;

#[test]
fn reverse_compute_inline_over_a_symbolic_row_count() {
    let steps =
        "  - {op: get_block, name: C, out: c}\n  - {op: reverse_compute_inline, block: c}\n";
    let (_, scheduled) = schedule(CAST_AFTER_ROWS, steps);
    let printed = tirtui::script::print_func(&scheduled);
    assert!(
        printed.contains("C[vi, vj] = T.Cast(\"float16\", A[vi, vj] * T.float32(2.0))"),
        "{printed}"
    );
    assert!(!printed.contains("T.block(\"C\")"), "{printed}");
}

#[test]
fn reverse_compute_inline_refuses_a_symbolic_iterator_read_otherwise() {
    // The consumer reads row `n - 1 - vi`: not the producer's own index.
    let workload = CAST_AFTER_ROWS.replace(
        "T.Cast(\"float16\", B[vi, vj])",
        "T.Cast(\"float16\", B[n - T.int64(1) - vi, vj])",
    );
    let steps =
        "  - {op: get_block, name: C, out: c}\n  - {op: reverse_compute_inline, block: c}\n";
    let msg = fail(&workload, steps);
    assert!(msg.contains("non-constant domain"), "{msg}");
}
