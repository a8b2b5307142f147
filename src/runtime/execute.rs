//! One run request, start to end, inside the worker: validate, compile, check against
//! the reference, time, compare with cuBLAS.
//!
//! Runs in the worker process only: a faulting kernel takes this process down, not tirtui.

use super::check::{compare, compare_with, count_unwritten, tolerance, Expected};
use super::cublas::{cublas_present, plan, time_cublas, GemmPlan};
use super::data::{arg_layout, decode, random_bytes, ArgLayout, POISON_BYTE};
use super::device::{driver_error, Device, DEFAULT_ARCH};
use super::error::RuntimeError;
use super::launch::{load, LoadedKernel};
use super::nvrtc::{compile_cubin, nvrtc_available, nvrtc_compile, Compiled};
use super::prepare::{compile_many, CubinCache, RunData, RunDataKey, MAX_PREPARE_KERNELS};
use super::queue::CompileQueue;
use super::request::{
    CompileReport, CsrInput, Prepared, ReadyList, RunPhases, RunRequest, RunResult, MIN_RUNS,
};
use super::resident::{alloc_args, Resident};
use super::timing::{median, time_runs, TimingOptions};
use crate::codegen::{CudaKernel, KernelArg};
use crate::ir::DataType;
use cudarc::driver::{result as cu, CudaSlice, DevicePtr};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest a `ready` request waits for a compile to end.
const MAX_READY_WAIT: Duration = Duration::from_secs(60);

/// Worker-side state: the device is opened once and kept for later requests,
/// with the binaries compiled so far and the inputs and reference outputs of
/// the last argument list (`prepare`).
#[derive(Default)]
pub struct Executor {
    device: Option<Device>,
    cubins: CubinCache,
    data: Option<RunData>,
    /// The batch compiling in the background (`queue`).
    queue: Option<CompileQueue>,
    /// The device buffers of `data`'s argument list.
    resident: Option<Resident>,
}

/// A request checked before the GPU is touched.
struct Checked {
    layouts: Vec<ArgLayout>,
    gemm: Option<GemmPlan>,
    runs: u32,
}

fn check_request(req: &RunRequest) -> Result<Checked, RuntimeError> {
    let layouts = req
        .kernel
        .args
        .iter()
        .map(arg_layout)
        .collect::<Result<Vec<_>, _>>()?;
    if !req.kernel.args.iter().any(|a| a.is_output) {
        return Err(RuntimeError::InvalidRequest(
            "the kernel has no output argument".to_string(),
        ));
    }
    if let Some(reference) = &req.reference {
        // An argument the schedule re-laid-out (same shape or not) holds
        // other elements than the reference's at each index.
        if let Some(layout) = req.kernel.args.iter().find_map(|a| a.layout.as_ref()) {
            return Err(RuntimeError::InvalidRequest(format!(
                "{layout}: the kernel takes it in the new layout and the reference in the workload's, so their outputs cannot be compared; run a session that keeps parameter layouts (cache_read or cache_write the parameter and transform the cache)"
            )));
        }
        let same = reference.args.len() == req.kernel.args.len()
            && reference.args.iter().zip(&req.kernel.args).all(|(r, k)| {
                r.dtype == k.dtype && r.shape == k.shape && r.is_output == k.is_output
            });
        if !same {
            return Err(RuntimeError::InvalidRequest(
                "the reference kernel's arguments differ from the kernel's".to_string(),
            ));
        }
    }
    if !req.flops.is_finite() || req.flops < 0.0 {
        return Err(RuntimeError::InvalidRequest(format!(
            "flops must be a non-negative number, got {}",
            req.flops
        )));
    }
    let gemm = match &req.matmul {
        Some(mm) => plan(mm, &req.kernel.args)?,
        None => None,
    };
    Ok(Checked {
        layouts,
        gemm,
        runs: req.runs.max(MIN_RUNS),
    })
}

fn require_nvrtc() -> Result<(), RuntimeError> {
    if nvrtc_available() {
        Ok(())
    } else {
        Err(RuntimeError::NvrtcMissing(
            "NVRTC not found: libnvrtc.so could not be loaded".to_string(),
        ))
    }
}

