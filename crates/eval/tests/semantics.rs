//! The spec's semantics with fixed seeds: quantiles of `to`, correlation, precedence values, reference outputs.

use fermi_eval::{MAX_SAMPLES, MIN_SAMPLES, Options, evaluate_source, samples_hash, summarize};
use fermi_num::quantile_type7;
use fermi_syntax::Dialect::{self, Fermi, Squiggle};

fn samples(source: &str, dialect: Dialect, n: usize, seed: u64) -> Vec<f64> {
    let e = evaluate_source(source, dialect, &Options { samples: n, seed });
    let errors: Vec<_> = e.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{source:?}: {errors:?}");
    e.samples.expect("samples without errors")
}

fn error_message(source: &str, dialect: Dialect, n: usize) -> String {
    let e = evaluate_source(
        source,
        dialect,
        &Options {
            samples: n,
            seed: 1,
        },
    );
    assert!(e.samples.is_none(), "{source:?} should fail");
    e.diagnostics
        .iter()
        .find(|d| d.is_error())
        .map(|d| d.message.clone())
        .unwrap_or_default()
}

fn quantiles(xs: &[f64], ps: &[f64]) -> Vec<f64> {
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    ps.iter().map(|&p| quantile_type7(&sorted, p)).collect()
}

/// Asserts each quantile within `rel` relative error.
fn assert_quantiles(source: &str, dialect: Dialect, expected: &[(f64, f64)], rel: f64) {
    let xs = samples(source, dialect, 100_000, 7);
    let ps: Vec<f64> = expected.iter().map(|e| e.0).collect();
    for (q, (p, want)) in quantiles(&xs, &ps).into_iter().zip(expected) {
        assert!(
            (q / want - 1.0).abs() < rel,
            "{source:?} p{p}: {q} vs {want}"
        );
    }
}

#[test]
fn fermi_reference_outputs() {
    assert_quantiles("1 10", Fermi, &[(0.05, 1.0), (0.95, 10.0)], 0.02);
    assert_quantiles(
        "1 10\n1 10",
        Fermi,
        &[(0.05, 1.9629), (0.95, 50.9456)],
        0.02,
    );
    assert_quantiles(
        "93.9B 98.3B\n/ 150 200\n/ 357B",
        Fermi,
        &[(0.05, 0.0013432), (0.5, 0.0015537), (0.95, 0.0017974)],
        0.01,
    );
    assert_quantiles("5% 20%", Fermi, &[(0.05, 0.05), (0.95, 0.20)], 0.02);
}

#[test]
fn to_puts_its_bounds_at_the_5th_and_95th_percentiles() {
    for source in ["to(1, 10)", "1 to 10", "to(2k, 3M)"] {
        let xs = samples(source, Squiggle, 100_000, 3);
        let q = quantiles(&xs, &[0.05, 0.5, 0.95]);
        let (lo, hi): (f64, f64) = if source.contains('k') {
            (2e3, 3e6)
        } else {
            (1.0, 10.0)
        };
        // Within 0.03 standard deviations of ln X (about 4 standard errors at this n).
        let sigma = (hi.ln() - lo.ln()) / (2.0 * fermi_num::Z95);
        for (got, want) in q.iter().zip([lo, (lo * hi).sqrt(), hi]) {
            assert!(
                ((got / want).ln() / sigma).abs() < 0.03,
                "{source}: {got} vs {want}"
            );
        }
    }
}

#[test]
fn precedence_consequences_as_values() {
    let cases: &[(&str, f64)] = &[
        ("2^3^2", 512.0),
        ("-2^2", 4.0),
        ("-(2^2)", -4.0),
        ("1 - 2 - 3", -4.0),
        ("8 / 4 / 2", 1.0),
        ("1 + 2 * 3", 7.0),
        ("2 * 3 ^ 2", 18.0),
        ("2 ^ -1", 0.5),
        ("1e3k / 1M", 1.0),
        ("log(exp(2))", 2.0),
        ("log10(1000)", 3.0),
        ("x = 3; y = x * x; y - x", 6.0),
    ];
    for &(source, want) in cases {
        let xs = samples(source, Squiggle, 100, 1);
        assert!(
            xs.iter().all(|&x| (x - want).abs() < 1e-12),
            "{source}: {} vs {want}",
            xs[0]
        );
    }
    // `1 to 10 * 2` is to(1, 20); `2 * 1 to 10` is to(2, 10).
    assert_quantiles("1 to 10 * 2", Squiggle, &[(0.05, 1.0), (0.95, 20.0)], 0.02);
    assert_quantiles("2 * 1 to 10", Squiggle, &[(0.05, 2.0), (0.95, 10.0)], 0.02);
}

