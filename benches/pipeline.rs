//! The explorer's other per-keystroke costs, stage by stage (issue 13):
//! parsing a workload (target: 25 lines in 50 µs), loading a session (50 steps
//! in 100 µs), lowering + CUDA of a scheduled GEMM, and highlighting a
//! program's text from scratch (75 lines in 1 ms). Replay is `benches/replay.rs`.
//!
//! `cargo bench --bench pipeline`
//!
//! With the binary's allocator (mimalloc, `src/main.rs`): these are the costs
//! the explorer and the CLI pay.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::Path;
use tirtui::trace::{Session, Trace};
use tirtui::tui::highlight::{Highlighter, Lang};

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

fn bench_pipeline(c: &mut Criterion) {
    let gemm = std::fs::read_to_string("sessions/gemm.tir").expect("run from the repository root");
    c.bench_function(
        &format!("parse gemm.tir ({} lines)", gemm.lines().count()),
        |b| b.iter(|| tirtui::script::parse_func(black_box(&gemm), None).is_ok()),
    );

    let yaml = std::fs::read_to_string(SESSION).expect("session readable");
    let steps = Session::from_yaml(&yaml, SESSION)
        .expect("session parses")
        .steps
        .len();
    c.bench_function(&format!("load {SESSION} ({steps} steps)"), |b| {
        b.iter(|| Session::from_yaml(black_box(&yaml), SESSION).is_ok())
    });

    let func = scheduled_gemm();
    c.bench_function("lower + CUDA of the scheduled gemm", |b| {
        b.iter(|| tirtui::codegen::generate(black_box(&func)).is_ok())
    });

    let theme = tirtui::tui::Theme::load("dark").expect("built-in theme");
    let tir = tirtui::script::print_func(&func);
    let cuda = tirtui::codegen::generate(&func)
        .expect("gemm lowers")
        .kernel
        .source;
    for (lang, what, text) in [(Lang::Python, "TIR", &tir), (Lang::Cpp, "CUDA", &cuda)] {
        c.bench_function(
            &format!(
                "highlight the scheduled gemm's {what} ({} lines, new text)",
                text.lines().count()
            ),
            |b| {
                // A fresh highlighter each time: nothing cached from the last run.
                b.iter(|| {
                    let mut h = Highlighter::blocking(theme.syntax.clone());
                    h.lines(lang, black_box(text)).len()
                })
            },
        );
    }
}

criterion_group!(benches, bench_pipeline);
criterion_main!(benches);
