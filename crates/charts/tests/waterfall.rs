//! The factor waterfall drawn natively to SVG (the same code draws to the browser's canvas): a bar per step of
//! the core's attribution, the truth and the answer, decade ticks, and each step's factor.

use fermi_charts::{LIGHT, waterfall};
use fermi_factors::{Answer, Reference, TruthShape, attribute};
use fermi_score::{LogSamples, Summary};
use fermi_syntax::Dialect;
use plotters::prelude::*;

#[test]
fn the_waterfall_draws_each_step_on_decades() {
    let reference = Reference::from_program(
        "households = to(0.9M, 1.2M)\npianos_per_household = to(0.03, 0.1)\ntunings = to(600, 1200)\nhouseholds * pianos_per_household / tunings",
        1,
    )
    .unwrap();
    let program = "households = to(0.9M, 1.2M)\npianos_per_household = to(0.3, 1)\ntunings = to(600, 1200)\nhouseholds * pianos_per_household / tunings";
    let options = fermi_eval::Options {
        samples: 10_000,
        seed: 3,
    };
    let samples = fermi_eval::evaluate_source(program, Dialect::Squiggle, &options)
        .samples
        .unwrap();
    let summary = Summary::of_samples(&LogSamples::new(&samples).unwrap());
    let truth = TruthShape {
        median: 1.04e6 * 0.0548 / 849.0,
        sigma: 0.4,
    };
    let answer = Answer {
        source: program,
        dialect: Dialect::Squiggle,
        summary: &summary,
        seed: 3,
    };
    let a = attribute(&reference, truth, &answer, &[]).unwrap();
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (640, 300)).into_drawing_area();
        waterfall::draw(
            &area,
            &a.steps(),
            a.truth_median.ln(),
            a.answer_median.ln(),
            LIGHT,
            1.0,
        )
        .expect("draws");
    }
    for text in [
        "the truth",
        "your answer",
        "pianos per hous…",
        "×10",
        "\n10\n",
        "\n100\n",
    ] {
        assert!(svg.contains(text), "the SVG shows {text:?}:\n{svg}");
    }
    // Truth, three factors, answer: five bars at least.
    assert!(svg.matches("<rect").count() >= 6, "{svg}");
}
