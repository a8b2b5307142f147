//! MetaSchedule's per-store features of a candidate (TVM:
//! `src/s_tir/meta_schedule/feature_extractor/per_store_feature.cc`,
//! `PerStoreFeature` with its defaults): 164 numbers per stored buffer, in
//! TVM's order and with its `slog` transform, so that a vector compares with
//! TVM's for the same scheduled program.
//!
//! ```text
//! group 1 (57)  operation counts of the stored value (16); vectorize, unroll,
//!               parallel loops (11 each); GPU flag and launch lengths (8)
//! group 2 (90)  5 buffers the store accesses, 18 each: access type, bytes,
//!               unique bytes, cache lines, unique lines, reuse type, distance
//!               and count, the same per reuse, stride
//! group 3 (10)  arithmetic intensity curve
//! group 4 (4)   the stored buffer's allocation
//! group 5 (3)   outer loops: product of extents, count, auto-unroll step
//! ```
//!
//! TVM extracts after its feature passes (unit loops dropped, cross-thread
//! reductions and init blocks lowered, allocations placed and compacted,
//! thread bindings unified); tirtui's program lowered to
//! `compact_buffer_region` is that stage but for the two rewrites `nest`
//! makes. `docs/search-features.md` lists what differs from TVM and why.
//!
//! Invariant: pure functions of the program; never panics.

mod expr;
mod nest;
mod store;
#[cfg(test)]
mod tests;

use super::CandidateFeatures;
use crate::ir::PrimFunc;
use crate::lower::{lower_until, LowerError, Lowered, Stage};
use thiserror::Error;

/// Features per store statement (MetaSchedule's `feature_vector_length`).
pub const FEATURES_PER_STORE: usize = 57 + 18 * BUFFERS_PER_STORE + CURVE_SAMPLES + 4 + 3;
/// Buffers described per store, the most-accessed first (TVM's default).
pub const BUFFERS_PER_STORE: usize = 5;
/// Points of the arithmetic-intensity curve (TVM's default).
pub const CURVE_SAMPLES: usize = 10;
/// Cache line size the line counts assume (TVM's default).
pub const CACHE_LINE_BYTES: i64 = 64;

/// The lowering pass after which features are extracted.
pub const FEATURE_STAGE: &str = "compact_buffer_region";

