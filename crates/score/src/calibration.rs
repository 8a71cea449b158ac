//! Calibration over many answered questions: how often the truths fell inside the answers' 50%, 80% and 90%
//! intervals, where they fell in the answers' distributions (PIT), bias, sharpness and score over time, overall
//! and by topic, and one or two sentences of advice. Pure: the history comes in as values, times as plain numbers.
//!
//! What a history entry keeps ([`Answered`]):
//! - the answer's ln quantiles at the nine levels of [`GRID`]. They hold the three central intervals and the
//!   median, and place a truth anywhere in the answer's distribution: between two levels the probit `Φ⁻¹(p)` is
//!   interpolated linearly in ln(value), beyond the outermost ones the outermost slope is extended, which is
//!   exact for a lognormal answer ([`AnswerQuantiles::pit`]). No mean or sd is kept: nothing here needs them;
//! - the truth's ln p5, median and p95 ([`TruthQuantiles`]). **The outcome is the truth's median**: a lognormal
//!   truth's spread is the question's own uncertainty, so coverage, PIT and bias place its median (p5 and p95 are kept for display);
//! - the Cramér-log score (nats), the topic, and a time (any number that orders the answers, e.g. seconds).
//!
//! Coverage comes with a 90% Clopper–Pearson interval; a verdict says "too few to tell" until that interval
//! excludes the nominal coverage or is narrower than [`TELLING_WIDTH`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::samples::LogSamples;
use crate::special::{Phi, Phi_inv};
use crate::truth::LogTruth;
use fermi_num::thousands;
use fermi_num::{Z95, quantile_type7};

/// The probability levels at which an answer's ln quantiles are kept.
pub const GRID: [f64; 9] = [0.01, 0.05, 0.10, 0.25, 0.50, 0.75, 0.90, 0.95, 0.99];

/// Index of the median in [`GRID`].
const MEDIAN: usize = 4;

/// The central intervals counted, as (percent, index of the lower and of the upper bound in [`GRID`]).
pub const LEVELS: [(u32, usize, usize); 3] = [(50, 3, 5), (80, 2, 6), (90, 1, 7)];

/// Confidence of every binomial interval here.
pub const CONFIDENCE: f64 = 0.90;

/// A binomial interval narrower than this (±15 points) says enough to call a share consistent with its nominal.
pub const TELLING_WIDTH: f64 = 0.3;

/// The smallest median bias worth a sentence: below 1.5× (0.18 decades) it is small beside a Fermi answer's usual
/// spread.
const ADVISED_BIAS_FACTOR: f64 = 1.5;

/// An answer's distribution on the ln axis, as the history keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AnswerQuantiles {
    /// ln(value) at each level of [`GRID`]; usable when finite and non-decreasing.
    pub ln: [f64; 9],
}

impl AnswerQuantiles {
    /// The type-7 quantiles of the answer's samples.
    pub fn of(samples: &LogSamples) -> AnswerQuantiles {
        AnswerQuantiles {
            ln: GRID.map(|p| samples.quantile(p)),
        }
    }

    /// A lognormal answer: ln-median `mu`, ln-sd `sigma` (0 for a point).
    pub fn normal(mu: f64, sigma: f64) -> AnswerQuantiles {
        AnswerQuantiles {
            ln: GRID.map(|p| mu + sigma * Phi_inv(p)),
        }
    }

    fn is_usable(&self) -> bool {
        self.ln.iter().all(|x| x.is_finite()) && self.ln.is_sorted()
    }