impl Executor {
    fn device(&mut self) -> Result<&Device, RuntimeError> {
        if self.device.is_none() {
            self.device = Some(Device::open()?);
        }
        self.device
            .as_ref()
            .ok_or_else(|| RuntimeError::NoDevice("no CUDA device".to_string()))
    }

    /// The name of the device, opening it if needed.
    pub fn device_name(&mut self) -> Result<String, RuntimeError> {
        Ok(self.device()?.name.clone())
    }

    /// The architecture of the device (`sm_90`), opening it if needed.
    pub fn device_arch(&mut self) -> Result<String, RuntimeError> {
        Ok(self.device()?.arch.clone())
    }

    /// Compiles for this device and reports its resource use; without a device,
    /// compiles for `DEFAULT_ARCH` only.
    pub fn compile(&mut self, kernel: &CudaKernel) -> Result<CompileReport, RuntimeError> {
        require_nvrtc()?;
        let dev = match self.device() {
            Ok(dev) => dev,
            Err(RuntimeError::NoDevice(_)) => return nvrtc_compile(kernel, DEFAULT_ARCH),
            Err(e) => return Err(e),
        };
        let compiled = compile_cubin(kernel, &dev.arch)?;
        let loaded = load(dev, kernel, compiled.cubin)?;
        let stats = loaded.stats(dev)?;
        Ok(CompileReport {
            registers: Some(stats.registers),
            static_shared_bytes: Some(stats.static_shared_bytes),
            local_bytes: Some(stats.local_bytes),
            ..compiled.report
        })
    }

    pub fn run(&mut self, req: &RunRequest) -> Result<RunResult, RuntimeError> {
        let checked = check_request(req)?;
        // No GPU is the more useful message than no NVRTC when both are missing.
        self.device()?;
        require_nvrtc()?;
        let Executor {
            device,
            cubins,
            data,
            resident,
            ..
        } = self;
        let dev = device
            .as_ref()
            .ok_or_else(|| RuntimeError::NoDevice("no CUDA device".to_string()))?;
        let key = RunDataKey::of_request(req, &dev.arch);
        if data.as_ref().is_none_or(|d| d.key != key) {
            // Dropped before the new inputs are made: one set in memory at a time.
            *data = None;
            *data = Some(RunData {
                key,
                inputs: Arc::new(host_inputs(
                    &checked.layouts,
                    &req.kernel.args,
                    req.seed,
                    &req.csr,
                )?),
                expected: None,
            });
        }
        let data = data
            .as_mut()
            .ok_or_else(|| RuntimeError::WorkerCrashed("no run data".into()))?;
        let resident = Resident::for_key(resident, dev, &data.key, &checked.layouts, &data.inputs)?;
        if let Some(p) = &req.precompiled {
            // The client's compile stands in for ours (`cubin_for` finds it).
            let compiled = p.to_compiled(&req.kernel, &dev.arch)?;
            cubins.insert(&req.kernel, &dev.arch, Arc::new(compiled));
        }
        run_on(dev, cubins, data, resident, req, &checked)
    }

    /// Compiles `kernels` for this device on every CPU core and keeps the
    /// binaries for the runs that follow; one result per kernel, in order.
    pub fn prepare(&mut self, kernels: &[CudaKernel]) -> Result<Vec<Prepared>, RuntimeError> {
        if kernels.len() > MAX_PREPARE_KERNELS {
            return Err(RuntimeError::InvalidRequest(format!(
                "{} kernels in one prepare request; at most {MAX_PREPARE_KERNELS}",
                kernels.len()
            )));
        }
        for k in kernels {
            super::nvrtc::check_identifier(&k.name)?;
        }
        let arch = self.device()?.arch.clone();
        require_nvrtc()?;
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        Ok(compile_many(&mut self.cubins, kernels, &arch, threads)
            .into_iter()
            .map(|r| match r {
                Ok(c) => Prepared {
                    compile_ms: c.report.compile_ms,
                    error: None,
                },
                Err(e) => Prepared {
                    compile_ms: 0.0,
                    error: Some(e),
                },
            })
            .collect())
    }
}