#[derive(Clone, Debug, Error, PartialEq)]
pub enum FeatureError {
    #[error("cannot extract features: the program does not lower: {0} (hint: `tirtui replay S --emit cuda` shows the same error; fix the schedule)")]
    Lower(#[from] LowerError),
    #[error("cannot extract features: {what} (hint: {hint})")]
    Unsupported { what: String, hint: String },
}

/// TVM's `slog`: log2(|x| + 1), keeping the sign out.
pub fn slog(x: f64) -> f64 {
    (x.abs() + 1.0).log2()
}

/// The features of a scheduled function: lowered to `FEATURE_STAGE`, then
/// one row per stored buffer (see `extract_lowered`).
pub fn extract(func: &PrimFunc) -> Result<CandidateFeatures, FeatureError> {
    match lower_until(func, FEATURE_STAGE)? {
        Stage::Lowered(l) => Ok(extract_lowered(&l)),
        Stage::Tir(_) | Stage::Kernels(_) => Err(FeatureError::Unsupported {
            what: format!("lowering to `{FEATURE_STAGE}` did not give one lowered function"),
            hint: "this is a bug in the feature stage; report the program".into(),
        }),
    }
}

/// The features of a function lowered to `FEATURE_STAGE` (thread-bound loops
/// still loops, buffers compacted, not flattened): one row of
/// `FEATURES_PER_STORE` per buffer written with a non-constant value, in the
/// order of the first such store, describing the last one.
pub fn extract_lowered(l: &Lowered) -> CandidateFeatures {
    let tree = nest::build(l);
    let ctx = expr::Ctx {
        tree: &tree,
        vars: &l.vars,
        buffers: &l.buffers,
        bounds: vec![None; l.vars.len()],
        starts: vec![None; l.vars.len()],
    };
    let mut c = store::Collector::new(ctx);
    c.visit(&tree.roots);
    for b in l.params.iter().filter_map(|p| p.buffer) {
        c.record_alloc(b, 1.0);
    }
    // One row per buffer: the first store's place, the last store's values.
    let mut order: Vec<crate::ir::BufferId> = Vec::new();
    let mut last: Vec<Option<usize>> = vec![None; l.buffers.len()];
    for (i, row) in c.rows.iter().enumerate() {
        if !order.contains(&row.buffer) {
            order.push(row.buffer);
        }
        if let Some(slot) = last.get_mut(row.buffer.0 as usize) {
            *slot = Some(i);
        }
    }
    order
        .iter()
        .filter_map(|b| last.get(b.0 as usize).copied().flatten())
        .map(|i| {
            let row = &c.rows[i];
            let alloc = c.allocs.get(row.buffer.0 as usize).copied().flatten();
            let (size, prod, outer) =
                alloc.map_or((0.0, 0.0, 1.0), |a| (a.size, a.prod, a.outer_prod));
            let mut v: Vec<f32> = Vec::with_capacity(FEATURES_PER_STORE);
            let (head, group5) = row.values.split_at(row.values.len() - 3);
            v.extend(head.iter().map(|&x| x as f32));
            for x in [size, prod, outer, row.outer_prod / outer] {
                v.push(slog(x) as f32);
            }
            v.extend(group5.iter().map(|&x| x as f32));
            v
        })
        .collect()
}

/// The name of each feature, in order (TVM's names where it has them), for
/// reports and tests.
pub fn feature_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "float_mad",
        "float_add_sub",
        "float_mul",
        "float_div_mod",
        "float_cmp",
        "float_math_func",
        "float_other_func",
        "int_mad",
        "int_add_sub",
        "int_mul",
        "int_div_mod",
        "int_cmp",
        "int_math_func",
        "int_other_func",
        "bool_op",
        "select_op",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    const POS: [&str; 8] = [
        "none",
        "inner_spatial",
        "middle_spatial",
        "outer_spatial",
        "inner_reduce",
        "middle_reduce",
        "outer_reduce",
        "mixed",
    ];
    for kind in ["vec", "unroll", "parallel"] {
        names.extend(["num", "prod", "len"].iter().map(|s| format!("{kind}_{s}")));
        names.extend(POS.iter().map(|s| format!("{kind}_type.{s}")));
    }
    names.push("is_gpu".into());
    for axis in [
        "blockIdx_x",
        "blockIdx_y",
        "blockIdx_z",
        "threadIdx_x",
        "threadIdx_y",
        "threadIdx_z",
        "vthread",
    ] {
        names.push(format!("{axis}_len"));
    }
    const ACCESS: [&str; 18] = [
        "acc_type.read",
        "acc_type.write",
        "acc_type.read_write",
        "bytes",
        "unique_bytes",
        "lines",
        "unique_lines",
        "reuse_type.loop_multiple_read",
        "reuse_type.serial_multiple_read_write",
        "reuse_type.no_reuse",
        "reuse_dis_iter",
        "reuse_dis_bytes",
        "reuse_ct",
        "bytes_d_reuse_ct",
        "unique_bytes_d_reuse_ct",
        "lines_d_reuse_ct",
        "unique_lines_d_reuse_ct",
        "stride",
    ];
    for b in 0..BUFFERS_PER_STORE {
        names.extend(ACCESS.iter().map(|s| format!("B{b}.{s}")));
    }
    names.extend((0..CURVE_SAMPLES).map(|i| format!("arith_intensity_curve_{i}")));
    for s in [
        "alloc_size",
        "alloc_prod",
        "alloc_outer_prod",
        "alloc_inner_prod",
    ] {
        names.push(s.into());
    }
    for s in ["outer_prod", "num_loops", "auto_unroll_max_step"] {
        names.push(s.into());
    }
    names
}
