//! transform_block_layout: a block's iteration space remapped by an index map
//! (`lambda i, j: (i * 128 + j,)` fuses two iterators into one).
//!
//! TVM: src/s_tir/schedule/primitive/layout_transformation.cc
//! (TransformBlockLayout). The block must be the only block under its loops,
//! bound trivially (its i-th iterator is its i-th loop's variable, every loop
//! from 0). The map's outputs become the new iterators `v0..` (each spatial or
//! reduction as the old iterators it uses, all of one kind), with new loops
//! `ax0..` around the block; the old iterators are replaced in the body, init
//! and regions by the inverse map, and the buffer indices simplified.
//!
//! tirtui inverts the maps MetaSchedule and TVM's tests use: each output a
//! sum of whole iterators packed like a mixed-radix number (fuse, permute;
//! `rh * 21 + rw * 3 + rc`), or each iterator kept whole or split once into a
//! `// c` and `% c` pair. Other bijective maps are refused as unsupported,
//! never guessed; maps that are not bijective are refused as TVM refuses them.

use crate::arith::bound::VarRanges;
use crate::diag::Span;
use crate::ir::{
    Block, BlockId, BlockRealize, DataType, Expr, For, ForKind, IterKind, IterVar, PrimFunc, Range,
    Shared, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, get_block, loop_culprit};
use crate::schedule::error::{ErrorExpr, ScheduleError};
use crate::schedule::primitive::index_map::{IndexMap, MapExpr, MapOp};
use crate::schedule::tree;

const PRIMITIVE: &str = "transform_block_layout";

