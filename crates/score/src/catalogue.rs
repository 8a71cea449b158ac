//! The rule table: every scoring rule any face shows (the practice page's table, the lab, the class board, the
//! CLI), with its name, what it measures, which way it is read, its unit, whether it is proper, and the words the
//! lessons use. Faces take names, orientations and words from here and nowhere else, so "log score" means one
//! thing, read one way, everywhere.

use serde::{Deserialize, Serialize};

use crate::report::Report;

/// Which way a rule's numbers are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    LowerIsBetter,
    HigherIsBetter,
}

impl Orientation {
    /// "lower is better" or "higher is better".
    pub fn label(self) -> &'static str {
        match self {
            Orientation::LowerIsBetter => "lower is better",
            Orientation::HigherIsBetter => "higher is better",
        }
    }

    /// Whether `a` is strictly better than `b`.
    pub fn better(self, a: f64, b: f64) -> bool {
        match self {
            Orientation::LowerIsBetter => a < b,
            Orientation::HigherIsBetter => a > b,
        }
    }
}

/// Whether reporting what you believe is the best you can do, on average over outcomes drawn from your belief.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Propriety {
    /// Your belief scores best, and nothing else scores as well.
    StrictlyProper,
    /// Your belief scores best, but other reports can tie with it (the rule ignores part of the forecast).
    Proper,
    /// Proper for the few quantiles the rule looks at: the rest of the forecast does not count.
    ProperForQuantiles,
    /// Some report other than your belief scores better.
    Improper,
}

impl Propriety {
    pub fn label(self) -> &'static str {
        match self {
            Propriety::StrictlyProper => "strictly proper",
            Propriety::Proper => "proper",
            Propriety::ProperForQuantiles => "proper for the quantiles it uses",
            Propriety::Improper => "improper",
        }
    }

    /// Whether the honest report is among the best.
    pub fn is_proper(self) -> bool {
        self != Propriety::Improper
    }
}

/// What a rule's number is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Natural-log units on the log axis (1 decade = 2.303 nats).
    Nats,
    /// A density on the log axis, per nat.
    PerNat,
    /// A score from 0 to 1.
    Fraction,
    /// A chance: the share of outcomes (over many answers, the share of answers).
    Share,
    /// Hit or miss.
    Hit,
}

impl Unit {
    pub fn label(self) -> &'static str {
        match self {
            Unit::Nats => "nats",
            Unit::PerNat => "per nat",
            Unit::Fraction => "0 to 1",
            Unit::Share => "share of outcomes",
            Unit::Hit => "hit or miss",
        }
    }
}

/// Every rule of the table, in the order they are taught.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleId {
    CramerLog,
    CrpsLog,
    KlLogFG,
    KlLogGF,
    W1Log,
    LogScore,
    Winkler90,
    Pinball,
    MedianError,
    HitRate90,
    LinearScore,
    FpScore,
    OrderOfMagnitude,
}

/// One row of the rule table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RuleEntry {
    pub id: RuleId,
    pub name: &'static str,
    /// The key of its value in a report's JSON (`score --json`, `eval`'s scores), where a report carries it.
    pub key: Option<&'static str>,
    /// What the number is, in one line without jargon.
    pub measures: &'static str,
    /// What it rewards, as a phrase ("rewards …").
    pub rewards: &'static str,
    /// Where it fails, as a phrase.
    pub weakness: &'static str,
    pub orientation: Orientation,
    pub unit: Unit,
    pub propriety: Propriety,
}

impl RuleEntry {
    /// "lower is better" or "higher is better".
    pub fn reading(&self) -> &'static str {
        self.orientation.label()
    }

    /// The row in words: "It measures …. It rewards …. Weakness: …. Strictly proper; nats, lower is better."
    pub fn sentence(&self) -> String {
        let proper = self.propriety.label();
        let mut chars = proper.chars();
        let proper: String = chars
            .next()
            .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect());
        format!(
            "It measures {}. It rewards {}. Weakness: {}. {proper}; {}, {}.",
            self.measures,
            self.rewards,
            self.weakness,
            self.unit.label(),
            self.reading()
        )
    }
}