    /// The probability the answer gave to values up to `ln_value` (its PIT there), in [0, 1]. On a level where
    /// the answer has an atom (several equal quantiles), the middle of the levels it spans; a point answer gives
    /// 0, ½ or 1. NaN for NaN.
    pub fn pit(&self, ln_value: f64) -> f64 {
        if ln_value.is_nan() {
            return f64::NAN;
        }
        let q = &self.ln;
        let z = GRID.map(Phi_inv);
        let below = q.iter().take_while(|&&x| x < ln_value).count();
        let equal = q[below..].iter().take_while(|&&x| x == ln_value).count();
        if equal > 0 {
            return (GRID[below] + GRID[below + equal - 1]) / 2.0;
        }
        let segments = || (0..q.len() - 1).filter(|&i| q[i + 1] > q[i]);
        let slope = |i: usize| (z[i + 1] - z[i]) / (q[i + 1] - q[i]);
        let probit = match below {
            0 => match segments().next() {
                Some(i) => z[0] - (q[0] - ln_value) * slope(i),
                None => return 0.0,
            },
            9 => match segments().next_back() {
                Some(i) => z[8] + (ln_value - q[8]) * slope(i),
                None => return 1.0,
            },
            above => z[above - 1] + (ln_value - q[above - 1]) * slope(above - 1),
        };
        Phi(probit)
    }

    fn median(&self) -> f64 {
        self.ln[MEDIAN]
    }

    /// Whether `ln_value` lies inside the central interval of `percent` (50, 80 or 90; any other percent
    /// catches nothing), bounds included.
    pub fn catches(&self, percent: u32, ln_value: f64) -> bool {
        LEVELS
            .iter()
            .find(|(p, _, _)| *p == percent)
            .is_some_and(|&(_, lower, upper)| self.inside(lower, upper, ln_value))
    }

    fn inside(&self, lower: usize, upper: usize, ln_value: f64) -> bool {
        (self.ln[lower]..=self.ln[upper]).contains(&ln_value)
    }

    /// Width of the 90% interval in decades.
    fn width90_decades(&self) -> f64 {
        (self.ln[7] - self.ln[1]) / core::f64::consts::LN_10
    }

    /// The factor by which the interval `lower..upper` (GRID indices) would have to be widened about the median,
    /// on the ln axis, to reach `ln_value`: 0 at the median, 1 on a bound, ∞ on a side without width.
    fn stretch_to(&self, ln_value: f64, lower: usize, upper: usize) -> f64 {
        let m = self.median();
        let (distance, half) = if ln_value > m {
            (ln_value - m, self.ln[upper] - m)
        } else {
            (m - ln_value, m - self.ln[lower])
        };
        if distance == 0.0 {
            0.0
        } else {
            distance / half
        }
    }
}

/// The truth on the ln axis: its 5th, 50th and 95th percentiles (all three equal for a point).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TruthQuantiles {
    pub ln_p5: f64,
    pub ln_median: f64,
    pub ln_p95: f64,
}

impl TruthQuantiles {
    pub fn of(truth: &LogTruth) -> TruthQuantiles {
        match truth {
            LogTruth::Samples(y) => TruthQuantiles {
                ln_p5: y.quantile(0.05),
                ln_median: y.median(),
                ln_p95: y.quantile(0.95),
            },
            LogTruth::Normal { mu, sigma } => TruthQuantiles {
                ln_p5: mu - Z95 * sigma,
                ln_median: *mu,
                ln_p95: mu + Z95 * sigma,
            },
            LogTruth::Point(g) => TruthQuantiles {
                ln_p5: *g,
                ln_median: *g,
                ln_p95: *g,
            },
        }
    }

    fn is_usable(&self) -> bool {
        [self.ln_p5, self.ln_median, self.ln_p95]
            .iter()
            .all(|x| x.is_finite())
            && self.ln_p5 <= self.ln_median
            && self.ln_median <= self.ln_p95
    }
}

/// One answered question, as the history stores it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Answered {
    pub answer: AnswerQuantiles,
    pub truth: TruthQuantiles,
    /// Cramér-log, nats.
    pub cramer: f64,
    pub topic: String,
    /// Orders the answers; any unit.
    pub time: f64,
}

impl Answered {
    fn is_usable(&self) -> bool {
        self.answer.is_usable()
            && self.truth.is_usable()
            && self.cramer.is_finite()
            && self.cramer >= 0.0
            && self.time.is_finite()
    }

    /// ln(answer median / truth median) in decades: positive when the answer is too high.
    fn error_decades(&self) -> f64 {
        (self.answer.median() - self.truth.ln_median) / core::f64::consts::LN_10
    }
}

