//! The explorer headless: ratatui's TestBackend driven by key strings, with
//! screen snapshots (text; colours are not captured) for a few states, and
//! behaviour checks for undo/redo, save, journal, quit, resize, mouse and
//! random input.

use std::path::{Path, PathBuf};
use std::time::Duration;
use tirtui::tui::app::{Event, Mode};
use tirtui::tui::Headless;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tui")
        .join(name)
}

fn gemm() -> Headless {
    Headless::open(&data("gemm.tir"), 120, 32).expect("open gemm")
}

/// A fresh folder with a copy of the GEMM workload (journals are per file).
fn scratch(test: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tirtui-tui-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("state")).expect("temp dir");
    let tir = dir.join("gemm.tir");
    std::fs::copy(data("gemm.tir"), &tir).expect("copy gemm");
    (dir, tir)
}

fn tir(h: &Headless) -> String {
    tirtui::script::print_func(h.app.doc.trace.func())
}

#[test]
fn opened_gemm() {
    let h = gemm();
    insta::assert_snapshot!("opened_gemm", h.screen());
}

#[test]
fn split_via_command_line() {
    let mut h = gemm();
    h.keys(":sch.split(i, factors=[None, 16])<ret>").unwrap();
    // The loop `i` was bound for the user: get_block, get_loops, then split.
    let ops: Vec<&str> = h
        .app
        .doc
        .trace
        .steps
        .iter()
        .map(|s| s.op.as_str())
        .collect();
    assert_eq!(ops, ["get_block", "get_loops", "split"]);
    assert_eq!(h.app.doc.trace.steps[2].out, ["i_0", "i_1"]);
    assert!(tir(&h).contains("for i_0, i_1, j, k in T.grid(64, 16, 1024, 1024):"));
    insta::assert_snapshot!("after_split", h.screen());
}

#[test]
fn illegal_step_shows_error_and_changes_nothing() {
    let mut h = gemm();
    let before = tir(&h);
    h.keys(":sch.split(i, factors=[4, 16])<ret>").unwrap();
    assert!(matches!(h.app.mode, Mode::Error { .. }));
    assert_eq!(tir(&h), before);
    assert!(h.app.doc.trace.steps.is_empty());
    assert!(!h.app.doc.unsaved());
    insta::assert_snapshot!("error_shown", h.screen());
    // Any key dismisses it; `:` goes on to the command line.
    h.keys(":").unwrap();
    assert!(matches!(h.app.mode, Mode::Command(_)));
}

#[test]
fn help_lists_every_action() {
    let mut h = Headless::open(&data("gemm.tir"), 120, 60).unwrap();
    h.keys("?").unwrap();
    let screen = h.screen();
    for row in tirtui::tui::keymap::ACTIONS {
        assert!(screen.contains(row.name), "help misses {}", row.name);
    }
    insta::assert_snapshot!("help", screen);
    h.keys("<esc>").unwrap();
    assert!(matches!(h.app.mode, Mode::Normal));
}

#[test]
fn palette_prompts_and_applies() {
    let mut h = gemm();
    // Cursor on the `T.grid` line: `l` selects loop j; Enter focuses the palette.
    h.keys("l<ret>").unwrap();
    assert_eq!(h.app.ops[5].name, "split");
    h.keys("jjjjj<ret>").unwrap();
    assert!(matches!(h.app.mode, Mode::Prompt(_)));
    insta::assert_snapshot!("palette_prompt", h.screen());
    h.keys("<ret>").unwrap();
    let last = h.app.doc.trace.steps.last().expect("a step");
    assert_eq!(
        last.summary(),
        "split(loop=j, factors=[null, 16]) -> j_0, j_1"
    );
    // The palette marks what fails: `parallel` on the reduction loop k (binding
    // it to threadIdx.x passes: a cross-thread reduction, as in TVM).
    h.keys("<tab><tab><tab>lll").unwrap();
    assert_eq!(
        h.app.target().map(|t| t.describe(h.app.doc.trace.func())),
        Some("loop k".to_string())
    );
    let parallel = h.app.ops.iter().position(|o| o.name == "parallel").unwrap();
    let bind = h.app.ops.iter().position(|o| o.name == "bind").unwrap();
    let marks = h.app.marks().to_vec();
    assert!(
        matches!(marks[parallel], tirtui::tui::app::Mark::Fail(_)),
        "{:?}",
        marks[parallel]
    );
    assert!(
        !matches!(marks[bind], tirtui::tui::app::Mark::Fail(_)),
        "{:?}",
        marks[bind]
    );
}

