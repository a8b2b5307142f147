//! The zero-search default every workload gets (`tirtui schedule`): DLight's
//! `Fallback` rule, written as trace steps. Blocks that can be inlined are
//! (AutoInline's conditions); every other block gets its spatial loops first,
//! fused and split by `FALLBACK_THREADS`, the parts bound to blockIdx.x /
//! threadIdx.x, with the reduction loops inside each thread; a reduction's
//! init is decomposed out of its first reduction loop.
//!
//! DLight splits by the target's 1,024 threads; 256 is used here, the
//! runtime's reference kernel's width, so that a kernel of up to 255
//! registers per thread still launches (1,024 threads leave 64 each).

use super::analysis::{is_reduction_block, loop_iter_kind};
use super::builder::{name, SketchBuilder};
use super::{inline, DesignSpaceError, Sketch};
use crate::ir::{ForKind, IterKind, LoopId, PrimFunc, StorageScope};
use crate::schedule::analysis::blocks_under_loop;
use crate::schedule::tree;
use crate::trace::{Arg, StepError};

/// Threads per block of the default schedule.
pub const FALLBACK_THREADS: i64 = 256;

/// The default schedule of `func`: one sketch with no sampled decision.
pub fn fallback(func: &PrimFunc) -> Result<Sketch, DesignSpaceError> {
    let (mut sketch, blocks) = SketchBuilder::start(func)?;
    let step_failed = |block: &str, error: StepError| DesignSpaceError::Step {
        rule: "Fallback",
        block: block.to_string(),
        error: Box::new(error),
    };
    for block in blocks.iter().rev() {
        if !sketch.is_live(block) {
            continue;
        }
        let before = sketch.len();
        let mut results = inline::auto_inline(sketch, block).map_err(|e| step_failed(block, e))?;
        // AutoInline returns the sketch itself, changed or not.
        sketch = results.remove(0);
        if sketch.len() > before {
            sketch.log("AutoInline", block);
        }
    }
    for block in &blocks {
        if !sketch.is_live(block) {
            continue;
        }
        let before = sketch.len();
        let block_name = sketch
            .block(block)
            .and_then(|b| sketch.func().find_block(b))
            .map_or_else(|| block.clone(), |r| r.block.name.clone());
        let bound = match bind_block(&mut sketch, block) {
            Err(Unbound::Shared(other)) => bind_nest(&mut sketch, block).map_err(|e| match e {
                Unbound::Refused(why) => {
                    Unbound::Refused(format!("its loops also hold block `{other}` and {why}"))
                }
                e => e,
            }),
            other => other,
        };
        bound.map_err(|e| match e {
            Unbound::Step(e) => step_failed(&block_name, e),
            Unbound::Shared(other) => DesignSpaceError::Unsupported {
                rule: "Fallback",
                block: block_name.clone(),
                why: format!("its loops also hold block `{other}`"),
            },
            Unbound::Refused(why) => DesignSpaceError::Unsupported {
                rule: "Fallback",
                block: block_name.clone(),
                why,
            },
        })?;
        if sketch.len() > before {
            sketch.log("Fallback", block);
        }
    }
    Ok(sketch.finish())
}

enum Unbound {
    Step(StepError),
    /// A loop of the block's nest also holds this other block.
    Shared(String),
    /// Why no loop around the block can be bound.
    Refused(String),
}

impl From<StepError> for Unbound {
    fn from(e: StepError) -> Unbound {
        Unbound::Step(e)
    }
}

/// Fallback's binding of one block, for the blocks another rule leaves.
pub(super) fn bind_other_block(sketch: &mut SketchBuilder, block: &str) -> Result<(), String> {
    bind_block(sketch, block).map_err(|e| match e {
        Unbound::Step(e) => e.to_string(),
        Unbound::Shared(other) => format!("its loops also hold block `{other}`"),
        Unbound::Refused(why) => why,
    })
}

/// Spatial loops first, fused, split by the thread count and bound; the
/// reduction's init decomposed. The root and blocks already under a thread
/// binding are left alone.
fn bind_block(sketch: &mut SketchBuilder, block: &str) -> Result<(), Unbound> {
    let Some(b) = sketch.block(block) else {
        return Ok(());
    };
    let func = sketch.func();
    if func.root_block().is_some_and(|r| r.id == b) {
        return Ok(());
    }
    let loop_ids = tree::loops_of_block(func, b).unwrap_or_default();
    let mut kinds = Vec::with_capacity(loop_ids.len());
    for &l in &loop_ids {
        let Some(f) = func.find_loop(l) else {
            return Ok(());
        };
        if matches!(f.kind, ForKind::ThreadBinding(_)) {
            return Ok(());
        }
        if let Some(other) = blocks_under_loop(func, l)
            .into_iter()
            .find(|r| r.block.id != b)
        {
            return Err(Unbound::Shared(other.block.name.clone()));
        }
        kinds.push(loop_iter_kind(func, l));
    }
    if let Some(iv) = opaque_iter(func, b) {
        return Err(Unbound::Refused(format!(
            "its iterator `{iv}` is opaque: no loop around it may be bound to a GPU thread \
             (bind refuses it, as TVM's does: the iterations may depend on each other), and \
             its own loops hold no block that a primitive reaches; declare `{iv}` \
             T.axis.spatial when its iterations are independent"
        )));
    }
    let reduction = is_reduction_block(func, b);
    let mut loops = sketch.get_loops(block)?;
    let (mut spatial, mut reduce, mut other) = (Vec::new(), Vec::new(), Vec::new());
    for (l, kind) in loops.iter().zip(&kinds) {
        match kind {
            Some(IterKind::Spatial) => spatial.push(l.clone()),
            Some(IterKind::Reduce) => reduce.push(l.clone()),
            _ => other.push(l.clone()),
        }
    }
    if spatial.is_empty() {
        let target = loops.first().map_or_else(|| name(block), |l| name(l));
        let unit = sketch
            .emit("add_unit_loop", vec![("block_or_loop", target)], 1, 'l')?
            .remove(0);
        loops.insert(0, unit.clone());
        spatial.push(unit);
    }
    let order: Vec<String> = spatial
        .iter()
        .chain(&reduce)
        .chain(&other)
        .cloned()
        .collect();
    if order != loops {
        let list = Arg::List(order.iter().map(|l| name(l)).collect());
        sketch.emit("reorder", vec![("ordered_loops", list)], 0, 'l')?;
    }
    let fused = if spatial.len() == 1 {
        spatial[0].clone()
    } else {
        sketch.fuse(&spatial)?
    };
    let extent = sketch
        .loop_id(&fused)
        .and_then(|l| sketch.func().find_loop(l))
        .and_then(|f| f.extent.as_int());
    // A symbolic extent still splits by the full width (the guard covers it).
    let threads = extent.map_or(FALLBACK_THREADS, |e| e.clamp(1, FALLBACK_THREADS));
    let parts = sketch.split(&fused, vec![Arg::Null, Arg::Int(threads)])?;
    sketch.bind(&parts[0], "blockIdx.x")?;
    sketch.bind(&parts[1], "threadIdx.x")?;
    if reduction {
        if let Some(first) = reduce.first() {
            sketch.emit(
                "decompose_reduction",
                vec![("block", name(block)), ("loop", name(first))],
                1,
                'b',
            )?;
        }
    }
    Ok(())
}

