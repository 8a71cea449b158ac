//! The scoring lab's expected scores: each closed form against Monte Carlo (10⁶ seeded draws, within a few
//! standard errors) and against Gauss–Legendre quadrature (to 1e-11 relative), the propriety of each rule over a
//! (shift, width) grid, the optimiser, the divergence and the class crowd.

mod common;

use common::Normals;
use fermi_num::Z95;
use fermi_score::lab::{
    Belief, End, Orientation, Propriety, Quantiles, Range, Report, Rule, class_crowd,
    cramer_log_divergence, decades_to_ln, expected_all, expected_crps_log, expected_pinball_at,
    expected_winkler90, heat_map, ln_to_decades, optimum,
};
use fermi_score::{Phi, cramer_normal};

const SQRT_2PI: f64 = 2.506_628_274_631_000_7;
const SQRT_PI: f64 = 1.772_453_850_905_516;

/// (m, s, d, w): centred and honest, shifted and wide, shifted down and narrow, very narrow, far off and wide.
const CASES: [(f64, f64, f64, f64); 6] = [
    (0.0, 1.0, 0.0, 1.0),
    (2.3, 0.7, 0.5, 1.6),
    (-1.0, 1.4, -1.2, 0.5),
    (5.0, 0.3, 0.1, 0.25),
    (0.0, 2.0, 3.0, 3.0),
    (10.0, 0.5, -0.2, 1.0),
];

fn case(row: (f64, f64, f64, f64)) -> (Belief, Report) {
    let (m, s, d, w) = row;
    (Belief::new(m, s).unwrap(), Report::new(d, w))
}

/// The rule's score for one outcome `y` (ln x), straight from its definition, for every rule that scores an
/// outcome (all but the Cramér-log divergence). CRPS is `σ·A(z) − σ/√π` written out with Φ.
fn pointwise(rule: Rule, belief: &Belief, report: &Report, y: f64) -> f64 {
    let (mu, sigma) = report.normal(belief);
    let (l, u) = (mu - Z95 * sigma, mu + Z95 * sigma);
    let pinball = |q: f64, tau: f64| {
        if y >= q {
            tau * (y - q)
        } else {
            (1.0 - tau) * (q - y)
        }
    };
    let z = (y - mu) / sigma;
    let density = (-0.5 * z * z).exp() / SQRT_2PI;
    match rule {
        Rule::CrpsLog => sigma * (z * (2.0 * Phi(z) - 1.0) + 2.0 * density - 1.0 / SQRT_PI),
        Rule::LogScore => -(sigma.ln() + SQRT_2PI.ln() + 0.5 * z * z),
        Rule::Winkler90 => (u - l) + 20.0 * (l - y).max(0.0) + 20.0 * (y - u).max(0.0),
        Rule::Pinball => (pinball(l, 0.05) + pinball(mu, 0.5) + pinball(u, 0.95)) / 3.0,
        Rule::MedianAbsError => (y - mu).abs(),
        Rule::HitRate90 => f64::from(u8::from(l <= y && y <= u)),
        Rule::LinearScore => density / sigma,
        Rule::CramerLog => unreachable!("the divergence does not score an outcome"),
    }
}

#[derive(Default)]
struct Moments {
    n: f64,
    sum: f64,
    sum_squares: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.n += 1.0;
        self.sum += x;
        self.sum_squares += x * x;
    }

    fn mean(&self) -> f64 {
        self.sum / self.n
    }

    fn standard_error(&self) -> f64 {
        let mean = self.mean();
        ((self.sum_squares / self.n - mean * mean).max(0.0) / (self.n - 1.0)).sqrt()
    }
}

