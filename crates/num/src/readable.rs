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

/// A fraction shown as percent, three significant digits: 0.64 → "64%", 0.0015 → "0.15%", 64 → "6,400%" (a share's
/// one printer; thousands get separators, not a scale word, so a slip of ×100 reads as one).
pub fn format_percent(x: f64) -> String {
    if !x.is_finite() {
        return format_readable(x);
    }
    let p = x * 100.0;
    let r: f64 = format!("{:.2e}", p.abs()).parse().unwrap_or(p.abs());
    if (1e3..1e9).contains(&r) {
        let sign = if p < 0.0 { "-" } else { "" };
        return format!("{sign}{}%", thousands(r.round() as usize));
    }
    format!("{}%", format_readable(p))
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

/// Why a typed number could not be read, in words for the person who typed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    Empty,
    /// `1,5`: a comma not followed by groups of three digits is a decimal comma, which would silently give ×10.
    DecimalComma {
        suggestion: String,
    },
    /// Beyond the largest double (about 1.8e308) or below the smallest positive one.
    OutOfRange,
    /// `1/0`.
    DivisionByZero,
    UnknownWord(String),
    NotANumber,
}

impl NumberError {
    pub fn message(&self) -> String {
        match self {
            NumberError::Empty => "Type a number.".into(),
            NumberError::DecimalComma { suggestion } => {
                format!("A comma here reads as a decimal comma: write {suggestion} (a point for decimals; commas only between thousands, as in 1,500).")
            }
            NumberError::OutOfRange => {
                "That number is too large (or too close to zero) to compute with: the limit is about 1e308.".into()
            }
            NumberError::DivisionByZero => "That fraction divides by zero.".into(),
            NumberError::UnknownWord(w) => format!(
                "“{w}” is not a scale this box reads: use k, M, B, T, thousand, million, billion, trillion or %."
            ),
            NumberError::NotANumber => {
                "Not a number: type e.g. 1500, 1.5k, 2.5 million, 3e9, 40% or 1/1000.".into()
            }
        }
    }
}

/// A count with its noun in the right number: "1 pack", "2 packs" (a regular plural).
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// `10000` → "10,000".
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Reads "94 billion", "98.3e9", "1.5k", "2 million", "1,500", "40%", "1/1000". `None` if it is not a number.
pub fn parse_readable(text: &str) -> Option<f64> {
    read_number(text).ok()
}

/// [`parse_readable`] with the reason when the text is not a number. `%` divides by 100 (so `95%` is exactly
/// 0.95), the one meaning of `%` everywhere in the product.
pub fn read_number(text: &str) -> Result<f64, NumberError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NumberError::Empty);
    }
    if let Some((top, bottom)) = text.split_once('/') {
        let top = read_number(top)?;
        let bottom = read_number(bottom)?;
        if bottom == 0.0 {
            return Err(NumberError::DivisionByZero);
        }
        let x = top / bottom;
        return if x.is_finite() && (x == 0.0 || x.abs() >= f64::MIN_POSITIVE) {
            Ok(x)
        } else {
            Err(NumberError::OutOfRange)
        };
    }
    let split = text
        .char_indices()
        .find(|&(i, c)| c.is_alphabetic() && !is_exponent(text, i) || c == '%')
        .map_or(text.len(), |(i, _)| i);
    let (number, word) = text.split_at(split);
    let number = number.trim();
    if number.is_empty() {
        return Err(NumberError::NotANumber);
    }
    if !number
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-' | ',' | '_'))
    {
        return Err(NumberError::NotANumber);
    }
    if number.contains(',') && !thousands_grouped(number) {
        let suggestion = if number.matches(',').count() == 1 && !number.contains('.') {
            text.replacen(',', ".", 1)
        } else {
            "a point for the decimals".into()
        };
        return Err(NumberError::DecimalComma { suggestion });
    }
    let digits: String = number.chars().filter(|&c| c != ',' && c != '_').collect();
    let value: f64 = digits.parse().map_err(|_| NumberError::NotANumber)?;
    // `1e-400` reads as 0: a number that small is out of range, not zero.
    let mantissa = digits.split(['e', 'E']).next().unwrap_or("");
    if value == 0.0 && mantissa.chars().any(|c| matches!(c, '1'..='9')) {
        return Err(NumberError::OutOfRange);
    }
    let x = match word.trim() {
        "" => value,
        "%" => value / 100.0,
        "k" | "K" => value * 1e3,
        "M" | "mn" => value * 1e6,
        "B" | "bn" | "G" => value * 1e9,
        "T" | "tn" => value * 1e12,
        w => match w.to_lowercase().as_str() {
            "thousand" => value * 1e3,
            "million" | "millions" => value * 1e6,
            "billion" | "billions" => value * 1e9,
            "trillion" | "trillions" => value * 1e12,
            _ => return Err(NumberError::UnknownWord(w.to_string())),
        },
    };
    if x.is_finite() && (x == 0.0 || x.abs() >= f64::MIN_POSITIVE) {
        Ok(x)
    } else {
        Err(NumberError::OutOfRange)
    }
}

