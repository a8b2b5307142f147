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
use crate::ir::{BlockRealize, For, IdMap, LoopId, PrimFunc, Shared, SharedWeak, Stmt};

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

/// The most elements a buffer may have, before and after `transform_layout`:
/// tirtui checks the index map at every index (injectivity, the new shape).
pub const MAX_LAYOUT_ELEMENTS: i64 = 1 << 24;

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
/// program before is measured only when the one after is over a limit. The
/// loops and blocks a step left alone are measured already (`sizes`), so a
/// step walks only what it built.
pub fn check_growth(
    before: &PrimFunc,
    after: &PrimFunc,
    sizes: &mut Sizes,
) -> Result<(), ScheduleError> {
    // One walk for both measures: this runs after every step.
    let (nest, nodes) = sizes.measure(&after.body);
    sizes.forget_dead();
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

/// `nest_and_nodes` of the loops and blocks measured so far, by node identity
/// (`Shared::addr`). A node shared between programs is the same subtree in
/// each, so its measure carries over; the weak reference tells a node still
/// alive from a later one at a reused address.
#[derive(Default)]
pub struct Sizes {
    loops: IdMap<usize, (SharedWeak<For>, Measure)>,
    blocks: IdMap<usize, (SharedWeak<BlockRealize>, Measure)>,
    /// Entries after the last sweep of dead ones.
    swept: usize,
}

/// `(deepest loop nest, IR nodes)` of a subtree.
type Measure = (usize, usize);

/// Which of `Sizes`'s maps holds the nodes of type `T`.
type MapOf<T> = fn(&mut Sizes) -> &mut IdMap<usize, (SharedWeak<T>, Measure)>;

impl std::fmt::Debug for Sizes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Sizes({} loops, {} blocks)",
            self.loops.len(),
            self.blocks.len()
        )
    }
}

impl Sizes {
    /// Room for the loops and blocks of a typical program and its recent
    /// versions, so that the first steps do not grow the maps again and again.
    pub fn with_room() -> Sizes {
        Sizes {
            loops: IdMap::with_capacity_and_hasher(128, Default::default()),
            blocks: IdMap::with_capacity_and_hasher(64, Default::default()),
            swept: 0,
        }
    }

    /// `nest_and_nodes(stmt)`, reusing and recording the measures of loops and blocks.
    pub fn measure(&mut self, stmt: &Stmt) -> Measure {
        match stmt {
            Stmt::For(l) => self.remembered(stmt, l, |s| &mut s.loops),
            Stmt::BlockRealize(r) => self.remembered(stmt, r, |s| &mut s.blocks),
            _ => self.measure_node(stmt),
        }
    }

    /// The measure of `stmt` (whose node is `node`) from `map`, or measured
    /// now and recorded there.
    fn remembered<T>(&mut self, stmt: &Stmt, node: &Shared<T>, map: MapOf<T>) -> Measure {
        if let Some((weak, m)) = map(self).get(&node.addr()) {
            if weak.refers_to(node) {
                return *m;
            }
        }
        let m = self.measure_node(stmt);
        map(self).insert(node.addr(), (node.downgrade(), m));
        m
    }

    /// `nest_and_nodes` of one statement, its children through `measure`.
    fn measure_node(&mut self, stmt: &Stmt) -> Measure {
        let mut nodes = 1;
        stmt.for_each_expr(|e| nodes += expr_nodes(e));
        let mut deepest = 0;
        stmt.for_each_child(|c| {
            let (nest, n) = self.measure(c);
            deepest = deepest.max(nest);
            nodes += n;
        });
        (deepest + usize::from(matches!(stmt, Stmt::For(_))), nodes)
    }

    /// Drops the entries of nodes no program holds any more (when they have
    /// doubled since the last sweep, so that sweeping stays cheap).
    fn forget_dead(&mut self) {
        let len = self.loops.len() + self.blocks.len();
        if len < 64 || len < 2 * self.swept {
            return;
        }
        self.loops.retain(|_, (weak, _)| weak.is_live());
        self.blocks.retain(|_, (weak, _)| weak.is_live());
        self.swept = self.loops.len() + self.blocks.len();
    }
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
    use crate::ir::Expr;
    // The common shapes by hand (this runs over every expression a step built).
    match e {
        Expr::Int(..) | Expr::Float(..) | Expr::Var(_) => 1,
        Expr::Binary(_, a, b) => 1 + expr_nodes(a) + expr_nodes(b),
        _ => {
            let mut n = 1;
            e.for_each_child(|c| n += expr_nodes(c));
            n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Expr;

    const TIR: &str = r#"
@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
    for i in range(64):
        for j in range(64):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] + T.float32(1)
    for k in range(8):
        with T.block("C"):
            vk = T.axis.spatial(8, k)
            B[vk, 0] = T.float32(0)
"#;

    #[test]
    fn remembered_measures_follow_every_change() {
        let func = crate::script::parse_func(TIR, None).expect("parses");
        let mut sizes = Sizes::default();
        assert_eq!(sizes.measure(&func.body), nest_and_nodes(&func.body));
        // A copy changed deep inside (as a step does): the shared loop `k`
        // keeps its measure, the path to the change is measured again.
        let mut after = func.clone();
        let j = crate::schedule::tree::loops_in(&func.body)
            .into_iter()
            .find(|l| func.var_name(l.var) == "j")
            .expect("loop j")
            .id;
        let l = crate::schedule::tree::loop_mut(&mut after, j).expect("j");
        l.extent = Expr::add(Expr::int(60), Expr::int(4));
        assert_ne!(nest_and_nodes(&after.body), nest_and_nodes(&func.body));
        assert_eq!(sizes.measure(&after.body), nest_and_nodes(&after.body));
        assert_eq!(sizes.measure(&func.body), nest_and_nodes(&func.body));
        // A node written in place once the other program is gone: never
        // mistaken for the measured one at the same address.
        drop(func);
        let l = crate::schedule::tree::loop_mut(&mut after, j).expect("j");
        l.body = Stmt::Seq(Vec::new());
        assert_eq!(sizes.measure(&after.body), nest_and_nodes(&after.body));
    }

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
