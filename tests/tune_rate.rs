//! Candidates per second (issue 31): the population is drawn and built on
//! every thread without changing what a seed proposes, each candidate is
//! lowered once (VerifyGPUCode's lowering is the CUDA that is built), and
//! the search says where its host time went (`phases`).

use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use tirtui::codegen::CudaKernel;
use tirtui::design_space::{self, GpuTarget};
use tirtui::schedule::primitive::sampling::Rng;
use tirtui::search::RandomModel;
use tirtui::tune::evolution::{decision_features, evolve, EvolutionOptions, EvolutionReport};
use tirtui::tune::phases::SearchPhases;
use tirtui::tune::population::{draw_valid, DrawPlan};
use tirtui::tune::space::decisions_key;
use tirtui::tune::{build, Decision, DeviceId, Measure, MeasureError, Measured, Nvrtc, Space};

/// The generated (postprocessed) sketches of the seed GEMM that sample.
fn gemm_spaces() -> Vec<Space> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm.tir");
    let text = std::fs::read_to_string(path).unwrap();
    let func = tirtui::script::parse_func(&text, None).unwrap();
    design_space::generate(&func, &GpuTarget::default())
        .unwrap()
        .into_iter()
        .map(|s| Space::for_sketch(func.clone(), s.steps))
        .filter(|s| !s.sites.is_empty())
        .collect()
}

fn key(sketch: usize, d: &[Decision]) -> String {
    format!("{sketch}:{}", decisions_key(d))
}

/// The population's random members as the search drew them before they
/// were checked on several threads: one draw at a time, postprocessors
/// included.
fn draw_one_by_one(
    spaces: &[Space],
    rng: &mut Rng,
    seen: &mut HashSet<String>,
    want: usize,
    max_tries: usize,
) -> Vec<(usize, Vec<Decision>)> {
    let (mut found, mut tries) = (Vec::new(), 0);
    while found.len() < want && tries < max_tries {
        tries += 1;
        let sketch = rng.below(spaces.len() as u64) as usize;
        let Ok(r) = spaces[sketch].draw(rng) else {
            continue;
        };
        if seen.insert(key(sketch, &r.decisions)) {
            found.push((sketch, r.decisions));
        }
    }
    found
}

#[test]
fn draws_checked_on_several_threads_are_the_draws_of_one() {
    let spaces = gemm_spaces();
    assert!(spaces.len() >= 2, "{} sketches", spaces.len());
    let mut kept = 0;
    for (seed, want, max_tries) in [(7, 24, 400), (11, 40, 60), (3, 5, 40)] {
        let mut seen_a: HashSet<String> = HashSet::new();
        // A key already seen is not new: both must skip it alike.
        let mut warm = Rng(seed ^ 0xff);
        draw_one_by_one(&spaces, &mut warm, &mut seen_a, 2, 40);
        let mut seen_b = seen_a.clone();
        let mut rng_a = Rng(seed);
        let mut rng_b = Rng(seed);
        let one = draw_one_by_one(&spaces, &mut rng_a, &mut seen_a, want, max_tries);
        let plan = DrawPlan {
            spaces: &spaces,
            want,
            max_tries,
            threads: 3,
        };
        let mut phases = SearchPhases::default();
        let many = draw_valid(&plan, &mut rng_b, &mut seen_b, key, &mut phases);
        // Each with its replay, ready to build.
        assert!(many
            .iter()
            .all(|(_, d, r)| *d == r.decisions && r.lowered.is_some()));
        let many: Vec<(usize, Vec<Decision>)> = many.into_iter().map(|(s, d, _)| (s, d)).collect();
        assert_eq!(one, many, "seed {seed}");
        kept += many.len();
        // The generator is where one-by-one drawing leaves it.
        assert_eq!(rng_a.0, rng_b.0, "seed {seed}");
        assert_eq!(seen_a, seen_b, "seed {seed}");
        assert!(phases.built > 0 && phases.cpu.verify_s > 0.0, "{phases:?}");
    }
    assert!(kept >= 20, "{kept}");
}

