//! Tensor intrinsics a workload file declares, as TVM's schedule tests
//! register theirs: `TensorIntrin.register("name", desc_func, impl_func)` at
//! module level (any prefix: `tirx.`, `tvm.tir.`), naming two `@T.prim_func`
//! functions of the same file. The file stays the one self-contained input;
//! everything is checked here, before any schedule runs: the functions exist,
//! their parameters are buffers that correspond one to one, and each impl
//! buffer's region is declared by its root block (TVM binds the impl's
//! buffers to those regions).

use crate::diag::Span;
use crate::ir::{DeclaredIntrin, PrimFunc};
use crate::script::ast::{self, ExprKind};
use crate::script::error::{ParseError, Result};

/// The most intrinsics one file may declare (untrusted input stays bounded).
pub const MAX_DECLARED_INTRINS: usize = 64;

/// One `TensorIntrin.register(...)` statement, before its functions are looked up.
pub(super) struct Registration {
    name: String,
    span: Span,
    desc: (String, Span),
    implementation: (String, Span),
    /// `override=True`: replaces an earlier registration of the same name (TVM's keyword).
    replaces: bool,
}

/// `Some` when `e` is a `TensorIntrin.register(...)` call (checked), `None` otherwise.
pub(super) fn registration(e: &ast::Expr) -> Option<Result<Registration>> {
    let ExprKind::Call { func, args, kwargs } = &e.kind else {
        return None;
    };
    let path = func.dotted()?;
    if !path.ends_with(&["TensorIntrin", "register"]) {
        return None;
    }
    Some(read_registration(e.span, args, kwargs))
}

fn read_registration(
    span: Span,
    args: &[ast::Expr],
    kwargs: &[ast::Keyword],
) -> Result<Registration> {
    let usage = "`TensorIntrin.register(\"name\", desc_func, impl_func)`";
    let [name, desc, implementation] = args else {
        return Err(ParseError::semantic(
            span,
            format!(
                "`TensorIntrin.register` takes 3 arguments, got {}",
                args.len()
            ),
        )
        .with_label("wrong number of arguments")
        .with_help(format!("write {usage}")));
    };
    let Some(intrin) = name.as_str().filter(|s| valid_name(s)) else {
        return Err(ParseError::semantic(
            name.span,
            "the intrinsic's name must be a string of letters, digits, `_`, `.` or `-` (at most 128)",
        )
        .with_label("not a valid intrinsic name")
        .with_help(format!("write {usage}")));
    };
    let mut replaces = false;
    for kw in kwargs {
        match (kw.name.name.as_str(), &kw.value.kind) {
            ("override", ExprKind::Bool(b)) => replaces = *b,
            _ => {
                return Err(ParseError::semantic(
                    kw.name.span,
                    format!(
                        "`TensorIntrin.register` takes no keyword `{}`",
                        kw.name.name
                    ),
                )
                .with_label("unexpected keyword")
                .with_help("the only keyword is `override=True` or `override=False`"))
            }
        }
    }
    Ok(Registration {
        name: intrin.to_string(),
        span,
        desc: function_name(desc)?,
        implementation: function_name(implementation)?,
        replaces,
    })
}

fn valid_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 128
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// A function named bare (`mma_desc`) or as a string (`"mma_desc"`).
fn function_name(e: &ast::Expr) -> Result<(String, Span)> {
    match &e.kind {
        ExprKind::Name(n) | ExprKind::Str(n) => Ok((n.clone(), e.span)),
        _ => Err(ParseError::semantic(e.span, "expected the name of a function of this file")
            .with_label("not a function name")
            .with_help("the description and the implementation are `@T.prim_func` functions of the same file")),
    }
}

/// The declared intrinsics, each with its two functions, checked.
pub(super) fn resolve(regs: Vec<Registration>, funcs: &[PrimFunc]) -> Result<Vec<DeclaredIntrin>> {
    let mut out: Vec<DeclaredIntrin> = Vec::new();
    for reg in regs {
        let desc = find(funcs, &reg.desc)?;
        let implementation = find(funcs, &reg.implementation)?;
        check_pair(&reg, desc, implementation)?;
        let declared = DeclaredIntrin {
            name: reg.name.clone(),
            desc: desc.clone(),
            implementation: implementation.clone(),
        };
        match out.iter().position(|d| d.name == reg.name) {
            Some(i) if reg.replaces => out[i] = declared,
            Some(_) => {
                return Err(ParseError::semantic(
                    reg.span,
                    format!("the tensor intrinsic `{}` is registered twice", reg.name),
                )
                .with_label("registered again here")
                .with_help(
                    "TVM refuses this too; pass `override=True` to replace the earlier one",
                ))
            }
            None => out.push(declared),
        }
        if out.len() > MAX_DECLARED_INTRINS {
            return Err(ParseError::semantic(
                reg.span,
                format!("a workload may declare at most {MAX_DECLARED_INTRINS} tensor intrinsics"),
            )
            .with_label("one too many"));
        }
    }
    Ok(out)
}

fn find<'a>(funcs: &'a [PrimFunc], (name, span): &(String, Span)) -> Result<&'a PrimFunc> {
    funcs.iter().find(|f| &f.name == name).ok_or_else(|| {
        ParseError::semantic(*span, format!("no function named `{name}` in the file"))
            .with_label("not a function of this file")
            .with_expected(funcs.iter().map(|f| format!("`{}`", f.name)))
    })
}

/// TVM pairs the impl's parameters with the description's, in order, and
/// binds each impl buffer to the region its root block declares.
fn check_pair(reg: &Registration, desc: &PrimFunc, implementation: &PrimFunc) -> Result<()> {
    let fail = |why: String| {
        Err(
            ParseError::semantic(reg.span, format!("tensor intrinsic `{}`: {why}", reg.name))
                .with_label("in this registration"),
        )
    };
    if desc.params.len() != implementation.params.len() {
        return fail(format!(
            "the description `{}` has {} parameters and the implementation `{}` {}",
            desc.name,
            desc.params.len(),
            implementation.name,
            implementation.params.len()
        ));
    }
    let (Some(_), Some(impl_root)) = (desc.root_block(), implementation.root_block()) else {
        return fail("both functions need a root block (`with T.sblock(\"root\"):`)".into());
    };
    for (d, i) in desc.params.iter().zip(&implementation.params) {
        let (Some(db), Some(ib)) = (d.buffer, i.buffer) else {
            return fail(format!(
                "parameter `{}` / `{}` is not a buffer; an intrinsic's parameters are all buffers",
                d.name, i.name
            ));
        };
        let (dbuf, ibuf) = (desc.buffer(db), implementation.buffer(ib));
        if dbuf.dtype != ibuf.dtype || dbuf.const_shape() != ibuf.const_shape() {
            return fail(format!(
                "the implementation's `{}` ({} {:?}) differs from the description's `{}` ({} {:?})",
                ibuf.name,
                ibuf.dtype,
                ibuf.const_shape().unwrap_or_default(),
                dbuf.name,
                dbuf.dtype,
                dbuf.const_shape().unwrap_or_default()
            ));
        }
        if dbuf.const_shape().is_none() {
            return fail(format!("`{}` needs a constant shape", dbuf.name));
        }
        let declared = impl_root
            .reads
            .iter()
            .chain(&impl_root.writes)
            .any(|r| r.buffer == ib);
        if !declared {
            return fail(format!(
                "the implementation's root block declares no region of `{}` (T.reads/T.writes); tensorize binds the buffer to it",
                ibuf.name
            ));
        }
    }
    Ok(())
}
