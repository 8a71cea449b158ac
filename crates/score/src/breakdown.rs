//! Where a Cramér-log score comes from: the shift breakdown (location + shape), the normal-fit teaching aid,
//! and how much of either sampling noise alone would produce.

use core::f64::consts::SQRT_2;

use serde::{Deserialize, Serialize};

use crate::cramer::cramer_shifted;
use crate::samples::LogSamples;
use crate::special::{A, FRAC_1_SQRT_PI, NormalWalk, SATURATED};
use crate::truth::LogTruth;
use fermi_num::Sum;

/// Option A of the spec: `D = location + shape`, both ≥ 0, where `shape = D(F − b*, G)` at the best shift b*.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ShiftBreakdown {
    pub total: f64,
    /// b*, the shift (nats, F minus G) that minimises the score.
    pub bias: f64,
    /// What sliding the whole distribution by b* would gain.
    pub location: f64,
    /// What is left: wrong width or form (against a point truth, the spread penalty).
    pub shape: f64,
}

/// Splits an already computed `total = D(F, G)`.
pub fn shift_breakdown(f: &LogSamples, g: &LogTruth, total: f64) -> ShiftBreakdown {
    let (bias, shape) = match g {
        LogTruth::Normal { mu, sigma } => {
            let (bias, mean_distance) = normal_shift(f.sorted(), *mu, *sigma);
            let shape = match mean_distance {
                Some(e) => (e - f.half_mean_distance() - sigma * FRAC_1_SQRT_PI).max(0.0),
                None => cramer_shifted(f, bias, g),
            };
            (bias, shape)
        }
        LogTruth::Samples(_) | LogTruth::Point(_) => {
            let bias = best_shift(f, g);
            (bias, cramer_shifted(f, bias, g))
        }
    };
    let shape = shape.min(total);
    ShiftBreakdown {
        total,
        bias,
        location: total - shape,
        shape,
    }
}

/// `b* = argmin_b D(F − b, G)`: the Hodges–Lehmann shift (median of all `x_i − y_j`) for samples, `med(x) − g`
/// for a point, the root of `Σ erf((x_i − b − mu)/(σ√2))` for a lognormal.
pub fn best_shift(f: &LogSamples, g: &LogTruth) -> f64 {
    match g {
        LogTruth::Samples(y) => hodges_lehmann(f.sorted(), y.sorted()),
        LogTruth::Point(g) => f.median() - g,
        LogTruth::Normal { mu, sigma } => normal_shift(f.sorted(), *mu, *sigma).0,
    }
}

/// Maps a finite f64 to i64 preserving order, one key per value (−0 is +0), so that bisection over keys visits
/// every double and key − 1 is the next double down.
fn key(v: f64) -> i64 {
    let bits = (v + 0.0).to_bits() as i64;
    if bits < 0 { -(bits & i64::MAX) } else { bits }
}

fn from_key(k: i64) -> f64 {
    if k < 0 {
        -f64::from_bits(k.unsigned_abs())
    } else {
        f64::from_bits(k as u64)
    }
}

/// `#{(i, j): x_i − y_j ≤ t}` with two pointers: for ascending x the qualifying y form a shrinking suffix.
fn count_at_most(x: &[f64], y: &[f64], t: f64) -> u64 {
    let mut first = 0;
    let mut count = 0u64;
    for &xi in x {
        while first < y.len() && xi - y[first] > t {
            first += 1;
        }
        count += (y.len() - first) as u64;
    }
    count
}

