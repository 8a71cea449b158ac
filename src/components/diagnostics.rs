use fermi_syntax::{LineIndex, Severity, Shown};
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
