//! The 50-question Estimation Calibration bank (Biddlecom, 2015): `{q, a, src}` with dated point answers.

use serde_json::Value;

use super::units::parse_unit;
use super::{ImportReport, parse_json};
use crate::format::{Pack, PackInfo, Question, Source, SourceTier, Tier, TruthSpec};
use crate::unit_check::UnitScale;

/// When the set was written (its file was added on 2015-01-07): the date of answers whose text names no year.
const WRITTEN: &str = "2015-01";
const REPO: &str = "https://github.com/markbiddlecom/estimation-calibration";

/// Converts `{"version", "questions": [{q, a, src}]}` to point truths, one source per cited link.
/// A question asking for a calendar year is dropped: a year is a date, not a quantity to score on a log scale.
pub fn calibration(text: &str) -> Result<(Pack, ImportReport), String> {
    let root = parse_json("questions", text)?;
    let Some(records) = root.get("questions").and_then(Value::as_array) else {
        return Err("questions: expected an object with a `questions` array".into());
    };
    let mut report = ImportReport {
        records: records.len(),
        ..ImportReport::default()
    };
    let mut questions = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let name = format!("question {}", i + 1);
        let text = record
            .get("q")
            .and_then(Value::as_str)
            .map(str::trim)
            .unwrap_or_default();
        // One answer is the string "6": a number written as a string is still that number.
        let value = match record.get("a") {
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().parse::<f64>().ok(),
            _ => None,
        };
        let urls: Vec<&str> = match record.get("src") {
            Some(Value::String(url)) => vec![url.as_str()],
            Some(Value::Array(urls)) => urls.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let Some(value) = value.filter(|_| !text.is_empty()) else {
            report.drop(
                "malformed record (no question text or numeric answer)",
                name,
            );
            continue;
        };
        if urls.is_empty()
            || urls
                .iter()
                .any(|u| !(u.starts_with("http://") || u.starts_with("https://")))
        {
            report.drop("no usable source link", name);
            continue;
        }
        if text.to_lowercase().contains("what year") {
            report.drop("answer is a calendar year, not a quantity", name);
            continue;
        }
        if !(value.is_finite() && value > 0.0) {
            report.drop("answer not a positive number", name);
            continue;
        }
        // The bank answers percentage questions in percent points; a share is stored as a fraction (unit_check).
        let unit = unit_of(text);
        let stored = match UnitScale::of(&unit) {
            UnitScale::Share => value / 100.0,
            UnitScale::Other => value,
        };
        questions.push(Question {
            text: text.to_string(),
            unit,
            as_of: year_in(text).unwrap_or_else(|| WRITTEN.to_string()),
            sources: urls
                .iter()
                .map(|url| Source {
                    factor: None,
                    publisher: host(url).to_string(),
                    title: format!("cited by the Estimation Calibration question bank (Biddlecom, 2015), {name}"),
                    url: url.to_string(),
                    tier: SourceTier::OneOfficial,
                    kind: None,
                    detail: format!("answer: {value}"),
                    accessed: None,
                })
                .collect(),
            ..Question::new(format!("calibration-{}", i + 1), TruthSpec::Point { value: stored })
        });
    }
    report.kept = questions.len();
    let info = PackInfo {
        id: "calibration-biddlecom".into(),
        title: "Estimation calibration questions (2015)".into(),
        version: 1,
        tier: Tier::Open,
        description: Some(format!(
            "Converted from Mark Biddlecom's Estimation Calibration question bank ({REPO}). Answers are dated \
             2010–2015 and many are US-centric."
        )),
        license: Some("MIT, Copyright (c) 2015 markbiddlecom".into()),
    };
    Ok((Pack { info, questions }, report))
}

/// The latest year from 1900 to 2015 named in the text ("as of 2014"), the date the answer refers to.
fn year_in(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| w.len() == 4)
        .filter_map(|w| w.parse::<u32>().ok())
        .filter(|y| (1900..=2015).contains(y))
        .max()
        .map(|y| y.to_string())
}

/// The unit the text asks for: ", in X," or ", in X?"; "percent" for percentages; "How many UNIT of"; else a count
/// or the question's own wording.
fn unit_of(text: &str) -> String {
    if let Some((_, after)) = text.split_once(", in ")
        && let Some(end) = after.find([',', '?'])
    {
        return after[..end].trim().to_string();
    }
    let lower = text.to_lowercase();
    if lower.contains("percentage") {
        "percent".into()
    } else if let Some(rest) = lower.strip_suffix('?')
        && let Some((_, unit)) = rest.rsplit_once(" in ")
        && !unit.chars().any(|c| c.is_ascii_digit())
        && unit.split_whitespace().count() <= 3
        && lower.starts_with("what is the")
    {
        unit.to_string()
    } else if let Some(rest) = lower.strip_prefix("how many ") {
        // "How many metric tons of grain …" asks in tons; "How many total floors …" asks for a count.
        match rest.split_once(" of ") {
            Some((phrase, _))
                if phrase.split_whitespace().count() <= 3
                    && phrase
                        .split_whitespace()
                        .last()
                        .is_some_and(|w| parse_unit(w).is_ok()) =>
            {
                phrase.to_string()
            }
            _ => "count".into(),
        }
    } else {
        "as the question asks".into()
    }
}

fn host(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', '?', '#']).next().unwrap_or(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_years_from_text() {
        let cases = [
            (
                "What is the wingspan, in meters, of the Boeing 777-200?",
                "meters",
                None,
            ),
            ("How long was it, in miles?", "miles", None),
            (
                "In 2010, what percentage of US citizens lived in the state of California?",
                "percent",
                Some("2010"),
            ),
            (
                "What is the longest diameter of the Milky Way galaxy in light years?",
                "light years",
                None,
            ),
            (
                "How many inches of precipitation did Seattle receive in 2014?",
                "inches",
                Some("2014"),
            ),
            (
                "How many metric tons of grain molasses cargo were processed in 2010?",
                "metric tons",
                Some("2010"),
            ),
            (
                "How many total floors are there in the Burj Khalifa?",
                "count",
                None,
            ),
            (
                "A blue whale has the equivalent mass of how many average adults?",
                "as the question asks",
                None,
            ),
        ];
        for (text, unit, year) in cases {
            assert_eq!(unit_of(text), unit, "{text}");
            assert_eq!(year_in(text).as_deref(), year, "{text}");
        }
        assert_eq!(
            host("http://en.wikipedia.org/wiki/Eiffel_Tower"),
            "en.wikipedia.org"
        );
    }
}
