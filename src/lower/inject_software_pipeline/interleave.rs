//! `interleave_async_copies: 1` (tirtui's own annotation): the steady
//! state's async copies, instead of all issuing before the first loop after
//! their commit (an inner pipeline's steady state, or a compute loop), are
//! spread over that loop's iterations, which are copied out: iteration `t`
//! issues its share of the copies before its last statement (an inner
//! pipeline's compute, after its loads), and the commit follows the last
//! iteration. Waits between the commit and the loop then wait for one group
//! fewer, which is the same group. The copy instructions then sit between
//! tensor-core instructions instead of in one burst that the warp scheduler
//! cannot hide (CUTLASS's multistage main loop does the same).
//!
//! Moving a copy later in its iteration is safe when nothing it moves past
//! writes what it reads, and what it writes is either untouched there or a
//! different version of the buffer (the statement runs a stage whose version
//! differs); anything else is refused with the statements named.

use super::{Ctx, Info, INTERLEAVE};
use crate::ir::{BufferId, Expr, ForKind};
use crate::lower::lir::LStmt;
use crate::lower::LowerError;

/// The most iterations of the loop after the commit that are copied out (a
/// tile's k steps are a handful; thousands would be a code-size accident).
pub const MAX_ITERATIONS: i64 = 64;

/// The pipeline facts the check needs, indexed by body statement.
pub(super) struct Pipeline<'a> {
    pub stages: &'a [i64],
    pub infos: &'a [Info],
    pub descs: &'a [String],
    pub versions: &'a [(BufferId, i64)],
    pub buffer_name: &'a dyn Fn(BufferId) -> String,
}

impl Pipeline<'_> {
    /// "body statement 2 (loop `k_1` ...)".
    fn name(&self, i: usize) -> String {
        match self.descs.get(i) {
            Some(d) => format!("body statement {i} ({d})"),
            None => format!("body statement {i}"),
        }
    }
}

/// One piece of the copies to spread: a whole copy, or one iteration of its
/// outer loop.
type Unit = (usize, Option<i64>);

