//! ConvertBlocksToOpaque + LowerOpaqueBlock: blocks disappear. Block iter vars
//! are replaced by their bindings, `T.where` becomes an `if`, `alloc_buffers`
//! become `Alloc` statements and `match_buffer`s become offsets into the
//! matched region. The result is the lowered IR (`lir`).
//!
//! TVM: src/tir/transforms/convert_blocks_to_opaque.cc, lower_opaque_block.cc,
//! lower_match_buffer.cc. Each block leaves a `Block` marker for codegen.
//!
//! Invariant: the only pass that reads block-level `ir` statements.

use super::lir::{rewrite_accesses, LAlloc, LBlock, LFor, LIf, LLet, LStmt, LStore, Lowered};
use super::LowerError;
use crate::ir::IdMap;
use crate::ir::{AnnValue, BlockRealize, BufferId, Expr, MatchBuffer, PrimFunc, Stmt, VarId};

pub fn run(func: &PrimFunc) -> Result<Lowered, LowerError> {
    // MMA intrinsics run once per lane: their implementations loop over the
    // warp's lanes (threadIdx.x, as TVM's do), which needs a variable.
    let with_lane;
    let (func, lane) = if super::tensor_call::needs_lane(func) {
        let mut f = func.clone();
        let lane = f.new_var("tx", crate::ir::DataType::I32);
        with_lane = f;
        (&with_lane, Some(lane))
    } else {
        (func, None)
    };
    let cx = Cx { func, lane };
    let body = match &func.body {
        // The root block has no marker: it is the whole function.
        Stmt::BlockRealize(r) if r.block.iter_vars.is_empty() && r.block.name == "root" => {
            realize(&cx, r, false)?
        }
        other => convert(&cx, other)?,
    };
    let mut buffers = func.buffers.to_vec();
    apply_storage_align(func, &mut buffers);
    apply_swizzle(func, &mut buffers)?;
    Ok(Lowered {
        name: func.name.clone(),
        params: func.params.clone(),
        vars: func.vars.to_vec(),
        buffers,
        body,
        launch: None,
        shared: None,
        kernel: 0,
        pipeline_versions: Vec::new(),
        cp_async_through_l1: false,
        tma_blocks: tma_blocks(func)?,
    })
}

/// `storage_align` lives on the writing block as `buffer_dim_align:
/// [[write_index, axis, factor, offset], ...]`; it moves to the buffer here.
fn apply_storage_align(func: &PrimFunc, buffers: &mut [crate::ir::Buffer]) {
    for block in func.blocks() {
        for (key, value) in &block.annotations {
            let (ann::BUFFER_DIM_ALIGN, AnnValue::List(items)) = (key.as_str(), value) else {
                continue;
            };
            for item in items {
                let AnnValue::List(v) = item else { continue };
                let ints: Vec<i64> = v
                    .iter()
                    .filter_map(|x| match x {
                        AnnValue::Int(i) => Some(*i),
                        _ => None,
                    })
                    .collect();
                let [index, axis, factor, offset] = ints[..] else {
                    continue;
                };
                let Some(w) = usize::try_from(index)
                    .ok()
                    .and_then(|i| block.writes.get(i))
                else {
                    continue;
                };
                let Some(buf) = buffers.get_mut(w.buffer.0 as usize) else {
                    continue;
                };
                let ndim = buf.shape.len() as i64;
                let axis = if axis < 0 { axis + ndim } else { axis };
                if (0..ndim).contains(&axis) && factor > 0 {
                    buf.axis_align.retain(|a| a.0 != axis as usize);
                    buf.axis_align.push((axis as usize, factor, offset));
                }
            }
        }
    }
}

