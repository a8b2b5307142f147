//! Hopper's warpgroup MMA (`wgmma.mma_async.sync.aligned.m64nNk16`) as
//! tensor intrinsics, named after the MMA family: `wgmma_m64n{N}k16_
//! {f16f16f32,bf16bf16f32}_ss` (A and B from shared memory, fp32
//! accumulators), `wgmma_fill_m64n{N}_f32` and `wgmma_store_m64n{N}_f32_
//! global` for the accumulator fragment, N in {64, 128, 256}; and the s8
//! family `wgmma_m64n{N}k32_s8s8s32_ss[_sw128]` (k 32: 32 bytes of 8-bit
//! operands), `wgmma_fill_m64n{N}_s32`, `wgmma_store_m64n{N}_s32_global`
//! with s32 accumulators in the same fragment. TVM 0.27 registers none (its
//! Hopper kernels are hand-written TIRx).
//!
//! The accumulator is a `warp` buffer of 128 lanes (the warpgroup's threads)
//! by N/2 registers: element (i, j) of the 64xN tile is register
//! `4 * (j // 8) + i % 16 // 8 * 2 + j % 2` of thread
//! `32 * (i // 16) + 4 * (i % 8) + j % 8 // 2` (PTX's wgmma D fragment,
//! `simt::wgmma::accumulator_element`; warp w holds rows 16w..16w+15 as the
//! m16n8 fragment repeated every 8 columns).
//!
//! A and B are read by the hardware through shared-memory descriptors, so
//! their layout is part of the description: 8x8 core matrices of 16 bytes
//! a row, as `transform_layout(..., lambda r, c: (r // 8, c // 8, r % 8,
//! c % 8))` lays a shared tile out. A (64x16) is K-major, `A[m // 8, k // 8,
//! m % 8, k % 8]`; B (16xN) is N-major, `B[k // 8, n // 8, k % 8, n % 8]`:
//! the row-major A[M, K] and B[K, N] of a GEMM. The strides of the two outer
//! axes become the descriptors' leading and stride byte offsets. The
//! `_ss_sw128` variants read 128-byte swizzled rows (`buffer_swizzle: 128`,
//! `lower::swizzle_layout`): A a `[64, 16]` window of a tile of 64-element
//! rows, B `[N // 64, 16, 64]` (64-column panels of 128-byte rows).
//!
//! The s8 intrinsics read both operands K-major: PTX's transpose bits
//! exist only for 16-bit types, so B must be the GEMM's (n, k) operand
//! (`gemm_i8_4096.tir`, as cuBLAS's int8 GEMM and TVM's `_trans_b` MMA
//! intrinsics take it). Core matrices are 8 rows of 16 int8:
//! `lambda r, c: (r // 8, c // 16, r % 8, c % 16)` for both, A
//! `A[m // 8, k // 16, m % 8, k % 16]` and B `B[n // 8, k // 16, n % 8,
//! k % 16]`; swizzled, A and B are windows `[64, 32]` and `[N, 32]` of
//! tiles of 128-int8 rows.
//!
//! Invariant: descriptions and names only; lowering, codegen and the
//! simulator give them their meaning.

use super::{Implementation, Registration};
use crate::ir::DataType;

/// What the kernel runs for a block tensorized with a wgmma intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WgmmaOp {
    /// One `wgmma.mma_async` m64nNk16 (fp16/bf16) or m64nNk32 (s8) on
    /// `operand` elements (fenced, committed and waited for); `sw128`: the
    /// operands are row-major tiles of 128-byte swizzled rows.
    Mma {
        n: i64,
        operand: DataType,
        sw128: bool,
    },
    /// Zeroes each thread's N/2 accumulator registers.
    Fill { n: i64 },
    /// Each thread writes its N/2 registers into the 64xN tile.
    Store { n: i64 },
}

impl WgmmaOp {
    pub fn n(self) -> i64 {
        match self {
            WgmmaOp::Mma { n, .. } | WgmmaOp::Fill { n } | WgmmaOp::Store { n } => n,
        }
    }
}

