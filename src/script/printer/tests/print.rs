//! Exact-text printer tests on hand-built IR.

use super::*;
use crate::script::printer::*;

const GEMM: &str = r#"# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((1024, 1024), "float32"), B: T.Buffer((1024, 1024), "float32"), C: T.Buffer((1024, 1024), "float32")):
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    # with T.block("root"):
    for i, j, k in T.grid(1024, 1024, 1024):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

#[test]
fn gemm_prints_like_tvm() {
    assert_eq!(print_func(&gemm()), GEMM);
}

#[test]
fn single_function_module_prints_as_the_function() {
    let m = Module {
        name: None,
        funcs: vec![gemm()],
        tensor_intrins: Vec::new(),
    };
    assert_eq!(print_module(&m), GEMM);
}

#[test]
fn split_bindings_print_axis_spatial_and_where() {
    let expected = r#"# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((1000, 1024), "float32"), B: T.Buffer((1024, 1024), "float32"), C: T.Buffer((1000, 1024), "float32")):
    # with T.block("root"):
    for i_0 in T.thread_binding(63, thread="blockIdx.x"):
        for i_1 in T.thread_binding(16, thread="threadIdx.x"):
            for j, k in T.grid(1024, 1024):
                with T.block("B"):
                    vi = T.axis.spatial(1000, i_0 * 16 + i_1)
                    vj, vk = T.axis.remap("SR", [j, k])
                    T.where(i_0 * 16 + i_1 < 1000)
                    T.reads(A[vi, vk], B[vk, vj])
                    T.writes(C[vi, vj])
                    with T.init():
                        C[vi, vj] = T.float32(0.0)
                    C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;
    assert_eq!(print_func(&split_gemm()), expected);
}

#[test]
fn loop_kinds_annotations_and_explicit_root() {
    let mut f = new_func("loops");
    f.attrs.clear();
    let [x, y, z, w, t, r] = ["x", "y", "z", "w", "t", "r"].map(|n| var(&mut f, n));
    let body = Stmt::Evaluate(Expr::int(0));
    let lr = loop_kind(&mut f, r, 3, 2, ForKind::Serial, body);
    let lt = loop_kind(
        &mut f,
        t,
        1,
        2,
        ForKind::ThreadBinding(ThreadAxis::VThread(1)),
        lr,
    );
    let mut lw = serial(&mut f, w, 8, lt);
    if let Stmt::For(l) = &mut lw {
        l.annotations = vec![("pragma_auto_unroll_max_step".to_string(), AnnValue::Int(16))];
    }
    let lz = loop_kind(&mut f, z, 2, 4, ForKind::Unrolled, lw);
    let ly = loop_kind(&mut f, y, 0, 4, ForKind::Vectorized, lz);
    let lx = loop_kind(&mut f, x, 0, 4, ForKind::Parallel, ly);
    f.body = root(&mut f, Vec::new(), lx);
    // No block below the root and no allocation: TVM prints the root block itself.
    let expected = r#"# from tvm.script import tir as T

@T.prim_func
def loops():
    with T.block("root"):
        T.reads()
        T.writes()
        for x in T.parallel(4):
            for y in T.vectorized(4):
                for z in T.unroll(2, 6):
                    for w in T.serial(8, annotations={"pragma_auto_unroll_max_step": 16}):
                        for t in T.thread_binding(1, 3, thread="vthread.y"):
                            for r in range(3, 5):
                                T.evaluate(0)
"#;
    assert_eq!(print_func(&f), expected);
}

#[test]
fn root_alloc_shared_float16_and_sibling_names() {
    let expected = r#"# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4, 16), "float16"), B: T.Buffer((4,), "float16")):
    # with T.block("root"):
    A_shared = T.alloc_buffer((4, 16), "float16", scope="shared")
    for ax0, ax1 in T.grid(4, 16):
        with T.block("A_shared"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v0, v1])
            T.writes(A_shared[v0, v1])
            A_shared[v0, v1] = A[v0, v1]
    for ax0 in range(4):
        with T.block("B"):
            v0 = T.axis.spatial(4, ax0)
            T.reads(A_shared[v0, 0:16])
            T.writes(B[v0])
            acc = T.alloc_buffer((1,), scope="local")
            acc[0] = T.float32(0.0)
            for k in range(16):
                acc[0] = acc[0] + T.Cast("float32", A_shared[v0, k])
            B[v0] = T.Cast("float16", acc[0])
