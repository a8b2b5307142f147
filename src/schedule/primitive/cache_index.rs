//! cache_index: the pure index computations of a block's stores are
//! computed once, ahead of the block, into buffers `index_var_0..` that the
//! block then loads.
//!
//! TVM: src/s_tir/schedule/primitive/cache_index.cc and
//! cache_index_helpers.cc (its common-subexpression tables). The candidates
//! of a store are its largest pure sub-expressions (no load, more than a
//! leaf); with `cse_thresh` > 0 a candidate seen fewer times than that gives
//! way to its own largest pure sub-expressions. The ones seen at least
//! `cse_thresh` times are cached, in the order they appear in the stored
//! value (post-order), then largest first. Each gets a stage `index_k` of
//! loops `ax0..` over the block iterators it uses, placed before the
//! statement of the scope holding the block.
//!
//! TVM's candidate table is a hash map, so which sub-expressions replace an
//! infrequent candidate when `cse_thresh` > 0 depends on hashing; tirtui
//! takes them largest first, in order of appearance.

use crate::ir::{
    Block, BlockId, BlockRealize, Buffer, BufferId, BufferRegion, BufferStore, DataType, Expr, For,
    ForKind, Intrinsic, IterKind, IterVar, PrimFunc, Range, Shared, Stmt, VarId,
};
use crate::schedule::analysis::{block_culprit, get_block};
use crate::schedule::error::ScheduleError;
use crate::schedule::primitive::cache_read_write::{
    flatten_into, insert_stage, parse_scope, scope_root, Loc,
};
use crate::schedule::tree;

/// TVM's `cache_index`: returns the new stages, one per cached expression.
pub fn cache_index(
    func: &mut PrimFunc,
    block: BlockId,
    scope: &str,
    cse_thresh: i64,
) -> Result<Vec<BlockId>, ScheduleError> {
    let storage = parse_scope(scope)?;
    if cse_thresh < 0 {
        return Err(ScheduleError::InvalidArgument {
            what: "cache_index",
            why: format!("cse_thresh must not be negative (got {cse_thresh})"),
        });
    }
    let scope_block = scope_root(func, block)?;
    let exprs = collect_index_exprs(func, block, cse_thresh as usize)?;
    let pos = scope_position(func, scope_block, block)?;
    let mut stages = Vec::with_capacity(exprs.len());
    let mut caches = Vec::with_capacity(exprs.len());
    for (k, expr) in exprs.iter().enumerate() {
        let iters = iterators_of(func, block, expr)?;
        let cache = func.new_buffer(Buffer {
            scope: storage,
            // TVM declares `strides=(1,)` whatever the rank; lowering reads
            // strides of another count than the axes as row-major.
            strides: vec![Expr::int(1)],
            ..Buffer::new(
                format!("index_var_{k}"),
                iters.iter().map(|it| it.extent.clone()).collect(),
                dtype_of(func, expr),
            )
        });
        let (stage, id) = make_index_stage(func, k, cache, expr, &iters);
        insert_stage(func, Loc::Block(scope_block), pos + k, stage)?;
        stages.push(id);
        let indices = iters.iter().map(|it| Expr::Var(it.block_var)).collect();
        caches.push((expr.clone(), Expr::Load(cache, indices)));
    }
    let target = &get_block(func, block)?.block;
    let (mut init, mut body) = (target.init.clone(), target.body.clone());
    let view: &PrimFunc = func;
    let mut replace = |st: &mut BufferStore| replace_in_store(view, st, &caches);
    if let Some(init) = &mut init {
        for_each_target_store(init, &mut true, &mut replace);
    }
    for_each_target_store(&mut body, &mut true, &mut replace);
    let read_now: Vec<BufferRegion> = caches
        .iter()
        .filter_map(|(_, load)| match load {
            Expr::Load(b, idx)
                if loads_buffer(&body, *b)
                    || init.as_ref().is_some_and(|i| loads_buffer(i, *b)) =>
            {
                Some(BufferRegion {
                    buffer: *b,
                    region: idx.iter().cloned().map(Range::point).collect(),
                })
            }
            _ => None,
        })
        .collect();
    // TVM 0.27 leaves T.reads as it was; tirtui keeps the caches in the
    // block's reads, so that dependence analysis sees the stages as the
    // block's producers (without them, inlining a stage would drop it as
    // unread), but does not print them, as TVM prints the block.
    func.unprinted_reads
        .extend(read_now.iter().map(|region| (block, region.buffer)));
    if let Some(r) = tree::block_realize_mut(func, block) {
        r.block.init = init;
        r.block.body = body;
        r.block.reads.extend(read_now);
    }
    if let Some(r) = tree::block_realize_mut(func, scope_block) {
        r.block
            .alloc_buffers
            .extend(caches.iter().filter_map(|(_, load)| match load {
                Expr::Load(b, _) => Some(*b),
                _ => None,
            }));
    }
    Ok(stages)
}

