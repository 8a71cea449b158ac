//! Importers on small invented fixtures in each source's format (every refusal included), and on the real public
//! files when the workspace has them (skipped, and said so, otherwise).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use fermi_bank::import::{ImportReport, calibration, realfp, scioly};
use fermi_bank::{Pack, Question, TruthSpec, load_pack, to_toml};

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

fn question<'a>(pack: &'a Pack, id: &str) -> &'a Question {
    pack.questions
        .iter()
        .find(|q| q.id == id)
        .unwrap_or_else(|| panic!("no question {id}"))
}

fn point(q: &Question) -> f64 {
    match q.truth {
        TruthSpec::Point { value } => value,
        ref other => panic!("{}: {other:?}", q.id),
    }
}

fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() <= 1e-12 * expected.abs(),
        "{actual} vs {expected}"
    );
}

#[test]
fn scioly_fixture() {
    let (pack, report) = scioly(
        &fixture("scioly-questions.json"),
        Some(&fixture("scioly-corrections.json")),
    )
    .unwrap();
    // (id, as of, answer exponent)
    let kept: Vec<(&str, &str, i32)> = pack
        .questions
        .iter()
        .map(|q| {
            let TruthSpec::LogRange { low, high } = q.truth else {
                panic!("{:?}", q.truth)
            };
            let k = (low * high).sqrt().log10();
            assert!((high.log10() - low.log10() - 1.0).abs() < 1e-12, "{}", q.id);
            assert!((k - k.round()).abs() < 1e-12, "{}", q.id);
            (q.id.as_str(), q.as_of.as_str(), k.round() as i32)
        })
        .collect();
    assert_eq!(
        kept,
        [
            ("scioly-maple-grove-invitational-21-22-1", "2022", 6),
            ("scioly-maple-grove-invitational-21-22-3", "2022", 9),
            ("scioly-cedar-hill-invitational-19-20-9", "2020", 16),
            ("scioly-cedar-hill-invitational-19-20-10", "2020", 29),
            (
                "scioly-daily-estimation-drill-day-4-2017-spring-practice-q3",
                "2017",
                6
            ),
            ("scioly-willow-creek-regional-22-23-25", "2023", 9),
            // A test without question numbers: one key, so the second id gets a suffix.
            ("scioly-willow-creek-regional-22-23", "2023", 12),
            ("scioly-willow-creek-regional-22-23-2", "2023", 5),
            // No season or year in the name: the snapshot's year.
            ("scioly-summer-fermi-camp-2", "2024", 7),
        ]
    );
    assert_eq!((report.records, report.kept), (24, 9));
    let names = |reason: &str| report.dropped[reason].clone();
    assert_eq!(
        dropped(&report),
        BTreeMap::from([
            ("answer beyond 10^±30", 1),
            ("correction with a non-integer answer", 1),
            ("depends on another question", 2),
            ("duplicate question", 1),
            ("empty question text", 1),
            (
                "malformed record (no question text, integer answer or source)",
                5
            ),
            ("marked DISCARD in the source", 1),
            ("text with extraction damage", 3),
        ])
    );
    assert_eq!(
        names("text with extraction damage"),
        [
            "Maple Grove Invitational 21-22, #2",
            "Cedar Hill Invitational 19-20, #8",
            "Cedar Hill Invitational 19-20, #12"
        ]
    );
    assert_eq!(
        names("depends on another question"),
        [
            "Maple Grove Invitational 21-22, #4",
            "Cedar Hill Invitational 19-20, #13"
        ]
    );
    assert_eq!(
        names("duplicate question"),
        ["Cedar Hill Invitational 19-20, #7 (same as Maple Grove Invitational 21-22, #1)"]
    );
    assert_eq!(
        names("malformed record (no question text, integer answer or source)"),
        ["#13", "#14", "#15", "#16", "#17"]
    );
    assert_eq!(
        report.notes,
        BTreeMap::from([("corrected answer", 1), ("corrected question text", 1)])
    );

    // A correction replaces the answer and brings its explanation and credit.
    let corrected = question(&pack, "scioly-maple-grove-invitational-21-22-3");
    assert_eq!(
        corrected.explanation.as_deref(),
        Some("About 1,200 beats a minute for five years.")
    );
    assert_eq!(
        corrected.sources[0].detail,
        "answer 10^9 (the power of ten nearest the truth), as corrected by quillfeather"
    );
    assert_eq!(
        corrected.sources[0].title,
        "Maple Grove Invitational 21-22, #3"
    );
    assert_eq!(
        corrected.text,
        "How many times does a hummingbird's heart beat in its life?"
    );
    let retexted = question(&pack, "scioly-willow-creek-regional-22-23-25");
    assert_eq!(
        retexted.text,
        "How many words does a person speak in a lifetime?"
    );
    assert_eq!(retexted.explanation, None);
    // An all-empty correction changes nothing.
    let unchanged = question(&pack, "scioly-cedar-hill-invitational-19-20-10");
    assert_eq!(
        (
            unchanged.explanation.as_deref(),
            unchanged.sources[0].detail.as_str()
        ),
        (None, "answer 10^29 (the power of ten nearest the truth)")
    );
    round_trips(&pack);
}

