//! print -> parse -> print gives the same text (and parse keeps the structure).

use super::*;
use crate::script::{parse_func, parse_module, print_func, print_func_marked, print_module};

/// Prints `f`, parses the text back and checks that printing again is stable.
fn check(f: &PrimFunc) -> PrimFunc {
    let text = print_func(f);
    let parsed = match parse_func(&text, None) {
        Ok(p) => p,
        Err(e) => panic!("printed text does not parse: {e:?}\n{text}"),
    };
    assert_eq!(print_func(&parsed), text);
    parsed
}

#[test]
fn fixtures_round_trip() {
    for f in [gemm(), split_gemm(), cached_f16()] {
        let parsed = check(&f);
        assert_eq!(parsed.blocks().len(), f.blocks().len());
        assert_eq!(parsed.buffers.len(), f.buffers.len());
    }
}

#[test]
fn shadowed_names_round_trip_to_distinct_vars() {
    let mut f = new_func("main");
    let a = param(&mut f, "A", &[4, 4], DataType::F32);
    let [i0, i1, vi, vj] = ["i", "i", "v", "v"].map(|n| var(&mut f, n));
    let blk = block(
        &mut f,
        BlockSpec {
            name: "X",
            iters: vec![
                (vi, 4, IterKind::Spatial, v(i0)),
                (vj, 4, IterKind::Spatial, v(i1)),
            ],
            reads: vec![],
            writes: vec![point_region(a, &[v(vi), v(vj)])],
            init: None,
            body: store(a, &[v(vi), v(vj)], Expr::Float(1.0, DataType::F32)),
        },
    );
    let l1 = loop_kind(&mut f, i1, 0, 4, ForKind::Vectorized, blk);
    let l0 = serial(&mut f, i0, 4, l1);
    f.body = root(&mut f, Vec::new(), l0);
    let text = print_func(&f);
    assert!(text.contains("for i_1 in T.vectorized(4):"), "{text}");
    assert!(
        text.contains("v, v_1 = T.axis.remap(\"SS\", [i, i_1])"),
        "{text}"
    );
    let parsed = check(&f);
    let r = parsed.blocks_named("X")[0];
    assert_ne!(r.iter_vars[0].var, r.iter_vars[1].var);
}

#[test]
fn parsed_seed_workloads_print_stably() {
    let Ok(dir) = std::fs::read_dir("tests/data/script/ok") else {
        return;
    };
    let mut n_files = 0;
    for entry in dir.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "tir") {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(m) = parse_module(&src) else {
            continue;
        };
        n_files += 1;
        let text = print_module(&m);
        let again = match parse_module(&text) {
            Ok(m2) => print_module(&m2),
            Err(e) => panic!(
                "{}: printed text does not parse: {e:?}\n{text}",
                path.display()
            ),
        };
        assert_eq!(again, text, "{}", path.display());
        m.funcs.iter().for_each(check_marks);
    }
    assert!(n_files > 0, "no workload in tests/data/script/ok parsed");
}

/// Every block and loop is marked once, on the right text and lines.
fn check_marks(f: &PrimFunc) {
    let p = print_func_marked(f);
    let lines: Vec<&str> = p.text.lines().collect();
    assert_eq!(p.blocks.len(), f.blocks().len());
    for &(_, span, (first, last)) in &p.blocks {
        let text = p.text.get(span.start..span.end).unwrap_or_default();
        assert!(text.starts_with("with T.block(\""), "{text}");
        assert!(first <= last && last < lines.len());
        assert!(lines[first].ends_with(text));
    }
    let mut n_loops = 0;
    f.body
        .visit(&mut |s| n_loops += matches!(s, Stmt::For(_)) as usize);
    assert_eq!(p.loops.len(), n_loops);
    for &(_, span) in &p.loops {
        let text = p.text.get(span.start..span.end).unwrap_or_default();
        let is_name = !text.is_empty() && text.chars().all(|c| c.is_alphanumeric() || c == '_');
        assert!(
            text.starts_with("for ") && text.ends_with(':') || is_name,
            "{text}"
        );
    }
}
