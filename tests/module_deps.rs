//! The module headers are the dependency rules: each top-level module's root
//! file (`src/X.rs` or `src/X/mod.rs`) says `May use: ...`, and this test
//! fails when the module's code (tests excluded) names any other `crate::Y`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Top-level module name -> (root file, every file of the module).
fn modules(src: &Path) -> BTreeMap<String, (PathBuf, Vec<PathBuf>)> {
    let mut mods = BTreeMap::new();
    for entry in std::fs::read_dir(src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if name == "lib" || name == "main" {
            continue;
        }
        let (root, dir) = if path.is_dir() {
            (path.join("mod.rs"), path.clone())
        } else {
            (path.clone(), path.with_extension(""))
        };
        let e = mods
            .entry(name)
            .or_insert_with(|| (root.clone(), Vec::new()));
        e.0 = root;
        if path.is_file() {
            e.1.push(path.clone());
        }
        if dir.is_dir() && path.is_file() {
            rust_files(&dir, &mut e.1);
        } else if path.is_dir() {
            rust_files(&path, &mut e.1);
        }
    }
    mods
}

/// The code of a file without its unit tests (`#[cfg(test)] mod x {` to the
/// end, the convention here) and without files that are tests themselves.
fn non_test_code(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy();
    if name.ends_with("tests.rs") || name == "testutil.rs" {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut cut = text.len();
    let mut from = 0;
    while let Some(i) = text[from..].find("#[cfg(test)]") {
        let at = from + i;
        let rest = text[at + "#[cfg(test)]".len()..].trim_start();
        if rest.starts_with("mod ") && rest.split('\n').next().is_some_and(|l| l.contains('{')) {
            cut = at;
            break;
        }
        from = at + 1;
    }
    // Comments may name any module; only code counts.
    text[..cut]
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `crate::x` and `crate::{x, y::z}` paths: the top-level names.
fn crate_uses(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let name = ident(item.trim());
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// The `May use:` list of a root file's `//!` header.
fn may_use(root: &Path) -> Option<BTreeSet<String>> {
    let text = std::fs::read_to_string(root).unwrap();
    let header: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").trim())
        .collect();
    let start = header.iter().position(|l| l.starts_with("May use:"))?;
    let mut list = header[start]["May use:".len()..].to_string();
    for l in &header[start + 1..] {
        if l.is_empty() {
            break;
        }
        list.push(' ');
        list.push_str(l);
    }
    Some(
        list.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty() && !["nothing", "a", "leaf"].contains(w))
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn every_module_uses_only_what_its_header_allows() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mods = modules(&src);
    let names: BTreeSet<String> = mods.keys().cloned().collect();
    let mut problems = Vec::new();
    for (name, (root, files)) in &mods {
        let Some(allowed) = may_use(root) else {
            problems.push(format!(
                "{}: no `May use:` line in its header",
                root.display()
            ));
            continue;
        };
        for a in allowed.difference(&names) {
            problems.push(format!(
                "{}: `May use:` names `{a}`, not a module",
                root.display()
            ));
        }
        for file in files {
            for used in crate_uses(&non_test_code(file)) {
                if used != *name && names.contains(&used) && !allowed.contains(&used) {
                    problems.push(format!(
                        "{}: uses `crate::{used}`, which the header of `{name}` does not allow",
                        file.strip_prefix(&src).unwrap_or(file).display()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scanner_sees_grouped_uses_and_skips_unit_tests() {
    let uses = crate_uses("use crate::{ir::Expr, arith};\nfn f() { crate::diag::x(); }");
    assert_eq!(
        uses,
        ["arith", "diag", "ir"]
            .map(String::from)
            .into_iter()
            .collect()
    );
    let dir = std::env::temp_dir().join(format!("tirtui_deps_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("x.rs");
    std::fs::write(
        &file,
        "use crate::ir;\n#[cfg(test)]\nmod tests {\n    use crate::tui;\n}\n",
    )
    .unwrap();
    let code = non_test_code(&file);
    assert!(code.contains("crate::ir") && !code.contains("crate::tui"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The layers point one way: no two modules may use each other, except the
/// pairs below, each with its reason.
#[test]
fn no_new_cycles_between_modules() {
    // `script` validates what it parsed; `validate` prints through `script`
    // to mark the IR in its reports (only when shown).
    const KNOWN: &[(&str, &str)] = &[("script", "validate")];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mods = modules(&src);
    let allowed: BTreeMap<&String, BTreeSet<String>> = mods
        .iter()
        .map(|(n, (root, _))| (n, may_use(root).unwrap_or_default()))
        .collect();
    let mut cycles = Vec::new();
    for (a, uses) in &allowed {
        for b in uses {
            let back = allowed.get(b).is_some_and(|u| u.contains(*a));
            let known = KNOWN
                .iter()
                .any(|(x, y)| (x == a && y == b) || (y == a && x == b));
            if back && a.as_str() < b.as_str() && !known {
                cycles.push(format!("{a} <-> {b}"));
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "modules that may use each other: {cycles:?}"
    );
}
