//! Properties of the rules: distances are ≥ 0 and vanish at F = G, the sample–sample forms are symmetric,
//! the breakdown adds up, b* is optimal, and the closed forms agree with brute force.

mod common;

use common::lognormal_grid;
use fermi_score::{
    LogSamples, LogTruth, Report, Truth, best_shift, cramer, cramer_normal, cramer_unbiased,
    crps_log, shift_breakdown, w1,
};
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};

/// ln values on a coarse grid half of the time, so that ties within and across sets are common.
fn ln_values() -> impl Strategy<Value = Vec<f64>> {
    prop_oneof![
        prop::collection::vec(-6.0f64..6.0, 1..40),
        prop::collection::vec((-8i32..8).prop_map(|k| 0.5 * k as f64), 1..40),
    ]
}

fn samples(ln: &[f64]) -> LogSamples {
    LogSamples::new(&ln.iter().map(|x| x.exp()).collect::<Vec<_>>()).unwrap()
}

fn sampled_truth(ln: &[f64]) -> LogTruth {
    LogTruth::new(&Truth::Samples(ln.iter().map(|x| x.exp()).collect())).unwrap()
}

fn truths(ln: &[f64], mu: f64, sigma: f64) -> [LogTruth; 3] {
    [
        sampled_truth(ln),
        LogTruth::Normal { mu, sigma },
        LogTruth::Point(mu),
    ]
}

/// `E|X−Y| − ½E|X−X'| − ½E|Y−Y'|` over all pairs, the energy form of the V-statistic.
fn energy(x: &[f64], y: &[f64]) -> f64 {
    let mean_distance = |a: &[f64], b: &[f64]| {
        a.iter()
            .map(|u| b.iter().map(|v| (u - v).abs()).sum::<f64>())
            .sum::<f64>()
            / (a.len() * b.len()) as f64
    };
    mean_distance(x, y) - 0.5 * mean_distance(x, x) - 0.5 * mean_distance(y, y)
}

fn median_of_differences(x: &[f64], y: &[f64]) -> f64 {
    let mut d: Vec<f64> = x
        .iter()
        .flat_map(|a| y.iter().map(move |b| a - b))
        .collect();
    d.sort_by(f64::total_cmp);
    let n = d.len();
    if n % 2 == 1 {
        d[n / 2]
    } else {
        0.5 * (d[n / 2 - 1] + d[n / 2])
    }
}

fn nonnegative(x: &[f64], y: &[f64], mu: f64, sigma: f64) -> Result<(), TestCaseError> {
    let f = samples(x);
    for g in truths(y, mu, sigma) {
        prop_assert!(cramer(&f, &g) >= 0.0);
        prop_assert!(w1(&f, &g) >= 0.0);
    }
    Ok(())
}

fn identical_score_zero(x: &[f64]) -> Result<(), TestCaseError> {
    let (f, g) = (samples(x), sampled_truth(x));
    prop_assert_eq!(cramer(&f, &g), 0.0);
    prop_assert_eq!(w1(&f, &g), 0.0);
    let b = shift_breakdown(&f, &g, 0.0);
    prop_assert_eq!((b.bias, b.location, b.shape), (0.0, 0.0, 0.0));
    Ok(())
}

fn symmetric_and_energy(x: &[f64], y: &[f64]) -> Result<(), TestCaseError> {
    let (fx, gy) = (samples(x), sampled_truth(y));
    let (fy, gx) = (samples(y), sampled_truth(x));
    let d = cramer(&fx, &gy);
    prop_assert!((d - cramer(&fy, &gx)).abs() <= 1e-12 * d.max(1.0));
    prop_assert!((w1(&fx, &gy) - w1(&fy, &gx)).abs() <= 1e-12 * d.max(1.0));
    prop_assert!((d - energy(x, y)).abs() <= 1e-12 * x.len().max(y.len()) as f64);
    // The breakdown is symmetric too: b* changes sign, the parts stay.
    let (b, b_swapped) = (shift_breakdown(&fx, &gy, d), shift_breakdown(&fy, &gx, d));
    prop_assert!((b.bias + b_swapped.bias).abs() <= 1e-12 * b.bias.abs().max(1.0));
    prop_assert!((b.shape - b_swapped.shape).abs() <= 1e-12 * d.max(1.0));
    Ok(())
}

