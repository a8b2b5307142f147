//! Blocks whose bindings are known to be simplified already, so that a step
//! re-simplifies only the bindings it changed (issue 13: `simplify_bindings`
//! re-simplified every block under the changed loop at every step, a fifth of
//! replay).
//!
//! For each block, the iterator values and predicate the simplifier last
//! produced (or left alone), with the ranges of the variables they reach
//! (through loop ranges' bounds). The simplifier is idempotent (a tested
//! property) and reads only those ranges, so while a block's values and
//! predicate are equal to the recorded ones and those ranges are too,
//! simplifying them again would give them back.
//!
//! The record belongs to a `Schedule` and is lent to the thread for the
//! duration of one transaction (`lend`); outside a transaction nothing is
//! recorded and every binding is simplified.

use crate::arith::VarRanges;
use crate::ir::{BlockId, BlockRealize, Expr, IdMap, Range, VarId};
use std::cell::RefCell;

#[derive(Default)]
pub struct Fixpoints {
    known: IdMap<BlockId, Entry>,
}

impl std::fmt::Debug for Fixpoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Fixpoints({} blocks)", self.known.len())
    }
}

struct Entry {
    values: Vec<Expr>,
    predicate: Expr,
    /// Every variable the bindings reach, with its range when recorded.
    ranges: Vec<(VarId, Option<Range>)>,
}

thread_local! {
    static LENT: RefCell<Option<Fixpoints>> = const { RefCell::new(None) };
}

/// Gives the schedule's record back when the transaction ends (also on unwind).
pub struct Lent<'a> {
    home: &'a mut Fixpoints,
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        if let Some(record) = LENT.with(|l| l.borrow_mut().take()) {
            *self.home = record;
        }
    }
}

/// Lends `record` to this thread until the returned guard is dropped. A
/// transaction nested in another keeps the outer one's record.
pub fn lend(record: &mut Fixpoints) -> Option<Lent<'_>> {
    if LENT.with(|l| l.borrow().is_some()) {
        return None;
    }
    let taken = std::mem::take(record);
    LENT.with(|l| *l.borrow_mut() = Some(taken));
    Some(Lent { home: record })
}

/// True when `r`'s iterator values and predicate are recorded as simplified
/// under the same ranges as `ranges`.
pub fn is_known(r: &BlockRealize, ranges: &VarRanges) -> bool {
    LENT.with(|l| {
        let lent = l.borrow();
        let Some(record) = lent.as_ref() else {
            return false;
        };
        record.known.get(&r.block.id).is_some_and(|e| {
            e.predicate == r.predicate
                && e.values == r.iter_values
                && e.ranges
                    .iter()
                    .all(|(v, range)| ranges.get(v) == range.as_ref())
        })
    })
}

/// Records that `r`'s iterator values and predicate are the simplifier's
/// output under `ranges`.
pub fn record(r: &BlockRealize, ranges: &VarRanges) {
    LENT.with(|l| {
        let mut lent = l.borrow_mut();
        let Some(record) = lent.as_mut() else {
            return;
        };
        let entry = Entry {
            values: r.iter_values.clone(),
            predicate: r.predicate.clone(),
            ranges: reached_ranges(r, ranges),
        };
        record.known.insert(r.block.id, entry);
    })
}

/// The variables the bindings use, and those their ranges' bounds use, in turn.
fn reached_ranges(r: &BlockRealize, ranges: &VarRanges) -> Vec<(VarId, Option<Range>)> {
    let mut vars: Vec<VarId> = Vec::new();
    for e in r.iter_values.iter().chain(std::iter::once(&r.predicate)) {
        add_vars(e, &mut vars);
    }
    let mut reached = Vec::with_capacity(vars.len());
    let mut i = 0;
    while i < vars.len() {
        let v = vars[i];
        let range = ranges.get(&v).cloned();
        if let Some(range) = &range {
            add_vars(&range.min, &mut vars);
            add_vars(&range.extent, &mut vars);
        }
        reached.push((v, range));
        i += 1;
    }
    reached
}

/// Appends the variables of `e` not in `vars` yet, in pre-order.
fn add_vars(e: &Expr, vars: &mut Vec<VarId>) {
    match e {
        Expr::Var(v) => {
            if !vars.contains(v) {
                vars.push(*v);
            }
        }
        Expr::Int(..) | Expr::Float(..) => {}
        Expr::Binary(_, a, b) => {
            add_vars(a, vars);
            add_vars(b, vars);
        }
        _ => e.for_each_child(|c| add_vars(c, vars)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BlockId, PrimFunc};

    const TIR: &str = r#"
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(64):
        with T.block("B"):
            vi = T.axis.spatial(64, i)
            B[vi] = A[vi]
"#;

    fn block_b(func: &PrimFunc) -> (BlockId, BlockRealize) {
        let id = func.blocks_named("B")[0].id;
        (id, func.find_block(id).expect("block B").clone())
    }

    fn ranges_with(func: &PrimFunc, extent: i64) -> VarRanges {
        let mut ranges = VarRanges::new();
        let i = func.find_block(block_b(func).0).expect("B").iter_values[0].clone();
        if let Expr::Var(v) = i {
            ranges.insert(v, Range::from_extent(Expr::int(extent)));
        }
        ranges
    }

    #[test]
    fn known_only_while_lent_with_equal_bindings_and_ranges() {
        let func = crate::script::parse_func(TIR, None).expect("parses");
        let (_, r) = block_b(&func);
        let ranges = ranges_with(&func, 64);
        // Outside a transaction nothing is recorded.
        record(&r, &ranges);
        assert!(!is_known(&r, &ranges));

        let mut fixpoints = Fixpoints::default();
        {
            let _lent = lend(&mut fixpoints).expect("nothing lent yet");
            assert!(lend(&mut Fixpoints::default()).is_none(), "nested");
            record(&r, &ranges);
            assert!(is_known(&r, &ranges));
            // The loop's range changed: the binding must be simplified again.
            assert!(!is_known(&r, &ranges_with(&func, 32)));
            // A binding that differs from the recorded one is not known.
            let mut changed = r.clone();
            changed.iter_values[0] = Expr::add(changed.iter_values[0].clone(), Expr::int(0));
            assert!(!is_known(&changed, &ranges));
        }
        // The record went back to the schedule and serves the next transaction.
        assert_eq!(fixpoints.known.len(), 1);
        let _lent = lend(&mut fixpoints).expect("free again");
        assert!(is_known(&r, &ranges));
    }
}
