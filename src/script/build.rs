//! AST -> IR: gives the parsed Python its TIR meaning.
//!
//! This file handles the module level (imports and their aliases, integer
//! constants, `@T.prim_func` functions and `@I.ir_module` classes); `func.rs`
//! the signature and root block, `stmt.rs` statements and loops, `block.rs`
//! blocks, `expr.rs` / `call.rs` expressions and their dtypes, `args.rs`
//! argument lists, and `decl.rs` buffer declarations and constants.
//! Both TVM spellings (`T.block`/`T.sblock`, `tir`/`tirx`, ...) are accepted.
//! Semantic errors carry the span of the culprit. Depends on `ir` and on
//! `arith::region` for omitted `T.reads`/`T.writes`.

mod args;
mod bitwise;
mod block;
mod builtin;
mod call;
mod decl;
mod expr;
mod func;
mod index_reads;
pub(crate) use index_reads::index_caches;
mod intrin_decl;
mod stmt;
mod vector;

use std::collections::HashMap;

use super::ast::{self, ExprKind, StmtKind};
use super::error::{ParseError, Result};
use super::parser;
use crate::diag::Span;
use crate::ir::{Module, PrimFunc};

/// Parses a TVMScript file into a module of functions; a file without any
/// function (empty, comments only, an empty `ir_module`) is an error.
pub fn parse_module(src: &str) -> Result<Module> {
    let module = parser::with_parse_stack(|| build_here(&parser::parse_here(src)?))?;
    if module.funcs.is_empty() {
        return Err(ParseError::semantic(
            Span::default(),
            "the file defines no `@T.prim_func` function",
        )
        .with_label("in this file")
        .with_help(
            "a workload is one `@T.prim_func` function, or an `@I.ir_module` class holding several",
        ));
    }
    Ok(module)
}

/// The function named `func`, else the one TVM's Schedule works on when
/// none is named (`entry_func`); a module with several functions and none
/// named `main` has none, an error saying how to choose one.
pub fn parse_func(src: &str, func: Option<&str>) -> Result<PrimFunc> {
    take_func(parse_module(src)?, func)
}

/// `parse_func` on a parsed module: the chosen function, carrying the
/// module's declared tensor intrinsics.
pub fn take_func(mut module: Module, func: Option<&str>) -> Result<PrimFunc> {
    let found = match func {
        Some(name) => module.funcs.iter().position(|f| f.name == name),
        None => entry_func(&module),
    };
    match found {
        Some(i) => {
            let mut f = module.funcs.swap_remove(i);
            f.tensor_intrins = std::sync::Arc::new(std::mem::take(&mut module.tensor_intrins));
            Ok(f)
        }
        None => {
            let names = module.funcs.iter().map(|f| format!("`{}`", f.name));
            match func {
                Some(name) => Err(ParseError::semantic(
                    Span::default(),
                    format!("no function named `{name}` in the file"),
                )
                .with_label("in this file")
                .with_expected(names)),
                None => Err(
                    ParseError::semantic(Span::default(), no_func_chosen(&module))
                        .with_label("in this file")
                        .with_help(CHOOSE_FUNC_HELP),
                ),
            }
        }
    }
}

/// How a user names the function of a module with several.
pub const CHOOSE_FUNC_HELP: &str = "name the function: a session's `func: NAME` or a first step \
`{op: work_on, func_name: NAME}` (the explorer opens such a session), or `--func NAME` \
(`tirtui schedule`, `tirtui tune`)";

/// Why no function is chosen: the candidates listed.
pub fn no_func_chosen(module: &Module) -> String {
    let names: Vec<String> = scheduled_funcs(module)
        .iter()
        .map(|name| format!("`{name}`"))
        .collect();
    format!(
        "the module has {} functions ({}) and none is named `main`, so no function is chosen \
         (TVM's Schedule works on none until `work_on` names one)",
        names.len(),
        names.join(", ")
    )
}

/// The functions a schedule may work on: the module's, less those that
/// describe or implement a declared tensor intrinsic.
pub fn scheduled_funcs(module: &Module) -> Vec<&str> {
    let is_intrin = |name: &str| {
        module
            .tensor_intrins
            .iter()
            .any(|t| t.desc.name == name || t.implementation.name == name)
    };
    module
        .funcs
        .iter()
        .map(|f| f.name.as_str())
        .filter(|name| !is_intrin(name))
        .collect()
}

