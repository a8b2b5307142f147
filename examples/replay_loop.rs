//! Replays a session N times in one process: the driver for instruction-count
//! profiles of replay (`valgrind --tool=callgrind`), where criterion's own
//! machinery would drown the figures (issue 13).
//!
//! `cargo build --release --example replay_loop`
//! `valgrind --tool=callgrind target/release/examples/replay_loop [SESSION] [N]`
//! (default: sessions/gemm_000_5_unroll.yaml, 20 times; run from the repository root)

use std::path::Path;
use tirtui::trace::{Session, Trace};

/// The binary's allocator (`src/main.rs`), so the counts are the binary's.
#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args
        .next()
        .unwrap_or_else(|| "sessions/gemm_000_5_unroll.yaml".to_string());
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(20);
    let session = Session::load(Path::new(&name)).expect("session loads");
    let (_, text) = session
        .workload_source(Some(Path::new(&name)))
        .expect("workload readable");
    let func = tirtui::script::parse_func(&text, None).expect("workload parses");
    let mut steps = 0;
    for _ in 0..times {
        match Trace::replay(func.clone(), &session.steps) {
            Ok(t) => steps += t.steps.len(),
            Err((_, e)) => panic!("{name} replays: {e}"),
        }
    }
    println!("{times} replays of {name}: {steps} steps");
}
