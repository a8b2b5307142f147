//! The tuner's candidates of a generated design space (issue 30): each is
//! the sketch with its decisions, then `enter_postproc` and MetaSchedule's
//! CUDA postprocessors' steps (cooperative fetch, unroll pragmas,
//! decompose_reduction, tensorize), checked by VerifyGPUCode before it may
//! be measured; and the best one is a session that replays to the program
//! that was measured.

use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use tirtui::codegen::CudaKernel;
use tirtui::design_space::{generate, GpuTarget};
use tirtui::ir::{AnnValue, ForKind, PrimFunc, Stmt};
use tirtui::postproc::GpuLimits;
use tirtui::schedule::primitive::sampling::Rng;
use tirtui::trace::Trace;
use tirtui::tune::{
    tune, DeviceId, Measure, MeasureError, Measured, Nvrtc, Space, Stop, TuneOptions,
};

const DATA: &str = "tests/data/design_space";

fn workload(name: &str) -> PrimFunc {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DATA).join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    tirtui::script::parse_func(&text, None).unwrap()
}

/// The tuner's spaces of a workload (as `tirtui tune W.tir` builds them).
fn spaces(func: &PrimFunc) -> Vec<Space> {
    generate(func, &GpuTarget::default())
        .unwrap()
        .into_iter()
        .map(|s| Space::for_sketch(func.clone(), s.steps))
        .filter(|s| !s.sites.is_empty())
        .collect()
}

/// Every annotation key left on a block or loop of `func`.
fn annotation_keys(func: &PrimFunc) -> Vec<String> {
    fn walk(s: &Stmt, out: &mut Vec<String>) {
        match s {
            Stmt::For(l) => out.extend(l.annotations.iter().map(|(k, _)| k.clone())),
            Stmt::BlockRealize(r) => out.extend(r.block.annotations.iter().map(|(k, _)| k.clone())),
            _ => {}
        }
        s.for_each_child(|c| walk(c, out));
    }
    let mut out = Vec::new();
    walk(&func.body, &mut out);
    out
}

fn count_loops(s: &Stmt, kind: &dyn Fn(&ForKind) -> bool) -> usize {
    let mut n = usize::from(matches!(s, Stmt::For(l) if kind(&l.kind)));
    s.for_each_child(|c| n += count_loops(c, kind));
    n
}

/// Random candidates of every sketch, as the tuner builds them: each that
/// passes the checks carries `enter_postproc` and the postprocessors' steps,
/// no `meta_schedule.cooperative_fetch` / `unroll_explicit` annotation is
/// left for the GPU to ignore, the shared fetches are bound to threads, and
/// the program computes the workload (interpreter and SIMT simulator).
fn check_postprocessed_candidates(name: &str, per_sketch: usize) {
    let func = workload(name);
    let mut expected = tirtui::interp::random_args(&func, 7).unwrap();
    let inputs = expected.clone();
    tirtui::interp::run(&func, &mut expected).unwrap();
    let mut rng = Rng(0x5eed);
    for (i, space) in spaces(&func).iter().enumerate() {
        assert!(space.postproc.is_some(), "{name} sketch {}", i + 1);
        let fetches = space
            .steps
            .iter()
            .filter(|s| format!("{s:?}").contains("meta_schedule.cooperative_fetch"))
            .count();
        let mut checked = 0;
        for _ in 0..400 {
            if checked == per_sketch {
                break;
            }
            let Ok(built) = space
                .draw(&mut rng)
                .and_then(|r| tirtui::tune::build(r, Nvrtc::Skip))
            else {
                continue;
            };
            let r = &built.replayed;
            let at = format!("{name} sketch {} {:?}", i + 1, r.decisions);
            let post = r
                .steps
                .iter()
                .position(|s| s.op == "enter_postproc")
                .unwrap_or_else(|| panic!("{at}: no enter_postproc step"));
            assert_eq!(
                post,
                space.steps.len(),
                "{at}: the sampled steps come first"
            );
            assert!(r.steps.len() > post + 1, "{at}: no postprocessor step");
            let left = annotation_keys(&r.func);
            for key in [
                "meta_schedule.cooperative_fetch",
                "meta_schedule.unroll_explicit",
                "meta_schedule.unroll_implicit",
            ] {
                assert!(!left.iter().any(|k| k == key), "{at}: {key} left");
            }
            if fetches > 0 {
                let bound = count_loops(&r.func.body, &|k| matches!(k, ForKind::ThreadBinding(_)));
                let binds = r.steps[post..].iter().filter(|s| s.op == "bind").count();
                assert!(bound > 0 && binds > 0, "{at}: fetches not bound");
            }
            let mut interp_out = inputs.clone();
            tirtui::interp::run(&r.func, &mut interp_out).unwrap();
            let lowered = tirtui::lower::lower_program(&r.func).unwrap();
            let mut simt_out = inputs.clone();
            tirtui::simt::simulate_program(&lowered, &mut simt_out).unwrap();
            for ((want, a), b) in expected.iter().zip(&interp_out).zip(&simt_out) {
                assert!(want.max_rel_err(a) < 1e-4, "{at}: the interpreter differs");
                assert!(want.max_rel_err(b) < 1e-4, "{at}: the simulator differs");
            }
            checked += 1;
        }
        assert_eq!(
            checked,
            per_sketch,
            "{name} sketch {}: too few valid",
            i + 1
        );
    }
}

#[test]
fn gemm_candidates_are_postprocessed_and_compute_the_gemm() {
    check_postprocessed_candidates("gemm.tir", 2);
}

