//! TMA copies (`T.tma_load`, made by `lower::tma_copy`) in a software
//! pipeline: an mbarrier per tile version replaces the cp.async groups.
//! Before the prologue thread 0 initialises every version's barrier (one
//! arrival: its own `arrive.expect_tx`); the copy of pipeline iteration k
//! fills version `k % V` and arrives on that version's barrier, whose phase
//! completes when the copy's bytes landed; a reader of the tile first
//! waits, in every thread, on phase parity `(k / V) % 2` of the barrier of
//! the version it reads (the version's `k / V`-th fill). That a version is
//! not refilled while its readers still read it is the barrier's business
//! that `thread_sync` places between the readers and the next copy (the
//! copy writes the tile), with `wgmma_wait_group`'s barrier for wgmmas in
//! flight; the SIMT simulator refuses a refill under a wgmma in flight,
//! or a read before the fill's phase completed.
//!
//! CUTLASS's `PipelineTmaAsync` and TileLang's pipelined `T.copy` use the
//! same full barriers, with an empty barrier per stage in place of the
//! block-wide barrier (a later step, with warp specialisation).

use super::{Ctx, Info};
use crate::ir::{BufferId, Expr, Intrinsic};
use crate::lower::lir::{LStmt, Lowered, PipelineVersions};
use crate::lower::LowerError;

/// A body statement that is a TMA copy: its tile and its barrier.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct TmaCopy {
    pub(super) tile: BufferId,
    pub(super) bar: BufferId,
}

fn as_tma(s: &LStmt) -> Option<TmaCopy> {
    match s {
        LStmt::Block(b) => as_tma(&b.body),
        LStmt::Evaluate(Expr::Call(Intrinsic::TmaLoad, args)) => {
            match (args.first(), args.get(1)) {
                (Some(Expr::Load(tile, _)), Some(Expr::Load(bar, _))) => Some(TmaCopy {
                    tile: *tile,
                    bar: *bar,
                }),
                _ => None,
            }
        }
        _ => None,
    }
}

fn has_tma(s: &LStmt) -> bool {
    let mut found = false;
    s.visit(&mut |x| {
        found |= matches!(x, LStmt::Evaluate(Expr::Call(Intrinsic::TmaLoad, _)));
    });
    found
}

/// The body's TMA copies; each must be a statement of its own in an async
/// stage, not mixed with cp.async copies of that stage.
pub(super) fn find(
    cx: &Ctx,
    stmts: &[LStmt],
    stages: &[i64],
    async_stages: &[i64],
    descs: &[String],
    interleave: bool,
) -> Result<Vec<Option<TmaCopy>>, LowerError> {
    let tma: Vec<Option<TmaCopy>> = stmts.iter().map(as_tma).collect();
    for (i, s) in stmts.iter().enumerate() {
        if tma[i].is_none() && has_tma(s) {
            return Err(cx.err(
                format!("{} holds a tma_load copy inside it; a TMA copy must be a statement of the pipelined loop's body", descs[i]),
                "compute_at the tma_load block at the pipelined loop".into(),
            ));
        }
        if tma[i].is_some() && !async_stages.contains(&stages[i]) {
            return Err(cx.err(
                format!(
                    "{} is a TMA copy (tma_load) in stage {}, which is not asynchronous",
                    descs[i], stages[i]
                ),
                format!(
                    "list stage {} in software_pipeline_async_stages: a TMA copy lands asynchronously, on its mbarrier",
                    stages[i]
                ),
            ));
        }
    }
    for (i, t) in tma.iter().enumerate() {
        let mixed = (0..stmts.len()).any(|j| tma[j].is_none() && stages[j] == stages[i]);
        if t.is_some() && mixed && async_stages.contains(&stages[i]) {
            return Err(cx.err(
                format!(
                    "stage {} holds TMA copies and other statements; an async stage is all TMA copies or all cp.async copies",
                    stages[i]
                ),
                "give the TMA copies a stage of their own".into(),
            ));
        }
        if t.is_some() && interleave {
            return Err(cx.err(
                "interleave_async_copies spreads cp.async copies; a TMA copy is one instruction"
                    .into(),
                "remove interleave_async_copies".into(),
            ));
        }
    }
    Ok(tma)
}

