//! Property tests of evaluation: no input panics or lets NaN through; `to(lo, hi)` keeps its bounds in order.

use fermi_eval::{Options, evaluate_source};
use fermi_num::{Z95, quantile_type7};
use fermi_syntax::Dialect;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

const TOKENS: &[&str] = &[
    "1", "0", "2.5", "1e300", "1e-300", "3M", "5%", "x", "y", "to", "log", "exp", "log10", "(",
    ")", ",", "+", "-", "*", "/", "^", "=", "\n", "1 10", "beta", "=:", "mx", "0.5",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(TOKENS),
            prop::sample::select(&[" ", "\n"][..]),
        ),
        0..40,
    )
    .prop_map(|parts| {
        parts
            .into_iter()
            .map(|(t, sep)| format!("{t}{sep}"))
            .collect()
    })
}

fn check(source: &str, dialect: Dialect) {
    let n = 100;
    let e = evaluate_source(
        source,
        dialect,
        &Options {
            samples: n,
            seed: 3,
        },
    );
    let has_error = e.diagnostics.iter().any(|d| d.is_error());
    assert_eq!(
        e.samples.is_none(),
        has_error,
        "{source:?}: {:?}",
        e.diagnostics
    );
    if let Some(xs) = e.samples {
        assert_eq!(xs.len(), n);
        assert!(
            xs.iter().all(|x| x.is_finite()),
            "{source:?} let a non-finite sample through"
        );
    }
    assert!(
        e.diagnostics
            .iter()
            .all(|d| d.span.end as usize <= source.len())
    );
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 500,
        rng_seed: RngSeed::Fixed(20261130),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn token_soups_evaluate_or_explain(source in soup()) {
        check(&source, Dialect::Squiggle);
        check(&source, Dialect::Fermi);
    }

    #[test]
    fn assignments_of_soups_evaluate_or_explain(a in soup(), b in soup()) {
        check(&format!("x = to(1, 3)\ny = {a}\n{b}"), Dialect::Squiggle);
    }

    #[test]
    fn to_keeps_its_bounds_in_order(lo in 1e-6f64..1e6, ratio in 1.01f64..1e5, seed in any::<u64>()) {
        let hi = lo * ratio;
        let e = evaluate_source(&format!("to({lo:e}, {hi:e})"), Dialect::Squiggle, &Options { samples: 4000, seed });
        let mut xs = e.samples.expect("valid bounds");
        prop_assert_eq!(xs.len(), 4000);
        prop_assert!(xs.iter().all(|&x| x > 0.0 && x.is_finite()));
        xs.sort_by(f64::total_cmp);
        let (p5, p50, p95) = (quantile_type7(&xs, 0.05), quantile_type7(&xs, 0.5), quantile_type7(&xs, 0.95));
        prop_assert!(p5 < p50 && p50 < p95);
        // Within 0.15 standard deviations of ln X: far beyond sampling noise at n = 4000.
        let sigma = (hi.ln() - lo.ln()) / (2.0 * Z95);
        prop_assert!(((p5 / lo).ln() / sigma).abs() < 0.15, "p5 {} vs {}", p5, lo);
        prop_assert!(((p95 / hi).ln() / sigma).abs() < 0.15, "p95 {} vs {}", p95, hi);
    }
}
