//! Random candidates of a workload's generated design space, written out
//! for comparison with MetaSchedule's (issue 30: why sampled GEMM candidates
//! were slow). Each draw's decisions are built twice: as the bare sketch
//! with its decisions (what the tuner measured before it ran the
//! postprocessors) and as the tuner builds a candidate now (the sketch, then
//! `enter_postproc` and MetaSchedule's CUDA postprocessors, VerifyGPUCode
//! refusing). For the first N of each that pass the tuner's checks:
//! `cNN_sK.py` / `cNN_sK.cu` (the sketch) and `cNN_sK.post.py` /
//! `cNN_sK.post.cu` (the tuner's candidate), or `cNN_sK.post.refused` with
//! the reason. The refusals of both, counted, go to stderr.
//!
//! ```text
//! cargo run --release --example ms_candidates -- W.tir OUT_DIR [N] [SEED]
//! python3 scripts/ms_space/candidates.py stats OUT_DIR      # GEMM sketches
//! python3 scripts/ms_space/candidates.py kernels OUT_DIR    # any workload
//! ```

use std::path::PathBuf;

use std::collections::BTreeMap;

use tirtui::design_space::{generate, GpuTarget};
use tirtui::schedule::primitive::sampling::Rng;
use tirtui::trace::python::to_python;
use tirtui::tune::{build, Nvrtc, Space};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: ms_candidates W.tir OUT_DIR [N] [SEED]";
    let workload = PathBuf::from(args.next().ok_or(usage)?);
    let out = PathBuf::from(args.next().ok_or(usage)?);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(30);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0x5eed);
    let text = std::fs::read_to_string(&workload).map_err(|e| e.to_string())?;
    let func = tirtui::script::parse_func(&text, None).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let sketches = generate(&func, &GpuTarget::default()).map_err(|e| e.to_string())?;
    // The tuner's spaces, and the same sketches without postprocessors.
    let tuned: Vec<Space> = sketches
        .iter()
        .map(|s| Space::for_sketch(func.clone(), s.steps.clone()))
        .filter(|s| !s.sites.is_empty())
        .collect();
    let bare: Vec<Space> = tuned
        .iter()
        .map(|s| Space {
            postproc: None,
            ..s.clone()
        })
        .collect();
    if tuned.is_empty() {
        return Err("no sketch samples anything".into());
    }
    let mut rng = Rng(seed);
    let (mut got, mut draws) = (0, 0);
    let mut refused: [BTreeMap<String, usize>; 2] = Default::default();
    let mut valid = [0usize; 2];
    let write =
        |file: String, text: &str| std::fs::write(out.join(file), text).map_err(|e| e.to_string());
    while got < n && draws < 50 * n {
        draws += 1;
        let which = draws % tuned.len();
        let decisions = match bare[which].draw(&mut rng) {
            Ok(r) => r.decisions,
            Err(e) => {
                *refused[0].entry(e.reason).or_default() += 1;
                continue;
            }
        };
        let mut results = Vec::with_capacity(2);
        for (k, space) in [&bare[which], &tuned[which]].into_iter().enumerate() {
            let built = space.replay(&decisions).and_then(|r| build(r, Nvrtc::Skip));
            match &built {
                Ok(_) => valid[k] += 1,
                Err(e) => *refused[k].entry(e.reason.clone()).or_default() += 1,
            }
            results.push(built);
        }
        let name = format!("c{got:02}_s{which}");
        match &results[0] {
            Ok(b) => {
                let py = to_python(&b.replayed.steps, "main").map_err(|e| e.to_string())?;
                write(format!("{name}.py"), &py)?;
                write(format!("{name}.cu"), &b.kernel.source)?;
            }
            Err(_) => continue,
        }
        match &results[1] {
            Ok(b) => {
                let py = to_python(&b.replayed.steps, "main").map_err(|e| e.to_string())?;
                write(format!("{name}.post.py"), &py)?;
                write(format!("{name}.post.cu"), &b.kernel.source)?;
            }
            Err(e) => write(
                format!("{name}.post.refused"),
                &format!("{}: {}\n", e.reason, e.detail),
            )?,
        }
        got += 1;
    }
    eprintln!("{got} sketch candidates written, {draws} draws");
    for (k, what) in ["the sketch alone", "the tuner's candidate (postprocessed)"]
        .iter()
        .enumerate()
    {
        eprintln!("{what}: {} of {draws} draws pass the checks", valid[k]);
        for (reason, count) in &refused[k] {
            eprintln!("  {count} refused: {reason}");
        }
    }
    Ok(())
}
