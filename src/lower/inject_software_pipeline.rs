//! InjectSoftwarePipeline: a loop annotated with `software_pipeline_stage`
//! (and optionally `software_pipeline_order`, `software_pipeline_async_stages`)
//! runs statement `i` of its body `stage[i]` iterations late, in the order
//! `order`, so that the copies for a later iteration overlap the compute of
//! the current one. The loop becomes a prologue (the first `max_stage`
//! pipeline iterations, unrolled, each statement guarded by its bounds), a
//! steady-state loop and an epilogue. A buffer allocated in the loop body,
//! written in one stage and read in a later one, gets one version per stage
//! in between: a new leading dimension indexed by the iteration modulo the
//! number of versions; two versions are one when no later-stage reader comes
//! after the writer in the order on the same version of an inner pipeline's
//! buffer (the interleaved order CUTLASS and MetaSchedule use keeps its
//! fragments in registers that way). Statements of an async stage are wrapped in `Async`
//! (cp.async where codegen can), a commit follows each async stage's last
//! statement in every pipeline iteration (an empty group where the producer
//! is out of bounds, so the counts stay uniform), and each consumer waits
//! until only the groups it does not need are in flight, unless an earlier
//! reader of the same copies (an earlier stage, or earlier in the order)
//! already waited for them. Barriers are left to
//! `thread_sync`, which sees the versions as one buffer (conservative) and
//! counts async stores as landing at the wait.
//!
//! TVM: src/tir/transforms/inject_software_pipeline.cc. There it runs on
//! block-level TIR after buffer allocation planning and compaction and before
//! LowerOpaqueBlock; here blocks are already gone (our `lower_opaque_block`
//! runs first), so it runs right after `compact_buffer_region` (allocations
//! sit at the loop, shapes are the compact tiles) and before `thread_binding`
//! and `flatten_buffer` (accesses still have one index per dimension, so a
//! version is one more index). The body's statements are the loop body's
//! children after the allocations at the loop; an inner pipeline counts as
//! its three parts (prologue, steady state, epilogue), as in TVM.
//!
//! Invariant: works on `lir` before `thread_binding`; rewrites only annotated
//! loops and the buffers allocated in them.

use super::lir::{LAlloc, LFor, LStmt, Lowered, PipelineVersions};
use super::LowerError;
use crate::ir::{BufferId, Expr};

pub const STAGE: &str = "software_pipeline_stage";
pub const ORDER: &str = "software_pipeline_order";
pub const ASYNC_STAGES: &str = "software_pipeline_async_stages";
/// tirtui's own: `"ca"` sends the loop's 16-byte `cp.async` copies through L1,
/// `"cg"` (the default, as TVM) to L2 only. TVM ignores it.
pub const ASYNC_CACHE: &str = "cp_async_cache";
/// tirtui's own: `1` prints the loop's `(k + c) % N` as wrapping counters
/// (`codegen::stage_counter`). TVM ignores it.
pub const STAGE_COUNTERS: &str = "stage_counters";
/// tirtui's own: `1` spreads the steady state's async copies over the
/// iterations of the loop that follows their commit (`interleave`). TVM
/// ignores it.
pub const INTERLEAVE: &str = "interleave_async_copies";

mod annotations;
mod interleave;
mod iteration;
mod tma_stages;

use annotations::{check_stage_sizes, read_annotations, validate, Annotated};
use iteration::{iteration_events, wait_counts, Iteration};

pub fn run(mut f: Lowered) -> Result<Lowered, LowerError> {
    let body = std::mem::replace(&mut f.body, LStmt::Seq(Vec::new()));
    f.body = visit(&mut f, body)?.into_stmt();
    tma_stages::refuse_unpipelined(&f)?;
    Ok(f)
}

/// A statement after the pass: an expanded pipeline keeps its parts apart so
/// that an enclosing pipeline counts them as three statements.
enum Piece {
    Plain(LStmt),
    Expanded {
        allocs: Vec<BufferId>,
        parts: [LStmt; 3],
        loop_name: String,
        /// Buffers whose leading index is a version of this pipeline (or of
        /// one nested in it).
        versioned: Vec<BufferId>,
    },
}

impl Piece {
    fn into_stmt(self) -> LStmt {
        match self {
            Piece::Plain(s) => s,
            Piece::Expanded { allocs, parts, .. } => wrap_allocs(&allocs, LStmt::seq(parts.into())),
        }
    }
}

