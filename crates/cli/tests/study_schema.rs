//! The record's JSON Schema (`docs/study-record.schema.json`) against every record the project produces: the
//! study crate's fixtures (an older record too), the CLI's fixture records, a record the core's session writes,
//! and, when `FERMI_STUDY_RECORDS` names a file (the browser journey's received records, a JSON array), those.

mod study_common;

use fermi_study::{AppInfo, Format, Now, Participant, Session};
use serde_json::Value;
use study_common::{fixture, fixture_records, study};

fn schema() -> jsonschema::Validator {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/study-record.schema.json"
    );
    let text = std::fs::read_to_string(path).expect("the schema is in docs/");
    jsonschema::validator_for(&serde_json::from_str(&text).expect("the schema is JSON"))
        .expect("the schema is a valid JSON Schema")
}

fn assert_valid(validator: &jsonschema::Validator, what: &str, record: &Value) {
    let errors: Vec<String> = validator
        .iter_errors(record)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
}

#[test]
fn every_record_produced_matches_the_schema() {
    let v = schema();
    let study_fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../study/tests/fixtures/");
    for name in ["record.json", "record-old.json"] {
        let text = std::fs::read_to_string(format!("{study_fixtures}{name}")).unwrap();
        assert_valid(&v, name, &serde_json::from_str(&text).unwrap());
    }
    for r in fixture_records() {
        assert_valid(&v, &r.participant.id, &serde_json::to_value(&r).unwrap());
    }
    let text = std::fs::read_to_string(fixture("responses/p1.json")).unwrap();
    assert_valid(&v, "p1.json", &serde_json::from_str(&text).unwrap());
    // A session's own record, with a practice answer and a scored one.
    let study = study();
    let now = |ms: f64| Now {
        wall_ms: 1.8e12 + ms,
        mono_ms: ms,
        visible: true,
    };
    let participant = Participant {
        id: "schema-1".into(),
        source: "PROLIFIC_PID".into(),
        params: Default::default(),
    };
    let app = AppInfo {
        version: "0.1.0".into(),
        commit: Some("unknown".into()),
    };
    let mut s = Session::new(
        &study,
        &"0".repeat(64),
        participant,
        "id-1".into(),
        app,
        "ua".into(),
        now(0.0),
    );
    s.next(&study, None, now(1.0)).unwrap();
    let draft = fermi_study::Answer::written(Format::Squiggle.dialect(), "to(10, 100)");
    s.edit(draft.clone(), now(2.0));
    s.next(&study, None, now(3.0)).unwrap();
    s.next(&study, None, now(4.0)).unwrap();
    s.edit(draft, now(5.0));
    s.next(&study, None, now(6.0)).unwrap();
    assert_eq!((s.record.practice.len(), s.record.items.len()), (1, 1));
    assert_valid(
        &v,
        "a session's record",
        &serde_json::to_value(&s.record).unwrap(),
    );
    // What the browser journeys received.
    if let Some(path) = std::env::var_os("FERMI_STUDY_RECORDS") {
        let text = std::fs::read_to_string(&path).unwrap();
        let records: Vec<Value> = serde_json::from_str(&text).unwrap();
        assert!(!records.is_empty());
        for r in &records {
            assert_valid(&v, "a browser record", r);
        }
    }
    // And the schema is not a rubber stamp.
    let mut bad = serde_json::to_value(&s.record).unwrap();
    bad["items"][0]["seed"] = "-1".into();
    bad.as_object_mut().unwrap().remove("order");
    assert_eq!(v.iter_errors(&bad).count(), 2);
}
