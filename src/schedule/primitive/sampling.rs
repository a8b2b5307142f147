//! sample_perfect_tile, sample_categorical: seeded, with the decision recorded.
//!
//! TVM: src/tir/schedule/primitive/sampling.cc. Beyond TVM: a recorded decision
//! that does not fit the loop is an error, never silently resampled.

use crate::ir::{LoopId, PrimFunc};
use crate::schedule::analysis::{const_extent, loop_culprit};
use crate::schedule::error::ScheduleError;
use crate::schedule::limits::check_factor_count;

/// A small deterministic generator (splitmix64), so replays are exact.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The divisors of `n` (positive), ascending. Found from `n`'s prime
/// factorization, so even a 64-bit extent takes microseconds, not a trial
/// division per candidate.
pub(crate) fn divisors(n: i64) -> Vec<i64> {
    let mut divs = vec![1i64];
    let mut primes = factorize(n.max(1) as u64);
    primes.sort_unstable();
    let mut i = 0;
    while i < primes.len() {
        let p = primes[i] as i64;
        let count = primes[i..].iter().take_while(|q| **q == primes[i]).count();
        let before = divs.len();
        let mut power = 1i64;
        for _ in 0..count {
            power *= p;
            for k in 0..before {
                divs.push(divs[k] * power);
            }
        }
        i += count;
    }
    divs.sort_unstable();
    divs
}

/// The prime factors of `n` with multiplicity (none for 1): small primes by
/// trial division, the rest by Pollard's rho with a Miller-Rabin primality test.
pub(crate) fn factorize(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            out.push(m);
            continue;
        }
        let d = pollard_rho(m);
        stack.push(d);
        stack.push(m / d);
    }
    out
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut acc = 1u64;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = mul_mod(acc, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    acc
}

/// Deterministic Miller-Rabin for every 64-bit `n` (these bases suffice).
fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    if let Some(p) = BASES.iter().find(|p| n.is_multiple_of(**p)) {
        return n == *p;
    }
    let (mut d, mut r) = (n - 1, 0);
    while d.is_multiple_of(2) {
        d /= 2;
        r += 1;
    }
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..r {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of `n` (odd, composite, without factors below 41).
fn pollard_rho(n: u64) -> u64 {
    let mut c = 1u64;
    loop {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut d) = (2u64, 2u64, 1u64);
        while d == 1 {
            x = f(x);
            y = f(f(y));
            d = gcd(x.abs_diff(y), n);
        }
        if d != n {
            return d;
        }
        c += 1;
    }
}

/// TVM's `sample_perfect_tile`: `n` factors whose product is the loop's extent,
/// the innermost at most `max_innermost_factor` (when positive); for a loop
/// of non-constant extent `[-1, 1, ..., 1]`, -1 standing for TVM's None.
pub fn sample_perfect_tile(
    func: &PrimFunc,
    loop_id: LoopId,
    n: i64,
    max_innermost_factor: i64,
    decision: Option<&[i64]>,
    rng: &mut Rng,
) -> Result<Vec<i64>, ScheduleError> {
    if n < 1 {
        return Err(ScheduleError::InvalidArgument {
            what: "sample_perfect_tile",
            why: format!("n must be at least 1, got {n}"),
        });
    }
    check_factor_count(
        usize::try_from(n).unwrap_or(usize::MAX),
        "sample_perfect_tile",
    )?;
    if crate::schedule::analysis::get_loop(func, loop_id)?
        .extent
        .as_int()
        .is_none()
    {
        // TVM tiles a loop of non-constant extent trivially, whatever the
        // decision: `[None, 1, ..., 1]`, None (-1 here) being the factor
        // split infers (test_sample_perfect_tile_on_dynamic_loops).
        let mut factors = vec![1i64; n as usize];
        factors[0] = -1;
        return Ok(factors);
    }
    let extent = const_extent(func, loop_id)?;
    if extent < 1 {
        return Err(ScheduleError::InvalidArgument {
            what: "sample_perfect_tile",
            why: format!(
                "{} has extent {extent}; only a loop with at least one iteration can be tiled",
                loop_culprit(func, loop_id)
            ),
        });
    }
    if let Some(d) = decision {
        let bad = |why: String| ScheduleError::InvalidDecision {
            decision: d.to_vec(),
            why,
        };
        if d.len() as i64 != n {
            return Err(bad(format!("it has {} factors but n is {n}", d.len())));
        }
        if d.iter().any(|f| *f <= 0) {
            return Err(bad("factors must be positive".into()));
        }
        let product = d.iter().try_fold(1i64, |a, f| a.checked_mul(*f));
        if product != Some(extent) {
            return Err(bad(format!(
                "the factors multiply to {} but the loop's extent is {extent}",
                product
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| "an overflow".into())
            )));
        }
        if max_innermost_factor > 0 && d.last().copied().unwrap_or(1) > max_innermost_factor {
            return Err(bad(format!(
                "the innermost factor exceeds max_innermost_factor {max_innermost_factor}"
            )));
        }
        return Ok(d.to_vec());
    }
    Ok(draw_perfect_tile(
        extent,
        n as usize,
        max_innermost_factor,
        rng,
    ))
}

