//! Replay speed: the palette dry-runs steps on every cursor move and the tuner
//! replays traces thousands of times, so replaying the longest shipped session
//! must be far below a frame (issue 13's target: 0.25 ms in release, 20x TVM's
//! Python replay of the same trace; `bench/speed_vs_tvm.py` measures both).

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use tirtui::trace::{Session, Trace};

/// The binary's allocator (`src/main.rs`), so the time is what the explorer
/// and the CLI pay (glibc malloc/free was a third of replay's instructions).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The session named by TIRTUI_BENCH_SESSION, else the longest shipped one.
fn longest_session() -> (String, Session, tirtui::ir::PrimFunc) {
    let mut best: Option<(String, Session)> = None;
    let named = std::env::var("TIRTUI_BENCH_SESSION").ok();
    if let Some(name) = &named {
        let s = Session::load(Path::new(name)).expect("TIRTUI_BENCH_SESSION loads");
        best = Some((name.clone(), s));
    }
    for entry in std::fs::read_dir("sessions").expect("run from the repository root") {
        let path = entry.expect("readable sessions/").path();
        if named.is_none() && path.extension().is_some_and(|e| e == "yaml") {
            let s = Session::load(&path).expect("shipped session loads");
            if best
                .as_ref()
                .is_none_or(|(_, b)| s.steps.len() > b.steps.len())
            {
                best = Some((path.display().to_string(), s));
            }
        }
    }
    let (name, session) = best.expect("at least one session");
    let (_, text) = session
        .workload_source(Some(Path::new(&name)))
        .expect("workload readable");
    let func = tirtui::script::parse_func(&text, None).expect("workload parses");
    (name, session, func)
}

fn bench_replay(c: &mut Criterion) {
    let (name, session, func) = longest_session();
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
