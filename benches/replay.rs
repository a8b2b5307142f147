//! Replay speed: the palette dry-runs steps on every cursor move and the tuner
//! replays traces thousands of times, so replaying a long GEMM session
//! must be far below a frame (issue 13's target: 0.25 ms in release, 20x TVM's
//! Python replay of the same trace; `bench/speed_vs_tvm.py` measures both).

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use tirtui::trace::{Session, Trace};

/// The binary's allocator (`src/main.rs`), so the time is what the explorer
/// and the CLI pay (glibc malloc/free was a third of replay's instructions).
#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

/// The session named by TIRTUI_BENCH_SESSION, else the 50-step trace
/// (seed 000's final session). The longest shipped session is no longer the
/// default: the 4096^3 MMA session's `transform_layout` steps check their
/// index maps at every element of a 16M-element buffer (seconds per replay).
const DEFAULT_SESSION: &str = "sessions/gemm_000_5_unroll.yaml";

fn bench_session() -> (String, Session, tirtui::ir::PrimFunc) {
    let name = std::env::var("TIRTUI_BENCH_SESSION").unwrap_or_else(|_| DEFAULT_SESSION.into());
    let session = Session::load(Path::new(&name)).expect("the bench session loads");
    let (_, text) = session
        .workload_source(Some(Path::new(&name)))
        .expect("workload readable");
    let func = tirtui::script::parse_func(&text, None).expect("workload parses");
    (name, session, func)
}

fn bench_replay(c: &mut Criterion) {
    let (name, session, func) = bench_session();
    c.bench_function(
        &format!("replay {name} ({} steps)", session.steps.len()),
        |b| {
            b.iter(|| {
                Trace::replay(func.clone(), &session.steps)
                    .map(|t| t.steps.len())
                    .unwrap_or(0)
            })
        },
    );
    c.bench_function("parse + print gemm.tir", |b| {
        let text = std::fs::read_to_string("sessions/gemm.tir").expect("gemm.tir");
        b.iter(|| {
            tirtui::script::parse_func(&text, None).map(|f| tirtui::script::print_func(&f).len())
        })
    });
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
