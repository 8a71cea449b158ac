//! The editor's underline layer: pieces cover the source, marks sit on the diagnostics' spans, and a text typed
//! ahead of its run shows none.

use fermi_syntax::{Diagnostic, Severity, Span, underlines};

fn d(start: usize, end: usize, severity: Severity) -> Diagnostic {
    match severity {
        Severity::Error => Diagnostic::error(Span::new(start, end), "x"),
        Severity::Warning => Diagnostic::warning(Span::new(start, end), "x"),
    }
}

const TEXT: &str = "a = to(1, 10)\nb é +";

/// A diagnostic's span and severity.
type Spanned = (usize, usize, Severity);

#[test]
fn marks_follow_the_spans() {
    use Severity::*;
    // (diagnostics, marked pieces in order)
    let cases: &[(&[Spanned], &[&str])] = &[
        (&[], &[]),
        // Overlapping spans: the first in source order wins.
        (
            &[(4, 6, Warning), (20, 20, Error), (5, 6, Error)],
            &["to", " "],
        ),
        // An empty span inside the text marks one character (two bytes for é); one past the end is clamped;
        // a span inside a multi-byte character is dropped rather than split.
        (
            &[(16, 16, Error), (17, 17, Error), (99, 120, Error)],
            &["é", " "],
        ),
        (&[(0, 1, Error)], &["a"]),
    ];
    for (spans, marked) in cases {
        let all: Vec<Diagnostic> = spans.iter().map(|&(s, e, sev)| d(s, e, sev)).collect();
        let pieces = underlines(TEXT, TEXT, &all, 100);
        let joined: String = pieces.iter().map(|p| p.0.as_str()).collect();
        let got: Vec<&str> = pieces
            .iter()
            .filter(|p| p.1.is_some())
            .map(|p| p.0.as_str())
            .collect();
        assert_eq!(&got, marked, "{spans:?}");
        assert!(joined.starts_with(TEXT), "{spans:?}: {joined:?}");
        assert!(pieces.iter().all(|p| !p.0.is_empty()), "{spans:?}");
    }
}

#[test]
fn typing_ahead_of_the_run_shows_no_marks() {
    let all = [d(4, 6, Severity::Error)];
    let pieces = underlines("a = to(1, 10)!", TEXT, &all, 100);
    assert_eq!(pieces, [("a = to(1, 10)!".to_string(), None)]);
}

#[test]
fn the_cap_keeps_errors_first() {
    let all = [d(0, 1, Severity::Warning), d(4, 6, Severity::Error)];
    let pieces = underlines(TEXT, TEXT, &all, 1);
    let marked: Vec<_> = pieces
        .iter()
        .filter_map(|p| p.1.map(|s| (p.0.as_str(), s)))
        .collect();
    assert_eq!(marked, [("to", Severity::Error)]);
}
