//! MultiLevelTiling with TVM's CUDA defaults: structure `SSSRRSRS`, the
//! first three spatial levels bound to blockIdx.x / vthread.x / threadIdx.x
//! (each level's loops fused), `sample_perfect_tile` with n = 5 for spatial
//! and n = 3 for reduction loops (innermost at most 64), the output cached in
//! `local` at level 3, every input cached in `shared` at level 4 with a
//! sampled cooperative-fetch vector length, and on sm_80 and later (TVM 0.27 gives sm_90 them too) two more
//! sketches that pipeline the level-4 loop with 4 and 5 stages.

use super::analysis::{self, TILING_STRUCTURE};
use super::builder::{name, SketchBuilder};
use super::GpuTarget;
use crate::ir::IterKind;
use crate::trace::{Arg, StepError};

pub const STRUCTURE: &str = "SSSRRSRS";
const TILE_BINDS: [&str; 3] = ["blockIdx.x", "vthread.x", "threadIdx.x"];
const MAX_INNERMOST_FACTOR: i64 = 64;
/// TVM 0.27's `vector_load_lens` for CUDA.
pub const VECTOR_LOAD_LENS: [i64; 4] = [1, 2, 3, 4];
/// TVM's `ReuseType(levels=[3])` / `[4]` (1-based tile levels).
const WRITE_REUSE_LEVEL: usize = 3;
const READ_REUSE_LEVEL: usize = 4;
pub const THREAD_EXTENT_HIGH: i64 = 1024;

pub(super) fn apply(
    mut sketch: SketchBuilder,
    block: &str,
    target: &GpuTarget,
) -> Result<Vec<SketchBuilder>, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(vec![sketch]);
    };
    if !analysis::needs_multi_level_tiling(sketch.func(), b) {
        return Ok(vec![sketch]);
    }
    sketch.annotate(block, TILING_STRUCTURE, Arg::Str(STRUCTURE.into()))?;
    let (levels, spatial_product) = tile_loops(&mut sketch, block)?;
    let low = if spatial_product > 2 * target.warp_size {
        target.warp_size
    } else {
        // Too few spatial iterations to ask for a warp (TVM's GEMV case).
        1
    };
    let levels = bind_levels(&mut sketch, block, &levels, low)?;
    // Write reuse: the output in registers, written back under the thread level.
    let thread_loop = levels[WRITE_REUSE_LEVEL - 1][0].clone();
    let cache = sketch
        .emit(
            "cache_write",
            vec![
                ("block", name(block)),
                ("write_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("local".into())),
            ],
            1,
            'b',
        )?
        .remove(0);
    sketch.emit(
        "reverse_compute_at",
        vec![
            ("block", name(&cache)),
            ("loop", name(&thread_loop)),
            ("preserve_unit_loops", Arg::Bool(true)),
        ],
        0,
        'l',
    )?;
    let fetch_loop = match levels[READ_REUSE_LEVEL - 1].last() {
        Some(l) => l.clone(),
        None => return Ok(vec![sketch]),
    };
    let reads = read_reuse(&mut sketch, block, &fetch_loop)?;
    let mut sketches = vec![sketch.clone()];
    if target.sm >= 80 && reads == 2 {
        for stages in [4, 5] {
            let mut pipelined = sketch.clone();
            add_async_pipeline(&mut pipelined, &levels[READ_REUSE_LEVEL - 1], stages)?;
            sketches.push(pipelined);
        }
    }
    Ok(sketches)
}

/// Splits every loop of the block and reorders the pieces by the structure;
/// the loops of each level, in loop order (after binding, levels 1 to 3 are
/// one fused loop each: see `bind_levels`), and the product of the spatial
/// loops' extents (saturating; a loop of unknown extent counts as huge).
fn tile_loops(
    sketch: &mut SketchBuilder,
    block: &str,
) -> Result<(Vec<Vec<String>>, i64), StepError> {
    let loops = sketch.get_loops(block)?;
    let n_spatial = STRUCTURE.chars().filter(|c| *c == 'S').count();
    let n_reduce = STRUCTURE.len() - n_spatial;
    let mut spatial_tiles: Vec<Vec<String>> = vec![Vec::new(); n_spatial];
    let mut reduce_tiles: Vec<Vec<String>> = vec![Vec::new(); n_reduce];
    let mut spatial_product: i64 = 1;
    for l in &loops {
        let id = sketch.loop_id(l);
        let kind = id.and_then(|id| analysis::loop_iter_kind(sketch.func(), id));
        if kind == Some(IterKind::Spatial) {
            let extent = id
                .and_then(|id| sketch.func().find_loop(id))
                .and_then(|f| f.extent.as_int())
                .unwrap_or(i64::MAX);
            spatial_product = spatial_product.saturating_mul(extent);
        }
        let (n, tiles) = match kind {
            Some(IterKind::Spatial) => (n_spatial, &mut spatial_tiles),
            Some(IterKind::Reduce) => (n_reduce, &mut reduce_tiles),
            // TVM leaves a loop of another kind where it is.
            _ => continue,
        };
        let factors = sketch.emit(
            "sample_perfect_tile",
            vec![
                ("loop", name(l)),
                ("n", Arg::Int(n as i64)),
                ("max_innermost_factor", Arg::Int(MAX_INNERMOST_FACTOR)),
            ],
            n,
            'v',
        )?;
        let pieces = sketch.split(l, factors.iter().map(|f| name(f)).collect())?;
        for (tile, piece) in tiles.iter_mut().zip(pieces) {
            tile.push(piece);
        }
    }
    let (mut s, mut r) = (spatial_tiles.into_iter(), reduce_tiles.into_iter());
    let levels: Vec<Vec<String>> = STRUCTURE
        .chars()
        .filter_map(|c| if c == 'S' { s.next() } else { r.next() })
        .collect();
    let order: Vec<Arg> = levels.iter().flatten().map(|l| name(l)).collect();
    sketch.emit("reorder", vec![("ordered_loops", Arg::List(order))], 0, 'l')?;
    Ok((levels, spatial_product))
}

