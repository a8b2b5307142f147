//! TVM 0.27's schedule tests that use TVM's builtins in TVMScript (issue 28):
//! `T.tvm_access_ptr`, `T.tvm_load_matrix_sync`, `T.tvm_fill_fragment`,
//! `T.call_extern`, `B.data`, `B.elem_offset`. tirtui reads them, schedules
//! around them, prints them as TVM does, treats `B.data` as an opaque access
//! of `B` (compute_inline refuses, cache_read/cache_write rewrite it), and
//! refuses to interpret or lower them, naming the builtin.

use tirtui::trace::{Session, Trace};

fn session(steps: &str) -> Session {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    Session::from_yaml(&yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"))
}

/// Parses, checks the program prints back to what it read (TVM's text), and
/// that the printed text reads back to the same program.
#[track_caller]
fn read_back(workload: &str) -> tirtui::ir::PrimFunc {
    let func = tirtui::script::parse_func(workload, None)
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic("w.tir", workload).render()));
    let printed = tirtui::script::print_func(&func);
    let again = tirtui::script::parse_func(&printed, None)
        .unwrap_or_else(|e| panic!("the printed program does not parse: {e}\n{printed}"));
    assert_eq!(tirtui::script::print_func(&again), printed);
    func
}

/// Applies the steps and returns the printed program (which must read back).
#[track_caller]
fn scheduled(workload: &str, steps: &str) -> String {
    let func = read_back(workload);
    let trace = Trace::replay(func, &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    read_back(&printed);
    printed
}

/// Applies all steps; the last must fail and leave the program as it was.
#[track_caller]
fn fail(workload: &str, steps: &str) -> String {
    let session = session(steps);
    let func = read_back(workload);
    let (n, last) = (session.steps.len(), session.steps.last().unwrap().clone());
    let mut trace = Trace::replay(func, &session.steps[..n - 1])
        .unwrap_or_else(|(_, e)| panic!("setup step failed: {e}"));
    let before = tirtui::script::print_func(trace.func());
    let err = trace.push(last).expect_err("the last step must fail");
    assert_eq!(tirtui::script::print_func(trace.func()), before);
    err.to_string()
}

/// test_tir_schedule_cache_read_write.py: `opaque_access`.
const OPAQUE_ACCESS: &str = r#"
@T.prim_func(s_tir=True)
def opaque_access(A: T.Buffer((128, 128), "float16"), B: T.Buffer((128, 128), "float16"), C: T.Buffer((128, 128), "float16"), D: T.Buffer((128, 128), "float16")):
    for i, j in T.grid(128, 128):
        with T.sblock("load_store"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = A[vi, vj]
    for i, j in T.grid(8, 8):
        with T.sblock("opaque"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(B[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.tvm_load_matrix_sync(B.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A.data, vi * 2048 + vj * 16, 128, 1), 128, "row_major")
    for i, j in T.grid(8, 8):
        with T.sblock("match_buffer"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(C[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            A0 = T.match_buffer(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16], (16, 16), "float16", strides=(128, 1), offset_factor=1)
            C0 = T.match_buffer(C[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16], (16, 16), "float16", strides=(128, 1), offset_factor=1)
            T.tvm_load_matrix_sync(C0.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A0.data, A0.elem_offset, 128, 1), 128, "row_major")
"#;

#[test]
fn builtins_print_back_as_tvm_prints_them() {
    let func = read_back(OPAQUE_ACCESS);
    let printed = tirtui::script::print_func(&func);
    for line in [
        r#"T.tvm_load_matrix_sync(B.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A.data, vi * 2048 + vj * 16, 128, 1), 128, "row_major")"#,
        r#"T.tvm_load_matrix_sync(C0.data, 16, 16, 16, vi * 8 + vj, T.tvm_access_ptr(T.type_annotation("float16"), A0.data, A0.elem_offset, 128, 1), 128, "row_major")"#,
    ] {
        assert!(
            printed.contains(&format!("            {line}\n")),
            "{printed}"
        );
    }
    assert!(!printed.contains("T.evaluate"), "{printed}");
    // `offset_factor=` is printed back where it was written, after the scope.
    assert!(
        printed.contains(r#"A0 = T.match_buffer(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16], (16, 16), "float16", strides=(128, 1), offset_factor=1)"#),
        "{printed}"
    );
}

/// The consumers of the cache read it through their `.data` pointers and
/// views too (TVM's expected program).
#[test]
fn cache_read_rewrites_data_pointers_and_views() {
    let printed = scheduled(
        OPAQUE_ACCESS,
        "  - {op: cache_read, block: load_store, read_buffer_index: 0, storage_scope: global}\n",
    );
    assert!(
        printed.contains("T.tvm_access_ptr(T.type_annotation(\"float16\"), A_global.data, vi * 2048 + vj * 16, 128, 1)"),
        "{printed}"
    );
    assert!(
        printed
            .contains("A0 = T.match_buffer(A_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16]"),
        "{printed}"
    );
}

/// cache_write of a block that writes through a view or a pointer: the
/// view and the pointer are the cache's, else the copy back would overwrite
/// what the block wrote with the cache's garbage.
#[test]
fn cache_write_rewrites_written_pointers_and_views() {
    let printed = scheduled(
        OPAQUE_ACCESS,
        "  - {op: cache_write, block: load_store, write_buffer_index: 0, storage_scope: global}\n  - {op: cache_write, block: opaque, write_buffer_index: 0, storage_scope: global}\n  - {op: cache_write, block: match_buffer, write_buffer_index: 0, storage_scope: global}\n",
    );
    assert!(
        printed.contains("T.tvm_load_matrix_sync(B_global.data, 16, 16, 16"),
        "{printed}"
    );
    assert!(
        printed
            .contains("C0 = T.match_buffer(C_global[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16]"),
        "{printed}"
    );
}

/// test_tir_schedule_compute_inline.py: `opaque_access_load`.
const OPAQUE_ACCESS_LOAD: &str = r#"
@T.prim_func(s_tir=True)
def opaque_access_load(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[0:128, 0:128])
            T.writes(C[0:128, 0:128])
            T.tvm_access_ptr(T.type_annotation("float32"), B.data, 0, 128, 1)
            C[vi, vj] = B[vi, vj] + T.float32(1.0)
"#;

/// TVM: "The buffer to be inlined has opaque access (e.g. `B.data`)".
#[test]
fn compute_inline_refuses_a_buffer_passed_by_pointer() {
    let why = fail(OPAQUE_ACCESS_LOAD, "  - {op: compute_inline, block: B}\n");
    assert!(why.contains("`B` is accessed opaquely"), "{why}");
    assert!(why.contains("\"C\" passes `B.data`"), "{why}");
}

/// test_compute_inline_with_opaque_access: a builtin on other buffers does
/// not stop the inlining, and stays as written.
#[test]
fn compute_inline_keeps_builtins_of_other_buffers() {
    let workload = r#"
@T.prim_func(s_tir=True)
def access_opaque_ptr_then_elemwise(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32")):
    A_cache = T.sblock_alloc_buffer((1024,))
    BB = T.sblock_alloc_buffer((1024,))
    with T.sblock("opaque"):
        T.reads(A[0:512])
        T.writes(A_cache[0:512])
        T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 512, 1)
        T.tvm_access_ptr(T.type_annotation("float32"), A_cache.data, 0, 512, 2)
    for i in range(512):
        with T.sblock("BB"):
            vi = T.axis.spatial(512, i)
            T.reads(A_cache[vi])
            T.writes(BB[vi])
            BB[vi] = A_cache[vi] * T.float32(2.0)
    for i in range(512):
        with T.sblock("B"):
            vi = T.axis.spatial(512, i)
            T.reads(BB[vi])
            T.writes(B[vi])
            B[vi] = BB[vi] + T.float32(1.0)
"#;
    let printed = scheduled(workload, "  - {op: compute_inline, block: BB}\n");
    assert!(
        printed.contains("B[vi] = A_cache[vi] * T.float32(2.0) + T.float32(1.0)"),
        "{printed}"
    );
    assert!(
        printed
            .contains("T.tvm_access_ptr(T.type_annotation(\"float32\"), A_cache.data, 0, 512, 2)"),
        "{printed}"
    );
}

/// test_fuse_with_opaque_access: the builtin's arguments follow the fused loop.
#[test]
fn fuse_rewrites_builtin_arguments() {
    let workload = r#"
@T.prim_func(s_tir=True)
def opaque_access(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
    for i, j in T.grid(16, 16):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads()
            T.writes(B[0:16, 0:16])
            T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj)
"#;
    let printed = scheduled(
        workload,
        "  - {op: get_loops, block: B, out: [i, j]}\n  - {op: fuse, loops: [i, j]}\n",
    );
    assert!(
        printed.contains("vi = T.axis.spatial(16, i_j_fused // 16)"),
        "{printed}"
    );
    assert!(
        printed.contains("T.tvm_fill_fragment(B.data, 16, 16, 16, 0, vi * 16 + vj)"),
        "{printed}"
    );
}

/// `T.call_extern` reads with its dtype and name as strings (it was refused
/// as lowered TIR before).
#[test]
fn call_extern_reads_and_prints_back() {
    let workload = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32")):
    with T.sblock("ext"):
        T.reads(A[0:16])
        T.writes(A[0:16])
        T.call_extern("void", "call_impl", A.data)
"#;
    let printed = tirtui::script::print_func(&read_back(workload));
    assert!(
        printed.contains("        T.call_extern(\"void\", \"call_impl\", A.data)\n"),
        "{printed}"
    );
}

/// Wrong arity and unknown buffer attributes are refused where they are.
#[test]
fn malformed_builtins_are_refused_with_their_span() {
    let bad_arity = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float32")):
    with T.sblock("x"):
        T.tvm_access_ptr(T.type_annotation("float32"), A.data, 0, 16)
"#;
    let e = tirtui::script::parse_func(bad_arity, None).unwrap_err();
    assert!(
        e.to_string()
            .contains("`T.tvm_access_ptr` takes 5 arguments, got 4"),
        "{e}"
    );
    let bad_attr = bad_arity.replace("A.data, 0, 16)", "A.strides, 0, 16, 1)");
    let e = tirtui::script::parse_func(&bad_attr, None).unwrap_err();
    assert!(
        e.to_string()
            .contains("buffer attribute `.strides` is not supported"),
        "{e}"
    );
}

/// The interpreter and lowering have no semantics for builtins: both refuse,
/// naming the builtin, instead of computing something else.
#[test]
fn interpreting_or_lowering_a_builtin_is_refused_by_name() {
    let func = read_back(OPAQUE_ACCESS_LOAD);
    let mut args = tirtui::interp::random_args(&func, 1).unwrap();
    let e = tirtui::interp::run(&func, &mut args).unwrap_err();
    assert!(
        e.to_string()
            .contains("T.tvm_access_ptr cannot be interpreted"),
        "{e}"
    );
    let e = tirtui::lower::lower_program(&func).unwrap_err();
    assert!(
        e.to_string().contains("block \"C\" uses T.tvm_access_ptr"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------
// Tensor intrinsics a workload declares (`TensorIntrin.register`), as
// test_tir_schedule_tensorize.py registers `test_mma_intrin` and the others.

/// test_tir_schedule_tensorize.py: `mma_desc` and `mma_intrin`.
const MMA_INTRIN: &str = r#"
@T.prim_func(s_tir=True)
def mma_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16), align=64, offset_factor=1)
    B = T.match_buffer(b, (16, 16), align=64, offset_factor=1)
    C = T.match_buffer(c, (16, 16), align=64, offset_factor=1)
    with T.sblock("root"):
        T.reads(C[0 : 16, 0 : 16], A[0 : 16, 0 : 16], B[0 : 16, 0 : 16])
        T.writes(C[0 : 16, 0 : 16])
        for i, j, k in T.grid(16, 16, 16):
            with T.sblock("update"):
                vii, vjj, vkk = T.axis.remap("SSR", [i, j, k])
                C[vii, vjj] = C[vii, vjj] + A[vii, vkk] * B[vjj, vkk]

@T.prim_func(s_tir=True)
def mma_intrin(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (16, 16), align=64, offset_factor=1)
    B = T.match_buffer(b, (16, 16), align=64, offset_factor=1)
    C = T.match_buffer(c, (16, 16), align=64, offset_factor=1)
    with T.sblock("root"):
        T.reads(C[0 : 16, 0 : 16], A[0 : 16, 0 : 16], B[0 : 16, 0 : 16])
        T.writes(C[0 : 16, 0 : 16])
        T.evaluate(T.tvm_mma_sync(C.data, C.elem_offset // 256, A.data, A.elem_offset // 256, B.data, B.elem_offset // 256, C.data, C.elem_offset // 256, dtype="handle"))

tirx.TensorIntrin.register("test_mma_intrin", mma_desc, mma_intrin)
"#;

/// test_tir_schedule_tensorize.py: `matmul`, first in the file.
const MATMUL: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    for i, j, k in T.grid(128, 128, 128):
        with T.sblock("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
"#;

const MATMUL_STEPS: &str = "  - {op: get_block, name: update, out: b0}
  - {op: get_loops, block: b0, out: [i, j, k]}
  - {op: split, loop: i, factors: [null, 16], out: [io, ii]}
  - {op: split, loop: j, factors: [null, 16], out: [jo, ji]}
  - {op: split, loop: k, factors: [null, 16], out: [ko, ki]}
  - {op: reorder, ordered_loops: [io, jo, ko, ii, ji, ki]}
  - {op: decompose_reduction, block: b0, loop: ko, out: b1}
";

/// TVM's Tensorize replaces the block's body by the implementation's and
/// binds its buffers to the block's regions (test_tensorize_matmul).
#[test]
fn a_declared_intrinsic_replaces_the_body_with_its_implementation() {
    let workload = format!("{MATMUL}\n{MMA_INTRIN}");
    let steps = format!(
        "{MATMUL_STEPS}  - {{op: tensorize, block_or_loop: ii, tensor_intrin: test_mma_intrin}}\n"
    );
    let printed = scheduled(&workload, &steps);
    for line in [
        "A_1 = T.match_buffer(A[vi_o * 16:vi_o * 16 + 16, vk_o * 16:vk_o * 16 + 16], (16, 16), offset_factor=1)",
        "B_1 = T.match_buffer(B[vj_o * 16:vj_o * 16 + 16, vk_o * 16:vk_o * 16 + 16], (16, 16), offset_factor=1)",
        "C_1 = T.match_buffer(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16], (16, 16), offset_factor=1)",
        "T.tvm_mma_sync(C_1.data, C_1.elem_offset // 256, A_1.data, A_1.elem_offset // 256, B_1.data, B_1.elem_offset // 256, C_1.data, C_1.elem_offset // 256)",
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
    assert!(
        !printed.contains("vkk"),
        "the description's body stays:\n{printed}"
    );
    assert!(!printed.contains("tirtui.tensor_intrin"), "{printed}");
    // The body is builtins now: nothing may run it as the description.
    let func = tirtui::script::parse_func(&workload, None).unwrap();
    let trace = Trace::replay(func, &session(&steps).steps).unwrap();
    let mut args = tirtui::interp::random_args(trace.func(), 1).unwrap();
    let e = tirtui::interp::run(trace.func(), &mut args).unwrap_err();
    assert!(e.to_string().contains("T.tvm_mma_sync"), "{e}");
    let e = tirtui::lower::lower_program(trace.func()).unwrap_err();
    assert!(e.to_string().contains("T.tvm_mma_sync"), "{e}");
}

/// A block that is not the description's computation is refused at the
/// tensorize step, as TVM's comparator refuses it (here: 8x8 tiles).
#[test]
fn a_declared_intrinsic_refuses_a_block_unlike_its_description() {
    let workload = format!("{MATMUL}\n{MMA_INTRIN}");
    let steps = "  - {op: get_block, name: update, out: b0}
  - {op: get_loops, block: b0, out: [i, j, k]}
  - {op: split, loop: i, factors: [null, 8], out: [io, ii]}
  - {op: split, loop: j, factors: [null, 8], out: [jo, ji]}
  - {op: split, loop: k, factors: [null, 8], out: [ko, ki]}
  - {op: reorder, ordered_loops: [io, jo, ko, ii, ji, ki]}
  - {op: decompose_reduction, block: b0, loop: ko, out: b1}
  - {op: tensorize, block_or_loop: ii, tensor_intrin: test_mma_intrin}
";
    let e = fail(&workload, steps);
    assert!(e.contains("test_mma_intrin"), "{e}");
}

/// A dot product whose implementation is plain TIR: the scheduled program
/// runs the implementation (the CPU interpreter), and computes what the
/// original does; an implementation that computes something else is what
/// runs too (the block is never run as its description).
const DOT_WORKLOAD: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 8, 8), "float32"), B: T.Buffer((2, 8, 8), "float32"), C: T.Buffer((2, 8, 8), "float32")):
    for n, i, j, k in T.grid(2, 8, 8, 8):
        with T.sblock("update"):
            vn, vi, vj, vk = T.axis.remap("SSSR", [n, i, j, k])
            with T.init():
                C[vn, vi, vj] = T.float32(0)
            C[vn, vi, vj] = C[vn, vi, vj] + A[vn, vi, vk] * B[vn, vj, vk]

@T.prim_func(s_tir=True)
def dot_desc(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,))
    B = T.match_buffer(b, (4,))
    C = T.match_buffer(c, ())
    with T.sblock("root"):
        T.reads(C[()], A[0 : 4], B[0 : 4])
        T.writes(C[()])
        for i in range(0, 4):
            with T.sblock("update"):
                vi = T.axis.remap("R", [i])
                C[()] = C[()] + A[vi] * B[vi]

@T.prim_func(s_tir=True)
def dot_impl(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, (4,), offset_factor=1)
    B = T.match_buffer(b, (4,), offset_factor=1)
    C = T.match_buffer(c, (), offset_factor=1)
    with T.sblock("root"):
        T.reads(C[()], A[0 : 4], B[0 : 4])
        T.writes(C[()])
        for t in range(4):
            with T.sblock("vec4"):
                vt = T.axis.reduce(4, t)
                C[()] = C[()] + A[vt] * B[SCALE]

T.TensorIntrin.register("plain_dot", "dot_desc", "dot_impl")
"#;

const DOT_STEPS: &str = "  - {op: get_block, name: update, out: b0}
  - {op: get_loops, block: b0, out: [n, i, j, k]}
  - {op: split, loop: k, factors: [null, 4], out: [ko, ki]}
  - {op: tensorize, block_or_loop: ki, tensor_intrin: plain_dot}
";

fn run_dot(
    workload: &str,
) -> (
    Vec<tirtui::interp::Tensor>,
    Vec<tirtui::interp::Tensor>,
    String,
) {
    let func = tirtui::script::parse_func(workload, None)
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic("w.tir", workload).render()));
    let trace = Trace::replay(func.clone(), &session(DOT_STEPS).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let printed = tirtui::script::print_func(trace.func());
    let mut expected = tirtui::interp::random_args(&func, 3).unwrap();
    let mut got = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    tirtui::interp::run(trace.func(), &mut got).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    (expected, got, printed)
}

#[test]
fn a_plain_implementation_runs_and_computes_what_the_original_does() {
    let (expected, got, printed) = run_dot(&DOT_WORKLOAD.replace("B[SCALE]", "B[vt]"));
    assert!(printed.contains("with T.block(\"vec4\")"), "{printed}");
    for (e, g) in expected.iter().zip(&got) {
        assert!(g.max_rel_err(e) <= 1e-5, "results differ:\n{printed}");
    }
    // Bound to threads, it lowers to CUDA like any loop nest.
    let workload = DOT_WORKLOAD.replace("B[SCALE]", "B[vt]");
    let bound = format!(
        "{DOT_STEPS}  - {{op: bind, loop: n, thread_axis: blockIdx.x}}\n  - {{op: bind, loop: i, thread_axis: threadIdx.x}}\n"
    );
    let func = tirtui::script::parse_func(&workload, None).unwrap();
    let trace = Trace::replay(func, &session(&bound).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let cuda = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    let source = &cuda.kernel.source;
    assert!(source.contains("t < 4"), "{source}");
    // The implementation is what runs: one that reads B[0] differs.
    let (expected, got, printed) = run_dot(&DOT_WORKLOAD.replace("B[SCALE]", "B[0]"));
    let differs = expected
        .iter()
        .zip(&got)
        .any(|(e, g)| g.max_rel_err(e) > 1e-3);
    assert!(differs, "the block ran as its description:\n{printed}");
}

/// The declarations are checked when the file is read, with the culprit's span.
#[test]
fn malformed_declarations_are_refused_when_the_file_is_read() {
    let plain = DOT_WORKLOAD.replace("B[SCALE]", "B[vt]");
    let cases = [
        (
            plain.replace("\"dot_impl\")", "\"no_such\")"),
            "no function named `no_such`",
        ),
        (
            plain.replace(
                "T.TensorIntrin.register(\"plain_dot\", \"dot_desc\", \"dot_impl\")",
                "T.TensorIntrin.register(\"plain_dot\", dot_desc, dot_impl)\nT.TensorIntrin.register(\"plain_dot\", dot_desc, dot_impl)",
            ),
            "registered twice",
        ),
        (
            plain.replace("(\"plain_dot\", \"dot_desc\", \"dot_impl\")", "(\"plain_dot\", \"dot_desc\")"),
            "takes 3 arguments",
        ),
        (
            plain.replace("A = T.match_buffer(a, (4,), offset_factor=1)", "A = T.match_buffer(a, (8,), offset_factor=1)"),
            "differs from the description's",
        ),
        (
            plain.replace("T.reads(C[()], A[0 : 4], B[0 : 4])\n        T.writes(C[()])\n        for t", "T.reads(C[()], A[0 : 4])\n        T.writes(C[()])\n        for t"),
            "declares no region of `B`",
        ),
    ];
    for (text, want) in cases {
        let e = tirtui::script::parse_func(&text, None).unwrap_err();
        let shown = e.to_diagnostic("w.tir", &text).render();
        assert!(shown.contains(want), "want `{want}` in\n{shown}");
    }
}

/// An unknown name lists the declared intrinsics too, and how to declare one.
#[test]
fn an_unknown_intrinsic_names_the_declared_ones() {
    let workload = DOT_WORKLOAD.replace("B[SCALE]", "B[vt]");
    let steps = DOT_STEPS.replace("tensor_intrin: plain_dot", "tensor_intrin: plain_dott");
    let e = fail(&workload, &steps);
    assert!(
        e.contains("no tensor intrinsic named `plain_dott`; tirtui knows plain_dot, "),
        "{e}"
    );
    assert!(e.contains("TensorIntrin.register"), "{e}");
}

// ---------------------------------------------------------------------------
// Unsigned types and TVM's bitwise operators (test_tensorize_dp4a#s4 uses
// uint32, test_tensorize_arith_simplification `>>`, `<<` and `&`).

/// test_tir_schedule_tensorize.py: `decode_i4s_to_f16_desc` and `_impl`, as TVM prints them.
const DECODE_INTRIN: &str = r#"
@T.prim_func(s_tir=True)
def decode_desc(compressed: T.handle, decompressed: T.handle):
    Compressed = T.match_buffer(compressed, (1,), "int32", scope="local")
    Decompressed = T.match_buffer(decompressed, (8,), "float16", scope="local")
    with T.sblock("root"):
        T.reads(Compressed[0:1])
        T.writes(Decompressed[0:8])
        for i in range(8):
            with T.sblock("decode"):
                vi = T.axis.spatial(8, i)
                T.reads(Compressed[vi // 8])
                T.writes(Decompressed[vi])
                Decompressed[vi] = T.Cast("float16", (Compressed[vi // 8] >> vi % 8 * 4 & 15) << 28 >> 28)

@T.prim_func(s_tir=True)
def decode_impl(compressed: T.handle, decompressed: T.handle):
    Compressed = T.match_buffer(compressed, (1,), "int32", scope="local")
    Decompressed = T.match_buffer(decompressed, (8,), "float16", scope="local")
    with T.sblock("root"):
        T.reads(Compressed[0:1])
        T.writes(Decompressed[0:8])
        T.call_extern("handle", "test_decode_i4s_to_f16", Compressed.data, Decompressed.data, 8)

T.TensorIntrin.register("test_decode_i4s_to_f16_intrin", decode_desc, decode_impl)
"#;

/// test_tensorize_arith_simplification's workload, in TVM's call spelling.
const DECODE_WORKLOAD: &str = r#"
@T.prim_func(s_tir=True)
def main():
    B_decode_local = T.sblock_alloc_buffer((16384, 16384), "float16", scope="local")
    B_local = T.sblock_alloc_buffer((16384, 2048), "int32", scope="local")
    for ax0_0 in T.thread_binding(8192, thread="blockIdx.x"):
        for ax0_1 in T.thread_binding(2, thread="threadIdx.y"):
            for ax1_0 in range(32):
                for ax1_1 in T.thread_binding(64, thread="threadIdx.x"):
                    for ax0, ax1 in T.grid(1, 8):
                        with T.sblock("B_decode_local"):
                            v0 = T.axis.spatial(16384, ax0_0 * 2 + ax0_1 + ax0)
                            v1 = T.axis.spatial(16384, ax1_0 * 512 + ax1_1 * 8 + ax1)
                            T.reads(B_local[v0, v1 // 8])
                            T.writes(B_decode_local[v0, v1])
                            B_decode_local[v0, v1] = T.Cast("float16", T.shift_right(T.shift_left(T.bitwise_and(T.shift_right(B_local[v0, v1 // 8], v1 % 8 * 4), 15), 28), 28))
"#;

/// TVM prints its bitwise calls as Python operators with Python's precedence;
/// tirtui reads both spellings and prints TVM's.
#[test]
fn bitwise_operators_print_as_tvm_prints_them() {
    let printed = tirtui::script::print_func(&read_back(DECODE_WORKLOAD));
    assert!(
        printed
            .contains("T.Cast(\"float16\", (B_local[v0, v1 // 8] >> v1 % 8 * 4 & 15) << 28 >> 28)"),
        "{printed}"
    );
    let mixed = r#"
@T.prim_func
def main(A: T.Buffer((8,), "uint32"), B: T.Buffer((8,), "uint32")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            B[vi] = (A[vi] | T.uint32(1)) & ~A[vi] ^ A[vi] >> T.uint32(1) | (A[vi] ^ A[vi]) & A[vi]
"#;
    let printed = tirtui::script::print_func(&read_back(mixed));
    assert!(
        printed.contains("B[vi] = (A[vi] | T.uint32(1)) & ~A[vi] ^ A[vi] >> T.uint32(1) | (A[vi] ^ A[vi]) & A[vi]"),
        "{printed}"
    );
    for (bad, want) in [
        ("A[vi] & T.float32(1)", "needs integer operands"),
        (
            "T.Cast(\"uint32\", T.float32(1) >> 2)",
            "needs integer operands",
        ),
    ] {
        let text = mixed.replace(
            "(A[vi] | T.uint32(1)) & ~A[vi] ^ A[vi] >> T.uint32(1) | (A[vi] ^ A[vi]) & A[vi]",
            bad,
        );
        let e = tirtui::script::parse_func(&text, None).unwrap_err();
        assert!(e.to_string().contains(want), "{bad}: {e}");
    }
}

/// One element-wise block computing `expr` of `A` into `B`.
fn elementwise(a: &str, b: &str, expr: &str) -> tirtui::ir::PrimFunc {
    let text = format!(
        "@T.prim_func\ndef main(A: T.Buffer((4,), \"{a}\"), B: T.Buffer((4,), \"{b}\")):\n    for i in range(4):\n        with T.block(\"B\"):\n            vi = T.axis.spatial(4, i)\n            B[vi] = {expr}\n"
    );
    read_back(&text)
}

fn interpret(func: &tirtui::ir::PrimFunc, input: &[f64]) -> Result<Vec<f64>, String> {
    use tirtui::interp::Tensor;
    let dtypes: Vec<_> = func
        .param_buffers()
        .iter()
        .map(|b| func.buffer(*b).dtype)
        .collect();
    let mut args = vec![
        Tensor::from_f64(dtypes[0], &[4], input),
        Tensor::from_f64(dtypes[1], &[4], &[0.0; 4]),
    ];
    tirtui::interp::run(func, &mut args).map_err(|e| e.to_string())?;
    Ok(args[1].to_f64_vec())
}

/// (input dtype, output dtype, expression, inputs, expected outputs).
type BitCase = (&'static str, &'static str, &'static str, [f64; 4], [f64; 4]);

/// C's semantics: wrapping to the width, arithmetic `>>` for signed types,
/// logical for unsigned ones; out-of-range shifts and uint64 are refused.
#[test]
fn bitwise_operators_interpret_as_c_does() {
    let cases: [BitCase; 6] = [
        (
            "int8",
            "int8",
            "A[vi] >> T.int8(1)",
            [-8.0, -1.0, 7.0, 127.0],
            [-4.0, -1.0, 3.0, 63.0],
        ),
        (
            "uint8",
            "uint8",
            "A[vi] >> T.uint8(1)",
            [200.0, 255.0, 1.0, 0.0],
            [100.0, 127.0, 0.0, 0.0],
        ),
        (
            "int8",
            "int8",
            "A[vi] << T.int8(1)",
            [64.0, -65.0, 3.0, 0.0],
            [-128.0, 126.0, 6.0, 0.0],
        ),
        (
            "uint8",
            "uint8",
            "~A[vi]",
            [0.0, 255.0, 15.0, 1.0],
            [255.0, 0.0, 240.0, 254.0],
        ),
        (
            "int32",
            "int32",
            "~A[vi] & 255 | A[vi] ^ 1",
            [0.0, -1.0, 5.0, 256.0],
            [255.0, -2.0, 254.0, 511.0],
        ),
        (
            "uint32",
            "uint32",
            "A[vi] >> T.uint32(31) << T.uint32(1)",
            [4294967295.0, 2147483648.0, 5.0, 0.0],
            [2.0, 2.0, 0.0, 0.0],
        ),
    ];
    for (a, b, expr, input, want) in cases {
        let got =
            interpret(&elementwise(a, b, expr), &input).unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert_eq!(got, want, "{expr} on {a}");
    }
    let e = interpret(&elementwise("int32", "int32", "A[vi] << 32"), &[1.0; 4]).unwrap_err();
    assert!(e.contains("shift of a int32 by 32"), "{e}");
    let e = interpret(
        &elementwise("int32", "int32", "A[vi] >> (A[vi] - 2)"),
        &[1.0; 4],
    )
    .unwrap_err();
    assert!(e.contains("by -1"), "{e}");
    let e = interpret(
        &elementwise("uint64", "uint64", "A[vi] >> T.uint64(1)"),
        &[1.0; 4],
    )
    .unwrap_err();
    assert!(
        e.contains("uint64, which the interpreter cannot compute"),
        "{e}"
    );
}

/// CUDA gets C's operators on C's unsigned types.
#[test]
fn bitwise_operators_lower_to_cuda() {
    let func = elementwise(
        "uint32",
        "uint16",
        "T.Cast(\"uint16\", (A[vi] >> T.uint32(3) & T.uint32(255)) ^ ~A[vi])",
    );
    let steps = "  - {op: get_block, name: B, out: b}
  - {op: get_loops, block: b, out: [i]}
  - {op: bind, loop: i, thread_axis: threadIdx.x}
";
    let trace = Trace::replay(func, &session(steps).steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic("case").render()));
    let cuda = tirtui::codegen::generate(trace.func()).unwrap_or_else(|e| panic!("{e}"));
    let source = &cuda.kernel.source;
    assert!(source.contains("unsigned int* __restrict__ A"), "{source}");
    assert!(source.contains("unsigned short"), "{source}");
    assert!(
        source.contains("((A[((int)threadIdx.x)] >> 3) & 255) ^ (~A[((int)threadIdx.x)])"),
        "{source}"
    );
    assert!(source.contains("(~A[((int)threadIdx.x)])"), "{source}");
}

/// test_tensorize_arith_simplification: the description indexes by `vi`,
/// the block by `(v1_o * 8 + v1_i) % 8`: equal over the iterators' ranges,
/// as TVM's comparator finds with its analyzer.
#[test]
fn tensorize_matches_indices_equal_over_the_ranges() {
    let workload = format!("{DECODE_WORKLOAD}\n{DECODE_INTRIN}");
    let steps = "  - {op: get_block, name: B_decode_local, out: b}
  - {op: get_loops, block: b, out: [l0, l1, l2, l3, l4, l5]}
  - {op: tensorize, block_or_loop: l5, tensor_intrin: test_decode_i4s_to_f16_intrin}
";
    let printed = scheduled(&workload, steps);
    for line in [
        "Compressed = T.match_buffer(B_local[v0_o, v1_o], (1,), \"int32\", scope=\"local\")",
        "Decompressed = T.match_buffer(B_decode_local[v0_o, v1_o * 8:v1_o * 8 + 8], (8,), \"float16\", scope=\"local\")",
        "T.call_extern(\"handle\", \"test_decode_i4s_to_f16\", Compressed.data, Decompressed.data, 8)",
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
}

/// test_tensorize_matmul_mixed_dtype: an int64-indexed block; TVM normalizes
/// the intrinsic to int64 indices (shapes and `elem_offset // T.int64(256)`).
#[test]
fn an_int64_indexed_block_gets_int64_impl_indices() {
    let workload = format!(
        "{}\n{MMA_INTRIN}",
        r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((T.int64(128), T.int64(128)), "float32"), B: T.Buffer((T.int64(128), T.int64(128)), "float32"), C: T.Buffer((T.int64(128), T.int64(128)), "float32")):
    for i_0, j_0 in T.grid(T.int64(8), T.int64(8)):
        for i_1_init, j_1_init in T.grid(T.int64(16), T.int64(16)):
            with T.sblock("init"):
                vi = T.axis.spatial(T.int64(128), i_0 * T.int64(16) + i_1_init)
                vj = T.axis.spatial(T.int64(128), j_0 * T.int64(16) + j_1_init)
                C[vi, vj] = T.float32(0)
        for k_0, i_1, j_1, k_1 in T.grid(T.int64(8), T.int64(16), T.int64(16), T.int64(16)):
            with T.sblock("update"):
                vi = T.axis.spatial(T.int64(128), i_0 * T.int64(16) + i_1)
                vj = T.axis.spatial(T.int64(128), j_0 * T.int64(16) + j_1)
                vk = T.axis.reduce(T.int64(128), k_0 * T.int64(16) + k_1)
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
"#
    );
    let steps = "  - {op: get_block, name: update, out: b0}
  - {op: get_loops, block: b0, out: [l1, l2, l3, l4, l5, l6]}
  - {op: tensorize, block_or_loop: l4, tensor_intrin: test_mma_intrin}
";
    let printed = scheduled(&workload, steps);
    for line in [
        "A_1 = T.match_buffer(A[vi_o * T.int64(16):vi_o * T.int64(16) + T.int64(16), vk_o * T.int64(16):vk_o * T.int64(16) + T.int64(16)], (T.int64(16), T.int64(16)), offset_factor=1)",
        "T.tvm_mma_sync(C_1.data, C_1.elem_offset // T.int64(256), A_1.data, A_1.elem_offset // T.int64(256)",
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
}

/// TVM 0.27 prints a `"handle"` result type of `T.call_extern` as
/// `T.handle().ty` (test_tensorize_arith_simplification's impl, as TVM
/// prints it); it reads as `"handle"`.
#[test]
fn call_extern_reads_tvms_handle_type_spelling() {
    let text = DECODE_INTRIN.replace(
        "T.call_extern(\"handle\", \"test_decode_i4s_to_f16\"",
        "T.call_extern(T.handle().ty, \"test_decode_i4s_to_f16\"",
    );
    let workload = format!("{DECODE_WORKLOAD}\n{text}");
    let steps = "  - {op: get_block, name: B_decode_local, out: b}
  - {op: get_loops, block: b, out: [l0, l1, l2, l3, l4, l5]}
  - {op: tensorize, block_or_loop: l5, tensor_intrin: test_decode_i4s_to_f16_intrin}
";
    let printed = scheduled(&workload, steps);
    assert!(
        printed.contains("T.call_extern(\"handle\", \"test_decode_i4s_to_f16\", Compressed.data, Decompressed.data, 8)"),
        "{printed}"
    );
}
