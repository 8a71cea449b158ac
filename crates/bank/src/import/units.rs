//! A small unit table for Pint-style unit strings (`in**2`, `person * mi ** -2`, `kg*m*s**-2`): enough to bring
//! RealFP answers to SI and compare dimensions. Anything not in the table is an error, never a guess.

use std::fmt;

/// Exponents of the base dimensions, in the order of [`BASE`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dims(pub [i32; 7]);

/// The base units: SI's metre, kilogram, second, ampere, kelvin, plus information (bit) and money (US dollar).
const BASE: [&str; 7] = ["m", "kg", "s", "A", "K", "bit", "USD"];

const M: [i32; 7] = [1, 0, 0, 0, 0, 0, 0];
const KG: [i32; 7] = [0, 1, 0, 0, 0, 0, 0];
const S: [i32; 7] = [0, 0, 1, 0, 0, 0, 0];
const K: [i32; 7] = [0, 0, 0, 0, 1, 0, 0];
const BIT: [i32; 7] = [0, 0, 0, 0, 0, 1, 0];
const ONE: [i32; 7] = [0; 7];
const M2: [i32; 7] = [2, 0, 0, 0, 0, 0, 0];
const M3: [i32; 7] = [3, 0, 0, 0, 0, 0, 0];
const HZ: [i32; 7] = [0, 0, -1, 0, 0, 0, 0];
const N: [i32; 7] = [1, 1, -2, 0, 0, 0, 0];
const J: [i32; 7] = [2, 1, -2, 0, 0, 0, 0];
const W: [i32; 7] = [2, 1, -3, 0, 0, 0, 0];
const PA: [i32; 7] = [-1, 1, -2, 0, 0, 0, 0];
const C: [i32; 7] = [0, 0, 1, 1, 0, 0, 0];

/// Named units: (names, value in base units, dimensions). Definitions follow Pint's defaults, which the RealFP
/// authors used (year = 365.25 days, ton = short ton, cal = thermochemical calorie, gallon = US gallon).
const UNITS: &[(&[&str], f64, [i32; 7])] = &[
    (&["m", "meter", "meters", "metre", "metres"], 1.0, M),
    (
        &["km", "kilometer", "kilometers", "kilometre", "kilometres"],
        1e3,
        M,
    ),
    (
        &[
            "cm",
            "centimeter",
            "centimeters",
            "centimetre",
            "centimetres",
        ],
        1e-2,
        M,
    ),
    (
        &[
            "mm",
            "millimeter",
            "millimeters",
            "millimetre",
            "millimetres",
        ],
        1e-3,
        M,
    ),
    (&["in", "inch", "inches"], 0.0254, M),
    (&["ft", "ft.", "foot", "feet"], 0.3048, M),
    (&["yard", "yards", "yd"], 0.9144, M),
    (&["mi", "mile", "miles"], 1609.344, M),
    (
        &["ly", "light_year", "lightyear"],
        9_460_730_472_580_800.0,
        M,
    ),
    (&["acre", "acres"], 4_046.872_609_874_252, M2),
    (&["hectare", "hectares", "ha"], 1e4, M2),
    (&["L", "l", "liter", "liters", "litre", "litres"], 1e-3, M3),
    (
        &[
            "mL",
            "ml",
            "milliliter",
            "milliliters",
            "millilitre",
            "millilitres",
        ],
        1e-6,
        M3,
    ),
    (&["gal", "gallon", "gallons"], 3.785_411_784e-3, M3),
    (&["kg", "kilogram", "kilograms"], 1.0, KG),
    (&["g", "gm", "gram", "grams"], 1e-3, KG),
    (&["mg", "milligram", "milligrams"], 1e-6, KG),
    (&["lb", "lbs", "pound", "pounds"], 0.453_592_37, KG),
    (&["oz", "ounce", "ounces"], 0.028_349_523_125, KG),
    (&["ton", "tons"], 907.184_74, KG),
    (&["tonne", "tonnes", "t"], 1000.0, KG),
    (&["s", "sec", "second", "seconds"], 1.0, S),
    (&["min", "minute", "minutes"], 60.0, S),
    (&["h", "hr", "hour", "hours"], 3600.0, S),
    (&["day", "days"], 86_400.0, S),
    (&["week", "weeks"], 604_800.0, S),
    (&["year", "years", "yr"], 31_557_600.0, S),
    (&["Hz", "hertz"], 1.0, HZ),
    (&["MHz"], 1e6, HZ),
    (&["GHz"], 1e9, HZ),
    (&["N", "newton", "newtons", "Newton"], 1.0, N),
    (&["J", "joule", "joules"], 1.0, J),
    (&["kJ"], 1e3, J),
    (&["cal", "calorie", "calories"], 4.184, J),
    (&["kcal", "Cal"], 4184.0, J),
    (&["Wh"], 3600.0, J),
    (&["kWh"], 3.6e6, J),
    (&["BTU", "Btu"], 1_055.055_852_62, J),
    (&["W", "watt", "watts"], 1.0, W),
    (&["kW"], 1e3, W),
    (&["MW"], 1e6, W),
    (&["hp", "horsepower"], 745.699_871_582_270_2, W),
    (&["Pa", "pa", "pascal"], 1.0, PA),
    (&["atm"], 101_325.0, PA),
    (&["psi"], 6_894.757_293_168_361, PA),
    (&["C", "coulomb", "coulombs"], 1.0, C),
    (&["Ah"], 3600.0, C),
    (&["mAh"], 3.6, C),
    (&["kelvin", "K"], 1.0, K),
    (&["bit", "bits"], 1.0, BIT),
    (&["byte", "bytes", "B"], 8.0, BIT),
    (&["kB", "kilobyte", "kilobytes"], 8e3, BIT),
    (&["MB", "megabyte", "megabytes"], 8e6, BIT),
    (&["GB", "gigabyte", "gigabytes"], 8e9, BIT),
    (&["TB", "terabyte", "terabytes"], 8e12, BIT),
    (&["degree", "degrees"], std::f64::consts::PI / 180.0, ONE),
    (&["person", "persons", "people"], 1.0, ONE),
];

