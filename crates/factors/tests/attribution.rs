//! Factor attribution: the parts sum to the total log error (products, ratios and powers exactly; sums within
//! the stated quadrature residual), matching, widths, traps, the skeleton, and the built-in pack.

use fermi_bank::{TrapValue, fit_truth};
use fermi_eval::{Options, evaluate_source};
use fermi_factors::{
    Answer, Attribution, Correction, EXACT_RESIDUAL, MatchedBy, Method, Reference, TruthShape,
    attribute, attribute_question, skeleton,
};
use fermi_score::{LogSamples, Summary};
use fermi_syntax::Dialect;
use proptest::prelude::*;

const SEED: u64 = 7;

fn run(source: &str, samples: usize) -> Vec<f64> {
    let options = Options {
        samples,
        seed: SEED,
    };
    let e = evaluate_source(source, Dialect::Squiggle, &options);
    e.samples
        .unwrap_or_else(|| panic!("{source}: {:?}", e.diagnostics))
}

fn summarize(samples: &[f64]) -> Summary {
    Summary::of_samples(&LogSamples::new(samples).unwrap())
}

fn attribution(reference: &Reference, truth_median: f64, answer: &str, n: usize) -> Attribution {
    let summary = summarize(&run(answer, n));
    let answer = Answer {
        source: answer,
        dialect: Dialect::Squiggle,
        summary: &summary,
        seed: SEED,
    };
    let truth = TruthShape {
        median: truth_median,
        sigma: 0.5,
    };
    attribute(reference, truth, &answer, &[]).expect("attributes")
}

fn parts(a: &Attribution) -> f64 {
    a.factors.iter().map(|r| r.contribution).sum::<f64>() + a.rest + a.residual
}

/// A factor's 90% interval around `median` spanning `spread`× in all.
fn range(median: f64, spread: f64) -> String {
    let k = spread.sqrt();
    format!("to({:e}, {:e})", median / k, median * k)
}

fn value() -> impl Strategy<Value = f64> {
    (-6.0f64..6.0).prop_map(|e| 10f64.powf(e))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Products, ratios and powers: each factor's part is exponent × log error, and they sum to the total.
    #[test]
    fn products_and_ratios_are_exact(f in prop::collection::vec(value(), 3), g in prop::collection::vec(value(), 3)) {
        let reference = format!(
            "a = {}\nb = {}\nc = {}\na * b / c ^ 2",
            range(f[0], 4.0), range(f[1], 3.0), range(f[2], 2.0)
        );
        let reference = Reference::from_program(&reference, 1).unwrap();
        let truth = f[0] * f[1] / (f[2] * f[2]);
        let answer = format!("a = {:e}\nb = {:e}\nc = {:e}\na * b / c ^ 2", g[0], g[1], g[2]);
        let a = attribution(&reference, truth, &answer, 100);
        prop_assert_eq!(a.method, Method::Exact);
        prop_assert_eq!(a.factors.len(), 3);
        let total = (g[0] / f[0]).ln() + (g[1] / f[1]).ln() - 2.0 * (g[2] / f[2]).ln();
        prop_assert!((a.total - total).abs() < 1e-9 * (1.0 + total.abs()));
        for row in &a.factors {
            let i = ["a", "b", "c"].iter().position(|n| *n == row.reference).unwrap();
            let exponent = [1.0, 1.0, -2.0][i];
            let expected = exponent * (g[i] / f[i]).ln();
            prop_assert!((row.contribution - expected).abs() < 1e-9 * (1.0 + expected.abs()));
        }
        prop_assert!(a.rest.abs() < EXACT_RESIDUAL * (1.0 + total.abs()));
        prop_assert!(a.residual.abs() < EXACT_RESIDUAL * (1.0 + total.abs()), "residual {}", a.residual);
        prop_assert!((parts(&a) - a.total).abs() < 1e-12 * (1.0 + total.abs()));
    }

    /// Sums: elasticities averaged along the path leave only the quadrature's error as residual.
    #[test]
    fn sums_leave_a_small_residual(f in prop::collection::vec(value(), 3), g in prop::collection::vec(value(), 3)) {
        let reference = format!(
            "a = {}\nb = {}\nc = {}\na * b + c",
            range(f[0], 4.0), range(f[1], 3.0), range(f[2], 2.0)
        );
        let reference = Reference::from_program(&reference, 1).unwrap();
        // The truth's median taken as the formula at the medians: what remains is the attribution's own error.
        let truth = f[0] * f[1] + f[2];
        let answer = format!("a = {:e}\nb = {:e}\nc = {:e}\na * b + c", g[0], g[1], g[2]);
        let a = attribution(&reference, truth, &answer, 100);
        prop_assert_eq!(a.method, Method::Elasticity);
        prop_assert_eq!(a.factors.len(), 3);
        prop_assert!(a.rest.abs() < 1e-9 * (1.0 + a.total.abs()));
        prop_assert!(a.residual.abs() < SUM_RESIDUAL * (1.0 + a.total.abs()), "residual {} of {}", a.residual, a.total);
        prop_assert!((parts(&a) - a.total).abs() < 1e-12 * (1.0 + a.total.abs()));
    }

    /// Lognormal factors: the answer's median carries sampling noise, and the residual stays within it.
    #[test]
    fn sampled_products_stay_within_noise(f in prop::collection::vec(value(), 2), g in prop::collection::vec(value(), 2)) {
        let reference = format!("a = {}\nb = {}\na / b", range(f[0], 10.0), range(f[1], 3.0));
        let reference = Reference::from_program(&reference, 1).unwrap();
        let answer = format!("a = {}\nb = {}\na / b", range(g[0], 5.0), range(g[1], 20.0));
        let n = 20_000;
        let mut a = attribution(&reference, f[0] / f[1], &answer, n);
        let truth_var: f64 = reference.formula.leaves.iter().map(|l| l.sigma * l.sigma).sum();
        // The helper scored against sigma 0.5; the gap against the reference's own spread moves by the difference.
        a.width_residual += 0.25 - truth_var;
        // sd of a sample median: 1.2533 σ / √n; five of them.
        let noise = 5.0 * 1.2533 * a.answer_sigma / (n as f64).sqrt();
        prop_assert!(a.residual.abs() < noise, "residual {} noise {}", a.residual, noise);
        // First order is exact for independent lognormals: the width parts sum to the variance gap.
        let gap = a.answer_sigma.powi(2) - truth_var;
        prop_assert!(a.width_residual.abs() < 0.05 * (1.0 + gap.abs()), "width residual {}", a.width_residual);
    }
}

