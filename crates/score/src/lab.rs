//! The scoring lab (conventions: `docs/scoring.md` § 12): expected scores of a report when the outcome is drawn
//! from a belief, for proper rules and, for contrast, improper ones. Pure: numbers in, numbers out.
//!
//! Everything is on the log axis. The belief is `N(m, s)` on ln X; a report is `N(m + d, (w·s)²)` on ln X, with
//! the shift `d` in nats ([`decades_to_ln`] and [`ln_to_decades`] convert) and the width `w` a factor (1 =
//! honest). Densities are densities of ln X. Every expectation is a closed form, exact to rounding:
//!
//! | rule | expected value, with `μ = m + d`, `σ = w·s`, `S = √(σ² + s²)` |
//! |---|---|
//! | CRPS-log | `S·A(d/S) − σ/√π` |
//! | log score (ln density; higher is better) | `−ln(σ√(2π)) − (s² + d²)/(2σ²)` |
//! | Winkler 90% | `(u − l) + 20·s·[Ψ((l − m)/s) + Ψ((m − u)/s)]`, `l, u = μ ∓ z95·σ` |
//! | pinball 5/50/95% | mean over τ of `τ·s·Ψ((m − q_τ)/s) + (1 − τ)·s·Ψ((q_τ − m)/s)`, `q_τ = μ + σ·Φ⁻¹(τ)` |
//! | median absolute error | `s·A(d/s)` |
//! | 90% hit rate | `Φ((d + z95·σ)/s) − Φ((d − z95·σ)/s)` |
//! | linear score | `φ(d/S)/S` |
//! | Cramér-log (divergence) | `S·[A(d/S) − A(0)] + (σ − s)²/((√2·S + σ + s)·√π)` |
//!
//! The CRPS here is the expected CRPS over outcomes drawn from the belief (it equals the Cramér-log distance plus
//! the constant `s/√π`), not the playground's "CRPS-log", which scores against the truth's median alone.

use core::f64::consts::{LN_10, SQRT_2};

use serde::{Deserialize, Serialize};

pub use crate::catalogue::{Orientation, Propriety};
use crate::catalogue::{RuleEntry, RuleId};
use crate::error::ScoreError;
use crate::special::{A, FRAC_1_SQRT_PI, Phi, Phi_inv, Psi, phi};
use crate::truth::Truth;
use fermi_num::{Sum, Z95};

mod curves;
mod disagree;
mod lessons;

pub use curves::{Axis, Curve, curves, format_value};
pub use disagree::{ANSWERS, Disagreement, QUESTION, REFERENCE, Standing, StoredAnswer, disagree};
pub use lessons::{Control, LESSONS, Lesson, Line, Quantity, Scale};

/// ln(√(2π)).
const LN_SQRT_2PI: f64 = 0.918_938_533_204_672_8;
/// The interval score's penalty per unit outside a central 90% interval: 2/α with α = 0.1.
const WINKLER_PENALTY: f64 = 20.0;

/// A shift in decades as nats (`× ln 10`).
pub fn decades_to_ln(decades: f64) -> f64 {
    decades * LN_10
}

/// A shift in nats as decades (`÷ ln 10`).
pub fn ln_to_decades(ln: f64) -> f64 {
    ln / LN_10
}

/// What the student believes: `N(m, s)` on ln X. Build it with [`Belief::new`] or [`Belief::from_p5_p95`], which
/// refuse a non-finite `m` or an `s` that is not positive and finite.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Belief {
    /// Mean (= median) of ln X.
    pub m: f64,
    /// Standard deviation of ln X, in nats.
    pub s: f64,
}

impl Belief {
    pub fn new(m: f64, s: f64) -> Result<Belief, ScoreError> {
        if m.is_finite() && s.is_finite() && s > 0.0 {
            Ok(Belief { m, s })
        } else {
            Err(ScoreError::BadLognormal { mu: m, sigma: s })
        }
    }

