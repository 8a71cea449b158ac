//! What every face shows after an answer, computed once: the report, the noise, the what-ifs, the feedback and
//! the verdict words. The page, the worker, the CLI, the study, the lab and the JS API all call [`assess`].

use serde::{Deserialize, Serialize};

use crate::breakdown::{Noise, noise};
use crate::catalogue::{RuleLine, RuleValue, Unit};
use crate::feedback::{feedback, number};
use crate::lab::{Belief, Report as LabReport, cramer_log_divergence};
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
        let Some(r) = sd_ratio else {
            return Spread::Undefined;
        };
        if r == 0.0 {
            Spread::NoSpread
        } else if r < Spread::NARROW {
            Spread::OverConfident
        } else if r > Spread::WIDE {
            Spread::UnderConfident
        } else {
            Spread::AboutRight
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Spread::NoSpread => "no spread at all: over-confident",
            Spread::OverConfident => "over-confident (narrower than the truth)",
            Spread::AboutRight => "about right",
            Spread::UnderConfident => "under-confident (wider than the truth)",
            Spread::Undefined => {
                "no ratio: the truth is a single value, so any spread costs a little"
            }
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
    /// What the score means: lower is better, and this question's reference points.
    pub scale: String,
    /// FermiBench's published medians of language models, as a reference across questions (left out where it
    /// would anchor a participant, as in study mode).
    pub benchmark: String,
    /// The sampling noise floor, or that a single true value has none.
    pub noise: String,
}

impl Verdicts {
    fn of(report: &Report, noise: &Noise, truth: &LogTruth) -> Verdicts {
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
            scale: scale_line(truth),
            benchmark: BENCHMARK_LINE.to_string(),
            noise: if noise.floor > 0.0 {
                format!(
                    "Sampling noise floor at this sample count: {}. Parts at or below it are greyed.",
                    format_nats(noise.floor)
                )
            } else {
                "Against a single true value sampling sets no floor: every part of the score counts.".to_string()
            },
        }
    }
}

/// FermiBench v1's published medians (best language models below 0.20, a weak one 1.78): what good and poor look
/// like across questions.
const BENCHMARK_LINE: &str = "On FermiBench's questions the best language models' median was under 0.20 and a weak model's 1.78.";

/// One line that gives a Cramér-log score a scale: what answers 2× and 10× off would score on this question (the
/// truth's own shape moved, or a single number against a single true value).
fn scale_line(truth: &LogTruth) -> String {
    let shape = match truth {
        LogTruth::Point(_) => None,
        LogTruth::Normal { mu, sigma } => Some((*mu, *sigma)),
        LogTruth::Samples(s) => Some((s.mean(), s.sd())),
    };
    let off = |factor: f64| {
        let shift = libm::log(factor);
        match shape.and_then(|(m, s)| Belief::new(m, s).ok()) {
            Some(belief) => cramer_log_divergence(&belief, &LabReport::new(shift, 1.0)),
            // A single number against a single true value: the distance is the gap in ln units.
            None => shift,
        }
    };
    let what = if shape.is_some() {
        "the truth's own shape"
    } else {
        "a single number"
    };
    format!(
        "Lower is better; 0 is perfect. On this question {what} 2× off scores {} and 10× off {}.",
        number(off(2.0)),
        number(off(10.0))
    )
}

/// Every number and word shown after an answer, for a forecast against a truth.
pub fn assess(forecast: &LogSamples, truth: &LogTruth) -> Assessment {
    let report = Report::new(forecast, truth);
    let noise = noise(forecast, truth, &report.breakdown_shift);
    Assessment {
        feedback: feedback(&report, &noise),
        what_if: what_if(forecast, truth),
        verdicts: Verdicts::of(&report, &noise, truth),
        report,
        noise,
    }
}

/// A score in nats as every face shows it: four decimals; below 0.001 three significant digits in plain decimals
/// as every other number is written (`0.000846`); from a million up, or below 1e-6, in exponent form.
pub fn format_nats(x: f64) -> String {
    let size = x.abs();
    if x == 0.0 || (0.001..1e6).contains(&size) {
        format!("{x:.4}")
    } else if (1e-6..0.001).contains(&size) {
        fermi_num::format_readable(x)
    } else {
        format!("{x:.2e}")
    }
}

impl RuleLine {
    /// The value as a table shows it, in its rule's unit.
    pub fn text(&self) -> String {
        match self.value {
            RuleValue::Number(x) if self.rule.unit == Unit::Fraction => format!("{x:.3}"),
            RuleValue::Number(x) => format_nats(x),
            RuleValue::Undefined => "undefined".to_string(),
            RuleValue::Hit(hit) => if hit { "hit" } else { "miss" }.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_in_one_style_at_every_size() {
        let cases = [
            (0.0, "0.0000"),
            (0.974, "0.9740"),
            (12.5, "12.5000"),
            (0.000846, "0.000846"),
            (0.001, "0.0010"),
            (5e-8, "5.00e-8"),
            (2e6, "2.00e6"),
            (1.7e308, "1.70e308"),
        ];
        for (x, want) in cases {
            assert_eq!(format_nats(x), want, "{x:e}");
        }
    }

    #[test]
    fn the_scale_line_gives_references_for_this_truth() {
        let point = scale_line(&LogTruth::Point(3.0));
        assert!(
            point.contains("a single number 2× off scores 0.69 and 10× off 2.30"),
            "{point}"
        );
        // The truth's own shape moved by ln 2 scores less than a point would: overlap cuts the distance.
        let wide = scale_line(&LogTruth::Normal {
            mu: 3.0,
            sigma: 1.0,
        });
        assert!(
            wide.contains("the truth's own shape 2× off scores 0."),
            "{wide}"
        );
        assert!(!wide.contains("FermiBench"), "{wide}");
        assert!(BENCHMARK_LINE.contains("FermiBench"));
    }
}
