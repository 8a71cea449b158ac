//! Shares, one rule for the whole product (docs/pack-format.md, "Share units"): a question whose unit is a percent
//! or a fraction ("percent of the labour force", "fraction of land area") holds its truth as a fraction, is scored
//! on fractions and shows its numbers as percent. `%` typed in an answer always means ÷100, so `64%` and `0.64` are
//! the same right answer; a bare `64` reads as 6,400% and is flagged before Submit with the likely fix. Every face
//! prints a question's numbers through [`UnitScale::format`] / [`quantity`] and echoes a typed bound through
//! [`bound_echo`].

use fermi_num::{format_percent, format_readable, read_number};

use crate::fit::FittedTruth;
use crate::format::Question;
use crate::load::Problem;

/// What scale a question's unit puts its numbers on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitScale {
    /// "percent", "percent of the labour force", "%", "fraction of land area", "share of exports": a fraction of a
    /// whole, stored and scored as 0–1, shown as percent.
    Share,
    /// Anything else: shown as a plain number.
    Other,
}

/// The words that make a unit a share, longest first (so "percentage" is stripped whole).
const SHARE_WORDS: [&str; 6] = [
    "percentage",
    "percent",
    "per cent",
    "%",
    "fraction",
    "share",
];

/// The share word `unit` starts with (lowercased and trimmed), if any.
fn share_word(unit: &str) -> Option<&'static str> {
    let unit = unit.trim().to_lowercase();
    SHARE_WORDS.into_iter().find(|w| {
        unit.strip_prefix(w).is_some_and(|rest| {
            rest.is_empty() || !rest.starts_with(char::is_alphanumeric) || *w == "%"
        })
    })
}

impl UnitScale {
    pub fn of(unit: &str) -> UnitScale {
        if share_word(unit).is_some() {
            UnitScale::Share
        } else {
            UnitScale::Other
        }
    }

    /// A value of a question in this unit: `0.319` → "31.9%" for a share, "98.3 billion" otherwise.
    pub fn format(self, x: f64) -> String {
        match self {
            UnitScale::Share => format_percent(x),
            UnitScale::Other => format_readable(x),
        }
    }
}

/// The words of `unit` shown after a number: a share's unit without its share word ("percent of the labour force"
/// → "of the labour force", "percent" → ""), since the number carries its `%`; any other unit as it is.
pub fn unit_words(unit: &str) -> String {
    let trimmed = unit.trim();
    match share_word(trimmed) {
        Some(word) => trimmed[word.len()..].trim().to_string(),
        None => trimmed.to_string(),
    }
}

/// A value with its unit, as every face shows a question's numbers: "31.9% of the labour force", "98.3 billion
/// kWh", "26%".
pub fn quantity(unit: &str, x: f64) -> String {
    format!("{} {}", UnitScale::of(unit).format(x), unit_words(unit))
        .trim_end()
        .to_string()
}

/// What a typed bound reads as on a question in `unit` ("15% = 15% of the labour force", "15 = 1,500% of the
/// labour force", "2 million = 2 million people"), or why it is not a number.
pub fn bound_echo(text: &str, unit: &str) -> String {
    if text.trim().is_empty() {
        return String::new();
    }
    match read_number(text) {
        Ok(v) => format!("{} = {}", text.trim(), quantity(unit, v)),
        Err(e) => e.message(),
    }
}

/// A warning when an estimate with 5th and 95th percentiles `p5`, `p95` looks like the wrong scale for `unit`;
/// `None` when it fits (or cannot be judged). On a share, anything above 100% is almost always percent typed
/// without its `%`: the message says what it reads as and the likely fix (÷100).
pub fn unit_warning(unit: &str, p5: f64, p95: f64) -> Option<String> {
    if !(p5.is_finite() && p95.is_finite()) || UnitScale::of(unit) != UnitScale::Share || p95 <= 1.0
    {
        return None;
    }
    let reads = if p5 == p95 {
        format_percent(p5)
    } else {
        format!("{} to {}", format_percent(p5), format_percent(p95))
    };
    let (lo, hi) = (p5 / 100.0, p95 / 100.0);
    let meant = if p5 == p95 {
        format_percent(lo)
    } else {
        format!("{} to {}", format_percent(lo), format_percent(hi))
    };
    Some(format!(
        "This question asks for a share, where 100% is the whole: your estimate reads {reads}. Did you mean \
         {meant}? Type the % sign ({}) or a fraction ({}).",
        format_percent(hi),
        format_readable(hi),
    ))
}

