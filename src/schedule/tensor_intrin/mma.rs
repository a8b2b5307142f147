//! The MMA family (PTX `ldmatrix` and `mma.sync.aligned.m16n8k16`), as TVM
//! 0.27 registers it in `python/tvm/s_tir/tensor_intrin/cuda.py`: fp16
//! ldmatrix loads from shared memory into a `warp` buffer (plain and
//! transposed), fp16 x fp16 -> fp32/fp16 mma on 16x16x16 tiles (two
//! m16n8k16 instructions each), fills, and stores to global or shared memory.
//! Beside TVM's, tirtui's bf16 members under the same names with `bf16` for
//! `f16` (`mma_ldmatrix_bf16_a`, `mma_bf16bf16f32`, ...): TVM registers none,
//! and the hardware's bf16 m16n8k16 has the fp16 one's fragment layouts, so
//! only the element type differs.
//!
//! A `warp` operand is a `[32, 8]` buffer: row = lane, column = the lane's
//! register. Every description places a 16x16 tile element `(i, j)` at
//! `shared_16x16_to_ldmatrix_32x8_layout(i, j)` (`layout` below), which is the
//! register layout of the m16n8k16 A/C fragments and, for B, the one ldmatrix
//! and mma agree on; the descriptions state it index by index so that
//! tensorize checks a schedule's `transform_layout` against it.

use super::{Implementation, Registration};

/// What the kernel runs for a block tensorized with an MMA intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaOp {
    /// `ldmatrix.sync.aligned.m8n8.x4[.trans].shared.b16` of a 16x16 fp16
    /// tile. `trans`: the instruction transposes (TVM's
    /// `transpose_in_ldmatrix`); `tile_transposed`: the shared tile is stored
    /// the other way round (TVM's `transpose_layout_for_ldmatrix_input`),
    /// which changes the rows each lane points at.
    Ldmatrix { trans: bool, tile_transposed: bool },
    /// Two `mma.sync.aligned.m16n8k16.row.col` (the two 8-column halves).
    Sync { out_f32: bool },
    /// Zeroes the lane's 8 accumulator registers.
    Fill,
    /// Each lane writes its 8 accumulator registers into a 16x16 tile.
    Store,
}

pub const WARP_SIZE: i64 = 32;
/// Registers per lane of a 16x16 operand tile (16 * 16 / 32).
pub const LOCAL_SIZE: i64 = 8;
/// The tile every intrinsic here works on (m = n = k = 16).
pub const TILE: i64 = 16;

/// TVM's `shared_16x16_to_ldmatrix_32x8_layout(i, j)` as TVMScript
/// expressions: (lane, register).
pub fn layout(i: &str, j: &str) -> (String, String) {
    (
        format!("4 * ({i} % 8) + {j} % 8 // 2"),
        format!("4 * ({j} // 8) + {i} // 8 * 2 + {j} % 2"),
    )
}

