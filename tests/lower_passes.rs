//! Each lowering pass on small scheduled programs: `tests/data/lower/<pass>/*.tir`
//! is lowered up to and including `<pass>`, and the program text after it is a
//! snapshot (TVM's CompareBeforeAfter, with the earlier passes applied too).
//! `tests/data/lower/err/*.tir` name the error they must raise in a first-line
//! `# error: ...` comment.

use tirtui::lower::{lower_until, Stage, PASSES};

fn parse(path: &std::path::Path) -> (String, tirtui::ir::PrimFunc) {
    let text = std::fs::read_to_string(path).unwrap();
    let func = tirtui::script::parse_func(&text, None).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.to_diagnostic(&path.display().to_string(), &text).render()
        )
    });
    (text, func)
}

#[test]
fn passes() {
    insta::glob!("data/lower/*/*.tir", |path| {
        let pass = path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .to_string();
        if pass == "err" {
            return;
        }
        assert!(
            PASSES.contains(&pass.as_str()),
            "{}: no pass named {pass}",
            path.display()
        );
        let (_, func) = parse(path);
        let text =
            match lower_until(&func, &pass).unwrap_or_else(|e| panic!("{}: {e}", path.display())) {
                Stage::Tir(f) => tirtui::script::print_func(&f),
                Stage::Lowered(l) => l.to_string(),
                Stage::Kernels(ks) => ks
                    .iter()
                    .map(|k| format!("# kernel {}\n{k}", k.kernel))
                    .collect::<Vec<_>>()
                    .join("\n"),
            };
        insta::assert_snapshot!(text);
    });
}

#[test]
fn errors() {
    let mut n = 0;
    for entry in std::fs::read_dir("tests/data/lower/err").unwrap() {
        let path = entry.unwrap().path();
        let (text, func) = parse(&path);
        let expected = text
            .lines()
            .find_map(|l| l.strip_prefix("# error: "))
            .unwrap_or_else(|| panic!("{}: no `# error:` line", path.display()));
        let err = match tirtui::codegen::generate(&func) {
            Ok(_) => panic!(
                "{}: generated a kernel, expected `{expected}`",
                path.display()
            ),
            Err(e) => e.to_string(),
        };
        assert!(
            err.contains(expected),
            "{}:\n  expected: {expected}\n  got:      {err}",
            path.display()
        );
        n += 1;
    }
    assert!(n >= 5);
}
