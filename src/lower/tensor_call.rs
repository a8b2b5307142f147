//! A block tensorized with a WMMA intrinsic becomes one `nvcuda::wmma` call;
//! one tensorized with an MMA intrinsic becomes a PTX call that every lane of
//! the warp runs, inside a loop over the lanes bound to threadIdx.x (TVM's
//! implementations have the same loop, so the kernel gets 32 lanes in x).
//!
//! TVM: the intrinsic's implementation (`tvm_load_matrix_sync` & co. on
//! `tvm_access_ptr`s). The call's operands are loads at the base of the
//! block's read/write regions: a `wmma.*` operand names a fragment (its tile,
//! which `flatten_buffer` computes), any other a pointer into memory (whose
//! row stride `flatten_buffer` appends as `ldm`, once compaction has fixed it).
//! Passes in between treat the call as opaque and rewrite its loads' indices
//! like any other access.

use super::lir::LFor;
use super::lir::LStmt;
use super::LowerError;
use crate::ir::DataType;
use crate::ir::IdMap;
use crate::ir::{AnnValue, Block, BufferRegion, Expr, Intrinsic, PrimFunc, StorageScope, VarId};
use crate::ir::{ForKind, ThreadAxis};
use crate::schedule::tensor_intrin::{
    self, mma, mma::MmaOp, mma_int8, wgmma, wgmma::WgmmaOp, wmma::WmmaOp, Implementation,
};

/// The (m, n, k) shape of every WMMA fragment (codegen spells it in the
/// fragment types).
pub const WMMA_SHAPE: (i64, i64, i64) = (
    tensor_intrin::wmma::M,
    tensor_intrin::wmma::N,
    tensor_intrin::wmma::K,
);

/// True when some block is tensorized with an MMA intrinsic (its lowering
/// needs a lane variable).
pub fn needs_lane(func: &PrimFunc) -> bool {
    func.blocks().iter().any(|b| {
        b.annotations.iter().any(|(k, v)| {
            k == crate::ir::TENSOR_INTRIN_ATTR
                && matches!(v, AnnValue::Str(n) if matches!(
                    tensor_intrin::get(n).map(|t| t.implementation),
                    Some(Implementation::Mma(_) | Implementation::Wgmma(_))
                ))
        })
    })
}

/// The trailing extents a tensor call's operand `arg`, of element type
/// `dtype`, covers from the load it is given (`args`: the call's arguments,
/// for a wgmma's N): compaction counts the far corner as accessed too.
pub fn operand_extent(
    f: Intrinsic,
    args: &[Expr],
    arg: usize,
    dtype: DataType,
) -> Option<Vec<i64>> {
    // A lane holds 16 registers of an int8 operand tile (16x32), 8 of the others.
    let regs = if dtype.bytes() == 1 {
        mma_int8::LOCAL_SIZE
    } else {
        mma::LOCAL_SIZE
    };
    let warp_tile = vec![mma::WARP_SIZE, regs];
    if f.is_wgmma() {
        let n = wgmma_n(f, args)?;
        let acc = vec![wgmma::WARPGROUP, n / 2];
        let core = wgmma::CORE;
        let swizzled =
            f == Intrinsic::WgmmaMma && args.get(4).and_then(Expr::as_int) == Some(SWIZZLE_128);
        return match (f, arg) {
            (Intrinsic::WgmmaMma, 0) | (Intrinsic::WgmmaFill, 0) | (Intrinsic::WgmmaStore, 0) => {
                Some(acc)
            }
            // s8: k 32, both operands K-major, 16 int8 a core-matrix row.
            (Intrinsic::WgmmaMma, 1 | 2) if dtype.bytes() == 1 => {
                let rows = if arg == 1 { wgmma::M } else { n };
                let (k, row) = (wgmma::K_S8, wgmma::CORE_S8_ROW);
                Some(if swizzled {
                    vec![rows, k]
                } else {
                    vec![rows / core, k / row, core, row]
                })
            }
            (Intrinsic::WgmmaMma, 1) if swizzled => Some(vec![wgmma::M, wgmma::K]),
            (Intrinsic::WgmmaMma, 2) if swizzled => {
                let row = wgmma::SW128_ROW;
                Some(vec![n / row, wgmma::K, row])
            }
            (Intrinsic::WgmmaMma, 1) => Some(vec![wgmma::M / core, wgmma::K / core, core, core]),
            (Intrinsic::WgmmaMma, 2) => Some(vec![wgmma::K / core, n / core, core, core]),
            (Intrinsic::WgmmaStore, 1) => Some(vec![wgmma::M, n]),
            _ => None,
        };
    }
    match (f, arg) {
        (f, _) if f.is_wmma() => Some(vec![WMMA_SHAPE.0, WMMA_SHAPE.1]),
        // ldmatrix: each lane names one 16-byte row of an 8x8 b16 matrix.
        (Intrinsic::MmaLdmatrix, 1) => Some(vec![1, ldmatrix_row(dtype)]),
        (Intrinsic::MmaStore, 1) => Some(vec![mma::TILE, mma::TILE]),
        (Intrinsic::MmaStore, 0) | (Intrinsic::MmaLdmatrix, 0) => Some(warp_tile),
        (Intrinsic::MmaSync, 0..=2) | (Intrinsic::MmaFill, 0) => Some(warp_tile),
        _ => None,
    }
}