/// The k-th smallest (1-based) of the `n·m` differences `x_i − y_j` (as rounded doubles). Narrows a bracket
/// with counting passes until at most `n + m` differences remain inside, then collects those and selects among
/// them. The first round probes either side of the difference of the medians (the shift estimate for similar
/// shapes); later rounds probe the two points where linear interpolation of the counts expects `k ∓ (n+m)/4`,
/// which near the median is close to linear. A round that fails to halve the bracket's count is followed by a
/// plain bisection. Typically six passes.
fn kth_difference(x: &[f64], y: &[f64], k: u64) -> f64 {
    let budget = (x.len() + y.len()) as u64;
    let (mut below, mut at_or_above) = (key(x[0] - y[y.len() - 1]) - 1, key(x[x.len() - 1] - y[0]));
    let (mut count_below, mut count_above) = (0u64, x.len() as u64 * y.len() as u64);
    let (n, m) = (x.len(), y.len());
    let spread = (x[3 * n / 4] - x[n / 4]) + (y[3 * m / 4] - y[m / 4]);
    let shift = x[n / 2] - y[m / 2];
    let mut probes = [key(shift - 0.02 * spread), key(shift + 0.02 * spread)];
    // Keys of opposite signs can be more than i64::MAX apart.
    let adjacent = |below: i64, above: i64| (above as i128) - (below as i128) <= 1;
    while !adjacent(below, at_or_above) && count_above - count_below > budget {
        let span = count_above - count_below;
        for probe in probes {
            // A probe on or outside the bracket (rounding, clamping) becomes the midpoint of the keys.
            let probe = if below < probe && probe < at_or_above {
                probe
            } else if adjacent(below, at_or_above) {
                break;
            } else {
                ((below as i128 + at_or_above as i128).div_euclid(2)) as i64
            };
            let count = count_at_most(x, y, from_key(probe));
            if count >= k {
                (at_or_above, count_above) = (probe, count);
                break;
            }
            (below, count_below) = (probe, count);
        }
        let (lo, hi, narrowed) = (
            from_key(below),
            from_key(at_or_above),
            count_above - count_below,
        );
        probes = if narrowed <= span / 2 || probes[0] == probes[1] {
            let at = |target: f64| {
                let fraction = ((target - count_below as f64) / narrowed as f64).clamp(0.0, 1.0);
                key(lo + (hi - lo) * fraction)
            };
            let quarter = budget as f64 / 4.0;
            [at(k as f64 - quarter), at(k as f64 + quarter)]
        } else {
            let halfway = key(0.5 * lo + 0.5 * hi);
            [halfway, halfway]
        };
    }
    let (lo, hi) = (from_key(below), from_key(at_or_above));
    if (at_or_above as i128) - (below as i128) <= 1 {
        return hi;
    }
    // For ascending x the differences in (lo, hi] are, for each i, a contiguous run of y.
    let mut candidates = Vec::with_capacity((count_above - count_below) as usize);
    let (mut first_at_most_hi, mut first_at_most_lo) = (0, 0);
    for &xi in x {
        while first_at_most_hi < y.len() && xi - y[first_at_most_hi] > hi {
            first_at_most_hi += 1;
        }
        while first_at_most_lo < y.len() && xi - y[first_at_most_lo] > lo {
            first_at_most_lo += 1;
        }
        candidates.extend(
            y[first_at_most_hi..first_at_most_lo]
                .iter()
                .map(|yj| xi - yj),
        );
    }
    let rank = (k - count_below - 1) as usize;
    *candidates.select_nth_unstable_by(rank, f64::total_cmp).1
}

/// The smallest difference `x_i − y_j` greater than `t`.
fn next_difference(x: &[f64], y: &[f64], t: f64) -> f64 {
    let mut first = 0;
    let mut next = f64::INFINITY;
    for &xi in x {
        while first < y.len() && xi - y[first] > t {
            first += 1;
        }
        if first > 0 {
            next = next.min(xi - y[first - 1]);
        }
    }
    next
}

/// Median of all pairwise differences `x_i − y_j` (midpoint of the middle two for an even count), in
/// O((n + m)·64) without forming them.
fn hodges_lehmann(x: &[f64], y: &[f64]) -> f64 {
    let pairs = x.len() as u64 * y.len() as u64;
    let lower = kth_difference(x, y, pairs.div_ceil(2));
    if pairs % 2 == 1 || count_at_most(x, y, lower) > pairs / 2 {
        return lower;
    }
    0.5 * (lower + next_difference(x, y, lower))
}

/// Root of the decreasing `h(b) = Σ erf((x_i − b − mu)/(σ√2))`, bracketed by `[x_min − mu, x_max − mu]`, and
/// `E|X − b − Y| = mean σ·A((x_i − b − mu)/σ)` there when the last pass yields it.
/// Large sets start from the root for every k-th order statistic (block midpoints, which track the full set's
/// distribution to about k/n, typically to 1e-4·σ of the root), so that the full set needs one pass.
fn normal_shift(x: &[f64], mu: f64, sigma: f64) -> (f64, Option<f64>) {
    const WARM_UP_SIZE: usize = 4096;
    let stride = x.len() / WARM_UP_SIZE;
    let start = if stride > 1 {
        let thinned: Vec<f64> = x.iter().skip(stride / 2).step_by(stride).copied().collect();
        erf_root(&thinned, mu, sigma, thinned[thinned.len() / 2] - mu).0
    } else {
        x[x.len() / 2] - mu
    };
    erf_root(x, mu, sigma, start)
}

