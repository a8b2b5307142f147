//! rfactor (decompose_reduction is in `decompose_reduction.rs`).
//!
//! TVM: src/tir/schedule/primitive/reduction.cc

pub use super::decompose_reduction::decompose_reduction;
use super::rfactor_iterators::{rf_iterators, RfIterators};
use super::rfactor_reducer::{is_single_buffer, match_tuple_reduction, TupleReducer};
use crate::ir::{
    BinOp, Block, BlockId, BlockRealize, Buffer, BufferId, BufferStore, Expr, For, IterKind,
    IterVar, LoopId, PrimFunc, Range, Stmt, VarId,
};
use crate::schedule::analysis::{
    block_culprit, check_reduction, get_block, get_loop, loop_culprit,
};
use crate::schedule::error::{Culprit, ErrorExpr, ScheduleError};
use crate::schedule::primitive::loop_transformation::{loop_ranges, simplify_bindings};
use crate::schedule::tree;

/// The combiner of a reduction update `C[s] = C[s] op rhs`.
fn match_combiner(func: &PrimFunc, block: &Block) -> Option<(BinOp, BufferStore, Expr)> {
    // `v = C[...] + x; C[...] = v` is the update with its lets inlined (TVM
    // matches the store's value after substituting them; the rf and
    // write-back blocks are built without them).
    let mut lets: Vec<(VarId, Expr)> = Vec::new();
    let mut body = &block.body;
    while let Stmt::LetStmt(l) = body {
        lets.push((l.var, l.value.clone()));
        body = &l.body;
    }
    let Stmt::BufferStore(store) = body else {
        return None;
    };
    let mut store = store.clone();
    for (var, value) in lets.iter().rev() {
        let inline = |v: VarId| (v == *var).then(|| value.clone());
        store.value.substitute(&inline);
        store.indices.iter_mut().for_each(|i| i.substitute(&inline));
    }
    let store = &store;
    let (op, lhs, rhs) = match &store.value {
        Expr::Binary(op @ (BinOp::Add | BinOp::Mul | BinOp::Min | BinOp::Max), a, b) => (*op, a, b),
        _ => return None,
    };
    let is_self =
        |e: &Expr| matches!(e, Expr::Load(b, idx) if *b == store.buffer && *idx == store.indices);
    let _ = func;
    if is_self(lhs) {
        Some((op, store.clone(), (**rhs).clone()))
    } else if is_self(rhs) {
        Some((op, store.clone(), (**lhs).clone()))
    } else {
        None
    }
}

