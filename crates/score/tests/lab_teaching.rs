//! What the lab draws and teaches, computed in the core: the curves, the heat map's shades and legend, the number
//! printer, the "rules disagree" rankings and the five lessons.

use fermi_score::lab::{
    ANSWERS, Axis, Belief, HeatMap, LESSONS, Orientation, REFERENCE, Range, Report, Rule, curves,
    disagree, format_value, heat_map, optimum,
};

fn belief() -> Belief {
    Belief::from_p5_p95(1e6, 1e8).unwrap()
}

#[test]
fn curves_are_every_rule_along_one_axis_through_the_report() {
    let (b, range) = (belief(), Range::default());
    let report = Report::from_decades(0.3, 1.5);
    for (axis, n) in [(Axis::Width, 81), (Axis::Shift, 41)] {
        let all = curves(&b, &report, &range, axis, n);
        assert_eq!(all.iter().map(|c| c.rule).collect::<Vec<_>>(), Rule::ALL);
        for c in &all {
            assert_eq!(c.points.len(), n);
            assert_eq!(
                (c.honest, c.current),
                (axis.of(&Report::HONEST), axis.of(&report))
            );
            // Each point is the rule's expected score at a grid report, the other axis held at the report's.
            let grid: Vec<Report> = match axis {
                Axis::Width => range
                    .widths(n)
                    .into_iter()
                    .map(|w| Report::new(report.shift, w))
                    .collect(),
                Axis::Shift => range
                    .shifts(n)
                    .into_iter()
                    .map(|d| Report::new(d, report.width))
                    .collect(),
            };
            for (p, g) in c.points.iter().zip(&grid) {
                assert_eq!(*p, (axis.of(g), c.rule.expected(&b, g)));
            }
        }
    }
    // Along the width at shift 0, a proper rule is best at the honest width; the median's error has no best.
    let honest = curves(&b, &Report::HONEST, &range, Axis::Width, 81);
    for c in &honest {
        match c.rule {
            Rule::CrpsLog | Rule::LogScore | Rule::Winkler90 | Rule::Pinball | Rule::CramerLog => {
                let (w, v) = c.best.unwrap();
                assert!((w - 1.0).abs() < 1e-6, "{:?} best at {w}", c.rule);
                assert_eq!(v, c.rule.expected(&b, &Report::new(0.0, w)));
            }
            Rule::MedianAbsError => assert_eq!(c.best, None),
            Rule::HitRate90 => assert_eq!(c.best.unwrap().0, 4.0),
            Rule::LinearScore => assert_eq!(c.best.unwrap().0, 0.25),
        }
    }
    let bad = Range {
        width_min: 0.0,
        ..range
    };
    assert!(curves(&b, &Report::HONEST, &bad, Axis::Width, 81).is_empty());
}

/// Whether shades follow the values: a better value never has a darker shade, equal values share one.
fn check_shades(map: &HeatMap) {
    let shades = map.shades();
    assert_eq!(shades.len(), map.values.len());
    let o = map.rule.orientation();
    for i in 0..shades.len() {
        for j in 0..shades.len() {
            let (a, b) = (map.values[i], map.values[j]);
            if o.better(a, b) {
                assert!(shades[i] < shades[j], "{:?}: {a} better than {b}", map.rule);
            } else if a == b {
                assert_eq!(shades[i], shades[j]);
            }
        }
    }
    assert_eq!(shades.iter().cloned().fold(f64::INFINITY, f64::min), 0.0);
}

