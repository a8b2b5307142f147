//! The MMA calls (`ldmatrix`, `mma.sync` m16n8k16 and, for int8, m16n8k32,
//! fill, store) as the hardware runs them: whole-warp operations on each
//! lane's registers, with PTX's fragment layouts (PTX ISA, "Matrix fragments for mma.m16n8k16" and
//! "ldmatrix"). The interpreter runs the intrinsics' descriptions; simulating
//! the instructions here is what checks that lowering (the lane addresses,
//! the register layout, `lower_warp_memory`) agrees with them.
//!
//! Register r (a half) of lane l in a 16x16 A or C tile holds element
//! (l/4 + 8*((r/2)%2), 2*(l%4) + r%2 + 8*(r/4)); of a 16x16 B tile (k x n),
//! element (2*(l%4) + r%2 + 8*((r%4)/2), 8*(r/4) + l/4): registers 0-3 feed
//! the first m16n8k16 (columns 0-7), 4-7 the second.

use super::{round, Sim, SimError, Val};
use crate::ir::{DataType, Expr, Intrinsic};

const WARP: usize = 32;

impl Sim<'_> {
    /// Runs an MMA call for every warp the mask covers (whole warps only).
    pub(super) fn mma_call(
        &mut self,
        f: Intrinsic,
        args: &[Expr],
        mask: &[bool],
    ) -> Result<(), SimError> {
        for w in 0..self.n.div_ceil(WARP) {
            let lanes: Vec<usize> = (w * WARP..(w * WARP + WARP).min(self.n)).collect();
            let active = lanes.iter().filter(|&&t| mask[t]).count();
            if active == 0 {
                continue;
            }
            if active != WARP {
                return Err(SimError::Unsupported(format!(
                    "T.{} runs on {active} lanes of a warp; the MMA instructions need all 32",
                    f.name()
                )));
            }
            self.warp_mma(f, args, &lanes)?;
        }
        Ok(())
    }

    /// The buffer and flat index of a call operand, for thread `t`.
    pub(super) fn operand(
        &mut self,
        args: &[Expr],
        i: usize,
        t: usize,
    ) -> Result<(crate::ir::BufferId, i64), SimError> {
        match args.get(i) {
            Some(Expr::Load(b, idx)) => {
                let at = match idx.first() {
                    Some(e) => self.eval(e, t)?.int(),
                    None => 0,
                };
                Ok((*b, at))
            }
            _ => Err(SimError::Unsupported(format!(
                "an MMA call whose operand {i} is not a buffer element"
            ))),
        }
    }

    pub(super) fn scalar(&mut self, args: &[Expr], i: usize, t: usize) -> Result<i64, SimError> {
        match args.get(i) {
            Some(e) => Ok(self.eval(e, t)?.int()),
            None => Err(SimError::Unsupported(format!(
                "an MMA call without its argument {i}"
            ))),
        }
    }

    fn warp_mma(&mut self, f: Intrinsic, args: &[Expr], lanes: &[usize]) -> Result<(), SimError> {
        match f {
            Intrinsic::MmaFill => {
                for &t in lanes {
                    let (c, at) = self.operand(args, 0, t)?;
                    let ty = self.f.buffer(c).dtype;
                    for r in 0..8 {
                        self.write(c, at + r, round(ty, Val::F(0.0)), t)?;
                    }
                }
            }
            Intrinsic::MmaLdmatrix => {
                let trans = self.scalar(args, 2, lanes[0])? == 1;
                // Each lane names one 16-byte row (8 halves, or 16 int8);
                // lanes 8m..8m+7 give matrix m. A lane gets 32 bits of each
                // matrix: `per` elements, registers per*m .. per*m + per - 1.
                let (src0, _) = self.operand(args, 1, lanes[0])?;
                let bytes = self.f.buffer(src0).dtype.bytes();
                if !matches!(bytes, 1 | 2) || (trans && bytes != 2) {
                    return Err(SimError::Unsupported(format!(
                        "ldmatrix{} of {}-byte elements",
                        if trans { ".trans" } else { "" },
                        bytes
                    )));
                }
                let per = 4 / bytes;
                let mut rows = Vec::with_capacity(WARP);
                for &t in lanes {
                    let (src, at) = self.operand(args, 1, t)?;
                    let mut row = Vec::with_capacity(4 * per);
                    for c in 0..4 * per {
                        row.push(self.read(src, at + c as i64, t)?);
                    }
                    rows.push(row);
                }
                for (l, &t) in lanes.iter().enumerate() {
                    let (dst, at) = self.operand(args, 0, t)?;
                    for m in 0..4 {
                        for h in 0..per {
                            let v = if trans {
                                rows[8 * m + 2 * (l % 4) + h][l / 4]
                            } else {
                                rows[8 * m + l / 4][per * (l % 4) + h]
                            };
                            self.write(dst, at + (per * m + h) as i64, v, t)?;
                        }
                    }
                }
            }
            Intrinsic::MmaSync if self.int8_operands(args, lanes[0])? => {
                self.mma_int8(args, lanes)?;
            }
            Intrinsic::MmaSync => {
                let mut a = [[0.0f64; 16]; 16];
                let mut b = [[0.0f64; 16]; 16];
                let mut c = [[0.0f64; 16]; 16];
                let mut acc_ty = DataType::F32;
                for (l, &t) in lanes.iter().enumerate() {
                    let (cb, ca) = self.operand(args, 0, t)?;
                    let (ab, aa) = self.operand(args, 1, t)?;
                    let (bb, ba) = self.operand(args, 2, t)?;
                    acc_ty = self.f.buffer(cb).dtype;
                    for r in 0..8 {
                        let (i, j) = a_or_c_element(l, r);
                        a[i][j] = self.read(ab, aa + r as i64, t)?.float();
                        c[i][j] = self.read(cb, ca + r as i64, t)?.float();
                        let (k, n) = b_element(l, r);
                        b[k][n] = self.read(bb, ba + r as i64, t)?.float();
                    }
                }
                for (l, &t) in lanes.iter().enumerate() {
                    let (cb, ca) = self.operand(args, 0, t)?;
                    for r in 0..8 {
                        let (i, j) = a_or_c_element(l, r);
                        let d = c[i][j] + (0..16).map(|k| a[i][k] * b[k][j]).sum::<f64>();
                        self.write(cb, ca + r as i64, round(acc_ty, Val::F(d)), t)?;
                    }
                }
            }
            Intrinsic::MmaStore => {
                for &t in lanes {
                    let (src, sa) = self.operand(args, 0, t)?;
                    let (dst, da) = self.operand(args, 1, t)?;
                    let lane = self.scalar(args, 2, t)? as usize;
                    let ldm = self.scalar(args, 3, t)?;
                    for r in 0..8 {
                        let (i, j) = a_or_c_element(lane, r);
                        let v = self.read(src, sa + r as i64, t)?;
                        self.write(dst, da + i as i64 * ldm + j as i64, v, t)?;
                    }
                }
            }
            _ => {
                return Err(SimError::Unsupported(format!(
                    "T.{} is not an MMA call",
                    f.name()
                )))
            }
        }
        Ok(())
    }
}