/// A loop nest holding several blocks (a program scheduled before, or
/// blocks written under one loop): the loops around all of them that are
/// spatial for every block, from the outermost, fused and bound. To
/// blockIdx.x and threadIdx.x when no block of the nest writes shared
/// memory; to blockIdx.x alone when one does (a shared buffer belongs to a
/// thread block: the nest's iterations, which may write the same shared
/// elements, then each get a block of one thread). Refused, with why, when
/// the outermost loop is not spatial for every block or some block does not
/// follow it (each iteration must compute its own elements).
fn bind_nest(sketch: &mut SketchBuilder, block: &str) -> Result<(), Unbound> {
    let func = sketch.func();
    let Some(b) = sketch.block(block) else {
        return Ok(());
    };
    let loop_ids = tree::loops_of_block(func, b).unwrap_or_default();
    let Some(&top) = loop_ids.first() else {
        return Ok(());
    };
    let nest = blocks_under_loop(func, top);
    let annotated = |l: LoopId| func.find_loop(l).is_some_and(|f| !f.annotations.is_empty());
    let mut common = 0;
    for &l in &loop_ids {
        let Some(f) = func.find_loop(l) else { break };
        let follows =
            |r: &&crate::ir::BlockRealize| r.iter_values.iter().any(|v| v.uses_var(f.var));
        if blocks_under_loop(func, l).len() != nest.len()
            || f.kind != ForKind::Serial
            || f.extent.as_int().is_none()
            || loop_iter_kind(func, l) != Some(IterKind::Spatial)
            || !nest.iter().all(follows)
        {
            break;
        }
        common += 1;
        // fuse and split refuse an annotated loop (as TVM's do): such a
        // loop is bound alone, to blockIdx.x.
        if annotated(loop_ids[0]) || loop_ids.get(common).is_some_and(|&n| annotated(n)) {
            break;
        }
    }
    if common == 0 {
        return Err(Unbound::Refused(
            "the loop around them is not a spatial loop of constant extent that every block's \
             spatial iterators follow, so its iterations cannot run in parallel"
                .into(),
        ));
    }
    let writes_shared = nest.iter().any(|r| {
        r.block.writes.iter().any(|w| {
            matches!(
                func.buffer(w.buffer).scope,
                StorageScope::Shared | StorageScope::SharedDyn
            )
        })
    });
    let alone = annotated(loop_ids[0]);
    let loops = sketch.get_loops(block)?;
    let fused = if common == 1 {
        loops[0].clone()
    } else {
        sketch.fuse(&loops[..common])?
    };
    // bind's own checks (TVM's) may still refuse: say why in the refusal.
    let refused = |e: StepError| {
        Unbound::Refused(format!(
            "no loop around them can be bound ({}); a program scheduled before (a reduction \
             decomposed) keeps its own bindings or none",
            e.failure
        ))
    };
    if writes_shared || alone {
        sketch.bind(&fused, "blockIdx.x").map_err(refused)?;
        return Ok(());
    }
    let extent = sketch
        .loop_id(&fused)
        .and_then(|l| sketch.func().find_loop(l))
        .and_then(|f| f.extent.as_int())
        .unwrap_or(FALLBACK_THREADS);
    let threads = extent.clamp(1, FALLBACK_THREADS);
    let parts = sketch.split(&fused, vec![Arg::Null, Arg::Int(threads)])?;
    sketch.bind(&parts[0], "blockIdx.x").map_err(refused)?;
    sketch.bind(&parts[1], "threadIdx.x").map_err(refused)?;
    Ok(())
}

/// The name of an opaque (or scan) iterator of block `b`: a block no loop
/// around can be bound over (`bind`'s compact-dataflow check).
fn opaque_iter(func: &PrimFunc, b: crate::ir::BlockId) -> Option<String> {
    let r = func.find_block(b)?;
    r.block
        .iter_vars
        .iter()
        .find(|iv| matches!(iv.kind, IterKind::Opaque | IterKind::Scan))
        .map(|iv| func.var_name(iv.var).to_string())
}
