//! The MMA family in CUDA: inline PTX `ldmatrix` and
//! `mma.sync.aligned.m16n8k16`, and the fill and store loops, as device
//! functions the calls of a kernel name.
//!
//! A lane's share of a warp tile is 8 consecutive registers of its `warp`
//! array (`lower_warp_memory`): for fp16, 4 x 32-bit PTX registers. Register
//! r of lane l holds tile element (l/4 + 8*((r%4)/2), 2*(l%4) + r%2 + 8*(r/4)),
//! the m16n8k16 A and C fragment layout; the two m16n8k16 instructions of a
//! 16x16x16 mma take columns 0-7 (registers 0-3 of B and C) and 8-15
//! (registers 4-7). The helpers take pointers into the lane's arrays; once
//! they are inlined and the tile loops unrolled, nvcc keeps the arrays in
//! registers (TVM's generated code does the same casts).
//!
//! TVM: src/target/source/ptx.cc (PrintMMAAssembly, PrintLoadMatrixAssembly)
//! and the mma_fill / mma_store cases of codegen_cuda.cc.
//!
//! Invariant: prints text; decides nothing about the program.

use crate::ir::DataType;

/// The helper name `Writer::helpers` records when a kernel uses these.
pub const HELPER: &str = "tirtui_mma";
/// The int8 helpers (8-bit ldmatrix, m16n8k32), recorded besides `HELPER`
/// by kernels that use them, so that fp16 kernels do not carry them.
pub const HELPER_I8: &str = "tirtui_mma_i8";

/// The bf16 overloads (ldmatrix into bf16 registers, the bf16 x bf16 -> fp32
/// mma), recorded besides `HELPER` by kernels whose operands are bf16.
pub const HELPER_BF16: &str = "tirtui_mma_bf16";

/// Whether call `f` with first operand of type `t` needs `HELPER_I8`: an
/// ldmatrix into int8 registers, or an mma into int32 accumulators (whose
/// operands are int8: the only integer mma registered).
pub fn needs_i8_helpers(f: crate::ir::Intrinsic, t: DataType) -> bool {
    use crate::ir::Intrinsic;
    matches!(
        (f, t),
        (Intrinsic::MmaLdmatrix, DataType::I8) | (Intrinsic::MmaSync, DataType::I32)
    )
}

/// The call text of `ldmatrix` into `dst` from the row address `src`.
pub fn ldmatrix(dst: &str, src: &str, trans: bool) -> String {
    let t = if trans { "_trans" } else { "" };
    format!("tirtui_ldmatrix_x4{t}(&{dst}, &{src})")
}

/// The call text of a 16x16x16 mma with accumulators of type `acc` (for
/// int32 accumulators, the 16x16x32 int8 mma).
pub fn mma(c: &str, a: &str, b: &str, acc: DataType) -> String {
    if acc == DataType::I32 {
        return format!("tirtui_mma_16x16x32_s8s8s32(&{c}, &{a}, &{b})");
    }
    format!("tirtui_mma_16x16x16_{}(&{c}, &{a}, &{b})", suffix(acc))
}

pub fn fill(c: &str, acc: DataType) -> String {
    format!("tirtui_mma_fill_{}(&{c})", suffix(acc))
}

pub fn store(src: &str, dst: &str, ldm: &str, lane: &str, ty: DataType) -> String {
    format!(
        "tirtui_mma_store_{}(&{dst}, &{src}, {ldm}, {lane})",
        suffix(ty)
    )
}

fn suffix(t: DataType) -> &'static str {
    match t {
        DataType::F16 => "f16",
        DataType::I32 => "i32",
        _ => "f32",
    }
}

