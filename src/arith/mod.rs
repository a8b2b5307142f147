//! Integer arithmetic on TIR expressions: simplification, affine forms, bounds
//! and buffer-region inference.
//!
//! Invariant: knows only `ir`; every function is pure and never panics.

pub mod affine;
pub mod bound;
pub mod region;
pub mod simplify;

pub use simplify::simplify;
