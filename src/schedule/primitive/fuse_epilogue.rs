//! fuse_reduction_epilogue: fold an elementwise bias epilogue into the
//! reduction that feeds it, so the reduction accumulates straight into the
//! epilogue's output.
//!
//! TVM: src/s_tir/schedule/primitive/compute_inline.cc (FuseReductionEpilogue).
//! `D = temp + C` after `temp = sum(...)` becomes one reduction block whose
//! init is `D = C` and whose update is `D = D + ...`; the reduction keeps its
//! name, loops and bindings, the epilogue and its loops disappear, and (as in
//! TVM 0.27) the intermediate's allocation stays.
//!
//! tirtui applies only the fusions that keep the program's result: an
//! additive reduction (`temp = temp + x`) and an epilogue that adds something
//! invariant over the reduction to the result used once (`temp + C`,
//! `C + temp`, or `temp` alone). TVM 0.27 also fuses `max`/`min` shells
//! (ReLU, clipping), which clamps every partial sum instead of the final one,
//! and leaves other readers of the intermediate reading a buffer nothing
//! writes any more: both change the result, so tirtui refuses them, saying why.

use crate::ir::{BinOp, BlockId, BufferId, BufferRegion, Expr, IterKind, PrimFunc, Stmt, VarId};
use crate::schedule::analysis::{
    block_culprit, check_complete, check_reduction, get_block, private_nest_root, sibling_blocks,
};
use crate::schedule::error::{ErrorExpr, ScheduleError};
use crate::schedule::tree;

/// TVM's `fuse_reduction_epilogue(reduction_block, epilogue_block)`.
pub fn fuse_reduction_epilogue(
    func: &mut PrimFunc,
    reduction: BlockId,
    epilogue: BlockId,
) -> Result<(), ScheduleError> {
    let plan = plan_fusion(func, reduction, epilogue)?;
    let fused_reads = fused_reads(func, reduction, epilogue, &plan);
    let Some(r) = tree::block_realize_mut(func, reduction) else {
        return Err(ScheduleError::StaleBlock(reduction));
    };
    r.block.init = Some(Stmt::BufferStore(crate::ir::BufferStore {
        buffer: plan.output,
        indices: plan.output_indices.clone(),
        value: plan.init_value,
    }));
    r.block.body = Stmt::BufferStore(crate::ir::BufferStore {
        buffer: plan.output,
        indices: plan.output_indices,
        value: plan.update_value,
    });
    r.block.reads = fused_reads;
    r.block.writes = vec![plan.output_region];
    tree::remove_block(&mut func.body, epilogue);
    tree::cleanup_empty(&mut func.body);
    Ok(())
}

/// What the fused block stores, found and checked before anything changes.
struct FusionPlan {
    /// The reduction's intermediate (`temp`).
    intermediate: BufferId,
    /// The epilogue's output (`D`), its indices and write region in the
    /// reduction's iterators.
    output: BufferId,
    output_indices: Vec<Expr>,
    output_region: BufferRegion,
    init_value: Expr,
    update_value: Expr,
    /// Epilogue iterator -> the reduction iterator it stands for.
    var_map: Vec<(VarId, VarId)>,
}

fn pattern_error(func: &PrimFunc, block: BlockId, why: impl Into<String>) -> ScheduleError {
    ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block),
        why: why.into(),
    }
}

