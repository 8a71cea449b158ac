//! The spec's worked cases (`tests/data/scoring-vectors.json`), every key at the stated tolerance.

use fermi_score::{LogSamples, LogTruth, Truth, cramer, cramer_unbiased, w1};
use serde_json::Value;

fn load() -> Value {
    serde_json::from_str(include_str!("data/scoring-vectors.json")).expect("vectors parse")
}

fn truth(g: &Value) -> Truth {
    match g["kind"].as_str().unwrap() {
        "samples" => Truth::Samples(
            g["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect(),
        ),
        "lognormal_p5_p95" => {
            Truth::lognormal_from_p5_p95(g["p5"].as_f64().unwrap(), g["p95"].as_f64().unwrap())
        }
        "point" => Truth::Point(g["value"].as_f64().unwrap()),
        other => panic!("unknown truth kind {other}"),
    }
}

#[test]
fn cramer_cases() {
    let data = load();
    let mut failures = vec![];
    for case in data["cases"].as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let f: Vec<f64> = case["F"]["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let f = LogSamples::new(&f).unwrap();
        let g = LogTruth::new(&truth(&case["G"])).unwrap();
        let got = [
            ("cramer_log", Some(cramer(&f, &g))),
            ("cramer_log_unbiased", cramer_unbiased(&f, &g)),
            ("w1_log", Some(w1(&f, &g))),
        ];
        for (key, got) in got {
            let want = case["expected"][key]["value"].as_f64();
            let ok = match (got, want) {
                (Some(a), Some(b)) => (a - b).abs() <= 1e-12 || (a - b).abs() <= 1e-9 * b.abs(),
                (None, None) => true,
                _ => false,
            };
            if !ok {
                failures.push(format!("{id} {key}: got {got:?}, want {want:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