#[test]
fn scioly_without_corrections() {
    let (pack, report) = scioly(&fixture("scioly-questions.json"), None).unwrap();
    assert!(report.notes.is_empty());
    // Uncorrected, #3 keeps its own answer, #11 is kept, and #25 keeps its placeholder text.
    let exponent = |id: &str| match question(&pack, id).truth {
        TruthSpec::LogRange { low, high } => (low * high).sqrt().log10().round() as i32,
        ref other => panic!("{other:?}"),
    };
    assert_eq!(exponent("scioly-maple-grove-invitational-21-22-3"), 8);
    assert_eq!(exponent("scioly-cedar-hill-invitational-19-20-11"), 19);
    assert_eq!(
        question(&pack, "scioly-willow-creek-regional-22-23-25").text,
        "Placeholder text replaced by a correction"
    );
    assert_eq!(report.kept, 10);
}

#[test]
fn realfp_fixture() {
    let (train, val) = (fixture("realfp-train.json"), fixture("realfp-val.json"));
    let (pack, report) =
        realfp(&[("train_realfp.json", &train), ("val_realfp.json", &val)]).unwrap();
    let units: Vec<(&str, &str)> = pack
        .questions
        .iter()
        .map(|q| (q.id.as_str(), q.unit.as_str()))
        .collect();
    assert_eq!(
        units,
        [
            ("realfp-train-1", "ft²"),
            ("realfp-train-2", "no unit (a count or ratio)"),
            ("realfp-train-3", "US dollars"),
            ("realfp-train-4", "percent"),
            ("realfp-train-6", "m"),
            ("realfp-train-7", "kg"),
            ("realfp-train-8", "km"),
            // The unit the text asks in, not the answer's: "how thick, cm", "(cm)", "in cubic meters".
            ("realfp-train-16", "cm"),
            ("realfp-train-17", "cm"),
            ("realfp-train-18", "cubic meters"),
            ("realfp-val-3", "L"),
        ]
    );
    let values: Vec<f64> = pack.questions.iter().map(point).collect();
    let expected = [
        4e4,
        1200.0,
        2.4e5,
        // `60%` on a share: stored as the fraction.
        0.6,
        70.0,
        9000.0,
        2.5e4,
        0.01,
        0.5 * 160_934.4,
        2.0,
        450.0,
    ];
    assert_eq!(values.len(), expected.len());
    for (actual, expected) in values.into_iter().zip(expected) {
        assert_close(actual, expected);
    }
    assert_eq!((report.records, report.kept), (21, 11));
    assert_eq!(
        dropped(&report),
        BTreeMap::from([
            ("answer not a positive number", 1),
            ("answer's unit disagrees with its reference program", 1),
            ("duplicate question", 1),
            ("malformed record (no question or answer string)", 2),
            ("repeated question with different answers", 2),
            ("unreadable answer or unit", 3),
        ])
    );
    assert_eq!(
        report.dropped["answer's unit disagrees with its reference program"],
        ["train_realfp.json #5: answer `3e+4` is 1, the program gives s"]
    );
    assert_eq!(
        report.dropped["duplicate question"],
        ["val_realfp.json #1 (same as train_realfp.json #1)"]
    );
    assert_eq!(
        report.dropped["repeated question with different answers"],
        ["train_realfp.json #15", "val_realfp.json #2"]
    );
    let unreadable = &report.dropped["unreadable answer or unit"];
    assert!(
        unreadable[0].starts_with("train_realfp.json #9: "),
        "{unreadable:?}"
    );
    assert!(unreadable[1].contains("offset scale"), "{unreadable:?}");
    assert!(
        unreadable[2].contains("unknown unit `furlongs`"),
        "{unreadable:?}"
    );
    assert_eq!(
        report.notes,
        BTreeMap::from([
            ("kept, but the reference program mixes dimensions", 1),
            (
                "kept, but the reference program's value is over 10× from the answer",
                1
            ),
            // The three records without a program, added to test units named in the text.
            ("kept, dimensions not checked (program unreadable)", 4),
            ("kept, money unit missing from the reference program", 1),
        ])
    );

    // The facts (one with an `=` inside) and the decomposition become the explanation.
    let carpet = question(&pack, "realfp-train-1");
    assert_eq!(
        carpet.explanation.as_deref(),
        Some(
            "Facts given with the question:\n- F1: The corridors add up to 8000 ft.\n\
             - F2: A corridor is 5 ft wide; width = 5 ft.\n\nReference decomposition:\n\
             - Q1: How long are the corridors in all? → 8000 ft (fact F1)\n\
             - Q2: How wide is a corridor? → 5 ft (fact F2)\n- Answer = Q1 × Q2"
        )
    );
    // A converted answer shows both forms; one already in its shown unit, only the original.
    assert_eq!(
        carpet.sources[0].detail,
        "answer as published: 4.0e+4 ft**2"
    );
    assert_eq!(
        question(&pack, "realfp-train-17").sources[0].detail,
        format!(
            "answer as published: 0.5 miles (= {:e} cm)",
            0.5 * 160_934.4
        )
    );
    assert_eq!(
        question(&pack, "realfp-train-3").sources[0].detail,
        "answer as published: $2.4e+5"
    );
    assert_eq!(
        question(&pack, "realfp-train-8").explanation.as_deref(),
        Some("")
    );
    round_trips(&pack);
}

