//! Issue 32's first stage: bf16 end to end and Hopper's wgmma as tensor
//! intrinsics. The shipped bf16 MMA session, replayed on a small copy of its
//! workload, matches tirtui's bf16 members of the MMA family, keeps the
//! interpreter's result, and its lowered kernel computes the same in the
//! SIMT simulator; its CUDA uses the bf16 m16n8k16 instruction.

use tirtui::interp;
use tirtui::ir::PrimFunc;
use tirtui::trace::{Session, Trace};

const BF16_SESSION: &str = "sessions/gemm_bf16_4096_2_mma.yaml";

fn parse(src: &str) -> PrimFunc {
    tirtui::script::parse_func(src, None).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A shipped workload at 128^3 and a session's steps.
fn small_case(workload: &str, session: &str) -> (PrimFunc, String) {
    let text = std::fs::read_to_string(workload)
        .unwrap()
        .replace("4096", "128");
    (parse(&text), std::fs::read_to_string(session).unwrap())
}

fn replay_yaml(func: PrimFunc, yaml: &str) -> Result<Trace, String> {
    let session = Session::from_yaml(yaml, "case.yaml").unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(func, &session.steps).map_err(|(_, e)| e.to_diagnostic("case").render())
}

fn bf16_case() -> (PrimFunc, String) {
    small_case("sessions/gemm_bf16_4096.tir", BF16_SESSION)
}

#[test]
fn the_bf16_mma_session_keeps_the_result_in_the_interpreter_and_the_simulator() {
    let (before, yaml) = bf16_case();
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let mut want = interp::random_args(&before, 7).unwrap();
    let mut scheduled = want.clone();
    let mut simulated = want.clone();
    interp::run(&before, &mut want).unwrap();
    interp::run(trace.func(), &mut scheduled).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scheduled, want);
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut simulated).unwrap_or_else(|e| panic!("{e}"));
    // fp32 sums in another order: a few ulps apart, never a wrong element.
    let err = simulated[2].max_rel_err(&want[2]);
    assert!(err <= 1e-5, "max rel err {err}");
}

/// The inputs are bf16: an fp16 intrinsic's description does not match.
#[test]
fn an_fp16_ldmatrix_on_bf16_tiles_is_refused() {
    let (before, yaml) = bf16_case();
    let yaml = yaml.replace("mma_ldmatrix_bf16_a}", "mma_ldmatrix_f16_a}");
    let err = replay_yaml(before, &yaml).err().unwrap();
    assert!(
        err.contains("does not match tensor intrinsic `mma_ldmatrix_f16_a`"),
        "{err}"
    );
    assert!(err.contains("float16"), "{err}");
}

#[test]
fn the_bf16_kernel_calls_the_bf16_mma() {
    let (before, yaml) = bf16_case();
    let trace = replay_yaml(before, &yaml).unwrap_or_else(|e| panic!("{e}"));
    let src = tirtui::codegen::generate(trace.func())
        .unwrap()
        .kernel
        .source;
    for want in [
        "#include <cuda_bf16.h>",
        "tirtui_ldmatrix_x4(nv_bfloat16* dst",
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    ] {
        assert!(src.contains(want), "no `{want}` in\n{src}");
    }
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test hopper_wgmma -- --ignored, with the NVRTC env of .ci/run)"]
fn the_bf16_kernel_compiles_with_nvrtc() {
    assert!(tirtui::runtime::nvrtc_available(), "needs libnvrtc");
    let (before, yaml) = bf16_case();
    let trace = replay_yaml(before.clone(), &yaml).unwrap_or_else(|e| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    let reference = tirtui::session::run::reference_kernel(&before).unwrap();
    for arch in ["sm_80", "sm_90"] {
        for (what, k) in [("kernel", &kernel), ("reference", &reference)] {
            let report = tirtui::runtime::nvrtc_compile(k, arch)
                .unwrap_or_else(|e| panic!("{arch} {what}: {e}\n{}", k.source));
            assert!(report.warnings.is_empty(), "{arch}: {:?}", report.warnings);
        }
        let report = tirtui::runtime::nvrtc_compile(&kernel, arch).unwrap();
        assert!(
            report
                .ptx
                .contains("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"),
            "{arch}: no bf16 mma in the PTX"
        );
        assert!(!report.ptx.contains(".local"), "{arch}: local memory");
    }
}

// ---- wgmma: the hardware model (descriptors, layouts, fragments, groups) ----

use tirtui::codegen::wgmma_ptx::{self, WgmmaShape};
use tirtui::simt::wgmma::{self, AsyncGroups, Descriptor, Major, Swizzle};

/// Deterministic fp16-exact values (small integers over 8).
fn value(seed: usize) -> f64 {
    ((seed * 2654435761) % 17) as f64 / 8.0 - 1.0
}

/// A shared-memory byte pool holding 2-byte elements, written where a copy
/// filling it would put them and read back by byte address.
struct Pool(std::collections::HashMap<usize, f64>);

impl Pool {
    fn put(&mut self, addr: usize, v: f64) {
        assert_eq!(addr % 2, 0);
        assert!(
            self.0.insert(addr, v).is_none(),
            "two elements at byte {addr}"
        );
    }
    fn reader(&self) -> impl FnMut(usize) -> Result<f64, tirtui::simt::SimError> + '_ {
        |addr| {
            self.0
                .get(&addr)
                .copied()
                .ok_or_else(|| tirtui::simt::SimError::Unsupported(format!("byte {addr} unset")))
        }
    }
}

