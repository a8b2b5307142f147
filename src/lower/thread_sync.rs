//! ThreadSync: inserts `__syncthreads()` where shared memory written by one
//! thread may be read by another (read after write), and where a buffer read
//! by other threads is about to be overwritten, including in the next
//! iteration of an enclosing loop (write after read). Nowhere else: two
//! accesses at the same index that is provably one thread's own element need
//! no barrier. An async copy (cp.async) writes at its wait: at issue it is
//! checked against earlier reads only (write after read), and a read needs a
//! barrier after the wait it lands at (read after write). A TMA copy
//! (`T.tma_load`) is written at issue only: its bytes land for each thread
//! that waits on its mbarrier's phase, so its readers need no barrier (the
//! mbarrier orders them); its overwrite of earlier reads is checked as a
//! cp.async's is. Thread 0's `mbarrier.init` and copies are one thread's,
//! in order; the other threads' waits need one barrier after the inits.
//!
//! TVM: src/tir/transforms/thread_storage_sync.cc (ThreadSyncPlanner over the
//! linearised access sequence of each scope, with a loop's body scanned twice).
//!
//! Runs after `merge_shared_memory`: buffers that share bytes of the pool
//! conflict with each other as if they were one buffer.
//!
//! Invariant: works on flat `lir` after `thread_binding`; adds only `Sync`.

use super::lir::{LFor, LStmt, Lowered};
use super::LowerError;
use crate::arith::{simplify_kernel, VarRanges};
use crate::ir::IdSet;
use crate::ir::{BinOp, BufferId, Expr, Intrinsic, VarId};

#[derive(Clone, Debug)]
struct Access {
    buffer: BufferId,
    write: bool,
    sync: bool,
    /// An async store landing at a wait: a write that later reads must wait
    /// for, but whose overwrite of earlier reads was checked at issue.
    landing: bool,
    /// An async store at issue: it may overwrite what other threads still
    /// read (write after read), but no read sees it before it lands at a
    /// wait, so it is no write that a later read must wait for.
    issue: bool,
    /// The pipeline version the access stays within, when its index names
    /// it by the loop variable: `(var + offset) % versions`.
    slot: Option<Slot>,
    /// The index, when the access is one element for each thread.
    point: Option<Expr>,
    /// Made by the elected thread alone (thread 0: `mbarrier.init`, a TMA
    /// copy's issue): two such accesses are one thread's, in program order.
    elected: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Slot {
    var: VarId,
    offset: i64,
    versions: i64,
}

impl Access {
    /// An access of `buffer` anywhere (no point, no version known).
    fn of(buffer: BufferId, write: bool) -> Access {
        Access {
            buffer,
            write,
            sync: false,
            landing: false,
            issue: false,
            slot: None,
            point: None,
            elected: false,
        }
    }

    /// A barrier, as an access that clears what came before it.
    fn barrier() -> Access {
        Access {
            sync: true,
            ..Access::of(BufferId(u32::MAX), false)
        }
    }
}

struct Entry {
    id: usize,
    accesses: Vec<Access>,
}

struct Planner<'a> {
    f: &'a Lowered,
    counter: usize,
    syncs: IdSet<usize>,
    /// Thread indices with more than one thread: (variable, extent).
    threads: Vec<(VarId, i64)>,
    /// Depth of enclosing `if`s whose condition depends on the thread.
    divergent: usize,
    /// Shared buffers stored inside `Async` statements (cp.async targets).
    async_written: Vec<BufferId>,
    /// Whether the statements being linearized are inside an `Async`.
    in_async: bool,
}

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    let threads = f
        .launch
        .as_ref()
        .map(|l| {
            l.thread_vars
                .iter()
                .filter(|(a, _)| a.is_thread_idx())
                .map(|&(a, v)| {
                    let ext = match a {
                        crate::ir::ThreadAxis::ThreadIdx(d) => l.block[d as usize % 3],
                        _ => 1,
                    };
                    (v, ext as i64)
                })
                .filter(|t| t.1 > 1)
                .collect()
        })
        .unwrap_or_default();
    let syncs = {
        let mut p = Planner {
            f: &f,
            counter: 0,
            syncs: IdSet::default(),
            threads,
            divergent: 0,
            async_written: async_written(&f),
            in_async: false,
        };
        let mut entries = Vec::new();
        p.linearize(&f.body, &mut entries)?;
        p.summarize(entries, None)?;
        p.syncs
    };
    if !syncs.is_empty() {
        let mut counter = 0;
        let body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
        f.body = insert(body, &mut counter, &syncs);
    }
    Ok(f)
}

