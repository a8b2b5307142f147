//! The schedule primitives, one file per family as in TVM's
//! `src/tir/schedule/primitive/`. Each is a function over `&mut PrimFunc`
//! that checks its preconditions first; callers run them through
//! `Schedule::transact` so that a failure changes nothing.

pub mod affine_binding;
pub mod annotate;
pub mod annotate_buffer_access;
pub mod block_iter_order;
pub mod block_layout;
pub mod blockize_blocks;
pub mod blockize_tensorize;
pub mod buffer_arg;
pub mod cache_index;
pub mod cache_inplace;
pub mod cache_read_write;
pub mod compute_at;
pub mod compute_inline;
pub mod compute_inline_inverse;
pub mod decompose_padding;
pub mod decompose_reduction;
pub mod for_kind;
pub mod fuse_epilogue;
pub mod get_block_loop;
pub mod get_output_blocks;
pub mod index_map;
pub mod index_map_groups;
pub mod layout_pad_epilogue;
mod layout_pad_replace;
pub mod layout_transformation;
pub mod loop_partition;
pub mod loop_transformation;
pub mod merge;
pub mod pad_einsum;
pub mod read_write_at;
pub mod reduction;
pub mod region_cover;
pub mod reindex;
pub mod reindex_cache;
pub mod rfactor_checks;
pub mod rfactor_iterators;
pub mod rfactor_reducer;
pub mod rolling_buffer;
pub mod sampling;
pub mod set_dtype;
pub mod symbolic_loops;
pub mod tensorize;

pub use loop_transformation::BlockOrLoop;
