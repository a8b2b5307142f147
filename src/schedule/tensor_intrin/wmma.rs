//! The WMMA family (`nvcuda::wmma`), as TVM 0.27 registers it in
//! `python/tvm/s_tir/tensor_intrin/cuda.py`: 16x16x16 fp16 loads from shared
//! memory (plain and transposed), fills, fp16 x fp16 -> fp32/fp16 mma, and
//! fp32/fp16 stores to global or shared memory. Descriptions are TVMScript
//! built from the same parameters TVM's generators take.

use super::{Implementation, Registration};

/// The `nvcuda::wmma` call a tensorized block becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WmmaOp {
    /// `load_matrix_sync` into a `matrix_a`/`matrix_b` fragment.
    Load { is_b: bool, col_major: bool },
    /// `fill_fragment(acc, 0)`.
    Fill,
    /// `mma_sync(acc, a, b, acc)`.
    Sync { b_transposed: bool },
    /// `store_matrix_sync` from the accumulator, row-major.
    Store,
}

/// The shape every WMMA intrinsic here has (m, n, k).
pub const M: i64 = 16;
pub const N: i64 = 16;
pub const K: i64 = 16;

pub fn registrations() -> Vec<Registration> {
    let mut out = Vec::new();
    for (name, shared, is_b, col_major) in [
        ("wmma_load_16x16x16_f16_a_shared", "shared", false, false),
        (
            "wmma_load_16x16x16_f16_a_shared_dyn",
            "shared.dyn",
            false,
            false,
        ),
        ("wmma_load_16x16x16_f16_b_shared", "shared", true, false),
        (
            "wmma_load_16x16x16_f16_b_shared_dyn",
            "shared.dyn",
            true,
            false,
        ),
        (
            "wmma_load_16x16x16_f16_a_trans_shared",
            "shared",
            false,
            true,
        ),
        (
            "wmma_load_16x16x16_f16_a_trans_shared_dyn",
            "shared.dyn",
            false,
            true,
        ),
        (
            "wmma_load_16x16x16_f16_b_trans_shared",
            "shared",
            true,
            true,
        ),
        (
            "wmma_load_16x16x16_f16_b_trans_shared_dyn",
            "shared.dyn",
            true,
            true,
        ),
    ] {
        out.push(Registration {
            name,
            desc: load_desc("float16", shared, is_b, col_major),
            implementation: Implementation::Wmma(WmmaOp::Load { is_b, col_major }),
        });
    }
    for (name, dtype) in [
        ("wmma_fill_16x16x16_f32", "float32"),
        ("wmma_fill_16x16x16_f16", "float16"),
    ] {
        out.push(Registration {
            name,
            desc: fill_desc(dtype),
            implementation: Implementation::Wmma(WmmaOp::Fill),
        });
    }
    for (name, out_dtype, b_transposed) in [
        ("wmma_sync_16x16x16_f16f16f32", "float32", false),
        ("wmma_sync_16x16x16_f16f16f32_trans", "float32", true),
        ("wmma_sync_16x16x16_f16f16f16", "float16", false),
        ("wmma_sync_16x16x16_f16f16f16_trans", "float16", true),
    ] {
        out.push(Registration {
            name,
            desc: sync_desc("float16", out_dtype, b_transposed),
            implementation: Implementation::Wmma(WmmaOp::Sync { b_transposed }),
        });
    }
    for (name, dtype, scope) in [
        ("wmma_store_16x16x16_f32_global", "float32", "global"),
        ("wmma_store_16x16x16_f32_shared", "float32", "shared"),
        (
            "wmma_store_16x16x16_f32_shared_dyn",
            "float32",
            "shared.dyn",
        ),
        ("wmma_store_16x16x16_f16_global", "float16", "global"),
        ("wmma_store_16x16x16_f16_shared", "float16", "shared"),
        (
            "wmma_store_16x16x16_f16_shared_dyn",
            "float16",
            "shared.dyn",
        ),
    ] {
        out.push(Registration {
            name,
            desc: store_desc(dtype, scope),
            implementation: Implementation::Wmma(WmmaOp::Store),
        });
    }
    out
}

fn match_buffer(
    name: &str,
    handle: &str,
    shape: (i64, i64),
    dtype: &str,
    offset_factor: i64,
    scope: &str,
) -> String {
    format!(
        "    {name} = T.match_buffer({handle}, ({}, {}), \"{dtype}\", align=64, offset_factor={offset_factor}, scope=\"{scope}\")\n",
        shape.0, shape.1
    )
}

