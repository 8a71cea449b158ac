//! The chart's numbers: the estimate's density is a density (it integrates to one over its grid), the truth's
//! too, and the log axis's ticks are readable values.

use fermi_bank::FittedTruth;
use fermi_practice::chart::{
    Overlay, Series, TruthMark, estimate_series, lognormal_series, nice_ticks, quantile_rows,
    tick_label,
};
use fermi_score::LogSamples;

/// The trapezoid rule over the series' grid.
fn integral(s: &Series) -> f64 {
    s.ln_x
        .windows(2)
        .zip(s.density.windows(2))
        .map(|(x, d)| (x[1] - x[0]) * (d[0] + d[1]) / 2.0)
        .sum()
}

fn estimate(values: &[f64]) -> Series {
    let samples = LogSamples::new(values).expect("positive samples");
    estimate_series(samples.sorted()).expect("a series")
}

/// Whatever the samples' shape, spread or count, the density integrates to ≈ 1 and is never negative; its 90%
/// interval and median are the samples'.
#[test]
fn the_estimate_density_integrates_to_one() {
    let cases: Vec<(&str, Vec<f64>)> = vec![
        (
            "ln-uniform 10 to 1000",
            (0..2000)
                .map(|i| 10f64 * 100f64.powf(i as f64 / 1999.0))
                .collect(),
        ),
        ("linear 1 to 500", (1..=500).map(f64::from).collect()),
        (
            "two clusters",
            (0..1000)
                .map(|i| {
                    if i % 2 == 0 {
                        1.0 + i as f64 * 1e-4
                    } else {
                        1e6 + i as f64
                    }
                })
                .collect(),
        ),
        (
            "very narrow",
            (0..5000).map(|i| 96.0 + i as f64 * 1e-6).collect(),
        ),
        (
            "twelve decades",
            (0..100).map(|i| 10f64.powf(i as f64 * 0.12)).collect(),
        ),
        ("three samples", vec![1.0, 2.0, 4.0]),
    ];
    for (name, values) in cases {
        let s = estimate(&values);
        let area = integral(&s);
        assert!(
            (area - 1.0).abs() < 0.01,
            "{name}: the density integrates to {area}"
        );
        assert!(
            s.density.iter().all(|d| d.is_finite() && *d >= 0.0),
            "{name}"
        );
        assert!(s.p5 <= s.median && s.median <= s.p95, "{name}");
    }
    for (mu, sigma) in [(0.0, 1.0), (25.0, 0.01), (-3.0, 4.0)] {
        let area = integral(&lognormal_series(mu, sigma));
        assert!(
            (area - 1.0).abs() < 1e-3,
            "lognormal({mu}, {sigma}): {area}"
        );
    }
}

#[test]
fn no_samples_or_non_finite_ones_give_no_density() {
    assert_eq!(estimate_series(&[]), None);
    assert_eq!(estimate_series(&[0.0, f64::INFINITY]), None);
}

#[test]
fn a_share_axis_reads_in_percent() {
    let overlay = |unit: &str| Overlay {
        estimate: None,
        truth: None,
        unit: unit.into(),
    };
    let ticks = |unit: &str| -> Vec<String> {
        let o = overlay(unit);
        nice_ticks(0.05f64.ln(), 0.6f64.ln(), 10)
            .into_iter()
            .map(|t| o.tick(t))
            .collect()
    };
    assert_eq!(ticks("percent of new vehicle sales"), ["10%", "20%", "50%"]);
    assert_eq!(ticks("people"), ["0.1", "0.2", "0.5"]);
}

#[test]
fn ticks_are_1_2_5_values_or_powers_of_ten() {
    let values = |lo: f64, hi: f64, max: usize| -> Vec<String> {
        nice_ticks(lo.ln(), hi.ln(), max)
            .into_iter()
            .map(tick_label)
            .collect()
    };
    assert_eq!(
        values(3.0, 300.0, 10),
        ["5", "10", "20", "50", "100", "200"]
    );
    // Too many for 1-2-5: every decade, then every other decade.
    assert_eq!(
        values(0.5, 2e4, 6),
        ["1", "10", "100", "1 thousand", "10 thousand"]
    );
    assert_eq!(
        values(1e-9, 1e12, 8),
        ["0.00001", "1", "100 thousand", "10 billion"]
    );
    // A span under one decade: linear steps of 1, 2 or 5 × 10^k.
    assert_eq!(values(93.9, 98.3, 6), ["94", "95", "96", "97", "98"]);
    assert_eq!(
        values(0.0011, 0.0019, 5),
        ["0.0012", "0.0014", "0.0016", "0.0018"]
    );
    // Few ticks allowed (a phone) on a narrow span: still some, never none.
    assert_eq!(values(0.00062, 0.00498, 3), ["0.001", "0.002"]);
    assert_eq!(values(0.0007, 0.0035, 3), ["0.001", "0.002", "0.003"]);
    assert!(nice_ticks(1.0, 1.0, 5).is_empty());
    assert!(nice_ticks(f64::NAN, 1.0, 5).is_empty());
}

/// The overlay holds the estimate always and the truth once scored (a density, or a point at its ln); the table
/// beside it gives both's quantiles in the question's unit, the truth's hidden until then.
#[test]
fn the_overlay_and_its_numbers() {
    let e = estimate(&[10.0, 20.0, 40.0, 80.0]);
    let lognormal = FittedTruth::Lognormal {
        mu: 3.0,
        sigma: 0.5,
    };
    let cases = [
        (None, None),
        (
            Some(lognormal),
            Some(TruthMark::Density(lognormal_series(3.0, 0.5))),
        ),
        (
            Some(FittedTruth::Point(100.0)),
            Some(TruthMark::Point(100f64.ln())),
        ),
    ];
    for (truth, mark) in cases {
        let o = Overlay::of(Some(&e), truth, "km²");
        assert_eq!(o.estimate.as_ref(), Some(&e));
        assert_eq!((o.truth, o.unit.as_str()), (mark, "km²"));
    }
    assert_eq!(Overlay::of(None, None, "").x_range(), None);
    let summary = fermi_score::Summary::of_samples(&LogSamples::new(&[0.1, 0.2, 0.3]).unwrap());
    let hidden = quantile_rows(&summary, None, "percent of homes");
    assert_eq!(hidden.clone().map(|r| r.0), ["5%", "median", "95%"]);
    assert_eq!(hidden[1].1, "20%");
    assert!(hidden.iter().all(|r| r.2 == "hidden until you submit"));
    let shown = quantile_rows(&summary, Some(FittedTruth::Point(0.25)), "percent of homes");
    assert!(shown.iter().all(|r| r.2 == "25%"), "{shown:?}");
}
