//! compute_inline, reverse_compute_inline.
//!
//! TVM: src/tir/schedule/primitive/compute_inline.cc

use crate::ir::{BlockId, BufferId, BufferStore, Expr, PrimFunc, Stmt, VarId};
use crate::schedule::analysis::{block_culprit, check_complete, consumers, get_block, producers};
use crate::schedule::error::{ErrorExpr, ScheduleError};
use crate::schedule::tree;

/// The block's body as a single store whose indices are distinct iterators.
fn trivial_store(
    func: &PrimFunc,
    block: BlockId,
    primitive: &'static str,
) -> Result<(BufferStore, Vec<VarId>), ScheduleError> {
    let r = get_block(func, block)?;
    let err = |why: String| ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block),
        why,
    };
    let Stmt::BufferStore(store) = &r.block.body else {
        return Err(err(format!(
            "{primitive} needs the block body to be a single buffer store"
        )));
    };
    let mut vars = Vec::new();
    for idx in &store.indices {
        match idx {
            Expr::Var(v)
                if r.block.iter_vars.iter().any(|iv| iv.var == *v) && !vars.contains(v) =>
            {
                vars.push(*v)
            }
            _ => {
                return Err(ScheduleError::UnsupportedIndex {
                    block: block_culprit(func, block),
                    primitive,
                    buffer: func.buffer(store.buffer).name.clone(),
                    want: "a distinct block iterator",
                    index: ErrorExpr::new(idx),
                })
            }
        }
    }
    Ok((store.clone(), vars))
}

/// Inlining needs `block` to be the only writer of `buffer` in the function:
/// with another writer, the inlined value would not be what a reader saw.
fn check_single_writer(
    func: &PrimFunc,
    block: BlockId,
    buffer: BufferId,
) -> Result<(), ScheduleError> {
    let others: Vec<String> = func
        .blocks()
        .iter()
        .filter(|b| b.id != block && b.writes.iter().any(|w| w.buffer == buffer))
        .map(|b| format!("\"{}\"", b.name))
        .collect();
    if others.is_empty() {
        return Ok(());
    }
    Err(ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block),
        why: format!(
            "`{}` is also written by {}; inlining needs a single writer",
            func.buffer(buffer).name,
            others.join(", ")
        ),
    })
}

/// TVM's inliner substitutes the store's index variables only, so every block
/// iterator on the right-hand side must be one of them: `B[vi] = A[vi, vj]`
/// would leave `vj` undefined in each consumer.
fn check_rhs_vars_indexed(
    func: &PrimFunc,
    block: BlockId,
    store: &BufferStore,
    index_vars: &[VarId],
) -> Result<(), ScheduleError> {
    let r = get_block(func, block)?;
    let mut stray: Option<VarId> = None;
    store.value.visit(&mut |e| {
        if let Expr::Var(v) = e {
            let is_iter = r.block.iter_vars.iter().any(|iv| iv.var == *v);
            if stray.is_none() && is_iter && !index_vars.contains(v) {
                stray = Some(*v);
            }
        }
    });
    match stray {
        None => Ok(()),
        Some(v) => Err(ScheduleError::UnsupportedPattern {
            block: block_culprit(func, block),
            why: format!(
                "its value uses the iterator `{}`, which does not index `{}`; \
                 compute_inline needs every iterator on the right-hand side to appear in the store's indices",
                func.var_name(v),
                func.buffer(store.buffer).name
            ),
        }),
    }
}

/// `reverse_compute_inline` rewrites the producer to store the consumer's value
/// instead: any other reader of the produced buffer would read memory nobody
/// writes any more (TVM: the producer must have exactly one consumer).
fn check_only_reader(
    func: &PrimFunc,
    producer: BlockId,
    consumer: BlockId,
    produced: BufferId,
) -> Result<(), ScheduleError> {
    let others: Vec<String> = func
        .blocks()
        .iter()
        .filter(|b| b.id != producer && b.id != consumer)
        .filter(|b| b.reads.iter().any(|r| r.buffer == produced))
        .map(|b| format!("\"{}\"", b.name))
        .collect();
    if others.is_empty() {
        return Ok(());
    }
    Err(ScheduleError::UnsupportedPattern {
        block: block_culprit(func, consumer),
        why: format!(
            "its producer \"{}\" has more than one consumer: `{}` is also read by {}; reverse_compute_inline needs exactly one",
            func.find_block(producer).map(|r| r.block.name.as_str()).unwrap_or("?"),
            func.buffer(produced).name,
            others.join(", ")
        ),
    })
}

