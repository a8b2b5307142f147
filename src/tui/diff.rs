//! Line diff (longest common subsequence) for the diff view and for marking
//! the lines the last step changed. Pure functions over text.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffOp {
    /// Same line: index in the old and in the new text.
    Same(usize, usize),
    Del(usize),
    Add(usize),
}

/// Above this many cells the LCS table is not built; everything between the
/// common prefix and suffix is shown as replaced (TIR is far smaller).
const MAX_CELLS: usize = 4_000_000;

pub fn diff_lines(old: &[&str], new: &[&str]) -> Vec<DiffOp> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let a = &old[prefix..old.len() - suffix];
    let b = &new[prefix..new.len() - suffix];
    let mut ops: Vec<DiffOp> = (0..prefix).map(|i| DiffOp::Same(i, i)).collect();
    if a.len().saturating_mul(b.len()) > MAX_CELLS {
        ops.extend((0..a.len()).map(|i| DiffOp::Del(prefix + i)));
        ops.extend((0..b.len()).map(|j| DiffOp::Add(prefix + j)));
    } else {
        // lcs[i][j]: LCS length of a[i..] and b[j..].
        let w = b.len() + 1;
        let mut lcs = vec![0u32; (a.len() + 1) * w];
        for i in (0..a.len()).rev() {
            for j in (0..b.len()).rev() {
                lcs[i * w + j] = if a[i] == b[j] {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            if i < a.len() && j < b.len() && a[i] == b[j] {
                ops.push(DiffOp::Same(prefix + i, prefix + j));
                i += 1;
                j += 1;
            } else if i < a.len() && (j == b.len() || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
                // Deletions first, as `diff -u` shows them.
                ops.push(DiffOp::Del(prefix + i));
                i += 1;
            } else {
                ops.push(DiffOp::Add(prefix + j));
                j += 1;
            }
        }
    }
    let (o, n) = (old.len() - suffix, new.len() - suffix);
    ops.extend((0..suffix).map(|k| DiffOp::Same(o + k, n + k)));
    ops
}

/// For each line of `new`, whether it is not in `old` (added or changed).
pub fn changed_lines(old: &str, new: &str) -> Vec<bool> {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let mut changed = vec![false; b.len()];
    for op in diff_lines(&a, &b) {
        if let DiffOp::Add(j) = op {
            changed[j] = true;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(old: &[&str], new: &[&str], ops: &[DiffOp]) -> (Vec<String>, Vec<String>) {
        let mut o = Vec::new();
        let mut n = Vec::new();
        for op in ops {
            match *op {
                DiffOp::Same(i, j) => {
                    assert_eq!(old[i], new[j]);
                    o.push(old[i].to_string());
                    n.push(new[j].to_string());
                }
                DiffOp::Del(i) => o.push(old[i].to_string()),
                DiffOp::Add(j) => n.push(new[j].to_string()),
            }
        }
        (o, n)
    }

    #[test]
    fn diff_covers_both_sides_minimally() {
        let old = ["a", "b", "c", "d", "e"];
        let new = ["a", "x", "c", "d", "y", "e"];
        let ops = diff_lines(&old, &new);
        let (o, n) = apply(&old, &new, &ops);
        assert_eq!(o, old);
        assert_eq!(n, new);
        let same = ops
            .iter()
            .filter(|op| matches!(op, DiffOp::Same(..)))
            .count();
        assert_eq!(same, 4);
        assert_eq!(
            changed_lines("a\nb\n", "a\nc\nb\n"),
            vec![false, true, false]
        );
        assert!(diff_lines(&[], &[]).is_empty());
        assert_eq!(diff_lines(&["a"], &[]), vec![DiffOp::Del(0)]);
    }
}