pub fn registrations() -> Vec<Registration> {
    let mut out = Vec::new();
    for (name, is_b, transposed, scope, dtype) in [
        ("mma_ldmatrix_f16_a", false, false, "shared", "float16"),
        ("mma_ldmatrix_f16_b", true, false, "shared", "float16"),
        ("mma_ldmatrix_f16_a_trans", false, true, "shared", "float16"),
        ("mma_ldmatrix_f16_b_trans", true, true, "shared", "float16"),
        (
            "mma_ldmatrix_f16_a_dyn",
            false,
            false,
            "shared.dyn",
            "float16",
        ),
        (
            "mma_ldmatrix_f16_b_dyn",
            true,
            false,
            "shared.dyn",
            "float16",
        ),
        (
            "mma_ldmatrix_f16_a_trans_dyn",
            false,
            true,
            "shared.dyn",
            "float16",
        ),
        (
            "mma_ldmatrix_f16_b_trans_dyn",
            true,
            true,
            "shared.dyn",
            "float16",
        ),
        ("mma_ldmatrix_bf16_a", false, false, "shared", "bfloat16"),
        ("mma_ldmatrix_bf16_b", true, false, "shared", "bfloat16"),
        (
            "mma_ldmatrix_bf16_a_trans",
            false,
            true,
            "shared",
            "bfloat16",
        ),
        (
            "mma_ldmatrix_bf16_b_trans",
            true,
            true,
            "shared",
            "bfloat16",
        ),
        (
            "mma_ldmatrix_bf16_a_dyn",
            false,
            false,
            "shared.dyn",
            "bfloat16",
        ),
        (
            "mma_ldmatrix_bf16_b_dyn",
            true,
            false,
            "shared.dyn",
            "bfloat16",
        ),
        (
            "mma_ldmatrix_bf16_a_trans_dyn",
            false,
            true,
            "shared.dyn",
            "bfloat16",
        ),
        (
            "mma_ldmatrix_bf16_b_trans_dyn",
            true,
            true,
            "shared.dyn",
            "bfloat16",
        ),
    ] {
        // TVM: A transposes in the instruction when its tile is transposed, B
        // when it is not (mma wants B column-major).
        let trans = if is_b { !transposed } else { transposed };
        out.push(Registration {
            name,
            desc: ldmatrix_desc(scope, dtype),
            implementation: Implementation::Mma(MmaOp::Ldmatrix {
                trans,
                tile_transposed: transposed,
            }),
        });
    }
    for (name, in_dtype, out_dtype, a_t, b_t) in [
        ("mma_f16f16f32", "float16", "float32", false, false),
        ("mma_f16f16f32_trans_b", "float16", "float32", false, true),
        ("mma_f16f16f32_trans_a", "float16", "float32", true, false),
        (
            "mma_f16f16f32_trans_a_trans_b",
            "float16",
            "float32",
            true,
            true,
        ),
        ("mma_f16f16f16", "float16", "float16", false, false),
        ("mma_f16f16f16_trans_b", "float16", "float16", false, true),
        ("mma_f16f16f16_trans_a", "float16", "float16", true, false),
        (
            "mma_f16f16f16_trans_a_trans_b",
            "float16",
            "float16",
            true,
            true,
        ),
        // bf16 accumulates in fp32 only (PTX has no bf16 accumulator).
        ("mma_bf16bf16f32", "bfloat16", "float32", false, false),
        (
            "mma_bf16bf16f32_trans_b",
            "bfloat16",
            "float32",
            false,
            true,
        ),
        (
            "mma_bf16bf16f32_trans_a",
            "bfloat16",
            "float32",
            true,
            false,
        ),
        (
            "mma_bf16bf16f32_trans_a_trans_b",
            "bfloat16",
            "float32",
            true,
            true,
        ),
    ] {
        out.push(Registration {
            name,
            desc: sync_desc(in_dtype, out_dtype, a_t, b_t),
            implementation: Implementation::Mma(MmaOp::Sync {
                out_f32: out_dtype == "float32",
            }),
        });
    }
    for (name, dtype) in [
        ("mma_fill_16x16_f32", "float32"),
        ("mma_fill_16x16_f16", "float16"),
        ("mma_fill_16x16_i32", "int32"),
    ] {
        out.push(Registration {
            name,
            desc: fill_desc(dtype),
            implementation: Implementation::Mma(MmaOp::Fill),
        });
    }
    // TVM's names end in `_` (and the shared ones say `_simple_` when TVM
    // lowers them to plain stores; the description is the same).
    for (name, dtype, scope) in [
        ("mma_store_16x16_f32_global_", "float32", "global"),
        ("mma_store_16x16_f32_shared_dyn_", "float32", "shared.dyn"),
        (
            "mma_store_16x16_f32_shared_dyn_simple_",
            "float32",
            "shared.dyn",
        ),
        (
            "mma_store_16x16_f16_shared_dyn_simple_",
            "float16",
            "shared.dyn",
        ),
        ("mma_store_16x16_f16_global_", "float16", "global"),
        ("mma_store_16x16_i32_global_", "int32", "global"),
    ] {
        out.push(Registration {
            name,
            desc: store_desc(dtype, scope),
            implementation: Implementation::Mma(MmaOp::Store),
        });
    }
    out
}

fn warp_buffer(name: &str, handle: &str, dtype: &str, offset_factor: i64) -> String {
    format!(
        "    {name} = T.match_buffer({handle}, ({WARP_SIZE}, {LOCAL_SIZE}), \"{dtype}\", align=64, offset_factor={offset_factor}, scope=\"warp\")\n"
    )
}

/// TVM's `get_ldmatrix_intrin(16, "float16", ...)[0]`: the same for A and B,
/// plain or transposed (only the implementation differs); `dtype` is
/// `float16` or `bfloat16`.
fn ldmatrix_desc(scope: &str, dtype: &str) -> String {
    let (lane, reg) = layout("v0", "v1");
    format!(
        "@T.prim_func\ndef ldmatrix_desc(warp_handle: T.handle, shared_handle: T.handle):\n    shared = T.match_buffer(shared_handle, ({TILE}, {TILE}), \"{dtype}\", align=64, offset_factor={TILE}, scope=\"{scope}\")\n{}    with T.block(\"root\"):\n        T.reads(shared[0:{TILE}, 0:{TILE}])\n        T.writes(warp[0:{WARP_SIZE}, 0:{LOCAL_SIZE}])\n        for ax0, ax1 in T.grid({TILE}, {TILE}):\n            with T.block(\"shared_warp\"):\n                v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])\n                warp[{lane}, {reg}] = shared[v0, v1]\n",
        warp_buffer("warp", "warp_handle", dtype, TILE),
    )
}