/// A buffer a block views through `T.match_buffer` is accessed opaquely
/// there: no load to substitute, and the view would point at a buffer nobody
/// writes (TVM refuses: "its subregion is matched into other blocks").
fn check_not_matched(
    func: &PrimFunc,
    block: BlockId,
    buffer: BufferId,
    primitive: &str,
) -> Result<(), ScheduleError> {
    let matching: Vec<String> = func
        .blocks()
        .iter()
        .filter(|b| b.match_buffers.iter().any(|m| m.source.buffer == buffer))
        .map(|b| format!("\"{}\"", b.name))
        .collect();
    if matching.is_empty() {
        return Ok(());
    }
    Err(ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block),
        why: format!(
            "`{}` is matched by `T.match_buffer` in {}; {primitive} needs every access of it to be a load or store",
            func.buffer(buffer).name,
            matching.join(", ")
        ),
    })
}

fn refresh(func: &mut PrimFunc, id: BlockId) {
    if let Some(r) = func.find_block(id) {
        let b = r.block.clone();
        let (reads, writes) = crate::arith::region::infer_access_regions(func, &b);
        if let Some(r) = tree::block_realize_mut(func, id) {
            r.block.reads = reads;
            r.block.writes = writes;
        }
    }
}

fn remove_block(func: &mut PrimFunc, id: BlockId) {
    tree::remove_stmt(
        &mut func.body,
        &|s| matches!(s, Stmt::BlockRealize(r) if r.block.id == id),
    );
    tree::cleanup_empty(&mut func.body);
}

fn drop_alloc_if_unused(func: &mut PrimFunc, buffer: BufferId) {
    let mut used = false;
    func.body.visit(&mut |s| {
        if let Stmt::BufferStore(st) = s {
            used |= st.buffer == buffer;
        }
        s.for_each_expr(|e| {
            e.visit(&mut |x| {
                if let Expr::Load(b, _) = x {
                    used |= *b == buffer;
                }
            })
        });
    });
    if used {
        return;
    }
    func.body.visit_mut(&mut |s| {
        if let Stmt::BlockRealize(r) = s {
            r.block.alloc_buffers.retain(|b| *b != buffer);
        }
    });
}

/// TVM's `compute_inline`: the block's value is substituted into every load of
/// the buffer it writes, and the block disappears.
pub fn compute_inline(func: &mut PrimFunc, block: BlockId) -> Result<(), ScheduleError> {
    check_complete(func, block)?;
    let (store, vars) = trivial_store(func, block, "compute_inline")?;
    if func.is_param_buffer(store.buffer) {
        return Err(ScheduleError::OutputBlock {
            block: block_culprit(func, block),
            buffer: func.buffer(store.buffer).name.clone(),
        });
    }
    if let Some(scope) = tree::scope_of_block(func, block) {
        if func
            .find_block(scope)
            .is_some_and(|r| tree::child_blocks_of_block(&r.block).len() == 1)
        {
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, block),
                why: "it is the only block in its scope; inlining would leave nothing".into(),
            });
        }
    }
    check_rhs_vars_indexed(func, block, &store, &vars)?;
    check_not_matched(func, block, store.buffer, "compute_inline")?;
    check_predicate_only_guards(func, block)?;
    let readers = consumers(func, block);
    let buffer = store.buffer;
    check_single_writer(func, block, buffer)?;
    let inline = |indices: &[Expr]| -> Expr {
        let mut v = store.value.clone();
        v.substitute(&|x| {
            vars.iter()
                .position(|y| *y == x)
                .map(|i| indices[i].clone())
        });
        v
    };
    // Every load of the buffer, wherever it is: a reader's `T.where` may load it
    // too (TVM substitutes there as well), and a predicate left loading the
    // buffer would read memory nothing writes any more.
    let mut predicate_readers = Vec::new();
    func.body.visit_mut(&mut |x| {
        let mut changed = false;
        x.for_each_expr_mut(|e| {
            e.rewrite(&mut |y| {
                if let Expr::Load(b, idx) = y {
                    if *b == buffer && idx.len() == vars.len() {
                        *y = inline(idx);
                        changed = true;
                    }
                }
            })
        });
        if let (true, Stmt::BlockRealize(r)) = (changed, &*x) {
            predicate_readers.push(r.block.id);
        }
    });
    remove_block(func, block);
    for c in readers.iter().chain(&predicate_readers) {
        refresh(func, *c);
    }
    drop_alloc_if_unused(func, buffer);
    Ok(())
}

