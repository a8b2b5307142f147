//! LowerWarpMemory: a `warp` buffer, shaped `[.., 32, n]` (lane, register),
//! becomes `[.., n]` registers in each lane: the lane axis goes, since each
//! lane holds its own row. A wgmma accumulator is the same with 128 lanes
//! (a warpgroup's threads, `[.., 128, N/2]`).
//!
//! TVM: src/tir/transforms/lower_warp_memory.cc, which also turns a lane's
//! reads of other lanes' elements into shuffles. Here only the MMA intrinsics
//! (ldmatrix, mma.sync, mma_fill, mma_store) and the wgmma calls touch warp
//! buffers, each at the base of a `[32, n]` (`[128, n]`) tile (lane 0), and each lane passes its own registers:
//! any other access is refused, as it would need a shuffle.
//!
//! Invariant: runs after `thread_binding` (the lane is threadIdx.x) and
//! before `flatten_buffer`; changes warp buffers' shapes and accesses only.

use super::lir::{rewrite_accesses, LStmt, Lowered};
use super::LowerError;
use crate::ir::{BufferId, Expr, StorageScope};

/// The lanes of a warp buffer (the extent of its second-to-last axis): a
/// warp's for the MMA family, a warpgroup's for wgmma's accumulators.
const LANES: [i64; 2] = [
    crate::schedule::tensor_intrin::mma::WARP_SIZE,
    crate::schedule::tensor_intrin::wgmma::WARPGROUP,
];

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    let warp: Vec<BufferId> = (0..f.buffers.len() as u32)
        .map(BufferId)
        .filter(|b| f.buffer(*b).scope == StorageScope::Warp)
        .collect();
    if warp.is_empty() {
        return Ok(f);
    }
    for &b in &warp {
        let buf = f.buffer(b);
        let rank = buf.shape.len();
        let lanes = (rank >= 2).then(|| buf.shape[rank - 2].as_int()).flatten();
        if !lanes.is_some_and(|l| LANES.contains(&l)) {
            return Err(LowerError::Unsupported {
                what: format!(
                    "warp buffer {} has shape [{}]; a warp buffer's second-to-last axis is its lanes, 32 (a warp) or 128 (a warpgroup's wgmma accumulators): lay it out with transform_layout (TVM's shared_16x16_to_ldmatrix_32x8_layout, or the wgmma accumulator layout) and tensorize its producer and consumers with the MMA or wgmma intrinsics",
                    buf.name,
                    buf.shape.iter().map(|e| f.expr(e)).collect::<Vec<_>>().join(", ")
                ),
            });
        }
    }
    check_accesses(&f, &f.body, &warp)?;
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    rewrite_accesses(&mut body, &mut |b, idx: &mut Vec<Expr>| {
        if warp.contains(&b) && idx.len() >= 2 {
            idx.remove(idx.len() - 2);
        }
        b
    });
    f.body = body;
    for &b in &warp {
        let buf = &mut f.buffers[b.0 as usize];
        let lane_axis = buf.shape.len() - 2;
        buf.shape.remove(lane_axis);
        if buf.strides.len() > lane_axis {
            buf.strides.clear();
        }
        buf.axis_align.retain(|a| a.0 < lane_axis);
    }
    Ok(f)
}

/// Every access to a warp buffer is an MMA call's operand at lane 0.
fn check_accesses(f: &Lowered, body: &LStmt, warp: &[BufferId]) -> Result<(), LowerError> {
    let refuse = |b: BufferId, how: &str| {
        let buf = f.buffer(b);
        Err(LowerError::UnplacedFragment {
            buffer: format!("{} ({how})", buf.name),
            scope: buf.scope.name().to_string(),
        })
    };
    let mut res = Ok(());
    body.visit(&mut |s| {
        if res.is_err() {
            return;
        }
        if let LStmt::Store(st) = s {
            if warp.contains(&st.buffer) {
                res = refuse(st.buffer, "stored to outside an MMA intrinsic");
                return;
            }
        }
        s.for_each_expr(|e| {
            if res.is_err() {
                return;
            }
            // Operands of MMA calls are fine at lane 0; any other load is not.
            let mut operands: Vec<*const Expr> = Vec::new();
            e.visit(&mut |x| {
                if let Expr::Call(fun, args) = x {
                    if fun.is_mma() || fun.is_wgmma() {
                        operands.extend(args.iter().map(|a| a as *const Expr));
                    }
                }
            });
            e.visit(&mut |x| {
                let Expr::Load(b, idx) = x else { return };
                if !warp.contains(b) || res.is_err() {
                    return;
                }
                if !operands.contains(&(x as *const Expr)) {
                    res = refuse(*b, "read outside an MMA intrinsic");
                } else if idx.len() < 2
                    || crate::arith::simplify(&idx[idx.len() - 2]).as_int() != Some(0)
                {
                    res = refuse(*b, "an MMA operand not at lane 0");
                }
            });
        });
    });
    res
}
