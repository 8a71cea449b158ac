//! Numbers a question's text or disambiguation hands over (docs/pack-format.md, "Giveaways"): a number within 5%
//! of the truth or of a factor of its program turns the question into arithmetic. Not validation: the pack loads.

use fermi_num::{format_readable, read_number};
use fermi_syntax::{BinOp, Dialect, Expr, ExprKind, Span};

use crate::advice::constant;
use crate::fit::FittedTruth;
use crate::format::{Question, TruthSpec};
use crate::load::Problem;
use crate::unit_check::UnitScale;

/// How close (relative) a number in the text may come to the truth or a factor before it is flagged.
pub const GIVEAWAY_TOLERANCE: f64 = 0.05;

/// Every number in `text`, `unit` and `disambiguation` within [`GIVEAWAY_TOLERANCE`] of the truth (its fitted
/// median and 90% bounds, or a log range's ends) or of a factor of its truth program (the numbers a named line
/// writes, and a `to()`'s bounds and midpoint), and two numbers whose ratio or product is within it of the truth
/// ("320 TWh of 503 TWh" against a share of 63.7%), as a warning at the (second) number. `fitted` is the
/// question's fitted truth.
pub fn giveaways(question: &Question, fitted: &FittedTruth) -> Vec<Problem> {
    let targets = targets(question, fitted);
    let closest = |distance: &dyn Fn(f64) -> f64| {
        targets
            .iter()
            .map(|(what, t)| (what, *t, distance(*t)))
            .min_by(|a, b| a.2.total_cmp(&b.2))
            .filter(|c| c.2 <= GIVEAWAY_TOLERANCE)
    };
    let mut out = Vec::new();
    // Numbers not flagged alone, for the pairs: (field, prose, mention).
    let mut unflagged: Vec<(&str, &str, Mention)> = Vec::new();
    for field in ["text", "unit", "disambiguation"] {
        let prose = match field {
            "text" => Some(question.text.as_str()),
            "unit" => Some(question.unit.as_str()),
            _ => question.disambiguation.as_deref(),
        };
        for mention in prose.map(mentions).unwrap_or_default() {
            let Some((what, target, _)) = closest(&|t| mention.distance(t)) else {
                unflagged.push((field, prose.unwrap_or(""), mention));
                continue;
            };
            let raw = &prose.unwrap_or("")[mention.span.range()];
            let mut problem = Problem::in_question(
                question,
                field,
                format!(
                    "`{raw}` is within {:.0}% of {what} ({}): a number that hands over the answer or one of its \
                     inputs turns the question into arithmetic; name the series, year and definition, and leave the \
                     figure to `explanation` and `sources`",
                    GIVEAWAY_TOLERANCE * 100.0,
                    format_readable(target)
                ),
            )
            .warning();
            if let Some(span) = question.places.in_string(field, mention.span) {
                problem.diagnostic.span = span;
            }
            out.push(problem);
        }
    }
    // A share's unit takes a ratio in percent too.
    let percent = question.unit.contains("percent") || question.unit.contains('%');
    let truth_only: Vec<&(String, f64)> = targets
        .iter()
        .filter(|(what, _)| what.starts_with("the truth"))
        .collect();
    for (i, (_, prose_a, a)) in unflagged.iter().enumerate() {
        for (field, prose, b) in &unflagged[i + 1..] {
            let (x, y) = (a.values[0], b.values[0]);
            let mut readings = vec![("ratio", x / y), ("ratio", y / x), ("product", x * y)];
            if percent {
                readings.extend([("ratio", 100.0 * x / y), ("ratio", 100.0 * y / x)]);
            }
            let hit = readings.iter().find_map(|&(kind, value)| {
                truth_only
                    .iter()
                    .find(|(_, t)| (value / t - 1.0).abs() <= GIVEAWAY_TOLERANCE)
                    .map(|(what, t)| (kind, value, what, *t))
            });
            let Some((kind, value, what, target)) = hit else {
                continue;
            };
            let (raw_a, raw_b) = (&prose_a[a.span.range()], &prose[b.span.range()]);
            let mut problem = Problem::in_question(
                question,
                field,
                format!(
                    "the {kind} of `{raw_a}` and `{raw_b}` ({}) is within {:.0}% of {what} ({}): two figures that \
                     give the answer by arithmetic; leave them to `explanation` and `sources`",
                    format_readable(value),
                    GIVEAWAY_TOLERANCE * 100.0,
                    format_readable(target)
                ),
            )
            .warning();
            if let Some(span) = question.places.in_string(field, b.span) {
                problem.diagnostic.span = span;
            }
            out.push(problem);
        }
    }
    out
}