/// Threads of a warpgroup: the lanes of an accumulator buffer.
pub const WARPGROUP: i64 = 128;
/// The m of every instruction, the k of the 16-bit ones and of the s8 ones.
pub const M: i64 = 64;
pub const K: i64 = 16;
pub const K_S8: i64 = 32;
/// int8 elements in a core matrix's 16-byte row.
pub const CORE_S8_ROW: i64 = 16;
/// int8 elements of a 128-byte swizzled row.
pub const SW128_ROW_S8: i64 = 128;
/// The N each intrinsic is registered for.
pub const NS: [i64; 3] = [64, 128, 256];
/// Rows (and 16-byte columns) of a core matrix.
pub const CORE: i64 = 8;

/// The accumulator's (thread, register) of tile element (`i`, `j`), as
/// TVMScript expressions.
pub fn accumulator_layout(i: &str, j: &str) -> (String, String) {
    (
        format!("32 * ({i} // 16) + 4 * ({i} % 8) + {j} % 8 // 2"),
        format!("4 * ({j} // 8) + {i} % 16 // 8 * 2 + {j} % 2"),
    )
}

pub fn registrations() -> Vec<Registration> {
    let mut out = Vec::new();
    for n in NS {
        for (types, dtype, operand) in [
            ("f16f16f32", "float16", DataType::F16),
            ("bf16bf16f32", "bfloat16", DataType::BF16),
        ] {
            out.push(Registration {
                name: mma_name(n, K, types, ""),
                desc: mma_desc(n, dtype),
                implementation: Implementation::Wgmma(WgmmaOp::Mma {
                    n,
                    operand,
                    sw128: false,
                }),
            });
            out.push(Registration {
                name: mma_name(n, K, types, "_sw128"),
                desc: mma_desc_sw128(n, dtype),
                implementation: Implementation::Wgmma(WgmmaOp::Mma {
                    n,
                    operand,
                    sw128: true,
                }),
            });
        }
        for sw128 in [false, true] {
            out.push(Registration {
                name: mma_name(n, K_S8, "s8s8s32", if sw128 { "_sw128" } else { "" }),
                desc: mma_desc_s8(n, sw128),
                implementation: Implementation::Wgmma(WgmmaOp::Mma {
                    n,
                    operand: DataType::I8,
                    sw128,
                }),
            });
        }
        out.push(Registration {
            name: leak(format!("wgmma_fill_m64n{n}_s32")),
            desc: fill_desc_typed(n, "int32", "T.int32(0)"),
            implementation: Implementation::Wgmma(WgmmaOp::Fill { n }),
        });
        out.push(Registration {
            name: leak(format!("wgmma_store_m64n{n}_s32_global")),
            desc: store_desc_typed(n, "int32"),
            implementation: Implementation::Wgmma(WgmmaOp::Store { n }),
        });
        out.push(Registration {
            name: leak(format!("wgmma_fill_m64n{n}_f32")),
            desc: fill_desc(n),
            implementation: Implementation::Wgmma(WgmmaOp::Fill { n }),
        });
        out.push(Registration {
            name: leak(format!("wgmma_store_m64n{n}_f32_global")),
            desc: store_desc(n),
            implementation: Implementation::Wgmma(WgmmaOp::Store { n }),
        });
    }
    out
}

fn mma_name(n: i64, k: i64, types: &str, layout: &str) -> &'static str {
    leak(format!("wgmma_m64n{n}k{k}_{types}_ss{layout}"))
}

/// Registrations are made once (`tensor_intrin::all` keeps them for the
/// program's life), so their formatted names live as long.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn acc_buffer(name: &str, handle: &str, n: i64) -> String {
    acc_buffer_typed(name, handle, n, "float32")
}

fn acc_buffer_typed(name: &str, handle: &str, n: i64, dtype: &str) -> String {
    format!(
        "    {name} = T.match_buffer({handle}, ({WARPGROUP}, {}), \"{dtype}\", align=64, offset_factor=1, scope=\"warp\")\n",
        n / 2
    )
}

