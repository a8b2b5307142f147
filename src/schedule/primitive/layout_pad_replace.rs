//! transform_layout with `pad_value`: TVM's ReplacementPlan. A loop nest
//! that stores `buf` in row-major order over its old shape is rebuilt to
//! loop over the new shape, each store writing
//! `T.if_then_else(padding, pad_value, value)`.
//!
//! TVM: layout_transformation.cc, `TransformLayoutPlanner`. Every store of
//! the buffer is looked at with the loops its indices depend on (through
//! block bindings); a store whose loops are exactly one serial loop per old
//! axis, from 0 to its extent, indexing axis k with loop k, is a row-major
//! traversal. Its outermost loop is replaced by loops `axis0..` over the new
//! shape around the innermost loop's body, the loop variables becoming the
//! inverse map of the new ones. When the store's block iterates the old axes
//! with spatial iterators (in order, contiguous), they are replaced by
//! iterators `v_axis0..` over the new shape, the block's other iterators
//! (a reduction's) kept: reductions and their init are padded this way too.
//!
//! tirtui refuses a nest TVM would rewrite but whose rewrite would compute
//! something else (the padded iterations run the whole body): the nest must
//! be perfect, its body may store only `buf`, at the one element the
//! traversal visits, and read `buf` only there (no dependence between
//! iterations through it), with no other statement of effect. The values
//! stored are guarded by `T.if_then_else`, so their loads past the old
//! extents are never evaluated. A nest that does not qualify leaves the
//! padding to another plan (the caller's epilogue).
//!
//! Invariant: plans on the old layout; the caller rewrites every access of
//! `buf` to the new layout afterwards and then calls [`fix_store_indices`].

use super::index_map::MapExpr;
use super::layout_transformation::{pad_expr, padding_condition_typed, PadValue};
use crate::ir::{
    BlockId, BufferId, DataType, Expr, For, ForKind, Intrinsic, IterKind, IterVar, LoopId,
    PrimFunc, Range, Shared, Stmt, VarId,
};

/// One rewritten nest: the loop it replaces and what replaces it.
pub(super) struct Replacement {
    /// The outermost loop of the old traversal.
    pub old_outer: LoopId,
    /// The new nest (stores still in the old layout).
    pub stmt: Stmt,
    /// The new nest's outermost loop.
    pub new_outer: LoopId,
    /// The indices the padded stores get in the new layout.
    pub new_indices: Vec<Expr>,
    /// The block of the stores, when it has iterators (its regions are
    /// recomputed once the accesses are rewritten).
    pub block: Option<BlockId>,
}

/// What the layout change is: the map's inverse, the shapes, the pad value.
pub(super) struct Padding<'a> {
    pub inverse: &'a [MapExpr],
    pub shape: &'a [i64],
    pub new_shape: &'a [i64],
    pub pad: &'a PadValue,
    pub index_dtype: DataType,
}

/// A store of `buf` with where it is.
struct StoreSite {
    indices: Vec<Expr>,
    /// The loops its indices depend on, outermost first.
    nest: Vec<LoopId>,
    /// The innermost block with iterators around it, if any.
    block: Option<BlockId>,
    row_major: bool,
}

/// The replacements TVM's ReplacementPlan makes, one per row-major nest
/// that tirtui can rewrite without changing what it computes; empty when
/// there is none.
pub(super) fn plan(func: &mut PrimFunc, buf: BufferId, padding: &Padding<'_>) -> Vec<Replacement> {
    let mut sites = Vec::new();
    collect(
        func,
        &func.body,
        buf,
        padding.shape,
        &mut Ctx::default(),
        &mut sites,
    );
    let mut outers: Vec<LoopId> = Vec::new();
    for s in sites.iter().filter(|s| s.row_major) {
        if !outers.contains(&s.nest[0]) {
            outers.push(s.nest[0]);
        }
    }
    let mut out = Vec::new();
    for outer in outers {
        let group: Vec<&StoreSite> = sites
            .iter()
            .filter(|s| s.nest.first() == Some(&outer))
            .collect();
        if let Some(r) = replace_nest(func, buf, &group, padding) {
            out.push(r);
        }
    }
    out
}

/// Gives the padded stores under each replacement their new-layout indices
/// (TVM builds them so; the rewritten old indices are the same elements).
pub(super) fn fix_store_indices(func: &mut PrimFunc, buf: BufferId, done: &[Replacement]) {
    for r in done {
        func.body.visit_mut(&mut |s| {
            if let Stmt::For(l) = s {
                if l.id == r.new_outer {
                    l.body.visit_mut(&mut |inner| {
                        if let Stmt::BufferStore(st) = inner {
                            if st.buffer == buf {
                                st.indices = r.new_indices.clone();
                            }
                        }
                    });
                }
            }
        });
    }
}

