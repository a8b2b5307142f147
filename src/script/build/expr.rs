//! Expressions and their dtypes, following TVMScript's rules: Python literals
//! are "weak" and take the dtype of the other operand (a bare `0.0` next to a
//! float16 value is float16; a bare `2` next to a float is a float); two
//! Python numbers fold as Python would; otherwise mismatched operands are cast
//! as TVM's `BinaryOpMatchTypes` does (int to float, narrow to wide).

use super::decl::{py_floordiv, py_mod};
use super::func::{FuncBuilder, Sym};
use crate::diag::Span;
use crate::ir::{BinOp, BufferId, DataType, Expr, Intrinsic};
use crate::script::ast::{self, BinaryOp, CmpOp, ExprKind, UnaryOp};
use crate::script::error::{ParseError, Result};

/// A built expression with its dtype.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TExpr {
    pub expr: Expr,
    pub dtype: DataType,
    /// A Python literal (or module constant) whose dtype is not fixed yet.
    pub weak: bool,
}

impl TExpr {
    pub fn strong(expr: Expr, dtype: DataType) -> TExpr {
        TExpr {
            expr,
            dtype,
            weak: false,
        }
    }

    pub(super) fn weak_int(v: i64) -> TExpr {
        TExpr {
            expr: FuncBuilder::int_imm(v),
            dtype: if i32::try_from(v).is_ok() {
                DataType::I32
            } else {
                DataType::I64
            },
            weak: true,
        }
    }

    fn weak_float(v: f64) -> TExpr {
        TExpr {
            expr: Expr::Float(v, DataType::F32),
            dtype: DataType::F32,
            weak: true,
        }
    }
}

/// `e` converted to `dtype`, folding immediates as `tvm::cast` does.
pub(super) fn cast(dtype: DataType, e: TExpr) -> TExpr {
    if e.dtype == dtype {
        return TExpr { weak: false, ..e };
    }
    let expr = match e.expr {
        Expr::Int(v, _) if dtype.is_bool() => Expr::bool(v != 0),
        Expr::Int(v, _) if dtype.is_float() => Expr::Float(v as f64, dtype),
        Expr::Int(v, _) => Expr::Int(v, dtype),
        Expr::Float(v, _) if dtype.is_float() => Expr::Float(v, dtype),
        // `as` saturates, so a huge float never panics.
        Expr::Float(v, _) if dtype.is_bool() => Expr::bool(v != 0.0),
        Expr::Float(v, _) => Expr::Int(v.trunc() as i64, dtype),
        other => Expr::Cast(dtype, Box::new(other)),
    };
    TExpr::strong(expr, dtype)
}

/// A weak literal given the dtype of the operand it meets (TVMScript's `_auto_broadcast`).
fn adopt(lit: TExpr, other: DataType) -> TExpr {
    let is_float_lit = matches!(lit.expr, Expr::Float(..));
    if other.is_float() || (!is_float_lit && (other.is_int() || other.is_bool())) {
        if other.is_bool() && !lit.dtype.is_bool() {
            return TExpr { weak: false, ..lit };
        }
        return cast(other, lit);
    }
    TExpr { weak: false, ..lit }
}

/// `hi - lo` as a range extent, simplified as TVM does for slices
/// (`vi * 16:vi * 16 + 16` has extent `16`).
pub(super) fn fold_sub(hi: Expr, lo: Expr) -> Expr {
    match (&hi, &lo) {
        (_, Expr::Int(0, _)) => hi,
        (Expr::Int(a, t), Expr::Int(b, _)) => match a.checked_sub(*b) {
            Some(d) => Expr::Int(d, *t),
            None => Expr::sub(hi, lo),
        },
        _ => crate::arith::simplify(&Expr::sub(hi, lo)),
    }
}

fn cmp_binop(op: CmpOp) -> BinOp {
    match op {
        CmpOp::Eq => BinOp::Eq,
        CmpOp::Ne => BinOp::Ne,
        CmpOp::Lt => BinOp::Lt,
        CmpOp::Le => BinOp::Le,
        CmpOp::Gt => BinOp::Gt,
        CmpOp::Ge => BinOp::Ge,
    }
}

