//! TVM 0.27's transform_layout tests (apache/tvm
//! `tests/python/s_tir/schedule/test_tir_schedule_transform_layout.py`) and
//! their neighbours, replayed as tirtui sessions (issue 28, layout gaps):
//! each case here was refused, accepted wrongly, or printed another program
//! than TVM's before its fix. A legal case is checked against TVM's program
//! (the lines that matter) and with the interpreter.

use tirtui::interp::Tensor;
use tirtui::ir::PrimFunc;
use tirtui::schedule::primitive::index_map::IndexMap;
use tirtui::trace::{Session, Trace};

/// Applies the steps, checks the interpreter's outputs are unchanged and that
/// the printed program parses back to itself; returns the printed program.
#[track_caller]
fn legal(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    let mut expected = tirtui::interp::random_args(&func, 5).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    for (e, g) in expected.iter().zip(&got) {
        assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
    }
    printed
}

/// The oracle for a schedule that changed parameter layouts: the original's
/// arguments are carried into the new layouts through each recorded index
/// map (input padding is NaN, so a read of it shows), the scheduled program
/// runs on them, and its outputs are read back at the original indices.
/// Returns the printed program and the scheduled function.
#[track_caller]
fn legal_relaid(workload: &str, steps: &str) -> (String, PrimFunc) {
    let session = session(steps);
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let scheduled = trace.func().clone();
    let printed = tirtui::script::print_func(&scheduled);
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    assert!(
        !scheduled.param_layouts.is_empty(),
        "no layout was recorded"
    );
    let mut expected = tirtui::interp::random_args(&func, 5).unwrap();
    let params = func.param_buffers();
    let mut got: Vec<Tensor> = expected
        .iter()
        .zip(&params)
        .map(
            |(t, b)| match scheduled.param_layouts.iter().find(|l| l.buffer == *b) {
                Some(l) => {
                    let shape = scheduled.buffer(*b).const_shape().unwrap();
                    relayout(t, &l.index_map, &shape)
                }
                None => t.clone(),
            },
        )
        .collect();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(&scheduled, &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    for ((e, g), b) in expected.iter().zip(&got).zip(&params) {
        let back = match scheduled.param_layouts.iter().find(|l| l.buffer == *b) {
            Some(l) => read_back(g, &l.index_map, &e.shape),
            None => g.clone(),
        };
        assert!(back.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
    }
    (printed, scheduled)
}

/// Every index of `shape`, row-major.
fn indices(shape: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for &d in shape {
        out = out
            .into_iter()
            .flat_map(|p| (0..d).map(move |i| [p.clone(), vec![i]].concat()))
            .collect();
    }
    out
}

fn flat(at: &[i64], shape: &[i64]) -> usize {
    at.iter().zip(shape).fold(0, |acc, (i, d)| acc * d + i) as usize
}

/// `t` in the layout `map` gives it, in `new_shape`; unmapped elements NaN.
fn relayout(t: &Tensor, map: &str, new_shape: &[i64]) -> Tensor {
    let map = IndexMap::parse_index_map(map).unwrap();
    let old = t.to_f64_vec();
    let mut new = vec![f64::NAN; new_shape.iter().product::<i64>() as usize];
    for at in indices(&t.shape) {
        let to = map.eval(&at).unwrap();
        new[flat(&to, new_shape)] = old[flat(&at, &t.shape)];
    }
    Tensor::from_f64(t.dtype, new_shape, &new)
}

/// `t` (in `map`'s layout) read back at every index of `old_shape`.
fn read_back(t: &Tensor, map: &str, old_shape: &[i64]) -> Tensor {
    let map = IndexMap::parse_index_map(map).unwrap();
    let new = t.to_f64_vec();
    let old: Vec<f64> = indices(old_shape)
        .iter()
        .map(|at| new[flat(&map.eval(at).unwrap(), &t.shape)])
        .collect();
    Tensor::from_f64(t.dtype, old_shape, &old)
}

/// The program after the steps, checked to parse back to itself.
#[track_caller]
fn printed_after(workload: &str, steps: &str) -> String {
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let trace = Trace::replay(func, &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    printed
}

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// test_set_dtype_subregion / test_set_scope_subregion: a block views one
/// element of `B` through `T.match_buffer(..., offset_factor=1)`.
const SUBREGION_MATCH: &str = r#"
@T.prim_func
def main(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B_subregion0 = T.match_buffer(B[vi, vj], (), offset_factor=1)
            B_subregion0[()] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            B_subregion1 = T.match_buffer(B[vi, vj], (), offset_factor=4)
            C[vi, vj] = B_subregion1[()] + T.float32(1.0)
"#;

#[test]
fn match_buffer_offset_factor_survives_set_dtype() {
    // float16 rounds the results: the program is compared, not its outputs.
    let printed = printed_after(
        SUBREGION_MATCH,
        "  - {op: get_block, name: B, out: b0}\n  - {op: unsafe_set_dtype, block: b0, buffer_index: 0, dtype: float16}\n",
    );
    // TVM: the views keep their offset_factor (0, the default, prints nothing).
    assert!(
        printed
            .contains("B_subregion0 = T.match_buffer(B[vi, vj], (), \"float16\", offset_factor=1)"),
        "{printed}"
    );
    assert!(
        printed
            .contains("B_subregion1 = T.match_buffer(B[vi, vj], (), \"float16\", offset_factor=4)"),
        "{printed}"
    );
}

#[test]
fn match_buffer_offset_factor_survives_set_scope() {
    let printed = legal(
        SUBREGION_MATCH,
        "  - {op: get_block, name: B, out: b0}\n  - {op: set_scope, block: b0, buffer_index: 0, storage_scope: shared}\n",
    );
    assert!(
        printed.contains(
            "B_subregion0_shared = T.match_buffer(B_shared[vi, vj], (), scope=\"shared\", offset_factor=1)"
        ),
        "{printed}"
    );
}

#[test]
fn match_buffer_without_offset_factor_prints_none() {
    let plain = SUBREGION_MATCH
        .replace(", offset_factor=1", "")
        .replace(", offset_factor=4", "");
    let printed = legal(&plain, "  - {op: get_block, name: B, out: b0}\n");
    assert!(!printed.contains("offset_factor"), "{printed}");
}

/// test_two_elementwise_transform_input_buffer / _output_buffer: TVM
/// re-lays-out the parameter itself, and the function's interface changes.
const TWO_ELEMENTWISE: &str = r#"
@T.prim_func
def two_elementwise(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
"#;

const TILE_MAP: &str = "lambda m, n: (m // 16, n // 16, m % 16, n % 16)";

#[test]
fn transform_layout_of_an_input_parameter_changes_the_interface() {
    let (printed, f) = legal_relaid(
        TWO_ELEMENTWISE,
        &format!("  - {{op: transform_layout, block: B, buffer: A, index_map: \"{TILE_MAP}\"}}\n"),
    );
    assert!(
        printed.contains("def two_elementwise(A: T.Buffer((8, 8, 16, 16), \"float32\"), C: T.Buffer((128, 128), \"float32\")):"),
        "{printed}"
    );
    assert!(
        printed.contains("B[vi, vj] = A[vi // 16, vj // 16, vi % 16, vj % 16] * T.float32(2.0)"),
        "{printed}"
    );
    let l = &f.param_layouts[0];
    assert_eq!((l.step, l.index_map.as_str()), (1, TILE_MAP));
}

#[test]
fn transform_layout_of_an_output_parameter_changes_the_interface() {
    let (printed, _) = legal_relaid(
        TWO_ELEMENTWISE,
        &format!("  - {{op: get_block, name: C, out: c}}\n  - {{op: transform_layout, block: c, buffer: [write, 0], index_map: \"{TILE_MAP}\"}}\n"),
    );
    assert!(
        printed.contains("C: T.Buffer((8, 8, 16, 16), \"float32\")"),
        "{printed}"
    );
    assert!(
        printed.contains("C[vi // 16, vj // 16, vi % 16, vj % 16] = B[vi, vj] + T.float32(1.0)"),
        "{printed}"
    );
}

/// A square transpose keeps the argument's shape: only the recorded layout
/// tells the runtime that the kernel's `A` is not the workload's `A`.
#[test]
fn a_relaid_parameter_is_refused_by_runs_against_the_workload() {
    let steps = session(
        "  - {op: transform_layout, block: B, buffer: A, index_map: \"lambda i, j: (j, i)\"}\n",
    );
    let func = tirtui::script::parse_func(TWO_ELEMENTWISE, None).unwrap();
    let trace = Trace::replay(func.clone(), &steps.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
    let mapped = tirtui::schedule::auto::default_gpu_schedule(trace.func()).unwrap();
    let kernel = tirtui::codegen::generate(&mapped).unwrap().kernel;
    let a = &kernel.args[0];
    assert_eq!(a.shape, vec![128, 128]);
    let layout = a.layout.as_deref().unwrap_or_default();
    assert!(
        layout.contains("step 1 `transform_layout`") && layout.contains("`A`"),
        "{layout}"
    );
    let err = match tirtui::session::run::build_request(&func, &kernel) {
        Ok(_) => panic!("a run against the workload was prepared"),
        Err(e) => e,
    };
    assert!(
        err.contains("step 1 `transform_layout`") && err.contains("not in the workload's layout"),
        "{err}"
    );
    // The unscheduled kernel keeps the caller's layout.
    let plain = tirtui::session::run::reference_kernel(&func).unwrap();
    assert!(plain.args.iter().all(|a| a.layout.is_none()));
}

/// test_transform_layout_with_sampling: the map uses values a
/// sample_perfect_tile step bound (TVM's ExprRVs); TVM's program is the one
/// of the constant map `j // 32, j % 32`.
#[test]
fn index_map_uses_sampled_values() {
    let steps = "  - {op: get_block, name: B, out: b0}\n  - {op: get_loops, block: b0, out: [l1, l2]}\n  - {op: sample_perfect_tile, loop: l2, n: 3, decision: [4, 8, 4], out: [v3, v4, v5]}\n  - {op: transform_layout, block: b0, buffer: [write, 0], index_map: \"lambda i, j: (i, j // (v4 * v5), j % (v4 * v5))\"}\n";
    let printed = legal(TWO_ELEMENTWISE, steps);
    assert!(
        printed.contains("B = T.alloc_buffer((128, 4, 32))"),
        "{printed}"
    );
    assert!(
        printed.contains("B[vi, vj // 32, vj % 32] = A[vi, vj] * T.float32(2.0)"),
        "{printed}"
    );
    // A name bound to a loop is no value: the map's parser refuses it.
    let bad = steps.replace("(v4 * v5)", "(l1 * v5)");
    let func = tirtui::script::parse_func(TWO_ELEMENTWISE, None).unwrap();
    let err = match Trace::replay(func, &session(&bad).steps) {
        Ok(_) => panic!("a loop was taken for a value"),
        Err((_, e)) => e.to_string(),
    };
    assert!(err.contains("step 4") && err.contains("`l1`"), "{err}");
}

/// test_var_args_sugar: `lambda *indices, k: [*indices, k // 4, k % 4]`, as
/// TVM's trace expands it, on a parameter read by a reduction into `B[0]`.
#[test]
fn var_args_map_expanded_by_tvm_on_a_parameter() {
    let workload = r#"
@T.prim_func
def summation_3d(A: T.Buffer((64, 64, 32), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.float32(0.0)
    for i, j, k in T.grid(64, 64, 32):
        with T.block("compute"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[0] = B[0] + A[vi, vj, vk]
"#;
    let (printed, _) = legal_relaid(
        workload,
        "  - {op: transform_layout, block: compute, buffer: A, index_map: \"lambda indices_0, indices_1, k: (indices_0, indices_1, k // 4, k % 4)\"}\n",
    );
    assert!(
        printed.contains("A: T.Buffer((64, 64, 8, 4), \"float32\")"),
        "{printed}"
    );
    assert!(
        printed.contains("B[0] = B[0] + A[vi, vj, vk // 4, vk % 4]"),
        "{printed}"
    );
}

/// test_padded_transform_if_then_else[int8]: a plain integer pad value takes
/// an integer buffer's type (TVM 0.27 makes `pad_value=0` a `T.int8(0)`),
/// refused past its range; inside a lambda a plain integer stays an int32,
/// and `T.int8(0)` on an int32 buffer is refused (test_error_on_wrong_padding_type).
#[test]
fn plain_integer_pad_value_takes_the_integer_buffers_type() {
    let workload = |dtype: &str| {
        format!(
            r#"
@T.prim_func
def main(A: T.Buffer((14,), "{dtype}")):
    B = T.alloc_buffer((14,), "{dtype}")
    for i in range(14):
        with T.block("block"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi]
"#
        )
    };
    let step = |pad: &str| {
        format!("  - {{op: transform_layout, block: block, buffer: B, index_map: \"lambda i: (i // 4, i % 4)\", pad_value: {pad}}}\n")
    };
    let printed = legal(&workload("int8"), &step("0"));
    assert!(
        printed.contains("B[v_axis0, v_axis1] = T.if_then_else(v_axis0 == 3 and 2 <= v_axis1, T.int8(0), A[v_axis0 * 4 + v_axis1])"),
        "{printed}"
    );
    let printed = legal(&workload("uint8"), &step("7"));
    assert!(printed.contains("T.uint8(7)"), "{printed}");
    for (dtype, pad, want) in [
        ("int8", "300", "pad_value 300 is out of the range of int8"),
        ("uint8", "-1", "pad_value -1 is out of the range of uint8"),
        ("int8", "\"lambda a, b: (0,)\"", "pad_value 0 is an int32"),
        (
            "int32",
            "\"lambda a, b: (T.int8(0),)\"",
            "pad_value 0 is an int8",
        ),
        ("float16", "0", "pad_value 0 is an int32"),
    ] {
        let func = tirtui::script::parse_func(&workload(dtype), None).unwrap();
        let err = match Trace::replay(func, &session(&step(pad)).steps) {
            Ok(_) => panic!("{dtype} {pad} was accepted"),
            Err((_, e)) => e.to_string(),
        };
        assert!(err.contains(want), "{dtype} {pad}: {err}");
    }
}

/// test_padded_transform_non_constant_value: the pad value is an expression
/// of the new indices; TVM writes it in the padding's branch.
#[test]
fn pad_value_may_be_an_expression_of_the_new_indices() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((14,), "int32")):
    B = T.alloc_buffer((14,), "int32")
    for i in range(14):
        with T.block("block"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi]
"#;
    let step = |pad: &str| {
        format!("  - {{op: transform_layout, block: block, buffer: B, index_map: \"lambda i: (i // 4, i % 4)\", pad_value: \"{pad}\"}}\n")
    };
    let printed = legal(workload, &step("lambda i, j: (i + j,)"));
    assert!(
        printed.contains("B[v_axis0, v_axis1] = T.if_then_else(v_axis0 == 3 and 2 <= v_axis1, v_axis0 + v_axis1, A[v_axis0 * 4 + v_axis1])"),
        "{printed}"
    );
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let err = match Trace::replay(func, &session(&step("lambda i: (i * 2,)")).steps) {
        Ok(_) => panic!("a lambda of the wrong arity was taken"),
        Err((_, e)) => e.to_string(),
    };
    assert!(
        err.contains("lambda of 1 indices") && err.contains("2 axes"),
        "{err}"
    );
}

/// test_padded_transform_post_proc_if_required_due_to_side_effects: the
/// writer also stores `C`, so TVM leaves it and fills the padding in a block
/// after it (its EpiloguePlan).
#[test]
fn padding_after_a_writer_with_side_effects() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((14,), "int32"), D: T.Buffer((14,), "int32")):
    B = T.alloc_buffer((14,), "int32")
    C = T.alloc_buffer((14,), "int32")
    for i in range(14):
        with T.block("block"):
            vi = T.axis.spatial(14, i)
            B[vi] = A[vi]
            C[vi] = 0
    for i in range(14):
        with T.block("D"):
            vi = T.axis.spatial(14, i)
            D[vi] = B[vi] + C[vi]
"#;
    let printed = legal(
        workload,
        "  - {op: transform_layout, block: block, buffer: B, index_map: \"lambda i: (i // 4, i % 4)\", pad_value: 0}\n",
    );
    let want = r#"            B[vi // 4, vi % 4] = A[vi]
            C[vi] = 0
    for axis0, axis1 in T.grid(4, 4):
        with T.block("buffer_B_padding"):
            v_axis0, v_axis1 = T.axis.remap("SS", [axis0, axis1])
            T.where(axis0 == 3 and 2 <= axis1)
            T.reads()
            T.writes(B[v_axis0, v_axis1])
            B[v_axis0, v_axis1] = 0
    for i in range(14):"#;
    assert!(printed.contains(want), "{printed}");
}

/// test_padded_transform_without_loop: a parameter written by a block with no
/// loops; the padding block follows it, and the padding of the output holds
/// the pad value (read back through the map by the oracle, and checked here).
#[test]
fn padding_after_a_writer_without_loops_on_a_parameter() {
    let workload = r#"
@T.prim_func
def main(A: T.Buffer((14,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes()
        with T.block("block"):
            T.reads()
            T.writes(A[0])
            A[0] = 0
"#;
    let steps = "  - {op: transform_layout, block: block, buffer: A, index_map: \"lambda i: (i // 4, i % 4)\", pad_value: 5}\n";
    let (printed, f) = legal_relaid(workload, steps);
    assert!(
        printed.contains("A: T.Buffer((4, 4), \"int32\")"),
        "{printed}"
    );
    assert!(
        printed.contains("        A[0, 0] = 0\n    for axis0, axis1 in T.grid(4, 4):"),
        "{printed}"
    );
    assert!(
        printed.contains("T.where(axis0 == 3 and 2 <= axis1)"),
        "{printed}"
    );
    let mut args = vec![Tensor::from_f64(
        tirtui::ir::DataType::I32,
        &[4, 4],
        &[1.0; 16],
    )];
    tirtui::interp::run(&f, &mut args).unwrap();
    let v = args[0].to_f64_vec();
    assert_eq!((v[0], v[13], v[14], v[15]), (0.0, 1.0, 5.0, 5.0));
}

/// test_var_args_sugar's own shape, (1024, 1024, 32): past the 16,777,216
/// elements checked one by one, but the map checks group by group, so it is
/// taken (int32 indices bound it); a map that needs the full pass is not.
#[test]
fn a_grouped_map_lays_out_a_buffer_past_the_element_by_element_limit() {
    let workload = r#"
@T.prim_func
def summation_3d(A: T.Buffer((1024, 1024, 32), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.float32(0.0)
    for i, j, k in T.grid(1024, 1024, 32):
        with T.block("compute"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[0] = B[0] + A[vi, vj, vk]
"#;
    let printed = printed_after(
        workload,
        "  - {op: transform_layout, block: compute, buffer: A, index_map: \"lambda indices_0, indices_1, k: (indices_0, indices_1, k // 4, k % 4)\"}\n",
    );
    assert!(
        printed.contains("A: T.Buffer((1024, 1024, 8, 4), \"float32\")"),
        "{printed}"
    );
    let func = tirtui::script::parse_func(workload, None).unwrap();
    let rotate = session("  - {op: transform_layout, block: compute, buffer: A, index_map: \"lambda i, j, k: (i, (j + i) % 1024, k)\", assume_injective_transform: true}\n");
    let err = match Trace::replay(func, &rotate.steps) {
        Ok(_) => panic!("a map needing the full pass was taken past the limit"),
        Err((_, e)) => e.to_string(),
    };
    assert!(err.contains("more than 16777216 elements"), "{err}");
}
