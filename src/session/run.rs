//! Running a scheduled kernel against the reference on the GPU, for `--run`.

use crate::codegen::CudaKernel;
use crate::ir::PrimFunc;
use crate::runtime::{CsrInput, GpuTarget, RunRequest, RunResult, RuntimeError, MIN_RUNS};

pub enum RunFailure {
    NoDevice(String),
    Other(String),
}

/// The reference kernel: the unscheduled workload with one thread per output element.
pub fn reference_kernel(workload: &PrimFunc) -> Result<CudaKernel, String> {
    let mapped = crate::schedule::auto::default_gpu_schedule(workload)
        .map_err(|e| format!("cannot map the workload to the GPU for the reference run: {e}"))?;
    crate::codegen::generate(&mapped)
        .map(|o| o.kernel)
        .map_err(|e| format!("cannot generate the reference kernel: {e}"))
}

/// Refuses a kernel whose parameter layouts the schedule changed: the
/// reference takes the workload's layouts, so nothing could be compared.
pub fn build_request(workload: &PrimFunc, kernel: &CudaKernel) -> Result<RunRequest, String> {
    // A workload held for its stage steps is compared as both stages lower it.
    let workload = crate::sparse::stage::reference_func(workload)
        .map_err(|e| format!("cannot lower the sparse workload for the reference run: {e}"))?;
    let workload = workload.as_ref();
    let csr = csr_inputs(workload, kernel)?;
    if let Some(layout) = kernel.args.iter().find_map(|a| a.layout.as_ref()) {
        return Err(format!(
            "cannot run against the workload: {layout}, so the kernel's arguments are not in the workload's layout; tirtui does not convert data between layouts (hint: cache_read or cache_write the parameter and transform the cache instead)"
        ));
    }
    Ok(RunRequest {
        kernel: kernel.clone(),
        reference: Some(reference_kernel(workload)?),
        matmul: super::workload::matmul_shape(workload),
        flops: super::workload::flop_count(workload),
        seed: 0x7469_7274_7569,
        runs: MIN_RUNS.max(50),
        time_budget_ms: None,
        flush_l2: true,
        quick_above_ms: None,
        csr,
        precompiled: None,
    })
}

/// The CSR pairs of a lowered sparse workload as kernel argument positions.
/// A sparse workload whose index arrays cannot all be named is refused:
/// random integers there would index out of bounds.
fn csr_inputs(workload: &PrimFunc, kernel: &CudaKernel) -> Result<Vec<CsrInput>, String> {
    let pairs = crate::sparse::csr_pairs(workload)
        .map_err(|e| format!("cannot run the sparse workload: {e}"))?;
    let hyb = hyb_input(workload, kernel)?;
    if crate::sparse::is_lowered_sparse(workload) && pairs.is_empty() && hyb.is_none() {
        return Err("cannot run this sparse workload: only CSR (`T.sparse_variable`) index arrays get valid generated contents so far (docs/sparse.md)".to_string());
    }
    let position = |name: &str| {
        kernel.args.iter().position(|a| a.name == name).ok_or_else(|| {
            format!("cannot run the sparse workload: no kernel argument `{name}` for its CSR pattern")
        })
    };
    pairs
        .iter()
        .map(|(ptr, idx, cols)| {
            Ok(CsrInput {
                indptr: position(ptr)?,
                indices: position(idx)?,
                cols: *cols,
                power_law: None,
                seed: None,
                hyb: None,
            })
        })
        .chain(hyb.map(Ok))
        .collect()
}