#[test]
fn heat_map_shades_rank_the_values_and_the_legend_reads_them() {
    let (b, range) = (belief(), Range::default());
    for rule in Rule::ALL {
        let map = heat_map(rule, &b, &range, 9, 7);
        check_shades(&map);
        let legend = map.legend(5);
        assert_eq!(
            legend.iter().map(|l| l.0).collect::<Vec<_>>(),
            [0.0, 0.25, 0.5, 0.75, 1.0]
        );
        // The legend goes from the best value to the worst, never backwards.
        for pair in legend.windows(2) {
            assert!(
                !rule.orientation().better(pair[1].1, pair[0].1),
                "{rule:?} {legend:?}"
            );
        }
        let best = legend[0].1;
        assert!(
            map.values
                .iter()
                .all(|&v| !rule.orientation().better(v, best))
        );
        // A strictly proper rule's best cell is the honest report, in the middle of an odd grid.
        if rule.propriety() == fermi_score::Propriety::StrictlyProper {
            assert_eq!(map.shades()[3 * 9 + 4], 0.0, "{rule:?}");
            assert_eq!(best, rule.expected(&b, &Report::HONEST));
        }
    }
    // The median's error ignores the width: a column shares one shade.
    let map = heat_map(Rule::MedianAbsError, &b, &range, 9, 7);
    let shades = map.shades();
    for i in 0..9 {
        assert!((0..7).all(|j| shades[j * 9 + i] == shades[i]));
    }
    // The worst shade is 1, and so is the only shade of a map whose values all tie.
    assert_eq!(shades.iter().cloned().fold(0.0, f64::max), 1.0);
    let flat = heat_map(
        Rule::MedianAbsError,
        &b,
        &Range {
            shift_min: 0.0,
            shift_max: 0.0,
            ..range
        },
        1,
        5,
    );
    assert!(flat.shades().iter().all(|&s| s == 0.0));
    assert_eq!(flat.legend(3).len(), 3);
}

#[test]
fn values_print_with_four_significant_figures() {
    for (value, text) in [
        (0.0, "0.000"),
        (1.23456, "1.235"),
        (0.123456, "0.1235"),
        (0.000123, "0.0001"),
        (12.3456, "12.35"),
        (123.456, "123.5"),
        (12345.6, "12346"),
        (-0.5, "-0.5000"),
        (f64::INFINITY, "∞"),
        (f64::NEG_INFINITY, "−∞"),
        (f64::NAN, "not a number"),
    ] {
        assert_eq!(format_value(value), text, "{value}");
    }
}

#[test]
fn rules_disagree_about_the_five_stored_answers() {
    let truth = belief();
    let result = disagree(&truth);
    assert_eq!(result.answers.len(), 5);
    assert_eq!(
        result.standings.iter().map(|s| s.rule).collect::<Vec<_>>(),
        Rule::ALL
    );
    let rank = |rule: Rule, label: &str| {
        let i = ANSWERS.iter().position(|a| a.label == label).unwrap();
        result
            .standings
            .iter()
            .find(|s| s.rule == rule)
            .unwrap()
            .ranks[i]
    };
    for s in &result.standings {
        // Ranks agree with the values in the rule's own orientation; equal values share a rank.
        for i in 0..5 {
            let better = s
                .values
                .iter()
                .filter(|&&v| s.rule.orientation().better(v, s.values[i]))
                .count();
            assert_eq!(s.ranks[i], better + 1, "{:?}", s.rule);
        }
        let reference = &result.standings[0];
        assert_eq!(reference.rule, REFERENCE);
        for i in 0..5 {
            assert_eq!(s.moved[i], s.ranks[i] != reference.ranks[i]);
        }
    }
    // What the lesson shows: the log score puts the point last (infinitely bad), the hit rate puts the vague
    // answer first, the linear score prefers the sharp answers to the vague one, the median's error cannot tell
    // the vague answer from a perfect one and ranks it first.
    assert_eq!(rank(Rule::LogScore, "Emi"), 5);
    let log_score = result
        .standings
        .iter()
        .find(|s| s.rule == Rule::LogScore)
        .unwrap();
    assert_eq!(log_score.values[4], f64::NEG_INFINITY);
    assert_eq!(rank(Rule::HitRate90, "Chloé"), 1);
    assert_eq!(rank(Rule::HitRate90, "Emi"), 5);
    assert!(rank(Rule::LinearScore, "Emi") < rank(Rule::LinearScore, "Chloé"));
    assert_eq!(rank(Rule::MedianAbsError, "Chloé"), 1);
    assert_eq!(rank(REFERENCE, "Ana"), 1);
    assert_eq!(rank(REFERENCE, "Ben"), 5);
    assert!(
        result
            .standings
            .iter()
            .filter(|s| s.moved.contains(&true))
            .count()
            >= 3
    );
    // The answers are kept relative to the truth, so every ranking is the same for any truth.
    for (m, s) in [(0.0, 0.3), (20.0, 1.0), (-3.0, 4.0)] {
        let other = disagree(&Belief::new(m, s).unwrap());
        for (a, b) in other.standings.iter().zip(&result.standings) {
            assert_eq!(a.ranks, b.ranks, "{:?} at s = {s}", a.rule);
        }
    }
    // The point is shown as one number: its 5%, 50% and 95% are the same.
    let (_, point) = result.answers[4];
    assert_eq!((point.p5, point.p95), (point.p50, point.p50));
}