/// One block iterator an expression uses, with the loop it is bound to.
struct UsedIter {
    block_var: VarId,
    extent: Expr,
}

/// The block iterators `expr` uses, in post-order of first use. Each must be
/// bound to a loop of its own starting at 0: the stage runs that loop's
/// range (TVM pairs the i-th iterator with the i-th loop variable of the
/// bindings, which is the iterator's loop only then).
fn iterators_of(
    func: &PrimFunc,
    block: BlockId,
    expr: &Expr,
) -> Result<Vec<UsedIter>, ScheduleError> {
    let r = get_block(func, block)?;
    let mut vars = Vec::new();
    post_order(expr, &mut |e| {
        if let Expr::Var(v) = e {
            if !vars.contains(v) {
                vars.push(*v);
            }
        }
    });
    let refuse = |why: String| {
        ScheduleError::BlockPrecondition {
        block: block_culprit(func, block),
        primitive: "cache_index",
        why,
        hint: "cache_index precomputes expressions of block iterators bound to whole loops (`vi = T.axis.spatial(80, i)`); fuse or reorder loops, or transform_block_layout, first".into(),
    }
    };
    let mut used: Vec<UsedIter> = Vec::with_capacity(vars.len());
    let mut loops_taken = Vec::with_capacity(vars.len());
    for v in vars {
        let name = func.var_name(v).to_string();
        let Some(at) = r.block.iter_vars.iter().position(|iv| iv.var == v) else {
            return Err(refuse(format!(
                "the index computation `{name}` uses is not a block iterator"
            )));
        };
        let loop_var = r.iter_values[at].as_var();
        let found = loop_var.and_then(|lv| {
            tree::block_and_loops(func, block)
                .and_then(|(_, loops)| loops.into_iter().find(|l| l.var == lv))
        });
        let Some(l) = found.filter(|l| l.min.as_int() == Some(0)) else {
            return Err(refuse(format!(
                "its iterator `{name}` is not bound to a loop of its own starting at 0"
            )));
        };
        if loops_taken.contains(&l.id) {
            return Err(refuse(format!(
                "two of the iterators its index uses are bound to one loop (`{name}`)"
            )));
        }
        loops_taken.push(l.id);
        used.push(UsedIter {
            block_var: v,
            extent: l.extent.clone(),
        });
    }
    Ok(used)
}

/// The loops `ax0..` and the block `index_k` writing `cache[v0..] = expr`.
fn make_index_stage(
    func: &mut PrimFunc,
    k: usize,
    cache: BufferId,
    expr: &Expr,
    iters: &[UsedIter],
) -> (Stmt, BlockId) {
    let loop_vars: Vec<VarId> = (0..iters.len())
        .map(|i| func.new_var(format!("ax{i}"), DataType::I32))
        .collect();
    let iter_vars: Vec<IterVar> = iters
        .iter()
        .enumerate()
        .map(|(i, it)| IterVar {
            var: func.new_var(format!("v{i}"), func.var(it.block_var).dtype),
            dom: Range::from_extent(it.extent.clone()),
            kind: IterKind::Spatial,
        })
        .collect();
    let mut value = expr.clone();
    value.substitute(&|v| {
        iters
            .iter()
            .position(|it| it.block_var == v)
            .map(|i| Expr::Var(iter_vars[i].var))
    });
    let indices: Vec<Expr> = iter_vars.iter().map(|iv| Expr::Var(iv.var)).collect();
    let id = func.new_block_id();
    let block = Block {
        id,
        name: format!("index_{k}"),
        iter_vars,
        reads: Vec::new(),
        writes: vec![BufferRegion {
            buffer: cache,
            region: indices.iter().cloned().map(Range::point).collect(),
        }],
        init: None,
        body: Stmt::BufferStore(BufferStore {
            buffer: cache,
            indices,
            value,
        }),
        alloc_buffers: Vec::new(),
        match_buffers: Vec::new(),
        annotations: Vec::new(),
    };
    let mut stmt = Stmt::BlockRealize(Shared::new(BlockRealize {
        iter_values: loop_vars.iter().map(|v| Expr::Var(*v)).collect(),
        predicate: Expr::bool(true),
        block,
    }));
    for (it, v) in iters.iter().zip(loop_vars).rev() {
        stmt = Stmt::For(Shared::new(For {
            id: func.new_loop_id(),
            var: v,
            min: Expr::int(0),
            extent: it.extent.clone(),
            kind: ForKind::Serial,
            annotations: Vec::new(),
            body: stmt,
        }));
    }
    (stmt, id)
}