/// TVM's `rfactor`: the reduction over `loop` is split into a partial reduction
/// into a new buffer `<C>_rf` indexed by the loop (block `<name>_rf`), followed
/// by the original block reducing over that new axis. Returns the rf block.
pub fn rfactor(
    func: &mut PrimFunc,
    loop_id: LoopId,
    factor_axis: i64,
) -> Result<BlockId, ScheduleError> {
    let l = get_loop(func, loop_id)?.clone();
    let RfactorTarget {
        realize,
        extent,
        combiner,
        outputs,
        rhs,
        init,
    } = rfactor_target(func, loop_id, &l)?;
    let block_id = realize.block.id;
    let ndim = func.buffer(outputs[0].0).shape.len() as i64;
    let axis = rf_axis(factor_axis, ndim)?;
    let rf_buffers: Vec<BufferId> = outputs
        .iter()
        .map(|(b, _)| {
            let out = func.buffer(*b).clone();
            let mut rf_shape = out.shape.clone();
            // The new axis in the factored loop's type (`T.int64(4)` for an int64 loop, as TVM).
            rf_shape.insert(axis, Expr::Int(extent, func.var(l.var).dtype));
            // A 0-d buffer's offset is an int64 zero in TVM, which the rf
            // buffer copies (printed, its shape being int32).
            let elem_offset = out
                .shape
                .is_empty()
                .then_some(Expr::Int(0, crate::ir::DataType::I64));
            func.new_buffer(Buffer {
                name: format!("{}_rf", out.name),
                shape: rf_shape,
                strides: Vec::new(),
                elem_offset,
                axis_align: Vec::new(),
                swizzle_bytes: 0,
                ..out
            })
        })
        .collect();
    let mut driving = reduction_driving_loops(func, &realize)?;
    if !driving.iter().any(|(v, _)| *v == l.var) {
        // A unit loop no iterator uses (checked above): it indexes the one
        // partial result.
        driving.push((l.var, extent));
    }
    let RfIterators {
        iters: rf_iters,
        values: rf_values,
        map,
        rf_iter,
    } = rf_iterators(func, &realize, &driving, l.var, loop_id)?;
    let sub =
        |e: &mut Expr| e.substitute(&|v| map.iter().find(|(a, _)| *a == v).map(|(_, b)| b.clone()));
    let rf_targets: Vec<(BufferId, Vec<Expr>)> = outputs
        .iter()
        .zip(&rf_buffers)
        .map(|((_, indices), rf)| {
            let mut rf_indices = indices.clone();
            rf_indices.iter_mut().for_each(sub);
            rf_indices.insert(axis, Expr::Var(rf_iter));
            (*rf, rf_indices)
        })
        .collect();
    let mut rf_rhs = rhs.clone();
    rf_rhs.iter_mut().for_each(sub);
    let mut init_values = init.clone();
    init_values.iter_mut().for_each(sub);
    let rf_block_id = func.new_block_id();
    let rf_block = make_rf_block(
        func,
        rf_block_id,
        &realize.block,
        rf_iters,
        RfStore {
            targets: rf_targets.clone(),
            combiner,
            rhs: rf_rhs,
            init_values,
        },
    );
    // The rf block takes the original block's place in the loop nest.
    let mut rf_realize = BlockRealize {
        iter_values: rf_values,
        predicate: realize.predicate.clone(),
        block: rf_block,
    };
    let (mut reads, writes) = crate::arith::region::infer_access_regions(func, &rf_realize.block);
    if let Combiner::Tuple(_) = combiner {
        // TVM lists a tuple reduction's regions in the original block's order.
        let order: Vec<BufferId> = realize.block.reads.iter().map(|r| r.buffer).collect();
        order_regions(&mut reads, &order);
    }
    rf_realize.block.reads = reads;
    rf_realize.block.writes = writes;
    // Replace the original realize inside a copy of the loop nest.
    let nest_root =
        crate::schedule::analysis::private_nest_root(func, block_id).ok_or_else(|| {
            ScheduleError::NotAlone(
                block_culprit(func, block_id),
                "rfactor copies its loop nest".into(),
            )
        })?;
    let above = loops_to_copy_above(func, block_id, nest_root)?;
    let nest = get_loop(func, nest_root)?.clone();
    let mut rf_nest = Stmt::For(crate::ir::Shared::new(nest.clone()));
    if let Some(slot) = tree::block_stmt_mut(&mut rf_nest, block_id) {
        *slot = Stmt::BlockRealize(crate::ir::Shared::new(rf_realize));
    }
    for l in above.iter().rev() {
        rf_nest = Stmt::For(crate::ir::Shared::new(For {
            body: rf_nest,
            ..get_loop(func, *l)?.clone()
        }));
    }
    // Fresh ids for the rf nest's loops (the original nest keeps its ids for the write-back).
    renumber_loops(func, &mut rf_nest);
    rewrite_write_back(
        func,
        block_id,
        WriteBack {
            rf_loop_var: l.var,
            extent,
            combiner,
            outputs: &outputs,
            init: &init,
            axis,
            rf_buffers: &rf_buffers,
        },
    );
    let reduce_loops: Vec<VarId> = driving
        .iter()
        .map(|(v, _)| *v)
        .filter(|v| *v != l.var)
        .collect();
    drop_unused_write_back_loops(func, block_id, &realize.block.name, &reduce_loops)?;
    if let (Combiner::Tuple(_), Some(r)) = (combiner, tree::block_realize_mut(func, block_id)) {
        // TVM's write-back reads the rf buffers in the reducer's order.
        order_regions(&mut r.block.reads, &rf_buffers);
    }
    place_rf_nest(func, block_id, rf_nest, &rf_buffers)?;
    tree::cleanup_empty(&mut func.body);
    let ranges = loop_ranges(func);
    simplify_bindings(&mut func.body, &ranges);
    Ok(rf_block_id)
}