#[test]
fn every_lesson_has_its_point_terms_and_a_live_widget() {
    let b = belief();
    for (i, lesson) in LESSONS.iter().enumerate() {
        assert_eq!(lesson.number, i + 1);
        assert!(
            lesson.point.iter().all(|p| !p.is_empty() && p.len() < 120),
            "{}",
            lesson.title
        );
        assert!(!lesson.terms.is_empty() && !lesson.controls.is_empty());
        // No jargon without a definition: every rule a line names is in the glossary.
        let glossary = lesson.glossary();
        for line in lesson.lines(&b, &[]) {
            for rule in Rule::ALL {
                if line.label.starts_with(rule.name()) {
                    assert!(
                        glossary
                            .iter()
                            .any(|(term, meaning)| *term == rule.name() && !meaning.is_empty()),
                        "{}: {}",
                        lesson.title,
                        line.label
                    );
                }
            }
        }
        for control in lesson.controls {
            assert!(control.start <= control.steps);
            for step in 0..=control.steps {
                let steps: Vec<usize> = lesson.controls.iter().map(|_| step).collect();
                for line in lesson.lines(&b, &steps) {
                    for text in [&line.label, &line.value, &line.note] {
                        assert!(
                            !text.contains("NaN") && !text.contains("not a number"),
                            "{}: {text}",
                            lesson.title
                        );
                    }
                }
                assert!(!control.describe(step).is_empty());
            }
        }
    }
}

/// The lines of lesson `n` at these steps, as (label, value, note, flag).
fn lines(n: usize, steps: &[usize]) -> Vec<(String, String, String, bool)> {
    LESSONS[n - 1]
        .lines(&belief(), steps)
        .into_iter()
        .map(|l| (l.label, l.value, l.note, l.flag))
        .collect()
}

fn line(n: usize, steps: &[usize], label: &str) -> (String, String, String, bool) {
    lines(n, steps)
        .into_iter()
        .find(|l| l.0.starts_with(label))
        .unwrap()
}

#[test]
fn lesson_one_a_point_scores_infinitely_badly_and_a_range_does_not() {
    let point = line(1, &[0], "Log score");
    assert_eq!(point.0, "Log score (higher is better)");
    assert_eq!((point.1.as_str(), point.3), ("−∞", true));
    assert_eq!(line(1, &[0], "90% hit rate").1, "0%");
    assert_eq!(line(1, &[0], "You answer").1, "just 10 million");
    // At width ×1 (step 20 of 40 over 0..2) the hit rate is 90% and the log score finite.
    assert_eq!(LESSONS[0].controls[0].value(20), 1.0);
    assert_eq!(line(1, &[20], "90% hit rate").1, "90%");
    assert_eq!(
        line(1, &[20], "Log score").1,
        format_value(Rule::LogScore.expected(&belief(), &Report::HONEST))
    );
    assert_eq!(
        line(1, &[0], "Median error").1,
        line(1, &[40], "Median error").1
    );
}

