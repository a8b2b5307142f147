//! A `Matmul` default in DLight's spirit, as trace steps, for a GEMM-shaped
//! block (`C[i, j] += A[i, k] * B[k, j]`, either input possibly transposed):
//! a 64 x 32 tile of C per thread block, 8 x 8 threads each computing 8 x 4
//! elements (two virtual threads along each axis), the K loop in steps of 16
//! with both input tiles in shared memory (filled cooperatively, four-wide
//! where the shapes allow) and per-thread fragments in registers, and C
//! accumulated in registers. These are the tiles of the tuned seed-000 GEMM
//! session, not searched per workload; `tirtui tune` starts from here.
//!
//! Applies to one reduction block with exactly three loops (two spatial, one
//! reduction, trivially bound) reading two buffers, one along (i, k) and one
//! along (k, j), or with a leading spatial batch loop before them (a batched
//! matmul, as DLight's Matmul takes it: the batch bound to blockIdx.z). Other
//! blocks (an epilogue AutoInline could not inline) get Fallback's binding.
//! Elementwise-only or convolution programs are left to the other rules.

use super::analysis::{is_reduction_block, loop_iter_kind, loops_of};
use super::builder::{name, SketchBuilder};
use super::fallback::bind_other_block;
use super::{inline, Sketch};
use crate::ir::{BlockId, Expr, ForKind, IterKind, PrimFunc};
use crate::trace::{Arg, StepError};

/// (virtual threads, threads, per thread) along i, then j.
const TILE_I: [i64; 3] = [8, 8, 1];
const TILE_J: [i64; 3] = [2, 8, 2];
const TILE_K: i64 = 16;
const FETCH_VECTOR: i64 = 4;
/// CUDA's largest grid extent along z (the batch).
const MAX_GRID_Z: i64 = 65_535;

/// The Matmul default of `func`, or why the rule does not apply.
pub fn matmul(func: &PrimFunc) -> Result<Sketch, String> {
    let (mut sketch, live) = inline::inline_then_live(func)?;
    let gemms: Vec<&String> = live
        .iter()
        .filter(|b| {
            sketch
                .block(b)
                .is_some_and(|id| is_reduction_block(sketch.func(), id))
        })
        .collect();
    let [gemm] = gemms.as_slice() else {
        return Err("not one reduction block".into());
    };
    let gemm = (*gemm).clone();
    let shape = gemm_shape(
        sketch.func(),
        sketch.block(&gemm).ok_or("the block is gone")?,
    )?;
    if let Some(batch) = shape.batch.filter(|b| *b > MAX_GRID_Z) {
        return Err(format!(
            "a batch of {batch} GEMMs: blockIdx.z allows at most {MAX_GRID_Z}"
        ));
    }
    tile(&mut sketch, &gemm, &shape).map_err(|e| e.to_string())?;
    sketch.log("Matmul", &gemm);
    for other in live.iter().filter(|b| **b != gemm) {
        let before = sketch.len();
        bind_other_block(&mut sketch, other)?;
        if sketch.len() > before {
            sketch.log("Fallback", other);
        }
    }
    Ok(sketch.finish())
}

pub(super) struct GemmShape {
    /// Read buffer indices of the (i, k) and the (k, j) input.
    pub a_index: usize,
    pub b_index: usize,
    /// Whether every extent divides its tile: the fills can be four-wide.
    aligned: bool,
    /// The extents of i, j and k.
    pub extents: [i64; 3],
    /// The extent of a leading batch loop (`C[b, i, j] += A[b, i, k] *
    /// B[b, k, j]`), if the block has one.
    pub batch: Option<i64>,
}

