//! Integer arithmetic on TIR expressions: simplification, affine forms, bounds
//! and buffer-region inference.
//!
//! Invariant: every function is pure and never panics.
//!
//! May use: `ir`, `numeric`.

pub mod affine;
pub mod bound;
mod fold;
pub(crate) use fold::fold_consts;
pub mod modular;
pub mod narrow;
pub mod order;
pub mod region;
pub mod simplify;
pub mod symbolic;

#[cfg(test)]
mod testutil;

pub use affine::{to_affine, Affine, TypeCtx};
pub use bound::{
    can_prove, const_bounds, const_bounds_typed, const_interval, const_range, fold_unit_ranges,
    relax, relax_typed, simplified_bounds, VarRanges,
};
pub use modular::{lane_split, modular};
pub use narrow::narrow;
pub use order::simplify_kernel;
pub use region::{infer_access_regions, relax_region, union_region};
pub use simplify::{simplify, simplify_in, simplify_typed, simplify_with};
