//! TMA copies: the loop nest of a block annotated `tma_load: 1` (a
//! cache_read copy of a global tile into a swizzled shared tile) becomes one
//! `T.tma_load` call, the Tensor Memory Accelerator's bulk tensor copy that
//! thread 0 issues and an mbarrier counts (`cp.async.bulk.tensor.2d ...
//! mbarrier::complete_tx::bytes`). Each copied buffer gets an mbarrier (a
//! one-element `uint64` shared buffer allocated beside it, `<name>_mbar`);
//! `inject_software_pipeline` gives it the tile's versions, initialises it
//! before the prologue and makes the tile's readers wait on its phase.
//!
//! The copy must be a box: the nest's loops (constant bounds; serial,
//! unrolled, vectorized or threadIdx-bound, any order) store every element
//! of the shared tile once from a 2-d global parameter, tile element
//! `[r, w]` from `G[row + r, col + w]` or, for a tile of panels `[p, r,
//! w]` (`transform_layout(lambda k, n: (n // W, k, n % W))`), from `G[row +
//! r, col + p * W + w]`, where `row` and `col` do not depend on the nest's
//! loops. The indices are split into their terms (simplified over the
//! loops' ranges): the terms without a loop of the nest are the box's
//! origin, the others are checked point by point over the whole nest, so
//! the copy the TMA makes is the one the loops made, whatever the origin.
//! A tile's last axis is one swizzle row (`buffer_swizzle` 32/64/128, as
//! `swizzle_layout` requires), its rows a multiple of 8 (each panel starts
//! on the swizzle pattern) and at most 256 (a TMA box dimension); the
//! global rows are a multiple of 16 bytes (a tensor map's stride).
//!
//! TileLang (`T.copy` lowered to `tma_load`) and CUTLASS (`SM90_TMA_LOAD`)
//! issue the same copy. Runs after `compact_buffer_region` (tiles are the
//! compact regions, indexed from 0) and before `inject_software_pipeline`.
//!
//! Invariant: rewrites only the nests of `tma_load` blocks and adds their
//! barrier buffers.

use super::lir::{LAlloc, LBlock, LStmt, LStore, Lowered};
use super::simplify::simplify_owned;
use super::LowerError;
use crate::arith::{const_range, fold_unit_ranges, VarRanges};
use crate::ir::{BinOp, Buffer, BufferId, DataType, Expr, ForKind, Intrinsic, StorageScope, VarId};

/// Points of a copy nest checked one by one, at most.
const MAX_POINTS: i64 = 1 << 20;
/// A TMA box dimension holds at most this many elements.
pub const MAX_BOX: i64 = 256;

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    if f.tma_blocks.is_empty() {
        return Ok(f);
    }
    let mut body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    let mut done: Vec<(String, BufferId, BufferId)> = Vec::new();
    replace_nests(&mut f, &mut body, &mut done, &mut VarRanges::new())?;
    if let Some(missing) = f
        .tma_blocks
        .iter()
        .find(|b| !done.iter().any(|(n, _, _)| n == *b))
    {
        if guarded(&body, missing) {
            return Err(LowerError::Unsupported {
                what: format!(
                    "block \"{missing}\" is annotated `tma_load` but its copy is guarded (a `T.where`: the tile runs past the edge of the matrix); a TMA box copies whole tiles, so make the tile sizes divide the matrix or drop `tma_load`"
                ),
            });
        }
        return Err(LowerError::Unsupported {
            what: format!(
                "block \"{missing}\" is annotated `tma_load` but its copy is not a loop nest of that block alone under the loop that computes it (compute_at the cache_read block, and keep its loops free of other statements)"
            ),
        });
    }
    // Each barrier lives where its tile does, so the pipeline versions both.
    body.rewrite(&mut |s| {
        let LStmt::Alloc(a) = s else { return };
        if let Some(&(_, _, bar)) = done.iter().find(|(_, b, _)| *b == a.buffer) {
            let inner = std::mem::replace(&mut a.body, LStmt::Seq(Vec::new()));
            a.body = LStmt::Alloc(Box::new(LAlloc {
                buffer: bar,
                body: inner,
            }));
        }
    });
    f.body = body;
    Ok(f)
}

/// Whether block `name` has a guard: its body is an `if`, or an `if`
/// holds it.
fn guarded(s: &LStmt, name: &str) -> bool {
    let is_block = |s: &LStmt| matches!(s, LStmt::Block(b) if b.name == name);
    let mut found = false;
    s.visit(&mut |x| match x {
        LStmt::Block(b) if b.name == name => found |= matches!(b.body, LStmt::If(_)),
        LStmt::If(i) => found |= is_block(&i.then_case),
        _ => {}
    });
    found
}