#[test]
fn diff_view() {
    let mut h = gemm();
    h.keys(":sch.split(i, factors=[None, 16])<ret>d").unwrap();
    assert_eq!(h.app.diff, Some((2, 3)));
    let screen = h.screen();
    assert!(screen.contains("│-     for i, j, k in T.grid(1024, 1024, 1024):"));
    assert!(screen.contains("│+     for i_0, i_1, j, k in T.grid(64, 16"));
    insta::assert_snapshot!("diff_last_step", screen);
    h.keys("<esc>:diff 0 3<ret>").unwrap();
    assert_eq!(h.app.diff, Some((0, 3)));
    h.keys(":diff 9 1<ret>").unwrap();
    assert!(h.app.message.as_ref().is_some_and(|m| m.error));
}

#[test]
fn undo_redo() {
    let mut h = gemm();
    let original = tir(&h);
    h.keys(":sch.split(i, factors=[None, 16])<ret>").unwrap();
    let split = tir(&h);
    h.keys("u").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), 2);
    h.keys("uu").unwrap();
    assert_eq!(tir(&h), original);
    h.keys("u").unwrap();
    assert_eq!(
        h.app.message.as_ref().map(|m| m.text.as_str()),
        Some("nothing to undo")
    );
    h.keys("<C-r><C-r><C-r>").unwrap();
    assert_eq!(tir(&h), split);
    assert_eq!(h.app.doc.texts.len(), 4);
    h.keys("u:sch.parallel(i)<ret>").unwrap();
    assert!(h.app.doc.trace.redo.is_empty(), "a new step clears redo");
}