/// An observed share against its nominal value, judged by its [`CONFIDENCE`] binomial interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The interval contains the nominal share and is wider than [`TELLING_WIDTH`].
    TooFew,
    /// The interval lies below the nominal share.
    Below,
    /// The interval contains the nominal share and is at most [`TELLING_WIDTH`] wide.
    Consistent,
    /// The interval lies above the nominal share.
    Above,
}

impl Verdict {
    /// The verdict on a coverage, in words.
    pub fn coverage_words(self) -> &'static str {
        match self {
            Verdict::TooFew => "too few answers to tell",
            Verdict::Below => "too narrow: the truth fell outside too often",
            Verdict::Consistent => "about right",
            Verdict::Above => "too wide: the truth fell inside more often than stated",
        }
    }

    /// The verdict on the share of medians above the truth, in words.
    pub fn bias_words(self) -> &'static str {
        match self {
            Verdict::TooFew => "too few answers to tell",
            Verdict::Below => "your medians lean low",
            Verdict::Consistent => "no clear lean",
            Verdict::Above => "your medians lean high",
        }
    }
}

/// Answers in each rolling median a history view shows: enough to steady a median, few enough to show change.
pub const TREND_WINDOW: usize = 10;

/// How often the truths fell inside one central interval of the answers.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Coverage {
    /// 50, 80 or 90.
    pub percent: u32,
    pub hits: usize,
    pub count: usize,
    /// Clopper–Pearson interval of the hit rate ([0, 1] without answers).
    pub interval: [f64; 2],
    /// Below: too narrow; above: too wide.
    pub verdict: Verdict,
    /// The factor by which widening every interval about its median, on the log axis, would have made the
    /// coverage right (at least `percent`% of the truths inside): above 1 widen, below 1 narrow. `None` without
    /// answers, or when no factor would do (too many answers without width on the truth's side).
    pub widen: Option<f64>,
}

/// Median bias, and whether the answers' medians fall above the truth more or less often than half the time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Bias {
    /// Median of log10(answer median / truth median); `None` without answers.
    pub median_decades: Option<f64>,
    /// Answers whose median is above the truth's, and below it (ties count in neither).
    pub high: usize,
    pub low: usize,
    /// Clopper–Pearson interval of `high / (high + low)`.
    pub interval: [f64; 2],
    /// Against ½: below means biased low, above biased high.
    pub verdict: Verdict,
}

impl Coverage {
    /// "12 of 20"
    pub fn hits_text(&self) -> String {
        format!("{} of {}", self.hits, self.count)
    }

    /// The share that caught the truth ("60%"), "–" without answers.
    pub fn share_text(&self) -> String {
        if self.count == 0 {
            "–".to_string()
        } else {
            whole_percent(self.hits as f64 / self.count as f64)
        }
    }

    /// The plausible share given how few answers there are ("35% to 82%").
    pub fn plausible_text(&self) -> String {
        format!(
            "{} to {}",
            whole_percent(self.interval[0]),
            whole_percent(self.interval[1])
        )
    }
}

/// A fraction as a whole percent: 0.6 → "60%".
fn whole_percent(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// A rolling median at one answer: over it and up to `window − 1` answers before it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TrendPoint {
    /// The answer's time.
    pub time: f64,
    pub value: f64,
    /// Answers in the window.
    pub count: usize,
}

impl TrendPoint {
    /// The latest `window` points as a table's rows: the answer's number (from 1), the value to `digits`
    /// places and the answers in its window.
    pub fn rows(
        points: &[TrendPoint],
        window: usize,
        digits: usize,
    ) -> Vec<(usize, String, usize)> {
        let skip = points.len().saturating_sub(window);
        points
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, p)| (i + 1, format!("{:.digits$}", p.value), p.count))
            .collect()
    }

    /// The points as a chart draws them: (answer number from 1, value).
    pub fn xy(points: &[TrendPoint]) -> Vec<(f64, f64)> {
        points
            .iter()
            .enumerate()
            .map(|(i, p)| ((i + 1) as f64, p.value))
            .collect()
    }
}

/// One of a summary's trends as the calibration view shows it: bias, sharpness or score over time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trend {
    Bias,
    Width,
    Score,
}

