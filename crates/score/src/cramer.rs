//! Cramér-log and W1-log: the merged sorted walk, the closed forms against a normal, and the unbiased variant.

use crate::samples::LogSamples;
use crate::special::{FRAC_1_SQRT_PI, NormalWalk, Phi_inv, Psi};
use crate::truth::LogTruth;
use fermi_num::Sum;

/// `∫(F−G)²` and `∫|F−G|` of two empirical distributions, F's values mapped by the non-decreasing `map` (a
/// shift or a scaling, so that no moved copy of F is needed). Walks the merged sorted values (ties: F's first);
/// on each gap the height is `(i·m − j·n)/(n·m)` with an integer numerator, so every term is ≥ 0 and nothing
/// cancels.
pub(crate) fn merged_walk(x: &[f64], map: impl Fn(f64) -> f64, y: &[f64]) -> (f64, f64) {
    let (n, m) = (x.len(), y.len());
    if n == 0 || m == 0 {
        return (0.0, 0.0);
    }
    let mut gaps = Gaps {
        numerator: 0,
        previous: map(x[0]).min(y[0]),
        squares: 0.0,
        absolutes: 0.0,
    };
    let (step_x, step_y) = (m as i64, -(n as i64));
    let mut rest = y;
    for &value in x {
        let value = map(value);
        while let Some((&v, tail)) = rest.split_first()
            && v < value
        {
            gaps.pass(v, step_y);
            rest = tail;
        }
        gaps.pass(value, step_x);
    }
    for &v in rest {
        gaps.pass(v, step_y);
    }
    // The heights' common denominator n·m is divided out once (numerator² ≤ (n·m)² is far from overflow).
    let nm = n as f64 * m as f64;
    (gaps.squares / nm / nm, gaps.absolutes / nm)
}

/// The state of [`merged_walk`]: `numerator = i·m − j·n` after i values of F and j of G.
struct Gaps {
    numerator: i64,
    previous: f64,
    // All terms are ≥ 0, so plain sums keep full relative accuracy.
    squares: f64,
    absolutes: f64,
}

impl Gaps {
    /// Adds the gap up to `z` at the current height, then steps past `z`.
    #[inline(always)]
    fn pass(&mut self, z: f64, step: i64) {
        if z > self.previous {
            let (numerator, width) = (self.numerator as f64, z - self.previous);
            self.squares += numerator * numerator * width;
            self.absolutes += numerator.abs() * width;
            self.previous = z;
        }
        self.numerator += step;
    }
}

/// `D(F − shift, G)` for any truth.
pub(crate) fn cramer_shifted(f: &LogSamples, shift: f64, g: &LogTruth) -> f64 {
    match g {
        LogTruth::Samples(y) => merged_walk(f.sorted(), |x| x - shift, y.sorted()).0,
        LogTruth::Point(point) => merged_walk(f.sorted(), |x| x - shift, &[*point]).0,
        LogTruth::Normal { mu, sigma } => {
            let mut walk = NormalWalk::new();
            let distances: Sum = f
                .sorted()
                .iter()
                .map(|&x| walk.a_at((x - shift - mu) / sigma))
                .collect();
            normal_cramer(distances, f, 1.0, *sigma)
        }
    }
}

/// `D = σ·mean A(z_i) − stretch·½E|X−X'| − σ/√π` from the sum of the `A(z_i)`, for F's values scaled by
/// `stretch` about any point (which scales every pairwise distance by it) and then standardised to the `z_i`.
pub(crate) fn normal_cramer(distances: Sum, f: &LogSamples, stretch: f64, sigma: f64) -> f64 {
    let d = sigma * distances.value() / f.len() as f64
        - stretch * f.half_mean_distance()
        - sigma * FRAC_1_SQRT_PI;
    // The exact value is > 0; rounding must not show a negative distance.
    d.max(0.0)
}

/// Cramér-log and W1-log from one walk over F, the same numbers as [`cramer`] and [`w1`].
pub(crate) fn cramer_and_w1(f: &LogSamples, g: &LogTruth) -> (f64, f64) {
    match g {
        LogTruth::Samples(y) => merged_walk(f.sorted(), |x| x, y.sorted()),
        LogTruth::Point(point) => merged_walk(f.sorted(), |x| x, &[*point]),
        LogTruth::Normal { mu, sigma } => {
            let (distances, w1) = normal_walk(f.sorted(), *mu, *sigma);
            (normal_cramer(distances, f, 1.0, *sigma), w1)
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
    unbiased_from(cramer(f, g), f, g)
}

/// [`cramer_unbiased`] from an already computed `D_V`.
pub(crate) fn unbiased_from(d: f64, f: &LogSamples, g: &LogTruth) -> Option<f64> {
    let forecast_correction = f.u_statistic()? / (2.0 * f.len() as f64);
    let truth_correction = match g {
        LogTruth::Samples(y) => y.u_statistic()? / (2.0 * y.len() as f64),
        LogTruth::Normal { .. } | LogTruth::Point(_) => 0.0,
    };
    Some(d - forecast_correction - truth_correction)
}

/// W1-log `∫|F − G| dx` on the log axis, in nats.
pub fn w1(f: &LogSamples, g: &LogTruth) -> f64 {
    cramer_and_w1(f, g).1
}

/// The sum of `A(z_i)` (for the Cramér distance) and W1 against a normal, in one walk. W1 piecewise: the two
/// tails, then on each gap `[x_k, x_{k+1}]` at level `c = k/n` the integral of `|c − Φ|`, split where `Φ`
/// crosses `c`. `Φ`, `Ψ` and `A` are evaluated once per sample.
fn normal_walk(x: &[f64], mu: f64, sigma: f64) -> (Sum, f64) {
    let n = x.len();
    let mut walk = NormalWalk::new();
    let (mut distances, mut total) = (Sum::default(), Sum::default());
    let (mut z_a, mut cdf_a, mut psi_a) = (0.0, 0.0, 0.0);
    for (k, &b) in x.iter().enumerate() {
        let z = (b - mu) / sigma;
        let (cdf, distance, psi) = walk.cdf_a_psi_at(z);
        distances.add(distance);
        if k == 0 {
            // The lower tail, `σ·Ψ(z_1)`.
            total.add(sigma * psi);
        } else if b > x[k - 1] {
            let (a, c) = (x[k - 1], k as f64 / n as f64);
            if cdf_a >= c {
                total.add(sigma * (psi - psi_a) - c * (b - a));
            } else if cdf <= c {
                total.add(c * (b - a) - sigma * (psi - psi_a));
            } else {
                let t = (mu + sigma * Phi_inv(c)).clamp(a, b);
                let psi_t = Psi((t - mu) / sigma);
                total.add(c * (t - a) - sigma * (psi_t - psi_a));
                total.add(sigma * (psi - psi_t) - c * (b - t));
            }
        }
        (z_a, cdf_a, psi_a) = (z, cdf, psi);
    }
    total.add(sigma * Psi(-z_a));
    (distances, total.value())
}
