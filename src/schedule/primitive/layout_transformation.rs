//! transform_layout: gives a buffer a new shape through an index map and
//! rewrites every access to it.
//!
//! TVM: src/s_tir/schedule/primitive/layout_transformation.cc. As there, the
//! map must be injective on the buffer's shape and lands in [0, extent) on
//! every new axis; a map that leaves elements of the new shape unused
//! (padding) needs `pad_value`, unless `assume_injective_transform` says the
//! padding is never read. tirtui checks injectivity exactly, by evaluating the
//! map at every index of the (constant) shape, where TVM proves it with its
//! iterator-map analysis; so a map TVM refuses as "not affine" but that is a
//! bijection (a rotation swizzle) needs `assume_injective_transform` only in
//! TVM. With padding, a writer nest that traverses the buffer in row-major
//! order is rewritten to loop over the new shape and store `pad_value` where
//! no old index lands (TVM's ReplacementPlan, `layout_pad_replace`, reductions
//! included); otherwise a block after the writer fills the padding (TVM's
//! EpiloguePlan, `layout_pad_epilogue`).
//!
//! A parameter's layout changes as TVM changes it: the function's interface
//! changes, and `PrimFunc::param_layouts` records it (with the step) so that
//! runs against the unscheduled workload refuse to compare unlike layouts.
//! `match_buffer` views are refused.

use super::index_map::{IndexMap, MapError, MapExpr};
use crate::arith::bound::VarRanges;
use crate::ir::{BinOp, BlockId, BufferId, DataType, Expr, PrimFunc, Stmt};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::limits::MAX_LAYOUT_ELEMENTS;
use crate::schedule::tree;

/// Which buffer of the block: TVM's `("read", i)` / `("write", i)`, or a name.
#[derive(Clone, Debug, PartialEq)]
pub enum BufferRef {
    Read(i64),
    Write(i64),
    Name(String),
}

/// The value written into padding: a constant of the buffer's type (TVM
/// 0.27 refuses any other, padding or not).
#[derive(Clone, Debug, PartialEq)]
pub enum PadValue {
    /// A plain integer (`pad_value: 0`): TVM makes a Python int a literal of
    /// the buffer's type when that is an integer type, refusing it past the
    /// type's range.
    Int(i64),
    /// A plain number with a point: a literal of the buffer's type when that
    /// is a float type.
    Float(f64),
    /// `T.int8(0)` and the like in a pad-value lambda; a plain integer
    /// inside a lambda is an int32, as TVM reads it.
    TypedInt(i64, DataType),
    /// `T.float16(0.0)` and the like in a pad-value lambda; a plain number
    /// with a point inside a lambda is a float32.
    TypedFloat(f64, DataType),
    /// An int32 expression of the new indices (`lambda i, j: (i + j,)`, TVM
    /// allows it): `params` is the lambda's parameter count, `text` its body.
    Indices {
        expr: MapExpr,
        params: usize,
        text: String,
    },
}

impl PadValue {
    /// The type TVM gives the value when it fills a buffer of `buffer` type.
    pub fn dtype_for(&self, buffer: DataType) -> DataType {
        match self {
            PadValue::Int(_) if buffer.int_range().is_some() => buffer,
            PadValue::Int(_) => DataType::I32,
            PadValue::Float(_) if buffer.is_float() => buffer,
            PadValue::Float(_) => DataType::F32,
            PadValue::TypedInt(_, t) | PadValue::TypedFloat(_, t) => *t,
            PadValue::Indices { .. } => DataType::I32,
        }
    }
}

impl std::fmt::Display for PadValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PadValue::Int(v) | PadValue::TypedInt(v, _) => write!(f, "{v}"),
            PadValue::Float(v) | PadValue::TypedFloat(v, _) => write!(f, "{v}"),
            PadValue::Indices { text, .. } => write!(f, "{text}"),
        }
    }
}

