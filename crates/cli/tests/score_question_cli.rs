//! `fermi-playground score --question ID [--pack FILE] ESTIMATE_FILE`, driven through the binary.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fermi-playground"))
        .args(args)
        .output()
        .expect("binary starts")
}

fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "fermi-score-question-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn json_of(out: &Output) -> Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

const QUESTION: &str = "germany-coal-to-solar-area";
const TRUTH_PROGRAM: &str = "to(93.9e9, 98.3e9) / to(150, 200) / 357022e6\n";

#[test]
fn scores_against_the_fitted_truth_of_a_built_in_question() {
    let dir = scratch(
        "builtin",
        &[
            ("same.sq", TRUTH_PROGRAM),
            ("high.fermi", "93.9B 98.3B\n/ 150 200\n/ 35702.2M\n"),
        ],
    );
    let same = json_of(&run(&[
        "score",
        "--question",
        QUESTION,
        "--json",
        dir.join("same.sq").to_str().unwrap(),
    ]));
    assert_eq!(same["question"], QUESTION);
    assert_eq!(same["truth"]["kind"], "distribution");
    let (mu, sigma) = (
        same["truth"]["mu"].as_f64().unwrap(),
        same["truth"]["sigma"].as_f64().unwrap(),
    );
    assert!(
        (mu - (0.0015538f64).ln()).abs() < 0.01 && (sigma - 0.0886).abs() < 0.002,
        "{}",
        same["truth"]
    );
    assert_eq!(
        (same["samples"].as_u64(), same["seed"].as_u64()),
        (Some(10_000), Some(1))
    );
    // The truth's own program scores near the sampling floor; ten times too high is off by ln 10 in location.
    assert!(
        same["cramer_log"].as_f64().unwrap() < 0.01,
        "{}",
        same["cramer_log"]
    );
    let high = json_of(&run(&[
        "score",
        "--question",
        QUESTION,
        "--json",
        dir.join("high.fermi").to_str().unwrap(),
    ]));
    let bias = high["breakdown_shift"]["bias"].as_f64().unwrap();
    assert!((bias - std::f64::consts::LN_10).abs() < 0.05, "{bias}");
    assert!(high["cramer_log"].as_f64().unwrap() > 1.5);

    let sampled = json_of(&run(&[
        "score",
        "--question",
        QUESTION,
        "--sampled-truth",
        "--samples",
        "500",
        "--json",
        dir.join("same.sq").to_str().unwrap(),
    ]));
    assert_eq!(
        sampled["truth"],
        serde_json::json!({"kind": "distribution", "mode": "sampled", "samples": 500})
    );
}

#[test]
fn point_truth_from_a_given_pack() {
    let pack = r#"[pack]
id = "class"
title = "Class"
version = 1
tier = "open"

[[question]]
id = "ox-bel-ha"
text = "Surveyed length of Sistema Ox Bel Ha, km, February 2026?"
unit = "km"
as_of = "2026-02"
topics = ["geography"]
countries = ["MX"]
[question.truth]
kind = "point"
value = 541.7
[[question.sources]]
publisher = "QRSS"
title = "Long underwater caves"
url = "https://caves.org/"
tier = "2"
detail = "541.7 km"
"#;
    let dir = scratch(
        "point",
        &[("class.toml", pack), ("guess.sq", "to(200, 400)\n")],
    );
    let out = run(&[
        "score",
        "--question",
        "ox-bel-ha",
        "--pack",
        dir.join("class.toml").to_str().unwrap(),
        "--json",
        dir.join("guess.sq").to_str().unwrap(),
    ]);
    let json = json_of(&out);
    assert_eq!(
        json["truth"],
        serde_json::json!({"kind": "point", "value": 541.7})
    );
    assert!(
        json["breakdown_shift"]["bias"].as_f64().unwrap() < -0.4,
        "{}",
        json["breakdown_shift"]
    );
    assert!(json["sd_ratio"].is_null());
}

#[test]
fn errors() {
    let dir = scratch(
        "errors",
        &[("bad.sq", "x = to(1, 10)\n"), ("ok.sq", "to(1, 10)\n")],
    );
    let bad = dir.join("bad.sq");
    let out = run(&[
        "score",
        "--question",
        QUESTION,
        "--json",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["errors"][0]["line"], 1);
    let out = run(&[
        "score",
        "--question",
        "no-such-question",
        dir.join("ok.sq").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("no question `no-such-question` in pack `open`")
    );
    let out = run(&["score", "--question", QUESTION]);
    assert_eq!(out.status.code(), Some(2), "an estimate file is required");
}

/// `--factors`: the factor ten times off comes first, with its part of the miss; a person's `--match` moves a
/// variable; without `--factors` the JSON has no `factors` key (the shape only grows).
#[test]
fn factors_name_the_step_that_went_wrong() {
    let answer = "rain = to(3, 20)\numbrella_m2 = to(6, 10)\ndrop_d_mm = to(1.5, 2.5)\nrain * umbrella_m2 * 1000000 / (3.14159265 / 6 * drop_d_mm ^ 3)\n";
    let dir = scratch("factors", &[("rain.sq", answer)]);
    let file = dir.join("rain.sq");
    let file = file.to_str().unwrap();
    let q = "raindrops-on-umbrella-california";
    let plain = json_of(&run(&["score", "--question", q, "--json", file]));
    assert!(plain.get("factors").is_none());
    let out = json_of(&run(&[
        "score",
        "--question",
        q,
        "--factors",
        "--json",
        file,
    ]));
    let f = &out["factors"];
    assert_eq!(f["method"], "exact");
    assert_eq!(f["factors"][0]["reference"], "umbrella_m2");
    let c = f["factors"][0]["contribution"].as_f64().unwrap();
    assert!((c - 10f64.ln()).abs() < 1e-9, "{c}");
    // `rain` shares the word "rain" with `rain_mm`: matched by words.
    let rain = f["factors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["reference"] == "rain_mm")
        .unwrap();
    assert_eq!(rain["answer"], "rain");
    assert_eq!(rain["matched_by"], "words");
    let sum: f64 = f["factors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["contribution"].as_f64().unwrap())
        .sum::<f64>()
        + f["rest"].as_f64().unwrap()
        + f["residual"].as_f64().unwrap();
    assert!((sum - f["total"].as_f64().unwrap()).abs() < 1e-12);
    assert!(
        f["sentences"][0]
            .as_str()
            .unwrap()
            .contains("most of it from umbrella m2")
    );
    let unmatched = json_of(&run(&[
        "score",
        "--question",
        q,
        "--factors",
        "--match",
        "rain=",
        "--json",
        file,
    ]));
    assert_eq!(unmatched["factors"]["unmatched_answer"][0], "rain");
    // A question without a reference decomposition: `factors` is null.
    let none = json_of(&run(&[
        "score",
        "--question",
        "iss-mass",
        "--factors",
        "--json",
        file,
    ]));
    assert!(none["factors"].is_null());
}