impl FuncBuilder<'_> {
    /// An expression; once the function has vector values, with its lanes
    /// checked as TVM's IR checks them (`ir::vector`).
    pub fn expr(&mut self, e: &ast::Expr) -> Result<TExpr> {
        let built = self.expr_node(e)?;
        if self.vectors {
            crate::ir::vector::lanes_of(&self.func, &built.expr).map_err(|why| {
                ParseError::semantic(e.span, why).with_label("vector lanes do not combine")
            })?;
        }
        Ok(built)
    }

    fn expr_node(&mut self, e: &ast::Expr) -> Result<TExpr> {
        match &e.kind {
            ExprKind::Int(v) => Ok(TExpr::weak_int(*v)),
            ExprKind::Float(v) => Ok(TExpr::weak_float(*v)),
            ExprKind::Bool(b) => Ok(TExpr::strong(Expr::bool(*b), DataType::Bool)),
            ExprKind::Name(n) => self.name_expr(n, e.span),
            ExprKind::Call { func, args, kwargs } => self.call_expr(e, func, args, kwargs),
            ExprKind::Subscript(base, items) => {
                let buffer = self.buffer_ref(base)?;
                let indices = self.indices(buffer, items, e.span)?;
                let dtype = self.func.buffer(buffer).dtype;
                Ok(TExpr::strong(Expr::Load(buffer, indices), dtype))
            }
            ExprKind::Unary(op, x) => self.unary(*op, x, e.span),
            ExprKind::Binary(op, a, b) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                self.binop(*op, a, b, e.span)
            }
            ExprKind::Compare(first, rest) => {
                let mut lhs = self.expr(first)?;
                let mut result: Option<TExpr> = None;
                for (op, rhs_e) in rest {
                    let rhs = self.expr(rhs_e)?;
                    let cmp = self.compare(*op, lhs, rhs.clone(), e.span)?;
                    result = Some(match result {
                        None => cmp,
                        Some(prev) => self.logic(BinOp::And, prev, cmp, e.span)?,
                    });
                    lhs = rhs;
                }
                result.ok_or_else(|| ParseError::semantic(e.span, "empty comparison"))
            }
            ExprKind::Attr(..) => {
                if let Some(attr) = self.buffer_attr(e) {
                    return attr;
                }
                let what = match self.m.tir_name(e) {
                    Some(n) => format!("`T.{n}` is not a value; call it"),
                    None => "attribute access is not a TIR expression".to_string(),
                };
                Err(ParseError::semantic(e.span, what).with_label("expected an expression"))
            }
            other => {
                let found = match other {
                    ExprKind::Str(_) => "a string",
                    ExprKind::None => "`None`",
                    ExprKind::Tuple(_) => "a tuple",
                    ExprKind::List(_) => "a list",
                    ExprKind::Dict(_) => "a dictionary",
                    _ => "a slice",
                };
                Err(ParseError::semantic(
                    e.span,
                    format!("expected a TIR expression, found {found}"),
                )
                .with_label("not an expression"))
            }
        }
    }

    /// An integer-valued expression (index, extent, shape); weak literals become int32.
    pub fn index(&mut self, e: &ast::Expr) -> Result<Expr> {
        let v = self.expr(e)?;
        if !v.dtype.is_int() {
            return Err(ParseError::semantic(
                e.span,
                format!("expected an integer expression, found {}", v.dtype),
            )
            .with_label("not an integer"));
        }
        Ok(v.expr)
    }

    fn name_expr(&self, name: &str, span: Span) -> Result<TExpr> {
        match self.lookup(name) {
            Some(Sym::Var(v)) => Ok(TExpr::strong(Expr::Var(v), self.func.var(v).dtype)),
            Some(Sym::Buffer(_)) => Err(ParseError::semantic(
                span,
                format!("buffer `{name}` used as a value"),
            )
            .with_label("index the buffer")
            .with_help(format!("load an element with `{name}[i, j]`"))),
            Some(Sym::Handle(_)) => Err(ParseError::semantic(
                span,
                format!("handle `{name}` used as a value"),
            )
            .with_label("a `T.handle` parameter")
            .with_help(format!("bind it with `X = T.match_buffer({name}, shape)`"))),
            None => match self.m.consts.get(name) {
                Some(v) => Ok(TExpr::weak_int(*v)),
                None if self.m.is_alias(name) => Err(ParseError::semantic(
                    span,
                    format!("`{name}` is a module, not a value"),
                )
                .with_label("not an expression")),
                None => Err(
                    ParseError::semantic(span, format!("unknown variable `{name}`"))
                        .with_label("not defined here")
                        .with_suggestion(name, self.known_names(), ""),
                ),
            },
        }
    }

    /// The buffer a name refers to.
    pub fn buffer_ref(&self, e: &ast::Expr) -> Result<BufferId> {
        let Some(name) = e.as_name() else {
            return Err(
                ParseError::semantic(e.span, "expected a buffer name").with_label("not a buffer")
            );
        };
        match self.lookup(name) {
            Some(Sym::Buffer(b)) => Ok(b),
            Some(_) => Err(
                ParseError::semantic(e.span, format!("`{name}` is not a buffer"))
                    .with_label("not a buffer"),
            ),
            None => {
                let buffers: Vec<&str> = self
                    .known_names()
                    .into_iter()
                    .filter(|n| matches!(self.lookup(n), Some(Sym::Buffer(_))))
                    .collect();
                Err(
                    ParseError::semantic(e.span, format!("unknown buffer `{name}`"))
                        .with_label("no buffer of this name in scope")
                        .with_suggestion(name, buffers, ""),
                )
            }
        }
    }

    pub fn check_arity(&self, buffer: BufferId, n: usize, span: Span) -> Result<()> {
        let b = self.func.buffer(buffer);
        if b.shape.len() == n {
            return Ok(());
        }
        Err(ParseError::semantic(
            span,
            format!(
                "buffer `{}` has {} dimension{} but {} index{} given",
                b.name,
                b.shape.len(),
                super::args::plural(b.shape.len()),
                n,
                if n == 1 { " was" } else { "es were" }
            ),
        )
        .with_label(format!("expected {} indices", b.shape.len())))
    }

    /// Element indices of a load or store (no slices).
    pub fn indices(
        &mut self,
        buffer: BufferId,
        items: &[ast::Expr],
        span: Span,
    ) -> Result<Vec<Expr>> {
        // `A[()]` indexes a zero-dimensional buffer.
        let items = match items {
            [one] => match &one.kind {
                ExprKind::Tuple(v) => v.as_slice(),
                _ => items,
            },
            _ => items,
        };
        self.check_arity(buffer, items.len(), span)?;
        items
            .iter()
            .map(|i| {
                if matches!(i.kind, ExprKind::Slice { .. }) {
                    return Err(
                        ParseError::semantic(i.span, "a slice is not an element index")
                            .with_label("slices only appear in `T.reads`/`T.writes`"),
                    );
                }
                self.index(i)
            })
            .collect()
    }

    fn unary(&mut self, op: UnaryOp, x: &ast::Expr, span: Span) -> Result<TExpr> {
        let v = self.expr(x)?;
        match op {
            UnaryOp::Pos => Ok(v),
            UnaryOp::Neg => match v.expr {
                Expr::Int(i, t) => {
                    let n = i.checked_neg().ok_or_else(|| {
                        ParseError::semantic(span, "integer overflow")
                            .with_label("cannot be negated")
                    })?;
                    Ok(TExpr {
                        expr: Expr::Int(n, t),
                        ..v
                    })
                }
                Expr::Float(f, t) => Ok(TExpr {
                    expr: Expr::Float(-f, t),
                    ..v
                }),
                _ if v.dtype.is_bool() => {
                    Err(ParseError::semantic(span, "cannot negate a boolean")
                        .with_label("boolean operand"))
                }
                // TVM's `__neg__`: multiplication by a typed -1.
                expr => {
                    let neg_one = if v.dtype.is_float() {
                        Expr::Float(-1.0, v.dtype)
                    } else {
                        Expr::Int(-1, v.dtype)
                    };
                    Ok(TExpr::strong(Expr::mul(expr, neg_one), v.dtype))
                }
            },
            UnaryOp::Not => {
                if !v.dtype.is_bool() {
                    return Err(ParseError::semantic(
                        span,
                        format!("`not` needs a boolean, found {}", v.dtype),
                    )
                    .with_label("not a boolean"));
                }
                match v.expr {
                    Expr::Int(b, _) => Ok(TExpr::strong(Expr::bool(b == 0), DataType::Bool)),
                    expr => Ok(TExpr::strong(Expr::Not(Box::new(expr)), DataType::Bool)),
                }
            }
            UnaryOp::Invert => self.bitwise(Intrinsic::BitwiseNot, v, None, span),
        }
    }

    /// Makes the operands of a binary operation agree on a dtype.
    pub fn unify(&self, a: TExpr, b: TExpr, span: Span) -> Result<(TExpr, TExpr)> {
        let (a, b) = match (a.weak, b.weak) {
            (true, false) => (adopt(a, b.dtype), b),
            (false, true) => {
                let dt = a.dtype;
                (a, adopt(b, dt))
            }
            _ => (a, b),
        };
        if a.dtype == b.dtype {
            return Ok((a, b));
        }
        let (ta, tb) = (a.dtype, b.dtype);
        if ta.is_float() != tb.is_float() {
            return Ok(if ta.is_float() {
                (a, cast(ta, b))
            } else {
                (cast(tb, a), b)
            });
        }
        if ta.is_float() && ta.bytes() == tb.bytes() {
            return Err(
                ParseError::semantic(span, format!("cannot mix {ta} and {tb}"))
                    .with_label("cast one side with `T.Cast`"),
            );
        }
        Ok(if ta.bytes() >= tb.bytes() {
            (a, cast(ta, b))
        } else {
            (cast(tb, a), b)
        })
    }

    pub fn binop(&mut self, op: BinaryOp, a: TExpr, b: TExpr, span: Span) -> Result<TExpr> {
        match op {
            BinaryOp::And => return self.logic(BinOp::And, a, b, span),
            BinaryOp::Or => return self.logic(BinOp::Or, a, b, span),
            BinaryOp::BitAnd => return self.bitwise(Intrinsic::BitwiseAnd, a, Some(b), span),
            BinaryOp::BitOr => return self.bitwise(Intrinsic::BitwiseOr, a, Some(b), span),
            BinaryOp::BitXor => return self.bitwise(Intrinsic::BitwiseXor, a, Some(b), span),
            BinaryOp::Shl => return self.bitwise(Intrinsic::ShiftLeft, a, Some(b), span),
            BinaryOp::Shr => return self.bitwise(Intrinsic::ShiftRight, a, Some(b), span),
            _ => {}
        }
        if a.weak && b.weak {
            return fold_python(op, &a.expr, &b.expr, span);
        }
        let (a, b) = self.unify(a, b, span)?;
        let dtype = a.dtype;
        if dtype.is_bool() {
            return Err(
                ParseError::semantic(span, format!("`{}` on booleans", op.symbol()))
                    .with_label("arithmetic needs numbers"),
            );
        }
        let ir_op = match op {
            BinaryOp::Add => BinOp::Add,
            BinaryOp::Sub => BinOp::Sub,
            BinaryOp::Mul => BinOp::Mul,
            BinaryOp::Div => BinOp::Div,
            BinaryOp::FloorDiv => BinOp::FloorDiv,
            BinaryOp::Mod => BinOp::FloorMod,
            _ => {
                if !dtype.is_float() {
                    return Err(
                        ParseError::semantic(span, "`**` needs floating-point operands")
                            .with_label(format!("found {dtype}")),
                    );
                }
                return Ok(TExpr::strong(
                    Expr::Call(Intrinsic::Pow, vec![a.expr, b.expr]),
                    dtype,
                ));
            }
        };
        Ok(TExpr::strong(Expr::binary(ir_op, a.expr, b.expr), dtype))
    }

    fn logic(&self, op: BinOp, a: TExpr, b: TExpr, span: Span) -> Result<TExpr> {
        for v in [&a, &b] {
            if !v.dtype.is_bool() {
                return Err(ParseError::semantic(
                    span,
                    format!("`and`/`or` need booleans, found {}", v.dtype),
                )
                .with_label("not a boolean"));
            }
        }
        let expr = match (op, &a.expr, &b.expr) {
            (BinOp::And, Expr::Int(x, _), Expr::Int(y, _)) => Expr::bool(*x != 0 && *y != 0),
            (BinOp::Or, Expr::Int(x, _), Expr::Int(y, _)) => Expr::bool(*x != 0 || *y != 0),
            _ => Expr::binary(op, a.expr, b.expr),
        };
        Ok(TExpr::strong(expr, DataType::Bool))
    }

    fn compare(&self, op: CmpOp, a: TExpr, b: TExpr, span: Span) -> Result<TExpr> {
        if a.weak && b.weak {
            let v = match (&a.expr, &b.expr) {
                (Expr::Int(x, _), Expr::Int(y, _)) => cmp_values(op, x, y),
                (x, y) => cmp_values(op, &as_f64(x), &as_f64(y)),
            };
            return Ok(TExpr::strong(Expr::bool(v), DataType::Bool));
        }
        let (a, b) = self.unify(a, b, span)?;
        Ok(TExpr::strong(
            Expr::binary(cmp_binop(op), a.expr, b.expr),
            DataType::Bool,
        ))
    }
}

