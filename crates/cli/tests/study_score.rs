//! `fermi-playground study score` on the fixture study: the board number by number against an independent
//! computation from the core's rules, identical bytes twice, and every validation failure listed.

mod study_common;

use std::collections::BTreeMap;
use std::path::Path;

use fermi_bank::{fit_truth, load_pack};
use fermi_eval::{Options, evaluate_source};
use fermi_num::quantile_type7;
use fermi_score::{LogSamples, LogTruth, Report};
use fermi_study::{Format, bootstrap_interval};
use serde_json::Value;
use study_common::{answers, fixture, fixture_records, run, scratch, study, study_text, text};

fn score_fixture(out: &Path, extra: &[&str]) -> std::process::Output {
    score_fixture_threads(out, extra, None)
}

/// The fixture scored, on `threads` rayon threads (default: every core).
fn score_fixture_threads(
    out: &Path,
    extra: &[&str],
    threads: Option<&str>,
) -> std::process::Output {
    let study = fixture("study.toml");
    let llm = fixture("llm.jsonl");
    let responses = fixture("responses");
    let out = out.display().to_string();
    let mut args = vec![
        "study",
        "score",
        "--study",
        study.to_str().unwrap(),
        "--llm",
        llm.to_str().unwrap(),
        "-o",
        &out,
    ];
    args.extend(extra);
    args.push(responses.to_str().unwrap());
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_fermi-playground"));
    command.args(&args);
    if let Some(n) = threads {
        command.env("RAYON_NUM_THREADS", n);
    }
    command.output().expect("binary starts")
}

fn csv_rows(path: &Path) -> Vec<BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .zip(r.unwrap().iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    quantile_type7(&v, 0.5)
}

/// One group's answers as the test computes them: per question, the Cramér-log values, the covered flags and
/// the failures.
#[derive(Default)]
struct Expected {
    people: usize,
    cramer: BTreeMap<String, Vec<f64>>,
    covered: usize,
    attempts: usize,
    failures: usize,
    times: Vec<f64>,
}

fn score_one(question: &str, format: Format, program: &str, seed: u64) -> Option<Report> {
    let study = study();
    let pack_text = std::fs::read_to_string(fixture("pack.toml")).unwrap();
    let pack = load_pack(&[("pack.toml", &pack_text)]).unwrap();
    let id = question.strip_prefix("fixture/").unwrap();
    let truth = fit_truth(pack.question(id).unwrap()).unwrap().to_truth();
    let dialect = match format {
        Format::Fermi => fermi_syntax::Dialect::Fermi,
        _ => fermi_syntax::Dialect::Squiggle,
    };
    let options = Options {
        samples: study.samples,
        seed,
    };
    let samples = evaluate_source(program, dialect, &options).samples?;
    let f = LogSamples::new(&samples).ok()?;
    Some(Report::new(&f, &LogTruth::new(&truth).unwrap()))
}

fn expected_groups() -> BTreeMap<String, Expected> {
    let study = study();
    let mut groups: BTreeMap<String, Expected> = BTreeMap::new();
    for (id, _, list) in answers() {
        let arm = format!("humans:{}", study.arm_for(id).unwrap().id);
        for g in [arm.as_str(), "humans"] {
            let e = groups.entry(g.to_string()).or_default();
            e.people += 1;
            for a in list.iter().filter(|a| a.skip.is_none()) {
                let q = format!("fixture/{}", a.question);
                let report =
                    score_one(&q, a.format.unwrap(), a.program, study.item_seed(id, &q)).unwrap();
                e.cramer.entry(q).or_default().push(report.cramer_log);
                e.covered += usize::from(report.median_in_interval90);
                e.attempts += 1;
                e.times.push(a.seconds as f64);
            }
        }
    }
    let llm = std::fs::read_to_string(fixture("llm.jsonl")).unwrap();
    for line in llm.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let (model, q) = (
            v["model"].as_str().unwrap(),
            v["question"].as_str().unwrap(),
        );
        let format = if v["format"] == "fermi" {
            Format::Fermi
        } else {
            Format::Squiggle
        };
        let seed = v["seed"]
            .as_u64()
            .unwrap_or_else(|| study.item_seed(model, q));
        let e = groups.entry(format!("model:{model}")).or_default();
        e.people = 1;
        e.attempts += 1;
        match score_one(q, format, v["program"].as_str().unwrap(), seed) {
            Some(report) => {
                e.cramer
                    .entry(q.to_string())
                    .or_default()
                    .push(report.cramer_log);
                e.covered += usize::from(report.median_in_interval90);
            }
            None => e.failures += 1,
        }
    }
    groups
}

