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

/// A buffer a block views through `T.match_buffer`, or whose `.data` pointer
/// a builtin takes, is accessed opaquely there: no load to substitute, and
/// the view would point at a buffer nobody writes (TVM refuses: "The buffer
/// to be inlined has opaque access (e.g. `B.data`), or its subregion is
/// matched into other blocks").
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
    let by_pointer = crate::ir::builtin::blocks_using_data(&func.body, buffer);
    if let Some(first) = by_pointer.first() {
        return Err(ScheduleError::UnsupportedPattern {
            block: block_culprit(func, block),
            why: format!(
                "`{}` is accessed opaquely: block \"{first}\" passes `{}.data` to a builtin; {primitive} needs every access of it to be a load or store",
                func.buffer(buffer).name,
                func.buffer(buffer).name,
            ),
        });
    }
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
/// buffer through an invertible affine map of its iterators) is folded into
/// its producer's store, and disappears. The consumer's iterators are
/// recovered from the producer's store indices (`compute_inline_inverse`).
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
    crate::schedule::analysis::check_complete_but_init(func, producer)?;
    let pr = get_block(func, producer)?;
    let Stmt::BufferStore(pstore) = &pr.block.body else {
        return Err(ScheduleError::UnsupportedPattern {
            block: block_culprit(func, producer),
            why: "reverse_compute_inline needs the producer's body to be a single buffer store"
                .into(),
        });
    };
    let pstore = pstore.clone();
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
    let load_idx = consistent_load_indices(func, block, &out_store.value, produced)?;
    let inverse =
        recover_consumer_iterators(func, block, producer, produced, &load_idx, &pstore.indices)?;
    let map = |v: VarId| inverse.iter().find(|p| p.0 == v).map(|p| p.1.clone());
    // The loads become a stand-in variable first, so that the consumer's iterators
    // are replaced in the consumer's expressions only, never in the
    // producer's value that takes the stand-in's place.
    let stand_in = VarId(u32::MAX);
    let mut new_value = out_store.value.clone();
    new_value.rewrite(&mut |e| {
        if let Expr::Load(b, _) = e {
            if *b == produced {
                *e = Expr::Var(stand_in);
            }
        }
    });
    new_value.substitute(&map);
    let pvalue = pstore.value.clone();
    new_value.substitute(&|v| (v == stand_in).then(|| pvalue.clone()));
    let mut new_indices = out_store.indices.clone();
    for i in &mut new_indices {
        i.substitute(&map);
    }
    let folded_init = match &pr.block.init {
        Some(init) => {
            let (init, value) = fold_into_init_block(
                func,
                (producer, init, &pstore),
                (block, out_store),
                &load_idx,
                &new_indices,
            )?;
            new_value = value;
            Some(init)
        }
        None => None,
    };
    let guard = consumer_domain_guard(func, block, producer, &inverse)?;
    if let Some(p) = tree::block_realize_mut(func, producer) {
        p.predicate = conjoin(&p.predicate, guard);
        p.block.body = Stmt::BufferStore(BufferStore {
            buffer: out_store.buffer,
            indices: new_indices,
            value: new_value,
        });
        if folded_init.is_some() {
            p.block.init = folded_init;
        }
    }
    remove_block(func, block);
    refresh(func, producer);
    // The folded block writes one element per iteration, at the store's
    // indices as built (TVM's access region of a point store: its indices
    // unsimplified, which is how TVM prints it).
    let out_buffer = out_store.buffer;
    if let Some(p) = tree::block_realize_mut(func, producer) {
        if let Stmt::BufferStore(st) = &p.block.body {
            let point = crate::ir::BufferRegion {
                buffer: out_buffer,
                region: st
                    .indices
                    .iter()
                    .cloned()
                    .map(crate::ir::Range::point)
                    .collect(),
            };
            if let [only] = p.block.writes.as_mut_slice() {
                if only.buffer == out_buffer {
                    *only = point;
                }
            }
        }
    }
    drop_alloc_if_unused(func, produced);
    Ok(())
}