/// The part arrays of a hyb-decomposed workload (its `sparse_hyb`
/// attribute) as kernel argument positions; the runtime fills them
/// (`runtime::sparse_inputs`).
fn hyb_input(workload: &PrimFunc, kernel: &CudaKernel) -> Result<Option<CsrInput>, String> {
    let Some((_, value)) = workload
        .attrs
        .iter()
        .find(|(k, _)| k == crate::sparse::HYB_ATTR)
    else {
        return Ok(None);
    };
    let crate::ir::AnnValue::Str(text) = value else {
        return Err(format!("`{}` is not a string", crate::sparse::HYB_ATTR));
    };
    let spec = crate::sparse::format::HybSpec::from_attr(text)
        .map_err(|e| format!("cannot run the decomposed workload: {e}"))?;
    let arrays = spec
        .array_names()
        .into_iter()
        .map(|name| match kernel.args.iter().position(|a| a.name == name) {
            Some(at) => Ok((name, at)),
            None => Err(format!(
                "cannot run the decomposed workload: no kernel argument `{name}` for its part arrays"
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(CsrInput {
        indptr: 0,
        indices: 0,
        cols: spec.cols,
        power_law: None,
        seed: None,
        hyb: Some(crate::runtime::HybInput {
            spec: text.clone(),
            arrays,
        }),
    }))
}

/// The run request of `kernel` with the CSR pattern `--sparse` asks for (row
/// lengths and seed) in place of a uniform one from the run's seed; a
/// decomposed workload's pattern must be its decomposition's.
pub fn request_with_pattern(
    workload: &PrimFunc,
    kernel: &CudaKernel,
    pattern: Option<&crate::sparse::options::SparseOptions>,
) -> Result<RunRequest, String> {
    let mut req = build_request(workload, kernel)?;
    if let Some(o) = pattern {
        if req.csr.is_empty() {
            return Err("--sparse: the workload has no CSR pattern to generate".into());
        }
        for c in &mut req.csr {
            if let Some(hyb) = &c.hyb {
                check_hyb_pattern(hyb, o)?;
                continue;
            }
            c.power_law = match o.lengths {
                Some(crate::sparse::csr::RowLengths::PowerLaw { alpha }) => Some(alpha),
                _ => None,
            };
            c.seed = o.seed;
        }
    }
    Ok(req)
}

/// `--sparse`'s row lengths and seed against a decomposition's matrix: a
/// kernel decomposed for one matrix never runs on another (its part sizes
/// are module constants), so a different pattern is refused.
fn check_hyb_pattern(
    hyb: &crate::runtime::HybInput,
    o: &crate::sparse::options::SparseOptions,
) -> Result<(), String> {
    let spec = crate::sparse::format::HybSpec::from_attr(&hyb.spec)?;
    let lengths_differ = o.lengths.is_some_and(|l| l != spec.lengths);
    let seed_differs = o.seed.is_some_and(|s| s != spec.seed);
    if lengths_differ || seed_differs {
        return Err(format!(
            "--sparse: the session's `sparse_format_decompose` step built its parts for the matrix `{}`; the run's pattern (dist, alpha, seed) must be that one (hint: give the step's dist, alpha and seed, or change them in the step: the step then decomposes that matrix)",
            hyb.spec
        ));
    }
    Ok(())
}

/// The host time of a decomposition's pre-processing (the format
/// conversion `hyb_parts`, with drawing the matrix), measured apart from
/// the kernel's: the same work the worker does before its runs.
fn hyb_preprocess_note(req: &RunRequest) -> Option<String> {
    let hyb = req.csr.iter().find_map(|c| c.hyb.as_ref())?;
    let spec = crate::sparse::format::HybSpec::from_attr(&hyb.spec).ok()?;
    let first = spec.suffixes().into_iter().next()?;
    let dtypes = spec
        .values
        .iter()
        .map(|v| {
            let at = hyb
                .arrays
                .iter()
                .find(|(n, _)| *n == format!("{v}_{first}"))?
                .1;
            req.kernel.args.get(at)?.data_type()
        })
        .collect::<Option<Vec<_>>>()?;
    let started = std::time::Instant::now();
    let arrays = crate::runtime::sparse_inputs::hyb_arrays(&spec, &dtypes, req.seed).ok()?;
    let ms = started.elapsed().as_secs_f64() * 1e3;
    Some(format!(
        "hyb pre-processing (format conversion on the host, not in time_ms): {ms:.3} ms for {} part arrays of a {} x {} matrix with {} nonzeros",
        arrays.len(),
        spec.rows,
        spec.cols,
        spec.nnz
    ))
}

pub fn run_kernel(workload: &PrimFunc, kernel: &CudaKernel) -> Result<RunResult, RunFailure> {
    run_kernel_on(workload, kernel, &GpuTarget::Local).map(|(r, _)| r)
}

/// Runs on `target` (this machine, ssh, or a command); also returns the CUDA
/// driver version there ("unknown" from a worker that cannot tell).
pub fn run_kernel_on(
    workload: &PrimFunc,
    kernel: &CudaKernel,
    target: &GpuTarget,
) -> Result<(RunResult, String), RunFailure> {
    run_kernel_with(workload, kernel, target, None)
}

/// [`run_kernel_on`] with the CSR pattern `--sparse` asks for (row lengths
/// and seed) in place of a uniform one from the run's seed.
pub fn run_kernel_with(
    workload: &PrimFunc,
    kernel: &CudaKernel,
    target: &GpuTarget,
    pattern: Option<&crate::sparse::options::SparseOptions>,
) -> Result<(RunResult, String), RunFailure> {
    if target.is_local() {
        if let Err(e) = crate::runtime::device_available() {
            return Err(RunFailure::NoDevice(e.to_string()));
        }
    }
    let req = request_with_pattern(workload, kernel, pattern).map_err(RunFailure::Other)?;
    let mut client = target.client();
    let res = client.run(&req);
    let driver = match &res {
        Ok(_) => client.driver().unwrap_or_else(|_| "unknown".into()),
        Err(_) => String::new(),
    };
    client.shutdown();
    let note = res.as_ref().ok().and_then(|_| hyb_preprocess_note(&req));
    res.map(|mut r| {
        r.warnings.extend(note);
        (r, driver)
    })
    .map_err(|e| match e {
        RuntimeError::NoDevice(m) => RunFailure::NoDevice(m),
        other => RunFailure::Other(other.to_string()),
    })
}
