//! The warp-shuffle allreduce (TVM's `MakeWarpAllreduce`, lower_thread_allreduce.cc):
//! each warp folds its lanes with `__shfl_down_sync` (no shared memory, no
//! barrier); when the reduction spans several warps, lane 0 of each warp puts
//! its warp's value in a small shared staging buffer and the first warp folds
//! those the same way. The result is broadcast (a `__shfl_sync` from the
//! group's first lane, or a shared slot per group) only when every thread
//! needs it, i.e. when the reduced buffer is local.
//!
//! It applies in TVM's cases, where the reducing threads are consecutive lanes:
//! the thread loop is the kernel's lowest threadIdx axis with more than one
//! thread, every other threadIdx axis of the kernel is a loop around the block
//! (a "group", one reduction per group), and the reduction's extent `R`
//! divides 32, is a multiple of 32, or is at most 32 with no group. Types are
//! the ones `__shfl_*_sync` moves in one call (32/64-bit, half).

use super::{identity, OtherThread};
use crate::ir::{
    BinOp, Buffer, BufferId, BufferStore, DataType, Expr, For, ForKind, IfThenElse, Intrinsic,
    PrimFunc, Stmt, StorageScope, ThreadAxis,
};

const WARP: i64 = 32;

/// The thread layout of a reduction that warp shuffles can combine.
pub struct WarpShape {
    /// The group's index: the other threadIdx loops flattened, lowest axis first.
    pub group: Expr,
    /// The number of groups.
    pub groups: i64,
}

/// The layout when the warp path applies (see the module comment), else `None`.
///
/// `kernel_loops` are every threadIdx loop of the kernel holding the block.
pub fn shape(
    t: &For,
    n: i64,
    dtype: DataType,
    others: &[OtherThread],
    kernel_loops: &[&For],
) -> Option<WarpShape> {
    if !matches!(
        dtype,
        DataType::F32 | DataType::F64 | DataType::I32 | DataType::I64 | DataType::F16
    ) || n <= 1
    {
        return None;
    }
    let ForKind::ThreadBinding(ThreadAxis::ThreadIdx(dim)) = t.kind else {
        return None;
    };
    if t.min.as_int() != Some(0) || others.iter().any(|o| o.min.as_int() != Some(0)) {
        return None;
    }
    // Every threadIdx loop of the kernel: the reducing axis (same extent
    // everywhere), or an axis of a loop around the block with its extent.
    for l in kernel_loops {
        let ForKind::ThreadBinding(axis) = l.kind else {
            return None;
        };
        let ext = l.extent.as_int()?;
        if ext == 1 {
            continue;
        }
        if axis == ThreadAxis::ThreadIdx(dim) {
            if ext != n {
                return None;
            }
        } else if !others.iter().any(|o| o.axis == axis && o.extent == ext) {
            return None;
        }
    }
    let mut group_axes: Vec<&OtherThread> = others.iter().filter(|o| o.extent > 1).collect();
    group_axes.sort_by_key(|o| o.dim());
    // The reducing threads must be the lowest axis: consecutive lanes.
    if group_axes.iter().any(|o| o.dim() < dim) {
        return None;
    }
    let groups: i64 = group_axes.iter().map(|o| o.extent).product();
    let fits = WARP % n == 0 || n % WARP == 0 || (groups == 1 && n <= WARP);
    if !fits || n * groups > 1024 {
        return None;
    }
    let mut group = Expr::int(0);
    let mut stride = 1;
    for o in &group_axes {
        let term = if stride == 1 {
            Expr::Var(o.var)
        } else {
            Expr::mul(Expr::Var(o.var), Expr::int(stride))
        };
        group = if stride == 1 {
            term
        } else {
            Expr::add(group, term)
        };
        stride *= o.extent;
    }
    Some(WarpShape { group, groups })
}

/// What the caller needs to finish the reduction.
pub struct Emitted {
    pub stmts: Vec<Stmt>,
    /// The reduced value, as the threads that write it back read it.
    pub total: Expr,
    /// Buffers to allocate at the root.
    pub buffers: Vec<BufferId>,
}

fn store(buffer: BufferId, index: Expr, value: Expr) -> Stmt {
    Stmt::BufferStore(BufferStore {
        buffer,
        indices: vec![index],
        value,
    })
}

fn when(cond: Expr, then_case: Stmt, else_case: Option<Stmt>) -> Stmt {
    Stmt::IfThenElse(crate::ir::Shared::new(IfThenElse {
        cond,
        then_case,
        else_case,
    }))
}

struct Regs {
    red: BufferId,
    shfl: BufferId,
    mask: BufferId,
}