/// A producer with an init (TVM accepts one whose iterators are all spatial:
/// the init runs at every instance) is folded init and update alike: both
/// store to the consumer's output, and the update's reads of the produced
/// buffer read that output instead. That computes what the original did only
/// when the consumer copies the produced value unchanged (TVM 0.27 also folds
/// an expression, `C = B * 2`, which then applies to the init and again at
/// every update: it computes something else), and when the update reads the
/// produced buffer where it stores. Returns the new init and update value.
fn fold_into_init_block(
    func: &PrimFunc,
    (producer, init, pstore): (BlockId, &Stmt, &BufferStore),
    (consumer, out_store): (BlockId, &BufferStore),
    load_idx: &[Expr],
    new_indices: &[Expr],
) -> Result<(Stmt, Expr), ScheduleError> {
    let produced = pstore.buffer;
    let name = func.buffer(produced).name.clone();
    let pname = block_culprit(func, producer);
    if out_store.value != Expr::Load(produced, load_idx.to_vec()) {
        return Err(ScheduleError::UnsupportedPattern {
            block: block_culprit(func, consumer),
            why: format!(
                "its producer {pname} has a `T.init()`, so the consumer's expression would apply to the init and again at every update; \
                 only a plain copy of `{name}` can be folded into it (TVM 0.27 folds any expression and computes something else)"
            ),
        });
    }
    let mut reads_elsewhere = false;
    pstore.value.visit(&mut |e| {
        if let Expr::Load(b, idx) = e {
            reads_elsewhere |= *b == produced && *idx != pstore.indices;
        }
    });
    let init_store = match init {
        Stmt::BufferStore(st) if st.buffer == produced && st.indices == pstore.indices => st,
        _ => reads_elsewhere_error(
            func,
            producer,
            &name,
            "its init must store it where the update does",
        )?,
    };
    if reads_elsewhere {
        reads_elsewhere_error(
            func,
            producer,
            &name,
            "its update must read it only where it stores",
        )?;
    }
    let mut value = pstore.value.clone();
    value.rewrite(&mut |e| {
        if let Expr::Load(b, _) = e {
            if *b == produced {
                *e = Expr::Load(out_store.buffer, new_indices.to_vec());
            }
        }
    });
    let init = Stmt::BufferStore(BufferStore {
        buffer: out_store.buffer,
        indices: new_indices.to_vec(),
        value: init_store.value.clone(),
    });
    Ok((init, value))
}

fn reads_elsewhere_error<T>(
    func: &PrimFunc,
    producer: BlockId,
    buffer: &str,
    why: &str,
) -> Result<T, ScheduleError> {
    Err(ScheduleError::UnsupportedPattern {
        block: block_culprit(func, producer),
        why: format!(
            "it has a `T.init()` and writes `{buffer}`: {why}, for reverse_compute_inline to fold its consumer into it"
        ),
    })
}

/// The indices every load of `produced` in the consumer's value uses (TVM:
/// they must all be the same expressions).
fn consistent_load_indices(
    func: &PrimFunc,
    block: BlockId,
    value: &Expr,
    produced: BufferId,
) -> Result<Vec<Expr>, ScheduleError> {
    let mut load_idx: Option<Vec<Expr>> = None;
    let mut consistent = true;
    value.visit(&mut |e| {
        if let Expr::Load(b, idx) = e {
            if *b == produced {
                match &load_idx {
                    None => load_idx = Some(idx.clone()),
                    Some(prev) => consistent &= prev == idx,
                }
            }
        }
    });
    load_idx
        .filter(|_| consistent)
        .ok_or_else(|| ScheduleError::UnsupportedPattern {
            block: block_culprit(func, block),
            why: format!("it must read `{}` at one index", func.buffer(produced).name),
        })
}

