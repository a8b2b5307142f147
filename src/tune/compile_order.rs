//! Which queued kernel a free compile thread takes next (issue 31: keep
//! every core compiling). A round waits for its slowest compile, so the
//! kernels most likely to compile slowly start first (longest first, the
//! classic list-scheduling rule): a 20 s compile started last holds the round
//! 20 s after every other compile has ended, started first it overlaps them.
//!
//! A compile's time is not known before it runs, so it is estimated from
//! the compiles of this tune that have ended: the mean wall time of the
//! `NEIGHBOURS` finished kernels whose source looks most alike (length and
//! the counts of what NVVM's optimizer spends its time on: unrolled loops,
//! loops, asynchronous copies). Before any compile has ended the longest
//! source goes first: the explicitly unrolled candidates' CUDA runs to
//! hundreds of kB and those are the slow compiles (docs/tuning.md). Only the
//! order of the compiles changes: every
//! candidate is compiled and measured, and results keep the proposals'
//! order, so the search proposes what it proposed before.

use crate::codegen::CudaKernel;
use std::collections::VecDeque;

/// How many finished compiles an estimate averages.
const NEIGHBOURS: usize = 3;

/// The finished compiles kept for estimates (the latest ones).
const KEPT: usize = 512;

/// What an estimate compares of a kernel's CUDA source.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SourceShape([f64; 4]);

impl SourceShape {
    pub fn of(kernel: &CudaKernel) -> SourceShape {
        let s = &kernel.source;
        let count = |pat: &str| s.matches(pat).count() as f64;
        // Logarithms: a kernel twice as long is about as far from its half
        // as a kernel of 4 unrolled loops from one of 2.
        let log = |x: f64| (1.0 + x).ln();
        SourceShape([
            log(s.len() as f64),
            log(count("#pragma unroll")),
            log(count("for (")),
            log(count("cp.async") + count("__pipeline")),
        ])
    }

    fn distance(&self, o: &SourceShape) -> f64 {
        self.0
            .iter()
            .zip(&o.0)
            .map(|(a, b)| (a - b) * (a - b))
            .sum()
    }
}

/// The compiles of this tune that have ended, for estimates.
#[derive(Debug, Default)]
pub struct CompileTimes {
    done: VecDeque<(SourceShape, f64)>,
}

impl CompileTimes {
    /// Notes a finished compile's wall time (a stopped one is not noted; a
    /// compile past the time limit is, with the limit as its time).
    pub fn note(&mut self, shape: SourceShape, wall_s: f64) {
        if self.done.len() == KEPT {
            self.done.pop_front();
        }
        self.done.push_back((shape, wall_s));
    }

    /// The expected wall time of a compile of `shape`; `None` before any
    /// compile has ended.
    pub fn estimate(&self, shape: &SourceShape) -> Option<f64> {
        if self.done.is_empty() {
            return None;
        }
        let mut near: Vec<(f64, f64)> = self
            .done
            .iter()
            .map(|(s, t)| (s.distance(shape), *t))
            .collect();
        let k = NEIGHBOURS.min(near.len());
        near.select_nth_unstable_by(k - 1, |a, b| a.0.total_cmp(&b.0));
        Some(near[..k].iter().map(|(_, t)| t).sum::<f64>() / k as f64)
    }

    /// The place in `queue` of the kernel to compile next: among the queued
    /// kernels of the earliest round still queued (an earlier round is
    /// collected first), the one expected to compile longest (the longest
    /// source while no compile has ended); the first of them on a tie.
    pub fn pick(&self, queue: &VecDeque<(usize, usize, SourceShape)>) -> Option<usize> {
        let round = queue.iter().map(|q| q.1).min()?;
        let mut best: Option<(usize, f64)> = None;
        for (at, (_, r, shape)) in queue.iter().enumerate() {
            if *r != round {
                continue;
            }
            let est = self.estimate(shape).unwrap_or(shape.0[0]);
            if best.is_none_or(|(_, b)| est > b) {
                best = Some((at, est));
            }
        }
        best.map(|(at, _)| at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel(unrolls: usize, pad: usize) -> CudaKernel {
        let mut source = "extern \"C\" __global__ void k() {\n".to_string();
        for _ in 0..unrolls {
            source.push_str("#pragma unroll\nfor (int i = 0; i < 8; ++i) {}\n");
        }
        source.push_str(&" ".repeat(pad));
        source.push('}');
        CudaKernel {
            name: "k".into(),
            source,
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            static_shared_bytes: 0,
            local_bytes: 0,
            args: vec![],
            launches: vec![],
            temporaries: vec![],
        }
    }

    #[test]
    fn nothing_known_takes_the_longest_source_of_the_earliest_round() {
        let times = CompileTimes::default();
        let (short, long) = (
            SourceShape::of(&kernel(1, 0)),
            SourceShape::of(&kernel(1, 5000)),
        );
        let queue: VecDeque<_> = [(6, 2, long), (7, 1, short), (8, 1, long), (9, 1, long)].into();
        // The earliest round first, then its longest, the first on a tie.
        assert_eq!(times.pick(&queue), Some(2));
        let same: VecDeque<_> = [(7, 1, short), (8, 1, short)].into();
        assert_eq!(times.pick(&same), Some(0));
        assert_eq!(times.pick(&VecDeque::new()), None);
    }

    #[test]
    fn the_kernel_like_the_slow_ones_goes_first_within_its_round() {
        let mut times = CompileTimes::default();
        let (fast, slow) = (kernel(1, 100), kernel(12, 100));
        for _ in 0..4 {
            times.note(SourceShape::of(&fast), 0.2);
            times.note(SourceShape::of(&slow), 9.0);
        }
        let est = times.estimate(&SourceShape::of(&kernel(11, 120))).unwrap();
        assert!(est > 8.0, "{est}");
        let queue: VecDeque<_> = [
            (0, 0, SourceShape::of(&fast)),
            (1, 0, SourceShape::of(&fast)),
            (2, 0, SourceShape::of(&kernel(11, 120))),
            // A later round's slow kernel waits for this round's.
            (3, 1, SourceShape::of(&slow)),
        ]
        .into();
        assert_eq!(times.pick(&queue), Some(2));
    }

    #[test]
    fn only_the_latest_compiles_are_kept() {
        let mut times = CompileTimes::default();
        let shape = SourceShape::of(&kernel(2, 0));
        for _ in 0..KEPT {
            times.note(shape, 100.0);
        }
        times.note(shape, 1.0);
        assert_eq!(times.done.len(), KEPT);
        assert_eq!(times.done.back().map(|d| d.1), Some(1.0));
    }
}
