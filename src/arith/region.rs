//! Buffer access regions: what `T.reads` / `T.writes` hold for a block, hulls of
//! regions and relaxation of regions over loops.
//!
//! TVM: src/tir/analysis/block_access_region_detector.cc (and the script
//! completer that fills omitted `T.reads`/`T.writes`).
//! Invariant: knows only `ir`; a dimension it cannot bound becomes the whole
//! buffer extent, never a guess.

use std::collections::{HashMap, HashSet};

use super::affine::TypeCtx;
use super::bound::{const_bounds, Relaxer, VarRanges};
use super::simplify::simplify_with;
use crate::ir::{AnnValue, Block, BufferId, BufferRegion, Expr, PrimFunc, Range, Stmt, VarId};

/// Hull of two regions of the same buffer (None if it cannot be bounded
/// symbolically: then use the whole buffer shape).
pub fn union_region(a: &[Range], b: &[Range], ranges: &VarRanges) -> Option<Vec<Range>> {
    if a.len() != b.len() {
        return None;
    }
    a.iter()
        .zip(b)
        .map(|(x, y)| union_range(x, y, ranges))
        .collect()
}

/// Hull of two ranges; `None` when neither end can be ordered.
pub fn union_range(a: &Range, b: &Range, ranges: &VarRanges) -> Option<Range> {
    if a == b {
        return Some(a.clone());
    }
    // Picks the smaller (or larger) of two ends when their difference has a sign.
    let pick = |x: Expr, y: Expr, smaller: bool| -> Option<Expr> {
        let (lo, hi) = const_bounds(&Expr::sub(x.clone(), y.clone()), ranges)?;
        if hi <= 0 {
            Some(if smaller { x } else { y })
        } else if lo >= 0 {
            Some(if smaller { y } else { x })
        } else {
            None
        }
    };
    let lo = pick(a.min.clone(), b.min.clone(), true)?;
    let end = |r: &Range| simplify_with(&Expr::add(r.min.clone(), r.extent.clone()), ranges);
    let hi = pick(end(a), end(b), false)?;
    let lo = simplify_with(&lo, ranges);
    let extent = simplify_with(&Expr::sub(hi, lo.clone()), ranges);
    Some(Range::new(lo, extent))
}

/// Relax a region (e.g. a block's declared read region in terms of its iter vars,
/// after substituting the block's bindings) over `relax` vars.
pub fn relax_region(region: &[Range], relax: &[VarId], ranges: &VarRanges) -> Option<Vec<Range>> {
    let relaxer = Relaxer::new(relax, ranges, TypeCtx::default());
    region.iter().map(|r| relax_range(&relaxer, r)).collect()
}

fn relax_range(relaxer: &Relaxer, r: &Range) -> Option<Range> {
    let last = |r: &Range| Expr::sub(Expr::add(r.min.clone(), r.extent.clone()), Expr::int(1));
    // A point (extent 1, the usual access): its last index simplifies to its
    // first, so it is simplified and relaxed once (issue 13). Debug builds
    // check that against the general way.
    if matches!(r.extent, Expr::Int(1, t) if t.is_int()) {
        let point = relaxer.span(&r.min, &r.min);
        debug_assert_eq!(point, relaxer.span(&r.min, &last(r)), "point range {r:?}");
        return point;
    }
    relaxer.span(&r.min, &last(r))
}

/// TVM's read/write region inference for a block. Loads are reads and stores are
/// writes; loops inside the block are relaxed over their ranges while the block's
/// own iter vars stay symbolic; buffers allocated by the block are skipped; nested
/// blocks contribute their declared regions. One region per buffer (the hull), in
/// order of first access. With an `init`, written buffers are not listed as reads.
pub fn infer_access_regions(
    func: &PrimFunc,
    block: &Block,
) -> (Vec<BufferRegion>, Vec<BufferRegion>) {
    let mut d = Detector::new(func, block);
    if let Some(init) = &block.init {
        d.stmt(init);
    }
    d.stmt(&block.body);
    let mut reads = d.finish(&d.reads);
    let mut writes = d.finish(&d.writes);
    if block.init.is_some() {
        reads.retain(|r| !writes.iter().any(|w| w.buffer == r.buffer));
    }
    keep_explicit_regions(block, &block.reads, &mut reads, false);
    keep_explicit_regions(block, &block.writes, &mut writes, true);
    (reads, writes)
}

