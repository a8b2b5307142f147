//! TMA tensor maps on the host: for each tensor map a kernel takes
//! (`codegen::tma`'s marker lines, in parameter order), the 128-byte
//! `CUtensorMap` that `cuTensorMapEncodeTiled` encodes for the argument's
//! device buffer (2-d, row-major; box and swizzle as the kernel's tiles
//! need), passed by value after the kernel's pointers (the kernel declares
//! them `const __grid_constant__`).
//!
//! What the driver would refuse, or a TMA would copy wrong, is refused here
//! with its reason: a box dimension over 256 or of none, an inner box row
//! that is not the swizzle row (`CU_TENSOR_MAP_SWIZZLE_*B` must match the
//! tile's `buffer_swizzle`), a row stride that is not a multiple of 16
//! bytes, a global address not 16-byte aligned, an element type a tensor
//! map has not.
//!
//! Invariant: knows the driver's tensor-map call and `CudaKernel`; no launch.

use super::error::RuntimeError;
use crate::codegen::tma::{tensor_maps, TensorMapSpec};
use crate::codegen::CudaKernel;
use crate::ir::DataType;
use cudarc::driver::sys;
use cudarc::driver::DeviceRepr;

/// One encoded tensor map, as the kernel takes it by value.
#[repr(C, align(128))]
#[derive(Clone, Copy, Debug)]
pub struct TensorMapArg(pub [u64; 16]);

// SAFETY: plain bytes, passed by value as the kernel's 128-byte parameter.
unsafe impl DeviceRepr for TensorMapArg {}

/// A kernel's tensor map checked against its argument, to encode at launch.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedMap {
    /// Index into the program's arguments, then temporaries.
    pub arg: usize,
    dtype: DataType,
    /// Rows and columns of the global tensor.
    dims: [u64; 2],
    box_rows: u32,
    box_cols: u32,
    swizzle: u32,
}

/// The tensor maps kernel `name` of `kernel` takes, in parameter order.
pub fn plan(kernel: &CudaKernel, name: &str) -> Result<Vec<PlannedMap>, RuntimeError> {
    tensor_maps(&kernel.source)
        .map_err(|why| RuntimeError::InvalidRequest(format!("kernel `{name}`: {why}")))?
        .into_iter()
        .filter(|s| s.kernel == name)
        .map(|s| plan_one(kernel, &s))
        .collect()
}

fn plan_one(kernel: &CudaKernel, s: &TensorMapSpec) -> Result<PlannedMap, RuntimeError> {
    let refuse = |why: String| {
        Err(RuntimeError::InvalidRequest(format!(
            "kernel `{}`: the TMA tensor map of argument {} {why}",
            s.kernel, s.arg
        )))
    };
    let Some(arg) = kernel.args.get(s.arg).or_else(|| {
        s.arg
            .checked_sub(kernel.args.len())
            .and_then(|i| kernel.temporaries.get(i))
    }) else {
        return refuse("names no argument of the program".into());
    };
    let Some(dtype) = arg.data_type() else {
        return refuse(format!(
            "is of type {}, which tirtui does not know",
            arg.dtype
        ));
    };
    if data_type(dtype).is_none() {
        return refuse(format!(
            "is of type {}, which a tensor map has not",
            arg.dtype
        ));
    }
    let [rows, cols] = arg.shape[..] else {
        return refuse(format!(
            "describes {} of shape {:?}; tirtui encodes 2-d tensors",
            arg.name, arg.shape
        ));
    };
    let eb = dtype.bytes() as i64;
    if rows < 1 || cols < 1 || rows > u32::MAX as i64 || cols > u32::MAX as i64 {
        return refuse(format!("describes {} of shape {:?}", arg.name, arg.shape));
    }
    if (cols * eb) % 16 != 0 {
        return refuse(format!(
            "describes {} whose rows are {} bytes: a tensor map's stride must be a multiple of 16 bytes",
            arg.name,
            cols * eb
        ));
    }
    if !(1..=256).contains(&s.box_rows) || !(1..=256).contains(&s.box_cols) {
        return refuse(format!(
            "has a {}x{} box: each box dimension holds 1 to 256 elements",
            s.box_rows, s.box_cols
        ));
    }
    if !matches!(s.swizzle, 32 | 64 | 128) || s.box_cols as i64 * eb != s.swizzle as i64 {
        return refuse(format!(
            "has {}-element box rows ({} bytes) with a {}-byte swizzle: the inner box row must be the swizzle row (the tile's buffer_swizzle)",
            s.box_cols,
            s.box_cols as i64 * eb,
            s.swizzle
        ));
    }
    Ok(PlannedMap {
        arg: s.arg,
        dtype,
        dims: [rows as u64, cols as u64],
        box_rows: s.box_rows,
        box_cols: s.box_cols,
        swizzle: s.swizzle,
    })
}