/// The function TVM's Schedule works on when none is named (its
/// `FindEntryFunc`, TVM 0.27): the one named `main`, else the only one;
/// `None` when neither exists (several functions, none `main`).
pub fn entry_func(module: &Module) -> Option<usize> {
    let candidates = scheduled_funcs(module);
    let chosen = if candidates.contains(&"main") {
        "main"
    } else if let [only] = candidates.as_slice() {
        only
    } else {
        return None;
    };
    module.funcs.iter().position(|f| f.name == chosen)
}

/// A parsed function must also be well-formed IR (TVM's parser runs its
/// well-formedness check too): e.g. a block that uses a loop variable from
/// outside it parses but means nothing.
fn validated(f: PrimFunc, def: &ast::FuncDef) -> Result<PrimFunc> {
    match crate::validate::validate(&f) {
        Ok(()) => Ok(f),
        Err(e) => {
            let whats: Vec<String> = e.violations.iter().map(|v| v.describe(&f)).collect();
            Err(ParseError::semantic(
                def.name.span,
                format!("the function is not well-formed: {}", whats.join("; ")),
            )
            .with_label("in this function"))
        }
    }
}

/// Builds the IR from a parsed file.
pub fn build_module(tree: &ast::Module) -> Result<Module> {
    parser::with_parse_stack(|| build_here(tree))
}

fn build_here(tree: &ast::Module) -> Result<Module> {
    let mut ctx = ModuleCtx::new();
    let mut module = Module {
        name: None,
        funcs: Vec::new(),
        tensor_intrins: Vec::new(),
    };
    let mut registrations = Vec::new();
    for stmt in &tree.body {
        match &stmt.kind {
            StmtKind::Import(names) => {
                for n in names {
                    let path = join_path(&n.path);
                    match &n.alias {
                        Some(alias) => ctx.aliases.insert(alias.name.clone(), path),
                        // `import tvm.script` binds `tvm`.
                        None => ctx.aliases.insert(n.path[0].name.clone(), n.path[0].name.clone()),
                    };
                }
            }
            StmtKind::FromImport { module: from, names } => {
                let base = join_path(from);
                for n in names {
                    let name = &n.path[0].name;
                    let local = n.alias.as_ref().map_or(name, |a| &a.name);
                    ctx.aliases.insert(local.clone(), format!("{base}.{name}"));
                }
            }
            StmtKind::Assign { targets, value } => ctx.constant(targets, value)?,
            StmtKind::AnnAssign {
                target,
                value: Some(value),
                ..
            } => ctx.constant(std::slice::from_ref(target), value)?,
            StmtKind::FuncDef(def) => module.funcs.push(validated(func::build_func(&ctx, def)?, def)?),
            StmtKind::ClassDef(class) => {
                ctx.check_ir_module(class)?;
                module.name = Some(class.name.name.clone());
                for item in &class.body {
                    match &item.kind {
                        StmtKind::FuncDef(def) => module.funcs.push(validated(func::build_func(&ctx, def)?, def)?),
                        StmtKind::Pass => {}
                        StmtKind::Expr(e) if matches!(e.kind, ExprKind::Str(_)) => {}
                        _ => {
                            return Err(ParseError::semantic(
                                item.span,
                                "an IR module class may only hold `@T.prim_func` functions",
                            )
                            .with_label("not a function"))
                        }
                    }
                }
            }
            StmtKind::Pass => {}
            StmtKind::Expr(e) if matches!(e.kind, ExprKind::Str(_)) => {}
            StmtKind::Expr(e) if intrin_decl::registration(e).is_some() => {
                if let Some(reg) = intrin_decl::registration(e) {
                    registrations.push(reg?);
                }
            }
            _ => {
                return Err(ParseError::semantic(
                    stmt.span,
                    "unsupported statement at module level",
                )
                .with_label("not an import, a constant, a function or a module class")
                .with_help("a workload file holds imports, integer constants (`M = 1024`) and TVMScript functions"))
            }
        }
    }
    module.tensor_intrins = intrin_decl::resolve(registrations, &module.funcs)?;
    Ok(module)
}

fn join_path(path: &[ast::Ident]) -> String {
    path.iter()
        .map(|i| i.name.as_str())
        .collect::<Vec<_>>()
        .join(".")
}

/// Prefixes under which TIR's script namespace is found, old and new.
const TIR_MODULES: [&str; 5] = [
    "tvm.script.tir",
    "tvm.script.tirx",
    "tvm.tir",
    "tvm.tirx",
    "tvm.script.parser.tir",
];