/// Derived SI names used when a dimension matches one exactly.
const NAMED: &[(&str, [i32; 7])] = &[
    ("N", N),
    ("J", J),
    ("W", W),
    ("Pa", PA),
    ("Hz", HZ),
    ("C", C),
];

impl Dims {
    pub fn is_dimensionless(&self) -> bool {
        self.0 == ONE
    }

    fn combine(self, other: Dims, sign: i32) -> Dims {
        Dims(std::array::from_fn(|i| self.0[i] + sign * other.0[i]))
    }

    pub fn times(self, other: Dims) -> Dims {
        self.combine(other, 1)
    }

    pub fn over(self, other: Dims) -> Dims {
        self.combine(other, -1)
    }

    pub fn pow(self, n: i32) -> Dims {
        Dims(self.0.map(|e| e * n))
    }
}

impl fmt::Display for Dims {
    /// `m^2`, `kg/m^3`, `J`, `per m^2`; a dimensionless quantity prints as `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((name, _)) = NAMED.iter().find(|(_, d)| *d == self.0) {
            return write!(f, "{name}");
        }
        let part = |sign: i32| {
            BASE.iter()
                .zip(self.0)
                .filter(|(_, e)| e.signum() == sign)
                .map(|(b, e)| {
                    if e.abs() == 1 {
                        b.to_string()
                    } else {
                        format!("{b}^{}", e.abs())
                    }
                })
                .collect::<Vec<_>>()
                .join("·")
        };
        match (part(1), part(-1)) {
            (top, bottom) if top.is_empty() && bottom.is_empty() => write!(f, "1"),
            (top, bottom) if bottom.is_empty() => write!(f, "{top}"),
            (top, bottom) if top.is_empty() => write!(f, "per {bottom}"),
            (top, bottom) => write!(f, "{top}/{bottom}"),
        }
    }
}

/// A number in base units with its dimensions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quantity {
    pub value: f64,
    pub dims: Dims,
}

