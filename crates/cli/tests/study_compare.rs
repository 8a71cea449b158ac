//! `study prompts`, the runs format's additions (quick answers, failure records, samples, metadata) and `study
//! compare` on the fixture study: the CLI's output against the core's own functions.

mod study_common;

use serde_json::Value;
use study_common::{fixture, run, scratch, text};

fn study() -> String {
    fixture("study.toml").display().to_string()
}

#[test]
fn prompts_give_each_item_in_the_study_s_words() {
    let out = run(&["study", "prompts", "--arm", "open-book", &study()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let s = study_common::study();
    assert_eq!(lines.len(), s.items.len());
    for (i, (line, item)) in lines.iter().zip(&s.items).enumerate() {
        assert_eq!(line["question"], item.question.as_str());
        assert_eq!(line["position"], i + 1);
        assert!(!line["text"].as_str().unwrap().is_empty());
        assert!(!line["unit"].as_str().unwrap().is_empty());
        assert_eq!(
            line["formats"],
            serde_json::json!(["squiggle", "fermi", "quick"])
        );
        assert_eq!(
            line["instructions"],
            "Estimate each quantity.\n\nYou may search."
        );
        let guide = line["format_guide"].as_str().unwrap();
        // The syntax cards the editor shows, and the quick boxes' words.
        for rule in fermi_syntax::syntax_card(fermi_syntax::Dialect::Squiggle).rules {
            assert!(guide.contains(rule), "{rule}");
        }
        assert!(guide.contains("You are 90% sure the answer lies between these"));
    }
    let out = run(&["study", "prompts", "--arm", "nope", &study()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_runs_format_takes_quick_answers_failures_samples_and_metadata() {
    let dir = scratch("runs");
    let runs = dir.join("runs.jsonl");
    std::fs::write(
        &runs,
        [
            r#"{"model":"m","question":"fixture/piano-tuners","format":"quick","quick":{"low":"50","high":"300"},"temperature":0.2,"run_id":"r1"}"#,
            r#"{"model":"m","question":"fixture/bridge-cars","failure":"no number in the reply","raw":"lots of cars"}"#,
            r#"{"model":"m","question":"fixture/tree-leaves","format":"squiggle","program":"to(1e4, 1e5)","sample":0}"#,
            r#"{"model":"m","question":"fixture/tree-leaves","format":"squiggle","program":"to(2e4, 3e5)","sample":1}"#,
            r#"{"model":"m","question":"fixture/tree-leaves","format":"squiggle","program":"to(2e4, 3e5)","sample":1}"#,
            r#"{"model":"m","question":"fixture/lake-volume","format":"quick","quick":{"low":"1","high":"2"},"program":"to(1, 3)"}"#,
            r#"{"model":"m2","question":"fixture/lake-volume","failure":"x","program":"to(1, 2)"}"#,
        ]
        .join("\n"),
    )
    .unwrap();
    let out = run(&[
        "study",
        "score",
        "--study",
        &study(),
        "--llm",
        runs.to_str().unwrap(),
        "--json",
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["answers"]["scored"], 4);
    assert_eq!(v["answers"]["left_out"], 3);
    let messages: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["message"].as_str().unwrap())
        .collect();
    assert!(messages[0].contains("with this `sample`"), "{messages:?}");
    assert!(
        messages[1].contains("is not the quick answer's `to(1, 2)`"),
        "{messages:?}"
    );
    assert!(
        messages[2].contains("a failure record holds no format"),
        "{messages:?}"
    );
    let model = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["group"] == "model:m")
        .unwrap();
    // The failure record counts as a failure: one of four attempts.
    assert_eq!(
        (model["failures"].as_u64(), model["attempts"].as_u64()),
        (Some(1), Some(4))
    );
    let items = std::fs::read_to_string(dir.join("items.csv")).unwrap();
    assert!(items.contains("model:m,m,,fixture/piano-tuners,quick,answered"));
    assert!(items.contains("model:m,m,,fixture/bridge-cars,,failed"));
}

#[test]
fn compare_prints_the_paired_table_and_writes_the_report() {
    let dir = scratch("compare");
    let out = run(&[
        "study",
        "compare",
        "--study",
        &study(),
        "--llm",
        fixture("llm.jsonl").to_str().unwrap(),
        "--bootstrap",
        "300",
        "--report",
        dir.join("report").to_str().unwrap(),
        "--json",
        fixture("responses").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["people"], 5);
    assert_eq!(
        v["policy"],
        serde_json::json!({"items": "all", "skip": "drop", "failure": "drop"})
    );
    let groups: Vec<&str> = v["paired"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["group"].as_str().unwrap())
        .collect();
    assert_eq!(groups, ["model:model-a", "model:model-b", "crowd"]);
    // model-b failed one question: under the default policy it is compared on three.
    assert_eq!(v["paired"][1]["questions"], 3);
    assert!(
        v["paired"][0]["words"]
            .as_str()
            .unwrap()
            .starts_with("model-a beat the median participant on ")
    );
    for file in [
        "index.html",
        "compare-paired.csv",
        "compare-groups.csv",
        "compare-questions.csv",
    ] {
        assert!(dir.join("report").join(file).is_file(), "{file}");
    }
    let text_out = run(&[
        "study",
        "compare",
        "--study",
        &study(),
        "--llm",
        fixture("llm.jsonl").to_str().unwrap(),
        "--bootstrap",
        "300",
        fixture("responses").to_str().unwrap(),
    ]);
    let printed = text(&text_out.stdout);
    assert!(
        printed.starts_with("Policy: every question is used"),
        "{printed}"
    );
    assert!(printed.contains("Paired with the humans on the same questions"));
    let out = run(&[
        "study",
        "compare",
        "--study",
        &study(),
        "--arm",
        "nope",
        fixture("responses").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// Which factor each group misses most: two models answer the demo's coal-to-solar question with the reference's
/// own factors, one with coal generation three times too high and one with a tenth of the panels' yield; the
/// comparison names each one's wrong factor first, with the sign of its miss, as the core's attribution does.
#[test]
fn compare_names_the_factor_each_group_misses_most() {
    let dir = scratch("compare-factors");
    let demo =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/studies/demo.toml");
    let question = "open/germany-coal-to-solar-area";
    let runs = [
        (
            "coal-high",
            "coal_kwh = to(250e9, 300e9)\nsolar_yield = to(150, 200)\ngermany_m2 = 357022e6\ncoal_kwh / solar_yield / germany_m2",
        ),
        (
            "yield-low",
            "coal_kwh = to(93.9e9, 98.3e9)\nsolar_yield = to(15, 20)\ngermany_m2 = 357022e6\ncoal_kwh / solar_yield / germany_m2",
        ),
        ("quick", ""),
        // A program that names none of the reference's factors says nothing about which one it missed.
        ("bare", "to(0.001, 0.01)"),
    ];
    let lines: Vec<String> = runs
        .iter()
        .map(|(model, program)| {
            if program.is_empty() {
                // A quick answer names no factor: not in the factor summary.
                serde_json::json!({"model": model, "question": question, "format": "quick",
                    "quick": {"low": "0.001", "high": "0.01"}})
            } else {
                serde_json::json!({"model": model, "question": question, "format": "squiggle", "program": program})
            }
            .to_string()
        })
        .collect();
    std::fs::write(dir.join("runs.jsonl"), lines.join("\n")).unwrap();
    let sim = dir.join("sim");
    let made = run(&[
        "study",
        "simulate",
        "--study",
        demo.to_str().unwrap(),
        "--people",
        "5",
        "-o",
        sim.to_str().unwrap(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = run(&[
        "study",
        "compare",
        "--study",
        demo.to_str().unwrap(),
        "--llm",
        dir.join("runs.jsonl").to_str().unwrap(),
        "--bootstrap",
        "100",
        "--json",
        sim.join("responses.jsonl").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = v["factors"].as_array().unwrap();
    let first = |group: &str| {
        rows.iter()
            .find(|r| r["group"] == group && r["question"] == question)
            .unwrap_or_else(|| panic!("no row of {group}: {rows:#?}"))
    };
    for (group, factor) in [
        ("model:coal-high", "coal_kwh"),
        ("model:yield-low", "solar_yield"),
    ] {
        let row = first(group);
        assert_eq!(row["factor"], factor, "{group}: {rows:#?}");
        assert_eq!(
            (
                row["answers"].as_u64(),
                row["matched"].as_u64(),
                row["largest"].as_u64()
            ),
            (Some(1), Some(1), Some(1))
        );
        // Coal three times too high, and a tenth of the yield, both make the answer too high.
        let signed = row["mean_contribution"].as_f64().unwrap();
        assert!(signed > 0.9, "{group}: {signed}");
    }
    assert!(
        rows.iter()
            .all(|r| r["group"] != "model:quick" && r["group"] != "model:bare"),
        "{rows:#?}"
    );
    // The text output prints the same rows.
    let printed = run(&[
        "study",
        "compare",
        "--study",
        demo.to_str().unwrap(),
        "--llm",
        dir.join("runs.jsonl").to_str().unwrap(),
        "--bootstrap",
        "100",
        sim.join("responses.jsonl").to_str().unwrap(),
    ]);
    let printed = text(&printed.stdout);
    assert!(
        printed.contains("Which factor each group misses most"),
        "{printed}"
    );
    assert!(
        printed.lines().any(|l| l.starts_with(question)
            && l.contains("model:coal-high")
            && l.contains("coal_kwh")),
        "{printed}"
    );
}