fn cmp_values<T: PartialOrd>(op: CmpOp, x: &T, y: &T) -> bool {
    match op {
        CmpOp::Eq => x == y,
        CmpOp::Ne => x != y,
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
        CmpOp::Gt => x > y,
        CmpOp::Ge => x >= y,
    }
}

fn as_f64(e: &Expr) -> f64 {
    match e {
        Expr::Int(v, _) => *v as f64,
        Expr::Float(v, _) => *v,
        _ => 0.0,
    }
}

/// Two Python numbers combine in Python, before TIR sees them.
fn fold_python(op: BinaryOp, a: &Expr, b: &Expr, span: Span) -> Result<TExpr> {
    let overflow = || {
        ParseError::semantic(span, "integer overflow in a constant expression")
            .with_label("overflows 64 bits")
    };
    let div_zero =
        || ParseError::semantic(span, "division by zero").with_label("the divisor is zero");
    if let (Expr::Int(x, _), Expr::Int(y, _)) = (a, b) {
        let (x, y) = (*x, *y);
        let v = match op {
            BinaryOp::Add => x.checked_add(y).ok_or_else(overflow)?,
            BinaryOp::Sub => x.checked_sub(y).ok_or_else(overflow)?,
            BinaryOp::Mul => x.checked_mul(y).ok_or_else(overflow)?,
            BinaryOp::FloorDiv | BinaryOp::Mod if y == 0 => return Err(div_zero()),
            BinaryOp::FloorDiv => py_floordiv(x, y).ok_or_else(overflow)?,
            BinaryOp::Mod => py_mod(x, y).ok_or_else(overflow)?,
            BinaryOp::Pow if y >= 0 => u32::try_from(y)
                .ok()
                .and_then(|y| x.checked_pow(y))
                .ok_or_else(overflow)?,
            _ => return fold_float(op, x as f64, y as f64, span),
        };
        return Ok(TExpr::weak_int(v));
    }
    fold_float(op, as_f64(a), as_f64(b), span)
}

fn fold_float(op: BinaryOp, x: f64, y: f64, span: Span) -> Result<TExpr> {
    let div = matches!(op, BinaryOp::Div | BinaryOp::FloorDiv | BinaryOp::Mod);
    if div && y == 0.0 {
        return Err(
            ParseError::semantic(span, "division by zero").with_label("the divisor is zero")
        );
    }
    let v = match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div => x / y,
        BinaryOp::FloorDiv => (x / y).floor(),
        BinaryOp::Mod => x - y * (x / y).floor(),
        _ => x.powf(y),
    };
    if !v.is_finite() {
        return Err(
            ParseError::semantic(span, "constant expression is not a finite number")
                .with_label("overflows"),
        );
    }
    Ok(TExpr::weak_float(v))
}
