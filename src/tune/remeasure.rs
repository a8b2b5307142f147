//! The best few re-measured before one wins (issue 31 item 5): during the
//! search each candidate is timed briefly (and a slow one only once), so the
//! fastest few are timed again with the full timing of `replay --run`, and
//! the winner is the fastest of that second measurement.

use super::search::{outcome_of_measurement, Measure, Outcome, Remeasured, Trial, TuneReport};
use crate::codegen::CudaKernel;

/// How many of the best candidates are measured again.
pub const REMEASURE_TOP: usize = 3;

/// Measures the `top` fastest trials again; `kernel_of` rebuilds a trial's
/// kernel. The report's `best()` then picks among them by the second time;
/// one that fails the second time cannot win.
pub fn remeasure_best(
    report: &mut TuneReport,
    top: usize,
    measure: &mut dyn Measure,
    kernel_of: &dyn Fn(&Trial) -> Option<CudaKernel>,
) {
    let mut timed: Vec<&Trial> = report
        .trials
        .iter()
        .filter(|t| t.time_ms().is_some())
        .collect();
    timed.sort_by(|a, b| {
        a.time_ms()
            .unwrap_or(f64::INFINITY)
            .total_cmp(&b.time_ms().unwrap_or(f64::INFINITY))
    });
    timed.truncate(top);
    let mut kernels: Vec<CudaKernel> = Vec::new();
    let mut rows: Vec<(usize, f64, Option<usize>)> = Vec::new();
    for t in &timed {
        let first_ms = t.time_ms().unwrap_or(f64::NAN);
        match kernel_of(t) {
            Some(k) => {
                rows.push((t.index, first_ms, Some(kernels.len())));
                kernels.push(k);
            }
            None => rows.push((t.index, first_ms, None)),
        }
    }
    let refs: Vec<&CudaKernel> = kernels.iter().collect();
    let results = if refs.is_empty() {
        Vec::new()
    } else {
        measure.remeasure(&refs)
    };
    let mut results: Vec<Option<_>> = results.into_iter().map(Some).collect();
    // A candidate not measured again (it no longer builds, the GPU was lost)
    // gets no row: nothing was learned about it.
    report.remeasured = rows
        .into_iter()
        .filter_map(|(trial, first_ms, at)| {
            let r = results.get_mut(at?)?.take()?;
            let ms = match outcome_of_measurement(r).ok()? {
                Outcome::Time { ms, .. } => Ok(ms),
                Outcome::Failed { reason, detail } => Err(format!("{reason}: {detail}")),
            };
            Some(Remeasured {
                trial,
                first_ms,
                ms,
            })
        })
        .collect();
}