    /// The lognormal whose 5% and 95% quantiles are `p5` and `p95` (linear space, `0 < p5 < p95`).
    pub fn from_p5_p95(p5: f64, p95: f64) -> Result<Belief, ScoreError> {
        match Truth::checked_lognormal_from_p5_p95(p5, p95)? {
            Truth::Lognormal { mu, sigma } if sigma > 0.0 && sigma.is_finite() => {
                Belief::new(mu, sigma)
            }
            _ => Err(ScoreError::BadInterval { p5, p95 }),
        }
    }

    /// The 5%, 50% and 95% quantiles in linear space.
    pub fn quantiles(&self) -> Quantiles {
        Report::HONEST.quantiles(self)
    }

    /// The belief typed as the two ends of a 90% interval (readable numbers: "2 million"), or why not yet.
    pub fn typed(low: &str, high: &str) -> Result<Belief, String> {
        let lo = fermi_num::parse_readable(low).ok_or("The low end is not a number yet.")?;
        let hi = fermi_num::parse_readable(high).ok_or("The high end is not a number yet.")?;
        Belief::from_p5_p95(lo, hi).map_err(|e| e.to_string())
    }
}

/// A report relative to a belief: `N(m + shift, (width·s)²)` on ln X. `width ≥ 0`; at 0 the report is a point,
/// where the log score is −∞ and every other rule has its finite limit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// `d`, in nats (see [`Report::from_decades`]).
    pub shift: f64,
    /// `w`, a factor on the belief's sd.
    pub width: f64,
}

impl Report {
    /// Reporting exactly what you believe.
    pub const HONEST: Report = Report {
        shift: 0.0,
        width: 1.0,
    };

    pub fn new(shift: f64, width: f64) -> Report {
        Report { shift, width }
    }

    pub fn from_decades(shift_decades: f64, width: f64) -> Report {
        Report::new(decades_to_ln(shift_decades), width)
    }

    pub fn shift_decades(&self) -> f64 {
        ln_to_decades(self.shift)
    }

    pub fn is_honest(&self) -> bool {
        *self == Report::HONEST
    }

    /// The report in words: its shift and width, whether it is honest, and (under a belief) what it says.
    pub fn describe(&self, belief: Option<&Belief>) -> String {
        let honest = if self.is_honest() { " (honest)" } else { "" };
        let says = belief.map_or(String::new(), |b| {
            let q = self.quantiles(b);
            format!(
                ": you report median {}, 90% between {} and {}",
                fermi_num::format_readable(q.p50),
                fermi_num::format_readable(q.p5),
                fermi_num::format_readable(q.p95)
            )
        });
        format!(
            "Shift {:+.2} decades, width ×{:.2}{honest}{says}.",
            self.shift_decades(),
            self.width
        )
    }

    /// The report's mean and sd on the log axis under `belief`.
    pub fn normal(&self, belief: &Belief) -> (f64, f64) {
        (belief.m + self.shift, self.width * belief.s)
    }

    /// The report's 5%, 50% and 95% quantiles in linear space.
    pub fn quantiles(&self, belief: &Belief) -> Quantiles {
        let (mu, sigma) = self.normal(belief);
        Quantiles {
            p5: libm::exp(mu - Z95 * sigma),
            p50: libm::exp(mu),
            p95: libm::exp(mu + Z95 * sigma),
        }
    }
}

/// The step of a grid of `steps` points nearest to a fraction `t` of the way along it (a click on the heat map).
pub fn grid_step(t: f64, steps: usize) -> usize {
    let last = steps.saturating_sub(1);
    ((t.clamp(0.0, 1.0) * last as f64).round() as usize).min(last)
}

