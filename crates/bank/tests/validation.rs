//! Each validation rule refuses a small bad pack with a message naming file, question, field and why.

use fermi_bank::{TruthSpec, load_pack};

const HEADER: &str = "[pack]\nid = \"test\"\ntitle = \"Test pack\"\nversion = 1\ntier = \"open\"\n";

const POINT: &str = r#"
[[question]]
id = "ox-bel-ha-length"
text = "How long was the surveyed length of Sistema Ox Bel Ha, in km, as of February 2026?"
unit = "km"
as_of = "2026-02"
topics = ["geography"]
countries = ["MX"]
difficulty = "hard"

[question.truth]
kind = "point"
value = 541.7

[[question.sources]]
publisher = "Quintana Roo Speleological Survey"
title = "List of long underwater caves, February 2026"
url = "https://caves.org/"
tier = "2"
detail = "Ox Bel Ha: 541.7 km"
"#;

const DISTRIBUTION: &str = r#"
[[question]]
id = "germany-coal-to-solar-area"
text = "What fraction of Germany's area would panels need?"
unit = "fraction of land area"
as_of = "2025"
topics = ["energy"]
countries = ["DE"]

[question.truth]
kind = "distribution"
program = """
coal_kwh = to(93.9e9, 98.3e9) // tier 1
solar_yield = to(150, 200)
/* area; a commented-out `old = 1` is not a variable */
germany_m2 = 357022e6
coal_kwh / solar_yield / germany_m2
"""

[[question.sources]]
factor = "coal_kwh"
publisher = "Fraunhofer ISE"
title = "Energy-Charts 2025"
url = "https://www.energy-charts.info/"
tier = "1"
detail = "93.9 TWh"

[[question.sources]]
factor = "solar_yield"
publisher = "PVPro"
title = "Yield"
url = "https://example.org/"
tier = "range"
detail = "150-200 kWh/m2"

[[question.sources]]
factor = "germany_m2"
publisher = "Eurostat"
title = "reg_area3"
url = "https://ec.europa.eu/eurostat/"
tier = 0
detail = "357,022 km2"
"#;

/// Each problem as `FILE[:LINE:COL]: WHAT`, placed by its span in its file's text.
fn problems(files: &[(&str, &str)]) -> Vec<String> {
    match load_pack(files) {
        Ok(_) => Vec::new(),
        Err(problems) => problems
            .iter()
            .map(|p| {
                let (_, text) = files
                    .iter()
                    .find(|f| f.0 == &*p.file)
                    .expect("a file of the pack");
                p.line(text)
            })
            .collect(),
    }
}

#[test]
fn good_packs_load() {
    let text = format!("{HEADER}{POINT}{DISTRIBUTION}");
    let pack = load_pack(&[("p.toml", &text)]).unwrap_or_else(|p| panic!("{p:#?}"));
    assert_eq!(pack.questions.len(), 2);
    assert_eq!(pack.questions[1].file, "p.toml");
    // The header and the questions may live in different files.
    let pack = load_pack(&[
        ("pack.toml", HEADER),
        ("geo.toml", POINT),
        ("energy.toml", DISTRIBUTION),
    ])
    .unwrap();
    let files: Vec<&str> = pack.questions.iter().map(|q| q.file.as_str()).collect();
    assert_eq!(files, ["geo.toml", "energy.toml"]);
}

