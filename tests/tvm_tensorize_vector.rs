//! TVM 0.27's test_tir_schedule_tensorize.py cases whose intrinsics' impls
//! use vector values (issue 28): vector let types (`T.int8x4`), `T.Ramp`
//! indices, stores to a slice, `T.Broadcast`, `T.reinterpret`,
//! `T.vectorlow`/`T.vectorhigh`, `T.call_llvm_pure_intrin` and
//! `T.call_pure_extern("int32", "__dp4a", ...)`; and annotation booleans as
//! TVM prints them. Each case under `tests/data/tvm_tensorize_vector/` holds
//! the workload and session the conformance runner wrote and TVM's program
//! (`expected.tir`, TVM's `main`): tirtui must print exactly that program.
//! The vector builtins have no semantics here: the interpreter and lowering
//! refuse them, naming the builtin and the block.

use std::path::{Path, PathBuf};
use tirtui::trace::{Session, Trace};

fn case_dir(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tvm_tensorize_vector")
        .join(case)
}

/// The case's session replayed: the scheduled program.
#[track_caller]
fn replay(case: &str) -> tirtui::ir::PrimFunc {
    let path = case_dir(case).join("session.yaml");
    let session = Session::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let (name, text) = session.workload_source(Some(&path)).unwrap();
    let func = tirtui::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    let trace = Trace::replay(func, &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{}", e.to_diagnostic(case).render()));
    trace.func().clone()
}

/// TVM's text with TVM 0.25+'s block names written as tirtui writes them.
fn tvm_text(text: &str) -> String {
    text.replace("T.sblock_alloc_buffer(", "T.alloc_buffer(")
        .replace("T.sblock_attr(", "T.block_attr(")
        .replace("T.sblock(", "T.block(")
        .trim_end()
        .to_string()
}

/// The function as tirtui prints it, from `def` to its last line.
fn printed_main(func: &tirtui::ir::PrimFunc) -> String {
    let printed = tirtui::script::print_func(func);
    let start = printed.find("\ndef ").map_or(0, |i| i + 1);
    printed[start..].trim_end().to_string()
}

/// The printed program reads back to itself.
#[track_caller]
fn reads_back(printed: &str) {
    let again = tirtui::script::parse_func(printed, None)
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic("printed", printed).render()));
    let full = tirtui::script::print_func(&again);
    assert!(full.trim_end().ends_with(printed.trim_end()), "{full}");
}

const VECTOR_CASES: [&str; 11] = [
    "vnni_s0",
    "avx512_s0",
    "arm_dot_s0",
    "arm_dot_s1",
    "vrmpy_s0",
    "vdmpy_s0",
    "dp4a_s0",
    "dp4a_s1",
    "dp4a_s2",
    "dp4a_s3",
    "dp4a_s4",
];

/// tensorize with each vector intrinsic gives TVM's exact program.
#[test]
fn tensorize_with_vector_intrinsics_gives_tvms_program() {
    for case in VECTOR_CASES {
        let func = replay(case);
        let expected = std::fs::read_to_string(case_dir(case).join("expected.tir")).unwrap();
        let got = printed_main(&func);
        assert_eq!(got, tvm_text(&expected), "{case}");
        reads_back(&tirtui::script::print_func(&func));
    }
}

/// The two annotation cases differ from TVM only by `True` (a Python bool,
/// which TVM prints bare) against `T.bool(True)`.
#[test]
fn annotation_booleans_print_as_tvm_prints_them() {
    for case in ["with_annotation_s0", "intrinsic_with_annotation_s0"] {
        let func = replay(case);
        let expected = std::fs::read_to_string(case_dir(case).join("expected.tir")).unwrap();
        let got = printed_main(&func);
        assert!(
            got.contains(r#"T.block_attr({"test_annotation": True})"#),
            "{got}"
        );
        assert_eq!(got, tvm_text(&expected), "{case}");
    }
    // TVM keeps `True` and `T.bool(True)` apart (another value each): both
    // print back as written, in function attributes, block and loop
    // annotations.
    let src = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "float32")):
    T.func_attr({"tir.noalias": T.bool(True), "x": True})
    for i in T.serial(4, annotations={"f": True, "g": T.bool(False)}):
        with T.sblock("b"):
            vi = T.axis.spatial(4, i)
            T.reads()
            T.writes(A[vi])
            T.sblock_attr({"a": T.bool(True), "b": True, "c": False})
            A[vi] = T.float32(1.0)