/// Fuses each of the first three levels and binds it (`TILE_BINDS`); the
/// level then holds the fused loop alone. Adds the thread-extent annotations
/// (at least `low_threads`: a warp, or 1 when the block has at most two
/// warps' worth of spatial iterations, as TVM decides).
fn bind_levels(
    sketch: &mut SketchBuilder,
    block: &str,
    levels: &[Vec<String>],
    low_threads: i64,
) -> Result<Vec<Vec<String>>, StepError> {
    let mut bound = levels.to_vec();
    for (level, axis) in bound.iter_mut().zip(TILE_BINDS) {
        if level.is_empty() {
            continue;
        }
        let fused = sketch.fuse(level)?;
        sketch.bind(&fused, axis)?;
        *level = vec![fused];
    }
    sketch.annotate(
        block,
        "meta_schedule.thread_extent_low_inclusive",
        Arg::Int(low_threads),
    )?;
    sketch.annotate(
        block,
        "meta_schedule.thread_extent_high_inclusive",
        Arg::Int(THREAD_EXTENT_HIGH),
    )?;
    Ok(bound)
}

/// Caches every input in shared memory at `fetch_loop`, fuses the copy's own
/// loops and samples its vector length; how many inputs were cached.
fn read_reuse(
    sketch: &mut SketchBuilder,
    block: &str,
    fetch_loop: &str,
) -> Result<usize, StepError> {
    let Some(b) = sketch.block(block) else {
        return Ok(0);
    };
    let Some(realize) = sketch.func().find_block(b) else {
        return Ok(0);
    };
    let write = realize.block.writes.first().map(|w| w.buffer);
    // (index in the block's reads, the buffer's rank), the output left out.
    let dims: Vec<(usize, usize)> = realize
        .block
        .reads
        .iter()
        .enumerate()
        .filter(|(_, r)| Some(r.buffer) != write)
        .map(|(i, r)| (i, sketch.func().buffer(r.buffer).shape.len()))
        .collect();
    for (index, ndim) in &dims {
        let cache = sketch
            .emit(
                "cache_read",
                vec![
                    ("block", name(block)),
                    ("read_buffer_index", Arg::Int(*index as i64)),
                    ("storage_scope", Arg::Str("shared".into())),
                    ("consumer_blocks", Arg::List(vec![name(block)])),
                ],
                1,
                'b',
            )?
            .remove(0);
        sketch.emit(
            "compute_at",
            vec![
                ("block", name(&cache)),
                ("loop", name(fetch_loop)),
                ("preserve_unit_loops", Arg::Bool(true)),
            ],
            0,
            'l',
        )?;
        let loops = sketch.get_loops(&cache)?;
        let own = &loops[loops.len().saturating_sub(*ndim)..];
        sketch.fuse(own)?;
        let vector = sketch.sample_categorical(&VECTOR_LOAD_LENS)?;
        sketch.annotate(&cache, "meta_schedule.cooperative_fetch", name(&vector))?;
    }
    Ok(dims.len())
}

/// TVM's async pipeline on the fetch level's loops, fused into one (for a
/// single loop the fuse changes nothing but the handle, as in TVM's trace):
/// the two copies in stage 0, the computation `stages - 2` iterations later,
/// the copies asynchronous.
fn add_async_pipeline(
    sketch: &mut SketchBuilder,
    fetch_level: &[String],
    stages: i64,
) -> Result<(), StepError> {
    let l = sketch.fuse(fetch_level)?;
    let ints = |v: &[i64]| Arg::List(v.iter().map(|i| Arg::Int(*i)).collect());
    sketch.annotate(&l, "software_pipeline_stage", ints(&[0, 0, stages - 2]))?;
    sketch.annotate(&l, "software_pipeline_order", ints(&[0, 1, 2]))?;
    sketch.annotate(&l, "software_pipeline_async_stages", ints(&[0]))?;
    Ok(())
}
