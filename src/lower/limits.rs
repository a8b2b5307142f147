//! Bounds on what lowering may build, so that no schedule, however hostile,
//! makes lowering slow or large: the copies explicit unrolling and software
//! pipelining write out, and the number of kernels one function splits into.
//!
//! As in `schedule::limits`, the bounds sit far above what real schedules
//! build, and going over one is an error that names it, never a silent change
//! of the program. They are checked before the work they bound is done.

use super::lir::LStmt;
use super::LowerError;

/// The most IR nodes (statements and expressions) the copies written out by
/// explicit unrolling may add up to in one kernel, and the most the prologue
/// and epilogue of one software pipeline may hold. The same size as the
/// schedule's `MAX_PROGRAM_NODES`: every later pass and the printer walk them.
pub const MAX_UNROLLED_NODES: u64 = 2_000_000;

/// The most kernels one function may be split into. Each kernel carries the
/// function's variables and buffers (they share ids, and the printer names
/// them all per kernel), so kernels times declarations is what lowering and
/// printing cost, bounded by `MAX_KERNEL_DECLARATIONS`; real programs launch
/// a handful of kernels.
pub const MAX_KERNELS: usize = 256;

/// IR nodes of a statement tree: each statement and each expression node once.
pub fn nodes(s: &LStmt) -> u64 {
    let mut n = 0u64;
    s.visit(&mut |x| {
        n += 1;
        x.for_each_expr(|e| e.visit(&mut |_| n += 1));
    });
    n
}

/// Fails when `copies` copies of statements totalling `nodes_per_copy` nodes,
/// on top of `already` nodes, would pass `MAX_UNROLLED_NODES`; `what` says
/// what would write them out.
pub fn check_copies(
    already: u64,
    copies: u64,
    nodes_per_copy: u64,
    what: impl FnOnce() -> String,
    hint: &'static str,
) -> Result<u64, LowerError> {
    let total = copies
        .checked_mul(nodes_per_copy)
        .and_then(|n| n.checked_add(already))
        .filter(|n| *n <= MAX_UNROLLED_NODES);
    total.ok_or_else(|| LowerError::LimitExceeded {
        why: format!(
            "{} would write out {copies} copies of {nodes_per_copy} IR nodes each; tirtui allows at most {MAX_UNROLLED_NODES} unrolled nodes{}: {hint}",
            what(),
            if already > 0 {
                format!(" per kernel ({already} written out already)")
            } else {
                String::new()
            }
        ),
    })
}

/// The most copies of the function's variable and buffer declarations its
/// kernels may carry together (kernels times declarations).
pub const MAX_KERNEL_DECLARATIONS: usize = 4_000_000;

/// Fails when a function would be split into more than `MAX_KERNELS`
/// kernels, or into kernels that together carry more than
/// `MAX_KERNEL_DECLARATIONS` copies of its `declarations` variables and buffers.
pub fn check_kernel_count(kernels: usize, declarations: usize) -> Result<(), LowerError> {
    let hint = "fuse nests into fewer kernels (compute_at one nest's blocks into another's loops)";
    if kernels > MAX_KERNELS {
        return Err(LowerError::LimitExceeded {
            why: format!(
                "the function has {kernels} thread-bound loop nests at its root, so {kernels} kernels; tirtui allows at most {MAX_KERNELS} kernels per function: {hint}"
            ),
        });
    }
    if kernels.saturating_mul(declarations) > MAX_KERNEL_DECLARATIONS {
        return Err(LowerError::LimitExceeded {
            why: format!(
                "the function's {kernels} kernels would each carry its {declarations} variables and buffers; tirtui allows at most {MAX_KERNEL_DECLARATIONS} such copies per function: {hint}"
            ),
        });
    }
    Ok(())
}
