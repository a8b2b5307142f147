//! Issue 30, the remaining workloads and the sampled candidates: MetaSchedule
//! traces and sketches of batch matmul, depthwise conv, RMS norm and
//! dense+bias+GELU (facts recorded from TVM 0.27 by scripts/ms_traces and
//! scripts/ms_space; `tests/ms_traces.rs` and `tests/design_space.rs` read
//! every recorded file, this file checks that the new ones are there and
//! compute), and `sample_perfect_tile`'s distribution, TVM's.

use std::collections::BTreeMap;
use std::path::Path;

use tirtui::design_space::{generate, GpuTarget};
use tirtui::ir::PrimFunc;
use tirtui::schedule::primitive::get_block_loop::{get_block_by_name, get_loops};
use tirtui::schedule::primitive::sampling::{sample_perfect_tile, Rng};
use tirtui::tune::{Nvrtc, Space};

fn parse(path: &str) -> PrimFunc {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
    tirtui::script::parse_func(&text, None).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const NEW_WORKLOADS: [&str; 4] = ["batch_matmul", "dwconv", "rms_norm", "dense_bias_gelu"];

#[test]
fn the_new_workloads_have_metaschedule_traces_and_sketches() {
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ms_traces/manifest.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let sketches: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/design_space/ms_sketches.json"),
        )
        .unwrap(),
    )
    .unwrap();
    for w in NEW_WORKLOADS {
        let traces = manifest["traces"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["workload"] == format!("{w}.tir"))
            .count();
        assert!(traces >= 2, "{w}: {traces} MetaSchedule traces recorded");
        let recorded = sketches["workloads"][format!("{w}.tir")]
            .as_array()
            .map_or(0, |a| a.len());
        assert!(recorded >= 2, "{w}: {recorded} sketches recorded");
        // The two directories hold the same workload.
        assert_eq!(
            parse(&format!("tests/data/ms_traces/{w}.tir")),
            parse(&format!("tests/data/design_space/{w}.tir")),
            "{w}"
        );
    }
}

/// Random decisions of every sketch of `name` (tests/data/design_space):
/// candidates that pass the tuner's checks compute the workload on the CPU
/// interpreter and, lowered, on the SIMT simulator (as tests/design_space.rs
/// checks the earlier workloads).
fn check_sketches_compute(name: &str) {
    let func = parse(&format!("tests/data/design_space/{name}.tir"));
    let mut expected = tirtui::interp::random_args(&func, 7).unwrap();
    let inputs = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    let mut rng = Rng(0x5eed);
    for (i, sketch) in generate(&func, &GpuTarget::default())
        .unwrap()
        .iter()
        .enumerate()
    {
        let space = Space::new(func.clone(), sketch.steps.clone()).unwrap();
        let checked = (0..400)
            .filter_map(|_| {
                let replayed = space.draw(&mut rng).ok()?;
                tirtui::tune::build(replayed.clone(), Nvrtc::Skip).ok()?;
                Some(replayed)
            })
            .next();
        let replayed =
            checked.unwrap_or_else(|| panic!("{name} sketch {}: no valid candidate in 400", i + 1));
        let mut interp_out = inputs.clone();
        tirtui::interp::run(&replayed.func, &mut interp_out).unwrap();
        let lowered = tirtui::lower::lower_program(&replayed.func).unwrap();
        let mut simt_out = inputs.clone();
        tirtui::simt::simulate_program(&lowered, &mut simt_out).unwrap();
        for ((want, a), b) in expected.iter().zip(&interp_out).zip(&simt_out) {
            let at = format!("{name} sketch {} {:?}", i + 1, replayed.decisions);
            assert!(want.max_rel_err(a) < 1e-4, "{at}: the interpreter differs");
            assert!(want.max_rel_err(b) < 1e-4, "{at}: the simulator differs");
        }
    }
}

#[test]
fn dwconv_sketches_compute_the_convolution() {
    check_sketches_compute("dwconv");
}

#[test]
fn rms_norm_sketches_compute_the_norm() {
    check_sketches_compute("rms_norm");
}

#[test]
fn dense_bias_gelu_sketches_compute_the_layer() {
    check_sketches_compute("dense_bias_gelu");
}

// ---- sample_perfect_tile draws as TVM's does ----