fn unbiased_relation(x: &[f64], y: &[f64]) -> Result<(), TestCaseError> {
    let (f, g) = (samples(x), sampled_truth(y));
    let (n, m) = (x.len() as f64, y.len() as f64);
    let u = |v: &[f64]| {
        let k = v.len() as f64;
        v.iter()
            .map(|a| v.iter().map(|b| (a - b).abs()).sum::<f64>())
            .sum::<f64>()
            / (k * (k - 1.0))
    };
    match cramer_unbiased(&f, &g) {
        None => prop_assert!(x.len() == 1 || y.len() == 1),
        Some(d_u) => {
            let d_v = d_u + u(x) / (2.0 * n) + u(y) / (2.0 * m);
            prop_assert!((d_v - cramer(&f, &g)).abs() <= 1e-11);
        }
    }
    Ok(())
}

fn sorted_truth(g: &LogTruth) -> &[f64] {
    match g {
        LogTruth::Samples(s) => s.sorted(),
        _ => unreachable!(),
    }
}

fn hodges_lehmann(x: &[f64], y: &[f64]) -> Result<(), TestCaseError> {
    let (f, g) = (samples(x), sampled_truth(y));
    prop_assert_eq!(
        best_shift(&f, &g),
        median_of_differences(f.sorted(), sorted_truth(&g))
    );
    Ok(())
}

/// Larger, skewed sets (ln values spread exponentially) walk the probe rounds from a poor first guess.
fn hodges_lehmann_skewed(x: &[f64], y: &[f64], skew: f64) -> Result<(), TestCaseError> {
    let stretch = |v: &[f64], sign: f64| {
        v.iter()
            .map(|u| sign * ((skew * u).exp() - 1.0))
            .collect::<Vec<f64>>()
    };
    let (f, g) = (samples(&stretch(x, 1.0)), sampled_truth(&stretch(y, -1.0)));
    prop_assert_eq!(
        best_shift(&f, &g),
        median_of_differences(f.sorted(), sorted_truth(&g))
    );
    Ok(())
}

fn breakdown_adds_up(
    x: &[f64],
    y: &[f64],
    mu: f64,
    sigma: f64,
    nudge: f64,
) -> Result<(), TestCaseError> {
    let f = samples(x);
    for g in truths(y, mu, sigma) {
        let d = cramer(&f, &g);
        let b = shift_breakdown(&f, &g, d);
        prop_assert!(b.location >= 0.0 && b.shape >= 0.0);
        prop_assert!((b.location + b.shape - d).abs() <= 2.0 * f64::EPSILON * d);
        // No other shift does better than b*.
        let shifted: Vec<f64> = x.iter().map(|v| v - b.bias - nudge).collect();
        prop_assert!(cramer(&samples(&shifted), &g) >= b.shape - 1e-12 * d.max(1.0));
    }
    Ok(())
}

proptest! {
    // A fixed seed keeps the suite deterministic, and nothing is written to disk; failures found once are
    // kept below as `earlier_failures`. Raise `cases` locally to search harder.
    #![proptest_config(ProptestConfig {
        cases: 256,
        rng_seed: RngSeed::Fixed(20261201),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn distances_are_nonnegative(x in ln_values(), y in ln_values(), mu in -4.0f64..4.0, sigma in 0.05f64..3.0) {
        nonnegative(&x, &y, mu, sigma)?;
    }

    #[test]
    fn identical_sets_score_zero(x in ln_values()) {
        identical_score_zero(&x)?;
    }

    #[test]
    fn sample_forms_are_symmetric_and_match_the_energy_form(x in ln_values(), y in ln_values()) {
        symmetric_and_energy(&x, &y)?;
    }

    #[test]
    fn unbiased_forms_differ_by_the_spreads(x in ln_values(), y in ln_values()) {
        unbiased_relation(&x, &y)?;
    }

    #[test]
    fn hodges_lehmann_is_the_median_of_all_differences(x in ln_values(), y in ln_values()) {
        hodges_lehmann(&x, &y)?;
    }

    #[test]
    fn hodges_lehmann_on_skewed_sets(
        x in prop::collection::vec(-3.0f64..3.0, 50..250),
        y in prop::collection::vec(-3.0f64..3.0, 50..250),
        skew in 0.3f64..1.2,
    ) {
        hodges_lehmann_skewed(&x, &y, skew)?;
    }

    #[test]
    fn breakdown_adds_up_and_b_star_is_optimal(
        x in ln_values(), y in ln_values(), mu in -4.0f64..4.0, sigma in 0.05f64..3.0, nudge in -1.0f64..1.0,
    ) {
        breakdown_adds_up(&x, &y, mu, sigma, nudge)?;
    }
}