/// `buffer_swizzle: bytes` lives on the block writing the buffer (its
/// write 0, checked by `annotate`); it moves to the buffer here. A
/// workload's own `T.block_attr` skips `annotate`'s check: a value other
/// than 32, 64 or 128 is refused here, naming the block, rather than
/// ignored (a string) or reported as the buffer's element size.
fn apply_swizzle(func: &PrimFunc, buffers: &mut [crate::ir::Buffer]) -> Result<(), LowerError> {
    for block in func.blocks() {
        for (key, value) in &block.annotations {
            if key != ann::BUFFER_SWIZZLE {
                continue;
            }
            let AnnValue::Int(bytes @ (32 | 64 | 128)) = value else {
                return Err(LowerError::Unsupported {
                    what: format!(
                        "block `{}` has `{}: {}`; the swizzle row is 32, 64 or 128 bytes (wgmma's and TMA's swizzle modes)",
                        block.name,
                        ann::BUFFER_SWIZZLE,
                        describe_ann(value)
                    ),
                });
            };
            let Some(w) = block.writes.first() else {
                continue;
            };
            if let Some(buf) = buffers.get_mut(w.buffer.0 as usize) {
                buf.swizzle_bytes = *bytes;
            }
        }
    }
    Ok(())
}

/// The blocks annotated `tma_load: 1` (checked by `annotate`; a workload's
/// own `T.block_attr` of another value is refused here, naming the block).
fn tma_blocks(func: &PrimFunc) -> Result<Vec<String>, LowerError> {
    let mut out = Vec::new();
    for block in func.blocks() {
        for (key, value) in &block.annotations {
            if key != ann::TMA_LOAD {
                continue;
            }
            match value {
                AnnValue::Int(1) => out.push(block.name.clone()),
                AnnValue::Int(0) => {}
                other => {
                    return Err(LowerError::Unsupported {
                        what: format!(
                            "block `{}` has `{}: {}`; it takes 1 (copy the tile by TMA) or 0",
                            block.name,
                            ann::TMA_LOAD,
                            describe_ann(other)
                        ),
                    })
                }
            }
        }
    }
    Ok(out)
}

/// A short text of an annotation value, for messages.
fn describe_ann(v: &AnnValue) -> String {
    match v {
        AnnValue::Int(i) => i.to_string(),
        AnnValue::Float(x) => x.to_string(),
        AnnValue::Str(t) => format!("{t:?}"),
        AnnValue::Bool(b) | AnnValue::BoolImm(b) => b.to_string(),
        AnnValue::List(_) => "a list".into(),
        AnnValue::Dict(_) => "a dict".into(),
    }
}

mod ann {
    /// The block annotation TVM (and the schedule) use for `storage_align`.
    pub const BUFFER_DIM_ALIGN: &str = "buffer_dim_align";
    pub use crate::schedule::primitive::annotate::{BUFFER_SWIZZLE, TMA_LOAD};
}

/// What every statement's conversion needs.
struct Cx<'a> {
    func: &'a PrimFunc,
    /// The lane variable of MMA implementations, when the function has any.
    lane: Option<VarId>,
}

fn convert(cx: &Cx, s: &Stmt) -> Result<LStmt, LowerError> {
    Ok(match s {
        Stmt::For(l) => LStmt::For(Box::new(LFor {
            var: l.var,
            min: l.min.clone(),
            extent: l.extent.clone(),
            kind: l.kind,
            annotations: l.annotations.clone(),
            body: convert(cx, &l.body)?,
        })),
        Stmt::BlockRealize(r) => realize(cx, r, true)?,
        Stmt::Seq(v) => LStmt::seq(v.iter().map(|c| convert(cx, c)).collect::<Result<_, _>>()?),
        Stmt::BufferStore(st) => LStmt::Store(LStore {
            buffer: st.buffer,
            indices: st.indices.clone(),
            value: st.value.clone(),
        }),
        Stmt::IfThenElse(i) => LStmt::If(Box::new(LIf {
            cond: i.cond.clone(),
            then_case: convert(cx, &i.then_case)?,
            else_case: i.else_case.as_ref().map(|e| convert(cx, e)).transpose()?,
        })),
        Stmt::LetStmt(l) => LStmt::Let(Box::new(LLet {
            var: l.var,
            value: l.value.clone(),
            body: convert(cx, &l.body)?,
        })),
        Stmt::Evaluate(e) => LStmt::Evaluate(e.clone()),
    })
}

