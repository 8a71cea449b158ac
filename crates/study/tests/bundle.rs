//! A study's questions are assembled once, for the app and the CLI alike: the built-in pack (`open`) first, then
//! the study's own packs; a study pack may not take the id `open`, so one question id names one truth.

use fermi_bank::{Pack, load_pack};
use fermi_study::{BUILTIN_PACK, Bundle, assemble, parse_study, question, sha256_hex};

fn pack(id: &str, question: &str, value: u32) -> Pack {
    load_pack(&[("pack.toml", &pack_text(id, question, value))]).unwrap()
}

fn pack_text(id: &str, question: &str, value: u32) -> String {
    format!(
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
    )
}

fn study(packs: &[&str], items: &[&str]) -> fermi_study::Study {
    parse_study(&study_text(packs, items)).unwrap()
}

fn study_text(packs: &[&str], items: &[&str]) -> String {
    let packs = packs
        .iter()
        .map(|p| format!("\"{p}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let items: String = items
        .iter()
        .map(|q| format!("\n[[study.item]]\nquestion = \"{q}\"\n"))
        .collect();
    format!(
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
    )
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

/// The page's loader: the study file with its packs as the page fetched them; every problem a line for the error
/// page, a pack's own in the pack, the bundle's placed in the study file.
#[test]
fn a_bundle_is_the_study_with_its_fetched_packs_or_every_problem_in_lines() {
    let text = study_text(&["a.toml"], &["mine/q1"]);
    let fetched = |got: Option<Result<String, String>>| vec![("a.toml".to_string(), got)];
    let bundle = |got| {
        let study = parse_study(&text).unwrap();
        Bundle::new("studies/s.toml", &text, study, fetched(got))
    };
    let ok = bundle(Some(Ok(pack_text("mine", "q1", 7)))).unwrap();
    assert_eq!(ok.sha256, sha256_hex(text.as_bytes()));
    let ids: Vec<&str> = ok.packs.iter().map(|p| p.info.id.as_str()).collect();
    assert_eq!(ids, [BUILTIN_PACK, "mine"]);
    assert_eq!(ok.question("mine/q1").map(|q| q.id.as_str()), Some("q1"));
    assert!(ok.question("mine/q2").is_none());
    for (got, line) in [
        (None, "a.toml: not a path beside the study file"),
        (
            Some(Err("the server answered HTTP 404".to_string())),
            "a.toml: could not be loaded: the server answered HTTP 404",
        ),
        (
            Some(Ok(pack_text("open", "q1", 7))),
            "s.toml:1:1: pack a.toml has the id `open`, which is the built-in pack's: give it another id",
        ),
    ] {
        assert_eq!(
            bundle(got.clone()).err(),
            Some(vec![line.to_string()]),
            "{got:?}"
        );
    }
    let broken = bundle(Some(Ok("[pack]\nid = 3\n".into()))).unwrap_err();
    assert!(!broken.is_empty(), "a pack's own problems are listed");
}