impl Executor {
    /// Starts compiling `kernels` for this device in the background on every
    /// CPU core (cancelling what an earlier queue had not started).
    pub fn queue(&mut self, kernels: &[CudaKernel]) -> Result<usize, RuntimeError> {
        if kernels.len() > MAX_PREPARE_KERNELS {
            return Err(RuntimeError::InvalidRequest(format!(
                "{} kernels in one queue request; at most {MAX_PREPARE_KERNELS}",
                kernels.len()
            )));
        }
        for k in kernels {
            super::nvrtc::check_identifier(&k.name)?;
        }
        let arch = self.device()?.arch.clone();
        require_nvrtc()?;
        if let Some(old) = self.queue.take() {
            old.cancel();
        }
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        self.queue = Some(CompileQueue::start(kernels.to_vec(), &arch, threads));
        Ok(kernels.len())
    }

    /// The queued kernels compiled since the last call (their binaries are
    /// kept for the runs); waits up to `wait_ms` for one.
    pub fn ready(&mut self, wait_ms: u64) -> ReadyList {
        let wait = Duration::from_millis(wait_ms).min(MAX_READY_WAIT);
        let Executor { cubins, queue, .. } = self;
        match queue {
            Some(q) => q.ready(wait, &mut |kernel, compiled| {
                let arch = compiled.report.arch.clone();
                cubins.insert(kernel, &arch, compiled);
            }),
            None => ReadyList {
                ready: Vec::new(),
                compiling: 0,
            },
        }
    }
}

/// `kernel`'s binary from the cache, or compiled now and kept.
fn cubin_for(
    cubins: &mut CubinCache,
    kernel: &CudaKernel,
    arch: &str,
) -> Result<Arc<Compiled>, RuntimeError> {
    if let Some(c) = cubins.get(kernel, arch) {
        return Ok(c);
    }
    let c = Arc::new(compile_cubin(kernel, arch)?);
    cubins.insert(kernel, arch, c.clone());
    Ok(c)
}