/// Largest residual the 8-node quadrature leaves for sums (relative to 1 + |total|), as docs/scoring.md states.
const SUM_RESIDUAL: f64 = 1e-6;

const PIANOS: &str = "
households = to(0.9M, 1.2M)
pianos_per_household = to(0.03, 0.1)
tunings_per_piano = to(0.5, 1.5)
tunings_per_tuner = to(600, 1200)
households * pianos_per_household * tunings_per_piano / tunings_per_tuner
";

fn pianos() -> (Reference, f64) {
    let r = Reference::from_program(PIANOS, 1).unwrap();
    let truth: f64 = r
        .formula
        .exponents()
        .unwrap()
        .iter()
        .zip(&r.formula.leaves)
        .map(|(e, l)| l.median.powf(*e))
        .product();
    (r, truth)
}

#[test]
fn the_factor_ten_times_off_is_named_first() {
    let (reference, truth) = pianos();
    let answer = "
households = to(0.9M, 1.2M)
pianos = to(0.3, 1)
tunings = to(0.5, 1.5)
capacity = to(600, 1200)
households * pianos * tunings / capacity
";
    let a = attribution(&reference, truth, answer, 10_000);
    assert_eq!(a.factors[0].reference, "pianos_per_household");
    assert_eq!(a.factors[0].answer, "pianos");
    assert_eq!(a.factors[0].matched_by, MatchedBy::Words);
    assert!((a.factors[0].contribution - 10f64.ln()).abs() < 1e-9);
    assert!(
        a.sentences[0].starts_with(
            "10× too high; most of it from pianos per household: you 0.548, the reference 0.0548"
        ),
        "{}",
        a.sentences[0]
    );
    // The waterfall climbs from the truth's median to the answer's, the big step first.
    let steps = a.steps();
    assert_eq!(steps[0].label, "pianos_per_household");
    assert!((steps[0].from - truth.ln()).abs() < 1e-12);
    let last = steps.last().unwrap();
    assert!((last.to - a.answer_median.ln()).abs() < 0.011, "{steps:?}");
    // `capacity` shares no word with `tunings_per_tuner`: a person says which it is.
    assert!(a.unmatched_answer.contains(&"capacity".to_string()));
    assert_eq!(a.matched("capacity"), "");
    assert_eq!(a.matched(&a.factors[0].answer), "pianos_per_household");
    // The page's dropdown: a choice replaces what was said of that factor before.
    let mut fix = Vec::new();
    Correction::set(&mut fix, "capacity", "");
    Correction::set(&mut fix, "capacity", "tunings_per_tuner");
    assert_eq!(
        fix,
        [Correction {
            answer: "capacity".into(),
            reference: Some("tunings_per_tuner".into()),
        }]
    );
    let summary = summarize(&run(answer, 10_000));
    let fixed = attribute(
        &reference,
        TruthShape {
            median: truth,
            sigma: 0.5,
        },
        &Answer {
            source: answer,
            dialect: Dialect::Squiggle,
            summary: &summary,
            seed: SEED,
        },
        &fix,
    )
    .unwrap();
    assert!(
        fixed.unmatched_answer.is_empty(),
        "{:?}",
        fixed.unmatched_answer
    );
    assert!(
        fixed
            .factors
            .iter()
            .any(|r| r.answer == "capacity" && r.matched_by == MatchedBy::Correction)
    );
    assert_eq!(fixed.matched("capacity"), "tunings_per_tuner");
}

