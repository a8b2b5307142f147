//! The zero-search default (`tirtui schedule`) as the tuner's first candidate
//! of a bare workload (issue 30: "they are also the tuner's first
//! candidates"): a space that samples nothing, measured before the search, so
//! a tune never ends slower than the schedule it could have had for free.

use crate::design_space;
use crate::ir::PrimFunc;
use crate::tune::{Decision, Space};

/// The default schedule of `workload` as a one-candidate space (its rule's
/// name with it), or None where no rule gives a program that launches. Its
/// steps are final: no postprocessor is derived for them.
pub fn default_space(workload: &PrimFunc) -> Option<(&'static str, Space)> {
    let accept =
        |sketch: &design_space::Sketch| crate::tune::check::steps_launch(workload, &sketch.steps);
    let (rule, sketch) = design_space::default_schedule(workload, &accept).ok()?;
    let mut space = Space::for_sketch(workload.clone(), sketch.steps);
    // The default is a fixed schedule: a sampled step in it would make it a
    // space of its own, which the sketches already search.
    if !space.sites.is_empty() {
        return None;
    }
    space.postproc = None;
    Some((rule, space))
}

/// A candidate to measure before the search: (space index, decisions).
pub type FirstCandidate = (usize, Vec<Decision>);

/// `spaces` with the default appended (when there is one), and the first
/// candidates to measure: the default's single candidate.
pub fn with_default(
    workload: &PrimFunc,
    mut spaces: Vec<Space>,
) -> (Vec<Space>, Vec<FirstCandidate>, Option<&'static str>) {
    match default_space(workload) {
        Some((rule, space)) => {
            let at = spaces.len();
            spaces.push(space);
            (spaces, vec![(at, Vec::new())], Some(rule))
        }
        None => (spaces, Vec::new(), None),
    }
}
