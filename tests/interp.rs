//! The interpreter on parsed TVMScript: small GEMM workloads in the shapes the
//! seeds use (unscheduled, hand-scheduled, decomposed) against a naive matmul,
//! and the shipped `sessions/*.tir` workloads scaled down.

use tirtui::interp::{random_args, run, InterpError, Tensor};
use tirtui::ir::{DataType, PrimFunc};
use tirtui::script::parse_func;

fn parse(src: &str) -> PrimFunc {
    match parse_func(src, None) {
        Ok(f) => f,
        Err(e) => panic!("{}", e.to_diagnostic("test.tir", src).render()),
    }
}

/// Naive row-major matmul, accumulating in float32 over k in ascending order,
/// as a GEMM block with `k` innermost does.
fn naive_gemm(a: &Tensor, b: &Tensor) -> Vec<f64> {
    let (m, k, n) = (
        a.shape[0] as usize,
        a.shape[1] as usize,
        b.shape[1] as usize,
    );
    let (a, b) = (a.to_f64_vec(), b.to_f64_vec());
    let mut c = vec![0.0f32; m * n];
    for i in 0..m {
        for j in 0..n {
            for kk in 0..k {
                c[i * n + j] += a[i * k + kk] as f32 * b[kk * n + j] as f32;
            }
        }
    }
    c.into_iter().map(f64::from).collect()
}

/// Runs a `main(A, B, C)` GEMM on random inputs and returns `(C, naive C)`.
fn run_gemm(src: &str, seed: u64) -> (Vec<f64>, Vec<f64>) {
    let f = parse(src);
    let mut args = random_args(&f, seed).unwrap();
    run(&f, &mut args).unwrap();
    let want = naive_gemm(&args[0], &args[1]);
    (args[2].to_f64_vec(), want)
}

const SEED_STYLE: &str = r#"
import tvm
from tvm.script import tir as T

M = 64
K = 64
N = 64

@tvm.script.ir_module
class MyModule:
    @T.prim_func
    def main(a: T.handle, b: T.handle, c: T.handle):
        T.func_attr({"global_symbol": "main", "tir.noalias": True})
        A = T.match_buffer(a, [M, K])
        B = T.match_buffer(b, [K, N])
        C = T.match_buffer(c, [M, N])
        for i in range(M):
            for j in range(N):
                for k in range(K):
                    with T.block("B"):
                        vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                        with T.init():
                            C[vi, vj] = 0.0
                        C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

const PRINTED_STYLE: &str = r#"
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    for i, j, k in T.grid(64, 64, 64):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