/// Rewrites one steady-state iteration (`emit_tagged(None)`).
pub(super) fn run(
    cx: &Ctx,
    body: Vec<(Option<usize>, LStmt)>,
    p: &Pipeline,
) -> Result<Vec<LStmt>, LowerError> {
    let shape_err = |what: String| {
        cx.err(
            format!("`{INTERLEAVE}`: {what}"),
            "the steady state must issue one stage's async copies, commit them, then run a serial loop of constant extent (an inner pipeline's steady state or the compute loop)".into(),
        )
    };
    let Some(commit) = body
        .iter()
        .position(|(_, s)| matches!(s, LStmt::AsyncCommit))
    else {
        return Err(shape_err("the steady state commits no async copies".into()));
    };
    let first = body[..commit]
        .iter()
        .rposition(|(_, s)| !matches!(s, LStmt::Async(_)))
        .map_or(0, |i| i + 1);
    if first == commit {
        return Err(shape_err(
            "no async copy comes right before the commit".into(),
        ));
    }
    // The loop: the first one after the commit. Waits and other statements
    // may come between; the copies and their commit then move past them.
    let Some((at, inner_idx, inner)) = (commit + 1..body.len()).find_map(|i| match &body[i] {
        (Some(idx), LStmt::For(l)) => Some((i, *idx, (**l).clone())),
        _ => None,
    }) else {
        return Err(shape_err("no loop follows the commit".into()));
    };
    let what = p.name(inner_idx);
    let (Some(lo), Some(n)) = (inner.min.as_int(), inner.extent.as_int()) else {
        return Err(shape_err(format!(
            "{what}, the loop after the commit, has no constant bounds"
        )));
    };
    if !matches!(inner.kind, ForKind::Serial | ForKind::Unrolled) {
        return Err(shape_err(format!(
            "{what}, the loop after the commit, is {:?}, not serial or unrolled",
            inner.kind
        )));
    }
    if !(1..=MAX_ITERATIONS).contains(&n) {
        return Err(shape_err(format!(
            "{what}, the loop after the commit, has {n} iterations; they are copied out one by one, so at most {MAX_ITERATIONS}"
        )));
    }
    // A wait that the commit moves past waits for one group fewer, so that
    // it still waits for the same copies; a wait for every group (0) would
    // need the copies the commit closes, which cannot move past it.
    let mut passed = vec![inner_idx];
    for (tag, st) in &body[commit + 1..at] {
        match (tag, st) {
            (_, LStmt::AsyncWait(0)) => {
                return Err(shape_err(
                    "a wait for every copy group sits between the commit and the loop: the statement after it reads the copies just committed".into(),
                ))
            }
            (_, LStmt::AsyncWait(_)) => {}
            (_, LStmt::AsyncCommit) => {
                return Err(shape_err(
                    "another commit group starts before the loop (copies of a second async stage): only one stage's copies can be spread".into(),
                ))
            }
            (Some(i), _) => passed.push(*i),
            (None, _) => {
                return Err(shape_err("the commit is followed by neither a wait, a body statement nor a loop".into()))
            }
        }
    }
    let copies: Vec<usize> = body[first..commit].iter().filter_map(|(i, _)| *i).collect();
    for &past in &passed {
        check_moves(cx, p, &copies, past)?;
    }

    // The copies as units: one per iteration of a copy's outer loop of
    // constant bounds, else the whole copy.
    let mut units: Vec<Unit> = Vec::new();
    for (c, (_, s)) in body[first..commit].iter().enumerate() {
        match outer_range(s) {
            Some((a, e)) => units.extend((a..a + e).map(|x| (c, Some(x)))),
            None => units.push((c, None)),
        }
    }
    let total = units.len() as i64;
    let mut out: Vec<LStmt> = Vec::with_capacity(body.len() + n as usize);
    let mut body = body.into_iter().map(|(_, s)| s).collect::<Vec<_>>();
    let rest = body.split_off(at + 1);
    body.truncate(at); // the loop is rebuilt below
    let between = body.split_off(commit + 1);
    body.truncate(commit); // and the commit after it
    let copy_stmts = body.split_off(first);
    out.extend(body);
    out.extend(between.into_iter().map(|st| match st {
        LStmt::AsyncWait(w) => LStmt::AsyncWait(w - 1),
        other => other,
    }));
    // Iteration t issues the units u with floor(u * n / total) == t: with
    // fewer units than iterations, each goes at the start of its share of
    // the loop (as early as it can), never late.
    let start = |t: i64| ((t * total + n - 1) / n) as usize;
    for t in 0..n {
        let chunk = chunk_of(&copy_stmts, &units[start(t)..start(t + 1)]);
        let mut it = inner.body.clone();
        let v = inner.var;
        it.substitute(&|x| (x == v).then(|| Expr::int(lo + t)));
        splice_before_last(&mut it, chunk);
        out.push(it);
    }
    out.push(LStmt::AsyncCommit);
    out.extend(rest);
    Ok(out)
}

/// Puts `chunk` before the last statement of an iteration, inside the
/// allocations (of fragments, say) that wrap it.
fn splice_before_last(it: &mut LStmt, chunk: Vec<LStmt>) {
    match it {
        LStmt::Alloc(a) => splice_before_last(&mut a.body, chunk),
        LStmt::Seq(v) if !v.is_empty() => {
            let at = v.len() - 1;
            v.splice(at..at, chunk);
        }
        other => {
            let last = std::mem::replace(other, LStmt::Seq(Vec::new()));
            *other = LStmt::seq(chunk.into_iter().chain([last]).collect());
        }
    }
}

/// The bounds of the outer loop of an async copy, when constant and the loop
/// may be cut (a vectorized loop is one wide copy: it stays whole).
fn outer_range(s: &LStmt) -> Option<(i64, i64)> {
    let LStmt::Async(inner) = s else { return None };
    let LStmt::For(l) = inner.as_ref() else {
        return None;
    };
    if !matches!(l.kind, ForKind::Serial | ForKind::Unrolled) {
        return None;
    }
    Some((l.min.as_int()?, l.extent.as_int()?))
}