fn plan_fusion(
    func: &PrimFunc,
    reduction: BlockId,
    epilogue: BlockId,
) -> Result<FusionPlan, ScheduleError> {
    let red = get_block(func, reduction)?;
    let epi = get_block(func, epilogue)?;
    let [write] = red.block.writes.as_slice() else {
        return Err(pattern_error(
            func,
            reduction,
            format!(
                "fuse_reduction_epilogue needs the reduction block to write exactly one buffer; it writes {}",
                red.block.writes.len()
            ),
        ));
    };
    let intermediate = write.buffer;
    check_reduction(func, reduction)?;
    check_complete(func, epilogue)?;
    if func.is_param_buffer(intermediate) {
        return Err(ScheduleError::OutputBlock {
            block: block_culprit(func, reduction),
            buffer: func.buffer(intermediate).name.clone(),
        });
    }
    check_placement(func, reduction, epilogue)?;
    let (temp_indices, update_rest, init_value) =
        additive_reduction(func, reduction, intermediate)?;
    let shape = epilogue_shape(func, epilogue, intermediate)?;
    let var_map = map_iterators(func, reduction, epilogue, &temp_indices, &shape.temp_load)?;
    check_no_other_reader(func, reduction, epilogue, intermediate)?;
    check_nothing_between(func, reduction, epilogue, shape.output)?;
    if func.buffer(shape.output).dtype != func.buffer(intermediate).dtype {
        return Err(pattern_error(
            func,
            epilogue,
            "the epilogue's output has another element type than the reduction's; the fused block would accumulate in the wrong type",
        ));
    }
    let rename = |e: &Expr| rename_vars(e, &var_map);
    let output_indices: Vec<Expr> = shape.output_indices.iter().map(rename).collect();
    let output_load = Expr::Load(shape.output, output_indices.clone());
    let init_value = match &shape.addend {
        None => init_value,
        // TVM simplifies `0 + C` to `C`.
        Some((addend, _)) if is_zero(&init_value) => rename(addend),
        Some((addend, temp_first)) => ordered_add(init_value, rename(addend), *temp_first),
    };
    let update_value = ordered_add(output_load, update_rest.0, update_rest.1);
    let region = epi
        .block
        .writes
        .iter()
        .find(|w| w.buffer == shape.output)
        .map(|w| w.region.clone())
        .unwrap_or_default();
    let output_region = BufferRegion {
        buffer: shape.output,
        region: region
            .iter()
            .map(|r| crate::ir::Range::new(rename(&r.min), rename(&r.extent)))
            .collect(),
    };
    Ok(FusionPlan {
        intermediate,
        output: shape.output,
        output_indices,
        output_region,
        init_value,
        update_value,
        var_map,
    })
}

/// `e` with each epilogue iterator replaced by its reduction iterator.
fn rename_vars(e: &Expr, map: &[(VarId, VarId)]) -> Expr {
    let mut e = e.clone();
    e.substitute(&|v| {
        map.iter()
            .find(|(from, _)| *from == v)
            .map(|(_, to)| Expr::Var(*to))
    });
    e
}

/// `a + b` with the accumulator first when `accumulator_first`.
fn ordered_add(accumulator: Expr, other: Expr, accumulator_first: bool) -> Expr {
    if accumulator_first {
        Expr::add(accumulator, other)
    } else {
        Expr::add(other, accumulator)
    }
}

fn is_zero(e: &Expr) -> bool {
    match e {
        Expr::Int(0, _) => true,
        Expr::Float(v, _) => *v == 0.0,
        _ => false,
    }
}

/// Both blocks in one scope, the epilogue after the reduction, alone in its
/// own loop nest (the nest disappears with it).
fn check_placement(
    func: &PrimFunc,
    reduction: BlockId,
    epilogue: BlockId,
) -> Result<(), ScheduleError> {
    let siblings = sibling_blocks(func, reduction);
    let position = |b| siblings.iter().position(|x| *x == b);
    match (position(reduction), position(epilogue)) {
        (Some(r), Some(e)) if r < e => {}
        (Some(_), Some(_)) => {
            return Err(pattern_error(
                func,
                epilogue,
                "the epilogue comes before the reduction; it must consume the reduction's result",
            ))
        }
        _ => {
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, epilogue),
                why: format!(
                    "it is not in the same scope as the reduction block \"{}\"",
                    func.find_block(reduction)
                        .map_or("?", |r| r.block.name.as_str())
                ),
            })
        }
    }
    let loops = tree::loops_of_block(func, epilogue).unwrap_or_default();
    if loops.first().copied() != private_nest_root(func, epilogue) {
        return Err(pattern_error(
            func,
            epilogue,
            "the epilogue shares a loop with other blocks; fusion removes its loop nest, so the epilogue must be alone in it",
        ));
    }
    Ok(())
}