/// TVM's explicit_read_region / explicit_write_region annotations (set by
/// annotate_buffer_access, which checked them against the body): the
/// declared region of each listed buffer replaces the inferred one.
fn keep_explicit_regions(
    block: &Block,
    declared: &[BufferRegion],
    inferred: &mut [BufferRegion],
    is_write: bool,
) {
    for i in annotated_indices(&block.annotations, annotation_key(is_write)) {
        let Some(explicit) = declared.get(i) else {
            continue;
        };
        if let Some(r) = inferred.iter_mut().find(|r| r.buffer == explicit.buffer) {
            *r = explicit.clone();
        }
    }
}

/// One buffer's accumulated region; `None` dims cover the whole extent.
struct Access {
    buffer: BufferId,
    dims: Vec<Option<Range>>,
}

struct Detector<'a> {
    func: &'a PrimFunc,
    /// Buffers allocated by this block or blocks inside it.
    excluded: HashSet<BufferId>,
    /// Match-buffer targets of this block, mapped to their source regions.
    matched: HashMap<BufferId, &'a BufferRegion>,
    /// Loop variables between the block and the current statement, outermost first.
    loops: Vec<VarId>,
    /// Ranges of `loops` (for relaxation) plus let values' variables.
    ranges: VarRanges,
    /// The block's iter var domains: used only to order ends when merging.
    merge_ranges: VarRanges,
    /// Let-bound variables inside the block, replaced by their values.
    lets: HashMap<VarId, Expr>,
    reads: Vec<Access>,
    writes: Vec<Access>,
}

