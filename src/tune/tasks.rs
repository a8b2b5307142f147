//! Tuning a whole model: several tasks (workloads) share one trial budget, and
//! a task scheduler gives each round to the task where more trials are expected
//! to cut the model's total latency most (Ansor's and MetaSchedule's
//! gradient-based scheduler, seed 003).
//!
//! The scheduler only decides; it knows nothing of how a round is searched or
//! measured. After each round the caller reports the task's best time so far
//! (`record_round`), and asks for the next task (`next_task`).
//!
//! MetaSchedule's rule, which this follows (defaults alpha 0.2, window 3): every
//! task is tuned once in turn; then for each task still running, with `h` the
//! history of its best time after each round (`n` rounds) and `w` the window,
//! `g = alpha * (h[n-1-w] - h[n-1]) / w + (1 - alpha) * h[n-1] / n` (the first
//! term 0 until there are `w + 1` rounds), times the task's weight; the largest
//! `g` wins, and a tie over all tasks is broken at random. A task that never
//! measured a valid candidate counts as 1e100 ms, so it is tried again first.

use crate::schedule::primitive::sampling::Rng;
use std::fmt::Write;

/// MetaSchedule's `GradientBased` defaults.
pub const ALPHA: f64 = 0.2;
pub const WINDOW: usize = 3;
/// The best time of a task with no valid measurement (MetaSchedule's 1e100 ms).
const NO_TIME_MS: f64 = 1e100;

/// One task as the scheduler and its table see it.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskRecord {
    pub name: String,
    /// Floating-point operations of one run (at least 1, as MetaSchedule).
    pub flop: f64,
    /// How many times the model runs this task per inference.
    pub weight: f64,
    /// The task's best time (ms) after each of its rounds.
    pub best_ms_history: Vec<f64>,
    /// Candidates measured (or read from the database) for this task.
    pub trials: usize,
    /// The first valid time measured for the task (its first round's first
    /// correct candidate): the model's latency "before" tuning.
    pub first_ms: Option<f64>,
    /// No more rounds for this task: its share of trials is spent or its space
    /// has no candidate left.
    pub done: bool,
}

impl TaskRecord {
    pub fn new(name: impl Into<String>, flop: f64, weight: f64) -> TaskRecord {
        TaskRecord {
            name: name.into(),
            flop: flop.max(1.0),
            weight,
            best_ms_history: Vec::new(),
            trials: 0,
            first_ms: None,
            done: false,
        }
    }

    /// The best valid time so far, if any.
    pub fn best_ms(&self) -> Option<f64> {
        self.best_ms_history
            .last()
            .copied()
            .filter(|&t| t < NO_TIME_MS)
    }
}

/// The gradient-based task scheduler.
#[derive(Clone, Debug)]
pub struct TaskScheduler {
    pub tasks: Vec<TaskRecord>,
    pub alpha: f64,
    pub window: usize,
    rounds: usize,
    rng: Rng,
}

impl TaskScheduler {
    pub fn new(tasks: Vec<TaskRecord>, seed: u64) -> TaskScheduler {
        TaskScheduler {
            tasks,
            alpha: ALPHA,
            window: WINDOW,
            rounds: 0,
            rng: Rng(seed),
        }
    }

    /// The task for the next round, or `None` when every task is done.
    pub fn next_task(&mut self) -> Option<usize> {
        let n = self.tasks.len();
        // Round robin first: each task once, in order (done ones skipped).
        while self.rounds < n {
            let i = self.rounds;
            self.rounds += 1;
            if !self.tasks[i].done {
                return Some(i);
            }
        }
        self.rounds += 1;
        let alive: Vec<usize> = (0..n).filter(|&i| !self.tasks[i].done).collect();
        if alive.is_empty() {
            return None;
        }
        let grads: Vec<f64> = alive.iter().map(|&i| self.gradient(i)).collect();
        let max = grads.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let min = grads.iter().copied().fold(f64::INFINITY, f64::min);
        if max == min {
            return Some(alive[self.rng.below(alive.len() as u64) as usize]);
        }
        // The first of the largest, as `std::max_element`.
        let at = grads.iter().position(|&g| g == max)?;
        Some(alive[at])
    }

    /// The expected latency reduction of one more round of task `i`, weighted.
    pub fn gradient(&self, i: usize) -> f64 {
        let task = &self.tasks[i];
        let h = &task.best_ms_history;
        let n = h.len();
        let Some(&best) = h.last() else {
            // Not tuned yet: as an untried task in the round robin, first.
            return f64::INFINITY;
        };
        let w = self.window;
        let g1 = if n > w {
            (h[n - 1 - w] - best) / w as f64
        } else {
            0.0
        };
        let g2 = best / n as f64;
        (self.alpha * g1 + (1.0 - self.alpha) * g2) * task.weight
    }