/// (rule, text of the good point question, what replaces it, a problem that must be listed).
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "toml syntax",
        "unit = \"km\"",
        "unit = km",
        "p.toml:10:8: TOML syntax: string values must be quoted",
    ),
    (
        "unknown field",
        "unit = ",
        "unitt = \"km\"\nunit = ",
        "p.toml:10:1: question ox-bel-ha-length: unitt: unknown field `unitt`",
    ),
    (
        "unknown truth field",
        "value = 541.7",
        "value = 541.7\nvalue_ = 1",
        "question ox-bel-ha-length: truth: unknown field `value_`",
    ),
    (
        "missing field",
        "as_of = \"2026-02\"",
        "",
        "question ox-bel-ha-length: missing field `as_of`",
    ),
    (
        "id slug",
        "id = \"ox-bel-ha-length\"",
        "id = \"Ox_Bel_Ha\"",
        "question Ox_Bel_Ha: id: `Ox_Bel_Ha` is not a slug",
    ),
    (
        "empty unit",
        "unit = \"km\"",
        "unit = \"\"",
        "question ox-bel-ha-length: unit: is empty",
    ),
    (
        "as_of month",
        "\"2026-02\"",
        "\"2026-13\"",
        "as_of: `2026-13` is not a date of the form YYYY, YYYY-MM or YYYY-MM-DD",
    ),
    (
        "as_of words",
        "\"2026-02\"",
        "\"Feb 2026\"",
        "as_of: `Feb 2026` is not a date",
    ),
    (
        "unknown topic",
        "\"geography\"",
        "\"geograpy\"",
        "topics[0]: unknown variant `geograpy`",
    ),
    (
        "unknown difficulty",
        "\"hard\"",
        "\"tricky\"",
        "difficulty: unknown variant `tricky`, expected one of `easy`",
    ),
    (
        "country lowercase",
        "[\"MX\"]",
        "[\"mx\"]",
        "countries[0]: `mx` is not an ISO 3166-1 alpha-2 code",
    ),
    (
        "country UK",
        "[\"MX\"]",
        "[\"UK\"]",
        "countries[0]: `UK` is not an ISO 3166-1 code: the United Kingdom is `GB`",
    ),
    (
        "country twice",
        "[\"MX\"]",
        "[\"MX\", \"MX\"]",
        "countries[1]: `MX` is listed twice",
    ),
    (
        "point zero",
        "value = 541.7",
        "value = 0",
        "truth.value: 0 is not a positive finite number",
    ),
    (
        "point negative",
        "value = 541.7",
        "value = -3.5",
        "truth.value: -3.5 is not a positive finite number",
    ),
    (
        "point nan",
        "value = 541.7",
        "value = nan",
        "truth.value: NaN is not a positive finite number",
    ),
    (
        "truth kind",
        "\"point\"",
        "\"exact\"",
        "truth.kind: unknown variant `exact`",
    ),
    (
        "log range order",
        "\"point\"\nvalue = 541.7",
        "\"log_range\"\nlow = 10\nhigh = 1",
        "truth: log_range needs 0 < low < high",
    ),
    (
        "log range zero",
        "\"point\"\nvalue = 541.7",
        "\"log_range\"\nlow = 0\nhigh = 1",
        "truth: log_range needs 0 < low < high",
    ),
    (
        "source tier",
        "tier = \"2\"",
        "tier = \"4\"",
        "sources[0].tier: unknown tier `4`",
    ),
    (
        "source url",
        "\"https://caves.org/\"",
        "\"javascript:alert(1)\"",
        "sources[0].url: `javascript:alert(1)` is not an http(s) link",
    ),
    (
        "source empty detail",
        "\"Ox Bel Ha: 541.7 km\"",
        "\"\"",
        "sources[0].detail: is empty",
    ),
    (
        "accessed",
        "tier = \"2\"",
        "tier = \"2\"\naccessed = \"2026/11\"",
        "sources[0].accessed: `2026/11` is not a date",
    ),
    (
        "width rule",
        "difficulty = \"hard\"",
        "difficulty = \"hard\"\nwidth = \"exact\"",
        "p.toml:15:9: question ox-bel-ha-length: width: unknown variant `exact`, expected `pinned` or `world`",
    ),
    (
        "source kind",
        "tier = \"2\"",
        "tier = \"2\"\nkind = \"tertiary\"",
        "sources[0].kind: unknown variant `tertiary`, expected `primary` or `secondary`",
    ),
    (
        "blank reason for no primary source",
        "difficulty = \"hard\"",
        "difficulty = \"hard\"\nno_primary_source = \" \"",
        "p.toml:15:21: question ox-bel-ha-length: no_primary_source: is empty",
    ),
    (
        "top-level key",
        "[question.truth]",
        "[extra]\na = 1\n[[question]]\n[question.truth]",
        "extra: unknown top-level key",
    ),
];