fn run_on(
    dev: &Device,
    cubins: &mut CubinCache,
    data: &mut RunData,
    resident: &mut Resident,
    req: &RunRequest,
    checked: &Checked,
) -> Result<RunResult, RuntimeError> {
    let mut warnings = Vec::new();
    let mut phases = RunPhases::default();
    let started = Instant::now();
    let compiled = cubin_for(cubins, &req.kernel, &dev.arch)?;
    warnings.extend(
        compiled
            .report
            .warnings
            .iter()
            .map(|w| format!("nvrtc: {w}")),
    );
    let compile_ms = compiled.report.compile_ms;
    let kernel = load(dev, &req.kernel, compiled.cubin.clone())?;
    phases.load_ms = ms_since(started);
    let started = Instant::now();
    let kernel_temps = alloc_temporaries(dev, &req.kernel)?;

    let args = &req.kernel.args;
    let inputs = data.inputs.clone();
    let Resident {
        buffers, pristine, ..
    } = resident;
    let buffers = buffers.as_mut_slice();
    let bufs = Buffers {
        dev,
        inputs: &inputs,
        pristine: pristine.as_deref(),
    };
    phases.setup_ms = ms_since(started);
    let started = Instant::now();

    // Correctness first: a faulting kernel is reported before it is timed.
    let outputs = bufs.run_once(buffers, &kernel, &kernel_temps)?;
    warnings.extend(unwritten_warnings(checked, args, &outputs));
    let (max_rel_err, correct) = match &req.reference {
        Some(reference) => {
            let expected = match &data.expected {
                Some(e) => e.clone(),
                None => {
                    let raw = run_reference(dev, cubins, reference, &bufs, buffers)?;
                    let e = Arc::new(decode_expected(checked, &raw));
                    data.expected = Some(e.clone());
                    e
                }
            };
            let (worst, all_ok) =
                compare_with_reference(checked, args, &outputs, &expected, &mut warnings);
            (Some(worst), Some(all_ok))
        }
        None => (None, None),
    };
    phases.check_ms = ms_since(started);
    let started = Instant::now();

    bufs.upload(buffers)?;
    let timed = time_runs(
        dev,
        checked.runs,
        TimingOptions {
            budget_ms: req.time_budget_ms,
            flush_l2: req.flush_l2,
            quick_above_ms: req.quick_above_ms,
        },
        &mut || bufs.poison(buffers),
        &mut || kernel.launch(dev, buffers, &kernel_temps),
    )?;
    phases.timing_ms = ms_since(started);
    phases.timed_runs = u32::try_from(timed.times.len()).unwrap_or(u32::MAX);
    phases.quick = timed.quick;
    let times = timed.times;
    if req.flush_l2 && dev.l2_flush.is_none() {
        warnings.push(
            "L2 was not flushed between runs (its flush buffer could not be allocated): inputs may be read from L2".into(),
        );
    }
    let time_ms = median(&times);
    let gflops = if time_ms > 0.0 {
        req.flops / (time_ms * 1e6)
    } else {
        0.0
    };
    let cublas_ms = time_cublas_gemm(dev, req, checked, buffers, &outputs, correct, &mut warnings)?;
    let stats = kernel.stats(dev)?;
    Ok(RunResult {
        device: dev.name.clone(),
        time_ms,
        gflops,
        max_rel_err,
        correct,
        cublas_ms,
        pct_of_cublas: cublas_ms
            .filter(|_| time_ms > 0.0)
            .map(|c| c / time_ms * 100.0),
        registers: stats.registers,
        static_shared_bytes: stats.static_shared_bytes,
        dynamic_shared_bytes: req.kernel.dynamic_shared_bytes,
        occupancy: stats.occupancy,
        compile_ms,
        warnings,
        phases: Some(phases),
    })
}

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// The reference kernel's outputs on the request's inputs: compiled (or taken
/// from the cache), loaded and run once; a compile error says it is the
/// reference's.
fn run_reference(
    dev: &Device,
    cubins: &mut CubinCache,
    reference: &CudaKernel,
    bufs: &Buffers<'_>,
    buffers: &mut [CudaSlice<u8>],
) -> Result<Vec<Option<Vec<u8>>>, RuntimeError> {
    let c = cubin_for(cubins, reference, &dev.arch).map_err(|e| match e {
        RuntimeError::Compile { log } => RuntimeError::Compile {
            log: format!("(reference kernel)\n{log}"),
        },
        other => other,
    })?;
    let loaded: LoadedKernel = load(dev, reference, c.cubin.clone())?;
    let temps = alloc_temporaries(dev, reference)?;
    bufs.run_once(buffers, &loaded, &temps)
}