/// The (shift, width) steps of a grid of `steps` points under a click at `(x, y)` on the heat map, whose plotting
/// area spans `xs` across and `ys` down (the same pixels); the width grows upwards.
pub fn heat_map_steps(
    (x, y): (f64, f64),
    xs: &core::ops::Range<i32>,
    ys: &core::ops::Range<i32>,
    steps: usize,
) -> (usize, usize) {
    let fraction = |v: f64, span: &core::ops::Range<i32>| {
        (v - f64::from(span.start)) / f64::from((span.end - span.start).max(1))
    };
    (
        grid_step(fraction(x, xs), steps),
        grid_step(1.0 - fraction(y, ys), steps),
    )
}

/// The rules of the lab, in the order they are taught.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Cramér-log distance between report and belief.
    CramerLog,
    /// Expected CRPS on the log axis.
    CrpsLog,
    /// Expected log density of the report at the outcome's ln x (higher is better).
    LogScore,
    /// Expected interval (Winkler) score of the report's central 90% interval.
    Winkler90,
    /// Expected pinball loss, the mean of the 5%, 50% and 95% quantile losses.
    Pinball,
    /// Expected absolute error of the report's median.
    MedianAbsError,
    /// Probability that the outcome falls in the report's central 90% interval.
    HitRate90,
    /// Expected density of the report at the outcome's ln x.
    LinearScore,
}

impl Rule {
    /// In the rule table's order: Cramér-log, the rule the app scores with, first.
    pub const ALL: [Rule; 8] = [
        Rule::CramerLog,
        Rule::CrpsLog,
        Rule::LogScore,
        Rule::Winkler90,
        Rule::Pinball,
        Rule::MedianAbsError,
        Rule::HitRate90,
        Rule::LinearScore,
    ];

    /// Its row of the rule table, which says its name, orientation, unit, propriety and words.
    pub fn id(self) -> RuleId {
        match self {
            Rule::CrpsLog => RuleId::CrpsLog,
            Rule::LogScore => RuleId::LogScore,
            Rule::Winkler90 => RuleId::Winkler90,
            Rule::Pinball => RuleId::Pinball,
            Rule::MedianAbsError => RuleId::MedianError,
            Rule::HitRate90 => RuleId::HitRate90,
            Rule::LinearScore => RuleId::LinearScore,
            Rule::CramerLog => RuleId::CramerLog,
        }
    }

    pub fn info(self) -> &'static RuleEntry {
        self.id().entry()
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The lab's rule of this [`name`](Rule::name).
    pub fn named(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }

    pub fn orientation(self) -> Orientation {
        self.info().orientation
    }

    pub fn propriety(self) -> Propriety {
        self.info().propriety
    }

    /// The expected value of the rule for `report` when the outcome is drawn from `belief`, in the rule's own
    /// orientation.
    pub fn expected(self, belief: &Belief, report: &Report) -> f64 {
        match self {
            Rule::CrpsLog => expected_crps_log(belief, report),
            Rule::LogScore => expected_log_score(belief, report),
            Rule::Winkler90 => expected_winkler90(belief, report),
            Rule::Pinball => expected_pinball(belief, report),
            Rule::MedianAbsError => expected_median_abs_error(belief, report),
            Rule::HitRate90 => expected_hit_rate90(belief, report),
            Rule::LinearScore => expected_linear_score(belief, report),
            Rule::CramerLog => cramer_log_divergence(belief, report),
        }
    }

    /// A loss that orders reports as the rule does (lower is better), with full relative accuracy where the
    /// rule's own value would round: the miss rate for the hit rate, the value negated for the other rules read
    /// higher-is-better.
    fn loss(self, belief: &Belief, report: &Report) -> f64 {
        match (self, self.orientation()) {
            (Rule::HitRate90, _) => miss_rate90(belief, report),
            (_, Orientation::HigherIsBetter) => -self.expected(belief, report),
            (_, Orientation::LowerIsBetter) => self.expected(belief, report),
        }
    }
}

/// One rule's expected value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Expected {
    pub rule: Rule,
    pub value: f64,
}

