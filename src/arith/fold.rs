//! Constant folding and small literal helpers for the simplifier: TIR semantics
//! for integer division (`Div`/`Mod` truncate, `FloorDiv`/`FloorMod` floor),
//! float rounding to the value's type, and decisions of comparisons from bounds.
//!
//! Invariant: knows only `ir`; never folds what would change a value (division
//! by zero, overflow, a result outside its type, a non-finite float).

use super::affine::{floor_div, floor_mod};
use crate::ir::{BinOp, DataType, Expr};

/// Whether `v` is representable in the integer type `t`.
pub(crate) fn fits(v: i64, t: DataType) -> bool {
    match t {
        DataType::I8 => i8::try_from(v).is_ok(),
        DataType::I16 => i16::try_from(v).is_ok(),
        DataType::I32 => i32::try_from(v).is_ok(),
        DataType::U8 => u8::try_from(v).is_ok(),
        DataType::U16 => u16::try_from(v).is_ok(),
        DataType::U32 => u32::try_from(v).is_ok(),
        DataType::U64 => v >= 0,
        DataType::Bool => v == 0 || v == 1,
        _ => true,
    }
}

/// Rounds a value to the precision of a float type.
pub(crate) fn round_to(v: f64, t: DataType) -> f64 {
    match t {
        DataType::F32 => v as f32 as f64,
        DataType::F16 => half::f16::from_f64(v).to_f64(),
        DataType::BF16 => half::bf16::from_f64(v).to_f64(),
        _ => v,
    }
}

pub(crate) fn int_lit(e: &Expr) -> Option<(i64, DataType)> {
    match e {
        Expr::Int(v, t) if t.is_int() => Some((*v, *t)),
        _ => None,
    }
}

pub(crate) fn bool_lit(e: &Expr) -> Option<bool> {
    match e {
        Expr::Int(v, DataType::Bool) => Some(*v != 0),
        _ => None,
    }
}

pub(crate) fn float_lit(e: &Expr) -> Option<(f64, DataType)> {
    match e {
        Expr::Float(v, t) => Some((*v, *t)),
        _ => None,
    }
}

/// The comparison that holds exactly when `op` does not (integers only: NaN breaks it for floats).
pub(crate) fn negate_cmp(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Eq => BinOp::Ne,
        BinOp::Ne => BinOp::Eq,
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        _ => return None,
    })
}

/// Decides `d op 0` from bounds `[lo, hi]` of `d`.
pub(crate) fn decide_cmp(op: BinOp, (lo, hi): (i64, i64)) -> Option<bool> {
    match op {
        BinOp::Lt if hi < 0 => Some(true),
        BinOp::Lt if lo >= 0 => Some(false),
        BinOp::Le if hi <= 0 => Some(true),
        BinOp::Le if lo > 0 => Some(false),
        BinOp::Gt if lo > 0 => Some(true),
        BinOp::Gt if hi <= 0 => Some(false),
        BinOp::Ge if lo >= 0 => Some(true),
        BinOp::Ge if hi < 0 => Some(false),
        BinOp::Eq | BinOp::Ne if lo == 0 && hi == 0 => Some(op == BinOp::Eq),
        BinOp::Eq | BinOp::Ne if lo > 0 || hi < 0 => Some(op == BinOp::Ne),
        _ => None,
    }
}

pub(crate) fn logic(op: BinOp, a: Expr, b: Expr) -> Expr {
    let (ca, cb) = (bool_lit(&a), bool_lit(&b));
    // Both sides are pure, so a constant side decides or drops out.
    match (op, ca, cb) {
        (BinOp::And, Some(false), _) | (BinOp::And, _, Some(false)) => Expr::bool(false),
        (BinOp::Or, Some(true), _) | (BinOp::Or, _, Some(true)) => Expr::bool(true),
        (_, Some(_), _) => b,
        (_, _, Some(_)) => a,
        _ if a == b => a,
        _ => Expr::binary(op, a, b),
    }
}