/// TVM's `get_mma_intrin(16, in_dtype, in_dtype, out_dtype, a_t, b_t)[0]`.
fn sync_desc(in_dtype: &str, out_dtype: &str, a_transposed: bool, b_transposed: bool) -> String {
    let swap = |x: &'static str, y: &'static str, flag: bool| if flag { (y, x) } else { (x, y) };
    let (a_row, a_col) = swap("vi", "vk", a_transposed);
    let (b_row, b_col) = swap("vk", "vj", b_transposed);
    let (ct, cl) = layout("vi", "vj");
    let (at, al) = layout(a_row, a_col);
    let (bt, bl) = layout(b_row, b_col);
    let cast = |x: String| {
        if out_dtype == "float32" {
            format!("T.Cast(\"float32\", {x})")
        } else {
            x
        }
    };
    format!(
        "@T.prim_func\ndef mma_sync_desc(a: T.handle, b: T.handle, c: T.handle):\n{}{}{}    with T.block(\"root\"):\n        T.reads(C[0:{WARP_SIZE}, 0:{LOCAL_SIZE}], A[0:{WARP_SIZE}, 0:{LOCAL_SIZE}], B[0:{WARP_SIZE}, 0:{LOCAL_SIZE}])\n        T.writes(C[0:{WARP_SIZE}, 0:{LOCAL_SIZE}])\n        for i, j, k in T.grid({TILE}, {TILE}, {TILE}):\n            with T.block(\"C\"):\n                vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n                C[{ct}, {cl}] = C[{ct}, {cl}] + {} * {}\n",
        warp_buffer("A", "a", in_dtype, TILE),
        warp_buffer("B", "b", in_dtype, TILE),
        warp_buffer("C", "c", out_dtype, TILE),
        cast(format!("A[{at}, {al}]")),
        cast(format!("B[{bt}, {bl}]")),
    )
}

/// TVM's `get_mma_fill_intrin(dtype, 8)[0]`.
fn fill_desc(dtype: &str) -> String {
    let (lane, reg) = layout("i", "j");
    format!(
        "@T.prim_func\ndef mma_fill_desc(a: T.handle):\n    C_warp = T.match_buffer(a, ({WARP_SIZE}, {LOCAL_SIZE}), \"{dtype}\", scope=\"warp\")\n    with T.block(\"root\"):\n        T.reads()\n        T.writes(C_warp[0:{WARP_SIZE}, 0:{LOCAL_SIZE}])\n        for i0, i1 in T.grid({TILE}, {TILE}):\n            with T.block(\"C_warp\"):\n                i, j = T.axis.remap(\"SS\", [i0, i1])\n                C_warp[{lane}, {reg}] = T.{dtype}(0)\n"
    )
}

/// TVM's `get_mma_store_intrin(dtype, 8, scope)[0]`.
fn store_desc(dtype: &str, scope: &str) -> String {
    let (lane, reg) = layout("v0", "v1");
    format!(
        "@T.prim_func\ndef mma_store_desc(a: T.handle, c: T.handle):\n    C_warp = T.match_buffer(a, ({WARP_SIZE}, {LOCAL_SIZE}), \"{dtype}\", scope=\"warp\")\n    C = T.match_buffer(c, ({TILE}, {TILE}), \"{dtype}\", scope=\"{scope}\")\n    with T.block(\"root\"):\n        T.reads(C_warp[0:{WARP_SIZE}, 0:{LOCAL_SIZE}])\n        T.writes(C[0:{TILE}, 0:{TILE}])\n        for i0, i1 in T.grid({TILE}, {TILE}):\n            with T.block(\"C_warp\"):\n                v0, v1 = T.axis.remap(\"SS\", [i0, i1])\n                C[v0, v1] = C_warp[{lane}, {reg}]\n"
    )
}

#[cfg(test)]
mod tests {
    /// The layout is a bijection of the 16x16 tile onto 32 lanes x 8
    /// registers, and it is the m16n8k16 fragment layout: register r of lane
    /// l holds row l/4 (+8 for r%4 >= 2), column 2*(l%4) + r%2 (+8 for r >= 4).
    #[test]
    fn the_layout_is_the_fragment_layout() {
        let mut seen = [[false; 8]; 32];
        for i in 0..16i64 {
            for j in 0..16i64 {
                let lane = 4 * (i % 8) + (j % 8) / 2;
                let reg = 4 * (j / 8) + (i / 8) * 2 + j % 2;
                assert!(!seen[lane as usize][reg as usize]);
                seen[lane as usize][reg as usize] = true;
                assert_eq!(i, lane / 4 + 8 * ((reg % 4) / 2));
                assert_eq!(j, 2 * (lane % 4) + reg % 2 + 8 * (reg / 4));
            }
        }
    }

    #[test]
    fn every_mma_intrinsic_is_registered_under_tvms_name() {
        for name in [
            "mma_ldmatrix_f16_a",
            "mma_ldmatrix_f16_b_trans_dyn",
            "mma_f16f16f32",
            "mma_f16f16f16_trans_a_trans_b",
            "mma_fill_16x16_f32",
            "mma_store_16x16_f32_global_",
            "mma_store_16x16_f16_shared_dyn_simple_",
            "mma_ldmatrix_bf16_a",
            "mma_ldmatrix_bf16_b_trans_dyn",
            "mma_bf16bf16f32",
            "mma_bf16bf16f32_trans_a_trans_b",
        ] {
            assert!(super::super::get(name).is_some(), "{name}");
        }
    }
}
