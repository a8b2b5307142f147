//! cuBLAS as the yardstick for matmul-shaped workloads: the same inputs, timed the
//! same way as the kernel.
//!
//! Row-major `C[m,n] = A[m,k] B[k,n]` is column-major `C^T = B^T A^T`, so cuBLAS gets
//! B first and A second with no copies. Default math mode: TF32 stays off for fp32.
//! int8 GEMMs (int32 results, exact) go through `cublasGemmEx` with `CUBLAS_COMPUTE_32I`.

use super::data::{arg_layout, POISON_BYTE};
use super::device::{driver_error, Device};
use super::error::RuntimeError;
use super::request::Matmul;
use super::timing::{median, time_runs, TimingOptions};
use crate::codegen::KernelArg;
use crate::ir::DataType;
use cudarc::cublas::{result as blas, sys as blas_sys};
use cudarc::driver::{result as cu, CudaSlice, DevicePtr, DevicePtrMut};
use std::ffi::c_void;

/// One column-major GEMM call, arguments as cuBLAS names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemmPlan {
    pub m: i32,
    pub n: i32,
    pub k: i32,
    pub trans_first: bool,
    pub trans_second: bool,
    /// Kernel argument indices of cuBLAS's first and second operand (B and A) and of C.
    pub first: usize,
    pub second: usize,
    pub out: usize,
    pub lda: i32,
    pub ldb: i32,
    pub ldc: i32,
    pub input_dtype: DataType,
    pub output_dtype: DataType,
}

/// Checks `mm` against the kernel's arguments. `Ok(None)` when cuBLAS has no
/// routine for the dtypes (fp32, fp16 and bf16 inputs are timed, and int8 ones
/// accumulated in int32 in the layout `int8_layout_ok` names).
pub fn plan(mm: &Matmul, args: &[KernelArg]) -> Result<Option<GemmPlan>, RuntimeError> {
    let invalid = |why: String| RuntimeError::InvalidRequest(format!("matmul: {why}"));
    let arg = |idx: usize, what: &str| {
        args.get(idx).ok_or_else(|| {
            invalid(format!(
                "{what} is argument {idx}, but the kernel has {}",
                args.len()
            ))
        })
    };
    let (a, b, c) = (arg(mm.a, "A")?, arg(mm.b, "B")?, arg(mm.c, "C")?);
    let dim = |v: usize| {
        i64::try_from(v)
            .ok()
            .filter(|&d| d > 0 && d <= i32::MAX as i64)
    };
    let (Some(m), Some(n), Some(k)) = (dim(mm.m), dim(mm.n), dim(mm.k)) else {
        return Err(invalid(format!(
            "m={}, n={}, k={} must be in 1..2^31",
            mm.m, mm.n, mm.k
        )));
    };
    let want_a = if mm.a_transposed { [k, m] } else { [m, k] };
    let want_b = if mm.b_transposed { [n, k] } else { [k, n] };
    for (arg, want) in [(a, want_a), (b, want_b), (c, [m, n])] {
        if arg.shape != want {
            return Err(invalid(format!(
                "`{}` has shape {:?}, expected {:?}",
                arg.name, arg.shape, want
            )));
        }
    }
    let (ta, tb, tc) = (
        arg_layout(a)?.dtype,
        arg_layout(b)?.dtype,
        arg_layout(c)?.dtype,
    );
    let supported = ta == tb
        && match (ta, tc) {
            (DataType::F32, DataType::F32)
            | (DataType::F16, DataType::F16)
            | (DataType::F16, DataType::F32)
            | (DataType::BF16, DataType::F32) => true,
            (DataType::I8, DataType::I32) => int8_layout_ok(mm, k),
            _ => false,
        };
    if !supported {
        return Ok(None);
    }
    let (m, n, k) = (m as i32, n as i32, k as i32);
    Ok(Some(GemmPlan {
        m: n,
        n: m,
        k,
        trans_first: mm.b_transposed,
        trans_second: mm.a_transposed,
        first: mm.b,
        second: mm.a,
        out: mm.c,
        lda: if mm.b_transposed { k } else { n },
        ldb: if mm.a_transposed { m } else { k },
        ldc: n,
        input_dtype: ta,
        output_dtype: tc,
    }))
}

