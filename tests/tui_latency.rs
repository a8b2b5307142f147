//! Keystroke to redrawn frame on the 1024^3 GEMM: each key is handled and the
//! whole screen drawn (TestBackend), as the terminal loop does. Prints the
//! figures (run with `--nocapture --test-threads=1` for clean numbers); fails
//! when a frame takes longer than a generous bound (a loaded CI machine).

use std::path::Path;
use std::time::{Duration, Instant};
use tirtui::tui::keymap::parse_key_string;
use tirtui::tui::Headless;

/// The time from each key to its frame. Between keys the background
/// highlighter finishes (as it does between a person's keystrokes), so it
/// does not compete with the next key for the CPU.
fn frame_times(h: &mut Headless, keys: &str) -> Vec<Duration> {
    parse_key_string(keys)
        .expect("keys")
        .into_iter()
        .map(|k| {
            let t = Instant::now();
            h.key(k);
            let frame = t.elapsed();
            assert!(h.settle(Duration::from_secs(20)), "highlighting finishes");
            frame
        })
        .collect()
}

fn stats(label: &str, mut v: Vec<Duration>) -> Duration {
    v.sort();
    let med = v[v.len() / 2];
    let max = *v.last().expect("samples");
    eprintln!(
        "{label:<28} n={:<4} median {:>7.3} ms  max {:>7.3} ms",
        v.len(),
        med.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
    max
}

#[test]
fn keystroke_to_frame_on_gemm() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm.tir");
    let mut h = Headless::open(&path, 160, 48).expect("open gemm");
    // Warm the caches a cold start fills once (syntax set, first highlight).
    h.keys("jk").expect("keys");
    let moves = stats(
        "cursor moves (j/k/l/n)",
        frame_times(&mut h, &"jjjjkkkklllnnnNN".repeat(4)),
    );
    let mut apply = Vec::new();
    let mut undo = Vec::new();
    for _ in 0..5 {
        // Type the command (cheap keys), then time the Enter that applies it.
        let _ = frame_times(&mut h, ":sch.split(k, factors=[None, 8])");
        apply.extend(frame_times(&mut h, "<ret>"));
        undo.extend(frame_times(&mut h, "u"));
        let _ = frame_times(&mut h, "<C-r>u");
    }
    assert_eq!(
        h.app.doc.trace.steps.len(),
        2,
        "the splits were undone; the bindings stay"
    );
    let apply = stats("apply a split (:... Enter)", apply);
    let undo = stats("undo (u)", undo);
    let palette = stats(
        "palette / panes / help",
        frame_times(&mut h, "<tab>jjjjk<tab><tab><tab>?<esc>d<esc>"),
    );
    for (what, max) in [
        ("move", moves),
        ("apply", apply),
        ("undo", undo),
        ("palette", palette),
    ] {
        assert!(
            max < Duration::from_millis(250),
            "{what}: a frame took {max:?}"
        );
    }
}

/// The same on a scheduled session with a real kernel: every change re-lowers,
/// re-generates and re-highlights the CUDA.
#[test]
fn keystroke_to_frame_on_scheduled_gemm() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm_000_3_warp_tiling.yaml");
    let mut h = Headless::open(&path, 160, 48).expect("open session");
    let n = h.app.doc.trace.steps.len();
    assert!(n > 5, "the session has its steps");
    assert!(h.app.cuda().is_ok(), "the session has a kernel");
    h.keys("jk").expect("keys");
    let moves = stats(
        "scheduled: cursor moves",
        frame_times(&mut h, &"jjjjkkkknnnN".repeat(4)),
    );
    let mut undo = Vec::new();
    let mut redo = Vec::new();
    for _ in 0..5 {
        undo.extend(frame_times(&mut h, "u"));
        redo.extend(frame_times(&mut h, "<C-r>"));
    }
    assert_eq!(h.app.doc.trace.steps.len(), n);
    let undo = stats("scheduled: undo (u)", undo);
    let redo = stats("scheduled: redo (Ctrl-r)", redo);
    let scroll = stats(
        "scheduled: CUDA pane scroll",
        frame_times(&mut h, "<tab><tab><tab>jjjjjjjjGg"),
    );
    for (what, max) in [
        ("move", moves),
        ("undo", undo),
        ("redo", redo),
        ("scroll", scroll),
    ] {
        assert!(
            max < Duration::from_millis(250),
            "{what}: a frame took {max:?}"
        );
    }
}
