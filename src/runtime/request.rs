//! What the rest of tirtui asks of the runtime and what it gets back.
//!
//! Plain serde data: these cross the worker pipe as JSON lines.

use crate::codegen::CudaKernel;
use serde::{Deserialize, Serialize};

/// The fewest timed runs whose median is reported.
pub const MIN_RUNS: u32 = 20;

/// A matmul-shaped workload `C[m, n] = A[m, k] * B[k, n]` (row-major), so that
/// cuBLAS can be timed on the same inputs. `a`, `b`, `c` index `kernel.args`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Matmul {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub a: usize,
    pub b: usize,
    pub c: usize,
    /// `A` is stored as `[k, m]`.
    pub a_transposed: bool,
    /// `B` is stored as `[n, k]`.
    pub b_transposed: bool,
}

/// Two integer arguments that form a CSR pattern (`indptr` of rows + 1
/// entries, `indices` of nnz): the runtime fills them with a valid random
/// pattern (`sparse::csr`, uniform rows, from the request's seed), never with
/// random integers, which would index out of bounds. Indices into `kernel.args`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CsrInput {
    pub indptr: usize,
    pub indices: usize,
    /// The column count: every generated index is below it.
    pub cols: usize,
    /// Power-law row lengths with this exponent (`--sparse dist=power-law`);
    /// absent: uniform.
    #[serde(default)]
    pub power_law: Option<f64>,
    /// The pattern's seed (`--sparse seed=N`); absent: from the request's seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// A hyb-decomposed matrix: its part arrays are filled instead of
    /// `indptr` / `indices` (which are then unused). Older clients send none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hyb: Option<HybInput>,
}

/// The part arrays of a hyb decomposition (`sparse_format_decompose`):
/// the runtime draws the matrix `spec` (the function's `sparse_hyb`
/// attribute) names and fills each array's kernel argument (`arrays`:
/// buffer name and index into `kernel.args`); `runtime::sparse_inputs`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HybInput {
    pub spec: String,
    pub arrays: Vec<(String, usize)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRequest {
    pub kernel: CudaKernel,
    /// The unscheduled workload with a simple GPU mapping; same arguments as `kernel`.
    pub reference: Option<CudaKernel>,
    pub matmul: Option<Matmul>,
    /// Floating-point operations of one run, for GFLOP/s.
    pub flops: f64,
    /// Seed of the random inputs; the same seed gives the same inputs.
    pub seed: u64,
    /// Timed runs (at least `MIN_RUNS` are made, unless a budget cuts them).
    pub runs: u32,
    /// Milliseconds the timed runs should take together: a kernel slower than
    /// `budget / runs` is timed fewer times (never fewer than 5). The tuner
    /// sets it; `replay --run` does not. Older workers ignore it.
    #[serde(default)]
    pub time_budget_ms: Option<f64>,
    /// Overwrite a buffer twice the size of the GPU's L2 cache before every run
    /// (outside the timed span), as Triton's `do_bench` does, so that no run
    /// finds its inputs in L2 from the one before: a kernel is timed as it runs
    /// in a model, after other kernels. Older clients leave it out (`false`).
    #[serde(default)]
    pub flush_l2: bool,
    /// When the first warm-up run takes longer than this (milliseconds), the
    /// kernel cannot win: it is timed once after that one warm-up instead of
    /// `WARMUP_RUNS` + `runs` times (`RunPhases::quick`). The tuner sets it to
    /// a multiple of its best time; `replay --run` does not. Older workers ignore it.
    #[serde(default)]
    pub quick_above_ms: Option<f64>,
    /// The CSR patterns among the inputs (a lowered sparse workload); older
    /// clients send none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub csr: Vec<CsrInput>,
    /// The kernel's binary, compiled by the client for this worker's
    /// architecture (its `arch` reply): the worker keeps it instead of
    /// compiling. Older clients leave it out; older workers ignore it and
    /// compile the source themselves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precompiled: Option<super::precompiled::Precompiled>,
}