/// Each consumer iterator as an expression of the producer's iterators: the
/// inverse of the consumer's load indices applied to the producer's store
/// indices (TVM's CreateInverseMapping), a unit iterator left out of the
/// loads at its start. Refused, as TVM refuses, when the loads are not such
/// a map or the producer does not cover the consumer's domain; refused
/// beyond TVM when a store index under a `%` piece cannot be proven to stay
/// in that piece (the inverse would fold it onto another element).
fn recover_consumer_iterators(
    func: &PrimFunc,
    consumer: BlockId,
    producer: BlockId,
    produced: BufferId,
    load_idx: &[Expr],
    store_idx: &[Expr],
) -> Result<Vec<(VarId, Expr)>, ScheduleError> {
    use super::compute_inline_inverse::{detect, inverse, IterDom};
    let c = get_block(func, consumer)?;
    let p = get_block(func, producer)?;
    let err = |why: String| ScheduleError::UnsupportedPattern {
        block: block_culprit(func, consumer),
        why,
    };
    let produced = func.buffer(produced).name.clone();
    let (symbolic, load_idx, store_idx) =
        symbolic_identity_positions(func, &c.block, &p.block, load_idx, store_idx).map_err(err)?;
    let (load_idx, store_idx) = (load_idx.as_slice(), store_idx.as_slice());
    let mut doms = Vec::new();
    for iv in &c.block.iter_vars {
        if symbolic.iter().any(|(v, _)| *v == iv.var) {
            continue;
        }
        let (Some(min), Some(extent)) = (iv.dom.min.as_int(), iv.dom.extent.as_int()) else {
            return Err(err(format!(
                "its iterator `{}` has a non-constant domain and reads `{produced}` through more than its own index; \
                 reverse_compute_inline inverts constant domains, and a symbolic one only where it reads the index the producer's iterator of the same domain writes",
                func.var_name(iv.var)
            )));
        };
        doms.push(IterDom {
            var: iv.var,
            min,
            extent,
        });
    }
    let map = detect(load_idx, &doms).map_err(|why| {
        err(format!(
            "the indices it reads `{produced}` at are not an affine map of its iterators that can be inverted ({why}); \
             reverse_compute_inline needs each iterator once, whole or split by `//` and `%` into pieces that tile it"
        ))
    })?;
    let (mut inv, obligations) = inverse(&map, store_idx);
    let producer_ranges: crate::arith::bound::VarRanges = p
        .block
        .iter_vars
        .iter()
        .map(|iv| (iv.var, iv.dom.clone()))
        .collect();
    for o in obligations {
        let stays = crate::arith::const_bounds(&store_idx[o.position], &producer_ranges)
            .is_some_and(|(lo, hi)| lo >= 0 && hi < o.extent);
        if !stays {
            return Err(err(format!(
                "the producer \"{}\" stores `{produced}` at `{}` (index {}), which cannot be proven to stay in [0, {}); \
                 the consumer reads that index through a `%`, so another element would be folded onto it",
                p.block.name,
                crate::script::print_expr(func, &store_idx[o.position]),
                o.position,
                o.extent
            )));
        }
    }
    for d in &doms {
        if !inv.iter().any(|(v, _)| *v == d.var) {
            // detect refuses an unused iterator unless its extent is 1.
            inv.push((d.var, Expr::int(d.min)));
        }
    }
    check_producer_covers(func, consumer, producer, &inv, &producer_ranges)?;
    inv.extend(symbolic);
    Ok(inv)
}

