//! The design space of a trace: its `sample_perfect_tile` and
//! `sample_categorical` steps. A candidate is a full set of decisions; replaying
//! the trace with them gives the candidate's program (MetaSchedule's idea).
//!
//! A generated space (`Space::for_sketch`: a sketch of `design_space`) also
//! gets MetaSchedule's CUDA postprocessors on every candidate, as TVM builds
//! its candidates: the steps after `enter_postproc` are derived again for each
//! set of decisions (they depend on the tiles), and a candidate the
//! postprocessors refuse (VerifyGPUCode) is `Invalid`, never measured. The
//! decisions, and so mutation and deduplication, are those of the sampled
//! steps alone; a trace that already holds postprocessor steps (a tuned
//! best session) keeps its sampled part and re-derives the rest.

use super::phases::{timed, Phase};
use super::Invalid;
use crate::codegen::CudaOutput;
use crate::ir::PrimFunc;
use crate::postproc::{GpuLimits, PostprocError};
use crate::schedule::primitive::sampling::{self, divisors, factorize, Rng};
use crate::trace::{Arg, Handle, Replayer, Step, StepError, Trace};

/// The instruction where MetaSchedule's postprocessor steps begin.
pub const ENTER_POSTPROC: &str = "enter_postproc";

/// One sampled step of the trace.
#[derive(Clone, Debug, PartialEq)]
pub struct Site {
    /// 0-based index in the trace.
    pub step: usize,
    pub kind: SiteKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SiteKind {
    Tile {
        n: i64,
        max_innermost: i64,
    },
    Categorical {
        candidates: Vec<i64>,
        probs: Vec<f64>,
    },
}

/// The decision of one site: tile factors, or the index of a category.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    Tile(Vec<i64>),
    Categorical(i64),
}

/// A candidate that replayed: its decisions, steps and scheduled program.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub decisions: Vec<Decision>,
    pub steps: Vec<Step>,
    pub func: PrimFunc,
    /// `func` lowered to CUDA by VerifyGPUCode (postprocessed spaces):
    /// `check::build` takes it instead of lowering the program again.
    pub lowered: Option<Box<CudaOutput>>,
}

#[derive(Clone, Debug)]
pub struct Space {
    pub workload: PrimFunc,
    /// The sampled trace, without postprocessor steps.
    pub steps: Vec<Step>,
    pub sites: Vec<Site>,
    /// Whether each candidate gets MetaSchedule's CUDA postprocessors, and
    /// the limits VerifyGPUCode checks.
    pub postproc: Option<GpuLimits>,
}

/// The space's size at the trace's recorded decisions (tile extents can depend on
/// earlier decisions in general; not in the shipped sessions).
#[derive(Clone, Debug, PartialEq)]
pub struct SpaceSize {
    /// Choices of each site, in trace order.
    pub per_site: Vec<u128>,
    pub total: u128,
}

/// Whether a replay runs the space's postprocessors.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Post {
    Apply,
    Skip,
}