"#;
    let func = tirtui::script::parse_func(src, None).unwrap();
    let printed = tirtui::script::print_func(&func);
    for line in [
        r#"T.func_attr({"tir.noalias": T.bool(True), "x": True})"#,
        r#"for i in T.serial(4, annotations={"f": True, "g": T.bool(False)}):"#,
        r#"T.block_attr({"a": T.bool(True), "b": True, "c": False})"#,
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
    reads_back(&printed);
}

/// The scheduled programs are never run or lowered as if the tensorized
/// block were its description: the interpreter and lowering refuse the
/// implementation's builtin, naming it and the block.
#[test]
fn vector_intrinsics_are_refused_by_the_interpreter_and_lowering() {
    let expect = [
        ("vnni_s0", "T.Ramp"),
        ("arm_dot_s1", "T.Ramp"),
        ("dp4a_s0", "T.call_llvm_pure_intrin(\"llvm.amdgcn.sdot4\")"),
        ("dp4a_s1", "T.call_pure_extern(\"__dp4a\")"),
        ("dp4a_s4", "T.call_pure_extern(\"__dp4a\")"),
    ];
    for (case, what) in expect {
        let func = replay(case);
        let mut args = tirtui::interp::random_args(&func, 1).unwrap();
        let e = tirtui::interp::run(&func, &mut args)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!(
                "block \"compute_update_o\": {what} cannot be interpreted"
            )),
            "{case}: {e}"
        );
        let e = tirtui::lower::lower_program(&func).unwrap_err().to_string();
        assert!(
            e.contains(&format!("block \"compute_update_o\" uses {what}")),
            "{case}: {e}"
        );
        let e = tirtui::codegen::generate(&func).unwrap_err().to_string();
        assert!(e.contains(what), "{case}: {e}");
    }
}

/// A function of vector statements as TVM prints it (checked against TVM
/// 0.27: it prints this text back, structurally equal to tirtui's).
const VECTORS: &str = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "int8"), C: T.Buffer((4,), "int32")):
    for i in range(1):
        with T.sblock("b"):
            vi = T.axis.spatial(1, i)
            T.reads(A[0:16], C[0:4])
            T.writes(C[0:4])
            va: T.int8x16 = A[T.Ramp(0, 1, 16)]
            wa: T.int32x4 = T.reinterpret("int32x4", va)
            lo: T.int8x8 = T.vectorlow("int8x8", va)
            C[0:4] = wa + C[T.Ramp(0, 1, 4)]
            C[0:4:2] = T.Broadcast(T.int32(1), 2)
            C[1] = T.call_pure_extern("int32", "__dp4a", A[T.Ramp(0, 1, 4)], A[T.Ramp(4, 1, 4)], 0)
"#;

#[test]
fn vector_statements_print_back_as_tvm_prints_them() {
    let func = tirtui::script::parse_func(VECTORS, None)
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic("v.tir", VECTORS).render()));
    let printed = tirtui::script::print_func(&func);
    for line in [
        "va: T.int8x16 = A[T.Ramp(0, 1, 16)]",
        "wa: T.int32x4 = T.reinterpret(\"int32x4\", va)",
        "lo: T.int8x8 = T.vectorlow(\"int8x8\", va)",
        "C[0:4] = wa + C[T.Ramp(0, 1, 4)]",
        // TVM prints an int32 literal bare, a stride other than 1 after the stop.
        "C[0:4:2] = T.Broadcast(1, 2)",
        "C[1] = T.call_pure_extern(\"int32\", \"__dp4a\", A[T.Ramp(0, 1, 4)], A[T.Ramp(4, 1, 4)], 0)",
    ] {
        assert!(printed.contains(line), "missing `{line}` in\n{printed}");
    }
    reads_back(&printed);
}

/// Without `T.reads`, the regions a `T.Ramp` index touches are its lanes'
/// span, as TVM's detector evaluates it (`A[0:16]`, not all of `A` nor a point).
#[test]
fn ramp_accesses_give_the_span_of_their_lanes() {
    let src = VECTORS
        .replace("            T.reads(A[0:16], C[0:4])\n", "")
        .replace("            T.writes(C[0:4])\n", "")
        .replace("A: T.Buffer((16,)", "A: T.Buffer((32,)");
    let func = tirtui::script::parse_func(&src, None).unwrap();
    let printed = tirtui::script::print_func(&func);
    assert!(printed.contains("T.reads(A[0:16], C[0:4])"), "{printed}");
    assert!(printed.contains("T.writes(C[0:4])"), "{printed}");
}

