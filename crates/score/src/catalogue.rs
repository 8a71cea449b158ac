//! The comparison rules as people see them: each one's value, what it rewards and where it fails. Kept in the core
//! so that the browser and the CLI say the same thing. The lab's rules say here what they are and what they reward.

use crate::lab::Rule;
use crate::report::Report;

/// A rule's value as it should be read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RuleValue {
    /// A distance or penalty in nats: lower is better.
    Nats(f64),
    /// Undefined for this pair (a zero spread on one side).
    Undefined,
    /// A score in [0, 1]: higher is better.
    Fraction(f64),
    /// Pass or fail.
    Hit(bool),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RuleLine {
    pub name: &'static str,
    pub value: RuleValue,
    pub rewards: &'static str,
    pub weakness: &'static str,
}

/// How far the medians may differ, in decades, for an order-of-magnitude hit.
pub const ORDER_OF_MAGNITUDE_DECADES: f64 = 0.5;

fn nats_or_undefined(x: Option<f64>) -> RuleValue {
    x.map_or(RuleValue::Undefined, RuleValue::Nats)
}

impl Report {
    /// The medians are within half a decade of each other.
    pub fn order_of_magnitude_hit(&self) -> bool {
        self.diagnostics.bias_median_decades.abs() <= ORDER_OF_MAGNITUDE_DECADES
    }

    /// Cramér-log and every rule it is compared with, in the order they are taught.
    pub fn comparison_rules(&self) -> [RuleLine; 9] {
        let line = |name, value, rewards, weakness| RuleLine {
            name,
            value,
            rewards,
            weakness,
        };
        [
            line(
                "Cramér-log",
                RuleValue::Nats(self.cramer_log),
                "matching the whole distribution on the log axis",
                "needs many samples: a floor of sampling noise",
            ),
            line(
                "CRPS-log",
                RuleValue::Nats(self.crps_log),
                "a sharp estimate at the truth's median",
                "ignores the truth's spread, so collapsing to a point pays",
            ),
            line(
                "KL-log (yours → truth)",
                nats_or_undefined(self.kl_log_q_FG),
                "normal fits whose shapes agree",
                "blows up when the two barely overlap",
            ),
            line(
                "KL-log (truth → yours)",
                nats_or_undefined(self.kl_log_q_GF),
                "covering everything the truth allows",
                "blows up when yours is too narrow",
            ),
            line(
                "W1-log",
                RuleValue::Nats(self.w1_log),
                "a small average distance in log units",
                "weighs a near miss and a wide miss linearly",
            ),
            line(
                "Log score (higher is better)",
                nats_or_undefined(self.log_score),
                "density where the truth lies",
                "unbounded below: one miss dominates an average",
            ),
            line(
                "Winkler 90% (expected)",
                RuleValue::Nats(self.winkler90_expected),
                "a narrow interval that covers the truth",
                "sees only two quantiles",
            ),
            line(
                "fp_score",
                RuleValue::Fraction(self.fp_score),
                "a median within three decades",
                "looks at one number, never the spread",
            ),
            line(
                "Order of magnitude",
                RuleValue::Hit(self.order_of_magnitude_hit()),
                "a median within half a decade",
                "pass/fail: no credit for being close",
            ),
        ]
    }
}

impl Rule {
    /// One line saying what the number is, without jargon.
    pub fn definition(self) -> &'static str {
        match self {
            Rule::CrpsLog => {
                "how far your whole distribution sits from the outcome, on the log axis (in nats)"
            }
            Rule::LogScore => {
                "minus the log of how much probability you put near the outcome (lower is better)"
            }
            Rule::Winkler90 => {
                "the width of your 90% interval plus 20 times how far the outcome falls outside it"
            }
            Rule::Pinball => {
                "the average penalty of your 5%, 50% and 95% quantiles, each weighted by which side it misses on"
            }
            Rule::MedianAbsError => "how far your median is from the outcome, on the log axis",
            Rule::HitRate90 => "how often the outcome lands inside your 90% interval",
            Rule::LinearScore => "how much probability density you put at the outcome itself",
            Rule::CramerLog => {
                "the squared gap between your cumulative curve and the belief's, summed over the log axis"
            }
        }
    }

    /// One sentence on what the rule rewards.
    pub fn rewards(self) -> &'static str {
        match self {
            Rule::CrpsLog => {
                "Rewards reporting what you believe: both the centre and the width count, in log units."
            }
            Rule::LogScore => {
                "Rewards reporting what you believe, and punishes overconfidence hardest: a miss far outside a \
                 narrow report costs without limit."
            }
            Rule::Winkler90 => {
                "Rewards a 90% interval that really is your 90% interval: too narrow pays 20 times the miss, too \
                 wide pays its width."
            }
            Rule::Pinball => {
                "Rewards each quantile being truly your 5%, 50% or 95% point, and nothing beyond those three."
            }
            Rule::MedianAbsError => {
                "Rewards a well-placed median and ignores the width entirely, so it cannot tell a forecast from a \
                 guess."
            }
            Rule::HitRate90 => {
                "Rewards wide intervals without limit: an interval from zero to infinity always hits."
            }
            Rule::LinearScore => {
                "Rewards piling probability on your best guess: a report sharper than your belief scores better."
            }
            Rule::CramerLog => {
                "Zero only when your report is exactly your belief; any shift or change of width adds to it."
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Truth, score};

    #[test]
    fn order_of_magnitude_hit_is_half_a_decade_either_way() {
        let truth = Truth::Point(100.0);
        let at = |median: f64| {
            score(&[median * 0.9, median, median * 1.1], &truth)
                .unwrap()
                .order_of_magnitude_hit()
        };
        assert!(at(100.0));
        assert!(at(310.0) && at(33.0));
        assert!(!at(330.0) && !at(31.0));
    }

    #[test]
    fn every_rule_is_listed_once_with_its_value() {
        let report = score(
            &[50.0, 80.0, 120.0, 200.0],
            &Truth::lognormal_from_p5_p95(60.0, 150.0),
        )
        .unwrap();
        let rules = report.comparison_rules();
        let names: std::collections::HashSet<_> = rules.iter().map(|r| r.name).collect();
        assert_eq!(names.len(), rules.len());
        assert_eq!(rules[0].value, super::RuleValue::Nats(report.cramer_log));
        assert_eq!(rules[7].value, super::RuleValue::Fraction(report.fp_score));
        assert!(
            rules
                .iter()
                .all(|r| !r.rewards.is_empty() && !r.weakness.is_empty())
        );
    }
}