/// Each expectation against the mean of 10⁶ seeded draws, within 5 standard errors. The CRPS and the
/// divergence are drawn from their energy forms (`|X − y| − ½|X − X'|` and `|X − Y| − ½|X − X'| − ½|Y − Y'|`,
/// X, X' from the report, Y, Y' from the belief), independent of the closed forms' A.
#[test]
fn expectations_match_monte_carlo() {
    const DRAWS: usize = 1_000_000;
    for (row, &values) in CASES.iter().enumerate() {
        let (belief, report) = case(values);
        let (mu, sigma) = report.normal(&belief);
        let mut normals = Normals::new(1000 + row as u64);
        let mut moments: Vec<Moments> = Rule::ALL.iter().map(|_| Moments::default()).collect();
        for _ in 0..DRAWS {
            let y = belief.m + belief.s * normals.next();
            let y2 = belief.m + belief.s * normals.next();
            let x = mu + sigma * normals.next();
            let x2 = mu + sigma * normals.next();
            for (k, &rule) in Rule::ALL.iter().enumerate() {
                let score = match rule {
                    Rule::CrpsLog => (x - y).abs() - 0.5 * (x - x2).abs(),
                    Rule::CramerLog => (x - y).abs() - 0.5 * (x - x2).abs() - 0.5 * (y - y2).abs(),
                    _ => pointwise(rule, &belief, &report, y),
                };
                moments[k].add(score);
            }
        }
        for (k, &rule) in Rule::ALL.iter().enumerate() {
            let (mean, se) = (moments[k].mean(), moments[k].standard_error());
            let want = rule.expected(&belief, &report);
            assert!(
                (mean - want).abs() <= 5.0 * se + 1e-12,
                "{rule:?} at {values:?}: Monte Carlo {mean} ± {se}, closed form {want}"
            );
        }
    }
}

/// Gauss–Legendre nodes and weights on [−1, 1] (Newton on Pₙ from Chebyshev starts).
fn gauss_legendre(n: usize) -> Vec<(f64, f64)> {
    (0..n)
        .map(|i| {
            let mut x = (std::f64::consts::PI * (i as f64 + 0.75) / (n as f64 + 0.5)).cos();
            let mut derivative = 0.0;
            for _ in 0..100 {
                let (mut p0, mut p1) = (1.0, x);
                for k in 2..=n {
                    let k = k as f64;
                    (p0, p1) = (p1, ((2.0 * k - 1.0) * x * p1 - (k - 1.0) * p0) / k);
                }
                derivative = n as f64 * (x * p1 - p0) / (x * x - 1.0);
                let step = p1 / derivative;
                x -= step;
                if step.abs() < 1e-16 {
                    break;
                }
            }
            (x, 2.0 / ((1.0 - x * x) * derivative * derivative))
        })
        .collect()
}

/// `∫ f` over `[lo, hi]`, in panels no wider than `panel` that break at every point of `breaks`.
fn integrate(f: impl Fn(f64) -> f64, lo: f64, hi: f64, breaks: &[f64], panel: f64) -> f64 {
    let rule = gauss_legendre(20);
    let mut edges: Vec<f64> = breaks
        .iter()
        .copied()
        .filter(|b| *b > lo && *b < hi)
        .collect();
    edges.extend([lo, hi]);
    edges.sort_by(f64::total_cmp);
    let mut total = 0.0;
    for pair in edges.windows(2) {
        let pieces = ((pair[1] - pair[0]) / panel).ceil().max(1.0) as usize;
        let width = (pair[1] - pair[0]) / pieces as f64;
        for p in 0..pieces {
            let (a, half) = (pair[0] + p as f64 * width, 0.5 * width);
            total += half
                * rule
                    .iter()
                    .map(|&(x, weight)| weight * f(a + half * (1.0 + x)))
                    .sum::<f64>();
        }
    }
    total
}

/// Each closed form against quadrature: `∫ score(y)·density(y) dy` over ±14 sd of the belief, in panels broken at
/// every kink of the score; the divergence as `∫(F − G)²` over the union of both ±14 sd.
#[test]
fn expectations_match_quadrature_to_1e11() {
    let mut cases = CASES.to_vec();
    cases.extend([
        (0.0, 1.0, 1e-3, 1.0),
        (1.0, 0.2, 0.0, 1.0 + 1e-3),
        (0.0, 1.0, 6.0, 0.1),
    ]);
    for values in cases {
        let (belief, report) = case(values);
        let (mu, sigma) = report.normal(&belief);
        let (m, s) = (belief.m, belief.s);
        let breaks = [mu - Z95 * sigma, mu, mu + Z95 * sigma];
        for rule in Rule::ALL {
            let got = rule.expected(&belief, &report);
            let want = if rule == Rule::CramerLog {
                let cdf = |x: f64, centre: f64, sd: f64| Phi((x - centre) / sd);
                let spread = 14.0 * sigma.max(s);
                integrate(
                    |x| (cdf(x, mu, sigma) - cdf(x, m, s)).powi(2),
                    mu.min(m) - spread,
                    mu.max(m) + spread,
                    &[],
                    0.25 * sigma.min(s),
                )
            } else {
                let density = |y: f64| (-0.5 * ((y - m) / s).powi(2)).exp() / (s * SQRT_2PI);
                integrate(
                    |y| pointwise(rule, &belief, &report, y) * density(y),
                    m - 14.0 * s,
                    m + 14.0 * s,
                    &breaks,
                    0.25 * sigma.min(s),
                )
            };
            assert!(
                (got - want).abs() <= 1e-11 * want.abs() + 1e-15,
                "{rule:?} at {values:?}: closed form {got:e}, quadrature {want:e}"
            );
        }
    }
}