/// Every rule's expected value for `report` under `belief`, in [`Rule::ALL`]'s order.
pub fn expected_all(belief: &Belief, report: &Report) -> [Expected; 8] {
    Rule::ALL.map(|rule| Expected {
        rule,
        value: rule.expected(belief, report),
    })
}

/// `√(σ² + s²)`: the sd of the difference between a report draw and an outcome.
fn combined_sd(sigma: f64, s: f64) -> f64 {
    libm::hypot(sigma, s)
}

/// `E[CRPS(report, Y)]`, `Y ~ belief`: `S·A(d/S) − σ/√π`. Proper.
pub fn expected_crps_log(belief: &Belief, report: &Report) -> f64 {
    let sigma = report.width * belief.s;
    let total = combined_sd(sigma, belief.s);
    total * A(report.shift / total) - sigma * FRAC_1_SQRT_PI
}

/// `E[ln f(Y)]` for the report's density f of ln X: `−ln(σ√(2π)) − (s² + d²)/(2σ²)`. Higher is better, as the
/// log score is everywhere; strictly proper; −∞ for a point report.
pub fn expected_log_score(belief: &Belief, report: &Report) -> f64 {
    let sigma = report.width * belief.s;
    if sigma == 0.0 {
        return f64::NEG_INFINITY;
    }
    let d = report.shift;
    -(libm::log(sigma) + LN_SQRT_2PI + (belief.s * belief.s + d * d) / (2.0 * sigma * sigma))
}

/// `E[τ·(Y − q)₊ + (1 − τ)·(q − Y)₊]` for a quantile `q` on the log axis.
fn expected_quantile_loss(belief: &Belief, q: f64, tau: f64) -> f64 {
    let z = (q - belief.m) / belief.s;
    belief.s * (tau * Psi(-z) + (1.0 - tau) * Psi(z))
}

/// `E[IS]` of the report's central 90% interval `[μ − z95·σ, μ + z95·σ]`:
/// `(u − l) + 20·s·[Ψ((l − m)/s) + Ψ((m − u)/s)]`. Proper (for the 5% and 95% quantiles).
pub fn expected_winkler90(belief: &Belief, report: &Report) -> f64 {
    let (mu, sigma) = report.normal(belief);
    let (l, u) = (mu - Z95 * sigma, mu + Z95 * sigma);
    let s = belief.s;
    (u - l) + WINKLER_PENALTY * s * (Psi((l - belief.m) / s) + Psi((belief.m - u) / s))
}

/// The expected pinball loss of the report's quantile at `tau` (its ln, `μ + σ·Φ⁻¹(tau)`).
pub fn expected_pinball_at(belief: &Belief, report: &Report, tau: f64) -> f64 {
    let (mu, sigma) = report.normal(belief);
    let z = if tau == 0.5 {
        0.0
    } else if tau == 0.05 {
        -Z95
    } else if tau == 0.95 {
        Z95
    } else {
        Phi_inv(tau)
    };
    expected_quantile_loss(belief, mu + sigma * z, tau)
}

/// The mean of the expected 5%, 50% and 95% quantile losses. Proper.
pub fn expected_pinball(belief: &Belief, report: &Report) -> f64 {
    [0.05, 0.5, 0.95]
        .into_iter()
        .map(|tau| expected_pinball_at(belief, report, tau))
        .collect::<Sum>()
        .value()
        / 3.0
}

/// `E|Y − μ| = s·A(d/s)`: the same for every width.
pub fn expected_median_abs_error(belief: &Belief, report: &Report) -> f64 {
    belief.s * A(report.shift / belief.s)
}

/// `P(l ≤ Y ≤ u)` for the report's central 90% interval: `Φ((d + z95·σ)/s) − Φ((d − z95·σ)/s)`. Higher is
/// better; it grows with the width without limit.
pub fn expected_hit_rate90(belief: &Belief, report: &Report) -> f64 {
    let (zl, zu) = interval_z(belief, report);
    // Both ends above the centre: the complements keep the digits.
    if zl > 0.0 {
        Phi(-zl) - Phi(-zu)
    } else {
        Phi(zu) - Phi(zl)
    }
}

