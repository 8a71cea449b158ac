//! The plain-language feedback, table-tested on forecasts with known faults.

mod common;

use common::lognormal_grid;
use fermi_score::{LogSamples, LogTruth, Report, feedback, noise};

/// A forecast of n = 1000 samples, the quantile grid of a lognormal (ln-median `mu`, ln-sd `sigma`).
fn grid(mu: f64, sigma: f64) -> LogSamples {
    LogSamples::new(&lognormal_grid(1000, mu, sigma)).unwrap()
}

fn sentences(f: &LogSamples, g: &LogTruth) -> Vec<String> {
    let report = Report::new(f, g);
    feedback(&report, &noise(f, g, &report.breakdown_shift))
}

#[test]
fn feedback_table() {
    let truth = LogTruth::Normal {
        mu: 5.0,
        sigma: 1.0,
    };
    let ln = f64::ln;
    let point = LogTruth::Point(5.0);
    let spread_penalty =
        "the spread penalty (against a single true value any spread costs a little)";
    let cases: Vec<(&str, LogSamples, &LogTruth, Vec<String>)> = vec![
        (
            "too high and over-confident",
            grid(5.0 + ln(3.1), 0.5),
            &truth,
            vec![
                "Your median is 3.1× too high (0.49 decades).".into(),
                "Your spread is half the truth's: you were over-confident.".into(),
                "Sliding your distribution to the best place would cut your score from 0.47 to 0.046; the rest \
                 (0.046) is its shape."
                    .into(),
            ],
        ),
        (
            "too low and under-confident",
            grid(5.0 - ln(10.0), 2.0),
            &truth,
            vec![
                "Your median is 10× too low (1 decade).".into(),
                "Your spread is twice the truth's: you were under-confident.".into(),
                "Sliding your distribution to the best place would cut your score from 0.96 to 0.092; the rest \
                 (0.092) is its shape."
                    .into(),
            ],
        ),
        (
            "a third as wide, slightly low",
            grid(5.0 - 0.4, 1.0 / 3.0),
            &truth,
            vec![
                "Your median is 1.5× too low (0.17 decades).".into(),
                "Your spread is a third of the truth's: you were over-confident.".into(),
                "Sliding your distribution to the best place would cut your score from 0.15 to 0.089; the rest \
                 (0.089) is its shape."
                    .into(),
            ],
        ),
        (
            "right width, a decade too high",
            grid(5.0 + ln(10.0), 1.0),
            &truth,
            vec![
                "Your median is 10× too high (1 decade).".into(),
                "Your spread is about right (1.00× the truth's).".into(),
                "Nearly all of your score (1.24) is location: sliding your distribution to the best place would \
                 cut it to under 0.001."
                    .into(),
            ],
        ),
        (
            "centred, three times too wide",
            grid(5.0, 3.0),
            &truth,
            vec![
                "Your median matches the truth's within sampling noise.".into(),
                "Your spread is three times the truth's: you were under-confident.".into(),
                "Sliding your distribution would barely help: nearly all of your score (0.27) is its shape.".into(),
            ],
        ),
        (
            "near-perfect",
            grid(5.0, 1.0),
            &truth,
            vec![
                "Your median matches the truth's within sampling noise.".into(),
                "Your spread is about right (1.00× the truth's).".into(),
                "Your score of under 0.001 is within sampling noise: a perfect forecast drawn with as many samples \
                 would also score under 0.001."
                    .into(),
            ],
        ),
        (
            "a constant forecast",
            LogSamples::new(&[500.0; 20]).unwrap(),
            &truth,
            vec![
                "Your median is 3.4× too high (0.53 decades).".into(),
                "Your estimate has no spread at all: you were over-confident.".into(),
                "Sliding your distribution to the best place would cut your score from 0.76 to 0.23; the rest (0.23) \
                 is its shape."
                    .into(),
            ],
        ),
        (
            "point truth, centred",
            grid(5.0, 1.0),
            &point,
            vec![
                "Your median matches the truth's within sampling noise.".into(),
                format!("Sliding your distribution would barely help: nearly all of your score (0.23) is {spread_penalty}."),
            ],
        ),
        (
            "point truth, far too high",
            grid(5.0 + ln(40_000.0), 0.3),
            &point,
            vec![
                "Your median is 40,000× too high (4.60 decades).".into(),
                format!(
                    "Sliding your distribution to the best place would cut your score from 10.43 to 0.070; the rest \
                     (0.070) is {spread_penalty}."
                ),
            ],
        ),
        (
            "point truth, slightly low",
            grid(5.0 - 0.5, 1.0),
            &point,
            vec![
                "Your median is 1.6× too low (0.22 decades).".into(),
                format!(
                    "Sliding your distribution to the best place would cut your score from 0.33 to 0.23; the rest \
                     (0.23) is {spread_penalty}."
                ),
            ],
        ),
        (
            "point truth, percent typed as a fraction: 100× too low",
            grid(5.0 - ln(100.0), 0.1),
            &point,
            vec![
                "Your median is 100× too low (2.00 decades). That is almost exactly 100×: a likely unit slip \
                 (percent against fraction, centimetres against metres)."
                    .into(),
                format!(
                    "Sliding your distribution to the best place would cut your score from 4.55 to 0.023; the rest \
                     (0.023) is {spread_penalty}."
                ),
            ],
        ),
        (
            "grams for kilograms: 1,000× too high",
            grid(5.0 + ln(1020.0), 1.0),
            &truth,
            vec![
                "Your median is 1,020× too high (3.01 decades). That is almost exactly 1,000×: a likely unit slip \
                 (thousands against units, grams against kilograms)."
                    .into(),
                "Your spread is about right (1.00× the truth's).".into(),
                "Nearly all of your score (5.80) is location: sliding your distribution to the best place would \
                 cut it to under 0.001."
                    .into(),
            ],
        ),
        (
            "constant forecast exactly at a point truth",
            LogSamples::new(&[5f64.exp(); 3]).unwrap(),
            &point,
            vec![
                "Your median matches the truth's within sampling noise.".into(),
                "A perfect score of 0: your distribution is the truth's.".into(),
            ],
        ),
        (
            "constant forecast off a point truth",
            LogSamples::new(&[(5.0 + ln(2.0)).exp(); 3]).unwrap(),
            &point,
            vec![
                "Your median is 2.0× too high (0.30 decades).".into(),
                "Nearly all of your score (0.69) is location: sliding your distribution to the best place would \
                 cut it to 0."
                    .into(),
            ],
        ),
    ];
    for (name, f, g, want) in cases {
        assert_eq!(sentences(&f, g), want, "{name}");
    }
}

#[test]
fn within_noise_states_the_floor() {
    // n = 64 draws of G itself: the score is noise, and the floor is σ/(n√π) = 0.0088.
    let f = LogSamples::new(&lognormal_grid(64, 0.0, 1.0)).unwrap();
    let got = sentences(
        &f,
        &LogTruth::Normal {
            mu: 0.0,
            sigma: 1.0,
        },
    );
    assert_eq!(
        got[2],
        "Your score of under 0.001 is within sampling noise: a perfect forecast drawn with as many samples would \
         score about 0.0088."
    );
}