/// Consumer iterators of non-constant domain `[0, n)` that read the
/// produced buffer at themselves (`B[.., v, ..]`) where the producer stores
/// at its own iterator of the same domain: the inverse is that iterator and
/// the producer covers the consumer (layer_norm's `n` rows,
/// test_reverse_compute_inline_layer_norm). Returns them with the indices
/// of the other positions, left to the constant-domain inversion; an error
/// names a symbolic iterator used any other way.
#[allow(clippy::type_complexity)]
fn symbolic_identity_positions(
    func: &PrimFunc,
    consumer: &crate::ir::Block,
    producer: &crate::ir::Block,
    load_idx: &[Expr],
    store_idx: &[Expr],
) -> Result<(Vec<(VarId, Expr)>, Vec<Expr>, Vec<Expr>), String> {
    let mut symbolic = Vec::new();
    let mut positions = Vec::new();
    for iv in consumer
        .iter_vars
        .iter()
        .filter(|iv| iv.dom.min.as_int().is_none() || iv.dom.extent.as_int().is_none())
    {
        let at = load_idx.iter().position(|e| *e == Expr::Var(iv.var));
        let producer_iter = at.and_then(|d| match store_idx.get(d) {
            Some(Expr::Var(pv)) => producer.iter_vars.iter().find(|p| p.var == *pv),
            _ => None,
        });
        let same_domain =
            producer_iter.is_some_and(|p| p.dom == iv.dom && iv.dom.min.as_int() == Some(0));
        let (Some(d), true) = (at, same_domain) else {
            return Err(format!(
                "its iterator `{}` has the non-constant domain `{}`: reverse_compute_inline inverts such an iterator only where it is the whole index it reads, \
                 stored by a producer iterator of the same domain",
                func.var_name(iv.var),
                crate::script::print_expr(func, &iv.dom.extent)
            ));
        };
        symbolic.push((iv.var, store_idx[d].clone()));
        positions.push(d);
    }
    let keep = |idx: &[Expr]| -> Vec<Expr> {
        idx.iter()
            .enumerate()
            .filter(|(d, _)| !positions.contains(d))
            .map(|(_, e)| e.clone())
            .collect()
    };
    let (loads, stores) = (keep(load_idx), keep(store_idx));
    if let Some((v, _)) = symbolic
        .iter()
        .find(|(v, _)| loads.iter().any(|e| e.uses_var(*v)))
    {
        return Err(format!(
            "its iterator `{}` of non-constant domain is read at more than one index",
            func.var_name(*v)
        ));
    }
    Ok((symbolic, loads, stores))
}

/// TVM's CheckConsumerCovered: each recovered iterator, over the producer's
/// domain, must reach both ends of the consumer iterator's domain.
fn check_producer_covers(
    func: &PrimFunc,
    consumer: BlockId,
    producer: BlockId,
    inverse: &[(VarId, Expr)],
    producer_ranges: &crate::arith::bound::VarRanges,
) -> Result<(), ScheduleError> {
    let c = get_block(func, consumer)?;
    let p = get_block(func, producer)?;
    for iv in &c.block.iter_vars {
        let Some((_, value)) = inverse.iter().find(|(v, _)| *v == iv.var) else {
            continue;
        };
        let (Some(lo), Some(ext)) = (iv.dom.min.as_int(), iv.dom.extent.as_int()) else {
            continue;
        };
        let Some((plo, phi)) = crate::arith::const_bounds(value, producer_ranges) else {
            continue;
        };
        if plo > lo || phi < lo + ext - 1 {
            return Err(ScheduleError::UnsupportedPattern {
                block: block_culprit(func, consumer),
                why: format!(
                    "its iterator `{}` runs over [{lo}, {}), past the producer \"{}\", whose iterations give it `{}` in [{plo}, {}) only; \
                     reverse_compute_inline needs the producer to cover the consumer",
                    func.var_name(iv.var),
                    lo + ext,
                    p.block.name,
                    crate::script::print_expr(func, value),
                    phi + 1,
                ),
            });
        }
    }
    Ok(())
}

fn get_block_realize_predicate(func: &PrimFunc, block: BlockId) -> Result<Expr, ScheduleError> {
    Ok(get_block(func, block)?.predicate.clone())
}

