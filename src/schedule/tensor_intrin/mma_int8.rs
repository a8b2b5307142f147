//! The MMA int8 family (PTX `ldmatrix` of 8-bit tiles and
//! `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`), as TVM 0.27 registers
//! it in `python/tvm/s_tir/tensor_intrin/cuda.py`: ldmatrix loads of 16x32
//! int8 tiles (A as (m, k); B as (n, k), TVM's `_b_trans`), the s8 x s8 ->
//! s32 mma on a 16x16x32 tile (two m16n8k32 instructions), with the int32
//! fill and store of `mma.rs` (`mma_fill_16x16_i32`,
//! `mma_store_16x16_i32_global_`).
//!
//! An int8 warp operand is a `[32, 16]` buffer (16 int8 registers per lane,
//! four 32-bit PTX registers). The descriptions place a 16x32 tile element
//! `(i, j)` at TVM's `shared_16x32_to_ldmatrix_32x16_layout(i, j)` (`layout`
//! below). For A that is the m16n8k32 fragment layout; for B, TVM's
//! description names 32-bit register `2*(j//16) + i//8` where ldmatrix and
//! the mma put `2*(i//8) + j//16`: only the intrinsics touch a warp buffer,
//! so the two agree where it matters (the SIMT simulator checks that).
//!
//! With B as (k, n) (TVM's `mma_ldmatrix_i8_b`, `mma_i8i8i32`), the warp
//! tile is 32x16 in `shared_32x16_to_ldmatrix_32x16_layout`, which is the
//! mma's B fragment itself, so `mma_i8i8i32` runs the same instructions as
//! `mma_i8i8i32_trans_b`. Loading such a tile needs ldmatrix to transpose
//! 8-bit elements, which it cannot: TVM emits a scalar loop there; tirtui
//! tensorizes and interprets it, and lowering refuses it with that reason.

use super::mma::{MmaOp, TILE, WARP_SIZE};
use super::{Implementation, Registration};

/// Registers per lane of a 16x32 int8 operand tile (16 * 32 / 32).
pub const LOCAL_SIZE: i64 = 16;
/// The k extent of the int8 tile (m = n = 16).
pub const K: i64 = 32;

/// TVM's `shared_16x32_to_ldmatrix_32x16_layout(i, j)` as TVMScript
/// expressions: (lane, register).
pub fn layout(i: &str, j: &str) -> (String, String) {
    (
        format!("4 * ({i} % 8) + {j} % 16 // 4"),
        format!("8 * ({j} // 16) + {i} // 8 * 4 + {j} % 4"),
    )
}

/// TVM's `shared_32x16_to_ldmatrix_32x16_layout(i, j)` (a (k, n) B tile).
pub fn layout_32x16(i: &str, j: &str) -> (String, String) {
    (
        format!("{i} % 16 // 4 + 4 * ({j} % 8)"),
        format!("8 * ({j} // 8) + {i} // 16 * 4 + {i} % 4"),
    )
}

pub fn registrations() -> Vec<Registration> {
    let mut out = Vec::new();
    // (name, scope, B?): A is (m, k), B (n, k); neither transposes in the
    // instruction (TVM's transpose_in_ldmatrix is false for both), and B's
    // lanes point at its rows the way the transposed f16 tiles' do.
    for (name, scope, is_b) in [
        ("mma_ldmatrix_i8_a", "shared", false),
        ("mma_ldmatrix_i8_b_trans", "shared", true),
    ] {
        out.push(Registration {
            name,
            desc: ldmatrix_desc(scope, (TILE, K), layout),
            implementation: Implementation::Mma(MmaOp::Ldmatrix {
                trans: false,
                tile_transposed: is_b,
            }),
        });
    }
    // B as (k, n): TVM transposes in the instruction (refused when lowered).
    out.push(Registration {
        name: "mma_ldmatrix_i8_b",
        desc: ldmatrix_desc("shared", (K, TILE), layout_32x16),
        implementation: Implementation::Mma(MmaOp::Ldmatrix {
            trans: true,
            tile_transposed: false,
        }),
    });
    for (name, b_transposed) in [("mma_i8i8i32", false), ("mma_i8i8i32_trans_b", true)] {
        out.push(Registration {
            name,
            desc: sync_desc(b_transposed),
            implementation: Implementation::Mma(MmaOp::Sync { out_f32: false }),
        });
    }
    out
}

fn warp_buffer(name: &str, handle: &str, dtype: &str, regs: i64, offset_factor: i64) -> String {
    format!(
        "    {name} = T.match_buffer({handle}, ({WARP_SIZE}, {regs}), \"{dtype}\", align=64, offset_factor={offset_factor}, scope=\"warp\")\n"
    )
}

/// A tile layout: (lane, register) expressions of a tile element.
type Layout = fn(&str, &str) -> (String, String);

