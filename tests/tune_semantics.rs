//! The candidates `tirtui tune` proposes compute the right result: random and
//! mutated candidates of each shipped tune space, on a 64x64x64 copy of its
//! workload, lowered and run on the SIMT simulator, match the interpreter's
//! run of the unscheduled workload. (On the GPU the worker checks each
//! candidate against a reference kernel; this checks the space itself.)

use std::path::Path;
use tirtui::interp;
use tirtui::schedule::primitive::sampling::Rng;
use tirtui::trace::Session;
use tirtui::tune::{Decision, Nvrtc, Space};

fn small_space(path: &str) -> Space {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let session = Session::load(&path).unwrap();
    let (_, text) = session.workload_source(Some(&path)).unwrap();
    let text = text
        .replace("1024", "64")
        .replace("2048", "64")
        .replace("512", "64");
    let func = tirtui::script::parse_func(&text, None).unwrap();
    Space::new(func, session.steps.clone()).unwrap()
}

fn check_candidates(path: &str, wanted: usize) {
    let space = small_space(path);
    let mut expected = interp::random_args(&space.workload, 5).unwrap();
    let inputs = expected.clone();
    interp::run(&space.workload, &mut expected).unwrap();
    let mut rng = Rng(42);
    let mut checked = 0;
    let mut parent: Option<Vec<Decision>> = None;
    for attempt in 0..200 {
        if checked == wanted {
            break;
        }
        // Alternate random draws and mutations of the last valid candidate.
        let replayed = match (&parent, attempt % 2) {
            (Some(p), 1) => match space.mutate(p, &mut rng).map(|d| space.replay(&d)) {
                Some(Ok(r)) => r,
                _ => continue,
            },
            _ => match space.draw(&mut rng) {
                Ok(r) => r,
                Err(_) => continue,
            },
        };
        let decisions = replayed.decisions.clone();
        if tirtui::tune::build(replayed.clone(), Nvrtc::Skip).is_err() {
            continue;
        }
        let lowered = tirtui::lower::lower(&replayed.func).unwrap();
        let mut got = inputs.clone();
        tirtui::simt::simulate(&lowered, &mut got)
            .unwrap_or_else(|e| panic!("{path} {decisions:?}: {e}"));
        assert_eq!(
            got, expected,
            "{path}: candidate {decisions:?} computes something else"
        );
        parent = Some(decisions);
        checked += 1;
    }
    assert_eq!(checked, wanted, "{path}: too few valid candidates");
}

#[test]
fn seed_002_tune_candidates_compute_the_gemm() {
    check_candidates("sessions/gemm_002_5_tune.yaml", 6);
}

#[test]
fn seed_000_tune_candidates_compute_the_gemm() {
    check_candidates("sessions/gemm_000_6_tune.yaml", 6);
}
