//! Software pipelining (`inject_software_pipeline`): every valid stage / order /
//! async-stage assignment of the 64^3 tiled GEMM computes on the SIMT simulator
//! what the interpreter computes for the unscheduled workload; removing a
//! barrier or a cp.async wait from a pipelined kernel makes the simulator
//! report it; an annotation that does not fit the loop body is an error that
//! lists the body's statements.

use std::path::Path;
use tirtui::interp;
use tirtui::lower::{LStmt, LowerError};
use tirtui::simt::{simulate_program, SimError};
use tirtui::trace::{Session, Trace};

const BASE: &str = "tests/data/codegen/gemm64_tiled.yaml";

fn workload() -> tirtui::ir::PrimFunc {
    let text = std::fs::read_to_string("tests/data/codegen/gemm64.tir").unwrap();
    tirtui::script::parse_func(&text, None).unwrap()
}

/// The tiled GEMM with `extra` steps appended (YAML step lines).
fn scheduled(extra: &str) -> tirtui::ir::PrimFunc {
    let text = std::fs::read_to_string(BASE).unwrap() + extra;
    replayed(&text, BASE, workload())
}

/// `workload` after the steps of the session `text` (read as if at `path`).
fn replayed(text: &str, path: &str, workload: tirtui::ir::PrimFunc) -> tirtui::ir::PrimFunc {
    let session = Session::from_yaml(text, path).unwrap_or_else(|e| panic!("{e}"));
    let mut trace = Trace::new(workload);
    for step in &session.steps {
        trace
            .push(step.clone())
            .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(path).render()));
    }
    trace.func().clone()
}

/// The lines of the steady-state loop's body in a lowered kernel's text.
fn steady_state(text: &str) -> Vec<&str> {
    let (_, rest) = text
        .split_once("    for k_0 in")
        .expect("a steady-state loop");
    rest.lines()
        .skip(1)
        .take_while(|l| l.starts_with("        "))
        .collect()
}