/// A pad value written as TVM prints it: `lambda i, j: (T.float32(0.0),)`, a
/// lambda of the new indices with one constant output.
pub fn pad_value_of_lambda(text: &str) -> Result<PadValue, ScheduleError> {
    let bad = |span, why: &str| ScheduleError::BadIndexMap {
        text: text.to_string(),
        span,
        why: why.to_string(),
    };
    let m = IndexMap::parse(text).map_err(|e| bad(e.span, &e.why))?;
    match m.outputs.as_slice() {
        [MapExpr::Float(v, Some(t), _)] => Ok(PadValue::TypedFloat(*v, *t)),
        [MapExpr::Float(v, None, _)] => Ok(PadValue::TypedFloat(*v, DataType::F32)),
        // The parser keeps no type on an integer: `T.int64(0)` is read back
        // from its text.
        [MapExpr::Int(v, span)] => Ok(PadValue::TypedInt(
            *v,
            typed_name(text, *span).unwrap_or(DataType::I32),
        )),
        [one] if one.uses_float().is_none() => Ok(PadValue::Indices {
            expr: one.clone(),
            params: m.params.len(),
            text: text.get(one.span().start..one.span().end).unwrap_or(text).to_string(),
        }),
        [one] => Err(bad(
            one.span(),
            "a pad value that is an expression of the indices is an integer one; a float pad value is a constant",
        )),
        _ => Err(bad(m.body_span, "a pad value is one value")),
    }
}

/// The type `T.<type>(...)` names at `span` of `text`, if the constant is spelled so.
fn typed_name(text: &str, span: crate::diag::Span) -> Option<DataType> {
    let spelled = text.get(span.start..span.end)?.strip_prefix("T.")?;
    DataType::from_name(spelled.split('(').next()?.trim())
}

/// TVM's check that the pad value has the buffer's type (made whether or
/// not the map pads), and that a plain integer fits its int32.
fn check_pad_type(pad: &PadValue, buffer: &crate::ir::Buffer) -> Result<(), ScheduleError> {
    let (name, dtype) = (&buffer.name, buffer.dtype);
    let pad_dtype = pad.dtype_for(dtype);
    let why = if pad_dtype != dtype {
        let example = match dtype {
            DataType::F32 => "0.0".to_string(),
            DataType::I32 => "0".to_string(),
            t if t.is_float() => format!("\"lambda <new indices>: (T.{}(0.0),)\"", t.name()),
            t => format!("\"lambda <new indices>: (T.{}(0),)\"", t.name()),
        };
        let article = if pad_dtype.name().starts_with('i') {
            "an"
        } else {
            "a"
        };
        format!(
            "`{name}` holds {dtype} but pad_value {pad} is {article} {} (a plain integer takes an integer buffer's type and a plain number with a point a float buffer's; in a lambda they are an int32 and a float32, as in TVM); give it in {dtype}, e.g. {example}",
            pad_dtype.name()
        )
    } else {
        match *pad {
            PadValue::Int(v) | PadValue::TypedInt(v, _)
                if dtype.int_range().is_some_and(|(lo, hi)| v < lo || v > hi) =>
            {
                format!("pad_value {v} is out of the range of {dtype}")
            }
            _ => return Ok(()),
        }
    };
    Err(ScheduleError::InvalidArgument {
        what: "transform_layout",
        why,
    })
}

fn map_err(map: &IndexMap, e: MapError) -> ScheduleError {
    ScheduleError::BadIndexMap {
        text: map.text.clone(),
        span: e.span,
        why: e.why,
    }
}

fn whole(map: &IndexMap, why: String) -> ScheduleError {
    map_err(
        map,
        MapError {
            span: map.body_span,
            why,
        },
    )
}

