use fermi_syntax::{Diagnostic, LineIndex, Severity, Shown};
use leptos::prelude::*;

use super::coded;
use crate::run::Pipeline;

/// Diagnostics listed (and underlined) at most: errors first, the rest counted.
pub const LISTED: usize = 100;

/// The diagnostics of the `Pipeline`'s last run (errors first, up to [`LISTED`]): `line:col` (when `places`: a quick answer's program is not the
/// person's text, so its positions would mean nothing), message and hint; warnings in a softer style.
#[component]
pub fn Diagnostics(#[prop(into)] places: Signal<bool>) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let items = move || {
        let source = pipeline.evaluated.get();
        let index = LineIndex::new(&source);
        let run = pipeline.run.get();
        let shown = Shown::of(&run.diagnostics, LISTED);
        let more = shown
            .more()
            .map(|more| view! { <li class="diagnostic more">{more}</li> });
        let listed = shown
            .list
            .iter()
            .map(|d| {
                let at = index.line_col(d.span.start as usize);
                let (class, kind) = match d.severity {
                    Severity::Error => ("diagnostic error", "error"),
                    Severity::Warning => ("diagnostic warning", "warning"),
                };
                let hint = d
                    .hint
                    .clone()
                    .map(|h| view! { <span class="hint">{coded(&h)}</span> });
                let place = places.get().then(
                    || view! { <span class="where">{format!("{}:{} ", at.line, at.col)}</span> },
                );
                view! {
                    <li class=class>
                        {place} <span class="kind">{kind}</span> ": " {coded(&d.message)} {hint}
                    </li>
                }
            })
            .collect_view();
        (listed, more)
    };
    view! { <ul class="diagnostics" data-testid="diagnostics" aria-live="polite">{items}</ul> }
}

/// The source cut into plain and marked pieces at the diagnostics' spans, for the editor's underline layer.
/// An empty span marks the character after it (or a space at the end of the text).
pub fn marked_pieces(source: &str, diagnostics: &[Diagnostic]) -> Vec<(String, Option<Severity>)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use fermi_syntax::Span;

    #[test]
    fn pieces_cover_the_source_and_mark_spans() {
        let d = |s: usize, e: usize, sev| match sev {
            Severity::Error => Diagnostic::error(Span::new(s, e), "x"),
            Severity::Warning => Diagnostic::warning(Span::new(s, e), "x"),
        };
        let text = "a = to(1, 10)\nb é +";
        let pieces = marked_pieces(
            text,
            &[
                d(4, 6, Severity::Warning),
                d(20, 20, Severity::Error),
                d(5, 6, Severity::Error),
            ],
        );
        let marked: Vec<_> = pieces
            .iter()
            .filter(|p| p.1.is_some())
            .map(|p| p.0.as_str())
            .collect();
        assert_eq!(marked, ["to", " "]);
        // An empty span inside the text marks one character; a span past the end is clamped; a span inside a
        // multi-byte character is dropped rather than split.
        let pieces = marked_pieces(
            text,
            &[
                d(15, 15, Severity::Error),
                d(17, 17, Severity::Error),
                d(99, 120, Severity::Error),
            ],
        );
        let joined: String = pieces.iter().map(|p| p.0.as_str()).collect();
        assert!(joined.starts_with(text));
        assert_eq!(pieces.iter().filter(|p| p.1.is_some()).count(), 2);
    }
}