/// D += A x B on a 64xNx32 tile of s8 operands into s32, both K-major: in
/// 8x16 core matrices, or (`sw128`) windows of 128-int8 swizzled rows.
fn mma_desc_s8(n: i64, sw128: bool) -> String {
    let (lane, reg) = accumulator_layout("vi", "vj");
    let (row, ck) = (CORE_S8_ROW, K_S8 / CORE_S8_ROW);
    let (a_shape, b_shape, a_at, b_at) = if sw128 {
        (
            format!("{M}, {K_S8}"),
            format!("{n}, {K_S8}"),
            "vi, vk".to_string(),
            "vj, vk".to_string(),
        )
    } else {
        (
            format!("{}, {ck}, {CORE}, {row}", M / CORE),
            format!("{}, {ck}, {CORE}, {row}", n / CORE),
            format!("vi // {CORE}, vk // {row}, vi % {CORE}, vk % {row}"),
            format!("vj // {CORE}, vk // {row}, vj % {CORE}, vk % {row}"),
        )
    };
    let full = |shape: &str| {
        shape
            .split(", ")
            .map(|d| format!("0:{d}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "@T.prim_func\ndef wgmma_desc(a: T.handle, b: T.handle, c: T.handle):\n    A = T.match_buffer(a, ({a_shape}), \"int8\", align=64, offset_factor=1, scope=\"shared\")\n    B = T.match_buffer(b, ({b_shape}), \"int8\", align=64, offset_factor=1, scope=\"shared\")\n{}    with T.block(\"root\"):\n        T.reads(C[0:{WARPGROUP}, 0:{regs}], A[{}], B[{}])\n        T.writes(C[0:{WARPGROUP}, 0:{regs}])\n        for i, j, k in T.grid({M}, {n}, {K_S8}):\n            with T.block(\"C\"):\n                vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n                C[{lane}, {reg}] = C[{lane}, {reg}] + T.Cast(\"int32\", A[{a_at}]) * T.Cast(\"int32\", B[{b_at}])\n",
        acc_buffer_typed("C", "c", n, "int32"),
        full(&a_shape),
        full(&b_shape),
        regs = n / 2,
    )
}

/// D += A x B on a 64xNx16 tile, A K-major and B N-major in core matrices.
fn mma_desc(n: i64, dtype: &str) -> String {
    let (lane, reg) = accumulator_layout("vi", "vj");
    let (cm, ck, cn) = (M / CORE, K / CORE, n / CORE);
    format!(
        "@T.prim_func\ndef wgmma_desc(a: T.handle, b: T.handle, c: T.handle):\n    A = T.match_buffer(a, ({cm}, {ck}, {CORE}, {CORE}), \"{dtype}\", align=64, offset_factor=1, scope=\"shared\")\n    B = T.match_buffer(b, ({ck}, {cn}, {CORE}, {CORE}), \"{dtype}\", align=64, offset_factor=1, scope=\"shared\")\n{}    with T.block(\"root\"):\n        T.reads(C[0:{WARPGROUP}, 0:{regs}], A[0:{cm}, 0:{ck}, 0:{CORE}, 0:{CORE}], B[0:{ck}, 0:{cn}, 0:{CORE}, 0:{CORE}])\n        T.writes(C[0:{WARPGROUP}, 0:{regs}])\n        for i, j, k in T.grid({M}, {n}, {K}):\n            with T.block(\"C\"):\n                vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n                C[{lane}, {reg}] = C[{lane}, {reg}] + T.Cast(\"float32\", A[vi // 8, vk // 8, vi % 8, vk % 8]) * T.Cast(\"float32\", B[vk // 8, vj // 8, vk % 8, vj % 8])\n",
        acc_buffer("C", "c", n),
        regs = n / 2,
    )
}

/// Elements of a 128-byte swizzled row of 16-bit operands.
pub const SW128_ROW: i64 = 64;

/// D += A x B on a 64xNx16 tile whose operands lie in 128-byte swizzled
/// rows (`buffer_swizzle: 128`): A K-major, a [64, 16] window of a tile of
/// 64-element rows; B N-major, `B[n // 64, k, n % 64]`: N in panels of 64
/// columns, each a stack of 128-byte rows.
fn mma_desc_sw128(n: i64, dtype: &str) -> String {
    let (lane, reg) = accumulator_layout("vi", "vj");
    let (row, panels) = (SW128_ROW, n / SW128_ROW);
    format!(
        "@T.prim_func\ndef wgmma_desc(a: T.handle, b: T.handle, c: T.handle):\n    A = T.match_buffer(a, ({M}, {K}), \"{dtype}\", align=64, offset_factor=1, scope=\"shared\")\n    B = T.match_buffer(b, ({panels}, {K}, {row}), \"{dtype}\", align=64, offset_factor=1, scope=\"shared\")\n{}    with T.block(\"root\"):\n        T.reads(C[0:{WARPGROUP}, 0:{regs}], A[0:{M}, 0:{K}], B[0:{panels}, 0:{K}, 0:{row}])\n        T.writes(C[0:{WARPGROUP}, 0:{regs}])\n        for i, j, k in T.grid({M}, {n}, {K}):\n            with T.block(\"C\"):\n                vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n                C[{lane}, {reg}] = C[{lane}, {reg}] + T.Cast(\"float32\", A[vi, vk]) * T.Cast(\"float32\", B[vj // {row}, vk, vj % {row}])\n",
        acc_buffer("C", "c", n),
        regs = n / 2,
    )
}

fn fill_desc(n: i64) -> String {
    fill_desc_typed(n, "float32", "T.float32(0)")
}

fn fill_desc_typed(n: i64, dtype: &str, zero: &str) -> String {
    let (lane, reg) = accumulator_layout("i", "j");
    format!(
        "@T.prim_func\ndef wgmma_fill_desc(a: T.handle):\n{}    with T.block(\"root\"):\n        T.reads()\n        T.writes(C[0:{WARPGROUP}, 0:{regs}])\n        for i0, i1 in T.grid({M}, {n}):\n            with T.block(\"C\"):\n                i, j = T.axis.remap(\"SS\", [i0, i1])\n                C[{lane}, {reg}] = {zero}\n",
        acc_buffer_typed("C", "a", n, dtype),
        regs = n / 2,
    )
}

fn store_desc(n: i64) -> String {
    store_desc_typed(n, "float32")
}

fn store_desc_typed(n: i64, dtype: &str) -> String {
    let (lane, reg) = accumulator_layout("v0", "v1");
    format!(
        "@T.prim_func\ndef wgmma_store_desc(a: T.handle, d: T.handle):\n{}    D = T.match_buffer(d, ({M}, {n}), \"{dtype}\", scope=\"global\")\n    with T.block(\"root\"):\n        T.reads(C[0:{WARPGROUP}, 0:{regs}])\n        T.writes(D[0:{M}, 0:{n}])\n        for i0, i1 in T.grid({M}, {n}):\n            with T.block(\"C\"):\n                v0, v1 = T.axis.remap(\"SS\", [i0, i1])\n                D[v0, v1] = C[{lane}, {reg}]\n",
        acc_buffer_typed("C", "a", n, dtype),
        regs = n / 2,
    )
}

#[cfg(test)]
mod tests {
    /// The description's layout is the hardware model's fragment, inverted.
    #[test]
    fn the_accumulator_layout_inverts_the_fragment() {
        for t in 0..128usize {
            for r in 0..128usize {
                let (i, j) = crate::simt::wgmma::accumulator_element(t, r);
                let lane = 32 * (i / 16) + 4 * (i % 8) + j % 8 / 2;
                let reg = 4 * (j / 8) + i % 16 / 8 * 2 + j % 2;
                assert_eq!((lane, reg), (t, r), "({i}, {j})");
            }
        }
    }

    #[test]
    fn every_wgmma_intrinsic_is_registered() {
        for n in super::NS {
            for name in [
                format!("wgmma_m64n{n}k16_f16f16f32_ss"),
                format!("wgmma_m64n{n}k16_f16f16f32_ss_sw128"),
                format!("wgmma_m64n{n}k16_bf16bf16f32_ss_sw128"),
                format!("wgmma_m64n{n}k16_bf16bf16f32_ss"),
                format!("wgmma_fill_m64n{n}_f32"),
                format!("wgmma_store_m64n{n}_f32_global"),
                format!("wgmma_m64n{n}k32_s8s8s32_ss"),
                format!("wgmma_m64n{n}k32_s8s8s32_ss_sw128"),
                format!("wgmma_fill_m64n{n}_s32"),
                format!("wgmma_store_m64n{n}_s32_global"),
            ] {
                assert!(super::super::get(&name).is_some(), "{name}");
            }
        }
    }
}
