//! Property tests: no input panics, spans stay inside the source, well-formed programs parse to their own tree.

use fermi_syntax::{Dialect, LineIndex, parse};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn assert_sound(source: &str, dialect: Dialect) {
    let (_, diags) = parse(source, dialect);
    let index = LineIndex::new(source);
    for d in &diags {
        let (start, end) = (d.span.start as usize, d.span.end as usize);
        assert!(
            start <= end && end <= source.len(),
            "{d:?} outside {} bytes",
            source.len()
        );
        assert!(
            source.is_char_boundary(start) && source.is_char_boundary(end),
            "{d:?} splits a character"
        );
        assert!(!d.message.is_empty());
        let _ = index.line_col(start);
    }
}

const SQUIGGLE_TOKENS: &[&str] = &[
    "1", "2.5", ".5", "5.", "1e3", "1e", "1K", "1k", "3M", "5%", "x", "y", "Coal", "to", "log",
    "sqrt", "(", ")", ",", "+", "-", "*", "/", "^", "=", ";", "\n", "//c\n", "/*", "*/", "#", "é",
    "_", "$", "1_0",
];

const FERMI_TOKENS: &[&str] = &[
    "1", "10", "2.5", "5%", "3K", "5k", "-3", "+", "-", "*", "/", "(", ")", "=:", "=.", "x", "y",
    "beta", "b", "mx", "clear", ".", "c", "d", "s", "exit", "stats", "#", "\n", "0", "1e3", "_1",
    "ü",
];

fn soup(tokens: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(tokens),
            prop::sample::select(&[" ", "", "\n", "\t"][..]),
        ),
        0..60,
    )
    .prop_map(|parts| {
        parts
            .into_iter()
            .map(|(t, sep)| format!("{t}{sep}"))
            .collect()
    })
}

/// A fully parenthesised expression and the S-expression it must parse to.
fn expr() -> impl Strategy<Value = (String, String)> {
    let leaf = prop_oneof![
        (1u32..1000).prop_map(|n| (n.to_string(), n.to_string())),
        prop::sample::select(&["a", "b"][..]).prop_map(|v| (v.to_string(), v.to_string())),
    ];
    leaf.prop_recursive(6, 40, 2, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(&["+", "-", "*", "/", "^", "to"][..]),
                inner.clone()
            )
                .prop_map(|((a, sa), op, (b, sb))| (
                    format!("({a} {op} {b})"),
                    format!("({op} {sa} {sb})")
                )),
            inner
                .clone()
                .prop_map(|(a, sa)| (format!("(-{a})"), format!("(- {sa})"))),
            (inner.clone(), inner).prop_map(|((a, sa), (b, sb))| (
                format!("to({a}, {b})"),
                format!("(to {sa} {sb})")
            )),
        ]
    })
}

proptest! {
    // A fixed seed keeps the suite deterministic; raise `cases` locally to search harder.
    #![proptest_config(ProptestConfig {
        cases: 1000,
        rng_seed: RngSeed::Fixed(20261130),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let source = String::from_utf8_lossy(&bytes);
        assert_sound(&source, Dialect::Squiggle);
        assert_sound(&source, Dialect::Fermi);
    }

    #[test]
    fn squiggle_token_soup_never_panics(source in soup(SQUIGGLE_TOKENS)) {
        assert_sound(&source, Dialect::Squiggle);
    }

    #[test]
    fn fermi_token_soup_never_panics(source in soup(FERMI_TOKENS)) {
        assert_sound(&source, Dialect::Fermi);
    }

    #[test]
    fn well_formed_programs_parse_to_their_tree((source, tree) in expr()) {
        let program = format!("a = 2\nb = 3\n{source}");
        let (parsed, diags) = parse(&program, Dialect::Squiggle);
        prop_assert!(diags.iter().all(|d| !d.is_error()), "{:?}", diags);
        let last = parsed.statements.last().map(|s| s.value.to_string()).unwrap_or_default();
        prop_assert_eq!(last, tree);
    }
}
