//! A public pack beside the private pack sealing its truths: each case one problem, named by question and field.

use fermi_bank::{Pack, load_pack, public_tier_problems};

const SHOWN: &str = r#"
[[question]]
id = "ox-bel-ha-length"
text = "How long was the surveyed length of Sistema Ox Bel Ha as of February 2026?"
unit = "km"
as_of = "2026-02"
topics = ["geography"]
countries = ["MX"]
"#;

const SEALED_TRUTH: &str = r#"
[question.truth]
kind = "point"
value = 541.7

[[question.sources]]
publisher = "Quintana Roo Speleological Survey"
title = "List of long underwater caves, February 2026"
url = "https://caves.org/qrss"
tier = "0"
detail = "Ox Bel Ha: 541.7 km"
"#;

fn pack(tier: &str, id: &str, body: &str) -> Pack {
    let text =
        format!("[pack]\nid = \"{id}\"\ntitle = \"T\"\nversion = 1\ntier = \"{tier}\"\n{body}");
    load_pack(&[(tier, text.as_str())]).unwrap_or_else(|p| panic!("{p:?}"))
}

/// (what, public pack body, sealed pack tier and id, sealed body, the problem expected: field and words; warning?)
type Case = (
    &'static str,
    String,
    (&'static str, &'static str),
    String,
    &'static str,
    &'static str,
    bool,
);

#[test]
fn each_pairing_problem_is_named() {
    let sealed_body = format!("{SHOWN}{SEALED_TRUTH}");
    let cases: Vec<Case> = vec![
        (
            "a trap reaches participants",
            format!("{SHOWN}trap = \"541.7 km\"\n"),
            ("private", "p"),
            sealed_body.clone(),
            "trap",
            "it would reach participants",
            false,
        ),
        (
            "no sealed truth",
            SHOWN.replace("ox-bel-ha-length", "other-cave"),
            ("private", "p"),
            sealed_body.clone(),
            "id",
            "no sealed truth",
            false,
        ),
        (
            "a sealed question nobody is asked",
            SHOWN.replace("ox-bel-ha-length", "other-cave"),
            ("private", "p"),
            sealed_body.clone(),
            "id",
            "sealed but not asked",
            true,
        ),
        (
            "the unit differs",
            SHOWN.replace("unit = \"km\"", "unit = \"m\""),
            ("private", "p"),
            sealed_body.clone(),
            "unit",
            "differs from the sealed copy",
            false,
        ),
        (
            "the truths are in an open pack",
            SHOWN.to_string(),
            ("open", "p"),
            sealed_body.clone(),
            "pack.tier",
            "the truths a private one",
            false,
        ),
        (
            "another id",
            SHOWN.to_string(),
            ("private", "q"),
            sealed_body.clone(),
            "pack.id",
            "the ids must be the same",
            false,
        ),
    ];
    for (what, public_body, (tier, id), sealed_body, field, words, warning) in cases {
        let public = pack("public", "p", &public_body);
        let sealed = pack(tier, id, &sealed_body);
        let problems = public_tier_problems(&public, Some(&sealed));
        let found = problems
            .iter()
            .find(|p| p.field.as_deref() == Some(field) && p.diagnostic.message.contains(words));
        let found = found.unwrap_or_else(|| panic!("{what}: {problems:#?}"));
        assert_eq!(
            found.diagnostic.severity == fermi_syntax::Severity::Warning,
            warning,
            "{what}"
        );
    }
    // A matching pair has no problem, and without a sealed pack only leaks are looked for.
    let public = pack("public", "p", SHOWN);
    let sealed = pack("private", "p", &sealed_body);
    assert!(public_tier_problems(&public, Some(&sealed)).is_empty());
    assert!(public_tier_problems(&public, None).is_empty());
}