pub(super) fn gemm_shape(func: &PrimFunc, b: BlockId) -> Result<GemmShape, String> {
    let r = func.find_block(b).ok_or("the block is gone")?;
    let loops = loops_of(func, b);
    // A fourth, leading spatial loop is a batch of independent GEMMs.
    let batched = loops.len() == 4;
    if !(loops.len() == 3 || batched) || r.block.iter_vars.len() != loops.len() {
        return Err("not three loops (or a batch loop and three)".into());
    }
    let first = usize::from(batched);
    let mut extents = Vec::new();
    for (n, &l) in loops.iter().enumerate() {
        let f = func.find_loop(l).ok_or("a loop is gone")?;
        if !matches!(f.kind, ForKind::Serial) {
            return Err("a loop is already bound".into());
        }
        let want = if n < first + 2 {
            IterKind::Spatial
        } else {
            IterKind::Reduce
        };
        if loop_iter_kind(func, l) != Some(want) {
            return Err("the loops are not (spatial, spatial, reduction)".into());
        }
        // Trivially bound: iterator n is loop n's variable.
        if r.iter_values.get(n) != Some(&Expr::Var(f.var)) {
            return Err("a non-trivial binding".into());
        }
        extents.push(f.extent.as_int().ok_or("a symbolic extent")?);
    }
    // i, j and k: the batch iterator may index any buffer.
    let vars: Vec<_> = r.block.iter_vars[first..].iter().map(|iv| iv.var).collect();
    let batch = batched.then(|| extents.remove(0));
    let uses = |read: &crate::ir::BufferRegion| -> [bool; 3] {
        let mut u = [false; 3];
        for (slot, &v) in u.iter_mut().zip(&vars) {
            *slot = read
                .region
                .iter()
                .any(|range| range.min.uses_var(v) || range.extent.uses_var(v));
        }
        u
    };
    let reads: Vec<[bool; 3]> = r
        .block
        .reads
        .iter()
        .filter(|read| !r.block.writes.iter().any(|w| w.buffer == read.buffer))
        .map(uses)
        .collect();
    let indices: Vec<usize> = r
        .block
        .reads
        .iter()
        .enumerate()
        .filter(|(_, read)| !r.block.writes.iter().any(|w| w.buffer == read.buffer))
        .map(|(i, _)| i)
        .collect();
    if reads.len() != 2 {
        return Err("not two inputs".into());
    }
    let find = |want: [bool; 3]| reads.iter().position(|u| *u == want).map(|p| indices[p]);
    let a_index = find([true, false, true]).ok_or("no input along (i, k)")?;
    let b_index = find([false, true, true]).ok_or("no input along (k, j)")?;
    let tile_of = |t: [i64; 3]| t.iter().product::<i64>();
    let aligned = extents[0] % tile_of(TILE_I) == 0
        && extents[1] % tile_of(TILE_J) == 0
        && extents[2] % TILE_K == 0;
    Ok(GemmShape {
        a_index,
        b_index,
        aligned,
        extents: [extents[0], extents[1], extents[2]],
        batch,
    })
}

