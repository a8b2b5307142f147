//! Loading a compiled program on the device, launching its kernels in order,
//! and their resource usage.
//!
//! Knows the driver API and `CudaKernel`'s launch configurations; no timing, no checking.

use super::device::{driver_message, Device};
use super::error::RuntimeError;
use super::registers;
use crate::codegen::{CudaKernel, KernelLaunch};
use crate::launch_limits::LaunchLimits;
use cudarc::driver::sys::CUfunction_attribute;
use cudarc::driver::{CudaFunction, CudaSlice, DevicePtr, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;

/// One kernel of a loaded program.
pub struct LoadedLaunch {
    pub func: CudaFunction,
    pub config: LaunchConfig,
    /// Indices into the program's arguments followed by its temporaries.
    pub args: Vec<usize>,
    /// The TMA tensor maps it takes after its pointers (`tensor_map`).
    pub tensor_maps: Vec<super::tensor_map::PlannedMap>,
}

/// A program loaded into the device's context, ready to launch: its kernels in order.
pub struct LoadedKernel {
    pub launches: Vec<LoadedLaunch>,
}

/// What the driver says the kernel uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KernelStats {
    pub registers: u32,
    pub static_shared_bytes: u32,
    pub local_bytes: u32,
    /// Resident threads per SM over the SM's maximum, in [0, 1].
    pub occupancy: f64,
}

/// Checks grid and block against `limits` before the driver sees them, for
/// clearer messages.
pub fn check_launch_config(
    kernel: &KernelLaunch,
    limits: &LaunchLimits,
) -> Result<LaunchConfig, RuntimeError> {
    let [gx, gy, gz] = kernel.grid;
    let [bx, by, bz] = kernel.block;
    if kernel.grid.contains(&0) || kernel.block.contains(&0) {
        return Err(RuntimeError::Launch(format!(
            "grid ({gx}, {gy}, {gz}) and block ({bx}, {by}, {bz}) must have no zero extent"
        )));
    }
    let threads = bx as u64 * by as u64 * bz as u64;
    let block_over = (0..3).any(|d| u64::from(kernel.block[d]) > limits.max_block_dim[d]);
    if threads > limits.max_threads_per_block || block_over {
        let [mx, my, mz] = limits.max_block_dim;
        return Err(RuntimeError::Launch(format!(
            "block ({bx}, {by}, {bz}) has {threads} threads; the limit is {} \
             (and ({mx}, {my}, {mz}) per dimension)",
            limits.max_threads_per_block
        )));
    }
    if (0..3).any(|d| u64::from(kernel.grid[d]) > limits.max_grid_dim[d]) {
        let [mx, my, mz] = limits.max_grid_dim;
        return Err(RuntimeError::Launch(format!(
            "grid ({gx}, {gy}, {gz}): the limit is ({mx}, {my}, {mz})"
        )));
    }
    Ok(LaunchConfig {
        grid_dim: (gx, gy, gz),
        block_dim: (bx, by, bz),
        shared_mem_bytes: kernel.dynamic_shared_bytes,
    })
}

