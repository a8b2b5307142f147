//! The lowering pipeline: the one place where the pass order is written down.
//!
//! TVM: python/tvm/tir/pipeline.py (default_tir_pipeline), reduced to the
//! passes CUDA kernels from a TensorIR schedule need. `thread_binding` splits
//! the function into its kernels; the passes after it run on each kernel.
//!
//! Invariant: knows the passes' names and order, nothing of what they do.

use super::lir::{Lowered, LoweredProgram};
use super::{
    batch_wgmma, compact_buffer_region, device_limits, flatten_buffer, hoist_local_allocation,
    inject_software_pipeline, inject_virtual_thread, lower_cross_thread_reduction,
    lower_init_block, lower_opaque_block, lower_warp_memory, merge_shared_memory,
    order_outer_product, plan_buffer_allocation, simplify, thread_binding, thread_sync, tma_copy,
    unroll, vectorize, LowerError,
};
use crate::ir::PrimFunc;
use crate::launch_limits::LaunchLimits;

/// The passes, in the order they run.
pub const PASSES: &[&str] = &[
    "lower_cross_thread_reduction",
    "lower_init_block",
    "lower_opaque_block",
    "plan_buffer_allocation",
    "compact_buffer_region",
    "tma_copy",
    "inject_software_pipeline",
    "thread_binding",
    "lower_warp_memory",
    "batch_wgmma",
    "flatten_buffer",
    "vectorize",
    "inject_virtual_thread",
    "unroll",
    "order_outer_product",
    "simplify",
    "hoist_local_allocation",
    "merge_shared_memory",
    "thread_sync",
];

/// A program between two passes: block-level TIR before `lower_opaque_block`,
/// lowered after, and split into several kernels from `thread_binding` on
/// when it has more than one.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    Tir(PrimFunc),
    Lowered(Lowered),
    Kernels(Vec<Lowered>),
}

/// Runs the whole pipeline on a function that is one kernel; a function of
/// several kernels is an error here (use `lower_program`).
pub fn lower(func: &PrimFunc) -> Result<Lowered, LowerError> {
    let mut program = lower_program(func)?;
    if program.kernels.len() == 1 {
        if let Some(k) = program.kernels.pop() {
            return Ok(k);
        }
    }
    Err(LowerError::Unsupported {
        what: format!(
            "the program is {} kernels; `lower` returns one (use `lower_program`)",
            program.kernels.len()
        ),
    })
}

/// The passes on block-level TIR, before `lower_opaque_block`.
const TIR_PASSES: usize = 3;

/// Runs the whole pipeline: the function's kernels in launch order, and the
/// global intermediates between them.
pub fn lower_program(func: &PrimFunc) -> Result<LoweredProgram, LowerError> {
    crate::validate::validate(func)?; // an ill-formed program is a bug report, never CUDA
    super::refuse_shape_vars(func)?;
    super::refuse_unplaced_fragments(func)?;
    super::refuse_opaque_builtins(func)?;
    let tir = lower_init_block::run(&lower_cross_thread_reduction::run(func)?);
    let mut f = lower_opaque_block::run(&tir)?;
    for &name in &PASSES[TIR_PASSES..] {
        if name == "thread_binding" {
            break;
        }
        f = run_pass(name, f)?;
    }
    let params = f.params.iter().filter_map(|p| p.buffer).collect();
    let (parts, temporaries) = thread_binding::split_kernels(f)?;
    let kernels = parts
        .into_iter()
        .map(|k| {
            let k = after_split(k, "thread_sync")?;
            // A kernel that cannot launch is an error, not CUDA.
            device_limits::check(&k, &LaunchLimits::default())?;
            Ok(k)
        })
        .collect::<Result<_, LowerError>>()?;
    Ok(LoweredProgram {
        kernels,
        params,
        temporaries,
        param_layouts: func
            .param_layouts
            .iter()
            .map(|l| (l.buffer, l.describe(&func.buffer(l.buffer).name)))
            .collect(),
    })
}

fn run_pass(name: &str, f: Lowered) -> Result<Lowered, LowerError> {
    Ok(match name {
        "plan_buffer_allocation" => plan_buffer_allocation::run(f),
        "compact_buffer_region" => compact_buffer_region::run(f),
        "tma_copy" => tma_copy::run(f)?,
        "inject_software_pipeline" => inject_software_pipeline::run(f)?,
        "thread_binding" => thread_binding::run(f)?,
        "lower_warp_memory" => lower_warp_memory::run(f)?,
        "batch_wgmma" => batch_wgmma::run(f)?,
        "flatten_buffer" => flatten_buffer::run(f)?,
        "vectorize" => vectorize::run(f),
        "inject_virtual_thread" => inject_virtual_thread::run(f)?,
        "unroll" => unroll::run(f)?,
        "order_outer_product" => order_outer_product::run(f),
        "simplify" => simplify::run(f),
        "hoist_local_allocation" => hoist_local_allocation::run(f),
        "thread_sync" => thread_sync::run(f)?,
        "merge_shared_memory" => merge_shared_memory::run(f),
        _ => f,
    })
}

/// The passes from `thread_binding` to `last` on one kernel.
fn after_split(mut k: Lowered, last: &str) -> Result<Lowered, LowerError> {
    let start = PASSES
        .iter()
        .position(|&p| p == "thread_binding")
        .unwrap_or(0);
    for &name in &PASSES[start..] {
        k = run_pass(name, k)?;
        if name == last {
            break;
        }
    }
    Ok(k)
}

/// Runs the passes up to and including `last` (one of `PASSES`).
pub fn lower_until(func: &PrimFunc, last: &str) -> Result<Stage, LowerError> {
    if !PASSES.contains(&last) {
        return Err(LowerError::Unsupported {
            what: format!("no lowering pass named `{last}`"),
        });
    }
    crate::validate::validate(func)?; // an ill-formed program is a bug report, never CUDA
    super::refuse_shape_vars(func)?;
    super::refuse_unplaced_fragments(func)?;
    super::refuse_opaque_builtins(func)?;
    let tir = lower_cross_thread_reduction::run(func)?;
    if last == "lower_cross_thread_reduction" {
        return Ok(Stage::Tir(tir));
    }
    let tir = lower_init_block::run(&tir);
    if last == "lower_init_block" {
        return Ok(Stage::Tir(tir));
    }
    let mut f = lower_opaque_block::run(&tir)?;
    if last == "lower_opaque_block" {
        return Ok(Stage::Lowered(f));
    }
    for &name in &PASSES[TIR_PASSES..] {
        if name == "thread_binding" {
            break;
        }
        f = run_pass(name, f)?;
        if name == last {
            return Ok(Stage::Lowered(f));
        }
    }
    let (parts, _) = thread_binding::split_kernels(f)?;
    let mut kernels = parts
        .into_iter()
        .map(|k| after_split(k, last))
        .collect::<Result<Vec<_>, _>>()?;
    if kernels.len() == 1 {
        if let Some(k) = kernels.pop() {
            return Ok(Stage::Lowered(k));
        }
    }
    Ok(Stage::Kernels(kernels))
}
