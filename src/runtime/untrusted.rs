//! What a worker says is untrusted (issue 29): a remote worker is another
//! machine, and even a local one runs kernels that print. Every reply is checked
//! and its text made safe here, before any of it reaches the terminal, a log or
//! the results database.
//!
//! - Text: control characters become visible (C0 as Unicode control pictures,
//!   `␛` for ESC, so no escape sequence reaches a terminal; C1 controls and the
//!   bidirectional overrides as `�`), and each field has a length bound.
//!   Multi-line fields (logs, errors, PTX) keep `\n` and `\t`; names
//!   (device, driver, architecture) are one line.
//! - Numbers: a run's times must be positive and finite (a worker's `-1` or `0`
//!   would pass or fail `--check` forever), the other figures finite and in range.

use super::error::RuntimeError;
use super::protocol::Reply;
use super::request::{CompileReport, Prepared, ReadyList, RunPhases, RunResult};

/// Names: the device, the driver version, the architecture.
const NAME_CHARS: usize = 200;
/// One warning line.
const WARNING_CHARS: usize = 2_000;
/// Warnings kept from one reply.
const WARNINGS_KEPT: usize = 200;
/// Errors and logs (an NVRTC log with many errors stays readable in full).
const MESSAGE_CHARS: usize = 64 * 1024;
/// What a protocol error quotes of the offending line.
pub(super) const QUOTE_CHARS: usize = 200;

/// `text` with every control character visible and at most `max_chars`
/// characters (then `… (N more characters)`). `multi_line` keeps `\n` and `\t`.
pub fn neutralise(text: &str, max_chars: usize, multi_line: bool) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    let mut chars = text.chars();
    for (kept, c) in chars.by_ref().enumerate() {
        if kept == max_chars {
            let rest = 1 + chars.count();
            out.push_str(&format!("… ({rest} more characters)"));
            return out;
        }
        out.push(visible(c, multi_line));
    }
    out
}

/// One character as it may reach a terminal.
fn visible(c: char, multi_line: bool) -> char {
    match c as u32 {
        0x0a | 0x09 if multi_line => c,
        code @ 0..=0x1f => char::from_u32(0x2400 + code).unwrap_or('\u{fffd}'),
        0x7f => '\u{2421}',
        // C1 controls (0x9b is a one-byte CSI on some terminals) and the
        // bidirectional overrides and isolates, which reorder what is shown.
        0x80..=0x9f | 0x200e | 0x200f | 0x202a..=0x202e | 0x2066..=0x2069 => '\u{fffd}',
        _ => c,
    }
}

/// A quote of an offending line for a protocol error: lossy UTF-8, one line,
/// bounded.
pub(super) fn quote(bytes: &[u8]) -> String {
    // Only the first characters are shown: never decode more than they need.
    let head_bytes = &bytes[..bytes.len().min(QUOTE_CHARS * 4)];
    let head = String::from_utf8_lossy(head_bytes);
    let shown: String = head
        .chars()
        .take(QUOTE_CHARS)
        .map(|c| visible(c, false))
        .collect();
    if head_bytes.len() < bytes.len() || head.chars().count() > QUOTE_CHARS {
        format!("{shown}… ({} bytes in all)", bytes.len())
    } else {
        shown
    }
}

/// A decoded reply made safe, or the protocol error that refuses it.
pub(super) fn accept(reply: Reply) -> Result<Reply, RuntimeError> {
    Ok(match reply {
        Reply::Run(result) => Reply::Run(accept_run(result)?),
        Reply::Compile(report) => Reply::Compile(accept_compile(report)?),
        Reply::Prepare(list) => Reply::Prepare(
            list.into_iter()
                .map(accept_prepared)
                .collect::<Result<_, _>>()?,
        ),
        Reply::Queued(n) => Reply::Queued(n),
        Reply::Ready(list) => Reply::Ready(accept_ready(list)?),
        Reply::Device(name) => Reply::Device(neutralise(&name, NAME_CHARS, false)),
        Reply::Driver(version) => Reply::Driver(neutralise(&version, NAME_CHARS, false)),
        // It chooses what the client compiles for: nothing but `sm_XY`.
        Reply::Arch(arch) if super::precompiled::is_device_arch(&arch) => Reply::Arch(arch),
        Reply::Arch(arch) => {
            return Err(RuntimeError::Protocol(format!(
                "`arch` answered {}, not a GPU architecture (sm_XY)",
                quote(arch.as_bytes())
            )))
        }
        Reply::Error(e) => Reply::Error(accept_error(e)),
    })
}

fn accept_run(mut r: RunResult) -> Result<RunResult, RuntimeError> {
    positive_time("time_ms", r.time_ms)?;
    if let Some(ms) = r.cublas_ms {
        positive_time("cublas_ms", ms)?;
    }
    // Compile time is a wall-clock duration, reported, never compared: zero is
    // possible for a cached program, a negative one is not.
    finite_in("compile_ms", r.compile_ms, 0.0, f64::MAX)?;
    finite_in("gflops", r.gflops, 0.0, f64::MAX)?;
    finite_in("occupancy", r.occupancy, 0.0, 1.0)?;
    if let Some(pct) = r.pct_of_cublas {
        finite_in("pct_of_cublas", pct, 0.0, f64::MAX)?;
    }
    // Infinity is meaningful (an element NaN on one side only); NaN and
    // negative errors are not.
    if let Some(err) = r.max_rel_err {
        if err.is_nan() || err < 0.0 {
            return Err(refused("max_rel_err", err, "a relative error ≥ 0"));
        }
    }
    if let Some(p) = &r.phases {
        accept_phases(p)?;
    }
    r.device = neutralise(&r.device, NAME_CHARS, false);
    r.warnings = accept_warnings(r.warnings);
    Ok(r)
}

