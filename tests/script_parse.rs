//! The TVMScript parser end to end: every `tests/data/script/ok/*.tir` builds
//! well-formed IR, every `err/*.tir` renders the snapshotted diagnostic, and
//! mutated inputs give `Ok` or `Err`, never a panic.

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use tirtui::ir::{
    AnnValue, BinOp, DataType, Expr, ForKind, IterKind, PrimFunc, Stmt, StorageScope, ThreadAxis,
};
use tirtui::script::{parse_func, parse_module, ParseErrorKind};

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn ok_func(src: &str, name: Option<&str>) -> PrimFunc {
    parse_func(src, name).unwrap_or_else(|e| panic!("{}", e.to_diagnostic("input", src).render()))
}

fn data(name: &str) -> String {
    read(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/script/ok")
            .join(name),
    )
}

/// Structural invariants every parsed function must satisfy; `complete` adds
/// that every block writes something (true of the workload files, not of mutants).
fn check_well_formed(f: &PrimFunc, complete: bool) {
    let root = f
        .root_block()
        .unwrap_or_else(|| panic!("{}: no root block", f.name));
    assert_eq!(root.name, "root");
    assert!(root.iter_vars.is_empty());
    let mut loops = HashSet::new();
    let mut blocks = HashSet::new();
    let n_vars = f.vars.len() as u32;
    let check_expr = |e: &Expr| {
        e.visit(&mut |x| match x {
            Expr::Var(v) => assert!(v.0 < n_vars, "dangling var {v:?}"),
            Expr::Load(b, idx) => assert_eq!(f.buffer(*b).shape.len(), idx.len()),
            _ => {}
        })
    };
    f.body.visit(&mut |s| {
        s.for_each_expr(check_expr);
        match s {
            Stmt::For(l) => {
                assert!(loops.insert(l.id), "duplicate loop id");
                assert!(l.id.0 < f.next_loop_id);
                assert_eq!(f.var(l.var).dtype, DataType::I32);
            }
            Stmt::BlockRealize(r) => {
                assert!(blocks.insert(r.block.id), "duplicate block id");
                assert!(r.block.id.0 < f.next_block_id);
                assert_eq!(r.iter_values.len(), r.block.iter_vars.len());
                if complete && r.block.name != "root" {
                    assert!(
                        !r.block.writes.is_empty(),
                        "block {} writes nothing",
                        r.block.name
                    );
                }
                for region in r.block.reads.iter().chain(&r.block.writes) {
                    assert_eq!(f.buffer(region.buffer).shape.len(), region.region.len());
                }
            }
            Stmt::BufferStore(st) => {
                assert_eq!(f.buffer(st.buffer).shape.len(), st.indices.len())
            }
            _ => {}
        }
    });
    assert_eq!(blocks.len() as u32, f.next_block_id);
    assert_eq!(loops.len() as u32, f.next_loop_id);
}

#[test]
fn ok_files_build_well_formed_ir() {
    insta::glob!("data/script/ok/*.tir", |path| {
        let src = read(path);
        let module = parse_module(&src).unwrap_or_else(|e| {
            panic!(
                "{}",
                e.to_diagnostic(&path.display().to_string(), &src).render()
            )
        });
        assert!(!module.funcs.is_empty());
        module.funcs.iter().for_each(|f| check_well_formed(f, true));
    });
}

#[test]
fn err_files_render_diagnostics() {
    insta::glob!("data/script/err/*.tir", |path| {
        let src = read(path);
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("input.tir");
        let err = match parse_module(&src) {
            Ok(_) => panic!("{name} parsed"),
            Err(e) => e,
        };
        insta::assert_snapshot!(err.to_diagnostic(name, &src).render());
    });
}