/// Loads `cubin` and finds each kernel in it, opting in to large dynamic shared memory.
pub fn load(
    dev: &Device,
    kernel: &CudaKernel,
    cubin: Vec<u8>,
) -> Result<LoadedKernel, RuntimeError> {
    let list = kernel.launch_list();
    let configs = list
        .iter()
        .map(|l| check_launch_config(l, &dev.limits))
        .collect::<Result<Vec<_>, _>>()?;
    let n_args = kernel.args.len() + kernel.temporaries.len();
    if let Some(bad) = list.iter().find(|l| l.args.iter().any(|&a| a >= n_args)) {
        return Err(RuntimeError::Launch(format!(
            "kernel `{}` names an argument past the {n_args} the program has",
            bad.name
        )));
    }
    let module = dev
        .ctx
        .load_module(Ptx::from_binary(cubin))
        .map_err(|e| RuntimeError::Launch(format!("loading the module: {}", driver_message(e))))?;
    let mut launches = Vec::with_capacity(list.len());
    for (l, config) in list.into_iter().zip(configs) {
        let func = module.load_function(&l.name).map_err(|e| {
            RuntimeError::Launch(format!(
                "kernel `{}` not found in the module: {}",
                l.name,
                driver_message(e)
            ))
        })?;
        check_registers(dev, &func, &l.name, &config)?;
        let dynamic = l.dynamic_shared_bytes;
        // Beyond the static limit, dynamic shared memory needs the opt-in.
        if u64::from(dynamic) > dev.limits.max_static_shared_bytes {
            if u64::from(dynamic) > dev.limits.max_shared_bytes_optin {
                return Err(RuntimeError::Launch(format!(
                    "kernel `{}`: {dynamic} bytes of dynamic shared memory; {} allows at most {}",
                    l.name, dev.name, dev.limits.max_shared_bytes_optin
                )));
            }
            func.set_attribute(
                CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                dynamic as i32,
            )
            .map_err(|e| {
                RuntimeError::Launch(format!("opting in to shared memory: {}", driver_message(e)))
            })?;
        }
        launches.push(LoadedLaunch {
            func,
            config,
            tensor_maps: super::tensor_map::plan(kernel, &l.name)?,
            args: l.args,
        });
    }
    Ok(LoadedKernel { launches })
}

