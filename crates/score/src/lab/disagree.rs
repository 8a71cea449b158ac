//! "Rules disagree": five stored answers to one question of the built-in pack, ranked by every rule side by side.
//! Each answer is kept relative to the question's truth (a shift in the truth's standard deviations and a width
//! factor), so its place in every ranking is the same whatever the truth's scale; the page shows it in the
//! question's units.

use serde::Serialize;

use super::{Belief, Quantiles, Report, Rule};

/// The built-in question whose truth the answers are scored against (a distribution truth, so it has a spread).
pub const QUESTION: &str = "raindrops-on-umbrella-california";

/// The rule every other ranking is compared with: the first column, and the rule the class board ranks by.
pub const REFERENCE: Rule = Rule::CramerLog;

/// One stored answer, relative to the truth.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct StoredAnswer {
    pub label: &'static str,
    /// What kind of answer it is, in words.
    pub description: &'static str,
    /// The shift of its median from the truth's, in the truth's standard deviations (on the log axis).
    pub shift_sds: f64,
    /// Its width as a factor of the truth's (0: a single number).
    pub width: f64,
}

impl StoredAnswer {
    /// The answer as a report against `truth`.
    pub fn report(&self, truth: &Belief) -> Report {
        Report::new(self.shift_sds * truth.s, self.width)
    }
}

/// The five answers, in the order they are listed.
pub const ANSWERS: [StoredAnswer; 5] = [
    StoredAnswer {
        label: "Ana",
        description: "sharp and right: a narrow range around the truth",
        shift_sds: 0.2,
        width: 0.5,
    },
    StoredAnswer {
        label: "Ben",
        description: "sharp and wrong: a narrow range in the wrong place",
        shift_sds: 2.5,
        width: 0.5,
    },
    StoredAnswer {
        label: "Chloé",
        description: "vague and right: centred on the truth, but very wide",
        shift_sds: 0.0,
        width: 3.0,
    },
    StoredAnswer {
        label: "Dev",
        description: "biased: the right width, placed too low",
        shift_sds: -1.5,
        width: 1.0,
    },
    StoredAnswer {
        label: "Emi",
        description: "a point: one number, no range at all",
        shift_sds: 0.3,
        width: 0.0,
    },
];

/// One rule's view of the answers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub rule: Rule,
    /// Each answer's expected score, in [`ANSWERS`]' order and the rule's own orientation.
    pub values: Vec<f64>,
    /// Each answer's rank, 1 = best; equal scores share a rank ("1, 2, 2, 4").
    pub ranks: Vec<usize>,
    /// Whether the answer's rank differs from its rank under [`REFERENCE`].
    pub moved: Vec<bool>,
}

/// The answers in the question's units and every rule's ranking of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Disagreement {
    pub answers: Vec<(StoredAnswer, Quantiles)>,
    /// One per rule, in [`Rule::ALL`]'s order.
    pub standings: Vec<Standing>,
}

/// Ranks of `values`, 1 = best in `rule`'s orientation, ties sharing the better rank.
fn ranks(rule: Rule, values: &[f64]) -> Vec<usize> {
    let orientation = rule.orientation();
    values
        .iter()
        .map(|&v| 1 + values.iter().filter(|&&w| orientation.better(w, v)).count())
        .collect()
}

/// The stored answers scored against `truth` by every rule: each expected score is the answer's score averaged
/// over outcomes drawn from the truth.
pub fn disagree(truth: &Belief) -> Disagreement {
    let reports: Vec<Report> = ANSWERS.iter().map(|a| a.report(truth)).collect();
    let rank_by = |rule: Rule| {
        let values: Vec<f64> = reports.iter().map(|r| rule.expected(truth, r)).collect();
        (ranks(rule, &values), values)
    };
    let (reference, _) = rank_by(REFERENCE);
    let standings = Rule::ALL
        .iter()
        .map(|&rule| {
            let (ranks, values) = rank_by(rule);
            let moved = ranks.iter().zip(&reference).map(|(a, b)| a != b).collect();
            Standing {
                rule,
                values,
                ranks,
                moved,
            }
        })
        .collect();
    Disagreement {
        answers: ANSWERS
            .iter()
            .zip(&reports)
            .map(|(a, r)| (*a, r.quantiles(truth)))
            .collect(),
        standings,
    }
}
