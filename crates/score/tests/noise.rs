//! The sampling floor and the noise of b* against Monte Carlo, the "what if" rescorings, the FermiBench mode
//! and input validation.

mod common;

use common::{Normals, lognormal_grid};
use fermi_score::{
    LogSamples, LogTruth, Report, ScoreError, Side, Truth, cramer, cramer_log, cramer_normal,
    noise, score, shift_breakdown, what_if,
};

fn mean_and_sd(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (
        mean,
        (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt(),
    )
}

/// `E[D] = (1/n + 1/m)·½E|Y−Y'|` and sd(b*) from 4000 seeded replications at n = 16 (spec table: 0.035262 for
/// an analytic G, 0.070524 with G sampled at n too).
#[test]
fn floor_and_bias_noise_match_monte_carlo() {
    let n = 16;
    let analytic = LogTruth::Normal {
        mu: 0.0,
        sigma: 1.0,
    };
    let mut normals = Normals::new(7);
    for sampled_truth in [false, true] {
        let (mut scores, mut shifts, mut floors, mut sds) = (vec![], vec![], vec![], vec![]);
        for _ in 0..4000 {
            let f = LogSamples::new(&normals.lognormal(n, 0.0, 1.0)).unwrap();
            let g = if sampled_truth {
                analytic
                    .sampled_like_fermibench(n, &mut || normals.next())
                    .unwrap()
            } else {
                analytic.clone()
            };
            let d = cramer(&f, &g);
            let b = shift_breakdown(&f, &g, d);
            let noise = noise(&f, &g, &b);
            scores.push(d);
            shifts.push(b.bias);
            floors.push(noise.floor);
            sds.push(noise.bias_sd);
        }
        let (mean_d, sd_d) = mean_and_sd(&scores);
        let (mean_floor, _) = mean_and_sd(&floors);
        let theory =
            if sampled_truth { 2.0 } else { 1.0 } / (n as f64 * std::f64::consts::PI.sqrt());
        let standard_error = sd_d / (scores.len() as f64).sqrt();
        assert!(
            (mean_d - theory).abs() < 3.0 * standard_error,
            "sampled {sampled_truth}: {mean_d} vs {theory}"
        );
        if !sampled_truth {
            assert!(
                (mean_floor - theory).abs() < 1e-12 * theory,
                "an analytic truth's floor is exact"
            );
        } else {
            assert!(
                (mean_floor - theory).abs() < 0.03 * theory,
                "{mean_floor} vs {theory}"
            );
        }
        // The spread of b* over replications against the asymptotic formula (a large-n approximation).
        let (_, sd_shift) = mean_and_sd(&shifts);
        let (predicted, _) = mean_and_sd(&sds);
        assert!(
            (sd_shift / predicted - 1.0).abs() < 0.1,
            "sampled {sampled_truth}: {sd_shift} vs {predicted}"
        );
    }
}

#[test]
fn hodges_lehmann_noise_formula_when_widths_match() {
    let f = LogSamples::new(&lognormal_grid(64, 0.0, 2.0)).unwrap();
    let g = LogTruth::new(&Truth::Samples(lognormal_grid(64, 0.0, 2.0))).unwrap();
    let d = cramer(&f, &g);
    let noise = noise(&f, &g, &shift_breakdown(&f, &g, d));
    let spec = f.sd() * (std::f64::consts::PI / 3.0 * (2.0 / 64.0)).sqrt();
    assert!((noise.bias_sd - spec).abs() < 1e-12 * spec);
    // Against a point truth it is the sd of a sample median, σ·√(π/(2n)).
    let point = LogTruth::Point(0.0);
    let noise = noise_for(&f, &point);
    assert!((noise.bias_sd - f.sd() * (std::f64::consts::PI / 128.0).sqrt()).abs() < 1e-12);
    assert_eq!(noise.floor, 0.0);
}

fn noise_for(f: &LogSamples, g: &LogTruth) -> fermi_score::Noise {
    noise(f, g, &shift_breakdown(f, g, cramer(f, g)))
}

#[test]
fn what_if_rescoring_matches_closed_forms() {
    let g = LogTruth::Normal {
        mu: 0.0,
        sigma: 1.0,
    };
    let f = LogSamples::new(&lognormal_grid(20_000, 1.0, 0.5)).unwrap();
    let got = what_if(&f, &g);
    for (what, got, want) in [
        (
            "recentred",
            got.recentred,
            cramer_normal(0.0, 0.5, 0.0, 1.0),
        ),
        ("wider", got.wider, cramer_normal(1.0, 1.0, 0.0, 1.0)),
        ("narrower", got.narrower, cramer_normal(1.0, 0.25, 0.0, 1.0)),
    ] {
        assert!((got - want).abs() < 1e-6, "{what}: {got} vs {want}");
    }
    // The score card's rows: the same three, in that order, with what each one does.
    let rows = got.rows();
    assert_eq!(rows.map(|r| r.1), [got.recentred, got.wider, got.narrower]);
    assert_eq!(rows[0].0, "re-centred on the truth's median");
    // Re-centring on a point truth leaves only the spread penalty, (√2 − 1)σ/√π.
    let recentred = what_if(&f, &LogTruth::Point(3.0)).recentred;
    assert!((recentred - cramer_normal(0.0, 0.5, 0.0, 0.0)).abs() < 1e-6);
}

#[test]
fn fermibench_mode_samples_only_a_lognormal_truth() {
    let mut normals = Normals::new(3);
    let lognormal = LogTruth::new(&Truth::lognormal_from_p5_p95(100.0, 10_000.0)).unwrap();
    let LogTruth::Samples(sampled) = lognormal
        .sampled_like_fermibench(5000, &mut || normals.next())
        .unwrap()
    else {
        panic!("a lognormal truth becomes samples");
    };
    assert_eq!(sampled.len(), 5000);
    assert!((sampled.median() - 1000f64.ln()).abs() < 0.1);
    let point = LogTruth::Point(2.0);
    assert_eq!(
        point
            .sampled_like_fermibench(10, &mut || normals.next())
            .unwrap(),
        point
    );
    // Sampled G makes the unbiased score defined with a correction on both sides.
    let f = LogSamples::new(&[90.0, 900.0, 4000.0]).unwrap();
    let report = Report::new(&f, &LogTruth::Samples(sampled));
    assert!(report.cramer_log_unbiased.unwrap() < report.cramer_log);
}

#[test]
fn bad_inputs_are_refused_with_a_reason() {
    let g = Truth::Point(5.0);
    let mut samples = vec![1.0; 10_000];
    samples[10] = 0.0;
    samples[20] = -1.0;
    samples[30] = -0.0;
    assert_eq!(
        cramer_log(&samples, &g),
        Err(ScoreError::BadSamples {
            side: Side::Forecast,
            not_positive: 3,
            not_finite: 0,
            total: 10_000
        })
    );
    assert_eq!(cramer_log(&[], &g), Err(ScoreError::Empty(Side::Forecast)));
    assert_eq!(
        cramer_log(&[1.0, f64::NAN, f64::INFINITY], &g),
        Err(ScoreError::BadSamples {
            side: Side::Forecast,
            not_positive: 0,
            not_finite: 2,
            total: 3
        })
    );
    assert_eq!(
        score(&[1.0], &Truth::Samples(vec![2.0, -2.0])).unwrap_err(),
        ScoreError::BadSamples {
            side: Side::Truth,
            not_positive: 1,
            not_finite: 0,
            total: 2
        }
    );
    assert!(matches!(
        cramer_log(&[1.0], &Truth::Point(f64::NAN)),
        Err(ScoreError::BadPoint(_))
    ));
    assert_eq!(
        cramer_log(&[1.0], &Truth::Point(0.0)),
        Err(ScoreError::BadPoint(0.0))
    );
    assert!(matches!(
        cramer_log(
            &[1.0],
            &Truth::Lognormal {
                mu: 1.0,
                sigma: -1.0
            }
        ),
        Err(ScoreError::BadLognormal { .. })
    ));
    assert!(Truth::checked_lognormal_from_p5_p95(10.0, 5.0).is_err());
    // A lognormal with no spread is a point.
    assert_eq!(
        LogTruth::new(&Truth::lognormal_from_p5_p95(7.0, 7.0)).unwrap(),
        LogTruth::Point(7f64.ln())
    );
}

/// Extreme but valid inputs give finite numbers (or `null`), never NaN, and finish promptly.
#[test]
fn extreme_inputs_stay_finite() {
    fn assert_finite(id: &str, value: &serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => map
                .iter()
                .for_each(|(k, v)| assert_finite(&format!("{id}.{k}"), v)),
            serde_json::Value::Number(n) => assert!(n.as_f64().unwrap().is_finite(), "{id}"),
            serde_json::Value::Null | serde_json::Value::Bool(_) => {}
            other => panic!("{id}: unexpected {other}"),
        }
    }
    let wide: Vec<f64> = (0..20_000)
        .map(|i| 10f64.powf(-300.0 + 600.0 * (i as f64 / 19_999.0)))
        .collect();
    let truths = [
        (
            "tiny sigma",
            Truth::Lognormal {
                mu: 0.0,
                sigma: 1e-300,
            },
        ),
        (
            "huge sigma",
            Truth::Lognormal {
                mu: 0.0,
                sigma: 1e6,
            },
        ),
        ("subnormal point", Truth::Point(5e-324)),
        ("huge point", Truth::Point(f64::MAX)),
        ("wide samples", Truth::Samples(wide.clone())),
    ];
    for forecast in [
        wide.clone(),
        vec![1.0; 50_000],
        vec![f64::MIN_POSITIVE, f64::MAX],
    ] {
        for (name, truth) in &truths {
            let report = score(&forecast, truth).unwrap();
            assert_finite(name, &serde_json::to_value(&report).unwrap());
        }
    }
}
