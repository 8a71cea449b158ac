//! Calibration over a history: hand-computed tables (coverage, PIT, Clopper–Pearson, advice) and properties of
//! seeded synthetic histories (calibrated, too narrow, too wide).
// Reference values as printed by mpmath.
#![allow(clippy::excessive_precision)]

mod common;

use common::{Normals, lognormal_grid};
use fermi_score::calibration::{
    AnswerQuantiles, Answered, Calibration, TrendPoint, TruthQuantiles, Verdict, calibration,
    clopper_pearson, regularized_beta,
};
use fermi_score::{LogSamples, LogTruth, Phi_inv};
use proptest::prelude::*;

const LN_10: f64 = std::f64::consts::LN_10;

/// An answer lognormal on the ln axis (median `mu`, sd `sigma`) with a point truth at ln value `truth`.
fn entry(topic: &str, time: f64, mu: f64, sigma: f64, truth: f64) -> Answered {
    Answered {
        answer: AnswerQuantiles::normal(mu, sigma),
        truth: TruthQuantiles::of(&LogTruth::Point(truth)),
        cramer: 0.1,
        topic: topic.to_string(),
        time,
    }
}

/// Entries of one topic whose truths sit at `z` answer-sds from the answers' medians.
fn at_z(zs: &[f64]) -> Vec<Answered> {
    let mu = 1000f64.ln();
    zs.iter()
        .enumerate()
        .map(|(i, z)| entry("t", i as f64, mu, 1.0, mu + z))
        .collect()
}

fn hits(c: &Calibration) -> [usize; 3] {
    c.overall.coverage.map(|c| c.hits)
}

#[test]
fn coverage_and_pit_table() {
    // (z, PIT = Φ(z) from mpmath, inside 50%, 80%, 90%). Bounds: 0.674, 1.282, 1.645.
    let cases = [
        (0.0, 0.5, [true, true, true]),
        (1.0, 0.84134474606854295, [false, true, true]),
        (1.5, 0.93319279873114193, [false, false, true]),
        (-2.0, 0.022750131948179207, [false, false, false]),
        (-0.3, 0.38208857781104736, [true, true, true]),
        // Beyond the 99% level: the outermost slope extended, exact for a lognormal answer.
        (3.0, 0.99865010196836991, [false, false, false]),
    ];
    let entries = at_z(&cases.map(|c| c.0));
    for ((z, pit, _), e) in cases.iter().zip(&entries) {
        let got = e.answer.pit(e.truth.ln_median);
        assert!((got - pit).abs() <= 1e-12, "z = {z}: PIT {got}");
    }
    let c = calibration(&entries, 5);
    let expected = [0, 1, 2].map(|k| cases.iter().filter(|c| c.2[k]).count());
    assert_eq!(hits(&c), expected);
    assert_eq!(expected, [2, 3, 4]);
    assert_eq!(c.overall.pit, [1, 0, 0, 1, 0, 1, 0, 0, 1, 2]);
    assert_eq!(c.overall.count, 6);
    assert_eq!(c.overall.coverage.map(|c| c.percent), [50, 80, 90]);
    let rows = c.overall.pit_rows();
    assert_eq!(rows[0], ("0–10%".to_string(), 1));
    assert_eq!(rows[9], ("90–100%".to_string(), 2));
    assert_eq!(rows.map(|r| r.1), c.overall.pit);
}