/// Shifts −1..1 nats by 0.1 and widths 2^(k/8), k = −16..16, both holding the honest value exactly.
fn grid() -> Vec<Report> {
    let mut reports = vec![];
    for i in -10..=10 {
        for k in -16..=16 {
            reports.push(Report::new(i as f64 / 10.0, (k as f64 / 8.0).exp2()));
        }
    }
    reports
}

/// The grid points where the rule's expected value is best (all of them when tied).
fn best_on_grid(rule: Rule, belief: &Belief) -> (f64, Vec<Report>) {
    let orientation = rule.orientation();
    let mut best = (f64::NAN, vec![]);
    for report in grid() {
        let value = rule.expected(belief, &report);
        if best.1.is_empty() || orientation.better(value, best.0) {
            best = (value, vec![report]);
        } else if value == best.0 {
            best.1.push(report);
        }
    }
    best
}

#[test]
fn proper_rules_are_best_only_at_the_honest_report() {
    for belief in [
        Belief::new(0.0, 1.0).unwrap(),
        Belief::new(3.0, 0.4).unwrap(),
        Belief::new(-2.0, 2.5).unwrap(),
    ] {
        for rule in Rule::ALL {
            let (best, at) = best_on_grid(rule, &belief);
            let honest = rule.expected(&belief, &Report::HONEST);
            // The table's propriety, checked: strictly proper rules are best only at the honest report, proper
            // ones have it among their best, improper ones do strictly better elsewhere.
            match rule.propriety() {
                Propriety::StrictlyProper | Propriety::ProperForQuantiles => {
                    assert_eq!(at, vec![Report::HONEST], "{rule:?} at {belief:?}");
                }
                Propriety::Proper => {
                    assert!(at.len() > 1 && at.contains(&Report::HONEST), "{rule:?}");
                }
                Propriety::Improper => {
                    assert!(!at.contains(&Report::HONEST), "{rule:?} at {belief:?}");
                }
            }
            match rule {
                Rule::MedianAbsError => {
                    // Flat in the width: every width at shift 0 ties with the honest report.
                    assert_eq!(at.len(), 33);
                    assert!(at.iter().all(|r| r.shift == 0.0) && best == honest);
                    for report in grid() {
                        let wider = Report::new(report.shift, 2.0 * report.width);
                        assert_eq!(
                            rule.expected(&belief, &report),
                            rule.expected(&belief, &wider)
                        );
                    }
                }
                Rule::HitRate90 => {
                    assert_eq!(at, vec![Report::new(0.0, 4.0)], "{belief:?}");
                    assert!(best > honest);
                }
                Rule::LinearScore => {
                    assert_eq!(at, vec![Report::new(0.0, 0.25)], "{belief:?}");
                    assert!(best > honest);
                }
                _ => {}
            }
        }
    }
}

/// Moving the width away from honest raises every proper rule's expected loss and lowers the hit rate's score
/// only when narrowing (the explorer's journey).
#[test]
fn width_away_from_honest_costs_every_proper_rule() {
    let belief = Belief::from_p5_p95(100.0, 10_000.0).unwrap();
    for w in [0.5, 0.9, 1.1, 2.0] {
        let report = Report::new(0.0, w);
        for rule in Rule::ALL {
            let (honest, moved) = (
                rule.expected(&belief, &Report::HONEST),
                rule.expected(&belief, &report),
            );
            match rule.propriety() {
                Propriety::StrictlyProper | Propriety::ProperForQuantiles => {
                    assert!(rule.orientation().better(honest, moved), "{rule:?} w = {w}")
                }
                Propriety::Proper | Propriety::Improper => {}
            }
        }
        let hit = Rule::HitRate90.expected(&belief, &report);
        assert_eq!(hit > 0.9, w > 1.0, "w = {w}: {hit}");
    }
    // The honest 90% interval hits 90% of the time.
    let honest_hit = Rule::HitRate90.expected(&belief, &Report::HONEST);
    assert!((honest_hit - 0.9).abs() < 1e-15, "{honest_hit}");
}