#[test]
fn each_rule_names_file_question_field_and_why() {
    let mut failures = Vec::new();
    for (rule, from, to, expected) in CASES {
        assert!(
            POINT.contains(from),
            "{rule}: the good question has no {from:?}"
        );
        let text = format!("{HEADER}{}", POINT.replacen(from, to, 1));
        let got = problems(&[("p.toml", &text)]);
        if !got.iter().any(|p| p.contains(expected)) {
            failures.push(format!(
                "{rule}: expected a problem containing {expected:?}, got {got:#?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_reason_for_no_primary_source_contradicts_a_primary_source() {
    let text = format!(
        "{HEADER}{}",
        POINT
            .replace(
                "difficulty = \"hard\"",
                "difficulty = \"hard\"\nno_primary_source = \"press only\""
            )
            .replace("tier = \"2\"", "tier = \"2\"\nkind = \"primary\"")
    );
    let got = problems(&[("p.toml", &text)]);
    assert_eq!(
        got,
        [
            "p.toml:15:21: question ox-bel-ha-length: no_primary_source: says no primary source exists, but \
          sources[0] is `kind = \"primary\"`: keep one of the two"
        ]
    );
    let rounding = format!(
        "{HEADER}{}",
        POINT.replace("tier = \"2\"", "tier = \"rounding\"\nkind = \"secondary\"")
    );
    assert_eq!(problems(&[("p.toml", &rounding)]), Vec::<String>::new());
}

#[test]
fn empty_text_and_missing_sources() {
    let text = format!("{HEADER}{}", POINT.replace("text = \"How long was the surveyed length of Sistema Ox Bel Ha, in km, as of February 2026?\"", "text = \"  \"").replace("sources]]", "sources_]]"));
    let got = problems(&[("p.toml", &text)]);
    assert!(
        got.iter()
            .any(|p| p.contains("sources_: unknown field `sources_`")),
        "{got:#?}"
    );
    let without_sources = &POINT[..POINT.find("[[question.sources]]").unwrap()];
    let text = format!("{HEADER}{}", without_sources.replace("text = \"How long was the surveyed length of Sistema Ox Bel Ha, in km, as of February 2026?\"", "text = \"  \"").replace("unit = \"km\"", "unit = \"km\"\nsources = []"));
    let got = problems(&[("p.toml", &text)]);
    assert_eq!(
        got,
        [
            "p.toml:9:8: question ox-bel-ha-length: text: is empty",
            "p.toml:11:11: question ox-bel-ha-length: sources: no source: add at least one `[[question.sources]]`",
        ]
    );
}

#[test]
fn pack_tier_must_be_known() {
    let got = problems(&[(
        "p.toml",
        &format!("{}{POINT}", HEADER.replace("\"open\"", "\"secret\"")),
    )]);
    assert!(
        got.iter()
            .any(|p| p.contains("p.toml:5:8: pack.tier: unknown variant `secret`")),
        "{got:#?}"
    );
}

#[test]
fn pack_level_rules() {
    let one = format!("{HEADER}{POINT}");
    let bad_id = HEADER.replace("\"test\"", "\"Test Pack\"");
    let bad_version = HEADER.replace("version = 1", "version = 0");
    type Files<'a> = Vec<(&'a str, &'a str)>;
    let cases: &[(&str, Files, &str)] = &[
        (
            "no header",
            vec![("q.toml", POINT)],
            "q.toml: pack: no [pack] table",
        ),
        (
            "two headers",
            vec![("a.toml", HEADER), ("b.toml", HEADER)],
            "b.toml:1:2: pack: a second [pack] table (the first is in a.toml)",
        ),
        (
            "duplicate id",
            vec![("a.toml", &one), ("b.toml", POINT)],
            "b.toml:3:6: question ox-bel-ha-length: id: duplicate id (first used in a.toml)",
        ),
        (
            "question not array",
            vec![(
                "a.toml",
                "question = 3\n[pack]\nid = \"x\"\ntitle = \"X\"\nversion = 1\ntier = \"open\"",
            )],
            "a.toml:1:1: question: must be an array of tables",
        ),
        (
            "pack id",
            vec![("a.toml", &bad_id)],
            "a.toml:2:6: pack.id: `Test Pack` is not a slug",
        ),
        (
            "pack version",
            vec![("a.toml", &bad_version)],
            "a.toml:4:11: pack.version: must be 1 or more",
        ),
    ];
    for (rule, files, expected) in cases {
        let got = problems(files);
        assert!(
            got.iter().any(|p| p.contains(expected)),
            "{rule}: expected {expected:?} in {got:#?}"
        );
    }
}

#[test]
fn every_problem_is_listed_and_nothing_is_half_loaded() {
    // Two broken questions and one good one: the pack is refused and both problems are listed.
    let bad_a = POINT
        .replace("value = 541.7", "value = -1")
        .replace("ox-bel-ha-length", "bad-a");
    let bad_b = POINT
        .replace("unit = \"km\"", "unit = \"\"")
        .replace("ox-bel-ha-length", "bad-b");
    let text = format!("{HEADER}{POINT}{bad_a}{bad_b}");
    let got = problems(&[("p.toml", &text)]);
    assert_eq!(got.len(), 2, "{got:#?}");
    assert!(got[0].contains("question bad-a: truth.value"));
    assert!(got[1].contains("question bad-b: unit"));
}

#[test]
fn distribution_factors_must_be_sourced_and_real() {
    let unsourced = DISTRIBUTION.replace("factor = \"solar_yield\"", "factor = \"solar\"");
    let got = problems(&[("p.toml", &format!("{HEADER}{unsourced}"))]);
    assert!(got.iter().any(|p| p.ends_with(
        "p.toml:25:1: question germany-coal-to-solar-area: sources: no source has `factor = \"solar_yield\"`: every factor of the program needs one"
    )), "{got:#?}");
    assert!(
        got.iter()
            .any(|p| p
                .ends_with("p.toml:34:10: question germany-coal-to-solar-area: sources[1].factor: `solar` is not a variable of the truth program")),
        "{got:#?}"
    );
    assert_eq!(
        got.len(),
        2,
        "the commented-out `old` must not count as a variable: {got:#?}"
    );
}

#[test]
fn text_is_data() {
    let markup = "<b>How</b> many <script>alert(1)</script> km? [link](javascript:x) & &amp;";
    let text = format!(
        "{HEADER}{}",
        POINT.replace(
            "How long was the surveyed length of Sistema Ox Bel Ha, in km, as of February 2026?",
            markup
        )
    );
    let pack = load_pack(&[("p.toml", &text)]).unwrap();
    assert_eq!(pack.questions[0].text, markup);
    assert_eq!(pack.questions[0].truth, TruthSpec::Point { value: 541.7 });
}

#[test]
fn truth_programs_must_run_clean_positive_and_agree_with_their_twin() {
    const TWIN: &str =
        "fermi = \"\"\"\n93.9B 98.3B\n/ 150 200\n/ 357022M\n\"\"\"\n\n[[question.sources]]";
    let with_twin =
        |twin: &str| DISTRIBUTION.replacen("\n[[question.sources]]", &format!("\n{twin}"), 1);
    let good = with_twin(TWIN);
    assert!(problems(&[("p.toml", &format!("{HEADER}{good}"))]).is_empty());
    let cases = [
        (
            "program syntax",
            DISTRIBUTION.replace("to(150, 200)", "to(150, 200"),
            "p.toml:19:17: question germany-coal-to-solar-area: truth.program: this `(` is never closed",
        ),
        (
            "nonpositive samples",
            DISTRIBUTION.replace(
                "coal_kwh / solar_yield / germany_m2\n",
                "coal_kwh / solar_yield / germany_m2 - 0.0015\n",
            ),
            " of 20000 samples are not positive finite numbers: truth programs must give positive samples",
        ),
        (
            "twin disagrees",
            with_twin(&TWIN.replace("357022M", "357022K")),
            "truth.fermi: disagrees with the program: its 5th percentile",
        ),
        (
            "twin syntax",
            with_twin(&TWIN.replace("150 200", "150 200k")),
            "p.toml:27:7: question germany-coal-to-solar-area: truth.fermi: unknown suffix `k`",
        ),
    ];
    for (rule, question, expected) in cases {
        let got = problems(&[("p.toml", &format!("{HEADER}{question}"))]);
        assert!(
            got.iter().any(|p| p.contains(expected)),
            "{rule}: expected {expected:?} in {got:#?}"
        );
    }
}

#[test]
fn size_limits() {
    let many: String = (0..=fermi_bank::MAX_QUESTIONS)
        .map(|i| POINT.replace("ox-bel-ha-length", &format!("q-{i}")))
        .collect();
    let got = problems(&[("big.toml", &format!("{HEADER}{many}"))]);
    assert_eq!(
        got,
        ["big.toml:200007:1: question: 10001 questions; a pack holds at most 10000: split it"]
    );
    let huge = format!("{HEADER}# {}\n", "x".repeat(fermi_bank::MAX_FILE_BYTES));
    assert_eq!(
        problems(&[("huge.toml", &huge)]),
        ["huge.toml:6:8388544: file is over 8 MiB"]
    );
}

/// A pack with many problems at once (issue 19's list among them): one load lists every one, each at the line and
/// column of what is wrong.
const BROKEN: &str = r#"[pack]
id = "My Pack"
title = "Broken"
version = 0
tier = "open"

[[question]]
id = "Bad_Id"
text = "How many?"
unit = "km"
as_of = "2024-13-01"
topics = ["energy", "music"]
countries = ["GB", "UK"]
difficulty = "tricky"

[question.truth]
kind = "point"
value = -5

[[question.sources]]
publisher = ""
title = "T"
url = "javascript:alert(1)"
tier = "2"
detail = "d"

[[question]]
id = "spread"
text = "How wide?"
unit = "m"
as_of = "2024"
topics = ["physics"]
countries = []

[question.truth]
kind = "distribution"
program = "to(10, 1)"

[[question.sources]]
publisher = "P"
title = "T"
url = "https://example.org/"
tier = "range"
detail = "d"

[[question]]
id = "spread"
text = "How wide again?"
unit = "m"
as_of = "2024"
topics = []
countries = []
[question.truth]
kind = "point"
value = 1
[[question.sources]]
publisher = "P"
title = "T"
url = "https://example.org/"
tier = "4"
detail = "d"
"#;

#[test]
fn every_problem_in_one_load_at_its_place() {
    let expected = [
        "b.toml:2:6: pack.id: `My Pack` is not a slug",
        "b.toml:4:11: pack.version: must be 1 or more",
        "b.toml:8:6: question Bad_Id: id: `Bad_Id` is not a slug",
        "b.toml:11:9: question Bad_Id: as_of: `2024-13-01` is not a date",
        "b.toml:12:21: question Bad_Id: topics[1]: unknown variant `music`",
        "b.toml:13:20: question Bad_Id: countries[1]: `UK` is not an ISO 3166-1 code",
        "b.toml:14:14: question Bad_Id: difficulty: unknown variant `tricky`",
        "b.toml:18:9: question Bad_Id: truth.value: -5 is not a positive finite number",
        "b.toml:21:13: question Bad_Id: sources[0].publisher: is empty",
        "b.toml:23:7: question Bad_Id: sources[0].url: `javascript:alert(1)` is not an http(s) link",
        "b.toml:37:12: question spread: truth.program: ",
        "b.toml:47:6: question spread: id: duplicate id (first used in b.toml)",
        "b.toml:60:8: question spread: sources[0].tier: unknown tier `4`",
    ];
    let got = problems(&[("b.toml", BROKEN)]);
    let missing: Vec<_> = expected
        .iter()
        .filter(|e| !got.iter().any(|g| g.starts_with(*e)))
        .collect();
    assert!(missing.is_empty(), "missing {missing:#?} in {got:#?}");
    assert_eq!(got.len(), expected.len(), "{got:#?}");
    // A program string with an escape is not the file's text: its problems sit at the string, placed in words.
    let escaped = BROKEN.replace("\"to(10, 1)\"", "\"to(10, 1) // \\u00e9\"");
    let got = problems(&[("b.toml", &escaped)]);
    let line = "b.toml:37:11: question spread: truth.program: line 1 col 1 of the program: `to` needs the low bound";
    assert!(got.iter().any(|g| g.starts_with(line)), "{got:#?}");
}

/// A public-tier pack holds what participants read, no truth; every other pack needs its truths.
#[test]
fn a_public_pack_holds_no_truths_and_other_packs_need_them() {
    let bare = POINT.split("[question.truth]").next().unwrap().to_string();
    let public = HEADER.replace("tier = \"open\"", "tier = \"public\"");
    let pack = load_pack(&[("public.toml", &format!("{public}{bare}"))]).unwrap();
    assert!(pack.questions[0].truth.is_sealed() && pack.questions[0].sources.is_empty());
    assert!(fermi_bank::fit_truth(&pack.questions[0]).is_err());
    assert!(
        !fermi_bank::to_toml(&pack).contains("truth"),
        "a sealed truth is never written"
    );
    let keeps = load_pack(&[("public.toml", &format!("{public}{POINT}"))]).unwrap_err();
    assert!(
        keeps[0]
            .to_string()
            .contains("a public-tier pack holds no truths"),
        "{}",
        keeps[0]
    );
    let lacks = load_pack(&[("open.toml", &format!("{HEADER}{bare}"))]).unwrap_err();
    let messages: Vec<String> = lacks.iter().map(ToString::to_string).collect();
    assert!(
        messages.iter().any(|m| m.contains("truth: missing")),
        "{messages:?}"
    );
}