/// The belief's standardised ends of the report's 90% interval.
fn interval_z(belief: &Belief, report: &Report) -> (f64, f64) {
    let half = Z95 * report.width;
    let centre = report.shift / belief.s;
    (centre - half, centre + half)
}

/// `1 −` [`expected_hit_rate90`], with full relative accuracy when it is small.
fn miss_rate90(belief: &Belief, report: &Report) -> f64 {
    let (zl, zu) = interval_z(belief, report);
    Phi(zl) + Phi(-zu)
}

/// `E[f(Y)]` for the report's density f of ln X: `φ(d/S)/S`, `S = √(σ² + s²)`. Higher is better; it is largest
/// for a point report (w = 0).
pub fn expected_linear_score(belief: &Belief, report: &Report) -> f64 {
    let total = combined_sd(report.width * belief.s, belief.s);
    phi(report.shift / total) / total
}

/// `A(t) − A(0)`, without the cancellation of the direct difference for small t. It is
/// `2φ(0)·Σ_k (−1)^k t^(2k+2)/(2^k k! (2k+1)(2k+2))` (integrating `A'' = 2φ` twice).
fn a_excess(t: f64) -> f64 {
    let t = t.abs();
    if t >= 0.5 {
        return A(t) - A(0.0);
    }
    let square = t * t;
    // term_k = (−1)^k t^(2k+2)/(2^k k!), before the division by (2k+1)(2k+2).
    let (mut term, mut sum) = (square, 0.0);
    for k in 0..30 {
        let contribution = term / ((2 * k + 1) * (2 * k + 2)) as f64;
        sum += contribution;
        if contribution.abs() <= 1e-18 * sum {
            break;
        }
        term *= -square / (2.0 * (k + 1) as f64);
    }
    2.0 * phi(0.0) * sum
}

/// The Cramér-log distance `∫(F − G)²` between the report and the belief, as location + shape:
/// `S·[A(d/S) − A(0)] + (σ − s)²/((√2·S + σ + s)·√π)`. Both parts are ≥ 0 and computed without cancellation,
/// so it is exactly 0 at the honest report and positive everywhere else. It equals
/// `cramer_normal(m + d, w·s, m, s)`, and [`expected_crps_log`] minus `s/√π`.
pub fn cramer_log_divergence(belief: &Belief, report: &Report) -> f64 {
    let (location, shape) = cramer_log_parts(belief, report);
    location + shape
}

/// [`cramer_log_divergence`]'s two parts, `(location, shape)`: what the shift costs and what the change of width
/// costs.
pub fn cramer_log_parts(belief: &Belief, report: &Report) -> (f64, f64) {
    let (s, sigma) = (belief.s, report.width * belief.s);
    let total = combined_sd(sigma, s);
    let location = total * a_excess(report.shift / total);
    let gap = sigma - s;
    let shape = gap * gap * FRAC_1_SQRT_PI / (SQRT_2 * total + sigma + s);
    (location, shape)
}

/// The shifts and widths the lab explores: `shift_min ≤ shift_max` (nats), `0 < width_min ≤ width_max`. An axis
/// whose ends are equal is held fixed: the optimum along the other one is a curve's minimum.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Range {
    pub shift_min: f64,
    pub shift_max: f64,
    pub width_min: f64,
    pub width_max: f64,
}

impl Default for Range {
    /// ±1 decade, widths ÷4 to ×4.
    fn default() -> Range {
        Range::around_honest(1.0, 4.0)
    }
}

impl Range {
    /// Shifts within ±`decades`, widths from `1/factor` to `factor` (`factor ≥ 1`).
    pub fn around_honest(decades: f64, factor: f64) -> Range {
        let shift = decades_to_ln(decades.abs());
        Range {
            shift_min: -shift,
            shift_max: shift,
            width_min: 1.0 / factor,
            width_max: factor,
        }
    }

