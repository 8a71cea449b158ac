//! The bonus rule (`[study.bonus]`): a payment per scored item falling linearly with the item's Cramér-log
//! score, a proper score, so the best-paid report is the participant's honest belief (up to the floor at zero).

use serde::{Deserialize, Serialize};

use crate::score::{ItemRow, RowStatus};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// Paid for a perfect answer (Cramér-log 0), in the study's currency.
    pub per_item: f64,
    /// The Cramér-log at which an item pays nothing (and beyond which it pays nothing either).
    pub zero_at: f64,
    /// The most one participant is paid.
    pub max_total: Option<f64>,
}

impl Bonus {
    /// What is wrong with the rule.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !(self.per_item.is_finite() && self.per_item > 0.0) {
            out.push("per_item must be a positive amount".into());
        }
        if !(self.zero_at.is_finite() && self.zero_at > 0.0) {
            out.push("zero_at must be a positive Cramér-log score".into());
        }
        if self.max_total.is_some_and(|m| !(m.is_finite() && m > 0.0)) {
            out.push("max_total must be a positive amount".into());
        }
        out
    }

    /// One item's pay: `per_item × max(0, 1 − cramer_log / zero_at)`; nothing for a skip or a failure.
    pub fn item(&self, row: &ItemRow) -> f64 {
        match (row.status, row.score) {
            (RowStatus::Answered, Some(s)) => {
                self.per_item * (1.0 - s.cramer_log / self.zero_at).max(0.0)
            }
            _ => 0.0,
        }
    }

    /// A participant's bonus over their scored rows, capped and rounded to the cent.
    pub fn total(&self, rows: &[ItemRow]) -> f64 {
        let sum: f64 = rows.iter().map(|r| self.item(r)).sum();
        let capped = self.max_total.map_or(sum, |m| sum.min(m));
        (capped * 100.0).round() / 100.0
    }
}
