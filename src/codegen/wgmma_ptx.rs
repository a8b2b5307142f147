//! Hopper's warpgroup MMA in CUDA: inline PTX `wgmma.mma_async` m64nNk16
//! (fp16 or bf16 operands from shared memory, fp32 accumulators) and
//! m64nNk32 `.s32.s8.s8` (s8 operands, both K-major, s32 accumulators), the
//! 64-bit shared-memory matrix descriptors it reads its operands through,
//! and `wgmma.fence` / `commit_group` / `wait_group`, as device functions.
//!
//! A thread's share of the 64xN accumulator is N/2 floats, in PTX's
//! fragment order (`simt::wgmma::accumulator_element`); the helper takes a
//! pointer to them and names each as a `+f` operand, so that once inlined
//! with constant indices they stay in registers. The descriptor is built on
//! the device from the operand's shared address:
//! `(addr & 0x3FFFF) >> 4 | (LBO >> 4) << 16 | (SBO >> 4) << 32 | swizzle << 62`
//! (`simt::wgmma::Descriptor::encode`, which the simulator decodes).
//!
//! wgmma exists only on sm_90a (the `a` architecture: code that runs on
//! Hopper and nothing later), so a translation unit that uses these carries
//! `ARCH_MARKER` and the runtime compiles it for sm_90a, or refuses it on
//! another GPU (`needs_sm90a`).
//!
//! The accumulator store writes each thread's register pairs (r, r + 1:
//! adjacent columns of one row) as one 8-byte `float2`, so a warp's four
//! threads of a row fill whole 32-byte sectors; a destination not 8-byte
//! aligned (odd row stride or start) takes the scalar path.
//!
//! Invariant: prints text; decides nothing about the program.

use crate::ir::DataType;

/// The helper name `Writer::helpers` records when a kernel uses the
/// fence, commit, wait and descriptor helpers.
pub const HELPER: &str = "tirtui_wgmma";

/// The helper name of the s32 accumulator's fill and store (overloads of
/// the fp32 ones on `int*`).
pub const HELPER_S32: &str = "tirtui_wgmma_s32";

/// The line every translation unit using wgmma carries: what the runtime
/// looks for to pick sm_90a.
pub const ARCH_MARKER: &str = "// tirtui: wgmma needs sm_90a";

/// Whether a CUDA source uses wgmma (and so compiles only for sm_90a).
pub fn needs_sm90a(source: &str) -> bool {
    source.contains(ARCH_MARKER)
}

/// One wgmma instruction's variant: N, the operand type, and whether A is
/// M-major and B N-major in shared memory (`imm-trans-a`, `imm-trans-b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct WgmmaShape {
    pub n: u32,
    pub bf16: bool,
    /// s8 operands, k 32, s32 accumulators (both operands K-major).
    pub s8: bool,
    pub a_mn_major: bool,
    pub b_mn_major: bool,
}

impl WgmmaShape {
    /// For fp16 or bf16 operands, N a multiple of 8 from 8 to 256; for s8,
    /// N 8, 16, 24 or a multiple of 16 up to 256 and both operands K-major
    /// (PTX has no transpose for 8-bit types); `None` for anything else.
    pub fn new(n: u32, operand: DataType, a_mn_major: bool, b_mn_major: bool) -> Option<Self> {
        let (bf16, s8) = match operand {
            DataType::F16 => (false, false),
            DataType::BF16 => (true, false),
            DataType::I8 => (false, true),
            _ => return None,
        };
        let ok = if s8 {
            !a_mn_major
                && !b_mn_major
                && (matches!(n, 8 | 16 | 24) || (n.is_multiple_of(16) && (32..=256).contains(&n)))
        } else {
            n.is_multiple_of(8) && (8..=256).contains(&n)
        };
        ok.then_some(WgmmaShape {
            n,
            bf16,
            s8,
            a_mn_major,
            b_mn_major,
        })
    }

    /// The instruction's k: 32 bytes of operand.
    pub fn k(&self) -> u32 {
        if self.s8 {
            32
        } else {
            16
        }
    }

