//! The Open Science Olympiad Fermi question bank: answers are the integer power of ten nearest the truth.

use std::collections::HashMap;

use serde_json::Value;

use super::{Ids, ImportReport, normalised, parse_json, slugify};
use crate::format::{Pack, PackInfo, Question, Source, SourceKind, SourceTier, Tier, TruthSpec};

const REPO: &str = "https://github.com/landy8697/open-scioly-fermi";
/// Answers further than this many decades from 1 are jokes or extraction damage (10^500 for "4^1124").
const MAX_EXPONENT: i64 = 30;
/// Used when the test name carries no season or year: the snapshot's year.
const DEFAULT_YEAR: &str = "2024";

/// Converts `questions.json` (an array of `{question, answer, source, number?}`) and, optionally, `corrections.json`
/// (an object keyed `"<source>, #<number>"`, or the source alone for daily questions, to
/// `{question, answer, explanation, credit}` where an empty string means unchanged).
/// The truth of a kept question is uniform in log over 10^(k−0.5) … 10^(k+0.5).
pub fn scioly(questions: &str, corrections: Option<&str>) -> Result<(Pack, ImportReport), String> {
    let records = match parse_json("questions", questions)? {
        Value::Array(records) => records,
        _ => return Err("questions: expected a JSON array of question records".into()),
    };
    let corrections = match corrections
        .map(|text| parse_json("corrections", text))
        .transpose()?
    {
        None => serde_json::Map::new(),
        Some(Value::Object(map)) => map,
        Some(_) => {
            return Err("corrections: expected a JSON object keyed \"<source>, #<number>\"".into());
        }
    };

    let mut report = ImportReport {
        records: records.len(),
        ..ImportReport::default()
    };
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut ids = Ids::default();
    let mut questions = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let Some(record) = Record::read(record) else {
            report.drop(
                "malformed record (no question text, integer answer or source)",
                format!("#{}", i + 1),
            );
            continue;
        };
        let key = record.key();
        let mut text = record.question.trim().to_string();
        let mut answer = record.answer;
        let mut explanation = None;
        let mut credit = None;
        if let Some(fix) = corrections.get(&key) {
            let field = |name: &str| {
                fix.get(name)
                    .and_then(Value::as_str)
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
            };
            if let Some(new_text) = field("question") {
                text = new_text.to_string();
                report.note("corrected question text");
            }
            if let Some(new_answer) = field("answer") {
                match new_answer.parse::<i64>() {
                    Ok(k) => {
                        answer = k;
                        report.note("corrected answer");
                    }
                    Err(_) => {
                        report.drop("correction with a non-integer answer", key);
                        continue;
                    }
                }
            }
            explanation = field("explanation").map(str::to_string);
            credit = field("credit").map(str::to_string);
        }

        let reason = if text.is_empty() {
            Some("empty question text")
        } else if text
            .split_whitespace()
            .all(|w| w.to_lowercase().starts_with("discard"))
        {
            Some("marked DISCARD in the source")
        } else if has_extraction_damage(&text, answer) {
            Some("text with extraction damage")
        } else if refers_to_other_question(&text) {
            Some("depends on another question")
        } else if answer.abs() > MAX_EXPONENT {
            Some("answer beyond 10^±30")
        } else {
            None
        };
        if let Some(reason) = reason {
            report.drop(reason, key);
            continue;
        }
        if let Some(first) = seen.get(&normalised(&text)) {
            report.drop("duplicate question", format!("{key} (same as {first})"));
            continue;
        }
        seen.insert(normalised(&text), key.clone());

        let detail = match &credit {
            Some(credit) => format!(
                "answer 10^{answer} (the power of ten nearest the truth), as corrected by {credit}"
            ),
            None => format!("answer 10^{answer} (the power of ten nearest the truth)"),
        };
        let k = answer as f64;
        let id = ids.unique(format!("scioly-{}", slugify(&key, 60)));
        let truth = TruthSpec::LogRange {
            low: libm::pow(10.0, k - 0.5),
            high: libm::pow(10.0, k + 0.5),
        };
        questions.push(Question {
            text,
            unit: "as the question asks".into(),
            as_of: season_year(&record.source),
            explanation,
            sources: vec![Source {
                factor: None,
                publisher: "Science Olympiad invitational tests, via the Open Science Olympiad Fermi question bank".into(),
                title: key,
                url: REPO.into(),
                tier: SourceTier::Range,
                kind: Some(SourceKind::Primary),
                detail,
                accessed: None,
            }],
            ..Question::new(id, truth)
        });
    }
    report.kept = questions.len();
    let info = PackInfo {
        id: "scioly-fermi".into(),
        title: "Science Olympiad Fermi questions".into(),
        version: 1,
        tier: Tier::Open,
        description: Some(format!(
            "Converted from the Open Science Olympiad Fermi question bank ({REPO}). Each answer is the power of ten \
             nearest the truth, so the truth is uniform in log over half a decade either side."
        )),
        license: Some("MIT (question bank compilation, Copyright (c) 2023 landy8697)".into()),
    };
    Ok((Pack { info, questions }, report))
}

