//! What every face shows after an answer, computed once: the report, the noise, the what-ifs, the feedback and
//! the verdict words. The page, the worker, the CLI, the study, the lab and the JS API all call [`assess`].

use serde::{Deserialize, Serialize};

use crate::breakdown::{Noise, noise};
use crate::catalogue::RuleValue;
use crate::feedback::feedback;
use crate::report::Report;
use crate::samples::LogSamples;
use crate::truth::LogTruth;
use crate::whatif::{WhatIf, what_if};

/// One forecast assessed against one truth.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assessment {
    pub report: Report,
    pub noise: Noise,
    pub what_if: WhatIf,
    pub verdicts: Verdicts,
    /// Plain-language sentences: the median, the spread, where the score comes from.
    pub feedback: Vec<String>,
}

/// The forecast's spread against the truth's (σF/σG on the log axis), in the words every face uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spread {
    /// The forecast is a single value.
    NoSpread,
    /// Narrower than the truth (ratio below 0.8).
    OverConfident,
    /// Within 0.8–1.25 of the truth's.
    AboutRight,
    /// Wider than the truth (ratio above 1.25).
    UnderConfident,
    /// The truth is a single value: no ratio.
    Undefined,
}

impl Spread {
    /// Below this ratio of spreads an estimate is over-confident.
    pub const NARROW: f64 = 0.8;
    /// Above this ratio an estimate is under-confident.
    pub const WIDE: f64 = 1.25;

    pub fn of(sd_ratio: Option<f64>) -> Spread {
        match sd_ratio {
            None => Spread::Undefined,
            Some(0.0) => Spread::NoSpread,
            Some(r) if r < Spread::NARROW => Spread::OverConfident,
            Some(r) if r > Spread::WIDE => Spread::UnderConfident,
            Some(_) => Spread::AboutRight,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Spread::NoSpread => "no spread at all: over-confident",
            Spread::OverConfident => "over-confident (narrower than the truth)",
            Spread::AboutRight => "about right",
            Spread::UnderConfident => "under-confident (wider than the truth)",
            Spread::Undefined => "undefined: the truth is a single value",
        }
    }
}

/// The score card's lines, as text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdicts {
    /// The Cramér-log score as shown.
    pub score: String,
    /// "×3.2 too high (+0.51 decades)".
    pub bias: String,
    pub spread: Spread,
    /// "1.40 — under-confident (wider than the truth)".
    pub spread_text: String,
    /// "90% of the truth lies in your 90% interval".
    pub coverage: String,
}

impl Verdicts {
    fn of(report: &Report) -> Verdicts {
        let d = report.diagnostics;
        let (factor, direction) = if d.bias_median_factor >= 1.0 {
            (d.bias_median_factor, "high")
        } else {
            (1.0 / d.bias_median_factor, "low")
        };
        let spread = Spread::of(d.sd_ratio);
        Verdicts {
            score: format_nats(report.cramer_log),
            bias: format!(
                "×{} too {direction} ({:+.2} decades)",
                fermi_num::format_readable(factor),
                d.bias_median_decades
            ),
            spread,
            spread_text: match d.sd_ratio {
                Some(r) => format!("{r:.2} — {}", spread.words()),
                None => spread.words().to_string(),
            },
            coverage: format!(
                "{:.0}% of the truth lies in your 90% interval",
                100.0 * report.coverage90
            ),
        }
    }
}

/// Every number and word shown after an answer, for a forecast against a truth.
pub fn assess(forecast: &LogSamples, truth: &LogTruth) -> Assessment {
    let report = Report::new(forecast, truth);
    let noise = noise(forecast, truth, &report.breakdown_shift);
    Assessment {
        feedback: feedback(&report, &noise),
        what_if: what_if(forecast, truth),
        verdicts: Verdicts::of(&report),
        report,
        noise,
    }
}

/// A score in nats as every face shows it: four decimals, or three significant digits when four decimals would
/// show only zeros.
pub fn format_nats(x: f64) -> String {
    if x != 0.0 && x.abs() < 0.001 {
        format!("{x:.2e}")
    } else {
        format!("{x:.4}")
    }
}

impl RuleValue {
    /// The value as a table shows it.
    pub fn text(&self) -> String {
        match *self {
            RuleValue::Nats(x) => format_nats(x),
            RuleValue::Undefined => "undefined".to_string(),
            RuleValue::Fraction(x) => format!("{x:.3}"),
            RuleValue::Hit(hit) => if hit { "hit" } else { "miss" }.to_string(),
        }
    }
}
