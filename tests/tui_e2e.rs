//! End to end: the real binary in tmux. Open the GEMM workload, apply a split
//! through `:`, see the TIR change, apply another and undo it, save, quit, and
//! replay the saved session headless to the same TIR.
//!
//! Also the real binary's headless edges (broken pipes, summaries, JSON
//! errors, the wrong kind of file), and the seed-000 Python workflow pasted
//! at once into an 80x24 terminal, which must end with the same program as
//! `replay` of its session.
//!
//! The tmux tests are `#[ignore]`d (shown as ignored where tmux is missing);
//! `.ci/run` installs tmux and runs them with `--ignored`, where a missing tmux
//! fails them.

mod spawn;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn keys(&self, literal: &str) {
        assert!(self
            .run(&["send-keys", "-t", "e2e", "-l", literal])
            .status
            .success());
    }

    fn key(&self, name: &str) {
        assert!(self.run(&["send-keys", "-t", "e2e", name]).status.success());
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "e2e"]).stdout).to_string()
    }

    fn alive(&self) -> bool {
        self.run(&["has-session", "-t", "e2e"]).status.success()
    }

    /// Waits until the screen satisfies `pred`; returns it.
    fn wait(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "timed out waiting for {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

/// The TIR pane's text lines (border and gutter stripped, trailing blanks cut).
fn tir_lines(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(1)
        .filter_map(|l| l.strip_prefix('│'))
        .map(|l| {
            let body: String = l.chars().skip(3).take_while(|c| *c != '│').collect();
            body.trim_end().to_string()
        })
        .filter(|l| !l.is_empty())
        .collect()
}

/// The tmux tests are `#[ignore]`d so that a machine without tmux shows them as
/// ignored; run with `--ignored` (as .ci/run does) a missing tmux is a failure.
fn require_tmux(test: &str) {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "{test}: tmux is not installed (apt-get install -y tmux)"
    );
}

