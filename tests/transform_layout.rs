//! transform_layout (TVM's index-map lambda): the program TVM 0.27 prints for
//! the same step, the result unchanged (interpreter, and lowered on the SIMT
//! simulator), and bad maps refused with the spot marked.
//!
//! tests/data/transform_layout/tvm_*.txt are TVM 0.27's own output
//! (`sch.mod["main"].script()` after the same `sch.transform_layout(...)`).

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

fn workload(rows: usize) -> String {
    format!(
        r#"
@T.prim_func
def main(A: T.Buffer(({rows}, 64), "float32"), C: T.Buffer(({rows}, 64), "float32")):
    B = T.alloc_buffer(({rows}, 64))
    for i, j in T.grid({rows}, 64):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)
    for i, j in T.grid({rows}, 64):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = B[vi, vj] + T.float32(1)
"#
    )
}

const GEMM: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    for i, j, k in T.grid(64, 64, 64):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

fn replay(src: &str, steps: &str) -> Result<Trace, String> {
    let yaml = format!("tirtui: 1\nworkload: unused.tir\nsteps:\n{steps}");
    let session = Session::from_yaml(&yaml, "case.yaml").map_err(|e| e.to_string())?;
    let func = tirtui::script::parse_func(src, None).unwrap();
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn ok(src: &str, steps: &str) -> PrimFunc {
    replay(src, steps)
        .unwrap_or_else(|e| panic!("{e}"))
        .func()
        .clone()
}

/// TVM 0.27's text in tirtui's (classic) spelling.
fn tvm_text(name: &str) -> String {
    let raw =
        std::fs::read_to_string(format!("tests/data/transform_layout/tvm_{name}.txt")).unwrap();
    raw.replace("T.sblock_alloc_buffer(", "T.alloc_buffer(")
        .replace("T.sblock(", "T.block(")
        .replace("@T.prim_func(s_tir=True)", "@T.prim_func")
        .replace(
            "# from tvm.script import tirx as T",
            "# from tvm.script import tir as T",
        )
        .replace("# from tvm.tirx.layout import Axis\n", "")
}

const TILE: &str = "  - {op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (i // 16, j // 16, i % 16, j % 16)\"}\n";

#[test]
fn tiling_prints_as_tvm() {
    let f = ok(&workload(64), TILE);
    assert_eq!(
        tirtui::script::print_func(&f).trim(),
        tvm_text("tile").trim()
    );
}

#[test]
fn padding_rewrites_the_writer_as_tvm() {
    let f = ok(
        &workload(60),
        "  - {op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (i // 16, j // 16, i % 16, j % 16)\", pad_value: 0.0}\n",
    );
    assert_eq!(
        tirtui::script::print_func(&f).trim(),
        tvm_text("pad").trim()
    );
    // TVM's printed spelling of the pad value reads back too.
    let g = ok(
        &workload(60),
        "  - {op: transform_layout, block: B, buffer: B, index_map: \"lambda i, j: (i // 16, j // 16, i % 16, j % 16,)\", pad_value: \"lambda a, b, c, d: (T.float32(0.0),)\"}\n",
    );
    assert_eq!(
        tirtui::script::print_func(&f),
        tirtui::script::print_func(&g)
    );
}

/// The interpreter gives the same outputs before and after.
#[track_caller]
fn same_result(src: &str, steps: &str) {
    let before = tirtui::script::parse_func(src, None).unwrap();
    let after = ok(src, steps);
    let mut want = interp::random_args(&before, 3).unwrap();
    let mut got = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(&after, &mut got).unwrap();
    assert_eq!(got, want, "{steps}");
}

#[test]
fn the_result_does_not_change() {
    same_result(&workload(64), TILE);
    same_result(
        &workload(64),
        "  - {op: transform_layout, block: C, buffer: [read, 0], index_map: \"lambda i, j: (j, i)\"}\n",
    );
    same_result(
        &workload(60),
        "  - {op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (i // 16, j // 16, i % 16, j % 16)\", pad_value: 0.0}\n",
    );
    // The ldmatrix fragment layout the MMA path uses (TVM's
    // shared_16x16_to_ldmatrix_32x8_layout on each 16x16 tile), written out.
    same_result(
        &workload(64),
        "  - {op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (i // 16, j // 16, i % 16 % 8 * 4 + j % 16 % 8 // 2, j % 16 // 8 * 4 + i % 16 // 8 * 2 + j % 16 % 2)\"}\n",
    );
    // A swizzle: each row's 8-element groups rotated by the row (TVM needs
    // assume_injective_transform here, as its affine analysis cannot invert it).
    same_result(
        &workload(64),
        "  - {op: transform_layout, block: C, buffer: [read, 0], index_map: \"lambda i, j: (i, j // 8, (j % 8 + i) % 8)\", assume_injective_transform: true}\n",
    );
}

#[test]
fn a_swizzled_shared_tile_lowers_and_computes_the_same() {
    // GEMM with A staged in shared memory per 16x16 block of C, its layout
    // swizzled; lowered and run on the SIMT simulator.
    let steps = "  - {op: get_loops, block: C, out: [i, j, k]}
  - {op: split, loop: i, factors: [null, 16], out: [i0, i1]}
  - {op: split, loop: j, factors: [null, 16], out: [j0, j1]}
  - {op: reorder, ordered_loops: [i0, j0, i1, j1]}
  - {op: bind, loop: i0, thread_axis: blockIdx.y}
  - {op: bind, loop: j0, thread_axis: blockIdx.x}
  - {op: bind, loop: i1, thread_axis: threadIdx.y}
  - {op: bind, loop: j1, thread_axis: threadIdx.x}
  - {op: cache_read, block: C, read_buffer_index: 0, storage_scope: shared, out: As}
  - {op: compute_at, block: As, loop: j0}
  - {op: transform_layout, block: As, buffer: [write, 0], index_map: \"lambda i, k: (i, k // 8, (k % 8 + i) % 8)\", assume_injective_transform: true}
  - {op: get_loops, block: As, out: [a0, a1, a2, a3]}
  - {op: fuse, loops: [a2, a3], out: af}
  - {op: split, loop: af, factors: [null, 16, 16], out: [f0, fy, fx]}
  - {op: bind, loop: fy, thread_axis: threadIdx.y}
  - {op: bind, loop: fx, thread_axis: threadIdx.x}
";
    let workload = tirtui::script::parse_func(GEMM, None).unwrap();
    let scheduled = ok(GEMM, steps);
    let text = tirtui::script::print_func(&scheduled);
    assert!(
        text.contains("A_shared = T.alloc_buffer((64, 8, 8), scope=\"shared\")"),
        "{text}"
    );
    let mut want = interp::random_args(&workload, 11).unwrap();
    let mut got = want.clone();
    interp::run(&workload, &mut want).unwrap();
    let lowered = tirtui::lower::lower_program(&scheduled).unwrap_or_else(|e| panic!("{e}"));
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap();
    for (g, e) in got.iter().zip(&want) {
        assert!(g.max_rel_err(e) <= 1e-5, "lowered program differs");
    }
    let cuda = tirtui::codegen::emit_program(&lowered)
        .unwrap()
        .kernel
        .source;
    // Compacted to the block's 16 rows.
    assert!(cuda.contains("float A_shared[1024];"), "{cuda}");
}

#[track_caller]
fn refused(src: &str, steps: &str, marked: &str, says: &str) {
    let e = replay(src, steps).map(|_| ()).unwrap_err();
    assert!(e.contains(says), "expected `{says}` in:\n{e}");
    // The caret line sits under the marked text of the lambda.
    let lines: Vec<&str> = e.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("| lambda"))
        .unwrap_or_else(|| panic!("no lambda shown:\n{e}"));
    let code = lines[at].split_once("| ").unwrap().1;
    let carets = lines[at + 1].split_once("| ").unwrap().1;
    let start = carets.find('^').unwrap();
    let end = carets.rfind('^').unwrap() + 1;
    assert_eq!(&code[start..end], marked, "{e}");
}

#[test]
fn bad_maps_are_refused_with_the_spot_marked() {
    let w = workload(64);
    let step = |map: &str| {
        format!("  - {{op: transform_layout, block: C, buffer: B, index_map: \"{map}\"}}\n")
    };
    refused(
        &w,
        &step("lambda i, j: (i, j // 8, k % 8)"),
        "k",
        "not a parameter",
    );
    refused(&w, &step("lambda i, j: (i, j / 8)"), "/", "floor division");
    refused(
        &w,
        &step("lambda i, j: (i, j % 8)"),
        "(i, j % 8)",
        "not injective",
    );
    refused(
        &w,
        &step("lambda i, j: (i, j - 8)"),
        "j - 8",
        "must not be negative",
    );
    refused(
        &w,
        &step("lambda i: (i,)"),
        "i",
        "takes 1 indices but `B` has 2 axes",
    );
    refused(
        &w,
        &step("lambda i, j: (i, j // 0)"),
        "j // 0",
        "divides by zero",
    );
    refused(
        &workload(60),
        &step("lambda i, j: (i // 16, j, i % 16)"),
        "(i // 16, j, i % 16)",
        "pad_value",
    );
}

#[test]
fn refusals_name_the_buffer_problem() {
    let w = workload(64);
    // A parameter is transformed as TVM does it (tests/tvm_layout_gaps.rs).
    let e = replay(
        &w,
        "  - {op: transform_layout, block: B, buffer: [read, 3], index_map: \"lambda i, j: (j, i)\"}\n",
    )
    .map(|_| ())
    .unwrap_err();
    assert!(e.contains("index 3 is out of range"), "{e}");
    let e = replay(
        &w,
        "  - {op: transform_layout, block: B, buffer: Q, index_map: \"lambda i, j: (j, i)\"}\n",
    )
    .map(|_| ())
    .unwrap_err();
    assert!(e.contains("named `Q`"), "{e}");
    let e = replay(
        &w,
        "  - {op: transform_layout, block: B, buffer: [sideways, 0], index_map: \"lambda i, j: (j, i)\"}\n",
    )
    .map(|_| ())
    .unwrap_err();
    assert!(e.contains("buffer"), "{e}");
}

#[test]
fn python_export_is_tvms_call() {
    let yaml = format!(
        "tirtui: 1\nworkload: unused.tir\nsteps:\n{TILE}  - {{op: transform_layout, block: C, buffer: [read, 0], index_map: \"lambda a, b, c, d: (a, b, d, c)\", pad_value: null, assume_injective_transform: true}}\n"
    );
    let session = Session::from_yaml(&yaml, "case.yaml").unwrap();
    let py = tirtui::trace::python::to_python(&session.steps, "case.yaml").unwrap();
    assert!(py.contains("sch.transform_layout(block=get_block(\"B\"), buffer=(\"write\", 0), index_map=lambda i, j: (i // 16, j // 16, i % 16, j % 16))"), "{py}");
    assert!(py.contains("index_map=lambda a, b, c, d: (a, b, d, c), pad_value=None, assume_injective_transform=True)"), "{py}");
    // The session writes back as it was read.
    let again = Session::from_yaml(&session.to_yaml(), "again.yaml").unwrap();
    assert_eq!(again.steps, session.steps);
}

/// issue 29: the element counts of the old and the new shape are computed
/// without overflow before the map is evaluated over them: (2^32, 2^32)
/// wrapped to 0 ("no elements") in a release build and panicked in a debug
/// one, and an output of 2^63 - 1 overflowed the new extent.
#[test]
fn shapes_whose_element_count_overflows_are_refused_by_the_limit() {
    let e = replay(
        &workload(4294967296),
        "  - {op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (j, i)\"}\n",
    )
    .map(|_| ())
    .unwrap_err();
    assert!(
        e.contains("shape [4294967296, 64] has more than 16777216 elements; tirtui allows at most 16777216 elements in a buffer whose layout it transforms"),
        "{e}"
    );
    let huge = workload(8)
        .replace("(8, 64)", "(4294967296, 4294967296)")
        .replace("T.grid(8, 64)", "T.grid(4294967296, 4294967296)");
    let e = replay(
        &huge,
        "  - {op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (j, i)\"}\n",
    )
    .map(|_| ())
    .unwrap_err();
    assert!(
        e.contains("shape [4294967296, 4294967296] has more than 16777216 elements"),
        "{e}"
    );
    for map in [
        "lambda i, j: (i, j, 9223372036854775807)",
        "lambda i, j: (i + 9223372036854775800, j)",
    ] {
        let e = replay(
            &workload(8),
            &format!("  - {{op: transform_layout, block: B, buffer: [write, 0], index_map: \"{map}\", assume_injective_transform: true}}\n"),
        )
        .map(|_| ())
        .unwrap_err();
        assert!(
            e.contains("elements; tirtui allows at most 16777216"),
            "{map}: {e}"
        );
    }
}

fn int_workload() -> String {
    workload(60)
        .replace("\"float32\"", "\"int32\"")
        .replace(
            "T.alloc_buffer((60, 64))",
            "T.alloc_buffer((60, 64), \"int32\")",
        )
        .replace("T.float32(2)", "2")
        .replace("T.float32(1)", "1")
}

const PAD_MAP: &str = "lambda i, j: (i // 16, j // 16, i % 16, j % 16)";

fn with_pad(pad: &str) -> String {
    format!("  - {{op: transform_layout, block: B, buffer: [write, 0], index_map: \"{PAD_MAP}\", pad_value: {pad}}}\n")
}

/// issue 28: TVM 0.27 refuses a pad value whose type is not the buffer's
/// ("Buffer B has elements of type T.float32, but the transformation fills
/// padding with ..., which is of type int32"): a plain integer is an int32,
/// a plain number with a point a float32, `T.<type>(v)` that type. It checks
/// even where the map leaves no padding, and an integer past int32 is refused.
#[test]
fn a_pad_value_of_another_type_is_refused_as_tvm_does() {
    let float = workload(60);
    let int = int_workload();
    for (w, pad, want) in [
        (&float, "0", "`B` holds float32 but pad_value 0 is an int32"),
        (
            &float,
            "\"lambda a, b, c, d: (T.float16(0.0),)\"",
            "pad_value 0 is a float16",
        ),
        (
            &float,
            "\"lambda a, b, c, d: (T.float64(0.0),)\"",
            "pad_value 0 is a float64",
        ),
        (
            &float,
            "\"lambda a, b, c, d: (T.int32(0),)\"",
            "pad_value 0 is an int32",
        ),
        (
            &int,
            "0.5",
            "`B` holds int32 but pad_value 0.5 is a float32",
        ),
        (&int, "1.0", "pad_value 1 is a float32"),
        (
            &int,
            "\"lambda a, b, c, d: (T.int64(0),)\"",
            "pad_value 0 is an int64",
        ),
        (
            &int,
            "\"lambda a, b, c, d: (T.int8(0),)\"",
            "pad_value 0 is an int8",
        ),
        (
            &int,
            "1099511627776",
            "pad_value 1099511627776 is out of the range of int32",
        ),
    ] {
        let e = replay(w, &with_pad(pad)).map(|_| ()).unwrap_err();
        assert!(e.contains(want), "{pad}: {e}");
    }
    // Checked where the map leaves no padding too.
    let e = replay(
        &workload(64),
        "  - {op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (j, i)\", pad_value: 0}\n",
    )
    .map(|_| ())
    .unwrap_err();
    assert!(e.contains("pad_value 0 is an int32"), "{e}");
    // The buffer's own type is taken, plain or spelled out.
    ok(&float, &with_pad("0.0"));
    ok(&float, &with_pad("\"lambda a, b, c, d: (T.float32(0),)\""));
    ok(&int, &with_pad("3"));
    ok(&int, &with_pad("\"lambda a, b, c, d: (T.int32(-3),)\""));
    same_result(&int, &with_pad("7"));
}
