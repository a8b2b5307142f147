//! Session 19's correctness audit: each test is a find of the audit (a hang,
//! an abort or a wrong program) and asserts the input now ends with a clear
//! error, in bounded time and memory, or computes the right result.

use std::sync::mpsc;
use std::time::Duration;

use tirtui::trace::Session;

/// Loads `yaml` as a session on another thread; the error message, or a
/// failure naming what happened when it loads or takes longer than `limit`.
fn load_error(yaml: String, limit: Duration) -> String {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(Session::from_yaml(&yaml, "hostile.yaml").map(|_| ()));
    });
    match rx.recv_timeout(limit) {
        Ok(Err(e)) => e.to_string(),
        Ok(Ok(())) => panic!("the hostile session loaded"),
        Err(_) => panic!("loading took longer than {limit:?}"),
    }
}

const HEAD: &str = "tirtui: 1\nworkload: w.tir\n";

/// 100,000 nested `[` (a 200 KB file): serde_yaml reads every event before
/// its recursion limit applies and libyaml's scanner walks every open flow
/// level on each token, so this took minutes (quadratic) before the refusal.
/// Now refused at the 129th level, with its line and column, at once.
#[test]
fn deep_flow_nesting_is_refused_at_once_with_its_place() {
    let n = 100_000;
    for (yaml, line, col) in [
        (
            format!("{HEAD}steps: {}{}\n", "[".repeat(n), "]".repeat(n)),
            3,
            135,
        ),
        (
            format!(
                "{HEAD}steps:\n  - {{op: get_block, name: B, out: {}{}}}\n",
                "[".repeat(n),
                "]".repeat(n)
            ),
            4,
            160,
        ),
        (
            format!("{HEAD}steps: [{}{}]\n", "{a: ".repeat(n), "}".repeat(n)),
            3,
            9 + 4 * 126,
        ),
    ] {
        let e = load_error(yaml, Duration::from_secs(10));
        assert!(
            e.contains(&format!("hostile.yaml:{line}:{col}:"))
                && e.contains("nested more than 128"),
            "{e}"
        );
    }
}

/// A 10 MB string under an anchor, repeated by a thousand aliases: serde_yaml's
/// alias limit counts events, not bytes, so loading built 10 GB of strings
/// and aborted on a failed allocation. Now refused where the expansion
/// passes 64 MiB, naming aliases.
#[test]
fn aliases_repeating_a_large_string_are_refused_before_memory_runs_out() {
    let big = "x".repeat(10_000_000);
    let steps: String = (0..1000)
        .map(|i| format!("  - {{op: get_block, name: *a, out: b{i}}}\n"))
        .collect();
    let yaml = format!("{HEAD}big: &a \"{big}\"\nsteps:\n{steps}");
    let e = load_error(yaml, Duration::from_secs(20));
    // The sixth alias passes 64 MiB (line 5 holds the first step).
    assert!(
        e.contains("hostile.yaml:10:") && e.contains("aliases") && e.contains("64 MiB"),
        "{e}"
    );
}

/// Aliases within the bound still load as before (a note repeated).
#[test]
fn modest_aliases_still_load() {
    let yaml = format!(
        "{HEAD}steps:\n  - {{op: get_block, name: &n B, out: b0, note: &t hello}}\n  - {{op: get_block, name: *n, out: b1, note: *t}}\n"
    );
    let session = Session::from_yaml(&yaml, "ok.yaml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(session.steps.len(), 2);
}

/// `sample_categorical` with weights whose sum overflows (`1e308` each):
/// the total was infinite, every draw fell through the loop and took the
/// last candidate, here one of weight 1e-300, on every seed. Now the draws
/// take the two heavy candidates, both, and never the negligible one.
#[test]
fn categorical_weights_whose_sum_overflows_draw_by_their_weights() {
    use tirtui::schedule::primitive::sampling::{sample_categorical, Rng};
    let mut seen = [0usize; 3];
    for seed in 0..200 {
        let (i, v) =
            sample_categorical(&[10, 20, 30], &[1e308, 1e308, 1e-300], None, &mut Rng(seed))
                .unwrap();
        assert_eq!(v, [10, 20, 30][i as usize]);
        seen[i as usize] += 1;
    }
    assert_eq!(seen[2], 0, "{seen:?}");
    assert!(seen[0] > 50 && seen[1] > 50, "{seen:?}");
}