#[derive(Clone, Default)]
struct Ctx {
    /// Enclosing loops, outermost first.
    loops: Vec<(LoopId, VarId)>,
    /// Block iterators' values in loop variables.
    bindings: Vec<(VarId, Expr)>,
    block: Option<BlockId>,
}

fn collect(
    func: &PrimFunc,
    s: &Stmt,
    buf: BufferId,
    shape: &[i64],
    ctx: &mut Ctx,
    out: &mut Vec<StoreSite>,
) {
    match s {
        Stmt::For(l) => {
            ctx.loops.push((l.id, l.var));
            collect(func, &l.body, buf, shape, ctx, out);
            ctx.loops.pop();
        }
        Stmt::BlockRealize(r) => {
            let saved = ctx.clone();
            // An opaque block (the root too) sees the loops: its stores
            // index with them, as if no block were there.
            if !r.block.iter_vars.is_empty() {
                ctx.block = Some(r.block.id);
            }
            for (iv, value) in r.block.iter_vars.iter().zip(&r.iter_values) {
                let mut v = value.clone();
                v.substitute(&|x| lookup(&saved.bindings, x));
                ctx.bindings.push((iv.var, v));
            }
            s.for_each_child(|c| collect(func, c, buf, shape, ctx, out));
            *ctx = saved;
        }
        Stmt::BufferStore(st) if st.buffer == buf => {
            out.push(store_site(func, st.indices.clone(), shape, ctx));
        }
        _ => s.for_each_child(|c| collect(func, c, buf, shape, ctx, out)),
    }
}

fn lookup(bindings: &[(VarId, Expr)], v: VarId) -> Option<Expr> {
    bindings
        .iter()
        .rev()
        .find(|(x, _)| *x == v)
        .map(|(_, e)| e.clone())
}

fn store_site(func: &PrimFunc, indices: Vec<Expr>, shape: &[i64], ctx: &Ctx) -> StoreSite {
    let through: Vec<Expr> = indices
        .iter()
        .map(|i| {
            let mut e = i.clone();
            e.substitute(&|x| lookup(&ctx.bindings, x));
            e
        })
        .collect();
    let depths: Vec<usize> = ctx
        .loops
        .iter()
        .enumerate()
        .filter(|(_, (_, v))| through.iter().any(|e| e.mentions(&|x| x == *v)))
        .map(|(k, _)| k)
        .collect();
    let nest: Vec<LoopId> = match (depths.first(), depths.last()) {
        (Some(lo), Some(hi)) => ctx.loops[*lo..=*hi].iter().map(|(id, _)| *id).collect(),
        _ => Vec::new(),
    };
    let row_major = !nest.is_empty()
        && nest.len() == shape.len()
        && through.len() == shape.len()
        && nest
            .iter()
            .zip(&through)
            .zip(shape)
            .all(|((id, idx), dim)| {
                func.find_loop(*id).is_some_and(|l| {
                    idx.as_var() == Some(l.var)
                        && l.min.as_int() == Some(0)
                        && l.extent.as_int() == Some(*dim)
                        && l.kind == ForKind::Serial
                })
            });
    StoreSite {
        indices,
        nest,
        block: ctx.block,
        row_major,
    }
}

