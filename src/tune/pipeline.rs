//! How the search's rounds reach the GPUs (issue 31: candidates per second).
//! The search submits round r+1 before it collects round r, so that the next
//! round is picked (population build, model scores) while the GPUs measure
//! the current one; the cost model learns round r after round r+1 was
//! picked (its update is deferred by one round). The order is the same
//! whatever measures the rounds, so a seed proposes the same candidates on
//! one GPU or several and on any number of threads:
//!
//! ```text
//! pick 0, submit 0 | pick 1, submit 1, collect 0, learn 0 | pick 2, submit 2, collect 1, learn 1 | ...
//! ```
//!
//! - `Streamed`: a `stream` measures the rounds: they overlap on the GPUs and
//!   the compile threads (local GPUs with a shared compile pool).
//! - `Batched`: `Measure::measure_batch` measures a round when it is
//!   collected (remote GPUs, older workers, tests' model GPUs): the same
//!   proposals, without the overlap.

use super::breakdown::MeasureBreakdown;
use super::search::{Measure, MeasureError, Measured};
use super::stream::Stream;
use crate::codegen::CudaKernel;
use std::sync::atomic::AtomicBool;

/// One result per submitted kernel, in submission order (`None`: not
/// measured, the search was stopped).
pub type RoundResults = Vec<Option<Result<Measured, MeasureError>>>;

/// Where the search's rounds are measured.
pub trait Rounds {
    /// Sends a round's kernels to be measured; returns its number.
    fn submit(&mut self, kernels: Vec<CudaKernel>) -> usize;
    /// Waits for round `id` and answers its results, and where its time went
    /// when the measurer can tell.
    fn collect(&mut self, id: usize) -> (RoundResults, Option<MeasureBreakdown>);
    /// The best time of the search so far (the database's included).
    fn note_best_ms(&mut self, ms: f64);
}

/// Rounds measured by a running stream.
pub struct Streamed<'s, 'b>(pub &'s Stream<'b>);

impl Rounds for Streamed<'_, '_> {
    fn submit(&mut self, kernels: Vec<CudaKernel>) -> usize {
        self.0.submit(kernels)
    }

    fn collect(&mut self, id: usize) -> (RoundResults, Option<MeasureBreakdown>) {
        let batch = self.0.collect(id);
        (batch.results, Some(batch.breakdown))
    }

    fn note_best_ms(&mut self, _ms: f64) {
        // The stream's runners share one best and offer every correct time
        // to it; the database's best was noted before the stream started.
    }
}

/// Rounds measured one at a time by `measure_batch`, each when collected.
pub struct Batched<'m, 'a> {
    measure: &'m mut dyn Measure,
    stop: &'a AtomicBool,
    waiting: Vec<Option<Vec<CudaKernel>>>,
}

impl<'m, 'a> Batched<'m, 'a> {
    pub fn new(measure: &'m mut dyn Measure, stop: &'a AtomicBool) -> Self {
        Batched {
            measure,
            stop,
            waiting: Vec::new(),
        }
    }
}

impl Rounds for Batched<'_, '_> {
    fn submit(&mut self, kernels: Vec<CudaKernel>) -> usize {
        self.waiting.push(Some(kernels));
        self.waiting.len() - 1
    }

    fn collect(&mut self, id: usize) -> (RoundResults, Option<MeasureBreakdown>) {
        let kernels = self.waiting.get_mut(id).and_then(Option::take);
        let kernels = kernels.unwrap_or_default();
        let refs: Vec<&CudaKernel> = kernels.iter().collect();
        let mut results: RoundResults = self
            .measure
            .measure_batch(&refs, self.stop)
            .into_iter()
            .map(Some)
            .collect();
        // `measure_batch` answers a prefix after a stop or a `Fatal`.
        results.resize_with(kernels.len().max(results.len()), || None);
        (results, self.measure.take_breakdown())
    }

    fn note_best_ms(&mut self, ms: f64) {
        self.measure.note_best_ms(ms);
    }
}