/// Parses `NUMBER [UNIT]`, where money is a `$` prefix (`$1.95 pound**-1`) and UNIT is a product of
/// `name[**exponent]` factors joined by `*` or `/`. Percent (`12.7 %`) is the number divided by 100.
/// Offset scales (°C, °F), logarithmic units (dB), thousands separators and unknown names are errors.
pub fn parse_quantity(text: &str) -> Result<Quantity, String> {
    let text = text.trim();
    let (money, rest) = match text.strip_prefix('$') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text),
    };
    let end = number_end(rest);
    let mut value: f64 = rest[..end]
        .parse()
        .map_err(|_| format!("`{text}` does not start with a number"))?;
    let mut rest = &rest[end..];
    // A fraction such as `1/3`.
    if let Some(after) = rest.strip_prefix('/')
        && number_end(after) > 0
        && let Ok(denominator) = after[..number_end(after)].parse::<f64>()
    {
        value /= denominator;
        rest = &after[number_end(after)..];
    }
    if !value.is_finite() {
        return Err(format!("`{text}` is not a finite number"));
    }
    let mut quantity = parse_unit(rest)?;
    quantity.value *= value;
    if money {
        quantity.dims.0[6] += 1;
    }
    Ok(quantity)
}

/// The number an answer starts with (after an optional `$`), before any unit.
pub fn leading_number(text: &str) -> Option<f64> {
    let text = text.trim();
    let text = text.strip_prefix('$').unwrap_or(text).trim_start();
    text[..number_end(text)].parse().ok()
}

/// The unit an answer is written in: what follows its number (and a fraction's denominator), without the `$`.
pub fn answer_unit(text: &str) -> &str {
    let text = text.trim();
    let text = text.strip_prefix('$').unwrap_or(text).trim_start();
    let rest = &text[number_end(text)..];
    let rest = match rest.strip_prefix('/') {
        Some(after) if number_end(after) > 0 => &after[number_end(after)..],
        _ => rest,
    };
    rest.trim()
}

