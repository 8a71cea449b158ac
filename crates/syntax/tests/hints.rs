//! A hint speaks the dialect the program is written in: a fermi model's mistakes never get Squiggle syntax as the
//! fix, and a Squiggle program's never get fermi's.

use fermi_syntax::{Dialect, parse};

/// Written only in Squiggle: a call of `to`, an assignment, a `//` comment.
const SQUIGGLE_ONLY: [&str; 3] = ["to(", " = ", "//"];
/// Written only in fermi: storing, a `#` comment, an operator line.
const FERMI_ONLY: [&str; 3] = ["=:", "=.", "# "];

fn hints(source: &str, dialect: Dialect) -> Vec<String> {
    parse(source, dialect)
        .1
        .into_iter()
        .filter_map(|d| d.hint)
        .collect()
}

#[test]
fn fermi_mistakes_get_fermi_hints() {
    let mistakes = [
        // A Squiggle program typed with fermi selected.
        "coal = to(80e9, 120e9)\nyield = to(100, 250)\ncoal / yield / 357022e6",
        "to(1, 10)",
        "1 to 10",
        "x",
        "1 10\n* y",
        "1 10\n=: a\n=: a\n* a",
        "5k",
        "*2",
        "=:",
        "=: 5x",
        "(\n1 10",
        ")",
        "10 1",
        "0 10",
        "5 5",
        "beta 0 1",
        "mx a",
        "1 +",
        "+",
        "2^3",
        "1.5.5",
        "# only a comment",
        "",
    ];
    for source in mistakes {
        let hints = hints(source, Dialect::Fermi);
        assert!(!hints.is_empty(), "{source:?} gives a hint");
        for hint in hints {
            for squiggle in SQUIGGLE_ONLY {
                assert!(!hint.contains(squiggle), "{source:?}: {hint}");
            }
        }
    }
}

#[test]
fn a_range_written_with_to_is_shown_as_fermi_writes_it() {
    // (source, what the message or hint must say): the two numbers alone, as fermi writes a range.
    let cases = [
        ("3 to 8", "write `3 8`"),
        ("1K\n* 3 to 8", "write `3 8`"),
        ("2.5M to 4M", "write `2.5M 4M`"),
        ("to(3, 8)", "`3 8` is 3 to 8"),
    ];
    for (source, expected) in cases {
        let (_, diagnostics) = parse(source, Dialect::Fermi);
        assert!(
            diagnostics
                .iter()
                .any(|d| d.hint.as_deref().is_some_and(|h| h.contains(expected))),
            "{source:?}: {diagnostics:?}"
        );
    }
}

#[test]
fn squiggle_mistakes_get_squiggle_hints() {
    let mistakes = [
        "93.9B 98.3B\n/ 150 200",
        "1 10\n=: x\n* x",
        "to(1, 10) # comment",
        "x",
        "to(1, 10) * y",
        "1K",
        "2(3)",
        "1 +\n",
        "x = 1",
        "",
    ];
    for source in mistakes {
        for hint in hints(source, Dialect::Squiggle) {
            for fermi in FERMI_ONLY {
                assert!(!hint.contains(fermi), "{source:?}: {hint}");
            }
        }
    }
}