impl Trend {
    pub const ALL: [Trend; 3] = [Trend::Bias, Trend::Width, Trend::Score];

    /// Its name in the view's test hooks: "bias", "width", "score".
    pub fn key(self) -> &'static str {
        match self {
            Trend::Bias => "bias",
            Trend::Width => "width",
            Trend::Score => "score",
        }
    }

    /// Its heading.
    pub fn title(self) -> &'static str {
        match self {
            Trend::Bias => "Bias over time",
            Trend::Width => "Sharpness",
            Trend::Score => "Score over time",
        }
    }

    /// What its values are, with their unit (the chart's axis and the table's column).
    pub fn y_label(self) -> &'static str {
        match self {
            Trend::Bias => "median error (decades)",
            Trend::Width => "90% width (decades)",
            Trend::Score => "Cramér-log (nats)",
        }
    }

    /// The line drawn for reference: no bias at 0.
    pub fn reference(self) -> Option<f64> {
        (self == Trend::Bias).then_some(0.0)
    }

    /// The digits its table shows.
    pub fn digits(self) -> usize {
        match self {
            Trend::Bias | Trend::Width => 2,
            Trend::Score => 4,
        }
    }

    /// What `summary` says of it in one sentence.
    pub fn sentence(self, summary: &Summary) -> String {
        match self {
            Trend::Bias => summary.bias_sentence(),
            Trend::Width => summary.width_sentence(),
            Trend::Score => summary.score_sentence(),
        }
    }

    /// `summary`'s rolling medians of it.
    pub fn points(self, summary: &Summary) -> &[TrendPoint] {
        match self {
            Trend::Bias => &summary.bias_trend,
            Trend::Width => &summary.width_trend,
            Trend::Score => &summary.score_trend,
        }
    }
}

/// Calibration of one set of answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub count: usize,
    /// The 50%, 80% and 90% intervals, in that order.
    pub coverage: [Coverage; 3],
    /// PIT histogram: answers whose truth fell at [k/10, (k+1)/10) of the answer's distribution (the last bin
    /// includes 1).
    pub pit: [usize; 10],
    pub bias: Bias,
    /// Rolling median log10 error (decades), one point per answer in time order.
    pub bias_trend: Vec<TrendPoint>,
    /// Median width of the 90% intervals in decades (sharpness); `None` without answers.
    pub width_decades: Option<f64>,
    pub width_trend: Vec<TrendPoint>,
    /// Median Cramér-log (nats); `None` without answers.
    pub score: Option<f64>,
    pub score_trend: Vec<TrendPoint>,
}

impl Summary {
    /// The PIT histogram as a table's rows: the bin ("0–10%") and its answers.
    pub fn pit_rows(&self) -> [(String, usize); 10] {
        std::array::from_fn(|k| (format!("{}–{}%", k * 10, k * 10 + 10), self.pit[k]))
    }

    /// The bias in one sentence: median error, medians above and below, the verdict.
    pub fn bias_sentence(&self) -> String {
        let b = &self.bias;
        format!(
            "Median error {} decades; {} of your medians above the truth, {} below: {}.",
            b.median_decades
                .map_or("–".to_string(), |d| format!("{d:+.2}")),
            b.high,
            b.low,
            b.verdict.bias_words()
        )
    }

    /// Sharpness in one sentence, "–" without answers.
    pub fn width_sentence(&self) -> String {
        self.width_decades.map_or("–".to_string(), |w| {
            format!("Your 90% intervals span {w:.2} decades (median).")
        })
    }