/// What a number may not be near: the truth's centre and ends, then each factor's figures, named for the message.
fn targets(question: &Question, fitted: &FittedTruth) -> Vec<(String, f64)> {
    let mut out = vec![
        ("the truth's median".to_string(), fitted.median()),
        ("the truth's 5th percentile".into(), fitted.p5()),
        ("the truth's 95th percentile".into(), fitted.p95()),
    ];
    match &question.truth {
        TruthSpec::LogRange { low, high } => {
            out.push(("the truth's lower bound".into(), *low));
            out.push(("the truth's upper bound".into(), *high));
        }
        TruthSpec::Distribution { program, .. } => {
            let (ast, _) = fermi_syntax::parse(program, Dialect::Squiggle);
            for statement in &ast.statements {
                let Some(name) = &statement.target else {
                    continue;
                };
                let mut figures = Vec::new();
                factor_figures(program, &statement.value, &mut figures);
                out.extend(
                    figures
                        .into_iter()
                        .map(|x| (format!("factor `{}`", name.text), x)),
                );
            }
        }
        TruthSpec::Point { .. } | TruthSpec::Sealed => {}
    }
    // A share's truth is a fraction, but prose may write it in percent points ("31.9 percent").
    if UnitScale::of(&question.unit) == UnitScale::Share {
        let points: Vec<(String, f64)> = out[..3]
            .iter()
            .map(|(what, t)| (format!("{what} in percent"), t * 100.0))
            .collect();
        out.extend(points);
    }
    out.retain(|(_, t)| t.is_finite() && *t > 0.0);
    out
}

/// The figures a factor's line writes: its literal numbers, except the multipliers that widen a figure into an
/// interval (`v*0.95`), and a `to()`'s constant bounds and their midpoint.
fn factor_figures(program: &str, expr: &Expr, out: &mut Vec<f64>) {
    match &expr.kind {
        ExprKind::Number(x) => out.push(*x),
        ExprKind::To(lo, hi) => {
            if let (Some(a), Some(b)) = (constant(program, lo), constant(program, hi)) {
                out.extend([a, b, (a + b) / 2.0]);
            }
            for bound in [lo, hi] {
                match &bound.kind {
                    ExprKind::Binary(BinOp::Mul, a, b) if is_widening(b) => {
                        factor_figures(program, a, out)
                    }
                    ExprKind::Binary(BinOp::Mul, a, b) if is_widening(a) => {
                        factor_figures(program, b, out)
                    }
                    _ => factor_figures(program, bound, out),
                }
            }
        }
        _ => {
            for child in expr.children() {
                factor_figures(program, child, out);
            }
        }
    }
}

/// A literal multiplier between 0.5 and 2 (a tier's `0.9` or `1.05`).
fn is_widening(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Number(x) if (0.5..=2.0).contains(&x))
}

/// A number written in prose, with the values it may stand for.
#[derive(Debug, PartialEq)]
struct Mention {
    /// Byte range in the prose.
    span: Span,
    /// The value as written (scale words applied); a percentage also as a fraction.
    values: Vec<f64>,
    /// Followed by a unit with an SI prefix (`TWh`, `Mt`, `km`): the unit of the truth may differ by 1000s.
    prefixed: bool,
}