/// Runs one m64nNk16 on A (64x16) and B (16xN) placed by `place_a(m, k)` and
/// `place_b(k, n)`, and compares the accumulator fragment with A x B.
fn check_wgmma(
    shape: wgmma::Shape,
    desc_a: Descriptor,
    desc_b: Descriptor,
    place_a: impl Fn(usize, usize) -> usize,
    place_b: impl Fn(usize, usize) -> usize,
) {
    assert_eq!(run_wgmma(shape, desc_a, desc_b, place_a, place_b), 0);
}

/// The accumulator registers that differ from A x B + 1 after one wgmma.
fn run_wgmma(
    shape: wgmma::Shape,
    desc_a: Descriptor,
    desc_b: Descriptor,
    place_a: impl Fn(usize, usize) -> usize,
    place_b: impl Fn(usize, usize) -> usize,
) -> usize {
    let n = shape.n;
    let a = |m: usize, k: usize| value(m * 16 + k);
    let b = |k: usize, j: usize| value(7 + k * n + j);
    let mut pool = Pool(Default::default());
    for m in 0..64 {
        for k in 0..16 {
            pool.put(place_a(m, k), a(m, k));
        }
    }
    for k in 0..16 {
        for j in 0..n {
            pool.put(place_b(k, j), b(k, j));
        }
    }
    let mut acc = vec![vec![1.0; n / 2]; wgmma::WARPGROUP];
    let mut read = pool.reader();
    wgmma::mma(
        &shape,
        desc_a.encode().unwrap(),
        desc_b.encode().unwrap(),
        &mut read,
        &mut acc,
        true,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut wrong = 0;
    for (t, regs) in acc.iter().enumerate() {
        for (r, &got) in regs.iter().enumerate() {
            let (i, j) = wgmma::accumulator_element(t, r);
            let want = 1.0 + (0..16).map(|k| a(i, k) * b(k, j)).sum::<f64>();
            wrong += usize::from(got != want);
        }
    }
    wrong
}

/// A K-major and B N-major without swizzle: 8x16-byte core matrices, as
/// PTX's "interleaved" canonical layouts place them (LBO along K, SBO along
/// M/N).
#[test]
fn wgmma_reads_unswizzled_operands_through_their_descriptors() {
    let (lbo_a, sbo_a) = (128, 256);
    let (lbo_b, sbo_b) = (128 * 16, 128);
    let desc = |start, leading, stride| Descriptor {
        start,
        leading,
        stride,
        base_offset: 0,
        swizzle: Swizzle::None,
    };
    let b_start = 64 * 16 * 2;
    check_wgmma(
        wgmma::Shape {
            n: 128,
            a_major: Major::K,
            b_major: Major::Mn,
            elem_bytes: 2,
        },
        desc(0, lbo_a, sbo_a),
        desc(b_start, lbo_b, sbo_b),
        |m, k| (m / 8) * sbo_a + (k / 8) * lbo_a + (m % 8) * 16 + (k % 8) * 2,
        |k, j| b_start + (j / 8) * sbo_b + (k / 8) * lbo_b + (k % 8) * 16 + (j % 8) * 2,
    );
}

/// Both operands in 128-byte swizzled rows, as TMA's 128B swizzle writes a
/// row-major box 64 halves wide: chunk c of row r at chunk c ^ (r % 8). A
/// (K-major) is the first 16 halves of 64 rows of 128 bytes; B (N-major,
/// N = 128) is two 16x64 boxes, LBO apart, each 8 rows SBO apart.
#[test]
fn wgmma_reads_128b_swizzled_operands_through_their_descriptors() {
    let swizzled =
        |row: usize, col: usize| row * 128 + (((col / 8) ^ (row % 8)) * 16) + (col % 8) * 2;
    let b_start = 64 * 128;
    let box_bytes = 16 * 128;
    let desc = |start, leading, stride| Descriptor {
        start,
        leading,
        stride,
        base_offset: 0,
        swizzle: Swizzle::B128,
    };
    check_wgmma(
        wgmma::Shape {
            n: 128,
            a_major: Major::K,
            b_major: Major::Mn,
            elem_bytes: 2,
        },
        desc(0, 16, 1024),
        desc(b_start, box_bytes, 1024),
        swizzled,
        |k, j| b_start + (j / 64) * box_bytes + swizzled(k, j % 64),
    );
}

/// The instruction's major-ness decides: A read as M-major through the
/// same descriptor reads other elements of its core matrices (every read
/// lands on an element; the product is wrong).
#[test]
fn an_operand_read_with_the_wrong_major_ness_gives_a_wrong_product() {
    let desc = |start, leading, stride| Descriptor {
        start,
        leading,
        stride,
        base_offset: 0,
        swizzle: Swizzle::None,
    };
    let wrong = run_wgmma(
        wgmma::Shape {
            n: 64,
            a_major: Major::Mn,
            b_major: Major::Mn,
            elem_bytes: 2,
        },
        desc(0, 128, 256),
        desc(2048, 2048, 128),
        |m, k| (m / 8) * 256 + (k / 8) * 128 + (m % 8) * 16 + (k % 8) * 2,
        |k, j| 2048 + (j / 8) * 128 + (k / 8) * 2048 + (k % 8) * 16 + (j % 8) * 2,
    );
    assert!(wrong > 0);
}

#[test]
fn wgmma_shapes_outside_m64nnk16_are_refused() {
    let shape = wgmma::Shape {
        n: 12,
        a_major: Major::K,
        b_major: Major::K,
        elem_bytes: 2,
    };
    let err = shape.check().unwrap_err().to_string();
    assert!(err.contains("m64n12k16 is not a wgmma shape"), "{err}");
}

/// What the simulator does with a kernel that reads its accumulators
/// without the `wait_group` that retires the wgmma: an error naming it.
#[test]
fn reading_an_accumulator_before_wait_group_is_an_error() {
    let mut groups = AsyncGroups::<&str>::default();
    groups.fence();
    groups.issue("acc").unwrap();
    groups.commit();
    let err = groups
        .check_access("a read of acc", |&op| op == "acc")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no wgmma.wait_group retires it"), "{err}");
    assert_eq!(groups.wait(0), vec!["acc"]);
    groups
        .check_access("a read of acc", |&op| op == "acc")
        .unwrap();
}

#[test]
fn kernels_using_wgmma_compile_for_sm_90a_only() {
    let kernel = wgmma_probe_kernel();
    assert_eq!(
        tirtui::runtime::arch_for(&kernel, "sm_90").unwrap(),
        "sm_90a"
    );
    assert_eq!(
        tirtui::runtime::arch_for(&kernel, "compute_90").unwrap(),
        "compute_90a"
    );
    let err = tirtui::runtime::arch_for(&kernel, "sm_80")
        .unwrap_err()
        .to_string();
    assert!(err.contains("uses wgmma") && err.contains("sm_80"), "{err}");
    let mut plain = kernel.clone();
    plain.source = plain.source.replace(wgmma_ptx::ARCH_MARKER, "");
    assert_eq!(tirtui::runtime::arch_for(&plain, "sm_80").unwrap(), "sm_80");
}

/// A kernel of one warpgroup: A (64x16, K-major) and B (16x128, N-major)
/// copied into unswizzled core matrices, one wgmma of each variant, the
/// accumulators written out.
fn wgmma_probe_kernel() -> tirtui::codegen::CudaKernel {
    let f16 = WgmmaShape::new(128, tirtui::ir::DataType::F16, false, true).unwrap();
    let bf16 = WgmmaShape::new(256, tirtui::ir::DataType::BF16, false, false).unwrap();
    let source = format!(
        "#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n\n{}{}{}\
         extern \"C\" __global__ void __launch_bounds__(128) wgmma_probe(const half* A, const half* B, const nv_bfloat16* C, float* D) {{\n  \
         __shared__ alignas(128) half As[64 * 16];\n  \
         __shared__ alignas(128) half Bs[16 * 128];\n  \
         __shared__ alignas(128) nv_bfloat16 Cs[256 * 16];\n  \
         int t = threadIdx.x;\n  \
         for (int i = t; i < 64 * 16; i += 128) As[i] = A[i];\n  \
         for (int i = t; i < 16 * 128; i += 128) Bs[i] = B[i];\n  \
         for (int i = t; i < 256 * 16; i += 128) Cs[i] = C[i];\n  \
         __syncthreads();\n  \
         float d[64];\n  \
         float e[128];\n  \
         tirtui_wgmma_fence();\n  \
         {};\n  \
         {};\n  \
         tirtui_wgmma_commit();\n  \
         tirtui_wgmma_wait<0>();\n  \
         for (int r = 0; r < 64; ++r) D[t * 192 + r] = d[r];\n  \
         for (int r = 0; r < 128; ++r) D[t * 192 + 64 + r] = e[r];\n\
         }}\n",
        wgmma_ptx::helper_source(),
        wgmma_ptx::mma_source(&f16),
        wgmma_ptx::mma_source(&bf16),
        wgmma_ptx::mma(
            &f16,
            "d[0]",
            &wgmma_ptx::descriptor("As[0]", 128, 256, 0),
            &wgmma_ptx::descriptor("Bs[0]", 2048, 128, 0),
            "0"
        ),
        wgmma_ptx::mma(
            &bf16,
            "e[0]",
            &wgmma_ptx::descriptor("As[0]", 128, 256, 0),
            &wgmma_ptx::descriptor("Cs[0]", 128, 256, 0),
            "0"
        ),
    );
    let arg = |name: &str, dtype: &str, shape: Vec<i64>, is_output| tirtui::codegen::KernelArg {
        name: name.into(),
        dtype: dtype.into(),
        shape,
        is_output,
        layout: None,
    };
    tirtui::codegen::CudaKernel {
        name: "wgmma_probe".into(),
        source,
        grid: [1, 1, 1],
        block: [128, 1, 1],
        dynamic_shared_bytes: 0,
        static_shared_bytes: 0,
        local_bytes: 0,
        args: vec![
            arg("A", "float16", vec![64, 16], false),
            arg("B", "float16", vec![16, 128], false),
            arg("C", "bfloat16", vec![256, 16], false),
            arg("D", "float32", vec![128, 192], true),
        ],
        launches: Vec::new(),
        temporaries: Vec::new(),
    }
}

#[test]
#[ignore = "needs libnvrtc (cargo test --test hopper_wgmma -- --ignored, with the NVRTC env of .ci/run)"]
fn the_wgmma_helpers_compile_for_sm_90a_with_nvrtc() {
    assert!(tirtui::runtime::nvrtc_available(), "needs libnvrtc");
    let kernel = wgmma_probe_kernel();
    let report = tirtui::runtime::nvrtc_compile(&kernel, "sm_90")
        .unwrap_or_else(|e| panic!("{e}\n{}", kernel.source));
    assert_eq!(report.arch, "sm_90a");
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    for want in [
        "wgmma.fence.sync.aligned",
        "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16",
        "wgmma.commit_group.sync.aligned",
        "wgmma.wait_group.sync.aligned 0",
    ] {
        assert!(report.ptx.contains(want), "no `{want}` in the PTX");
    }
    // The accumulators stay in registers.
    assert!(
        !report.ptx.contains(".local"),
        "local memory in\n{}",
        report.ptx
    );
}

/// The interpreter rounds a store to a bfloat16 buffer to the nearest bf16
/// (ties to even), as CUDA's `__float2bfloat16_rn` and TVM do: 8 bits of
/// mantissa, so steps of 2^-7 above 1.
#[test]
fn the_interpreter_rounds_bf16_stores_to_nearest_even() {
    let func = parse(
        "@T.prim_func\ndef main(A: T.Buffer((4,), \"float32\"), B: T.Buffer((4,), \"bfloat16\")):\n    for i in range(4):\n        with T.block(\"B\"):\n            vi = T.axis.spatial(4, i)\n            B[vi] = T.Cast(\"bfloat16\", A[vi])\n",
    );
    let step = 2f64.powi(-7);
    let inputs = [
        1.0 + step / 2.0,                  // a tie: to 1 (even)
        1.0 + 3.0 * step / 2.0,            // a tie: to 1 + 2 steps (even)
        1.0 + step / 2.0 + 2f64.powi(-20), // above the tie: up
        -3.0,                              // exact
    ];
    let mut args = vec![
        interp::Tensor::from_f64(tirtui::ir::DataType::F32, &[4], &inputs),
        interp::Tensor::zeros(tirtui::ir::DataType::BF16, &[4]),
    ];
    interp::run(&func, &mut args).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        args[1].to_f64_vec(),
        vec![1.0, 1.0 + 2.0 * step, 1.0 + step, -3.0]
    );
}
