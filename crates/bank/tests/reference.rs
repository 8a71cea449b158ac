//! Reference decompositions and trap values in a pack: a point truth's factors and program reproduce it, every
//! factor is sourced, and each rule refuses a small bad pack with a message naming the field.

use fermi_bank::{REFERENCE_TOLERANCE, load_pack};

const HEADER: &str = "[pack]\nid = \"test\"\ntitle = \"Test pack\"\nversion = 1\ntier = \"open\"\n";

const SUEZ: &str = r#"
[[question]]
id = "suez-ships-per-day"
text = "On average, how many ships transited the Suez Canal per day in 2024?"
unit = "ships per day"
as_of = "2024"
topics = ["transport"]
countries = ["EG"]

[question.truth]
kind = "point"
value = 36.1

[[question.sources]]
factor = "transits"
publisher = "CAPMAS"
title = "Suez Canal transits 2024"
url = "https://example.org/suez"
tier = "0"
detail = "13,213 ships transited"

[[question.sources]]
factor = "days"
publisher = "Calendar"
title = "2024"
url = "https://example.org/2024"
tier = "0"
detail = "2024 is a leap year: 366 days"

[[question.factor]]
name = "transits"
unit = "ship transits in 2024"
value = 13213

[[question.factor]]
name = "days"
unit = "days in 2024"
low = 360
high = 372

[question.reference]
program = "transits / days"

[[question.trap_value]]
value = 75
tolerance = 0.15
says = "75 a day is a normal year's traffic, before the Red Sea crisis."
"#;

const RAIN: &str = r#"
[[question]]
id = "rain"
text = "Raindrops on an umbrella in a day?"
unit = "raindrops"
as_of = "2020"
topics = ["everyday"]
countries = ["US"]

[question.truth]
kind = "distribution"
program = """
rain_mm = to(3, 20)
umbrella_m2 = to(0.6, 1.0)
rain_mm * umbrella_m2 * 200000
"""

[[question.sources]]
factor = "rain_mm"
publisher = "P"
title = "T"
url = "https://example.org/rain"
tier = "range"
detail = "3-20 mm"

[[question.sources]]
factor = "umbrella_m2"
publisher = "P"
title = "T"
url = "https://example.org/umbrella"
tier = "range"
detail = "0.6-1 m2"

[[question.factor]]
name = "umbrella_m2"
unit = "m² of canopy"

[[question.trap_value]]
factor = "rain_mm"
value = 100
tolerance = 0.2
says = "a record storm, not a rainy day."
"#;

fn messages(text: &str) -> Vec<String> {
    match load_pack(&[("p.toml", &format!("{HEADER}{text}"))]) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.iter().map(|p| p.to_string()).collect(),
    }
}

#[test]
fn reference_factors_load_and_reproduce_the_truth() {
    let pack = load_pack(&[("p.toml", &format!("{HEADER}{SUEZ}{RAIN}"))])
        .unwrap_or_else(|p| panic!("{p:#?}"));
    let suez = pack.question("suez-ships-per-day").unwrap();
    assert_eq!(suez.factor.len(), 2);
    assert_eq!(
        suez.reference_program().unwrap(),
        "transits = 13213\ndays = to(360, 372)\ntransits / days"
    );
    assert_eq!(suez.factor_unit("days"), Some("days in 2024"));
    assert_eq!(suez.trap_value[0].value, 75.0);
    let rain = pack.question("rain").unwrap();
    assert_eq!(
        rain.reference_program().unwrap(),
        "rain_mm = to(3, 20)\numbrella_m2 = to(0.6, 1.0)\nrain_mm * umbrella_m2 * 200000\n"
    );
    assert_eq!(REFERENCE_TOLERANCE, 0.1);
}

/// (rule, pack text, what replaces it, a problem that must be listed).
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "does not reproduce the truth",
        "transits / days",
        "transits / days * 1.2",
        "reference.program: does not reproduce the truth: its median is 4.3",
    ),
    (
        "reference program does not run",
        "transits / days",
        "transits / weeks",
        "reference.program: line 3 col 12 of the factors and program: `weeks` is not defined",
    ),
    (
        "unsourced factor",
        "factor = \"days\"\npublisher",
        "publisher",
        "sources: no source has `factor = \"days\"`: every reference factor needs one",
    ),
    (
        "no value",
        "value = 13213\n",
        "",
        "factor[0].value: give either `value` (positive) or `low` and `high` (0 < low < high)",
    ),
    (
        "crossed interval",
        "low = 360\nhigh = 372",
        "low = 372\nhigh = 360",
        "factor[1].value: give either",
    ),
    (
        "no program",
        "[question.reference]\nprogram = \"transits / days\"\n",
        "",
        "factor: reference factors need `[question.reference]`",
    ),
    (
        "unknown factor key",
        "unit = \"days in 2024\"",
        "unit = \"days in 2024\"\nsource = \"x\"",
        "unknown field `source`",
    ),
    (
        "twice",
        "name = \"days\"",
        "name = \"transits\"",
        "factor[1].name: `transits` is listed twice",
    ),
    (
        "trap tolerance",
        "tolerance = 0.15",
        "tolerance = 15",
        "trap_value[0].tolerance: 15 is not a fraction in (0, 1]",
    ),
    (
        "trap factor",
        "value = 75\n",
        "factor = \"ships\"\nvalue = 75\n",
        "trap_value[0].factor: `ships` is not a reference factor of this question",
    ),
    (
        "trap says",
        "says = \"75 a day is a normal year's traffic, before the Red Sea crisis.\"",
        "says = \" \"",
        "trap_value[0].says: is empty",
    ),
];

#[test]
fn each_rule_refuses_a_bad_reference() {
    for (rule, from, to, expected) in CASES {
        assert!(SUEZ.contains(from), "{rule}: the text has {from:?}");
        let text = SUEZ.replacen(from, to, 1);
        let got = messages(&text);
        assert!(
            got.iter().any(|m| m.contains(expected)),
            "{rule}: expected {expected:?} among {got:#?}"
        );
    }
}

#[test]
fn a_distribution_truths_factors_name_its_variables() {
    for (from, to, expected) in [
        (
            "name = \"umbrella_m2\"",
            "name = \"umbrella\"",
            "factor[0].name: `umbrella` is not a variable of the truth program",
        ),
        (
            "unit = \"m² of canopy\"",
            "unit = \"m² of canopy\"\nvalue = 0.8",
            "factor[0].value: a distribution truth's program gives its factors' values",
        ),
        (
            "[[question.factor]]",
            "[question.reference]\nprogram = \"1\"\n\n[[question.factor]]",
            "reference: a distribution truth's program is its reference",
        ),
    ] {
        let got = messages(&RAIN.replacen(from, to, 1));
        assert!(
            got.iter().any(|m| m.contains(expected)),
            "{expected:?} among {got:#?}"
        );
    }
}