/// Sorts `regions` by their buffer's place in `order` (others last, in their order).
fn order_regions(regions: &mut [crate::ir::BufferRegion], order: &[BufferId]) {
    regions.sort_by_key(|r| {
        order
            .iter()
            .position(|b| *b == r.buffer)
            .unwrap_or(order.len())
    });
}

/// What the rf block stores: each target reduced by `combiner` over `rhs`, from `init_values`.
struct RfStore {
    targets: Vec<(BufferId, Vec<Expr>)>,
    combiner: Combiner,
    rhs: Vec<Expr>,
    init_values: Vec<Expr>,
}

/// The rf block `<name>_rf`. With the factored loop the only one driving the
/// reduction, every partial result is written once: TVM's rf block is then a
/// plain store of the right-hand side, without an init (the init is the
/// identity). TVM keeps the block's annotations on it.
fn make_rf_block(
    func: &mut PrimFunc,
    id: BlockId,
    old: &Block,
    iter_vars: Vec<IterVar>,
    st: RfStore,
) -> Block {
    let spatial_only = iter_vars.iter().all(|iv| iv.kind != IterKind::Reduce);
    let (init, body) = if spatial_only {
        let stores = st
            .targets
            .iter()
            .zip(st.rhs)
            .map(|((b, idx), value)| {
                Stmt::BufferStore(BufferStore {
                    buffer: *b,
                    indices: idx.clone(),
                    value,
                })
            })
            .collect();
        (None, Stmt::seq(stores))
    } else {
        let init = init_stores(&st.targets, st.init_values);
        let body = reduction_update(func, st.combiner, &st.targets, st.rhs);
        (Some(init), body)
    };
    Block {
        id,
        name: format!("{}_rf", old.name),
        iter_vars,
        reads: Vec::new(),
        writes: Vec::new(),
        init,
        body,
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        annotations: old.annotations.clone(),
    }
}

/// The init: each target stores its init value.
fn init_stores(targets: &[(BufferId, Vec<Expr>)], values: Vec<Expr>) -> Stmt {
    Stmt::seq(
        targets
            .iter()
            .zip(values)
            .map(|((b, idx), value)| {
                Stmt::BufferStore(BufferStore {
                    buffer: *b,
                    indices: idx.clone(),
                    value,
                })
            })
            .collect(),
    )
}