fn wrap_allocs(allocs: &[BufferId], mut body: LStmt) -> LStmt {
    for &buffer in allocs.iter().rev() {
        body = LStmt::Alloc(Box::new(LAlloc { buffer, body }));
    }
    body
}

fn visit(f: &mut Lowered, s: LStmt) -> Result<Piece, LowerError> {
    match s {
        LStmt::For(l) if l.annotations.iter().any(|(k, _)| k == STAGE) => expand(f, *l),
        mut other => {
            let mut res = Ok(());
            other.for_each_child_mut(|c| {
                if res.is_ok() {
                    res = visit_in_place(f, c);
                }
            });
            res.map(|()| Piece::Plain(other))
        }
    }
}

/// `visit` of a child statement, put back in its place. Neither this nor
/// `expand` is inlined into `visit`, which recurses once per nesting level:
/// inlined, each level took 3.6 KB of stack, and a 12-deep nest a page fault
/// per level (issue 13).
#[inline(never)]
fn visit_in_place(f: &mut Lowered, c: &mut LStmt) -> Result<(), LowerError> {
    let child = std::mem::replace(c, LStmt::Seq(Vec::new()));
    *c = visit(f, child)?.into_stmt();
    Ok(())
}

/// What one statement of the pipeline body reads and writes.
struct Info {
    reads: Vec<BufferId>,
    writes: Vec<BufferId>,
}

fn accesses(s: &LStmt) -> Info {
    let mut info = Info {
        reads: Vec::new(),
        writes: Vec::new(),
    };
    s.visit(&mut |x| {
        if let LStmt::Store(st) = x {
            if !info.writes.contains(&st.buffer) {
                info.writes.push(st.buffer);
            }
        }
        x.for_each_expr(|e| {
            // A tensor call writes through one operand (an ldmatrix's
            // registers, a store's tile), which it reads only when it
            // accumulates into it (mma).
            let mut write_only: Vec<*const Expr> = Vec::new();
            e.visit(&mut |y| {
                let Expr::Call(f, args) = y else { return };
                let Some(w) = f.written_operand().and_then(|i| args.get(i)) else {
                    return;
                };
                if let Expr::Load(b, _) = w {
                    if !info.writes.contains(b) {
                        info.writes.push(*b);
                    }
                    if !f.accumulates() {
                        write_only.push(w as *const Expr);
                    }
                }
            });
            e.visit(&mut |y| {
                if let Expr::Load(b, _) = y {
                    if !write_only.contains(&(y as *const Expr)) && !info.reads.contains(b) {
                        info.reads.push(*b);
                    }
                }
            });
        });
    });
    info
}