#[test]
fn seed_gemm_has_the_expected_structure() {
    let f = ok_func(&data("seed000_native_gemm.tir"), None);
    assert_eq!(f.name, "main");
    assert_eq!(f.params.len(), 3);
    assert_eq!(f.params[0].name, "a");
    let a = f.buffer(
        f.params[0]
            .buffer
            .unwrap_or_else(|| panic!("a is not matched")),
    );
    assert_eq!((a.name.as_str(), a.dtype), ("A", DataType::F32));
    assert_eq!(a.shape, vec![Expr::int(1024), Expr::int(1024)]);
    assert!(f
        .attrs
        .contains(&("tir.noalias".to_string(), AnnValue::Bool(true))));
    let b = f.blocks_named("B");
    let block = b[0];
    let kinds: Vec<IterKind> = block.iter_vars.iter().map(|iv| iv.kind).collect();
    assert_eq!(
        kinds,
        [IterKind::Spatial, IterKind::Spatial, IterKind::Reduce]
    );
    let Some(Stmt::BufferStore(init)) = &block.init else {
        panic!("no init store")
    };
    assert_eq!(init.value, Expr::Float(0.0, DataType::F32));
    let writes: Vec<&str> = block
        .writes
        .iter()
        .map(|r| f.buffer(r.buffer).name.as_str())
        .collect();
    assert_eq!(writes, ["C"]);
    // As TVM infers them: the update's read of C is not listed.
    let reads: Vec<&str> = block
        .reads
        .iter()
        .map(|r| f.buffer(r.buffer).name.as_str())
        .collect();
    assert_eq!(reads, ["A", "B"]);
    // Blocks and loops are numbered in pre-order: root, then B; i, j, k.
    assert_eq!(block.id.0, 1);
    let Stmt::BlockRealize(root) = &f.body else {
        panic!()
    };
    let Stmt::For(i) = &root.block.body else {
        panic!("no outer loop")
    };
    assert_eq!((i.id.0, f.var_name(i.var)), (0, "i"));
}

