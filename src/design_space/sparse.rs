//! The zero-search default of a lowered SparseTIR program (`tirtui schedule`
//! on `spmm_csr.tir`, `sddmm_csr.tir`, ...), written as trace steps, and the
//! sparse stages (`lower_sparse_iter`, `lower_sparse_buffer`) recorded before
//! it when the workload is held unlowered.
//!
//! The rule (`SparseRows`) is chosen by the structure of the lowered program,
//! not by the workload's name: one block over constant-extent spatial loops
//! (the rows, and maybe dense axes) holding a loop nest whose outer loop runs
//! a data-dependent number of times (a row's nonzeros, `J_indptr[vi + 1] -
//! J_indptr[vi]`) around a second block. The rows are the outer block's
//! iterators that the data-dependent extents use; the others are dense axes.
//! - Dense axes in the outer block (SpMM's features): the dense axes go on
//!   threadIdx.x (split for blockIdx.y past 1,024 threads), a row a block
//!   on blockIdx.x; each thread walks its row's nonzeros.
//! - Rows only (SDDMM): a row a block; the row's nonzeros stay serial in
//!   every thread, and the inner block's innermost constant loop (SDDMM's
//!   reduction over the features) goes on threadIdx.x, a cross-thread
//!   reduction for a reduction loop (split by `SPARSE_THREADS` past 1,024,
//!   each thread reducing its share first). With no constant loop inside a
//!   row, a row a thread.
//!
//! One row a block, where the shipped SpMM session takes 4 on threadIdx.y:
//! the nonzero loop's trip count is then the same for every thread of a
//! block, which a cross-thread reduction's barriers need and the SIMT
//! simulator checks (it runs a block's loops in lockstep and refuses
//! bounds that differ between threads), so every default here is checked
//! on it; rows on threadIdx.y are a tuning choice left to the explorer.
//!
//! The fallbacks cannot schedule these programs: a loop of the outer block
//! also holds the inner one, and the nonzero loop's extent is not a constant.

use super::analysis::loops_of;
use super::builder::SketchBuilder;
use super::Sketch;
use crate::ir::{BlockId, IterKind, LoopId, PrimFunc};
use crate::schedule::tree;
use crate::trace::{Arg, Step, StepError, Trace};

/// Threads a block aims at (DLight's usual width for CUDA).
pub const SPARSE_THREADS: i64 = 256;
/// The most threads one axis may take before it is split.
const MAX_AXIS_THREADS: i64 = 1024;

/// The stage steps that take a held SparseTIR function to ordinary TIR, and
/// the program they give; None for ordinary TIR.
pub struct Stages {
    pub steps: Vec<Step>,
    pub lowered: PrimFunc,
}

/// The stages still to apply to `func` (both at level 2, `lower_sparse_buffer`
/// at level 1), replayed; Err with the failing step.
pub fn stages_of(func: &PrimFunc) -> Option<Result<Stages, StepError>> {
    let level = crate::sparse::stage::held_level(func)?;
    let ops: &[&str] = if level >= 2 {
        &["lower_sparse_iter", "lower_sparse_buffer"]
    } else {
        &["lower_sparse_buffer"]
    };
    let mut trace = Trace::new(func.clone());
    let mut steps = Vec::with_capacity(ops.len());
    for op in ops {
        let Some(step) = Step::new(op, Vec::new(), Vec::new()) else {
            return Some(Err(super::builder::unbuildable(op, steps.len(), func)));
        };
        if let Err(e) = trace.push(step.clone()) {
            return Some(Err(e));
        }
        steps.push(step);
    }
    Some(Ok(Stages {
        steps,
        lowered: trace.func().clone(),
    }))
}

/// `sketch` with `stages` before its steps (no stage step binds a name, so
/// the sketch's names stay as they are).
pub fn after_stages(stages: &[Step], sketch: &Sketch) -> Sketch {
    Sketch {
        steps: stages.iter().chain(&sketch.steps).cloned().collect(),
        applied: sketch.applied.clone(),
    }
}

/// The default schedule of a lowered sparse program, or why the rule does
/// not apply to `func`.
pub fn sparse_rows(func: &PrimFunc) -> Result<Sketch, String> {
    let (mut sketch, handles) = SketchBuilder::start(func).map_err(|e| e.to_string())?;
    let shape = row_shape(func)?;
    let handle_of = |id: BlockId| -> Result<String, String> {
        handles
            .iter()
            .find(|h| sketch.block(h) == Some(id))
            .cloned()
            .ok_or_else(|| "a block has no handle".to_string())
    };
    let (outer, inner) = (handle_of(shape.outer)?, handle_of(shape.inner)?);
    apply(&mut sketch, &outer, &inner, &shape).map_err(|e| e.to_string())?;
    sketch.log("SparseRows", &outer);
    sketch.log("SparseRows", &inner);
    Ok(sketch.finish())
}

/// What the rule needs to know of the lowered program.
struct RowShape {
    outer: BlockId,
    inner: BlockId,
    /// Positions (in the outer block's loops) of the row loops and the dense ones.
    rows: Vec<usize>,
    dense: Vec<usize>,
    /// The fused extents, where constant.
    row_extent: Option<i64>,
    dense_extent: Option<i64>,
    /// The inner block's innermost loop, when its extent is a constant
    /// (position in the inner block's loops, extent).
    inner_const: Option<(usize, i64)>,
}