/// `1,500` and `12,345,678.9`: commas only between groups of exactly three digits of the integer part.
fn thousands_grouped(number: &str) -> bool {
    let integer = number
        .trim_start_matches(['+', '-'])
        .split(['.', 'e', 'E'])
        .next()
        .unwrap_or("");
    let mut groups = integer.split(',');
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len())
        && groups.all(|g| g.len() == 3)
        && !number[integer.len()..].contains(',')
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
            ("12,345,678.5", Some(12_345_678.5)),
            ("40%", Some(0.4)),
            ("95%", Some(0.95)),
            ("1/1000", Some(0.001)),
            ("3 / 4", Some(0.75)),
            ("1.5k/3", Some(500.0)),
            ("  7  ", Some(7.0)),
            ("2.5e-3", Some(2.5e-3)),
            ("1.23 trillion", Some(1.23e12)),
            ("", None),
            ("billion", None),
            ("5 zillion", None),
            ("1m", None),
            ("abc", None),
            ("1e999", None),
            ("1,5", None),
            ("1,50", None),
            ("1/0", None),
        ];
        for &(text, want) in cases {
            assert_eq!(parse_readable(text), want, "parse_readable({text:?})");
        }
    }

    #[test]
    fn formats_fractions_as_percent() {
        let cases = [
            (0.64, "64%"),
            (0.15, "15%"),
            (0.25, "25%"),
            (0.319, "31.9%"),
            (0.9538, "95.4%"),
            (0.0015, "0.15%"),
            (1.0, "100%"),
            (0.0, "0%"),
            (-0.05, "-5%"),
            (15.0, "1,500%"),
            (64.0, "6,400%"),
            (95.4, "9,540%"),
            (123_456.0, "12,300,000%"),
            (1e9, "100 billion%"),
            (f64::NAN, "not a number"),
        ];
        for (x, want) in cases {
            assert_eq!(format_percent(x), want, "{x}");
        }
    }

    #[test]
    fn thousands_separators() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (12_345_678, "12,345,678"),
        ] {
            assert_eq!(thousands(n), text);
        }
    }

    #[test]
    fn says_why_a_number_is_not_one() {
        let cases: &[(&str, NumberError)] = &[
            ("", NumberError::Empty),
            (
                "1,5",
                NumberError::DecimalComma {
                    suggestion: "1.5".into(),
                },
            ),
            (
                "2,5 million",
                NumberError::DecimalComma {
                    suggestion: "2.5 million".into(),
                },
            ),
            (
                "1,5,0",
                NumberError::DecimalComma {
                    suggestion: "a point for the decimals".into(),
                },
            ),
            ("1e400", NumberError::OutOfRange),
            ("1e-400", NumberError::OutOfRange),
            ("1/0", NumberError::DivisionByZero),
            ("5 zillion", NumberError::UnknownWord("zillion".into())),
            ("abc", NumberError::NotANumber),
        ];
        for (text, want) in cases {
            assert_eq!(
                read_number(text).as_ref(),
                Err(want),
                "read_number({text:?})"
            );
            assert!(!want.message().is_empty());
        }
        // A decimal comma's suggestion is itself readable, to the value meant.
        assert_eq!(parse_readable("1.5"), Some(1.5));
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
