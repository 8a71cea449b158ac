//! `fermi-playground bank check|list` and `import`, driven through the binary.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fermi-playground"))
        .args(args)
        .output()
        .expect("binary starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fermi-bank-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const GOOD: &str = r#"[pack]
id = "class"
title = "Class set"
version = 1
tier = "open"

[[question]]
id = "solar-area"
text = "What fraction of Germany's area would panels need to cover to replace coal in 2025?"
unit = "fraction of land area"
as_of = "2025"
topics = ["energy"]
countries = ["DE"]

[question.truth]
kind = "distribution"
program = """
coal_kwh = to(93.9e9, 98.3e9)
solar_yield = to(150, 200)
coal_kwh / solar_yield / 357022e6
"""

[[question.sources]]
factor = "coal_kwh"
publisher = "Fraunhofer ISE; SMARD"
title = "Net generation 2025"
url = "https://www.energy-charts.info/"
tier = "1"
detail = "93.9 and 98.3 TWh"

[[question.sources]]
factor = "solar_yield"
publisher = "PVPro"
title = "Yield per m2"
url = "https://example.org/"
tier = "range"
detail = "150-200 kWh/m2/yr"
"#;

#[test]
fn check_prints_the_fit_and_counts() {
    let dir = scratch("good");
    let file = dir.join("class.toml");
    std::fs::write(&file, GOOD).unwrap();
    let out = run(&["bank", "check", file.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("pack `class` version 1 (open tier), 1 files, 1 questions"),
        "{stdout}"
    );
    assert!(
        stdout.contains("truth kinds (1): distribution 1"),
        "{stdout}"
    );
    let fit = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("solar-area"))
        .expect("a fitted line");
    assert!(fit.contains("p5 1.34") && fit.contains("p95 1.79"), "{fit}");
}

#[test]
fn check_warns_where_an_interval_breaks_the_tier_rule() {
    let dir = scratch("advice");
    let file = dir.join("wide.toml");
    std::fs::write(
        &file,
        GOOD.replace("to(150, 200)", "to(100, 300)")
            .replace("tier = \"range\"", "tier = \"2\""),
    )
    .unwrap();
    let out = run(&["bank", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "advice is not a problem");
    let line = format!(
        "{}:19:1: warning: question solar-area: truth.program: `solar_yield`: a tier-2 factor spans ±50.0%; the tier rule \
         gives ±5% (industrialised countries) or ±10% (developing ones)",
        file.display()
    );
    let stderr = text(&out.stderr);
    assert!(stderr.lines().any(|l| l == line), "{stderr}");
    // The caret line underlines the factor's statement in the program.
    assert!(
        stderr.contains("19 | solar_yield = to(100, 300)\n   | ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"),
        "{stderr}"
    );
}

#[test]
fn check_warns_about_sources_a_reader_cannot_check() {
    let dir = scratch("sources");
    let file = dir.join("sources.toml");
    // GOOD's two sources link bare domains and give no `accessed`.
    std::fs::write(&file, GOOD).unwrap();
    let out = run(&["bank", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "a warning is not a problem");
    let stderr = text(&out.stderr);
    let f = file.display();
    for line in [
        format!(
            "{f}:27:7: warning: question solar-area: sources[0].url: `https://www.energy-charts.info/` is a bare \
             domain: link the page, table or document that holds the figure"
        ),
        format!(
            "{f}:23:1: warning: question solar-area: sources[0]: no `accessed` date: say when the page was read \
             (YYYY-MM), since pages change"
        ),
        format!(
            "{f}:35:7: warning: question solar-area: sources[1].url: `https://example.org/` is a bare domain: \
             link the page, table or document that holds the figure"
        ),
    ] {
        assert!(stderr.lines().any(|l| l == line), "{line}\n{stderr}");
    }
}

#[test]
fn check_reports_width_rules_primary_sources_and_giveaways() {
    let dir = scratch("rules");
    let file = dir.join("rules.toml");
    // GOOD states no width rule and no source kind; a second question pins a figure, cites it as primary and
    // gives its answer away in the text.
    let pinned = r#"
[[question]]
id = "cocoa"
text = "How many tonnes of cocoa did Ghana's board buy in 2023-24 (429,323 t)?"
unit = "tonnes"
as_of = "2024"
topics = ["agriculture"]
countries = ["GH"]
width = "pinned"

[question.truth]
kind = "point"
value = 429323

[[question.sources]]
publisher = "Ghana Cocoa Board"
title = "Annual report 2023-24"
url = "https://cocobod.gh/annual-report"
tier = "0"
kind = "primary"
detail = "429,323 tonnes"
accessed = "2026-11"
"#;
    std::fs::write(&file, format!("{GOOD}{pinned}")).unwrap();
    let out = run(&["bank", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "warnings are not problems");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    for line in [
        "  width rule: pinned 1, unstated 1",
        "  primary sources: 1 of 2 questions without one: solar-area; 0 state why none exists",
        "  giveaways: 1 number(s) in text or disambiguation within 5% of the truth or a factor",
    ] {
        assert!(stdout.lines().any(|l| l == line), "{line}\n{stdout}");
    }
    let rule = |id: &str| {
        stdout
            .lines()
            .find(|l| l.trim_start().starts_with(id))
            .map(|l| l.split_whitespace().nth(1).unwrap_or("").to_string())
    };
    assert_eq!(rule("cocoa").as_deref(), Some("pinned"), "{stdout}");
    assert_eq!(rule("solar-area").as_deref(), Some("unstated"), "{stdout}");
    let f = file.display();
    assert!(
        stderr.lines().any(|l| l.starts_with(&format!(
            "{f}:41:68: warning: question cocoa: text: `429,323` is within 5% of the truth's median"
        ))),
        "{stderr}"
    );
    assert!(
        stderr.contains("warning: question solar-area: sources: no primary source"),
        "{stderr}"
    );
}

#[test]
fn check_lists_every_problem_and_exits_1() {
    let dir = scratch("bad");
    let file = dir.join("bad.toml");
    let bad = GOOD
        .replace("\"2025\"", "\"25\"")
        .replace("factor = \"solar_yield\"", "factor = \"yield\"");
    std::fs::write(&file, bad).unwrap();
    let out = run(&["bank", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let f = file.display();
    for line in [
        format!(
            "{f}:11:9: error: question solar-area: as_of: `25` is not a date of the form YYYY, YYYY-MM or YYYY-MM-DD"
        ),
        format!(
            "{f}:23:1: error: question solar-area: sources: no source has `factor = \"solar_yield\"`: every factor of the program needs one"
        ),
        format!(
            "{f}:32:10: error: question solar-area: sources[1].factor: `yield` is not a variable of the truth program"
        ),
        "11 | as_of = \"25\"".to_string(),
        "   |         ^^^^".to_string(),
        "3 problem(s)".to_string(),
    ] {
        assert!(
            stderr.lines().any(|l| l == line),
            "missing {line:?} in\n{stderr}"
        );
    }
}

#[test]
fn list_json_has_the_contract_keys() {
    let dir = scratch("list");
    let file = dir.join("class.toml");
    std::fs::write(&file, GOOD).unwrap();
    let out = run(&["bank", "list", "--json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"questions": [{
            "id": "solar-area", "tier": "open", "truth_kind": "distribution", "unit": "fraction of land area",
            "as_of": "2025", "topics": ["energy"], "countries": ["DE"], "sources": 2, "width": null
        }]})
    );
    // The built-in pack by default.
    let out = run(&["bank", "list", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let questions = json["questions"].as_array().unwrap();
    assert!(
        questions
            .iter()
            .any(|q| q["id"] == "germany-coal-to-solar-area")
    );
    for q in questions {
        for key in [
            "id",
            "tier",
            "truth_kind",
            "unit",
            "as_of",
            "topics",
            "countries",
            "sources",
        ] {
            assert!(!q[key].is_null(), "{key} missing in {q}");
        }
    }
}

#[test]
fn a_folder_is_one_pack() {
    let dir = scratch("folder");
    let (header, questions) = GOOD.split_at(GOOD.find("[[question]]").unwrap());
    std::fs::write(dir.join("pack.toml"), header).unwrap();
    std::fs::write(dir.join("energy.toml"), questions).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a pack file").unwrap();
    let out = run(&["bank", "check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("pack `class` version 1 (open tier), 2 files, 1 questions"));
}

#[test]
fn unreadable_file_is_a_usage_error() {
    let out = run(&["bank", "check", "/nonexistent/pack.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/pack.toml"));
}

#[test]
fn import_writes_a_pack_that_checks() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../bank/tests/fixtures/import");
    let dir = scratch("import");
    let pack = dir.join("scioly.toml");
    let out = run(&[
        "import",
        "scioly",
        &format!("{fixtures}/scioly-questions.json"),
        "--corrections",
        &format!("{fixtures}/scioly-corrections.json"),
        "-o",
        pack.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("records: 24, kept: 9, dropped: 15"),
        "{stderr}"
    );
    assert!(
        stderr.contains("dropped     3  text with extraction damage"),
        "{stderr}"
    );
    let out = run(&["bank", "check", pack.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("truth kinds (1): log_range 9"));

    let out = run(&[
        "import",
        "realfp",
        &format!("{fixtures}/realfp-train.json"),
        &format!("{fixtures}/realfp-val.json"),
        "-o",
        "-",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("[pack]\nid = \"realfp\""));

    let out = run(&[
        "import",
        "calibration",
        &format!("{fixtures}/calibration.json"),
        "--corrections",
        "x",
        "-o",
        "-",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// `import` checks a file is the set it is given as, with the words the browser shows.
#[test]
fn import_refuses_a_set_that_is_not_what_it_claims() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../bank/tests/fixtures/import");
    let dir = scratch("claims");
    let numglue = dir.join("numglue.json");
    std::fs::write(
        &numglue,
        r#"[{"question": "John has 5 apples and eats 2. How many are left?", "answer": 3}]"#,
    )
    .unwrap();
    let out = run(&["import", "realfp", numglue.to_str().unwrap(), "-o", "-"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "nothing written");
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(
            "numglue.json: error: not a set the playground converts: its records have a question"
        ),
        "{stderr}"
    );
    let out = run(&[
        "import",
        "realfp",
        &format!("{fixtures}/scioly-questions.json"),
        "-o",
        "-",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with(
            "scioly-questions.json: error: given as a RealFP set, but it is a Science Olympiad set"
        ),
        "{}",
        text(&out.stderr)
    );
}
