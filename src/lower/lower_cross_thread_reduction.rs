//! LowerCrossThreadReduction: a reduction block whose reduction iterator is
//! driven by a loop bound to threadIdx.* (bound directly, or after `rfactor`)
//! becomes an in-thread reduction into a per-thread temporary, a reduction of
//! the temporaries across the threads of that loop, and a write-back of the
//! result: by the first thread, or by every thread when the result buffer is
//! local (each thread's own copy, as TVM broadcasts the allreduce result).
//!
//! TVM: src/tir/transforms/lower_cross_thread_reduction.cc, with the
//! allreduce that LowerThreadAllreduce emits done here. The rules are TVM's:
//! one reduction update `y = y ⊕ e` with ⊕ one of + * min max, the store
//! indices free of reduction iterators, and no loop between the thread loop
//! and the block driving a spatial iterator.
//!
//! Two ways to combine the partials, chosen as TVM chooses:
//! - warp shuffles (`warp`), when the reducing threads are consecutive lanes
//!   (the kernel's lowest threadIdx axis, extent dividing 32 or a multiple of
//!   32): registers only within a warp, one small shared buffer and one
//!   barrier across warps. This is the fast path and the common case.
//! - a tree over a shared buffer (`tree`, one slot per thread, halving
//!   strides) otherwise: reductions over threadIdx.y under a threadIdx.x, or
//!   extents like 48 beside other threads, whose lanes do not tile warps, so
//!   a shuffle would mix groups. Barriers between its steps come from
//!   `thread_sync`, like every other shared-memory dependence.
//!
//! Invariant: works on the block-level `ir` before `lower_init_block`; every
//! statement it adds lies inside the thread loop it reduces over.

mod hoist;
mod tree;
mod warp;

use super::LowerError;
use crate::ir::IdSet;
use crate::ir::{
    BinOp, Block, BlockId, BlockRealize, Buffer, BufferId, BufferRegion, BufferStore, DataType,
    Expr, For, ForKind, IfThenElse, IterKind, PrimFunc, Range, Stmt, StorageScope, ThreadAxis,
    VarId,
};

pub fn run(func: &PrimFunc) -> Result<PrimFunc, LowerError> {
    let mut out = func.clone();
    let mut done: IdSet<BlockId> = IdSet::default();
    // Local results every thread took: (buffer, reducing axis).
    let mut broadcasts: Vec<(BufferId, ThreadAxis)> = Vec::new();
    while let Some(site) = find_site(&out, &done)? {
        done.insert(site.block);
        if let Some(b) = rewrite(&mut out, &site)? {
            broadcasts.push(b);
        }
    }
    mark_uniform(&mut out, &broadcasts);
    Ok(out)
}

/// A local buffer whose every store is a broadcast write-back over one axis
/// holds the same values in every thread along it (see `Buffer::uniform_across`).
fn mark_uniform(func: &mut PrimFunc, broadcasts: &[(BufferId, ThreadAxis)]) {
    for &(y, axis) in broadcasts {
        let mine = broadcasts.iter().filter(|(b, _)| *b == y);
        if mine.clone().any(|(_, a)| *a != axis) {
            continue;
        }
        let mut stores = 0;
        func.body.visit(&mut |s| {
            if let Stmt::BufferStore(st) = s {
                stores += (st.buffer == y) as usize;
            }
        });
        if stores == mine.count() {
            func.buffers[y.0 as usize].uniform_across = vec![axis];
        }
    }
}

/// One cross-thread reduction to lower.
struct Site {
    block: BlockId,
    /// The loop bound to threadIdx.* that drives the reduction iterator.
    thread_loop: crate::ir::LoopId,
    /// Other threadIdx loops around the block: each gets its own slice of the buffer.
    other_threads: Vec<OtherThread>,
    /// The outermost serial reduction loop outside `thread_loop`, which the
    /// thread loop moves above before the lowering (see `hoist`).
    hoist_over: Option<crate::ir::LoopId>,
}

/// A threadIdx loop around a cross-thread reduction other than the reducing one.
struct OtherThread {
    var: VarId,
    min: Expr,
    extent: i64,
    axis: ThreadAxis,
}

impl OtherThread {
    fn dim(&self) -> u8 {
        match self.axis {
            ThreadAxis::ThreadIdx(d) | ThreadAxis::BlockIdx(d) | ThreadAxis::VThread(d) => d,
        }
    }
}