#[test]
fn a_postprocessed_candidate_is_lowered_once_and_builds_the_same_cuda() {
    let spaces = gemm_spaces();
    let mut rng = Rng(5);
    // A draw that passes the checks after VerifyGPUCode's (local arrays).
    let replayed = (0..200)
        .find_map(|_| {
            let r = spaces[0].draw(&mut rng).ok()?;
            build(r.clone(), Nvrtc::Skip).ok().map(|_| r)
        })
        .expect("a valid draw");
    let lowered = replayed.lowered.as_ref().expect("VerifyGPUCode's lowering");
    let fresh = tirtui::codegen::generate(&replayed.func).unwrap();
    assert_eq!(lowered.kernel, fresh.kernel);
    let built = build(replayed.clone(), Nvrtc::Skip).unwrap();
    assert_eq!(built.kernel, fresh.kernel);
    // Kept once: the built candidate does not carry a second copy.
    assert!(built.replayed.lowered.is_none());
    // The lowering given is the one built (not lowered again).
    let mut marked = replayed;
    if let Some(out) = marked.lowered.as_mut() {
        out.kernel.name = "marked".into();
    }
    assert_eq!(build(marked, Nvrtc::Skip).unwrap().kernel.name, "marked");
}

/// Time from the launch, as the evolution tests' fake GPU.
struct FakeGpu;

impl Measure for FakeGpu {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(DeviceId {
            name: "Fake GPU".into(),
            driver: "1.0".into(),
        })
    }

    fn measure(&mut self, k: &CudaKernel) -> Result<Measured, MeasureError> {
        let threads: u32 = k.block.iter().product();
        let blocks: u32 = k.grid.iter().product();
        let ms = 1.0 + (f64::from(threads) - 256.0).abs() / 64.0 + f64::from(blocks) / 4096.0;
        Ok(Measured {
            time_ms: ms,
            gflops: 1.0 / ms,
            correct: Some(true),
            quick: false,
        })
    }
}

fn search(spaces: &[Space], threads: usize) -> EvolutionReport {
    let opts = EvolutionOptions {
        seed: 42,
        population: 24,
        generations: 1,
        batch: 6,
        threads,
        nvrtc: Nvrtc::Skip,
        ..EvolutionOptions::new(12)
    };
    let mut model = RandomModel::new(42);
    evolve(
        spaces,
        &opts,
        &mut model,
        &decision_features,
        &mut FakeGpu,
        None,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

#[test]
fn a_seed_proposes_the_same_candidates_on_any_number_of_threads() {
    let spaces = gemm_spaces();
    let one = search(&spaces, 1);
    let four = search(&spaces, 4);
    let decisions = |r: &EvolutionReport| -> Vec<Vec<Decision>> {
        r.tune.trials.iter().map(|t| t.decisions.clone()).collect()
    };
    assert_eq!(one.tune.trials.len(), 12);
    assert_eq!(decisions(&one), decisions(&four));
    assert_eq!(one.trial_sketch, four.trial_sketch);
    // Where the host time went: every build timed, on the threads given;
    // each candidate is lowered by VerifyGPUCode and not again after it
    // (what is left of codegen is the launch checks).
    let p = &four.phases;
    assert!(p.built >= 24, "{p:?}");
    assert_eq!((one.phases.build_threads, p.build_threads), (1, 4));
    assert!(p.cpu.replay_s > 0.0 && p.cpu.verify_s > 0.0, "{p:?}");
    assert!(p.cpu.codegen_s * 5.0 < p.cpu.verify_s, "{p:?}");
    assert!(p.main_cpu_s > 0.0 && p.main.replay_s > 0.0, "{p:?}");
}

/// A population member met again in a round (a parent carried over
/// unmutated, a mutation seen before) is not built again: its build is
/// reused (the proposals are those `a_seed_proposes_the_same_...` checks).
#[test]
fn a_member_met_again_in_a_round_is_built_once() {
    let spaces = gemm_spaces();
    let r = search(&spaces, 2);
    // 2 rounds x (24 drawn + 24 children): every build a distinct candidate.
    assert!(r.population_reused > 0, "nothing reused");
    assert_eq!(r.tune.trials.len(), 12);
    let again = search(&spaces, 2);
    assert_eq!(again.population_reused, r.population_reused);
}
