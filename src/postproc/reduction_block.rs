//! RewriteReductionBlock: every block that still has an init statement, and
//! whose reduction iterators are not bound through a thread-bound loop (a
//! cross-thread reduction keeps its init), is split by `decompose_reduction`
//! at its outermost loop that is not data-parallel; repeated until none is
//! left. A block MultiLevelTilingTensorCore annotated
//! (`meta_schedule.auto_tensorize`) hands its init intrinsic
//! (`meta_schedule.auto_tensorize_init`) to the init block as the init's
//! `meta_schedule.auto_tensorize`, for RewriteTensorize, as TVM does.

use super::tensorize::{AUTO_TENSORIZE, AUTO_TENSORIZE_INIT};
use super::{PostprocError, Writer};
use crate::ir::{AnnValue, BlockId, ForKind, IterKind, LoopId, PrimFunc};
use crate::schedule::tree::{self, Ancestor};
use crate::trace::{Arg, Trace};

const NAME: &str = "RewriteReductionBlock";

pub fn apply(trace: &mut Trace) -> Result<(), PostprocError> {
    // Each round decomposes at least one block (its init goes), so the
    // number of blocks bounds the rounds.
    let limit = trace.func().blocks().len() + 1;
    for _ in 0..limit {
        let todo = blocks_to_decompose(trace.func());
        if todo.is_empty() {
            return Ok(());
        }
        let mut w = Writer::new(trace, NAME);
        for (block, at) in todo {
            let tensorize = tensorize_annotations(w.trace.func(), block);
            let (b, loops) = w.block_and_loops(block)?;
            let Some(l) = loops.get(at) else { continue };
            let init = w.step(
                "decompose_reduction",
                vec![
                    ("block", Arg::Str(b.clone())),
                    ("loop", Arg::Str(l.clone())),
                ],
                1,
            )?;
            if let (Some(init_intrin), Some(init)) = (tensorize, init.first()) {
                hand_over_init_intrinsic(&mut w, &b, init, init_intrin)?;
            }
        }
    }
    Err(PostprocError::Refused {
        postproc: NAME,
        why: "reduction blocks are left after decomposing every block once".into(),
        hint: "this is a bug in the postprocessor; report it with the session",
    })
}

/// For a block annotated `meta_schedule.auto_tensorize`: its init intrinsic
/// (`meta_schedule.auto_tensorize_init`), if any.
fn tensorize_annotations(func: &PrimFunc, block: BlockId) -> Option<Option<String>> {
    let r = func.find_block(block)?;
    let ann = |key: &str| r.block.annotations.iter().find(|(k, _)| k == key);
    ann(AUTO_TENSORIZE)?;
    Some(ann(AUTO_TENSORIZE_INIT).and_then(|(_, v)| match v {
        AnnValue::Str(s) => Some(s.clone()),
        _ => None,
    }))
}

/// The init block (which decompose_reduction gave the block's annotations)
/// is tensorized with the init intrinsic, not the update's; neither keeps
/// `auto_tensorize_init`.
fn hand_over_init_intrinsic(
    w: &mut Writer,
    block: &str,
    init: &str,
    init_intrin: Option<String>,
) -> Result<(), PostprocError> {
    let unannotate = |w: &mut Writer, target: &str, key: &str| {
        w.step(
            "unannotate",
            vec![
                ("block_or_loop", Arg::Str(target.to_string())),
                ("ann_key", Arg::Str(key.into())),
            ],
            0,
        )
        .map(drop)
    };
    unannotate(w, init, AUTO_TENSORIZE)?;
    let Some(intrin) = init_intrin else {
        return Ok(());
    };
    w.step(
        "annotate",
        vec![
            ("block_or_loop", Arg::Str(init.to_string())),
            ("ann_key", Arg::Str(AUTO_TENSORIZE.into())),
            ("ann_val", Arg::Str(intrin)),
        ],
        0,
    )?;
    unannotate(w, block, AUTO_TENSORIZE_INIT)?;
    unannotate(w, init, AUTO_TENSORIZE_INIT)
}

/// The blocks to decompose, in program order, with the position (among
/// their loops) of the loop to decompose at.
fn blocks_to_decompose(func: &PrimFunc) -> Vec<(BlockId, usize)> {
    let mut out = Vec::new();
    for block in func.blocks() {
        if block.init.is_none() || reduces_across_threads(func, block.id) {
            continue;
        }
        let loops = tree::loops_of_block(func, block.id).unwrap_or_default();
        if let Some(at) = loops.iter().position(|l| !is_data_parallel(func, *l)) {
            out.push((block.id, at));
        }
    }
    out
}

/// A reduction iterator's binding uses a loop bound to blockIdx or threadIdx.
fn reduces_across_threads(func: &PrimFunc, block: BlockId) -> bool {
    let Some(realize) = func.find_block(block) else {
        return false;
    };
    let bound: Vec<_> = tree::ancestors_of_block(func, block)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|a| match a {
            Ancestor::Loop(l) => func.find_loop(l),
            Ancestor::Block(_) => None,
        })
        .filter(|f| matches!(f.kind, ForKind::ThreadBinding(a) if !a.is_vthread()))
        .map(|f| f.var)
        .collect();
    realize
        .block
        .iter_vars
        .iter()
        .zip(&realize.iter_values)
        .any(|(iv, v)| iv.kind == IterKind::Reduce && bound.iter().any(|b| v.uses_var(*b)))
}

/// TVM's `GetLoopIterType(loop) == kDataPar`: the block iterators bound
/// through the loop (in the blocks directly under it) are all spatial.
fn is_data_parallel(func: &PrimFunc, l: LoopId) -> bool {
    let Some(lp) = func.find_loop(l) else {
        return false;
    };
    tree::child_blocks(&lp.body).iter().all(|r| {
        r.block
            .iter_vars
            .iter()
            .zip(&r.iter_values)
            .all(|(iv, v)| iv.kind == IterKind::Spatial || !v.uses_var(lp.var))
    })
}
