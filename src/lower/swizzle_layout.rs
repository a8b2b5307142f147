//! Swizzled shared layouts (`buffer_swizzle`, `ir::Buffer::swizzle_bytes`):
//! the physical place of a logical element of a shared buffer whose rows
//! (its last axis) hold one swizzle row of W = 32, 64 or 128 bytes. The
//! 16-byte chunk of a row is XORed with bits 7.. of the row's byte address,
//! CuTe's `Swizzle<log2(W/16), 4, 3>` on the buffer-relative byte address:
//! what the wgmma descriptors' swizzle modes and TMA's `CU_TENSOR_MAP_
//! SWIZZLE_*B` do on the absolute shared address, so the two agree when the
//! buffer starts on a multiple of the 8-row pattern (`PATTERN_ALIGN` bytes,
//! which `merge_shared_memory` gives every swizzled buffer).
//!
//! A 16-byte chunk stays contiguous, so a vectorised copy of up to 16 bytes
//! stays one access. Applied by `flatten_buffer` to every access except a
//! wgmma operand (a descriptor names the logical start; the hardware
//! swizzles), whose start row must lie on the pattern.
//!
//! Invariant: index arithmetic only; `simt::wgmma::Swizzle` is the hardware
//! model these formulas must agree with (tested there).

use super::LowerError;
use crate::ir::{Buffer, Expr, Intrinsic};

/// Bytes a swizzled buffer's start is aligned to: the largest pattern
/// (8 rows of 128 bytes), which every mode's pattern divides.
pub const PATTERN_ALIGN: u64 = 1024;

/// How one swizzled buffer's indices map: elements per 16-byte chunk and
/// per row, and the row bytes W.
#[derive(Clone, Debug, PartialEq)]
pub struct SwizzlePlan {
    chunk: i64,
    row: i64,
    bytes: i64,
}

/// The plan for `buf`, `None` when it is not swizzled; refused when its
/// layout is not a stack of compact W-byte rows.
pub fn plan(buf: &Buffer, strides: &[Expr]) -> Result<Option<SwizzlePlan>, LowerError> {
    let w = buf.swizzle_bytes;
    if w == 0 {
        return Ok(None);
    }
    let refuse = |why: String| {
        Err(LowerError::Unsupported {
            what: format!(
                "{} has a {w}-byte swizzle (buffer_swizzle) but {why}",
                buf.name
            ),
        })
    };
    if !buf.scope.is_shared() {
        return refuse(format!("is in {} memory", buf.scope.name()));
    }
    let eb = buf.dtype.bytes() as i64;
    if !matches!(w, 32 | 64 | 128) || !matches!(eb, 1 | 2 | 4 | 8) {
        return refuse(format!("has {eb}-byte elements"));
    }
    let row = w / eb;
    let last = buf.shape.last().and_then(Expr::as_int);
    if last != Some(row) {
        return refuse(format!(
            "its last axis holds {} elements, not one {w}-byte row of {row}: lay the tile out with transform_layout so that its last axis is {row} wide (e.g. lambda k, n: (n // {row}, k, n % {row}) for a wider row)",
            last.map_or("a non-constant number of".to_string(), |n| n.to_string())
        ));
    }
    let compact = !buf.axis_align.iter().any(|a| a.0 + 2 >= buf.shape.len())
        && strides
            .iter()
            .all(|s| s.as_int().is_some_and(|s| s % row == 0 || s == 1))
        && strides.last().and_then(Expr::as_int) == Some(1);
    if !compact {
        return refuse(
            "its rows are not compact (explicit strides or storage_align on its last two axes)"
                .to_string(),
        );
    }
    Ok(Some(SwizzlePlan {
        chunk: 16 / eb,
        row,
        bytes: w,
    }))
}