/// TVM's `transform_block_layout(block, index_map)`.
pub fn transform_block_layout(
    func: &mut PrimFunc,
    block: BlockId,
    index_map: &str,
) -> Result<(), ScheduleError> {
    let bad_map = |span: Span, why: String| ScheduleError::BadIndexMap {
        text: index_map.to_string(),
        span,
        why,
    };
    let map = IndexMap::parse_index_map(index_map).map_err(|e| bad_map(e.span, e.why))?;
    let outer = check_loops_and_binding(func, block)?;
    let old_block = get_block(func, block)?.block.clone();
    let old_iters = old_block.iter_vars.clone();
    if map.params.len() != old_iters.len() {
        return Err(bad_map(
            map.body_span,
            format!(
                "takes {} indices, but block \"{}\" has {} iterators",
                map.params.len(),
                old_block.name,
                old_iters.len()
            ),
        ));
    }
    let extents = iter_extents(func, &old_iters)?;
    let layout = invert(&map, &extents);
    let kinds = new_iter_kinds(func, block, &map, &old_iters, &layout)?;
    let layout = layout.map_err(|why| bad_map(map.body_span, why))?;

    // Each new iterator in the type of its output: int64 when it uses an
    // int64 iterator (TVM's promotion), else int32.
    let old_types: Vec<DataType> = old_iters.iter().map(|iv| func.var(iv.var).dtype).collect();
    let types: Vec<DataType> = map
        .outputs
        .iter()
        .map(|o| {
            let mut used = Vec::new();
            params_of(o, &mut used);
            let wide = used.iter().any(|p| old_types[*p] == DataType::I64);
            if wide {
                DataType::I64
            } else {
                DataType::I32
            }
        })
        .collect();
    let new_vars: Vec<VarId> = types
        .iter()
        .enumerate()
        .map(|(k, t)| func.new_var(format!("v{k}"), *t))
        .collect();
    let new_iters: Vec<IterVar> = new_vars
        .iter()
        .zip(&layout.extents)
        .zip(&types)
        .zip(kinds)
        .map(|(((var, extent), t), kind)| IterVar {
            var: *var,
            dom: Range::new(Expr::Int(0, *t), Expr::Int(*extent, *t)),
            kind,
        })
        .collect();
    let args: Vec<Expr> = new_vars.iter().map(|v| Expr::Var(*v)).collect();
    let inverse: Vec<(VarId, Expr)> = old_iters
        .iter()
        .zip(&layout.inverse)
        .zip(&old_types)
        .map(|((iv, e), old)| (iv.var, inverse_to_ir(e, &args, &types, *old)))
        .collect();
    let ranges: VarRanges = new_iters
        .iter()
        .map(|iv| (iv.var, iv.dom.clone()))
        .collect();
    let mut new_block = old_block;
    substitute_block(func, &mut new_block, &inverse, &ranges);
    new_block.iter_vars = new_iters;

    let loop_vars: Vec<VarId> = types
        .iter()
        .enumerate()
        .map(|(k, t)| func.new_var(format!("ax{k}"), *t))
        .collect();
    let mut stmt = Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values: loop_vars.iter().map(|v| Expr::Var(*v)).collect(),
        predicate: Expr::bool(true),
        block: new_block,
    }));
    for ((var, extent), t) in loop_vars.iter().zip(&layout.extents).zip(&types).rev() {
        stmt = Stmt::For(Shared::new(For {
            id: func.new_loop_id(),
            var: *var,
            min: Expr::Int(0, *t),
            extent: Expr::Int(*extent, *t),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    let slot = tree::loop_stmt_mut(&mut func.body, outer).ok_or(ScheduleError::StaleLoop(outer))?;
    *slot = stmt;
    Ok(())
}

fn precondition(func: &PrimFunc, block: BlockId, why: String, hint: &str) -> ScheduleError {
    ScheduleError::BlockPrecondition {
        block: block_culprit(func, block),
        primitive: PRIMITIVE,
        why,
        hint: hint.into(),
    }
}

/// TVM's checks before the map is looked at: every loop starts at 0, the
/// outermost holds only this block (through a chain of loops), the binding
/// is trivial and unguarded. Returns the outermost loop, the one replaced.
fn check_loops_and_binding(
    func: &PrimFunc,
    block: BlockId,
) -> Result<crate::ir::LoopId, ScheduleError> {
    let (realize, loops) =
        tree::block_and_loops(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    for l in &loops {
        if l.min.as_int() != Some(0) {
            return Err(ScheduleError::LoopNotStartWithZero(
                loop_culprit(func, l.id),
                ErrorExpr::new(&l.min),
            ));
        }
    }
    let Some(outer) = loops.first() else {
        return Err(precondition(
            func,
            block,
            "has no loops of its own to replace".into(),
            "add_unit_loop first, or transform a block that sits in a loop nest",
        ));
    };
    if let Some(other) = tree::blocks_in(&outer.body)
        .iter()
        .find(|b| b.block.id != block)
    {
        return Err(precondition(
            func,
            block,
            format!(
                "shares loop `{}` with block \"{}\"; the new layout replaces the whole loop nest",
                func.var_name(outer.var),
                other.block.name
            ),
            "transform the block's layout before compute_at puts other blocks under its loops",
        ));
    }
    let trivial = loops.len() == realize.iter_values.len()
        && loops
            .iter()
            .zip(&realize.iter_values)
            .all(|(l, v)| v.as_var() == Some(l.var));
    if !trivial {
        return Err(precondition(
            func,
            block,
            "does not bind its iterators trivially (its i-th iterator to its i-th loop's variable)"
                .into(),
            "transform the block's layout before split, fuse or reorder change its loops",
        ));
    }
    if !realize.predicate.is_const_true() {
        return Err(precondition(
            func,
            block,
            "runs under a `T.where` over the loops that the new layout replaces".into(),
            "transform the block's layout before a non-dividing split",
        ));
    }
    Ok(outer.id)
}

/// Each iterator's constant extent (its domain starts at 0, as TVM checks).
fn iter_extents(func: &PrimFunc, iters: &[IterVar]) -> Result<Vec<i64>, ScheduleError> {
    iters
        .iter()
        .map(|iv| match (iv.dom.min.as_int(), iv.dom.extent.as_int()) {
            (Some(0), Some(e)) if e > 0 => Ok(e),
            _ => Err(ScheduleError::Unsupported(
                PRIMITIVE,
                format!(
                    "iterator `{}` has a domain that is not [0, constant); tirtui transforms only constant iteration spaces",
                    func.var_name(iv.var)
                ),
            )),
        })
        .collect()
}

/// The new iteration space: each output's extent, and each old iterator as
/// an expression of the outputs (`MapExpr::Param(k)` meaning output `k`).
struct Layout {
    extents: Vec<i64>,
    inverse: Vec<MapExpr>,
}

/// Why the map cannot be inverted; `Err` texts say it as TVM does.
fn invert(map: &IndexMap, extents: &[i64]) -> Result<Layout, String> {
    let not_bijective = || format!("the index map {} is not bijective affine", map.text.trim());
    let sums: Option<Vec<Linear>> = map.outputs.iter().map(linear).collect();
    match sums {
        Some(sums) => invert_mixed_radix(&sums, extents).ok_or_else(not_bijective),
        None => invert_splits(map, extents).ok_or_else(|| {
            format!(
                "tirtui inverts maps whose outputs are mixed-radix sums of whole iterators or one `// c` and `% c` split of an iterator; {} is neither",
                map.text.trim()
            )
        }),
    }
}

/// `c0 * p0 + c1 * p1 + ... + c`: (parameter, coefficient) terms and the constant.
type Linear = (Vec<(usize, i64)>, i64);

/// The output as a `Linear` sum with integer coefficients, if it is one.
fn linear(e: &MapExpr) -> Option<Linear> {
    match e {
        MapExpr::Param(p, _) => Some((vec![(*p, 1)], 0)),
        MapExpr::Int(v, _) => Some((Vec::new(), *v)),
        MapExpr::Neg(a, _) => scale(linear(a)?, -1),
        MapExpr::Bin(MapOp::Add, a, b, _) => add(linear(a)?, linear(b)?, 1),
        MapExpr::Bin(MapOp::Sub, a, b, _) => add(linear(a)?, linear(b)?, -1),
        MapExpr::Bin(MapOp::Mul, a, b, _) => {
            let (a, b) = (linear(a)?, linear(b)?);
            match (a.0.is_empty(), b.0.is_empty()) {
                (_, true) => scale(a, b.1),
                (true, false) => scale(b, a.1),
                (false, false) => None,
            }
        }
        _ => None,
    }
}

fn scale((terms, c): Linear, k: i64) -> Option<Linear> {
    let terms = terms
        .into_iter()
        .map(|(p, x)| Some((p, x.checked_mul(k)?)))
        .collect::<Option<_>>()?;
    Some((terms, c.checked_mul(k)?))
}

fn add((mut terms, c): Linear, other: Linear, sign: i64) -> Option<Linear> {
    let (more, d) = scale(other, sign)?;
    for (p, x) in more {
        match terms.iter_mut().find(|(q, _)| *q == p) {
            Some(slot) => slot.1 = slot.1.checked_add(x)?,
            None => terms.push((p, x)),
        }
    }
    terms.retain(|(_, x)| *x != 0);
    Some((terms, c.checked_add(d)?))
}

/// Outputs that are mixed-radix sums of distinct whole iterators, together
/// using every iterator of more than one value: the inverse peels each
/// iterator off its output (`v // c % e`, written as TVM writes it).
fn invert_mixed_radix(sums: &[Linear], extents: &[i64]) -> Option<Layout> {
    let s = Span::default();
    let param = |k: usize| Box::new(MapExpr::Param(k, s));
    let int = |v: i64| Box::new(MapExpr::Int(v, s));
    let mut inverse: Vec<Option<MapExpr>> = vec![None; extents.len()];
    let mut out_extents = Vec::with_capacity(sums.len());
    for (k, (terms, constant)) in sums.iter().enumerate() {
        if *constant != 0 {
            return None;
        }
        let mut sorted: Vec<(i64, usize)> = terms.iter().map(|(p, c)| (*c, *p)).collect();
        sorted.sort_unstable();
        let mut stride = 1i64;
        for (c, p) in &sorted {
            if inverse[*p].is_some() {
                return None;
            }
            if extents[*p] == 1 {
                // A unit iterator adds nothing; alone in its output it is
                // that output (TVM keeps `v1`), in a sum it is 0.
                let alone = sorted.len() == 1 && *c == 1;
                inverse[*p] = Some(if alone { *param(k) } else { MapExpr::Int(0, s) });
                continue;
            }
            if *c != stride {
                return None;
            }
            stride = stride.checked_mul(extents[*p])?;
        }
        for (c, p) in &sorted {
            if extents[*p] == 1 {
                continue;
            }
            let e = extents[*p];
            let outermost = c.checked_mul(e)? == stride;
            inverse[*p] = Some(match (outermost, *c == 1) {
                (true, true) => *param(k),
                (true, false) => MapExpr::Bin(MapOp::FloorDiv, param(k), int(*c), s),
                (false, true) => MapExpr::Bin(MapOp::FloorMod, param(k), int(e), s),
                (false, false) => MapExpr::Bin(
                    MapOp::FloorDiv,
                    Box::new(MapExpr::Bin(MapOp::FloorMod, param(k), int(c * e), s)),
                    int(*c),
                    s,
                ),
            });
        }
        out_extents.push(stride);
    }
    // An iterator no output uses must have a single value.
    let inverse = inverse
        .into_iter()
        .zip(extents)
        .map(|(inv, e)| inv.or_else(|| (*e == 1).then_some(MapExpr::Int(0, s))))
        .collect::<Option<Vec<_>>>()?;
    Some(Layout {
        extents: out_extents,
        inverse,
    })
}

/// Outputs `p`, `p // c`, `p % c` with each iterator whole or split once by
/// a factor of its extent.
fn invert_splits(map: &IndexMap, extents: &[i64]) -> Option<Layout> {
    let inverse = map.split_inverse()?;
    let mut out_extents = Vec::with_capacity(map.outputs.len());
    for o in &map.outputs {
        out_extents.push(match o {
            MapExpr::Param(p, _) => extents[*p],
            MapExpr::Bin(op, a, b, _) => match (op, &**a, &**b) {
                (MapOp::FloorDiv, MapExpr::Param(p, _), MapExpr::Int(c, _))
                    if extents[*p] % c == 0 =>
                {
                    extents[*p] / c
                }
                (MapOp::FloorMod, MapExpr::Param(p, _), MapExpr::Int(c, _))
                    if extents[*p] % c == 0 =>
                {
                    *c
                }
                _ => return None,
            },
            _ => return None,
        });
    }
    Some(Layout {
        extents: out_extents,
        inverse,
    })
}

/// TVM's DetectNewBlockIterType: an output of extent 1 is spatial, any other
/// takes the kind of the old iterators it uses, which must agree. Checked
/// before the map is inverted, as TVM does.
fn new_iter_kinds(
    func: &PrimFunc,
    block: BlockId,
    map: &IndexMap,
    iters: &[IterVar],
    layout: &Result<Layout, String>,
) -> Result<Vec<IterKind>, ScheduleError> {
    let mut kinds = Vec::with_capacity(map.outputs.len());
    for (k, o) in map.outputs.iter().enumerate() {
        let unit = layout.as_ref().is_ok_and(|l| l.extents[k] == 1);
        let mut used = Vec::new();
        params_of(o, &mut used);
        let mut kind = None;
        let mut mixed = false;
        for p in used {
            match kind {
                None => kind = Some(iters[p].kind),
                Some(first) => mixed |= first != iters[p].kind,
            }
        }
        if unit {
            kinds.push(IterKind::Spatial);
            continue;
        }
        match (kind, mixed) {
            (Some(kind), false) if !kind.is_opaque_like() => kinds.push(kind),
            _ => {
                let text = map.text.get(o.span().start..o.span().end).unwrap_or("");
                return Err(precondition(
                    func,
                    block,
                    format!("cannot tell the kind of new iterator `{text}`: it mixes spatial and reduction iterators (or uses none, or an opaque one)"),
                    "keep spatial and reduction iterators in separate outputs of the map",
                ));
            }
        }
    }
    Ok(kinds)
}

fn params_of(e: &MapExpr, out: &mut Vec<usize>) {
    match e {
        MapExpr::Param(p, _) => out.push(*p),
        MapExpr::Neg(a, _) => params_of(a, out),
        MapExpr::Bin(_, a, b, _) => {
            params_of(a, out);
            params_of(b, out);
        }
        MapExpr::Int(..) | MapExpr::Float(..) => {}
    }
}

/// An inverse expression over the new iterators: its constants in the type
/// of the output it reads (`v0 // T.int64(16)`), a lone constant in the old
/// iterator's type.
fn inverse_to_ir(e: &MapExpr, args: &[Expr], types: &[DataType], old: DataType) -> Expr {
    let mut used = Vec::new();
    params_of(e, &mut used);
    let dtype = used.first().map_or(old, |k| types[*k]);
    e.to_ir(args, dtype)
}

/// The old iterators replaced by the inverse map in the block's body, init,
/// regions and match_buffers; buffer indices and regions then simplified over
/// the new iterators' domains (TVM's BlockBufferAccessSimplifier).
fn substitute_block(
    func: &PrimFunc,
    block: &mut Block,
    inverse: &[(VarId, Expr)],
    ranges: &VarRanges,
) {
    let map = |v: VarId| {
        inverse
            .iter()
            .find(|(old, _)| *old == v)
            .map(|(_, e)| e.clone())
    };
    let simplify = |e: &mut Expr| *e = crate::arith::simplify_in(Some(func), e, ranges);
    let rewrite = |s: &mut Stmt| {
        s.visit_mut(&mut |x| {
            x.for_each_expr_mut(|e| e.substitute(&map));
            if let Stmt::BufferStore(st) = x {
                st.indices.iter_mut().for_each(&simplify);
            }
            x.for_each_expr_mut(|e| {
                e.rewrite(&mut |y| {
                    if let Expr::Load(_, idx) = y {
                        idx.iter_mut().for_each(&simplify);
                    }
                })
            });
        })
    };
    if let Some(init) = &mut block.init {
        rewrite(init);
    }
    rewrite(&mut block.body);
    let regions = block
        .reads
        .iter_mut()
        .chain(block.writes.iter_mut())
        .flat_map(|r| r.region.iter_mut())
        .chain(
            block
                .match_buffers
                .iter_mut()
                .flat_map(|m| m.source.region.iter_mut()),
        );
    for r in regions {
        r.min.substitute(&map);
        r.extent.substitute(&map);
        simplify(&mut r.min);
        simplify(&mut r.extent);
    }
}
