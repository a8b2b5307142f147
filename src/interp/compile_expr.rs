//! Compiles `ir::Expr` into the typed trees of `code`: infers each node's dtype,
//! unifies operands and inserts the conversions TVMScript leaves implicit.
//!
//! Operands of different dtypes are promoted as TVM promotes literals: int with
//! float gives the float, two ints or two floats give the wider. Bool mixes only
//! with bool. Knows `ir` and `code`; runs nothing.

use super::code::{AnyExpr, ArithOp, BExpr, CmpOp, FExpr, FUnary, IExpr, Kind};
use super::compile::Compiler;
use super::error::InterpError;
use super::scalar::{float_to_int, round_float, wrap_int};
use crate::ir::{BinOp, DataType, Expr, Intrinsic};

/// A compiled expression with its dtype.
pub enum Typed {
    I(IExpr, DataType),
    F(FExpr, DataType),
    B(BExpr),
}

impl Typed {
    pub fn dtype(&self) -> DataType {
        match self {
            Typed::I(_, t) | Typed::F(_, t) => *t,
            Typed::B(_) => DataType::Bool,
        }
    }

    pub fn into_any(self) -> AnyExpr {
        match self {
            Typed::I(e, _) => AnyExpr::I(e),
            Typed::F(e, _) => AnyExpr::F(e),
            Typed::B(e) => AnyExpr::B(e),
        }
    }
}

fn int_bits(t: DataType) -> usize {
    t.bytes() * 8
}

fn float_rank(t: DataType) -> u8 {
    match t {
        DataType::F64 => 3,
        DataType::F32 => 2,
        _ => 1,
    }
}

fn mismatch(what: String) -> InterpError {
    InterpError::TypeMismatch { what }
}

/// Converts `t` to `dtype`, as TVM's `Cast` does.
pub fn convert(t: Typed, dtype: DataType) -> Typed {
    match Kind::of(dtype) {
        Kind::Float => match t {
            Typed::F(e, src) if src == dtype || dtype == DataType::F64 => Typed::F(e, dtype),
            Typed::F(FExpr::Const(v), _) => Typed::F(FExpr::Const(round_float(dtype, v)), dtype),
            Typed::F(e, _) => Typed::F(FExpr::Round(Box::new(e), dtype), dtype),
            Typed::I(IExpr::Const(v), _) => {
                Typed::F(FExpr::Const(round_float(dtype, v as f64)), dtype)
            }
            Typed::I(e, _) => Typed::F(FExpr::FromInt(Box::new(e), dtype), dtype),
            Typed::B(e) => Typed::F(FExpr::FromBool(Box::new(e)), dtype),
        },
        Kind::Int => match t {
            // Widening keeps every value; only narrowing or sign changes wrap.
            Typed::I(e, src) if src == dtype || int_bits(dtype) > int_bits(src) => {
                Typed::I(e, dtype)
            }
            Typed::I(IExpr::Const(v), _) => Typed::I(IExpr::Const(wrap_int(dtype, v)), dtype),
            Typed::I(e, _) => Typed::I(IExpr::Wrap(Box::new(e), dtype), dtype),
            Typed::F(FExpr::Const(v), _) => Typed::I(IExpr::Const(float_to_int(dtype, v)), dtype),
            Typed::F(e, _) => Typed::I(IExpr::FromFloat(Box::new(e), dtype), dtype),
            Typed::B(e) => Typed::I(IExpr::FromBool(Box::new(e)), dtype),
        },
        Kind::Bool => match t {
            Typed::B(e) => Typed::B(e),
            Typed::I(IExpr::Const(v), _) => Typed::B(BExpr::Const(v != 0)),
            Typed::I(e, _) => Typed::B(BExpr::FromInt(Box::new(e))),
            Typed::F(e, _) => Typed::B(BExpr::FromFloat(Box::new(e))),
        },
    }
}