#[test]
fn lesson_two_too_narrow_costs_more_under_the_log_score_and_less_under_crps() {
    for step in 1..=40 {
        assert_eq!(
            line(2, &[step], "Log score").2,
            "too narrow costs more",
            "step {step}"
        );
        assert_eq!(
            line(2, &[step], "CRPS-log").2,
            "too wide costs more",
            "step {step}"
        );
        assert!(
            line(2, &[step], "Linear score")
                .2
                .contains("rewards the range that is too narrow")
        );
        assert!(
            line(2, &[step], "90% hit rate")
                .2
                .contains("rewards the range that is too wide")
        );
    }
    assert_eq!(
        line(2, &[0], "Log score").2,
        "no difference at the honest width"
    );
    // ×2 either way (step 20): the log score's extra costs, from the closed form ln w + 1/(2w²) − 1/2.
    let narrow = (0.5f64).ln() + 2.0 - 0.5;
    let wide = 2f64.ln() + 0.125 - 0.5;
    assert_eq!(
        line(2, &[20], "Log score").1,
        format!(
            "too narrow: {} worse · too wide: {} worse",
            format_value(narrow),
            format_value(wide)
        )
    );
}

#[test]
fn lesson_three_hedging_makes_every_proper_rule_worse() {
    for step in 1..=20 {
        for l in &lines(3, &[step])[2..] {
            assert!(l.3 && l.2.contains("worse"), "step {step}: {l:?}");
        }
    }
    for l in &lines(3, &[0])[2..] {
        assert!(!l.3 && l.2.ends_with("no change"), "{l:?}");
    }
    // Half a decade toward the safe answer: the median drops by √10.
    assert!(
        line(3, &[10], "You answer")
            .1
            .starts_with("median 3.16 million")
    );
}

#[test]
fn lesson_four_splits_the_miss_into_location_and_shape() {
    // Shift 0 (step 20), width ×1 (step 20): both parts are zero.
    assert_eq!(line(4, &[20, 20], "Cramér-log: location").1, "0.000");
    assert_eq!(line(4, &[20, 20], "Cramér-log: shape").1, "0.000");
    // A shift alone costs only location; a width alone only shape.
    let shifted = (
        line(4, &[30, 20], "Cramér-log: location"),
        line(4, &[30, 20], "Cramér-log: shape"),
    );
    assert!(shifted.0.3 && !shifted.1.3);
    let wide = (
        line(4, &[20, 30], "Cramér-log: location"),
        line(4, &[20, 30], "Cramér-log: shape"),
    );
    assert!(!wide.0.3 && wide.1.3);
    assert_eq!(line(4, &[30, 20], "Bias").1, "+0.50 decades");
    assert_eq!(
        line(4, &[20, 20], "Sharpness").1,
        "your 90% range spans 2.00 decades"
    );
}

#[test]
fn lesson_five_equal_factors_are_equal_on_the_log_axis() {
    // ×10 (step 20 of 40 over 1..100).
    let (high, low) = (
        line(5, &[20], "Guess ×10 too high"),
        line(5, &[20], "Guess ×10 too low"),
    );
    assert_eq!(
        (high.1.as_str(), low.1.as_str()),
        ("100 million", "1 million")
    );
    assert!(high.2.ends_with("1.00 decades") && low.2.ends_with("1.00 decades"));
    assert!(
        high.2.starts_with("plain difference 90 million")
            && low.2.starts_with("plain difference 9 million")
    );
    assert_eq!(
        line(5, &[20], "Plain differences").1,
        "the high guess looks 10× worse"
    );
    assert_eq!(
        line(5, &[0], "Plain differences").1,
        "both guesses are right"
    );
}

#[test]
fn the_optimum_of_each_rule_is_where_its_heat_map_is_best() {
    let (b, range) = (belief(), Range::default());
    for rule in Rule::ALL {
        let map = heat_map(rule, &b, &range, 41, 41);
        let best = optimum(rule, &b, &range).unwrap();
        let o: Orientation = rule.orientation();
        // No grid point beats the optimum (beyond rounding).
        let slack = 1e-9 * best.value.abs().max(1e-9);
        assert!(
            map.values.iter().all(|&v| !o.better(
                v,
                best.value
                    + if o == Orientation::LowerIsBetter {
                        -slack
                    } else {
                        slack
                    }
            )),
            "{rule:?}"
        );
    }
}
