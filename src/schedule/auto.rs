//! A default GPU mapping for an unscheduled workload: one thread per output
//! element (TVM's DefaultGPUSchedule, simplified). The runtime runs it as the
//! reference that every scheduled kernel is checked against.

use crate::ir::{ForKind, IterKind, PrimFunc, ThreadAxis};
use crate::schedule::primitive::{for_kind, get_block_loop, loop_transformation};
use crate::schedule::{tree, Schedule, ScheduleError};

/// Threads per block of the reference kernel.
pub const THREADS: i64 = 256;

/// Fuses each top-level block's leading spatial loops, splits the result by
/// `THREADS` and binds it to blockIdx.x / threadIdx.x. Loops that are already
/// bound are left alone (the function is then returned unchanged).
pub fn default_gpu_schedule(func: &PrimFunc) -> Result<PrimFunc, ScheduleError> {
    let mut sch = Schedule::new(func.clone());
    let already_bound = !for_kind::bound_loops(func).is_empty();
    if already_bound {
        return Ok(sch.func);
    }
    let root = func.root_block().map(|b| b.id);
    let blocks: Vec<_> = func
        .blocks()
        .iter()
        .filter(|b| Some(b.id) != root)
        .filter(|b| tree::scope_of_block(func, b.id) == root)
        .map(|b| b.id)
        .collect();
    for block in blocks {
        let loops = get_block_loop::get_loops(&sch.func, block)?;
        let realize = sch.func.find_block(block).cloned();
        let Some(realize) = realize else { continue };
        // Leading loops that drive only spatial iterators.
        let mut spatial = Vec::new();
        for l in &loops {
            let Some(f) = sch.func.find_loop(*l) else {
                break;
            };
            let drives_reduce = realize
                .block
                .iter_vars
                .iter()
                .zip(&realize.iter_values)
                .any(|(iv, v)| iv.kind != IterKind::Spatial && v.uses_var(f.var));
            if drives_reduce || f.kind != ForKind::Serial || f.extent.as_int().is_none() {
                break;
            }
            spatial.push(*l);
        }
        if spatial.is_empty() {
            let l = sch.transact(|f| {
                loop_transformation::add_unit_loop(
                    f,
                    loop_transformation::BlockOrLoop::Block(block),
                )
            })?;
            spatial.push(l);
        }
        let fused = sch.transact(|f| loop_transformation::fuse(f, &spatial, true))?;
        let extent = crate::schedule::analysis::const_extent(&sch.func, fused)?;
        let threads = THREADS.min(extent.max(1));
        let parts =
            sch.transact(|f| loop_transformation::split(f, fused, &[None, Some(threads)], true))?;
        sch.transact(|f| for_kind::bind(f, parts[0], ThreadAxis::BlockIdx(0)))?;
        sch.transact(|f| for_kind::bind(f, parts[1], ThreadAxis::ThreadIdx(0)))?;
    }
    Ok(sch.func)
}
