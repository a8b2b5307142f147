//! Which GPU the headless commands and the explorer measure on: `--gpu`, else
//! `$TIRTUI_GPU`, else `gpu = "..."` in the config file, else this machine.

use super::toml::{self, TomlValue};
use crate::runtime::GpuTarget;
use std::path::Path;

pub const GPU_ENV: &str = "TIRTUI_GPU";

/// The config file's `gpu` key (top level, before any `[section]`).
pub fn gpu_from_config(path: &Path) -> Result<Option<String>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let entries = toml::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    for entry in entries {
        if entry.key == "gpu" {
            return match entry.value {
                TomlValue::Str(s) => Ok(Some(s)),
                TomlValue::List(_) => Err(format!(
                    "{}: line {}: `gpu` must be a string like \"ssh://gpu-box\"",
                    path.display(),
                    entry.line
                )),
            };
        }
    }
    Ok(None)
}

/// The GPU target for this run.
pub fn configured_gpu(flag: Option<&str>) -> Result<GpuTarget, String> {
    if let Some(f) = flag {
        return GpuTarget::parse(f).map_err(|e| format!("--gpu: {e}"));
    }
    if let Some(v) = std::env::var_os(GPU_ENV).filter(|v| !v.is_empty()) {
        return GpuTarget::parse(&v.to_string_lossy()).map_err(|e| format!("${GPU_ENV}: {e}"));
    }
    if let Some(path) = super::config_path() {
        if let Some(v) = gpu_from_config(&path)? {
            return GpuTarget::parse(&v).map_err(|e| format!("{}: gpu: {e}", path.display()));
        }
    }
    Ok(GpuTarget::Local)
}

/// The GPUs a search measures on: each `--gpu` given, else the configured
/// one; `local` means every GPU of this machine (one worker each).
pub fn configured_gpus(flags: &[String]) -> Result<Vec<GpuTarget>, String> {
    let given = if flags.is_empty() {
        vec![configured_gpu(None)?]
    } else {
        flags
            .iter()
            .map(|f| configured_gpu(Some(f)))
            .collect::<Result<Vec<_>, _>>()?
    };
    let mut out: Vec<GpuTarget> = Vec::new();
    for t in given {
        let expanded = if t == GpuTarget::Local {
            crate::runtime::local_gpus()
        } else {
            vec![t]
        };
        for t in expanded {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_gpu_key_and_ignores_sections() {
        let dir = std::env::temp_dir().join(format!("tirtui-gpu-cfg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("keys.toml");
        std::fs::write(&path, "gpu = \"ssh://box:2222\"\n[keys]\nrun = \"r\"\n").unwrap();
        assert_eq!(gpu_from_config(&path), Ok(Some("ssh://box:2222".into())));
        std::fs::write(&path, "[keys]\nrun = \"r\"\n").unwrap();
        assert_eq!(gpu_from_config(&path), Ok(None));
        std::fs::write(&path, "gpu = [\"a\"]\n").unwrap();
        assert!(gpu_from_config(&path).is_err());
        assert_eq!(gpu_from_config(&dir.join("missing.toml")), Ok(None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
