//! decompose_reduction: a reduction block's `T.init()` as a block of its own.
//!
//! TVM: src/tir/schedule/primitive/reduction.cc

use super::reduction::kept_loops_predicate;
use crate::ir::{
    Block, BlockId, BlockRealize, BufferRegion, Expr, For, IterKind, IterVar, LoopId, PrimFunc,
    Stmt, VarId,
};
use crate::schedule::analysis::{
    block_culprit, check_reduction, get_block, get_loop, loop_culprit,
};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::loop_transformation::{loop_ranges, simplify_bindings};
use crate::schedule::tree;

/// TVM's `decompose_reduction`: the block's `T.init()` becomes a separate
/// `<name>_init` block placed right before `loop`, and the block is renamed
/// `<name>_update`. Returns the init block.
pub fn decompose_reduction(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
) -> Result<BlockId, ScheduleError> {
    let (realize, loops, at) = check_decompose_site(func, block, loop_id)?;
    let init_body = realize
        .block
        .init
        .clone()
        .ok_or_else(|| ScheduleError::WrongBlockKind {
            block: block_culprit(func, block),
            want: "reduction",
            why: "it has no `T.init()`".into(),
        })?;
    let (init_nest, init_id) = build_init_nest(func, &realize, &loops[at..], init_body)?;
    make_update_block(func, block);
    // Insert the init nest right before `loop`.
    let slot =
        tree::loop_stmt_mut(&mut func.body, loop_id).ok_or(ScheduleError::StaleLoop(loop_id))?;
    let old = std::mem::replace(slot, Stmt::Seq(Vec::new()));
    *slot = Stmt::Seq(vec![init_nest, old]);
    tree::cleanup_empty(&mut func.body);
    let ranges = loop_ranges(func);
    simplify_bindings(&mut func.body, &ranges);
    Ok(init_id)
}

/// decompose_reduction's preconditions: a reduction block under `loop_id`, no
/// loop above it driving a reduction iterator, and every loop from it down
/// driving some iterator. Returns the block, its loops and `loop_id`'s position.
fn check_decompose_site(
    func: &PrimFunc,
    block: BlockId,
    loop_id: LoopId,
) -> Result<(BlockRealize, Vec<LoopId>, usize), ScheduleError> {
    check_reduction(func, block)?;
    get_loop(func, loop_id)?;
    if !tree::loop_contains_block(func, loop_id, block) {
        return Err(ScheduleError::NotAncestor {
            loop_: loop_culprit(func, loop_id),
            block: block_culprit(func, block),
        });
    }
    let realize = get_block(func, block)?.clone();
    let loops = tree::loops_of_block(func, block).ok_or(ScheduleError::StaleBlock(block))?;
    let at =
        loops
            .iter()
            .position(|l| *l == loop_id)
            .ok_or_else(|| ScheduleError::NotAncestor {
                loop_: loop_culprit(func, loop_id),
                block: block_culprit(func, block),
            })?;
    // No loop above `loop` may drive a reduction iterator.
    for outer in &loops[..at] {
        let var = get_loop(func, *outer)?.var;
        for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
            if iv.kind == IterKind::Reduce && value.uses_var(var) {
                return Err(ScheduleError::LoopBelowReduction {
                    loop_: loop_culprit(func, loop_id),
                    inner: loop_culprit(func, *outer),
                    iter: func.var_name(iv.var).to_string(),
                });
            }
        }
    }
    // A loop from `loop` down that no binding uses repeats the whole reduction;
    // a hoisted init would then run once for several reductions. A `T.where`
    // on such a loop does not make it drive anything: it repeats the reduction
    // for every value that passes (found by the property test: a cache stage's
    // split loop reached only the predicate, and the sums came out 7 times).
    for inner in &loops[at..] {
        let var = get_loop(func, *inner)?.var;
        let used = realize.iter_values.iter().any(|v| v.uses_var(var));
        if !used {
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, block),
                why: format!(
                    "{} does not drive any iterator of the block, so it repeats the whole reduction; decompose_reduction would initialise only once",
                    loop_culprit(func, *inner)
                ),
            });
        }
    }
    Ok((realize, loops, at))
}

/// The `<name>_init` block with copies of the loops in `nest` (from the target
/// loop down) that its bindings use. Returns the nest and the init block's id.
fn build_init_nest(
    func: &mut PrimFunc,
    realize: &BlockRealize,
    nest: &[LoopId],
    init_body: Stmt,
) -> Result<(Stmt, BlockId), ScheduleError> {
    let (init_iters, mut init_values, var_map) = init_iterators(func, realize, &init_body);
    let (mut loop_copies, loop_map) = init_loop_copies(func, nest, &init_values)?;
    let lmap = |v: VarId| renamed(&loop_map, v);
    for v in &mut init_values {
        v.substitute(&lmap);
    }
    for f in &mut loop_copies {
        f.min.substitute(&lmap);
        f.extent.substitute(&lmap);
    }
    let vmap = |v: VarId| renamed(&var_map, v);
    let mut body = init_body;
    body.substitute(&vmap);
    let mut writes = realize.block.writes.clone();
    for w in &mut writes {
        for r in &mut w.region {
            r.min.substitute(&vmap);
            r.extent.substitute(&vmap);
        }
    }
    let init_id = func.new_block_id();
    let init_block = Block {
        id: init_id,
        name: format!("{}_init", realize.block.name),
        iter_vars: init_iters,
        reads: Vec::new(),
        writes,
        init: None,
        body,
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        // TVM's DecomposeReduction copies the block's annotations onto the
        // init block (both blocks keep them). tirtui's tensorize mark is not
        // TVM's: it says the body is the intrinsic, which the init is not.
        annotations: realize
            .block
            .annotations
            .iter()
            .filter(|(k, _)| k != crate::ir::TENSOR_INTRIN_ATTR)
            .cloned()
            .collect(),
    };
    let predicate = init_predicate(func, realize, nest, &loop_map)?;
    let mut stmt = Stmt::BlockRealize(crate::ir::Shared::new(BlockRealize {
        iter_values: init_values,
        predicate,
        block: init_block,
    }));
    for mut f in loop_copies.into_iter().rev() {
        f.body = stmt;
        stmt = Stmt::For(crate::ir::Shared::new(f));
    }
    Ok((stmt, init_id))
}

