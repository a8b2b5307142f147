//! DLight's `Matmul` with tensor cores, as trace steps and with no search:
//! the recipe of the shipped `mma.sync` sessions (gemm_f16_4096_2_mma,
//! gemm_f16_4096_3_mma_wide, gemm_i8_4096_2_mma, themselves TVM's MMA
//! tensorize tests' schedule). The GEMM block is blockized on 16 x 16 x k
//! tiles (k = 16 for fp16, 32 for int8), tiled over 128 x 128 thread blocks
//! of 4 warps (128 x 256 and 8 warps for an fp16 GEMM that divides them), A
//! and B staged in shared memory by 16-byte copies (rows padded so ldmatrix
//! reads no bank twice), loaded into warp registers by ldmatrix, multiplied by
//! mma.sync and stored from the accumulators straight to global memory, with
//! the shipped sessions' software pipeline (three cp.async stages for the
//! shared tiles, the fragments double-buffered).
//!
//! Applies to a program that is one GEMM block after AutoInline (no
//! epilogue: the accumulators are stored to the output directly), with
//! fp16 x fp16 -> fp32 or fp16, bf16 x bf16 -> fp32, or int8 x int8 -> int32 with B stored (n, k)
//! (ldmatrix cannot transpose 8-bit elements), A stored (m, k), and M, N and
//! K multiples of the tiles (no padding: `Unaligned` is refused, and the
//! caller falls back to the SIMT Matmul). A leading batch loop (every buffer
//! indexed `[batch, row, column]`) is bound to blockIdx.z, as the SIMT Matmul
//! binds it. The tensorize steps check that the block computes what the
//! intrinsic does (the casts included).

use super::builder::{name, SketchBuilder};
use super::matmul::gemm_shape;
use super::{inline, Sketch};
use crate::ir::{DataType, PrimFunc};
use crate::trace::{Arg, StepError};

/// The operand and accumulator types the mma intrinsics tirtui ships take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaFamily {
    /// fp16 x fp16, accumulated in fp32 (`mma_f16f16f32`).
    F16F32,
    /// fp16 x fp16, accumulated in fp16 (`mma_f16f16f16`).
    F16F16,
    /// int8 x int8, accumulated in int32 (`mma_i8i8i32_trans_b`).
    I8I32,
    /// bf16 x bf16, accumulated in fp32 (`mma_bf16bf16f32`).
    Bf16F32,
}

impl MmaFamily {
    fn of(a: DataType, b: DataType, c: DataType) -> Option<MmaFamily> {
        use DataType::*;
        match (a, b, c) {
            (F16, F16, F32) => Some(MmaFamily::F16F32),
            (F16, F16, F16) => Some(MmaFamily::F16F16),
            (I8, I8, I32) => Some(MmaFamily::I8I32),
            (BF16, BF16, F32) => Some(MmaFamily::Bf16F32),
            _ => None,
        }
    }

    /// The k extent of one tensorized tile (two m16n8kK mma.sync each).
    fn k_tile(self) -> i64 {
        match self {
            MmaFamily::I8I32 => 32,
            _ => 16,
        }
    }

    /// Elements per 16-byte copy into shared memory.
    fn copy_lanes(self) -> i64 {
        16 / self.operand_bytes()
    }

    fn operand_bytes(self) -> i64 {
        match self {
            MmaFamily::I8I32 => 1,
            _ => 2,
        }
    }