/// Safeguarded Newton: a step that leaves the bracket becomes a bisection. Each pass also yields the mean
/// distance `E(b) = mean σ·A(z_i)` and its derivatives in b up to the sixth, `E' = −h/n` and
/// `E⁽ᵏ⁾ = (2/(σ^(k−1)·n))·Σ He_{k−2}(z_i)·φ(z_i)`. Once the Newton step Δ is within 4e-3·σ (the warm start
/// is usually closer), the root of that Taylor model of `E'` is within about `Δ⁶/σ⁵` of the true one (4e-15·σ)
/// and the model's `E` there is exact to about `Δ⁷/σ⁶`, below rounding, so both are returned without another
/// pass.
fn erf_root(x: &[f64], mu: f64, sigma: f64, start: f64) -> (f64, Option<f64>) {
    const SETTLED: f64 = 4e-3;
    let n = x.len() as f64;
    let (mut lo, mut hi) = (x[0] - mu, x[x.len() - 1] - mu);
    let mut b = start.clamp(lo, hi);
    // Newton needs a handful of passes; 200 halvings shrink any bracket far below any σ that matters, and the
    // cap keeps a degenerate σ (all erf saturated) from costing thousands of passes.
    for _ in 0..200 {
        // h = Σ erf(z/√2) = Σ (2Φ(z) − 1), hermite[k] = Σ He_k(z)·φ(z), distances = Σ A(z).
        let mut walk = NormalWalk::new();
        let (mut h, mut hermite, mut distances) = (0.0, [0.0; 5], Sum::default());
        for &xi in x {
            let z = (xi - b - mu) / sigma;
            // Out there erf(z/√2) and A(z) round to ±1 and |z|, and φ(z) < 1e-16 adds nothing to the sums
            // that steer Newton: no anchor is needed (most samples of a forecast far wider than the truth).
            if z.abs() >= SATURATED {
                h += z.signum();
                distances.add(z.abs());
                continue;
            }
            let at = walk.at(z);
            h += 2.0 * at.cdf - 1.0;
            // He_{k+1} = z·He_k − k·He_{k−1}.
            let (mut previous, mut he) = (0.0, 1.0);
            for (k, sum) in hermite.iter_mut().enumerate() {
                *sum += he * at.density;
                (previous, he) = (he, z * he - k as f64 * previous);
            }
            distances.add(at.a);
        }
        let mean_distance = sigma * distances.value() / n;
        if h > 0.0 {
            lo = b;
        } else if h < 0.0 {
            hi = b;
        } else {
            return (b, Some(mean_distance));
        }
        // derivatives[k] = E⁽ᵏ⁺¹⁾(b)/(k + 1)!, so that E(b + Δ) = E(b) + Σ derivatives[k]·Δ^(k+1).
        let mut derivatives = [-h / n, 0.0, 0.0, 0.0, 0.0, 0.0];
        let mut factor = 2.0 / n;
        for (k, sum) in hermite.into_iter().enumerate() {
            factor /= sigma * (k + 2) as f64;
            derivatives[k + 1] = factor * sum;
        }
        let step = -derivatives[0] / (2.0 * derivatives[1]);
        let newton = b + step;
        if newton > lo && newton < hi {
            if step.abs() <= SETTLED * sigma {
                let root = model_minimum(&derivatives, step);
                let change = derivatives
                    .iter()
                    .rev()
                    .fold(0.0, |acc, d| (acc + d) * root);
                return (b + root, Some(mean_distance + change));
            }
            b = newton;
        } else {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                return (b, Some(mean_distance));
            }
            b = mid;
        }
    }
    (b, None)
}

/// The stationary point of `Σ d[k]·Δ^(k+1)` next to the Newton step `start`: Newton's method on the
/// polynomial, which from there doubles the digits per iteration.
fn model_minimum(d: &[f64; 6], start: f64) -> f64 {
    let mut delta = start;
    for _ in 0..4 {
        // The model's first and second derivatives in Δ, by Horner's rule.
        let (mut slope, mut curvature) = (0.0, 0.0);
        for (k, dk) in d.iter().enumerate().rev() {
            slope = slope * delta + (k + 1) as f64 * dk;
            if k > 0 {
                curvature = curvature * delta + ((k + 1) * k) as f64 * dk;
            }
        }
        delta -= slope / curvature;
    }
    delta
}

