//! The population and the picks of a round (split out of `evolution`, no
//! behaviour change): the initial population (best measured + random draws
//! from every sketch), generations of score-weighted parents and mutations,
//! the batch of the model's best never measured plus an epsilon-greedy share,
//! and the parallel build + featurise of candidates.

use super::{Cand, EvolutionOptions, EvolutionReport, Featurize, Mutator, Scored, Search};
use crate::search::{CandidateFeatures, CostModel};
use crate::tune::check::{build, Built};
use crate::tune::phases::{timed, Phase, SearchPhases};
use crate::tune::population::{draw_valid, parallel_map, DrawPlan};
use crate::tune::space::{decisions_key, mutate_site, Decision, Replayed, Space};
use crate::tune::Invalid;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

impl Search<'_> {
    /// One round's candidates to measure: the model's best of the evolved
    /// population never picked before, and `eps_greedy` of them random.
    pub(super) fn pick_batch(
        &mut self,
        model: &mut dyn CostModel,
        featurize: &Featurize<'_>,
        room: usize,
        ev: &mut EvolutionReport,
        stop: &AtomicBool,
    ) -> Vec<Scored> {
        let mut picked: Vec<Scored> = Vec::new();
        let mut keys = HashSet::new();
        let first: Vec<Cand> = std::mem::take(&mut self.first)
            .into_iter()
            .filter(|c| !self.measured.contains(&c.key()))
            .collect();
        for s in self.score(first, model, featurize, ev) {
            if picked.len() < room && keys.insert(s.cand.key()) {
                picked.push(s);
            }
        }
        let t = Instant::now();
        let (init, random) = self.initial_population(&mut ev.phases);
        ev.time_build += t.elapsed();
        let mut visited: HashMap<String, Scored> = HashMap::new();
        let mut population = init;
        let mut random_built: Vec<Scored> = Vec::new();
        for generation in 0..=self.opts.generations {
            if stop.load(Ordering::Relaxed) {
                return Vec::new();
            }
            let scored = self.score(population, model, featurize, ev);
            if generation == 0 {
                // The random draws of the initial population are the eps-greedy pool.
                let random_keys: HashSet<String> = random.iter().map(Cand::key).collect();
                for s in &scored {
                    if random_keys.contains(&s.cand.key()) && !self.measured.contains(&s.cand.key())
                    {
                        random_built.push(clone_scored(s));
                    }
                }
            }
            if generation == self.opts.generations {
                absorb(&mut visited, scored, &self.measured);
                break;
            }
            population = self.next_generation(&scored);
            absorb(&mut visited, scored, &self.measured);
        }
        let n_random = ((room as f64) * self.opts.eps_greedy).round() as usize;
        let mut best: Vec<Scored> = visited.into_values().collect();
        best.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then_with(|| a.cand.key().cmp(&b.cand.key()))
        });
        for s in best {
            if picked.len() + n_random.min(random_built.len()) >= room {
                break;
            }
            if keys.insert(s.cand.key()) {
                picked.push(s);
            }
        }
        for s in random_built {
            if picked.len() >= room {
                break;
            }
            if keys.insert(s.cand.key()) {
                picked.push(s);
            }
        }
        for s in &picked {
            self.measured.insert(s.cand.key());
        }
        picked
    }

    /// The best measured candidates (up to the ratio), then random draws from
    /// every sketch; returns the population and which of it was drawn.
    fn initial_population(&mut self, phases: &mut SearchPhases) -> (Vec<Cand>, Vec<Cand>) {
        let n = self.opts.population.max(1);
        let n_measured = (n as f64 * self.opts.init_measured_ratio) as usize;
        self.best_measured.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut seen = HashSet::new();
        let mut pop: Vec<Cand> = Vec::new();
        for (_, sketch, decisions) in &self.best_measured {
            if pop.len() >= n_measured {
                break;
            }
            let c = Cand {
                sketch: *sketch,
                decisions: decisions.clone(),
            };
            if seen.insert(c.key()) {
                pop.push(c);
            }
        }
        // Drawn as one by one, checked on every thread (`population`).
        let plan = DrawPlan {
            spaces: self.spaces,
            want: n.saturating_sub(pop.len()),
            max_tries: n * 4,
            threads: self.opts.threads,
        };
        let key = |sketch: usize, decisions: &[Decision]| {
            format!("{sketch}:{}", decisions_key(decisions))
        };
        let mut random = Vec::new();
        self.replayed.clear();
        self.built.clear();
        for (sketch, decisions, replayed) in
            draw_valid(&plan, &mut self.rng, &mut seen, key, phases)
        {
            let c = Cand { sketch, decisions };
            // Replayed once: the population's build takes it from here.
            self.replayed.insert(c.key(), replayed);
            random.push(c);
        }
        pop.extend(random.iter().cloned());
        (pop, random)
    }

    /// Builds, featurises and scores candidates (invalid ones are counted).
    fn score(
        &mut self,
        cands: Vec<Cand>,
        model: &mut dyn CostModel,
        featurize: &Featurize<'_>,
        ev: &mut EvolutionReport,
    ) -> Vec<Scored> {
        // Each candidate is built once a round: a member met again (a parent
        // carried over unmutated, a mutation seen before) reuses its build.
        let missing: Vec<Cand> = cands
            .iter()
            .filter(|c| !self.built.contains_key(&c.key()))
            .cloned()
            .collect();
        let t = Instant::now();
        let built = build_many(
            self.spaces,
            &missing,
            (self.opts, featurize),
            &mut self.replayed,
            &mut ev.phases,
        );
        ev.time_build += t.elapsed();
        ev.population_reused += cands.len() - missing.len();
        for (cand, r) in missing.iter().zip(built) {
            self.built.insert(cand.key(), r);
        }
        let mut ok = Vec::new();
        for cand in cands {
            match self.built.get(&cand.key()) {
                Some(Ok((built, features))) => ok.push((cand, built.clone(), features.clone())),
                _ => ev.population_invalid += 1,
            }
        }
        let features: Vec<CandidateFeatures> = ok.iter().map(|(_, _, f)| f.clone()).collect();
        let t = Instant::now();
        let scores = model.predict(&features);
        ev.time_model += t.elapsed();
        ok.into_iter()
            .zip(scores)
            .map(|((cand, built, features), score)| Scored {
                cand,
                built,
                features,
                score,
            })
            .collect()
    }

    /// Parents drawn in proportion to their scores; each child mutated with
    /// `mutation_prob` (else the parent itself goes on).
    fn next_generation(&mut self, scored: &[Scored]) -> Vec<Cand> {
        if scored.is_empty() {
            return Vec::new();
        }
        let min = scored.iter().map(|s| s.score).fold(f64::INFINITY, f64::min);
        // Shifted so that every candidate can be drawn, the best most often.
        let weights: Vec<f64> = scored.iter().map(|s| s.score - min + 1e-9).collect();
        let total: f64 = weights.iter().sum();
        let mut next = Vec::with_capacity(self.opts.population);
        let mut seen = HashSet::new();
        for _ in 0..self.opts.population.max(1) * 2 {
            if next.len() >= self.opts.population.max(1) {
                break;
            }
            let mut at = self.rng.unit() * total;
            let parent = weights
                .iter()
                .position(|w| {
                    at -= w;
                    at <= 0.0
                })
                .unwrap_or(scored.len() - 1);
            let p = &scored[parent].cand;
            let child = if self.rng.unit() < self.opts.mutation_prob {
                match self.mutate(p) {
                    Some(c) => c,
                    None => continue,
                }
            } else {
                p.clone()
            };
            if seen.insert(child.key()) {
                next.push(child);
            }
        }
        next
    }

    /// One mutation: a mutator drawn by weight among those the sketch has, at
    /// one of its sites.
    fn mutate(&mut self, parent: &Cand) -> Option<Cand> {
        let kinds = &self.mutators[parent.sketch];
        let available: Vec<(Mutator, f64)> = self
            .opts
            .mutator_weights
            .iter()
            .filter(|(m, w)| *w > 0.0 && kinds.contains(&Some(*m)))
            .copied()
            .collect();
        let total: f64 = available.iter().map(|(_, w)| w).sum();
        let mut at = self.rng.unit() * total;
        let (mutator, _) = *available.iter().find(|(_, w)| {
            at -= w;
            at <= 0.0
        })?;
        let sites: Vec<usize> = (0..kinds.len())
            .filter(|i| kinds[*i] == Some(mutator))
            .collect();
        let site = sites[self.rng.below(sites.len() as u64) as usize];
        let space = &self.spaces[parent.sketch];
        let d = mutate_site(
            &space.sites[site].kind,
            &parent.decisions[site],
            &mut self.rng,
        )?;
        let mut decisions = parent.decisions.clone();
        decisions[site] = d;
        Some(Cand {
            sketch: parent.sketch,
            decisions,
        })
    }
}