/// The statements issuing `share` (consecutive units): each copy's outer
/// loop cut to the iterations in the share.
fn chunk_of(copies: &[LStmt], share: &[Unit]) -> Vec<LStmt> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < share.len() {
        let (c, first) = share[k];
        let mut end = k + 1;
        while end < share.len() && share[end].0 == c {
            end += 1;
        }
        let count = (end - k) as i64;
        out.push(match (&copies[c], first) {
            (LStmt::Async(inner), Some(first)) => match inner.as_ref() {
                LStmt::For(l) => {
                    let mut cut = (**l).clone();
                    cut.min = Expr::int(first);
                    cut.extent = Expr::int(count);
                    LStmt::Async(Box::new(LStmt::For(Box::new(cut))))
                }
                other => LStmt::Async(Box::new(other.clone())),
            },
            (s, _) => s.clone(),
        });
        k = end;
    }
    out
}

/// Refuses a move that could change what the copies or the statement moved
/// past (`past`) see.
fn check_moves(cx: &Ctx, p: &Pipeline, copies: &[usize], past: usize) -> Result<(), LowerError> {
    let versions = |b: BufferId| {
        p.versions
            .iter()
            .find(|(x, _)| *x == b)
            .map_or(1, |&(_, v)| v)
    };
    let passed = &p.infos[past];
    for &c in copies {
        let copy = &p.infos[c];
        if let Some(b) = copy.reads.iter().find(|b| passed.writes.contains(b)) {
            return Err(cx.err(
                format!(
                    "`{INTERLEAVE}`: {} writes `{}`, which the copy, {}, reads: the copy cannot move past it",
                    p.name(past),
                    (p.buffer_name)(*b),
                    p.name(c),
                ),
                "leave the copies where they are (drop the annotation)".into(),
            ));
        }
        let stage_gap = p.stages[past] - p.stages[c];
        for b in copy.writes.iter() {
            let touched = passed.reads.contains(b) || passed.writes.contains(b);
            if touched && stage_gap.rem_euclid(versions(*b)) == 0 {
                return Err(cx.err(
                    format!(
                        "`{INTERLEAVE}`: {} uses the version of `{}` that the copy, {}, writes: the copy cannot move past it",
                        p.name(past),
                        (p.buffer_name)(*b),
                        p.name(c),
                    ),
                    "give that statement a later stage than the copies (a buffer version per stage), or drop the annotation".into(),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(reads: &[u32], writes: &[u32]) -> Info {
        Info {
            reads: reads.iter().map(|&b| BufferId(b)).collect(),
            writes: writes.iter().map(|&b| BufferId(b)).collect(),
        }
    }

    /// Statement 0 copies buffer 0 into buffer 1; statement 1 is the loop.
    fn check(loop_: Info, stages: &[i64], versions: i64) -> Result<(), String> {
        let cx = Ctx {
            loop_name: "k0",
            listing: String::new(),
        };
        let infos = [info(&[0], &[1]), loop_];
        let names = |b: BufferId| ["A", "A_shared"][b.0 as usize].to_string();
        let descs = ["copy".to_string(), "loop `k1`".to_string()];
        let p = Pipeline {
            stages,
            infos: &infos,
            descs: &descs,
            versions: &[(BufferId(1), versions)],
            buffer_name: &names,
        };
        check_moves(&cx, &p, &[0], 1).map_err(|e| e.to_string())
    }

    #[test]
    fn a_copy_moves_past_a_loop_reading_another_version() {
        assert_eq!(check(info(&[1], &[]), &[0, 1], 2), Ok(()));
        assert_eq!(check(info(&[1], &[]), &[0, 2], 3), Ok(()));
    }

    #[test]
    fn a_copy_never_moves_past_a_loop_using_its_version_or_writing_its_source() {
        let same = check(info(&[1], &[]), &[0, 0], 1).unwrap_err();
        assert!(same.contains("body statement 1 (loop `k1`) uses the version of `A_shared` that the copy, body statement 0 (copy), writes"), "{same}");
        let wrapped = check(info(&[], &[1]), &[0, 2], 2).unwrap_err();
        assert!(
            wrapped.contains("uses the version of `A_shared`"),
            "{wrapped}"
        );
        let source = check(info(&[], &[0]), &[0, 1], 2).unwrap_err();
        assert!(
            source.contains("body statement 1 (loop `k1`) writes `A`, which the copy, body statement 0 (copy), reads"),
            "{source}"
        );
    }
}
