//! annotate_buffer_access: a block's read or write region of one buffer set
//! by hand (`lambda vi, vj: [(vi - 1, vi + 2), vj]`), for accesses region
//! analysis cannot bound (a resize's `floor` indices).
//!
//! TVM: src/s_tir/schedule/primitive/annotate_buffer_access.cc. The region
//! replaces the block's `T.reads`/`T.writes` entry at the index, and the index
//! is added to the block's `explicit_read_region` / `explicit_write_region`
//! annotation, which region inference then honours (`arith::region`): the
//! entry is kept when a primitive recomputes the block's regions, so
//! compute_at, cache_read and lowering see the declared region.
//!
//! TVM trusts the region ("incorrect annotations may lead to incorrect code
//! generation"). tirtui does not: a region smaller than what the body touches
//! would make compute_at compute too little and lowering allocate too little,
//! so every access of the buffer is checked at every point of the block's
//! iteration space (`region_cover`), and a region that misses one, or that
//! cannot be checked, is refused.

pub use crate::arith::region::{annotated_indices, annotation_key};
use crate::ir::{AnnValue, BlockId, BufferRegion, Expr, PrimFunc, Range};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::cache_read_write::nth_buffer;
use crate::schedule::primitive::index_map::RangesMap;
use crate::schedule::primitive::region_cover::{check_covered, Uncovered};
use crate::schedule::tree;

const PRIMITIVE: &str = "annotate_buffer_access";

/// TVM's `annotate_buffer_access(block, buffer_index, buf_type, gen_new_ranges)`.
pub fn annotate_buffer_access(
    func: &mut PrimFunc,
    block: BlockId,
    buffer_index: i64,
    is_write: bool,
    gen_new_ranges: &str,
) -> Result<(), ScheduleError> {
    let buffer = nth_buffer(func, block, buffer_index, is_write)?;
    let map = RangesMap::parse(gen_new_ranges).map_err(|e| ScheduleError::BadIndexMap {
        text: gen_new_ranges.to_string(),
        span: e.span,
        why: e.why,
    })?;
    let realize = get_block(func, block)?;
    let iter_count = realize.block.iter_vars.len();
    let ndim = func.buffer(buffer).shape.len();
    let whole = |why: String| ScheduleError::BadIndexMap {
        text: map.text.clone(),
        span: map.body_span,
        why,
    };
    // TVM's Python checks both counts against the block's iterators; the
    // ranges must also match the buffer's axes or the region is ill-formed.
    if map.params.len() != iter_count {
        return Err(whole(format!(
            "the lambda takes {} parameters; block `{}` has {iter_count} iterators",
            map.params.len(),
            realize.block.name
        )));
    }
    if map.ranges.len() != ndim {
        return Err(whole(format!(
            "the lambda gives {} ranges; `{}` has {ndim} axes",
            map.ranges.len(),
            func.buffer(buffer).name
        )));
    }
    let iters: Vec<Expr> = realize
        .block
        .iter_vars
        .iter()
        .map(|iv| Expr::Var(iv.var))
        .collect();
    let region: Vec<Range> = map
        .ranges
        .iter()
        .map(|(begin, end)| {
            let begin = begin.to_ir(&iters, crate::ir::DataType::I32);
            let end = match end {
                Some(end) => end.to_ir(&iters, crate::ir::DataType::I32),
                None => Expr::add(begin.clone(), Expr::int(1)),
            };
            let extent = crate::arith::simplify::simplify(&Expr::sub(end, begin.clone()));
            Range { min: begin, extent }
        })
        .collect();
    check_covered(func, realize, buffer, is_write, &region).map_err(|u| {
        let why = match u {
            Uncovered::Missed { point, index } => format!(
                "accesses `{}[{}]` at {point}, outside the declared region",
                func.buffer(buffer).name,
                index
            ),
            Uncovered::Unchecked(why) => format!("cannot be checked against the region: {why}"),
        };
        ScheduleError::BlockPrecondition {
            block: block_culprit(func, block),
            primitive: PRIMITIVE,
            why,
            hint: "declare a region that holds every element the block touches: tirtui \
                   refuses a smaller one, which would make compute_at compute too little"
                .into(),
        }
    })?;
    let Some(r) = tree::block_realize_mut(func, block) else {
        return Err(ScheduleError::StaleBlock(block));
    };
    let b = &mut r.block;
    let regions = if is_write {
        &mut b.writes
    } else {
        &mut b.reads
    };
    regions[buffer_index as usize] = BufferRegion { buffer, region };
    let key = annotation_key(is_write);
    match b.annotations.iter_mut().find(|(k, _)| k == key) {
        Some((_, AnnValue::List(list))) => {
            if !list.contains(&AnnValue::Int(buffer_index)) {
                list.push(AnnValue::Int(buffer_index));
            }
        }
        Some((_, other)) => *other = AnnValue::List(vec![AnnValue::Int(buffer_index)]),
        None => b.annotations.push((
            key.to_string(),
            AnnValue::List(vec![AnnValue::Int(buffer_index)]),
        )),
    }
    Ok(())
}
