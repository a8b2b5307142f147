//! tirtui's postprocessors against MetaSchedule's: each trace TVM 0.27 wrote
//! (tests/data/ms_traces/, recorded by scripts/ms_traces/record.py) is cut at
//! `sch.enter_postproc()`; tirtui's postprocessors applied to the part before
//! it must write TVM's steps (the same primitives, in order) and give the
//! program TVM's whole trace gives. VerifyGPUCode must accept what TVM
//! accepted and refuse the draws TVM refused.

use std::path::{Path, PathBuf};

use tirtui::ir::PrimFunc;
use tirtui::postproc::{self, GpuLimits, PostprocError};
use tirtui::script::{parse_func, print_func};
use tirtui::trace::pyscript::read_trace_file;
use tirtui::trace::{Arg, Step, Trace};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ms_traces")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Trace files (`gemm_f32_s0.py`, `gemv_s1.refused.py`) ending in `suffix`.
fn files(suffix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(suffix))
        .filter(|f| suffix != ".py" || !f.ends_with(".refused.py"))
        .collect();
    names.sort();
    names
}

fn workload_of(file: &str) -> PrimFunc {
    let stem = file.rsplit_once("_s").map(|(w, _)| w).unwrap_or(file);
    parse_func(&read(&format!("{stem}.tir")), None).unwrap_or_else(|e| panic!("{stem}: {e}"))
}