/// A trend's table keeps its latest `window` points, numbered from 1, to the digits asked; its chart takes them
/// all.
#[test]
fn trend_rows_and_points() {
    let points: Vec<TrendPoint> = [0.5, -0.25, 0.125, 1.0]
        .iter()
        .enumerate()
        .map(|(i, &value)| TrendPoint {
            time: i as f64,
            value,
            count: i + 1,
        })
        .collect();
    type Row = (usize, &'static str, usize);
    let cases: [(usize, usize, Vec<Row>); 3] = [
        (
            10,
            2,
            vec![
                (1, "0.50", 1),
                (2, "-0.25", 2),
                (3, "0.12", 3),
                (4, "1.00", 4),
            ],
        ),
        (2, 4, vec![(3, "0.1250", 3), (4, "1.0000", 4)]),
        (0, 2, vec![]),
    ];
    for (window, digits, want) in cases {
        let want: Vec<(usize, String, usize)> = want
            .into_iter()
            .map(|(i, v, n)| (i, v.to_string(), n))
            .collect();
        assert_eq!(TrendPoint::rows(&points, window, digits), want, "{window}");
    }
    assert_eq!(
        TrendPoint::xy(&points),
        [(1.0, 0.5), (2.0, -0.25), (3.0, 0.125), (4.0, 1.0)]
    );
}

#[test]
fn pit_on_atoms_flat_tails_and_points() {
    let flat_middle = AnswerQuantiles {
        ln: [0.0, 1.0, 2.0, 3.0, 3.0, 3.0, 4.0, 5.0, 6.0],
    };
    let flat_lower_tail = AnswerQuantiles {
        ln: [1.0, 1.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
    };
    let point = AnswerQuantiles::normal(2.0, 0.0);
    let constant_samples = AnswerQuantiles::of(&LogSamples::new(&[7.0; 5]).unwrap());
    // (answer, ln truth, PIT); the interpolated ones from mpmath.
    let cases = [
        // On the atom spanning the 25%..75% levels: its middle.
        (flat_middle, 3.0, 0.5),
        // Halfway between the 10% and 25% levels in ln: Φ of the mean of their probits.
        (flat_middle, 2.5, 0.1640320535424602),
        // On a single knot: its level.
        (flat_middle, 1.0, 0.05),
        // Below a flat lower tail: the first slope with width, from the 1% level.
        (flat_lower_tail, 0.0, 0.0016763058703063306),
        // On the flat lower tail's atom: the middle of 1%..10%.
        (flat_lower_tail, 1.0, 0.055),
        (point, 2.0, 0.5),
        (point, 1.9, 0.0),
        (point, 2.1, 1.0),
        (constant_samples, 7f64.ln(), 0.5),
        (point, f64::INFINITY, 1.0),
        (point, f64::NEG_INFINITY, 0.0),
    ];
    for (answer, truth, pit) in cases {
        let got = answer.pit(truth);
        assert!((got - pit).abs() <= 1e-12, "{answer:?} at {truth}: {got}");
    }
    assert!(point.pit(f64::NAN).is_nan());
}

#[test]
fn answer_quantiles_from_samples_are_type7() {
    // Ln values 0..=100 in steps of 1: type 7 at p is 100·p.
    let samples: Vec<f64> = (0..=100).map(|k| (k as f64).exp()).collect();
    let answer = AnswerQuantiles::of(&LogSamples::new(&samples).unwrap());
    let want = [1.0, 5.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0];
    for (got, want) in answer.ln.iter().zip(want) {
        assert!((got - want).abs() <= 1e-12, "{got} vs {want}");
    }
}

#[test]
fn truth_quantiles_of_each_kind() {
    let normal = TruthQuantiles::of(&LogTruth::Normal {
        mu: 2.0,
        sigma: 0.5,
    });
    // p5 and p95 at mu ∓ 1.6449·sigma.
    assert!((normal.ln_p5 - (2.0 - 0.822_426_813_475_736)).abs() <= 1e-12);
    assert!((normal.ln_p95 - (2.0 + 0.822_426_813_475_736)).abs() <= 1e-12);
    assert_eq!(normal.ln_median, 2.0);
    let samples: Vec<f64> = (0..=100).map(|k| (k as f64).exp()).collect();
    let sampled = TruthQuantiles::of(&LogTruth::Samples(LogSamples::new(&samples).unwrap()));
    assert!((sampled.ln_p5 - 5.0).abs() <= 1e-12 && (sampled.ln_p95 - 95.0).abs() <= 1e-12);
    assert!((sampled.ln_median - 50.0).abs() <= 1e-12);
}

#[test]
fn clopper_pearson_table() {
    // 90% intervals, the bounds solving I_p(k, n−k+1) = 0.05 and I_p(k+1, n−k) = 0.95 (mpmath, 30 digits);
    // k = 0 and k = n have the closed forms 1 − 0.05^(1/n) and 0.05^(1/n).
    let cases = [
        (11, 24, [0.28235552657287612, 0.64243604065347907]),
        (3, 10, [0.087264433914150306, 0.60662421610541343]),
        (18, 20, [0.71738147511413909, 0.98193479691458138]),
        (90, 100, [0.83628237672418521, 0.94473676231712998]),
        (900, 1000, [0.88300846790363207, 0.91521523233153069]),
        (0, 1, [0.0, 0.95]),
        (0, 10, [0.0, 0.25886555089305228]),
        (5, 5, [0.54928027165305888, 1.0]),
        (0, 0, [0.0, 1.0]),
        // k above n counts as n.
        (7, 5, [0.54928027165305888, 1.0]),
    ];
    for (k, n, want) in cases {
        let got = clopper_pearson(k, n, 0.90);
        for side in 0..2 {
            assert!(
                (got[side] - want[side]).abs() <= 1e-12,
                "{k} of {n}: {got:?} vs {want:?}"
            );
        }
    }
    // Full and no confidence, and NaN (counted as full), stay in [0, 1].
    assert_eq!(clopper_pearson(3, 10, 1.0), [0.0, 1.0]);
    assert_eq!(clopper_pearson(3, 10, f64::NAN), [0.0, 1.0]);
    let none = clopper_pearson(3, 10, 0.0);
    assert!(none[0] <= none[1] && (0.0..=1.0).contains(&none[0]));
}

#[test]
fn regularized_beta_table() {
    // mpmath at 30 digits; I_x(½, ½) = (2/π)·asin(√x).
    let cases = [
        (2.5, 7.0, 0.3, 0.6412224629717212),
        (0.5, 0.5, 0.2, 0.29516723530086655),
        (300.0, 700.0, 0.31, 0.75641868273154363),
        (1.0, 1.0, 0.37, 0.37),
        (3.0, 4.0, 0.0, 0.0),
        (3.0, 4.0, 1.0, 1.0),
    ];
    for (a, b, x, want) in cases {
        let got = regularized_beta(a, b, x);
        assert!(
            (got - want).abs() <= 1e-13,
            "I_{x}({a}, {b}) = {got}, want {want}"
        );
    }
    for (a, b, x) in [(0.0, 1.0, 0.5), (1.0, -1.0, 0.5), (1.0, 1.0, f64::NAN)] {
        assert!(regularized_beta(a, b, x).is_nan());
    }
}

/// For integer arguments `I_p(k, n−k+1) = P(Binomial(n, p) ≥ k)`: each bound leaves 5% of the binomial beyond
/// the count, summed term by term.
#[test]
fn clopper_pearson_bounds_leave_five_percent_of_the_binomial() {
    let tail_at_least = |k: usize, n: usize, p: f64| -> f64 {
        let mut pmf = (1.0 - p).powi(n as i32);
        let mut sum = 0.0;
        for j in 0..=n {
            if j >= k {
                sum += pmf;
            }
            pmf *= (n - j) as f64 / (j + 1) as f64 * p / (1.0 - p);
        }
        sum
    };
    for n in 1..=40 {
        for k in 0..=n {
            let [lower, upper] = clopper_pearson(k, n, 0.90);
            if k > 0 {
                let tail = tail_at_least(k, n, lower);
                assert!((tail - 0.05).abs() <= 1e-10, "{k} of {n}: {tail}");
            }
            if k < n {
                let tail = 1.0 - tail_at_least(k + 1, n, upper);
                assert!((tail - 0.05).abs() <= 1e-10, "{k} of {n}: {tail}");
            }
        }
    }
}

#[test]
fn advice_table() {
    let z95 = Phi_inv(0.95);
    // 11 hits at ±1 (inside the 90% interval only) and 13 misses twice as far as the 90% bound, even on both
    // sides: 22 of 24 (⌈0.9·24⌉) need a widening of 2.
    let eleven_of_24: Vec<f64> = (0..24)
        .map(|i| {
            let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
            sign * if i < 11 { 1.0 } else { 2.0 * z95 }
        })
        .collect();
    // Truths at the n-point quantile grid of the answers: exactly 50, 80 and 90 of 100 inside.
    let calibrated: Vec<f64> = (0..100)
        .map(|i| Phi_inv((i as f64 + 0.5) / 100.0))
        .collect();
    // Energy: 8 answers 3× too low; biology: 8 answers alternately 0.2 decades high and low.
    let ln3 = 3f64.ln();
    let by_topic: Vec<Answered> = (0..16)
        .map(|i| {
            let (topic, error) = if i % 2 == 0 {
                ("energy", -ln3)
            } else if i % 4 == 1 {
                ("biology", 0.2 * LN_10)
            } else {
                ("biology", -0.2 * LN_10)
            };
            entry(topic, i as f64, 5.0 + error, 1.0, 5.0)
        })
        .collect();
    let points: Vec<Answered> = (0..10)
        .map(|i| entry("t", i as f64, 1.0, 0.0, 2.0))
        .collect();
    let cases: Vec<(&str, Vec<Answered>, Vec<&str>)> = vec![
        (
            "no answers",
            vec![],
            vec!["No answers yet: calibration starts with your first answer."],
        ),
        (
            "one answer",
            at_z(&[0.3]),
            vec!["Your 90% intervals caught the truth in 1 of 1: too few answers to tell yet."],
        ),
        (
            "11 of 24",
            at_z(&eleven_of_24),
            vec![
                "Your 90% intervals caught the truth in 11 of 24: widen them about 2× on the log axis.",
            ],
        ),
        (
            // 36 of 40 (⌈0.9·40⌉) need the interval reach only 0.1 of 1.645: 16× narrower.
            "all at a tenth of a sd",
            at_z(&[0.1, -0.1].repeat(20)),
            vec![
                "Your 90% intervals caught the truth in 40 of 40: they could be about 16× narrower on the log axis.",
            ],
        ),
        (
            "calibrated",
            at_z(&calibrated),
            vec!["Your 90% intervals caught the truth in 90 of 100: about right."],
        ),
        (
            // 90%: 16 of 16 is consistent (interval 0.83..1); 80%: too wide (0.83 > 0.8), and the 13th stretch
            // is energy's ln 3/1.2816 = 0.857: 1.17× narrower.
            "biased on one topic",
            by_topic,
            vec![
                "Your 80% intervals caught the truth in 16 of 16: they could be about 1.2× narrower on the log \
                 axis.",
                "Biased low on energy questions: your medians are about 3× too low there.",
            ],
        ),
        (
            // Far outside: 10 answers at a thousandth of the distance to the truth.
            "far too narrow",
            (0..10)
                .map(|i| {
                    entry(
                        "t",
                        i as f64,
                        0.0,
                        0.001,
                        if i % 2 == 0 { 3.0 } else { -3.0 },
                    )
                })
                .collect(),
            vec![
                "Your 90% intervals caught the truth in 0 of 10: widen them over 100× on the log axis.",
            ],
        ),
        (
            "points on the truth",
            (0..30)
                .map(|i| entry("t", i as f64, 2.0, 0.0, 2.0))
                .collect(),
            vec![
                "Your 90% intervals caught the truth in 30 of 30: the truths fell right on your medians.",
            ],
        ),
        (
            "points",
            points,
            vec![
                "Your 90% intervals caught the truth in 0 of 10: too many had no width at all; give every answer \
                 a spread.",
                "Your medians are about 2.7× too low overall.",
            ],
        ),
    ];
    for (name, entries, want) in cases {
        assert_eq!(calibration(&entries, 10).advice, want, "{name}");
    }
}

#[test]
fn verdicts_and_widening_on_the_tables() {
    let z95 = Phi_inv(0.95);
    let zs: Vec<f64> = (0..24)
        .map(|i| if i < 11 { 1.0 } else { 2.0 * z95 })
        .collect();
    let c = calibration(&at_z(&zs), 10);
    let ninety = c.overall.coverage[2];
    assert_eq!((ninety.hits, ninety.count), (11, 24));
    assert_eq!(ninety.verdict, Verdict::Below);
    assert!((ninety.widen.unwrap() - 2.0).abs() <= 1e-12);
    assert!((ninety.interval[0] - 0.28235552657287612).abs() <= 1e-12);
    // Every truth above its answer's median: all answers low.
    assert_eq!((c.overall.bias.high, c.overall.bias.low), (0, 24));
    assert_eq!(c.overall.bias.verdict, Verdict::Below);
    // Median error: the 12th and 13th of 13×(−3.29) and 11×(−1) nats, both −3.29 nats.
    let want = -2.0 * z95 / LN_10;
    assert!((c.overall.bias.median_decades.unwrap() - want).abs() <= 1e-12);
    // Widths: every answer's 90% interval spans 2·1.645 nats.
    assert!((c.overall.width_decades.unwrap() - 2.0 * z95 / LN_10).abs() <= 1e-12);
}

#[test]
fn empty_and_unusable_entries() {
    let c = calibration(&[], 10);
    assert_eq!(c.overall.count, 0);
    assert_eq!(c.skipped, 0);
    assert!(c.by_topic.is_empty());
    for coverage in c.overall.coverage {
        assert_eq!((coverage.hits, coverage.count), (0, 0));
        assert_eq!(coverage.interval, [0.0, 1.0]);
        assert_eq!(coverage.verdict, Verdict::TooFew);
        assert_eq!(coverage.widen, None);
    }
    assert_eq!(c.overall.pit, [0; 10]);
    assert_eq!(c.overall.bias.median_decades, None);
    assert_eq!((c.overall.width_decades, c.overall.score), (None, None));
    assert!(c.overall.score_trend.is_empty());

    let good = entry("t", 0.0, 1.0, 1.0, 1.5);
    let mut nan_quantile = good.clone();
    nan_quantile.answer.ln[3] = f64::NAN;
    let mut decreasing = good.clone();
    decreasing.answer.ln.swap(2, 6);
    let mut crossed_truth = good.clone();
    crossed_truth.truth.ln_p5 = 2.0;
    let mut negative_score = good.clone();
    negative_score.cramer = -0.1;
    let mut no_time = good.clone();
    no_time.time = f64::NAN;
    let mut infinite_truth = good.clone();
    infinite_truth.truth.ln_p95 = f64::INFINITY;
    let history = [
        good.clone(),
        nan_quantile,
        decreasing,
        crossed_truth,
        negative_score,
        no_time,
        infinite_truth,
    ];
    let c = calibration(&history, 10);
    assert_eq!((c.skipped, c.overall.count), (6, 1));
    let mut alone = calibration(&[good], 10);
    alone.skipped = 6;
    assert_eq!(c, alone);
}

#[test]
fn rolling_medians_follow_time_order() {
    // Given out of order; by time the scores are 0.1, 0.5, 0.3, 0.9 and the errors 0, +1, −1, +2 nats.
    let mut entries = Vec::new();
    for (time, score, error) in [
        (3.0, 0.3, -1.0),
        (1.0, 0.1, 0.0),
        (4.0, 0.9, 2.0),
        (2.0, 0.5, 1.0),
    ] {
        let mut e = entry("t", time, 5.0 + error, 1.0, 5.0);
        e.cramer = score;
        entries.push(e);
    }
    let c = calibration(&entries, 3);
    let trend = |points: &[fermi_score::calibration::TrendPoint]| {
        points
            .iter()
            .map(|p| (p.time, (p.value * 1e12).round() / 1e12, p.count))
            .collect::<Vec<_>>()
    };
    // Windows of up to 3: medians of {0.1}, {0.1, 0.5}, {0.1, 0.5, 0.3}, {0.5, 0.3, 0.9}.
    assert_eq!(
        trend(&c.overall.score_trend),
        [(1.0, 0.1, 1), (2.0, 0.3, 2), (3.0, 0.3, 3), (4.0, 0.5, 3)]
    );
    let d = 1.0 / LN_10;
    let want = [(1.0, 0.0, 1), (2.0, 0.5 * d, 2), (3.0, 0.0, 3), (4.0, d, 3)];
    for (got, want) in trend(&c.overall.bias_trend).iter().zip(want) {
        assert_eq!((got.0, got.2), (want.0, want.2));
        assert!((got.1 - want.1).abs() <= 1e-11, "{got:?} vs {want:?}");
    }
    assert_eq!(c.overall.width_trend.len(), 4);
    assert!((c.overall.score.unwrap() - 0.4).abs() <= 1e-15);
    // A window of 0 counts as 1: each point is its own answer's score.
    let single = calibration(&entries, 0);
    let scores: Vec<f64> = single.overall.score_trend.iter().map(|p| p.value).collect();
    assert_eq!(scores, [0.1, 0.5, 0.3, 0.9]);
}

#[test]
fn topics_are_summarised_apart_and_sorted() {
    let entries = vec![
        entry("space", 1.0, 0.0, 1.0, 0.0),
        entry("energy", 2.0, 0.0, 1.0, 3.0),
        entry("space", 3.0, 0.0, 1.0, 0.5),
    ];
    let c = calibration(&entries, 10);
    let topics: Vec<(&str, usize, [usize; 3])> = c
        .by_topic
        .iter()
        .map(|t| {
            (
                t.topic.as_str(),
                t.summary.count,
                t.summary.coverage.map(|c| c.hits),
            )
        })
        .collect();
    assert_eq!(topics, [("energy", 1, [0, 0, 0]), ("space", 2, [2, 2, 2])]);
    assert_eq!(hits(&c), [2, 2, 2]);
}

#[test]
fn results_serialise() {
    let c = calibration(&at_z(&[0.3, 2.0]), 10);
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["overall"]["coverage"][2]["verdict"], "too_few");
    assert_eq!(json["overall"]["coverage"][2]["hits"], 1);
    assert_eq!(json["by_topic"][0]["topic"], "t");
    let back: Calibration = serde_json::from_value(json).unwrap();
    assert_eq!(back.overall.pit, c.overall.pit);
    assert_eq!(back.advice, c.advice);
    let entry = entry("t", 1.0, 0.0, 1.0, 0.5);
    let back: Answered = serde_json::from_str(&serde_json::to_string(&entry).unwrap()).unwrap();
    assert_eq!(back.topic, entry.topic);
    assert_eq!(back.answer.ln.len(), 9);
}

/// A seeded history whose truths are drawn from (`spread` times) the answers' own distributions. Answers
/// alternate between lognormal quantiles and the type-7 quantiles of 2,000 samples of the lognormal.
fn synthetic(seed: u64, n: usize, spread: f64) -> Vec<Answered> {
    let mut rng = Normals::new(seed);
    (0..n)
        .map(|i| {
            let mu = 20.0 * rng.uniform();
            let sigma = 0.3 + 2.0 * rng.uniform();
            let truth = mu + spread * sigma * rng.next();
            let answer = if i % 2 == 0 {
                AnswerQuantiles::normal(mu, sigma)
            } else {
                AnswerQuantiles::of(&LogSamples::new(&lognormal_grid(2000, mu, sigma)).unwrap())
            };
            Answered {
                answer,
                truth: TruthQuantiles::of(&LogTruth::Normal { mu: truth, sigma }),
                cramer: rng.uniform(),
                topic: ["energy", "biology", "space"][i % 3].to_string(),
                time: i as f64,
            }
        })
        .collect()
}

/// Pearson's χ² of a histogram against a flat one.
fn chi_square(bins: &[usize; 10]) -> f64 {
    let expected = bins.iter().sum::<usize>() as f64 / 10.0;
    bins.iter()
        .map(|&b| (b as f64 - expected).powi(2) / expected)
        .sum()
}

/// Each check would fail by chance with probability 0.1% at most: the intervals here are 99.9% ones.
#[test]
fn a_calibrated_history_looks_calibrated() {
    let contains = |k: usize, n: usize, nominal: f64| {
        let [lower, upper] = clopper_pearson(k, n, 0.999);
        lower <= nominal && nominal <= upper
    };
    for seed in [1, 2, 3] {
        let c = calibration(&synthetic(seed, 3000, 1.0), 20);
        for coverage in c.overall.coverage {
            let nominal = f64::from(coverage.percent) / 100.0;
            assert!(
                contains(coverage.hits, coverage.count, nominal),
                "seed {seed}: {coverage:?}"
            );
            assert!(coverage.interval[1] - coverage.interval[0] <= 0.05);
            let widen = coverage.widen.unwrap();
            assert!((widen - 1.0).abs() <= 0.1, "seed {seed}: {coverage:?}");
        }
        // 27.88 is χ²(9)'s 99.9th percentile.
        let chi = chi_square(&c.overall.pit);
        assert!(chi <= 27.88, "seed {seed}: {:?} χ² {chi}", c.overall.pit);
        let bias = c.overall.bias;
        assert!(contains(bias.high, bias.high + bias.low, 0.5), "{bias:?}");
        assert_eq!(c.by_topic.len(), 3);
        assert_eq!(
            c.by_topic.iter().map(|t| t.summary.count).sum::<usize>(),
            3000
        );
    }
}

#[test]
fn too_narrow_and_too_wide_histories_get_the_factor() {
    // Truths spread twice (half) as wide as the answers: every interval wants 2× (½×) its width.
    for (spread, want, sentence) in [
        (2.0, 2.0, "widen them about 2× on the log axis."),
        (0.5, 0.5, "they could be about 2× narrower on the log axis."),
    ] {
        let c = calibration(&synthetic(7, 20_000, spread), 20);
        for coverage in c.overall.coverage {
            let widen = coverage.widen.unwrap();
            assert!((widen / want - 1.0).abs() <= 0.03, "{coverage:?}");
            let off = if spread > 1.0 {
                Verdict::Below
            } else {
                Verdict::Above
            };
            assert_eq!(coverage.verdict, off);
        }
        assert!(c.advice[0].starts_with("Your 90% intervals"));
        assert!(c.advice[0].ends_with(sentence), "{:?}", c.advice);
        // Too narrow: truths pile up in the outer bins; too wide: in the middle ones.
        let pit = c.overall.pit;
        let outer = pit[0] + pit[9];
        let middle = pit[4] + pit[5];
        assert_eq!(outer > middle, spread > 1.0, "{pit:?}");
    }
}

#[test]
fn input_order_does_not_matter() {
    let history = synthetic(11, 300, 1.3);
    let mut shuffled = history.clone();
    shuffled.reverse();
    shuffled.swap(3, 200);
    assert_eq!(calibration(&history, 15), calibration(&shuffled, 15));
}

proptest! {
    /// Any numbers at all, NaN and infinities included: no panic, every entry used or skipped.
    #[test]
    fn never_panics(
        values in prop::collection::vec(
            (
                prop::array::uniform9(prop_oneof![any::<f64>(), -50.0..50.0f64]),
                prop::array::uniform3(prop_oneof![any::<f64>(), -50.0..50.0f64]),
                any::<f64>(),
                0..3usize,
                any::<f64>(),
            ),
            0..30,
        ),
        window in 0..40usize,
    ) {
        let history: Vec<Answered> = values
            .into_iter()
            .map(|(mut ln, truth, cramer, topic, time)| {
                // Sorted, about half of the entries are usable.
                let mut truth = truth;
                if topic == 0 {
                    ln.sort_by(f64::total_cmp);
                    truth.sort_by(f64::total_cmp);
                }
                Answered {
                    answer: AnswerQuantiles { ln },
                    truth: TruthQuantiles { ln_p5: truth[0], ln_median: truth[1], ln_p95: truth[2] },
                    cramer,
                    topic: topic.to_string(),
                    time,
                }
            })
            .collect();
        let c = calibration(&history, window);
        prop_assert_eq!(c.skipped + c.overall.count, history.len());
        prop_assert_eq!(c.overall.pit.iter().sum::<usize>(), c.overall.count);
        prop_assert!(!c.advice.is_empty() && c.advice.len() <= 2);
        for coverage in c.overall.coverage {
            prop_assert!(coverage.interval[0] <= coverage.interval[1]);
            prop_assert!(coverage.widen.is_none_or(|f| f.is_finite() && f >= 0.0));
        }
        prop_assert!(serde_json::to_string(&c).is_ok());
    }
}

/// The rolling medians against medians recomputed from scratch, on scores with many repeats.
#[test]
fn rolling_medians_match_a_direct_recomputation() {
    let mut rng = Normals::new(5);
    let entries: Vec<Answered> = (0..300)
        .map(|i| {
            let mut e = entry("t", i as f64, 0.0, 1.0, rng.next());
            e.cramer = [0.1, 0.2, 0.3, 0.4][(4.0 * rng.uniform()) as usize];
            e
        })
        .collect();
    for window in [1, 2, 7, 50, 1000] {
        let c = calibration(&entries, window);
        for (i, point) in c.overall.score_trend.iter().enumerate() {
            let mut recent: Vec<f64> = entries[(i + 1).saturating_sub(window)..=i]
                .iter()
                .map(|e| e.cramer)
                .collect();
            recent.sort_by(f64::total_cmp);
            let want = fermi_num::quantile_type7(&recent, 0.5);
            assert_eq!(
                (point.value, point.count),
                (want, recent.len()),
                "{window} {i}"
            );
        }
    }
}

/// Every verdict has its own words, and "too few" says so in both kinds.
#[test]
fn verdict_words_table() {
    let all = [
        Verdict::TooFew,
        Verdict::Below,
        Verdict::Consistent,
        Verdict::Above,
    ];
    for words in [Verdict::coverage_words, Verdict::bias_words] {
        let texts: std::collections::BTreeSet<&str> = all.iter().map(|v| words(*v)).collect();
        assert_eq!(texts.len(), all.len());
        assert_eq!(words(Verdict::TooFew), "too few answers to tell");
    }
    assert!(Verdict::Below.coverage_words().contains("narrow"));
    assert!(Verdict::Above.coverage_words().contains("wide"));
    assert!(Verdict::Below.bias_words().contains("low"));
    assert!(Verdict::Above.bias_words().contains("high"));
}

/// `catches` agrees with the coverage counts, level by level, bounds included.
#[test]
fn catches_matches_coverage() {
    let answer = AnswerQuantiles::normal(0.0, 1.0);
    for (percent, z, inside) in [
        (90, 1.6, true),
        (90, 1.7, false),
        (80, 1.2, true),
        (80, 1.3, false),
        (50, -0.6, true),
        (50, -0.7, false),
        (70, 0.0, false),
    ] {
        assert_eq!(answer.catches(percent, z), inside, "{percent}% at z = {z}");
    }
    assert!(answer.catches(90, answer.ln[1]) && answer.catches(90, answer.ln[7]));
    let entries = at_z(&[-1.7, -0.6, 0.0, 1.2, 1.3, 1.6, 1.7]);
    let c = calibration(&entries, 1);
    for (k, percent) in [50, 80, 90].into_iter().enumerate() {
        let caught = entries
            .iter()
            .filter(|e| e.answer.catches(percent, e.truth.ln_median))
            .count();
        assert_eq!(caught, c.overall.coverage[k].hits, "{percent}%");
    }
}

#[test]
fn a_topic_summary_or_the_overall_one() {
    let history = [
        entry("energy", 1.0, 0.0, 1.0, 1.0),
        entry("energy", 2.0, 0.0, 1.0, 1.0),
        entry("water", 3.0, 0.0, 1.0, 1.0),
    ];
    let c = calibration(&history, 5);
    assert_eq!(c.topic("energy").count, 2);
    assert_eq!(c.topic("water").count, 1);
    assert_eq!(c.topic("").count, 3);
    assert_eq!(
        c.topic("space").count,
        3,
        "a topic without answers shows the overall summary"
    );
}

/// What the calibration view prints: coverage as counts, share and plausible share, and the three sentences,
/// with "–" where there are no answers.
#[test]
fn the_views_words() {
    let none = calibration(&[], 10).overall;
    let c = none.coverage[2];
    assert_eq!(
        (c.hits_text().as_str(), c.share_text().as_str()),
        ("0 of 0", "–")
    );
    assert_eq!(c.plausible_text(), "0% to 100%");
    assert_eq!(none.width_sentence(), "–");
    assert_eq!(none.score_sentence(), "–");
    assert!(
        none.bias_sentence()
            .starts_with("Median error – decades; 0 of your medians above the truth, 0 below")
    );
    // Five answers, truths at these z: three inside the 50% interval (|z| < 0.674), all inside the 90% one.
    let some = calibration(&at_z(&[0.0, 0.5, -0.5, 1.0, 1.2]), 10).overall;
    let c50 = some.coverage[0];
    assert_eq!(
        (c50.hits_text().as_str(), c50.share_text().as_str()),
        ("3 of 5", "60%")
    );
    assert!(c50.plausible_text().ends_with('%') && c50.plausible_text().contains(" to "));
    // Every answer has sd 1 on the ln axis: a 90% width of 2·1.645/ln 10 decades.
    assert_eq!(
        some.width_sentence(),
        "Your 90% intervals span 1.43 decades (median)."
    );
    assert_eq!(
        some.score_sentence(),
        "Median Cramér-log 0.1000 (lower is better)."
    );
    // One truth below its answer's median, three above, one on it (a tie counts neither way).
    assert_eq!(
        some.bias_sentence(),
        "Median error -0.22 decades; 1 of your medians above the truth, 3 below: too few answers to tell."
    );
}

/// The calibration view's three trends: each one's words, points and how it is drawn, from the summary.
#[test]
fn the_three_trends_as_shown() {
    use fermi_score::calibration::Trend;
    let c = calibration(&at_z(&[0.0, 1.0, -0.5]), 2);
    let s = &c.overall;
    let cases = [
        (
            Trend::Bias,
            "bias",
            "Bias over time",
            Some(0.0),
            2,
            &s.bias_trend,
            s.bias_sentence(),
        ),
        (
            Trend::Width,
            "width",
            "Sharpness",
            None,
            2,
            &s.width_trend,
            s.width_sentence(),
        ),
        (
            Trend::Score,
            "score",
            "Score over time",
            None,
            4,
            &s.score_trend,
            s.score_sentence(),
        ),
    ];
    for (trend, key, title, reference, digits, points, sentence) in cases {
        assert_eq!(
            (
                trend.key(),
                trend.title(),
                trend.reference(),
                trend.digits()
            ),
            (key, title, reference, digits)
        );
        assert_eq!(trend.points(s), points.as_slice(), "{key}");
        assert_eq!(points.len(), 3, "{key}");
        assert_eq!(trend.sentence(s), sentence, "{key}");
        assert!(trend.y_label().contains('('), "{key}");
    }
    assert_eq!(Trend::ALL.map(Trend::key), ["bias", "width", "score"]);
}