fn thread_idx_loop(l: &For) -> bool {
    matches!(l.kind, ForKind::ThreadBinding(a) if a.is_thread_idx())
}

/// The first (pre-order) reduction block not yet lowered whose reduction is bound to threads.
fn find_site(func: &PrimFunc, done: &IdSet<BlockId>) -> Result<Option<Site>, LowerError> {
    let mut found = None;
    let mut scope = Scope {
        loops: Vec::new(),
        enclosing_threads: Vec::new(),
    };
    walk(func, &func.body, &mut scope, done, &mut found)?;
    Ok(found)
}

/// Where the walk is: the loops since the nearest enclosing block (the
/// block's own loop nest) and the threadIdx loops of the enclosing blocks'
/// nests, which split the threads into groups as much as the block's own.
struct Scope<'a> {
    loops: Vec<&'a For>,
    enclosing_threads: Vec<&'a For>,
}

fn walk<'a>(
    func: &PrimFunc,
    s: &'a Stmt,
    scope: &mut Scope<'a>,
    done: &IdSet<BlockId>,
    found: &mut Option<Site>,
) -> Result<(), LowerError> {
    if found.is_some() {
        return Ok(());
    }
    match s {
        Stmt::For(l) => {
            scope.loops.push(l);
            walk(func, &l.body, scope, done, found)?;
            scope.loops.pop();
        }
        Stmt::BlockRealize(r) => {
            if !done.contains(&r.block.id) {
                if let Some(site) = site_of(func, r, &scope.loops, &scope.enclosing_threads)? {
                    *found = Some(site);
                    return Ok(());
                }
            }
            // Loops of an outer block do not belong to the blocks inside it,
            // but its threadIdx loops still tell the inner blocks' threads
            // apart (rows on threadIdx.y around a reduction over threadIdx.x).
            let own = std::mem::take(&mut scope.loops);
            let pushed = own.iter().filter(|l| thread_idx_loop(l)).count();
            scope
                .enclosing_threads
                .extend(own.iter().copied().filter(|l| thread_idx_loop(l)));
            let res = walk(func, &r.block.body, scope, done, found);
            let keep = scope.enclosing_threads.len() - pushed;
            scope.enclosing_threads.truncate(keep);
            scope.loops = own;
            res?;
        }
        Stmt::Seq(v) => {
            for c in v {
                walk(func, c, scope, done, found)?;
            }
        }
        Stmt::IfThenElse(i) => {
            walk(func, &i.then_case, scope, done, found)?;
            if let Some(e) = &i.else_case {
                walk(func, e, scope, done, found)?;
            }
        }
        Stmt::LetStmt(l) => walk(func, &l.body, scope, done, found)?,
        Stmt::BufferStore(_) | Stmt::Evaluate(_) => {}
    }
    Ok(())
}

fn unsupported(block: &str, why: impl std::fmt::Display) -> LowerError {
    LowerError::Unsupported {
        what: format!("block \"{block}\" reduces across threads, but {why}"),
    }
}