/// The trace up to (without) `enter_postproc`, and the whole trace.
fn before_and_whole(file: &str) -> (Trace, Trace) {
    let text = read(file);
    let cut = text
        .find("sch.enter_postproc()")
        .unwrap_or_else(|| panic!("{file}: no enter_postproc"));
    let before =
        read_trace_file(&text[..cut], workload_of(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let whole = read_trace_file(&text, workload_of(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    (before, whole)
}

fn ops_after_postproc(steps: &[Step]) -> Vec<String> {
    let at = steps
        .iter()
        .position(|s| s.op == "enter_postproc")
        .unwrap_or(steps.len());
    steps[at..]
        .iter()
        .map(|s| format!("{} {:?}", s.op, literal_args(s)))
        .collect()
}

/// A step's literal arguments (numbers, strings that are not handle names):
/// what must agree between two traces whose handles are named differently.
fn literal_args(s: &Step) -> Vec<String> {
    s.args
        .iter()
        .filter(|(k, _)| {
            matches!(
                k.as_str(),
                "factors" | "thread_axis" | "ann_key" | "ann_val" | "name"
            )
        })
        .map(|(k, v)| format!("{k}={}", v.to_python()))
        .collect()
}

#[test]
fn the_postprocessors_write_tvms_steps_and_program_for_every_metaschedule_trace() {
    let traces = files(".py");
    assert!(traces.len() >= 10, "only {} traces recorded", traces.len());
    for file in traces {
        let (mut mine, tvm) = before_and_whole(&file);
        postproc::rewrite_cuda(&mut mine).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(
            ops_after_postproc(&mine.steps),
            ops_after_postproc(&tvm.steps),
            "{file}: the postprocessor steps differ from TVM's"
        );
        assert_eq!(
            print_func(mine.func()),
            print_func(tvm.func()),
            "{file}: the program differs"
        );
    }
}

#[test]
fn verify_gpu_code_accepts_what_tvm_accepted() {
    let limits = GpuLimits::default();
    for file in files(".py") {
        let (_, tvm) = before_and_whole(&file);
        let verdict = postproc::verify_gpu_code::verify(tvm.func(), &limits);
        // Every accepted trace lowers since the in-thread + cross-thread
        // reductions and the deep pipelines do (tests/ms_traces.rs).
        verdict.unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}

/// Refused draws tirtui cannot replay: TVM drops a unit-extent loop's
/// variable from the block's bindings (here the fused `k_0` of extent 1), so
/// it decomposes the reduction below that loop; tirtui keeps the variable and
/// its `decompose_reduction` refuses a loop below one that binds the
/// reduction iterator.
const REPLAY_GAPS: [(&str, &str); 6] = [
    (
        "batch_matmul_s1.refused.py",
        "decompose_reduction needs a loop at or above",
    ),
    (
        "dense_bias_gelu_s1.refused.py",
        "decompose_reduction needs a loop at or above",
    ),
    (
        "dwconv_s2.refused.py",
        "decompose_reduction needs a loop at or above",
    ),
    (
        "gemm_f16_s1.refused.py",
        "decompose_reduction needs a loop at or above",
    ),
    (
        "gemm_f32_s1.refused.py",
        "decompose_reduction needs a loop at or above",
    ),
    (
        "gemv_s2.refused.py",
        "decompose_reduction needs a loop at or above",
    ),
];

#[test]
fn verify_gpu_code_refuses_the_draws_tvm_refused() {
    let limits = GpuLimits::default();
    let refused = files(".refused.py");
    assert!(!refused.is_empty());
    for file in refused {
        let replayed = read_trace_file(&read(&file), workload_of(&file));
        if let Some((_, gap)) = REPLAY_GAPS.iter().find(|(n, _)| *n == file) {
            let e = replayed
                .err()
                .unwrap_or_else(|| panic!("{file} replays now: drop it from REPLAY_GAPS"));
            assert!(e.to_string().contains(gap), "{file}: {e}");
            continue;
        }
        let trace = replayed.unwrap_or_else(|e| panic!("{file}: {e}"));
        match postproc::verify_gpu_code::verify(trace.func(), &limits) {
            Err(PostprocError::Refused { why, hint, .. }) => {
                assert!(!why.is_empty() && !hint.is_empty(), "{file}");
            }
            other => panic!("{file}: TVM refused it, tirtui says {other:?}"),
        }
    }
}

#[test]
fn the_whole_pipeline_marks_enter_postproc_and_verifies() {
    let (mut mine, _) = before_and_whole("gemm_f32_s0.py");
    let before = mine.steps.len();
    postproc::apply_cuda(&mut mine, &GpuLimits::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mine.steps[before].op, "enter_postproc");
    // A card with 16 threads per block refuses the 32-thread kernel.
    let (mut small, _) = before_and_whole("gemm_f32_s0.py");
    let tiny = GpuLimits {
        max_threads_per_block: 16,
        ..GpuLimits::default()
    };
    let e = postproc::apply_cuda(&mut small, &tiny).expect_err("refused");
    assert!(e.to_string().contains("threads per block"), "{e}");
}

// sample_compute_location, against TVM 0.27 on a tiled conv2d whose loops
// exercise each of its rules.

/// TVM 0.27's candidates for `pad_temp`, printed by
/// `scripts/ms_traces/compute_locations.py tests/data/ms_traces/conv2d_pad.tir
/// tests/data/compute_location/tile_conv.py pad_temp`.
const TVM_CANDIDATES: [i64; 6] = [-2, -1, 1, 2, 3, 4];

fn tiled_conv() -> Trace {
    let script = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/compute_location/tile_conv.py"),
    )
    .unwrap();
    read_trace_file(&script, workload_of("conv2d_pad")).unwrap_or_else(|e| panic!("{e}"))
}

/// Pushes `sample_compute_location(pad_temp)` (with `decision` when given)
/// as `out`; returns the decision recorded.
fn sample(trace: &mut Trace, decision: Option<i64>, out: &str) -> i64 {
    let mut args = vec![("block", Arg::Str("pad_temp".into()))];
    if let Some(d) = decision {
        args.push(("decision", Arg::Int(d)));
    }
    let step = Step::new("sample_compute_location", args, vec![out.to_string()]).unwrap();
    trace.push(step).unwrap_or_else(|e| panic!("{e}"));
    match trace.steps.last().and_then(|s| s.arg("decision")) {
        Some(Arg::Int(d)) => *d,
        other => panic!("no decision recorded: {other:?}"),
    }
}

#[test]
fn sample_compute_location_samples_exactly_tvms_candidates() {
    let mut trace = tiled_conv();
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..300 {
        seen.insert(sample(&mut trace, None, &format!("loc{i}")));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), TVM_CANDIDATES);
}

#[test]
fn a_recorded_compute_location_is_kept_or_falls_back_as_in_tvm() {
    // Kept when a candidate, else the candidate before it, else the root.
    for (given, kept) in [
        (-2, -2),
        (-1, -1),
        (0, -1),
        (3, 3),
        (4, 4),
        (5, 4),
        (40, 4),
        (-7, -1),
    ] {
        let mut trace = tiled_conv();
        assert_eq!(
            sample(&mut trace, Some(given), "loc"),
            kept,
            "decision {given}"
        );
    }
}

#[test]
fn compute_at_a_sampled_location_moves_inlines_or_keeps_the_block() {
    let compute_at = |trace: &mut Trace| {
        let step = Step::new(
            "compute_at",
            vec![
                ("block", Arg::Str("pad_temp".into())),
                ("loop", Arg::Str("loc".into())),
                ("preserve_unit_loops", Arg::Bool(true)),
            ],
            vec![],
        )
        .unwrap();
        trace.push(step).unwrap_or_else(|e| panic!("{e}"));
    };
    let plain = tiled_conv();
    // -1: the root; the block stays where it is.
    let mut root = tiled_conv();
    sample(&mut root, Some(-1), "loc");
    compute_at(&mut root);
    assert_eq!(print_func(root.func()), print_func(plain.func()));
    // -2: inlined, as compute_inline does.
    let mut inlined = tiled_conv();
    sample(&mut inlined, Some(-2), "loc");
    compute_at(&mut inlined);
    let mut by_hand = tiled_conv();
    let step = Step::new(
        "compute_inline",
        vec![("block", Arg::Str("pad_temp".into()))],
        vec![],
    )
    .unwrap();
    by_hand.push(step).unwrap();
    assert_eq!(print_func(inlined.func()), print_func(by_hand.func()));
    // 2: the consumer's third loop (`yy` outer, named l10 by the script).
    let mut moved = tiled_conv();
    sample(&mut moved, Some(2), "loc");
    compute_at(&mut moved);
    let mut by_hand = tiled_conv();
    let step = Step::new(
        "compute_at",
        vec![
            ("block", Arg::Str("pad_temp".into())),
            ("loop", Arg::Str("l10".into())),
            ("preserve_unit_loops", Arg::Bool(true)),
        ],
        vec![],
    )
    .unwrap();
    by_hand.push(step).unwrap();
    assert_eq!(print_func(moved.func()), print_func(by_hand.func()));
    assert_ne!(print_func(moved.func()), print_func(plain.func()));
}
