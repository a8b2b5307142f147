//! Every shipped session's CUDA (and its reference kernel) compiles with NVRTC,
//! without a GPU, with no error and no warning. `#[ignore]`d (visible in the
//! summary) because it needs libnvrtc; `.ci/run` runs it with `--ignored`.

use std::path::PathBuf;
use tirtui::runtime::{nvrtc_available, nvrtc_compile};
use tirtui::trace::{Session, Trace};

#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test sessions_nvrtc -- --ignored)"]
fn every_shipped_session_compiles_with_nvrtc() {
    assert!(
        nvrtc_available(),
        "this test needs libnvrtc (pip install nvidia-cuda-nvrtc, see .ci/run)"
    );
    let mut paths: Vec<PathBuf> = std::fs::read_dir("sessions")
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    for path in paths {
        let session = Session::load(&path).unwrap();
        let (name, text) = session.workload_source(Some(&path)).unwrap();
        let workload = tirtui::script::parse_func(&text, None)
            .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
        let trace =
            Trace::replay(workload.clone(), &session.steps).unwrap_or_else(|(_, e)| panic!("{e}"));
        let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
        let reference = tirtui::session::run::reference_kernel(&workload).unwrap();
        for (what, k) in [("kernel", &kernel), ("reference", &reference)] {
            let report = nvrtc_compile(k, "sm_90").unwrap_or_else(|e| {
                panic!(
                    "{} ({what}) does not compile: {e}\n{}",
                    path.display(),
                    k.source
                )
            });
            assert!(
                report.warnings.is_empty(),
                "{} ({what}) compiles with warnings: {:?}",
                path.display(),
                report.warnings
            );
            assert!(!report.ptx.is_empty());
        }
    }
}
