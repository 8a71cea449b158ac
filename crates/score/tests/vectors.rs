//! The spec's worked cases (`tests/data/scoring-vectors.json`): every key of every case at the stated
//! tolerance, compared through the report's JSON so that the names are checked too.

use fermi_score::{Report, Truth, score};
use serde_json::Value;

fn load() -> Value {
    serde_json::from_str(include_str!("data/scoring-vectors.json")).expect("vectors parse")
}

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_f64().expect("number"))
        .collect()
}

fn truth(g: &Value) -> Truth {
    match g["kind"].as_str().expect("kind") {
        "samples" => Truth::Samples(numbers(&g["values"])),
        "lognormal_p5_p95" => {
            Truth::lognormal_from_p5_p95(g["p5"].as_f64().unwrap(), g["p95"].as_f64().unwrap())
        }
        "point" => Truth::Point(g["value"].as_f64().unwrap()),
        other => panic!("unknown truth kind {other}"),
    }
}

/// Appends a line to `failures` for every leaf of `want` that `got` misses or misses by more than the tolerance.
fn compare(path: &str, got: &Value, want: &Value, rel: f64, abs: f64, failures: &mut Vec<String>) {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            for (key, w) in w {
                compare(
                    &format!("{path}.{key}"),
                    g.get(key).unwrap_or(&Value::Null),
                    w,
                    rel,
                    abs,
                    failures,
                );
            }
        }
        (Value::Number(g), Value::Number(w)) => {
            let (g, w) = (g.as_f64().unwrap(), w.as_f64().unwrap());
            if !((g - w).abs() <= abs || (g - w).abs() <= rel * w.abs()) {
                failures.push(format!("{path}: got {g:e}, want {w:e}"));
            }
        }
        (g, w) if g == w => {}
        (g, w) => failures.push(format!("{path}: got {g}, want {w}")),
    }
}

fn mismatches(rel: f64, abs: f64) -> Vec<String> {
    let data = load();
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 26);
    let mut failures = vec![];
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let report: Report =
            score(&numbers(&case["F"]["values"]), &truth(&case["G"])).expect("case scores");
        let got = serde_json::to_value(&report).unwrap();
        let expected = case["expected"].as_object().unwrap();
        let rel = case
            .get("looser_rel_tolerance")
            .and_then(Value::as_f64)
            .unwrap_or(rel);
        for (key, entry) in expected {
            compare(
                &format!("{id} {key}"),
                got.get(key).unwrap_or(&Value::Null),
                &entry["value"],
                rel,
                abs,
                &mut failures,
            );
        }
        let extra: Vec<_> = got
            .as_object()
            .unwrap()
            .keys()
            .filter(|k| !expected.contains_key(*k))
            .collect();
        assert!(
            extra.is_empty(),
            "{id}: report keys not in the vectors: {extra:?}"
        );
    }
    failures
}

#[test]
fn every_case_every_key_within_tolerance() {
    let data = load();
    let (rel, abs) = (
        data["tolerance"]["rel"].as_f64().unwrap(),
        data["tolerance"]["abs"].as_f64().unwrap(),
    );
    let failures = mismatches(rel, abs);
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The comparison is live: at a tolerance far below float rounding, last-bit differences must show up.
#[test]
fn comparison_detects_last_bit_differences() {
    assert!(!mismatches(1e-18, 0.0).is_empty());
}