fn site_of(
    func: &PrimFunc,
    r: &BlockRealize,
    loops: &[&For],
    enclosing_threads: &[&For],
) -> Result<Option<Site>, LowerError> {
    let b = &r.block;
    let drives = |v: VarId, kind: IterKind| {
        b.iter_vars
            .iter()
            .zip(&r.iter_values)
            .any(|(iv, e)| iv.kind == kind && e.uses_var(v))
    };
    let bound: Vec<usize> = (0..loops.len())
        .filter(|&i| thread_idx_loop(loops[i]) && drives(loops[i].var, IterKind::Reduce))
        .collect();
    let Some(&at) = bound.first() else {
        return Ok(None);
    };
    if bound.len() > 1 {
        return Err(unsupported(
            &b.name,
            format!(
                "its reduction is bound to {} thread loops ({}); TVM's allreduce combines several thread axes, tirtui reduces across one: fuse the reduction loops before binding the fused loop to threadIdx.x",
                bound.len(),
                bound
                    .iter()
                    .map(|&i| format!("`{}`", func.var_name(loops[i].var)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let t = loops[at];
    if drives(t.var, IterKind::Spatial) {
        return Err(unsupported(
            &b.name,
            format!(
                "loop `{}` drives a spatial iterator too",
                func.var_name(t.var)
            ),
        ));
    }
    if let Some(inner) = loops[at + 1..]
        .iter()
        .find(|l| drives(l.var, IterKind::Spatial))
    {
        return Err(unsupported(
            &b.name,
            format!(
                "loop `{}` inside the thread loop `{}` drives a spatial iterator: move it above (reorder)",
                func.var_name(inner.var),
                func.var_name(t.var)
            ),
        ));
    }
    // Serial reduction loops outside the thread loop: as TVM, the thread
    // loop moves above them and they run inside it (the in-thread part).
    let hoist_over = match (0..at).find(|&i| drives(loops[i].var, IterKind::Reduce)) {
        Some(first) => {
            hoist::check(func, &b.name, &loops[first..=at], &drives)?;
            Some(loops[first].id)
        }
        None => None,
    };
    if let Some(l) = loops
        .iter()
        .find(|l| matches!(l.kind, ForKind::ThreadBinding(a) if a.is_vthread()))
    {
        return Err(unsupported(
            &b.name,
            format!("it lies inside the vthread loop `{}`", func.var_name(l.var)),
        ));
    }
    // An enclosing block's thread loop that drives this block's reduction
    // would need its threads combined too: not a pattern tirtui lowers.
    if let Some(l) = enclosing_threads
        .iter()
        .find(|l| drives(l.var, IterKind::Reduce))
    {
        return Err(unsupported(
            &b.name,
            format!(
                "the thread loop `{}` of an enclosing block drives its reduction too",
                func.var_name(l.var)
            ),
        ));
    }
    let mut other_threads = Vec::new();
    for l in enclosing_threads.iter().chain(loops) {
        if l.id == t.id || !thread_idx_loop(l) {
            continue;
        }
        let Some(ext) = l.extent.as_int() else {
            return Err(LowerError::NonConstantThreadExtent {
                loop_: func.var_name(l.var).to_string(),
                axis: "threadIdx".into(),
                extent: format!("{:?}", l.extent),
            });
        };
        let ForKind::ThreadBinding(axis) = l.kind else {
            continue;
        };
        other_threads.push(OtherThread {
            var: l.var,
            min: l.min.clone(),
            extent: ext,
            axis,
        });
    }
    Ok(Some(Site {
        block: b.id,
        thread_loop: t.id,
        other_threads,
        hoist_over,
    }))
}

/// The update `y[idx] = y[idx] ⊕ e`: (y, idx, ⊕, e).
fn update_of(b: &Block) -> Option<(BufferId, Vec<Expr>, BinOp, Expr)> {
    let Stmt::BufferStore(st) = &b.body else {
        return None;
    };
    let Expr::Binary(op, x, y) = &st.value else {
        return None;
    };
    if !matches!(op, BinOp::Add | BinOp::Mul | BinOp::Min | BinOp::Max) {
        return None;
    }
    let me = Expr::Load(st.buffer, st.indices.clone());
    let rhs = if **x == me {
        (**y).clone()
    } else if **y == me {
        (**x).clone()
    } else {
        return None;
    };
    let mut reads_self = false;
    rhs.visit(&mut |e| reads_self |= matches!(e, Expr::Load(b, _) if *b == st.buffer));
    if reads_self {
        return None;
    }
    Some((st.buffer, st.indices.clone(), *op, rhs))
}

/// The identity of `op` for `dtype` (TVM's CommReducer identities): the
/// type's own lowest / highest value for max / min, so no value of the type
/// loses to it (half types take float's, which round to infinity).
fn identity(op: BinOp, dtype: DataType) -> Expr {
    let float = dtype.is_float();
    let (int_lo, int_hi) = match dtype {
        DataType::I8 => (i8::MIN as i64, i8::MAX as i64),
        DataType::I16 => (i16::MIN as i64, i16::MAX as i64),
        DataType::I64 => (i64::MIN, i64::MAX),
        DataType::U8 | DataType::U16 | DataType::U32 | DataType::U64 => {
            dtype.int_range().unwrap_or((0, i64::MAX))
        }
        DataType::Bool => (0, 1),
        _ => (i32::MIN as i64, i32::MAX as i64),
    };
    let (float_lo, float_hi) = if dtype == DataType::F64 {
        (f64::MIN, f64::MAX)
    } else {
        (f32::MIN as f64, f32::MAX as f64)
    };
    let (f, i) = match op {
        BinOp::Add => (0.0, 0),
        BinOp::Mul => (1.0, 1),
        BinOp::Max => (float_lo, int_lo),
        _ => (float_hi, int_hi),
    };
    if float {
        Expr::Float(f, dtype)
    } else {
        Expr::Int(i, dtype)
    }
}

/// Lowers one site; returns the result buffer and the reducing axis when
/// every thread takes the result (a local buffer).
fn rewrite(func: &mut PrimFunc, site: &Site) -> Result<Option<(BufferId, ThreadAxis)>, LowerError> {
    if let Some(outer) = site.hoist_over {
        hoist::apply(func, outer, site.thread_loop)?;
    }
    let u = read_update(func, site)?;
    let mut temp_buf = Buffer::new(format!("{}_in_thread", u.name), vec![Expr::int(1)], u.dtype);
    temp_buf.scope = StorageScope::Local;
    let temp = func.new_buffer(temp_buf);
    let lane = if u.thread.min.as_int() == Some(0) {
        Expr::Var(u.thread.var)
    } else {
        Expr::sub(Expr::Var(u.thread.var), u.thread.min.clone())
    };
    let broadcast = func.buffer(u.y).scope == StorageScope::Local;
    let combined = combine_partials(func, site, &u, temp, lane.clone(), broadcast);
    let root = match &mut func.body {
        Stmt::BlockRealize(r) if r.block.iter_vars.is_empty() => &mut r.block.alloc_buffers,
        _ => {
            return Err(unsupported(
                &u.name,
                "the function has no root block to allocate its buffers in",
            ))
        }
    };
    root.push(temp);
    root.extend(combined.buffers);
    let init = Stmt::BufferStore(BufferStore {
        buffer: temp,
        indices: vec![Expr::int(0)],
        value: identity(u.op, u.dtype),
    });
    let mut combine = combined.stmts;
    combine.push(write_back(&u, lane, broadcast, combined.total));
    splice_into_thread_loop(func, site, &u, temp, init, combine)?;
    Ok(match u.thread.kind {
        ForKind::ThreadBinding(axis) if broadcast => Some((u.y, axis)),
        _ => None,
    })
}

/// A site's reduction as `rewrite` needs it: the block, its thread loop and
/// its one update `y[idx] = y[idx] ⊕ e`.
struct Update {
    realize: BlockRealize,
    /// The loop bound to threadIdx.* that drives the reduction.
    thread: For,
    name: String,
    y: BufferId,
    idx: Vec<Expr>,
    op: BinOp,
    /// The value of the block's `T.init()` store, if it has one.
    init_value: Option<Expr>,
    /// The thread loop's extent.
    n: i64,
    dtype: DataType,
}

/// Reads the site's block and thread loop, checking TVM's rules: one update
/// of a buffer the block does not otherwise read, stored at indices free of
/// reduction iterators, an init that stores to the same element, a constant
/// thread extent.
fn read_update(func: &PrimFunc, site: &Site) -> Result<Update, LowerError> {
    let realize = func
        .find_block(site.block)
        .cloned()
        .ok_or_else(|| LowerError::Unsupported {
            what: "a cross-thread reduction block vanished".into(),
        })?;
    let t = func
        .find_loop(site.thread_loop)
        .cloned()
        .ok_or_else(|| LowerError::Unsupported {
            what: "a cross-thread reduction loop vanished".into(),
        })?;
    let name = realize.block.name.clone();
    let Some((y, idx, op, _)) = update_of(&realize.block) else {
        return Err(unsupported(
            &name,
            "its body is not one update `y = y + e` (or *, min, max) of a buffer it does not read otherwise",
        ));
    };
    let reduce_vars: Vec<VarId> = realize
        .block
        .iter_vars
        .iter()
        .filter(|iv| iv.kind != IterKind::Spatial)
        .map(|iv| iv.var)
        .collect();
    if idx
        .iter()
        .any(|e| reduce_vars.iter().any(|&v| e.uses_var(v)))
    {
        return Err(unsupported(
            &name,
            "the written buffer is indexed by a reduction iterator",
        ));
    }
    let init_value = match &realize.block.init {
        None => None,
        Some(Stmt::BufferStore(st)) if st.buffer == y && st.indices == idx => {
            Some(st.value.clone())
        }
        Some(_) => {
            return Err(unsupported(
                &name,
                "its T.init() is not one store to the reduced element",
            ))
        }
    };
    let n = t
        .extent
        .as_int()
        .ok_or_else(|| LowerError::NonConstantThreadExtent {
            loop_: func.var_name(t.var).to_string(),
            axis: "threadIdx".into(),
            extent: format!("{:?}", t.extent),
        })?;
    let dtype = func.buffer(y).dtype;
    Ok(Update {
        realize,
        thread: t,
        name,
        y,
        idx,
        op,
        init_value,
        n,
        dtype,
    })
}

/// The reduction of the per-thread partials in `temp` across the thread
/// loop: by warp shuffles where the lanes tile warps, else by a tree over a
/// shared buffer (see the module header).
fn combine_partials(
    func: &mut PrimFunc,
    site: &Site,
    u: &Update,
    temp: BufferId,
    lane: Expr,
    broadcast: bool,
) -> warp::Emitted {
    let partial = Expr::Load(temp, vec![Expr::int(0)]);
    let shape = warp::shape(
        &u.thread,
        u.n,
        u.dtype,
        &site.other_threads,
        &kernel_thread_loops(func, site.block),
    );
    match shape {
        Some(shape) => warp::emit(
            func,
            &warp::Reduction {
                name: &u.name,
                op: u.op,
                dtype: u.dtype,
                lane,
                extent: u.n,
                partial,
                broadcast,
            },
            &shape,
        ),
        None => tree::emit(
            func,
            &tree::Reduction {
                name: &u.name,
                op: u.op,
                dtype: u.dtype,
                lane,
                extent: u.n,
                partial,
                others: &site.other_threads,
            },
        ),
    }
}

/// The store of the reduced value `total` at the element the block's spatial
/// bindings name, combined with the init value or the element's old value.
fn write_back(u: &Update, lane: Expr, broadcast: bool, total: Expr) -> Stmt {
    let (y, op, realize) = (u.y, u.op, &u.realize);
    let bindings: Vec<(VarId, Expr)> = realize
        .block
        .iter_vars
        .iter()
        .zip(&realize.iter_values)
        .map(|(iv, v)| (iv.var, v.clone()))
        .collect();
    let bind = |e: &Expr| {
        let mut e = e.clone();
        e.substitute(&|v| {
            bindings
                .iter()
                .find(|(x, _)| *x == v)
                .map(|(_, e)| e.clone())
        });
        e
    };
    let out_idx: Vec<Expr> = u.idx.iter().map(&bind).collect();
    let value = match &u.init_value {
        Some(init) if *init == identity(op, u.dtype) => total,
        Some(init) => Expr::binary(op, bind(init), total),
        None => Expr::binary(op, Expr::Load(y, out_idx.clone()), total),
    };
    // The first thread writes a shared or global result back; a local one is
    // each thread's own, so every thread takes the result (TVM's broadcast).
    // Conjuncts of the predicate that do not involve the reduction guard it too.
    let inner_vars = loop_vars_in(&u.thread);
    let mut guard = if broadcast {
        Expr::bool(true)
    } else {
        Expr::binary(BinOp::Eq, lane, Expr::int(0))
    };
    for c in conjuncts(&realize.predicate) {
        if !inner_vars.iter().any(|&v| c.uses_var(v)) && !c.is_const_true() {
            guard = if guard.is_const_true() {
                c
            } else {
                Expr::and(guard, c)
            };
        }
    }
    let write_back = Stmt::BufferStore(BufferStore {
        buffer: y,
        indices: out_idx,
        value,
    });
    if guard.is_const_true() {
        write_back
    } else {
        Stmt::IfThenElse(crate::ir::Shared::new(IfThenElse {
            cond: guard,
            then_case: write_back,
            else_case: None,
        }))
    }
}

/// Replaces the statement of the thread loop's body that holds the block by
/// `init`, the in-thread reduction (that statement, the block now reducing
/// into `temp` without its init) and then `combine`.
fn splice_into_thread_loop(
    func: &mut PrimFunc,
    site: &Site,
    u: &Update,
    temp: BufferId,
    init: Stmt,
    combine: Vec<Stmt>,
) -> Result<(), LowerError> {
    let (y, name) = (u.y, &u.name);
    let t_name = func.var_name(u.thread.var).to_string();
    // The block now reduces into the temporary, without its init.
    let lowered_block = |b: &mut BlockRealize| {
        b.block.init = None;
        let mut body = std::mem::replace(&mut b.block.body, Stmt::Seq(Vec::new()));
        retarget(&mut body, y, temp);
        b.block.body = body;
        for region in b.block.reads.iter_mut().chain(b.block.writes.iter_mut()) {
            if region.buffer == y {
                *region = BufferRegion {
                    buffer: temp,
                    region: vec![Range::new(Expr::int(0), Expr::int(1))],
                };
            }
        }
    };
    let Some(tl) = crate::schedule::tree::loop_mut(func, site.thread_loop) else {
        return Err(unsupported(name, "its thread loop vanished"));
    };
    let body = std::mem::replace(&mut tl.body, Stmt::Seq(Vec::new()));
    let (mut before, mut path, after) = split_at_block(body, site.block);
    let Some(path_stmt) = path.as_mut() else {
        return Err(unsupported(name, "it is not inside its thread loop"));
    };
    if crate::schedule::tree::blocks_in(path_stmt).len() != 1 {
        return Err(unsupported(
            name,
            format!("other blocks share its loops below `{t_name}`"),
        ));
    }
    path_stmt.visit_mut(&mut |s| {
        if let Stmt::BlockRealize(b) = s {
            if b.block.id == site.block {
                lowered_block(b);
            }
        }
    });
    let mut stmts = vec![init, path.unwrap_or(Stmt::Seq(Vec::new()))];
    stmts.extend(combine);
    before.push(Stmt::Seq(stmts));
    before.extend(after);
    tl.body = Stmt::Seq(before);
    Ok(())
}

/// Every threadIdx loop of the kernel (root-level statement) holding `block`.
fn kernel_thread_loops(func: &PrimFunc, block: BlockId) -> Vec<&For> {
    let items: Vec<&Stmt> = match &func.body {
        Stmt::BlockRealize(r) => match &r.block.body {
            Stmt::Seq(v) => v.iter().collect(),
            other => vec![other],
        },
        other => vec![other],
    };
    let Some(kernel) = items.into_iter().find(|s| {
        crate::schedule::tree::blocks_in(s)
            .iter()
            .any(|b| b.block.id == block)
    }) else {
        return Vec::new();
    };
    let mut loops = Vec::new();
    kernel.visit(&mut |s| {
        if let Stmt::For(l) = s {
            if thread_idx_loop(l) {
                loops.push(l.as_ref());
            }
        }
    });
    loops
}

/// Splits a loop body into the statements before the one holding `block`,
/// that statement, and the ones after.
fn split_at_block(body: Stmt, block: BlockId) -> (Vec<Stmt>, Option<Stmt>, Vec<Stmt>) {
    let items = match body {
        Stmt::Seq(v) => v,
        other => vec![other],
    };
    let holds = |s: &Stmt| {
        crate::schedule::tree::blocks_in(s)
            .iter()
            .any(|b| b.block.id == block)
    };
    let mut before = Vec::new();
    let mut path = None;
    let mut after = Vec::new();
    for s in items {
        if path.is_none() && holds(&s) {
            path = Some(s);
        } else if path.is_none() {
            before.push(s);
        } else {
            after.push(s);
        }
    }
    (before, path, after)
}

/// Every loop variable of `t` and the loops inside it.
fn loop_vars_in(t: &For) -> Vec<VarId> {
    let mut v = vec![t.var];
    t.body.visit(&mut |s| {
        if let Stmt::For(l) = s {
            v.push(l.var);
        }
    });
    v
}

fn conjuncts(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            let mut v = conjuncts(a);
            v.extend(conjuncts(b));
            v
        }
        other => vec![other.clone()],
    }
}

/// Replaces every access to `from` (any indices) by `to[0]`.
fn retarget(s: &mut Stmt, from: BufferId, to: BufferId) {
    s.visit_mut(&mut |x| {
        if let Stmt::BufferStore(st) = x {
            if st.buffer == from {
                st.buffer = to;
                st.indices = vec![Expr::int(0)];
            }
            st.value.rewrite(&mut |e| {
                if let Expr::Load(b, idx) = e {
                    if *b == from {
                        *b = to;
                        *idx = vec![Expr::int(0)];
                    }
                }
            });
        }
    });
}