#[test]
fn save_and_reopen() {
    let (dir, tir_path) = scratch("save");
    let mut h = Headless::open_with(&tir_path, 120, 32, Some(&dir.join("state"))).unwrap();
    h.keys(":sch.split(i, factors=[None, 16])<ret><C-s>")
        .unwrap();
    let Mode::SavePath { edit, .. } = &h.app.mode else {
        panic!("Ctrl-s asks for a path first")
    };
    assert!(edit.text.ends_with("gemm.yaml"), "{}", edit.text);
    let saved = dir.join("saved.yaml");
    h.keys(&format!("<C-u>{}<ret>", saved.display())).unwrap();
    assert!(!h.app.doc.unsaved());
    let session = tirtui::trace::Session::load(&saved).unwrap();
    assert_eq!(
        session.workload,
        tirtui::trace::Workload::Path("gemm.tir".into())
    );
    assert_eq!(session.steps, h.app.doc.trace.steps);
    // The second save goes to the same file without asking.
    h.keys(":sch.parallel(i_0)<ret><C-s>").unwrap();
    assert!(matches!(h.app.mode, Mode::Normal));
    assert_eq!(tirtui::trace::Session::load(&saved).unwrap().steps.len(), 4);
    let reopened = Headless::open(&saved, 120, 32).unwrap();
    assert_eq!(tir(&reopened), tir(&h));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn journal_survives_a_crash() {
    let (dir, tir_path) = scratch("journal");
    let state = dir.join("state");
    let mut h = Headless::open_with(&tir_path, 120, 32, Some(&state)).unwrap();
    h.keys(":sch.split(i, factors=[None, 16])<ret>").unwrap();
    let after = tir(&h);
    drop(h); // killed: no save, no quit
    let mut h = Headless::open_with(&tir_path, 120, 32, Some(&state)).unwrap();
    assert!(
        matches!(h.app.mode, Mode::Confirm(_)),
        "reopening offers the journal"
    );
    insta::assert_snapshot!("journal_offer", h.screen());
    h.keys("r").unwrap();
    assert_eq!(tir(&h), after);
    assert!(h.app.doc.unsaved());
    h.keys(":q!<ret>").unwrap();
    assert!(h.app.quit);
    let h = Headless::open_with(&tir_path, 120, 32, Some(&state)).unwrap();
    assert!(
        matches!(h.app.mode, Mode::Normal),
        ":q! dropped the journal"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quit_asks_when_unsaved() {
    let mut h = gemm();
    h.keys("q").unwrap();
    assert!(h.app.quit, "nothing to save: quits at once");
    let mut h = gemm();
    h.keys(":sch.split(i, factors=[None, 16])<ret>q").unwrap();
    assert!(matches!(h.app.mode, Mode::Confirm(_)) && !h.app.quit);
    h.keys("<esc>").unwrap();
    assert!(!h.app.quit);
    h.keys(":q<ret>").unwrap();
    assert!(!h.app.quit && h.app.message.as_ref().is_some_and(|m| m.error));
    h.keys("qd").unwrap();
    assert!(h.app.quit);
}

#[test]
fn session_with_a_failing_step_opens_with_the_error() {
    let mut h = Headless::open(&data("bad_step.yaml"), 120, 32).unwrap();
    assert!(matches!(h.app.mode, Mode::Error { .. }));
    assert_eq!(h.app.doc.trace.steps.len(), 1);
    assert_eq!(
        h.app.doc.trace.redo.len(),
        2,
        "the steps that did not apply wait in redo"
    );
    h.keys("<esc><C-r>").unwrap();
    assert!(
        matches!(h.app.mode, Mode::Error { .. }),
        "redo of the failing step fails again"
    );
    assert_eq!(h.app.doc.trace.steps.len(), 1);
}

#[test]
fn resize_and_mouse() {
    let mut h = gemm();
    h.resize(80, 24);
    assert!(h.screen().contains("TIR"));
    assert!(
        !h.screen().contains("CUDA"),
        "narrow: the CUDA column is hidden"
    );
    h.resize(12, 3);
    assert!(h.screen().contains("too small"));
    h.resize(120, 32);
    // Click on the `with T.block("B")` line (row = pane top + 1 + line).
    let r = h.app.rects.tir;
    h.event(Event::Click {
        col: r.x + 10,
        row: r.y + 1 + 7,
    });
    assert_eq!(
        h.app.target().map(|t| t.describe(h.app.doc.trace.func())),
        Some("block \"B\"".into())
    );
    for _ in 0..5 {
        h.event(Event::Scroll {
            up: false,
            col: r.x + 5,
            row: r.y + 5,
        });
    }
    h.event(Event::Scroll {
        up: true,
        col: r.x + 5,
        row: r.y + 5,
    });
    assert!(h.app.tir_top > 0 || h.app.doc.printed.text.lines().count() < 30);
}

#[test]
fn run_is_in_the_background() {
    let mut h = gemm();
    h.keys("r").unwrap();
    assert!(
        h.app.message.as_ref().is_some_and(|m| m.error),
        "no kernel before loops are bound"
    );
    h.keys(":sch.split(i, factors=[None, 16])<ret>:sch.bind(i_0, 'blockIdx.x')<ret>:sch.bind(i_1, 'threadIdx.x')<ret>").unwrap();
    let start = std::time::Instant::now();
    h.keys("r").unwrap();
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "r returns at once"
    );
    assert!(h.wait_jobs(Duration::from_secs(120)), "the run reports");
    // Without a GPU (or from the test binary, which is no worker) it fails
    // with a message; with one it has a result.
    assert!(h.app.current_run().is_some() || h.app.run_failure.is_some());
}

/// Random keys (commands included) never panic, and the document stays
/// consistent: one printed text per trace prefix, the last one current.
#[test]
fn random_keys_never_panic() {
    let keys = [
        "j", "k", "h", "l", "n", "N", "g", "G", "u", "<C-r>", "<tab>", "<S-tab>", "<ret>", "<esc>",
        "d", "?", "p", "<C-d>", "<C-u>", "x", "1", ",", "<bs>", "<up>", "<down>", ":", "q",
    ];
    let commands = [
        ":sch.split(i, factors=[None, 16])<ret>",
        ":sch.reorder(k, j)<ret>",
        ":sch.fuse(i_0, i_1)<ret>",
        ":sch.bind(i_0, \"blockIdx.x\")<ret>",
        ":sch.cache_write(\"B\", 0, \"local\")<ret>",
        ":sch.split(k, [None, 0])<ret>",
        ":sch.split(k, [4, None, 3])<ret>",
        ":sch.(((<ret>",
        ":diff 1 2<ret>",
        "<esc>",
    ];
    // On copies, though nothing here saves (a typed save path could land anywhere).
    let (dir, _) = scratch("random");
    std::fs::copy(data("bad_step.yaml"), dir.join("bad_step.yaml")).expect("copy session");
    for (file, seed) in [("gemm.tir", 1u64), ("bad_step.yaml", 7), ("gemm.tir", 42)] {
        let mut h = Headless::open(&dir.join(file), 100, 30).unwrap();
        let mut x = seed;
        for _ in 0..1500 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = (x >> 33) as usize;
            let k = if pick.is_multiple_of(9) {
                commands[pick / 9 % commands.len()]
            } else {
                keys[pick % keys.len()]
            };
            h.keys(k).unwrap();
            if h.app.quit {
                h.app.quit = false;
            }
            let d = &h.app.doc;
            assert_eq!(d.texts.len(), d.trace.steps.len() + 1);
            assert_eq!(
                d.texts.last().map(String::as_str),
                Some(tirtui::script::print_func(d.trace.func()).as_str())
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
