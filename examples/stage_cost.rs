//! One pipeline stage run N times, for instruction counts under callgrind
//! (issue 13): wall-clock time on a shared machine is noise, instructions are not.
//!
//! ```text
//! cargo build --release --example stage_cost
//! valgrind --tool=callgrind target/release/examples/stage_cost parse 100
//! ```
//! Stages: `parse` (sessions/gemm.tir), `load` (the seed-000 final session's
//! YAML), `replay`, `lower` (lower + CUDA of the replayed program), and
//! `until:PASS` (lowering up to and including one of `lower::PASSES`: the
//! difference between two neighbouring passes is what the later one costs).
//! The count per run is (total with N = 40 - total with N = 20) / 20.
//! `STAGE_SESSION=sessions/X.yaml` picks another session (its workload is
//! read from beside it).

use std::hint::black_box;
use tirtui::trace::{Session, Trace};

/// The binary's allocator (`src/main.rs`), so the counts are the binary's.
#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

const SESSION: &str = "sessions/gemm_000_5_unroll.yaml";

fn main() {
    let mut args = std::env::args().skip(1);
    let stage = args.next().unwrap_or_else(|| "parse".into());
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let path = std::env::var("STAGE_SESSION").unwrap_or_else(|_| SESSION.into());
    let yaml = std::fs::read_to_string(&path).expect("run from the repository root");
    let session = Session::from_yaml(&yaml, &path).expect("session loads");
    let (_, tir) = session
        .workload_source(Some(std::path::Path::new(&path)))
        .expect("workload readable");
    let func = tirtui::script::parse_func(&tir, session.func.as_deref()).expect("workload parses");
    let scheduled = match Trace::replay(func.clone(), &session.steps) {
        Ok(t) => t.func().clone(),
        Err((_, e)) => panic!("replays: {e}"),
    };
    for _ in 0..n {
        match stage.as_str() {
            "parse" => {
                black_box(tirtui::script::parse_func(black_box(&tir), None).is_ok());
            }
            "load" => {
                black_box(Session::from_yaml(black_box(&yaml), &path).is_ok());
            }
            "replay" => {
                black_box(Trace::replay(func.clone(), black_box(&session.steps)).is_ok());
            }
            "lower" => {
                black_box(tirtui::codegen::generate(black_box(&scheduled)).is_ok());
            }
            other => match other.strip_prefix("until:") {
                Some(pass) => {
                    black_box(tirtui::lower::lower_until(black_box(&scheduled), pass).is_ok());
                }
                None => panic!("unknown stage `{other}`: parse, load, replay, lower or until:PASS"),
            },
        }
    }
}