    /// The median score in one sentence, "–" without answers.
    pub fn score_sentence(&self) -> String {
        self.score.map_or("–".to_string(), |v| {
            format!(
                "Median Cramér-log {} (lower is better).",
                crate::format_nats(v)
            )
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TopicSummary {
    pub topic: String,
    pub summary: Summary,
}

/// Everything [`calibration`] finds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    pub overall: Summary,
    /// One per topic, by topic name.
    pub by_topic: Vec<TopicSummary>,
    /// One or two sentences.
    pub advice: Vec<String>,
    /// Entries left out: a non-finite or decreasing quantile, a truth whose p5 ≤ median ≤ p95 fails, a
    /// negative or non-finite score, or a non-finite time.
    pub skipped: usize,
}

impl Calibration {
    /// The summary of one topic, or the overall one for "" or a topic without answers.
    pub fn topic(&self, topic: &str) -> &Summary {
        self.by_topic
            .iter()
            .find(|t| t.topic == topic)
            .map_or(&self.overall, |t| &t.summary)
    }
}

/// Calibration of a history. `window` is the number of answers in each rolling median (0 counts as 1). Never
/// fails: unusable entries are counted in [`Calibration::skipped`], an empty history gives empty summaries.
pub fn calibration(history: &[Answered], window: usize) -> Calibration {
    let mut usable: Vec<&Answered> = history.iter().filter(|e| e.is_usable()).collect();
    usable.sort_by(|a, b| a.time.total_cmp(&b.time));
    let window = window.max(1);
    let mut topics: BTreeMap<&str, Vec<&Answered>> = BTreeMap::new();
    for entry in &usable {
        topics.entry(&entry.topic).or_default().push(entry);
    }
    let by_topic: Vec<TopicSummary> = topics
        .into_iter()
        .map(|(topic, entries)| TopicSummary {
            topic: topic.to_string(),
            summary: summarise(&entries, window),
        })
        .collect();
    let overall = summarise(&usable, window);
    let advice = advice(&overall, &by_topic);
    Calibration {
        overall,
        by_topic,
        advice,
        skipped: history.len() - usable.len(),
    }
}

fn summarise(entries: &[&Answered], window: usize) -> Summary {
    let mut pit = [0; 10];
    for entry in entries {
        let p = entry.answer.pit(entry.truth.ln_median);
        pit[((p * 10.0) as usize).min(9)] += 1;
    }
    let errors: Vec<f64> = entries.iter().map(|e| e.error_decades()).collect();
    let widths: Vec<f64> = entries.iter().map(|e| e.answer.width90_decades()).collect();
    let scores: Vec<f64> = entries.iter().map(|e| e.cramer).collect();
    let times: Vec<f64> = entries.iter().map(|e| e.time).collect();
    Summary {
        count: entries.len(),
        coverage: LEVELS.map(|(percent, lower, upper)| coverage(entries, percent, lower, upper)),
        pit,
        bias: bias(&errors),
        bias_trend: rolling(&times, &errors, window),
        width_decades: median(&widths),
        width_trend: rolling(&times, &widths, window),
        score: median(&scores),
        score_trend: rolling(&times, &scores, window),
    }
}

fn coverage(entries: &[&Answered], percent: u32, lower: usize, upper: usize) -> Coverage {
    let count = entries.len();
    let mut stretches: Vec<f64> = entries
        .iter()
        .map(|e| e.answer.stretch_to(e.truth.ln_median, lower, upper))
        .collect();
    let hits = entries
        .iter()
        .filter(|e| e.answer.inside(lower, upper, e.truth.ln_median))
        .count();
    let (interval, verdict) = judge(hits, count, f64::from(percent) / 100.0);
    // The smallest factor that puts ⌈percent·n/100⌉ truths inside.
    stretches.sort_by(f64::total_cmp);
    let needed = (percent as usize * count).div_ceil(100);
    let widen = needed
        .checked_sub(1)
        .and_then(|k| stretches.get(k).copied())
        .filter(|f| f.is_finite());
    Coverage {
        percent,
        hits,
        count,
        interval,
        verdict,
        widen,
    }
}

fn bias(errors: &[f64]) -> Bias {
    let high = errors.iter().filter(|&&e| e > 0.0).count();
    let low = errors.iter().filter(|&&e| e < 0.0).count();
    let (interval, verdict) = judge(high, high + low, 0.5);
    Bias {
        median_decades: median(errors),
        high,
        low,
        interval,
        verdict,
    }
}

/// The binomial interval of `k` of `n` and its verdict against `nominal`.
fn judge(k: usize, n: usize, nominal: f64) -> ([f64; 2], Verdict) {
    let interval = clopper_pearson(k, n, CONFIDENCE);
    let verdict = if n == 0 {
        Verdict::TooFew
    } else if interval[1] < nominal {
        Verdict::Below
    } else if interval[0] > nominal {
        Verdict::Above
    } else if interval[1] - interval[0] <= TELLING_WIDTH {
        Verdict::Consistent
    } else {
        Verdict::TooFew
    };
    (interval, verdict)
}

fn median(values: &[f64]) -> Option<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    (!sorted.is_empty()).then(|| quantile_type7(&sorted, 0.5))
}

/// Medians over a window of `window ≥ 1` values, kept sorted: one insertion and one removal per answer.
fn rolling(times: &[f64], values: &[f64], window: usize) -> Vec<TrendPoint> {
    let position = |sorted: &[f64], v: f64| sorted.partition_point(|x| x.total_cmp(&v).is_lt());
    let mut sorted: Vec<f64> = Vec::with_capacity(window.min(values.len()) + 1);
    values
        .iter()
        .zip(times)
        .enumerate()
        .map(|(i, (&value, &time))| {
            sorted.insert(position(&sorted, value), value);
            if let Some(old) = i.checked_sub(window).map(|j| values[j]) {
                sorted.remove(position(&sorted, old));
            }
            TrendPoint {
                time,
                value: quantile_type7(&sorted, 0.5),
                count: sorted.len(),
            }
        })
        .collect()
}

/// Exact (Clopper–Pearson) binomial interval for `k` successes in `n` trials at `confidence` (clamped to
/// [0, 1]; NaN counts as 1): `[B⁻¹(α/2; k, n−k+1), B⁻¹(1−α/2; k+1, n−k)]`, with 0 for k = 0 and 1 for k = n.
/// `k` above `n` counts as `n`; `n = 0` gives [0, 1].
pub fn clopper_pearson(k: usize, n: usize, confidence: f64) -> [f64; 2] {
    let k = k.min(n);
    let alpha = if confidence.is_nan() {
        0.0
    } else {
        1.0 - confidence.clamp(0.0, 1.0)
    };
    let (kf, nf) = (k as f64, n as f64);
    let lower = if k == 0 {
        0.0
    } else {
        beta_quantile(kf, nf - kf + 1.0, alpha / 2.0)
    };
    let upper = if k == n {
        1.0
    } else {
        beta_quantile(kf + 1.0, nf - kf, 1.0 - alpha / 2.0)
    };
    [lower, upper]
}

/// The regularized incomplete beta function `I_x(a, b)` for `a, b > 0` (NaN otherwise): the continued fraction
/// of Numerical Recipes §6.4 by Lentz's method, on whichever side of the mean it converges fast.
pub fn regularized_beta(a: f64, b: f64, x: f64) -> f64 {
    if !(a > 0.0 && b > 0.0 && a.is_finite() && b.is_finite()) || x.is_nan() {
        return f64::NAN;
    }
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    // x^a (1−x)^b / B(a, b)
    let front = libm::exp(
        libm::lgamma(a + b) - libm::lgamma(a) - libm::lgamma(b)
            + a * libm::log(x)
            + b * libm::log1p(-x),
    );
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(a, b, x) / a
    } else {
        1.0 - front * beta_fraction(b, a, 1.0 - x) / b
    }
}

fn beta_fraction(a: f64, b: f64, x: f64) -> f64 {
    // Keeps a zero denominator from dividing by zero; the fraction's terms are never that small otherwise.
    const TINY: f64 = 1e-300;
    // Convergence takes about √max(a, b) steps; this covers a and b up to about 10⁸.
    const STEPS: usize = 10_000;
    let floored = |v: f64| if v.abs() < TINY { TINY } else { v };
    let mut c = 1.0;
    let mut d = 1.0 / floored(1.0 - (a + b) * x / (a + 1.0));
    let mut h = d;
    for m in 1..=STEPS {
        let m = m as f64;
        let even = m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        d = 1.0 / floored(1.0 + even * d);
        c = floored(1.0 + even / c);
        h *= d * c;
        let odd = -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
        d = 1.0 / floored(1.0 + odd * d);
        c = floored(1.0 + odd / c);
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// `x` with `I_x(a, b) = p`, by bisection (I is increasing in x) until the bracket stops shrinking.
fn beta_quantile(a: f64, b: f64, p: f64) -> f64 {
    // I reaches 0 and 1 (rounded) before x does: the ends are answered exactly.
    if p <= 0.0 {
        return 0.0;
    }
    if p >= 1.0 {
        return 1.0;
    }
    let (mut lower, mut upper) = (0.0, 1.0);
    // 1100 halvings reach the smallest subnormal; a finite bound keeps NaN from looping.
    for _ in 0..1100 {
        let middle = 0.5 * (lower + upper);
        if middle <= lower || middle >= upper {
            break;
        }
        if regularized_beta(a, b, middle) < p {
            lower = middle;
        } else {
            upper = middle;
        }
    }
    0.5 * (lower + upper)
}

fn advice(overall: &Summary, by_topic: &[TopicSummary]) -> Vec<String> {
    if overall.count == 0 {
        return vec!["No answers yet: calibration starts with your first answer.".to_string()];
    }
    let mut sentences = vec![coverage_sentence(&overall.coverage)];
    sentences.extend(bias_sentence(overall, by_topic));
    sentences
}

/// The first of the 90%, 80% and 50% intervals that is clearly off, else the 90% one.
fn coverage_sentence(coverage: &[Coverage; 3]) -> String {
    let off = [2, 1, 0]
        .map(|i| &coverage[i])
        .into_iter()
        .find(|c| matches!(c.verdict, Verdict::Below | Verdict::Above));
    let c = off.unwrap_or(&coverage[2]);
    let caught = format!(
        "Your {}% intervals caught the truth in {} of {}",
        c.percent,
        thousands(c.hits),
        thousands(c.count)
    );
    match (c.verdict, c.widen) {
        (Verdict::TooFew, _) => format!("{caught}: too few answers to tell yet."),
        (Verdict::Consistent, _) => format!("{caught}: about right."),
        (Verdict::Below, Some(f)) => {
            format!("{caught}: widen them {} on the log axis.", about(f))
        }
        (Verdict::Below, None) => {
            format!("{caught}: too many had no width at all; give every answer a spread.")
        }
        // Above, `widen` is below 1; 0 when enough truths fell exactly on the medians.
        (Verdict::Above, Some(f)) if f > 0.0 => format!(
            "{caught}: they could be {} narrower on the log axis.",
            about(1.0 / f)
        ),
        (Verdict::Above, _) => format!("{caught}: the truths fell right on your medians."),
    }
}

/// The clearest topic bias worth advice, else the overall one, if any.
fn bias_sentence(overall: &Summary, by_topic: &[TopicSummary]) -> Option<String> {
    let advised = |bias: &Bias| {
        let decades = bias.median_decades?;
        let factor = libm::pow(10.0, decades.abs());
        let leaning = match bias.verdict {
            Verdict::Below if decades < 0.0 => "low",
            Verdict::Above if decades > 0.0 => "high",
            _ => return None,
        };
        (factor >= ADVISED_BIAS_FACTOR).then_some((factor, leaning))
    };
    // With one topic, its bias is the overall one.
    let topic = if by_topic.len() > 1 {
        by_topic
            .iter()
            .filter_map(|t| advised(&t.summary.bias).map(|a| (t.topic.as_str(), a)))
            .max_by(|(_, (f, _)), (_, (g, _))| f.total_cmp(g))
    } else {
        None
    };
    if let Some((topic, (factor, leaning))) = topic {
        return Some(format!(
            "Biased {leaning} on {topic} questions: your medians are {} too {leaning} there.",
            about(factor)
        ));
    }
    advised(&overall.bias).map(|(factor, leaning)| {
        format!("Your medians are {} too {leaning} overall.", about(factor))
    })
}

/// A rough factor: "about 2×", "about 1.5×", "about 12×", "over 100×".
fn about(factor: f64) -> String {
    if factor >= 99.5 {
        "over 100×".to_string()
    } else if factor < 9.95 {
        let text = format!("{factor:.1}");
        format!("about {}×", text.strip_suffix(".0").unwrap_or(&text))
    } else {
        format!("about {factor:.0}×")
    }
}
