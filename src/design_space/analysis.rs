//! What the rules ask of a block, as TVM's schedule analysis answers it
//! (`NeedsMultiLevelTiling`, `GetLoopIterType`, `IsTrivialBinding`,
//! `NeedsRFactorOrCrossThreadReduction`).

use crate::ir::{BlockId, ForKind, IterKind, LoopId, PrimFunc, Stmt, VarId};
use crate::schedule::analysis::blocks_under_loop;
use crate::schedule::tree;
use std::collections::HashSet;

/// The annotation MultiLevelTiling leaves on a block it tiled.
pub const TILING_STRUCTURE: &str = "meta_schedule.tiling_structure";

/// A loop's kind as the blocks under it use its variable: `Spatial` when only
/// spatial iterators (or none) use it, `Reduce` when only reduction ones do,
/// None when both do or an opaque iterator does (TVM's kOpaque).
pub fn loop_iter_kind(func: &PrimFunc, l: LoopId) -> Option<IterKind> {
    let var = func.find_loop(l)?.var;
    let (mut spatial, mut reduce) = (false, false);
    for realize in blocks_under_loop(func, l) {
        for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
            if !value.uses_var(var) {
                continue;
            }
            match iv.kind {
                IterKind::Spatial => spatial = true,
                IterKind::Reduce => reduce = true,
                _ => return None,
            }
        }
    }
    match (spatial, reduce) {
        (_, false) => Some(IterKind::Spatial),
        (false, true) => Some(IterKind::Reduce),
        (true, true) => None,
    }
}

/// The block's loops (outermost first), empty when the block is gone.
pub fn loops_of(func: &PrimFunc, b: BlockId) -> Vec<LoopId> {
    tree::loops_of_block(func, b).unwrap_or_default()
}

/// Every iterator spatial.
pub fn is_spatial(func: &PrimFunc, b: BlockId) -> bool {
    func.find_block(b).is_some_and(|r| {
        r.block
            .iter_vars
            .iter()
            .all(|iv| iv.kind == IterKind::Spatial)
    })
}

pub fn has_been_multi_level_tiled(func: &PrimFunc, b: BlockId) -> bool {
    func.find_block(b).is_some_and(|r| {
        r.block
            .annotations
            .iter()
            .any(|(k, _)| k == TILING_STRUCTURE)
    })
}

/// Each iterator bound to a loop variable of its own (TVM's trivial binding).
pub fn is_trivial_binding(func: &PrimFunc, b: BlockId) -> bool {
    let Some(realize) = func.find_block(b) else {
        return false;
    };
    let loop_vars: HashSet<VarId> = loops_of(func, b)
        .iter()
        .filter_map(|l| func.find_loop(*l).map(|f| f.var))
        .collect();
    realize
        .iter_values
        .iter()
        .all(|v| v.as_var().is_some_and(|var| loop_vars.contains(&var)))
}

/// Whether the block writes a function parameter (an output block).
pub fn is_output_block(func: &PrimFunc, b: BlockId) -> bool {
    func.find_block(b).is_some_and(|r| {
        r.block
            .writes
            .iter()
            .any(|w| func.is_param_buffer(w.buffer))
    })
}

/// TVM's `NeedsMultiLevelTiling`: one written buffer, some reads, not
/// spatial, trivially bound, and at least one spatial iterator (of extent
/// above 1) that some read does not index: data reuse to tile for.
pub fn needs_multi_level_tiling(func: &PrimFunc, b: BlockId) -> bool {
    if has_been_multi_level_tiled(func, b) {
        return false;
    }
    let Some(realize) = func.find_block(b) else {
        return false;
    };
    let block = &realize.block;
    if block.writes.len() != 1
        || block.reads.is_empty()
        || is_spatial(func, b)
        || !is_trivial_binding(func, b)
    {
        return false;
    }
    let write = block.writes[0].buffer;
    let spatial_vars: Vec<VarId> = block
        .iter_vars
        .iter()
        .filter(|iv| iv.kind == IterKind::Spatial && iv.dom.extent.as_int() != Some(1))
        .map(|iv| iv.var)
        .collect();
    let mut seen = HashSet::new();
    let mut unused = 0;
    for read in &block.reads {
        if !seen.insert(read.buffer) {
            return false;
        }
        if read.buffer == write {
            continue;
        }
        if read.region.iter().any(|r| r.extent.as_int().is_none()) {
            return false;
        }
        unused += spatial_vars
            .iter()
            .filter(|v| !read.region.iter().any(|r| r.min.uses_var(**v)))
            .count();
    }
    unused >= 1
}

/// The product of the constant extents of the block's spatial and of its
/// reduction loops; None when one is not constant or a loop is neither.
fn cumulative_lengths(func: &PrimFunc, b: BlockId) -> Option<(i64, i64)> {
    let (mut space, mut reduce) = (1i64, 1i64);
    for l in loops_of(func, b) {
        let extent = func.find_loop(l)?.extent.as_int()?;
        match loop_iter_kind(func, l)? {
            IterKind::Spatial => space = space.checked_mul(extent)?,
            IterKind::Reduce => reduce = reduce.checked_mul(extent)?,
            _ => return None,
        }
    }
    Some((space, reduce))
}

/// Whether the block is a reduction (an init, a reduction iterator).
pub fn is_reduction_block(func: &PrimFunc, b: BlockId) -> bool {
    func.find_block(b).is_some_and(|r| {
        r.block.init.is_some()
            && r.block
                .iter_vars
                .iter()
                .any(|iv| iv.kind == IterKind::Reduce)
    })
}

/// TVM's `NeedsRFactorOrCrossThreadReduction` with its GPU limits: a
/// trivially bound reduction block, alone in a perfect nest of spatial and
/// reduction loops with at least one reduction loop, whose reduction is long
/// against its parallelism.
pub fn needs_cross_thread_reduction(
    func: &PrimFunc,
    b: BlockId,
    max_parallel_extent: i64,
    max_parallel_basic: i64,
) -> bool {
    let Some(realize) = func.find_block(b) else {
        return false;
    };
    if realize.block.writes.is_empty()
        || !is_reduction_block(func, b)
        || !is_trivial_binding(func, b)
        || has_been_multi_level_tiled(func, b)
    {
        return false;
    }
    let loops = loops_of(func, b);
    let mut has_reduction = false;
    for (i, l) in loops.iter().enumerate() {
        let Some(f) = func.find_loop(*l) else {
            return false;
        };
        match loop_iter_kind(func, *l) {
            Some(IterKind::Reduce) => has_reduction = true,
            Some(IterKind::Spatial) => {}
            _ => return false,
        }
        let perfect = match (&f.body, loops.get(i + 1)) {
            (Stmt::For(inner), Some(next)) => inner.id == *next,
            (Stmt::BlockRealize(r), None) => r.block.id == b,
            _ => false,
        };
        if !perfect {
            return false;
        }
    }
    if !has_reduction {
        return false;
    }
    let Some((space, reduce)) = cumulative_lengths(func, b) else {
        return false;
    };
    if needs_multi_level_tiling(func, b) {
        !(space >= reduce || space > max_parallel_extent)
    } else {
        reduce > 1 && reduce > max_parallel_basic
    }
}

/// The thread axis a loop is bound to, if any.
pub fn thread_tag(func: &PrimFunc, l: LoopId) -> Option<String> {
    match func.find_loop(l)?.kind {
        ForKind::ThreadBinding(axis) => Some(axis.tag()),
        _ => None,
    }
}