/// cuBLAS's int8 GEMM (`cublasGemmEx`, int8 in, int32 out, `CUBLAS_COMPUTE_32I`)
/// wants 32-bit aligned operands with leading dimensions that are multiples
/// of 4, and its tensor-core kernels the "TN" layout: in row-major terms A
/// as (m, k) and B as (n, k), so that both leading dimensions are `k`. Other
/// layouts are left untimed rather than risk a `NOT_SUPPORTED` failing the run.
fn int8_layout_ok(mm: &Matmul, k: i64) -> bool {
    !mm.a_transposed && mm.b_transposed && k % 4 == 0
}

/// Whether libcublas can be loaded.
pub fn cublas_present() -> bool {
    // SAFETY: only tries to dlopen the library by its known names.
    unsafe { blas_sys::is_culib_present() }
}

/// A cuBLAS handle bound to the device's stream, destroyed on drop.
struct Handle(blas_sys::cublasHandle_t);

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: created by `create_handle` and destroyed only here.
        let _ = unsafe { blas::destroy_handle(self.0) };
    }
}

fn blas_error(e: blas::CublasError) -> RuntimeError {
    RuntimeError::Cublas(format!("{:?}", e.0))
}

/// cuBLAS's median time and its result, to cross-check the matmul description.
pub struct CublasRun {
    pub ms: f64,
    /// The `C` cuBLAS computed (little-endian, row-major like the kernel's).
    pub c: Vec<u8>,
}

