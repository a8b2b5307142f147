//! Lowering: from a scheduled PrimFunc (blocks, bound loops, cache buffers
//! allocated full-size at the root) to one kernel-shaped program: plain loops,
//! hardware thread indices, compact flat buffers, barriers and a shared-memory
//! layout. `pipeline.rs` writes the pass order down once; each pass is its own
//! file with a `run` function that tests can call alone.
//!
//! TVM: python/tvm/tir/pipeline.py and src/tir/transforms/*.cc.
//!
//! Invariant: no CUDA text, no GPU; `schedule` only for its
//! tree walks, `validate` before the first pass, `diag` to render its errors,
//! which say what in the program is wrong, naming loops, blocks and buffers as
//! the user wrote them. The SIMT simulator that checks lowering is `crate::simt`.
//!
//! May use: `arith`, `diag`, `ir`, `launch_limits`, `schedule`, `validate`.

pub mod batch_wgmma;
pub mod compact_buffer_region;
pub mod device_limits;
pub mod flatten_buffer;
pub mod hoist_local_allocation;
pub mod inject_software_pipeline;
pub mod inject_virtual_thread;
pub(crate) mod kernel_sum;
pub mod limits;
pub mod lir;
pub mod lower_cross_thread_reduction;
pub mod lower_init_block;
pub mod lower_opaque_block;
pub mod lower_warp_memory;
pub mod merge_shared_memory;
pub mod pipeline;
pub mod plan_buffer_allocation;
mod print;
pub mod simplify;
pub mod swizzle_layout;
mod tensor_call;
pub use tensor_call::WMMA_SHAPE;
pub mod order_outer_product;
pub mod thread_binding;
pub mod thread_sync;
pub mod tma_copy;
pub mod unroll;
pub mod vectorize;

pub use lir::{LStmt, Launch, Lowered, LoweredProgram, SharedLayout, SharedSlot};
pub use pipeline::{lower, lower_program, lower_until, Stage, PASSES};

use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq)]
pub enum LowerError {
    #[error("no loop is bound to blockIdx/threadIdx: bind loops before generating CUDA")]
    NoThreadBinding,
    #[error(
        "loop `{loop_}` is bound to {axis} with extent {extent} but loop `{other}` binds {axis} with extent {other_extent}: extents of one thread axis must agree within a kernel"
    )]
    ThreadExtentMismatch {
        axis: String,
        loop_: String,
        extent: i64,
        other: String,
        other_extent: i64,
    },
    #[error("loop `{loop_}` is bound to {axis} but its extent `{extent}` is not a constant")]
    NonConstantThreadExtent {
        loop_: String,
        axis: String,
        extent: String,
    },
    #[error("the block uses {total} threads ({dims}); CUDA allows at most {limit}")]
    TooManyThreads {
        total: u64,
        dims: String,
        limit: u64,
    },
    #[error("{axis} has extent {extent}; CUDA allows at most {max}")]
    ThreadAxisTooLarge { axis: String, extent: i64, max: i64 },
    #[error(
        "the loop nests of {1} each have their own thread bindings but are not at the function's root ({0} kernels inside one statement): kernels are split only at the root; move them out of the enclosing block or loop",
        groups.len(), groups.iter().map(|g| g.join(", ")).collect::<Vec<_>>().join(" and ")
    )]
    MultipleKernels { groups: Vec<Vec<String>> },
    #[error("block \"{block}\" is outside every blockIdx/threadIdx binding: it would need its own kernel; bind its loops or move it under the bound loops (compute_at for a block that produces data, reverse_compute_at for one that consumes it, such as a cache_write block)")]
    UnboundBlock { block: String },
    #[error("loop `{loop_}` encloses the loops bound to {axis}: a kernel cannot be launched inside a loop; bind `{loop_}` or move it inside the bound loops")]
    LaunchInsideLoop { loop_: String, axis: String },
    #[error("buffer {buffer} (scope {scope}) is used outside the {owner} that allocates it: loop `{loop_}` bound to {axis} lies between its allocation and a use")]
    ScopeEscape {
        buffer: String,
        scope: String,
        owner: &'static str,
        loop_: String,
        axis: String,
    },
    #[error("buffer {buffer} (scope {scope}) is used by {kernels} kernels; {scope} memory lives for one kernel launch only: compute its producer and consumers under the same thread-bound loops (compute_at), or keep it in global memory")]
    SharedAcrossKernels {
        buffer: String,
        scope: String,
        kernels: usize,
    },
    #[error("buffer {buffer} is an intermediate in global memory; a kernel cannot allocate it: inline it (compute_inline) or cache it in shared/local memory")]
    GlobalIntermediate { buffer: String },
    #[error("buffer {buffer} has a size that is not a constant ({shape}); only constant-size shared/local buffers can be allocated in a kernel")]
    NonConstantAlloc { buffer: String, shape: String },
    #[error("the kernel needs {needed} bytes of {what} ({}); the device allows {limit}", culprits.join(", "))]
    DeviceLimit {
        what: String,
        needed: u64,
        limit: u64,
        culprits: Vec<String>,
        hint: String,
    },
    #[error("the virtual threads of loop `{loop_}` depend on each other: one reads elements of {buffer} that another writes (or several write one element); virtual threads must be independent, like threads")]
    DependentVirtualThreads { loop_: String, buffer: String },
    #[error("shared memory written and read inside one thread-dependent `if` (from T.where) needs a barrier there, where not every thread would reach it; split the block so the condition guards single statements")]
    DivergentBarrier,
    #[error("software pipeline of loop `{loop_}`: {what}")]
    SoftwarePipeline {
        loop_: String,
        what: String,
        hint: String,
    },
    #[error("{what}")]
    Unsupported { what: String },
    #[error("the program's sizes use the shape variable(s) {names}, which a kernel here cannot take as parameters: bind each to a size first (`tirtui replay S.yaml --bind NAME=VALUE`)")]
    UnboundShapeVar { names: String },
    /// Lowering would build more than tirtui's bounds allow (`lower::limits`).
    #[error("{why}")]
    LimitExceeded { why: String },
    #[error("buffer {buffer} is in scope {scope}, which only the MMA tensor intrinsics (ldmatrix, mma.sync, mma_store) place in a kernel; tensorize its producer and consumers, or cache it in `local`/`shared` instead")]
    UnplacedFragment { buffer: String, scope: String },
    #[error("block \"{block}\" uses {what}, a TVM builtin that tirtui reads and schedules but cannot lower to CUDA")]
    OpaqueBuiltin { block: String, what: String },
}