    /// What round of task `i` gave: `measured` candidates, and the best valid
    /// time among them (`None`: no valid one this round).
    pub fn record_round(&mut self, i: usize, measured: usize, best_ms: Option<f64>) {
        let Some(task) = self.tasks.get_mut(i) else {
            return;
        };
        let before = task.best_ms_history.last().copied().unwrap_or(NO_TIME_MS);
        let now = best_ms
            .filter(|t| t.is_finite() && *t > 0.0)
            .map_or(before, |t| t.min(before));
        task.best_ms_history.push(now);
        task.trials += measured;
    }

    /// The model's latency: the sum of each task's best time times its weight,
    /// over the tasks with a valid time (ms).
    pub fn total_latency_ms(&self) -> f64 {
        self.tasks
            .iter()
            .filter_map(|t| t.best_ms().map(|b| b * t.weight))
            .fold(0.0, |a, b| a + b)
    }

    /// Keeps `ms` as task `i`'s first valid time unless it has one.
    pub fn record_first(&mut self, i: usize, ms: f64) {
        if let Some(task) = self.tasks.get_mut(i) {
            if task.first_ms.is_none() && ms.is_finite() && ms > 0.0 {
                task.first_ms = Some(ms);
            }
        }
    }

    /// The model's latency before tuning and after it (ms): the sum of weight
    /// x first valid time, and of weight x best time, over the tasks that have
    /// a valid time (the same tasks on both sides).
    pub fn total_before_after_ms(&self) -> (f64, f64) {
        self.tasks
            .iter()
            .filter_map(|t| Some((t.first_ms? * t.weight, t.best_ms()? * t.weight)))
            .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y))
    }

    /// The totals' line under the table.
    pub fn before_after_line(&self) -> String {
        let (before, after) = self.total_before_after_ms();
        if after <= 0.0 {
            return "Total latency: no task has a valid time yet".into();
        }
        format!(
            "Total latency: before {:.3} us (each task's first valid candidate), after {:.3} us ({:.2}x faster)",
            before * 1e3,
            after * 1e3,
            before / after
        )
    }

    pub fn total_trials(&self) -> usize {
        self.tasks.iter().map(|t| t.trials).sum()
    }

    /// MetaSchedule's table: ID, name, FLOP, weight, speed, latency, weighted
    /// latency, trials, done; then the totals.
    pub fn table(&self) -> String {
        let head = [
            "ID",
            "Name",
            "FLOP",
            "Weight",
            "Speed (GFLOPS)",
            "Latency (us)",
            "Weighted Latency (us)",
            "Trials",
            "Done",
        ];
        let mut rows: Vec<Vec<String>> = Vec::with_capacity(self.tasks.len());
        for (i, t) in self.tasks.iter().enumerate() {
            let (speed, latency, weighted) = match t.best_ms() {
                Some(ms) => {
                    let us = ms * 1000.0;
                    (
                        format!("{:.4}", t.flop / us / 1000.0),
                        format!("{us:.4}"),
                        format!("{:.4}", us * t.weight),
                    )
                }
                None => ("N/A".into(), "N/A".into(), "N/A".into()),
            };
            rows.push(vec![
                i.to_string(),
                t.name.clone(),
                format!("{}", t.flop.round() as u64),
                format_weight(t.weight),
                speed,
                latency,
                weighted,
                t.trials.to_string(),
                if t.done { "Y".into() } else { String::new() },
            ]);
        }
        let mut widths: Vec<usize> = head.iter().map(|h| h.len()).collect();
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let line = |cells: &[String]| {
            let mut s = String::from("|");
            for (cell, w) in cells.iter().zip(&widths) {
                let _ = write!(s, " {cell:>w$} |");
            }
            s.push('\n');
            s
        };
        let sep: String = {
            let mut s = String::from("|");
            for w in &widths {
                s.push_str(&"-".repeat(w + 2));
                s.push('|');
            }
            s.push('\n');
            s
        };
        let mut out = line(&head.map(String::from));
        out.push_str(&sep);
        for row in &rows {
            out.push_str(&line(row));
        }
        let _ = write!(
            out,
            "Total trials: {}\nTotal latency (us): {:.4}\n",
            self.total_trials(),
            self.total_latency_ms() * 1000.0
        );
        out
    }
}

