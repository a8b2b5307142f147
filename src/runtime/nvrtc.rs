//! NVRTC: CUDA C++ source to PTX and CUBIN, in process. Needs only libnvrtc, no GPU.
//!
//! Knows nothing of devices or launching; the caller picks the architecture.

use super::error::RuntimeError;
use super::paths;
use super::request::CompileReport;
use crate::codegen::CudaKernel;
use cudarc::nvrtc::{result, sys};
use std::ffi::{c_char, CString};
use std::time::Instant;

/// A compiled kernel: the report shown to the user and the binary the driver loads.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub report: CompileReport,
    /// Device code for `report.arch`; loading it needs no driver JIT, so a newer
    /// NVRTC than the driver still works.
    pub cubin: Vec<u8>,
}

/// Whether libnvrtc can be loaded (cudarc panics on first use otherwise).
pub fn nvrtc_available() -> bool {
    // SAFETY: only tries to dlopen the library by its known names.
    unsafe { sys::is_culib_present() }
}

/// Compiles `kernel` for `arch` (`sm_90`, `compute_90`) and returns PTX and the log.
/// Used by CI to check every shipped session's CUDA without a GPU.
pub fn nvrtc_compile(kernel: &CudaKernel, arch: &str) -> Result<CompileReport, RuntimeError> {
    compile(kernel, arch, false).map(|c| c.report)
}

/// Compiles `kernel` for a real architecture `sm_XY`, also returning the CUBIN.
pub fn compile_cubin(kernel: &CudaKernel, arch: &str) -> Result<Compiled, RuntimeError> {
    if !arch.starts_with("sm_") {
        return Err(RuntimeError::InvalidRequest(format!(
            "a loadable binary needs a real architecture (sm_XY), not `{arch}`"
        )));
    }
    compile(kernel, arch, true)
}

/// NVRTC's command line for `arch`.
pub fn options(arch: &str) -> Vec<String> {
    let mut opts = vec![
        format!("--gpu-architecture={arch}"),
        "--std=c++17".to_string(),
    ];
    if let Some(dir) = paths::cuda_include_dir() {
        opts.push(format!("--include-path={}", dir.display()));
    }
    opts
}