/// Resolves the buffer argument against the block's reads and writes.
pub fn resolve_buffer(
    func: &PrimFunc,
    block: BlockId,
    buffer: &BufferRef,
) -> Result<BufferId, ScheduleError> {
    let r = get_block(func, block)?;
    let pick = |regions: &[crate::ir::BufferRegion], kind: &'static str, i: i64| {
        if i < 0 || i as usize >= regions.len() {
            return Err(ScheduleError::BufferIndexOutOfRange {
                block: block_culprit(func, block),
                kind,
                index: i,
                count: regions.len(),
            });
        }
        Ok(regions[i as usize].buffer)
    };
    match buffer {
        BufferRef::Read(i) => pick(&r.block.reads, "read", *i),
        BufferRef::Write(i) => pick(&r.block.writes, "write", *i),
        BufferRef::Name(n) => {
            let mut found: Vec<BufferId> = Vec::new();
            for reg in r.block.reads.iter().chain(&r.block.writes) {
                if func.buffer(reg.buffer).name == *n && !found.contains(&reg.buffer) {
                    found.push(reg.buffer);
                }
            }
            match found.as_slice() {
                [b] => Ok(*b),
                [] => Err(ScheduleError::UnsupportedPattern {
                    block: block_culprit(func, block),
                    why: format!("the block neither reads nor writes a buffer named `{n}`"),
                }),
                _ => Err(ScheduleError::UnsupportedPattern {
                    block: block_culprit(func, block),
                    why: format!("several buffers accessed by the block are named `{n}`"),
                }),
            }
        }
    }
}

/// TVM's `transform_layout`.
pub fn transform_layout(
    func: &mut PrimFunc,
    block: BlockId,
    buffer: &BufferRef,
    index_map: &str,
    pad_value: Option<PadValue>,
    assume_injective: bool,
    step: usize,
) -> Result<(), ScheduleError> {
    let map = IndexMap::parse_index_map(index_map).map_err(|e| ScheduleError::BadIndexMap {
        text: index_map.to_string(),
        span: e.span,
        why: e.why,
    })?;
    let buf = resolve_buffer(func, block, buffer)?;
    let b = func.buffer(buf).clone();
    if is_matched(func, buf) {
        return Err(ScheduleError::InvalidArgument {
            what: "transform_layout",
            why: format!("`{}` is a match_buffer view of another buffer", b.name),
        });
    }
    if !b.axis_align.is_empty() || !b.strides.is_empty() {
        return Err(ScheduleError::InvalidArgument {
            what: "transform_layout",
            why: format!("`{}` has explicit strides or a storage_align; transform its layout before aligning it", b.name),
        });
    }
    if let Some(pad) = &pad_value {
        check_pad_type(pad, &b)?;
    }
    if map.params.len() != b.shape.len() {
        return Err(map_err(
            &map,
            MapError {
                span: map.params.last().map(|p| p.1).unwrap_or(map.body_span),
                why: format!(
                    "takes {} indices but `{}` has {} axes",
                    map.params.len(),
                    b.name,
                    b.shape.len()
                ),
            },
        ));
    }
    let Some(shape) = b.const_shape() else {
        return Err(ScheduleError::InvalidArgument {
            what: "transform_layout",
            why: format!(
                "`{}` has a symbolic shape; tirtui checks index maps on constant shapes",
                b.name
            ),
        });
    };
    let (new_shape, padded) = check_map(&map, &shape)?;
    if let Some(PadValue::Indices { params, text, .. }) = &pad_value {
        if *params != new_shape.len() {
            return Err(ScheduleError::InvalidArgument {
                what: "transform_layout",
                why: format!(
                    "pad_value `{text}` is a lambda of {params} indices, but the map gives `{}` {} axes; the pad value's lambda takes the new indices",
                    b.name,
                    new_shape.len()
                ),
            });
        }
    }
    if padded && pad_value.is_none() && !assume_injective {
        let total: i64 = new_shape.iter().product();
        let old: i64 = shape.iter().product();
        return Err(whole(
            &map,
            format!(
                "maps shape {shape:?} of `{}` to {new_shape:?}, which leaves {} of its {total} elements unused (padding); give pad_value, or assume_injective_transform when the padding is never read",
                b.name,
                total - old
            ),
        ));
    }

    // The padded writer is planned on the old indices, then put in place of
    // the old nest once every other access is rewritten.
    // A buffer declared with int64 extents keeps them, and so do the loops
    // and iterators of its padded writer (TVM's index dtype legalization).
    let index_dtype = if !b.shape.is_empty()
        && b.shape
            .iter()
            .all(|d| matches!(d, Expr::Int(_, DataType::I64)))
    {
        DataType::I64
    } else {
        DataType::I32
    };
    let plan = match (&pad_value, padded) {
        (Some(pad), true) => {
            let shapes = (&shape[..], &new_shape[..]);
            Some(plan_pad_writer(func, buf, &map, shapes, pad, index_dtype)?)
        }
        _ => None,
    };
    if let Some(PadPlan::Replace(done)) = &plan {
        // Planned on the old layout: in place before the accesses are rewritten.
        for r in done {
            let slot = tree::loop_stmt_mut(&mut func.body, r.old_outer)
                .ok_or(ScheduleError::StaleLoop(r.old_outer))?;
            *slot = r.stmt.clone();
        }
    }
    rewrite_accesses(func, buf, &map);
    func.buffer_mut(buf).shape = new_shape
        .iter()
        .map(|d| Expr::Int(*d, index_dtype))
        .collect();
    match (plan, &pad_value) {
        (Some(PadPlan::Replace(done)), _) => {
            super::layout_pad_replace::fix_store_indices(func, buf, &done);
            let blocks: Vec<BlockId> = done.iter().filter_map(|r| r.block).collect();
            crate::schedule::region::refresh_regions(func, &blocks);
        }
        (Some(PadPlan::Epilogue(writer, inverse)), Some(pad)) => {
            let padding = super::layout_pad_epilogue::Padding {
                inverse: &inverse,
                shape: &shape,
                new_shape: &new_shape,
                pad,
            };
            super::layout_pad_epilogue::insert(func, buf, writer, &padding)?;
        }
        _ => {}
    }
    refresh_buffer_regions(func, buf);
    if func.is_param_buffer(buf) {
        // As TVM, the function's interface changes: callers pass the new layout.
        func.param_layouts.push(crate::ir::ParamLayout {
            buffer: buf,
            step,
            index_map: index_map.to_string(),
            old_shape: b.shape.clone(),
            new_shape: func.buffer(buf).shape.clone(),
        });
    }
    Ok(())
}

