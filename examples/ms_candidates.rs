//! Random candidates of a workload's generated design space, as the tuner
//! draws them, written out for comparison with MetaSchedule's (issue 30
//! item 3: why sampled GEMM candidates are slow). For each candidate:
//! `cNN_sK.py` (the trace as Python, TVM's spelling), `cNN_sK.cu` (the CUDA
//! the tuner would build: the sketch with its decisions) and, when
//! MetaSchedule's CUDA postprocessors apply, `cNN_sK.post.py` /
//! `cNN_sK.post.cu` (the same candidate after `postproc::apply_cuda`).
//!
//! ```text
//! cargo run --release --example ms_candidates -- W.tir OUT_DIR [N] [SEED]
//! python3 scripts/ms_space/candidates.py stats OUT_DIR
//! ```

use std::path::PathBuf;

use tirtui::design_space::{generate, GpuTarget};
use tirtui::postproc::{apply_cuda, GpuLimits};
use tirtui::schedule::primitive::sampling::Rng;
use tirtui::trace::python::to_python;
use tirtui::trace::Trace;
use tirtui::tune::{Nvrtc, Space};

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
    let spaces: Vec<Space> = sketches
        .iter()
        .map(|s| Space::new(func.clone(), s.steps.clone()))
        .collect::<Result<_, _>>()?;
    let mut rng = Rng(seed);
    let (mut got, mut tries) = (0, 0);
    // Why draws were not candidates: the tuner's reasons, counted.
    let mut refused: std::collections::BTreeMap<String, usize> = Default::default();
    while got < n && tries < 50 * n {
        tries += 1;
        let which = tries % spaces.len();
        let replayed = match spaces[which].draw(&mut rng) {
            Ok(r) => r,
            Err(e) => {
                *refused.entry(e.reason).or_default() += 1;
                continue;
            }
        };
        // The tuner's own checks (lowering, code generation, launch limits).
        let built = match tirtui::tune::build(replayed.clone(), Nvrtc::Skip) {
            Ok(b) => b,
            Err(e) => {
                *refused.entry(e.reason).or_default() += 1;
                continue;
            }
        };
        let name = format!("c{got:02}_s{which}");
        let write = |file: String, text: &str| {
            std::fs::write(out.join(file), text).map_err(|e| e.to_string())
        };
        let py = to_python(&replayed.steps, "main").map_err(|e| e.to_string())?;
        write(format!("{name}.py"), &py)?;
        write(format!("{name}.cu"), &built.kernel.source)?;
        let mut trace = Trace::replay(func.clone(), &replayed.steps)
            .map_err(|(_, e)| format!("{name}: {e}"))?;
        match apply_cuda(&mut trace, &GpuLimits::default()) {
            Ok(()) => {
                let post = tirtui::codegen::generate(trace.func()).map_err(|e| e.to_string())?;
                write(format!("{name}.post.cu"), &post.kernel.source)?;
                let py = to_python(&trace.steps, "main").map_err(|e| e.to_string())?;
                write(format!("{name}.post.py"), &py)?;
            }
            Err(e) => write(format!("{name}.post.refused"), &format!("{e}\n"))?,
        }
        got += 1;
    }
    eprintln!("{got} candidates in {tries} draws");
    for (reason, count) in refused {
        eprintln!("  {count} refused: {reason}");
    }
    Ok(())
}