/// The reduction's `temp[v..] = temp[v..] + rest` (or `rest + temp[v..]`) with
/// `T.init(): temp[v..] = init`: returns the store indices (distinct spatial
/// iterators), `(rest, temp_first)` and `init`.
#[allow(clippy::type_complexity)]
fn additive_reduction(
    func: &PrimFunc,
    reduction: BlockId,
    temp: BufferId,
) -> Result<(Vec<VarId>, (Expr, bool), Expr), ScheduleError> {
    let red = &get_block(func, reduction)?.block;
    let err = |why: &str| pattern_error(func, reduction, why);
    let (Stmt::BufferStore(update), Some(Stmt::BufferStore(init))) = (&red.body, &red.init) else {
        return Err(err(
            "fuse_reduction_epilogue needs the reduction's body and init to be single stores",
        ));
    };
    if update.buffer != temp || init.buffer != temp || update.indices != init.indices {
        return Err(err(
            "the reduction's init and update must store to the same element of its written buffer",
        ));
    }
    let mut vars = Vec::new();
    for idx in &update.indices {
        let spatial = idx.as_var().filter(|v| {
            red.iter_vars
                .iter()
                .any(|iv| iv.var == *v && iv.kind == IterKind::Spatial)
        });
        match spatial {
            Some(v) if !vars.contains(&v) => vars.push(v),
            _ => {
                return Err(ScheduleError::UnsupportedIndex {
                    block: block_culprit(func, reduction),
                    primitive: "fuse_reduction_epilogue",
                    buffer: func.buffer(temp).name.clone(),
                    want: "a distinct spatial iterator",
                    index: ErrorExpr::new(idx),
                })
            }
        }
    }
    let accumulator = Expr::Load(temp, update.indices.clone());
    let rest = match &update.value {
        Expr::Binary(BinOp::Add, a, b) if **a == accumulator && !loads(b, temp) => {
            ((**b).clone(), true)
        }
        Expr::Binary(BinOp::Add, a, b) if **b == accumulator && !loads(a, temp) => {
            ((**a).clone(), false)
        }
        _ => {
            return Err(err(
                "the reduction is not a sum (`temp = temp + x`); only an additive reduction keeps its result when an added epilogue moves into its init",
            ))
        }
    };
    if loads(&init.value, temp) {
        return Err(err("the reduction's init reads the buffer it initialises"));
    }
    Ok((vars, rest, init.value.clone()))
}

/// Whether `e` loads `buffer` anywhere.
fn loads(e: &Expr, buffer: BufferId) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Load(b, _) if *b == buffer));
    found
}

fn load_count(e: &Expr, buffer: BufferId) -> usize {
    let mut n = 0;
    e.visit(&mut |x| n += usize::from(matches!(x, Expr::Load(b, _) if *b == buffer)));
    n
}

/// The epilogue `D[..] = temp[..] (+ addend)`, checked.
struct EpilogueShape {
    output: BufferId,
    output_indices: Vec<Expr>,
    temp_load: Vec<Expr>,
    /// The added term and whether `temp` comes first (`temp + C`).
    addend: Option<(Expr, bool)>,
}

fn epilogue_shape(
    func: &PrimFunc,
    epilogue: BlockId,
    temp: BufferId,
) -> Result<EpilogueShape, ScheduleError> {
    let r = get_block(func, epilogue)?;
    // TVM's wording for every epilogue it cannot fuse (BodyAnalysisError).
    let body_error = |why: &str| {
        pattern_error(
            func,
            epilogue,
            format!(
                "the epilogue's body must be `D[...] = temp[...] + C[...]` where temp, the reduction's result, is read once and only added to: {why}"
            ),
        )
    };
    if !r.predicate.is_const_true() {
        return Err(body_error("the epilogue has a predicate (`T.where`)"));
    }
    let Stmt::BufferStore(store) = &r.block.body else {
        return Err(body_error("its body is not a single store"));
    };
    match load_count(&store.value, temp) {
        0 => return Err(body_error("it does not read the reduction's result")),
        1 => {}
        n => return Err(body_error(&format!("it reads the result {n} times"))),
    }
    let (temp_load, addend) = match &store.value {
        Expr::Load(b, idx) if *b == temp => (idx.clone(), None),
        Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
            (Expr::Load(t, idx), other) if *t == temp => {
                (idx.clone(), Some((other.clone(), true)))
            }
            (other, Expr::Load(t, idx)) if *t == temp => {
                (idx.clone(), Some((other.clone(), false)))
            }
            _ => return Err(body_error("the result is scaled or nested before it is added")),
        },
        Expr::Binary(BinOp::Max | BinOp::Min, ..) => {
            return Err(body_error(
                "a max/min shell (ReLU, clipping) would clamp every partial sum instead of the final one, which changes the result (TVM 0.27 fuses it anyway)",
            ))
        }
        _ => return Err(body_error("the result is scaled or transformed, not added to")),
    };
    Ok(EpilogueShape {
        output: store.buffer,
        output_indices: store.indices.clone(),
        temp_load,
        addend,
    })
}