/// The last argument of a `_sw128` wgmma call before `flatten_buffer`
/// (and after it, following the four strides): its operands' swizzle row.
pub const SWIZZLE_128: i64 = 128;

/// The N of a wgmma call (its literal argument after the operands).
pub fn wgmma_n(f: Intrinsic, args: &[Expr]) -> Option<i64> {
    let at = match f {
        Intrinsic::WgmmaMma | Intrinsic::WgmmaStore => 3,
        Intrinsic::WgmmaFill => 1,
        _ => return None,
    };
    args.get(at).and_then(Expr::as_int)
}

/// Elements of type `dtype` in one row ldmatrix reads (16 bytes).
pub fn ldmatrix_row(dtype: DataType) -> i64 {
    16 / dtype.bytes().max(1) as i64
}

pub fn lower(
    func: &PrimFunc,
    block: &Block,
    intrin: &AnnValue,
    map: &IdMap<VarId, Expr>,
    lane: Option<VarId>,
) -> Result<LStmt, LowerError> {
    let unsupported = |why: &str| LowerError::Unsupported {
        what: format!(
            "block \"{}\" is tensorized with {intrin:?}: {why}",
            block.name
        ),
    };
    let AnnValue::Str(name) = intrin else {
        return Err(unsupported("the annotation is not an intrinsic name"));
    };
    let Some(ti) = tensor_intrin::get(name) else {
        return Err(unsupported("no such tensor intrinsic"));
    };
    let base = |r: &BufferRegion| {
        let idx = r
            .region
            .iter()
            .map(|rg| {
                let mut e = rg.min.clone();
                e.substitute(&|v| map.get(&v).cloned());
                e
            })
            .collect();
        Expr::Load(r.buffer, idx)
    };
    let by_scope = |scope: StorageScope| {
        block
            .reads
            .iter()
            .chain(&block.writes)
            .find(|r| func.buffer(r.buffer).scope == scope)
            .map(base)
            .ok_or_else(|| unsupported(&format!("no {} operand", scope.name())))
    };
    let first = |regions: &[BufferRegion], what: &str| {
        regions
            .first()
            .map(base)
            .ok_or_else(|| unsupported(&format!("no {what} region")))
    };
    let op = match ti.implementation {
        Implementation::Wmma(op) => op,
        Implementation::Wgmma(op) => {
            let lane = lane.ok_or_else(|| unsupported("no lane variable was made for it"))?;
            let body = wgmma_call(func, block, op, lane, &first)?;
            // Every thread of the warpgroup runs the call on its own registers.
            return Ok(LStmt::For(Box::new(LFor {
                var: lane,
                min: Expr::int(0),
                extent: Expr::int(wgmma::WARPGROUP),
                kind: ForKind::ThreadBinding(ThreadAxis::ThreadIdx(0)),
                annotations: Vec::new(),
                body,
            })));
        }
        Implementation::Mma(op) => {
            let lane = lane.ok_or_else(|| unsupported("no lane variable was made for it"))?;
            let call = mma_call(func, block, op, lane, &first)?;
            // Every lane of the warp runs the call on its own registers.
            return Ok(LStmt::For(Box::new(LFor {
                var: lane,
                min: Expr::int(0),
                extent: Expr::int(mma::WARP_SIZE),
                kind: ForKind::ThreadBinding(ThreadAxis::ThreadIdx(0)),
                annotations: Vec::new(),
                body: LStmt::Evaluate(call),
            })));
        }
    };
    let call = match op {
        WmmaOp::Fill => {
            let acc = first(&block.writes, "written")?;
            let dtype = func.buffer(block.writes[0].buffer).dtype;
            // An int32 accumulator (the s8 family) is filled with an int.
            let zero = if dtype.is_int() {
                Expr::Int(0, dtype)
            } else {
                Expr::Float(0.0, dtype)
            };
            Expr::Call(Intrinsic::WmmaFill, vec![acc, zero])
        }
        WmmaOp::Load { col_major, .. } => Expr::Call(
            Intrinsic::WmmaLoad,
            vec![
                first(&block.writes, "written")?,
                first(&block.reads, "read")?,
                Expr::int(col_major as i64),
            ],
        ),
        WmmaOp::Sync { .. } => {
            let c = by_scope(StorageScope::WmmaAccumulator)?;
            Expr::Call(
                Intrinsic::WmmaMma,
                vec![
                    c.clone(),
                    by_scope(StorageScope::WmmaMatrixA)?,
                    by_scope(StorageScope::WmmaMatrixB)?,
                    c,
                ],
            )
        }
        WmmaOp::Store => Expr::Call(
            Intrinsic::WmmaStore,
            vec![
                first(&block.reads, "read")?,
                first(&block.writes, "written")?,
            ],
        ),
    };
    Ok(LStmt::Evaluate(call))
}