/// The new nest for one row-major group of stores, or `None` when rewriting
/// it could change what the program computes (see the module header).
fn replace_nest(
    func: &mut PrimFunc,
    buf: BufferId,
    group: &[&StoreSite],
    padding: &Padding<'_>,
) -> Option<Replacement> {
    let site = group.iter().find(|s| s.row_major)?;
    if group
        .iter()
        .any(|s| s.indices != site.indices || s.block != site.block || s.nest != site.nest)
    {
        return None;
    }
    let (outer, inner) = perfect_nest(func, &site.nest)?;
    let body = func.find_loop(inner)?.body.clone();
    if !body_is_safe(&body, buf, &site.indices) {
        return None;
    }
    let n = padding.new_shape.len();
    let dt = padding.index_dtype;
    let loop_vars: Vec<VarId> = (0..n)
        .map(|k| func.new_var(format!("axis{k}"), dt))
        .collect();
    let loop_idx: Vec<Expr> = loop_vars.iter().map(|v| Expr::var(*v)).collect();
    // The old loop variables become the inverse map of the new ones.
    let mut remap: Vec<(VarId, Expr)> = Vec::new();
    for (k, id) in site.nest.iter().enumerate() {
        let var = func.find_loop(*id)?.var;
        remap.push((var, padding.inverse[k].to_ir(&loop_idx, dt)));
    }
    let block_update = match site.block {
        Some(b) => Some(block_iterators(
            func,
            b,
            &site.indices,
            padding,
            &loop_vars,
        )?),
        None => None,
    };
    let new_indices = match &block_update {
        Some(u) => {
            let idx: Vec<Expr> = u.new_vars.iter().map(|v| Expr::var(*v)).collect();
            for (old, inv) in u.old_vars.iter().zip(padding.inverse) {
                remap.push((*old, inv.to_ir(&idx, dt)));
            }
            idx
        }
        None => loop_idx.clone(),
    };
    let cond = padding_condition_typed(padding.inverse, padding.shape, &new_indices, dt);
    let dtype = func.buffer(buf).dtype;
    let pad = pad_expr(padding.pad, dtype, &new_indices);
    let mut stmt = body;
    if let (Some(u), Some(b)) = (&block_update, site.block) {
        stmt.visit_mut(&mut |s| {
            if let Stmt::BlockRealize(r) = s {
                if r.block.id == b {
                    let old = u.start..u.start + u.old_vars.len();
                    r.block.iter_vars.splice(old.clone(), u.iter_vars.clone());
                    r.iter_values.splice(old, loop_idx.clone());
                }
            }
        });
    }
    stmt.substitute(&|v| lookup(&remap, v));
    stmt.visit_mut(&mut |s| {
        if let Stmt::BufferStore(st) = s {
            if st.buffer == buf {
                let value = std::mem::replace(&mut st.value, Expr::bool(false));
                st.value = Expr::Call(
                    Intrinsic::IfThenElse,
                    vec![cond.clone(), pad.clone(), value],
                );
            }
        }
    });
    let mut new_outer = None;
    for (k, v) in loop_vars.iter().enumerate().rev() {
        let id = func.new_loop_id();
        new_outer = Some(id);
        stmt = Stmt::For(Shared::new(For {
            id,
            var: *v,
            min: Expr::Int(0, dt),
            extent: Expr::Int(padding.new_shape[k], dt),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    Some(Replacement {
        old_outer: outer,
        stmt,
        new_outer: new_outer?,
        new_indices,
        block: block_update.and(site.block),
    })
}

/// The outermost and innermost loops of `nest` when each loop's body is the
/// next loop (nothing beside it would run once per padded index too).
fn perfect_nest(func: &PrimFunc, nest: &[LoopId]) -> Option<(LoopId, LoopId)> {
    for pair in nest.windows(2) {
        match &func.find_loop(pair[0])?.body {
            Stmt::For(inner) if inner.id == pair[1] => {}
            _ => return None,
        }
    }
    Some((*nest.first()?, *nest.last()?))
}

/// The body stores only `buf`, at `indices`, reads `buf` only there, and
/// has no statement of other effect.
fn body_is_safe(body: &Stmt, buf: BufferId, indices: &[Expr]) -> bool {
    let mut safe = true;
    body.visit(&mut |s| {
        match s {
            Stmt::BufferStore(st) => safe &= st.buffer == buf && st.indices == indices,
            Stmt::Evaluate(_) => safe = false,
            _ => {}
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x| {
                if let Expr::Load(b, idx) = x {
                    safe &= *b != buf || idx == indices;
                }
            })
        });
    });
    safe
}

/// The store's block with new iterators over the new shape in place of the
/// spatial ones it stores with.
struct BlockUpdate {
    start: usize,
    old_vars: Vec<VarId>,
    new_vars: Vec<VarId>,
    iter_vars: Vec<IterVar>,
}

/// TVM's DefineBlockUpdates: the indices must be the block's iterators, in
/// order, contiguous and spatial; `None` otherwise.
fn block_iterators(
    func: &mut PrimFunc,
    block: BlockId,
    indices: &[Expr],
    padding: &Padding<'_>,
    loop_vars: &[VarId],
) -> Option<BlockUpdate> {
    let ivs = func.find_block(block)?.block.iter_vars.clone();
    let old_vars: Vec<VarId> = indices.iter().map(Expr::as_var).collect::<Option<_>>()?;
    let start = ivs
        .iter()
        .position(|iv| Some(&iv.var) == old_vars.first())?;
    let fits = start + old_vars.len() <= ivs.len()
        && old_vars
            .iter()
            .zip(&ivs[start..])
            .all(|(v, iv)| iv.var == *v && iv.kind == IterKind::Spatial);
    if !fits {
        return None;
    }
    // The old iterators give way to as many new ones as the new shape has axes.
    let dt = padding.index_dtype;
    let new_vars: Vec<VarId> = (0..loop_vars.len())
        .map(|k| func.new_var(format!("v_axis{k}"), dt))
        .collect();
    let iter_vars = new_vars
        .iter()
        .zip(padding.new_shape)
        .map(|(v, d)| IterVar {
            var: *v,
            dom: Range::from_extent(Expr::Int(*d, dt)),
            kind: IterKind::Spatial,
        })
        .collect();
    Some(BlockUpdate {
        start,
        old_vars,
        new_vars,
        iter_vars,
    })
}
