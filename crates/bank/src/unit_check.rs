//! Whether an answer's scale fits its question's unit. One rule for the whole product: `%` typed in an answer always
//! means ÷100 (`95%` is 0.95), as in Squiggle; a question whose unit is percent is answered in percent points
//! (`95`), and one whose unit is a fraction in fractions (`0.95` or `95%`). So `80%` on a percent question is 0.8
//! percent — almost always a slip, flagged before Submit.

use fermi_num::format_readable;

/// What scale a question's unit puts its answers on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitScale {
    /// "percent", "percent of the labour force", "%": answers are percent points, 0–100.
    Percent,
    /// "fraction of land area", "share (0–1)": answers are fractions, 0–1.
    Fraction,
    /// Anything else: no scale to check.
    Other,
}

impl UnitScale {
    pub fn of(unit: &str) -> UnitScale {
        let unit = unit.trim().to_lowercase();
        if ["percent", "per cent", "%"]
            .iter()
            .any(|p| unit.starts_with(p))
        {
            UnitScale::Percent
        } else if unit.starts_with("fraction") {
            UnitScale::Fraction
        } else {
            UnitScale::Other
        }
    }
}

/// A warning when an estimate with 5th and 95th percentiles `p5`, `p95` looks like the wrong scale for `unit`;
/// `None` when it fits (or cannot be judged).
pub fn unit_warning(unit: &str, p5: f64, p95: f64) -> Option<String> {
    if !(p5.is_finite() && p95.is_finite() && p5 > 0.0) {
        return None;
    }
    match UnitScale::of(unit) {
        UnitScale::Percent if p95 <= 1.0 => Some(format!(
            "This question is answered in percent: your estimate reads {} to {} percent. If you meant {} to {} \
             percent, type the numbers without % (here % means ÷100: 80% is 0.8).",
            format_readable(p5),
            format_readable(p95),
            format_readable(p5 * 100.0),
            format_readable(p95 * 100.0),
        )),
        UnitScale::Fraction if p5 > 1.0 => Some(format!(
            "This question asks for a fraction between 0 and 1: your estimate reads {} to {}, more than the whole. If \
             you meant percent, type it with % ({}% is {}).",
            format_readable(p5),
            format_readable(p95),
            format_readable(p5),
            format_readable(p5 / 100.0),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_scale_of_a_unit() {
        let cases = [
            ("percent", UnitScale::Percent),
            ("percent of the labour force", UnitScale::Percent),
            ("Percent of new vehicle sales", UnitScale::Percent),
            ("per cent of households", UnitScale::Percent),
            ("%", UnitScale::Percent),
            ("percentage of adults", UnitScale::Percent),
            ("fraction of land area", UnitScale::Fraction),
            ("people per square kilometre", UnitScale::Other),
            ("per capita kilograms", UnitScale::Other),
            (
                "ratio (2023 area burned / 10-year average)",
                UnitScale::Other,
            ),
            ("grams per person per day", UnitScale::Other),
            ("", UnitScale::Other),
        ];
        for (unit, want) in cases {
            assert_eq!(UnitScale::of(unit), want, "{unit:?}");
        }
    }

    #[test]
    fn flags_an_answer_on_the_wrong_scale() {
        // `80%`–`95%` typed on a percent question: 0.8–0.95 percent.
        let slip = unit_warning("percent of new vehicle sales", 0.8, 0.95).expect("flagged");
        assert!(slip.contains("0.8 to 0.95 percent"), "{slip}");
        assert!(slip.contains("80 to 95 percent"), "{slip}");
        let over = unit_warning("fraction of land area", 30.0, 40.0).expect("flagged");
        assert!(over.contains("30% is 0.3"), "{over}");
        let fits = [
            ("percent of new vehicle sales", 80.0, 95.0),
            ("percent", 2.0, 12.0),
            ("fraction of land area", 0.3, 0.4),
            ("fraction of land area", 0.5, 1.2),
            ("people", 0.5, 0.9),
            ("percent", f64::NAN, 3.0),
            ("percent", 0.0, 0.5),
        ];
        for (unit, p5, p95) in fits {
            assert_eq!(unit_warning(unit, p5, p95), None, "{unit} {p5}–{p95}");
        }
    }

    #[test]
    fn every_percent_or_fraction_unit_of_the_built_in_pack_is_recognised() {
        for q in crate::builtin().questions {
            let unit = q.unit.to_lowercase();
            let scale = UnitScale::of(&q.unit);
            if unit.starts_with("percent") {
                assert_eq!(scale, UnitScale::Percent, "{}: {}", q.id, q.unit);
            } else if unit.starts_with("fraction") {
                assert_eq!(scale, UnitScale::Fraction, "{}: {}", q.id, q.unit);
            } else {
                assert_eq!(scale, UnitScale::Other, "{}: {}", q.id, q.unit);
            }
        }
    }
}