/// A kernel of a `queue` request whose compile has ended (`ready`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadyKernel {
    /// Its position in the `queue` request.
    pub index: usize,
    pub compile_ms: f64,
    /// CPU time of the compile (its thread's), 0 where the system cannot tell.
    pub compile_cpu_ms: f64,
    pub error: Option<super::error::RuntimeError>,
}

/// The answer to `ready`: kernels whose compile ended since the last
/// `ready`, in index order, and how many of the queue are still compiling.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadyList {
    pub ready: Vec<ReadyKernel>,
    pub compiling: usize,
}

/// Where a run's time went inside the worker (milliseconds), so that a
/// tuner can show what a candidate costs besides its kernel.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunPhases {
    /// Compile (when not compiled before) and module load.
    pub load_ms: f64,
    /// Device buffers and the inputs' upload.
    pub setup_ms: f64,
    /// The checked run, the copy back and the comparison with the reference
    /// (the reference's own run the first time).
    pub check_ms: f64,
    /// Warm-up and timed runs (with their L2 flushes) to the last event.
    pub timing_ms: f64,
    /// Runs whose time was taken (1 for a quick one).
    pub timed_runs: u32,
    /// Timed once after one warm-up: slower than `quick_above_ms`.
    pub quick: bool,
}

/// One kernel of a `prepare` request: compiled and kept by the worker, or why not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prepared {
    pub compile_ms: f64,
    pub error: Option<super::error::RuntimeError>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    pub device: String,
    /// Median kernel time.
    pub time_ms: f64,
    pub gflops: f64,
    /// Largest `|out - ref|` relative to the output's largest reference magnitude;
    /// infinite when an element is NaN (unwritten) on one side only.
    #[serde(default, with = "non_finite")]
    pub max_rel_err: Option<f64>,
    pub correct: Option<bool>,
    pub cublas_ms: Option<f64>,
    /// `cublas_ms / time_ms * 100`.
    pub pct_of_cublas: Option<f64>,
    pub registers: u32,
    pub static_shared_bytes: u32,
    pub dynamic_shared_bytes: u32,
    /// Theoretical occupancy in [0, 1]: resident threads per SM over the SM's maximum.
    pub occupancy: f64,
    pub compile_ms: f64,
    /// Things the user should know that did not stop the run (cuBLAS missing,
    /// unwritten output elements, NVRTC warnings).
    #[serde(default)]
    pub warnings: Vec<String>,
    /// Where the run's time went; absent from older workers.
    #[serde(default)]
    pub phases: Option<RunPhases>,
}

/// The result of compiling one kernel with NVRTC.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompileReport {
    /// The `--gpu-architecture` it was compiled for (`sm_90`).
    pub arch: String,
    pub ptx: String,
    /// NVRTC's program log (empty when clean).
    pub log: String,
    /// The log lines that are warnings.
    pub warnings: Vec<String>,
    pub compile_ms: f64,
    /// Filled when the kernel was also loaded on a device.
    pub registers: Option<u32>,
    pub static_shared_bytes: Option<u32>,
    pub local_bytes: Option<u32>,
}

/// JSON has no infinity or NaN: write them as the strings `"inf"` / `"nan"`.
mod non_finite {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Repr {
        Num(f64),
        Text(String),
    }

    pub fn serialize<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            None => s.serialize_none(),
            Some(x) if x.is_nan() => s.serialize_some("nan"),
            Some(x) if x.is_infinite() => s.serialize_some(if *x > 0.0 { "inf" } else { "-inf" }),
            Some(x) => s.serialize_some(x),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        match Option::<Repr>::deserialize(d)? {
            None => Ok(None),
            Some(Repr::Num(x)) => Ok(Some(x)),
            Some(Repr::Text(t)) => match t.as_str() {
                "inf" => Ok(Some(f64::INFINITY)),
                "-inf" => Ok(Some(f64::NEG_INFINITY)),
                "nan" => Ok(Some(f64::NAN)),
                other => Err(serde::de::Error::custom(format!(
                    "expected a number, \"inf\" or \"nan\", found {other:?}"
                ))),
            },
        }
    }
}
