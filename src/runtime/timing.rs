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

/// The fewest timed runs under a time budget.
pub const MIN_BUDGET_RUNS: u32 = 5;

/// How many of `runs` to time when each takes about `per_run_ms` and the timed
/// runs should take about `budget_ms` together: never fewer than
/// `MIN_BUDGET_RUNS`, never more than `runs`.
pub fn runs_within(runs: u32, budget_ms: Option<f64>, per_run_ms: f64) -> u32 {
    let Some(budget) = budget_ms.filter(|b| b.is_finite() && *b > 0.0) else {
        return runs;
    };
    if !per_run_ms.is_finite() || per_run_ms <= 0.0 {
        return runs;
    }
    let fit = (budget / per_run_ms).floor();
    let fit = if fit >= f64::from(runs) {
        runs
    } else {
        fit as u32
    };
    fit.clamp(MIN_BUDGET_RUNS.min(runs), runs)
}

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

/// How the runs are timed besides their count.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimingOptions {
    /// See `runs_within`.
    pub budget_ms: Option<f64>,
    /// Evict L2 before every run (`Device::flush_l2`), outside the timed span.
    pub flush_l2: bool,
    /// A kernel whose first warm-up run takes longer (milliseconds) is timed
    /// once more and no further (`Timed::quick`).
    pub quick_above_ms: Option<f64>,
}

/// The per-run times in milliseconds, and whether the kernel was timed the
/// quick way (one warm-up, one timed run) for being slow.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    pub times: Vec<f64>,
    pub quick: bool,
}

/// Runs `prepare(); launch()` `WARMUP_RUNS` times, then `runs` times with events
/// around each `launch`, and returns the per-run times in milliseconds. With a
/// budget, the warm-up's wall time decides how many of the `runs` fit in it
/// (`runs_within`): a slow candidate of a search is timed fewer times. With
/// `flush_l2`, L2 is overwritten after each `prepare` (whose own writes would
/// otherwise sit in L2) and before the start event.
pub fn time_runs(
    dev: &Device,
    runs: u32,
    options: TimingOptions,
    prepare: &mut dyn FnMut() -> Result<(), RuntimeError>,
    launch: &mut dyn FnMut() -> Result<(), RuntimeError>,
) -> Result<Timed, RuntimeError> {
    let budget_ms = options.budget_ms;
    let mut prepare = || -> Result<(), RuntimeError> {
        prepare()?;
        if options.flush_l2 {
            dev.flush_l2()?;
        }
        Ok(())
    };
    let new_event = || {
        dev.ctx
            .new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))
            .map_err(|e| RuntimeError::Driver(driver_message(e)))
    };
    let warmup = std::time::Instant::now();
    let mut untimed_warmups = WARMUP_RUNS;
    if let Some(limit) = options.quick_above_ms.filter(|l| l.is_finite() && *l > 0.0) {
        let (start, end) = (new_event()?, new_event()?);
        let mut timed_once = |prepare: &mut dyn FnMut() -> Result<(), RuntimeError>| {
            prepare()?;
            record_on(dev, &start)?;
            launch()?;
            record_on(dev, &end)?;
            dev.sync()?;
            elapsed_ms(&start, &end)
        };
        if timed_once(&mut prepare)? > limit {
            return Ok(Timed {
                times: vec![timed_once(&mut prepare)?],
                quick: true,
            });
        }
        untimed_warmups -= 1;
    }
    for _ in 0..untimed_warmups {
        prepare()?;
        launch()?;
    }
    dev.sync()?;
    let per_run_ms = warmup.elapsed().as_secs_f64() * 1e3 / f64::from(WARMUP_RUNS);
    let runs = runs_within(runs, budget_ms, per_run_ms);
    let mut spans: Vec<(CudaEvent, CudaEvent)> = Vec::with_capacity(runs as usize);
    for _ in 0..runs {
        spans.push((new_event()?, new_event()?));
    }
    for (start, end) in &spans {
        prepare()?;
        record_on(dev, start)?;
        launch()?;
        record_on(dev, end)?;
    }
    dev.sync()?;
    let times = spans
        .iter()
        .map(|(start, end)| elapsed_ms(start, end))
        .collect::<Result<Vec<f64>, RuntimeError>>()?;
    Ok(Timed {
        times,
        quick: false,
    })
}

fn record_on(dev: &Device, ev: &CudaEvent) -> Result<(), RuntimeError> {
    ev.record(&dev.stream)
        .map_err(|e| RuntimeError::Driver(driver_message(e)))
}

fn elapsed_ms(start: &CudaEvent, end: &CudaEvent) -> Result<f64, RuntimeError> {
    start
        .elapsed_ms(end)
        .map(f64::from)
        .map_err(|e| RuntimeError::Driver(driver_message(e)))
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

    #[test]
    fn a_budget_times_slow_kernels_fewer_times() {
        assert_eq!(runs_within(20, None, 50.0), 20);
        assert_eq!(runs_within(20, Some(100.0), 0.01), 20);
        assert_eq!(runs_within(20, Some(100.0), 10.0), 10);
        assert_eq!(runs_within(20, Some(100.0), 70.0), MIN_BUDGET_RUNS);
        // Never more than asked, whatever the budget.
        assert_eq!(runs_within(3, Some(100.0), 70.0), 3);
        // A meaningless budget or estimate changes nothing.
        assert_eq!(runs_within(20, Some(f64::NAN), 10.0), 20);
        assert_eq!(runs_within(20, Some(-1.0), 10.0), 20);
        assert_eq!(runs_within(20, Some(100.0), 0.0), 20);
    }
}