/// The update `targets = combiner(targets, rhs)`. A tuple reducer binds
/// every new value (`v_<buffer>`) before storing any, as TVM writes it: the
/// values read the old elements.
fn reduction_update(
    func: &mut PrimFunc,
    combiner: Combiner,
    targets: &[(BufferId, Vec<Expr>)],
    rhs: Vec<Expr>,
) -> Stmt {
    let lhs: Vec<Expr> = targets
        .iter()
        .map(|(b, idx)| Expr::Load(*b, idx.clone()))
        .collect();
    match combiner {
        Combiner::Binary(op) => {
            let value = Expr::binary(op, lhs[0].clone(), rhs[0].clone());
            Stmt::BufferStore(BufferStore {
                buffer: targets[0].0,
                indices: targets[0].1.clone(),
                value,
            })
        }
        Combiner::Tuple(reducer) => {
            let values = reducer.combine(&lhs, &rhs);
            let vars: Vec<VarId> = targets
                .iter()
                .map(|(b, _)| {
                    let buf = func.buffer(*b);
                    let (name, dtype) = (format!("v_{}", buf.name), buf.dtype);
                    func.new_var(name, dtype)
                })
                .collect();
            let stores = targets
                .iter()
                .zip(&vars)
                .map(|((b, idx), v)| {
                    Stmt::BufferStore(BufferStore {
                        buffer: *b,
                        indices: idx.clone(),
                        value: Expr::Var(*v),
                    })
                })
                .collect();
            let mut body = Stmt::seq(stores);
            for (var, value) in vars.into_iter().zip(values).rev() {
                body = Stmt::LetStmt(crate::ir::Shared::new(crate::ir::LetStmt {
                    var,
                    value,
                    body,
                    // TVM's rfactor binds with `Bind` (printed `T.let[...]`).
                    local_scalar: false,
                }));
            }
            body
        }
    }
}

/// The rf nest (a copy of the block's loops) goes before the block's
/// outermost loop (`place_rf_nest`). When that loop also holds other blocks,
/// the copy takes only the loops down to the block (TVM's, which refuses the
/// shape unless the block comes first under that loop), and the partial
/// reduction then runs before every iteration of those blocks: tirtui also
/// refuses when one of them writes a buffer the block reads (the hoisted
/// partial reduction would read it before it is written). Returns the loops
/// above `nest_root` to copy, outermost first.
fn loops_to_copy_above(
    func: &PrimFunc,
    block_id: BlockId,
    nest_root: LoopId,
) -> Result<Vec<LoopId>, ScheduleError> {
    let nest = tree::loops_of_block(func, block_id).unwrap_or_default();
    let Some(at) = nest.iter().position(|l| *l == nest_root) else {
        return Ok(Vec::new());
    };
    let Some(&outer) = nest.first().filter(|o| **o != nest_root) else {
        return Ok(Vec::new());
    };
    let outer_loop = get_loop(func, outer)?;
    let blocks = tree::blocks_in(&outer_loop.body);
    let not_alone = |why: String| ScheduleError::NotAlone(block_culprit(func, block_id), why);
    if let Some(first) = blocks.first().filter(|r| r.block.id != block_id) {
        return Err(not_alone(format!(
            "rfactor puts a copy of its loops before {}, whose first block is \"{}\"; TVM needs the reduction to come first under it",
            loop_culprit(func, outer),
            first.block.name
        )));
    }
    let me = get_block(func, block_id)?;
    let reads = crate::schedule::analysis::read_buffers(&me.block);
    for r in blocks.iter().filter(|r| r.block.id != block_id) {
        let written = crate::schedule::analysis::written_buffers(&r.block);
        if let Some(b) = written.iter().find(|b| reads.contains(b)) {
            return Err(not_alone(format!(
                "rfactor puts a copy of its loops before {}, which also holds block \"{}\" writing `{}` that the reduction reads; the partial reduction would read it before it is written",
                loop_culprit(func, outer),
                r.block.name,
                func.buffer(*b).name
            )));
        }
    }
    Ok(nest[..at].to_vec())
}

/// How the reduction combines: one buffer with `+`, `*`, min or max, or a
/// tuple of buffers (`rfactor_reducer`).
#[derive(Clone, Copy, Debug)]
enum Combiner {
    Binary(BinOp),
    Tuple(TupleReducer),
}

/// What `rfactor` works on: the loop's only block, a reduction whose update is
/// `C[...] = C[...] op rhs` (or a tuple reduction), with the loop driving
/// reduction iterators only. `outputs`, `rhs` and `init` are in the
/// reducer's order.
struct RfactorTarget {
    realize: BlockRealize,
    extent: i64,
    combiner: Combiner,
    outputs: Vec<(BufferId, Vec<Expr>)>,
    rhs: Vec<Expr>,
    init: Vec<Expr>,
}

