//! Importers on small fixtures in each source's format (malformed records included), and on the real public
//! files when the workspace has them (`../shared/data` from the repository root; skipped otherwise).

use std::collections::BTreeMap;
use std::path::Path;

use fermi_bank::import::{ImportReport, calibration, realfp, scioly};
use fermi_bank::{Pack, TruthSpec, load_pack, to_toml};

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/import/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Reason → number of records dropped for it.
fn dropped(report: &ImportReport) -> BTreeMap<&str, usize> {
    report
        .dropped
        .iter()
        .map(|(reason, records)| (*reason, records.len()))
        .collect()
}

/// The written pack loads back, validated, to the same questions.
fn round_trips(pack: &Pack) {
    let text = to_toml(pack);
    let loaded = load_pack(&[("out.toml", &text)]).unwrap_or_else(|p| panic!("{p:#?}\n{text}"));
    assert_eq!(loaded.info, pack.info);
    assert_eq!(loaded.questions.len(), pack.questions.len());
    for (a, b) in loaded.questions.iter().zip(&pack.questions) {
        assert_eq!(
            (&a.id, &a.text, &a.truth, &a.explanation, &a.sources),
            (&b.id, &b.text, &b.truth, &b.explanation, &b.sources)
        );
    }
}

#[test]
fn scioly_fixture() {
    let (pack, report) = scioly(
        &fixture("scioly-questions.json"),
        Some(&fixture("scioly-corrections.json")),
    )
    .unwrap();
    let ids: Vec<&str> = pack.questions.iter().map(|q| q.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "scioly-birdso-invitational-20-21-1",
            "scioly-birdso-invitational-20-21-3",
            "scioly-ut-austin-invitational-18-19-22",
            "scioly-robertyl-daily-fermi-questions-day-1-2018-carmel-tryouts-q14",
            "scioly-birdso-in-person-invitational-22-23-5",
            "scioly-bullso-invitational-22-23-25",
        ]
    );
    assert_eq!((report.records, report.kept), (15, 6));
    assert_eq!(
        dropped(&report),
        BTreeMap::from([
            ("answer beyond 10^±30", 1),
            ("depends on another question", 1),
            ("duplicate question", 1),
            ("empty question text", 1),
            (
                "malformed record (no question text, integer answer or source)",
                2
            ),
            ("marked DISCARD in the source", 1),
            ("text with extraction damage", 2),
        ])
    );
    assert_eq!(
        report.notes,
        BTreeMap::from([("corrected answer", 3), ("corrected question text", 2)])
    );
    // A correction replaces the answer and brings its explanation and credit.
    let atp = &pack.questions[2];
    let TruthSpec::LogRange { low, high } = atp.truth else {
        panic!("{:?}", atp.truth)
    };
    assert!((low.log10() - 24.5).abs() < 1e-12 && (high.log10() - 25.5).abs() < 1e-12);
    assert_eq!(
        atp.explanation.as_deref(),
        Some("About 500 kcal burned; 1 mol ATP = 7.3 kcal.")
    );
    assert!(
        atp.sources[0]
            .detail
            .ends_with("as corrected by randomeclipse")
    );
    assert_eq!(atp.sources[0].title, "UT Austin Invitational 18-19, #22");
    assert_eq!(
        (atp.as_of.as_str(), pack.questions[3].as_of.as_str()),
        ("2019", "2018")
    );
    assert_eq!(
        pack.questions[5].text,
        "What is the probability of a randomly selected person having an IQ above 200?"
    );
    round_trips(&pack);
}