#[test]
fn divergence_is_zero_only_at_the_honest_report() {
    for belief in [
        Belief::new(0.0, 1.0).unwrap(),
        Belief::new(7.0, 0.05).unwrap(),
    ] {
        assert_eq!(cramer_log_divergence(&belief, &Report::HONEST), 0.0);
        let tiny = [
            Report::new(1e-9, 1.0),
            Report::new(-1e-9, 1.0),
            Report::new(0.0, 1.0 + 1e-9),
            Report::new(0.0, 1.0 - 1e-9),
            Report::new(0.0, 0.0),
        ];
        for report in grid().into_iter().chain(tiny) {
            let divergence = cramer_log_divergence(&belief, &report);
            if report.is_honest() {
                continue;
            }
            assert!(divergence > 0.0, "{report:?}: {divergence:e}");
            let (mu, sigma) = report.normal(&belief);
            let direct = cramer_normal(mu, sigma, belief.m, belief.s);
            assert!(
                (divergence - direct).abs() <= 1e-12 * belief.s,
                "{report:?}: {divergence} vs {direct}"
            );
            // The expected CRPS is the divergence plus the belief's own half mean distance s/√π.
            let crps = expected_crps_log(&belief, &report);
            assert!((crps - divergence - belief.s / SQRT_PI).abs() <= 1e-14 * crps.max(1.0));
        }
        // Near the honest report the divergence keeps its relative accuracy: ≈ φ(0)·d²/(√2·s) and
        // ≈ (σ − s)²/(4s·√π).
        let small = 1e-6;
        let location = cramer_log_divergence(&belief, &Report::new(small * belief.s, 1.0));
        let want = small * small * belief.s / (SQRT_2PI * 2f64.sqrt());
        assert!(
            ((location - want) / want).abs() < 1e-6,
            "{location:e} vs {want:e}"
        );
        let shape = cramer_log_divergence(&belief, &Report::new(0.0, 1.0 + small));
        let want = small * small * belief.s / (4.0 * SQRT_PI);
        assert!(
            ((shape - want) / want).abs() < 1e-5,
            "{shape:e} vs {want:e}"
        );
    }
}

#[test]
fn interval_rules_agree_with_pinball() {
    for values in CASES {
        let (belief, report) = case(values);
        // IS_α = (2/α)·(pinball at α/2 + pinball at 1 − α/2).
        let from_pinball = 20.0
            * (expected_pinball_at(&belief, &report, 0.05)
                + expected_pinball_at(&belief, &report, 0.95));
        let winkler = expected_winkler90(&belief, &report);
        assert!(
            (winkler - from_pinball).abs() <= 1e-13 * winkler,
            "{values:?}"
        );
        // A quantile level other than the three taught ones goes through Φ⁻¹.
        let p25 = expected_pinball_at(&belief, &report, 0.25);
        assert!(p25 > 0.0 && p25.is_finite());
    }
}

#[test]
fn a_point_report_has_the_limits() {
    let belief = Belief::new(1.0, 0.8).unwrap();
    let point = Report::new(0.3, 0.0);
    let near = Report::new(0.3, 1e-9);
    for rule in Rule::ALL {
        let (at, close) = (
            rule.expected(&belief, &point),
            rule.expected(&belief, &near),
        );
        if rule == Rule::LogScore {
            assert_eq!(at, f64::NEG_INFINITY);
        } else {
            assert!(
                (at - close).abs() <= 1e-8 * close.abs().max(1.0),
                "{rule:?}: {at} vs {close}"
            );
        }
    }
}