impl Sim<'_> {
    /// Whether an mma's A operand is int8 (the m16n8k32 s8 family).
    fn int8_operands(&mut self, args: &[Expr], t: usize) -> Result<bool, SimError> {
        let (a, _) = self.operand(args, 1, t)?;
        Ok(self.f.buffer(a).dtype == DataType::I8)
    }

    /// Two `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32` on a 16x16x32
    /// tile: exact integer products, wrapping int32 sums as the hardware's.
    fn mma_int8(&mut self, args: &[Expr], lanes: &[usize]) -> Result<(), SimError> {
        let mut a = [[0i64; 32]; 16];
        let mut b = [[0i64; 32]; 16];
        let mut c = [[0i64; 16]; 16];
        for (l, &t) in lanes.iter().enumerate() {
            let (cb, ca) = self.operand(args, 0, t)?;
            let (ab, aa) = self.operand(args, 1, t)?;
            let (bb, ba) = self.operand(args, 2, t)?;
            for r in 0..16 {
                let (i, k) = a_element_s8(l, r);
                a[i][k] = self.read(ab, aa + r as i64, t)?.int();
                let (n, k) = b_element_s8(l, r);
                b[n][k] = self.read(bb, ba + r as i64, t)?.int();
            }
            for r in 0..8 {
                let (i, j) = a_or_c_element(l, r);
                c[i][j] = self.read(cb, ca + r as i64, t)?.int();
            }
        }
        for (l, &t) in lanes.iter().enumerate() {
            let (cb, ca) = self.operand(args, 0, t)?;
            let acc_ty = self.f.buffer(cb).dtype;
            for r in 0..8 {
                let (i, j) = a_or_c_element(l, r);
                let d = c[i][j] + (0..32).map(|k| a[i][k] * b[j][k]).sum::<i64>();
                self.write(cb, ca + r as i64, round(acc_ty, Val::I(d)), t)?;
            }
        }
        Ok(())
    }
}

