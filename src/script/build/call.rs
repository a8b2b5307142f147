//! `T.*` calls in expression position: dtype constructors (`T.float32(0)`),
//! `T.Cast`, `T.Select`, `T.if_then_else`, `T.min`/`T.max`, the division
//! family, `T.min_value`/`T.max_value` and the intrinsics of `ir::Intrinsic`.

use super::args::{exact, exact_slice};
use super::expr::{cast, TExpr};
use super::func::FuncBuilder;
use crate::diag::Span;
use crate::ir::{BinOp, DataType, Expr, Intrinsic};
use crate::script::ast;
use crate::script::error::{ParseError, Result};

/// Expression functions this builder knows, for "did you mean" help.
const EXPR_FUNCS: [&str; 11] = [
    "Cast",
    "cast",
    "Select",
    "min",
    "max",
    "floordiv",
    "floormod",
    "truncdiv",
    "truncmod",
    "min_value",
    "max_value",
];

/// TVM functions of lowered (non-block) TIR, which tirtui does not read.
const LOWERED_FUNCS: [&str; 8] = [
    "launch_thread",
    "allocate",
    "decl_buffer",
    "env_thread",
    "attr",
    "assume",
    "tvm_storage_sync",
    "address_of",
];

/// Statement-only `T.*` names, which must not be reported as unknown.
pub(super) const STMT_FUNCS: [&str; 18] = [
    "block",
    "sblock",
    "init",
    "axis",
    "reads",
    "writes",
    "where",
    "block_attr",
    "sblock_attr",
    "func_attr",
    "alloc_buffer",
    "sblock_alloc_buffer",
    "match_buffer",
    "evaluate",
    "serial",
    "parallel",
    "grid",
    "thread_binding",
];

fn dtype_limit(dtype: DataType, max: bool) -> Expr {
    let (lo, hi): (i64, i64) = match dtype {
        DataType::Bool => (0, 1),
        DataType::I8 => (i8::MIN.into(), i8::MAX.into()),
        DataType::I16 => (i16::MIN.into(), i16::MAX.into()),
        DataType::I32 => (i32::MIN.into(), i32::MAX.into()),
        DataType::I64 => (i64::MIN, i64::MAX),
        DataType::U8 | DataType::U16 | DataType::U32 | DataType::U64 => {
            dtype.int_range().unwrap_or((0, i64::MAX))
        }
        DataType::F16 => return Expr::Float(if max { 65504.0 } else { -65504.0 }, dtype),
        DataType::BF16 => {
            let m = 3.389_531_389_251_535_5e38;
            return Expr::Float(if max { m } else { -m }, dtype);
        }
        DataType::F32 => {
            let m = f64::from(f32::MAX);
            return Expr::Float(if max { m } else { -m }, dtype);
        }
        DataType::F64 => return Expr::Float(if max { f64::MAX } else { f64::MIN }, dtype),
    };
    let v = if max { hi } else { lo };
    if dtype.is_bool() {
        Expr::bool(v != 0)
    } else {
        Expr::Int(v, dtype)
    }
}