impl<'a> Detector<'a> {
    fn new(func: &'a PrimFunc, block: &'a Block) -> Detector<'a> {
        let merge_ranges = block
            .iter_vars
            .iter()
            .map(|iv| (iv.var, iv.dom.clone()))
            .collect();
        Detector {
            func,
            excluded: block.alloc_buffers.iter().copied().collect(),
            matched: block
                .match_buffers
                .iter()
                .map(|m| (m.buffer, &m.source))
                .collect(),
            loops: Vec::new(),
            ranges: VarRanges::new(),
            merge_ranges,
            lets: HashMap::new(),
            reads: Vec::new(),
            writes: Vec::new(),
        }
    }

    fn stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::For(l) => {
                self.expr(&l.min);
                self.expr(&l.extent);
                let range = Range::new(self.resolve(&l.min), self.resolve(&l.extent));
                let saved = self.ranges.insert(l.var, range);
                self.loops.push(l.var);
                self.stmt(&l.body);
                self.loops.pop();
                match saved {
                    Some(r) => self.ranges.insert(l.var, r),
                    None => self.ranges.remove(&l.var),
                };
            }
            Stmt::BlockRealize(r) => self.nested_block(r),
            Stmt::Seq(v) => v.iter().for_each(|s| self.stmt(s)),
            Stmt::BufferStore(st) => {
                self.access(true, st.buffer, &st.indices);
                st.indices.iter().for_each(|i| self.expr(i));
                self.expr(&st.value);
            }
            Stmt::IfThenElse(i) => {
                self.expr(&i.cond);
                self.stmt(&i.then_case);
                if let Some(e) = &i.else_case {
                    self.stmt(e);
                }
            }
            Stmt::LetStmt(l) => {
                self.expr(&l.value);
                let value = self.resolve(&l.value);
                let saved = self.lets.insert(l.var, value);
                self.stmt(&l.body);
                match saved {
                    Some(v) => self.lets.insert(l.var, v),
                    None => self.lets.remove(&l.var),
                };
            }
            Stmt::Evaluate(e) => self.expr(e),
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::Load(b, idx) => {
                self.access(false, *b, idx);
                idx.iter().for_each(|i| self.expr(i));
            }
            Expr::Opaque(o) => self.opaque(o),
            _ => e.for_each_child(|c| self.expr(c)),
        }
    }

    /// TVM's detector on builtins: `T.tvm_access_ptr(t, B.data, offset,
    /// extent, rw_mask)` reads (mask bit 1) and/or writes (bit 2) all of `B`;
    /// any other `B.data` is an opaque access, all of `B` read and written.
    fn opaque(&mut self, o: &crate::ir::Opaque) {
        use crate::ir::{Builtin, Opaque};
        match o {
            Opaque::Call {
                op: Builtin::TvmAccessPtr,
                args,
                ..
            } => {
                let data = args.get(1).and_then(|a| match a {
                    Expr::Opaque(d) => match &**d {
                        Opaque::Data(b) => Some(*b),
                        _ => None,
                    },
                    _ => None,
                });
                match (data, args.get(4).and_then(Expr::as_int)) {
                    (Some(b), Some(mask)) => {
                        let full = self.full_region(b);
                        if mask & 1 != 0 {
                            self.record_region(false, b, &full);
                        }
                        if mask & 2 != 0 {
                            self.record_region(true, b, &full);
                        }
                        args.iter()
                            .enumerate()
                            .filter(|(k, _)| *k != 1)
                            .for_each(|(_, a)| self.expr(a));
                    }
                    _ => args.iter().for_each(|a| self.expr(a)),
                }
            }
            Opaque::Data(b) => {
                let full = self.full_region(*b);
                self.record_region(false, *b, &full);
                self.record_region(true, *b, &full);
            }
            other => other.args().iter().for_each(|a| self.expr(a)),
        }
    }

    fn full_region(&self, b: BufferId) -> Vec<Range> {
        self.func
            .buffer(b)
            .shape
            .iter()
            .map(|s| Range::from_extent(s.clone()))
            .collect()
    }

    /// Replaces let-bound variables by their values.
    fn resolve(&self, e: &Expr) -> Expr {
        if self.lets.is_empty() {
            return e.clone();
        }
        let mut res = e.clone();
        res.substitute(&|v| self.lets.get(&v).cloned());
        res
    }

    fn nested_block(&mut self, r: &'a crate::ir::BlockRealize) {
        let b = &r.block;
        self.excluded.extend(b.alloc_buffers.iter().copied());
        let inferred;
        let (reads, writes) = if b.reads.is_empty() && b.writes.is_empty() {
            inferred = infer_access_regions(self.func, b);
            (&inferred.0, &inferred.1)
        } else {
            (&b.reads, &b.writes)
        };
        let bindings: HashMap<VarId, Expr> = b
            .iter_vars
            .iter()
            .zip(&r.iter_values)
            .map(|(iv, v)| (iv.var, self.resolve(v)))
            .collect();
        for (is_write, list) in [(false, reads), (true, writes)] {
            for br in list {
                let region: Vec<Range> = br
                    .region
                    .iter()
                    .map(|rg| {
                        let mut rg = rg.clone();
                        rg.min.substitute(&|v| bindings.get(&v).cloned());
                        rg.extent.substitute(&|v| bindings.get(&v).cloned());
                        rg
                    })
                    .collect();
                self.record_region(is_write, br.buffer, &region);
            }
        }
    }

    fn access(&mut self, is_write: bool, buffer: BufferId, indices: &[Expr]) {
        let region: Vec<Range> = indices
            .iter()
            .map(|i| match ramp_span(i) {
                Some((min, extent)) => Range::new(self.resolve(&min), extent),
                None => Range::point(self.resolve(i)),
            })
            .collect();
        self.record_region(is_write, buffer, &region);
    }

    fn record_region(&mut self, is_write: bool, buffer: BufferId, region: &[Range]) {
        if self.excluded.contains(&buffer) {
            return;
        }
        // An access through a match buffer covers the matched source region.
        let (buffer, region) = match self.matched.get(&buffer) {
            Some(src) => (src.buffer, src.region.clone()),
            None => (buffer, region.to_vec()),
        };
        let relaxer = Relaxer::new(&self.loops, &self.ranges, TypeCtx::new(Some(self.func)));
        let dims: Vec<Option<Range>> = region.iter().map(|r| relax_range(&relaxer, r)).collect();
        let merge_ranges = &self.merge_ranges;
        let list = if is_write {
            &mut self.writes
        } else {
            &mut self.reads
        };
        match list.iter_mut().find(|a| a.buffer == buffer) {
            Some(acc) if acc.dims.len() == dims.len() => {
                for (old, new) in acc.dims.iter_mut().zip(dims) {
                    *old = match (old.take(), new) {
                        (Some(x), Some(y)) => union_range(&x, &y, merge_ranges),
                        _ => None,
                    };
                }
            }
            Some(acc) => acc.dims.iter_mut().for_each(|d| *d = None),
            None => list.push(Access { buffer, dims }),
        }
    }

    fn finish(&self, list: &[Access]) -> Vec<BufferRegion> {
        list.iter()
            .map(|a| {
                let shape = self.func.buffers.get(a.buffer.0 as usize).map(|b| &b.shape);
                let region = a
                    .dims
                    .iter()
                    .enumerate()
                    .map(|(i, d)| match d {
                        Some(r) => r.clone(),
                        None => Range::from_extent(
                            shape
                                .and_then(|s| s.get(i))
                                .cloned()
                                .unwrap_or(Expr::int(1)),
                        ),
                    })
                    .collect();
                BufferRegion {
                    buffer: a.buffer,
                    region,
                }
            })
            .collect()
    }
}