    pub fn is_valid(&self) -> bool {
        self.shift_min.is_finite()
            && self.shift_max.is_finite()
            && self.shift_min <= self.shift_max
            && self.width_min.is_finite()
            && self.width_max.is_finite()
            && 0.0 < self.width_min
            && self.width_min <= self.width_max
    }

    /// The report at step `shift_step` of [`shifts`](Range::shifts) and `width_step` of
    /// [`widths`](Range::widths), both of `steps` points (a step past the end is the last).
    pub fn report_at(&self, shift_step: usize, width_step: usize, steps: usize) -> Report {
        let at = |grid: Vec<f64>, i: usize| grid.get(i).or(grid.last()).copied().unwrap_or(0.0);
        Report::new(
            at(self.shifts(steps), shift_step),
            at(self.widths(steps), width_step),
        )
    }

    /// `n` evenly spaced shifts from `shift_min` to `shift_max` (the ends included; one point: `shift_min`).
    pub fn shifts(&self, n: usize) -> Vec<f64> {
        spaced(self.shift_min, self.shift_max, n)
    }

    /// `n` widths evenly spaced on a log scale from `width_min` to `width_max`. The ends are exact, and so is the
    /// honest width 1 where a point falls on it but for rounding (`ln(1/3) ≠ −ln 3` in floating point).
    pub fn widths(&self, n: usize) -> Vec<f64> {
        let mut widths: Vec<f64> = spaced(libm::log(self.width_min), libm::log(self.width_max), n)
            .into_iter()
            .map(|log_w| {
                if log_w.abs() <= 1e-14 {
                    1.0
                } else {
                    libm::exp(log_w)
                }
            })
            .collect();
        if let Some(first) = widths.first_mut() {
            *first = self.width_min;
        }
        if n > 1 {
            widths[n - 1] = self.width_max;
        }
        widths
    }
}

fn spaced(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    match n {
        0 => vec![],
        1 => vec![lo],
        _ => (0..n)
            .map(|i| {
                if i == n - 1 {
                    hi
                } else {
                    // Weighted ends: a symmetric range has its middle point exactly at 0.
                    let t = i as f64 / (n - 1) as f64;
                    lo * (1.0 - t) + hi * t
                }
            })
            .collect(),
    }
}

/// Expected values of one rule over a grid: `values[j·shifts.len() + i]` is at `(shifts[i], widths[j])`, a row
/// per width.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeatMap {
    pub rule: Rule,
    pub shifts: Vec<f64>,
    pub widths: Vec<f64>,
    pub values: Vec<f64>,
}

impl HeatMap {
    pub fn at(&self, shift_index: usize, width_index: usize) -> f64 {
        self.values[width_index * self.shifts.len() + shift_index]
    }
}

/// The rule's expected value over `range` sampled at `n_shifts` × `n_widths` points ([`Range::shifts`],
/// [`Range::widths`]).
pub fn heat_map(
    rule: Rule,
    belief: &Belief,
    range: &Range,
    n_shifts: usize,
    n_widths: usize,
) -> HeatMap {
    let (shifts, widths) = (range.shifts(n_shifts), range.widths(n_widths));
    let values = widths
        .iter()
        .flat_map(|&w| {
            shifts
                .iter()
                .map(move |&d| rule.expected(belief, &Report::new(d, w)))
        })
        .collect();
    HeatMap {
        rule,
        shifts,
        widths,
        values,
    }
}

/// Where the optimum lies along one axis of the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// Strictly inside the range.
    Inside,
    /// At the lower end: it would go lower still ("narrower is always better" for the width).
    Low,
    /// At the upper end ("wider is always better").
    High,
    /// The rule does not depend on this axis here (the median's error ignores the width).
    Anywhere,
    /// The range holds this axis at one value.
    Fixed,
}

