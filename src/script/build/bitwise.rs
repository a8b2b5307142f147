//! TVM's bitwise operators: `a << b`, `a >> b`, `a & b`, `a | b`, `a ^ b`,
//! `~a`, and their call forms `T.shift_left(a, b)`, `T.bitwise_and(a, b)` ...
//! They are integer calls (`ir::Intrinsic::ShiftLeft` ...), as in TVM, whose
//! printer writes them back as Python operators. Two Python numbers fold as
//! Python does; otherwise the operands take one integer type (TVM's
//! `BinaryOpMatchTypes`), and floats and booleans are refused.

use super::expr::TExpr;
use super::func::FuncBuilder;
use crate::diag::Span;
use crate::ir::{Expr, Intrinsic};
use crate::script::error::{ParseError, Result};

impl FuncBuilder<'_> {
    /// `intrin` (a bitwise one) on `a` and, for the binary ones, `b`.
    pub(super) fn bitwise(
        &mut self,
        intrin: Intrinsic,
        a: TExpr,
        b: Option<TExpr>,
        span: Span,
    ) -> Result<TExpr> {
        let sym = intrin.bit_operator().unwrap_or("?");
        let Some(b) = b else {
            if let (true, Expr::Int(x, _)) = (a.weak, &a.expr) {
                return Ok(TExpr::weak_int(!*x));
            }
            let a = integer(a, sym, span)?;
            let dtype = a.dtype;
            return Ok(TExpr::strong(Expr::Call(intrin, vec![a.expr]), dtype));
        };
        if let (true, true, Expr::Int(x, _), Expr::Int(y, _)) = (a.weak, b.weak, &a.expr, &b.expr) {
            return fold(intrin, *x, *y, span).map(TExpr::weak_int);
        }
        let (a, b) = self.unify(a, b, span)?;
        let (a, b) = (integer(a, sym, span)?, integer(b, sym, span)?);
        let dtype = a.dtype;
        Ok(TExpr::strong(
            Expr::Call(intrin, vec![a.expr, b.expr]),
            dtype,
        ))
    }
}

fn integer(v: TExpr, sym: &str, span: Span) -> Result<TExpr> {
    if v.dtype.is_int() {
        return Ok(v);
    }
    Err(ParseError::semantic(
        span,
        format!("`{sym}` needs integer operands, found {}", v.dtype),
    )
    .with_label("not an integer")
    .with_help("TVM's bitwise operators take int and uint types; cast with `T.Cast`"))
}

/// Two Python integers, as Python computes them.
fn fold(intrin: Intrinsic, x: i64, y: i64, span: Span) -> Result<i64> {
    let bad_shift = || {
        ParseError::semantic(span, format!("cannot shift by {y}"))
            .with_label("the shift must be in [0, 64) for a constant here")
    };
    Ok(match intrin {
        Intrinsic::BitwiseAnd => x & y,
        Intrinsic::BitwiseOr => x | y,
        Intrinsic::BitwiseXor => x ^ y,
        Intrinsic::ShiftRight => {
            x >> u32::try_from(y)
                .ok()
                .filter(|s| *s < 64)
                .ok_or_else(bad_shift)?
        }
        _ => {
            let s = u32::try_from(y)
                .ok()
                .filter(|s| *s < 64)
                .ok_or_else(bad_shift)?;
            x.checked_shl(s).filter(|r| r >> s == x).ok_or_else(|| {
                ParseError::semantic(span, "integer overflow in a constant expression")
                    .with_label("overflows 64 bits")
            })?
        }
    })
}
