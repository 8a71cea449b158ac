//! The overlay chart drawn natively to SVG (the same code draws to the browser's canvas): both distributions,
//! readable ticks, the legend, and nothing drawn for an empty overlay. The numbers it draws (the densities, the
//! ticks) are tested in `fermi-practice`.

use fermi_charts::LIGHT;
use fermi_charts::overlay::draw;
use fermi_practice::chart::{Overlay, Series, TruthMark, estimate_series, lognormal_series};
use fermi_score::LogSamples;
use plotters::prelude::*;

fn render(overlay: &Overlay) -> String {
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (800, 320)).into_drawing_area();
        draw(&area, overlay, LIGHT, 1.0).expect("draws");
    }
    svg
}

fn estimate(values: &[f64]) -> Series {
    let samples = LogSamples::new(values).expect("positive samples");
    estimate_series(samples.sorted()).expect("a series")
}

#[test]
fn the_overlay_draws_both_distributions_with_readable_ticks() {
    // A spread from 10 to 1000 (ln-uniform grid), against a lognormal truth around 100.
    let values: Vec<f64> = (0..2000)
        .map(|i| 10f64 * 100f64.powf(i as f64 / 1999.0))
        .collect();
    let overlay = Overlay {
        estimate: Some(estimate(&values)),
        truth: Some(TruthMark::Density(lognormal_series(100f64.ln(), 0.5))),
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