/// TVM builtins kept as written (`T.tvm_access_ptr`, `T.call_extern` ...)
/// have no CUDA here: lowering refuses them by name, at the block that has one.
pub fn refuse_opaque_builtins(func: &crate::ir::PrimFunc) -> Result<(), LowerError> {
    match crate::ir::builtin::first_opaque_in_blocks(&func.body) {
        Some((block, what)) => Err(LowerError::OpaqueBuiltin { block, what }),
        None => Ok(()),
    }
}

/// Buffers in the `m16n8k8.*` scopes, which no tensor intrinsic here owns:
/// lowering them as plain memory would give each thread a layout the program
/// did not ask for, so they are refused rather than guessed. (`warp` buffers
/// are placed by `lower_warp_memory`, which refuses accesses outside the MMA
/// intrinsics.)
pub fn refuse_unplaced_fragments(func: &crate::ir::PrimFunc) -> Result<(), LowerError> {
    for blk in func.blocks() {
        for b in &blk.alloc_buffers {
            let buf = func.buffer(*b);
            if buf.scope.is_mma() && buf.scope != crate::ir::StorageScope::Warp {
                return Err(LowerError::UnplacedFragment {
                    buffer: buf.name.clone(),
                    scope: buf.scope.name().to_string(),
                });
            }
        }
    }
    Ok(())
}

/// A program whose shapes or loops use shape variables (`n` in
/// `T.Buffer(("n",))`) is refused by name: the kernels and the runtime here
/// take buffers only, so the sizes must be bound first
/// (`ir::bind_shape_vars`, `tirtui replay --bind n=1024`).
pub fn refuse_shape_vars(func: &crate::ir::PrimFunc) -> Result<(), LowerError> {
    let vars = crate::ir::shape_vars(func);
    if vars.is_empty() {
        return Ok(());
    }
    let names = vars
        .iter()
        .map(|v| format!("`{}`", func.var_name(*v)))
        .collect::<Vec<_>>()
        .join(", ");
    Err(LowerError::UnboundShapeVar { names })
}

/// Lowering refuses an ill-formed program with the whole report as its message.
impl From<crate::validate::ValidationError> for LowerError {
    fn from(e: crate::validate::ValidationError) -> Self {
        LowerError::Unsupported { what: e.render() }
    }
}

impl LowerError {
    /// The error as a diagnostic (message plus a hint where one helps).
    pub fn to_diagnostic(&self) -> crate::diag::Diagnostic {
        let d = crate::diag::Diagnostic::new(self.to_string());
        match self {
            LowerError::NoThreadBinding => d.with_help(
                "bind the outer loops, e.g. `bind(loop: i_0, thread_axis: blockIdx.x)` and `bind(loop: i_1, thread_axis: threadIdx.x)`",
            ),
            LowerError::TooManyThreads { .. } => {
                d.with_help("split the thread-bound loops with smaller factors")
            }
            LowerError::ThreadExtentMismatch { .. } => d.with_help(
                "split the loops so that every loop bound to this axis has the same extent",
            ),
            LowerError::DeviceLimit { hint, .. } => d.with_help(hint.clone()),
            LowerError::SoftwarePipeline { hint, .. } if !hint.is_empty() => {
                d.with_help(hint.clone())
            }
            LowerError::OpaqueBuiltin { .. } => d.with_help(
                "the scheduled TIR (`--emit tir`) is TVM's; generate CUDA from a workload without TVM builtins",
            ),
            LowerError::DependentVirtualThreads { buffer, .. } => d.with_help(format!(
                "compute the consumer of {buffer} at a loop inside the vthread loop so that each virtual thread reads only what it wrote, or leave the loop unbound"
            )),
            _ => d,
        }
    }
}