"#;
    assert_eq!(print_func(&cached_f16()), expected);
}

#[test]
fn storage_align_shows_as_buffer_dim_align_on_the_writer() {
    let mut f = cached_f16();
    f.buffers[2].axis_align = vec![(0, 16, 8)];
    let text = print_func(&f);
    let writes = "            T.writes(A_shared[v0, v1])\n";
    let attr = "            T.block_attr({\"buffer_dim_align\": [[0, 0, 16, 8]]})\n";
    assert!(text.contains(&format!("{writes}{attr}")), "{text}");
    assert_eq!(text.matches("buffer_dim_align").count(), 1);
}

#[test]
fn shadowed_names_get_suffixes() {
    let mut f = new_func("main");
    f.attrs.clear();
    let a = param(&mut f, "i", &[4], DataType::F32);
    let [i0, i1, vi] = ["i", "i", "i"].map(|n| var(&mut f, n));
    let blk = block(
        &mut f,
        BlockSpec {
            name: "X",
            iters: vec![(vi, 4, IterKind::Spatial, v(i1))],
            reads: vec![],
            writes: vec![point_region(a, &[v(vi)])],
            init: None,
            body: store(a, &[v(vi)], Expr::Float(1.0, DataType::F32)),
        },
    );
    let l1 = loop_kind(&mut f, i1, 0, 4, ForKind::Unrolled, blk);
    let l0 = serial(&mut f, i0, 4, l1);
    f.body = root(&mut f, Vec::new(), l0);
    let expected = r#"# from tvm.script import tir as T

@T.prim_func
def main(i: T.Buffer((4,), "float32")):
    # with T.block("root"):
    for i_1 in range(4):
        for i_2 in T.unroll(4):
            with T.block("X"):
                i_3 = T.axis.spatial(4, i_2)
                T.reads()
                T.writes(i[i_3])
                i[i_3] = T.float32(1.0)
"#;
    assert_eq!(print_func(&f), expected);
    assert_eq!(print_expr(&f, &v(i1)), "i_2");
}

