//! Valid CSR matrices: generated (a given shape and density, uniform or
//! power-law row lengths, seeded) and checked (a hand-supplied `indptr` /
//! `indices` pair), and the dense matrix a float64 reference multiplies.
//!
//! A generated matrix always has `indptr[0] == 0`, `indptr` non-decreasing,
//! `indptr[rows] == nnz`, and each row's column indices sorted, unique and
//! below `cols`: never random integers in an index array.

/// How the nonzeros spread over the rows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RowLengths {
    /// The `nnz` nonzeros are cells drawn uniformly: row lengths vary as a binomial.
    Uniform,
    /// Row `r` (in a random order) gets a share proportional to `(r + 1)^-alpha`,
    /// like the degrees of real graphs; rows are capped at `cols`.
    PowerLaw { alpha: f64 },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CsrSpec {
    pub rows: usize,
    pub cols: usize,
    /// Exactly this many nonzeros (a workload's buffers are sized by it).
    pub nnz: usize,
    pub lengths: RowLengths,
    pub seed: u64,
}

impl CsrSpec {
    /// The nonzero count of a density: `round(density * rows * cols)`
    /// (the product in floating point: it may pass 64 bits).
    pub fn nnz_of_density(rows: usize, cols: usize, density: f64) -> usize {
        (density.clamp(0.0, 1.0) * (rows as f64 * cols as f64)).round() as usize
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Csr {
    pub rows: usize,
    pub cols: usize,
    pub indptr: Vec<i64>,
    pub indices: Vec<i64>,
}

impl Csr {
    pub fn nnz(&self) -> usize {
        self.indices.len()
    }

    /// The nonzero pattern's values `values` (one per stored entry) as a dense
    /// row-major `rows x cols` matrix.
    pub fn to_dense(&self, values: &[f64]) -> Vec<f64> {
        let mut dense = vec![0.0; self.rows * self.cols];
        for r in 0..self.rows {
            for p in self.row_range(r) {
                if let (Some(&c), Some(&v)) = (self.indices.get(p), values.get(p)) {
                    dense[r * self.cols + c as usize] += v;
                }
            }
        }
        dense
    }

    /// Positions of row `r`'s entries in `indices`.
    pub fn row_range(&self, r: usize) -> std::ops::Range<usize> {
        let lo = self.indptr.get(r).copied().unwrap_or(0).max(0) as usize;
        let hi = self.indptr.get(r + 1).copied().unwrap_or(0).max(0) as usize;
        lo..hi.max(lo)
    }
}

/// SplitMix64: small, seeded, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.unit() * n as f64) as usize % n.max(1)
    }
}

/// The most row pointers plus nonzeros a generated matrix has: its arrays
/// (and the uniform draw's set of cells) are host memory, sized by a
/// session's constants or `--sparse`; past this a replay would allocate
/// gigabytes, or abort, before anything runs. 16M entries: 128 MiB of
/// indices, far above the benchmarks' matrices (4096 rows, 64K-1M nonzeros).
pub const MAX_PATTERN_ENTRIES: usize = 1 << 24;

/// A random CSR matrix as `spec` describes, with exactly `spec.nnz` nonzeros.
pub fn generate(spec: &CsrSpec) -> Result<Csr, CsrError> {
    if spec.rows.saturating_add(1).saturating_add(spec.nnz) > MAX_PATTERN_ENTRIES {
        return Err(CsrError::TooLarge {
            rows: spec.rows,
            nnz: spec.nnz,
        });
    }
    let cells = spec.rows.saturating_mul(spec.cols);
    if spec.nnz > cells {
        return Err(CsrError::TooDense {
            nnz: spec.nnz,
            rows: spec.rows,
            cols: spec.cols,
        });
    }
    let mut rng = Rng(spec.seed ^ 0x5eed_c5a0);
    let mut indptr = Vec::with_capacity(spec.rows + 1);
    let mut indices = Vec::with_capacity(spec.nnz);
    indptr.push(0);
    match spec.lengths {
        RowLengths::Uniform => {
            // nnz distinct cells, in row-major order: rows and columns come sorted.
            let cells = distinct_values(&mut rng, cells, spec.nnz);
            let mut next = cells.iter().peekable();
            for r in 0..spec.rows {
                while let Some(&&cell) = next.peek() {
                    if cell / spec.cols != r {
                        break;
                    }
                    indices.push((cell % spec.cols) as i64);
                    next.next();
                }
                indptr.push(indices.len() as i64);
            }
        }
        RowLengths::PowerLaw { alpha } => {
            for len in power_law_lengths(&mut rng, spec, alpha) {
                indices.extend(
                    distinct_values(&mut rng, spec.cols, len)
                        .into_iter()
                        .map(|c| c as i64),
                );
                indptr.push(indices.len() as i64);
            }
        }
    }
    Ok(Csr {
        rows: spec.rows,
        cols: spec.cols,
        indptr,
        indices,
    })
}

