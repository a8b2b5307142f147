//! Reading a worker's stdout and stderr in bounded memory, whatever it writes
//! (issue 29: a worker printing without newlines grew tirtui to 3 GB).
//!
//! stdout: a line's reply is its tail from the last `{"id":` on. JSON escapes
//! every `"` inside a string, so a reply the worker encodes holds that marker
//! only at its start; text in front of it (a kernel's `printf` without a
//! newline) is stray. So the reader keeps only the bytes from the last marker
//! of the current line (at most the reply limit), and of stray text only the
//! few bytes a marker split across two reads could start with: stray output of
//! any length costs nothing and is never queued. Each reply is handed over
//! through a queue of one, so a worker that writes faster than replies are
//! decoded waits on its pipe instead of growing tirtui.
//!
//! stderr: the last `STDERR_TAIL_LINES` lines, each cut to `STDERR_LINE_BYTES`,
//! made printable (they end up in crash reports).

use super::untrusted::neutralise;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};

/// Where a reply starts (`ReplyLine` serializes `id` first).
pub(super) const REPLY_MARKER: &[u8] = br#"{"id":"#;
/// Lines of the worker's stderr kept for crash reports.
pub(super) const STDERR_TAIL_LINES: usize = 20;
/// Bytes kept of one stderr line.
const STDERR_LINE_BYTES: usize = 1_000;
const READ_CHUNK: usize = 64 * 1024;

/// What the stdout reader hands to the client.
#[derive(Debug, PartialEq)]
pub(super) enum StdoutEvent {
    /// A line's reply part: from its last `{"id":` to the end of the line.
    Reply(Vec<u8>),
    /// A reply part longer than the limit; `bytes` of it were read.
    TooLong { bytes: usize },
}

/// The reply part of the line being read.
#[derive(Debug, PartialEq)]
enum Held {
    /// No marker yet: stray text, of which only a possible marker start is kept.
    Stray,
    /// From a marker on, within the limit.
    Reply,
    /// From a marker on, past the limit: counted, not kept.
    TooLong(usize),
}

struct ReplyScanner {
    limit: usize,
    held: Held,
    bytes: Vec<u8>,
}

impl ReplyScanner {
    fn new(limit: usize) -> ReplyScanner {
        ReplyScanner {
            limit,
            held: Held::Stray,
            bytes: Vec::new(),
        }
    }

    /// Part of a line, without its newline.
    fn feed(&mut self, part: &[u8]) {
        let old_len = self.bytes.len();
        self.bytes.extend_from_slice(part);
        // A marker may straddle the previous part; the one a reply starts with
        // is not a new one.
        let mut from = old_len.saturating_sub(REPLY_MARKER.len() - 1);
        if self.held == Held::Reply {
            from = from.max(1);
        }
        let found = self.bytes[from..]
            .windows(REPLY_MARKER.len())
            .rposition(|w| w == REPLY_MARKER);
        if let Some(at) = found {
            self.bytes.drain(..from + at);
            self.held = Held::Reply;
        }
        if self.held == Held::Reply && self.bytes.len() > self.limit {
            self.held = Held::TooLong(self.bytes.len());
        } else if let (Held::TooLong(n), None) = (&mut self.held, found) {
            *n += part.len();
        }
        if self.held != Held::Reply {
            let keep = REPLY_MARKER.len() - 1;
            let cut = self.bytes.len().saturating_sub(keep);
            self.bytes.drain(..cut);
        }
    }

    /// The line ended: its reply, if it had one.
    fn end_line(&mut self) -> Option<StdoutEvent> {
        let held = std::mem::replace(&mut self.held, Held::Stray);
        let bytes = std::mem::take(&mut self.bytes);
        match held {
            Held::Stray => None,
            Held::Reply => Some(StdoutEvent::Reply(bytes)),
            Held::TooLong(bytes) => Some(StdoutEvent::TooLong { bytes }),
        }
    }
}

/// Reads `stdout` to its end (or until the client is gone), handing over each
/// line's reply part. A last line without a newline is dropped: the worker
/// died writing it, which the client reports as a crash.
pub(super) fn read_replies(stdout: impl Read, limit: usize, replies: SyncSender<StdoutEvent>) {
    let mut reader = BufReader::with_capacity(READ_CHUNK, stdout);
    let mut scanner = ReplyScanner::new(limit);
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(chunk) => chunk,
        };
        let used = chunk.len();
        for (i, part) in chunk.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                if let Some(event) = scanner.end_line() {
                    if replies.send(event).is_err() {
                        return;
                    }
                }
            }
            scanner.feed(part);
        }
        reader.consume(used);
    }
}

