//! Design spaces: MetaSchedule's CUDA schedule rules, written as trace steps.
//!
//! `generate` turns an unscheduled workload into sketches: traces whose
//! sampling steps (`sample_perfect_tile`, `sample_categorical`) are the
//! decisions a tuner searches. Every step a rule writes is applied at once
//! through the ordinary replay (`trace::Trace::push`), so a sketch is checked
//! as it is written, replays, prints as YAML or Python, and `tune::Space`
//! searches it like a hand-written trace.
//!
//! The rules, their order and defaults are TVM 0.27's for CUDA
//! (`ScheduleRule.create("cuda")`, checked against `generate_design_space` by
//! `scripts/ms_space/record.py`), with MultiLevelTilingTensorCore first as in
//! `cuda-tensorcore` (for GEMMs the mma intrinsics take): MultiLevelTiling, InlineConstantScalars,
//! AutoInline, CrossThreadReduction, ParallelizeVectorizeUnroll, AutoBind.
//! One rule is tirtui's own, not TVM's: MultiLevelTilingRegisterReuse (before
//! MultiLevelTiling) forks two more sketches for a SIMT GEMM, with register
//! fragments and a register / shared pipeline (`register_reuse`); its
//! sketches come after TVM's (`Sketch::from_metaschedule`).
//! Like TVM's PostOrderApply, the blocks are collected once (post-order, the
//! root last), and each rule in turn visits them last to first; a rule may
//! fork a sketch into several (CrossThreadReduction, the pipelined tilings).
//!
//! May use: `ir`, `schedule`, `sparse`, `trace`.

// A failed step carries the program as it was (`StepError`), so the error
// can be rendered with the culprit marked; rules fail rarely.
#![allow(clippy::result_large_err)]

mod analysis;
mod bind_unroll;
mod builder;
mod cross_thread;
mod fallback;
mod general_reduction;
mod inline;
mod matmul;
mod multi_level_tiling;
mod multi_level_tiling_tc;
mod register_reuse;
mod sparse;
mod tc_matmul;
mod transpose;

pub use builder::Sketch;
pub use fallback::{fallback, FALLBACK_THREADS};
pub use general_reduction::{general_reduction, ROW_THREADS};
pub use matmul::matmul;
pub use sparse::{sparse_rows, SPARSE_THREADS};
pub use tc_matmul::{tensor_core_matmul, MmaFamily};
pub use transpose::transpose;

/// The zero-search default of `func` (`tirtui schedule`), DLight's way: the
/// first rule that applies, in DLight's order (Matmul with tensor cores for a
/// GEMM whose dtypes and shape an mma intrinsic takes, Matmul with SIMT tiles
/// for another GEMM-shaped block, GeneralReduction for row-wise programs,
/// Transpose for a two-axis transpose, else Fallback), and whose
/// program `accept` takes (the caller lowers it: a rule's tiles may not
/// lower for every shape); the rule's name with the sketch. A lowered
/// SparseTIR row nest (a block holding a data-dependent loop around another
/// block) gets `SparseRows` first; a SparseTIR function held unlowered gets
/// its remaining stage steps (`lower_sparse_iter`, `lower_sparse_buffer`)
/// first, then the default of the program they give.
pub fn default_schedule(
    func: &PrimFunc,
    accept: &dyn Fn(&Sketch) -> bool,
) -> Result<(&'static str, Sketch), DesignSpaceError> {
    let Some(stages) = sparse::stages_of(func) else {
        return default_of_tir(func, accept);
    };
    let stages = stages.map_err(|error| DesignSpaceError::Stage {
        error: Box::new(error),
    })?;
    let staged = |s: &Sketch| sparse::after_stages(&stages.steps, s);
    let accept_lowered = |s: &Sketch| accept(&staged(s));
    let (rule, sketch) = default_of_tir(&stages.lowered, &accept_lowered)?;
    Ok((rule, staged(&sketch)))
}

/// [`default_schedule`] of ordinary TIR.
fn default_of_tir(
    func: &PrimFunc,
    accept: &dyn Fn(&Sketch) -> bool,
) -> Result<(&'static str, Sketch), DesignSpaceError> {
    type Rule = fn(&PrimFunc) -> Result<Sketch, String>;
    let rules: [(&'static str, Rule); 5] = [
        ("SparseRows", sparse_rows),
        ("MatmulTensorCore", tensor_core_matmul),
        ("Matmul", matmul),
        ("GeneralReduction", general_reduction),
        ("Transpose", transpose),
    ];
    for (rule, apply) in rules {
        if let Ok(sketch) = apply(func) {
            if accept(&sketch) {
                return Ok((rule, sketch));
            }
        }
    }
    fallback(func).map(|s| ("Fallback", s))
}

use crate::ir::PrimFunc;
use crate::trace::StepError;
use builder::SketchBuilder;
use thiserror::Error;

/// What the rules know of the GPU (TVM's target attributes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuTarget {
    /// Compute capability times ten (`sm_80`: 80).
    pub sm: u32,
    pub max_threads_per_block: i64,
    pub warp_size: i64,
}

impl Default for GpuTarget {
    /// An sm_80 GPU (A100's limits), the architecture TVM's async pipeline
    /// sketches start at.
    fn default() -> GpuTarget {
        GpuTarget {
            sm: 80,
            max_threads_per_block: 1024,
            warp_size: 32,
        }
    }
}

