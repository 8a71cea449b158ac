//! Advice on factor intervals against the tier rule: one small program per case.

use fermi_bank::{advice, load_pack};

/// A pack with one distribution question whose factor `x` (and `y`, tier 1) is sourced at `tier`.
fn question(program: &str, tier: &str) -> String {
    format!(
        r#"[pack]
id = "t"
title = "T"
version = 1
tier = "open"

[[question]]
id = "q"
text = "t"
unit = "u"
as_of = "2024"
topics = []
countries = []
[question.truth]
kind = "distribution"
program = """
{program}
"""
[[question.sources]]
factor = "x"
publisher = "p"
title = "t"
url = "https://x.org"
tier = "{tier}"
detail = "d"
[[question.sources]]
factor = "y"
publisher = "p"
title = "t"
url = "https://x.org"
tier = "1"
detail = "d"
"#
    )
}

#[test]
fn intervals_follow_the_tier_rule() {
    let cases = [
        ("x = to(95, 105)", "2", None),
        ("x = to(900 * 0.9, 900 * 1.1)", "2", None),
        (
            "x = to(80, 120)",
            "2",
            Some(
                "`x`: a tier-2 factor spans ±20.0%; the tier rule gives ±5% (industrialised countries) or ±10% (developing ones)",
            ),
        ),
        ("x = to(739000 * 0.8, 739000 * 1.2)", "3", None),
        (
            "x = to(99, 101)",
            "3",
            Some("`x`: a tier-3 factor spans ±1.0%; the tier rule gives ±15–20%"),
        ),
        (
            "x = to(1, 2)",
            "0",
            Some("`x`: a tier-0 factor is a plain number, not an interval"),
        ),
        (
            "x = 357022e6",
            "2",
            Some(
                "`x`: a tier-2 factor is uncertain: write it as an interval, e.g. `to(v*0.95, v*1.05)`",
            ),
        ),
        ("x = 357022e6", "0", None),
        ("x = to(1, 2)", "range", None),
        ("x = to(y * 0.5, y)", "2", None),
    ];
    for (line, tier, expected) in cases {
        let text = question(&format!("y = to(10, 12)\n{line}\nx * y"), tier);
        let pack = load_pack(&[("p.toml", &text)]).unwrap_or_else(|p| panic!("{line}: {p:#?}"));
        let got: Vec<String> = advice(&pack.questions[0])
            .iter()
            .map(ToString::to_string)
            .collect();
        let want: Vec<String> = expected
            .map(|e| format!("p.toml: question q: truth.program: {e}"))
            .into_iter()
            .collect();
        assert_eq!(got, want, "{line} (tier {tier})");
    }
}

#[test]
fn truths_follow_the_width_rule_they_state() {
    let world_point = "a `world` question takes the tier rule, but its truth is a point and not every source is \
                       tier 0 (an exact count): give the interval the sources leave, or pin the reported figure in \
                       the text and write `width = \"pinned\"`";
    let pinned_tier = |tier: &str| {
        format!(
            "`x`: a `pinned` question's answer is the reported figure, but this factor is tier {tier}: write the \
             figure (tier \"0\") or the interval its rounding leaves (tier \"rounding\")"
        )
    };
    // (width, truth program or `point`, tier of `x`, expected advice after `p.toml: question q: `).
    let cases: Vec<(&str, &str, &str, Vec<String>)> = vec![
        ("world", "point", "2", vec![format!("width: {world_point}")]),
        ("world", "point", "0", vec![]),
        ("pinned", "point", "2", vec![]),
        ("world", "x = to(95, 105)", "2", vec![]),
        (
            "pinned",
            "x = to(95, 105)",
            "2",
            vec![format!("truth.program: {}", pinned_tier("2"))],
        ),
        ("pinned", "x = to(99.5, 100.5)", "rounding", vec![]),
        ("pinned", "x = 100", "0", vec![]),
        ("pinned", "x = to(95, 105)", "range", vec![]),
        ("", "x = to(95, 105)", "2", vec![]),
        ("", "point", "2", vec![]),
    ];
    for (width, program, tier, expected) in cases {
        // `y` is tier 1 in the template: keep it out of the pinned cases by making it a plain tier-0 number.
        let mut text = question(&format!("y = 1\n{program}\nx * y"), tier)
            .replacen("tier = \"1\"", "tier = \"0\"", 1)
            .replace(
                "countries = []",
                &format!("countries = []\nwidth = \"{width}\""),
            );
        if width.is_empty() {
            text = text.replace("width = \"\"\n", "");
        }
        if program == "point" {
            let truth = text.find("[question.truth]").unwrap();
            let sources = text.find("[[question.sources]]").unwrap();
            text.replace_range(
                truth..sources,
                "[question.truth]\nkind = \"point\"\nvalue = 3\n",
            );
            text = text
                .replace("factor = \"x\"\n", "")
                .replace("factor = \"y\"\n", "");
        }
        let pack =
            load_pack(&[("p.toml", &text)]).unwrap_or_else(|p| panic!("{width} {program}: {p:#?}"));
        let got: Vec<String> = advice(&pack.questions[0])
            .iter()
            .map(ToString::to_string)
            .collect();
        let want: Vec<String> = expected
            .iter()
            .map(|e| format!("p.toml: question q: {e}"))
            .collect();
        assert_eq!(got, want, "width {width:?}, {program} (tier {tier})");
    }
}
