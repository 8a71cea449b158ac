//! What the lab draws, computed whole here so the page only draws it: each rule's expected score along one axis of
//! the report, and a heat map's shades and legend.

use serde::{Deserialize, Serialize};

use super::{Belief, End, HeatMap, Optimum, Orientation, Range, Report, Rule, optimum};

/// An axis of the report: the shift (drawn in decades) or the width (a factor, drawn on a log scale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    Shift,
    Width,
}

impl Axis {
    /// Where `report` sits on this axis, in the unit it is drawn in.
    pub fn of(self, report: &Report) -> f64 {
        match self {
            Axis::Shift => report.shift_decades(),
            Axis::Width => report.width,
        }
    }

    /// Whether the axis is drawn on a log scale.
    pub fn is_log(self) -> bool {
        self == Axis::Width
    }

    /// `range` with the other axis held where `report` is.
    fn along(self, range: &Range, report: &Report) -> Range {
        match self {
            Axis::Shift => Range {
                width_min: report.width,
                width_max: report.width,
                ..*range
            },
            Axis::Width => Range {
                shift_min: report.shift,
                shift_max: report.shift,
                ..*range
            },
        }
    }

    fn end(self, best: &Optimum) -> End {
        match self {
            Axis::Shift => best.shift_end,
            Axis::Width => best.width_end,
        }
    }
}

/// One rule's expected score along one axis, the other held where the report is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    pub rule: Rule,
    /// (place on the axis, expected score), in the axis's order.
    pub points: Vec<(f64, f64)>,
    /// The honest report's and the current report's places on the axis.
    pub honest: f64,
    pub current: f64,
    /// The rule's best point along the axis; `None` where the rule ignores the axis.
    pub best: Option<(f64, f64)>,
}

/// Every rule's curve along `axis` through `report`, at `n` points of `range` ([`Range::shifts`] or
/// [`Range::widths`]), in [`Rule::ALL`]'s order. Empty for an invalid range.
pub fn curves(belief: &Belief, report: &Report, range: &Range, axis: Axis, n: usize) -> Vec<Curve> {
    if !range.is_valid() {
        return vec![];
    }
    let grid: Vec<Report> = match axis {
        Axis::Shift => range
            .shifts(n)
            .into_iter()
            .map(|d| Report::new(d, report.width))
            .collect(),
        Axis::Width => range
            .widths(n)
            .into_iter()
            .map(|w| Report::new(report.shift, w))
            .collect(),
    };
    let along = axis.along(range, report);
    Rule::ALL
        .iter()
        .map(|&rule| Curve {
            rule,
            points: grid
                .iter()
                .map(|g| (axis.of(g), rule.expected(belief, g)))
                .collect(),
            honest: axis.of(&Report::HONEST),
            current: axis.of(report),
            best: optimum(rule, belief, &along)
                .filter(|o| axis.end(o) != End::Anywhere)
                .map(|o| (axis.of(&o.report), o.value)),
        })
        .collect()
}

impl HeatMap {
    /// Each value's shade in [0, 1] (same order as `values`): its rank among the map's distinct values, best
    /// first, over the number of distinct values less one. Equal values share a shade and the worst is 1; a rule
    /// whose numbers span orders of magnitude (the log score near a narrow report) still uses every shade.
    pub fn shades(&self) -> Vec<f64> {
        let (order, distinct) = self.ranked();
        let last = distinct.len().saturating_sub(1).max(1) as f64;
        let mut shades = vec![0.0; self.values.len()];
        for (i, rank) in order {
            shades[i] = rank as f64 / last;
        }
        shades
    }

    /// `n` (shade, value) pairs for a legend, at evenly spaced shades from 0 (best) to 1 (worst).
    pub fn legend(&self, n: usize) -> Vec<(f64, f64)> {
        let (_, distinct) = self.ranked();
        if distinct.is_empty() || n == 0 {
            return vec![];
        }
        let last = distinct.len() - 1;
        (0..n)
            .map(|k| {
                let t = if n == 1 {
                    0.0
                } else {
                    k as f64 / (n - 1) as f64
                };
                (t, distinct[(t * last as f64).round() as usize])
            })
            .collect()
    }

    /// Each value's index with its rank among the distinct values, and the distinct values, best first in the
    /// rule's orientation.
    fn ranked(&self) -> (Vec<(usize, usize)>, Vec<f64>) {
        let mut order: Vec<usize> = (0..self.values.len()).collect();
        let orientation = self.rule.orientation();
        order.sort_by(|&a, &b| {
            let (x, y) = (self.values[a], self.values[b]);
            match orientation {
                Orientation::LowerIsBetter => x.total_cmp(&y),
                Orientation::HigherIsBetter => y.total_cmp(&x),
            }
        });
        let mut distinct: Vec<f64> = Vec::new();
        let ranks = order
            .into_iter()
            .map(|i| {
                let v = self.values[i];
                if distinct.last() != Some(&v) {
                    distinct.push(v);
                }
                (i, distinct.len() - 1)
            })
            .collect();
        (ranks, distinct)
    }
}

/// An expected score as the lab shows it: four significant figures (at most four decimals), "∞" for the log
/// score of a point.
pub fn format_value(value: f64) -> String {
    if value.is_nan() {
        return "not a number".into();
    }
    if value.is_infinite() {
        return if value > 0.0 { "∞" } else { "−∞" }.into();
    }
    let magnitude = if value == 0.0 {
        0
    } else {
        libm::floor(libm::log10(value.abs())) as i32
    };
    let decimals = (3 - magnitude).clamp(0, 4) as usize;
    format!("{value:.decimals$}")
}
