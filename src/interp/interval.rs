//! Integer intervals of compiled index expressions, from the ranges of the loop
//! and iter variables around them; used to drop iteration-domain checks that can
//! never fail.
//!
//! Deliberately independent of `arith`: the interpreter is the oracle that checks
//! schedules built on `arith`, so it must not trust the same analysis.

use super::code::{ArithOp, IExpr};
use crate::ir::DataType;

/// Inclusive bounds `(lo, hi)`.
pub type Interval = (i64, i64);

fn fits(t: DataType, (lo, hi): Interval) -> bool {
    let (min, max) = match t {
        DataType::I8 => (i8::MIN as i64, i8::MAX as i64),
        DataType::I16 => (i16::MIN as i64, i16::MAX as i64),
        DataType::I32 => (i32::MIN as i64, i32::MAX as i64),
        DataType::U8 | DataType::U16 | DataType::U32 | DataType::U64 => {
            t.int_range().unwrap_or((0, i64::MAX))
        }
        _ => (i64::MIN, i64::MAX),
    };
    min <= lo && hi <= max
}

/// Bounds of `e` given the bounds of variables (`None`: unknown), or `None` when
/// they cannot be shown (including any chance of wrapping or division by zero).
pub fn bounds(e: &IExpr, vars: &[Option<Interval>]) -> Option<Interval> {
    match e {
        IExpr::Const(c) => Some((*c, *c)),
        IExpr::Var(v) => vars.get(*v as usize).copied().flatten(),
        IExpr::Wrap(a, t) => bounds(a, vars).filter(|&iv| fits(*t, iv)),
        IExpr::Arith(op, a, b, t) => {
            let (a, b) = (bounds(a, vars)?, bounds(b, vars)?);
            let r = arith(*op, a, b)?;
            fits(*t, r).then_some(r)
        }
        _ => None,
    }
}

fn arith(op: ArithOp, (al, ah): Interval, (bl, bh): Interval) -> Option<Interval> {
    match op {
        ArithOp::Add => Some((al.checked_add(bl)?, ah.checked_add(bh)?)),
        ArithOp::Sub => Some((al.checked_sub(bh)?, ah.checked_sub(bl)?)),
        ArithOp::Mul => {
            let c = [
                al.checked_mul(bl)?,
                al.checked_mul(bh)?,
                ah.checked_mul(bl)?,
                ah.checked_mul(bh)?,
            ];
            Some((*c.iter().min()?, *c.iter().max()?))
        }
        ArithOp::Min => Some((al.min(bl), ah.min(bh))),
        ArithOp::Max => Some((al.max(bl), ah.max(bh))),
        // Division only by a positive constant: floor division is monotonic then.
        ArithOp::FloorDiv if bl == bh && bl > 0 => Some((al.div_euclid(bl), ah.div_euclid(bl))),
        ArithOp::FloorMod if bl == bh && bl > 0 => {
            if al.div_euclid(bl) == ah.div_euclid(bl) {
                Some((al.rem_euclid(bl), ah.rem_euclid(bl)))
            } else {
                Some((0, bl - 1))
            }
        }
        ArithOp::Div if bl == bh && bl > 0 && al >= 0 => Some((al / bl, ah / bl)),
        ArithOp::Mod if bl == bh && bl > 0 && al >= 0 => {
            if al / bl == ah / bl {
                Some((al % bl, ah % bl))
            } else {
                Some((0, bl - 1))
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(v: u32) -> Box<IExpr> {
        Box::new(IExpr::Var(v))
    }

    fn c(x: i64) -> Box<IExpr> {
        Box::new(IExpr::Const(x))
    }

    #[test]
    fn split_bindings_are_bounded() {
        // by * 16 + yi with by in [0, 3], yi in [0, 15]
        let vars = [Some((0, 3)), Some((0, 15))];
        let e = IExpr::Arith(
            ArithOp::Add,
            Box::new(IExpr::Arith(ArithOp::Mul, var(0), c(16), DataType::I32)),
            var(1),
            DataType::I32,
        );
        assert_eq!(bounds(&e, &vars), Some((0, 63)));
        let fm = IExpr::Arith(ArithOp::FloorMod, var(1), c(4), DataType::I32);
        assert_eq!(bounds(&fm, &vars), Some((0, 3)));
        let fd = IExpr::Arith(ArithOp::FloorDiv, var(1), c(4), DataType::I32);
        assert_eq!(bounds(&fd, &vars), Some((0, 3)));
    }

    #[test]
    fn unknowns_and_wrapping_give_none() {
        let vars = [None, Some((0, i32::MAX as i64))];
        assert_eq!(bounds(&IExpr::Var(0), &vars), None);
        let e = IExpr::Arith(ArithOp::Add, var(1), c(1), DataType::I32);
        assert_eq!(bounds(&e, &vars), None);
        let d = IExpr::Arith(ArithOp::FloorDiv, var(1), var(1), DataType::I32);
        assert_eq!(bounds(&d, &vars), None);
    }
}