impl FuncBuilder<'_> {
    pub fn call_expr(
        &mut self,
        call: &ast::Expr,
        func: &ast::Expr,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<TExpr> {
        let Some(name) = self.m.tir_name(func) else {
            let shown = func
                .dotted()
                .map(|p| p.join("."))
                .unwrap_or_else(|| "this".to_string());
            return Err(
                ParseError::semantic(func.span, format!("unknown function `{shown}`"))
                    .with_label("not a TIR function")
                    .with_help("TIR functions are written `T.name(...)`"),
            );
        };
        let what = format!("T.{name}");
        if let Some(dtype) = DataType::from_name(&name) {
            let [x] = exact::<1>(&what, call.span, args, kwargs)?;
            let v = self.expr(x)?;
            if let Expr::Int(value, _) = v.expr {
                check_int_range(value, dtype, x.span)?;
            }
            return Ok(cast(dtype, v));
        }
        if let Some(intrin) = Intrinsic::from_name(&name) {
            return self.intrinsic(intrin, &what, call.span, args, kwargs);
        }
        if let Some(op) = crate::ir::Builtin::from_name(&name) {
            return self.builtin_call(op, call.span, args, kwargs);
        }
        match name.as_str() {
            "Cast" | "cast" => {
                let [a, b] = exact::<2>(&what, call.span, args, kwargs)?;
                // `T.Cast("float16", x)` as printed; `T.cast(x, "float16")` as in tvm.tir.
                let (dtype_e, value_e) = if name == "Cast" { (a, b) } else { (b, a) };
                let dtype = self.dtype_arg(dtype_e)?;
                let v = self.expr(value_e)?;
                Ok(match v.expr {
                    Expr::Int(..) | Expr::Float(..) => cast(dtype, v),
                    expr if v.dtype != dtype => {
                        TExpr::strong(Expr::Cast(dtype, Box::new(expr)), dtype)
                    }
                    expr => TExpr::strong(expr, dtype),
                })
            }
            "Select" => {
                let [c, a, b] = exact::<3>(&what, call.span, args, kwargs)?;
                let cond = self.condition(c, &what)?;
                let (a, b) = self.operands(a, b, call.span)?;
                let dtype = a.dtype;
                Ok(TExpr::strong(
                    Expr::Select(Box::new(cond), Box::new(a.expr), Box::new(b.expr)),
                    dtype,
                ))
            }
            "min" | "max" | "floordiv" | "floormod" | "truncdiv" | "truncmod" => {
                let [a, b] = exact::<2>(&what, call.span, args, kwargs)?;
                let (a, b) = self.operands(a, b, call.span)?;
                let op = match name.as_str() {
                    "min" => BinOp::Min,
                    "max" => BinOp::Max,
                    "floordiv" => BinOp::FloorDiv,
                    "floormod" => BinOp::FloorMod,
                    "truncdiv" => BinOp::Div,
                    _ => BinOp::Mod,
                };
                if a.dtype.is_bool() {
                    return Err(
                        ParseError::semantic(call.span, format!("`{what}` on booleans"))
                            .with_label("needs numbers"),
                    );
                }
                let dtype = a.dtype;
                Ok(TExpr::strong(Expr::binary(op, a.expr, b.expr), dtype))
            }
            "min_value" | "max_value" => {
                let [d] = exact::<1>(&what, call.span, args, kwargs)?;
                let dtype = self.dtype_arg(d)?;
                if dtype == DataType::U64 && name == "max_value" {
                    return Err(ParseError::semantic(
                        call.span,
                        "`T.max_value(\"uint64\")` does not fit tirtui's 64-bit signed integers",
                    )
                    .with_label("2**64 - 1 has no place here"));
                }
                Ok(TExpr::strong(
                    dtype_limit(dtype, name == "max_value"),
                    dtype,
                ))
            }
            _ => Err(self.unknown_function(&name, func.span)),
        }
    }

    /// Error for `T.<name>` that is not an expression function.
    pub fn unknown_function(&self, name: &str, span: Span) -> ParseError {
        if LOWERED_FUNCS.contains(&name) {
            return ParseError::semantic(span, format!("`T.{name}` belongs to lowered TIR, which is not supported"))
                .with_label("not block-level TIR")
                .with_help("write the workload with blocks (`with T.block(...)`), as TVM prints it before lowering");
        }
        if STMT_FUNCS.contains(&name) || name.starts_with("axis.") {
            return ParseError::semantic(span, format!("`T.{name}` is a statement, not a value"))
                .with_label("not an expression");
        }
        let known = EXPR_FUNCS
            .iter()
            .copied()
            .chain(STMT_FUNCS.iter().copied())
            .chain(Intrinsic::ALL.iter().map(|i| i.name()))
            .chain(crate::ir::Builtin::ALL.iter().map(|b| b.name()))
            .chain(DataType::ALL.iter().map(|t| t.name()));
        ParseError::semantic(span, format!("unknown function `T.{name}`"))
            .with_label("not a TIR function")
            .with_suggestion(name, known, "T.")
    }

    /// Two operands brought to one dtype.
    fn operands(&mut self, a: &ast::Expr, b: &ast::Expr, span: Span) -> Result<(TExpr, TExpr)> {
        let a = self.expr(a)?;
        let b = self.expr(b)?;
        let (a, b) = self.unify(a, b, span)?;
        // Two Python literals: fix them to their own dtypes.
        Ok((TExpr { weak: false, ..a }, TExpr { weak: false, ..b }))
    }

    /// A boolean operand.
    pub fn condition(&mut self, e: &ast::Expr, what: &str) -> Result<Expr> {
        let c = self.expr(e)?;
        if !c.dtype.is_bool() {
            return Err(ParseError::semantic(
                e.span,
                format!("`{what}` needs a boolean condition, found {}", c.dtype),
            )
            .with_label("not a boolean"));
        }
        Ok(c.expr)
    }

    fn intrinsic(
        &mut self,
        intrin: Intrinsic,
        what: &str,
        span: Span,
        args: &[ast::Expr],
        kwargs: &[ast::Keyword],
    ) -> Result<TExpr> {
        let args = exact_slice(what, span, args, kwargs, intrin.arity())?;
        if intrin.bit_operator().is_some() {
            let a = self.expr(&args[0])?;
            let b = match args.get(1) {
                Some(b) => Some(self.expr(b)?),
                None => None,
            };
            return self.bitwise(intrin, a, b, span);
        }
        match (intrin, args) {
            (Intrinsic::IfThenElse, [c, a, b]) => {
                let cond = self.condition(c, what)?;
                let (a, b) = self.operands(a, b, span)?;
                let dtype = a.dtype;
                Ok(TExpr::strong(
                    Expr::Call(intrin, vec![cond, a.expr, b.expr]),
                    dtype,
                ))
            }
            (Intrinsic::Likely, [c]) => {
                let cond = self.condition(c, what)?;
                Ok(TExpr::strong(
                    Expr::Call(intrin, vec![cond]),
                    DataType::Bool,
                ))
            }
            (Intrinsic::Pow, [a, b]) => {
                let (a, b) = self.operands(a, b, span)?;
                let (a, b) = (
                    self.float_arg(a, what, args[0].span)?,
                    self.float_arg(b, what, args[1].span)?,
                );
                let dtype = a.dtype;
                Ok(TExpr::strong(
                    Expr::Call(intrin, vec![a.expr, b.expr]),
                    dtype,
                ))
            }
            (_, [x]) => {
                let v = self.expr(x)?;
                let v = if intrin == Intrinsic::Abs {
                    TExpr { weak: false, ..v }
                } else {
                    self.float_arg(v, what, x.span)?
                };
                let dtype = v.dtype;
                Ok(TExpr::strong(Expr::Call(intrin, vec![v.expr]), dtype))
            }
            _ => Err(ParseError::semantic(
                span,
                format!("`{what}` got the wrong number of arguments"),
            )),
        }
    }

    /// A floating-point argument; a Python number becomes float32.
    fn float_arg(&self, v: TExpr, what: &str, span: Span) -> Result<TExpr> {
        if v.dtype.is_float() {
            return Ok(TExpr { weak: false, ..v });
        }
        if v.weak {
            return Ok(cast(DataType::F32, v));
        }
        Err(ParseError::semantic(
            span,
            format!(
                "`{what}` needs a floating-point argument, found {}",
                v.dtype
            ),
        )
        .with_label("not a float")
        .with_help("convert it with `T.Cast(\"float32\", x)`"))
    }
}

/// TVM's `IntImm` check: `T.int8(300)` is an error, not a silent wrap.
pub(super) fn check_int_range(value: i64, dtype: DataType, span: Span) -> Result<()> {
    match dtype.int_range() {
        Some((lo, hi)) if value < lo || value > hi => Err(ParseError::semantic(
            span,
            format!("the literal {value} is out of range for {dtype} ({lo} to {hi})"),
        )
        .with_label(format!("does not fit in {dtype}"))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_match_the_dtypes() {
        assert_eq!(
            dtype_limit(DataType::I8, false),
            Expr::Int(-128, DataType::I8)
        );
        assert_eq!(
            dtype_limit(DataType::F16, true),
            Expr::Float(65504.0, DataType::F16)
        );
        assert_eq!(
            dtype_limit(DataType::F32, false),
            Expr::Float(-3.4028234663852886e38, DataType::F32)
        );
    }
}
