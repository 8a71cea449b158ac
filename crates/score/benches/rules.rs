//! Every rule at n = 10⁵ and 10⁶ against a lognormal and a point truth (and a sampled truth, the FermiBench
//! convention). Run: `cargo bench -p fermi-score --bench rules`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::fmt;
use std::sync::OnceLock;

use common::Normals;

use fermi_score::{
    LogSamples, LogTruth, NormalFit, Report, Truth, best_shift, coverage90, cramer, crps_log,
    feedback, fp_score, kl_normal, log_score, noise, shift_breakdown, w1, what_if,
    winkler90_expected,
};

fn main() {
    divan::main();
}

#[derive(Clone, Copy, Debug)]
enum Case {
    Lognormal(usize),
    Point(usize),
    Sampled(usize),
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Case::Lognormal(n) => write!(f, "lognormal n={n}"),
            Case::Point(n) => write!(f, "point n={n}"),
            Case::Sampled(n) => write!(f, "sampled G n=m={n}"),
        }
    }
}

const CASES: [Case; 5] = [
    Case::Lognormal(100_000),
    Case::Point(100_000),
    Case::Sampled(100_000),
    Case::Lognormal(1_000_000),
    Case::Point(1_000_000),
];

/// Forecast: biased by 0.4 nats and 20% too narrow against G = lognormal(mu 7, sigma 1.4).
fn forecast_linear(n: usize) -> &'static [f64] {
    static SMALL: OnceLock<Vec<f64>> = OnceLock::new();
    static LARGE: OnceLock<Vec<f64>> = OnceLock::new();
    let cell = if n == 100_000 { &SMALL } else { &LARGE };
    cell.get_or_init(|| Normals::new(1).lognormal(n, 7.4, 1.12))
}

fn inputs(case: Case) -> (LogSamples, LogTruth) {
    let (n, g) = match case {
        Case::Lognormal(n) => (
            n,
            LogTruth::Normal {
                mu: 7.0,
                sigma: 1.4,
            },
        ),
        Case::Point(n) => (n, LogTruth::Point(7.0)),
        Case::Sampled(n) => (
            n,
            LogTruth::new(&Truth::Samples(Normals::new(2).lognormal(n, 7.0, 1.4)))
                .expect("valid truth"),
        ),
    };
    (
        LogSamples::new(forecast_linear(n)).expect("valid forecast"),
        g,
    )
}

#[divan::bench(args = [100_000, 1_000_000], sample_count = 20)]
fn prepare_forecast(bencher: divan::Bencher, n: usize) {
    let linear = forecast_linear(n);
    bencher.bench(|| LogSamples::new(divan::black_box(linear)));
}

/// What the app does on every edit after a submit (`src/run.rs` `score`), the forecast already prepared.
#[divan::bench(args = [
    Case::Lognormal(100_000),
    Case::Point(100_000),
    Case::Lognormal(1_000_000),
    Case::Point(1_000_000),
], sample_count = 20)]
fn app_score_sequence(bencher: divan::Bencher, case: Case) {
    let (f, g) = inputs(case);
    bencher.bench(|| {
        let (f, g) = (divan::black_box(&f), divan::black_box(&g));
        let report = Report::new(f, g);
        let noise = noise(f, g, &report.breakdown_shift);
        (feedback(&report, &noise), what_if(f, g))
    });
}

#[divan::bench(args = CASES, sample_count = 20)]
fn report_all_rules(bencher: divan::Bencher, case: Case) {
    let (f, g) = inputs(case);
    bencher.bench(|| Report::new(divan::black_box(&f), divan::black_box(&g)));
}

/// One rule at a time, each on the prepared forecast.
macro_rules! rule_bench {
    ($name:ident, |$f:ident, $g:ident| $body:expr) => {
        #[divan::bench(args = CASES, sample_count = 20)]
        fn $name(bencher: divan::Bencher, case: Case) {
            let (f, g) = inputs(case);
            bencher.bench(|| {
                let ($f, $g) = (divan::black_box(&f), divan::black_box(&g));
                $body
            });
        }
    };
}

rule_bench!(cramer_log, |f, g| cramer(f, g));
rule_bench!(w1_log, |f, g| w1(f, g));
rule_bench!(crps_log_at_median, |f, g| crps_log(f, g));
rule_bench!(best_shift_b_star, |f, g| best_shift(f, g));
rule_bench!(shift_breakdown_with_d, |f, g| shift_breakdown(
    f,
    g,
    cramer(f, g)
));
rule_bench!(kl_fits, |f, g| kl_normal(
    NormalFit::by_quantiles(f),
    NormalFit::of_truth(g, true)
));
rule_bench!(winkler_coverage_fp_log, |f, g| (
    winkler90_expected(f, g),
    coverage90(f, g),
    fp_score(f, g),
    log_score(f, g)
));
rule_bench!(noise_floor_and_bias_sd, |f, g| noise(
    f,
    g,
    &shift_breakdown(f, g, cramer(f, g))
));
rule_bench!(what_if_three_rescorings, |f, g| what_if(f, g));