/// Brings two operands to one dtype.
fn unify(a: Typed, b: Typed, what: &str) -> Result<(Typed, Typed), InterpError> {
    let (ta, tb) = (a.dtype(), b.dtype());
    let target = match (Kind::of(ta), Kind::of(tb)) {
        _ if ta == tb => return Ok((a, b)),
        (Kind::Int, Kind::Int) => {
            if int_bits(tb) > int_bits(ta) {
                tb
            } else {
                ta
            }
        }
        (Kind::Float, Kind::Float) => match float_rank(ta).cmp(&float_rank(tb)) {
            std::cmp::Ordering::Less => tb,
            std::cmp::Ordering::Greater => ta,
            // float16 with bfloat16: neither holds the other.
            std::cmp::Ordering::Equal => DataType::F32,
        },
        (Kind::Float, Kind::Int) => ta,
        (Kind::Int, Kind::Float) => tb,
        _ => return Err(mismatch(format!("{what} on {ta} and {tb}"))),
    };
    Ok((convert(a, target), convert(b, target)))
}

fn arith_op(op: BinOp) -> Option<ArithOp> {
    Some(match op {
        BinOp::Add => ArithOp::Add,
        BinOp::Sub => ArithOp::Sub,
        BinOp::Mul => ArithOp::Mul,
        BinOp::Div => ArithOp::Div,
        BinOp::Mod => ArithOp::Mod,
        BinOp::FloorDiv => ArithOp::FloorDiv,
        BinOp::FloorMod => ArithOp::FloorMod,
        BinOp::Min => ArithOp::Min,
        BinOp::Max => ArithOp::Max,
        _ => return None,
    })
}

fn cmp_op(op: BinOp) -> Option<CmpOp> {
    Some(match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        BinOp::Ge => CmpOp::Ge,
        _ => return None,
    })
}

fn float_unary(i: Intrinsic) -> Option<FUnary> {
    Some(match i {
        Intrinsic::Exp => FUnary::Exp,
        Intrinsic::Exp2 => FUnary::Exp2,
        Intrinsic::Log => FUnary::Log,
        Intrinsic::Log2 => FUnary::Log2,
        Intrinsic::Log10 => FUnary::Log10,
        Intrinsic::Sqrt => FUnary::Sqrt,
        Intrinsic::Rsqrt => FUnary::Rsqrt,
        Intrinsic::Sin => FUnary::Sin,
        Intrinsic::Cos => FUnary::Cos,
        Intrinsic::Tan => FUnary::Tan,
        Intrinsic::Tanh => FUnary::Tanh,
        Intrinsic::Sigmoid => FUnary::Sigmoid,
        Intrinsic::Erf => FUnary::Erf,
        Intrinsic::Fabs | Intrinsic::Abs => FUnary::Abs,
        Intrinsic::Floor => FUnary::Floor,
        Intrinsic::Ceil => FUnary::Ceil,
        Intrinsic::Round => FUnary::Round,
        Intrinsic::Trunc => FUnary::Trunc,
        _ => return None,
    })
}