    /// The device function's name: `tirtui_wgmma_m64n128k16_f32_f16`, with
    /// `_ta` / `_tb` for M-major A / N-major B (`..k32_s32_s8` for s8).
    pub fn function(&self) -> String {
        format!(
            "tirtui_wgmma_m64n{}k{}_{}_{}{}{}",
            self.n,
            self.k(),
            if self.s8 { "s32" } else { "f32" },
            self.operand_name(),
            if self.a_mn_major { "_ta" } else { "" },
            if self.b_mn_major { "_tb" } else { "" }
        )
    }

    fn operand_name(&self) -> &'static str {
        if self.s8 {
            "s8"
        } else if self.bf16 {
            "bf16"
        } else {
            "f16"
        }
    }
}

/// Every variant's device-function name, made once: `Writer::helpers`
/// records names for the program's life.
fn all_shapes() -> &'static [(WgmmaShape, &'static str)] {
    static ALL: std::sync::OnceLock<Vec<(WgmmaShape, &'static str)>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut out = Vec::new();
        for n in (8..=256).step_by(8) {
            for operand in [DataType::F16, DataType::BF16, DataType::I8] {
                for (ta, tb) in [(false, false), (false, true), (true, false), (true, true)] {
                    if let Some(shape) = WgmmaShape::new(n, operand, ta, tb) {
                        let name: &'static str = Box::leak(shape.function().into_boxed_str());
                        out.push((shape, name));
                    }
                }
            }
        }
        out
    })
}

/// The helper name of a variant (its device function's name).
pub fn helper_name(shape: &WgmmaShape) -> &'static str {
    all_shapes()
        .iter()
        .find(|(s, _)| s == shape)
        .map_or(HELPER, |(_, name)| name)
}

/// The source of helper `name`: the common helpers or one variant's
/// device function; `None` for a name that is neither.
pub fn helper_source_named(name: &str) -> Option<String> {
    if name == HELPER {
        return Some(helper_source());
    }
    if name == HELPER_S32 {
        return Some(helper_source_s32());
    }
    all_shapes()
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(s, _)| mma_source(s))
}

/// The call text of a fill of a thread's `regs` accumulators at `acc`.
pub fn fill(acc: &str, regs: i64) -> String {
    format!("tirtui_wgmma_fill<{regs}>(&{acc})")
}

/// The call text of thread `thread`'s store of its `regs` accumulators at
/// `acc` into the 64xN tile at `dst` (row stride `ldm`).
pub fn store(acc: &str, dst: &str, ldm: &str, thread: &str, regs: i64) -> String {
    format!("tirtui_wgmma_store<{regs}>(&{dst}, &{acc}, {ldm}, {thread})")
}

/// The call text of one wgmma on the accumulator registers at `acc`.
pub fn mma(shape: &WgmmaShape, acc: &str, desc_a: &str, desc_b: &str, scale_d: &str) -> String {
    format!(
        "{}(&{acc}, {desc_a}, {desc_b}, {scale_d})",
        shape.function()
    )
}

/// The call text of a descriptor for the operand at shared address `smem`.
pub fn descriptor(smem: &str, leading: i64, stride: i64, swizzle: u64) -> String {
    format!("tirtui_wgmma_desc(&{smem}, {leading}u, {stride}u, {swizzle}u)")
}

