//! Real kernels on a real GPU: results against the CPU, the reference check, timing,
//! cuBLAS, faults and hangs.
//!
//! Every GPU test is `#[ignore = "needs a GPU ..."]`, so `cargo test` lists it
//! as ignored; on a GPU machine run `cargo test --test runtime_gpu -- --ignored`,
//! where a missing driver is a failure.

use std::time::Duration;
use tirtui::codegen::{CudaKernel, KernelArg};
use tirtui::runtime::{
    device_available, run_once_in_process, Matmul, RunRequest, RuntimeError, WorkerClient,
};

const CHILD_ENV: &str = "TIRTUI_TEST_WORKER_CHILD";

/// These tests are `#[ignore]`d (the summary counts them as ignored); run with
/// `--ignored` they need the GPU and fail without one.
fn require_gpu() {
    if let Err(e) = device_available() {
        panic!("this test needs a GPU (it runs only with --ignored): {e}");
    }
}

/// The real worker, run in a child process by the tests below; alone it checks
/// that an empty request stream ends cleanly.
#[test]
fn worker_child_entry() {
    if std::env::var_os(CHILD_ENV).is_some() {
        std::process::exit(tirtui::runtime::worker_main());
    }
    assert_eq!(tirtui::runtime::serve(std::io::empty(), std::io::sink()), 0);
}

fn worker() -> WorkerClient {
    let exe = std::env::current_exe().unwrap();
    WorkerClient::with_command(
        exe,
        [
            "--exact",
            "worker_child_entry",
            "--nocapture",
            "--test-threads=1",
        ],
    )
    .with_child_env(CHILD_ENV, "1")
    .with_timeout(Duration::from_secs(60))
}

fn arg(name: &str, dtype: &str, shape: &[i64], out: bool) -> KernelArg {
    KernelArg {
        name: name.into(),
        dtype: dtype.into(),
        shape: shape.to_vec(),
        is_output: out,
        layout: None,
    }
}

fn kernel(
    name: &str,
    source: &str,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<KernelArg>,
) -> CudaKernel {
    CudaKernel {
        name: name.into(),
        source: source.into(),
        grid,
        block,
        dynamic_shared_bytes: 0,
        static_shared_bytes: 0,
        local_bytes: 0,
        args,
        launches: vec![],
        temporaries: vec![],
    }
}

const N: i64 = 1 << 16;

fn vector_add(body: &str) -> CudaKernel {
    let source = format!(
        "extern \"C\" __global__ void vadd(const float* __restrict__ A, const float* __restrict__ B, \
         float* __restrict__ C) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  {body}\n}}\n"
    );
    kernel(
        "vadd",
        &source,
        [(N / 256) as u32, 1, 1],
        [256, 1, 1],
        vec![
            arg("A", "float32", &[N], false),
            arg("B", "float32", &[N], false),
            arg("C", "float32", &[N], true),
        ],
    )
}

const M: i64 = 256;

/// A naive GEMM, `C[M, M] = A[M, M] B[M, M]`; `two_d` picks 16x16 blocks or 1-D blocks.
fn gemm(two_d: bool) -> CudaKernel {
    gemm_of("float", two_d)
}

/// The naive GEMM with `A` and `B` of C type `input` (`float` or `half`), `C` float.
fn gemm_of(input: &str, two_d: bool) -> CudaKernel {
    let (index, grid, block) = if two_d {
        (
            "int i = blockIdx.y * 16 + threadIdx.y; int j = blockIdx.x * 16 + threadIdx.x;",
            [16, 16, 1],
            [16, 16, 1],
        )
    } else {
        (
            "int t = blockIdx.x * 256 + threadIdx.x; int i = t / 256; int j = t % 256;",
            [256, 1, 1],
            [256, 1, 1],
        )
    };
    let include = if input == "half" {
        "#include <cuda_fp16.h>"
    } else {
        ""
    };
    let source = format!(
        "{include}\n\
         extern \"C\" __global__ void gemm(const {input}* __restrict__ A, \
         const {input}* __restrict__ B, float* __restrict__ C) {{\n  {index}\n  float acc = 0.0f;\n  \
         for (int k = 0; k < 256; ++k) acc += (float)A[i * 256 + k] * (float)B[k * 256 + j];\n  \
         C[i * 256 + j] = acc;\n}}\n"
    );
    let dtype = if input == "half" {
        "float16"
    } else {
        "float32"
    };
    kernel(
        "gemm",
        &source,
        grid,
        block,
        vec![
            arg("A", dtype, &[M, M], false),
            arg("B", dtype, &[M, M], false),
            arg("C", "float32", &[M, M], true),
        ],
    )
}