fn annotations(loop_: &str, stages: &[i64], orders: &[i64], asyncs: &[i64]) -> String {
    let list = |v: &[i64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = format!(
        "  - {{op: annotate, block_or_loop: {loop_}, ann_key: software_pipeline_stage, ann_val: [{}]}}\n  - {{op: annotate, block_or_loop: {loop_}, ann_key: software_pipeline_order, ann_val: [{}]}}\n",
        list(stages),
        list(orders)
    );
    if !asyncs.is_empty() {
        s += &format!(
            "  - {{op: annotate, block_or_loop: {loop_}, ann_key: software_pipeline_async_stages, ann_val: [{}]}}\n",
            list(asyncs)
        );
    }
    s
}

fn expected() -> Vec<interp::Tensor> {
    let w = workload();
    let mut args = interp::random_args(&w, 3).unwrap();
    interp::run(&w, &mut args).unwrap();
    args
}

fn simulate(p: &tirtui::lower::LoweredProgram) -> Result<Vec<interp::Tensor>, SimError> {
    let mut args = interp::random_args(&workload(), 3).unwrap();
    simulate_program(p, &mut args)?;
    Ok(args)
}

fn permutations(n: i64) -> Vec<Vec<i64>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

#[test]
fn every_valid_pipeline_of_the_tiled_gemm_computes_the_same_result() {
    let want = expected();
    let (mut ok, mut refused) = (0, 0);
    for s0 in 0..3 {
        for s1 in 0..3 {
            for s2 in 0..3 {
                let stages = [s0, s1, s2];
                for orders in permutations(3) {
                    let copy_stages: Vec<i64> = vec![s0, s1];
                    let mut async_choices: Vec<Vec<i64>> = vec![vec![]];
                    for &s in &copy_stages {
                        if s != s2 && !async_choices.contains(&vec![s]) {
                            async_choices.push(vec![s]);
                        }
                    }
                    for asyncs in async_choices {
                        let what = format!("stages {stages:?} order {orders:?} async {asyncs:?}");
                        let func = scheduled(&annotations("ko", &stages, &orders, &asyncs));
                        let lowered = match tirtui::lower::lower_program(&func) {
                            Ok(l) => l,
                            Err(LowerError::SoftwarePipeline { .. }) => {
                                refused += 1;
                                continue;
                            }
                            Err(e) => panic!("{what}: {e}"),
                        };
                        let text = lowered.kernels[0].to_string();
                        let got = simulate(&lowered)
                            .unwrap_or_else(|e| panic!("{what}: simulation: {e}\n{text}"));
                        assert!(got == want, "{what}: another result\n{text}");
                        ok += 1;
                    }
                }
            }
        }
    }
    // Stage lists where the compute runs before a copy it reads are refused.
    assert!(ok >= 40 && refused >= 20, "ok {ok}, refused {refused}");
}

#[test]
fn nested_pipelines_expand_inner_first_and_compute_the_same_result() {
    // The inner loop `ki` holds the two shared->local loads and the update;
    // the outer `ko` then holds two copies and the inner pipeline's three
    // parts (prologue, steady state, epilogue).
    let inner = annotations("ki", &[0, 0, 1], &[0, 1, 2], &[]);
    let outer = annotations("ko", &[0, 0, 1, 1, 1], &[0, 1, 2, 3, 4], &[0]);
    let func = scheduled(&(inner + &outer));
    let lowered = tirtui::lower::lower_program(&func).unwrap_or_else(|e| panic!("{e}"));
    let text = lowered.kernels[0].to_string();
    assert_eq!(simulate(&lowered).unwrap(), expected(), "{text}");
    // Both levels double-buffer: the shared tiles (2 x 256 floats) and the
    // local fragments of the inner pipeline (2 x 4).
    assert!(text.contains("A_shared = T.allocate([512]"), "{text}");
    assert!(text.contains("A_shared_local = T.allocate([8]"), "{text}");
}

/// CUTLASS's multistage order, as MetaSchedule's tensor-core rule annotates
/// it: three shared stages by cp.async, and the next tile's first fragment
/// load (the inner prologue, stage 1) ordered before this tile's last update
/// (the inner epilogue, stage 2).
fn interleaved() -> tirtui::lower::LoweredProgram {
    let inner = annotations("ki", &[0, 0, 1], &[0, 1, 2], &[]);
    let outer = annotations("ko", &[0, 0, 1, 2, 2], &[0, 1, 3, 2, 4], &[0]);
    tirtui::lower::lower_program(&scheduled(&(inner + &outer))).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn an_interleaved_nested_pipeline_waits_and_syncs_once_per_tile_and_keeps_one_fragment_buffer() {
    let p = interleaved();
    let text = p.kernels[0].to_string();
    assert_eq!(simulate(&p).unwrap(), expected(), "{text}");
    // The inner prologue writes fragment version 0 of the next tile while the
    // inner epilogue reads version 1 of this one: the fragments need no
    // outer versions on top of the inner two (2 x 4, not 2 x 2 x 4), so they
    // stay registers. The shared tiles get one version per stage.
    assert!(text.contains("A_shared_local = T.allocate([8]"), "{text}");
    assert!(text.contains("A_shared = T.allocate([768]"), "{text}");
    // The inner steady state reads the tile the previous iteration's
    // prologue waited for: one wait per tile, before the prologue.
    let steady = steady_state(&text);
    let waits = steady
        .iter()
        .filter(|l| l.contains("T.ptx_wait_group"))
        .count();
    assert_eq!(waits, 1, "{text}");
    // And one barrier: the copies of a tile overwrite the version read two
    // tiles ago, before the previous tile's barrier, so they need none.
    let barriers = steady
        .iter()
        .filter(|l| l.contains("T.tvm_storage_sync"))
        .count();
    assert_eq!(barriers, 1, "{text}");
    // That barrier is needed: without it the copies race the reads.
    let mut q = p.clone();
    let mut removed = 0;
    q.kernels[0].body.visit_mut(&mut |s| {
        if let LStmt::For(l) = s {
            l.body.visit_mut(&mut |x| {
                if let LStmt::Seq(v) = x {
                    let before = v.len();
                    v.retain(|y| *y != LStmt::Sync);
                    removed += before - v.len();
                }
            });
        }
    });
    assert_eq!(removed, 1, "{text}");
    assert!(
        matches!(simulate(&q), Err(SimError::Race { .. })),
        "{}",
        q.kernels[0]
    );
    // Every wait left is needed.
    assert!(waits_each_needed(&p) >= 3, "{text}");
}

const INTERLEAVE: &str =
    "  - {op: annotate, block_or_loop: ko, ann_key: interleave_async_copies, ann_val: 1}\n";

#[test]
fn interleaved_async_copies_spread_over_the_inner_steps_and_compute_the_same_result() {
    let inner = annotations("ki", &[0, 0, 1], &[0, 1, 2], &[]);
    let outer = annotations("ko", &[0, 0, 1, 2, 2], &[0, 1, 3, 2, 4], &[0]);
    let func = scheduled(&(inner + &outer + INTERLEAVE));
    let p = tirtui::lower::lower_program(&func).unwrap_or_else(|e| panic!("{e}"));
    let text = p.kernels[0].to_string();
    assert_eq!(simulate(&p).unwrap(), expected(), "{text}");
    // The steady state: no inner loop left, the copies after the first
    // fragment loads, the commit after the last update of the inner steps,
    // and the one wait and barrier per tile still there.
    let steady = steady_state(&text);
    // By what a line starts with: a fragment load also reads `A_shared[`.
    let first = |pat: &str| steady.iter().position(|l| l.trim_start().starts_with(pat));
    let copy = first("A_shared[").expect("a copy into A_shared");
    let load = first("A_shared_local[").expect("a fragment load");
    let commit = first("T.ptx_commit_group").expect("a commit");
    assert!(load < copy && copy < commit, "{text}");
    assert!(!steady.iter().any(|l| l.contains("for k_1 in")), "{text}");
    let count = |pat: &str| steady.iter().filter(|l| l.contains(pat)).count();
    // Each copy is one 4-wide vector, spread whole: never cut into lanes.
    assert_eq!(count("T.vectorized(4)"), 2, "{text}");
    assert_eq!(count("T.ptx_wait_group"), 1, "{text}");
    assert_eq!(count("T.tvm_storage_sync"), 1, "{text}");
    assert!(waits_each_needed(&p) >= 3, "{text}");
}

/// Lowers `steps` (pipeline annotations with `interleave_async_copies`):
/// true when it computes the workload on the race-checking simulator, false
/// when the pipeline is refused; any other outcome fails the test.
fn interleaved_computes_or_is_refused(steps: &str, what: &str, want: &[interp::Tensor]) -> bool {
    let func = scheduled(&(steps.to_string() + INTERLEAVE));
    let lowered = match tirtui::lower::lower_program(&func) {
        Ok(l) => l,
        Err(LowerError::SoftwarePipeline { .. }) => return false,
        Err(e) => panic!("{what}: {e}"),
    };
    let text = lowered.kernels[0].to_string();
    let got = simulate(&lowered).unwrap_or_else(|e| panic!("{what}: simulation: {e}\n{text}"));
    assert!(got == want, "{what}: another result\n{text}");
    true
}

/// Lowers each `(what, steps)` with interleaving on (see
/// `interleaved_computes_or_is_refused`): how many computed the workload and
/// how many were refused.
fn interleaved_outcomes(cases: impl Iterator<Item = (String, String)>) -> (usize, usize) {
    let want = expected();
    cases.fold(
        (0, 0),
        |(ok, refused), (what, steps)| match interleaved_computes_or_is_refused(
            &steps, &what, &want,
        ) {
            true => (ok + 1, refused),
            false => (ok, refused + 1),
        },
    )
}

/// The 27 lists of three stages in 0..3.
fn stage_triples() -> impl Iterator<Item = [i64; 3]> {
    (0..27).map(|x| [x / 9, x / 3 % 3, x % 3])
}

/// Every stage list, order and async stage of the one-level pipeline with
/// the copies interleaved is either refused or computes the workload.
#[test]
fn every_interleaved_pipeline_is_refused_or_computes_the_same_result() {
    let cases = stage_triples().flat_map(|stages| {
        permutations(3).into_iter().flat_map(move |orders| {
            [[stages[0]], [stages[1]]].map(|asyncs| {
                let what = format!("stages {stages:?} order {orders:?} async {asyncs:?}");
                (what, annotations("ko", &stages, &orders, &asyncs))
            })
        })
    });
    let (ok, refused) = interleaved_outcomes(cases);
    // 34 and 290 when written: a wait between the commit and the loop is
    // kept (one group fewer), so most orders that lower at all interleave.
    assert!(ok >= 30 && refused >= 100, "ok {ok}, refused {refused}");
}

/// The same for the nested pipeline's three inner parts (copies async in
/// stage 0, issued first).
#[test]
fn every_interleaved_nested_pipeline_is_refused_or_computes_the_same_result() {
    let inner = annotations("ki", &[0, 0, 1], &[0, 1, 2], &[]);
    let cases = stage_triples().flat_map(|[s2, s3, s4]| {
        let inner = inner.clone();
        permutations(3).into_iter().map(move |tail| {
            let stages = [0, 0, s2, s3, s4];
            let orders: Vec<i64> = [0, 1]
                .into_iter()
                .chain(tail.iter().map(|x| x + 2))
                .collect();
            let what = format!("stages {stages:?} order {orders:?}");
            (
                what,
                inner.clone() + &annotations("ko", &stages, &orders, &[0]),
            )
        })
    });
    let (ok, refused) = interleaved_outcomes(cases);
    assert!(ok >= 5 && refused >= 100, "ok {ok}, refused {refused}");
}

#[test]
fn interleaving_without_async_copies_or_an_inner_loop_is_refused() {
    let lower = |extra: String| {
        tirtui::lower::lower_program(&scheduled(&extra))
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let sync = annotations("ko", &[0, 0, 1], &[0, 1, 2], &[]) + INTERLEAVE;
    let err = lower(sync);
    assert!(
        err.contains("`interleave_async_copies` spreads async copies, but no stage is async"),
        "{err}"
    );
    // The compute loop between the two copies: none follows their commit.
    let split = annotations("ko", &[0, 0, 1], &[0, 2, 1], &[0]) + INTERLEAVE;
    let err = lower(split);
    assert!(
        err.contains("`interleave_async_copies`: no loop follows the commit"),
        "{err}"
    );
    let bad = annotations("ko", &[0, 0, 1], &[0, 1, 2], &[0])
        + "  - {op: annotate, block_or_loop: ko, ann_key: interleave_async_copies, ann_val: 2}\n";
    let err = lower(bad);
    assert!(err.contains("`interleave_async_copies` must be 1"), "{err}");
}

#[test]
fn the_cache_annotation_sends_16_byte_copies_through_l1() {
    let pipeline = annotations("ko", &[0, 0, 1], &[0, 1, 2], &[0]);
    let cuda = |extra: &str| {
        let func = scheduled(&(pipeline.clone() + extra));
        tirtui::codegen::generate(&func).map(|o| o.kernel.source)
    };
    // By default as TVM: L2 only.
    let plain = cuda("").unwrap();
    assert!(plain.contains("tirtui_cp_async_16(A_shared"), "{plain}");
    assert!(!plain.contains("_16_l1"), "{plain}");
    let l1 =
        cuda("  - {op: annotate, block_or_loop: ko, ann_key: cp_async_cache, ann_val: \"ca\"}\n")
            .unwrap();
    assert!(l1.contains("tirtui_cp_async_16_l1(A_shared"), "{l1}");
    assert!(
        l1.contains("cp.async.ca.shared.global [%0], [%1], 16;"),
        "{l1}"
    );
    assert!(!l1.contains("tirtui_cp_async_16(A_shared"), "{l1}");
    let cg =
        cuda("  - {op: annotate, block_or_loop: ko, ann_key: cp_async_cache, ann_val: \"cg\"}\n")
            .unwrap();
    assert_eq!(cg, plain);
    let err =
        cuda("  - {op: annotate, block_or_loop: ko, ann_key: cp_async_cache, ann_val: \"L1\"}\n")
            .unwrap_err()
            .to_string();
    assert!(
        err.contains("`cp_async_cache` must be \"ca\" (through L1) or \"cg\" (L2 only)"),
        "{err}"
    );
}

#[test]
fn a_stage_list_of_the_wrong_length_names_the_statements() {
    let func = scheduled(&annotations("ko", &[0, 1], &[0, 1], &[]));
    let err = tirtui::lower::lower_program(&func).unwrap_err();
    let text = err.to_diagnostic().render();
    for want in [
        "`software_pipeline_stage` has 2 entries but the loop body holds 3 statements",
        "0: loop `ax0_ax1_fused_0` (block \"A_shared\")",
        "1: loop `ax0_ax1_fused_0` (block \"B_shared\")",
        "2: loop `k_1` (blocks \"A_shared_local\", \"B_shared_local\", \"C_update\")",
        "e.g. [0, 0, 1]",
    ] {
        assert!(text.contains(want), "missing `{want}` in\n{text}");
    }
    // With an inner pipeline, its three parts count.
    let inner = annotations("ki", &[0, 0, 1], &[0, 1, 2], &[]);
    let func = scheduled(&(inner + &annotations("ko", &[0, 0, 1], &[0, 1, 2], &[])));
    let text = tirtui::lower::lower_program(&func)
        .unwrap_err()
        .to_diagnostic()
        .render();
    assert!(text.contains("holds 5 statements"), "{text}");
    assert!(
        text.contains("4: the epilogue of the pipeline of loop `k_1`"),
        "{text}"
    );
}

#[test]
fn a_compute_staged_before_its_copy_is_refused() {
    let func = scheduled(&annotations("ko", &[1, 0, 0], &[0, 1, 2], &[]));
    let err = tirtui::lower::lower_program(&func).unwrap_err().to_string();
    assert!(
        err.contains("reads A_shared, which loop `ax0_ax1_fused_0` (block \"A_shared\") writes in a later stage"),
        "{err}"
    );
}

fn pipelined() -> tirtui::lower::LoweredProgram {
    let func = scheduled(&annotations("ko", &[0, 0, 1], &[0, 1, 2], &[0]));
    tirtui::lower::lower_program(&func).unwrap()
}

/// Removes the `n`th statement (pre-order) matching `pred` from kernel 0.
fn remove_nth(
    p: &tirtui::lower::LoweredProgram,
    n: usize,
    pred: impl Fn(&LStmt) -> bool,
) -> Option<tirtui::lower::LoweredProgram> {
    let mut q = p.clone();
    let mut seen = 0;
    let mut removed = false;
    q.kernels[0].body.visit_mut(&mut |s| {
        if let LStmt::Seq(v) = s {
            let mut k = 0;
            while k < v.len() {
                if pred(&v[k]) {
                    if seen == n && !removed {
                        v.remove(k);
                        removed = true;
                        continue;
                    }
                    seen += 1;
                }
                k += 1;
            }
        }
    });
    removed.then_some(q)
}

#[test]
fn the_pipelined_kernel_uses_cp_async_and_is_right_as_lowered() {
    let p = pipelined();
    let text = p.kernels[0].to_string();
    assert!(text.contains("T.ptx_commit_group()"), "{text}");
    assert!(text.contains("T.ptx_wait_group(1)"), "{text}");
    assert_eq!(simulate(&p).unwrap(), expected());
}

#[test]
fn removing_any_barrier_of_the_pipelined_kernel_is_a_race() {
    let p = pipelined();
    let mut n = 0;
    while let Some(q) = remove_nth(&p, n, |s| *s == LStmt::Sync) {
        match simulate(&q) {
            Err(SimError::Race { .. }) => {}
            other => panic!(
                "barrier {n} removed: expected a race, got {other:?}\n{}",
                q.kernels[0]
            ),
        }
        n += 1;
    }
    assert!(
        n >= 2,
        "the steady state has a barrier before the copies and one before the compute"
    );
}

/// Removes each `cp.async` wait of `p` in turn and checks that the simulator
/// then reads a copy in flight; returns how many waits there are.
fn waits_each_needed(p: &tirtui::lower::LoweredProgram) -> usize {
    let mut n = 0;
    while let Some(q) = remove_nth(p, n, |s| matches!(s, LStmt::AsyncWait(_))) {
        match simulate(&q) {
            Err(SimError::AsyncPending { .. }) => {}
            other => panic!("wait {n} removed: got {other:?}\n{}", q.kernels[0]),
        }
        n += 1;
    }
    n
}

#[test]
fn removing_a_cp_async_wait_reads_a_copy_in_flight() {
    let p = pipelined();
    assert!(waits_each_needed(&p) >= 2);
    // Waiting for one group too few is caught the same way.
    let mut q = p.clone();
    q.kernels[0].body.visit_mut(&mut |s| {
        if let LStmt::AsyncWait(k) = s {
            *k += 1;
        }
    });
    assert!(matches!(simulate(&q), Err(SimError::AsyncPending { .. })));
}

#[test]
fn the_session_round_trips_the_annotations() {
    let path = Path::new("sessions/gemm_000_6_double_buffer.yaml");
    let text = std::fs::read_to_string(path).unwrap();
    let session = Session::load(path).unwrap();
    let again = session.to_yaml();
    for key in [
        "ann_key: software_pipeline_stage, ann_val: [0, 0, 1]",
        "ann_key: software_pipeline_order, ann_val: [0, 1, 2]",
        "ann_key: software_pipeline_async_stages, ann_val: [0]",
    ] {
        assert!(text.contains(key) && again.contains(key), "{key}\n{again}");
    }
}

/// The steps of the tiled GEMM plus `extra`, replayed through `Trace::push`.
fn trace_with(extra: &str) -> Result<Trace, String> {
    let text = std::fs::read_to_string(BASE).unwrap() + extra;
    let session = Session::from_yaml(&text, BASE).unwrap_or_else(|e| panic!("{e}"));
    Trace::replay(workload(), &session.steps).map_err(|(_, e)| e.to_diagnostic(BASE).render())
}

#[test]
fn double_buffer_records_tvm_annotations_with_the_computed_lists() {
    let trace = trace_with("  - {op: double_buffer, loop: ko}\n").unwrap();
    let tail: Vec<String> = trace.steps[trace.steps.len() - 3..]
        .iter()
        .map(|s| s.to_yaml())
        .collect();
    assert_eq!(
        tail[0],
        "{op: annotate, block_or_loop: ko, ann_key: software_pipeline_order, ann_val: [0, 1, 2]}"
    );
    assert_eq!(
        tail[1],
        "{op: annotate, block_or_loop: ko, ann_key: software_pipeline_async_stages, ann_val: [0]}"
    );
    assert!(
        tail[2].starts_with("{op: annotate, block_or_loop: ko, ann_key: software_pipeline_stage, ann_val: [0, 0, 1], note: \"double_buffer(k_0): stage 0 (async copies): loop `ax0_ax1_fused_0` (block \\\"A_shared\\\")"),
        "{}",
        tail[2]
    );
    assert!(trace.steps.iter().all(|s| s.op != "double_buffer"));
    // The same program as the hand-written annotations.
    let by_hand = scheduled(&annotations("ko", &[0, 0, 1], &[0, 1, 2], &[0]));
    assert_eq!(
        tirtui::lower::lower_program(trace.func()).unwrap(),
        tirtui::lower::lower_program(&by_hand).unwrap()
    );
    // An inner pipeline counts as three statements of the outer one.
    let inner = annotations("ki", &[0, 0, 1], &[0, 1, 2], &[]);
    let trace = trace_with(&(inner + "  - {op: double_buffer, loop: ko}\n")).unwrap();
    let last = trace.steps.last().unwrap().to_yaml();
    assert!(last.contains("ann_val: [0, 0, 1, 1, 1]"), "{last}");
}

#[test]
fn double_buffer_without_copies_in_the_loop_says_what_is_missing() {
    let err = trace_with("  - {op: double_buffer, loop: ki}\n").unwrap_err();
    assert!(
        err.contains("the body of loop `k_1` holds no copy from global into shared memory"),
        "{err}"
    );
}

/// One-level double buffering, interleaved: the wait that sat after the
/// commit now comes first and waits for one group fewer (the same tile), the
/// copies follow the first fragment loads, and one barrier per tile is left
/// of the two (before the copies, after the wait).
#[test]
fn an_interleaved_double_buffer_waits_for_the_same_tile_with_one_barrier() {
    let steps = annotations("ko", &[0, 0, 1], &[0, 1, 2], &[0]);
    let steady = |p: &tirtui::lower::LoweredProgram| -> Vec<String> {
        let text = p.kernels[0].to_string();
        steady_state(&text)
            .iter()
            .map(|l| l.trim().to_string())
            .collect()
    };
    let plain = tirtui::lower::lower_program(&scheduled(&steps)).unwrap();
    let p = tirtui::lower::lower_program(&scheduled(&(steps + INTERLEAVE))).unwrap();
    let (before, after) = (steady(&plain), steady(&p));
    let text = after.join("\n");
    assert_eq!(simulate(&p).unwrap(), expected(), "{text}");
    let count = |v: &[String], pat: &str| v.iter().filter(|l| l.starts_with(pat)).count();
    assert_eq!(
        count(&before, "T.ptx_wait_group(1)"),
        1,
        "{}",
        before.join("\n")
    );
    assert_eq!(
        count(&before, "T.tvm_storage_sync"),
        2,
        "{}",
        before.join("\n")
    );
    assert_eq!(
        after.first().map(String::as_str),
        Some("T.ptx_wait_group(0)"),
        "{text}"
    );
    assert_eq!(count(&after, "T.tvm_storage_sync"), 1, "{text}");
    let first = |pat: &str| after.iter().position(|l| l.starts_with(pat));
    let (load, copy) = (first("A_shared_local["), first("A_shared["));
    assert!(load.is_some() && copy.is_some() && load < copy, "{text}");
    assert_eq!(
        after.last().map(String::as_str),
        Some("T.ptx_commit_group()"),
        "{text}"
    );
}

/// The tiled GEMM with 2-wide copies (each copy two iterations of an outer
/// loop): interleaving cuts those loops and spreads their iterations.
#[test]
fn interleaved_copies_cut_into_pieces_compute_the_same_result() {
    let base = std::fs::read_to_string(BASE)
        .unwrap()
        .replace(
            "factors: [null, 8, 8, 4], out: [a_o",
            "factors: [null, 8, 8, 2], out: [a_o",
        )
        .replace(
            "factors: [null, 8, 8, 4], out: [b_o",
            "factors: [null, 8, 8, 2], out: [b_o",
        );
    let want = expected();
    for (stages, orders) in [(&[0, 0, 1][..], &[0, 1, 2][..]), (&[0, 0, 2], &[0, 1, 2])] {
        let text = base.clone() + &annotations("ko", stages, orders, &[0]) + INTERLEAVE;
        let func = replayed(&text, BASE, workload());
        let p = tirtui::lower::lower_program(&func).unwrap_or_else(|e| panic!("{e}"));
        let lowered = p.kernels[0].to_string();
        assert_eq!(simulate(&p).unwrap(), want, "{stages:?}\n{lowered}");
        // Four pieces (two copies of two iterations) over the eight k steps:
        // one each at steps 0, 2, 4 and 6.
        let steady = steady_state(&lowered);
        let count = |pat: &str| steady.iter().filter(|l| l.contains(pat)).count();
        assert_eq!(count("async_scope"), 4, "{stages:?}\n{lowered}");
        // The first piece goes in the first k step, before its update (with
        // fewer pieces than steps, each goes as early as its share allows).
        let first = |pat: &str| steady.iter().position(|l| l.contains(pat));
        assert!(
            first("async_scope") < first("C_update"),
            "{stages:?}\n{lowered}"
        );
        // The two pieces of a copy store different halves (the cut loops of
        // one iteration fold to their index).
        let stores: Vec<&str> = steady
            .iter()
            .map(|l| l.trim_start())
            .filter(|l| l.starts_with("A_shared["))
            .collect();
        assert!(
            stores.len() == 2 && stores[0] != stores[1],
            "{stages:?}\n{lowered}"
        );
    }
}

/// The loop after the commit is copied out once per iteration: more than
/// `MAX_ITERATIONS` is refused, naming the loop.
#[test]
fn interleaving_a_loop_of_too_many_iterations_is_refused() {
    let path = "sessions/gemm_4096_1_pipelined.yaml";
    let text = std::fs::read_to_string(path).unwrap();
    let steps_only = text.split("\nresults:").next().unwrap();
    let text = steps_only.replace(
        "factors: [null, 16], out: [ko, ki]",
        "factors: [null, 128], out: [ko, ki]",
    )
        + "\n  - {op: annotate, block_or_loop: ko, ann_key: interleave_async_copies, ann_val: 1}\n";
    let work = std::fs::read_to_string("sessions/gemm_4096.tir").unwrap();
    let func = replayed(
        &text,
        path,
        tirtui::script::parse_func(&work, None).unwrap(),
    );
    let err = tirtui::lower::lower_program(&func)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("body statement 3 (the steady state of the pipeline of loop `k_1`), the loop after the commit, has 127 iterations")
            && err.contains("at most 64"),
        "{err}"
    );
}

fn pipeline_error(stages: &[i64], orders: &[i64]) -> String {
    let func = scheduled(&annotations("ko", stages, orders, &[]));
    match tirtui::lower::lower_program(&func) {
        Ok(p) => panic!(
            "stages {stages:?} order {orders:?} lowered:\n{}",
            p.kernels[0]
        ),
        Err(e) => e.to_diagnostic().render(),
    }
}

/// issue 29: the prologue is written out one pipeline iteration per stage,
/// so a stage of i64::MAX ran for ever; the prologue and epilogue are
/// bounded by the unrolled-node limit before they are built. TVM 0.27 takes
/// any stage (its prologue is a loop), and reads 2^63 - 1 as -1.
#[test]
fn a_huge_stage_is_refused_before_the_prologue_is_built() {
    for (stages, largest) in [
        (vec![0, 0, i64::MAX], "largest stage 9223372036854775807"),
        (
            vec![1 << 40, 1 << 40, 1 << 41],
            "largest stage 2199023255552",
        ),
    ] {
        let err = pipeline_error(&stages, &[0, 1, 2]);
        assert!(
            err.contains(&format!("({largest}) would write out")),
            "{stages:?}: {err}"
        );
        assert!(err.contains("give smaller stages"), "{err}");
    }
}

/// A stage past the loop's extent (8 here), as MetaSchedule's sm_80 sketches
/// give loops of 2 iterations stages 3 and 4: TVM 0.27 lowers it, and so
/// does tirtui now (it refused it until issue 28): every copy runs first,
/// then every compute, in the epilogue. Right with and without async copies.
#[test]
fn a_stage_past_the_loops_extent_lowers_and_computes_the_same_result() {
    for last in [8, 9, 12] {
        for asyncs in [&[][..], &[0][..]] {
            let func = scheduled(&annotations("ko", &[0, 0, last], &[0, 1, 2], asyncs));
            let lowered = tirtui::lower::lower_program(&func)
                .unwrap_or_else(|e| panic!("stage {last}, async {asyncs:?}: {e}"));
            assert_eq!(
                simulate(&lowered).unwrap_or_else(|e| panic!("stage {last}: {e}")),
                expected(),
                "stage {last}, async {asyncs:?}"
            );
        }
    }
}

/// issue 29: TVM 0.27 indexes the body by order, so an order outside 0..n
/// is its IndexError; tirtui sorted by it and took [0, 1, 5].
#[test]
fn an_order_outside_the_body_is_refused_as_tvm_does() {
    for orders in [vec![0, 1, 5], vec![0, 1, i64::MAX], vec![-1, 0, 1]] {
        let err = pipeline_error(&[0, 0, 1], &orders);
        let bad = orders.iter().find(|o| !(0..3).contains(*o)).unwrap();
        assert!(
            err.contains(&format!("has order {bad}, outside 0..3"))
                && err.contains("a permutation of 0..3"),
            "{orders:?}: {err}"
        );
    }
    assert!(pipeline_error(&[0, 0, 1], &[0, 1, 1]).contains("two statements have order 1"));
}

/// issue 29: on a loop of 2^40 iterations a stage of 2^30 is within the
/// extent, but its prologue and epilogue would be 2^31 copies of the body:
/// refused by `MAX_UNROLLED_NODES` before any copy is made.
#[test]
fn a_prologue_past_the_unrolled_node_limit_is_refused() {
    let func = tirtui::script::parse_func(
        r#"
@T.prim_func
def main(A: T.Buffer((1099511627776,), "float32"), B: T.Buffer((1099511627776,), "float32")):
    for tx in T.thread_binding(1, thread="threadIdx.x"):
        for i in T.serial(1099511627776, annotations={"software_pipeline_stage": [1073741824]}):
            with T.block("B"):
                vi = T.axis.spatial(1099511627776, i)
                B[vi] = A[vi] + T.float32(1)
"#,
        None,
    )
    .unwrap();
    let started = std::time::Instant::now();
    let err = tirtui::lower::lower_program(&func).unwrap_err().to_string();
    assert!(
        err.contains("the prologue and epilogue of the pipeline of loop `i` (largest stage 1073741824) would write out 2147483648 copies")
            && err.contains("tirtui allows at most 2000000 unrolled nodes"),
        "{err}"
    );
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}
