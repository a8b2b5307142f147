//! The WMMA int8 family, as TVM 0.27 registers it in
//! `python/tvm/s_tir/tensor_intrin/cuda.py`: 16x16x16 signed 8-bit loads
//! from shared memory (plain and transposed), the s8 x s8 -> s32 mma (B
//! plain or transposed), the s32 fill, and s32 stores to global or shared
//! memory. TVM builds them with the fp16 family's generators, so the
//! descriptions here are `wmma.rs`'s with other dtypes; the products are
//! exact in int32 (each is at most 2^14 in magnitude).

use super::wmma::{fill_desc, load_desc, store_desc, sync_desc, WmmaOp};
use super::{Implementation, Registration};

pub fn registrations() -> Vec<Registration> {
    let mut out = Vec::new();
    for (name, shared, is_b, col_major) in [
        ("wmma_load_16x16x16_s8_a_shared", "shared", false, false),
        (
            "wmma_load_16x16x16_s8_a_shared_dyn",
            "shared.dyn",
            false,
            false,
        ),
        ("wmma_load_16x16x16_s8_b_shared", "shared", true, false),
        (
            "wmma_load_16x16x16_s8_b_shared_dyn",
            "shared.dyn",
            true,
            false,
        ),
        (
            "wmma_load_16x16x16_s8_a_trans_shared",
            "shared",
            false,
            true,
        ),
        (
            "wmma_load_16x16x16_s8_a_trans_shared_dyn",
            "shared.dyn",
            false,
            true,
        ),
        ("wmma_load_16x16x16_s8_b_trans_shared", "shared", true, true),
        (
            "wmma_load_16x16x16_s8_b_trans_shared_dyn",
            "shared.dyn",
            true,
            true,
        ),
    ] {
        out.push(Registration {
            name,
            desc: load_desc("int8", shared, is_b, col_major),
            implementation: Implementation::Wmma(WmmaOp::Load { is_b, col_major }),
        });
    }
    out.push(Registration {
        name: "wmma_fill_16x16x16_s32",
        desc: fill_desc("int32"),
        implementation: Implementation::Wmma(WmmaOp::Fill),
    });
    for (name, b_transposed) in [
        ("wmma_sync_16x16x16_s8s8s32", false),
        ("wmma_sync_16x16x16_s8s8s32_trans", true),
    ] {
        out.push(Registration {
            name,
            desc: sync_desc("int8", "int32", b_transposed),
            implementation: Implementation::Wmma(WmmaOp::Sync { b_transposed }),
        });
    }
    for (name, scope) in [
        ("wmma_store_16x16x16_s32_global", "global"),
        ("wmma_store_16x16x16_s32_shared", "shared"),
        ("wmma_store_16x16x16_s32_shared_dyn", "shared.dyn"),
    ] {
        out.push(Registration {
            name,
            desc: store_desc("int32", scope),
            implementation: Implementation::Wmma(WmmaOp::Store),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::ir::{DataType, StorageScope};

    fn param_dtypes(name: &str) -> Vec<(DataType, StorageScope)> {
        let t = super::super::get(name).unwrap_or_else(|| panic!("{name} is not registered"));
        t.desc
            .param_buffers()
            .iter()
            .map(|&b| (t.desc.buffer(b).dtype, t.desc.buffer(b).scope))
            .collect()
    }

    /// The operands carry TVM's dtypes and scopes: int8 in the A/B
    /// fragments, int32 in the accumulator and what is stored from it.
    #[test]
    fn the_int8_intrinsics_have_tvms_dtypes_and_scopes() {
        assert_eq!(
            param_dtypes("wmma_sync_16x16x16_s8s8s32_trans"),
            [
                (DataType::I8, StorageScope::WmmaMatrixA),
                (DataType::I8, StorageScope::WmmaMatrixB),
                (DataType::I32, StorageScope::WmmaAccumulator),
            ]
        );
        assert_eq!(
            param_dtypes("wmma_load_16x16x16_s8_b_trans_shared_dyn"),
            [
                (DataType::I8, StorageScope::SharedDyn),
                (DataType::I8, StorageScope::WmmaMatrixB),
            ]
        );
        assert_eq!(
            param_dtypes("wmma_fill_16x16x16_s32"),
            [(DataType::I32, StorageScope::WmmaAccumulator)]
        );
        assert_eq!(
            param_dtypes("wmma_store_16x16x16_s32_global"),
            [
                (DataType::I32, StorageScope::WmmaAccumulator),
                (DataType::I32, StorageScope::Global),
            ]
        );
    }

    /// The transposed sync reads B as (n, k), the plain one as (k, n).
    #[test]
    fn the_transposed_sync_reads_b_by_n_then_k() {
        let text = |n: &str| crate::script::print_func(&super::super::get(n).unwrap().desc);
        assert!(text("wmma_sync_16x16x16_s8s8s32_trans").contains("B[vjj, vkk]"));
        assert!(text("wmma_sync_16x16x16_s8s8s32").contains("B[vkk, vjj]"));
    }
}
