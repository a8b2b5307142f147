//! The GPU: finding the driver, opening device 0, and its limits.
//!
//! The one place that initialises CUDA. cudarc panics when libcuda is missing, so
//! every entry checks for the library first and guards the rest with `catch_unwind`.

use super::error::RuntimeError;
use super::nvrtc::panic_text;
use crate::launch_limits::LaunchLimits;
use cudarc::driver::sys::{self, CUdevice_attribute};
use cudarc::driver::{result, CudaContext, CudaSlice, CudaStream, DevicePtr, DriverError};
use std::sync::Arc;

/// Architecture for compiles when no device can be asked (the H100 target).
pub const DEFAULT_ARCH: &str = "sm_90";

/// An open device: its context, the one stream everything runs on, and its limits.
pub struct Device {
    pub ctx: Arc<CudaContext>,
    /// A created stream: events on the legacy default stream failed with
    /// CUDA_ERROR_INVALID_HANDLE on the target machine.
    pub stream: Arc<CudaStream>,
    pub name: String,
    /// `sm_XY` from the compute capability.
    pub arch: String,
    pub max_threads_per_sm: u32,
    /// What one launch may use, as this device reports it.
    pub limits: LaunchLimits,
    /// Twice the L2 cache, overwritten before each timed run of a request that
    /// asks for it (`RunRequest::flush_l2`); `None` when it could not be allocated
    /// (the runs are then timed without flushing and the result says so).
    pub l2_flush: Option<CudaSlice<u8>>,
}

/// The launch limits the device reports; local memory per thread is not an
/// attribute (512 KiB on every GPU since sm_20), so it keeps the table's value.
fn device_limits(
    attr: &dyn Fn(CUdevice_attribute) -> Result<i32, RuntimeError>,
) -> Result<LaunchLimits, RuntimeError> {
    use CUdevice_attribute as A;
    let get = |a: A| attr(a).map(|v| v.max(0) as u64);
    Ok(LaunchLimits {
        max_threads_per_block: get(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
        max_block_dim: [
            get(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)?,
            get(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)?,
            get(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)?,
        ],
        max_grid_dim: [
            get(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)?,
            get(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y)?,
            get(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)?,
        ],
        max_static_shared_bytes: get(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK)?,
        max_shared_bytes_optin: get(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)?,
        max_local_bytes_per_thread: LaunchLimits::H100.max_local_bytes_per_thread,
        max_registers_per_block: get(A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK)?,
        max_registers_per_thread: LaunchLimits::H100.max_registers_per_thread,
    })
}

/// "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)".
pub fn driver_message(e: DriverError) -> String {
    match (e.error_name(), e.error_string()) {
        (Ok(name), Ok(text)) => format!("{} ({})", name.to_string_lossy(), text.to_string_lossy()),
        _ => format!("{:?}", e.0),
    }
}

pub fn driver_error(e: DriverError) -> RuntimeError {
    RuntimeError::Driver(driver_message(e))
}

/// Runs `f`, turning a panic inside cudarc (missing symbol) into an error.
pub fn guarded<T>(
    what: &str,
    f: impl FnOnce() -> Result<T, RuntimeError>,
) -> Result<T, RuntimeError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|p| Err(RuntimeError::Driver(format!("{what}: {}", panic_text(&p)))))
}

/// Whether libcuda.so can be loaded at all.
pub fn driver_present() -> bool {
    // SAFETY: only tries to dlopen the library by its known names.
    unsafe { sys::is_culib_present() }
}

/// Initialises the driver and returns the number of devices, or `NoDevice`.
fn init() -> Result<i32, RuntimeError> {
    if !driver_present() {
        return Err(RuntimeError::NoDevice(
            "no CUDA device: libcuda.so not found".to_string(),
        ));
    }
    result::init().map_err(|e| {
        RuntimeError::NoDevice(format!(
            "no CUDA device: cuInit failed: {}",
            driver_message(e)
        ))
    })?;
    let count = result::device::get_count()
        .map_err(|e| RuntimeError::NoDevice(format!("no CUDA device: {}", driver_message(e))))?;
    if count < 1 {
        return Err(RuntimeError::NoDevice(
            "no CUDA device: the driver reports none".to_string(),
        ));
    }
    Ok(count)
}