fn format_weight(w: f64) -> String {
    if w.fract() == 0.0 && w.abs() < 1e15 {
        format!("{}", w as i64)
    } else {
        format!("{w}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scheduler(weights: &[f64]) -> TaskScheduler {
        let tasks = weights
            .iter()
            .enumerate()
            .map(|(i, &w)| TaskRecord::new(format!("t{i}"), 1e9, w))
            .collect();
        TaskScheduler::new(tasks, 7)
    }

    #[test]
    fn latency_before_and_after_weigh_the_same_tasks() {
        let mut s = scheduler(&[2.0, 3.0, 1.0]);
        s.record_first(0, 4.0);
        s.record_round(0, 64, Some(1.0));
        s.record_first(0, 9.0); // not the first any more
        s.record_first(1, 2.0);
        s.record_round(1, 64, Some(2.0));
        // Task 2 never ran correctly: on neither side.
        s.record_round(2, 64, None);
        assert_eq!(
            s.total_before_after_ms(),
            (2.0 * 4.0 + 3.0 * 2.0, 2.0 + 6.0)
        );
        assert!(
            s.before_after_line().contains("1.75x"),
            "{}",
            s.before_after_line()
        );
    }

    #[test]
    fn every_task_is_tuned_once_in_order_before_any_gradient() {
        let mut s = scheduler(&[1.0, 1.0, 1.0]);
        for want in 0..3 {
            let i = s.next_task().unwrap();
            assert_eq!(i, want);
            s.record_round(i, 64, Some(1.0));
        }
    }

    #[test]
    fn the_gradient_is_metaschedules_formula() {
        let mut s = scheduler(&[2.0]);
        s.tasks[0].best_ms_history = vec![10.0, 8.0, 6.0, 5.0, 4.0];
        // n = 5, w = 3: g1 = (h[1] - h[4]) / 3 = (8 - 4) / 3; g2 = 4 / 5.
        let want = (0.2 * (4.0 / 3.0) + 0.8 * (4.0 / 5.0)) * 2.0;
        assert!((s.gradient(0) - want).abs() < 1e-12);
        // Fewer rounds than the window: only the second term.
        s.tasks[0].best_ms_history = vec![10.0, 8.0];
        assert!((s.gradient(0) - 0.8 * 4.0 * 2.0).abs() < 1e-12);
    }

    #[test]
    fn the_task_whose_latency_weighs_most_gets_the_next_round() {
        let mut s = scheduler(&[1.0, 10.0, 1.0]);
        for _ in 0..3 {
            let i = s.next_task().unwrap();
            s.record_round(i, 64, Some(2.0));
        }
        // Same times: the weight-10 task has the largest gradient.
        assert_eq!(s.next_task(), Some(1));
        // A task that is 100x slower wins over the weight.
        s.tasks[2].best_ms_history = vec![200.0];
        assert_eq!(s.next_task(), Some(2));
    }

    #[test]
    fn a_task_without_a_valid_time_is_retried_first_and_done_tasks_never() {
        let mut s = scheduler(&[1.0, 1.0]);
        let a = s.next_task().unwrap();
        s.record_round(a, 64, Some(1.0));
        let b = s.next_task().unwrap();
        s.record_round(b, 64, None);
        assert_eq!(s.next_task(), Some(1));
        s.tasks[1].done = true;
        assert_eq!(s.next_task(), Some(0));
        s.tasks[0].done = true;
        assert_eq!(s.next_task(), None);
    }

    #[test]
    fn a_round_never_makes_the_best_time_worse() {
        let mut s = scheduler(&[1.0]);
        s.record_round(0, 10, Some(3.0));
        s.record_round(0, 10, Some(5.0));
        s.record_round(0, 10, None);
        s.record_round(0, 10, Some(f64::NAN));
        assert_eq!(s.tasks[0].best_ms_history, vec![3.0, 3.0, 3.0, 3.0]);
        assert_eq!(s.tasks[0].trials, 40);
    }

    #[test]
    fn ties_are_broken_at_random_among_running_tasks() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..32 {
            let mut s = scheduler(&[1.0, 1.0, 1.0]);
            s.rng = Rng(seed);
            for _ in 0..3 {
                let i = s.next_task().unwrap();
                s.record_round(i, 1, Some(1.0));
            }
            seen.insert(s.next_task().unwrap());
        }
        assert_eq!(
            seen.len(),
            3,
            "every tied task should be drawn for some seed"
        );
    }

    #[test]
    fn the_table_has_metaschedules_columns_and_totals() {
        let mut s = scheduler(&[1.0, 3.0]);
        s.tasks[0].name = "gemm".into();
        s.tasks[0].flop = 2.0 * 1024.0 * 1024.0 * 1024.0;
        s.record_round(0, 64, Some(0.1));
        s.tasks[1].done = true;
        let t = s.table();
        assert!(t.contains("| ID |"), "{t}");
        assert!(t.contains("Weighted Latency (us)"), "{t}");
        // 2 GFLOP in 100 us: 21474.8365 GFLOP/s.
        assert!(t.contains("21474.8365"), "{t}");
        assert!(t.contains(" 100.0000 |"), "{t}");
        assert!(t.contains("N/A"), "{t}");
        // No time yet: zero, not the empty float sum's -0.
        assert!(scheduler(&[1.0])
            .table()
            .contains("Total latency (us): 0.0000"));
        assert!(t.contains("Total trials: 64"), "{t}");
        assert!(t.contains("Total latency (us): 100.0000"), "{t}");
    }
}