/// The best report for a rule within a range.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Optimum {
    pub rule: Rule,
    /// The best report. Along an axis that is [`End::Anywhere`], the honest value clamped into the range.
    pub report: Report,
    /// The rule's expected value there, in its own orientation.
    pub value: f64,
    pub shift_end: End,
    pub width_end: End,
}

/// How close (relative to an axis's span) an optimum must come to an end to be "at" it, and how close to 0 and 1
/// it must be to be called honest. The optimiser finds a smooth minimum to about 1e-8.
const AT_END: f64 = 1e-7;
const HONEST_WITHIN: f64 = 1e-6;

impl Optimum {
    /// Within rounding of the honest report (shift 0, width 1).
    pub fn is_honest(&self) -> bool {
        self.report.shift.abs() <= HONEST_WITHIN && (self.report.width - 1.0).abs() <= HONEST_WITHIN
    }

    /// E.g. "best at shift 0 decades, width ×1.00 (honest)", "best at shift 0 decades, width ×4.00: wider is
    /// always better", "best at shift 0 decades, any width (this rule ignores the width)".
    pub fn describe(&self) -> String {
        let decades = self.report.shift_decades();
        let shift = if decades.abs() < 0.005 {
            "0".to_string()
        } else {
            format!("{decades:+.2}")
        };
        let mut text = format!("best at shift {shift} decades, ");
        if self.width_end == End::Anywhere {
            text.push_str("any width (this rule ignores the width)");
        } else {
            text.push_str(&format!("width ×{:.2}", self.report.width));
        }
        if self.is_honest() && self.width_end != End::Anywhere {
            text.push_str(" (honest)");
        }
        let mut ends = vec![];
        match self.width_end {
            End::High => ends.push("wider is always better"),
            End::Low => ends.push("narrower is always better"),
            _ => {}
        }
        match self.shift_end {
            End::High => ends.push("a higher shift is always better"),
            End::Low => ends.push("a lower shift is always better"),
            End::Anywhere => ends.push("any shift does as well"),
            _ => {}
        }
        if !ends.is_empty() {
            text.push_str(": ");
            text.push_str(&ends.join(", and "));
        }
        text
    }
}

