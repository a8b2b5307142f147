//! Argument lists of `T.*` calls: positional-or-keyword lookup, with errors for
//! missing, extra and unknown arguments that point at the culprit.

use crate::diag::Span;
use crate::script::ast::{Expr, Keyword};
use crate::script::error::{ParseError, Result};

/// One call's arguments, matched against a signature of parameter names.
pub(super) struct Args<'a> {
    /// `T.match_buffer` and the like, for messages.
    pub func: String,
    pub span: Span,
    positional: &'a [Expr],
    kwargs: &'a [Keyword],
    params: &'a [&'a str],
}

impl<'a> Args<'a> {
    /// Checks the arguments against `params` (in positional order) right away.
    pub fn new(
        func: impl Into<String>,
        span: Span,
        positional: &'a [Expr],
        kwargs: &'a [Keyword],
        params: &'a [&'a str],
    ) -> Result<Args<'a>> {
        let args = Args {
            func: func.into(),
            span,
            positional,
            kwargs,
            params,
        };
        if let Some(extra) = positional.get(params.len()) {
            return Err(ParseError::semantic(
                extra.span,
                format!(
                    "`{}` takes at most {} argument{}, got {}",
                    args.func,
                    params.len(),
                    plural(params.len()),
                    positional.len()
                ),
            )
            .with_label("unexpected argument"));
        }
        for (i, kw) in kwargs.iter().enumerate() {
            let pos = params.iter().position(|p| *p == kw.name.name);
            match pos {
                None => {
                    return Err(ParseError::semantic(
                        kw.name.span,
                        format!(
                            "unexpected keyword argument `{}` for `{}`",
                            kw.name.name, args.func
                        ),
                    )
                    .with_label("unknown keyword")
                    .with_expected(params.iter().map(|p| format!("`{p}`"))))
                }
                Some(p) if p < positional.len() => {
                    return Err(ParseError::semantic(
                        kw.name.span,
                        format!("`{}` got `{}` twice", args.func, kw.name.name),
                    )
                    .with_label("already given by position"))
                }
                Some(_) => {}
            }
            if kwargs[..i].iter().any(|k| k.name.name == kw.name.name) {
                return Err(ParseError::semantic(
                    kw.name.span,
                    format!("`{}` got `{}` twice", args.func, kw.name.name),
                )
                .with_label("repeated keyword"));
            }
        }
        Ok(args)
    }

    /// The argument for parameter `name`, by position or keyword.
    pub fn get(&self, name: &str) -> Option<&'a Expr> {
        let idx = self.params.iter().position(|p| *p == name)?;
        if let Some(e) = self.positional.get(idx) {
            return Some(e);
        }
        self.kwargs
            .iter()
            .find(|k| k.name.name == name)
            .map(|k| &k.value)
    }

    /// Like `get`, but a missing argument is an error.
    pub fn require(&self, name: &str) -> Result<&'a Expr> {
        self.get(name).ok_or_else(|| {
            ParseError::semantic(
                self.span,
                format!("`{}` is missing its `{name}` argument", self.func),
            )
            .with_label(format!("needs `{name}`"))
        })
    }
}

/// Checks that a call has exactly `N` positional arguments and no keywords.
pub(super) fn exact<'a, const N: usize>(
    func: &str,
    span: Span,
    args: &'a [Expr],
    kwargs: &[Keyword],
) -> Result<&'a [Expr; N]> {
    exact_slice(func, span, args, kwargs, N)?
        .try_into()
        .map_err(|_| {
            ParseError::semantic(span, format!("`{func}` got the wrong number of arguments"))
        })
}

/// Checks that a call has exactly `n` positional arguments and no keywords.
pub(super) fn exact_slice<'a>(
    func: &str,
    span: Span,
    args: &'a [Expr],
    kwargs: &[Keyword],
    n: usize,
) -> Result<&'a [Expr]> {
    if let Some(kw) = kwargs.first() {
        return Err(ParseError::semantic(
            kw.name.span,
            format!("`{func}` takes no keyword arguments"),
        )
        .with_label("unexpected keyword"));
    }
    if args.len() != n {
        return Err(ParseError::semantic(
            span,
            format!(
                "`{func}` takes {n} argument{}, got {}",
                plural(n),
                args.len()
            ),
        )
        .with_label(format!("expected {n} argument{}", plural(n))));
    }
    Ok(args)
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