/// The fence, commit, wait and descriptor helpers, once per translation unit.
pub fn helper_source() -> String {
    format!(
        "{ARCH_MARKER}\n\
         __device__ __forceinline__ unsigned long long tirtui_wgmma_desc(const void* smem, unsigned int lbo, unsigned int sbo, unsigned int swizzle) {{\n  \
         unsigned long long addr = (unsigned long long)__cvta_generic_to_shared(smem);\n  \
         return ((addr & 0x3FFFFull) >> 4) | ((unsigned long long)((lbo & 0x3FFFFu) >> 4) << 16)\n    \
         | ((unsigned long long)((sbo & 0x3FFFFu) >> 4) << 32) | ((unsigned long long)(swizzle & 3u) << 62);\n\
         }}\n\
         __device__ __forceinline__ void tirtui_wgmma_fence() {{\n  \
         asm volatile(\"fence.proxy.async.shared::cta;\\n\" ::: \"memory\");\n  \
         asm volatile(\"wgmma.fence.sync.aligned;\\n\" ::: \"memory\");\n\
         }}\n\
         __device__ __forceinline__ void tirtui_wgmma_commit() {{\n  \
         asm volatile(\"wgmma.commit_group.sync.aligned;\\n\" ::: \"memory\");\n\
         }}\n\
         template <int N>\n\
         __device__ __forceinline__ void tirtui_wgmma_wait() {{\n  \
         asm volatile(\"wgmma.wait_group.sync.aligned %0;\\n\" :: \"n\"(N) : \"memory\");\n\
         }}\n\
         template <int R>\n\
         __device__ __forceinline__ void tirtui_wgmma_fill(float* d) {{\n  \
         #pragma unroll\n  for (int r = 0; r < R; ++r) d[r] = 0.0f;\n\
         }}\n\
         template <int R>\n\
         __device__ __forceinline__ void tirtui_wgmma_store(float* dst, const float* d, int ldm, int t) {{\n  \
         int w = t / 32, l = t % 32;\n  \
         if (ldm % 2 == 0 && ((unsigned long long)dst & 7ull) == 0) {{\n    \
         #pragma unroll\n    for (int r = 0; r < R; r += 2) {{\n      \
         int i = 16 * w + l / 4 + 8 * ((r / 2) % 2);\n      \
         int j = 8 * (r / 4) + 2 * (l % 4);\n      \
         *(float2*)&dst[i * ldm + j] = make_float2(d[r], d[r + 1]);\n    \
         }}\n    \
         return;\n  \
         }}\n  \
         #pragma unroll\n  for (int r = 0; r < R; ++r) {{\n    \
         int i = 16 * w + l / 4 + 8 * ((r / 2) % 2);\n    \
         int j = 8 * (r / 4) + 2 * (l % 4) + r % 2;\n    \
         dst[i * ldm + j] = d[r];\n  \
         }}\n\
         }}\n"
    )
}

/// The s32 accumulator's fill and store: overloads of the fp32 helpers on
/// `int*` (same fragment, register pairs stored as one 8-byte `int2`).
pub fn helper_source_s32() -> String {
    "template <int R>\n\
     __device__ __forceinline__ void tirtui_wgmma_fill(int* d) {\n  \
     #pragma unroll\n  for (int r = 0; r < R; ++r) d[r] = 0;\n\
     }\n\
     template <int R>\n\
     __device__ __forceinline__ void tirtui_wgmma_store(int* dst, const int* d, int ldm, int t) {\n  \
     int w = t / 32, l = t % 32;\n  \
     if (ldm % 2 == 0 && ((unsigned long long)dst & 7ull) == 0) {\n    \
     #pragma unroll\n    for (int r = 0; r < R; r += 2) {\n      \
     int i = 16 * w + l / 4 + 8 * ((r / 2) % 2);\n      \
     int j = 8 * (r / 4) + 2 * (l % 4);\n      \
     *(int2*)&dst[i * ldm + j] = make_int2(d[r], d[r + 1]);\n    \
     }\n    \
     return;\n  \
     }\n  \
     #pragma unroll\n  for (int r = 0; r < R; ++r) {\n    \
     int i = 16 * w + l / 4 + 8 * ((r / 2) % 2);\n    \
     int j = 8 * (r / 4) + 2 * (l % 4) + r % 2;\n    \
     dst[i * ldm + j] = d[r];\n  \
     }\n\
     }\n"
        .to_string()
}

