//! Bounds on what one schedule step may build, so that no session, however
//! hostile, makes a step slow, deep or large: loop nesting (every pass recurses
//! over the tree), factors per split, and the length of derived names (fuse
//! joins names, so repeated fuse/split would double them at every round).
//!
//! The limits sit far above what real schedules use (GEMM schedules nest about
//! 15 loops and split into at most 4 factors); going over one is an error that
//! names the limit, never a silent change of the program.

use super::analysis::loop_culprit;
use super::error::ScheduleError;
use crate::ir::{LoopId, PrimFunc, Stmt};

/// The deepest nest of loops a step may create. The parser's `MAX_DEPTH` (200
/// nested statements) is what every stage is built to handle; this stays below it.
pub const MAX_LOOP_NEST: usize = 128;

/// The most factors one `split` (or one `sample_perfect_tile`) may produce.
pub const MAX_SPLIT_FACTORS: usize = 64;

/// The longest loop-variable name a primitive derives; longer ones are cut
/// (keeping the suffix that says what made them). The printer numbers clashes.
pub const MAX_NAME_LEN: usize = 64;

/// The most IR nodes (statements and expressions) a program may grow to by a step.
pub const MAX_PROGRAM_NODES: usize = 2_000_000;

/// `stem` + `suffix`, with `stem` cut (at a character boundary, trailing `_`
/// dropped) so that the whole stays within `MAX_NAME_LEN` bytes: TVM's names
/// (`i_0`, `i_j_fused`) whenever they are short enough.
pub fn bounded_name(stem: &str, suffix: &str) -> String {
    let room = MAX_NAME_LEN.saturating_sub(suffix.len());
    if stem.len() <= room {
        return format!("{stem}{suffix}");
    }
    let mut cut = room;
    while cut > 0 && !stem.is_char_boundary(cut) {
        cut -= 1;
    }
    let kept = stem[..cut].trim_end_matches('_');
    let kept = if kept.is_empty() { "v" } else { kept };
    format!("{kept}{suffix}")
}

/// The number of loops on the path from the function's root to `id`, `id` included.
pub fn loop_depth(func: &PrimFunc, id: LoopId) -> usize {
    let above = crate::schedule::tree::ancestors_of_loop(func, id).unwrap_or_default();
    1 + above
        .iter()
        .filter(|a| matches!(a, crate::schedule::tree::Ancestor::Loop(_)))
        .count()
}

/// A transformation may not grow the program past these limits (whatever the
/// primitive): every later step, pass and print walks the whole tree. The
/// program before is measured only when the one after is over a limit.
pub fn check_growth(before: &PrimFunc, after: &PrimFunc) -> Result<(), ScheduleError> {
    // One walk for both measures: this runs after every step.
    let (nest, nodes) = nest_and_nodes(&after.body);
    if nest > MAX_LOOP_NEST && nest > max_loop_nest(&before.body) {
        return Err(ScheduleError::LimitExceeded {
            what: "this step",
            why: format!("it would nest loops {nest} deep; tirtui allows at most {MAX_LOOP_NEST}"),
        });
    }
    if nodes > MAX_PROGRAM_NODES && nodes > program_nodes(before) {
        return Err(ScheduleError::LimitExceeded {
            what: "this step",
            why: format!(
                "the program would grow to {nodes} IR nodes; tirtui allows at most {MAX_PROGRAM_NODES}"
            ),
        });
    }
    Ok(())
}

/// The deepest loop nest under `stmt`, `stmt`'s own loop included.
pub fn max_loop_nest(stmt: &Stmt) -> usize {
    let mut deepest = 0;
    stmt.for_each_child(|c| deepest = deepest.max(max_loop_nest(c)));
    deepest + usize::from(matches!(stmt, Stmt::For(_)))
}

/// Fails when replacing loop `id` by `new_levels` nested loops (or wrapping
/// it in `new_levels - 1` more) would nest loops deeper than `MAX_LOOP_NEST`.
pub fn check_nest_growth(
    func: &PrimFunc,
    id: LoopId,
    new_levels: usize,
    what: &'static str,
) -> Result<(), ScheduleError> {
    let loop_ = crate::schedule::analysis::get_loop(func, id)?;
    let below = max_loop_nest(&loop_.body);
    let depth = loop_depth(func, id) - 1 + new_levels + below;
    if depth > MAX_LOOP_NEST {
        return Err(ScheduleError::LimitExceeded {
            what,
            why: format!(
                "the loops around and under {} would nest {depth} deep; tirtui allows at most {MAX_LOOP_NEST}",
                loop_culprit(func, id)
            ),
        });
    }
    Ok(())
}

/// Fails when a split (or a sampled tile) asks for more than `MAX_SPLIT_FACTORS` factors.
pub fn check_factor_count(count: usize, what: &'static str) -> Result<(), ScheduleError> {
    if count > MAX_SPLIT_FACTORS {
        return Err(ScheduleError::LimitExceeded {
            what,
            why: format!("{count} factors; tirtui allows at most {MAX_SPLIT_FACTORS}"),
        });
    }
    Ok(())
}

/// IR nodes of a program: statements and expressions (for the size bound).
pub fn program_nodes(func: &PrimFunc) -> usize {
    nest_and_nodes(&func.body).1
}

/// `max_loop_nest` and the IR nodes (statements and expressions) under `stmt`.
fn nest_and_nodes(stmt: &Stmt) -> (usize, usize) {
    let mut nodes = 1;
    stmt.for_each_expr(|e| nodes += expr_nodes(e));
    let mut deepest = 0;
    stmt.for_each_child(|c| {
        let (nest, n) = nest_and_nodes(c);
        deepest = deepest.max(nest);
        nodes += n;
    });
    (deepest + usize::from(matches!(stmt, Stmt::For(_))), nodes)
}

fn expr_nodes(e: &crate::ir::Expr) -> usize {
    let mut n = 1;
    e.for_each_child(|c| n += expr_nodes(c));
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_kept_and_long_ones_cut_to_the_limit() {
        assert_eq!(bounded_name("i_j", "_fused"), "i_j_fused");
        let long = "i_0_".repeat(40);
        let name = bounded_name(&long, "_fused");
        assert!(name.len() <= MAX_NAME_LEN, "{name}");
        assert!(
            name.ends_with("_fused") && name.starts_with("i_0"),
            "{name}"
        );
        assert!(!name.contains("__"), "{name}");
        // A multi-byte character on the cut is not split.
        let wide = "é".repeat(60);
        assert!(bounded_name(&wide, "_1").len() <= MAX_NAME_LEN);
    }
}
