//! compute_at, reverse_compute_at.
//!
//! TVM: src/tir/schedule/primitive/compute_at.cc. The block's private loop nest
//! is removed and regenerated under the target loop, covering exactly the
//! region its consumers (compute_at) or producers (reverse_compute_at) touch
//! there. For a shared buffer, compute_at relaxes the region over the
//! threadIdx/vthread loops at and above the target too, so one stage serves
//! the whole thread block; no other scope or direction relaxes thread loops
//! (TVM's `CanRelaxStorageUnderThread`).
//!
//! The steps, one file each: `checks` (where the block may go), `domain` (the
//! region its related blocks need there, as a domain of its iterators), `nest`
//! (the insertion point, the new loop nest, and the move).

mod checks;
mod domain;
mod nest;
mod solve;

use crate::ir::{BlockId, Expr, LoopId, PrimFunc};
use crate::schedule::analysis::get_block;
use crate::schedule::error::ScheduleError;

pub fn compute_at(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
    preserve_unit_loops: bool,
    index: i64,
) -> Result<(), ScheduleError> {
    move_block(func, block, loop_id, preserve_unit_loops, index, false)
}

pub fn reverse_compute_at(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
    preserve_unit_loops: bool,
    index: i64,
) -> Result<(), ScheduleError> {
    move_block(func, block, loop_id, preserve_unit_loops, index, true)
}

/// What is moved where, shared by the steps of `move_block`.
#[derive(Clone, Copy)]
pub(super) struct Move {
    block: BlockId,
    loop_id: LoopId,
    /// reverse_compute_at: the block follows its producers under the loop
    /// (compute_at: it precedes its consumers).
    reverse: bool,
}

impl Move {
    pub(super) fn primitive(self) -> &'static str {
        if self.reverse {
            "reverse_compute_at"
        } else {
            "compute_at"
        }
    }
}

/// The steps of TVM's `ComputeAtOrReverseComputeAtImpl`, in its order: checks,
/// the region the related blocks need, the loop domain covering it, where to
/// insert, the new nest, and the move itself.
fn move_block(
    func: &mut PrimFunc,
    block: BlockId,
    loop_id: LoopId,
    preserve_unit_loops: bool,
    index: i64,
    reverse: bool,
) -> Result<(), ScheduleError> {
    let mv = Move {
        block,
        loop_id,
        reverse,
    };
    checks::check_placement(func, mv)?;
    let related = checks::related_blocks_under_loop(func, mv)?;
    checks::check_outside_dependences(func, mv)?;
    checks::check_no_other_writer(func, mv)?;
    let me = get_block(func, block)?.block.clone();
    // Every region below is bounded with the loop ranges of the program as it
    // is before the move: walked once here, not once per region.
    let ranges = crate::schedule::region::all_loop_ranges(func);
    check_predicate_is_a_domain_guard(func, mv, &ranges)?;
    let units = serial_unit_loops(func);
    let doms = domain::required_domains(func, &ranges, &units, mv, &me, &related)?;
    crate::schedule::dependence::check_reduction_tiles_disjoint(
        func,
        block,
        loop_id,
        &me.iter_vars,
        &doms.doms,
    )?;
    let pos = nest::insertion_point(func, mv, index)?;
    let nest = nest::build_nest(func, ranges, units, me, &doms, preserve_unit_loops);
    nest::replace_block(func, mv, pos, nest)
}

/// The serial loops of extent 1, whose variables TVM's analyzer replaces by
/// their one value in the regions and guards compute_at derives
/// (`i0_1 = T.axis.spatial(1, 0)`). A thread-bound unit loop is left alone:
/// folding `blockIdx.y` there but not in the blocks that index with it gives
/// the kernel offsets such as `C_warp[... - blockIdx.y * 256]`, right only
/// because the launch has one such block.
fn serial_unit_loops(func: &PrimFunc) -> crate::arith::VarRanges {
    let mut units = crate::arith::VarRanges::new();
    func.body.visit(&mut |s| {
        if let crate::ir::Stmt::For(l) = s {
            if l.extent.as_int() == Some(1)
                && !matches!(l.kind, crate::ir::ForKind::ThreadBinding(_))
            {
                units.insert(
                    l.var,
                    crate::ir::Range::new(l.min.clone(), l.extent.clone()),
                );
            }
        }
    });
    units
}

/// The new nest's loops come from the block's iterator domains, and its
/// predicate only keeps the iterators inside them (`nest::build_nest`). A
/// `T.where` that says more (e.g. `vk_0 * 3 + vk_1 < 64` after rfactor over a
/// non-divisible split) would be lost, and the block would read past its
/// buffers (found by the property test; TVM 0.27 drops it the same way), so
/// such a block is refused. A predicate that is only the guard of its
/// iterators' domains is rebuilt for the new nest.
fn check_predicate_is_a_domain_guard(
    func: &PrimFunc,
    mv: Move,
    ranges: &crate::arith::VarRanges,
) -> Result<(), ScheduleError> {
    let realize = get_block(func, mv.block)?;
    if realize.predicate.is_const_true() {
        return Ok(());
    }
    let guard = crate::schedule::region::domain_guard(
        &realize.block.iter_vars,
        &realize.iter_values,
        ranges,
    );
    let mut kept = Vec::new();
    conjuncts(&guard, &mut kept);
    let mut own = Vec::new();
    conjuncts(&realize.predicate, &mut own);
    match own.iter().find(|c| !c.is_const_true() && !kept.contains(c)) {
        None => Ok(()),
        Some(c) => Err(ScheduleError::UnsupportedPattern {
            block: crate::schedule::analysis::block_culprit(func, mv.block),
            why: format!(
                "its `T.where` condition `{}` says more than its iterators' domains; {} rebuilds the block's loops from those domains and would drop it",
                crate::script::print_expr(func, c),
                mv.primitive()
            ),
        }),
    }
}

/// The parts of a conjunction `a and b and c`.
fn conjuncts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary(crate::ir::BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other),
    }
}
