//! One rule table (`fermi_score::RULES`) and every face's list of rules walked against it: the practice page's
//! rules table (`Report::comparison_rules`), the CLI's `score --json` (`rules`, each value under its report key),
//! the lab (its rules, the lessons' labels, "Rules disagree") and the class board. Each face's numbers must also
//! read the table's way: a better answer ranks first, and the log score is the same number in the lab and on the
//! other faces.

use std::process::Command;

use fermi_score::lab::{self, Belief, LESSONS, Rule};
use fermi_score::{LogSamples, LogTruth, Orientation, RULES, Report, RuleId, Truth};
use fermi_study::class::{Answer, Class, ClassRule, ClassSet, HandIn};
use serde_json::Value;

fn entry_named(name: &str) -> &'static fermi_score::RuleEntry {
    RULES
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("`{name}` is not in the rule table"))
}

#[test]
fn the_cli_lists_every_rule_of_a_report_as_the_table_says() {
    let dir = std::env::temp_dir().join(format!("fermi-rule-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("answer.sq");
    std::fs::write(&file, "to(20e9, 200e9) / to(150, 200) / 357022e6\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fermi-playground"))
        .args([
            "score",
            "--question",
            "germany-coal-to-solar-area",
            "--json",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rules = json["rules"].as_array().unwrap();
    let names: Vec<&str> = rules.iter().map(|r| r["name"].as_str().unwrap()).collect();
    let practice = Report::new(
        &LogSamples::new(&[1.0, 2.0, 4.0]).unwrap(),
        &LogTruth::new(&Truth::Point(2.0)).unwrap(),
    )
    .comparison_rules();
    // The CLI lists what the practice page's table lists, in the same order.
    assert_eq!(
        names,
        practice.iter().map(|l| l.rule.name).collect::<Vec<_>>()
    );
    for rule in rules {
        let entry = entry_named(rule["name"].as_str().unwrap());
        assert_eq!(rule["id"], serde_json::to_value(entry.id).unwrap());
        assert_eq!(
            rule["orientation"],
            serde_json::to_value(entry.orientation).unwrap()
        );
        assert_eq!(
            rule["propriety"],
            serde_json::to_value(entry.propriety).unwrap()
        );
        assert_eq!(rule["unit"], serde_json::to_value(entry.unit).unwrap());
        if let Some(key) = entry.key {
            assert_eq!(rule["value"], json[key], "{key}");
        }
    }
    assert_eq!(
        rules.iter().find(|r| r["name"] == "Log score").unwrap()["orientation"],
        "higher_is_better"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_lab_names_every_rule_as_the_table_does_and_its_numbers_read_that_way() {
    let belief = Belief::new(2.0, 0.9).unwrap();
    for rule in Rule::ALL {
        let entry = entry_named(rule.name());
        assert_eq!(
            (entry.id, entry.orientation),
            (rule.id(), rule.orientation())
        );
        // The honest report beats a shifted one in the table's orientation for every proper rule.
        if entry.propriety.is_proper() {
            let (honest, off) = (
                rule.expected(&belief, &lab::Report::HONEST),
                rule.expected(&belief, &lab::Report::new(1.0, 1.0)),
            );
            assert!(entry.orientation.better(honest, off), "{}", entry.name);
        }
    }
    // Every lesson line that names a rule says the table's orientation; every glossary entry is the table's.
    for lesson in &LESSONS {
        for (term, meaning) in lesson.glossary() {
            if let Some(id) = RuleId::named(term) {
                assert_eq!(meaning, id.entry().measures);
            }
        }
        for line in lesson.lines(&belief, &[]) {
            let named = RULES.iter().find(|r| line.label.starts_with(r.name));
            if let Some(entry) = named.filter(|_| line.label.contains("better")) {
                assert!(line.label.contains(entry.reading()), "{}", line.label);
            }
        }
    }
    // "Rules disagree" ranks against the rule the class board ranks by.
    assert_eq!(lab::REFERENCE.id(), ClassRule::CramerLog.id());
    for s in lab::disagree(&belief).standings {
        entry_named(s.rule.name());
    }
}

#[test]
fn the_log_score_is_one_number_in_the_lab_and_in_a_report() {
    // A forecast whose ln samples have mean m and sd σ, against a lognormal truth: the report's log score is the
    // lab's expected log score of the normal report (m, σ) under the belief (μ, s). Same formula, same sign.
    let ln: Vec<f64> = (0..2000)
        .map(|i| 3.0 + 0.7 * fermi_score::Phi_inv((i as f64 + 0.5) / 2000.0))
        .collect();
    let f = LogSamples::new(&ln.iter().map(|x| x.exp()).collect::<Vec<_>>()).unwrap();
    let (mu, s) = (2.6, 0.5);
    let report = Report::new(&f, &LogTruth::Normal { mu, sigma: s });
    let belief = Belief::new(mu, s).unwrap();
    let lab_report = lab::Report::new(f.mean() - mu, f.sd() / s);
    let lab_value = Rule::LogScore.expected(&belief, &lab_report);
    let value = report.log_score.unwrap();
    assert!(
        (value - lab_value).abs() < 1e-12 * value.abs(),
        "{value} vs {lab_value}"
    );
    assert_eq!(RuleId::LogScore.orientation(), Orientation::HigherIsBetter);
}

#[test]
fn the_class_board_names_and_ranks_every_rule_as_the_table_says() {
    let pack = fermi_bank::builtin();
    let set = ClassSet::new(vec!["trees-on-earth-2015".into()], 2_000, 7, &pack).unwrap();
    let class = Class::new(set.clone(), &pack).unwrap();
    // The truth is about 3 trillion: a close, honest answer and one a decade off.
    let quick = |low: &str, high: &str| Some(Answer::quick(low, high));
    let codes = [
        HandIn {
            name: "Close".into(),
            key: 1,
            answers: vec![quick("2e12", "4.5e12")],
        },
        HandIn {
            name: "Far".into(),
            key: 2,
            answers: vec![quick("2e13", "4.5e13")],
        },
    ]
    .map(|h| h.encode(&set))
    .join("\n");
    let results = class.results(&codes);
    assert_eq!(results.boards.len(), ClassRule::ALL.len());
    for board in &results.boards {
        let entry = entry_named(board.rule.name());
        assert_eq!(entry.id, board.rule.id());
        assert!(
            board.rule.reading().ends_with(entry.reading()),
            "{}",
            board.rule.reading()
        );
        // Ranks follow the table's orientation: a line ranked better has a better (or equal) value.
        for pair in board.lines.windows(2) {
            if let (Some(a), Some(b)) = (pair[0].value, pair[1].value) {
                assert!(!entry.orientation.better(b, a), "{}", entry.name);
            }
        }
        // The close answer is never behind the far one, whichever rule.
        assert_eq!(
            results.students[board.lines[0].student].label, "Close",
            "{}",
            entry.name
        );
    }
}