/// Where the stages go: before the statement of the scope's body that holds
/// the block (TVM's IndexInfoCollector), counted in the flattened sequence.
fn scope_position(
    func: &PrimFunc,
    scope_block: BlockId,
    block: BlockId,
) -> Result<usize, ScheduleError> {
    Ok(match &get_block(func, scope_block)?.block.body {
        Stmt::Seq(v) => {
            let mut children = Vec::with_capacity(v.len());
            flatten_into(v, &mut children);
            children
                .iter()
                .position(|c| tree::blocks_in(c).iter().any(|b| b.block.id == block))
                .unwrap_or(0)
        }
        _ => 0,
    })
}

/// The expressions to cache, from every store of the block (its init first,
/// as TVM visits it), in TVM's order.
fn collect_index_exprs(
    func: &PrimFunc,
    block: BlockId,
    cse_thresh: usize,
) -> Result<Vec<Expr>, ScheduleError> {
    let b = &get_block(func, block)?.block;
    let mut stores: Vec<BufferStore> = Vec::new();
    let mut collect = |s: &Stmt| {
        let mut copy = s.clone();
        for_each_target_store(&mut copy, &mut true, &mut |st| stores.push(st.clone()));
    };
    if let Some(init) = &b.init {
        collect(init);
    }
    collect(&b.body);
    let mut exprs: Vec<Expr> = Vec::new();
    for st in &stores {
        let mut table = computations_of_store(func, st);
        expand_infrequent(func, &mut table, cse_thresh);
        // This store's cached expressions, in post-order of the stored value.
        let mut mine: Vec<Expr> = Vec::new();
        post_order(&st.value, &mut |node| {
            for (candidate, count) in &table {
                if *count >= cse_thresh
                    && equivalent(func, node, candidate)
                    && !mine.contains(candidate)
                {
                    mine.push(candidate.clone());
                }
            }
        });
        exprs.extend(mine);
        // Largest first, stable.
        exprs.sort_by_key(|e| std::cmp::Reverse(complexity(e)));
    }
    Ok(exprs)
}

/// TVM's ComputationsDoneBy on a store, merged by equivalence: the largest
/// eligible sub-expressions of the value, then of the indices, with counts.
fn computations_of_store(func: &PrimFunc, st: &BufferStore) -> Vec<(Expr, usize)> {
    let mut table: Vec<(Expr, usize)> = Vec::new();
    let mut add = |e: &Expr| {
        if let Some(entry) = table.iter_mut().find(|(c, _)| equivalent(func, c, e)) {
            entry.1 += 1;
        } else {
            table.push((e.clone(), 1));
        }
    };
    largest_eligible(&st.value, &mut add);
    for i in &st.indices {
        largest_eligible(i, &mut add);
    }
    table
}

/// A candidate seen fewer than `cse_thresh` times gives its count to its
/// direct eligible sub-expressions (TVM's DirectSubexpr), which may then
/// reach the threshold; kept largest first.
fn expand_infrequent(func: &PrimFunc, table: &mut Vec<(Expr, usize)>, cse_thresh: usize) {
    table.sort_by_key(|(e, _)| std::cmp::Reverse(complexity(e)));
    let mut i = 0;
    while i < table.len() {
        let (expr, count) = table[i].clone();
        if count < cse_thresh {
            let mut direct = Vec::new();
            expr.for_each_child(|c| largest_eligible(c, &mut |e| direct.push(e.clone())));
            for sub in direct {
                if let Some(entry) = table.iter_mut().find(|(c, _)| equivalent(func, c, &sub)) {
                    entry.1 += count;
                } else {
                    let size = complexity(&sub);
                    let at = table
                        .iter()
                        .position(|(c, _)| complexity(c) < size)
                        .unwrap_or(table.len());
                    table.insert(at, (sub, count));
                }
            }
        }
        i += 1;
    }
}

