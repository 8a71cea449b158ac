//! The overlay chart drawn natively to SVG (the same code draws to the browser's canvas): both distributions,
//! readable ticks at 1-2-5 values, the legend, and nothing drawn for an empty overlay.

use fermi_score::LogSamples;
use playground::plot::{self, Overlay, TruthMark};
use plotters::prelude::*;

fn render(overlay: &Overlay) -> String {
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (800, 320)).into_drawing_area();
        plot::draw(&area, overlay, plot::LIGHT, 1.0).expect("draws");
    }
    svg
}

fn estimate(values: &[f64]) -> plot::Series {
    let samples = LogSamples::new(values).expect("positive samples");
    plot::estimate_series(samples.sorted()).expect("a series")
}

#[test]
fn the_overlay_draws_both_distributions_with_readable_ticks() {
    // A spread from 10 to 1000 (ln-uniform grid), against a lognormal truth around 100.
    let values: Vec<f64> = (0..2000)
        .map(|i| 10f64 * 100f64.powf(i as f64 / 1999.0))
        .collect();
    let overlay = Overlay {
        estimate: Some(estimate(&values)),
        truth: Some(TruthMark::Density(plot::lognormal_series(100f64.ln(), 0.5))),
        unit: "tonnes".into(),
    };
    let svg = render(&overlay);
    for text in [
        "your estimate",
        "\ntruth\n",
        "tonnes (log scale)",
        "\n10\n",
        "\n100\n",
        "\n1 thousand\n",
    ] {
        assert!(svg.contains(text), "the SVG shows {text:?}");
    }
    assert!(svg.matches("<polyline").count() >= 2, "two density curves");
    assert!(svg.contains("<polygon"), "shaded 90% intervals");
}

#[test]
fn a_point_truth_is_a_vertical_line_and_an_empty_overlay_draws_nothing() {
    let values: Vec<f64> = (1..=500).map(|i| i as f64).collect();
    let overlay = Overlay {
        estimate: Some(estimate(&values)),
        truth: Some(TruthMark::Point(250f64.ln())),
        unit: String::new(),
    };
    let svg = render(&overlay);
    assert!(svg.contains("value (log scale)"));
    assert!(svg.contains("\ntruth\n"));
    let empty = render(&Overlay::default());
    assert!(!empty.contains("<text"), "no axes without data");
}

#[test]
fn ticks_are_1_2_5_values_or_powers_of_ten() {
    let values = |lo: f64, hi: f64, max: usize| -> Vec<String> {
        plot::nice_ticks(lo.ln(), hi.ln(), max)
            .into_iter()
            .map(plot::tick_label)
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
    assert!(plot::nice_ticks(1.0, 1.0, 5).is_empty());
    assert!(plot::nice_ticks(f64::NAN, 1.0, 5).is_empty());
}