/// SynthFP files share RealFP's records (plus template fields the converter ignores) and go through the same
/// converter.
#[test]
fn synthfp_fixture() {
    let (pack, report) = realfp(&[("val_synthfp.json", &fixture("synthfp.json"))]).unwrap();
    let kept: Vec<(&str, &str, f64)> = pack
        .questions
        .iter()
        .map(|q| (q.id.as_str(), q.unit.as_str(), point(q)))
        .collect();
    assert_eq!(
        kept,
        [
            ("realfp-val-1", "s", 8000.0),
            ("realfp-val-2", "no unit (a count or ratio)", 3000.0),
            ("realfp-val-3", "kg", 100.0),
        ]
    );
    // Calorie templates give hours from unitless numbers: the answer's unit disagrees with its program.
    assert_eq!(
        report.dropped["answer's unit disagrees with its reference program"],
        ["val_synthfp.json #4: answer `2.000000E+00 hour` is s, the program gives 1"]
    );
    assert_eq!(
        (report.records, report.kept, report.dropped_total()),
        (4, 3, 1)
    );
    assert!(report.notes.is_empty(), "{:?}", report.notes);
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
            ("calibration-2", "as the question asks", "2013", 1),
            ("calibration-3", "meters", "2015-01", 1),
            ("calibration-4", "percent", "2012", 2),
            ("calibration-5", "metric tons", "2011", 1),
            ("calibration-6", "count", "2015-01", 1),
            ("calibration-7", "as the question asks", "2015-01", 1),
        ]
    );
    let values: Vec<f64> = pack.questions.iter().map(point).collect();
    // The answer written as the string "14" is still the number.
    // The percentage (36.5 percent points as published) is stored as the fraction 0.365.
    assert_eq!(values, [14.0, 366.5, 36.5 / 100.0, 52000.0, 75.0, 110.0]);
    let pets = question(&pack, "calibration-4");
    let publishers: Vec<&str> = pets.sources.iter().map(|s| s.publisher.as_str()).collect();
    assert_eq!(publishers, ["example.org", "example.com"]);
    assert_eq!(pets.sources[1].url, "https://example.com/census-2012");
    assert_eq!(report.records, 16);
    assert_eq!(
        dropped(&report),
        BTreeMap::from([
            ("answer is a calendar year, not a quantity", 1),
            ("answer not a positive number", 2),
            ("malformed record (no question text or numeric answer)", 4),
            ("no usable source link", 3),
        ])
    );
    assert_eq!(
        report.dropped["no usable source link"],
        ["question 11", "question 12", "question 13"]
    );
    round_trips(&pack);
}