fn row_shape(func: &PrimFunc) -> Result<RowShape, String> {
    let root = func.root_block().map(|r| r.id);
    let blocks: Vec<BlockId> = func
        .blocks()
        .iter()
        .map(|b| b.id)
        .filter(|&b| Some(b) != root)
        .collect();
    let [outer, inner] = blocks[..] else {
        return Err(format!(
            "not a sparse row nest: {} blocks below the root, the rule takes two",
            blocks.len()
        ));
    };
    let outer_realize = func.find_block(outer).ok_or("the outer block is gone")?;
    let children = tree::child_blocks_of_block(&outer_realize.block);
    if children.len() != 1 || children[0].block.id != inner {
        return Err("the second block is not inside the first".into());
    }
    let outer_loops = loops_of(func, outer);
    let inner_loops = loops_of(func, inner);
    let extent = |l: LoopId| func.find_loop(l).and_then(|f| f.extent.as_int());
    if outer_loops.iter().any(|&l| extent(l).is_none()) {
        return Err("a loop of the outer block has no constant extent".into());
    }
    let varying: Vec<LoopId> = inner_loops
        .iter()
        .copied()
        .filter(|&l| extent(l).is_none())
        .collect();
    if varying.is_empty() {
        return Err("no loop inside the outer block runs a data-dependent count".into());
    }
    // Each outer iterator spatial and bound to one outer loop of its own.
    let mut row_of_loop = vec![false; outer_loops.len()];
    for (iv, value) in outer_realize
        .block
        .iter_vars
        .iter()
        .zip(&outer_realize.iter_values)
    {
        if iv.kind != IterKind::Spatial {
            return Err(format!(
                "the outer block's iterator `{}` is not spatial",
                func.var_name(iv.var)
            ));
        }
        let Some(at) = outer_loops.iter().position(|&l| {
            func.find_loop(l)
                .is_some_and(|f| value.as_var() == Some(f.var))
        }) else {
            return Err("the outer block's binding is not one loop per iterator".into());
        };
        let used = varying.iter().any(|&l| {
            func.find_loop(l)
                .is_some_and(|f| f.extent.uses_var(iv.var) || f.min.uses_var(iv.var))
        });
        row_of_loop[at] |= used;
    }
    let rows: Vec<usize> = (0..outer_loops.len()).filter(|&i| row_of_loop[i]).collect();
    let dense: Vec<usize> = (0..outer_loops.len())
        .filter(|&i| !row_of_loop[i])
        .collect();
    if rows.is_empty() {
        return Err("no outer loop is a row of the data-dependent loop".into());
    }
    let product = |at: &[usize]| -> Option<i64> {
        at.iter()
            .try_fold(1i64, |acc, &i| acc.checked_mul(extent(outer_loops[i])?))
    };
    let inner_const = inner_loops
        .last()
        .and_then(|&l| extent(l).map(|e| (inner_loops.len() - 1, e)));
    Ok(RowShape {
        outer,
        inner,
        row_extent: product(&rows),
        dense_extent: if dense.is_empty() {
            None
        } else {
            product(&dense)
        },
        rows,
        dense,
        inner_const,
    })
}

/// Threads for an axis of `extent` (None: not a constant): the whole axis
/// when it fits, else `SPARSE_THREADS` and a serial or block part outside.
fn axis_threads(extent: Option<i64>) -> (i64, bool) {
    match extent {
        Some(e) if (1..=MAX_AXIS_THREADS).contains(&e) => (e, false),
        _ => (SPARSE_THREADS, true),
    }
}

fn apply(
    sketch: &mut SketchBuilder,
    outer: &str,
    inner: &str,
    shape: &RowShape,
) -> Result<(), StepError> {
    let loops = sketch.get_loops(outer)?;
    let pick = |at: &[usize]| -> Vec<String> { at.iter().map(|&i| loops[i].clone()).collect() };
    let (rows, dense) = (pick(&shape.rows), pick(&shape.dense));
    let in_order: Vec<String> = rows.iter().chain(&dense).cloned().collect();
    if in_order != loops {
        let list = Arg::List(in_order.iter().map(|l| super::builder::name(l)).collect());
        sketch.emit("reorder", vec![("ordered_loops", list)], 0, 'l')?;
    }
    let row = fuse_all(sketch, &rows)?;
    if !dense.is_empty() {
        let dense = fuse_all(sketch, &dense)?;
        let (tx, split) = axis_threads(shape.dense_extent);
        if split {
            // A dense axis wider than a block: its parts on blockIdx.y.
            let parts = sketch.split(&dense, vec![Arg::Null, Arg::Int(tx)])?;
            sketch.bind(&parts[0], "blockIdx.y")?;
            sketch.bind(&parts[1], "threadIdx.x")?;
        } else {
            sketch.bind(&dense, "threadIdx.x")?;
        }
        return sketch.bind(&row, "blockIdx.x");
    }
    let Some((at, extent)) = shape.inner_const else {
        // Nothing constant to spread inside a row: a row a thread.
        let threads = shape
            .row_extent
            .map_or(SPARSE_THREADS, |r| r.clamp(1, SPARSE_THREADS));
        let parts = sketch.split(&row, vec![Arg::Null, Arg::Int(threads)])?;
        sketch.bind(&parts[0], "blockIdx.x")?;
        return sketch.bind(&parts[1], "threadIdx.x");
    };
    // Rows only: the inner block's innermost constant loop on threadIdx.x
    // (a cross-thread reduction when it reduces), the nonzeros serial above.
    let inner_loops = sketch.get_loops(inner)?;
    let (tx, split) = axis_threads(Some(extent));
    let thread = if split {
        sketch
            .split(&inner_loops[at], vec![Arg::Null, Arg::Int(tx)])?
            .remove(1)
    } else {
        inner_loops[at].clone()
    };
    sketch.bind(&thread, "threadIdx.x")?;
    sketch.bind(&row, "blockIdx.x")
}

fn fuse_all(sketch: &mut SketchBuilder, loops: &[String]) -> Result<String, StepError> {
    match loops {
        [one] => Ok(one.clone()),
        _ => sketch.fuse(loops),
    }
}
