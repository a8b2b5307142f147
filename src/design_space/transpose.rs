//! DLight's `Transpose` default, as trace steps, for a program that is one
//! two-dimensional transpose (`B[i, j] = A[j, i]`, after AutoInline): each
//! thread block writes an 8 x 16 tile of the output (threadIdx.y x
//! threadIdx.x, so that each warp writes along the output's rows), reading
//! the matching input tile through shared memory, filled by the same threads
//! along the input's rows; the shared rows are padded (`storage_align`,
//! factor 32, offset 1) so that the column-wise reads of the tile fall in
//! different banks. DLight's CUDA constants (len_tx 16, len_ty 8, unroll
//! depth 256); its decoding prologue (`c_factor`) does not apply here (a
//! program with another block after inlining is left to the other rules).

use super::analysis::{is_spatial, is_trivial_binding, loops_of};
use super::builder::{name, SketchBuilder};
use super::{inline, Sketch};
use crate::ir::{BlockId, Expr, PrimFunc, Stmt};
use crate::trace::{Arg, StepError};

/// Threads along the output's rows (DLight's `len_tx` for CUDA).
const LEN_TX: i64 = 16;
/// Threads along the output's columns (`len_ty`).
const LEN_TY: i64 = 8;
/// `pragma_auto_unroll_max_step` on the block loop (DLight's CUDA depth).
const UNROLL_DEPTH: i64 = 256;

/// The Transpose default of `func`, or why the rule does not apply.
pub fn transpose(func: &PrimFunc) -> Result<Sketch, String> {
    let (mut sketch, live) = inline::inline_then_live(func)?;
    let [block] = live.as_slice() else {
        return Err(format!(
            "{} blocks after inlining, not one transpose",
            live.len()
        ));
    };
    let id = sketch.block(block).ok_or("the block is gone")?;
    check_transpose(sketch.func(), id)?;
    write_steps(&mut sketch, block).map_err(|e| e.to_string())?;
    sketch.log("Transpose", block);
    Ok(sketch.finish())
}

/// DLight's test: the block stores a value loaded from another buffer at
/// the same indices in another order; two spatial loops, trivially bound.
fn check_transpose(func: &PrimFunc, b: BlockId) -> Result<(), String> {
    let r = func.find_block(b).ok_or("the block is gone")?;
    let Stmt::BufferStore(store) = &r.block.body else {
        return Err("the block's body is not one store".into());
    };
    let Expr::Load(_, loaded) = &store.value else {
        return Err("the stored value is not a load".into());
    };
    let permuted = loaded.len() == store.indices.len()
        && *loaded != store.indices
        && loaded.iter().all(|e| store.indices.contains(e))
        && store.indices.iter().all(|e| loaded.contains(e));
    if !permuted {
        return Err("the load's indices are not the store's in another order".into());
    }
    if loops_of(func, b).len() != 2 || r.block.iter_vars.len() != 2 {
        return Err("not two loops (DLight transposes two axes)".into());
    }
    if !is_spatial(func, b) || !is_trivial_binding(func, b) {
        return Err("the loops are not two trivially bound spatial loops".into());
    }
    Ok(())
}

fn write_steps(sketch: &mut SketchBuilder, block: &str) -> Result<(), StepError> {
    let loops = sketch.get_loops(block)?;
    let int = Arg::Int;
    let i = sketch.split(&loops[0], vec![Arg::Null, int(1)])?;
    let rows = sketch.split(&i[0], vec![Arg::Null, int(LEN_TY)])?;
    let cols = sketch.split(&loops[1], vec![Arg::Null, int(LEN_TX)])?;
    let order = [&rows[0], &cols[0], &rows[1], &cols[1], &i[1]];
    let list = Arg::List(order.iter().map(|l| name(l)).collect());
    sketch.emit("reorder", vec![("ordered_loops", list)], 0, 'l')?;
    sketch.bind(&rows[0], "blockIdx.y")?;
    sketch.bind(&cols[0], "blockIdx.x")?;
    sketch.bind(&rows[1], "threadIdx.y")?;
    sketch.bind(&cols[1], "threadIdx.x")?;
    // DLight's vector split of the per-thread loop (one lane: no vectorize).
    sketch.split(&i[1], vec![Arg::Null, int(1)])?;
    let args = vec![
        ("block", name(block)),
        ("read_buffer_index", int(0)),
        ("storage_scope", Arg::Str("shared".into())),
    ];
    let cache = sketch.emit("cache_read", args, 1, 'b')?.remove(0);
    let args = vec![("block", name(&cache)), ("loop", name(&cols[0]))];
    sketch.emit("compute_at", args, 0, 'l')?;
    let copy_loops = sketch.get_loops(&cache)?;
    let fused = sketch.fuse(copy_loops.get(2..).unwrap_or_default())?;
    let parts = sketch.split(&fused, vec![Arg::Null, int(LEN_TY), int(LEN_TX), int(1)])?;
    sketch.bind(&parts[1], "threadIdx.y")?;
    sketch.bind(&parts[2], "threadIdx.x")?;
    sketch.emit("unroll", vec![("loop", name(&parts[3]))], 0, 'l')?;
    let args = vec![
        ("block", name(&cache)),
        ("buffer_index", int(0)),
        ("axis", int(0)),
        ("factor", int(32)),
        ("offset", int(1)),
    ];
    sketch.emit("storage_align", args, 0, 'l')?;
    sketch.annotate(&rows[0], "pragma_auto_unroll_max_step", int(UNROLL_DEPTH))?;
    sketch.annotate(&rows[0], "pragma_unroll_explicit", int(1))
}