struct Record {
    question: String,
    answer: i64,
    source: String,
    number: Option<i64>,
}

impl Record {
    fn read(value: &Value) -> Option<Record> {
        Some(Record {
            question: value.get("question")?.as_str()?.to_string(),
            answer: value.get("answer")?.as_i64()?,
            source: value.get("source")?.as_str()?.trim().to_string(),
            number: match value.get("number") {
                None | Some(Value::Null) => None,
                Some(n) => Some(n.as_i64()?),
            },
        })
    }

    /// The corrections' key: `"<source>, #<number>"`, or the source alone for daily questions.
    fn key(&self) -> String {
        match self.number {
            Some(n) => format!("{}, #{n}", self.source),
            None => self.source.clone(),
        }
    }
}

/// PDF extraction damage: replacement characters, a caret whose exponent was lost, a bare number whose
/// superscript was flattened into its digits ("What is 41124?" for 4^1124), a bare number with no question.
fn has_extraction_damage(text: &str, answer: i64) -> bool {
    if text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '?') || c.is_whitespace())
    {
        return true;
    }
    if text.contains('\u{FFFD}')
        || text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
    {
        return true;
    }
    let chars: Vec<char> = text.chars().collect();
    let lost_exponent = chars.iter().enumerate().any(|(i, &c)| {
        c == '^'
            && chars
                .get(i + 1)
                .is_none_or(|next| !(next.is_alphanumeric() || matches!(next, '(' | '-' | '{')))
    });
    if lost_exponent {
        return true;
    }
    // "What is 41124?": a bare number far from its own answer.
    let lower = text.to_lowercase();
    let rest = ["what is", "compute", "calculate", "evaluate"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .map(|r| r.trim().trim_end_matches(['?', '.', ' ']));
    if let Some(rest) = rest
        && !rest.is_empty()
        && rest.chars().all(|c| c.is_ascii_digit() || c == ',')
        && let Ok(n) = rest.replace(',', "").parse::<f64>()
    {
        return n > 0.0 && (libm::log10(n) - answer as f64).abs() > 1.5;
    }
    false
}

/// Questions that need another question's text or answer ("the question above", "in #38").
fn refers_to_other_question(text: &str) -> bool {
    let lower = text.to_lowercase();
    const PHRASES: &[&str] = &[
        "previous question",
        "previous problem",
        "question above",
        "problem above",
        "above question",
        "last question",
        "prior question",
        "preceding question",
        "from question",
        "[question",
        "same context",
        "your answer to",
        "correct answers to question",
    ];
    if PHRASES.iter().any(|p| lower.contains(p)) {
        return true;
    }
    // "question 53", "problems 59 and 60", "in #38", "from #47".
    let words: Vec<&str> = lower.split_whitespace().collect();
    words.windows(2).any(|w| {
        let number = |s: &str| {
            s.trim_matches(|c: char| !c.is_ascii_digit())
                .parse::<u32>()
                .is_ok()
        };
        let hash_number = w[1].starts_with('#') && number(w[1]);
        (matches!(w[0], "question" | "questions" | "problem" | "problems") && number(w[1]))
            || (matches!(w[0], "in" | "from" | "of") && hash_number)
    })
}

/// The year a test's figures refer to: the end of a season ("… 20-21" → 2021) or a bracketed year ("[2018 …").
fn season_year(source: &str) -> String {
    let digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
    for word in source.split_whitespace().rev() {
        if let Some((a, b)) = word.split_once('-')
            && digits(a)
            && digits(b.trim_end_matches(|c: char| !c.is_ascii_digit()))
        {
            return format!("20{}", b.trim_end_matches(|c: char| !c.is_ascii_digit()));
        }
    }
    source
        .split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 4 && (w.starts_with("19") || w.starts_with("20")))
        .map_or(DEFAULT_YEAR.into(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seasons_give_years() {
        assert_eq!(season_year("BirdSO Invitational 20-21"), "2021");
        assert_eq!(
            season_year("RobertYL, daily fermi questions day #1 [2018 Carmel Tryouts Q14]"),
            "2018"
        );
        assert_eq!(season_year("Some test"), DEFAULT_YEAR);
    }

    #[test]
    fn damage_and_references() {
        assert!(has_extraction_damage(
            "Compute (Larry Bird’s Jersey #)^\n",
            152
        ));
        assert!(has_extraction_damage("What is 41124?", 500));
        assert!(has_extraction_damage("4329", 3));
        assert!(!has_extraction_damage("What is 2^12?", 4));
        assert!(!has_extraction_damage("What is 4096?", 4));
        assert!(refers_to_other_question(
            "How many protons would be in that set of atoms (from the previous question)?"
        ));
        assert!(refers_to_other_question(
            "How many times could the amount of money in #47 end world hunger?"
        ));
        assert!(refers_to_other_question(
            "[Question 53] If you have the same black hole…"
        ));
        assert!(!refers_to_other_question(
            "How many #2 pencils would you need to trace the Great Wall?"
        ));
        assert!(!refers_to_other_question(
            "How many copies of your answer sheet would cover Antarctica?"
        ));
    }
}