/// TVM's `reverse_compute_inline`: the block (a consumer reading one produced
/// buffer element-wise) is folded into its producer's store, and disappears.
pub fn reverse_compute_inline(func: &mut PrimFunc, block: BlockId) -> Result<(), ScheduleError> {
    check_complete(func, block)?;
    let r = get_block(func, block)?.clone();
    let err = |why: String| ScheduleError::UnsupportedPattern {
        block: block_culprit(func, block),
        why,
    };
    let Stmt::BufferStore(out_store) = &r.block.body else {
        return Err(err(
            "reverse_compute_inline needs the block body to be a single buffer store".into(),
        ));
    };
    // TVM refuses it too: the folded store would run wherever the producer's
    // iteration runs, and the consumer's condition has no place to go.
    if !get_block_realize_predicate(func, block)?.is_const_true() {
        return Err(err(
            "it has a `T.where` predicate; reverse_compute_inline needs a consumer without one"
                .into(),
        ));
    }
    let prods = producers(func, block);
    let [producer] = prods.as_slice() else {
        return Err(err(format!(
            "it must have exactly one producer, it has {}",
            prods.len()
        )));
    };
    let producer = *producer;
    check_complete(func, producer)?;
    let (pstore, pvars) = trivial_store(func, producer, "reverse_compute_inline")?;
    if func.is_param_buffer(pstore.buffer) {
        return Err(ScheduleError::ParamBuffer(
            func.buffer(pstore.buffer).name.clone(),
        ));
    }
    let produced = pstore.buffer;
    check_single_writer(func, producer, produced)?;
    check_single_writer(func, block, out_store.buffer)?;
    check_only_reader(func, producer, block, produced)?;
    check_not_matched(func, block, produced, "reverse_compute_inline")?;
    // Every load of the produced buffer must use the same indices: distinct iterators of this block.
    let mut load_idx: Option<Vec<Expr>> = None;
    let mut consistent = true;
    out_store.value.visit(&mut |e| {
        if let Expr::Load(b, idx) = e {
            if *b == produced {
                match &load_idx {
                    None => load_idx = Some(idx.clone()),
                    Some(prev) => consistent &= prev == idx,
                }
            }
        }
    });
    let Some(load_idx) = load_idx.filter(|_| consistent) else {
        return Err(err(format!(
            "it must read `{}` at one index",
            func.buffer(produced).name
        )));
    };
    let mut my_vars: Vec<VarId> = Vec::new();
    for idx in &load_idx {
        match idx {
            Expr::Var(v)
                if r.block.iter_vars.iter().any(|iv| iv.var == *v) && !my_vars.contains(v) =>
            {
                my_vars.push(*v)
            }
            _ => {
                return Err(err(format!(
                    "each index of `{}` it reads must be a distinct iterator",
                    func.buffer(produced).name
                )))
            }
        }
    }
    if r.block
        .iter_vars
        .iter()
        .any(|iv| !my_vars.contains(&iv.var))
    {
        return Err(err(
            "every iterator of the block must index the buffer it reads".into(),
        ));
    }
    // Substitute: my iterator at position d := the producer's iterator at position d.
    let map = |v: VarId| {
        my_vars
            .iter()
            .position(|x| *x == v)
            .map(|d| Expr::Var(pvars[d]))
    };
    let mut new_value = out_store.value.clone();
    new_value.rewrite(&mut |e| {
        if let Expr::Load(b, _) = e {
            if *b == produced {
                *e = Expr::Var(VarId(u32::MAX));
            }
        }
    });
    new_value.substitute(&map);
    let pvalue = pstore.value.clone();
    new_value.substitute(&|v| (v == VarId(u32::MAX)).then(|| pvalue.clone()));
    let mut new_indices = out_store.indices.clone();
    for i in &mut new_indices {
        i.substitute(&map);
    }
    let guard = consumer_domain_guard(func, block, producer, &my_vars, &pvars)?;
    if let Some(p) = tree::block_realize_mut(func, producer) {
        p.predicate = conjoin(&p.predicate, guard);
        p.block.body = Stmt::BufferStore(BufferStore {
            buffer: out_store.buffer,
            indices: new_indices,
            value: new_value,
        });
    }
    remove_block(func, block);
    refresh(func, producer);
    drop_alloc_if_unused(func, produced);
    Ok(())
}

fn get_block_realize_predicate(func: &PrimFunc, block: BlockId) -> Result<Expr, ScheduleError> {
    Ok(get_block(func, block)?.predicate.clone())
}