fn accept_phases(p: &RunPhases) -> Result<(), RuntimeError> {
    finite_in("phases.load_ms", p.load_ms, 0.0, f64::MAX)?;
    finite_in("phases.setup_ms", p.setup_ms, 0.0, f64::MAX)?;
    finite_in("phases.check_ms", p.check_ms, 0.0, f64::MAX)?;
    finite_in("phases.timing_ms", p.timing_ms, 0.0, f64::MAX)
}

fn accept_ready(list: ReadyList) -> Result<ReadyList, RuntimeError> {
    let mut ready = Vec::with_capacity(list.ready.len());
    for mut k in list.ready {
        finite_in("compile_ms", k.compile_ms, 0.0, f64::MAX)?;
        finite_in("compile_cpu_ms", k.compile_cpu_ms, 0.0, f64::MAX)?;
        k.error = k.error.map(accept_error);
        ready.push(k);
    }
    Ok(ReadyList {
        ready,
        compiling: list.compiling,
    })
}

fn accept_prepared(mut p: Prepared) -> Result<Prepared, RuntimeError> {
    finite_in("compile_ms", p.compile_ms, 0.0, f64::MAX)?;
    p.error = p.error.map(accept_error);
    Ok(p)
}

fn accept_compile(mut c: CompileReport) -> Result<CompileReport, RuntimeError> {
    finite_in("compile_ms", c.compile_ms, 0.0, f64::MAX)?;
    c.arch = neutralise(&c.arch, NAME_CHARS, false);
    // PTX is bounded by the reply line's limit already; it is shown in panes.
    c.ptx = neutralise(&c.ptx, usize::MAX, true);
    c.log = neutralise(&c.log, MESSAGE_CHARS, true);
    c.warnings = accept_warnings(c.warnings);
    Ok(c)
}

fn accept_warnings(warnings: Vec<String>) -> Vec<String> {
    let total = warnings.len();
    let mut kept: Vec<String> = warnings
        .iter()
        .take(WARNINGS_KEPT)
        .map(|w| neutralise(w, WARNING_CHARS, false))
        .collect();
    if total > WARNINGS_KEPT {
        kept.push(format!(
            "… {} more warnings from the worker",
            total - WARNINGS_KEPT
        ));
    }
    kept
}

/// The worker's own error, its text made safe (its kind is kept: it decides
/// whether the worker is replaced).
fn accept_error(e: RuntimeError) -> RuntimeError {
    let text = |s: String| neutralise(&s, MESSAGE_CHARS, true);
    match e {
        RuntimeError::NoDevice(s) => RuntimeError::NoDevice(text(s)),
        RuntimeError::NvrtcMissing(s) => RuntimeError::NvrtcMissing(text(s)),
        RuntimeError::Compile { log } => RuntimeError::Compile { log: text(log) },
        RuntimeError::Launch(s) => RuntimeError::Launch(text(s)),
        RuntimeError::Timeout(secs) if secs.is_finite() => RuntimeError::Timeout(secs),
        RuntimeError::Timeout(secs) => {
            RuntimeError::Protocol(format!("the worker reported a timeout of {secs} s"))
        }
        RuntimeError::WorkerCrashed(s) => RuntimeError::WorkerCrashed(text(s)),
        RuntimeError::Protocol(s) => RuntimeError::Protocol(text(s)),
        RuntimeError::InvalidRequest(s) => RuntimeError::InvalidRequest(text(s)),
        RuntimeError::Resources(s) => RuntimeError::Resources(text(s)),
        RuntimeError::Driver(s) => RuntimeError::Driver(text(s)),
        RuntimeError::Cublas(s) => RuntimeError::Cublas(text(s)),
    }
}

fn positive_time(field: &str, ms: f64) -> Result<(), RuntimeError> {
    if ms.is_finite() && ms > 0.0 {
        Ok(())
    } else {
        Err(refused(
            field,
            ms,
            "a positive, finite time in milliseconds",
        ))
    }
}

fn finite_in(field: &str, value: f64, low: f64, high: f64) -> Result<(), RuntimeError> {
    if value.is_finite() && (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(refused(
            field,
            value,
            &format!("a number in [{low}, {high}]"),
        ))
    }
}

fn refused(field: &str, value: f64, expected: &str) -> RuntimeError {
    RuntimeError::Protocol(format!(
        "the worker's reply has `{field}` = {value}, expected {expected}; \
         a worker that measures nothing is not trusted (is it a tirtui worker?)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_controls_become_visible() {
        let hostile = "GPU\u{1b}]0;owned\u{7}\u{1b}[2J\r\u{9b}31m\u{202e}x\u{7f}";
        let line = neutralise(hostile, 100, false);
        assert_eq!(line, "GPU␛]0;owned␇␛[2J␍\u{fffd}31m\u{fffd}x␡");
        assert!(!line.chars().any(|c| c.is_control()), "{line:?}");
        // Multi-line text keeps its lines and tabs, nothing else.
        assert_eq!(neutralise("a\n\tb\r\n", 100, true), "a\n\tb␍\n");
        assert_eq!(neutralise("a\nb", 100, false), "a␊b");
    }

    #[test]
    fn text_is_bounded_in_characters() {
        assert_eq!(neutralise("ééééé", 3, false), "ééé… (2 more characters)");
        assert_eq!(neutralise("abc", 3, false), "abc");
        let q = quote(&vec![b'x'; 10_000]);
        assert!(q.chars().count() < QUOTE_CHARS + 40, "{q}");
        assert!(q.ends_with("… (10000 bytes in all)"), "{q}");
        assert_eq!(quote(b"bad \xff\x1b[31m"), "bad \u{fffd}␛[31m");
    }
}