const fn entry(
    id: RuleId,
    name: &'static str,
    key: Option<&'static str>,
    orientation: Orientation,
    unit: Unit,
    propriety: Propriety,
    [measures, rewards, weakness]: [&'static str; 3],
) -> RuleEntry {
    RuleEntry {
        id,
        name,
        key,
        measures,
        rewards,
        weakness,
        orientation,
        unit,
        propriety,
    }
}

use Orientation::{HigherIsBetter as Higher, LowerIsBetter as Lower};

/// The rule table, in [`RuleId`]'s order.
pub const RULES: [RuleEntry; 13] = [
    entry(
        RuleId::CramerLog,
        "Cramér-log",
        Some("cramer_log"),
        Lower,
        Unit::Nats,
        Propriety::StrictlyProper,
        [
            "the squared gap between your cumulative curve and the truth's, summed over the log axis",
            "matching the whole distribution, its centre and its width, on the log axis",
            "needs many samples: sampling noise sets a floor under it",
        ],
    ),
    entry(
        RuleId::CrpsLog,
        "CRPS-log",
        Some("crps_log"),
        Lower,
        Unit::Nats,
        Propriety::StrictlyProper,
        [
            "how far your whole distribution sits from one outcome, on the log axis",
            "a forecast centred on the outcome and no wider than it has to be",
            "it scores one number: against a truth with a spread the playground uses the truth's median, and there \
             a point at that median scores best",
        ],
    ),
    entry(
        RuleId::KlLogFG,
        "KL-log (yours → truth)",
        Some("kl_log_q_FG"),
        Lower,
        Unit::Nats,
        Propriety::Proper,
        [
            "the Kullback–Leibler divergence of your normal fit from the truth's, on the log axis",
            "normal fits whose shapes agree",
            "sees only the normal fits, and blows up when the two barely overlap",
        ],
    ),
    entry(
        RuleId::KlLogGF,
        "KL-log (truth → yours)",
        Some("kl_log_q_GF"),
        Lower,
        Unit::Nats,
        Propriety::Proper,
        [
            "the Kullback–Leibler divergence of the truth's normal fit from yours, on the log axis",
            "covering everything the truth allows",
            "sees only the normal fits, and blows up when yours is too narrow",
        ],
    ),
    entry(
        RuleId::W1Log,
        "W1-log",
        Some("w1_log"),
        Lower,
        Unit::Nats,
        Propriety::Improper,
        [
            "the area between your cumulative curve and the truth's, on the log axis",
            "a small average distance in log units",
            "against one true number it is your samples' average distance to it, which a single number at the \
             median makes smallest",
        ],
    ),
    entry(
        RuleId::LogScore,
        "Log score",
        Some("log_score"),
        Higher,
        Unit::Nats,
        Propriety::StrictlyProper,
        [
            "the log of the density your forecast (a normal fitted on the log axis) puts at the outcome",
            "putting probability where the outcome lands",
            "unbounded below: one miss far outside a narrow forecast dominates an average",
        ],
    ),
    entry(
        RuleId::Winkler90,
        "Winkler 90%",
        Some("winkler90_expected"),
        Lower,
        Unit::Nats,
        Propriety::ProperForQuantiles,
        [
            "the width of your 90% interval plus 20 times how far the outcome falls outside it, on the log axis",
            "a 90% interval that really is your 90% interval",
            "sees only your 5% and 95% points",
        ],
    ),
    entry(
        RuleId::Pinball,
        "Pinball 5/50/95%",
        None,
        Lower,
        Unit::Nats,
        Propriety::ProperForQuantiles,
        [
            "the average penalty of your 5%, 50% and 95% points, each weighted by the side it misses on",
            "each of the three points being truly your 5%, 50% or 95% point",
            "sees nothing beyond those three points",
        ],
    ),
    entry(
        RuleId::MedianError,
        "Median error",
        None,
        Lower,
        Unit::Nats,
        Propriety::Proper,
        [
            "how far your median is from the outcome, on the log axis",
            "a well-placed median",
            "ignores the width entirely, so it cannot tell a forecast from a guess",
        ],
    ),
    entry(
        RuleId::HitRate90,
        "90% hit rate",
        Some("median_in_interval90"),
        Higher,
        Unit::Share,
        Propriety::Improper,
        [
            "whether the outcome lands inside your 90% interval: over many answers, how often",
            "intervals that catch the outcome",
            "wider always scores better: an interval from zero to infinity always hits",
        ],
    ),
    entry(
        RuleId::LinearScore,
        "Linear score",
        None,
        Higher,
        Unit::PerNat,
        Propriety::Improper,
        [
            "the density your forecast puts at the outcome itself",
            "piling probability on your best guess",
            "a forecast sharper than your belief scores better",
        ],
    ),
    entry(
        RuleId::FpScore,
        "fp_score",
        Some("fp_score"),
        Higher,
        Unit::Fraction,
        Propriety::Improper,
        [
            "1 minus a third of the decades between your median and the truth's, and 0 from three decades off",
            "a median within three decades",
            "looks at one number, never the spread, and every miss past three decades scores the same",
        ],
    ),
    entry(
        RuleId::OrderOfMagnitude,
        "Order of magnitude",
        None,
        Higher,
        Unit::Hit,
        Propriety::Improper,
        [
            "whether your median is within half a decade of the truth's",
            "a median within half a decade",
            "pass or fail: no credit for being close, and none for the spread",
        ],
    ),
];

impl RuleId {
    pub const ALL: [RuleId; 13] = RULES_IDS;

    /// Its row of [`RULES`].
    pub fn entry(self) -> &'static RuleEntry {
        &RULES[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.entry().name
    }

    pub fn orientation(self) -> Orientation {
        self.entry().orientation
    }

    pub fn propriety(self) -> Propriety {
        self.entry().propriety
    }

    /// The rule whose name is `name`, as every face shows it.
    pub fn named(name: &str) -> Option<RuleId> {
        RULES.iter().find(|r| r.name == name).map(|r| r.id)
    }
}

const RULES_IDS: [RuleId; 13] = {
    let mut ids = [RuleId::CramerLog; 13];
    let mut i = 0;
    while i < RULES.len() {
        ids[i] = RULES[i].id;
        i += 1;
    }
    ids
};

/// A rule's value on one answer; in JSON a number, `null` or `true`/`false`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RuleValue {
    /// A number, read in its rule's orientation and unit.
    Number(f64),
    /// Undefined for this pair (a zero spread on one side).
    Undefined,
    /// Pass or fail.
    Hit(bool),
}