impl GpuTarget {
    /// `sm_80` / `sm80` / `80`; None for anything else.
    pub fn from_arch(arch: &str) -> Option<GpuTarget> {
        let digits = arch.trim_start_matches("sm_").trim_start_matches("sm");
        let sm: u32 = digits.parse().ok()?;
        (30..=120).contains(&sm).then(|| GpuTarget {
            sm,
            ..GpuTarget::default()
        })
    }
}

/// Why no design space could be generated.
#[derive(Debug, Error)]
pub enum DesignSpaceError {
    /// A rule wrote a step that did not apply: a rule's precondition missed a
    /// case the primitive refuses. The step number counts from 1 in the sketch.
    #[error("rule {rule} on block `{block}` wrote a step that does not apply: {error}\nhint: the rule's conditions missed what the primitive checks; please report it with the workload")]
    Step {
        rule: &'static str,
        block: String,
        error: Box<StepError>,
    },
    /// A default rule does not handle the block's program shape.
    #[error("{rule} cannot schedule block `{block}`: {why}\nhint: schedule this workload by hand in the explorer, or start from `tirtui tune W.tir --space`")]
    Unsupported {
        rule: &'static str,
        block: String,
        why: String,
    },
    /// A SparseTIR function's stage steps do not apply (its lowering fails).
    #[error("the sparse stages do not apply: {error}\nhint: `tirtui replay` of the stage steps shows the lowering's message with its place")]
    Stage { error: Box<StepError> },
    /// The workload has no block to schedule.
    #[error(
        "the function has no block below its root\nhint: a workload needs at least one `T.block`"
    )]
    NoBlocks,
}

/// The rules, in TVM's order for CUDA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    MultiLevelTilingTensorCore,
    /// tirtui's, not TVM's (see `register_reuse`).
    MultiLevelTilingRegisterReuse,
    MultiLevelTiling,
    InlineConstantScalars,
    AutoInline,
    CrossThreadReduction,
    ParallelizeVectorizeUnroll,
    AutoBind,
}

impl Rule {
    /// TVM's `cuda-tensorcore` order: the tensor-core tiling first (a block
    /// it tiles is gone for MultiLevelTiling), then the `cuda` rules.
    pub const CUDA: [Rule; 8] = [
        Rule::MultiLevelTilingTensorCore,
        Rule::MultiLevelTilingRegisterReuse,
        Rule::MultiLevelTiling,
        Rule::InlineConstantScalars,
        Rule::AutoInline,
        Rule::CrossThreadReduction,
        Rule::ParallelizeVectorizeUnroll,
        Rule::AutoBind,
    ];

    /// TVM's class name.
    pub fn name(self) -> &'static str {
        match self {
            Rule::MultiLevelTilingTensorCore => "MultiLevelTilingTensorCore",
            Rule::MultiLevelTilingRegisterReuse => register_reuse::RULE,
            Rule::MultiLevelTiling => "MultiLevelTiling",
            Rule::InlineConstantScalars => "InlineConstantScalars",
            Rule::AutoInline => "AutoInline",
            Rule::CrossThreadReduction => "CrossThreadReduction",
            Rule::ParallelizeVectorizeUnroll => "ParallelizeVectorizeUnroll",
            Rule::AutoBind => "AutoBind",
        }
    }

    /// Applies the rule to one block of one sketch: the sketches it becomes
    /// (the sketch itself, unchanged, when the rule does not apply).
    fn apply(
        self,
        sketch: SketchBuilder,
        block: &str,
        target: &GpuTarget,
    ) -> Result<Vec<SketchBuilder>, DesignSpaceError> {
        let fail = |error| DesignSpaceError::Step {
            rule: self.name(),
            block: block.to_string(),
            error: Box::new(error),
        };
        match self {
            Rule::MultiLevelTilingTensorCore => {
                multi_level_tiling_tc::apply(&sketch, block, target)
                    .map(|tc| vec![tc.unwrap_or(sketch)])
            }
            Rule::MultiLevelTilingRegisterReuse => register_reuse::apply(sketch, block, target),
            Rule::MultiLevelTiling => multi_level_tiling::apply(sketch, block, target),
            Rule::InlineConstantScalars => inline::inline_constant_scalars(sketch, block),
            Rule::AutoInline => inline::auto_inline(sketch, block),
            Rule::CrossThreadReduction => cross_thread::apply(sketch, block, target),
            Rule::ParallelizeVectorizeUnroll => {
                bind_unroll::parallelize_vectorize_unroll(sketch, block)
            }
            Rule::AutoBind => bind_unroll::auto_bind(sketch, block, target),
        }
        .map_err(fail)
    }
}

/// The sketches of a workload: every rule applied to every block, in TVM's
/// order. Each sampling step records the decision replay drew for it
/// (replaying with other decisions gives the rest of the space).
pub fn generate(func: &PrimFunc, target: &GpuTarget) -> Result<Vec<Sketch>, DesignSpaceError> {
    let (start, blocks) = SketchBuilder::start(func)?;
    let mut sketches = vec![start];
    for rule in Rule::CUDA {
        for block in blocks.iter().rev() {
            let mut next = Vec::with_capacity(sketches.len());
            for sketch in sketches {
                if !sketch.is_live(block) {
                    next.push(sketch);
                    continue;
                }
                let before = sketch.len();
                for mut result in rule.apply(sketch, block, target)? {
                    if result.len() > before {
                        result.log(rule.name(), block);
                    }
                    next.push(result);
                }
            }
            sketches = next;
        }
    }
    Ok(sketches.into_iter().map(SketchBuilder::finish).collect())
}
