//! Issue 29 (trust): the files the explorer appends to or logs into follow
//! the write rules of `input::write`. A symbolic link planted at the results
//! database's `records.jsonl` or at `TIRTUI_FRAME_LOG` is never written
//! through; a FIFO or device there is refused without blocking; a torn last
//! line of the database is not glued onto.

use std::path::PathBuf;
use std::sync::mpsc::channel;
use std::time::Duration;
use tirtui::db::{Db, Record, Source, FILE_NAME};
use tirtui::tui::term::open_frame_log;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tirtui-files-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn record(trace: &str) -> Record {
    Record {
        key: format!("w1/{trace}/d1"),
        workload_hash: "w1".into(),
        trace_hash: trace.into(),
        workload: "main(...)".into(),
        device: "H100".into(),
        driver: "12.4".into(),
        time_ms: 1.0,
        gflops: 1.0,
        correct: Some(true),
        error: None,
        source: Source::Explorer,
        session: None,
        session_yaml: "tirtui: 1\n".into(),
        unix_time: 1,
    }
}

/// Runs `f` on a thread; fails when it blocks for more than 10 s.
fn within<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(10))
        .expect("blocked (a FIFO opened for writing waits for a reader)")
}

fn mkfifo(path: &std::path::Path) {
    let c_path = std::ffi::CString::new(path.to_str().expect("utf-8 path")).expect("no NUL");
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0, "mkfifo");
}

#[test]
fn a_record_is_not_appended_through_a_link_planted_at_the_database() {
    let dir = scratch("db-link");
    let mut db = Db::open(&dir).expect("open");
    db.insert(record("t1")).expect("a plain file takes records");
    // Someone replaces records.jsonl with a link to another file.
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep\n").expect("victim");
    std::fs::remove_file(dir.join(FILE_NAME)).expect("remove");
    std::os::unix::fs::symlink(&victim, dir.join(FILE_NAME)).expect("link");
    let err = db.insert(record("t2")).expect_err("refused");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_is_not_appended_to_a_fifo_and_not_glued_onto_a_torn_line() {
    let dir = scratch("db-fifo");
    let mut db = Db::open(&dir).expect("open");
    db.insert(record("t1")).expect("insert");
    let path = dir.join(FILE_NAME);
    // A crash mid-write: the last line is torn.
    let mut text = std::fs::read_to_string(&path).expect("read");
    text.push_str("{\"key\": \"w1/t9");
    std::fs::write(&path, text).expect("write");
    db.insert(record("t2")).expect("insert after a torn line");
    let reopened = Db::open(&dir).expect("reopen");
    assert_eq!(
        reopened.records().len(),
        2,
        "the new record is on its own line"
    );
    assert_eq!(reopened.skipped.len(), 1, "only the torn line is lost");
    std::fs::remove_file(&path).expect("remove");
    mkfifo(&path);
    let err = within(move || db.insert(record("t3"))).expect_err("refused");
    assert!(err.contains("FIFO"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_frame_log_is_not_opened_through_a_link_nor_on_a_fifo() {
    let dir = scratch("frame-log");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep\n").expect("victim");
    let link = dir.join("frames.log");
    std::os::unix::fs::symlink(&victim, &link).expect("link");
    let err = open_frame_log(&link).expect_err("a link is refused");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep\n");
    let fifo = dir.join("fifo.log");
    mkfifo(&fifo);
    let err = within(move || open_frame_log(&fifo).map(|_| ())).expect_err("a FIFO is refused");
    assert!(err.contains("FIFO"), "{err}");
    // A plain file is emptied and written.
    let plain = dir.join("plain.log");
    std::fs::write(&plain, "old frames\n").expect("plain");
    let mut file = open_frame_log(&plain).expect("a plain file opens");
    std::io::Write::write_all(&mut file, b"1.000\n").expect("write");
    assert_eq!(std::fs::read_to_string(&plain).expect("read"), "1.000\n");
    let _ = std::fs::remove_dir_all(&dir);
}
