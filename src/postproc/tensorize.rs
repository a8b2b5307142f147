//! RewriteTensorize (MetaSchedule's CUDA tensor-core postprocessor): every
//! block annotated `meta_schedule.auto_tensorize: "<intrinsic>"` (placed by
//! MultiLevelTilingTensorCore on the blockized GEMM, its operand loads and
//! its accumulator store; moved onto the init block by RewriteReductionBlock)
//! becomes `get_block`, `unannotate` and `tensorize` with that intrinsic, in
//! TVM's post-order over the blocks. An empty intrinsic is left alone (TVM
//! then vectorizes an init loop, on CPUs only).
//!
//! TVM runs it after VerifyGPUCode; here it runs before (`rewrite_cuda`), so
//! that the program checked is the one that will be lowered. The steps are
//! the same.

use super::{PostprocError, Writer};
use crate::ir::{AnnValue, Block, PrimFunc, Stmt};
use crate::trace::{Arg, Trace};

const NAME: &str = "RewriteTensorize";

/// The annotation MultiLevelTilingTensorCore writes and this postprocessor
/// reads (TVM's `tir::attr::meta_schedule_auto_tensorize`).
pub const AUTO_TENSORIZE: &str = "meta_schedule.auto_tensorize";
/// The intrinsic of the init block, moved onto it by RewriteReductionBlock.
pub const AUTO_TENSORIZE_INIT: &str = "meta_schedule.auto_tensorize_init";

pub fn apply(trace: &mut Trace) -> Result<(), PostprocError> {
    let jobs = annotated_blocks(trace.func());
    let mut w = Writer::new(trace, NAME);
    for (block, intrin) in jobs {
        let b = w
            .step("get_block", vec![("name", Arg::Str(block))], 1)?
            .into_iter()
            .next()
            .unwrap_or_default();
        w.step(
            "unannotate",
            vec![
                ("block_or_loop", Arg::Str(b.clone())),
                ("ann_key", Arg::Str(AUTO_TENSORIZE.into())),
            ],
            0,
        )?;
        w.step(
            "tensorize",
            vec![
                ("block_or_loop", Arg::Str(b)),
                ("tensor_intrin", Arg::Str(intrin)),
                ("preserve_unit_iters", Arg::Bool(true)),
            ],
            0,
        )?;
    }
    Ok(())
}

/// (block name, intrinsic) of every block with a non-empty
/// `meta_schedule.auto_tensorize`, children before their parents.
fn annotated_blocks(func: &PrimFunc) -> Vec<(String, String)> {
    fn visit(stmt: &Stmt, out: &mut Vec<(String, String)>) {
        stmt.for_each_child(|c| visit(c, out));
        if let Stmt::BlockRealize(r) = stmt {
            if let Some(intrin) = intrinsic_of(&r.block) {
                out.push((r.block.name.clone(), intrin));
            }
        }
    }
    let mut out = Vec::new();
    visit(&func.body, &mut out);
    out
}

fn intrinsic_of(block: &Block) -> Option<String> {
    block.annotations.iter().find_map(|(k, v)| match v {
        AnnValue::Str(s) if k == AUTO_TENSORIZE && !s.is_empty() => Some(s.clone()),
        _ => None,
    })
}