/// Checks that `rfactor` applies to loop `l` (`loop_id`) and returns what it works on.
fn rfactor_target(
    func: &PrimFunc,
    loop_id: LoopId,
    l: &For,
) -> Result<RfactorTarget, ScheduleError> {
    let blocks = tree::blocks_in(&l.body);
    let [realize] = blocks.as_slice() else {
        return Err(ScheduleError::InvalidArgument {
            what: "rfactor",
            why: format!(
                "{} must contain exactly one block, it has {}",
                loop_culprit(func, loop_id),
                blocks.len()
            ),
        });
    };
    let realize: BlockRealize = (*realize).clone();
    let block_id = realize.block.id;
    check_reduction(func, block_id)?;
    let extent = l.extent.as_int().ok_or_else(|| {
        ScheduleError::NonConstantExtent(loop_culprit(func, loop_id), ErrorExpr::new(&l.extent))
    })?;
    let (binary, combiner, outputs, rhs, tuple_init) = if is_single_buffer(&realize.block) {
        let (op, store, rhs) = match_combiner(func, &realize.block).ok_or_else(|| {
            ScheduleError::UnsupportedPattern {
                block: block_culprit(func, block_id),
                why:
                    "rfactor needs an update of the form `C[...] = C[...] + expr` (or *, min, max)"
                        .into(),
            }
        })?;
        let outputs = vec![(store.buffer, store.indices.clone())];
        (
            Some((op, store)),
            Combiner::Binary(op),
            outputs,
            vec![rhs],
            Vec::new(),
        )
    } else {
        let t = match_tuple_reduction(func, &realize.block)?;
        (None, Combiner::Tuple(t.reducer), t.outputs, t.rhs, t.init)
    };
    // The loop must drive reduction iterators only.
    let uses: Vec<usize> = realize
        .iter_values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.uses_var(l.var))
        .map(|(i, _)| i)
        .collect();
    // TVM also takes a loop no iterator uses; tirtui only a unit one: a longer
    // one runs each block instance (and its init) again, which the rf block's
    // partial sums would not repeat.
    if uses.is_empty() && extent != 1 {
        return Err(ScheduleError::LoopPrecondition {
            loop_: loop_culprit(func, loop_id),
            primitive: "rfactor",
            why: format!(
                "is used by no iterator of block \"{}\" and runs {extent} times: each run repeats the block's instances, init included, which partial results over it would not repeat",
                realize.block.name
            ),
            hint: "rfactor a loop that drives a reduction iterator (TVM takes this one; tirtui only a unit one)".into(),
        });
    }
    if uses
        .iter()
        .any(|i| realize.block.iter_vars[*i].kind != IterKind::Reduce)
    {
        return Err(ScheduleError::InvalidArgument {
            what: "rfactor",
            why: format!(
                "{} must be used only by reduction iterators of block \"{}\"",
                loop_culprit(func, loop_id),
                realize.block.name
            ),
        });
    }
    crate::schedule::primitive::rfactor_checks::check_rfactor_preconditions(
        func,
        loop_id,
        l,
        &realize,
        binary.as_ref().map(|(op, store)| (*op, store)),
    )?;
    let init = match (&binary, &realize.block.init) {
        (Some(_), Some(Stmt::BufferStore(s))) => vec![s.value.clone()],
        (Some(_), _) => {
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, block_id),
                why: "rfactor needs the init to be a single store".into(),
            })
        }
        (None, _) => tuple_init,
    };
    Ok(RfactorTarget {
        realize,
        extent,
        combiner,
        outputs,
        rhs,
        init,
    })
}