/// The device functions, once per translation unit.
pub fn helper_source() -> String {
    let mut s = String::new();
    for (trans, t) in [(false, ""), (true, ".trans")] {
        let name = if trans { "_trans" } else { "" };
        s.push_str(&format!(
            "__device__ __forceinline__ void tirtui_ldmatrix_x4{name}(half* dst, const half* src) {{\n  \
             unsigned int addr = (unsigned int)__cvta_generic_to_shared(src);\n  \
             unsigned int* d = (unsigned int*)dst;\n  \
             asm volatile(\"ldmatrix.sync.aligned.m8n8.x4{t}.shared.b16 {{%0, %1, %2, %3}}, [%4];\\n\"\n    \
             : \"=r\"(d[0]), \"=r\"(d[1]), \"=r\"(d[2]), \"=r\"(d[3]) : \"r\"(addr));\n\
             }}\n"
        ));
    }
    s.push_str(
        "__device__ __forceinline__ void tirtui_mma_16x16x16_f32(float* c, const half* a, const half* b) {\n  \
         const unsigned int* A = (const unsigned int*)a;\n  \
         const unsigned int* B = (const unsigned int*)b;\n  \
         #pragma unroll\n  for (int h = 0; h < 2; ++h) {\n    \
         float* C = c + 4 * h;\n    \
         asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\\n\"\n      \
         : \"+f\"(C[0]), \"+f\"(C[1]), \"+f\"(C[2]), \"+f\"(C[3])\n      \
         : \"r\"(A[0]), \"r\"(A[1]), \"r\"(A[2]), \"r\"(A[3]), \"r\"(B[2 * h]), \"r\"(B[2 * h + 1]));\n  \
         }\n\
         }\n",
    );
    s.push_str(
        "__device__ __forceinline__ void tirtui_mma_16x16x16_f16(half* c, const half* a, const half* b) {\n  \
         const unsigned int* A = (const unsigned int*)a;\n  \
         const unsigned int* B = (const unsigned int*)b;\n  \
         unsigned int* C = (unsigned int*)c;\n  \
         #pragma unroll\n  for (int h = 0; h < 2; ++h) {\n    \
         asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};\\n\"\n      \
         : \"+r\"(C[2 * h]), \"+r\"(C[2 * h + 1])\n      \
         : \"r\"(A[0]), \"r\"(A[1]), \"r\"(A[2]), \"r\"(A[3]), \"r\"(B[2 * h]), \"r\"(B[2 * h + 1]));\n  \
         }\n\
         }\n",
    );
    for (sfx, ty, zero, pair) in [
        ("f32", "float", "0.0f", "float2"),
        ("f16", "half", "__float2half_rn(0.0f)", "half2"),
        ("i32", "int", "0", "int2"),
    ] {
        s.push_str(&format!(
            "__device__ __forceinline__ void tirtui_mma_fill_{sfx}({ty}* c) {{\n  \
             #pragma unroll\n  for (int r = 0; r < 8; ++r) c[r] = {zero};\n\
             }}\n"
        ));
        // Register r of lane l is element (l/4 + 8*((r%4)/2), 2*(l%4) + r%2 + 8*(r/4)):
        // registers 2p and 2p+1 are neighbours in a row, stored as one pair
        // where that is aligned (an even ldm and an aligned tile base).
        s.push_str(&format!(
            "__device__ __forceinline__ void tirtui_mma_store_{sfx}({ty}* dst, const {ty}* c, int ldm, int lane) {{\n  \
             #pragma unroll\n  \
             for (int p = 0; p < 4; ++p) {{\n    \
             int row = lane / 4 + 8 * (p % 2);\n    \
             int col = 2 * (lane % 4) + 8 * (p / 2);\n    \
             if (ldm % 2 == 0 && (unsigned long long)dst % sizeof({pair}) == 0) {{\n      \
             {pair} v;\n      \
             v.x = c[2 * p];\n      \
             v.y = c[2 * p + 1];\n      \
             *({pair}*)&dst[row * ldm + col] = v;\n    \
             }} else {{\n      \
             dst[row * ldm + col] = c[2 * p];\n      \
             dst[row * ldm + col + 1] = c[2 * p + 1];\n    \
             }}\n  \
             }}\n\
             }}\n"
        ));
    }
    s
}

