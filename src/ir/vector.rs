//! Lanes of vector values: how many lanes an expression has, and whether
//! its lanes combine as TVM's IR requires.
//!
//! Vectors appear only in tensor intrinsics' implementations (`T.Ramp`
//! indices, `T.Broadcast`, vector lets, LLVM intrinsic calls); every vector
//! value comes from a builtin (`ir::builtin`), so the interpreter and
//! lowering refuse it by name. What is checked here is what TVM's node
//! constructors check, so that tirtui never prints a program TVM cannot
//! read: operands of one operation have the same lanes, only the last index
//! of a buffer access is a vector, a cast or math intrinsic takes scalars.

use super::{Builtin, DataType, Expr, Opaque, PrimFunc};

/// The lanes of `e` (1: a scalar), or why its lanes do not combine.
pub fn lanes_of(func: &PrimFunc, e: &Expr) -> Result<u32, String> {
    match e {
        Expr::Int(..) | Expr::Float(..) => Ok(1),
        Expr::Var(v) => Ok(func.var(*v).lanes),
        Expr::Binary(op, a, b) => {
            let (la, lb) = (lanes_of(func, a)?, lanes_of(func, b)?);
            if la != lb {
                return Err(format!(
                    "operands of `{op:?}` have {la} and {lb} lanes; TVM combines only values of the same lanes (write `T.Broadcast(x, {})` for a scalar)",
                    la.max(lb)
                ));
            }
            Ok(la)
        }
        Expr::Not(a) => lanes_of(func, a),
        Expr::Select(c, a, b) => {
            let (lc, la, lb) = (lanes_of(func, c)?, lanes_of(func, a)?, lanes_of(func, b)?);
            if la != lb || (lc != 1 && lc != la) {
                return Err(format!(
                    "`T.Select` of a {lc}-lane condition over {la} and {lb} lanes: the values need the same lanes, the condition those or 1"
                ));
            }
            Ok(la)
        }
        Expr::Cast(t, a) => {
            let la = lanes_of(func, a)?;
            if la != 1 {
                return Err(format!(
                    "a cast to {t} of a {la}-lane vector: tirtui casts scalars only (`T.reinterpret` keeps the bits of a vector)"
                ));
            }
            Ok(1)
        }
        Expr::Load(_, idx) => indices_lanes(func, idx),
        Expr::Call(i, args) => {
            for a in args {
                let la = lanes_of(func, a)?;
                if la != 1 {
                    return Err(format!(
                        "`T.{}` of a {la}-lane vector: tirtui's math intrinsics take scalars",
                        i.name()
                    ));
                }
            }
            Ok(1)
        }
        Expr::Opaque(o) => opaque_lanes(func, o),
    }
}

/// The lanes of a buffer access: those of its last index; the others are scalars.
pub fn indices_lanes(func: &PrimFunc, idx: &[Expr]) -> Result<u32, String> {
    let mut lanes = 1;
    for (k, i) in idx.iter().enumerate() {
        let li = lanes_of(func, i)?;
        if li != 1 && k + 1 != idx.len() {
            return Err(format!(
                "index {k} is a {li}-lane vector; only the last index of a buffer access may be a vector (as in TVM)"
            ));
        }
        lanes = li;
    }
    Ok(lanes)
}

fn opaque_lanes(func: &PrimFunc, o: &Opaque) -> Result<u32, String> {
    let Opaque::Call {
        op,
        dtype,
        lanes,
        args,
    } = o
    else {
        return Ok(1);
    };
    let arg_lanes: Vec<u32> = args
        .iter()
        .map(|a| lanes_of(func, a))
        .collect::<Result<_, _>>()?;
    match op {
        Builtin::Ramp | Builtin::Broadcast => {
            let scalars = if *op == Builtin::Ramp { 2 } else { 1 };
            if let Some(k) = arg_lanes.iter().take(scalars).position(|l| *l != 1) {
                return Err(format!(
                    "`T.{}` takes scalars, but its argument {k} has {} lanes",
                    op.name(),
                    arg_lanes[k]
                ));
            }
        }
        Builtin::Reinterpret => {
            let from = args.get(1).map(|a| value_bits(func, a, arg_lanes[1]));
            let to = u64::from(dtype.bits()) * u64::from(*lanes);
            if let Some(Some(from)) = from {
                if from != to {
                    return Err(format!(
                        "`T.reinterpret` to {} ({to} bits) of a value of {from} bits: the sizes must match",
                        dtype.with_lanes(*lanes)
                    ));
                }
            }
        }
        Builtin::VectorLow | Builtin::VectorHigh => {
            let from = arg_lanes.get(1).copied().unwrap_or(1);
            if from != 2 * *lanes {
                return Err(format!(
                    "`T.{}` to {} of a {from}-lane vector: the result has half the lanes",
                    op.name(),
                    dtype.with_lanes(*lanes)
                ));
            }
        }
        _ => {}
    }
    Ok(*lanes)
}

/// The size in bits of a value of `lanes` lanes (None when its type is unknown here).
fn value_bits(func: &PrimFunc, e: &Expr, lanes: u32) -> Option<u64> {
    let t = element_type(func, e)?;
    Some(u64::from(t.bits()) * u64::from(lanes))
}

/// The element type of the values the vector checks need (loads, lets,
/// calls); None for expressions whose type other code derives.
pub fn element_type(func: &PrimFunc, e: &Expr) -> Option<DataType> {
    match e {
        Expr::Int(_, t) | Expr::Float(_, t) | Expr::Cast(t, _) => Some(*t),
        Expr::Var(v) => Some(func.var(*v).dtype),
        Expr::Load(b, _) => Some(func.buffer(*b).dtype),
        Expr::Opaque(o) => match &**o {
            Opaque::Call { dtype, .. } => Some(*dtype),
            _ => None,
        },
        Expr::Binary(op, a, _) if !op.is_comparison() && !op.is_logical() => element_type(func, a),
        _ => None,
    }
}