/// `v` renamed by `map` (old variable, new variable), as an expression.
fn renamed(map: &[(VarId, VarId)], v: VarId) -> Option<Expr> {
    map.iter()
        .find(|(a, _)| *a == v)
        .map(|(_, b)| Expr::Var(*b))
}

/// The init's iterators: the spatial ones the init uses, with fresh variables
/// of the same names. Returns them, their bindings, and (old, new) variables.
#[allow(clippy::type_complexity)]
fn init_iterators(
    func: &mut PrimFunc,
    realize: &BlockRealize,
    init_body: &Stmt,
) -> (Vec<IterVar>, Vec<Expr>, Vec<(VarId, VarId)>) {
    let mut init_iters = Vec::new();
    let mut init_values = Vec::new();
    let mut var_map: Vec<(VarId, VarId)> = Vec::new();
    for (iv, value) in realize.block.iter_vars.iter().zip(&realize.iter_values) {
        if iv.kind != IterKind::Spatial || !stmt_uses_var(init_body, iv.var) {
            continue;
        }
        let name = func.var_name(iv.var).to_string();
        let dtype = func.var(iv.var).dtype;
        let nv = func.new_var(name, dtype);
        var_map.push((iv.var, nv));
        init_iters.push(IterVar {
            var: nv,
            dom: iv.dom.clone(),
            kind: IterKind::Spatial,
        });
        init_values.push(value.clone());
    }
    (init_iters, init_values, var_map)
}

/// Copies (with empty bodies) of the loops in `nest` that the init bindings
/// use, their variables suffixed `_init`; and (loop variable, copy's variable).
#[allow(clippy::type_complexity)]
fn init_loop_copies(
    func: &mut PrimFunc,
    nest: &[LoopId],
    init_values: &[Expr],
) -> Result<(Vec<For>, Vec<(VarId, VarId)>), ScheduleError> {
    let mut loop_copies: Vec<For> = Vec::new();
    let mut loop_map: Vec<(VarId, VarId)> = Vec::new();
    for l in nest {
        let f = get_loop(func, *l)?.clone();
        if !init_values.iter().any(|v| v.uses_var(f.var)) {
            continue;
        }
        let name = format!("{}_init", func.var_name(f.var));
        let dtype = func.var(f.var).dtype;
        let nv = func.new_var(name, dtype);
        loop_map.push((f.var, nv));
        loop_copies.push(For {
            id: func.new_loop_id(),
            var: nv,
            body: Stmt::Seq(Vec::new()),
            ..f
        });
    }
    Ok((loop_copies, loop_map))
}

/// The init's predicate: the block's, with the loops of `nest` it does not
/// copy (reduction-only ones) taken out as "some iteration of them passes it",
/// then renamed to the copies by `loop_map`. Dropping a condition that also
/// constrains a kept loop would run the init where the update never runs
/// (`T.where(u_0 * 5 + u_1 < 1)` over a split unit loop reset the sum at
/// u_0 = 1, 2: found by the property test; TVM 0.27 gives that wrong program).
fn init_predicate(
    func: &PrimFunc,
    realize: &BlockRealize,
    nest: &[LoopId],
    loop_map: &[(VarId, VarId)],
) -> Result<Expr, ScheduleError> {
    if realize.predicate.is_const_true() {
        // The common case: no loop ranges to walk for.
        return Ok(Expr::bool(true));
    }
    let copied: Vec<VarId> = loop_map.iter().map(|(a, _)| *a).collect();
    let skipped: Vec<VarId> = nest
        .iter()
        .filter_map(|l| func.find_loop(*l).map(|f| f.var))
        .filter(|v| !copied.contains(v))
        .collect();
    let ranges = loop_ranges(func);
    let mut predicate =
        kept_loops_predicate(&realize.predicate, &skipped, &ranges).ok_or_else(|| {
            ScheduleError::UnsupportedPattern {
                block: block_culprit(func, realize.block.id),
                why: "the init leaves out the block's reduction loops, and its `T.where` \
                      condition on them is not an affine comparison tirtui can carry over"
                    .into(),
            }
        })?;
    predicate.substitute(&|v| renamed(loop_map, v));
    Ok(predicate)
}

/// The reduction block becomes `<name>_update`: no init, reads what it writes.
fn make_update_block(func: &mut PrimFunc, block: BlockId) {
    if let Some(r) = tree::block_realize_mut(func, block) {
        r.block.init = None;
        r.block.name = format!("{}_update", r.block.name);
        let mut reads: Vec<BufferRegion> = r
            .block
            .writes
            .iter()
            .filter(|w| !r.block.reads.iter().any(|x| x.buffer == w.buffer))
            .cloned()
            .collect();
        reads.append(&mut r.block.reads);
        r.block.reads = reads;
    }
}

fn stmt_uses_var(stmt: &Stmt, v: VarId) -> bool {
    let mut used = false;
    stmt.visit(&mut |s| s.for_each_expr(|e| used |= e.uses_var(v)));
    used
}