/// The producer runs over its own domain, the folded store must only run
/// where the consumer did: the consumer iterators' domain bounds, on the
/// producer's bindings, for the producer's `T.where` (TVM's
/// BuildInlinedConsumerPredicate; a (127, 127) output of a (128, 128)
/// producer keeps `i < 127 and j < 127`). A consumer domain reaching past the
/// producer's reads what nobody wrote: refused, as TVM does.
fn consumer_domain_guard(
    func: &PrimFunc,
    consumer: BlockId,
    producer: BlockId,
    consumer_vars: &[VarId],
    producer_vars: &[VarId],
) -> Result<Expr, ScheduleError> {
    let c = get_block(func, consumer)?;
    let p = get_block(func, producer)?;
    let ranges = crate::schedule::region::all_loop_ranges(func);
    let no_ranges = crate::arith::bound::VarRanges::new();
    let mut doms = Vec::new();
    let mut bindings = Vec::new();
    for (cv, pv) in consumer_vars.iter().zip(producer_vars) {
        let (Some(civ), Some(pos)) = (
            c.block.iter_vars.iter().find(|iv| iv.var == *cv),
            p.block.iter_vars.iter().position(|iv| iv.var == *pv),
        ) else {
            continue;
        };
        let piv = &p.block.iter_vars[pos];
        let end = |iv: &crate::ir::IterVar| Expr::add(iv.dom.min.clone(), iv.dom.extent.clone());
        let covered = crate::arith::can_prove(
            &Expr::binary(
                crate::ir::BinOp::Le,
                piv.dom.min.clone(),
                civ.dom.min.clone(),
            ),
            &no_ranges,
        ) && crate::arith::can_prove(
            &Expr::binary(crate::ir::BinOp::Le, end(civ), end(piv)),
            &no_ranges,
        );
        if !covered {
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, consumer),
                why: format!(
                    "its iterator `{}` runs over [{}, {}), past the producer \"{}\"'s `{}` over [{}, {}); \
                     reverse_compute_inline needs the producer to cover the consumer",
                    func.var_name(*cv),
                    crate::script::print_expr(func, &civ.dom.min),
                    crate::script::print_expr(func, &end(civ)),
                    p.block.name,
                    func.var_name(*pv),
                    crate::script::print_expr(func, &piv.dom.min),
                    crate::script::print_expr(func, &end(piv)),
                ),
            });
        }
        doms.push(civ.clone());
        bindings.push(p.iter_values[pos].clone());
    }
    Ok(crate::schedule::region::domain_guard(
        &doms, &bindings, &ranges,
    ))
}

/// `a and b`, leaving out `true` and a `b` already among `a`'s conjuncts.
fn conjoin(a: &Expr, b: Expr) -> Expr {
    let mut conjuncts = Vec::new();
    collect_conjuncts(a, &mut conjuncts);
    let mut out = a.clone();
    let mut added = Vec::new();
    collect_conjuncts(&b, &mut added);
    for c in added {
        if c.is_const_true() || conjuncts.contains(&c) {
            continue;
        }
        out = if out.is_const_true() {
            c.clone()
        } else {
            Expr::and(out, c.clone())
        };
        conjuncts.push(c);
    }
    out
}

fn collect_conjuncts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(crate::ir::BinOp::And, a, b) => {
            collect_conjuncts(a, out);
            collect_conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// An inlined value is computed wherever a reader loads it, so a producer's
/// `T.where` that says more than its iterators' domains (`A[i] > 0`) would be
/// lost: the reader would see values the block never wrote. TVM refuses it
/// (the scope is no stage pipeline); a predicate that only guards the
/// domains (after a non-divisible split) says nothing the reader's indices
/// do not, and is dropped as before.
fn check_predicate_only_guards(func: &PrimFunc, block: BlockId) -> Result<(), ScheduleError> {
    let r = get_block(func, block)?;
    if r.predicate.is_const_true() {
        return Ok(());
    }
    let ranges = crate::schedule::region::all_loop_ranges(func);
    let guard = crate::schedule::region::domain_guard(&r.block.iter_vars, &r.iter_values, &ranges);
    let mut kept = Vec::new();
    collect_conjuncts(&guard, &mut kept);
    let mut own = Vec::new();
    collect_conjuncts(&r.predicate, &mut own);
    match own.iter().find(|c| !c.is_const_true() && !kept.contains(c)) {
        None => Ok(()),
        Some(c) => Err(ScheduleError::UnsupportedPattern {
            block: block_culprit(func, block),
            why: format!(
                "its `T.where` condition `{}` says more than its iterators' domains; inlined, the value would be computed where the block never wrote it (TVM: not a stage pipeline)",
                crate::script::print_expr(func, c)
            ),
        }),
    }
}