impl Mention {
    /// The smallest relative gap between the number (in any reading) and `target`.
    fn distance(&self, target: f64) -> f64 {
        let shifts: &[i32] = if self.prefixed {
            &[-4, -3, -2, -1, 0, 1, 2, 3, 4]
        } else {
            &[0]
        };
        self.values
            .iter()
            .flat_map(|&x| {
                shifts
                    .iter()
                    .map(move |&k| (x * 1000f64.powi(k) / target - 1.0).abs())
            })
            .fold(f64::INFINITY, f64::min)
    }
}

const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
];

/// Units that take an SI prefix (k, M, G, T, P, E) in prose (`TWh`, `Mt`, `Gt`, `GW`, `Mha`, `kg`, `km`, `EJ`).
const PREFIXABLE: &[&str] = &[
    "Wh", "W", "t", "g", "J", "ha", "L", "l", "m", "m²", "m³", "m2", "m3", "Hz", "bbl", "b",
    "tCO2", "toe",
];

fn is_prefixed_unit(word: &str) -> bool {
    let mut chars = word.chars();
    matches!(chars.next(), Some('k' | 'M' | 'G' | 'T' | 'P' | 'E'))
        && PREFIXABLE.contains(&chars.as_str())
}

fn scale_word(word: &str) -> Option<f64> {
    Some(match word.to_lowercase().as_str() {
        "thousand" | "thousands" => 1e3,
        "million" | "millions" | "mn" => 1e6,
        "billion" | "billions" | "bn" => 1e9,
        "trillion" | "trillions" | "tn" => 1e12,
        "lakh" | "lakhs" => 1e5,
        "crore" | "crores" => 1e7,
        _ => return None,
    })
}