#[test]
fn a_variable_is_one_sample_vector_wherever_it_is_used() {
    for (source, dialect) in [
        ("x = to(1, 10)\nx / x", Squiggle),
        ("1 10\n=: x\n/ x", Fermi),
    ] {
        let xs = samples(source, dialect, 10_000, 5);
        assert!(xs.iter().all(|&x| x == 1.0), "{source}");
    }
    // Two call sites are independent: ln-correlation near 0.
    let a = samples("to(1, 10)", Squiggle, 20_000, 9);
    // `+ 0` keeps the factors unfused, so the first one draws exactly as `to(1, 10)` alone.
    let ab = samples("to(1, 10) * (to(1, 10) + 0)", Squiggle, 20_000, 9);
    let la: Vec<f64> = a.iter().map(|x| x.ln()).collect();
    let lb: Vec<f64> = ab.iter().zip(&a).map(|(p, x)| (p / x).ln()).collect();
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&la), mean(&lb));
    let cov = la
        .iter()
        .zip(&lb)
        .map(|(x, y)| (x - ma) * (y - mb))
        .sum::<f64>();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m) * (x - m)).sum::<f64>();
    let corr = cov / (var(&la, ma) * var(&lb, mb)).sqrt();
    assert!(corr.abs() < 0.05, "corr {corr}");
}

#[test]
fn draws_follow_call_sites_in_evaluation_order() {
    let first = samples("to(1, 10)", Squiggle, 1000, 4);
    assert_eq!(samples("x = to(1, 10)\nx", Squiggle, 1000, 4), first);
    assert_eq!(samples("1 10", Fermi, 1000, 4), first);
    // A second call site draws after the first, so its samples differ from the first call's. (Each variable is
    // read twice: one read once would be drawn where it is read, fused with its use.)
    let second = samples(
        "x = to(1, 10)\ny = to(1, 10)\ny + (x - x) * y",
        Squiggle,
        1000,
        4,
    );
    assert_ne!(second, first);
    let second_again = samples(
        "a = to(1, 10)\nb = to(1, 10)\nb + (a - a) * b",
        Squiggle,
        1000,
        4,
    );
    assert_eq!(second, second_again);
}

#[test]
fn assignments_the_estimate_never_reads_are_not_drawn() {
    let estimate = samples("a = to(1, 10)\na * to(2, 3)", Squiggle, 1000, 9);
    // Unread lines, before, between or reading the estimate's own variables, change nothing.
    for program in [
        "junk = to(2, 3)\na = to(1, 10)\na * to(2, 3)",
        "a = to(1, 10)\nb = a * to(5, 6)\nc = b + 1\na * to(2, 3)",
        "a = to(7, 8)\nz = a\na = to(1, 10)\na * to(2, 3)",
    ] {
        let got = samples(program, Squiggle, 1000, 9);
        assert_eq!(samples_hash(&got), samples_hash(&estimate), "{program}");
    }
    // A shadowed assignment read before it is shadowed is live.
    let shadowed = samples(
        "a = to(1, 10)\nb = a\na = to(1, 10)\nb * a",
        Squiggle,
        1000,
        9,
    );
    assert_ne!(samples_hash(&shadowed), samples_hash(&estimate));
    // Thousands of unread ranges fit the memory budget at 10^5 samples: they hold no samples.
    let many: String = (0..1000)
        .map(|i| format!("v{i} = to(1, 2)\n"))
        .collect::<String>()
        + "v0 * v1";
    assert_eq!(samples(&many, Squiggle, 100_000, 1).len(), 100_000);
}

#[test]
fn unread_assignments_still_report_their_errors_and_warnings() {
    let program = "junk = to(10, 1)\nto(1, 2)";
    let e = evaluate_source(
        program,
        Squiggle,
        &Options {
            samples: 1000,
            seed: 1,
        },
    );
    assert!(e.samples.is_none(), "{:?}", e.diagnostics);
    let error = e
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an error");
    assert_eq!(
        &program[error.span.start as usize..error.span.end as usize],
        "to(10, 1)"
    );
    let wide = evaluate_source(
        "junk = to(1, 1e9)\nto(1, 2)",
        Squiggle,
        &Options {
            samples: 1000,
            seed: 1,
        },
    );
    assert!(wide.samples.is_some());
    let warned = wide
        .diagnostics
        .iter()
        .filter(|d| !d.is_error())
        .map(|d| d.message.as_str());
    assert!(
        warned.clone().any(|m| m.contains("never used")),
        "{:?}",
        wide.diagnostics
    );
    assert!(
        warned.count() >= 2,
        "the wide range is warned too: {:?}",
        wide.diagnostics
    );
}

