//! A study's questions are assembled once, for the app and the CLI alike: the built-in pack (`open`) first, then
//! the study's own packs; a study pack may not take the id `open`, so one question id names one truth.

use fermi_bank::{Pack, load_pack};
use fermi_study::{BUILTIN_PACK, assemble, parse_study, question};

fn pack(id: &str, question: &str, value: u32) -> Pack {
    let text = format!(
        r#"[pack]
id = "{id}"
title = "Test pack"
version = 1
tier = "open"

[[question]]
id = "{question}"
text = "How many?"
unit = "things"
as_of = "2025"
topics = ["everyday"]
countries = ["WORLD"]

[question.truth]
kind = "point"
value = {value}

[[question.sources]]
publisher = "Test"
title = "Made up for tests"
url = "https://example.org/"
tier = "range"
detail = "invented"
"#
    );
    load_pack(&[("pack.toml", &text)]).unwrap()
}

fn study(packs: &[&str], items: &[&str]) -> fermi_study::Study {
    let packs = packs
        .iter()
        .map(|p| format!("\"{p}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let items: String = items
        .iter()
        .map(|q| format!("\n[[study.item]]\nquestion = \"{q}\"\n"))
        .collect();
    parse_study(&format!(
        r#"[study]
id = "bundle"
version = 1
title = "Bundle"
consent = "ok"
instructions = "ok"
samples = 1000
seed = "per-item"
order = "fixed"
formats = ["quick"]
time_limit_s = 0
reveal = "end"
allow_skip = false
packs = [{packs}]
{items}"#
    ))
    .unwrap()
}

#[test]
fn the_builtin_pack_comes_first_and_the_study_packs_follow_in_order() {
    let s = study(
        &["a.toml", "b.toml"],
        &["mine/q1", "theirs/q2", "open/venice-mose-number-of-gates"],
    );
    let packs = assemble(
        &s,
        vec![
            ("a.toml".into(), pack("mine", "q1", 7)),
            ("b.toml".into(), pack("theirs", "q2", 9)),
        ],
    )
    .unwrap();
    let ids: Vec<&str> = packs.iter().map(|p| p.info.id.as_str()).collect();
    assert_eq!(ids, [BUILTIN_PACK, "mine", "theirs"]);
    assert_eq!(
        question(&packs, "mine/q1").map(|q| q.id.as_str()),
        Some("q1")
    );
    assert!(question(&packs, "open/venice-mose-number-of-gates").is_some());
    assert!(question(&packs, "mine/q2").is_none() && question(&packs, "q1").is_none());
}

#[test]
fn a_study_pack_named_open_or_two_packs_of_one_id_are_refused() {
    let s = study(&["open.toml"], &["open/venice-mose-number-of-gates"]);
    let problems = assemble(&s, vec![("open.toml".into(), pack("open", "q1", 7))]).unwrap_err();
    assert_eq!(
        problems[0].message,
        "pack open.toml has the id `open`, which is the built-in pack's: give it another id"
    );
    let s = study(&["a.toml", "b.toml"], &["mine/q1"]);
    let problems = assemble(
        &s,
        vec![
            ("a.toml".into(), pack("mine", "q1", 7)),
            ("b.toml".into(), pack("mine", "q1", 8)),
        ],
    )
    .unwrap_err();
    assert_eq!(
        problems[0].message,
        "pack b.toml has the id `mine` of an earlier pack: each pack needs its own id"
    );
}

#[test]
fn questions_the_packs_do_not_hold_are_listed() {
    let s = study(&["a.toml"], &["mine/nope"]);
    let problems = assemble(&s, vec![("a.toml".into(), pack("mine", "q1", 7))]).unwrap_err();
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].message.contains("nope"),
        "{}",
        problems[0].message
    );
}
