//! A block tensorized with a WMMA intrinsic becomes one `nvcuda::wmma` call.
//!
//! TVM: the intrinsic's implementation (`tvm_load_matrix_sync` & co. on
//! `tvm_access_ptr`s). The call's operands are loads at the base of the
//! block's read/write regions: a `wmma.*` operand names a fragment (its tile,
//! which `flatten_buffer` computes), any other a pointer into memory (whose
//! row stride `flatten_buffer` appends as `ldm`, once compaction has fixed it).
//! Passes in between treat the call as opaque and rewrite its loads' indices
//! like any other access.

use super::lir::LStmt;
use super::LowerError;
use crate::ir::{AnnValue, Block, BufferRegion, Expr, Intrinsic, PrimFunc, StorageScope, VarId};
use crate::schedule::tensor_intrin::{self, wmma::WmmaOp, Implementation};
use std::collections::HashMap;

/// The (m, n, k) shape of every WMMA fragment (codegen spells it in the
/// fragment types).
pub const WMMA_SHAPE: (i64, i64, i64) = (
    tensor_intrin::wmma::M,
    tensor_intrin::wmma::N,
    tensor_intrin::wmma::K,
);

pub fn lower(
    func: &PrimFunc,
    block: &Block,
    intrin: &AnnValue,
    map: &HashMap<VarId, Expr>,
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
    let Implementation::Wmma(op) = ti.implementation;
    let call = match op {
        WmmaOp::Fill => {
            let acc = first(&block.writes, "written")?;
            let dtype = func.buffer(block.writes[0].buffer).dtype;
            Expr::Call(Intrinsic::WmmaFill, vec![acc, Expr::Float(0.0, dtype)])
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
