//! How well a model ranks measured candidates: the tune report prints it for
//! every measured batch (predicted score against measured time).

/// Rank agreement between predicted scores and measured throughput.
#[derive(Clone, Debug, PartialEq)]
pub struct RankingQuality {
    /// Candidates compared (failed ones count with throughput 0).
    pub n: usize,
    /// Spearman's rank correlation, -1..1 (0: no better than random).
    pub spearman: f64,
    /// Kendall's tau-b, -1..1.
    pub kendall_tau: f64,
    /// The `k` of the recall.
    pub top_k: usize,
    /// Share of the measured `top_k` fastest that are among the predicted
    /// `top_k` best (random ranking: about `top_k / n`).
    pub top_k_recall: f64,
}

/// Compares `predicted` (higher = faster) with `measured_ms` (`None`:
/// failed); `None` with fewer than two candidates.
pub fn ranking_quality(
    predicted: &[f64],
    measured_ms: &[Option<f64>],
    top_k: usize,
) -> Option<RankingQuality> {
    let n = predicted.len().min(measured_ms.len());
    if n < 2 {
        return None;
    }
    let pred = &predicted[..n];
    let throughput: Vec<f64> = measured_ms[..n]
        .iter()
        .map(|m| match m {
            Some(ms) if ms.is_finite() && *ms > 0.0 => 1.0 / ms,
            _ => 0.0,
        })
        .collect();
    let k = top_k.clamp(1, n);
    let best_pred = top_indices(pred, k);
    let best_true = top_indices(&throughput, k);
    let hits = best_true.iter().filter(|i| best_pred.contains(i)).count();
    Some(RankingQuality {
        n,
        spearman: pearson(&ranks(pred), &ranks(&throughput)),
        kendall_tau: kendall_tau_b(pred, &throughput),
        top_k: k,
        top_k_recall: hits as f64 / k as f64,
    })
}

/// Indices of the `k` largest values (ties by index).
fn top_indices(v: &[f64], k: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|a, b| v[*b].total_cmp(&v[*a]).then(a.cmp(b)));
    idx.truncate(k);
    idx
}

/// Fractional ranks (ties share their mean rank).
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|a, b| v[*a].total_cmp(&v[*b]));
    let mut out = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0;
        for &at in &idx[i..=j] {
            out[at] = mean;
        }
        i = j + 1;
    }
    out
}

fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma).powi(2);
        sbb += (y - mb).powi(2);
    }
    if saa == 0.0 || sbb == 0.0 {
        return 0.0;
    }
    sab / (saa * sbb).sqrt()
}

/// Kendall's tau-b over all pairs (the batches are small: 64 candidates).
fn kendall_tau_b(a: &[f64], b: &[f64]) -> f64 {
    let (mut concordant, mut discordant, mut tie_a, mut tie_b) = (0i64, 0i64, 0i64, 0i64);
    for i in 0..a.len() {
        for j in i + 1..a.len() {
            let da = a[i].total_cmp(&a[j]) as i64;
            let db = b[i].total_cmp(&b[j]) as i64;
            match (da, db) {
                (0, 0) => {}
                (0, _) => tie_a += 1,
                (_, 0) => tie_b += 1,
                _ if da == db => concordant += 1,
                _ => discordant += 1,
            }
        }
    }
    let n1 = (concordant + discordant + tie_a) as f64;
    let n2 = (concordant + discordant + tie_b) as f64;
    if n1 == 0.0 || n2 == 0.0 {
        return 0.0;
    }
    (concordant - discordant) as f64 / (n1 * n2).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perfect_ranking_scores_one_and_a_reversed_one_minus_one() {
        let ms: Vec<Option<f64>> = (1..=6).map(|i| Some(f64::from(i))).collect();
        // Higher score = faster = smaller time.
        let good: Vec<f64> = (1..=6).map(|i| -f64::from(i)).collect();
        let q = ranking_quality(&good, &ms, 2).unwrap();
        assert_eq!((q.spearman, q.kendall_tau, q.top_k_recall), (1.0, 1.0, 1.0));
        let bad: Vec<f64> = (1..=6).map(f64::from).collect();
        let q = ranking_quality(&bad, &ms, 2).unwrap();
        assert_eq!(
            (q.spearman, q.kendall_tau, q.top_k_recall),
            (-1.0, -1.0, 0.0)
        );
    }

    #[test]
    fn failed_candidates_rank_last_and_ties_share_ranks() {
        let ms = [Some(1.0), None, Some(2.0), None];
        let q = ranking_quality(&[4.0, 1.0, 3.0, 1.0], &ms, 1).unwrap();
        assert_eq!(q.n, 4);
        assert!((q.spearman - 1.0).abs() < 1e-12, "{q:?}");
        assert!((q.kendall_tau - 1.0).abs() < 1e-12, "{q:?}");
        assert_eq!(ranks(&[2.0, 1.0, 2.0]), vec![1.5, 0.0, 1.5]);
        assert!(ranking_quality(&[1.0], &[Some(1.0)], 1).is_none());
    }
}