/// TVM's `get_ldmatrix_intrin(32, "int8", matrix, transposed)[0]`: a
/// (rows, cols) int8 tile (16x32 for A and for B as (n, k), 32x16 for B as
/// (k, n)) into 32 lanes x 16 registers by `layout`.
fn ldmatrix_desc(scope: &str, (rows, cols): (i64, i64), layout: Layout) -> String {
    let (lane, reg) = layout("v0", "v1");
    format!(
        "@T.prim_func\ndef ldmatrix_desc(warp_handle: T.handle, shared_handle: T.handle):\n    shared = T.match_buffer(shared_handle, ({rows}, {cols}), \"int8\", align=64, offset_factor={cols}, scope=\"{scope}\")\n{}    with T.block(\"root\"):\n        T.reads(shared[0:{rows}, 0:{cols}])\n        T.writes(warp[0:{WARP_SIZE}, 0:{LOCAL_SIZE}])\n        for ax0, ax1 in T.grid({rows}, {cols}):\n            with T.block(\"shared_warp\"):\n                v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])\n                warp[{lane}, {reg}] = shared[v0, v1]\n",
        warp_buffer("warp", "warp_handle", "int8", LOCAL_SIZE, cols),
    )
}

/// TVM's `get_mma_intrin(32, "int8", "int8", "int32", False, b_transposed)[0]`.
fn sync_desc(b_transposed: bool) -> String {
    let (ct, cl) = super::mma::layout("vi", "vj");
    let (at, al) = layout("vi", "vk");
    let ((bt, bl), b_factor) = if b_transposed {
        (layout("vj", "vk"), K)
    } else {
        (layout_32x16("vk", "vj"), TILE)
    };
    format!(
        "@T.prim_func\ndef mma_sync_desc(a: T.handle, b: T.handle, c: T.handle):\n{}{}{}    with T.block(\"root\"):\n        T.reads(C[0:{WARP_SIZE}, 0:{}], A[0:{WARP_SIZE}, 0:{LOCAL_SIZE}], B[0:{WARP_SIZE}, 0:{LOCAL_SIZE}])\n        T.writes(C[0:{WARP_SIZE}, 0:{}])\n        for i, j, k in T.grid({TILE}, {TILE}, {K}):\n            with T.block(\"C\"):\n                vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n                C[{ct}, {cl}] = C[{ct}, {cl}] + T.Cast(\"int32\", A[{at}, {al}]) * T.Cast(\"int32\", B[{bt}, {bl}])\n",
        warp_buffer("A", "a", "int8", LOCAL_SIZE, K),
        warp_buffer("B", "b", "int8", LOCAL_SIZE, b_factor),
        warp_buffer("C", "c", "int32", super::mma::LOCAL_SIZE, TILE),
        super::mma::LOCAL_SIZE,
        super::mma::LOCAL_SIZE,
    )
}

#[cfg(test)]
mod tests {
    /// The layout is a bijection of the 16x32 tile onto 32 lanes x 16
    /// registers, and for A it is the m16n8k32 fragment layout: byte b of
    /// 32-bit register m of lane l holds row l/4 + 8*(m%2), column
    /// 16*(m/2) + 4*(l%4) + b.
    #[test]
    fn the_layout_is_a_fragment_layout() {
        let mut seen = [[false; 16]; 32];
        for i in 0..16i64 {
            for j in 0..32i64 {
                let lane = 4 * (i % 8) + (j % 16) / 4;
                let reg = 8 * (j / 16) + (i / 8) * 4 + j % 4;
                assert!(!seen[lane as usize][reg as usize]);
                seen[lane as usize][reg as usize] = true;
                let (m, b) = (reg / 4, reg % 4);
                assert_eq!(i, lane / 4 + 8 * (m % 2));
                assert_eq!(j, 16 * (m / 2) + 4 * (lane % 4) + b);
            }
        }
    }

    /// B as (k, n): a bijection of the 32x16 tile, and the B fragment of
    /// `mma_i8i8i32_trans_b`'s tile transposed (so one mma serves both).
    #[test]
    fn the_32x16_layout_is_the_b_fragment() {
        let mut seen = [[false; 16]; 32];
        for k in 0..32i64 {
            for n in 0..16i64 {
                let lane = (k % 16) / 4 + 4 * (n % 8);
                let reg = 8 * (n / 8) + (k / 16) * 4 + k % 4;
                assert!(!seen[lane as usize][reg as usize]);
                seen[lane as usize][reg as usize] = true;
                let (m, b) = (reg / 4, reg % 4);
                assert_eq!(n, lane / 4 + 8 * (m / 2));
                assert_eq!(k, 16 * (m % 2) + 4 * (lane % 4) + b);
            }
        }
    }

    #[test]
    fn the_int8_mma_intrinsics_are_registered_under_tvms_names() {
        for name in [
            "mma_ldmatrix_i8_a",
            "mma_ldmatrix_i8_b_trans",
            "mma_ldmatrix_i8_b",
            "mma_i8i8i32_trans_b",
            "mma_i8i8i32",
            "mma_fill_16x16_i32",
            "mma_store_16x16_i32_global_",
        ] {
            assert!(super::super::get(name).is_some(), "{name}");
        }
        let text =
            crate::script::print_func(&super::super::get("mma_i8i8i32_trans_b").unwrap().desc);
        assert!(text.contains("T.grid(16, 16, 32)"), "{text}");
    }
}