/// Gives each copy's barrier the versions of its tile, and returns for
/// each statement the barriers (with their version counts) it waits on.
pub(super) fn version_barriers(
    f: &mut Lowered,
    tma: &[Option<TmaCopy>],
    infos: &[Info],
    versions: &mut Vec<(BufferId, i64)>,
) -> Vec<Vec<(BufferId, i64)>> {
    let mut waits = vec![Vec::new(); infos.len()];
    for (i, t) in tma.iter().enumerate() {
        let Some(t) = t else { continue };
        let v = versions
            .iter()
            .find(|(b, _)| *b == t.tile)
            .map_or(1, |&(_, v)| v);
        if v > 1 && !versions.iter().any(|(b, _)| *b == t.bar) {
            versions.push((t.bar, v));
            f.pipeline_versions.push(PipelineVersions {
                buffer: t.bar,
                versions: v,
                stride: 0,
            });
            let buf = &mut f.buffers[t.bar.0 as usize];
            buf.shape.insert(0, Expr::int(v));
        }
        for (j, info) in infos.iter().enumerate() {
            if j != i && info.reads.contains(&t.tile) {
                waits[j].push((t.bar, v));
            }
        }
    }
    waits
}

/// The barrier of version `rel % v` (the iteration relative to the loop's
/// start), waited on at the parity of its `rel / v`-th phase.
pub(super) fn wait(bar: BufferId, v: i64, rel: &Expr) -> LStmt {
    let (ver, parity) = match rel.as_int() {
        Some(r) => (
            Expr::int(r.rem_euclid(v)),
            Expr::int(r.div_euclid(v).rem_euclid(2)),
        ),
        None => (
            Expr::floormod(rel.clone(), Expr::int(v)),
            Expr::floormod(Expr::floordiv(rel.clone(), Expr::int(v)), Expr::int(2)),
        ),
    };
    LStmt::Evaluate(Expr::Call(
        Intrinsic::MbarrierWait,
        vec![Expr::Load(bar, barrier_index(v, ver)), parity],
    ))
}

fn barrier_index(v: i64, ver: Expr) -> Vec<Expr> {
    if v > 1 {
        vec![ver, Expr::int(0)]
    } else {
        vec![Expr::int(0)]
    }
}

/// `mbarrier.init` of every version of every copy's barrier.
pub(super) fn init_barriers(tma: &[Option<TmaCopy>], versions: &[(BufferId, i64)]) -> Vec<LStmt> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for t in tma.iter().flatten() {
        if seen.contains(&t.bar) {
            continue;
        }
        seen.push(t.bar);
        let v = versions
            .iter()
            .find(|(b, _)| *b == t.bar)
            .map_or(1, |&(_, v)| v);
        for k in 0..v {
            out.push(LStmt::Evaluate(Expr::Call(
                Intrinsic::MbarrierInit,
                vec![Expr::Load(t.bar, barrier_index(v, Expr::int(k)))],
            )));
        }
    }
    out
}

/// A TMA copy outside every software pipeline has no barrier protocol:
/// refused, naming its tile.
pub(super) fn refuse_unpipelined(f: &Lowered) -> Result<(), LowerError> {
    let mut inited = Vec::new();
    let mut copies = Vec::new();
    f.body.visit(&mut |s| match s {
        LStmt::Evaluate(Expr::Call(Intrinsic::MbarrierInit, args)) => {
            if let Some(Expr::Load(b, _)) = args.first() {
                inited.push(*b);
            }
        }
        s => {
            if let Some(t) = as_tma(s) {
                copies.push(t);
            }
        }
    });
    match copies.iter().find(|t| !inited.contains(&t.bar)) {
        Some(t) => Err(LowerError::Unsupported {
            what: format!(
                "the TMA copy (tma_load) of {} is not an async stage of a software pipeline: tirtui orders TMA copies by the pipeline's mbarriers only; annotate the loop it is computed at with software_pipeline_stage and list the copy's stage in software_pipeline_async_stages",
                f.buffer(t.tile).name
            ),
        }),
        None => Ok(()),
    }
}
