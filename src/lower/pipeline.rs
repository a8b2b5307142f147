//! The lowering pipeline: the one place where the pass order is written down.
//!
//! TVM: python/tvm/tir/pipeline.py (default_tir_pipeline), reduced to the
//! passes a single CUDA kernel from a TensorIR schedule needs.
//!
//! Invariant: knows the passes' names and order, nothing of what they do.

use super::lir::Lowered;
use super::{
    compact_buffer_region, device_limits, flatten_buffer, hoist_local_allocation,
    inject_virtual_thread, lower_init_block, lower_opaque_block, merge_shared_memory,
    plan_buffer_allocation, simplify, thread_binding, thread_sync, unroll, vectorize, LowerError,
};
use crate::ir::PrimFunc;

/// The passes, in the order they run.
pub const PASSES: &[&str] = &[
    "lower_init_block",
    "lower_opaque_block",
    "plan_buffer_allocation",
    "compact_buffer_region",
    "thread_binding",
    "flatten_buffer",
    "vectorize",
    "inject_virtual_thread",
    "unroll",
    "simplify",
    "hoist_local_allocation",
    "merge_shared_memory",
    "thread_sync",
];

/// A program between two passes: block-level TIR before `lower_opaque_block`, lowered after.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    Tir(PrimFunc),
    Lowered(Lowered),
}

/// Runs the whole pipeline and checks the kernel against the default device
/// limits (`DeviceLimits::default()`, an H100).
pub fn lower(func: &PrimFunc) -> Result<Lowered, LowerError> {
    match lower_until(func, "thread_sync")? {
        Stage::Lowered(l) => {
            device_limits::check(&l, &device_limits::DeviceLimits::default())?;
            Ok(l)
        }
        Stage::Tir(_) => Err(LowerError::Unsupported {
            what: "the pipeline stopped before lowering".into(),
        }),
    }
}

/// Runs the passes up to and including `last` (one of `PASSES`).
pub fn lower_until(func: &PrimFunc, last: &str) -> Result<Stage, LowerError> {
    if !PASSES.contains(&last) {
        return Err(LowerError::Unsupported {
            what: format!("no lowering pass named `{last}`"),
        });
    }
    let tir = lower_init_block::run(func);
    if last == "lower_init_block" {
        return Ok(Stage::Tir(tir));
    }
    let mut f = lower_opaque_block::run(&tir)?;
    if last == "lower_opaque_block" {
        return Ok(Stage::Lowered(f));
    }
    for &name in &PASSES[2..] {
        f = match name {
            "plan_buffer_allocation" => plan_buffer_allocation::run(f),
            "compact_buffer_region" => compact_buffer_region::run(f),
            "thread_binding" => thread_binding::run(f)?,
            "flatten_buffer" => flatten_buffer::run(f)?,
            "vectorize" => vectorize::run(f),
            "inject_virtual_thread" => inject_virtual_thread::run(f)?,
            "unroll" => unroll::run(f)?,
            "simplify" => simplify::run(f),
            "hoist_local_allocation" => hoist_local_allocation::run(f),
            "thread_sync" => thread_sync::run(f)?,
            "merge_shared_memory" => merge_shared_memory::run(f),
            _ => f,
        };
        if name == last {
            break;
        }
    }
    Ok(Stage::Lowered(f))
}