/// The device function of one wgmma variant: `d` holds the thread's N/2
/// accumulators; `scale_d` 0 ignores them (D = A x B), 1 adds to them.
pub fn mma_source(shape: &WgmmaShape) -> String {
    if shape.s8 {
        return mma_source_s8(shape);
    }
    let regs = shape.n as usize / 2;
    let d_list = (0..regs)
        .map(|i| format!("%{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let outputs = (0..regs)
        .map(|i| format!("\"+f\"(d[{i}])"))
        .collect::<Vec<_>>()
        .join(", ");
    let (da, db, scale) = (regs, regs + 1, regs + 2);
    let t = shape.operand_name();
    format!(
        "__device__ __forceinline__ void {name}(float* d, unsigned long long desc_a, unsigned long long desc_b, int scale_d) {{\n  \
         asm volatile(\"{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{scale}, 0;\\n\"\n    \
         \"wgmma.mma_async.sync.aligned.m64n{n}k16.f32.{t}.{t} {{{d_list}}}, %{da}, %{db}, p, 1, 1, {ta}, {tb};\\n}}\\n\"\n    \
         : {outputs}\n    \
         : \"l\"(desc_a), \"l\"(desc_b), \"r\"(scale_d));\n\
         }}\n",
        name = shape.function(),
        n = shape.n,
        ta = u8::from(shape.a_mn_major),
        tb = u8::from(shape.b_mn_major),
    )
}

/// An s8 variant: s32 accumulators as `+r` operands; the integer form
/// takes no scale or transpose immediates (both operands K-major).
fn mma_source_s8(shape: &WgmmaShape) -> String {
    let regs = shape.n as usize / 2;
    let d_list = (0..regs)
        .map(|i| format!("%{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let outputs = (0..regs)
        .map(|i| format!("\"+r\"(d[{i}])"))
        .collect::<Vec<_>>()
        .join(", ");
    let (da, db, scale) = (regs, regs + 1, regs + 2);
    format!(
        "__device__ __forceinline__ void {name}(int* d, unsigned long long desc_a, unsigned long long desc_b, int scale_d) {{\n  \
         asm volatile(\"{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{scale}, 0;\\n\"\n    \
         \"wgmma.mma_async.sync.aligned.m64n{n}k32.s32.s8.s8 {{{d_list}}}, %{da}, %{db}, p;\\n}}\\n\"\n    \
         : {outputs}\n    \
         : \"l\"(desc_a), \"l\"(desc_b), \"r\"(scale_d));\n\
         }}\n",
        name = shape.function(),
        n = shape.n,
    )
}

impl super::expr::ExprCtx<'_> {
    /// The text of a lowered wgmma call (`ptx_wgmma`, its fill, store,
    /// fence, commit and wait), with the helpers it needs recorded.
    pub fn wgmma_call(&mut self, f: crate::ir::Intrinsic, args: &[crate::ir::Expr]) -> String {
        use crate::ir::Intrinsic;
        self.helpers.insert(HELPER);
        let int = |i: usize| args.get(i).and_then(crate::ir::Expr::as_int).unwrap_or(0);
        let printed: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
        let p = |i: usize| printed.get(i).cloned().unwrap_or_default();
        if matches!(f, Intrinsic::WgmmaFill | Intrinsic::WgmmaStore)
            && args.first().map(|a| self.dtype(a)) == Some(DataType::I32)
        {
            self.helpers.insert(HELPER_S32);
        }
        match f {
            Intrinsic::WgmmaFence => "tirtui_wgmma_fence()".to_string(),
            Intrinsic::WgmmaCommit => "tirtui_wgmma_commit()".to_string(),
            Intrinsic::WgmmaWait => format!("tirtui_wgmma_wait<{}>()", int(0)),
            Intrinsic::WgmmaFill => fill(&p(0), int(1) / 2),
            Intrinsic::WgmmaStore => store(&p(0), &p(1), &p(4), &p(2), int(3) / 2),
            _ => {
                let operand = args.get(1).map(|a| self.dtype(a)).unwrap_or(DataType::F16);
                let n = int(3);
                // A K-major and B N-major for 16-bit operands, both K-major
                // for s8 (`tensor_intrin::wgmma`); the shape was checked
                // when the block was tensorized.
                let s8 = operand == DataType::I8;
                let Some(shape) = u32::try_from(n)
                    .ok()
                    .and_then(|n| WgmmaShape::new(n, operand, false, !s8))
                else {
                    return format!("/* no wgmma m64n{n} of {} */", operand.name());
                };
                self.helpers.insert(helper_name(&shape));
                let bytes = operand.bytes() as i64;
                // A: k-groups (LBO) along its inner core axis, m-groups (SBO)
                // along its outer one; B: k-groups along the outer, n-groups
                // along the inner (`simt::wgmma::element_address`).
                // A swizzled layout's row bytes follow the strides (`lower::
                // flatten_buffer`); the descriptor's mode 1/2/3 is 128/64/32B.
                let swizzle = match args.get(8).and_then(crate::ir::Expr::as_int) {
                    Some(128) => 1,
                    Some(64) => 2,
                    Some(32) => 3,
                    _ => 0,
                };
                let desc_a = descriptor(&p(1), int(5) * bytes, int(4) * bytes, swizzle);
                // A K-major B (s8) is read as A is: LBO its inner stride.
                let desc_b = if s8 {
                    descriptor(&p(2), int(7) * bytes, int(6) * bytes, swizzle)
                } else {
                    descriptor(&p(2), int(6) * bytes, int(7) * bytes, swizzle)
                };
                mma(&shape, &p(0), &desc_a, &desc_b, "1")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_wgmma_shapes_are_made() {
        assert!(WgmmaShape::new(128, DataType::F16, false, false).is_some());
        assert!(WgmmaShape::new(256, DataType::BF16, false, true).is_some());
        for (n, t) in [
            (0, DataType::F16),
            (12, DataType::F16),
            (264, DataType::F16),
            (64, DataType::F32),
            (64, DataType::I32),
            (40, DataType::I8),
        ] {
            assert_eq!(WgmmaShape::new(n, t, false, false), None, "{n} {t:?}");
        }
    }

    /// The epilogue stores registers r and r + 1 (r even) as one float2:
    /// that is right only if the fragment puts them side by side in one row
    /// at an even column (the simulator's layout says where each lands).
    #[test]
    fn the_store_pairs_registers_the_fragment_puts_side_by_side() {
        for t in 0..crate::simt::wgmma::WARPGROUP {
            for r in (0..128).step_by(2) {
                let (i, j) = crate::simt::wgmma::accumulator_element(t, r);
                assert_eq!(
                    crate::simt::wgmma::accumulator_element(t, r + 1),
                    (i, j + 1)
                );
                assert_eq!(j % 2, 0, "thread {t} register {r}");
            }
        }
        let src = helper_source();
        assert!(src.contains("*(float2*)&dst[i * ldm + j] = make_float2(d[r], d[r + 1]);"));
        // The scalar path stays for a destination a float2 cannot address.
        assert!(src.contains("if (ldm % 2 == 0 && ((unsigned long long)dst & 7ull) == 0)"));
        assert!(src.contains("dst[i * ldm + j] = d[r];"));
    }

    #[test]
    fn the_s8_instruction_is_k32_into_s32_with_both_operands_k_major() {
        let shape = WgmmaShape::new(128, DataType::I8, false, false).unwrap();
        assert!(WgmmaShape::new(128, DataType::I8, false, true).is_none());
        assert!(WgmmaShape::new(256, DataType::I8, false, false).is_some());
        let src = mma_source(&shape);
        assert!(src.contains("wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {%0, %1,"));
        assert!(src.contains("%63}, %64, %65, p;"));
        assert_eq!(src.matches("\"+r\"").count(), 64);
        assert_eq!(shape.function(), "tirtui_wgmma_m64n128k32_s32_s8");
        assert!(
            helper_source_s32().contains("*(int2*)&dst[i * ldm + j] = make_int2(d[r], d[r + 1]);")
        );
    }

    #[test]
    fn the_instruction_names_every_accumulator_register_once() {
        let shape = WgmmaShape::new(64, DataType::BF16, false, true).unwrap();
        let src = mma_source(&shape);
        assert!(src.contains("wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1,"));
        assert!(src.contains("%31}, %32, %33, p, 1, 1, 0, 1;"));
        assert_eq!(src.matches("\"+f\"").count(), 32);
        assert!(src.contains("setp.ne.b32 p, %34, 0;"));
        assert_eq!(shape.function(), "tirtui_wgmma_m64n64k16_f32_bf16_tb");
    }
}
