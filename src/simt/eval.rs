//! Expression evaluation for the SIMT simulator: one thread's value, rounded
//! to the expression's dtype after every operation, as the interpreter does.

use super::{round, Sim, SimError, Val, VarVal};
use crate::ir::{BinOp, DataType, Expr, Intrinsic};
use crate::numeric::{erf, floor_div};

impl Sim<'_> {
    pub(super) fn eval(&mut self, e: &Expr, t: usize) -> Result<Val, SimError> {
        Ok(match e {
            Expr::Int(v, DataType::Bool) => Val::B(*v != 0),
            Expr::Int(v, _) => Val::I(*v),
            // A float32 literal is rounded as CUDA's `0.70710677f` is (GELU's
            // 1/sqrt(2) written with float64 digits), as the interpreter does.
            Expr::Float(v, t) => round(*t, Val::F(*v)),
            Expr::Var(v) => match self.vars.get(v.0 as usize) {
                Some(Some(VarVal::Uniform(x))) => *x,
                Some(Some(VarVal::PerThread(vals))) => vals[t],
                _ => {
                    return Err(SimError::Unsupported(format!(
                        "variable `{}` has no value",
                        self.f.var_name(*v)
                    )))
                }
            },
            Expr::Not(a) => Val::B(!self.eval(a, t)?.truth()),
            Expr::Opaque(o) => {
                return Err(SimError::Unsupported(format!(
                    "{} has no semantics in the simulator (a TVM builtin kept as written)",
                    o.describe()
                )))
            }
            Expr::Select(c, a, b) => {
                let (c, a, b) = (self.eval(c, t)?, self.eval(a, t)?, self.eval(b, t)?);
                if c.truth() {
                    a
                } else {
                    b
                }
            }
            Expr::Cast(ty, a) => {
                let v = self.eval(a, t)?;
                match (ty.is_int(), v) {
                    (true, Val::F(f)) => round(*ty, Val::I(f.trunc() as i64)),
                    _ => round(*ty, v),
                }
            }
            Expr::Load(b, idx) => {
                let i = match idx.first() {
                    Some(x) => self.eval(x, t)?.int(),
                    None => 0,
                };
                self.read(*b, i, t)?
            }
            Expr::Binary(op, a, b) => {
                let ty = self.f.dtype_of(a);
                if *op == BinOp::And || *op == BinOp::Or {
                    let x = self.eval(a, t)?.truth();
                    let y = self.eval(b, t)?.truth();
                    return Ok(Val::B(if *op == BinOp::And { x && y } else { x || y }));
                }
                let (x, y) = (self.eval(a, t)?, self.eval(b, t)?);
                binary(*op, ty, x, y)?
            }
            Expr::Call(f, args) => {
                let ty = args.first().map_or(DataType::F32, |a| self.f.dtype_of(a));
                match f {
                    Intrinsic::IfThenElse if args.len() == 3 => {
                        let c = self.eval(&args[0], t)?.truth();
                        return self.eval(&args[if c { 1 } else { 2 }], t);
                    }
                    Intrinsic::Likely if args.len() == 1 => return self.eval(&args[0], t),
                    f if f.is_warp() => return self.warp_call(*f, args, t),
                    f if f.bit_operator().is_some() => {
                        let vals = args
                            .iter()
                            .map(|a| self.eval(a, t))
                            .collect::<Result<Vec<_>, _>>()?;
                        return bitwise(*f, ty, &vals);
                    }
                    // A tensor-core call is a whole warp's 16x16x16 tile
                    // operation on opaque fragments: not simulated per lane.
                    f if f.is_wmma() => {
                        return Err(SimError::Unsupported(format!(
                            "T.{} (a WMMA tensor-core call): the SIMT simulator does not execute tensorized programs; the interpreter runs them through the intrinsic's description",
                            f.name()
                        )))
                    }
                    _ => {}
                }
                let vals = args
                    .iter()
                    .map(|a| self.eval(a, t))
                    .collect::<Result<Vec<_>, _>>()?;
                let x = vals.first().map_or(0.0, |v| v.float());
                if ty.is_int() && matches!(f, Intrinsic::Abs) {
                    return Ok(round(ty, Val::I(vals.first().map_or(0, |v| v.int()).abs())));
                }
                let r = match f {
                    Intrinsic::Exp => x.exp(),
                    Intrinsic::Exp2 => x.exp2(),
                    Intrinsic::Log => x.ln(),
                    Intrinsic::Log2 => x.log2(),
                    Intrinsic::Log10 => x.log10(),
                    Intrinsic::Sqrt => x.sqrt(),
                    Intrinsic::Rsqrt => 1.0 / x.sqrt(),
                    Intrinsic::Sin => x.sin(),
                    Intrinsic::Cos => x.cos(),
                    Intrinsic::Tan => x.tan(),
                    Intrinsic::Tanh => x.tanh(),
                    Intrinsic::Sigmoid => 1.0 / (1.0 + (-x).exp()),
                    Intrinsic::Erf => erf(x),
                    Intrinsic::Fabs | Intrinsic::Abs => x.abs(),
                    Intrinsic::Floor => x.floor(),
                    Intrinsic::Ceil => x.ceil(),
                    Intrinsic::Round => x.round_ties_even(),
                    Intrinsic::Trunc => x.trunc(),
                    Intrinsic::Pow => x.powf(vals.get(1).map_or(1.0, |v| v.float())),
                    Intrinsic::IfThenElse
                    | Intrinsic::Likely
                    | Intrinsic::WarpActiveMask
                    | Intrinsic::WarpShuffleDown
                    | Intrinsic::WarpShuffle
                    | Intrinsic::WmmaFill
                    | Intrinsic::WmmaLoad
                    | Intrinsic::WmmaMma
                    | Intrinsic::WmmaStore
                    | Intrinsic::MmaLdmatrix
                    | Intrinsic::MmaSync
                    | Intrinsic::MmaFill
                    | Intrinsic::MmaStore
                    | Intrinsic::WgmmaMma
                    | Intrinsic::WgmmaFill
                    | Intrinsic::WgmmaStore
                    | Intrinsic::WgmmaFence
                    | Intrinsic::WgmmaCommit
                    | Intrinsic::WgmmaWait
                    | Intrinsic::TmaLoad
                    | Intrinsic::MbarrierInit
                    | Intrinsic::MbarrierWait
                    | Intrinsic::ShiftLeft
                    | Intrinsic::ShiftRight
                    | Intrinsic::BitwiseAnd
                    | Intrinsic::BitwiseOr
                    | Intrinsic::BitwiseXor
                    | Intrinsic::BitwiseNot => {
                        return Err(SimError::Unsupported(format!(
                            "{} with wrong arguments",
                            f.name()
                        )))
                    }
                };
                round(ty, Val::F(r))
            }
        })
    }
}