/// Prints each case over `X: T.Buffer((8,), "float32")` and the variables
/// `a`, `b`, `c` (given as `X`, `a`, `b`, `c` and `X[a]`) and compares the text.
fn assert_prints(cases: impl FnOnce(BufferId, [Expr; 3], Expr) -> Vec<(Expr, &'static str)>) {
    let mut f = new_func("main");
    let x = param(&mut f, "X", &[8], DataType::F32);
    let [a, b, c] = ["a", "b", "c"].map(|n| var(&mut f, n));
    let xa = load(x, &[v(a)]);
    for (e, want) in cases(x, [v(a), v(b), v(c)], xa) {
        assert_eq!(print_expr(&f, &e), want);
    }
}

#[test]
fn arithmetic_uses_python_precedence() {
    assert_prints(|_, [a, b, c], xa| {
        let bin = |op, l: &Expr, r: &Expr| Expr::binary(op, l.clone(), r.clone());
        vec![
            (
                Expr::mul(Expr::add(a.clone(), b.clone()), c.clone()),
                "(a + b) * c",
            ),
            (
                Expr::sub(a.clone(), Expr::sub(b.clone(), c.clone())),
                "a - (b - c)",
            ),
            (
                Expr::sub(Expr::sub(a.clone(), b.clone()), c.clone()),
                "a - b - c",
            ),
            (
                Expr::add(Expr::mul(a.clone(), b.clone()), c.clone()),
                "a * b + c",
            ),
            (
                Expr::mul(a.clone(), Expr::mul(b.clone(), c.clone())),
                "a * (b * c)",
            ),
            (
                Expr::floordiv(Expr::add(a.clone(), b.clone()), Expr::int(4)),
                "(a + b) // 4",
            ),
            (Expr::floormod(a.clone(), Expr::int(4)), "a % 4"),
            (bin(BinOp::Div, &a, &b), "T.truncdiv(a, b)"),
            (bin(BinOp::Mod, &a, &b), "T.truncmod(a, b)"),
            (
                bin(BinOp::Div, &xa, &Expr::Float(2.0, DataType::F32)),
                "X[a] / T.float32(2.0)",
            ),
            (bin(BinOp::Min, &a, &b), "T.min(a, b)"),
            (bin(BinOp::Max, &a, &Expr::int(-1)), "T.max(a, -1)"),
            (Expr::mul(a.clone(), Expr::int(-1)), "a * -1"),
        ]
    });
}

#[test]
fn logic_calls_and_literals_use_python_precedence() {
    assert_prints(|x, [a, b, c], xa| {
        let bin = |op, l: &Expr, r: &Expr| Expr::binary(op, l.clone(), r.clone());
        vec![
            (
                Expr::Not(Box::new(Expr::lt(a.clone(), b.clone()))),
                "not a < b",
            ),
            (
                bin(
                    BinOp::Or,
                    &Expr::and(
                        Expr::lt(a.clone(), b.clone()),
                        Expr::lt(b.clone(), c.clone()),
                    ),
                    &Expr::Not(Box::new(bin(BinOp::Eq, &a, &c))),
                ),
                "a < b and b < c or not a == c",
            ),
            (
                Expr::and(bin(BinOp::Or, &a, &b), c.clone()),
                "(a or b) and c",
            ),
            (
                Expr::Not(Box::new(Expr::and(a.clone(), b.clone()))),
                "not (a and b)",
            ),
            (
                bin(
                    BinOp::Eq,
                    &Expr::lt(a.clone(), b.clone()),
                    &Expr::bool(true),
                ),
                "(a < b) == T.bool(True)",
            ),
            (
                bin(BinOp::Ge, &a, &Expr::add(b.clone(), c.clone())),
                "a >= b + c",
            ),
            (
                Expr::Select(
                    Box::new(Expr::lt(a.clone(), b.clone())),
                    Box::new(a.clone()),
                    Box::new(b.clone()),
                ),
                "T.Select(a < b, a, b)",
            ),
            (
                Expr::Call(
                    Intrinsic::IfThenElse,
                    vec![
                        Expr::lt(a.clone(), b.clone()),
                        xa.clone(),
                        Expr::Float(0.0, DataType::F32),
                    ],
                ),
                "T.if_then_else(a < b, X[a], T.float32(0.0))",
            ),
            (
                Expr::Cast(DataType::F16, Box::new(xa.clone())),
                "T.Cast(\"float16\", X[a])",
            ),
            (Expr::Call(Intrinsic::Exp, vec![xa.clone()]), "T.exp(X[a])"),
            (
                Expr::Call(
                    Intrinsic::Pow,
                    vec![xa.clone(), Expr::Float(0.5, DataType::F32)],
                ),
                "T.pow(X[a], T.float32(0.5))",
            ),
            (
                Expr::Call(Intrinsic::Likely, vec![Expr::lt(a.clone(), b.clone())]),
                "T.likely(a < b)",
            ),
            (Expr::Int(5, DataType::I64), "T.int64(5)"),
            (Expr::Float(1.0, DataType::F16), "T.float16(1.0)"),
            (
                Expr::Float(0.1, DataType::F32),
                "T.float32(0.10000000000000001)",
            ),
            (Expr::Load(x, Vec::new()), "X[()]"),
        ]
    });
}

#[test]
fn let_if_else_and_empty_bodies() {
    let mut f = new_func("main");
    f.attrs.clear();
    let a = param(&mut f, "A", &[4], DataType::F32);
    let n = f.new_var("n", DataType::I32);
    f.params.push(Param {
        name: "n".to_string(),
        buffer: None,
        var: Some(n),
    });
    let [x, i] = ["x", "i"].map(|s| var(&mut f, s));
    let cond = Expr::lt(v(x), v(n));
    let body = Stmt::IfThenElse(crate::ir::Shared::new(IfThenElse {
        cond,
        then_case: store(a, &[v(x)], Expr::Float(1.5, DataType::F32)),
        else_case: Some(Stmt::Seq(Vec::new())),
    }));
    let let_stmt = Stmt::LetStmt(crate::ir::Shared::new(LetStmt {
        var: x,
        value: Expr::add(v(i), Expr::int(1)),
        body,
        local_scalar: true,
    }));
    let l = serial(&mut f, i, 3, let_stmt);
    f.body = l;
    let expected = r#"# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float32"), n: T.int32):
    for i in range(3):
        x: T.int32 = i + 1
        if x < n:
            A[x] = T.float32(1.5)
        else:
            pass
"#;
    assert_eq!(print_func(&f), expected);
    f.body = Stmt::Seq(Vec::new());
    assert!(print_func(&f).ends_with("n: T.int32):\n    pass\n"));
}

#[test]
fn marks_point_at_block_headers_and_loops() {
    let f = split_gemm();
    let p = print_func_marked(&f);
    let lines: Vec<&str> = p.text.lines().collect();
    assert_eq!(p.blocks.len(), 2);
    for &(_, span, (first, last)) in &p.blocks {
        let text = &p.text[span.start..span.end];
        assert!(text.starts_with("with T.block(\""), "{text}");
        assert!(lines[first].contains(text));
        assert!(last >= first && last < lines.len());
    }
    let root = f.root_block().map(|b| b.id);
    let root_mark = root.and_then(|id| p.block(id));
    assert_eq!(root_mark.map(|m| m.1), Some((4, lines.len() - 1)));
    let b = f.blocks_named("B")[0].id;
    let (span, (first, last)) = p.block(b).unwrap_or_default();
    assert_eq!(&p.text[span.start..span.end], "with T.block(\"B\"):");
    assert_eq!((first, last), (8, lines.len() - 1));
    assert_eq!(lines[first].trim_start(), "with T.block(\"B\"):");

    // Two single loops (header spans) and a grid of two (name spans).
    assert_eq!(p.loops.len(), 4);
    let texts: Vec<&str> = p
        .loops
        .iter()
        .map(|(_, s)| &p.text[s.start..s.end])
        .collect();
    assert_eq!(
        texts,
        [
            "for i_0 in T.thread_binding(63, thread=\"blockIdx.x\"):",
            "for i_1 in T.thread_binding(16, thread=\"threadIdx.x\"):",
            "j",
            "k",
        ]
    );
    for (id, span) in &p.loops {
        let l = f.find_loop(*id).map(|l| l.var);
        let name = l.map(|x| print_expr(&f, &v(x))).unwrap_or_default();
        assert!(p.text[span.start..span.end].contains(&name));
    }
}

#[test]
fn several_functions_print_as_an_ir_module() {
    let mut g = split_gemm();
    g.name = "gemm2".to_string();
    let m = Module {
        name: None,
        funcs: vec![gemm(), g],
        tensor_intrins: Vec::new(),
    };
    let text = print_module(&m);
    let head = "# from tvm.script import ir as I\n# from tvm.script import tir as T\n\n@I.ir_module\nclass Module:\n    @T.prim_func\n    def main(A: T.Buffer((1024, 1024), \"float32\"),";
    assert!(text.starts_with(head), "{text}");
    assert!(text.contains("                    C[vi, vj] = T.float32(0.0)\n                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n\n    @T.prim_func\n    def gemm2(A:"));
    assert!(
        text.ends_with("                        C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n")
    );
}

#[test]
fn malformed_ir_prints_without_panicking() {
    let mut f = gemm();
    // Dangling ids, missing bindings and an undeclared variable.
    if let Stmt::BlockRealize(r) = &mut f.body {
        if let Stmt::For(l) = &mut r.block.body {
            l.extent = Expr::Var(VarId(99));
            l.body = Stmt::Seq(vec![
                Stmt::Evaluate(Expr::Load(BufferId(42), vec![Expr::int(0)])),
                Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
                    iter_values: Vec::new(),
                    predicate: Expr::bool(true),
                    block: Block {
                        id: crate::ir::BlockId(7),
                        name: "odd".to_string(),
                        iter_vars: vec![IterVar {
                            var: VarId(3),
                            dom: Range::new(Expr::int(2), Expr::int(4)),
                            kind: IterKind::Opaque,
                        }],
                        reads: Vec::new(),
                        writes: Vec::new(),
                        init: None,
                        body: Stmt::Seq(Vec::new()),
                        alloc_buffers: vec![BufferId(77)],
                        match_buffers: Vec::new(),
                        annotations: Vec::new(),
                    },
                })),
            ]);
        }
    }
    let text = print_func(&f);
    assert!(text.contains("    v99 = T.int32()\n"), "{text}");
    assert!(text.contains("for i in range(v99):"), "{text}");
    assert!(text.contains("T.evaluate(buffer42[0])"), "{text}");
    assert!(text.contains("vi = T.axis.opaque((2, 6))"), "{text}");
    assert!(text.contains("buffer77 = T.alloc_buffer(())"), "{text}");
}