/// Row lengths summing to `spec.nnz`, each at most `spec.cols`, proportional to
/// `(rank + 1)^-alpha` with the ranks shuffled over the rows.
fn power_law_lengths(rng: &mut Rng, spec: &CsrSpec, alpha: f64) -> Vec<usize> {
    let weights: Vec<f64> = (0..spec.rows)
        .map(|r| (r as f64 + 1.0).powf(-alpha))
        .collect();
    let total: f64 = weights.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    let exact: Vec<f64> = weights
        .iter()
        .map(|w| w / total * spec.nnz as f64)
        .collect();
    let mut lengths: Vec<usize> = exact
        .iter()
        .map(|e| (e.floor() as usize).min(spec.cols))
        .collect();
    // What rounding down and the cap left over goes to the rows with the largest
    // remainders first, then round the rows with room, until the count is exact.
    let mut order: Vec<usize> = (0..spec.rows).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    let mut missing = spec.nnz.saturating_sub(lengths.iter().sum());
    while missing > 0 {
        for &r in &order {
            if missing > 0 && lengths[r] < spec.cols {
                lengths[r] += 1;
                missing -= 1;
            }
        }
    }
    // The heavy rows land anywhere, not all at the top.
    for i in (1..lengths.len()).rev() {
        let j = rng.below(i + 1);
        lengths.swap(i, j);
    }
    lengths
}

/// `k` distinct values of `0..n`, sorted (Floyd's sampling: k draws, no rejection loop).
fn distinct_values(rng: &mut Rng, n: usize, k: usize) -> Vec<usize> {
    let mut chosen = std::collections::BTreeSet::new();
    for j in n.saturating_sub(k)..n {
        let t = rng.below(j + 1);
        if !chosen.insert(t) {
            chosen.insert(j);
        }
    }
    chosen.into_iter().collect()
}

/// What is wrong with a supplied CSR pair, naming the array and the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CsrError {
    #[error("a matrix of {rows} rows and {nnz} nonzeros is past the {max} row pointers and nonzeros tirtui draws on the host (hint: smaller `M` / `NNZ` or `--sparse density=`)", max = MAX_PATTERN_ENTRIES)]
    TooLarge { rows: usize, nnz: usize },
    #[error("{nnz} nonzeros do not fit a {rows} x {cols} matrix")]
    TooDense {
        nnz: usize,
        rows: usize,
        cols: usize,
    },
    #[error("`{buffer}` has {got} entries, a CSR of {rows} rows needs {want}")]
    Length {
        buffer: String,
        rows: usize,
        got: usize,
        want: usize,
    },
    #[error("`{buffer}[{position}]` is {value}: row pointers start at 0, never decrease and end at the {nnz} nonzeros")]
    Indptr {
        buffer: String,
        position: usize,
        value: i64,
        nnz: usize,
    },
    #[error("`{buffer}[{position}]` is {value}, outside the {cols} columns")]
    OutOfRange {
        buffer: String,
        position: usize,
        value: i64,
        cols: usize,
    },
    #[error("`{buffer}[{position}]` is {value}, not above the column before it in its row: columns are sorted and unique")]
    Unsorted {
        buffer: String,
        position: usize,
        value: i64,
    },
}

/// Checks a supplied CSR pair (`indptr` of `rows + 1` entries, `indices` of
/// `indptr[rows]`): what a kernel would read out of bounds is an error here.
pub fn check(
    rows: usize,
    cols: usize,
    (indptr_name, indptr): (&str, &[i64]),
    (indices_name, indices): (&str, &[i64]),
) -> Result<(), CsrError> {
    if indptr.len() != rows + 1 {
        return Err(CsrError::Length {
            buffer: indptr_name.to_string(),
            rows,
            got: indptr.len(),
            want: rows + 1,
        });
    }
    let nnz = indices.len();
    for (position, &value) in indptr.iter().enumerate() {
        let previous = if position == 0 {
            0
        } else {
            indptr[position - 1]
        };
        let last_wrong = position == rows && value as usize != nnz;
        if value < previous || value > nnz as i64 || (position == 0 && value != 0) || last_wrong {
            return Err(CsrError::Indptr {
                buffer: indptr_name.to_string(),
                position,
                value,
                nnz,
            });
        }
    }
    for r in 0..rows {
        let (lo, hi) = (indptr[r] as usize, indptr[r + 1] as usize);
        for position in lo..hi {
            let value = indices[position];
            if value < 0 || value >= cols as i64 {
                return Err(CsrError::OutOfRange {
                    buffer: indices_name.to_string(),
                    position,
                    value,
                    cols,
                });
            }
            if position > lo && value <= indices[position - 1] {
                return Err(CsrError::Unsorted {
                    buffer: indices_name.to_string(),
                    position,
                    value,
                });
            }
        }
    }
    Ok(())
}
