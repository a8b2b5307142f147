//! CPU interpreter for TIR functions: the oracle that a schedule never changes results.
