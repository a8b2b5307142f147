//! The registration of every primitive, in one table: its TVM keyword
//! fields (kinds, defaults), what it returns, and how a step applies it. The
//! replay, both Python printers, the session reader and the TUI read this
//! table; adding a primitive is one entry in its family's file plus its apply
//! function beside it (TVM keeps a primitive's traits together the same way).
//! One file per primitive family, as in `schedule::primitive`.

// A failed step carries the program as it was, so the error can be rendered
// with the culprit marked; failures are rare, so their size does not matter.
#![allow(clippy::result_large_err)]

mod annotate;
mod annotate_buffer_access;
mod block_iter_order;
mod block_layout;
mod blockize_tensorize;
mod buffer_arg;
mod cache_index;
mod cache_inplace;
mod for_kind;
mod fuse_epilogue;
mod get_block_loop;
mod get_output_blocks;
mod layout;
mod loop_partition;
mod loop_transformation;
mod meta_schedule;
mod pad_einsum;
mod padding;
mod placement;
mod read_write_at;
mod reduction;
mod reindex;
mod reindex_cache;
mod rolling_buffer;
mod sampling;
mod set_dtype;
mod sparse;
mod work_on;

pub(super) use sparse::refuse_dense_on_held;

use super::replay::{Handle, StepFailure};
use super::step::{ApplyFn, Arg, FieldKind, FieldSpec, OpSpec, Returns};
use crate::ir::{BlockId, LoopId};
use StepFailure::Schedule as S;

type Applied = Result<Vec<Handle>, StepFailure>;

fn f(name: &'static str, kind: FieldKind) -> FieldSpec {
    FieldSpec {
        name,
        kind,
        default: None,
        varargs: false,
        block_by_name: false,
    }
}

fn d(name: &'static str, kind: FieldKind, default: Arg) -> FieldSpec {
    FieldSpec {
        name,
        kind,
        default: Some(default),
        varargs: false,
        block_by_name: false,
    }
}

/// The table of primitives (spec section 2), in the order the palette shows
/// them; built once (every step's replay, check and print looks ops up here).
pub fn op_specs() -> &'static [OpSpec] {
    static TABLE: std::sync::LazyLock<Vec<OpSpec>> = std::sync::LazyLock::new(build_op_specs);
    &TABLE
}

fn build_op_specs() -> Vec<OpSpec> {
    // Family by family, in the palette's order.
    [
        get_block_loop::specs(),
        loop_transformation::specs(),
        for_kind::specs(),
        placement::specs(),
        reduction::specs(),
        layout::specs(),
        blockize_tensorize::specs(),
        annotate::specs(),
        sampling::specs(),
        // Newer primitives last, so the palette's long-standing rows keep their places.
        get_output_blocks::specs(),
        set_dtype::specs(),
        loop_partition::specs(),
        fuse_epilogue::specs(),
        padding::specs(),
        reindex::specs(),
        block_layout::specs(),
        block_iter_order::specs(),
        meta_schedule::specs(),
        reindex_cache::specs(),
        read_write_at::specs(),
        rolling_buffer::specs(),
        annotate_buffer_access::specs(),
        pad_einsum::specs(),
        cache_inplace::specs(),
        cache_index::specs(),
        work_on::specs(),
        sparse::specs(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A primitive with no probe arguments, outputs found by trying, no Python
/// alias and no sampling; the builder methods of `OpSpec` change these.
fn op(name: &'static str, fields: Vec<FieldSpec>, returns: Returns, apply: ApplyFn) -> OpSpec {
    OpSpec {
        name,
        fields,
        returns,
        apply,
        probe_args: |_| Vec::new(),
        out_count: |_| None,
        python_call: None,
        samples: false,
    }
}

pub fn op_spec(name: &str) -> Option<&'static OpSpec> {
    op_specs().iter().find(|s| s.name == name)
}

fn blocks_out(v: Vec<BlockId>) -> Vec<Handle> {
    v.into_iter().map(Handle::Block).collect()
}

fn loops_out(v: Vec<LoopId>) -> Vec<Handle> {
    v.into_iter().map(Handle::Loop).collect()
}
