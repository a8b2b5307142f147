//! RewriteParallelVectorizeUnroll, its GPU part: the root block's
//! `meta_schedule.unroll_explicit: N` (or `unroll_implicit: N`), sampled by
//! the ParallelizeVectorizeUnroll rule, is removed and becomes
//! `pragma_auto_unroll_max_step: N` and `pragma_unroll_explicit: 1` (0 for
//! implicit) on the outermost loop of each child block of the root that is
//! not purely spatial; N = 0 unrolls nothing. Lowering's unroll pass reads
//! the pragmas (src/lower/unroll.rs).
//!
//! The CPU part (`meta_schedule.parallel` / `meta_schedule.vectorize`:
//! fuse, parallel, vectorize) is refused: tirtui targets CUDA.

use super::{PostprocError, Writer};
use crate::ir::{IterKind, PrimFunc};
use crate::schedule::tree;
use crate::trace::{Arg, Trace};

const NAME: &str = "RewriteParallelVectorizeUnroll";
const EXPLICIT: &str = "meta_schedule.unroll_explicit";
const IMPLICIT: &str = "meta_schedule.unroll_implicit";
const CPU_KEYS: [&str; 2] = ["meta_schedule.parallel", "meta_schedule.vectorize"];

pub fn apply(trace: &mut Trace) -> Result<(), PostprocError> {
    let Some(root) = trace.func().root_block() else {
        return Ok(());
    };
    let ann = |key: &str| {
        root.annotations
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_int_or_bool())
    };
    if let Some(key) = CPU_KEYS.iter().find(|k| ann(k).is_some()) {
        return Err(PostprocError::Refused {
            postproc: NAME,
            why: format!("the root block asks for `{key}`, a CPU rewrite (parallel / vectorize)"),
            hint: "tirtui generates CUDA: drop the annotation",
        });
    }
    let (explicit, implicit) = (ann(EXPLICIT), ann(IMPLICIT));
    if explicit.is_none() && implicit.is_none() {
        return Ok(());
    }
    let (Some(explicit), Some(implicit)) = (
        explicit.map_or(Some(-1), |v| v),
        implicit.map_or(Some(-1), |v| v),
    ) else {
        return Err(PostprocError::Refused {
            postproc: NAME,
            why: "an unroll annotation on the root block is not an integer".into(),
            hint: "annotate the root with an integer step count (or a sampled value)",
        });
    };
    if explicit != -1 && implicit != -1 {
        return Err(PostprocError::Refused {
            postproc: NAME,
            why: "the root block asks for both explicit and implicit unrolling".into(),
            hint: "keep one of meta_schedule.unroll_explicit / meta_schedule.unroll_implicit",
        });
    }
    let root_name = root.name.clone();
    let children = tree::child_blocks_of_block(root).len();
    let mut w = Writer::new(trace, NAME);
    let b = w.step("get_block", vec![("name", Arg::Str(root_name))], 1)?;
    let root_rv = b.first().cloned().unwrap_or_default();
    for key in [EXPLICIT, IMPLICIT] {
        if (key == EXPLICIT && explicit != -1) || (key == IMPLICIT && implicit != -1) {
            w.step(
                "unannotate",
                vec![
                    ("block_or_loop", Arg::Str(root_rv.clone())),
                    ("ann_key", Arg::Str(key.into())),
                ],
                0,
            )?;
        }
    }
    let blocks = w.step(
        "get_child_blocks",
        vec![("block_or_loop", Arg::Str(root_rv))],
        children,
    )?;
    let max_step = explicit + implicit + 1;
    for b in blocks {
        let Some(id) = w.block(&b) else { continue };
        let count = tree::loops_of_block(w.trace.func(), id).map_or(0, |v| v.len());
        let loops = w.get_loops(&b, count)?;
        let Some(outer) = loops.first() else { continue };
        if max_step <= 0 || is_spatial(w.trace.func(), id) {
            continue;
        }
        for (key, value) in [
            ("pragma_auto_unroll_max_step", max_step),
            ("pragma_unroll_explicit", (explicit != -1) as i64),
        ] {
            w.step(
                "annotate",
                vec![
                    ("block_or_loop", Arg::Str(outer.clone())),
                    ("ann_key", Arg::Str(key.into())),
                    ("ann_val", Arg::Int(value)),
                ],
                0,
            )?;
        }
    }
    Ok(())
}

/// Every iterator of the block is data-parallel (TVM's `IsSpatial`).
fn is_spatial(func: &PrimFunc, block: crate::ir::BlockId) -> bool {
    func.find_block(block).is_some_and(|r| {
        r.block
            .iter_vars
            .iter()
            .all(|iv| iv.kind == IterKind::Spatial)
    })
}