/// How to write a share, said before anyone answers (a model's prompt has no live echo or warning to catch
/// `15` typed for 15%); `None` for a unit that is not a share.
pub fn share_guide(unit: &str) -> Option<String> {
    (UnitScale::of(unit) == UnitScale::Share).then(|| {
        format!(
            "This question asks for a share, where 100% is the whole: type the % sign ({}) or a fraction ({}); a \
             bare 15 reads as {}.",
            format_percent(0.15),
            format_readable(0.15),
            format_percent(15.0)
        )
    })
}

/// A warning when a share question's truth is not a fraction (a pack written in percent points: `31.9` is 3,190%),
/// for `bank check`. Not validation: the pack loads.
pub fn share_truth_warning(question: &Question, fitted: &FittedTruth) -> Option<Problem> {
    let high = fitted.p95();
    (UnitScale::of(&question.unit) == UnitScale::Share && high > 1.0).then(|| {
        Problem::in_question(
            question,
            "truth",
            format!(
                "the unit makes this a share, held as a fraction, but the truth reaches {high} ({}): write percent \
                 as a fraction (31.9% is 0.319; docs/pack-format.md, \"Share units\")",
                format_percent(high)
            ),
        )
        .warning()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_says_how_to_write_it_before_the_answer() {
        let guide = share_guide("percent of metered electricity consumption").unwrap();
        for part in ["(15%)", "(0.15)", "bare 15 reads as 1,500%"] {
            assert!(guide.contains(part), "{guide}");
        }
        assert_eq!(share_guide("people"), None);
    }

    #[test]
    fn reads_the_scale_of_a_unit() {
        let cases = [
            ("percent", UnitScale::Share, ""),
            (
                "percent of the labour force",
                UnitScale::Share,
                "of the labour force",
            ),
            (
                "Percent of new vehicle sales",
                UnitScale::Share,
                "of new vehicle sales",
            ),
            ("per cent of households", UnitScale::Share, "of households"),
            ("%", UnitScale::Share, ""),
            ("% of adults", UnitScale::Share, "of adults"),
            ("percentage of adults", UnitScale::Share, "of adults"),
            ("fraction of land area", UnitScale::Share, "of land area"),
            (
                "share of world exports",
                UnitScale::Share,
                "of world exports",
            ),
            (
                "shares traded per day",
                UnitScale::Other,
                "shares traded per day",
            ),
            ("fractional reserve", UnitScale::Other, "fractional reserve"),
            (
                "people per square kilometre",
                UnitScale::Other,
                "people per square kilometre",
            ),
            (
                "per capita kilograms",
                UnitScale::Other,
                "per capita kilograms",
            ),
            (
                "ratio (2023 area burned / 10-year average)",
                UnitScale::Other,
                "ratio (2023 area burned / 10-year average)",
            ),
            ("", UnitScale::Other, ""),
        ];
        for (unit, scale, words) in cases {
            assert_eq!(UnitScale::of(unit), scale, "{unit:?}");
            assert_eq!(unit_words(unit), words, "{unit:?}");
        }
    }

    /// The one rule, typed as people type: what each answer reads as, and whether it is flagged before Submit.
    #[test]
    fn reads_and_flags_answers_to_a_share() {
        let unit = "percent of new vehicle sales";
        // (low, high as typed, echo of the low box, flagged with this fix)
        let cases: [(&str, &str, &str, Option<&str>); 7] = [
            ("15%", "25%", "15% = 15% of new vehicle sales", None),
            ("0.15", "0.25", "0.15 = 15% of new vehicle sales", None),
            ("1/8", "1/4", "1/8 = 12.5% of new vehicle sales", None),
            ("0.5%", "3%", "0.5% = 0.5% of new vehicle sales", None),
            (
                "15",
                "25",
                "15 = 1,500% of new vehicle sales",
                Some("reads 1,500% to 2,500%. Did you mean 15% to 25%?"),
            ),
            (
                "64",
                "64",
                "64 = 6,400% of new vehicle sales",
                Some("reads 6,400%. Did you mean 64%?"),
            ),
            (
                "0.5",
                "3",
                "0.5 = 50% of new vehicle sales",
                Some("reads 50% to 300%. Did you mean 0.5% to 3%?"),
            ),
        ];
        for (low, high, echo, flag) in cases {
            assert_eq!(bound_echo(low, unit), echo, "{low}");
            let (p5, p95) = (read_number(low).unwrap(), read_number(high).unwrap());
            let warning = unit_warning(unit, p5, p95);
            match flag {
                Some(fix) => {
                    let w = warning.unwrap_or_else(|| panic!("{low}–{high} not flagged"));
                    assert!(w.contains(fix), "{low}–{high}: {w}");
                }
                None => assert_eq!(warning, None, "{low}–{high}"),
            }
        }
        // "15%" and "0.15" are one answer: the same numbers reach the scorer.
        assert_eq!(read_number("15%"), read_number("0.15"));
        // The echo never calls a fraction "percent".
        assert_eq!(
            bound_echo("50%", "percent of net electricity production"),
            "50% = 50% of net electricity production"
        );
    }

    #[test]
    fn other_units_are_left_alone() {
        let cases = [
            ("people", 0.5, 0.9),
            ("people", 15.0, 25.0),
            ("percent", f64::NAN, 3.0),
            ("percent", 0.0, 0.5),
            ("fraction of land area", 0.001, 1.0),
        ];
        for (unit, p5, p95) in cases {
            assert_eq!(unit_warning(unit, p5, p95), None, "{unit} {p5}–{p95}");
        }
        assert_eq!(quantity("kWh", 98.3e9), "98.3 billion kWh");
        assert_eq!(quantity("percent", 0.26), "26%");
        assert_eq!(
            bound_echo("2 million", "people"),
            "2 million = 2 million people"
        );
        assert_eq!(bound_echo("  ", "people"), "");
        assert!(bound_echo("1,5", "people").contains("decimal comma"));
    }

    #[test]
    fn a_share_truth_in_percent_points_is_flagged() {
        let mut q = crate::builtin()
            .questions
            .into_iter()
            .find(|q| q.id == "netherlands-share-below-sea-level")
            .unwrap();
        assert!(share_truth_warning(&q, &FittedTruth::Point(0.26)).is_none());
        let w = share_truth_warning(&q, &FittedTruth::Point(26.0)).expect("flagged");
        assert!(w.to_string().contains("reaches 26 (2,600%)"), "{w}");
        q.unit = "metres".into();
        assert!(share_truth_warning(&q, &FittedTruth::Point(26.0)).is_none());
    }

    /// Every share of the built-in pack holds a fraction: its truth lies within 0–1.
    #[test]
    fn every_share_of_the_built_in_pack_is_a_fraction() {
        let mut shares = 0;
        for q in crate::builtin().questions {
            let lower = q.unit.to_lowercase();
            let named = SHARE_WORDS.iter().any(|w| lower.starts_with(w));
            assert_eq!(
                UnitScale::of(&q.unit) == UnitScale::Share,
                named,
                "{}: {}",
                q.id,
                q.unit
            );
            if named {
                shares += 1;
                let truth = crate::fit_truth(&q)
                    .unwrap_or_else(|p| panic!("{}: {}", q.id, p.diagnostic.message));
                assert!(
                    truth.p5() >= 0.0 && truth.p95() <= 1.0,
                    "{}: a share's truth is a fraction, not {}–{}",
                    q.id,
                    truth.p5(),
                    truth.p95()
                );
            }
        }
        assert!(shares >= 14, "{shares} share questions");
    }
}