    /// The ldmatrix register layout of a 16 x k operand tile (TVM's
    /// shared_16x16_to_ldmatrix_32x8_layout / shared_16x32_to_ldmatrix_32x16_layout).
    fn operand_layout(self) -> &'static str {
        match self {
            MmaFamily::I8I32 => LAYOUT_16X32,
            _ => LAYOUT_16X16,
        }
    }

    /// (fill, store) intrinsics of the accumulator.
    fn accumulator_intrinsics(self) -> (&'static str, &'static str) {
        match self {
            MmaFamily::F16F32 | MmaFamily::Bf16F32 => {
                ("mma_fill_16x16_f32", "mma_store_16x16_f32_global_")
            }
            MmaFamily::F16F16 => ("mma_fill_16x16_f16", "mma_store_16x16_f16_global_"),
            MmaFamily::I8I32 => ("mma_fill_16x16_i32", "mma_store_16x16_i32_global_"),
        }
    }

    /// (A load, B load, multiply) intrinsics for B stored (k, n) or (n, k).
    fn operand_intrinsics(self, b_trans: bool) -> Option<[&'static str; 3]> {
        match (self, b_trans) {
            (MmaFamily::F16F32, false) => Some([LD_A, LD_B, "mma_f16f16f32"]),
            (MmaFamily::F16F32, true) => Some([LD_A, LD_B_TRANS, "mma_f16f16f32_trans_b"]),
            (MmaFamily::F16F16, false) => Some([LD_A, LD_B, "mma_f16f16f16"]),
            (MmaFamily::F16F16, true) => Some([LD_A, LD_B_TRANS, "mma_f16f16f16_trans_b"]),
            (MmaFamily::I8I32, true) => Some([
                "mma_ldmatrix_i8_a",
                "mma_ldmatrix_i8_b_trans",
                "mma_i8i8i32_trans_b",
            ]),
            (MmaFamily::I8I32, false) => None,
            (MmaFamily::Bf16F32, false) => Some([LD_A_BF16, LD_B_BF16, "mma_bf16bf16f32"]),
            (MmaFamily::Bf16F32, true) => {
                Some([LD_A_BF16, LD_B_BF16_TRANS, "mma_bf16bf16f32_trans_b"])
            }
        }
    }
}

const LD_A: &str = "mma_ldmatrix_f16_a";
const LD_B: &str = "mma_ldmatrix_f16_b";
const LD_B_TRANS: &str = "mma_ldmatrix_f16_b_trans";
const LD_A_BF16: &str = "mma_ldmatrix_bf16_a";
const LD_B_BF16: &str = "mma_ldmatrix_bf16_b";
const LD_B_BF16_TRANS: &str = "mma_ldmatrix_bf16_b_trans";
const LAYOUT_16X16: &str = "lambda i, j: (i // 16, j // 16, 4 * (i % 16 % 8) + j % 16 % 8 // 2, 4 * (j % 16 // 8) + i % 16 // 8 * 2 + j % 16 % 2)";
const LAYOUT_16X32: &str = "lambda i, j: (i // 16, j // 32, 4 * (i % 16 % 8) + j % 32 % 16 // 4, 8 * (j % 32 // 16) + i % 16 // 8 * 4 + j % 32 % 4)";

/// Block rows of 16 x 16 tiles, warps along i, warps along j, tiles per warp
/// along each axis, 16-wide k steps per shared tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tiles {
    warps_i: i64,
    warps_j: i64,
    warp_tiles: i64,
    k_steps: i64,
}

impl Tiles {
    /// 128 x 128 per block, 2 x 2 warps of 64 x 64, 2 k steps per shared tile.
    const SQUARE: Tiles = Tiles {
        warps_i: 2,
        warps_j: 2,
        warp_tiles: 4,
        k_steps: 2,
    };
    /// 128 x 256 per block, 2 x 4 warps, 4 k steps (gemm_f16_4096_3_mma_wide).
    const WIDE: Tiles = Tiles {
        warps_i: 2,
        warps_j: 4,
        warp_tiles: 4,
        k_steps: 4,
    };

    fn block(self) -> [i64; 2] {
        [
            16 * self.warps_i * self.warp_tiles,
            16 * self.warps_j * self.warp_tiles,
        ]
    }

    fn warps(self) -> i64 {
        self.warps_i * self.warps_j
    }
}

/// The default's fixed tiles, or the tuner's sketch: tiles sampled by
/// `sample_perfect_tile`, shared copies by RewriteCooperativeFetch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TileChoice {
    Fixed(Tiles),
    Sampled,
}

