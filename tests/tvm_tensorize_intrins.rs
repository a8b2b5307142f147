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
