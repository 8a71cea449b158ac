//! The response record keeps the spec's shape exactly, and refuses what is missing.

use fermi_study::{ItemStatus, Record, RecordStatus, parse_json};
use serde_json::Value;

const RECORD: &str = include_str!("fixtures/record.json");

#[test]
fn a_record_round_trips_to_the_same_json() {
    let record: Record = parse_json(RECORD).unwrap();
    assert_eq!(record.status, RecordStatus::Partial);
    assert_eq!(record.items[0].status, ItemStatus::Skipped);
    assert_eq!(record.participant.params["STUDY_ID"], "st-9");
    let written = serde_json::to_value(&record).unwrap();
    let read: Value = serde_json::from_str(RECORD).unwrap();
    assert_eq!(
        written, read,
        "every field of the spec's shape, nothing else"
    );
}

#[test]
fn fields_may_be_added_but_none_may_be_missing() {
    let mut grown: Value = serde_json::from_str(RECORD).unwrap();
    grown["screen"] = "1920x1080".into();
    grown["items"][0]["pasted"] = true.into();
    assert!(parse_json::<Record>(&grown.to_string()).is_ok());
    for path in [
        "/finished_at",
        "/arm",
        "/app/commit",
        "/items/0/summary",
        "/items/0/quick",
        "/items/0/edits",
    ] {
        let mut v: Value = serde_json::from_str(RECORD).unwrap();
        let (parent, key) = path.rsplit_once('/').unwrap();
        v.pointer_mut(parent)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .remove(key);
        let err = parse_json::<Record>(&v.to_string()).unwrap_err();
        assert!(
            err.contains(&format!("missing field `{key}`")),
            "{path}: {err}"
        );
    }
    let err = parse_json::<Record>(&RECORD[..RECORD.len() / 2]).unwrap_err();
    assert!(err.starts_with("JSON ends early"), "{err}");
    let err = parse_json::<Record>(&RECORD.replace("\"partial\"", "\"done\"")).unwrap_err();
    assert!(
        err.contains("unknown variant `done`") && err.contains("line 9"),
        "{err}"
    );
}