/// Random host data for each input argument (`None` for outputs), from `seed`;
/// the CSR pairs get a valid random pattern.
fn host_inputs(
    layouts: &[ArgLayout],
    args: &[KernelArg],
    seed: u64,
    csr: &[CsrInput],
) -> Result<Vec<Option<Vec<u8>>>, RuntimeError> {
    let mut inputs: Vec<Option<Vec<u8>>> = layouts
        .iter()
        .zip(args)
        .enumerate()
        .map(|(i, (&layout, arg))| (!arg.is_output).then(|| random_bytes(layout, seed, i)))
        .collect();
    for (n, c) in csr.iter().enumerate() {
        if let Some(hyb) = &c.hyb {
            super::sparse_inputs::fill_hyb(layouts, &mut inputs, hyb, seed, n)?;
            continue;
        }
        let bad = |why: String| RuntimeError::InvalidRequest(format!("CSR input {n}: {why}"));
        let (Some(ptr), Some(idx)) = (layouts.get(c.indptr), layouts.get(c.indices)) else {
            return Err(bad("argument index out of range".into()));
        };
        let spec = crate::sparse::csr::CsrSpec {
            rows: ptr.elements.saturating_sub(1),
            cols: c.cols,
            nnz: idx.elements,
            lengths: c
                .power_law
                .map_or(crate::sparse::csr::RowLengths::Uniform, |alpha| {
                    crate::sparse::csr::RowLengths::PowerLaw { alpha }
                }),
            seed: c.seed.unwrap_or(seed) ^ (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        };
        let pattern = crate::sparse::csr::generate(&spec).map_err(|e| bad(e.to_string()))?;
        inputs[c.indptr] = Some(int_bytes(ptr.dtype, &pattern.indptr).map_err(&bad)?);
        inputs[c.indices] = Some(int_bytes(idx.dtype, &pattern.indices).map_err(&bad)?);
    }
    Ok(inputs)
}

/// Little-endian `int32` / `int64` data.
fn int_bytes(dtype: crate::ir::DataType, values: &[i64]) -> Result<Vec<u8>, String> {
    let name = dtype.to_string();
    match name.as_str() {
        "int32" => values
            .iter()
            .map(|&v| i32::try_from(v).map(i32::to_le_bytes))
            .collect::<Result<Vec<_>, _>>()
            .map(|v| v.concat())
            .map_err(|_| "an index does not fit int32".to_string()),
        "int64" => Ok(values.iter().flat_map(|v| v.to_le_bytes()).collect()),
        other => Err(format!("an index array of {other}, not int32 or int64")),
    }
}

/// A warning for each output the kernel left partly unwritten (still poisoned).
fn unwritten_warnings(
    checked: &Checked,
    args: &[KernelArg],
    outputs: &[Option<Vec<u8>>],
) -> Vec<String> {
    let mut warnings = Vec::new();
    for (i, out) in outputs.iter().enumerate() {
        if let Some(out) = out {
            let unwritten = count_unwritten(checked.layouts[i].dtype, out);
            if unwritten > 0 {
                warnings.push(format!(
                    "{unwritten} of {} elements of `{}` were not written",
                    checked.layouts[i].elements, args[i].name
                ));
            }
        }
    }
    warnings
}

/// The reference's outputs decoded once for every candidate's comparison.
fn decode_expected(checked: &Checked, raw: &[Option<Vec<u8>>]) -> Vec<Option<Expected>> {
    raw.iter()
        .enumerate()
        .map(|(i, r)| {
            r.as_ref()
                .map(|bytes| Expected::new(checked.layouts[i].dtype, bytes))
        })
        .collect()
}

/// The kernel's outputs against the reference's: the worst relative error
/// and whether every output is within its dtype's tolerance.
fn compare_with_reference(
    checked: &Checked,
    args: &[KernelArg],
    outputs: &[Option<Vec<u8>>],
    expected: &[Option<Expected>],
    warnings: &mut Vec<String>,
) -> (f64, bool) {
    let (mut worst, mut all_ok) = (0.0f64, true);
    for (i, (out, exp)) in outputs.iter().zip(expected).enumerate() {
        if let (Some(out), Some(exp)) = (out, exp) {
            let dtype = checked.layouts[i].dtype;
            let cmp = compare_with(dtype, out, exp);
            if cmp.unwritten_in_reference > 0 {
                warnings.push(format!(
                    "the reference left {} elements of `{}` unwritten",
                    cmp.unwritten_in_reference, args[i].name
                ));
            }
            worst = worst.max(cmp.max_rel_err);
            all_ok &= cmp.is_correct(dtype);
        }
    }
    (worst, all_ok)
}

/// cuBLAS's time for the same GEMM (for `pct_of_cublas`), with a warning when
/// cuBLAS is missing, has no routine, or disagrees with a correct kernel.
fn time_cublas_gemm(
    dev: &Device,
    req: &RunRequest,
    checked: &Checked,
    buffers: &[CudaSlice<u8>],
    outputs: &[Option<Vec<u8>>],
    correct: Option<bool>,
    warnings: &mut Vec<String>,
) -> Result<Option<f64>, RuntimeError> {
    Ok(match &checked.gemm {
        Some(gemm) if cublas_present() => {
            let run = time_cublas(dev, gemm, buffers, checked.runs, req.flush_l2)?;
            // cuBLAS computes the same product: a large difference from a correct
            // kernel means the matmul description (operands, transposition) is wrong.
            let kernel_out = outputs.get(gemm.out).and_then(Option::as_ref);
            if let (Some(out), false) = (kernel_out, correct == Some(false)) {
                let cmp = compare(gemm.output_dtype, out, &run.c);
                if cmp.max_rel_err > 10.0 * tolerance(gemm.output_dtype) {
                    warnings.push(format!(
                        "cuBLAS's result differs from the kernel's (max rel err {:.2e}): \
                         is the matmul description right?",
                        cmp.max_rel_err
                    ));
                }
            }
            Some(run.ms)
        }
        Some(_) => {
            warnings.push("cuBLAS not found (libcublas.so): no % of cuBLAS".to_string());
            None
        }
        None => {
            if req.matmul.is_some() {
                warnings.push("cuBLAS has no routine for these dtypes: no % of cuBLAS".to_string());
            }
            None
        }
    })
}

/// The contents of one kernel argument after a run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgData {
    pub name: String,
    pub dtype: DataType,
    /// Little-endian elements, row-major.
    pub bytes: Vec<u8>,
}