/// The load at the base of the first of some regions (or why there is none).
type FirstOperand<'a> = dyn Fn(&[BufferRegion], &str) -> Result<Expr, LowerError> + 'a;

/// The PTX call of an MMA intrinsic for lane `lane`.
fn mma_call(
    func: &PrimFunc,
    block: &Block,
    op: MmaOp,
    lane: VarId,
    first: &FirstOperand<'_>,
) -> Result<Expr, LowerError> {
    let tx = || Expr::Var(lane);
    Ok(match op {
        MmaOp::Ldmatrix {
            trans,
            tile_transposed,
        } => {
            let src = first(&block.reads, "read")?;
            let Expr::Load(b, mut idx) = src else {
                return Err(LowerError::Unsupported {
                    what: format!(
                        "block \"{}\": ldmatrix's source is not a buffer",
                        block.name
                    ),
                });
            };
            // The row this lane points ldmatrix at (TVM's smem_offset): lanes
            // 8m..8m+7 give the rows of 8x8 matrix m, which land in register m.
            // A matrix row is 16 bytes: 8 halves, or 16 int8 of a 16x32 tile.
            let dtype = func.buffer(b).dtype;
            if trans && dtype.bytes() != 2 {
                return Err(LowerError::Unsupported {
                    what: format!(
                        "block \"{}\": ldmatrix transposes 16-bit elements only, and reads {}",
                        block.name,
                        dtype.name()
                    ),
                });
            }
            let row = Expr::int(ldmatrix_row(dtype));
            let (dr, dc) = if tile_transposed {
                (
                    Expr::add(
                        Expr::mul(Expr::int(8), Expr::floordiv(tx(), Expr::int(16))),
                        Expr::floormod(tx(), Expr::int(8)),
                    ),
                    Expr::mul(
                        row,
                        Expr::floordiv(Expr::floormod(tx(), Expr::int(16)), Expr::int(8)),
                    ),
                )
            } else {
                (
                    Expr::floormod(tx(), Expr::int(16)),
                    Expr::mul(row, Expr::floordiv(tx(), Expr::int(16))),
                )
            };
            let n = idx.len();
            if n < 2 {
                return Err(LowerError::Unsupported {
                    what: format!(
                        "block \"{}\": ldmatrix reads a {n}-dimensional buffer",
                        block.name
                    ),
                });
            }
            idx[n - 2] = Expr::add(idx[n - 2].clone(), dr);
            idx[n - 1] = Expr::add(idx[n - 1].clone(), dc);
            Expr::Call(
                Intrinsic::MmaLdmatrix,
                vec![
                    first(&block.writes, "written")?,
                    Expr::Load(b, idx),
                    Expr::int(trans as i64),
                ],
            )
        }
        MmaOp::Sync { .. } => {
            let (a, b) = product_operands(block)?;
            Expr::Call(
                Intrinsic::MmaSync,
                vec![
                    first(&block.writes, "written")?,
                    first(&[a], "read")?,
                    first(&[b], "read")?,
                ],
            )
        }
        MmaOp::Fill => Expr::Call(Intrinsic::MmaFill, vec![first(&block.writes, "written")?]),
        MmaOp::Store => Expr::Call(
            Intrinsic::MmaStore,
            vec![
                first(&block.reads, "read")?,
                first(&block.writes, "written")?,
                tx(),
            ],
        ),
    })
}