#[test]
fn a_missing_factor_goes_to_the_rest() {
    let (reference, truth) = pianos();
    // No tunings per piano (once a year, so the rest is ln 1 = 0 only if it were 1; the reference says ~0.87).
    let answer = "households = 1M\npianos_per_household = 0.0548\ntunings_per_tuner = 849\nhouseholds * pianos_per_household / tunings_per_tuner";
    let a = attribution(&reference, truth, answer, 100);
    assert_eq!(a.unmatched_reference, ["tunings_per_piano"]);
    assert!(a.rest.abs() > 0.1);
    assert!((parts(&a) - a.total).abs() < 1e-12);
}

#[test]
fn widths_name_the_factor_that_spread() {
    let (reference, truth) = pianos();
    let answer = "
households = to(0.9M, 1.2M)
pianos_per_household = to(0.001, 3)
tunings_per_piano = to(0.5, 1.5)
tunings_per_tuner = to(600, 1200)
households * pianos_per_household * tunings_per_piano / tunings_per_tuner
";
    let mut a = attribution(&reference, truth, answer, 20_000);
    // Against the reference's own spread.
    let ref_sigma = reference
        .formula
        .leaves
        .iter()
        .map(|l| l.sigma * l.sigma)
        .sum::<f64>()
        .sqrt();
    a.truth_sigma = ref_sigma;
    let widest = a
        .factors
        .iter()
        .max_by(|p, q| p.width.total_cmp(&q.width))
        .unwrap();
    assert_eq!(widest.reference, "pianos_per_household");
    let sentence = a
        .sentences
        .iter()
        .find(|s| s.starts_with("Too wide"))
        .unwrap();
    assert!(sentence.contains("pianos per household"), "{sentence}");
}

#[test]
fn a_trap_is_named() {
    let (mut reference, truth) = pianos();
    reference.traps = vec![
        TrapValue {
            factor: Some("pianos_per_household".into()),
            value: 0.2,
            tolerance: 0.25,
            says: "one family in five owned a piano in Fermi's 1940s Chicago, not today.".into(),
        },
        TrapValue {
            factor: None,
            value: 150.0,
            tolerance: 0.1,
            says: "150 is Fermi's own answer, not a count.".into(),
        },
    ];
    let answer = "households = 1M\npianos_per_household = 0.2\ntunings_per_piano = 1\ntunings_per_tuner = 1000\nhouseholds * pianos_per_household * tunings_per_piano / tunings_per_tuner";
    let a = attribution(&reference, truth, answer, 100);
    assert_eq!(
        a.traps,
        [
            "Trap: your pianos per household, 0.2, sits at 0.2: one family in five owned a piano in Fermi's 1940s Chicago, not today."
        ]
    );
    assert!(a.sentences.contains(&a.traps[0]));
    // 200 is outside 150 ± 10%.
    assert!(!a.traps.iter().any(|t| t.contains("Fermi's own answer")));
}

#[test]
fn a_quick_answer_has_no_factors_and_is_told_to_break_it_down() {
    let (reference, truth) = pianos();
    let a = attribution(&reference, truth, "to(10, 1000)", 1000);
    assert!(a.factors.is_empty());
    assert_eq!(a.unmatched_answer, ["to(10, 1000)"]);
    assert!(
        a.sentences.iter().any(|s| s.contains("break it down")),
        "{:?}",
        a.sentences
    );
}