impl SwizzlePlan {
    /// The buffer-relative row an access names: its flat index over the row.
    pub fn row_index(&self, idx: &[Expr], strides: &[Expr]) -> Expr {
        let n = idx.len();
        let mut r = Expr::int(0);
        for (e, s) in idx.iter().zip(strides).take(n.saturating_sub(1)) {
            let rows = s.as_int().unwrap_or(self.row) / self.row;
            r = Expr::add(r, Expr::mul(e.clone(), Expr::int(rows)));
        }
        r
    }

    /// What the row's chunk index is XORed with: bits 7.. of the row's byte
    /// address, as many as the row has chunk bits.
    pub fn xor_term(&self, row: Expr) -> Expr {
        let rows_per_128 = 128 / self.bytes;
        let chunks = self.bytes / 16;
        Expr::floormod(
            Expr::floordiv(row, Expr::int(rows_per_128)),
            Expr::int(chunks),
        )
    }

    /// The last index `j` of an access on row `row`, swizzled.
    pub fn swizzle_column(&self, j: Expr, xor: Expr) -> Expr {
        let c = Expr::int(self.chunk);
        let chunk = Expr::Call(
            Intrinsic::BitwiseXor,
            vec![Expr::floordiv(j.clone(), c.clone()), xor],
        );
        Expr::add(Expr::mul(chunk, c.clone()), Expr::floormod(j, c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BinOp, DataType, StorageScope};
    use crate::simt::wgmma::Swizzle;

    fn eval(e: &Expr) -> i64 {
        match e {
            Expr::Int(v, _) => *v,
            Expr::Binary(op, a, b) => {
                let (a, b) = (eval(a), eval(b));
                match op {
                    BinOp::Add => a + b,
                    BinOp::Mul => a * b,
                    BinOp::FloorDiv => a.div_euclid(b),
                    BinOp::FloorMod => a.rem_euclid(b),
                    other => panic!("{other:?}"),
                }
            }
            Expr::Call(Intrinsic::BitwiseXor, v) => eval(&v[0]) ^ eval(&v[1]),
            other => panic!("{other:?}"),
        }
    }

    fn buffer(w: i64, elem: DataType, shape: &[i64]) -> Buffer {
        let mut b = Buffer::new("S", shape.iter().map(|&d| Expr::int(d)).collect(), elem);
        b.scope = StorageScope::Shared;
        b.swizzle_bytes = w;
        b
    }

    /// The swizzled index of every element of a [2, 16, W / 2] fp16 tile is
    /// where the hardware model's swizzle puts its buffer-relative byte.
    #[test]
    fn the_swizzled_indices_are_the_hardware_swizzle() {
        for (w, mode) in [(32, Swizzle::B32), (64, Swizzle::B64), (128, Swizzle::B128)] {
            let row = w / 2;
            let buf = buffer(w, DataType::F16, &[2, 16, row]);
            let st = crate::lower::flatten_buffer::strides(&buf);
            let plan = plan(&buf, &st).unwrap().unwrap();
            for p in 0..2 {
                for r in 0..16 {
                    for j in 0..row {
                        let idx = vec![Expr::int(p), Expr::int(r), Expr::int(j)];
                        let xor = plan.xor_term(plan.row_index(&idx, &st));
                        let col = eval(&plan.swizzle_column(Expr::int(j), xor));
                        let elem = p * 16 * row + r * row + col;
                        let logical = ((p * 16 * row + r * row + j) * 2) as usize;
                        assert_eq!(
                            elem as usize * 2,
                            mode.apply(logical),
                            "w={w} ({p}, {r}, {j})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_tile_whose_rows_are_not_the_swizzle_row_is_refused() {
        let buf = buffer(128, DataType::F16, &[64, 128]);
        let st = crate::lower::flatten_buffer::strides(&buf);
        let err = plan(&buf, &st).unwrap_err().to_string();
        assert!(err.contains("not one 128-byte row of 64"), "{err}");
        let mut global = buffer(128, DataType::F16, &[64, 64]);
        global.scope = StorageScope::Global;
        assert!(plan(&global, &st).is_err());
        let plain = buffer(0, DataType::F16, &[64, 128]);
        assert_eq!(plan(&plain, &st).unwrap(), None);
    }
}