#[test]
fn both_spellings_give_the_same_function() {
    let classic = ok_func(&data("seed000_printed.tir"), None);
    let grid = ok_func(&data("seed000_grid.tir"), None);
    assert_eq!(classic.blocks_named("B")[0].reads.len(), 2);
    assert_eq!(grid.blocks_named("B")[0].iter_vars.len(), 3);
    let module = parse_module(&data("tvm025_spelling.tir")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(module.name.as_deref(), Some("Module"));
    assert_eq!(module.funcs.len(), 2);
    let main = &module.funcs[0];
    let root = main.root_block().unwrap_or_else(|| panic!("no root"));
    assert_eq!(root.alloc_buffers.len(), 1);
    assert_eq!(
        main.buffer(root.alloc_buffers[0]).scope,
        StorageScope::Shared
    );
    let scale = ok_func(&data("tvm025_spelling.tir"), Some("scale"));
    assert_eq!(scale.name, "scale");
    assert!(parse_func(&data("tvm025_spelling.tir"), Some("nope")).is_err());
}

#[test]
fn loop_kinds_annotations_and_scopes() {
    let f = ok_func(&data("scheduled_gemm.tir"), None);
    let mut kinds = Vec::new();
    f.body.visit(&mut |s| {
        if let Stmt::For(l) = s {
            kinds.push((f.var_name(l.var).to_string(), l.kind, l.annotations.len()));
        }
    });
    assert_eq!(
        kinds[0],
        (
            "i_0".into(),
            ForKind::ThreadBinding(ThreadAxis::BlockIdx(1)),
            0
        )
    );
    assert_eq!(
        kinds[3],
        (
            "j_1".into(),
            ForKind::ThreadBinding(ThreadAxis::ThreadIdx(0)),
            0
        )
    );
    assert_eq!(kinds[4], ("k".into(), ForKind::Serial, 2));
    assert_eq!(kinds[5].1, ForKind::Unrolled);
    assert_eq!(kinds[6].1, ForKind::Vectorized);
    let local = f
        .buffers
        .iter()
        .find(|b| b.name == "C_local")
        .unwrap_or_else(|| panic!());
    assert_eq!(local.scope, StorageScope::Local);
    let c = f.blocks_named("C")[0];
    assert_eq!(c.annotations[0].1, AnnValue::Str("SSRSRS".into()));
}

#[test]
fn python_literals_take_the_dtype_of_their_operand() {
    let src = r#"
@T.prim_func
def f(A: T.Buffer((8,), "float16"), B: T.Buffer((8,), "float16"), I: T.Buffer((8,), "int64")):
    for i in range(8):
        with T.block("B"):
            vi = T.axis.spatial(8, i)
            B[vi] = A[vi] * 0.5 + 2
            I[vi] = I[vi] + 1
            B[vi] = 0
"#;
    let f = ok_func(src, None);
    let mut stores = Vec::new();
    f.body.visit(&mut |s| {
        if let Stmt::BufferStore(st) = s {
            stores.push(st.value.clone());
        }
    });
    let Expr::Binary(BinOp::Add, lhs, two) = &stores[0] else {
        panic!("{:?}", stores[0])
    };
    assert_eq!(**two, Expr::Float(2.0, DataType::F16));
    let Expr::Binary(BinOp::Mul, _, half) = &**lhs else {
        panic!()
    };
    assert_eq!(**half, Expr::Float(0.5, DataType::F16));
    let Expr::Binary(BinOp::Add, _, one) = &stores[1] else {
        panic!()
    };
    assert_eq!(**one, Expr::Int(1, DataType::I64));
    assert_eq!(stores[2], Expr::Float(0.0, DataType::F16));
}

#[test]
fn where_predicate_and_nested_block_regions() {
    let f = ok_func(&data("conv_where.tir"), None);
    let mut predicate = None;
    f.body.visit(&mut |s| {
        if let Stmt::BlockRealize(r) = s {
            if r.block.name == "conv" {
                predicate = Some(r.predicate.clone());
            }
        }
    });
    assert!(matches!(predicate, Some(Expr::Binary(BinOp::Lt, ..))));
    let m = ok_func(&data("seed000_match_region.tir"), None);
    let tile = m.blocks_named("tile")[0];
    assert_eq!(tile.match_buffers.len(), 1);
    assert_eq!(tile.iter_vars[0].kind, IterKind::Opaque);
}

/// A function whose body nests `depth` loops.
fn nested_loops(depth: usize) -> String {
    let mut src = String::from("@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n");
    for d in 0..depth {
        src.push_str(&" ".repeat(4 * (d + 1)));
        src.push_str(&format!("for i{d} in range(1):\n"));
    }
    src.push_str(&" ".repeat(4 * (depth + 1)));
    src.push_str("A[0] = A[0] + 1.0\n");
    src
}

/// The deepest programs the parser accepts run in place on a thread that has
/// just `PARSE_RED_ZONE` of stack (the parse does not map a stack of its own
/// then): the red zone is enough for this build's frames. Run it in release
/// too (`cargo test --release --test script_parse`), where the zone is smaller.
#[test]
fn deepest_programs_fit_in_the_red_zone() {
    let deepest = |make: &dyn Fn(usize) -> String| {
        (1..=tirtui::script::parser::MAX_DEPTH)
            .rev()
            .map(make)
            .find(|src| parse_module(src).is_ok())
            .expect("some depth parses")
    };
    let sources = [
        deepest(&nested_loops),
        deepest(&|d| {
            format!(
                "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    A[0] = {}A[0]{}\n",
                "(".repeat(d),
                ")".repeat(d)
            )
        }),
        deepest(&|d| {
            format!(
                "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    A[0] = A[0]{}\n",
                " + 1.0".repeat(d)
            )
        }),
    ];
    let margin = 256 << 10;
    std::thread::Builder::new()
        .stack_size(tirtui::script::parser::PARSE_RED_ZONE + margin)
        .spawn(move || {
            for src in &sources {
                assert!(parse_module(src).is_ok());
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn deep_inputs_are_limited_not_crashing() {
    let f = ok_func(&nested_loops(150), None);
    assert_eq!(f.next_loop_id, 150);
    let err = parse_module(&nested_loops(400))
        .err()
        .unwrap_or_else(|| panic!("parsed"));
    assert_eq!(err.kind, ParseErrorKind::TooDeep);
    let body = format!("    A[0] = {}A[0]{}\n", "(".repeat(150), ")".repeat(150));
    ok_func(
        &format!("@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n{body}"),
        None,
    );
    let body = format!("    A[0] = A[0]{}\n", " + 1.0".repeat(100));
    ok_func(
        &format!("@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n{body}"),
        None,
    );
    let mut lets = String::from("@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n");
    for i in 0..1000 {
        lets.push_str(&format!("    x{i} = {i}\n"));
    }
    assert!(parse_module(&lets).is_err());
    for src in [
        format!("x = {}\n", "[".repeat(100_000)),
        format!("x = {}1\n", "not ".repeat(100_000)),
        format!("x = 1{}\n", ".a".repeat(100_000)),
        format!("x = f{}\n", "()".repeat(100_000)),
    ] {
        assert!(parse_module(&src).is_err());
    }
}

fn ok_sources() -> &'static [String] {
    static SOURCES: OnceLock<Vec<String>> = OnceLock::new();
    SOURCES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/script/ok");
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        paths.sort();
        paths.iter().map(|p| read(p)).collect()
    })
}

/// Fragments that mutations insert: tokens, whitespace and odd characters.
const FRAGMENTS: [&str; 28] = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ":",
    ",",
    ".",
    "=",
    "\n",
    "    ",
    "\t",
    "#",
    "'",
    "\"",
    "\\",
    "T.",
    "with ",
    "for ",
    " in ",
    "-",
    "0:",
    "1e400",
    "99999999999999999999",
    "é",
    "T.block(\"x\")",
    "**",
];

#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, usize),
    Replace(usize, usize),
    DuplicateLine(usize),
    /// Deletes the word (name or number) around a position.
    DeleteWord(usize),
    SwapLines(usize, usize),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..12).prop_map(|(p, n)| Edit::Delete(p, n)),
        (any::<usize>(), 0..FRAGMENTS.len()).prop_map(|(p, f)| Edit::Insert(p, f)),
        (any::<usize>(), 0..FRAGMENTS.len()).prop_map(|(p, f)| Edit::Replace(p, f)),
        any::<usize>().prop_map(Edit::DuplicateLine),
        any::<usize>().prop_map(Edit::DeleteWord),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
    ]
}