fn binary(op: BinOp, ty: DataType, x: Val, y: Val) -> Result<Val, SimError> {
    if op.is_comparison() {
        let ord = if ty.is_float() {
            x.float().partial_cmp(&y.float())
        } else {
            Some(x.int().cmp(&y.int()))
        };
        use std::cmp::Ordering::*;
        return Ok(Val::B(match op {
            BinOp::Eq => ord == Some(Equal),
            BinOp::Ne => ord != Some(Equal),
            BinOp::Lt => ord == Some(Less),
            BinOp::Le => matches!(ord, Some(Less | Equal)),
            BinOp::Gt => ord == Some(Greater),
            _ => matches!(ord, Some(Greater | Equal)),
        }));
    }
    if ty.is_float() {
        let (a, b) = (x.float(), y.float());
        let r = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            BinOp::Div => a / b,
            BinOp::Mod => a % b,
            BinOp::FloorDiv => (a / b).floor(),
            BinOp::FloorMod => a - (a / b).floor() * b,
            BinOp::Min => a.min(b),
            _ => a.max(b),
        };
        return Ok(round(ty, Val::F(r)));
    }
    let (a, b) = (x.int(), y.int());
    if matches!(
        op,
        BinOp::Div | BinOp::Mod | BinOp::FloorDiv | BinOp::FloorMod
    ) && b == 0
    {
        return Err(SimError::Unsupported("integer division by zero".into()));
    }
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div => a.wrapping_div(b),
        BinOp::Mod => a.wrapping_rem(b),
        BinOp::FloorDiv => floor_div(a, b),
        BinOp::FloorMod => a.wrapping_sub(b.wrapping_mul(floor_div(a, b))),
        BinOp::Min => a.min(b),
        _ => a.max(b),
    };
    Ok(round(ty, Val::I(r)))
}

/// TVM's bitwise intrinsics on integers kept wrapped to `ty` (as the
/// interpreter: sign-extended or non-negative, so `>>` is C's shift).
fn bitwise(f: Intrinsic, ty: DataType, vals: &[Val]) -> Result<Val, SimError> {
    let a = vals.first().map_or(0, |v| v.int());
    let b = vals.get(1).map_or(0, |v| v.int());
    let shift_ok = (0..i64::from(ty.bits())).contains(&b);
    let r = match f {
        Intrinsic::BitwiseAnd => a & b,
        Intrinsic::BitwiseOr => a | b,
        Intrinsic::BitwiseXor => a ^ b,
        Intrinsic::BitwiseNot => !a,
        Intrinsic::ShiftLeft if shift_ok => a.wrapping_shl(b as u32),
        Intrinsic::ShiftRight if shift_ok => a >> b,
        _ => {
            return Err(SimError::Unsupported(format!(
                "T.{} of a {ty} by {b}, outside [0, the type's width)",
                f.name()
            )))
        }
    };
    Ok(round(ty, Val::I(r)))
}