/// What the module level defines: import aliases and integer constants.
pub(super) struct ModuleCtx {
    /// Local name -> full dotted path (`T` -> `tvm.script.tir`).
    aliases: HashMap<String, String>,
    pub consts: HashMap<String, i64>,
    /// `n = TypeVar("n")`: symbolic int64 shape variables that a function's
    /// signature may use without declaring them (TVM's parser, 0.27).
    pub type_vars: Vec<String>,
}

impl ModuleCtx {
    fn new() -> ModuleCtx {
        // TVMScript snippets often leave out their imports; assume the usual ones.
        let aliases = [
            ("T", "tvm.script.tir"),
            ("I", "tvm.script.ir"),
            ("tvm", "tvm"),
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        ModuleCtx {
            aliases,
            consts: HashMap::new(),
            type_vars: Vec::new(),
        }
    }

    /// The full dotted path of `a.b.c`, with the head resolved through imports.
    pub fn path(&self, e: &ast::Expr) -> Option<String> {
        let mut path = String::with_capacity(48);
        self.write_path(e, &mut path)?;
        Some(path)
    }

    fn write_path(&self, e: &ast::Expr, out: &mut String) -> Option<()> {
        match &e.kind {
            ExprKind::Name(head) => out.push_str(self.aliases.get(head)?),
            ExprKind::Attr(base, attr) => {
                self.write_path(base, out)?;
                out.push('.');
                out.push_str(&attr.name);
            }
            _ => return None,
        }
        Some(())
    }

    /// For `T.axis.remap` (under any TIR alias) gives `axis.remap`.
    pub fn tir_name(&self, e: &ast::Expr) -> Option<String> {
        let mut path = self.path(e)?;
        let prefix = TIR_MODULES.iter().find_map(|m| {
            path.strip_prefix(m)
                .filter(|rest| rest.starts_with('.'))
                .map(|_| m.len() + 1)
        })?;
        path.replace_range(..prefix, "");
        Some(path)
    }

    /// Whether `e` is a name that resolves to an import (so it is not a program variable).
    pub fn is_alias(&self, name: &str) -> bool {
        self.aliases.contains_key(name)
    }

    fn check_ir_module(&self, class: &ast::ClassDef) -> Result<()> {
        let ok = class.decorators.iter().any(|d| {
            let target = match &d.kind {
                ExprKind::Call { func, .. } => func,
                _ => d,
            };
            self.path(target)
                .is_some_and(|p| p.ends_with(".ir_module") || p == "tvm.script.ir_module")
        });
        if ok {
            return Ok(());
        }
        Err(
            ParseError::semantic(class.name.span, "a class must be an IR module")
                .with_label("missing `@I.ir_module`")
                .with_expected(["`@I.ir_module`", "`@tvm.script.ir_module`"]),
        )
    }

    /// `M = 1024`, `M = N = K = 1024`, `N = M * 2`; `n = TypeVar("n")`.
    fn constant(&mut self, targets: &[ast::Expr], value: &ast::Expr) -> Result<()> {
        if let Some(name) = self.type_var(targets, value)? {
            self.type_vars.push(name);
            return Ok(());
        }
        let v = decl::const_int(value, &self.consts).ok_or_else(|| {
            ParseError::semantic(value.span, "module-level values must be integer constants")
                .with_label("not an integer constant")
                .with_help("shapes and extents may use constants such as `M = 1024`")
        })?;
        for t in targets {
            let Some(name) = t.as_name() else {
                return Err(ParseError::semantic(
                    t.span,
                    "expected a name to assign the constant to",
                )
                .with_label("not a name"));
            };
            self.consts.insert(name.to_string(), v);
        }
        Ok(())
    }

    /// The name `n = TypeVar("n")` declares, if `value` is such a call (the
    /// name and the string must agree, as TVM's parser requires).
    fn type_var(&self, targets: &[ast::Expr], value: &ast::Expr) -> Result<Option<String>> {
        let ExprKind::Call { func, args, kwargs } = &value.kind else {
            return Ok(None);
        };
        let is_type_var = func.as_name() == Some("TypeVar")
            || func.dotted().is_some_and(|p| p == ["typing", "TypeVar"]);
        if !is_type_var {
            return Ok(None);
        }
        let declared = args.first().and_then(|a| a.as_str());
        match (targets, declared) {
            ([t], Some(text))
                if args.len() == 1 && kwargs.is_empty() && t.as_name() == Some(text) =>
            {
                Ok(Some(text.to_string()))
            }
            _ => Err(ParseError::semantic(
                value.span,
                "a TypeVar must be bound to its own name: `n = TypeVar(\"n\")`",
            )
            .with_label("not a symbolic shape variable TVM reads")
            .with_help("constraints, bounds and other names are not shape variables")),
        }
    }
}