/// Applies an edit at char positions, so the text stays valid UTF-8.
fn apply(src: &mut Vec<char>, edit: &Edit) {
    let len = src.len().max(1);
    match *edit {
        Edit::Delete(p, n) => {
            let p = p % len;
            let end = (p + n).min(src.len());
            if p < end {
                src.drain(p..end);
            }
        }
        Edit::Insert(p, f) => {
            let p = p % (src.len() + 1);
            for (i, c) in FRAGMENTS[f].chars().enumerate() {
                src.insert(p + i, c);
            }
        }
        Edit::Replace(p, f) => {
            let p = p % len;
            if p < src.len() {
                src.remove(p);
            }
            let p = p.min(src.len());
            for (i, c) in FRAGMENTS[f].chars().enumerate() {
                src.insert(p + i, c);
            }
        }
        Edit::DuplicateLine(p) => {
            let text: String = src.iter().collect();
            let lines: Vec<&str> = text.split('\n').collect();
            let l = p % lines.len();
            let mut out: Vec<&str> = lines.clone();
            out.insert(l, lines[l]);
            *src = out.join("\n").chars().collect();
        }
        Edit::DeleteWord(p) => {
            let is_word = |c: &char| c.is_alphanumeric() || *c == '_';
            let p = p % len;
            let (mut start, mut end) = (p.min(src.len()), p.min(src.len()));
            while start > 0 && src.get(start - 1).is_some_and(is_word) {
                start -= 1;
            }
            while src.get(end).is_some_and(is_word) {
                end += 1;
            }
            src.drain(start..end);
        }
        Edit::SwapLines(a, b) => {
            let text: String = src.iter().collect();
            let mut lines: Vec<&str> = text.split('\n').collect();
            let n = lines.len();
            lines.swap(a % n, b % n);
            *src = lines.join("\n").chars().collect();
        }
    }
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_never_panic(file in any::<usize>(), edits in prop::collection::vec(edit_strategy(), 1..6)) {
        let sources = ok_sources();
        let mut text: Vec<char> = sources[file % sources.len()].chars().collect();
        for e in &edits {
            apply(&mut text, e);
        }
        let src: String = text.into_iter().collect();
        match parse_module(&src) {
            Ok(m) => m.funcs.iter().for_each(|f| check_well_formed(f, false)),
            Err(e) => {
                prop_assert!(e.span.start <= e.span.end && e.span.end <= src.len());
                let rendered = e.to_diagnostic("m.tir", &src).render();
                prop_assert!(rendered.starts_with("error: "));
            }
        }
    }
}

#[test]
fn control_characters_in_names_print_and_read_back() {
    // Found by the tightened parser fuzz test: the printer writes `\x17`,
    // which the lexer did not read back.
    let src = "@T.prim_func\ndef main(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        with T.block(\"a\\x17b\"):\n            vi = T.axis.remap(\"S\", [i])\n            A[vi] = T.float32(0)\n";
    let f = ok_func(src, None);
    assert!(f.blocks().iter().any(|b| b.name == "a\u{17}b"));
    let printed = tirtui::script::print_func(&f);
    assert!(printed.contains("T.block(\"a\\x17b\")"), "{printed}");
    let again = ok_func(&printed, None);
    assert_eq!(tirtui::script::print_func(&again), printed);
}
