//! Numbers in what a participant reads that give an item's answer away: `study check` flags a number of the
//! question's text, unit or clarification within 5% of the truth's median, or two of them whose ratio or
//! product is (a share given as "320 TWh of 503 TWh" against a truth of 63.7%). A share counts in percent
//! and as a fraction alike.

/// Relative closeness that counts as giving the answer away.
pub const HINT_TOLERANCE: f64 = 0.05;

/// The numbers written in a text: digits with `,` thousands separators and a `.` decimal part (`1,200.5`).
pub fn numbers(text: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, out: &mut Vec<f64>| {
        let t = current.trim_end_matches(['.', ',']).replace(',', "");
        if let Ok(x) = t.parse::<f64>()
            && x.is_finite()
        {
            out.push(x);
        }
        current.clear();
    };
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let next_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() || ((c == '.' || c == ',') && !current.is_empty() && next_digit) {
            current.push(c);
        } else if !current.is_empty() {
            flush(&mut current, &mut out);
        }
    }
    if !current.is_empty() {
        flush(&mut current, &mut out);
    }
    out
}

/// How the text gives away `truth` (a positive median in `unit`), in words; empty when it does not.
pub fn give_aways(text: &str, unit: &str, truth: f64) -> Vec<String> {
    if !(truth.is_finite() && truth > 0.0) {
        return Vec::new();
    }
    // A share may be written as a fraction or in percent whatever the unit says.
    let scales: &[f64] = if unit.contains("percent") || unit.contains('%') {
        &[1.0, 100.0, 0.01]
    } else if unit.contains("fraction") || unit.contains("share") {
        &[1.0, 0.01]
    } else {
        &[1.0]
    };
    let near = |x: f64| {
        scales
            .iter()
            .any(|scale| ((x * scale) - truth).abs() <= HINT_TOLERANCE * truth)
    };
    let values: Vec<f64> = numbers(text).into_iter().filter(|x| *x > 0.0).collect();
    let mut out = Vec::new();
    for &x in &values {
        if near(x) {
            out.push(format!("{x} is within 5% of the answer"));
        }
    }
    for (i, &a) in values.iter().enumerate() {
        for &b in &values[i + 1..] {
            for (what, x) in [
                (format!("{a} / {b}"), a / b),
                (format!("{b} / {a}"), b / a),
                (format!("{a} × {b}"), a * b),
            ] {
                if near(x) {
                    out.push(format!("{what} is within 5% of the answer"));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_as_written() {
        assert_eq!(
            numbers("320 TWh of 503 TWh, 1,200.5 km in 2023."),
            [320.0, 503.0, 1200.5, 2023.0]
        );
        assert_eq!(numbers("no figures"), Vec::<f64>::new());
    }

    #[test]
    fn a_share_given_by_two_figures_is_flagged_and_unrelated_figures_are_not() {
        let france =
            "Chosen: nuclear output as a share of net production in 2023: 320 TWh of 503 TWh.";
        let flags = give_aways(france, "percent of net production", 63.7);
        assert_eq!(flags, ["320 / 503 is within 5% of the answer"]);
        let venice = "Not the number of inlets (3) or of barrier rows (4) in 2020.";
        assert!(give_aways(venice, "gates", 78.0).is_empty());
        assert_eq!(give_aways("About 78 gates", "gates", 78.0).len(), 1);
    }
}
