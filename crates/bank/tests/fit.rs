//! Truth fitting: the documented seed, the lognormal through a program's p5/p95, a log range's moment match,
//! and the FermiBench-compatible sampled truth.

use fermi_bank::{
    FittedTruth, Pack, TruthSpec, fit_truth, load_pack, question_seed, sampled_truth,
};
use fermi_score::Truth;

const PACK: &str = r#"
[pack]
id = "fit"
title = "Fit"
version = 1
tier = "open"

[[question]]
id = "solar"
text = "t"
unit = "fraction"
as_of = "2025"
topics = []
countries = []
[question.truth]
kind = "distribution"
program = "coal = to(93.9e9, 98.3e9)\nyield = to(150, 200)\ncoal / yield / 357022e6"
[[question.sources]]
factor = "coal"
publisher = "p"
title = "t"
url = "https://x.org"
tier = "1"
detail = "d"
[[question.sources]]
factor = "yield"
publisher = "p"
title = "t"
url = "https://x.org"
tier = "range"
detail = "d"

[[question]]
id = "range"
text = "t"
unit = "u"
as_of = "2021"
topics = []
countries = []
[question.truth]
kind = "log_range"
low = 3.1622776601683795e5
high = 3.1622776601683795e6
[[question.sources]]
publisher = "p"
title = "t"
url = "https://x.org"
tier = "range"
detail = "d"

[[question]]
id = "point"
text = "t"
unit = "km"
as_of = "2026-02"
topics = []
countries = []
[question.truth]
kind = "point"
value = 541.7
[[question.sources]]
publisher = "p"
title = "t"
url = "https://x.org"
tier = "2"
detail = "d"
"#;

fn pack() -> Pack {
    load_pack(&[("fit.toml", PACK)]).unwrap_or_else(|p| panic!("{p:#?}"))
}

#[test]
fn seed_is_fnv1a_of_the_id() {
    // Published FNV-1a 64 test values.
    assert_eq!(question_seed(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(question_seed("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(question_seed("foobar"), 0x8594_4171_f739_67e8);
}

#[test]
fn distribution_fits_the_lognormal_through_its_p5_p95() {
    let pack = pack();
    let fitted = fit_truth(&pack.questions[0]).unwrap();
    // docs/language.md § 3.8 reference (fermi, n = 100,000): p5 0.0013432, p95 0.0017974, median 0.0015537.
    let close = |got: f64, want: f64| (got / want - 1.0).abs() < 2e-3;
    assert!(close(fitted.p5(), 0.0013432), "{fitted:?}");
    assert!(close(fitted.p95(), 0.0017974), "{fitted:?}");
    assert!(close(fitted.median(), 0.0015537), "{fitted:?}");
    // Fitting again, directly or through a cache (twice: computed, then remembered), gives the identical truth.
    assert_eq!(fit_truth(&pack.questions[0]).unwrap(), fitted);
    let mut cache = fermi_bank::FitCache::default();
    assert_eq!(cache.fit(&pack.questions[0]).unwrap(), fitted);
    assert_eq!(cache.fit(&pack.questions[0]).unwrap(), fitted);
    let FittedTruth::Lognormal { mu, sigma } = fitted else {
        panic!("{fitted:?}")
    };
    assert_eq!(fitted.to_truth(), Truth::Lognormal { mu, sigma });
}

#[test]
fn log_range_is_the_moment_matched_lognormal() {
    let pack = pack();
    let fitted = fit_truth(&pack.questions[1]).unwrap();
    let FittedTruth::Lognormal { mu, sigma } = fitted else {
        panic!("{fitted:?}")
    };
    let ln10 = std::f64::consts::LN_10;
    assert!((mu - 6.0 * ln10).abs() < 1e-12, "{mu}");
    assert!((sigma - ln10 / 12f64.sqrt()).abs() < 1e-12, "{sigma}");
}

#[test]
fn point_stays_a_point() {
    let pack = pack();
    assert_eq!(
        fit_truth(&pack.questions[2]).unwrap(),
        FittedTruth::Point(541.7)
    );
    assert_eq!(
        sampled_truth(&pack.questions[2], 100).unwrap(),
        Truth::Point(541.7)
    );
}

#[test]
fn sampled_truth_follows_the_forecast_n() {
    let pack = pack();
    let Truth::Samples(samples) = sampled_truth(&pack.questions[0], 1000).unwrap() else {
        panic!()
    };
    assert_eq!(samples.len(), 1000);
    assert_eq!(
        sampled_truth(&pack.questions[0], 1000).unwrap(),
        Truth::Samples(samples),
        "deterministic"
    );
    let Truth::Samples(range) = sampled_truth(&pack.questions[1], 4).unwrap() else {
        panic!()
    };
    let want = [5.625, 5.875, 6.125, 6.375];
    for (got, want) in range.iter().zip(want) {
        assert!((got.log10() - want).abs() < 1e-12, "{range:?}");
    }
    assert!(matches!(
        pack.questions[1].truth,
        TruthSpec::LogRange { .. }
    ));
}
