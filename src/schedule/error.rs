//! Schedule errors: which precondition failed, on which blocks/loops, and how to fix it.
//!
//! Errors carry ids (to mark the culprits in the printed TIR), the names the
//! user sees and the expressions at fault as IR (`ErrorExpr`): building an
//! error prints nothing, as failed steps are common (palette probes, tuning).
//! The layer that shows an error prints the program and the expressions
//! (`trace::report`, TVM's `ScheduleError::RenderReport`); `Display` here is
//! the program-free one-line form.

use crate::ir::{BlockId, Expr, LoopId};
use thiserror::Error;

/// An expression named in an error, printed only when the error is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorExpr {
    pub expr: Box<Expr>,
    /// Its TVMScript text, filled in by the layer that knows the program.
    pub shown: Option<Box<str>>,
}

impl ErrorExpr {
    pub fn new(expr: &Expr) -> ErrorExpr {
        ErrorExpr {
            expr: Box::new(expr.clone()),
            shown: None,
        }
    }
}

impl std::fmt::Display for ErrorExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.shown, self.expr.as_int()) {
            (Some(text), _) => f.write_str(text),
            (None, Some(v)) => write!(f, "{v}"),
            (None, None) => f.write_str("an expression"),
        }
    }
}

/// A block or loop named in an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Culprit {
    Block(BlockId, String),
    Loop(LoopId, String),
}

impl std::fmt::Display for Culprit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Culprit::Block(_, name) => write!(f, "block \"{name}\""),
            Culprit::Loop(_, name) => write!(f, "loop `{name}`"),
        }
    }
}