/// The regions of A and B of a block computing `C + A * B`: the buffers
/// besides the accumulator (the written region), in the order it loads them.
fn product_operands(block: &Block) -> Result<(BufferRegion, BufferRegion), LowerError> {
    let c_buf = block.writes.first().map(|w| w.buffer);
    let mut order: Vec<crate::ir::BufferId> = Vec::new();
    block.body.visit(&mut |s| {
        s.for_each_expr(|e| {
            e.visit(&mut |x| {
                if let Expr::Load(b, _) = x {
                    if Some(*b) != c_buf && !order.contains(b) {
                        order.push(*b);
                    }
                }
            })
        })
    });
    let region = |b: crate::ir::BufferId| block.reads.iter().find(|r| r.buffer == b).cloned();
    match (
        order.first().and_then(|&b| region(b)),
        order.get(1).and_then(|&b| region(b)),
        order.len(),
    ) {
        (Some(a), Some(b), 2) => Ok((a, b)),
        _ => Err(LowerError::Unsupported {
            what: format!(
                "block \"{}\" is tensorized with an mma but does not read two operands besides its accumulator",
                block.name
            ),
        }),
    }
}

/// What each thread of a warpgroup runs for a block tensorized with a
/// wgmma intrinsic. The product is fenced (the accumulators were written by
/// a fill or an earlier wgmma), committed as its own group and waited for:
/// synchronous, so no later access to the registers or the shared operands
/// can overtake it (the simulator checks each of these steps).
fn wgmma_call(
    func: &PrimFunc,
    block: &Block,
    op: WgmmaOp,
    lane: VarId,
    first: &FirstOperand<'_>,
) -> Result<LStmt, LowerError> {
    let n = Expr::int(op.n());
    let call = |f: Intrinsic, args: Vec<Expr>| LStmt::Evaluate(Expr::Call(f, args));
    Ok(match op {
        WgmmaOp::Mma { sw128, .. } => {
            let (a, b) = product_operands(block)?;
            for (r, what) in [(&a, "A"), (&b, "B")] {
                let scope = func.buffer(r.buffer).scope;
                if !scope.is_shared() {
                    return Err(LowerError::Unsupported {
                        what: format!(
                            "block \"{}\": the wgmma's {what} is in {} memory; the _ss intrinsics read both operands from shared memory",
                            block.name,
                            scope.name()
                        ),
                    });
                }
            }
            let mut args = vec![
                first(&block.writes, "written")?,
                first(&[a], "read")?,
                first(&[b], "read")?,
                n,
            ];
            // The swizzled layout's marker: `flatten_buffer` turns it into
            // the descriptors' strides and swizzle mode.
            if sw128 {
                args.push(Expr::int(SWIZZLE_128));
            }
            LStmt::Seq(vec![
                call(Intrinsic::WgmmaFence, Vec::new()),
                call(Intrinsic::WgmmaMma, args),
                call(Intrinsic::WgmmaCommit, Vec::new()),
                call(Intrinsic::WgmmaWait, vec![Expr::int(0)]),
            ])
        }
        WgmmaOp::Fill { .. } => call(
            Intrinsic::WgmmaFill,
            vec![first(&block.writes, "written")?, n],
        ),
        WgmmaOp::Store { .. } => call(
            Intrinsic::WgmmaStore,
            vec![
                first(&block.reads, "read")?,
                first(&block.writes, "written")?,
                Expr::Var(lane),
                n,
            ],
        ),
    })
}
