//! A paste of N statements into the explorer's `:` line, applied with one
//! Enter and journaled (issue 29): the figure for the README's hostile-input
//! row. Each statement binds a new name, so the trace and its name table
//! grow with N, as in the quadratic case this measures against.
//!
//! `cargo build --release --example paste_many`
//! `target/release/examples/paste_many [N]` (default 5000; run from the
//! repository root). Target: 5,000 statements apply and journal in a few
//! seconds, growing linearly with N.

use std::time::Instant;
use tirtui::tui::app::Event;
use tirtui::tui::Headless;

/// The binary's allocator (`src/main.rs`), so the times are the binary's.
#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5000);
    let dir = std::env::temp_dir().join(format!("tirtui-paste-many-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("state")).expect("temp dir");
    let tir = dir.join("gemm.tir");
    std::fs::copy("sessions/gemm.tir", &tir).expect("run from the repository root");
    let mut h = Headless::open_with(&tir, 120, 32, Some(&dir.join("state"))).expect("open");
    let script: String = (0..n)
        .map(|k| format!("b{k} = sch.get_block(\"B\")\n"))
        .collect();
    h.event(Event::Paste(script));
    let before = h.app.doc.journal_writes;
    let start = Instant::now();
    h.keys("<ret>").expect("enter");
    let took = start.elapsed();
    println!(
        "{n} statements: {} steps applied, {} journal write(s), {:.3} s ({:.1} us per statement)",
        h.app.doc.trace.steps.len(),
        h.app.doc.journal_writes - before,
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / n.max(1) as f64
    );
    let _ = std::fs::remove_dir_all(&dir);
}