/// A fresh tiling with TVM's distribution: each prime power `p^e` of the
/// extent is split over the `n` factors uniformly among the ways to write `e`
/// as `n` ordered non-negative parts, independently per prime; so every
/// ordered factorization is equally likely. TVM redraws until the innermost
/// factor is at most `max_innermost_factor`; here the innermost is drawn
/// first, weighted by how many factorizations it leaves, which is the same
/// distribution without a loop of unbounded length. (Drawing one factor after
/// another as a uniform divisor of what is left, as tirtui did before, gives
/// the first-drawn factors most of the extent and leaves the outermost, the
/// thread-block tile, mostly 1.)
fn draw_perfect_tile(extent: i64, n: usize, max_innermost_factor: i64, rng: &mut Rng) -> Vec<i64> {
    if n == 1 {
        return vec![extent];
    }
    let mut primes = factorize(extent.max(1) as u64);
    primes.sort_unstable();
    primes.dedup();
    let exponent = |m: i64, p: u64| {
        let (mut m, mut e) = (m as u64, 0usize);
        while m.is_multiple_of(p) {
            m /= p;
            e += 1;
        }
        e
    };
    let powers: Vec<(u64, usize)> = primes.iter().map(|p| (*p, exponent(extent, *p))).collect();
    // The innermost factor, weighted by the factorizations of the rest into n - 1.
    let inner_choices: Vec<(i64, f64)> = divisors(extent)
        .into_iter()
        .filter(|d| max_innermost_factor <= 0 || *d <= max_innermost_factor)
        .map(|d| {
            let ways = powers
                .iter()
                .map(|(p, e)| compositions(e - exponent(d, *p), n - 1))
                .product::<f64>();
            (d, ways)
        })
        .collect();
    let total: f64 = inner_choices.iter().map(|(_, w)| w).sum();
    let mut x = rng.unit() * total;
    let mut inner = inner_choices.last().map_or(1, |(d, _)| *d);
    for (d, w) in &inner_choices {
        if x < *w {
            inner = *d;
            break;
        }
        x -= w;
    }
    let mut factors = vec![1i64; n];
    factors[n - 1] = inner;
    for (p, e) in powers {
        let parts = uniform_composition(e - exponent(inner, p), n - 1, rng);
        for (f, k) in factors.iter_mut().zip(parts) {
            *f *= (p as i64).pow(k as u32);
        }
    }
    factors
}

/// How many ways `e` splits into `parts` ordered non-negative parts:
/// C(e + parts - 1, parts - 1), as a float (only a weight).
fn compositions(e: usize, parts: usize) -> f64 {
    let k = parts.saturating_sub(1);
    (1..=k).fold(1.0, |acc, i| acc * (e + i) as f64 / i as f64)
}

/// `e` split into `parts` ordered non-negative parts, each split equally
/// likely (stars and bars: `parts - 1` bars among `e + parts - 1` places).
fn uniform_composition(e: usize, parts: usize, rng: &mut Rng) -> Vec<usize> {
    let places = e + parts - 1;
    let mut order: Vec<usize> = (0..places).collect();
    for i in 0..parts - 1 {
        let j = i + rng.below((places - i) as u64) as usize;
        order.swap(i, j);
    }
    let mut bars = order[..parts - 1].to_vec();
    bars.sort_unstable();
    bars.push(places);
    let mut last = None::<usize>;
    bars.into_iter()
        .map(|b| {
            let part = b - last.map_or(0, |l| l + 1);
            last = Some(b);
            part
        })
        .collect()
}

/// TVM's `sample_categorical`: one of `candidates`, drawn with `probs`.
/// Returns the index of the chosen candidate (the decision) and its value.
pub fn sample_categorical(
    candidates: &[i64],
    probs: &[f64],
    decision: Option<i64>,
    rng: &mut Rng,
) -> Result<(i64, i64), ScheduleError> {
    if candidates.is_empty() || candidates.len() != probs.len() {
        return Err(ScheduleError::InvalidArgument {
            what: "sample_categorical",
            why: format!(
                "{} candidates and {} probabilities; they must be the same non-zero number",
                candidates.len(),
                probs.len()
            ),
        });
    }
    if probs.iter().any(|p| !p.is_finite() || *p < 0.0) || probs.iter().sum::<f64>() <= 0.0 {
        return Err(ScheduleError::InvalidArgument {
            what: "sample_categorical",
            why: "probabilities must be non-negative and not all zero".into(),
        });
    }
    if let Some(d) = decision {
        if d < 0 || d as usize >= candidates.len() {
            return Err(ScheduleError::InvalidDecision {
                decision: vec![d],
                why: format!("it must be an index below {}", candidates.len()),
            });
        }
        return Ok((d, candidates[d as usize]));
    }
    // Weights whose sum overflows (1e308 each) are scaled by the largest
    // first: with an infinite total every draw fell through to the last
    // candidate, whatever its weight (session 19's audit). Finite sums are
    // left as they are, so that seeded draws do not change.
    let mut total: f64 = probs.iter().sum();
    let mut scale = 1.0;
    if !total.is_finite() {
        scale = probs.iter().copied().fold(0.0, f64::max);
        total = probs.iter().map(|p| p / scale).sum();
    }
    let mut x = rng.unit() * total;
    for (i, p) in probs.iter().enumerate() {
        let w = p / scale;
        if x < w {
            return Ok((i as i64, candidates[i]));
        }
        x -= w;
    }
    // Rounding can leave `x` just past the total: the last candidate with a weight.
    let last = probs
        .iter()
        .rposition(|p| *p > 0.0)
        .unwrap_or(candidates.len() - 1);
    Ok((last as i64, candidates[last]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categorical_is_seeded() {
        let mut a = Rng(7);
        let mut b = Rng(7);
        let x = sample_categorical(&[1, 2, 4], &[0.2, 0.3, 0.5], None, &mut a).unwrap();
        let y = sample_categorical(&[1, 2, 4], &[0.2, 0.3, 0.5], None, &mut b).unwrap();
        assert_eq!(x, y);
    }

    #[test]
    fn categorical_rejects_bad_decision() {
        let e = sample_categorical(&[1, 2], &[0.5, 0.5], Some(5), &mut Rng(1)).unwrap_err();
        assert!(e.to_string().contains("index below 2"), "{e}");
    }
}