/// The built-in raindrops question: its skeleton, filled in with one factor ten times off, is scored by factors.
#[test]
fn a_skeleton_filled_in_is_scored_by_factors() {
    let pack = fermi_bank::builtin();
    let question = pack.question("raindrops-on-umbrella-california").unwrap();
    let skeleton = skeleton(question).unwrap();
    assert!(skeleton.contains("rain_mm = to( , )"), "{skeleton}");
    assert!(skeleton.contains("umbrella_m2 = to( , )"), "{skeleton}");
    assert!(
        skeleton.ends_with("rain_mm * umbrella_m2 * 1000000 / (3.14159265 / 6 * drop_d_mm ^ 3)\n"),
        "{skeleton}"
    );
    let filled = skeleton
        .replace("rain_mm = to( , )", "rain_mm = to(3, 20)")
        .replace("umbrella_m2 = to( , )", "umbrella_m2 = to(6, 10)")
        .replace("drop_d_mm = to( , )", "drop_d_mm = to(1.5, 2.5)");
    let summary = summarize(&run(&filled, 10_000));
    let truth = fit_truth(question).unwrap();
    let a = attribute_question(
        question,
        &truth,
        &Answer {
            source: &filled,
            dialect: Dialect::Squiggle,
            summary: &summary,
            seed: SEED,
        },
        &[],
    )
    .unwrap()
    .unwrap();
    assert_eq!(a.factors.len(), 3);
    assert_eq!(a.factors[0].reference, "umbrella_m2");
    assert!(
        a.sentences[0].contains("most of it from umbrella m2"),
        "{}",
        a.sentences[0]
    );
}

/// The built-in pack: at least 40 questions carry a reference decomposition, and each has a skeleton.
#[test]
fn forty_built_in_questions_have_a_reference() {
    let pack = fermi_bank::builtin();
    let with: Vec<&str> = pack
        .questions
        .iter()
        .filter(|q| fermi_factors::Reference::of(q).is_some())
        .map(|q| q.id.as_str())
        .collect();
    assert!(with.len() >= 40, "{} questions: {with:?}", with.len());
    for id in with {
        assert!(skeleton(pack.question(id).unwrap()).is_some(), "{id}");
    }
}

/// Many answers folded per question and group: the factor people miss most comes first, with its mean part.
#[test]
fn aggregation_names_the_factor_each_group_misses_most() {
    let (reference, truth) = pianos();
    let people = [
        "households = 1M\npianos_per_household = 0.5\ntunings_per_piano = 0.87\ntunings_per_tuner = 849\nhouseholds * pianos_per_household * tunings_per_piano / tunings_per_tuner",
        "households = 1M\npianos_per_household = 0.3\ntunings_per_piano = 2\ntunings_per_tuner = 849\nhouseholds * pianos_per_household * tunings_per_piano / tunings_per_tuner",
    ];
    let model = "households = 1M\npianos_per_household = 0.0548\ntunings_per_piano = 0.87\ntunings_per_tuner = 100\nhouseholds * pianos_per_household * tunings_per_piano / tunings_per_tuner";
    let a: Vec<Attribution> = people
        .iter()
        .chain([&model])
        .map(|p| attribution(&reference, truth, p, 100))
        .collect();
    let rows = fermi_factors::aggregate([
        ("pianos", "people", &a[0]),
        ("pianos", "people", &a[1]),
        ("pianos", "model", &a[2]),
    ]);
    let model_rows: Vec<_> = rows.iter().filter(|r| r.group == "model").collect();
    assert_eq!(model_rows[0].factor, "tunings_per_tuner");
    assert_eq!(model_rows[0].largest, 1);
    let people_rows: Vec<_> = rows.iter().filter(|r| r.group == "people").collect();
    assert_eq!(people_rows[0].factor, "pianos_per_household");
    assert_eq!(
        (
            people_rows[0].answers,
            people_rows[0].matched,
            people_rows[0].largest
        ),
        (2, 2, 2)
    );
    let expected = ((0.5f64 / 0.0548).ln() + (0.3f64 / 0.0548).ln()) / 2.0;
    let got = people_rows[0].mean_contribution.unwrap();
    assert!((got - expected).abs() < 1e-3, "{got} vs {expected}");
    assert_eq!(people_rows.len(), 4);
}
