//! NVRTC without a GPU: hand-written kernels compile to PTX, errors come back as logs.
//!
//! The tests that need libnvrtc are `#[ignore]`d (visible as ignored in the
//! summary); `.ci/run` runs them with `--ignored`, where they must pass.

use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::{nvrtc_available, nvrtc_compile, RuntimeError};

/// The NVRTC tests are `#[ignore]`d so that `cargo test` counts them as
/// ignored where libnvrtc is missing; `.ci/run` installs it and runs them with
/// `--ignored`, where a missing library is a failure.
fn require_nvrtc() {
    assert!(
        nvrtc_available(),
        "this test needs libnvrtc (pip install nvidia-cuda-nvrtc, see .ci/run)"
    );
}

fn kernel(name: &str, source: &str) -> CudaKernel {
    CudaKernel {
        name: name.to_string(),
        source: source.to_string(),
        grid: [1, 1, 1],
        block: [32, 1, 1],
        dynamic_shared_bytes: 0,
        static_shared_bytes: 0,
        local_bytes: 0,
        args: vec![KernelArg {
            name: "A".into(),
            dtype: "float16".into(),
            shape: vec![32],
            is_output: true,
            layout: None,
        }],
        launches: vec![],
        temporaries: vec![],
    }
}

const HALF_KERNEL: &str = r#"
#include <cuda_fp16.h>
extern "C" __global__ void __launch_bounds__(32) scale_kernel(half* __restrict__ A) {
  __shared__ half tile[32];
  int unused_variable = 3;
  tile[threadIdx.x] = A[threadIdx.x];
  __syncthreads();
  A[threadIdx.x] = __hmul(tile[31 - threadIdx.x], __float2half(2.0f));
}
"#;

#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test runtime_nvrtc -- --ignored)"]
fn compiles_a_half_precision_kernel_to_ptx() {
    require_nvrtc();
    let report = nvrtc_compile(&kernel("scale_kernel", HALF_KERNEL), "sm_90").unwrap();
    assert_eq!(report.arch, "sm_90");
    assert!(report.ptx.contains(".entry scale_kernel"), "{}", report.ptx);
    assert!(report.ptx.contains(".target sm_90"), "{}", report.ptx);
    assert!(report.compile_ms > 0.0);
    // The unused variable is NVRTC's warning #177; the log keeps it.
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("unused_variable")),
        "log: {}",
        report.log
    );
}

#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test runtime_nvrtc -- --ignored)"]
fn a_syntax_error_returns_the_log() {
    require_nvrtc();
    let bad = r#"extern "C" __global__ void broken(float* A) { A[0] = undefined_name; }"#;
    match nvrtc_compile(&kernel("broken", bad), "sm_80") {
        Err(RuntimeError::Compile { log }) => {
            assert!(log.contains("undefined_name"), "{log}");
            assert!(log.contains("error"), "{log}");
        }
        other => panic!("expected a compile error, got {other:?}"),
    }
}

#[test]
fn bad_names_and_architectures_are_rejected_before_nvrtc() {
    let k = kernel("not-an-identifier", HALF_KERNEL);
    assert!(matches!(
        nvrtc_compile(&k, "sm_90"),
        Err(RuntimeError::InvalidRequest(_))
    ));
    let k = kernel("scale_kernel", HALF_KERNEL);
    assert!(matches!(
        nvrtc_compile(&k, "sm_ninety"),
        Err(RuntimeError::InvalidRequest(_))
    ));
    let k = kernel("scale_kernel", "a\0b");
    assert!(matches!(
        nvrtc_compile(&k, "sm_90"),
        Err(RuntimeError::InvalidRequest(_))
    ));
}

/// The WMMA API tensor-core kernels use: `mma.h` includes `crt/mma.h`, which
/// NVIDIA ships in the `nvidia-cuda-crt` wheel (`.ci/run` installs it).
const WMMA_KERNEL: &str = r#"
#include <mma.h>
#include <cuda_fp16.h>
extern "C" __global__ void __launch_bounds__(32) wmma_kernel(half* __restrict__ A) {
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> a;
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, half, nvcuda::wmma::row_major> b;
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, half> c;
  nvcuda::wmma::fill_fragment(c, __float2half(0.0f));
  nvcuda::wmma::load_matrix_sync(a, A, 16);
  nvcuda::wmma::load_matrix_sync(b, A, 16);
  nvcuda::wmma::mma_sync(c, a, b, c);
  nvcuda::wmma::store_matrix_sync(A, c, 16, nvcuda::wmma::mem_row_major);
}
"#;

#[test]
#[ignore = "needs libnvrtc and the CUDA crt headers (CI runs it: cargo test --test runtime_nvrtc -- --ignored)"]
fn compiles_a_wmma_kernel_with_mma_h() {
    require_nvrtc();
    let report = nvrtc_compile(&kernel("wmma_kernel", WMMA_KERNEL), "sm_90")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.ptx.contains("wmma.mma.sync"), "{}", report.ptx);
}