/// The minimum of `f` on `[lo, hi]` by golden-section search, for a function unimodal there (every rule is
/// along each axis).
fn golden_minimum(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> f64 {
    const INVERSE_PHI: f64 = 0.618_033_988_749_894_8;
    let (mut a, mut b) = (lo, hi);
    let tolerance = 1e-12 * (hi - lo).abs().max(1.0);
    let mut c = b - INVERSE_PHI * (b - a);
    let mut d = a + INVERSE_PHI * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..200 {
        if b - a <= tolerance {
            break;
        }
        if fc <= fd {
            (b, d, fd) = (d, c, fc);
            c = b - INVERSE_PHI * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + INVERSE_PHI * (b - a);
            fd = f(d);
        }
    }
    // The last interior point, unless an end is strictly better: a monotone function lands exactly on its end.
    let mid = 0.5 * (a + b);
    [(lo, f(lo)), (hi, f(hi))]
        .into_iter()
        .fold(
            (mid, f(mid)),
            |best, (x, fx)| {
                if fx < best.1 { (x, fx) } else { best }
            },
        )
        .0
}

/// Where `x` lies on `[lo, hi]`, snapping it to an end within [`AT_END`] of the span.
fn classify(x: f64, lo: f64, hi: f64) -> (f64, End) {
    let near = AT_END * (hi - lo);
    if x - lo <= near {
        (lo, End::Low)
    } else if hi - x <= near {
        (hi, End::High)
    } else {
        (x, End::Inside)
    }
}

/// Whether `f` takes the same value (to 1e-12 relative) at nine points across `[lo, hi]`.
fn flat(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> bool {
    let values: Vec<f64> = spaced(lo, hi, 9).into_iter().map(f).collect();
    let (min, max) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    max - min <= 1e-12 * min.abs().max(max.abs())
}

/// The best report for `rule` under `belief` within `range`, by coordinate-wise golden-section search on the
/// shift and the log of the width (every rule is unimodal along each). Says when the best lies at an end of the
/// range ("wider is always better") or does not depend on an axis. `None` for an invalid range.
pub fn optimum(rule: Rule, belief: &Belief, range: &Range) -> Option<Optimum> {
    if !range.is_valid() {
        return None;
    }
    let loss = |d: f64, log_w: f64| rule.loss(belief, &Report::new(d, libm::exp(log_w)));
    let (log_lo, log_hi) = (libm::log(range.width_min), libm::log(range.width_max));
    let shift_fixed = range.shift_min == range.shift_max;
    let width_fixed = range.width_min == range.width_max;
    // Start from the honest report, clamped into the range.
    let mut d = 0.0f64.clamp(range.shift_min, range.shift_max);
    let mut log_w = 0.0f64.clamp(log_lo, log_hi);
    for _ in 0..20 {
        let (previous_d, previous_w) = (d, log_w);
        if !shift_fixed {
            d = golden_minimum(|x| loss(x, log_w), range.shift_min, range.shift_max);
        }
        if !width_fixed {
            log_w = golden_minimum(|x| loss(d, x), log_lo, log_hi);
        }
        if d == previous_d && log_w == previous_w {
            break;
        }
    }
    let (d, shift_end) = if shift_fixed {
        (range.shift_min, End::Fixed)
    } else if flat(|x| loss(x, log_w), range.shift_min, range.shift_max) {
        (
            0.0f64.clamp(range.shift_min, range.shift_max),
            End::Anywhere,
        )
    } else {
        classify(d, range.shift_min, range.shift_max)
    };
    let (width, width_end) = if width_fixed {
        (range.width_min, End::Fixed)
    } else if flat(|x| loss(d, x), log_lo, log_hi) {
        (
            1.0f64.clamp(range.width_min, range.width_max),
            End::Anywhere,
        )
    } else {
        match classify(log_w, log_lo, log_hi) {
            (_, End::Low) => (range.width_min, End::Low),
            (_, End::High) => (range.width_max, End::High),
            (log_w, end) => (libm::exp(log_w), end),
        }
    };
    let report = Report::new(d, width);
    Some(Optimum {
        rule,
        report,
        value: rule.expected(belief, &report),
        shift_end,
        width_end,
    })
}

/// A student's (or the crowd's) 5%, 50% and 95% quantiles, in linear space.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Quantiles {
    pub p5: f64,
    pub p50: f64,
    pub p95: f64,
}

impl Quantiles {
    /// "median 10 million, 90% between 1 million and 100 million" (a belief in the lab's words).
    pub fn words(&self) -> String {
        let r = fermi_num::format_readable;
        format!(
            "median {}, 90% between {} and {}",
            r(self.p50),
            r(self.p5),
            r(self.p95)
        )
    }

    pub(crate) fn is_usable(&self) -> bool {
        [self.p5, self.p50, self.p95]
            .iter()
            .all(|v| v.is_finite() && *v > 0.0)
    }
}

/// The class crowd as a geometric mean: the average of the students' log-quantiles, i.e. the geometric mean of their 5%, 50% and 95%
/// quantiles, each separately. `None` for no students or a quantile that is not a positive finite number.
pub fn class_crowd(students: &[Quantiles]) -> Option<Quantiles> {
    if students.is_empty() || !students.iter().all(Quantiles::is_usable) {
        return None;
    }
    let n = students.len() as f64;
    let geometric_mean = |pick: fn(&Quantiles) -> f64| {
        let sum: Sum = students.iter().map(|q| libm::log(pick(q))).collect();
        libm::exp(sum.value() / n)
    };
    Some(Quantiles {
        p5: geometric_mean(|q| q.p5),
        p50: geometric_mean(|q| q.p50),
        p95: geometric_mean(|q| q.p95),
    })
}