#[test]
fn optimiser_finds_honest_for_proper_rules_and_ends_for_improper_ones() {
    let belief = Belief::from_p5_p95(3.0, 3000.0).unwrap();
    let range = Range::default();
    for rule in Rule::ALL {
        let best = optimum(rule, &belief, &range).unwrap();
        assert_eq!(best.value, rule.expected(&belief, &best.report));
        assert!(best.report.shift.abs() < 1e-6, "{rule:?}: {best:?}");
        let text = best.describe();
        match rule {
            Rule::MedianAbsError => {
                assert_eq!(best.width_end, End::Anywhere);
                assert_eq!(
                    text,
                    "best at shift 0 decades, any width (this rule ignores the width)"
                );
            }
            Rule::HitRate90 => {
                assert_eq!((best.width_end, best.report.width), (End::High, 4.0));
                assert_eq!(
                    text,
                    "best at shift 0 decades, width ×4.00: wider is always better"
                );
            }
            Rule::LinearScore => {
                assert_eq!((best.width_end, best.report.width), (End::Low, 0.25));
                assert_eq!(
                    text,
                    "best at shift 0 decades, width ×0.25: narrower is always better"
                );
            }
            _ => {
                assert!(best.is_honest(), "{rule:?}: {best:?}");
                assert_eq!((best.shift_end, best.width_end), (End::Inside, End::Inside));
                assert_eq!(text, "best at shift 0 decades, width ×1.00 (honest)");
            }
        }
        assert_eq!(
            best.shift_end,
            End::Inside,
            "{rule:?}: every rule prefers no shift"
        );
    }
}

#[test]
fn optimiser_reports_range_ends_and_fixed_axes() {
    let belief = Belief::new(2.0, 1.3).unwrap();
    // A range that excludes the honest report: proper rules go as near as they can.
    let off = Range {
        shift_min: 0.2,
        shift_max: 1.0,
        width_min: 1.5,
        width_max: 3.0,
    };
    for rule in [
        Rule::CrpsLog,
        Rule::LogScore,
        Rule::Winkler90,
        Rule::CramerLog,
    ] {
        let best = optimum(rule, &belief, &off).unwrap();
        assert_eq!(best.report, Report::new(0.2, 1.5), "{rule:?}");
        assert_eq!((best.shift_end, best.width_end), (End::Low, End::Low));
        assert_eq!(
            best.describe(),
            "best at shift +0.09 decades, width ×1.50: narrower is always better, and a lower shift is always \
             better"
        );
    }
    // With the shift held at d, the log score's best width is √(1 + d²/s²): the width curve's minimum.
    for d in [0.0, 0.5, 2.0] {
        let range = Range {
            shift_min: d,
            shift_max: d,
            width_min: 0.1,
            width_max: 10.0,
        };
        let best = optimum(Rule::LogScore, &belief, &range).unwrap();
        let want = (1.0 + (d / belief.s).powi(2)).sqrt();
        assert_eq!(best.shift_end, End::Fixed);
        assert_eq!(best.width_end, End::Inside);
        assert!((best.report.width - want).abs() < 1e-6, "d = {d}: {best:?}");
    }
    // And with the width held, every proper rule wants shift 0.
    let range = Range {
        shift_min: -1.0,
        shift_max: 1.0,
        width_min: 2.0,
        width_max: 2.0,
    };
    for rule in [Rule::CrpsLog, Rule::Pinball, Rule::Winkler90] {
        let best = optimum(rule, &belief, &range).unwrap();
        assert_eq!(best.width_end, End::Fixed);
        assert!(best.report.shift.abs() < 1e-6, "{rule:?}: {best:?}");
    }
    let bad = Range {
        width_min: 0.0,
        ..Range::default()
    };
    assert!(optimum(Rule::CrpsLog, &belief, &bad).is_none());
}

#[test]
fn heat_map_is_the_rule_over_the_grid() {
    let belief = Belief::new(0.0, 1.0).unwrap();
    let range = Range::around_honest(0.5, 3.0);
    let map = heat_map(Rule::Winkler90, &belief, &range, 5, 3);
    assert_eq!(map.shifts.len(), 5);
    assert_eq!(map.widths, vec![1.0 / 3.0, 1.0, 3.0]);
    assert_eq!(map.shifts[0], -decades_to_ln(0.5));
    assert_eq!(map.shifts[4], decades_to_ln(0.5));
    assert_eq!(map.shifts[2], 0.0);
    for (i, &d) in map.shifts.iter().enumerate() {
        for (j, &w) in map.widths.iter().enumerate() {
            assert_eq!(
                map.at(i, j),
                Rule::Winkler90.expected(&belief, &Report::new(d, w))
            );
        }
    }
    assert_eq!(range.shifts(1), vec![range.shift_min]);
    assert!(range.widths(0).is_empty());
    // A report by slider steps: the grids' points, the middle one honest, a step past the end the last.
    let (shifts, widths) = (range.shifts(5), range.widths(3));
    let cases = [
        ((0, 0), Report::new(shifts[0], widths[0])),
        ((2, 1), Report::new(0.0, 1.0)),
        ((4, 2), Report::new(shifts[4], widths[2])),
        ((9, 9), Report::new(shifts[4], widths[2])),
    ];
    for ((i, j), want) in cases {
        let (s5, w3) = (range.report_at(i, j, 5), range.report_at(i, j, 3));
        assert_eq!((s5.shift, w3.width), (want.shift, want.width), "{i} {j}");
    }
}