#[test]
fn scalars_broadcast_to_every_sample() {
    assert_eq!(samples("2 * 3", Squiggle, 100, 1), vec![6.0; 100]);
    let xs = samples("x = to(1, 10)\nx + 1 - x", Squiggle, 1000, 1);
    assert!(xs.iter().all(|&x| (x - 1.0).abs() < 1e-12));
}

#[test]
fn seeds_are_deterministic() {
    let program = "coal = to(93.9B, 98.3B)\npp = 150 to 200\ncoal / pp / 357B";
    let a = samples(program, Squiggle, 5000, 42);
    assert_eq!(a, samples(program, Squiggle, 5000, 42));
    assert_ne!(a, samples(program, Squiggle, 5000, 43));
}

/// The wasm test compares its hash with this value: bit-identical samples across platforms.
#[test]
fn pinned_samples_hash() {
    let program = "coal = to(93.9B, 98.3B)\npp = 150 to 200\ncoal / pp / 357B";
    let xs = samples(program, Squiggle, 10_000, 1);
    assert_eq!(
        samples_hash(&xs),
        PINNED_HASH,
        "got {:#018x}",
        samples_hash(&xs)
    );
    let fermi = samples(
        "1 10\n=: x\nbeta 2 3\n=. share\nmx x 0.5 share 0.5",
        Fermi,
        10_000,
        1,
    );
    assert_eq!(
        samples_hash(&fermi),
        PINNED_FERMI_HASH,
        "got {:#018x}",
        samples_hash(&fermi)
    );
}

const PINNED_HASH: u64 = 0x3e89_2c9c_781a_303c;
const PINNED_FERMI_HASH: u64 = 0xb70f_d0e2_6fdb_c37d;

#[test]
fn beta_and_mixture_have_the_right_moments() {
    let xs = samples("beta 2 8", Fermi, 100_000, 2);
    let s = summarize(&xs);
    assert!((s.mean - 0.2).abs() < 0.003, "beta mean {}", s.mean);
    assert!(xs.iter().all(|&x| x > 0.0 && x < 1.0));
    let small = summarize(&samples("beta 0.5 0.5", Fermi, 100_000, 2));
    assert!(
        (small.mean - 0.5).abs() < 0.005,
        "beta(0.5, 0.5) mean {}",
        small.mean
    );
    let mix = samples(
        "1\n=. one\n3\n=. three\nmx one 1 three 3",
        Fermi,
        100_000,
        2,
    );
    let threes = mix.iter().filter(|&&x| x == 3.0).count() as f64 / mix.len() as f64;
    assert!((threes - 0.75).abs() < 0.01, "share of 3s {threes}");
    assert!(mix.iter().all(|&x| x == 1.0 || x == 3.0));
}

#[test]
fn sample_counts_outside_the_range_are_refused() {
    assert!(error_message("1", Squiggle, MIN_SAMPLES - 1).contains("between 100 and 10000000"));
    assert!(error_message("1", Squiggle, MAX_SAMPLES + 1).contains("between 100 and 10000000"));
    assert_eq!(samples("1", Squiggle, MIN_SAMPLES, 1).len(), MIN_SAMPLES);
}

#[test]
fn memory_and_time_budgets_are_refused_before_sampling() {
    let many: String = (0..10)
        .map(|i| format!("v{i} = to(1, 2)\n"))
        .collect::<String>()
        + "v0*v1*v2*v3*v4*v5*v6*v7*v8*v9";
    assert!(
        error_message(&many, Squiggle, MAX_SAMPLES).contains("million sample values in memory")
    );
    let long = format!("x = to(1, 2)\n{}", "x + ".repeat(250) + "x");
    assert!(error_message(&long, Squiggle, MAX_SAMPLES).contains("sample operations"));
    assert_eq!(samples(&long, Squiggle, 1000, 1).len(), 1000);
}

#[test]
fn vector_bounds_apply_samplewise() {
    let xs = samples("lo = to(1, 2)\nto(lo, lo * 10)", Squiggle, 50_000, 8);
    let q = quantiles(&xs, &[0.5]);
    // ln X = ln lo + ln(sqrt 10) + σZ: the median is near sqrt(2)·sqrt(10).
    assert!(
        (q[0] / (2f64.sqrt() * 10f64.sqrt()) - 1.0).abs() < 0.03,
        "median {}",
        q[0]
    );
}

