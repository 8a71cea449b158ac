//! The study file: strict parsing with every problem at its line and column, and the per-participant rules.

use fermi_study::{BUNDLED, Format, Order, SeedRule, parse_study};
use fermi_syntax::LineIndex;

const GOOD: &str = r#"[study]
id = "s1"
version = 2
title = "T"
consent = "C"
instructions = "I"
samples = 1000
seed = 42
order = "fixed"
formats = ["quick"]
time_limit_s = 0
reveal = "never"
allow_skip = false

[[study.item]]
question = "open/venice-mose-number-of-gates"

[[study.item]]
question = "open/germany-coal-to-solar-area"
"#;

/// Each problem as `LINE:COL message`.
fn problems(text: &str) -> Vec<String> {
    let index = LineIndex::new(text);
    parse_study(text)
        .expect_err("the study is refused")
        .iter()
        .map(|d| {
            let at = index.line_col(d.span.start as usize);
            format!("{}:{} {}", at.line, at.col, d.message)
        })
        .collect()
}

#[test]
fn a_minimal_study_parses_with_its_defaults() {
    let s = parse_study(GOOD).unwrap();
    assert_eq!((s.id.as_str(), s.version, s.samples), ("s1", 2, 1000));
    assert_eq!(s.seed, SeedRule::Fixed(42));
    assert_eq!(s.order, Order::Fixed);
    assert_eq!(s.formats, [Format::Quick]);
    assert!(s.arms.is_empty() && s.practice.is_empty() && s.participant_params.is_empty());
    assert_eq!(s.items.len(), 2);
    assert_eq!(s.items[1].parts(), ("open", "germany-coal-to-solar-area"));
}

#[test]
fn every_problem_is_listed_with_its_line_and_column() {
    let bad = GOOD
        .replace("id = \"s1\"", "id = \"Not A Slug\"")
        .replace("samples = 1000", "samples = 50")
        .replace("formats = [\"quick\"]", "formats = [\"quick\", \"quick\"]")
        .replace("time_limit_s = 0", "time_limit_s = 100000")
        .replace(
            "open/germany-coal-to-solar-area",
            "open/venice-mose-number-of-gates",
        )
        + "\n[[study.arm]]\nid = \"a\"\ntext = \" \"\n";
    assert_eq!(
        problems(&bad),
        [
            "2:6 study.id: `Not A Slug` is not a slug: use lowercase letters, digits and single hyphens",
            "7:11 study.samples: must be between 100 and 1000000, not 50",
            "10:11 study.formats: `quick` is listed twice",
            "11:16 study.time_limit_s: at most 86400 (a day); 0 means none",
            "23:8 study.arm.text: is empty",
            "19:12 study.item.question: `open/venice-mose-number-of-gates` is listed twice (first as a scored item)",
        ]
    );
}

#[test]
fn shape_errors_name_the_field_and_where() {
    let cases = [
        (
            GOOD.replace("seed = 42", "seed = \"random\""),
            "8:8 study.seed: `random` is not a seed",
        ),
        (
            GOOD.replace("order = \"fixed\"", "order = \"random\""),
            "9:9 study.order: unknown variant `random`",
        ),
        (
            GOOD.replace("allow_skip = false", "allow_skip = false\nextra = 1"),
            "14:1 study.extra: unknown field `extra`",
        ),
        (
            GOOD.replace("reveal = \"never\"\n", ""),
            "study: missing field `reveal`",
        ),
        (
            GOOD.replace(
                "question = \"open/venice-mose-number-of-gates\"",
                "question = \"venice\"",
            ),
            "16:12 study.item.question: `venice` is not `PACK_ID/QUESTION_ID`",
        ),
        (
            GOOD.to_string() + "[other]\n",
            "20:2 unknown top-level key `other`",
        ),
        (
            GOOD.replace("title = \"T\"", "title = \"T"),
            "4:11 TOML syntax",
        ),
        ("# nothing\n".to_string(), "1:1 no [study] table"),
    ];
    for (text, expected) in cases {
        let found = problems(&text);
        assert!(
            found
                .iter()
                .any(|p| p.starts_with(expected) || p.contains(expected)),
            "expected `{expected}`, got {found:?}"
        );
    }
}