/// The name of device 0, or why there is none. Safe to call without a GPU or driver.
pub fn device_available() -> Result<String, RuntimeError> {
    guarded("probing the CUDA driver", || {
        init()?;
        let dev = result::device::get(0).map_err(driver_error)?;
        result::device::get_name(dev).map_err(driver_error)
    })
}

/// How many CUDA devices this process sees (after `CUDA_VISIBLE_DEVICES`);
/// an error without a driver or a device. Safe to call without a GPU.
pub fn device_count() -> Result<usize, RuntimeError> {
    guarded("counting the CUDA devices", || {
        let n = init()?;
        Ok(usize::try_from(n).unwrap_or(0))
    })
}

/// The CUDA version the driver supports (`12.8`). Safe to call without a GPU.
pub fn driver_version() -> Result<String, RuntimeError> {
    guarded("asking the CUDA driver its version", || {
        init()?;
        let mut v: std::ffi::c_int = 0;
        // SAFETY: cuDriverGetVersion writes one int; the driver is initialised.
        unsafe { cudarc::driver::sys::cuDriverGetVersion(&mut v) }
            .result()
            .map_err(driver_error)?;
        Ok(format!("{}.{}", v / 1000, (v % 1000) / 10))
    })
}

/// Bytes to overwrite to evict everything from an L2 of `l2_bytes`: twice its
/// size (replacement is not strictly LRU), at least 64 MiB; `None` when the
/// device reports no size.
pub fn l2_flush_bytes(l2_bytes: i32) -> Option<usize> {
    let l2 = usize::try_from(l2_bytes).ok().filter(|&n| n > 0)?;
    Some(l2.saturating_mul(2).max(64 << 20))
}

impl Device {
    /// Overwrites the flush buffer on the stream (asynchronous; ordered before
    /// what is enqueued next). Does nothing when there is no buffer.
    pub fn flush_l2(&self) -> Result<(), RuntimeError> {
        let Some(buf) = &self.l2_flush else {
            return Ok(());
        };
        self.ctx.bind_to_thread().map_err(driver_error)?;
        let (ptr, _guard) = buf.device_ptr(&self.stream);
        // SAFETY: `ptr` is a live allocation of `buf.len()` bytes owned by `self`.
        unsafe { result::memset_d8_async(ptr, 0x5a, buf.len(), self.stream.cu_stream()) }
            .map_err(driver_error)
    }

    /// Opens device 0 with its primary context and a fresh stream.
    pub fn open() -> Result<Device, RuntimeError> {
        guarded("opening the CUDA device", || {
            init()?;
            let ctx = CudaContext::new(0).map_err(driver_error)?;
            // One stream only: cudarc's cross-stream event bookkeeping would add
            // event records around every launch.
            // SAFETY: nothing here uses a second stream.
            unsafe { ctx.disable_event_tracking() };
            let stream = ctx.new_stream().map_err(driver_error)?;
            let name = ctx.name().map_err(driver_error)?;
            let (major, minor) = ctx.compute_capability().map_err(driver_error)?;
            let attr = |a: CUdevice_attribute| ctx.attribute(a).map_err(driver_error);
            let max_threads_per_sm =
                attr(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR)?;
            let limits = device_limits(&attr)?;
            let l2_bytes = attr(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)?;
            let l2_flush = l2_flush_bytes(l2_bytes).and_then(|n| stream.alloc_zeros::<u8>(n).ok());
            Ok(Device {
                name,
                arch: format!("sm_{major}{minor}"),
                max_threads_per_sm: max_threads_per_sm.max(1) as u32,
                limits,
                ctx,
                stream,
                l2_flush,
            })
        })
    }

    /// Waits for the stream; a kernel fault surfaces here as a `Launch` error.
    pub fn sync(&self) -> Result<(), RuntimeError> {
        self.stream
            .synchronize()
            .and_then(|()| self.ctx.check_err())
            .map_err(|e| RuntimeError::Launch(driver_message(e)))
    }
}