impl ArgData {
    pub fn values(&self) -> Vec<f64> {
        decode(self.dtype, &self.bytes)
    }
}

/// Runs `kernel` once, in this process, on the inputs `seed` gives, and returns every
/// argument: inputs as generated, outputs as written (unwritten elements are NaN).
/// For GPU tests and CPU cross-checks only: a faulting kernel takes this process down.
pub fn run_once_in_process(kernel: &CudaKernel, seed: u64) -> Result<Vec<ArgData>, RuntimeError> {
    let layouts = kernel
        .args
        .iter()
        .map(arg_layout)
        .collect::<Result<Vec<_>, _>>()?;
    let dev = Device::open()?;
    require_nvrtc()?;
    let loaded = load(&dev, kernel, compile_cubin(kernel, &dev.arch)?.cubin)?;
    let temporaries = alloc_temporaries(&dev, kernel)?;
    let inputs = host_inputs(&layouts, &kernel.args, seed, &[])?;
    let mut buffers = alloc_args(&dev, &layouts)?;
    let bufs = Buffers {
        dev: &dev,
        inputs: &inputs,
        pristine: None,
    };
    let outputs = bufs.run_once(&mut buffers, &loaded, &temporaries)?;
    Ok(kernel
        .args
        .iter()
        .zip(&layouts)
        .zip(inputs.into_iter().zip(outputs))
        .map(|((arg, layout), (input, output))| ArgData {
            name: arg.name.clone(),
            dtype: layout.dtype,
            bytes: input.or(output).unwrap_or_default(),
        })
        .collect())
}

/// Device memory for the program's intermediates between kernels.
fn alloc_temporaries(
    dev: &Device,
    kernel: &CudaKernel,
) -> Result<Vec<CudaSlice<u8>>, RuntimeError> {
    let mut out = Vec::with_capacity(kernel.temporaries.len());
    for t in &kernel.temporaries {
        let layout = arg_layout(t)?;
        out.push(
            dev.stream
                .alloc_zeros::<u8>(layout.bytes)
                .map_err(driver_error)?,
        );
    }
    Ok(out)
}

/// Moving argument data between host and device.
struct Buffers<'a> {
    dev: &'a Device,
    /// Host data of each input; `None` for outputs.
    inputs: &'a [Option<Vec<u8>>],
    /// The same on the device (`Resident`), when kept there.
    pristine: Option<&'a [Option<CudaSlice<u8>>]>,
}