/// `outer`: the ranges of the loops around `s` (a unit blockIdx loop makes
/// its terms 0).
fn replace_nests(
    f: &mut Lowered,
    s: &mut LStmt,
    done: &mut Vec<(String, BufferId, BufferId)>,
    outer: &mut VarRanges,
) -> Result<(), LowerError> {
    if let Some(nest) = copy_nest(f, s) {
        let name = nest.block.clone();
        let (call, tile) = tma_call(f, &nest, done, outer)?;
        let bar = match done.iter().find(|(_, b, _)| *b == tile) {
            Some(&(_, _, bar)) => bar,
            None => {
                let bar = new_barrier(f, tile);
                done.push((name.clone(), tile, bar));
                bar
            }
        };
        let LStmt::Evaluate(Expr::Call(op, mut args)) = call else {
            return Ok(());
        };
        args[1] = Expr::Load(bar, vec![Expr::int(0)]);
        *s = LStmt::Block(Box::new(LBlock {
            name,
            body: LStmt::Evaluate(Expr::Call(op, args)),
            explicit: Vec::new(),
        }));
        return Ok(());
    }
    let mut added = None;
    if let LStmt::For(l) = &*s {
        if let (Some(lo), Some(ext)) = (l.min.as_int(), l.extent.as_int()) {
            if ext > 0 {
                added = Some(l.var);
                outer.insert(l.var, const_range(lo, lo + ext - 1));
            }
        }
    }
    let mut res = Ok(());
    s.for_each_child_mut(|c| {
        if res.is_ok() {
            res = replace_nests(f, c, done, outer);
        }
    });
    if let Some(v) = added {
        outer.remove(&v);
    }
    res
}

/// A perfect nest of loops around one store of a `tma_load` block.
struct Nest<'a> {
    block: String,
    loops: Vec<(VarId, i64, i64)>,
    store: &'a LStore,
}

fn copy_nest<'a>(f: &Lowered, s: &'a LStmt) -> Option<Nest<'a>> {
    let LStmt::For(_) = s else { return None };
    let mut loops = Vec::new();
    let mut cur = s;
    while let LStmt::For(l) = cur {
        let bound = matches!(
            l.kind,
            ForKind::ThreadBinding(crate::ir::ThreadAxis::BlockIdx(_))
                | ForKind::ThreadBinding(crate::ir::ThreadAxis::VThread(_))
        );
        let pipelined = l
            .annotations
            .iter()
            .any(|(k, _)| k == super::inject_software_pipeline::STAGE);
        if bound || pipelined {
            return None;
        }
        loops.push((l.var, l.min.as_int()?, l.extent.as_int()?));
        cur = &l.body;
    }
    let LStmt::Block(b) = cur else { return None };
    if !f.tma_blocks.contains(&b.name) {
        return None;
    }
    let LStmt::Store(store) = &b.body else {
        return None;
    };
    Some(Nest {
        block: b.name.clone(),
        loops,
        store,
    })
}

fn new_barrier(f: &mut Lowered, tile: BufferId) -> BufferId {
    let mut buf = Buffer::new(
        format!("{}_mbar", f.buffer(tile).name),
        vec![Expr::int(1)],
        DataType::U64,
    );
    buf.scope = StorageScope::Shared;
    f.buffers.push(buf);
    BufferId(f.buffers.len() as u32 - 1)
}

