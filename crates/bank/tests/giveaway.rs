//! Giveaways: numbers in a question's text or disambiguation near its truth or a factor, one small pack per case,
//! each warning placed at the number.

use fermi_bank::{fit_truth, giveaways, load_pack};

/// A pack with one question: `text`, `disambiguation`, and a truth written as TOML lines.
fn pack(text: &str, disambiguation: &str, truth: &str) -> String {
    format!(
        "[pack]\nid = \"t\"\ntitle = \"T\"\nversion = 1\ntier = \"open\"\n\n[[question]]\nid = \"q\"\n\
         text = \"{text}\"\nunit = \"u\"\nas_of = \"2024\"\ntopics = []\ncountries = []\n\
         disambiguation = \"{disambiguation}\"\n[question.truth]\n{truth}\n[[question.sources]]\n\
         publisher = \"p\"\ntitle = \"t\"\nurl = \"https://x.org/a\"\ntier = \"2\"\ndetail = \"d\"\n\
         factor = \"share\"\n"
    )
}

const POINT: &str = "kind = \"point\"\nvalue = 429323";
/// France's nuclear share: 320 TWh of 503 TWh, held in percent points.
const RATIO: &str = "kind = \"distribution\"\nprogram = \"\"\"\nshare = 100 * to(320e9 * 0.95, 320e9 * 1.05) / 503e9\nshare\n\"\"\"";

#[test]
fn numbers_near_the_truth_or_a_factor_are_flagged_at_their_place() {
    let within = "is within 5% of";
    // (case, text, disambiguation, truth, expected `LINE:COL: FIELD: `NUMBER` … OF WHAT (VALUE)` prefixes).
    let cases: [(&str, &str, &str, &str, &[&str]); 9] = [
        (
            "clean",
            "How many tonnes in 2023–24?",
            "Purchases, not production.",
            POINT,
            &[],
        ),
        (
            "the answer itself",
            "How many tonnes (429,323 t)?",
            "",
            POINT,
            &[
                "9:26: question q: text: `429,323` is within 5% of the truth's median (429 thousand)",
            ],
        ),
        (
            "rounded, in words",
            "About 0.43 million tonnes?",
            "",
            POINT,
            &["9:15: question q: text: `0.43` is within 5% of the truth's median (429 thousand)"],
        ),
        (
            "more than 5% away",
            "Was it 400,000 tonnes?",
            "",
            POINT,
            &[],
        ),
        (
            "the inputs, with a prefixed unit",
            "What share of France's electricity was nuclear?",
            "Nuclear 320 TWh of 503 TWh.",
            RATIO,
            &[
                "14:27: question q: disambiguation: `320` is within 5% of factor `share` (320 billion)",
                "14:38: question q: disambiguation: `503` is within 5% of factor `share` (503 billion)",
            ],
        ),
        (
            "the answer as a percentage",
            "Was it 63.6%?",
            "",
            RATIO,
            &["9:16: question q: text: `63.6` is within 5% of the truth's median (63.5)"],
        ),
        (
            "a widening multiplier is not a figure",
            "Is it within 1.05 of the last year?",
            "",
            RATIO,
            &[],
        ),
        (
            "dates, years and names are not figures",
            "From 1 March 2023 to 2024-06-30 (FY2023/24), PM2.5 and COVID-19?",
            "The 21st century.",
            "kind = \"point\"\nvalue = 1",
            &[],
        ),
        (
            "a log range's ends",
            "Between 3.2e5 and 3.2e6?",
            "",
            "kind = \"log_range\"\nlow = 3.16e5\nhigh = 3.16e6",
            &[
                "9:17: question q: text: `3.2e5` is within 5% of the truth's lower bound (316 thousand)",
                "9:27: question q: text: `3.2e6` is within 5% of the truth's upper bound (3.16 million)",
            ],
        ),
    ];
    for (name, text, disambiguation, truth, expected) in cases {
        let source = pack(text, disambiguation, truth);
        let source = if truth.contains("share") {
            source
        } else {
            source.replace("factor = \"share\"\n", "")
        };
        let loaded = load_pack(&[("p.toml", &source)]).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
        let q = &loaded.questions[0];
        let fitted = fit_truth(q).unwrap();
        let got: Vec<String> = giveaways(q, &fitted)
            .iter()
            .map(|w| {
                assert!(!w.diagnostic.is_error(), "{name}: a giveaway is a warning");
                w.line(&source)
            })
            .collect();
        assert_eq!(got.len(), expected.len(), "{name}: {got:#?}");
        for (got, want) in got.iter().zip(expected) {
            assert!(
                got.starts_with(&format!("p.toml:{want}")) && got.contains(within),
                "{name}: {got}\nexpected p.toml:{want}"
            );
        }
    }
}

#[test]
fn two_figures_whose_ratio_or_product_is_the_truth_are_flagged() {
    // (case, unit, disambiguation, truth, expected warnings as `LINE:COL: FIELD: ` prefixes): France's share
    // given as its two figures, a product, and two figures that give nothing.
    let cases: [(&str, &str, &str, &str, &[&str]); 3] = [
        (
            "a share as two figures",
            "percent of net production",
            "Nuclear 320 TWh of 503 TWh.",
            "kind = \"point\"\nvalue = 63.7",
            &["14:38: question q: disambiguation: the ratio of `320` and `503`"],
        ),
        (
            "a product",
            "u",
            "40 rows of 25 seats.",
            "kind = \"point\"\nvalue = 1000",
            &["14:30: question q: disambiguation: the product of `40` and `25`"],
        ),
        (
            "unrelated figures",
            "gates",
            "Not the number of inlets (3) or of barrier rows (4).",
            "kind = \"point\"\nvalue = 78",
            &[],
        ),
    ];
    for (name, unit, disambiguation, truth, expected) in cases {
        let source = pack("How much?", disambiguation, truth)
            .replace("unit = \"u\"", &format!("unit = \"{unit}\""))
            .replace("factor = \"share\"\n", "");
        let loaded = load_pack(&[("p.toml", &source)]).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
        let q = &loaded.questions[0];
        let got: Vec<String> = giveaways(q, &fit_truth(q).unwrap())
            .iter()
            .map(|w| w.line(&source))
            .collect();
        assert_eq!(got.len(), expected.len(), "{name}: {got:#?}");
        for (got, want) in got.iter().zip(expected) {
            assert!(
                got.starts_with(&format!("p.toml:{want}")),
                "{name}: {got}\nexpected p.toml:{want}"
            );
        }
    }
}
