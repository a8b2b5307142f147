//! Undo and redo N times in the headless explorer: the driver for
//! instruction-count profiles of one explorer step (`valgrind --tool=callgrind`),
//! and a wall-clock figure per key including background highlighting (issue 13).
//!
//! `cargo build --release --example explorer_loop`
//! `target/release/examples/explorer_loop [SESSION] [N]`
//! (default: sessions/gemm_000_7_tuned.yaml, 20 undo + redo pairs; run from the
//! repository root)

use std::path::Path;
use std::time::{Duration, Instant};
use tirtui::tui::keymap::parse_key_string;
use tirtui::tui::Headless;

/// The binary's allocator (`src/main.rs`), so the counts are the binary's.
#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args
        .next()
        .unwrap_or_else(|| "sessions/gemm_000_7_tuned.yaml".to_string());
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(20);
    let mut h = Headless::open(Path::new(&name), 200, 50).expect("session opens");
    h.settle(Duration::from_secs(30));
    let keys = parse_key_string("u<C-r>").expect("keys");
    let mut per_key = Vec::new();
    for _ in 0..times {
        for k in &keys {
            let t = Instant::now();
            h.key(*k);
            h.settle(Duration::from_secs(30));
            per_key.push(t.elapsed());
        }
    }
    per_key.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    if let (Some(first), Some(last)) = (per_key.first(), per_key.last()) {
        println!(
            "{} keys on {name}: min {:.2} ms, median {:.2} ms, max {:.2} ms (key, frame, highlighting)",
            per_key.len(),
            ms(*first),
            ms(per_key[per_key.len() / 2]),
            ms(*last)
        );
    }
}