/// Pairs each epilogue iterator with the reduction iterator at the same
/// position of `temp`'s indices, after checking that the epilogue runs once
/// for each element the reduction produces: the epilogue's `temp` and output
/// indices each use every one of its iterators once, over the same domains as
/// the reduction's, with bindings that cover that domain exactly.
fn map_iterators(
    func: &PrimFunc,
    reduction: BlockId,
    epilogue: BlockId,
    temp_indices: &[VarId],
    temp_load: &[Expr],
) -> Result<Vec<(VarId, VarId)>, ScheduleError> {
    let red = &get_block(func, reduction)?.block;
    let (epi, loops) =
        tree::block_and_loops(func, epilogue).ok_or(ScheduleError::StaleBlock(epilogue))?;
    let err = |why: String| pattern_error(func, epilogue, why);
    let spatial = red
        .iter_vars
        .iter()
        .filter(|iv| iv.kind == IterKind::Spatial)
        .count();
    if spatial != temp_indices.len() {
        return Err(pattern_error(
            func,
            reduction,
            "every spatial iterator of the reduction must index its written buffer",
        ));
    }
    let distinct_iterators = |indices: &[Expr]| -> Option<Vec<VarId>> {
        let mut vars: Vec<VarId> = Vec::new();
        for idx in indices {
            let v = idx.as_var()?;
            if vars.contains(&v) || !epi.block.iter_vars.iter().any(|iv| iv.var == v) {
                return None;
            }
            vars.push(v);
        }
        (vars.len() == epi.block.iter_vars.len()).then_some(vars)
    };
    let Some(epi_vars) = distinct_iterators(temp_load) else {
        return Err(err(
            "the epilogue must read the reduction's result at its own iterators, each once (`temp[vi, vj]`), so that it runs once per element".into(),
        ));
    };
    if let Stmt::BufferStore(store) = &epi.block.body {
        if distinct_iterators(&store.indices).is_none() {
            return Err(err(
                "the epilogue must write its output at its own iterators, each once, so that every fused instance writes its own element".into(),
            ));
        }
    }
    let mut map = Vec::with_capacity(epi_vars.len());
    for (e, r) in epi_vars.iter().zip(temp_indices) {
        let dom = |b: &crate::ir::Block, v: VarId| {
            b.iter_vars
                .iter()
                .find(|iv| iv.var == v)
                .map(|iv| iv.dom.clone())
        };
        if dom(&epi.block, *e) != dom(red, *r) {
            return Err(err(format!(
                "its iterator `{}` ranges over another domain than the reduction's `{}`",
                func.var_name(*e),
                func.var_name(*r)
            )));
        }
        map.push((*e, *r));
    }
    check_covering_bindings(func, epilogue, epi, &loops)?;
    Ok(map)
}

/// The epilogue's loops run each point of its domain exactly once: constant
/// extents whose product is the domain's size, and bindings that pack the
/// loops like one mixed-radix number.
fn check_covering_bindings(
    func: &PrimFunc,
    epilogue: BlockId,
    epi: &crate::ir::BlockRealize,
    loops: &[&crate::ir::For],
) -> Result<(), ScheduleError> {
    let err = || {
        pattern_error(
            func,
            epilogue,
            "the epilogue's loops must cover its iteration domain exactly once (constant extents, affine bindings)",
        )
    };
    let mut inner = Vec::with_capacity(loops.len());
    let mut loop_points: i64 = 1;
    for l in loops {
        let (Some(0), Some(extent)) = (l.min.as_int(), l.extent.as_int()) else {
            return Err(err());
        };
        inner.push((l.var, extent));
        loop_points = loop_points.checked_mul(extent).ok_or_else(err)?;
    }
    let mut domain_points: i64 = 1;
    for iv in &epi.block.iter_vars {
        let (Some(0), Some(extent)) = (iv.dom.min.as_int(), iv.dom.extent.as_int()) else {
            return Err(err());
        };
        domain_points = domain_points.checked_mul(extent).ok_or_else(err)?;
    }
    let affine = super::affine_binding::first_non_affine(&epi.iter_values, &inner).is_none();
    let uses_outer = epi
        .iter_values
        .iter()
        .any(|v| v.mentions(&|x| !inner.iter().any(|(l, _)| *l == x)));
    if loop_points != domain_points || !affine || uses_outer {
        return Err(err());
    }
    Ok(())
}