#[test]
fn links_packs_and_params_are_checked() {
    let bad = GOOD.replace(
        "allow_skip = false",
        "allow_skip = false\nparticipant_params = [\"PID\", \"study\", \"a b\"]\nkeep_params = [\"PID\"]\n\
         completion_code = \"no spaces!\"\ncompletion_url = \"javascript:alert(1)\"\nsubmit_url = \"//evil.example\"\n\
         packs = [\"../secret.toml\", \"p.json\"]",
    );
    let found = problems(&bad).join("\n");
    for expected in [
        "14:30 study.participant_params: `study` is the parameter",
        "14:39 study.participant_params: `a b` is not a URL parameter name",
        "15:16 study.keep_params: `PID` is listed twice",
        "16:19 study.completion_code",
        "17:18 study.completion_url: not an http(s) link",
        "18:14 study.submit_url",
        "19:10 study.packs: `../secret.toml`",
        "19:28 study.packs: `p.json`",
    ] {
        assert!(
            found.contains(expected),
            "expected `{expected}` in:\n{found}"
        );
    }
}

#[test]
fn huge_files_are_refused_before_parsing() {
    let text = format!("{GOOD}# {}\n", "x".repeat(fermi_study::MAX_STUDY_BYTES));
    assert!(problems(&text)[0].contains("over 1024 KiB"));
}

#[test]
fn the_rules_per_participant_are_reproducible() {
    let (_, demo) = BUNDLED[0];
    let s = parse_study(demo).unwrap();
    let listed: Vec<String> = s.items.iter().map(|i| i.question.clone()).collect();
    let mut arms = [0usize; 2];
    let mut moved = 0;
    for k in 0..200 {
        let id = format!("participant-{k}");
        let order = s.order_for(&id);
        assert_eq!(order, s.order_for(&id));
        let mut sorted = order.clone();
        sorted.sort();
        let mut expected = listed.clone();
        expected.sort();
        assert_eq!(sorted, expected, "a permutation of the items");
        moved += usize::from(order != listed);
        let arm = s.arm_for(&id).unwrap();
        arms[s.arms.iter().position(|a| a == arm).unwrap()] += 1;
        assert_ne!(
            s.item_seed(&id, &listed[0]),
            s.item_seed(&id, &listed[1]),
            "seeds differ per item"
        );
    }
    // Shuffled: nearly every order differs from the listing (1 in 720 may not); arms balanced within 4 sd.
    assert!(moved > 190, "{moved}");
    assert!(arms[0].abs_diff(100) < 30, "{arms:?}");
    // A fixed seed is the same for everyone.
    let fixed = parse_study(GOOD).unwrap();
    assert_eq!(fixed.item_seed("x", "open/a"), 42);
    assert_eq!(
        fixed.order_for("x"),
        [
            "open/venice-mose-number-of-gates",
            "open/germany-coal-to-solar-area"
        ]
    );
}

#[test]
fn the_demo_study_names_real_questions() {
    let s = parse_study(BUNDLED[0].1).unwrap();
    assert_eq!((s.items.len(), s.practice.len(), s.arms.len()), (6, 1, 2));
    assert_eq!(s.reveal, fermi_study::Reveal::End);
    let pack = fermi_bank::builtin();
    assert!(s.check_questions(&[&pack]).is_empty());
}

#[test]
fn arms_are_balanced_for_ids_that_differ_in_one_character() {
    // Sequential ids are what a typed or numbered id looks like; a weak hash would put most of them in one arm.
    let s = parse_study(BUNDLED[0].1).unwrap();
    let first = (0..1000)
        .filter(|k| s.arm_for(&format!("p{k:05}")).unwrap().id == s.arms[0].id)
        .count();
    // Binomial(1000, ½): sd 15.8; 4 sd.
    assert!(first.abs_diff(500) < 64, "{first} of 1000 in the first arm");
}