/// A rule of the table with its value on one answer (in JSON the row's fields and `value`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RuleLine {
    #[serde(flatten)]
    pub rule: &'static RuleEntry,
    pub value: RuleValue,
}

/// How far the medians may differ, in decades, for an order-of-magnitude hit.
pub const ORDER_OF_MAGNITUDE_DECADES: f64 = 0.5;

impl Report {
    /// The medians are within half a decade of each other.
    pub fn order_of_magnitude_hit(&self) -> bool {
        self.diagnostics.bias_median_decades.abs() <= ORDER_OF_MAGNITUDE_DECADES
    }

    /// This report's value of `rule`; `None` for a rule that needs more than one answer's report (pinball, the
    /// median error and the linear score are the lab's, over a belief).
    pub fn value(&self, rule: RuleId) -> Option<RuleValue> {
        let number = RuleValue::Number;
        let maybe = |x: Option<f64>| x.map_or(RuleValue::Undefined, RuleValue::Number);
        Some(match rule {
            RuleId::CramerLog => number(self.cramer_log),
            RuleId::CrpsLog => number(self.crps_log),
            RuleId::KlLogFG => maybe(self.kl_log_q_FG),
            RuleId::KlLogGF => maybe(self.kl_log_q_GF),
            RuleId::W1Log => number(self.w1_log),
            RuleId::LogScore => maybe(self.log_score),
            RuleId::Winkler90 => number(self.winkler90_expected),
            RuleId::HitRate90 => RuleValue::Hit(self.median_in_interval90),
            RuleId::FpScore => number(self.fp_score),
            RuleId::OrderOfMagnitude => RuleValue::Hit(self.order_of_magnitude_hit()),
            RuleId::Pinball | RuleId::MedianError | RuleId::LinearScore => return None,
        })
    }

    /// Cramér-log and every rule it is compared with that a report carries, in the table's order: the practice
    /// page's rules table and the CLI's `rules`.
    pub fn comparison_rules(&self) -> Vec<RuleLine> {
        RULES
            .iter()
            .filter_map(|rule| self.value(rule.id).map(|value| RuleLine { rule, value }))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn the_table_is_in_its_ids_order_with_one_name_each() {
        for (i, rule) in RULES.iter().enumerate() {
            assert_eq!(rule.id as usize, i, "{}", rule.name);
            assert_eq!(RuleId::ALL[i], rule.id);
            assert_eq!(RuleId::named(rule.name), Some(rule.id));
            assert!(
                !rule.measures.is_empty() && !rule.rewards.is_empty() && !rule.weakness.is_empty()
            );
        }
        let names: std::collections::HashSet<_> = RULES.iter().map(|r| r.name).collect();
        assert_eq!(names.len(), RULES.len());
    }

    #[test]
    fn a_report_gives_every_rule_it_carries_under_its_json_key() {
        let report = score(
            &[50.0, 80.0, 120.0, 200.0],
            &Truth::lognormal_from_p5_p95(60.0, 150.0),
        )
        .unwrap();
        let json = serde_json::to_value(&report).unwrap();
        let lines = report.comparison_rules();
        assert_eq!(lines[0].rule.id, RuleId::CramerLog);
        assert_eq!(lines[0].value, RuleValue::Number(report.cramer_log));
        for line in &lines {
            let shown = match line.value {
                RuleValue::Number(x) => serde_json::json!(x),
                RuleValue::Undefined => serde_json::Value::Null,
                RuleValue::Hit(hit) => serde_json::json!(hit),
            };
            match line.rule.key {
                Some(key) => assert_eq!(json[key], shown, "{key}"),
                // Only the order-of-magnitude hit is derived rather than a key of the report.
                None => assert_eq!(line.rule.id, RuleId::OrderOfMagnitude),
            }
        }
    }
}