fn square_matmul(b_transposed: bool) -> Option<Matmul> {
    Some(Matmul {
        m: 256,
        n: 256,
        k: 256,
        a: 0,
        b: 1,
        c: 2,
        a_transposed: false,
        b_transposed,
    })
}

fn request(kernel: CudaKernel, reference: Option<CudaKernel>) -> RunRequest {
    RunRequest {
        kernel,
        reference,
        matmul: None,
        flops: 0.0,
        seed: 7,
        runs: 20,
        time_budget_ms: None,
        flush_l2: true,
        quick_above_ms: None,
        csr: Vec::new(),
        precompiled: None,
    }
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn vector_add_matches_the_cpu() {
    require_gpu();
    let args = run_once_in_process(&vector_add("C[i] = A[i] + B[i];"), 3).unwrap();
    let (a, b, c) = (args[0].values(), args[1].values(), args[2].values());
    assert_eq!(c.len(), N as usize);
    for i in 0..c.len() {
        assert_eq!(c[i], (a[i] as f32 + b[i] as f32) as f64, "element {i}");
    }
    // Same seed, same inputs.
    assert_eq!(
        run_once_in_process(&vector_add("C[i] = A[i] + B[i];"), 3).unwrap()[0],
        args[0]
    );
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn naive_gemm_matches_the_cpu() {
    require_gpu();
    let args = run_once_in_process(&gemm(true), 11).unwrap();
    let (a, b, c) = (args[0].values(), args[1].values(), args[2].values());
    let m = M as usize;
    let mut worst = 0.0f64;
    let mut scale = 0.0f64;
    for i in 0..m {
        for j in 0..m {
            let want: f64 = (0..m).map(|k| a[i * m + k] * b[k * m + j]).sum();
            worst = worst.max((c[i * m + j] - want).abs());
            scale = scale.max(want.abs());
        }
    }
    assert!(worst / scale < 1e-5, "max error {worst} at scale {scale}");
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn a_run_is_checked_timed_and_compared_with_cublas() {
    require_gpu();
    let mut req = request(gemm(true), Some(gemm(false)));
    req.flops = 2.0 * (M * M * M) as f64;
    req.matmul = square_matmul(false);
    let mut client = worker();
    let res = client.run(&req).unwrap();
    eprintln!("{res:?}");
    assert_eq!(res.correct, Some(true));
    assert!(res.max_rel_err.is_some_and(|e| e < 1e-5));
    assert!(res.time_ms > 0.0 && res.time_ms < 100.0);
    assert!((res.gflops - req.flops / (res.time_ms * 1e6)).abs() < 1e-9 * res.gflops.max(1.0));
    assert!(res.registers > 0);
    assert!(res.occupancy > 0.0 && res.occupancy <= 1.0);
    assert!(res.compile_ms > 0.0);
    assert!(!res.device.is_empty());
    let Some(ms) = res.cublas_ms else {
        assert!(
            res.warnings.iter().any(|w| w.contains("cuBLAS not found")),
            "{res:?}"
        );
        return;
    };
    assert!(ms > 0.0);
    assert!((res.pct_of_cublas.unwrap() - ms / res.time_ms * 100.0).abs() < 1e-9);
    assert!(
        res.warnings.is_empty(),
        "cuBLAS agrees with the kernel: {:?}",
        res.warnings
    );

    // A wrong description (B is not transposed) makes cuBLAS disagree, and says so.
    req.matmul = square_matmul(true);
    let res = client.run(&req).unwrap();
    assert!(
        res.warnings
            .iter()
            .any(|w| w.contains("cuBLAS's result differs")),
        "{res:?}"
    );

    // fp16 inputs go through cublasGemmEx.
    let mut req = request(gemm_of("half", true), Some(gemm_of("half", false)));
    req.matmul = square_matmul(false);
    let res = client.run(&req).unwrap();
    assert_eq!(res.correct, Some(true));
    assert!(res.cublas_ms.is_some());
    assert!(res.warnings.is_empty(), "{:?}", res.warnings);
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn unwritten_outputs_fail_the_check() {
    require_gpu();
    let partial = vector_add("if (i % 2 == 0) C[i] = A[i] + B[i];");
    let res = worker()
        .run(&request(partial, Some(vector_add("C[i] = A[i] + B[i];"))))
        .unwrap();
    assert_eq!(res.correct, Some(false));
    assert!(res.max_rel_err.is_some_and(f64::is_infinite));
    let expected = format!("{} of {N} elements of `C` were not written", N / 2);
    assert!(res.warnings.contains(&expected), "{:?}", res.warnings);
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn half_precision_and_large_dynamic_shared_memory() {
    require_gpu();
    // 64 KiB of dynamic shared memory needs the opt-in attribute.
    let source = r#"#include <cuda_fp16.h>
extern "C" __global__ void reverse(const half* __restrict__ A, half* __restrict__ B) {
  extern __shared__ half buf[];
  for (int t = threadIdx.x; t < 32768; t += blockDim.x) buf[t] = A[blockIdx.x * 32768 + t];
  __syncthreads();
  for (int t = threadIdx.x; t < 32768; t += blockDim.x)
    B[blockIdx.x * 32768 + t] = __hmul(buf[32767 - t], __float2half(2.0f));
}
"#;
    let mut k = kernel(
        "reverse",
        source,
        [4, 1, 1],
        [256, 1, 1],
        vec![
            arg("A", "float16", &[4, 32768], false),
            arg("B", "float16", &[4, 32768], true),
        ],
    );
    k.dynamic_shared_bytes = 65536;
    let args = run_once_in_process(&k, 5).unwrap();
    let (a, b) = (args[0].values(), args[1].values());
    for blk in 0..4 {
        for t in 0..32768 {
            assert_eq!(
                b[blk * 32768 + t],
                2.0 * a[blk * 32768 + 32767 - t],
                "block {blk}, {t}"
            );
        }
    }
    let res = worker().run(&request(k.clone(), Some(k))).unwrap();
    assert_eq!((res.correct, res.dynamic_shared_bytes), (Some(true), 65536));
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn compile_errors_keep_the_worker_and_compile_only_reports_registers() {
    require_gpu();
    let mut client = worker();
    let report = client.compile_only(&gemm(true)).unwrap();
    assert!(report.arch.starts_with("sm_"));
    assert!(report.registers.is_some_and(|r| r > 0));
    let pid = client.worker_pid();
    match client.run(&request(vector_add("C[i] = A[i] + undefined_b;"), None)) {
        Err(RuntimeError::Compile { log }) => assert!(log.contains("undefined_b"), "{log}"),
        other => panic!("expected a compile error, got {other:?}"),
    }
    assert_eq!(client.worker_pid(), pid, "a compile error is not fatal");
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn a_faulting_kernel_is_reported_and_the_next_run_works() {
    require_gpu();
    let mut client = worker();
    let bad = vector_add("C[i + (1LL << 40)] = A[i];");
    match client.run(&request(bad, None)) {
        Err(RuntimeError::Launch(msg)) => assert!(msg.contains("CUDA_ERROR"), "{msg}"),
        other => panic!("expected a launch error, got {other:?}"),
    }
    assert_eq!(client.worker_pid(), None, "the faulted worker was stopped");
    let good = vector_add("C[i] = A[i] + B[i];");
    let res = client.run(&request(good.clone(), Some(good))).unwrap();
    assert_eq!(res.correct, Some(true));
}

#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn a_hanging_kernel_times_out_and_the_next_run_works() {
    require_gpu();
    let mut client = worker().with_timeout(Duration::from_secs(5));
    // A `volatile` read the compiler cannot hoist; inputs are never NaN.
    let hang = vector_add("volatile const float* a = A; while (a[i] == a[i]) {} C[i] = 0.0f;");
    assert!(matches!(
        client.run(&request(hang, None)),
        Err(RuntimeError::Timeout(_))
    ));
    let good = vector_add("C[i] = A[i] + B[i];");
    let mut client = client.with_timeout(Duration::from_secs(60));
    assert_eq!(
        client
            .run(&request(good.clone(), Some(good)))
            .unwrap()
            .correct,
        Some(true)
    );
}

/// Several kernels per call, with global temporaries between them, checked
/// against a reference that is several kernels too (softmax: 3 kernels against
/// the 4 of the unscheduled program), and a cross-thread reduction (1 kernel).
#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn multi_kernel_and_cross_thread_sessions_are_correct() {
    require_gpu();
    let mut client = worker();
    for (path, kernels) in [
        ("sessions/softmax_1_rows.yaml", 3),
        ("sessions/softmax_2_cross_thread.yaml", 1),
        ("sessions/gemv_2_cross_thread.yaml", 1),
    ] {
        let path = std::path::Path::new(path);
        let session = tirtui::trace::Session::load(path).unwrap();
        let (_, text) = session.workload_source(Some(path)).unwrap();
        let workload = tirtui::script::parse_func(&text, None).unwrap();
        let trace = tirtui::trace::Trace::replay(workload.clone(), &session.steps)
            .unwrap_or_else(|(_, e)| panic!("{e}"));
        let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
        assert_eq!(kernel.launch_list().len(), kernels, "{}", path.display());
        let req = tirtui::session::run::build_request(&workload, &kernel).unwrap();
        let res = client.run(&req).unwrap();
        eprintln!("{}: {res:?}", path.display());
        assert_eq!(res.correct, Some(true), "{}: {res:?}", path.display());
        assert!(
            res.warnings.is_empty(),
            "{}: {:?}",
            path.display(),
            res.warnings
        );
    }
}

/// The tensor-core session: nvcuda::wmma fragments and calls compile with
/// NVRTC's `mma.h`, run, and match the unscheduled program (fp16 inputs,
/// fp32 accumulation). Speed is reported, not asserted.
#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn the_wmma_session_is_correct() {
    require_gpu();
    let mut client = worker();
    let path = std::path::Path::new("sessions/gemm_f16_4096_1_wmma.yaml");
    let session = tirtui::trace::Session::load(path).unwrap();
    let (_, text) = session.workload_source(Some(path)).unwrap();
    let workload = tirtui::script::parse_func(&text, None).unwrap();
    let trace = tirtui::trace::Trace::replay(workload.clone(), &session.steps)
        .unwrap_or_else(|(_, e)| panic!("{e}"));
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    assert!(kernel.source.contains("nvcuda::wmma::mma_sync"));
    let req = tirtui::session::run::build_request(&workload, &kernel).unwrap();
    let res = client.run(&req).unwrap();
    eprintln!("{}: {res:?}", path.display());
    assert_eq!(res.correct, Some(true), "{res:?}");
    assert!(res.warnings.is_empty(), "{:?}", res.warnings);
}

/// The int8 tensor-core sessions (WMMA s8 and ldmatrix + mma m16n8k32):
/// exact int32 results equal to the unscheduled program's, and cuBLAS's int8
/// GEMM (cublasGemmEx, CUBLAS_COMPUTE_32I) timed on the same inputs with the
/// same result (a differing one is a warning). Speed is reported, not asserted.
#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn the_int8_sessions_are_correct_and_timed_against_cublas() {
    require_gpu();
    let mut client = worker();
    for session in [
        "sessions/gemm_i8_4096_1_wmma_pipelined.yaml",
        "sessions/gemm_i8_4096_2_mma.yaml",
    ] {
        let path = std::path::Path::new(session);
        let session = tirtui::trace::Session::load(path).unwrap();
        let (_, text) = session.workload_source(Some(path)).unwrap();
        let workload = tirtui::script::parse_func(&text, None).unwrap();
        let trace = tirtui::trace::Trace::replay(workload.clone(), &session.steps)
            .unwrap_or_else(|(_, e)| panic!("{e}"));
        let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
        let req = tirtui::session::run::build_request(&workload, &kernel).unwrap();
        assert!(req.matmul.is_some(), "the int8 GEMM is described to cuBLAS");
        let res = client.run(&req).unwrap();
        eprintln!("{}: {res:?}", path.display());
        assert_eq!(res.correct, Some(true), "{res:?}");
        assert!(res.cublas_ms.is_some(), "{res:?}");
        assert!(res.warnings.is_empty(), "{:?}", res.warnings);
    }
}

/// A kernel whose block needs more than the device gives it (here its own
/// `__launch_bounds__(64)` caps it at 64 threads, launched with 256) is a
/// clear error naming the kernel and the fix, before anything launches; the
/// worker stays.
#[test]
#[ignore = "needs a GPU (run with --ignored on a GPU machine)"]
fn a_block_past_the_kernels_register_budget_is_refused_before_launch() {
    require_gpu();
    let mut client = worker();
    let mut k = vector_add("C[i] = A[i] + B[i];");
    k.source = k.source.replace(
        "__global__ void vadd",
        "__global__ void __launch_bounds__(64) vadd",
    );
    client.compile_only(&gemm(true)).unwrap(); // starts the worker
    let pid = client.worker_pid();
    assert!(pid.is_some());
    match client.run(&request(k, None)) {
        Err(RuntimeError::Resources(msg)) => {
            assert!(msg.contains("kernel `vadd`"), "{msg}");
            assert!(msg.contains("at most 64 threads per block"), "{msg}");
            assert!(msg.contains("fewer threads per block"), "{msg}");
        }
        other => panic!("expected a Resources error, got {other:?}"),
    }
    assert_eq!(
        client.worker_pid(),
        pid,
        "nothing launched: the worker stays"
    );
}