/// The numbers of a piece of prose, leaving out what is not a quantity: years (and a fiscal year's second half,
/// `2023–24`), days of a month next to its name, ordinals (`21st`) and numbers that are part of a name (`PM2.5`,
/// `COVID-19`, `A320`).
fn mentions(prose: &str) -> Vec<Mention> {
    let b = prose.as_bytes();
    let digits_from = |mut j: usize| {
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        j
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let before = prose[..i].chars().next_back();
        let before2 = prose[..i].chars().rev().nth(1);
        let glued = before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '^'))
            || (before == Some('-') && before2.is_some_and(char::is_alphabetic));
        let start = i;
        let mut j = digits_from(i);
        while b.get(j) == Some(&b',')
            && digits_from(j + 1) == j + 4
            && !b.get(j + 4).is_some_and(u8::is_ascii_digit)
        {
            j += 4;
        }
        if b.get(j) == Some(&b'.') && b.get(j + 1).is_some_and(u8::is_ascii_digit) {
            j = digits_from(j + 1);
        }
        if matches!(b.get(j), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(b.get(j + 1), Some(b'+' | b'-')));
            if b.get(j + 1 + sign).is_some_and(u8::is_ascii_digit) {
                j = digits_from(j + 1 + sign);
            }
        }
        let raw = &prose[start..j];
        i = j;
        if glued {
            continue;
        }
        let rest = &prose[j..];
        let attached: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
        let (word, next) = if attached.is_empty() {
            let spaced = rest.trim_start_matches([' ', '\u{a0}', '\u{202f}']);
            if let Some(after) = spaced.strip_prefix('%') {
                ("%".to_string(), after)
            } else {
                let word: String = spaced
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || matches!(c, '²' | '³'))
                    .collect();
                let after = &spaced[word.len()..];
                (word, after)
            }
        } else {
            let after = &rest[attached.len()..];
            (attached.clone(), after)
        };
        if ["st", "nd", "rd", "th"].contains(&attached.as_str()) {
            continue;
        }
        let Ok(x) = read_number(raw) else { continue };
        let lower = word.to_lowercase();
        let percent = word == "%"
            || lower == "percent"
            || (lower == "per" && next.trim_start().starts_with("cent"));
        // A second scale word multiplies the first ("₹20 lakh crore").
        let next_word: String = next
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect();
        let scale = scale_word(&word).map(|s| s * scale_word(&next_word).unwrap_or(1.0));
        let scale = scale.or(match attached.as_str() {
            "k" | "K" => Some(1e3),
            "M" => Some(1e6),
            "B" | "G" => Some(1e9),
            "T" => Some(1e12),
            _ => None,
        });
        let plain = !percent && scale.is_none();
        let integer = !raw.contains(['.', ',', 'e', 'E']);
        if plain && integer && raw.len() == 4 && (1000.0..=2199.0).contains(&x) {
            // A year; a fiscal year's or an ISO date's tail goes with it.
            if matches!(rest.chars().next(), Some('–' | '-' | '/'))
                && rest[rest.chars().next().map_or(0, char::len_utf8)..]
                    .starts_with(|c: char| c.is_ascii_digit())
            {
                let dash = rest.chars().next().map_or(0, char::len_utf8);
                i = digits_from(j + dash);
                if b.get(i) == Some(&b'-') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    i = digits_from(i + 1);
                }
            }
            continue;
        }
        if plain && integer && (1.0..=31.0).contains(&x) {
            let previous = prose[..start]
                .trim_end_matches([' ', '\u{a0}'])
                .rsplit(|c: char| !c.is_alphabetic())
                .next()
                .unwrap_or("")
                .to_lowercase();
            if MONTHS.contains(&lower.as_str()) || MONTHS.contains(&previous.as_str()) {
                continue;
            }
        }
        let value = x * scale.unwrap_or(1.0);
        let mut values = vec![value];
        if percent {
            values.push(value / 100.0);
        }
        out.push(Mention {
            span: Span::new(start, j),
            values,
            prefixed: is_prefixed_unit(&word),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number as the test expects it: (text, first value, followed by a prefixed unit).
    type Seen = (&'static str, f64, bool);

    /// (prose, the numbers it mentions).
    const CASES: &[(&str, &[Seen])] = &[
        (
            "Ghana's cocoa purchases (429,323 t) in 2023–24",
            &[("429,323", 429323.0, false)],
        ),
        (
            "France made 320 TWh of 503 TWh",
            &[("320", 320.0, true), ("503", 503.0, true)],
        ),
        (
            "2.5 million people, 40% of them",
            &[("2.5", 2.5e6, false), ("40", 40.0, false)],
        ),
        (
            "about 1.5k cars and 3 bn dollars",
            &[("1.5", 1500.0, false), ("3", 3e9, false)],
        ),
        ("as of 31 December 2023, or March 5, 2024-06-30", &[]),
        ("PM2.5, COVID-19, an A320 in the 21st century, Q1 2024", &[]),
        ("fiscal 2022/23 and 2019-2020", &[]),
        (
            "lakes of at least 500 m² and 5.2 per cent",
            &[("500", 500.0, false), ("5.2", 5.2, false)],
        ),
        ("₹2 lakh crore", &[("2", 2e12, false)]),
        ("1.2e6 km", &[("1.2e6", 1.2e6, true)]),
        ("the 3 largest, 7 May", &[("3", 3.0, false)]),
    ];

    #[test]
    fn numbers_in_prose() {
        for (prose, expected) in CASES {
            let got: Vec<Seen> = mentions(prose)
                .iter()
                .map(|m| (&prose[m.span.range()], m.values[0], m.prefixed))
                .collect();
            assert_eq!(&got, expected, "{prose}");
        }
    }

    #[test]
    fn percentages_are_also_fractions_and_prefixed_units_shift_by_thousands() {
        let near = |m: &Mention, t: f64| m.distance(t) <= GIVEAWAY_TOLERANCE;
        let m = &mentions("63.7%")[0];
        assert!(near(m, 63.7) && near(m, 0.637) && !near(m, 6.37));
        let m = &mentions("320 TWh")[0];
        assert!(near(m, 320e9) && near(m, 0.32) && !near(m, 3.2e9));
        let m = &mentions("320 people")[0];
        assert!(near(m, 330.0) && !near(m, 340.0) && !near(m, 320e3));
    }
}
