//! The syntax cards the editor shows: every example runs clean, each example and its twin in the other dialect are
//! the same estimate, and a fermi example converted to Squiggle gives the very same samples.

use fermi_eval::{Options, Summary, evaluate_source, summarize};
use fermi_syntax::{Dialect, convert, syntax_card};

const OPTIONS: Options = Options {
    samples: 100_000,
    seed: 3,
};

fn run(source: &str, dialect: Dialect) -> (Vec<f64>, Summary) {
    let e = evaluate_source(source, dialect, &OPTIONS);
    assert!(e.diagnostics.is_empty(), "{source}: {:?}", e.diagnostics);
    let samples = e.samples.expect("no errors");
    let summary = summarize(&samples);
    (samples, summary)
}

#[test]
fn card_examples_are_twins_and_convert_exactly() {
    let squiggle = syntax_card(Dialect::Squiggle).examples;
    let fermi = syntax_card(Dialect::Fermi).examples;
    assert_eq!(squiggle.len(), fermi.len());
    for (&(sq, what), &(fe, what_fermi)) in squiggle.iter().zip(fermi) {
        assert_eq!(what, what_fermi, "twins describe the same estimate");
        let (_, a) = run(sq, Dialect::Squiggle);
        let (fermi_samples, b) = run(fe, Dialect::Fermi);
        for (p, x, y) in [
            ("p5", a.p5, b.p5),
            ("p50", a.p50, b.p50),
            ("p95", a.p95, b.p95),
        ] {
            assert!(((x / y).ln()).abs() < 0.02, "{what} {p}: {x} vs {y}");
        }
        let converted = convert(fe, Dialect::Fermi, Dialect::Squiggle).expect("converts");
        assert_eq!(
            run(&converted, Dialect::Squiggle).0,
            fermi_samples,
            "{converted}"
        );
    }
}
