//! `fermi-playground score --json < CASE.json` on every case of the spec's vectors, and its error output.

mod cli_common;

use std::process::Output;

use serde_json::Value;

fn run_score(args: &[&str], stdin: &str) -> Output {
    cli_common::run("score", args, stdin)
}

fn vectors() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../score/tests/data/scoring-vectors.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors readable"))
        .expect("vectors parse")
}

fn close(got: &Value, want: &Value, rel: f64, abs: f64) -> bool {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => w
            .iter()
            .all(|(k, w)| close(g.get(k).unwrap_or(&Value::Null), w, rel, abs)),
        (Value::Number(g), Value::Number(w)) => {
            let (g, w) = (g.as_f64().unwrap(), w.as_f64().unwrap());
            (g - w).abs() <= abs || (g - w).abs() <= rel * w.abs()
        }
        (g, w) => g == w,
    }
}

#[test]
fn every_vector_case_through_the_binary() {
    let data = vectors();
    let (rel, abs) = (
        data["tolerance"]["rel"].as_f64().unwrap(),
        data["tolerance"]["abs"].as_f64().unwrap(),
    );
    let mut failures = vec![];
    for case in data["cases"].as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let out = run_score(&["--json"], &case.to_string());
        assert!(
            out.status.success(),
            "{id}: exit {:?}, stderr {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let got: Value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON object");
        let expected = case["expected"].as_object().unwrap();
        assert_eq!(
            got.as_object().unwrap().len(),
            expected.len(),
            "{id}: same keys as the vectors"
        );
        for (key, entry) in expected {
            let got = got.get(key).unwrap_or(&Value::Null);
            if !close(got, &entry["value"], rel, abs) {
                failures.push(format!("{id} {key}: got {got}, want {}", entry["value"]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn only_f_and_g_are_needed() {
    let out = run_score(
        &["--json"],
        r#"{"F":{"kind":"samples","values":[10,100]},"G":{"kind":"point","value":100}}"#,
    );
    assert!(out.status.success());
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    // CRPS of {ln 10, ln 100} at ln 100: mean|x − g| − |x1 − x2|/4 = ln10/2 − ln10/4.
    let want = std::f64::consts::LN_10 / 4.0;
    assert!((got["cramer_log"].as_f64().unwrap() - want).abs() < 1e-15);
    assert_eq!(got["cramer_log_unbiased"], got["crps_log_fair"]);
    assert!(got["kl_log_q_FG"].is_null() && got["diagnostics"]["sd_ratio"].is_null());
}

#[test]
fn readable_output_without_json() {
    let out = run_score(
        &[],
        r#"{"F":{"kind":"samples","values":[10,20,40]},"G":{"kind":"lognormal_p5_p95","p5":1,"p95":4}}"#,
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Cramér-log  "), "{text}");
    assert!(text.contains("Your median is 10× too high"), "{text}");
}

#[test]
fn input_problems_exit_1_with_the_error_shape() {
    // A problem of the case as a whole has no place in the input: its position is null, never an invented 1:1.
    let cases: [(&str, &str, Option<u64>); 5] = [
        (
            r#"{"F":{"kind":"samples","values":[1,0,-2]},"G":{"kind":"point","value":3}}"#,
            "2 of 3 samples are zero or negative: the score works on logarithms and needs a positive quantity",
            None,
        ),
        (
            r#"{"F":{"kind":"samples","values":[]},"G":{"kind":"point","value":3}}"#,
            "there are no samples to score",
            None,
        ),
        (
            r#"{"F":{"kind":"point","value":2},"G":{"kind":"point","value":3}}"#,
            "F must be samples",
            None,
        ),
        (
            r#"{"F":{"kind":"samples","values":[1]},"G":{"kind":"lognormal_p5_p95","p5":5,"p95":2}}"#,
            "the truth's 90% interval [5, 2] needs two positive finite numbers with p5 ≤ p95",
            None,
        ),
        (
            "{\"F\":\n{\"kind\":\"samples\",\"values\":[1,",
            "not a scoring case: EOF while parsing",
            Some(2),
        ),
    ];
    for (input, message, line) in cases {
        let out = run_score(&["--json"], input);
        assert_eq!(out.status.code(), Some(1), "{input}");
        let got: Value = serde_json::from_slice(&out.stdout).expect("errors object");
        let error = &got["errors"][0];
        assert!(
            error["message"].as_str().unwrap().starts_with(message),
            "{input}: {error}"
        );
        assert_eq!(error["line"].as_u64(), line, "{input}");
        assert_eq!(error["file"], "<stdin>", "{input}");
        let at = line.map_or(String::new(), |l| format!(":{l}:"));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!("<stdin>{at}")) && stderr.contains(message),
            "{stderr}"
        );
    }
}