/// Cases proptest once shrank failures to (formerly in a persistence file), kept as fixed inputs. (A third, for
/// the skewed sets, had a skew outside today's strategy.)
#[test]
fn earlier_failures() {
    breakdown_adds_up(
        &[-1.5, 0.0, -2.5],
        &[0.0],
        -3.899017103304932,
        0.14336651003513357,
        0.0,
    )
    .unwrap();
    let (x, y) = (
        [-1.5, 0.0, -1.0, 0.0, -0.5, -0.5, -4.0, 0.0, 0.0, 0.0, -0.5],
        [-4.0],
    );
    for property in [symmetric_and_energy, unbiased_relation, hodges_lehmann] {
        property(&x, &y).unwrap();
    }
}

/// Large sets take the counting route to b*; it must agree with the brute force median.
#[test]
fn hodges_lehmann_on_large_sets_with_ties() {
    let x: Vec<f64> = (0..3001)
        .map(|i| ((i * 7919) % 1000) as f64 / 100.0)
        .collect();
    let y: Vec<f64> = (0..2000)
        .map(|i| ((i * 104_729) % 1500) as f64 / 150.0 + 0.37)
        .collect();
    let (f, g) = (samples(&x), sampled_truth(&y));
    assert_eq!(
        best_shift(&f, &g),
        median_of_differences(f.sorted(), sorted_truth(&g))
    );
    let even = samples(&x[..3000]);
    assert_eq!(
        best_shift(&even, &g),
        median_of_differences(even.sorted(), sorted_truth(&g))
    );
}

/// The report takes Cramér and W1 from one shared walk (and, for a point truth, the CRPS too); they must be the
/// standalone rules' numbers exactly.
#[test]
fn report_matches_the_standalone_rules_bit_for_bit() {
    let f = LogSamples::new(&lognormal_grid(50_001, 7.4, 1.12)).unwrap();
    let y: Vec<f64> = lognormal_grid(30_000, 7.0, 1.4);
    for g in truths(&y.iter().map(|v| v.ln()).collect::<Vec<_>>(), 7.0, 1.4) {
        let report = Report::new(&f, &g);
        assert_eq!(report.cramer_log.to_bits(), cramer(&f, &g).to_bits());
        assert_eq!(report.w1_log.to_bits(), w1(&f, &g).to_bits());
        assert_eq!(report.crps_log.to_bits(), crps_log(&f, &g).to_bits());
    }
}

/// Against a fine quantile grid of G the sample forms approach the closed forms against G itself.
#[test]
fn closed_forms_against_a_normal_match_a_dense_grid() {
    let f = samples(&[0.3, 1.1, 1.2, 2.5, 4.0, -0.7, 0.9]);
    let (mu, sigma) = (1.0, 0.8);
    let analytic = LogTruth::Normal { mu, sigma };
    let grid = LogTruth::new(&Truth::Samples(lognormal_grid(400_000, mu, sigma))).unwrap();
    assert!((cramer(&f, &analytic) - cramer(&f, &grid)).abs() < 1e-6);
    assert!((w1(&f, &analytic) - w1(&f, &grid)).abs() < 1e-6);
}

