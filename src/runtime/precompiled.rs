//! Binaries compiled by the tuner itself and handed to a worker with the run
//! request (issue 31: one compile pool on all the host's cores for every local
//! GPU, instead of each worker compiling its own share on the same cores).
//!
//! The worker checks that the binary is for its device's architecture (the one
//! it would have compiled for itself) before it keeps it; the request is as
//! trusted as the kernel source it carries. Base64 because JSON has no bytes.

use super::base64::{decode as base64_decode, encode as base64_encode};
use super::error::RuntimeError;
use super::nvrtc::{arch_for, compile_cubin, Compiled};
use super::request::CompileReport;
use crate::codegen::CudaKernel;
use serde::{Deserialize, Serialize};

/// A kernel's binary, compiled by the client for the worker's architecture.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Precompiled {
    /// The `--gpu-architecture` it was compiled for (`sm_90`, `sm_90a`).
    pub arch: String,
    /// The CUBIN, standard base64.
    pub cubin_base64: String,
    pub compile_ms: f64,
    /// NVRTC's warnings (the run reports them as its own compile would).
    #[serde(default)]
    pub warnings: Vec<String>,
}

/// Compiles `kernel` here for a worker whose device is `device_arch` (what
/// its `arch` request answers).
pub fn precompile(kernel: &CudaKernel, device_arch: &str) -> Result<Precompiled, RuntimeError> {
    let compiled = compile_cubin(kernel, device_arch)?;
    Ok(Precompiled {
        arch: compiled.report.arch,
        cubin_base64: base64_encode(&compiled.cubin),
        compile_ms: compiled.report.compile_ms,
        warnings: compiled.report.warnings,
    })
}

impl Precompiled {
    /// The binary as the worker keeps it; refused when it was compiled for
    /// another architecture than this device's, or is not base64.
    pub(super) fn to_compiled(
        &self,
        kernel: &CudaKernel,
        device_arch: &str,
    ) -> Result<Compiled, RuntimeError> {
        let want = arch_for(kernel, device_arch)?;
        if self.arch != want {
            return Err(RuntimeError::InvalidRequest(format!(
                "kernel `{}` was compiled for `{}` and this GPU needs `{want}`; \
                 ask the worker's `arch` before compiling for it",
                kernel.name, self.arch
            )));
        }
        let cubin = base64_decode(&self.cubin_base64).map_err(|e| {
            RuntimeError::InvalidRequest(format!("kernel `{}`'s binary: {e}", kernel.name))
        })?;
        if cubin.is_empty() {
            return Err(RuntimeError::InvalidRequest(format!(
                "kernel `{}`'s binary is empty",
                kernel.name
            )));
        }
        Ok(Compiled {
            report: CompileReport {
                arch: self.arch.clone(),
                ptx: String::new(),
                log: String::new(),
                warnings: self.warnings.clone(),
                compile_ms: self.compile_ms,
                registers: None,
                static_shared_bytes: None,
                local_bytes: None,
            },
            cubin,
        })
    }
}

/// Whether `arch` is what a worker's `arch` reply may say: `sm_` and two or
/// three digits, optionally `a` or `f` (the client refuses anything else).
pub fn is_device_arch(arch: &str) -> bool {
    let Some(rest) = arch.strip_prefix("sm_") else {
        return false;
    };
    let digits = rest.strip_suffix(['a', 'f']).unwrap_or(rest);
    (2..=3).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel() -> CudaKernel {
        CudaKernel {
            name: "k".into(),
            source: "extern \"C\" __global__ void k() {}".into(),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            static_shared_bytes: 0,
            local_bytes: 0,
            args: vec![],
            launches: vec![],
            temporaries: vec![],
        }
    }

    #[test]
    fn base64_round_trips_every_length() {
        for n in 0..40usize {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64_encode(&bytes);
            assert_eq!(base64_decode(&text).unwrap(), bytes, "{n}: {text}");
        }
        assert_eq!(base64_encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64_encode(b"fo"), "Zm8=");
        assert!(base64_decode("Zm9v!mFy").is_err());
        assert!(base64_decode("Z===").is_err());
    }

    #[test]
    fn a_binary_for_another_architecture_is_refused() {
        let p = Precompiled {
            arch: "sm_80".into(),
            cubin_base64: base64_encode(b"\x7fELF"),
            compile_ms: 1.0,
            warnings: vec![],
        };
        assert_eq!(p.to_compiled(&kernel(), "sm_80").unwrap().cubin, b"\x7fELF");
        match p.to_compiled(&kernel(), "sm_90") {
            Err(RuntimeError::InvalidRequest(m)) => assert!(m.contains("`sm_80`"), "{m}"),
            other => panic!("{other:?}"),
        }
        let empty = Precompiled {
            cubin_base64: String::new(),
            ..p
        };
        assert!(empty.to_compiled(&kernel(), "sm_80").is_err());
    }

    #[test]
    fn device_architectures_are_checked() {
        for ok in ["sm_90", "sm_90a", "sm_100", "sm_80"] {
            assert!(is_device_arch(ok), "{ok}");
        }
        for bad in ["sm_", "compute_90", "sm_9", "sm_9000", "sm_90; rm", "90"] {
            assert!(!is_device_arch(bad), "{bad}");
        }
    }
}