impl Compiler<'_> {
    pub fn int_expr(&self, e: &Expr, what: &str) -> Result<IExpr, InterpError> {
        match self.expr(e)? {
            Typed::I(e, _) => Ok(e),
            other => Err(mismatch(format!(
                "{what} must be an integer, not {}",
                other.dtype()
            ))),
        }
    }

    pub fn bool_expr(&self, e: &Expr, what: &str) -> Result<BExpr, InterpError> {
        match self.expr(e)? {
            Typed::B(e) => Ok(e),
            other => Err(mismatch(format!(
                "{what} must be a bool, not {}",
                other.dtype()
            ))),
        }
    }

    pub fn expr(&self, e: &Expr) -> Result<Typed, InterpError> {
        Ok(match e {
            Expr::Int(v, t) => convert(Typed::I(IExpr::Const(*v), DataType::I64), *t),
            Expr::Float(v, t) => convert(Typed::F(FExpr::Const(*v), DataType::F64), *t),
            Expr::Var(v) => {
                let dtype = self.var_dtype(*v)?;
                match Kind::of(dtype) {
                    Kind::Int => Typed::I(IExpr::Var(v.0), dtype),
                    Kind::Float => Typed::F(FExpr::Var(v.0), dtype),
                    Kind::Bool => Typed::B(BExpr::Var(v.0)),
                }
            }
            Expr::Binary(op, a, b) => self.binary(*op, a, b)?,
            Expr::Not(a) => Typed::B(BExpr::Not(Box::new(self.bool_expr(a, "`not` operand")?))),
            Expr::Select(c, a, b) => {
                let c = Box::new(self.bool_expr(c, "Select condition")?);
                let (a, b) = unify(self.expr(a)?, self.expr(b)?, "Select")?;
                match (a, b) {
                    (Typed::I(a, t), Typed::I(b, _)) => {
                        Typed::I(IExpr::Select(c, Box::new(a), Box::new(b)), t)
                    }
                    (Typed::F(a, t), Typed::F(b, _)) => {
                        Typed::F(FExpr::Select(c, Box::new(a), Box::new(b)), t)
                    }
                    (Typed::B(a), Typed::B(b)) => {
                        Typed::B(BExpr::Select(c, Box::new(a), Box::new(b)))
                    }
                    _ => return Err(mismatch("Select branches".into())),
                }
            }
            Expr::Cast(t, a) => convert(self.expr(a)?, *t),
            Expr::Load(b, idx) => {
                let dtype = self.buffer_dtype(*b)?;
                let access = self.access(*b, idx)?;
                match Kind::of(dtype) {
                    Kind::Int => Typed::I(IExpr::Load(access), dtype),
                    Kind::Float => Typed::F(FExpr::Load(access), dtype),
                    Kind::Bool => Typed::B(BExpr::Load(access)),
                }
            }
            Expr::Call(i, args) => self.call(*i, args)?,
            Expr::Opaque(o) => return Err(InterpError::OpaqueBuiltin { what: o.describe() }),
        })
    }

    fn binary(&self, op: BinOp, a: &Expr, b: &Expr) -> Result<Typed, InterpError> {
        if op.is_logical() {
            let a = Box::new(self.bool_expr(a, "`and`/`or` operand")?);
            let b = Box::new(self.bool_expr(b, "`and`/`or` operand")?);
            return Ok(Typed::B(if op == BinOp::And {
                BExpr::And(a, b)
            } else {
                BExpr::Or(a, b)
            }));
        }
        let (a, b) = unify(self.expr(a)?, self.expr(b)?, &format!("{op:?}"))?;
        if let Some(cmp) = cmp_op(op) {
            return Ok(Typed::B(match (a, b) {
                (Typed::I(a, _), Typed::I(b, _)) => BExpr::CmpI(cmp, Box::new(a), Box::new(b)),
                (Typed::F(a, _), Typed::F(b, _)) => BExpr::CmpF(cmp, Box::new(a), Box::new(b)),
                (Typed::B(a), Typed::B(b)) if matches!(cmp, CmpOp::Eq | CmpOp::Ne) => {
                    BExpr::CmpB(cmp, Box::new(a), Box::new(b))
                }
                _ => return Err(mismatch(format!("{op:?} on bools"))),
            }));
        }
        let Some(arith) = arith_op(op) else {
            return Err(mismatch(format!("unsupported operator {op:?}")));
        };
        Ok(match (a, b) {
            (Typed::I(a, t), Typed::I(b, _)) => {
                Typed::I(IExpr::Arith(arith, Box::new(a), Box::new(b), t), t)
            }
            (Typed::F(a, t), Typed::F(b, _)) => {
                Typed::F(FExpr::Arith(arith, Box::new(a), Box::new(b), t), t)
            }
            _ => return Err(mismatch(format!("{op:?} on bools"))),
        })
    }

    fn call(&self, i: Intrinsic, args: &[Expr]) -> Result<Typed, InterpError> {
        if args.len() != i.arity() {
            return Err(InterpError::Malformed {
                what: format!(
                    "T.{} takes {} arguments, got {}",
                    i.name(),
                    i.arity(),
                    args.len()
                ),
            });
        }
        match i {
            // Lanes exchanging values need a warp; the interpreter runs one
            // iteration at a time, and only lowering makes these calls.
            Intrinsic::WarpActiveMask | Intrinsic::WarpShuffleDown | Intrinsic::WarpShuffle => {
                Err(InterpError::Malformed {
                    what: format!(
                        "T.{} is a warp intrinsic that only lowered code has",
                        i.name()
                    ),
                })
            }
            Intrinsic::Likely => Ok(Typed::B(self.bool_expr(&args[0], "T.likely argument")?)),
            Intrinsic::IfThenElse => {
                let c = Box::new(self.bool_expr(&args[0], "T.if_then_else condition")?);
                let (a, b) = unify(self.expr(&args[1])?, self.expr(&args[2])?, "T.if_then_else")?;
                Ok(match (a, b) {
                    (Typed::I(a, t), Typed::I(b, _)) => {
                        Typed::I(IExpr::IfThenElse(c, Box::new(a), Box::new(b)), t)
                    }
                    (Typed::F(a, t), Typed::F(b, _)) => {
                        Typed::F(FExpr::IfThenElse(c, Box::new(a), Box::new(b)), t)
                    }
                    (Typed::B(a), Typed::B(b)) => {
                        Typed::B(BExpr::IfThenElse(c, Box::new(a), Box::new(b)))
                    }
                    _ => return Err(mismatch("T.if_then_else branches".into())),
                })
            }
            Intrinsic::ShiftLeft
            | Intrinsic::ShiftRight
            | Intrinsic::BitwiseAnd
            | Intrinsic::BitwiseOr
            | Intrinsic::BitwiseXor => {
                let what = format!("T.{}", i.name());
                match unify(self.expr(&args[0])?, self.expr(&args[1])?, &what)? {
                    (Typed::I(a, t), Typed::I(b, _)) => {
                        let op = match i {
                            Intrinsic::ShiftLeft => ArithOp::Shl,
                            Intrinsic::ShiftRight => ArithOp::Shr,
                            Intrinsic::BitwiseAnd => ArithOp::BitAnd,
                            Intrinsic::BitwiseOr => ArithOp::BitOr,
                            _ => ArithOp::BitXor,
                        };
                        Ok(Typed::I(IExpr::Arith(op, Box::new(a), Box::new(b), t), t))
                    }
                    (a, _) => Err(mismatch(format!("{what} on {}", a.dtype()))),
                }
            }
            // `~a` is `a ^ -1`, wrapped to the type (all ones in its width).
            Intrinsic::BitwiseNot => match self.expr(&args[0])? {
                Typed::I(a, t) => Ok(Typed::I(
                    IExpr::Arith(ArithOp::BitXor, Box::new(a), Box::new(IExpr::Const(-1)), t),
                    t,
                )),
                a => Err(mismatch(format!("T.bitwise_not on {}", a.dtype()))),
            },
            Intrinsic::Pow => match unify(self.expr(&args[0])?, self.expr(&args[1])?, "T.pow")? {
                (Typed::F(a, t), Typed::F(b, _)) => {
                    Ok(Typed::F(FExpr::Pow(Box::new(a), Box::new(b), t), t))
                }
                (a, _) => Err(mismatch(format!("T.pow on {}", a.dtype()))),
            },
            _ => {
                let arg = self.expr(&args[0])?;
                match arg {
                    Typed::F(a, t) => {
                        let f = float_unary(i).ok_or_else(|| {
                            mismatch(format!("T.{} is not a float function", i.name()))
                        })?;
                        Ok(Typed::F(FExpr::Unary(f, Box::new(a), t), t))
                    }
                    Typed::I(a, t) => match i {
                        Intrinsic::Abs => Ok(Typed::I(IExpr::Abs(Box::new(a), t), t)),
                        // Rounding an integer leaves it as it is.
                        Intrinsic::Floor
                        | Intrinsic::Ceil
                        | Intrinsic::Round
                        | Intrinsic::Trunc => Ok(Typed::I(a, t)),
                        _ => Err(mismatch(format!("T.{} on {t}", i.name()))),
                    },
                    Typed::B(_) => Err(mismatch(format!("T.{} on bool", i.name()))),
                }
            }
        }
    }
}
