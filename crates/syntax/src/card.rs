//! The short syntax card a face shows beside the editor, per dialect (a digest of docs/language.md), and the
//! dialect conversion a face offers when the user switches dialect with a program written.

use crate::Dialect;

/// A few lines on how to write an estimate, with examples.
pub struct SyntaxCard {
    /// The editor's placeholder: an instruction naming the dialect, never a program (greyed code reads as an
    /// answer already written).
    pub placeholder: &'static str,
    /// The rules, one line each.
    pub rules: &'static [&'static str],
    /// `(program, what it estimates)`. The i-th example of each dialect is the same estimate (tested).
    pub examples: &'static [(&'static str, &'static str)],
}

const SQUIGGLE: SyntaxCard = SyntaxCard {
    placeholder: "Type your Squiggle model here (examples under “How to write it” below)",
    rules: &[
        "`to(lo, hi)` or `lo to hi`: a range you are 90% sure of (both bounds positive).",
        "Name a step with `name = …` on its own line; the last line is the estimate.",
        "Operators `+ - * / ^`, parentheses, `log`, `log10`, `exp`; suffixes `%` `k` `M` `B` `T` (`1.5M`); comments `//`.",
    ],
    examples: &[
        (
            "people = 8.1B\nshare = to(0.5%, 2%)\npeople * share",
            "a share of the world's people",
        ),
        (
            "to(93.9B, 98.3B) / to(150, 200)",
            "a range divided by a range",
        ),
        (
            "per_year = 2 to 5 // per year\nyears = 10\nper_year * years",
            "a rate over ten years",
        ),
    ],
};

const FERMI: SyntaxCard = SyntaxCard {
    placeholder: "Type your fermi model here (examples under “How to write it” below)",
    rules: &[
        "One step per line on a running value that starts at 1; the estimate is its value after the last line.",
        "`LO HI` multiplies by a range you are 90% sure of; `* X`, `/ X`, `+ X`, `- X` combine (a space after the operator).",
        "`=: name` stores the running value, `=. name` stores it and starts again from 1; a later `* name` uses it.",
        "Numbers take uppercase suffixes `%` `K` `M` `B` `T` (`1.5M`); `#` starts a comment.",
    ],
    examples: &[
        ("8.1B\n0.5% 2%", "a share of the world's people"),
        ("93.9B 98.3B\n/ 150 200", "a range divided by a range"),
        (
            "2 5 # per year\n=. per_year\n10\n* per_year",
            "a rate over ten years",
        ),
    ],
};

/// The syntax card of a dialect.
pub fn syntax_card(dialect: Dialect) -> &'static SyntaxCard {
    match dialect {
        Dialect::Squiggle => &SQUIGGLE,
        Dialect::Fermi => &FERMI,
    }
}

/// `source`, written in `from`, rewritten in `to`; `Err` says, for people, why it can't be. fermi becomes Squiggle
/// through the printer behind "Show as Squiggle"; Squiggle does not become fermi (no printer writes fermi).
pub fn convert(source: &str, from: Dialect, to: Dialect) -> Result<String, String> {
    match (from, to) {
        (from, to) if from == to => Ok(source.to_string()),
        (Dialect::Squiggle, _) => Err(
            "The playground can't rewrite a Squiggle program in fermi: rewrite it by hand, or switch back to Squiggle."
                .to_string(),
        ),
        (Dialect::Fermi, _) => {
            let (program, diagnostics) = crate::parse(source, Dialect::Fermi);
            if diagnostics.iter().any(crate::Diagnostic::is_error) {
                return Err(
                    "This fermi program has errors, so it can't be converted: switch back to fermi and fix them first."
                        .to_string(),
                );
            }
            let squiggle = crate::to_squiggle(&program);
            let (_, diagnostics) = crate::parse(&squiggle, Dialect::Squiggle);
            if diagnostics.iter().any(crate::Diagnostic::is_error) {
                return Err(
                    "This fermi program uses beta or a mixture, which the Squiggle subset does not have: switch back \
                     to fermi to keep it."
                        .to_string(),
                );
            }
            Ok(squiggle.trim_end().to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_reads_cleanly_and_no_placeholder_is_a_program() {
        for dialect in [Dialect::Squiggle, Dialect::Fermi] {
            let card = syntax_card(dialect);
            assert!(
                card.placeholder.to_lowercase().contains(dialect.name())
                    && !card.placeholder.contains(|c: char| c.is_ascii_digit()),
                "{:?}",
                card.placeholder
            );
            for program in card.examples.iter().map(|e| e.0) {
                let (_, diagnostics) = crate::parse(program, dialect);
                assert!(
                    diagnostics.is_empty(),
                    "{dialect:?} {program:?}: {diagnostics:?}"
                );
            }
        }
        assert_eq!(
            SQUIGGLE.examples.len(),
            FERMI.examples.len(),
            "each example has a twin"
        );
    }

    #[test]
    fn fermi_converts_to_squiggle_and_squiggle_does_not_convert_to_fermi() {
        let cases: [(&str, Dialect, Dialect, Result<&str, &str>); 6] = [
            (
                "8.1B\n0.5% 2%",
                Dialect::Fermi,
                Dialect::Squiggle,
                Ok("8.1B * (0.005 to 0.02)"),
            ),
            (
                "2 5\n=. rate\n10\n* rate # years",
                Dialect::Fermi,
                Dialect::Squiggle,
                Ok("rate = 2 to 5\n10 * rate"),
            ),
            (
                "1 10\n=: x\nbeta 2 8",
                Dialect::Fermi,
                Dialect::Squiggle,
                Err("beta or a mixture"),
            ),
            (
                "1 10\n/ 3x",
                Dialect::Fermi,
                Dialect::Squiggle,
                Err("has errors"),
            ),
            (
                "to(1, 10)",
                Dialect::Squiggle,
                Dialect::Fermi,
                Err("can't rewrite a Squiggle program"),
            ),
            (
                "to(1, 10)",
                Dialect::Squiggle,
                Dialect::Squiggle,
                Ok("to(1, 10)"),
            ),
        ];
        for (source, from, to, expected) in cases {
            match (convert(source, from, to), expected) {
                (Ok(got), Ok(want)) => assert_eq!(got, want, "{source}"),
                (Err(got), Err(want)) => assert!(got.contains(want), "{source}: {got}"),
                (got, want) => panic!("{source}: {got:?}, expected {want:?}"),
            }
        }
    }
}
