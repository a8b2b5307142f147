//! CUDA golden files: `tests/data/codegen/*.tir` (scheduled programs) and
//! `*.yaml` (sessions on a workload there) become kernels whose source, launch
//! configuration and block line ranges are snapshots. Where libnvrtc is
//! installed each kernel must also compile without a warning.

use std::path::Path;
use tirtui::trace::{Session, Trace};

fn program(path: &Path) -> tirtui::ir::PrimFunc {
    if path.extension().is_some_and(|e| e == "yaml") {
        let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
        let (name, text) = session.workload_source(Some(path)).unwrap();
        let func = tirtui::script::parse_func(&text, session.func.as_deref())
            .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
        let mut trace = Trace::new(func);
        for step in &session.steps {
            trace.push(step.clone()).unwrap_or_else(|e| {
                panic!("{}", e.to_diagnostic(&path.display().to_string()).render())
            });
        }
        return trace.func().clone();
    }
    let text = std::fs::read_to_string(path).unwrap();
    tirtui::script::parse_func(&text, None).unwrap_or_else(|e| {
        panic!(
            "{}",
            e.to_diagnostic(&path.display().to_string(), &text).render()
        )
    })
}

fn report(out: &tirtui::codegen::CudaOutput) -> String {
    let k = &out.kernel;
    let mut s = format!(
        "// grid {:?} block {:?}; shared {} bytes ({} before merging), dynamic {}, static {}; local {} bytes\n",
        k.grid, k.block, out.shared_bytes_after_merge, out.shared_bytes_before_merge,
        k.dynamic_shared_bytes, k.static_shared_bytes, k.local_bytes
    );
    for a in &k.args {
        s.push_str(&format!(
            "// arg {} {} {:?}{}\n",
            a.name,
            a.dtype,
            a.shape,
            if a.is_output { " (output)" } else { "" }
        ));
    }
    for t in &k.temporaries {
        s.push_str(&format!(
            "// temporary {} {} {:?}\n",
            t.name, t.dtype, t.shape
        ));
    }
    if k.launches.len() > 1 {
        for l in &k.launches {
            s.push_str(&format!(
                "// kernel {}: grid {:?} block {:?}; dynamic {}, static {}; local {} bytes; args {:?}\n",
                l.name, l.grid, l.block, l.dynamic_shared_bytes, l.static_shared_bytes, l.local_bytes, l.args
            ));
        }
    }
    for (name, ranges) in &out.block_lines {
        s.push_str(&format!("// lines of block \"{name}\": {ranges:?}\n"));
    }
    s.push('\n');
    s.push_str(&k.source);
    s
}

fn nvrtc_clean(path: &Path, kernel: &tirtui::codegen::CudaKernel) {
    let r = tirtui::runtime::nvrtc_compile(kernel, "sm_90")
        .unwrap_or_else(|e| panic!("{}: NVRTC: {e}\n{}", path.display(), kernel.source));
    assert!(
        r.warnings.is_empty() && r.log.trim().is_empty(),
        "{}: NVRTC log:\n{}",
        path.display(),
        r.log
    );
}

#[test]
fn golden_kernels() {
    insta::glob!("data/codegen/*.{tir,yaml}", |path| {
        if path.file_name().is_some_and(|n| n == "gemm64.tir") {
            return; // the sessions' workload, unscheduled
        }
        let out = tirtui::codegen::generate(&program(path))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        insta::assert_snapshot!(report(&out));
    });
}

/// Regression: the lowering simplifier wrote int64 constants as `int`, and
/// `max(0, <long long>)` has no unique CUDA overload.
#[test]
fn int64_constants_stay_int64() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/codegen/int64_max.tir");
    let out = tirtui::codegen::generate(&program(&path)).unwrap();
    let src = &out.kernel.source;
    assert!(
        src.contains("max(0LL, C[((int)threadIdx.x)] - 3LL)"),
        "{src}"
    );
    assert!(
        src.contains("((long long)A[((int)threadIdx.x)]) * 2LL"),
        "{src}"
    );
}

/// The golden kernels compile without a warning. The shipped sessions' kernels
/// are compiled by `tests/sessions_nvrtc.rs`.
#[test]
#[ignore = "needs libnvrtc (.ci/run installs it and runs this with --ignored)"]
fn golden_kernels_compile_with_nvrtc() {
    assert!(
        tirtui::runtime::nvrtc_available(),
        "libnvrtc not found (pip install nvidia-cuda-nvrtc; LD_LIBRARY_PATH)"
    );
    let mut paths: Vec<_> = std::fs::read_dir("tests/data/codegen")
        .expect("tests/data/codegen exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tir" || x == "yaml"))
        .filter(|p| p.file_name().is_some_and(|n| n != "gemm64.tir"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    for path in paths {
        let out = tirtui::codegen::generate(&program(&path))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        nvrtc_clean(&path, &out.kernel);
    }
}

#[test]
fn block_lines_point_at_the_block_comments() {
    let out =
        tirtui::codegen::generate(&program(Path::new("tests/data/codegen/gemm64_tiled.yaml")))
            .unwrap();
    let lines: Vec<&str> = out.kernel.source.lines().collect();
    assert!(out.block_lines.len() >= 6);
    for (name, ranges) in &out.block_lines {
        for &(start, end) in ranges {
            assert!(start < end && end <= lines.len());
            assert_eq!(
                lines[start].trim(),
                format!("// block \"{name}\""),
                "first line of {name}'s range"
            );
        }
    }
}

/// The shipped sessions (`sessions/*.yaml`, full size) as CUDA.
#[test]
fn shipped_sessions() {
    let mut paths: Vec<_> = std::fs::read_dir("sessions")
        .expect("sessions/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    paths.sort();
    for path in paths {
        let out = tirtui::codegen::generate(&program(&path))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = format!("session_{}", path.file_stem().unwrap().to_string_lossy());
        insta::assert_snapshot!(name, report(&out));
    }
}
