//! Which of an answer's factors stands for which reference factor: by name (the same name, or shared words with
//! the reference's name and unit) and by role (numerator or denominator of the formula); a person's corrections
//! win over both.

use serde::{Deserialize, Serialize};

/// A person's correction: the answer's factor `answer` stands for the reference factor `reference`, or for none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Correction {
    pub answer: String,
    pub reference: Option<String>,
}

impl Correction {
    /// Says that the answer's factor `answer` stands for `chosen` ("" for none), in place of what was said of it.
    pub fn set(corrections: &mut Vec<Correction>, answer: &str, chosen: &str) {
        corrections.retain(|x| x.answer != answer);
        corrections.push(Correction {
            answer: answer.to_string(),
            reference: (!chosen.is_empty()).then(|| chosen.to_string()),
        });
    }
}

/// How a pair was matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchedBy {
    /// The same name.
    Name,
    /// Shared words with the reference factor's name or unit, in the same role.
    Words,
    /// A person said so.
    Correction,
}

/// One side of the matching problem: a factor's name, its unit if known, and its elasticity's sign.
pub(crate) struct Candidate<'a> {
    pub name: &'a str,
    pub unit: Option<&'a str>,
    pub named: bool,
    pub numerator: bool,
}

/// Pairs `(answer index, reference index, how)`, each index at most once.
pub(crate) fn pair(
    answer: &[Candidate],
    reference: &[Candidate],
    corrections: &[Correction],
) -> Vec<(usize, usize, MatchedBy)> {
    let mut taken_a = vec![false; answer.len()];
    let mut taken_r = vec![false; reference.len()];
    let mut pairs = Vec::new();
    for c in corrections {
        let Some(a) = answer.iter().position(|x| x.name == c.answer) else {
            continue;
        };
        taken_a[a] = true;
        if let Some(r) = c
            .reference
            .as_deref()
            .and_then(|r| reference.iter().position(|x| x.name == r))
            .filter(|&r| !taken_r[r])
        {
            taken_r[r] = true;
            pairs.push((a, r, MatchedBy::Correction));
        }
    }
    let mut scored = Vec::new();
    for (a, x) in answer.iter().enumerate().filter(|(_, x)| x.named) {
        for (r, y) in reference.iter().enumerate() {
            if let Some(s) = score(x, y) {
                scored.push((s, a, r));
            }
        }
    }
    // Best first; ties in reading order, so the result never depends on the sort's stability.
    scored.sort_by(|p, q| q.0.cmp(&p.0).then((p.1, p.2).cmp(&(q.1, q.2))));
    for (s, a, r) in scored {
        if !taken_a[a] && !taken_r[r] {
            taken_a[a] = true;
            taken_r[r] = true;
            let by = if s >= EXACT {
                MatchedBy::Name
            } else {
                MatchedBy::Words
            };
            pairs.push((a, r, by));
        }
    }
    pairs.sort_by_key(|p| p.1);
    pairs
}

const EXACT: i32 = 1000;

/// How well an answer's factor fits a reference factor; `None` when it does not.
fn score(a: &Candidate, r: &Candidate) -> Option<i32> {
    if a.name.eq_ignore_ascii_case(r.name) {
        return Some(EXACT);
    }
    let mine = words(a.name);
    let name = words(r.name);
    let unit = r.unit.map(words).unwrap_or_default();
    let in_name = mine.iter().filter(|w| name.contains(w)).count() as i32;
    let in_unit = mine
        .iter()
        .filter(|w| unit.contains(w) && !name.contains(w))
        .count() as i32;
    if in_name + in_unit == 0 {
        return None;
    }
    let role = if a.numerator == r.numerator { 5 } else { -5 };
    let s = 20 * in_name + 10 * in_unit + role - (mine.len() as i32 - in_name - in_unit);
    (s > 0).then_some(s)
}

/// The words of a name or unit: split at anything not a letter or digit and at lower→upper case changes,
/// lowercased, a plural `s` dropped, filler words left out.
pub(crate) fn words(text: &str) -> Vec<String> {
    const FILLER: [&str; 10] = [
        "per", "of", "the", "a", "an", "in", "and", "number", "num", "n",
    ];
    let mut out = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for c in text.chars() {
        if (!c.is_alphanumeric() || (prev_lower && c.is_uppercase())) && !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        }
        prev_lower = c.is_lowercase();
    }
    out.push(word);
    out.into_iter()
        .filter(|w| !w.is_empty() && !FILLER.contains(&w.as_str()))
        .map(|w| match w.strip_suffix('s') {
            Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
            _ => w,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &'static str, unit: Option<&'static str>, numerator: bool) -> Candidate<'static> {
        Candidate {
            name,
            unit,
            named: true,
            numerator,
        }
    }

    #[test]
    fn words_split_names_and_units() {
        assert_eq!(words("pianosPerHousehold"), ["piano", "household"]);
        assert_eq!(words("umbrella_m2"), ["umbrella", "m2"]);
        assert_eq!(words("m² of canopy"), ["m²", "canopy"]);
        assert_eq!(words("glass"), ["glass"]);
    }

    #[test]
    fn names_then_words_then_role() {
        let reference = [
            c("households", Some("households"), true),
            c("piano_share", Some("pianos per household"), true),
            c(
                "tunings_per_tuner",
                Some("tunings per tuner per year"),
                false,
            ),
        ];
        let answer = [
            c("tuner_capacity", None, false),
            c("households", None, true),
            c("pianos", None, true),
        ];
        let pairs = pair(&answer, &reference, &[]);
        assert_eq!(
            pairs,
            [
                (1, 0, MatchedBy::Name),
                (2, 1, MatchedBy::Words),
                (0, 2, MatchedBy::Words)
            ]
        );
        // A person moves `pianos` off and leaves it unmatched.
        let fix = [Correction {
            answer: "pianos".into(),
            reference: None,
        }];
        let pairs = pair(&answer, &reference, &fix);
        assert_eq!(pairs, [(1, 0, MatchedBy::Name), (0, 2, MatchedBy::Words)]);
    }
}