/// Vector values that TVM's IR would not build are refused when the file is
/// read, at the culprit, saying why.
#[test]
fn malformed_vector_values_are_refused_with_their_span() {
    let cases = [
        (
            "va: T.int8x16 = A[T.Ramp(0, 1, 16)]",
            "va: T.int8x8 = A[T.Ramp(0, 1, 16)]",
            "the value is int8x16, the variable is declared int8x8",
        ),
        (
            "T.Ramp(0, 1, 16)",
            "T.Ramp(0, 1, 1)",
            "`T.Ramp` with 1 lanes: TVM takes 2 to 65535",
        ),
        (
            "T.Ramp(0, 1, 16)",
            "T.Ramp(0, 1, 65536)",
            "`T.Ramp` with 65536 lanes",
        ),
        (
            "T.reinterpret(\"int32x4\", va)",
            "T.reinterpret(\"int32x2\", va)",
            "`T.reinterpret` to int32x2 (64 bits) of a value of 128 bits",
        ),
        (
            "T.reinterpret(\"int32x4\", va)",
            "T.reinterpret(\"int32x0\", va)",
            "unknown dtype `int32x0`",
        ),
        (
            "C[0:4] = wa + C[T.Ramp(0, 1, 4)]",
            "C[0:4] = wa + 1",
            "have 4 and 1 lanes",
        ),
        (
            "C[0:4] = wa + C[T.Ramp(0, 1, 4)]",
            "C[0:2] = wa",
            "storing a int32x4 value where the indices take int32x2",
        ),
        (
            "C[0:4] = wa + C[T.Ramp(0, 1, 4)]",
            "C[0:4] = T.bitwise_not(wa)",
            "`T.bitwise_not` of a 4-lane vector",
        ),
        (
            "T.vectorlow(\"int8x8\", va)",
            "T.vectorlow(\"int8x4\", va)",
            "the result has half the lanes",
        ),
        (
            "C[0:4] = wa + C[T.Ramp(0, 1, 4)]",
            "C[0:4] = T.Cast(\"int32\", va)",
            "a cast to int32 of a 16-lane vector",
        ),
    ];
    for (from, to, why) in cases {
        assert!(VECTORS.contains(from), "{from}");
        let src = VECTORS.replacen(from, to, 1);
        let e = tirtui::script::parse_func(&src, None).expect_err(to);
        let text = e.to_diagnostic("v.tir", &src).render();
        assert!(text.contains(why), "{to}: {text}");
        // The message points at the line written.
        let line = src.lines().position(|l| l.contains(to)).unwrap() + 1;
        assert!(text.contains(&format!("v.tir:{line}:")), "{to}: {text}");
    }
    // Only the last index of an access may be a vector (TVM's check).
    let src = r#"
@T.prim_func(s_tir=True)
def main(B: T.Buffer((4, 4), "int8"), C: T.Buffer((4,), "int8")):
    with T.sblock("b"):
        T.reads(B[0:4, 0])
        T.writes(C[0:4])
        C[0:4] = B[T.Ramp(0, 1, 4), 0]
"#;
    let e = tirtui::script::parse_func(src, None).unwrap_err();
    let text = e.to_diagnostic("v.tir", src).render();
    assert!(text.contains("only the last index"), "{text}");
}

/// A vector function is not executable here: asked to run it, the
/// interpreter refuses before computing anything (the first builtin, in
/// its block), rather than compute the lanes as scalars.
#[test]
fn a_vector_store_is_never_interpreted_as_a_scalar_one() {
    let src = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    with T.sblock("copy"):
        T.reads(A[0:4])
        T.writes(C[0:4])
        C[0:4] = A[T.Ramp(0, 1, 4)]
"#;
    let func = tirtui::script::parse_func(src, None).unwrap();
    let mut args = tirtui::interp::random_args(&func, 1).unwrap();
    let e = tirtui::interp::run(&func, &mut args)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("block \"copy\": T.Ramp cannot be interpreted"),
        "{e}"
    );
}

/// `align=` of an intrinsic's buffers is kept and printed back (TVM's
/// `data_alignment`; 64, its default, prints as nothing).
#[test]
fn buffer_alignment_prints_back() {
    let src = r#"
@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "int8", scope="shared", align=4, offset_factor=1), B: T.Buffer((4,), "int8", align=64)):
    with T.sblock("b"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        for i in range(4):
            B[i] = A[i]
"#;
    let func = tirtui::script::parse_func(src, None).unwrap();
    let printed = tirtui::script::print_func(&func);
    assert!(
        printed.contains(r#"(4,), "int8", scope="shared", align=4, offset_factor=1)"#),
        "{printed}"
    );
    assert!(!printed.contains("align=64"), "{printed}");
    reads_back(&printed);
}