/// TVM's `get_wmma_load_intrin(...)[0]`.
pub(super) fn load_desc(dtype: &str, shared: &str, is_b: bool, col_major: bool) -> String {
    let fragment = if is_b {
        "wmma.matrix_b"
    } else {
        "wmma.matrix_a"
    };
    let (mut m, mut n) = if is_b { (K, N) } else { (M, K) };
    if col_major {
        std::mem::swap(&mut m, &mut n);
    }
    format!(
        "@T.prim_func\ndef wmma_load_desc(a: T.handle, c: T.handle):\n{}{}    with T.block(\"root\"):\n        T.reads(A[0:{m}, 0:{n}])\n        T.writes(C[0:{m}, 0:{n}])\n        for i, j in T.grid({m}, {n}):\n            with T.block(\"load\"):\n                vii, vjj = T.axis.remap(\"SS\", [i, j])\n                C[vii, vjj] = A[vii, vjj]\n",
        match_buffer("A", "a", (m, n), dtype, n, shared),
        match_buffer("C", "c", (m, n), dtype, n, fragment),
    )
}

/// TVM's `get_wmma_fill_intrin(...)[0]`.
pub(super) fn fill_desc(dtype: &str) -> String {
    format!(
        "@T.prim_func\ndef wmma_fill_desc(c: T.handle):\n{}    with T.block(\"root\"):\n        T.reads()\n        T.writes(C[0:{M}, 0:{N}])\n        for i, j in T.grid({M}, {N}):\n            with T.block(\"init\"):\n                vii, vjj = T.axis.remap(\"SS\", [i, j])\n                C[vii, vjj] = T.{dtype}(0)\n",
        match_buffer("C", "c", (M, N), dtype, N, "wmma.accumulator"),
    )
}

/// TVM's `get_wmma_store_intrin(...)[0]`.
pub(super) fn store_desc(dtype: &str, scope: &str) -> String {
    format!(
        "@T.prim_func\ndef wmma_store_desc(a: T.handle, c: T.handle):\n{}{}    with T.block(\"root\"):\n        T.reads(A[0:{M}, 0:{N}])\n        T.writes(C[0:{M}, 0:{N}])\n        for i, j in T.grid({M}, {N}):\n            with T.block(\"store\"):\n                vii, vjj = T.axis.remap(\"SS\", [i, j])\n                C[vii, vjj] = A[vii, vjj]\n",
        match_buffer("A", "a", (M, N), dtype, N, "wmma.accumulator"),
        match_buffer("C", "c", (M, N), dtype, N, scope),
    )
}

/// TVM's `get_wmma_sync_intrin(...)[0]`.
pub(super) fn sync_desc(in_dtype: &str, out_dtype: &str, b_transposed: bool) -> String {
    let (b0, b1) = if b_transposed { (N, K) } else { (K, N) };
    let cast = |x: &str| {
        if in_dtype == out_dtype {
            x.to_string()
        } else {
            format!("T.Cast(\"{out_dtype}\", {x})")
        }
    };
    let b_index = if b_transposed { "vjj, vkk" } else { "vkk, vjj" };
    format!(
        "@T.prim_func\ndef wmma_sync_desc(a: T.handle, b: T.handle, c: T.handle):\n{}{}{}    with T.block(\"root\"):\n        T.reads(C[0:{M}, 0:{N}], A[0:{M}, 0:{K}], B[0:{b0}, 0:{b1}])\n        T.writes(C[0:{M}, 0:{N}])\n        for i, j, k in T.grid({M}, {N}, {K}):\n            with T.block(\"\"):\n                vii, vjj, vkk = T.axis.remap(\"SSR\", [i, j, k])\n                C[vii, vjj] = C[vii, vjj] + {} * {}\n",
        match_buffer("A", "a", (M, K), in_dtype, K, "wmma.matrix_a"),
        match_buffer("B", "b", (b0, b1), in_dtype, b1, "wmma.matrix_b"),
        match_buffer("C", "c", (M, N), out_dtype, N, "wmma.accumulator"),
        cast("A[vii, vkk]"),
        cast(&format!("B[{b_index}]")),
    )
}