/// The block's annotated regions (annotate_buffer_access) in the loops'
/// terms, each checked again against the body as it is now: a region a later
/// primitive made stale is left out, so compaction falls back on the body's
/// own accesses and never allocates less than the body touches.
fn explicit_regions(
    func: &PrimFunc,
    r: &BlockRealize,
    map: &IdMap<VarId, Expr>,
) -> Vec<(BufferId, Vec<crate::ir::Range>)> {
    use crate::schedule::primitive::annotate_buffer_access::{annotated_indices, annotation_key};
    let mut out = Vec::new();
    for is_write in [false, true] {
        let declared = if is_write {
            &r.block.writes
        } else {
            &r.block.reads
        };
        for i in annotated_indices(&r.block.annotations, annotation_key(is_write)) {
            let Some(br) = declared.get(i) else { continue };
            // Loads and stores alike: compaction bounds every access by it.
            let covered = [false, true].iter().all(|&w| {
                crate::schedule::primitive::region_cover::check_covered(
                    func, r, br.buffer, w, &br.region,
                )
                .is_ok()
            });
            if !covered || out.iter().any(|(b, _)| *b == br.buffer) {
                continue;
            }
            let region = br
                .region
                .iter()
                .map(|rg| {
                    let mut rg = rg.clone();
                    rg.min.substitute(&|v| map.get(&v).cloned());
                    rg.extent.substitute(&|v| map.get(&v).cloned());
                    rg
                })
                .collect();
            out.push((br.buffer, region));
        }
    }
    out
}

fn realize(cx: &Cx, r: &BlockRealize, marker: bool) -> Result<LStmt, LowerError> {
    let func = cx.func;
    let block = &r.block;
    let tensorized = block
        .annotations
        .iter()
        .find(|(k, _)| k == crate::ir::TENSOR_INTRIN_ATTR)
        .map(|(_, v)| v.clone());
    if block.init.is_some() {
        return Err(LowerError::Unsupported {
            what: format!(
                "block \"{}\" still has T.init(); lower_init_block must run first",
                block.name
            ),
        });
    }
    let map: IdMap<VarId, Expr> = block
        .iter_vars
        .iter()
        .zip(&r.iter_values)
        .map(|(iv, v)| (iv.var, v.clone()))
        .collect();
    let mut body = match &tensorized {
        // The block's body is the intrinsic's description; the kernel runs
        // its implementation instead: one opaque call on the regions' bases.
        Some(intrin) => super::tensor_call::lower(func, block, intrin, &map, cx.lane)?,
        None => convert(cx, &block.body)?,
    };
    if !map.is_empty() && tensorized.is_none() {
        body.substitute(&|v| map.get(&v).cloned());
    }
    for m in &block.match_buffers {
        lower_match_buffer(func, m, &mut body, &map)?;
    }
    if marker {
        body = LStmt::Block(Box::new(LBlock {
            name: block.name.clone(),
            body,
            explicit: explicit_regions(func, r, &map),
        }));
    }
    for &b in block.alloc_buffers.iter().rev() {
        body = LStmt::Alloc(Box::new(LAlloc { buffer: b, body }));
    }
    if !r.predicate.is_const_true() {
        body = LStmt::If(Box::new(LIf {
            cond: r.predicate.clone(),
            then_case: body,
            else_case: None,
        }));
    }
    Ok(body)
}

/// Accesses `M[i..]` to a matched buffer become `S[min + i..]` on its source.
fn lower_match_buffer(
    func: &PrimFunc,
    m: &MatchBuffer,
    body: &mut LStmt,
    map: &IdMap<VarId, Expr>,
) -> Result<(), LowerError> {
    let rank = func.buffer(m.buffer).shape.len();
    let region = &m.source.region;
    if rank > region.len() {
        return Err(LowerError::Unsupported {
            what: format!(
                "match_buffer {} has more dimensions than its source region",
                func.buffer(m.buffer).name
            ),
        });
    }
    // The matched dims are the trailing ones; the leading ones are points.
    let lead = region.len() - rank;
    let mins: Vec<Expr> = region
        .iter()
        .map(|rg| {
            let mut e = rg.min.clone();
            e.substitute(&|v| map.get(&v).cloned());
            e
        })
        .collect();
    let (target, source) = (m.buffer, m.source.buffer);
    rewrite_accesses(body, &mut |b: BufferId, idx: &mut Vec<Expr>| {
        if b != target {
            return b;
        }
        let mut full: Vec<Expr> = mins[..lead].to_vec();
        for (i, e) in idx.drain(..).enumerate() {
            let min = mins.get(lead + i).cloned().unwrap_or(Expr::int(0));
            full.push(Expr::add(min, e));
        }
        *idx = full;
        source
    });
    Ok(())
}