/// Folds `red[0]` over lanes `0..extent` of each `extent`-lane segment of a
/// warp into the segment's first lane: TVM's sequence of `t = shfl_down(red,
/// offset)`, `red = red ⊕ t`, the store guarded where the partner lane lies
/// past `extent` (its value is undefined or another group's).
fn fold_warp(out: &mut Vec<Stmt>, r: &Regs, op: BinOp, lane: &Expr, extent: i64) {
    let zero = || Expr::int(0);
    let red = || Expr::Load(r.red, vec![zero()]);
    out.push(store(
        r.mask,
        zero(),
        Expr::Call(Intrinsic::WarpActiveMask, vec![]),
    ));
    let mut offset = 1;
    while offset * 2 < extent {
        offset *= 2;
    }
    while offset > 0 {
        let shuffled = Expr::Call(
            Intrinsic::WarpShuffleDown,
            vec![
                Expr::Load(r.mask, vec![zero()]),
                red(),
                Expr::int(offset),
                Expr::int(WARP),
            ],
        );
        out.push(store(r.shfl, zero(), shuffled));
        let combined = store(
            r.red,
            zero(),
            Expr::binary(op, red(), Expr::Load(r.shfl, vec![zero()])),
        );
        out.push(if offset * 2 > extent {
            let partner = Expr::add(lane.clone(), Expr::int(offset));
            when(Expr::lt(partner, Expr::int(extent)), combined, None)
        } else {
            combined
        });
        offset /= 2;
    }
}

pub struct Reduction<'a> {
    pub name: &'a str,
    pub op: BinOp,
    pub dtype: DataType,
    /// The reducing thread's index, 0-based.
    pub lane: Expr,
    pub extent: i64,
    /// The per-thread partial result.
    pub partial: Expr,
    /// Every thread needs the result, not only the group's first.
    pub broadcast: bool,
}

pub fn emit(func: &mut PrimFunc, red: &Reduction, shape: &WarpShape) -> Emitted {
    let new_local = |func: &mut PrimFunc, suffix: &str, dtype: DataType| {
        let mut b = Buffer::new(format!("{}_{suffix}", red.name), vec![Expr::int(1)], dtype);
        b.scope = StorageScope::Local;
        func.new_buffer(b)
    };
    let regs = Regs {
        red: new_local(func, "red_buf", red.dtype),
        shfl: new_local(func, "shfl", red.dtype),
        mask: new_local(func, "mask", DataType::I32),
    };
    let mut buffers = vec![regs.red, regs.shfl, regs.mask];
    let zero = || Expr::int(0);
    let red_at = || Expr::Load(regs.red, vec![zero()]);
    let mut out = vec![store(regs.red, zero(), red.partial.clone())];
    let n = red.extent;
    if n <= WARP {
        fold_warp(&mut out, &regs, red.op, &red.lane, n);
        if red.broadcast {
            let first = if shape.groups == 1 {
                zero()
            } else {
                Expr::mul(Expr::int(n), shape.group.clone())
            };
            let from_first = Expr::Call(
                Intrinsic::WarpShuffle,
                vec![
                    Expr::Load(regs.mask, vec![zero()]),
                    red_at(),
                    first,
                    Expr::int(WARP),
                ],
            );
            out.push(store(regs.red, zero(), from_first));
        }
        return Emitted {
            stmts: out,
            total: red_at(),
            buffers,
        };
    }
    // Several warps: fold each, stage one value per warp, fold those in the first warp.
    let warps = n / WARP;
    let mut staging = Buffer::new(
        format!("{}_red_staging", red.name),
        vec![Expr::int(warps * shape.groups)],
        red.dtype,
    );
    staging.scope = StorageScope::Shared;
    let staging = func.new_buffer(staging);
    buffers.push(staging);
    let group_base = |x: Expr| {
        if shape.groups == 1 {
            x
        } else {
            Expr::add(Expr::mul(shape.group.clone(), Expr::int(warps)), x)
        }
    };
    fold_warp(&mut out, &regs, red.op, &red.lane, WARP);
    let lane_in_warp = Expr::floormod(red.lane.clone(), Expr::int(WARP));
    out.push(when(
        Expr::binary(BinOp::Eq, lane_in_warp, zero()),
        store(
            staging,
            group_base(Expr::floordiv(red.lane.clone(), Expr::int(WARP))),
            red_at(),
        ),
        None,
    ));
    // Lanes past the warps' count start from the identity, so no lane reads
    // an unset register (TVM leaves them unset; their values are unused).
    out.push(when(
        Expr::lt(red.lane.clone(), Expr::int(warps)),
        store(
            regs.red,
            zero(),
            Expr::Load(staging, vec![group_base(red.lane.clone())]),
        ),
        Some(store(regs.red, zero(), identity(red.op, red.dtype))),
    ));
    fold_warp(&mut out, &regs, red.op, &red.lane, warps);
    if !red.broadcast {
        return Emitted {
            stmts: out,
            total: red_at(),
            buffers,
        };
    }
    let mut result = Buffer::new(
        format!("{}_red_result", red.name),
        vec![Expr::int(shape.groups)],
        red.dtype,
    );
    result.scope = StorageScope::Shared;
    let result = func.new_buffer(result);
    buffers.push(result);
    let slot = if shape.groups == 1 {
        zero()
    } else {
        shape.group.clone()
    };
    out.push(when(
        Expr::binary(BinOp::Eq, red.lane.clone(), zero()),
        store(result, slot.clone(), red_at()),
        None,
    ));
    Emitted {
        stmts: out,
        total: Expr::Load(result, vec![slot]),
        buffers,
    }
}
