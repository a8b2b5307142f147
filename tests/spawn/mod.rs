//! Shared by the test files that run the `tirtui` binary as a process.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `tirtui ARGS` in the repository root with its stdout closed before
/// it writes (as `| head -0` would), stderr captured.
pub fn with_stdout_closed(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tirtui"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    child.wait_with_output().expect("wait")
}