/// The `T.tma_load` of a checked copy nest and the tile it fills; its
/// barrier argument is given by the software pipeline
/// (`inject_software_pipeline/tma_stages.rs`), which refuses a TMA copy
/// outside an async pipeline stage.
fn tma_call(
    f: &Lowered,
    nest: &Nest,
    done: &[(String, BufferId, BufferId)],
    outer: &VarRanges,
) -> Result<(LStmt, BufferId), LowerError> {
    let block = &nest.block;
    let refuse = |why: String| {
        Err(LowerError::Unsupported {
            what: format!("block \"{block}\" is annotated `tma_load` but {why}"),
        })
    };
    let st = nest.store;
    let tile = st.buffer;
    let s_buf = f.buffer(tile);
    let Expr::Load(g, g_idx) = &st.value else {
        return refuse(
            "its store is not a plain copy of a global element (a TMA copies bytes as they are)"
                .into(),
        );
    };
    let g_buf = f.buffer(*g);
    if done.iter().any(|(n, b, _)| *b == tile && n != block) {
        return refuse(format!("another block fills {} too", s_buf.name));
    }
    if !f.is_param_buffer(*g) || g_idx.len() != 2 {
        return refuse(format!(
            "it reads {}, which is not a 2-d parameter of the function (a TMA tensor map describes a 2-d global tensor)",
            g_buf.name
        ));
    }
    if g_buf.dtype != s_buf.dtype {
        return refuse(format!(
            "it converts {} to {} (a TMA copies bytes as they are)",
            g_buf.dtype.name(),
            s_buf.dtype.name()
        ));
    }
    let eb = s_buf.dtype.bytes() as i64;
    let w = s_buf.swizzle_bytes;
    if !s_buf.scope.is_shared() || !matches!(w, 32 | 64 | 128) {
        return refuse(format!(
            "{} is not a swizzled shared tile: annotate the block with buffer_swizzle 32, 64 or 128 (the tensor map's CU_TENSOR_MAP_SWIZZLE_*B, which must be the tile's)",
            s_buf.name
        ));
    }
    let shape = s_buf.const_shape().unwrap_or_default();
    let compact = s_buf.strides.is_empty() && s_buf.axis_align.is_empty();
    let row = w / eb;
    let (panels, rows) = match shape[..] {
        [r, c] if c == row => (1, r),
        [p, r, c] if c == row => (p, r),
        _ => {
            return refuse(format!(
                "{} has shape {shape:?}; a TMA fills a tile [rows, {row}] or panels [p, rows, {row}] (one {w}-byte swizzle row each)",
                s_buf.name
            ))
        }
    };
    if !compact {
        return refuse(format!(
            "{} has explicit strides or storage_align (a TMA box lands compact)",
            s_buf.name
        ));
    }
    if rows % 8 != 0 || !(1..=MAX_BOX).contains(&rows) {
        return refuse(format!(
            "a box of {rows} rows is not a multiple of 8 up to {MAX_BOX} (a TMA box dimension holds at most {MAX_BOX}, and each box must start on the 8-row swizzle pattern)"
        ));
    }
    let g_shape = g_buf.const_shape().unwrap_or_default();
    if g_shape.len() != 2 || (g_shape[1] * eb) % 16 != 0 || !g_buf.strides.is_empty() {
        return refuse(format!(
            "{} has shape {g_shape:?}: a tensor map's row stride must be a multiple of 16 bytes",
            g_buf.name
        ));
    }
    let total: i64 = nest.loops.iter().map(|l| l.2.max(0)).product();
    if total > MAX_POINTS || nest.loops.iter().any(|l| l.2 <= 0) {
        return refuse(format!(
            "its nest has {total} points; tirtui checks a TMA copy of at most {MAX_POINTS} point by point"
        ));
    }
    // Split each index into terms on the nest's loops and the rest.
    let mut ranges = outer.clone();
    for &(v, lo, ext) in &nest.loops {
        ranges.insert(v, const_range(lo, lo + ext - 1));
    }
    let loop_vars: Vec<VarId> = nest.loops.iter().map(|l| l.0).collect();
    let split = |e: &Expr| -> Result<(Expr, Expr), String> {
        // Loops of one iteration (a grid of one block) stand for their start.
        let e = simplify_owned(f.type_ctx(), fold_unit_ranges(e, &ranges), &ranges);
        let mut on_loops = Expr::int(0);
        let mut rest = Expr::int(0);
        for (sign, t) in terms(&e, 1) {
            let uses = loop_vars.iter().any(|&v| t.uses_var(v));
            let others = uses_other_var(&t, &loop_vars);
            if uses && others {
                return Err(f.expr(&e));
            }
            let signed = if sign > 0 {
                t.clone()
            } else {
                Expr::mul(Expr::int(-1), t.clone())
            };
            if uses {
                on_loops = Expr::add(on_loops, signed);
            } else {
                rest = Expr::add(rest, signed);
            }
        }
        let rest = simplify_owned(f.type_ctx(), fold_unit_ranges(&rest, outer), outer);
        Ok((on_loops, rest))
    };
    let mut s_loops = Vec::new();
    for e in &st.indices {
        match split(e) {
            Ok((l, rest)) if rest.as_int() == Some(0) => s_loops.push(l),
            Ok(_) | Err(_) => {
                return refuse(format!(
                    "its store into {} at [{}] does not address the tile from its start on the nest's loops alone",
                    s_buf.name,
                    st.indices.iter().map(|e| f.expr(e)).collect::<Vec<_>>().join(", ")
                ))
            }
        }
    }
    let mut g_loops = Vec::new();
    let mut origin = Vec::new();
    for e in g_idx {
        match split(e) {
            Ok((l, rest)) => {
                g_loops.push(l);
                origin.push(rest);
            }
            Err(text) => {
                return refuse(format!(
                    "its read of {} at `{text}` mixes the nest's loops with other values: a TMA box starts where the other values say and spans the loops",
                    g_buf.name
                ))
            }
        }
    }
    if let Err(why) = check_box(nest, &s_loops, &g_loops, &shape, panels, rows, row) {
        return refuse(why);
    }
    let zeros = vec![Expr::int(0); shape.len()];
    let call = Expr::Call(
        Intrinsic::TmaLoad,
        vec![
            Expr::Load(tile, zeros),
            Expr::int(0),
            Expr::Load(*g, vec![Expr::int(0), Expr::int(0)]),
            origin[0].clone(),
            origin[1].clone(),
            Expr::int(panels),
            Expr::int(rows),
            Expr::int(row),
        ],
    );
    Ok((LStmt::Evaluate(call), tile))
}