/// The shared buffers written inside `Async` statements.
fn async_written(f: &Lowered) -> Vec<BufferId> {
    let mut out = Vec::new();
    f.body.visit(&mut |s| {
        if let LStmt::Async(b) = s {
            b.visit(&mut |x| {
                if let LStmt::Store(st) = x {
                    if f.buffer(st.buffer).scope.is_shared() && !out.contains(&st.buffer) {
                        out.push(st.buffer);
                    }
                }
            });
        }
    });
    out
}

fn insert(mut s: LStmt, counter: &mut usize, syncs: &IdSet<usize>) -> LStmt {
    let id = *counter;
    *counter += 1;
    let mut children = Vec::new();
    s.for_each_child_mut(|c| children.push(std::mem::replace(c, LStmt::Seq(Vec::new()))));
    let mut done = children
        .into_iter()
        .map(|c| insert(c, counter, syncs))
        .collect::<Vec<_>>()
        .into_iter();
    s.for_each_child_mut(|c| {
        if let Some(n) = done.next() {
            *c = n;
        }
    });
    if let LStmt::Seq(v) = s {
        s = LStmt::seq(v);
    }
    // A barrier at the start of a block's statements goes before the block.
    if let LStmt::Block(b) = &mut s {
        if let LStmt::Seq(v) = &mut b.body {
            if v.first() == Some(&LStmt::Sync) {
                v.remove(0);
                let body = std::mem::replace(&mut b.body, LStmt::Seq(Vec::new()));
                b.body = match body {
                    LStmt::Seq(v) => LStmt::seq(v),
                    other => other,
                };
                s = LStmt::seq(vec![LStmt::Sync, s]);
            }
        }
    }
    if syncs.contains(&id) {
        LStmt::seq(vec![LStmt::Sync, s])
    } else {
        s
    }
}

