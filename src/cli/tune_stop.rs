//! The stop of `tirtui tune`: the first SIGINT / SIGTERM or the end of
//! `--time` sets the flag the search polls; a second signal, a second or
//! more later, exits at once.
//!
//! May use: `cli`, `runtime` (its time text).

use super::tune::TuneArgs;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How long after the first stop signal a second one means: exit now.
const SECOND_SIGNAL_AFTER_MS: u64 = 1000;

/// The stop flag of a tune: set by the first SIGINT (Ctrl-C) or SIGTERM, a
/// second one at least `SECOND_SIGNAL_AFTER_MS` later exits at once (130 /
/// 143); set by `--time` when it ends. A stop kills the compiles in flight,
/// lets the GPU runs in flight end, and the best session and the report are
/// still written.
pub(super) fn stop_flag(args: &TuneArgs) -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let start = std::time::Instant::now();
    // When the first signal came (ms since `start`, plus 1; 0: none yet).
    let first_ms = Arc::new(std::sync::atomic::AtomicU64::new(0));
    for (signal, status) in [
        (signal_hook::consts::SIGINT, 130),
        (signal_hook::consts::SIGTERM, 143),
    ] {
        let (stop, first_ms) = (Arc::clone(&stop), Arc::clone(&first_ms));
        let on_signal = move || {
            let now_ms = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX - 1) + 1;
            match first_ms.compare_exchange(0, now_ms, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => stop.store(true, Ordering::SeqCst),
                // A user's second Ctrl-C. One stop often arrives twice at
                // once (`timeout` signals the command and then its process
                // group): such a repeat must not cut the report short.
                Err(first) if now_ms.saturating_sub(first) >= SECOND_SIGNAL_AFTER_MS => {
                    signal_hook::low_level::exit(status)
                }
                Err(_) => {}
            }
        };
        // SAFETY: the handler only reads the monotonic clock (clock_gettime
        // is async-signal-safe), touches atomics and calls `_exit`.
        let _ = unsafe { signal_hook::low_level::register(signal, on_signal) };
    }
    if let Some(budget) = args.time {
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(budget);
            if !flag.swap(true, Ordering::Relaxed) {
                eprintln!(
                    "time budget of {} s ended: stopping (--time)",
                    crate::runtime::compile_child::seconds_text(budget)
                );
            }
        });
    }
    stop
}
