//! One pipeline iteration: its statements in order with the async commits
//! (`iteration_events`), the `cp.async.wait_group` count each consumer needs
//! (`wait_counts`), and the statements it emits, unrolled at a pipeline
//! iteration or as the steady state (`Iteration`).

use super::{interleave, Ctx, Info};
use crate::ir::{BufferId, Expr, VarId};
use crate::lower::lir::{rewrite_accesses, LStmt, Lowered};
use crate::lower::LowerError;

/// What emitting one pipeline iteration needs: the events of an iteration,
/// the body's statements with their stages and waits, the versioned buffers
/// and the original loop's variable and bounds.
pub(super) struct Iteration<'a> {
    pub(super) events: &'a [Event],
    pub(super) stmts: &'a [LStmt],
    pub(super) stages: &'a [i64],
    pub(super) async_stages: &'a [i64],
    pub(super) waits: &'a [Option<u32>],
    pub(super) versions: &'a [(BufferId, i64)],
    /// Which statements are TMA copies (not wrapped in `Async`, no commit).
    pub(super) tma: &'a [bool],
    /// For each statement, the mbarriers (with the tile's versions) of the
    /// TMA copies it reads, which it waits on first.
    pub(super) tma_waits: &'a [Vec<(BufferId, i64)>],
    pub(super) var: VarId,
    pub(super) lo: i64,
    pub(super) ext: i64,
    pub(super) max_stage: i64,
}

