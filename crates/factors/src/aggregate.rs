//! Which factors a group misses most, per question: attributions of many answers folded into one row per
//! (question, group, reference factor). For `study compare` (people against models) and any face that shows it.

use serde::{Deserialize, Serialize};

use crate::Attribution;

/// One reference factor of one question, over one group's answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FactorMiss {
    pub question: String,
    pub group: String,
    pub factor: String,
    /// Answers to the question in the group that were attributed.
    pub answers: usize,
    /// Of them, those with a factor matched to this one.
    pub matched: usize,
    /// Mean |contribution| over the matched answers, nats (`None` when none matched).
    pub mean_abs_contribution: Option<f64>,
    /// Mean contribution (signed: positive means too high), nats.
    pub mean_contribution: Option<f64>,
    /// Answers in which this factor carried the largest |contribution|.
    pub largest: usize,
}

/// Folds `(question, group, attribution)` triples into rows, sorted by question, group, then the factor missed
/// most (largest mean |contribution|) first. A reference factor no answer matched still gets a row (`matched` 0),
/// once some answer to its question has named it among the reference's factors.
pub fn aggregate<'a>(
    answers: impl IntoIterator<Item = (&'a str, &'a str, &'a Attribution)>,
) -> Vec<FactorMiss> {
    // (question, group, factor) → (answers, matched, Σ|c|, Σc, largest)
    let mut rows: Vec<(FactorMiss, f64, f64)> = Vec::new();
    let mut totals: Vec<((String, String), usize)> = Vec::new();
    for (question, group, a) in answers {
        let key = (question.to_string(), group.to_string());
        match totals.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => totals.push((key, 1)),
        }
        let top = a.factors.first().map(|r| r.reference.as_str());
        for side in &a.reference_factors {
            let i = match rows.iter().position(|(r, _, _)| {
                r.question == question && r.group == group && r.factor == side.name
            }) {
                Some(i) => i,
                None => {
                    rows.push((
                        FactorMiss {
                            question: question.to_string(),
                            group: group.to_string(),
                            factor: side.name.clone(),
                            answers: 0,
                            matched: 0,
                            mean_abs_contribution: None,
                            mean_contribution: None,
                            largest: 0,
                        },
                        0.0,
                        0.0,
                    ));
                    rows.len() - 1
                }
            };
            let (row, abs, signed) = &mut rows[i];
            if let Some(r) = a.factors.iter().find(|r| r.reference == side.name) {
                row.matched += 1;
                *abs += r.contribution.abs();
                *signed += r.contribution;
                if top == Some(side.name.as_str()) {
                    row.largest += 1;
                }
            }
        }
    }
    let mut out: Vec<FactorMiss> = rows
        .into_iter()
        .map(|(mut row, abs, signed)| {
            row.answers = totals
                .iter()
                .find(|((q, g), _)| *q == row.question && *g == row.group)
                .map_or(0, |(_, n)| *n);
            if row.matched > 0 {
                row.mean_abs_contribution = Some(abs / row.matched as f64);
                row.mean_contribution = Some(signed / row.matched as f64);
            }
            row
        })
        .collect();
    out.sort_by(|p, q| {
        (&p.question, &p.group)
            .cmp(&(&q.question, &q.group))
            .then(
                q.mean_abs_contribution
                    .unwrap_or(-1.0)
                    .total_cmp(&p.mean_abs_contribution.unwrap_or(-1.0)),
            )
            .then(p.factor.cmp(&q.factor))
    });
    out
}