fn is_matched(func: &PrimFunc, buf: BufferId) -> bool {
    func.blocks()
        .iter()
        .any(|blk| blk.match_buffers.iter().any(|m| m.buffer == buf))
}

/// The most elements of a buffer whose map checks group by group.
const MAX_GROUPED: i64 = i32::MAX as i64;

/// The element count of `shape` (`whose` says which), refused past
/// `MAX_LAYOUT_ELEMENTS` before anything is evaluated over it; the product
/// is checked at every factor, so a count past 64 bits is refused too.
fn bounded_elements(map: &IndexMap, whose: &str, shape: &[i64]) -> Result<i64, ScheduleError> {
    shape
        .iter()
        .try_fold(1i64, |acc, d| acc.checked_mul(*d))
        .filter(|n| *n <= MAX_LAYOUT_ELEMENTS)
        .ok_or_else(|| {
            whole(
                map,
                format!("{whose} shape {shape:?} has more than {MAX_LAYOUT_ELEMENTS} elements; tirtui allows at most {MAX_LAYOUT_ELEMENTS} elements in a buffer whose layout it transforms (it checks the map at every index)"),
            )
        })
}

/// Evaluates the map at every index of `shape`: the new shape (one past the
/// largest value on each axis) and whether it has padding. Errors mark the
/// output that goes negative, or the whole map when two indices collide.
pub(crate) fn check_map(map: &IndexMap, shape: &[i64]) -> Result<(Vec<i64>, bool), ScheduleError> {
    // A map that checks group by group evaluates a few hundred points, not
    // the buffer: it may lay out buffers past MAX_LAYOUT_ELEMENTS, up to
    // int32 indices (test_var_args_sugar's 1024 x 1024 x 32).
    let count = |s: &[i64]| s.iter().try_fold(1i64, |a, d| a.checked_mul(*d));
    if let Some(old) = count(shape).filter(|n| *n > MAX_LAYOUT_ELEMENTS && *n <= MAX_GROUPED) {
        if let Some(new_shape) = super::index_map_groups::check(map, shape, MAX_GROUPED) {
            if let Some(total) = count(&new_shape).filter(|t| *t <= MAX_GROUPED) {
                return Ok((new_shape, total != old));
            }
        }
    }
    let old = bounded_elements(map, "the buffer's", shape)?;
    if old == 0 {
        return Err(whole(map, "the buffer has no elements".into()));
    }
    // Most maps (TVM's MMA layouts included) check group by group in a few
    // hundred evaluations; the full pass below answers the rest and words errors.
    if let Some(new_shape) = super::index_map_groups::check(map, shape, MAX_LAYOUT_ELEMENTS) {
        let total = new_shape.iter().try_fold(1i64, |a, d| a.checked_mul(*d));
        if let Some(total) = total.filter(|t| *t <= MAX_LAYOUT_ELEMENTS) {
            return Ok((new_shape, total != old));
        }
    }
    let n_out = map.outputs.len();
    let mut hi = vec![0i64; n_out];
    let mut idx = vec![0i64; shape.len()];
    let eval_all = |idx: &[i64]| -> Result<Vec<i64>, ScheduleError> {
        let out = map.eval(idx).map_err(|span| {
            map_err(
                map,
                MapError {
                    span,
                    why: format!("divides by zero or overflows at index {idx:?}"),
                },
            )
        })?;
        for (k, v) in out.iter().enumerate() {
            if *v < 0 {
                return Err(map_err(
                    map,
                    MapError {
                        span: map.outputs[k].span(),
                        why: format!(
                            "gives {v} at index {idx:?}; new indices must not be negative"
                        ),
                    },
                ));
            }
        }
        Ok(out)
    };
    // Pass 1: the new shape.
    for _ in 0..old {
        let out = eval_all(&idx)?;
        for (h, v) in hi.iter_mut().zip(&out) {
            *h = (*h).max(*v);
        }
        next_index(&mut idx, shape);
    }
    // One past the largest index; an index of i64::MAX has no such extent.
    let Some(new_shape) = hi
        .iter()
        .map(|h| h.checked_add(1))
        .collect::<Option<Vec<i64>>>()
    else {
        return Err(whole(
            map,
            format!("gives an index of {} elements; tirtui allows at most {MAX_LAYOUT_ELEMENTS} elements in a buffer whose layout it transforms", i64::MAX),
        ));
    };
    let total = bounded_elements(map, "the new", &new_shape)?;
    // Pass 2: injectivity.
    let mut seen = vec![false; total as usize];
    idx.iter_mut().for_each(|i| *i = 0);
    for _ in 0..old {
        let out = eval_all(&idx)?;
        let flat = out
            .iter()
            .zip(&new_shape)
            .fold(0i64, |acc, (v, d)| acc * d + v) as usize;
        if seen[flat] {
            let other = find_preimage(map, shape, &out, &idx);
            return Err(whole(
                map,
                format!("is not injective: indices {other:?} and {idx:?} both map to {out:?}"),
            ));
        }
        seen[flat] = true;
        next_index(&mut idx, shape);
    }
    Ok((new_shape, total != old))
}