/// The seed-000 blocked schedule by hand: 16x16 tiles bound to threads, a local
/// accumulator written back by a consumer block, and M = 60 so the tiles overhang
/// and `T.where` must guard them.
const SCHEDULED: &str = r#"
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((60, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((60, 64), "float32")):
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    # with T.block("root"):
    C_local = T.alloc_buffer((60, 64), scope="local")
    for by in T.thread_binding(4, thread="blockIdx.y"):
        for bx in T.thread_binding(4, thread="blockIdx.x"):
            for yi in T.thread_binding(16, thread="threadIdx.y"):
                for xi in T.thread_binding(16, thread="threadIdx.x"):
                    for ko in range(16):
                        for ki in T.unroll(4):
                            with T.block("B"):
                                vi = T.axis.spatial(60, by * 16 + yi)
                                vj = T.axis.spatial(64, bx * 16 + xi)
                                vk = T.axis.reduce(64, ko * 4 + ki)
                                T.where(by * 16 + yi < 60)
                                T.reads(A[vi, vk], B[vk, vj])
                                T.writes(C_local[vi, vj])
                                with T.init():
                                    C_local[vi, vj] = T.float32(0)
                                C_local[vi, vj] = C_local[vi, vj] + A[vi, vk] * B[vk, vj]
                    with T.block("C_local"):
                        v0 = T.axis.spatial(60, by * 16 + yi)
                        v1 = T.axis.spatial(64, bx * 16 + xi)
                        T.where(by * 16 + yi < 60)
                        T.reads(C_local[v0, v1])
                        T.writes(C[v0, v1])
                        C[v0, v1] = C_local[v0, v1]
"#;

/// After `decompose_reduction`: the init is its own block, the update has none.
const DECOMPOSED: &str = r#"
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"), C: T.Buffer((64, 64), "float32")):
    for i, j in T.grid(64, 64):
        with T.block("C_init"):
            vi, vj = T.axis.remap("SS", [i, j])
            C[vi, vj] = T.float32(0)
        for k in range(64):
            with T.block("C_update"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
"#;

#[test]
fn seed_style_gemm_matches_naive() {
    let (got, want) = run_gemm(SEED_STYLE, 1);
    assert_eq!(got, want);
}

#[test]
fn printed_style_gemm_matches_naive() {
    let (got, want) = run_gemm(PRINTED_STYLE, 2);
    assert_eq!(got, want);
}

#[test]
fn hand_scheduled_gemm_with_overhanging_tiles_matches_naive() {
    let (got, want) = run_gemm(SCHEDULED, 3);
    assert_eq!(got.len(), 60 * 64);
    assert_eq!(got, want);
}

#[test]
fn decomposed_reduction_matches_naive() {
    let (got, want) = run_gemm(DECOMPOSED, 4);
    assert_eq!(got, want);
}

#[test]
fn missing_predicate_is_caught() {
    let src = SCHEDULED.replace("T.where(by * 16 + yi < 60)", "");
    let f = parse(&src);
    let mut args = random_args(&f, 5).unwrap();
    let err = run(&f, &mut args).unwrap_err();
    assert!(
        matches!(&err, InterpError::IterOutOfDomain { block, value: 60, .. } if block == "B"),
        "{err}"
    );
}

#[test]
fn half_inputs_with_float32_accumulation() {
    let src = r#"
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float16"), C: T.Buffer((64, 64), "float32")):
    for i, j, k in T.grid(64, 64, 64):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + T.Cast("float32", A[vi, vk]) * T.Cast("float32", B[vk, vj])
"#;
    let f = parse(src);
    let mut args = random_args(&f, 6).unwrap();
    assert_eq!(args[0].dtype, DataType::F16);
    run(&f, &mut args).unwrap();
    // float16 inputs are exact in float32, so the naive float32 matmul is exact too.
    assert_eq!(args[2].to_f64_vec(), naive_gemm(&args[0], &args[1]));
}

/// Reads a shipped workload and shrinks its extents, keeping its structure.
fn shipped(path: &str, shrink: &[(&str, &str)]) -> String {
    let dir = env!("CARGO_MANIFEST_DIR");
    let mut src = std::fs::read_to_string(format!("{dir}/{path}")).unwrap();
    for (from, to) in shrink {
        src = src.replace(from, to);
    }
    src
}

#[test]
fn shipped_workloads_parse_with_their_shapes() {
    let f = parse(&shipped("sessions/gemm.tir", &[]));
    let shapes: Vec<_> = param_shapes(&f);
    assert_eq!(shapes, vec![vec![1024, 1024]; 3]);
    let f = parse(&shipped("sessions/gemm_1024x512x2048.tir", &[]));
    assert_eq!(
        param_shapes(&f),
        vec![vec![1024, 2048], vec![2048, 512], vec![1024, 512]]
    );
}

fn param_shapes(f: &PrimFunc) -> Vec<Vec<i64>> {
    f.param_buffers()
        .into_iter()
        .map(|b| f.buffer(b).const_shape().unwrap())
        .collect()
}

#[test]
fn shipped_workloads_compute_a_gemm_when_scaled_down() {
    let src = shipped(
        "sessions/gemm.tir",
        &[
            ("M = 1024", "M = 24"),
            ("K = 1024", "K = 40"),
            ("N = 1024", "N = 16"),
        ],
    );
    let (got, want) = run_gemm(&src, 7);
    assert_eq!(got.len(), 24 * 16);
    assert_eq!(got, want);
    let src = shipped(
        "sessions/gemm_1024x512x2048.tir",
        &[("1024", "24"), ("2048", "40"), ("512", "16")],
    );
    let (got, want) = run_gemm(&src, 8);
    assert_eq!(got.len(), 24 * 16);
    assert_eq!(got, want);
}