#[test]
fn realfp_fixture() {
    let (train, val) = (fixture("realfp-train.json"), fixture("realfp-val.json"));
    let (pack, report) =
        realfp(&[("train_realfp.json", &train), ("val_realfp.json", &val)]).unwrap();
    let summary: Vec<(&str, &str, String)> = pack
        .questions
        .iter()
        .map(|q| {
            let TruthSpec::Point { value } = q.truth else {
                panic!()
            };
            (q.id.as_str(), q.unit.as_str(), format!("{value:.6e}"))
        })
        .collect();
    assert_eq!(
        summary,
        [
            (
                "realfp-train-1",
                "m^2 (SI)",
                format!("{:.6e}", 2.3e8 * 0.0254 * 0.0254)
            ),
            (
                "realfp-train-5",
                "per m^2 (SI)",
                format!("{:.6e}", 70000.0 / (1609.344f64 * 1609.344))
            ),
            ("realfp-train-6", "US dollars", "3.750000e6".to_string()),
            ("realfp-train-7", "percent", "7.100000e1".to_string()),
            ("realfp-train-9", "US dollars", "8.000000e8".to_string()),
        ]
    );
    assert_eq!((report.records, report.kept), (14, 5));
    assert_eq!(
        report.notes["kept, money unit missing from the reference program"],
        1
    );
    assert_eq!(
        dropped(&report),
        BTreeMap::from([
            ("answer not a positive number", 1),
            ("answer's unit disagrees with its reference program", 1),
            ("duplicate question", 2),
            ("malformed record (no question or answer string)", 1),
            ("repeated question with different answers", 2),
            ("unreadable answer or unit", 2),
        ])
    );
    assert_eq!(
        report.dropped["answer's unit disagrees with its reference program"],
        ["train_realfp.json #2: answer `2.5e+7` is 1, the program gives s"]
    );
    let penny = &pack.questions[0];
    assert!(
        penny
            .explanation
            .as_deref()
            .unwrap()
            .contains("- Answer = Q1 / Q2")
    );
    assert_eq!(
        penny.sources[0].detail,
        "answer as published: 2.3e+8 in**2 (= 1.483868e5 m^2)"
    );
    round_trips(&pack);
}

#[test]
fn calibration_fixture() {
    let (pack, report) = calibration(&fixture("calibration.json")).unwrap();
    let summary: Vec<(&str, &str, &str, usize)> = pack
        .questions
        .iter()
        .map(|q| {
            (
                q.id.as_str(),
                q.unit.as_str(),
                q.as_of.as_str(),
                q.sources.len(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("calibration-2", "as the question asks", "2014", 1),
            ("calibration-3", "meters", "2015-01", 1),
            ("calibration-4", "percent", "2010", 2),
        ]
    );
    assert_eq!(pack.questions[0].truth, TruthSpec::Point { value: 6.0 });
    assert_eq!(
        dropped(&report),
        BTreeMap::from([
            ("answer is a calendar year, not a quantity", 1),
            ("answer not a positive number", 1),
            ("malformed record (no question text or numeric answer)", 2),
            ("no usable source link", 1),
        ])
    );
    round_trips(&pack);
}

#[test]
fn not_json_is_an_error_naming_the_place() {
    let err = scioly("[{\"question\": ", None).unwrap_err();
    assert!(err.starts_with("questions:1:"), "{err}");
    assert!(
        realfp(&[("a.json", "{}")])
            .unwrap_err()
            .contains("a.json: expected a JSON array")
    );
    assert!(calibration("[]").unwrap_err().contains("`questions` array"));
}

/// Converts the real public files when present and prints what was kept and dropped.
#[test]
fn real_files_when_present() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if !data.exists() {
        eprintln!("skipped: {} not found", data.display());
        return;
    }
    let read = |p: &str| std::fs::read_to_string(data.join(p)).unwrap();

    let (pack, report) = scioly(
        &read("scioly-fermi/questions.json"),
        Some(&read("scioly-fermi/corrections.json")),
    )
    .unwrap();
    println!("scioly-fermi\n{report}");
    assert_eq!(report.records, 4008);
    assert!(report.kept > 3000, "{report}");
    round_trips(&pack);

    let names = ["train_realfp.json", "val_realfp.json", "test_realfp.json"];
    let texts: Vec<String> = names
        .iter()
        .map(|n| read(&format!("fermi-realfp/{n}")))
        .collect();
    let files: Vec<(&str, &str)> = names
        .iter()
        .zip(&texts)
        .map(|(n, t)| (*n, t.as_str()))
        .collect();
    let (pack, report) = realfp(&files).unwrap();
    println!("fermi-realfp\n{report}");
    assert_eq!(report.records, 867);
    // 768 distinct questions (SOURCE.md); two of them repeat with different answers.
    assert_eq!(
        report.kept + report.dropped_total() - report.dropped["duplicate question"].len(),
        768 + 2
    );
    round_trips(&pack);

    let (pack, report) = calibration(&read("calibration-biddlecom/questions.json")).unwrap();
    println!("calibration-biddlecom\n{report}");
    assert_eq!(report.records, 50);
    round_trips(&pack);
}
