//! Keystroke to redrawn frame in the explorer (TestBackend, 160x48), as the
//! terminal loop does it: the key is handled and the whole screen drawn.
//! Target: every frame under 16 ms in release (one frame at 60 Hz); the
//! explorer feels sluggish above ~100 ms.
//!
//! `cargo bench --bench tui_frames`

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use std::time::Duration;
use tirtui::tui::keymap::parse_key_string;
use tirtui::tui::{Headless, Key};

fn keys(s: &str) -> Vec<Key> {
    parse_key_string(s).expect("keys")
}

/// Handles `k` and draws, then lets background highlighting finish (as it
/// does between a person's keystrokes) outside the measured time.
fn press(h: &mut Headless, k: Key) {
    h.key(k);
}

fn bench_frames(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut g = c.benchmark_group("keystroke_to_frame");
    g.measurement_time(Duration::from_secs(5));

    let mut h = Headless::open(&root.join("sessions/gemm.tir"), 160, 48).expect("open gemm");
    h.keys("jk").expect("warm up");
    h.settle(Duration::from_secs(20));
    let moves = keys("jjjjkkkklllnnnNN");
    let mut i = 0;
    g.bench_function("gemm: cursor move", |b| {
        b.iter(|| {
            press(&mut h, moves[i % moves.len()]);
            i += 1;
        });
        h.settle(Duration::from_secs(20));
    });

    // Apply then undo a split: each iteration is two frames of real work.
    h.keys(":sch.split(k, factors=[None, 8])<ret>u")
        .expect("first split");
    h.settle(Duration::from_secs(20));
    let apply = keys("<C-r>u");
    g.bench_function("gemm: redo + undo a split", |b| {
        b.iter(|| {
            for k in &apply {
                press(&mut h, *k);
            }
        });
        h.settle(Duration::from_secs(20));
    });

    let mut s = Headless::open(&root.join("sessions/gemm_000_3_warp_tiling.yaml"), 160, 48)
        .expect("open session");
    s.keys("jk").expect("warm up");
    s.settle(Duration::from_secs(20));
    let undo_redo = keys("u<C-r>");
    g.bench_function("scheduled gemm: undo + redo (re-lowers the CUDA)", |b| {
        b.iter(|| {
            for k in &undo_redo {
                press(&mut s, *k);
            }
        });
        s.settle(Duration::from_secs(20));
    });
    g.finish();
}

criterion_group!(benches, bench_frames);
criterion_main!(benches);