/// Times cuBLAS on the kernel's input buffers.
pub fn time_cublas(
    dev: &Device,
    plan: &GemmPlan,
    buffers: &[CudaSlice<u8>],
    runs: u32,
    flush_l2: bool,
) -> Result<CublasRun, RuntimeError> {
    let (Some(first), Some(second), Some(out)) = (
        buffers.get(plan.first),
        buffers.get(plan.second),
        buffers.get(plan.out),
    ) else {
        return Err(RuntimeError::InvalidRequest(
            "matmul: argument index out of range".into(),
        ));
    };
    // cuBLAS writes its own C, so the kernel's output stays as the kernel left it.
    let mut c = dev
        .stream
        .alloc_zeros::<u8>(out.len())
        .map_err(driver_error)?;
    // Raw cuBLAS and memset calls below need the context current on this thread.
    dev.ctx.bind_to_thread().map_err(driver_error)?;
    let handle = Handle(blas::create_handle().map_err(blas_error)?);
    // SAFETY: the handle is live; the stream outlives it (dropped at the end of this fn).
    unsafe {
        blas::set_stream(handle.0, dev.stream.cu_stream() as _).map_err(blas_error)?;
        blas_sys::cublasSetMathMode(handle.0, blas_sys::cublasMath_t::CUBLAS_DEFAULT_MATH)
            .result()
            .map_err(blas_error)?;
    }
    let c_bytes = c.len();
    let (a_ptr, ga) = first.device_ptr(&dev.stream);
    let (b_ptr, gb) = second.device_ptr(&dev.stream);
    let (c_ptr, gc) = c.device_ptr_mut(&dev.stream);
    let stream = dev.stream.cu_stream();
    let mut prepare = || {
        // SAFETY: `c_ptr` is a live allocation of `c_bytes` bytes.
        unsafe { cu::memset_d8_async(c_ptr, POISON_BYTE, c_bytes, stream) }.map_err(driver_error)
    };
    let op = |t: bool| {
        if t {
            blas_sys::cublasOperation_t::CUBLAS_OP_T
        } else {
            blas_sys::cublasOperation_t::CUBLAS_OP_N
        }
    };
    let p = *plan;
    let mut launch = || {
        let (alpha, beta) = (1.0f32, 0.0f32);
        // SAFETY: the plan's shapes were checked against the buffers' arguments, so
        // every operand holds the elements cuBLAS reads or writes.
        let res = unsafe {
            if p.input_dtype == DataType::F32 {
                blas::sgemm(
                    handle.0,
                    op(p.trans_first),
                    op(p.trans_second),
                    p.m,
                    p.n,
                    p.k,
                    &alpha,
                    a_ptr as *const f32,
                    p.lda,
                    b_ptr as *const f32,
                    p.ldb,
                    &beta,
                    c_ptr as *mut f32,
                    p.ldc,
                )
            } else if p.input_dtype == DataType::I8 {
                // CUBLAS_COMPUTE_32I scales by int32 alpha and beta.
                let (alpha, beta) = (1i32, 0i32);
                blas::gemm_ex(
                    handle.0,
                    op(p.trans_first),
                    op(p.trans_second),
                    p.m,
                    p.n,
                    p.k,
                    &alpha as *const i32 as *const c_void,
                    a_ptr as *const c_void,
                    blas_sys::cudaDataType::CUDA_R_8I,
                    p.lda,
                    b_ptr as *const c_void,
                    blas_sys::cudaDataType::CUDA_R_8I,
                    p.ldb,
                    &beta as *const i32 as *const c_void,
                    c_ptr as *mut c_void,
                    blas_sys::cudaDataType::CUDA_R_32I,
                    p.ldc,
                    blas_sys::cublasComputeType_t::CUBLAS_COMPUTE_32I,
                    blas_sys::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                )
            } else {
                let c_type = if p.output_dtype == DataType::F32 {
                    blas_sys::cudaDataType::CUDA_R_32F
                } else {
                    blas_sys::cudaDataType::CUDA_R_16F
                };
                // fp16 or bf16 operands (the plan admits no other), fp32 compute.
                let ab_type = if p.input_dtype == DataType::BF16 {
                    blas_sys::cudaDataType::CUDA_R_16BF
                } else {
                    blas_sys::cudaDataType::CUDA_R_16F
                };
                blas::gemm_ex(
                    handle.0,
                    op(p.trans_first),
                    op(p.trans_second),
                    p.m,
                    p.n,
                    p.k,
                    &alpha as *const f32 as *const c_void,
                    a_ptr as *const c_void,
                    ab_type,
                    p.lda,
                    b_ptr as *const c_void,
                    ab_type,
                    p.ldb,
                    &beta as *const f32 as *const c_void,
                    c_ptr as *mut c_void,
                    c_type,
                    p.ldc,
                    blas_sys::cublasComputeType_t::CUBLAS_COMPUTE_32F,
                    blas_sys::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                )
            }
        };
        res.map_err(blas_error)
    };
    let options = TimingOptions {
        budget_ms: None,
        flush_l2,
        quick_above_ms: None,
    };
    let times = time_runs(dev, runs, options, &mut prepare, &mut launch)?.times;
    drop((ga, gb, gc));
    let c = dev.stream.clone_dtoh(&c).map_err(driver_error)?;
    dev.sync()?;
    Ok(CublasRun {
        ms: median(&times),
        c,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(name: &str, dtype: &str, shape: &[i64]) -> KernelArg {
        KernelArg {
            name: name.into(),
            dtype: dtype.into(),
            shape: shape.to_vec(),
            is_output: name == "C",
            layout: None,
        }
    }

    fn mm(a_t: bool, b_t: bool) -> Matmul {
        Matmul {
            m: 64,
            n: 32,
            k: 16,
            a: 0,
            b: 1,
            c: 2,
            a_transposed: a_t,
            b_transposed: b_t,
        }
    }

    #[test]
    fn row_major_gemm_becomes_swapped_column_major() {
        let args = [
            arg("A", "float32", &[64, 16]),
            arg("B", "float32", &[16, 32]),
            arg("C", "float32", &[64, 32]),
        ];
        let p = plan(&mm(false, false), &args).unwrap().unwrap();
        assert_eq!((p.m, p.n, p.k), (32, 64, 16));
        assert_eq!((p.first, p.second, p.out), (1, 0, 2));
        assert_eq!((p.trans_first, p.trans_second), (false, false));
        assert_eq!((p.lda, p.ldb, p.ldc), (32, 16, 32));
    }

    #[test]
    fn transposed_operands_flip_the_ops_and_leading_dimensions() {
        let args = [
            arg("A", "float16", &[16, 64]),
            arg("B", "float16", &[32, 16]),
            arg("C", "float32", &[64, 32]),
        ];
        let p = plan(&mm(true, true), &args).unwrap().unwrap();
        assert_eq!((p.trans_first, p.trans_second), (true, true));
        assert_eq!((p.lda, p.ldb, p.ldc), (16, 64, 32));
        assert_eq!(
            (p.input_dtype, p.output_dtype),
            (DataType::F16, DataType::F32)
        );
    }

    #[test]
    fn mismatched_shapes_and_indices_are_errors() {
        let args = [
            arg("A", "float32", &[64, 16]),
            arg("B", "float32", &[16, 32]),
            arg("C", "float32", &[64, 33]),
        ];
        assert!(plan(&mm(false, false), &args).is_err());
        assert!(plan(&mm(true, false), &args[..2]).is_err());
        let mut bad = mm(false, false);
        bad.k = 0;
        assert!(plan(&bad, &args).is_err());
    }

    /// int8 x int8 -> int32 with B as (n, k): cuBLAS's "TN" GEMM, B first
    /// and transposed, A second as it is, both leading dimensions k.
    #[test]
    fn int8_matmuls_with_b_transposed_are_timed_as_tn() {
        let args = [
            arg("A", "int8", &[64, 16]),
            arg("B", "int8", &[32, 16]),
            arg("C", "int32", &[64, 32]),
        ];
        let p = plan(&mm(false, true), &args).unwrap().unwrap();
        assert_eq!((p.m, p.n, p.k), (32, 64, 16));
        assert_eq!((p.first, p.second, p.out), (1, 0, 2));
        assert_eq!((p.trans_first, p.trans_second), (true, false));
        assert_eq!((p.lda, p.ldb, p.ldc), (16, 16, 32));
        assert_eq!(
            (p.input_dtype, p.output_dtype),
            (DataType::I8, DataType::I32)
        );
    }

    /// bf16 x bf16 -> fp32 is timed (`cublasGemmEx` with CUDA_R_16BF); bf16
    /// into bf16 is not (no workload of ours writes it).
    #[test]
    fn bf16_matmuls_into_f32_are_timed() {
        let args = [
            arg("A", "bfloat16", &[64, 16]),
            arg("B", "bfloat16", &[16, 32]),
            arg("C", "float32", &[64, 32]),
        ];
        let p = plan(&mm(false, false), &args).unwrap().unwrap();
        assert_eq!(
            (p.input_dtype, p.output_dtype),
            (DataType::BF16, DataType::F32)
        );
        let into_bf16 = [
            arg("A", "bfloat16", &[64, 16]),
            arg("B", "bfloat16", &[16, 32]),
            arg("C", "bfloat16", &[64, 32]),
        ];
        assert_eq!(plan(&mm(false, false), &into_bf16).unwrap(), None);
    }

    #[test]
    fn other_integer_matmuls_are_not_timed() {
        // B as (k, n): not the layout cuBLAS's int8 kernels take.
        let nn = [
            arg("A", "int8", &[64, 16]),
            arg("B", "int8", &[16, 32]),
            arg("C", "int32", &[64, 32]),
        ];
        assert_eq!(plan(&mm(false, false), &nn).unwrap(), None);
        // k not a multiple of 4: leading dimensions cuBLAS refuses.
        let mut odd = mm(false, true);
        odd.k = 18;
        let odd_args = [
            arg("A", "int8", &[64, 18]),
            arg("B", "int8", &[32, 18]),
            arg("C", "int32", &[64, 32]),
        ];
        assert_eq!(plan(&odd, &odd_args).unwrap(), None);
        // int32 operands: no cuBLAS routine.
        let i32_args = [
            arg("A", "int32", &[64, 16]),
            arg("B", "int32", &[32, 16]),
            arg("C", "int32", &[64, 32]),
        ];
        assert_eq!(plan(&mm(false, true), &i32_args).unwrap(), None);
    }
}
