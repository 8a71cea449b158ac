//! Cramér-log and W1-log: the merged sorted walk, the closed forms against a normal, and the unbiased variant.

use crate::samples::LogSamples;
use crate::special::{A, FRAC_1_SQRT_PI, Phi, Phi_inv, Psi};
use crate::sum::Sum;
use crate::truth::LogTruth;

/// `∫(F−G)²` and `∫|F−G|` of two empirical distributions, F's values shifted down by `shift`. Walks the merged
/// sorted values; on each gap the height is `(i·m − j·n)/(n·m)` with integer numerators, so every term is ≥ 0 and
/// nothing cancels.
pub(crate) fn merged_walk(x: &[f64], shift: f64, y: &[f64]) -> (f64, f64) {
    let (n, m) = (x.len(), y.len());
    if n == 0 || m == 0 {
        return (0.0, 0.0);
    }
    let nm = n as f64 * m as f64;
    let (mut i, mut j) = (0usize, 0usize);
    let mut previous = f64::NEG_INFINITY;
    let (mut squares, mut absolutes) = (Sum::default(), Sum::default());
    while i < n || j < m {
        let take_x = j == m || (i < n && x[i] - shift <= y[j]);
        let z = if take_x { x[i] - shift } else { y[j] };
        if i + j > 0 && z > previous {
            let height = (i as i64 * m as i64 - j as i64 * n as i64) as f64 / nm;
            let width = z - previous;
            squares.add(height * height * width);
            absolutes.add(height.abs() * width);
        }
        previous = z;
        if take_x {
            i += 1;
        } else {
            j += 1;
        }
    }
    (squares.value(), absolutes.value())
}

/// `D(F − shift, G)` for any truth.
pub(crate) fn cramer_shifted(f: &LogSamples, shift: f64, g: &LogTruth) -> f64 {
    match g {
        LogTruth::Samples(y) => merged_walk(f.sorted(), shift, y.sorted()).0,
        LogTruth::Point(point) => merged_walk(f.sorted(), shift, &[*point]).0,
        LogTruth::Normal { mu, sigma } => {
            let expected_distance: Sum = f
                .sorted()
                .iter()
                .map(|x| sigma * A((x - shift - mu) / sigma))
                .collect();
            let d = expected_distance.value() / f.len() as f64
                - f.half_mean_distance()
                - sigma * FRAC_1_SQRT_PI;
            // The exact value is > 0; rounding must not show a negative distance.
            d.max(0.0)
        }
    }
}

/// Cramér-log `∫(F − G)² dx` on the log axis (V-statistic for sampled sides), in nats.
pub fn cramer(f: &LogSamples, g: &LogTruth) -> f64 {
    cramer_shifted(f, 0.0, g)
}

/// The unbiased Cramér (U-statistic): `D_V − U_X/(2n) − U_Y/(2m)`; exactly known truths get no correction.
/// `None` if a sampled side has a single value. Can be negative.
pub fn cramer_unbiased(f: &LogSamples, g: &LogTruth) -> Option<f64> {
    let forecast_correction = f.u_statistic()? / (2.0 * f.len() as f64);
    let truth_correction = match g {
        LogTruth::Samples(y) => y.u_statistic()? / (2.0 * y.len() as f64),
        LogTruth::Normal { .. } | LogTruth::Point(_) => 0.0,
    };
    Some(cramer(f, g) - forecast_correction - truth_correction)
}

/// W1-log `∫|F − G| dx` on the log axis, in nats.
pub fn w1(f: &LogSamples, g: &LogTruth) -> f64 {
    match g {
        LogTruth::Samples(y) => merged_walk(f.sorted(), 0.0, y.sorted()).1,
        LogTruth::Point(point) => merged_walk(f.sorted(), 0.0, &[*point]).1,
        LogTruth::Normal { mu, sigma } => w1_normal(f.sorted(), *mu, *sigma),
    }
}

/// Piecewise: the two tails, then on each gap `[x_k, x_{k+1}]` at level `c = k/n` the integral of `|c − Φ|`,
/// split where `Φ` crosses `c`.
fn w1_normal(x: &[f64], mu: f64, sigma: f64) -> f64 {
    let n = x.len();
    let z = |v: f64| (v - mu) / sigma;
    // ∫_a^b (c − Φ) for Φ ≤ c on [a, b], and its mirror.
    let below = |c: f64, a: f64, b: f64| c * (b - a) - sigma * (Psi(z(b)) - Psi(z(a)));
    let above = |c: f64, a: f64, b: f64| sigma * (Psi(z(b)) - Psi(z(a))) - c * (b - a);
    let mut total = Sum::default();
    total.add(sigma * Psi(z(x[0])));
    total.add(sigma * Psi(-z(x[n - 1])));
    for (k, gap) in x.windows(2).enumerate() {
        let (a, b) = (gap[0], gap[1]);
        if b <= a {
            continue;
        }
        let c = (k + 1) as f64 / n as f64;
        if Phi(z(a)) >= c {
            total.add(above(c, a, b));
        } else if Phi(z(b)) <= c {
            total.add(below(c, a, b));
        } else {
            let t = (mu + sigma * Phi_inv(c)).clamp(a, b);
            total.add(below(c, a, t));
            total.add(above(c, t, b));
        }
    }
    total.value()
}