/// The first index (row-major) before `upto` that maps to `out`.
fn find_preimage(map: &IndexMap, shape: &[i64], out: &[i64], upto: &[i64]) -> Vec<i64> {
    let mut idx = vec![0i64; shape.len()];
    while idx.as_slice() != upto {
        if map.eval(&idx).ok().as_deref() == Some(out) {
            return idx;
        }
        next_index(&mut idx, shape);
    }
    idx
}

pub(super) fn next_index(idx: &mut [i64], shape: &[i64]) {
    for d in (0..idx.len()).rev() {
        idx[d] += 1;
        if idx[d] < shape[d] {
            return;
        }
        idx[d] = 0;
    }
}

/// Ranges of every loop variable and block iterator, for simplifying new indices.
fn index_ranges(func: &PrimFunc) -> VarRanges {
    let mut ranges = crate::schedule::region::all_loop_ranges(func);
    for blk in func.blocks() {
        for iv in &blk.iter_vars {
            ranges.insert(iv.var, iv.dom.clone());
        }
    }
    ranges
}

/// Every load and store of `buf` gets the mapped indices.
fn rewrite_accesses(func: &mut PrimFunc, buf: BufferId, map: &IndexMap) {
    let ranges = index_ranges(func);
    let remap = |idx: &mut Vec<Expr>| {
        *idx = map
            .apply(idx)
            .iter()
            .map(|e| crate::arith::simplify_with(e, &ranges))
            .collect();
    };
    func.body.visit_mut(&mut |s| {
        if let Stmt::BufferStore(st) = s {
            if st.buffer == buf {
                remap(&mut st.indices);
            }
        }
        s.for_each_expr_mut(|e| {
            e.rewrite(&mut |x| {
                if let Expr::Load(b, idx) = x {
                    if *b == buf {
                        remap(idx);
                    }
                }
            })
        });
    });
}