fn list(items: &[Culprit]) -> String {
    items
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reduction tiles of one block that overlap under a loop (boxed: errors stay small).
#[derive(Clone, Debug, PartialEq)]
pub struct ReductionOverlap {
    pub block: Culprit,
    pub loop_: Culprit,
    pub iter: String,
    pub min: ErrorExpr,
    pub extent: ErrorExpr,
}

#[derive(Clone, Debug, Error, PartialEq)]
pub enum ScheduleError {
    #[error("no block named \"{name}\" in the function")]
    NoSuchBlock { name: String, known: Vec<String> },
    #[error("{count} blocks are named \"{name}\"; block names must be unique to look one up")]
    AmbiguousBlock { name: String, count: usize },
    #[error("the block this handle refers to no longer exists in the program")]
    StaleBlock(BlockId),
    #[error("the loop this handle refers to no longer exists in the program")]
    StaleLoop(LoopId),
    #[error("{0} must start at 0 (it starts at {1})")]
    LoopNotStartWithZero(Culprit, ErrorExpr),
    #[error("{0} has a non-constant extent `{1}`")]
    NonConstantExtent(Culprit, ErrorExpr),
    #[error("factor {factor} is not positive (splitting {loop_})")]
    NonPositiveFactor { loop_: Culprit, factor: i64 },
    #[error("at most one factor of a split may be None/null (splitting {0})")]
    MultipleInferredFactors(Culprit),
    #[error("the factors' product {product} is smaller than the extent {extent} of {loop_}")]
    WrongFactorProduct {
        loop_: Culprit,
        extent: i64,
        product: i64,
    },
    #[error("{0} is listed more than once")]
    DuplicateLoop(Culprit),
    #[error("{what} needs at least {min} loops, got {got}")]
    TooFewLoops {
        what: &'static str,
        min: usize,
        got: usize,
    },
    #[error("{outer} and {inner} are not a single chain of nested loops: {why}")]
    NotSingleChain {
        outer: Culprit,
        inner: Culprit,
        why: String,
    },
    #[error("the loops {0} are not all on one path from the scope root to a block")]
    NotOnOnePath(String),
    #[error("{0} is bound to {1} and cannot also be made {2}")]
    BoundLoop(Culprit, String, &'static str),
    #[error("{loop_} and {other} are nested and would both be bound to {axis}; block \"{block}\" uses both loops, so its iterations would collapse onto the same thread")]
    ThreadAxisConflict {
        loop_: Culprit,
        other: Culprit,
        axis: String,
        block: String,
    },
    #[error("`{0}` is not a thread axis; use blockIdx.x/y/z, threadIdx.x/y/z or vthread.x/y/z")]
    UnknownThreadAxis(String),
    #[error(
        "{loop_} cannot be {what}: block \"{block}\" binds its reduction iterator `{iter}` to it"
    )]
    NotParallelizable {
        loop_: Culprit,
        what: String,
        block: String,
        iter: String,
    },
    #[error("{loop_} cannot be {what}: block \"{block}\" has an opaque iterator (neither spatial nor reduction: `T.axis.opaque`, `T.axis.scan`) or a non-affine binding over it")]
    OpaqueUse {
        loop_: Culprit,
        what: String,
        block: String,
    },
    #[error("{block} has {count} {kind} buffers; index {index} is out of range")]
    BufferIndexOutOfRange {
        block: Culprit,
        kind: &'static str,
        index: i64,
        count: usize,
    },
    /// A buffer given by name that the block does not access as required.
    #[error("{block}: buffer `{buffer}`: {why}")]
    BufferNotInBlock {
        block: Culprit,
        buffer: String,
        why: String,
        hint: String,
    },
    #[error("`{0}` is not a storage scope; use global, shared, shared.dyn, local, wmma.matrix_a/wmma.matrix_b/wmma.accumulator, warp or m16n8k8.matrixA/matrixB/matrixC")]
    UnknownStorageScope(String),
    #[error("{block} is an output block: it writes `{buffer}`, a parameter of the function, so it cannot be moved to compute inside another block's loop")]
    OutputBlock { block: Culprit, buffer: String },
    #[error("{block} must have all its consumers under {loop_}, but {n} are not: {list}", n = consumers.len(), list = list(consumers))]
    ConsumersNotUnderLoop {
        block: Culprit,
        loop_: Culprit,
        consumers: Vec<Culprit>,
    },
    #[error("{block} must have all its producers under {loop_}, but {n} are not: {list}", n = producers.len(), list = list(producers))]
    ProducersNotUnderLoop {
        block: Culprit,
        loop_: Culprit,
        producers: Vec<Culprit>,
    },
    #[error("{loop_} is inside {block}'s own loop nest; the target loop must be outside it")]
    LoopInsideOwnNest { block: Culprit, loop_: Culprit },
    #[error("{block} and {loop_} are not in the same scope (block)")]
    NotSameScope { block: Culprit, loop_: Culprit },
    #[error("{0} is not alone in its loop nest ({1}), so its loops cannot be moved")]
    NotAlone(Culprit, String),
    #[error("{block} is not a {want} block: {why}")]
    WrongBlockKind {
        block: Culprit,
        want: &'static str,
        why: String,
    },
    #[error("{loop_} is not an ancestor of {block}")]
    NotAncestor { loop_: Culprit, block: Culprit },
    #[error("{loop_} is below {inner}, which binds the reduction iterator `{iter}`; decompose_reduction needs a loop at or above every reduction loop")]
    LoopBelowReduction {
        loop_: Culprit,
        inner: Culprit,
        iter: String,
    },
    #[error("{block}: {why}")]
    UnsupportedPattern { block: Culprit, why: String },
    #[error("{block}: {primitive} needs each index of `{buffer}` to be {want}; `{index}` is not")]
    UnsupportedIndex {
        block: Culprit,
        primitive: &'static str,
        buffer: String,
        want: &'static str,
        index: ErrorExpr,
    },
    #[error("{}: under {} its reduction iterator `{}` would cover `{}` + {} values per iteration, overlapping the next iteration's: those terms would be added twice", .0.block, .0.loop_, .0.iter, .0.min, .0.extent)]
    OverlappingReductionTiles(Box<ReductionOverlap>),
    #[error("{0} would be left with no buffer region it can bound: {1}")]
    CannotBound(Culprit, String),
    #[error("`{0}` cannot be changed: it is a parameter of the function")]
    ParamBuffer(String),
    #[error("{what}: {why}")]
    InvalidArgument { what: &'static str, why: String },
    /// A step would build more than tirtui's bounds allow (`schedule::limits`).
    #[error("{what}: {why}")]
    LimitExceeded { what: &'static str, why: String },
    #[error("the recorded decision {decision:?} is invalid: {why}")]
    InvalidDecision { decision: Vec<i64>, why: String },
    #[error("{0} carries the annotation {1}; merge refuses annotated loops, as TVM does")]
    AnnotatedLoop(Culprit, String),
    /// A loop the primitive cannot take as it is (its kind, its annotations).
    #[error("{primitive}: {loop_} {why}")]
    LoopPrecondition {
        loop_: Culprit,
        primitive: &'static str,
        why: String,
        hint: String,
    },
    /// A block the primitive cannot take as it is (its accesses, bindings or place).
    #[error("{primitive}: {block} {why}")]
    BlockPrecondition {
        block: Culprit,
        primitive: &'static str,
        why: String,
        hint: String,
    },
    #[error("{loop_} and {other} cannot be merged: both access `{buffer}` and {why}")]
    MergeDependence {
        loop_: Culprit,
        other: Culprit,
        buffer: String,
        why: String,
    },
    /// A primitive built an ill-formed program (a bug in tirtui; debug builds check).
    #[error("{0}")]
    IllFormed(Box<crate::validate::ValidationError>),
    #[error("{block} does not match tensor intrinsic `{intrin}`: {why}")]
    TensorizeMismatch {
        block: Culprit,
        intrin: String,
        why: String,
        /// The description, printed, for the hint.
        desc: String,
    },
    #[error("`{0}` is not supported by tirtui: {1}")]
    Unsupported(&'static str, String),
    /// A transform_layout index map (or pad value) that is not valid, with
    /// the spot in its own text.
    #[error("index map `{text}`: {why}")]
    BadIndexMap {
        text: String,
        span: crate::diag::Span,
        why: String,
    },
}

impl ScheduleError {
    /// The blocks and loops to mark in the printed program.
    pub fn culprits(&self) -> Vec<Culprit> {
        use ScheduleError as E;
        match self {
            E::LoopNotStartWithZero(c, _)
            | E::NonConstantExtent(c, _)
            | E::MultipleInferredFactors(c)
            | E::DuplicateLoop(c)
            | E::BoundLoop(c, _, _)
            | E::NotAlone(c, _)
            | E::CannotBound(c, _)
            | E::AnnotatedLoop(c, _) => vec![c.clone()],
            E::LoopPrecondition { loop_, .. } => vec![loop_.clone()],
            E::BlockPrecondition { block, .. } => vec![block.clone()],
            E::MergeDependence { loop_, other, .. } => vec![loop_.clone(), other.clone()],
            E::NonPositiveFactor { loop_, .. } | E::WrongFactorProduct { loop_, .. } => {
                vec![loop_.clone()]
            }
            E::NotSingleChain { outer, inner, .. } => vec![outer.clone(), inner.clone()],
            E::ThreadAxisConflict { loop_, other, .. } => vec![loop_.clone(), other.clone()],
            E::NotParallelizable { loop_, .. } | E::OpaqueUse { loop_, .. } => {
                vec![loop_.clone()]
            }
            E::BufferIndexOutOfRange { block, .. }
            | E::BufferNotInBlock { block, .. }
            | E::OutputBlock { block, .. }
            | E::WrongBlockKind { block, .. }
            | E::UnsupportedPattern { block, .. }
            | E::TensorizeMismatch { block, .. }
            | E::UnsupportedIndex { block, .. } => vec![block.clone()],
            E::OverlappingReductionTiles(o) => vec![o.block.clone()],
            E::ConsumersNotUnderLoop {
                block,
                loop_,
                consumers: others,
            }
            | E::ProducersNotUnderLoop {
                block,
                loop_,
                producers: others,
            } => {
                let mut v = vec![block.clone(), loop_.clone()];
                v.extend(others.iter().cloned());
                v
            }
            E::LoopInsideOwnNest { block, loop_ }
            | E::NotSameScope { block, loop_ }
            | E::NotAncestor { loop_, block } => vec![block.clone(), loop_.clone()],
            E::LoopBelowReduction { loop_, inner, .. } => vec![loop_.clone(), inner.clone()],
            _ => Vec::new(),
        }
    }

    /// A suggestion for the fix, where one is known.
    pub fn hint(&self) -> Option<String> {
        use ScheduleError as E;
        Some(match self {
            E::NoSuchBlock { known, .. } if !known.is_empty() => {
                format!("blocks in this function: {}", known.join(", "))
            }
            E::StaleBlock(_) | E::StaleLoop(_) => {
                "a later step replaced it (split/fuse/compute_at make new loops); get fresh handles with get_loops".into()
            }
            E::OutputBlock { .. } => {
                "to move a consumer (such as a cache_write block) under a loop, use reverse_compute_at instead of compute_at".into()
            }
            E::ConsumersNotUnderLoop { .. } => {
                "compute_at the consumers first (e.g. the local cache before the shared cache that feeds it), or pick a loop that encloses every consumer".into()
            }
            E::ProducersNotUnderLoop { .. } => {
                "reverse_compute_at the producers first, or pick a loop that encloses every producer".into()
            }
            E::WrongFactorProduct { extent, .. } => {
                format!("use null for one factor to infer it, or make the product at least {extent} (a larger product adds a T.where guard)")
            }
            E::ThreadAxisConflict { .. } => {
                "bind the second loop to another axis (e.g. threadIdx.y), or fuse the two loops and bind the fused loop".into()
            }
            E::BoundLoop(..) => {
                "split the bound loop and vectorize/unroll its inner part instead".into()
            }
            E::NotParallelizable { what, .. } => {
                format!("only loops over spatial iterators can be {what}; split or reorder so the reduction loop stays serial (or use rfactor)")
            }
            E::LoopBelowReduction { inner, .. } => {
                format!("pass {inner} or a loop above it")
            }
            E::NotSingleChain { .. } => {
                "the loops must be directly nested (each the only child of the one above)".into()
            }
            E::LoopInsideOwnNest { .. } => "choose a loop outside the block's own loop nest".into(),
            E::AnnotatedLoop(..) => "unannotate the loop first (or merge before annotating)".into(),
            E::LoopPrecondition { hint, .. }
            | E::BufferNotInBlock { hint, .. }
            | E::BlockPrecondition { hint, .. } => hint.clone(),
            E::MergeDependence { .. } => {
                "merge only loops whose bodies touch each shared element in the same iteration; compute_at keeps such dependences instead".into()
            }
            E::LimitExceeded { .. } => {
                "tirtui bounds loop nesting, factors per split and program size so that every step stays fast; real schedules stay far below these limits".into()
            }
            E::TensorizeMismatch { intrin, desc, .. } => {
                format!("schedule the block (split, reorder, cache_read/write into the scopes below) until its loops and accesses are those of `{intrin}`'s description:\n{desc}")
            }
            E::NotAlone(..) => {
                "the block must be the only thing under the loops that would move with it".into()
            }
            _ => return None,
        })
    }

    /// The expressions the error names, for the showing layer to print.
    pub fn exprs_mut(&mut self) -> Vec<&mut ErrorExpr> {
        use ScheduleError as E;
        match self {
            E::LoopNotStartWithZero(_, e) | E::NonConstantExtent(_, e) => vec![e],
            E::UnsupportedIndex { index, .. } => vec![index],
            E::OverlappingReductionTiles(o) => vec![&mut o.min, &mut o.extent],
            _ => Vec::new(),
        }
    }
}