/// What the rule found in the GEMM block.
pub(super) struct TcGemm {
    family: MmaFamily,
    tiles: TileChoice,
    a_index: usize,
    b_index: usize,
    intrinsics: [&'static str; 3],
    /// The block's name: its decomposed init is `{name}_init`.
    block_name: String,
    /// A leading batch loop (bound to blockIdx.z, as the SIMT Matmul does).
    batched: bool,
    /// The batch times the 16 x 16 tiles of C: TVM's `spatial_loop_product`
    /// after blockize, which sets the thread-extent floor.
    spatial_tiles: i64,
}

/// TVM's `max_innermost_factor` for MultiLevelTilingTensorCore (in 16 x 16 tiles).
const TC_MAX_INNERMOST_FACTOR: i64 = 4;
const COOPERATIVE_FETCH: &str = "meta_schedule.cooperative_fetch";
const THREAD_LOW: &str = "meta_schedule.thread_extent_low_inclusive";
const THREAD_HIGH: &str = "meta_schedule.thread_extent_high_inclusive";
const WARP_SIZE: i64 = 32;
use super::multi_level_tiling::THREAD_EXTENT_HIGH;

/// CUDA's largest grid extent along z (the batch).
const MAX_GRID_Z: i64 = 65_535;

/// The tensor-core Matmul default of `func`, or why it does not apply.
pub fn tensor_core_matmul(func: &PrimFunc) -> Result<Sketch, String> {
    let (mut sketch, live) = inline::inline_then_live(func)?;
    let [gemm] = live.as_slice() else {
        return Err(format!(
            "{} blocks after inlining: the accumulators are stored straight to the output, \
             so an epilogue or a second block is not handled",
            live.len()
        ));
    };
    let found = analyse(&sketch, gemm, false)?;
    write_steps(&mut sketch, gemm, &found).map_err(|e| e.to_string())?;
    sketch.log("MatmulTensorCore", gemm);
    Ok(sketch.finish())
}

/// MultiLevelTilingTensorCore's view of `gemm`: an output GEMM block the
/// intrinsics take, with M, N and K multiples of the 16 x 16 x k tile (the
/// sampled tiles divide them).
pub(super) fn analyse_sampled(sketch: &SketchBuilder, gemm: &str) -> Result<TcGemm, String> {
    let id = sketch.block(gemm).ok_or("the block is gone")?;
    if !super::analysis::is_output_block(sketch.func(), id) {
        return Err("the GEMM does not write an output".into());
    }
    analyse(sketch, gemm, true)
}

/// Writes MultiLevelTilingTensorCore's sampled tensor-core steps.
pub(super) fn write_sampled_steps(
    sketch: &mut SketchBuilder,
    c: &str,
    g: &TcGemm,
) -> Result<(), StepError> {
    // As TVM's rule does first: the later rules (MultiLevelTiling,
    // CrossThreadReduction) leave a tiled block alone.
    let structure = Arg::Str(super::multi_level_tiling::STRUCTURE.into());
    sketch.annotate(c, super::analysis::TILING_STRUCTURE, structure)?;
    write_steps(sketch, c, g)
}

fn analyse(sketch: &SketchBuilder, gemm: &str, sampled: bool) -> Result<TcGemm, String> {
    let func = sketch.func();
    let id = sketch.block(gemm).ok_or("the block is gone")?;
    if !super::analysis::is_reduction_block(func, id) {
        return Err("not a reduction block".into());
    }
    let shape = gemm_shape(func, id)?;
    if let Some(batch) = shape.batch.filter(|b| *b > MAX_GRID_Z) {
        return Err(format!(
            "a batch of {batch} GEMMs: blockIdx.z allows at most {MAX_GRID_Z}"
        ));
    }
    let r = func.find_block(id).ok_or("the block is gone")?;
    let [write] = r.block.writes.as_slice() else {
        return Err("not one output".into());
    };
    let read = |i: usize| r.block.reads.get(i).ok_or("a read is gone");
    let (a, b) = (read(shape.a_index)?, read(shape.b_index)?);
    let dtype = |region: &crate::ir::BufferRegion| func.buffer(region.buffer).dtype;
    let family = MmaFamily::of(dtype(a), dtype(b), dtype(write)).ok_or(
        "dtypes without an mma intrinsic (fp16 x fp16 -> fp32 / fp16, bf16 -> fp32, int8 -> int32)",
    )?;
    // A batched GEMM's buffers all lead with the batch index (the warp
    // layouts keep it in front); a broadcast operand is left to SIMT tiles.
    let first = usize::from(shape.batch.is_some());
    let batch_led = |region: &crate::ir::BufferRegion| {
        region.region.len() == 2 + first
            && (first == 0 || region.region[0].min.uses_var(r.block.iter_vars[0].var))
    };
    if ![a, b, write].into_iter().all(batch_led) {
        return Err("a batched operand or output not indexed [batch, row, column]".into());
    }
    // Which iterator an operand's row axis follows: its storage order.
    let first_uses = |region: &crate::ir::BufferRegion, n: usize| {
        let v = r.block.iter_vars[first + n].var;
        region.region[first].min.uses_var(v)
    };
    if !first_uses(a, 0) {
        return Err("A is stored (k, m): no ldmatrix-transposed default".into());
    }
    let b_trans = first_uses(b, 1);
    let intrinsics = family
        .operand_intrinsics(b_trans)
        .ok_or("int8 B stored (k, n): ldmatrix cannot transpose 8-bit elements")?;
    let [m, n, k] = shape.extents;
    let fits = |t: Tiles| {
        let [bm, bn] = t.block();
        m % bm == 0 && n % bn == 0 && k % (family.k_tile() * t.k_steps) == 0
    };
    let tiles = if sampled {
        if m % 16 != 0 || n % 16 != 0 || k % family.k_tile() != 0 {
            return Err(format!(
                "{m} x {n} x {k} is not a multiple of the 16 x 16 x {} tile",
                family.k_tile()
            ));
        }
        TileChoice::Sampled
    } else if family != MmaFamily::I8I32 && fits(Tiles::WIDE) {
        TileChoice::Fixed(Tiles::WIDE)
    } else if fits(Tiles::SQUARE) {
        TileChoice::Fixed(Tiles::SQUARE)
    } else {
        let [bm, bn] = Tiles::SQUARE.block();
        let bk = family.k_tile() * Tiles::SQUARE.k_steps;
        return Err(format!(
            "{m} x {n} x {k} is not a multiple of the {bm} x {bn} x {bk} tile"
        ));
    };
    Ok(TcGemm {
        family,
        tiles,
        a_index: shape.a_index,
        b_index: shape.b_index,
        intrinsics,
        block_name: r.block.name.clone(),
        batched: shape.batch.is_some(),
        spatial_tiles: shape.batch.unwrap_or(1) * (m / 16) * (n / 16),
    })
}

fn ints(values: &[i64]) -> Arg {
    Arg::List(values.iter().map(|&v| Arg::Int(v)).collect())
}

fn split_ints(sketch: &mut SketchBuilder, l: &str, f: &[i64]) -> Result<Vec<String>, StepError> {
    let factors = std::iter::once(Arg::Null)
        .chain(f.iter().map(|&v| Arg::Int(v)))
        .collect();
    sketch.split(l, factors)
}

fn reorder(sketch: &mut SketchBuilder, loops: &[&String]) -> Result<(), StepError> {
    let list = Arg::List(loops.iter().map(|l| name(l)).collect());
    sketch
        .emit("reorder", vec![("ordered_loops", list)], 0, 'l')
        .map(drop)
}

fn emit_one(
    sketch: &mut SketchBuilder,
    op: &str,
    args: Vec<(&str, Arg)>,
) -> Result<String, StepError> {
    Ok(sketch.emit(op, args, 1, 'b')?.remove(0))
}

fn tensorize(sketch: &mut SketchBuilder, l: &str, intrin: &str) -> Result<(), StepError> {
    let args = vec![
        ("block_or_loop", name(l)),
        ("tensor_intrin", Arg::Str(intrin.into())),
    ];
    sketch.emit("tensorize", args, 0, 'l').map(drop)
}

fn write_steps(sketch: &mut SketchBuilder, c: &str, g: &TcGemm) -> Result<(), StepError> {
    let kt = g.family.k_tile();
    let all = sketch.get_loops(c)?;
    // The batch loop stays outermost: one grid layer per GEMM.
    let (batch, loops) = match (g.batched, all.split_first()) {
        (true, Some((b, rest))) => (Some(b.clone()), rest),
        _ => (None, &all[..]),
    };
    if loops.len() != 3 {
        return Err(super::builder::unbuildable(
            "split",
            sketch.len(),
            sketch.func(),
        ));
    }
    let i = split_ints(sketch, &loops[0], &[16])?;
    let j = split_ints(sketch, &loops[1], &[16])?;
    let k = split_ints(sketch, &loops[2], &[kt])?;
    reorder(sketch, &[&i[0], &j[0], &k[0], &i[1], &j[1], &k[1]])?;
    let c_o = emit_one(sketch, "blockize", vec![("target", name(&i[1]))])?;
    let (i, j, k) = match g.tiles {
        TileChoice::Fixed(t) => (
            split_ints(sketch, &i[0], &[1, t.warps_i, t.warp_tiles, 1])?,
            split_ints(sketch, &j[0], &[1, t.warps_j, t.warp_tiles, 1])?,
            split_ints(sketch, &k[0], &[t.k_steps, 1])?,
        ),
        TileChoice::Sampled => (
            sample_split(sketch, &i[0], 5)?,
            sample_split(sketch, &j[0], 5)?,
            sample_split(sketch, &k[0], 3)?,
        ),
    };
    // The sampled sketch has TVM's level order and tile binds (levels 0, 1,
    // 2 on blockIdx.y, blockIdx.x, threadIdx.y, i before j); the default
    // keeps the shipped sessions' (level 0 on blockIdx.x, the warps j-major),
    // whose CUDA it reproduces.
    let sampled = g.tiles == TileChoice::Sampled;
    let (warp_outer, warp_inner) = if sampled {
        (&i[2], &j[2])
    } else {
        (&j[2], &i[2])
    };
    reorder(
        sketch,
        &[
            &i[0], &j[0], &i[1], &j[1], warp_outer, warp_inner, &k[0], &k[1], &i[3], &j[3], &k[2],
            &i[4], &j[4],
        ],
    )?;
    let grid0 = sketch.fuse(&[i[0].clone(), j[0].clone()])?;
    let grid1 = sketch.fuse(&[i[1].clone(), j[1].clone()])?;
    let ty = sketch.fuse(&[warp_outer.clone(), warp_inner.clone()])?;
    let (axis0, axis1) = if sampled {
        ("blockIdx.y", "blockIdx.x")
    } else {
        ("blockIdx.x", "blockIdx.y")
    };
    sketch.bind(&grid0, axis0)?;
    sketch.bind(&grid1, axis1)?;
    sketch.bind(&ty, "threadIdx.y")?;
    if sampled {
        // The lanes of each warp run the intrinsics (RewriteCooperativeFetch
        // and VerifyGPUCode read threadIdx.x = 32 from this), and
        // VerifyGPUCode's limits as TVM sets them: at least a warp once the
        // tiles outnumber two warps' lanes.
        sketch.annotate(&c_o, "warp_execution", Arg::Int(1))?;
        let low = if g.spatial_tiles > 2 * WARP_SIZE {
            WARP_SIZE
        } else {
            1
        };
        sketch.annotate(&c_o, THREAD_LOW, Arg::Int(low))?;
        sketch.annotate(&c_o, THREAD_HIGH, Arg::Int(THREAD_EXTENT_HIGH))?;
    }
    if let Some(batch) = &batch {
        sketch.bind(batch, "blockIdx.z")?;
    }
    for index in [g.a_index, g.b_index] {
        stage_in_shared(sketch, &c_o, index, &k[0], g)?;
    }
    let cache_read = |sketch: &mut SketchBuilder, index: usize| {
        let args = vec![
            ("block", name(&c_o)),
            ("read_buffer_index", Arg::Int(index as i64)),
            ("storage_scope", Arg::Str("warp".into())),
        ];
        emit_one(sketch, "cache_read", args)
    };
    let a_w = cache_read(sketch, g.a_index)?;
    let b_w = cache_read(sketch, g.b_index)?;
    for w in [&a_w, &b_w] {
        let args = vec![("block", name(w)), ("loop", name(&k[1]))];
        sketch.emit("compute_at", args, 0, 'l')?;
    }
    let args = vec![
        ("block", name(&c_o)),
        ("write_buffer_index", Arg::Int(0)),
        ("storage_scope", Arg::Str("warp".into())),
    ];
    let c_w = emit_one(sketch, "cache_write", args)?;
    let args = vec![("block", name(&c_w)), ("loop", name(&ty))];
    sketch.emit("reverse_compute_at", args, 0, 'l')?;
    split_last_two(sketch, &c_w, 16, 16)?;
    let args = vec![("block", name(&c_o)), ("loop", name(&k[0]))];
    emit_one(sketch, "decompose_reduction", args)?;
    let a_tiles = split_last_two(sketch, &a_w, 16, kt)?;
    let b_tiles = split_last_two(sketch, &b_w, 16, kt)?;
    let layout = batched_layout(g.family.operand_layout(), g.batched);
    let c_layout = batched_layout(LAYOUT_16X16, g.batched);
    for (block, side, map) in [
        (&a_w, "write", &layout),
        (&b_w, "write", &layout),
        (&c_w, "read", &c_layout),
    ] {
        let args = vec![
            ("block", name(block)),
            (
                "buffer",
                Arg::List(vec![Arg::Str(side.into()), Arg::Int(0)]),
            ),
            ("index_map", Arg::Str(map.to_string())),
        ];
        sketch.emit("transform_layout", args, 0, 'l')?;
    }
    let [load_a, load_b, multiply] = g.intrinsics;
    tensorize(sketch, &a_tiles, load_a)?;
    tensorize(sketch, &b_tiles, load_b)?;
    let inner = sketch.get_loops(c)?;
    tensorize(sketch, &inner[0], multiply)?;
    let init_name = format!("{}_init", g.block_name);
    let init = emit_one(sketch, "get_block", vec![("name", Arg::Str(init_name))])?;
    let (fill, store) = g.family.accumulator_intrinsics();
    let init_loops = sketch.get_loops(&init)?;
    tensorize(sketch, &init_loops[0], fill)?;
    let store_loops = sketch.get_loops(&c_w)?;
    let at = store_loops.len().saturating_sub(2);
    tensorize(sketch, &store_loops[at], store)?;
    let wide = g.tiles == TileChoice::Fixed(Tiles::WIDE);
    pipeline(sketch, &k[0], &k[1], wide)
}

/// The warp-register layout of a 2-D tile, with the batch index kept in
/// front when the buffers have one.
fn batched_layout(layout: &str, batched: bool) -> String {
    if batched {
        layout.replacen("lambda i, j: (", "lambda b, i, j: (b, ", 1)
    } else {
        layout.to_string()
    }
}

/// Copies operand `index` of `c_o` into shared memory at loop `k0`: one
/// 16-byte copy per lane, every warp of the block at once, the rows padded
/// by 16 bytes per 64 so that ldmatrix reads no bank twice.
fn stage_in_shared(
    sketch: &mut SketchBuilder,
    c_o: &str,
    index: usize,
    k0: &str,
    g: &TcGemm,
) -> Result<(), StepError> {
    let args = vec![
        ("block", name(c_o)),
        ("read_buffer_index", Arg::Int(index as i64)),
        ("storage_scope", Arg::Str("shared".into())),
    ];
    let sh = emit_one(sketch, "cache_read", args)?;
    sketch.emit(
        "compute_at",
        vec![("block", name(&sh)), ("loop", name(k0))],
        0,
        'l',
    )?;
    let loops = sketch.get_loops(&sh)?;
    let fused = sketch.fuse(&loops[loops.len().saturating_sub(2)..])?;
    let lanes = g.family.copy_lanes();
    match g.tiles {
        TileChoice::Fixed(t) => {
            let parts = split_ints(sketch, &fused, &[t.warps(), 32, lanes])?;
            sketch.bind(&parts[2], "threadIdx.x")?;
            sketch.bind(&parts[1], "threadIdx.y")?;
            sketch.emit("vectorize", vec![("loop", name(&parts[3]))], 0, 'l')?;
        }
        TileChoice::Sampled => {
            // Up to 16 bytes a lane, as TVM's tensor-core vector_load_lens.
            let candidates: Vec<i64> = [1, 2, 4, 8, 16]
                .into_iter()
                .filter(|&v| v <= lanes)
                .collect();
            let vector = sketch.sample_categorical(&candidates)?;
            sketch.annotate(&sh, COOPERATIVE_FETCH, name(&vector))?;
        }
    }
    let bytes = g.family.operand_bytes();
    let args = vec![
        ("block", name(&sh)),
        ("buffer_index", Arg::Int(0)),
        ("axis", Arg::Int(-2)),
        ("factor", Arg::Int(64 / bytes)),
        ("offset", Arg::Int(16 / bytes)),
    ];
    sketch.emit("storage_align", args, 0, 'l').map(drop)
}

/// `sample_perfect_tile` on `l` (TVM's tensor-core innermost bound) and the
/// split by its factors.
fn sample_split(sketch: &mut SketchBuilder, l: &str, n: usize) -> Result<Vec<String>, StepError> {
    let factors = sketch.emit(
        "sample_perfect_tile",
        vec![
            ("loop", name(l)),
            ("n", Arg::Int(n as i64)),
            ("max_innermost_factor", Arg::Int(TC_MAX_INNERMOST_FACTOR)),
        ],
        n,
        'v',
    )?;
    sketch.split(l, factors.iter().map(|f| name(f)).collect())
}

/// Splits the block's last two loops by (`rows`, `cols`) and moves the tile
/// loops inside; the first tile loop's name.
fn split_last_two(
    sketch: &mut SketchBuilder,
    block: &str,
    rows: i64,
    cols: i64,
) -> Result<String, StepError> {
    let loops = sketch.get_loops(block)?;
    let n = loops.len();
    if n < 2 {
        return Err(super::builder::unbuildable(
            "split",
            sketch.len(),
            sketch.func(),
        ));
    }
    let r = split_ints(sketch, &loops[n - 2], &[rows])?;
    let c = split_ints(sketch, &loops[n - 1], &[cols])?;
    reorder(sketch, &[&r[0], &c[0], &r[1], &c[1]])?;
    Ok(r[1].clone())
}

/// The shipped sessions' software pipeline: the next k step's fragments load
/// while this one multiplies (`k1`), the shared tiles two k tiles ahead copy
/// by cp.async through L1 (`k0`); the wide tiles order the next tile's first
/// ldmatrix before this tile's last mma and spread the copies, as
/// gemm_f16_4096_3_mma_wide measured faster.
fn pipeline(sketch: &mut SketchBuilder, k0: &str, k1: &str, wide: bool) -> Result<(), StepError> {
    sketch.annotate(k1, "software_pipeline_stage", ints(&[0, 0, 1]))?;
    sketch.annotate(k1, "software_pipeline_order", ints(&[0, 1, 2]))?;
    let (stage, order): (&[i64], &[i64]) = if wide {
        (&[0, 0, 1, 2, 2], &[0, 1, 3, 2, 4])
    } else {
        (&[0, 0, 2, 2, 2], &[0, 1, 2, 3, 4])
    };
    sketch.annotate(k0, "software_pipeline_stage", ints(stage))?;
    sketch.annotate(k0, "software_pipeline_order", ints(order))?;
    sketch.annotate(k0, "software_pipeline_async_stages", ints(&[0]))?;
    sketch.annotate(k0, "cp_async_cache", Arg::Str("ca".into()))?;
    if wide {
        sketch.annotate(k0, "stage_counters", Arg::Int(1))?;
        sketch.annotate(k0, "interleave_async_copies", Arg::Int(1))?;
    }
    Ok(())
}
