//! Building a search's candidates on every core (issue 31: candidates per
//! second). `parallel_map` runs a function over a list on several threads
//! and keeps the list's order, adding each thread's phase times
//! (`phases`) to the search's; `draw_valid` draws a population's random
//! members exactly as one thread drawing them one by one would (the same
//! seed gives the same members, the generator ends in the same state), but
//! checks them against the postprocessors on all threads.

use super::phases::{self, SearchPhases};
use super::space::{Decision, Replayed, Space};
use crate::schedule::primitive::sampling::Rng;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// `f` over `items` on up to `threads` threads, results in `items`' order;
/// `None` for an item whose thread stopped (a panic in `f`). The build
/// threads' phase times and the wall time go to `phases`.
pub fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    phases: &mut SearchPhases,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<Option<R>> {
    let n = items.len();
    if n == 0 {
        return Vec::new();
    }
    let started = Instant::now();
    let threads = threads.clamp(1, n);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..n).map(|_| None).collect());
    let times = Mutex::new(phases::PhaseTimes::default());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                phases::take_thread();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    if let Ok(mut v) = results.lock() {
                        v[i] = Some(r);
                    }
                }
                if let Ok(mut t) = times.lock() {
                    t.add(&phases::take_thread());
                }
            });
        }
    });
    phases.built += n;
    phases.build_threads = phases.build_threads.max(threads);
    phases.build_wall_s += started.elapsed().as_secs_f64();
    if let Ok(t) = times.into_inner() {
        phases.cpu.add(&t);
    }
    results
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .collect()
}

/// What `draw_valid` draws from and how much.
pub struct DrawPlan<'a> {
    pub spaces: &'a [Space],
    /// New candidates wanted.
    pub want: usize,
    /// Draws at most (valid or not, new or not).
    pub max_tries: usize,
    pub threads: usize,
}

/// Random candidates `(sketch, decisions, replayed)`, as this loop on one
/// thread draws them:
///
/// ```text
/// while found < want && tries < max_tries:
///     tries += 1; sketch = rng.below(spaces); decisions = spaces[sketch].draw(rng)
///     keep it when it passes the postprocessors and `seen.insert(key)` is new
/// ```
///
/// The decisions are drawn on this thread in that order (each draw replays
/// the sampled steps); the postprocessors' checks, most of a draw's cost,
/// run for a chunk of draws at once on `threads` threads, and the draws
/// past the last one kept are undone (`rng` is left as the loop leaves it).
/// Each candidate comes with its replay (postprocessed and lowered), so that
/// building it does not replay it again.
pub fn draw_valid(
    plan: &DrawPlan<'_>,
    rng: &mut Rng,
    seen: &mut HashSet<String>,
    key: impl Fn(usize, &[Decision]) -> String,
    phases: &mut SearchPhases,
) -> Vec<(usize, Vec<Decision>, Replayed)> {
    let mut found = Vec::new();
    let mut tries = 0;
    while found.len() < plan.want && tries < plan.max_tries {
        // Enough draws to finish when about half pass, at least one per thread.
        let chunk = (2 * (plan.want - found.len()))
            .max(plan.threads)
            .min(plan.max_tries - tries);
        let mut speculative = rng.clone();
        let drawn: Vec<(usize, Option<Vec<Decision>>, Rng)> = (0..chunk)
            .map(|_| {
                let sketch = speculative.below(plan.spaces.len() as u64) as usize;
                let decisions = phases::timed(phases::Phase::Replay, || {
                    plan.spaces[sketch].draw_decisions(&mut speculative).ok()
                });
                (sketch, decisions, speculative.clone())
            })
            .collect();
        let replayed = parallel_map(&drawn, plan.threads, phases, |(sketch, d, _)| {
            d.as_ref().and_then(|d| plan.spaces[*sketch].replay(d).ok())
        });
        for ((sketch, decisions, after), r) in drawn.into_iter().zip(replayed) {
            tries += 1;
            *rng = after;
            if let (Some(Some(r)), Some(d)) = (r, decisions) {
                if seen.insert(key(sketch, &d)) {
                    found.push((sketch, d, r));
                }
            }
            if found.len() >= plan.want || tries >= plan.max_tries {
                break;
            }
        }
    }
    found
}
