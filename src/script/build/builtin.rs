//! TVM builtins in expression position (`T.tvm_access_ptr(...)`,
//! `T.call_extern("void", "f", B.data)`, ...) and the operands only they
//! take: string literals, `B.data` and `B.elem_offset`. They are kept as
//! written (`ir::builtin`): tirtui schedules around them, prints them back as
//! TVM does and refuses to compute them.

use super::expr::TExpr;
use super::func::{FuncBuilder, Sym};
use crate::diag::Span;
use crate::ir::{Builtin, DataType, Expr, Opaque};
use crate::script::ast::{self, ExprKind};
use crate::script::error::{ParseError, Result};

impl FuncBuilder<'_> {
    /// `T.<builtin>(args)`: arity checked as TVM's op registry does.
    pub(super) fn builtin_call(
        &mut self,
        op: Builtin,
        span: Span,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<TExpr> {
        if Self::is_vector_builtin(op) {
            return self.vector_builtin(op, span, args, kwargs);
        }
        let what = format!("T.{}", op.name());
        // TVMScript's `dtype="handle"` (the value's type) is all a builtin takes.
        let mut dtype_kw = None;
        for kw in kwargs {
            match (kw.name.name.as_str(), kw.value.as_str()) {
                ("dtype", Some(t)) if dtype_kw.is_none() => dtype_kw = Some((t, kw.value.span)),
                _ => {
                    return Err(ParseError::semantic(
                        kw.name.span,
                        format!("`{what}` takes no keyword arguments but `dtype=\"...\"`"),
                    )
                    .with_label("unexpected keyword"))
                }
            }
        }
        if let Some(n) = op.arity() {
            if args.len() != n {
                return Err(ParseError::semantic(
                    span,
                    format!("`{what}` takes {n} arguments, got {}", args.len()),
                )
                .with_label("wrong number of arguments"));
            }
        }
        let mut built = Vec::with_capacity(args.len());
        let mut first_dtype = None;
        for a in args {
            let e = match &a.kind {
                ExprKind::Str(s) => Expr::Opaque(Box::new(Opaque::Str(s.clone()))),
                _ if is_handle_type(a) => Expr::Opaque(Box::new(Opaque::Str("handle".into()))),
                _ => {
                    let v = self.expr(a)?;
                    first_dtype.get_or_insert(v.dtype);
                    v.expr
                }
            };
            built.push(e);
        }
        let mut lanes = 1;
        let dtype = match op {
            Builtin::QMultiplyShift | Builtin::QMultiplyShiftPerAxis => {
                first_dtype.unwrap_or(DataType::I32)
            }
            // TVM's source form `T.call_extern("f", ..., dtype="int32")`
            // prints as `T.call_extern("int32", "f", ...)`: kept that way.
            Builtin::CallExtern | Builtin::CallPureExtern if dtype_kw.is_some() => {
                let (name, _) = dtype_kw.unwrap_or(("void", span));
                built.insert(0, Expr::Opaque(Box::new(Opaque::Str(name.to_string()))));
                DataType::I32
            }
            Builtin::CallExtern | Builtin::CallPureExtern => {
                let (dtype, n) = extern_dtype(&what, span, args)?;
                lanes = n;
                dtype
            }
            // Pointers and effects (TVM's `handle`).
            _ => DataType::I32,
        };
        self.vectors |= lanes != 1;
        let dtype = match dtype_kw {
            None | Some(("handle" | "void", _)) => dtype,
            Some((name, span)) => DataType::from_name(name).ok_or_else(|| {
                ParseError::semantic(span, format!("unknown dtype `{name}`"))
                    .with_label("not a TVM dtype")
            })?,
        };
        Ok(TExpr::strong(
            Expr::Opaque(Box::new(Opaque::Call {
                op,
                dtype,
                lanes,
                args: built,
            })),
            dtype,
        ))
    }

    /// `B.data` or `B.elem_offset` when `base` names a buffer in scope.
    pub(super) fn buffer_attr(&self, e: &ast::Expr) -> Option<Result<TExpr>> {
        let ExprKind::Attr(base, attr) = &e.kind else {
            return None;
        };
        let Some(Sym::Buffer(b)) = base.as_name().and_then(|n| self.lookup(n)) else {
            return None;
        };
        Some(match attr.name.as_str() {
            "data" => Ok(TExpr::strong(
                Expr::Opaque(Box::new(Opaque::Data(b))),
                DataType::I32,
            )),
            "elem_offset" => Ok(TExpr::strong(
                Expr::Opaque(Box::new(Opaque::ElemOffset(b))),
                DataType::I32,
            )),
            other => Err(ParseError::semantic(
                attr.span,
                format!("buffer attribute `.{other}` is not supported"),
            )
            .with_label("not `.data` or `.elem_offset`")
            .with_help("TVM's builtins take a buffer's `.data` pointer or its `.elem_offset`")),
        })
    }
}

/// The value type `T.call_extern("dtype", ...)` names first (TVM prints the
/// call's dtype there); `void` and `handle` are used for their effect.
fn extern_dtype(what: &str, span: Span, args: &[ast::Expr]) -> Result<(DataType, u32)> {
    let Some(first) = args.first() else {
        return Err(ParseError::semantic(
            span,
            format!("`{what}` needs the result dtype and the function name first"),
        )
        .with_label("no arguments"));
    };
    let name = if is_handle_type(first) {
        Some("handle")
    } else {
        first.as_str()
    };
    match name {
        Some("void") | Some("handle") => Ok((DataType::I32, 1)),
        Some(name) => DataType::parse_lanes(name).ok_or_else(|| {
            ParseError::semantic(first.span, format!("unknown dtype `{name}`"))
                .with_label("not a TVM dtype")
        }),
        None => Err(ParseError::semantic(
            first.span,
            format!("`{what}` takes the result dtype as a string first"),
        )
        .with_label("expected a string such as \"void\"")),
    }
}

/// `T.handle().ty`: how TVM 0.27 prints a `"handle"` result type of
/// `T.call_extern` (read as the string `"handle"`, which TVM takes alike).
fn is_handle_type(e: &ast::Expr) -> bool {
    let ExprKind::Attr(base, attr) = &e.kind else {
        return false;
    };
    let ExprKind::Call { func, args, kwargs } = &base.kind else {
        return false;
    };
    attr.name == "ty"
        && args.is_empty()
        && kwargs.is_empty()
        && func
            .dotted()
            .is_some_and(|p| p.len() == 2 && p[1] == "handle")
}
