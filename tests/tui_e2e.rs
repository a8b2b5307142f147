//! End to end: the real binary in tmux. Open the GEMM workload, apply a split
//! through `:`, see the TIR change, apply another and undo it, save, quit, and
//! replay the saved session headless to the same TIR.
//!
//! Skips (with a message) when tmux or the binary is missing.

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

#[test]
fn split_undo_save_replay_in_tmux() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_tirtui"));
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED tui_e2e: tmux is not installed (apt-get install -y tmux)");
        return;
    }
    if !bin.exists() {
        eprintln!(
            "SKIPPED tui_e2e: {} is missing (cargo build)",
            bin.display()
        );
        return;
    }
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
    assert!(tmux.screen().contains("3 steps [+] unsaved"));

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