#[test]
#[ignore = "needs tmux (.ci/run installs it and runs these with --ignored)"]
fn split_undo_save_replay_in_tmux() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tirtui"));
    require_tmux("split_undo_save_replay_in_tmux");
    let dir = std::env::temp_dir().join(format!("tirtui-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let tir = dir.join("gemm.tir");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sessions/gemm.tir"),
        &tir,
    )
    .expect("copy");
    let saved = dir.join("saved.yaml");

    let tmux = Tmux {
        socket: format!("tirtui-e2e-{}", std::process::id()),
    };
    let cmd = format!(
        "cd {d} && XDG_STATE_HOME={d}/state XDG_CONFIG_HOME={d}/config {bin} gemm.tir",
        d = dir.display(),
        bin = bin.display()
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "e2e",
        "-x",
        "300",
        "-y",
        "50",
        &cmd,
    ]);
    assert!(
        started.status.success(),
        "tmux new-session: {}",
        String::from_utf8_lossy(&started.stderr)
    );

    let original = tir_lines(&tmux.wait("the GEMM", |s| {
        s.contains("for i, j, k in T.grid(1024, 1024, 1024):")
    }));

    tmux.keys(":sch.split(i, factors=[None, 16])");
    tmux.key("Enter");
    let split = tir_lines(&tmux.wait("the split", |s| {
        s.contains("for i_0, i_1, j, k in T.grid(64, 16, 1024, 1024):")
    }));
    assert_ne!(split, original, "the TIR changed");
    // The status bar may be drawn a frame after the TIR on a busy machine.
    tmux.wait("the step count", |s| s.contains("3 steps [+] 3 unsaved"));

    tmux.keys(":sch.split(j, factors=[None, 32])");
    tmux.key("Enter");
    tmux.wait("the second split", |s| s.contains("j_0, j_1"));
    tmux.keys("u");
    let undone = tir_lines(&tmux.wait("the undo", |s| {
        tir_lines(s).iter().all(|l| !l.contains("j_0")) && s.contains("3 steps")
    }));
    assert_eq!(
        undone, split,
        "undo brings back the TIR after the first split"
    );

    tmux.key("C-s");
    tmux.wait("the save prompt", |s| s.contains("save session as:"));
    tmux.key("C-u");
    tmux.keys(&saved.display().to_string());
    tmux.key("Enter");
    tmux.wait("the save", |s| s.contains("saved 3 steps"));
    tmux.keys("q");
    let start = Instant::now();
    while tmux.alive() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "q quits a saved session"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let out = Command::new(&bin)
        .args(["replay"])
        .arg(&saved)
        .args(["--emit", "tir"])
        .output()
        .expect("replay");
    assert!(
        out.status.success(),
        "replay: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replayed = String::from_utf8_lossy(&out.stdout).to_string();
    // Every line the TUI showed is the start of the replayed line (the pane
    // cuts long lines), in order.
    let lines: Vec<&str> = replayed.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), undone.len(), "replayed:\n{replayed}");
    for (shown, full) in undone.iter().zip(&lines) {
        assert!(
            full.starts_with(shown.as_str()),
            "shown `{shown}` vs replayed `{full}`"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tirtui(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("tirtui runs")
}

#[test]
#[ignore = "needs tmux (.ci/run installs it and runs these with --ignored)"]
fn seed_000_python_pasted_in_tmux_at_80x24_equals_replay() {
    require_tmux("seed_000_python_pasted_in_tmux_at_80x24_equals_replay");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tirtui"));
    let dir = std::env::temp_dir().join(format!("tirtui-e2e-seed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::copy(root().join("sessions/gemm.tir"), dir.join("gemm.tir")).expect("copy");
    let script = root().join("tests/data/tui/seed000_workflow.py");
    let saved = dir.join("pasted.yaml");
    let tmux = Tmux {
        socket: format!("tirtui-e2e-seed-{}", std::process::id()),
    };
    let cmd = format!(
        "cd {d} && XDG_STATE_HOME={d}/state XDG_CONFIG_HOME={d}/config {bin} gemm.tir",
        d = dir.display(),
        bin = bin.display()
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "e2e",
        "-x",
        "80",
        "-y",
        "24",
        &cmd,
    ]);
    assert!(started.status.success());
    tmux.wait("the GEMM", |s| s.contains("T.grid(1024, 1024, 1024)"));
    assert!(
        tmux.screen().contains("hidden: CUDA, Run"),
        "{}",
        tmux.screen()
    );
    // Paste the whole script at once, as a terminal paste (bracketed).
    let script_text = std::fs::read_to_string(&script).expect("script");
    assert!(tmux
        .run(&["set-buffer", "-b", "seed", &script_text])
        .status
        .success());
    assert!(tmux
        .run(&["paste-buffer", "-p", "-b", "seed", "-t", "e2e"])
        .status
        .success());
    tmux.wait("the pasted script in the command line", |s| {
        s.lines().last().is_some_and(|l| l.starts_with(':'))
    });
    tmux.key("Enter");
    tmux.wait("every line applied", |s| s.contains("lines applied"));
    // Every pane is reachable at 80x24: CUDA shows in the TIR's place.
    tmux.key("Tab");
    tmux.key("Tab");
    tmux.key("Tab");
    tmux.wait("the CUDA pane", |s| s.contains("CUDA · grid"));
    tmux.keys(&format!(":w {}", saved.display()));
    tmux.key("Enter");
    tmux.wait("the save", |s| s.contains("saved"));
    tmux.keys("q");
    let start = Instant::now();
    while tmux.alive() {
        assert!(start.elapsed() < Duration::from_secs(10), "q quits");
        std::thread::sleep(Duration::from_millis(50));
    }
    let pasted = Command::new(&bin)
        .args(["replay"])
        .arg(&saved)
        .args(["--emit", "tir"])
        .output()
        .expect("replay");
    assert!(
        pasted.status.success(),
        "{}",
        String::from_utf8_lossy(&pasted.stderr)
    );
    let reference = tirtui(&["replay", "sessions/gemm_000_5_unroll.yaml", "--emit", "tir"]);
    assert!(reference.status.success());
    assert_eq!(
        String::from_utf8_lossy(&pasted.stdout),
        String::from_utf8_lossy(&reference.stdout),
        "the pasted Python ends with the session's program"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_pipe_ends_quietly() {
    for _ in 0..5 {
        // `| head -0`: the reader goes away before anything is written.
        let out = spawn::with_stdout_closed(&[
            "replay",
            "sessions/gemm_000_5_unroll.yaml",
            "--emit",
            "cuda",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{err}");
        assert!(
            matches!(out.status.code(), Some(0) | None),
            "exit {:?}: {err}",
            out.status
        );
    }
}

#[test]
fn replay_without_emit_prints_a_summary() {
    let out = tirtui(&["replay", "sessions/gemm_000_1_blocked.yaml"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("steps applied") && text.contains("--emit"),
        "{text}"
    );
}

#[test]
fn json_is_printed_even_when_it_fails() {
    // A step that fails.
    let out = tirtui(&["replay", "tests/data/tui/bad_step.yaml", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert!(
        v["error"].as_str().is_some_and(|e| e.contains("step 2")),
        "{v}"
    );
    // A run without a GPU (or with one: then JSON with the figures).
    let out = tirtui(&[
        "replay",
        "sessions/gemm_000_1_blocked.yaml",
        "--run",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    if out.status.code() == Some(3) {
        let e = v["error"].as_str().expect("error field");
        assert!(e.starts_with("no CUDA device"), "{e}");
        assert!(!e.contains("no CUDA device: no CUDA device"), "{e}");
    } else {
        assert!(
            v.get("time_ms").is_some() || v.get("error").is_some(),
            "{v}"
        );
    }
}

#[test]
fn the_wrong_kind_of_file_is_named() {
    let out = tirtui(&["replay", "sessions/gemm.tir"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is a workload (TVMScript), not a session"),
        "{err}"
    );
    let out = tirtui(&["print", "sessions/gemm_000_1_blocked.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is a session (YAML), not a workload"), "{err}");
}

/// The pane's terminal modes, as tmux keeps them: (alternate screen, any
/// mouse tracking, cursor visible).
fn pane_modes(tmux: &Tmux) -> (bool, bool, bool) {
    let out = tmux.run(&[
        "display-message",
        "-p",
        "-t",
        "e2e",
        "#{alternate_on} #{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_all_flag} #{cursor_flag}",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let fields: Vec<&str> = text.split(' ').collect();
    assert_eq!(fields.len(), 3, "tmux modes: `{text}`");
    (fields[0] == "1", fields[1].contains('1'), fields[2] == "1")
}

/// The explorer's process: the one child of the pane's shell.
fn explorer_pid(tmux: &Tmux) -> i32 {
    let out = tmux.run(&["display-message", "-p", "-t", "e2e", "#{pane_pid}"]);
    let shell = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
        .expect("the pane's shell has a children list");
    let pids: Vec<i32> = children
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect();
    assert_eq!(pids.len(), 1, "one explorer under the shell: {children}");
    pids[0]
}

/// Each signal that ends the explorer restores the terminal (alternate
/// screen left, mouse tracking off, cursor shown) and leaves the journal
/// holding every step the screen acknowledged (issue 29).
#[test]
#[ignore = "needs tmux (.ci/run installs it and runs these with --ignored)"]
fn signals_restore_the_terminal_and_keep_the_journal_in_tmux() {
    require_tmux("signals_restore_the_terminal_and_keep_the_journal_in_tmux");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tirtui"));
    for (signal, name) in [
        (libc::SIGTERM, "TERM"),
        (libc::SIGHUP, "HUP"),
        (libc::SIGINT, "INT"),
        (libc::SIGQUIT, "QUIT"),
    ] {
        let dir = std::env::temp_dir().join(format!("tirtui-e2e-sig{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::copy(root().join("sessions/gemm.tir"), dir.join("gemm.tir")).expect("copy");
        let tmux = Tmux {
            socket: format!("tirtui-e2e-sig{name}-{}", std::process::id()),
        };
        // The shell outlives the explorer, so the pane's modes can be read after.
        let cmd = format!(
            "cd {d} && XDG_STATE_HOME={d}/state XDG_CONFIG_HOME={d}/config {bin} gemm.tir; \
             echo EXITED; sleep 600",
            d = dir.display(),
            bin = bin.display()
        );
        let started = tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "e2e",
            "-x",
            "200",
            "-y",
            "50",
            &cmd,
        ]);
        assert!(started.status.success(), "tmux new-session");
        tmux.wait("the GEMM", |s| {
            s.contains("for i, j, k in T.grid(1024, 1024, 1024):")
        });
        assert_eq!(
            pane_modes(&tmux),
            (true, true, false),
            "SIG{name}: running, the explorer has the alternate screen, the mouse and no cursor"
        );
        tmux.keys(":sch.split(i, factors=[None, 16])");
        tmux.key("Enter");
        tmux.wait("the split", |s| s.contains("3 steps [+] 3 unsaved"));
        let pid = explorer_pid(&tmux);
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0, "kill -{name}");
        let screen = tmux.wait("the explorer's end", |s| s.contains("EXITED"));
        assert_eq!(
            pane_modes(&tmux),
            (false, false, true),
            "SIG{name}: the terminal is restored; screen:\n{screen}"
        );
        let journal = tirtui::tui::journal::Journal::in_dir(
            &dir.join("state/tirtui/journal"),
            &dir.join("gemm.tir"),
        );
        assert_eq!(
            journal.read().map(|s| s.len()),
            Some(3),
            "SIG{name}: the journal holds the acknowledged steps"
        );
        drop(tmux);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