#[test]
fn deep_but_allowed_programs_evaluate() {
    // An even number of negations is the identity.
    let nested = "-(".repeat(126) + "to(1, 2)" + &")".repeat(126);
    assert_eq!(
        samples(&nested, Squiggle, 1000, 1),
        samples("to(1, 2)", Squiggle, 1000, 1)
    );
    let power = "1^".repeat(250) + "to(1, 2)";
    assert!(samples(&power, Squiggle, 1000, 1).iter().all(|&x| x == 1.0));
    let fermi = "1 1.01\n".repeat(5000);
    assert_eq!(samples(&fermi, Fermi, 1000, 1).len(), 1000);
    let blocks = "* (\n1 1.01\n".repeat(250) + &")\n".repeat(250);
    assert_eq!(samples(&blocks, Fermi, 1000, 1).len(), 1000);
}

/// Arithmetic over variables is computed a chunk at a time unless its right operands nest deeper than the chunk
/// buffers (64); then it goes one operation at a time. Both give the bits of the sum taken sample by sample.
#[test]
fn deep_arithmetic_over_variables_gives_the_same_bits_chunked_or_not() {
    let x = samples("to(1, 2)", Squiggle, 1000, 9);
    for depth in [60, 70] {
        let source = format!(
            "x = to(1, 2)\n{}x{}",
            "x + (".repeat(depth),
            ")".repeat(depth)
        );
        let expected: Vec<u64> = x
            .iter()
            .map(|&xi| (0..depth).fold(xi, |sum, _| xi + sum).to_bits())
            .collect();
        let got: Vec<u64> = samples(&source, Squiggle, 1000, 9)
            .iter()
            .map(|s| s.to_bits())
            .collect();
        assert_eq!(got, expected, "depth {depth}");
    }
}

/// Weights adding up to a subnormal number: the uniform draw times the total can round up to the total itself,
/// and then the last component is drawn.
#[test]
fn a_mixture_with_a_subnormal_total_draws_its_last_component() {
    let xs = samples("mx 3 0 7 5e-324", Fermi, 1000, 1);
    assert!(xs.iter().all(|&x| x == 7.0), "{:?}", &xs[..10]);
}

#[test]
fn programs_without_an_estimate_are_errors() {
    let cases: &[(&str, Dialect, &str)] = &[
        ("", Squiggle, "the program has no estimate"),
        (
            "// only a comment\n",
            Squiggle,
            "the program has no estimate",
        ),
        (
            "x = to(1, 10)",
            Squiggle,
            "the program ends with an assignment",
        ),
        ("", Fermi, "the model has no lines"),
        ("# only a comment\n\n", Fermi, "the model has no lines"),
    ];
    for &(source, dialect, want) in cases {
        assert_eq!(error_message(source, dialect, 1000), want, "{source:?}");
    }
}

#[test]
fn reassignment_shadows_and_whitespace_is_flexible() {
    assert_eq!(
        samples("x = 1\nx = x + 1\nx", Squiggle, 100, 1),
        vec![2.0; 100]
    );
    assert_eq!(
        samples("x\t=\t2 ;\r\nx\t*\t3", Squiggle, 100, 1),
        vec![6.0; 100]
    );
    assert_eq!(
        samples("2\t\t3", Fermi, 100, 1),
        samples("to(2, 3)", Squiggle, 100, 1)
    );
}

/// fermi checks only the first divisor sample for zero; every sample is checked here.
#[test]
fn every_divisor_sample_is_checked() {
    let source = "1\n=. one\n0\n=. zero\nmx one 0.9 zero 0.1\n=. m\n1\n/ m";
    let message = error_message(source, Fermi, 1000);
    assert!(
        message.starts_with("division by zero: in sample "),
        "{message}"
    );
    assert!(
        !message.starts_with("division by zero: in sample 1 "),
        "the first zero is a later sample: {message}"
    );
}

/// A constant's summary is the constant itself, its log sd exactly 0, at every sample count (compensated sums;
/// a plain sum of 10⁴ copies of exp(10) drifts in the last digits, as Squiggle's does not).
#[test]
fn a_constants_summary_is_exact() {
    let cases: &[(&str, Dialect, f64)] = &[
        ("exp(10)", Squiggle, 22026.465794806718),
        ("0.1", Squiggle, 0.1),
        ("x = 3\nx * x / 7", Squiggle, 9.0 / 7.0),
        ("2.5M", Fermi, 2.5e6),
    ];
    for &(source, dialect, value) in cases {
        for n in [100, 10_000, 100_003] {
            let s = summarize(&samples(source, dialect, n, 1));
            assert_eq!(s.mean, value, "{source} at n = {n}");
            assert_eq!(s.mean_ln, Some(value.ln()), "{source} at n = {n}");
            assert_eq!(s.sd_ln, Some(0.0), "{source} at n = {n}");
        }
    }
}
