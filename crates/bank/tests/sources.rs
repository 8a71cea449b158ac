//! Source warnings: one small pack per case, each warning placed at its line and column.

use fermi_bank::{load_pack, source_warnings};

/// A pack with question `a` citing `first` and question `b` citing `second`, each source written as its TOML
/// lines (url, detail and optionally accessed).
fn pack(first: &str, second: &str) -> String {
    let question = |id: &str, source: &str| {
        format!(
            "\n[[question]]\nid = \"{id}\"\ntext = \"t\"\nunit = \"u\"\nas_of = \"2024\"\ntopics = []\n\
             countries = []\n[question.truth]\nkind = \"point\"\nvalue = 1\n[[question.sources]]\n\
             publisher = \"p\"\ntitle = \"t\"\ntier = \"2\"\n{source}\nkind = \"primary\"\n"
        )
    };
    format!(
        "[pack]\nid = \"t\"\ntitle = \"T\"\nversion = 1\ntier = \"open\"\n{}{}",
        question("a", first),
        question("b", second)
    )
}

#[test]
fn sources_a_reader_cannot_check_are_warned_about() {
    let ok =
        "url = \"https://stats.example.org/table/7\"\ndetail = \"7 Mt\"\naccessed = \"2026-11\"";
    let cases: [(&str, &str, &str, &[&str]); 10] = [
        ("fine", ok, ok, &[]),
        (
            "a bare domain",
            "url = \"https://example.org\"\ndetail = \"7 Mt\"\naccessed = \"2026-11\"",
            ok,
            &[
                "p.toml:21:7: question a: sources[0].url: `https://example.org` is a bare domain: link the page, \
               table or document that holds the figure",
            ],
        ),
        (
            "a bare domain with a slash and a fragment",
            "url = \"http://example.org/#top\"\ndetail = \"7 Mt\"\naccessed = \"2026-11\"",
            ok,
            &[
                "p.toml:21:7: question a: sources[0].url: `http://example.org/#top` is a bare domain: link the \
               page, table or document that holds the figure",
            ],
        ),
        (
            "a query points somewhere",
            "url = \"https://example.org/?p=127466\"\ndetail = \"7 Mt\"\naccessed = \"2026-11\"",
            ok,
            &[],
        ),
        (
            "a path points somewhere",
            "url = \"https://example.org/a\"\ndetail = \"7 Mt\"\naccessed = \"2026-11\"",
            ok,
            &[],
        ),
        (
            "one page, one figure, twice",
            ok,
            "url = \"https://stats.example.org/table/7/\"\ndetail = \" 7 Mt\"\naccessed = \"2025-01\"",
            &[],
        ),
        (
            "one page, two figures",
            ok,
            "url = \"https://stats.example.org/table/7\"\ndetail = \"8 Mt\"\naccessed = \"2026-11\"",
            &[
                "p.toml:40:7: question b: sources[0].url: `https://stats.example.org/table/7` is also cited by \
               question a (sources[0]) for a different `detail`: link the page that holds this figure, or, if \
               one page holds both, quote both in one `detail` shared by every source citing it",
            ],
        ),
        (
            "another table of the same site",
            ok,
            "url = \"https://stats.example.org/table/8\"\ndetail = \"8 Mt\"\naccessed = \"2026-11\"",
            &[],
        ),
        (
            "no accessed date",
            ok,
            "url = \"https://stats.example.org/table/7\"\ndetail = \"7 Mt\"",
            &[
                "p.toml:36:1: question b: sources[0]: no `accessed` date: say when the page was read (YYYY-MM), \
               since pages change",
            ],
        ),
        (
            "all three at once",
            ok,
            "url = \"https://stats.example.org/\"\ndetail = \"8 Mt\"",
            &[
                "p.toml:40:7: question b: sources[0].url: `https://stats.example.org/` is a bare domain: link \
                 the page, table or document that holds the figure",
                "p.toml:36:1: question b: sources[0]: no `accessed` date: say when the page was read (YYYY-MM), \
                 since pages change",
            ],
        ),
    ];
    for (name, first, second, expected) in cases {
        let text = pack(first, second);
        let loaded = load_pack(&[("p.toml", &text)]).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
        let warnings = source_warnings(&loaded);
        assert!(
            warnings.iter().all(|w| !w.diagnostic.is_error()),
            "{name}: warnings are not errors"
        );
        let got: Vec<String> = warnings.iter().map(|w| w.line(&text)).collect();
        assert_eq!(got, *expected, "{name}");
    }
}

#[test]
fn a_question_without_a_primary_source_is_warned_about_unless_it_says_why() {
    let source = |kind: &str| {
        format!(
            "[[question.sources]]\npublisher = \"p\"\ntitle = \"t\"\ntier = \"2\"\n\
             url = \"https://stats.example.org/table/7\"\ndetail = \"7 Mt\"\naccessed = \"2026-11\"\n{kind}\n"
        )
    };
    let warning = "p.toml:18:1: question a: sources: no primary source: cite the paper (with its DOI), the \
                   statistics office's release, the filing or the dataset with `kind = \"primary\"`, or say why \
                   none exists in `no_primary_source`";
    // (case, a line of the question, its sources, the warnings).
    let cases: [(&str, &str, String, &[&str]); 5] = [
        ("primary", "", source("kind = \"primary\""), &[]),
        (
            "secondary only",
            "",
            source("kind = \"secondary\""),
            &[warning],
        ),
        ("kind not given", "", source(""), &[warning]),
        (
            "a secondary beside a primary",
            "",
            source("kind = \"secondary\"") + &source("kind = \"primary\""),
            &[],
        ),
        (
            "none exists, and says why",
            "no_primary_source = \"the organisers publish only through the press\"",
            source("kind = \"secondary\""),
            &[],
        ),
    ];
    for (name, line, sources, expected) in cases {
        let text = format!(
            "[pack]\nid = \"t\"\ntitle = \"T\"\nversion = 1\ntier = \"open\"\n\n[[question]]\nid = \"a\"\n\
             text = \"t\"\nunit = \"u\"\nas_of = \"2024\"\ntopics = []\ncountries = []\n{line}\n\
             [question.truth]\nkind = \"point\"\nvalue = 1\n{sources}"
        );
        let loaded = load_pack(&[("p.toml", &text)]).unwrap_or_else(|p| panic!("{name}: {p:#?}"));
        let got: Vec<String> = source_warnings(&loaded)
            .iter()
            .map(|w| w.line(&text))
            .collect();
        assert_eq!(got, *expected, "{name}");
    }
}