/// Recomputes the regions of `buf` in every block that declares it, innermost
/// blocks first (an outer block's region covers its children's).
fn refresh_buffer_regions(func: &mut PrimFunc, buf: BufferId) {
    let mut order: Vec<BlockId> = Vec::new();
    fn post(stmt: &Stmt, buf: BufferId, out: &mut Vec<BlockId>) {
        stmt.for_each_child(|c| post(c, buf, out));
        if let Stmt::BlockRealize(r) = stmt {
            let b = &r.block;
            if b.reads.iter().chain(&b.writes).any(|x| x.buffer == buf) {
                out.push(b.id);
            }
        }
    }
    post(&func.body, buf, &mut order);
    let full = crate::schedule::region::full_region(func, buf);
    for id in order {
        let Some(r) = func.find_block(id) else {
            continue;
        };
        let (reads, writes) = crate::arith::region::infer_access_regions(func, &r.block);
        let found = |regions: &[crate::ir::BufferRegion]| {
            regions
                .iter()
                .find(|x| x.buffer == buf)
                .map(|x| x.region.clone())
        };
        let (new_read, new_write) = (found(&reads), found(&writes));
        if let Some(r) = tree::block_realize_mut(func, id) {
            for x in r.block.reads.iter_mut().filter(|x| x.buffer == buf) {
                x.region = new_read.clone().unwrap_or_else(|| full.clone());
            }
            for x in r.block.writes.iter_mut().filter(|x| x.buffer == buf) {
                x.region = new_write.clone().unwrap_or_else(|| full.clone());
            }
        }
    }
}

/// TVM's ReplacementPlan: the block that writes `buf` loops over the old shape
/// in row-major order; it is rebuilt to loop over the new shape, storing
/// `pad_value` where no old index lands. `map` must have a simple inverse.
/// How the padding gets its value: TVM's ReplacementPlan (the writer's new
/// nest, put in place of loop `LoopId`) or its EpiloguePlan (a padding block
/// after the writer; the map's inverse).
enum PadPlan {
    Replace(Vec<super::layout_pad_replace::Replacement>),
    Epilogue(BlockId, Vec<MapExpr>),
}

