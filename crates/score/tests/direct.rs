//! The rules against a lognormal truth walk Φ, φ and A along the sorted samples by Taylor polynomials between
//! exact anchors. At 10⁵ samples most points fall on a polynomial; every result must match the direct
//! functions (`A`, `Phi`, `phi`, `erf`) evaluated point by point.

mod common;

use common::Normals;
use fermi_score::{
    A, LogSamples, LogTruth, Phi_inv, Psi, Report, erf, phi, shift_breakdown, what_if,
};

/// Neumaier summation, so that the oracle's own rounding stays below what is compared.
fn sum(values: impl Iterator<Item = f64>) -> f64 {
    let (mut total, mut compensation) = (0.0f64, 0.0);
    for x in values {
        let t = total + x;
        compensation += if total.abs() >= x.abs() {
            (total - t) + x
        } else {
            (x - t) + total
        };
        total = t;
    }
    total + compensation
}

/// `σ·mean A((map(x) − mu)/σ)`, the part of D that depends on the truth.
fn mean_distance(x: &[f64], map: impl Fn(f64) -> f64, mu: f64, sigma: f64) -> f64 {
    sigma * sum(x.iter().map(|&v| A((map(v) - mu) / sigma))) / x.len() as f64
}

/// W1 piecewise with `Phi` and `Psi` at every sample: the tails, then `∫|k/n − Φ|` over each gap.
fn w1_direct(x: &[f64], mu: f64, sigma: f64) -> f64 {
    let n = x.len();
    let z = |v: f64| (v - mu) / sigma;
    let mut pieces = vec![sigma * Psi(z(x[0])), sigma * Psi(-z(x[n - 1]))];
    for k in 1..n {
        let (a, b, c) = (x[k - 1], x[k], k as f64 / n as f64);
        let t = (mu + sigma * Phi_inv(c)).clamp(a, b);
        let (psi_a, psi_t, psi_b) = (Psi(z(a)), Psi(z(t)), Psi(z(b)));
        pieces.push(c * (t - a) - sigma * (psi_t - psi_a));
        pieces.push(sigma * (psi_b - psi_t) - c * (b - t));
    }
    sum(pieces.into_iter())
}

#[test]
fn walked_rules_match_direct_evaluation_on_large_sets() {
    let (mu, sigma) = (7.0, 1.4);
    let g = LogTruth::Normal { mu, sigma };
    let constant = sigma / std::f64::consts::PI.sqrt();
    let mut normals = Normals::new(5);
    // Close, matched, ten times too wide, far and very narrow.
    for (m, s) in [(7.4, 1.12), (7.0, 1.4), (9.0, 14.0), (3.0, 0.05)] {
        let f = LogSamples::new(&normals.lognormal(100_000, m, s)).unwrap();
        let (x, hmd) = (f.sorted(), f.half_mean_distance());
        let report = Report::new(&f, &g);
        let scale = mean_distance(x, |v| v, mu, sigma);
        // D = mean σA − ½E|X−X'| − σ/√π cancels; the walk's A is as close to `A` as `A` is to the truth.
        let close = |got: f64, want: f64, what: &str| {
            assert!(
                (got - want).abs() <= 2e-15 * scale,
                "({m}, {s}) {what}: {got:e} vs {want:e}"
            );
        };
        close(report.cramer_log, scale - hmd - constant, "cramer");
        // Each gap's piece is a difference of Ψ values, rounded to about 1e-16·σ either way.
        let w1 = w1_direct(x, mu, sigma);
        assert!(
            (report.w1_log - w1).abs() <= 1e-12 * w1 + 1e-18 * x.len() as f64 * sigma,
            "({m}, {s}) w1: {} vs {w1}",
            report.w1_log
        );
        // b* is the root of Σ erf((x − b − mu)/(σ√2)); one Newton step from it must not move it.
        let b = shift_breakdown(&f, &g, report.cramer_log);
        let u = |v: f64| (v - b.bias - mu) / sigma;
        let slope = sum(x.iter().map(|&v| erf(u(v) / std::f64::consts::SQRT_2)));
        let curvature = 2.0 * sum(x.iter().map(|&v| phi(u(v)))) / sigma;
        assert!(
            (slope / curvature).abs() <= 1e-12 * sigma,
            "({m}, {s}) b* off by {:e}",
            slope / curvature
        );
        close(
            b.shape,
            mean_distance(x, |v| v - b.bias, mu, sigma) - hmd - constant,
            "shape",
        );
        let median = f.median();
        let w = what_if(&f, &g);
        for (got, k, offset, what) in [
            (w.recentred, 1.0, median - mu, "recentred"),
            (w.wider, 2.0, 0.0, "wider"),
            (w.narrower, 0.5, 0.0, "narrower"),
        ] {
            let map = |v: f64| median + k * (v - median) - offset;
            let want = mean_distance(x, map, mu, sigma) - k * hmd - constant;
            close(got, want.max(0.0), what);
        }
    }
}
