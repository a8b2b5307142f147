//! Tuning from the explorer without a GPU: `:tune N` runs the search against a
//! stand-in worker (`$TIRTUI_GPU=cmd:...`), the panel plots best time vs
//! trials, `:tune load` makes the best candidate the trace, and `u` undoes it.

use std::path::Path;
use std::time::{Duration, Instant};
use tirtui::tui::app::Event;
use tirtui::tui::Headless;

#[test]
fn tune_from_the_explorer_then_load_and_undo() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("tirtui-tui-tune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let gpu = format!(
        "cmd:FAKE_MS=threads sh {}",
        root.join("tests/data/tune/fake_worker.sh").display()
    );
    // This file holds one test: the process environment is its own.
    std::env::set_var("TIRTUI_GPU", gpu);
    std::env::set_var("TIRTUI_DB", tmp.join("db"));
    std::env::set_var("XDG_CONFIG_HOME", tmp.join("config"));

    let session = root.join("sessions/gemm_002_5_tune.yaml");
    let mut h = Headless::open(&session, 160, 48).unwrap();
    let original = h.app.doc.trace.steps.clone();
    h.keys(":tune 12<ret>").unwrap();
    assert!(h.app.tune.is_running(), "{}", h.screen());
    let start = Instant::now();
    while h.app.tune.is_running() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the tune did not end"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.event(Event::Tick);
    }
    let screen = h.screen();
    assert!(screen.contains("Tune"), "{screen}");
    assert!(screen.contains("done: 12 trials"), "{screen}");
    assert!(screen.contains("best "), "{screen}");
    assert!(
        screen.contains("trials"),
        "the chart's axis is missing:\n{screen}"
    );
    // Fewer threads is faster for the stand-in: the session's own 1024-thread
    // configuration (trial 1) is not the best.
    let (best_ms, _, best_steps) = h.app.tune.best.clone().unwrap();
    assert!(best_ms < 1024.0, "{best_ms}");
    let records = std::fs::read_to_string(tmp.join("db/records.jsonl")).unwrap();
    assert_eq!(records.lines().count(), 12);

    h.keys(":tune load<ret>").unwrap();
    assert_eq!(
        h.app
            .doc
            .trace
            .steps
            .iter()
            .map(|s| s.to_yaml())
            .collect::<Vec<_>>(),
        best_steps.iter().map(|s| s.to_yaml()).collect::<Vec<_>>()
    );
    assert!(h.app.doc.unsaved());
    let n = h.app.doc.trace.steps.len();
    h.keys("u").unwrap();
    assert_eq!(h.app.doc.trace.steps.len(), n - 1);
    // Undoing past the loaded steps returns to the session's own prefix.
    while h.app.doc.trace.steps.len() > 3 {
        h.keys("u").unwrap();
    }
    assert_eq!(
        h.app.doc.trace.steps[..3]
            .iter()
            .map(|s| s.to_yaml())
            .collect::<Vec<_>>(),
        original[..3]
            .iter()
            .map(|s| s.to_yaml())
            .collect::<Vec<_>>()
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
