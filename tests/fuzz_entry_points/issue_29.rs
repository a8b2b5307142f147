//! Issue 29's inputs, where work grew without a bound (pipeline stages,
//! explicit unrolling, kernels, transform_layout, tune --space): each must
//! now be refused for its reason, quickly.

use super::*;

/// A session on an inline workload, its steps as YAML flow lines.
fn inline_session(workload: &str, steps: &[&str]) -> String {
    let yaml = Session::new(Workload::Inline(workload.to_string())).to_yaml();
    if steps.is_empty() {
        return yaml;
    }
    // `to_yaml` ends an empty session with `steps: []`.
    let mut text = yaml.trim_end().trim_end_matches("steps: []").to_string();
    text.push_str("steps:\n");
    for step in steps {
        text.push_str(&format!("  - {step}\n"));
    }
    text
}

/// Issue 29's inputs, where work grew without a bound: each must now be
/// refused (or done) quickly. Also seeds of the session fuzzers.
/// Each with a part of the error that refuses it.
pub(super) fn reproducers() -> Vec<(&'static str, String, &'static str)> {
    let gemm = gemm_workload("1024", "1024", "1024");
    let bound = [
        "{op: get_block, name: C, out: b0}",
        "{op: get_loops, block: b0, out: [i, j, k]}",
        "{op: bind, loop: i, thread_axis: blockIdx.x}",
        "{op: split, loop: j, factors: [null, 256], out: [jo, ji]}",
        "{op: bind, loop: ji, thread_axis: threadIdx.x}",
    ];
    fn with<'a>(bound: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        bound.iter().chain(extra).copied().collect()
    }
    // A balanced sum of 4,096 loads: the parser takes 200 levels of nesting.
    fn sum(lo: usize, hi: usize) -> String {
        match hi - lo {
            1 => format!("B[{lo}]"),
            n => format!("({} + {})", sum(lo, lo + n / 2), sum(lo + n / 2, hi)),
        }
    }
    let unroll = format!(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef unroll(A: T.Buffer((1024,), \"float32\"), B: T.Buffer((4096,), \"float32\")):\n    for tx in T.thread_binding(1, thread=\"threadIdx.x\"):\n        for i in T.serial(1024, annotations={{\"pragma_auto_unroll_max_step\": 1000000000, \"pragma_unroll_explicit\": 1}}):\n            with T.block(\"A\"):\n                vi = T.axis.spatial(1024, i)\n                A[vi] = {}\n",
        sum(0, 4096)
    );
    let mut kernels = String::from(
        "from tvm.script import tir as T\n\n@T.prim_func\ndef kernels(A: T.Buffer((64,), \"float32\"), B: T.Buffer((2000, 64), \"float32\")):\n",
    );
    for k in 0..2000 {
        kernels += &format!("    for i in T.thread_binding(64, thread=\"threadIdx.x\"):\n        with T.block(\"B{k}\"):\n            vi = T.axis.spatial(64, i)\n            B[{k}, vi] = A[vi] + T.float32({k})\n");
    }
    let layout = |extent: &str, dtype: &str| {
        format!(
            "from tvm.script import tir as T\n\n@T.prim_func\ndef layout(A: T.Buffer(({extent}, {extent}), \"{dtype}\"), C: T.Buffer(({extent}, {extent}), \"{dtype}\")):\n    B = T.alloc_buffer(({extent}, {extent}), \"{dtype}\")\n    for i, j in T.grid({extent}, {extent}):\n        with T.block(\"B\"):\n            vi, vj = T.axis.remap(\"SS\", [i, j])\n            B[vi, vj] = A[vi, vj]\n    for i, j in T.grid({extent}, {extent}):\n        with T.block(\"C\"):\n            vi, vj = T.axis.remap(\"SS\", [i, j])\n            C[vi, vj] = B[vi, vj]\n"
        )
    };
    let transform = |pad: &str| {
        format!("{{op: transform_layout, block: B, buffer: [write, 0], index_map: \"lambda i, j: (i // 16, j // 16, i % 16, j % 16)\", pad_value: {pad}}}")
    };
    vec![
        (
            "pipeline stage 2^63 - 1 on the seed GEMM",
            inline_session(&gemm, &with(&bound, &["{op: annotate, block_or_loop: k, ann_key: software_pipeline_stage, ann_val: [9223372036854775807]}"])),
            "(largest stage 9223372036854775807) would write out",
        ),
        (
            "pipeline order 2^63 - 1",
            inline_session(&gemm, &with(&bound, &[
                "{op: annotate, block_or_loop: k, ann_key: software_pipeline_stage, ann_val: [1]}",
                "{op: annotate, block_or_loop: k, ann_key: software_pipeline_order, ann_val: [9223372036854775807]}",
            ])),
            "has order 9223372036854775807, outside 0..1",
        ),
        (
            "pipeline async stage 2^63 - 1",
            inline_session(&gemm, &with(&bound, &[
                "{op: annotate, block_or_loop: k, ann_key: software_pipeline_stage, ann_val: [1]}",
                "{op: annotate, block_or_loop: k, ann_key: software_pipeline_async_stages, ann_val: [9223372036854775807]}",
            ])),
            "names a stage no statement has",
        ),
        (
            "explicit unroll: 1,024 copies of a 4,096-term store",
            inline_session(&unroll, &[]),
            "tirtui allows at most 2000000 unrolled nodes",
        ),
        (
            "2,000 kernels",
            inline_session(&kernels, &[]),
            "2000 kernels; tirtui allows at most 256 kernels",
        ),
        (
            "transform_layout of a (2^32, 2^32) buffer",
            inline_session(&layout("4294967296", "float32"), &[&transform("0.0")]),
            "has more than 16777216 elements",
        ),
        (
            "transform_layout with an int pad_value on a float32 buffer",
            inline_session(&layout("60", "float32"), &[&transform("0")]),
            "pad_value 0 is an int32",
        ),
    ]
}

/// The error that stops session `text` (its replay, else its lowering), rendered.
fn session_error(text: &str) -> String {
    let session = Session::from_yaml(text, "fuzz.yaml").unwrap_or_else(|e| panic!("{e}"));
    let (_, source) = session.workload_source(Some(&session_origin())).unwrap();
    let func = tirtui::script::parse_func(&source, None).unwrap();
    match Trace::replay(func, &session.steps) {
        Err((_, e)) => e.to_diagnostic("fuzz.yaml").render(),
        Ok(trace) => match tirtui::codegen::generate(trace.func()) {
            Ok(_) => "applied and lowered".into(),
            Err(e) => e.to_string(),
        },
    }
}

/// issue 29: every reproducer is refused with an error, well within the
/// watchdog's time, and `tune --space` counts the tilings of 2^62 exactly.
#[test]
fn issue_29_reproducers_are_refused_quickly() {
    for (what, yaml, refusal) in reproducers() {
        let started = Instant::now();
        let err = session_error(&yaml);
        let took = started.elapsed();
        assert!(
            err.contains(refusal),
            "{what}: expected `{refusal}` in:\n{err}"
        );
        eprintln!("{what}: refused in {:.1} ms", took.as_secs_f64() * 1e3);
        assert!(took < Duration::from_secs(5), "{what}: {took:?}");
    }
    let source = flat_workload("T.int64(4611686018427387904)", true);
    let func = tirtui::script::parse_func(&source, None).unwrap();
    let yaml = inline_session(&source, &[
        "{op: get_block, name: B, out: b0}",
        "{op: get_loops, block: b0, out: [i]}",
        "{op: sample_perfect_tile, loop: i, n: 4, max_innermost_factor: 16, out: [t0, t1, t2, t3], decision: [4611686018427387904, 1, 1, 1]}",
    ]);
    let session = Session::from_yaml(&yaml, "fuzz.yaml").unwrap();
    let started = Instant::now();
    let space = tirtui::tune::Space::new(func, session.steps).unwrap();
    let size = space.size().unwrap_or_else(|e| panic!("{}", e.reason));
    // 2^62 into 4 factors, the innermost at most 16 = 2^4: for each of its
    // 5 choices, the other 62 - f twos over 3 slots.
    let want: u128 = (0..=4u128).map(|f| (64 - f) * (63 - f) / 2).sum();
    assert_eq!(size.per_site, vec![want]);
    eprintln!(
        "tune --space on 2^62: {} tilings counted in {:.3} ms",
        want,
        started.elapsed().as_secs_f64() * 1e3
    );
    assert!(started.elapsed() < Duration::from_secs(1));
}