impl Iteration<'_> {
    /// One pipeline iteration: `Some(p)` unrolled at iteration p (statements
    /// out of bounds left out), `None` the steady-state body.
    pub(super) fn emit(&self, p: Option<i64>) -> Vec<LStmt> {
        self.emit_tagged(p).into_iter().map(|(_, s)| s).collect()
    }

    /// The steady state's body with its async copies spread over the loop
    /// after their commit (`interleave_async_copies`).
    pub(super) fn interleaved(
        &self,
        f: &Lowered,
        cx: &Ctx,
        infos: &[Info],
        descs: &[String],
    ) -> Result<Vec<LStmt>, LowerError> {
        interleave::run(
            cx,
            self.emit_tagged(None),
            &interleave::Pipeline {
                stages: self.stages,
                infos,
                descs,
                versions: self.versions,
                // Names are wanted only for an error: looked up then.
                buffer_name: &|b| f.buffers[b.0 as usize].name.clone(),
            },
        )
    }

    /// `emit`, each statement with the index of the body statement it runs
    /// (none for commits and waits).
    pub(super) fn emit_tagged(&self, p: Option<i64>) -> Vec<(Option<usize>, LStmt)> {
        let Iteration {
            var,
            lo,
            ext,
            max_stage,
            ..
        } = *self;
        let mut out = Vec::new();
        let mut last_wait: Option<u32> = None;
        for ev in self.events {
            match *ev {
                Event::Commit => {
                    out.push((None, LStmt::AsyncCommit));
                    last_wait = None;
                }
                Event::Stmt(i) => {
                    let s = self.stages[i];
                    // The original iteration this statement runs.
                    let orig = match p {
                        Some(p) => {
                            let o = p - s;
                            if o < lo || o >= lo + ext {
                                continue;
                            }
                            Expr::int(o)
                        }
                        None => Expr::add(Expr::Var(var), Expr::int(max_stage - s)),
                    };
                    if let Some(w) = self.waits[i] {
                        if last_wait.is_none_or(|x| x > w) {
                            out.push((None, LStmt::AsyncWait(w)));
                            last_wait = Some(w);
                        }
                    }
                    let mut st = self.stmts[i].clone();
                    let o = orig.clone();
                    st.substitute(&|x| (x == var).then(|| o.clone()));
                    // The version is a constant wherever the iteration is.
                    let rel = match orig.as_int() {
                        Some(o) => Expr::int(o - lo),
                        None => Expr::sub(orig, Expr::int(lo)),
                    };
                    for &(bar, v) in &self.tma_waits[i] {
                        out.push((None, super::tma_stages::wait(bar, v, &rel)));
                    }
                    rewrite_accesses(&mut st, &mut |b, idx| {
                        if let Some(&(_, v)) = self.versions.iter().find(|(x, _)| *x == b) {
                            let ver = match rel.as_int() {
                                Some(r) => Expr::int(r.rem_euclid(v)),
                                None => Expr::floormod(rel.clone(), Expr::int(v)),
                            };
                            idx.insert(0, ver);
                        }
                        b
                    });
                    out.push((
                        Some(i),
                        if self.async_stages.contains(&s) && !self.tma[i] {
                            LStmt::Async(Box::new(st))
                        } else {
                            st
                        },
                    ));
                }
            }
        }
        out
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Event {
    Stmt(usize),
    /// Commit of the async stage whose last statement precedes it.
    Commit,
}

/// One pipeline iteration: the statements in order, each async stage's
/// commit right after its last cp.async statement (TMA copies, `tma`,
/// complete on their mbarriers instead).
pub(super) fn iteration_events(
    ordered: &[usize],
    stages: &[i64],
    async_stages: &[i64],
    tma: &[bool],
) -> Vec<Event> {
    let mut out = Vec::new();
    for (k, &i) in ordered.iter().enumerate() {
        out.push(Event::Stmt(i));
        let s = stages[i];
        if tma[i] {
            continue;
        }
        let last_of_stage = !ordered[k + 1..].iter().any(|&j| stages[j] == s && !tma[j]);
        if async_stages.contains(&s) && last_of_stage {
            out.push(Event::Commit);
        }
    }
    out
}

/// For each statement, the `cp.async.wait_group` count it needs first: the
/// groups committed after the one holding what it reads may stay in flight.
pub(super) fn wait_counts(
    cx: &Ctx,
    events: &[Event],
    stages: &[i64],
    async_stages: &[i64],
    infos: &[Info],
    descs: &[String],
    is_async: impl Fn(usize) -> bool,
) -> Result<Vec<Option<u32>>, LowerError> {
    let n = stages.len();
    let commits_per_iter = events.iter().filter(|e| **e == Event::Commit).count() as i64;
    let pos = |ev: Event| events.iter().position(|e| *e == ev).unwrap_or(0);
    // The commit of stage s: the first commit after its last statement.
    let commit_pos = |s: i64| -> usize {
        let last = events
            .iter()
            .rposition(|e| matches!(e, Event::Stmt(i) if stages[*i] == s))
            .unwrap_or(0);
        last + 1
    };
    let commits_between = |a: usize, b: usize| -> i64 {
        events[a.min(b)..b.max(a)]
            .iter()
            .filter(|e| **e == Event::Commit)
            .count() as i64
    };
    let reads_from =
        |j: usize, i: usize| infos[i].writes.iter().any(|b| infos[j].reads.contains(b));
    let mut out = vec![None; n];
    for j in 0..n {
        let c = pos(Event::Stmt(j));
        for i in (0..n).filter(|&i| i != j && is_async(i)) {
            if !reads_from(j, i) {
                continue;
            }
            // A reader of the same copies that runs before `j` on the same
            // original iteration (an earlier stage, or the same stage earlier
            // in the order) has waited for them already.
            let waited = (0..n).any(|k| {
                k != i
                    && k != j
                    && reads_from(k, i)
                    && (stages[k] < stages[j] || stages[k] == stages[j] && pos(Event::Stmt(k)) < c)
                    && stages[k] > stages[i]
            });
            if waited {
                continue;
            }
            let sp = stages[i];
            let d = stages[j] - sp;
            let g = commit_pos(sp);
            let count = if d == 0 {
                if g > c || async_stages.contains(&stages[j]) && stages[j] == sp {
                    return Err(cx.err(
                        format!(
                            "{} reads what {} copies asynchronously in the same stage ({sp}), before the copy's group is committed",
                            descs[j], descs[i]
                        ),
                        "put the reader in a later stage than the async copy".into(),
                    ));
                }
                commits_between(g + 1, c)
            } else {
                commits_between(g + 1, events.len())
                    + (d - 1) * commits_per_iter
                    + commits_between(0, c)
            };
            let count = count.max(0) as u32;
            out[j] = Some(out[j].map_or(count, |x: u32| x.min(count)));
        }
    }
    Ok(out)
}