/// Every point of the nest stores tile element `s` from the global element
/// the box puts there (origin left out), and every element is stored.
fn check_box(
    nest: &Nest,
    s_idx: &[Expr],
    g_idx: &[Expr],
    shape: &[i64],
    panels: i64,
    rows: i64,
    row: i64,
) -> Result<(), String> {
    let size: i64 = shape.iter().product();
    let mut seen = vec![false; size.max(0) as usize];
    let mut point: Vec<i64> = nest.loops.iter().map(|l| l.1).collect();
    let vars: Vec<VarId> = nest.loops.iter().map(|l| l.0).collect();
    loop {
        let value = |e: &Expr| eval(e, &vars, &point);
        let s: Vec<i64> = s_idx.iter().map(value).collect::<Option<_>>().ok_or(
            "its indices use an operation tirtui does not evaluate when checking a TMA box",
        )?;
        let g: Vec<i64> = g_idx.iter().map(value).collect::<Option<_>>().ok_or(
            "its indices use an operation tirtui does not evaluate when checking a TMA box",
        )?;
        let (p, r, c) = match s[..] {
            [r, c] => (0, r, c),
            [p, r, c] => (p, r, c),
            _ => return Err("its tile is not 2-d or 3-d".into()),
        };
        if !(0..panels).contains(&p) || !(0..rows).contains(&r) || !(0..row).contains(&c) {
            return Err(format!("it stores tile element {s:?}, outside {shape:?}"));
        }
        if g != [r, p * row + c] {
            return Err(format!(
                "tile element {s:?} comes from global offset {g:?} from the box's origin, not [{r}, {}]: a TMA box copies rows as they are (for panels, the p-th {row} columns into panel p)",
                p * row + c
            ));
        }
        seen[((p * rows + r) * row + c) as usize] = true;
        // The next point, innermost loop fastest.
        let mut k = nest.loops.len();
        loop {
            if k == 0 {
                return match seen.iter().position(|x| !x) {
                    Some(i) => Err(format!(
                        "its loops leave tile element {} of {shape:?} unwritten (a TMA box fills the whole tile)",
                        i
                    )),
                    None => Ok(()),
                };
            }
            k -= 1;
            point[k] += 1;
            if point[k] < nest.loops[k].1 + nest.loops[k].2 {
                break;
            }
            point[k] = nest.loops[k].1;
        }
    }
}

/// The additive terms of `e` with their signs.
fn terms(e: &Expr, sign: i64) -> Vec<(i64, Expr)> {
    match e {
        Expr::Binary(BinOp::Add, a, b) => {
            let mut v = terms(a, sign);
            v.extend(terms(b, sign));
            v
        }
        Expr::Binary(BinOp::Sub, a, b) => {
            let mut v = terms(a, sign);
            v.extend(terms(b, -sign));
            v
        }
        Expr::Int(0, _) => Vec::new(),
        other => vec![(sign, other.clone())],
    }
}

fn uses_other_var(e: &Expr, loop_vars: &[VarId]) -> bool {
    let mut found = false;
    e.visit(&mut |x| match x {
        Expr::Var(v) => found |= !loop_vars.contains(v),
        Expr::Load(..) | Expr::Call(..) | Expr::Opaque(_) => found = true,
        _ => {}
    });
    found
}

/// An integer index of the nest's loops at `point`.
fn eval(e: &Expr, vars: &[VarId], point: &[i64]) -> Option<i64> {
    Some(match e {
        Expr::Int(v, _) => *v,
        Expr::Var(v) => point[vars.iter().position(|x| x == v)?],
        Expr::Cast(t, a) if t.is_int() => eval(a, vars, point)?,
        Expr::Binary(op, a, b) => {
            let (a, b) = (eval(a, vars, point)?, eval(b, vars, point)?);
            match op {
                BinOp::Add => a.checked_add(b)?,
                BinOp::Sub => a.checked_sub(b)?,
                BinOp::Mul => a.checked_mul(b)?,
                BinOp::FloorDiv if b != 0 => a.div_euclid(b),
                BinOp::FloorMod if b != 0 => a.rem_euclid(b),
                BinOp::Div if b != 0 => a / b,
                BinOp::Mod if b != 0 => a % b,
                BinOp::Min => a.min(b),
                BinOp::Max => a.max(b),
                _ => return None,
            }
        }
        _ => return None,
    })
}