/// The int8 device functions: ldmatrix into int8 registers (an overload of
/// the fp16 one: the 8x8 b16 matrices are 8 rows of 16 int8, no transpose)
/// and the 16x16x32 s8 x s8 -> s32 mma as two m16n8k32.
///
/// A lane's 16 int8 registers are 4 PTX registers; 32-bit register m holds,
/// in A, row l/4 + 8*(m%2), columns 16*(m/2) + 4*(l%4) + 0..3 (the m16n8k32
/// A fragment); in B (n, k), row l/4 + 8*(m/2), columns
/// 16*(m%2) + 4*(l%4) + 0..3, so registers 0-1 feed the first m16n8k32
/// (n 0-7) and 2-3 the second, as ldmatrix with TVM's lane rows for B puts them. C is the
/// 16x16 int32 tile in the layout of the fp16 family's float accumulators.
///
/// TVM: src/target/source/ptx.cc (PrintMMAAssembly for m16n8k32 s8).
pub fn helper_source_i8() -> String {
    let mut s = String::new();
    s.push_str(
        "__device__ __forceinline__ void tirtui_ldmatrix_x4(signed char* dst, const signed char* src) {\n  \
         unsigned int addr = (unsigned int)__cvta_generic_to_shared(src);\n  \
         unsigned int* d = (unsigned int*)dst;\n  \
         asm volatile(\"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\\n\"\n    \
         : \"=r\"(d[0]), \"=r\"(d[1]), \"=r\"(d[2]), \"=r\"(d[3]) : \"r\"(addr));\n\
         }\n",
    );
    s.push_str(
        "__device__ __forceinline__ void tirtui_mma_16x16x32_s8s8s32(int* c, const signed char* a, const signed char* b) {\n  \
         const unsigned int* A = (const unsigned int*)a;\n  \
         const unsigned int* B = (const unsigned int*)b;\n  \
         #pragma unroll\n  for (int h = 0; h < 2; ++h) {\n    \
         int* C = c + 4 * h;\n    \
         asm volatile(\"mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\\n\"\n      \
         : \"+r\"(C[0]), \"+r\"(C[1]), \"+r\"(C[2]), \"+r\"(C[3])\n      \
         : \"r\"(A[0]), \"r\"(A[1]), \"r\"(A[2]), \"r\"(A[3]), \"r\"(B[2 * h]), \"r\"(B[2 * h + 1]));\n  \
         }\n\
         }\n",
    );
    s
}

/// The bf16 device functions: overloads of the fp16 ldmatrix (the same
/// b16 matrices) and of the fp32-accumulating 16x16x16 mma, as two
/// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`, whose fragments
/// have the fp16 instruction's layout (PTX ISA, "Matrix fragments for
/// mma.m16n8k16 with floating point type").
pub fn helper_source_bf16() -> String {
    let mut s = String::new();
    for (trans, t) in [(false, ""), (true, ".trans")] {
        let name = if trans { "_trans" } else { "" };
        s.push_str(&format!(
            "__device__ __forceinline__ void tirtui_ldmatrix_x4{name}(nv_bfloat16* dst, const nv_bfloat16* src) {{\n  \
             unsigned int addr = (unsigned int)__cvta_generic_to_shared(src);\n  \
             unsigned int* d = (unsigned int*)dst;\n  \
             asm volatile(\"ldmatrix.sync.aligned.m8n8.x4{t}.shared.b16 {{%0, %1, %2, %3}}, [%4];\\n\"\n    \
             : \"=r\"(d[0]), \"=r\"(d[1]), \"=r\"(d[2]), \"=r\"(d[3]) : \"r\"(addr));\n\
             }}\n"
        ));
    }
    s.push_str(
        "__device__ __forceinline__ void tirtui_mma_16x16x16_f32(float* c, const nv_bfloat16* a, const nv_bfloat16* b) {\n  \
         const unsigned int* A = (const unsigned int*)a;\n  \
         const unsigned int* B = (const unsigned int*)b;\n  \
         #pragma unroll\n  for (int h = 0; h < 2; ++h) {\n    \
         float* C = c + 4 * h;\n    \
         asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\\n\"\n      \
         : \"+f\"(C[0]), \"+f\"(C[1]), \"+f\"(C[2]), \"+f\"(C[3])\n      \
         : \"r\"(A[0]), \"r\"(A[1]), \"r\"(A[2]), \"r\"(A[3]), \"r\"(B[2 * h]), \"r\"(B[2 * h + 1]));\n  \
         }\n\
         }\n",
    );
    s
}