/// The (m, k) element of a 16x32 int8 A tile that register `r` (byte r%4
/// of 32-bit register r/4) of lane `l` holds: the m16n8k32 A fragment.
fn a_element_s8(l: usize, r: usize) -> (usize, usize) {
    let (m, byte) = (r / 4, r % 4);
    (l / 4 + 8 * (m % 2), 16 * (m / 2) + 4 * (l % 4) + byte)
}

/// The (n, k) element of a 16x32 int8 B tile (B as (n, k)) register `r` of
/// lane `l` holds: 32-bit registers 0-1 are the first m16n8k32's B fragment
/// (n 0-7, k 0-15 and 16-31), 2-3 the second's (n 8-15).
fn b_element_s8(l: usize, r: usize) -> (usize, usize) {
    let (m, byte) = (r / 4, r % 4);
    (l / 4 + 8 * (m / 2), 16 * (m % 2) + 4 * (l % 4) + byte)
}

/// The A/C tile element register `r` of lane `l` holds.
fn a_or_c_element(l: usize, r: usize) -> (usize, usize) {
    (l / 4 + 8 * ((r / 2) % 2), 2 * (l % 4) + r % 2 + 8 * (r / 4))
}

/// The B tile element (k, n) register `r` of lane `l` holds.
fn b_element(l: usize, r: usize) -> (usize, usize) {
    (2 * (l % 4) + r % 2 + 8 * ((r % 4) / 2), 8 * (r / 4) + l / 4)
}

#[cfg(test)]
mod tests {
    /// Each int8 layout covers the 16x32 tile once over 32 lanes x 16 registers.
    #[test]
    fn the_int8_fragment_layouts_are_bijections() {
        for layout in [super::a_element_s8, super::b_element_s8] {
            let mut seen = [[false; 32]; 16];
            for l in 0..32 {
                for r in 0..16 {
                    let (i, k) = layout(l, r);
                    assert!(!seen[i][k], "({i}, {k}) twice");
                    seen[i][k] = true;
                }
            }
        }
    }

    /// Each layout covers the 16x16 tile once over 32 lanes x 8 registers.
    #[test]
    fn the_fragment_layouts_are_bijections() {
        for layout in [super::a_or_c_element, super::b_element] {
            let mut seen = [[false; 16]; 16];
            for l in 0..32 {
                for r in 0..8 {
                    let (i, j) = layout(l, r);
                    assert!(!seen[i][j], "({i}, {j}) twice");
                    seen[i][j] = true;
                }
            }
        }
    }
}