/// The rf buffer's new axis: `factor_axis` counted from the end when negative.
fn rf_axis(factor_axis: i64, ndim: i64) -> Result<usize, ScheduleError> {
    let axis = if factor_axis < 0 {
        factor_axis + ndim + 1
    } else {
        factor_axis
    };
    if axis < 0 || axis > ndim {
        return Err(ScheduleError::InvalidArgument {
            what: "rfactor",
            why: format!("factor_axis {factor_axis} is out of range for a {ndim}-d buffer"),
        });
    }
    Ok(axis as usize)
}

/// The loops over `realize` that drive its reduction iterators, with their extents
/// (outermost first). A loop driving both kinds of iterator is rejected.
fn reduction_driving_loops(
    func: &PrimFunc,
    realize: &BlockRealize,
) -> Result<Vec<(VarId, i64)>, ScheduleError> {
    let block_id = realize.block.id;
    // rf block iterators (TVM's scheme): the spatial iterators as they were, and one
    // iterator per loop that drives a reduction iterator; the factored loop's one is
    // spatial (it indexes the partial sums), the others reduce. Each original
    // reduction iterator becomes its binding over those new iterators.
    let nest = tree::loops_of_block(func, block_id).unwrap_or_default();
    let mut driving: Vec<(VarId, i64)> = Vec::new();
    for lid in &nest {
        let Some(f) = func.find_loop(*lid) else {
            continue;
        };
        let drives_reduce = realize
            .block
            .iter_vars
            .iter()
            .zip(&realize.iter_values)
            .any(|(iv, v)| iv.kind == IterKind::Reduce && v.uses_var(f.var));
        let drives_spatial = realize
            .block
            .iter_vars
            .iter()
            .zip(&realize.iter_values)
            .any(|(iv, v)| iv.kind != IterKind::Reduce && v.uses_var(f.var));
        if drives_reduce && drives_spatial {
            // TVM's rule: the write-back would repeat the sum once per value of
            // the reduction part of such a loop (found by the property test).
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, block_id),
                why: format!(
                    "{} drives both spatial and reduction iterators (e.g. a fused loop); rfactor needs them on separate loops",
                    loop_culprit(func, *lid)
                ),
            });
        }
        if drives_reduce {
            let ext = f.extent.as_int().ok_or_else(|| {
                ScheduleError::NonConstantExtent(
                    loop_culprit(func, *lid),
                    ErrorExpr::new(&f.extent),
                )
            })?;
            driving.push((f.var, ext));
        }
    }
    Ok(driving)
}

/// What the write-back block reduces: `outputs` (in the reducer's order,
/// with their `init` values) over `rf_buffers`, whose new axis `axis` is
/// indexed by the iterator bound to the factored loop (`rf_loop_var`).
struct WriteBack<'a> {
    rf_loop_var: VarId,
    extent: i64,
    combiner: Combiner,
    outputs: &'a [(BufferId, Vec<Expr>)],
    init: &'a [Expr],
    axis: usize,
    rf_buffers: &'a [BufferId],
}

