//! Dependences between sibling loop nests, for primitives that interleave them
//! (`merge`). TVM's `merge` does not check them; a merge that reorders a read
//! before the write it depends on changes what the program computes, so tirtui
//! refuses it.
//!
//! The check is conservative: two loops that share a buffer one of them
//! writes may be merged only when, per iteration of the merged loop, every
//! access to that buffer touches the same region, regions of different
//! iterations are disjoint, and the loops keep their program order. Then each
//! element is produced and consumed in one iteration, in the original order.

use crate::arith::affine::to_affine;
use crate::arith::simplify;
use crate::ir::{BlockId, BufferId, Expr, IterKind, IterVar, LoopId, PrimFunc, Range, Stmt, VarId};
use crate::schedule::analysis::{block_culprit, loop_culprit};
use crate::schedule::error::{ErrorExpr, ReductionOverlap, ScheduleError};
use crate::schedule::region::relaxed_access;
use crate::schedule::tree;

/// One access of a buffer by a block under a merged loop, per iteration of it.
struct Access {
    buffer: BufferId,
    write: bool,
    /// The region touched in one iteration, in the merged loop's variable;
    /// `None` when it cannot be bounded.
    region: Option<Vec<Range>>,
}

/// Checks that merging the loop nests `chains` (each innermost first, as deep
/// as the first; the merged nest runs their bodies in the given order under
/// the first chain's variables) keeps every dependence between them.
pub fn check_merge_independent(
    func: &PrimFunc,
    chains: &[Vec<LoopId>],
) -> Result<(), ScheduleError> {
    let mut common = Vec::new();
    for l in &chains[0] {
        let Some(f) = func.find_loop(*l) else {
            return Err(ScheduleError::StaleLoop(*l));
        };
        common.push(f.var);
    }
    let inner: Vec<LoopId> = chains.iter().map(|c| c[0]).collect();
    let outer: Vec<LoopId> = chains.iter().filter_map(|c| c.last().copied()).collect();
    let accesses: Vec<Vec<Access>> = chains
        .iter()
        .map(|c| accesses_under(func, c, &common))
        .collect();
    check_nothing_in_between(func, &outer, &accesses)?;
    let order = program_order(func);
    let pos = |l: LoopId| order.iter().position(|x| *x == l);
    for a in 0..chains.len() {
        for b in a + 1..chains.len() {
            for x in &accesses[a] {
                let conflicts: Vec<&Access> = accesses[b]
                    .iter()
                    .filter(|y| y.buffer == x.buffer && (x.write || y.write))
                    .collect();
                if conflicts.is_empty() {
                    continue;
                }
                let why = if pos(outer[a]) > pos(outer[b]) {
                    Some("the loops would run in another order than in the program".to_string())
                } else {
                    conflicts
                        .iter()
                        .find_map(|y| same_iteration_only(x, y, &common))
                };
                if let Some(why) = why {
                    return Err(ScheduleError::MergeDependence {
                        loop_: loop_culprit(func, inner[a]),
                        other: loop_culprit(func, inner[b]),
                        buffer: func.buffer(x.buffer).name.clone(),
                        why,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The merged loop takes the first loop's place, so every later loop moves up
/// over the statements between them: none of those may touch a buffer the
/// moved loop writes, or write one it reads.
fn check_nothing_in_between(
    func: &PrimFunc,
    loops: &[LoopId],
    accesses: &[Vec<Access>],
) -> Result<(), ScheduleError> {
    let Some(siblings) = parent_seq(&func.body, loops[0]) else {
        return Ok(());
    };
    let index = |l: LoopId| {
        siblings
            .iter()
            .position(|s| matches!(s, Stmt::For(f) if f.id == l))
    };
    let Some(first) = index(loops[0]) else {
        return Ok(());
    };
    for (m, l) in loops.iter().enumerate().skip(1) {
        let Some(at) = index(*l) else { continue };
        let (lo, hi) = (first.min(at), first.max(at));
        for between in &siblings[lo + 1..hi] {
            if matches!(between, Stmt::For(f) if loops.contains(&f.id)) {
                continue;
            }
            for r in tree::blocks_in(between) {
                let touched = r
                    .block
                    .reads
                    .iter()
                    .map(|x| (x.buffer, false))
                    .chain(r.block.writes.iter().map(|x| (x.buffer, true)));
                for (buffer, write) in touched {
                    if accesses[m]
                        .iter()
                        .any(|a| a.buffer == buffer && (a.write || write))
                    {
                        return Err(ScheduleError::MergeDependence {
                            loop_: loop_culprit(func, loops[0]),
                            other: loop_culprit(func, *l),
                            buffer: func.buffer(buffer).name.clone(),
                            why: format!(
                                "block \"{}\" between them accesses it too; merging would move {} across it",
                                r.block.name,
                                loop_culprit(func, *l)
                            ),
                        });
                    }
                }
            }
        }
    }
    Ok(())
}

/// The statements of the sequence that holds loop `l` directly.
fn parent_seq(stmt: &Stmt, l: LoopId) -> Option<&[Stmt]> {
    if let Stmt::Seq(v) = stmt {
        if v.iter().any(|s| matches!(s, Stmt::For(f) if f.id == l)) {
            return Some(v);
        }
    }
    let mut found = None;
    stmt.for_each_child(|c| {
        if found.is_none() {
            found = parent_seq(c, l);
        }
    });
    found
}

/// Every buffer access of every block under the innermost loop of `chain`,
/// per iteration of the chain, with the chain's variables renamed to
/// `common`'s, level by level.
fn accesses_under(func: &PrimFunc, chain: &[LoopId], common: &[VarId]) -> Vec<Access> {
    let Some(lp) = func.find_loop(chain[0]) else {
        return Vec::new();
    };
    let vars: Vec<VarId> = chain
        .iter()
        .filter_map(|l| func.find_loop(*l).map(|f| f.var))
        .collect();
    let to_common = |v: VarId| {
        vars.iter()
            .position(|x| *x == v)
            .and_then(|k| common.get(k))
            .map(|c| Expr::Var(*c))
    };
    let mut out = Vec::new();
    for r in tree::blocks_in(&lp.body) {
        let b = &r.block;
        let kinds = b
            .reads
            .iter()
            .map(|x| (x.buffer, false))
            .chain(b.writes.iter().map(|x| (x.buffer, true)));
        for (buffer, write) in kinds {
            let region = relaxed_access(func, b.id, buffer, write, Some(chain[0]), &[]).map(|rs| {
                rs.into_iter()
                    .map(|mut r| {
                        r.min.substitute(&to_common);
                        r.extent.substitute(&to_common);
                        Range::new(simplify(&r.min), simplify(&r.extent))
                    })
                    .collect()
            });
            out.push(Access {
                buffer,
                write,
                region,
            });
        }
    }
    out
}

/// `None` when `x` and `y` touch the same region in each iteration and
/// different iterations touch disjoint regions; otherwise why not. Two
/// iterations differ in some variable of `vars`; each variable needs a
/// dimension whose start strides over it by at least the extent and uses no
/// other variable of `vars`.
fn same_iteration_only(x: &Access, y: &Access, vars: &[VarId]) -> Option<String> {
    let (Some(rx), Some(ry)) = (&x.region, &y.region) else {
        return Some("its accessed region cannot be bounded per iteration".into());
    };
    if rx != ry {
        return Some("an iteration would access elements another iteration produces".into());
    }
    let disjoint_over = |var: VarId| {
        rx.iter().any(|r| {
            let (Some(affine), Some(extent)) = (to_affine(&r.min), r.extent.as_int()) else {
                return false;
            };
            let mut coeff = 0;
            for (atom, c) in &affine.terms {
                match atom {
                    Expr::Var(v) if *v == var => coeff = *c,
                    other if vars.iter().any(|w| other.uses_var(*w)) => return false,
                    _ => {}
                }
            }
            coeff != 0 && coeff.checked_abs().is_some_and(|c| c >= extent)
        })
    };
    if vars.iter().all(|v| disjoint_over(*v)) {
        None
    } else {
        Some("different iterations would access the same elements".into())
    }
}

/// Loop ids in program (pre-)order.
fn program_order(func: &PrimFunc) -> Vec<LoopId> {
    let mut out = Vec::new();
    func.body.visit(&mut |s| {
        if let Stmt::For(l) = s {
            out.push(l.id);
        }
    });
    out
}

/// compute_at / reverse_compute_at give each iterator of the moved block a
/// domain per iteration of the target loop. For a reduction iterator the
/// domains of different iterations must not partly overlap: the init runs once
/// (at the iterator's first value) and every overlapped value would be added
/// twice. Over-approximated regions (a non-divisible split above, whose
/// `T.where` the region analysis does not use) make exactly that; TVM 0.27
/// emits the wrong program, tirtui refuses it. Found by the property test.
pub fn check_reduction_tiles_disjoint(
    func: &PrimFunc,
    block: BlockId,
    loop_id: LoopId,
    iter_vars: &[IterVar],
    doms: &[Range],
) -> Result<(), ScheduleError> {
    let mut outer = crate::schedule::tree::loops_above_loop(func, loop_id).unwrap_or_default();
    outer.push(loop_id);
    for (iv, dom) in iter_vars.iter().zip(doms) {
        if iv.kind != IterKind::Reduce || *dom == iv.dom {
            continue;
        }
        let affine = to_affine(&dom.min);
        for l in &outer {
            let Some(f) = func.find_loop(*l) else {
                continue;
            };
            if !dom.min.uses_var(f.var) {
                continue;
            }
            let step = affine.as_ref().map_or(0, |a| a.coeff_of(f.var)).abs();
            let disjoint = matches!(dom.extent.as_int(), Some(e) if step >= e && step > 0);
            if !disjoint {
                return Err(ScheduleError::OverlappingReductionTiles(Box::new(
                    ReductionOverlap {
                        block: block_culprit(func, block),
                        loop_: loop_culprit(func, *l),
                        iter: func.var_name(iv.var).to_string(),
                        min: ErrorExpr::new(&dom.min),
                        extent: ErrorExpr::new(&dom.extent),
                    },
                )));
            }
        }
    }
    Ok(())
}