fn number(row: &BTreeMap<String, String>, key: &str) -> f64 {
    row[key]
        .parse()
        .unwrap_or_else(|_| panic!("{key} = `{}`", row[key]))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1e-300)
}

#[test]
fn the_board_matches_an_independent_computation() {
    let out = scratch("board");
    let result = score_fixture(&out, &[]);
    assert!(result.status.success(), "{}", text(&result.stderr));
    let board = csv_rows(&out.join("board.csv"));
    let expected = expected_groups();
    let groups: Vec<&str> = board.iter().map(|r| r["group"].as_str()).collect();
    assert_eq!(
        groups,
        [
            "humans:closed-book",
            "humans:open-book",
            "humans",
            "model:model-a",
            "model:model-b"
        ]
    );
    for row in &board {
        let e = &expected[&row["group"]];
        let per_question: Vec<f64> = e.cramer.values().map(|v| median(v)).collect();
        let what = &row["group"];
        assert_eq!(number(row, "participants") as usize, e.people, "{what}");
        assert_eq!(
            number(row, "questions") as usize,
            per_question.len(),
            "{what}"
        );
        assert!(
            close(number(row, "median_cramer_log"), median(&per_question)),
            "{what}: median {} against {}",
            row["median_cramer_log"],
            median(&per_question)
        );
        let mean = per_question.iter().sum::<f64>() / per_question.len() as f64;
        assert!(close(number(row, "mean_cramer_log"), mean), "{what}: mean");
        let (low, high) = bootstrap_interval(&per_question, 10_000, 1).unwrap();
        assert!(close(number(row, "ci_low"), low), "{what}: ci_low");
        assert!(close(number(row, "ci_high"), high), "{what}: ci_high");
        assert!(low <= median(&per_question) && median(&per_question) <= high);
        assert_eq!(number(row, "brackets") as usize, e.covered, "{what}");
        assert_eq!(number(row, "attempts") as usize, e.attempts, "{what}");
        assert_eq!(number(row, "failures") as usize, e.failures, "{what}");
        assert!(close(
            number(row, "fail_rate"),
            e.failures as f64 / e.attempts as f64
        ));
        if !e.times.is_empty() {
            assert!(
                close(number(row, "median_time_s"), median(&e.times)),
                "{what}: time"
            );
        }
    }
    // model-b's unparseable answer is a failure on the CLI's board, not a left-out line.
    let model_b = board
        .iter()
        .find(|r| r["group"] == "model:model-b")
        .unwrap();
    assert_eq!(number(model_b, "failures"), 1.0);
    let items = csv_rows(&out.join("items.csv"));
    assert_eq!(items.len(), 5 * 4 + 8);
    assert_eq!(items.iter().filter(|r| r["status"] == "skipped").count(), 1);
    assert_eq!(items.iter().filter(|r| r["status"] == "failed").count(), 1);
    // Every scored row's Cramér-log is the one Report::new gives for that answer.
    let study = study();
    for row in items.iter().filter(|r| r["group"].starts_with("humans")) {
        let (id, q) = (row["participant"].as_str(), row["question"].as_str());
        let list = answers().into_iter().find(|(p, _, _)| *p == id).unwrap().2;
        let a = list
            .iter()
            .find(|a| format!("fixture/{}", a.question) == q)
            .unwrap();
        let Some(format) = a.format else { continue };
        let report = score_one(q, format, a.program, study.item_seed(id, q)).unwrap();
        assert!(
            close(number(row, "cramer_log"), report.cramer_log),
            "{id} {q}"
        );
        assert!(close(
            number(row, "location"),
            report.breakdown_shift.location
        ));
        assert_eq!(row["covered90"], report.median_in_interval90.to_string());
        assert!(close(
            number(row, "truth_p50"),
            report.summary_G.median.exp()
        ));
    }
    // The per-question view is sorted by the largest human–model gap.
    let questions = csv_rows(&out.join("questions.csv"));
    let humans_med = |q: &str| {
        questions
            .iter()
            .find(|r| r["question"] == q && r["group"] == "humans")
            .map(|r| number(r, "median_cramer_log"))
            .unwrap()
    };
    let e = &expected["humans"];
    for (q, values) in &e.cramer {
        assert!(close(humans_med(q), median(values)), "{q}");
    }
    let stdout = text(&result.stdout);
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/study-format.md");
    assert!(
        std::fs::read_to_string(docs).unwrap().contains(&stdout),
        "docs/study-format.md's example board is not this output:\n{stdout}"
    );
    let view: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("question"))
        .skip(1)
        .take_while(|l| !l.starts_with("Empty cells"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let gap = |q: &str| {
        ["model:model-a", "model:model-b"]
            .iter()
            .filter_map(|m| expected[*m].cramer.get(q).map(|v| median(v)))
            .map(|m| (humans_med(q) - m).abs())
            .fold(f64::NEG_INFINITY, f64::max)
    };
    assert_eq!(view.len(), 4);
    for pair in view.windows(2) {
        assert!(gap(pair[0]) >= gap(pair[1]), "{pair:?}");
    }
}

#[test]
fn the_same_inputs_give_the_same_bytes() {
    // Once on one thread, once on four: the same bytes.
    let (a, b) = (scratch("same-a"), scratch("same-b"));
    let ra = score_fixture_threads(&a, &[], Some("1"));
    let rb = score_fixture_threads(&b, &[], Some("4"));
    assert!(ra.status.success());
    assert_eq!(ra.stdout, rb.stdout);
    assert_eq!(ra.stderr, rb.stderr);
    for file in [
        "items.csv",
        "participants.csv",
        "questions.csv",
        "board.csv",
    ] {
        let (x, y) = (
            std::fs::read(a.join(file)).unwrap(),
            std::fs::read(b.join(file)).unwrap(),
        );
        assert!(!x.is_empty());
        assert!(x == y, "{file} differs");
    }
    let (ja, jb) = (
        score_fixture(&a, &["--json"]),
        score_fixture(&b, &["--json"]),
    );
    assert_eq!(ja.stdout, jb.stdout);
    let json: Value = serde_json::from_slice(&ja.stdout).unwrap();
    assert_eq!(json["records"]["scored"], 5);
    assert_eq!(json["answers"]["scored"], 8);
    assert_eq!(json["board"].as_array().unwrap().len(), 5);
    assert_eq!(json["models"], serde_json::json!(["model-a", "model-b"]));
    assert_eq!(json["view"].as_array().unwrap().len(), 4);
    // Another seed moves the intervals, not the medians (few resamples, so that the interpolated ends differ).
    let (c, d) = (scratch("same-c"), scratch("same-d"));
    assert!(score_fixture(&c, &["--bootstrap", "7"]).status.success());
    assert!(
        score_fixture(&d, &["--bootstrap", "7", "--seed", "9"])
            .status
            .success()
    );
    let (x, y) = (
        csv_rows(&c.join("board.csv")),
        csv_rows(&d.join("board.csv")),
    );
    assert_eq!(x[2]["median_cramer_log"], y[2]["median_cramer_log"]);
    assert!(
        x.iter()
            .zip(&y)
            .any(|(x, y)| x["ci_low"] != y["ci_low"] || x["ci_high"] != y["ci_high"])
    );
}

/// A JSON edit of a valid record.
fn edited(record: &Value, edit: impl FnOnce(&mut Value)) -> Value {
    let mut r = record.clone();
    edit(&mut r);
    r
}

#[test]
fn every_problem_is_listed_and_nothing_bad_is_scored() {
    let dir = scratch("invalid");
    let records: Vec<Value> = fixture_records()
        .iter()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect();
    let good = &records[0];
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "schema",
            edited(good, |r| {
                r["schema"] = "fermi-playground/study-response/0".into()
            }),
            "schema `fermi-playground/study-response/0` is not",
        ),
        (
            "version",
            edited(good, |r| r["study"]["version"] = 2.into()),
            "answers study `fixture-study` version 2",
        ),
        (
            "sha",
            edited(good, |r| r["study"]["sha256"] = "ab".repeat(32).into()),
            "is not this study file's",
        ),
        (
            "unknown",
            edited(good, |r| {
                r["items"][0]["question"] = "fixture/warmup".into()
            }),
            "item fixture/warmup: unknown question",
        ),
        (
            "tampered",
            edited(good, |r| {
                let p50 = r["items"][1]["summary"]["p50"].as_f64().unwrap();
                r["items"][1]["summary"]["p50"] = (p50 * 0.9).into();
            }),
            "summary does not belong to the program: p50 differ",
        ),
        (
            "missing",
            edited(good, |r| {
                r.as_object_mut().unwrap().remove("user_agent");
            }),
            "missing field `user_agent`",
        ),
        (
            "missing-null",
            edited(good, |r| {
                r["items"][0].as_object_mut().unwrap().remove("skip_reason");
            }),
            "missing field `skip_reason`",
        ),
    ];
    // Valid records first: 1 and 2 are scored; then the duplicates of record 1's submission and participant.
    let mut lines = vec![
        serde_json::to_string(&records[1]).unwrap(),
        serde_json::to_string(&records[2]).unwrap(),
        serde_json::to_string(&edited(&records[3], |r| {
            r["submission_id"] = records[1]["submission_id"].clone();
        }))
        .unwrap(),
        serde_json::to_string(&edited(&records[1], |r| {
            r["submission_id"] = "another-attempt".into();
        }))
        .unwrap(),
    ];
    for (_, value, _) in &cases {
        lines.push(serde_json::to_string(value).unwrap());
    }
    let full = serde_json::to_string(&records[4]).unwrap();
    lines.push(full[..full.len() / 2].to_string());
    lines.push(format!("{{\"pad\":\"{}\"}}", "x".repeat(50 << 20)));
    lines.push(serde_json::to_string(&records[4]).unwrap());
    std::fs::write(dir.join("all.jsonl"), lines.join("\n") + "\n").unwrap();
    let out = scratch("invalid-out");
    let study_path = fixture("study.toml");
    let args = |strict: bool| {
        let mut a = vec![
            "study".to_string(),
            "score".into(),
            "--study".into(),
            study_path.display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ];
        if strict {
            a.push("--strict".into());
        }
        a.push(dir.display().to_string());
        a
    };
    let plain = args(false);
    let result = run(&plain.iter().map(String::as_str).collect::<Vec<_>>());
    let stderr = text(&result.stderr);
    assert!(result.status.success(), "{stderr}");
    let file = dir.join("all.jsonl").display().to_string();
    let at = |line: usize| format!("{file}:{line}: ");
    let line_of = |needle: &str| {
        stderr
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no line with `{needle}` in:\n{stderr}"))
            .to_string()
    };
    assert!(line_of("duplicate submission_id").starts_with(&at(3)));
    assert!(line_of("duplicate participant").starts_with(&format!("{}participant bob: ", at(4))));
    for (k, (name, _, message)) in cases.iter().enumerate() {
        let line = line_of(message);
        assert!(line.starts_with(&at(5 + k)), "{name}: {line}");
    }
    assert!(line_of("JSON ends early").starts_with(&at(12)));
    assert!(line_of("the line is over 8 MiB").starts_with(&at(13)));
    assert!(
        stderr.contains("3 record(s) scored (0 excluded), 11 left out"),
        "{stderr}"
    );
    let participants = csv_rows(&out.join("participants.csv"));
    let ids: Vec<&str> = participants
        .iter()
        .map(|p| p["participant"].as_str())
        .collect();
    assert_eq!(ids, ["bob", "cy", "hal"]);
    let strict = args(true);
    let strict = run(&strict.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(strict.status.code(), Some(1));
}