/// A unit as a person reads it: `ft**2` → `ft²`, `person * mi ** -2` → `person·mi⁻²`.
pub fn pretty_unit(unit: &str) -> String {
    let compact: String = unit.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::new();
    let mut rest = compact.as_str();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("**") {
            let digits = after.len()
                - after
                    .trim_start_matches(['-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
                    .len();
            for c in after[..digits].chars() {
                out.push(match c {
                    '-' => '⁻',
                    d => ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹']
                        [d as usize - '0' as usize],
                });
            }
            rest = &after[digits..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(if c == '*' { '·' } else { c });
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// A unit the question's text names in words or symbols — "(cm)", ", cm,", "in lbs", "in cubic meters", "how many
/// kilometers" — with dimensions `dims`; the first that reads, as written.
pub fn unit_named_in(text: &str, dims: Dims) -> Option<(String, f64)> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '?' | '.' | ';' | ':'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut candidates: Vec<String> = Vec::new();
    // "(cm)", "(cubic miles)".
    for piece in lower.split('(').skip(1) {
        if let Some((inside, _)) = piece.split_once(')') {
            candidates.push(inside.trim().to_string());
        }
    }
    // ", cm,".
    for piece in lower.split(',').skip(1) {
        if lower.contains(&format!(",{piece},")) {
            candidates.push(piece.trim().to_string());
        }
    }
    // "in lbs", "in cubic meters", "how many kilometers".
    for (i, w) in words.iter().enumerate() {
        let after = |n: usize| words.get(i + 1..i + 1 + n).map(|ws| ws.join(" "));
        if *w == "in" || (*w == "many" && i > 0 && words[i - 1] == "how") {
            candidates.extend([after(2), after(1)].into_iter().flatten());
        }
    }
    candidates.into_iter().find_map(|c| {
        let c = c
            .trim_matches(|ch: char| ch == ',' || ch.is_whitespace())
            .to_string();
        let spelled = match c.split_once(' ') {
            Some(("cubic", name)) => format!("{name}**3"),
            Some(("square", name)) => format!("{name}**2"),
            _ => c.clone(),
        };
        let q = parse_unit(&spelled).ok()?;
        (q.dims == dims && !dims.is_dimensionless() && !c.is_empty()).then_some((c, q.value))
    })
}

/// The byte length of the leading decimal number (`-1.5e+8`).
fn number_end(s: &str) -> usize {
    let b = s.as_bytes();
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = if b.first().is_some_and(|c| matches!(c, b'+' | b'-')) {
        1
    } else {
        0
    };
    i = digits(i);
    if b.get(i) == Some(&b'.') {
        i = digits(i + 1);
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let j = if matches!(b.get(i + 1), Some(b'+' | b'-')) {
            i + 2
        } else {
            i + 1
        };
        if b.get(j).is_some_and(u8::is_ascii_digit) {
            i = digits(j);
        }
    }
    i
}

/// A unit expression as a multiplier to base units and its dimensions; empty means a pure number.
pub fn parse_unit(unit: &str) -> Result<Quantity, String> {
    let unit = unit.trim();
    let lower = unit.to_lowercase();
    if lower.starts_with("degree c") || lower.starts_with("degree f") || lower.starts_with('°') {
        return Err(format!(
            "`{unit}` is a temperature on an offset scale (not a ratio scale)"
        ));
    }
    if unit == "dB" {
        return Err("`dB` is a logarithmic unit".into());
    }
    if unit == "%" {
        return Ok(Quantity {
            value: 0.01,
            dims: Dims::default(),
        });
    }
    let compact: String = unit
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .replace("**", "^");
    let mut quantity = Quantity {
        value: 1.0,
        dims: Dims::default(),
    };
    if compact.is_empty() {
        return Ok(quantity);
    }
    let mut sign = 1;
    let mut rest = compact.as_str();
    loop {
        let end = rest.find(['*', '/']).unwrap_or(rest.len());
        let (factor, exponent) = match rest[..end].split_once('^') {
            Some((name, e)) => (
                name,
                e.parse::<i32>()
                    .map_err(|_| format!("`{unit}`: bad exponent `{e}`"))?,
            ),
            None => (&rest[..end], 1),
        };
        // A trailing full stop ends a sentence, not a unit name ("0.0002 kg.").
        let known = |name: &str| UNITS.iter().find(|(names, _, _)| names.contains(&name));
        let &(_, scale, dims) = known(factor)
            .or_else(|| known(factor.strip_suffix('.')?))
            .ok_or_else(|| format!("`{unit}`: unknown unit `{factor}`"))?;
        quantity.value *= libm::pow(scale, f64::from(sign * exponent));
        quantity.dims = quantity.dims.times(Dims(dims).pow(sign * exponent));
        match rest[end..].chars().next() {
            None => return Ok(quantity),
            Some(op) => {
                sign = if op == '/' { -1 } else { 1 };
                rest = &rest[end + 1..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        let cases: &[(&str, f64, &str)] = &[
            ("2.3e+8 in**2", 2.3e8 * 0.0254 * 0.0254, "m^2"),
            ("8.00E+27", 8e27, "1"),
            ("$18e+6", 18e6, "USD"),
            ("12.7 %", 0.127, "1"),
            ("1.60%", 0.016, "1"),
            (
                "5 person * mi ** -2",
                5.0 / (1609.344 * 1609.344),
                "per m^2",
            ),
            ("3 kg*m*s**-2", 3.0, "N"),
            ("2 kg*meters**2*s** -1", 2.0, "m^2·kg/s"),
            ("$1.95 pound**-1", 1.95 / 0.45359237, "USD/kg"),
            ("7 m/s", 7.0, "m/s"),
            ("1 kWh*m**-2", 3.6e6, "kg/s^2"),
            ("4 GB", 3.2e10, "bit"),
            ("1/3", 1.0 / 3.0, "1"),
            ("0.0002 kg.", 0.0002, "kg"),
            ("9e+9 N*m**2*C**-2", 9e9, "m^3·kg/s^4·A^2"),
        ];
        for (text, value, dims) in cases {
            let q = parse_quantity(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(
                (q.value - value).abs() <= 1e-12 * value.abs(),
                "{text}: {} vs {value}",
                q.value
            );
            assert_eq!(q.dims.to_string(), *dims, "{text}");
        }
        for bad in ["36,066", "1600 degree C", "40 dB", "3 M", "abc", "2 m**x"] {
            assert!(parse_quantity(bad).is_err(), "{bad} should be refused");
        }
    }
}
