//! Warp intrinsics for the SIMT simulator, with CUDA's rules: lanes are the
//! block's linear thread ids modulo 32, the mask names the lanes taking part,
//! every lane it names must execute the same call (converged, none exited),
//! and a value shuffled from a lane outside the mask is undefined, so it
//! comes back as poison (NaN, or the poison integer the runtime fills with)
//! that shows in the result if the lowering ever uses it.

use super::{Sim, SimError, Val};
use crate::ir::{DataType, Expr, Intrinsic};

pub const WARP: usize = 32;

/// What an undefined value reads as.
fn poison(t: DataType) -> Val {
    if t.is_float() {
        Val::F(f64::NAN)
    } else {
        Val::I(0x5a5a_5a5a)
    }
}

impl Sim<'_> {
    /// The lanes of thread `t`'s warp that execute the current statement.
    fn active_lanes(&self, t: usize) -> u32 {
        let base = t / WARP * WARP;
        (0..WARP)
            .filter(|&l| self.active.get(base + l).copied().unwrap_or(false))
            .fold(0u32, |m, l| m | 1 << l)
    }

    pub(super) fn warp_call(
        &mut self,
        f: Intrinsic,
        args: &[Expr],
        t: usize,
    ) -> Result<Val, SimError> {
        if self.active.len() != self.n {
            return Err(SimError::Unsupported(format!(
                "{} outside a store (lowering emits warp intrinsics only as stored values)",
                f.name()
            )));
        }
        if f == Intrinsic::WarpActiveMask {
            return Ok(Val::I(self.active_lanes(t) as i32 as i64));
        }
        let [mask, value, lane_arg, width] = args else {
            return Err(SimError::Unsupported(format!(
                "{} with wrong arguments",
                f.name()
            )));
        };
        let mask = self.eval(mask, t)?.int() as u32;
        let arg = self.eval(lane_arg, t)?.int();
        let width = self.eval(width, t)?.int();
        if !(1..=WARP as i64).contains(&width) || (width & (width - 1)) != 0 {
            return Err(SimError::Shuffle(format!(
                "width {width} is not a power of two up to 32"
            )));
        }
        let (base, lane) = (t / WARP * WARP, t % WARP);
        if mask & (1 << lane) == 0 {
            return Err(SimError::Shuffle(format!(
                "thread {t} (lane {lane}) shuffles with a mask {mask:#010x} that leaves it out"
            )));
        }
        let active = self.active_lanes(t);
        if mask & !active != 0 {
            return Err(SimError::Shuffle(format!(
                "the mask {mask:#010x} of thread {t} names lanes that do not execute the shuffle (active {active:#010x})"
            )));
        }
        let width = width as usize;
        let src = match f {
            Intrinsic::WarpShuffle => lane / width * width + arg.rem_euclid(width as i64) as usize,
            _ if arg < 0 => return Err(SimError::Shuffle(format!("negative delta {arg}"))),
            _ if lane % width + arg as usize >= width => lane,
            _ => lane + arg as usize,
        };
        let dtype = self.f.dtype_of(value);
        if mask & (1 << src) == 0 {
            return Ok(poison(dtype));
        }
        self.eval(value, base + src)
    }
}

/// True when `e` calls a warp intrinsic.
pub fn has_warp_call(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Call(f, _) if f.is_warp()));
    found
}
