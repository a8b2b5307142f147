//! Lowering passes from scheduled TIR to a kernel-shaped program.