/// Cramér distance between two normals on the log axis: `s·A(d/s) − (s1 + s2)/√π`, `s = √(s1² + s2²)`.
/// With `s2 = 0` it is the CRPS of a normal at a point.
pub fn cramer_normal(mu1: f64, sigma1: f64, mu2: f64, sigma2: f64) -> f64 {
    let d = mu1 - mu2;
    let s = libm::hypot(sigma1, sigma2);
    if s == 0.0 {
        return d.abs();
    }
    s * A(d / s) - (sigma1 + sigma2) * FRAC_1_SQRT_PI
}

/// Option B of the spec (a teaching aid, not robust): moment-fitted normals, `normal_total = location +
/// spread`, `residual = total − normal_total` (either sign).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct NormalBreakdown {
    pub total: f64,
    /// Difference of the means of the ln values.
    pub bias: f64,
    pub normal_total: f64,
    pub location: f64,
    pub spread: f64,
    pub residual: f64,
}

pub fn normal_breakdown(f: &LogSamples, g: &LogTruth, total: f64) -> NormalBreakdown {
    let (sf, sg) = (f.sd(), g.sd());
    let normal_total = cramer_normal(f.mean(), sf, g.mean(), sg);
    let spread = (SQRT_2 * libm::hypot(sf, sg) - sf - sg) * FRAC_1_SQRT_PI;
    NormalBreakdown {
        total,
        bias: f.mean() - g.mean(),
        normal_total,
        location: normal_total - spread,
        spread,
        residual: total - normal_total,
    }
}

/// How much sampling alone moves the score and its breakdown, so that a display can grey out what is noise.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Noise {
    /// Expected Cramér-log of a perfect forecast drawn with the user's n: `(1/n + 1/m)·½E|Y−Y'|`, with m = ∞
    /// for an analytic or point truth (a point truth's floor is 0) and `½E|Y−Y'|` estimated by `U_Y/2` for a
    /// sampled one.
    pub floor: f64,
    /// Standard deviation of b* from sampling: `s·√(asin(σF²/s²)/n + asin(σG²/s²)/m)`, `s² = σF² + σG²`
    /// (normal approximation; the Hodges–Lehmann `σ√((π/3)(1/n + 1/m))` when σF = σG, the median's
    /// `σF·√(π/(2n))` against a point).
    pub bias_sd: f64,
    /// |b*| is under two of its standard deviations.
    pub bias_within_noise: bool,
    /// The location part is no larger than the floor.
    pub location_within_noise: bool,
    /// The shape part is no larger than the floor.
    pub shape_within_noise: bool,
    /// The whole score is no larger than the floor: as good as n samples allow.
    pub total_within_noise: bool,
}

pub fn noise(f: &LogSamples, g: &LogTruth, breakdown: &ShiftBreakdown) -> Noise {
    let inverse_n = 1.0 / f.len() as f64;
    let inverse_m = match g {
        LogTruth::Samples(y) => 1.0 / y.len() as f64,
        LogTruth::Normal { .. } | LogTruth::Point(_) => 0.0,
    };
    // A sampled truth's spread is estimated without bias by its U-statistic (the V-statistic is (m−1)/m of it).
    let half_distance = match g {
        LogTruth::Samples(y) => y.u_statistic().unwrap_or(0.0) / 2.0,
        LogTruth::Normal { .. } | LogTruth::Point(_) => g.half_mean_distance(),
    };
    let floor = (inverse_n + inverse_m) * half_distance;
    let (vf, vg) = (f.sd() * f.sd(), g.sd() * g.sd());
    let s2 = vf + vg;
    let bias_sd = if s2 > 0.0 {
        libm::sqrt(s2 * (libm::asin(vf / s2) * inverse_n + libm::asin(vg / s2) * inverse_m))
    } else {
        0.0
    };
    Noise {
        floor,
        bias_sd,
        bias_within_noise: breakdown.bias.abs() <= 2.0 * bias_sd,
        location_within_noise: breakdown.location <= floor,
        shape_within_noise: breakdown.shape <= floor,
        total_within_noise: breakdown.total <= floor,
    }
}
