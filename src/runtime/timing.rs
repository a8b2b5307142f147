//! Timing launches with device events on the device's stream: warm-up, then the
//! median of many runs.
//!
//! Each run is `prepare` (outside the timed span, e.g. poisoning outputs) followed
//! by `launch` between two events; knows nothing of what is launched.

use super::device::{driver_message, Device};
use super::error::RuntimeError;
use cudarc::driver::sys::CUevent_flags;
use cudarc::driver::CudaEvent;

/// Untimed runs first: module load, caches and clocks settle.
pub const WARMUP_RUNS: u32 = 3;

/// The median of `xs` (mean of the middle two for even counts); NaN when empty.
pub fn median(xs: &[f64]) -> f64 {
    let mut v: Vec<f64> = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Runs `prepare(); launch()` `WARMUP_RUNS` times, then `runs` times with events
/// around each `launch`, and returns the per-run times in milliseconds.
pub fn time_runs(
    dev: &Device,
    runs: u32,
    prepare: &mut dyn FnMut() -> Result<(), RuntimeError>,
    launch: &mut dyn FnMut() -> Result<(), RuntimeError>,
) -> Result<Vec<f64>, RuntimeError> {
    for _ in 0..WARMUP_RUNS {
        prepare()?;
        launch()?;
    }
    dev.sync()?;
    let new_event = || {
        dev.ctx
            .new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))
            .map_err(|e| RuntimeError::Driver(driver_message(e)))
    };
    let mut spans: Vec<(CudaEvent, CudaEvent)> = Vec::with_capacity(runs as usize);
    for _ in 0..runs {
        spans.push((new_event()?, new_event()?));
    }
    let record = |ev: &CudaEvent| {
        ev.record(&dev.stream)
            .map_err(|e| RuntimeError::Driver(driver_message(e)))
    };
    for (start, end) in &spans {
        prepare()?;
        record(start)?;
        launch()?;
        record(end)?;
    }
    dev.sync()?;
    spans
        .iter()
        .map(|(start, end)| {
            start
                .elapsed_ms(end)
                .map(f64::from)
                .map_err(|e| RuntimeError::Driver(driver_message(e)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[5.0]), 5.0);
        assert!(median(&[]).is_nan());
        // One slow outlier does not move the median.
        assert_eq!(median(&[1.0, 1.0, 1.0, 100.0, 1.0]), 1.0);
    }
}
