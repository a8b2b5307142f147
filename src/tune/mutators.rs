//! MetaSchedule's mutators (apache/tvm `mutator/*.cc`, CUDA defaults) as the
//! evolutionary search (`evolution`) uses them: which sampled site each one
//! changes, found from what the trace does with the sampled value.

use super::space::{SiteKind, Space};
use crate::trace::Arg;

/// The mutators of MetaSchedule's CUDA defaults, by the kind of site they change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mutator {
    /// `sample_perfect_tile`: move a factor between two levels.
    TileSize,
    /// A `sample_categorical` that an unroll annotation reads.
    Unroll,
    /// A `sample_categorical` that a split bound to threads reads.
    ThreadBinding,
}

/// Each site's mutator, `None` where MetaSchedule has none (a vector length).
pub fn site_mutators(space: &Space) -> Vec<Option<Mutator>> {
    space
        .sites
        .iter()
        .map(|site| match site.kind {
            SiteKind::Tile { .. } => Some(Mutator::TileSize),
            SiteKind::Categorical { .. } => {
                let out = space.steps[site.step].out.first()?;
                space.steps[site.step + 1..].iter().find_map(|s| {
                    let reads = s.args.iter().any(|(_, a)| mentions(a, out));
                    match s.op.as_str() {
                        "annotate" if reads && s.args.iter().any(|(_, a)| unroll_key(a)) => {
                            Some(Mutator::Unroll)
                        }
                        "split" if reads => Some(Mutator::ThreadBinding),
                        _ => None,
                    }
                })
            }
        })
        .collect()
}

fn mentions(a: &Arg, name: &str) -> bool {
    match a {
        Arg::Str(s) => s == name,
        Arg::List(v) => v.iter().any(|x| mentions(x, name)),
        _ => false,
    }
}

fn unroll_key(a: &Arg) -> bool {
    matches!(a, Arg::Str(s) if s.contains("unroll"))
}