/// Folds a binary operator on two constants; `None` when it cannot or must not
/// (division by zero, overflow, a result outside the type).
pub(crate) fn fold_consts(op: BinOp, a: &Expr, b: &Expr) -> Option<Expr> {
    if let (Some((x, t)), Some((y, _))) = (int_lit(a), int_lit(b)) {
        let v = match op {
            BinOp::Add => x.checked_add(y)?,
            BinOp::Sub => x.checked_sub(y)?,
            BinOp::Mul => x.checked_mul(y)?,
            BinOp::Div => x.checked_div(y)?,
            BinOp::Mod => x.checked_rem(y)?,
            BinOp::FloorDiv => floor_div(x, y)?,
            BinOp::FloorMod => floor_mod(x, y)?,
            BinOp::Min => x.min(y),
            BinOp::Max => x.max(y),
            BinOp::Eq => return Some(Expr::bool(x == y)),
            BinOp::Ne => return Some(Expr::bool(x != y)),
            BinOp::Lt => return Some(Expr::bool(x < y)),
            BinOp::Le => return Some(Expr::bool(x <= y)),
            BinOp::Gt => return Some(Expr::bool(x > y)),
            BinOp::Ge => return Some(Expr::bool(x >= y)),
            BinOp::And | BinOp::Or => return None,
        };
        return fits(v, t).then_some(Expr::Int(v, t));
    }
    if let (Some(x), Some(y)) = (bool_lit(a), bool_lit(b)) {
        return match op {
            BinOp::And => Some(Expr::bool(x && y)),
            BinOp::Or => Some(Expr::bool(x || y)),
            BinOp::Eq => Some(Expr::bool(x == y)),
            BinOp::Ne => Some(Expr::bool(x != y)),
            _ => None,
        };
    }
    if let (Some((x, t)), Some((y, u))) = (float_lit(a), float_lit(b)) {
        if t != u {
            return None;
        }
        let v = match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
            BinOp::Div if y != 0.0 => x / y,
            BinOp::Min => x.min(y),
            BinOp::Max => x.max(y),
            BinOp::Eq => return Some(Expr::bool(x == y)),
            BinOp::Ne => return Some(Expr::bool(x != y)),
            BinOp::Lt => return Some(Expr::bool(x < y)),
            BinOp::Le => return Some(Expr::bool(x <= y)),
            BinOp::Gt => return Some(Expr::bool(x > y)),
            BinOp::Ge => return Some(Expr::bool(x >= y)),
            _ => return None,
        };
        let v = round_to(v, t);
        return v.is_finite().then_some(Expr::Float(v, t));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_types() {
        assert!(fits(127, DataType::I8) && !fits(128, DataType::I8));
        assert!(fits(255, DataType::U8) && !fits(-1, DataType::U8));
        assert!(!fits(1 << 31, DataType::I32) && fits(1 << 31, DataType::I64));
    }

    #[test]
    fn comparisons_from_bounds() {
        assert_eq!(decide_cmp(BinOp::Lt, (-5, -1)), Some(true));
        assert_eq!(decide_cmp(BinOp::Lt, (-5, 0)), None);
        assert_eq!(decide_cmp(BinOp::Le, (-5, 0)), Some(true));
        assert_eq!(decide_cmp(BinOp::Ge, (0, 3)), Some(true));
        assert_eq!(decide_cmp(BinOp::Gt, (-3, 0)), Some(false));
        assert_eq!(decide_cmp(BinOp::Eq, (0, 0)), Some(true));
        assert_eq!(decide_cmp(BinOp::Ne, (1, 4)), Some(true));
        assert_eq!(decide_cmp(BinOp::Eq, (-1, 1)), None);
    }

    #[test]
    fn folding_respects_types() {
        let i8c = |v| Expr::Int(v, DataType::I8);
        assert_eq!(fold_consts(BinOp::Add, &i8c(100), &i8c(27)), Some(i8c(127)));
        assert_eq!(fold_consts(BinOp::Add, &i8c(100), &i8c(28)), None);
        let f32c = |v| Expr::Float(v, DataType::F32);
        assert_eq!(
            fold_consts(BinOp::Add, &f32c(1.0), &Expr::Float(1.0, DataType::F64)),
            None
        );
        assert_eq!(fold_consts(BinOp::Mul, &f32c(1e30), &f32c(1e30)), None);
        assert_eq!(
            fold_consts(BinOp::Lt, &f32c(1.0), &f32c(2.0)),
            Some(Expr::bool(true))
        );
        assert_eq!(
            fold_consts(BinOp::And, &Expr::bool(true), &Expr::bool(false)),
            Some(Expr::bool(false))
        );
        assert_eq!(round_to(0.1, DataType::F32), 0.1f32 as f64);
    }
}