fn clone_scored(s: &Scored) -> Scored {
    Scored {
        cand: s.cand.clone(),
        built: s.built.clone(),
        features: s.features.clone(),
        score: s.score,
    }
}

/// Adds the never-picked candidates to the visited set (a later score of the
/// same candidate replaces the earlier: the model may have learned since).
fn absorb(visited: &mut HashMap<String, Scored>, scored: Vec<Scored>, measured: &HashSet<String>) {
    for s in scored {
        let key = s.cand.key();
        if !measured.contains(&key) {
            visited.insert(key, s);
        }
    }
}

/// A candidate built and featurised, or why it failed a check.
pub(super) type BuildResult = Result<(Built, CandidateFeatures), Invalid>;

/// Replays (unless `replayed` has the candidate's replay), checks and
/// featurises candidates on the option's threads, in order.
pub(super) fn build_many(
    spaces: &[Space],
    cands: &[Cand],
    (opts, featurize): (&EvolutionOptions, &Featurize<'_>),
    replayed: &mut HashMap<String, Replayed>,
    phases: &mut SearchPhases,
) -> Vec<BuildResult> {
    let work: Vec<(&Cand, Mutex<Option<Replayed>>)> = cands
        .iter()
        .map(|c| (c, Mutex::new(replayed.remove(&c.key()))))
        .collect();
    parallel_map(&work, opts.threads, phases, |(c, done)| {
        let done = done.lock().ok().and_then(|mut r| r.take());
        done.map_or_else(|| spaces[c.sketch].replay(&c.decisions), Ok)
            .and_then(|r| build(r, opts.nvrtc.clone()))
            .map(|b| {
                let f = timed(Phase::Features, || featurize(&b));
                (b, f)
            })
    })
    .into_iter()
    .map(|r| r.unwrap_or_else(|| Err(Invalid::build_thread_stopped())))
    .collect()
}