impl Buffers<'_> {
    /// Restores every input, in case a kernel wrote where it should not:
    /// from the device copies when there are, else from the host.
    fn upload(&self, buffers: &mut [CudaSlice<u8>]) -> Result<(), RuntimeError> {
        if let Some(pristine) = self.pristine {
            for (buf, copy) in buffers.iter_mut().zip(pristine) {
                if let Some(copy) = copy {
                    self.dev
                        .stream
                        .memcpy_dtod(copy, buf)
                        .map_err(driver_error)?;
                }
            }
            return Ok(());
        }
        for (buf, data) in buffers.iter_mut().zip(self.inputs) {
            if let Some(data) = data {
                self.dev
                    .stream
                    .memcpy_htod(data, buf)
                    .map_err(driver_error)?;
            }
        }
        Ok(())
    }

    /// Fills every output with NaN so that unwritten elements are caught.
    fn poison(&self, buffers: &[CudaSlice<u8>]) -> Result<(), RuntimeError> {
        // The raw memset needs the context current on this thread.
        self.dev.ctx.bind_to_thread().map_err(driver_error)?;
        for (buf, data) in buffers.iter().zip(self.inputs) {
            if data.is_none() {
                let (ptr, _guard) = buf.device_ptr(&self.dev.stream);
                // SAFETY: `ptr` is a live allocation of `buf.len()` bytes.
                unsafe {
                    cu::memset_d8_async(ptr, POISON_BYTE, buf.len(), self.dev.stream.cu_stream())
                }
                .map_err(driver_error)?;
            }
        }
        Ok(())
    }

    /// One checked launch: restores the inputs, poisons the outputs, runs
    /// `kernel` to the end and copies the outputs back (`None` for inputs).
    fn run_once(
        &self,
        buffers: &mut [CudaSlice<u8>],
        kernel: &LoadedKernel,
        temporaries: &[CudaSlice<u8>],
    ) -> Result<Vec<Option<Vec<u8>>>, RuntimeError> {
        self.upload(buffers)?;
        self.poison(buffers)?;
        kernel.launch(self.dev, buffers, temporaries)?;
        self.dev.sync()?;
        self.download(buffers)
    }

    /// Copies every output back (after `Device::sync`); `None` for inputs.
    fn download(&self, buffers: &[CudaSlice<u8>]) -> Result<Vec<Option<Vec<u8>>>, RuntimeError> {
        let mut out = Vec::with_capacity(buffers.len());
        for (buf, data) in buffers.iter().zip(self.inputs) {
            out.push(match data {
                Some(_) => None,
                None => Some(self.dev.stream.clone_dtoh(buf).map_err(driver_error)?),
            });
        }
        self.dev.sync()?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::Matmul;

    /// CSR pairs get a valid pattern (int32, monotone, sorted unique columns below `cols`).
    #[test]
    fn csr_inputs_are_valid_patterns() {
        let arg = |name: &str, dtype: &str, n: i64| KernelArg {
            name: name.into(),
            dtype: dtype.into(),
            shape: vec![n],
            is_output: false,
            layout: None,
        };
        let args = vec![
            arg("A", "float32", 40),
            arg("J_indptr", "int32", 9),
            arg("J_indices", "int32", 40),
        ];
        let layouts: Vec<ArgLayout> = args.iter().map(|a| arg_layout(a).unwrap()).collect();
        let csr = [CsrInput {
            indptr: 1,
            indices: 2,
            cols: 10,
            power_law: None,
            seed: None,
            hyb: None,
        }];
        let inputs = host_inputs(&layouts, &args, 5, &csr).unwrap();
        let ints = |b: &Option<Vec<u8>>| -> Vec<i64> {
            let bytes = b.as_ref().unwrap();
            bytes
                .chunks(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i64)
                .collect()
        };
        let (ptr, idx) = (ints(&inputs[1]), ints(&inputs[2]));
        let valid = crate::sparse::csr::check(8, 10, ("J_indptr", &ptr), ("J_indices", &idx));
        assert_eq!(valid, Ok(()));
        // `--sparse dist=power-law,seed=3`: that generator's pattern, whatever the run's seed.
        let power = [CsrInput {
            power_law: Some(1.5),
            seed: Some(3),
            ..csr[0].clone()
        }];
        let want = crate::sparse::csr::generate(&crate::sparse::csr::CsrSpec {
            rows: 8,
            cols: 10,
            nnz: 40,
            lengths: crate::sparse::csr::RowLengths::PowerLaw { alpha: 1.5 },
            seed: 3,
        })
        .unwrap();
        for run_seed in [5, 6] {
            let inputs = host_inputs(&layouts, &args, run_seed, &power).unwrap();
            assert_eq!(ints(&inputs[1]), want.indptr);
            assert_eq!(ints(&inputs[2]), want.indices);
        }
        let too_many = [CsrInput {
            indptr: 1,
            indices: 2,
            cols: 4,
            power_law: None,
            seed: None,
            hyb: None,
        }];
        let refused = host_inputs(&layouts, &args, 5, &too_many);
        assert!(
            matches!(refused, Err(RuntimeError::InvalidRequest(_))),
            "{refused:?}"
        );
    }

    fn request() -> RunRequest {
        let arg = |name: &str, shape: &[i64], out: bool| KernelArg {
            name: name.into(),
            dtype: "float32".into(),
            shape: shape.to_vec(),
            is_output: out,
            layout: None,
        };
        RunRequest {
            kernel: CudaKernel {
                name: "k".into(),
                source: String::new(),
                grid: [1, 1, 1],
                block: [1, 1, 1],
                dynamic_shared_bytes: 0,
                static_shared_bytes: 0,
                local_bytes: 0,
                args: vec![
                    arg("A", &[4, 2], false),
                    arg("B", &[2, 3], false),
                    arg("C", &[4, 3], true),
                ],
                launches: vec![],
                temporaries: vec![],
            },
            reference: None,
            matmul: Some(Matmul {
                m: 4,
                n: 3,
                k: 2,
                a: 0,
                b: 1,
                c: 2,
                a_transposed: false,
                b_transposed: false,
            }),
            flops: 48.0,
            seed: 1,
            runs: 3,
            time_budget_ms: None,
            csr: Vec::new(),
            flush_l2: true,
            quick_above_ms: None,
            precompiled: None,
        }
    }

    #[test]
    fn a_request_from_an_older_client_does_not_flush_l2_and_a_new_one_does() {
        let new = request();
        assert!(new.flush_l2);
        let mut json = serde_json::to_value(&new).unwrap();
        json.as_object_mut().unwrap().remove("flush_l2");
        let old: RunRequest = serde_json::from_value(json).unwrap();
        assert!(!old.flush_l2);
    }

    #[test]
    fn the_l2_flush_buffer_is_twice_the_cache_and_at_least_64_mib() {
        use super::super::device::l2_flush_bytes;
        // H100: 50 MiB of L2.
        assert_eq!(l2_flush_bytes(50 << 20), Some(100 << 20));
        assert_eq!(l2_flush_bytes(4 << 20), Some(64 << 20));
        assert_eq!(l2_flush_bytes(0), None);
        assert_eq!(l2_flush_bytes(-1), None);
    }

    #[test]
    fn requests_are_checked_before_the_gpu() {
        let checked = check_request(&request()).unwrap();
        assert_eq!(
            checked.runs, MIN_RUNS,
            "too few runs are raised to the minimum"
        );
        assert_eq!(checked.layouts.len(), 3);
        assert!(checked.gemm.is_some());

        let mut no_output = request();
        no_output.kernel.args[2].is_output = false;
        no_output.matmul = None;
        assert!(matches!(
            check_request(&no_output),
            Err(RuntimeError::InvalidRequest(_))
        ));

        let mut bad_ref = request();
        let mut reference = bad_ref.kernel.clone();
        reference.args[1].shape = vec![3, 2];
        bad_ref.reference = Some(reference);
        assert!(matches!(
            check_request(&bad_ref),
            Err(RuntimeError::InvalidRequest(_))
        ));

        let mut bad_flops = request();
        bad_flops.flops = f64::NAN;
        assert!(check_request(&bad_flops).is_err());
    }

    /// A kernel whose argument the schedule re-laid-out (here with the same
    /// shape: a transpose) is not compared with the reference's.
    #[test]
    fn a_relaid_argument_is_not_compared_with_the_reference() {
        let mut req = request();
        req.reference = Some(req.kernel.clone());
        assert!(check_request(&req).is_ok());
        req.kernel.args[0].layout = Some("step 1 `transform_layout` changed `A`".into());
        match check_request(&req) {
            Err(RuntimeError::InvalidRequest(m)) => {
                assert!(m.contains("step 1 `transform_layout`"), "{m}")
            }
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("a re-laid-out argument was compared"),
        }
    }
}
