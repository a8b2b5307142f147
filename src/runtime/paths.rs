//! Where the CUDA headers and libraries are: a toolkit install or NVIDIA's pip wheels.
//!
//! Knows file system layouts only; loads nothing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Overrides the header directory (CI points it at the pip wheel's `include`).
pub const INCLUDE_ENV: &str = "TIRTUI_CUDA_INCLUDE";

/// Sub-directories of `site-packages` where NVIDIA's wheels put a toolkit tree
/// (`nvidia/cu13/{include,lib}` since CUDA 13, one folder per library before).
const WHEEL_ROOTS: [&str; 4] = [
    "nvidia/cu13",
    "nvidia/cuda_runtime",
    "nvidia/cuda_nvrtc",
    "nvidia/cublas",
];

/// The directory holding `cuda_fp16.h`, if any is installed.
pub fn cuda_include_dir() -> Option<PathBuf> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        if let Some(dir) = std::env::var_os(INCLUDE_ENV).map(PathBuf::from) {
            if dir.join("cuda_fp16.h").is_file() {
                return Some(dir);
            }
        }
        toolkit_roots()
            .into_iter()
            .map(|root| root.join("include"))
            .find(|dir| dir.join("cuda_fp16.h").is_file())
    })
    .clone()
}

/// Directories holding libnvrtc, libcublas or libcudart, for a worker's `LD_LIBRARY_PATH`.
pub fn cuda_library_dirs() -> Vec<PathBuf> {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(|| {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for root in toolkit_roots() {
            for sub in ["lib64", "lib"] {
                let dir = root.join(sub);
                if has_cuda_library(&dir) && !dirs.contains(&dir) {
                    dirs.push(dir);
                }
            }
        }
        dirs
    })
    .clone()
}

/// `existing` (a `PATH`-style list) with `extra` appended, skipping duplicates.
pub fn join_search_path(
    existing: Option<&std::ffi::OsStr>,
    extra: &[PathBuf],
) -> Option<std::ffi::OsString> {
    let mut parts: Vec<PathBuf> = existing
        .map(|e| std::env::split_paths(e).collect())
        .unwrap_or_default();
    for dir in extra {
        if !parts.contains(dir) {
            parts.push(dir.clone());
        }
    }
    std::env::join_paths(parts).ok()
}

fn has_cuda_library(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.filter_map(Result::ok).any(|e| {
        let name = e.file_name();
        let name = name.to_string_lossy();
        ["libnvrtc.so", "libcublas.so", "libcudart.so"]
            .iter()
            .any(|lib| name.starts_with(lib))
    })
}

/// Candidate toolkit roots, most specific first.
fn toolkit_roots() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    for var in ["CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"] {
        if let Some(dir) = std::env::var_os(var) {
            roots.push(PathBuf::from(dir));
        }
    }
    roots.push(PathBuf::from("/usr/local/cuda"));
    for site in python_site_packages() {
        for sub in WHEEL_ROOTS {
            roots.push(site.join(sub));
        }
    }
    roots
}

/// `site-packages` directories of `python3`, asked once (no python, no dirs).
fn python_site_packages() -> &'static [PathBuf] {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(|| {
        let script = "import site\n\
                      dirs = list(site.getsitepackages())\n\
                      dirs.append(site.getusersitepackages())\n\
                      print('\\n'.join(dirs))";
        let Ok(out) = Command::new("python3").args(["-c", script]).output() else {
            return Vec::new();
        };
        if !out.status.success() {
            return Vec::new();
        }
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(PathBuf::from)
            .filter(|p| p.is_dir())
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_search_path_appends_without_duplicates() {
        let joined = join_search_path(
            Some(std::ffi::OsStr::new("/a:/b")),
            &[PathBuf::from("/b"), PathBuf::from("/c")],
        );
        assert_eq!(joined, Some(std::ffi::OsString::from("/a:/b:/c")));
        assert_eq!(
            join_search_path(None, &[PathBuf::from("/x")]),
            Some(std::ffi::OsString::from("/x"))
        );
    }

    #[test]
    fn a_library_dir_is_recognised_by_its_files() {
        let dir = std::env::temp_dir().join(format!("tirtui-paths-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("libfoo.so"), b"").unwrap();
        assert!(!has_cuda_library(&dir));
        std::fs::write(dir.join("libnvrtc.so.13"), b"").unwrap();
        assert!(has_cuda_library(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!has_cuda_library(&dir));
    }
}