fn tile(sketch: &mut SketchBuilder, b: &str, shape: &GemmShape) -> Result<(), StepError> {
    let cache_read = |sketch: &mut SketchBuilder, index: usize, scope: &str| {
        sketch
            .emit(
                "cache_read",
                vec![
                    ("block", name(b)),
                    ("read_buffer_index", Arg::Int(index as i64)),
                    ("storage_scope", Arg::Str(scope.into())),
                ],
                1,
                'b',
            )
            .map(|mut v| v.remove(0))
    };
    let a_sh = cache_read(sketch, shape.a_index, "shared")?;
    let a_l = cache_read(sketch, shape.a_index, "local")?;
    let b_sh = cache_read(sketch, shape.b_index, "shared")?;
    let b_l = cache_read(sketch, shape.b_index, "local")?;
    let c_l = sketch
        .emit(
            "cache_write",
            vec![
                ("block", name(b)),
                ("write_buffer_index", Arg::Int(0)),
                ("storage_scope", Arg::Str("local".into())),
            ],
            1,
            'b',
        )?
        .remove(0);
    let all = sketch.get_loops(b)?;
    // The batch loop stays outermost, one thread block row per batch.
    let (batch, loops) = match shape.batch {
        Some(_) => (all.first().cloned(), &all[1..]),
        None => (None, &all[..]),
    };
    let factors = |t: [i64; 3]| {
        std::iter::once(Arg::Null)
            .chain(t.iter().map(|&f| Arg::Int(f)))
            .collect::<Vec<_>>()
    };
    let i = sketch.split(&loops[0], factors(TILE_I))?;
    let j = sketch.split(&loops[1], factors(TILE_J))?;
    let k = sketch.split(&loops[2], vec![Arg::Null, Arg::Int(TILE_K)])?;
    let order: Vec<&String> = batch
        .iter()
        .chain([
            &i[0], &j[0], &i[1], &j[1], &i[2], &j[2], &k[0], &k[1], &i[3], &j[3],
        ])
        .collect();
    sketch.emit(
        "reorder",
        vec![(
            "ordered_loops",
            Arg::List(order.iter().map(|l| name(l)).collect()),
        )],
        0,
        'l',
    )?;
    bind_gemm_tiles(sketch, &i, &j, batch.as_deref())?;
    let at = |sketch: &mut SketchBuilder, op: &str, block: &str, l: &str, unit: bool| {
        let mut args = vec![("block", name(block)), ("loop", name(l))];
        if unit {
            args.push(("preserve_unit_loops", Arg::Bool(true)));
        }
        sketch.emit(op, args, 0, 'l').map(drop)
    };
    at(sketch, "compute_at", &a_l, &k[1], false)?;
    at(sketch, "compute_at", &b_l, &k[1], false)?;
    at(sketch, "compute_at", &a_sh, &k[0], true)?;
    at(sketch, "compute_at", &b_sh, &k[0], true)?;
    at(sketch, "reverse_compute_at", &c_l, &j[2], false)?;
    let vector = if shape.aligned { FETCH_VECTOR } else { 1 };
    for sh in [&a_sh, &b_sh] {
        let loops = sketch.get_loops(sh)?;
        let inner = &loops[loops.len().saturating_sub(2)..];
        let fused = sketch.fuse(inner)?;
        let parts = sketch.split(
            &fused,
            vec![
                Arg::Null,
                Arg::Int(TILE_I[1]),
                Arg::Int(TILE_J[1]),
                Arg::Int(vector),
            ],
        )?;
        sketch.bind(&parts[1], "threadIdx.y")?;
        sketch.bind(&parts[2], "threadIdx.x")?;
        if vector > 1 {
            sketch.emit("vectorize", vec![("loop", name(&parts[3]))], 0, 'l')?;
        }
    }
    sketch.emit(
        "decompose_reduction",
        vec![("block", name(b)), ("loop", name(&k[0]))],
        1,
        'b',
    )?;
    sketch.emit("unroll", vec![("loop", name(&k[1]))], 0, 'l')?;
    Ok(())
}

/// Binds a GEMM's i / j tiles (outermost three levels) to blocks, virtual
/// threads and threads, and a batch axis to blockIdx.z: the layout both the
/// Matmul default and the register-reuse sketches use.
pub(super) fn bind_gemm_tiles(
    sketch: &mut SketchBuilder,
    i: &[String],
    j: &[String],
    batch: Option<&str>,
) -> Result<(), StepError> {
    for (l, axis) in [
        (&i[0], "blockIdx.y"),
        (&j[0], "blockIdx.x"),
        (&i[1], "vthread.y"),
        (&j[1], "vthread.x"),
        (&i[2], "threadIdx.y"),
        (&j[2], "threadIdx.x"),
    ] {
        sketch.bind(l, axis)?;
    }
    if let Some(batch) = batch {
        sketch.bind(batch, "blockIdx.z")?;
    }
    Ok(())
}
