//! What a question's unit means for how an answer is typed. One rule for the whole product: `%` in an answer
//! always multiplies by 0.01, and a question whose unit is a percentage is answered in percent points (`80`, not
//! `80%` and not `0.8`). So `80%` typed on such a question is most likely a slip, and the faces say so before Submit.

/// Whether a unit counts percent points: "percent", "percent of …", "per cent …", "percentage points", "%", "% of …".
pub fn is_percent_unit(unit: &str) -> bool {
    let unit = unit.trim().to_lowercase();
    ["%", "percent", "per cent", "percentage"]
        .iter()
        .any(|word| match unit.strip_prefix(word) {
            Some(rest) => rest.is_empty() || rest.starts_with(char::is_whitespace),
            None => false,
        })
}

/// A warning for an answer that is likely a unit slip, to show before Submit: on a question answered in percent
/// points, a number typed with `%` (which means ×0.01). `typed` is what the user wrote: the quick mode's two boxes, or
/// the program. `None` when there is nothing to warn about.
pub fn unit_warning(unit: &str, typed: &[&str]) -> Option<String> {
    if !is_percent_unit(unit) {
        return None;
    }
    let slip = typed.iter().find_map(|text| percent_number(text))?;
    let points = slip.trim_end_matches('%');
    let means = fermi_num::parse_readable(slip).map_or_else(
        || "a hundredth of that".to_string(),
        |x| format!("{} percent", fermi_num::format_readable(x)),
    );
    Some(format!(
        "The unit here is percent: “{slip}” means {means}, because % multiplies by 0.01. To answer {points} \
         percent, type {points}."
    ))
}

/// The first number written with a `%` suffix (`80%`, `0.5%`, `1_000%`), outside line comments (`//`, `#`).
fn percent_number(text: &str) -> Option<&str> {
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let code = code.split('#').next().unwrap_or("");
        let bytes = code.as_bytes();
        for (i, _) in code.match_indices('%') {
            let start = code[..i]
                .rfind(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '_')))
                .map_or(0, |j| j + 1);
            let number = &code[start..i];
            // A number, not a word ending in digits (`x1%`) nor the tail of an exponent (`1e3%` counts from `1`).
            let after_word =
                start > 0 && (bytes[start - 1].is_ascii_alphabetic() || bytes[start - 1] == b'_');
            if number.bytes().any(|b| b.is_ascii_digit()) && !after_word {
                return Some(&code[start..=i]);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_units_are_told_apart() {
        for (unit, percent) in [
            ("percent", true),
            ("percent of new passenger car registrations", true),
            ("Percent of the labour force", true),
            ("per cent of households", true),
            ("percentage points", true),
            ("%", true),
            ("% of GDP", true),
            ("fraction of land area", false),
            ("percentile", false),
            ("people per km²", false),
            ("US dollars", false),
            ("", false),
        ] {
            assert_eq!(is_percent_unit(unit), percent, "{unit}");
        }
    }

    #[test]
    fn a_percent_sign_on_a_percent_unit_is_flagged() {
        let unit = "percent of new passenger car registrations";
        for (typed, slip) in [
            (
                &["80%", "95%"][..],
                Some(
                    "“80%” means 0.8 percent, because % multiplies by 0.01. To answer 80 percent, type 80.",
                ),
            ),
            (&["80", "95%"], Some("“95%” means 0.95 percent")),
            (&["0.5%", "2"], Some("type 0.5.")),
            (&["to(80%, 95%)"], Some("“80%” means")),
            (&["share = 80% to 95%\nshare"], Some("“80%”")),
            (&["80% 95%  # fermi"], Some("“80%”")),
            (&["80", "95"], None),
            (&["to(80, 95) // not 80%"], None),
            (&["x1% "], None),
            (&[""], None),
        ] {
            let got = unit_warning(unit, typed);
            match slip {
                Some(part) => {
                    let got = got.unwrap_or_else(|| panic!("{typed:?}: no warning"));
                    assert!(got.contains(part), "{typed:?}: {got}");
                }
                None => assert_eq!(got, None, "{typed:?}"),
            }
        }
        assert_eq!(unit_warning("fraction of land area", &["30%", "40%"]), None);
        assert_eq!(unit_warning("people", &["80%"]), None);
    }
}