/// `count` fresh draws of `sample_perfect_tile` on a loop of `extent`.
fn draws(extent: i64, n: i64, max_innermost: i64, count: usize) -> Vec<Vec<i64>> {
    let text = format!(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef main(A: T.Buffer(({extent},), \"float32\")):\n    for i in range({extent}):\n        with T.block(\"B\"):\n            vi = T.axis.spatial({extent}, i)\n            A[vi] = T.float32(0)\n"
    );
    let func = tirtui::script::parse_func(&text, None).unwrap();
    let block = get_block_by_name(&func, "B").unwrap();
    let l = get_loops(&func, block).unwrap()[0];
    let mut rng = Rng(0x7ec5);
    (0..count)
        .map(|_| sample_perfect_tile(&func, l, n, max_innermost, None, &mut rng).unwrap())
        .collect()
}

/// Every ordered factorization of `extent` into `n` factors whose innermost
/// is at most `max_innermost`.
fn factorizations(extent: i64, n: usize, max_innermost: i64) -> Vec<Vec<i64>> {
    if n == 1 {
        return if extent <= max_innermost {
            vec![vec![extent]]
        } else {
            vec![]
        };
    }
    (1..=extent)
        .filter(|d| extent % d == 0)
        .flat_map(|d| {
            factorizations(extent / d, n - 1, max_innermost)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, d);
                    rest
                })
        })
        .collect()
}

#[test]
fn perfect_tiles_are_uniform_over_the_factorizations_as_tvms() {
    // TVM splits each prime power uniformly over the factors (so every
    // ordered factorization is equally likely) and redraws while the
    // innermost exceeds the bound: uniform over the allowed factorizations.
    let all = factorizations(360, 3, 8);
    let n = 30_000;
    let mut seen: BTreeMap<Vec<i64>, usize> = BTreeMap::new();
    for d in draws(360, 3, 8, n) {
        *seen.entry(d).or_default() += 1;
    }
    assert_eq!(seen.len(), all.len(), "every factorization is drawn");
    let expected = n as f64 / all.len() as f64;
    for f in &all {
        let got = seen.get(f).copied().unwrap_or(0) as f64;
        // 6 standard deviations of a binomial count: never flaky (the seed
        // is fixed) and far below the skew of drawing factor by factor.
        assert!(
            (got - expected).abs() < 6.0 * expected.sqrt(),
            "{f:?} drawn {got} times, expected about {expected:.0}"
        );
    }
}

#[test]
fn the_outer_gemm_tiles_are_as_large_as_tvms() {
    // A 1024 loop in MultiLevelTiling's 5 levels: TVM 0.27's draws (4,000
    // of them on the CPU) give each level an average of about 2 of the 10
    // factors of two (outermost 2.10, then 2.08, 2.00, 2.03, innermost 1.79).
    // Drawing factor by factor gave the outermost (the blockIdx tile) about
    // 0.9, the first-drawn (vthread) 3.5: few thread blocks, many virtual
    // threads per thread.
    let n = 20_000;
    let mut sum = [0f64; 5];
    for d in draws(1024, 5, 64, n) {
        for (s, f) in sum.iter_mut().zip(&d) {
            *s += (*f as f64).log2();
        }
    }
    let mean: Vec<f64> = sum.iter().map(|s| s / n as f64).collect();
    for (level, m) in mean.iter().enumerate().take(4) {
        assert!((1.9..2.2).contains(m), "level {level}: {mean:?}");
    }
    assert!((1.7..1.9).contains(&mean[4]), "innermost: {mean:?}");
}

// ---- the batched Matmul default ----