/// Reads `stderr` to its end, keeping its last lines in `tail`.
pub(super) fn read_stderr_tail(stderr: impl Read, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut reader = BufReader::with_capacity(READ_CHUNK, stderr);
    let mut line: Vec<u8> = Vec::new();
    let mut dropped = 0usize;
    let keep = |line: &mut Vec<u8>, dropped: &mut usize| {
        let mut text = neutralise(&String::from_utf8_lossy(line), STDERR_LINE_BYTES, false);
        if *dropped > 0 {
            text.push_str(&format!("… ({dropped} more bytes)"));
        }
        line.clear();
        *dropped = 0;
        if let Ok(mut t) = tail.lock() {
            if t.len() == STDERR_TAIL_LINES {
                t.pop_front();
            }
            t.push_back(text);
        }
    };
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(chunk) => chunk,
        };
        let used = chunk.len();
        for (i, part) in chunk.split(|&b| b == b'\n').enumerate() {
            if i > 0 {
                keep(&mut line, &mut dropped);
            }
            let room = STDERR_LINE_BYTES.saturating_sub(line.len()).min(part.len());
            line.extend_from_slice(&part[..room]);
            dropped += part.len() - room;
        }
        reader.consume(used);
    }
    if !line.is_empty() || dropped > 0 {
        keep(&mut line, &mut dropped);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(limit: usize, parts: &[&[u8]]) -> Vec<StdoutEvent> {
        let (tx, rx) = std::sync::mpsc::sync_channel(100);
        let input: Vec<u8> = parts.concat();
        // Fed in pieces of 3 bytes too, so markers straddle reads.
        let mut s = ReplyScanner::new(limit);
        let mut by_threes = Vec::new();
        for piece in input.split_inclusive(|&b| b == b'\n') {
            let (body, newline) = match piece.strip_suffix(b"\n") {
                Some(b) => (b, true),
                None => (piece, false),
            };
            for bit in body.chunks(3) {
                s.feed(bit);
            }
            if newline {
                by_threes.extend(s.end_line());
            }
        }
        read_replies(input.as_slice(), limit, tx);
        let whole: Vec<StdoutEvent> = rx.try_iter().collect();
        assert_eq!(
            whole, by_threes,
            "the same events, however the bytes arrive"
        );
        whole
    }

    fn reply(text: &str) -> StdoutEvent {
        StdoutEvent::Reply(text.as_bytes().to_vec())
    }

    #[test]
    fn a_reply_is_the_tail_from_the_last_marker() {
        let events = scan(
            100,
            &[
                b"stray printf\n",
                br#"printf {"id": junk {"id":1,"reply":{}}"#,
                b"\n",
                b"{\"id\":2}\r\n",
                b"no newline at the end {\"id\":3",
            ],
        );
        assert_eq!(
            events,
            vec![reply(r#"{"id":1,"reply":{}}"#), reply("{\"id\":2}\r")]
        );
    }

    #[test]
    fn long_replies_are_counted_not_kept_and_stray_text_costs_nothing() {
        let long = format!("{{\"id\":{}", "9".repeat(50));
        let stray = "x".repeat(10_000);
        let line = format!("{stray}\n{long}\n{long}{{\"id\":1}}\n{stray}");
        let events = scan(20, &[line.as_bytes()]);
        assert_eq!(
            events,
            vec![
                StdoutEvent::TooLong { bytes: long.len() },
                reply("{\"id\":1}")
            ]
        );
        let mut s = ReplyScanner::new(20);
        s.feed(stray.as_bytes());
        assert!(s.bytes.len() < REPLY_MARKER.len(), "stray text is not kept");
        s.feed(long.as_bytes());
        s.feed(long.as_bytes());
        assert!(
            s.bytes.len() < REPLY_MARKER.len(),
            "a long reply is not kept"
        );
    }

    #[test]
    fn stderr_keeps_short_printable_last_lines() {
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let mut input = String::new();
        for i in 0..30 {
            input.push_str(&format!("line {i}\n"));
        }
        input.push_str(&"y".repeat(5_000));
        input.push_str("\n\u{1b}[2Jlast");
        read_stderr_tail(input.as_bytes(), tail.clone());
        let t = tail.lock().unwrap();
        assert_eq!(t.len(), STDERR_TAIL_LINES);
        assert_eq!(t[0], "line 12");
        assert!(t[18].ends_with("… (4000 more bytes)"), "{}", t[18]);
        assert!(t[18].len() < STDERR_LINE_BYTES + 100);
        assert_eq!(t[19], "␛[2Jlast");
    }
}