/// Calls `f` on each largest eligible sub-expression of `e` (`e` itself
/// when eligible), left to right.
fn largest_eligible(e: &Expr, f: &mut impl FnMut(&Expr)) {
    if matches!(e, Expr::Int(..) | Expr::Float(..) | Expr::Var(_)) {
        return;
    }
    if eligible(e) {
        f(e);
        return;
    }
    e.for_each_child(|c| largest_eligible(c, f));
}

/// TVM's IsEligibleComputation: pure (reads no memory, calls nothing with
/// an effect) and more than a leaf.
fn eligible(e: &Expr) -> bool {
    complexity(e) > 1 && pure(e)
}

fn pure(e: &Expr) -> bool {
    let here = match e {
        Expr::Load(..) | Expr::Opaque(_) => false,
        Expr::Call(f, _) => {
            !(f.is_warp() || f.is_tensor_call() || matches!(f, Intrinsic::WarpActiveMask))
        }
        _ => true,
    };
    let mut all = here;
    e.for_each_child(|c| all = all && pure(c));
    all
}

/// TVM's CalculateExprComplexity: the number of nodes.
fn complexity(e: &Expr) -> usize {
    let mut n = 1;
    e.for_each_child(|c| n += complexity(c));
    n
}

/// TVM's EquivalentTerms: equal after simplification. Only integer
/// expressions are simplified: a float rewritten by reassociation would not
/// round the same, and the cache must hold exactly what the block computed.
fn equivalent(func: &PrimFunc, a: &Expr, b: &Expr) -> bool {
    if a == b {
        return true;
    }
    let (ta, tb) = (dtype_of(func, a), dtype_of(func, b));
    if ta != tb || !ta.is_int() {
        return false;
    }
    crate::arith::simplify(a) == crate::arith::simplify(b)
}

fn post_order<'a>(e: &'a Expr, f: &mut impl FnMut(&'a Expr)) {
    e.for_each_child(|c| post_order(c, f));
    f(e);
}

/// The type of an expression.
fn dtype_of(func: &PrimFunc, e: &Expr) -> DataType {
    match e {
        Expr::Int(_, t) | Expr::Float(_, t) | Expr::Cast(t, _) => *t,
        Expr::Var(v) => func.var(*v).dtype,
        Expr::Binary(op, a, _) => {
            if op.is_comparison() || op.is_logical() {
                DataType::Bool
            } else {
                dtype_of(func, a)
            }
        }
        Expr::Not(_) => DataType::Bool,
        Expr::Select(_, a, _) => dtype_of(func, a),
        Expr::Load(b, _) => func.buffer(*b).dtype,
        Expr::Call(f, args) => f.fixed_type().unwrap_or_else(|| {
            f.typed_by_arg()
                .and_then(|i| args.get(i))
                .map_or(DataType::F32, |a| dtype_of(func, a))
        }),
        Expr::Opaque(o) => match &**o {
            crate::ir::Opaque::Call { dtype, .. } => *dtype,
            _ => DataType::I32,
        },
    }
}

/// Calls `f` on the stores of the target block's own statement, in order,
/// as TVM's visitors see them: a nested block is not entered, and the
/// stores after it are not the target's either (TVM's flag is cleared on
/// leaving any block).
fn for_each_target_store(stmt: &mut Stmt, active: &mut bool, f: &mut impl FnMut(&mut BufferStore)) {
    match stmt {
        Stmt::BlockRealize(_) => *active = false,
        Stmt::BufferStore(st) => {
            if *active {
                f(st);
            }
        }
        other => other.for_each_child_mut(|c| for_each_target_store(c, active, f)),
    }
}

/// Whether `stmt` loads `buffer` anywhere.
fn loads_buffer(stmt: &Stmt, buffer: BufferId) -> bool {
    let mut found = false;
    stmt.visit(&mut |s| {
        s.for_each_expr(|e| {
            e.visit(&mut |x| found = found || matches!(x, Expr::Load(b, _) if *b == buffer))
        })
    });
    found
}

/// Replaces, top-down, each sub-expression of the store (value and
/// indices) equivalent to a cached one by the load of its cache.
fn replace_in_store(func: &PrimFunc, st: &mut BufferStore, caches: &[(Expr, Expr)]) {
    for (expr, load) in caches {
        replace_top_down(func, &mut st.value, expr, load);
        for i in &mut st.indices {
            replace_top_down(func, i, expr, load);
        }
    }
}

fn replace_top_down(func: &PrimFunc, e: &mut Expr, target: &Expr, load: &Expr) {
    if equivalent(func, e, target) {
        *e = load.clone();
        return;
    }
    e.for_each_child_mut(|c| replace_top_down(func, c, target, load));
}
