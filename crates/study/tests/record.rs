//! The response record keeps the spec's shape exactly, and refuses what is missing.

use fermi_study::{ItemStatus, Record, RecordStatus, parse_json};
use serde_json::Value;

const RECORD: &str = include_str!("fixtures/record.json");
/// A record written before seeds became strings and before `assignment`, `packs`, `device`, `practice` and
/// `pastes` were added: still read, the added fields empty.
const OLD: &str = include_str!("fixtures/record-old.json");

#[test]
fn an_older_record_still_reads() {
    let old: Record = parse_json(OLD).unwrap();
    let new: Record = parse_json(RECORD).unwrap();
    assert_eq!(old.items[0].seed, 1234567);
    assert_eq!(old.items[0].seed, new.items[0].seed);
    assert_eq!(old.items[0].pastes, 0);
    assert!(old.packs.is_empty() && old.device.is_none() && old.assignment.is_none());
    assert_eq!(new.items[0].pastes, 1);
    assert_eq!(
        new.device.unwrap().time_zone.as_deref(),
        Some("Europe/Paris")
    );
}

/// A seed survives being a JSON number read as a double (JavaScript, PHP, R's jsonlite, MongoDB): the string is
/// exact, and a rounded number is recognised as the seed it was.
#[test]
fn seeds_are_strings_and_a_rounded_number_is_recognised() {
    for (seed, written_by_javascript) in [
        (u64::MAX, "18446744073709552000"),
        (9_007_199_254_740_993, "9007199254740992"),
        (1_234_567, "1234567"),
    ] {
        let text = RECORD.replace(
            "\"seed\": \"1234567\"",
            &format!("\"seed\": {written_by_javascript}"),
        );
        let read: Record = parse_json(&text).unwrap();
        let recorded = read.items[0].seed;
        assert!(
            recorded == seed || fermi_study::seed_was_rounded(recorded, seed),
            "{seed}"
        );
        let exact = RECORD.replace("\"1234567\"", &format!("\"{seed}\""));
        assert_eq!(parse_json::<Record>(&exact).unwrap().items[0].seed, seed);
    }
    assert!(!fermi_study::seed_was_rounded(1_234_567, 1_234_568));
    let err = parse_json::<Record>(&RECORD.replace("\"1234567\"", "\"12a\"")).unwrap_err();
    assert!(
        err.contains("seed `12a` is not a non-negative integer"),
        "{err}"
    );
}

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