/// Normal F, normal G: Cramér's closed form, and the spec's example table.
#[test]
fn normal_closed_form_and_spec_examples() {
    let grid = samples(
        &lognormal_grid(20_000, 0.6, 1.3)
            .iter()
            .map(|v| v.ln())
            .collect::<Vec<_>>(),
    );
    let d = cramer(
        &grid,
        &LogTruth::Normal {
            mu: 0.0,
            sigma: 0.9,
        },
    );
    assert!((d - cramer_normal(0.6, 1.3, 0.0, 0.9)).abs() < 1e-6, "{d}");
    // (bias, σF/σG, D) with σG = 1, from the spec.
    for (bias, ratio, want) in [
        (0.0, 0.3, 0.100),
        (0.0, 3.0, 0.266),
        (0.35, 1.0, 0.034),
        (1.0, 0.3, 0.455),
        (2.303, 1.0, 1.236),
        (2.303, 3.0, 0.907),
    ] {
        assert!(
            (cramer_normal(bias, ratio, 0.0, 1.0) - want).abs() < 5e-4,
            "bias {bias}, ratio {ratio}"
        );
    }
    // A point G: the CRPS of a normal, (√2 − 1)σ/√π at zero bias.
    assert!((cramer_normal(0.0, 2.0, 0.0, 0.0) - 2.0 * 0.2337).abs() < 1e-4);
}

/// Propriety: against a lognormal G, Cramér-log is smallest exactly at F = G, while CRPS at G's median keeps
/// rewarding a narrower forecast all the way down to a point.
#[test]
fn propriety_sweep() {
    let (mu_g, sigma_g) = (2.0, 0.7);
    let grid =
        |lo: f64, hi: f64, k: usize| (0..=k).map(move |i| lo + (hi - lo) * i as f64 / k as f64);
    let mut best = (f64::INFINITY, 0.0, 0.0);
    for mu in grid(1.0, 3.0, 40) {
        for sigma in grid(0.05, 2.0, 39) {
            let d = cramer_normal(mu, sigma, mu_g, sigma_g);
            if d < best.0 {
                best = (d, mu, sigma);
            }
        }
    }
    assert!(
        best.0.abs() < 1e-15 && (best.1 - mu_g).abs() < 1e-12 && (best.2 - sigma_g).abs() < 1e-12,
        "{best:?}"
    );
    // The same with sample forecasts against the analytic G: the minimum over widths sits at σF = σG.
    let widths: Vec<f64> = grid(0.35, 1.05, 14).collect();
    let scores: Vec<f64> = widths
        .iter()
        .map(|&s| {
            cramer(
                &LogSamples::new(&lognormal_grid(4000, mu_g, s)).unwrap(),
                &LogTruth::Normal {
                    mu: mu_g,
                    sigma: sigma_g,
                },
            )
        })
        .collect();
    let argmin = scores
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(b.1))
        .unwrap()
        .0;
    assert!(
        (widths[argmin] - sigma_g).abs() < 1e-12,
        "{widths:?} {scores:?}"
    );
    // CRPS against the median only improves as the forecast narrows.
    let crps: Vec<f64> = grid(0.01, 2.0, 50)
        .map(|s| cramer_normal(mu_g, s, mu_g, 0.0))
        .collect();
    assert!(crps.windows(2).all(|w| w[0] < w[1]), "{crps:?}");
}

/// Large sets against a lognormal take the warm-started route to b* and carry the shape part along; both must
/// agree with rescoring the shifted forecast.
#[test]
fn shape_at_b_star_against_a_lognormal_on_a_large_set() {
    let mut normals = common::Normals::new(11);
    for (mu, sigma) in [(0.4, 1.3), (-2.0, 0.2), (0.0, 1.0)] {
        let f = LogSamples::new(&normals.lognormal(50_000, mu, sigma)).unwrap();
        let g = LogTruth::Normal {
            mu: 0.0,
            sigma: 1.0,
        };
        let d = cramer(&f, &g);
        let b = shift_breakdown(&f, &g, d);
        let shifted: Vec<f64> = f.sorted().iter().map(|x| (x - b.bias).exp()).collect();
        let rescored = cramer(&LogSamples::new(&shifted).unwrap(), &g);
        assert!(
            (b.shape - rescored).abs() <= 1e-10 * rescored,
            "{mu} {sigma}: {} vs {rescored}",
            b.shape
        );
        // b* is where the slope Σ erf vanishes: nudging it either way cannot lower the score.
        for nudge in [-1e-3, 1e-3] {
            let other: Vec<f64> = f
                .sorted()
                .iter()
                .map(|x| (x - b.bias - nudge).exp())
                .collect();
            assert!(cramer(&LogSamples::new(&other).unwrap(), &g) > b.shape);
        }
    }
}
