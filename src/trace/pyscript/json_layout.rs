//! Where each field of a TVM instruction sits in its JSON form
//! (`trace.as_json()`): an instruction is `[kind, inputs, attrs, outputs]`,
//! and which keyword argument each input and attribute is depends on the
//! kind (TVM's `UnpackedAsPython` of each instruction kind: inputs first, then
//! attributes, then the decision). The table is TVM 0.27's, checked against
//! `Trace.as_python()` of the same instructions; a kind that is not here is
//! refused by name rather than guessed.

/// How an instruction's inputs become keyword arguments.
#[derive(Clone, Copy, Debug)]
pub enum Inputs {
    /// One keyword per input, in order.
    Named(&'static [&'static str]),
    /// The first input under the first name, the rest as one list under the
    /// second (`Split`'s loop then its factors).
    HeadThenList(&'static str, &'static str),
    /// Every input as a positional argument (`sch.reorder(l1, l2)`).
    Positional,
}

/// What an attribute holds, where TVM's JSON spelling differs from Python's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AttrKind {
    /// Any literal, as it is.
    Plain,
    /// A flag: TVM writes `T.bool` attributes as 1 and 0.
    Flag,
    /// An index map in TVM's JSON object-graph form.
    IndexMap,
    /// `buffer_index` then `buffer_index_type` (0 read, 1 write): one Python
    /// argument `buffer=("read", i)`; this kind marks the first of the two.
    BufferRef,
    /// The second half of a `BufferRef` pair.
    BufferRefType,
}

/// One instruction kind: the Python op and where its fields are.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub kind: &'static str,
    pub op: &'static str,
    pub inputs: Inputs,
    pub attrs: &'static [(&'static str, AttrKind)],
    /// Written as `decision=` when the trace has a decision for it.
    pub samples: bool,
}

const fn layout(
    kind: &'static str,
    op: &'static str,
    inputs: Inputs,
    attrs: &'static [(&'static str, AttrKind)],
) -> Layout {
    Layout {
        kind,
        op,
        inputs,
        attrs,
        samples: false,
    }
}

use AttrKind::{BufferRef, BufferRefType, Flag, IndexMap, Plain};
use Inputs::{HeadThenList, Named, Positional};

const BLOCK: Inputs = Named(&["block"]);
const LOOP: Inputs = Named(&["loop"]);