#[test]
fn softmax_candidates_are_postprocessed_and_compute_the_softmax() {
    check_postprocessed_candidates("softmax.tir", 1);
}

#[test]
fn conv2d_candidates_are_postprocessed_and_compute_the_convolution() {
    check_postprocessed_candidates("conv2d_pad.tir", 1);
}

/// The GEMM's reduction block is split by RewriteReductionBlock (its init
/// is a block of its own) and the unroll decision is a pragma on a loop.
#[test]
fn gemm_candidates_get_decompose_reduction_and_unroll_pragmas() {
    let func = workload("gemm.tir");
    let space = &spaces(&func)[0];
    let mut rng = Rng(11);
    let r = (0..200)
        .find_map(|_| space.draw(&mut rng).ok())
        .expect("a candidate that postprocesses");
    let post: Vec<&str> = r.steps.iter().map(|s| s.op.as_str()).collect();
    let post = &post[space.steps.len()..];
    assert!(post.contains(&"decompose_reduction"), "{post:?}");
    let pragma = |func: &PrimFunc| {
        fn walk(s: &Stmt, out: &mut Vec<(String, AnnValue)>) {
            if let Stmt::For(l) = s {
                out.extend(l.annotations.iter().cloned());
            }
            s.for_each_child(|c| walk(c, out));
        }
        let mut out = Vec::new();
        walk(&func.body, &mut out);
        out.into_iter()
            .filter(|(k, _)| k == "pragma_auto_unroll_max_step")
            .count()
    };
    assert!(pragma(&r.func) > 0, "no pragma_auto_unroll_max_step loop");
}

/// A fake GPU: times kernels by their thread count, remembers every source
/// it ran and refuses to run one over `max_threads`.
struct FakeGpu {
    max_threads: u32,
    ran: HashSet<String>,
}

impl Measure for FakeGpu {
    fn device(&mut self) -> Result<DeviceId, MeasureError> {
        Ok(DeviceId {
            name: "Fake GPU".into(),
            driver: "1.0".into(),
        })
    }

    fn measure(&mut self, k: &CudaKernel) -> Result<Measured, MeasureError> {
        let threads: u32 = k
            .launch_list()
            .iter()
            .map(|l| l.block.iter().product::<u32>())
            .max()
            .unwrap_or(0);
        assert!(
            threads <= self.max_threads,
            "a candidate VerifyGPUCode refuses was measured ({threads} threads)"
        );
        self.ran.insert(k.source.clone());
        let ms = 1.0 + (f64::from(threads) - 48.0).abs() / 64.0;
        Ok(Measured {
            time_ms: ms,
            gflops: 1.0 / ms,
            correct: Some(true),
            quick: false,
        })
    }
}

/// Candidates VerifyGPUCode refuses (here: a card of 64 threads per block)
/// are counted as invalid and never reach the GPU; the best candidate's
/// steps are a session that replays to the program measured, and tuning that
/// session again re-derives its postprocessor steps.
#[test]
fn refused_candidates_are_not_measured_and_the_best_replays() {
    let func = workload("gemm.tir");
    let mut space = spaces(&func).remove(0);
    space.postproc = Some(GpuLimits {
        max_threads_per_block: 64,
        ..GpuLimits::default()
    });
    let mut gpu = FakeGpu {
        max_threads: 64,
        ran: HashSet::new(),
    };
    let mut opts = TuneOptions::new(12);
    opts.threads = 1;
    opts.nvrtc = Nvrtc::Skip;
    let stop = AtomicBool::new(false);
    let report = tune(&space, &opts, &mut gpu, None, &stop, &mut |_| {});
    assert!(matches!(report.stop, Stop::Trials), "{:?}", report.stop);
    let refused = report
        .invalid
        .get("postprocessor VerifyGPUCode")
        .map_or(0, |t| t.count);
    assert!(refused > 0, "nothing refused: {:?}", report.invalid.keys());
    let best = report.best().expect("a best candidate");
    assert!(best.steps.iter().any(|s| s.op == "enter_postproc"));
    let replayed = Trace::replay(func.clone(), &best.steps)
        .map_err(|(_, e)| e)
        .unwrap();
    let kernel = tirtui::codegen::generate(replayed.func()).unwrap().kernel;
    assert!(
        gpu.ran.contains(&kernel.source),
        "the best session is another program"
    );
    // The saved session tunes again: the sampled part is the space, the
    // postprocessor steps come back for its recorded decisions.
    let again = Space::new(func, best.steps.clone()).unwrap();
    assert!(again.postproc.is_some());
    assert_eq!(again.steps.len(), space.steps.len());
    let decisions = again.decisions_of(&again.steps).unwrap();
    assert_eq!(decisions, best.decisions);
    let r = again.replay(&decisions).unwrap();
    let yaml =
        |steps: &[tirtui::trace::Step]| steps.iter().map(|s| s.to_yaml()).collect::<Vec<_>>();
    assert_eq!(yaml(&r.steps), yaml(&best.steps));
}

/// A hand-written session without `enter_postproc` is tuned as written:
/// its candidates get no postprocessor steps.
#[test]
fn a_hand_written_space_gets_no_postprocessors() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm_002_5_tune.yaml");
    let session = tirtui::trace::Session::load(&path).unwrap();
    let (_, text) = session.workload_source(Some(&path)).unwrap();
    let func = tirtui::script::parse_func(&text, None).unwrap();
    let space = Space::new(func, session.steps.clone()).unwrap();
    assert!(space.postproc.is_none());
    let r = space
        .replay(&space.decisions_of(&space.steps).unwrap())
        .unwrap();
    assert_eq!(r.steps.len(), session.steps.len());
}
