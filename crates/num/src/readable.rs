//! Human-readable numbers: `9.4e10` ↔ "94 billion". People who estimate keep miscounting zeros.

const SCALES: [(f64, &str); 4] = [
    (1e12, "trillion"),
    (1e9, "billion"),
    (1e6, "million"),
    (1e3, "thousand"),
];

/// Three significant digits, with a scale word from a thousand up to a trillion; small numbers in plain decimals
/// down to 1e-6, scientific notation beyond either end.
pub fn format_readable(x: f64) -> String {
    if x.is_nan() {
        return "not a number".into();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "infinity".into()
        } else {
            "minus infinity".into()
        };
    }
    if x == 0.0 {
        return "0".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    // Round to 3 significant digits first, so 999.6 becomes "1 thousand", not "1000".
    let r: f64 = format!("{:.2e}", x.abs()).parse().unwrap_or(x.abs());
    if !(1e-6..1e15).contains(&r) {
        let sci = format!("{r:.2e}");
        let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
        return format!("{sign}{}e{exp}", trim_zeros(mantissa));
    }
    for (scale, word) in SCALES {
        if r >= scale {
            return format!("{sign}{} {word}", three_digits(r / scale));
        }
    }
    if r >= 1.0 {
        return format!("{sign}{}", three_digits(r));
    }
    // 0.00123: as many decimals as it takes to show three significant digits.
    let mut decimals = 2;
    let mut m = r;
    while m < 1.0 {
        m *= 10.0;
        decimals += 1;
    }
    format!("{sign}{}", trim_zeros(&format!("{r:.decimals$}")))
}

/// `m` in [1, 1000) with three significant digits, trailing zeros dropped.
fn three_digits(m: f64) -> String {
    let decimals = if m >= 100.0 {
        0
    } else if m >= 10.0 {
        1
    } else {
        2
    };
    trim_zeros(&format!("{m:.decimals$}"))
}

fn trim_zeros(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

/// Reads "94 billion", "98.3e9", "1.5k", "2 million", "1,500", "40%". `None` if it is not a number.
pub fn parse_readable(text: &str) -> Option<f64> {
    let text = text.trim();
    let split = text
        .char_indices()
        .find(|&(i, c)| c.is_alphabetic() && !is_exponent(text, i) || c == '%')
        .map_or(text.len(), |(i, _)| i);
    let (number, word) = text.split_at(split);
    let number: String = number
        .trim()
        .chars()
        .filter(|&c| c != ',' && c != '_')
        .collect();
    if number.is_empty()
        || !number
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
    {
        return None;
    }
    let value: f64 = number.parse().ok()?;
    let multiplier = match word.trim() {
        "" => 1.0,
        "%" => 1e-2,
        "k" | "K" => 1e3,
        "M" | "mn" => 1e6,
        "B" | "bn" | "G" => 1e9,
        "T" | "tn" => 1e12,
        w => match w.to_lowercase().as_str() {
            "thousand" => 1e3,
            "million" | "millions" => 1e6,
            "billion" | "billions" => 1e9,
            "trillion" | "trillions" => 1e12,
            _ => return None,
        },
    };
    let x = value * multiplier;
    x.is_finite().then_some(x)
}

/// Whether the `e` at byte `i` is an exponent marker (digit before, digit or sign after).
fn is_exponent(text: &str, i: usize) -> bool {
    let bytes = text.as_bytes();
    matches!(bytes[i], b'e' | b'E')
        && i > 0
        && (bytes[i - 1].is_ascii_digit() || bytes[i - 1] == b'.')
        && bytes
            .get(i + 1)
            .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_three_significant_digits() {
        let cases: &[(f64, &str)] = &[
            (9.4e10, "94 billion"),
            (9.4e10 + 1.0, "94 billion"),
            (1.234e12, "1.23 trillion"),
            (2.5e6, "2.5 million"),
            (1500.0, "1.5 thousand"),
            (999.6, "1 thousand"),
            (999_600_000.0, "1 billion"),
            (123.456, "123"),
            (12.345, "12.3"),
            (1.0, "1"),
            (0.5, "0.5"),
            (0.0015, "0.0015"),
            (0.00123456, "0.00123"),
            (0.1, "0.1"),
            (0.0, "0"),
            (-2.5e9, "-2.5 billion"),
            (3.2e16, "3.2e16"),
            (4e-8, "4e-8"),
            (f64::NAN, "not a number"),
            (f64::INFINITY, "infinity"),
        ];
        for &(x, want) in cases {
            assert_eq!(format_readable(x), want, "format_readable({x:e})");
        }
    }

    #[test]
    fn parses_words_suffixes_and_exponents() {
        let cases: &[(&str, Option<f64>)] = &[
            ("94 billion", Some(9.4e10)),
            ("98.3e9", Some(98.3e9)),
            ("1.5k", Some(1500.0)),
            ("2 million", Some(2e6)),
            ("2 Million", Some(2e6)),
            ("3 trillion", Some(3e12)),
            ("1,500", Some(1500.0)),
            ("40%", Some(0.4)),
            ("  7  ", Some(7.0)),
            ("2.5e-3", Some(2.5e-3)),
            ("1.23 trillion", Some(1.23e12)),
            ("", None),
            ("billion", None),
            ("5 zillion", None),
            ("1m", None),
            ("abc", None),
            ("1e999", None),
        ];
        for &(text, want) in cases {
            assert_eq!(parse_readable(text), want, "parse_readable({text:?})");
        }
    }

    #[test]
    fn round_trips_to_three_significant_digits() {
        for x in [9.4e10, 1.23e12, 4.56e6, 7.89e3, 321.0, 0.0015, 42.0] {
            let back = parse_readable(&format_readable(x)).unwrap_or(f64::NAN);
            assert!(
                (back - x).abs() <= x * 1e-12,
                "{x} → {} → {back}",
                format_readable(x)
            );
        }
    }
}