/// How a statement of the body reads in an error: `loop `x` (blocks A, B)`.
pub fn describe(f: &Lowered, s: &LStmt) -> String {
    let mut blocks: Vec<String> = Vec::new();
    s.visit(&mut |x| {
        if let LStmt::Block(b) = x {
            if !blocks.contains(&b.name) {
                blocks.push(b.name.clone());
            }
        }
    });
    let what = match s {
        LStmt::For(l) => format!("loop `{}`", f.var_name(l.var)),
        LStmt::Block(b) => return format!("block \"{}\"", b.name),
        LStmt::If(_) => "an `if`".to_string(),
        LStmt::Store(st) => format!("a store into {}", f.buffer(st.buffer).name),
        _ => "a statement".to_string(),
    };
    match blocks.len() {
        0 => what,
        1 => format!("{what} (block \"{}\")", blocks[0]),
        _ => format!(
            "{what} (blocks {})",
            blocks
                .iter()
                .map(|b| format!("\"{b}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A pipelined loop's body as the pass sees it.
struct Body {
    /// Buffers allocated at the loop (and in inner pipelines), in order.
    allocs: Vec<BufferId>,
    /// Buffers an inner pipeline gave versions (a leading index).
    versioned: Vec<BufferId>,
    stmts: Vec<LStmt>,
    /// How each statement reads in messages.
    descs: Vec<String>,
}

/// The statements of a pipelined loop's body as the pass counts them, with
/// the buffers allocated at the loop; inner pipelines are expanded first.
fn body_statements(f: &mut Lowered, body: LStmt) -> Result<Body, LowerError> {
    let mut allocs = Vec::new();
    let mut versioned = Vec::new();
    let mut cur = body;
    while let LStmt::Alloc(a) = cur {
        allocs.push(a.buffer);
        cur = a.body;
    }
    let kids = match cur {
        LStmt::Seq(v) => v,
        s => vec![s],
    };
    let mut stmts = Vec::new();
    let mut descs = Vec::new();
    for k in kids {
        match visit(f, k)? {
            Piece::Plain(s) => {
                descs.push(describe(f, &s));
                stmts.push(s);
            }
            Piece::Expanded {
                allocs: inner,
                parts,
                loop_name,
                versioned: inner_versioned,
            } => {
                allocs.extend(inner);
                versioned.extend(inner_versioned);
                for (part, s) in ["prologue", "steady state", "epilogue"].iter().zip(parts) {
                    descs.push(format!("the {part} of the pipeline of loop `{loop_name}`"));
                    stmts.push(s);
                }
            }
        }
    }
    Ok(Body {
        allocs,
        versioned,
        stmts,
        descs,
    })
}

/// One statement of a pipelined loop's body, for the `double_buffer`
/// primitive: how it reads in messages, and whether it copies global memory
/// into shared memory (a `cache_read` copy).
#[derive(Clone, Debug, PartialEq)]
pub struct BodyStatement {
    pub description: String,
    pub copies_to_shared: bool,
}

/// The statements of the body of loop `l` as the pass will count them (inner
/// annotated loops count as their three parts).
pub fn statements_of(f: &Lowered, l: &LFor) -> Result<Vec<BodyStatement>, LowerError> {
    let mut g = f.clone();
    let body = body_statements(&mut g, l.body.clone())?;
    Ok(body
        .descs
        .into_iter()
        .zip(&body.stmts)
        .map(|(description, s)| {
            let a = accesses(s);
            let shared_writes = a.writes.iter().any(|&b| g.buffer(b).scope.is_shared());
            let global_reads = a
                .reads
                .iter()
                .any(|&b| g.buffer(b).scope == crate::ir::StorageScope::Global);
            BodyStatement {
                description,
                copies_to_shared: shared_writes && global_reads,
            }
        })
        .collect())
}

struct Ctx<'a> {
    loop_name: &'a str,
    listing: String,
}

impl<'a> Ctx<'a> {
    /// Errors name the loop and list its body's statements.
    fn new(loop_name: &'a str, descs: &[String]) -> Ctx<'a> {
        let listing = descs
            .iter()
            .enumerate()
            .map(|(i, d)| format!("  {i}: {d}"))
            .collect::<Vec<_>>()
            .join("\n");
        Ctx { loop_name, listing }
    }

    fn err(&self, what: String, hint: String) -> LowerError {
        LowerError::SoftwarePipeline {
            loop_: self.loop_name.to_string(),
            what,
            hint,
        }
    }
}

#[inline(never)]
fn expand(f: &mut Lowered, l: LFor) -> Result<Piece, LowerError> {
    let loop_name = f.var_name(l.var).to_string();
    let LFor {
        var,
        min,
        extent,
        kind,
        annotations,
        body,
    } = l;
    let Body {
        allocs,
        versioned: inner_versioned,
        stmts,
        descs,
    } = body_statements(f, body)?;
    let n = stmts.len();
    let cx = Ctx::new(&loop_name, &descs);
    let Annotated {
        stages,
        orders,
        async_stages,
        through_l1,
        interleave,
    } = read_annotations(&cx, &annotations, n)?;
    f.cp_async_through_l1 |= through_l1 && !async_stages.is_empty();
    validate(&cx, &stages, &orders)?;
    let (Some(lo), Some(ext)) = (min.as_int(), extent.as_int()) else {
        return Err(cx.err(
            "the loop's bounds are not constants".into(),
            "pipeline a loop with a constant extent (split it first)".into(),
        ));
    };
    let body_nodes = stmts.iter().map(crate::lower::limits::nodes).sum();
    let max_stage = check_stage_sizes(&cx, &stages, lo, ext, body_nodes)?;
    let infos: Vec<Info> = stmts.iter().map(accesses).collect();
    check_dependences(f, &cx, &allocs, &stages, &infos, &descs)?;
    let mut versions = add_versions(f, &allocs, &infos, &stages, &orders, &|b, w, r| {
        !inner_versioned.contains(&b) || may_share_version(b, &stmts[w], &stmts[r])
    });
    let tma = tma_stages::find(&cx, &stmts, &stages, &async_stages, &descs, interleave)?;
    let tma_waits = tma_stages::version_barriers(f, &tma, &infos, &mut versions);

    // One pipeline iteration: the statements in order, with commits and waits.
    let mut ordered: Vec<usize> = (0..n).collect();
    ordered.sort_by_key(|&i| orders[i]);
    let is_tma = |i: usize| tma[i].is_some();
    let is_async = |i: usize| async_stages.contains(&stages[i]) && !is_tma(i);
    if async_stages.iter().any(|s| !stages.contains(s)) {
        return Err(cx.err(
            format!("`{ASYNC_STAGES}` names a stage no statement has (stages: {stages:?})"),
            String::new(),
        ));
    }
    if !async_stages.is_empty() && stmts.iter().any(has_async) && (0..n).any(is_async) {
        return Err(cx.err(
            "async stages in both this pipeline and an inner one share one cp.async queue; this is not supported".into(),
            "make only the inner pipeline's copies async".into(),
        ));
    }
    let tma_flags: Vec<bool> = (0..n).map(is_tma).collect();
    let events = iteration_events(&ordered, &stages, &async_stages, &tma_flags);
    let waits = wait_counts(
        &cx,
        &events,
        &stages,
        &async_stages,
        &infos,
        &descs,
        is_async,
    )?;

    let iteration = Iteration {
        events: &events,
        stmts: &stmts,
        stages: &stages,
        async_stages: &async_stages,
        waits: &waits,
        versions: &versions,
        tma: &tma_flags,
        tma_waits: &tma_waits,
        var,
        lo,
        ext,
        max_stage,
    };
    let steady_ext = ext - max_stage;
    let head_end = lo + max_stage;
    let tail_start = (lo + ext).max(head_end);
    let mut prologue: Vec<LStmt> = tma_stages::init_barriers(&tma, &versions);
    prologue.extend((lo..head_end).flat_map(|p| iteration.emit(Some(p))));
    let epilogue: Vec<LStmt> = (tail_start..lo + ext + max_stage)
        .flat_map(|p| iteration.emit(Some(p)))
        .collect();
    let steady_body = match interleave {
        true => iteration.interleaved(f, &cx, &infos, &descs)?,
        false => iteration.emit(None),
    };
    let steady = if steady_ext > 0 {
        LStmt::For(Box::new(LFor {
            var,
            min: Expr::int(lo),
            extent: Expr::int(steady_ext),
            kind,
            annotations: annotations
                .into_iter()
                .filter(|(k, _)| {
                    ![STAGE, ORDER, ASYNC_STAGES, ASYNC_CACHE, INTERLEAVE].contains(&k.as_str())
                })
                .collect(),
            body: LStmt::seq(steady_body),
        }))
    } else {
        LStmt::Seq(Vec::new())
    };
    let mut versioned = inner_versioned;
    versioned.extend(versions.iter().map(|&(b, _)| b));
    Ok(Piece::Expanded {
        allocs,
        parts: [LStmt::Seq(prologue), steady, LStmt::Seq(epilogue)],
        loop_name,
        versioned,
    })
}

/// Versions of the buffers allocated in the loop: one per stage from the
/// first writer's to the last reader's, as a new leading dimension of the
/// buffer (its strides and alignments shifted to match). Returns the buffers
/// given more than one version, with their counts. `may_overlap(b, w, r)`
/// says whether what statement `w` writes of `b` may be what `r` reads.
fn add_versions(
    f: &mut Lowered,
    allocs: &[BufferId],
    infos: &[Info],
    stages: &[i64],
    orders: &[i64],
    may_overlap: &dyn Fn(BufferId, usize, usize) -> bool,
) -> Vec<(BufferId, i64)> {
    let n = stages.len();
    let mut versions: Vec<(BufferId, i64)> = Vec::new();
    for &b in allocs {
        let writers: Vec<usize> = (0..n).filter(|&i| infos[i].writes.contains(&b)).collect();
        let readers: Vec<usize> = (0..n).filter(|&i| infos[i].reads.contains(&b)).collect();
        let (Some(def), Some(usage)) = (
            writers.iter().map(|&i| stages[i]).min(),
            readers.iter().map(|&i| stages[i]).max(),
        ) else {
            continue;
        };
        let mut v = usage - def + 1;
        if v == 2 {
            // Only when a reader of a later stage also comes later in the
            // order would one version be overwritten before it is read.
            let needed = writers.iter().any(|&w| {
                readers.iter().any(|&r| {
                    orders[w] < orders[r] && stages[w] < stages[r] && may_overlap(b, w, r)
                })
            });
            if !needed {
                v = 1;
            }
        }
        if v > 1 {
            versions.push((b, v));
            // `flatten_buffer` knows the version's stride (padding included).
            f.pipeline_versions.push(PipelineVersions {
                buffer: b,
                versions: v,
                stride: 0,
            });
            let buf = &mut f.buffers[b.0 as usize];
            // Only strides `flatten_buffer` uses (one per axis) get the version's.
            if buf.axis_strides().is_some() {
                let outer = Expr::mul(buf.strides[0].clone(), buf.shape[0].clone());
                buf.strides.insert(0, outer);
            }
            buf.shape.insert(0, Expr::int(v));
            buf.axis_align.iter_mut().for_each(|a| a.0 += 1);
        }
    }
    versions
}

/// Whether `w` may write a version of `b` (a buffer an inner pipeline gave
/// versions) that `r` reads: unless every access of both names its version
/// by a constant and the two sets of constants are disjoint. An access never
/// spans versions: the version index is a leading index the inner pipeline
/// added, and everything accessed is a region of one version.
fn may_share_version(b: BufferId, w: &LStmt, r: &LStmt) -> bool {
    let versions = |s: &LStmt, writes: bool| -> Option<Vec<i64>> {
        let mut out = Some(Vec::new());
        let mut add = |idx: &[Expr]| match (idx.first().and_then(Expr::as_int), out.as_mut()) {
            (Some(v), Some(list)) => list.push(v),
            _ => out = None,
        };
        s.visit(&mut |x| {
            if let LStmt::Store(st) = x {
                if writes && st.buffer == b {
                    add(&st.indices);
                }
            }
            x.for_each_expr(|e| {
                e.visit(&mut |y| {
                    // Tensor-call operands are loads too: counting every load
                    // as a read and a write only widens the sets.
                    if let Expr::Load(x, idx) = y {
                        if *x == b {
                            add(idx);
                        }
                    }
                })
            });
        });
        out
    };
    match (versions(w, true), versions(r, false)) {
        (Some(a), Some(b)) => a.iter().any(|v| b.contains(v)),
        _ => true,
    }
}

fn has_async(s: &LStmt) -> bool {
    let mut found = false;
    s.visit(&mut |x| found |= matches!(x, LStmt::Async(_) | LStmt::AsyncCommit));
    found
}

/// Refuses stage lists that would change what the loop computes.
fn check_dependences(
    f: &Lowered,
    cx: &Ctx,
    allocs: &[BufferId],
    stages: &[i64],
    infos: &[Info],
    descs: &[String],
) -> Result<(), LowerError> {
    let n = stages.len();
    for i in 0..n {
        for j in 0..n {
            let shared: Vec<BufferId> = infos[i]
                .writes
                .iter()
                .copied()
                .filter(|b| infos[j].reads.contains(b) || infos[j].writes.contains(b))
                .collect();
            for b in shared {
                if i == j || stages[i] == stages[j] {
                    continue;
                }
                let name = &f.buffer(b).name;
                if !allocs.contains(&b) {
                    return Err(cx.err(
                        format!(
                            "{} (stage {}) writes {name} and {} (stage {}) uses it; {name} is not allocated in the loop, so it cannot get a version per stage",
                            descs[i], stages[i], descs[j], stages[j]
                        ),
                        format!("put both statements in one stage, or cache {name} inside the loop"),
                    ));
                }
                if i < j && stages[j] < stages[i] {
                    return Err(cx.err(
                        format!(
                            "{} (stage {}) reads {name}, which {} writes in a later stage ({})",
                            descs[j], stages[j], descs[i], stages[i]
                        ),
                        "a statement's stage must be at least that of the statements it reads from"
                            .into(),
                    ));
                }
                if j < i && infos[j].reads.contains(&b) {
                    return Err(cx.err(
                        format!(
                            "{} reads {name} before {} writes it in the same iteration, so it reads the previous iteration's value, which staging would change",
                            descs[j], descs[i]
                        ),
                        "keep these statements in one stage".into(),
                    ));
                }
            }
        }
    }
    Ok(())
}