/// A stable text key of a decision vector (for "seen" sets and messages).
pub fn decisions_key(d: &[Decision]) -> String {
    d.iter()
        .map(|x| match x {
            Decision::Tile(f) => f.iter().map(i64::to_string).collect::<Vec<_>>().join("x"),
            Decision::Categorical(i) => format!("#{i}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Space {
    /// The space of a trace; an error when the trace samples nothing. A
    /// trace with an `enter_postproc` step is a postprocessed candidate: its
    /// steps from there on are dropped and derived again per candidate.
    pub fn new(workload: PrimFunc, steps: Vec<Step>) -> Result<Space, String> {
        let postprocessed = steps.iter().any(|s| s.op == ENTER_POSTPROC);
        let mut space = Space::for_sketch(workload, steps);
        if space.sites.is_empty() {
            return Err("the trace has no sample_perfect_tile or sample_categorical step, so there is nothing to tune; \
                 replace a fixed split factor with a sampled one (see sessions/gemm_002_5_tune.yaml)"
                .into());
        }
        // A hand-written trace does its own fetches and unrolling.
        if !postprocessed {
            space.postproc = None;
        }
        Ok(space)
    }

    /// A generated sketch's space: every candidate gets the CUDA
    /// postprocessors (steps from an `enter_postproc` on are dropped: they
    /// are derived again). A sketch that samples nothing is one candidate.
    pub fn for_sketch(workload: PrimFunc, mut steps: Vec<Step>) -> Space {
        if let Some(at) = steps.iter().position(|s| s.op == ENTER_POSTPROC) {
            steps.truncate(at);
        }
        let mut sites = Vec::new();
        for (i, s) in steps.iter().enumerate() {
            let kind = match s.op.as_str() {
                "sample_perfect_tile" => SiteKind::Tile {
                    n: int_arg(s, "n").unwrap_or(0),
                    max_innermost: int_arg(s, "max_innermost_factor").unwrap_or(16),
                },
                "sample_categorical" => SiteKind::Categorical {
                    candidates: list_arg(s, "candidates")
                        .iter()
                        .map(|v| *v as i64)
                        .collect(),
                    probs: list_arg(s, "probs"),
                },
                _ => continue,
            };
            sites.push(Site { step: i, kind });
        }
        let limits = GpuLimits::for_steps(&steps);
        Space {
            workload,
            steps,
            sites,
            postproc: Some(limits),
        }
    }

    /// The sampled part of a candidate's steps (those before
    /// `enter_postproc`), to match against `steps`.
    pub fn sampled_part(steps: &[Step]) -> &[Step] {
        let end = steps
            .iter()
            .position(|s| s.op == ENTER_POSTPROC)
            .unwrap_or(steps.len());
        &steps[..end]
    }

    /// The steps with `decisions` written into the sampled steps.
    pub fn with_decisions(&self, decisions: &[Decision]) -> Vec<Step> {
        let mut steps = self.steps.clone();
        for (site, d) in self.sites.iter().zip(decisions) {
            let value = match d {
                Decision::Tile(f) => Arg::List(f.iter().map(|v| Arg::Int(*v)).collect()),
                Decision::Categorical(i) => Arg::Int(*i),
            };
            steps[site.step].set_arg("decision", value);
        }
        steps
    }

    /// The decisions recorded in `steps` (a replayed trace has all of them).
    pub fn decisions_of(&self, steps: &[Step]) -> Option<Vec<Decision>> {
        self.sites
            .iter()
            .map(
                |site| match (&site.kind, steps.get(site.step)?.arg("decision")?) {
                    (SiteKind::Tile { .. }, Arg::List(v)) => v
                        .iter()
                        .map(|a| match a {
                            Arg::Int(i) => Some(*i),
                            _ => None,
                        })
                        .collect::<Option<Vec<_>>>()
                        .map(Decision::Tile),
                    (SiteKind::Categorical { .. }, Arg::Int(i)) => Some(Decision::Categorical(*i)),
                    _ => None,
                },
            )
            .collect()
    }

    /// Replays the trace with fixed decisions.
    pub fn replay(&self, decisions: &[Decision]) -> Result<Replayed, Invalid> {
        let steps = self.with_decisions(decisions);
        let mut trace = self.start();
        timed(Phase::Replay, || {
            steps
                .into_iter()
                .try_for_each(|s| trace.push(s).map_err(|e| step_invalid(&e)))
        })?;
        let lowered = self.postprocess(&mut trace)?;
        Ok(Replayed {
            decisions: decisions.to_vec(),
            func: trace.func().clone(),
            steps: trace.steps,
            lowered,
        })
    }

    /// An empty trace of the workload that keeps no undo history (each
    /// replaced program is freed at once).
    fn start(&self) -> Trace {
        match Trace::replay_final(self.workload.clone(), &[]) {
            Ok(t) | Err((t, _)) => t,
        }
    }

    /// MetaSchedule's CUDA postprocessors on a replayed candidate, when the
    /// space asks for them; a refusal makes the candidate invalid. The
    /// program as VerifyGPUCode lowered it, to be generated once only.
    fn postprocess(&self, trace: &mut Trace) -> Result<Option<Box<CudaOutput>>, Invalid> {
        let Some(limits) = &self.postproc else {
            return Ok(None);
        };
        // Refusals become `Invalid` inside: a `PostprocError` carries a program.
        timed(Phase::Postproc, || {
            crate::postproc::rewrite_cuda(trace).map_err(|e| postproc_invalid(&e))
        })?;
        timed(Phase::Verify, || {
            crate::postproc::verify_gpu_code::verify_lowered(trace.func(), limits)
                .map(|out| Some(Box::new(out)))
                .map_err(|e| postproc_invalid(&e))
        })
    }

    /// A random candidate: replays the trace step by step, drawing a fresh
    /// decision at each sampled step from the loop as it is at that point.
    pub fn draw(&self, rng: &mut Rng) -> Result<Replayed, Invalid> {
        self.replay_with(Post::Apply, |state, site, step| {
            fresh_decision(state, site, step, rng)
        })
    }

    /// A random candidate's decisions alone: `draw` without the
    /// postprocessors (the same decisions, the same draws from `rng`); the
    /// candidate may still fail them (`replay` says).
    pub fn draw_decisions(&self, rng: &mut Rng) -> Result<Vec<Decision>, Invalid> {
        self.replay_with(Post::Skip, |state, site, step| {
            fresh_decision(state, site, step, rng)
        })
        .map(|r| r.decisions)
    }

    /// The trace with each recorded tile decision fitted to its loop's extent
    /// (inner factors kept while they divide, the outermost takes the rest):
    /// a tuned trace replayed on another problem size.
    pub fn fit(&self) -> Result<Replayed, Invalid> {
        self.replay_with(Post::Apply, |state, site, step| {
            match (&site.kind, step.arg("decision")) {
                (SiteKind::Tile { .. }, Some(Arg::List(d))) => {
                    let extent = loop_extent(state, step).map_err(|why| Invalid {
                        reason: format!("step {} `sample_perfect_tile`", site.step + 1),
                        detail: why,
                    })?;
                    let f: Vec<i64> = d
                        .iter()
                        .map(|a| match a {
                            Arg::Int(i) => *i,
                            _ => 1,
                        })
                        .collect();
                    Ok(Some(Arg::List(
                        fit_tile(&f, extent).into_iter().map(Arg::Int).collect(),
                    )))
                }
                _ => Ok(None),
            }
        })
    }

    /// Choices per site at the recorded decisions, and their product.
    pub fn size(&self) -> Result<SpaceSize, Invalid> {
        let mut per_site = Vec::new();
        // The sampled steps alone: postprocessing does not change the choices.
        self.replay_with(Post::Skip, |state, site, step| {
            per_site.push(match &site.kind {
                SiteKind::Tile { n, max_innermost } => {
                    let extent = loop_extent(state, step).map_err(|why| Invalid {
                        reason: format!("step {} `sample_perfect_tile`", site.step + 1),
                        detail: why,
                    })?;
                    count_tilings(extent, *n, *max_innermost)
                }
                SiteKind::Categorical { probs, .. } => {
                    probs.iter().filter(|p| **p > 0.0).count() as u128
                }
            });
            Ok(None)
        })?;
        let total = per_site
            .iter()
            .try_fold(1u128, |a, b| a.checked_mul(*b))
            .unwrap_or(u128::MAX);
        Ok(SpaceSize { per_site, total })
    }

    /// Replays the trace; at each site `decide` may replace the decision.
    fn replay_with(
        &self,
        post: Post,
        mut decide: impl FnMut(&Replayer, &Site, &Step) -> Result<Option<Arg>, Invalid>,
    ) -> Result<Replayed, Invalid> {
        let mut trace = self.start();
        let mut sites = self.sites.iter().peekable();
        for (i, s) in self.steps.iter().enumerate() {
            let mut step = s.clone();
            if let Some(site) = sites.next_if(|site| site.step == i) {
                if let Some(d) = decide(&trace.state, site, &step)? {
                    step.set_arg("decision", d);
                }
            }
            trace.push(step).map_err(|e| step_invalid(&e))?;
        }
        let decisions = self.decisions_of(&trace.steps).ok_or_else(|| Invalid {
            reason: "decisions".into(),
            detail: "a sampled step was replayed without a decision".into(),
        })?;
        let lowered = match post {
            Post::Apply => self.postprocess(&mut trace)?,
            Post::Skip => None,
        };
        Ok(Replayed {
            decisions,
            func: trace.func().clone(),
            steps: trace.steps,
            lowered,
        })
    }

    /// A neighbour of `parent`: one site changed (MetaSchedule's mutators: move a
    /// factor between two tile levels, or pick another category). `None` when no
    /// site can change.
    pub fn mutate(&self, parent: &[Decision], rng: &mut Rng) -> Option<Vec<Decision>> {
        let start = rng.below(self.sites.len() as u64) as usize;
        for offset in 0..self.sites.len() {
            let at = (start + offset) % self.sites.len();
            if let Some(d) = mutate_site(&self.sites[at].kind, &parent[at], rng) {
                let mut child = parent.to_vec();
                child[at] = d;
                return Some(child);
            }
        }
        None
    }
}

fn fresh_decision(
    state: &Replayer,
    site: &Site,
    step: &Step,
    rng: &mut Rng,
) -> Result<Option<Arg>, Invalid> {
    let fail = |detail: String| Invalid {
        reason: format!("step {} `{}`", site.step + 1, step.op),
        detail,
    };
    Ok(Some(match &site.kind {
        SiteKind::Tile { n, max_innermost } => {
            let Some(Arg::Str(name)) = step.arg("loop") else {
                return Err(fail("`loop` must name a loop".into()));
            };
            let Some(Handle::Loop(l)) = state.lookup(name) else {
                return Err(fail(format!("`{name}` is not a loop")));
            };
            let f = sampling::sample_perfect_tile(state.func(), *l, *n, *max_innermost, None, rng)
                .map_err(|e| fail(e.to_string()))?;
            Arg::List(f.into_iter().map(Arg::Int).collect())
        }
        SiteKind::Categorical { candidates, probs } => {
            let (d, _) = sampling::sample_categorical(candidates, probs, None, rng)
                .map_err(|e| fail(e.to_string()))?;
            Arg::Int(d)
        }
    }))
}

pub(super) fn mutate_site(kind: &SiteKind, current: &Decision, rng: &mut Rng) -> Option<Decision> {
    match (kind, current) {
        (SiteKind::Tile { max_innermost, .. }, Decision::Tile(f)) => {
            let n = f.len();
            if n < 2 {
                return None;
            }
            for _ in 0..16 {
                let from = rng.below(n as u64) as usize;
                let to = rng.below(n as u64) as usize;
                if from == to || f[from] == 1 {
                    continue;
                }
                // From the factorization: a factor near 2^62 has few divisors
                // but too many candidates to try one by one.
                let divs: Vec<i64> = divisors(f[from]).into_iter().skip(1).collect();
                let d = divs[rng.below(divs.len() as u64) as usize];
                let mut g = f.clone();
                g[from] /= d;
                g[to] *= d;
                if *max_innermost > 0 && g[n - 1] > *max_innermost {
                    continue;
                }
                return Some(Decision::Tile(g));
            }
            None
        }
        (SiteKind::Categorical { probs, .. }, Decision::Categorical(i)) => {
            let others: Vec<i64> = (0..probs.len() as i64)
                .filter(|j| j != i && probs[*j as usize] > 0.0)
                .collect();
            if others.is_empty() {
                return None;
            }
            Some(Decision::Categorical(
                others[rng.below(others.len() as u64) as usize],
            ))
        }
        _ => None,
    }
}

/// Factors for `extent` that keep the inner factors of `f` while they divide.
pub fn fit_tile(f: &[i64], extent: i64) -> Vec<i64> {
    let mut out = vec![1; f.len().max(1)];
    let mut rest = extent;
    for (slot, &factor) in out.iter_mut().zip(f).skip(1).rev() {
        if factor > 0 && rest % factor == 0 {
            *slot = factor;
            rest /= factor;
        }
    }
    out[0] = rest;
    out
}

fn loop_extent(state: &Replayer, step: &Step) -> Result<i64, String> {
    let Some(Arg::Str(name)) = step.arg("loop") else {
        return Err("`loop` must name a loop".into());
    };
    let Some(Handle::Loop(l)) = state.lookup(name) else {
        return Err(format!("`{name}` is not a loop"));
    };
    crate::schedule::analysis::const_extent(state.func(), *l).map_err(|e| e.to_string())
}

/// Ordered ways to write `extent` as `n` factors, the last at most `max_innermost`
/// (when positive); `u128::MAX` when there are more.
///
/// Counted from the prime factorization, never by trying divisors: with
/// `extent = p1^e1 ... pr^er`, a tiling into `k` factors spreads each `ei`
/// over the `k` slots, in C(ei + k - 1, k - 1) ways, independently. With a
/// bound on the innermost factor, the divisors within it are enumerated (at
/// most about 10^5 below 2^63) and the rest is spread over `n - 1` slots.
pub fn count_tilings(extent: i64, n: i64, max_innermost: i64) -> u128 {
    if n < 1 || extent < 1 {
        return 0;
    }
    if n == 1 {
        return u128::from(max_innermost <= 0 || extent <= max_innermost);
    }
    let exponents = prime_exponents(extent);
    if max_innermost <= 0 || max_innermost >= extent {
        return spreads(exponents.iter().map(|&(_, e)| e), n);
    }
    let mut total = 0u128;
    let mut inner = vec![0u32; exponents.len()];
    inner_divisors(&exponents, 0, 1, max_innermost, &mut inner, &mut |inner| {
        let rest = exponents.iter().zip(inner).map(|(&(_, e), &f)| e - f);
        total = total.saturating_add(spreads(rest, n - 1));
    });
    total
}

/// `(prime, exponent)` of `n >= 1`, primes ascending.
fn prime_exponents(n: i64) -> Vec<(i64, u32)> {
    let mut primes = factorize(n as u64);
    primes.sort_unstable();
    let mut out: Vec<(i64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p as i64 => *e += 1,
            _ => out.push((p as i64, 1)),
        }
    }
    out
}

/// Calls `visit` with the exponents of every divisor of the number whose
/// factorization is `exponents` that is at most `max` (`d` is the product
/// of the primes before `at`, as chosen in `inner`).
fn inner_divisors(
    exponents: &[(i64, u32)],
    at: usize,
    d: i64,
    max: i64,
    inner: &mut [u32],
    visit: &mut impl FnMut(&[u32]),
) {
    let Some(&(p, e)) = exponents.get(at) else {
        visit(inner);
        return;
    };
    let mut d = d;
    for f in 0..=e {
        inner[at] = f;
        inner_divisors(exponents, at + 1, d, max, inner, visit);
        match d.checked_mul(p).filter(|x| *x <= max) {
            Some(next) => d = next,
            None => break,
        }
    }
    inner[at] = 0;
}

/// Ways to spread each exponent over `k` ordered slots: the product of
/// C(e + k - 1, e), saturating at `u128::MAX`.
fn spreads(exponents: impl Iterator<Item = u32>, k: i64) -> u128 {
    let mut total = 1u128;
    for e in exponents {
        // C(k - 1 + i, i) from C(k - 2 + i, i - 1), divided before it is
        // multiplied so that no step overflows a count that fits.
        let mut c = 1u128;
        for i in 1..=u128::from(e) {
            let top = (k as u128 - 1) + i;
            let g = gcd(c, i);
            let Some(next) = (c / g).checked_mul(top / (i / g)) else {
                return u128::MAX;
            };
            c = next;
        }
        total = match total.checked_mul(c) {
            Some(t) => t,
            None => return u128::MAX,
        };
    }
    total
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A postprocessor's refusal, grouped by the postprocessor (and the
/// primitive, when one of its steps failed).
fn postproc_invalid(e: &PostprocError) -> Invalid {
    Invalid {
        reason: match e {
            PostprocError::Step { postproc, source } => {
                format!("postprocessor {postproc} (`{}`)", source.op)
            }
            PostprocError::Refused { postproc, .. } => format!("postprocessor {postproc}"),
        },
        detail: e.to_string(),
    }
}

fn step_invalid(e: &StepError) -> Invalid {
    Invalid {
        reason: format!("step {} `{}`", e.step, e.op),
        detail: e.failure.to_string(),
    }
}

fn int_arg(s: &Step, name: &str) -> Option<i64> {
    match s.arg(name) {
        Some(Arg::Int(i)) => Some(*i),
        _ => None,
    }
}

fn list_arg(s: &Step, name: &str) -> Vec<f64> {
    match s.arg(name) {
        Some(Arg::List(v)) => v
            .iter()
            .filter_map(|a| match a {
                Arg::Int(i) => Some(*i as f64),
                Arg::Float(f) => Some(*f),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}