#[test]
fn rules_say_their_names_and_orientation() {
    assert_eq!(Rule::named("no such rule"), None);
    for rule in Rule::ALL {
        assert_eq!(Rule::named(rule.name()), Some(rule));
        let info = rule.info();
        assert_eq!(info.id, rule.id());
        assert!(!info.name.is_empty() && !info.rewards.is_empty() && !info.measures.is_empty());
        // The log score is read higher-is-better here as on every other face.
        let higher = matches!(rule, Rule::HitRate90 | Rule::LinearScore | Rule::LogScore);
        assert_eq!(
            info.orientation,
            if higher {
                Orientation::HigherIsBetter
            } else {
                Orientation::LowerIsBetter
            }
        );
    }
    assert_eq!(Orientation::LowerIsBetter.label(), "lower is better");
    // Keyed by rule, not by position.
    let belief = Belief::new(1.0, 1.0).unwrap();
    let all = expected_all(&belief, &Report::new(0.1, 1.2));
    let json = serde_json::to_value(all).unwrap();
    assert_eq!(json[0]["rule"], "cramer_log");
    assert_eq!(json[6]["rule"], "hit_rate90");
    let rules: Vec<Rule> = all.iter().map(|e| e.rule).collect();
    assert_eq!(rules, Rule::ALL);
    let info = serde_json::to_value(Rule::LogScore.info()).unwrap();
    assert_eq!(info["orientation"], "higher_is_better");
    assert_eq!(info["propriety"], "strictly_proper");
    // Data round-trips.
    let best = optimum(Rule::HitRate90, &belief, &Range::default()).unwrap();
    let text = serde_json::to_string(&best).unwrap();
    let back: fermi_score::lab::Optimum = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (back.rule, back.width_end, back.report.width),
        (best.rule, End::High, 4.0)
    );
    assert!((back.value - best.value).abs() <= 1e-15);
    assert_eq!(
        serde_json::from_str::<Rule>("\"linear_score\"").unwrap(),
        Rule::LinearScore
    );
}

#[test]
fn beliefs_from_intervals_and_decades() {
    let belief = Belief::from_p5_p95(10.0, 1000.0).unwrap();
    assert!((belief.m - 100f64.ln()).abs() < 1e-14);
    assert!((belief.s - 100f64.ln() / (2.0 * Z95)).abs() < 1e-14);
    let q = belief.quantiles();
    for (got, want) in [(q.p5, 10.0), (q.p50, 100.0), (q.p95, 1000.0)] {
        assert!((got - want).abs() < 1e-12 * want, "{got} vs {want}");
    }
    let shifted = Report::from_decades(1.0, 2.0).quantiles(&belief);
    assert!((shifted.p50 - 1000.0).abs() < 1e-10);
    assert!((shifted.p95 / shifted.p50 - 100.0).abs() < 1e-10);
    assert!((ln_to_decades(decades_to_ln(0.37)) - 0.37).abs() < 1e-15);
    assert_eq!(Report::from_decades(-0.5, 1.0).shift_decades(), -0.5);
    for (p5, p95) in [(10.0, 10.0), (0.0, 5.0), (5.0, 1.0), (f64::NAN, 3.0)] {
        assert!(Belief::from_p5_p95(p5, p95).is_err(), "{p5}, {p95}");
    }
    assert!(Belief::new(0.0, 0.0).is_err() && Belief::new(f64::INFINITY, 1.0).is_err());
}