/// The fixture pack as a public-tier pack: its truths and sources taken out.
fn public_pack(pack: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in pack.lines() {
        if line.starts_with("[question.truth]") || line.starts_with("[[question.sources]]") {
            skipping = true;
        } else if line.starts_with("[[question]]") {
            skipping = false;
        }
        if !skipping {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.replace("tier = \"open\"", "tier = \"public\"")
}

#[test]
fn a_public_tier_study_ships_no_truth_and_is_scored_with_sealed_ones() {
    let dir = scratch("sealed");
    let pack = std::fs::read_to_string(fixture("pack.toml")).unwrap();
    // A public pack that kept its truths is refused where it is loaded.
    std::fs::write(
        dir.join("pack.toml"),
        pack.replace("tier = \"open\"", "tier = \"public\""),
    )
    .unwrap();
    std::fs::write(dir.join("study.toml"), study_text()).unwrap();
    let study = dir.join("study.toml").display().to_string();
    let result = run(&["study", "check", &study]);
    assert_eq!(result.status.code(), Some(1));
    assert!(text(&result.stderr).contains("a public-tier pack holds no truths"));
    // Without truths, the study still may not reveal them or practise on them.
    std::fs::write(dir.join("pack.toml"), public_pack(&pack)).unwrap();
    let result = run(&["study", "check", &study]);
    assert_eq!(result.status.code(), Some(1));
    let stderr = text(&result.stderr);
    assert!(
        stderr.contains("a practice item shows its truth"),
        "{stderr}"
    );
    assert!(stderr.contains("there is nothing to reveal"), "{stderr}");
    let public = study_text()
        .replace("reveal = \"end\"", "reveal = \"never\"")
        .replace("[[study.practice]]\nquestion = \"fixture/warmup\"\n", "");
    std::fs::write(dir.join("study.toml"), &public).unwrap();
    let result = run(&["study", "check", "--json", &study]);
    assert!(result.status.success(), "{}", text(&result.stderr));
    let checked: Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(checked["truths_in_browser"], false);
    assert_eq!(checked["packs"][0]["tier"], "public");
    // Its truths are sealed: the giveaway check says it could not look.
    assert_eq!(checked["scored_items"][0]["give_aways_checked"], false);
    // Scoring needs the sealed truths.
    let result = run(&["study", "score", "--study", &study]);
    assert_eq!(result.status.code(), Some(1));
    assert!(text(&result.stderr).contains("no truth: no pack `fixture` holding"));
    let sealed = fixture("pack.toml").display().to_string();
    let result = run(&["study", "score", "--study", &study, "--truth", &sealed]);
    assert!(result.status.success(), "{}", text(&result.stderr));
}

#[test]
fn study_file_problems_are_rendered_with_line_and_column() {
    let dir = scratch("check");
    let bad = study_text()
        .replace("samples = 2000", "samples = 5")
        .replace("fixture/lake-volume", "fixture/no-such-question");
    std::fs::write(dir.join("study.toml"), &bad).unwrap();
    std::fs::copy(fixture("pack.toml"), dir.join("pack.toml")).unwrap();
    let path = dir.join("study.toml").display().to_string();
    let result = run(&["study", "check", &path]);
    assert_eq!(result.status.code(), Some(1));
    let stderr = text(&result.stderr);
    assert!(
        stderr.contains(&format!(
            "{path}:8:11: error: study.samples: must be between 100"
        )),
        "{stderr}"
    );
    // The question is checked against the pack once the file itself is sound.
    std::fs::write(
        dir.join("study.toml"),
        bad.replace("samples = 5", "samples = 2000"),
    )
    .unwrap();
    let result = run(&["study", "check", "--json", &path]);
    let stderr = text(&result.stderr);
    assert!(
        stderr.contains("pack `fixture` has no question `no-such-question`"),
        "{stderr}"
    );
    let json: Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(json["errors"][0]["line"], 40);
    assert_eq!(json["errors"][0]["col"], 12);
}

#[test]
fn check_shows_what_a_participant_sees() {
    let path = fixture("study.toml").display().to_string();
    let result = run(&["study", "check", "--json", &path]);
    assert!(result.status.success(), "{}", text(&result.stderr));
    let json: Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(json["items"], 4);
    assert_eq!(json["practice"], 1);
    assert_eq!(json["arms"].as_array().unwrap().len(), 2);
    assert_eq!(
        json["formats"],
        serde_json::json!(["squiggle", "fermi", "quick"])
    );
    assert_eq!(json["time_limit_s"], 300);
    assert_eq!(json["truths_in_browser"], true);
    assert_eq!(json["scored_items"][0]["question"], "fixture/piano-tuners");
    assert_eq!(
        json["sha256"],
        fermi_study::sha256_hex(study_text().as_bytes())
    );
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/studies/demo.toml");
    let result = run(&["study", "check", demo.to_str().unwrap()]);
    assert!(result.status.success(), "{}", text(&result.stderr));
    let out = text(&result.stdout);
    assert!(
        out.contains("6 scored item(s), 1 practice item(s)"),
        "{out}"
    );
    assert!(out.contains("closed-book: ") && out.contains("open-book: "));
    assert!(out.contains("     clarification: "), "{out}");
    // A clarification that states the answer is flagged by the bank's giveaway check, at that item.
    let dir = scratch("check-giveaway");
    std::fs::write(dir.join("study.toml"), study_text()).unwrap();
    let pack = std::fs::read_to_string(fixture("pack.toml")).unwrap().replacen(
        "unit = \"cubic metres\"",
        "unit = \"cubic metres\"\ndisambiguation = \"Roughly 1 billion cubic metres, at mean depth.\"",
        1,
    );
    std::fs::write(dir.join("pack.toml"), pack).unwrap();
    let result = run(&[
        "study",
        "check",
        "--json",
        dir.join("study.toml").to_str().unwrap(),
    ]);
    assert!(result.status.success(), "{}", text(&result.stderr));
    let json: Value = serde_json::from_slice(&result.stdout).unwrap();
    for item in json["scored_items"].as_array().unwrap() {
        let flags = item["give_aways"].as_array().unwrap();
        assert_eq!(item["give_aways_checked"], true);
        if item["question"] == "fixture/lake-volume" {
            assert_eq!(flags.len(), 1, "{flags:?}");
            assert!(
                flags[0]
                    .as_str()
                    .unwrap()
                    .starts_with("`1` is within 5% of the truth's median"),
                "{flags:?}"
            );
        } else {
            assert!(flags.is_empty(), "{item}");
        }
    }
}

/// Records that went through the world: a CRLF copy of the study file, seeds read back as doubles (as JavaScript
/// writes them), and a record without the added fields; all score, the rounded seeds noted.
#[test]
fn records_survive_line_ends_and_rounded_seeds() {
    let dir = scratch("world");
    std::fs::write(dir.join("study.toml"), study_text().replace('\n', "\r\n")).unwrap();
    std::fs::copy(fixture("pack.toml"), dir.join("pack.toml")).unwrap();
    let mut lines = Vec::new();
    let mut rounded = 0;
    for r in fixture_records() {
        let mut v = serde_json::to_value(&r).unwrap();
        for item in v["items"].as_array_mut().unwrap() {
            let seed: u64 = item["seed"].as_str().unwrap().parse().unwrap();
            rounded += usize::from(seed as f64 as u64 != seed);
            item["seed"] = Value::from(seed as f64);
        }
        lines.push(serde_json::to_string(&v).unwrap());
    }
    assert!(rounded > 0, "some seeds are beyond 2^53");
    std::fs::write(dir.join("all.jsonl"), lines.join("\n")).unwrap();
    let study = dir.join("study.toml").display().to_string();
    let records = dir.join("all.jsonl").display().to_string();
    let result = run(&[
        "study", "score", "--study", &study, "--strict", "--json", &records,
    ]);
    let stderr = text(&result.stderr);
    assert!(result.status.success(), "{stderr}");
    let out: Value = serde_json::from_slice(&result.stdout).unwrap();
    assert_eq!(out["records"]["scored"], 5, "{stderr}");
    let notes = out["notes"].as_array().unwrap();
    let seed_notes = notes
        .iter()
        .filter(|n| {
            n["message"]
                .as_str()
                .unwrap()
                .contains("was rounded on the way")
        })
        .count();
    assert_eq!(seed_notes, rounded);
    assert!(stderr.contains("5 record(s) come from a build whose commit is unknown"));
}

/// model-b's unparseable answer is seen everywhere: a note with its error on stderr, `notes` and
/// `answers.unreadable` in `--json`, the `failure` column of items.csv, a cell that says `failed` with the reason
/// under the per-question view; and `--strict` refuses the run.
#[test]
fn an_unparseable_model_answer_is_said_everywhere_and_strict_refuses_it() {
    let out = scratch("unreadable");
    let error = "1:8: expected a value, found the end of the program";
    let plain = score_fixture(&out, &["--bootstrap", "100"]);
    assert!(plain.status.success(), "{}", text(&plain.stderr));
    let stderr = text(&plain.stderr);
    assert!(
        stderr.contains(&format!(
            "note: model model-b, item fixture/bridge-cars: failed (scored as a failure): {error}"
        )),
        "{stderr}"
    );
    let stdout = text(&plain.stdout);
    let row = stdout
        .lines()
        .find(|l| l.starts_with("fixture/bridge-cars"))
        .unwrap();
    assert!(row.contains("failed") && !row.contains('–'), "{row}");
    assert!(
        stdout.contains(&format!("  fixture/bridge-cars model-b: failed: {error}")),
        "{stdout}"
    );
    let failed: Vec<_> = csv_rows(&out.join("items.csv"))
        .into_iter()
        .filter(|r| r["status"] == "failed")
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(
        (
            failed[0]["participant"].as_str(),
            failed[0]["failure"].as_str()
        ),
        ("model-b", error)
    );
    let json = score_fixture(&out, &["--bootstrap", "100", "--json"]);
    let v: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["answers"]["unreadable"], 1);
    assert!(
        v["notes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["message"].as_str().unwrap().ends_with(error))
    );
    let view = v["view"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["question"] == "fixture/bridge-cars")
        .unwrap();
    assert_eq!(
        view["models_empty"],
        serde_json::json!([null, format!("failed: {error}")])
    );
    let strict = score_fixture(&out, &["--bootstrap", "100", "--strict"]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(text(&strict.stderr).contains("--strict: 1 answer(s) could not be read or run"));
}
