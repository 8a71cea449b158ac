//! The editor's underline layer: the source cut into plain and marked pieces at its diagnostics' spans.

use crate::{Diagnostic, Severity, Shown};

/// The pieces of `source` with the listed diagnostics (at most `cap`, errors first) marked, when `evaluated` is
/// that very text: underlines belong to the text that was run, so while typing ahead of the run there are none.
pub fn underlines(
    source: &str,
    evaluated: &str,
    diagnostics: &[Diagnostic],
    cap: usize,
) -> Vec<(String, Option<Severity>)> {
    let shown: Vec<Diagnostic> = if evaluated == source {
        Shown::of(diagnostics, cap)
            .list
            .into_iter()
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    marked_pieces(source, &shown)
}

/// The source cut into plain and marked pieces at the diagnostics' spans, for the editor's underline layer.
/// An empty span marks the character after it (or a space at the end of the text).
fn marked_pieces(source: &str, diagnostics: &[Diagnostic]) -> Vec<(String, Option<Severity>)> {
    let mut spans: Vec<(usize, usize, Severity)> = diagnostics
        .iter()
        .filter(|d| source.is_char_boundary((d.span.start as usize).min(source.len())))
        .map(|d| {
            let start = (d.span.start as usize).min(source.len());
            let end = (d.span.end as usize).clamp(start, source.len());
            let end = if end == start {
                source[start..]
                    .chars()
                    .next()
                    .map_or(start, |c| start + c.len_utf8())
            } else {
                end
            };
            (start, end, d.severity)
        })
        .filter(|(s, e, _)| source.is_char_boundary(*s) && source.is_char_boundary(*e))
        .collect();
    spans.sort_by_key(|s| (s.0, s.1));
    let mut pieces = Vec::new();
    let mut at = 0;
    for (start, end, severity) in spans {
        if start < at {
            continue;
        }
        pieces.push((source[at..start].to_string(), None));
        let text = if start == end {
            " ".to_string()
        } else {
            source[start..end].to_string()
        };
        pieces.push((text, Some(severity)));
        at = end;
    }
    pieces.push((source[at..].to_string(), None));
    pieces.retain(|(t, _)| !t.is_empty());
    pieces
}