/// A batched GEMM as sessions/bmm_f16.tir writes it, of the given sizes.
fn bmm_text(batch: i64, m: i64, n: i64, k: i64, ab: &str) -> String {
    format!(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef main(A: T.Buffer(({batch}, {m}, {k}), \"{ab}\"), B: T.Buffer(({batch}, {k}, {n}), \"{ab}\"), C: T.Buffer(({batch}, {m}, {n}), \"float32\")):\n    T.func_attr({{\"global_symbol\": \"main\", \"tir.noalias\": True}})\n    for b, i, j, k in T.grid({batch}, {m}, {n}, {k}):\n        with T.block(\"C\"):\n            vb, vi, vj, vk = T.axis.remap(\"SSSR\", [b, i, j, k])\n            with T.init():\n                C[vb, vi, vj] = T.float32(0)\n            C[vb, vi, vj] = C[vb, vi, vj] + T.Cast(\"float32\", A[vb, vi, vk]) * T.Cast(\"float32\", B[vb, vk, vj])\n"
    )
}

fn scheduled(func: &PrimFunc) -> (&'static str, tirtui::trace::Trace) {
    let accept =
        |s: &tirtui::design_space::Sketch| tirtui::tune::check::steps_launch(func, &s.steps);
    let (rule, sketch) = tirtui::design_space::default_schedule(func, &accept).unwrap();
    let trace = tirtui::trace::Trace::replay(func.clone(), &sketch.steps)
        .unwrap_or_else(|(_, e)| panic!("{rule}: {e}"));
    (rule, trace)
}

#[test]
fn the_matmul_default_takes_a_batch_axis() {
    // Until issue 30's batched default, a fourth loop made the Matmul rules
    // refuse and the batched GEMM fell back to one thread per output.
    for (text, what) in [
        (bmm_text(3, 128, 64, 32, "float16"), "fp16 bmm, aligned"),
        (bmm_text(2, 40, 24, 20, "float32"), "fp32 bmm, unaligned"),
    ] {
        let func = tirtui::script::parse_func(&text, None).unwrap();
        let (rule, trace) = scheduled(&func);
        assert_eq!(rule, "Matmul", "{what}");
        assert!(
            trace.steps.iter().any(|s| s.op == "bind"
                && s.arg("thread_axis").map(|a| a.to_yaml()).as_deref() == Some("blockIdx.z")),
            "{what}: the batch is not bound to blockIdx.z"
        );
        let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
        let mut want = tirtui::interp::random_args(&func, 3).unwrap();
        let mut got = want.clone();
        tirtui::interp::run(&func, &mut want).unwrap();
        tirtui::simt::simulate_program(&lowered, &mut got).unwrap();
        let err = want
            .iter()
            .zip(&got)
            .map(|(a, b)| a.max_rel_err(b))
            .fold(0.0, f64::max);
        assert!(err < 1e-5, "{what}: max rel err {err}");
    }
}

#[test]
fn an_fp32_bmm_gets_the_simt_matmul_tiles() {
    // sessions/bmm_f16.tir now gets the tensor-core default (tests/
    // design_space_tc.rs); an fp32 batch keeps the SIMT Matmul's tiles.
    let text = bmm_text(4, 128, 128, 64, "float32");
    let func = tirtui::script::parse_func(&text, None).unwrap();
    let (rule, trace) = scheduled(&func);
    assert_eq!(rule, "Matmul");
    let cuda = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    assert!(cuda.source.contains("blockIdx.z"), "{}", cuda.source);
}

#[test]
#[ignore = "needs libnvrtc (CI runs it: cargo test --test design_space_more -- --ignored)"]
fn the_batched_matmul_default_compiles_with_nvrtc() {
    use tirtui::runtime::{nvrtc_available, nvrtc_compile};
    assert!(nvrtc_available(), "this test needs libnvrtc (see .ci/run)");
    let func = parse("sessions/bmm_f16.tir");
    let (_, trace) = scheduled(&func);
    let kernel = tirtui::codegen::generate(trace.func()).unwrap().kernel;
    for arch in ["sm_80", "sm_90"] {
        let report = nvrtc_compile(&kernel, arch)
            .unwrap_or_else(|e| panic!("{arch}: {e}\n{}", kernel.source));
        assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    }
}

#[test]
fn the_gelu_default_simulates_bit_exactly() {
    // GELU's 1/sqrt(2) is written as T.float32 with float64 digits; the SIMT
    // simulator used the float64 value where the interpreter (and CUDA's
    // float literal) round it: the results differed by an ulp.
    let func = parse("tests/data/design_space/dense_bias_gelu.tir");
    let sketch = tirtui::design_space::fallback(&func).unwrap();
    let trace = tirtui::trace::Trace::replay(func.clone(), &sketch.steps)
        .unwrap_or_else(|(_, e)| panic!("{e}"));
    let lowered = tirtui::lower::lower_program(trace.func()).unwrap();
    let mut want = tirtui::interp::random_args(&func, 11).unwrap();
    let mut got = want.clone();
    tirtui::interp::run(&func, &mut want).unwrap();
    tirtui::simt::simulate_program(&lowered, &mut got).unwrap();
    assert!(want == got, "the simulator differs from the interpreter");
}