fn plan_pad_writer(
    func: &mut PrimFunc,
    buf: BufferId,
    map: &IndexMap,
    (shape, new_shape): (&[i64], &[i64]),
    pad: &PadValue,
    index_dtype: DataType,
) -> Result<PadPlan, ScheduleError> {
    let writer = single_writer(func, buf)?;
    let Some(inverse) = map.split_inverse() else {
        return Err(whole(
            map,
            "with pad_value, tirtui needs a map built from i, i // c and i % c of the indices, so that it can invert it".into(),
        ));
    };
    let padding = super::layout_pad_replace::Padding {
        inverse: &inverse,
        shape,
        new_shape,
        pad,
        index_dtype,
    };
    let done = super::layout_pad_replace::plan(func, buf, &padding);
    if done.is_empty() {
        Ok(PadPlan::Epilogue(writer, inverse))
    } else {
        Ok(PadPlan::Replace(done))
    }
}

/// The one block that writes `buf` (padding is filled by rewriting it).
fn single_writer(func: &PrimFunc, buf: BufferId) -> Result<BlockId, ScheduleError> {
    let writers: Vec<BlockId> = func
        .blocks()
        .iter()
        .filter(|b| b.writes.iter().any(|w| w.buffer == buf))
        .map(|b| b.id)
        .collect();
    match writers.as_slice() {
        [writer] => Ok(*writer),
        _ => Err(ScheduleError::InvalidArgument {
            what: "transform_layout",
            why: format!(
                "pad_value needs exactly one block writing `{}`; {} do",
                func.buffer(buf).name,
                writers.len()
            ),
        }),
    }
}

/// Where an old index would run past its extent: padding. For `i` split
/// into `d = i // c` and `r = i % c` over extent N, that is the last `d`
/// with `r >= N % c`, written as TVM simplifies it: `d == N // c and N % c <= r`.
pub(super) fn padding_condition(inverse: &[MapExpr], shape: &[i64], new_idx: &[Expr]) -> Expr {
    padding_condition_typed(inverse, shape, new_idx, DataType::I32)
}

/// `padding_condition` with constants of the indices' type `dt`.
pub(super) fn padding_condition_typed(
    inverse: &[MapExpr],
    shape: &[i64],
    new_idx: &[Expr],
    dt: DataType,
) -> Expr {
    let mut padding: Option<Expr> = None;
    for (p, inv) in inverse.iter().enumerate() {
        let MapExpr::Bin(_, scaled, r, _) = inv else {
            continue; // a whole axis is never padded
        };
        let (MapExpr::Bin(_, d, c, _), MapExpr::Param(kr, _)) = (&**scaled, &**r) else {
            continue;
        };
        let (MapExpr::Param(kd, _), MapExpr::Int(c, _)) = (&**d, &**c) else {
            continue;
        };
        if shape[p] % c == 0 {
            continue;
        }
        let term = Expr::and(
            Expr::binary(BinOp::Eq, new_idx[*kd].clone(), Expr::Int(shape[p] / c, dt)),
            Expr::binary(BinOp::Le, Expr::Int(shape[p] % c, dt), new_idx[*kr].clone()),
        );
        padding = Some(match padding {
            Some(prev) => Expr::binary(BinOp::Or, prev, term),
            None => term,
        });
    }
    padding.unwrap_or(Expr::bool(false))
}

/// `pad_value` in the buffer's type `dtype` at the new indices `new_idx`.
pub(super) fn pad_expr(pad: &PadValue, dtype: DataType, new_idx: &[Expr]) -> Expr {
    // `check_pad_type` made sure the type is the buffer's.
    match pad {
        PadValue::Int(v) | PadValue::TypedInt(v, _) => Expr::Int(*v, dtype),
        PadValue::Float(v) | PadValue::TypedFloat(v, _) => Expr::Float(*v, dtype),
        PadValue::Indices { expr, .. } => expr.to_ir(new_idx, dtype),
    }
}
