//! Per-store feature extraction (issue 31): how many candidates per second
//! the cost model can see, for the scheduled GEMM of
//! `sessions/gemm_000_5_unroll.yaml` (6 stored buffers, 17 loops): from the
//! scheduled function (lowering to the feature stage included, what the tuner
//! pays) and from the already lowered function.
//!
//! `cargo bench --bench search_features`

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::Path;
use tirtui::search::features::{extract, extract_lowered, FEATURE_STAGE};
use tirtui::trace::{Session, Trace};

#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

const SESSION: &str = "sessions/gemm_000_5_unroll.yaml";

fn scheduled_gemm() -> tirtui::ir::PrimFunc {
    let session = Session::load(Path::new(SESSION)).expect("shipped session loads");
    let (_, text) = session
        .workload_source(Some(Path::new(SESSION)))
        .expect("workload readable");
    let func = tirtui::script::parse_func(&text, None).expect("workload parses");
    match Trace::replay(func, &session.steps) {
        Ok(t) => t.func().clone(),
        Err((_, e)) => panic!("{SESSION} replays: {e}"),
    }
}

fn bench_features(c: &mut Criterion) {
    let func = scheduled_gemm();
    c.bench_function("features of the scheduled gemm (lowering included)", |b| {
        b.iter(|| extract(black_box(&func)).map(|rows| rows.len()))
    });
    let lowered = match tirtui::lower::lower_until(&func, FEATURE_STAGE) {
        Ok(tirtui::lower::Stage::Lowered(l)) => l,
        other => panic!("the gemm lowers to one function: {other:?}"),
    };
    c.bench_function("features of the lowered gemm", |b| {
        b.iter(|| extract_lowered(black_box(&lowered)).len())
    });
}

criterion_group!(benches, bench_features);
criterion_main!(benches);
