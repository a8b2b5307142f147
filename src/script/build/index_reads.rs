//! Reads TVM's `cache_index` leaves out of `T.reads`.
//!
//! TVM's cache_index rewrites the consumer's stores to load precomputed
//! `index_var_k` buffers but keeps the consumer's declared regions as they
//! were, and TVM prints the program so (TVM's well-formedness checks do not
//! compare a block's accesses with its `T.reads`). tirtui's validator does,
//! and its dependence analysis reads the declared regions; so a block read of
//! such a buffer, undeclared, is put back into the block's reads here and
//! recorded in `PrimFunc::unprinted_reads`, which the printer leaves out.
//!
//! Narrow on purpose: only a buffer that is an *index cache* qualifies, one
//! allocated in the function (not a parameter) and written only by blocks of
//! the form cache_index makes (spatial iterators, no `T.reads`, no init, one
//! store to it of a value that loads nothing). Any other undeclared read is
//! left for the validator to report.
//!
//! Invariant: runs on a finished function before validation; changes only
//! the reads of blocks that load an index cache they do not declare.

use std::collections::HashSet;

use crate::arith::region::infer_access_regions;
use crate::ir::{BlockId, BufferId, Expr, IterKind, PrimFunc, Stmt};

/// Puts back the undeclared reads of index caches (see the module header).
pub(super) fn restore_index_reads(func: &mut PrimFunc) {
    let caches = index_caches(func);
    if caches.is_empty() {
        return;
    }
    let mut missing: Vec<(BlockId, BufferId)> = Vec::new();
    for b in func.blocks() {
        let declared = |buf: BufferId| {
            b.reads.iter().chain(&b.writes).any(|r| r.buffer == buf)
                || b.alloc_buffers.contains(&buf)
                || b.match_buffers.iter().any(|m| m.buffer == buf)
        };
        let mut loaded = Vec::new();
        if let Some(init) = &b.init {
            direct_loads(init, &mut loaded);
        }
        direct_loads(&b.body, &mut loaded);
        for buf in loaded {
            if caches.contains(&buf) && !declared(buf) && !missing.contains(&(b.id, buf)) {
                missing.push((b.id, buf));
            }
        }
    }
    for (id, buf) in missing {
        let Some(block) = func.find_block(id).map(|r| r.block.clone()) else {
            continue;
        };
        let (reads, _) = infer_access_regions(func, &block);
        let regions: Vec<_> = reads.into_iter().filter(|r| r.buffer == buf).collect();
        if regions.is_empty() {
            continue;
        }
        func.body.visit_mut(&mut |s| {
            if let Stmt::BlockRealize(r) = s {
                if r.block.id == id {
                    r.block.reads.extend(regions.iter().cloned());
                }
            }
        });
        func.unprinted_reads.push((id, buf));
    }
}

/// Buffers written only as cache_index writes its index caches.
pub(crate) fn index_caches(func: &PrimFunc) -> HashSet<BufferId> {
    // Every store to a buffer, and those that are the whole body of a block
    // of cache_index's form.
    let mut stores: Vec<BufferId> = Vec::new();
    let mut stage_stores: Vec<BufferId> = Vec::new();
    func.body.visit(&mut |s| match s {
        Stmt::BufferStore(st) => stores.push(st.buffer),
        Stmt::BlockRealize(r) => {
            let b = &r.block;
            if let Stmt::BufferStore(st) = &b.body {
                let pure_stage = b.reads.is_empty()
                    && b.init.is_none()
                    && b.iter_vars.iter().all(|iv| iv.kind == IterKind::Spatial)
                    && b.writes.iter().all(|w| w.buffer == st.buffer)
                    && !has_load(&st.value)
                    && !st.indices.iter().any(has_load);
                if pure_stage {
                    stage_stores.push(st.buffer);
                }
            }
        }
        _ => {}
    });
    stage_stores
        .iter()
        .copied()
        .filter(|buf| !func.is_param_buffer(*buf))
        .filter(|buf| {
            let all = stores.iter().filter(|b| *b == buf).count();
            let staged = stage_stores.iter().filter(|b| *b == buf).count();
            all == staged
        })
        .collect()
}

/// Buffers loaded by the statements of one block, not by blocks inside it.
fn direct_loads(s: &Stmt, out: &mut Vec<BufferId>) {
    if let Stmt::BlockRealize(_) = s {
        return;
    }
    s.for_each_expr(|e| {
        e.visit(&mut |x| {
            if let Expr::Load(b, _) = x {
                out.push(*b);
            }
        })
    });
    s.for_each_child(|c| direct_loads(c, out));
}

fn has_load(e: &Expr) -> bool {
    let mut found = false;
    e.visit(&mut |x| found |= matches!(x, Expr::Load(..)));
    found
}