/// No block but the two reads the intermediate (TVM 0.27 leaves such readers
/// reading a buffer nothing writes), and none but the reduction writes it.
fn check_no_other_reader(
    func: &PrimFunc,
    reduction: BlockId,
    epilogue: BlockId,
    temp: BufferId,
) -> Result<(), ScheduleError> {
    let others: Vec<String> = func
        .blocks()
        .iter()
        .filter(|b| b.id != reduction && b.id != epilogue)
        .filter(|b| b.reads.iter().chain(&b.writes).any(|r| r.buffer == temp))
        .map(|b| format!("\"{}\"", b.name))
        .collect();
    if others.is_empty() {
        return Ok(());
    }
    Err(pattern_error(
        func,
        reduction,
        format!(
            "`{}` is also accessed by {}; after the fusion nothing would write it, so those blocks would read garbage",
            func.buffer(temp).name,
            others.join(", ")
        ),
    ))
}

/// The epilogue's work moves up to the reduction: nothing between them may
/// write what the epilogue reads or touch its output, and the reduction
/// itself must not read that output.
fn check_nothing_between(
    func: &PrimFunc,
    reduction: BlockId,
    epilogue: BlockId,
    output: BufferId,
) -> Result<(), ScheduleError> {
    let epi_reads: Vec<BufferId> = get_block(func, epilogue)?
        .block
        .reads
        .iter()
        .map(|r| r.buffer)
        .collect();
    let red = &get_block(func, reduction)?.block;
    if red.reads.iter().any(|r| r.buffer == output) {
        return Err(pattern_error(
            func,
            reduction,
            format!(
                "the reduction reads `{}`, which the fused block would write",
                func.buffer(output).name
            ),
        ));
    }
    let siblings = sibling_blocks(func, reduction);
    let from = siblings.iter().position(|b| *b == reduction).unwrap_or(0);
    let to = siblings.iter().position(|b| *b == epilogue).unwrap_or(0);
    for b in siblings.iter().take(to).skip(from + 1) {
        let blk = &get_block(func, *b)?.block;
        let clobbers = blk
            .writes
            .iter()
            .any(|w| w.buffer == output || epi_reads.contains(&w.buffer));
        let observes = blk.reads.iter().any(|r| r.buffer == output);
        if clobbers || observes {
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, *b),
                why: format!(
                    "it stands between the reduction and the epilogue and {} what the epilogue reads or writes, so the epilogue cannot move up into the reduction",
                    if clobbers { "writes" } else { "reads" }
                ),
            });
        }
    }
    Ok(())
}

/// TVM's order: the epilogue's reads but the intermediate (in the
/// reduction's iterators), then the reduction's reads not yet listed.
fn fused_reads(
    func: &PrimFunc,
    reduction: BlockId,
    epilogue: BlockId,
    plan: &FusionPlan,
) -> Vec<BufferRegion> {
    let rename = |e: &Expr| rename_vars(e, &plan.var_map);
    let mut reads: Vec<BufferRegion> = Vec::new();
    if let Some(epi) = func.find_block(epilogue) {
        for r in epi
            .block
            .reads
            .iter()
            .filter(|r| r.buffer != plan.intermediate)
        {
            reads.push(BufferRegion {
                buffer: r.buffer,
                region: r
                    .region
                    .iter()
                    .map(|x| crate::ir::Range::new(rename(&x.min), rename(&x.extent)))
                    .collect(),
            });
        }
    }
    if let Some(red) = func.find_block(reduction) {
        for r in &red.block.reads {
            if r.buffer != plan.intermediate && !reads.iter().any(|x| x.buffer == r.buffer) {
                reads.push(r.clone());
            }
        }
    }
    reads
}