/// TVM 0.27's instruction kinds that tirtui reads from JSON.
pub const LAYOUTS: &[Layout] = &[
    layout(
        "GetSBlock",
        "get_sblock",
        Named(&[]),
        &[("name", Plain), ("func_name", Plain)],
    ),
    layout("GetLoops", "get_loops", BLOCK, &[]),
    layout(
        "GetChildBlocks",
        "get_child_blocks",
        Named(&["block_or_loop"]),
        &[],
    ),
    layout("GetProducers", "get_producers", BLOCK, &[]),
    layout("GetConsumers", "get_consumers", BLOCK, &[]),
    layout(
        "GetOutputBlocks",
        "get_output_blocks",
        Named(&["scope_block"]),
        &[],
    ),
    layout(
        "Split",
        "split",
        HeadThenList("loop", "factors"),
        &[("preserve_unit_iters", Flag), ("disable_predication", Flag)],
    ),
    layout(
        "LoopPartition",
        "loop_partition",
        HeadThenList("loop", "factors"),
        &[("preserve_unit_iters", Flag)],
    ),
    layout("Fuse", "fuse", Positional, &[("preserve_unit_iters", Flag)]),
    layout("Merge", "merge", Positional, &[]),
    layout("Reorder", "reorder", Positional, &[]),
    layout(
        "AddUnitLoop",
        "add_unit_loop",
        Named(&["block_or_loop"]),
        &[],
    ),
    layout("Parallel", "parallel", LOOP, &[]),
    layout("Vectorize", "vectorize", LOOP, &[]),
    layout("Unroll", "unroll", LOOP, &[]),
    layout("Bind", "bind", LOOP, &[("thread_axis", Plain)]),
    layout(
        "CacheRead",
        "cache_read",
        Named(&["block", "consumer_blocks"]),
        &[("read_buffer_index", Plain), ("storage_scope", Plain)],
    ),
    layout(
        "CacheWrite",
        "cache_write",
        Named(&["block", "consumer_blocks"]),
        &[("write_buffer_index", Plain), ("storage_scope", Plain)],
    ),
    layout(
        "ReIndex",
        "reindex",
        BLOCK,
        &[("buffer", BufferRef), ("buffer", BufferRefType)],
    ),
    layout(
        "ComputeAt",
        "compute_at",
        Named(&["block", "loop"]),
        &[("preserve_unit_loops", Flag), ("index", Plain)],
    ),
    layout(
        "ReverseComputeAt",
        "reverse_compute_at",
        Named(&["block", "loop"]),
        &[("preserve_unit_loops", Flag), ("index", Plain)],
    ),
    layout("ComputeInline", "compute_inline", BLOCK, &[]),
    layout("ReverseComputeInline", "reverse_compute_inline", BLOCK, &[]),
    layout(
        "FuseReductionEpilogue",
        "fuse_reduction_epilogue",
        Named(&["reduction_block", "epilogue_block"]),
        &[],
    ),
    layout(
        "DecomposeReduction",
        "decompose_reduction",
        Named(&["block", "loop"]),
        &[],
    ),
    layout("RFactor", "rfactor", LOOP, &[("factor_axis", Plain)]),
    layout(
        "StorageAlign",
        "storage_align",
        BLOCK,
        &[
            ("buffer_index", Plain),
            ("axis", Plain),
            ("factor", Plain),
            ("offset", Plain),
        ],
    ),
    layout(
        "SetScope",
        "set_scope",
        BLOCK,
        &[("buffer_index", Plain), ("storage_scope", Plain)],
    ),
    layout(
        "UnsafeSetDType",
        "unsafe_set_dtype",
        BLOCK,
        &[("buffer_index", Plain), ("dtype", Plain)],
    ),
    layout(
        "Blockize",
        "blockize",
        Named(&["target"]),
        &[("preserve_unit_iters", Flag)],
    ),
    layout(
        "Tensorize",
        "tensorize",
        Named(&["block_or_loop"]),
        &[("tensor_intrin", Plain), ("preserve_unit_iters", Flag)],
    ),
    layout(
        "Annotate",
        "annotate",
        Named(&["block_or_loop", "ann_val"]),
        &[("ann_key", Plain)],
    ),
    layout(
        "Unannotate",
        "unannotate",
        Named(&["block_or_loop"]),
        &[("ann_key", Plain)],
    ),
    layout(
        "TransformLayout",
        "transform_layout",
        Named(&["block", "index_map"]),
        &[
            ("buffer", BufferRef),
            ("buffer", BufferRefType),
            ("pad_value", IndexMap),
            ("assume_injective_transform", Flag),
        ],
    ),
    layout(
        "TransformBlockLayout",
        "transform_block_layout",
        BLOCK,
        &[("index_map", IndexMap)],
    ),
    layout(
        "DecomposePadding",
        "decompose_padding",
        Named(&["block", "loop"]),
        &[],
    ),
    layout(
        "RollingBuffer",
        "rolling_buffer",
        BLOCK,
        &[("write_buffer_index", Plain)],
    ),
    layout("EnterPostproc", "enter_postproc", Named(&[]), &[]),
    Layout {
        samples: true,
        ..layout(
            "SampleCategorical",
            "sample_categorical",
            Named(&[]),
            &[("candidates", Plain), ("probs", Plain)],
        )
    },
    Layout {
        samples: true,
        ..layout(
            "SamplePerfectTile",
            "sample_perfect_tile",
            LOOP,
            &[("n", Plain), ("max_innermost_factor", Plain)],
        )
    },
    Layout {
        samples: true,
        ..layout(
            "SampleComputeLocation",
            "sample_compute_location",
            BLOCK,
            &[],
        )
    },
];

/// The layout of a TVM instruction kind (`"Split"`), if tirtui reads it.
pub fn layout_of(kind: &str) -> Option<&'static Layout> {
    LAYOUTS.iter().find(|l| l.kind == kind)
}