fn data_type(t: DataType) -> Option<sys::CUtensorMapDataType> {
    use sys::CUtensorMapDataType as T;
    Some(match t {
        DataType::F16 => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        DataType::BF16 => T::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        DataType::F32 => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        DataType::F64 => T::CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
        DataType::I8 | DataType::U8 => T::CU_TENSOR_MAP_DATA_TYPE_UINT8,
        DataType::U16 | DataType::I16 => T::CU_TENSOR_MAP_DATA_TYPE_UINT16,
        DataType::I32 => T::CU_TENSOR_MAP_DATA_TYPE_INT32,
        DataType::U32 => T::CU_TENSOR_MAP_DATA_TYPE_UINT32,
        DataType::I64 => T::CU_TENSOR_MAP_DATA_TYPE_INT64,
        DataType::U64 => T::CU_TENSOR_MAP_DATA_TYPE_UINT64,
        DataType::Bool => return None,
    })
}

/// Encodes `p` for the device buffer at `ptr`.
pub fn encode(p: &PlannedMap, ptr: u64) -> Result<TensorMapArg, RuntimeError> {
    if !ptr.is_multiple_of(16) {
        return Err(RuntimeError::Launch(format!(
            "argument {} is at {ptr:#x}, not 16-byte aligned, as a TMA tensor needs",
            p.arg
        )));
    }
    let Some(dtype) = data_type(p.dtype) else {
        return Err(RuntimeError::Launch("a tensor map of bool".into()));
    };
    let eb = p.dtype.bytes() as u64;
    // Innermost first, as the driver takes them.
    let dims: [u64; 2] = [p.dims[1], p.dims[0]];
    let strides: [u64; 1] = [p.dims[1] * eb];
    let boxes: [u32; 2] = [p.box_cols, p.box_rows];
    let element_strides: [u32; 2] = [1, 1];
    let swizzle = match p.swizzle {
        32 => sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_32B,
        64 => sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_64B,
        _ => sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
    };
    let mut map = std::mem::MaybeUninit::<sys::CUtensorMap>::zeroed();
    // SAFETY: every pointer names an array of the rank's length (strides one
    // fewer), `map` is a writable CUtensorMap and `ptr` a device address the
    // caller's buffer holds for the launch.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            map.as_mut_ptr(),
            dtype,
            2,
            ptr as *mut std::ffi::c_void,
            dims.as_ptr(),
            strides.as_ptr(),
            boxes.as_ptr(),
            element_strides.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(RuntimeError::Launch(format!(
            "cuTensorMapEncodeTiled for argument {} ({:?}, box {}x{}, swizzle {}): {r:?}",
            p.arg, p.dims, p.box_rows, p.box_cols, p.swizzle
        )));
    }
    // SAFETY: the driver filled it (CUDA_SUCCESS).
    let map = unsafe { map.assume_init() };
    Ok(TensorMapArg(map.opaque))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::tma::marker;
    use crate::codegen::KernelArg;

    fn kernel(lines: &str, shape: Vec<i64>, dtype: &str) -> CudaKernel {
        CudaKernel {
            name: "main_kernel".into(),
            source: lines.to_string(),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            static_shared_bytes: 0,
            local_bytes: 0,
            args: vec![KernelArg {
                name: "A".into(),
                dtype: dtype.into(),
                shape,
                is_output: false,
                layout: None,
            }],
            launches: Vec::new(),
            temporaries: Vec::new(),
        }
    }

    #[test]
    fn a_legal_map_is_planned_and_an_illegal_one_refused() {
        let ok = kernel(
            &marker("main_kernel", 0, 128, 64, 128),
            vec![4096, 4096],
            "float16",
        );
        let p = plan(&ok, "main_kernel").unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].box_rows, p[0].box_cols, p[0].swizzle), (128, 64, 128));
        assert!(plan(&ok, "other_kernel").unwrap().is_empty());
        for (src, shape, dtype, why) in [
            (
                marker("main_kernel", 0, 512, 64, 128),
                vec![4096, 4096],
                "float16",
                "1 to 256",
            ),
            (
                marker("main_kernel", 0, 128, 32, 128),
                vec![4096, 4096],
                "float16",
                "swizzle row",
            ),
            (
                marker("main_kernel", 0, 128, 64, 128),
                vec![4096, 4100],
                "float16",
                "16 bytes",
            ),
            (
                marker("main_kernel", 0, 128, 64, 128),
                vec![4096],
                "float16",
                "2-d",
            ),
            (
                marker("main_kernel", 1, 128, 64, 128),
                vec![4096, 4096],
                "float16",
                "no argument",
            ),
        ] {
            let err = plan(&kernel(&src, shape, dtype), "main_kernel")
                .unwrap_err()
                .to_string();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