#[test]
fn class_crowd_is_the_geometric_mean_of_each_quantile() {
    let students = [
        Quantiles {
            p5: 10.0,
            p50: 100.0,
            p95: 1000.0,
        },
        Quantiles {
            p5: 1000.0,
            p50: 10_000.0,
            p95: 1e6,
        },
    ];
    let crowd = class_crowd(&students).unwrap();
    for (got, want) in [
        (crowd.p5, 100.0),
        (crowd.p50, 1000.0),
        (crowd.p95, 31_622.776_601_683_792),
    ] {
        assert!((got - want).abs() < 1e-12 * want, "{got} vs {want}");
    }
    let alone = class_crowd(&students[..1]).unwrap();
    assert!((alone.p50 - 100.0).abs() < 1e-12 * 100.0, "{alone:?}");
    assert_eq!(class_crowd(&[]), None);
    let bad = Quantiles {
        p5: -1.0,
        ..students[0]
    };
    assert_eq!(class_crowd(&[students[0], bad]), None);
}

#[test]
fn the_robust_crowd_takes_each_quantiles_median_and_ignores_one_wild_answer() {
    let q = |p5: f64, p50: f64, p95: f64| Quantiles { p5, p50, p95 };
    let students = [
        q(10.0, 100.0, 1000.0),
        q(20.0, 200.0, 2000.0),
        q(1e9, 1e10, 1e11),
    ];
    assert_eq!(
        fermi_score::crowd::median_crowd(&students),
        Some(students[1])
    );
    // An even count: the geometric mean of the middle pair, quantile by quantile.
    let four = fermi_score::crowd::median_crowd(&[
        students[0],
        students[1],
        q(40.0, 50.0, 4000.0),
        students[2],
    ])
    .unwrap();
    for (got, want) in [
        (four.p5, (20.0f64 * 40.0).sqrt()),
        (four.p50, (100.0f64 * 200.0).sqrt()),
        (four.p95, (2000.0f64 * 4000.0).sqrt()),
    ] {
        assert!((got / want - 1.0).abs() < 1e-12, "{got} vs {want}");
    }
    assert_eq!(fermi_score::crowd::median_crowd(&[]), None);
    assert_eq!(fermi_score::crowd::median_crowd(&[q(0.0, 1.0, 2.0)]), None);
}

/// The explorer's words and grid: a belief typed as readable numbers (or why not yet), a report described under
/// it, and a click's fraction to the nearest slider step.
#[test]
fn the_explorers_words_and_grid() {
    for (low, high, ok) in [
        ("1 million", "100 million", Some((1e6, 1e8))),
        ("2e3", "4e3", Some((2e3, 4e3))),
        ("", "100", None),
        ("abc", "100", None),
        ("100", "10", None),
    ] {
        let typed = Belief::typed(low, high);
        match ok {
            Some((p5, p95)) => {
                let q = typed.unwrap().quantiles();
                assert!((q.p5 / p5 - 1.0).abs() < 1e-12 && (q.p95 / p95 - 1.0).abs() < 1e-12);
            }
            None => assert!(typed.is_err(), "{low} {high}"),
        }
    }
    assert_eq!(
        Belief::typed("", "1").unwrap_err(),
        "The low end is not a number yet."
    );
    let belief = Belief::typed("1 million", "100 million").unwrap();
    assert_eq!(
        Report::HONEST.describe(Some(&belief)),
        "Shift +0.00 decades, width ×1.00 (honest): you report median 10 million, 90% between 1 million and 100 million."
    );
    assert_eq!(
        Report::from_decades(-0.5, 2.0).describe(None),
        "Shift -0.50 decades, width ×2.00."
    );
    for (t, step) in [
        (0.0, 0),
        (1.0, 80),
        (0.5, 40),
        (-3.0, 0),
        (7.0, 80),
        (0.506, 40),
        (0.507, 41),
    ] {
        assert_eq!(fermi_score::lab::grid_step(t, 81), step, "{t}");
    }
    // A belief in the lab's words.
    let q = fermi_score::lab::Quantiles {
        p5: 1e6,
        p50: 1e7,
        p95: 1e8,
    };
    assert_eq!(
        q.words(),
        "median 10 million, 90% between 1 million and 100 million"
    );
    // A click on a map drawn over pixels 100–500 across and 20–420 down: (shift, width) steps, width upwards.
    for (at, steps) in [
        ((100.0, 420.0), (0, 0)),
        ((500.0, 20.0), (80, 80)),
        ((300.0, 220.0), (40, 40)),
        ((0.0, 1000.0), (0, 0)),
        ((150.0, 70.0), (10, 70)),
    ] {
        assert_eq!(
            fermi_score::lab::heat_map_steps(at, &(100..500), &(20..420), 81),
            steps,
            "{at:?}"
        );
    }
}
