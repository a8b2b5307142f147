//! NVRTC without a GPU: hand-written kernels compile to PTX, errors come back as logs.
//!
//! Skips with one line when libnvrtc is missing, unless `CI=true` or
//! `TIRTUI_NVRTC_TESTS=1` demand it.

use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::{nvrtc_available, nvrtc_compile, RuntimeError};

fn nvrtc_or_skip(test: &str) -> bool {
    if nvrtc_available() {
        return true;
    }
    let required = std::env::var("CI").is_ok_and(|v| v == "true")
        || std::env::var("TIRTUI_NVRTC_TESTS").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "libnvrtc not found but CI=true / TIRTUI_NVRTC_TESTS=1 requires it"
    );
    eprintln!("skipping {test}: libnvrtc not found");
    false
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
fn compiles_a_half_precision_kernel_to_ptx() {
    if !nvrtc_or_skip("compiles_a_half_precision_kernel_to_ptx") {
        return;
    }
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
fn a_syntax_error_returns_the_log() {
    if !nvrtc_or_skip("a_syntax_error_returns_the_log") {
        return;
    }
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