fn compile(kernel: &CudaKernel, arch: &str, want_cubin: bool) -> Result<Compiled, RuntimeError> {
    check_arch(arch)?;
    let arch = arch_for(kernel, arch)?;
    let arch = arch.as_str();
    check_identifier(&kernel.name)?;
    let src = CString::new(kernel.source.as_str()).map_err(|_| {
        RuntimeError::InvalidRequest("the CUDA source contains a NUL byte".to_string())
    })?;
    let name = CString::new(format!("{}.cu", kernel.name))
        .map_err(|_| RuntimeError::InvalidRequest("kernel name contains a NUL byte".into()))?;
    let opts = options(arch);
    let opt_cstrings = opts
        .iter()
        .map(|o| CString::new(o.as_str()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| RuntimeError::InvalidRequest("an NVRTC option contains a NUL byte".into()))?;
    if !nvrtc_available() {
        return Err(RuntimeError::NvrtcMissing(
            "NVRTC not found: libnvrtc.so could not be loaded (install the CUDA toolkit or \
             `pip install nvidia-cuda-nvrtc` and add its lib folder to LD_LIBRARY_PATH)"
                .to_string(),
        ));
    }
    let start = Instant::now();
    // cudarc panics on a missing symbol (an NVRTC older than it expects): keep
    // that a typed error rather than a crash of the caller.
    let outcome = std::panic::catch_unwind(|| {
        // SAFETY: `src`, `name` and the options outlive the program, which is
        // destroyed before this closure returns.
        unsafe { compile_program(&src, &name, &opt_cstrings, want_cubin) }
    })
    .map_err(|p| RuntimeError::NvrtcMissing(format!("NVRTC failed: {}", panic_text(&p))))?;
    let (log, ptx, cubin) = outcome.map_err(with_header_hint)?;
    let compile_ms = start.elapsed().as_secs_f64() * 1e3;
    let warnings = log
        .lines()
        .filter(|l| l.contains("warning"))
        .map(str::to_string)
        .collect();
    Ok(Compiled {
        report: CompileReport {
            arch: arch.to_string(),
            ptx,
            log,
            warnings,
            compile_ms,
            registers: None,
            static_shared_bytes: None,
            local_bytes: None,
        },
        cubin,
    })
}

/// Creates, compiles and destroys one program; returns (log, ptx, cubin).
///
/// # Safety
/// libnvrtc must be loadable (`nvrtc_available`).
unsafe fn compile_program(
    src: &CString,
    name: &CString,
    opts: &[CString],
    want_cubin: bool,
) -> Result<(String, String, Vec<u8>), RuntimeError> {
    let prog = result::create_program(src.as_c_str(), Some(name.as_c_str())).map_err(|e| {
        RuntimeError::Compile {
            log: format!("nvrtcCreateProgram failed: {e:?}"),
        }
    })?;
    let opt_ptrs: Vec<*const c_char> = opts.iter().map(|o| o.as_ptr()).collect();
    let opt_count = opt_ptrs.len() as i32;
    let compiled = sys::nvrtcCompileProgram(prog, opt_count, opt_ptrs.as_ptr()).result();
    let log = result::get_program_log(prog)
        .map(|raw| c_chars_to_string(&raw))
        .unwrap_or_default();
    let outputs = match compiled {
        Err(e) => Err(RuntimeError::Compile {
            log: if log.trim().is_empty() {
                format!("{e:?}")
            } else {
                log.clone()
            },
        }),
        Ok(()) => fetch_outputs(prog, want_cubin),
    };
    // A failed destroy leaks one program; the compile result is still right.
    let _ = result::destroy_program(prog);
    let (ptx, cubin) = outputs?;
    Ok((log, ptx, cubin))
}

unsafe fn fetch_outputs(
    prog: sys::nvrtcProgram,
    want_cubin: bool,
) -> Result<(String, Vec<u8>), RuntimeError> {
    let ptx = result::get_ptx(prog)
        .map(|raw| c_chars_to_string(&raw))
        .map_err(|e| RuntimeError::Compile {
            log: format!("nvrtcGetPTX failed: {e:?}"),
        })?;
    if !want_cubin {
        return Ok((ptx, Vec::new()));
    }
    let mut size = 0usize;
    sys::nvrtcGetCUBINSize(prog, &mut size)
        .result()
        .map_err(|e| RuntimeError::Compile {
            log: format!("nvrtcGetCUBINSize failed: {e:?}"),
        })?;
    let mut cubin = vec![0u8; size];
    sys::nvrtcGetCUBIN(prog, cubin.as_mut_ptr() as *mut c_char)
        .result()
        .map_err(|e| RuntimeError::Compile {
            log: format!("nvrtcGetCUBIN failed: {e:?}"),
        })?;
    Ok((ptx, cubin))
}

/// NVRTC has no CUDA headers of its own: say where they come from when one is missing.
fn with_header_hint(e: RuntimeError) -> RuntimeError {
    match e {
        RuntimeError::Compile { log }
            if log.contains("could not open source file")
                && paths::cuda_include_dir().is_none() =>
        {
            RuntimeError::Compile {
                log: format!(
                    "{log}\nhelp: no CUDA include folder was found; set {} to a folder with \
                     cuda_fp16.h (a CUDA toolkit's include, or the `nvidia-cuda-runtime` pip \
                     wheel's nvidia/cu13/include)",
                    paths::INCLUDE_ENV
                ),
            }
        }
        other => other,
    }
}

/// NVRTC strings end in NUL; drop it and anything after.
fn c_chars_to_string(raw: &[c_char]) -> String {
    let bytes: Vec<u8> = raw
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

pub(crate) fn panic_text(payload: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}

/// The architecture `kernel` compiles for on a GPU of `arch`: a kernel using
/// wgmma needs Hopper's `sm_90a` (`compute_90a`), so on sm_90 it gets the
/// `a` suffix and on any other GPU a refusal that says why, before NVRTC
/// would fail on the instruction or the driver on the binary.
pub fn arch_for(kernel: &CudaKernel, arch: &str) -> Result<String, RuntimeError> {
    if !crate::codegen::wgmma_ptx::needs_sm90a(&kernel.source) {
        return Ok(arch.to_string());
    }
    for prefix in ["sm_", "compute_"] {
        if let Some(rest) = arch.strip_prefix(prefix) {
            if rest.trim_end_matches(['a', 'f']) == "90" {
                return Ok(format!("{prefix}90a"));
            }
        }
    }
    Err(RuntimeError::InvalidRequest(format!(
        "kernel `{}` uses wgmma (Hopper's warpgroup MMA), which only sm_90a has, and this GPU is `{arch}`; schedule it with the MMA intrinsics (mma_*, mma.sync) for this GPU",
        kernel.name
    )))
}

fn check_arch(arch: &str) -> Result<(), RuntimeError> {
    let digits = arch
        .strip_prefix("sm_")
        .or_else(|| arch.strip_prefix("compute_"))
        .map(|rest| rest.trim_end_matches(['a', 'f']));
    match digits {
        Some(d) if !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()) => Ok(()),
        _ => Err(RuntimeError::InvalidRequest(format!(
            "`{arch}` is not a GPU architecture (expected sm_XY or compute_XY)"
        ))),
    }
}

/// The kernel name is looked up in the module, so it must be a plain C identifier.
pub fn check_identifier(name: &str) -> Result<(), RuntimeError> {
    let mut chars = name.chars();
    let ok = matches!(chars.next(), Some(c) if c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric());
    if ok {
        Ok(())
    } else {
        Err(RuntimeError::InvalidRequest(format!(
            "kernel name `{name}` is not a C identifier"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn architectures() {
        assert!(check_arch("sm_90").is_ok());
        assert!(check_arch("sm_90a").is_ok());
        assert!(check_arch("compute_80").is_ok());
        assert!(check_arch("sm_").is_err());
        assert!(check_arch("sm_9x").is_err());
        assert!(check_arch("--gpu-architecture=sm_90").is_err());
    }

    #[test]
    fn identifiers() {
        assert!(check_identifier("default_function_kernel").is_ok());
        assert!(check_identifier("_k0").is_ok());
        assert!(check_identifier("0k").is_err());
        assert!(check_identifier("a-b").is_err());
        assert!(check_identifier("").is_err());
    }

    #[test]
    fn log_strings_stop_at_nul() {
        let raw: Vec<c_char> = b"ok\0junk".iter().map(|&b| b as c_char).collect();
        assert_eq!(c_chars_to_string(&raw), "ok");
    }

    #[test]
    fn options_name_the_architecture() {
        assert_eq!(options("sm_90")[0], "--gpu-architecture=sm_90");
    }
}