/// The producer runs over its own domain, the folded store must only run
/// where the consumer did: the consumer iterators' domain bounds, on the
/// recovered iterators with the producer's bindings, for the producer's
/// `T.where` (TVM's BuildInlinedConsumerPredicate; a (127, 127) output of a
/// (128, 128) producer keeps `i < 127 and j < 127`).
fn consumer_domain_guard(
    func: &PrimFunc,
    consumer: BlockId,
    producer: BlockId,
    inverse: &[(VarId, Expr)],
) -> Result<Expr, ScheduleError> {
    let c = get_block(func, consumer)?;
    let p = get_block(func, producer)?;
    let ranges = crate::schedule::region::all_loop_ranges(func);
    let bind = |v: VarId| {
        p.block
            .iter_vars
            .iter()
            .position(|iv| iv.var == v)
            .map(|i| p.iter_values[i].clone())
    };
    // As TVM, first in terms of the producer's iterators over their domains:
    // a consumer iterator always inside its own domain there needs no guard
    // (TVM simplifies the guard with the producer's iterator domains bound).
    let producer_doms: crate::arith::VarRanges = p
        .block
        .iter_vars
        .iter()
        .map(|iv| (iv.var, iv.dom.clone()))
        .collect();
    let always_inside = |value: &Expr, dom: &crate::ir::Range| {
        let end = Expr::add(dom.min.clone(), dom.extent.clone());
        let low = Expr::binary(crate::ir::BinOp::Ge, value.clone(), dom.min.clone());
        crate::arith::simplify_with(&low, &producer_doms).is_const_true()
            && crate::arith::simplify_with(&Expr::lt(value.clone(), end), &producer_doms)
                .is_const_true()
    };
    let mut doms = Vec::new();
    let mut bindings = Vec::new();
    for civ in &c.block.iter_vars {
        let Some((_, value)) = inverse.iter().find(|(v, _)| *v == civ.var) else {
            continue;
        };
        if always_inside(value, &civ.dom) {
            continue;
        }
        let mut bound = value.clone();
        bound.substitute(&bind);
        doms.push(civ.clone());
        bindings.push(crate::arith::order::largest_scale_first(
            crate::arith::affine::TypeCtx::default(),
            &bound,
        ));
    }
    let guard = crate::schedule::region::domain_guard(&doms, &bindings, &ranges);
    Ok(tvm_guard_forms(guard))
}

/// Two of the rules TVM's simplifier applies to the guard it builds (so the
/// `T.where` prints as TVM's): `x // c < k` is `x < c * k` (c > 0), and in
/// `x < c1 and x % c2 < c3` with c2 dividing c1 (and c3 <= c2) the first
/// bound tightens to `x < c1 - c2 + c3` (the last `c2 - c3` values below c1
/// fail the second conjunct). Both keep the guard's value for every x.
fn tvm_guard_forms(guard: Expr) -> Expr {
    use crate::ir::BinOp;
    match guard {
        Expr::Binary(BinOp::And, a, b) => {
            let (a, b) = (tvm_guard_forms(*a), tvm_guard_forms(*b));
            let tightened = match (&a, &b) {
                (Expr::Binary(BinOp::Lt, x, c1), Expr::Binary(BinOp::Lt, m, c3)) => {
                    match (&**m, c1.as_int(), c3.as_int()) {
                        (Expr::Binary(BinOp::FloorMod, y, c2), Some(c1v), Some(c3v)) if y == x => {
                            c2.as_int()
                                .filter(|c2v| *c2v > 0 && c1v % c2v == 0 && c3v <= *c2v)
                                .and_then(|c2v| c1v.checked_sub(c2v)?.checked_add(c3v))
                                .map(|bound| Expr::lt((**x).clone(), int_like(c1, bound)))
                        }
                        _ => None,
                    }
                }
                _ => None,
            };
            Expr::and(tightened.unwrap_or(a), b)
        }
        Expr::Binary(BinOp::Lt, a, k) => {
            if let (Expr::Binary(BinOp::FloorDiv, x, c), Some(kv)) = (&*a, k.as_int()) {
                let product = c
                    .as_int()
                    .filter(|cv| *cv > 0)
                    .and_then(|cv| cv.checked_mul(kv))
                    .filter(|p| i32::try_from(*p).is_ok());
                if let Some(p) = product {
                    return Expr::lt((**x).clone(), int_like(&k, p));
                }
            }
            Expr::Binary(BinOp::Lt, a, k)
        }
        other => other,
    }
}

/// An integer literal of `like`'s type.
fn int_like(like: &Expr, value: i64) -> Expr {
    match like {
        Expr::Int(_, t) => Expr::Int(value, *t),
        _ => Expr::Int(value, crate::ir::DataType::I32),
    }
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