/// The write-back block: the original block keeps its spatial iterators and now
/// reduces the rf buffers over one iterator bound to the factored loop.
fn rewrite_write_back(func: &mut PrimFunc, block_id: BlockId, wb: WriteBack) {
    if let Some(r) = tree::block_realize_mut(func, block_id) {
        // Iterators driven by the factored loop become the rf iterator; others stay.
        let mut new_iters = Vec::new();
        let mut new_values = Vec::new();
        for (iv, value) in r.block.iter_vars.iter().zip(&r.iter_values) {
            // Reduction iterators were consumed by the rf block.
            if iv.kind == IterKind::Reduce {
                continue;
            }
            new_iters.push(iv.clone());
            new_values.push(value.clone());
        }
        r.block.iter_vars = new_iters;
        r.iter_values = new_values;
    }
    let dtype = func.var(wb.rf_loop_var).dtype;
    let wb_rf = func.new_var(format!("v{}", func.var_name(wb.rf_loop_var)), dtype);
    let rhs: Vec<Expr> = wb
        .outputs
        .iter()
        .zip(wb.rf_buffers)
        .map(|((_, indices), rf)| {
            let mut idx = indices.clone();
            idx.insert(wb.axis, Expr::Var(wb_rf));
            Expr::Load(*rf, idx)
        })
        .collect();
    let body = reduction_update(func, wb.combiner, wb.outputs, rhs);
    // A tuple reduction's init is rebuilt in the reducer's order, as TVM does.
    let init = match wb.combiner {
        Combiner::Tuple(_) => Some(init_stores(wb.outputs, wb.init.to_vec())),
        Combiner::Binary(_) => None,
    };
    if let Some(r) = tree::block_realize_mut(func, block_id) {
        // First, as TVM orders the write-back's iterators.
        r.block.iter_vars.insert(
            0,
            IterVar {
                var: wb_rf,
                dom: Range::from_extent(Expr::Int(wb.extent, dtype)),
                kind: IterKind::Reduce,
            },
        );
        r.iter_values.insert(0, Expr::Var(wb.rf_loop_var));
        r.block.body = body;
        if init.is_some() {
            r.block.init = init;
        }
    }
}

/// Gives every loop of `nest` (a copy of a nest in `func`) a fresh id.
fn renumber_loops(func: &mut PrimFunc, nest: &mut Stmt) {
    let mut fresh = Vec::new();
    nest.visit(&mut |s| {
        if let Stmt::For(f) = s {
            fresh.push(f.id)
        }
    });
    let new_ids: Vec<LoopId> = fresh.iter().map(|_| func.new_loop_id()).collect();
    nest.visit_mut(&mut |s| {
        if let Stmt::For(f) = s {
            if let Some(i) = fresh.iter().position(|x| *x == f.id) {
                f.id = new_ids[i];
            }
        }
    });
}

/// rfactor's write-back drops the loops that drove the other reduction
/// iterators (`reduce_loops`; the rf block did that work), keeping the rest as
/// TVM does, unit loops that bind nothing included, and only the predicates
/// over loops it still has.
fn drop_unused_write_back_loops(
    func: &mut PrimFunc,
    block_id: BlockId,
    block_name: &str,
    reduce_loops: &[VarId],
) -> Result<(), ScheduleError> {
    let wb_loops = tree::loops_of_block(func, block_id).unwrap_or_default();
    let ranges_before_drop = loop_ranges(func);
    let mut dropped: Vec<VarId> = Vec::new();
    for wl in wb_loops {
        let Some(f) = func.find_loop(wl) else {
            continue;
        };
        if !reduce_loops.contains(&f.var) {
            continue;
        }
        dropped.push(f.var);
        if let Some(slot) = tree::loop_stmt_mut(&mut func.body, wl) {
            if let Stmt::For(f) = std::mem::replace(slot, Stmt::Seq(Vec::new())) {
                *slot = f.into_inner().body;
            }
        }
    }
    if let Some(r) = tree::block_realize_mut(func, block_id) {
        r.predicate = kept_loops_predicate(&r.predicate, &dropped, &ranges_before_drop)
            .ok_or_else(|| ScheduleError::UnsupportedPattern {
                block: Culprit::Block(block_id, block_name.to_string()),
                why: unsupported_condition(),
            })?;
        let b = r.block.clone();
        let (reads, writes) = crate::arith::region::infer_access_regions(func, &b);
        if let Some(r) = tree::block_realize_mut(func, block_id) {
            r.block.reads = reads;
            r.block.writes = writes;
        }
    }
    Ok(())
}

