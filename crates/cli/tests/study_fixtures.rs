//! The fixture records of `tests/fixtures/study/responses/`: hand-chosen answers whose summaries, seeds and
//! orders come from the core. This test fails when the committed files are not what the answers give (run with
//! `BLESS=1` to rewrite them after a deliberate change).

mod study_common;

use study_common::{fixture, fixture_records};

#[test]
fn committed_fixture_records_are_current() {
    let dir = fixture("responses");
    let records = fixture_records();
    let bless = std::env::var_os("BLESS").is_some();
    // The first two records are files of their own; the rest share one .jsonl file.
    let mut expected = Vec::new();
    for (k, r) in records.iter().take(2).enumerate() {
        let text = serde_json::to_string_pretty(r).unwrap() + "\n";
        expected.push((dir.join(format!("p{}.json", k + 1)), text));
    }
    let lines: String = records[2..]
        .iter()
        .map(|r| serde_json::to_string(r).unwrap() + "\n")
        .collect();
    expected.push((dir.join("more/batch.jsonl"), lines));
    for (path, text) in expected {
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (BLESS=1 writes it)", path.display()));
        assert!(
            committed == text,
            "{} is stale: run the test with BLESS=1",
            path.display()
        );
    }
}
