//! Integer arithmetic on TIR expressions: simplification, affine forms, bounds
//! and buffer-region inference.
//!
//! Invariant: every function is pure and never panics.
//!
//! May use: `ir`, `numeric`.

pub mod affine;
pub mod bound;
mod fold;
pub mod region;
pub mod simplify;

#[cfg(test)]
mod testutil;

pub use affine::{to_affine, Affine};
pub use bound::{can_prove, const_bounds, relax, VarRanges};
pub use region::{infer_access_regions, relax_region, union_region};
pub use simplify::{simplify, simplify_in, simplify_with};