/// Puts the rf nest before the write-back nest, and allocates the rf buffer in the scope.
fn place_rf_nest(
    func: &mut PrimFunc,
    block_id: BlockId,
    rf_nest: Stmt,
    rf_buffers: &[BufferId],
) -> Result<(), ScheduleError> {
    let wb_root = tree::loops_of_block(func, block_id).and_then(|ls| ls.first().copied());
    let scope = tree::scope_of_block(func, block_id).ok_or(ScheduleError::StaleBlock(block_id))?;
    match wb_root {
        Some(root) => {
            let slot =
                tree::loop_stmt_mut(&mut func.body, root).ok_or(ScheduleError::StaleLoop(root))?;
            let old = std::mem::replace(slot, Stmt::Seq(Vec::new()));
            *slot = Stmt::Seq(vec![rf_nest, old]);
        }
        None => {
            let slot = tree::block_stmt_mut(&mut func.body, block_id)
                .ok_or(ScheduleError::StaleBlock(block_id))?;
            let old = std::mem::replace(slot, Stmt::Seq(Vec::new()));
            *slot = Stmt::Seq(vec![rf_nest, old]);
        }
    }
    if let Some(r) = tree::block_realize_mut(func, scope) {
        r.block.alloc_buffers.extend_from_slice(rf_buffers);
    }
    Ok(())
}

/// A block's predicate once the loops in `dropped` are gone: a condition on
/// kept loops stays; a condition on a dropped loop becomes "some iteration of
/// the dropped loops passes it". For rfactor's write-back that is exactly when
/// the rf block wrote (and initialised) the partial result it reads; for
/// decompose_reduction's init, when the reduction runs at all. Exact for
/// affine conditions; `None` for anything else (refused rather than guessed).
pub(super) fn kept_loops_predicate(
    pred: &Expr,
    dropped: &[VarId],
    ranges: &crate::arith::VarRanges,
) -> Option<Expr> {
    let mut conjuncts = Vec::new();
    split_and(pred, &mut conjuncts);
    let mut kept = Vec::new();
    // "Some iteration passes every condition" splits per condition only when
    // no two conditions constrain the same dropped loop.
    let mut constrained: Vec<VarId> = Vec::new();
    for c in &conjuncts {
        for v in dropped.iter().filter(|v| c.uses_var(**v)) {
            if constrained.contains(v) {
                return None;
            }
            constrained.push(*v);
        }
    }
    for c in conjuncts {
        if !dropped.iter().any(|v| c.uses_var(*v)) {
            if !c.is_const_true() {
                kept.push(c.clone());
            }
            continue;
        }
        // Normalise to `d < 0`.
        let d = match c {
            Expr::Binary(BinOp::Lt, a, b) => Expr::sub((**a).clone(), (**b).clone()),
            Expr::Binary(BinOp::Gt, a, b) => Expr::sub((**b).clone(), (**a).clone()),
            Expr::Binary(BinOp::Le, a, b) => {
                Expr::sub(Expr::sub((**a).clone(), (**b).clone()), Expr::int(1))
            }
            Expr::Binary(BinOp::Ge, a, b) => {
                Expr::sub(Expr::sub((**b).clone(), (**a).clone()), Expr::int(1))
            }
            _ => return None,
        };
        let affine_in_dropped = crate::arith::to_affine(&d).is_some_and(|a| {
            a.terms.iter().all(|(atom, _)| {
                atom.as_var().is_some() || !dropped.iter().any(|v| atom.uses_var(*v))
            })
        });
        if !affine_in_dropped {
            return None;
        }
        let lowest = crate::arith::relax(&d, dropped, ranges)?;
        let exists = crate::arith::simplify_with(&Expr::lt(lowest.min, Expr::int(0)), ranges);
        if !exists.is_const_true() {
            kept.push(exists);
        }
    }
    Some(
        kept.into_iter()
            .reduce(Expr::and)
            .unwrap_or_else(|| Expr::bool(true)),
    )
}

fn unsupported_condition() -> String {
    "rfactor drops loops the write-back does not use, and its `T.where` condition on them is \
     not an affine comparison tirtui can carry over"
        .into()
}

fn split_and<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            split_and(a, out);
            split_and(b, out);
        }
        other => out.push(other),
    }
}