#[test]
fn inputs_of_the_wrong_shape_are_errors_naming_the_input() {
    let errors = [
        scioly("[{\"question\": ", None).unwrap_err(),
        scioly("{}", None).unwrap_err(),
        scioly("[]", Some("{")).unwrap_err(),
        scioly("[]", Some("[]")).unwrap_err(),
        realfp(&[("a.json", "[]"), ("b.json", "nope")]).unwrap_err(),
        realfp(&[("a.json", "{}")]).unwrap_err(),
        calibration("{\"questions\": ").unwrap_err(),
        calibration("[]").unwrap_err(),
        calibration("{\"questions\": {}}").unwrap_err(),
    ];
    let starts = [
        "questions:1:14: not valid JSON",
        "questions: expected a JSON array of question records",
        "corrections:1:1: not valid JSON",
        "corrections: expected a JSON object",
        "b.json:1:2: not valid JSON",
        "a.json: expected a JSON array of RealFP records",
        "questions:1:14: not valid JSON",
        "questions: expected an object with a `questions` array",
        "questions: expected an object with a `questions` array",
    ];
    for (error, start) in errors.iter().zip(starts) {
        assert!(
            error.starts_with(start),
            "{error:?} should start with {start:?}"
        );
    }
}

/// Converts the real public files when present and prints what was kept and dropped. Where the data must be there
/// (`REQUIRE_DATA=1`, which `scripts/test-all.sh` sets when it finds them), their absence fails.
#[test]
fn real_files_when_present() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    if !data.exists() {
        assert!(
            std::env::var_os("REQUIRE_DATA").is_none_or(|v| v.is_empty() || v == "0"),
            "REQUIRE_DATA is set but the public sets are not at {}",
            data.display()
        );
        // Straight to stderr, past the test harness's capture, so that the skip shows in every run.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED real_files_when_present: the public sets are not at {}",
            data.display()
        );
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

    // RealFP's converter on the split files of one folder.
    let splits = |folder: &str, names: &[&str]| {
        let texts: Vec<String> = names
            .iter()
            .map(|n| read(&format!("{folder}/{n}")))
            .collect();
        let files: Vec<(&str, &str)> = names
            .iter()
            .zip(&texts)
            .map(|(n, t)| (*n, t.as_str()))
            .collect();
        realfp(&files).unwrap()
    };
    let (pack, report) = splits(
        "fermi-realfp",
        &["train_realfp.json", "val_realfp.json", "test_realfp.json"],
    );
    println!("fermi-realfp\n{report}");
    assert_eq!(report.records, 867);
    // 768 distinct questions; two of them repeat with different answers.
    assert_eq!(
        report.kept + report.dropped_total() - report.dropped["duplicate question"].len(),
        768 + 2
    );
    round_trips(&pack);

    let (pack, report) = splits("fermi-synthfp", &["val_synthfp.json", "test_synthfp.json"]);
    println!("fermi-synthfp\n{report}");
    assert_eq!(report.records, 2000);
    assert!(report.kept > 1000, "{report}");
    round_trips(&pack);

    let (pack, report) = calibration(&read("calibration-biddlecom/questions.json")).unwrap();
    println!("calibration-biddlecom\n{report}");
    assert_eq!(report.records, 50);
    round_trips(&pack);
}