impl Planner<'_> {
    fn is_shared(&self, b: BufferId) -> bool {
        self.f.buffer(b).scope.is_shared()
    }

    fn expr_reads(&self, e: &Expr, out: &mut Vec<Access>) {
        e.visit(&mut |x| {
            if let Expr::Load(b, idx) = x {
                if self.is_shared(*b) {
                    out.push(Access {
                        slot: idx.first().and_then(|i| self.slot(*b, i)),
                        point: idx.first().cloned(),
                        ..Access::of(*b, false)
                    });
                }
            }
        });
    }

    fn uses_thread(&self, e: &Expr) -> bool {
        self.threads.iter().any(|(v, _)| e.uses_var(*v))
    }

    fn linearize(&mut self, s: &LStmt, out: &mut Vec<Entry>) -> Result<(), LowerError> {
        let id = self.counter;
        self.counter += 1;
        match s {
            LStmt::Seq(v) => {
                for c in v {
                    self.linearize(c, out)?;
                }
            }
            LStmt::Block(b) => self.linearize(&b.body, out)?,
            LStmt::Alloc(a) => self.linearize(&a.body, out)?,
            LStmt::Let(l) => {
                let mut acc = Vec::new();
                self.expr_reads(&l.value, &mut acc);
                out.push(Entry { id, accesses: acc });
                self.linearize(&l.body, out)?;
            }
            LStmt::Store(st) => {
                let mut acc = Vec::new();
                st.indices.iter().for_each(|e| self.expr_reads(e, &mut acc));
                self.expr_reads(&st.value, &mut acc);
                if self.is_shared(st.buffer) {
                    acc.push(Access {
                        issue: self.in_async,
                        slot: st.indices.first().and_then(|i| self.slot(st.buffer, i)),
                        point: st.indices.first().cloned(),
                        ..Access::of(st.buffer, true)
                    });
                }
                out.push(Entry { id, accesses: acc });
            }
            LStmt::Evaluate(Expr::Call(f, args)) if f.is_tma() => {
                out.push(Entry {
                    id,
                    accesses: self.tma_accesses(*f, args),
                });
            }
            LStmt::Evaluate(e) => {
                let mut acc = Vec::new();
                self.expr_reads(e, &mut acc);
                // A tensor call reads and writes whole tiles, and the lanes of
                // a warp exchange them: its operands are ranges, not points,
                // and the tile it writes through is a write.
                if let Expr::Call(f, args) = e {
                    if f.is_tensor_call() {
                        acc.iter_mut().for_each(|a| a.point = None);
                        let written = f.written_operand().and_then(|i| args.get(i));
                        if let Some(Expr::Load(b, _)) = written {
                            if self.is_shared(*b) {
                                acc.push(Access::of(*b, true));
                            }
                        }
                    }
                }
                out.push(Entry { id, accesses: acc });
            }
            LStmt::Async(b) => {
                let outer = std::mem::replace(&mut self.in_async, true);
                let r = self.linearize(b, out);
                self.in_async = outer;
                r?
            }
            LStmt::AsyncCommit => {}
            // Async copies land at the wait: every shared buffer written
            // asynchronously counts as written here (and at issue, for the
            // write-after-read check), so the barrier before a consumer
            // comes after the wait.
            LStmt::AsyncWait(_) => out.push(Entry {
                id,
                accesses: self
                    .async_written
                    .iter()
                    .map(|&buffer| Access {
                        landing: true,
                        ..Access::of(buffer, true)
                    })
                    .collect(),
            }),
            LStmt::Sync => out.push(Entry {
                id,
                accesses: vec![Access::barrier()],
            }),
            LStmt::For(l) => {
                let mut acc = Vec::new();
                self.expr_reads(&l.min, &mut acc);
                self.expr_reads(&l.extent, &mut acc);
                let mut inner = Vec::new();
                self.linearize(&l.body, &mut inner)?;
                let summary = self.summarize(inner, Some(l))?;
                // Inside the loop an index that moves with the loop is a range.
                acc.extend(summary.into_iter().map(|mut a| {
                    if a.point.as_ref().is_some_and(|p| p.uses_var(l.var)) {
                        a.point = None;
                    }
                    if a.slot.is_some_and(|s| s.var == l.var) {
                        a.slot = None;
                    }
                    a
                }));
                out.push(Entry { id, accesses: acc });
            }
            LStmt::If(i) => {
                let mut acc = Vec::new();
                self.expr_reads(&i.cond, &mut acc);
                let divergent = self.uses_thread(&i.cond);
                self.divergent += divergent as usize;
                for case in std::iter::once(&i.then_case).chain(i.else_case.as_ref()) {
                    let mut inner = Vec::new();
                    self.linearize(case, &mut inner)?;
                    acc.extend(self.summarize(inner, None)?);
                }
                self.divergent -= divergent as usize;
                out.push(Entry { id, accesses: acc });
            }
        }
        Ok(())
    }

    /// Plans the barriers of one scope; returns the accesses visible outside it.
    fn summarize(&mut self, seq: Vec<Entry>, lp: Option<&LFor>) -> Result<Vec<Access>, LowerError> {
        let mut reads: Vec<Access> = Vec::new();
        let mut writes: Vec<Access> = Vec::new();
        for e in &seq {
            let mut sync_before = self.syncs.contains(&e.id);
            if sync_before {
                reads.clear();
                writes.clear();
            }
            for a in &e.accesses {
                if a.sync {
                    reads.clear();
                    writes.clear();
                } else if (!a.write && self.conflict(&writes, a, None))
                    || (a.write && !a.landing && self.conflict(&reads, a, None))
                {
                    sync_before = true;
                    break;
                }
            }
            if sync_before {
                reads.clear();
                writes.clear();
            }
            for a in &e.accesses {
                if a.sync {
                    reads.clear();
                    writes.clear();
                } else if a.write {
                    if !a.issue {
                        writes.push(a.clone());
                    }
                } else {
                    reads.push(a.clone());
                }
            }
            if sync_before {
                self.mark(e.id)?;
            }
        }
        // The loop's next iteration follows its end: scan the body again
        // (its accesses one iteration later than those left from this one).
        let next = lp.map(|l| l.var);
        if lp.is_some() {
            for e in &seq {
                if self.syncs.contains(&e.id) || (reads.is_empty() && writes.is_empty()) {
                    break;
                }
                let mut sync_before = false;
                for a in &e.accesses {
                    if a.sync {
                        reads.clear();
                        writes.clear();
                    } else if (!a.write && self.conflict(&writes, a, next))
                        || (a.write && !a.landing && self.conflict(&reads, a, next))
                    {
                        sync_before = true;
                        break;
                    }
                }
                if sync_before {
                    self.mark(e.id)?;
                    break;
                }
            }
        }
        // Exposed accesses: those before the first barrier and after the last.
        let mut head: Vec<Access> = Vec::new();
        let mut tail: Vec<Access> = Vec::new();
        let mut n_syncs = 0;
        let esync = Access::barrier();
        for e in &seq {
            if self.syncs.contains(&e.id) {
                if n_syncs != 0 {
                    tail.clear();
                } else {
                    head.push(esync.clone());
                }
                n_syncs += 1;
            }
            for a in &e.accesses {
                if a.sync {
                    if n_syncs != 0 {
                        tail.clear();
                    } else {
                        head.push(esync.clone());
                    }
                    n_syncs += 1;
                } else if n_syncs != 0 {
                    tail.push(a.clone());
                } else {
                    head.push(a.clone());
                }
            }
        }
        head.extend(tail);
        Ok(head)
    }

    /// The accesses of a TMA copy or an mbarrier call. The mbarrier orders a
    /// TMA copy's bytes for every thread that waits on its phase (the
    /// pipeline makes each reader wait), so the copy is a write at issue
    /// only (no barrier before its readers, which a barrier could not order
    /// anyway: the copy is the async proxy's), checked against earlier
    /// reads of its version. `mbarrier.init` is thread 0's write of the
    /// barrier word, which other threads' waits must see (one barrier after
    /// the inits); the copy's arrive on the barrier is the barrier's own
    /// atomic business.
    fn tma_accesses(&self, f: Intrinsic, args: &[Expr]) -> Vec<Access> {
        let mut acc = Vec::new();
        let operand = |i: usize| match args.get(i) {
            Some(Expr::Load(b, idx)) if self.is_shared(*b) => Some((*b, idx)),
            _ => None,
        };
        match f {
            Intrinsic::TmaLoad => {
                for a in args.iter().skip(2) {
                    self.expr_reads(a, &mut acc);
                }
                if let Some((b, idx)) = operand(0) {
                    acc.push(Access {
                        issue: true,
                        elected: true,
                        slot: idx.first().and_then(|i| self.slot(b, i)),
                        ..Access::of(b, true)
                    });
                }
            }
            Intrinsic::MbarrierInit => {
                if let Some((b, _)) = operand(0) {
                    acc.push(Access {
                        elected: true,
                        ..Access::of(b, true)
                    });
                }
            }
            _ => {
                if let Some((b, _)) = operand(0) {
                    acc.push(Access::of(b, false));
                }
                for a in args.iter().skip(1) {
                    self.expr_reads(a, &mut acc);
                }
            }
        }
        acc
    }

    fn mark(&mut self, id: usize) -> Result<(), LowerError> {
        if self.divergent > 0 {
            return Err(LowerError::DivergentBarrier);
        }
        self.syncs.insert(id);
        Ok(())
    }

    /// Whether `cur` may touch what one of `prev` touched; `next` is the loop
    /// variable when `cur` runs one iteration of it later than `prev`.
    fn conflict(&self, prev: &[Access], cur: &Access, next: Option<VarId>) -> bool {
        prev.iter().any(|p| self.conflicts(p, cur, next))
    }

    fn conflicts(&self, prev: &Access, cur: &Access, next: Option<VarId>) -> bool {
        if prev.elected && cur.elected {
            return false;
        }
        if prev.buffer != cur.buffer {
            return self.share_bytes(prev.buffer, cur.buffer);
        }
        // Different pipeline versions of one buffer never overlap.
        if let (Some(p), Some(c)) = (prev.slot, cur.slot) {
            if p.var == c.var && p.versions == c.versions {
                let later = i64::from(next == Some(c.var));
                if (p.offset - c.offset - later).rem_euclid(p.versions) != 0 {
                    return false;
                }
            }
        }
        match (&prev.point, &cur.point) {
            (Some(a), Some(b)) if a == b => !self.own_element(a),
            _ => true,
        }
    }

    /// The version of pipelined buffer `b` that `index` (flat) stays within,
    /// when the index is `(v + c) % versions * stride + rest`: the pipeline
    /// added that term to an index of one version, so `rest` is in it.
    fn slot(&self, b: BufferId, index: &Expr) -> Option<Slot> {
        let versioned: Vec<_> = self
            .f
            .pipeline_versions
            .iter()
            .filter(|p| p.buffer == b)
            .collect();
        if versioned.is_empty() {
            return None;
        }
        let ctx = self.f.type_ctx();
        let l = kernel_form(ctx, index)?;
        for p in versioned {
            for (atom, coef) in &l.terms {
                if *coef != p.stride {
                    continue;
                }
                let Expr::Binary(BinOp::FloorMod, x, m) = atom else {
                    continue;
                };
                if m.as_int() != Some(p.versions) {
                    continue;
                }
                let (var, offset) = match &**x {
                    Expr::Var(v) => (*v, 0),
                    Expr::Binary(BinOp::Add, a, c) => match (&**a, c.as_int()) {
                        (Expr::Var(v), Some(c)) => (*v, c),
                        _ => continue,
                    },
                    _ => continue,
                };
                return Some(Slot {
                    var,
                    offset: offset.rem_euclid(p.versions),
                    versions: p.versions,
                });
            }
        }
        None
    }

    /// True when two buffers use some of the same bytes of the merged pool.
    fn share_bytes(&self, a: BufferId, b: BufferId) -> bool {
        let Some(layout) = self.f.shared.as_ref().filter(|l| l.merged) else {
            return false;
        };
        let slot = |x: BufferId| layout.slots.iter().find(|s| s.buffer == x);
        match (slot(a), slot(b)) {
            (Some(p), Some(q)) => p.offset < q.offset + q.bytes && q.offset < p.offset + p.bytes,
            _ => false,
        }
    }

    /// True when distinct threads of the block always access distinct elements
    /// at `index`: it is `sum(c_t * t) + rest` with `rest` free of thread
    /// indices and the coefficients a mixed radix over the thread extents.
    fn own_element(&self, index: &Expr) -> bool {
        let ctx = self.f.type_ctx();
        let Some(l) = kernel_form(ctx, index) else {
            return false;
        };
        let mut coefs = Vec::new();
        for &(v, ext) in &self.threads {
            match l.terms.iter().find(|(a, _)| *a == Expr::Var(v)) {
                Some((_, c)) => coefs.push((c.unsigned_abs() as i64, ext)),
                None => return false,
            }
        }
        let thread_in_rest = l.terms.iter().any(|(a, _)| {
            !matches!(a, Expr::Var(_)) && self.threads.iter().any(|(v, _)| a.uses_var(*v))
        });
        if thread_in_rest {
            return false;
        }
        coefs.sort();
        let mut span = 0i64;
        for (c, ext) in coefs {
            if c <= span {
                return false;
            }
            span = span.saturating_add(c.saturating_mul(ext - 1));
        }
        true
    }
}

/// The affine form of an index as `simplify_kernel` writes it, without
/// rebuilding one that is written so already.
fn kernel_form(ctx: crate::arith::TypeCtx, index: &Expr) -> Option<crate::arith::Affine> {
    let no_ranges = VarRanges::new();
    if super::simplify::settled(ctx, index)
        || super::kernel_sum::kernel_ordered_div_sum(ctx, index, &no_ranges)
    {
        return ctx.to_affine(index);
    }
    ctx.to_affine(&simplify_kernel(ctx, index, &no_ranges))
}
