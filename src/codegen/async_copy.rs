//! Asynchronous global->shared copies (`cp.async`, sm_80+): the CUDA spelling
//! of the stores inside an `Async` statement, and of commit and wait.
//!
//! A store becomes `cp.async` only when it is a plain copy: the value is one
//! load of a global buffer of the same type, the target is shared memory, and
//! the access is 4, 8 or 16 bytes. 4 and 8 take `.ca` (through L1), the only
//! form PTX allows for them; 16 take `.cg` (L2 only), as TVM writes them, or
//! `.ca` where the pipelined loop says `cp_async_cache: "ca"`. Measured on the
//! H100 with ncu: the 4096^3 fp16 GEMM's 16-byte copies by `.cg` moved 1.5x
//! their size from L2 to the SMs (2.42 GB instead of 1.61 GB; L2 84% busy)
//! and by `.ca` exactly their size, 6-25% faster for the tensor-core
//! sessions; the double-buffered fp32 GEMMs ran 1-9% slower by `.ca`. Vector accesses are
//! aligned by construction (`lower::vectorize` proves it); a scalar is aligned
//! to its own size. Anything else stays a synchronous store, with a comment
//! saying why, which is correct because the wait only has fewer copies to wait
//! for. Devices before sm_80 get the synchronous copy from the same source.
//!
//! TVM: src/tir/transforms/inject_ptx_async_copy.cc and the ptx_cp_async
//! intrinsics of codegen_cuda.cc.
//!
//! Invariant: prints text; decides nothing about the program.

use crate::ir::{DataType, Expr, StorageScope};
use crate::lower::lir::{LStore, Lowered};

/// The helper name `Writer::helpers` records when a kernel uses these.
pub const HELPER: &str = "tirtui_cp_async";

/// The helper name of the 16-byte copy through L1, recorded only by kernels
/// that use it.
pub const HELPER_L1: &str = "tirtui_cp_async_l1";

/// One copy function: `tirtui_cp_async_{name}` copies `bytes` bytes by
/// `cp.async.{cache}`, or synchronously before sm_80.
fn copy_function(name: &str, bytes: usize, cache: &str, ty: &str) -> String {
    format!(
        "__device__ __forceinline__ void tirtui_cp_async_{name}(void* dst, const void* src) {{\n\
         #if __CUDA_ARCH__ >= 800\n  \
         unsigned int d = (unsigned int)__cvta_generic_to_shared(dst);\n  \
         asm volatile(\"cp.async.{cache}.shared.global [%0], [%1], {bytes};\\n\" :: \"r\"(d), \"l\"(src) : \"memory\");\n\
         #else\n  \
         *({ty}*)dst = *(const {ty}*)src;\n\
         #endif\n\
         }}\n"
    )
}

/// The 16-byte copy through L1 (`cp_async_cache: "ca"`).
pub fn helper_source_l1() -> String {
    copy_function("16_l1", 16, "ca", "uint4")
}

/// The device functions and the wait macro, once per translation unit.
pub fn helper_source() -> String {
    let mut s = String::new();
    for (bytes, cache, ty) in [
        (4, "ca", "unsigned int"),
        (8, "ca", "uint2"),
        (16, "cg", "uint4"),
    ] {
        s.push_str(&copy_function(&bytes.to_string(), bytes, cache, ty));
    }
    s.push_str(
        "__device__ __forceinline__ void tirtui_cp_async_commit() {\n\
         #if __CUDA_ARCH__ >= 800\n  \
         asm volatile(\"cp.async.commit_group;\\n\" ::: \"memory\");\n\
         #endif\n\
         }\n\
         #if __CUDA_ARCH__ >= 800\n\
         #define TIRTUI_CP_ASYNC_WAIT(n) asm volatile(\"cp.async.wait_group \" #n \";\\n\" ::: \"memory\")\n\
         #else\n\
         #define TIRTUI_CP_ASYNC_WAIT(n)\n\
         #endif\n",
    );
    s
}

/// Why a store inside an async statement cannot be a `cp.async` of `bytes`
/// bytes; `None` when it can.
pub fn not_a_copy(f: &Lowered, st: &LStore, bytes: usize) -> Option<String> {
    let dst = f.buffer(st.buffer);
    if !dst.scope.is_shared() {
        return Some(format!("{} is not in shared memory", dst.name));
    }
    let Expr::Load(src, _) = &st.value else {
        return Some("the stored value is not a single load".into());
    };
    let s = f.buffer(*src);
    if s.scope != StorageScope::Global {
        return Some(format!("{} is not in global memory", s.name));
    }
    if s.dtype != dst.dtype || dst.dtype == DataType::Bool {
        return Some(format!("{} and {} differ in type", s.name, dst.name));
    }
    if !matches!(bytes, 4 | 8 | 16) {
        return Some(format!(
            "{bytes}-byte accesses (cp.async copies 4, 8 or 16)"
        ));
    }
    None
}

/// The statement for one `cp.async` of `bytes` bytes (16 through L1 when
/// `through_l1`).
pub fn copy_line(bytes: usize, through_l1: bool, dst: &str, src: &str) -> String {
    let l1 = if bytes == 16 && through_l1 { "_l1" } else { "" };
    format!("tirtui_cp_async_{bytes}{l1}({dst}, {src});")
}

pub fn commit_line() -> &'static str {
    "tirtui_cp_async_commit();"
}

pub fn wait_line(n: u32) -> String {
    format!("TIRTUI_CP_ASYNC_WAIT({n});")
}