/// The kernel's registers (known once compiled) against the block's share of the register file.
fn check_registers(
    dev: &Device,
    func: &CudaFunction,
    name: &str,
    config: &LaunchConfig,
) -> Result<(), RuntimeError> {
    let attr = |a: CUfunction_attribute| {
        func.get_attribute(a)
            .map(|v| v.max(0) as u32)
            .map_err(|e| RuntimeError::Driver(driver_message(e)))
    };
    let (bx, by, bz) = config.block_dim;
    registers::check(&registers::RegisterUse {
        kernel: name,
        device: &dev.name,
        registers: attr(CUfunction_attribute::CU_FUNC_ATTRIBUTE_NUM_REGS)?,
        threads: bx * by * bz,
        per_block: u32::try_from(dev.limits.max_registers_per_block).unwrap_or(u32::MAX),
        max_threads: attr(CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
    })
}

impl LoadedKernel {
    /// Enqueues every kernel, in order, on the device's stream: `buffers` are
    /// the program's arguments, `temporaries` its intermediates.
    pub fn launch(
        &self,
        dev: &Device,
        buffers: &[CudaSlice<u8>],
        temporaries: &[CudaSlice<u8>],
    ) -> Result<(), RuntimeError> {
        for l in &self.launches {
            let arg = |a: usize| {
                let buf = if a < buffers.len() {
                    buffers.get(a)
                } else {
                    temporaries.get(a - buffers.len())
                };
                buf.ok_or_else(|| {
                    RuntimeError::Launch(format!("argument {a} of a kernel was not allocated"))
                })
            };
            let maps = l
                .tensor_maps
                .iter()
                .map(|m| super::tensor_map::encode(m, arg(m.arg)?.device_ptr(&dev.stream).0))
                .collect::<Result<Vec<_>, _>>()?;
            let mut builder = dev.stream.launch_builder(&l.func);
            for &a in &l.args {
                builder.arg(arg(a)?);
            }
            for m in &maps {
                builder.arg(m);
            }
            // SAFETY: the argument count and order are those of `KernelLaunch::args`,
            // which codegen emits as the kernel's pointer parameters, and each buffer
            // holds the argument's full shape.
            unsafe { builder.launch(l.config) }
                .map(|_| ())
                .map_err(|e| RuntimeError::Launch(driver_message(e)))?;
        }
        Ok(())
    }

    /// Resource use over all kernels: the largest of each, the lowest occupancy.
    pub fn stats(&self, dev: &Device) -> Result<KernelStats, RuntimeError> {
        let mut total: Option<KernelStats> = None;
        for l in &self.launches {
            let s = l.stats(dev)?;
            total = Some(match total {
                None => s,
                Some(t) => KernelStats {
                    registers: t.registers.max(s.registers),
                    static_shared_bytes: t.static_shared_bytes.max(s.static_shared_bytes),
                    local_bytes: t.local_bytes.max(s.local_bytes),
                    occupancy: t.occupancy.min(s.occupancy),
                },
            });
        }
        total.ok_or_else(|| RuntimeError::Launch("the program has no kernel".to_string()))
    }
}

impl LoadedLaunch {
    pub fn stats(&self, dev: &Device) -> Result<KernelStats, RuntimeError> {
        let attr = |a: CUfunction_attribute| {
            self.func
                .get_attribute(a)
                .map(|v| v.max(0) as u32)
                .map_err(|e| RuntimeError::Driver(driver_message(e)))
        };
        let registers = attr(CUfunction_attribute::CU_FUNC_ATTRIBUTE_NUM_REGS)?;
        let static_shared_bytes = attr(CUfunction_attribute::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?;
        let local_bytes = attr(CUfunction_attribute::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?;
        let (bx, by, bz) = self.config.block_dim;
        let threads = bx * by * bz;
        let blocks = self
            .func
            .occupancy_max_active_blocks_per_multiprocessor(
                threads,
                self.config.shared_mem_bytes as usize,
                None,
            )
            .map_err(|e| RuntimeError::Driver(driver_message(e)))?;
        Ok(KernelStats {
            registers,
            static_shared_bytes,
            local_bytes,
            occupancy: occupancy(blocks, threads, dev.max_threads_per_sm),
        })
    }
}

/// Theoretical occupancy: resident threads over the SM's thread limit.
pub fn occupancy(blocks_per_sm: u32, threads_per_block: u32, max_threads_per_sm: u32) -> f64 {
    let resident = blocks_per_sm as f64 * threads_per_block as f64;
    (resident / max_threads_per_sm.max(1) as f64).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(grid: [u32; 3], block: [u32; 3]) -> KernelLaunch {
        KernelLaunch {
            name: "k".into(),
            grid,
            block,
            dynamic_shared_bytes: 0,
            static_shared_bytes: 0,
            local_bytes: 0,
            args: vec![],
        }
    }

    fn check(grid: [u32; 3], block: [u32; 3]) -> Result<LaunchConfig, RuntimeError> {
        check_launch_config(&kernel(grid, block), &LaunchLimits::H100)
    }

    #[test]
    fn launch_configs_are_checked() {
        let cfg = check([8, 2, 1], [16, 16, 1]).unwrap();
        assert_eq!((cfg.grid_dim, cfg.block_dim), ((8, 2, 1), (16, 16, 1)));
        assert!(check([0, 1, 1], [32, 1, 1]).is_err());
        assert!(check([1, 1, 1], [32, 64, 1]).is_err());
        assert!(check([1, 1, 1], [1, 1, 128]).is_err());
        assert!(check([1, 70000, 1], [32, 1, 1]).is_err());
        assert!(check([1 << 20, 1, 1], [1024, 1, 1]).is_ok());
    }

    #[test]
    fn the_devices_own_limits_are_used() {
        let small = LaunchLimits {
            max_threads_per_block: 512,
            ..LaunchLimits::H100
        };
        let k = kernel([1, 1, 1], [1024, 1, 1]);
        assert!(check_launch_config(&k, &LaunchLimits::H100).is_ok());
        let e = check_launch_config(&k, &small).unwrap_err().to_string();
        assert!(e.contains("the limit is 512"), "{e}");
    }

    #[test]
    fn occupancy_is_resident_threads_over_the_limit() {
        assert_eq!(occupancy(8, 256, 2048), 1.0);
        assert_eq!(occupancy(2, 256, 2048), 0.25);
        assert_eq!(occupancy(0, 256, 2048), 0.0);
    }
}