/// The annotation key region inference honours, for reads or writes.
pub fn annotation_key(is_write: bool) -> &'static str {
    if is_write {
        "explicit_write_region"
    } else {
        "explicit_read_region"
    }
}

/// The buffer indices a block's annotation `key` lists (empty without one).
pub fn annotated_indices(annotations: &crate::ir::Annotations, key: &str) -> Vec<usize> {
    annotations
        .iter()
        .filter(|(k, _)| k == key)
        .flat_map(|(_, v)| match v {
            AnnValue::List(list) => list.clone(),
            AnnValue::Int(i) => vec![AnnValue::Int(*i)],
            _ => Vec::new(),
        })
        .filter_map(|v| match v {
            AnnValue::Int(i) if i >= 0 => Some(i as usize),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
#[path = "region_tests.rs"]
mod tests;

/// The elements a `T.Ramp(base, stride, lanes)` index of a constant stride
/// touches, as TVM's region detector evaluates it: from the lowest lane,
/// `|stride| * (lanes - 1) + 1` long. None for any other index.
fn ramp_span(e: &Expr) -> Option<(Expr, Expr)> {
    use crate::ir::{Builtin, Opaque};
    let Expr::Opaque(o) = e else { return None };
    let Opaque::Call {
        op: Builtin::Ramp,
        lanes,
        args,
        ..
    } = &**o
    else {
        return None;
    };
    let [base, Expr::Int(stride, t), _] = args.as_slice() else {
        return None;
    };
    let last = stride.checked_mul(i64::from(*lanes) - 1)?;
    let extent = last.checked_abs()?.checked_add(1)?;
    let min = if last < 0 {
        crate::arith::simplify(&Expr::add(base.clone(), Expr::Int(last, *t)))
    } else {
        base.clone()
    };
    Some((min, Expr::Int(extent, *t)))
}
